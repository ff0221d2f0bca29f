"""TorrentPier (NAME "torrentpier"): rutracker.org and the open-source TorrentPier 2.x.

Corpus: torrentpier/bookadvisor-rutracker-topic-30posts.html, rutracker 2025, Russian, meta
says Windows-1251 but the bytes are UTF-8. Verified by eye against the page: 30 posts
(tbody#post_N), one page (no start offset: numbers 1–30); first post 88144936 by vugarmugar11
(u=13918288, from the profile button / data-ext_link_data), "28-Авг-25 18:09"; 7 posts carry
rutracker's edit mark "ред. <date>" in span.posted_since (posts 1, 2, 6, 8, 11, 15, 19; no
editor name or count is printed); 6 quotes (div.q-wrap "X писал(а):"), all removed; post 5
keeps its red `span.p-color` ("не конец"); the first post's download box (fieldset.attach) is
not in the text. rutracker prints times in the board zone (Moscow) for guests.

Fixture tp2-ru-edited.html: TorrentPier 2.x default template (viewtopic.tpl) with the Russian
pack: "Сегодня 19:45 | #2" permalinks (friendly dates and printed numbers), div.last_edited
"Последний раз редактировалось: <b>Ник</b> (Сегодня 19:50), всего редактировалось 1 раз",
`<sup>®</sup>` after the topic author's nick, q-wrap quote, sp-wrap spoiler, [s] =
span.post-s, signature div.signature. Saved "now": 2026-11-29 20:05 Moscow.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from conftest import FIXTURES, check_golden, corpus_page, posts_json
from votecount.read import pages

DIR = FIXTURES / "engines" / "torrentpier"
CORPUS_PAGE = "torrentpier/bookadvisor-rutracker-topic-30posts.html"
SAVED = datetime.fromisoformat("2026-11-29T20:05:00+03:00")


def by_no(posts: list[dict]) -> dict[int, dict]:
    return {p["post_no"]: p for p in posts}


def load_tp2() -> list[dict]:
    return posts_json(DIR / "tp2-ru-edited.html", tz="Europe/Moscow", saved_at=SAVED)


def test_golden(update_goldens):
    check_golden(load_tp2(), DIR / "tp2-ru-edited.posts.json", update_goldens)


def test_corpus_golden(update_goldens):
    posts = posts_json(corpus_page(CORPUS_PAGE), tz="Europe/Moscow")
    check_golden(posts, DIR / "bookadvisor-rutracker-topic-30posts.posts.json", update_goldens)


def test_corpus_facts():
    posts = by_no(posts_json(corpus_page(CORPUS_PAGE), tz="Europe/Moscow"))
    assert sorted(posts) == list(range(1, 31))
    first = posts[1]
    assert (first["post_id"], first["author"], first["author_id"]) == ("88144936", "vugarmugar11", "13918288")
    assert first["time"] == "2025-08-28T18:09:00+03:00"
    assert (first["edited"], first["edited_by"], first["edited_at"], first["edit_count"]) == (
        True, None, "2026-02-15T11:08:00+03:00", None)
    assert "magnet" not in first["text"] and "Скачать" not in first["text"]
    assert sorted(n for n, p in posts.items() if p["edited"]) == [1, 2, 6, 8, 11, 15, 19]
    assert posts[3]["text"] == "Врачи ещё те вурдалаки. Залечат до смерти."  # quote removed
    assert "писал" not in " ".join(p["text"] for p in posts.values())
    assert '<span class="p-color" style="color: red;">' in posts[5]["html"]
    assert posts[22]["author"] == "Мореплаватель Врунгель"


def test_tp2_fixture():
    posts = by_no(load_tp2())
    assert sorted(posts) == [1, 2, 3, 4]  # printed "#N"
    assert [p["author"] for p in posts.values()] == ["Ведущий", "Кот Матроскин 1980", "Шарик", "Почтальон Печкин"]
    assert posts[1]["time"] == "2026-11-28T21:00:00+03:00"  # "Вчера 21:00"
    assert posts[4]["time"] == "2026-11-29T19:59:00+03:00"  # "29-Ноя-2026 19:59"
    assert "Не голос" not in posts[1]["text"]  # signature
    cat = posts[2]
    assert (cat["edited"], cat["edited_by"], cat["edited_at"], cat["edit_count"]) == (
        True, "Кот Матроскин 1980", "2026-11-29T19:50:00+03:00", 1)
    assert cat["text"] == "Шарик" and '<span class="p-color" style="color: red;">Шарик</span>' in cat["html"]
    dog = posts[3]
    assert dog["text"] == "Я не мафия!\nКот Матроскин 1980\nя шериф"  # quote, [s] and spoiler title gone
    assert '<span class="p-color" style="color: blue;">Кот Матроскин 1980</span>' in dog["html"]
    assert (dog["edited_by"], dog["edited_at"], dog["edit_count"]) == ("Шарик", "2026-11-29T19:58:00+03:00", 2)


def test_relative_time_without_saved_moment_is_an_error():
    from zoneinfo import ZoneInfo

    from votecount.engines import torrentpier
    from votecount.errors import ParseError
    from votecount.model import Page

    doc = pages.tree((DIR / "tp2-ru-edited.html").read_bytes())
    with pytest.raises(ParseError, match="Вчера 21:00.*saved-at"):
        torrentpier.ENGINE.posts(doc, Page(source="f.html", number=1, tz=ZoneInfo("Europe/Moscow")))


def test_title_and_next_page():
    from votecount.engines import torrentpier

    corpus = pages.tree(corpus_page(CORPUS_PAGE).read_bytes())
    assert torrentpier.ENGINE.title(corpus) == "Чащин Валерий - Мастер 1-10 [CHUGA, 2025-2026, 88 kbps, MP3]"
    assert torrentpier.ENGINE.next_page(corpus) is None
    tp2 = pages.tree((DIR / "tp2-ru-edited.html").read_bytes())
    assert torrentpier.ENGINE.title(tp2) == "Мафия на трекере: голосование"

# Detection (this engine for its pages, no other engine for them, no page of another engine
# taken for this one): tests/engines/test_detection.py, over every fixture and corpus page.


# ---------------------------------------------------------------- English pack

EN = DIR / "tp2-en-edited.html"


def test_english_golden(update_goldens):
    check_golden(posts_json(EN, tz="Europe/Moscow", saved_at=SAVED), DIR / "tp2-en-edited.posts.json",
                 update_goldens)


def test_english_pack_reads_like_the_russian_one():
    # "Last edited by <b>X</b> on Today 19:50; edited 1 time in total" = "Последний раз
    # редактировалось: X (Сегодня 19:50), всего редактировалось 1 раз"; "29-Nov-2026 19:59".
    en, ru = posts_json(EN, tz="Asia/Tokyo", saved_at=SAVED), load_tp2()  # footer GMT + 3 wins
    keys = ("post_no", "author", "author_id", "time", "edited", "edited_by", "edited_at", "edit_count")
    assert [{k: p[k] for k in keys} for p in en] == [{k: p[k] for k in keys} for p in ru]
    assert en[1]["edited_at"] == "2026-11-29T19:50:00+03:00" and en[2]["edit_count"] == 2
    assert en[3]["time"] == "2026-11-29T19:59:00+03:00"
    assert en[2]["text"] == "Not mafia!\nКот Матроскин 1980\nI am the sheriff"  # quote, [s] gone
    assert 'style="color: blue;"' in en[2]["html"]


# ------------------------------------------------- free-torrents and unionpeer (issue 26)

FREE = "torrentpier/monitorrent-freetorrents-t207456.html"
UNION = "torrentpier/monitorrent-unionpeer-t1177708.html"


def test_free_torrents_golden(update_goldens):
    # free-torrents' template prints the time as text (`span.small` in the post head, no
    # permalink) and quotes as `div.q_wrap` with `p.q_head`: 7 posts, 1 quote (MANIFEST.md).
    posts = posts_json(corpus_page(FREE), tz="Europe/Moscow")
    check_golden(posts, DIR / "monitorrent-freetorrents-t207456.posts.json", update_goldens)
    assert len(posts) == 7 and not any(p["edited"] for p in posts)
    assert posts[0]["time"] == "2015-07-11T23:40:00+03:00"
    assert posts[4]["text"].startswith("То что отрицательный герой")  # the quote is gone


def test_a_guest_view_without_post_times_is_refused_with_one_line():
    from votecount.errors import ParseError
    with pytest.raises(ParseError, match="no post on the page shows a readable post time"):
        posts_json(corpus_page(UNION), tz="Europe/Moscow")


def test_an_empty_date_cell_is_that_posts_problem():
    # The TorrentPier 2.x fixture with one post's permalink text emptied, as a guest view of
    # some forks prints it: that post is kept with its time unknown, the others read.
    from votecount.read.pipeline import read_thread
    from zoneinfo import ZoneInfo
    import re
    import tempfile
    src = (DIR / "tp2-ru-edited.html").read_text(encoding="utf-8")
    m = re.search(r'(<div class="post_head">.*?<a[^>]*viewtopic\.php[^>]*>)([^<]+)(</a>)', src, re.S)
    assert m
    broken = src[:m.start(2)] + src[m.end(2):]
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "tp2.html"
        path.write_text(broken, encoding="utf-8")
        thread = read_thread([str(path)], tz=ZoneInfo("Europe/Moscow"), saved_at=SAVED)
    assert [p.time_known for p in thread.posts][:2] == [False, True]
    assert [n.code for n in thread.warnings].count("warning.post_time_unknown") == 1
