"""MyBB 1.8 from mybb.com (votecount/engines/mybb.py) — not the mybb.ru family (votecount/engines/mybbru.py).

Corpus: mybb/efs-sinisterly-mybb18-667698-1.html (MyBB 1.8, sinister.ly custom classic theme,
English). Verified by hand against the page: 10 posts (`div.post#post_N`, ids 475420…475661),
printed #1…#10; 2 authors, Frozen_Solid (uid 14069) and "The Real Slim Shady" (uid 18375, a
banned user whose name is struck through in the author box — the name is kept); times
"12-31-2013, 10:18 AM" (m-d-Y, no zone: read in UTC here); 4 edits "(This post was last
modified: … by PurpleHat.)" on #1 (01-01-2014 07:28 PM), #3 (12:16 PM), #5 (07:39 PM),
#7 (01-02-2014 04:47 AM), the other 6 `div.post_edit` are empty; quotes
(`blockquote.mycode_quote`, nested up to 3 deep) in #1, #3, #4, #5, #6, #10, all removed;
signatures are outside the body. Next page "…?page=2".

Fixtures (from the MyBB 1.8 master templates `postbit`, `postbit_classic`, `postbit_editedby`
and inc/functions.php my_date('relative'); Russian strings from kmitrakov/MyBB-Russian-Language-Pack
1.8.39): mybb18-ru-default.html ("Сегодня, 19:45", "13 минут назад", "Это сообщение было
изменено: … пользователем X.", admin's group-styled name in the notice, edit reason, spoiler
plugin) and mybb18-en-classic.html (page 2, "Yesterday"/"Today", "6 minutes ago", code block).
The brief's wording "Это сообщение последний раз исправлялось" was not found in any Russian pack;
the notice is read structurally (date between the label's colon and the editor's link), so a
different pack's wording reads the same (tested below).
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from votecount import engines
from conftest import FIXTURES, check_golden, corpus_page, posts_json
from corpus import all_params, engine_of
from votecount.engines import mybb, mybbru
from votecount.read import pages
from votecount.errors import ParseError
from votecount.model import Page

DIR = FIXTURES / "engines" / "mybb"
CORPUS_PAGE = "mybb/efs-sinisterly-mybb18-667698-1.html"
MSK = ZoneInfo("Europe/Moscow")
UTC = ZoneInfo("UTC")
RU_SAVED = datetime(2026, 11, 29, 20, 5, tzinfo=MSK)


def ru(saved_at=RU_SAVED) -> list[dict]:
    return posts_json(DIR / "mybb18-ru-default.html", tz="Europe/Moscow", saved_at=saved_at)


def en() -> list[dict]:
    return posts_json(DIR / "mybb18-en-classic.html", tz="UTC",
                      saved_at=datetime(2026, 11, 29, 20, 5, tzinfo=UTC))


def corpus() -> list[dict]:
    return posts_json(corpus_page(CORPUS_PAGE), tz="UTC")


# --- corpus ---------------------------------------------------------------------------------

def test_corpus_golden(update_goldens):
    check_golden(corpus(), DIR / "efs-sinisterly-mybb18-667698-1.posts.json", update_goldens)


def test_corpus_counts_edits_quotes():
    posts = corpus()
    assert len(posts) == 10
    assert [p["post_no"] for p in posts] == list(range(1, 11))
    assert posts[0]["post_id"] == "475420" and posts[-1]["post_id"] == "475661"
    assert {(p["author"], p["author_id"]) for p in posts} == {
        ("Frozen_Solid", "14069"), ("The Real Slim Shady", "18375")}
    assert posts[0]["time"] == "2013-12-31T10:18:00+00:00"
    edited = [(p["post_no"], p["edited_by"], p["edited_at"]) for p in posts if p["edited"]]
    assert edited == [(1, "PurpleHat", "2014-01-01T19:28:00+00:00"),
                      (3, "PurpleHat", "2014-01-01T12:16:00+00:00"),
                      (5, "PurpleHat", "2014-01-01T19:39:00+00:00"),
                      (7, "PurpleHat", "2014-01-02T04:47:00+00:00")]
    for p in posts:
        assert "mycode_quote" not in p["html"] and " Wrote:" not in p["text"]
        assert "last modified" not in p["text"]
        assert "Hottest.Porn" not in p["text"]  # signature
    # nested quotes: "Looks like just another hosting company" is Geoff's post #2 only
    assert [p["post_no"] for p in posts if "Looks like just another hosting" in p["text"]] == [2]


def test_corpus_navigation():
    doc = pages.tree(corpus_page(CORPUS_PAGE).read_bytes())
    assert mybb.ENGINE.next_page(doc, None).endswith("?page=2")
    assert mybb.ENGINE.title(doc).startswith("HostThemAll - Shared webhosting")


# --- Russian fixture ------------------------------------------------------------------------

def test_ru_golden(update_goldens):
    check_golden(ru(), DIR / "mybb18-ru-default.posts.json", update_goldens)


def test_ru_facts():
    posts = ru()
    assert [p["post_no"] for p in posts] == [1, 2, 3, 4, 5]
    assert [p["author"] for p in posts] == ["Ведущий", "Вася", "Петя 2", "Доктор Хаус 2", "Коля"]
    assert [p["author_id"] for p in posts] == ["1", "12", "15", "21", "7"]
    vasya, petya, house, kolya = posts[1:]
    assert vasya["time"] == "2026-11-29T19:45:00+03:00"  # <span title="29.11.2026">Сегодня</span>, 19:45
    assert (vasya["edited"], vasya["edited_by"], vasya["edited_at"]) == (True, "Вася", "2026-11-29T19:50:00+03:00")
    assert petya["time"] == "2026-11-29T19:52:00+03:00"  # "13 минут назад", title has the time
    # the GM's group-styled name (<span style="color: green;"><strong><em>) is the editor;
    # the edit reason <em> is not
    assert (house["edited_by"], house["edited_at"]) == ("Ведущий", "2026-11-29T20:01:00+03:00")
    assert kolya["time"] == "2026-11-29T19:59:00+03:00"
    assert vasya["text"] == "Петя 2" and "Коля" not in vasya["text"]
    assert '<span style="color: red;" class="mycode_color">Петя 2</span>' in vasya["html"]
    assert "line-through" not in vasya["html"]
    assert petya["text"] == "Вася, за что? Я мирный.\nКоля"
    assert "Написал(а)" not in petya["html"] and "Петя 2" not in petya["html"]
    assert '<span style="color: blue;" class="mycode_color">Петя 2</span>' in house["html"]
    assert "Показать" not in house["text"] and "Коля молчит" in house["text"]
    assert "убрал оффтоп" not in house["text"] and "Everybody lies" not in house["text"]
    assert "Мафия не пройдёт" not in vasya["html"]
    assert '<span style="color: #FF0000;" class="mycode_color">Вася</span>' in kolya["html"]


def _strip_titles(path: Path, tmp_path: Path) -> Path:
    """The same page as a theme without my_date's title attributes would print it."""
    text = path.read_text(encoding="utf-8")
    for title in ('29.11.2026, 19:52', '29.11.2026, 19:58', '29.11.2026, 20:01', '29.11.2026, 19:59',
                  '29.11.2026'):
        text = text.replace(f'<span title="{title}">', "<span>")
    out = tmp_path / path.name
    out.write_text(text, encoding="utf-8")
    return out


