"""fastpath.py answers as libxml2 does: every compiled role of every engine on every page, and
random trees against a set of selector shapes (hypothesis)."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st
from lxml import etree

from conftest import CORPUS, FIXTURES, ROOT
from parsers import fastpath
from parsers.base import Compiled, cls
from votecount.pages import tree

PAGES = sorted(FIXTURES.glob("engines/*/*.html")) + sorted((ROOT / "examples").glob("*/*.html"))
CORPUS_PAGES = sorted(CORPUS.glob("*/*.html")) if CORPUS.exists() else []
NOTICE_ROLES = {"edit_by", "edit_time_attr"}  # relative to the edit notice, not the post


def _xpath_first(expr: str, node):
    found = etree.XPath(expr)(node)
    if isinstance(found, list):
        return found[0] if found else None
    return found


def _blocks() -> list[Compiled]:
    return [o for o in gc.get_objects() if isinstance(o, Compiled)]


def test_most_field_selectors_are_walks():
    roles = [(b, n) for b in _blocks() for n in b.xp.sources if n not in ("post", "next_page", "title", "_drop")]
    walks = [r for r in roles if fastpath.compile(r[0].xp.sources[r[1]])]
    assert len(walks) >= 0.5 * len(roles), f"{len(walks)} of {len(roles)}"


@pytest.mark.parametrize("path", PAGES + CORPUS_PAGES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_role_answers_as_libxml2(path: Path):
    doc = tree(path.read_bytes(), str(path))
    checked = 0
    for block in _blocks():
        posts = block.xp["post"](doc)
        for post in posts:
            notice = block.xp["edit_notice"](post) if "edit_notice" in block.xp.sources else []
            for name, source in block.xp.sources.items():
                walk = fastpath.compile(source)
                if walk is None:
                    continue
                contexts = notice[:1] if name in NOTICE_ROLES else [post]
                for node in contexts:
                    assert walk.first(node) == _xpath_first(source, node), (name, source)
                    checked += 1
    if not checked:
        pytest.skip("no engine's posts on this page")


# --- random trees -------------------------------------------------------------------------

SHAPES = [
    f".//div[{cls('x')}]",
    f".//span[{cls('x')}]/a",
    f".//div[{cls('x')}]//a",
    f".//div//span[{cls('y')}]",
    f".//*[{cls('x')} and @title]",
    ".//a[@title='t']",
    ".//a[contains(@href, 'p=')]/@href",
    ".//span[starts-with(@id, 'p')]/@id",
    f"(.//span[{cls('x')}] | .//a[{cls('y')}])[1]",
    f"(.//div[{cls('x')}]//a)[1]/@href",
    f"div[{cls('x')}]/span",
    "span//a/@title",
    f".//div[not({cls('x')})]/span",
    f".//div[span and ({cls('x')} or @title)]",
    f".//div[{cls('x')}]/div[{cls('x')}]/a",
    ".//*[contains(translate(@title, 'TU', 'tu'), 't')]",
    ".//p//span",
]


@st.composite
def html_trees(draw, depth=0):
    tag = draw(st.sampled_from(["div", "span", "a", "p"]))
    attrs = []
    klass = draw(st.sampled_from([None, "x", "y", "x y", "x\ty", "xy", " x ", "x\ny", "", "x-y"]))
    if klass is not None:
        attrs.append(f'class="{klass}"')
    if draw(st.booleans()):
        attrs.append(f'title="{draw(st.sampled_from(["t", "u", ""]))}"')
    if draw(st.booleans()):
        attrs.append(f'href="{draw(st.sampled_from(["?p=1", "#p2", "x"]))}"')
    if draw(st.booleans()):
        attrs.append(f'id="{draw(st.sampled_from(["p1", "q", "p"]))}"')
    children = draw(st.lists(html_trees(depth=depth + 1), max_size=3 if depth < 3 else 0))
    text = draw(st.sampled_from(["", "w", " v "]))
    return f"<{tag} {' '.join(attrs)}>{text}{''.join(children)}</{tag}>"


def test_every_shape_compiles():
    assert all(fastpath.compile(s) is not None for s in SHAPES)


@settings(max_examples=300, deadline=None)
@given(body=st.lists(html_trees(), min_size=1, max_size=4).map("".join))
def test_random_trees_answer_as_libxml2(body):
    doc = etree.fromstring(f"<html><body><div id='post'>{body}</div></body></html>", etree.HTMLParser())
    post = doc.find(".//div[@id='post']")
    for shape in SHAPES:
        walk = fastpath.compile(shape)
        assert walk.first(post) == _xpath_first(shape, post), shape
        if "@" not in shape.rsplit("/", 1)[-1]:
            assert walk.all(post) == etree.XPath(shape)(post), shape


@pytest.mark.parametrize("expr", [
    ".//tr[1]/td", "..", ".//a/text()", "@id", ".//a[normalize-space(.)]", "following-sibling::div",
    "substring-after(.//a/@href, '=')", "(.//a)[2]", ".//a[last()]", "//div",
    "(.//a/@href | .//span)[1]", ".//a[@x != 'y']",
])
def test_other_shapes_stay_with_libxml2(expr):
    assert fastpath.compile(expr) is None

