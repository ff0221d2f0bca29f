"""The library under the command line: one call per job, the same for the CLI, batch and tests.

`run(CountRequest(…))` takes what the command line takes (strings and paths) and returns the
DayResults;
nothing here prints or exits.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field, replace
from datetime import datetime
from typing import Any

from .errors import ConfigError, InputError, did_you_mean  # noqa: F401 (the commands' door)
from .messages import note_text  # noqa: F401 (the commands' door)
from .model import DEFAULT_TZ, Note  # noqa: F401 (the commands' door)
from .read.sources import PAGE_SUFFIXES, RawPage, input_files, is_page, is_url, natural_order  # noqa: F401
from .read.sources import read as read_pages  # noqa: F401 (a THREAD argument's pages, for batch)

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
            raise _refused("refuse.moment", option=option, value=value, forms=TIME_FORMS)
        if last_post is None:
            raise _refused("refuse.bare_time", option=option, value=value)
        base = last_post.astimezone(tz)
        return base.replace(hour=int(m[1]), minute=int(m[2]), second=int(m[3] or 0), microsecond=0)
    try:
        parsed = datetime.fromisoformat(v)
    except ValueError:
        raise _refused("refuse.moment", option=option, value=value, forms=TIME_FORMS) from None
    if not YEARS[0] <= parsed.year <= YEARS[1]:
        raise _refused("refuse.year", option=option, value=value, first=YEARS[0], last=YEARS[1])
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=tz)


def zone(name: str):
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError):  # OSError: "Europe" is a folder of zones
        raise _refused("refuse.tz_unknown", name=name) from None


def check_overrides(game, rules_spec, deadline) -> None:
    """--rules and --deadline never silently replace what a game file says: refused, one line."""
    if game is None:
        return
    if rules_spec:
        raise _refused("refuse.rules_over_game", spec=rules_spec, source=game.source, rules=game.rules)
    if deadline and game.days:
        raise _refused("refuse.deadline_over_game", deadline=deadline, source=game.source)


def read(threads, tz, *, engine=None, saved_at=None, fetch=None, jobs=None, date_order=None):
    """THREAD arguments → Thread. http(s) URLs are fetched with `fetch` (fetch.FetchOptions;
    the defaults when None). `jobs` processes read a long thread's pages (None: one per core;
    the Thread is the same whatever the number). `date_order`: "dmy" or "mdy", the order of
    numeric dates a page's own dates cannot tell (--date-order)."""
    from .parallel import cores
    from .read.pipeline import read_thread
    return read_thread(threads, tz=tz, engine=engine, saved_at=saved_at, fetch=fetch,
                       jobs=jobs or cores(), date_order=date_order)


def zone_of(tz_name: str | None, game):
    """The count's zone: --tz, else the game file's, else the default (model.DEFAULT_TZ)."""
    return zone(tz_name or (game.timezone if game else DEFAULT_TZ))


ZONE_NOTES = ("warning.zone_stated", "warning.zone_default_ru", "warning.zone_default_utc")


def zone_for_pages(tz_name: str | None, game, raws) -> tuple:
    """(the count's zone, the notes to add, the pages' trees read for it): --tz, else the game
    file's; else the zone the pages state, or the default for their language, with a note
    saying which (read.zone.choose). Pass the trees on to thread_of_pages: a page is parsed once."""
    if tz_name or game is not None:
        return zone_of(tz_name, game), (), {}
    from .read.zone import choose
    chosen = choose(raws)
    return zone(chosen.name), (chosen.note(),), chosen.trees


def parse_game(text: str, source: str):
    """A game file's text → Game (batch reads the bytes itself: a game file may be in a .zip)."""
    from .count.game import parse
    return parse(text, source)


