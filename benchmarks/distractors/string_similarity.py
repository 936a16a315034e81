"""How alike two strings are: edit distances, similarity ratios, phonetic codes, anagrams."""

from __future__ import annotations

import re
from collections import Counter


def levenshtein_distance(a: str, b: str) -> int:
    """Minimum number of single-character insertions, deletions and substitutions.

    Args:
        a: The first string.
        b: The second string.

    Returns:
        The edit distance.

    Example:
        >>> levenshtein_distance("kitten", "sitting")
        3
    """
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i]
        for j, cb in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb)))
        previous = current
    return previous[-1]


def levenshtein_similarity(a: str, b: str) -> float:
    """Similarity from 0 to 1 based on the edit distance relative to the longer string.

    Args:
        a: The first string.
        b: The second string.

    Returns:
        1 - distance / max length (1.0 for two empty strings).

    Example:
        >>> levenshtein_similarity("color", "colour")
        0.8333
    """
    longest = max(len(a), len(b))
    return 1.0 if longest == 0 else round(1 - levenshtein_distance(a, b) / longest, 4)


def damerau_levenshtein_distance(a: str, b: str) -> int:
    """Edit distance that also counts swapping two adjacent characters as one edit.

    Args:
        a: The first string.
        b: The second string.

    Returns:
        The optimal-string-alignment distance.

    Example:
        >>> damerau_levenshtein_distance("recieve", "receive")
        1
    """
    d = [[max(i, j) if 0 in (i, j) else 0 for j in range(len(b) + 1)] for i in range(len(a) + 1)]
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            cost = a[i - 1] != b[j - 1]
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
    return d[len(a)][len(b)]


def hamming_distance(a: str, b: str) -> int:
    """Number of positions at which two equal-length strings differ.

    Args:
        a: The first string.
        b: The second string, same length.

    Returns:
        The Hamming distance.

    Raises:
        ValueError: The strings differ in length.

    Example:
        >>> hamming_distance("karolin", "kathrin")
        3
    """
    if len(a) != len(b):
        raise ValueError("Hamming distance needs strings of equal length.")
    return sum(x != y for x, y in zip(a, b, strict=True))


def jaro_similarity(a: str, b: str) -> float:
    """Jaro similarity from 0 to 1, suited to short strings such as names.

    Args:
        a: The first string.
        b: The second string.

    Returns:
        The similarity, rounded to 4 decimals.

    Example:
        >>> jaro_similarity("MARTHA", "MARHTA")
        0.9444
    """
    if a == b:
        return 1.0
    window = max(len(a), len(b)) // 2 - 1
    used = [False] * len(b)
    matched_a = []
    for i, char in enumerate(a):
        for j in range(max(0, i - window), min(len(b), i + window + 1)):
            if not used[j] and b[j] == char:
                used[j] = True
                matched_a.append(char)
                break
    if not matched_a:
        return 0.0
    matched_b = [b[j] for j in range(len(b)) if used[j]]
    transpositions = sum(x != y for x, y in zip(matched_a, matched_b, strict=True)) / 2
    m = len(matched_a)
    return round((m / len(a) + m / len(b) + (m - transpositions) / m) / 3, 4)


def jaro_winkler_similarity(a: str, b: str, prefix_scale: float = 0.1) -> float:
    """Jaro-Winkler similarity: Jaro boosted for strings sharing a common prefix.

    Args:
        a: The first string.
        b: The second string.
        prefix_scale: Boost per shared leading character (at most 4 count), usually 0.1.

    Returns:
        The similarity from 0 to 1, rounded to 4 decimals.

    Example:
        >>> jaro_winkler_similarity("MARTHA", "MARHTA")
        0.9611
    """
    jaro = jaro_similarity(a, b)
    prefix = len(common_prefix([a[:4], b[:4]]))
    return round(jaro + prefix * prefix_scale * (1 - jaro), 4)


def common_prefix(strings: list[str]) -> str:
    """Longest prefix shared by all strings.

    Args:
        strings: The strings.

    Returns:
        The common prefix ("" if none).

    Example:
        >>> common_prefix(["interstellar", "internet", "interval"])
        'inter'
    """
    if not strings:
        return ""
    shortest = min(strings, key=len)
    for i, char in enumerate(shortest):
        if any(s[i] != char for s in strings):
            return shortest[:i]
    return shortest


def common_suffix(strings: list[str]) -> str:
    """Longest suffix shared by all strings.

    Args:
        strings: The strings.

    Returns:
        The common suffix ("" if none).

    Example:
        >>> common_suffix(["running", "jumping", "sing"])
        'ing'
    """
    return common_prefix([s[::-1] for s in strings])[::-1]


def longest_common_substring(a: str, b: str) -> str:
    """Longest run of characters appearing in both strings.

    Args:
        a: The first string.
        b: The second string.

    Returns:
        The substring (the first found on a tie).

    Example:
        >>> longest_common_substring("photograph", "tomography")
        'ograph'
    """
    best_end, best_len = 0, 0
    previous = [0] * (len(b) + 1)
    for i in range(1, len(a) + 1):
        current = [0] * (len(b) + 1)
        for j in range(1, len(b) + 1):
            if a[i - 1] == b[j - 1]:
                current[j] = previous[j - 1] + 1
                if current[j] > best_len:
                    best_len, best_end = current[j], i
        previous = current
    return a[best_end - best_len : best_end]


