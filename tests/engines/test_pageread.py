"""The page-read speed work changes no output: each faster step is compared with the way it
was done before, kept here only as the reference.

- text_of's lines: runs of spaces squashed by str.split() per line, as the pattern
  `[^\\S\\n]+` over the whole text did (hypothesis, every kind of Unicode space);
- clean_body: the drops asked once of the page's own body and found again in the copy, as
  asking them again of the copy did (every post body of every corpus page and fixture);
- the found elements located in the copy by their paths of child indexes, as an index of
  every element of the body and of its copy located them (hypothesis, random trees);
- a long body's children written back from one serialisation of the body, as writing each
  child did (hypothesis, random markup; every corpus body through clean_body).
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

from votecount import engines
from corpus import all_params
from votecount.engines.kit import markup
from votecount.errors import VotecountError
from votecount.read.pages import tree

PAGES = all_params("detect")  # fixtures, examples, corpus (tests/corpus.py): each engine's bodies

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
        engine = engines.detect(doc, None, str(path))
    except VotecountError:
        return None, []
    c = (engine.layout(doc) or engine.layouts[0]).compiled
    if "body" not in c.alts:
        return c, []
    return c, [b for b in (c.element("body", el) for el in c.posts(doc)) if b is not None]


def _bodies_or_fail(path: Path):
    c, bodies = _bodies(path)
    if c is None:  # a corpus page no engine claims yet is a strict xfail (tests/corpus.py)
        pytest.fail(f"{path.name}: not a page of one engine")
    return c, bodies


@pytest.mark.parametrize("path", PAGES)
def test_clean_body_as_asking_the_drops_of_the_copy(path: Path):
    c, bodies = _bodies_or_fail(path)
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


def old_copied(body, found: list) -> tuple[object, list]:
    wanted = set(found)
    places = {el: i for i, el in enumerate(body.iter()) if el in wanted}
    twin = copy.deepcopy(body)
    nodes = list(twin.iter())
    return twin, [nodes[places[el]] for el in found if el in places]


@st.composite
def _tree_and_found(draw):
    """A random body (elements, comments, text) and some of its descendants, in any order,
    nested ones and repeats included, as several drops find them."""
    def grow(el, depth):
        for _ in range(draw(st.integers(0, 4 if depth < 3 else 0))):
            if draw(st.integers(0, 4)) == 0:
                child = etree.Comment("c")
                el.append(child)
            else:
                child = etree.SubElement(el, draw(st.sampled_from(["div", "b", "blockquote", "br"])))
                child.text = draw(st.sampled_from([None, "", "t"]))
                grow(child, depth + 1)
            child.tail = draw(st.sampled_from([None, " x "]))
    body = etree.Element("div")
    grow(body, 0)
    inside = [el for el in body.iter() if el is not body]
    found = draw(st.lists(st.sampled_from(inside), max_size=5)) if inside else []
    return body, found


@settings(max_examples=300, deadline=None)
@given(_tree_and_found())
def test_copied_finds_the_same_elements_as_the_index_of_every_element(case):
    body, found = case
    old_twin, old_found = old_copied(body, found)
    new_twin, new_found = markup._copied(body, found)
    path = lambda twin, els: [twin.getroottree().getpath(e) for e in els]  # noqa: E731
    assert path(new_twin, new_found) == path(old_twin, old_found)
    assert all(e.getroottree().getroot() is new_twin for e in new_found)
    assert etree.tostring(new_twin) == etree.tostring(old_twin)


def old_inner_html(body) -> str:
    return ((body.text or "") + "".join(
        etree.tostring(child, method="html", encoding="unicode") for child in body)).strip()


_BODY_TAGS = st.sampled_from(["div", "td", "blockquote", "p", "span", "script", "style", "pre", "li"])
_BODY_ATTRS = st.sampled_from(["", ' class="post"', ' title="a&lt;b&gt;c"', " title='\"<br>'",
                               ' href="<br> x"', ' <br="c"', ' a<b', ' data-x="</div>"', ' id=x'])
_PIECES = st.sampled_from(["text ", "&amp;", "&lt;br&gt;", "<br>", "<br>x", "<b>b</b>", "<!-- c -->",
                           "<i title='<br>'>i</i>", "\xa0", "\r\n", "<span><br></span>", "é",
                           "<script>a<b</script>", "<p>p"])


@settings(max_examples=400, deadline=None)
@given(_BODY_TAGS, _BODY_ATTRS, st.lists(_PIECES, min_size=12, max_size=40))  # long: 8+ children, mostly
def test_inner_html_of_a_long_body_as_writing_each_child(tag, attrs, pieces):
    html = f"<html><body><{tag}{attrs} id='vc'>{''.join(pieces)}</{tag}></body></html>"
    for body in tree(html.encode(), "generated", whole=True).xpath("//*[@id='vc']"):
        assert markup.inner_html(body) == old_inner_html(body), html


# --- the drops as one walk (markup.drop_walk) against their union ----------------------------

from votecount.engines.kit.base import STRUCK  # noqa: E402

LAYOUTS = [(e.name, lay) for e in engines.PARSERS for lay in e.layouts]
UNIONS = {(name, lay.name): (etree.XPath(" | ".join(lay.selectors.drop + STRUCK)),
                             etree.XPath(markup.drop_walk(lay.selectors.drop + STRUCK)))
          for name, lay in LAYOUTS}
# The walk in Python (markup.DropWalk), for the layouts whose every drop it knows.
MATCHERS = {(name, lay.name): (etree.XPath(" | ".join(lay.selectors.drop + STRUCK)), matcher)
            for name, lay in LAYOUTS
            if (matcher := markup.drop_matcher(lay.selectors.drop + STRUCK)) is not None}


def test_the_python_walk_serves_most_layouts_and_the_compiled_blocks_use_it():
    assert len(MATCHERS) >= len(LAYOUTS) // 2, sorted(MATCHERS)
    for name, lay in LAYOUTS:
        kind = markup.DropWalk if (name, lay.name) in MATCHERS else etree.XPath
        assert isinstance(lay.compiled.drop[0], kind), (name, lay.name)


@pytest.mark.parametrize("path", PAGES)
def test_drop_walk_finds_what_the_union_finds_in_every_body(path: Path):
    c, bodies = _bodies_or_fail(path)
    for key, (union, walk) in {**UNIONS, **{("python",) + k: v for k, v in MATCHERS.items()}}.items():
        for body in bodies:  # every engine's drops, on this page's bodies
            assert walk(body) == union(body), key


_CLASSES = sorted({m for name, lay in LAYOUTS for d in lay.selectors.drop
                   for m in re.findall(r"' (\S+) '", d)})
_TAGS = ["div", "p", "span", "blockquote", "table", "td", "a", "s", "pre", "code", "aside", "dl"]


@st.composite
def bodies(draw, depth=0):
    tag = draw(st.sampled_from(_TAGS))
    el = etree.Element(tag)
    if draw(st.booleans()):  # the spaces normalize-space() folds, and one it does not
        el.set("class", draw(st.sampled_from([" ", "\t", "\n ", "\xa0"])).join(
            draw(st.lists(st.sampled_from(_CLASSES + ["quote-box\xa0x", "QUOTE", ""]), max_size=3))))
    if draw(st.integers(0, 5)) == 0:
        el.set("style", draw(st.sampled_from(["text-decoration: LINE-THROUGH", "color: red", "",
                                              "text-decoration:line-through", "LİNE-THROUGH",
                                              "line-throug"])))
    el.text = draw(st.sampled_from(["", "Сообщение от x", "vote", "Last edited by"]))
    if depth < 4:
        for child in draw(st.lists(bodies(depth=depth + 1), max_size=3)):
            el.append(child)
    return el


@settings(max_examples=300, deadline=None)
@given(bodies())
def test_drop_walk_finds_what_the_union_finds_on_generated_bodies(body):
    root = etree.Element("div")
    root.append(body)
    for key, (union, walk) in {**UNIONS, **{("python",) + k: v for k, v in MATCHERS.items()}}.items():
        assert walk(root) == union(root), key


def _check_cleaned_text(body, key) -> None:
    """markup.cleaned_text: the body cleaned as `cleaned` cleans it, and the text of what is
    left from the walk that finds the drops (with no DropWalk: no text)."""
    union, walk = MATCHERS[key]
    for drops in ((walk,), (union,)):
        kept, lines = markup.cleaned_text(body, drops)
        assert markup.serialised(kept) == old_clean_body(body, (union,)), key
        assert (lines is None) == (drops[0] is union), key
        if lines is not None:
            assert markup.squash_lines(lines) == markup.text_of(kept), key


@pytest.mark.parametrize("path", PAGES)
def test_cleaned_text_is_the_text_of_the_cleaned_body_in_every_body(path: Path):
    c, bodies = _bodies_or_fail(path)
    for key in MATCHERS:
        for body in bodies:  # every engine's drops, on this page's bodies
            _check_cleaned_text(body, key)


@settings(max_examples=200, deadline=None)
@given(bodies())
def test_cleaned_text_is_the_text_of_the_cleaned_body_on_generated_bodies(body):
    root = etree.Element("div")
    root.append(body)
    body.tail = "tail"
    for key in MATCHERS:
        _check_cleaned_text(root, key)


def test_the_drop_walk_answers_alike_past_the_values_it_remembers():
    """A DropWalk keeps what each class and style value holds; past _REMEMBERED values it
    forgets them all and finds them again: the same elements, on a body of ever new values."""
    walk = markup.drop_matcher((f".//span[{engines.kit.base.cls('quote')}]",) + STRUCK)
    parts = [f"<span class='c{i} quote'>q</span><b style='color:#{i:06x};TEXT-DECORATION: Line-Through'>s</b>"
             f"<span class='c{i}'>k</span><i style='color:#{i:06x}'>k</i>" for i in range(markup._REMEMBERED + 10)]
    body = etree.fromstring("<div>" + "".join(parts) + "</div>")
    union = etree.XPath(" | ".join((f".//span[{engines.kit.base.cls('quote')}]",) + STRUCK))
    for _ in range(2):  # the second time from what is remembered
        assert walk(body) == union(body)
        assert len(walk(body)) == 2 * (markup._REMEMBERED + 10)
    assert len(walk._classes) <= markup._REMEMBERED and len(walk._styles) <= markup._REMEMBERED


def test_the_python_walk_takes_only_the_shapes_it_knows():
    assert markup.drop_matcher((".//blockquote", f".//div[{engines.kit.base.cls('quote')}]") + STRUCK)
    for odd in (".//div[1]", ".//*", ".//a/b", "./span", ".//p[contains(., 'x')]",
                ".//div[@id='x']", f".//div[{engines.kit.base.cls('a')}][{engines.kit.base.cls('b')}]",
                f".//p[{engines.kit.base.cls('a')} or starts-with(., 'x')]"):
        assert markup.drop_matcher((".//blockquote", odd)) is None, odd


def test_drop_walk_leaves_other_shapes_in_the_union():
    walk = markup.drop_walk((".//div[1]", ".//p[last()]", ".//s", "./span", ".//a/b", ".//i[count(b)]"))
    assert walk == ".//*[(self::s)] | .//div[1] | .//p[last()] | ./span | .//a/b | .//i[count(b)]"
    doc = tree(b"<html><body><div><div>a</div><div>b</div><p>x</p><p>y</p><s>z</s></div></body></html>")
    outer = doc.xpath("//body/div")[0]
    both = etree.XPath(" | ".join((".//div[1]", ".//p[last()]", ".//s")))
    assert etree.XPath(markup.drop_walk((".//div[1]", ".//p[last()]", ".//s")))(outer) == both(outer)
