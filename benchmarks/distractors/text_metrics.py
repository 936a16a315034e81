"""Measuring English text: counts, readability scores, vocabulary and reading time.

Words are runs of letters, digits and apostrophes; sentences end with '.', '!' or '?'.
Syllables are estimated with the usual vowel-group heuristic, good enough for readability scores.
"""

from __future__ import annotations

import re
from collections import Counter

_WORD = re.compile(r"[A-Za-z0-9']+")
_SENTENCE_END = re.compile(r"[.!?]+")


def _words(text: str) -> list[str]:
    return _WORD.findall(text)


def count_words(text: str) -> int:
    """Number of words in a text.

    Args:
        text: Any text.

    Returns:
        The word count.

    Example:
        >>> count_words("It's a lovely day, isn't it?")
        6
    """
    return len(_words(text))


def count_sentences(text: str) -> int:
    """Number of sentences, counting runs of '.', '!' and '?' as sentence ends.

    Args:
        text: Any text.

    Returns:
        The sentence count (at least 1 for non-empty text without an end mark).

    Example:
        >>> count_sentences("Hi! How are you? Fine...")
        3
    """
    parts = [part for part in _SENTENCE_END.split(text) if part.strip()]
    return len(parts)


def count_syllables(word: str) -> int:
    """Estimated number of syllables in an English word.

    Args:
        word: A single word.

    Returns:
        The estimate, at least 1.

    Example:
        >>> count_syllables("readability")
        5
    """
    word = word.lower().strip("'")
    groups = re.findall(r"[aeiouy]+", word)
    count = len(groups)
    if word.endswith("e") and not word.endswith(("le", "ee")) and count > 1:
        count -= 1
    return max(1, count)


def flesch_reading_ease(text: str) -> float:
    """Flesch reading-ease score: 90+ very easy, 60-70 plain English, below 30 very hard.

    Args:
        text: English text.

    Returns:
        The score, rounded to 1 decimal.

    Example:
        >>> flesch_reading_ease("The cat sat on the mat.")
        116.1
    """
    words = _words(text)
    syllables = sum(count_syllables(w) for w in words)
    score = 206.835 - 1.015 * len(words) / count_sentences(text) - 84.6 * syllables / len(words)
    return round(score, 1)


def flesch_kincaid_grade(text: str) -> float:
    """Flesch-Kincaid grade level: the US school grade needed to follow the text.

    Args:
        text: English text.

    Returns:
        The grade level, rounded to 1 decimal.

    Example:
        >>> flesch_kincaid_grade("The cat sat on the mat.")
        -1.4
    """
    words = _words(text)
    syllables = sum(count_syllables(w) for w in words)
    grade = 0.39 * len(words) / count_sentences(text) + 11.8 * syllables / len(words) - 15.59
    return round(grade, 1)


def gunning_fog_index(text: str) -> float:
    """Gunning fog index: years of schooling to understand the text on first reading.

    Args:
        text: English text.

    Returns:
        The index, rounded to 1 decimal (words of 3+ syllables count as complex).

    Example:
        >>> gunning_fog_index("Complicated terminology obscures meaning.")
        31.6
    """
    words = _words(text)
    complex_words = sum(count_syllables(w) >= 3 for w in words)
    return round(0.4 * (len(words) / count_sentences(text) + 100 * complex_words / len(words)), 1)


def average_word_length(text: str) -> float:
    """Mean number of characters per word.

    Args:
        text: Any text.

    Returns:
        The average, rounded to 2 decimals.

    Example:
        >>> average_word_length("a bb ccc")
        2.0
    """
    words = _words(text)
    return round(sum(len(w) for w in words) / len(words), 2)


def lexical_diversity(text: str) -> float:
    """Type-token ratio: distinct words divided by all words (case-insensitive).

    Args:
        text: Any text.

    Returns:
        A ratio from 0 to 1, rounded to 4 decimals.

    Example:
        >>> lexical_diversity("the cat and the hat")
        0.8
    """
    words = [w.lower() for w in _words(text)]
    return round(len(set(words)) / len(words), 4)


