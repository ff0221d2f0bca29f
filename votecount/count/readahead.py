"""Ballots read ahead in parallel, before the count: the pipeline's step, not the tally's.

A post's reading depends only on the post and the roster, so the posts of a long thread can be
read by forked workers first and handed to the count (tally.count's `readings`); the count is
the same whatever the number of processes (tests/test_parallel.py).
"""

from __future__ import annotations

from .. import parallel
from .context import matcher_for, reader
from .game import Game
from ..model import Post, Reading, Thread
from ..ballots.names import key
from .rules import Rules

# A count of fewer posts reads them as it goes: forking workers costs more than it saves.
READ_AHEAD_FROM = 400


def _read_one(index: int, shared) -> Reading:
    """Post `index` read in a worker: the posts came with the fork, only the index is sent."""
    read, matcher, posts = shared
    return read(posts[index], matcher)


def read_ahead(thread: Thread, game: Game, rules: Rules, jobs: int) -> dict[Post, Reading]:
    """The readings of the players' posts, read in `jobs` processes; {} for a short thread or
    one process (the count reads as it asks). A post made later (a GM relay) is read when asked."""
    if jobs <= 1:
        return {}
    gm = frozenset(key(g) for g in game.gm)
    asked = [p for p in thread.posts if key(p.author) not in gm]
    if len(asked) < READ_AHEAD_FROM:
        return {}
    readings = parallel.ordered_map(_read_one, range(len(asked)), jobs, minimum=READ_AHEAD_FROM,
                                    shared=(reader(rules), matcher_for(game, rules), asked))
    return dict(zip(asked, readings))
