"""How a renderer shows what it renders: the options every renderer is called with (each reads
the fields it needs), and the one way a table is printed on the terminal or into text."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Shown:
    explain: bool = False  # --explain: each ballot's story, each marked post's reason
    lang: str = "en"  # the language of a report that does not carry its own (activity)
    previous: dict | None = None  # --diff: the earlier count (diff.load_previous)
    diffs: dict | None = None  # what changed since, by day (diff.diffs_for)
    console: Any = None  # a rich Console to print a table to (the terminal); None: return the text
    warnings: tuple[str, ...] = ()  # the reading's warnings, for a table that shows them
    # --public / --full: the level of detail, when not the format's own (None): the posts
    # (bbcode, markdown) are public and the table, JSON, CSV and HTML are the GM's full view
    detail: str | None = None


PLAIN = Shown()


def printed(shown: Shown, width: int, draw: Callable[[Any], None]) -> str | None:
    """`draw(console)` on the terminal's console (None returned), or on a plain one of `width`
    columns whose text is returned, so a file is written whole or not at all."""
    if shown.console is not None:
        draw(shown.console)
        return None
    import io

    from rich.console import Console
    buf = io.StringIO()
    draw(Console(file=buf, width=width, color_system=None, highlight=False))
    return buf.getvalue()
