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
    # a miss with no effect is no violation (issue 28): the players who did not vote are only missing
    assert not [v for v in day["violations"] if v["code"] == "missed_vote"]
    assert day["missing"]


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
    from votecount.api import CountRequest, run
    from votecount.render.json_out import day_dict
    [r] = run(CountRequest((str(MTGS),), game=str(MTGS_GAME), at=at, lang="en"))
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


# -- What real mafiascum games need (issue 16). Posts are given as a posts file (the board's
# rendered HTML: bold is <div style="display:inline;font-weight:bold">, the official vote tag
# span.bbvote); "real" posts are read from ../shared/realgames at run time, never copied here.

BOLD = '<div style="display:inline;font-weight:bold">{}</div>'
TAG = '<span class="bbvote" title="This is an official vote.">VOTE: {}</span>'
UNTAG = '<span class="bbvote" title="This is an official unvote.">UNVOTE: {}</span>'


def _realgames():
    from realgames import adapter
    if not (adapter.DATA / "archive.txt").exists():
        pytest.skip("../shared/realgames/mafiascum is not beside the project")
    return adapter


def real_post(game: int, number: int) -> dict:
    """Post `number` (the data's 0-based number) of a real game, as a posts-file record."""
    adapter = _realgames()
    archived = next(g for g in adapter.games() if g.number == game)
    return adapter.post_records(archived)[number]


def real_matcher(game: int):
    from votecount.ballots.names import Matcher, Player
    adapter = _realgames()
    archived = next(g for g in adapter.games() if g.number == game)
    return Matcher([Player(s.names[0], s.names[1:]) for s in archived.slots])


def read_real(game: int, number: int):
    from votecount.ballots.bold import read_bold
    from votecount.read.postsfile import post_of
    post = post_of(real_post(game, number), "real", "real", "phpbb3")
    return read_bold(post, real_matcher(game))


def game_file(players, *, replaces=None, roles=None, rules="bold-vote", extra="", days="") -> str:
    lines = ["[game]", f'rules = "{rules}"', 'timezone = "UTC"', 'gm = ["Mod"]', "[rules]", extra]
    for nick in players:
        lines += ["[[players]]", f'nick = "{nick}"']
        if replaces and nick in replaces:
            lines.append("replaces = [" + ", ".join(f'"{n}"' for n in replaces[nick]) + "]")
        if roles and nick in roles:
            lines.append(f'role = "{roles[nick]}"')
    return "\n".join(lines) + "\n" + days


def count_posts(tmp_path, posts, game_text, lang="en"):
    """Count (author, html) posts, one a minute, through a posts file and a game file."""
    import json as _json
    from zoneinfo import ZoneInfo
    from votecount.api import count_thread
    from votecount.count.game import parse
    from votecount.read.pipeline import read_thread
    from votecount.render.json_out import day_dict
    path = tmp_path / "posts.jsonl"
    records = [{"post_no": n, "author": a, "time": f"2026-11-30T10:{n:02d}:00+00:00", "html": h}
               for n, (a, h) in enumerate([("Mod", "Day 1 begins."), *posts], 1)]
    path.write_text("".join(_json.dumps(r) + "\n" for r in records), encoding="utf-8")
    utc = ZoneInfo("UTC")
    return [day_dict(r) for r in count_thread(read_thread(str(path), tz=utc), parse(game_text), utc, lang=lang)]


def test_bold_vote_official_vote_tag_is_a_ballot_real_post():
    # game 1147 post 64: "UNVOTE: Ender" then "VOTE: Klazam", both in the board's vote tag.
    r = read_real(1147, 64)
    assert (r.kind, r.match.player) == ("vote", "Quilford")  # Klazam was replaced by Quilford


def test_bold_vote_vote_to_no_lynch_and_NL_are_no_lynch_real_posts():
    # game 1494 posts 606 and 608: the archive notes the moderator's tool misread both.
    assert read_real(1494, 606).kind == "pass"  # <b>Vote to No Lynch</b>
    assert read_real(1494, 608).kind == "pass"  # VOTE: NL in the vote tag


