"""Timestamps as engines print them, Russian and English, absolute and relative."""

from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings, strategies as st

from votecount.engines.kit.dates import from_attr, is_relative, parse_time

MSK = ZoneInfo("Europe/Moscow")
NOW = datetime(2026, 11, 29, 21, 0, 0, tzinfo=MSK)


@pytest.mark.parametrize("text,expected", [
    ("29 ноя 2026, 19:45", "2026-11-29T19:45:00+03:00"),
    ("18 май 2011 15:20", "2011-05-18T15:20:00+04:00"),
    ("29 ноября 2026 в 19:45:12", "2026-11-29T19:45:12+03:00"),
    ("2026-11-29 19:45:12", "2026-11-29T19:45:12+03:00"),
    ("Sun Nov 29, 2026 7:45 pm", "2026-11-29T19:45:00+03:00"),
    ("Сб окт 25, 2008 17:26:03", "2008-10-25T17:26:03+04:00"),
    ("27.9.2012, 19:05", "2012-09-27T19:05:00+04:00"),
    ("29.11.26 в 19:45", "2026-11-29T19:45:00+03:00"),
    ("September 24, 2007, 12:57:14 PM", "2007-09-24T12:57:14+04:00"),
    ("01-01-2014, 07:28 PM", "2014-01-01T19:28:00+04:00"),
    ("Сегодня, 19:45", "2026-11-29T19:45:00+03:00"),
    ("Сегодня 19:45:12", "2026-11-29T19:45:12+03:00"),
    ("Вчера в 23:10", "2026-11-28T23:10:00+03:00"),
    ("Today at 07:45 PM", "2026-11-29T19:45:00+03:00"),
    ("5 минут назад", "2026-11-29T20:55:00+03:00"),
    ("Понедельник в 19:45", "2026-11-23T19:45:00+03:00"),
])
def test_shapes(text, expected):
    assert parse_time(text, MSK, NOW).isoformat() == expected


def test_seconds_are_kept():
    assert parse_time("Сегодня 22:29:59", MSK, NOW).second == 59


def test_relative_without_a_save_time_is_not_guessed():
    assert parse_time("Сегодня, 19:45", MSK, None) is None
    assert is_relative("Сегодня, 19:45") and not is_relative("29 ноя 2026, 19:45")


def test_attributes():
    assert from_attr("2026-11-29T16:45:00+00:00").isoformat() == "2026-11-29T16:45:00+00:00"
    assert from_attr("1795970700").year == 2026
    assert from_attr("1795970700000") == from_attr("1795970700")
    assert from_attr("2026-11-29T16:45:00") is None  # no zone: not an instant


@given(st.text(max_size=60))
def test_any_text_is_a_time_or_none(text):
    result = parse_time(text, MSK, NOW)
    assert result is None or result.tzinfo is not None


# ---------------------------------------------------------------- shapes added in session 2

@pytest.mark.parametrize("text,expected", [
    ("28-Авг-25 18:09", "2025-08-28T18:09:00+03:00"),  # rutracker 'd-M-y H:i'
    ("29-Ноя-2026 19:45", "2026-11-29T19:45:00+03:00"),  # TorrentPier 2.x
    ("16.Июль.2026 08:01:11", "2026-07-16T08:01:11+03:00"),  # Discourse ru long format
    ("28.Ноябрь.2026 19:45", "2026-11-28T19:45:00+03:00"),
    ("28 нояб. 2026 г., 19:45", "2026-11-28T19:45:00+03:00"),  # CLDR ru medium
    ("28 ноября 2026 г. в 19:45", "2026-11-28T19:45:00+03:00"),
    ("Воскресенье, 29.11.2026, 19:45", "2026-11-29T19:45:00+03:00"),  # uCoz
])
def test_more_shapes(text, expected):
    assert parse_time(text, MSK, NOW).isoformat() == expected


def test_overflowing_relative_forms_are_none_not_errors():
    assert parse_time("999999999999 дней назад", MSK, NOW) is None
    assert parse_time("Завтра в 10:00", MSK, datetime(9999, 12, 31, 23, tzinfo=MSK)) is None


