"""vBulletin 3/4/5 (votecount/engines/vbulletin.py): corpus goldens, Russian fixtures, specific facts.

Verified by eye against the pages (goldens beside the fixtures):
- corpus vbulletin/nettally-vb3.html (vB 3.8.11, legacy postbit, ISO-8859-1): 20 posts, #3021–#3040,
  first Shirohige 2016-02-01 02:21, last Kamieichi 2016-02-13 10:38, footer "All times are GMT -5"
  so times carry -05:00; 3 edit notices: #3024 Shirohige 03:31, #3025 karice67 05:50,
  #3038 Marina2 2016-02-13 07:31; "Quote:" boxes (6 posts) and 7 signatures gone from text.
- corpus vbulletin/nettally-vb4.html (vB 4.2.3, legacy postbit): 10 posts #1–#10, first Rainmaker
  06-15-2016 03:03 PM, last sandsjames 09-19-2016 02:38 PM, footer "All times are GMT." (UTC),
  no edit notices, 5 bbcode quotes and 5 signatures gone.
- corpus vbulletin/nettally-vb5.html (vB 5.5.2): 15 posts #1–#15, Buckeye / General Hentai / Gildor,
  times from data-node-publishdate (epoch) shown in the footer's GMT-5, equal to the printed
  text (04-09-2019, 10:37 AM for #1); no edit notices; quotes and post-signature gone.
- corpus vbulletin/trafilatura-uscho-vb3-archive-t40275.html (vB 3.6.0 archive view in a CleanEval
  `<text>` wrapper, no <html>/<head>, cp1252 bytes): 20 posts (MANIFEST.md), MavRick
  06-29-2004, 04:19 AM to rufus 07-02-2004, 10:53 PM; no ids, numbers, user links or edit
  notices on the page; page 1 of 31.
- fixture ru-igromania-vb38.html (vB 3.8 standard postbit, windows-1251, igromania wording):
  4 posts #21–#24; "06.12.2020, 18:10", "Вчера, 23:10", "Сегодня, 01:20", "Сегодня, 02:05" with
  the footer "Часовой пояс GMT +3, время: 02:49"; 3 edits (one absolute, two "Сегодня в", one by
  a moderator with "Причина:"); red/blue <font>, "Цитата:" boxes, <strike>, spoiler, signatures.
- fixture ru-mirf-vb42.html (vB 4.2 standard postbit, UTF-8): 4 posts #11–#14, one guest;
  2 edits (one with <span class="reason">), bbcode quotes with and without author, signatures.
- fixture en-vb42.html: the same page in the English (US) pack: "12-06-2020, 06:10 PM",
  "Yesterday,", "Today,", "Last edited by Sunny Boy 77; Today at 07:50 PM.", footer GMT -5.
"""

from __future__ import annotations

from datetime import datetime, time, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from lxml import html as lxml_html

from votecount import engines
from votecount.engines import vbulletin
from votecount.read import pages
from votecount.errors import ParseError
from votecount.model import Page

from conftest import CORPUS, FIXTURES, check_golden, corpus_page, posts_json
from corpus import all_params

HERE = FIXTURES / "engines" / "vbulletin"
MSK = timezone(timedelta(hours=3))
SAVED_VB3 = datetime(2020, 12, 8, 2, 49, tzinfo=MSK)  # the footer's 02:49, the day after "Вчера"
SAVED_VB4 = datetime(2020, 12, 8, 20, 5, tzinfo=MSK)
EST = timezone(timedelta(hours=-5))
SAVED_EN = datetime(2020, 12, 8, 20, 5, tzinfo=EST)  # "The time now is 08:05 PM", GMT -5
ARCHIVE = "vbulletin/trafilatura-uscho-vb3-archive-t40275.html"
CORPUS_PAGES = ("vbulletin/nettally-vb3.html", "vbulletin/nettally-vb4.html",
                "vbulletin/nettally-vb5.html", ARCHIVE)
FIXTURE_PAGES = {"ru-igromania-vb38": SAVED_VB3, "ru-mirf-vb42": SAVED_VB4, "en-vb42": SAVED_EN}


def _doc(path: Path):
    return pages.tree(path.read_bytes(), str(path))


def _by_no(posts: list[dict]) -> dict[int, dict]:
    return {p["post_no"]: p for p in posts}


# ---------------------------------------------------------------- goldens

@pytest.mark.parametrize("relative", CORPUS_PAGES)
def test_corpus_golden(relative, update_goldens):
    # The page's zone is unknown to the user here; Moscow is given and must be overridden by
    # the footer's "GMT -5" / "GMT" (the zone the page was printed in).
    page = corpus_page(relative)
    golden = HERE / (Path(relative).stem + ".posts.json")
    check_golden(posts_json(page, tz="Europe/Moscow"), golden, update_goldens)


