"""Replay the ballots of each day under Rules and Game → DayResult. Pure: no I/O, no clock.

A day's posts are read in thread order. Each post by a player passes the checks below in
order; the first that refuses it decides its fate (and its rule id goes into the story).
Then the last accepted ballot of every voter counts, players with none are missing and get
the preset's missed-vote effect, strikes accumulate across days into modkills, and the
outcome follows from the scores; a tie may open a runoff (PC.5), counted from the posts
between the deadline and the runoff deadline.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field, replace
from datetime import datetime

from . import ballots as ballot_reader
from . import parallel
from .ballots import BALLOT_KINDS
from .days import default_deadlines, windows
from .game import Day, Game, GamePlayer
from .messages import collate, say
from .model import Ballot, DayResult, Outcome, Post, Reading, TallyRow, Thread, Violation, Vote
from .names import STRICT_STAGES, Matcher, Player, explain, key
from .rules import Rules
from .runoff import count_runoff

CHOICES = frozenset(("vote", "pass"))

# C3.12: a GM line "Вася: Петя" / "Вася голосует против Пети" / "Vasya votes Petya".
# A count of fewer posts reads them as it goes: forking workers costs more than it saves.
READ_AHEAD_FROM = 400


def _read_one(index: int, shared) -> Reading:
    """Post `index` read in a worker: the posts came with the fork, only the index is sent."""
    style, matcher, posts = shared
    return _reader(style)(posts[index], matcher)


def _reader(style: str):
    """The ballot reader of a rules' ballot_style."""
    return ballot_reader.read_bold if style == "bold" else ballot_reader.read


RELAY = re.compile(r"^\s*(?P<voter>[^:\n]{1,40}?)\s*(?::|—|–|-|\s(?:голосует|голосовал[а]?)(?:\s+(?:против|за|в))?|"
                   r"\svotes?(?:\s+(?:for|against))?)\s+(?P<target>\S.{0,60}?)\s*$", re.IGNORECASE)


@dataclass
class GameState:
    """What carries from one day to the next: strikes, warnings, who is out."""

    strikes: dict[str, int] = field(default_factory=dict)
    warned_day: dict[str, int] = field(default_factory=dict)  # C3.8: first rejected nick
    modkilled: set[str] = field(default_factory=set)  # out from the next day on


@dataclass
class Context:
    game: Game
    rules: Rules
    matcher: Matcher
    players: dict[str, GamePlayer]
    gm_keys: frozenset[str]
    lang: str
    readings: dict[Post, Reading] = field(default_factory=dict)  # read ahead (read_ahead)

    @classmethod
    def build(cls, game: Game, rules: Rules, lang: str) -> Context:
        matcher = Matcher([Player(p.nick, p.aliases) for p in game.players],
                          threshold=rules.fuzzy_threshold, margin=rules.fuzzy_margin)
        return cls(game, rules, matcher, {p.nick: p for p in game.players},
                   frozenset(key(g) for g in game.gm), lang)

    def rule(self, aspect: str) -> str:
        """The RULES.md id the preset in force gives `aspect` (rules.ASPECTS; "" when none)."""
        return self.rules.rule_ids.get(aspect, "")

    def read(self, post: Post) -> Reading:
        found = self.readings.get(post)
        if found is not None:
            return found
        return _reader(self.rules.ballot_style)(post, self.matcher)

    def read_ahead(self, posts: list[Post], jobs: int) -> None:
        """Read the posts a count will ask about in `jobs` processes, ahead of the count. A
        reading depends on the post and the roster alone, so the count is the same; a post
        made later (a GM relay) is read when asked."""
        asked = [p for p in posts if not self.is_gm(p)]
        if len(asked) < READ_AHEAD_FROM:  # read as the count asks: no post read needlessly
            return
        readings = parallel.ordered_map(_read_one, range(len(asked)), jobs, minimum=READ_AHEAD_FROM,
                                        shared=(self.rules.ballot_style, self.matcher, asked))
        self.readings = dict(zip(asked, readings))

    def voter_of(self, post: Post) -> str | None:
        m = self.matcher.match(post.author)
        return m.player if m.stage in STRICT_STAGES else None

    def is_gm(self, post: Post) -> bool:
        return key(post.author) in self.gm_keys

    def relays(self, post: Post) -> list[Post]:
        """C3.12: a GM post whose every line is "Voter: Target" → one post per line, written
        as if by the voter at the GM post's time. Anything else the GM writes is not a ballot."""
        lines = [ln for ln in post.text.split("\n") if ln.strip()]
        if not lines or len(lines) > 10:
            return []
        out = []
        for n, line in enumerate(lines):
            m = RELAY.match(line)
            if not m:
                return []
            voter = self.matcher.match(m["voter"])
            target = self.matcher.match(m["target"])
            if voter.stage not in STRICT_STAGES or target.player is None:
                return []
            # The GM's grammar ("против Маши") is not the voter's spelling: the roster nick stands.
            out.append(replace(post, author=voter.player, text=target.player, html=html.escape(target.player),
                               edited=False, post_id=post.post_id if n == 0 else f"{post.post_id}.{n}"))
        return out


