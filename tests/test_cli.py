"""The command line as a user meets it: the example, the JSON contract, every input error."""

from __future__ import annotations

import json
import os
import subprocess
import sys


from conftest import ROOT, check_golden

EXAMPLE = ROOT / "examples" / "zarechnaya"
GOLDEN = ROOT / "tests" / "fixtures" / "games" / "zarechnaya" / "expected.json"


def run(*args, stdin: bytes | None = None, cwd=None):
    env = {**os.environ, "COLUMNS": "200", "NO_COLOR": "1"}
    proc = subprocess.run([sys.executable, "-m", "votecount.cli", *map(str, args)], input=stdin,
                          capture_output=True, cwd=cwd or ROOT, env=env)
    return proc.returncode, proc.stdout.decode("utf-8"), proc.stderr.decode("utf-8")


def example_json():
    code, out, err = run(EXAMPLE, "--game", EXAMPLE / "game.toml", "--format", "json")
    assert code == 0, err
    return json.loads(out)


def test_example_json_golden(update_goldens):
    data = example_json()
    data["thread"]["source"] = "examples/zarechnaya"  # independent of the checkout's path
    check_golden(data, GOLDEN, update_goldens)


def test_example_count_by_hand():
    """The reasoning in tests/fixtures/games/zarechnaya/README.md, as assertions."""
    d = example_json()
    tally = {r["candidate"]: (r["score"], r["red"], r["blue"], r["penalty"]) for r in d["tally"]}
    assert tally == {"Ёжик": (3, 1, 0, 2), "Dimon_88": (2, 0, 0, 2), "Коля": (1, 1, 0, 0),
                     "Маша": (1, 1, 0, 0), "Петя": (0, 3, 3, 0)}
    assert d["outcome"]["kind"] == "lynch" and d["outcome"]["eliminated"] == ["Ёжик"]
    assert d["missing"] == ["Dimon_88", "Ёжик"]
    found = {(v["code"], v["player"]) for v in d["violations"]}
    assert {("late_vote", "Коля"), ("edited_vote", "Маша"), ("unknown_nick", "Dimon_88"),
            ("missed_vote", "Ёжик"), ("missed_vote", "Dimon_88"), ("extra_text", "Вася")} <= found
    assert d["thread"]["engine"] == "mybbru" and d["thread"]["pages"] == 2
    assert set(d) >= {"thread", "rules", "day", "deadline", "tally", "outcome", "flags", "ballots",
                      "missing", "violations", "modkills"}
    ballot = d["ballots"][0]
    assert set(ballot) >= {"voter", "kind", "target", "colour", "weight", "post_id", "post_no",
                           "time", "status", "violations"}
    assert set(d["violations"][0]) >= {"code", "player", "post_id", "post_no", "time", "day",
                                       "effect", "rule", "message"}


def test_table_output_and_explain():
    code, out, err = run(EXAMPLE, "--game", EXAMPLE / "game.toml", "--explain", "--lang", "en")
    assert code == 0, err
    assert "Outcome: eliminated: Ёжик" in out and "Did not vote: Dimon_88, Ёжик" in out
    assert "'Пеятя' → Петя by fuzzy (score 88.9; not accepted by these rules (C3.4))" in out
    assert "candidates: Петя 88.9" in out  # the fuzzy evidence


def test_without_a_game_file_the_first_poster_is_the_gm():
    code, out, err = run(EXAMPLE, "--format", "json", "--deadline", "2026-11-29T20:00")
    d = json.loads(out)
    voters = {b["voter"] for b in d["ballots"]}
    assert "Ведущий" not in voters and d["rules"] == "classic"
    assert ("late_vote", "Коля") in {(v["code"], v["player"]) for v in d["violations"]}


def test_a_game_file_without_days_counts_one_day(tmp_path):
    game = tmp_path / "game.toml"
    game.write_text('[game]\ngm = ["Ведущий"]\n[[players]]\nnick = "Вася"\n[[players]]\nnick = "Петя"\n',
                    encoding="utf-8")
    code, out, err = run(EXAMPLE, "--game", game, "--format", "json", "--deadline", "2026-11-29T20:00")
    assert code == 0, err
    d = json.loads(out)
    assert d["day"] == 1 and d["deadline"] == "2026-11-29T20:00:00+03:00"
    # Вася votes Петя; Петя votes Вася, then "Коля", who is not a player here: rejected, so
    # his earlier vote stands (the last *accepted* ballot counts).
    assert {r["candidate"]: r["score"] for r in d["tally"]} == {"Вася": 1, "Петя": 1}
    assert d["outcome"]["kind"] == "tie"


def test_standard_input():
    code, out, err = run("-", "--format", "json", "--saved-at", "2026-11-29T20:10",
                         stdin=(EXAMPLE / "page1.html").read_bytes())
    assert code == 0, err
    assert json.loads(out)["thread"]["posts"] == 7


