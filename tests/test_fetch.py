"""Fetching live threads, against a real HTTP server on 127.0.0.1 started here (no internet).

The served pages are the project's own: the bundled example thread (mybb.ru markup, page 2 in
windows-1251, "Сегодня" dates), every engine fixture and corpus page that has a next-page
link, and small error routes (429 with Retry-After, 503 then 200, a slow page, a redirect,
a 404, a cookie-protected page, a loop, a link off the forum).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from datetime import datetime, timedelta, timezone
from email.utils import format_datetime
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit
from zoneinfo import ZoneInfo

import pytest

from votecount import engines
from conftest import FIXTURES, ROOT
from corpus import all_params
from forumserver import Forum, Reply
from votecount.read import manifest, pages
from votecount.errors import FetchError, InputError, ParseError
from votecount.messages import note_text
from votecount.model import Note
from votecount.read.fetch import fetch_thread, fetch_to_folder
from votecount.read.http import USER_AGENT, FetchOptions, _Clock, clean_url, retry_after
from votecount.read.pipeline import FETCH_TIME, read_thread

EXAMPLE = ROOT / "examples" / "zarechnaya"
GAME = EXAMPLE / "game.toml"
MOSCOW = ZoneInfo("Europe/Moscow")
FAST = FetchOptions(delay=0, progress=False, backoff=0.01, timeout=5)
_SINGLEFILE = re.compile(rb"<!--\s*Page saved with SingleFile.*?-->\s*", re.S)


def live(path: Path) -> bytes:
    """A saved example page as the forum serves it: no SingleFile comment (so the only save
    moment is the fetch time) and links to the test server's root; without data-posted, so
    the shown "Сегодня 09:12:00" is read against the fetch time."""
    page = _SINGLEFILE.sub(b"", path.read_bytes()).replace(b"https://zarechnaya.rolka.me/", b"/")
    return re.sub(rb' data-posted="\d+"', b"", page)


PAGE1, PAGE2 = live(EXAMPLE / "page1.html"), live(EXAMPLE / "page2.html")
P1, P2 = "/viewtopic.php?id=28", "/viewtopic.php?id=28&p=2"


@pytest.fixture
def forum():
    server = Forum()
    yield server
    server.close()


@pytest.fixture
def thread(forum):
    """The example thread, two pages, the second in windows-1251."""
    forum.add(P1, Reply.page(PAGE1, "windows-1251"))
    forum.add(P2, Reply.page(PAGE2, "windows-1251"))
    return forum.url(P1)


def fake_clock():
    """A clock whose sleep returns at once but moves monotonic time on; records each sleep."""
    slept, offset = [], [0.0]

    def sleep(seconds):
        slept.append(seconds)
        offset[0] += seconds
    return _Clock(sleep=sleep, monotonic=lambda: time.monotonic() + offset[0]), slept


def run(*args, cwd=None):
    env = {**os.environ, "COLUMNS": "200", "NO_COLOR": "1"}
    proc = subprocess.run([sys.executable, "-m", "votecount.cli", *map(str, args)],
                          capture_output=True, cwd=cwd or ROOT, env=env, timeout=120)
    return proc.returncode, proc.stdout.decode("utf-8"), proc.stderr.decode("utf-8")


# --- pagination -----------------------------------------------------------------------------

def test_follows_next_links_to_the_last_page(forum, thread):
    got = fetch_thread(thread, FAST)
    assert [p.final_url for p in got] == [forum.url(P1), forum.url(P2)]
    assert [p.engine for p in got] == ["mybbru", "mybbru"]
    assert [p.data for p in got] == [PAGE1, PAGE2]  # byte for byte, windows-1251 included
    assert all(p.status == 200 and p.fetched_at.tzinfo is not None for p in got)
    assert forum.asked() == [P1, P2]
    ua = forum.log[0][1]["User-Agent"]
    assert ua == USER_AGENT and ua.startswith("votecount/0.1.0")


def test_polite_delay_between_requests(forum, thread):
    clock, slept = fake_clock()
    fetch_thread(thread, FetchOptions(delay=0.7, progress=False), clock=clock)
    assert len(slept) == 1 and 0.5 < slept[0] <= 0.7  # one pause, between the two pages


def _next_link_pages():
    """Every page (tests/corpus.py) whose engine finds a next link; a corpus page not read yet
    (issue 26) stays, a strict xfail, so that it shows up once it reads."""
    out = []
    for param in all_params("detect"):
        path = param.values[0]
        if param.marks:  # not read yet (a strict xfail), or the corpus is absent (a skip)
            out.append(param)
            continue
        doc = pages.tree(path.read_bytes(), str(path))
        parser = engines.detect(doc, None, str(path))
        if parser.next_page(doc, None):
            out.append(pytest.param(path, id=f"{parser.NAME}-{path.stem}"))
    return out


def _without_next(data: bytes, parser) -> bytes:
    """The page as the last page of its thread: every link the parser takes for "next" loses
    its href (edited in the bytes, so the rest of the page is exactly as saved)."""
    for _ in range(20):
        href = parser.next_page(pages.tree(data), None)
        if not href:
            return data
        before = data
        for form in {href, href.replace("&", "&amp;")}:
            for q in ('"', "'"):
                data = data.replace(f"href={q}{form}{q}".encode(), b"data-was-next=" + 2 * q.encode())
        assert data != before, href
    raise AssertionError("next links keep coming")


@pytest.mark.parametrize("path", _next_link_pages())
def test_every_engines_next_link_is_followed(forum, path):
    """Page 1 as saved (absolute links moved to the test server), page 2 where its next link
    points: relative, ./relative, root-relative and absolute links all resolve."""
    data = path.read_bytes()
    doc = pages.tree(data, str(path))
    parser = engines.detect(doc, None, str(path))
    href = parser.next_page(doc, None)
    first = "/forum/thread-1"
    base = doc.xpath("string((//base/@href)[1])")
    for absolute in (base, href):
        parts = urlsplit(absolute)
        if parts.scheme:  # the forum's own address: the test server's instead
            origin = f"{parts.scheme}://{parts.netloc}"
            data = data.replace(origin.encode(), forum.base.encode())
            href, base = (u.replace(origin, forum.base) for u in (href, base))
    target = clean_url(urljoin(urljoin(forum.url(first), base), href))
    second = unquote(target[len(forum.base):])
    forum.add(first, Reply(200, data, {"Content-Type": "text/html"}))
    forum.add(second, Reply(200, _without_next(data, parser), {"Content-Type": "text/html"}))
    got = fetch_thread(forum.url(first), FAST)
    assert [unquote(p.final_url) for p in got] == [forum.url(first), forum.base + second]
    assert {p.engine for p in got} == {parser.NAME}
    one = read_thread(str(path), tz=MOSCOW, saved_at=datetime.now(MOSCOW))
    both = read_thread(forum.url(first), tz=MOSCOW, fetch=FAST)
    assert both.pages == 2 and [p.post_id for p in both.posts] == [p.post_id for p in one.posts]


def test_a_last_page_linking_to_itself_ends_the_thread(forum):
    page = PAGE2.replace(b'<strong>2</strong></div>', b'<strong>2</strong> <a class="next" href="/viewtopic.php?id=28&amp;p=2">&#187;</a></div>')
    forum.add(P1, Reply.page(PAGE1, "windows-1251"))
    forum.add(P2, Reply.page(page, "windows-1251"))
    assert len(fetch_thread(forum.url(P1), FAST)) == 2


def test_a_pagination_loop_is_an_error(forum):
    loop = PAGE2.replace(b'<strong>2</strong></div>', b'<strong>2</strong> <a class="next" href="/viewtopic.php?id=28">&#187;</a></div>')
    forum.add(P1, Reply.page(PAGE1, "windows-1251"))
    forum.add(P2, Reply.page(loop, "windows-1251"))
    with pytest.raises(FetchError, match=r"page 2 .*goes back to an earlier page.*loops"):
        fetch_thread(forum.url(P1), FAST)


def test_a_next_link_off_the_forum_is_not_followed(forum):
    away = PAGE1.replace(b'href="/viewtopic.php?id=28&amp;p=2"', b'href="http://example.invalid/t?p=2"')
    forum.add(P1, Reply.page(away, "windows-1251"))
    with pytest.raises(FetchError, match="leaves the forum"):
        fetch_thread(forum.url(P1), FAST)
    assert forum.asked() == [P1]


def test_a_next_link_to_another_thread_is_an_error(forum):
    forum.add(P1, Reply.page(PAGE1, "windows-1251"))
    other = PAGE2.replace("Голосование, день 1".encode("windows-1251"), "Флудилка".encode("windows-1251"))
    forum.add(P2, Reply.page(other, "windows-1251"))
    with pytest.raises(FetchError, match="another thread"):
        fetch_thread(forum.url(P1), FAST)


def test_session_ids_are_dropped_from_urls():
    assert clean_url("http://f/viewtopic.php?t=5&sid=0123456789abcdef0123456789abcdef#p9") == "http://f/viewtopic.php?t=5"
    assert clean_url("https://u:pw@f/index.php?topic=3.15&PHPSESSID=vqr5gjd0frvtco7j85kqh33o14") == "https://f/index.php?topic=3.15"
    assert clean_url("http://f/showthread.php?t=1&s=2") == "http://f/showthread.php?t=1&s=2"  # not a session hash
    assert clean_url("https://F.ru/topic/58/мафия?page=2") == "https://f.ru/topic/58/%D0%BC%D0%B0%D1%84%D0%B8%D1%8F?page=2"
    assert clean_url("https://f.ru/topic/58/%D0%BC%D0%B0?page=2") == "https://f.ru/topic/58/%D0%BC%D0%B0?page=2"


# --- retries, failures, limits ---------------------------------------------------------------

def test_429_waits_as_retry_after_says(forum):
    forum.add(P1, Reply(429, b"slow down", {"Retry-After": "1"}), Reply.page(PAGE2, "windows-1251"))
    clock, slept = fake_clock()
    got = fetch_thread(forum.url(P1), FAST, clock=clock)
    assert len(got) == 1 and slept == [1.0] and forum.asked() == [P1, P1]


def test_retry_after_as_an_http_date():
    now = datetime(2026, 11, 29, 17, 0, 0, tzinfo=timezone.utc)
    assert retry_after(format_datetime(now + timedelta(seconds=30), usegmt=True), now) == 30
    assert retry_after("7", now) == 7 and retry_after("soon", now) is None
    assert retry_after(format_datetime(now - timedelta(seconds=30), usegmt=True), now) == 0


def test_a_retry_after_beyond_the_cap_fails_at_once(forum):
    later = format_datetime(datetime.now(timezone.utc) + timedelta(hours=1), usegmt=True)
    forum.add(P1, Reply(429, b"", {"Retry-After": later}), Reply.page(PAGE2, "windows-1251"))
    clock, slept = fake_clock()
    with pytest.raises(FetchError, match=r"page 1 \(.*\): HTTP 429.*asks to wait \d+ s \(over the 120 s cap\)"):
        fetch_thread(forum.url(P1), FAST, clock=clock)
    assert slept == [] and forum.asked() == [P1]


def test_503_then_200_is_retried_with_backoff(forum):
    forum.add(P1, Reply(503, b"busy"), Reply(503, b"busy"), Reply.page(PAGE2, "windows-1251"))
    clock, slept = fake_clock()
    got = fetch_thread(forum.url(P1), FetchOptions(delay=0, progress=False, backoff=1.0), clock=clock)
    assert len(got) == 1 and slept == [1.0, 2.0]  # exponential backoff


def test_503_every_time_fails_naming_the_page(forum):
    forum.add(P1, Reply(503, b"busy"))
    clock, _ = fake_clock()
    with pytest.raises(FetchError, match=r"page 1 \(http://127\.0\.0\.1:\d+/viewtopic\.php\?id=28\): HTTP 503 .* after 3 attempts"):
        fetch_thread(forum.url(P1), FetchOptions(delay=0, progress=False, retries=2), clock=clock)
    assert forum.asked() == [P1] * 3


def test_a_single_attempt_is_named_in_the_singular(forum):
    forum.add(P1, Reply(503, b"busy"))
    clock, _ = fake_clock()
    with pytest.raises(FetchError, match=r"HTTP 503 .* after 1 attempt$"):
        fetch_thread(forum.url(P1), FetchOptions(delay=0, progress=False, retries=0), clock=clock)
    assert forum.asked() == [P1]


def test_404_fails_at_once_with_url_and_status(forum, thread):
    forum.routes.pop(P2)
    with pytest.raises(FetchError, match=r"page 2 \(.*/viewtopic\.php\?id=28&p=2\): HTTP 404 Not Found") as err:
        fetch_thread(thread, FAST)
    assert err.value.exit_code == 3 and forum.asked() == [P1, P2]  # no retry of a 404


def test_a_slow_page_times_out_then_fails(forum):
    forum.add(P1, Reply.page(PAGE2, "windows-1251", sleep=1.0))
    opts = FetchOptions(delay=0, progress=False, timeout=0.2, retries=1, backoff=0.01)
    with pytest.raises(FetchError, match=r"page 1 .*timed out after 2 attempts"):
        fetch_thread(forum.url(P1), opts)
    assert len(fetch_thread(forum.url(P1), FetchOptions(delay=0, progress=False, timeout=5))) == 1


def test_redirect_is_followed_and_links_resolve_against_the_final_url(forum, thread):
    forum.add("/t/28", Reply(301, b"", {"Location": P1}))
    got = fetch_thread(forum.url("/t/28"), FAST)
    assert got[0].url == forum.url("/t/28") and got[0].final_url == forum.url(P1)
    assert [p.final_url for p in got][1:] == [forum.url(P2)]


def test_not_a_web_page(forum):
    forum.add("/file.zip", Reply(200, b"PK\x03\x04", {"Content-Type": "application/zip"}))
    with pytest.raises(InputError, match="not a web page"):
        fetch_thread(forum.url("/file.zip"), FAST)


def test_a_page_that_is_not_a_thread_suggests_cookies(forum):
    forum.add("/login", Reply.page(b"<html><body><form>Login</form></body></html>"))
    with pytest.raises(ParseError, match="not a forum thread page.*--cookies"):
        fetch_thread(forum.url("/login"), FAST)


def test_limits(forum, thread):
    with pytest.raises(FetchError, match="more than 1 pages, the --max-pages limit"):
        fetch_thread(thread, FetchOptions(delay=0, progress=False, max_pages=1))
    with pytest.raises(FetchError, match=r"page 1 .*over the --max-page-bytes limit of 1,000"):
        fetch_thread(thread, FetchOptions(delay=0, progress=False, max_page_bytes=1000))
    with pytest.raises(FetchError, match=r"page 2 .*over the --max-bytes limit"):
        fetch_thread(thread, FetchOptions(delay=0, progress=False, max_bytes=len(PAGE1) + 100))
    clock, _ = fake_clock()
    with pytest.raises(FetchError, match=r"page 2 .*--max-time limit of 5 s"):
        fetch_thread(thread, FetchOptions(delay=10, progress=False, max_time=5), clock=clock)


# --- cookies -----------------------------------------------------------------------------

SECRET = "s3cr3t-session-value"


def test_closed_section_needs_the_cookie(forum):
    forum.add(P1, Reply.page(PAGE2, "windows-1251", cookie=f"mybb_ru={SECRET}"))
    with pytest.raises(FetchError, match=r"HTTP 403 Forbidden \(a closed section\? .*--cookies"):
        fetch_thread(forum.url(P1), FAST)
    opts = FetchOptions(delay=0, progress=False, cookies=(f"mybb_ru={SECRET}",))
    assert fetch_thread(forum.url(P1), opts)[0].data == PAGE2


def test_cookies_txt_is_sent_and_never_written(forum, tmp_path):
    forum.add(P1, Reply.page(PAGE1, "windows-1251", cookie=f"sid={SECRET}"))
    forum.add(P2, Reply.page(PAGE2, "windows-1251", cookie=f"sid={SECRET}"))
    jar = tmp_path / "cookies.txt"
    jar.write_text("# Netscape HTTP Cookie File\n"
                   f"#HttpOnly_127.0.0.1\tFALSE\t/\tFALSE\t0\tsid\t{SECRET}\n"
                   "other.example\tTRUE\t/\tFALSE\t0\tforeign\tnot-for-this-host\n")
    out = tmp_path / "thread"
    code, stdout, stderr = run("fetch", forum.url(P1), "-o", out, "--cookies", jar, "--delay", "0")
    assert code == 0, stderr
    assert all("not-for-this-host" not in (h.get("Cookie") or "") for _, h in forum.log)
    for f in out.iterdir():
        assert SECRET.encode() not in f.read_bytes(), f
    assert SECRET not in stdout + stderr


# --- fetch into a folder, count it later ---------------------------------------------------

def test_fetch_writes_pages_and_manifest(thread, tmp_path):
    out = tmp_path / "t"
    pages_, downloaded = fetch_to_folder(thread, out, FAST)
    assert downloaded == 2 and sorted(p.name for p in out.iterdir()) == ["manifest.json", "page0001.html", "page0002.html"]
    assert (out / "page0002.html").read_bytes() == PAGE2
    man = json.loads((out / "manifest.json").read_text("utf-8"))
    assert man["url"] == thread and man["engine"] == "mybbru" and man["complete"] is True
    entry = man["pages"][1]
    assert set(entry) >= {"file", "url", "final_url", "status", "fetched_at", "sha256", "engine"}
    assert entry["status"] == 200 and entry["sha256"] == manifest.sha256(PAGE2)
    assert datetime.fromisoformat(entry["fetched_at"]).utcoffset() is not None


def test_counting_the_folder_equals_counting_the_url(thread, tmp_path):
    day = datetime.now(MOSCOW).date()
    code, live_json, err = run(thread, "--game", GAME, "--format", "json", "--delay", "0")
    assert code == 0, err
    out = tmp_path / "t"
    code, _, err = run("fetch", thread, "-o", out, "--delay", "0")
    assert code == 0, err
    assert re.search(r"2 pages of .* \(mybbru\) in .*: 2 downloaded, 0 unchanged", err)
    code, saved_json, err = run(out, "--game", GAME, "--format", "json")
    assert code == 0, err
    if datetime.now(MOSCOW).date() != day:
        pytest.skip("midnight in Moscow passed between the two fetches")
    a, b = json.loads(live_json), json.loads(saved_json)
    assert a["thread"].pop("source") == thread and b["thread"].pop("source") == str(out)
    assert a == b
    assert a["thread"]["saved_at_source"] == FETCH_TIME and a["thread"]["pages"] == 2
    # "Сегодня 09:12:00" (post 7) is on the day the page was fetched, in the game's zone
    code, posts, err = run("posts", out, "--format", "json")
    fetched = datetime.fromisoformat(json.loads((out / "manifest.json").read_text("utf-8"))["pages"][0]["fetched_at"])
    post7 = next(p for p in json.loads(posts) if p["post_no"] == 7)
    assert post7["time"] == f"{fetched.astimezone(MOSCOW).date().isoformat()}T09:12:00+03:00"


def test_fetch_failure_writes_nothing_and_exits_3(forum, thread, tmp_path):
    forum.routes[P2] = [Reply(503, b"busy")]
    out = tmp_path / "t"
    code, _, err = run("fetch", thread, "-o", out, "--delay", "0", "--retries", "1")
    assert code == 3 and re.fullmatch(r"votecount: page 2 \(.*p=2\): HTTP 503 .*after 2 attempts\n", err)
    assert not out.exists() or not list(out.iterdir())
    code, _, err = run(thread, "--delay", "0", "--retries", "0")  # counting live: no partial count
    assert code == 3 and "page 2" in err


def test_rerun_downloads_only_the_last_page(forum, thread, tmp_path):
    out = tmp_path / "t"
    fetch_to_folder(thread, out, FAST)
    forum.log.clear()
    got, downloaded = fetch_to_folder(thread, out, FAST)
    assert forum.asked() == [P2] and downloaded == 1 and len(got) == 2
    forum.log.clear()
    _, downloaded = fetch_to_folder(thread, out, FetchOptions(delay=0, progress=False, refresh=True))
    assert forum.asked() == [P1, P2] and downloaded == 2


def test_rerun_follows_a_grown_thread_and_refresh_is_conditional(forum, tmp_path):
    one = re.sub(rb'<div class="(linkst|linksb)"><div class="pagelink">.*?</div></div>', b"", PAGE1)
    forum.add(P1, Reply.page(one, "windows-1251", headers={"ETag": '"v1"'}))
    out = tmp_path / "t"
    assert fetch_to_folder(forum.url(P1), out, FAST)[1] == 1
    forum.add(P1, Reply.page(PAGE1, "windows-1251", headers={"ETag": '"v2"'}))  # a second page appeared
    forum.add(P2, Reply.page(PAGE2, "windows-1251", headers={"ETag": '"v1"'}))
    forum.log.clear()
    got, downloaded = fetch_to_folder(forum.url(P1), out, FAST)
    assert forum.asked() == [P1, P2] and downloaded == 2 and len(got) == 2
    assert forum.log[0][1].get("If-None-Match") == '"v1"'
    forum.log.clear()
    got, downloaded = fetch_to_folder(forum.url(P1), out, FetchOptions(delay=0, progress=False, refresh=True))
    assert forum.asked() == [P1, P2] and downloaded == 0  # both 304 Not Modified
    assert read_thread(str(out), tz=MOSCOW).pages == 2


def test_a_fetched_folder_must_be_whole(thread, tmp_path):
    out = tmp_path / "t"
    fetch_to_folder(thread, out, FAST)
    assert read_thread(str(out), tz=MOSCOW).saved_at_source == FETCH_TIME  # manifest.json is not a page
    (out / "page0003.html").write_bytes(PAGE2)
    with pytest.raises(InputError, match="page0003.html: not one of the pages in .*manifest.json"):
        read_thread(str(out), tz=MOSCOW)
    (out / "page0003.html").unlink()
    (out / "page0002.html").write_bytes(PAGE2 + b"\n")
    with pytest.raises(InputError, match="page0002.html: changed since it was fetched"):
        read_thread(str(out), tz=MOSCOW)
    (out / "page0002.html").unlink()
    with pytest.raises(InputError, match="missing: page0002.html"):
        read_thread(str(out), tz=MOSCOW)
    # one page of the folder on its own still gets its fetch time
    single = read_thread(str(out / "page0001.html"), tz=MOSCOW)
    assert single.saved_at_source == FETCH_TIME


def test_fetch_refuses_a_folder_it_did_not_write(thread, tmp_path):
    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(InputError, match="not empty and holds no manifest.json"):
        fetch_to_folder(thread, tmp_path, FAST)
    out = tmp_path / "t"
    fetch_to_folder(thread, out, FAST)
    with pytest.raises(InputError, match="holds a fetch of .*id=28, not .*id=29"):
        fetch_to_folder(thread.replace("28", "29"), out, FAST)


def test_fetch_refuses_a_fetched_folder_with_files_it_did_not_write(thread, tmp_path):
    """The README: `fetch` refuses a folder that holds other files, manifest or not; the
    files stay as they were. votecount's own report saved there is no obstacle."""
    out = tmp_path / "t"
    fetch_to_folder(thread, out, FAST)
    (out / "notes.txt").write_text("mine", encoding="utf-8")
    with pytest.raises(InputError, match="notes.txt: not written by fetch"):
        fetch_to_folder(thread, out, FAST)
    assert (out / "notes.txt").read_text(encoding="utf-8") == "mine"
    (out / "notes.txt").unlink()
    (out / "report.html").write_text('<!DOCTYPE html><html><head><meta name="generator" '
                                     'content="votecount"></head><body></body></html>', encoding="utf-8")
    assert fetch_to_folder(thread, out, FAST)[1] == 1


