"""The script of a text: is it Russian? The one test of a thread's or a page's script
(`mostly_cyrillic`), used by the zone a count takes (zone.page_language) and the language of
its words (api._guess_lang).

A page's text is long (a 2,500-post page holds millions of characters) and this runs on every
count, so the letters are not looked at one by one unless they must be: the UTF-8 bytes count
the Cyrillic and the ASCII letters exactly (C loops), and the other letters are bounded by the
other characters; only a text between the bounds is read letter by letter (tests/test_script.py
checks the answer is the letter-by-letter one, for any text)."""

from __future__ import annotations

_ASCII_LETTERS = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
_CONTINUATION_AND_ASCII = bytes(range(0xC0))  # deleted, what is left is a lead byte a character
# U+0400-U+04FF is two bytes in UTF-8, led by 0xD0-0xD3; its few characters that are no letters
# (a numeric sign, combining marks) are counted apart.
_ALL_BUT_CYRILLIC_LEADS = bytes(b for b in range(256) if b not in b"\xd0\xd1\xd2\xd3")
_CYRILLIC_NON_LETTERS = tuple(ch for ch in map(chr, range(0x400, 0x500)) if not ch.isalpha())
assert all("\u0480" <= ch < "\u04c0" for ch in _CYRILLIC_NON_LETTERS)  # led by 0xD2, as used below
SHARE = 0.2


def mostly_cyrillic(text: str) -> bool:
    """A fifth of the text's letters or more are Cyrillic (U+0400-U+04FF): Russian text (Latin
    nicks, links and quoted English around it do not outweigh it)."""
    data = text.encode("utf-8", "surrogatepass")
    cyrillic = len(data.translate(None, _ALL_BUT_CYRILLIC_LEADS))  # one pass (4 counts: 3.5x)
    if not cyrillic:
        return False
    ascii_letters = len(data) - len(data.translate(None, _ASCII_LETTERS))
    if cyrillic < ascii_letters * SHARE:  # fewer than a fifth of the ASCII letters alone
        return False
    if b"\xd2" in data:  # the block's non-letters are all led by 0xD2 (U+0482-U+0489)
        cyrillic -= sum(map(text.count, _CYRILLIC_NON_LETTERS))
    others = len(data.translate(None, _CONTINUATION_AND_ASCII))  # characters past ASCII
    least = ascii_letters + cyrillic  # the letters are at least these...
    most = ascii_letters + others  # ...and at most these (every other character a letter)
    if cyrillic >= most * SHARE:
        return bool(most)
    if cyrillic < least * SHARE:
        return False
    return exactly(text)


def exactly(text: str) -> bool:
    """The definition, letter by letter."""
    letters = [ch for ch in text if ch.isalpha()]
    return bool(letters) and sum("\u0400" <= ch <= "\u04ff" for ch in letters) >= len(letters) * SHARE
