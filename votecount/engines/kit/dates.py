"""Timestamps as forum engines print them, in Russian and English, read into aware datetimes.

Machine-readable attributes (ISO 8601, epoch seconds or milliseconds) come first; the text
shapes below are the fallback. Relative forms ("Сегодня 19:45", "Вчера в 23:10",
"5 минут назад", "Today at 07:45 PM") need `now`, the moment the page was saved.
Every pattern is compiled once, at import.
"""

from __future__ import annotations

import re
from datetime import date, datetime, time, timedelta, timezone, tzinfo
from zoneinfo import ZoneInfo

MONTHS = {
    # Russian stems (nominative, genitive, short forms) and English; matched on a prefix.
    "янв": 1, "фев": 2, "мар": 3, "апр": 4, "май": 5, "мая": 5, "июн": 6, "июл": 7,
    "авг": 8, "сен": 9, "окт": 10, "ноя": 11, "дек": 12,
    "jan": 1, "feb": 2, "mar": 3, "apr": 4, "may": 5, "jun": 6, "jul": 7, "aug": 8,
    "sep": 9, "oct": 10, "nov": 11, "dec": 12,
}
WEEKDAYS = {
    "понедельник": 0, "вторник": 1, "среда": 2, "среду": 2, "четверг": 3, "пятница": 4,
    "пятницу": 4, "суббота": 5, "субботу": 5, "воскресенье": 6,
    "monday": 0, "tuesday": 1, "wednesday": 2, "thursday": 3, "friday": 4, "saturday": 5,
    "sunday": 6,
}
TODAY = ("сегодня", "today")
YESTERDAY = ("вчера", "yesterday")
TOMORROW = ("завтра", "tomorrow")

_MON = r"(?P<mon>[a-zа-яё]{3,9})\.?"
_HM = r"(?P<h>\d{1,2}):(?P<mi>\d{2})(?::(?P<s>\d{2}))?\s*(?P<ampm>[ap]\.?\s?m\.?)?"
_SEP = r"(?:\s*,\s*|\s+(?:в|at|@|-)\s+|\s+)"
_WD = r"(?:[a-zа-яё]{2,11}\.?,?\s+)?"  # an optional weekday name before the date
_YEAR_WORD = r"(?:\s*г\.?)?"  # "2026 г." (Russian "год")

_ABSOLUTE = [
    # 2026-11-29 19:45:12 / 2026-11-29T19:45
    re.compile(r"(?P<y>\d{4})-(?P<m>\d{1,2})-(?P<d>\d{1,2})(?:[ T]|" + _SEP + ")" + _HM),
    # 29.11.2026, 19:45 / 27.9.2012 19:05 / 29.11.26 в 19:45 / 29/11/2026 19:45
    re.compile(_WD + r"(?P<d>\d{1,2})[./](?P<m>\d{1,2})[./](?P<y>\d{2,4})" + _SEP + _HM),
    # 11-29-2026, 07:45 PM (MyBB, vBulletin US style with dashes)
    re.compile(r"(?P<m>\d{1,2})-(?P<d>\d{1,2})-(?P<y>\d{4})" + _SEP + _HM),
    # 29 ноя 2026, 19:45 / 29 ноября 2026 в 19:45:12 / 29th November 2026, 7:45 pm /
    # 28 нояб. 2026 г., 19:45 (Discourse ru, CLDR medium)
    re.compile(_WD + r"(?P<d>\d{1,2})(?:st|nd|rd|th)?\s+" + _MON + r",?\s+(?P<y>\d{4})"
               + _YEAR_WORD + _SEP + _HM),
    # 28-Авг-25 18:09 (TorrentPier 'd-M-y') / 29-Ноя-2026 19:45 / 16.Июль.2026 08:01:11
    # (Discourse ru long format) / 28.Ноябрь.2026 19:45
    re.compile(_WD + r"(?P<d>\d{1,2})(?P<sep>[-.])(?P<mon>[a-zа-яё]{3,9})\.?(?P=sep)(?P<y>\d{4}|\d{2})\b"
               + _YEAR_WORD + _SEP + _HM),
    # Sun Nov 29, 2026 7:45 pm / Пн ноя 29, 2026 19:45 / November 29, 2026, 07:45:12 PM / Nov 29th 2026
    re.compile(_WD + _MON + r"\s+(?P<d>\d{1,2})(?:st|nd|rd|th)?,?\s+(?P<y>\d{4})" + _SEP + _HM),
]
_DAYWORD = re.compile(
    r"(?P<w>сегодня|вчера|завтра|today|yesterday|tomorrow)\s*,?\s*(?:в\s+|at\s+)?" + _HM
)
_WEEKDAY = re.compile(r"(?P<w>[a-zа-яё]{5,11})\s*,?\s*(?:в\s+|at\s+)" + _HM)
_AGO = re.compile(
    r"(?P<n>\d+|одну|один|an?|one)?\s*(?P<u>сек|мин|час|ч\b|д(?:ень|ня|ней)|sec|min|hour|hr|day)[a-zа-яё.]*\s*(?:назад|ago)"
)
_JUST_NOW = re.compile(r"только что|менее минуты назад|just now|less than a minute ago|a moment ago")
_UNIT = {"сек": 1, "sec": 1, "мин": 60, "min": 60, "час": 3600, "ч": 3600, "hour": 3600, "hr": 3600}


