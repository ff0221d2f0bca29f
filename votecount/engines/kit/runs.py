"""A post's body HTML → runs of text, each with the innermost colour that wraps it and whether
it is bold: what `ballots` reads a ballot from (the colour of a vote is the colour of the text
that carries the nick)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from lxml import etree

from .markup import BLOCK_TAGS as BLOCKS  # the lines the text walk reads
from .colours import classify, from_element
from ...model import Post

_FRAGMENT_PARSER = etree.HTMLParser(no_network=True)
BOLD = frozenset(("b", "strong"))
# A word of a post, as ballots count and match them: nicks hold dots, hyphens, @ and apostrophes.
WORD = re.compile(r"[\w@.\-']+")


class Run(NamedTuple):  # made for every piece of every post: 2.4x faster than a frozen dataclass
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
    text: list[str] = []  # the walk's text pieces, not wanted here
    sink = (out, text)
    for child in root:
        _walk(child, "none", False, sink)
    return out


# Where runs(html) reads other runs than the element's: an element whose text the HTML parser
# reads raw though the serialiser escaped it (`<p>` in an iframe reads back as "&lt;p&gt;"),
# and an empty <li>, written without its end tag, so that what follows it reads back inside it.
# (script and style are left out of the runs either way.)
_RAW_TEXT = ("iframe", "noembed", "noframes", "noscript", "xmp", "plaintext", "textarea", "title")


def _reads_back_otherwise(body) -> bool:
    """Whether `body` holds (below itself) one of _RAW_TEXT's elements or an <li> with no node:
    the XPath `descendant::*[self::iframe or … or (self::li and not(node()))]`, asked with
    lxml's tag filter (a walk in C) instead of libxml2's test of every element, a quarter of
    the cost on long bodies. An <li> with an empty text node has a node: its text is '', not None."""
    for el in body.iter(*_RAW_TEXT, "li"):
        if el is not body and (el.tag != "li" or (el.text is None and not len(el))):
            return True
    return False


# Bodies longer than this carry no runs: their text is read alone (votecount.engines.kit.markup.text_of).
# A long body (a GM's write-up) is seldom read as a ballot, and the runs' share of the walk
# costs more, over every long body, than reading the runs from the html of the few that are
# (bench/README.md, sixth and seventh sessions).
CARRY_MOST = 1500


def read_body(html: str, body) -> tuple[str, tuple[str, tuple[Run, ...]] | None] | None:
    """(text, carried) of a post whose `html` is its cleaned `body` element serialised (the
    element's text, then its children, the ends stripped), in one walk of the element; None
    for a body over CARRY_MOST characters. `text` is the text votecount.engines.kit.markup.text_of reads,
    before its squash_lines; `carried` is Post.body_runs, runs(html) read from the element
    itself with no second parse. `carried` is None where the two could differ and runs(html)
    is read as before: the element's own text holding "<" or "&" (the serialiser writes it
    unescaped), or an element inside that reads back otherwise (tests/test_runs.py: the same
    text and runs on every corpus page and fixture, every real game's post body, generated
    markup)."""
    if len(html) > CARRY_MOST:
        return None
    lead = body.text or ""
    out: list[Run] = []
    text: list[str] = [lead]
    sink = (out, text)
    for child in body:
        _walk(child, "none", False, sink)
    if "<" in lead or "&" in lead or _reads_back_otherwise(body):
        return "".join(text), None
    lead = lead.lstrip() if len(body) else lead.strip()
    if lead:
        out.insert(0, Run(lead, "none", False))
    last = body[-1].tail if len(body) else None
    if last:  # the last child's tail ends the html: stripped with it, or gone when only spaces
        end = last.rstrip()
        out[-1:] = [Run(end, "none", False)] if end else []
    return "".join(text), (html, tuple(out))


def of_post(post: Post) -> Sequence[Run]:
    """The post's runs: those carried from its element when they are of its html, else read
    from its html, else (no html) its text as one plain run."""
    if not post.html:
        return [Run(post.text, "none", False)]
    carried = post.body_runs
    if carried is not None and carried[0] == post.html:
        return carried[1]
    return runs(post.html)


def _walk(el, colour: str, bold: bool, sink: tuple[list[Run], list[str]]) -> None:
    """Append the runs of `el` and its tail to `sink`'s runs: `colour` and `bold` are what wraps
    it; its own colour and boldness wrap its text and children; a block element is a line of
    its own. Its text as votecount.engines.kit.markup.text_of reads it goes to `sink`'s text: the runs' text,
    but a block's line breaks written even when the block is displayed inline (text_of knows
    no styles)."""
    out, text = sink
    tag = el.tag
    if not isinstance(tag, str):
        if el.tail:
            out.append(Run(el.tail, colour, bold))
            text.append(el.tail)
        return
    tag = tag.lower()
    if tag == "br":  # before the element's own colour, which wraps nothing here (half of a long
        out.append(Run("\n", colour, bold))  # post's elements are <br>)
        text.append("\n")
    elif tag != "script" and tag != "style":
        style, classes = el.get("style"), el.get("class")
        inner_colour, inner_bold, inline = colour, bold or tag in BOLD, False
        if style or classes or el.tag == "font":  # else no colour of its own (colours.from_element)
            own = from_element(el)
            flat = style.replace(" ", "") if style else ""
            inner_colour = _classify(own) if own else colour
            # mafiascum's official vote tag, <span class="bbvote">: a ballot as surely as bold is
            inner_bold = inner_bold or "bold" in flat or "bbvote" in (classes or "")
            # phpBB renders [b] and [color] as <div style="display:inline;…">: no line break
            inline = "display:inline" in flat
        block = tag in BLOCKS
        if block:
            _line_break(sink, colour, bold, inline)
        if el.text:
            out.append(Run(el.text, inner_colour, inner_bold))
            text.append(el.text)
        for child in el:
            _walk(child, inner_colour, inner_bold, sink)
        if block:
            _line_break(sink, colour, bold, inline)
    if el.tail:
        out.append(Run(el.tail, colour, bold))
        text.append(el.tail)


def _line_break(sink: tuple[list[Run], list[str]], colour: str, bold: bool, inline: bool) -> None:
    """A block's edge: a line break in the text, and in the runs unless displayed inline."""
    out, text = sink
    text.append("\n")
    if not inline:
        out.append(Run("\n", colour, bold))


_classify = lru_cache(maxsize=4096)(classify)  # a page writes the same few colours again and again
