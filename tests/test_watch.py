"""`votecount watch`: a forum on 127.0.0.1 (tests/forumserver.py) whose vote thread grows
between rounds (new posts, a new page, an edit, a hammer, the deadline). The rounds run in
process with a clock of the test's own (its sleep is where the thread grows: no test waits),
and through the command line with --every 0 and --rounds.

Pages are mybb.ru markup (tests/threadkit.py, notes 2.3): `a.next` inside `div.pagelink` is the
next-page link, text times are read in the game's zone.
"""

from __future__ import annotations

import hashlib
import json
import os
import signal
import subprocess
import sys
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conftest import ROOT
from forumserver import Forum, Reply
from threadkit import MSK, PAGE, post_html
from votecount.api import CountRequest
from votecount.read.http import FetchOptions, robots_delay
from votecount.watch.loop import Clock, WatchRequest, rounds

PER_PAGE = 4
FAST = FetchOptions(delay=0, progress=False, backoff=0.01, timeout=5, retries=0)
GAME = """[game]
rules = "bold-vote"
timezone = "Europe/Moscow"
lang = "{lang}"
gm = ["Ведущий"]
{players}
[[days]]
number = 1
opens = 2026-11-29T10:00:00+03:00
deadline = 2026-11-29T20:00:00+03:00

[rules]
majority = "half+1"
"""
NICKS = ["Петя", "Вася", "Коля", "Маша", "Оля"]  # five alive: the hammer is 3, L-1 is 2


def game_file(tmp_path: Path, lang: str = "ru", *, day2: bool = False) -> Path:
    players = "".join(f'\n[[players]]\nnick = "{n}"\n' for n in NICKS)
    path = tmp_path / "game.toml"
    text = GAME.format(lang=lang, players=players)
    if day2:  # opens at day 1's deadline
        text = text.replace("[rules]", "[[days]]\nnumber = 2\ndeadline = 2026-11-30T20:00:00+03:00\n\n[rules]")
    path.write_text(text, encoding="utf-8")
    return path


class Thread:
    """The vote thread as the forum shows it now: posts, PER_PAGE a page, each page with an
    ETag; `publish` puts the current pages on the server."""

    def __init__(self, forum: Forum):
        self.forum, self.posts = forum, []

    def post(self, author: str, hhmm: str, body: str, edit: tuple[str, str] | None = None) -> None:
        self.posts.append([author, f"2026-11-29 {hhmm}:00", body, edit])

    def edit(self, index: int, by: str, hhmm: str) -> None:
        self.posts[index][3] = (by, f"2026-11-29 {hhmm}:00")

    @staticmethod
    def path(number: int) -> str:
        return "/viewtopic.php?id=7" + (f"&p={number}" if number > 1 else "")

    def publish(self) -> None:
        chunks = [self.posts[i:i + PER_PAGE] for i in range(0, len(self.posts), PER_PAGE)]
        for number, chunk in enumerate(chunks, 1):
            body = self._page(chunk, number, last=number == len(chunks)).encode("utf-8")
            etag = '"' + hashlib.sha256(body).hexdigest()[:16] + '"'
            self.forum.add(self.path(number), Reply.page(body, headers={"ETag": etag}))

    def _page(self, chunk: list, number: int, *, last: bool) -> str:
        out = []
        for i, (author, when, body, edit) in enumerate(chunk):
            no = (number - 1) * PER_PAGE + i + 1
            notice = f'<p class="lastedit">Отредактировано {edit[0]} ({edit[1]})</p>' if edit else ""
            out.append(post_html(pid=100 + no, no=no, uid=2 + NICKS.index(author) if author in NICKS else 1,
                                 when=when, author=author, body=body, edit=notice))
        links = "" if last else (f'<div class="linkst"><div class="pagelink"><strong>{number}</strong> '
                                 f'<a class="next" href="{self.path(number + 1)}">»</a></div></div>')
        return PAGE.format(title="День 1: голосование", posts="".join(out) + links)

    def url(self) -> str:
        return self.forum.url(self.path(1))


@pytest.fixture
def forum():
    server = Forum()
    yield server
    server.close()


def vote(nick: str) -> str:
    return f"<strong>VOTE: {nick}</strong>"


