"""Count each real game with votecount and compare every day's outcome with the archive's.

    .venv/bin/python -m tests.realgames.measure [--games N|all] [--explain GAME:DAY]

prints one line per game (days right / days judged) and one per disagreement. A day is judged
when the archive says what it ended in (a slot lynched that day, or a noted "DN no lynch").
Right: votecount eliminates exactly the archive's slots, or nobody on a No Lynch day.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from . import adapter


@dataclass(frozen=True)
class Verdict:
    game: int
    day: int
    expected: tuple[str, ...] | None  # None: not judged
    got: tuple[str, ...]
    kind: str  # votecount's outcome kind
    hammer: str | None  # post number of the hammer, when the day ended on one
    deadline_day: bool  # the archive notes the day ended at its deadline (no majority)
    in_data: bool = True  # the day's closing post is in the thread's data
    no_majority: bool = False  # the archive notes the day ended with nobody at majority

    @property
    def judged(self) -> bool:
        return self.expected is not None

    @property
    def right(self) -> bool:
        return self.judged and tuple(sorted(self.got)) == tuple(sorted(self.expected))

    @property
    def strict(self) -> bool:
        """Right, and ended as the real day ended: by votecount's hammer, or at the moderator's
        closing post with nobody at majority on a day the archive notes "no majority"."""
        return self.right and (self.hammer is None) == self.no_majority


def write_posts(archived: adapter.Archived, folder: Path) -> Path:
    """The game's thread as a posts file (JSON Lines) in `folder`."""
    posts = folder / f"{archived.thread}.jsonl"
    posts.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in adapter.post_records(archived)),
                     encoding="utf-8")
    return posts


def count_game(archived: adapter.Archived, folder: Path):
    """votecount's days for one game, through the posts-file input and a game file."""
    from votecount.api import count_thread
    from votecount.count.game import parse
    from votecount.read.pipeline import read_thread
    posts = write_posts(archived, folder)
    game = parse(adapter.game_toml(archived), f"game-{archived.number}.toml")
    thread = read_thread(str(posts), tz=adapter.TZ, engine="phpbb3")
    return count_thread(thread, game, adapter.TZ, lang="en")


def verdicts(archived: adapter.Archived, folder: Path) -> list[Verdict]:
    out = []
    results = count_game(archived, folder)
    last = max((p.post_no for p in results[0].thread.posts), default=0) if results else 0
    for r in results:
        hammer = None
        if r.flags.get("hammer_at"):
            closing = [b for b in r.ballots if b.status == "counted" and any("majority" in s for s in b.story)]
            hammer = str(closing[-1].post.post_no) if closing else "?"
        got = r.outcome.eliminated if r.outcome.kind == "lynch" else ()
        # A day whose closing post is past the thread's last post is not in the data (posts
        # missing from the archive): the thread cannot decide it.
        in_data = archived.ends[r.day - 1] + 1 <= last
        out.append(Verdict(archived.number, r.day, archived.expected(r.day) if in_data else None, tuple(got),
                           r.outcome.kind, hammer, r.day in archived.deadline_days, in_data,
                           r.day in archived.no_majority_days))
    return out


def measure(chosen: list[adapter.Archived]) -> list[Verdict]:
    with tempfile.TemporaryDirectory() as tmp:
        return [v for g in chosen for v in verdicts(g, Path(tmp))]


def report(found: list[Verdict]) -> str:
    lines = ["| game | days right / judged | of them ended by votecount's hammer | strict |", "|---|---|---|---|"]
    by_game: dict[int, list[Verdict]] = {}
    for v in found:
        by_game.setdefault(v.game, []).append(v)
    for game, vs in by_game.items():
        lines.append(f"| {game} | {sum(v.right for v in vs)} / {sum(v.judged for v in vs)} | "
                     f"{sum(v.right and v.hammer is not None for v in vs)} | {sum(v.strict for v in vs)} |")
    right, judged = sum(v.right for v in found), sum(v.judged for v in found)
    hammered = sum(v.right and v.hammer is not None for v in found)
    strict = sum(v.strict for v in found)
    lines += ["", f"**{right} of {judged} judged days right ({100 * right / max(judged, 1):.1f}%)**; "
              f"{hammered} of them end on votecount's own hammer, the rest on the leader at the "
              "day's closing post.", "",
              f"**Strict: {strict} of {judged} judged days ({100 * strict / max(judged, 1):.1f}%)** end as the real "
              "day ended (votecount's hammer, or the moderator's close with nobody at majority on a day the "
              "archive notes \"no majority\").", "", "Disagreements:", ""]
    for v in found:
        if v.judged and not v.right:
            want = ", ".join(v.expected) or "No Lynch"
            got = ", ".join(v.got) or v.kind
            how = f"hammer at post {v.hammer}" if v.hammer else "no hammer: the day's leader"
            lines.append(f"- game {v.game} day {v.day}: archive {want}; votecount {got} ({how})"
                         + (" [deadline day]" if v.deadline_day else ""))
    lines += ["", "Strict misses (right, but not ended as the real day ended):", ""]
    for v in found:
        if v.right and not v.strict:
            how = f"votecount's hammer at post {v.hammer}" if v.hammer else "no majority in votecount's count"
            lines.append(f"- game {v.game} day {v.day}: {how}" + (" [no majority day]" if v.no_majority else ""))
    lines += ["", "Not judged:", ""]
    for v in found:
        if not v.judged:
            if not v.in_data:
                why = "its closing post is not in the thread's data (posts missing from the archive)"
            elif v.deadline_day:
                why = ("no majority by the deadline and nobody lynched (the archive's note): the game's "
                       "deadline rule is not in the thread")
            else:
                why = "the archive names no lynch that day and notes no No Lynch"
            lines.append(f"- game {v.game} day {v.day}: {why}")
    return "\n".join(lines)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", default="all", help="how many games (the first N of games.tsv), or all")
    ap.add_argument("--only", type=int, action="append", help="this game number (repeatable)")
    args = ap.parse_args(argv)
    chosen = adapter.games()
    if args.only:
        chosen = [g for g in chosen if g.number in args.only]
    elif args.games != "all":
        chosen = chosen[:int(args.games)]
    start = time.perf_counter()
    found = measure(chosen)
    print(report(found))
    print(f"\n{len(chosen)} games in {time.perf_counter() - start:.1f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
