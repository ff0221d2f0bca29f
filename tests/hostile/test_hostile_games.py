"""Hostile game files and rosters: wrong types, unknown players, duplicate nicks, days out of
order — each exit 2 with one line naming the file and line; and nicks that are also vote words
("Пас", "Фаст"), which must be counted as the players they name."""

from __future__ import annotations

import pytest

from hostile_kit import EXAMPLE, clean_error, counted, invoke
from threadkit import count, red

SAVED = ["--saved-at", "2026-11-29T20:10:41"]
ROSTER = '[game]\n[[players]]\nnick = "Вася"\n[[players]]\nnick = "Петя"\n'


@pytest.mark.parametrize("name,text,needles", [
    ("nick is a number", '[game]\n[[players]]\nnick = 5\n', ["line 3", "must be a string"]),
    ("rules is a number", '[game]\nrules = 3\n' + ROSTER[7:], ["line 2", "must be a string"]),
    ("deadline is words", ROSTER + '[[days]]\nnumber = 1\ndeadline = "tomorrow"\n',
     ["line 8", "not a date and time"]),
    ("deadline is a bare date", ROSTER + '[[days]]\nnumber = 1\ndeadline = 2026-11-29\n',
     ["line 8", "both a date and a time"]),
    ("dead is a number", ROSTER + '[[days]]\nnumber = 1\ndead = 3\n', ["line 8", "list of nicks"]),
    ("day number is text", ROSTER + '[[days]]\nnumber = "one"\n', ["line 7"]),
    ("players is a table", '[game]\n[players]\nnick = "Вася"\n', ["players"]),
    ("weights are words", ROSTER + '[rules]\nweights = { doctor = { blue = "x" } }\n',
     ["line 7", "weights"]),
    ("not TOML at all", '\x00\x01\x02 binary', ["game.toml"]),
    ("unknown player in a day", ROSTER + '[[days]]\nnumber = 1\ndead = ["Коля"]\n',
     ["line 8", "'Коля' is not a player"]),
    ("unknown player, misspelt", ROSTER + '[[days]]\nnumber = 1\nimmune = ["Вассся"]\n',
     ["line 8", "not a player"]),
    ("duplicate nicks", ROSTER + '[[players]]\nnick = "вася"\n', ["line 7", "вася", "Вася"]),
    ("duplicate by ё/е", '[game]\n[[players]]\nnick = "Ёжик"\n[[players]]\nnick = "Ежик"\n',
     ["line 5", "Ежик", "Ёжик"]),
    ("alias is another's nick", '[game]\n[[players]]\nnick = "Вася"\naliases = ["Петя"]\n'
     '[[players]]\nnick = "Петя"\n', ["Петя", "Вася"]),
    ("deadlines out of order", ROSTER + '[[days]]\nnumber = 1\ndeadline = 2026-11-30T20:00:00+03:00\n'
     '[[days]]\nnumber = 2\ndeadline = 2026-11-29T20:00:00+03:00\n', ["day 2's deadline is not after day 1's"]),
    ("days numbered twice", ROSTER + '[[days]]\nnumber = 1\n[[days]]\nnumber = 1\n', ["in order"]),
    ("opens after its deadline", ROSTER + '[[days]]\nnumber = 1\nopens = 2026-11-30T20:00:00+03:00\n'
     'deadline = 2026-11-29T20:00:00+03:00\n', ["opens at or after its deadline"]),
    ("unknown time zone", '[game]\ntimezone = "Mars/Olympus"\n' + ROSTER[7:], ["Mars/Olympus"]),
    ("a role typo", ROSTER + 'role = "doctr"\n', ["line 6", "doctr", "did you mean 'doctor'"]),
    ("the GM is a player", '[game]\ngm = ["Вася"]\n' + ROSTER[7:], ["line 2", "Вася", "also a player"]),
    ("no players", 'players = []\n[game]\n', ["line 1", "no players"]),
    # issue 28, case 4: a file that cannot describe a game is refused, naming the file and the key
    ("only [game]", '[game]\nrules = "classic"\n', ["lists no players", "[[players]]"]),
    ("days but no players", '[game]\n[[days]]\nnumber = 1\ndeadline = 2026-11-29T20:00:00+03:00\n',
     ["lists no players", "[[players]]"]),
    ("deadline before the opening", ROSTER + '[[days]]\nnumber = 1\nopens = 2026-11-29T20:00:00+03:00\n'
     'deadline = 2026-11-29T08:00:00+03:00\n', ["line 8", "day 1 opens at or after its deadline"]),
    ("the GM is a player's alias", '[game]\ngm = ["Васёк"]\n[[players]]\nnick = "Вася"\naliases = ["Васек"]\n',
     ["line 2", "Васёк", "also a player (Вася)"]),
    ("the GM is a player, in capitals", '[game]\ngm = ["ПЕТЯ"]\n' + ROSTER[7:], ["line 2", "ПЕТЯ", "also a player"]),
    ("threshold over 100", ROSTER + '[rules]\nfuzzy_threshold = 500\n', ["line 7", "from 0 to 100"]),
    ("negative penalty", ROSTER + '[rules]\nmissed_penalty = -2\n', ["line 7", "at least 0"]),
])
def test_bad_game_file(tmp_path, name, text, needles):
    game = tmp_path / "game.toml"
    game.write_text(text, encoding="utf-8")
    clean_error(invoke(EXAMPLE, "--game", game, "-f", "json", *SAVED), "game.toml", *needles)