@pytest.mark.parametrize("name", sorted(FIXTURE_PAGES))
def test_fixture_golden(name, update_goldens):
    data = posts_json(HERE / f"{name}.html", saved_at=FIXTURE_PAGES[name])
    check_golden(data, HERE / f"{name}.posts.json", update_goldens)


# ---------------------------------------------------------------- detection

@pytest.mark.parametrize("path", [*(CORPUS / p for p in CORPUS_PAGES),
                                  *(HERE / f"{n}.html" for n in FIXTURE_PAGES)])
def test_detect_picks_vbulletin(path):
    if not path.exists():
        pytest.skip(f"{path} not present")
    assert engines.detect(_doc(path)) is vbulletin.ENGINE


@pytest.mark.parametrize("path", all_params(but="vbulletin"))
def test_does_not_fire_on_other_engines(path):
    assert not vbulletin.ENGINE.detect(_doc(path), None)


def test_variants_by_structure():
    names = {Path(p).stem: vbulletin.ENGINE.layout(_doc(corpus_page(p))).name for p in CORPUS_PAGES}
    assert names == {"nettally-vb3": "vb3", "nettally-vb4": "vb4", "nettally-vb5": "vb5",
                     Path(ARCHIVE).stem: "archive"}
    assert vbulletin.ENGINE.layout(_doc(HERE / "ru-igromania-vb38.html")).name == "vb3"
    assert vbulletin.ENGINE.layout(_doc(HERE / "ru-mirf-vb42.html")).name == "vb4"
    assert vbulletin.ENGINE.layout(_doc(HERE / "en-vb42.html")).name == "vb4"


@pytest.mark.parametrize("name", sorted(FIXTURE_PAGES))
def test_no_other_parser_fires_on_our_fixtures(name):
    doc = _doc(HERE / f"{name}.html")
    assert [p.NAME for p in engines.PARSERS if p.detect(doc, None)] == ["vbulletin"]


# ---------------------------------------------------------------- corpus facts

def test_vb3_corpus_numbers_edits_quotes_signatures():
    posts = posts_json(corpus_page("vbulletin/nettally-vb3.html"), tz="Europe/Moscow")
    assert [p["post_no"] for p in posts] == list(range(3021, 3041))
    edited = [(p["post_no"], p["edited_by"], p["edited_at"]) for p in posts if p["edited"]]
    assert edited == [(3024, "Shirohige", "2016-02-01T03:31:00-05:00"),
                      (3025, "karice67", "2016-02-01T05:50:00-05:00"),
                      (3038, "Marina2", "2016-02-13T07:31:00-05:00")]
    first = posts[0]
    assert (first["post_id"], first["author"], first["author_id"], first["time"]) == (
        "5768670", "Shirohige", "250472", "2016-02-01T02:21:00-05:00")
    assert "Originally Posted by" not in first["text"] and "TinyRedLeaf" not in first["text"]
    assert "Sexual orientation is a broad spectrum" not in first["text"]
    assert first["text"].endswith("X2")
    karice = _by_no(posts)[3025]
    assert "__________________" not in karice["text"] and "Patrick Stokes" not in karice["text"]
    assert not any("Last edited" in p["text"] for p in posts)


def test_vb4_corpus():
    posts = posts_json(corpus_page("vbulletin/nettally-vb4.html"), tz="Europe/Moscow")
    assert [p["post_no"] for p in posts] == list(range(1, 11))
    assert not any(p["edited"] for p in posts)
    assert posts[0]["time"] == "2016-06-15T15:03:00+00:00"  # "06-15-2016, 03:03 PM", GMT
    assert posts[1]["author"] == "Mjölnir" and posts[1]["author_id"] == "15870"
    fifth = posts[4]
    assert "two spaces after a period" not in fifth["text"]  # the quoted sandsjames
    assert fifth["text"].startswith("and who could forget")
    assert not any("most important six inches" in p["text"] for p in posts)


def test_vb5_corpus_epoch_matches_printed_time():
    path = corpus_page("vbulletin/nettally-vb5.html")
    posts = posts_json(path, tz="Europe/Moscow")
    assert [p["post_no"] for p in posts] == list(range(1, 16))
    assert posts[0]["post_id"] == "727744" and posts[0]["author"] == "Buckeye"
    assert posts[0]["author_id"] == "1712"
    assert posts[0]["time"] == "2019-04-09T10:37:23-05:00"  # printed "04-09-2019, 10:37 AM"
    assert not any("MyAnimeList" in p["text"] for p in posts)  # signatures
    assert vbulletin.page_now(_doc(path), ZoneInfo("UTC")) == datetime(
        2019, 7, 3, 5, 11, 58, tzinfo=timezone.utc)


