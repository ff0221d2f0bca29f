"""The zone a page states for its printed times (votecount/engines/kit/zones.py) and its precedence:
attribute > stated zone > page.tz (--tz / game file). Both ways: with the footer line the
stated zone wins over the given one; without it (or with the line only inside a post) the
given zone is used; a machine-readable time is the same instant whatever zone is given."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from conftest import FIXTURES, corpus_page, posts_json
from votecount.engines import vbulletin
from votecount.engines.kit.zones import named_zone, read_zone
from votecount.read.pages import tree

PHPBB = FIXTURES / "engines" / "phpbb3"
MSK = ZoneInfo("Europe/Moscow")
SAVED = datetime(2026, 11, 29, 20, 5, tzinfo=MSK)
FOOTER = "Часовой пояс: UTC + 3 часа"


@pytest.mark.parametrize("text,minutes", [
    ("All times are UTC + 3 hours", 180),
    ("Часовой пояс: UTC + 3 часа [ Летнее время ]", 240),
    ("All times are UTC [ DST ]", 60),
    ("All times are UTC - 5 hours", -300),
    ("All times are UTC + 5.5 hours", 330),
    ("All times are UTC+03:00", 180),
    ("All times are UTC−03:30", -210),
    ("Часовой пояс: GMT + 3", 180),
    ("All times are GMT + 3 Hours", 180),
    ("All times are GMT -5. The time now is 08:05 PM.", -300),
    ("Часовой пояс GMT +3, время: 20:05.", 180),
    ("All times are GMT.", 0),
])
def test_footer_lines(text, minutes):
    assert read_zone(text).utcoffset(None) == timedelta(minutes=minutes)


@pytest.mark.parametrize("text", ["", "Время: 20:05", "GMT +3", "All times are GMT + 99"])
def test_lines_without_a_zone(text):
    assert read_zone(text) is None


def test_named_zones():
    assert named_zone("Europe/Moscow") == ZoneInfo("Europe/Moscow")
    assert named_zone("Европа/Москва") == ZoneInfo("Europe/Moscow")  # phpBB 3.1+ Russian pack
    assert named_zone("Daylight Saving Time") is None
    assert named_zone("Nowhere/Atlantis") is None


def _variant(tmp_path: Path, name: str, old: str, new: str) -> Path:
    raw = (PHPBB / f"{name}.html").read_text(encoding="utf-8")
    assert old in raw
    path = tmp_path / f"{name}.html"
    path.write_text(raw.replace(old, new), encoding="utf-8")
    return path


def test_stated_zone_beats_the_given_zone():
    # The footer says UTC + 3; the user gave Tokyo: "28 ноя 2026, 14:03" is Moscow time.
    posts = posts_json(PHPBB / "prosilver30-ru-text.html", tz="Asia/Tokyo", saved_at=SAVED)
    assert posts[0]["time"] == "2026-11-28T14:03:00+03:00"
    # relative forms too: "Сегодня, 19:45" is 19:45 on the save date, in the page's zone
    assert posts[2]["time"] == "2026-11-29T19:45:00+03:00"


def test_without_the_footer_the_given_zone_is_used(tmp_path):
    path = _variant(tmp_path, "prosilver30-ru-text", FOOTER, "")
    posts = posts_json(path, tz="Asia/Tokyo", saved_at=SAVED)
    assert posts[0]["time"] == "2026-11-28T14:03:00+09:00"


def test_a_zone_written_inside_a_post_is_not_the_page_zone(tmp_path):
    path = _variant(tmp_path, "prosilver30-ru-text", FOOTER, "")
    raw = path.read_text(encoding="utf-8")
    first_body = '<div class="content">'
    assert first_body in raw
    path.write_text(raw.replace(first_body, first_body + "Часовой пояс: UTC + 5 часов. ", 1),
                    encoding="utf-8")
    posts = posts_json(path, tz="Asia/Tokyo", saved_at=SAVED)
    assert posts[0]["time"] == "2026-11-28T14:03:00+09:00"


def test_attribute_wins_over_both():
    # prosilver 3.3 prints "Сегодня, 19:45" but carries <time datetime="…+00:00">.
    a = posts_json(PHPBB / "prosilver33-ru-time.html", tz="Asia/Tokyo", saved_at=SAVED)
    b = posts_json(PHPBB / "prosilver33-ru-time.html", tz="America/New_York")
    assert [datetime.fromisoformat(p["time"]) for p in a] == [datetime.fromisoformat(p["time"]) for p in b]
    assert datetime.fromisoformat(a[1]["time"]) == datetime(2026, 11, 29, 16, 45, 12, tzinfo=timezone.utc)


def test_corpus_phpbb_dst_footer():
    # nettally-phpbb.html: "All times are UTC [ DST ]" = UTC+1, whatever zone is given.
    path = corpus_page("phpbb/nettally-phpbb.html")
    assert posts_json(path, tz="Asia/Tokyo") == posts_json(path, tz="Etc/GMT-1")
    assert posts_json(path, tz="Asia/Tokyo")[0]["time"].endswith("+01:00")


# ---------------------------------------------------------------- vBulletin's "now"

def _doc(path: Path):
    return tree(path.read_bytes(), str(path))


def test_vb_security_token_dates_the_footer_clock():
    # nettally-vb3.html: token "1562130495-…" (2019-07-03 05:08:15 UTC) and the footer
    # "All times are GMT -5. The time now is 00:08": the two agree.
    doc = _doc(corpus_page("vbulletin/nettally-vb3.html"))
    assert vbulletin.page_now(doc, MSK) == datetime(2019, 7, 3, 0, 8, 15,
                                                    tzinfo=timezone(timedelta(hours=-5)))


def test_vb_token_disagreeing_with_the_clock_gives_nothing(tmp_path):
    raw = corpus_page("vbulletin/nettally-vb3.html").read_bytes()
    bent = raw.replace(b'<span class="time">00:08</span>', b'<span class="time">03:30</span>')
    assert bent != raw
    assert vbulletin.page_now(tree(bent, "bent.html"), MSK) is None


def test_vb_guest_page_clock_without_date_gives_nothing():
    doc = _doc(corpus_page("vbulletin/nettally-vb4.html"))  # token "guest", "The time now is 05:23 AM"
    assert vbulletin.token_time(doc) is None
    assert vbulletin.page_now(doc, MSK) is None


_POST_XPATH = ("//*[contains(@class,'post') or contains(@class,'content') or contains(@class,'message')"
               " or starts-with(@id,'post_message')]")


def test_the_post_predicate_is_the_post_xpath_on_every_page():
    """read/zone.py asks `_in_post` of the elements around a stated zone instead of finding every
    post of the page by an XPath first: the same elements must count as posts."""
    from conftest import CORPUS
    from votecount.read.zone import _in_post

    pages = sorted(FIXTURES.rglob("*.html")) + (sorted(CORPUS.rglob("*.htm*")) if CORPUS.is_dir() else [])
    checked = 0
    for path in pages:
        try:
            doc = tree(path.read_bytes(), str(path))
        except Exception:  # a page the readers refuse holds no zone to read
            continue
        assert set(doc.xpath(_POST_XPATH)) == {el for el in doc.xpath("//*") if _in_post(el)}, path
        checked += 1
    assert checked >= 40


@pytest.mark.parametrize("posts", [_POST_XPATH, (_POST_XPATH,), "predicate"])
def test_a_zone_in_a_post_is_skipped_whichever_way_posts_are_named(tmp_path, posts):
    from votecount.engines.kit.zones import stated_zone
    from votecount.read.zone import _in_post

    path = _variant(tmp_path, "prosilver30-ru-text", FOOTER, "")
    raw = path.read_text(encoding="utf-8").replace(
        '<div class="content">', '<div class="content">Часовой пояс: UTC + 5 часов. ', 1)
    doc = tree(raw.encode("utf-8"), str(path))
    assert stated_zone(doc, _in_post if posts == "predicate" else posts) is None
    alone = tree(raw.replace("</body>", '<div class="message">Часовой пояс: UTC + 6</div></body>')
                 .encode("utf-8"), str(path))  # the post element itself, not only its ancestors
    assert stated_zone(alone, _in_post if posts == "predicate" else posts) is None
    footer = tree(raw.replace("</body>", "<p>Часовой пояс: UTC + 7 часов</p></body>").encode("utf-8"), str(path))
    zone = stated_zone(footer, _in_post if posts == "predicate" else posts)
    assert zone is not None and zone.utcoffset(None) == timedelta(hours=7)
