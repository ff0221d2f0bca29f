"""The checks a post of the day goes through, in order (tally.DayCount.take runs them).

GATES decide whether the voter may vote at all, now; the first gate that decides the post
ends its way. HANDLERS say what each reading kind does (model.Kind). A vote for a
player then passes TARGET_CHECKS in order. Each function names its rule in its docstring
(the RULES.md id; the common model's rules have none). Adding a rule is one function here and
one line in a tuple or the table.
"""

from __future__ import annotations

from datetime import datetime
from typing import Callable, NamedTuple

from . import events
from ..messages import say
from .counting import Counting
from ..model import Ballot, Kind
from ..ballots.names import STRICT_STAGES, key, suggestion
from ..ballots.house import image_only, only_house_words



def iso(t: datetime | None) -> str:
    return t.isoformat(sep=" ", timespec="seconds") if t else ""


def said(t: datetime | None, ref: datetime | None, lang: str) -> str:
    """A time in a sentence as the post writes times ("в 21:05", "в 21:05 28.11"): in the
    deadline's zone, the date only off the deadline's date, seconds only when the time shares
    the deadline's minute (a ballot at 20:00:30 against 20:00). JSON keeps the ISO stamp."""
    if t is None:
        return ""
    if ref is not None and ref.tzinfo is not None and t.tzinfo is not None:
        t = t.astimezone(ref.tzinfo)
    near = ref is not None and t.replace(second=0, microsecond=0) == ref.replace(second=0, microsecond=0)
    clock = t.strftime("%H:%M:%S" if near and t.second != ref.second else "%H:%M")
    if ref is not None and t.date() == ref.date():
        return say("when.time", lang, clock=clock)
    date = t.strftime("%d.%m") if lang == "ru" else f"{t:%b} {t.day}"
    return say("when.dated", lang, clock=clock, date=date)


class Seen(NamedTuple):
    """One post of the day as the gates see it (a tuple: made for every post)."""

    ballot: Ballot
    voter: str | None  # the roster nick of the author, None: not a player
    ballotish: bool  # reads as a ballot (or is an edited post): a refused one is reported
    late: str | None  # the rule that closed the day for this post (C3.5, RB.8, hammer); None: open


# -- gates: the voter, in order ---------------------------------------------------------------
def not_a_player(c: Counting, s: Seen) -> bool:
    """Common model: only the roster votes; anyone else's ballot is reported and ignored."""
    if s.voter is not None:
        return False
    if s.ballotish:
        c.reject(s.ballot, "not_a_player", "")
    return True


def late_post(c: Counting, s: Seen) -> bool:
    """C3.5: strictly before the deadline. RB.8 and the bold-vote hammer: after the day closed."""
    if s.late is None:
        return False
    if s.ballotish:
        b = s.ballot
        if s.late == "C3.5":
            c.reject(b, "late_vote", "C3.5", time=iso(b.post.time), deadline=iso(c.view.deadline))
        else:
            c.reject(b, "late_vote", s.late, "late_closed", time=iso(b.post.time),
                     closed=iso(c.closed[1]) if c.closed else "")
    return True


def no_vote_day(c: Counting, s: Seen) -> bool:
    """PC.9: a day with a modkill announced has no vote."""
    if not c.view.no_vote:
        return False
    if s.ballotish:
        c.reject(s.ballot, "no_vote_day", "PC.9", names=", ".join(c.view.modkills))
    return True


def dead_voter(c: Counting, s: Seen) -> bool:
    """C3.10 / C3.7: the dead do not vote, except dead town players while a necromancer lives;
    the modkilled never do."""
    v = c.view
    killed = s.voter in events.killed_by(v.day.events, s.ballot.post)  # a mid-day kill (events.py)
    if (s.voter not in v.dead or s.voter in v.ghosts) and not killed:
        return False
    if s.ballotish:
        if s.voter in v.untyped_dead:
            c.reject(s.ballot, "dead_voter", "C3.10", "dead_voter_team")
        else:
            out = s.voter in v.modkilled
            c.reject(s.ballot, "dead_voter", ("C3.10" if v.necromancer else "C3.7") if out else "")
    return True


def silenced_voter(c: Counting, s: Seen) -> bool:
    """C3.13 / RB.9: a silenced player has no vote that day: ignored, not missed; a silence
    that is not announced (RB.9) stays out of the public reports."""
    if s.voter not in c.view.silenced:
        return False
    if s.ballotish:
        hidden = s.voter in c.view.hidden_silenced
        c.reject(s.ballot, "silenced_voter", c.view.rule("silenced"),
                 "silenced_voter_hidden" if hidden else None, hidden=hidden)
    return True