def most_common_words(text: str, count: int = 5, ignore: list[str] | None = None) -> list[tuple]:
    """The most frequent words of a text, case-insensitive.

    Args:
        text: Any text.
        count: How many words to return.
        ignore: Words to leave out, e.g. ["the", "a"].

    Returns:
        (word, occurrences) pairs, most frequent first; ties in first-seen order.

    Example:
        >>> most_common_words("to be or not to be", 2)
        [('to', 2), ('be', 2)]
    """
    skip = {w.lower() for w in ignore or []}
    return Counter(w.lower() for w in _words(text) if w.lower() not in skip).most_common(count)


def character_frequencies(text: str, letters_only: bool = True) -> dict:
    """How often each character occurs, case-insensitive, most frequent first.

    Args:
        text: Any text.
        letters_only: Count only letters.

    Returns:
        A dict of character -> count.

    Example:
        >>> character_frequencies("Banana")
        {'a': 3, 'n': 2, 'b': 1}
    """
    chars = [c.lower() for c in text if c.isalpha() or not letters_only]
    return dict(Counter(chars).most_common())


def longest_word(text: str) -> str:
    """The longest word of a text (the first one on a tie).

    Args:
        text: Any text with at least one word.

    Returns:
        The longest word.

    Example:
        >>> longest_word("a quick extraordinary fox")
        'extraordinary'
    """
    return max(_words(text), key=len)


def reading_time_minutes(text: str, words_per_minute: int = 238) -> float:
    """Estimated silent reading time at an adult's average pace.

    Args:
        text: Any text.
        words_per_minute: Reading speed; 238 is the adult average for non-fiction.

    Returns:
        Minutes, rounded to 1 decimal.

    Example:
        >>> reading_time_minutes("word " * 476)
        2.0
    """
    return round(count_words(text) / words_per_minute, 1)


def speaking_time_minutes(text: str, words_per_minute: int = 150) -> float:
    """Estimated time to read a text aloud, e.g. for a talk.

    Args:
        text: Any text.
        words_per_minute: Speaking pace; 150 is a typical presentation pace.

    Returns:
        Minutes, rounded to 1 decimal.

    Example:
        >>> speaking_time_minutes("word " * 300)
        2.0
    """
    return round(count_words(text) / words_per_minute, 1)


def count_paragraphs(text: str) -> int:
    """Number of paragraphs: blocks of text separated by blank lines.

    Args:
        text: Any text.

    Returns:
        The paragraph count.

    Example:
        >>> count_paragraphs("One.\\n\\nTwo.\\nStill two.\\n\\n\\nThree.")
        3
    """
    return len([block for block in re.split(r"\n\s*\n", text) if block.strip()])


def count_vowels(text: str) -> int:
    """Number of vowels (a, e, i, o, u, either case) in a text.

    Args:
        text: Any text.

    Returns:
        The count.

    Example:
        >>> count_vowels("Programming")
        3
    """
    return sum(char in "aeiouAEIOU" for char in text)


def sentence_word_counts(text: str) -> list[int]:
    """Number of words in each sentence, in order.

    Args:
        text: Any text.

    Returns:
        One count per sentence.

    Example:
        >>> sentence_word_counts("I came. I saw it all! Done?")
        [2, 4, 1]
    """
    return [len(_words(part)) for part in _SENTENCE_END.split(text) if part.strip()]


def coleman_liau_index(text: str) -> float:
    """Coleman-Liau readability index, based on letters and sentences per 100 words.

    Args:
        text: English text.

    Returns:
        The US grade level, rounded to 1 decimal.

    Example:
        >>> coleman_liau_index("The cat sat on the mat.")
        -4.1
    """
    words = _words(text)
    letters = sum(c.isalpha() for c in text)
    per_100 = 100 / len(words)
    return round(0.0588 * letters * per_100 - 0.296 * count_sentences(text) * per_100 - 15.8, 1)


def unique_words(text: str) -> list[str]:
    """The distinct words of a text, lower-cased, in order of first appearance.

    Args:
        text: Any text.

    Returns:
        The vocabulary.

    Example:
        >>> unique_words("Red red wine, red roses")
        ['red', 'wine', 'roses']
    """
    return list(dict.fromkeys(w.lower() for w in _words(text)))
