"""Each player's vote history of a day ("Вася: Петя 14:12 → Коля 19:40"), and the who-voted-whom
matrix of a whole game: what every format shows of the ballots beyond the tally.

A history holds a voter's accepted ballots of the day in order (votes, passes, withdrawals;
counted or replaced since), leaving out the rejected ones, which changed nothing; the players
are in the order of their first ballot. The matrix counts, per voter and target, the days on
which the voter's counted vote named the target.
"""

from __future__ import annotations

from ..messages import say
from ..model import Ballot, DayResult
from .words import Clock

STEPS = ("vote", "pass", "withdraw")


def histories(r: DayResult) -> dict[str, list[Ballot]]:
    """Voter → their accepted ballots of the day, in the order they were posted."""
    out: dict[str, list[Ballot]] = {}
    for b in sorted(r.ballots, key=lambda b: (b.post.time, b.post.post_no)):
        if b.kind in STEPS and b.status != "rejected":
            out.setdefault(b.voter, []).append(b)
    return out


def step_word(b: Ballot, lang: str) -> str:
    """What a ballot says, in a history: the target's nick, "пас" or "снял(а) голос"."""
    if b.kind == "vote" and b.target:
        return b.target
    return say("post.pass" if b.kind == "pass" else "post.withdraw", lang)


def lines(r: DayResult, clock: Clock) -> list[tuple[str, str]]:
    """(voter, "Петя 14:12 → Коля 19:40") per voter with a history, by the day's `clock`."""
    return [(voter, " → ".join(f"{step_word(b, r.lang)} {clock.time(b.post.time)}" for b in steps))
            for voter, steps in histories(r).items()]


def as_json(r: DayResult) -> list[dict]:
    """The `history` list of the JSON: per voter, the ballots in order."""
    return [{"voter": voter,
             "ballots": [{"kind": b.kind, "target": b.target, "colour": b.colour,
                          "time": b.post.time.isoformat(), "post_id": b.post.post_id,
                          "post_no": b.post.post_no, "status": b.status} for b in steps]}
            for voter, steps in histories(r).items()]


def matrix(results: list[DayResult]) -> tuple[list[str], list[str], dict[tuple[str, str], list[int]]]:
    """Voters, targets (each in the order first seen) and (voter, target) → the days on which
    the voter's counted vote named the target."""
    cells: dict[tuple[str, str], list[int]] = {}
    voters: dict[str, None] = {}
    targets: dict[str, None] = {}
    for r in results:
        for b in r.ballots:
            if b.kind == "vote" and b.status == "counted" and b.target:
                voters.setdefault(b.voter)
                targets.setdefault(b.target)
                cells.setdefault((b.voter, b.target), []).append(r.day)
    return list(voters), list(targets), cells
