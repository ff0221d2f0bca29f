"""House rules seen in real game threads (RULES.md H.1-H.13), each test named by its id. Every
thread is built as real ones are: the GM's rule post first, then the ballots; each runs over two
engines (tests/housekit.py: mybb.ru and phpBB 3)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from housekit import ENGINES, count, page
from threadkit import ballot_of, codes, game_toml, scores

GM = "Ведущий"
PLAYERS = ["Аня", "Боря", "Вера", "Гоша", "Даша"]
DAY = "2026-11-29"


def gm_post(rules: str) -> tuple:
    return (GM, f"{DAY} 09:00:00", rules)


def voters(day: dict, candidate: str) -> list[str]:
    """Who voted against `candidate` (the tally row's votes; penalties are not votes)."""
    return [v["voter"] for row in day["tally"] if row["candidate"] == candidate for v in row["votes"]]


def at(clock: str) -> str:
    return f"{DAY} {clock}:00"


@pytest.fixture(params=ENGINES)
def engine(request) -> str:
    return request.param


# -- H.1-H.3: ties ---------------------------------------------------------------------------
TIE = [("Аня", at("10:00"), "Вера"), ("Боря", at("10:05"), "Гоша"), ("Вера", at("10:10"), "Гоша"),
       ("Гоша", at("10:20"), "Вера"), ("Даша", at("10:30"), "Аня")]


def test_H1_tie_goes_to_the_score_completed_first(tmp_path, engine):
    posts = [gm_post("При равенстве голосов казнят того, чей последний голос был раньше.")] + TIE
    day = count(tmp_path, engine, posts, PLAYERS, overrides='tie = "earliest"')[0]
    assert scores(day)["Вера"] == scores(day)["Гоша"] == 2
    # Гоша's score was completed at 10:10, Вера's at 10:20
    assert day["outcome"]["kind"] == "lynch" and day["outcome"]["eliminated"] == ["Гоша"]
    assert day["outcome"]["rule"] == "H.1" and day["outcome"]["candidates"] == ["Вера", "Гоша"]
    assert "(Вера — 10:20, Гоша — 10:10)" in day["outcome"]["note"]


def test_H1_a_penalty_vote_counts_as_cast_at_the_opening(tmp_path, engine):
    """Даша misses: her self-vote (C3.6) is counted as the earliest, so her 2 (10:40 vote +
    penalty) completes at 10:40 against Вера's 10:50."""
    posts = [gm_post("Ничья: казнят того, чей последний голос раньше.")] + [
        ("Аня", at("10:00"), "Вера"), ("Боря", at("10:40"), "Даша"), ("Вера", at("10:45"), "Гоша"),
        ("Гоша", at("10:50"), "Вера")]
    day = count(tmp_path, engine, posts, PLAYERS, overrides='tie = "earliest"')[0]
    assert scores(day) == {"Вера": 2, "Даша": 2, "Гоша": 1}
    assert day["outcome"]["eliminated"] == ["Даша"]


def test_H1_equal_times_eliminate_nobody(tmp_path, engine):
    posts = [gm_post("Ничья: раньше набранный счёт.")] + [
        ("Аня", at("10:00"), "Вера"), ("Боря", at("10:00"), "Гоша")]
    day = count(tmp_path, engine, posts, ["Аня", "Боря", "Вера", "Гоша"], overrides='tie = "earliest"\nmissed_vote = "none"\nmisses_to_modkill = 0')[0]
    assert day["outcome"]["kind"] == "tie" and day["outcome"]["eliminated"] == []


def test_H1_an_interim_count_names_who_is_ahead_on_time(tmp_path, engine):
    posts = [gm_post("Ничья: раньше набранный счёт.")] + TIE[:4]
    day = count(tmp_path, engine, posts, PLAYERS, overrides='tie = "earliest"', at="2026-11-29T12:00")[0]
    assert day["outcome"]["kind"] == "open" and day["missing"] == ["Даша"]
    assert "Гоша" in day["outcome"]["note"].split("ahead on time:")[1]


def test_H2_every_tied_leader_is_eliminated(tmp_path, engine):
    posts = [gm_post("При равенстве выбывают все.")] + TIE
    day = count(tmp_path, engine, posts, PLAYERS, overrides='tie = "all"')[0]
    assert day["outcome"]["kind"] == "lynch" and day["outcome"]["eliminated"] == ["Вера", "Гоша"]


def test_H2_with_two_alive_nobody_goes(tmp_path, engine):
    posts = [gm_post("При равенстве выбывают все.")] + [("Аня", at("10:00"), "Боря"), ("Боря", at("10:05"), "Аня")]
    day = count(tmp_path, engine, posts, ["Аня", "Боря"], overrides='tie = "all"')[0]
    assert day["outcome"]["kind"] == "tie" and day["outcome"]["eliminated"] == []


def test_H3_the_gm_decides_and_the_tool_never_picks(tmp_path, engine):
    posts = [gm_post("Ничья — рулетка, решает ведущий.")] + TIE
    day = count(tmp_path, engine, posts, PLAYERS, overrides='tie = "gm"', lang="ru")[0]
    assert day["outcome"]["kind"] == "gm_decides" and day["outcome"]["eliminated"] == []
    assert day["outcome"]["candidates"] == ["Вера", "Гоша"]
    assert day["outcome"]["note"] == "ничья: решает ведущий (Вера, Гоша)"


def test_H3_bbcode_says_the_gm_decides(tmp_path):
    import subprocess
    import sys

    import threadkit
    from housekit import page
    (tmp_path / "t.html").write_text(page("phpbb3", [gm_post("Ничья — решает ведущий.")] + TIE), encoding="utf-8")
    (tmp_path / "g.toml").write_text(threadkit.game_toml(PLAYERS, overrides='tie = "gm"'), encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "votecount.cli", tmp_path / "t.html", "--game", tmp_path / "g.toml",
                           "-f", "bbcode", "--lang", "ru"], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert "ничья: решает ведущий (Вера, Гоша)" in proc.stdout


# -- H.4: an edited vote post is a missed vote -------------------------------------------------
def test_H4_an_edited_vote_is_a_miss_and_the_earlier_vote_does_not_come_back(tmp_path, engine):
    posts = [gm_post("Отредактированный пост с голосом — это пропуск голосования.")] + [
        ("Аня", at("10:00"), "Вера"), ("Аня", at("11:00"), "Гоша", "Аня", at("11:30")),
        ("Боря", at("11:10"), "Вера")]
    day = count(tmp_path, engine, posts, PLAYERS, overrides='edited_vote = "missed"')[0]
    assert [b["status"] for b in ballot_of(day, "Аня")] == ["superseded", "rejected"]
    edited = [v for v in day["violations"] if v["code"] == "edited_vote"]
    assert [(v["player"], v["effect"], v["rule"]) for v in edited] == [("Аня", "missed", "H.4")]
    assert "Аня" in day["missing"]
    assert ("missed_vote", "Аня") in codes(day)  # classic's C3.6: a vote against oneself
    assert voters(day, "Вера") == ["Боря"]  # Аня's 10:00 vote is gone
    assert scores(day)["Аня"] == 1  # C3.6: her missed vote is a vote against herself


def test_H4_a_later_clean_ballot_counts(tmp_path, engine):
    posts = [gm_post("Редактирование = пропуск.")] + [
        ("Аня", at("10:00"), "Вера", "Аня", at("10:30")), ("Аня", at("11:00"), "Гоша")]
    day = count(tmp_path, engine, posts, PLAYERS, overrides='edited_vote = "missed"')[0]
    assert [b["status"] for b in ballot_of(day, "Аня")] == ["rejected", "counted"]
    assert "Аня" not in day["missing"] and voters(day, "Гоша") == ["Аня"]
    assert ("missed_vote", "Аня") not in codes(day)
    # the edit changes nothing: only that post is ignored
    assert [(v["code"], v["effect"]) for v in day["violations"] if v["player"] == "Аня"] == [("edited_vote", "ignored")]


def test_H4_an_interim_count_applies_no_miss_yet(tmp_path, engine):
    posts = [gm_post("Редактирование = пропуск.")] + [("Аня", at("10:00"), "Вера"),
                                                     ("Аня", at("11:00"), "Гоша", "Аня", at("11:30"))]
    day = count(tmp_path, engine, posts, PLAYERS, overrides='edited_vote = "missed"', at="2026-11-29T12:00")[0]
    assert day["outcome"]["kind"] == "open" and "Аня" in day["missing"]  # not voted, as far as the count knows
    assert [(v["code"], v["effect"]) for v in day["violations"] if v["player"] == "Аня"] == [("edited_vote", "ignored")]


# -- H.5: a change must say so -------------------------------------------------------------------
H5 = 'change_words = ["меняю голос на"]\nwithdraw_words = ["отменяю голос"]'


def test_H5_a_change_without_the_phrase_is_ignored(tmp_path, engine):
    posts = [gm_post("Смена голоса только фразой «меняю голос на …», отмена — «отменяю голос».")] + [
        ("Аня", at("10:00"), "Вера"), ("Аня", at("10:10"), "Гоша"), ("Боря", at("10:00"), "Вера"),
        ("Боря", at("10:20"), "меняю голос на Гоша")]
    day = count(tmp_path, engine, posts, PLAYERS, overrides=H5)[0]
    assert [b["status"] for b in ballot_of(day, "Аня")] == ["counted", "rejected"]
    assert ("change_without_phrase", "Аня") in codes(day)
    assert [b["status"] for b in ballot_of(day, "Боря")] == ["superseded", "counted"]
    assert voters(day, "Вера") == ["Аня"] and voters(day, "Гоша") == ["Боря"]


def test_H5_a_withdrawal_needs_its_phrase_and_then_a_vote_needs_none(tmp_path, engine):
    posts = [gm_post("Отмена голоса — только «отменяю голос».")] + [
        ("Аня", at("10:00"), "Вера"), ("Аня", at("10:05"), "снимаю голос"), ("Аня", at("10:10"), "отменяю голос"),
        ("Аня", at("10:20"), "Гоша")]
    day = count(tmp_path, engine, posts, PLAYERS, overrides=H5)[0]
    assert [b["status"] for b in ballot_of(day, "Аня")] == ["superseded", "rejected", "superseded", "counted"]
    assert [v["rule"] for v in day["violations"] if v["code"] == "change_without_phrase"] == ["H.5"]
    assert voters(day, "Гоша") == ["Аня"]


H5_OWN = 'withdraw_words = ["убираю голос"]\nchange_words = ["перевожу свой голос на"]\naccept_fuzzy = true'


def test_H5_a_gms_own_withdraw_phrase_is_a_withdrawal_and_a_built_in_one_is_refused(tmp_path, engine):
    posts = [gm_post("Снять голос — только «убираю голос».")] + [
        ("Аня", at("10:00"), "Вера"), ("Аня", at("10:05"), "убираю голос"), ("Боря", at("10:00"), "Вера"),
        ("Боря", at("10:05"), "снимаю голос")]
    day = count(tmp_path, engine, posts, PLAYERS, overrides=H5_OWN)[0]
    assert [(b["kind"], b["status"]) for b in ballot_of(day, "Аня")] == [("vote", "superseded"), ("withdraw", "counted")]
    assert [(b["kind"], b["status"]) for b in ballot_of(day, "Боря")] == [("vote", "counted"), ("withdraw", "rejected")]
    assert [(v["code"], v["player"], v["rule"]) for v in day["violations"] if v["rule"] == "H.5"] == [
        ("change_without_phrase", "Боря", "H.5")]
    assert voters(day, "Вера") == ["Боря"]  # the earlier counted ballot stands


def test_H5_without_the_key_a_gms_phrase_is_no_withdrawal(tmp_path, engine):
    posts = [gm_post("Правила обычные."), ("Аня", at("10:00"), "Вера"), ("Аня", at("10:05"), "убираю голос")]
    day = count(tmp_path, engine, posts, PLAYERS)[0]
    assert "withdraw" not in [b["kind"] for b in ballot_of(day, "Аня")]
    assert ballot_of(day, "Аня")[0]["status"] == "counted" and voters(day, "Вера") == ["Аня"]


def test_H5_a_change_phrase_leaves_the_nick_after_it_to_the_name_matcher(tmp_path, engine):
    posts = [gm_post("Смена — только «перевожу свой голос на …».")] + [
        ("Аня", at("10:00"), "Вера"), ("Аня", at("10:10"), "Перевожу свой голос на Гошу"),
        ("Боря", at("10:00"), "Вера"), ("Боря", at("10:10"), "меняю голос на Дашу")]
    day = count(tmp_path, engine, posts, PLAYERS, overrides=H5_OWN, explain=True)[0]
    changed = ballot_of(day, "Аня")[1]
    assert (changed["status"], changed["target"], changed["written"]) == ("counted", "Гоша", "Гошу")
    assert changed["match"]["stage"] == "inflection"
    assert [b["status"] for b in ballot_of(day, "Боря")] == ["counted", "rejected"]  # not the game's phrase
    assert ("change_without_phrase", "Боря") in codes(day)
    assert voters(day, "Гоша") == ["Аня"] and voters(day, "Вера") == ["Боря"]


# -- H.6: change limits by time of day ------------------------------------------------------------
H6 = 'change_limits = [{ from = "19:00", limit = 2 }, { from = "19:50", limit = 1 }]'


def test_H6_windows_limit_changes_and_overlap(tmp_path, engine):
    posts = [gm_post("До 19:00 меняйте сколько угодно, после 19:00 — две смены, после 19:50 — одна.")] + [
        ("Аня", at("10:00"), "Вера"), ("Аня", at("11:00"), "Гоша"), ("Аня", at("12:00"), "Вера"),  # free
        ("Аня", at("19:10"), "Гоша"),  # 1st in 19:00
        ("Аня", at("19:51"), "Даша"),  # 2nd in 19:00, 1st in 19:50
        ("Аня", at("19:55"), "Боря")]  # over both
    day = count(tmp_path, engine, posts, PLAYERS, overrides=H6)[0]
    statuses = [b["status"] for b in ballot_of(day, "Аня")]
    assert statuses == ["superseded"] * 4 + ["counted", "rejected"]
    over = [v for v in day["violations"] if v["code"] == "change_limit"]
    assert [(v["rule"], v["player"]) for v in over] == [("H.6", "Аня")]
    assert voters(day, "Даша") == ["Аня"]


# -- H.7: a final vote is locked -------------------------------------------------------------------
def test_H7_a_final_vote_cannot_be_changed_or_withdrawn(tmp_path, engine):
    posts = [gm_post("Голос со словом «окончательно» менять нельзя.")] + [
        ("Аня", at("10:00"), "Вера окончательно"), ("Аня", at("10:10"), "Гоша"),
        ("Аня", at("10:20"), "отменяю голос"), ("Боря", at("10:00"), "Вера")]
    day = count(tmp_path, engine, posts, PLAYERS, overrides='final_words = ["окончательно"]', explain=True)[0]
    assert [b["status"] for b in ballot_of(day, "Аня")] == ["counted", "rejected", "rejected"]
    assert [v["code"] for v in day["violations"] if v["player"] == "Аня"] == ["final_vote_changed"] * 2
    assert ("extra_text", "Аня") not in codes(day)  # the final word is no other word (C3.1)
    assert any(line.startswith("H.7:") for line in ballot_of(day, "Аня")[0]["story"])


def test_H7_final_words_with_no_change_allowed_is_refused_naming_both_keys(tmp_path):
    posts = [gm_post("Окончательно."), ("Аня", at("10:00"), "Вера")]
    from votecount.errors import ConfigError
    with pytest.raises(ConfigError, match="'final_words' and 'change_limit'"):
        count(tmp_path, "mybbru", posts, PLAYERS, overrides='final_words = ["окончательно"]\nchange_limit = 0')


def test_H5_the_change_phrase_is_the_whole_prefix_so_a_nick_like_a_prefix_word_stays(tmp_path, engine):
    players = PLAYERS + ["Голос"]
    posts = [gm_post("Смена — только «меняю голос на …»."), ("Аня", at("10:00"), "Вера"),
             ("Аня", at("10:10"), "меняю голос на Голос")]
    day = count(tmp_path, engine, posts, players, overrides='change_words = ["меняю голос на"]')[0]
    assert [(b["status"], b["target"]) for b in ballot_of(day, "Аня")] == [("superseded", "Вера"), ("counted", "Голос")]


def test_H7_final_words_with_no_change_allowed_is_one_line_naming_both_keys_exit_2(tmp_path):
    thread, game = tmp_path / "thread.html", tmp_path / "game.toml"
    thread.write_text(page("mybbru", [gm_post("Окончательно."), ("Аня", at("10:00"), "Вера")]), encoding="utf-8")
    game.write_text(game_toml(PLAYERS, overrides='final_words = ["окончательно"]\nchange_limit = 0'),
                    encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "votecount.cli", str(thread), "--game", str(game)],
                          capture_output=True, text=True, env={**os.environ, "NO_COLOR": "1"})
    assert proc.returncode == 2 and proc.stdout == ""
    lines = proc.stderr.splitlines()
    assert len(lines) == 1 and str(game) in lines[0] and "Traceback" not in proc.stderr
    assert "'final_words' and 'change_limit'" in lines[0] and "redundant" in lines[0]