class Day:
    """The watch's clock: each sleep is ten minutes of the day, and the thread's next step."""

    def __init__(self, steps, start: str = "18:00"):
        self.now = datetime.fromisoformat(f"2026-11-29T{start}:00").replace(tzinfo=MSK)
        self.steps, self.slept = list(steps), []

    def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += timedelta(minutes=10)
        if self.steps:
            self.steps.pop(0)()

    def clock(self) -> Clock:
        return Clock(now=lambda: self.now, sleep=self.sleep)


def watch(source: str, game: Path, day: Day, **kw) -> list:
    count = CountRequest((source,), game=str(game), fetch=FAST)
    return list(rounds(WatchRequest(source, count, every=kw.pop("every", 0), **kw), day.clock()))


def opening(thread: Thread) -> None:
    thread.post("Ведущий", "10:00", "День 1. Голосуем до 20:00.")
    thread.post("Петя", "10:05", vote("Вася"))
    thread.post("Маша", "10:10", vote("Коля"))
    thread.publish()


def test_watch_rounds_tell_what_changed_and_alert(forum, tmp_path):
    """The day as the GM lives it: a move that puts Коля at L-1 on a new page, a round with
    nothing new (a 304), an edit of a counted vote, the hammer, then the deadline."""
    thread = Thread(forum)
    opening(thread)

    def move():  # posts 4 and 5: page 2 appears
        thread.post("Петя", "18:05", vote("Коля"))
        thread.post("Оля", "18:06", vote("Маша"))
        thread.publish()

    def edit():  # only the last page is asked again: an edit there is seen
        thread.edit(4, "Оля", "18:25")
        thread.publish()

    def hammer():
        thread.post("Вася", "18:35", vote("Коля"))
        thread.publish()

    def deadline():
        day.now = datetime.fromisoformat("2026-11-29T20:05:00+03:00")

    day = Day([move, lambda: None, edit, hammer, deadline])
    got = watch(thread.url(), game_file(tmp_path), day, pages=str(tmp_path / "pages"))
    first, moved, quiet, edited, hammered, final = got
    assert first.changed and first.changes == () and first.alerts == ()
    assert [(row.candidate, row.score) for row in first.results[0].tally] == [("Вася", 1), ("Коля", 1)]
    assert "Петя: голос перенесён: Вася → Коля" in moved.changes and "Коля +1 (1 → 2)" in moved.changes
    assert moved.alerts == ("Коля: L-1 (голосов: 2, молоток: 3)",)
    assert (quiet.changed, quiet.changes, quiet.alerts) == (False, (), ())
    assert edited.alerts == ("Оля: засчитанный голос отредактирован (пост 5)",) and edited.changes == ()
    assert hammered.alerts == ("молоток: Коля — набрано большинство (3), день окончен",)
    assert hammered.stop is None  # --until deadline (the default): the watch goes on
    assert final.stop == "deadline" and final.alerts == ()  # the hammer had ended the day
    assert final.results[0].outcome.eliminated == ("Коля",)


def test_only_the_last_page_and_new_pages_are_asked_again_conditionally(forum, tmp_path):
    thread = Thread(forum)
    opening(thread)
    thread.post("Вася", "10:20", "Привет")
    thread.post("Коля", "10:30", vote("Петя"))  # page 2
    thread.publish()
    day = Day([lambda: None, lambda: None])
    watch(thread.url(), game_file(tmp_path), day, rounds=3, pages=str(tmp_path / "pages"))
    asked = [(p, s) for p, s in forum.sent if p != "/robots.txt"]
    page1, page2 = Thread.path(1), Thread.path(2)
    assert asked == [(page1, 200), (page2, 200), (page2, 304), (page2, 304)]
    conditional = [h for p, h in forum.log if p == page2][1:]
    assert all(h.get("If-None-Match") for h in conditional)


def test_a_forum_without_etags_is_asked_if_modified_since(forum, tmp_path):
    thread = Thread(forum)
    opening(thread)
    reply = forum.routes[Thread.path(1)][0]
    forum.add(Thread.path(1), Reply.page(reply.body, headers={"Last-Modified": "Sun, 29 Nov 2026 15:10:00 GMT"}))
    got = watch(thread.url(), game_file(tmp_path, "en"), Day([]), rounds=2)
    assert [s for p, s in forum.sent if p != "/robots.txt"] == [200, 304]
    assert [h.get("If-Modified-Since") for p, h in forum.log if p != "/robots.txt"] == \
        [None, "Sun, 29 Nov 2026 15:10:00 GMT"]
    assert got[1].changed is False and got[1].results[0].tally == got[0].results[0].tally


