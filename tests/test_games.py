"""Whole games, one per preset, three days each (tests/fixtures/games/<preset>/).

For each game the expected count below was derived by hand from ../shared/RULES.md before
the tool was run; the reasoning, post by post, is in the game's README.md. The full JSON is
also kept as a golden (expected.json) so any change in the output is seen.
"""

import json

import pytest

from conftest import ROOT, check_golden

GAMES = ROOT / "tests" / "fixtures" / "games"


def count_game(name: str) -> list[dict]:
    from votecount.api import CountRequest, run
    from votecount.render.json_out import day_dict
    folder = GAMES / name
    results = run(CountRequest((str(folder / "thread.html"),), game=str(folder / "game.toml")))
    return [day_dict(r) for r in results]


def summary(day: dict) -> dict:
    out = {
        "tally": {r["candidate"]: r["score"] for r in day["tally"]},
        "outcome": (day["outcome"]["kind"], day["outcome"]["eliminated"]),
        "missing": day["missing"],
        "modkills": day["modkills"],
        "violations": [(v["code"], v["player"], v["rule"], v["effect"]) for v in day["violations"]],
        "flags": {k: v for k, v in day["flags"].items() if v},
    }
    if day["runoff"]:
        ro = day["runoff"]
        out["runoff"] = (ro["mode"], ro["candidates"], {r["candidate"]: r["score"] for r in ro["tally"]},
                         ro["missing"])
    return out


EXPECTED = {
    "classic": [
        {"tally": {"Петя": 2, "Вася": 1, "Даша": 1, "Коля": 1}, "outcome": ("lynch", ["Петя"]),
         "missing": ["Коля", "Даша"], "modkills": [],
         "violations": [("unknown_nick", "Коля", "C3.4", "ignored"), ("missed_vote", "Коля", "C3.4", "self_vote"),
                        ("missed_vote", "Даша", "C3.6", "self_vote")], "flags": {}},
        {"tally": {"Вася": 2, "Даша": 1, "Маша": 1}, "outcome": ("lynch", ["Вася"]),
         "missing": ["Даша"], "modkills": ["Даша"],
         "violations": [("edited_vote", "Вася", "C3.3", "self_vote"), ("dead_voter", "Петя", "", "ignored"),
                        ("late_vote", "Даша", "C3.5", "ignored"), ("missed_vote", "Даша", "C3.6", "self_vote"),
                        ("modkill", "Даша", "C3.7", "modkill")], "flags": {}},
        {"tally": {"Коля": 2}, "outcome": ("lynch", ["Коля"]), "missing": ["Коля"], "modkills": ["Коля"],
         "violations": [("unknown_nick", "Коля", "C3.4", "ignored"), ("dead_voter", "Даша", "C3.7", "ignored"),
                        ("modkill", "Коля", "C3.8", "modkill"), ("missed_vote", "Коля", "C3.4", "self_vote")],
         "flags": {}},
    ],
    "red-blue": [
        {"tally": {"Вася": 4, "Лена": 2, "Петя": -2}, "outcome": ("lynch", ["Вася"]), "missing": ["Лена"],
         "modkills": [], "violations": [("no_colour", "Лена", "RB.1", "ignored"),
                                        ("missed_vote", "Лена", "RB.5", "penalty")], "flags": {}},
        {"tally": {"Лена": 3, "Оля": 2, "Петя": 0}, "outcome": ("protected", []), "missing": ["Лена", "Оля"],
         "modkills": ["Лена"],
         "violations": [("self_vote", "Оля", "RB.2", "ignored"), ("missed_vote", "Лена", "RB.5", "penalty"),
                        ("modkill", "Лена", "RB.6", "modkill"), ("missed_vote", "Оля", "RB.5", "penalty")],
         "flags": {}},
        {"tally": {"Петя": 3, "Оля": 1}, "outcome": ("lynch", ["Петя"]), "missing": [], "modkills": [],
         "violations": [("silenced_voter", "Оля", "RB.9", "ignored"), ("late_vote", "Петя", "RB.8", "ignored")],
         "flags": {"early_close_at": "2026-12-01T10:20:00+03:00"}},
    ],
    "pass-catastrophe": [
        {"tally": {"Гена": 1}, "outcome": ("pardon", []), "missing": [], "modkills": [],
         "violations": [("change_limit", "Гена", "PC.1", "ignored")], "flags": {}},
        {"tally": {"Аня": 2, "Боря": 2, "Ева": 1}, "outcome": ("lynch", ["Аня", "Боря"]), "missing": ["Ева"],
         "modkills": [], "violations": [("missed_vote", "Ева", "PC.10", "self_vote")], "flags": {},
         "runoff": ("hang_all", ["Аня", "Боря"], {"hang_all": 2, "pardon_all": 1}, ["Ева"])},
        {"tally": {"Гена": 3, "Вова": 1}, "outcome": ("lynch", ["Гена"]), "missing": [], "modkills": [],
         "violations": [("late_vote", "Вова", "C3.5", "ignored")],
         "flags": {"fast_night_at": "2026-12-01T10:25:00+03:00"}},
    ],
    "bold-vote": [
        {"tally": {"Bob": 2, "Alice": 1}, "outcome": ("lynch", ["Bob"]), "missing": ["Dave", "Frank"],
         "modkills": [], "violations": [], "flags": {}},  # bold-vote: a miss has no effect (issue 28)
        {"tally": {"Carol": 3, "Alice": 1}, "outcome": ("lynch", ["Carol"]), "missing": ["Eve"], "modkills": [],
         "violations": [("late_vote", "Alice", "", "ignored")],
         "flags": {"hammer_at": "2026-11-30T10:20:00+00:00"}},
        {"tally": {"Alice": 2, "Dave": 2}, "outcome": ("tie", []), "missing": [], "modkills": [],
         "violations": [], "flags": {}},
    ],
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_whole_game_matches_the_hand_count(name):
    days = count_game(name)
    assert [d["day"] for d in days] == [1, 2, 3]
    for got, want in zip(days, EXPECTED[name], strict=True):
        assert summary(got) == want, f"{name} day {got['day']}"


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_whole_game_golden(name, update_goldens):
    days = count_game(name)
    for d in days:  # the path the checkout happens to live at is not part of the count
        d["thread"]["source"] = f"tests/fixtures/games/{name}/thread.html"
    check_golden(days, GAMES / name / "expected.json", update_goldens)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_day_alone_equals_the_same_day_of_the_whole_game(name):
    """--day N replays strikes from day 1, so a day counted alone is the same day."""
    from votecount.api import CountRequest, run
    from votecount.render.json_out import day_dict
    folder = GAMES / name
    whole = count_game(name)
    for n in (1, 2, 3):
        [alone] = run(CountRequest((str(folder / "thread.html"),), game=str(folder / "game.toml"), day=n))
        assert json.dumps(day_dict(alone), sort_keys=True) == json.dumps(whole[n - 1], sort_keys=True)
