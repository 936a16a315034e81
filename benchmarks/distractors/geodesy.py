"""Coordinates on the Earth: great-circle distances, bearings, DMS, UTM zones, grid locators.

Latitudes and longitudes are decimal degrees (north and east positive). The Earth is taken as
a sphere of radius 6371 km, accurate to about 0.5% for distances.
"""

from __future__ import annotations

import math

EARTH_RADIUS_KM = 6371.0
_GEOHASH = "0123456789bcdefghjkmnpqrstuvwxyz"


def great_circle_distance_km(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    """Shortest distance over the Earth's surface between two points (haversine).

    Args:
        lat1: Latitude of the first point.
        lon1: Longitude of the first point.
        lat2: Latitude of the second point.
        lon2: Longitude of the second point.

    Returns:
        Distance in km, rounded to 2 decimals.

    Example:
        >>> great_circle_distance_km(51.5074, -0.1278, 48.8566, 2.3522)
        343.56
    """
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    h = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return round(2 * EARTH_RADIUS_KM * math.asin(math.sqrt(h)), 2)


def initial_bearing(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    """Compass bearing to set off on from one point toward another (great-circle route).

    Args:
        lat1: Start latitude.
        lon1: Start longitude.
        lat2: Destination latitude.
        lon2: Destination longitude.

    Returns:
        Bearing in degrees from north, 0-360, rounded to 1 decimal.

    Example:
        >>> initial_bearing(51.5074, -0.1278, 48.8566, 2.3522)
        148.1
    """
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dl = math.radians(lon2 - lon1)
    y = math.sin(dl) * math.cos(p2)
    x = math.cos(p1) * math.sin(p2) - math.sin(p1) * math.cos(p2) * math.cos(dl)
    return round(math.degrees(math.atan2(y, x)) % 360, 1)


def destination_point(
    lat: float, lon: float, bearing_degrees: float, distance_km: float
) -> tuple[float, float]:
    """Point reached after travelling a distance on a bearing from a start point.

    Args:
        lat: Start latitude.
        lon: Start longitude.
        bearing_degrees: Initial bearing from north.
        distance_km: Distance to travel.

    Returns:
        (latitude, longitude), rounded to 5 decimals.

    Example:
        >>> destination_point(0, 0, 90, 111.195)
        (0.0, 1.0)
    """
    delta = distance_km / EARTH_RADIUS_KM
    p1, l1, theta = math.radians(lat), math.radians(lon), math.radians(bearing_degrees)
    p2 = math.asin(
        math.sin(p1) * math.cos(delta) + math.cos(p1) * math.sin(delta) * math.cos(theta)
    )
    y = math.sin(theta) * math.sin(delta) * math.cos(p1)
    l2 = l1 + math.atan2(y, math.cos(delta) - math.sin(p1) * math.sin(p2))
    lon2 = (math.degrees(l2) + 540) % 360 - 180
    return round(math.degrees(p2), 5) + 0.0, round(lon2, 5) + 0.0


def geographic_midpoint(lat1: float, lon1: float, lat2: float, lon2: float) -> tuple[float, float]:
    """Halfway point along the great circle between two points.

    Args:
        lat1: First latitude.
        lon1: First longitude.
        lat2: Second latitude.
        lon2: Second longitude.

    Returns:
        (latitude, longitude), rounded to 5 decimals.

    Example:
        >>> geographic_midpoint(0, 0, 0, 90)
        (0.0, 45.0)
    """
    p1, p2 = math.radians(lat1), math.radians(lat2)
    l1, dl = math.radians(lon1), math.radians(lon2 - lon1)
    bx, by = math.cos(p2) * math.cos(dl), math.cos(p2) * math.sin(dl)
    p3 = math.atan2(math.sin(p1) + math.sin(p2), math.sqrt((math.cos(p1) + bx) ** 2 + by**2))
    l3 = l1 + math.atan2(by, math.cos(p1) + bx)
    return round(math.degrees(p3), 5) + 0.0, round(math.degrees(l3), 5) + 0.0


def dms_to_decimal(degrees: int, minutes: int, seconds: float, hemisphere: str = "N") -> float:
    """Convert degrees, minutes, seconds to decimal degrees.

    Args:
        degrees: Whole degrees.
        minutes: Minutes.
        seconds: Seconds.
        hemisphere: "N", "S", "E" or "W" (S and W give negative values).

    Returns:
        Decimal degrees, rounded to 6 decimals.

    Example:
        >>> dms_to_decimal(40, 26, 46, "N")
        40.446111
    """
    value = abs(degrees) + minutes / 60 + seconds / 3600
    return round(-value if hemisphere.upper() in ("S", "W") else value, 6)


def decimal_to_dms(value: float, is_latitude: bool = True) -> str:
    """Write decimal degrees as degrees, minutes, seconds with a hemisphere letter.

    Args:
        value: Decimal degrees.
        is_latitude: Use N/S (latitude) rather than E/W (longitude).

    Returns:
        e.g. "40°26'46.0\\"N".

    Example:
        >>> decimal_to_dms(-79.982, is_latitude=False)
        '79°58\\'55.2"W'
    """
    letter = ("N" if value >= 0 else "S") if is_latitude else ("E" if value >= 0 else "W")
    total_seconds = round(abs(value) * 3600, 1)
    degrees, rest = divmod(total_seconds, 3600)
    minutes, seconds = divmod(rest, 60)
    return f"{int(degrees)}°{int(minutes)}'{seconds:.1f}\"{letter}"


def utm_zone(lat: float, lon: float) -> str:
    """UTM zone (number and latitude band) of a point, with the Norway and Svalbard exceptions.

    Args:
        lat: Latitude, -80 to 84.
        lon: Longitude.

    Returns:
        e.g. "31U".

    Example:
        >>> utm_zone(52.37, 4.89)
        '31U'
    """
    zone = int((lon + 180) // 6) + 1
    if 56 <= lat < 64 and 3 <= lon < 12:
        zone = 32
    if 72 <= lat < 84 and 0 <= lon < 42:
        zone = {0: 31, 1: 33, 2: 33, 3: 35, 4: 35, 5: 37, 6: 37}[int(lon // 9) if lon < 42 else 6]
    bands = "CDEFGHJKLMNPQRSTUVWX"
    return f"{zone}{bands[min(int((lat + 80) // 8), 19)]}"


def bounding_box(lat: float, lon: float, radius_km: float) -> dict:
    """Latitude/longitude box around a point, e.g. to pre-filter a nearby search.

    Args:
        lat: Centre latitude.
        lon: Centre longitude.
        radius_km: Half-width of the box.

    Returns:
        Keys min_lat, max_lat, min_lon, max_lon, rounded to 5 decimals.

    Example:
        >>> bounding_box(0, 0, 111.195)
        {'min_lat': -1.0, 'max_lat': 1.0, 'min_lon': -1.0, 'max_lon': 1.0}
    """
    dlat = math.degrees(radius_km / EARTH_RADIUS_KM)
    dlon = math.degrees(radius_km / (EARTH_RADIUS_KM * math.cos(math.radians(lat))))
    box = {
        "min_lat": lat - dlat,
        "max_lat": lat + dlat,
        "min_lon": lon - dlon,
        "max_lon": lon + dlon,
    }
    return {key: round(value, 5) for key, value in box.items()}


def km_per_degree_longitude(lat: float) -> float:
    """Length of one degree of longitude at a latitude.

    Args:
        lat: Latitude in degrees.

    Returns:
        Kilometres, rounded to 3 decimals.

    Example:
        >>> km_per_degree_longitude(60)
        55.597
    """
    return round(math.radians(1) * EARTH_RADIUS_KM * math.cos(math.radians(lat)), 3)


def maidenhead_locator(lat: float, lon: float, precision: int = 6) -> str:
    """Maidenhead grid locator (as radio amateurs use) of a position.

    Args:
        lat: Latitude.
        lon: Longitude.
        precision: 4 or 6 characters.

    Returns:
        e.g. "JO22ki" for Amsterdam.

    Example:
        >>> maidenhead_locator(52.3676, 4.9041)
        'JO22ki'
    """
    lon_shift, lat_shift = lon + 180, lat + 90
    locator = chr(65 + int(lon_shift // 20)) + chr(65 + int(lat_shift // 10))
    locator += str(int(lon_shift % 20 // 2)) + str(int(lat_shift % 10))
    if precision >= 6:
        locator += chr(97 + int(lon_shift % 2 * 12)) + chr(97 + int(lat_shift % 1 * 24))
    return locator


def geohash_encode(lat: float, lon: float, length: int = 8) -> str:
    """Geohash of a position: a short string whose shared prefixes mean nearby places.

    Args:
        lat: Latitude.
        lon: Longitude.
        length: Characters (8 is about 20 m).

    Returns:
        The geohash.

    Example:
        >>> geohash_encode(57.64911, 10.40744, 11)
        'u4pruydqqvj'
    """
    ranges, bits, code, even = [[-90.0, 90.0], [-180.0, 180.0]], 0, "", True
    value = 0
    while len(code) < length:
        axis, target = (1, lon) if even else (0, lat)
        middle = sum(ranges[axis]) / 2
        value = value * 2 + (target >= middle)
        ranges[axis][0 if target >= middle else 1] = middle
        even, bits = not even, bits + 1
        if bits == 5:
            code, bits, value = code + _GEOHASH[value], 0, 0
    return code


def geohash_decode(geohash: str) -> tuple[float, float]:
    """Centre of the cell a geohash names.

    Args:
        geohash: e.g. "u4pruydqqvj".

    Returns:
        (latitude, longitude), rounded to 5 decimals.

    Example:
        >>> geohash_decode("u4pruydqqvj")
        (57.64911, 10.40744)
    """
    ranges, even = [[-90.0, 90.0], [-180.0, 180.0]], True
    for char in geohash.lower():
        value = _GEOHASH.index(char)
        for shift in range(4, -1, -1):
            axis = 1 if even else 0
            middle = sum(ranges[axis]) / 2
            ranges[axis][0 if value >> shift & 1 else 1] = middle
            even = not even
    return round(sum(ranges[0]) / 2, 5), round(sum(ranges[1]) / 2, 5)


def antipode(lat: float, lon: float) -> tuple[float, float]:
    """The point on the exact opposite side of the Earth.

    Args:
        lat: Latitude.
        lon: Longitude.

    Returns:
        (latitude, longitude) of the antipode.

    Example:
        >>> antipode(52.37, 4.89)
        (-52.37, -175.11)
    """
    return -lat, round(lon - 180 if lon > 0 else lon + 180, 6)


def is_valid_coordinate(lat: float, lon: float) -> bool:
    """Whether a latitude/longitude pair is within the valid ranges.

    Args:
        lat: Latitude, -90 to 90.
        lon: Longitude, -180 to 180.

    Returns:
        True when both are in range.

    Example:
        >>> is_valid_coordinate(91, 10)
        False
    """
    return -90 <= lat <= 90 and -180 <= lon <= 180


def solar_time_offset_minutes(lon: float, timezone_meridian: float) -> float:
    """Minutes local mean solar time runs ahead of clock time for a longitude in a time zone.

    Args:
        lon: Longitude of the place.
        timezone_meridian: Central meridian of the time zone (15 x UTC offset).

    Returns:
        Minutes (negative when the sun is "late"), 4 minutes per degree.

    Example:
        >>> solar_time_offset_minutes(4.89, 15)
        -40.44
    """
    return round((lon - timezone_meridian) * 4, 2)
