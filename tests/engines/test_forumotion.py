"""Forumotion's four templates (votecount/engines/forumotion.py): fixtures faithful to the markup verified in
notes 2.3 "Forumotion" (phpBB2) and in Forumotion's own template sources (Etana/template: all
four); what is inferred is said in each fixture's comment.

Counted by hand:
- forumotion-phpbb2-ru.html: page 2 of topic 12 (`/t12p15-topic` in the browser's "saved from"
  comment, so posts 16–18); Ведущий (/u2) 19:45, Вася Пупкин (/u14) 19:52 with a quote
  (`dl.codebox`), a red Петя, a spoiler (`dl.codebox.spoiler`), an edit line (19:55, 1 time)
  and a signature naming Ёжик in red after the message div; a guest "Гость" 20:01.
- forumotion-phpbb2-en.html: a one-page topic (`/t7-day-1-votes`, canonical link): Game Master
  (/u1) 7:45 pm, Lucy Grey (/u5) 8:02 pm, edited by herself 8:04 pm, 1 time.
- forumotion-phpbb3-ru.html: page 2 of topic 31 ("saved from" `/t31p15-topic`: posts 16–18):
  Ведущий (/u1) 19:45 with a code box; Вася Пупкин (/u14) 19:52: a quote of Ведущий's red
  word, a red Петя, a spoiler with a red word, edited 19:55 once, a signature naming Ёжик in red;
  a guest 20:01. Next page /t31p30-topic.
- forumotion-phpbb3-en.html: a one-page topic (canonical `/t7-day-1-votes`): Game Master (/u1)
  7:45 pm, Lucy Grey (/u5) 8:02 pm quoting the GM's red word, voting a red Jack 2000, edited
  8:04 pm once.
- forumotion-punbb-ru.html: page 1 of 2 of topic 45 (canonical `/t45-topic`): Ведущий (/u1)
  19:45, Ёжик (/u7) 19:50 quoting, a bold red Петя, edited 19:58 twice, a signature naming Петя
  in red; Петя (/u9) 20:03 behind a reputation box: struck Ёжик, then Вася. Next page
  /t45p15-topic.
- forumotion-punbb-en.html: page 2 of 2 of topic 8 ("saved from" `/t8p15-…`: posts 16–17):
  Game Master (/u1) 7:45 pm; Jack 2000 (/u3) 8:10 pm, a red Lucy Grey and hidden text
  (`dl.codebox.hidecode`) naming the GM in red, edited 8:12 pm once, a signature naming the GM
  in red. No next page.
- forumotion-invision-ru.html: a one-page topic (canonical `/t51-topic`): Ведущий (/u1) 30 Nov
  10:00 with a code box holding a red word; Маша (/u22) 10:03 quoting him, "Голос: Вася Пупкин"
  (red), edited 10:05 once.
- forumotion-invision-en.html: page 3 of topic 12 (SingleFile's url `/t12p30-…`: posts 31–33,
  saved Tue Dec 01 2026 20:10:41 +03:00): Game Master (/u1) "Yesterday at 11:50 pm", Lucy Grey
  (/u5) "Today at 7:58 pm" quoting a red Lucy Grey, voting a red Jack 2000, edited "Today at
  8:01 pm" once, a signature naming Game Master in red; a guest 8:05 pm behind a reputation
  box, a spoiler with a red name. No next page (the last one).
"""

from __future__ import annotations

import re
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings, strategies as st

from votecount import engines
from conftest import check_golden, posts_json
from votecount.errors import ParseError
from votecount.model import Page
from votecount.read.pages import tree

HERE = Path(__file__).resolve().parent.parent / "fixtures" / "engines" / "forumotion"
FIXTURES = ["forumotion-phpbb2-ru", "forumotion-phpbb2-en", "forumotion-phpbb3-ru",
            "forumotion-phpbb3-en", "forumotion-punbb-ru", "forumotion-punbb-en",
            "forumotion-invision-ru", "forumotion-invision-en"]
ENGINE = engines.get("forumotion")


@pytest.mark.parametrize("name", FIXTURES)
def test_fixture_golden(name, update_goldens):
    check_golden(posts_json(HERE / f"{name}.html"), HERE / f"{name}.posts.json", update_goldens)


