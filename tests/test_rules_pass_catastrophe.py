"""Preset `pass-catastrophe` (seed 000), one test or more per rule id, each over a small
mybb.ru thread. Deadlines are 20:00 Moscow time (PC.12) unless a test says otherwise."""

from threadkit import ballot_of, codes, count, scores

RULES = "pass-catastrophe"
GM = ("Ведущий", "2026-11-28 20:00:00", "День 1. Голосуем до 20:00.")
FOUR = ["Аня", "Боря", "Вова", "Гена"]
FIVE = FOUR + ["Даша"]
SIX = FIVE + ["Ева"]
DAY1 = 'number = 1\ndeadline = 2026-11-29T20:00:00+03:00'
DAY1_RUNOFF = DAY1 + '\nrunoff_deadline = 2026-11-29T21:00:00+03:00'
DAY2 = 'number = 2\ndeadline = 2026-11-30T20:00:00+03:00'


def t(hhmm: str, day: int = 29) -> str:
    return f"2026-11-{day} {hhmm}:00" if hhmm.count(":") == 1 else f"2026-11-{day} {hhmm}"


def pc(tmp_path, posts, players, days=(DAY1,), **kw):
    return count(tmp_path, [GM, *posts], players, rules=RULES, days=list(days), **kw)


# -- PC.1: one change a day; the first vote may be withdrawn; фаст may be withdrawn -----------
def test_pc1_the_second_vote_is_final(tmp_path):
    [day] = pc(tmp_path, [("Аня", t("10:00"), "Боря"), ("Аня", t("11:00"), "Вова"), ("Аня", t("12:00"), "Гена")]
               + [(p, t("10:30"), "Аня") for p in ("Боря", "Вова", "Гена")], FOUR)
    assert [(b["target"], b["status"]) for b in ballot_of(day, "Аня")] == [
        ("Боря", "superseded"), ("Вова", "counted"), ("Гена", "rejected")]
    assert ("change_limit", "Аня") in codes(day)
    assert scores(day)["Вова"] == 1


def test_pc1_repeating_the_same_vote_is_not_a_change(tmp_path):
    [day] = pc(tmp_path, [("Аня", t("10:00"), "Боря"), ("Аня", t("11:00"), "Боря"), ("Аня", t("12:00"), "Вова")], FOUR)
    assert [b["status"] for b in ballot_of(day, "Аня")] == ["superseded", "superseded", "counted"]
    assert "change_limit" not in [c for c, _ in codes(day)]


def test_pc1_the_first_vote_may_be_withdrawn_and_that_is_not_a_change(tmp_path):
    [day] = pc(tmp_path, [("Аня", t("10:00"), "Боря"), ("Аня", t("10:10"), "снимаю голос")], FOUR)
    assert "Аня" in day["missing"]  # withdrawn and not replaced: no vote (PC.10)
    [day] = pc(tmp_path, [("Аня", t("10:00"), "Боря"), ("Аня", t("10:10"), "снимаю"),
                          ("Аня", t("10:20"), "Вова")], FOUR)
    assert [(b["kind"], b["status"]) for b in ballot_of(day, "Аня")] == [
        ("vote", "superseded"), ("withdraw", "superseded"), ("vote", "counted")]


def test_pc1_the_second_vote_cannot_be_withdrawn(tmp_path):
    [day] = pc(tmp_path, [("Аня", t("10:00"), "Боря"), ("Аня", t("10:10"), "Вова"), ("Аня", t("10:20"), "-")], FOUR)
    assert ballot_of(day, "Аня")[-1]["status"] == "rejected"
    assert ballot_of(day, "Аня", "counted")[0]["target"] == "Вова"


def test_pc1_the_fast_flag_may_be_withdrawn_and_the_vote_stays(tmp_path):
    [day] = pc(tmp_path, [("Аня", t("10:00"), "Боря фаст"), ("Аня", t("10:10"), "снимаю фаст")], FOUR)
    counted = ballot_of(day, "Аня", "counted")
    assert counted[0]["target"] == "Боря" and counted[0]["flags"] == []
    assert "change_limit" not in [c for c, _ in codes(day)]


