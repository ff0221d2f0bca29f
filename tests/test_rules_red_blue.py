"""Preset `red-blue` (seed 001), one test per rule id."""

from threadkit import blue, codes, count, red, scores

GM = ("Ведущий", "2026-11-28 20:00:00", "День 1.")
P = ["Вася", "Петя", ("Аня", "doctor"), ("Коля", "prosecutor")]


def rb(tmp_path, posts, players=P, **kw):
    return count(tmp_path, posts, players, rules="red-blue", **kw)


def test_rb1_a_ballot_without_colour_does_not_count(tmp_path):
    [day] = rb(tmp_path, [GM, ("Вася", "2026-11-29 10:00:00", "Петя"), ("Петя", "2026-11-29 10:00:00", red("Вася")),
                          ("Аня", "2026-11-29 10:00:00", blue("Вася")), ("Коля", "2026-11-29 10:00:00", "Вася КРАСНЫМ")])
    assert ("no_colour", "Вася") in codes(day) and "Вася" in day["missing"]
    assert scores(day)["Вася"] == 1 + 2 - 3 + 2  # Петя red, Коля red ×2, Аня blue ×3, own miss +2


def test_rb2_no_vote_on_oneself(tmp_path):
    [day] = rb(tmp_path, [GM, ("Вася", "2026-11-29 10:00:00", blue("Вася"))])
    assert ("self_vote", "Вася") in codes(day) and "Вася" in day["missing"]


def test_rb3_the_last_ballot_counts(tmp_path):
    [day] = rb(tmp_path, [GM, ("Вася", "2026-11-29 10:00:00", red("Петя")), ("Вася", "2026-11-29 11:00:00", blue("Петя")),
                          ("Петя", "2026-11-29 10:00:00", red("Коля")), ("Аня", "2026-11-29 10:00:00", red("Коля")),
                          ("Коля", "2026-11-29 10:00:00", red("Петя"))])
    assert scores(day) == {"Коля": 2, "Петя": 1}
    assert day["outcome"]["eliminated"] == ["Коля"]


def test_rb4_role_weights(tmp_path):
    [day] = rb(tmp_path, [GM, ("Аня", "2026-11-29 10:00:00", blue("Петя")), ("Коля", "2026-11-29 10:00:00", red("Петя")),
                          ("Вася", "2026-11-29 10:00:00", red("Петя")), ("Петя", "2026-11-29 10:00:00", red("Вася"))])
    [row] = [r for r in day["tally"] if r["candidate"] == "Петя"]
    assert (row["red"], row["blue"], row["score"]) == (3, 3, 0)
    assert {v["voter"]: v["weight"] for v in row["votes"]} == {"Аня": 3, "Коля": 2, "Вася": 1}


def test_rb5_missed_vote_adds_two(tmp_path):
    [day] = rb(tmp_path, [GM, ("Вася", "2026-11-29 10:00:00", red("Петя"))])
    rows = {r["candidate"]: (r["penalty"], r["score"]) for r in day["tally"]}
    assert rows["Петя"] == (2, 3) and rows["Аня"] == (2, 2) and rows["Коля"] == (2, 2)
    assert all(v["effect"] == "penalty" and v["rule"] == "RB.5" for v in day["violations"] if v["code"] == "missed_vote")


def test_rb6_second_miss_is_a_modkill(tmp_path):
    days = ['number = 1\ndeadline = 2026-11-29T20:00:00+03:00', 'number = 2\ndeadline = 2026-11-30T20:00:00+03:00']
    posts = [GM, ("Вася", "2026-11-29 10:00:00", red("Петя")), ("Петя", "2026-11-29 10:00:00", red("Вася")),
             ("Аня", "2026-11-29 10:00:00", red("Вася")),
             ("Вася", "2026-11-30 10:00:00", red("Петя")), ("Петя", "2026-11-30 10:00:00", red("Вася")),
             ("Аня", "2026-11-30 10:00:00", red("Вася"))]
    day1, day2 = rb(tmp_path, posts, days=days)
    assert day1["modkills"] == [] and day2["modkills"] == ["Коля"]
    assert [v["rule"] for v in day2["violations"] if v["code"] == "modkill"] == ["RB.6"]


