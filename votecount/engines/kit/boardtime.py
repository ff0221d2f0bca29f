"""A board's own date format, learned from all the post times of one page.

Forum admins (and users) choose the date format: SMF's `Tue 22-11-2011, 01:32:37`, phpBB's
any PHP `date()` string, vBulletin's `d.m.Y`, a German board's `Heute, 14:05`. One page's
post times share one format, so the page decides what a single time cannot:

- Day/month order of numeric dates (`05-11-2011`): `--date-order` (the page's `date_order`, from the count's request) if
  given; else a day above 12 in either place on the page; else dotted dates are day-first
  (no board writes m.d.Y); else the engine's default order (MyBB's, vBulletin's m-d-Y); else
  the page is ambiguous, an error naming `--date-order`. Numeric dates are then rewritten as ISO `Y-m-d`, so nothing
  downstream guesses the order again.
- Shapes the fixed table of dates.py cannot read (other languages' month names, weekday and
  day words: ru, uk, en, de, fr, pl): the `dateparser` library reads ONE sample of each
  distinct shape (the text with its digit runs masked), and the sample's digit runs are
  matched to the fields dateparser found. Every other time of that shape is then read from
  its digit runs alone. dateparser costs 0.1 s to import and 0.05–0.1 s per new language
  (bench/README.md), so it is imported only for a page that needs it, and a shape learned
  once is kept for the process.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta

from ...errors import ParseError

from .dates import is_relative, normalise, parse_time

LANGUAGES = ["ru", "uk", "en", "de", "fr", "pl"]
ORDERS = ("dmy", "mdy")
# d-m-y with one separator, not a year first (ISO dates are never ambiguous).
_NUMERIC = re.compile(r"(?<![\d.\-/])(\d{1,2})([-./])(\d{1,2})\2(\d{4}|\d{2})(?![\d\-/]|\.\d)")
_RUN = re.compile(r"\d+")
_WORD = re.compile(r"[^\W\d_]+")
# What dateparser is told "now" is while learning: offsets of day words are taken from it.
_BASE = datetime(2000, 1, 15, 12, 0)


def numeric_order(texts: list[str], default: str | None, where: str, *,
                  given: str | None = None) -> str | None:
    """'dmy', 'mdy', or None when the page has no numeric d/m/y date; ParseError when the
    page's dates cannot tell and nothing else does. `given`: --date-order (Page.date_order)."""
    found = [m for t in texts for m in _NUMERIC.finditer(t)]
    if not found:
        return None
    first_big = [m.group(0) for m in found if int(m.group(1)) > 12]
    second_big = [m.group(0) for m in found if int(m.group(3)) > 12]
    if first_big and second_big:
        raise ParseError(f"{where}: the post dates disagree on day and month order "
                         f"('{first_big[0]}', '{second_big[0]}')")
    shown = "dmy" if first_big else "mdy" if second_big else None
    if given and shown and given != shown:
        raise ParseError(f"{where}: the post dates are {'day' if shown == 'dmy' else 'month'}-first "
                         f"('{(first_big or second_big)[0]}'), not --date-order {given}")
    if given or shown:
        return given or shown
    if all(m.group(2) == "." for m in found):
        return "dmy"  # no board writes m.d.Y; an engine's default (m-d-Y) is for dashes
    if default:
        return default
    raise ParseError(f"{where}: every post date ('{found[0].group(0)}' …) could be day-first or "
                     "month-first; name the board's order with --date-order dmy|mdy")


def needs_page(text: str) -> bool:
    """True when the fixed table alone must not read `text`: it holds a numeric date whose
    order the page decides (dashes or slashes; dots when both numbers could be the month, so
    that "11.05.2011" on a page of "11.29.2011" is read month-first too). A text the table
    cannot read goes to the page's clock as well: the caller tries the table first."""
    m = _NUMERIC.search(text)
    if not m:
        return False
    return m.group(2) != "." or (int(m.group(1)) <= 12 and int(m.group(3)) <= 12)


def iso_dates(text: str, order: str) -> str:
    """`text` with each numeric d/m/y date rewritten as Y-m-d in the page's order."""
    def iso(m: re.Match) -> str:
        a, b, y = m.group(1), m.group(3), m.group(4)
        d, mo = (a, b) if order == "dmy" else (b, a)
        year = int(y) + 2000 if len(y) == 2 else int(y)
        return f"{year:04d}-{int(mo):02d}-{int(d):02d}"
    return _NUMERIC.sub(iso, text)


@dataclass(frozen=True)
class Shape:
    """What one sample taught: the role of each digit run ('y', 'm', 'd', 'H', 'I', 'M', 'S'
    or '' for a run that is not part of the date), and what the words fix."""

    roles: tuple[str, ...]
    month: int | None  # from a month word, when no run is the month
    day_shift: int | None  # a day word ("Heute", "Вчора"): days from the save moment
    pm: bool  # a 12-hour clock's run is after noon (the am/pm word is part of the shape)


def shape_key(text: str) -> str:
    return _RUN.sub("#", normalise(text))


_LEARNED: dict[str, Shape | None] = {}


def learn(text: str) -> Shape | None:
    """The shape of `text` from dateparser's reading of it; None when it reads no date."""
    key = shape_key(text)
    if key not in _LEARNED:
        _LEARNED[key] = _learn(normalise(text))
    return _LEARNED[key]


