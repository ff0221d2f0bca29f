"""Sections of the HTML report beyond the tally (html.py puts them together): the violations,
grouped and collapsed by kind when there are many; each player's vote history; the candidate
filter of the timeline; the who-voted-whom matrix of a whole game. Everything from the thread
is escaped here.

A busy day (BUSY ballots or more: 2,500 posts on a big forum day) keeps the page light: the
timeline draws the candidates' score lines without a lane per voter, each ballot is in the
history instead of a table of its own, and the violations of a kind are one collapsed list
of players and posts. The whole day then stays under 600 KB (tests/test_public_post.py).
"""

from __future__ import annotations

from html import escape

from ..messages import say
from ..model import DayResult, Violation
from . import history
from .words import Clock, post_link, term, word

BUSY = 400  # ballots from which a day is drawn light
GROUP_AT = 12  # violations from which they are grouped by kind, each kind collapsed


def link(text: str, url: str | None) -> str:
    """`text` (already escaped) linked to `url`; the page's <base> opens links in a new tab."""
    return f'<a href="{escape(url)}">{text}</a>' if url else text


def violations(r: DayResult, clock: Clock) -> str:
    """The violations: one list, or, from GROUP_AT on, a collapsed list per kind (a busy day's
    lists say only the player and the post)."""
    lang = r.lang
    if not r.violations:
        return f"<h3>{word(lang, 'violations')}</h3><p>{word(lang, 'none')}</p>"
    urls = {b.post.post_id: post_link(b.post.url, r.thread.url) for b in r.ballots}
    head = f"<h3>{word(lang, 'violations')} ({len(r.violations)})</h3>"
    if len(r.violations) < GROUP_AT:
        items = "".join(_item(v, urls, clock, lang) for v in r.violations)
        return f'{head}<ul class="violations">{items}</ul>'
    kinds: dict[str, list[Violation]] = {}
    for v in r.violations:
        kinds.setdefault(v.code, []).append(v)
    busy = len(r.ballots) >= BUSY
    parts = [head]
    for code, group in sorted(kinds.items(), key=lambda kv: -len(kv[1])):
        if busy:
            body = ", ".join(_short(v, urls) for v in group)
            body = f'<p class="violations">{body}</p>'
        else:
            body = f'<ul class="violations">{"".join(_item(v, urls, clock, lang) for v in group)}</ul>'
        parts.append(f'<details class="kind"><summary>{escape(term(lang, "code", code))} '
                     f'<span class="rule">{escape(group[0].rule)}</span> ({len(group)})</summary>{body}</details>')
    return "".join(parts)


def _item(v: Violation, urls: dict, clock: Clock, lang: str) -> str:
    where = ""
    if v.post_no is not None:
        where = link(f"{word(lang, 'post')} {v.post_no}, {clock.time(v.time)}", urls.get(v.post_id)) + ": "
    code = "" if lang == "ru" else f" {escape(v.code)}"  # a code is English: the Russian report says the effect
    return (f'<li><strong>{escape(v.player)}</strong> <span class="rule">{escape(v.rule)}{code} · '
            f"{escape(term(lang, 'effect', v.effect))}</span> {where}{escape(v.message)}</li>")


def _short(v: Violation, urls: dict) -> str:
    post = f" {link(str(v.post_no), urls.get(v.post_id))}" if v.post_no is not None else ""
    return f"{escape(v.player)}{post}"


def history_section(r: DayResult, clock: Clock) -> str:
    """Each player's ballots of the day in order; collapsed on a busy day."""
    rows = history.lines(r, clock)
    if not rows:
        return ""
    items = "".join(f"<li><strong>{escape(voter)}</strong>: {escape(steps)}</li>" for voter, steps in rows)
    title = say("post.history", r.lang)
    if len(r.ballots) >= BUSY:
        return f'<details><summary>{title} ({len(rows)})</summary><ul class="history">{items}</ul></details>'
    return f'<h3>{title}</h3><ul class="history">{items}</ul>'


def candidate_filter(r: DayResult) -> str:
    """A choice of one candidate whose line and ballots the timeline then shows alone (report.js)."""
    if len(r.tally) < 2:
        return ""
    options = "".join(f'<option value="{escape(row.candidate)}">{escape(row.candidate)}</option>' for row in r.tally)
    return (f'<label class="filter">{say("html.filter", r.lang)} <select class="candidate-filter" '
            f'data-day="{r.day}"><option value="">{say("html.filter_all", r.lang)}</option>{options}</select></label>')


def matrix_section(results: list[DayResult]) -> str:
    """Who voted for whom over the game: a row per voter, a column per target, the days in the cell."""
    voters, targets, cells = history.matrix(results)
    if not voters:
        return ""
    lang = results[-1].lang
    head = "".join(f"<th>{escape(t)}</th>" for t in targets)
    rows = []
    for v in voters:
        tds = "".join(f'<td class="num">{", ".join(map(str, cells.get((v, t), ())))}</td>' for t in targets)
        rows.append(f"<tr><th>{escape(v)}</th>{tds}</tr>")
    return (f'<h3>{say("post.matrix", lang)}</h3><p class="meta">{say("html.matrix_note", lang)}</p>'
            f'<div class="table-wrap"><table class="matrix"><thead><tr><th></th>{head}</tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table></div>')