def test_every_fixture_is_here():
    assert sorted(FIXTURES) == sorted(p.stem for p in HERE.glob("*.html"))


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


def test_phpbb3_template_facts():
    posts = posts_json(HERE / "forumotion-phpbb3-ru.html")
    assert [(p["post_no"], p["post_id"], p["author"], p["author_id"]) for p in posts] == [
        (16, "501", "Ведущий", "1"), (17, "502", "Вася Пупкин", "14"), (18, "503", "Гость", None)]
    gm, vasya = posts[0], posts[1]
    assert gm["text"] == "Голосование открыто до 21:00. Голосуем красным, формат:"  # no code box
    assert "Ведущий" not in gm["html"]  # his signature is not his message
    assert vasya["text"] == "Петя"  # no quote, spoiler, edit notice or signature
    assert "Ёжик" not in vasya["html"] and "молчал" not in vasya["html"]
    assert (vasya["edited"], vasya["edited_by"], vasya["edited_at"], vasya["edit_count"]) == (
        True, "Вася Пупкин", "2026-11-29T19:55:00+03:00", 1)
    assert [p["url"] for p in posts] == [f"/t31p15-topic#{n}" for n in (501, 502, 503)]


def test_punbb_template_facts():
    posts = posts_json(HERE / "forumotion-punbb-ru.html")
    assert [(p["post_no"], p["author"], p["author_id"]) for p in posts] == [
        (1, "Ведущий", "1"), (2, "Ёжик", "7"), (3, "Петя", "9")]
    assert posts[1]["text"] == "Петя" and "Против" not in posts[1]["html"]  # signature outside
    assert (posts[1]["edited_by"], posts[1]["edited_at"], posts[1]["edit_count"]) == (
        "Ёжик", "2026-11-29T19:58:00+03:00", 2)
    assert posts[2]["text"] == "Вася"  # the reputation box is not the message; struck Ёжик gone


def test_punbb_en_facts():
    posts = posts_json(HERE / "forumotion-punbb-en.html")
    assert [(p["post_no"], p["author"], p["author_id"], p["time"]) for p in posts] == [
        (16, "Game Master", "1", "2026-11-29T19:45:00+03:00"), (17, "Jack 2000", "3", "2026-11-29T20:10:00+03:00")]
    jack = posts[1]
    assert jack["text"] == "Lucy Grey" and "Game Master" not in jack["html"]  # hidden text, signature
    assert (jack["edited_by"], jack["edited_at"], jack["edit_count"]) == ("Jack 2000", "2026-11-29T20:12:00+03:00", 1)


def test_invision_ru_facts():
    posts = posts_json(HERE / "forumotion-invision-ru.html")
    assert [(p["post_no"], p["author"], p["author_id"]) for p in posts] == [(1, "Ведущий", "1"), (2, "Маша", "22")]
    assert posts[0]["text"] == "День 4. Голосуем до 21:00, формат:"  # the code box's red "Ник" is gone
    assert posts[1]["text"] == "Голос: Вася Пупкин"  # the quote is gone
    assert (posts[1]["edited_by"], posts[1]["edited_at"]) == ("Маша", "2026-11-30T10:05:00+03:00")


def test_invision_template_facts():
    posts = posts_json(HERE / "forumotion-invision-en.html")
    assert [(p["post_no"], p["author"], p["author_id"], p["time"]) for p in posts] == [
        (31, "Game Master", "1", "2026-11-30T23:50:00+03:00"),
        (32, "Lucy Grey", "5", "2026-12-01T19:58:00+03:00"),
        (33, "Guest", None, "2026-12-01T20:05:00+03:00")]
    lucy = posts[1]
    assert lucy["text"] == "Jack 2000" and "Game Master" not in lucy["html"]
    assert (lucy["edited_by"], lucy["edited_at"]) == ("Lucy Grey", "2026-12-01T20:01:00+03:00")
    assert posts[2]["text"] == "No vote from me"  # spoiler dropped, reputation box not read


@pytest.mark.parametrize("name, layout", [
    ("forumotion-phpbb2-ru", "phpbb2"), ("forumotion-phpbb2-en", "phpbb2"),
    ("forumotion-phpbb3-ru", "phpbb3"), ("forumotion-phpbb3-en", "phpbb3"),
    ("forumotion-punbb-ru", "punbb"), ("forumotion-punbb-en", "punbb"),
    ("forumotion-invision-ru", "invision"), ("forumotion-invision-en", "invision")])
