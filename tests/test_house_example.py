"""The README's worked example of house rules (examples/house-rules/: H.1 + H.4 + H.5 + H.7):
the count matches the hand count of its README.md, and its full JSON the golden beside it."""

from __future__ import annotations

from conftest import ROOT, check_golden

FOLDER = ROOT / "examples" / "house-rules"


def count(at: str | None = None) -> dict:
    from votecount.api import CountRequest, run
    from votecount.render.json_out import day_dict
    results = run(CountRequest((str(FOLDER / "thread.html"),), game=str(FOLDER / "game.toml"), at=at, lang="ru"))
    return day_dict(results[0])


def test_H1_H4_H5_H7_the_example_matches_its_hand_count():
    day = count()
    assert {r["candidate"]: r["score"] for r in day["tally"]} == {"Вера": 2, "Гоша": 2, "Боря": 1}
    assert (day["outcome"]["kind"], day["outcome"]["eliminated"]) == ("lynch", ["Гоша"])
    assert day["missing"] == ["Боря", "Гоша"]
    assert [(v["code"], v["player"], v["rule"], v["effect"]) for v in day["violations"]] == [
        ("change_without_phrase", "Аня", "H.5", "ignored"), ("final_vote_changed", "Вера", "H.7", "ignored"),
        ("edited_vote", "Гоша", "H.4", "missed"), ("missed_vote", "Боря", "C3.6", "self_vote"),
        ("missed_vote", "Гоша", "C3.6", "self_vote")]


def test_H1_the_example_at_13_00_names_who_is_ahead_on_time():
    day = count(at="2026-11-29T13:00")
    assert day["outcome"]["kind"] == "open" and day["missing"] == ["Гоша", "Даша"]  # no vote counted yet
    assert day["outcome"]["note"].endswith("по времени впереди Вера (Вера — 10:00, Гоша — 11:00, Даша — 10:05)")
    assert day["outcome"]["ahead_on_time"] == "Вера"  # the post says it: "по времени впереди Вера"


def test_H1_a_tie_on_the_same_minute_shows_seconds():
    from datetime import datetime, timezone

    from votecount.count.ties import ahead_on_time
    from votecount.model import TallyRow, Vote
    at = [datetime(2026, 11, 29, 10, 0, s, tzinfo=timezone.utc) for s in (5, 40)]
    rows = [TallyRow(name, 1, 1, 0, 0, (Vote(voter, "red", 1, None, t),)) for name, voter, t in zip("AB", "XY", at)]
    assert ahead_on_time(rows, ["A", "B"], "en") == ("A", "A — 10:00:05, B — 10:00:40")


def test_the_example_golden(update_goldens):
    day = count()
    day["thread"]["source"] = "examples/house-rules/thread.html"
    check_golden(day, FOLDER / "expected.json", update_goldens)
