"""Preset `classic` (seed 003), one test per rule id, each over a small mybb.ru thread."""

from threadkit import codes, count, scores

GM = ("Ведущий", "2026-11-28 20:00:00", "День 1. Голосуем до 20:00.")
P = ["Вася", "Петя", "Маша"]


def test_c3_1_extra_words_warn_but_the_single_nick_counts(tmp_path):
    [day] = count(tmp_path, [GM, ("Вася", "2026-11-29 10:00:00", "Голосую против Петя, он подозрительный"),
                             ("Петя", "2026-11-29 10:01:00", "Вася"), ("Маша", "2026-11-29 10:02:00", "Вася")], P)
    assert ("extra_text", "Вася") in codes(day)
    assert scores(day) == {"Вася": 2, "Петя": 1}
    [b] = [b for b in day["ballots"] if b["voter"] == "Вася"]
    assert b["status"] == "counted" and b["target"] == "Петя"


def test_c3_2_last_vote_counts(tmp_path):
    [day] = count(tmp_path, [GM, ("Вася", "2026-11-29 10:00:00", "Петя"), ("Петя", "2026-11-29 10:01:00", "Вася"),
                             ("Маша", "2026-11-29 10:02:00", "Вася"), ("Вася", "2026-11-29 11:00:00", "Маша")], P)
    assert scores(day) == {"Вася": 2, "Маша": 1}
    statuses = [(b["voter"], b["target"], b["status"]) for b in day["ballots"] if b["voter"] == "Вася"]
    assert statuses == [("Вася", "Петя", "superseded"), ("Вася", "Маша", "counted")]
    assert day["outcome"] == {"kind": "lynch", "eliminated": ["Вася"], "note": "eliminated: Вася"}


def test_c3_3_edited_vote_is_a_vote_against_oneself(tmp_path):
    [day] = count(tmp_path, [GM, ("Вася", "2026-11-29 10:00:00", "Петя", "Вася", "2026-11-29 10:03:00"),
                             ("Петя", "2026-11-29 10:01:00", "Маша"), ("Маша", "2026-11-29 10:02:00", "Петя")], P)
    assert ("edited_vote", "Вася") in codes(day)
    assert scores(day) == {"Вася": 1, "Маша": 1, "Петя": 1}
    assert "Вася" not in day["missing"]
    [v] = [v for v in day["violations"] if v["code"] == "edited_vote"]
    assert v["effect"] == "self_vote" and v["rule"] == "C3.3"


def test_c3_3_an_edit_by_the_gm_is_not_a_violation(tmp_path):
    [day] = count(tmp_path, [GM, ("Вася", "2026-11-29 10:00:00", "Петя", "Ведущий", "2026-11-29 10:03:00"),
                             ("Петя", "2026-11-29 10:01:00", "Вася"), ("Маша", "2026-11-29 10:02:00", "Петя")], P)
    assert "edited_vote" not in [c for c, _ in codes(day)]
    assert scores(day) == {"Петя": 2, "Вася": 1}


def test_c3_3_empty_edited_last_post_is_a_self_vote(tmp_path):
    [day] = count(tmp_path, [GM, ("Вася", "2026-11-29 10:00:00", "&#160;", "Вася", "2026-11-29 10:03:00"),
                             ("Петя", "2026-11-29 10:01:00", "Маша"), ("Маша", "2026-11-29 10:02:00", "Петя")], P)
    assert scores(day)["Вася"] == 1 and "Вася" not in day["missing"]


def test_c3_4_misspelled_nick_is_no_vote_and_a_self_vote(tmp_path):
    [day] = count(tmp_path, [GM, ("Вася", "2026-11-29 10:00:00", "Пеття"), ("Петя", "2026-11-29 10:01:00", "Маша"),
                             ("Маша", "2026-11-29 10:02:00", "Петя")], P)
    assert ("unknown_nick", "Вася") in codes(day) and ("missed_vote", "Вася") in codes(day)
    [miss] = [v for v in day["violations"] if v["code"] == "missed_vote"]
    assert miss["rule"] == "C3.4" and miss["effect"] == "self_vote"
    assert "Петя" in [v for v in day["violations"] if v["code"] == "unknown_nick"][0]["message"]  # did you mean
    assert scores(day) == {"Вася": 1, "Маша": 1, "Петя": 1}


