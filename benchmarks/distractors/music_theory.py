"""Music theory: note frequencies and MIDI numbers, intervals, scales, chords, keys and tempo.

Notes are written like "C4", "F#3" or "Bb5" (scientific pitch notation, A4 = 440 Hz).
"""

from __future__ import annotations

import math
import re

_SHARPS = ["C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B"]
_FLATS = ["C", "Db", "D", "Eb", "E", "F", "Gb", "G", "Ab", "A", "Bb", "B"]
_INTERVAL_NAMES = (
    "unison|minor second|major second|minor third|major third|perfect fourth|tritone|"
    "perfect fifth|minor sixth|major sixth|minor seventh|major seventh|octave"
)
_INTERVALS = _INTERVAL_NAMES.split("|")
_CHORDS = {
    "major": [0, 4, 7],
    "minor": [0, 3, 7],
    "diminished": [0, 3, 6],
    "augmented": [0, 4, 8],
    "dominant7": [0, 4, 7, 10],
    "major7": [0, 4, 7, 11],
    "minor7": [0, 3, 7, 10],
    "sus2": [0, 2, 7],
    "sus4": [0, 5, 7],
}
_CIRCLE = ["C", "G", "D", "A", "E", "B", "F#", "Db", "Ab", "Eb", "Bb", "F"]
_TEMPOS = [
    (24, "larghissimo"),
    (40, "grave"),
    (60, "largo"),
    (66, "larghetto"),
    (76, "adagio"),
    (108, "andante"),
    (120, "moderato"),
    (156, "allegro"),
    (176, "vivace"),
    (200, "presto"),
]


def _pitch_class(name: str) -> int:
    name = name.strip()
    base = name[0].upper() + name[1:]
    if base in _SHARPS:
        return _SHARPS.index(base)
    if base in _FLATS:
        return _FLATS.index(base)
    raise ValueError(f"Unknown note name {name!r}.")


def note_to_midi(note: str) -> int:
    """MIDI note number of a note (C4 = 60, A4 = 69).

    Args:
        note: e.g. "A4", "C#5" or "Eb3".

    Returns:
        The MIDI number.

    Raises:
        ValueError: Not a note.

    Example:
        >>> note_to_midi("C#5")
        73
    """
    match = re.fullmatch(r"\s*([A-Ga-g][#b]?)(-?\d+)\s*", note)
    if not match:
        raise ValueError(f"{note!r} is not a note like 'A4' or 'F#3'.")
    return (int(match.group(2)) + 1) * 12 + _pitch_class(match.group(1))


def midi_to_note(midi_number: int, use_flats: bool = False) -> str:
    """Note name of a MIDI note number.

    Args:
        midi_number: 0 to 127.
        use_flats: Write Bb rather than A#.

    Returns:
        e.g. "A4".

    Example:
        >>> midi_to_note(70, use_flats=True)
        'Bb4'
    """
    names = _FLATS if use_flats else _SHARPS
    return f"{names[midi_number % 12]}{midi_number // 12 - 1}"


def note_frequency(note: str, a4_hz: float = 440.0) -> float:
    """Frequency of a note in equal temperament.

    Args:
        note: e.g. "C4".
        a4_hz: Tuning reference for A4.

    Returns:
        Frequency in Hz, rounded to 2 decimals.

    Example:
        >>> note_frequency("C4")
        261.63
    """
    return round(a4_hz * 2 ** ((note_to_midi(note) - 69) / 12), 2)


def nearest_note(frequency_hz: float, a4_hz: float = 440.0) -> str:
    """The equal-tempered note closest to a frequency (e.g. from a tuner).

    Args:
        frequency_hz: The frequency.
        a4_hz: Tuning reference.

    Returns:
        The note name.

    Example:
        >>> nearest_note(329.0)
        'E4'
    """
    return midi_to_note(round(69 + 12 * math.log2(frequency_hz / a4_hz)))


def cents_difference(frequency_hz: float, reference_hz: float) -> float:
    """How far a frequency is from a reference, in cents (100 cents = one semitone).

    Args:
        frequency_hz: The measured frequency.
        reference_hz: The target frequency.

    Returns:
        Cents (positive = sharp), rounded to 1 decimal.

    Example:
        >>> cents_difference(445, 440)
        19.6
    """
    return round(1200 * math.log2(frequency_hz / reference_hz), 1)


def transpose_note(note: str, semitones: int, use_flats: bool = False) -> str:
    """Move a note up or down by semitones.

    Args:
        note: e.g. "E4".
        semitones: Steps to move (negative = down).
        use_flats: Name the result with flats.

    Returns:
        The transposed note.

    Example:
        >>> transpose_note("E4", 7)
        'B4'
    """
    return midi_to_note(note_to_midi(note) + semitones, use_flats)


def interval_name(lower_note: str, upper_note: str) -> str:
    """Name of the interval between two notes (within an octave, or "octave").

    Args:
        lower_note: e.g. "C4".
        upper_note: e.g. "G4".

    Returns:
        e.g. "perfect fifth"; wider intervals are reduced into one octave.

    Example:
        >>> interval_name("C4", "Eb4")
        'minor third'
    """
    steps = abs(note_to_midi(upper_note) - note_to_midi(lower_note))
    return "octave" if steps and steps % 12 == 0 else _INTERVALS[steps % 12]


