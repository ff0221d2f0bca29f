"""mybb.ru family (PunBB-based hosted forums): fixtures written from the engine's markup.

No real mybb.ru vote thread is public, so the pages are engine-faithful fixtures: the bundled
example thread (two pages, one UTF-8 and one windows-1251, relative "Сегодня/Вчера" times, a
SingleFile save date, an edit notice, a quote, a spoiler, a signature, struck text) and a small
page with absolute times and a guest post.
"""

from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

import parsers
from conftest import ROOT, check_golden, posts_json
from votecount.errors import ParseError
from votecount.pages import tree

EXAMPLE = ROOT / "examples" / "zarechnaya"
HERE = Path(__file__).resolve().parent.parent / "fixtures" / "engines" / "mybbru"
MSK = ZoneInfo("Europe/Moscow")


def test_example_thread_golden(update_goldens):
    check_golden(posts_json(EXAMPLE), HERE / "zarechnaya.posts.json", update_goldens)


def test_example_thread_facts():
    posts = {p["post_no"]: p for p in posts_json(EXAMPLE)}
    assert len(posts) == 13 and sorted(posts) == list(range(1, 14))
    assert posts[2]["author"] == "Вася" and posts[2]["author_id"] == "11"
    assert posts[2]["time"] == "2026-11-28T20:14:33+03:00"  # "Вчера 20:14:33", saved 2026-11-29
    assert posts[12]["time"] == "2026-11-29T20:00:00+03:00"  # "Сегодня 20:00:00": seconds kept
    assert posts[4]["edited"] and posts[4]["edited_by"] == "Маша"
    assert posts[4]["edited_at"] == "2026-11-28T21:05:10+03:00"
    assert "Отредактировано" not in posts[4]["text"]
    assert posts[7]["text"] == "Ежик"  # the quoted vote for Петя is gone
    assert 'style="color: red"' in posts[7]["html"]
    assert posts[9]["text"] == "Коля"  # struck-through "Вася" is gone
    assert "Спойлер" not in posts[10]["text"] and "без цвета" in posts[10]["text"]
    assert "Подпись" not in posts[2]["text"] and "Даже Ёжику" not in posts[2]["text"]
    assert posts[8]["author"] == "Dimon_88" and posts[7]["author"] == "Оля Смирнова"


def test_windows_1251_page_decodes():
    doc = tree((EXAMPLE / "page2.html").read_bytes())
    assert "Пеятя" in "".join(doc.itertext())


def test_detected_as_mybbru():
    for page in EXAMPLE.glob("*.html"):
        assert parsers.detect(tree(page.read_bytes())).NAME == "mybbru"


def test_relative_time_without_save_moment_is_an_error(tmp_path):
    text = (EXAMPLE / "page1.html").read_text(encoding="utf-8")
    # Drop the SingleFile comment; read from stdin-like source with no mtime.
    text = text.split("-->", 1)[1]
    from votecount.model import Page
    doc = tree(text.encode("utf-8"))
    with pytest.raises(ParseError, match="saved-at"):
        parsers.get("mybbru").posts(doc, Page("page1.html", 1, MSK))


def test_save_moment_overrides_give_other_dates():
    posts = posts_json(EXAMPLE, saved_at=datetime(2026, 12, 1, 12, 0, tzinfo=MSK))
    assert posts[1]["time"] == "2026-11-30T20:14:33+03:00"


# ---------------------------------------------------------------- English board language

EN = HERE / "mybbru-en.html"
SAVED_EN = datetime(2026, 11, 29, 21, 5, tzinfo=MSK)


def test_english_golden(update_goldens):
    check_golden(posts_json(EN, saved_at=SAVED_EN), HERE / "mybbru-en.posts.json", update_goldens)


def test_english_facts():
    """5 posts #26–#30 (page 2 of 3); "Yesterday 22:40:15", "Today 09:12:44"; two "Last edited
    by" notices (one relative, one absolute); a quoted red vote, <del>, a spoiler, a signature."""
    posts = {p["post_no"]: p for p in posts_json(EN, saved_at=SAVED_EN)}
    assert sorted(posts) == [26, 27, 28, 29, 30]
    assert [p["author"] for p in posts.values()] == ["Game Master", "Jack 2000", "Мирон", "Lucy Grey", "Game Master"]
    assert posts[27]["time"] == "2026-11-28T22:40:15+03:00" and posts[27]["author_id"] == "31"
    assert (posts[27]["edited_by"], posts[27]["edited_at"]) == ("Jack 2000", "2026-11-28T22:41:03+03:00")
    assert (posts[30]["edited_by"], posts[30]["edited_at"]) == ("Game Master", "2026-11-29T21:02:30+03:00")
    assert posts[28]["text"] == "Not me. Мирон"  # the quoted red vote and the struck one are gone
    assert '<span style="color: blue">Мирон</span>' in posts[28]["html"]
    assert posts[29]["text"].endswith("Jack 2000") and "Spoiler" not in posts[29]["text"]
    assert "Signatures" not in posts[26]["text"] and "Trust no one" not in posts[27]["text"]
    assert not any("Last edited" in p["text"] for p in posts.values())
    assert parsers.detect(tree(EN.read_bytes())).NAME == "mybbru"
    assert parsers.get("mybbru").next_page(tree(EN.read_bytes())).endswith("id=41&p=3")