def test_titles_and_next_pages():
    got = {Path(p).stem: (vbulletin.ENGINE.title(_doc(corpus_page(p))), vbulletin.ENGINE.next_page(_doc(corpus_page(p))))
           for p in CORPUS_PAGES}
    assert got["nettally-vb3"] == ("(L+CR) Hibike! Euphonium [anime]", "showthread.php?t=128882&page=153")
    assert got["nettally-vb4"][0] == "Legendary military columnist, author Bob Dorr dies at 76"
    assert got["nettally-vb4"][1].endswith("/page2")
    assert got["nettally-vb5"] == ("Isekai Quartet Discussion Thread",
                                   "https://fandompost.vbulletin.net/forum/anime-manga-discussions/"
                                   "general-anime-discussions/727744-isekai-quartet-discussion-thread/page2")
    doc = _doc(HERE / "ru-igromania-vb38.html")
    assert vbulletin.ENGINE.title(doc) == "Форумная мафия №101. Голосование"
    assert vbulletin.ENGINE.next_page(doc) == "showthread.php?t=145659&page=3"
    assert vbulletin.ENGINE.title(_doc(HERE / "ru-mirf-vb42.html")) == "Мафия №11 – виселица"


# ---------------------------------------------------------------- Russian vB 3.8

def test_ru_vb3_times_relative_to_save_moment():
    posts = _by_no(posts_json(HERE / "ru-igromania-vb38.html", saved_at=SAVED_VB3))
    assert sorted(posts) == [21, 22, 23, 24]
    assert posts[21]["time"] == "2020-12-06T18:10:00+03:00"  # "Старый 06.12.2020, 18:10"
    assert posts[22]["time"] == "2020-12-07T23:10:00+03:00"  # "Вчера, 23:10"
    assert posts[23]["time"] == "2020-12-08T01:20:00+03:00"  # "Сегодня, 01:20"
    assert posts[22]["author"] == "Вася Пупкин 2000" and posts[22]["author_id"] == "20871"


def test_ru_vb3_edit_notices():
    posts = _by_no(posts_json(HERE / "ru-igromania-vb38.html", saved_at=SAVED_VB3))
    assert (posts[21]["edited_by"], posts[21]["edited_at"]) == ("Ведущий", "2020-12-06T18:15:00+03:00")
    assert (posts[22]["edited_by"], posts[22]["edited_at"]) == ("Вася Пупкин 2000", "2020-12-08T00:15:00+03:00")
    # A moderator's edit of someone else's post, with a reason.
    assert posts[24]["author"] == "Петя"
    assert (posts[24]["edited_by"], posts[24]["edited_at"]) == ("Ведущий", "2020-12-08T02:31:00+03:00")
    assert not posts[23]["edited"]
    assert not any("редактировалось" in p["text"] or "Причина" in p["text"] for p in posts.values())


def test_ru_vb3_body_cleaning_keeps_colour():
    posts = _by_no(posts_json(HERE / "ru-igromania-vb38.html", saved_at=SAVED_VB3))
    # Post 23 quotes Вася's red vote for Анноушка: the quote must go, her own blue vote stays.
    assert "Анноушка" not in posts[23]["text"] and "Цитата" not in posts[23]["text"]
    assert "Сообщение от" not in posts[23]["text"]
    assert '<font color="Blue">Вася Пупкин 2000</font>' in posts[23]["html"]
    assert "Петя" not in posts[23]["text"]  # <strike>Петя</strike>
    assert "Мирный житель" not in posts[23]["text"]  # signature
    assert '<font color="Red">Анноушка</font>' in posts[22]["html"]
    assert "Спойлер" not in posts[22]["text"] and "Показать" not in posts[22]["html"]
    assert "Она вчера защищала Петю" in posts[22]["text"]  # spoiler content is kept
    assert "Читайте правила" not in posts[21]["text"]  # GM's red signature
    assert posts[24]["text"] == "Анноушка за то, что голосует за Васю."  # quote of a blue vote gone
    assert '<font color="red"><b>Анноушка</b></font>' in posts[24]["html"]


def test_ru_vb3_footer_zone_overrides_given_zone():
    # The footer says GMT +3: the printed times are read there even if the user says Tokyo.
    posts = posts_json(HERE / "ru-igromania-vb38.html", tz="Asia/Tokyo", saved_at=SAVED_VB3)
    assert posts[0]["time"] == "2020-12-06T18:10:00+03:00"


