"""The end of a day: missed votes and their effect (C3.6, RB.5, PC.10), strikes and modkills
(C3.7, C3.8, RB.6), the tally rows, and the outcome they decide (C3.9, RB.7, RB.10, PC.2, PC.3;
a tie under the house rules H.1-H.3: ties.py).
Pure functions of the day's view, the rules and the counted ballots."""

from __future__ import annotations

from . import ties
from .dayview import DayView
from ..messages import collate, say
from ..model import Ballot, Outcome, TallyRow, Violation, Vote
from .rules import Rules


def penalties(rules: Rules, missing: list[str]) -> dict[str, float]:
    """C3.6, PC.10: a vote against oneself; RB.5: +2 against oneself."""
    if rules.missed_vote not in ("self_vote", "penalty"):
        return {}
    amount = 1.0 if rules.missed_vote == "self_vote" else rules.missed_penalty
    return dict.fromkeys(missing, amount)


def rows(counted: dict[str, Ballot], extra: dict[str, float]) -> list[TallyRow]:
    """The tally: red − blue + penalty per candidate, highest first, ties by nick (collate)."""
    acc: dict[str, dict] = {}
    for voter, b in counted.items():
        if b.kind != "vote" or b.target is None:
            continue
        row = acc.setdefault(b.target, {"red": 0.0, "blue": 0.0, "votes": []})
        row["blue" if b.colour == "blue" else "red"] += b.weight
        row["votes"].append(Vote(voter, b.colour, b.weight, b.post.post_id, b.post.time))
    for player in extra:
        acc.setdefault(player, {"red": 0.0, "blue": 0.0, "votes": []})
    out = []
    for cand, r in acc.items():
        pen = extra.get(cand, 0.0)
        votes = tuple(sorted(r["votes"], key=lambda v: (v.time, collate(v.voter))))
        out.append(TallyRow(cand, r["red"] - r["blue"] + pen, r["red"], r["blue"], pen, votes))
    out.sort(key=lambda r: (-r.score, collate(r.candidate)))
    return out


def decide(view: DayView, rules: Rules, lang: str, *, rows: list[TallyRow], counted: dict[str, Ballot],
           penalised: dict[str, float]) -> Outcome:
    """The outcome of the tally: pass (PC.2), nobody above zero (RB.7), a tie (C3.9, RB.7),
    the day-1 pardon (PC.3), else the leader is eliminated (unless protected, RB.10)."""
    if not rows:
        if counted and all(b.kind == "pass" for b in counted.values()):
            return Outcome("pass", note=say("pass", lang))
        return Outcome("no_lynch", note=say("no_lynch", lang))
    top = rows[0].score
    if top <= 0:
        return Outcome("no_lynch", note=say("no_lynch", lang))
    leaders = [r.candidate for r in rows if r.score == top]
    if len(leaders) > 1:
        settled = ties.broken(view, rules, lang, rows=rows, leaders=leaders,
                              eliminate=lambda out, code, **fields: eliminate(view, lang, out, code, **fields))
        if settled is not None:  # H.1-H.3
            return settled
        return Outcome("tie", note=say("tie", lang, names=", ".join(leaders)), extra={"candidates": leaders})
    votes = [b for b in counted.values() if b.kind == "vote"]
    if (rules.day1_pardon and view.number == 1 and len(votes) == 1 and not penalised
            and len(counted) == len(view.voters)):
        return Outcome("pardon", note=say("pardon_day1", lang, names=leaders[0]), extra={"candidates": leaders})
    return eliminate(view, lang, leaders)


def eliminate(view: DayView, lang: str, who: list[str], note_code: str = "lynch", **fields) -> Outcome:
    """`who` are eliminated, unless one of them is protected that day (RB.10). `fields`: more
    of the note's (a tie rule's note names the tied and the times compared, H.1)."""
    protected = [n for n in who if n in view.protected]
    if protected:
        return Outcome("protected", note=say("protected", lang, names=", ".join(protected)),
                       extra={"candidates": who})
    fields.setdefault("names", ", ".join(who))
    return Outcome("lynch", tuple(who), say(note_code, lang, **fields))


def misses(c, missing: list[str], penalised: dict[str, float]) -> tuple[list[Violation], list[str]]:
    """The violations of the day's end and its modkills: C3.8 (a second misspelled nick after a
    warning), then each missed vote with the preset's effect and its strike (C3.7, RB.6).
    `c` is the tally's DayCount (its GameState is updated: strikes, warnings)."""
    rules, state, view = c.rules, c.state, c.view
    out: list[Violation] = []
    modkills = list(view.modkills)
    for voter in sorted(c.rejected_nick, key=collate):
        first = state.warned_day.get(voter)
        if rules.modkill_after_warning and first is not None and first < view.number:
            out.append(c.violation("modkill", voter, effect="modkill", rule="C3.8",
                                   post=c.rejected_nick[voter].post,
                                   message_code="modkill_second_nick", day=first))
            modkills.append(voter)
        state.warned_day.setdefault(voter, view.number)
    effect = {"self_vote": "self_vote", "penalty": "penalty"}.get(rules.missed_vote, "warning")
    # a miss with no effect (no penalty, no strike towards a modkill) is no violation: the
    # player stays in `missing`, and that is all
    matters = effect != "warning" or bool(rules.misses_to_modkill)
    for player in missing if matters else ():
        last = c.rejected_nick.get(player)
        why = say("missed_why", c.lang, written=last.reading.written) if last is not None else ""
        out.append(c.violation("missed_vote", player, effect=effect,
                               rule=view.rule("missed" if last is None else "missed_bad_nick"), post=None, why=why, what=say(f"effect_{rules.missed_vote}", c.lang,
                                                       penalty=penalised.get(player, 0.0))))
        n = state.strikes[player] = state.strikes.get(player, 0) + 1
        if rules.misses_to_modkill and n >= rules.misses_to_modkill and player not in modkills:
            out.append(c.violation("modkill", player, effect="modkill", rule=view.rule("modkill"),
                                   post=None, count=n))
            modkills.append(player)
    return out, modkills
