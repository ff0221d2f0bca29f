"""The words players write live in one module (ballots/vocabulary.py, issue 25): the readers, the
count and `draft` import them, none defines its own; draft's narrower views are made of the
readers' own words."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from votecount.ballots import vocabulary as v

PACKAGE = Path(v.__file__).resolve().parents[1]
USERS = ("ballots/reading.py", "ballots/bold.py", "ballots/flagwords.py", "count/context.py", "draft/guess.py",
         "count/tally.py", "count/checks.py", "count/closing.py")
WORDS = {name for name in vars(v) if name.isupper()}


def assigned(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {t.id for node in tree.body if isinstance(node, ast.Assign) for t in node.targets
            if isinstance(t, ast.Name)}


@pytest.mark.parametrize("name", USERS)
def test_no_user_defines_a_word_list_of_its_own(name):
    assert not assigned(PACKAGE / name) & WORDS


def test_the_readers_use_the_vocabulary():
    from votecount.ballots import bold, flagwords, reading
    from votecount.count import context, rules
    from votecount.draft import guess
    assert reading.PREFIX is v.PREFIX and flagwords.FAST is v.FAST
    assert context.RELAY is v.RELAY and guess.DRAFT_PASS is v.DRAFT_PASS
    # H.11: the pass and bold vote words come with the count's Words, the built-in ones by default
    assert v.DEFAULT_WORDS.pass_ is v.PASS and v.DEFAULT_WORDS.bold_vote is v.BOLD_VOTE
    assert reading.DEFAULT_WORDS is v.DEFAULT_WORDS and bold.DEFAULT_WORDS is v.DEFAULT_WORDS
    assert context.reader(rules.preset("classic")) is reading.read


def test_draft_pass_words_are_the_readers_pass_and_fast_words():
    pass_word, fast_word = v.DRAFT_PASS_WORDS
    assert v.PASS.match(pass_word) and v.FAST.fullmatch(fast_word)
    assert all(v.DRAFT_PASS.search(w) for w in v.DRAFT_PASS_WORDS)
    assert not v.DRAFT_PASS.search("no lynch") and not v.DRAFT_PASS.search("fast")  # narrower, on purpose


@pytest.mark.parametrize("word", v.VOTE_WORDS)
def test_each_vote_word_opens_a_ballot_for_a_reader(word):
    ballot = f"{word}: Вася"
    assert v.DRAFT_BOLD_VOTE.match(ballot.upper())
    opened = v.PREFIX.match(ballot.casefold()) or v.BOLD_VOTE.match(ballot)
    assert opened and ballot[opened.end():] == "Вася"


def test_the_draft_bold_view_is_narrower():
    assert v.BOLD_VOTE.search("I unvote") and not v.DRAFT_BOLD_VOTE.match("I unvote")
    assert not v.DRAFT_BOLD_VOTE.match("голосовать")


@given(st.sampled_from(["##vote", "vote", "голосую"]), st.sampled_from(["Вася", "Alpha Beta", "x_1"]),
       st.sampled_from(["", " ", ": ", " - "]))
def test_H11_a_games_vote_word_opens_a_bold_ballot_only_on_a_word_boundary(word, nick, sep):
    w = v.words(vote=(word,), unvote=("##unvote",))
    m = w.bold_vote.search(f"{word}{sep or ' '}{nick}")
    assert m is not None and m.group(1) is None
    assert w.bold_vote.search(f"x{word} {nick}") is None  # glued to a word before it: no ballot
    assert w.bold_vote.search("##unvote").group(1) == "##unvote"


@given(st.sampled_from(["убираю голос", "Отменяю  голос", "withdraw"]), st.sampled_from(["", " Вася", "x"]),
       st.sampled_from(["снимаю голос", "unvote", "-"]))
def test_H5_a_games_withdraw_phrase_is_a_whole_line_beside_the_built_in_ones(phrase, tail, built_in):
    w = v.words(withdraw=(phrase,))
    folded = " ".join(phrase.casefold().split())
    assert bool(w.withdraw.match(folded + tail)) == (tail == "")
    assert w.withdraw.match(built_in) and v.DEFAULT_WORDS.withdraw is v.WITHDRAW


@given(st.sampled_from(["перевожу свой голос на", "change my vote to"]), st.sampled_from(["вася", "alpha beta"]),
       st.sampled_from([" ", ": ", "  "]))
def test_H5_a_games_change_phrase_opens_a_ballot_only_on_a_word_boundary(phrase, nick, sep):
    w = v.words(change=(phrase,))
    assert w.change.sub("", f"{phrase}{sep}{nick}", count=1) == nick
    assert w.change.match(f"{phrase}{nick}") is None  # glued to the nick: no phrase
    assert v.DEFAULT_WORDS.change is None