def test_cli_limits_and_bad_urls_exit_codes(thread, tmp_path):
    code, _, err = run(thread, "--delay", "0", "--max-pages", "1")
    assert code == 3 and err.startswith("votecount: ") and "--max-pages" in err and "Traceback" not in err
    code, _, err = run("fetch", "ftp://x/y", "-o", tmp_path / "x")
    assert code == 2 and "not an http(s) URL" in err


def test_starting_mid_thread_is_said(forum, thread):
    """The second page alone misses posts 1–7: the count says so rather than pass as whole."""
    t = read_thread(forum.url(P2), tz=MOSCOW, fetch=FAST)
    assert t.posts[0].post_no == 8
    assert t.warnings[0] == Note.of("warning.starts_mid", first=8, before=7)
    assert note_text(t.warnings[0], "en") == ("the pages read start at post 8: posts 1–7 are not in them "
                                              "(give the thread's first page)")
    assert not read_thread(thread, tz=MOSCOW, fetch=FAST).warnings


# --- the engine's one-page view (SMF's ;all) --------------------------------------------------
SMF_PAGE = FIXTURES / "engines" / "smf" / "smf20-ru-curve.html"


def _smf(forum) -> tuple[bytes, bytes]:
    """The SMF fixture as page 1 of a longer topic (one post fewer, a next link to topic=894.5)
    and as the topic's ;all view (every post, no next link)."""
    import votecount.engines.smf as smf
    data = SMF_PAGE.read_bytes().replace(b"https://mafia.example", forum.base.encode())
    cut = data.index(b'<a id="msg1013"></a>'), data.index(b'<a id="msg1015"></a>')
    return data[:cut[0]] + data[cut[1]:], _without_next(data, smf.ENGINE)


