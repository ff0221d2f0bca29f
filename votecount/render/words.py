"""Helpers of the reports: labels and sentences from the one catalogue (messages.py), numbers,
times, the interim heading."""

from __future__ import annotations

from datetime import datetime, timedelta

from ..messages import note_text, say

def word(lang: str, key: str) -> str:
    """The report label `key` (messages.py, `label.*`)."""
    return say(f"label.{key}", lang)


def diff_line(lang: str, key: str, **fields) -> str:
    return say(f"diff.{key}", lang, **fields)


def num(x: float) -> str:
    """3.0 → '3', 1.5 → '1.5': scores are whole in almost every game."""
    return f"{x:g}"


def signed(x: float) -> str:
    return f"+{x:g}" if x > 0 else f"−{-x:g}"  # a real minus sign reads better in a post


def when(t: datetime | None, lang: str = "ru") -> str:
    """A post time as people write it in a thread: 29.11 19:59:59 / 2026-11-29 19:59:59."""
    if t is None:
        return word(lang, "none")
    return t.strftime("%d.%m %H:%M:%S") if lang == "ru" else t.strftime("%Y-%m-%d %H:%M:%S")


def interim_heading(r) -> str | None:
    """"Промежуточный подсчёт на 14:00 (до конца дня 6 ч)" for an interim count, else None; a
    day that is open because no deadline is known, or because the pages lack part of it, says
    that instead of the time left."""
    if not r.provisional:
        return None
    runoff = r.runoff is not None and r.runoff.provisional
    if not runoff and r.open_reason in ("no_deadline", "incomplete"):
        at = "" if r.now is None or r.open_reason == "incomplete" else say("interim_at", r.lang, at=r.now.strftime(
            "%d.%m %H:%M" if r.lang == "ru" else "%Y-%m-%d %H:%M"))
        return say(f"interim_{r.open_reason}", r.lang, at=at)
    if r.now is None:
        return None
    end = r.runoff.deadline if runoff else r.deadline
    local = r.now.astimezone(end.tzinfo)
    at = local.strftime("%H:%M")
    if local.date() != end.date():
        at = local.strftime("%d.%m %H:%M" if r.lang == "ru" else "%Y-%m-%d %H:%M")
    return say("interim_runoff" if runoff else "interim", r.lang, at=at, left=duration(end - r.now, r.lang))


def duration(span: timedelta, lang: str) -> str:
    """6 h, 6 h 30 min, 45 min: the time left, in whole minutes (rounded down)."""
    minutes = int(span.total_seconds() // 60)
    h, m = divmod(minutes, 60)
    if not minutes:
        return say("under_a_minute", lang)
    return say("hours_minutes" if h and m else ("hours" if h else "minutes"), lang, h=h, m=m)


def warnings(r) -> tuple[str, ...]:
    """The pages' warnings (in the count's language) and the count's own (an unknown save moment)."""
    return tuple(note_text(w, r.lang) for w in r.thread.warnings) + r.warnings


def runoff_names(runoff, lang: str) -> dict[str, str]:
    """A hang-all runoff's tally has two pseudo-candidates (PC.6); they are shown as words."""
    if runoff is None or runoff.mode != "hang_all":
        return {}
    return {k: word(lang, k) for k in ("hang_all", "pardon_all")}


def colour_word(lang: str, colour: str) -> str:
    return word(lang, colour) if colour in ("red", "blue") else word(lang, "none_colour")
