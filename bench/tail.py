"""The serial tail of `votecount batch`: seconds from the last thread's result to the end of
`batch.run` (the tables written, the state file rewritten), over bench/run.py's archive of
one-page threads (16 engines × --copies).

    python bench/tail.py [--copies 38] [--jobs 2] [--format csv] [--work bench/work]

Run it with PYTHONPATH naming the tree to measure (an older commit's too, for a comparison in
one run). Prints: threads, wall s, tail s. Figures: bench/README.md."""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from run import build_archive  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--copies", type=int, default=38)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--format", default="csv")
    parser.add_argument("--work", default=str(HERE / "work"))
    parser.add_argument("--reuse", action="store_true")
    args = parser.parse_args()
    from votecount import batch

    archive = Path(args.work) / "tail-archive"
    if not (args.reuse and archive.is_dir()):
        build_archive(archive, args.copies)
    jobs = batch.make_jobs(batch.discover([str(archive)]))
    last = [0.0]
    with tempfile.TemporaryDirectory() as out:
        started = time.perf_counter()
        batch.run(jobs, Path(out), args.format, workers=args.jobs,
                  progress=lambda res: last.__setitem__(0, time.perf_counter()))
        ended = time.perf_counter()
    print(f"{len(jobs)} threads, wall {ended - started:.2f} s, tail {ended - last[0]:.3f} s")


if __name__ == "__main__":
    main()
