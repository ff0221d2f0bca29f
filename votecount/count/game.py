"""game.toml → Game: roster (nicks, aliases, roles, teams), GM nicks, time zone, days.

Every key is checked: a typo in a game file must be an error with its line, not a rule that
silently does not apply. Local datetimes are read in the game's zone.
"""

from __future__ import annotations

import difflib
import tomllib
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from ..errors import ConfigError, did_you_mean
from ..model import DEFAULT_TZ
from .events import read_events
from .game_reader import Reader


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
    events: tuple = ()  # events.Event: mid-day kills and vote resets, from a post or moment on


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
    from ..ballots.names import key
    gm = thread.posts[0].author if thread.posts else ""
    posters = list(dict.fromkeys(p.author for p in thread.posts if key(p.author) != key(gm)))
    return Game(title=thread.title, timezone=tz_name, gm=(gm,),
                players=tuple(GamePlayer(n) for n in posters), days=(Day(1, None),))


GAME_KEYS = {"title", "rules", "timezone", "gm", "lang"}
PLAYER_KEYS = {"nick", "aliases", "role", "team", "replaces"}
DAY_KEYS = {"number", "deadline", "opens", "dead", "alive", "silenced", "hidden_silenced", "immune",
            "protected", "modkills", "runoff_deadline", "last_post", "events"}
TOP_KEYS = {"game", "players", "days", "rules"}


def parse(text: str, path: str = "game.toml") -> Game:
    """The game file's text → a Game. The first thing wrong is a ConfigError naming the file
    and the line; the checks run in the order of the sections below."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: {exc}") from None
    r = Reader(path, text)
    r.keys(data, TOP_KEYS, "the game file")
    g = data.get("game", {})
    if not isinstance(g, dict):
        r.fail("[game] must be a table", "game")
    r.section = ("game", 1)
    r.keys(g, GAME_KEYS, "[game]")
    tz_name, tz = _zone(r, g)
    lang = r.string(g, "lang", "game")
    if lang not in (None, "ru", "en"):
        r.fail(f"game.lang must be 'ru' or 'en', not '{lang}'", "lang")
    players = _players(r, data)
    roster = _roster(r, players)
    gm = _gm(r, g, roster)
    _roles(r, data, players)
    days = _days(r, data, roster, tz)
    _day_order(r, days)
    overrides = _overrides(r, data)
    rules_name = _preset(r, g)
    if not players:  # last, so that every other mistake is named first
        r.section = None
        r.fail("the game file lists no players: add a [[players]] table with the nick of each "
               "(a count needs a roster)", "players" if "players" in data else None)
    return Game(title=r.string(g, "title", "game", "") or "", rules=rules_name, timezone=tz_name,
                gm=gm, players=tuple(players), days=tuple(days), overrides=overrides,
                source=path, lang=lang)


def _zone(r: Reader, g: dict) -> tuple[str, ZoneInfo]:
    """game.timezone: an IANA zone name (default Europe/Moscow), and the zone."""
    tz_name = r.string(g, "timezone", "game", DEFAULT_TZ)
    try:
        return tz_name, ZoneInfo(tz_name)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        r.fail(f"unknown time zone '{tz_name}' (use an IANA name such as Europe/Moscow)", "timezone")


def _players(r: Reader, data: dict) -> list[GamePlayer]:
    """The [[players]] tables: each has a nick; a team, when given, is one of TEAMS."""
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
    return players


@dataclass(frozen=True)
class _Roster:
    """Every nick, alias and earlier holder, folded as the matcher folds them (names.key),
    → the player's nick: the names a day's lists and the GM list are checked against."""
    seen: dict[str, str]
    nicks: tuple[str, ...]

    def known(self, r: Reader, names: tuple[str, ...], what: str) -> tuple[str, ...]:
        """`names` as the players' nicks; a name that is no player's is an error."""
        from ..ballots.names import key
        out = []
        for n in names:
            k = key(n)
            if k not in self.seen:
                r.fail(f"{what}: '{n}' is not a player{did_you_mean(n, list(self.nicks))}", n)
            out.append(self.seen[k])
        return tuple(out)


def _roster(r: Reader, players: list[GamePlayer]) -> _Roster:
    """No name may be two players': "Вася" and "вася" are one nick."""
    r.section = None
    from ..ballots.names import key  # the same folding the matcher uses: "Вася" and "вася" are one nick
    seen: dict[str, str] = {}
    for p in players:
        for n in (p.nick, *p.names):
            k = key(n)
            if k in seen and seen[k] != p.nick:
                r.fail(f"nick, alias or earlier holder '{n}' of {p.nick} is also {seen[k]}'s", n)
            seen[k] = p.nick
    return _Roster(seen, tuple(p.nick for p in players))


def _gm(r: Reader, g: dict, roster: _Roster) -> tuple[str, ...]:
    """game.gm: the GM's nicks, none of them a player's (a GM's posts are never ballots)."""
    from ..ballots.names import key
    r.section = ("game", 1)
    gm = r.strings(g, "gm", "game")
    for n in gm:
        if key(n) in roster.seen:
            r.fail(f"GM '{n}' is also a player ({roster.seen[key(n)]}): a GM's posts are never ballots", n)
    return gm


