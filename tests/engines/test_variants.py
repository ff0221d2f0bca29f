"""Theme variants: real corpus pages changed the way real boards differ, in code.

Each transformer takes a real page's bytes and returns a variant a real board could serve
(an edit notice without a time, a board date format and language, the <head> lost by an
archive). The parser must read each variant with the same posts as the original, or with
the one difference the variation makes, or give the one-line error the rules ask for.
"""

from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from conftest import FIXTURES, corpus_page, posts_json
from votecount.errors import ParseError
from votecount.messages import note_text
from votecount.read.pipeline import read_thread

XF1 = "xenforo/nettally-xenforo1-sv.html"
SMF = "smf/ptforum-smf2-topic38573.html"


def variant(tmp_path, relative: str, transform, name: str = "variant.html"):
    raw = corpus_page(relative).read_bytes()
    changed = transform(raw)
    assert changed != raw, "the transformer changed nothing: the test would prove nothing"
    path = tmp_path / name
    path.write_bytes(changed)
    return path


def strip_fields(posts: list[dict], *fields: str) -> list[dict]:
    return [{k: v for k, v in p.items() if k not in fields} for p in posts]


# --- edit notices with less than a full time (issue item 4) ----------------------------------

def xf1_edit_date_only(raw: bytes) -> bytes:
    """XF1 keeps the edit's full time in the DateTime title; a theme without it shows the date."""
    return raw.replace(b'Last edited: <span class="DateTime" title="Dec 4, 2014 at 2:29 AM">',
                       b'Last edited: <span class="DateTime">')


def xf1_edit_by_moderator_date_only(raw: bytes) -> bytes:
    return raw.replace(b'Last edited: <span class="DateTime" title="Dec 4, 2014 at 2:29 AM">Dec 4, 2014</span>',
                       b'Last edited by a moderator Oct 6, 2020')


@pytest.mark.parametrize("transform, by", [(xf1_edit_date_only, "Higure"),
                                           (xf1_edit_by_moderator_date_only, None)])
def test_edit_notice_without_time_is_an_edit_with_a_warning(tmp_path, transform, by):
    original = posts_json(corpus_page(XF1), tz="UTC")
    path = variant(tmp_path, XF1, transform)
    changed = posts_json(path, tz="UTC")
    assert strip_fields(changed, "edited_at", "edited_by") == strip_fields(original, "edited_at", "edited_by")
    edited = [p for p in changed if p["edited"]]
    assert [(p["post_no"], p["edited_by"], p["edited_at"]) for p in edited] == [(1344, by, None)]
    thread = read_thread(str(path), tz=ZoneInfo("UTC"))
    said = [note_text(w, "en") for w in thread.warnings]
    assert any("post 1344" in w and "gives no time" in w for w in said)


def smf_edit_unreadable(raw: bytes) -> bytes:
    return raw.replace(b"Last Edit:", b"Zuletzt ge\xe4ndert ohne Uhrzeit", 1)


def test_edit_notice_that_cannot_be_read_is_an_error_for_that_post(tmp_path):
    path = variant(tmp_path, SMF, smf_edit_unreadable)
    with pytest.raises(ParseError, match=r"variant\.html: post \d+ \(id \d+\): cannot read the edit notice"):
        posts_json(path, tz="UTC")


def smf_edit_date_only(raw: bytes) -> bytes:
    return re.sub(rb"Last Edit: (\w+ \d+, \d{4}), [\d:]+ [AP]M by", rb"Last Edit: \1 by", raw)


def test_smf_edit_with_a_date_only(tmp_path):
    original = posts_json(corpus_page(SMF), tz="UTC")
    changed = posts_json(variant(tmp_path, SMF, smf_edit_date_only), tz="UTC")
    assert strip_fields(changed, "edited_at") == strip_fields(original, "edited_at")
    assert [(p["post_no"], p["edited_by"], p["edited_at"]) for p in changed if p["edited"]] == [
        (1, "gregswallow", None), (4, "gregswallow", None), (10, "cactus", None)]


# --- post numbers never guessed: the page's address from the saved file (issue item 5) -------

