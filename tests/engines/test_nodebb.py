"""NodeBB (persona theme).

Corpus: nodebb/nettally-nodebb.html (community.nodebb.org, English). Verified by hand against
the page: 13 posts (`li[component=post]`, data-index 0–12, pids 73812…74301), authors from
`a[itemprop=author]`, times from data-timestamp (ms, UTC). The MANIFEST says "no edit notice",
but the page does carry NodeBB's (hidden-by-CSS) editor line on 4 posts: #2 MJ 22:07:47,
#4 youhosi 12:50:35, #5 arranka 21:27:02, #8 arranka 19:15:44 (`data-editor` non-empty, the
pencil icon not hidden). 4 posts quote (#4, #8, #9, #11: "@X said in <a href=/post/…>" +
blockquote), both removed.
Fixture: nodebb-ru.html, same template with the Russian pack ("отредактировано %1",
"Пользователь %1 написал в %2:"), colour via extended-markdown spans, ~~strike~~ as <del>.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from votecount import engines
from conftest import CORPUS, FIXTURES, check_golden, corpus_page, posts_json
from corpus import all_params
from votecount.read import pages

DIR = FIXTURES / "engines" / "nodebb"
CORPUS_PAGE = "nodebb/nettally-nodebb.html"


def test_corpus_golden(update_goldens):
    posts = posts_json(corpus_page(CORPUS_PAGE), tz="UTC")
    check_golden(posts, DIR / "nettally-nodebb.posts.json", update_goldens)


def test_corpus_facts():
    posts = posts_json(corpus_page(CORPUS_PAGE), tz="UTC")
    assert len(posts) == 13
    assert [p["post_no"] for p in posts] == list(range(1, 14))
    assert posts[0]["post_id"] == "73812" and posts[-1]["post_id"] == "74301"
    assert posts[0]["author"] == "youhosi" and posts[0]["author_id"] == "15372"
    assert posts[0]["time"] == "2019-03-24T19:54:11.505000+00:00"
    edited = {p["post_no"]: (p["edited_by"], p["edited_at"]) for p in posts if p["edited"]}
    assert edited == {
        2: ("MJ", "2019-03-24T22:07:47.669000+00:00"),
        4: ("youhosi", "2019-03-25T12:50:35.903000+00:00"),
        5: ("arranka", "2019-03-25T21:27:02.388000+00:00"),
        8: ("arranka", "2019-03-29T19:15:44.059000+00:00"),
    }
    for p in posts:
        assert "said in" not in p["text"]
        assert "<blockquote" not in p["html"]
    # post 4 quoted MJ's post 2; its own words stay, the quoted ones go
    assert "This is what it looks like on a mobile device" in posts[3]["text"]
    assert "Whatsapp and Messenger" not in posts[3]["text"]


def test_fixture_golden(update_goldens):
    check_golden(posts_json(DIR / "nodebb-ru.html"), DIR / "nodebb-ru.posts.json", update_goldens)


def test_fixture_facts():
    posts = {p["post_no"]: p for p in posts_json(DIR / "nodebb-ru.html")}
    assert [p["author"] for p in posts.values()] == ["Ведущий", "Доктор Хаус 13", "Анноушка"]
    assert posts[2]["author_id"] == "17"
    assert posts[2]["time"] == "2026-11-29T12:25:12+00:00"
    assert (posts[2]["edited"], posts[2]["edited_by"], posts[2]["edited_at"]) == (
        True, "Доктор Хаус 13", "2026-11-29T12:31:40+00:00")
    assert posts[2]["text"] == "Анноушка"  # ~~Петя~~ is struck out
    assert '<span style="color:#ff0000">Анноушка</span>' in posts[2]["html"]
    p = posts[3]
    assert p["text"] == "Серьёзно? Доктор Хаус 13"  # quote + "Пользователь … написал в …:" gone
    assert '<span style="color:#0000ff">Доктор Хаус 13</span>' in p["html"]
    assert "Не пишите" not in posts[1]["text"]  # signature is outside the content
    assert not posts[1]["edited"] and not posts[3]["edited"]


@pytest.mark.parametrize("path", [DIR / "nodebb-ru.html", CORPUS / CORPUS_PAGE],
                         ids=["fixture", "corpus"])
def test_detected_as_nodebb_only(path):
    if not path.exists():
        pytest.skip("corpus not present")
    doc = pages.tree(path.read_bytes())
    assert engines.detect(doc).NAME == "nodebb"
    assert [p.NAME for p in engines.PARSERS if p.detect(doc, None)] == ["nodebb"]


@pytest.mark.parametrize("path", all_params(but="nodebb"))
def test_not_detected_elsewhere(path):
    from votecount.engines import nodebb

    assert not nodebb.ENGINE.detect(pages.tree(path.read_bytes()), None)


def test_title_and_next_page():
    from votecount.engines import nodebb

    doc = pages.tree((DIR / "nodebb-ru.html").read_bytes())
    assert nodebb.ENGINE.title(doc) == "Мафия 5: голосование, день 1"
    assert nodebb.ENGINE.next_page(doc).endswith("?page=2")
