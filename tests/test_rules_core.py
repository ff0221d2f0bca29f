"""The rules core as data (issue 14 §4): the checks are small named functions in ordered
tuples and a table, each naming its rule; the core stays small; the tally forks nothing and
the runoff does not import it. Behaviour is pinned by the rule and game tests."""

from __future__ import annotations

import ast
import json
import re
from datetime import datetime, timezone
from enum import StrEnum
from pathlib import Path

import pytest

from votecount.ballots.names import Matcher, Player
from votecount.ballots.bold import read_bold
from votecount.ballots.reading import BALLOT_KINDS, read
from votecount.count import checks, closing, rules
from votecount.messages import MESSAGES
from votecount.model import Kind, Post

CORE = Path(checks.__file__).parent
MODULES = ("tally", "checks", "closing", "dayend", "dayview", "context", "runoff", "readahead", "rules")
RULE = re.compile(r"\b(?:C3|RB|PC)\.\d+\b|Common model|bold-vote")


def test_every_check_names_its_rule():
    everything = [*checks.GATES, *checks.TARGET_CHECKS, *checks.HANDLERS.values(), *closing.CLOSERS]
    for fn in everything:
        assert fn.__doc__ and RULE.search(fn.__doc__), fn.__name__


def test_every_reading_kind_has_a_handler():
    assert set(checks.HANDLERS) == set(Kind) and all(type(k) is Kind for k in checks.HANDLERS)
    assert BALLOT_KINDS | {Kind.chatter, Kind.empty} == set(Kind)


def test_every_reading_kind_is_a_word_with_a_message():
    """Kind is a str: outputs and message keys see the word ("pass", not "Kind.pass_")."""
    for kind in Kind:
        assert isinstance(kind, str) and f"{kind}" == str(kind) == kind.value
        assert json.dumps(kind) == f'"{kind.value}"'
        assert "reading." + kind in MESSAGES


def test_the_readers_give_kinds():
    post = Post("1", 1, 1, "x", None, datetime(2026, 11, 29, tzinfo=timezone.utc), "", "пас")
    matcher = Matcher([Player("Вася")])
    assert read(post, matcher).kind is Kind.pass_ and read_bold(post, matcher).kind is Kind.chatter


@pytest.mark.parametrize("name", MODULES)
def test_the_core_is_small(name):
    source = (CORE / f"{name}.py").read_text(encoding="utf-8")
    assert len(source.splitlines()) < 400
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef):
            assert node.end_lineno - node.lineno + 1 <= 40, (name, node.name)


def imports(name: str) -> set[str]:
    tree = ast.parse((CORE / f"{name}.py").read_text(encoding="utf-8"))
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            out |= {node.module or ""} | {a.name for a in node.names}
    return out


def test_the_tally_forks_nothing_and_the_runoff_does_not_import_it():
    assert "parallel" not in imports("tally")
    assert "tally" not in imports("runoff") and "runoff" not in imports("dayend")


def test_option_choices_are_enums():
    for preset in rules.PRESETS:
        r = rules.preset(preset)
        for key in rules.CHOICES:
            assert isinstance(getattr(r, key), StrEnum), (preset, key)
    assert rules.preset("red-blue").missed_vote == "penalty"  # a member equals its word
