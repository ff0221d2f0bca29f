"""Mid-day events of the game file (`[[days.events]]`, votecount/count/events.py): a day-kill or a
vote reset from a post (or a moment) on changes the alive count, and so the majority (H.13),
and the ballots that still stand. ("With 9 alive it is 5 to lynch.")"""

import pytest

from threadkit import ballot_of, count, scores
from votecount.count.game import parse
from votecount.errors import ConfigError

GM = ("Host", "2026-11-28 20:00:00", "Day 1 starts.")
P = ["Ann", "Bob", "Cid", "Dan", "Eve"]
B = '<div style="display:inline;font-weight:bold">{}</div>'


def t(mm: int) -> str:
    return f"2026-11-29 10:{mm:02d}:00"


def day_with(events: str) -> str:
    return "number = 1\ndeadline = 2026-11-29T20:00:00+03:00\n" + events


def bv(tmp_path, posts, events=""):
    tmp_path.mkdir(exist_ok=True)
    return count(tmp_path, [GM, *posts], P, rules="bold-vote", gm="Host", days=[day_with(events)],
                 overrides='majority = "half+1"')


def test_H13_a_day_kill_lowers_the_majority_from_its_post_on(tmp_path):
    posts = [("Ann", t(1), B.format("Vote: Eve")),  # post 2
             ("Host", t(2), "Bob and Cid were shot."),  # post 3
             ("Dan", t(3), B.format("Vote: Eve"))]  # post 4: 2 of 3 alive = floor(3/2)+1
    [before] = bv(tmp_path / "a", posts)
    assert before["flags"]["hammer_at"] is None  # 2 of 5: no majority
    [day] = bv(tmp_path / "b", posts, '[[days.events]]\npost = 3\nkill = ["Bob", "Cid"]\n')
    assert day["flags"]["hammer_at"] == "2026-11-29T10:03:00+03:00"
    assert day["outcome"]["kind"] == "lynch" and day["outcome"]["eliminated"] == ["Eve"]


def test_H13_a_killed_players_vote_stops_counting(tmp_path):
    posts = [("Bob", t(1), B.format("Vote: Eve")), ("Host", t(2), "Bob was shot."),
             ("Ann", t(3), B.format("Vote: Eve"))]
    [day] = bv(tmp_path, posts, '[[days.events]]\npost = 3\nkill = ["Bob"]\n')
    assert scores(day) == {"Eve": 1}
    [bob] = ballot_of(day, "Bob")
    assert bob["status"] == "superseded"
    assert day["flags"]["hammer_at"] is None  # 1 of 4 alive, 3 needed


def test_H13_a_reset_leaves_only_the_ballots_cast_from_it_on(tmp_path):
    posts = [("Ann", t(1), B.format("Vote: Eve")), ("Bob", t(2), B.format("Vote: Eve")),
             ("Host", t(3), "Votes are reset."),  # post 4
             ("Cid", t(4), B.format("Vote: Eve")), ("Dan", t(5), B.format("Vote: Ann"))]
    [day] = bv(tmp_path, posts, '[[days.events]]\npost = 4\nreset = true\n')
    assert scores(day) == {"Eve": 1, "Ann": 1}
    assert day["flags"]["hammer_at"] is None
    assert [b["status"] for b in ballot_of(day, "Ann")] == ["superseded"]


def test_H13_an_event_by_time(tmp_path):
    posts = [("Ann", t(1), B.format("Vote: Eve")), ("Dan", t(3), B.format("Vote: Eve"))]
    [day] = bv(tmp_path, posts, '[[days.events]]\ntime = 2026-11-29T10:02:00+03:00\nkill = ["Bob", "Cid"]\n')
    assert day["flags"]["hammer_at"] == "2026-11-29T10:03:00+03:00"


GAME = '[game]\nrules = "bold-vote"\n[[players]]\nnick = "Ann"\n[[players]]\nnick = "Bob"\n[[days]]\nnumber = 1\n'


@pytest.mark.parametrize("event, said", [
    ('post = 3\ntime = 2026-11-29T10:00:00+03:00\nkill = ["Bob"]', "give post or time"),
    ('kill = ["Bob"]', "give post or time"),
    ('post = 3', "needs kill or reset"),
    ('post = 3\nkill = ["Zed"]', "'Zed' is not a player"),
    ('post = 3\nreset = "yes"', "reset must be true or false"),
    ('post = 3\nkil = ["Bob"]', "unknown key 'kil'"),
])
def test_a_bad_event_is_one_clear_error_naming_the_file_and_line(event, said):
    with pytest.raises(ConfigError) as e:
        parse(GAME + "[[days.events]]\n" + event + "\n", "game.toml")
    assert said in str(e.value) and str(e.value).startswith("game.toml: line ")


def test_H13_a_killed_player_votes_no_more_and_is_not_missing(tmp_path):
    posts = [("Host", t(1), "Bob was shot."),  # post 2
             ("Bob", t(2), B.format("Vote: Eve")), ("Ann", t(3), B.format("Vote: Eve"))]
    [day] = bv(tmp_path, posts, '[[days.events]]\npost = 2\nkill = ["Bob"]\n')
    [bob] = ballot_of(day, "Bob")
    assert bob["status"] == "rejected" and bob["violations"] == ["dead_voter"]
    assert scores(day) == {"Eve": 1} and "Bob" not in day["missing"]