def test_detected_as_forumotion_in_its_template(name, layout):
    doc = tree((HERE / f"{name}.html").read_bytes())
    assert engines.detect(doc).NAME == "forumotion"
    assert ENGINE.layout(doc).name == layout


@pytest.mark.parametrize("name, title, following", [
    ("forumotion-phpbb2-ru", "Голосование, день 1", None),  # pagination without the arrow
    ("forumotion-phpbb3-ru", "Голосование, день 2", "/t31p30-topic"),
    ("forumotion-phpbb3-en", "Day 1 votes", None),
    ("forumotion-punbb-ru", "Голосование, день 3", "/t45p15-topic"),
    ("forumotion-punbb-en", "Day 3 votes", None),  # the last page: only a "previous" arrow
    ("forumotion-invision-ru", "Голосование, день 4", None),
    ("forumotion-invision-en", "Day 2 votes", None)])
def test_title_and_next_page(name, title, following):
    doc = tree((HERE / f"{name}.html").read_bytes())
    assert ENGINE.title(doc) == title
    assert ENGINE.next_page(doc) == following


def test_link_rel_next_is_the_next_page_without_the_arrow():
    raw = (HERE / "forumotion-phpbb2-ru.html").read_bytes()
    linked = tree(raw.replace(b"</body>", b'<link rel="next" href="/t12p30-topic"></body>'))
    assert ENGINE.next_page(linked) == "/t12p30-topic"


SAVED_FROM = {"forumotion-phpbb2-ru": b"<!-- saved from url=(0047)https://mafia-gorod.forum2x2.ru/t12p15-topic -->",
              "forumotion-phpbb3-ru": b"<!-- saved from url=(0044)https://mafia-gorod.forum2x2.ru/t31p15-topic -->"}
_P3_PAGES = ('<a href="/t31-topic">1</a>, <b>2</b>, <a href="/t31p30-topic">3</a>&nbsp;&nbsp;<a href="/t31p30-topic">'
             '<img class="sprite-arrow_prosilver_right" src="https://illiweb.com/fa/empty.gif" alt="Следующий" />'
             '</a>').encode()


def _saved(tmp_path, name: str, *replacements: tuple[bytes, bytes]) -> Path:
    raw = (HERE / f"{name}.html").read_bytes()
    for old, new in replacements:
        assert old in raw, old
        raw = raw.replace(old, new)
    page = tmp_path / "page.html"
    page.write_bytes(raw)
    return page


@pytest.mark.parametrize("name", sorted(SAVED_FROM))
def test_later_page_without_its_address_is_numbered_by_its_pagination(tmp_path, name):
    """Page 2, "1, <b>2</b>, 3" with page 3 at `p30`: 15 posts a page, so this page starts at 16."""
    page = _saved(tmp_path, name, (SAVED_FROM[name], b""))
    assert posts_json(page) == posts_json(HERE / f"{name}.html")


def test_page_whose_canonical_link_was_lost_with_its_head_is_numbered_by_its_pagination(tmp_path):
    """punbb-ru's address is only in <link rel=canonical>; its pagination shows page 1 (<b>1</b>)."""
    page = tmp_path / "page.html"
    page.write_bytes(re.sub(rb"<head>.*</head>", b"", (HERE / "forumotion-punbb-ru.html").read_bytes(), flags=re.S))
    assert posts_json(page) == posts_json(HERE / "forumotion-punbb-ru.html")


def test_last_page_without_its_address_is_refused(tmp_path):
    """Page 2 of 2: its pagination links to page 1 only, which gives no step: no offset is known."""
    page = _saved(tmp_path, "forumotion-phpbb3-ru", (SAVED_FROM["forumotion-phpbb3-ru"], b""),
                  (_P3_PAGES, b'<a href="/t31-topic">1</a>, <b>2</b>'))
    with pytest.raises(ParseError, match=r"page\.html: page 2 of a Forumotion topic of several pages, "
                                         r"saved without its address.*save it with its address"):
        posts_json(page)


