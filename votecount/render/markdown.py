"""`--format markdown`: the count for Discourse (and any CommonMark forum with GFM tables).

The post is written by the package's template templates/markdown.j2 over forum_post.day_data
(a GM copies it for --template). Discourse has no text colour without a theme component, so red
and blue are shown by a coloured mark before the nick (🔴 / 🔵), which survives copying; the
spoilers are Discourse's `[details="…"]` blocks.
"""

from __future__ import annotations

from ..model import DayResult
from .escapes import markdown as escape  # noqa: F401 (user text made safe in Markdown)
from .shown import PLAIN, Shown
from .template import fill, shipped_template


def render(results: list[DayResult], shown: Shown = PLAIN) -> str:
    return fill(shipped_template("markdown.j2"), results, diffs=shown.diffs, full=shown.detail == "full")