def test_bold_vote_words_before_a_colon_real_post():
    # game 1161 post 813 (0-based 812): <b>Vote to Hammer: hiplop</b>, the day's hammer.
    r = read_real(1161, 812)
    assert (r.kind, r.match.player) == ("vote", "hiplop")


def test_bold_vote_pass_in_vote_tags_is_no_lynch_real_post():
    # game 1701 post 1663: [vote]pass[/vote]; the archive: "Doctor Who voted NO LYNCH".
    assert read_real(1701, 1663).kind == "pass"


def test_bold_vote_a_player_called_sleep_is_voted_not_passed(tmp_path):
    [day] = count_posts(tmp_path, [("Ann", TAG.format("Sleep"))], game_file(["Ann", "Sleep", "Cy"]))
    assert {r["candidate"]: r["score"] for r in day["tally"]} == {"Sleep": 1}


def test_bold_vote_nolynch_in_one_word_real_markup():
    # game 1193 post 2 (the rules post) shows the form: <b>vote: nolynch</b>.
    html = real_post(1193, 2)["html"]
    assert BOLD.format("vote: nolynch") in html
    from votecount.ballots.bold import read_bold
    from votecount.read.postsfile import post_of
    post = post_of({"post_no": 5, "author": "Guderian", "time": "2026-11-30T10:00:00+00:00",
                    "html": BOLD.format("vote: nolynch")}, "x", "x", None)
    assert read_bold(post, real_matcher(1193)).kind == "pass"


@pytest.mark.parametrize("written", ["No-lynch.", "Nolynch", "NO LYNCH", "no_lynch", "no elimination", "sleep"])
def test_bold_vote_no_lynch_spellings_are_a_pass(tmp_path, written):
    [day] = count_posts(tmp_path, [("Ann", BOLD.format(f"Vote: {written}"))], game_file(["Ann", "Bob", "Cy"]))
    assert [b["kind"] for b in day["ballots"]] == ["pass"]


def test_bold_vote_prefix_of_an_earlier_holder_real_post():
    # game 1177 post 381: "unvote, vote Bezu" — Bezukhov's slot, held by jilynne1991 since.
    r = read_real(1177, 381)
    assert (r.kind, r.match.player, r.match.stage) == ("vote", "jilynne1991", "prefix")


@pytest.mark.parametrize("game, number, player, stage", [
    (1429, 1228, "Keybladewielder", "initials"),  # VOTE: KBW (a run-together nick)
    (1445, 1260, "evilpacman18", "initials"),  # VOTE: EPM
    (1236, 493, "TheFool", "part"),  # vote fool
    (1401, 162, "havingfitz", "part"),  # vote fitz
])
def test_bold_vote_english_nick_matching_real_posts(game, number, player, stage):
    r = read_real(game, number)
    assert (r.kind, r.match.player, r.match.stage) == ("vote", player, stage)


def test_bold_vote_nick_inside_nested_inline_markup(tmp_path):
    # The form of a real post the archive notes (Whiskers, "Vote: Friendship" in bold and purple).
    html = BOLD.format('Vote: <div style="display:inline;color:purple">Friendship</div>')
    [day] = count_posts(tmp_path, [("GLaDOS", html)], game_file(["GLaDOS", "Friendship", "Whiskers"]))
    assert {r["candidate"]: r["score"] for r in day["tally"]} == {"Friendship": 1}


def test_bold_vote_literal_end_tag_after_the_nick(tmp_path):
    [day] = count_posts(tmp_path, [("Ann", TAG.format("Bob[/vote]"))], game_file(["Ann", "Bob", "Cy"]))
    assert {r["candidate"]: r["score"] for r in day["tally"]} == {"Bob": 1}


def test_bold_vote_unvote_then_vote_for_x(tmp_path):
    [day] = count_posts(tmp_path, [("Ann", TAG.format("Cy")), ("Ann", BOLD.format("Unvote, then vote for Bob"))],
                        game_file(["Ann", "Bob", "Cy"]))
    assert {r["candidate"]: r["score"] for r in day["tally"]} == {"Bob": 1}


