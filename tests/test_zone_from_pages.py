"""Issue 28, "language and zone follow the thread", the parts a count reaches through the
pipeline: a URL's pages give their own zone once fetched (not Moscow by default), `init` says
why it took a zone in the draft's language, and the pages a zone is read from are parsed once."""

from __future__ import annotations

import pytest

from conftest import CORPUS, FIXTURES
from forumserver import Forum, Reply
from test_cli import run
from test_fetch import _without_next
from votecount import api, engines
from votecount.read import pages
from votecount.read.http import FetchOptions
from votecount.read.pipeline import read_thread

FAST = FetchOptions(delay=0, progress=False, backoff=0.01, timeout=5)
EN_VB = FIXTURES / "engines" / "vbulletin" / "en-vb42.html"  # footer: GMT -5
NETTALLY = CORPUS / "phpbb" / "nettally-phpbb.html"  # English, footer UTC+01:00
LAST = _without_next(EN_VB.read_bytes(), engines.get("vbulletin"))  # the thread's one page, live


@pytest.fixture
def forum():
    server = Forum()
    yield server
    server.close()


def test_a_fetched_thread_takes_the_zone_its_pages_state(forum):
    url = forum.add("/showthread.php?t=1", Reply.page(LAST))
    thread = read_thread(url, tz=None, fetch=FAST)
    assert thread.zone == "Etc/GMT+5"
    assert thread.warnings[0].code == "warning.zone_stated"
    # told a zone, the pipeline keeps it and says nothing of it
    told = read_thread(url, tz=api.zone("Asia/Tokyo"), fetch=FAST)
    assert told.zone == "Asia/Tokyo" and all(w.code != "warning.zone_stated" for w in told.warnings)


def test_a_count_of_a_url_is_in_the_pages_zone_and_language(forum):
    url = forum.add("/showthread.php?t=1", Reply.page(LAST))
    thread, game, tz = api.open_thread([url], fetch=FAST)
    assert game is None and tz.key == "Etc/GMT+5"
    from votecount.count import game as game_mod
    assert api.language(None, game_mod.from_thread(thread, tz.key), tz, thread) == "en"


def test_a_page_is_parsed_once_when_its_zone_is_read_from_it(monkeypatch):
    calls = []
    real = pages.tree

    def counting(data, source="<page>", **kw):
        calls.append(source)
        return real(data, source, **kw)

    monkeypatch.setattr(pages, "tree", counting)
    thread, _, tz = api.open_thread([str(EN_VB)])
    assert tz.key == "Etc/GMT+5" and thread.posts
    assert calls == [str(EN_VB)]  # once: for the zone, and its posts are read from that tree


def test_a_page_cut_short_is_still_refused_when_its_zone_was_read_as_it_could(tmp_path):
    cut = tmp_path / "cut.html"
    data = EN_VB.read_bytes()
    cut.write_bytes(data[: data.rindex(b"</body>")])
    code, _, err = run(cut)
    assert code == 2 and "cut short" in err and "Traceback" not in err


@pytest.mark.skipif(not NETTALLY.exists(), reason="the shared corpus is not here")
def test_init_says_why_in_english_for_an_english_page():
    code, out, err = run("init", NETTALLY)
    assert code == 0, err
    [line] = [ln for ln in out.splitlines() if ln.startswith("timezone = ")]
    assert "the page's footer says its times are UTC+01:00" in line
    assert "zone_stated" not in err and "the zone the pages state" not in err  # said once, in the draft


def test_init_of_a_url_drafts_the_pages_zone(forum, tmp_path):
    url = forum.add("/showthread.php?t=1", Reply.page(LAST))
    out = tmp_path / "game.toml"
    code, _, err = run("init", url, "-o", out)
    assert code == 0, err
    text = out.read_text(encoding="utf-8")
    assert 'timezone = "Etc/GMT+5"' in text and "footer says its times are UTC-05:00" in text


# -- the page's own word on its language: interface words and <html lang> (issue 28) ---------

import threadkit  # noqa: E402

LATIN = [("Vedushchiy", "2026-11-28 20:00:00", "Day 1. Vote till 20:00 tomorrow."),
         ("Vasya", "2026-11-28 21:00:00", "vote Petya"), ("Petya", "2026-11-28 21:05:00", "vote Vasya")]
RU_LINKS = ('<div class="post-links"><ul><li><a href="#">Ответить</a></li><li><a href="#">Цитата</a></li>'
            '<li><a href="#">Профиль</a></li></ul></div>')


def _latin_page(tmp_path, *, lang: str, links: str = ""):
    text = threadkit.page(LATIN, title="Mafia: day 1").replace('<html lang="ru">', f'<html lang="{lang}">')
    text = text.replace('<div class="container">', links + '<div class="container">')
    path = tmp_path / "thread.html"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("lang,links,expected", [
    ("ru", "", "ru"),  # posts in Latin letters on a page that says it is Russian: Russian
    ("en", RU_LINKS, "ru"),  # a skin's default <html lang="en">, but the board's buttons are Russian
    ("en", "", "en"),  # nothing says Russian: English, in UTC
])
def test_a_page_that_says_it_is_russian_is_counted_in_russian(tmp_path, lang, links, expected):
    code, out, err = run(_latin_page(tmp_path, lang=lang, links=links))
    assert code == 0, err
    assert ("Итог" in out) == (expected == "ru") and ("Outcome" in out) == (expected == "en")
    assert ("Europe/Moscow" in out) == (expected == "ru") and ("UTC" in out) == (expected == "en")
