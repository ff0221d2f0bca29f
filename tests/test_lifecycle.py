"""The life cycle of a count: interim before the deadline, final after it (issue 14 §1).

"Now" is --at, else the pages' known save moment (a SingleFile "saved date" here), else
unknown. A day whose deadline is after "now" is provisional: outcome `open`, the ballots so far,
no missed-vote effect, no strike, no modkill. Early close (RB.8), fast night (PC.4) and the
bold-vote hammer make a day final from that post on. Each preset has an interim test."""

from __future__ import annotations

import subprocess
import sys

import pytest

from threadkit import blue, codes, count, page, red, scores, write

GM = ("Ведущий", "2026-11-28 20:00:00", "День 1. Голосуем до 20:00.")
FOUR = ["Аня", "Боря", "Вова", "Гена"]
DAY1 = "number = 1\ndeadline = 2026-11-29T20:00:00+03:00"


def t(hhmm: str, day: int = 29) -> str:
    return f"2026-11-{day} {hhmm}:00"


# Where SingleFile's header stands in a saved page: first in <html> (its usual place), or
# between the doctype and <html>, or in <head>; in a theme whose doctype is followed by IE's
# conditional comments (HTML5 Boilerplate, as the corpus's Curse page), which came first.
_IE = "".join(f'<!--[if IE {v} ]> <html lang="ru" class="ie{v}"> <![endif]-->\n' for v in (6, 7, 8, 9))
PLACES = {
    "after <html>": lambda p, c: p.replace("<html lang=\"ru\">", "<html lang=\"ru\">" + c, 1),
    "after the doctype": lambda p, c: p.replace("<!DOCTYPE html>\n", f"<!DOCTYPE html>\n{c}\n", 1),
    "in <head>": lambda p, c: p.replace("<head>", "<head>" + c, 1),
    "after conditional comments": lambda p, c: p.replace("<!DOCTYPE html>\n", f"<!DOCTYPE html>\n{_IE}", 1)
    .replace("<html lang=\"ru\">", f"<!--[if !IE]><!-->\n<html lang=\"ru\">{c}\n<!--<![endif]-->", 1),
}


def singlefile(tmp_path, posts, players, saved: str, where: str = "after <html>", **kw):
    """A page saved by SingleFile at `saved` (its comment: 'saved date: Sun Nov 29 2026 …')."""
    from votecount.api import CountRequest, run
    from votecount.render.json_out import day_dict
    thread, game = write(tmp_path, posts, players, **kw)
    comment = (f"<!--\n Page saved with SingleFile \n url: https://t.rolka.me/viewtopic.php?id=1 \n"
               f" saved date: Sun Nov 29 2026 {saved}:00 GMT+0300 (Moscow Standard Time)\n-->")
    text = PLACES[where](page(posts), comment)
    assert comment in text
    thread.write_text(text, encoding="utf-8")
    return [day_dict(r) for r in run(CountRequest((str(thread),), game=str(game), lang="ru"))]


def results(tmp_path, posts, players, at=None, lang="ru", **kw):
    from votecount.api import CountRequest, run
    thread, game = write(tmp_path, posts, players, **kw)
    return run(CountRequest((str(thread),), game=str(game), at=at, lang=lang))


# -- classic: an interim count from --at ------------------------------------------------------
CLASSIC = [GM, ("Аня", t("10:00"), "Боря"), ("Боря", t("10:30"), "Аня"), ("Вова", t("11:00"), "Боря")]


def test_classic_interim_from_at_has_no_missed_vote_and_an_open_outcome(tmp_path):
    [day] = count(tmp_path, CLASSIC, FOUR, at="14:00")
    assert day["provisional"] is True and day["now"] == "2026-11-29T14:00:00+03:00"
    assert day["outcome"]["kind"] == "open" and day["outcome"]["eliminated"] == []
    assert day["outcome"]["leaders"] == ["Боря"]
    assert scores(day) == {"Боря": 2, "Аня": 1}  # no self-vote for Гена, who has six hours left
    assert day["missing"] == ["Гена"]
    assert not [v for v in day["violations"] if v["code"] in ("missed_vote", "modkill")]


def test_classic_the_same_thread_after_the_deadline_is_final(tmp_path):
    [day] = count(tmp_path, CLASSIC, FOUR, at="2026-11-29T20:00")
    assert "provisional" not in day and day["outcome"]["kind"] == "lynch"
    assert ("missed_vote", "Гена") in codes(day) and scores(day)["Гена"] == 1  # C3.6


def test_classic_an_interim_day_is_no_strike(tmp_path):
    """C3.7: two missed votes are a modkill; a day still open has not been missed yet."""
    days = [DAY1, "number = 2\ndeadline = 2026-11-30T20:00:00+03:00"]
    posts = CLASSIC + [("Аня", t("10:00", 30), "Боря")]
    day1, day2 = count(tmp_path, posts, FOUR, days=days, at="2026-11-30T12:00")
    assert ("missed_vote", "Гена") in codes(day1)
    assert day2["outcome"]["kind"] == "open" and day2["modkills"] == []
    assert set(day2["missing"]) == {"Боря", "Вова", "Гена"}