# -- H.8: pass a limited number of times per game ----------------------------------------------
H8_DAYS = ['number = 1\ndeadline = 2026-11-29T20:00:00+03:00', 'number = 2\ndeadline = 2026-11-30T20:00:00+03:00']


def test_H8_a_second_pass_in_the_game_is_ignored(tmp_path, engine):
    posts = [gm_post("ННВ (пас) — один раз за игру.")] + [
        ("Аня", at("10:00"), "пас"), ("Боря", at("10:00"), "Вера"),
        ("Аня", "2026-11-30 10:00:00", "Вера"), ("Аня", "2026-11-30 11:00:00", "ННВ"),
        ("Боря", "2026-11-30 10:00:00", "пас")]
    days = count(tmp_path, engine, posts, ["Аня", "Боря", "Вера"], rules="pass-catastrophe", days=H8_DAYS,
                 overrides="pass_limit_per_game = 1")
    assert ballot_of(days[0], "Аня")[0]["status"] == "counted"
    day2 = days[1]
    assert [b["status"] for b in ballot_of(day2, "Аня")] == ["counted", "rejected"]  # the vote stands
    assert [(v["code"], v["rule"]) for v in day2["violations"] if v["player"] == "Аня"] == [("pass_limit", "H.8")]
    assert ballot_of(day2, "Боря")[0]["status"] == "counted"  # his first pass


