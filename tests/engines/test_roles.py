"""The role matchers (votecount/engines/kit/roles.py) against libxml2: the same first result (the same
element, or the same string) for every role expression they take, on every post and edit
notice of every real page, fixture, example page and theme variant, and on generated markup;
and the shapes they do not take are left to libxml2."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import example, given, settings, strategies as st
from lxml import etree

from votecount import engines
from corpus import ABSENT, all_params, corpus_paths, present
from votecount.engines.kit import roles
from votecount.engines.kit.base import alternatives, cls
from votecount.read.pages import tree

import test_variants as tv

LAYOUTS = [(e.name, lay) for e in engines.PARSERS for lay in e.layouts]
# Every role expression a post (or, for edit_by and edit_time_attr, an edit notice) is asked,
# by source: what it is evaluated on is a post element, so every engine's roles are asked of
# every page's posts (a page of another engine is markup the roles were not written for).
ROLE_SOURCES = sorted({src for _, lay in LAYOUTS
                       for name, src in alternatives(lay.selectors)[0].items()
                       if name.split("~")[0] not in ("post", "next_page", "title")})
TAKEN = {src: m for src in ROLE_SOURCES if (m := roles.compile_role(src)) is not None}
LIBXML2 = {src: roles.by_libxml2(etree.XPath(src, smart_strings=False)) for src in TAKEN}


def same(ours, theirs) -> bool:
    """The same node (lxml keeps one proxy per node while it is held), or the same string."""
    return ours is theirs if isinstance(theirs, etree._Element) else (ours == theirs and type(ours) is type(theirs))


def _contexts(doc) -> list:
    """The nodes roles are asked of on this page: every layout's posts (libxml2's post
    expressions), and the edit notices in them."""
    nodes: dict = {}
    for _, lay in LAYOUTS:
        sources, alts = alternatives(lay.selectors)
        for name in alts["post"]:
            for post in etree.XPath(sources[name])(doc):
                nodes[post] = None
                notice = sources.get("edit_notice")
                for found in (etree.XPath(notice)(post) if notice else ()):
                    if isinstance(found, etree._Element):
                        nodes[found] = None
    return list(nodes)


def assert_same_on(doc, where: str) -> int:
    """Every taken role on every context node of `doc` gives libxml2's result; the number
    of nodes asked."""
    contexts = _contexts(doc)
    for src, matcher in TAKEN.items():
        for node in contexts:
            ours, theirs = matcher(node), LIBXML2[src](node)
            assert same(ours, theirs), f"{where}: {src!r} on {node.tag} line {node.sourceline}: {ours!r} != {theirs!r}"
    return len(contexts)


PAGES = all_params()  # every fixture, example and corpus page (tests/corpus.py)


def test_the_matchers_take_most_role_expressions():
    assert len(TAKEN) >= 0.75 * len(ROLE_SOURCES), sorted(set(ROLE_SOURCES) - set(TAKEN))


@pytest.mark.parametrize("path", PAGES)
def test_every_role_as_libxml2_on_every_post_of_every_page(path: Path):
    assert_same_on(tree(path.read_bytes(), str(path)), str(path))


def test_the_corpus_is_there_to_check():
    if not present():
        pytest.skip(ABSENT)
    assert len(corpus_paths()) >= 10


# The theme variants tests/engines/test_variants.py reads (a real page changed in code).
VARIANTS = [
    (tv.XF1, tv.xf1_edit_date_only), (tv.XF1, tv.xf1_edit_by_moderator_date_only),
    (tv.SMF, tv.smf_edit_unreadable), (tv.SMF, tv.smf_edit_date_only), (tv.SMF, tv.smf_german),
    (tv.SMF, tv.smf_french_12h), (tv.SMF, tv.smf_day_first_numeric),
    (tv.PHPBB, tv.phpbb_without_form), (tv.PHPBB, tv.phpbb_prosilver_derived),
    (tv.PHPBB, tv.phpbb_custom_style), (tv.IPB13, tv.ipb13_page_two),
    ("vbulletin/nettally-vb4.html", tv.vb4_style_without_posthead),
    ("vbulletin/nettally-vb4.html", tv.vb4_german),
    *((relative, tv.head_lost) for relative in tv.HEADLESS),
]
FIXTURE_VARIANTS = [(tv.MYBBRU, tv.mybbru_edit_class_renamed), (tv.MYBBRU, tv.mybbru_signature_after_content),
                    *((tv.ENGINE_FIXTURES / relative, tv.head_lost) for relative in tv.HEADLESS_FIXTURES)]


@pytest.mark.parametrize("relative, transform", VARIANTS, ids=lambda v: getattr(v, "__name__", str(v)))
def test_every_role_as_libxml2_on_the_corpus_variants(relative, transform):
    path = tv.corpus_page(relative)
    assert_same_on(tree(transform(path.read_bytes()), str(path)), f"{path} ({transform.__name__})")


@pytest.mark.parametrize("path, transform", FIXTURE_VARIANTS, ids=lambda v: getattr(v, "__name__", str(v)))
def test_every_role_as_libxml2_on_the_fixture_variants(path, transform):
    assert assert_same_on(tree(transform(path.read_bytes()), str(path)), f"{path} ({transform.__name__})")


# --- generated markup ------------------------------------------------------------------------

# Each shape the matchers take, over a small vocabulary the markup below is drawn from.
SHAPES = [
    ".//b", ".//*", "a", "./a", "@id", "@title", ".//a/@href", ".//*/@id", "b/a/@href",
    f".//div[{cls('x')}]", f".//*[{cls('x')} or {cls('y-z')}]", f".//div[{cls('x')} and {cls('y-z')}]",
    f".//div[{cls('x')}][not({cls('y-z')})]", ".//*[starts-with(@id, 'p_')]", ".//a[contains(@href, 'u=')]",
    ".//*[@title]", ".//*[@title='t']", ".//*[@title][normalize-space()]", ".//*[starts-with(@id, 'p_')][normalize-space()]",
    ".//div[b]", ".//div[not(a)]", ".//div[.//a]", ".//div[not(.//a[@href])]", ".//div[b/a/@href]",
    f".//div[{cls('x')}]/div", f".//div[{cls('x')}]//a", f".//div[{cls('x')}]//b/a/@href", ".//div/div/b",
    f".//b/following-sibling::div[{cls('x')}][1]", ".//b/following-sibling::*[1]", ".//b/following-sibling::a",
    f".//*[starts-with(@id, 'p_')]/following-sibling::div[{cls('y-z')}][1]/a/@href",
    f".//div[a/following-sibling::b[{cls('x')}][1]]", ".//b/following-sibling::*[1]/a", ".//a/following-sibling::div[1]//b",
    ".//div[b/following-sibling::*[1]/a]", "(.//a)[1]", "(.//div//a)[1]/@href", "(.//b/@id)[1]",
    f"(.//div[{cls('x')}])[1]/@title", "div[b]//a", ".//div[(@id or @title) and b]",
    # the text is read only where a key (an attribute test) narrows the walk first
    ".//*[@title][contains(., 'w')]", ".//b[@id][starts-with(., 'w')]", ".//*[@id and starts-with(normalize-space(.), 'w v')]",
    ".//a[@href][starts-with(normalize-space(.), 'w')]/@href", ".//*[@id][normalize-space(.)][not(contains(., 'v'))]",
    f".//a[not(ancestor::div[{cls('x')}])]", ".//b[ancestor::a]", ".//*[@title][ancestor::span[@id] or contains(., 'vw')]",
]
_NAMES = ["x", "y-z", "x-y", "xx"]
_SPACES = [" ", "\t", "\n", "\r", "\xa0", "  "]


@st.composite
def markup(draw, depth: int = 0):
    el = etree.Element(draw(st.sampled_from(["div", "b", "a", "span"])))
    if draw(st.booleans()):  # tabs and newlines normalize-space() folds, a no-break space it does not
        names = draw(st.lists(st.sampled_from(_NAMES), max_size=3))
        el.set("class", draw(st.sampled_from(_SPACES)).join(names) + draw(st.sampled_from(["", " ", "\t"])))
    for attr, values in (("id", ["p_1", "p_", "q", ""]), ("href", ["?u=1", "x", ""]), ("title", ["t", ""])):
        if draw(st.integers(0, 3)) == 0:
            el.set(attr, draw(st.sampled_from(values)))
    el.text = draw(st.sampled_from([None, "", " ", "\n\t", "w", "\xa0"]))
    el.tail = draw(st.sampled_from([None, " ", "v"])) if depth else None
    if depth < 4:
        for child in draw(st.lists(st.one_of(markup(depth=depth + 1), st.just("comment")), max_size=3)):
            el.append(etree.Comment(" w ") if child == "comment" else child)
    return el


# A first matching sibling that does not lead on, before one that does (the `[1]` matters).
_SIBLINGS = etree.fromstring("<div><b id='p_1'>x</b><span>s</span><div class='y-z'>t</div>"
                             "<div class='x\ty-z'><a href='?u=1'>q</a><b>r</b></div></div>")


@settings(max_examples=400, deadline=None)
@given(markup(), st.integers(0, 30))
@example(_SIBLINGS, 0)
def test_every_shape_as_libxml2_on_generated_markup(root, pick):
    doc = etree.fromstring(f"<html><body>{etree.tostring(root, encoding='unicode')}</body></html>",
                           etree.HTMLParser())
    elements = list(doc.iter(etree.Element))
    for node in (elements[2], elements[pick % len(elements)]):  # the top element, and any other
        for src in SHAPES:
            ours, theirs = roles.compile_role(src)(node), roles.by_libxml2(etree.XPath(src, smart_strings=False))(node)
            assert same(ours, theirs), (src, etree.tostring(node), ours, theirs)


def test_every_shape_listed_is_taken():
    assert [s for s in SHAPES if roles.compile_role(s) is None] == []


# --- what is left to libxml2 -----------------------------------------------------------------

ODD = [".//div[1]", ".//a[last()]", "//div", ".//a | .//b", ".//a/text()", "..", ".//a/..",
       "ancestor::div", "following-sibling::tr[1]//a", ".//b[1]/a",
       f".//div[{cls('a b')}]", ".//a[@href!='x']", "substring-after(@href, 'u=')",
       ".//b/following-sibling::a[1][@href]", "td[2]//a", ".//a[number(@id) = 1]", "@id[starts-with(., 'x')]",
       ".//a/@*", "b//following-sibling::a", ".//a[ancestor::div[1]]", ".//a[starts-with(.., 'x')]",
       ".//a[contains(string(.), 'x')]", ".//a[normalize-space(.)='x']", ".//p[contains(., 'x')]",
       ".//*[normalize-space()]", f".//p[{cls('x')} or starts-with(normalize-space(.), 'x')]", ".//a[.//b[contains(., 'x')]]", "count(.//a)", ".//x:a", ".//a[@href='unterminated]"]


@pytest.mark.parametrize("src", ODD)
def test_other_shapes_are_left_to_libxml2(src):
    assert roles.compile_role(src) is None


def test_a_compiled_block_asks_libxml2_for_what_the_matchers_do_not_take():
    from votecount.engines.kit.base import Compiled, Selectors
    c = Compiled(Selectors(post="//div[@id]", post_id="@id", author=".//a[1]", body=".//b",
                           time_text=(".//i[contains(string(.), ':')]", f".//p[{cls('t')}]")))
    doc = tree(b"<html><body><div id='p1'><a>one</a><a>two</a><b>text</b><i>12:00</i>"
               b"<p class='t'>t</p></div></body></html>")
    post = c.posts(doc)[0]
    assert c.first("post_id", post) == "p1" and c.first("author", post) == "one"
    assert c.first("time_text", post) == "12:00" and c.element("body", post).text == "text"
    kinds = {name: isinstance(f, roles.RolePath) for name, f in c.firsts.items()}
    assert kinds == {"post_id": True, "author": False, "body": True, "time_text": False}