def test_c3_4_case_yo_and_homoglyphs_are_not_misspellings(tmp_path):
    players = ["Ёжик", "Петя", "Маша"]
    [day] = count(tmp_path, [GM, ("Ёжик", "2026-11-29 10:00:00", "ПЕТЯ"), ("Петя", "2026-11-29 10:01:00", "ежик"),
                             ("Маша", "2026-11-29 10:02:00", "Пeтя")], players)  # Latin e in the last
    assert scores(day) == {"Петя": 2, "Ёжик": 1}
    assert day["missing"] == []


def test_c3_5_a_vote_at_the_deadline_is_late(tmp_path):
    [day] = count(tmp_path, [GM, ("Вася", "2026-11-29 19:59:59", "Петя"), ("Петя", "2026-11-29 20:00:00", "Вася"),
                             ("Маша", "2026-11-29 10:02:00", "Петя")], P)
    assert ("late_vote", "Петя") in codes(day)
    assert scores(day) == {"Петя": 3}  # Вася, Маша, and Петя's own missed vote
    assert day["missing"] == ["Петя"]


def test_c3_6_no_vote_is_a_vote_against_oneself(tmp_path):
    [day] = count(tmp_path, [GM, ("Вася", "2026-11-29 10:00:00", "Петя"), ("Петя", "2026-11-29 10:01:00", "Вася")], P)
    assert day["missing"] == ["Маша"]
    [row] = [r for r in day["tally"] if r["candidate"] == "Маша"]
    assert row["penalty"] == 1 and row["score"] == 1
    assert day["outcome"]["kind"] == "tie"


TWO_DAYS = ['number = 1\ndeadline = 2026-11-29T20:00:00+03:00',
            'number = 2\nopens = 2026-11-30T20:00:00+03:00\ndeadline = 2026-12-01T20:00:00+03:00']


def test_c3_7_two_missed_votes_in_the_game_are_a_modkill(tmp_path):
    posts = [GM, ("Вася", "2026-11-29 10:00:00", "Петя"), ("Петя", "2026-11-29 10:01:00", "Вася"),
             ("Ведущий", "2026-11-30 20:00:00", "День 2."),
             ("Вася", "2026-12-01 10:00:00", "Петя"), ("Петя", "2026-12-01 10:01:00", "Вася")]
    day1, day2 = count(tmp_path, posts, P, days=TWO_DAYS)
    assert day1["modkills"] == [] and day2["modkills"] == ["Маша"]
    [mk] = [v for v in day2["violations"] if v["code"] == "modkill"]
    assert mk["rule"] == "C3.7" and mk["day"] == 2


def test_c3_8_a_second_misspelled_nick_after_a_warning_is_a_modkill(tmp_path):
    posts = [GM, ("Вася", "2026-11-29 10:00:00", "Пеття"), ("Вася", "2026-11-29 10:05:00", "Петя"),
             ("Петя", "2026-11-29 10:01:00", "Вася"), ("Маша", "2026-11-29 10:01:00", "Вася"),
             ("Ведущий", "2026-11-30 20:00:00", "День 2."),
             ("Вася", "2026-12-01 10:00:00", "Пятя"), ("Вася", "2026-12-01 10:01:00", "Петя"),
             ("Петя", "2026-12-01 10:01:00", "Вася"), ("Маша", "2026-12-01 10:01:00", "Вася")]
    day1, day2 = count(tmp_path, posts, P, days=TWO_DAYS)
    assert day1["modkills"] == []  # the first typo was corrected: a warning only
    assert day2["modkills"] == ["Вася"]
    assert [v["rule"] for v in day2["violations"] if v["code"] == "modkill"] == ["C3.8"]


def test_c3_9_tie_eliminates_nobody(tmp_path):
    [day] = count(tmp_path, [GM, ("Вася", "2026-11-29 10:00:00", "Петя"), ("Петя", "2026-11-29 10:01:00", "Вася"),
                             ("Маша", "2026-11-29 10:02:00", "Маша")], P)
    assert day["outcome"]["kind"] == "tie" and day["outcome"]["eliminated"] == []