def test_H8_an_interim_day_uses_no_pass_up(tmp_path, engine):
    posts = [gm_post("ННВ — один раз за игру.")] + [("Аня", at("10:00"), "пас"), ("Аня", at("11:00"), "Вера"),
                                                    ("Аня", at("12:00"), "пас")]
    day = count(tmp_path, engine, posts, ["Аня", "Боря", "Вера"], rules="pass-catastrophe",
                overrides="pass_limit_per_game = 1\nchange_limit = -1", at="2026-11-29T13:00")[0]
    assert [b["status"] for b in ballot_of(day, "Аня")] == ["superseded", "superseded", "counted"]


def test_H8_a_pass_limit_without_passes_is_refused(tmp_path):
    from votecount.errors import ConfigError
    with pytest.raises(ConfigError, match="'pass_limit_per_game' and 'allow_pass'"):
        count(tmp_path, "phpbb3", [gm_post("Пас раз за игру.")], PLAYERS, overrides="pass_limit_per_game = 1")


# -- H.12: a vote posted as an image -------------------------------------------------------------
def test_H12_a_picture_vote_is_reported_for_the_gm_to_read(tmp_path, engine):
    picture = '<img src="https://i.imgur.com/vote123.png" alt="" />'
    smiley = '<img src="./images/smilies/icon_e_smile.gif" alt=":)" class="smilies" />'
    posts = [gm_post("Голос — ник игрока.")] + [("Аня", at("10:00"), picture), ("Боря", at("10:00"), smiley),
                                               ("Вера", at("10:00"), "Гоша")]
    day = count(tmp_path, engine, posts, ["Аня", "Боря", "Вера", "Гоша"])[0]
    assert [(v["code"], v["player"], v["effect"], v["rule"]) for v in day["violations"]
            if v["code"] == "image_post"] == [("image_post", "Аня", "warning", "H.12")]
    assert "Аня" in day["missing"] and ("extra_text", "Аня") not in codes(day)


