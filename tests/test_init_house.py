"""`votecount init` drafts the house rules (RULES.md H.*) it finds in the GM's first post as
commented [rules] lines, Russian and English wording; the GM confirms each by removing its '#'."""

from __future__ import annotations

import tomllib

import pytest

from test_cli import run
from housekit import page

GM = "Ведущий"
RU_RULES = ("Правила голосования. При равенстве голосов казнят того, чей последний голос был раньше. "
            "Отредактированный пост с голосом — пропуск голосования. Смена голоса только фразой «меняю голос на …». "
            "Голос со словом «окончательно» менять нельзя. Набрано большинство (50%+1) — день окончен.<br>День 1.")
EN_RULES = ("Rules: a tie is settled by a coin flip. Edited votes count as a miss. "
            "Write 'change my vote to X' to change. A final vote cannot be changed. Majority ends the day.<br>Day 1 start.")


def draft(tmp_path, engine: str, rules_post: str) -> str:
    posts = [(GM, "2026-11-28 20:00:00", rules_post), ("Вася", "2026-11-28 21:00:00", "Петя"),
             ("Петя", "2026-11-28 21:01:00", "Вася")]
    thread = tmp_path / "thread.html"
    thread.write_text(page(engine, posts), encoding="utf-8")
    out = tmp_path / "game.toml"
    code, _, err = run("init", thread, "-o", out)
    assert code == 0, err
    return out.read_text(encoding="utf-8")


def confirmed(text: str) -> dict:
    """The draft with every house line confirmed (its '#' removed), read as TOML: its [rules]."""
    lines = text.split("\n")
    at = lines.index("# [rules]")
    body = "\n".join(lines[:at] + [ln[2:] for ln in lines[at:] if ln.startswith("# ")])
    return tomllib.loads(body)["rules"]


@pytest.mark.parametrize("engine", ["mybbru", "phpbb3"])
def test_H_clauses_of_a_russian_rule_post_are_drafted_as_commented_lines(tmp_path, engine):
    text = draft(tmp_path, engine, RU_RULES)
    assert '# tie = "earliest"  # CHECK: «чей последний голос был раньше» (пост 1)' in text
    assert confirmed(text) == {"tie": "earliest", "edited_vote": "missed", "change_words": ["меняю голос на"],
                               "final_words": ["окончательно"], "majority": "half+1"}
    assert "\n[rules]" not in text  # nothing counts until the GM confirms it


@pytest.mark.parametrize("engine", ["mybbru", "phpbb3"])
def test_H_clauses_of_an_english_rule_post_are_drafted(tmp_path, engine):
    text = draft(tmp_path, engine, EN_RULES)
    assert confirmed(text) == {"tie": "gm", "edited_vote": "missed", "change_words": ["change my vote to"],
                               "final_words": ["final"], "majority": "half+1"}


def test_a_confirmed_draft_loads_and_counts(tmp_path):
    text = draft(tmp_path, "mybbru", RU_RULES)
    lines = text.split("\n")
    at = lines.index("# [rules]")
    (tmp_path / "game.toml").write_text("\n".join(lines[:at] + [ln[2:] for ln in lines[at:] if ln.startswith("# ")]),
                                        encoding="utf-8")
    code, _, err = run(tmp_path / "thread.html", "--game", tmp_path / "game.toml", "-f", "json")
    assert code == 0, err


def test_a_rule_post_without_house_clauses_drafts_no_rules_lines(tmp_path):
    assert "[rules]" not in draft(tmp_path, "mybbru", "Игра началась.<br>День 1.")


@pytest.mark.parametrize("rule_post, drafted", [
    ("Голос — ник полужирным, без слова «голос».<br>День 1.", True),
    ("Votes must be bolded.<br>Day 1 start.", True),
    ("Please BOLD your actions, or I may mistake them for kibitzing.<br>Day 1 start.", False),
])
def test_H10_a_bold_clause_is_drafted_only_when_said_of_the_vote(tmp_path, rule_post, drafted):
    assert ('# ballot_style = "bold_nick"' in draft(tmp_path, "phpbb3", rule_post)) == drafted
