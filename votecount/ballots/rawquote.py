"""Quotes whose BBCode the board failed to render (seen in real English threads): a literal
`[QUOTE]` (or `[quote=Name]`) in the post's text, usually followed by "On January 18 2015 12:11
Name wrote:", the quoted post, and `[/QUOTE]`, or nothing more to the end of the post. Such a
block is a quote like a rendered one: its votes are never ballots (RULES.md H.*: words never
count inside quotes). Nested blocks close in order; an unclosed one runs to the post's end."""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..engines.kit.runs import Run

_TAG = re.compile(r"\[(/?)quote(?:=[^\]\n]{0,80})?\]", re.IGNORECASE)


def spans(text: str) -> list[tuple[int, int]]:
    """The [start, end) spans of the literal quote blocks of `text`, outermost only."""
    out, depth, start = [], 0, 0
    for m in _TAG.finditer(text):
        if not m.group(1):
            if depth == 0:
                start = m.start()
            depth += 1
        elif depth:
            depth -= 1
            if depth == 0:
                out.append((start, m.end()))
    if depth:
        out.append((start, len(text)))
    return out


def without_quotes(text: str) -> str:
    """`text` less its literal quote blocks (a line break kept in their place)."""
    cut = spans(text) if "[" in text else []
    if not cut:
        return text
    pieces, at = [], 0
    for start, end in cut:
        pieces += (text[at:start], "\n")
        at = end
    return "".join(pieces) + text[at:]


def own_runs(parts: Sequence[Run]) -> Sequence[Run]:
    """The runs less the characters of literal quote blocks (each run keeps its colour and
    boldness); the same runs when there is none."""
    if not any("[" in r.text for r in parts):
        return parts
    cut = spans("".join(r.text for r in parts))
    if not cut:
        return parts
    out, pos = [], 0
    for r in parts:
        end = pos + len(r.text)
        kept = "".join(ch for i, ch in enumerate(r.text, pos) if not any(a <= i < b for a, b in cut))
        if kept:
            out.append(Run(kept, r.colour, r.bold))
        pos = end
    return out