PHPBB = "phpbb/nettally-phpbb.html"
_FORM = b'<form id="viewtopic" method="post" action="./viewtopic.php?f=1&amp;t=194998&amp;start=25">'


def phpbb_without_form(raw: bytes) -> bytes:
    """A theme without the quick-moderation form: nothing in the page gives the offset."""
    return raw.replace(_FORM, b'<form id="other" method="post" action="./search.php">')


def saved_from(url: str):
    def transform(raw: bytes) -> bytes:
        comment = b"<!-- saved from url=(%04d)%s -->\n" % (len(url), url.encode())
        return phpbb_without_form(raw).replace(b"<html", comment + b"<html", 1)
    return transform


def singlefile(url: str):
    def transform(raw: bytes) -> bytes:
        comment = (b"<!--\n Page saved with SingleFile \n url: %s \n saved date: Tue Dec 01 2026 "
                   b"20:10:41 GMT+0300 (Moscow Standard Time)\n-->\n" % url.encode())
        return phpbb_without_form(raw).replace(b"<html", comment + b"<html", 1)
    return transform


@pytest.mark.parametrize("transform", [
    saved_from("https://www.ilovephilosophy.com/viewtopic.php?f=1&t=194998&start=25"),
    singlefile("https://www.ilovephilosophy.com/viewtopic.php?f=1&t=194998&start=25"),
], ids=["saved-from-url", "singlefile-url"])
def test_page_offset_from_the_address_in_the_saved_file(tmp_path, transform):
    original = posts_json(corpus_page(PHPBB), tz="UTC")
    changed = posts_json(variant(tmp_path, PHPBB, transform), tz="UTC")
    assert [p["post_no"] for p in changed] == [p["post_no"] for p in original] == list(range(26, 51))


def test_page_two_without_any_offset_is_refused_saying_how_to_save_it(tmp_path):
    with pytest.raises(ParseError, match=r"variant\.html: page 2 of a phpBB thread without its "
                                         r"'start' offset: save the page with its address"):
        posts_json(variant(tmp_path, PHPBB, phpbb_without_form), tz="UTC")


IPB13 = "ipb/hustledb-ipb13-ru-2969.html"
_IPB_INDEX = (b'<div class="tableborder"><div>\xd0\xa1\xd1\x82\xd1\x80\xd0\xb0\xd0\xbd\xd0\xb8\xd1\x86: '
              b'<b>(2)</b> <a href="http://hustle-sa.ru/forum/index.php?showtopic=2969&amp;st=0">1</a> '
              b'<b>[2]</b></div>')  # "Страниц: (2) 1 [2]", split over elements by the theme


def ipb13_page_two(raw: bytes) -> bytes:
    return raw.replace(b'<div class="tableborder">', _IPB_INDEX, 1)


def ipb13_page_two_link_only(raw: bytes) -> bytes:
    """No index text a parser knows, only the link back to page 1."""
    return raw.replace(b'<div class="tableborder">', b'<div class="tableborder"><a href="index.php?'
                       b'showtopic=2969&amp;st=0">&laquo;</a>', 1)


@pytest.mark.parametrize("transform", [ipb13_page_two, ipb13_page_two_link_only])
def test_ipb13_page_two_without_offset_is_refused_saying_how_to_save_it(tmp_path, transform):
    with pytest.raises(ParseError, match=r"variant\.html: .*of an IPB thread that prints no post "
                                         r"numbers, saved without its address: save it with its 'st'"):
        posts_json(variant(tmp_path, IPB13, transform), tz="Europe/Moscow")


def test_ipb13_page_two_saved_with_its_address(tmp_path):
    url = "http://hustle-sa.ru/forum/index.php?showtopic=2969&st=15"
    def transform(raw: bytes) -> bytes:
        return ipb13_page_two(raw).replace(b"<html", b"<!-- saved from url=(%04d)%s -->\n<html"
                                           % (len(url), url.encode()), 1)
    posts = posts_json(variant(tmp_path, IPB13, transform), tz="Europe/Moscow")
    assert [p["post_no"] for p in posts] == list(range(16, 31))