# -- PC.2: pass ------------------------------------------------------------------------------
def test_pc2_a_unanimous_pass_eliminates_nobody(tmp_path):
    words = ["ПАС", "пас", "ННВ", "против всех"]
    [day] = pc(tmp_path, [(p, t("10:00"), w) for p, w in zip(FOUR, words, strict=True)], FOUR)
    assert day["outcome"]["kind"] == "pass" and day["tally"] == [] and day["missing"] == []
    assert {b["kind"] for b in day["ballots"]} == {"pass"}


def test_pc2_a_pass_that_is_not_unanimous_does_not_save_the_leader(tmp_path):
    [day] = pc(tmp_path, [("Аня", t("10:00"), "пас"), ("Боря", t("10:00"), "пас"), ("Вова", t("10:00"), "Гена"),
                          ("Гена", t("10:00"), "пас"), ("Даша", t("10:00"), "Гена")], FIVE)
    assert day["outcome"]["kind"] == "lynch" and day["outcome"]["eliminated"] == ["Гена"]


# -- PC.3: day 1 pardon ------------------------------------------------------------------------
def test_pc3_day1_one_vote_and_all_others_pass_is_a_pardon(tmp_path):
    posts = [("Аня", t("10:00"), "пас"), ("Боря", t("10:00"), "пас"), ("Вова", t("10:00"), "Гена"),
             ("Гена", t("10:00"), "пас")]
    posts2 = [(p, t(w, 30), b) for p, w, b in [("Аня", "10:00", "пас"), ("Боря", "10:00", "пас"),
                                                ("Вова", "10:00", "Гена"), ("Гена", "10:00", "пас")]]
    day1, day2 = pc(tmp_path, posts + posts2, FOUR, days=[DAY1, DAY2])
    assert day1["outcome"]["kind"] == "pardon" and day1["outcome"]["eliminated"] == []
    assert day2["outcome"]["kind"] == "lynch" and day2["outcome"]["eliminated"] == ["Гена"]


def test_pc3_a_missing_voter_is_not_a_pass(tmp_path):
    [day] = pc(tmp_path, [("Аня", t("10:00"), "пас"), ("Боря", t("10:00"), "пас"), ("Вова", t("10:00"), "Гена")], FOUR)
    # Гена did not vote: a vote against himself (PC.10), so two ballots name him: no pardon
    assert day["outcome"] == {"kind": "lynch", "eliminated": ["Гена"], "note": "eliminated: Гена"}


# -- PC.4: fast night --------------------------------------------------------------------------
def test_pc4_fast_night_when_all_but_one_non_deciding_voter_are_fast(tmp_path):
    posts = [("Аня", t("10:00"), "Боря фаст"), ("Вова", t("10:05"), "Боря фаст"),
             ("Даша", t("10:10"), "Боря ускорение"), ("Боря", t("10:20"), "Аня фаст")]
    [day] = pc(tmp_path, posts, FIVE)
    # Боря 3, Аня 1; Гена (no ballot) cannot change the leader whatever he does
    assert day["flags"]["fast_night_at"] == "2026-11-29T10:20:00+03:00"


def test_pc4_no_fast_night_while_the_last_voter_can_still_decide(tmp_path):
    posts = [("Аня", t("10:00"), "Боря фаст"), ("Вова", t("10:05"), "Гена фаст"), ("Боря", t("10:20"), "Аня фаст")]
    [day] = pc(tmp_path, posts, FOUR)
    # Боря 1, Гена 1, Аня 1: Гена's vote (or his missed vote) decides the leader
    assert day["flags"]["fast_night_at"] is None


def test_pc4_all_voters_fast(tmp_path):
    posts = [(p, t(f"10:0{i}"), "Боря фаст") for i, p in enumerate(["Аня", "Вова", "Гена"])] + [
        ("Боря", t("10:09"), "Аня фаст")]
    [day] = pc(tmp_path, posts, FOUR)
    assert day["flags"]["fast_night_at"] == "2026-11-29T10:02:00+03:00"  # Боря could not change it


# -- PC.5 / PC.6: the catastrophe (runoff) -----------------------------------------------------
TIE_SIX = [("Аня", t("10:00"), "Боря"), ("Боря", t("10:00"), "Аня"), ("Вова", t("10:00"), "Аня"),
           ("Гена", t("10:00"), "Боря"), ("Даша", t("10:00"), "пас"), ("Ева", t("10:00"), "пас")]


