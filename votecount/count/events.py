"""Mid-day events of the game file (`[[days.events]]`): a player killed during the day
(`kill = ["Nick"]`: a vigilante's shot, a day-kill), or the votes reset (`reset = true`), from a
post on (`post = N`: that post and every later one) or a moment on (`time = …`). From there the
majority (H.13, the bold-vote hammer) is taken of the players still alive, the killed players'
ballots no longer count, and a reset leaves standing only the ballots cast from it on.

The hooks: game.py reads the tables (read_events); tally.DayCount.feed applies them to the
counted ballots before each post (apply) and leaves the killed out of `missing` (survivors);
checks.dead_voter refuses a killed player's later ballot; closing.hammer takes the majority of
alive_at().
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from ..messages import say
from ..model import Post

EVENT_KEYS = {"post", "time", "kill", "reset"}


@dataclass(frozen=True)
class Event:
    post: int | None = None  # from this post number on
    time: datetime | None = None  # from this moment on
    kill: tuple[str, ...] = ()
    reset: bool = False

    def reached(self, post: Post) -> bool:
        """The event has happened by `post` (the event's own post included)."""
        if self.post is not None:
            return post.post_no >= self.post
        return self.time is not None and post.time >= self.time

    def where(self) -> str:
        return f"post {self.post}" if self.post is not None else self.time.isoformat()


def read_events(r, d: dict, *, what: str, known, tz) -> tuple[Event, ...]:
    """A day's `events` list: each a table with `post` or `time` (one of them), and `kill`
    (roster nicks, checked by `known(names, label)`) and/or `reset = true`."""
    raw = d.get("events", [])
    if not isinstance(raw, list) or not all(isinstance(e, dict) for e in raw):
        r.fail(say("events.not_tables", "en", what=what), "events")
    out = []
    for i, e in enumerate(raw, 1):
        label = f"{what}.events[{i}]"
        r.keys(e, EVENT_KEYS, label)
        post, moment = r.post_number(e, "post", label), r.moment(e, "time", label, tz)
        reset = e.get("reset", False)
        if (post is None) == (moment is None):
            r.fail(say("events.post_or_time", "en", what=label), "events")
        if not isinstance(reset, bool):
            r.fail(say("events.reset_bool", "en", what=label), "reset")
        kill = known(r.strings(e, "kill", label), f"{label}.kill")
        if not kill and not reset:
            r.fail(say("events.nothing", "en", what=label), "events")
        out.append(Event(post=post, time=moment, kill=kill, reset=reset))
    return tuple(out)


def killed_by(events: Iterable[Event], post: Post) -> frozenset[str]:
    return frozenset(n for e in events if e.reached(post) for n in e.kill)


def survivors(voters: tuple[str, ...], events: Iterable[Event]) -> list[str]:
    """`voters` less everyone the day's events kill: a player killed during the day is not
    missing at its end (no missed-vote effect)."""
    killed = {n for e in events for n in e.kill}
    return [p for p in voters if p not in killed]


def alive_at(alive: tuple[str, ...], events: Iterable[Event], post: Post) -> tuple[str, ...]:
    """The day's alive players less those killed by `post`."""
    killed = killed_by(events, post)
    return tuple(p for p in alive if p not in killed) if killed else alive


def _reset_since(events: Iterable[Event], post: Post) -> Event | None:
    """The latest reset reached by `post`."""
    resets = [e for e in events if e.reset and e.reached(post)]
    return max(resets, key=lambda e: (e.post or 0, e.time or datetime.min.replace(tzinfo=post.time.tzinfo)),
               default=None)


def apply(count, post: Post) -> None:
    """Before `post` is read: every counted ballot of a player killed by then, or cast before a
    reset reached by then, stops counting (superseded, with a story line naming the event)."""
    events = count.day.events
    if not events:
        return
    killed, reset = killed_by(events, post), _reset_since(events, post)
    for voter, b in list(count.current.items()):
        if voter in killed:
            why = say("events.killed", count.lang, voter=voter)
        elif reset is not None and not reset.reached(b.post):
            why = say("events.reset", count.lang, at=reset.where())
        else:
            continue
        del count.current[voter]
        b.status = "superseded"
        b.story.append(why)
