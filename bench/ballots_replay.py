"""The ballot readings of a whole archive batch, recorded and replayed (run bench/run.py first).

    python bench/ballots_replay.py record OUT.pkl      # batch.run over the one-page threads,
                                                       # every ballots.read/read_bold call kept
                                                       # with its post, roster and reading
    python bench/ballots_replay.py time IN.pkl [N]     # the calls again, fresh matchers per
                                                       # roster, best of N, wall and CPU
    python bench/ballots_replay.py compare A.pkl B.pkl # the readings of two recordings

Run from a checkout (or a copy of an older commit, with PYTHONPATH on it) to compare two
versions' readings and time; a recording holds that version's posts and runs, so replay it
with the code that made it. Figures in bench/README.md (sixth session).
"""

from __future__ import annotations

import pickle
import shutil
import sys
import time
from pathlib import Path

WORK = Path(__file__).resolve().parent / "work"


def record(out: str) -> None:
    from votecount import batch
    from votecount.ballots import bold, reading as ballots

    calls: list = []
    rosters: dict[int, tuple] = {}

    def kept(real, style: str):
        def read(post, matcher):
            roster = rosters.setdefault(id(matcher), (len(rosters), matcher))[0]
            reading = real(post, matcher)
            calls.append((style, roster, post, reading))
            return reading
        return read
    ballots.read = kept(ballots.read, "plain")
    bold.read_bold = kept(bold.read_bold, "bold")
    targets = [t for t in batch.discover([str(WORK / "archive")]) if "mybbru-generated" not in t[0]]
    folder = WORK / "out-replay"
    shutil.rmtree(folder, ignore_errors=True)
    batch.run(batch.make_jobs(targets), folder, "csv")
    players = {n: ([(p.nick, p.aliases) for p in m.players], m.threshold, m.margin) for n, m in rosters.values()}
    with open(out, "wb") as f:
        pickle.dump((players, calls), f)
    print(f"{len(calls)} readings, {len(players)} rosters, {len(targets)} threads")


def replay(path: str, rounds: int) -> None:
    from votecount.ballots import reading as ballots
    from votecount.ballots.bold import read_bold
    from votecount.ballots.names import Matcher, Player

    with open(path, "rb") as f:
        players, calls = pickle.load(f)
    best = best_cpu = 9e9
    for _ in range(rounds):
        matchers = {n: Matcher([Player(nick, tuple(aliases)) for nick, aliases in roster], threshold=t, margin=m)
                    for n, (roster, t, m) in players.items()}
        wall, cpu = time.perf_counter(), time.process_time()
        got = [(read_bold if style == "bold" else ballots.read)(post, matchers[n])
               for style, n, post, _ in calls]
        best = min(best, time.perf_counter() - wall)
        best_cpu = min(best_cpu, time.process_time() - cpu)
    same = sum(g == reading for g, (_, _, _, reading) in zip(got, calls))
    print(f"{len(calls)} readings: best of {rounds} wall {best:.3f} s, CPU {best_cpu:.3f} s; "
          f"{same} the same as recorded")


def compare(a: str, b: str) -> None:
    readings = []
    for path in (a, b):
        with open(path, "rb") as f:
            readings.append([c[3] for c in pickle.load(f)[1]])
    differ = sum(x != y for x, y in zip(*readings))
    print(f"{len(readings[0])} and {len(readings[1])} readings; {differ} differ")


if __name__ == "__main__":
    sys.path.insert(0, str(Path.cwd()))  # the checkout the command runs in
    what = sys.argv[1]
    if what == "record":
        record(sys.argv[2])
    elif what == "time":
        replay(sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 5)
    else:
        compare(sys.argv[2], sys.argv[3])