# --- the <head> lost (an archive wrapped the body): every engine ----------------------------

_BODY = re.compile(rb"<body[^>]*>", re.I)
_CHARSET = re.compile(rb"<meta[^>]*charset[^>]*>", re.I)


def head_lost(raw: bytes) -> bytes:
    """Only what was inside <body>, in a wrapper of the archive's own: the <html> and <body>
    tags' attributes are gone too (the page's charset kept as the archive keeps it). A page
    with no <body> tag (a fragment an archive kept) is all body."""
    m = _BODY.search(raw)
    charset = _CHARSET.search(raw)
    return (b"<html><body><div class='archived-page'>" + (charset.group(0) if charset else b"")
            + raw[m.end() if m else 0:] + b"</div></body></html>")


# Every engine: its real corpus pages, and the fixtures of engines with none.
HEADLESS = [
    "curse-elevated/ecophagy-mtgs-unreliable-cops-mafia-all.html", "ipb/efs-exploitin-ips4-ru-166865-p1.html",
    IPB13, "mybb/efs-sinisterly-mybb18-667698-1.html", "nodebb/nettally-nodebb.html", PHPBB,
    "phpbb/ptforum-freemancruiser-phpbb2-t805.html", "smf/bay12-smf2-darkling-necromancer.html", SMF,
    "torrentpier/bookadvisor-rutracker-topic-30posts.html", "vbulletin/nettally-vb3.html",
    "vbulletin/nettally-vb4.html", "vbulletin/nettally-vb5.html", XF1, "xenforo/nettally-xenforo2.html",
]
ENGINE_FIXTURES = FIXTURES / "engines"
HEADLESS_FIXTURES = ["discourse/ru-crawler.html", "mybbru/mybbru-en.html", "punbb/punbb12-ru.html",
                     "punbb/fluxbb15-en.html", "ucoz/ucoz-ru.html", "vbulletin/ru-igromania-vb38.html",
                     "vbulletin/ru-mirf-vb42.html", "phpbb2/subsilver-ru.html",
                     "forumotion/forumotion-phpbb2-en.html", "forumotion/forumotion-phpbb3-en.html",
                     # (their addresses go with the head: the pagination numbers them)
                     "forumotion/forumotion-phpbb3-ru.html", "forumotion/forumotion-punbb-ru.html",
                     "forumotion/forumotion-invision-en.html", "forumotion/forumotion-invision-ru.html"]
SAVED = datetime(2026, 11, 30, 20, 5, tzinfo=ZoneInfo("Europe/Moscow"))


def _same_without_head(original: Path, tmp_path) -> None:
    changed = tmp_path / original.name
    changed.write_bytes(head_lost(original.read_bytes()))
    assert changed.read_bytes() != original.read_bytes()
    before = posts_json(original, tz="UTC", saved_at=SAVED)
    after = posts_json(changed, tz="UTC", saved_at=SAVED)
    if original.parent.name == "discourse":  # its post links are built from <link rel=canonical>
        before, after = strip_fields(before, "url"), strip_fields(after, "url")
    assert after == before


@pytest.mark.parametrize("relative", HEADLESS)
def test_corpus_page_without_head_reads_the_same(relative, tmp_path):
    _same_without_head(corpus_page(relative), tmp_path)


@pytest.mark.parametrize("relative", HEADLESS_FIXTURES)
def test_fixture_without_head_reads_the_same(relative, tmp_path):
    _same_without_head(ENGINE_FIXTURES / relative, tmp_path)


def test_phpbb_page_two_whose_offset_was_in_the_head_is_refused(tmp_path):
    """prosilver33-ru-time.html is page 2: its `start` offset is only in <link rel=canonical>."""
    page = tmp_path / "p2.html"
    page.write_bytes(head_lost((ENGINE_FIXTURES / "phpbb3" / "prosilver33-ru-time.html").read_bytes()))
    with pytest.raises(ParseError, match=r"p2\.html: page 2 of a phpBB thread without its 'start' offset"):
        posts_json(page, tz="UTC", saved_at=SAVED)


# --- class names renamed: what the engine's code prints still anchors the parser -----------