def test_H13_l_minus_one_and_hammer_in_english_and_until_hammer_stops(forum, tmp_path):
    thread = Thread(forum)
    opening(thread)

    def two():
        thread.post("Вася", "18:05", vote("Коля"))
        thread.publish()

    def three():
        thread.post("Оля", "18:15", vote("Коля"))
        thread.publish()

    day = Day([two, three, lambda: None])
    got = watch(thread.url(), game_file(tmp_path, "en"), day, until="hammer")
    assert [r.alerts for r in got] == [(), ("Коля: L-1 (2 votes, the hammer is 3)",),
                                       ("hammer: Коля reached the majority (3); the day is over",)]
    assert "Вася voted: Коля" in got[1].changes
    assert got[-1].stop == "hammer" and len(got) == 3


def test_the_deadline_gives_one_final_count_then_the_watch_stops(forum, tmp_path):
    thread = Thread(forum)
    opening(thread)

    def late():
        thread.post("Вася", "20:01", vote("Петя"))  # after the deadline: late, not counted
        thread.publish()

    day = Day([lambda: None, late, lambda: None], start="19:45")  # rounds at 19:45, 19:55, 20:05
    got = watch(thread.url(), game_file(tmp_path, "en"), day)
    assert [r.stop for r in got] == [None, None, "deadline"]
    final = got[-1]
    assert final.alerts[0] == "day 1's deadline (2026-11-29 20:00) has passed: this is the final count"
    assert not final.results[0].provisional and got[0].results[0].provisional


def test_until_never_goes_on_past_the_deadline_until_the_rounds_are_done(forum, tmp_path):
    thread = Thread(forum)
    opening(thread)
    day = Day([], start="19:55")
    got = watch(thread.url(), game_file(tmp_path, "en", day2=True), day, until="never", rounds=3)
    assert [r.stop for r in got] == [None, None, "rounds"]
    assert [[r.day for r in g.results] for g in got] == [[1], [1, 2], [1, 2]]
    assert got[1].alerts[0].startswith("day 1's deadline") and "the earlier count has no day 2" in got[1].changes


def test_a_fetch_failure_is_a_note_and_the_next_round_tries_again(forum, tmp_path):
    thread = Thread(forum)
    opening(thread)
    body = forum.routes[Thread.path(1)][0]
    forum.add(Thread.path(1), Reply(503, b"busy", {"Retry-After": "600"}), body)
    day = Day([])
    got = watch(thread.url(), game_file(tmp_path, "en"), day, rounds=3, every=5)
    assert got[0].results == () and any("HTTP 503" in n for n in got[0].notes)
    assert any("600" in n for n in got[0].notes)  # Retry-After: the next round waits as long
    assert day.slept == [600, 5]  # once: then --every again
    assert got[1].changed and got[1].results


def test_a_restarted_watch_resumes_from_the_state_in_the_manifest(forum, tmp_path):
    thread = Thread(forum)
    opening(thread)
    pages = tmp_path / "pages"
    watch(thread.url(), game_file(tmp_path, "en"), Day([]), rounds=1, pages=str(pages))
    state = json.loads((pages / "manifest.json").read_text(encoding="utf-8"))["watch"]
    assert state["days"][0]["day"] == 1 and state["at"].startswith("2026-11-29T18:00")
    thread.post("Вася", "18:30", vote("Маша"))
    thread.publish()
    again = watch(thread.url(), game_file(tmp_path, "en"), Day([], start="19:00"), rounds=1, pages=str(pages))
    assert again[0].resumed == state["at"] and "Вася voted: Маша" in again[0].changes


SAVED = [("Ведущий", "2026-11-29 10:00:00", "День 1."), ("Петя", "2026-11-29 10:05:00", vote("Вася"))]


def saved_folder(tmp_path: Path) -> Path:
    """A folder where the GM saves the thread's page by hand (page1.html, as SAVED)."""
    from threadkit import page
    folder = tmp_path / "saved"
    folder.mkdir()
    (folder / "page1.html").write_text(page(SAVED), encoding="utf-8")
    return folder


