"""XenForo 1 and 2 (votecount/engines/xenforo.py): corpus goldens, engine-faithful fixtures, facts.

Verified by eye against the pages (goldens beside the fixtures):
- corpus xenforo/nettally-xenforo1-sv.html (XF 1.x, Sufficient Velocity, page 54 of 347):
  25 posts #1326–#1350 (ids 2146286–2146619), first TheBleachDoctor "Oct 30, 2014 at 10:48 PM",
  last Entropy Judge 11:52 PM; times are only text (`span.DateTime` titles) in the viewer's
  unknown zone: the test reads them as UTC. One edit notice: #1344 Higure "Last edited: Dec 4,
  2014 at 2:29 AM" (self edit, so the editor is Higure). 12 `bbCodeQuote` blocks and every
  signature gone from the text; dice SVG drawings dropped, dice legends kept. Author ids from
  `members/name.ID/` (Hyp3rB14d3 → 4980, not 3).
- corpus xenforo/nettally-xenforo2.html (XF 2.x, xenforo.com): 8 posts #1–#8, dieketzer
  2010-11-21 10:51:58 UTC (data-time 1290336718) … sub_ubi 2019-06-26 09:25:09 UTC; no edits,
  no quotes; user ids from data-user-id.
- fixture xf2-ru-nekurim.html (XF 2.2, ne-kurim.ru style, Russian): 5 posts #1–#5, saved
  Monday 2026-11-30 20:10 MSK; relative texts "Суббота в 18:00", "Сегодня в 19:45", "Вчера в
  22:05" with `data-time` epochs (which win); "Последнее редактирование:" (#3, by the author,
  19:52:40) and "Последнее редактирование модератором:" (#4, 2026-11-29 23:10); Froala
  `rgb(184, 49, 47)`/`rgb(226, 80, 65)` red and `rgb(44, 130, 201)` blue; quote with a red vote,
  spoiler "Итоги дня 1", <s> vote, code block, signatures.
- fixture xf23-en.html (XF 2.3, English): 5 posts #1–#5, `data-timestamp` epochs while
  `data-time` holds "7:45 PM"; "Last edited:" (#3) and "Last edited by a moderator:" (#2);
  nick "Player 42", Cyrillic "Иван Грозный".
- fixture xf1-ru.html (XF 1.5, Russian pack): 5 posts #1–#5; #1 older than a week
  (`span.DateTime title="22 ноя 2026 в 15:00"`, no machine time), the rest
  `abbr.DateTime data-time` ("Суббота в 18:00", "Вчера в 22:05", "Сегодня в 19:45"); edits
  "Последнее редактирование модератором:" (#3) and "Последнее редактирование:" (#5); spoiler,
  line-through span, quote, signatures.
- fixture xf2-de.html (XF 2.1, German pack, written by tests/fixtures/engines/xenforo/
  gen_xf2de.py on the markup of the corpus's tophope XF2 pages): 8 posts #1–#8 (ids 88101…
  88130), 2021-03-12/13 in +01:00; ONE notice, "Zuletzt bearbeitet:" on #3 (Mia 2003, 15:09:07);
  #4 quotes #3, #2 and #6 have a signature saying "Zuletzt bearbeitet: nie", #7's body says
  "Zuletzt bearbeitet habe ich nichts": one post edited (issue 26: a German XF2 board read as
  8 posts edited where the page shows one notice).
"""

from __future__ import annotations

import re
from datetime import datetime, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from votecount import engines
from votecount.engines import xenforo
from votecount.read import pages
from votecount.errors import ParseError
from votecount.model import Page

from conftest import CORPUS, FIXTURES, check_golden, corpus_page, posts_json

HERE = FIXTURES / "engines" / "xenforo"
MSK = ZoneInfo("Europe/Moscow")
SAVED_RU = datetime(2026, 11, 30, 20, 10, tzinfo=MSK)  # a Monday
SAVED_EN = datetime(2026, 11, 29, 21, 0, tzinfo=timezone.utc)  # a Sunday
CORPUS_PAGES = {"xenforo/nettally-xenforo1-sv.html": "UTC", "xenforo/nettally-xenforo2.html": "UTC"}
FIXTURE_PAGES = {"xf2-ru-nekurim": ("Europe/Moscow", SAVED_RU), "xf23-en": ("UTC", SAVED_EN),
                 "xf1-ru": ("Europe/Moscow", SAVED_RU), "xf2-de": ("Europe/Berlin", None)}
