"""game.toml → Game: roster (nicks, aliases, roles, teams), GM nicks, time zone, days.

Every key is checked: a typo in a game file must be an error with its line, not a rule that
silently does not apply. Local datetimes are read in the game's zone.
"""

from __future__ import annotations

import difflib
import re
import tomllib
from dataclasses import dataclass, field
from datetime import date, datetime, time
from pathlib import Path
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from .errors import ConfigError
from .rules import did_you_mean

DEFAULT_TZ = "Europe/Moscow"
ROLES_WITH_VOTES = ("doctor", "prosecutor", "necromancer")
TEAMS = ("town", "mafia", "maniac")


@dataclass(frozen=True)
class GamePlayer:
    nick: str
    aliases: tuple[str, ...] = ()
    role: str | None = None
    team: str | None = None
    replaces: tuple[str, ...] = ()  # earlier holders of the slot (замена): their posts are the slot's

    @property
    def names(self) -> tuple[str, ...]:
        """Every name the slot answers to: aliases, then earlier holders, latest first."""
        return self.aliases + self.replaces


@dataclass(frozen=True)
class Day:
    number: int
    deadline: datetime | None
    opens: datetime | None = None
    dead: tuple[str, ...] = ()
    silenced: tuple[str, ...] = ()
    immune: tuple[str, ...] = ()
    protected: tuple[str, ...] = ()
    modkills: tuple[str, ...] = ()
    runoff_deadline: datetime | None = None
    hidden_silenced: tuple[str, ...] = ()  # RB.9: no vote, not announced (the boss after a double kill)
    last_post: int | None = None  # the day ends with this post (its number): later posts are the next day's


@dataclass(frozen=True)
class Game:
    title: str = ""
    rules: str = "classic"
    timezone: str = DEFAULT_TZ
    gm: tuple[str, ...] = ()
    players: tuple[GamePlayer, ...] = ()
    days: tuple[Day, ...] = ()
    overrides: dict = field(default_factory=dict)
    source: str = ""
    lang: str | None = None

    @property
    def tz(self) -> ZoneInfo:
        return ZoneInfo(self.timezone)


def from_thread(thread, tz_name: str) -> Game:
    """No game file: the GM is the thread's first poster, the roster every other poster, and
    one day holds every post."""
    from .names import key
    gm = thread.posts[0].author if thread.posts else ""
    posters = list(dict.fromkeys(p.author for p in thread.posts if key(p.author) != key(gm)))
    return Game(title=thread.title, timezone=tz_name, gm=(gm,),
                players=tuple(GamePlayer(n) for n in posters), days=(Day(1, None),))


GAME_KEYS = {"title", "rules", "timezone", "gm", "lang"}
PLAYER_KEYS = {"nick", "aliases", "role", "team", "replaces"}
DAY_KEYS = {"number", "deadline", "opens", "dead", "alive", "silenced", "hidden_silenced", "immune",
            "protected", "modkills", "runoff_deadline", "last_post"}
TOP_KEYS = {"game", "players", "days", "rules"}


def _code(line: str) -> str:
    """A TOML line without its comment (a # inside a string is text, not a comment)."""
    quote = None
    for i, ch in enumerate(line):
        if quote:
            if ch == quote:
                quote = None
        elif ch in "\"'":
            quote = ch
        elif ch == "#":
            return line[:i]
    return line


def _span(lines: list[str], section: tuple[str, int] | None) -> range:
    """The lines of the table `section` names: ("days", 2) is the second [[days]], ("game", 1)
    the [game] table; the whole file when there is no such header."""
    if section is None:
        return range(len(lines))
    name, index = section
    header = re.compile(rf"^\s*\[\[?\s*{re.escape(name)}\s*\]\]?\s*$")
    starts = [i for i, line in enumerate(lines) if header.match(_code(line))]
    if len(starts) < index:
        return range(len(lines))
    start = starts[index - 1]
    end = next((i for i in range(start + 1, len(lines)) if _code(lines[i]).lstrip().startswith("[")),
               len(lines))
    return range(start, end)


def _line_of(text: str, needle: str, section: tuple[str, int] | None = None) -> int | None:
    """The line to name for an error about `needle`: the line where it is a key (or a table
    header), else where it is written outside a comment, first inside `section`, then in the
    whole file; a comment that mentions it first never wins."""
    lines = text.splitlines()
    code = [_code(line) for line in lines]
    key = re.compile(rf"^\s*(?:[\"']?{re.escape(needle)}[\"']?\s*=|\[\[?\s*{re.escape(needle)}\s*\]\]?\s*$)")
    for span in (_span(lines, section), range(len(lines))):
        for test in (key.match, lambda c: needle in c):
            found = next((i for i in span if test(code[i])), None)
            if found is not None:
                return found + 1
    return next((i for i, line in enumerate(lines, 1) if needle in line), None)


