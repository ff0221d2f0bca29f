"""`--format markdown`: the count for Discourse (and any CommonMark forum with GFM tables).

Discourse has no text colour without a theme component, so red and blue are shown by a
coloured mark before the nick (🔴 / 🔵), which survives copying; the spoilers are Discourse's
`[details="…"]` blocks.
"""

from __future__ import annotations

import re

from ..model import DayResult
from . import forum_post
from .shown import PLAIN, Shown
from .words import word

MARK = {"red": "🔴", "blue": "🔵"}
# only what can start markup mid-line; lines never begin with user text, so # + - need no escape
SPECIAL = re.compile(r"([\\`*_\[\]<>|~])")


def escape(text: str) -> str:
    return SPECIAL.sub(r"\\\1", text)


def _tally(rows: list[tuple[str, str, str]], r: DayResult) -> list[str]:
    lang = r.lang
    out = [f"| {word(lang, 'candidate')} | {word(lang, 'score')} | {word(lang, 'voters')} |",
           "|---|---:|---|"]
    out += [f"| {name} | {score} | {votes} |" for name, score, votes in rows]
    return out


def _details(title: str, body: str) -> str:
    return f'[details="{title.replace(chr(34), chr(39))}"]\n{body}\n[/details]'


MARKUP = forum_post.Markup(
    escape=escape,
    bold=lambda s: f"**{s}**",
    colour=lambda s, c: f"{MARK[c]} {s}",
    link=lambda s, url: f"[{s}](<{url.replace('>', '%3E')}>)",
    spoiler=_details,
    tally=_tally,
    bullet="- ",
)


def render(results: list[DayResult], shown: Shown = PLAIN) -> str:
    return forum_post.render(MARKUP, results, shown.diffs, full=shown.detail == "full")
