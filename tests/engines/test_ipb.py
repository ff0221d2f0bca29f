"""IPB 1.3 / 2.x / 3.x (votecount/engines/ipb.py, NAME "ipb").

Corpus page ipb/hustledb-ipb13-ru-2969.html (IPB 1.3 Final, IBR Russian mod, UTF-8 bytes under
a windows-1251 meta), checked by eye against the page: 15 posts (one per
"<!--Begin Msg Number N-->", ids 19014…19219), numbered 1…15 (IPB 1.3 prints no numbers; the
page is the first, no `st`); 8 authors; one edit notice, post 11 (id 19184): "Это сообщение
отредактировал kolyan55584 - 7.09.2014 - 16:55" (the corpus MANIFEST's "24.10.2014 - 21:25"
is not on this page); 4 quotes (`td#QUOTE`, posts 9, 10, 12, 13) all gone from the text;
signatures (`div.signature`, posts 4–6, 9, 14, 15) and the "--------------------" rule gone.
Times are text ("Дата 31.07.2014 - 12:57"), the board is Moscow's: read in Europe/Moscow
(+04:00 in 2014).

Fixtures written from IPB's templates (see the module docstring): ipb2-ru.html (IPB 2.3,
Russian pack, windows-1251 bytes), ipb2-en.html (IPB 2.3, English pack, page 2 of a thread),
ipb3-ru.html (IPB 3.4, Russian pack, page 2).
"""

from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from votecount import engines
from votecount.engines import ipb
from tests.conftest import FIXTURES, check_golden, corpus_page, posts_json
from votecount.read import pages
from votecount.errors import ParseError
from votecount.model import Page

MSK = ZoneInfo("Europe/Moscow")
HERE = FIXTURES / "engines" / "ipb"
CORPUS_13 = "ipb/hustledb-ipb13-ru-2969.html"
SAVED = datetime(2026, 12, 2, 20, 5, tzinfo=MSK)  # the fixtures' footer clock


def doc_of(path: Path):
    return pages.tree(path.read_bytes(), str(path))


def by_no(data: list[dict]) -> dict[int, dict]:
    return {p["post_no"]: p for p in data}


# --- corpus: IPB 1.3 -------------------------------------------------------------------

def test_ipb13_corpus_golden(update_goldens):
    data = posts_json(corpus_page(CORPUS_13), tz="Europe/Moscow")
    check_golden(data, HERE / "hustledb-ipb13-ru-2969.posts.json", update_goldens)


def test_ipb13_corpus_facts():
    data = posts_json(corpus_page(CORPUS_13), tz="Europe/Moscow")
    assert len(data) == 15
    assert [p["post_no"] for p in data] == list(range(1, 16))
    assert data[0]["post_id"] == "19014" and data[-1]["post_id"] == "19219"
    assert {p["author"] for p in data} == {"Хастл-Центр", "Mr. Grin", "Ivanov_Vladimir", "Danila",
                                           "Ronin", "Makedonsky", "kolyan55584", "Denegin"}
    assert data[1]["author_id"] == "251"  # showuser=251 after a session hash full of digits
    assert data[0]["time"] == "2014-07-31T12:57:00+04:00"
    edited = [p for p in data if p["edited"]]
    assert len(edited) == 1
    post = edited[0]
    assert (post["post_no"], post["post_id"], post["edited_by"]) == (11, "19184", "kolyan55584")
    assert post["edited_at"] == "2014-09-07T16:55:00+04:00"
    assert "отредактировал" not in post["text"]
    posts = by_no(data)
    assert "7.10. В номинациях" not in posts[9]["text"]  # quoted rule
    assert posts[9]["text"].startswith("Ronin\nОтвет на ваш вопрос")
    assert posts[10]["text"] == "Спасибо, всё ясно. Этот момент я упустил."
    assert posts[12]["text"] == "Исправил"
    assert posts[13]["text"] == "Спасибо, исправил."
    for p in data:
        assert "Обучением парным танцам" not in p["text"]  # signature
        assert "Руководитель и преподаватель" not in p["text"]
        assert not re.search(r"(?:^|\n)-{20}$", p["text"])  # the rule before a signature
        assert "<br><br>--------------------<br>" not in p["html"]
    assert "РК АСХ" not in posts[9]["text"]
    assert '<span style="color:red">' in posts[1]["html"]  # colour markup kept


