"""Ballots that only emphasised text makes (RULES.md H.9, H.10): the post is narrowed to its
text in a vote colour (`vote_colours = ["green"]`) or in bold (`ballot_style = "bold_nick"`),
and that narrowed post is read as any post is (reading.read: prefixes, pass words, nicks). A
post with no such text is chatter: a nick in another colour, or not bold, is no ballot."""

from __future__ import annotations

import colorsys
import html as htmlmod
from dataclasses import replace

from lxml import etree

from ..engines.kit.colours import classify, from_element, to_rgb
from ..engines.kit.runs import Run, of_post
from ..model import Kind, Post, Reading
from .bold import bold_groups
from .names import Matcher, clean
from .rawquote import own_runs, without_quotes

# H.9: the colours a game may name, each a test of a colour as written (classified by hue, as
# red and blue are: any green hue counts as green).
VOTE_COLOURS = ("green", "red", "blue")
_PARSER = etree.HTMLParser(no_network=True)


def hue_of(value: str) -> str:
    """'green' (hue 75°-165°, saturation ≥ 0.35, value ≥ 0.25), else classify's word."""
    rgb = to_rgb(value)
    if rgb is not None:
        h, s, v = colorsys.rgb_to_hsv(*rgb)
        if s >= 0.35 and v >= 0.25 and 75 <= h * 360 <= 165:
            return "green"
    return classify(value)


def _coloured_texts(body: str, colours: tuple[str, ...]) -> list[tuple[str, str]]:
    """(text, inner HTML) of each outermost element whose own colour is one of `colours`, less
    what elements inside it that set another colour hold (bold inside is kept: H.10 reads it)."""
    try:
        root = etree.fromstring(f"<html><body>{body}</body></html>", _PARSER)
    except (etree.ParserError, etree.XMLSyntaxError, ValueError):
        return []
    if root is None:
        return []
    out = []
    for el in root.iter():
        value = from_element(el) if isinstance(el.tag, str) else None
        if value is None or hue_of(value) not in colours:
            continue
        if any((c := from_element(a)) is not None and hue_of(c) in colours for a in el.iterancestors()):
            continue
        for inner in list(el.iterdescendants()):
            c = from_element(inner) if isinstance(inner.tag, str) else None
            if c is not None and hue_of(c) not in colours:
                inner.text = ""  # its tail is the outer element's text: kept
                for child in list(inner):
                    inner.remove(child)
        inner_html = (htmlmod.escape(el.text or "")
                      + "".join(etree.tostring(c, encoding="unicode", method="html") for c in el))
        out.append((el.xpath("string()"), inner_html))
    return out




def _chatter(post: Post) -> Reading:
    return Reading(Kind.chatter, written=clean(without_quotes(post.text))[:80], extra_text=True)


def read_coloured(post: Post, matcher: Matcher, *, read, colours: tuple[str, ...]) -> Reading:
    """H.9: only text in one of `colours` is a ballot; colour words beside a nick do not apply."""
    pieces = [(t, h) for t, h in _coloured_texts(post.html or "", colours) if without_quotes(t).strip()]
    if not pieces:
        return Reading(Kind.empty) if not post.text.strip() else _chatter(post)
    return read(replace(post, text="\n".join(t.strip() for t, _ in pieces), html="<br>".join(h for _, h in pieces),
                        body_runs=None), matcher)


def _run_html(r: Run) -> str:
    """A run as HTML that reads back with its colour (red and blue are what the rules read)."""
    text = htmlmod.escape(r.text)
    return f'<span style="color: {r.colour}">{text}</span>' if r.colour in ("red", "blue") else text


def read_bold_nick(post: Post, matcher: Matcher, *, read) -> Reading:
    """H.10: the ballot is a nick in bold (no VOTE word needed); text that is not bold is chatter."""
    lines = [line for line in bold_groups(own_runs(of_post(post))) if "".join(r.text for r in line).strip()]
    if not lines:
        return Reading(Kind.empty) if not post.text.strip() else _chatter(post)
    narrowed = replace(post, text="\n".join("".join(r.text for r in line).strip() for line in lines),
                       html="<br>".join("".join(map(_run_html, line)) for line in lines), body_runs=None)
    return read(narrowed, matcher)