def test_watch_dir_rereads_when_a_page_is_saved(tmp_path):
    from threadkit import page
    folder, posts = saved_folder(tmp_path), SAVED

    def save():
        more = posts + [("Маша", "2026-11-29 18:03:00", vote("Вася"))]
        (folder / "page1.html").write_text(page(more), encoding="utf-8")
        os.utime(folder / "page1.html", ns=(1, 10**18))

    game = game_file(tmp_path, "en")

    def kill():  # the GM marks Вася dead in the game file: the roster of four counts from now on
        text = game.read_text(encoding="utf-8").replace("deadline = 2026", 'dead = ["Вася"]\ndeadline = 2026')
        game.write_text(text, encoding="utf-8")
        os.utime(game, ns=(1, 2 * 10**18))

    got = watch(str(folder), game, Day([lambda: None, save, kill]), rounds=4)
    assert [r.changed for r in got] == [True, False, True, True]
    assert "Маша voted: Вася" in got[2].changes and got[2].alerts == ("Вася: L-1 (2 votes, the hammer is 3)",)
    assert "Вася" in got[2].results[0].roster and "Вася" not in got[3].results[0].roster


def test_robots_crawl_delay_for_votecount_else_every_robot():
    text = "User-agent: *\nCrawl-delay: 10\n\nUser-agent: Googlebot\nUser-agent: votecount\nCrawl-delay: 2.5\n"
    assert robots_delay(text) == 2.5
    assert robots_delay("User-agent: *\nDisallow: /admin\nCrawl-delay: 7 # be kind\n") == 7
    assert robots_delay("User-agent: *\nCrawl-delay: soon\n") is None and robots_delay("") is None


def test_rounds_are_no_closer_than_the_crawl_delay(forum, tmp_path):
    thread = Thread(forum)
    opening(thread)
    forum.add("/robots.txt", Reply(200, b"User-agent: *\nCrawl-delay: 90\n", {"Content-Type": "text/plain"}))
    day = Day([])
    got = watch(thread.url(), game_file(tmp_path, "en"), day, rounds=2, every=5)
    assert day.slept == [90] and any("robots.txt" in n for n in got[0].notes)


# --- the command line -------------------------------------------------------------------------

def cli(*args, cwd: Path):
    env = {**os.environ, "COLUMNS": "200", "NO_COLOR": "1", "PYTHONPATH": str(ROOT)}
    proc = subprocess.run([sys.executable, "-m", "votecount.cli", "watch", *map(str, args)],
                          capture_output=True, cwd=cwd, env=env, timeout=120)
    return proc.returncode, proc.stdout.decode("utf-8"), proc.stderr.decode("utf-8")


def test_cli_watch_writes_o_and_html_and_prints_only_changes(forum, tmp_path):
    thread = Thread(forum)
    opening(thread)
    first = forum.routes[Thread.path(1)][0]
    thread.post("Петя", "11:00", vote("Коля"))
    thread.publish()
    forum.add(Thread.path(1), first, *forum.routes[Thread.path(1)])  # round 1 sees the first page
    game = game_file(tmp_path)
    rc, out, err = cli(thread.url(), "--game", game, "--every", "0", "--until", "never", "--rounds", "3",
                       "-o", tmp_path / "count.bbcode", "--html", tmp_path / "live.html", cwd=tmp_path)
    assert rc == 0, err
    assert out.splitlines()[0].endswith("раунд 2:") and "  Петя: голос перенесён: Вася → Коля" in out
    assert "раунд 3" not in out  # nothing changed: nothing said
    post = (tmp_path / "count.bbcode").read_text(encoding="utf-8")
    assert post.startswith("[b]") and "Коля — 2" in post
    live = (tmp_path / "live.html").read_text(encoding="utf-8")
    assert '<meta http-equiv="refresh" content="1">' in live
    assert "Петя: голос перенесён: Вася → Коля" in live and "красн" not in live  # round 2's diff
    assert "\a" not in out  # no bell: standard output is not a terminal
    assert (tmp_path / "count.pages" / "manifest.json").is_file()
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []  # no temporary file left
    assert "раундов — 3" in err


def test_cli_every_is_seconds_or_a_unit_and_bad_values_are_one_line(tmp_path):
    from votecount.cli.watch import every_seconds
    assert [every_seconds(v) for v in ("0", "90", "90s", "5m", "1.5h")] == [0, 90, 90, 300, 5400]
    rc, out, err = cli(str(tmp_path), "--every", "soon", cwd=tmp_path)
    assert rc == 2 and err.count("\n") == 1 and "--every soon" in err
    rc, out, err = cli("-", cwd=tmp_path)
    assert rc == 2 and err.count("\n") == 1 and "standard input" in err


