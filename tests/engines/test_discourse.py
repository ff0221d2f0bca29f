"""Discourse crawler view (votecount/engines/discourse.py): engine-faithful fixtures and facts.

There is no Discourse page in ../shared/corpus. The fixtures copy the markup of
`app/views/topics/show.html.erb` as real Discourse sites serve it (checked against stored
crawler pages of ziggit.dev, 2026 template, and forum.ionicframework.com, 2019–2023 template):

- ru-crawler.html (current template, Russian site): 5 posts `div#post_1…#post_5`, usernames
  Ведущий (with full name "(Иван Петров)", not part of the author), Доктор_Хаус_2, Анноушка,
  Вася_Пупкин, Петя; `datetime` in UTC, printed "28.Ноябрь.2026 15:00:00" (server.ru.yml long
  format); dateModified later than the post on #1 (3 min) and #3 (11.5 min) → edited; red and
  blue from discourse-bbcode-color as `<span style="color:red">`; `aside.quote` with a red vote,
  `[details]` title, `<s>` vote, spoiler-alert div, code block; the "следующая страница →" block,
  itself a `div.topic-body.crawler-post` with role=navigation, is not a post.
- en-crawler-2020.html (2019–2023 template, English): 4 posts #1, #2, #3, #5 (post 4 deleted),
  no ids (numbers from `<span itemprop='position'>#5</span>`), `itemprop='articleBody'`,
  printed "November 27, 2026,  6:00pm"; colour as `<font color='red'>` (the plugin's older
  output); one edit (#3, dateModified 19:52:40).

Discourse prints no signatures and no edit notice in this view; times are never relative.
"""

from __future__ import annotations

import re
from datetime import datetime, timezone
from zoneinfo import ZoneInfo

import pytest

from votecount import engines
from votecount.engines import discourse
from votecount.read import pages
from votecount.errors import ParseError
from votecount.model import Page

from conftest import FIXTURES, check_golden, posts_json

HERE = FIXTURES / "engines" / "discourse"
UTC = timezone.utc
MSK = ZoneInfo("Europe/Moscow")
FIXTURE_PAGES = {"ru-crawler": "Europe/Moscow", "en-crawler-2020": "UTC"}


def _parse(name: str, tz="Europe/Moscow", text: str | None = None):
    path = HERE / f"{name}.html"
    data = text.encode("utf-8") if text is not None else path.read_bytes()
    doc = pages.tree(data, str(path))
    return {p.post_no: p for p in discourse.ENGINE.posts(doc, Page(source=path.name, number=1, tz=ZoneInfo(tz)))}


@pytest.mark.parametrize("name", sorted(FIXTURE_PAGES))
def test_fixture_golden(name, update_goldens):
    data = posts_json(HERE / f"{name}.html", tz=FIXTURE_PAGES[name])
    check_golden(data, HERE / f"{name}.posts.json", update_goldens)


@pytest.mark.parametrize("name", sorted(FIXTURE_PAGES))
def test_detect_picks_discourse(name):
    path = HERE / f"{name}.html"
    assert engines.detect(pages.tree(path.read_bytes(), str(path))) is discourse.ENGINE


def test_ru_posts_and_numbers():
    posts = _parse("ru-crawler")
    assert sorted(posts) == [1, 2, 3, 4, 5]  # the navigation block is not a post
    assert [posts[n].author for n in range(1, 6)] == [
        "Ведущий", "Доктор_Хаус_2", "Анноушка", "Вася_Пупкин", "Петя"]
    assert all(p.post_id == str(n) and p.author_id is None for n, p in posts.items())
    assert posts[2].time == datetime(2026, 11, 30, 16, 45, 12, tzinfo=UTC)
    assert posts[2].url == "https://mafia-forum.example.ru/t/topic/512/2"


def test_ru_edits_from_date_modified():
    posts = _parse("ru-crawler")
    assert posts[3].edited and posts[3].edited_at == datetime(2026, 11, 30, 16, 58, 40, tzinfo=UTC)
    assert posts[3].edited_by is None and posts[3].edit_count is None
    assert posts[1].edited  # the first post's dateModified is later too
    assert not posts[2].edited and posts[2].edited_at is None


def test_ru_body():
    posts = _parse("ru-crawler")
    assert posts[2].html == '<p><span style="color:red">Анноушка</span></p>'
    # the quoted red vote and the quote header are gone, the blue vote stays
    assert posts[3].text == "Ах так! @Ведущий, мой голос:\nДоктор_Хаус_2"
    assert "color:red" not in posts[3].html and '<span style="color:blue">Доктор_Хаус_2</span>' in posts[3].html
    assert posts[4].text == "передумал: Петя\nя мирный"  # struck vote gone, spoiler text kept
    assert "Итоги дня 1" not in posts[1].text and "казнён Коля" in posts[1].text  # details title
    assert posts[5].text == "Голос: Вася_Пупкин"  # code block gone


def test_en_old_template():
    posts = _parse("en-crawler-2020", tz="UTC")
    assert sorted(posts) == [1, 2, 3, 5]  # post 4 was deleted: a gap, not a renumbering
    assert posts[5].post_id == "5" and posts[5].author == "Иван_Грозный"
    assert posts[5].text == "Vote: Annoushka" and '<font color="#ff0000">Annoushka</font>' in posts[5].html
    assert posts[3].text == "No way. My vote:\nplayer42"
    assert posts[3].edited and posts[3].edited_at == datetime(2026, 11, 29, 19, 52, 40, tzinfo=UTC)
    assert not posts[1].edited and not posts[2].edited and not posts[5].edited
    assert "Vote: Annoushka" not in posts[1].text  # the [details] title


def test_printed_date_when_datetime_is_missing():
    text = (HERE / "en-crawler-2020.html").read_text(encoding="utf-8")
    bare = re.sub(r" datetime='[^']*'", "", text)
    posts = _parse("en-crawler-2020", tz="UTC", text=bare)
    assert posts[2].time == datetime(2026, 11, 28, 22, 5, tzinfo=UTC)  # "10:05pm", no seconds


def test_next_page_and_title():
    doc = pages.tree((HERE / "ru-crawler.html").read_bytes())
    assert discourse.ENGINE.next_page(doc) == "/t/topic/512?page=2"
    assert discourse.ENGINE.title(doc) == "Мафия 13. День 2 — голосование"
    assert discourse.ENGINE.next_page(pages.tree((HERE / "en-crawler-2020.html").read_bytes())) is None


def test_app_page_without_crawler_posts_is_an_error():
    """A page saved from the JavaScript app whose <noscript> content was lost."""
    html = ('<html><head><meta name="generator" content="Discourse 3.4.0 - https://github.com/'
            'discourse/discourse version abc"></head><body><section id="main">'
            '<article id="post_1" data-post-id="9" class="boxed onscreen-post"></article>'
            '</section></body></html>')
    doc = pages.tree(html.encode("utf-8"), "app.html")
    assert engines.detect(doc) is discourse.ENGINE
    with pytest.raises(ParseError, match="server-rendered posts"):
        discourse.ENGINE.posts(doc, Page(source="app.html", number=1, tz=MSK))
