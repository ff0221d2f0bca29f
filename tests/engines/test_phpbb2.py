"""phpBB 2.0 (NAME "phpbb2"): subSilver and derivatives, English and Russian.

Corpus: phpbb/ptforum-freemancruiser-phpbb2-t805.html, phpBB 2.0 with the subSilver-derived
"fiappleblue" template, English, ISO-8859-1 bytes. Verified by eye against the page: 3 posts,
ids 4513/4514/4537, authors prestbury2 (u=124), Deano (u=20), prestbury2; "Posted: Wed Jun 02,
2010 11:01 pm", "Thu Jun 03, 2010 7:27 pm", "Mon Jun 07, 2010 12:42 pm"; no edit notices, no
quotes; signatures ("George Newton …", "Deano … Silver Gem") sit in their own cell after
"_________________" and are not in the text. The page names no zone (forumer.com, a UK boat
club): the test reads it in Europe/London.

Fixture subsilver-ru.html: stock phpBB 2.0 subSilver templates with the Russian
lang_main.php ("Добавлено:", "писал(а)", "Последний раз редактировалось: X (…), всего
редактировалось N раз(а)"), date format 'D M d, Y g:i a' translated ("Вс Ноя 29, 2026 7:45
pm"), windows-1251 bytes; signatures inline after "<br />_________________<br />" as
viewtopic.php builds them; quote tables; a [s] mod (<strike>) and a BBCode-box spoiler
(div.spoiltitle); a guest poster (no profile link). phpBB 2 prints no "Сегодня".
"""

from __future__ import annotations

from zoneinfo import ZoneInfo

import pytest

from conftest import FIXTURES, check_golden, corpus_page, posts_json
from votecount import engines
from votecount.engines import phpbb2
from votecount.errors import ParseError
from votecount.read import pages
from votecount.read.pages import tree

DIR = FIXTURES / "engines" / "phpbb2"
CORPUS_PAGE = "phpbb/ptforum-freemancruiser-phpbb2-t805.html"


def by_no(posts: list[dict]) -> dict[int, dict]:
    return {p["post_no"]: p for p in posts}


def load_ru() -> list[dict]:
    return posts_json(DIR / "subsilver-ru.html", tz="Europe/Moscow")


def test_golden(update_goldens):
    check_golden(load_ru(), DIR / "subsilver-ru.posts.json", update_goldens)


def test_corpus_golden(update_goldens):
    posts = posts_json(corpus_page(CORPUS_PAGE), tz="Europe/London")
    check_golden(posts, DIR / "ptforum-freemancruiser-phpbb2-t805.posts.json", update_goldens)


def test_corpus_facts():
    posts = by_no(posts_json(corpus_page(CORPUS_PAGE), tz="Europe/London"))
    assert sorted(posts) == [1, 2, 3]
    assert [(p["post_id"], p["author"], p["author_id"]) for p in posts.values()] == [
        ("4513", "prestbury2", "124"), ("4514", "Deano", "20"), ("4537", "prestbury2", "124")]
    assert [p["time"] for p in posts.values()] == [
        "2010-06-02T23:01:00+01:00", "2010-06-03T19:27:00+01:00", "2010-06-07T12:42:00+01:00"]
    assert not any(p["edited"] for p in posts.values())
    assert posts[1]["text"].endswith("keep you posted\nGeorge")
    assert "George Newton" not in posts[1]["text"] and "Silver Gem" not in posts[2]["text"]
    assert "Posted" not in posts[2]["text"]


