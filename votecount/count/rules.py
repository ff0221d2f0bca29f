"""Rules: one frozen dataclass; a preset is a TOML file that sets its fields (presets/*.toml);
a game file's [rules] table may override any single field. Unknown keys are errors with a
"did you mean". The ids in comments point at ../shared/RULES.md.
"""

from __future__ import annotations

import functools
import re
import tomllib
from dataclasses import dataclass, field, fields, replace
from enum import StrEnum
from importlib import resources
from pathlib import Path

from ..errors import ConfigError, did_you_mean
from ..model import DEFAULT_TZ

PRESETS = ("classic", "red-blue", "pass-catastrophe", "bold-vote")


# The choices of the options that take one of a few words (a StrEnum member equals its word).
class SelfVote(StrEnum):
    allowed = "allowed"
    rejected = "rejected"  # RB.2


class EditedVote(StrEnum):
    allowed = "allowed"
    self_vote = "self_vote"  # C3.3
    ignored = "ignored"
    missed = "missed"  # H.4: the post counts for nothing, earlier ballots do not revive


class MissedVote(StrEnum):
    none = "none"
    self_vote = "self_vote"  # C3.6, PC.10
    penalty = "penalty"  # RB.5


class Tie(StrEnum):
    none = "none"  # C3.9, RB.7
    runoff = "runoff"  # PC.5
    earliest = "earliest"  # H.1: the leader whose score was completed first
    all = "all"  # H.2: every tied leader (nobody with two alive)
    gm = "gm"  # H.3: the GM settles it (outcome gm_decides)


class BallotStyle(StrEnum):
    nick = "nick"
    bold = "bold"
    bold_nick = "bold_nick"  # H.10: a nick in bold is the ballot


class EarlyClose(StrEnum):
    none = "none"
    all = "all"  # RB.8
    majority = "majority"


class RunoffMode(StrEnum):
    parity = "parity"  # PC.6
    pick_one = "pick_one"


class Majority(StrEnum):
    none = "none"
    half_plus_one = "half+1"  # bold-vote hammer


# The situations whose rule id a preset sets in its [rule_ids] table.
ASPECTS = ("last", "missed", "missed_bad_nick", "modkill", "fuzzy", "silenced", "hammer")


# The checks of a value beyond its kind, choices and range, each named by its field's metadata.
_CLOCK = re.compile(r"([01]\d|2[0-3]):[0-5]\d")  # "20:00": default_deadline, change_limits' "from"


def _hh_mm(value: str, where: str) -> None:
    if value and not _CLOCK.fullmatch(value):
        raise ConfigError(f"{where}: rules key 'default_deadline' must be HH:MM (e.g. 20:00), not '{value}'")


def _weights(value: dict, where: str) -> None:
    for role, table in value.items():
        if not isinstance(table, dict) or not all(
                c in ("red", "blue") and isinstance(v, (int, float)) for c, v in table.items()):
            raise ConfigError(f"{where}: weights for '{role}' must map red/blue to numbers")


def _rule_ids(value: dict, where: str) -> None:
    for aspect, rule in value.items():
        if aspect not in ASPECTS:
            raise ConfigError(f"{where}: rule_ids has no situation '{aspect}'{did_you_mean(aspect, ASPECTS)}"
                              f" (situations: {', '.join(ASPECTS)})")
        if not isinstance(rule, str):
            raise ConfigError(f"{where}: rule_ids.{aspect} must be a rule id such as \"C3.6\"")


def _words(value: tuple, where: str, key: str) -> None:
    if not all(isinstance(w, str) and w.strip() for w in value):
        raise ConfigError(f"{where}: rules key '{key}' must be a list of words or phrases, "
                          f"such as [\"меняю голос на\"]")


def _phrases(key: str):
    """The check of a list of words (H.5, H.7): each a non-empty string."""
    return lambda value, where: _words(value, where, key)


