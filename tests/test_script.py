"""read/script.py: `mostly_cyrillic` counts bytes and bounds instead of reading every letter;
its answer must be the letter-by-letter definition's (`exactly`), for any text and on every
saved page (whose text zone.page_language gives it)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from votecount.read import pages
from votecount.read.script import exactly, mostly_cyrillic
from votecount.engines.kit.look import string_of

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus"

# Letters of every kind near the bounds: Cyrillic letters and the block's non-letters, Latin,
# other scripts' letters (Greek, CJK, accented), digits, marks, emoji, a lone surrogate.
_CHARS = st.sampled_from(list("абвЖЯёЁѣҊӿ") + ["\u0482", "\u0483", "\u0488", "\u0489"]
                         + list("abcXYZ") + list("ωΩ中文éß") + list("0123 ,.!\n") + ["😀", "\u0301", "\ud800"])


@settings(max_examples=600, deadline=None)
@given(text=st.text(_CHARS, max_size=40))
def test_the_counted_answer_is_the_letter_by_letter_one(text):
    assert mostly_cyrillic(text) == exactly(text)


@settings(max_examples=300, deadline=None)
@given(text=st.text(max_size=60))
def test_any_text_too(text):
    assert mostly_cyrillic(text) == exactly(text)


@pytest.mark.parametrize("text, answer", [
    ("", False), ("123 !!", False), ("\u0482\u0483", False),  # no letter at all
    ("Жabcd", True), ("Жabcde", False),  # exactly a fifth, and just under
    ("Ж" + "ω" * 4, True), ("Ж" + "ω" * 5, False),  # other scripts' letters count as letters
    ("Ж" + "1" * 40, True),  # digits are no letters
    ("ЖЖЖ" + "a" * 12, True), ("ЖЖЖ" + "a" * 13, False),
])
def test_edges(text, answer):
    assert exactly(text) == answer
    assert mostly_cyrillic(text) == answer


def _docs():
    """(path, tree) of every saved page the readers accept (a refused page has no text)."""
    found = sorted((ROOT / "tests" / "fixtures" / "engines").rglob("*.html"))
    if CORPUS.is_dir():
        found += sorted(CORPUS.rglob("*.htm*"))
    for path in found:
        try:
            yield path, pages.tree(path.read_bytes(), str(path))
        except Exception:  # noqa: BLE001  a refused page is another test's matter
            continue


def test_every_saved_page_gets_the_letter_by_letter_answer():
    checked = 0
    for path, doc in _docs():
        text = string_of(doc)
        assert mostly_cyrillic(text) == exactly(text), path
        checked += 1
    assert checked >= 20


def test_a_links_text_is_its_itertext_on_every_saved_page():
    """interface_language reads a childless link's text as it is and the others' by XPath
    string(): the text itertext joins, on every link of every page."""
    from votecount.read.zone import interface_language, link_text

    links = 0
    seen = set()
    for path, doc in _docs():
        for link in doc.iter("a", "button"):
            assert link_text(link) == "".join(link.itertext()), (path, link.get("href"))
            links += 1
        seen.add(interface_language(doc))
    assert links > 1000 and {"ru", "en"} <= seen