def test_bold_vote_count_heading_after_a_real_vote_is_no_ballot(tmp_path):
    html = TAG.format("Bob") + "<br>" + BOLD.format("Vote Count:") + "<br>Bob (1): Ann"
    [day] = count_posts(tmp_path, [("Ann", html)], game_file(["Ann", "Bob", "Cy", "Count"]))
    assert {r["candidate"]: r["score"] for r in day["tally"]} == {"Bob": 1}


def test_bold_vote_unvote_stands_when_the_new_vote_names_nobody(tmp_path):
    posts = [("Ann", TAG.format("Bob")), ("Cy", TAG.format("Bob")),
             ("Ann", UNTAG.format("Bob") + "<br>" + TAG.format("Zorglub")),
             ("Dee", TAG.format("Bob"))]  # without the unvote, Bob would be hammered here (3 of 5)
    [day] = count_posts(tmp_path, posts, game_file(["Ann", "Bob", "Cy", "Dee", "Eve"], extra='majority = "half+1"'))
    assert {r["candidate"]: r["score"] for r in day["tally"]} == {"Bob": 2}
    assert day["flags"]["hammer_at"] is None
    assert [b["kind"] for b in day["ballots"] if b["voter"] == "Ann"] == ["vote", "withdraw"]


def test_bold_vote_nick_in_brackets_is_the_players_nick(tmp_path):
    [day] = count_posts(tmp_path, [("[winger]", TAG.format("Bob")), ("Bob", TAG.format("[winger]"))],
                        game_file(["[winger]", "Bob", "Cy"]))
    assert {r["candidate"]: r["score"] for r in day["tally"]} == {"Bob": 1, "[winger]": 1}
    assert "not_a_player" not in [v["code"] for v in day["violations"]]


def test_bold_vote_no_lynch_majority_ends_the_day_with_nobody(tmp_path):
    # 5 alive: a lynch needs 3; "one less for no lynch": No Lynch needs 2.
    posts = [("Ann", TAG.format("Bob")), ("Cy", TAG.format("No Lynch")), ("Dee", TAG.format("no lynch")),
             ("Eve", TAG.format("Bob")), ("Bob", TAG.format("Ann"))]
    rules = 'majority = "half+1"\nno_lynch_fewer = 1'
    [day] = count_posts(tmp_path, posts, game_file(["Ann", "Bob", "Cy", "Dee", "Eve"], extra=rules))
    assert day["outcome"]["kind"] == "no_lynch" and day["outcome"]["eliminated"] == []
    assert day["flags"]["hammer_at"] == "2026-11-30T10:04:00+00:00"  # Dee's post: the 2nd No Lynch
    assert [v["player"] for v in day["violations"] if v["code"] == "late_vote"] == ["Eve", "Bob"]


def test_bold_vote_no_lynch_needs_a_full_majority_without_the_note(tmp_path):
    posts = [("Cy", TAG.format("No Lynch")), ("Dee", TAG.format("no lynch")), ("Eve", TAG.format("Bob"))]
    # the day ends with post 4 (a day with no known end is not decided: tests/test_decided.py)
    [day] = count_posts(tmp_path, posts, game_file(["Ann", "Bob", "Cy", "Dee", "Eve"], extra='majority = "half+1"',
                                                   days="[[days]]\nnumber = 1\nlast_post = 4\n"))
    assert day["flags"]["hammer_at"] is None  # 2 of 5 is no majority
    assert day["outcome"]["kind"] == "lynch" and day["outcome"]["eliminated"] == ["Bob"]


