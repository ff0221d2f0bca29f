"""What a role expression needs of a page (roles.role_needs), and the guard that answers None
without asking libxml2 on a page whose look proves it lacks it (roles.guarded,
pagewalk.page_lacks): never on a page, or a node of it, where libxml2 finds anything. Asked of
every expression the engines leave to libxml2, on every fixture, example and corpus page and
on the posts in them, and of generated markup; the derivation itself is a table of cases."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from lxml import etree

from corpus import all_params
from test_roles import LAYOUTS, _contexts, markup, same
from votecount import engines
from votecount.engines.kit import markers, roles
from votecount.engines.kit.base import alternatives, cls
from votecount.engines.kit.pagewalk import page_lacks, page_memo
from votecount.read.pages import tree


def _clauses(*groups) -> tuple:
    return tuple(frozenset(group) for group in groups)


M, T, I = "markup", "text", "inner"
# (expression, what it needs): one word of each clause.
CASES = [
    (f".//div[{cls('x')}]", _clauses({(M, "x")})),
    (f"//span[{cls('a')}]/following-sibling::a[{cls('b')}][1]/@href", _clauses({(M, "a")}, {(M, "b")})),
    (f".//*[{cls('x')} or {cls('y')}]", _clauses({(M, "x"), (M, "y")})),
    (f".//*[{cls('x')} or @id]", _clauses({(M, "x"), (M, "id")})),
    (f".//*[{cls('x')} or normalize-space()]", ()),  # one side needs nothing
    (f".//div[not({cls('x')})]", ()),
    (f".//div[{cls('x')}][not({cls('y')})]", _clauses({(M, "x")})),
    ("//link[@rel='next']/@href", _clauses({(M, "rel")}, {(M, "next")})),
    ("//a[@title='Next page']/@href", _clauses({(M, "title")}, {(M, "Next")})),  # the longest piece
    (".//a[starts-with(@href, '')]", ()),  # an empty literal: every element
    (".//a[contains(@href, 'u=')]", _clauses({(M, "href")}, {(M, "u=")})),
    ("(.//div[starts-with(normalize-space(), 'Last edited by')][not(ancestor::*[@itemprop='text'])])[1]",
     _clauses({(I, "edited")})),
    (".//span[contains(., 'ред.')]", _clauses({(I, "ред.")})),
    ("//span[contains(., 'ред.')]", _clauses({(T, "ред.")})),  # from the root: anywhere on the page
    ("following-sibling::span[contains(., 'x')]", _clauses({(T, "x")})),  # beside the node
    (".//a[ancestor::div[contains(., 'zz')]]", _clauses({(T, "zz")})),  # above it
    (".//a[.//b[contains(., 'zz')]]", _clauses({(I, "zz")})),
    (".//a[//b[contains(., 'zz')]]", _clauses({(T, "zz")})),  # a <b> anywhere on the page
    (".//a[contains(., 'x')] | (//b[contains(., 'zz')])[1]", _clauses({(I, "x"), (T, "zz")})),
    (".//a[ancestor-or-self::div[contains(., 'zz')]]", _clauses({(T, "zz")})),  # itself or above
    (f".//a[contains(., 'zz')][not(ancestor-or-self::div[{cls('x')}])]", _clauses({(I, "zz")})),
    (f".//a[contains(., 'zz')] | .//b[{cls('x')}]", _clauses({(I, "zz"), (M, "x")})),
    (f"//*[self::strong or self::b][following-sibling::a[1][{cls('nav')}]]/following-sibling::a[{cls('nav')}][1]",
     _clauses({(M, "nav")}, {(M, "nav")})),
    (f".//a[{cls('x')}] | .//b[{cls('y')}]", _clauses({(M, "x"), (M, "y")})),
    (f".//a[{cls('x')}] | .//b", ()),
    (f".//td[2]//a[{cls('x')}]", _clauses({(M, "x")})),
    (f".//a[ancestor::div[{cls('x')}]]", _clauses({(M, "x")})),
    (f".//a[not(ancestor::div[{cls('x')}])]", ()),
    (f"substring-after((.//a[{cls('x')}]/@href)[1], 'u=')", ()),  # a string: not read
    (f"count(.//a[{cls('x')}])", ()),
    (f".//a[{cls('a b')}]", ()),  # a class name with a space: no class test is read
]


@pytest.mark.parametrize("source, needs", CASES, ids=[c[0][:60] for c in CASES])
def test_what_an_expression_needs(source, needs):
    assert roles.role_needs(source) == needs


def test_a_guarded_lookup_answers_none_only_where_the_page_lacks_what_it_needs():
    xpath = etree.XPath(f"//a[{cls('nav')}]/@href")
    first = roles.guarded(roles.by_libxml2(xpath), roles.role_needs(xpath.path))
    doc = tree(b"<html><body><a class='nav' href='2'>2</a></body></html>")
    assert first(doc) == "2"
    doc = tree(b"<html><body><a class='navx' href='2'>2</a></body></html>")
    assert first(doc) is None and page_lacks(doc, roles.role_needs(xpath.path)) is False  # may hold: asked
    doc = tree(b"<html><body><a class='other' href='2'>2</a></body></html>")
    assert page_lacks(doc, roles.role_needs(xpath.path)) and first(doc) is None
    copy = etree.fromstring("<html><body><a class='nav' href='3'>3</a></body></html>", etree.HTMLParser())
    assert first(copy) == "3"  # a tree not the page being read: never guarded


# Every expression the engines leave to libxml2, page-level ones (next_page, topic) included.
GUARDED = sorted({src for _, lay in LAYOUTS for src in alternatives(lay.selectors)[0].values()
                  if roles.compile_role(src) is None and roles.role_needs(src)})


def _markers(record) -> set[str]:
    found: set[str] = set()
    for group in ("markers", "requires", "excludes", "claims"):
        for marker in getattr(record, group, ()):
            found.update([marker] if isinstance(marker, str) else marker)
    return found


# Detection's markers left to libxml2 (markers.has), which the same guard spares.
MARKERS = sorted({m for e in engines.PARSERS for record in (e, *e.layouts) for m in _markers(record)
                  if not markers._id_test(m) and not markers._walk_test(m) and roles.role_needs(m)})


def _nothing(found) -> bool:
    return found in (None, "", [], False) or found != found  # NaN: number() of nothing


def test_the_engines_leave_guardable_expressions_to_libxml2():
    assert len(GUARDED) >= 10, GUARDED
    assert len(MARKERS) >= 15, MARKERS


@pytest.mark.parametrize("path", all_params())
def test_a_guarded_expression_gives_libxml2s_answer_on_every_node_of_every_page(path):
    """Where the page lacks what an expression needs, or a post's text the words it needs
    inside the post, libxml2 finds nothing: the guarded lookup's answer is libxml2's."""
    doc = tree(path.read_bytes(), str(path))
    nodes = [doc, *_contexts(doc)]
    page_memo(doc)  # _contexts read the page: its memo is the page's again
    for src in GUARDED:
        plain = roles.by_libxml2(etree.XPath(src, smart_strings=False))
        first = roles.guarded(plain, roles.role_needs(src))
        for node in [doc] if src.lstrip("(").startswith("//") else nodes:  # from the root: the page's
            assert same(first(node), plain(node)), f"{path}: {src!r} on {node.tag} line {node.sourceline}"
    for marker in MARKERS:
        if page_lacks(doc, roles.role_needs(marker)):
            assert not etree.XPath(f"boolean({marker})")(doc), f"{path}: {marker!r}"
            assert not markers.has(doc, marker), f"{path}: {marker!r}"


def test_the_guard_spares_smf_pages_without_a_page_index_their_walk():
    """bay12's 1.8 MB SMF page has neither of SMF's page-index classes: libxml2 is not asked."""
    from corpus import CORPUS
    path = CORPUS / "smf/bay12-smf2-darkling-necromancer.html"
    if not path.exists():
        pytest.skip(f"{path} absent")
    doc = tree(path.read_bytes(), str(path))
    smf = next(lay for name, lay in LAYOUTS if name == "smf")
    for src in alternatives(smf.selectors)[0].values():
        if "navPages" in src or "current_page" in src:
            assert page_lacks(doc, roles.role_needs(src)), src


# --- generated markup ------------------------------------------------------------------------

SHAPES = [
    f"//div[{cls('x')}]", f"//*[{cls('x')} or {cls('y-z')}]", f"//b/following-sibling::a[{cls('x')}][1]/@href",
    f"//*[self::b or self::a][following-sibling::a[1][{cls('x-y')}]]/following-sibling::a[{cls('x-y')}][1]",
    f"//span[{cls('xx')}]/following-sibling::*[{cls('x')}][1]", f".//*[{cls('x')}][not({cls('y-z')})]",
    "//*[@title='t']", "//*[starts-with(@id, 'p_')]", ".//a[contains(@href, 'u=')]/@href",
    "(.//div[starts-with(normalize-space(), 'w v')])[1]", ".//*[contains(., 'vw')][not(ancestor::a)]",
    ".//*[@title][contains(., 'wv')]", ".//b[ancestor::div[contains(., 'vw')]]", "following-sibling::*[contains(., 'v')]",
    ".//a[//b[contains(., 'vw')]]",
    f".//a[{cls('x')}] | .//b[@title]", f".//div[2][{cls('y-z')}]", f".//*[ancestor::span[{cls('xx')}]]",
]


@settings(max_examples=300, deadline=None)
@given(markup())
@example(etree.fromstring("<div><b>x</b><a class='x-y' href='1'>y</a></div>"))
@example(etree.fromstring("<div>v<span>w<b>x</b></span></div>"))  # an ancestor's text, outside the <span>
@example(etree.fromstring("<div><b>vw</b><span><a>x</a></span></div>"))  # a <b> beside the <span>
def test_on_generated_markup_an_expression_finds_nothing_where_its_needs_are_lacked(root):
    data = f"<html><body>{etree.tostring(root, encoding='unicode')}</body></html>".encode()
    doc = tree(data, "generated")
    nodes = list(doc.iter(etree.Element))
    for src in SHAPES:
        needs = roles.role_needs(src)
        assert needs, src
        xpath = etree.XPath(src)
        if page_lacks(doc, needs):
            assert all(_nothing(xpath(node)) for node in nodes), (src, data)
        plain = roles.by_libxml2(etree.XPath(src, smart_strings=False))
        first = roles.guarded(plain, needs)
        assert all(same(first(node), plain(node)) for node in nodes), (src, data)
