"""Issue 28, cases 5 and 6, run as a newcomer runs them (the CLI): an English thread is counted
and drafted in English with the zone its pages state (or UTC), and a preset without colours
shows no colours and lists a miss with no effect only as missing."""

from __future__ import annotations

import json

import pytest

from conftest import CORPUS, ROOT
from test_cli import run

NETTALLY = CORPUS / "phpbb" / "nettally-phpbb.html"
CURSE = CORPUS / "curse-elevated" / "ecophagy-mtgs-unreliable-cops-mafia-all.html"
BOLD = ROOT / "tests" / "fixtures" / "games" / "bold-vote"
needs_corpus = pytest.mark.skipif(not NETTALLY.exists(), reason="the shared corpus is not here")


@needs_corpus
def test_english_thread_counts_in_english_in_its_stated_zone():
    code, out, err = run(NETTALLY)
    assert code == 0, err
    assert "Outcome:" in out and "Итог" not in out
    # the footer says UTC+01:00: the times are read and shown in it, and one note says so
    assert "times are in Etc/GMT-1, the zone the pages state" in out
    assert "UTC+1" in out  # the zone said once, as people write it (issue 29)


@needs_corpus
def test_init_on_an_english_page_writes_its_language_and_not_moscow():
    code, out, err = run("init", CURSE)
    assert code == 0, err
    assert 'timezone = "UTC"' in out and "Europe/Moscow" not in out
    assert 'lang = "en"' in out


def test_russian_example_stays_russian_in_moscow():
    code, out, err = run(ROOT / "examples" / "zarechnaya", "-f", "json")
    assert code == 0, err
    assert "+03:00" in out and "времени" not in out or "Итог" not in out  # JSON: the times in Moscow
    code, out, _ = run(ROOT / "examples" / "zarechnaya")
    assert "Итог" in out and "Europe/Moscow" in out
    code, out, _ = run("init", ROOT / "examples" / "zarechnaya")
    assert 'timezone = "Europe/Moscow"' in out and 'lang = "ru"' in out


def test_a_russian_zone_chosen_keeps_russian():
    code, out, err = run(NETTALLY, "--tz", "Europe/Moscow") if NETTALLY.exists() else (0, "Итог", "")
    assert code == 0, err
    assert "Итог" in out


def bold(*args):
    return run(BOLD / "thread.html", "--game", BOLD / "game.toml", *args)


def test_bold_vote_table_has_no_colour_columns_and_explain_no_colour():
    code, out, err = bold("--explain")
    assert code == 0, err
    header = next(line for line in out.splitlines() if "Candidate" in line)
    assert "red" not in header.lower() and "blue" not in header.lower()
    assert "[red" not in out and "[×1]" in out


@pytest.mark.parametrize("fmt, painted", [("bbcode", "[color="), ("markdown", "🔴"), ("html", "chip red")])
def test_bold_vote_reports_paint_nothing(fmt, painted):
    code, out, err = bold("-f", fmt)
    assert code == 0, err
    assert painted not in out


def test_bold_vote_miss_without_effect_is_only_missing():
    code, out, err = bold("-f", "json")
    assert code == 0, err
    days = json.loads(out)
    days = days if isinstance(days, list) else [days]
    assert any(d["missing"] for d in days)
    assert not any(v["code"] == "missed_vote" for d in days for v in d["violations"])
    # JSON keeps the contract's counted colour
    assert all(b["colour"] in ("red", "none") for d in days for b in d["ballots"])


def test_red_blue_keeps_its_colours():
    game = ROOT / "tests" / "fixtures" / "games" / "red-blue"
    code, out, err = run(game / "thread.html", "--game", game / "game.toml", "-f", "bbcode")
    assert code == 0, err
    assert "[color=red]" in out or "[color=blue]" in out