def test_ru_vb3_footer_clock_has_no_date():
    doc = _doc(HERE / "ru-igromania-vb38.html")
    assert vbulletin.page_zone(doc) == MSK
    assert vbulletin.footer_clock(doc) == (time(2, 49), MSK)
    assert vbulletin.page_now(doc, ZoneInfo("Europe/Moscow")) is None  # time only: no guessing


def test_ru_vb3_relative_without_save_moment_is_an_error():
    path = HERE / "ru-igromania-vb38.html"
    page = Page(source=str(path), number=1, tz=ZoneInfo("Europe/Moscow"))
    with pytest.raises(ParseError, match=r"post 22.*Вчера, 23:10.*saved-at"):
        vbulletin.ENGINE.posts(_doc(path), page)


# ---------------------------------------------------------------- Russian vB 4.2

def test_ru_vb4_posts():
    posts = _by_no(posts_json(HERE / "ru-mirf-vb42.html", saved_at=SAVED_VB4))
    assert sorted(posts) == [11, 12, 13, 14]
    assert [posts[n]["time"] for n in (11, 12, 13, 14)] == [
        "2020-12-06T18:10:00+03:00", "2020-12-07T23:10:00+03:00",
        "2020-12-08T19:45:00+03:00", "2020-12-08T19:58:00+03:00"]
    assert posts[11]["author"] == "Baldwin" and posts[11]["author_id"] == "2"
    assert posts[12]["author"] == "Тёмный Лорд 13"
    assert (posts[14]["author"], posts[14]["author_id"]) == ("Гость Маша", None)  # a guest
    assert (posts[11]["edited_by"], posts[11]["edited_at"]) == ("Baldwin", "2020-12-06T18:15:00+03:00")
    assert (posts[13]["edited_by"], posts[13]["edited_at"]) == ("SunnyBоy", "2020-12-08T19:50:00+03:00")
    assert not posts[12]["edited"] and not posts[14]["edited"]


def test_ru_vb4_body_cleaning_keeps_colour():
    posts = _by_no(posts_json(HERE / "ru-mirf-vb42.html", saved_at=SAVED_VB4))
    p13 = posts[13]
    assert p13["text"] == "Неубедительно.\nой, он же ведущий.\nSunnyBоy\nТёмный Лорд 13"
    assert '<font color="#0000FF">SunnyBоy</font>' in p13["html"]
    assert '<font color="Red">Тёмный Лорд 13</font>' in p13["html"]
    assert "Baldwin" not in p13["text"]  # struck-through
    assert "Голосую" not in p13["text"] and "Причина" not in p13["text"]  # signature, edit note
    assert posts[14]["text"] == "Я не играю, просто болею."  # quote without author removed
    assert "Спойлер" not in posts[12]["text"]
    assert '<font color="#FF0000">SunnyBоy</font>' in posts[12]["html"]
    assert "Ведущий не отвечает" not in posts[11]["text"]
    assert not posts[11]["html"].startswith("<blockquote")  # the postcontent wrapper is the body


# ---------------------------------------------------------------- English vB 4.2

def test_en_vb4_today_yesterday_ampm_and_edit():
    posts = _by_no(posts_json(HERE / "en-vb42.html", tz="Europe/Moscow", saved_at=SAVED_EN))
    assert [posts[n]["time"] for n in (11, 12, 13, 14)] == [
        "2020-12-06T18:10:00-05:00", "2020-12-07T23:10:00-05:00",
        "2020-12-08T19:45:00-05:00", "2020-12-08T19:58:00-05:00"]
    assert (posts[13]["author"], posts[13]["edited_by"], posts[13]["edited_at"]) == (
        "Sunny Boy 77", "Sunny Boy 77", "2020-12-08T19:50:00-05:00")
    assert (posts[11]["edited_by"], posts[11]["edited_at"]) == ("Baldwin", "2020-12-06T18:15:00-05:00")
    assert posts[13]["text"] == "Not convincing.\noops, he is the host.\nSunny Boy 77\nDark Lord 13"
    assert "Originally Posted by" not in posts[13]["text"] and "Reason" not in posts[13]["text"]
    assert '<font color="#FF0000">Sunny Boy 77</font>' in posts[12]["html"]
    assert "Spoiler" not in posts[12]["text"]


# ---------------------------------------------------------------- footer offsets