def test_c3_13_silenced_players_have_no_vote_and_are_not_missing(tmp_path):
    days = ['number = 1\ndeadline = 2026-11-29T20:00:00+03:00\nsilenced = ["Маша"]']
    [day] = count(tmp_path, [GM, ("Вася", "2026-11-29 10:00:00", "Петя"), ("Петя", "2026-11-29 10:01:00", "Вася"),
                             ("Маша", "2026-11-29 10:02:00", "Вася"), ("Вася", "2026-11-29 10:03:00", "Петя")],
                  P, days=days)
    assert ("silenced_voter", "Маша") in codes(day)
    assert "Маша" not in day["missing"] and scores(day) == {"Вася": 1, "Петя": 1}


def test_dead_players_cannot_vote_or_be_voted(tmp_path):
    days = ['number = 1\ndeadline = 2026-11-29T20:00:00+03:00\ndead = ["Маша"]']
    [day] = count(tmp_path, [GM, ("Вася", "2026-11-29 10:00:00", "Маша"), ("Петя", "2026-11-29 10:01:00", "Вася"),
                             ("Маша", "2026-11-29 10:02:00", "Вася")], P, days=days)
    assert ("dead_target", "Вася") in codes(day) and ("dead_voter", "Маша") in codes(day)
    assert day["missing"] == ["Вася"]


def test_gm_posts_are_never_ballots(tmp_path):
    [day] = count(tmp_path, [GM, ("Вася", "2026-11-29 10:00:00", "Петя"), ("Ведущий", "2026-11-29 10:00:30", "Вася"),
                             ("Петя", "2026-11-29 10:01:00", "Маша"), ("Маша", "2026-11-29 10:02:00", "Петя")], P)
    assert scores(day) == {"Петя": 2, "Маша": 1}


def test_a_player_named_like_a_vote_word_is_a_nick(tmp_path):
    players = ["Пас", "Петя", "Маша"]
    [day] = count(tmp_path, [GM, ("Петя", "2026-11-29 10:00:00", "Пас"), ("Маша", "2026-11-29 10:01:00", "пас"),
                             ("Пас", "2026-11-29 10:02:00", "Петя")], players)
    assert scores(day) == {"Пас": 2, "Петя": 1}


def test_not_a_player(tmp_path):
    [day] = count(tmp_path, [GM, ("Гость", "2026-11-29 10:00:00", "Петя"), ("Вася", "2026-11-29 10:00:00", "Петя"),
                             ("Петя", "2026-11-29 10:01:00", "Маша"), ("Маша", "2026-11-29 10:02:00", "Петя")], P)
    assert ("not_a_player", "Гость") in codes(day)
    assert scores(day) == {"Петя": 2, "Маша": 1}


# -- C3.10: the necromancer's dead -------------------------------------------------------------
NECRO = ("[[players]]\nnick = \"Некр\"\nrole = \"necromancer\"\nteam = \"town\"\n\n"
         "[[players]]\nnick = \"Дух\"\nteam = \"town\"\n\n[[players]]\nnick = \"Маф\"\nteam = \"mafia\"\n\n"
         "[[players]]\nnick = \"Безкоманды\"\n")


def test_c3_10_dead_town_players_vote_for_half_while_the_necromancer_lives(tmp_path):
    days = ['number = 1\ndeadline = 2026-11-29T20:00:00+03:00\ndead = ["Дух", "Маф", "Безкоманды"]']
    posts = [GM, ("Вася", "2026-11-29 10:00:00", "Петя"), ("Петя", "2026-11-29 10:01:00", "Вася"),
             ("Маша", "2026-11-29 10:02:00", "Петя"), ("Некр", "2026-11-29 10:03:00", "Вася"),
             ("Дух", "2026-11-29 10:04:00", "Вася"), ("Маф", "2026-11-29 10:05:00", "Петя"),
             ("Безкоманды", "2026-11-29 10:06:00", "Петя")]
    [day] = count(tmp_path, posts, P, days=days, extra_players=NECRO)
    assert scores(day) == {"Вася": 2.5, "Петя": 2}
    [ghost] = [b for b in day["ballots"] if b["voter"] == "Дух"]
    assert ghost["weight"] == 0.5 and ghost["status"] == "counted"
    assert ("dead_voter", "Маф") in codes(day) and ("dead_voter", "Безкоманды") in codes(day)
    [why] = [v for v in day["violations"] if v["player"] == "Безкоманды"]
    assert 'team = "town"' in why["message"]  # a GM must say the team; the tool does not guess
    assert "Дух" not in day["missing"]  # the dead may vote; they are never missing