# -- H.13: a majority closes the day in any preset -----------------------------------------------
def test_H13_majority_closes_a_classic_day_and_the_rest_miss_nothing(tmp_path, engine):
    posts = [gm_post("Набрано большинство (50%+1) — день окончен.")] + [
        ("Аня", at("10:00"), "Вера"), ("Боря", at("10:10"), "Вера"), ("Гоша", at("10:20"), "Вера"),
        ("Даша", at("10:30"), "Аня")]
    day = count(tmp_path, engine, posts, PLAYERS, overrides='majority = "half+1"')[0]
    assert day["flags"]["hammer_at"].startswith("2026-11-29T10:20")
    assert day["outcome"]["eliminated"] == ["Вера"]
    late = [(v["player"], v["rule"]) for v in day["violations"] if v["code"] == "late_vote"]
    assert late == [("Даша", "H.13")]
    assert set(day["missing"]) == {"Вера", "Даша"}
    assert not [v for v in day["violations"] if v["code"] == "missed_vote"]


def test_H13_in_red_blue_blue_votes_count_against_the_majority(tmp_path, engine):
    from threadkit import blue, red
    posts = [gm_post("Большинство закрывает день.")] + [
        ("Аня", at("10:00"), red("Вера")), ("Боря", at("10:10"), red("Вера")), ("Даша", at("10:15"), blue("Вера")),
        ("Гоша", at("10:20"), red("Вера")), ("Вера", at("10:30"), red("Аня")), ("Даша", at("10:40"), red("Вера"))]
    day = count(tmp_path, engine, posts, PLAYERS, rules="red-blue", overrides='majority = "half+1"')[0]
    assert day["flags"]["hammer_at"].startswith("2026-11-29T10:40")  # 3 red − 1 blue < 3 until Даша turns
    assert day["outcome"]["eliminated"] == ["Вера"]


