"""One day as the rules see it: built once per day from the game file and the state carried
from earlier days, frozen; the changing state of the count lives in tally.DayCount."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime

from .context import Context
from .game import Day


@dataclass(frozen=True, slots=True)
class DayView:
    day: Day
    number: int
    deadline: datetime | None
    alive: tuple[str, ...]  # the roster minus the dead, in roster order
    voters: tuple[str, ...]  # the alive minus the silenced: who must vote
    dead: frozenset[str]  # the game file's dead and every earlier modkill
    modkilled: frozenset[str]  # earlier modkills (C3.7): out, and no ghost votes
    ghosts: frozenset[str]  # C3.10: dead town players who vote while a necromancer lives
    untyped_dead: frozenset[str]  # C3.10: dead players whose team the game file does not give
    necromancer: bool  # C3.10: a necromancer is alive
    silenced: frozenset[str]  # C3.13 / RB.9, announced or not
    hidden_silenced: frozenset[str]  # RB.9: silenced and not announced
    immune: frozenset[str]  # C3.11
    protected: frozenset[str]  # RB.10
    modkills: tuple[str, ...]  # announced this day
    no_vote: bool  # PC.9: a day with a modkill has no vote
    rule_ids: Mapping[str, str]  # the preset's ids (rules.ASPECTS)

    @classmethod
    def build(cls, ctx: Context, day: Day, modkilled: frozenset[str]) -> DayView:
        """A player the count itself eliminated is not dropped on a guess: the GM lists them as
        dead on the next day. Modkills of earlier days are out."""
        rules = ctx.rules
        dead = frozenset(day.dead) | modkilled
        silenced = frozenset(day.silenced) | frozenset(day.hidden_silenced)
        alive = tuple(p for p in ctx.players if p not in dead)
        necro = rules.necromancer and any(ctx.players[p].role == "necromancer" for p in alive)
        may_haunt = {p for p in dead if necro and p not in modkilled}
        return cls(day=day, number=day.number, deadline=day.deadline, alive=alive,
                   voters=tuple(p for p in alive if p not in silenced), dead=dead, modkilled=modkilled,
                   ghosts=frozenset(p for p in may_haunt if ctx.players[p].team == "town"),
                   untyped_dead=frozenset(p for p in may_haunt if ctx.players[p].team is None),
                   necromancer=necro, silenced=silenced,
                   hidden_silenced=frozenset(day.hidden_silenced) - frozenset(day.silenced),
                   immune=frozenset(day.immune), protected=frozenset(day.protected),
                   modkills=tuple(day.modkills), no_vote=rules.modkill_stops_vote and bool(day.modkills),
                   rule_ids=rules.rule_ids)

    def rule(self, aspect: str) -> str:
        """The RULES.md id the preset in force gives `aspect` ("" where RULES.md gives none)."""
        return self.rule_ids.get(aspect, "")