def phpbb_prosilver_derived(raw: bytes) -> bytes:
    """A prosilver-derived theme: the author line is a `div.author`, not a `p.author`."""
    return re.sub(rb'<p class="author">(.*?)</p>', rb'<div class="author">\1</div>', raw, flags=re.S)


def phpbb_custom_style(raw: bytes) -> bytes:
    """A fully custom style: posts are `div#pN` without the classes post / postbody / author."""
    raw = re.sub(rb'<div id="p(\d+)" class="post bg\d">', rb'<div id="p\1" class="message-row">', raw)
    raw = raw.replace(b'class="postbody"', b'class="message-main"')
    return re.sub(rb'<p class="author">(.*?)</p>', rb'<p class="byline">\1</p>', raw, flags=re.S)


def vb4_style_without_posthead(raw: bytes) -> bytes:
    """A vB 4 style that moved the date out of `div.posthead` (German boards seen so)."""
    return raw.replace(b'<div class="posthead">', b'<div class="kopf">')


@pytest.mark.parametrize("relative, transform", [
    (PHPBB, phpbb_prosilver_derived), (PHPBB, phpbb_custom_style),
    ("vbulletin/nettally-vb4.html", vb4_style_without_posthead),
], ids=["phpbb-prosilver-derived", "phpbb-custom-style", "vb4-no-posthead"])
def test_renamed_classes_read_the_same(relative, transform, tmp_path):
    original = posts_json(corpus_page(relative), tz="UTC")
    assert posts_json(variant(tmp_path, relative, transform), tz="UTC") == original


# --- a board date format in another language -------------------------------------------------

_EN_MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
              "September", "October", "November", "December"]
_DE_MONTHS = ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August",
              "September", "Oktober", "November", "Dezember"]
_FR_MONTHS = ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août",
              "septembre", "octobre", "novembre", "décembre"]
_SMF_TIME = re.compile(rb"(\w+) (\d{1,2}), (\d{4}), (\d{2}):(\d{2}):(\d{2}) ([AP]M)")


def _h24(h: bytes, ampm: bytes) -> int:
    return int(h) % 12 + (12 if ampm == b"PM" else 0)


def smf_german(raw: bytes) -> bytes:
    """The SMF page with a German board format: "19. September 2007, 14:16:51"."""
    def de(m):
        month = _DE_MONTHS[_EN_MONTHS.index(m.group(1).decode())]
        return b"%s. %s %s, %02d:%s:%s" % (m.group(2), month.encode(), m.group(3),
                                           _h24(m.group(4), m.group(7)), m.group(5), m.group(6))
    return _SMF_TIME.sub(de, raw)


def smf_french_12h(raw: bytes) -> bytes:
    """French months, a 12-hour clock: "mercredi 19 septembre 2007 à 02:16:51 PM"."""
    def fr(m):
        month = _FR_MONTHS[_EN_MONTHS.index(m.group(1).decode())]
        return b"%s %s %s \xc3\xa0 %s:%s:%s %s" % (m.group(2), month.encode(), m.group(3),
                                              m.group(4), m.group(5), m.group(6), m.group(7))
    return _SMF_TIME.sub(fr, raw)


def smf_day_first_numeric(raw: bytes) -> bytes:
    """A board format `d/m/Y H:i:s`: the page's own dates (19/09) say day-first."""
    def num(m):
        month = _EN_MONTHS.index(m.group(1).decode()) + 1
        return b"%02d/%02d/%s %02d:%s:%s" % (int(m.group(2)), month, m.group(3),
                                             _h24(m.group(4), m.group(7)), m.group(5), m.group(6))
    return _SMF_TIME.sub(num, raw)


@pytest.mark.parametrize("transform", [smf_german, smf_french_12h, smf_day_first_numeric])
def test_board_date_format_reads_the_same(transform, tmp_path):
    original = posts_json(corpus_page(SMF), tz="UTC")
    changed = posts_json(variant(tmp_path, SMF, transform), tz="UTC")
    assert changed == original