def _roles(r: Reader, data: dict, players: list[GamePlayer]) -> None:
    """A role close to one that changes votes is a typo that would silently drop its weight."""
    r.section = None
    weighted = set(ROLES_WITH_VOTES) | set((data.get("rules") or {}).get("weights") or {})
    for p in players:
        if p.role and p.role not in weighted:
            close = difflib.get_close_matches(p.role, sorted(weighted), n=1, cutoff=0.75)
            if close:
                r.fail(f"player {p.nick}: role '{p.role}' is not a role that changes votes; "
                       f"did you mean '{close[0]}'?", p.role)


def _days(r: Reader, data: dict, roster: _Roster, tz: ZoneInfo) -> list[Day]:
    """The [[days]] tables, each read by _day."""
    raw_days = data.get("days", [])
    if not isinstance(raw_days, list):
        r.fail("days must be [[days]] tables", "days")
    days: list[Day] = []
    for i, d in enumerate(raw_days, 1):
        r.section = ("days", i)
        if not isinstance(d, dict):
            r.fail(f"day {i} must be a table", "[[days]]")
        days.append(_day(r, d, index=i, roster=roster, tz=tz))
    return days


def _day(r: Reader, d: dict, *, index: int, roster: _Roster, tz: ZoneInfo) -> Day:
    """One [[days]] table: its number (default: its place), who is dead (or alive), silenced,
    immune, protected, modkilled; it opens before its deadline, its runoff after it."""
    r.keys(d, DAY_KEYS, f"day {index}")
    number = d.get("number", index)
    if not isinstance(number, int) or isinstance(number, bool) or number < 1:
        r.fail(f"day {index}: number must be a positive whole number", "number")
    what = f"day {number}"

    def listed(name: str) -> tuple[str, ...]:
        return roster.known(r, r.strings(d, name, what), f"{what}.{name}")
    dead = listed("dead")
    if "alive" in d:  # the other way to say it: everyone not listed is out
        if "dead" in d:
            r.fail(f"{what}: give either alive or dead, not both", "alive")
        alive = set(listed("alive"))
        dead = tuple(n for n in roster.nicks if n not in alive)
    day = Day(
        number=number,
        deadline=r.moment(d, "deadline", what, tz),
        opens=r.moment(d, "opens", what, tz),
        dead=dead,
        silenced=listed("silenced"),
        immune=listed("immune"),
        protected=listed("protected"),
        modkills=listed("modkills"),
        runoff_deadline=r.moment(d, "runoff_deadline", what, tz),
        hidden_silenced=listed("hidden_silenced"),
        last_post=r.post_number(d, "last_post", what),
        events=read_events(r, d, what=what, known=lambda names, label: roster.known(r, names, label), tz=tz),
    )
    if day.opens and day.deadline and day.opens >= day.deadline:
        r.fail(f"{what} opens at or after its deadline", "opens")
    if day.runoff_deadline and (day.deadline is None or day.runoff_deadline <= day.deadline):
        r.fail(f"{what}: runoff_deadline must come after the deadline", "runoff_deadline")
    return day


# Day a then day b, in the file: what is wrong, the message, the key whose line it names.
_DAY_ORDER = (
    (lambda a, b: b.number != a.number + 1,
     "days must be numbered in order: day {b.number} follows day {a.number}", "number"),
    (lambda a, b: a.deadline and b.deadline and b.deadline <= a.deadline,
     "day {b.number}'s deadline is not after day {a.number}'s", "deadline"),
    (lambda a, b: b.opens and a.deadline and b.opens < a.deadline,
     "day {b.number} opens before day {a.number}'s deadline", "opens"),
    (lambda a, b: a.last_post and b.last_post and b.last_post <= a.last_post,
     "day {b.number}'s last_post is not after day {a.number}'s", "last_post"),
    (lambda a, b: a.runoff_deadline and b.deadline and b.deadline <= a.runoff_deadline,
     "day {b.number}'s deadline is not after day {a.number}'s runoff", "deadline"),
)


def _day_order(r: Reader, days: list[Day]) -> None:
    """Each day follows the one before it: numbered next, its moments after the earlier day's."""
    for index, (a, b) in enumerate(zip(days, days[1:]), 2):
        r.section = ("days", index)
        for wrong, message, key in _DAY_ORDER:
            if wrong(a, b):
                r.fail(message.format(a=a, b=b), key)


def _overrides(r: Reader, data: dict) -> dict:
    """[rules]: each key a rules field with a value of its kind (checked here for the line)."""
    r.section = ("rules", 1)
    overrides = data.get("rules", {})
    if not isinstance(overrides, dict):
        r.fail("[rules] must be a table", "rules")
    from .rules import GAME_KEYS, check  # checked here too, so the message can give the line
    for k, v in overrides.items():
        if k not in GAME_KEYS:
            r.fail(f"unknown rules key '{k}'{did_you_mean(k, GAME_KEYS)}", k)
        try:
            check(k, v, "[rules]")
        except ConfigError as exc:
            r.fail(str(exc).removeprefix("[rules]: "), k)
    return overrides


def _preset(r: Reader, g: dict) -> str:
    """game.rules: a preset's name or a rules .toml file (default classic)."""
    r.section = ("game", 1)
    rules_name = r.string(g, "rules", "game", "classic")
    from .rules import PRESETS
    if rules_name not in PRESETS and not rules_name.endswith(".toml"):
        r.fail(f"game.rules: unknown preset '{rules_name}'{did_you_mean(rules_name, PRESETS)} "
               f"(presets: {', '.join(PRESETS)}, or a rules .toml file)", "rules")
    return rules_name


def load(path: str) -> Game:
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ConfigError(f"{path}: no such game file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}: cannot read the game file ({exc})") from None
    return parse(text, path)
