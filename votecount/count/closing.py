"""What may end a day before its deadline, checked after each accepted ballot (tally.DayCount
.choose): the early close (RB.8), the majority hammer (bold-vote, H.13 in any preset), the fast
night (PC.4). Each sets its
flag at the post that completed it; the first two close the day (later posts are late)."""

from __future__ import annotations

from typing import Callable

from . import dayend, events
from .checks import said
from ..messages import say
from .counting import CHOICES, Counting, tagged
from ..model import Ballot, Kind, Post, Reading



def early_close(c: Counting, b: Ballot, counted: dict[str, Ballot]) -> None:
    """RB.8: from day 3 the day closes once all alive voters (or a majority) flagged досрочно."""
    rules, voters = c.rules, c.view.voters
    if rules.early_close == "none" or c.view.number < rules.early_close_from_day or not voters:
        return
    early = sum(1 for v in voters if v in counted and counted[v].early)
    need = len(voters) if rules.early_close == "all" else len(voters) // 2 + 1
    if early >= need:
        c.closed = ("RB.8", b.post.time)
        c.flags["early_close_at"] = b.post.time
        b.story.append(say("early_closed", c.lang, time=said(b.post.time, c.view.deadline, c.lang)))


def alive_count(c: Counting, post: Post) -> int:
    """How many players are alive at `post`: the day's alive less those a mid-day event killed
    by then (events.py) — the one number the majority (bold-vote, H.13) is taken of."""
    return len(events.alive_at(c.view.alive, c.view.day.events, post))


def majority_needed(rules, alive: int) -> int | None:
    """The votes that decide the day under the rules' majority with `alive` players alive
    (floor(alive/2)+1 for "half+1"), None without a majority rule: the hammer, the reports'
    majority line and watch's L-1 read it here."""
    return alive // 2 + 1 if rules.majority == "half+1" else None


def hammer(c: Counting, b: Ballot, counted: dict[str, Ballot]) -> None:
    """bold-vote, H.13 (majority = "half+1", any preset): floor(alive/2)+1 votes on one player
    end the day (red minus blue, weights applied, in a coloured preset); a No Lynch (pass)
    majority needs `no_lynch_fewer` fewer and ends it with nobody eliminated."""
    need = majority_needed(c.rules, alive_count(c, b.post))
    if need is None or b.kind not in CHOICES or (b.kind == "vote" and not b.target):
        return
    if b.kind == "pass":
        need -= c.rules.no_lynch_fewer
        score = sum(x.weight for x in counted.values() if x.kind == "pass")
    else:
        score = sum(x.weight if x.colour != "blue" else -x.weight
                    for x in counted.values() if x.kind == "vote" and x.target == b.target)
    if score >= need:
        c.closed = (c.view.rule("hammer"), b.post.time)
        c.flags["hammer_at"] = b.post.time
        c.no_lynch_hammer = b.kind == "pass"
        # H.13 in the Russian presets; bold-vote's own majority has no id
        b.story.append(tagged(c.closed[0], say("hammer", c.lang, target=b.target or "No Lynch", need=need)))


def fast_night(c: Counting, b: Ballot, counted: dict[str, Ballot]) -> None:
    """PC.4: all alive voters but at most one fast-flagged, and that one cannot change it."""
    voters = c.view.voters
    if not c.rules.fast_night or c.flags["fast_night_at"] is not None or not voters:
        return
    rest = [v for v in voters if not (v in counted and counted[v].fast)]
    if not rest or (len(rest) == 1 and cannot_decide(c, rest[0], counted, b.post)):
        c.flags["fast_night_at"] = b.post.time
        b.story.append(say("fast_night", c.lang, time=said(b.post.time, c.view.deadline, c.lang)))


def cannot_decide(c: Counting, player: str, counted: dict[str, Ballot], post: Post) -> bool:
    """PC.4: whatever `player` does (any vote, pass, nothing), the outcome stays the same."""
    others = {v: b for v, b in counted.items() if v != player}
    options: list[dict[str, Ballot] | None] = [None]
    for target in c.view.alive:
        options.append({player: Ballot(player, "vote", post, Reading(Kind.vote), target=target,
                                       colour="red", weight=c.weight(player, "red"))})
    if c.rules.allow_pass:
        options.append({player: Ballot(player, "pass", post, Reading(Kind.pass_))})
    seen = set()
    for extra in options:
        ballots = {**others, **(extra or {})}
        penalised = dayend.penalties(c.rules, [] if extra else [player])
        o = dayend.decide(c.view, c.rules, c.lang, rows=dayend.rows(ballots, penalised), counted=ballots,
                          penalised=penalised)
        seen.add((o.kind, o.eliminated, tuple(o.extra.get("candidates", ()))))
    return len(seen) == 1


CLOSERS: tuple[Callable[[Counting, Ballot, dict[str, Ballot]], None], ...] = (early_close, hammer, fast_night)
