"""Simple Machines Forum 1.1 / 2.0 (votecount/engines/smf.py).

Corpus: smf/ptforum-smf2-topic38573.html (SMF 2.0 RC3, "Core" theme, English, contribs.org).
Verified by hand against the page: 15 posts (`div.inner#msg_N`, ids 174916…176181), the opening
post prints no "Reply #" (post_no 1), then "Reply #1"…"Reply #14" (post_no 2…15); 7 distinct
authors with profile ids (`;u=N`; the PHPSESSID in the same href is not the id); 3 edits
"« Last Edit: … by X »": #1 gregswallow 24 Sep 2007 12:57:14 PM, #4 gregswallow 19 Sep 2007
03:21:02 PM, #10 cactus 8 Oct 2007 10:06:42 AM (the other 12 `modified_N` divs are empty);
13 quotes ("Quote from: …" + blockquote) in posts #4, #5 (2), #6 (2) and one in each of #8…#15,
all removed; signatures (`div.signature`) are outside the body. The page shows
times as text with no zone: read in UTC here. Header clock "June 08, 2010, 07:37:37 AM".

Fixtures (written from the SMF 1.1.21 / 2.0.15 templates and the realdigger/SMF-2.0-RU pack):
smf20-ru-curve.html (Curve theme, Russian, "Сегодня в", [red]/[blue]/[color], edits absolute and
relative, by a moderator too) and smf11-en-default.html (table layout, "<b>Today</b> at", guest
poster without a profile link).
"""

from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from votecount import engines
from conftest import FIXTURES, check_golden, corpus_page, posts_json
from corpus import all_params, engine_of
from votecount.engines import smf
from votecount.read import pages
from votecount.errors import ParseError
from votecount.model import Page

DIR = FIXTURES / "engines" / "smf"
CORPUS_PAGE = "smf/ptforum-smf2-topic38573.html"
MSK = ZoneInfo("Europe/Moscow")
RU_SAVED = datetime(2026, 11, 30, 20, 5, tzinfo=MSK)
EN_SAVED = datetime(2026, 11, 29, 20, 5, tzinfo=ZoneInfo("UTC"))


def ru() -> list[dict]:
    return posts_json(DIR / "smf20-ru-curve.html", tz="Europe/Moscow", saved_at=RU_SAVED)


def en() -> list[dict]:
    return posts_json(DIR / "smf11-en-default.html", tz="UTC", saved_at=EN_SAVED)


def corpus() -> list[dict]:
    return posts_json(corpus_page(CORPUS_PAGE), tz="UTC")


# --- corpus ---------------------------------------------------------------------------------

def test_corpus_golden(update_goldens):
    check_golden(corpus(), DIR / "ptforum-smf2-topic38573.posts.json", update_goldens)


def test_corpus_counts_edits_quotes():
    posts = corpus()
    assert len(posts) == 15
    assert [p["post_no"] for p in posts] == list(range(1, 16))
    assert posts[0]["post_id"] == "174916" and posts[-1]["post_id"] == "176181"
    assert len({p["author"] for p in posts}) == 7
    assert posts[0]["author"] == "gregswallow" and posts[0]["author_id"] == "3061"
    assert posts[5]["author"] == "slords" and posts[5]["author_id"] == "3"
    edited = [(p["post_no"], p["edited_by"], p["edited_at"]) for p in posts if p["edited"]]
    assert edited == [(1, "gregswallow", "2007-09-24T12:57:14+00:00"),
                      (4, "gregswallow", "2007-09-19T15:21:02+00:00"),
                      (10, "cactus", "2007-10-08T10:06:42+00:00")]
    assert posts[1]["time"] == "2007-09-19T14:16:51+00:00"  # "Reply #1 on: …02:16:51 PM"
    for p in posts:
        assert "Quote from" not in p["text"] and "bbc_standard_quote" not in p["html"]
        assert "Last Edit" not in p["text"]
        assert "Greg Swallow" not in p["text"]  # gregswallow's signature
    # a quoted sentence is gone, the reply kept
    assert "sounds good, but not really related" not in posts[4]["text"]
    assert posts[4]["text"].startswith("I went back and forth on this.")


def test_corpus_navigation_and_clock():
    doc = pages.tree(corpus_page(CORPUS_PAGE).read_bytes())
    assert smf.ENGINE.next_page(doc, None).startswith("http://forums.contribs.org/index.php/topic,38573.15.html")
    assert smf.ENGINE.title(doc) == "FAQ: Should I trust/follow the advice I get in this forum?"
    assert smf.page_now(doc, ZoneInfo("UTC")) == datetime(2010, 6, 8, 7, 37, 37, tzinfo=ZoneInfo("UTC"))


