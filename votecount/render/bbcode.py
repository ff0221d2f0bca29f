"""`--format bbcode`: the count ready to paste into phpBB, vBulletin, IPB, SMF, MyBB, mybb.ru.

The post is written by the package's template templates/bbcode.j2 over forum_post.day_data (a
GM copies it for --template). Only tags every one of those engines knows are used: [b],
[color=red|blue], [url=…]. The spoiler is a bare `[spoiler]` (no title argument, whose syntax
differs between forums) after a bold title, so a forum without the tag still shows everything
readably. The link goes outside the colour: forums style links with their own colour, which
would hide an outer [color]. A `[` in user text is followed by a zero-width space (escapes.py).
"""

from __future__ import annotations

from ..model import DayResult
from .escapes import ZWSP  # noqa: F401 (the escape's character, for tests and callers)
from .escapes import bbcode as escape  # noqa: F401 (user text made safe in BBCode)
from .shown import PLAIN, Shown
from .template import fill, shipped_template


def render(results: list[DayResult], shown: Shown = PLAIN) -> str:
    return fill(shipped_template("bbcode.j2"), results, diffs=shown.diffs, full=shown.detail == "full")