BERLIN = ZoneInfo("Europe/Berlin")
DE = HERE / "xf2-de.html"


def _doc_from(text: str):
    return pages.tree(text.encode("utf-8"), "<test>")


def _parse(path: Path, tz="Europe/Moscow", saved_at=None, text: str | None = None):
    doc = _doc_from(text) if text is not None else pages.tree(path.read_bytes(), str(path))
    return xenforo.ENGINE.posts(doc, Page(source=path.name, number=1, tz=ZoneInfo(tz), saved_at=saved_at))


def _by_no(posts) -> dict:
    return {p["post_no"] if isinstance(p, dict) else p.post_no: p for p in posts}


# ---------------------------------------------------------------- goldens

@pytest.mark.parametrize("relative", sorted(CORPUS_PAGES))
def test_corpus_golden(relative, update_goldens):
    page = corpus_page(relative)
    golden = HERE / (Path(relative).stem + ".posts.json")
    check_golden(posts_json(page, tz=CORPUS_PAGES[relative]), golden, update_goldens)


@pytest.mark.parametrize("name", sorted(FIXTURE_PAGES))
def test_fixture_golden(name, update_goldens):
    tz, saved = FIXTURE_PAGES[name]
    data = posts_json(HERE / f"{name}.html", tz=tz, saved_at=saved)
    check_golden(data, HERE / f"{name}.posts.json", update_goldens)


# ---------------------------------------------------------------- detection

@pytest.mark.parametrize("path", [*(CORPUS / p for p in CORPUS_PAGES),
                                  *(HERE / f"{n}.html" for n in FIXTURE_PAGES)])
def test_detect_picks_xenforo(path):
    if not path.exists():
        pytest.skip(f"{path} not present")
    assert engines.detect(pages.tree(path.read_bytes(), str(path))) is xenforo.ENGINE


def test_variant_by_version():
    assert xenforo.ENGINE.layout(pages.tree((HERE / "xf1-ru.html").read_bytes())).name == "xenforo1"
    assert xenforo.ENGINE.layout(pages.tree((HERE / "xf23-en.html").read_bytes())).name == "xenforo2"


def test_not_detected_without_posts():
    assert not xenforo.ENGINE.detect(_doc_from('<html id="XF"><body><p>Форум</p></body></html>'))


# ---------------------------------------------------------------- corpus facts

def test_xf1_corpus_facts():
    posts = _by_no(posts_json(corpus_page("xenforo/nettally-xenforo1-sv.html"), tz="UTC"))
    assert sorted(posts) == list(range(1326, 1351))
    edited = [p for p in posts.values() if p["edited"]]
    assert [p["post_no"] for p in edited] == [1344]
    assert edited[0]["edited_by"] == "Higure"
    assert edited[0]["edited_at"] == "2014-12-04T02:29:00+00:00"
    assert posts[1326]["time"] == "2014-10-30T22:48:00+00:00"
    assert posts[1348]["author"] == "Hyp3rB14d3" and posts[1348]["author_id"] == "4980"
    assert posts[1340]["author"] == "Entropy Judge" and posts[1340]["author_id"] == "1609"
    # quotes, signatures, threadmark navigation and dice drawings are not the post's text
    assert "Okay, I need rolls" not in posts[1327]["text"]
    assert "OVERLORD" not in posts[1326]["text"] and "OVERLORD" not in posts[1326]["html"]
    assert "Golden Ending" not in posts[1344]["text"]
    assert "<svg" not in posts[1326]["html"]
    assert "[X] Do nothing" in posts[1344]["text"]


def test_xf2_corpus_facts():
    posts = _by_no(posts_json(corpus_page("xenforo/nettally-xenforo2.html"), tz="Europe/Moscow"))
    assert sorted(posts) == list(range(1, 9))
    assert posts[1]["author"] == "dieketzer" and posts[1]["author_id"] == "496"
    assert posts[1]["time"] == "2010-11-21T10:51:58+00:00"  # data-time, whatever --tz says
    assert not any(p["edited"] for p in posts.values())


