"""`--format bbcode`: the count ready to paste into phpBB, vBulletin, IPB, SMF, MyBB, mybb.ru.

Only tags every one of them knows are used: [b], [color=red|blue], [url=…]. The spoiler is a
bare `[spoiler]` (no title argument, whose syntax differs between forums) after a bold title,
so a forum without the tag still shows everything readably. The link goes outside the colour:
forums style links with their own colour, which would hide an outer [color].
"""

from __future__ import annotations

from ..model import DayResult
from . import forum_post
from .shown import PLAIN, Shown

# "[" followed by a zero-width space is not a tag on any engine, and looks the same; names.py
# drops zero-width characters, so a nick copied back from the post still matches.
ZWSP = "\u200b"


def escape(text: str) -> str:
    return text.replace("[", "[" + ZWSP)


def _url(url: str) -> str:
    # a "]" would end the tag early; forums accept it percent-encoded
    return url.replace("]", "%5D").replace("[", "%5B").replace(" ", "%20")


def _tally(rows: list[tuple[str, str, str]], r: DayResult) -> list[str]:
    return [f"[b]{name} — {score}[/b]: {votes}" for name, score, votes in rows]


MARKUP = forum_post.Markup(
    escape=escape,
    bold=lambda s: f"[b]{s}[/b]",
    colour=lambda s, c: f"[color={c}]{s}[/color]",
    link=lambda s, url: f"[url={_url(url)}]{s}[/url]",
    spoiler=lambda title, body: f"[b]{title}[/b]\n[spoiler]\n{body}\n[/spoiler]",
    tally=_tally,
)


def render(results: list[DayResult], shown: Shown = PLAIN) -> str:
    return forum_post.render(MARKUP, results, shown.diffs, full=shown.detail == "full")
