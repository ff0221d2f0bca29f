"""Replay the ballots of each day under Rules and Game → DayResult. Pure: no I/O, no clock,
no processes (the pipeline may hand over readings made ahead: readahead.py).

A day's posts are read in thread order. Each post by a player passes the gates of checks.py in
order (who may vote, now); the first that decides it ends its way, with its rule id in the
story. Then the reading's kind picks its handler (checks.HANDLERS); a vote passes the target
checks. An accepted ballot may close the day early (closing.py). At the end (dayend.py) the
last accepted ballot of every voter counts, players with none are missing and get the preset's
missed-vote effect, strikes accumulate across days into modkills, and the outcome follows from
the scores; a tie may open a runoff (runoff.py, PC.5). A day whose deadline is after "now" is
an interim count: the ballots so far, nobody missing yet.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from datetime import datetime

from . import checks, closing, dayend, events, house, ties
from ..ballots.reading import BALLOT_KINDS, mention_line
from .checks import Seen, iso
from .context import Context, GameState
from .counting import CHOICES, tagged
from .dayview import DayView
from .days import Shown, default_deadlines, moment, open_reason, unknown_moment, windows
from .game import Day, Game
from ..messages import MESSAGES, collate, say
from ..model import Ballot, DayResult, Kind, Outcome, Post, Reading, Thread, Violation
from ..ballots.names import STRICT_STAGES, explain
from .rules import Rules
from .runoff import count_runoff


class DayCount:
    """The changing state of one day's count (the day itself is `view`, frozen): built by
    feeding posts, then `result()`."""

    def __init__(self, ctx: Context, thread: Thread, day: Day, *, opens: datetime | None,
                 state: GameState, now: datetime | None, pending: str | None = None, head_cut: bool = False):
        self.ctx, self.thread, self.day, self.state = ctx, thread, day, state
        self.opens, self.now = opens, now
        self.pending, self.head_cut = pending, head_cut  # days.open_reason; the thread lacks its start
        self.rules, self.lang = ctx.rules, ctx.lang
        self.view = DayView.build(ctx, day, frozenset(state.modkilled))
        self.ballots: list[Ballot] = []
        self.loose: list[Violation] = []  # violations not tied to a ballot (chatter)
        self.current: dict[str, Ballot] = {}  # voter → counted ballot (or withdrawal)
        self.cast: dict[str, int] = {}  # PC.1: distinct votes cast today
        self.changes: dict[str, list[datetime]] = {}  # H.6: the times of each voter's accepted changes
        self.rejected_nick: dict[str, Ballot] = {}  # voter → last unknown-nick ballot
        self.conditional: dict[str, Ballot] = {}  # PC.13: voter → post with a runoff ballot in advance
        self.after: list[Post] = []  # posts at or after the deadline: late, or the runoff's
        self.closed: tuple[str, datetime] | None = None  # (rule, time) after an early close or hammer
        self.no_lynch_hammer = False  # bold-vote: the hammer was a No Lynch majority
        self.flags: dict[str, datetime | None] = {"early_close_at": None, "fast_night_at": None,
                                                  "hammer_at": None}

    # -- helpers -------------------------------------------------------------------------
    def violation(self, code: str, player: str, *, effect: str, rule: str, post: Post | None,
                  message_code: str | None = None, hidden: bool = False, **fields) -> Violation:
        return Violation(code=code, player=player, effect=effect, rule=rule,
                         message=say(message_code or code, self.lang, voter=player, **fields),
                         day=self.day.number, post_id=post.post_id if post else None,
                         post_no=post.post_no if post else None, time=post.time if post else None,
                         hidden=hidden)

    def reject(self, b: Ballot, code: str, rule: str, message_code: str | None = None, *,
               hidden: bool = False, **fields):
        self.refuse(b, code, rule, message_code, hidden=hidden, **fields)
        self.ballots.append(b)

    def refuse(self, b: Ballot, code: str, rule: str, message_code: str | None = None, *,
               hidden: bool = False, **fields):
        """`b` rejected, with its violation and story line (the caller keeps the ballot)."""
        b.status = "rejected"
        fields.setdefault("target", b.target)
        b.violations.append(self.violation(code, b.voter, effect="ignored", rule=rule, post=b.post,
                                           message_code=message_code, hidden=hidden,
                                           written=b.reading.written, **fields))
        b.story.append(tagged(rule, b.violations[-1].message))

    def accept(self, b: Ballot, rule: str):
        prev = self.current.get(b.voter)
        if prev is not None and prev.status == "counted":  # an H.4 edited post was never counted
            prev.status = "superseded"
            prev.story.append(tagged(rule, say("story.replaced", self.lang, no=b.post.post_no)))
        b.status = "counted"
        self.current[b.voter] = b
        self.ballots.append(b)

    def ballot(self, post: Post, voter: str | None, reading: Reading) -> Ballot:
        hit = reading.match.player if reading.match is not None else None
        b = Ballot(voter=voter or post.author, kind="vote" if reading.kind == Kind.vote else "invalid",
                   post=post, reading=reading, target=hit, colour=reading.colour,
                   fast=reading.fast, early=reading.early)
        lang = self.lang
        written = say("story.written", lang, written=reading.written) if reading.written else ""
        b.story.append(say("story.read", lang, no=post.post_no, author=post.author, time=iso(post.time),
                           kind=MESSAGES["reading." + reading.kind][lang != "ru"], written=written))
        if reading.match is not None:
            ok = reading.match.stage in STRICT_STAGES or self.rules.accept_fuzzy
            b.story.append(say("story.nick", self.lang, how=explain(reading.match, ok, self.lang)))
        return b

    def weight(self, voter: str, colour: str) -> float:
        """RB.4: the role's multiplier; C3.10: a ghost's vote counts dead_weight."""
        w = self.rules.weight(self.ctx.players[voter].role, colour)
        if voter in self.view.ghosts:
            w *= self.rules.dead_weight
        return w

    # -- one post ------------------------------------------------------------------------
    def feed(self, post: Post) -> None:
        events.apply(self, post)  # mid-day kills and resets reached by this post
        if self.ctx.is_gm(post):
            if self.rules.gm_relays and (self.day.deadline is None or post.time < self.day.deadline):
                for relayed in self.ctx.relays(post):
                    self.take(relayed, relayed_by=post.author)
            return
        if self.day.deadline is not None and post.time >= self.day.deadline:
            self.after.append(post)  # late, unless a runoff claims it (result)
            return
        self.take(post)

    def unplaced(self, post: Post) -> None:
        """A post whose time is unknown that may fall in this day: a ballot in it is shown,
        rejected, and the day says so (a violation: `--strict` exits 1)."""
        voter = self.ctx.voter_of(post)
        reading = self.ctx.read(post)
        if voter is None or self.ctx.is_gm(post) or reading.kind not in BALLOT_KINDS:
            return
        self.reject(self.ballot(post, voter, reading), "time_unknown", "", no=post.post_no)

    def take(self, post: Post, late: str | None = None, relayed_by: str | None = None) -> None:
        """Decide the fate of one post of the day: the gates, then the handler of its kind.
        `late`: the rule that closed the day for it."""
        voter = self.ctx.voter_of(post)
        reading = self.ctx.read(post)
        if self.rules.colour_votes and reading.kind == Kind.vote and reading.mention and reading.colour == "none":
            reading = replace(reading, kind=Kind.chatter, written=mention_line(post, reading.written))  # RB.1
        b = self.ballot(post, voter, reading)
        if relayed_by:
            b.story.append(say("story.relayed", self.lang, gm=relayed_by))
        if late is None and self.closed:
            late = self.closed[0]
        ballotish = reading.kind in BALLOT_KINDS or (post.edited and reading.kind != Kind.chatter)
        seen = Seen(b, voter, ballotish, late)
        for gate in checks.GATES:
            if gate(self, seen):
                return
        checks.HANDLERS[reading.kind](self, b)

    def locked(self, prev: Ballot | None) -> bool:
        """RB.8: a ballot flagged досрочно (from the third day) cannot be changed."""
        return (prev is not None and prev.kind in CHOICES and prev.early and self.rules.early_close != "none"
                and self.day.number >= self.rules.early_close_from_day)

    def choose(self, b: Ballot):
        """Accept a vote or pass, subject to the early lock (RB.8) and the change limit (PC.1)."""
        prev = self.current.get(b.voter)
        same = prev is not None and prev.kind in CHOICES and \
            (prev.kind, prev.target, prev.colour) == (b.kind, b.target, b.colour)
        if not same and self.locked(prev):
            self.reject(b, "early_vote_changed", "RB.8")
            return
        changes = self.changes.setdefault(b.voter, [])
        if not same and house.refused(self, b, prev, changes=changes, passes=self.state.passes):
            return  # H.7, H.8, H.5, H.6
        if not same:
            limit, n = self.rules.change_limit, self.cast.get(b.voter, 0)
            if limit >= 0 and n > limit:
                self.reject(b, "change_limit", "PC.1", limit=limit)
                return
            self.cast[b.voter] = n + 1
            if prev is not None and prev.kind in CHOICES:
                changes.append(b.post.time)
            if n:
                b.story.append(say("story.change", self.lang, n=n, limit=limit) if limit >= 0 else
                               tagged(self.view.rule("last"), say("story.changed", self.lang)))
        house.story_final(self, b)
        self.accept(b, self.view.rule("last"))
        counted = self.counted()
        for close in closing.CLOSERS:
            close(self, b, counted)

    def withdraw(self, b: Ballot):
        """PC.1: the first vote may be withdrawn; a withdrawal is not a change."""
        b.kind = "withdraw"
        prev = self.current.get(b.voter)
        if self.locked(prev):
            self.reject(b, "early_vote_changed", "RB.8")
            return
        if house.locked_final(self, b, prev) or house.unannounced(self, b, prev, withdrawal=True):
            return  # H.7, H.5
        if self.rules.change_limit >= 0 and self.cast.get(b.voter, 0) > 1:
            self.reject(b, "change_limit", "PC.1", "withdraw_final", limit=self.rules.change_limit)
            return
        rule = "PC.1" if self.rules.change_limit >= 0 else self.view.rule("last")
        none = "" if prev is not None and prev.kind in CHOICES else say("story.nothing_to_withdraw", self.lang)
        b.story.append(tagged(rule, say("story.withdraws", self.lang)) + none)
        self.accept(b, rule)

    def unfast(self, b: Ballot):
        """PC.1: the fast flag may be withdrawn; the vote itself stays."""
        prev = self.current.get(b.voter)
        if prev is None or prev.kind not in CHOICES:
            b.kind = "invalid"
            self.reject(b, "unknown_nick", "PC.1", "unfast_nothing")
            return
        b.kind, b.target, b.colour, b.weight, b.fast = prev.kind, prev.target, prev.colour, prev.weight, False
        b.early = prev.early
        b.story.append(say("story.unfast", self.lang))
        self.accept(b, "PC.1")

    def counted(self) -> dict[str, Ballot]:
        return {v: b for v, b in self.current.items() if b.kind in CHOICES}

    # -- the end of the day --------------------------------------------------------------
    def open_reason(self) -> str | None:
        """Why this count is an interim one (days.open_reason: the deadline is ahead of "now",
        none is known, the pages lack part of the day), else None. A rule that closed the day
        (RB.8, the bold-vote hammer, PC.4's fast night) decides it, unless the thread lacks its
        start: the ballots before the first page given are unknown."""
        if self.pending is None:
            return None
        if (self.closed or self.flags["fast_night_at"] is not None) and not self.head_cut:
            return None
        return self.pending

    def interim(self) -> DayResult:
        """A day still open: the ballots cast so far, no missed vote yet (no penalty, strike
        or modkill); `missing` is who has not voted yet."""
        counted = self.counted()
        missing = [p for p in events.survivors(self.view.voters, self.day.events) if p not in counted]
        rows = dayend.rows(counted, {})
        leaders = [r.candidate for r in rows if r.score > 0 and r.score == rows[0].score]
        lead = "open" if self.open_reason() == "deadline" else "undecided"  # no end known, or pages missing
        note = say(f"{lead}_leading" if leaders else f"{lead}_no_votes", self.lang, names=", ".join(leaders))
        note, ahead = ties.interim_ahead(self.rules, self.lang, rows=rows, leaders=leaders, note=note)  # H.1
        return self.day_result(rows, Outcome("open", note=note, extra={"leaders": leaders, **ahead}), missing=missing,
                               misses=[], modkills=list(self.day.modkills), runoff=None,
                               reason=self.open_reason())

    def result(self) -> DayResult:
        if self.view.no_vote:  # PC.9
            for post in self.after:
                self.take(post, late="C3.5")
            self.state.modkilled.update(self.view.modkills)
            note = say("no_vote", self.lang, names=", ".join(self.view.modkills))
            return self.day_result((), Outcome("no_vote", note=note), missing=[], misses=[],
                                   modkills=list(self.view.modkills), runoff=None)
        if self.open_reason() is not None:
            return self.interim()
        runoff_posts, late_posts = self.split_after()
        counted = self.counted()
        house.note_passes(self, counted, self.state.passes)  # H.8: a final day uses them up
        missing = [p for p in events.survivors(self.view.voters, self.day.events) if p not in counted]
        owed = [] if self.flags["hammer_at"] else missing  # H.13: the deadline never came
        penalised = dayend.penalties(self.rules, owed)
        misses, modkills = dayend.misses(self, owed, penalised)
        self.state.modkilled.update(modkills)
        rows = dayend.rows(counted, penalised)
        outcome = dayend.decide(self.view, self.rules, self.lang, rows=rows, counted=counted,
                                penalised=penalised)
        if self.no_lynch_hammer:  # the day ended on a No Lynch majority, whoever leads the votes
            outcome = Outcome("no_lynch", note=say("no_lynch", self.lang))
        runoff = None
        if outcome.kind == "tie" and self.rules.tie == "runoff":
            outcome, runoff = count_runoff(self, list(outcome.extra["candidates"]), runoff_posts)
        if runoff is None:  # no runoff after all: whatever came after the deadline is late
            late_posts = runoff_posts + late_posts
        for post in late_posts:
            self.take(post, late="C3.5")
        last_rule = self.view.rule("last")
        for b in self.ballots:
            if b.status == "counted" and b.kind in CHOICES:
                b.story.append(tagged(last_rule, say("story.counted", self.lang)))
        return self.day_result(rows, outcome, missing=missing, misses=misses, modkills=modkills, runoff=runoff)

    def split_after(self) -> tuple[list[Post], list[Post]]:
        """Posts after the deadline: the runoff's (before runoff_deadline) and the late rest."""
        end = self.day.runoff_deadline
        if not self.rules.tie == "runoff":
            return [], self.after
        inside = [p for p in self.after if end is None or p.time < end]
        return inside, [p for p in self.after if end is not None and p.time >= end]

    def day_result(self, rows, outcome, *, missing, misses, modkills, runoff, reason=None) -> DayResult:
        house.settle_edits(self.ballots, self.current, final=outcome.kind != "open", lang=self.lang,
                            deadline=self.view.deadline)  # H.4
        phases = self.ballots + (list(runoff.ballots) if runoff is not None else [])
        in_posts = [v for b in phases for v in b.violations] + self.loose
        violations = sorted(in_posts, key=lambda v: (v.post_no or 0, collate(v.player))) + misses
        self.ballots.sort(key=lambda b: (b.post.time, b.post.post_no, b.post.post_id))
        provisional = outcome.kind == "open" or (runoff is not None and runoff.provisional)
        return DayResult(thread=self.thread, rules=self.rules.name, day=self.day.number,
                         deadline=self.day.deadline, opens=self.opens, tally=tuple(rows),
                         outcome=outcome, ballots=tuple(self.ballots), missing=tuple(missing),
                         violations=tuple(violations), modkills=tuple(dict.fromkeys(modkills)),
                         flags=dict(self.flags), roster=self.view.alive, lang=self.lang,
                         runoff=runoff, game_title=self.ctx.game.title, provisional=provisional,
                         now=self.now if provisional else None,
                         colours=self.rules.colour_votes or bool(self.rules.weights),
                         open_reason=(reason or "deadline") if provisional else None,
                         majority=closing.majority_needed(self.rules, len(events.survivors(self.view.alive, self.day.events))),
                         vote_weights={v: self.weight(v, "red")
                                       for v in events.survivors(self.view.voters, self.day.events)})


def count(thread: Thread, game: Game, rules: Rules, lang: str, *, only_day: int | None = None,
          at: datetime | None = None, readings: Mapping[Post, Reading] | None = None) -> list[DayResult]:
    """Count every day of the game (or one), replaying strikes from day 1. `readings`: posts
    already read (readahead.read_ahead); the others are read as the count asks."""
    ctx = Context.build(game, rules, lang, readings)
    state = GameState()
    posts = [p for p in thread.posts if p.time_known and (at is None or p.time <= at)]
    unplaced = _unplaced(thread.posts, at)
    first = posts[0].time if posts else None
    last = posts[-1].time if posts else None
    now = moment(at, thread.saved_at, last)
    horizon = now or last  # the days opened by then are counted
    shown = Shown.of(thread, posts, at)
    results = []
    after_post = None  # the previous day's last_post
    for day, opens, next_opens in windows(default_deadlines(game.days, rules, first), first):
        if opens and horizon and opens > horizon:
            break  # not opened yet
        pending = open_reason(day, (opens, next_opens), after_post, shown, now=now)
        dc = DayCount(ctx, thread, day, opens=opens, state=state, now=now, pending=pending,
                      head_cut=shown.head_cut)
        for post in posts:
            if in_day(post, opens, next_opens, after_post=after_post, last_post=day.last_post):
                dc.feed(post)
        for post, lo, hi in unplaced:
            if _may_be_in(post, (lo, hi), (opens, next_opens, day.deadline), (after_post, day.last_post)):
                dc.unplaced(post)
        after_post = day.last_post
        result = dc.result()
        if only_day is None or day.number == only_day:
            results.append(result)
    if now is None and results:
        results[-1] = unknown_moment(results[-1], last)
    return results


def _unplaced(posts, at: datetime | None) -> list[tuple[Post, datetime | None, datetime | None]]:
    """The posts whose time is unknown, each with the times of the known posts around it
    (None: no known post that side): it was written between them."""
    out, before = [], None
    for i, post in enumerate(posts):
        if post.time_known:
            before = post.time
            continue
        after = next((p.time for p in posts[i + 1:] if p.time_known), None)
        if at is None or before is None or before <= at:
            out.append((post, before, after))
    return out


def _may_be_in(post: Post, bounds, window, numbers) -> bool:
    """A post of unknown time may fall in the day: by post numbers where the game file gives
    the days' last posts, else unless the known posts around it place it outside the window
    (or after the deadline, where a ballot decides nothing)."""
    (lo, hi), (opens, next_opens, deadline), (after_post, last_post) = bounds, window, numbers
    if after_post is not None and post.post_no <= after_post:
        return False
    if last_post is not None:
        return post.post_no <= last_post
    if after_post is None and opens and hi is not None and hi < opens:
        return False
    end = min((t for t in (next_opens, deadline) if t is not None), default=None)
    return not (end is not None and lo is not None and lo >= end)


def in_day(post: Post, opens: datetime | None, next_opens: datetime | None, *,
           after_post: int | None, last_post: int | None) -> bool:
    """The post is in the day's window: by post numbers where the game file gives the days'
    last posts (`last_post`), else by time (opens, next day's opening)."""
    if after_post is not None:
        if post.post_no <= after_post:
            return False
    elif opens and post.time < opens:
        return False
    if last_post is not None:
        return post.post_no <= last_post
    return not (next_opens and post.time >= next_opens)
