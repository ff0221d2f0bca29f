"""Where each day of a game begins and ends: the windows that split one vote thread into days,
and the preset's default deadline (PC.12) for days the game file leaves open."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, time, timedelta
from zoneinfo import ZoneInfo

from .game import Day
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
