"""`votecount activity` as a terminal table: one table per day, then who is below the minimum."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..activity import Report

WORDS = {
    "ru": {"day": "День {n}", "open": " (идёт: посты на сейчас)", "player": "игрок", "posts": "постов",
           "informative": "информ.", "below": "< {m}", "two": "< {m} два дня", "marked": "помечены",
           "yes": "да", "none": "нет", "below_line": "Меньше {m} информативных: {who}",
           "two_line": "Меньше {m} два дня подряд (C3.14: автокил, решает ведущий): {who}",
           "unknown": "Пишут, но не в составе и не ведущий: {who}",
           "dead": "Пишут, выбыв из игры (4.4): {who}", "day_of": "день",
           "note": "Помеченные посты — догадка; информативность решает ведущий (4.1)."},
    "en": {"day": "Day {n}", "open": " (in progress: posts so far)", "player": "player", "posts": "posts",
           "informative": "informative", "below": "< {m}", "two": "< {m} two days", "marked": "marked",
           "yes": "yes", "none": "nobody", "below_line": "Below {m} informative posts: {who}",
           "two_line": "Below {m} two days running (C3.14: modkill, the GM's call): {who}",
           "unknown": "Posting but neither on the roster nor GM: {who}",
           "dead": "Posting while out of the game (4.4): {who}", "day_of": "day",
           "note": "Marked posts are a guess; what is informative is the GM's call (4.1)."},
}


def _reason_counts(marks) -> str:
    counts: dict[str, int] = {}
    for m in marks:
        for r in m.reasons:
            counts[r] = counts.get(r, 0) + 1
    return ", ".join(f"{n} {r}" for r, n in counts.items())


def render(report: Report, console: Console, lang: str = "en", explain: bool = False) -> None:
    w = WORDS.get(lang, WORDS["en"])
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
                          _reason_counts(r.marked))
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
