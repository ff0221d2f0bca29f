"""Detection's markers asked of a page (`has`), each equal to libxml2's `boolean(xpath)`
(tests/engines/test_detection.py and test_pagequeries.py compare them on every page the project
knows and on generated markup), the cheapest way its shape allows:

- through libxml2's table of ids (`//tag[@id='x']`);
- by lxml's walk, stopping at the first hit (`//tag[cls('x')]`, `//tag[contains(., 'x') or …]`);
- by libxml2, not asked of a page whose look proves it lacks what the expression needs
  (roles.role_needs: a class, a link, a script's name).
"""

from __future__ import annotations

import re

from lxml import etree

from .markup import _CLS_TEST, has_class, string_value
from .pagewalk import _ID, document_iter, lacks, lacks_text, page_lacks
from .roles import role_needs

_EXISTS: dict[str, object] = {}
_BY_ID = re.compile(r"//(\w+)\[@id='([\w-]+)'\]")
_ONE_STEP = re.compile(r"//(\w+)\[(.*)\]", re.S)
_CONTAINS = re.compile(r"contains\(\., '([^']*)'\)")


def has(doc, xpath: str | tuple[str, ...]) -> bool:
    """Detection helper: the document has at least one node for `xpath` (for a tuple: for
    any of them). Compiled once per expression (detection runs 15 engines' markers over a
    thread's first page)."""
    if not isinstance(xpath, str):
        return any(has(doc, x) for x in xpath)
    test = _EXISTS.get(xpath)
    if test is None:
        test = _EXISTS[xpath] = _id_test(xpath) or _walk_test(xpath) or _libxml2_test(xpath)
    return test(doc)


def _libxml2_test(xpath: str):
    """libxml2's `boolean(xpath)`, not asked of a page whose look proves it lacks what the
    expression needs (roles.role_needs: detection's markers name classes, links, scripts)."""
    exists, needs = etree.XPath(f"boolean({xpath})"), role_needs(xpath)
    if not needs:
        return exists
    return lambda doc: not page_lacks(doc, needs) and exists(doc)


def _id_test(xpath: str):
    """`//div[@id='pun-viewtopic']` asked through libxml2's table of ids, not by a walk of every
    element (3 µs against 200 µs a page). The HTML parser files every id attribute there (and
    <a name>), keeping the first of duplicates, so: no entry → no such element; an entry of
    another tag → the full walk decides."""
    m = _BY_ID.fullmatch(xpath)
    if not m:
        return None
    tag, name = m.groups()
    walk = etree.XPath(f"boolean({xpath})")

    def test(doc) -> bool:
        found = _ID(doc, name=name)
        if not found:
            return False
        return found[0].tag == tag or walk(doc)
    return test


def _walk_test(xpath: str):
    """`//tag[cls('x')]` or `//tag[contains(., 'x') or contains(., 'y')…]` as lxml's walk of
    the tag's elements that stops at the first hit (SMF's script marker: its script is in the
    <head>; Curse's `div.j-comment-body` is in the first post). `.` is the string value."""
    m = _ONE_STEP.fullmatch(xpath)
    if not m:
        return None
    tag, pred = m.groups()
    klass = _CLS_TEST.fullmatch(pred)
    if klass:
        name = klass.group(1)
        return lambda doc: (not lacks(doc, name)
                            and any(has_class(el, name) for el in document_iter(doc, tag)))
    words = [_CONTAINS.fullmatch(p) for p in pred.split(" or ")]
    if not all(words):
        return None
    words = [w.group(1) for w in words]
    return lambda doc: (not lacks_text(doc, *words)
                        and any(any(w in text for w in words)
                                for text in map(string_value, document_iter(doc, tag))))