def test_pc5_a_tie_opens_a_runoff_that_is_due_until_counted(tmp_path):
    [day] = pc(tmp_path, TIE_SIX, SIX)
    assert day["outcome"]["kind"] == "runoff"
    assert day["outcome"]["candidates"] == ["Аня", "Боря"] and day["outcome"]["mode"] == "hang_all"
    assert day["runoff"]["counted"] is False
    # with a runoff deadline, replayed at a moment before it: still due, ballots so far shown
    runoff = [("Вова", t("20:05"), "повесить всех")]
    [day] = pc(tmp_path, TIE_SIX + runoff, SIX, days=[DAY1_RUNOFF], at="2026-11-29T20:30")
    assert day["outcome"]["kind"] == "runoff" and day["runoff"]["tally"][0]["candidate"] == "hang_all"


def test_pc6_even_alive_hang_all_wins(tmp_path):
    runoff = [("Аня", t("20:10"), "Я мирная, не вешайте!"), ("Вова", t("20:05"), "повесить всех"),
              ("Гена", t("20:06"), "помиловать всех"), ("Даша", t("20:07"), "Повесить всех"),
              ("Ева", t("21:30"), "помиловать всех")]  # after the runoff deadline: late
    [day] = pc(tmp_path, TIE_SIX + runoff, SIX, days=[DAY1_RUNOFF])
    assert day["outcome"]["kind"] == "lynch" and day["outcome"]["eliminated"] == ["Аня", "Боря"]
    ro = day["runoff"]
    assert ro["counted"] and ro["mode"] == "hang_all" and ro["missing"] == ["Ева"]
    assert {r["candidate"]: r["score"] for r in ro["tally"]} == {"hang_all": 2, "pardon_all": 1}
    assert ("late_vote", "Ева") in codes(day)
    assert not ballot_of(day, "Аня", "rejected")  # a candidate's last word is not a ballot


def test_pc6_even_alive_a_runoff_tie_pardons_all(tmp_path):
    runoff = [("Вова", t("20:05"), "повесить всех"), ("Гена", t("20:06"), "помиловать всех")]
    [day] = pc(tmp_path, TIE_SIX + runoff, SIX, days=[DAY1_RUNOFF], at="2026-11-29T21:00")
    assert day["outcome"]["kind"] == "pardon" and day["outcome"]["eliminated"] == []


def test_pc6_odd_alive_an_ordinary_vote_among_the_tied(tmp_path):
    tie = [("Аня", t("10:00"), "Боря"), ("Боря", t("10:00"), "Аня"), ("Вова", t("10:00"), "Аня"),
           ("Гена", t("10:00"), "Боря"), ("Даша", t("10:00"), "пас")]
    runoff = [("Вова", t("20:05"), "Боря"), ("Гена", t("20:06"), "Боря"), ("Даша", t("20:07"), "Вова"),
              ("Даша", t("20:08"), "Аня")]
    [day] = pc(tmp_path, tie + runoff, FIVE, days=[DAY1_RUNOFF], at="2026-11-29T21:00")
    assert day["runoff"]["mode"] == "pick_one"
    assert day["outcome"]["eliminated"] == ["Боря"]
    # Даша named someone outside the runoff, then tried again: one post only
    assert [v["code"] for v in day["violations"] if v["player"] == "Даша"] == ["not_a_candidate", "change_limit"]


# -- PC.7: never more than two ------------------------------------------------------------------
def test_pc7_three_tied_is_an_ordinary_vote_even_with_an_even_number_alive(tmp_path):
    tie = [("Аня", t("10:00"), "Боря"), ("Боря", t("10:00"), "Вова"), ("Вова", t("10:00"), "Аня"),
           ("Гена", t("10:00"), "пас"), ("Даша", t("10:00"), "пас"), ("Ева", t("10:00"), "пас")]
    [day] = pc(tmp_path, tie, SIX)
    assert day["outcome"]["kind"] == "runoff" and day["outcome"]["mode"] == "pick_one"
    assert day["outcome"]["candidates"] == ["Аня", "Боря", "Вова"]


