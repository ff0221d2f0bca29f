"""A post's body HTML → runs of text, each with the innermost colour that wraps it and whether
it is bold: what `ballots` reads a ballot from (the colour of a vote is the colour of the text
that carries the nick)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from lxml import etree

from .colours import classify, from_element

_FRAGMENT_PARSER = etree.HTMLParser(no_network=True)
BLOCKS = frozenset("p div li tr blockquote h1 h2 h3 h4 h5 h6 pre dd dt table ul ol".split())
BOLD = frozenset(("b", "strong"))
# A word of a post, as ballots count and match them: nicks hold dots, hyphens, @ and apostrophes.
WORD = re.compile(r"[\w@.\-']+")


@dataclass(frozen=True, slots=True)
class Run:
    text: str
    colour: str  # red | blue | other | none (classified)
    bold: bool


def runs(html: str) -> list[Run]:
    """Flatten body HTML into text runs with their innermost colour and boldness."""
    if not html.strip():
        return []
    try:  # 4× faster than lxml.html.fragment_fromstring, with one parser for every post
        root = etree.fromstring(f"<html><body>{html}</body></html>", _FRAGMENT_PARSER).find("body")
    except (etree.ParserError, etree.XMLSyntaxError, ValueError):  # hopeless fragments: the text only
        root = None
    if root is None:
        return [Run(html, "none", False)]
    out: list[Run] = []
    if root.text:
        out.append(Run(root.text, "none", False))
    for child in root:
        _walk(child, "none", False, out)
    return out


def _walk(el, colour: str, bold: bool, out: list[Run]) -> None:
    """Append the runs of `el` and its tail to `out`: `colour` and `bold` are what wraps it; its
    own colour and boldness wrap its text and children; a block element is a line of its own."""
    if not isinstance(el.tag, str):
        if el.tail:
            out.append(Run(el.tail, colour, bold))
        return
    tag = el.tag.lower()
    own = from_element(el)
    inner_colour = classify(own) if own else colour
    inner_bold = bold or tag in BOLD or "bold" in (el.get("style") or "").replace(" ", "") or _official(el)
    if tag == "br":
        out.append(Run("\n", colour, bold))
    elif tag not in ("script", "style"):
        # phpBB renders [b] and [color] as <div style="display:inline;…">: no line break
        block = tag in BLOCKS and "display:inline" not in (el.get("style") or "").replace(" ", "")
        if block:
            out.append(Run("\n", colour, bold))
        if el.text:
            out.append(Run(el.text, inner_colour, inner_bold))
        for child in el:
            _walk(child, inner_colour, inner_bold, out)
        if block:
            out.append(Run("\n", colour, bold))
    if el.tail:
        out.append(Run(el.tail, colour, bold))


def _official(el) -> bool:
    """mafiascum's official vote tag, `<span class="bbvote" title="This is an official vote.">`:
    a ballot as surely as bold is (the board renders [vote]X[/vote] so)."""
    return "bbvote" in (el.get("class") or "")