def test_game_file_in_another_charset(tmp_path):
    """TOML is UTF-8; a windows-1251 game file is refused with its name, not mis-read."""
    game = tmp_path / "game.toml"
    game.write_bytes((ROSTER + '[[players]]\nnick = "Коля"\n').encode("cp1251"))
    clean_error(invoke(EXAMPLE, "--game", game, "-f", "json", *SAVED), "game.toml")


def test_game_file_that_is_a_folder(tmp_path):
    clean_error(invoke(EXAMPLE, "--game", tmp_path, "-f", "json", *SAVED), str(tmp_path))


def test_missing_game_file(tmp_path):
    clean_error(invoke(EXAMPLE, "--game", tmp_path / "nope.toml", "-f", "json", *SAVED), "nope.toml")


def test_unknown_players_in_the_thread_are_rejected_with_a_reason(tmp_path):
    """Posters who are not in the roster: their ballots are rejected as not_a_player, and the
    count of the players is the one without them."""
    game = tmp_path / "game.toml"
    game.write_text('[game]\nrules = "red-blue"\ngm = ["Ведущий"]\n[[players]]\nnick = "Петя"\n'
                    '[[players]]\nnick = "Ёжик"\n[[days]]\nnumber = 1\n'
                    'deadline = 2026-11-29T20:00:00+03:00\n', encoding="utf-8")
    d = counted(invoke(EXAMPLE, "--game", game, "-f", "json", "--lang", "en", *SAVED))
    strangers = [b for b in d["ballots"] if b["voter"] not in ("Петя", "Ёжик")]
    assert strangers and all(b["status"] == "rejected" and b["violations"] == ["not_a_player"]
                             for b in strangers)


# -- nicks that are vote words -------------------------------------------------------------

T = "2026-11-29 {:02d}:00:00".format
PLAYERS = ["Пас", "Фаст", "Вася", "Петя", "Маша"]


@pytest.mark.parametrize("preset,mark", [("classic", str), ("red-blue", red)])
def test_a_player_called_pas(tmp_path, preset, mark):
    """No pass ballots in classic or red-blue: "Пас" is simply that player's nick."""
    posts = [("Ведущий", T(9), "День 1"), ("Вася", T(10), mark("Пас")), ("Петя", T(11), mark("Пас")),
             ("Пас", T(12), mark("Вася")), ("Маша", T(13), mark("Вася"))]
    d = count(tmp_path, posts, PLAYERS, rules=preset)[0]
    assert {(b["voter"], b["target"], b["status"]) for b in d["ballots"]} == {
        ("Вася", "Пас", "counted"), ("Петя", "Пас", "counted"), ("Пас", "Вася", "counted"),
        ("Маша", "Вася", "counted")}
    assert next(r for r in d["tally"] if r["candidate"] == "Пас")["red"] == 2