@pytest.mark.parametrize("fmt", ["table", "bbcode", "markdown", "html"])
def test_every_format_heads_an_interim_count(tmp_path, fmt):
    from votecount.render import report
    ru = results(tmp_path, CLASSIC, FOUR, at="14:00")
    assert "Промежуточный подсчёт на 14:00 (до конца дня 6 ч)" in report(fmt, ru)
    en = results(tmp_path, CLASSIC, FOUR, at="13:30", lang="en")
    assert "Interim count at 13:30, 6 h 30 min before the deadline" in report(fmt, en)
    final = results(tmp_path, CLASSIC, FOUR, at="20:00")
    assert "Промежуточный" not in report(fmt, final)


def test_the_forum_post_says_who_has_not_voted_yet(tmp_path):
    from votecount.render import report
    text = report("bbcode", results(tmp_path, CLASSIC, FOUR, at="14:00"))
    assert "\nЕщё не проголосовали: " in text and "казнен" not in text


# -- red-blue: an interim count from the page's SingleFile save moment ------------------------
RB_PLAYERS = ["Вася", "Петя", ("Аня", "doctor"), ("Коля", "prosecutor")]
RB = [GM, ("Вася", t("10:00"), red("Петя")), ("Аня", t("11:00"), blue("Петя")),
      ("Коля", t("12:00"), red("Вася"))]


def test_rb5_no_penalty_in_an_interim_count_from_the_save_moment(tmp_path):
    [day] = singlefile(tmp_path, RB, RB_PLAYERS, "14:00", rules="red-blue")
    assert day["provisional"] is True and day["now"] == "2026-11-29T14:00:00+03:00"
    assert day["outcome"]["kind"] == "open"
    assert scores(day) == {"Вася": 2, "Петя": -2}  # Петя has no +2 (RB.5) yet
    assert day["missing"] == ["Петя"] and not any(v["code"] == "missed_vote" for v in day["violations"])


@pytest.mark.parametrize("where", list(PLACES))
def test_the_save_moment_is_read_wherever_singlefile_wrote_it(tmp_path, where):
    """Issue 26: a header between the doctype and <html> (or after a theme's conditional
    comments) was missed, and an interim count was taken as final."""
    [day] = singlefile(tmp_path, RB, RB_PLAYERS, "14:00", where=where, rules="red-blue")
    assert day["provisional"] is True and day["now"] == "2026-11-29T14:00:00+03:00"
    [day] = singlefile(tmp_path, RB, RB_PLAYERS, "20:10", where=where, rules="red-blue")
    assert "provisional" not in day and ("missed_vote", "Петя") in codes(day)


def test_rb5_a_page_saved_after_the_deadline_is_final(tmp_path):
    [day] = singlefile(tmp_path, RB, RB_PLAYERS, "20:10", rules="red-blue")
    assert "provisional" not in day and ("missed_vote", "Петя") in codes(day)
    assert scores(day)["Петя"] == -2 + 2


def test_rb8_a_day_closed_early_is_final_before_its_deadline(tmp_path):
    d = "2026-12-01"
    days = [DAY1, "number = 2\ndeadline = 2026-11-30T20:00:00+03:00",
            "number = 3\ndeadline = 2026-12-01T20:00:00+03:00"]
    voted = [(p, f"2026-11-{n} 10:00:00", red("Вася" if p != "Вася" else "Петя"))
             for n in (29, 30) for p in ("Вася", "Петя", "Аня", "Коля")]
    early = [(p, f"{d} 10:0{i}:00", red(x) + " досрочно")
             for i, (p, x) in enumerate([("Вася", "Петя"), ("Петя", "Вася"), ("Аня", "Вася"), ("Коля", "Вася")])]
    *_, day3 = count(tmp_path, [GM, *voted, *early], RB_PLAYERS, rules="red-blue", days=days,
                     at="2026-12-01T12:00")
    assert day3["flags"]["early_close_at"] == "2026-12-01T10:03:00+03:00"
    assert "provisional" not in day3 and day3["outcome"]["kind"] == "lynch"


# -- pass-catastrophe: an interim runoff; fast night -----------------------------------------
SIX = FOUR + ["Даша", "Ева"]
TIE = [GM, ("Аня", t("10:00"), "Боря"), ("Боря", t("10:00"), "Аня"), ("Вова", t("10:00"), "Аня"),
       ("Гена", t("10:00"), "Боря"), ("Даша", t("10:00"), "пас"), ("Ева", t("10:00"), "пас"),
       ("Вова", t("20:05"), "повесить всех")]
RUNOFF_DAY = DAY1 + "\nrunoff_deadline = 2026-11-29T21:00:00+03:00"