# -- H.11: the ballot words are data ---------------------------------------------------------------
TL = 'vote_words = ["##vote", "vote"]\nunvote_words = ["##unvote", "unvote"]'


def test_H11_teamliquid_vote_words_in_bold_style(tmp_path, engine):
    players = ["coolTLname", "Alpha", "Beta", "Gamma"]
    posts = [(GM, at("09:00"), "<b>##vote</b> and <b>##unvote</b> only; the last vote counts.")] + [
        ("Alpha", at("10:00"), "<b>##vote Beta</b>"), ("Beta", at("10:05"), "<b>##vote Alpha</b>"),
        ("Beta", at("10:10"), "<b>##unvote</b>"), ("Gamma", at("10:15"), "I think <b>##vote Beta</b> is right"),
        ("coolTLname", at("10:20"), "<b>##vote to Hammer: Beta</b>")]  # the nick after a colon
    day = count(tmp_path, engine, posts, players, rules="bold-vote", gm=GM, overrides=TL)[0]
    assert voters(day, "Beta") == ["Alpha", "Gamma", "coolTLname"]
    assert [b["kind"] for b in ballot_of(day, "Beta")] == ["vote", "withdraw"]


def test_H11_a_vote_word_inside_a_quote_is_never_a_ballot(tmp_path, engine):
    quoted = ('<blockquote><div><cite>Alpha писал(а):</cite><b>##vote Gamma</b></div></blockquote>no'
              if engine == "phpbb3" else
              '<div class="quote-box answer-box"><cite>Alpha написал(а):</cite><blockquote><p><b>##vote Gamma</b></p>'
              '</blockquote></div>no')
    posts = [(GM, at("09:00"), "<b>##vote</b> to vote.")] + [("Beta", at("10:00"), quoted)]
    day = count(tmp_path, engine, posts, ["Alpha", "Beta", "Gamma"], rules="bold-vote", overrides=TL)[0]
    assert day["tally"] == [] and ballot_of(day, "Beta") == []


