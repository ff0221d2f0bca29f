"""House rules seen in real game threads (RULES.md H.1-H.13), each test named by its id. Every
thread is built as real ones are: the GM's rule post first, then the ballots; each runs over two
engines (tests/housekit.py: mybb.ru and phpBB 3)."""

from __future__ import annotations

import pytest

from housekit import ENGINES, count
from threadkit import ballot_of, codes, scores

GM = "Ведущий"
PLAYERS = ["Аня", "Боря", "Вера", "Гоша", "Даша"]
DAY = "2026-11-29"


def gm_post(rules: str) -> tuple:
    return (GM, f"{DAY} 09:00:00", rules)


def at(clock: str) -> str:
    return f"{DAY} {clock}:00"


@pytest.fixture(params=ENGINES)
def engine(request) -> str:
    return request.param


# -- H.1-H.3: ties ---------------------------------------------------------------------------
TIE = [("Аня", at("10:00"), "Вера"), ("Боря", at("10:05"), "Гоша"), ("Вера", at("10:10"), "Гоша"),
       ("Гоша", at("10:20"), "Вера"), ("Даша", at("10:30"), "Аня")]


def test_H1_tie_goes_to_the_score_completed_first(tmp_path, engine):
    posts = [gm_post("При равенстве голосов казнят того, чей последний голос был раньше.")] + TIE
    day = count(tmp_path, engine, posts, PLAYERS, overrides='tie = "earliest"')[0]
    assert scores(day)["Вера"] == scores(day)["Гоша"] == 2
    # Гоша's score was completed at 10:10, Вера's at 10:20
    assert day["outcome"]["kind"] == "lynch" and day["outcome"]["eliminated"] == ["Гоша"]
    assert "10:10:00" in day["outcome"]["note"] and "10:20:00" in day["outcome"]["note"]


def test_H1_a_penalty_vote_counts_as_cast_at_the_opening(tmp_path, engine):
    """Даша misses: her self-vote (C3.6) is counted as the earliest, so her 2 (10:40 vote +
    penalty) completes at 10:40 against Вера's 10:50."""
    posts = [gm_post("Ничья: казнят того, чей последний голос раньше.")] + [
        ("Аня", at("10:00"), "Вера"), ("Боря", at("10:40"), "Даша"), ("Вера", at("10:45"), "Гоша"),
        ("Гоша", at("10:50"), "Вера")]
    day = count(tmp_path, engine, posts, PLAYERS, overrides='tie = "earliest"')[0]
    assert scores(day) == {"Вера": 2, "Даша": 2, "Гоша": 1}
    assert day["outcome"]["eliminated"] == ["Даша"]


def test_H1_equal_times_eliminate_nobody(tmp_path, engine):
    posts = [gm_post("Ничья: раньше набранный счёт.")] + [
        ("Аня", at("10:00"), "Вера"), ("Боря", at("10:00"), "Гоша")]
    day = count(tmp_path, engine, posts, ["Аня", "Боря", "Вера", "Гоша"], overrides='tie = "earliest"\nmissed_vote = "none"\nmisses_to_modkill = 0')[0]
    assert day["outcome"]["kind"] == "tie" and day["outcome"]["eliminated"] == []


def test_H1_an_interim_count_names_who_is_ahead_on_time(tmp_path, engine):
    posts = [gm_post("Ничья: раньше набранный счёт.")] + TIE[:4]
    day = count(tmp_path, engine, posts, PLAYERS, overrides='tie = "earliest"', at="2026-11-29T12:00")[0]
    assert day["outcome"]["kind"] == "open" and day["missing"] == ["Даша"]
    assert "Гоша" in day["outcome"]["note"].split("ahead on time:")[1]


def test_H2_every_tied_leader_is_eliminated(tmp_path, engine):
    posts = [gm_post("При равенстве выбывают все.")] + TIE
    day = count(tmp_path, engine, posts, PLAYERS, overrides='tie = "all"')[0]
    assert day["outcome"]["kind"] == "lynch" and day["outcome"]["eliminated"] == ["Вера", "Гоша"]


def test_H2_with_two_alive_nobody_goes(tmp_path, engine):
    posts = [gm_post("При равенстве выбывают все.")] + [("Аня", at("10:00"), "Боря"), ("Боря", at("10:05"), "Аня")]
    day = count(tmp_path, engine, posts, ["Аня", "Боря"], overrides='tie = "all"')[0]
    assert day["outcome"]["kind"] == "tie" and day["outcome"]["eliminated"] == []


def test_H3_the_gm_decides_and_the_tool_never_picks(tmp_path, engine):
    posts = [gm_post("Ничья — рулетка, решает ведущий.")] + TIE
    day = count(tmp_path, engine, posts, PLAYERS, overrides='tie = "gm"', lang="ru")[0]
    assert day["outcome"]["kind"] == "gm_decides" and day["outcome"]["eliminated"] == []
    assert day["outcome"]["candidates"] == ["Вера", "Гоша"]
    assert day["outcome"]["note"] == "ничья: решает ведущий (Вера, Гоша)"


def test_H3_bbcode_says_the_gm_decides(tmp_path):
    import subprocess
    import sys

    import threadkit
    from housekit import page
    (tmp_path / "t.html").write_text(page("phpbb3", [gm_post("Ничья — решает ведущий.")] + TIE), encoding="utf-8")
    (tmp_path / "g.toml").write_text(threadkit.game_toml(PLAYERS, overrides='tie = "gm"'), encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "votecount.cli", tmp_path / "t.html", "--game", tmp_path / "g.toml",
                           "-f", "bbcode", "--lang", "ru"], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert "ничья: решает ведущий (Вера, Гоша)" in proc.stdout