def test_ipb13_later_page_needs_its_offset():
    raw = corpus_page(CORPUS_13).read_bytes()
    doc = pages.tree(raw, "p.html")
    with_st = ipb.ENGINE.posts(doc, Page(source="p.html", number=1, tz=MSK,
                                  url="http://hustle-sa.ru/forum/index.php?showtopic=2969&st=15"))
    assert [p.post_no for p in with_st] == list(range(16, 31))
    paged = raw.replace(b'<div class="tableborder">', '<div class="tableborder">'
                        "<span class='pagelink'>Страниц: (2) [2] </span>".encode(), 1)
    assert paged != raw
    with pytest.raises(ParseError, match="st"):
        ipb.ENGINE.posts(pages.tree(paged, "p2.html"), Page(source="p2.html", number=1, tz=MSK))


# --- fixture: IPB 2.3, Russian -----------------------------------------------------------

def test_ipb2_ru_golden(update_goldens):
    data = posts_json(HERE / "ipb2-ru.html", saved_at=SAVED)
    check_golden(data, HERE / "ipb2-ru.posts.json", update_goldens)


def test_ipb2_ru_facts():
    data = posts_json(HERE / "ipb2-ru.html", saved_at=SAVED)
    posts = by_no(data)
    assert list(posts) == [1, 2, 3, 4, 5]  # "Сообщение #N"
    assert [p["author"] for p in data] == ["Ведущий", "Вася 2", "Петя Иванов", "Оля", "Ivan 1986"]
    assert [p["author_id"] for p in data] == ["1", "5", "7", "9", "12"]
    assert posts[1]["time"] == "2026-12-01T20:00:00+03:00"  # "1.12.2026, 20:00": unpadded
    assert posts[2]["time"] == "2026-12-01T21:15:00+03:00"  # "Вчера, 21:15"
    assert posts[3]["time"] == "2026-12-02T09:05:00+03:00"  # "Сегодня, 09:05"
    assert posts[2]["edited"] and posts[2]["edited_by"] == "Вася 2"
    assert posts[2]["edited_at"] == "2026-12-01T21:20:00+03:00"
    assert posts[2]["text"] == "Голосую против Петя Иванов"
    assert not any(p["edited"] for n, p in posts.items() if n != 2)
    # a quote holding a red vote is gone; the struck vote is gone; the blue vote stays
    assert posts[3]["text"] == "Не согласен.\nВася 2"
    assert "Цитата" not in posts[3]["html"] and "Оля" not in posts[3]["html"]
    assert "<span style=\"color:blue\">Вася 2</span>" in posts[3]["html"]
    # spoiler title and signature gone, spoiler body and the red vote kept
    assert posts[4]["text"] == "Думала про Ivan 1986, но нет.\nПетя Иванов"
    assert "<span style=\"color:red\"><b>Петя Иванов</b></span>" in posts[4]["html"]
    assert "Мафия не пройдёт" not in posts[4]["html"]
    assert "Не голосуйте в подписи" not in posts[1]["html"]
    assert posts[5]["text"] == "пас"


def test_ipb2_footer_clock_is_the_save_moment():
    doc = doc_of(HERE / "ipb2-ru.html")
    assert ipb.page_now(doc, MSK) == SAVED
    # without --saved-at the pipeline takes the footer clock, so relative dates still read
    assert posts_json(HERE / "ipb2-ru.html") == posts_json(HERE / "ipb2-ru.html", saved_at=SAVED)
    assert ipb.page_now(doc_of(HERE / "ipb2-en.html"), MSK) == SAVED


