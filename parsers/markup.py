"""Markup helpers every engine module shares: text of an element (lines kept), whitespace
squashed, ids taken from URLs, quotes and signatures removed from a copy of the body, and the
detection helpers (`has`, `generator`). Pure functions of lxml trees; base.py re-exports them.
"""

from __future__ import annotations

import copy
import re

from lxml import etree

BLOCK_TAGS = frozenset("p div li tr blockquote h1 h2 h3 h4 h5 h6 pre dd dt table ul ol".split())

_DIGITS = re.compile(r"\d+")
_LINE_SPACES = re.compile(r"[^\S\n]+")  # every space but the line break (Unicode spaces too: U+2003, U+3000, U+1680)


def squash(text: str) -> str:
    """Runs of whitespace (no-break spaces too) as one space, none at the ends. str.split() sees
    the same characters as whitespace as a regex's backslash-s does, ten times faster."""
    return " ".join(text.split())


def digits(text: str) -> str:
    m = _DIGITS.search(text or "")
    return m.group(0) if m else ""


def take(rx: re.Pattern, text: str) -> str:
    """The id `rx` finds in `text`: its first group, else the whole match; '' if none."""
    m = rx.search(text or "")
    if not m:
        return ""
    return (m.group(1) if rx.groups else m.group(0)) or ""


def text_of(el) -> str:
    """Visible text with <br> and block ends as newlines (ballot lines matter)."""
    out: list[str] = []

    def walk(node):
        if not isinstance(node.tag, str):  # comments, processing instructions
            if node.tail:
                out.append(node.tail)
            return
        tag = node.tag.lower()
        if tag in ("script", "style"):
            pass
        elif tag == "br":
            out.append("\n")
        else:
            if tag in BLOCK_TAGS:  # a block starts a new line: "Вася<div>…" is not "Вася…"
                out.append("\n")
            if node.text:
                out.append(node.text)
            for child in node:
                walk(child)
            if tag in BLOCK_TAGS:
                out.append("\n")
        if node.tail:
            out.append(node.tail)

    if el.text:
        out.append(el.text)
    for child in el:
        walk(child)
    # One substitution over the whole text, not one per line (a tenth of reading a post).
    lines = (line.strip() for line in _LINE_SPACES.sub(" ", "".join(out)).split("\n"))
    return "\n".join(line for line in lines if line)


def remove(el) -> None:
    """Remove an element but keep its tail text in place."""
    parent = el.getparent()
    if parent is None:
        return
    tail = el.tail
    if tail:
        prev = el.getprevious()
        if prev is not None:
            prev.tail = (prev.tail or "") + tail
        else:
            parent.text = (parent.text or "") + tail
    parent.remove(el)


def cleaned(body, drops):
    """`body` without quotes, signatures, notices, struck text: a copy when it has any, else
    `body` itself (most posts quote nobody: the document's own body is read as it is)."""
    found = [el for xp in drops for el in xp(body) if el is not body]
    if found:
        body = copy.deepcopy(body)
        for xp in drops:
            for el in xp(body):
                if el is not body:
                    remove(el)
    return body


def clean_body(body, drops) -> tuple[str, str]:
    """(html, text) of a copy of `body` without quotes, signatures, notices, struck text."""
    body = cleaned(body, drops)
    inner = (body.text or "") + "".join(
        etree.tostring(child, method="html", encoding="unicode") for child in body)
    return inner.strip(), text_of(body)


_EXISTS: dict[str, object] = {}
_BY_ID = re.compile(r"//(\w+)\[@id='([\w-]+)'\]")
_ID = etree.XPath("id($name)")


def has(doc, xpath: str | tuple[str, ...]) -> bool:
    """Detection helper: the document has at least one node for `xpath` (for a tuple: for
    any of them). Compiled once per expression (detection runs 15 engines' markers over a
    thread's first page)."""
    if not isinstance(xpath, str):
        return any(has(doc, x) for x in xpath)
    test = _EXISTS.get(xpath)
    if test is None:
        test = _EXISTS[xpath] = _id_test(xpath) or etree.XPath(f"boolean({xpath})")
    return test(doc)


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


_GENERATOR = etree.XPath("//meta[translate(@name,'GENRATO','genrato')='generator']/@content")


def generator(doc) -> str:
    return " ".join(_GENERATOR(doc)).lower()


_HEAD = etree.XPath("boolean(/html/head/*)")


def headless(doc) -> bool:
    """The page lost its <head> (an archive kept the body only): the engine markers a head
    carries are gone, so detection asks the body's own markup, which costs a walk of the page
    and is not asked of complete pages."""
    return not _HEAD(doc)