def longest_common_subsequence_length(a: str, b: str) -> int:
    """Length of the longest sequence of characters appearing in both, in order (not contiguous).

    Args:
        a: The first string.
        b: The second string.

    Returns:
        The LCS length.

    Example:
        >>> longest_common_subsequence_length("ABCBDAB", "BDCABA")
        4
    """
    previous = [0] * (len(b) + 1)
    for ca in a:
        current = [0]
        for j, cb in enumerate(b, 1):
            current.append(previous[j - 1] + 1 if ca == cb else max(previous[j], current[j - 1]))
        previous = current
    return previous[-1]


def word_jaccard_similarity(a: str, b: str) -> float:
    """Jaccard similarity of the two texts' word sets (case-insensitive).

    Args:
        a: The first text.
        b: The second text.

    Returns:
        Shared words divided by all distinct words, rounded to 4 decimals.

    Example:
        >>> word_jaccard_similarity("the red car", "the blue car")
        0.5
    """
    wa, wb = set(re.findall(r"\w+", a.lower())), set(re.findall(r"\w+", b.lower()))
    return round(len(wa & wb) / len(wa | wb), 4) if wa | wb else 1.0


def character_ngrams(text: str, n: int = 3) -> list[str]:
    """Overlapping character n-grams of a text.

    Args:
        text: Any text.
        n: Length of each n-gram.

    Returns:
        The n-grams in order.

    Example:
        >>> character_ngrams("hello", 3)
        ['hel', 'ell', 'llo']
    """
    return [text[i : i + n] for i in range(len(text) - n + 1)]


def dice_coefficient(a: str, b: str) -> float:
    """Sørensen-Dice coefficient over character bigrams, from 0 to 1.

    Args:
        a: The first string.
        b: The second string.

    Returns:
        Twice the shared bigrams over the total bigrams, rounded to 4 decimals.

    Example:
        >>> dice_coefficient("night", "nacht")
        0.25
    """
    ba, bb = Counter(character_ngrams(a, 2)), Counter(character_ngrams(b, 2))
    total = sum(ba.values()) + sum(bb.values())
    return round(2 * sum((ba & bb).values()) / total, 4) if total else 1.0


def soundex(name: str) -> str:
    """American Soundex code of a name: names that sound alike share a code.

    Args:
        name: A name, e.g. "Robert".

    Returns:
        A letter and three digits, e.g. "R163".

    Example:
        >>> soundex("Rupert")
        'R163'
    """
    groups = ["aeiouyhw", "bfpv", "cgjkqsxz", "dt", "l", "mn", "r"]
    codes = {char: str(digit) for digit, letters in enumerate(groups) for char in letters}
    letters = [c for c in name.lower() if c.isalpha()]
    if not letters:
        return ""
    result, last = letters[0].upper(), codes.get(letters[0], "")
    for char in letters[1:]:
        code = codes.get(char, "")
        if code not in ("0", last):
            result += code
        if char not in "hw":
            last = code
    return (result + "000")[:4]


def are_anagrams(a: str, b: str) -> bool:
    """Whether two phrases use exactly the same letters (ignoring case, spaces, punctuation).

    Args:
        a: The first phrase.
        b: The second phrase.

    Returns:
        True for anagrams.

    Example:
        >>> are_anagrams("Dormitory", "Dirty room!")
        True
    """
    return Counter(c for c in a.lower() if c.isalnum()) == Counter(
        c for c in b.lower() if c.isalnum()
    )


def is_pangram(text: str) -> bool:
    """Whether a sentence uses every letter of the English alphabet.

    Args:
        text: Any text.

    Returns:
        True for pangrams.

    Example:
        >>> is_pangram("The quick brown fox jumps over the lazy dog")
        True
    """
    return set("abcdefghijklmnopqrstuvwxyz") <= set(text.lower())


def is_palindrome_phrase(text: str) -> bool:
    """Whether a phrase reads the same backwards, ignoring case, spaces and punctuation.

    Args:
        text: Any text.

    Returns:
        True for palindromes such as "A man, a plan, a canal: Panama".

    Example:
        >>> is_palindrome_phrase("A man, a plan, a canal: Panama")
        True
    """
    cleaned = [c for c in text.lower() if c.isalnum()]
    return cleaned == cleaned[::-1]


def closest_match(word: str, candidates: list[str]) -> str:
    """The candidate with the smallest edit distance to a word (first one on a tie).

    Args:
        word: The (possibly misspelled) word.
        candidates: The valid options.

    Returns:
        The closest candidate.

    Raises:
        ValueError: There are no candidates.

    Example:
        >>> closest_match("bananna", ["apple", "banana", "bandana"])
        'banana'
    """
    if not candidates:
        raise ValueError("Give at least one candidate.")
    return min(candidates, key=lambda c: levenshtein_distance(word.lower(), c.lower()))