def test_rb7_tie_or_nothing_above_zero_eliminates_nobody(tmp_path):
    posts = [GM, ("Вася", "2026-11-29 10:00:00", red("Петя")), ("Петя", "2026-11-29 10:00:00", red("Вася")),
             ("Аня", "2026-11-29 10:00:00", blue("Коля")), ("Коля", "2026-11-29 10:00:00", blue("Вася"))]
    [day] = rb(tmp_path, posts)
    assert scores(day) == {"Петя": 1, "Вася": 0, "Коля": -3}
    assert day["outcome"]["kind"] == "lynch"
    [day] = rb(tmp_path, [GM, ("Вася", "2026-11-29 10:00:00", red("Петя")), ("Петя", "2026-11-29 10:00:00", red("Вася")),
                          ("Аня", "2026-11-29 10:00:00", blue("Вася")), ("Коля", "2026-11-29 10:00:00", blue("Петя"))])
    assert day["outcome"]["kind"] == "no_lynch"


def test_rb9_silenced_voters_are_ignored_not_missed(tmp_path):
    days = ['number = 1\ndeadline = 2026-11-29T20:00:00+03:00\nsilenced = ["Коля"]']
    [day] = rb(tmp_path, [GM, ("Коля", "2026-11-29 10:00:00", red("Петя"))], days=days)
    assert ("silenced_voter", "Коля") in codes(day) and "Коля" not in day["missing"]


def test_rb10_a_protected_player_is_not_eliminated(tmp_path):
    days = ['number = 1\ndeadline = 2026-11-29T20:00:00+03:00\nprotected = ["Петя"]']
    posts = [GM, ("Вася", "2026-11-29 10:00:00", red("Петя")), ("Петя", "2026-11-29 10:00:00", red("Вася")),
             ("Аня", "2026-11-29 10:00:00", red("Петя")), ("Коля", "2026-11-29 10:00:00", blue("Вася"))]
    [day] = rb(tmp_path, posts, days=days)
    assert day["outcome"]["kind"] == "protected" and day["outcome"]["eliminated"] == []


def test_rb11_fuzzy_matches_are_accepted_when_unambiguous(tmp_path):
    posts = [GM, ("Вася", "2026-11-29 10:00:00", red("Петю")), ("Петя", "2026-11-29 10:00:00", red("Dfcz")),
             ("Аня", "2026-11-29 10:00:00", red("Колян")), ("Коля", "2026-11-29 10:00:00", red("Петя"))]
    [day] = rb(tmp_path, posts)
    assert scores(day) == {"Петя": 3, "Вася": 1, "Коля": 1}
    stages = {b["voter"]: b["match"]["stage"] for b in day["ballots"]}
    assert stages == {"Вася": "inflection", "Петя": "layout", "Аня": "fuzzy", "Коля": "exact"}


def test_pc1_change_limit_override(tmp_path):
    posts = [GM, ("Вася", "2026-11-29 10:00:00", red("Петя")), ("Вася", "2026-11-29 10:01:00", red("Коля")),
             ("Вася", "2026-11-29 10:02:00", red("Аня"))]
    [day] = rb(tmp_path, posts, overrides="change_limit = 1")
    assert ("change_limit", "Вася") in codes(day)
    assert [b["status"] for b in day["ballots"] if b["voter"] == "Вася"] == ["superseded", "counted", "rejected"]


# -- RB.8: early close from day 3 ----------------------------------------------------------------
THREE_DAYS = [f'number = {n}\ndeadline = 2026-{d}T20:00:00+03:00'
              for n, d in ((1, "11-29"), (2, "11-30"), (3, "12-01"))]
D3 = "2026-12-01"
# Days 1 and 2 voted in full, so nobody reaches day 3 with two misses (RB.6).
VOTED = [(p, f"2026-11-{d} 09:00:00", red("Вася" if p == "Петя" else "Петя"))
         for d in (29, 30) for p in ("Вася", "Петя", "Аня", "Коля")]


def test_rb8_the_day_closes_when_every_alive_voter_voted_dosrochno(tmp_path):
    posts = [GM, ("Вася", f"{D3} 10:00:00", red("Петя") + " досрочно"),
             ("Петя", f"{D3} 10:05:00", red("Вася") + " досрочно"),
             ("Аня", f"{D3} 10:08:00", blue("Петя") + " досрочно"),
             ("Коля", f"{D3} 10:10:00", red("Вася") + " досрочно"),
             ("Петя", f"{D3} 10:20:00", red("Коля"))]
    *_, day3 = rb(tmp_path, [posts[0], *VOTED, *posts[1:]], days=THREE_DAYS)
    assert day3["flags"]["early_close_at"] == "2026-12-01T10:10:00+03:00"
    [late] = [v for v in day3["violations"] if v["code"] == "late_vote"]
    assert late["player"] == "Петя" and late["rule"] == "RB.8"
    assert scores(day3)["Вася"] == 3  # Петя 1 + Коля's prosecutor red 2; Петя: 1 - doctor's blue 3
    assert day3["outcome"]["eliminated"] == ["Вася"]


