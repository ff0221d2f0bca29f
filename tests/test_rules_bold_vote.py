"""Preset `bold-vote` (English forums): bold VOTE: X, [vote]X[/vote], UNVOTE, no lynch,
optional majority. Small threads in mybb.ru markup (the reading does not depend on the
engine), then the real MTG Salvation game page compared with its GM's own vote count."""

import pytest

from conftest import CORPUS
from threadkit import ballot_of, codes, count, scores

GM = ("Host", "2026-11-28 20:00:00", "Day 1 starts. Deadline 20:00.")
P = ["Gentleman Johnny", "Anaklusmos", "D_V", "Ophidia", "zomgarcwind"]


def bv(tmp_path, posts, players=P, **kw):
    return count(tmp_path, [GM, *posts], players, rules="bold-vote", gm="Host", **kw)


def t(hhmm: str) -> str:
    return f"2026-11-29 {hhmm}:00"


def test_bold_vote_counts_and_plain_text_is_discussion(tmp_path):
    [day] = bv(tmp_path, [("D_V", t("10:00"), "I think <b>Vote GJ</b> is right, and vote Anak later."),
                          ("Ophidia", t("10:05"), "vote D_V"),  # not bold: talk, not a ballot
                          ("Anaklusmos", t("10:10"), "<strong>VOTE: zomg</strong>")])
    assert scores(day) == {"Gentleman Johnny": 1, "zomgarcwind": 1}
    assert [b["match"]["stage"] for b in day["ballots"]] == ["initials", "prefix"]
    assert "extra_text" not in [c for c, _ in codes(day)]  # discussion is not a violation here


def test_bold_vote_tags_and_unvote(tmp_path):
    [day] = bv(tmp_path, [("D_V", t("10:00"), "[vote]Ophidia[/vote]"), ("Ophidia", t("10:05"), "<b>Vote D_V</b>"),
                          ("Ophidia", t("10:06"), "<b>UNVOTE</b>")])
    assert scores(day) == {"Ophidia": 1}
    assert [(b["kind"], b["status"]) for b in ballot_of(day, "Ophidia")] == [
        ("vote", "superseded"), ("withdraw", "counted")]
    assert "Ophidia" in day["missing"]


def test_bold_vote_no_lynch_is_a_pass_and_the_last_bold_vote_of_a_post_counts(tmp_path):
    [day] = bv(tmp_path, [("D_V", t("10:00"), "<b>Vote: No Lynch</b>"),
                          ("Ophidia", t("10:05"), "<b>Unvote</b> GJ, <b>Vote Anaklusmos</b>")])
    assert [b["kind"] for b in day["ballots"]] == ["pass", "vote"]
    assert scores(day) == {"Anaklusmos": 1}


def test_bold_vote_misses_have_no_penalty(tmp_path):
    [day] = bv(tmp_path, [("D_V", t("10:00"), "<b>Vote Ophidia</b>")])
    assert scores(day) == {"Ophidia": 1}
    assert {v["effect"] for v in day["violations"] if v["code"] == "missed_vote"} == {"warning"}


def test_bold_vote_majority_hammer_ends_the_day(tmp_path):
    posts = [("D_V", t("10:00"), "<b>Vote Ophidia</b>"), ("Anaklusmos", t("10:05"), "<b>Vote Ophidia</b>"),
             ("zomgarcwind", t("10:10"), "<b>Vote Ophidia</b>"),  # 3 of 5 = floor(5/2)+1: hammer
             ("Gentleman Johnny", t("10:20"), "<b>Vote D_V</b>")]
    [day] = bv(tmp_path, posts, overrides='majority = "half+1"')
    assert day["flags"]["hammer_at"] == "2026-11-29T10:10:00+03:00"
    assert day["outcome"]["eliminated"] == ["Ophidia"]
    [late] = [v for v in day["violations"] if v["code"] == "late_vote"]
    assert late["player"] == "Gentleman Johnny" and late["rule"] == ""  # RULES.md gives the hammer no id


MTGS = CORPUS / "curse-elevated" / "ecophagy-mtgs-unreliable-cops-mafia-all.html"
MTGS_GAME = "tests/fixtures/games/mtgs/game.toml"


def mtgs(at=None):
    from votecount.api import run_count
    from votecount.render.json_out import day_dict
    [r] = run_count([str(MTGS)], MTGS_GAME, None, None, None, None, at, "en", None, None)
    return day_dict(r)


def votes(day):
    return {row["candidate"]: sorted(v["voter"] for v in row["votes"]) for row in day["tally"]}


@pytest.mark.skipif(not MTGS.exists(), reason="corpus page absent (../shared/corpus)")
def test_bold_vote_mtgs_matches_the_gms_own_votecount_in_post_48():
    # Post 48 (tomsloger, 21:28:02 UTC), as written by the GM:
    #   gentleman johnny (2) - D_V, ophidia
    #   zomgarcwind (2) - anaklusmos, gentleman johnny
    #   anaklusmos (1) - shadowlancerX
    #   D_V (1) - mete0rshower
    #   not voting: 1 (zomgarcwind)
    day = mtgs(at="2016-11-11T21:28:02+00:00")
    assert votes(day) == {"Gentleman Johnny": ["D_V", "Ophidia"],
                          "zomgarcwind": ["Anaklusmos", "Gentleman Johnny"],
                          "Anaklusmos": ["shadowlancerx"], "D_V": ["Mete0rShower"]}
    assert day["missing"] == ["zomgarcwind"]
    # Ophidia's first vote (D_V, post 22) was replaced by her vote on GJ (post 36)
    assert [(b["post_no"], b["status"]) for b in ballot_of(day, "Ophidia")] == [(22, "superseded"), (36, "counted")]


@pytest.mark.skipif(not MTGS.exists(), reason="corpus page absent (../shared/corpus)")
def test_bold_vote_mtgs_after_the_unvote_in_post_49():
    day = mtgs()
    assert votes(day)["zomgarcwind"] == ["Anaklusmos"]
    assert sorted(day["missing"]) == ["Gentleman Johnny", "zomgarcwind"]
