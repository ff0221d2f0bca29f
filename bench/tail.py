"""The serial tail of `votecount batch`: seconds from the last thread's result to the end of
`batch.run` (the tables written, the state file rewritten), and the parent's peak memory, over
bench/run.py's archive of one-page threads (16 engines × --copies), or with --big N over N
copies of the generated 2,500-post mybb.ru thread (bench/mybbru_thread.py: tables of ~2,500
ballot rows a thread, where the writers' cost shows).

    python bench/tail.py [--copies 38 | --big 72] [--jobs 2] [--format csv] [--work bench/work] [--reuse]

Run it with PYTHONPATH naming the tree to measure (an older commit's too, for a comparison in
one run; the tree measured is printed first). Prints: threads, ballot rows, wall s, tail s, the
parent's peak RSS (the workers are forked: their memory is theirs). Figures: bench/README.md."""

from __future__ import annotations

import argparse
import resource
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import votecount  # noqa: E402  the tree PYTHONPATH names, before run.py puts this checkout first
from mybbru_thread import write_thread  # noqa: E402
from run import build_archive  # noqa: E402


def _big_archive(folder: Path, copies: int) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for n in range(copies):
        write_thread(folder / f"t{n:05d}-mybbru-big")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--copies", type=int, default=38)
    parser.add_argument("--big", type=int, default=0, help="N copies of the 2,500-post thread instead")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--format", default="csv")
    parser.add_argument("--work", default=str(HERE / "work"))
    parser.add_argument("--reuse", action="store_true")
    args = parser.parse_args()
    from votecount import batch

    print(f"tree: {Path(votecount.__file__).parent}")
    archive = Path(args.work) / (f"tail-big-{args.big}" if args.big else "tail-archive")
    if not (args.reuse and archive.is_dir()):
        _big_archive(archive, args.big) if args.big else build_archive(archive, args.copies)
    jobs = batch.make_jobs(batch.discover([str(archive)]))
    last = [0.0]
    with tempfile.TemporaryDirectory() as out:
        started = time.perf_counter()
        batch.run(jobs, Path(out), args.format, workers=args.jobs,
                  progress=lambda res: last.__setitem__(0, time.perf_counter()))
        ended = time.perf_counter()
        rows = _rows(Path(out), args.format)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"{len(jobs)} threads, {rows:,} ballot rows, wall {ended - started:.2f} s, "
          f"tail {ended - last[0]:.3f} s, parent peak {peak:.0f} MB")


def _rows(out: Path, fmt: str) -> int:
    """The ballots table's rows, counted without reading it into this process's memory."""
    from votecount.batch import FORMATS

    path = out / f"ballots{FORMATS[fmt]}"
    if fmt == "parquet":
        import pyarrow.parquet as pq

        return pq.ParquetFile(path).metadata.num_rows
    if fmt == "csv":
        import csv

        with open(path, encoding="utf-8", newline="") as f:
            return sum(1 for _ in csv.reader(f)) - 1  # a field may hold a line break
    with open(path, "rb") as f:
        return sum(1 for _ in f)


if __name__ == "__main__":
    main()
