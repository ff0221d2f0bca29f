"""`--format html`: one self-contained page (no external scripts, fonts or CDNs) per count.

Each day is a section: outcome, tally with voters linked to their posts, runoff, changes since
the last count, the vote timeline (timeline.py), violations, missing voters and every ballot.
A whole game adds a summary per player. The page's look lives in report/report.css, the
tooltip script in report/report.js, the skeleton in report/report.html; they are inlined so
the file works offline. Everything that comes from the thread is escaped here.
"""

from __future__ import annotations

from collections import defaultdict
from html import escape
from importlib.resources import files
from string import Template

from .. import __version__
from ..model import Ballot, DayResult, TallyRow
from . import timeline
from .shown import PLAIN, Shown
from ..messages import say
from .html_parts import BUSY, candidate_filter, history_section, matrix_section, violations
from .words import Clock, deadline_words, in_voting_order, interim_heading, num, runoff_names, term, warnings, word


def _asset(name: str) -> str:
    return files(__package__).joinpath("report", name).read_text(encoding="utf-8")


def _chip(name: str, colour: str, url: str | None, weight: float = 1.0) -> str:
    cls = f"chip {colour}" if colour in ("red", "blue") else "chip"
    body = escape(name)
    tag = (f'<a class="{cls}" href="{escape(url)}" target="_blank" rel="noopener">{body}</a>' if url
           else f'<span class="{cls}">{body}</span>')
    return tag + (f' <span class="weight">×{num(weight)}</span>' if weight != 1 else "")


def _tally(rows: tuple[TallyRow, ...], ballots, lang: str, names: dict[str, str] | None = None, *,
           colours: bool = True) -> str:
    """The tally table; the red and blue columns only in a preset with colours; the penalty is
    said in the voters' cell too ("штраф +2"), which a phone still shows."""
    if not rows:
        return f"<p>{word(lang, 'no_votes')}</p>"
    urls = {b.post.post_id: b.post.url for b in ballots}
    # the red / blue / penalty columns are details a phone can do without (class "detail")
    sides = (("red", "num detail"), ("blue", "num detail")) if colours else ()
    head = "".join(f'<th class="{cls}">{word(lang, k)}</th>' for k, cls in
                   (("candidate", ""), ("score", "num"), *sides, ("penalty", "num detail"), ("voters", "")))
    body = []
    for row in rows:
        # the chips are the separators (a comma after a padded chip read as a stray space)
        voters = " ".join(_chip(v.voter, v.colour, urls.get(v.post_id), v.weight)
                          for v in in_voting_order(row.votes))
        if row.penalty:
            pen = f'<span class="penalty">{escape(say("post.penalty", lang, n=num(row.penalty)))}</span>'
            voters = f"{voters} {pen}" if voters else pen
        cells = (f'<td class="num detail">{num(row.red)}</td><td class="num detail">{num(row.blue)}</td>'
                 if colours else "")
        body.append(f"<tr><td><strong>{escape((names or {}).get(row.candidate, row.candidate))}</strong></td>"
                    f'<td class="num"><strong>{num(row.score)}</strong></td>{cells}'
                    f'<td class="num detail">{num(row.penalty) if row.penalty else ""}</td>'
                    f"<td>{voters or '—'}</td></tr>")
    return (f'<div class="table-wrap"><table class="tally"><thead><tr>{head}</tr></thead>'
            f'<tbody>{"".join(body)}</tbody></table></div>')


def _chart(ballots, rows, *, opens, deadline, flags, lang: str, label: str,
           names: dict[str, str] | None = None) -> str:
    """The figure of the vote timeline and its legend (drawn with the marks' own shapes); ""
    when there is nothing to draw. A busy day (html_parts.BUSY) draws no lane per voter."""
    fr = timeline.frame(ballots, opens, deadline, flags)
    if fr is None:
        return ""
    lanes = len(ballots) < BUSY
    legend = f'<figcaption class="legend">{timeline.key(lang)}</figcaption>' if lanes else ""
    drawn = timeline.svg(ballots, rows, fr, lang=lang, label=label, names=names, lanes=lanes)
    return f'<figure class="chart"><div class="chart-scroll">{drawn}</div>{legend}</figure>'


