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
_CYRILLIC_LEADS = (b"\xd0", b"\xd1", b"\xd2", b"\xd3")
_CYRILLIC_NON_LETTERS = tuple(ch for ch in map(chr, range(0x400, 0x500)) if not ch.isalpha())
SHARE = 0.2


def mostly_cyrillic(text: str) -> bool:
    """A fifth of the text's letters or more are Cyrillic (U+0400-U+04FF): Russian text (Latin
    nicks, links and quoted English around it do not outweigh it)."""
    data = text.encode("utf-8", "surrogatepass")
    cyrillic = sum(map(data.count, _CYRILLIC_LEADS))
    if not cyrillic:
        return False
    cyrillic -= sum(map(text.count, _CYRILLIC_NON_LETTERS))
    ascii_letters = len(data) - len(data.translate(None, _ASCII_LETTERS))
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