def test_rb8_not_before_day_3(tmp_path):
    posts = [GM] + [(p, f"2026-11-30 10:0{i}:00", red(t) + " досрочно")
                    for i, (p, t) in enumerate([("Вася", "Петя"), ("Петя", "Вася"), ("Аня", "Вася"), ("Коля", "Вася")])]
    _, day2 = rb(tmp_path, posts, days=THREE_DAYS[:2])
    assert day2["flags"]["early_close_at"] is None


def test_rb8_an_early_ballot_cannot_be_changed(tmp_path):
    posts = [GM, ("Вася", f"{D3} 10:00:00", red("Петя") + " досрочно"), ("Вася", f"{D3} 10:05:00", blue("Петя"))]
    *_, day3 = rb(tmp_path, [posts[0], *VOTED, *posts[1:]], days=THREE_DAYS)
    assert ("early_vote_changed", "Вася") in codes(day3)
    [counted] = [b for b in day3["ballots"] if b["voter"] == "Вася" and b["status"] == "counted"]
    assert counted["colour"] == "red"


def test_rb8_majority_option(tmp_path):
    posts = [GM, ("Вася", f"{D3} 10:00:00", red("Петя") + " досрочно"),
             ("Петя", f"{D3} 10:05:00", red("Вася") + " досрочно"),
             ("Коля", f"{D3} 10:07:00", red("Вася") + " досрочно")]
    *_, day3 = rb(tmp_path, [posts[0], *VOTED, *posts[1:]], days=THREE_DAYS, overrides='early_close = "majority"')
    assert day3["flags"]["early_close_at"] == "2026-12-01T10:07:00+03:00"  # 3 of 4


def test_RB1_a_sentence_that_mentions_a_nick_is_chatter_not_a_colourless_vote(tmp_path):
    posts = [GM, ("Вася", "2026-11-29 10:00:00", red("Петя")),
             ("Вася", "2026-11-29 11:00:00", "Все голосуют, а Коля молчит.")]
    [day] = rb(tmp_path, posts)
    assert ("no_colour", "Вася") not in codes(day)
    assert [(b["target"], b["status"]) for b in day["ballots"] if b["voter"] == "Вася"] == [("Петя", "counted")]
    [chatter] = [v for v in day["violations"] if v["player"] == "Вася"]
    assert chatter["code"] == "extra_text" and "Все голосуют, а Коля молчит" in chatter["message"]


def test_RB1_a_post_or_line_that_is_essentially_the_nick_is_still_a_colourless_ballot(tmp_path):
    posts = [GM, ("Вася", "2026-11-29 10:00:00", "Коля"), ("Петя", "2026-11-29 10:00:00", "голосую против Коли"),
             ("Аня", "2026-11-29 10:00:00", "Думала долго.<br>Коля"),
             ("Коля", "2026-11-29 10:00:00", "Голосую против Пети, потому что он весь день молчит")]
    [day] = rb(tmp_path, posts)
    assert {p for c, p in codes(day) if c == "no_colour"} == {"Вася", "Петя", "Аня", "Коля"}


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

FILLER = st.lists(st.sampled_from(["все", "сегодня", "опять", "тихо", "ждём", "ночью", "кто-то", "спит"]),
                  min_size=1, max_size=5)


@settings(max_examples=60, deadline=None)
@given(nick=st.sampled_from(["Вася", "Петя", "Аня", "Коля"]), before=FILLER, after=FILLER)
def test_RB1_a_nick_inside_a_sentence_is_a_mention_and_alone_is_a_ballot(nick, before, after):
    from datetime import datetime, timezone

    from votecount.ballots.reading import read
    from votecount.model import Post
    from votecount.ballots.names import Matcher, Player
    matcher = Matcher([Player(n, ()) for n in ["Вася", "Петя", "Аня", "Коля"]])

    def post(text: str) -> Post:
        return Post("1", 1, 1, "Вася", None, datetime(2026, 11, 29, tzinfo=timezone.utc), text, text)
    sentence = read(post(" ".join([*before, nick, *after])), matcher)
    assert sentence.kind != "vote" or sentence.mention
    alone = read(post(nick), matcher)
    assert alone.kind == "vote" and not alone.mention
    voted = read(post(f"голосую против {nick}"), matcher)
    assert voted.kind == "vote" and not voted.mention
