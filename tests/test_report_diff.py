"""--diff PREVIOUS.json: the wording of each kind of change in ru and en, the earlier count read
back from real --format json output, bad files, and the diff in every format."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from votecount.cli.commands import app
from votecount.errors import InputError
from votecount.render.diff import compare, load_previous

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "zarechnaya"
ARGS = [str(EXAMPLE), "--game", str(EXAMPLE / "game.toml")]


def day(votes: dict[str, tuple[str, str]] | None = None, tally: dict[str, float] | None = None,
        missing=(), violations=(), outcome=("lynch", ["Вася"], "казнен(а): Вася")) -> dict:
    """A day object shaped as --format json writes it; votes: voter → (target, colour)."""
    return {
        "day": 1,
        "tally": [{"candidate": c, "score": s} for c, s in (tally or {}).items()],
        "ballots": [{"voter": v, "kind": "vote", "target": t, "colour": c, "status": "counted", "post_id": v}
                    for v, (t, c) in (votes or {}).items()],
        "missing": list(missing),
        "violations": [{"code": code, "player": p, "post_id": pid, "message": msg}
                       for code, p, pid, msg in violations],
        "outcome": {"kind": outcome[0], "eliminated": outcome[1], "note": outcome[2]},
    }


@pytest.mark.parametrize("lang, line", [("ru", "Вася +2 (1 → 3)"), ("en", "Вася +2 (1 → 3)")])
def test_a_score_up_by_two(lang, line):
    d = compare(day(tally={"Вася": 1}), day(tally={"Вася": 3}), lang)
    assert d["lines"] == [line]
    assert d["scores"] == [{"candidate": "Вася", "before": 1.0, "after": 3.0, "delta": 2.0}]


def test_a_score_down_and_a_candidate_gone():
    d = compare(day(tally={"Вася": 2, "Коля": 1}), day(tally={"Вася": 1.5}), "en")
    assert d["lines"] == ["Вася −0.5 (2 → 1.5)", "Коля −1 (1 → 0)"]


@pytest.mark.parametrize("lang, line", [("ru", "Петя: голос перенесён: Коля → Вася"),
                                        ("en", "Петя moved from Коля to Вася")])
def test_a_vote_moved(lang, line):
    d = compare(day({"Петя": ("Коля", "red")}), day({"Петя": ("Вася", "red")}), lang)
    assert d["lines"] == [line]
    assert d["moves"] == [{"voter": "Петя", "before": {"kind": "vote", "target": "Коля", "colour": "red"},
                           "after": {"kind": "vote", "target": "Вася", "colour": "red"}}]


@pytest.mark.parametrize("lang, lines", [
    ("ru", ["Маша: новый голос — Вася (синий)", "Петя: голос больше не засчитан — Коля (красный)",
            "Оля: Вася, красный → синий"]),
    ("en", ["Маша voted: Вася (blue)", "Петя: the vote for Коля (red) no longer counts",
            "Оля: Вася, red → blue"]),
])
def test_new_withdrawn_and_recoloured_votes(lang, lines):
    before = day({"Петя": ("Коля", "red"), "Оля": ("Вася", "red")})
    after = day({"Маша": ("Вася", "blue"), "Оля": ("Вася", "blue")})
    assert sorted(compare(before, after, lang)["lines"]) == sorted(lines)


@pytest.mark.parametrize("lang, lines", [("ru", ["Маша: новый голос — Вася", "Петя: голос больше не засчитан — Коля"]),
                                         ("en", ["Маша voted: Вася", "Петя: the vote for Коля no longer counts"])])
def test_a_preset_without_colours_names_none(lang, lines):
    # bold-vote: the JSON still says each counted ballot is "red"; that is no side a player chose
    before = day({"Петя": ("Коля", "red"), "Оля": ("Вася", "red")})
    after = day({"Маша": ("Вася", "red"), "Оля": ("Вася", "red")})
    assert sorted(compare(before, after, lang, coloured=False)["lines"]) == sorted(lines)


def test_the_bold_vote_game_diff_has_no_colour(tmp_path):
    game = ROOT / "tests" / "fixtures" / "games" / "bold-vote"
    args = [str(game), "--game", str(game / "game.toml")]
    first = CliRunner().invoke(app, [*args, "-f", "json"])
    days = json.loads(first.stdout)
    days = days if isinstance(days, list) else [days]
    prev = tmp_path / "prev.json"
    prev.write_text(json.dumps([{**d, "ballots": [], "tally": []} for d in days]), "utf-8")
    out = CliRunner().invoke(app, [*args, "-f", "table", "--diff", str(prev)])
    assert out.exit_code == 0 and days[0]["ballots"], out.stdout
    assert "(red)" not in out.stdout and "(красный)" not in out.stdout
    assert any(b["colour"] == "red" for d in days for b in d["ballots"])  # the JSON's counted colour


@pytest.mark.parametrize("lang, new, gone", [
    ("ru", "новое нарушение: Коля — голос после дедлайна", "снято нарушение: Маша — нет цвета"),
    ("en", "new violation: Коля — голос после дедлайна", "violation gone: Маша — нет цвета"),
])
def test_new_and_removed_violations(lang, new, gone):
    before = day(violations=[("no_colour", "Маша", "5", "нет цвета")])
    after = day(violations=[("late_vote", "Коля", "9", "голос после дедлайна")])
    d = compare(before, after, lang)
    assert d["lines"] == [new, gone]
    assert [v["code"] for v in d["violations_new"]] == ["late_vote"]
    assert [v["code"] for v in d["violations_gone"]] == ["no_colour"]


def test_the_same_violation_is_not_reported_again():
    v = [("late_vote", "Коля", "9", "late")]
    assert compare(day(violations=v), day(violations=v), "en")["lines"] == ["no changes"]


@pytest.mark.parametrize("lang, line", [
    ("ru", "итог изменился: «казнен(а): Вася» → «ничья между Вася, Коля: никто не выбывает»"),
    ("en", "outcome changed: 'казнен(а): Вася' → 'ничья между Вася, Коля: никто не выбывает'"),
])
def test_the_outcome_changed(lang, line):
    after = day(outcome=("tie", [], "ничья между Вася, Коля: никто не выбывает"))
    assert compare(day(), after, lang)["lines"] == [line]


@pytest.mark.parametrize("lang, lines", [("ru", ["проголосовали: Маша", "теперь не проголосовали: Коля"]),
                                         ("en", ["no longer missing: Маша", "now missing: Коля"])])
def test_missing_voters(lang, lines):
    assert compare(day(missing=["Маша", "Ёжик"]), day(missing=["Ёжик", "Коля"]), lang)["lines"] == lines


def test_a_day_the_earlier_count_did_not_have():
    assert compare(None, day(), "ru")["lines"] == ["в прошлом подсчёте не было дня 1"]
    assert compare(None, day(), "en")["previous"] is False


# --- against real output of the example thread ---------------------------------------------

@pytest.fixture(scope="module")
def noon(tmp_path_factory) -> Path:
    """The interim count a GM would have posted at noon of the deadline day."""
    out = tmp_path_factory.mktemp("diff") / "noon.json"
    result = CliRunner().invoke(app, [*ARGS, "--format", "json", "--at", "2026-11-29T12:00", "-o", str(out)])
    assert result.exit_code == 0, result.output
    return out


def run(*extra) -> str:
    result = CliRunner().invoke(app, [*ARGS, *extra])
    assert result.exit_code == 0, result.output
    return result.stdout


def test_the_example_since_noon_in_every_format(noon):
    # at noon Петя's counted vote was Вася (post 3); at 15:00 he moved it to Коля (post 9)
    moved = {"ru": "Петя: голос перенесён: Вася → Коля", "en": "Петя moved from Вася to Коля"}
    for fmt in ("table", "bbcode", "markdown", "html"):
        for lang in ("ru", "en"):
            assert moved[lang] in run("--diff", str(noon), "--format", fmt, "--lang", lang), (fmt, lang)
    data = json.loads(run("--diff", str(noon), "--format", "json"))
    assert moved["ru"] in data["diff"]["lines"]
    assert {"voter": "Петя", "before": {"kind": "vote", "target": "Вася", "colour": "red"},
            "after": {"kind": "vote", "target": "Коля", "colour": "red"}} in data["diff"]["moves"]
    assert "late_vote" in [v["code"] for v in data["diff"]["violations_new"]]  # Коля at 20:00


def test_csv_marks_each_ballot_new_or_changed(noon):
    rows = {r["post_no"]: r for r in csv.DictReader(io.StringIO(run("--diff", str(noon), "--format", "csv")))}
    assert rows["3"]["change"] == "was counted" and rows["3"]["status"] == "superseded"
    assert rows["9"]["change"] == rows["12"]["change"] == "new"
    assert rows["2"]["change"] == ""


def test_a_count_against_itself_has_no_changes(tmp_path):
    same = tmp_path / "same.json"
    same.write_text(run("--format", "json"), encoding="utf-8")
    assert json.loads(run("--diff", str(same), "--format", "json"))["diff"]["lines"] == ["без изменений"]
    as_list = tmp_path / "list.json"
    as_list.write_text(json.dumps([json.loads(same.read_text(encoding="utf-8"))]), encoding="utf-8")
    assert "без изменений" in run("--diff", str(as_list), "--format", "bbcode")


@pytest.mark.parametrize("content, says", [
    (None, "not found"),
    ("{not json", "not JSON (line 1"),
    ("[1, 2]", "item 1: not a day object"),
    ('{"day": 1, "tally": {}}', "'tally' is missing or not a list"),
    ('{"day": "1"}', "'day' is missing or not a number"),
    ('{"day": 1, "tally": [{"x": 1}], "ballots": [], "missing": [], "violations": [], "outcome": {}}',
     "a tally row has no candidate or score"),
])
def test_a_bad_previous_file_is_exit_2_with_one_line(tmp_path, content, says):
    prev = tmp_path / "prev.json"
    if content is not None:
        prev.write_text(content, encoding="utf-8")
    with pytest.raises(InputError, match="prev.json"):
        load_previous(prev)
    result = CliRunner().invoke(app, [*ARGS, "--diff", str(prev)])
    assert result.exit_code == 2
    [line] = result.stderr.splitlines()
    assert line.startswith(f"votecount: {prev}") and says in line, line