RU_GEN = "января февраля марта апреля мая июня июля августа сентября октября ноября декабря".split()
RU_SHORT = "янв фев мар апр май июн июл авг сен окт ноя дек".split()
RU_NOM = "Январь Февраль Март Апрель Май Июнь Июль Август Сентябрь Октябрь Ноябрь Декабрь".split()
RU_CLDR = "янв. февр. мар. апр. мая июн. июл. авг. сент. окт. нояб. дек.".split()
RU_WEEK = "Понедельник Вторник Среда Четверг Пятница Суббота Воскресенье".split()
EN_MON = "January February March April May June July August September October November December".split()


def _h12(d: datetime) -> str:
    return f"{d.hour % 12 or 12}:{d:%M}"


# One formatter per shape an engine prints (which engine: see votecount/engines/kit/dates.py), and whether
# the shape keeps seconds.
SHAPES = {
    "iso (mybb.ru, PunBB)": (lambda d: f"{d:%Y-%m-%d %H:%M:%S}", True),
    "dotted (vB, IPB)": (lambda d: f"{d:%d.%m.%Y}, {d:%H:%M}", False),
    "US dashes (MyBB, vB en)": (lambda d: f"{d:%m-%d-%Y}, {_h12(d)} {'PM' if d.hour >= 12 else 'AM'}", False),
    "genitive (SMF ru)": (lambda d: f"{d.day} {RU_GEN[d.month - 1]} {d.year} в {d:%H:%M:%S}", True),
    "short month (phpBB 3 ru)": (lambda d: f"{d.day} {RU_SHORT[d.month - 1]} {d.year}, {d:%H:%M}", False),
    "phpBB en": (lambda d: f"{d:%a} {EN_MON[d.month - 1][:3]} {d:%d}, {d.year} {_h12(d)} {'pm' if d.hour >= 12 else 'am'}", False),
    "SMF en": (lambda d: f"{EN_MON[d.month - 1]} {d.day}, {d.year}, {d.hour % 12 or 12:02d}:{d:%M:%S} {'PM' if d.hour >= 12 else 'AM'}", True),
    "TorrentPier": (lambda d: f"{d.day:02d}-{RU_SHORT[d.month - 1].title()}-{d:%y} {d:%H:%M}", False),
    "Discourse ru long": (lambda d: f"{d.day}.{RU_NOM[d.month - 1]}.{d.year} {d:%H:%M:%S}", True),
    "CLDR ru medium": (lambda d: f"{d.day} {RU_CLDR[d.month - 1]} {d.year} г., {d:%H:%M}", False),
    "uCoz": (lambda d: f"{RU_WEEK[d.weekday()]}, {d:%d.%m.%Y}, {d:%H:%M}", False),
}
PLAIN = timezone(timedelta(hours=3))  # a fixed offset: no DST gaps to muddle the round trip


@pytest.mark.parametrize("shape", sorted(SHAPES))
@settings(max_examples=60, deadline=None)
@given(moment=st.datetimes(min_value=datetime(2001, 1, 1), max_value=datetime(2099, 12, 31, 23, 59, 59)))
def test_formatted_moments_read_back(shape, moment):
    fmt, seconds = SHAPES[shape]
    moment = moment.replace(microsecond=0) if seconds else moment.replace(second=0, microsecond=0)
    text = fmt(moment)
    got = parse_time(text, PLAIN)
    assert got is not None, text
    assert got.replace(tzinfo=None) == moment, text
    assert got.utcoffset() == timedelta(hours=3)


TOKENS = st.sampled_from(
    ["Сегодня", "Вчера", "Today", "в", "at", ",", ".", "-", ":", "г.", "назад", "ago", "дней",
     "minutes", "pm", "AM", "ноя", "Ноябрь", "нояб.", "May", "29", "2026", "26", "19:45", "99:99",
     "00:00:60", "31.02.2026", "0", "99999999999999", "Понедельник", "\xa0", "—"])


@settings(max_examples=300, deadline=None)
@given(text=st.one_of(st.text(max_size=80), st.lists(TOKENS, max_size=12).map(" ".join)),
       now=st.one_of(st.none(), st.datetimes(timezones=st.just(timezone.utc))))
def test_parse_time_never_raises(text, now):
    """Any text and any save moment: an aware datetime or None, never an exception."""
    result = parse_time(text, MSK, now)
    assert result is None or result.tzinfo is not None
    is_relative(text)