def test_page_without_address_or_pagination_linking_to_later_pages_is_refused(tmp_path):
    """No pagination (a theme without it), but the permalinks name `/t31p15-…`: any page."""
    page = _saved(tmp_path, "forumotion-phpbb3-ru", (SAVED_FROM["forumotion-phpbb3-ru"], b""),
                  (_P3_PAGES, b""))
    with pytest.raises(ParseError, match=r"page\.html: a page of a Forumotion topic of several pages"):
        posts_json(page)


@settings(max_examples=40, deadline=None)
@given(pages=st.integers(2, 40), data=st.data(), step=st.integers(1, 50))
def test_pagination_gives_the_offset_or_the_page_is_refused(pages, data, step):
    """Any topic of `pages` pages, `step` posts a page, saved at page `current` without its
    address: the pagination Forumotion prints numbers it, unless it names no page but the first."""
    current = data.draw(st.integers(1, pages))
    def link(k: int) -> str:
        return f'<a href="/t31{f"p{(k - 1) * step}" if k > 1 else ""}-topic">{k}</a>'
    shown = ", ".join(f"<b>{k}</b>" if k == current else link(k) for k in range(1, pages + 1))
    raw = (HERE / "forumotion-phpbb3-ru.html").read_bytes().replace(SAVED_FROM["forumotion-phpbb3-ru"], b"")
    doc = tree(raw.replace(_P3_PAGES, shown.encode()))
    page = Page(source="page.html", number=1, tz=ZoneInfo("Europe/Moscow"))
    if current == 2 and pages == 2:  # links to page 1 only: no step
        with pytest.raises(ParseError, match="page 2 of a Forumotion topic"):
            ENGINE.first_number(doc, page)
    else:
        assert ENGINE.first_number(doc, page) == (current - 1) * step + 1


# --- a board's edited template: the engine's own marks still read it --------------------------

def _variant(tmp_path, name: str, *replacements: tuple[bytes, bytes]) -> Path:
    raw = (HERE / f"{name}.html").read_bytes()
    for old, new in replacements:
        assert old in raw, old
        raw = raw.replace(old, new)
    path = tmp_path / f"{name}-variant.html"
    path.write_bytes(raw)
    return path


def _no_post_ids(ids) -> list[tuple[bytes, bytes]]:
    return [(b'id="p%d" class="post' % n, b'class="post') for n in ids]


@pytest.mark.parametrize("name, changes", [
    # template ids gone and the post's own classes renamed: `post--N` and the #N anchor remain
    ("forumotion-phpbb3-en", _no_post_ids((90, 91)) + [(b'<div class="inner">', b'<div class="box">')]),
    ("forumotion-invision-en", _no_post_ids((1201, 1202, 1203))
     + [(b'<div class="post-container">', b'<div class="post-box">')]),
    ("forumotion-punbb-ru", [(b'<div class="postmain">', b'<div class="post-main">')]),
    # the edit notice in an element of the board's own
    ("forumotion-phpbb3-en", [(b"\t\t\t\tLast edited by Lucy Grey on 29th November 2026, 8:04 pm; edited 1 time in total",
                               b"<div class='edit-line'>Last edited by Lucy Grey on 29th November 2026, 8:04 pm;"
                               b" edited 1 time in total</div>")]),
    ("forumotion-invision-en", [(b"\t\t\t\tLast edited by Lucy Grey on Today at 8:01 pm; edited 1 time in total",
                                 b"<span class='edit-line'>Last edited by Lucy Grey on Today at 8:01 pm;"
                                 b" edited 1 time in total</span>")]),
    # a template without the profile column: the author line's /uN link
    ("forumotion-phpbb3-en", [(b'<div class="postprofile" id="profile91">', b'<div class="userbox" id="profile91">')]),
], ids=["phpbb3-no-ids", "invision-no-ids", "punbb-renamed", "phpbb3-edit-element",
        "invision-edit-element", "phpbb3-no-profile-column"])
def test_edited_template_reads_the_same(tmp_path, name, changes):
    assert posts_json(_variant(tmp_path, name, *changes)) == posts_json(HERE / f"{name}.html")


