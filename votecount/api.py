"""The library under the command line: one call per job, the same for the CLI, batch and tests.

`run_count` takes what the command line takes (strings and paths) and returns the DayResults;
nothing here prints or exits.
"""

from __future__ import annotations

import re
from datetime import datetime

from .errors import ConfigError

RUSSIAN_ZONES = {"Europe/Moscow", "Europe/Kaliningrad", "Europe/Samara", "Europe/Volgograd",
                 "Europe/Saratov", "Europe/Ulyanovsk", "Europe/Kirov", "Europe/Astrakhan",
                 "Asia/Yekaterinburg", "Asia/Omsk", "Asia/Novosibirsk", "Asia/Barnaul",
                 "Asia/Tomsk", "Asia/Novokuznetsk", "Asia/Krasnoyarsk", "Asia/Irkutsk",
                 "Asia/Chita", "Asia/Yakutsk", "Asia/Vladivostok", "Asia/Magadan",
                 "Asia/Sakhalin", "Asia/Kamchatka", "Europe/Minsk", "Europe/Kiev", "Europe/Kyiv"}


TIME_FORMS = ("2026-11-29T20:00, 2026-11-29 20:00:00+03:00, or 20:00 / 20:00:30 on the last "
              "post's day")
# A forum thread's moments lie well inside these years; outside them the arithmetic of zones
# and deadlines overflows (year 1 minus three hours).
YEARS = (1990, 2200)


def parse_moment(value: str, tz, last_post: datetime | None, option: str) -> datetime:
    """ISO 8601, or HH:MM[:SS] on the last post's date, in `tz`."""
    v = value.strip()
    m = re.fullmatch(r"(\d{1,2}):(\d{2})(?::(\d{2}))?", v)
    if m:
        if not (int(m[1]) < 24 and int(m[2]) < 60 and int(m[3] or 0) < 60):
            raise ConfigError(f"{option} '{value}': not a time (accepted: {TIME_FORMS})")
        if last_post is None:
            raise ConfigError(f"{option} {value}: a bare time needs a thread with posts")
        base = last_post.astimezone(tz)
        return base.replace(hour=int(m[1]), minute=int(m[2]), second=int(m[3] or 0), microsecond=0)
    try:
        parsed = datetime.fromisoformat(v)
    except ValueError:
        raise ConfigError(f"{option} '{value}': not a time (accepted: {TIME_FORMS})") from None
    if not YEARS[0] <= parsed.year <= YEARS[1]:
        raise ConfigError(f"{option} '{value}': year out of range ({YEARS[0]}–{YEARS[1]})")
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=tz)


def zone(name: str):
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError):  # OSError: "Europe" is a folder of zones
        raise ConfigError(f"--tz {name}: unknown time zone (use an IANA name such as Europe/Moscow)") from None


def check_overrides(game, rules_spec, deadline) -> None:
    """--rules and --deadline never silently replace what a game file says: refused, one line."""
    if game is None:
        return
    if rules_spec:
        raise ConfigError(f"--rules {rules_spec}: the game file {game.source} sets the rules "
                          f"({game.rules}); change `rules` in its [game] table, or count without --game")
    if deadline and game.days:
        raise ConfigError(f"--deadline {deadline}: the game file {game.source} sets each day's "
                          "deadline in its [[days]]; change it there (--deadline is for a count "
                          "without a game file or one without [[days]])")


def read(threads, tz, engine=None, saved_at=None, fetch=None, jobs=None):
    """THREAD arguments → Thread. http(s) URLs are fetched with `fetch` (fetch.FetchOptions;
    the defaults when None). `jobs` processes read a long thread's pages (None: one per core;
    the Thread is the same whatever the number)."""
    from .parallel import cores
    from .pipeline import read_thread
    return read_thread(threads, tz=tz, engine=engine, saved_at=saved_at, fetch=fetch,
                       jobs=jobs or cores())


def open_thread(threads, game_path=None, tz_name=None, engine=None, saved_at=None, fetch=None,
                jobs=None):
    """THREAD arguments and the game file, as every command takes them → (thread, game or
    None, zone). The zone is --tz, else the game file's, else Moscow; --saved-at is read in it."""
    from . import game as game_mod

    game = game_mod.load(str(game_path)) if game_path else None
    tz = zone(tz_name or (game.timezone if game else game_mod.DEFAULT_TZ))
    saved = parse_moment(saved_at, tz, None, "--saved-at") if saved_at else None
    return read(threads, tz, engine, saved, fetch, jobs), game, tz


def run_count(threads, game_path, rules_spec, day, deadline, tz_name, at, lang, engine, saved_at,
              fetch=None, jobs=None):
    from .parallel import cores
    jobs = jobs or cores()
    thread, game, tz = open_thread(threads, game_path, tz_name, engine, saved_at, fetch, jobs)
    return count_thread(thread, game, tz, rules_spec, day, deadline, at, lang, jobs)


def check_day(day, game) -> None:
    if day is not None and day not in {d.number for d in game.days}:
        raise ConfigError(f"--day {day}: the game file has days {', '.join(str(d.number) for d in game.days) or 'none'}")


def language(lang, game, tz, thread) -> str:
    """--lang, else the game file's, else Russian for a Russian zone or a mostly Cyrillic thread."""
    return getattr(lang, "value", lang) if lang else (game.lang or _guess_lang(tz.key, thread))


def count_thread(thread, game, tz, rules_spec=None, day=None, deadline=None, at=None, lang=None,
                 jobs=1):
    """The counting steps of run_count on a thread already read (batch reads pages itself):
    the default game when there is no game file, the rules, --deadline/--day/--at, the count.
    `jobs` processes read a long thread's ballots (batch gives each thread one process)."""
    from dataclasses import replace

    from . import game as game_mod
    from . import rules as rules_mod
    from .tally import count

    last = thread.posts[-1].time if thread.posts else None
    check_overrides(game, rules_spec, deadline)
    if game is None:
        game = game_mod.from_thread(thread, tz.key)
    chosen = rules_mod.load(rules_spec or game.rules)
    if game.overrides:
        chosen = rules_mod.apply(chosen, game.overrides, f"{game.source}: [rules]")
    if not game.days:  # a game file without [[days]]: one day, every post counts
        game = replace(game, days=(game_mod.Day(1, None),))
    if deadline:  # sets the deadline of --day, else of the last day
        days = list(game.days)
        target = next((i for i, d in enumerate(days) if d.number == day), len(days) - 1)
        days[target] = replace(days[target], deadline=parse_moment(deadline, tz, last, "--deadline"))
        game = replace(game, days=tuple(days))
    check_day(day, game)
    at_moment = parse_moment(at, tz, last, "--at") if at else None
    return count(thread, game, chosen, language(lang, game, tz, thread), only_day=day, at=at_moment,
                 jobs=jobs)


def _guess_lang(zone_name: str, thread) -> str:
    if zone_name in RUSSIAN_ZONES:
        return "ru"
    sample = " ".join(p.text for p in thread.posts[:50])
    cyr = sum("а" <= ch.lower() <= "я" or ch in "ёЁ" for ch in sample)
    return "ru" if cyr > len(sample) * 0.2 else "en"


