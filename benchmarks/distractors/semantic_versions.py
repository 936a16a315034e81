"""Software version numbers: Semantic Versioning parsing, comparison, bumping and ranges, and
calendar versions.
"""

from __future__ import annotations

import re
from datetime import date
from functools import cmp_to_key

_SEMVER = re.compile(
    r"^v?(?P<major>0|[1-9]\d*)\.(?P<minor>0|[1-9]\d*)\.(?P<patch>0|[1-9]\d*)"
    r"(?:-(?P<pre>[0-9A-Za-z.-]+))?(?:\+(?P<build>[0-9A-Za-z.-]+))?$"
)


def parse_semver(version: str) -> dict:
    """Split a semantic version into its parts.

    Args:
        version: e.g. "2.4.1-beta.2+build.77" (a leading "v" is allowed).

    Returns:
        Keys major, minor, patch (ints), prerelease and build (strings or None).

    Raises:
        ValueError: Not a semantic version.

    Example:
        >>> parse_semver("v2.4.1-beta.2")
        {'major': 2, 'minor': 4, 'patch': 1, 'prerelease': 'beta.2', 'build': None}
    """
    match = _SEMVER.match(version.strip())
    if not match:
        raise ValueError(f"{version!r} is not a semantic version like 1.4.2.")
    return {
        "major": int(match["major"]),
        "minor": int(match["minor"]),
        "patch": int(match["patch"]),
        "prerelease": match["pre"],
        "build": match["build"],
    }


def is_valid_semver(version: str) -> bool:
    """Whether a string is a valid semantic version.

    Args:
        version: The candidate string.

    Returns:
        True for e.g. "1.0.0-rc.1".

    Example:
        >>> is_valid_semver("1.0")
        False
    """
    return bool(_SEMVER.match(version.strip()))


def compare_semver(a: str, b: str) -> int:
    """Compare two semantic versions by SemVer precedence (build metadata ignored).

    Args:
        a: First version.
        b: Second version.

    Returns:
        -1 if a < b, 0 if equal, 1 if a > b.

    Example:
        >>> compare_semver("1.0.0-rc.1", "1.0.0")
        -1
    """
    pa, pb = parse_semver(a), parse_semver(b)
    core_a = (pa["major"], pa["minor"], pa["patch"])
    core_b = (pb["major"], pb["minor"], pb["patch"])
    if core_a != core_b:
        return -1 if core_a < core_b else 1
    return _compare_prerelease(pa["prerelease"], pb["prerelease"])


def _compare_prerelease(a: str | None, b: str | None) -> int:
    if a == b:
        return 0
    if a is None or b is None:
        return 1 if a is None else -1
    for x, y in zip(a.split("."), b.split("."), strict=False):
        if x == y:
            continue
        if x.isdigit() and y.isdigit():
            return -1 if int(x) < int(y) else 1
        if x.isdigit() != y.isdigit():
            return -1 if x.isdigit() else 1
        return -1 if x < y else 1
    return -1 if len(a.split(".")) < len(b.split(".")) else 1


def sort_versions(versions: list[str], descending: bool = False) -> list[str]:
    """Sort semantic versions by precedence (not alphabetically: 1.10.0 > 1.9.0).

    Args:
        versions: The versions.
        descending: Newest first.

    Returns:
        The sorted versions.

    Example:
        >>> sort_versions(["1.10.0", "1.9.0", "1.10.0-alpha"])
        ['1.9.0', '1.10.0-alpha', '1.10.0']
    """
    return sorted(versions, key=cmp_to_key(compare_semver), reverse=descending)


def bump_version(version: str, part: str) -> str:
    """The next version after a major, minor or patch release (pre-release tags dropped).

    Args:
        version: The current version.
        part: "major", "minor" or "patch".

    Returns:
        The bumped version.

    Example:
        >>> bump_version("1.4.2", "minor")
        '1.5.0'
    """
    v = parse_semver(version)
    if part == "major":
        return f"{v['major'] + 1}.0.0"
    if part == "minor":
        return f"{v['major']}.{v['minor'] + 1}.0"
    if part == "patch":
        patch = v["patch"] if v["prerelease"] else v["patch"] + 1
        return f"{v['major']}.{v['minor']}.{patch}"
    raise ValueError("part must be 'major', 'minor' or 'patch'.")


