"""The rounds of `votecount watch`: read the thread again, count it as of now, compare.

A URL's pages live in a fetched folder (`votecount fetch`'s, with its manifest): each round
re-runs the fetch, which asks again only for the last page (conditionally: ETag and
If-Modified-Since, a 304 keeps the copy) and any page after it. The manifest also keeps the
watch's state, the last count, so a watch started again on the same folder says what changed
while it was away. A folder of pages saved by hand is read again when a file in it appears
or changes (or when the deadline has come). A fetch failure is a note and the next round
tries again; the first round's other errors (no forum page, a bad game file) end the watch.

Rounds are never closer than `--every`, the site's robots.txt Crawl-delay, a Retry-After the
server sent, or a minute for any host but this machine's.
"""

from __future__ import annotations

import json
import tempfile
import time
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, Iterator

from .. import api
from ..errors import FetchError, VotecountError
from ..messages import say
from . import changes

FLOOR = 60.0  # seconds: the least time between rounds for a real host (loopback aside)
UNTIL = ("deadline", "hammer", "never")


def _now() -> datetime:
    return datetime.now(timezone.utc).astimezone()


@dataclass(frozen=True)
class Clock:
    """The time and the wait between rounds (tests give their own)."""
    now: Callable[[], datetime] = _now
    sleep: Callable[[float], None] = time.sleep


@dataclass(frozen=True)
class WatchRequest:
    source: str  # an http(s) URL, or a folder of saved pages
    count: Any  # api.CountRequest: game, rules, day, …; its threads and `at` are set each round
    every: float = 300.0  # seconds between rounds
    until: str = "deadline"  # deadline | hammer | never: what ends the watch (besides rounds)
    rounds: int | None = None  # stop after this many rounds
    pages: str | None = None  # a URL's pages folder (the state is in its manifest); None: temporary


@dataclass(frozen=True)
class Round:
    number: int
    at: datetime
    results: tuple = ()  # this round's DayResults (the last count when nothing was re-read)
    previous: dict | None = None  # day number → the count before as --format json wrote it (--diff)
    changes: tuple[str, ...] = ()  # what changed since the count before
    alerts: tuple[str, ...] = ()  # L-1, the hammer, the deadline, an edited ballot
    notes: tuple[str, ...] = ()  # fetch failures, the pace set by the site
    changed: bool = False  # a first count, or one that differs from the count before
    resumed: str | None = None  # the moment of the count an earlier watch left (first round)
    stop: str | None = None  # why the watch ends after this round: deadline | hammer | rounds
    lang: str = "en"


def rounds(req: WatchRequest, clock: Clock | None = None) -> Iterator[Round]:
    """The rounds, one at a time, until a stop condition (Round.stop) or Ctrl-C."""
    if req.until not in UNTIL:
        raise VotecountError(f"--until {req.until}: not one of {', '.join(UNTIL)}")
    clock = clock or Clock()
    temporary = None
    folder = req.source
    if api.is_url(req.source):
        if req.pages is None:
            temporary = tempfile.TemporaryDirectory(prefix="votecount-watch-")
        folder = req.pages or str(Path(temporary.name) / "pages")
    try:
        watcher = _Watcher(req, folder, clock)
        number = 0
        while True:
            number += 1
            done = watcher.round(number)
            yield done
            if done.stop:
                return
            clock.sleep(watcher.next_wait())
    finally:
        if temporary is not None:
            temporary.cleanup()