def thread_of_pages(raws: list, label: str, *, tz, engine=None, folder: str | None = None,
                    date_order=None, notes=(), pace=None, trees=None):
    """One thread from pages already read. `folder`: where the pages were saved, whose manifest
    of `votecount fetch` gives their fetch times; `notes` lead the thread's warnings; `pace`
    wraps the pages as they are read (batch checks its time limit between pages); `trees`: the
    pages zone_for_pages read already."""
    from pathlib import Path

    from .read.pipeline import manifest_times, thread_from_pages, with_notes
    fetched = manifest_times(folder, raws) if folder and Path(folder).is_dir() else None
    thread = thread_from_pages(pace(raws) if pace else raws, label, tz=tz, engine=engine, fetched=fetched,
                               date_order=date_order, trees=trees)
    return replace(with_notes(thread, list(notes)), zone=tz.key)


def preload() -> None:
    """Import what every count imports (0.3-0.5 s): batch does it once, before its workers fork."""
    from .count import readahead, tally  # noqa: F401
    from .read import pipeline  # noqa: F401


def open_thread(threads, game_path=None, *, tz_name=None, engine=None, saved_at=None, fetch=None,
                jobs=None, date_order=None):
    """THREAD arguments and the game file, as every command takes them → (thread, game or
    None, zone). The zone is --tz, else the game file's, else the pages' own (read.zone.choose,
    a URL's pages too, once fetched); --saved-at is read in it."""
    from .count import game as game_mod

    game = game_mod.load(str(game_path)) if game_path else None
    tz = zone_of(tz_name, game) if tz_name or game else None  # None: the pipeline takes the pages'
    saved = parse_moment(saved_at, tz or _saved_pages_zone(threads), None, "--saved-at") if saved_at else None
    thread = read(threads, tz, engine=engine, saved_at=saved, fetch=fetch, jobs=jobs, date_order=date_order)
    return thread, game, zone(thread.zone)


def _saved_pages_zone(threads):
    """--saved-at without a zone is read in the one the saved pages give (read.zone.choose)."""
    from .read.zone import choose, local_pages
    return zone(choose([r for t in threads for r in local_pages(t)]).name)


@dataclass(frozen=True)
class CountRequest:
    """One count as the command line asks for it: built in one place (the CLI), read by the
    library. `fingerprint()` is what the result depends on, for batch's resume hash: a new
    field that changes the count changes the fingerprint without anyone adding it by hand."""

    threads: tuple[str, ...]
    game: str | None = None  # the game file's path
    rules: str | None = None  # a preset or a rules .toml
    day: int | None = None
    deadline: str | None = None
    zone: str | None = None  # --tz
    at: str | None = None
    lang: str | None = None
    engine: str | None = None
    saved_at: str | None = None
    date_order: str | None = None  # --date-order: "dmy" | "mdy"
    fetch: Any = field(default=None, compare=False)  # fetch.FetchOptions: how to fetch, not what to count
    jobs: int | None = field(default=None, compare=False)  # the count is the same whatever the number

    def fingerprint(self) -> dict:
        """Every field the result depends on (not the threads: batch hashes their bytes)."""
        skip = {"threads", "fetch", "jobs"}
        return {k: getattr(v, "value", v) for k, v in asdict(self).items() if k not in skip}


def open_request(request: CountRequest):
    """The request's thread, game file (or None) and zone: what `posts`, `init` and `activity`
    read, and what a count counts."""
    from .parallel import cores
    return open_thread(list(request.threads), request.game, tz_name=request.zone, engine=request.engine,
                       saved_at=request.saved_at, fetch=request.fetch, jobs=request.jobs or cores(),
                       date_order=request.date_order)


def run(request: CountRequest):
    """The DayResults of a count request."""
    from .parallel import cores
    thread, game, tz = open_request(request)
    return count_thread(thread, game, tz, rules_spec=request.rules, day=request.day,
                        deadline=request.deadline, at=request.at, lang=request.lang,
                        jobs=request.jobs or cores())