def test_a_message_that_looks_like_a_pagination_does_not_number_the_page(tmp_path):
    """"<b>2</b>, 3" linking to another topic's `p15` inside a post is the post's, not the page's."""
    path = _variant(tmp_path, "forumotion-phpbb3-en", (
        b'<span style="color: red">Jack 2000</span></div>',
        b'<span style="color: red">Jack 2000</span> <b>2</b>, <a href="/t99p15-other">3</a></div>'))
    assert [p["post_no"] for p in posts_json(path)] == [1, 2]


def test_a_phpbb3_board_is_not_claimed_by_the_phpbb3_engine():
    doc = tree((HERE / "forumotion-phpbb3-en.html").read_bytes())
    assert not engines.get("phpbb3").detect(doc)  # body#phpbb and div.post#pN, but post--N
    assert engines.get("phpbb3").detect(tree(re.sub(rb" post--\d+", b"", (HERE / "forumotion-phpbb3-en.html")
                                                    .read_bytes())))  # (the exclusion is what decides)


# The sponsored block a hosted board puts among the posts (issue 26: a real German board's
# "von Gesponserte Inhalte" refused the thread): the template's post block, its author line the
# host's label with no /uN link and no date, an advert for a body. Built from the phpBB3
# template's first post, in the two shapes a block the post selectors find can have.
_AD_BODY = '<div class="content clearfix"><div><a href="https://ads.example/">Jetzt kaufen</a></div></div>'


def _with_sponsored_block(label: str, attrs: str) -> str:
    page = (HERE / "forumotion-phpbb3-en.html").read_text(encoding="utf-8")
    first = re.search(r'<div id="p90" class="post row1 post--90".*?\n\t\t</div>\n', page, re.S).group(0)
    block = (first.replace('id="p90" class="post row1 post--90"', attrs)
             .replace('id="profile90"', "").replace('id="sig90"', ""))
    block = re.sub(r'<p class="author">.*?</p>', f'<p class="author">von {label}</p>', block, flags=re.S)
    block = re.sub(r'<div class="content clearfix">.*?</div>\s*</div>', _AD_BODY, block, count=1, flags=re.S)
    block = re.sub(r'<a href="/u1">.*?</a>', label, block, flags=re.S)
    block = re.sub(r'<a href="/post\?p=90[^"]*">.*?</a>|<a href="/t7-day-1-votes#90">.*?</a>', "", block, flags=re.S)
    return page.replace(first, first + block, 1)


@pytest.mark.parametrize("attrs", ['id="p" class="post row2 post--"', 'class="post row2 post--0"'])
@pytest.mark.parametrize("label", ["Gesponserte Inhalte", "Sponsored content"])
def test_a_sponsored_block_shaped_like_a_post_is_skipped_with_a_note(tmp_path, label, attrs):
    from votecount.messages import note_text
    from votecount.read.pipeline import read_thread

    plain = read_thread([str(HERE / "forumotion-phpbb3-en.html")], tz=ZoneInfo("UTC"))
    page = tmp_path / "t7-day-1-votes.html"
    page.write_text(_with_sponsored_block(label, attrs), encoding="utf-8")
    assert label in page.read_text(encoding="utf-8")
    thread = read_thread([str(page)], tz=ZoneInfo("UTC"))
    assert [(p.post_no, p.author, p.time) for p in thread.posts] == \
        [(p.post_no, p.author, p.time) for p in plain.posts]
    skipped = [n for n in thread.warnings if n.code == "warning.block_skipped"]
    assert len(skipped) == 1 and f"'{label}'" in note_text(skipped[0], "en")
    assert note_text(skipped[0], "ru")


def test_a_guests_post_is_not_taken_for_a_sponsored_block():
    """Only the host's label makes a block without a profile link an advert: a guest's post
    (no /uN link either) is still a post."""
    page = (HERE / "forumotion-phpbb3-en.html").read_text(encoding="utf-8")
    guest = re.sub(r'<a href="/u1">(.*?)</a>', r"\1", page, flags=re.S)
    doc = tree(guest.encode(), "guest.html")
    assert len(engines.get("forumotion").posts(doc, Page("guest.html", 1, ZoneInfo("UTC")))) == \
        len(engines.get("forumotion").posts(tree(page.encode(), "p.html"), Page("p.html", 1, ZoneInfo("UTC"))))
