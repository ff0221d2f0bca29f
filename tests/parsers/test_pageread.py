"""The page-read speed work changes no output: each faster step is compared with the way it
was done before, kept here only as the reference.

- text_of's lines: runs of spaces squashed by str.split() per line, as the pattern
  `[^\\S\\n]+` over the whole text did (hypothesis, every kind of Unicode space);
- clean_body: the drops asked once of the page's own body and found again in the copy, as
  asking them again of the copy did (every post body of every corpus page and fixture).
"""

from __future__ import annotations

import copy
import re
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings, strategies as st
from lxml import etree

import parsers
from conftest import CORPUS, FIXTURES
from parsers import markup
from votecount.errors import VotecountError
from votecount.pages import tree

PAGES = sorted(FIXTURES.glob("engines/*/*.html")) + (sorted(CORPUS.glob("*/*.html")) if CORPUS.exists() else [])

_LINE_SPACES = re.compile(r"[^\S\n]+")


def old_lines(text: str) -> str:
    lines = (line.strip() for line in _LINE_SPACES.sub(" ", text).split("\n"))
    return "\n".join(line for line in lines if line)


SPACES = [chr(c) for c in range(0x110000) if chr(c).isspace()] + ["\u200b", "\ufeff"]


@settings(max_examples=500, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(SPACES), st.text(max_size=6)), max_size=30))
def test_text_lines_as_the_pattern_squashed_them(pieces):
    text = "".join(pieces)
    assert markup.squash_lines(text) == old_lines(text)


def test_text_of_squashes_its_lines():
    el = etree.fromstring("<div> a \u2003 b<br/>\u3000<p>c\u00a0\td</p> </div>")
    assert markup.text_of(el) == "a b\nc d"


def old_clean_body(body, drops) -> tuple[str, str]:
    found = [el for xp in drops for el in xp(body) if el is not body]
    if found:
        body = copy.deepcopy(body)
        for xp in drops:
            for el in xp(body):
                if el is not body:
                    markup.remove(el)
    inner = (body.text or "") + "".join(
        etree.tostring(child, method="html", encoding="unicode") for child in body)
    return inner.strip(), markup.text_of(body)


def _bodies(path: Path):
    try:
        doc = tree(path.read_bytes(), str(path))
        engine = parsers.detect(doc, None, str(path))
    except VotecountError:
        return None, []
    c = (engine.layout(doc) or engine.layouts[0]).compiled
    if "body" not in c.alts:
        return c, []
    return c, [b for b in (c.element("body", el) for el in c.posts(doc)) if b is not None]


@pytest.mark.parametrize("path", PAGES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_clean_body_as_asking_the_drops_of_the_copy(path: Path):
    c, bodies = _bodies(path)
    if c is None:
        pytest.skip(f"{path.name}: not a page of one engine")
    for body in bodies:
        assert markup.clean_body(body, c.drop) == old_clean_body(body, c.drop)


def test_clean_body_leaves_the_page_as_it_was():
    doc = tree(b"<html><body><div id='b'>vote <blockquote>quoted <s>x</s></blockquote>"
               b"<s>old</s> tail</div></body></html>")
    body = doc.xpath("//div[@id='b']")[0]
    before = etree.tostring(doc)
    drops = (etree.XPath(".//blockquote | .//s"),)
    assert markup.clean_body(body, drops) == ("vote  tail", "vote tail")
    assert etree.tostring(doc) == before