def _learn(text: str) -> Shape | None:
    """All six languages at once first; when that reading misses the clock or a field (its
    language guess can split "14. oktober 2019 um 09:41:07" in two), each language alone."""
    from dateparser.search import search_dates  # 0.1 s: only for a page that needs it

    settings = {"RELATIVE_BASE": _BASE, "PREFER_DATES_FROM": "past"}
    runs = list(_RUN.finditer(text))
    for languages in (LANGUAGES, *([lang] for lang in LANGUAGES)):
        for span, when in search_dates(text, languages=languages, settings=settings) or ():
            shape = _shape(text, runs, span, when)
            if shape is not None:
                return shape
    return None


def _shape(text: str, runs: list[re.Match], span: str, when: datetime) -> Shape | None:
    start = text.find(span)
    inside = [r for r in runs if start <= r.start() and r.end() <= start + len(span)]
    roles = _assign(inside, span, start, when)
    if roles is None:
        return None
    by_run = {r.start(): role for r, role in zip(inside, roles)}
    all_roles = tuple(by_run.get(r.start(), "") for r in runs)
    dated = "d" in all_roles
    words = set(_WORD.findall(span)) - {"am", "pm", "a", "p", "m"}
    missed_year = any(len(r.group(0)) == 4 for r in runs if r not in inside)
    if not dated and ("y" in all_roles or not words or missed_year):
        return None  # the day was missed, not a day word ("Heute", "Вчора") read
    return Shape(roles=all_roles, month=None if "m" in all_roles else when.month,
                 day_shift=None if dated else (when.date() - _BASE.date()).days,
                 pm=_afternoon(span, when))


def _afternoon(span: str, when: datetime) -> bool:
    """A 12-hour clock's half of the day: its own am/pm word (dateparser reads "12:30 am" as
    half past noon), else dateparser's hour."""
    clocks = list(_CLOCK.finditer(span))
    m = _AMPM.search(span[clocks[-1].end():]) if clocks else None
    return m.group(0).strip()[0] == "p" if m else when.hour >= 12


_CLOCK = re.compile(r"(\d{1,2}):(\d{2})(?::(\d{2}))?")
_AMPM = re.compile(r"^\s*[ap]\.?\s?m\b")


def _assign(runs: list[re.Match], span: str, offset: int, when: datetime) -> list[str] | None:
    """Each digit run's field. The clock is found by its colons (h:mm[:ss], the last one);
    the other runs by value: four digits or the year's last two are the year, then the day,
    then the month. None when a run of the date is none of them."""
    clocks = list(_CLOCK.finditer(span))
    if not clocks:
        return None
    clock = clocks[-1]
    twelve = _AMPM.search(span[clock.end():]) or int(clock.group(1)) != when.hour
    at = {clock.start(1) + offset: "I" if twelve else "H",
          clock.start(2) + offset: "M"}
    if clock.group(3):
        at[clock.start(3) + offset] = "S"
    out: list[str] = []
    for run in runs:
        if run.start() in at:
            out.append(at[run.start()])
            continue
        n, digits = int(run.group(0)), len(run.group(0))
        if "y" not in out and digits == 4 and n == when.year:
            out.append("y")
        elif "d" not in out and n == when.day:
            out.append("d")
        elif "y" not in out and digits == 2 and n == when.year % 100:
            out.append("y")
        elif "m" not in out and n == when.month:
            out.append("m")
        else:
            return None
    return out


def apply(shape: Shape, text: str, now: datetime | None):
    """(date or None, time) of `text` read by its shape; None when a run is not a field."""
    runs = [int(r) for r in _RUN.findall(normalise(text))]
    if len(runs) != len(shape.roles):
        return None
    got = {role: n for role, n in zip(shape.roles, runs) if role}
    hour = got.get("H", got.get("I", 0) % 12 + (12 if shape.pm else 0))
    try:
        clock = time(hour, got.get("M", 0), got.get("S", 0))
        if shape.day_shift is not None:
            return None if now is None else (now.date() + timedelta(days=shape.day_shift), clock)
        year = got.get("y", now.year if now else 0)
        year += 2000 if year < 100 else 0
        return date(year, got.get("m", shape.month or 0), got["d"]), clock
    except (KeyError, ValueError):
        return None


class BoardClock:
    """The post times of one page, read in the page's format."""

    def __init__(self, texts: list[str], *, default_order: str | None, where: str,
                 given_order: str | None = None):
        self.order = numeric_order(texts, default_order, where, given=given_order)

    def read(self, text: str, tz, now: datetime | None) -> datetime | None:
        """The time in `text` (zone `tz`, relative words against `now`), or None."""
        if self.order:
            text = iso_dates(text, self.order)
        found = parse_time(text, tz, now)
        if found or is_relative(text) or not _RUN.search(text):
            return found
        shape = learn(text)
        if shape is None:
            return None
        local_now = now.astimezone(tz) if now else None
        read = apply(shape, text, local_now)
        return datetime.combine(*read).replace(tzinfo=tz) if read else None

    def needs_now(self, text: str) -> bool:
        """True when `text` is a day word ("Heute, 14:05") that needs the save moment."""
        shape = learn(text) if _RUN.search(text) else None
        return bool(shape and shape.day_shift is not None)