def test_next_page_and_title():
    xf1 = pages.tree(corpus_page("xenforo/nettally-xenforo1-sv.html").read_bytes())
    assert xenforo.ENGINE.next_page(xf1) == "threads/renascence-a-homura-quest.10402/page-55"
    assert xenforo.ENGINE.title(xf1) == "Renascence: A Homura Quest"
    ru = pages.tree((HERE / "xf2-ru-nekurim.html").read_bytes())
    assert xenforo.ENGINE.next_page(ru) == "/forum/threads/mafija-100-jubilejnaja-golosovanie.65724/page-2"
    assert xenforo.ENGINE.title(ru) == "Мафия 100. Юбилейная. Голосование"


# ---------------------------------------------------------------- Russian XF2 facts

def test_xf2_ru_edits():
    posts = _by_no(_parse(HERE / "xf2-ru-nekurim.html", saved_at=SAVED_RU))
    own = posts[3]
    assert own.edited and own.edited_by == "Анноушка"  # "Последнее редактирование:" = the author
    assert own.edited_at == datetime(2026, 11, 30, 19, 52, 40, tzinfo=MSK)
    assert own.edit_count is None  # XenForo prints no count
    mod = posts[4]
    assert mod.edited and mod.edited_by is None  # a moderator, never named
    assert mod.edited_at == datetime(2026, 11, 29, 23, 10, tzinfo=MSK)
    assert not posts[2].edited


def test_xf2_ru_body():
    posts = _by_no(_parse(HERE / "xf2-ru-nekurim.html", saved_at=SAVED_RU))
    assert posts[2].text == "Анноушка"
    assert '<span style="color: rgb(184, 49, 47)">Анноушка</span>' in posts[2].html
    assert "Все врут" not in posts[2].text and "себя" not in posts[2].html  # signature
    # the quoted red vote is gone, the own blue vote stays
    assert "Анноушка" not in posts[3].text and "сказал" not in posts[3].text
    assert '<span style="color: rgb(44, 130, 201)">Доктор Хаус 2</span>' in posts[3].html
    assert "rgb(184, 49, 47)" not in posts[3].html
    # struck-through old vote gone, new vote kept
    assert posts[4].text == "передумал: Петя"
    # spoiler title gone, its content kept; code block gone
    assert "Итоги дня 1" not in posts[1].text and "Вчера казнён Коля" in posts[1].text
    assert "Пётр Петров" not in posts[1].text  # signature of the GM
    assert posts[5].text == "Голос: Вася Пупкин"
    assert (posts[2].author, posts[2].author_id) == ("Доктор Хаус 2", "57")


def test_xf2_attributes_beat_stale_relative_text():
    """'Сегодня в 19:45' is JavaScript's text at save time; data-time is the truth, so a
    wrong (or absent) save moment changes nothing."""
    right = _parse(HERE / "xf2-ru-nekurim.html", saved_at=SAVED_RU)
    wrong = _parse(HERE / "xf2-ru-nekurim.html", saved_at=datetime(2030, 1, 1, tzinfo=MSK))
    none = _parse(HERE / "xf2-ru-nekurim.html", saved_at=None)
    assert [p.time for p in right] == [p.time for p in wrong] == [p.time for p in none]
    assert _by_no(right)[2].time == datetime(2026, 11, 30, 19, 45, 12, tzinfo=MSK)
    assert _by_no(right)[1].time == datetime(2026, 11, 28, 18, 0, tzinfo=MSK)  # "Суббота в 18:00"


def test_xf2_relative_text_when_attributes_are_missing():
    html = (HERE / "xf2-ru-nekurim.html").read_text(encoding="utf-8")
    bare = re.sub(r' (?:datetime|data-time)="[^"]*"', "", html)
    posts = _by_no(_parse(HERE / "xf2-ru-nekurim.html", saved_at=SAVED_RU, text=bare))
    # the title "30.11.2026 в 19:45" is read first: absolute, minutes only
    assert posts[2].time == datetime(2026, 11, 30, 19, 45, tzinfo=MSK)
    assert posts[3].edited_at == datetime(2026, 11, 30, 19, 52, tzinfo=MSK)


# ---------------------------------------------------------------- XF 2.3 English facts

