"""Flag words (фаст, досрочно) and colour words (красным, синим) of a post, as the ballot
reader takes them out: found on case-folded text with ё→е, each a whole word (no word
character on either side). A word that is also a player's nick is the reader's to keep. The
words themselves are in vocabulary.py.
"""

from __future__ import annotations

import re

from .vocabulary import BLUE_WORD, EARLY, FAST, RED_WORD

# Flag and colour words in one pattern; a word that is also a player's nick is kept as a nick.
# Each is a whole word (no word character on either side), so no two overlap: one search with
# this pattern finds, in order, every word each of the four finds (tests/test_ballots.py).
FLAG_WORDS = re.compile("|".join(f"(?:{rx.pattern})" for rx in (FAST, EARLY, RED_WORD, BLUE_WORD)))
# The same words as plain literals, searched first: the lookbehind in front of every
# alternative stops the regex engine from skipping ahead to a possible first letter, so
# FLAG_WORDS tries each of a post's characters in turn (2.0 ms a page against 0.5-0.7 ms,
# bench/flags.py). One flat alternation of the twelve literals: a group around some of them
# hid their first letters from the engine too (5x slower on long posts; bench/README.md,
# "Eighth session").
_FLAG_LITERALS = re.compile("|".join(
    rx.pattern.removeprefix(r"(?<!\w)").removesuffix(r"(?!\w)").removeprefix("(?:").removesuffix(")")
    for rx in (FAST, EARLY, RED_WORD, BLUE_WORD)))
# A piece of every literal, for substring tests before any pattern: most posts hold none, and
# eight `in` tests skip through a long post several times faster than the alternation's scan
# (tests/test_flagwords.py: every literal holds one).
_PIECES = ("фаст", "ускорение", "fast", "досрочно", "красн", "red", "син", "blue")


def may_flag(text: str) -> bool:
    """False only when _FLAG_LITERALS (so FLAG_WORDS) finds nothing in `text`."""
    return any(piece in text for piece in _PIECES)


def word_char(c: str) -> bool:
    return c.isalnum() or c == "_"  # what \w matches in a str pattern


def _hits(text: str):
    """FLAG_WORDS.finditer(text), by a literal search and a word-boundary check of each hit, as
    the pattern's lookarounds check them. The same matches (tests/test_flagwords.py): the literals
    start with eight different letters and the three that share one differ before their end, so at
    most one is found at a place; and a literal refused for a letter beside it cannot hide a word
    starting inside it (a word needs a non-letter before it, and only "красн." and "син." hold
    one, at their end)."""
    for m in _FLAG_LITERALS.finditer(text):
        i, j = m.span()
        if not ((i and word_char(text[i - 1])) or (j < len(text) and word_char(text[j]))):
            yield m


def flag_words(folded: str) -> list[str]:
    """FLAG_WORDS.findall(folded): literals first, the pattern's lookarounds checked in Python
    (FLAG_WORDS tries every character of a post in turn: bench/flags.py)."""
    return [m.group() for m in _hits(folded)] if may_flag(folded) else []


def without_flags(text: str, nicks: frozenset[str]) -> str:
    """`text` with each flag and colour word replaced by a space, bar those that are nicks: what
    FLAG_WORDS.sub made of it, from the same literal hits as flag_words() (the pattern's own
    search took 0.4 ms on a long phpBB 3 post; bench/README.md, "Eighth session")."""
    if not may_flag(text):
        return text
    pieces, at = [], 0
    for m in _hits(text):
        if m.group() not in nicks:
            pieces += (text[at:m.start()], " ")
            at = m.end()
    return "".join(pieces) + text[at:] if pieces else text