def test_ru_without_titles_uses_save_time(tmp_path):
    page = _strip_titles(DIR / "mybb18-ru-default.html", tmp_path)
    posts = posts_json(page, tz="Europe/Moscow", saved_at=RU_SAVED)
    assert [p["time"] for p in posts] == [p["time"] for p in ru()]
    assert posts[1]["edited_at"] == "2026-11-29T19:50:00+03:00"
    assert posts[3]["edited_at"] == "2026-11-29T20:01:00+03:00"  # "4 минуты назад"
    doc = pages.tree(page.read_bytes())
    with pytest.raises(ParseError, match="saved"):
        mybb.ENGINE.posts(doc, Page(source="ru", number=1, tz=MSK))


@pytest.mark.parametrize("label", ["Это сообщение последний раз исправлялось:",
                                   "Сообщение изменено:", "This post was last modified:"])
def test_edit_notice_wording_of_other_packs(tmp_path, label):
    text = (DIR / "mybb18-ru-default.html").read_text(encoding="utf-8")
    text = text.replace("Это сообщение было изменено:", label)
    page = tmp_path / "p.html"
    page.write_text(text, encoding="utf-8")
    vasya = posts_json(page, tz="Europe/Moscow", saved_at=RU_SAVED)[1]
    assert (vasya["edited_by"], vasya["edited_at"]) == ("Вася", "2026-11-29T19:50:00+03:00")