def test_xf23_data_timestamp():
    posts = _by_no(_parse(HERE / "xf23-en.html", tz="UTC", saved_at=SAVED_EN))
    # data-time="7:45 PM" in 2.3 is not an epoch: data-timestamp is used
    assert posts[3].time == datetime(2026, 11, 29, 19, 45, 12, tzinfo=timezone.utc)
    assert posts[3].edited_by == "Annoushka"
    assert posts[3].edited_at == datetime(2026, 11, 29, 19, 52, 40, tzinfo=timezone.utc)
    assert posts[2].edited and posts[2].edited_by is None
    assert posts[2].edited_at == datetime(2026, 11, 28, 23, 10, tzinfo=timezone.utc)
    assert posts[2].author == "Player 42" and posts[2].author_id == "42"
    assert posts[4].author == "Иван Грозный"
    assert posts[4].text == "Vote: Annoushka"  # the struck vote for Player 42 is gone
    assert "rgb(209, 72, 65)" in posts[4].html
    assert posts[3].text == "No way. My vote:\nPlayer 42"  # quoted "Vote: Annoushka" gone
    assert "Vote: Annoushka" not in posts[1].text  # spoiler title gone
    assert "Town forever" not in posts[2].html  # signature


# ---------------------------------------------------------------- Russian XF1 facts

def test_xf1_ru_times_and_edits():
    posts = _by_no(_parse(HERE / "xf1-ru.html", saved_at=SAVED_RU))
    # older than a week: only text, read in the page's zone
    assert posts[1].time == datetime(2026, 11, 22, 15, 0, tzinfo=MSK)
    assert posts[4].time == datetime(2026, 11, 30, 19, 45, 12, tzinfo=MSK)  # abbr data-time
    assert posts[3].edited and posts[3].edited_by is None
    assert posts[3].edited_at == datetime(2026, 11, 29, 23, 10, tzinfo=MSK)
    assert posts[5].edited_by == "Анноушка"
    assert posts[5].edited_at == datetime(2026, 11, 30, 19, 52, 40, tzinfo=MSK)
    assert [posts[n].author_id for n in range(1, 6)] == ["2", "77", "3310", "57", "1024"]


def test_xf1_ru_body():
    posts = _by_no(_parse(HERE / "xf1-ru.html", saved_at=SAVED_RU))
    assert posts[5].text == "Ах так! Мой голос:\nДоктор Хаус 2"
    assert '<span style="color: #0000ff">Доктор Хаус 2</span>' in posts[5].html
    assert posts[3].text == "передумал: Петя"  # line-through span gone
    assert "Спойлер" not in posts[2].text and "Подозреваю Петю" in posts[2].text
    assert "подпись ведущего" not in posts[1].text and "Все врут" not in posts[4].text
    assert posts[4].html == '<span style="color: #ff0000">Анноушка</span>'


def test_xf1_relative_text_needs_save_moment():
    html = (HERE / "xf1-ru.html").read_text(encoding="utf-8")
    # recent dates without machine time and tooltip: only "Сегодня в 19:45" is left
    bare = re.sub(r'(<abbr class="DateTime") data-time="\d+"([^>]*?) title="[^"]*"', r"\1\2", html)
    assert bare.count("<abbr") == html.count("<abbr") and "data-time=" not in bare
    posts = _by_no(_parse(HERE / "xf1-ru.html", saved_at=SAVED_RU, text=bare))
    assert posts[4].time == datetime(2026, 11, 30, 19, 45, tzinfo=MSK)
    assert posts[3].time == datetime(2026, 11, 29, 22, 5, tzinfo=MSK)  # "Вчера в 22:05"
    assert posts[2].time == datetime(2026, 11, 28, 18, 0, tzinfo=MSK)  # "Суббота в 18:00"
    with pytest.raises(ParseError, match="saved-at"):
        _parse(HERE / "xf1-ru.html", saved_at=None, text=bare)


def test_missing_body_names_the_post():
    html = (HERE / "xf23-en.html").read_text(encoding="utf-8")
    broken = html.replace('<div class="bbWrapper">Vote: <span', '<div class="bbWrapperX">Vote: <span', 1)
    # (the message's own container `data-lb-id` goes too: with it, a renamed class still reads)
    broken = broken.replace('data-lb-id="post-90402"', 'data-lb-x="post-90402"')
    with pytest.raises(ParseError, match=r"post 2 \(id 90402\): no message body"):
        _parse(HERE / "xf23-en.html", tz="UTC", saved_at=SAVED_EN, text=broken)