def test_H11_pass_words_replace_the_built_in_ones(tmp_path, engine):
    posts = [gm_post("Пропуск казни пишется «скипаю».")] + [("Аня", at("10:00"), "скипаю"), ("Боря", at("10:00"), "пас")]
    day = count(tmp_path, engine, posts, ["Аня", "Боря", "Вера"], rules="pass-catastrophe",
                overrides='pass_words = ["скипаю"]')[0]
    assert ballot_of(day, "Аня")[0]["kind"] == "pass" and ballot_of(day, "Аня")[0]["status"] == "counted"
    assert ballot_of(day, "Боря")[0]["status"] == "rejected"  # "пас" is no pass word in this game


# -- H.9: only a green nick is a vote ----------------------------------------------------------------
def green(text: str, engine: str) -> str:
    return f'<span style="color: {"#00BF00" if engine == "phpbb3" else "green"}">{text}</span>'


def test_H9_only_a_nick_in_a_vote_colour_is_a_ballot(tmp_path, engine):
    posts = [gm_post("Голос — ник зелёным цветом, всё остальное — обсуждение.")] + [
        ("Аня", at("10:00"), f"думаю, это Вера, но голосую {green('Гоша', engine)}"),
        ("Боря", at("10:00"), "Вера"),  # no colour: chatter
        ("Вера", at("10:00"), '<span style="color: red">Аня</span> зелёным'),  # red, and the colour word does not apply
        ("Гоша", at("10:00"), green("<b>Аня</b>", engine))]
    day = count(tmp_path, engine, posts, ["Аня", "Боря", "Вера", "Гоша"],
                overrides='vote_colours = ["green"]\nmissed_vote = "none"\nmisses_to_modkill = 0')[0]
    assert voters(day, "Гоша") == ["Аня"] and voters(day, "Аня") == ["Гоша"]
    assert ballot_of(day, "Боря") == [] and ballot_of(day, "Вера") == []
    assert set(day["missing"]) == {"Боря", "Вера"}


