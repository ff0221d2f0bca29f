"""Rule ids that mean something to the reader (issue 14 §2): a violation cites the id
../shared/RULES.md gives the rule that decided it in the preset in force — never an internal
label — and the preset files carry those ids. The forum posts players read cite no ids: they
say the rule in words; the table and the JSON keep the ids for the GM."""

from __future__ import annotations

import re

import pytest

from conftest import ROOT
from threadkit import count, red

RULES_MD = ROOT.parent / "shared" / "RULES.md"
GAMES = ROOT / "tests" / "fixtures" / "games"
EXAMPLE = ROOT / "examples" / "zarechnaya"
ID = re.compile(r"\b(?:C3|RB|PC)\.\d+\b")


def known_ids() -> set[str]:
    if not RULES_MD.exists():
        pytest.skip(f"{RULES_MD} is not here (the shared reference material)")
    return set(re.findall(r"^\| ((?:C3|RB|PC)\.\d+) \|", RULES_MD.read_text(encoding="utf-8"), re.M))


def example(fmt: str | None = None):
    from votecount.api import CountRequest, run
    from votecount.render import report
    results = run(CountRequest((str(EXAMPLE),), game=str(EXAMPLE / "game.toml")))
    return results if fmt is None else report(fmt, results)


def test_RB5_a_penalty_under_red_blue_cites_RB5_even_after_a_rejected_nick():
    [r] = example()
    by = {(v.code, v.player): v.rule for v in r.violations}
    assert by[("missed_vote", "Dimon_88")] == "RB.5"  # +2 against himself: RB.5, not C3.4
    assert by[("missed_vote", "Ёжик")] == "RB.5"
    assert by[("unknown_nick", "Dimon_88")] == "C3.4"  # the game file's accept_fuzzy = false: C3.4


@pytest.mark.parametrize("game", ["classic", "red-blue", "pass-catastrophe", "bold-vote"])
def test_every_violation_cites_a_RULES_md_id_or_none(game):
    """Never an internal label (day.dead, bold-vote, roster): an id of RULES.md, or no id where
    RULES.md gives the rule none (a dead voter, the bold-vote hammer)."""
    from votecount.api import CountRequest, run
    ids = known_ids()
    folder = GAMES / game
    thread = next(folder.glob("*.html"), None) or folder
    results = run(CountRequest((str(thread),), game=str(folder / "game.toml")))
    rules = {v.rule for r in results for v in r.violations}
    assert rules and rules <= ids | {""}, rules - ids


def test_every_violation_of_the_example_cites_a_RULES_md_id():
    ids = known_ids()
    [r] = example()
    assert {v.rule for v in r.violations} <= ids


def test_C3_dead_voter_and_dead_target_cite_no_internal_label(tmp_path):
    days = ["number = 1\ndeadline = 2026-11-29T20:00:00+03:00",
            'number = 2\ndeadline = 2026-11-30T20:00:00+03:00\ndead = ["Вася"]']
    posts = [("Ведущий", "2026-11-28 20:00:00", "День 1."), ("Петя", "2026-11-30 10:00:00", "Вася"),
             ("Вася", "2026-11-30 10:05:00", "Петя")]
    _, day2 = count(tmp_path, posts, ["Вася", "Петя", "Коля"], days=days, at="2026-11-30T21:00")
    rules = {v["code"]: v["rule"] for v in day2["violations"]}
    assert rules["dead_target"] == "" and rules["dead_voter"] == ""


def test_C3_a_rules_file_keeps_the_ids_of_its_base_preset(tmp_path):
    from votecount.count import rules
    path = tmp_path / "house.toml"
    path.write_text('base = "red-blue"\nmissed_penalty = 3.0\n', encoding="utf-8")
    house = rules.load(str(path))
    assert house.rule_ids == rules.preset("red-blue").rule_ids
    assert house.rule_ids["missed"] == "RB.5" and rules.preset("classic").rule_ids["missed"] == "C3.6"


def test_C3_rule_ids_in_a_rules_table_are_checked(tmp_path):
    from votecount.count import rules
    from votecount.errors import ConfigError
    with pytest.raises(ConfigError, match="rule_ids.*'mised'.*did you mean 'missed'"):
        rules.apply(rules.preset("classic"), {"rule_ids": {"mised": "C3.6"}}, "game.toml: [rules]")
    changed = rules.apply(rules.preset("classic"), {"rule_ids": {"missed": "C3.4"}}, "game.toml")
    assert changed.rule_ids["missed"] == "C3.4" and changed.rule_ids["last"] == "C3.2"


@pytest.mark.parametrize("fmt", ["bbcode", "markdown"])
def test_C3_forum_posts_say_the_rule_in_words_and_cite_no_ids(fmt):
    text = example(fmt)
    assert not ID.search(text), ID.findall(text)
    assert "штраф +2" in text and "не найден среди игроков" in text  # issue 29: "штраф +2", not "+2 против себя"


@pytest.mark.parametrize("fmt", ["table", "json", "html"])
def test_C3_the_gm_reports_keep_the_ids(fmt):
    text = example(fmt)
    assert "RB.5" in text and "C3.3" in text


def test_RB5_the_table_shows_no_empty_brackets(tmp_path):
    from votecount.api import CountRequest, run
    from votecount.render import report
    from threadkit import write
    posts = [("Ведущий", "2026-11-28 20:00:00", "День 1."), ("Чужой", "2026-11-29 10:00:00", red("Вася"))]
    thread, game = write(tmp_path, posts, ["Вася", "Петя"], rules="red-blue")
    text = report("table", run(CountRequest((str(thread),), game=str(game), lang="ru")))
    assert "не игрок" in text and "(не засчитан)" in text and "[]" not in text  # Russian: the effect, no code
