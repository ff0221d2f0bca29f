"""The count as a forum post: what a GM posts back to the thread, the *public* view of the count,
read by every player.

This module says what the post holds, in words and free of markup (`day_data`): the heading
(interim or final, the deadline as people write it), the tally with the voters in the order they
voted, the majority line (who is one vote from it), who has not voted, the outcome in one
sentence, the runoff, the changes since the last count, then only the violations that changed
the count (no rule ids, no codes) and each player's vote history; nothing for an empty section.
The pages' warnings that make the count doubtful (posts missing, a thread not whole) stay; the
notes for the GM (which zone the times were read in) do not. With `full` (--full) the post
carries the GM's working detail too: every warning and every violation with its rule id.

How it is written is a template shipped with the package (templates/bbcode.j2, markdown.j2),
the same a GM copies and edits for `--template`: bbcode.py and markdown.py fill theirs.
"""

from __future__ import annotations

import re

from dataclasses import dataclass

from ..messages import say
from ..model import DayResult, TallyRow, Violation
from . import history
from .words import (Clock, deadline_words, in_voting_order, interim_heading, num, one_vote_short, post_link,
                    runoff_names, warnings, word)


@dataclass(frozen=True)
class Post:
    """One day's post being written: the day, its clock, its links and edits."""

    r: DayResult
    clock: Clock
    urls: dict  # post id → the post's absolute address (none when unknown)
    edits: dict  # post id → when the post was edited (None: edited at an unknown time), edited posts only
    full: bool = False

    @classmethod
    def of(cls, r: DayResult, *, full: bool = False) -> Post:
        ballots = list(r.ballots) + (list(r.runoff.ballots) if r.runoff else [])
        times = [b.post.time for b in ballots] + [r.deadline]
        urls = {b.post.post_id: post_link(b.post.url, r.thread.url) for b in ballots}
        edits = {b.post.post_id: b.post.edited_at for b in ballots if b.post.edited}
        return cls(r, Clock.of_day(r, times), {k: v for k, v in urls.items() if v}, edits, full)

    def say(self, code: str, **fields) -> str:
        return say(code, self.r.lang, **fields)


def _rows(p: Post, rows: tuple[TallyRow, ...], names: dict[str, str] | None = None) -> list[dict]:
    """Per row: the candidate, the score, the voters in the order they voted (nick, colour when
    red or blue, the post's address, the weight when not 1), and the penalty in words."""
    out = []
    for row in rows:
        votes = in_voting_order(row.votes)
        out.append({"name": (names or {}).get(row.candidate, row.candidate), "score": num(row.score),
                    "voters": [{"nick": v.voter, "colour": v.colour if v.colour in ("red", "blue") else None,
                                "url": p.urls.get(v.post_id),
                                "weight": f" ×{num(v.weight)}" if v.weight != 1 else ""} for v in votes],
                    "penalty": p.say("post.penalty", n=num(row.penalty)) if row.penalty else None})
    return out


def day_data(r: DayResult, diff: dict | None = None, *, full: bool = False) -> dict:
    """What a day's post says, section by section, in words (the templates add the markup)."""
    p = Post.of(r, full=full)
    lang = r.lang
    title = r.game_title or r.thread.title or r.thread.source
    named = re.search(rf"\b(?:день|day)\s*{r.day}\b", title, re.IGNORECASE)  # "Голосование, день 1"
    head = ("post.head" if r.provisional else "post.head_final") + ("_named" if named else "")
    return {
        "head": p.say(head, title=title, day=r.day),
        "interim": interim_heading(r), "deadline": deadline_words(r, p.clock),
        "warnings": [f"{word(lang, 'warnings')}: {w}" for w in warnings(r, public=not full)],
        "labels": {k: word(lang, k) for k in ("candidate", "score", "voters")},
        "rows": _rows(p, r.tally), "no_votes": word(lang, "no_votes"),
        "majority": _majority(p), "missing": _missing(p), **_outcome(p), "runoff": _runoff(p),
        "changes": None if diff is None else {"title": word(lang, "changes"), "lines": list(diff["lines"])},
        "violations": _violations(p), "history": _history(p),
    }