def test_posts_command_json_and_csv():
    code, out, _ = run("posts", EXAMPLE, "--format", "json")
    posts = json.loads(out)
    assert code == 0 and len(posts) == 13
    assert set(posts[0]) == {"post_id", "post_no", "page", "author", "author_id", "time", "edited",
                             "edited_by", "edited_at", "edit_count", "text", "html", "url"}
    code, out, _ = run("posts", EXAMPLE, "--format", "csv")
    assert code == 0 and out.splitlines()[0].startswith("post_id,post_no,page,author")


def test_output_file(tmp_path):
    target = tmp_path / "count.json"
    code, out, err = run(EXAMPLE, "--game", EXAMPLE / "game.toml", "-f", "json", "-o", target)
    assert code == 0 and out == "" and json.loads(target.read_text("utf-8"))["day"] == 1


def test_strict_exits_1_on_violations():
    code, _, _ = run(EXAMPLE, "--game", EXAMPLE / "game.toml", "--strict")
    assert code == 1


def test_version():
    code, out, _ = run("--version")
    assert code == 0 and out.startswith("votecount ")


def one_line_error(code, out, err, *needles):
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1, err
    assert "Traceback" not in err
    for needle in needles:
        assert needle in err, err


def test_missing_file():
    one_line_error(*run("no/such/thread.html"), "no/such/thread.html", "no such file")


def test_empty_file(tmp_path):
    (tmp_path / "empty.html").write_bytes(b"")
    one_line_error(*run(tmp_path / "empty.html"), "empty.html", "empty")


def test_binary_file(tmp_path):
    (tmp_path / "x.html").write_bytes(bytes(range(256)) * 20)
    one_line_error(*run(tmp_path / "x.html"), "x.html", "binary")


def test_unknown_engine(tmp_path):
    (tmp_path / "blog.html").write_text("<html><body><h1>My blog</h1><p>Hello</p></body></html>")
    one_line_error(*run(tmp_path / "blog.html"), "blog.html", "tried:", "mybbru", "phpbb3", "--engine")


def test_malformed_game_file_names_the_line(tmp_path):
    bad = tmp_path / "game.toml"
    bad.write_text('[game]\ntitle = "x"\n[[players]\nnick = "Вася"\n', encoding="utf-8")
    one_line_error(*run(EXAMPLE, "--game", bad), "game.toml", "line 3")


def test_unknown_rules_key_did_you_mean(tmp_path):
    bad = tmp_path / "game.toml"
    bad.write_text('[game]\n[[players]]\nnick = "Вася"\n[rules]\nmissed_vot = "penalty"\n', encoding="utf-8")
    one_line_error(*run(EXAMPLE, "--game", bad), "line 5", "missed_vot", "did you mean 'missed_vote'")


def test_unknown_preset_did_you_mean():
    one_line_error(*run(EXAMPLE, "--rules", "red-blu"), "red-blu", "did you mean 'red-blue'")


def test_unknown_player_in_game_file(tmp_path):
    bad = tmp_path / "game.toml"
    bad.write_text('[game]\n[[players]]\nnick = "Вася"\n[[days]]\ndeadline = 2026-11-29T20:00:00\n'
                   'dead = ["Вассся"]\n', encoding="utf-8")
    one_line_error(*run(EXAMPLE, "--game", bad), "line 6", "not a player")


def test_bad_time_option():
    one_line_error(*run(EXAMPLE, "--deadline", "tomorrow"), "--deadline", "not a time")


def test_bad_zone():
    one_line_error(*run(EXAMPLE, "--tz", "Mars/Olympus"), "Mars/Olympus")


def test_unknown_preset_in_the_game_file_names_its_line(tmp_path):
    game = tmp_path / "game.toml"
    game.write_text('[game]\ntitle = "x"\nrules = "pass-catastrophy"\n', encoding="utf-8")
    code, out, err = run(EXAMPLE, "--game", game)
    assert code == 2 and out == ""
    assert err.strip().splitlines() == [
        f"votecount: {game}: line 3: game.rules: unknown preset 'pass-catastrophy'; did you mean "
        "'pass-catastrophe'? (presets: classic, red-blue, pass-catastrophe, bold-vote, or a rules .toml file)"]


def test_ctrl_c_exits_130_with_one_line():
    """Exit 1 means "the count has violations" (CONTRACT); an interrupted run must not say so."""
    import signal
    import subprocess
    import sys
    import time
    proc = subprocess.Popen([sys.executable, "-m", "votecount.cli", "-"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    wchan = f"/proc/{proc.pid}/wchan"
    for _ in range(300):  # until it is blocked reading the pipe: the handler is in place by then
        time.sleep(0.1)
        with open(wchan) as f:
            if "pipe_read" in f.read():
                break
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=20)
    assert proc.returncode == 130 and out == b""
    assert err.decode().strip().splitlines() == ["votecount: interrupted"]