# ---------------------------------------------------------------- edit notices: the post's own

def test_xf2_de_one_notice_one_edited_post():
    posts = _by_no(_parse(DE, tz="Europe/Berlin"))
    assert sorted(posts) == list(range(1, 9))
    assert [n for n, p in posts.items() if p.edited] == [3]
    assert posts[3].edited_by == "Mia 2003"  # "Zuletzt bearbeitet:" = the author
    assert posts[3].edited_at == datetime(2021, 3, 12, 15, 9, 7, tzinfo=BERLIN)
    assert posts[3].time == datetime(2021, 3, 12, 15, 2, 7, tzinfo=BERLIN)


def test_xf2_de_moderator_wording():
    text = DE.read_text(encoding="utf-8").replace(
        "Zuletzt bearbeitet: <time", "Zuletzt von einem Moderator bearbeitet: <time")
    posts = _by_no(_parse(DE, tz="Europe/Berlin", text=text))
    assert [n for n, p in posts.items() if p.edited] == [3]
    assert posts[3].edited_by is None  # a moderator, never named
    assert posts[3].edited_at == datetime(2021, 3, 12, 15, 9, 7, tzinfo=BERLIN)


def test_xf2_unknown_wording_is_an_error_for_that_post():
    text = DE.read_text(encoding="utf-8").replace("Zuletzt bearbeitet: <time", "Dernière modification : <time")
    with pytest.raises(ParseError, match=r"post 3 \(id 88107\): edit notice not understood"):
        _parse(DE, tz="Europe/Berlin", text=text)


def _nested(text: str) -> str:
    """The page as a copier that lost end tags leaves it: every post's last five end tags
    (`</div></div></div></article>` and the footer's wrapper) moved to the end of the list, so
    each post holds all the posts after it."""
    end = "</div>\n</footer>\n</div>\n</div>\n</div>\n</article>\n"
    assert text.count(end) == 8
    cut = "</div>\n</footer>\n"
    text = text.replace(end, cut)
    return text.replace("</div>\n</div>\n</div>\n</div>\n</body>",
                        "</div>\n</div>\n</div>\n</article>\n" * 8 + "</div>\n</div>\n</div>\n</div>\n</body>")


def test_xf2_nested_posts_keep_their_own_notice():
    text = _nested(DE.read_text(encoding="utf-8"))
    doc = _doc_from(text)
    first = doc.xpath("//article[@id='js-post-88101']")[0]
    assert len(first.xpath(".//div[@class='message-lastEdit']")) == 1  # #3's notice is inside #1
    posts = _by_no(_parse(DE, tz="Europe/Berlin", text=text))
    assert sorted(posts) == list(range(1, 9))
    assert [n for n, p in posts.items() if p.edited] == [3]


def test_xf2_notice_in_a_quote_is_not_the_posts():
    """A notice markup inside the body (pasted HTML, a quote of a rendered post) is not the post's."""
    text = DE.read_text(encoding="utf-8").replace(
        "Warum ich?", '<blockquote class="bbCodeBlock bbCodeBlock--quote"><div class="message-lastEdit">'
        'Zuletzt bearbeitet: gestern</div></blockquote>Warum ich?')
    posts = _by_no(_parse(DE, tz="Europe/Berlin", text=text))
    assert [n for n, p in posts.items() if p.edited] == [3]


def test_xf1_notice_in_a_quote_is_not_the_posts():
    html = (HERE / "xf1-ru.html").read_text(encoding="utf-8")
    plain = {p.post_no: p.edited for p in _parse(HERE / "xf1-ru.html", saved_at=SAVED_RU)}
    pasted = html.replace('<blockquote class="messageText', '<blockquote class="messageText'
                          , 1).replace('</blockquote>', '<div class="bbCodeQuote"><div class="editDate">'
                          'Последнее редактирование: 1 ноя 2026</div></div></blockquote>', 1)
    assert pasted != html
    posts = {p.post_no: p.edited for p in _parse(HERE / "xf1-ru.html", saved_at=SAVED_RU, text=pasted)}
    assert posts == plain and sum(plain.values()) == 2
