"""Board date formats (votecount/engines/kit/boardtime.py): one page's post times decide its format.

The language samples are the month and day words of each language as boards print them
(phpBB/SMF/vBulletin language packs: de "März", "Heute"; fr "mai", "Aujourd'hui à"; pl
"listopada", "Dzisiaj"; uk "листопада", "Сьогодні", "Вчора о"); the expected values are
what the text says, worked out by hand.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from votecount.engines.kit.boardtime import BoardClock, iso_dates, numeric_order, shape_key
from votecount.errors import ParseError

UTC = timezone.utc
NOW = datetime(2026, 12, 1, 20, 0, tzinfo=UTC)


def read(texts, now=NOW, default=None, given=None):
    clock = BoardClock(texts, default_order=default, where="page.html", given_order=given)
    return [clock.read(t, UTC, now) for t in texts]


def at(*fields):
    return datetime(*fields, tzinfo=UTC)


@pytest.mark.parametrize("text, expected", [
    ("Posted: Sa 14. März 2020, 14:05", at(2020, 3, 14, 14, 5)),  # de
    ("14. Oktober 2019 um 09:41:07", at(2019, 10, 14, 9, 41, 7)),  # de, seconds
    ("le mardi 12 mai 2020 à 2:05 pm", at(2020, 5, 12, 14, 5)),  # fr, 12 h
    ("3 février 2021, 23:59", at(2021, 2, 3, 23, 59)),  # fr
    ("7 octobre 2007 à 12:30:38 am", at(2007, 10, 7, 0, 30, 38)),  # fr, 12 h: past midnight
    ("7 octobre 2007 à 12:30:38 pm", at(2007, 10, 7, 12, 30, 38)),  # fr, 12 h: past noon
    ("29 listopada 2020 o 14:05", at(2020, 11, 29, 14, 5)),  # pl, genitive
    ("12 marca 2020, 7:05 am", at(2020, 3, 12, 7, 5)),  # pl, 12 h
    ("29 листопада 2020, 19:45", at(2020, 11, 29, 19, 45)),  # uk
    ("Дата: Вівторок, 29 вересня 2020, 19:45", at(2020, 9, 29, 19, 45)),  # uk, weekday
    ("29 ноября 2026, 19:45:12", at(2026, 11, 29, 19, 45, 12)),  # ru (the table reads it)
    ("Sun Nov 29, 2026 7:45 pm", at(2026, 11, 29, 19, 45)),  # en
])
def test_month_names_of_six_languages(text, expected):
    assert read([text]) == [expected]


@pytest.mark.parametrize("text, days", [
    ("Heute, 14:05", 0), ("Gestern um 14:05", -1),  # de
    ("Aujourd'hui à 14:05", 0), ("Hier à 14:05", -1),  # fr
    ("Dzisiaj, 14:05", 0), ("Wczoraj, 14:05", -1),  # pl
    ("Сьогодні, 14:05", 0), ("Вчора о 14:05", -1),  # uk
    ("Сегодня, 14:05", 0), ("Вчера в 14:05", -1),  # ru
    ("Today at 2:05 PM", 0), ("Yesterday, 14:05", -1),  # en
])
def test_today_and_yesterday_words(text, days):
    assert read([text]) == [at(2026, 12, 1, 14, 5) + timedelta(days=days)]


@pytest.mark.parametrize("text", ["Heute, 14:05", "Dzisiaj, 14:05", "Вчора о 14:05"])
def test_day_word_without_save_moment_is_none(text):
    clock = BoardClock([text], default_order=None, where="page.html")
    assert clock.read(text, UTC, None) is None and clock.needs_now(text)


def test_day_first_decided_by_a_later_date_on_the_page():
    # "05-11-2011" alone is ambiguous; "22-11-2011" on the same page says day-first.
    assert read(["Sat 05-11-2011, 01:32:37", "Tue 22-11-2011, 09:00:00"]) == [
        at(2011, 11, 5, 1, 32, 37), at(2011, 11, 22, 9, 0)]


def test_month_first_decided_by_a_date_on_the_page():
    assert read(["11/05/2011 01:32 PM", "11/22/2011 09:00 AM"]) == [
        at(2011, 11, 5, 13, 32), at(2011, 11, 22, 9, 0)]


def test_ambiguous_page_is_an_error_naming_date_order():
    with pytest.raises(ParseError, match=r"page\.html: every post date .*--date-order dmy\|mdy"):
        BoardClock(["05-11-2011, 01:32", "06-11-2011, 01:32"], default_order=None,
                   where="page.html")


def test_engine_default_order_settles_an_ambiguous_page():
    assert read(["05-11-2011, 01:32 PM"], default="mdy") == [at(2011, 5, 11, 13, 32)]


def test_dotted_dates_are_day_first_unless_the_page_says_otherwise():
    assert read(["05.11.2011, 01:32"]) == [at(2011, 11, 5, 1, 32)]
    assert read(["11.29.2011, 01:32", "11.05.2011, 01:32"]) == [
        at(2011, 11, 29, 1, 32), at(2011, 11, 5, 1, 32)]


def test_contradicting_dates_are_an_error():
    with pytest.raises(ParseError, match="disagree"):
        BoardClock(["22-11-2011, 01:32", "11-22-2011, 01:32"], default_order=None, where="p")


def test_date_order_option_wins_over_default_and_loses_to_the_page():
    assert read(["05-11-2011, 01:32 PM"], default="mdy", given="dmy") == [at(2011, 11, 5, 13, 32)]
    with pytest.raises(ParseError, match="month-first .* not --date-order dmy"):
        BoardClock(["11-22-2011, 01:32"], default_order=None, where="p", given_order="dmy")


def test_shape_masks_digits_only():
    assert shape_key("Sa 14. März 2020, 14:05") == shape_key("Sa 03. März 2021, 09:59")
    assert shape_key("Sa 14. März 2020, 14:05") != shape_key("So 15. März 2020, 14:05")


_FORMATS = ["%d-%m-%Y, %H:%M:%S", "%m/%d/%Y %I:%M %p", "%d/%m/%Y %H:%M", "%a %d-%m-%Y, %H:%M:%S",
            "%d %B %Y, %H:%M", "%B %d, %Y, %I:%M:%S %p", "%d.%m.%Y %H:%M"]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(_FORMATS),
       st.lists(st.datetimes(min_value=datetime(2001, 1, 1), max_value=datetime(2030, 12, 31)),
                min_size=1, max_size=8))
def test_any_page_of_one_format_reads_back_or_names_date_order(fmt, moments):
    """Every time of a page written in one format reads back to the second, or (numeric
    dates that never pass 12) the page is refused naming --date-order."""
    moments = [m.replace(microsecond=0, tzinfo=UTC) for m in moments]
    if "%S" not in fmt:
        moments = [m.replace(second=0) for m in moments]
    texts = [m.strftime(fmt) for m in moments]
    default = "mdy" if fmt.startswith("%m") else None
    try:
        assert read(texts, default=default) == moments
    except ParseError as e:
        assert "--date-order" in str(e) and all(m.day <= 12 for m in moments)


def test_iso_rewrite_keeps_the_rest():
    assert iso_dates("« on: Tue 22-11-2011, 01:32:37 »", "dmy") == "« on: Tue 2011-11-22, 01:32:37 »"
    assert numeric_order(["no date here"], None, "p") is None


def test_a_dotted_date_follows_its_page(tmp_path):
    """Through the parser: on a page whose dotted dates are month-first ("11.29.2011"), an
    ambiguous "11.05.2011" is 5 November, not 11 May."""
    from votecount.engines.kit.base import Compiled, Selectors, post_time
    from lxml import html as lxml_html
    from votecount.model import Page

    doc = lxml_html.document_fromstring(
        "<html><body><div class='p'><i>11.29.2011 13:00</i></div>"
        "<div class='p'><i>11.05.2011 14:00</i></div></body></html>")
    c = Compiled(Selectors(post="//div[@class='p']", post_id="@class", author=".", body=".",
                           time_text="./i"))
    page = Page("p.html", 1, UTC)
    posts = c.posts(doc)
    assert [post_time(c, el, page, where="p.html", raw_text=el[0].text) for el in posts] == [
        at(2011, 11, 29, 13, 0), at(2011, 11, 5, 14, 0)]