def check_day(day, game) -> None:
    """--day N names a day there is: without a game file, or with one that gives no days but
    day 1 (no [[days]] tables), the thread is one day, and the message says so."""
    from .count.game import Day
    numbers = [d.number for d in game.days] or [1]  # no [[days]]: one day, as the count reads it
    if day is None or day in numbers:
        return
    if not game.source:
        raise _refused("refuse.day_no_game", day=day)
    if list(game.days) in ([], [Day(1, None)]):
        raise _refused("refuse.day_one_day", day=day, source=game.source)
    raise _refused("refuse.day_missing", day=day, days=", ".join(map(str, numbers)))


def language(lang, game, tz, thread) -> str:
    """--lang, else the game file's, else Russian for a Russian zone the user chose (--tz or
    the game file's: a zone taken from the pages leaves a ZONE_NOTES note), else the thread's
    own: Russian when its posts are mostly Cyrillic, English otherwise."""
    if lang:
        return getattr(lang, "value", lang)
    if game.lang:
        return game.lang
    chosen = not any(w.code in ZONE_NOTES for w in thread.warnings)
    return _guess_lang(tz.key if chosen else "", thread)


def count_thread(thread, game, tz, *, rules_spec=None, day=None, deadline=None, at=None, lang=None,
                  jobs=1):
    """The counting steps of run() on a thread already read (batch reads pages itself):
    the default game when there is no game file, the rules, --deadline/--day/--at, the count.
    `jobs` processes read a long thread's ballots (batch gives each thread one process)."""
    from .count import game as game_mod
    from .count.readahead import read_ahead
    from .count.tally import count

    last = thread.posts[-1].time if thread.posts else None
    check_overrides(game, rules_spec, deadline)
    if game is None:
        game = game_mod.from_thread(thread, tz.key)
    chosen = chosen_rules(game, rules_spec)
    if not game.days:  # a game file without [[days]]: one day, every post counts
        game = replace(game, days=(game_mod.Day(1, None),))
    if deadline:  # sets the deadline of --day, else of the last day
        days = list(game.days)
        target = next((i for i, d in enumerate(days) if d.number == day), len(days) - 1)
        days[target] = replace(days[target], deadline=parse_moment(deadline, tz, last, "--deadline"))
        game = replace(game, days=tuple(days))
    check_day(day, game)
    at_moment = parse_moment(at, tz, last, "--at") if at else None
    results = count(thread, game, chosen, language(lang, game, tz, thread), only_day=day, at=at_moment,
                    readings=read_ahead(thread, game, chosen, jobs))
    if at_moment is not None and not results:
        raise not_open_yet(at_moment, day, game, thread)
    return results


def check_whole(results) -> None:
    """--strict: a count of a thread its pages say is not whole (Thread.missing_pages) is an
    error, one line, exit 2: no count is made of part of a thread."""
    thread = results[0].thread if results else None
    if thread is None or thread.complete:
        return
    from .messages import say
    gaps = "; ".join(say(f"gap.{g.side}", "en", post_no=g.post_no, url=g.url) for g in thread.missing_pages)
    raise InputError(f"{thread.source}: {say('error.incomplete', 'en', gaps=gaps)}")


def draft_game(request: CountRequest) -> tuple[str, list[str]]:
    """`init`: (the game file drafted from the request's thread, the warnings to show). The
    zone is --tz, else the one the pages state (a URL's too), said in the draft's comment in its
    language; the thread's warning that its pages start mid-thread gives way to the draft's
    own, which says what that means for a draft."""
    from .draft.guess import mid_thread
    from .draft.text import draft
    from .messages import say
    thread, _, tz = open_request(request)
    taken = next((w for w in thread.warnings if w.code in ZONE_NOTES), None)  # None: --tz
    lang = _guess_lang(tz.key if taken is None else "", thread)  # a Russian zone chosen: Russian
    fields = dict(taken.fields) if taken else {}
    why = say(fields.pop("why", "zone.why_given"), lang, **fields)
    warning = mid_thread(list(thread.posts))
    shown = [note_text(w, "en") for w in thread.warnings if w.code != "warning.starts_mid" and w is not taken]
    shown += [warning] if warning else []
    return draft(thread, tz.key, why, lang), shown


