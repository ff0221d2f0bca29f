"""Across every engine: exactly one parser detects each page (corpus and fixtures), and no
page of random bytes or truncated HTML crashes a parser (a clear error or posts, nothing else)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings, strategies as st

from votecount import engines
from conftest import CORPUS, FIXTURES, ROOT
from votecount.errors import VotecountError
from votecount.model import Page
from votecount.read.pages import tree

PAGES = sorted(FIXTURES.glob("engines/*/*.html")) + sorted((ROOT / "examples").glob("*/*.html"))
CORPUS_PAGES = sorted(CORPUS.glob("*/*.html")) if CORPUS.exists() else []
MSK = ZoneInfo("Europe/Moscow")


@pytest.mark.parametrize("path", PAGES + CORPUS_PAGES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_exactly_one_parser_detects_each_page(path: Path):
    doc = tree(path.read_bytes(), str(path))
    hits = [p.NAME for p in engines.PARSERS if p.detect(doc, None)]
    assert len(hits) == 1, f"{path.name}: detected by {hits}"


# Which engine each page is: a fixture's folder names it (the examples are mybb.ru pages);
# corpus pages by name, since two engines share a corpus folder.
FOLDER_ENGINE = {"phpbb3": "phpbb3", "zarechnaya": "mybbru"}
CORPUS_ENGINE = {
    "curse-elevated/ecophagy-mtgs-unreliable-cops-mafia-all.html": "curse",
    "ipb/efs-exploitin-ips4-ru-166865-p1.html": "ips4",
    "ipb/hustledb-ipb13-ru-2969.html": "ipb",
    "mybb/efs-sinisterly-mybb18-667698-1.html": "mybb",
    "nodebb/nettally-nodebb.html": "nodebb",
    "phpbb/nettally-phpbb.html": "phpbb3",
    "phpbb/ptforum-freemancruiser-phpbb2-t805.html": "phpbb2",
    "smf/ptforum-smf2-topic38573.html": "smf",
    "smf/bay12-smf2-darkling-necromancer.html": "smf",
    "torrentpier/bookadvisor-rutracker-topic-30posts.html": "torrentpier",
    "vbulletin/nettally-vb3.html": "vbulletin",
    "vbulletin/nettally-vb4.html": "vbulletin",
    "vbulletin/nettally-vb5.html": "vbulletin",
    "xenforo/nettally-xenforo1-sv.html": "xenforo",
    "xenforo/nettally-xenforo2.html": "xenforo",
}


def expected_engine(path: Path) -> str:
    if path.is_relative_to(CORPUS):
        return CORPUS_ENGINE[path.relative_to(CORPUS).as_posix()]
    return FOLDER_ENGINE.get(path.parent.name, path.parent.name)


@pytest.mark.parametrize("path", PAGES + CORPUS_PAGES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_each_page_is_detected_as_its_engine(path: Path):
    doc = tree(path.read_bytes(), str(path))
    assert engines.detect(doc, None, str(path)).NAME == expected_engine(path)


# The language of the engine's own strings (dates, edit notices) on each corpus page;
# the IPS 4 page has an English UI around Russian posts. Fixtures say it in their names
# ("ru-crawler", "xf23-en"); the example thread is Russian.
CORPUS_LANG = {"ipb/hustledb-ipb13-ru-2969.html": "ru", "ipb/efs-exploitin-ips4-ru-166865-p1.html": "en",
               "torrentpier/bookadvisor-rutracker-topic-30posts.html": "ru"}


def language(path: Path) -> str | None:
    if path.is_relative_to(CORPUS):
        return CORPUS_LANG.get(path.relative_to(CORPUS).as_posix(), "en")
    if path.parent.name == "zarechnaya":
        return "ru"
    found = {"ru", "en"} & set(path.stem.split("-"))
    return found.pop() if len(found) == 1 else None


def test_every_corpus_page_is_covered():
    if not CORPUS_PAGES:
        pytest.skip("../shared/corpus not present")
    assert len(CORPUS_PAGES) >= 14


SAMPLES = [p.read_bytes() for p in PAGES]  # every fixture and example page, each engine's


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


@pytest.mark.parametrize("data", SAMPLES, ids=[f"{p.parent.name}/{p.name}" for p in PAGES])
def test_truncated_at_every_tenth(data):
    for tenth in range(10):
        parse_any(data[: len(data) * tenth // 10])


# --- markers asked through libxml2's id table (pagewalk.has) --------------------------------

from lxml import etree  # noqa: E402

from votecount.engines.kit import pagewalk as markup_mod  # noqa: E402


def _walk(doc, xpath: str) -> bool:
    return etree.XPath(f"boolean({xpath})")(doc)


@pytest.mark.parametrize("path", PAGES + CORPUS_PAGES, ids=lambda p: f"{p.parent.name}/{p.name}")
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
