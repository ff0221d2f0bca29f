"""Where each day of a game begins and ends: the windows that split one vote thread into days,
and the preset's default deadline (PC.12) for days the game file leaves open."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, time, timedelta
from zoneinfo import ZoneInfo

from .game import Day
from ..messages import say
from ..model import DayResult
from .rules import Rules


def windows(days: tuple[Day, ...], first_post: datetime | None):
    """(day, opens, next day's opening) for each day: a day opens at its `opens`, else at the
    previous day's end (its runoff deadline, else its deadline), else at the first post."""
    out = []
    for i, d in enumerate(days):
        prev = days[i - 1] if i else None
        opens = d.opens or (prev and (prev.runoff_deadline or prev.deadline)) or first_post
        nxt = days[i + 1] if i + 1 < len(days) else None
        next_opens = (nxt.opens or d.runoff_deadline or d.deadline) if nxt else None
        out.append((d, opens, next_opens))
    return out


def default_deadlines(days: tuple[Day, ...], rules: Rules, first_post: datetime | None) -> tuple[Day, ...]:
    """PC.12: a day with no deadline closes at the preset's hour (20:00 Moscow) — the first
    such moment after the day opens."""
    if not rules.default_deadline:
        return days
    zone = ZoneInfo(rules.default_deadline_tz)
    hour, minute = (int(x) for x in rules.default_deadline.split(":"))
    out: list[Day] = []
    for d in days:
        if d.deadline is None:
            prev = out[-1] if out else None
            start = d.opens or (prev and (prev.runoff_deadline or prev.deadline)) or first_post
            if start is not None:
                local = start.astimezone(zone)
                at = datetime.combine(local.date(), time(hour, minute), zone)
                if at <= local:
                    at += timedelta(days=1)
                d = replace(d, deadline=at)
        out.append(d)
    return tuple(out)


@dataclass(frozen=True)
class Shown:
    """What the pages show of the thread, as far as a count goes ("now" cuts it): the first and
    last posts given, and whether pages are missing before or after them (Thread.missing_pages)."""

    first_no: int | None
    first_time: datetime | None
    last_no: int | None
    last_time: datetime | None
    head_cut: bool = False  # the pages start after post 1
    tail_cut: bool = False  # the page of the last post links to a next page not given

    @classmethod
    def of(cls, thread, posts, at: datetime | None) -> Shown:
        """`posts`: the thread's posts of known time up to --at. A missing tail matters only when
        --at is not before the last post given (the missing pages come after it)."""
        first, last = (posts[0], posts[-1]) if posts else (None, None)
        known = [p.time for p in thread.posts if p.time_known]
        tail = thread.gap("after") is not None and (at is None or not known or at >= known[-1])
        return cls(first and first.post_no, first and first.time, last and last.post_no,
                   last and last.time, thread.gap("before") is not None, tail)


def open_reason(day: Day, window: tuple, after_post: int | None, shown: Shown, *,
                now: datetime | None) -> str | None:
    """Why the pages do not decide the day (before any rule closes it: tally.py), else None.
    "incomplete": pages are missing where the day is (before its first post given, or after its
    last while the day goes on); "no_deadline": the day's end is not known; "deadline": the
    deadline is after "now". A day ended by its `last_post`, or whose deadline has passed by
    "now" (or "now" is unknown: tally.unknown_moment warns), is decided."""
    opens, next_opens = window
    if shown.head_cut and _starts_before(opens, after_post, shown):
        return "incomplete"
    if day.last_post is not None:
        cut = shown.tail_cut and (shown.last_no is None or shown.last_no < day.last_post)
        return "incomplete" if cut else None
    ends = [t for t in (day.deadline, day.runoff_deadline) if t is not None]
    end = max(ends) if ends else next_opens
    if end is None:
        return "no_deadline"
    if shown.tail_cut and (shown.last_time is None or shown.last_time < end):
        return "incomplete"
    if day.deadline is None:  # ended by the next day's opening: once the posts or "now" reach it
        seen = now or shown.last_time
        return None if next_opens and seen is not None and seen >= next_opens else "no_deadline"
    return "deadline" if now is not None and now < day.deadline else None


def _starts_before(opens: datetime | None, after_post: int | None, shown: Shown) -> bool:
    """The day may have begun before the first post given (its posts before it are missing)."""
    if after_post is not None:
        return shown.first_no is None or after_post < shown.first_no - 1
    return opens is None or shown.first_time is None or opens <= shown.first_time


def moment(at: datetime | None, saved_at: datetime | None, last: datetime | None) -> datetime | None:
    """"Now" for a count: --at, else the pages' known save moment (never before the last post
    they show), else None: unknown."""
    if at is not None:
        return at
    if saved_at is None:
        return None
    return max(saved_at, last) if last is not None else saved_at


def unknown_moment(r: DayResult, last: datetime | None) -> DayResult:
    """The last day counted as final although its last post is before its deadline (or its
    runoff deadline), because the pages do not say when they were saved: one warning line."""
    end = r.runoff.deadline if r.runoff is not None and r.runoff.deadline else r.deadline
    closed_early = r.runoff is None and any(r.flags.values())
    if r.provisional or end is None or last is None or last >= end or closed_early:
        return r
    fmt = "%d.%m %H:%M" if r.lang == "ru" else "%Y-%m-%d %H:%M"
    local = last.astimezone(end.tzinfo)
    line = say("unknown_moment", r.lang, last=local.strftime(fmt), deadline=end.strftime(fmt),
               example=local.strftime("%H:%M"))
    return replace(r, warnings=r.warnings + (line,))