def test_pc5_a_runoff_before_its_deadline_is_interim(tmp_path):
    from votecount.render import report
    rs = results(tmp_path, TIE, SIX, at="20:30", rules="pass-catastrophe", days=[RUNOFF_DAY])
    [r] = rs
    assert r.provisional and r.runoff.provisional and not r.runoff.counted
    assert r.outcome.kind == "runoff"
    assert "Промежуточный подсчёт на 20:30 (до конца переголосования 30 мин)" in report("bbcode", rs)
    [done] = results(tmp_path, TIE, SIX, at="21:00", rules="pass-catastrophe", days=[RUNOFF_DAY])
    assert not done.provisional and done.runoff.counted and done.outcome.kind != "runoff"


def test_pc5_an_interim_day_of_pass_catastrophe_has_no_self_vote(tmp_path):
    [day] = count(tmp_path, TIE[:3], SIX, at="12:00", rules="pass-catastrophe", days=[RUNOFF_DAY])
    assert day["outcome"]["kind"] == "open" and day["runoff"] is None  # PC.10 not yet
    assert scores(day) == {"Боря": 1, "Аня": 1} and len(day["missing"]) == 4


def test_pc4_fast_night_makes_the_day_final(tmp_path):
    posts = [GM, ("Аня", t("10:00"), "Боря фаст"), ("Вова", t("10:05"), "Боря фаст"),
             ("Гена", t("10:10"), "Боря ускорение"), ("Боря", t("10:20"), "Аня фаст")]
    [day] = count(tmp_path, posts, FOUR + ["Даша"], at="12:00", rules="pass-catastrophe")
    assert day["flags"]["fast_night_at"] is not None
    assert "provisional" not in day and day["outcome"]["eliminated"] == ["Боря"]


# -- bold-vote: the hammer makes the day final; before it, interim ---------------------------
BV = ["Gentleman Johnny", "Anaklusmos", "D_V", "Ophidia", "zomgarcwind"]
HOST = ("Host", "2026-11-28 20:00:00", "Day 1 starts. Deadline 20:00.")


def test_bold_vote_hammer_makes_the_day_final_before_its_deadline(tmp_path):
    posts = [HOST, ("D_V", t("10:00"), "<b>Vote Ophidia</b>"), ("Anaklusmos", t("10:05"), "<b>Vote Ophidia</b>"),
             ("zomgarcwind", t("10:10"), "<b>Vote Ophidia</b>")]
    kw = dict(rules="bold-vote", gm="Host", overrides='majority = "half+1"', lang="en")
    [before] = count(tmp_path, posts, BV, at="10:07", **kw)
    assert before["provisional"] is True and before["outcome"]["kind"] == "open"
    [after] = count(tmp_path, posts, BV, at="12:00", **kw)
    assert "provisional" not in after and after["outcome"]["eliminated"] == ["Ophidia"]


# -- "now" unknown; --at before the first day ------------------------------------------------
def test_an_unknown_save_moment_is_final_with_one_warning(tmp_path):
    from votecount.render import report
    rs = results(tmp_path, CLASSIC, FOUR)
    [r] = rs
    assert not r.provisional and r.outcome.kind == "lynch"
    [line] = r.warnings
    assert "когда они сохранены" in line and "--at 11:00" in line
    assert line in report("bbcode", rs) and line in report("table", rs)


def test_at_before_the_first_day_opens_says_so_in_one_line(tmp_path):
    thread, game = write(tmp_path, CLASSIC, FOUR, days=["number = 1\nopens = 2026-11-28T20:00:00+03:00\n"
                                                        "deadline = 2026-11-29T20:00:00+03:00"])
    proc = subprocess.run([sys.executable, "-m", "votecount.cli", str(thread), "--game", str(game),
                           "--at", "2026-11-28T12:00"], capture_output=True, text=True)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.strip().splitlines() == [
        "votecount: --at 2026-11-28 12:00: no day had opened yet (day 1 opens 2026-11-28 20:00)"]


def test_help_shows_the_interim_count_as_a_gm_uses_it():
    for args in (["--help"], ["count", "--help"]):
        proc = subprocess.run([sys.executable, "-m", "votecount.cli", *args], capture_output=True, text=True)
        assert "votecount thread.html --at 14:00 -f bbcode" in proc.stdout


def test_at_before_a_later_day_opens_names_that_day(tmp_path):
    from votecount.api import CountRequest, run
    from votecount.errors import ConfigError
    days = [DAY1, "number = 2\nopens = 2026-11-30T10:00:00+03:00\ndeadline = 2026-11-30T20:00:00+03:00"]
    thread, game = write(tmp_path, CLASSIC, FOUR, days=days)
    with pytest.raises(ConfigError, match=r"^--at 2026-11-30 09:00: day 2 had not opened yet "
                                          r"\(day 2 opens 2026-11-30 10:00\)$"):
        run(CountRequest((str(thread),), game=str(game), day=2, at="2026-11-30T09:00", lang="ru"))
