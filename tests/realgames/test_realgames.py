"""The 55 real mafiascum games (../shared/realgames/mafiascum/): votecount's outcome of every
judged day against the archive's, never below the figure recorded in tests/realgames/README.md,
and every disagreement the README lists (a fix must update the README; a new miss fails).

All 55 games take about 30 s on one core (the README gives the measurement), so CI runs them all.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from . import adapter

README = Path(__file__).with_name("README.md")

pytestmark = pytest.mark.skipif(not (adapter.DATA / "archive.txt").exists(),
                                reason="../shared/realgames/mafiascum is not beside the project")


def _recorded() -> tuple[int, int, set[tuple[int, int]]]:
    text = README.read_text(encoding="utf-8")
    m = re.search(r"\*\*(\d+) of (\d+) judged days right", text)
    misses = {(int(g), int(d)) for g, d in re.findall(r"^- game (\d+) day (\d+): archive ", text, re.M)}
    return int(m.group(1)), int(m.group(2)), misses


def _recorded_strict() -> tuple[int, set[tuple[int, int]]]:
    text = README.read_text(encoding="utf-8")
    m = re.search(r"\*\*Strict: (\d+) of \d+ judged days", text)
    misses = {(int(g), int(d)) for g, d in re.findall(
        r"^- game (\d+) day (\d+): (?:no majority in votecount's count|votecount's hammer at post)", text, re.M)}
    return int(m.group(1)), misses


@pytest.fixture(scope="module")
def verdicts():
    from .measure import measure
    return measure(adapter.games())


def test_never_below_the_recorded_figure(verdicts):
    right, judged, _ = _recorded()
    assert sum(v.judged for v in verdicts) == judged
    assert sum(v.right for v in verdicts) >= right


def test_every_disagreement_is_the_one_the_readme_explains(verdicts):
    _, _, misses = _recorded()
    got = {(v.game, v.day) for v in verdicts if v.judged and not v.right}
    assert got == misses, "update tests/realgames/README.md: every miss listed with its cause"


def test_never_below_the_recorded_strict_figure_and_every_strict_miss_listed(verdicts):
    # the day must also end as it really did: votecount's hammer, or no majority at the close
    strict, misses = _recorded_strict()
    assert sum(v.strict for v in verdicts) >= strict
    got = {(v.game, v.day) for v in verdicts if v.right and not v.strict}
    assert got == misses, "update tests/realgames/README.md: every strict miss listed with its cause"


def test_the_archives_mid_day_events_are_in_the_game_file():
    # game 1147: "ender241 killed on post 420" (0-based) → day 1 event from post 421
    from votecount.count.game import parse
    g1147 = next(g for g in adapter.games() if g.number == 1147)
    day1 = parse(adapter.game_toml(g1147), "game-1147.toml").days[0]
    assert [(e.post, e.kill, e.reset) for e in day1.events] == [(421, ("ender241",), False)]


def test_the_adapter_reads_every_game_of_games_tsv():
    games = adapter.games()
    assert len(games) == 55
    assert all(g.ends and g.slots and g.moderators for g in games)
    # Game 1147: Oso was replaced by Duplicity; ender241 was killed during day 1.
    g1147 = next(g for g in games if g.number == 1147)
    assert ("Duplicity", "Oso") in [s.names for s in g1147.slots]
    assert g1147.ends[:2] == (553, 704)
    assert g1147.expected(1) == ("Me=Weird",)


def test_the_adapter_posts_are_one_based_with_the_boards_fields():
    g = adapter.games()[0]
    first = adapter.post_records(g)[0]
    assert first["post_no"] == 1 and first["author"] == "neil1113"
    assert first["time"] == "2011-03-30T06:56:00+00:00"


def test_a_vote_for_a_dead_player_is_rejected_never_moved_real_game(tmp_path):
    # game 1414 post 772 (0-based): "VOTE: Revenus" on day 5, Revenus killed night 4; the
    # archive notes the moderator's tool counted it for YOLO.
    from .measure import count_game
    game = next(g for g in adapter.games() if g.number == 1414)
    day5 = count_game(game, tmp_path)[4]
    [b] = [b for b in day5.ballots if b.post.post_no == 773]
    assert (b.target, b.status, [v.code for v in b.violations]) == ("Revenus", "rejected", ["dead_target"])
