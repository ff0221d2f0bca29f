"""Invision Community 4 (votecount/engines/ips4.py, NAME "ips4").

Corpus page ipb/efs-exploitin-ips4-ru-166865-p1.html (IPS 4.x, English UI, Russian posts),
checked by eye against the page: 25 posts (`article#elComment_N`), numbered 1…25 (page 1 of 3,
25 per page); 7 authors; 9 edit notices "Edited <time datetime> by X" (posts 1, 5, 8, 10,
12, 17 by FEDDOR, 7 and 23 by hulkon, 25 by sorax); quotes (`blockquote.ipsQuote`, citation
"… сказал:") gone from the text; signatures (`data-role=memberSignature`) lie outside the
message and never reach it. Times come from `<time datetime>` (UTC), so no zone is needed.

Fixture ips4-ru.html: page 2 of a Russian-UI topic ("Опубликовано", "Изменено <time>
пользователем X", "X сказал:", "Показать содержимое"), CKEditor colours #e74c3c / #3498db.
"""

from __future__ import annotations

from pathlib import Path

from lxml import html as lxml_html

from votecount import engines
from votecount.engines import ips4
from tests.conftest import FIXTURES, check_golden, corpus_page, posts_json
from votecount.read import pages

HERE = FIXTURES / "engines" / "ips4"
CORPUS = "ipb/efs-exploitin-ips4-ru-166865-p1.html"


def doc_of(path: Path):
    return pages.tree(path.read_bytes(), str(path))


def by_no(data: list[dict]) -> dict[int, dict]:
    return {p["post_no"]: p for p in data}


def test_corpus_golden(update_goldens):
    data = posts_json(corpus_page(CORPUS))
    check_golden(data, HERE / "efs-exploitin-ips4-ru-166865-p1.posts.json", update_goldens)


def test_corpus_facts():
    data = posts_json(corpus_page(CORPUS))
    assert len(data) == 25
    assert [p["post_no"] for p in data] == list(range(1, 26))
    assert {p["author"] for p in data} == {"FEDDOR", "MegaMix", "L.Luciano", "hulkon", "TopFuel",
                                           "krasniy_miner", "sorax"}
    assert data[0]["author_id"] == "89250"  # /profile/89250-feddor/, not the reputation badge
    assert data[0]["time"] == "2020-01-16T12:01:50+00:00"
    edits = [(p["post_no"], p["edited_by"]) for p in data if p["edited"]]
    assert edits == [(1, "FEDDOR"), (5, "FEDDOR"), (7, "hulkon"), (8, "FEDDOR"), (10, "FEDDOR"),
                     (12, "FEDDOR"), (17, "FEDDOR"), (23, "hulkon"), (25, "sorax")]
    assert data[0]["edited_at"] == "2020-01-16T12:11:37+00:00"
    posts = by_no(data)
    # post 5 quotes post 3 ("x*0=0*x=0…"): the quote is gone, the reply stays
    assert "x*0=0*x=0" in posts[3]["text"]
    assert "x*0=0*x=0" not in posts[5]["text"] and "сказал" not in posts[5]["text"]
    assert posts[5]["text"].startswith("2*0 = два нуля")
    assert "Показать содержимое" not in posts[3]["text"]  # spoiler header
    for p in data:
        assert "Edited" not in p["text"]
        assert "Ничего не продаю" not in p["text"]  # MegaMix's signature
    doc = doc_of(corpus_page(CORPUS))
    assert ips4.ENGINE.next_page(doc) == "https://forum.exploit.in/topic/166865/?page=2"
    assert ips4.ENGINE.title(doc) == "нуль"


def test_ru_fixture_golden(update_goldens):
    data = posts_json(HERE / "ips4-ru.html")
    check_golden(data, HERE / "ips4-ru.posts.json", update_goldens)


def test_ru_fixture_facts():
    data = posts_json(HERE / "ips4-ru.html")
    posts = by_no(data)
    assert list(posts) == [26, 27, 28]  # page 2, 25 per page
    assert [p["author"] for p in data] == ["Ведущий", "Кот Бегемот 2", "Анна-Мария"]
    assert [p["author_id"] for p in data] == ["2", "44", "7"]
    assert posts[27]["time"] == "2026-11-29T16:40:12+00:00"  # shown as "1 час назад"
    assert posts[27]["edited_by"] == "Кот Бегемот 2"
    assert posts[27]["edited_at"] == "2026-11-29T16:44:03+00:00"
    assert posts[28]["edited_by"] == "Ведущий"  # a moderator's edit
    assert posts[28]["edited_at"] == "2026-11-29T17:01:30+00:00"
    assert '<span style="color:#e74c3c;">Анна-Мария</span>' in posts[27]["html"]
    # quote of a red vote, struck vote, spoiler title, edit line: all gone; blue vote kept
    assert posts[28]["text"] == "Я мирная!\nПроверка была ночью.\nАнна-Мария"
    assert "ipsQuote" not in posts[28]["html"] and "<s>" not in posts[28]["html"]
    assert '<span style="color:#3498db;"><strong>Анна-Мария</strong></span>' in posts[28]["html"]
    assert "Изменено" not in posts[28]["html"]
    assert "подписи" not in posts[26]["html"]
    doc = doc_of(HERE / "ips4-ru.html")
    assert ips4.ENGINE.next_page(doc) == "https://mafia.example.ru/topic/512-mafiya-12-den-3/page/3/"
    assert ips4.ENGINE.title(doc) == "Мафия №12. День 3"


def _notice(inner: str):
    return lxml_html.fragment_fromstring(
        f"<span data-excludequote><strong>{inner}</strong></span>")


def test_editor_name_from_either_wording():
    t = "<time datetime='2026-11-29T16:44:03Z'>1 час назад</time>"
    assert ips4._editor(_notice(f"Edited {t} by Vasya 2")) == "Vasya 2"
    assert ips4._editor(_notice(f"Изменено {t} пользователем Кот Бегемот 2")) == "Кот Бегемот 2"
    assert ips4._editor(_notice(f"Изменено пользователем Кот Бегемот 2 {t}")) == "Кот Бегемот 2"
    assert ips4._editor(_notice(f"Отредактировано {t} Маша")) == "Маша"


def test_detect():
    assert engines.detect(doc_of(corpus_page(CORPUS))) is ips4.ENGINE
    assert engines.detect(doc_of(HERE / "ips4-ru.html")) is ips4.ENGINE
    assert not ips4.ENGINE.detect(doc_of(corpus_page("ipb/hustledb-ipb13-ru-2969.html")))
    assert not ips4.ENGINE.detect(doc_of(FIXTURES / "engines" / "ipb" / "ipb3-ru.html"))