def _colours(value: tuple, where: str) -> None:
    """H.9: the colours a ballot may be written in, by hue (emphasis.VOTE_COLOURS)."""
    from ..ballots.emphasis import VOTE_COLOURS
    wrong = [c for c in value if c not in VOTE_COLOURS]
    if wrong:
        raise ConfigError(f"{where}: rules key 'vote_colours' knows {', '.join(VOTE_COLOURS)}, not {wrong[0]!r}")


def _change_limits(value: tuple, where: str) -> None:
    """H.6: [{ from = "20:00", limit = 2 }, …]: each a clock time and a number from 0."""
    for item in value:
        if (not isinstance(item, dict) or set(item) != {"from", "limit"} or not isinstance(item["from"], str)
                or not _CLOCK.fullmatch(item["from"])
                or isinstance(item["limit"], bool) or not isinstance(item["limit"], int) or item["limit"] < 0):
            raise ConfigError(f"{where}: rules key 'change_limits' must be a list of "
                              f"{{ from = \"HH:MM\", limit = N }} (N from 0), not {item!r}")


def rule(default, low=None, high=None, *, check=None, in_game: bool = True):
    """A Rules field with what a rules table may set it to, kept in the field's metadata: its kind
    (a StrEnum default's choices are words, a dict default is a fresh table), its range (`low`,
    `high`: None is open), a `check(value, where)` of anything more, and whether a game file's
    [rules] may set it."""
    meta = {"kind": dict if isinstance(default, dict) else str if isinstance(default, StrEnum) else
            list if isinstance(default, tuple) else type(default),
            "range": (low, high), "check": check, "in_game": in_game}
    if isinstance(default, StrEnum):
        meta["choices"] = type(default)
    if isinstance(default, dict):
        return field(default_factory=dict, metadata=meta)
    return field(default=default, metadata=meta)