@dataclass
class _Watcher:
    req: WatchRequest
    folder: str
    clock: Clock
    wait: float = 0.0  # between rounds: --every, raised by the site's Crawl-delay or the floor
    asked: float = 0.0  # the Retry-After of the last round's failure: the next wait only
    last: dict | None = None  # day number → day object of the last count, as shown (_day)
    shown: dict | None = None  # the same, as --format json writes it (the HTML report's diff)
    results: tuple = ()
    signature: tuple | None = None
    watched: int | None = None  # the day whose deadline (or hammer) ends the watch
    notes: list = field(default_factory=list)

    def __post_init__(self):
        self.url = api.is_url(self.req.source)
        self.lang = getattr(self.req.count.lang, "value", self.req.count.lang) or "en"
        self.wait, self.options = self._pace()
        state = api.watch_state(self.folder) if self.url else None
        self.resumed = state.get("at") if state else None
        if state and isinstance(state.get("days"), list):
            self.last = {d["day"]: d for d in state["days"] if isinstance(d, dict) and "day" in d}

    def _pace(self) -> tuple[float, Any]:
        """The time between rounds and the fetch options (no progress bar; requests no closer
        than the Crawl-delay); the notes that say why rounds are further apart than --every."""
        every, options = self.req.every, self.req.count.fetch
        if not self.url:
            return every, options
        options = replace(options or api.fetch_options(), progress=False)
        delay, local = api.watch_politeness(self.req.source, options)
        host = self.req.source.split("/")[2]
        if not local and every < FLOOR:
            self.notes.append(say("watch.every_floor", self.lang, asked=f"{every:g}", host=host, floor=f"{FLOOR:g}"))
            every = FLOOR
        if delay:
            options = replace(options, delay=max(options.delay, delay))
            if delay > every:
                self.notes.append(say("watch.crawl_delay", self.lang, host=host, delay=f"{delay:g}"))
                every = delay
        return every, options

    def next_wait(self) -> float:
        wait, self.asked = max(self.wait, self.asked), 0.0
        return wait

    def round(self, number: int) -> Round:
        now = self.clock.now().replace(microsecond=0)
        notes, self.notes = self.notes, []
        fresh = self._reread(now, notes)
        before, shown, resumed = self.last, self.shown, (self.resumed if number == 1 else None)
        if fresh:
            self._count(now, notes, first=number == 1)
        days = [_day(r) for r in self.results]
        if self.watched is None and days:
            self.watched = self.req.count.day or days[-1]["day"]
        found, warned = self._compare(before, days)
        changed = fresh and bool(days) and (before is None or any(_core(d) != _core(before.get(d["day"]))
                                                                   for d in days))
        if changed:
            self.last = {d["day"]: d for d in days}
            self.shown = {r.day: _day(r, plain=False) for r in self.results}
            self._save(now, days)
        if not days:
            notes.append(say("watch.no_count_yet", self.lang))
        return Round(number, now, self.results, shown, tuple(found), tuple(warned), tuple(notes),
                     changed, resumed, self._stop(number, now, days), self.lang)

    def _reread(self, now: datetime, notes: list) -> bool:
        """Read the thread again: True when the pages may have changed (or the deadline came)."""
        if not self.url:
            files = sorted(api.input_files(self.req.source)) + ([Path(self.req.count.game)] if self.req.count.game else [])
            signature = tuple((str(p), *_stat(p)) for p in files)  # the game file too: it is read each round
            due = self._deadline_due(now)
            fresh, self.signature = signature != self.signature or due, signature
            return fresh
        try:
            api.fetch_folder(self.req.source, Path(self.folder), self.options, engine=self.req.count.engine)
        except FetchError as exc:
            self.asked = getattr(exc, "wait", 0.0) or 0.0
            if self.asked:
                notes.append(say("watch.retry_after", self.lang, wait=f"{self.asked:.0f}"))
            notes.append(say("watch.fetch_failed", self.lang, error=str(exc)))
            return (Path(self.folder) / "manifest.json").is_file() and not self.results
        except VotecountError as exc:  # not a forum page, another thread: fatal before any count
            if not self.results:
                raise
            notes.append(say("watch.fetch_failed", self.lang, error=str(exc)))
            return False
        return True

    def _deadline_due(self, now: datetime) -> bool:
        """The last count is open until a deadline that has come: count again (no new file)."""
        return any(d.get("provisional") and d.get("deadline") and datetime.fromisoformat(d["deadline"]) <= now
                   for d in (self.last or {}).values())

    def _count(self, now: datetime, notes: list, *, first: bool) -> None:
        request = replace(self.req.count, threads=(self.folder,), at=now.isoformat(), fetch=None)
        try:
            self.results = tuple(api.run(request))
        except VotecountError as exc:
            if first and not self.url:
                raise
            notes.append(say("watch.count_failed", self.lang, error=str(exc)))
            return
        if self.results:
            self.lang = self.results[-1].lang

    def _compare(self, before: dict | None, days: list[dict]) -> tuple[list[str], list[str]]:
        """What changed and the alerts, day by day (a first count: its alerts only)."""
        found, warned = [], []
        for day in days:
            old = None if before is None else before.get(day["day"])
            need = self._need(day)
            if before is not None:
                found += changes.lines(old, day, self.lang)
            warned += changes.alerts(old, day, need=need, lang=self.lang)
        return found, warned

    def _need(self, day: dict) -> int | None:
        result = next((r for r in self.results if r.day == day["day"]), None)
        return result.majority if result is not None else None  # the count's own (closing.majority_needed)

    def _save(self, now: datetime, days: list[dict]) -> None:
        if self.url and (Path(self.folder) / "manifest.json").is_file():
            api.save_watch_state(self.folder, {"at": now.isoformat(), "days": days})

    def _stop(self, number: int, now: datetime, days: list[dict]) -> str | None:
        day = next((d for d in days if d["day"] == self.watched), None)
        if day is not None and self.req.until != "never":
            if day.get("deadline") and datetime.fromisoformat(day["deadline"]) <= now:
                return "deadline"
            if self.req.until == "hammer" and (day.get("flags") or {}).get("hammer_at"):
                return "hammer"
        if self.req.rounds is not None and number >= self.req.rounds:
            return "rounds"
        return None


def _day(result, *, plain: bool = True) -> dict:
    """The day object compared and kept, as the manifest gives it back: `plain`, as the reports
    show it (no colours in a preset without them, so a move reads "Петя → Коля", not "(red)");
    else as --format json writes it, which is what the reports' --diff compares with."""
    from ..render.colours import uncoloured
    from ..render.json_out import day_dict
    return json.loads(json.dumps(day_dict(uncoloured(result) if plain else result), ensure_ascii=False))


def _core(day: dict | None) -> dict | None:
    """A day object without what changes with the clock alone (the moment of an interim count)."""
    return None if day is None else {k: v for k, v in day.items() if k not in ("now",)}


def _stat(path: Path) -> tuple[int, int]:
    try:
        st = path.stat()
    except OSError:
        return (-1, -1)
    return (st.st_size, st.st_mtime_ns)