def test_smf_all_view_fetches_the_topic_in_one_request(forum):
    first, whole = _smf(forum)
    forum.add("/index.php?topic=894.0", Reply.page(first))
    forum.add("/index.php?topic=894.0;all", Reply.page(whole))
    got = fetch_thread(forum.url("/index.php?topic=894.0"), FAST)
    assert [p.final_url for p in got] == [forum.url("/index.php?topic=894.0;all")]
    assert forum.asked() == ["/index.php?topic=894.0", "/index.php?topic=894.0;all"]  # not topic=894.5
    thread = read_thread(forum.url("/index.php?topic=894.0"), tz=MOSCOW, fetch=FAST)
    assert [p.post_id for p in thread.posts] == ["1001", "1002", "1010", "1013", "1015"]


def test_smf_without_the_all_view_pages_as_usual(forum):
    first, whole = _smf(forum)
    forum.add("/index.php?topic=894.0", Reply.page(first))
    forum.add("/index.php?topic=894.0;all", Reply(404, b"no", {"Content-Type": "text/html"}))
    forum.add("/index.php?topic=894.5", Reply.page(whole))
    got = fetch_thread(forum.url("/index.php?topic=894.0"), FAST)
    assert [p.final_url for p in got] == [forum.url("/index.php?topic=894.0"), forum.url("/index.php?topic=894.5")]
    # a forum with the view switched off answers ;all with page 1 itself: page by page too
    forum.add("/index.php?topic=894.0;all", Reply.page(first))
    got = fetch_thread(forum.url("/index.php?topic=894.0"), FAST)
    assert len(got) == 2


def test_a_next_page_of_another_engine_is_an_error(forum):
    """Later pages are checked against the first page's engine (not all fifteen again)."""
    other = sorted((FIXTURES / "engines" / "phpbb3").glob("*.html"))[0].read_bytes()
    forum.add(P1, Reply.page(PAGE1, "windows-1251"))
    forum.add(P2, Reply(200, other, {"Content-Type": "text/html"}))
    with pytest.raises(ParseError, match=r"page is phpbb3 but earlier pages are mybbru"):
        fetch_thread(forum.url(P1), FAST)