_VB4_TIME = re.compile(rb'<span class="date">(\d\d)-(\d\d)-(\d{4}),&nbsp;<span class="time">(\d\d):(\d\d) ([AP]M)</span></span>')


def vb4_german(raw: bytes) -> bytes:
    """A German vBulletin 4 board: `d.m.Y, H:i` ("15.06.2016, 15:03") and a style that moved
    the date out of `div.posthead` (the real failure: "cannot read the post time from ''")."""
    def de(m):
        return (b'<span class="date">%s.%s.%s, <span class="time">%02d:%s</span></span>'
                % (m.group(2), m.group(1), m.group(3), _h24(m.group(4), m.group(6)), m.group(5)))
    return vb4_style_without_posthead(_VB4_TIME.sub(de, raw))


def test_german_vbulletin4_reads_the_same(tmp_path):
    relative = "vbulletin/nettally-vb4.html"
    original = posts_json(corpus_page(relative), tz="UTC")
    assert posts_json(variant(tmp_path, relative, vb4_german), tz="UTC") == original


# --- mybb.ru designs (notes 2.3, verified: designs restyle and hide, the markup stays) -------

MYBBRU = ENGINE_FIXTURES / "mybbru" / "mybbru-en.html"
MYBBRU_SAVED = datetime(2026, 11, 29, 21, 5, tzinfo=ZoneInfo("Europe/Moscow"))


def mybbru_design(transform, tmp_path) -> list[dict]:
    raw = MYBBRU.read_bytes()
    changed = transform(raw)
    assert changed != raw
    page = tmp_path / "design.html"
    page.write_bytes(changed)
    return posts_json(page, saved_at=MYBBRU_SAVED)


def mybbru_edit_class_renamed(raw: bytes) -> bytes:
    return raw.replace(b'<p class="lastedit">', b'<p class="post-edited" style="display: none">')


def mybbru_signature_after_content(raw: bytes) -> bytes:
    """An older design: the signature `dl.post-sig` right after `.post-content`, not inside."""
    return re.sub(rb'(<dl class="post-sig">.*?</dl>)(</div>)', rb"\2\1", raw, flags=re.S)


@pytest.mark.parametrize("transform", [mybbru_edit_class_renamed, mybbru_signature_after_content])
def test_mybbru_designs_read_the_same(transform, tmp_path):
    assert mybbru_design(transform, tmp_path) == posts_json(MYBBRU, saved_at=MYBBRU_SAVED)


_VB4_DE_DATE = re.compile(rb'<span class="date">[\d.]+, <span class="time">[\d:]+</span></span>')


def vb4_german_empty_date(raw: bytes) -> bytes:
    """The German vB 4 board of the report: its third post's date cell printed empty (the real
    failure: "post N (id M): cannot read the post time from ''" refused the whole thread)."""
    german = vb4_german(raw)
    dates = list(_VB4_DE_DATE.finditer(german))
    if len(dates) < 3:  # not a vB 4 page (the look tests apply every transformer to every page)
        return german
    return german[:dates[2].start()] + b'<span class="date"></span>' + german[dates[2].end():]


def test_german_vbulletin4_empty_date_cell_is_that_posts_problem(tmp_path):
    from votecount.api import CountRequest, run
    relative = "vbulletin/nettally-vb4.html"
    original = posts_json(corpus_page(relative), tz="UTC")
    path = variant(tmp_path, relative, vb4_german_empty_date, name="de.html")
    thread = read_thread(str(path), tz=ZoneInfo("UTC"))
    assert [p.time_known for p in thread.posts] == [n != 3 for n in range(1, 11)]
    changed = posts_json(path, tz="UTC")
    assert changed[2]["time"] is None and strip_fields(changed, "time") == strip_fields(original, "time")
    assert [p["time"] for p in changed if p["post_no"] != 3] == [p["time"] for p in original if p["post_no"] != 3]
    said = [note_text(w, "en") for w in thread.warnings if w.code == "warning.post_time_unknown"]
    assert len(said) == 1 and "de.html: post 3 (id 365268)" in said[0]
    [day] = run(CountRequest((str(path),), zone="UTC"))  # the thread is still counted
    assert len(day.thread.posts) == 10