def test_c3_10_no_half_votes_once_the_necromancer_is_dead(tmp_path):
    days = ['number = 1\ndeadline = 2026-11-29T20:00:00+03:00\ndead = ["Дух", "Маф", "Безкоманды", "Некр"]']
    posts = [GM, ("Вася", "2026-11-29 10:00:00", "Петя"), ("Дух", "2026-11-29 10:04:00", "Вася")]
    [day] = count(tmp_path, posts, P, days=days, extra_players=NECRO)
    assert ("dead_voter", "Дух") in codes(day) and "Вася" not in scores(day)


def test_c3_10_a_modkilled_town_player_never_votes(tmp_path):
    days = ['number = 1\ndeadline = 2026-11-29T20:00:00+03:00\nmodkills = ["Дух"]',
            'number = 2\ndeadline = 2026-11-30T20:00:00+03:00']
    posts = [GM, ("Дух", "2026-11-30 10:04:00", "Вася")]
    _, day2 = count(tmp_path, posts, P, days=days, extra_players=NECRO)
    [v] = [v for v in day2["violations"] if v["player"] == "Дух"]
    assert v["code"] == "dead_voter" and v["rule"] == "C3.10"


# -- C3.11: the resurrected are immune -----------------------------------------------------------
def test_c3_11_a_vote_against_an_immune_player_is_rejected_and_a_miss(tmp_path):
    days = ['number = 1\ndeadline = 2026-11-29T20:00:00+03:00\nimmune = ["Маша"]']
    [day] = count(tmp_path, [GM, ("Вася", "2026-11-29 10:00:00", "Маша"), ("Петя", "2026-11-29 10:01:00", "Вася"),
                             ("Маша", "2026-11-29 10:02:00", "Вася")], P, days=days)
    assert ("immune_target", "Вася") in codes(day)
    assert "Вася" in day["missing"] and scores(day) == {"Вася": 3}


# -- C3.12: GM relays ----------------------------------------------------------------------------
def test_c3_12_a_gm_relay_is_the_voters_ballot_at_the_relay_time(tmp_path):
    posts = [GM, ("Петя", "2026-11-29 10:01:00", "Вася"), ("Маша", "2026-11-29 10:02:00", "Вася"),
             ("Ведущий", "2026-11-29 19:30:00", "Вася голосует против Маши"),
             ("Ведущий", "2026-11-29 19:40:00", "Итоги на 19:40: Вася — 2, Маша — 1. Голосуем!")]
    [day] = count(tmp_path, posts, P, explain=True)
    [relay] = [b for b in day["ballots"] if b["voter"] == "Вася"]
    assert relay["target"] == "Маша" and relay["status"] == "counted"
    assert relay["time"] == "2026-11-29T19:30:00+03:00"
    assert any("C3.12" in line for line in relay["story"])
    assert day["missing"] == [] and scores(day) == {"Вася": 2, "Маша": 1}


def test_c3_12_a_relay_after_the_deadline_is_not_taken(tmp_path):
    posts = [GM, ("Петя", "2026-11-29 10:01:00", "Вася"), ("Ведущий", "2026-11-29 20:00:00", "Маша: Вася")]
    [day] = count(tmp_path, posts, P)
    assert "Маша" in day["missing"]


# -- messages: Russian by default for Russian games, English on request or for English ones ------
def test_messages_are_russian_for_a_moscow_game_and_english_with_lang_en(tmp_path):
    posts = [GM, ("Вася", "2026-11-29 10:00:00", "Пееетя")]
    [ru] = count(tmp_path, posts, P, lang=None)
    [en] = count(tmp_path, posts, P, lang="en")
    [v_ru] = [v for v in ru["violations"] if v["code"] == "unknown_nick"]
    [v_en] = [v for v in en["violations"] if v["code"] == "unknown_nick"]
    assert "не найден среди игроков" in v_ru["message"]
    assert "is not a player" in v_en["message"]
