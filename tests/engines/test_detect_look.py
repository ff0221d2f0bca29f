"""Detection in one look (engines.detect) names the same engine as asking every engine's
markers in turn, on every corpus page, fixture and example, on each of them without its
<head>, on every theme variant of tests/engines/test_variants.py, and on truncated pages.

The reference is the order detection had before the look: `oracle()` below, kept here only.
And each engine's literals are sound: whenever the engine's markers claim a page (first or
not), one of its literals is in the page's look.
"""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st
from lxml import etree

from votecount import engines
import test_variants
from conftest import FIXTURES
from corpus import FIXTURE_PAGES, all_params, corpus_paths
from votecount.engines.kit.look import Look
from votecount.engines.kit.pagewalk import page_look, page_memo
from votecount.errors import ParseError, VotecountError
from votecount.read.pages import tree

PAGES = all_params()  # every fixture, example and corpus page (tests/corpus.py)


def _transformers():
    """Every variant transformer of test_variants.py: a function of the page's bytes alone."""
    found = []
    for name, fn in vars(test_variants).items():
        if inspect.isfunction(fn) and fn.__module__ == test_variants.__name__:
            params = list(inspect.signature(fn).parameters)
            if params == ["raw"]:
                found.append((name, fn))
    return found


TRANSFORMERS = _transformers()


def page_variants(path: Path):
    """(bytes, label) of the page as saved, then of each variant transformer that changes it."""
    raw = path.read_bytes()
    yield raw, str(path)
    for name, transform in TRANSFORMERS:
        changed = transform(raw)
        if changed != raw:
            yield changed, f"{path} ({name})"


def oracle(doc):
    """Every engine asked in turn, in PARSERS order, as detection did before the look."""
    return next((p for p in engines.PARSERS if p.detect(doc, None)), None)


def one_look(doc):
    try:
        return engines.detect(doc, None, "<page>")
    except ParseError:
        return None


def _check(data: bytes, label: str) -> None:
    try:
        doc = tree(data, label)
    except VotecountError:
        return
    raw = page_memo(doc)["page bytes"]
    expected = oracle(doc)
    assert one_look(doc) is expected, label
    for seen in (Look(doc), Look(doc, raw)):  # the tree's look, the look of the bytes parsed
        for engine in engines.PARSERS:
            if engine.detect(doc, None):
                assert engine.possible(seen), f"{label}: {engine.name} claims it, none of its literals is there"


def test_every_variant_transformer_is_found():
    names = {name for name, _ in TRANSFORMERS}
    assert {"head_lost", "phpbb_custom_style", "smf_german", "mybbru_edit_class_renamed"} <= names


@pytest.mark.parametrize("path", PAGES)
def test_one_look_names_the_engine_every_engine_in_turn_names(path: Path):
    for data, label in page_variants(path):
        _check(data, label)


def test_a_page_of_no_engine_is_still_an_error_naming_every_engine():
    doc = tree(b"<html><head><title>t</title></head><body><div class='post'>x</div></body></html>")
    with pytest.raises(ParseError, match=r"<page>: not a forum thread page of a known engine "
                                         rf"\(tried: {re.escape(', '.join(engines.NAMES))}\)"):
        engines.detect(doc, None, "<page>")


def test_look_holds_comments_outside_the_root_and_attribute_values():
    doc = tree(b"<!-- IBF.Board --><html><body><a href='x/Profile.php?MODE=viewprofile'>"
               b"\xd0\x92\xd0\xb0\xd1\x81\xd1\x8f</a></body></html>")
    for seen in (Look(doc), page_look(doc)):
        assert seen.may_hold("IBF.Board") and seen.may_hold("profile.php?mode=viewprofile")
        assert seen.may_hold_text("Вася") and not seen.may_hold_text("вася")  # only ASCII letters are lowered
        assert not seen.may_hold("postbody") and not seen.may_hold_text("profile.php")


SAMPLES = [p.read_bytes() for p in FIXTURE_PAGES + corpus_paths()]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(SAMPLES), st.floats(0.0, 1.0))
def test_truncated_pages_detected_as_every_engine_in_turn(data, fraction):
    _check(data[: int(len(data) * fraction)], "truncated")


_HOST_PAGE = (b"<html><head><title>Free forum hosting</title></head>"
              b"<body><p>Your forum, free: sign up</p></body></html>\n")
_PROLOGUE = re.compile(rb"^\s*(<\?xml[^>]*\?>)?\s*(<!doctype[^>]*>)?", re.I)


@pytest.mark.parametrize("path", PAGES)
def test_a_page_saved_after_a_hosts_page_is_still_what_every_engine_in_turn_names(path: Path):
    """libxml2 leaves the forum's <html> beside the host's, outside the look: the look proves
    no absence then (pagewalk.whole_look), and every engine is asked, as before the look. (A
    page whose markers are on its <html> or <body> is no engine's then, to either way.)"""
    try:
        doc = tree(_HOST_PAGE + _PROLOGUE.sub(b"", path.read_bytes()), str(path))
    except VotecountError:
        return
    assert one_look(doc) is oracle(doc)
    assert Look(doc).written() is None and Look(doc).may_hold("no such word")


def test_a_page_saved_after_a_hosts_page_is_read_as_its_engine():
    """The tree's look alone once refused these: the phpBB 3 page's literals are all beside the
    root, which the tree written back leaves out; the bytes parsed hold them."""
    path = FIXTURES / "engines" / "phpbb3" / "subsilver2-ru.html"
    doc = tree(_HOST_PAGE + _PROLOGUE.sub(b"", path.read_bytes()), str(path))
    assert b"postbody" not in etree.tostring(doc.getroottree()).lower()
    assert engines.PARSERS[-1].possible(page_look(doc)) is True
    assert one_look(doc) is engines.get("phpbb3")