def _majority(p: Post) -> str | None:
    """Under a majority rule: how many are alive and how many votes decide; in an interim count,
    who is one vote from it (L-1)."""
    r = p.r
    if r.majority is None:
        return None
    line = p.say("post.majority", alive=len(r.roster), need=r.majority)
    near = one_vote_short(r)
    return line + ("; " + p.say("post.l1", names=", ".join(near)) if near else "")


def _missing(p: Post) -> str | None:
    """Who has not voted (yet, in an interim count); nothing when everyone has."""
    r = p.r
    if not r.missing:
        return None
    return p.say("post.missing_yet" if r.outcome.kind == "open" else "post.missing", names=", ".join(r.missing))


def _outcome(p: Post) -> dict:
    """The outcome in one sentence, the moments that closed the day, the modkills."""
    r = p.r
    if r.outcome.kind == "open":
        leaders = r.outcome.extra["leaders"]  # the count's own (tally.interim): the top score, above zero
        sentence = p.say("post.leading", names=", ".join(leaders)) if leaders else p.say("post.no_votes_yet")
        if r.outcome.extra.get("ahead_on_time"):  # H.1: a tie at the top, broken by time if the day ended now
            sentence += p.say("post.ahead_on_time", name=r.outcome.extra["ahead_on_time"])
    else:
        sentence = p.say("post.outcome", what=r.outcome.note or r.outcome.kind)
    moments = [p.say("post.closed_at", what=word(r.lang, key), time=p.clock.time(moment))
               for key, moment in r.flags.items() if moment is not None]
    modkills = p.say("post.modkills", names=", ".join(r.modkills)) if r.modkills else None
    return {"outcome": sentence, "moments": moments, "modkills": modkills}


def _runoff(p: Post) -> dict | None:
    """The runoff, when there is one: its mode, candidates and deadline, then its tally (or
    that it is pending, or that nobody voted) and who has not voted in it."""
    r = p.r
    ro, lang = r.runoff, r.lang
    if ro is None:
        return None
    head = (f"{word(lang, 'runoff')} ({word(lang, 'runoff_mode_' + ro.mode)}: "
            f"{', '.join(ro.candidates)}; {word(lang, 'deadline')} {p.clock.time(ro.deadline)})")
    rows = _rows(p, ro.tally, runoff_names(ro, lang)) if ro.counted else []
    text = word(lang, "runoff_pending") if not ro.counted else (None if rows else word(lang, "no_votes"))
    missing = f"{word(lang, 'missing')}: {', '.join(ro.missing)}" if ro.missing else None
    return {"head": head, "rows": rows, "text": text, "missing": missing}


def changes_count(v: Violation) -> bool:
    """A violation a player needs to read: it changed the count (a ballot not counted or turned
    against its voter, a penalty, a modkill), and it is announced (RB.9)."""
    return v.effect != "warning" and not v.hidden


def _violations(p: Post) -> dict | None:
    """Those that changed the count, in words (in the full view every public one, with its rule
    id), each with its post (number and time) and the post's address."""
    r = p.r
    shown = [v for v in r.violations if (not v.hidden if p.full else changes_count(v))]
    if not shown:
        return None
    items = [{"player": v.player, "what": _said(p, v), "rule": v.rule if p.full and v.rule else None,
              "where": None if v.post_no is None else p.say("post.where", no=v.post_no, time=p.clock.time(v.time)),
              "url": p.urls.get(v.post_id)} for v in shown]
    title = word(r.lang, "violations") if p.full else p.say("post.violations")
    return {"title": f"{title} ({len(shown)})", "entries": items}


def _said(p: Post, v: Violation) -> str:
    """The violation in words: its message, but an edited post says its edit's time the way the
    post writes times (the message has it as an ISO stamp)."""
    if v.code != "edited_vote" or v.post_id not in p.edits or v.effect not in ("self_vote", "ignored", "missed"):
        return v.message
    edited = p.edits[v.post_id]
    at = p.say("post.edited_at", time=p.clock.time(edited)) if edited else ""
    return p.say("post.edited", at=at, what=p.say(f"post.effect_{v.effect}"))


def _history(p: Post) -> dict | None:
    """Each player's ballots of the day in order ("Петя: Вася 28.11 20:30 → Коля 15:00")."""
    rows = history.lines(p.r, p.clock)
    if not rows:
        return None
    return {"title": p.say("post.history"), "entries": [{"voter": v, "steps": steps} for v, steps in rows]}
