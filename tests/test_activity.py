"""`votecount activity` (rule C3.14, seed 003 4.1 and 5.1.6): posts per alive player per day
in the game thread, likely non-informative posts marked with the reason, who is below the
minimum today and two days running.

The fixture `fixtures/activity/c3_14/` is a game thread in mybb.ru markup (written with
threadkit.page) with its game file; what each row must be was worked out by hand from the
posts and is asserted below; `expected.json` is its golden.
"""

from __future__ import annotations

import csv
import functools
import io
import json

from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import FIXTURES, check_golden, corpus_page
from test_cli import run
from threadkit import page

from votecount.count import activity

CASE = FIXTURES / "activity" / "c3_14"
MTG = "curse-elevated/ecophagy-mtgs-unreliable-cops-mafia-all.html"


@functools.lru_cache(maxsize=None)  # one run per option set: the CLI is a subprocess
def rows(*extra):
    code, out, err = run("activity", CASE / "thread.html", "--game", CASE / "game.toml",
                         "--format", "json", "--lang", "en", *extra)
    assert code == 0, err
    return json.loads(out), err


def by_key(data):
    return {(r["player"], r["day"]): r for r in data}


def test_c3_14_golden(update_goldens):
    data, _ = rows()
    check_golden(data, CASE / "expected.json", update_goldens)


def test_c3_14_posts_per_alive_player_per_day_by_hand():
    data, err = rows()
    got = {k: (r["posts"], r["informative"], r["below_minimum"], r["below_two_days"])
           for k, r in by_key(data).items()}
    assert got == {
        # day 1: Вася's post before the GM opened the day is not counted
        ("Вася", 1): (5, 5, False, False),
        ("Петя", 1): (6, 3, True, False),  # laughter, a promise, a bare quote
        ("Маша", 1): (0, 0, True, False),  # never posted: listed with 0
        ("Коля", 1): (5, 5, False, False),
        # day 2: Маша and Коля are dead (not listed, although Маша posts); Петя's post at
        # exactly the deadline of day 1 opens day 2's count
        ("Вася", 2): (6, 4, True, False),  # a repeat, "буду вечером"
        ("Петя", 2): (4, 2, True, True),  # "+1", "ап": below on day 1 and on day 2
    }
    assert [r["player"] for r in data] == ["Вася", "Петя", "Маша", "Коля", "Вася", "Петя"]
    assert "Зритель (1)" in err  # a poster off the roster is said, not silently dropped
    assert "posting while out of the game: Маша (day 2: 1)" in err


def test_c3_14_rows_have_the_contract_fields():
    data, _ = rows()
    for r in data:
        assert set(r) >= {"player", "day", "posts", "informative", "below_minimum", "below_two_days"}
        assert r["informative"] == r["posts"] - len(r["marked"])


def test_c3_14_marked_posts_say_why():
    marked = {(r["player"], m["post_no"]): m["reasons"] for r in rows()[0] for m in r["marked"]}
    assert marked == {("Петя", 5): ["filler"], ("Петя", 7): ["promise"], ("Петя", 19): ["empty"],
                      ("Вася", 25): ["repeat"], ("Вася", 33): ["short", "promise"],
                      ("Петя", 26): ["filler"], ("Петя", 31): ["filler"]}


def test_c3_14_minimum_is_a_parameter():
    got = by_key(rows("--minimum", "3")[0])
    assert not got[("Петя", 1)]["below_minimum"] and not got[("Петя", 2)]["below_two_days"]
    assert got[("Петя", 2)]["below_minimum"] and got[("Маша", 1)]["below_minimum"]
    got = by_key(rows("--minimum", "6")[0])
    assert got[("Вася", 1)]["below_minimum"] and got[("Вася", 2)]["below_two_days"]


def test_c3_14_one_day_keeps_the_previous_day_for_two_days_running():
    data, _ = rows("--day", "2")
    assert [(r["player"], r["below_two_days"]) for r in data] == [("Вася", False), ("Петя", True)]


def test_c3_14_table_and_csv():
    code, out, err = run("activity", CASE / "thread.html", "--game", CASE / "game.toml",
                         "--lang", "en", "--explain")
    assert code == 0, err
    assert "Below 5 two days running (C3.14: modkill, the GM's call): Петя" in out
    assert "repeats post 24" in out and "Day 2 (in progress" in out and "Зритель (1)" in out
    assert "Posting while out of the game (4.4): Маша (day 2: 1)" in out
    code, out, err = run("activity", CASE / "thread.html", "--game", CASE / "game.toml",
                         "--format", "csv", "--lang", "en")
    assert code == 0, err
    table = list(csv.DictReader(io.StringIO(out)))
    assert list(table[0]) == ["player", "day", "posts", "informative", "below_minimum",
                              "below_two_days", "marked"]
    assert table[1]["player"] == "Петя" and table[1]["informative"] == "3"
    assert table[1]["marked"].startswith("5: only laughter")


