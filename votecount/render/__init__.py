"""Renderers: DayResult / posts → table, JSON, CSV, BBCode, Markdown, HTML. Pure functions
returning text; `report` is the one dispatch the CLI calls for a count."""

from __future__ import annotations

FORMATS = ("table", "json", "csv", "bbcode", "markdown", "html")


def report(fmt: str, results, *, explain: bool = False, previous: dict | None = None,
           console=None) -> str | None:
    """The count in `fmt`. `previous` (diff.load_previous) adds what changed since then.

    A table with a `console` is printed to it (colours on a terminal) and None is returned;
    every other case returns the whole text, so the CLI can write a file whole or not at all.
    """
    diffs = None
    if previous is not None:
        from .diff import diffs_for
        diffs = diffs_for(results, previous)
    if fmt == "json":
        import json

        from .json_out import day_dict
        data = [day_dict(r, explain) for r in results]
        if diffs is not None:
            for d in data:
                d["diff"] = diffs[d["day"]]
        payload = data if len(data) != 1 else data[0]
        return json.dumps(payload, ensure_ascii=False, indent=2) + "\n"
    if fmt == "csv":
        from . import csv_out
        return csv_out.render(results, previous)
    if fmt == "bbcode":
        from . import bbcode
        return bbcode.render(results, diffs)
    if fmt == "markdown":
        from . import markdown
        return markdown.render(results, diffs)
    if fmt == "html":
        from . import html
        return html.render(results, diffs)
    if fmt == "table":
        return _table(results, explain, diffs, console)
    raise ValueError(f"unknown format {fmt!r}")  # the CLI's enum keeps this from users


def _table(results, explain, diffs, console) -> str | None:
    import io

    from rich.console import Console, Group
    from rich.text import Text

    from .table import day_renderables
    from .words import word
    buf = None
    if console is None:
        buf = io.StringIO()
        console = Console(file=buf, width=120, color_system=None, highlight=False)
    for i, r in enumerate(results):
        if i:
            console.print()
        parts = day_renderables(r, explain)
        if diffs is not None:
            parts.append(Text(word(r.lang, "changes") + ":", style="bold"))
            parts += [Text(f"  {line}") for line in diffs[r.day]["lines"]]
        # soft_wrap: long lines are left to the terminal to wrap (rich wrapping 1,500
        # violation lines itself took 0.3 s, longer than counting them)
        console.print(Group(*parts), soft_wrap=True)
    return None if buf is None else buf.getvalue()
