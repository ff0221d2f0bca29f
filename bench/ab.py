"""`votecount batch --jobs 1` of this checkout against an earlier one, many short runs in
ABBA order (this, before, before, this, …) so that neither side always runs first on a
machine whose speed drifts; CPU times of the command (RUSAGE_CHILDREN) beside wall times.

    python bench/ab.py --before DIR [--threads 160] [--rounds 6] [--skip smf]

The threads are the archive's first one-page threads (bench/work/archive, see run.py),
without those whose name holds --skip (the SMF page is half the archive's time: its engine
module's, not batch's). Both sides' four tables are compared byte for byte. Figures in
bench/README.md.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORK = ROOT / "bench" / "work"
TABLES = ("threads.csv", "days.csv", "ballots.csv", "violations.csv")


def _batch(listing: Path, out: Path, before: Path | None) -> tuple[float, float]:
    if out.exists():
        shutil.rmtree(out)
    env = {**os.environ, "PYTHONPATH": str(before)} if before else None
    cmd = [sys.executable, "-m", "votecount.cli", "batch", str(listing), "-o", str(out), "--jobs", "1", "--quiet"]
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    code = subprocess.run(cmd, env=env, cwd=before or ROOT).returncode
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if code not in (0, 4):
        raise SystemExit(f"{' '.join(cmd)}: exit {code}")
    return wall, after.ru_utime - usage.ru_utime + after.ru_stime - usage.ru_stime


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--before", type=Path, required=True)
    ap.add_argument("--threads", type=int, default=160)
    ap.add_argument("--rounds", type=int, default=6)
    ap.add_argument("--skip", default="smf", help="leave out threads whose name holds this")
    args = ap.parse_args()
    before = args.before.resolve()
    folders = [d for d in sorted((WORK / "archive").iterdir()) if d.is_dir()
               and "mybbru-generated" not in d.name and not (args.skip and args.skip in d.name)]
    listing = WORK / "out-ab-threads.txt"
    listing.write_text("".join(f"{d.resolve()}\n" for d in folders[:args.threads]), encoding="utf-8")
    sides = {"this checkout": None, f"before ({before.name})": before}
    got: dict[str, list[tuple[float, float]]] = {name: [] for name in sides}
    ratios = []
    for n in range(args.rounds):
        order = list(sides) if n % 2 == 0 else list(reversed(sides))
        for name in order:
            got[name].append(_batch(listing, WORK / f"out-ab-{name.split()[0]}", sides[name]))
        ratios.append(got["this checkout"][-1][1] / got[f"before ({before.name})"][-1][1])
    same = all((WORK / "out-ab-this" / t).read_bytes() == (WORK / "out-ab-before" / t).read_bytes() for t in TABLES)
    print(f"{min(args.threads, len(folders))} one-page threads (without '{args.skip}'), batch --jobs 1, "
          f"{args.rounds} rounds in ABBA order, medians:")
    for name, runs in got.items():
        print(f"  {name}: {statistics.median(w for w, _ in runs):.2f} s (CPU {statistics.median(c for _, c in runs):.2f} s)")
    print(f"  CPU time, this checkout / before, each round: {', '.join(f'{r:.3f}' for r in ratios)}; "
          f"median {statistics.median(ratios):.3f}; tables byte-identical: {same}")


if __name__ == "__main__":
    main()
