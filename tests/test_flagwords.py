"""The literal tests the ballot reader makes before its patterns skip nothing the patterns
would find: flagwords.may_flag before the flag words' search (every literal holds one of its
pieces), vocabulary.PREFIX_HEADS before the vote prefix (every form of PREFIX starts with one).
flag_words() and without_flags() against the patterns themselves: here and in tests/test_ballots.py."""

from __future__ import annotations

import re

from hypothesis import given, settings, strategies as st

from votecount.ballots import reading as ballots, flagwords, vocabulary

_LITERALS = ["фаст", "ускорение", "fast", "досрочно", "красным", "красный", "красн.", "red", "синим",
             "синий", "син.", "blue"]


def test_every_flag_literal_holds_a_piece():
    alternatives = re.sub(r"[()?:]", "", flagwords._FLAG_LITERALS.pattern).replace("\\.", ".").split("|")
    assert sorted(alternatives) == sorted(_LITERALS)
    assert all(flagwords.may_flag(word) for word in alternatives)


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(_LITERALS + ["крас", "си", "re", "fas", "а", " ", "\n", "Red", "ФАСТ"]),
                max_size=8).map("".join))
def test_may_flag_is_true_wherever_a_literal_is(text):
    if flagwords._FLAG_LITERALS.search(text):
        assert flagwords.may_flag(text)


_PREFIX_TEXT = st.lists(st.sampled_from(
    ["мой", "голос", "голосую", "меняю", "перевожу", "переношу", "против", "казнить", "повесить", "vote",
     "за", "на", "в", ":", " ", "-", "—", "\t", "Вася", "мой голос", "Голос", "VOTE", "а", ",", "."]),
    max_size=6).map("".join)


@settings(max_examples=800, deadline=None)
@given(_PREFIX_TEXT)
def test_strip_prefix_as_the_pattern_alone(line):
    assert ballots._strip_prefix(line) == vocabulary.PREFIX.sub("", line, count=1).strip(" \t,;:!.")


def test_strip_prefix_tests_can_fail():
    assert ballots._strip_prefix("голос: Вася") == "Вася"
    assert ballots._strip_prefix("vote: Вася") == "Вася"


# --- without_flags(): literal hits and word boundaries in Python, as FLAG_WORDS.sub did ----------

def _pattern_without_flags(text: str, nicks: frozenset[str]) -> str:
    """without_flags() before it searched literals: the pattern's own substitution (the oracle)."""
    return flagwords.FLAG_WORDS.sub(lambda m: m.group(0) if m.group(0) in nicks else " ", text)


# The literals among word characters of several kinds (letters of both scripts, digits, "_",
# a combining mark, an Arabic digit), non-word characters and pieces of literals.
_AROUND = st.lists(st.sampled_from(_LITERALS + ["фастер", "red1", "redблю", "ускорениеred", "_", "1", "x", "я",
                                                "ё", "é", "\u0301", "٣", ".", " ", "\n", "-", "«", "Red", "ФАСТ",
                                                "син", "красн", "ные", "bl", "ue", "fa", "st", "ред"]),
                   max_size=14).map("".join)


@settings(max_examples=1500, deadline=None)
@given(_AROUND | st.text(max_size=60), st.sets(st.sampled_from(_LITERALS), max_size=3))
def test_without_flags_is_the_patterns_substitution(text, nick_words):
    nicks = frozenset(nick_words)
    assert flagwords.without_flags(text, nicks) == _pattern_without_flags(text, nicks)
    assert flagwords.flag_words(text) == flagwords.FLAG_WORDS.findall(text)


def test_without_flags_tests_can_fail():
    assert flagwords.without_flags("вася фаст, red", frozenset()) == "вася  ,  "
    assert flagwords.without_flags("вася фаст, red", frozenset({"red"})) == "вася  , red"
    assert flagwords.without_flags("фастер redd_ blue1 синим.", frozenset()) == "фастер redd_ blue1  ."