class _Reader:
    def __init__(self, path: str, text: str):
        self.path, self.text = path, text
        self.section: tuple[str, int] | None = None  # the table being read, for error lines

    def fail(self, message: str, near: str | None = None):
        line = _line_of(self.text, near, self.section) if near else None
        raise ConfigError(f"{self.path}" + (f": line {line}" if line else "") + f": {message}")

    def keys(self, table: dict, allowed: set, what: str):
        for k in table:
            if k not in allowed:
                self.fail(f"unknown key '{k}' in {what}{did_you_mean(k, allowed)}", f"{k}")

    def string(self, table: dict, key: str, what: str, default=None):
        v = table.get(key, default)
        if v is not None and not isinstance(v, str):
            self.fail(f"{what}.{key} must be a string", key)
        return v

    def strings(self, table: dict, key: str, what: str) -> tuple[str, ...]:
        v = table.get(key, [])
        if isinstance(v, str):
            v = [v]
        if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
            self.fail(f"{what}.{key} must be a list of nicks", key)
        return tuple(v)

    def post_number(self, table: dict, key: str, what: str) -> int | None:
        v = table.get(key)
        if v is not None and (isinstance(v, bool) or not isinstance(v, int) or v < 1):
            self.fail(f"{what}.{key} must be a post number (a whole number from 1)", key)
        return v

    def moment(self, table: dict, key: str, what: str, tz: ZoneInfo) -> datetime | None:
        v = table.get(key)
        if v is None:
            return None
        if isinstance(v, datetime):
            return v if v.tzinfo else v.replace(tzinfo=tz)
        if isinstance(v, str):
            try:
                parsed = datetime.fromisoformat(v)
            except ValueError:
                self.fail(f"{what}.{key} = '{v}' is not a date and time (2026-11-29T20:00:00+03:00)", key)
            return parsed if parsed.tzinfo else parsed.replace(tzinfo=tz)
        if isinstance(v, (date, time)):
            self.fail(f"{what}.{key} needs both a date and a time", key)
        self.fail(f"{what}.{key} must be a date and time", key)


