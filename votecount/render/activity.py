"""`votecount activity`: a terminal table (one table per day, then who is below the minimum),
or the rows as JSON or CSV (written by count.activity: the contract's fields)."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..count.activity import Report
from ..messages import labels, note_text
from .shown import PLAIN, Shown, printed


def _reason_counts(marks, lang: str) -> str:
    counts: dict[str, int] = {}
    for m in marks:
        for r in m.reasons:
            counts[r] = counts.get(r, 0) + 1
    words = labels("reason_word", lang)
    return ", ".join(f"{n} {words[r]}" for r, n in counts.items())


def render(report: Report, console: Console, lang: str = "en", explain: bool = False) -> None:
    w = labels("activity", lang)
    m = report.minimum
    days = list(dict.fromkeys(r.day for r in report.rows))
    for i, n in enumerate(days):
        rows = [r for r in report.rows if r.day == n]
        title = w["day"].format(n=n) + (w["open"] if n == report.open_day else "")
        table = Table(title=title, title_justify="left")
        for col in ("player", "posts", "informative", "below", "two", "marked"):
            table.add_column(w[col].format(m=m), justify="right" if col in ("posts", "informative") else "left")
        for r in rows:
            table.add_row(Text(r.player), str(r.posts), str(r.informative),
                          w["yes"] if r.below_minimum else "", w["yes"] if r.below_two_days else "",
                          _reason_counts(r.marked, lang))
        if i:
            console.print()
        console.print(table)
        below = [r.player for r in rows if r.below_minimum]
        two = [r.player for r in rows if r.below_two_days]
        console.print(w["below_line"].format(m=m, who=", ".join(below) or w["none"]), markup=False)
        console.print(w["two_line"].format(m=m, who=", ".join(two) or w["none"]),
                      style="bold red" if two else None, markup=False)
        if explain:
            for r in rows:
                for mark in r.marked:
                    p = mark.post
                    excerpt = " ".join(p.text.split())[:60]
                    console.print(f"  {r.player}: {p.post_no} ({p.time.strftime('%d.%m %H:%M')}) "
                                  f"{mark.describe(lang)}: «{excerpt}»", markup=False, highlight=False, soft_wrap=True)
    if report.unknown_authors:
        who = ", ".join(f"{a} ({n})" for a, n in report.unknown_authors)
        console.print(w["unknown"].format(who=who), style="yellow", markup=False)
    if report.dead_posting:
        who = ", ".join(f"{p} ({w['day_of']} {d}: {n})" for p, d, n in report.dead_posting)
        console.print(w["dead"].format(who=who), style="yellow", markup=False)
    console.print(w["note"], style="dim")


def table(report: Report, shown: Shown = PLAIN) -> str | None:
    """The reading's warnings, then the tables, in `shown.lang`; printed on `shown.console`, else
    returned as plain text 120 columns wide."""
    def draw(console: Console) -> None:
        for w in shown.warnings:
            console.print(f"warning: {note_text(w, 'en')}", style="yellow", markup=False)
        render(report, console, shown.lang, shown.explain)
    return printed(shown, 120, draw)


def json_text(report: Report, shown: Shown = PLAIN) -> str:
    from ..count.activity import to_json
    return to_json(report, shown.lang)


def csv_text(report: Report, shown: Shown = PLAIN) -> str:
    from ..count.activity import to_csv
    return to_csv(report, shown.lang)
