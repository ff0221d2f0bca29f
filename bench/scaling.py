"""How `votecount batch` scales with cores: the same archive counted with `--jobs 1,2,4,…` and,
with `--dask`, on a LocalCluster of N single-thread worker processes; wall and CPU seconds,
speed-up, efficiency, CPU against `--jobs 1`, and every table compared byte for byte with
`--jobs 1`'s.

    python bench/scaling.py [--jobs 1,2,4,8,16] [--dask] [--copies 200] [--work bench/work]
                            [--reuse] [--rounds 1] [--format csv]

The archive is bench/run.py's (its own functions: one-page threads of every engine, `--copies`
of each, plus the generated 50-page thread), built in --work/archive unless --reuse. Each run is
a fresh `python -m votecount.cli batch … --quiet` (or, for --dask, a fresh process that starts
the LocalCluster and then runs the same command in-process against it; the cluster's start-up
is timed apart). CPU is the command's and its workers' (RUSAGE_CHILDREN: the workers are
reaped before the command ends). With --rounds N every setting is run N times in turn and the
median is reported (the machine drifts). Figures and the commands that gave them: bench/README.md.
"""

from __future__ import annotations

import argparse
import filecmp
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from run import ROOT, VOTECOUNT, build_archive  # noqa: E402
from mybbru_thread import write_thread  # noqa: E402


def _run(cmd: list[str]) -> tuple[float, float, str]:
    """(wall seconds, CPU seconds of the command and its reaped children, its stderr)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode not in (0, 4):  # 4: some thread failed, its row says why
        raise SystemExit(f"{' '.join(cmd)}: exit {proc.returncode}\n{proc.stderr}")
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return wall, cpu, proc.stderr


def batch_cmd(archive: Path, out: Path, fmt: str, extra: list[str]) -> list[str]:
    return VOTECOUNT + ["batch", str(archive), "-o", str(out), "--format", fmt, "--quiet", *extra]


def run_jobs(archive: Path, out: Path, fmt: str, jobs: int) -> tuple[float, float, float]:
    shutil.rmtree(out, ignore_errors=True)
    wall, cpu, _ = _run(batch_cmd(archive, out, fmt, ["--jobs", str(jobs)]))
    return wall, cpu, 0.0


def run_dask(archive: Path, out: Path, fmt: str, workers: int) -> tuple[float, float, float]:
    """(wall of the batch alone, CPU of everything, the cluster's start-up seconds)."""
    shutil.rmtree(out, ignore_errors=True)
    cmd = [sys.executable, str(Path(__file__).resolve()), "_dask", str(workers), str(archive), str(out), fmt]
    _, cpu, err = _run(cmd)
    fields = dict(line.split("=", 1) for line in err.splitlines() if line.startswith(("batch_s=", "start_s=")))
    return float(fields["batch_s"]), cpu, float(fields["start_s"])


def _dask_child(workers: int, archive: str, out: str, fmt: str) -> None:
    """The --dask run's own process: a LocalCluster of `workers` single-thread processes, then the
    batch command in-process against its scheduler; timings on stderr for the parent."""
    from distributed import LocalCluster

    started = time.perf_counter()
    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster:
        ready = time.perf_counter()
        from votecount.cli.commands import main
        sys.argv = ["votecount", *batch_cmd(Path(archive), Path(out), fmt,
                                            ["--dask", cluster.scheduler_address])[3:]]
        try:
            main()
        except SystemExit as stop:
            if stop.code not in (0, 4, None):
                raise
        done = time.perf_counter()
    sys.stderr.write(f"start_s={ready - started}\nbatch_s={done - ready}\n")


def same_tables(a: Path, b: Path) -> bool:
    names = sorted(p.relative_to(a) for p in a.rglob("*") if p.is_file() and not p.name.startswith("."))
    theirs = sorted(p.relative_to(b) for p in b.rglob("*") if p.is_file() and not p.name.startswith("."))
    return names == theirs and all(filecmp.cmp(a / n, b / n, shallow=False) for n in names)


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "_dask":
        _dask_child(int(sys.argv[2]), *sys.argv[3:6])
        return
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--jobs", default="1,2", help="worker counts, comma-separated (1 comes first)")
    ap.add_argument("--dask", action="store_true", help="also each N on a LocalCluster of N workers")
    ap.add_argument("--copies", type=int, default=200, help="one-page threads per engine")
    ap.add_argument("--work", type=Path, default=HERE / "work")
    ap.add_argument("--reuse", action="store_true", help="count the archive already in --work")
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--format", default="csv", choices=["csv", "json", "parquet"])
    args = ap.parse_args()
    counts = sorted({1, *(int(n) for n in args.jobs.split(","))})
    archive = args.work / "archive"
    if not args.reuse:
        info = build_archive(archive, args.copies)
        write_thread(archive / "t99999-mybbru-generated")
        print(f"archive: {info['threads']} one-page threads ({len(info['engines'])} engines) "
              f"+ the 50-page thread", flush=True)
    size = sum(f.stat().st_size for f in archive.rglob("*.html"))
    print(f"archive {archive}: {size / 1e6:.1f} MB; {os.cpu_count()} cores; --format {args.format}", flush=True)
    settings = [("jobs", n) for n in counts] + ([("dask", n) for n in counts] if args.dask else [])
    figures: dict[tuple, list[tuple[float, float, float]]] = {s: [] for s in settings}
    for _ in range(args.rounds):
        for kind, n in settings:
            out = args.work / f"scaling-{kind}{n}"
            figures[(kind, n)].append((run_dask if kind == "dask" else run_jobs)(archive, out, args.format, n))
    report(figures, settings, args.work)


def report(figures: dict, settings: list, work: Path) -> None:
    med = {s: tuple(statistics.median(r[i] for r in figures[s]) for i in range(3)) for s in settings}
    wall1, cpu1, _ = med[("jobs", 1)]
    print("| setting | wall s | speed-up | efficiency | CPU s | CPU vs --jobs 1 | tables as --jobs 1 |")
    print("|---|---|---|---|---|---|---|")
    for kind, n in settings:
        wall, cpu, start = med[(kind, n)]
        same = same_tables(work / "scaling-jobs1", work / f"scaling-{kind}{n}")
        name = f"`--jobs {n}`" if kind == "jobs" else f"`--dask` LocalCluster({n})"
        note = f" (+{start:.1f} s cluster start)" if kind == "dask" else ""
        print(f"| {name} | {wall:.2f}{note} | {wall1 / wall:.2f}x | {wall1 / wall / n:.2f} | {cpu:.2f} "
              f"| {cpu / cpu1:.2f} | {'byte-identical' if same else 'DIFFERENT'} |", flush=True)


if __name__ == "__main__":
    main()
