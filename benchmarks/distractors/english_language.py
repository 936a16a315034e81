"""English word forms and numbers in words: plurals, ordinals, articles, verb forms, Roman
numerals, lists written out and acronyms.

The rules cover regular English and the common irregular words; they are not a full dictionary.
"""

from __future__ import annotations

import itertools
import re

_PLURAL_PAIRS = (
    "child=children person=people man=men woman=women mouse=mice goose=geese tooth=teeth "
    "foot=feet ox=oxen sheep=sheep fish=fish deer=deer series=series species=species "
    "cactus=cacti analysis=analyses criterion=criteria datum=data"
)
_IRREGULAR_PLURALS = dict(pair.split("=") for pair in _PLURAL_PAIRS.split())
_SINGULARS = {plural: singular for singular, plural in _IRREGULAR_PLURALS.items()}
_NUMBER_WORDS = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen"
)
_ONES = _NUMBER_WORDS.split()
_TENS = ["_", "_", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
_ORDINAL_PAIRS = (
    "one=first two=second three=third five=fifth eight=eighth nine=ninth twelve=twelfth"
)
_ORDINAL_WORDS = dict(pair.split("=") for pair in _ORDINAL_PAIRS.split())
_ROMAN = list(
    zip(
        [1000, 900, 500, 400, 100, 90, 50, 40, 10, 9, 5, 4, 1],
        ["M", "CM", "D", "CD", "C", "XC", "L", "XL", "X", "IX", "V", "IV", "I"],
        strict=True,
    )
)
_SHORT_ADJECTIVES_DOUBLE = re.compile(r"[^aeiou][aeiou][bdgmnprt]$")


def pluralize(noun: str) -> str:
    """Plural of an English noun.

    Args:
        noun: A singular noun, e.g. "city".

    Returns:
        The plural, e.g. "cities".

    Example:
        >>> [pluralize(w) for w in ["city", "box", "knife", "child", "photo"]]
        ['cities', 'boxes', 'knives', 'children', 'photos']
    """
    lower = noun.lower()
    if lower in _IRREGULAR_PLURALS:
        plural = _IRREGULAR_PLURALS[lower]
        return plural.capitalize() if noun[:1].isupper() else plural
    if re.search(r"[^aeiou]y$", lower):
        return noun[:-1] + "ies"
    if re.search(r"(s|x|z|ch|sh)$", lower):
        return noun + "es"
    if lower.endswith("fe"):
        return noun[:-2] + "ves"
    if lower.endswith("f") and not lower.endswith(("ff", "roof", "chief", "belief")):
        return noun[:-1] + "ves"
    if re.search(r"[^aeiou]o$", lower) and lower in {"hero", "potato", "tomato", "echo", "veto"}:
        return noun + "es"
    return noun + "s"


def singularize(noun: str) -> str:
    """Singular of an English plural noun.

    Args:
        noun: A plural noun, e.g. "cities".

    Returns:
        The singular.

    Example:
        >>> [singularize(w) for w in ["cities", "boxes", "wolves", "people", "cars"]]
        ['city', 'box', 'wolf', 'person', 'car']
    """
    lower = noun.lower()
    if lower in _SINGULARS:
        return _SINGULARS[lower]
    if lower.endswith("ies"):
        return noun[:-3] + "y"
    if lower.endswith("ves"):
        return noun[:-3] + ("fe" if lower[:-3].endswith(("kni", "wi", "li")) else "f")
    if re.search(r"(s|x|z|ch|sh)es$", lower):
        return noun[:-2]
    return noun[:-1] if lower.endswith("s") and not lower.endswith("ss") else noun


def ordinal_suffix(number: int) -> str:
    """A number with its English ordinal suffix (1st, 2nd, 3rd, 11th, 22nd).

    Args:
        number: A whole number.

    Returns:
        e.g. "23rd".

    Example:
        >>> [ordinal_suffix(n) for n in (1, 2, 3, 11, 112, 23)]
        ['1st', '2nd', '3rd', '11th', '112th', '23rd']
    """
    suffixes = {1: "st", 2: "nd", 3: "rd"}
    suffix = "th" if 10 <= number % 100 <= 20 else suffixes.get(number % 10, "th")
    return f"{number}{suffix}"


def number_to_words(number: int) -> str:
    """Write a whole number in English words (up to the billions).

    Args:
        number: The number; negative numbers start with "minus".

    Returns:
        e.g. "one thousand two hundred thirty-four".

    Example:
        >>> number_to_words(1234567)
        'one million two hundred thirty-four thousand five hundred sixty-seven'
    """
    if number < 0:
        return "minus " + number_to_words(-number)
    if number < 20:
        return _ONES[number]
    if number < 100:
        tens, ones = divmod(number, 10)
        return _TENS[tens] + (f"-{_ONES[ones]}" if ones else "")
    for size, name in (
        (10**9, "billion"),
        (10**6, "million"),
        (1000, "thousand"),
        (100, "hundred"),
    ):
        if number >= size:
            head, rest = divmod(number, size)
            return f"{number_to_words(head)} {name}" + (f" {number_to_words(rest)}" if rest else "")
    raise AssertionError("unreachable")


def ordinal_words(number: int) -> str:
    """Write an ordinal number in words ("twenty-first").

    Args:
        number: A positive whole number.

    Returns:
        The ordinal in words.

    Example:
        >>> ordinal_words(42)
        'forty-second'
    """
    words = number_to_words(number)
    head, sep, last = words.rpartition("-") if "-" in words.split()[-1] else words.rpartition(" ")
    if last in _ORDINAL_WORDS:
        last = _ORDINAL_WORDS[last]
    elif last.endswith("y"):
        last = last[:-1] + "ieth"
    else:
        last += "th"
    return head + sep + last


def words_to_number(words: str) -> int:
    """Read a number written in English words.

    Args:
        words: e.g. "two thousand and twenty-five".

    Returns:
        The number.

    Raises:
        ValueError: A word is not a number word.

    Example:
        >>> words_to_number("two thousand and twenty-five")
        2025
    """
    values = {word: i for i, word in enumerate(_ONES)}
    values |= {word: 10 * i for i, word in enumerate(_TENS) if word != "_"}
    scales = {"hundred": 100, "thousand": 1000, "million": 10**6, "billion": 10**9}
    total = current = 0
    for word in re.split(r"[\s-]+", words.lower().strip()):
        if word == "and" or not word:
            continue
        if word in values:
            current += values[word]
        elif word == "hundred":
            current *= 100
        elif word in scales:
            total += current * scales[word]
            current = 0
        else:
            raise ValueError(f"{word!r} is not a number word.")
    return total + current


def indefinite_article(word: str) -> str:
    """ "a" or "an" for a word, by its sound (an hour, a university, an MBA).

    Args:
        word: The following word.

    Returns:
        The article followed by the word.

    Example:
        >>> [indefinite_article(w) for w in ["apple", "hour", "university", "MBA", "car"]]
        ['an apple', 'an hour', 'a university', 'an MBA', 'a car']
    """
    lower = word.lower()
    sounds_like_you = re.match(r"u[nrs]i|use|usu|ur[aeiou]", lower)
    vowel_sound = lower[:1] in "aeio" or (lower.startswith("u") and not sounds_like_you)
    if re.match(r"hour|honest|honou?r|heir", lower):
        vowel_sound = True
    if word.isupper() and len(word) > 1:
        vowel_sound = word[0] in "AEFHILMNORSX"
    return f"{'an' if vowel_sound else 'a'} {word}"


def join_with_oxford_comma(items: list[str], conjunction: str = "and") -> str:
    """Join items as a written English list with a serial comma.

    Args:
        items: The items.
        conjunction: "and" or "or".

    Returns:
        e.g. "red, green, and blue".

    Example:
        >>> join_with_oxford_comma(["red", "green", "blue"])
        'red, green, and blue'
    """
    if len(items) <= 2:
        return f" {conjunction} ".join(items)
    return ", ".join(items[:-1]) + f", {conjunction} {items[-1]}"


def possessive(noun: str) -> str:
    """Possessive form of a noun (the cat's, the boys', James's).

    Args:
        noun: The noun.

    Returns:
        The possessive.

    Example:
        >>> [possessive(w) for w in ["cat", "boys", "children"]]
        ["cat's", "boys'", "children's"]
    """
    plural_in_s = noun.endswith("s") and noun.lower() not in _SINGULARS and noun[:1].islower()
    return noun + "'" if plural_in_s else noun + "'s"


def past_tense(verb: str) -> str:
    """Simple past of a regular English verb (walk -> walked, stop -> stopped, try -> tried).

    Args:
        verb: The base form.

    Returns:
        The past tense.

    Example:
        >>> [past_tense(v) for v in ["walk", "stop", "try", "bake", "play"]]
        ['walked', 'stopped', 'tried', 'baked', 'played']
    """
    if verb.endswith("e"):
        return verb + "d"
    if re.search(r"[^aeiou]y$", verb):
        return verb[:-1] + "ied"
    if _SHORT_ADJECTIVES_DOUBLE.search(verb) and len(verb) <= 4:
        return verb + verb[-1] + "ed"
    return verb + "ed"


def present_participle(verb: str) -> str:
    """The -ing form of an English verb (run -> running, make -> making, see -> seeing).

    Args:
        verb: The base form.

    Returns:
        The participle.

    Example:
        >>> [present_participle(v) for v in ["run", "make", "see", "lie", "read"]]
        ['running', 'making', 'seeing', 'lying', 'reading']
    """
    if verb.endswith("ie"):
        return verb[:-2] + "ying"
    if verb.endswith("e") and not verb.endswith(("ee", "ye", "oe")):
        return verb[:-1] + "ing"
    if _SHORT_ADJECTIVES_DOUBLE.search(verb) and len(verb) <= 4:
        return verb + verb[-1] + "ing"
    return verb + "ing"


def comparative(adjective: str) -> str:
    """Comparative of an adjective (big -> bigger, happy -> happier, famous -> more famous).

    Args:
        adjective: The adjective.

    Returns:
        The comparative.

    Example:
        >>> [comparative(a) for a in ["big", "happy", "large", "famous", "good"]]
        ['bigger', 'happier', 'larger', 'more famous', 'better']
    """
    irregular = {
        "good": "better",
        "bad": "worse",
        "far": "farther",
        "little": "less",
        "many": "more",
    }
    if adjective in irregular:
        return irregular[adjective]
    syllables = len(re.findall(r"[aeiouy]+", adjective))
    if syllables > 2 or (len(adjective) > 6 and not adjective.endswith("y")):
        return "more " + adjective
    if adjective.endswith("e"):
        return adjective + "r"
    if adjective.endswith("y"):
        return adjective[:-1] + "ier"
    if _SHORT_ADJECTIVES_DOUBLE.search(adjective) and len(adjective) <= 4:
        return adjective + adjective[-1] + "er"
    if syllables == 2:
        return "more " + adjective
    return adjective + "er"


def int_to_roman(number: int) -> str:
    """Roman numeral for a number from 1 to 3999.

    Args:
        number: The number.

    Returns:
        e.g. "MMXXV".

    Raises:
        ValueError: Outside 1-3999.

    Example:
        >>> int_to_roman(1994)
        'MCMXCIV'
    """
    if not 1 <= number <= 3999:
        raise ValueError("Roman numerals cover 1 to 3999.")
    result = ""
    for value, symbol in _ROMAN:
        count, number = divmod(number, value)
        result += symbol * count
    return result


def roman_to_int(numeral: str) -> int:
    """Number written as a Roman numeral.

    Args:
        numeral: e.g. "MCMXCIV".

    Returns:
        The number.

    Raises:
        ValueError: Not a valid Roman numeral.

    Example:
        >>> roman_to_int("MMXXV")
        2025
    """
    text = numeral.strip().upper()
    values = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}
    if not text or any(c not in values for c in text):
        raise ValueError(f"{numeral!r} is not a Roman numeral.")
    pairs = itertools.pairwise(text)
    total = sum(-values[a] if values[a] < values[b] else values[a] for a, b in pairs)
    total += values[text[-1]]
    if int_to_roman(total) != text:
        raise ValueError(f"{numeral!r} is not a valid Roman numeral.")
    return total


def acronym(phrase: str, skip_small_words: bool = True) -> str:
    """Acronym from the first letters of a phrase's words.

    Args:
        phrase: e.g. "Portable Network Graphics".
        skip_small_words: Leave out "of", "and", "the", ...

    Returns:
        The upper-case acronym.

    Example:
        >>> acronym("Federal Bureau of Investigation")
        'FBI'
    """
    small = {"of", "and", "the", "for", "in", "on", "a", "an", "to", "at", "by"}
    words = re.findall(r"[A-Za-z][\w']*", phrase)
    return "".join(w[0].upper() for w in words if not (skip_small_words and w.lower() in small))