def tagged(rule: str, text: str) -> str:
    """A story line led by the rule id that decided it (none where RULES.md gives no id)."""
    return f"{rule}: {text}" if rule else text


def _iso(t: datetime | None) -> str:
    return t.isoformat(sep=" ", timespec="seconds") if t else ""


class DayCount:
    """The count of one day: built by feeding posts, then `result()`."""

    def __init__(self, ctx: Context, thread: Thread, day: Day, opens: datetime | None,
                 state: GameState, now: datetime | None):
        self.ctx, self.thread, self.day, self.state = ctx, thread, day, state
        self.opens, self.now = opens, now
        self.rules, self.lang = ctx.rules, ctx.lang
        rules = self.rules
        # Out: the game file's dead list and every earlier modkill. A player the count itself
        # eliminated is not dropped on a guess: the GM lists them as dead on the next day.
        self.dead = set(day.dead) | state.modkilled
        self.silenced = set(day.silenced) | set(day.hidden_silenced)
        self.alive = [p for p in ctx.players if p not in self.dead]
        self.voters = [p for p in self.alive if p not in self.silenced]
        # C3.10: while a necromancer lives, dead town players (not modkilled) vote for half.
        necro = rules.necromancer and any(ctx.players[p].role == "necromancer" for p in self.alive)
        self.necro = necro
        self.ghosts = {p for p in self.dead if necro and p not in state.modkilled
                       and ctx.players[p].team == "town"}
        self.untyped_dead = {p for p in self.dead if necro and p not in state.modkilled
                             and ctx.players[p].team is None}
        self.no_vote = rules.modkill_stops_vote and bool(day.modkills)  # PC.9
        self.ballots: list[Ballot] = []
        self.loose: list[Violation] = []  # violations not tied to a ballot (chatter, misses)
        self.current: dict[str, Ballot] = {}  # voter → counted ballot (or withdrawal)
        self.cast: dict[str, int] = {}  # PC.1: distinct votes cast today
        self.rejected_nick: dict[str, Ballot] = {}  # voter → last unknown-nick ballot
        self.conditional: dict[str, Ballot] = {}  # PC.13: voter → post with a runoff ballot in advance
        self.after: list[Post] = []  # posts at or after the deadline: late, or the runoff's
        self.closed: tuple[str, datetime] | None = None  # (rule, time) after an early close or hammer
        self.flags: dict[str, datetime | None] = {"early_close_at": None, "fast_night_at": None,
                                                  "hammer_at": None}

    # -- helpers -------------------------------------------------------------------------
    def violation(self, code: str, player: str, effect: str, rule: str, post: Post | None,
                  message_code: str | None = None, hidden: bool = False, **fields) -> Violation:
        return Violation(code=code, player=player, effect=effect, rule=rule,
                         message=say(message_code or code, self.lang, voter=player, **fields),
                         day=self.day.number, post_id=post.post_id if post else None,
                         post_no=post.post_no if post else None, time=post.time if post else None,
                         hidden=hidden)

    def reject(self, b: Ballot, code: str, rule: str, message_code: str | None = None,
               hidden: bool = False, **fields):
        self.refuse(b, code, rule, message_code, hidden=hidden, **fields)
        self.ballots.append(b)

    def refuse(self, b: Ballot, code: str, rule: str, message_code: str | None = None,
               hidden: bool = False, **fields):
        """`b` rejected, with its violation and story line (the caller keeps the ballot)."""
        b.status = "rejected"
        fields.setdefault("target", b.target)
        b.violations.append(self.violation(code, b.voter, "ignored", rule, b.post, message_code,
                                           hidden=hidden, written=b.reading.written, **fields))
        b.story.append(tagged(rule, b.violations[-1].message))

    def accept(self, b: Ballot, rule: str):
        prev = self.current.get(b.voter)
        if prev is not None:
            prev.status = "superseded"
            prev.story.append(tagged(rule, f"replaced by post {b.post.post_no}"))
        b.status = "counted"
        self.current[b.voter] = b
        self.ballots.append(b)

    def ballot(self, post: Post, voter: str | None, reading: Reading) -> Ballot:
        hit = reading.match.player if reading.match is not None else None
        b = Ballot(voter=voter or post.author, kind="vote" if reading.kind == "vote" else "invalid",
                   post=post, reading=reading, target=hit, colour=reading.colour,
                   fast=reading.fast, early=reading.early)
        b.story.append(f"post {post.post_no} by {post.author} at {_iso(post.time)}: read as "
                       f"{reading.kind}" + (f" '{reading.written}'" if reading.written else ""))
        if reading.match is not None:
            ok = reading.match.stage in STRICT_STAGES or self.rules.accept_fuzzy
            b.story.append("nick: " + explain(reading.match, ok))
        return b

    # -- one post ------------------------------------------------------------------------
    def feed(self, post: Post) -> None:
        if self.ctx.is_gm(post):
            if self.rules.gm_relays and (self.day.deadline is None or post.time < self.day.deadline):
                for relayed in self.ctx.relays(post):
                    self.take(relayed, relayed_by=post.author)
            return
        if self.day.deadline is not None and post.time >= self.day.deadline:
            self.after.append(post)  # late, unless a runoff claims it (result)
            return
        self.take(post)

    def take(self, post: Post, late: str | None = None, relayed_by: str | None = None) -> None:
        """Decide the fate of one post of the day. `late`: the rule that closed the day."""
        rules, day = self.rules, self.day
        voter = self.ctx.voter_of(post)
        reading = self.ctx.read(post)
        if rules.colour_votes and reading.kind == "vote" and reading.mention and reading.colour == "none":
            reading = replace(reading, kind="chatter", written=reading.mention)  # RB.1: a mention
        ballotish = reading.kind in BALLOT_KINDS or (post.edited and reading.kind != "chatter")
        b = self.ballot(post, voter, reading)
        if relayed_by:
            b.story.append(f"C3.12: relayed by the GM ({relayed_by})")
        if voter is None:
            if ballotish:
                self.reject(b, "not_a_player", "")
            return
        if late is None and self.closed:
            late = self.closed[0]
        if late is not None:
            if ballotish:
                if late == "C3.5":
                    self.reject(b, "late_vote", "C3.5", time=_iso(post.time), deadline=_iso(day.deadline))
                else:
                    self.reject(b, "late_vote", late, "late_closed", time=_iso(post.time),
                                closed=_iso(self.closed[1]) if self.closed else "")
            return
        if self.no_vote:
            if ballotish:
                self.reject(b, "no_vote_day", "PC.9", names=", ".join(day.modkills))
            return
        if voter in self.dead and voter not in self.ghosts:
            if ballotish:
                if voter in self.untyped_dead:
                    self.reject(b, "dead_voter", "C3.10", "dead_voter_team")
                else:
                    self.reject(b, "dead_voter", "C3.10" if voter in self.state.modkilled and self.necro
                                else ("C3.7" if voter in self.state.modkilled else ""))
            return
        if voter in self.silenced:
            if ballotish:
                hidden = voter in day.hidden_silenced and voter not in day.silenced
                self.reject(b, "silenced_voter", self.ctx.rule("silenced"),
                            "silenced_voter_hidden" if hidden else None, hidden=hidden)
            return
        if reading.conditional:
            self.conditional[voter] = b
            b.story.append(f"PC.13: runoff ballot in advance: {reading.conditional}")
        edit_by_gm = post.edited and post.edited_by is not None and key(post.edited_by) in self.ctx.gm_keys
        if post.edited and not edit_by_gm and rules.edited_vote != "allowed" and ballotish:
            by = f" ({post.edited_by}, {_iso(post.edited_at)})" if post.edited_by else ""
            if rules.edited_vote == "ignored":
                self.reject(b, "edited_vote", "C3.3", "edited_vote_ignored", by=by)
                return
            b.kind, b.target, b.colour = "vote", voter, "red"
            b.weight = self.weight(voter, "red")
            b.violations.append(self.violation("edited_vote", voter, "self_vote", "C3.3", post, by=by))
            b.story.append("C3.3: " + b.violations[-1].message)
            self.choose(b)
            return
        if reading.kind == "chatter":
            if rules.report_chatter:
                self.loose.append(self.violation("extra_text", voter, "warning", "C3.1", post, "chatter",
                                                 written=reading.written))
            return
        if reading.kind == "empty":
            return
        if reading.kind == "withdraw":
            self.withdraw(b)
            return
        if reading.kind == "unfast":
            self.unfast(b)
            return
        if reading.kind == "runoff":
            b.kind = "invalid"
            self.reject(b, "unknown_nick", "PC.6", "runoff_outside")
            self.rejected_nick[voter] = b
            return
        if reading.kind == "pass":
            if not rules.allow_pass:
                self.reject_nick(b, "no_pass")
                return
            b.kind = "pass"
            self.choose(b)
            return
        if reading.kind == "unknown":
            b.kind, b.target = "invalid", None
            if reading.several:
                self.reject(b, "ambiguous_nick", "C3.1", "several_nicks", hint=", ".join(reading.several))
            else:
                self.reject_nick(b, "unknown_nick")
            return
        m = reading.match
        if m is None or m.player is None or (m.stage not in STRICT_STAGES and not rules.accept_fuzzy):
            b.kind, b.target = "invalid", None
            self.reject_nick(b, "ambiguous_nick" if m and m.stage == "ambiguous" else "unknown_nick")
            return
        b.kind, b.target = "vote", m.player
        if b.target in self.dead:
            self.reject(b, "dead_target", "")
            return
        if b.target in day.immune:
            self.reject(b, "immune_target", "C3.11")
            return
        if b.target == voter and rules.self_vote == "rejected":
            self.reject(b, "self_vote", "RB.2")
            return
        if rules.colour_votes:
            if reading.colour not in ("red", "blue"):
                self.reject(b, "no_colour", "RB.1")
                return
            b.colour = reading.colour
        else:
            b.colour = "red"  # a plain ballot naming a player is a vote against them
        b.weight = self.weight(voter, b.colour)
        if reading.extra_text and rules.only_nick:
            b.violations.append(self.violation("extra_text", voter, "warning", "C3.1", post))
            b.story.append("C3.1: " + b.violations[-1].message)
        self.choose(b)

    def weight(self, voter: str, colour: str) -> float:
        w = self.rules.weight(self.ctx.players[voter].role, colour)
        if voter in self.ghosts:
            w *= self.rules.dead_weight
        return w

    def reject_nick(self, b: Ballot, code: str):
        m = b.reading.match
        hint = ""
        if code == "unknown_nick" and m is not None and m.candidates:
            best = m.player or m.candidates[0][0]
            hint = say("did_you_mean", self.lang, best=best)
        elif code == "ambiguous_nick" and m is not None:
            hint = ", ".join(f"{n} {s:g}" for n, s in m.candidates)
        rule = self.ctx.rule("fuzzy") if self.rules.accept_fuzzy else "C3.4"
        if code == "no_pass":
            self.reject(b, "unknown_nick", rule, "no_pass")
        else:
            self.reject(b, code, rule, hint=hint)
        if code == "unknown_nick":
            self.rejected_nick[b.voter] = b

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
        if not same:
            limit, n = self.rules.change_limit, self.cast.get(b.voter, 0)
            if limit >= 0 and n > limit:
                self.reject(b, "change_limit", "PC.1", limit=limit)
                return
            self.cast[b.voter] = n + 1
            if n:
                b.story.append(f"PC.1: change {n} of {limit}" if limit >= 0 else
                               tagged(self.ctx.rule("last"), "a change of vote"))
        self.accept(b, self.ctx.rule("last"))
        self.after_accept(b)

    def withdraw(self, b: Ballot):
        """PC.1: the first vote may be withdrawn; a withdrawal is not a change."""
        b.kind = "withdraw"
        prev = self.current.get(b.voter)
        if self.locked(prev):
            self.reject(b, "early_vote_changed", "RB.8")
            return
        if self.rules.change_limit >= 0 and self.cast.get(b.voter, 0) > 1:
            self.reject(b, "change_limit", "PC.1", "withdraw_final", limit=self.rules.change_limit)
            return
        rule = "PC.1" if self.rules.change_limit >= 0 else self.ctx.rule("last")
        b.story.append(tagged(rule, "withdraws the vote") + ("" if prev is not None and prev.kind in CHOICES
                                                        else " (there was none)"))
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
        b.story.append("PC.1: withdraws the fast flag; the vote stays")
        self.accept(b, "PC.1")

    # -- flags: early close (RB.8), hammer (bold-vote), fast night (PC.4) ---------------
    def after_accept(self, b: Ballot):
        rules, t = self.rules, b.post.time
        counted = self.counted()
        if rules.early_close != "none" and self.day.number >= rules.early_close_from_day and self.voters:
            early = sum(1 for v in self.voters if v in counted and counted[v].early)
            need = len(self.voters) if rules.early_close == "all" else len(self.voters) // 2 + 1
            if early >= need:
                self.closed = ("RB.8", t)
                self.flags["early_close_at"] = t
                b.story.append(say("early_closed", self.lang, time=_iso(t)))
        if rules.majority == "half+1" and b.kind == "vote" and b.target:
            need = len(self.alive) // 2 + 1
            score = sum(x.weight if x.colour != "blue" else -x.weight
                        for x in counted.values() if x.kind == "vote" and x.target == b.target)
            if score >= need:
                self.closed = (self.ctx.rule("hammer"), t)
                self.flags["hammer_at"] = t
                b.story.append(say("hammer", self.lang, target=b.target, need=need))
        if rules.fast_night and self.flags["fast_night_at"] is None and self.voters:
            rest = [v for v in self.voters if not (v in counted and counted[v].fast)]
            if not rest or (len(rest) == 1 and self.cannot_decide(rest[0], counted, b.post)):
                self.flags["fast_night_at"] = t
                b.story.append(say("fast_night", self.lang, time=_iso(t)))

    def counted(self) -> dict[str, Ballot]:
        return {v: b for v, b in self.current.items() if b.kind in CHOICES}

    def cannot_decide(self, player: str, counted: dict[str, Ballot], post: Post) -> bool:
        """PC.4: whatever `player` does (any vote, pass, nothing), the outcome stays the same."""
        others = {v: b for v, b in counted.items() if v != player}
        options: list[dict[str, Ballot] | None] = [None]
        for target in self.alive:
            options.append({player: Ballot(player, "vote", post, Reading("vote"), target=target,
                                           colour="red", weight=self.weight(player, "red"))})
        if self.rules.allow_pass:
            options.append({player: Ballot(player, "pass", post, Reading("pass"))})
        seen = set()
        for extra in options:
            ballots = {**others, **(extra or {})}
            penalties = self.penalties([] if extra else [player])
            o = self.decide(self.rows(ballots, penalties), ballots, penalties)
            seen.add((o.kind, o.eliminated, tuple(o.extra.get("candidates", ()))))
        return len(seen) == 1

    # -- the end of the day --------------------------------------------------------------
    def penalties(self, missing: list[str]) -> dict[str, float]:
        rules = self.rules
        if rules.missed_vote not in ("self_vote", "penalty"):
            return {}
        amount = 1.0 if rules.missed_vote == "self_vote" else rules.missed_penalty
        return dict.fromkeys(missing, amount)

    def open_until(self) -> datetime | None:
        """The deadline still ahead of "now" when this count is an interim one, else None: a
        day is final once its deadline has passed, when "now" is unknown, and from the post
        that closed it early (RB.8, the bold-vote hammer, PC.4's fast night)."""
        deadline = self.day.deadline
        if self.now is None or deadline is None or self.now >= deadline:
            return None
        if self.closed or self.flags["fast_night_at"] is not None:
            return None
        return deadline

    def interim(self) -> DayResult:
        """A day still open: the ballots cast so far, no missed vote yet (no penalty, strike
        or modkill); `missing` is who has not voted yet."""
        counted = self.counted()
        missing = [p for p in self.voters if p not in counted]
        rows = self.rows(counted, {})
        leaders = [r.candidate for r in rows if r.score > 0 and r.score == rows[0].score]
        note = say("open_leading" if leaders else "open_no_votes", self.lang, names=", ".join(leaders))
        return self.day_result(rows, Outcome("open", note=note, extra={"leaders": leaders}), missing, [],
                               list(self.day.modkills), None)

    def result(self) -> DayResult:
        rules, state, day = self.rules, self.state, self.day
        if not self.no_vote and self.open_until() is not None:
            return self.interim()
        runoff_posts, late_posts = self.split_after()
        if self.no_vote:
            for post in self.after:
                self.take(post, late="C3.5")
            for p in day.modkills:
                state.modkilled.add(p)
            return self.day_result((), Outcome("no_vote", note=say("no_vote", self.lang,
                                                                    names=", ".join(day.modkills))),
                                   [], [], list(day.modkills), None)
        counted = self.counted()
        missing = [p for p in self.voters if p not in counted]
        penalties = self.penalties(missing)
        misses: list[Violation] = []
        modkills = list(day.modkills)
        # C3.8: a second misspelled nick on a later day after the warning.
        for voter in sorted(self.rejected_nick, key=collate):
            first = state.warned_day.get(voter)
            if rules.modkill_after_warning and first is not None and first < day.number:
                b = self.rejected_nick[voter]
                misses.append(self.violation("modkill", voter, "modkill", "C3.8", b.post,
                                             "modkill_second_nick", day=first))
                modkills.append(voter)
            state.warned_day.setdefault(voter, day.number)
        for player in missing:
            last = self.rejected_nick.get(player)
            why = ""
            if last is not None:
                why = say("missed_why", self.lang, written=last.reading.written)
            effect = {"self_vote": "self_vote", "penalty": "penalty"}.get(rules.missed_vote, "warning")
            rule = self.ctx.rule("missed" if last is None else "missed_bad_nick")
            misses.append(self.violation(
                "missed_vote", player, effect, rule, None, why=why,
                what=say(f"effect_{rules.missed_vote}", self.lang, penalty=penalties.get(player, 0.0))))
            state.strikes[player] = state.strikes.get(player, 0) + 1
            n = state.strikes[player]
            if rules.misses_to_modkill and n >= rules.misses_to_modkill and player not in modkills:
                misses.append(self.violation("modkill", player, "modkill", self.ctx.rule("modkill"),
                                             None, count=n))
                modkills.append(player)
        for p in modkills:
            state.modkilled.add(p)
        rows = self.rows(counted, penalties)
        outcome = self.decide(rows, counted, penalties)
        runoff = None
        if outcome.kind == "tie" and rules.tie == "runoff":
            outcome, runoff = count_runoff(self, list(outcome.extra["candidates"]), runoff_posts)
        if runoff is None:  # no runoff after all: whatever came after the deadline is late
            late_posts = runoff_posts + late_posts
        for post in late_posts:
            self.take(post, late="C3.5")
        last_rule = self.ctx.rule("last")
        for b in self.ballots:
            if b.status == "counted" and b.kind in CHOICES:
                b.story.append(tagged(last_rule, "counted, the voter's last accepted ballot"))
        return self.day_result(rows, outcome, missing, misses, modkills, runoff)

    def split_after(self) -> tuple[list[Post], list[Post]]:
        """Posts after the deadline: the runoff's (before runoff_deadline) and the late rest."""
        end = self.day.runoff_deadline
        if not self.rules.tie == "runoff":
            return [], self.after
        inside = [p for p in self.after if end is None or p.time < end]
        return inside, [p for p in self.after if end is not None and p.time >= end]

    def day_result(self, rows, outcome, missing, misses, modkills, runoff) -> DayResult:
        phases = self.ballots + (list(runoff.ballots) if runoff is not None else [])
        in_posts = [v for b in phases for v in b.violations] + self.loose
        violations = sorted(in_posts, key=lambda v: (v.post_no or 0, collate(v.player))) + misses
        self.ballots.sort(key=lambda b: (b.post.time, b.post.post_no, b.post.post_id))
        provisional = outcome.kind == "open" or (runoff is not None and runoff.provisional)
        return DayResult(thread=self.thread, rules=self.rules.name, day=self.day.number,
                         deadline=self.day.deadline, opens=self.opens, tally=tuple(rows),
                         outcome=outcome, ballots=tuple(self.ballots), missing=tuple(missing),
                         violations=tuple(violations), modkills=tuple(dict.fromkeys(modkills)),
                         flags=dict(self.flags), roster=tuple(self.alive), lang=self.lang,
                         runoff=runoff, game_title=self.ctx.game.title, provisional=provisional,
                         now=self.now if provisional else None)

    def rows(self, counted: dict[str, Ballot], penalties: dict[str, float]) -> list[TallyRow]:
        acc: dict[str, dict] = {}
        for voter, b in counted.items():
            if b.kind != "vote" or b.target is None:
                continue
            row = acc.setdefault(b.target, {"red": 0.0, "blue": 0.0, "votes": []})
            row["blue" if b.colour == "blue" else "red"] += b.weight
            row["votes"].append(Vote(voter, b.colour, b.weight, b.post.post_id, b.post.time))
        for player in penalties:
            acc.setdefault(player, {"red": 0.0, "blue": 0.0, "votes": []})
        rows = []
        for cand, r in acc.items():
            pen = penalties.get(cand, 0.0)
            votes = tuple(sorted(r["votes"], key=lambda v: (v.time, collate(v.voter))))
            rows.append(TallyRow(cand, r["red"] - r["blue"] + pen, r["red"], r["blue"], pen, votes))
        rows.sort(key=lambda r: (-r.score, collate(r.candidate)))
        return rows

    def decide(self, rows: list[TallyRow], counted: dict[str, Ballot],
               penalties: dict[str, float]) -> Outcome:
        lang, rules = self.lang, self.rules
        if not rows:
            if counted and all(b.kind == "pass" for b in counted.values()):
                return Outcome("pass", note=say("pass", lang))  # PC.2
            return Outcome("no_lynch", note=say("no_lynch", lang))
        top = rows[0].score
        if top <= 0:
            return Outcome("no_lynch", note=say("no_lynch", lang))  # RB.7
        leaders = [r.candidate for r in rows if r.score == top]
        if len(leaders) > 1:
            return Outcome("tie", note=say("tie", lang, names=", ".join(leaders)),
                           extra={"candidates": leaders})
        # PC.3: on day 1 one ballot against a player with everyone else passing is a pardon.
        votes = [b for b in counted.values() if b.kind == "vote"]
        if (rules.day1_pardon and self.day.number == 1 and len(votes) == 1 and not penalties
                and len(counted) == len(self.voters)):
            return Outcome("pardon", note=say("pardon_day1", lang, names=leaders[0]),
                           extra={"candidates": leaders})
        return self.eliminate(leaders)

    def eliminate(self, names: list[str], note_code: str = "lynch") -> Outcome:
        protected = [n for n in names if n in self.day.protected]
        if protected:  # RB.10
            return Outcome("protected", note=say("protected", self.lang, names=", ".join(protected)),
                           extra={"candidates": names})
        return Outcome("lynch", tuple(names), say(note_code, self.lang, names=", ".join(names)))