def parse(text: str, path: str = "game.toml") -> Game:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: {exc}") from None
    r = _Reader(path, text)
    r.keys(data, TOP_KEYS, "the game file")
    g = data.get("game", {})
    if not isinstance(g, dict):
        r.fail("[game] must be a table", "game")
    r.section = ("game", 1)
    r.keys(g, GAME_KEYS, "[game]")
    tz_name = r.string(g, "timezone", "game", DEFAULT_TZ)
    try:
        tz = ZoneInfo(tz_name)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        r.fail(f"unknown time zone '{tz_name}' (use an IANA name such as Europe/Moscow)", "timezone")
    lang = r.string(g, "lang", "game")
    if lang not in (None, "ru", "en"):
        r.fail(f"game.lang must be 'ru' or 'en', not '{lang}'", "lang")

    players: list[GamePlayer] = []
    raw_players = data.get("players", [])
    if not isinstance(raw_players, list):
        r.fail("players must be [[players]] tables", "players")
    for i, p in enumerate(raw_players, 1):
        r.section = ("players", i)
        if not isinstance(p, dict):
            r.fail(f"player {i} must be a table", "[[players]]")
        r.keys(p, PLAYER_KEYS, f"player {i}")
        nick = r.string(p, "nick", f"player {i}")
        if not nick or not nick.strip():
            r.fail(f"player {i} has no nick", "[[players]]")
        role = r.string(p, "role", f"player {nick}")
        team = r.string(p, "team", f"player {nick}")
        if team is not None and team not in TEAMS:
            r.fail(f"player {nick}: team must be one of {', '.join(TEAMS)}{did_you_mean(team, TEAMS)}", team)
        players.append(GamePlayer(nick.strip(), r.strings(p, "aliases", f"player {nick}"), role, team,
                                  replaces=r.strings(p, "replaces", f"player {nick}")))

    r.section = None
    from .names import key  # the same folding the matcher uses: "Вася" and "вася" are one nick
    seen: dict[str, str] = {}
    for p in players:
        for n in (p.nick, *p.names):
            k = key(n)
            if k in seen and seen[k] != p.nick:
                r.fail(f"nick, alias or earlier holder '{n}' of {p.nick} is also {seen[k]}'s", n)
            seen[k] = p.nick
    r.section = ("game", 1)
    gm = r.strings(g, "gm", "game")
    for n in gm:
        if key(n) in seen:
            r.fail(f"GM '{n}' is also a player ({seen[key(n)]}): a GM's posts are never ballots", n)
    if "players" in data and not players:
        r.fail("the game file lists no players", "players")
    r.section = None
    weighted = set(ROLES_WITH_VOTES) | set((data.get("rules") or {}).get("weights") or {})
    for p in players:  # a typo in a role that changes votes would silently drop its weight
        if p.role and p.role not in weighted:
            close = difflib.get_close_matches(p.role, sorted(weighted), n=1, cutoff=0.75)
            if close:
                r.fail(f"player {p.nick}: role '{p.role}' is not a role that changes votes; "
                       f"did you mean '{close[0]}'?", p.role)

    def known(names: tuple[str, ...], what: str) -> tuple[str, ...]:
        out = []
        for n in names:
            k = key(n)
            if k not in seen:
                r.fail(f"{what}: '{n}' is not a player{did_you_mean(n, [p.nick for p in players])}", n)
            out.append(seen[k])
        return tuple(out)

    days: list[Day] = []
    raw_days = data.get("days", [])
    if not isinstance(raw_days, list):
        r.fail("days must be [[days]] tables", "days")
    for i, d in enumerate(raw_days, 1):
        r.section = ("days", i)
        if not isinstance(d, dict):
            r.fail(f"day {i} must be a table", "[[days]]")
        r.keys(d, DAY_KEYS, f"day {i}")
        number = d.get("number", i)
        if not isinstance(number, int) or isinstance(number, bool) or number < 1:
            r.fail(f"day {i}: number must be a positive whole number", "number")
        what = f"day {number}"
        dead = known(r.strings(d, "dead", what), f"{what}.dead")
        if "alive" in d:  # the other way to say it: everyone not listed is out
            if "dead" in d:
                r.fail(f"{what}: give either alive or dead, not both", "alive")
            alive = set(known(r.strings(d, "alive", what), f"{what}.alive"))
            dead = tuple(p.nick for p in players if p.nick not in alive)
        day = Day(
            number=number,
            deadline=r.moment(d, "deadline", what, tz),
            opens=r.moment(d, "opens", what, tz),
            dead=dead,
            silenced=known(r.strings(d, "silenced", what), f"{what}.silenced"),
            immune=known(r.strings(d, "immune", what), f"{what}.immune"),
            protected=known(r.strings(d, "protected", what), f"{what}.protected"),
            modkills=known(r.strings(d, "modkills", what), f"{what}.modkills"),
            runoff_deadline=r.moment(d, "runoff_deadline", what, tz),
            hidden_silenced=known(r.strings(d, "hidden_silenced", what), f"{what}.hidden_silenced"),
            last_post=r.post_number(d, "last_post", what),
        )
        if day.opens and day.deadline and day.opens >= day.deadline:
            r.fail(f"{what} opens at or after its deadline", "opens")
        if day.runoff_deadline and (day.deadline is None or day.runoff_deadline <= day.deadline):
            r.fail(f"{what}: runoff_deadline must come after the deadline", "runoff_deadline")
        days.append(day)
    for index, (a, b) in enumerate(zip(days, days[1:]), 2):
        r.section = ("days", index)
        if b.number != a.number + 1:
            r.fail(f"days must be numbered in order: day {b.number} follows day {a.number}", "number")
        if a.deadline and b.deadline and b.deadline <= a.deadline:
            r.fail(f"day {b.number}'s deadline is not after day {a.number}'s", "deadline")
        if b.opens and a.deadline and b.opens < a.deadline:
            r.fail(f"day {b.number} opens before day {a.number}'s deadline", "opens")
        if a.last_post and b.last_post and b.last_post <= a.last_post:
            r.fail(f"day {b.number}'s last_post is not after day {a.number}'s", "last_post")
        if a.runoff_deadline and b.deadline and b.deadline <= a.runoff_deadline:
            r.fail(f"day {b.number}'s deadline is not after day {a.number}'s runoff", "deadline")
    r.section = ("rules", 1)
    overrides = data.get("rules", {})
    if not isinstance(overrides, dict):
        r.fail("[rules] must be a table", "rules")
    from .rules import FIELDS, check  # checked here too, so the message can give the line
    for k, v in overrides.items():
        if k not in FIELDS or k == "name":
            r.fail(f"unknown rules key '{k}'{did_you_mean(k, set(FIELDS) - {'name'})}", k)
        try:
            check(k, v, "[rules]")
        except ConfigError as exc:
            r.fail(str(exc).removeprefix("[rules]: "), k)
    r.section = ("game", 1)
    rules_name = r.string(g, "rules", "game", "classic")
    from .rules import PRESETS
    if rules_name not in PRESETS and not rules_name.endswith(".toml"):
        r.fail(f"game.rules: unknown preset '{rules_name}'{did_you_mean(rules_name, PRESETS)} "
               f"(presets: {', '.join(PRESETS)}, or a rules .toml file)", "rules")
    return Game(title=r.string(g, "title", "game", "") or "", rules=rules_name, timezone=tz_name,
                gm=gm, players=tuple(players), days=tuple(days), overrides=overrides,
                source=path, lang=lang)


def load(path: str) -> Game:
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ConfigError(f"{path}: no such game file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}: cannot read the game file ({exc})") from None
    return parse(text, path)