@pytest.mark.parametrize(("footer", "offset"), [
    ('<div class="smallfont" align="center">All times are GMT -5. The time now is <span class="time">00:08</span>.</div>', -5 * 60),
    ('<div id="footer_time" class="shade footer_time">All times are GMT. The time now is <span class="time">05:23 AM</span>.</div>', 0),
    ('<div class="smallfont" align="center">Часовой пояс GMT +5.5, время: <span class="time">02:49</span>.</div>', 5 * 60 + 30),
    ('<div id="footer-current-datetime">All times are GMT+9:30. This page was generated at 12:11 AM.</div>', 9 * 60 + 30),
])
def test_page_zone_from_footer(footer, offset):
    doc = lxml_html.document_fromstring(f"<html><body>{footer}</body></html>")
    assert vbulletin.page_zone(doc) == timezone(timedelta(minutes=offset))


# ---------------------------------------------------------------- the archive view

def _archive_bytes() -> bytes:
    return corpus_page(ARCHIVE).read_bytes()


def _archive_page(data: bytes, name: str = "t-40275.html") -> list[dict]:
    doc = pages.tree(data, name, whole=True)
    page = Page(name, 1, ZoneInfo("Europe/Moscow"))
    return [{"no": p.post_no, "id": p.post_id, "author": p.author, "time": p.time.isoformat()}
            for p in vbulletin.ENGINE.posts(doc, page)]


def test_archive_view_in_a_cleaneval_wrapper_reads_as_its_markup_gives_it():
    """The wrapper (`<text id=URL title=… encoding=…>`, no <html>, no <head>) is a page; the
    archive prints author, date and text only: a post's id is its number."""
    posts = _archive_page(_archive_bytes())
    assert len(posts) == 20 and [p["no"] for p in posts] == list(range(1, 21))
    assert [p["id"] for p in posts] == [str(n) for n in range(1, 21)]
    assert posts[0] == {"no": 1, "id": "1", "author": "MavRick", "time": "2004-06-29T04:19:00+04:00"}
    assert posts[-1]["author"] == "rufus" and posts[-1]["time"] == "2004-07-02T22:53:00+04:00"
    doc = _doc(corpus_page(ARCHIVE))
    assert vbulletin.ENGINE.title(doc) == "la matière officielle de Le Tour de France"
    assert vbulletin.ENGINE.next_page(doc) == "t-40275-p-2.html"


def _as_page(data: bytes, number: int, last: bool) -> bytes:
    """The real page 1 made page `number` of 31 as archive/index.php prints it: the current
    page in <b>, the others linked."""
    links = "".join(f'<a href="t-40275-p-{n}.html">{n}</a>\n' if n != number else f"[<b>{n}</b>]\n"
                    for n in range(1, (number if last else 31) + 1))
    start, end = data.index(b"[<b>1</b>]"), data.index(b"</div>", data.index(b"pagenumbers"))
    return data[:start] + links.encode() + data[end:]


def test_archive_later_page_numbers_by_its_own_count_and_the_last_page_is_refused():
    data = _archive_bytes()
    posts = _archive_page(_as_page(data, 3, last=False), "t-40275-p-3.html")
    assert [p["no"] for p in posts] == list(range(41, 61)) and posts[0]["id"] == "41"
    with pytest.raises(ParseError, match="page 31, the last, of a vBulletin archive thread"):
        _archive_page(_as_page(data, 31, last=True), "t-40275-p-31.html")


def test_archive_wrapper_cut_short_or_text_is_refused():
    from votecount.errors import InputError
    data = _archive_bytes()
    with pytest.raises(InputError, match=r"cut short \(no </text> at its end\)"):
        pages.tree(data[: len(data) // 2], "t.html", whole=True)
    for text in (b"my notes <3\n", b'{"id": 1, "body": "<b>x</b>"}\n', b"<div>a fragment</div>\n"):
        with pytest.raises(InputError, match="not a saved web page|cut short"):
            pages.tree(text, "t.html", whole=True)


def test_the_archive_view_says_once_that_its_quotes_are_not_marked():
    """The archive prints a quote as plain text: a vote quoted there would read as the quoter's,
    so the thread says so, once, and no other layout does."""
    from votecount.read.pipeline import read_thread

    archive = read_thread([str(corpus_page("vbulletin/trafilatura-uscho-vb3-archive-t40275.html"))],
                          tz=ZoneInfo("UTC"))
    assert [n.code for n in archive.warnings].count("warning.quotes_unmarked") == 1
    styled = read_thread([str(corpus_page("vbulletin/nettally-vb4.html"))], tz=ZoneInfo("UTC"))
    assert "warning.quotes_unmarked" not in [n.code for n in styled.warnings]
