"""Across every engine: exactly one parser detects each page (corpus and fixtures), and no
page of random bytes or truncated HTML crashes a parser (a clear error or posts, nothing else)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings, strategies as st

import parsers
from conftest import CORPUS, FIXTURES, ROOT
from votecount.errors import VotecountError
from votecount.model import Page
from votecount.pages import tree

PAGES = sorted(FIXTURES.glob("engines/*/*.html")) + sorted((ROOT / "examples").glob("*/*.html"))
CORPUS_PAGES = sorted(CORPUS.glob("*/*.html")) if CORPUS.exists() else []
MSK = ZoneInfo("Europe/Moscow")


@pytest.mark.parametrize("path", PAGES + CORPUS_PAGES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_exactly_one_parser_detects_each_page(path: Path):
    doc = tree(path.read_bytes(), str(path))
    hits = [p.NAME for p in parsers.PARSERS if p.detect(doc, None)]
    assert len(hits) == 1, f"{path.name}: detected by {hits}"


def test_every_corpus_page_is_covered():
    if not CORPUS_PAGES:
        pytest.skip("../shared/corpus not present")
    assert len(CORPUS_PAGES) >= 14


SAMPLES = [p.read_bytes() for p in PAGES[:: max(1, len(PAGES) // 12)]]


def parse_any(data: bytes):
    page = Page("fuzz.html", 1, MSK, saved_at=datetime(2026, 11, 29, 20, 0, tzinfo=MSK))
    try:
        doc = tree(data, "fuzz.html")
        parser = parsers.detect(doc, None, "fuzz.html")
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


@pytest.mark.parametrize("data", SAMPLES, ids=range(len(SAMPLES)))
def test_truncated_at_every_tenth(data):
    for tenth in range(10):
        parse_any(data[: len(data) * tenth // 10])