@dataclass(frozen=True)
class Rules:
    name: str = rule("classic", in_game=False)  # the rules file's name: a game's [rules] does not set it
    base: str = rule("classic")  # the preset a rules file builds on: rule ids in messages follow it
    colour_votes: bool = rule(False)  # RB.1: a ballot must be red or blue; plain votes count as red otherwise
    accept_fuzzy: bool = rule(False)  # C3.4 (False) / RB.11, PC.11 (True): non-exact nick stages accepted
    fuzzy_threshold: float = rule(85.0, 0, 100)  # rapidfuzz ratio needed for a fuzzy match
    fuzzy_margin: float = rule(5.0, 0, 100)  # lead over the runner-up needed for a fuzzy match
    only_nick: bool = rule(False)  # C3.1: words besides the nick are an `extra_text` warning
    allow_pass: bool = rule(False)  # PC.2: pass ballots exist
    change_limit: int = rule(-1, -1)  # PC.1: changes of vote allowed a day; -1 = any number (C3.2, RB.3)
    self_vote: SelfVote = rule(SelfVote.allowed)  # rejected: RB.2
    edited_vote: EditedVote = rule(EditedVote.allowed)  # self_vote: C3.3
    missed_vote: MissedVote = rule(MissedVote.none)  # self_vote: C3.6, PC.10; penalty: RB.5
    missed_penalty: float = rule(1.0, 0)  # votes added against a player who missed (RB.5: 2)
    misses_to_modkill: int = rule(0, 0)  # C3.7, RB.6: the n-th missed vote in the game is a modkill; 0 = never
    modkill_after_warning: bool = rule(False)  # C3.8: rejected nick, then a later miss or second bad nick
    tie: Tie = rule(Tie.none)  # none (C3.9, RB.7): nobody is eliminated on a tie; runoff: PC.5
    weights: dict = rule({}, check=_weights)  # RB.4: {role: {colour: multiplier}}
    report_chatter: bool = rule(True)  # a post with no ballot is reported (extra_text); off in discussion threads
    ballot_style: BallotStyle = rule(BallotStyle.nick)  # nick: the post names the target; bold: VOTE: X, [vote]X[/vote], UNVOTE
    day1_pardon: bool = rule(False)  # PC.3: day 1, one vote and all others pass → pardoned
    fast_night: bool = rule(False)  # PC.4: report fast_night_at
    early_close: EarlyClose = rule(EarlyClose.none)  # RB.8: all or a majority of alive voters flag досрочно
    early_close_from_day: int = rule(3, 1)  # RB.8: not before the third day
    runoff_mode: RunoffMode = rule(RunoffMode.parity)  # PC.6: parity (even alive: hang/pardon all; odd: pick one)
    runoff_skip_alive: int = rule(0, 0)  # PC.8: with this many alive a tie means night, no runoff (0 = never)
    max_eliminated: int = rule(2, 1)  # PC.7: never more than this many eliminated by one vote
    modkill_stops_vote: bool = rule(False)  # PC.9: a day with a modkill has no vote
    necromancer: bool = rule(False)  # C3.10: while a necromancer lives, dead town players vote
    dead_weight: float = rule(0.5, 0)  # C3.10: the weight of such a vote
    gm_relays: bool = rule(False)  # C3.12: a GM post "Voter: Target" is Voter's ballot
    majority: Majority = rule(Majority.none)  # bold-vote, H.13: half+1 (floor(alive/2)+1 ends the day: hammer)
    no_lynch_fewer: int = rule(0, 0)  # bold-vote: a No Lynch majority needs this many votes fewer ("one less for no lynch")
    default_deadline: str = rule("", check=_hh_mm)  # PC.12: "20:00": a day with no deadline in the game file closes then
    default_deadline_tz: str = rule(DEFAULT_TZ)  # PC.12: Moscow time
    # House rules (RULES.md H.*): each default keeps the preset's behaviour.
    change_words: tuple = rule((), check=_phrases("change_words"))  # H.5: a change must carry one
    withdraw_words: tuple = rule((), check=_phrases("withdraw_words"))  # H.5: a withdrawal must carry one
    change_limits: tuple = rule((), check=_change_limits)  # H.6: ({"from": "20:00", "limit": 2}, …)
    final_words: tuple = rule((), check=_phrases("final_words"))  # H.7: a ballot carrying one is locked
    pass_limit_per_game: int = rule(0, 0)  # H.8: counted passes a player may make in a game; 0 = no limit
    vote_words: tuple = rule((), check=_phrases("vote_words"))  # H.11: bold style's vote words; () = "vote"
    unvote_words: tuple = rule((), check=_phrases("unvote_words"))  # H.11: bold style's unvote words; () = "unvote"
    vote_colours: tuple = rule((), check=_colours)  # H.9: only text in these colours is a ballot; () = any
    pass_words: tuple = rule((), check=_phrases("pass_words"))  # H.11: what a pass is; () = the built-in words
    # The RULES.md id a violation cites in each situation the presets decide differently
    # (ASPECTS; "" where RULES.md gives the rule no id). A rules file keeps its base's ids.
    rule_ids: dict = rule({}, check=_rule_ids)

    def weight(self, role: str | None, colour: str) -> float:
        if not role:
            return 1.0
        return float(self.weights.get(role, {}).get(colour, 1.0))


# Views of the fields' metadata: the keys a rules table may set, those of a game's [rules], the
# fields whose values are words.
FIELDS = {f.name: f for f in fields(Rules)}
GAME_KEYS = tuple(name for name, f in FIELDS.items() if f.metadata["in_game"])
CHOICES: dict[str, type[StrEnum]] = {name: f.metadata["choices"] for name, f in FIELDS.items()
                                     if "choices" in f.metadata}