# --- Russian SMF 2.0 fixture ----------------------------------------------------------------

def test_ru_golden(update_goldens):
    check_golden(ru(), DIR / "smf20-ru-curve.posts.json", update_goldens)


def test_ru_facts():
    posts = ru()
    assert [p["post_no"] for p in posts] == [1, 2, 3, 4, 5]  # "Ответ #1 :" is post 2
    assert [p["author"] for p in posts] == ["Ведущий", "Вася", "Петя 2", "Доктор Хаус 2", "Коля"]
    assert [p["author_id"] for p in posts] == ["1", "12", "15", "21", "7"]
    vasya, petya, house, kolya = posts[1], posts[2], posts[3], posts[4]
    # absolute time with seconds, and the exact edit notice
    assert vasya["time"] == "2026-11-29T19:45:12+03:00"
    assert (vasya["edited"], vasya["edited_by"], vasya["edited_at"]) == (True, "Вася", "2026-11-29T19:50:12+03:00")
    # "<strong>Сегодня</strong> в 19:45:12" against the save moment (30 Nov)
    assert petya["time"] == "2026-11-30T19:45:12+03:00"
    # a moderator's edit, relative time in the notice
    assert (house["edited_by"], house["edited_at"]) == ("Ведущий", "2026-11-30T19:58:03+03:00")
    assert kolya["time"] == "2026-11-30T19:59:59+03:00"
    # struck vote gone, red [color] kept
    assert vasya["text"] == "Петя 2" and "Коля" not in vasya["text"]
    assert '<span style="color: red;" class="bbc_color">Петя 2</span>' in vasya["html"]
    assert "<del>" not in vasya["html"]
    # the quoted vote is removed, the poster's own [red] vote kept
    assert petya["text"] == "Вася, за что? Я мирный.\nКоля"
    assert "Цитата" not in petya["html"] and "Петя 2" not in petya["html"]
    assert '<span style="color: red;" class="bbc_color">Коля</span>' in petya["html"]
    # [blue] tag, spoiler title dropped (content kept), signature absent
    assert '<span style="color: blue;" class="bbc_color">Петя 2</span>' in house["html"]
    assert "Мои подозрения" not in house["text"] and "Коля молчит" in house["text"]
    assert "Everybody lies" not in house["text"]
    assert "Мафия не пройдёт" not in vasya["html"]
    assert '<span style="color: #FF0000;" class="bbc_color">Вася</span>' in kolya["html"]
    assert all("Последнее редактирование" not in p["text"] for p in posts)


def test_ru_relative_needs_save_time():
    doc = pages.tree((DIR / "smf20-ru-curve.html").read_bytes())
    with pytest.raises(ParseError, match="Сегодня в 19:45:12.*saved"):
        smf.ENGINE.posts(doc, Page(source="ru", number=1, tz=MSK))


def test_ru_navigation():
    doc = pages.tree((DIR / "smf20-ru-curve.html").read_bytes())
    assert smf.ENGINE.next_page(doc, None) == "https://mafia.example/index.php?topic=894.5"
    assert smf.ENGINE.title(doc) == "Мафия 153. День 2. Голосование"


# --- English SMF 1.1 fixture ----------------------------------------------------------------

def test_en_golden(update_goldens):
    check_golden(en(), DIR / "smf11-en-default.posts.json", update_goldens)


def test_en_facts():
    posts = en()
    assert [p["post_no"] for p in posts] == [1, 2, 3, 4, 5]
    assert [p["author"] for p in posts] == ["Host", "John Smith 42", "Mary", "Bob", "Spectator 7"]
    assert posts[4]["author_id"] is None  # a guest: no profile link
    john, mary, bob = posts[1], posts[2], posts[3]
    assert john["time"] == "2026-11-29T19:10:05+00:00"
    assert (john["edited_by"], john["edited_at"]) == ("John Smith 42", "2026-11-29T19:12:40+00:00")
    assert mary["time"] == "2026-11-29T19:45:12+00:00"  # "<b>Today</b> at 07:45:12 PM"
    assert (bob["edited_by"], bob["edited_at"]) == ("Bob", "2026-11-29T20:01:00+00:00")
    assert john["text"] == "Mary" and "vote Bob" not in john["html"]
    assert '<span style="color: red;">Mary</span>' in john["html"]
    assert mary["text"] == "Really? I am the doctor.\nBob"
    assert "Quote from" not in mary["html"] and '<span style="color: blue;">Bob</span>' in mary["html"]
    assert "Spoiler: my notes" not in bob["text"]
    assert "Town wins again" not in john["html"]


