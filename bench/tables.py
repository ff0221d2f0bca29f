"""The tables' writing alone: batch's four CSV tables of a finished run, written again by this
checkout and (--before DIR) by an earlier one, in fresh processes taken in turn, so that
importing what the writer needs (pandas before, the csv module now) is counted.

    python bench/tables.py [--out bench/work/out1] [--before DIR] [--rounds 5]

OUT is a batch output folder (bench/run.py leaves bench/work/out1): its state file holds every
thread's rows. Figures in bench/README.md.
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROBE = """
import pickle, resource, sys, time
from pathlib import Path
started, cpu = time.perf_counter(), time.process_time()
from votecount.batch.tables import write_tables
tables = pickle.loads(Path(sys.argv[1]).read_bytes())
write_tables(Path(sys.argv[2]), "csv", tables)
print(time.perf_counter() - started, time.process_time() - cpu)
"""


def _tables(out: Path) -> dict[str, list[list]]:
    """The rows batch.run hands to write_tables, from OUT's state file."""
    from votecount import batch
    from votecount.read import sources

    entries = [json.loads(line) for line in (out / batch.STATE_FILE).read_text("utf-8").splitlines()]
    by_key = {e["key"]: e for e in entries}
    keys = sorted(by_key, key=sources.natural_order)
    return {name: batch.sorted_rows(name, (by_key[k]["rows"][name] for k in keys)) for name in batch.TABLES}


def _write(checkout: Path, rows: Path, folder: Path) -> tuple[float, float]:
    env = {**os.environ, "PYTHONPATH": str(checkout)}
    got = subprocess.run([sys.executable, "-c", PROBE, str(rows), str(folder)], env=env, cwd=checkout,
                         capture_output=True, text=True, check=True).stdout.split()
    return float(got[0]), float(got[1])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", type=Path, default=ROOT / "bench" / "work" / "out1")
    ap.add_argument("--before", type=Path)
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    tables = _tables(args.out)
    checkouts = {"this checkout": ROOT, **({f"before ({args.before.name})": args.before.resolve()}
                                           if args.before else {})}
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in checkouts}
    with tempfile.TemporaryDirectory() as tmp:
        rows = Path(tmp) / "rows.pickle"
        rows.write_bytes(pickle.dumps(tables))
        for _ in range(args.rounds):
            for name, checkout in checkouts.items():
                folder = Path(tmp) / name.split()[0]
                folder.mkdir(exist_ok=True)
                times[name].append(_write(checkout, rows, folder))
        same = all((Path(tmp) / "this" / f"{t}.csv").read_bytes() == (Path(tmp) / "before" / f"{t}.csv").read_bytes()
                   for t in tables) if args.before else None
    print(f"{sum(len(r) for r in tables.values()):,} rows ({', '.join(f'{k} {len(v):,}' for k, v in tables.items())}),"
          f" the four CSV tables written in a fresh process (imports included), median of {args.rounds}:")
    for name, got in times.items():
        print(f"  {name}: {statistics.median(w for w, _ in got):.3f} s (CPU {statistics.median(c for _, c in got):.3f} s)")
    if same is not None:
        print(f"  the same bytes: {same}")


if __name__ == "__main__":
    main()