def _ballot_rows(ballots: tuple[Ballot, ...], lang: str, clock: Clock) -> str:
    out = []
    for b in ballots:
        target = b.target or (word(lang, b.kind) if b.kind in ("pass", "withdraw") else b.reading.written)
        post = f"{word(lang, 'post')} {b.post.post_no}"
        if b.post.url:
            post = f'<a href="{escape(b.post.url)}" target="_blank" rel="noopener">{post}</a>'
        codes = ", ".join(v.code if lang != "ru" else term(lang, "code", v.code) for v in b.violations)
        out.append(f'<tr class="status-{b.status}"><td class="num">{escape(clock.time(b.post.time))}</td>'
                   f"<td>{post}</td><td>{escape(b.voter)}</td><td>{_chip(target or '?', b.colour, None, b.weight)}</td>"
                   f"<td>{word(lang, b.status)}</td><td>{escape(codes)}</td></tr>")
    head = "".join(f"<th>{word(lang, k)}</th>" for k in ("time", "post", "voter", "target", "status", "violations"))
    return (f'<div class="table-wrap"><table class="ballots"><thead><tr>{head}</tr></thead>'
            f'<tbody>{"".join(out)}</tbody></table></div>')


def day_section(r: DayResult, diff: dict | None = None) -> str:
    """A day's section of the report: the heading, the outcome, the tally, the changes since
    the last count (given `diff`), the timeline, the runoff, the violations, who is missing,
    and every ballot."""
    lang = r.lang
    clock = Clock.of_day(r)
    parts = [f'<section class="day" id="day-{r.day}" data-day="{r.day}">', *_heading(r, clock), *_outcome(r, clock),
             _tally(r.tally, r.ballots, lang, colours=r.colours)]
    if diff is not None:
        parts.append(f"<h3>{word(lang, 'changes')}</h3><ul class=\"diff\">"
                     + "".join(f"<li>{escape(x)}</li>" for x in diff["lines"]) + "</ul>")
    parts.append(f"<h3>{word(lang, 'timeline')}</h3>{candidate_filter(r)}")
    parts.append(_chart(r.ballots, r.tally, opens=r.opens, deadline=r.deadline, flags=r.flags, lang=lang,
                        label=f"{word(lang, 'day')} {r.day}"))
    parts += _runoff(r, clock)
    parts.append(violations(r, clock))
    parts.append(f"<h3>{word(lang, 'missing_yet' if r.outcome.kind == 'open' else 'missing')} ({len(r.missing)})</h3>"
                 f"<p>{escape(', '.join(r.missing)) if r.missing else word(lang, 'none')}</p>")
    parts.append(history_section(r, clock))
    if len(r.ballots) >= BUSY:  # a busy day: each ballot is in the history; the table would be megabytes
        parts.append(f'<p class="meta">{escape(say("html.ballots_busy", lang, n=len(r.ballots)))}</p>')
    else:
        parts.append(f"<details><summary>{word(lang, 'ballots')} ({len(r.ballots)})</summary>"
                     f"{_ballot_rows(r.ballots, lang, clock)}</details>")
    parts.append("</section>")
    return "\n".join(parts)


def _heading(r: DayResult, clock: Clock) -> list[str]:
    """The day and its deadline, the rules, the interim heading, the warnings."""
    lang = r.lang
    parts = [f"<h2>{word(lang, 'day')} {r.day} <small>{escape(deadline_words(r, clock))}</small></h2>",
             f'<p class="meta">{word(lang, "rules")}: {escape(r.rules)}</p>']
    interim = interim_heading(r)
    if interim:
        parts.append(f'<p class="interim"><strong>{escape(interim)}</strong></p>')
    for w in warnings(r):
        parts.append(f'<p class="warnings">{word(lang, "warnings")}: {escape(w)}</p>')
    return parts