def test_H9_vote_colours_in_a_red_blue_preset_is_refused_naming_both_keys(tmp_path):
    from votecount.errors import ConfigError
    with pytest.raises(ConfigError, match="'vote_colours' and 'colour_votes'"):
        count(tmp_path, "mybbru", [gm_post("Зелёным.")], PLAYERS, rules="red-blue", overrides='vote_colours = ["green"]')


# -- H.10: only a bold nick is a vote ---------------------------------------------------------------
def test_H10_a_bold_nick_is_the_ballot_and_plain_text_is_chatter(tmp_path, engine):
    posts = [gm_post("Голос — ник жирным, без слова «голос».")] + [
        ("Аня", at("10:00"), "Вера сегодня странная, а я за <b>Гоша</b>"),
        ("Боря", at("10:00"), "Вера"),  # not bold: chatter
        ("Вера", at("10:00"), "<b>Аня</b>"), ("Гоша", at("10:05"), "<b>Ан</b><b>я</b>")]
    day = count(tmp_path, engine, posts, ["Аня", "Боря", "Вера", "Гоша"], rules="pass-catastrophe",
                overrides='ballot_style = "bold_nick"', explain=True)[0]
    assert voters(day, "Гоша") == ["Аня"] and voters(day, "Аня") == ["Вера", "Гоша"]
    assert ballot_of(day, "Боря") == [] and "Боря" in day["missing"]


def test_H2_in_pass_catastrophe_never_more_than_two_go(tmp_path, engine):
    """PC.7's cap of two applies in pass-catastrophe only: three tied leaders eliminate nobody."""
    posts = [gm_post("При равенстве выбывают все, но не больше двух.")] + [
        ("Аня", at("10:00"), "Вера"), ("Боря", at("10:05"), "Гоша"), ("Вера", at("10:10"), "Даша"),
        ("Гоша", at("10:20"), "пас"), ("Даша", at("10:30"), "пас")]
    day = count(tmp_path, engine, posts, PLAYERS, rules="pass-catastrophe", overrides='tie = "all"')[0]
    assert day["outcome"]["kind"] == "tie" and day["outcome"]["eliminated"] == []
    assert day["outcome"]["candidates"] == ["Вера", "Гоша", "Даша"] and day["runoff"] is None


def test_H13_the_hammer_story_cites_its_rule(tmp_path, engine):
    posts = [gm_post("Большинство закрывает день.")] + [
        ("Аня", at("10:00"), "Вера"), ("Боря", at("10:10"), "Вера"), ("Гоша", at("10:20"), "Вера")]
    day = count(tmp_path, engine, posts, PLAYERS, overrides='majority = "half+1"', explain=True)[0]
    assert any(line.startswith("H.13: ") for line in ballot_of(day, "Гоша")[0]["story"])


def test_contradictory_keys_are_one_line_on_stderr_with_exit_2(tmp_path):
    import subprocess
    import sys

    import threadkit
    from housekit import page
    (tmp_path / "t.html").write_text(page("mybbru", [gm_post("Окончательно."), ("Аня", at("10:00"), "Вера")]),
                                     encoding="utf-8")
    (tmp_path / "g.toml").write_text(threadkit.game_toml(PLAYERS, overrides='change_limit = 0\nchange_limits = '
                                                         '[{ from = "20:00", limit = 1 }]'), encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "votecount.cli", tmp_path / "t.html", "--game", tmp_path / "g.toml"],
                          capture_output=True, text=True)
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr
    assert "g.toml" in proc.stderr and "'change_limits' and 'change_limit'" in proc.stderr
