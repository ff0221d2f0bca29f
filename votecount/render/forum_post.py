"""The count as a forum post, independent of the markup: what a GM posts back to the thread.

`bbcode.py` and `markdown.py` each give a `Markup` (how to write bold, a colour, a link, a
spoiler) and call `render`. The post is the *public* view of the count, read by every player:
the heading (interim or final, the deadline as people write it), the tally with the voters in
the order they voted, the majority line (who is one vote from it), who has not voted, the
outcome in one sentence, then under spoilers only the violations that changed the count (no
rule ids, no codes) and each player's vote history. Nothing is written for an empty section.
The pages' warnings that make the count doubtful (posts missing, a thread not whole) stay; the
notes for the GM (which zone the times were read in) do not. With `full` (--full) the post
carries the GM's working detail too: every warning and every violation with its rule id.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..messages import say
from ..model import DayResult, TallyRow, Violation
from . import history
from .words import (Clock, deadline_words, interim_heading, num, one_vote_short, post_link, runoff_names,
                    warnings, word)


@dataclass(frozen=True)
class Markup:
    escape: Callable[[str], str]  # user text (nicks, titles, messages) → safe text
    bold: Callable[[str], str]
    colour: Callable[[str, str], str]  # (text, "red"|"blue") → coloured text
    link: Callable[[str, str], str]  # (text, url) → link
    spoiler: Callable[[str, str], str]  # (title, body) → hidden body
    tally: Callable[[list[tuple[str, str, str]], DayResult], list[str]]  # rows (name, score, votes) → lines
    bullet: str = "• "


@dataclass(frozen=True)
class Post:
    """One day's post being written: the markup, the day, its clock and its links."""

    m: Markup
    r: DayResult
    clock: Clock
    urls: dict  # post id → the post's absolute address (none when unknown)
    edits: dict  # post id → when the post was edited (None: edited at an unknown time), edited posts only
    full: bool = False

    @classmethod
    def of(cls, m: Markup, r: DayResult, *, full: bool = False) -> Post:
        ballots = list(r.ballots) + (list(r.runoff.ballots) if r.runoff else [])
        times = [b.post.time for b in ballots] + [r.deadline]
        urls = {b.post.post_id: post_link(b.post.url, r.thread.url) for b in ballots}
        edits = {b.post.post_id: b.post.edited_at for b in ballots if b.post.edited}
        return cls(m, r, Clock.of_day(r, times), {k: v for k, v in urls.items() if v}, edits, full)

    def say(self, code: str, **fields) -> str:
        return say(code, self.r.lang, **fields)


def _voter(p: Post, vote) -> str:
    """A voter in a candidate's row: coloured as the vote, linked to its post, its weight if not 1."""
    m = p.m
    text = m.escape(vote.voter)
    if vote.colour in ("red", "blue"):
        text = m.colour(text, vote.colour)
    url = p.urls.get(vote.post_id)
    if url:
        text = m.link(text, url)
    return text + (f" ×{num(vote.weight)}" if vote.weight != 1 else "")


def _rows(p: Post, rows: tuple[TallyRow, ...], names: dict[str, str] | None = None) -> list[tuple[str, str, str]]:
    """(candidate, score, voters) per row: the voters in the order they voted, then the penalty."""
    out = []
    for row in rows:
        votes = [_voter(p, v) for v in sorted(row.votes, key=lambda v: v.time.timestamp() if v.time else 0)]
        if row.penalty:
            votes.append(p.say("post.penalty", n=num(row.penalty)))
        out.append((p.m.escape((names or {}).get(row.candidate, row.candidate)), num(row.score),
                    ", ".join(votes) or "—"))
    return out


def day_lines(m: Markup, r: DayResult, diff: dict | None = None, *, full: bool = False) -> list[str]:
    """A day's post, section by section: the heading, the tally, the majority line, who has not
    voted, the outcome, the runoff, the changes since the last count (given `diff`), the
    violations that changed the count and the vote history."""
    p = Post.of(m, r, full=full)
    lines = _heading(p) + _tally(p) + _majority(p) + _missing(p) + _outcome(p) + _runoff(p)
    if diff is not None:
        lines += ["", m.bold(word(r.lang, "changes")), *(m.bullet + m.escape(x) for x in diff["lines"])]
    return lines + _violations(p) + _history(p)


def _heading(p: Post) -> list[str]:
    """The game and day in bold (with "итоги" when final), the interim heading, the deadline;
    the pages' warnings in the full view."""
    r, m = p.r, p.m
    title = r.game_title or r.thread.title or r.thread.source
    interim = interim_heading(r)
    head = p.say("post.head" if r.provisional else "post.head_final", title=title, day=r.day)
    lines = [m.bold(m.escape(head))] + ([m.bold(m.escape(interim))] if interim else [])
    lines.append(deadline_words(r, p.clock))
    lines += [f"{word(r.lang, 'warnings')}: {m.escape(w)}" for w in warnings(r, public=not p.full)]
    return lines + [""]


def _tally(p: Post) -> list[str]:
    """The candidates by score with their voters, or that nobody voted."""
    r = p.r
    return list(p.m.tally(_rows(p, r.tally), r)) if r.tally else [word(r.lang, "no_votes")]