def test_en_no_next_page_on_single_page():
    doc = pages.tree((DIR / "smf11-en-default.html").read_bytes())
    assert smf.ENGINE.next_page(doc, None) is None
    assert smf.ENGINE.title(doc) == "Game 7: Day 2 vote"


# --- detection ------------------------------------------------------------------------------

@pytest.mark.parametrize("path", [DIR / "smf20-ru-curve.html", DIR / "smf11-en-default.html"],
                         ids=lambda p: p.name)
def test_detect_fixtures(path):
    assert engines.detect(pages.tree(path.read_bytes()), None) is smf.ENGINE


def test_detect_corpus():
    assert engines.detect(pages.tree(corpus_page(CORPUS_PAGE).read_bytes()), None) is smf.ENGINE


@pytest.mark.parametrize("path", all_params("detect", of="smf"))
def test_fires_only_on_smf_pages(path):
    doc = pages.tree(path.read_bytes())
    assert smf.ENGINE.detect(doc, None) == (engine_of(path) == "smf")


# --- corpus: a board date format (bay12forums, SMF 2.0 "darkling" theme) ---------------------
# Counted by hand in the page (grep): 100 posts (`div.inner#msg_N`), every one by monk12
# (`action=profile;u=19731`), the opening post with "« on: Tue 22-11-2011, 01:32:37 »" and 99
# replies "Reply #1 … #1906" (the page holds one poster's posts only, so the numbers jump);
# the board format is `D dd-mm-YYYY, HH:MM:SS`: 59 of the 99 reply dates have a day above 12
# in the first place, so the page itself says day-first. 9 "Last Edit: Wed 01-04-2015,
# 18:56:18 by monk12" notices; 82 "Quote from" headers, all inside quotes.
BAY12 = "smf/bay12-smf2-darkling-necromancer.html"


def bay12() -> list[dict]:
    return posts_json(corpus_page(BAY12), tz="UTC")


def test_bay12_board_date_format_golden(update_goldens):
    check_golden(bay12(), DIR / "bay12-smf2-darkling-necromancer.posts.json", update_goldens)


def test_bay12_board_date_format_facts():
    posts = bay12()
    assert len(posts) == 100
    assert {(p["author"], p["author_id"]) for p in posts} == {("monk12", "19731")}
    assert [p["post_no"] for p in posts[:5]] == [1, 2, 5, 12, 18]  # Reply #1, #4, #11, #17
    assert posts[-1]["post_no"] == 1907
    assert posts[0]["time"] == "2011-11-22T01:32:37+00:00"  # Tue 22-11-2011, 01:32:37
    assert posts[2]["time"] == "2011-11-22T05:42:06+00:00"
    assert posts[-1]["time"] == "2015-04-02T02:16:17+00:00"
    assert [p["time"] for p in posts] == sorted(p["time"] for p in posts)
    edited = [p for p in posts if p["edited"]]
    assert len(edited) == 9 and {p["edited_by"] for p in edited} == {"monk12"}
    assert posts[0]["edited_at"] == "2015-04-01T18:56:18+00:00"  # Wed 01-04-2015: 1 April
    assert posts[1]["edited_at"] == "2013-08-19T06:08:45+00:00"
    assert not any("Quote from" in p["text"] for p in posts)


def _low_page(folder) -> Path:
    """The bay12 page with every day at 12 or below: nothing on it tells 05-11 from 11-05."""
    raw = corpus_page(BAY12).read_bytes()
    low = re.sub(rb"(\w{3}) (\d\d)-(\d\d)-(\d{4}), ",
                 lambda m: m.group(1) + b" " + b"%02d" % (int(m.group(2)) % 12 + 1) + b"-" + m.group(3)
                 + b"-" + m.group(4) + b", ", raw)
    page = folder / "bay12-low.html"
    page.write_bytes(low)
    return page