def test_c3_14_gm_posts_are_not_counted_and_a_dead_player_is_out(tmp_path):
    thread = tmp_path / "t.html"
    thread.write_text(page([("Ведущий", "2026-11-28 20:00:00", "День 1. Обсуждаем"),
                            ("Ведущий", "2026-11-28 21:00:00", "Напоминаю про пять постов в день"),
                            ("Вася", "2026-11-28 21:05:00", "Петя подозрительно молчит весь вечер")]),
                      encoding="utf-8")
    game = tmp_path / "g.toml"
    game.write_text('[game]\ngm = ["Ведущий"]\n[[players]]\nnick = "Вася"\n[[players]]\nnick = "Петя"\n'
                    '[[days]]\nnumber = 1\ndead = ["Петя"]\n', encoding="utf-8")
    code, out, err = run("activity", thread, "--game", game, "--format", "json")
    assert code == 0, err
    assert json.loads(out) == [{"player": "Вася", "day": 1, "posts": 1, "informative": 1,
                                "below_minimum": True, "below_two_days": False, "marked": []}]


def test_c3_14_without_a_game_file_the_gm_is_the_first_poster(tmp_path):
    thread = tmp_path / "t.html"
    thread.write_text(page([("Ведущий", "2026-11-28 20:00:00", "День 1"),
                            ("Вася", "2026-11-28 21:05:00", "лол"),
                            ("Петя", "2026-11-28 21:06:00", "Вася, смех — не аргумент")]), encoding="utf-8")
    code, out, err = run("activity", thread, "--format", "json", "--minimum", "1")
    assert code == 0, err
    got = {r["player"]: (r["posts"], r["informative"], r["below_minimum"]) for r in json.loads(out)}
    assert got == {"Вася": (1, 0, True), "Петя": (1, 1, False)}


def test_c3_14_bad_day_and_bad_game_are_one_line_errors(tmp_path):
    code, out, err = run("activity", CASE / "thread.html", "--game", CASE / "game.toml", "--day", "9")
    assert code == 2 and err.strip() == "votecount: --day 9: the game file has days 1, 2"
    code, out, err = run("activity", CASE / "thread.html", "--game", tmp_path / "none.toml")
    assert code == 2 and err.count("\n") == 1 and "no such game file" in err and not out


# -- the marking heuristics, one reason at a time ----------------------------------------------
def reasons(text, earlier=None):
    return activity.judge(text, earlier)[0]


def test_c3_14_marking_reasons():
    assert reasons("") == ("empty",) and reasons("  \n ") == ("empty",)
    for filler in ("ахаха", ")))", "+1", "ап", "Up!", "ХАХАХА)))", "lol", "😂😂", "да нет", "hahaha xD"):
        assert reasons(filler) == ("filler",), filler
    assert reasons("Петя мафия") == ("short",)
    assert reasons("Приду вечером — всё напишу") == ("promise",)
    assert reasons("позже отпишусь") == ("short", "promise")
    assert reasons("I'll be back later tonight") == ("promise",)
    assert reasons("Петя мафия, Вася мирный", {"петя мафия, вася мирный": 4}) == ("repeat",)
    # content is not marked, even when it mentions writing later
    assert reasons("Петя вчера голосовал за мирную Машу, а сегодня молчит") == ()
    long_promise = "Петя вчера голосовал за мирную Машу и сегодня молчит, вечером напишу подробнее почему я так думаю"
    assert reasons(long_promise) == ()
    assert reasons("I'm the Miller.") == ()


@settings(max_examples=200, deadline=None)
@given(st.text(), st.dictionaries(st.text(max_size=20), st.integers(1, 999), max_size=3))
def test_c3_14_marking_never_crashes(text, earlier):
    codes, details = activity.judge(text, earlier)
    assert set(codes) <= set(activity.REASONS) and len(codes) == len(details)
    assert len(set(codes)) == len(codes)
    if not text.strip():
        assert codes == ("empty",)


def test_c3_14_corpus_game_thread(tmp_path):
    """The MTG Salvation game (a real English forum-mafia thread) with the game file `init`
    drafts from it: day 1 opens at the GM's "Day 1 start." (post 8). Counted by eye from
    `votecount posts`: the rows below."""
    thread = corpus_page(MTG)
    game = tmp_path / "game.toml"
    code, _, err = run("init", thread, "--tz", "UTC", "-o", game)
    assert code == 0, err
    code, out, err = run("activity", thread, "--game", game, "--format", "json", "--lang", "en")
    assert code == 0, err
    got = {r["player"]: (r["posts"], r["informative"], r["below_minimum"]) for r in json.loads(out)}
    assert got == {"shadowlancerx": (6, 6, False), "D_V": (3, 3, True), "Anaklusmos": (2, 2, True),
                   "Gentleman Johnny": (19, 18, False),  # post 49 "Unvote" is short
                   "Ophidia": (5, 4, True),  # post 9 "/Confirm" is filler
                   "Mete0rShower": (6, 6, False)}