def test_bold_vote_hammer_from_the_days_own_alive_count(tmp_path):
    # Day 2: Cy and Dee are dead, 3 alive: 2 votes hammer (on day 1 it took 3).
    days = ('[[days]]\nnumber = 1\nlast_post = 2\n[[days]]\nnumber = 2\ndead = ["Cy", "Dee"]\n')
    posts = [("Ann", TAG.format("Cy")), ("Ann", TAG.format("Bob")), ("Eve", TAG.format("Bob")), ("Bob", TAG.format("Ann"))]
    d1, d2 = count_posts(tmp_path, posts, game_file(["Ann", "Bob", "Cy", "Dee", "Eve"], extra='majority = "half+1"',
                                                     days=days))
    assert d1["flags"]["hammer_at"] is None
    assert d2["flags"]["hammer_at"] == "2026-11-30T10:04:00+00:00" and d2["outcome"]["eliminated"] == ["Bob"]


def test_bold_vote_double_voter_weighs_two(tmp_path):
    rules = 'majority = "half+1"\nweights = { "double-voter" = { red = 2.0 } }'
    posts = [("Ann", TAG.format("Bob")), ("Cy", TAG.format("Bob"))]
    [day] = count_posts(tmp_path, posts, game_file(["Ann", "Bob", "Cy", "Dee", "Eve"], roles={"Ann": "double-voter"},
                                                   extra=rules))
    assert {r["candidate"]: r["score"] for r in day["tally"]} == {"Bob": 3}
    assert day["flags"]["hammer_at"] == "2026-11-30T10:03:00+00:00"


def test_bold_vote_replacement_posts_and_votes_are_the_slots(tmp_path):
    # Oso was replaced by Duplicity (game 1147): Oso's vote and Duplicity's are one slot's.
    posts = [("Oso", TAG.format("Rhinox")), ("Rhinox", TAG.format("Oso")), ("Duplicity", TAG.format("Juls"))]
    [day] = count_posts(tmp_path, posts, game_file(["Duplicity", "Rhinox", "Juls"], replaces={"Duplicity": ["Oso"]}))
    assert {r["candidate"]: r["score"] for r in day["tally"]} == {"Duplicity": 1, "Juls": 1}
    assert [b["voter"] for b in day["ballots"]] == ["Duplicity", "Rhinox", "Duplicity"]


@pytest.mark.parametrize("preset", ["classic", "red-blue", "pass-catastrophe", "bold-vote"])
def test_replaces_in_every_preset_the_earlier_holders_ballot_is_the_slots(tmp_path, preset):
    vote = TAG.format("Vasya") if preset == "bold-vote" else '<span style="color:red">Vasya</span>'
    text = game_file(["Kolya", "Vasya", "Petya"], replaces={"Kolya": ["Старый"]}, rules=preset)
    [day] = count_posts(tmp_path, [("Старый", vote)], text)
    assert [(b["voter"], b["target"], b["status"]) for b in day["ballots"]] == [("Kolya", "Vasya", "counted")]
    assert [r["votes"][0]["voter"] for r in day["tally"] if r["candidate"] == "Vasya"] == ["Kolya"]


@pytest.mark.parametrize("preset, rule", [("classic", "C3.7"), ("red-blue", "RB.6")])
def test_replaces_strikes_stay_with_the_slot(tmp_path, preset, rule):
    # seed 001: "замена ранее чем произойдёт второй пропуск" — a player who missed once is
    # replaced; the replacement's first miss is the slot's second: a modkill.
    days = "[[days]]\nnumber = 1\nlast_post = 3\n[[days]]\nnumber = 2\nlast_post = 5\n"
    red = '<span style="color:red">{}</span>'
    posts = [("Старый", "Hello all"), ("Petya", red.format("Vasya")),  # day 1: Старый misses
             ("Kolya", "Hi, I am the replacement"), ("Vasya", red.format("Petya")),  # day 2: so does Kolya
             ("Petya", red.format("Vasya"))]
    d1, d2 = count_posts(tmp_path, posts, game_file(["Kolya", "Vasya", "Petya"], replaces={"Kolya": ["Старый"]},
                                                    rules=preset, days=days))
    assert "Kolya" in d1["missing"] and d1["modkills"] == []
    assert d2["modkills"] == ["Kolya"]
    assert [v["rule"] for v in d2["violations"] if v["code"] == "modkill"] == [rule]


