"""Page-level queries without libxml2's walk of the whole page where one is not needed.

libxml2 builds every node set whole: `boolean(//div[@id='x'])` walks the page even when the
first div matches, and its XPath walk of a long page costs several times lxml's walk of the
same tree (bay12's 1.8 MB SMF page: 3.5 ms for `//div` against 0.5 ms). So a page-level
query is answered here, each equal to the XPath it stands for (tests/engines/test_detection.py
and test_pagequeries.py compare them on every page the project knows and on generated markup):

- through libxml2's table of ids (`//tag[@id='x']`: `has_id`, `by_id`; detection's markers
  are asked in markers.py);
- what a page or a post proves it lacks (`lacks`, `page_lacks`: an expression's needs, roles.py);
- the thread's title (`page_title`: the `title` role's walks, else libxml2; the page's
  <title> as the fallback, `title_text`), script texts (`script_texts`);
- text nodes holding a phrase, asked only for the phrases the page's look holds
  (`texts_containing`: the zone line, IPB's page index).
"""

from __future__ import annotations

import functools
import itertools
import re
import threading

from lxml import etree

from .look import Look, tops  # (phpBB 2 imports tops from here)
from .markup import _CLS_TEST, has_class, squash, string_value, text_of

# What is found once per page, per thread: (the page's document, {key: what was found}).
_PAGE = threading.local()


def page_memo(doc=None) -> dict:
    """The memo of the page `doc` (a new one when another page was asked before); with no
    `doc`, the memo of the page being read. Keys: ("posts", id(block)), ("layout",
    id(engine)), ("clock", date order), (expression, node) for a first result, "look" (the
    page's look, votecount/engines/kit/look.py: see `lacks`), "page bytes" (what libxml2 parsed, kept by
    pages.tree for the look), "head comments" (pages.py),
    "smf divs" (smf.py).
    (Here and not in base.py, which re-exports it: the walks ask for the look.)"""
    held = getattr(_PAGE, "held", None)
    if held is None or (doc is not None and held[0] is not doc):
        held = _PAGE.held = (doc, {})
    return held[1]


def page_look(doc, *, write: bool = False) -> Look | None:
    """The page's look (votecount/engines/kit/look.py), made once a page and kept in its memo: from the bytes
    pages.tree parsed, else, when `write` (detection asks so), from the tree written back; else
    None, and nothing is known."""
    memo = page_memo(doc)
    seen = memo.get("look")
    if seen is None and (write or "page bytes" in memo):
        seen = memo["look"] = Look(doc, memo.get("page bytes"))
    return seen


def node_text(node) -> str:
    """A node's string value, found once a node of the page being read (roles.guarded asks it
    for each expression that needs a word of a post's text)."""
    memo = page_memo()
    found = memo.get(("text", node))
    if found is None:
        found = memo["text", node] = string_value(node)
    return found


def current_look(doc) -> Look | None:
    """The look of `doc` when it is the page being read and has one (no new memo is made: a
    thread's other page keeps its own)."""
    held = getattr(_PAGE, "held", None)
    return held[1].get("look") if held is not None and held[0] is doc else None


def lacks(doc, *words: str) -> bool:
    """The page's look proves that no tag or attribute name, attribute value or comment holds
    any of `words` (a class, an id, a link): then no walk for them is needed."""
    seen = page_look(doc)
    return seen is not None and not any(seen.may_hold(w) for w in words)


def page_lacks(node, needs: tuple) -> bool:
    """The look of the page being read proves that it lacks every word of one of `needs`'
    clauses (roles.guarded: role_match.Needs), `node` being in that page (a copy of a post is
    not: its hook may have changed it); found once a page."""
    held = getattr(_PAGE, "held", None)
    if held is None or node.getroottree().getroot() is not held[0]:
        return False
    found = held[1].get(("lacks", id(needs)))
    if found is None or found[0] is not needs:
        seen = page_look(held[0])
        asks = {"markup": seen.may_hold, "text": seen.may_hold_text} if seen is not None else None
        lacked = asks is not None and any(not any(asks["text" if kind == "inner" else kind](word)
                                                  for kind, word in clause) for clause in needs)
        found = held[1]["lacks", id(needs)] = (needs, lacked)
    return found[1]


def lacks_text(doc, *words: str) -> bool:
    """The page's look proves that no text, nor any element's string value, holds any of
    `words` (a script's word, `contains(., w)`)."""
    seen = page_look(doc)
    return seen is not None and not any(seen.may_hold_text(w) for w in words)


_ID = etree.XPath("id($name)")


_ROLE = re.compile(r"(\()?//(\w+)(?:\[([^\[\]]*)\])?(?:(//?)(\w+))?(?(1)\)\[1\])")