# -- PC.8: four at the table --------------------------------------------------------------------
def test_pc8_a_catastrophe_with_four_alive_means_night(tmp_path):
    [day] = pc(tmp_path, [("Аня", t("10:00"), "Боря"), ("Боря", t("10:00"), "Аня"), ("Вова", t("10:00"), "пас"),
                          ("Гена", t("10:00"), "пас")], FOUR, days=[DAY1_RUNOFF])
    assert day["outcome"]["kind"] == "no_lynch" and day["runoff"] is None


# -- PC.9: a modkill day has no vote ------------------------------------------------------------
def test_pc9_no_vote_on_a_day_with_a_modkill(tmp_path):
    days = [DAY1 + '\nmodkills = ["Гена"]']
    [day] = pc(tmp_path, [("Аня", t("10:00"), "Боря"), ("Боря", t("10:00"), "Аня")], FOUR, days=days)
    assert day["outcome"]["kind"] == "no_vote" and day["tally"] == [] and day["missing"] == []
    assert day["modkills"] == ["Гена"]
    assert {(b["voter"], b["status"]) for b in day["ballots"]} == {("Аня", "rejected"), ("Боря", "rejected")}
    assert {c for c, _ in codes(day)} == {"no_vote_day"}


# -- PC.10: no vote = a vote for oneself, no modkill --------------------------------------------
def test_pc10_missed_votes_are_self_votes_and_never_a_modkill(tmp_path):
    votes1 = [("Аня", t("10:00"), "Боря"), ("Боря", t("10:00"), "Вова"), ("Вова", t("10:00"), "Боря")]
    votes2 = [("Аня", t("10:00", 30), "Боря"), ("Боря", t("10:00", 30), "Вова"), ("Вова", t("10:00", 30), "Аня")]
    day1, day2 = pc(tmp_path, votes1 + votes2, FOUR, days=[DAY1, DAY2])
    for day in (day1, day2):
        assert day["missing"] == ["Гена"] and scores(day)["Гена"] == 1
        [v] = [v for v in day["violations"] if v["code"] == "missed_vote"]
        assert v["effect"] == "self_vote" and v["rule"] == "PC.10"
    assert day2["modkills"] == []


# -- PC.11: fuzzy accepted when unambiguous; the nick need not be highlighted --------------------
def test_pc11_an_unambiguous_misspelling_counts(tmp_path):
    [day] = pc(tmp_path, [("Аня", t("10:00"), "Борья"), ("Боря", t("10:00"), "<b>Вова</b>"),
                          ("Вова", t("10:00"), "Геена")], FOUR)
    assert scores(day) == {"Боря": 1, "Вова": 1, "Гена": 2}  # Гена also missed: +1 (PC.10)
    assert [b["match"]["stage"] for b in day["ballots"]] == ["fuzzy", "exact", "fuzzy"]


# -- PC.12: night at 20:00 Moscow time -----------------------------------------------------------
def test_pc12_a_day_without_a_deadline_closes_at_20_00_moscow(tmp_path):
    [day] = pc(tmp_path, [("Аня", "2026-11-28 23:00:00", "Боря"), ("Боря", t("19:59:59"), "Аня"),
                          ("Вова", t("20:00:00"), "Аня")], FOUR, days=["number = 1"])
    assert day["deadline"] == "2026-11-29T20:00:00+03:00"
    assert ("late_vote", "Вова") in codes(day)


# -- PC.13: runoff ballots left in advance -------------------------------------------------------
def test_pc13_a_conditional_runoff_ballot_counts_when_nothing_else_came(tmp_path):
    tie = [("Аня", t("10:00"), "Боря"), ("Боря", t("10:00"), "Аня"),
           ("Вова", t("10:00"), "Аня<br>если катастрофа — повесить всех"),
           ("Гена", t("10:00"), "Боря<br>В случае катастрофы помиловать всех"),
           ("Даша", t("10:00"), "пас<br>если катастрофа, повесить всех"), ("Ева", t("10:00"), "пас")]
    runoff = [("Гена", t("20:05"), "повесить всех")]  # his own runoff ballot beats his advance one
    [day] = pc(tmp_path, tie + runoff, SIX, days=[DAY1_RUNOFF], at="2026-11-29T21:00")
    assert scores(day) == {"Аня": 2, "Боря": 2}  # the advance lines did not spoil the day's votes
    ro = day["runoff"]
    assert {r["candidate"]: r["score"] for r in ro["tally"]} == {"hang_all": 3}
    assert ro["missing"] == ["Ева"]
    assert day["outcome"]["eliminated"] == ["Аня", "Боря"]