def major_scale(tonic: str) -> list[str]:
    """Notes of the major scale on a tonic (pitch names without octave).

    Args:
        tonic: e.g. "D" or "Bb".

    Returns:
        Seven note names.

    Example:
        >>> major_scale("D")
        ['D', 'E', 'F#', 'G', 'A', 'B', 'C#']
    """
    return _scale(tonic, [0, 2, 4, 5, 7, 9, 11])


def natural_minor_scale(tonic: str) -> list[str]:
    """Notes of the natural minor (Aeolian) scale on a tonic.

    Args:
        tonic: e.g. "A".

    Returns:
        Seven note names.

    Example:
        >>> natural_minor_scale("E")
        ['E', 'F#', 'G', 'A', 'B', 'C', 'D']
    """
    return _scale(tonic, [0, 2, 3, 5, 7, 8, 10])


def _scale(tonic: str, steps: list[int]) -> list[str]:
    names = _FLATS if "b" in tonic[1:] or tonic.strip().upper() == "F" else _SHARPS
    root = _pitch_class(tonic)
    return [names[(root + step) % 12] for step in steps]


def chord_notes(root: str, quality: str = "major") -> list[str]:
    """Notes of a chord on a root.

    Args:
        root: e.g. "G".
        quality: major, minor, diminished, augmented, dominant7, major7, minor7, sus2, sus4.

    Returns:
        The chord's note names.

    Raises:
        ValueError: Unknown chord quality.

    Example:
        >>> chord_notes("G", "dominant7")
        ['G', 'B', 'D', 'F']
    """
    if quality not in _CHORDS:
        raise ValueError(f"Unknown chord quality {quality!r}; use one of {', '.join(_CHORDS)}.")
    names = _FLATS if "b" in root[1:] else _SHARPS
    return [names[(_pitch_class(root) + step) % 12] for step in _CHORDS[quality]]


def relative_minor(major_key: str) -> str:
    """The relative minor of a major key (same key signature).

    Args:
        major_key: e.g. "C".

    Returns:
        The minor key's tonic.

    Example:
        >>> relative_minor("G")
        'E'
    """
    names = _FLATS if "b" in major_key[1:] or major_key == "F" else _SHARPS
    return names[(_pitch_class(major_key) + 9) % 12]


def relative_major(minor_key: str) -> str:
    """The relative major of a minor key.

    Args:
        minor_key: e.g. "A".

    Returns:
        The major key's tonic.

    Example:
        >>> relative_major("D")
        'F'
    """
    pitch = (_pitch_class(minor_key) + 3) % 12
    return next(k for k in _CIRCLE if _pitch_class(k) == pitch)


def key_signature(major_key: str) -> str:
    """Number of sharps or flats in a major key's signature.

    Args:
        major_key: e.g. "A" or "Eb".

    Returns:
        e.g. "3 sharps", "2 flats" or "no sharps or flats".

    Example:
        >>> key_signature("Eb")
        '3 flats'
    """
    position = next(i for i, k in enumerate(_CIRCLE) if _pitch_class(k) == _pitch_class(major_key))
    if position == 0:
        return "no sharps or flats"
    count, kind = (position, "sharp") if position <= 6 else (12 - position, "flat")
    return f"{count} {kind}{'s' if count > 1 else ''}"


def beat_duration_ms(bpm: float) -> float:
    """Length of one beat at a tempo, e.g. to set a delay effect.

    Args:
        bpm: Beats per minute.

    Returns:
        Milliseconds, rounded to 2 decimals.

    Example:
        >>> beat_duration_ms(120)
        500.0
    """
    return round(60000 / bpm, 2)


def note_duration_seconds(bpm: float, note_value: float, dotted: bool = False) -> float:
    """Duration of a note value at a tempo (a quarter note gets one beat).

    Args:
        bpm: Beats per minute.
        note_value: 1 for a whole note, 4 for a quarter, 8 for an eighth, ...
        dotted: Add half the value again.

    Returns:
        Seconds, rounded to 4 decimals.

    Example:
        >>> note_duration_seconds(90, 8, dotted=True)
        0.5
    """
    seconds = 60 / bpm * 4 / note_value
    return round(seconds * (1.5 if dotted else 1), 4)


def tempo_marking(bpm: float) -> str:
    """Traditional Italian tempo marking for a tempo.

    Args:
        bpm: Beats per minute.

    Returns:
        e.g. "andante".

    Example:
        >>> tempo_marking(100)
        'andante'
    """
    return next((name for limit, name in _TEMPOS if bpm < limit), "prestissimo")


def fret_frequency(open_string_hz: float, fret: int) -> float:
    """Pitch of a fretted string on an equal-tempered instrument such as a guitar.

    Args:
        open_string_hz: Frequency of the open string.
        fret: Fret number (12 = one octave up).

    Returns:
        Frequency in Hz, rounded to 2 decimals.

    Example:
        >>> fret_frequency(110, 12)
        220.0
    """
    return round(open_string_hz * 2 ** (fret / 12), 2)
