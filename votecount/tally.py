"""Replay the ballots of each day under Rules and Game → DayResult. Pure: no I/O, no clock.

A day's posts are read in thread order. Each post by a player passes the checks below in
order; the first that refuses it decides its fate (and its rule id goes into the story).
Then the last accepted ballot of every voter counts, players with none are missing and get
the preset's missed-vote effect, strikes accumulate across days into modkills, and the
outcome follows from the scores.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from . import ballots as ballot_reader
from .game import Day, Game, GamePlayer
from .messages import say
from .model import Ballot, DayResult, Outcome, Post, TallyRow, Thread, Violation, Vote
from .names import STRICT_STAGES, Matcher, Player, explain, key
from .rules import Rules

BALLOT_KINDS = frozenset(("vote", "unknown", "pass", "withdraw"))


@dataclass
class GameState:
    """What carries from one day to the next: strikes, warnings, who is out."""

    strikes: dict[str, int] = field(default_factory=dict)
    warned_day: dict[str, int] = field(default_factory=dict)  # C3.8: first rejected nick
    out: set[str] = field(default_factory=set)  # modkilled or announced out


@dataclass
class Context:
    game: Game
    rules: Rules
    matcher: Matcher
    players: dict[str, GamePlayer]
    gm_keys: frozenset[str]
    lang: str

    @classmethod
    def build(cls, game: Game, rules: Rules, lang: str) -> "Context":
        matcher = Matcher([Player(p.nick, p.aliases) for p in game.players],
                          threshold=rules.fuzzy_threshold, margin=rules.fuzzy_margin)
        return cls(game, rules, matcher, {p.nick: p for p in game.players},
                   frozenset(key(g) for g in game.gm), lang)


def _iso(t: datetime | None) -> str:
    return t.isoformat(sep=" ", timespec="seconds") if t else ""


class DayCount:
    """The count of one day: built by feeding posts, then `result()`."""

    def __init__(self, ctx: Context, thread: Thread, day: Day, opens: datetime | None,
                 state: GameState):
        self.ctx, self.thread, self.day, self.state = ctx, thread, day, state
        self.opens = opens
        self.rules, self.lang = ctx.rules, ctx.lang
        self.dead = set(day.dead) | state.out
        self.silenced = set(day.silenced)
        self.alive = [p for p in ctx.players if p not in self.dead]
        self.ballots: list[Ballot] = []
        self.loose: list[Violation] = []  # violations not tied to a ballot (chatter, misses)
        self.current: dict[str, Ballot] = {}  # voter → counted ballot
        self.changes: dict[str, int] = {}
        self.rejected_nick: dict[str, Ballot] = {}  # voter → last unknown-nick ballot

    # -- helpers -------------------------------------------------------------------------
    def violation(self, code: str, player: str, effect: str, rule: str, post: Post | None,
                  message_code: str | None = None, **fields) -> Violation:
        return Violation(code=code, player=player, effect=effect, rule=rule,
                         message=say(message_code or code, self.lang, voter=player, **fields),
                         day=self.day.number, post_id=post.post_id if post else None,
                         post_no=post.post_no if post else None, time=post.time if post else None)

    def reject(self, b: Ballot, code: str, rule: str, message_code: str | None = None, **fields):
        b.status = "rejected"
        b.violations.append(self.violation(code, b.voter, "ignored", rule, b.post, message_code,
                                           target=b.target, written=b.reading.written, **fields))
        b.story.append(f"{rule}: {b.violations[-1].message}")
        self.ballots.append(b)

    def accept(self, b: Ballot, rule: str):
        prev = self.current.get(b.voter)
        if prev is not None:
            prev.status = "superseded"
            prev.story.append(f"{rule}: replaced by post {b.post.post_no}")
        b.status = "counted"
        self.current[b.voter] = b
        self.ballots.append(b)

    def is_gm(self, post: Post) -> bool:
        return key(post.author) in self.ctx.gm_keys

    # -- one post ------------------------------------------------------------------------
    def feed(self, post: Post) -> None:
        rules, day = self.rules, self.day
        author = self.ctx.matcher.match(post.author)
        voter = author.player if author.stage in STRICT_STAGES else None
        reading = ballot_reader.read(post, self.ctx.matcher)
        ballotish = reading.kind in BALLOT_KINDS or (post.edited and reading.kind != "chatter")
        hit = reading.match.player if reading.match is not None else None
        b = Ballot(voter=voter or post.author, kind="vote" if reading.kind == "vote" else "invalid",
                   post=post, reading=reading, target=hit, colour=reading.colour)
        b.story.append(f"post {post.post_no} by {post.author} at {_iso(post.time)}: read as "
                       f"{reading.kind}" + (f" '{reading.written}'" if reading.written else ""))
        if reading.match is not None:
            ok = reading.match.stage in STRICT_STAGES or self.rules.accept_fuzzy
            b.story.append("nick: " + explain(reading.match, ok))
        if voter is None:
            if ballotish:
                self.reject(b, "not_a_player", "roster")
            return
        late = day.deadline is not None and post.time >= day.deadline
        if late:
            if ballotish:
                self.reject(b, "late_vote", "C3.5", time=_iso(post.time), deadline=_iso(day.deadline))
            return
        if voter in self.dead:
            if ballotish:
                self.reject(b, "dead_voter", "day.dead")
            return
        if voter in self.silenced:
            if ballotish:
                self.reject(b, "silenced_voter", "C3.13/RB.9")
            return
        edit_by_gm = post.edited and post.edited_by is not None and key(post.edited_by) in self.ctx.gm_keys
        if post.edited and not edit_by_gm and rules.edited_vote != "allowed" and reading.kind != "chatter":
            by = f" ({post.edited_by}, {_iso(post.edited_at)})" if post.edited_by else ""
            if rules.edited_vote == "ignored":
                self.reject(b, "edited_vote", "C3.3", "edited_vote_ignored", by=by)
                return
            b.kind, b.target, b.colour = "vote", voter, "red"
            b.weight = rules.weight(self.ctx.players[voter].role, "red")
            b.violations.append(self.violation("edited_vote", voter, "self_vote", "C3.3", post, by=by))
            b.story.append("C3.3: " + b.violations[-1].message)
            self.accept(b, "C3.2")
            return
        if reading.kind == "chatter":
            self.loose.append(self.violation("extra_text", voter, "warning", "C3.1", post, "chatter",
                                             written=reading.written))
            return
        if reading.kind == "empty":
            return
        if reading.kind == "withdraw":
            b.kind = "withdraw"
            b.story.append("PC.1: withdraws the vote")
            self.accept(b, "C3.2")
            return
        if reading.kind == "pass":
            if not rules.allow_pass:
                self.reject_nick(b, "no_pass")
                return
            b.kind = "pass"
            self.change(b)
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
        if m is None or m.player is None:
            self.reject_nick(b, "ambiguous_nick" if m and m.stage == "ambiguous" else "unknown_nick")
            return
        if m.stage not in STRICT_STAGES and not rules.accept_fuzzy:
            self.reject_nick(b, "unknown_nick")
            return
        b.kind, b.target = "vote", m.player
        if b.target in self.dead:
            self.reject(b, "dead_target", "day.dead")
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
        b.weight = rules.weight(self.ctx.players[voter].role, b.colour)
        if reading.extra_text and rules.only_nick:
            b.violations.append(self.violation("extra_text", voter, "warning", "C3.1", post))
            b.story.append("C3.1: " + b.violations[-1].message)
        self.change(b)

    def reject_nick(self, b: Ballot, code: str):
        m = b.reading.match
        hint = ""
        if code == "unknown_nick" and m is not None and m.candidates:
            best = m.player or m.candidates[0][0]
            hint = (f"; может, {best}?" if self.lang == "ru" else f"; did you mean {best}?")
        elif code == "ambiguous_nick" and m is not None:
            hint = ", ".join(f"{n} {s:g}" for n, s in m.candidates)
        rule = "C3.4" if not self.rules.accept_fuzzy else ("RB.11" if self.rules.colour_votes else "PC.11")
        if code == "no_pass":
            self.reject(b, "unknown_nick", rule, "no_pass")
        else:
            self.reject(b, code, rule, hint=hint)
        if code == "unknown_nick":
            self.rejected_nick[b.voter] = b

    def change(self, b: Ballot):
        """Accept a vote or pass, subject to the change limit (PC.1)."""
        prev = self.current.get(b.voter)
        limit = self.rules.change_limit
        is_change = prev is not None and prev.kind in ("vote", "pass") and (prev.kind, prev.target) != (b.kind, b.target)
        if is_change and limit >= 0 and self.changes.get(b.voter, 0) >= limit:
            self.reject(b, "change_limit", "PC.1", limit=limit)
            return
        if is_change:
            self.changes[b.voter] = self.changes.get(b.voter, 0) + 1
        self.accept(b, "C3.2" if self.rules.name == "classic" else "RB.3")

    # -- the end of the day --------------------------------------------------------------
    def result(self) -> DayResult:
        rules, state, day = self.rules, self.state, self.day
        counted = {v: b for v, b in self.current.items() if b.kind in ("vote", "pass")}
        missing = [p for p in self.alive if p not in counted and p not in self.silenced]
        penalties: dict[str, float] = {}
        misses: list[Violation] = []
        modkills = list(day.modkills)
        # C3.8: a second misspelled nick on a later day after the warning.
        for voter in sorted(self.rejected_nick):
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
                why = (f" (голос «{last.reading.written}» не принят)" if self.lang == "ru"
                       else f" (ballot '{last.reading.written}' rejected)")
            effect = {"self_vote": "self_vote", "penalty": "penalty"}.get(rules.missed_vote, "warning")
            amount = 1.0 if rules.missed_vote == "self_vote" else rules.missed_penalty
            if rules.missed_vote in ("self_vote", "penalty"):
                penalties[player] = penalties.get(player, 0.0) + amount
            rule = "C3.4" if last is not None and not rules.accept_fuzzy else (
                "RB.5" if rules.missed_vote == "penalty" else "C3.6")
            misses.append(self.violation(
                "missed_vote", player, effect, rule, None, why=why,
                what=say(f"effect_{rules.missed_vote}", self.lang, penalty=amount)))
            state.strikes[player] = state.strikes.get(player, 0) + 1
            n = state.strikes[player]
            if rules.misses_to_modkill and n >= rules.misses_to_modkill and player not in modkills:
                misses.append(self.violation("modkill", player, "modkill", "C3.7" if rules.name == "classic" else "RB.6",
                                             None, count=n))
                modkills.append(player)
        for p in modkills:
            state.out.add(p)
        rows = self.rows(counted, penalties)
        outcome = self.outcome(rows, counted)
        in_posts = [v for b in self.ballots for v in b.violations] + self.loose
        violations = sorted(in_posts, key=lambda v: (v.post_no or 0, v.player)) + misses
        return DayResult(thread=self.thread, rules=rules.name, day=day.number, deadline=day.deadline,
                         opens=self.opens, tally=tuple(rows), outcome=outcome,
                         ballots=tuple(self.ballots), missing=tuple(missing),
                         violations=tuple(violations), modkills=tuple(dict.fromkeys(modkills)),
                         flags={"early_close_at": None, "fast_night_at": None, "hammer_at": None},
                         roster=tuple(self.alive), lang=self.lang)

    def rows(self, counted: dict[str, Ballot], penalties: dict[str, float]) -> list[TallyRow]:
        acc: dict[str, dict] = {}
        for voter, b in counted.items():
            if b.kind != "vote" or b.target is None:
                continue
            row = acc.setdefault(b.target, {"red": 0.0, "blue": 0.0, "votes": []})
            row["blue" if b.colour == "blue" else "red"] += b.weight
            row["votes"].append(Vote(voter, b.colour, b.weight, b.post.post_id, b.post.time))
        for player, amount in penalties.items():
            acc.setdefault(player, {"red": 0.0, "blue": 0.0, "votes": []})
        rows = []
        for cand, r in acc.items():
            pen = penalties.get(cand, 0.0)
            votes = tuple(sorted(r["votes"], key=lambda v: (v.time, v.voter)))
            rows.append(TallyRow(cand, r["red"] - r["blue"] + pen, r["red"], r["blue"], pen, votes))
        rows.sort(key=lambda r: (-r.score, key(r.candidate)))
        return rows

    def outcome(self, rows: list[TallyRow], counted: dict[str, Ballot]) -> Outcome:
        lang = self.lang
        if not rows:
            if counted and all(b.kind == "pass" for b in counted.values()):
                return Outcome("pass", note=say("pass", lang))
            return Outcome("no_lynch", note=say("no_lynch", lang))
        top = rows[0].score
        if top <= 0:
            return Outcome("no_lynch", note=say("no_lynch", lang))
        leaders = [r.candidate for r in rows if r.score == top]
        if len(leaders) > 1:
            return Outcome("tie", note=say("tie", lang, names=", ".join(leaders)),
                           extra={"candidates": leaders})
        if leaders[0] in self.day.protected:
            return Outcome("protected", note=say("protected", lang, names=leaders[0]))
        return Outcome("lynch", (leaders[0],), say("lynch", lang, names=leaders[0]))


def windows(days: tuple[Day, ...], first_post: datetime | None):
    """(day, opens, next day's opening) for each day: a day opens at its `opens`, else at the
    previous deadline, else at the first post."""
    out = []
    for i, d in enumerate(days):
        opens = d.opens or (days[i - 1].deadline if i else None) or first_post
        nxt = days[i + 1] if i + 1 < len(days) else None
        next_opens = (nxt.opens or d.deadline) if nxt else None
        out.append((d, opens, next_opens))
    return out


def count(thread: Thread, game: Game, rules: Rules, lang: str, only_day: int | None = None,
          at: datetime | None = None) -> list[DayResult]:
    """Count every day of the game (or one), replaying strikes from day 1."""
    ctx = Context.build(game, rules, lang)
    state = GameState()
    posts = [p for p in thread.posts if at is None or p.time <= at]
    first = posts[0].time if posts else None
    last = posts[-1].time if posts else None
    results = []
    for day, opens, next_opens in windows(game.days, first):
        if opens and last and opens > (at or last):
            break  # not opened yet
        dc = DayCount(ctx, thread, day, opens, state)
        for post in posts:
            if dc.is_gm(post):
                continue
            if opens and post.time < opens:
                continue
            if next_opens and post.time >= next_opens:
                continue
            dc.feed(post)
        result = dc.result()
        if only_day is None or day.number == only_day:
            results.append(result)
    return results
