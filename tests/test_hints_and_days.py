"""Issue 28, case 7: what votecount offers a newcomer must be true and must help. "Did you mean"
only for a player close enough (names.HINT_FLOOR), never for a nick that matches nothing
plausible; `--day N` of a day there is not says what is true of the thread or the game file."""

from __future__ import annotations

import json

from hypothesis import given, settings, strategies as st

from conftest import corpus_page
from test_cli import EXAMPLE, run
from votecount.ballots.names import HINT_FLOOR, Matcher, Player, suggestion

MTG = "curse-elevated/ecophagy-mtgs-unreliable-cops-mafia-all.html"


def unknown_nick_messages(out: str) -> list[str]:
    data = json.loads(out)
    days = data["days"] if "days" in data else [data]  # one day's count is the day itself
    return [v["message"] for d in days for v in d["violations"] if v["code"] == "unknown_nick"]


def test_no_did_you_mean_for_a_nick_that_matches_nothing_plausible(tmp_path):
    """The MTG Salvation game, as the README's first steps run it: `init`, then the count.
    'Zomg' (zomgarcwind, who is no player of the draft) scored 18 against Ophidia, and the
    count said "did you mean Ophidia?"."""
    thread = corpus_page(MTG)
    game = tmp_path / "game.toml"
    code, _, err = run("init", thread, "--tz", "UTC", "-o", game)
    assert code == 0, err
    code, out, err = run(thread, "--game", game, "--format", "json")
    assert code == 0, err
    zomg = [m for m in unknown_nick_messages(out) if "Zomg" in m or "ZomG" in m]
    assert zomg and not any("Ophidia" in m or "did you mean" in m or "может" in m for m in zomg)


def test_a_close_misspelling_still_gets_its_hint():
    """The example's 'Пеятя' (Петя, 88.9): the hint helps, and stays."""
    code, out, err = run(EXAMPLE, "--game", EXAMPLE / "game.toml", "--format", "json")
    assert code == 0, err
    assert any("Пеятя" in m and "может, Петя?" in m for m in unknown_nick_messages(out))


def test_the_hint_floor_is_one_number_and_the_closest_below_it_is_not_offered():
    m = Matcher([Player("Ophidia"), Player("Anaklusmos")]).match("Zomg")
    assert m.player is None and m.candidates and m.candidates[0][1] < HINT_FLOOR == 60
    assert suggestion(m) is None
    close = Matcher([Player("Ophidia"), Player("Anaklusmos")]).match("Ophidai")
    assert suggestion(close) == "Ophidia"


_NICK = st.text("abcdefghijklm_", min_size=2, max_size=12).filter(lambda s: s.strip("_"))


@settings(max_examples=200, deadline=None)
@given(st.lists(_NICK, min_size=1, max_size=8, unique_by=str.lower), st.text("opqsuwxz", min_size=1, max_size=12))
def test_a_nick_sharing_no_letter_with_the_roster_gets_no_hint(roster, written):
    """Nothing plausible: no letter in common with any player's nick, typed in either keyboard
    layout (the layout stage reads 'y' as 'н', which folds to 'h'), so no "did you mean"."""
    assert suggestion(Matcher([Player(n) for n in roster]).match(written)) is None


@settings(max_examples=200, deadline=None)
@given(st.lists(_NICK, min_size=1, max_size=8, unique_by=str.lower), st.text("abcdefghijklmnop", max_size=12))
def test_a_hint_is_always_a_player_scoring_at_least_the_floor(roster, written):
    m = Matcher([Player(n) for n in roster]).match(written)
    best = suggestion(m)
    if best is not None:
        score = m.score if m.player else dict(m.candidates)[best]
        assert best in roster and score >= HINT_FLOOR


# -- --day N of a day there is not ------------------------------------------------------------

def test_day_2_without_a_game_file_says_the_thread_is_one_day():
    code, out, err = run(EXAMPLE, "--day", "2")
    assert code == 2 and not out
    assert err.strip() == ("votecount: --day 2: without a game file the thread is one day (day 1); "
                           "give --game with a [[days]] table for each day")
    assert "the game file has" not in err


def test_activity_day_2_without_a_game_file_says_the_same():
    code, _, err = run("activity", EXAMPLE, "--day", "2")
    assert code == 2 and "without a game file the thread is one day (day 1)" in err


def test_day_2_of_a_game_file_without_days_says_it_gives_day_1_only(tmp_path):
    text = (EXAMPLE / "game.toml").read_text(encoding="utf-8")
    game = tmp_path / "game.toml"
    game.write_text(text[:text.index("[[days]]")], encoding="utf-8")
    code, _, err = run(EXAMPLE, "--game", game, "--day", "2")
    assert code == 2
    assert f"--day 2: {game} gives no day but day 1 (without [[days]] tables" in err
    code, _, err = run("activity", EXAMPLE, "--game", game, "--day", "1")
    assert code == 0, err  # day 1 is there: the file's one day, as the count reads it


def test_day_9_of_a_game_file_with_days_lists_them():
    code, _, err = run(EXAMPLE, "--game", EXAMPLE / "game.toml", "--day", "9")
    assert code == 2 and err.strip() == "votecount: --day 9: the game file has days 1"
