"""The words players write live in one module (ballots/vocabulary.py, issue 25): the readers, the
count and `draft` import them, none defines its own; draft's narrower views are made of the
readers' own words."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

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
    from votecount.count import context
    from votecount.draft import guess
    assert reading.PASS is v.PASS and reading.PREFIX is v.PREFIX and flagwords.FAST is v.FAST
    assert bold.BOLD_VOTE is v.BOLD_VOTE and context.RELAY is v.RELAY and guess.DRAFT_PASS is v.DRAFT_PASS


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