def advance_runoff_ballot(c: Counting, s: Seen) -> bool:
    """PC.13: a runoff ballot left in advance is kept for the runoff; the post reads on."""
    b = s.ballot
    if b.reading.conditional:
        c.conditional[s.voter] = b
        b.story.append(say("story.advance", c.lang, choice=say(f"label.{b.reading.conditional}", c.lang)))
    return False


def edited_by(post, *, lang: str, deadline: datetime | None) -> str:
    """" (правка — who, when)" of an edit, for the edited_vote sentences ("" when the page does
    not say who edited)."""
    if not post.edited_by:
        return ""
    when = said(post.edited_at, deadline, lang)
    return say("edited.by_when" if when else "edited.by", lang, who=post.edited_by, when=when)


def edited_vote(c: Counting, s: Seen) -> bool:
    """C3.3: an edited vote post is a vote against oneself (or, by the rules, ignored); an edit
    made by a GM is not a violation."""
    b, post, rules = s.ballot, s.ballot.post, c.rules
    by_gm = post.edited_by is not None and key(post.edited_by) in c.ctx.gm_keys
    if not (post.edited and not by_gm and rules.edited_vote != "allowed" and s.ballotish):
        return False
    by = edited_by(post, lang=c.lang, deadline=c.view.deadline)
    if rules.edited_vote == "missed":
        edited_missed(c, b, by)
        return True
    if rules.edited_vote == "ignored":
        c.reject(b, "edited_vote", "C3.3", "edited_vote_ignored", by=by)
        return True
    b.kind, b.target, b.colour = "vote", s.voter, "red"
    b.weight = c.weight(s.voter, "red")
    b.violations.append(c.violation("edited_vote", s.voter, effect="self_vote", rule="C3.3", post=post, by=by))
    b.story.append("C3.3: " + b.violations[-1].message)
    c.choose(b)
    return True


def edited_missed(c: Counting, b: Ballot, by: str) -> None:
    """H.4: the edited post counts for nothing and the voter's earlier ballot of the day does not
    come back: unless a later clean ballot counts, the voter has missed the vote."""
    b.kind, b.status = "invalid", "rejected"
    b.violations.append(c.violation("edited_vote", b.voter, effect="missed", rule="H.4", post=b.post,
                                    message_code="edited_vote_missed", by=by))
    b.story.append("H.4: " + b.violations[-1].message)
    prev = c.current.get(b.voter)
    if prev is not None and prev.status == "counted":
        prev.status = "superseded"
        prev.story.append("H.4: " + say("story.edited_missed", c.lang, no=b.post.post_no))
    c.current[b.voter] = b
    c.ballots.append(b)


GATES: tuple[Callable[[Counting, Seen], bool], ...] = (
    not_a_player, late_post, no_vote_day, dead_voter, silenced_voter, advance_runoff_ballot, edited_vote)


# -- the target of a vote, in order -----------------------------------------------------------
def reject_nick(c: Counting, b: Ballot, code: str) -> None:
    """C3.4 (or the preset's fuzzy rule): a nick that names no player, with a "did you mean"."""
    m = b.reading.match
    hint = ""
    best = suggestion(m) if code == "unknown_nick" and m is not None else None
    if best:  # only a player close enough to help (names.HINT_FLOOR)
        hint = say("did_you_mean", c.lang, best=best)
    elif code == "ambiguous_nick" and m is not None:
        hint = ", ".join(f"{n} {s:g}" for n, s in m.candidates)
    rule = c.view.rule("fuzzy") if c.rules.accept_fuzzy else "C3.4"
    if code == "no_pass":
        c.reject(b, "unknown_nick", rule, "no_pass")
    else:
        c.reject(b, code, rule, hint=hint)
    if code == "unknown_nick":
        c.rejected_nick[b.voter] = b


def nick_accepted(c: Counting, b: Ballot) -> bool:
    """C3.4 / RB.11 / PC.11: the nick names one player, at a matching stage the rules accept."""
    m = b.reading.match
    if m is None or m.player is None or (m.stage not in STRICT_STAGES and not c.rules.accept_fuzzy):
        b.kind, b.target = "invalid", None
        reject_nick(c, b, "ambiguous_nick" if m and m.stage == "ambiguous" else "unknown_nick")
        return True
    b.kind, b.target = "vote", m.player
    return False


def dead_target(c: Counting, b: Ballot) -> bool:
    """Common model: a vote against a player who is out of the game is rejected."""
    if b.target not in c.view.dead:
        return False
    c.reject(b, "dead_target", "")
    return True


