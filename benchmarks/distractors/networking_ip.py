"""IP address arithmetic: subnets and CIDR, masks, ranges, address kinds, IPv6 and MAC forms."""

from __future__ import annotations

import ipaddress
import re


def ipv4_to_integer(address: str) -> int:
    """The 32-bit integer value of an IPv4 address.

    Args:
        address: e.g. "192.168.1.10".

    Returns:
        The integer.

    Example:
        >>> ipv4_to_integer("192.168.1.10")
        3232235786
    """
    return int(ipaddress.IPv4Address(address))


def integer_to_ipv4(value: int) -> str:
    """The dotted IPv4 address for a 32-bit integer.

    Args:
        value: 0 to 4294967295.

    Returns:
        The address.

    Example:
        >>> integer_to_ipv4(3232235786)
        '192.168.1.10'
    """
    return str(ipaddress.IPv4Address(value))


def prefix_to_netmask(prefix_length: int) -> str:
    """Dotted subnet mask for a CIDR prefix length.

    Args:
        prefix_length: 0 to 32, e.g. 24.

    Returns:
        e.g. "255.255.255.0".

    Example:
        >>> prefix_to_netmask(20)
        '255.255.240.0'
    """
    return str(ipaddress.IPv4Network(f"0.0.0.0/{prefix_length}").netmask)


def netmask_to_prefix(netmask: str) -> int:
    """CIDR prefix length of a dotted subnet mask.

    Args:
        netmask: e.g. "255.255.252.0".

    Returns:
        The prefix length.

    Example:
        >>> netmask_to_prefix("255.255.252.0")
        22
    """
    return ipaddress.IPv4Network(f"0.0.0.0/{netmask}").prefixlen


def network_address(cidr: str) -> str:
    """The network (first) address of the subnet an address/prefix belongs to.

    Args:
        cidr: An address with prefix, e.g. "10.1.37.200/20".

    Returns:
        The network address.

    Example:
        >>> network_address("10.1.37.200/20")
        '10.1.32.0'
    """
    return str(ipaddress.ip_interface(cidr).network.network_address)


def broadcast_address(cidr: str) -> str:
    """The broadcast (last) address of an IPv4 subnet.

    Args:
        cidr: e.g. "10.1.37.200/20".

    Returns:
        The broadcast address.

    Example:
        >>> broadcast_address("10.1.37.200/20")
        '10.1.47.255'
    """
    return str(ipaddress.ip_interface(cidr).network.broadcast_address)


def usable_host_count(prefix_length: int) -> int:
    """Number of assignable host addresses in an IPv4 subnet of this size.

    Args:
        prefix_length: 0 to 32.

    Returns:
        2^(32-prefix) - 2, except 2 for /31 and 1 for /32 (point-to-point and single host).

    Example:
        >>> usable_host_count(26)
        62
    """
    size = 2 ** (32 - prefix_length)
    return size if prefix_length >= 31 else size - 2


def ip_in_network(address: str, network: str) -> bool:
    """Whether an IP address lies inside a network.

    Args:
        address: e.g. "172.16.5.4".
        network: e.g. "172.16.0.0/12".

    Returns:
        True when it is inside.

    Example:
        >>> ip_in_network("172.16.5.4", "172.16.0.0/12")
        True
    """
    return ipaddress.ip_address(address) in ipaddress.ip_network(network, strict=False)


def is_private_address(address: str) -> bool:
    """Whether an IP address is private (RFC 1918, unique local, loopback and similar).

    Args:
        address: An IPv4 or IPv6 address.

    Returns:
        True for non-public addresses.

    Example:
        >>> is_private_address("192.168.0.1")
        True
    """
    return ipaddress.ip_address(address).is_private


def ip_address_kind(address: str) -> str:
    """Classify an IP address: loopback, private, link-local, multicast, reserved or global.

    Args:
        address: An IPv4 or IPv6 address.

    Returns:
        The kind.

    Example:
        >>> ip_address_kind("169.254.10.1")
        'link-local'
    """
    ip = ipaddress.ip_address(address)
    kinds = [
        ("loopback", ip.is_loopback),
        ("link-local", ip.is_link_local),
        ("multicast", ip.is_multicast),
        ("private", ip.is_private),
        ("reserved", ip.is_reserved),
    ]
    return next((kind for kind, flag in kinds if flag), "global")


def split_subnet(network: str, new_prefix: int) -> list[str]:
    """Split a network into equal smaller subnets.

    Args:
        network: e.g. "192.168.0.0/24".
        new_prefix: The prefix length of the pieces, e.g. 26.

    Returns:
        The subnets in CIDR notation.

    Example:
        >>> split_subnet("192.168.0.0/24", 26)
        ['192.168.0.0/26', '192.168.0.64/26', '192.168.0.128/26', '192.168.0.192/26']
    """
    return [str(n) for n in ipaddress.ip_network(network).subnets(new_prefix=new_prefix)]