@pytest.mark.parametrize("body", ["пас", "Голосую против пас", "голосую против Пас"])
def test_a_player_called_pas_lowercase_or_in_a_sentence(tmp_path, body):
    posts = [("Ведущий", T(9), "День 1"), ("Вася", T(10), body)]
    d = count(tmp_path, posts, PLAYERS, rules="classic")[0]
    assert [(b["voter"], b["target"], b["status"]) for b in d["ballots"]] == [("Вася", "Пас", "counted")]


def test_a_player_called_pas_in_red_lowercase(tmp_path):
    posts = [("Ведущий", T(9), "День 1"), ("Вася", T(10), red("пас"))]
    d = count(tmp_path, posts, PLAYERS, rules="red-blue")[0]
    assert [(b["voter"], b["target"], b["colour"], b["status"]) for b in d["ballots"]] == [
        ("Вася", "Пас", "red", "counted")]


@pytest.mark.parametrize("nick", ["Вася", "Пас"])
def test_vote_prefix_before_a_red_nick(tmp_path, nick):
    posts = [("Ведущий", T(9), "День 1"), ("Маша", T(10), "Голосую против " + red(nick))]
    d = count(tmp_path, posts, PLAYERS, rules="red-blue")[0]
    assert [(b["voter"], b["target"], b["colour"], b["status"]) for b in d["ballots"]] == [
        ("Маша", nick, "red", "counted")]


@pytest.mark.parametrize("preset,mark", [("classic", str), ("red-blue", red)])
def test_a_player_called_fast(tmp_path, preset, mark):
    posts = [("Ведущий", T(9), "День 1"), ("Вася", T(10), mark("Фаст")), ("Фаст", T(11), mark("Вася"))]
    d = count(tmp_path, posts, PLAYERS, rules=preset)[0]
    assert {(b["voter"], b["target"], b["status"]) for b in d["ballots"]} == {
        ("Вася", "Фаст", "counted"), ("Фаст", "Вася", "counted")}
    assert "Вася" not in d["missing"]


def test_fast_flag_and_a_player_called_fast_never_lose_the_post(tmp_path):
    """Whatever 'Фаст Пас' is taken to mean when both are players, the post is accounted for:
    a ballot (counted or rejected with a reason), never nothing."""
    posts = [("Ведущий", T(9), "День 1"), ("Вася", T(10), "Фаст Пас")]
    d = count(tmp_path, posts, PLAYERS, rules="classic")[0]
    assert [b["voter"] for b in d["ballots"]] == ["Вася"]
    b = d["ballots"][0]
    assert b["status"] == "counted" or b["violations"]


@pytest.mark.parametrize("name,text,line", [
    ("a comment names the key first",
     '# timezone: the GM lives in Moscow\n[game]\ntimezone = "Europe/Mowcow"\n' + ROSTER[7:], 3),
    ("a comment names the rules key first",
     ROSTER + '# missed_vot is what the GM wrote last time\n[rules]\nmissed_vot = 2\n', 8),
    ("the second day's deadline, not the first's",
     ROSTER + '[[days]]\nnumber = 1\ndeadline = 2026-11-29T20:00:00+03:00\n'
              '[[days]]\nnumber = 2\ndeadline = "tomorrow"\n', 11),
    ("the second day's deadline out of order",
     ROSTER + '[[days]]\nnumber = 1\ndeadline = 2026-11-30T20:00:00+03:00\n'
              '[[days]]\nnumber = 2\ndeadline = 2026-11-29T20:00:00+03:00\n', 11),
    ("a nick in a comment before the day",
     ROSTER + '# Коля left on day 1\n[[days]]\nnumber = 1\ndead = ["Коля"]\n', 9),
    ("the key, not a value that contains it",
     '[game]\ntitle = "timezone trouble"\ntimezone = "Mars/Olympus"\n' + ROSTER[7:], 3),
], ids=["comment-before-key", "comment-before-rules-key", "second-day-deadline",
        "second-day-out-of-order", "nick-in-a-comment", "key-not-value"])
def test_game_file_error_names_the_line_of_the_key(tmp_path, name, text, line):
    game = tmp_path / "game.toml"
    game.write_text(text, encoding="utf-8")
    clean_error(invoke(EXAMPLE, "--game", game, *SAVED), f"game.toml: line {line}:")