def role_walk(xpath: str):
    """A page-level role of the shape `//a[cls('x')]`, `//a[cls('x')]/b` or `//a[cls('x')]//b`
    (the class test may be absent; the whole may be in `(…)[1]`) as lxml's walk: a function of
    the document giving the same elements in document order, lazily (a title needs the first
    only); None for other shapes. The elements walked are the last step's: a `b` is selected
    when its parent (`/b`) or an ancestor (`//b`) is an `a` of the class, so document order and
    uniqueness are the walk's."""
    m = _ROLE.fullmatch(xpath)
    if m is None:
        return None
    klass = _CLS_TEST.fullmatch(m.group(3)) if m.group(3) is not None else None
    if m.group(3) is not None and klass is None:
        return None
    first, outer, axis, inner = m.group(1), m.group(2), m.group(4), m.group(5)
    name = klass.group(1) if klass else None

    def test(el) -> bool:
        return name is None or has_class(el, name)

    def found(doc):
        return iter(()) if name is not None and lacks(doc, name) else walk(doc)

    if axis is None:
        def walk(doc):
            return (el for el in document_iter(doc, outer) if test(el))
    elif axis == "/":
        def walk(doc):
            return (el for el in document_iter(doc, inner)
                    if (up := el.getparent()) is not None and up.tag == outer and test(up))
    else:
        def walk(doc):
            return (el for el in document_iter(doc, inner) if any(map(test, el.iterancestors(outer))))
    return (lambda doc: itertools.islice(found(doc), 1)) if first else found


def has_id(doc, name: str) -> bool:
    """Some element has the id `name` (or is an <a name>): libxml2's table of ids, no walk.
    False proves that no `//tag[@id='name']` exists, whatever the tag."""
    return bool(_ID(doc, name=name))


def by_id(doc, tag: str, name: str):
    """The elements `//tag[@id='name']` selects, in document order, the first from libxml2's
    table of ids: the walk of the page only when the caller asks for a second, or when the
    table's entry for `name` is of another tag (see _id_test). No entry: no such element."""
    found = _ID(doc, name=name)
    if not found:
        return
    if found[0].tag == tag:
        yield found[0]
    yield from _walk_by_id(tag)(doc, name=name)[1 if found[0].tag == tag else 0:]


@functools.cache
def _walk_by_id(tag: str):
    return etree.XPath(f"//{tag}[@id=$name]", smart_strings=False)


def document_iter(doc, tag):
    """Every element (or comment, with `etree.Comment`) `//tag` selects, in document order,
    by lxml's walk of the tree. libxml2 may leave a second element beside the root: it and the
    comments beside the root are walked too."""
    for node in tops(doc):
        yield from node.iter(tag)


_TEXT = etree.XPath("text()", smart_strings=False)
_TITLE_TEXT = etree.XPath("//title/text()", smart_strings=False)


def title_text(doc) -> str:
    """`squash(" ".join(//title/text()))`, the page's <title>, by libxml2: every title of the
    page counts (an SVG's too), and finding the last one is a walk of the page whatever asks
    (lxml's walk with a count of "<title" in the look cost 3.6 M instructions on bay12's
    page against libxml2's 3.0 M)."""
    return squash(" ".join(_TITLE_TEXT(doc)))


def script_texts(doc, word: str):
    """`//script[contains(., word)]/text()`, in document order: the HTML parser reads a script
    as raw text, so a script holds no element and the texts come script by script."""
    if lacks_text(doc, word):
        return
    for script in document_iter(doc, "script"):
        if word in string_value(script):
            yield from _TEXT(script)


def texts_containing(doc, phrases: tuple[str, ...], then: str = "") -> list:
    """`//text()[contains(., p1) or …]` followed by the step `then`. With the page's look, only
    the phrases its texts may hold are asked for, and nothing when they hold none."""
    seen = page_look(doc)
    if seen is not None:
        phrases = tuple(p for p in phrases if seen.may_hold_text(p))
        if not phrases:
            return []
    return _texts_xpath(phrases, then)(doc)


@functools.cache
def _texts_xpath(phrases: tuple[str, ...], then: str):
    # /descendant::text() is //text() walked once (`//` is descendant-or-self::node()/child::,
    # a node set of every node first): the same nodes in the same order
    return etree.XPath("/descendant::text()[" + " or ".join(f"contains(., '{p}')" for p in phrases) + "]" + then)


def page_title(c, doc) -> str:
    """The thread title by the selectors (the first alternative that finds an element or a
    non-empty string, as base.Compiled.first), else the page's <title>."""
    for name in c.alts.get("title", ()):
        walk = c.walks.get(c.xp.sources[name])
        found = next(iter(walk(doc)), None) if walk is not None else c.xp[name](doc)
        if isinstance(found, list):
            found = found[0] if found else None
        if found is not None and found != "":
            return squash(found if isinstance(found, str) else text_of(found)) or title_text(doc)
    return title_text(doc)
