"""Never say more than the pages show (issue 28, cases 1-3): a day is decided only when its
deadline is known and has passed by "now", or a rule closed it; a thread is whole only when the
pages say so. Run as a newcomer runs it: the README's commands, through the CLI."""

from __future__ import annotations

import json

import pytest

from conftest import ROOT
from test_cli import run as _run


class Out:
    def __init__(self, got):
        self.returncode, self.stdout, self.stderr = got


def run(*args):
    return Out(_run(*args))

EXAMPLE = ROOT / "examples" / "zarechnaya"
GAME = EXAMPLE / "game.toml"
MTGS = ROOT.parent / "shared" / "corpus" / "curse-elevated" / "ecophagy-mtgs-unreliable-cops-mafia-all.html"
MTGS_GAME = ROOT / "tests" / "fixtures" / "games" / "mtgs" / "game.toml"


def test_no_deadline_at_is_an_interim_count_without_penalties():
    # Case 1: no game file, no --deadline: "--at 14:00" gave "+1 штраф" to two players and no heading.
    out = run(EXAMPLE, "--at", "14:00", "-f", "bbcode")
    assert out.returncode == 0, out.stderr
    assert "штраф" not in out.stdout
    assert ("[b]Промежуточный подсчёт на 29.11 14:00 — дедлайн не задан: итог не подводится; задайте "
            "--deadline или дедлайн в файле игры[/b]") in out.stdout
    assert "[b]Пока впереди: Петя[/b]" in out.stdout  # the post's words for an open day (issue 29)
    assert "\nЕщё не проголосовали: " in out.stdout


@pytest.mark.parametrize("fmt", ["table", "markdown", "html", "bbcode"])
def test_no_deadline_is_open_in_every_format(fmt):
    out = run(EXAMPLE, "-f", fmt, "--lang", "en")
    assert out.returncode == 0, out.stderr
    assert "no deadline is set: no outcome is declared; give --deadline or a deadline in the game file" in out.stdout
    assert "penalty)" not in out.stdout and "executed" not in out.stdout.lower()


def test_no_deadline_json_is_open():
    day = json.loads(run(EXAMPLE, "-f", "json").stdout)
    assert day["provisional"] is True and day["open_reason"] == "no_deadline"
    assert day["outcome"]["kind"] == "open" and day["outcome"]["leaders"] == ["Петя"]
    assert not [v for v in day["violations"] if v["code"] in ("missed_vote", "modkill")]
    assert all(row["penalty"] == 0 for row in day["tally"])


def test_a_deadline_given_decides_the_day_again():
    day = json.loads(run(EXAMPLE, "-f", "json", "--deadline", "2026-11-29T20:00").stdout)
    assert "provisional" not in day and day["outcome"]["kind"] == "lynch"


@pytest.mark.skipif(not MTGS.exists(), reason="corpus page absent (../shared/corpus)")
def test_mtgs_without_deadline_announces_no_lynch():
    # Case 2: "Outcome: lynch — Gentleman Johnny" on 2 votes of 6, no deadline, no majority.
    out = run(MTGS, "--game", MTGS_GAME, "-f", "json")
    day = json.loads(out.stdout)
    assert day["outcome"]["kind"] == "open" and day["outcome"]["eliminated"] == []
    at = json.loads(run(MTGS, "--game", MTGS_GAME, "-f", "json", "--at", "2016-11-11T21:28:02Z").stdout)
    assert at["outcome"]["kind"] == "open" and at["open_reason"] == "no_deadline"
    assert at["outcome"]["leaders"] == ["Gentleman Johnny", "zomgarcwind"]
    table = run(MTGS, "--game", MTGS_GAME, "--at", "2016-11-11T21:28:02Z").stdout
    assert "Interim count at 2016-11-11 21:28 — no deadline is set" in table
    assert "nobody is eliminated" not in table


def test_page_one_alone_is_not_the_whole_thread():
    # Case 3: page 1 has a "next" link and page 2 holds a vote; the count was final.
    out = run(EXAMPLE / "page1.html", "--game", GAME, "-f", "json")
    assert out.returncode == 0, out.stderr
    day = json.loads(out.stdout)
    assert day["thread"]["complete"] is False
    assert day["thread"]["missing_pages"] == [
        {"after_post": 7, "url": "https://zarechnaya.rolka.me/viewtopic.php?id=28&p=2"}]
    assert day["provisional"] is True and day["open_reason"] == "incomplete"
    assert day["outcome"]["kind"] == "open"
    [warning] = [w for w in day["thread"]["warnings"] if "next page" in w]
    assert "page1.html links to a next page (https://zarechnaya.rolka.me/viewtopic.php?id=28&p=2)" in warning
    table = run(EXAMPLE / "page1.html", "--game", GAME).stdout
    assert "Промежуточный подсчёт — тема дана не целиком (см. предупреждение): итог дня не подводится" in table


def test_whole_thread_is_complete():
    day = json.loads(run(EXAMPLE, "--game", GAME, "-f", "json").stdout)
    assert day["thread"]["complete"] is True and day["thread"]["missing_pages"] == []
    assert "provisional" not in day and day["outcome"]["kind"] == "lynch"


def test_strict_refuses_part_of_a_thread():
    out = run(EXAMPLE / "page1.html", "--game", GAME, "--strict")
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.strip().splitlines() == [
        "votecount: " + str(EXAMPLE / "page1.html") + ": --strict: the thread is not whole: a next page follows "
        "post 7 (https://zarechnaya.rolka.me/viewtopic.php?id=28&p=2)"]


def test_at_before_the_missing_pages_is_an_interim_count_as_before():
    # --at before the last post given: the missing pages come later, the count is the usual interim one
    day = json.loads(run(EXAMPLE / "page1.html", "--game", GAME, "-f", "json", "--at", "2026-11-29T08:00").stdout)
    assert day["open_reason"] == "deadline"


def test_a_thread_from_its_middle_is_not_decided(tmp_path):
    out = run(EXAMPLE / "page2.html", "--game", GAME, "-f", "json")
    day = json.loads(out.stdout)
    assert day["thread"]["complete"] is False and day["thread"]["missing_pages"][0]["before_post"] > 1
    assert day["outcome"]["kind"] == "open" and day["open_reason"] == "incomplete"
