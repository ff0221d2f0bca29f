"""Renderers: DayResult / posts / activity → table, JSON, CSV, BBCode, Markdown, HTML. Pure
functions returning text (a table may print to the terminal instead).

`RENDERERS` is the one list of output formats: each names, for what it can render (a count,
the extracted posts, the activity report), the function that renders it ('module:function' in
this package, imported when used; called as function(what, shown)), and the extensions of -o
that pick it. The commands' --format choices and -o's extension table are derived from it, so
a new format is one entry here and its module.

May import: votecount.model, votecount.messages, votecount.errors, votecount.count.activity
(the activity report's records), votecount (the version, in the HTML report).
"""

from __future__ import annotations

from dataclasses import dataclass

from .shown import Shown


@dataclass(frozen=True)
class Renderer:
    extensions: tuple[str, ...]  # -o's extensions that pick this format when -f is not given
    count: str | None = None  # renders a count: list[DayResult]
    posts: str | None = None  # renders the extracted posts: a Thread
    activity: str | None = None  # renders `activity`'s Report
    terminal: bool = False  # printed on the terminal's console (colours) to standard output
    # its values are the contract's (CONTRACT.md): a ballot keeps the colour it was counted
    # with even in a preset without colours, where the reports a person reads show none
    counted_colours: bool = False
    aliases: tuple[str, ...] = ()  # other names -f takes for it ("md", as -o x.md picks markdown)


RENDERERS = {
    "table": Renderer((".txt",), count="table:render", posts="posts:table",
                      activity="activity:table", terminal=True),
    "json": Renderer((".json",), count="json_out:render", posts="posts:json_text",
                     activity="activity:json_text", counted_colours=True),
    "csv": Renderer((".csv",), count="csv_out:render", posts="posts:csv_text",
                    activity="activity:csv_text", counted_colours=True),
    "bbcode": Renderer((".bbcode",), count="bbcode:render"),
    "markdown": Renderer((".md", ".markdown"), count="markdown:render", aliases=("md",)),
    "html": Renderer((".html", ".htm"), count="html:render"),
}
DEFAULT = "table"  # without -f and without an extension of -o that names a format

EXTENSIONS = {ext: name for name, r in RENDERERS.items() for ext in r.extensions}
ALIASES = {alias: name for name, r in RENDERERS.items() for alias in r.aliases}


def formats(subject: str) -> tuple[str, ...]:
    """The formats that render `subject` ('count', 'posts' or 'activity'), in the list's order."""
    return tuple(name for name, r in RENDERERS.items() if getattr(r, subject))


def choices(subject: str) -> tuple[str, ...]:
    """What -f takes for `subject`: its formats, then their aliases."""
    names = formats(subject)
    return names + tuple(a for a, name in ALIASES.items() if name in names)


def render(fmt: str, subject: str, what, shown: Shown) -> str | None:
    """`what` (a `subject`) in `fmt`: the text, or None when printed on `shown.console`."""
    entry = RENDERERS.get(fmt)
    target = getattr(entry, subject, None) if entry is not None else None
    if target is None:
        raise ValueError(f"unknown format {fmt!r}")  # the CLI's choices keep this from users
    from importlib import import_module
    module, _, function = target.partition(":")
    return getattr(import_module(f".{module}", __name__), function)(what, shown)


def report(fmt: str, results, *, explain: bool = False, previous: dict | None = None,
           console=None, detail: str | None = None) -> str | None:
    """The count in `fmt`. `previous` (diff.load_previous) adds what changed since then;
    `detail` ("public" | "full", --public / --full) overrides the format's own level of detail.

    A table with a `console` is printed to it (colours on a terminal) and None is returned;
    every other case returns the whole text, so the CLI can write a file whole or not at all.
    """
    diffs = None
    if previous is not None:
        from .diff import diffs_for
        diffs = diffs_for(results, previous)
    shown = Shown(explain=explain, previous=previous, diffs=diffs, console=console, detail=detail)
    from .colours import uncoloured
    entry = RENDERERS.get(fmt)
    as_shown = list(results) if entry is None or entry.counted_colours else [uncoloured(r) for r in results]
    return render(fmt, "count", as_shown, shown)
