"""Timestamps as engines print them, Russian and English, absolute and relative."""

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, strategies as st

from parsers.dates import from_attr, is_relative, parse_time

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
