"""Network services and performance: well-known ports, DNS record types, bandwidth and latency.

Rates are in bits per second unless a name says bytes; sizes in bytes.
"""

from __future__ import annotations

import itertools
import statistics

_PORTS = {
    int(port): name
    for port, name in (
        pair.split("=")
        for pair in [
            "20=ftp-data",
            "21=ftp",
            "22=ssh",
            "23=telnet",
            "25=smtp",
            "53=dns",
            "67=dhcp",
            "80=http",
            "110=pop3",
            "123=ntp",
            "143=imap",
            "161=snmp",
            "389=ldap",
            "443=https",
            "465=smtps",
            "514=syslog",
            "587=submission",
            "636=ldaps",
            "993=imaps",
            "995=pop3s",
            "1433=mssql",
            "1883=mqtt",
            "3306=mysql",
            "3389=rdp",
            "5432=postgresql",
            "5672=amqp",
            "6379=redis",
            "8080=http-alt",
            "9200=elasticsearch",
            "27017=mongodb",
        ]
    )
}
_DNS_TYPES = {
    "A": 1,
    "NS": 2,
    "CNAME": 5,
    "SOA": 6,
    "PTR": 12,
    "MX": 15,
    "TXT": 16,
    "AAAA": 28,
    "SRV": 33,
    "NAPTR": 35,
    "DS": 43,
    "RRSIG": 46,
    "DNSKEY": 48,
    "TLSA": 52,
    "HTTPS": 65,
    "CAA": 257,
}
FIBRE_KM_PER_MS = 204.0  # light in glass covers about 204 km per millisecond


def service_for_port(port: int) -> str:
    """Name of the service conventionally listening on a well-known TCP/UDP port.

    Args:
        port: e.g. 5432.

    Returns:
        e.g. "postgresql".

    Raises:
        LookupError: The port is not in the built-in list.

    Example:
        >>> service_for_port(5432)
        'postgresql'
    """
    try:
        return _PORTS[port]
    except KeyError:
        raise LookupError(f"No well-known service is listed for port {port}.") from None


def port_for_service(service: str) -> int:
    """Conventional port number of a network service.

    Args:
        service: e.g. "redis" (case-insensitive).

    Returns:
        The port.

    Raises:
        LookupError: The service is not in the built-in list.

    Example:
        >>> port_for_service("Redis")
        6379
    """
    for port, name in _PORTS.items():
        if name == service.strip().lower():
            return port
    raise LookupError(f"No port is listed for the service {service!r}.")


def port_range_name(port: int) -> str:
    """Which IANA range a port falls in: well-known, registered or dynamic/ephemeral.

    Args:
        port: 0 to 65535.

    Returns:
        "well-known" (0-1023), "registered" (1024-49151) or "dynamic" (49152-65535).

    Example:
        >>> port_range_name(50000)
        'dynamic'
    """
    if not 0 <= port <= 65535:
        raise ValueError("Ports run from 0 to 65535.")
    return "well-known" if port < 1024 else "registered" if port < 49152 else "dynamic"


def dns_record_type_code(record_type: str) -> int:
    """Numeric code of a DNS resource record type.

    Args:
        record_type: e.g. "AAAA".

    Returns:
        e.g. 28.

    Example:
        >>> dns_record_type_code("mx")
        15
    """
    try:
        return _DNS_TYPES[record_type.strip().upper()]
    except KeyError:
        raise LookupError(f"Unknown DNS record type {record_type!r}.") from None


def transfer_time_seconds(size_bytes: float, rate_bits_per_second: float) -> float:
    """Time to transfer a payload at a given line rate (no protocol overhead).

    Args:
        size_bytes: Payload size in bytes.
        rate_bits_per_second: Link speed, e.g. 100e6 for 100 Mbit/s.

    Returns:
        Seconds, rounded to 3 decimals.

    Example:
        >>> transfer_time_seconds(1_000_000_000, 100e6)
        80.0
    """
    return round(size_bytes * 8 / rate_bits_per_second, 3)


def throughput_bits_per_second(size_bytes: float, seconds: float) -> float:
    """Observed throughput of a transfer.

    Args:
        size_bytes: Bytes transferred.
        seconds: Time taken.

    Returns:
        Bits per second.

    Example:
        >>> throughput_bits_per_second(12_500_000, 10)
        10000000.0
    """
    return size_bytes * 8 / seconds


def bandwidth_delay_product_bytes(rate_bits_per_second: float, round_trip_ms: float) -> float:
    """Bytes 'in flight' needed to fill a link: bandwidth times round-trip time.

    Args:
        rate_bits_per_second: Link speed.
        round_trip_ms: Round-trip time in milliseconds.

    Returns:
        The bandwidth-delay product in bytes.

    Example:
        >>> bandwidth_delay_product_bytes(100e6, 80)
        1000000.0
    """
    return rate_bits_per_second * round_trip_ms / 1000 / 8