_ROSTER = ["Twistedspoon", "Me=Weird", "Scott Brosius", "jilynne1991", "[winger]", "Necessary Evil", "Juls"]


def _hypothesis():
    from hypothesis import strategies as st
    words = st.text(alphabet=st.sampled_from(list("abcdefgh ijk.,!?")), max_size=30)
    return st, words


def test_bold_vote_any_official_or_bold_vote_for_a_roster_nick_is_that_vote():
    from hypothesis import given, settings
    from votecount.ballots.bold import read_bold
    from votecount.ballots.names import Matcher, Player
    from votecount.read.postsfile import post_of
    st, words = _hypothesis()
    matcher = Matcher([Player(n) for n in _ROSTER])

    @settings(max_examples=150, deadline=None)
    @given(nick=st.sampled_from(_ROSTER), before=words, after=words, form=st.sampled_from(["tag", "b", "div"]),
           unvote_after=st.booleans())
    def check(nick, before, after, form, unvote_after):
        import html as html_mod
        vote = {"tag": TAG.format(html_mod.escape(nick)), "b": f"<b>Vote: {html_mod.escape(nick)}</b>",
                "div": BOLD.format(f"VOTE: {html_mod.escape(nick)}")}[form]
        body = f"{html_mod.escape(before)}<br>{vote}<br>{html_mod.escape(after)}"
        if unvote_after:
            body += "<br>" + UNTAG.format("")
        post = post_of({"post_no": 2, "author": "Juls", "time": "2026-11-30T10:00:00+00:00", "html": body},
                       "x", "x", None)
        r = read_bold(post, matcher)
        if unvote_after:
            assert r.kind == "withdraw"
        else:
            assert (r.kind, r.match.player) == ("vote", nick)
    check()


def test_bold_vote_quoted_votes_are_never_ballots_any_nick():
    from hypothesis import given, settings
    from votecount.ballots.bold import read_bold
    from votecount.ballots.names import Matcher, Player
    from votecount.read.postsfile import post_of
    st, words = _hypothesis()
    matcher = Matcher([Player(n) for n in _ROSTER])

    @settings(max_examples=80, deadline=None)
    @given(nick=st.sampled_from(_ROSTER), after=words)
    def check(nick, after):
        import html as html_mod
        body = (f"<blockquote><div><cite>Juls wrote:</cite>{TAG.format(html_mod.escape(nick))}</div></blockquote>"
                f"{html_mod.escape(after)}")
        post = post_of({"post_no": 2, "author": "Juls", "time": "2026-11-30T10:00:00+00:00", "html": body},
                       "x", "x", None)
        assert read_bold(post, matcher).kind == "chatter"
    check()


@pytest.mark.parametrize("written", ["No Lynch", "no elimination", "Sleep", "NO LYNCH"])
def test_bold_vote_a_bold_pass_word_on_its_own_is_a_pass(tmp_path, written):
    """RULES.md bold-vote: `no lynch` / `no elimination` / `sleep` are pass ballots — in bold on
    their own, not only after `VOTE:`."""
    [day] = bv(tmp_path, [("D_V", t("10:00"), f"<b>{written}</b>")])
    assert [(b["voter"], b["kind"], b["status"]) for b in day["ballots"]] == [("D_V", "pass", "counted")]


def test_bold_vote_unvote_then_a_pass_replaces_the_vote(tmp_path):
    """RULES.md bold-vote: an UNVOTE followed by a pass in the same post replaces the vote."""
    [day] = bv(tmp_path, [("D_V", t("10:00"), "<b>Vote Ophidia</b>"),
                          ("D_V", t("10:05"), "<b>Unvote</b> <b>no lynch</b>")])
    assert [(b["kind"], b["status"]) for b in ballot_of(day, "D_V")] == [("vote", "superseded"), ("pass", "counted")]
    assert scores(day) == {}