def test_russian_subsilver():
    posts = by_no(load_ru())
    assert sorted(posts) == [1, 2, 3, 4]  # page 1 of 2 (form action start=0)
    assert [p["author"] for p in posts.values()] == ["Ведущий", "Вася Пупкин 2", "Анноушка", "Гость Коля"]
    assert [p["author_id"] for p in posts.values()] == ["2", "57", "61", None]  # a guest has no profile
    assert posts[2]["time"] == "2026-11-29T19:45:00+03:00"  # "Вс Ноя 29, 2026 7:45 pm"
    gm = posts[1]
    assert gm["text"] == "День 2. Голосуем цветом: красный — против, синий — за.\nИтоги в 20:00."
    assert "не голос" not in gm["text"] and "_____" not in gm["text"]  # inline signature cut
    vasya = posts[2]
    assert vasya["text"] == "Анноушка" and '<span style="color: red">Анноушка</span>' in vasya["html"]
    assert (vasya["edited"], vasya["edited_by"], vasya["edited_at"], vasya["edit_count"]) == (
        True, "Вася Пупкин 2", "2026-11-29T19:50:00+03:00", 1)
    anna = posts[3]
    assert "Анноушка" not in anna["text"] and "писал" not in anna["text"]  # quoted vote removed
    assert "Петя" not in anna["text"]  # <strike>
    assert "Скрытый текст" not in anna["text"]  # spoiler title
    assert "редактировал" not in anna["text"]
    assert '<span style="color: blue">Вася Пупкин 2</span>' in anna["html"]
    assert (anna["edited_by"], anna["edited_at"], anna["edit_count"]) == (
        "Анноушка", "2026-11-29T19:58:00+03:00", 3)
    assert posts[4]["text"] == "Можно мне тоже? Анноушка"


def test_posts_does_not_change_the_document():
    from zoneinfo import ZoneInfo

    from votecount.engines import phpbb2
    from votecount.model import Page

    doc = pages.tree((DIR / "subsilver-ru.html").read_bytes())
    page = Page(source="f.html", number=1, tz=ZoneInfo("Europe/Moscow"))
    first = phpbb2.ENGINE.posts(doc, page)
    assert phpbb2.ENGINE.posts(doc, page) == first
    assert not doc.xpath("//*[contains(@class, 'votecount-signature')]")


def test_next_page_and_title():
    from votecount.engines import phpbb2

    ru = pages.tree((DIR / "subsilver-ru.html").read_bytes())
    assert phpbb2.ENGINE.next_page(ru) == "viewtopic.php?t=33&postdays=0&postorder=asc&start=15"
    assert phpbb2.ENGINE.title(ru) == "Игра 5: голосование"
    corpus = pages.tree(corpus_page(CORPUS_PAGE).read_bytes())
    assert phpbb2.ENGINE.next_page(corpus) is None  # one page; <link rel=next> is the next *topic*
    assert phpbb2.ENGINE.title(corpus) == "back in water tomorrow"

# Detection (this engine for its pages, no other engine for them, no page of another engine
# taken for this one): tests/engines/test_detection.py, over every fixture and corpus page.


_HOST_PAGE = (b"<html><head><title>Free forum hosting</title></head>"
              b"<body><p>Your forum, free: sign up</p></body></html>\n")


def test_posts_behind_a_hosts_page_are_read_as_alone(tmp_path):
    """A host's page saved in front of the forum's: libxml2 leaves the forum's <html> beside the
    root, and the signatures are marked in a copy of each top element (a copy of the root alone
    once gave "no posts found")."""
    raw = (DIR / "subsilver-ru.html").read_bytes()
    behind = tmp_path / "subsilver-ru.html"
    behind.write_bytes(_HOST_PAGE + raw[raw.lower().index(b"<html"):])
    alone = load_ru()
    assert len(alone) == 4
    assert posts_json(behind, tz="Europe/Moscow") == alone


def test_nnm_clubs_guest_view_is_phpbb2_and_refused_for_its_missing_post_times():
    """NNM-Club's smartBlue fork shows guests no post time (the only dates on the page are the
    release's, inside post 1): the page is named as phpBB 2's, and refused with one line that
    says why, never counted with guessed times."""
    from votecount.read.pipeline import read_thread

    path = corpus_page("torrentpier/monitorrent-nnmclub-t409969.html")
    doc = tree(path.read_bytes(), str(path))
    assert engines.detect(doc) is phpbb2.ENGINE and phpbb2.ENGINE.layout(doc).name == "smartblue"
    with pytest.raises(ParseError, match="no post on the page shows a readable post time"):
        read_thread([str(path)], tz=ZoneInfo("Europe/Moscow"))