def _majority(p: Post) -> list[str]:
    """Under a majority rule: how many are alive and how many votes decide; in an interim count,
    who is one vote from it (L-1)."""
    r = p.r
    if r.majority is None:
        return []
    line = p.say("post.majority", alive=len(r.roster), need=r.majority)
    near = one_vote_short(r)
    if near:
        line += "; " + p.say("post.l1", names=", ".join(near))
    return ["", p.m.escape(line)]


def _missing(p: Post) -> list[str]:
    """Who has not voted (yet, in an interim count); nothing when everyone has."""
    r = p.r
    if not r.missing:
        return []
    code = "post.missing_yet" if r.outcome.kind == "open" else "post.missing"
    return ["", p.m.escape(p.say(code, names=", ".join(r.missing)))]


def _outcome(p: Post) -> list[str]:
    """The outcome in one bold sentence, the moments that closed the day, the modkills."""
    r, m = p.r, p.m
    if r.outcome.kind == "open":
        top = max((row.score for row in r.tally), default=0)
        leaders = [row.candidate for row in r.tally if row.score == top] if top > 0 else []
        sentence = p.say("post.leading", names=", ".join(leaders)) if leaders else p.say("post.no_votes_yet")
    else:
        sentence = p.say("post.outcome", what=r.outcome.note or r.outcome.kind)
    lines = ["", m.bold(m.escape(sentence))]
    for key, moment in r.flags.items():
        if moment is not None:
            lines.append(p.say("post.closed_at", what=word(r.lang, key), time=p.clock.time(moment)))
    if r.modkills:
        lines.append(m.bold(m.escape(p.say("post.modkills", names=", ".join(r.modkills)))))
    return lines


def _runoff(p: Post) -> list[str]:
    """The runoff, when there is one: its mode, candidates and deadline, then its tally (or
    that it is pending) and who has not voted in it."""
    r, m = p.r, p.m
    ro, lang = r.runoff, r.lang
    if ro is None:
        return []
    head = (f"{word(lang, 'runoff')} ({word(lang, 'runoff_mode_' + ro.mode)}: "
            f"{', '.join(ro.candidates)}; {word(lang, 'deadline')} {p.clock.time(ro.deadline)})")
    lines = ["", m.bold(m.escape(head))]
    if not ro.counted:
        lines.append(word(lang, "runoff_pending"))
    elif ro.tally:
        lines += m.tally(_rows(p, ro.tally, runoff_names(ro, lang)), r)
    else:
        lines.append(word(lang, "no_votes"))
    if ro.missing:
        lines.append(f"{word(lang, 'missing')}: {m.escape(', '.join(ro.missing))}")
    return lines


def changes_count(v: Violation) -> bool:
    """A violation a player needs to read: it changed the count (a ballot not counted or turned
    against its voter, a penalty, a modkill), and it is announced (RB.9)."""
    return v.effect != "warning" and not v.hidden


def _violations(p: Post) -> list[str]:
    """The violations under a spoiler, each with its post linked: those that changed the count,
    in words (every public one with its rule id in the full view)."""
    r, m = p.r, p.m
    shown = [v for v in r.violations if (not v.hidden if p.full else changes_count(v))]
    if not shown:
        return []
    body = []
    for v in shown:
        what = m.escape(_said(p, v)) + (f" [{m.escape(v.rule)}]" if p.full and v.rule else "")
        if v.post_no is None:
            body.append(m.bullet + p.say("post.violation_nopost", player=m.bold(m.escape(v.player)), what=what))
            continue
        where = p.say("post.where", no=v.post_no, time=p.clock.time(v.time))
        url = p.urls.get(v.post_id)
        body.append(m.bullet + p.say("post.violation", player=m.bold(m.escape(v.player)),
                                     where=m.link(where, url) if url else where, what=what))
    title = word(r.lang, "violations") if p.full else p.say("post.violations")
    return ["", m.spoiler(f"{title} ({len(shown)})", "\n".join(body))]


def _said(p: Post, v: Violation) -> str:
    """The violation in words: its message, but an edited post says its edit's time the way the
    post writes times (the message has it as an ISO stamp)."""
    if v.code != "edited_vote" or v.post_id not in p.edits or v.effect not in ("self_vote", "ignored", "missed"):
        return v.message
    edited = p.edits[v.post_id]
    at = p.say("post.edited_at", time=p.clock.time(edited)) if edited else ""
    return p.say("post.edited", at=at, what=p.say(f"post.effect_{v.effect}"))


def _history(p: Post) -> list[str]:
    """Each player's ballots of the day in order, under a spoiler."""
    rows = history.lines(p.r, p.clock)
    if not rows:
        return []
    body = "\n".join(f"{p.m.bullet}{p.m.escape(voter)}: {p.m.escape(steps)}" for voter, steps in rows)
    return ["", p.m.spoiler(p.say("post.history"), body)]


def render(m: Markup, results: list[DayResult], diffs: dict[int, dict] | None = None, *,
           full: bool = False) -> str:
    days = ["\n".join(day_lines(m, r, None if diffs is None else diffs.get(r.day), full=full))
            for r in results]
    return "\n\n".join(days) + "\n"
