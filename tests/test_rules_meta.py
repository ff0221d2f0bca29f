"""A rule's choices, range and own check live with its field (rules.rule's metadata): every
field has them, and the [rules] checks are read from them alone."""

from __future__ import annotations

from dataclasses import fields
from enum import StrEnum

import pytest

from votecount.count import rules
from votecount.errors import ConfigError


def test_every_field_is_a_rule_with_its_metadata():
    for f in fields(rules.Rules):
        assert {"kind", "range", "check", "in_game"} <= set(f.metadata), f.name
        default = f.default_factory() if f.metadata["kind"] is dict else f.default
        assert ("choices" in f.metadata) == isinstance(default, StrEnum), f.name


def test_the_views_are_derived_from_the_metadata():
    assert set(rules.GAME_KEYS) == set(rules.FIELDS) - {"name"}
    assert rules.CHOICES["majority"] is rules.Majority and "tie" in rules.CHOICES


@pytest.mark.parametrize("key, value, message", [
    ("fuzzy_threshold", 101, "rules key 'fuzzy_threshold' must be from 0 to 100, not 101"),
    ("max_eliminated", 0, "rules key 'max_eliminated' must be at least 1, not 0"),
    ("tie", "coin", "rules key 'tie' must be one of none, runoff, earliest, all, gm, not 'coin'"),
    ("default_deadline", "25:00", "rules key 'default_deadline' must be HH:MM (e.g. 20:00), not '25:00'"),
    ("allow_pass", 1, "rules key 'allow_pass' must be bool, not int"),
])
def test_a_bad_value_is_refused_by_its_fields_metadata(key, value, message):
    with pytest.raises(ConfigError) as err:
        rules.check(key, value, "x")
    assert str(err.value) == f"x: {message}"
