"""H.13 with RB.4 weights: "one vote from being decided" (L-1) is one ballot's step, the weight
a single alive voter's ballot can add (a prosecutor's red counts 2; a doctor's blue turned red
takes 3 off and adds 1), not one vote."""

from __future__ import annotations

import json

from threadkit import blue, red, write

from votecount.api import CountRequest, run
from votecount.render import bbcode, report
from votecount.render.words import one_vote_short

PLAYERS = ["Аня", "Боря", "Вова", "Петя", "Гена", "Дина", "Ева"]  # 7 alive: 4 decide the day


def _day(tmp_path, posts, roles=None):
    players = [(p, (roles or {}).get(p)) if (roles or {}).get(p) else p for p in PLAYERS]
    thread, game = write(tmp_path, [("Ведущий", "2026-11-28 20:00:00", "День 1."), *posts], players,
                         rules="red-blue", overrides='majority = "half+1"')
    [day] = run(CountRequest((str(thread),), game=str(game), at="2026-11-29T12:00"))
    assert day.majority == 4 and day.outcome.kind == "open"
    return day


TWO_ON_PETYA = [("Аня", "2026-11-29 10:00:00", red("Петя")), ("Боря", "2026-11-29 10:05:00", red("Петя"))]


def test_H13_two_short_is_no_L1_when_every_step_is_one_vote(tmp_path):
    day = _day(tmp_path, TWO_ON_PETYA)
    assert one_vote_short(day) == [] and "в шаге от казни" not in bbcode.render([day])


def test_H13_RB4_a_prosecutors_red_makes_two_short_L1(tmp_path):
    day = _day(tmp_path, TWO_ON_PETYA, roles={"Гена": "prosecutor"})
    assert day.vote_weights["Гена"] == 2.0 and day.vote_weights["Аня"] == 1.0
    assert one_vote_short(day) == ["Петя"]
    assert "живых 7 — для казни нужно 4; в шаге от казни: Петя" in bbcode.render([day])
    assert json.loads(report("json", [day]))["majority"]["one_short"] == ["Петя"]


def test_H13_RB4_a_prosecutor_already_voting_for_him_adds_nothing_more(tmp_path):
    posts = [("Гена", "2026-11-29 10:00:00", red("Петя"))]  # Петя 2, the prosecutor's step is spent
    day = _day(tmp_path, posts, roles={"Гена": "prosecutor"})
    assert one_vote_short(day) == []


def test_H13_RB4_a_doctors_blue_turned_red_is_one_step_of_four(tmp_path):
    posts = [*TWO_ON_PETYA, ("Вова", "2026-11-29 10:10:00", red("Петя")),
             ("Дина", "2026-11-29 10:20:00", blue("Петя"))]  # 3 red − 3 blue = 0
    day = _day(tmp_path, posts, roles={"Дина": "doctor"})
    row = next(r for r in day.tally if r.candidate == "Петя")
    assert row.score == 0
    assert one_vote_short(day) == ["Петя"]  # Дина's ballot turned red: +3 +1 = 4