def test_cli_ctrl_c_ends_the_watch_and_leaves_the_last_count_whole(forum, tmp_path):
    thread = Thread(forum)
    opening(thread)
    out = tmp_path / "count.md"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "votecount.cli", "watch", thread.url(), "--game",
                             str(game_file(tmp_path)), "--every", "600", "--until", "never", "-o", str(out)],
                            cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        for _ in range(600):  # until the first count is written (then the watch sleeps)
            if out.exists():
                break
            proc.wait(timeout=0.1) if proc.poll() is not None else __import__("time").sleep(0.1)
        written = out.read_text(encoding="utf-8")
        proc.send_signal(signal.SIGINT)
        rc = proc.wait(timeout=20)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert rc == 130 and out.read_text(encoding="utf-8") == written and "Вася" in written


def test_a_forum_on_the_internet_is_asked_at_most_once_a_minute(monkeypatch, tmp_path):
    from votecount import api
    from votecount.errors import FetchError

    def unreachable(*args, **kw):
        raise FetchError("page 1 (https://forum.example/t=1): connection failed")
    monkeypatch.setattr(api, "watch_politeness", lambda url, options: (None, False))
    monkeypatch.setattr(api, "fetch_folder", unreachable)
    day = Day([])
    got = watch("https://forum.example/t=1", game_file(tmp_path, "en"), day, rounds=2, every=5)
    assert day.slept == [60] and got[0].notes[0] == "--every 5: forum.example is asked at most once every 60 s"
    assert all(r.results == () for r in got) and "connection failed" in got[1].notes[0]


@given(st.floats(min_value=0, max_value=10**6, allow_nan=False), st.sampled_from(["", "s", "m", "h", "min", "sec"]))
def test_every_reads_a_number_with_its_unit(value, unit):
    from votecount.cli.watch import every_seconds
    text = f"{value:f}".rstrip("0").rstrip(".") or "0"
    factor = {"": 1, "s": 1, "sec": 1, "m": 60, "min": 60, "h": 3600}[unit]
    assert every_seconds(text + unit) == pytest.approx(float(text) * factor)


@given(st.text(max_size=200))
def test_robots_delay_never_fails_and_is_never_negative(text):
    found = robots_delay(text)
    assert found is None or 0 <= found < 86400


def test_cli_rings_the_bell_with_an_alert_only_on_a_terminal(forum, tmp_path):
    import pty
    thread = Thread(forum)
    opening(thread)
    thread.post("Вася", "10:20", vote("Коля"))  # Коля at L-1 on the first count
    thread.publish()
    leader, follower = pty.openpty()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "200", "NO_COLOR": "1"}
    proc = subprocess.Popen([sys.executable, "-m", "votecount.cli", "watch", thread.url(), "--game",
                             str(game_file(tmp_path, "en")), "--every", "0", "--rounds", "1", "-o",
                             str(tmp_path / "count.md")], cwd=tmp_path, env=env, stdout=follower,
                            stderr=subprocess.PIPE)
    os.close(follower)
    seen = b""
    while True:
        try:
            chunk = os.read(leader, 4096)
        except OSError:  # the terminal closed: the watch is done
            break
        if not chunk:
            break
        seen += chunk
    assert proc.wait(timeout=60) == 0
    os.close(leader)
    assert b"!! \xd0\x9a\xd0\xbe\xd0\xbb\xd1\x8f: L-1" in seen and b"\a" in seen


def test_watch_dir_keeps_the_last_count_when_a_page_is_half_saved(tmp_path):
    folder = saved_folder(tmp_path)

    def half():
        (folder / "page2.html").write_text("<html><body><div id='pun", encoding="utf-8")

    got = watch(str(folder), game_file(tmp_path, "en"), Day([half]), rounds=2)
    assert got[1].results == got[0].results and not got[1].changed
    assert got[1].notes[0].startswith("no count this round: ") and "page2.html" in got[1].notes[0]


def test_l_minus_one_is_the_counts_own_weighted_step_on_an_open_day():
    """An open day: L-1 is the count's `majority.one_short` (a prosecutor's red weighs 2: two
    votes short is L-1), not one vote short of the need."""
    from votecount.watch.changes import alerts
    day = {"day": 1, "provisional": True, "flags": {}, "outcome": {"kind": "open"},
           "tally": [{"candidate": "Коля", "score": 2}, {"candidate": "Петя", "score": 3}],
           "majority": {"alive": 7, "need": 4, "one_short": ["Коля"]}}
    said = alerts(None, day, need=4, lang="ru")
    assert any("Коля" in line for line in said) and not any("Петя" in line for line in said)
