"""Across every engine: exactly one parser detects each page (corpus and fixtures), and no
page of random bytes or truncated HTML crashes a parser (a clear error or posts, nothing else)."""

from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings, strategies as st

from votecount import engines
from conftest import CORPUS
from corpus import FIXTURE_PAGES, PAGES, all_params, engine_of, present
from votecount.errors import VotecountError
from votecount.model import Page
from votecount.read.pages import tree

MSK = ZoneInfo("Europe/Moscow")


@pytest.mark.parametrize("path", all_params("detect"))
def test_exactly_one_parser_detects_each_page(path: Path):
    doc = tree(path.read_bytes(), str(path))
    hits = [p.NAME for p in engines.PARSERS if p.detect(doc, None)]
    assert len(hits) == 1, f"{path.name}: detected by {hits}"


@pytest.mark.parametrize("path", all_params("detect"))
def test_each_page_is_detected_as_its_engine(path: Path):
    doc = tree(path.read_bytes(), str(path))
    assert engines.detect(doc, None, str(path)).NAME == engine_of(path)


def test_every_corpus_page_is_listed_once_with_an_engine():
    """tests/corpus.py lists every page of the corpus folder and of its MANIFEST.md, once,
    each with a known engine."""
    if not present():
        pytest.skip("../shared/corpus not present")
    listed = [page.relative for page in PAGES]
    on_disk = sorted(p.relative_to(CORPUS).as_posix() for p in CORPUS.rglob("*.htm*"))
    manifest = (CORPUS / "MANIFEST.md").read_text(encoding="utf-8")
    named = sorted(re.findall(r"^\| ([\w.-]+/[\w.-]+\.html?) \|", manifest, re.M))
    assert sorted(listed) == on_disk == named and len(set(listed)) == len(listed)
    assert {page.engine for page in PAGES} <= set(engines.NAMES)


SAMPLES = [p.read_bytes() for p in FIXTURE_PAGES]  # every fixture and example page, each engine's


def parse_any(data: bytes):
    page = Page("fuzz.html", 1, MSK, saved_at=datetime(2026, 11, 29, 20, 0, tzinfo=MSK))
    try:
        doc = tree(data, "fuzz.html")
        parser = engines.detect(doc, None, "fuzz.html")
        return parser.posts(doc, page)
    except VotecountError:
        return None


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=3000))
def test_random_bytes_never_crash(data):
    parse_any(data)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(SAMPLES), st.floats(0.0, 1.0))
def test_truncated_pages_never_crash(data, fraction):
    parse_any(data[: int(len(data) * fraction)])


@pytest.mark.parametrize("data", SAMPLES, ids=[f"{p.parent.name}/{p.name}" for p in FIXTURE_PAGES])
def test_truncated_at_every_tenth(data):
    for tenth in range(10):
        parse_any(data[: len(data) * tenth // 10])


# --- markers asked through libxml2's id table (markers.has) ---------------------------------

from lxml import etree  # noqa: E402

from votecount.engines.kit import markers as markup_mod  # noqa: E402


def _walk(doc, xpath: str) -> bool:
    return etree.XPath(f"boolean({xpath})")(doc)


@pytest.mark.parametrize("path", all_params())
def test_id_markers_answer_as_the_full_walk(path: Path):
    doc = tree(path.read_bytes(), str(path))
    markers = {m for p in engines.PARSERS for m in (*p.markers, *p.requires, *p.excludes, *p.claims)}
    markers |= {m for p in engines.PARSERS for lay in p.layouts
                for m in (*lay.markers, *lay.requires, *lay.excludes)}
    id_markers = [x for x in markers if markup_mod._BY_ID.fullmatch(x)]
    assert len(id_markers) >= 8
    walked = [x for x in markers if markup_mod._walk_test(x)]
    assert len(walked) >= 5  # the class and string-value markers answered by lxml's walk
    for xpath in id_markers + walked:
        assert markup_mod.has(doc, xpath) == _walk(doc, xpath), xpath


@pytest.mark.parametrize("markup, expected", [
    ("<div id='pun-viewtopic'></div>", True),
    ("<span id='pun-viewtopic'></span>", False),  # the id, on another tag
    ("<span id='pun-viewtopic'></span><div id='pun-viewtopic'></div>", True),  # duplicate ids
    ("<a name='pun-viewtopic'></a><div id='pun-viewtopic'></div>", True),  # <a name> is an id too
    ("<div class='pun-viewtopic'></div>", False),
    ("<div ID='pun-viewtopic'></div>", True),
    ("<div id='pun-viewtopic2'></div>", False),
    ("", False),
])
def test_id_marker_edge_cases(markup: str, expected: bool):
    doc = tree(f"<html><body><p>x</p>{markup}</body></html>".encode(), "<test>")
    xpath = "//div[@id='pun-viewtopic']"
    assert markup_mod.has(doc, xpath) is expected
    assert _walk(doc, xpath) is expected