# --- fixture: IPB 2.3, English -----------------------------------------------------------

def test_ipb2_en_golden(update_goldens):
    data = posts_json(HERE / "ipb2-en.html", saved_at=SAVED)
    check_golden(data, HERE / "ipb2-en.posts.json", update_goldens)


def test_ipb2_en_facts():
    data = posts_json(HERE / "ipb2-en.html", saved_at=SAVED)
    posts = by_no(data)
    assert list(posts) == [21, 22, 23]  # "Post #21" on page 2
    assert posts[21]["time"] == "2026-12-01T20:00:00+03:00"  # "Dec 1 2026, 08:00 PM"
    assert posts[22]["time"] == "2026-12-01T21:15:00+03:00"  # "Yesterday, 09:15 PM"
    assert posts[23]["time"] == "2026-12-02T19:45:00+03:00"  # "Today, 07:45 PM"
    assert posts[22]["edited_by"] == "Vasya 2"
    assert posts[22]["edited_at"] == "2026-12-01T21:20:00+03:00"  # "Yesterday, 09:20 PM"
    assert "edited" not in posts[22]["text"]
    assert posts[23]["text"] == "No way.\nVasya 2"  # quote and struck "Olya" gone
    assert "Not a vote" not in posts[21]["html"]
    doc = doc_of(HERE / "ipb2-en.html")
    assert ipb.ENGINE.next_page(doc) is None  # the last page: only a "Previous page" link
    assert ipb.ENGINE.title(doc) == "Mafia #7. Day 2 (votes)"


# --- fixture: IPB 3.4, Russian -----------------------------------------------------------

def test_ipb3_ru_golden(update_goldens):
    data = posts_json(HERE / "ipb3-ru.html")
    check_golden(data, HERE / "ipb3-ru.posts.json", update_goldens)


def test_ipb3_ru_facts():
    data = posts_json(HERE / "ipb3-ru.html")  # abbr.published[title] is ISO: no save time needed
    posts = by_no(data)
    assert list(posts) == [21, 22, 23]
    assert [p["author"] for p in data] == ["Ведущая", "Маша 77", "Гость из Твери"]
    assert [p["author_id"] for p in data] == ["3", "15", "21"]
    assert posts[23]["time"] == "2026-11-29T16:45:00+00:00"  # shown as "Сегодня, 19:45"
    assert posts[22]["edited_by"] == "Маша 77"
    assert posts[22]["edited_at"] == "2026-11-29T18:12:00+03:00"  # "29 Ноябрь 2026 - 18:12"
    assert posts[22]["text"] == "Понятно. Гость из Твери"  # the quoted rule is gone
    assert "ipsBlockquote" not in posts[22]["html"]
    assert posts[23]["text"] == "Я мирный.\nМаша 77"  # spoiler title and struck vote gone
    assert "<del>" not in posts[23]["html"] and "Спойлер" not in posts[23]["html"]
    assert "color: #0000ff" in posts[23]["html"]
    assert "Ведущая не голосует" not in posts[21]["html"]
    assert posts[21]["url"].endswith("#entry5021")
    doc = doc_of(HERE / "ipb3-ru.html")
    assert ipb.ENGINE.next_page(doc) == "http://mafia-club.example/index.php?/topic/77-mafiia-5-den-2/page__st__40"
    assert ipb.ENGINE.title(doc) == "Мафия №5. День 2"


# --- detection ---------------------------------------------------------------------------

@pytest.mark.parametrize("path", [HERE / "ipb2-ru.html", HERE / "ipb2-en.html", HERE / "ipb3-ru.html"])
def test_detect_fixtures(path):
    assert engines.detect(doc_of(path)) is ipb.ENGINE


def test_detect_corpus():
    assert engines.detect(doc_of(corpus_page(CORPUS_13))) is ipb.ENGINE
    assert not ipb.ENGINE.detect(doc_of(corpus_page("ipb/efs-exploitin-ips4-ru-166865-p1.html")))
