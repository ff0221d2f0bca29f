"""Issue 32: bold-vote ballots as real mafiascum posts wrote them. Each body is built on the real
post's markup (phpBB 3 as mafiascum renders it: bold is `<div style="display:inline;font-weight:bold">`,
the official vote tag `<span class="bbvote" title="This is an official vote.">VOTE: X</span>`),
inside the small test thread of threadkit (the reading does not depend on the engine)."""

from threadkit import ballot_of, count, scores

GM = ("Host", "2026-11-28 20:00:00", "Day 1 starts.")
P = ["Necessary Evil", "Twistedspoon", "Oso", "Rhinox", "ender241", "fatlikepig", "CooLDoG"]
B = '<div style="display:inline;font-weight:bold">{}</div>'
VOTE = '<span class="bbvote" title="This is an official vote.">VOTE: {}</span>'
UNVOTE = '<span class="bbvote" title="This is an official unvote.">UNVOTE: {}</span>'


def t(mm: int) -> str:
    return f"2026-11-29 10:{mm:02d}:00"


def bv(tmp_path, posts, players=P, **kw):
    return count(tmp_path, [GM, *posts], players, rules="bold-vote", gm="Host", **kw)


def only(day, voter):
    [b] = [b for b in ballot_of(day, voter) if b["status"] == "counted"]
    return b


def test_two_official_tags_side_by_side_are_an_unvote_then_a_vote(tmp_path):
    # game 1147 post 576: UNVOTE: Oso</span><span class="bbvote">VOTE: Twistedspoon, side by side
    [day] = bv(tmp_path, [("Rhinox", t(0), VOTE.format("Oso")),
                          ("Rhinox", t(5), "Everyone read this post.<br> <br> " + UNVOTE.format("Oso") + VOTE.format("Twistedspoon"))])
    assert (only(day, "Rhinox")["kind"], only(day, "Rhinox")["target"]) == ("vote", "Twistedspoon")
    assert scores(day) == {"Twistedspoon": 1}


def test_bold_prose_is_no_vote_and_no_unvote(tmp_path):
    # game 1147 post 562: "Vote: NE" then "<<<<<<L-1 VOTE!!!" in bold; the shared games' "This is
    # an L-1 vote. Do not vote without stating intent…" and "…also doesn't unvote." in bold
    [day] = bv(tmp_path, [
        ("Rhinox", t(0), "I agree, " + B.format("Vote: NE") + " " + B.format("&lt;&lt;&lt;&lt;&lt;&lt;L-1 VOTE!!!")),
        ("Oso", t(1), VOTE.format("Rhinox")),
        ("Oso", t(2), B.format("This is an L-1 vote. Do not vote without stating intent and allowing a claim.")),
        ("Oso", t(3), "He " + B.format("doesn't unvote.")),
        ("Twistedspoon", t(4), B.format("DO NOT VOTE WITHOUT STATING INTENT"))])
    assert only(day, "Rhinox")["target"] == "Necessary Evil"
    assert only(day, "Oso")["target"] == "Rhinox"  # neither prose post withdrew it
    assert not ballot_of(day, "Twistedspoon")


def test_literal_escaped_bold_text_is_not_bold(tmp_path):
    # a post that shows the tags as text (the board escaped them): &lt;b&gt;unvote vote X&lt;/b&gt;
    [day] = bv(tmp_path, [("Oso", t(0), VOTE.format("Rhinox")),
                          ("Oso", t(1), "&lt;b&gt;unvote vote ender241&lt;/b&gt;")])
    assert only(day, "Oso")["target"] == "Rhinox"


def test_a_bold_slash_vote_with_a_weight_after_the_name(tmp_path):
    [day] = bv(tmp_path, [("Oso", t(0), B.format("/vote ender241 2.0"))])
    assert only(day, "Oso")["target"] == "ender241"


def test_a_or_b_is_ambiguous_never_the_first(tmp_path):
    [day] = bv(tmp_path, [("Oso", t(0), B.format("Vote: Rhinox / or / ender241"))])
    [b] = ballot_of(day, "Oso")
    assert b["status"] == "rejected" and b["target"] is None
    assert b["violations"] == ["ambiguous_nick"]
    assert scores(day) == {}


def test_the_vote_word_with_two_letters_swapped(tmp_path):
    # game 1365 post 891: "unvote, vtoe: flp" (fatlikepig, by the initials in order)
    [day] = bv(tmp_path, [("CooLDoG", t(0), B.format("unvote, vtoe: flp"))])
    assert only(day, "CooLDoG")["target"] == "fatlikepig"


def test_a_replacements_old_name_is_the_slot(tmp_path):
    # game 1177 post 386: "unvote, vote: Bezu" for the slot jilynne1991 took over from Bezukhov
    extra = '[[players]]\nnick = "jilynne1991"\nreplaces = ["Bezukhov"]\n'
    [day] = bv(tmp_path, [("Oso", t(0), B.format("unvote, vote: Bezu"))], extra_players=extra)
    assert only(day, "Oso")["target"] == "jilynne1991"