def check_rules(spec: str) -> None:
    """--rules SPEC loads (a preset's name or a rules file), else the one-line error."""
    from .count.rules import load
    load(spec)


def activity(request: CountRequest, *, minimum: int, day: int | None):
    """`activity`: (the C3.14 report, the thread, the language) of the request's thread."""
    from .count import activity as activity_mod
    from .count import game as game_mod
    thread, game, tz = open_request(request)
    if game is None:
        game = game_mod.from_thread(thread, tz.key)
    check_day(day, game)
    return activity_mod.build(thread, game, minimum, day), thread, language(request.lang, game, tz, thread)


def fetch_options(**options):
    """The fetch options (read.http.FetchOptions) of the command line's fetch bundle."""
    from .read.http import FetchOptions
    return FetchOptions(**options)


def fetch_folder(url: str, folder, options, *, engine: str | None = None):
    """`fetch`: every page of a live thread saved in `folder` with its manifest → (the pages,
    how many were downloaded)."""
    from .read.fetch import fetch_to_folder
    return fetch_to_folder(url, folder, options, engine=engine)


def not_open_yet(at, day, game, thread) -> ConfigError:
    """--at before the day (or the first day) opens: the error whose one line says so."""
    from .messages import say
    first = next((d for d in game.days if day is None or d.number == day), game.days[0])
    opens = first.opens or (thread.posts[0].time if thread.posts and first is game.days[0] else None)
    when = say("refuse.day_opens", "en", day=first.number,
               opens=f"{opens.astimezone(at.tzinfo):%Y-%m-%d %H:%M}") if opens else ""
    if day is not None and first is not game.days[0]:
        return _refused("refuse.at_day_not_open", at=f"{at:%Y-%m-%d %H:%M}", day=day, when=when)
    return _refused("refuse.at_not_open", at=f"{at:%Y-%m-%d %H:%M}", when=when)


def _refused(code: str, **fields) -> ConfigError:
    """The error of a command line that cannot be counted as given: its catalogue line, in
    English as every error line (messages_refuse.py)."""
    from .messages import say
    return ConfigError(say(code, "en", **fields))


def thread_language(thread) -> str:
    """The thread's own language, whatever zone its times are read in: the words of `posts`' table."""
    return _guess_lang("", thread)


def _guess_lang(zone_name: str, thread) -> str:
    """Russian for a Russian zone the user chose, for posts mostly in Cyrillic, or for a page
    that says it is Russian (its interface words, `<html lang>`: Thread.lang); else English."""
    if zone_name in RUSSIAN_ZONES:
        return "ru"
    from .read.script import mostly_cyrillic
    if mostly_cyrillic(" ".join([thread.title or ""] + [p.text for p in thread.posts[:50]])):
        return "ru"
    return "ru" if thread.lang == "ru" else "en"


def chosen_rules(game, rules_spec=None):
    """The rules of a count: --rules, else the game file's preset, with its [rules] overrides."""
    from .count import rules as rules_mod
    chosen = rules_mod.load(rules_spec or game.rules)
    if game.overrides:
        chosen = rules_mod.apply(chosen, game.overrides, f"{game.source}: [rules]")
    return chosen


# --- `votecount watch` (votecount/watch/): what its rounds need of the library -------------

def watch_politeness(url: str, options) -> tuple[float | None, bool]:
    """(the Crawl-delay robots.txt of the URL's site asks for votecount, or None; whether the URL
    is this machine's, which watch may ask more often than once a minute)."""
    from .read.http import crawl_delay, is_loopback
    return crawl_delay(url, options), is_loopback(url)


def watch_state(folder) -> dict | None:
    """The state a watch left in a fetched folder's manifest (None: none, or no manifest)."""
    from pathlib import Path

    from .read import manifest
    man = manifest.load(Path(folder)) if Path(folder).is_dir() else None
    return None if man is None else man.watch


def save_watch_state(folder, state: dict) -> None:
    from pathlib import Path

    from .read import manifest
    manifest.save_watch(Path(folder), state)