def test_ru_footer_clock_and_navigation():
    doc = pages.tree((DIR / "mybb18-ru-default.html").read_bytes())
    assert mybb.page_now(doc, MSK) == datetime(2026, 11, 29, 20, 5, tzinfo=MSK)
    assert mybb.ENGINE.next_page(doc, None) == "showthread.php?tid=345&page=2"
    assert mybb.ENGINE.title(doc) == "Мафия №12 — День 2. Голосование"


# --- English fixture ------------------------------------------------------------------------

def test_en_golden(update_goldens):
    check_golden(en(), DIR / "mybb18-en-classic.posts.json", update_goldens)


def test_en_facts():
    posts = en()
    assert [p["post_no"] for p in posts] == [21, 22, 23]  # page 2: printed numbers continue
    john, mary, bob = posts
    assert john["time"] == "2026-11-28T23:10:00+00:00"  # Yesterday, 11:10 PM
    assert (john["edited_by"], john["edited_at"]) == ("John Smith 42", "2026-11-29T19:12:00+00:00")
    assert "typo" not in john["text"] and john["text"] == "Mary"
    assert mary["time"] == "2026-11-29T19:45:00+00:00"
    assert mary["text"] == "Really? I am the doctor.\nBob" and "Wrote" not in mary["html"]
    assert bob["time"] == "2026-11-29T19:59:00+00:00"  # "6 minutes ago" with a title
    assert "[color=red]" not in bob["text"]  # code block dropped
    assert '<span style="color: #ff0000;" class="mycode_color">John Smith 42</span>' in bob["html"]
    assert "Town wins again" not in john["html"]
    doc = pages.tree((DIR / "mybb18-en-classic.html").read_bytes())
    assert mybb.ENGINE.next_page(doc, None) is None  # last page
    assert mybb.page_now(doc, UTC) == datetime(2026, 11, 29, 20, 5, tzinfo=UTC)


# --- detection ------------------------------------------------------------------------------

@pytest.mark.parametrize("path", [DIR / "mybb18-ru-default.html", DIR / "mybb18-en-classic.html"],
                         ids=lambda p: p.name)
def test_detect_fixtures(path):
    doc = pages.tree(path.read_bytes())
    assert engines.detect(doc, None) is mybb.ENGINE
    assert not mybbru.ENGINE.detect(doc, None)


def test_detect_corpus():
    assert engines.detect(pages.tree(corpus_page(CORPUS_PAGE).read_bytes()), None) is mybb.ENGINE


@pytest.mark.parametrize("path", all_params("detect", of="mybb"))
def test_fires_only_on_mybb_pages(path):
    """Never on mybb.ru / PunBB pages (punbb fixtures) nor any other engine's."""
    doc = pages.tree(path.read_bytes())
    assert mybb.ENGINE.detect(doc, None) == (engine_of(path) == "mybb")
