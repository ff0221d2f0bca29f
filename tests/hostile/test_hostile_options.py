"""Options that take a time, a zone, a number or a path: a bad value is one line naming the
option and what it accepts, never an internal error (property tests with random strings);
options that would silently change a game file's count are refused."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, example, given, settings, strategies as st

from hostile_kit import EXAMPLE, clean_error, counted, invoke

SAVED = ["--saved-at", "2026-11-29T20:10:41"]
GAME = ["--game", EXAMPLE / "game.toml"]
RANDOM = settings(max_examples=40, deadline=None,
                  suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
# Random text, and text shaped like the values these options take.
TEXT = st.one_of(
    st.text(max_size=30),
    st.from_regex(r"\A[0-9]{1,3}:[0-9]{1,3}(:[0-9]{1,3})?\Z"),
    st.from_regex(r"\A[0-9]{1,5}-[0-9]{1,2}-[0-9]{1,2}([T ][0-9]{1,2}:[0-9]{2}(:[0-9]{2})?)?([+-][0-9]{2}:?[0-9]{2}|Z)?\Z"),
    st.from_regex(r"\A[A-Za-z_./+-]{1,20}\Z"))


def ok_or_clean(run, option: str) -> None:
    """A count (exit 0) or one line naming the option; never a traceback or internal error."""
    if run.code == 0:
        return
    line = clean_error(run)
    assert option in line or "Usage" not in line, line


@pytest.mark.parametrize("option", ["--at", "--deadline"])
@pytest.mark.parametrize("value", ["25:00", "24:00", "12:60", "23:59:61", "99:99"])
def test_a_time_out_of_range_is_one_line_naming_the_option(option, value):
    line = clean_error(invoke(EXAMPLE, *SAVED, option, value), option, value, "not a time")
    assert "2026-11-29T20:00" in line and "20:00" in line  # the accepted forms


@pytest.mark.parametrize("value", ["0001-01-01T00:00", "9999-12-31T23:59", "2026-13-01T10:00"])
def test_a_date_out_of_range_is_one_line(value):
    clean_error(invoke(EXAMPLE, *SAVED, "--deadline", value), "--deadline", value)
    clean_error(invoke(EXAMPLE, "--saved-at", value), "--saved-at", value)


@RANDOM
@given(value=TEXT)
@example(value="25:00")
@example(value="9999-12-31T23:59:59-23:59")
def test_time_options_never_an_internal_error(value):
    for option in ("--at", "--deadline"):
        ok_or_clean(invoke(EXAMPLE, *SAVED, option, value), option)
    ok_or_clean(invoke(EXAMPLE, "--saved-at", value), "--saved-at")
    ok_or_clean(invoke("posts", EXAMPLE, "--saved-at", value, "-f", "json"), "--saved-at")


@RANDOM
@given(value=TEXT)
@example(value="Europe")
@example(value="../../etc/passwd")
@example(value="Europe/Moscow\x00")
def test_zone_options_never_an_internal_error(value):
    ok_or_clean(invoke(EXAMPLE, *SAVED, "--tz", value), "--tz")
    ok_or_clean(invoke("posts", EXAMPLE, *SAVED, "--tz", value, "-f", "json"), "--tz")


@RANDOM
@given(value=st.one_of(TEXT, st.integers(-10**20, 10**20).map(str),
                       st.sampled_from(["nan", "inf", "-inf", "1e400", "-0", "0x10"])))
def test_number_options_never_an_internal_error(value):
    for option in ("--day", "--jobs"):
        ok_or_clean(invoke(EXAMPLE, *SAVED, option, value), option)
    ok_or_clean(invoke("activity", EXAMPLE, *SAVED, "--minimum", value), "--minimum")
    for option in ("--delay", "--timeout", "--max-time", "--max-pages", "--retries"):
        ok_or_clean(invoke(EXAMPLE, *SAVED, option, value), option)


@RANDOM
@given(value=st.one_of(TEXT, st.sampled_from(["", ".", "/", "/dev/null", "/proc/self/mem",
                                              "nothere/x.toml", "a\x00b", "~", "-"])))
def test_path_options_never_an_internal_error(tmp_path_factory, value):
    out = tmp_path_factory.mktemp("out")
    for option in ("--game", "--rules", "--diff", "--cookies"):
        ok_or_clean(invoke(EXAMPLE, *SAVED, option, value), option)
    ok_or_clean(invoke("posts", value, *SAVED, "-f", "json"), "THREAD")
    ok_or_clean(invoke("activity", EXAMPLE, *SAVED, "--game", value), "--game")
    if not os.path.exists(value):  # "/" or "." would be an archive of the whole disk or repository
        run = invoke("batch", value, "-o", out / "b", "-q", "--jobs", "1")
        assert run.code in (0, 2, 4) and "Traceback" not in run.err and "internal error" not in run.err


@RANDOM
@given(value=st.one_of(TEXT, st.sampled_from(["nan", "inf", "-1", "1e400"])))
def test_batch_number_options_never_an_internal_error(tmp_path_factory, value):
    out = tmp_path_factory.mktemp("out")
    for option in ("--jobs", "--time-limit", "--max-pages", "--max-mb"):
        run = invoke("batch", EXAMPLE, "-o", out / "b", "-q", option, value)
        # the example thread counts, or the option is refused, or a limit (a tiny --max-pages,
        # --max-mb, --time-limit) makes the thread that row's error (exit 4)
        assert run.code in (0, 2, 4), run.err
        assert "Traceback" not in run.err and "internal error" not in run.err, run.err
        if run.code == 2:
            clean_error(run, option)
        if run.code == 4:
            assert option != "--jobs" and "1 failed" in run.err, run.err


@pytest.mark.parametrize("option", ["--delay", "--timeout", "--max-time"])
def test_fetch_seconds_must_be_numbers(option, tmp_path):
    clean_error(invoke("fetch", "http://127.0.0.1:9/t", "-o", tmp_path / "f", option, "nan"),
                option, "not a number of seconds")


# -- options that would change what a game file says --------------------------------------------

def test_rules_with_a_game_file_is_refused():
    clean_error(invoke(EXAMPLE, *GAME, *SAVED, "--rules", "classic"), "--rules classic",
                "game.toml", "red-blue")


def test_deadline_with_a_game_file_of_days_is_refused():
    clean_error(invoke(EXAMPLE, *GAME, *SAVED, "--deadline", "19:00"), "--deadline", "game.toml",
                "[[days]]")


def test_deadline_with_a_game_file_without_days_still_sets_it(tmp_path):
    game = tmp_path / "game.toml"
    game.write_text('[game]\ngm = ["Ведущий"]\nrules = "red-blue"\n[[players]]\nnick = "Вася"\n',
                    encoding="utf-8")  # players: a game file without them is refused (issue 28)
    day = counted(invoke(EXAMPLE, "--game", game, *SAVED, "-f", "json", "--deadline", "2026-11-29T19:00"))
    assert day["deadline"] == "2026-11-29T19:00:00+03:00"


def test_rules_and_deadline_without_a_game_file_still_work():
    day = counted(invoke(EXAMPLE, *SAVED, "-f", "json", "--rules", "red-blue", "--deadline", "19:00"))
    assert day["rules"] == "red-blue" and day["deadline"] == "2026-11-29T19:00:00+03:00"