def immune_target(c: Counting, b: Ballot) -> bool:
    """C3.11: a player resurrected that day is immune."""
    if b.target not in c.view.immune:
        return False
    c.reject(b, "immune_target", "C3.11")
    return True


def no_self_vote(c: Counting, b: Ballot) -> bool:
    """RB.2: no vote on oneself, red or blue (where the rules say so)."""
    if b.target != b.voter or c.rules.self_vote != "rejected":
        return False
    c.reject(b, "self_vote", "RB.2")
    return True


def colour(c: Counting, b: Ballot) -> bool:
    """RB.1: a ballot must be red or blue; elsewhere a plain ballot is a vote against (red)."""
    if not c.rules.colour_votes:
        b.colour = "red"
        return False
    if b.reading.colour not in ("red", "blue"):
        c.reject(b, "no_colour", "RB.1")
        return True
    b.colour = b.reading.colour
    return False


TARGET_CHECKS: tuple[Callable[[Counting, Ballot], bool], ...] = (
    nick_accepted, dead_target, immune_target, no_self_vote, colour)


# -- what each reading kind does --------------------------------------------------------------
def vote(c: Counting, b: Ballot) -> None:
    """A vote for a player: TARGET_CHECKS in order, then its weight (RB.4, C3.10); C3.1 warns of
    words besides the nick."""
    for check in TARGET_CHECKS:
        if check(c, b):
            return
    b.weight = c.weight(b.voter, b.colour)
    house_words = c.rules.final_words + c.rules.change_words  # H.5, H.7: their words are no extra text
    if b.reading.extra_text and c.rules.only_nick and not (
            house_words and only_house_words(b.post, b.reading.written, house_words)):
        b.violations.append(c.violation("extra_text", b.voter, effect="warning", rule="C3.1", post=b.post))
        b.story.append("C3.1: " + b.violations[-1].message)
    c.choose(b)


def chatter(c: Counting, b: Ballot) -> None:
    """C3.1: a post with no ballot changes nothing; it is reported where the rules say so.
    H.12: a post that is only a picture is reported as one (image_post), whatever the rules."""
    if image_only(b.post):
        image_post(c, b)
    elif c.rules.report_chatter:
        c.loose.append(c.violation("extra_text", b.voter, effect="warning", rule="C3.1", post=b.post,
                                   message_code="chatter", written=b.reading.written))


def empty(c: Counting, b: Ballot) -> None:
    """Common model: nothing of the player's own to read (a quote, a picture). H.12: a vote
    posted as a picture is never silently a miss: image_post, for the GM to read by eye."""
    if image_only(b.post):
        image_post(c, b)


def image_post(c: Counting, b: Ballot) -> None:
    """H.12: a warning, not extra_text; no ballot is counted (the voter is missing unless
    another ballot counts)."""
    c.loose.append(c.violation("image_post", b.voter, effect="warning", rule="H.12", post=b.post))


def withdraw(c: Counting, b: Ballot) -> None:
    """PC.1 / C3.2: a withdrawal of the vote."""
    c.withdraw(b)


def unfast(c: Counting, b: Ballot) -> None:
    """PC.1: the fast flag withdrawn, the vote kept."""
    c.unfast(b)


def runoff_outside(c: Counting, b: Ballot) -> None:
    """PC.6: "повесить всех" outside a runoff is no ballot (and no vote: C3.8 counts it)."""
    b.kind = "invalid"
    c.reject(b, "unknown_nick", "PC.6", "runoff_outside")
    c.rejected_nick[b.voter] = b


def pass_ballot(c: Counting, b: Ballot) -> None:
    """PC.2: a pass, where the rules have one."""
    if not c.rules.allow_pass:
        reject_nick(c, b, "no_pass")
        return
    b.kind = "pass"
    b.weight = c.weight(b.voter, "red")  # a double voter's No Lynch counts twice too
    c.choose(b)


def unknown(c: Counting, b: Ballot) -> None:
    """C3.1: several nicks in one post are no ballot; C3.4: a nick that names nobody."""
    b.kind, b.target = "invalid", None
    if b.reading.several:
        c.reject(b, "ambiguous_nick", "C3.1", "several_nicks", hint=", ".join(b.reading.several))
    else:
        reject_nick(c, b, "unknown_nick")


HANDLERS: dict[Kind, Callable[[Counting, Ballot], None]] = {
    Kind.vote: vote, Kind.pass_: pass_ballot, Kind.withdraw: withdraw, Kind.unfast: unfast,
    Kind.runoff: runoff_outside, Kind.unknown: unknown, Kind.chatter: chatter, Kind.empty: empty,
}
