"""Forumotion, phpBB2-style template (parsers/forumotion.py): fixtures faithful to the markup
verified in notes 2.3 "Forumotion"; what is inferred is said in each fixture's comment.

Counted by hand:
- forumotion-phpbb2-ru.html: page 2 of topic 12 (`/t12p15-topic` in the browser's "saved from"
  comment, so posts 16–18); Ведущий (/u2) 19:45, Вася Пупкин (/u14) 19:52 with a quote
  (`dl.codebox`), a red Петя, a spoiler (`dl.codebox.spoiler`), an edit line (19:55, 1 time)
  and a signature naming Ёжик in red after the message div; a guest "Гость" 20:01.
- forumotion-phpbb2-en.html: a one-page topic (`/t7-day-1-votes`, canonical link): Game Master
  (/u1) 7:45 pm, Lucy Grey (/u5) 8:02 pm, edited by herself 8:04 pm, 1 time.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import parsers
from conftest import check_golden, posts_json
from votecount.errors import ParseError
from votecount.pages import tree

HERE = Path(__file__).resolve().parent.parent / "fixtures" / "engines" / "forumotion"


@pytest.mark.parametrize("name", ["forumotion-phpbb2-ru", "forumotion-phpbb2-en"])
def test_fixture_golden(name, update_goldens):
    check_golden(posts_json(HERE / f"{name}.html"), HERE / f"{name}.posts.json", update_goldens)


def test_ru_facts():
    posts = posts_json(HERE / "forumotion-phpbb2-ru.html")
    assert [(p["post_no"], p["post_id"], p["author"], p["author_id"]) for p in posts] == [
        (16, "431", "Ведущий", "2"), (17, "432", "Вася Пупкин", "14"), (18, "433", "Гость", None)]
    assert [p["time"] for p in posts] == ["2026-11-29T19:45:00+03:00", "2026-11-29T19:52:00+03:00",
                                          "2026-11-29T20:01:00+03:00"]
    vasya = posts[1]
    assert vasya["text"] == "Петя"  # quote, spoiler, edit line and signature are not the message
    assert "Ёжик" not in vasya["html"] and "codebox" not in vasya["html"]
    assert (vasya["edited"], vasya["edited_by"], vasya["edited_at"], vasya["edit_count"]) == (
        True, "Вася Пупкин", "2026-11-29T19:55:00+03:00", 1)


def test_en_facts():
    posts = posts_json(HERE / "forumotion-phpbb2-en.html")
    assert [(p["post_no"], p["author"], p["time"]) for p in posts] == [
        (1, "Game Master", "2026-11-29T19:45:00+03:00"), (2, "Lucy Grey", "2026-11-29T20:02:00+03:00")]
    assert (posts[1]["edited_by"], posts[1]["edited_at"]) == ("Lucy Grey", "2026-11-29T20:04:00+03:00")


def test_detected_as_forumotion_and_next_page():
    for page in HERE.glob("*.html"):
        assert parsers.detect(tree(page.read_bytes())).NAME == "forumotion"
    raw = (HERE / "forumotion-phpbb2-ru.html").read_bytes()
    doc = tree(raw)
    assert parsers.get("forumotion").next_page(doc) is None  # (inferred: <link rel="next">)
    linked = tree(raw.replace(b"</body>", b'<link rel="next" href="/t12p30-topic"></body>'))
    assert parsers.get("forumotion").next_page(linked) == "/t12p30-topic"
    assert parsers.get("forumotion").title(doc) == "Голосование, день 1"


def test_later_page_without_its_address_is_refused(tmp_path):
    raw = (HERE / "forumotion-phpbb2-ru.html").read_bytes()
    page = tmp_path / "page.html"
    page.write_bytes(raw.replace(b"<!-- saved from url=(0047)https://mafia-gorod.forum2x2.ru/t12p15-topic -->", b""))
    with pytest.raises(ParseError, match=r"page\.html: a page of a Forumotion topic of several pages, "
                                         r"saved without its address.*save it with its address"):
        posts_json(page)
