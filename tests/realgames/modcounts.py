"""The moderators' own vote counts against votecount's count at the same post.

    .venv/bin/python -m tests.realgames.modcounts [--only GAME]

For each day, the moderator's last post of the day that is a vote count ("Vote Count",
"Votecount" in its text, with lines "Nick (3) - a, b, c" or "Nick [3]: a, b, c") is read: each
line's name resolved with the game's matcher, its number taken. votecount counts the thread up
to that post (the posts after it removed) and its tally is compared, candidate by candidate
(No Lynch and "not voting" lines aside). A day whose moderator posted no readable count is
left out. A disagreement is not by itself votecount's error: moderators miscount (the
archive's notes name several) and some count only "official" tags.
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

from . import adapter

_HEADING = re.compile(r"vote\s*count|votecount", re.I)
_LINE = re.compile(r"^\s*(?P<name>[^()\[\]\n]{1,40}?)\s*[(\[]\s*(?P<n>\d+)\s*[)\]]", re.M)
_SKIP = re.compile(r"not\s+voting|no\s*lynch|no\s+elimination|abstain", re.I)


def mod_count(text: str, matcher) -> dict[str, int] | None:
    """{slot: votes} of a vote-count post, None when no line of it names a slot."""
    out: dict[str, int] = {}
    for m in _LINE.finditer(text):
        name = m.group("name").strip(" -*:•")
        if _SKIP.search(name):
            continue
        hit = matcher.match(name)
        if hit.player is None:
            return None  # a line the reading does not resolve: the post is not compared
        out[hit.player] = int(m.group("n"))
    return out or None


def compare(archived: adapter.Archived, folder: Path) -> list[tuple[int, int, dict, dict]]:
    """(day, post_no, the moderator's count, votecount's) for every day with a readable count."""
    from votecount.api import count_thread
    from votecount.count.game import parse
    from votecount.ballots.names import Matcher, Player, key
    from votecount.read.pipeline import read_thread
    from .measure import write_posts
    thread = read_thread(str(write_posts(archived, folder)), tz=adapter.TZ, engine="phpbb3")
    game = parse(adapter.game_toml(archived), f"game-{archived.number}.toml")
    matcher = Matcher([Player(p.nick, p.names) for p in game.players])
    mods = {key(m) for m in archived.moderators}
    out = []
    start = 0
    for day, end in enumerate(archived.ends, 1):
        window = [p for p in thread.posts if start < p.post_no <= end + 1]
        start = end + 1
        counts = [p for p in window if key(p.author) in mods and _HEADING.search(p.text)]
        for post in reversed(counts):
            theirs = mod_count(post.text, matcher)
            if theirs is None:
                continue
            upto = replace(thread, posts=tuple(p for p in thread.posts if p.post_no <= post.post_no))
            [result] = count_thread(upto, game, adapter.TZ, day=day, lang="en")
            ours = {r.candidate: int(r.score) for r in result.tally if r.score > 0}
            out.append((day, post.post_no, theirs, ours))
            break
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", type=int, action="append")
    args = ap.parse_args(argv)
    games = [g for g in adapter.games() if not args.only or g.number in args.only]
    agree = total = 0
    with tempfile.TemporaryDirectory() as tmp:
        for g in games:
            for day, post_no, theirs, ours in compare(g, Path(tmp)):
                total += 1
                same = {k: v for k, v in theirs.items() if v} == ours
                agree += same
                if not same:
                    diff = {k: (theirs.get(k, 0), ours.get(k, 0)) for k in sorted(set(theirs) | set(ours))
                            if theirs.get(k, 0) != ours.get(k, 0)}
                    print(f"- game {g.number} day {day}, the moderator's count in post {post_no}: "
                          f"(moderator, votecount) {diff}")
    print(f"\n**{agree} of {total} moderators' last vote counts of a day agree with votecount's count "
          "at the same post**")
    return 0


if __name__ == "__main__":
    sys.exit(main())