def tcp_window_throughput_limit(window_bytes: float, round_trip_ms: float) -> float:
    """Highest throughput one TCP connection reaches with a given window and round trip.

    Args:
        window_bytes: Receive window size in bytes.
        round_trip_ms: Round-trip time in milliseconds.

    Returns:
        Bits per second.

    Example:
        >>> tcp_window_throughput_limit(65535, 50)
        10485600.0
    """
    return window_bytes * 8 / (round_trip_ms / 1000)


def fibre_round_trip_ms(distance_km: float) -> float:
    """Minimum round-trip time over optical fibre for a distance (speed of light in glass).

    Args:
        distance_km: One-way cable distance.

    Returns:
        Milliseconds, rounded to 2 decimals.

    Example:
        >>> fibre_round_trip_ms(5570)
        54.61
    """
    return round(2 * distance_km / FIBRE_KM_PER_MS, 2)


def packets_per_second(rate_bits_per_second: float, packet_bytes: int) -> float:
    """How many packets of a size a link carries per second.

    Args:
        rate_bits_per_second: Link speed.
        packet_bytes: Size of each packet on the wire.

    Returns:
        Packets per second.

    Example:
        >>> packets_per_second(1e9, 1250)
        100000.0
    """
    return rate_bits_per_second / (packet_bytes * 8)


def tcp_payload_per_packet(mtu: int = 1500, ipv6: bool = False, tcp_options: int = 0) -> int:
    """Maximum TCP payload (MSS) that fits in one packet of a given MTU.

    Args:
        mtu: Link MTU in bytes.
        ipv6: IPv6 (40-byte header) instead of IPv4 (20-byte header).
        tcp_options: Extra TCP option bytes, e.g. 12 for timestamps.

    Returns:
        Payload bytes per packet.

    Example:
        >>> tcp_payload_per_packet(1500)
        1460
    """
    return mtu - (40 if ipv6 else 20) - 20 - tcp_options


def packet_loss_percent(sent: int, received: int) -> float:
    """Share of packets lost, as a ping summary reports it.

    Args:
        sent: Packets sent.
        received: Packets received back.

    Returns:
        Loss in percent, rounded to 1 decimal.

    Example:
        >>> packet_loss_percent(20, 17)
        15.0
    """
    return round((sent - received) / sent * 100, 1)


def latency_jitter_ms(latencies_ms: list[float]) -> float:
    """Jitter of a series of latencies: mean absolute difference of consecutive samples.

    Args:
        latencies_ms: Round-trip times in order.

    Returns:
        The jitter in milliseconds, rounded to 2 decimals.

    Example:
        >>> latency_jitter_ms([20, 22, 19, 25])
        3.67
    """
    diffs = [abs(b - a) for a, b in itertools.pairwise(latencies_ms)]
    return round(statistics.fmean(diffs), 2)


def megabits_to_megabytes_per_second(megabits_per_second: float) -> float:
    """Convert an advertised line speed in Mbit/s to the MB/s a download shows.

    Args:
        megabits_per_second: e.g. 100.

    Returns:
        Megabytes per second.

    Example:
        >>> megabits_to_megabytes_per_second(100)
        12.5
    """
    return megabits_per_second / 8


def download_eta_seconds(total_bytes: float, done_bytes: float, bytes_per_second: float) -> float:
    """Seconds left for a download at its current speed.

    Args:
        total_bytes: Full size.
        done_bytes: Already downloaded.
        bytes_per_second: Current speed.

    Returns:
        The remaining time in seconds, rounded to 1 decimal.

    Example:
        >>> download_eta_seconds(1_000_000, 250_000, 50_000)
        15.0
    """
    return round((total_bytes - done_bytes) / bytes_per_second, 1)


def data_cap_daily_allowance(cap_gb: float, used_gb: float, days_left: int) -> float:
    """Gigabytes per day you can still use without exceeding a monthly data cap.

    Args:
        cap_gb: The monthly cap.
        used_gb: Already used this month.
        days_left: Days until the cap resets.

    Returns:
        GB per day, rounded to 2 decimals (0 when the cap is used up).

    Example:
        >>> data_cap_daily_allowance(50, 32, 12)
        1.5
    """
    return round(max(0.0, cap_gb - used_gb) / days_left, 2)


def token_bucket_wait_seconds(
    tokens_needed: float, tokens_available: float, refill_per_second: float
) -> float:
    """How long a token-bucket rate limiter makes a request wait.

    Args:
        tokens_needed: Tokens the request costs.
        tokens_available: Tokens currently in the bucket.
        refill_per_second: Refill rate.

    Returns:
        Seconds to wait (0 if enough tokens are there).

    Example:
        >>> token_bucket_wait_seconds(10, 4, 2)
        3.0
    """
    return max(0.0, (tokens_needed - tokens_available) / refill_per_second)