def test_bay12_ambiguous_page_names_date_order(tmp_path):
    """The same page with every day at 12 or below: nothing on it tells 05-11 from 11-05, and
    SMF has no numeric default, so the page is refused naming --date-order; with the
    option it reads."""
    page = _low_page(tmp_path)
    with pytest.raises(ParseError, match="--date-order"):
        posts_json(page, tz="UTC")
    read = posts_json(page, tz="UTC", date_order="mdy")  # what --date-order mdy asks
    assert len(read) == 100 and read[0]["time"].startswith("2011-11-11")  # 11-11-2011 (22 → 11)


def test_bay12_date_order_on_the_command_line(tmp_path):
    """The CLI: an ambiguous page is exit 2 with one line naming --date-order; with the
    option, it reads."""
    import json
    import subprocess
    import sys

    page = _low_page(tmp_path)
    def run(*args):
        proc = subprocess.run([sys.executable, "-m", "votecount.cli", "posts", str(page), "--tz", "UTC",
                               "--format", "json", *args], capture_output=True)
        return proc.returncode, proc.stdout.decode(), proc.stderr.decode()

    code, _, err = run()
    assert code == 2 and err.count("\n") == 1 and "--date-order dmy|mdy" in err and "bay12-low.html" in err
    code, out, err = run("--date-order", "dmy")
    assert code == 0, err
    assert json.loads(out)[0]["time"] == "2011-11-11T01:32:37+00:00"


def test_bay12_date_order_reaches_batch_and_its_resume_hash(tmp_path):
    """batch --date-order: the Job carries it into the count (no environment), and the resume
    fingerprint covers it: the same pages under another order are counted again."""
    import csv
    import subprocess
    import sys

    thread = tmp_path / "arch" / "bay12"
    thread.mkdir(parents=True)
    _low_page(thread)

    def rows(*args):
        proc = subprocess.run([sys.executable, "-m", "votecount.cli", "batch", "arch", "-o", "out",
                               "--jobs", "1", "--tz", "UTC", *args], capture_output=True, cwd=tmp_path)
        with open(tmp_path / "out" / "threads.csv", encoding="utf-8", newline="") as f:
            return proc.returncode, proc.stderr.decode(), list(csv.DictReader(f))[0]

    code, _, row = rows()
    assert code == 4 and row["status"] == "error" and "--date-order" in row["error"]
    code, _, row = rows("--date-order", "mdy")
    assert code == 0 and row["status"] == "ok", row
    code, err, row = rows("--date-order", "mdy", "--resume")
    assert code == 0 and "1 threads (1 unchanged)" in err, err
    code, err, row = rows("--date-order", "dmy", "--resume")
    assert code == 0 and row["status"] == "ok" and "unchanged" not in err, err


def test_bay12_date_order_reaches_init(tmp_path):
    """init reads the thread too: the ambiguous page's error names --date-order, so init
    takes it (it did not: the error named an option the command refused)."""
    import subprocess
    import sys

    page = _low_page(tmp_path)
    def run(*args):
        proc = subprocess.run([sys.executable, "-m", "votecount.cli", "init", str(page), "--tz", "UTC", *args],
                              capture_output=True)
        return proc.returncode, proc.stdout.decode(), proc.stderr.decode()

    code, _, err = run()
    assert code == 2 and "--date-order dmy|mdy" in err
    code, out, err = run("--date-order", "mdy")
    assert code == 0, err
    assert "[game]" in out and 'nick = "monk12"' not in out  # monk12 wrote the first post: the GM
    assert 'gm = ["monk12"]' in out


# --- edit notices: the post's own, any wording ----------------------------------------------

EN_EDIT = "Last Edit: November 29, 2026, 07:12:40 PM by John Smith 42"


def _en_with(tmp_path, old: str, new: str) -> list[dict]:
    html = (DIR / "smf11-en-default.html").read_text(encoding="utf-8")
    assert html.count(old) == 1
    page = tmp_path / "smf11-en-default.html"
    page.write_text(html.replace(old, new), encoding="utf-8")
    return posts_json(page, tz="UTC", saved_at=EN_SAVED)


def test_another_posts_notice_is_not_this_posts(tmp_path):
    """A `modified_N` of another message inside a post's block (a page whose posts nest) marks
    only the post whose id it names."""
    plain = en()
    own = '<td valign="bottom" class="smalltext" id="modified_501">'
    posts = _en_with(tmp_path, own, '<td><div class="smalltext" id="modified_999">&#171; <i>Last Edit: '
                     'November 29, 2026, 07:12:40 PM by Bob</i> &#187;</div></td>' + own)
    assert posts == plain and not posts[0]["edited"]
