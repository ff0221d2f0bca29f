"""PunBB 1.2 / 1.3 / 1.4 and FluxBB 1.5 (self-hosted; not the mybb.ru family).

Fixtures written from the engines' own templates and language packs:
- punbb12-ru.html: PunBB 1.2 with the Russian punbb-mod pack (Gemorroj/punbb-mod), saved in
  windows-1251. div.blockpost, "#26&nbsp;" numbers (page 2), "Вчера"/"Сегодня" dates, 1.2 quotes
  `<blockquote><div class="incqbox"><h4>Ник написал:</h4>`, punbb-mod [s] = span.bbs and
  [hide] spoiler (title only in an <input value>), "Отредактировано Петя (Сегодня 19:50:12)".
- punbb12-en.html: stock PunBB 1.2 English, ISO-8859-1 meta. 1.2 has no [s] tag and no
  spoiler, so those are absent. "Last edited by Player 7 Bob (Today 19:50:12)".
- punbb13-ru.html: PunBB 1.3 Russian pack (punbb/langs): div.post / h3.post-ident, byline
  "Ответ от", edit notice "Отредактированно Ведущий (…)" (sic, the pack's spelling), a
  moderator's edit, quotebox "написал:", div.sig-content inside entry-content. 1.3/1.4 core
  have no [s] and no spoiler.
- punbb14-en.html: PunBB 1.4 English, "Last edited by Iosif Stalin 2 (Today 19:50:12)".
- fluxbb15-ru.html / fluxbb15-en.html: FluxBB 1.5, div.blockpost, `div.postsignature postmsg`,
  quotebox cite "пишет:" / "wrote:", [s] = span.bbs, [del] = <del>.
All saved "now" is 2026-11-29 21:00 Moscow, so Сегодня = 29 Nov, Вчера = 28 Nov.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from votecount import engines
from conftest import FIXTURES, check_golden, posts_json
from corpus import all_params
from votecount.read import pages

DIR = FIXTURES / "engines" / "punbb"
SAVED = datetime.fromisoformat("2026-11-29T21:00:00+03:00")
NAMES = ["punbb12-ru", "punbb12-en", "punbb13-ru", "punbb14-en", "fluxbb15-ru", "fluxbb15-en"]


def load(name: str) -> list[dict]:
    return posts_json(DIR / f"{name}.html", tz="Europe/Moscow", saved_at=SAVED)


@pytest.mark.parametrize("name", NAMES)
def test_golden(name, update_goldens):
    check_golden(load(name), DIR / f"{name}.posts.json", update_goldens)


@pytest.mark.parametrize("name", NAMES)
def test_detected_as_punbb_only(name):
    doc = pages.tree((DIR / f"{name}.html").read_bytes())
    assert engines.detect(doc).NAME == "punbb"
    assert [p.NAME for p in engines.PARSERS if p.detect(doc, None)] == ["punbb"]


@pytest.mark.parametrize("path", all_params(but="punbb"))
def test_not_detected_elsewhere(path):
    from votecount.engines import punbb

    assert not punbb.ENGINE.detect(pages.tree(path.read_bytes()), None)


def by_no(posts: list[dict]) -> dict[int, dict]:
    return {p["post_no"]: p for p in posts}


def test_punbb12_ru_windows1251_relative_dates_edit_quote():
    posts = by_no(load("punbb12-ru"))
    assert sorted(posts) == [26, 27, 28]  # printed "#26" … on page 2
    assert [p["author"] for p in posts.values()] == ["Марк Уолберг", "Петя", "Анноушка"]
    assert posts[26]["author_id"] == "3"
    assert posts[26]["time"] == "2026-11-27T22:29:59+03:00"  # seconds kept
    assert posts[27]["time"] == "2026-11-28T23:10:05+03:00"  # Вчера
    assert posts[28]["time"] == "2026-11-29T19:45:12+03:00"  # Сегодня
    # struck-through old vote (punbb-mod [s] = span.bbs) and the signature are gone
    assert posts[26]["text"] == "Вася"
    assert 'color: #FF0000' in posts[26]["html"] and "bbs" not in posts[26]["html"]
    assert "красным" not in posts[26]["text"]
    p = posts[27]
    assert (p["edited"], p["edited_by"], p["edited_at"]) == (True, "Петя", "2026-11-29T19:50:12+03:00")
    assert "Вася" not in p["text"] and "написал" not in p["text"]  # quoted vote removed
    assert "Отредактировано" not in p["text"]
    assert '<span style="color: blue">Марк Уолберг</span>' in p["html"]
    assert "Скрытый текст" not in p["text"] and "Я мирный, честно." in p["text"]


def test_punbb13_ru_moderator_edit_and_signature():
    posts = by_no(load("punbb13-ru"))
    assert sorted(posts) == [26, 27]
    p = posts[26]
    assert p["author"] == "Вася Пупкин" and p["author_id"] == "31"
    assert (p["edited_by"], p["edited_at"]) == ("Ведущий", "2026-11-29T19:50:12+03:00")
    assert p["text"] == "Доктор Хаус 13"  # the red vote in the signature is not in the body
    assert "Анноушка" not in p["html"]
    q = posts[27]
    assert q["text"] == "Меняю: Вася Пупкин"
    assert '<span style="color: #0000ff">Вася Пупкин</span>' in q["html"]


def test_punbb14_en():
    posts = by_no(load("punbb14-en"))
    assert [p["author"] for p in posts.values()] == ["Game Master", "Iosif Stalin 2", "Mark Wahlberg"]
    assert posts[2]["time"] == "2026-11-28T23:10:05+03:00"  # Yesterday
    assert (posts[2]["edited_by"], posts[2]["edited_at"]) == ("Iosif Stalin 2", "2026-11-29T19:50:12+03:00")
    assert posts[2]["text"] == "Mark Wahlberg"  # no edit notice, no "Comrades!" signature
    assert "Nobody" not in posts[1]["text"]  # signature dropped
    assert "Mark Wahlberg" not in posts[3]["text"]  # the quoted vote is gone
    assert '<span style="color: #0000FF">Iosif Stalin 2</span>' in posts[3]["html"]


def test_fluxbb15_ru():
    posts = by_no(load("fluxbb15-ru"))
    assert sorted(posts) == [1, 2, 3]
    p = posts[2]
    assert p["author"] == "Доктор Хаус 13" and p["author_id"] == "7"
    assert p["text"] == "Анноушка"  # struck "Петя" and the edit notice are gone
    assert '<span style="color: red">Анноушка</span>' in p["html"]
    assert (p["edited_by"], p["edited_at"]) == ("Доктор Хаус 13", "2026-11-29T19:50:12+03:00")
    assert "Вася" not in posts[1]["text"]  # the signature's "vote" is not in the body
    assert posts[3]["text"] == "Ну-ну.\nДоктор Хаус 13"  # quote with the red vote removed


def test_fluxbb15_en_guest_and_del():
    posts = by_no(load("fluxbb15-en"))
    assert sorted(posts) == [51, 52, 53]
    assert posts[51]["text"] == "Vote: Mark Wahlberg\nWas until I read the claim."  # <del> dropped
    assert posts[52]["text"] == "Really? Iosif Stalin 2"  # span.bbs "Unvote" dropped
    assert (posts[52]["edited_by"], posts[52]["edited_at"]) == ("Mark Wahlberg", "2026-11-29T00:03:10+03:00")
    guest = posts[53]
    assert (guest["author"], guest["author_id"]) == ("Guest Voter", None)
    assert guest["edited_by"] == "Game Master"


def test_punbb12_en():
    posts = by_no(load("punbb12-en"))
    assert posts[1]["time"] == "2026-11-28T20:00:00+03:00"
    assert posts[2]["author"] == "Player 7 Bob"
    assert posts[2]["text"] == "Mod Jane Alice"
    assert (posts[2]["edited_by"], posts[2]["edited_at"]) == ("Player 7 Bob", "2026-11-29T19:50:12+03:00")


def test_relative_date_without_saved_moment_is_an_error():
    from zoneinfo import ZoneInfo

    from votecount.engines import punbb
    from votecount.errors import ParseError
    from votecount.model import Page

    doc = pages.tree((DIR / "fluxbb15-ru.html").read_bytes())
    with pytest.raises(ParseError, match="Вчера 23:10:05.*saved"):
        punbb.ENGINE.posts(doc, Page(source="f.html", number=1, tz=ZoneInfo("Europe/Moscow")))


def test_next_page_and_title():
    from votecount.engines import punbb

    def doc(name):
        return pages.tree((DIR / f"{name}.html").read_bytes())

    assert punbb.ENGINE.next_page(doc("fluxbb15-ru")) == "viewtopic.php?id=42&p=2"
    assert punbb.ENGINE.next_page(doc("fluxbb15-en")) is None  # last page
    assert punbb.ENGINE.next_page(doc("punbb12-ru")) == "viewtopic.php?id=15&p=3"
    assert punbb.ENGINE.next_page(doc("punbb14-en")) == "viewtopic.php?id=9&p=2"
    assert punbb.ENGINE.next_page(doc("punbb13-ru")) is None
    assert punbb.ENGINE.title(doc("punbb12-ru")) == "Мафия №7: тема голосования"
    assert punbb.ENGINE.title(doc("fluxbb15-ru")) == "Мафия №12 — голосование, день 2"
    assert punbb.ENGINE.title(doc("punbb14-en")) == "Mafia 31 — Day 1 votes"
