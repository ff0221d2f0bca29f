"""A post's body HTML → runs of text, each with the innermost colour that wraps it and whether
it is bold: what `ballots` reads a ballot from (the colour of a vote is the colour of the text
that carries the nick)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from lxml import etree

from .colours import classify, from_element
from .model import Post

_FRAGMENT_PARSER = etree.HTMLParser(no_network=True)
BLOCKS = frozenset("p div li tr blockquote h1 h2 h3 h4 h5 h6 pre dd dt table ul ol".split())
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
    for child in root:
        _walk(child, "none", False, out)
    return out


# Where runs(html) reads other runs than the element's: an element whose text the HTML parser
# reads raw though the serialiser escaped it (`<p>` in an iframe reads back as "&lt;p&gt;"),
# and an empty <li>, written without its end tag, so that what follows it reads back inside it.
# (script and style are left out of the runs either way.)
_READS_BACK_OTHERWISE = etree.XPath(
    "boolean(descendant::*[self::iframe or self::noembed or self::noframes or self::noscript or self::xmp"
    " or self::plaintext or self::textarea or self::title or (self::li and not(node()))])")


# Bodies longer than this carry no runs: walking a body costs 1.5-6 times what parsing its
# html again does, and a long body (a GM's write-up, never read as a ballot) would be walked
# for nothing (bench/README.md, sixth session).
CARRY_MOST = 1500


def carried_runs(html: str, body) -> tuple[str, tuple[Run, ...]] | None:
    """Post.body_runs for a post whose `html` is its cleaned `body` element serialised (the
    element's text, then its children, the ends stripped): runs(html), read from the element
    itself with no second parse. None where the two could differ and runs(html) is read as
    before: the element's own text holding "<" or "&" (the serialiser writes it unescaped),
    or an element inside that reads back otherwise; and a body over CARRY_MOST characters
    (tests/test_runs.py: the same runs on every corpus page and fixture, every real game's
    post body, generated markup)."""
    if len(html) > CARRY_MOST:
        return None
    lead = body.text or ""
    if "<" in lead or "&" in lead or _READS_BACK_OTHERWISE(body):
        return None
    out: list[Run] = []
    lead = lead.lstrip() if len(body) else lead.strip()
    if lead:
        out.append(Run(lead, "none", False))
    for child in body:
        _walk(child, "none", False, out)
    last = body[-1].tail if len(body) else None
    if last:  # the last child's tail ends the html: stripped with it, or gone when only spaces
        end = last.rstrip()
        out[-1:] = [Run(end, "none", False)] if end else []
    return html, tuple(out)


def of_post(post: Post) -> Sequence[Run]:
    """The post's runs: those carried from its element when they are of its html, else read
    from its html, else (no html) its text as one plain run."""
    if not post.html:
        return [Run(post.text, "none", False)]
    carried = post.body_runs
    if carried is not None and carried[0] == post.html:
        return carried[1]
    return runs(post.html)


def _walk(el, colour: str, bold: bool, out: list[Run]) -> None:
    """Append the runs of `el` and its tail to `out`: `colour` and `bold` are what wraps it; its
    own colour and boldness wrap its text and children; a block element is a line of its own."""
    tag = el.tag
    if not isinstance(tag, str):
        if el.tail:
            out.append(Run(el.tail, colour, bold))
        return
    tag = tag.lower()
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
    if tag == "br":
        out.append(Run("\n", colour, bold))
    elif tag != "script" and tag != "style":
        block = tag in BLOCKS and not inline
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


_classify = lru_cache(maxsize=4096)(classify)  # a page writes the same few colours again and again