def test_PC13_an_advance_ballot_does_not_count_once_the_voter_posted_in_the_runoff(tmp_path):
    tie = [("Аня", t("10:00"), "Боря"), ("Боря", t("10:00"), "Аня"),
           ("Вова", t("10:00"), "Аня<br>если катастрофа — повесить всех"),
           ("Гена", t("10:00"), "Боря<br>если катастрофа — повесить всех"),
           ("Даша", t("10:00"), "пас"), ("Ева", t("10:00"), "пас")]
    runoff = [("Вова", t("20:05"), "Аня"),  # a rejected runoff post (hang all / pardon all only)
              ("Гена", t("20:06"), "ну не знаю, подумаю ещё до вечера, а там посмотрим"),  # chatter
              ("Даша", t("20:07"), "помиловать всех")]
    [day] = pc(tmp_path, tie + runoff, SIX, days=[DAY1_RUNOFF], at="2026-11-29T21:00")
    ro = day["runoff"]
    assert {r["candidate"]: r["score"] for r in ro["tally"]} == {"pardon_all": 1}
    assert ro["missing"] == ["Вова", "Гена", "Ева"]
    assert day["outcome"]["kind"] == "pardon" and day["outcome"]["eliminated"] == []


def _runoff_results(tmp_path):
    from votecount.api import CountRequest, run
    from threadkit import write
    tie = [GM, ("Аня", t("10:00"), "Боря"), ("Боря", t("10:00"), "Аня"),
           ("Вова", t("10:00"), "Аня<br>если катастрофа — повесить всех"), ("Гена", t("10:00"), "Боря"),
           ("Даша", t("10:00"), "пас"), ("Ева", t("10:00"), "пас"),
           ("Даша", t("20:05"), "повесить всех"), ("Ева", t("20:06"), "Боря")]  # Ева: rejected
    thread, game = write(tmp_path, tie, SIX, rules=RULES, days=[DAY1_RUNOFF])
    return run(CountRequest((str(thread),), game=str(game), at="2026-11-29T21:00", lang="en"))


def _listed_once_in_phase(rows: list[tuple[str, str, str]], r) -> None:
    """rows: (phase, post_id, kind) of one day; r: the tally's DayResult."""
    assert len(rows) == len(set(rows)), "a ballot is listed twice"
    assert [x for x in rows if x[0] == "day" and x[2] == "runoff"] == []  # PC.13's ballot is the runoff's
    assert sorted(x[1:] for x in rows if x[0] == "runoff") == sorted(
        (b.post.post_id, b.kind) for b in r.runoff.ballots)
    assert len(rows) == len(r.ballots) + len(r.runoff.ballots)


def test_PC5_each_ballot_is_listed_once_in_its_phase_in_csv(tmp_path):
    import csv
    import io

    from votecount.render import report
    [r] = _runoff_results(tmp_path)
    assert r.runoff is not None and r.runoff.counted
    assert not {id(b) for b in r.ballots} & {id(b) for b in r.runoff.ballots}
    assert not [b for b in r.ballots if b.post.time >= r.deadline]  # the runoff's posts are not the day's
    rows = [(x["phase"], x["post_id"], x["kind"]) for x in csv.DictReader(io.StringIO(report("csv", [r])))]
    _listed_once_in_phase(rows, r)
    assert ("runoff", "108", "runoff") in rows and ("day", "104", "vote") in rows  # Вова: both, once each
    assert ("runoff", "104", "runoff") in rows


def test_PC5_each_ballot_is_listed_once_in_its_phase_in_batch(tmp_path):
    from votecount.batch import result_rows
    [r] = _runoff_results(tmp_path)
    rows = [(x[2], x[4], x[7]) for x in result_rows("t", [r])["ballots"]]
    _listed_once_in_phase(rows, r)
    # the rejected runoff ballot's violation is reported once
    assert [v.player for v in r.violations if v.code == "not_a_candidate"] == ["Ева"]
