"""Matcher.windows() with the nick automaton (nickscan.py) against trying every run, in one
process, alternating: the windows() calls of counting one copy of each engine's page in the
archive (rosters from the authors, nicks of one to four words), and the 50-page thread's
posts with its game's roster (one-word nicks). Best of 5 each; the same windows asserted.
`python bench/windows.py` (run bench/run.py first); figures in bench/README.md."""

from __future__ import annotations

import time
from pathlib import Path
from zoneinfo import ZoneInfo

WORK = Path(__file__).resolve().parent / "work"


class _EveryRun:
    def first_words(self, sk, edges):
        return None


def main() -> None:
    from votecount import api
    from votecount.ballots import reading as ballots, names
    from votecount import batch
    from votecount.count import game as game_mod
    from votecount.read.pipeline import read_thread

    tz = ZoneInfo("Europe/Moscow")
    targets = [t for t in batch.discover([str(WORK / "archive")]) if "generated" not in t[0]][:15]
    archive, real = [], names.Matcher.windows

    def record(self, words, most):
        archive.append((self, list(words), most))
        return real(self, words, most)
    names.Matcher.windows = record
    try:
        for _, path, _ in targets:
            api.count_thread(read_thread(path, tz=tz), None, tz)
    finally:
        names.Matcher.windows = real
    folder = WORK / "archive" / "t99999-mybbru-generated"
    game = game_mod.load(str(folder / "game.toml"))
    matcher = names.Matcher([names.Player(p.nick, p.aliases) for p in game.players])
    thread = [(matcher, ballots.WORD.findall(ballots.fold(p.text)), 3)
              for p in api.read([str(folder)], api.zone(game.timezone), jobs=1).posts]

    def timed(calls, every: bool) -> tuple[float, list]:
        for m, _, _ in calls:
            m.__dict__.pop("_scanner", None)
            if every:
                m.__dict__["_scanner"] = _EveryRun()
        best, out = 9e9, []
        for _ in range(5):
            started = time.perf_counter()
            out = [list(m.windows(w, most)) for m, w, most in calls]
            best = min(best, time.perf_counter() - started)
        return best, out

    for _ in range(2):
        for name, calls in (("archive, 15 pages", archive), ("50-page thread", thread)):
            (with_scan, a), (every, b) = timed(calls, False), timed(calls, True)
            assert a == b
            print(f"{name:18} {len(calls)} posts: automaton {with_scan * 1e3:6.1f} ms, "
                  f"every run {every * 1e3:6.1f} ms")


if __name__ == "__main__":
    main()