def count(thread: Thread, game: Game, rules: Rules, lang: str, only_day: int | None = None,
          at: datetime | None = None, jobs: int = 1) -> list[DayResult]:
    """Count every day of the game (or one), replaying strikes from day 1. With `jobs` > 1,
    a long thread's posts are read in that many processes first; the result is the same."""
    ctx = Context.build(game, rules, lang)
    state = GameState()
    posts = [p for p in thread.posts if at is None or p.time <= at]
    if jobs > 1:
        ctx.read_ahead(posts, jobs)
    first = posts[0].time if posts else None
    last = posts[-1].time if posts else None
    now = moment(at, thread.saved_at, last)
    horizon = now or last  # the days opened by then are counted
    results = []
    for day, opens, next_opens in windows(default_deadlines(game.days, rules, first), first):
        if opens and horizon and opens > horizon:
            break  # not opened yet
        dc = DayCount(ctx, thread, day, opens, state, now)
        for post in posts:
            if opens and post.time < opens:
                continue
            if next_opens and post.time >= next_opens:
                continue
            dc.feed(post)
        result = dc.result()
        if only_day is None or day.number == only_day:
            results.append(result)
    if now is None and results:
        results[-1] = unknown_moment(results[-1], last)
    return results


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
    if end is None or last is None or last >= end or closed_early:
        return r
    fmt = "%d.%m %H:%M" if r.lang == "ru" else "%Y-%m-%d %H:%M"
    local = last.astimezone(end.tzinfo)
    line = say("unknown_moment", r.lang, last=local.strftime(fmt), deadline=end.strftime(fmt),
               example=local.strftime("%H:%M"))
    return replace(r, warnings=r.warnings + (line,))