def next_prerelease(version: str, label: str = "rc") -> str:
    """The next pre-release of a version, e.g. 2.0.0-rc.1 -> 2.0.0-rc.2.

    Args:
        version: The current version.
        label: Pre-release label to use when starting a new series.

    Returns:
        The next pre-release version.

    Example:
        >>> next_prerelease("2.0.0-rc.1")
        '2.0.0-rc.2'
    """
    v = parse_semver(version)
    core = f"{v['major']}.{v['minor']}.{v['patch']}"
    pre = v["prerelease"]
    if pre and re.fullmatch(rf"{re.escape(label)}\.\d+", pre):
        return f"{core}-{label}.{int(pre.rsplit('.', 1)[1]) + 1}"
    if pre is None:
        core = f"{v['major']}.{v['minor']}.{v['patch'] + 1}"
    return f"{core}-{label}.1"


def satisfies_caret(version: str, base: str) -> bool:
    """Whether a version matches a caret range "^base" (compatible updates, as npm and Cargo).

    Args:
        version: Candidate version.
        base: The range's base version, e.g. "1.2.3" for ^1.2.3.

    Returns:
        True when base <= version < next breaking version.

    Example:
        >>> satisfies_caret("1.9.0", "1.2.3")
        True
    """
    b = parse_semver(base)
    if b["major"] > 0:
        upper = f"{b['major'] + 1}.0.0"
    elif b["minor"] > 0:
        upper = f"0.{b['minor'] + 1}.0"
    else:
        upper = f"0.0.{b['patch'] + 1}"
    return compare_semver(version, base) >= 0 and compare_semver(version, upper + "-0") < 0


def satisfies_tilde(version: str, base: str) -> bool:
    """Whether a version matches a tilde range "~base" (patch updates only).

    Args:
        version: Candidate version.
        base: The range's base version.

    Returns:
        True when base <= version < next minor version.

    Example:
        >>> satisfies_tilde("1.2.9", "1.2.3")
        True
    """
    b = parse_semver(base)
    upper = f"{b['major']}.{b['minor'] + 1}.0-0"
    return compare_semver(version, base) >= 0 and compare_semver(version, upper) < 0


def max_satisfying(versions: list[str], caret_base: str) -> str | None:
    """Newest version in a list that matches a caret range.

    Args:
        versions: Available versions.
        caret_base: Base of the ^ range.

    Returns:
        The best match, or None.

    Example:
        >>> max_satisfying(["1.2.0", "1.8.1", "2.0.0"], "1.3.0")
        '1.8.1'
    """
    matching = [v for v in versions if satisfies_caret(v, caret_base)]
    return sort_versions(matching)[-1] if matching else None


def is_breaking_upgrade(current: str, candidate: str) -> bool:
    """Whether upgrading crosses a SemVer compatibility boundary.

    Args:
        current: The installed version.
        candidate: The version to upgrade to.

    Returns:
        True when the candidate is outside ^current.

    Example:
        >>> is_breaking_upgrade("0.4.2", "0.5.0")
        True
    """
    return not satisfies_caret(candidate, current)


def strip_build_metadata(version: str) -> str:
    """Remove the +build part of a semantic version.

    Args:
        version: e.g. "1.2.3+sha.5114f85".

    Returns:
        The version without build metadata.

    Example:
        >>> strip_build_metadata("1.2.3+sha.5114f85")
        '1.2.3'
    """
    parse_semver(version)
    return version.strip().split("+", 1)[0]


def calendar_version(release_date: str, micro: int = 0, style: str = "YYYY.MM") -> str:
    """Calendar version (CalVer) for a release date.

    Args:
        release_date: YYYY-MM-DD.
        micro: Release number within the period.
        style: "YYYY.MM", "YY.MM" or "YYYY.0M".

    Returns:
        e.g. "2025.6.1" (micro 0 is left out).

    Example:
        >>> calendar_version("2025-06-14", micro=1, style="YY.MM")
        '25.6.1'
    """
    d = date.fromisoformat(release_date)
    year = f"{d.year % 100}" if style.startswith("YY.") else str(d.year)
    month = f"{d.month:02d}" if style.endswith("0M") else str(d.month)
    return f"{year}.{month}" + (f".{micro}" if micro else "")


def version_tuple(version: str) -> tuple[int, ...]:
    """Numeric parts of a loose dotted version for simple comparisons ("1.10" -> (1, 10)).

    Args:
        version: e.g. "3.11.4" or "v2.0".

    Returns:
        The leading numeric components.

    Example:
        >>> version_tuple("v3.11.4rc1")
        (3, 11, 4)
    """
    release = re.split(r"[-+]|[a-zA-Z]", version.strip().lstrip("vV"), maxsplit=1)[0]
    return tuple(int(part) for part in re.findall(r"\d+", release))