def _outcome(r: DayResult, clock: Clock) -> list[str]:
    """The outcome, the moments that closed the day, the modkills."""
    lang = r.lang
    parts = [f'<div class="outcome {escape(r.outcome.kind)}"><strong>{word(lang, "outcome")}: '
             f"{escape(r.outcome.note or r.outcome.kind)}</strong></div>"]
    for key, moment in r.flags.items():
        if moment is not None:
            parts.append(f'<p class="flags">{word(lang, key)}: {escape(clock.time(moment))}</p>')
    if r.modkills:
        parts.append(f'<p class="warnings"><strong>{word(lang, "modkills")}: {escape(", ".join(r.modkills))}</strong></p>')
    return parts


def _runoff(r: DayResult, clock: Clock) -> list[str]:
    """The runoff, when there is one: its heading, then pending, or its tally, timeline and
    who has not voted in it."""
    ro, lang = r.runoff, r.lang
    if ro is None:
        return []
    parts = [f"<h3>{word(lang, 'runoff')} ({word(lang, 'runoff_mode_' + ro.mode)}): "
             f"{escape(', '.join(ro.candidates))} <small>({word(lang, 'deadline')}: "
             f"{escape(clock.time(ro.deadline))})</small></h3>"]
    if not ro.counted:
        return parts + [f"<p>{word(lang, 'runoff_pending')}</p>"]
    names = runoff_names(ro, lang)
    parts.append(_tally(ro.tally, ro.ballots, lang, names, colours=r.colours))
    parts.append(_chart(ro.ballots, ro.tally, opens=r.deadline, deadline=ro.deadline, flags={}, lang=lang,
                        label=word(lang, "runoff"), names=names))
    if ro.missing:
        parts.append(f"<p>{word(lang, 'missing')}: {escape(', '.join(ro.missing))}</p>")
    return parts


def summary_section(results: list[DayResult]) -> str:
    """Per player over the game: the day they were eliminated, missed votes, modkills."""
    lang = results[-1].lang
    eliminated: dict[str, int] = {}
    strikes: dict[str, int] = defaultdict(int)
    modkilled: dict[str, int] = {}
    players: list[str] = []
    for r in results:
        players += r.roster
        if r.outcome.kind == "lynch":
            for name in r.outcome.eliminated:
                eliminated.setdefault(name, r.day)
        for v in r.violations:
            if v.code == "missed_vote":
                strikes[v.player] += 1
        for name in r.modkills:
            modkilled.setdefault(name, r.day)
    players = list(dict.fromkeys(players + list(eliminated) + list(strikes) + list(modkilled)))
    rows = []
    for p in players:
        day = word(lang, "day")
        rows.append(f"<tr><td>{escape(p)}</td><td>{f'{day} {eliminated[p]}' if p in eliminated else ''}</td>"
                    f'<td class="num">{strikes.get(p, 0) or ""}</td>'
                    f"<td>{f'{day} {modkilled[p]}' if p in modkilled else ''}</td></tr>")
    head = (f"<th>{word(lang, 'player')}</th><th>{word(lang, 'eliminated')}</th>"
            f"<th class=num>{word(lang, 'strikes')}</th><th>{word(lang, 'modkill_col')}</th>")
    return (f'<section class="summary" id="summary"><h2>{word(lang, "summary")}</h2>'
            f'<div class="table-wrap"><table class="summary"><thead><tr>{head}</tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table></div>{matrix_section(results)}</section>')


def render(results: list[DayResult], shown: Shown = PLAIN) -> str:
    diffs = shown.diffs
    first = results[0] if results else None
    lang = first.lang if first else "en"
    t = first.thread if first else None
    title = (first.game_title or t.title or t.source) if t else word(lang, "count")
    meta = (f"{escape(t.engine)}, {t.pages} {word(lang, 'pages')}, {len(t.posts)} {word(lang, 'posts')}"
            if t else "")
    body = [day_section(r, None if diffs is None else diffs.get(r.day)) for r in results]
    if len(results) > 1:
        body.insert(0, summary_section(results))
    return Template(_asset("report.html")).substitute(
        lang=lang, title=escape(title), meta=meta, body="\n".join(body),
        footer=f"{word(lang, 'generated')} {escape(__version__)}",
        css=_asset("report.css"), js=_asset("report.js"))