def check(key: str, value, where: str):
    """One rules field from a TOML table, checked by its field's metadata: known key, right
    kind, one of its choices, its own check, in its range."""
    if key not in FIELDS:
        raise ConfigError(f"{where}: unknown rules key '{key}'{did_you_mean(key, FIELDS)}")
    meta = FIELDS[key].metadata
    kind, choices = meta["kind"], meta.get("choices")
    numbers = (int, float) if kind is float else kind  # TOML writes 2 for 2.0
    if isinstance(value, bool) != (kind is bool) or not isinstance(value, numbers):
        raise ConfigError(f"{where}: rules key '{key}' must be {kind.__name__}, not {type(value).__name__}")
    if choices and value not in {c.value for c in choices}:
        raise ConfigError(f"{where}: rules key '{key}' must be one of {', '.join(choices)}, "
                          f"not '{value}'{did_you_mean(str(value), choices)}")
    if meta["check"]:
        meta["check"](value, where)
    low, high = meta["range"]
    if (low is not None and value < low) or (high is not None and value > high):
        bounds = f"at least {low}" if high is None else f"from {low} to {high}"
        raise ConfigError(f"{where}: rules key '{key}' must be {bounds}, not {value}")
    if choices:
        return choices(value)
    if kind is list:
        return tuple(value)
    return float(value) if kind is float else value


# Keys a rules table may not combine (RULES.md H.*): (keys, test of the rules made, why). A
# contradiction is a ConfigError naming the keys, so a GM fixes the file before any count.
CONFLICTS = (
    (("final_words", "change_limit"), lambda r: bool(r.final_words) and r.change_limit == 0,
     "redundant: with change_limit = 0 no vote can be changed, so final_words lock nothing"),
    (("change_limits", "change_limit"), lambda r: bool(r.change_limits) and r.change_limit == 0,
     "redundant: with change_limit = 0 no vote can be changed, so no window limits anything"),
    (("vote_colours", "colour_votes"), lambda r: bool(r.vote_colours) and r.colour_votes,
     "contradictory: vote_colours makes one colour the ballot, colour_votes reads red against and blue for"),
    (("pass_limit_per_game", "allow_pass"), lambda r: r.pass_limit_per_game > 0 and not r.allow_pass,
     "contradictory: the rules have no pass ballot (allow_pass = false) to limit"),
)


def contradiction(rules: Rules, table: dict, where: str) -> None:
    """The first pair of keys in CONFLICTS that `table` touches and `rules` combine: a ConfigError
    naming both keys (a preset's own values are never in conflict: the table must set one)."""
    for keys, wrong, why in CONFLICTS:
        if any(k in table for k in keys) and wrong(rules):
            raise ConfigError(f"{where}: rules keys '{keys[0]}' and '{keys[1]}' together are {why}")


def apply(rules: Rules, table: dict, where: str) -> Rules:
    """Rules with the fields of `table` set, each checked."""
    changes = {k: check(k, v, where) for k, v in table.items()}
    if "rule_ids" in changes:  # a table names only the situations it changes
        changes["rule_ids"] = {**rules.rule_ids, **changes["rule_ids"]}
    made = replace(rules, **changes)
    contradiction(made, table, where)
    return made


@functools.cache  # Rules are frozen and the preset files ship with the package: batch asks per thread
def preset(name: str) -> Rules:
    if name not in PRESETS:
        raise ConfigError(f"unknown rules preset '{name}'{did_you_mean(name, PRESETS)} "
                          f"(presets: {', '.join(PRESETS)}, or a .toml file)")
    text = resources.files("votecount.count.presets").joinpath(f"{name}.toml").read_text(encoding="utf-8")
    return apply(Rules(base=name), tomllib.loads(text), f"preset {name}")


def load(spec: str) -> Rules:
    """A preset name, or a TOML file with `base = "preset"` and fields to override."""
    if not spec.endswith(".toml"):
        return preset(spec)
    path = Path(spec)
    try:
        table = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ConfigError(f"{spec}: cannot read ({exc.strerror or exc})") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{spec}: {exc}") from None
    base = table.pop("base", "classic")
    if not isinstance(base, str):
        raise ConfigError(f"{spec}: base must be a preset name")
    table.setdefault("name", path.stem)
    return apply(preset(base), table, spec)
