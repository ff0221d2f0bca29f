"""A quote whose BBCode failed to render (real English threads: a literal [QUOTE], "On January 18
2015 12:11 Name wrote:", the quoted post, [/QUOTE] or the end of the post) is a quote: its votes
are never ballots (ballots/rawquote.py). Threads in two engines (tests/housekit.py)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from housekit import ENGINES, count
from threadkit import ballot_of
from votecount.ballots import rawquote
from votecount.engines.kit.runs import Run

GM = "Host"
PLAYERS = ["coolTLname", "Alpha", "Beta", "Gamma"]
WORDS = 'vote_words = ["##vote", "vote"]\nunvote_words = ["##unvote", "unvote"]'
HEAD = "[QUOTE]On January 18 2015 12:11 Alpha wrote:\n"


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("body, counted", [
    (HEAD + "<b>##vote Gamma</b>\n[/QUOTE]\nagreed, <b>##vote Beta</b>", "Beta"),  # closed: the own vote after it
    (HEAD + "<b>##vote Gamma</b>\n[/QUOTE]\nagreed", None),  # only the quoted vote
    (HEAD + "<b>##vote Gamma</b>\nthat is how I see it", None),  # never closed: to the end of the post
    ("[quote=Alpha][QUOTE]<b>##vote Gamma</b>[/QUOTE] <b>##vote Beta</b>[/quote] hmm", None),  # nested
])
def test_a_literal_quote_is_a_quote(tmp_path, engine, body, counted):
    posts = [(GM, "2026-11-29 09:00:00", "Day 1. <b>##vote Name</b> to vote."),
             ("Beta", "2026-11-29 10:00:00", body.replace("\n", "<br>"))]
    day = count(tmp_path, engine, posts, PLAYERS, rules="bold-vote", gm=GM, overrides=WORDS)[0]
    got = [b["target"] for b in ballot_of(day, "Beta", "counted")]
    assert got == ([counted] if counted else [])


@given(st.text(alphabet="ab \n[]/", max_size=30), st.text(alphabet="xy \n[]", max_size=20))
def test_the_text_around_a_quote_block_is_kept_and_the_block_is_not(before, quoted):
    assert rawquote.without_quotes(f"{before}[QUOTE]{quoted}[/QUOTE]z") == f"{before}\nz"
    assert rawquote.without_quotes(f"{before}[quote=Alpha]{quoted}") == f"{before}\n"  # unclosed: to the end


@given(st.lists(st.tuples(st.text(alphabet="ab[]QUOTEquote/ ", max_size=12), st.booleans()), max_size=6))
def test_runs_lose_exactly_the_quoted_characters(pieces):
    parts = [Run(t, "none", b) for t, b in pieces]
    text = "".join(t for t, _ in pieces)
    kept = "".join(r.text for r in rawquote.own_runs(parts))
    cut = rawquote.spans(text)
    assert kept == "".join(ch for i, ch in enumerate(text) if not any(a <= i < b for a, b in cut))
