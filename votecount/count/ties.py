"""The tie rules of the house (RULES.md H.1-H.3): what a tie between leaders comes to when the
game file sets `tie = "earliest" | "all" | "gm"` (C3.9's "nobody" and PC.5's runoff are
dayend.decide's and runoff.py's). Pure functions of the day's view, the rules and the tally."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from .dayview import DayView
from ..messages import say
from ..model import Outcome, TallyRow
from .rules import Rules


def completed_at(row: TallyRow) -> datetime | None:
    """H.1: when the candidate's score was completed: the time of the last counted ballot
    naming them; None (the day's opening, earlier than any ballot) when only penalty votes make
    it (a missed vote's penalty counts as cast at the opening)."""
    times = [v.time for v in row.votes if v.time is not None]
    return max(times) if times else None


def ahead_on_time(rows: list[TallyRow], leaders: list[str], lang: str) -> tuple[str | None, str]:
    """H.1: the leader whose score was completed first (None when two share the earliest time),
    and the times compared, in words."""
    by_name = {r.candidate: completed_at(r) for r in rows if r.candidate in leaders}
    opening = say("time_opening", lang)
    known = [t for t in by_name.values() if t is not None]
    # minutes, as a GM writes times; seconds only when two of the times share their minute
    form = "%H:%M:%S" if len({t.strftime("%H:%M") for t in known}) < len(known) else "%H:%M"

    def when(t: datetime | None) -> str:
        return t.strftime(form) if t is not None else opening
    times = ", ".join(f"{n} — {when(by_name[n])}" for n in leaders)
    order = sorted(leaders, key=lambda n: (by_name[n] is not None, by_name[n] or datetime.min))
    first, second = order[0], order[1]
    if by_name[first] == by_name[second]:
        return None, times
    return first, times


RULE_OF = {"earliest": "H.1", "all": "H.2", "gm": "H.3"}


def broken(view: DayView, rules: Rules, lang: str, *, rows: list[TallyRow], leaders: list[str],
           eliminate) -> Outcome | None:
    """The outcome of a tie under H.1-H.3 (its `rule` and the tied `candidates` in its extra,
    for the JSON and --explain), or None where the rules leave ties to C3.9/PC.5.
    `eliminate(names, note_code, **fields)` is dayend's (RB.10's protection applies)."""
    decided = _settle(view, rules, lang, rows=rows, leaders=leaders, eliminate=eliminate)
    if decided is None:
        return None
    return replace(decided, extra={**decided.extra, "candidates": leaders, "rule": RULE_OF[rules.tie]})


def _settle(view: DayView, rules: Rules, lang: str, *, rows: list[TallyRow], leaders: list[str],
            eliminate) -> Outcome | None:
    """broken()'s outcome before its extra (the tied candidates and the rule) is set."""
    names = ", ".join(leaders)
    if rules.tie == "gm":  # H.3: the tool never picks
        return Outcome("gm_decides", note=say("gm_decides", lang, names=names))
    if rules.tie == "earliest":  # H.1
        winner, times = ahead_on_time(rows, leaders, lang)
        if winner is None:
            return Outcome("tie", note=say("tie_earliest_equal", lang, names=names, times=times))
        return eliminate([winner], "tie_earliest", names=names, winner=winner, times=times)
    if rules.tie == "all":  # H.2
        if len(view.alive) <= 2:
            return Outcome("tie", note=say("tie_all_two", lang, names=names))
        if rules.base == "pass-catastrophe" and len(leaders) > rules.max_eliminated:  # PC.7's cap
            return Outcome("tie", note=say("tie_all_cap", lang, names=names, cap=rules.max_eliminated))
        return eliminate(leaders, "tie_all", names=names)
    return None


def interim_ahead(rules: Rules, lang: str, *, rows: list[TallyRow], leaders: list[str], note: str) -> tuple[str, dict]:
    """H.1: an interim count's note and outcome extra with a tie at the top: who is ahead on
    time (`ahead_on_time`, for the post; nothing is decided yet: the note says only who would
    go if the day ended now)."""
    if rules.tie != "earliest" or len(leaders) < 2:
        return note, {}
    winner, times = ahead_on_time(rows, leaders, lang)
    if winner is None:
        return note, {}
    return say("open_ahead_on_time", lang, lead=note, winner=winner, times=times), {"ahead_on_time": winner}
