"""What the rules read and change of a day's count while it runs: the one view that the checks
(checks.py), the closers (closing.py) and the runoff (runoff.py) have of tally.DayCount. A
Protocol, so that they depend on this shape and not on the tally that calls them (no circle:
tally imports them, they import this)."""

from __future__ import annotations

from datetime import datetime
from typing import Protocol

from ..model import Ballot, Kind, Post, Reading, Violation
from .context import Context
from .dayview import DayView
from .rules import Rules

# The ballots that count for a voter (a ballot's kind is its reading's: vote, pass; or
# withdraw, runoff, invalid).
CHOICES = frozenset((Kind.vote, Kind.pass_))


def tagged(rule: str, text: str) -> str:
    """A story line led by the rule id that decided it (none where RULES.md gives no id)."""
    return f"{rule}: {text}" if rule else text


class Counting(Protocol):
    """The day's count as a rule sees it (tally.DayCount is the one implementation)."""

    ctx: Context
    view: DayView
    rules: Rules
    lang: str
    now: datetime | None
    loose: list[Violation]  # violations not tied to a ballot (chatter)
    rejected_nick: dict[str, Ballot]  # voter → last unknown-nick ballot
    current: dict[str, Ballot]  # voter → counted ballot (or withdrawal; H.4: an edited post)
    ballots: list[Ballot]  # the day's ballots so far
    conditional: dict[str, Ballot]  # PC.13: ballots left in advance
    closed: tuple[str, datetime] | None  # (rule, time) after an early close or hammer
    no_lynch_hammer: bool
    flags: dict[str, datetime | None]

    def violation(self, code: str, player: str, *, effect: str, rule: str, post: Post | None,
                  message_code: str | None = None, hidden: bool = False, **fields) -> Violation: ...

    def reject(self, b: Ballot, code: str, rule: str, message_code: str | None = None, *,
               hidden: bool = False, **fields) -> None: ...

    def refuse(self, b: Ballot, code: str, rule: str, message_code: str | None = None, *,
               hidden: bool = False, **fields) -> None: ...

    def ballot(self, post: Post, voter: str | None, reading: Reading) -> Ballot: ...

    def weight(self, voter: str, colour: str) -> float: ...

    def choose(self, b: Ballot) -> None: ...

    def withdraw(self, b: Ballot) -> None: ...

    def unfast(self, b: Ballot) -> None: ...