def range_to_cidrs(first_address: str, last_address: str) -> list[str]:
    """The smallest list of CIDR blocks exactly covering an address range.

    Args:
        first_address: Start of the range.
        last_address: End of the range (inclusive).

    Returns:
        The covering networks.

    Example:
        >>> range_to_cidrs("10.0.0.0", "10.0.0.10")
        ['10.0.0.0/29', '10.0.0.8/31', '10.0.0.10/32']
    """
    first, last = ipaddress.ip_address(first_address), ipaddress.ip_address(last_address)
    return [str(n) for n in ipaddress.summarize_address_range(first, last)]


def wildcard_mask(prefix_length: int) -> str:
    """Inverse (wildcard) mask used in router access lists, e.g. /24 -> 0.0.0.255.

    Args:
        prefix_length: 0 to 32.

    Returns:
        The wildcard mask.

    Example:
        >>> wildcard_mask(22)
        '0.0.3.255'
    """
    return str(ipaddress.IPv4Network(f"0.0.0.0/{prefix_length}").hostmask)


def classful_network_class(address: str) -> str:
    """Historic classful network class (A to E) of an IPv4 address.

    Args:
        address: An IPv4 address.

    Returns:
        "A", "B", "C", "D" (multicast) or "E" (experimental).

    Example:
        >>> classful_network_class("172.20.1.1")
        'B'
    """
    first = int(address.split(".")[0])
    return next(
        cls
        for cls, limit in (("A", 128), ("B", 192), ("C", 224), ("D", 240), ("E", 256))
        if first < limit
    )


def reverse_dns_name(address: str) -> str:
    """The PTR record name used for reverse DNS lookups of an address.

    Args:
        address: An IPv4 or IPv6 address.

    Returns:
        e.g. "4.3.2.1.in-addr.arpa".

    Example:
        >>> reverse_dns_name("1.2.3.4")
        '4.3.2.1.in-addr.arpa'
    """
    return ipaddress.ip_address(address).reverse_pointer


def compress_ipv6(address: str) -> str:
    """Shortest standard form of an IPv6 address (zeros compressed, lower case).

    Args:
        address: e.g. "2001:0DB8:0000:0000:0000:0000:0000:0001".

    Returns:
        e.g. "2001:db8::1".

    Example:
        >>> compress_ipv6("2001:0DB8:0000:0000:0000:0000:0000:0001")
        '2001:db8::1'
    """
    return ipaddress.IPv6Address(address).compressed


def expand_ipv6(address: str) -> str:
    """Full eight-group form of an IPv6 address.

    Args:
        address: e.g. "2001:db8::1".

    Returns:
        Every group written with four hex digits.

    Example:
        >>> expand_ipv6("2001:db8::1")
        '2001:0db8:0000:0000:0000:0000:0000:0001'
    """
    return ipaddress.IPv6Address(address).exploded


def normalize_mac_address(mac: str, separator: str = ":") -> str:
    """Write a MAC address in one standard form (lower-case pairs joined by a separator).

    Args:
        mac: e.g. "00-1A-2B-3C-4D-5E" or "001a.2b3c.4d5e".
        separator: ":" or "-".

    Returns:
        e.g. "00:1a:2b:3c:4d:5e".

    Raises:
        ValueError: Not 12 hex digits.

    Example:
        >>> normalize_mac_address("001A.2B3C.4D5E")
        '00:1a:2b:3c:4d:5e'
    """
    digits = re.sub(r"[^0-9a-fA-F]", "", mac).lower()
    if len(digits) != 12:
        raise ValueError(f"{mac!r} is not a MAC address.")
    return separator.join(digits[i : i + 2] for i in range(0, 12, 2))


def mac_is_locally_administered(mac: str) -> bool:
    """Whether a MAC address is locally administered (e.g. randomised by a phone).

    Args:
        mac: A MAC address in any common form.

    Returns:
        True when the second-lowest bit of the first byte is set.

    Example:
        >>> mac_is_locally_administered("02:00:00:00:00:01")
        True
    """
    return bool(int(normalize_mac_address(mac)[:2], 16) & 0b10)


def next_ip_address(address: str, step: int = 1) -> str:
    """The address a number of positions after (or before, if negative) another.

    Args:
        address: An IPv4 or IPv6 address.
        step: How far to move.

    Returns:
        The resulting address.

    Example:
        >>> next_ip_address("10.0.0.255")
        '10.0.1.0'
    """
    return str(ipaddress.ip_address(address) + step)
