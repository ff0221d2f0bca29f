"""The count as a forum post, independent of the markup: what a GM posts back to the thread.

`bbcode.py` and `markdown.py` each give a `Markup` (how to write bold, a colour, a link, a
spoiler) and call `render`. The layout is the one GMs use by hand: candidates by score with
their voters, the outcome in bold, the changes since the last count, then violations and
missing voters under spoilers so the post stays short.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..model import Ballot, DayResult, TallyRow
from .words import interim_heading, num, runoff_names, warnings, when, word


@dataclass(frozen=True)
class Markup:
    escape: Callable[[str], str]  # user text (nicks, titles, messages) → safe text
    bold: Callable[[str], str]
    colour: Callable[[str, str], str]  # (text, "red"|"blue") → coloured text
    link: Callable[[str, str], str]  # (text, url) → link
    spoiler: Callable[[str, str], str]  # (title, body) → hidden body
    tally: Callable[[list[tuple[str, str, str]], DayResult], list[str]]  # rows (name, score, votes) → lines
    bullet: str = "• "


def _voter(m: Markup, vote, url: str | None) -> str:
    """A voter in a candidate's row: coloured as the vote, linked to its post, its weight if not 1."""
    text = m.escape(vote.voter)
    if vote.colour in ("red", "blue"):
        text = m.colour(text, vote.colour)
    if url:
        text = m.link(text, url)
    return text + (f" ×{num(vote.weight)}" if vote.weight != 1 else "")


def _rows(m: Markup, r: DayResult, rows: tuple[TallyRow, ...], ballots: tuple[Ballot, ...], *,
          names: dict[str, str] | None = None) -> list[tuple[str, str, str]]:
    urls = {b.post.post_id: b.post.url for b in ballots}
    out = []
    for row in rows:
        votes = ", ".join(_voter(m, v, urls.get(v.post_id)) for v in row.votes)
        if row.penalty:
            extra = f"+{num(row.penalty)} {word(r.lang, 'penalty')}"
            votes = f"{votes} ({extra})" if votes else f"({extra})"
        out.append((m.escape((names or {}).get(row.candidate, row.candidate)), num(row.score), votes or "—"))
    return out


def day_lines(m: Markup, r: DayResult, diff: dict | None = None) -> list[str]:
    """A day's post, section by section: the heading, the tally, the outcome, the runoff, the
    changes since the last count (given `diff`), the violations and the missing voters."""
    lines = _heading(m, r) + _tally(m, r) + _outcome(m, r) + _runoff(m, r)
    if diff is not None:
        lines += ["", m.bold(word(r.lang, "changes")), *(m.bullet + m.escape(x) for x in diff["lines"])]
    return lines + _violations(m, r) + _missing(m, r)


def _heading(m: Markup, r: DayResult) -> list[str]:
    """The game and day in bold, the interim heading, the deadline, the warnings."""
    lang, t = r.lang, r.thread
    lines = [m.bold(m.escape(f"{r.game_title or t.title or t.source} — {word(lang, 'day')} {r.day}"))]
    interim = interim_heading(r)
    if interim:
        lines.append(m.bold(m.escape(interim)))
    lines.append(f"{word(lang, 'deadline')}: {when(r.deadline, lang)}")
    for w in warnings(r):
        lines.append(f"{word(lang, 'warnings')}: {m.escape(w)}")
    return lines + [""]


def _tally(m: Markup, r: DayResult) -> list[str]:
    """The candidates by score with their voters, or that nobody voted."""
    lines = list(m.tally(_rows(m, r, r.tally, r.ballots), r)) if r.tally else [word(r.lang, "no_votes")]
    return lines + [""]


def _outcome(m: Markup, r: DayResult) -> list[str]:
    """The outcome in bold, the moments that closed the day, the modkills in bold."""
    lang = r.lang
    lines = [m.bold(m.escape(f"{word(lang, 'outcome')}: {r.outcome.note or r.outcome.kind}"))]
    for key, moment in r.flags.items():
        if moment is not None:
            lines.append(f"{word(lang, key)}: {when(moment, lang)}")
    if r.modkills:
        lines.append(m.bold(m.escape(f"{word(lang, 'modkills')}: {', '.join(r.modkills)}")))
    return lines


def _runoff(m: Markup, r: DayResult) -> list[str]:
    """The runoff, when there is one: its mode, candidates and deadline, then its tally (or
    that it is pending) and who has not voted in it."""
    ro, lang = r.runoff, r.lang
    if ro is None:
        return []
    head = (f"{word(lang, 'runoff')} ({word(lang, 'runoff_mode_' + ro.mode)}: "
            f"{', '.join(ro.candidates)}; {word(lang, 'deadline')} {when(ro.deadline, lang)})")
    lines = ["", m.bold(m.escape(head))]
    if not ro.counted:
        lines.append(word(lang, "runoff_pending"))
    elif ro.tally:
        lines += m.tally(_rows(m, r, ro.tally, ro.ballots, names=runoff_names(ro, lang)), r)
    else:
        lines.append(word(lang, "no_votes"))
    if ro.missing:
        lines.append(f"{word(lang, 'missing')}: {m.escape(', '.join(ro.missing))}")
    return lines


def _violations(m: Markup, r: DayResult) -> list[str]:
    """The public violations under a spoiler, each with its post linked."""
    lang = r.lang
    urls = {b.post.post_id: b.post.url for b in r.ballots}
    public = [v for v in r.violations if not v.hidden]  # RB.9: a silence not announced stays unsaid
    if not public:
        return []
    body = []
    for v in public:
        where = ""
        if v.post_no is not None:
            where = f"{word(lang, 'post')} {v.post_no}"
            url = urls.get(v.post_id)
            where = (m.link(where, url) if url else where) + ", "
        # the players' post says the rule in words; the ids are for the GM (table, JSON)
        body.append(f"{m.bullet}{m.bold(m.escape(v.player))}: {where}{m.escape(v.message)}")
    return ["", m.spoiler(f"{word(lang, 'violations')} ({len(public)})", "\n".join(body))]


def _missing(m: Markup, r: DayResult) -> list[str]:
    """Who has not voted (yet, in an interim count), under a spoiler."""
    missing = m.escape(", ".join(r.missing)) if r.missing else word(r.lang, "none")
    label = word(r.lang, "missing_yet" if r.outcome.kind == "open" else "missing")
    return ["", m.spoiler(f"{label} ({len(r.missing)})", missing)]


def render(m: Markup, results: list[DayResult], diffs: dict[int, dict] | None = None) -> str:
    days = ["\n".join(day_lines(m, r, None if diffs is None else diffs.get(r.day))) for r in results]
    return "\n\n".join(days) + "\n"