def from_attr(value: str | None) -> datetime | None:
    """An ISO 8601 instant or epoch seconds/milliseconds, as found in datetime=/data-time=."""
    if not value:
        return None
    value = value.strip()
    if re.fullmatch(r"\d{9,13}", value):
        n = int(value)
        return datetime.fromtimestamp(n / 1000 if n > 10**11 else n, tz=timezone.utc)
    try:
        parsed = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None
    return parsed if parsed.tzinfo else None


def _clock(m: re.Match) -> time | None:
    h, mi, s = int(m["h"]), int(m["mi"]), int(m["s"] or 0)
    ampm = (m["ampm"] or "").replace(".", "").replace(" ", "")
    if ampm:
        if not 1 <= h <= 12:
            return None
        h = h % 12 + (12 if ampm == "pm" else 0)
    if h > 23 or mi > 59 or s > 59:
        return None
    return time(h, mi, s)


def _month(word: str) -> int | None:
    word = word.replace("ё", "е")
    return MONTHS.get(word[:3]) if word[:3] != "мая" else 5


def _local(d: date, t: time, tz: tzinfo) -> datetime:
    return datetime.combine(d, t).replace(tzinfo=tz)


def normalise(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("\xa0", " ").replace("\u202f", " ")).strip().lower()


def parse_time(text: str, tz: tzinfo, now: datetime | None = None) -> datetime | None:
    """Read the first timestamp in `text`, in zone `tz`. None when there is none.

    Relative forms return None when `now` is unknown: the caller must then say that the
    page's save time is needed, never guess it. Never raises: any text gives a datetime or
    None (tests/test_dates.py checks this on arbitrary text).
    """
    s = normalise(text)
    for rx in _ABSOLUTE:
        m = rx.search(s)
        if not m:
            continue
        month = int(m["m"]) if "m" in rx.groupindex else _month(m["mon"])
        year = int(m["y"])
        if year < 100:
            year += 2000
        clock = _clock(m)
        if month is None or clock is None:
            continue
        try:
            return _local(date(year, month, int(m["d"])), clock, tz)
        except ValueError:
            continue
    if now is None:
        return None
    try:
        return _relative(s, tz, now)
    except (OverflowError, ValueError):  # "99999999999 дней назад", or a `now` near year 1/9999
        return None


def _relative(s: str, tz: ZoneInfo, now: datetime) -> datetime | None:
    local_now = now.astimezone(tz)
    m = _DAYWORD.search(s)
    if m:
        clock = _clock(m)
        if clock is None:
            return None
        shift = 0 if m["w"] in TODAY else -1 if m["w"] in YESTERDAY else 1
        return _local(local_now.date() + timedelta(days=shift), clock, tz)
    m = _WEEKDAY.search(s)
    if m and m["w"] in WEEKDAYS:
        clock = _clock(m)
        if clock is None:
            return None
        back = (local_now.weekday() - WEEKDAYS[m["w"]]) % 7 or 7
        return _local(local_now.date() - timedelta(days=back), clock, tz)
    if _JUST_NOW.search(s):
        return local_now.replace(microsecond=0)
    m = _AGO.search(s)
    if m:
        n = m["n"]
        count = int(n) if n and n.isdigit() else 1
        unit = m["u"]
        seconds = 86400 if unit.startswith(("д", "day")) else _UNIT[unit]
        return (local_now - timedelta(seconds=count * seconds)).replace(microsecond=0)
    return None


def is_relative(text: str) -> bool:
    """True when `text` holds a relative timestamp that needs the save time."""
    s = normalise(text)
    if any(rx.search(s) for rx in _ABSOLUTE):
        return False
    return bool(_DAYWORD.search(s) or _JUST_NOW.search(s) or _AGO.search(s)
                or ((m := _WEEKDAY.search(s)) and m["w"] in WEEKDAYS))
