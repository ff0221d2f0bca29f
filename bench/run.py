"""Benchmark of `votecount batch` and of one count: builds its archive, runs, prints figures.

    python bench/run.py [--copies 40] [--work bench/work] [--repeat 7] [--starts 20] [--rounds 2]
                        [--reuse] [--before DIR] [--no-memory]

--reuse counts the archive already in --work (read-only: built by an earlier run, or a link to
one) instead of building it. --before DIR runs a checkout of an earlier commit (DIR, e.g. from
`git archive COMMIT | tar -x -C DIR`) beside this one: its batch --jobs 1 in every round right
after this checkout's (outputs compared byte for byte), its 50-page count and start-up in the
same interleaved runs, so before and after are taken alternately on the same machine state.

The archive is made of one-page threads: one real page of every engine (../shared/corpus and
the test fixtures), 40 copies, each copy its own thread folder, plus the generated 50-page
mybb.ru thread (bench/mybbru_thread.py). Nothing here is committed: the archive is written to
--work (default bench/work/, ignored by git). Figures and commands: bench/README.md.
"""

from __future__ import annotations

import argparse
import re
import os
import resource
import shutil
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from mybbru_thread import write_thread  # noqa: E402

SOURCES = [ROOT.parent / "shared" / "corpus", ROOT / "tests" / "fixtures" / "engines"]
VOTECOUNT = [sys.executable, "-m", "votecount.cli"]


def source_pages() -> list[tuple[str, Path]]:
    """(engine, page) of every real page that counts on its own as a thread."""
    from zoneinfo import ZoneInfo

    from votecount import engines
    from votecount.read import pages

    found = {}
    for base in SOURCES:
        for page in sorted(base.rglob("*.html")):
            try:
                doc = pages.tree(page.read_bytes(), str(page))
                engine = engines.detect(doc, None, str(page)).NAME
            except Exception:
                continue
            found.setdefault(page.name, (engine, page))
    # keep pages whose single-page thread counts (some fixtures need --saved-at: left out)
    from votecount.read.pipeline import read_thread
    good = []
    for engine, page in found.values():
        try:
            read_thread(str(page), tz=ZoneInfo("Europe/Moscow"))
        except Exception:
            continue
        good.append((engine, page))
    return good


def build_archive(folder: Path, copies: int) -> dict:
    """One-page thread folders: one page of every engine (its first page in SOURCES order),
    `copies` times each. Not copies inside one thread: those merge away as duplicates and
    flatter the figure by 1.7-1.9x."""
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    chosen: dict[str, Path] = {}
    for engine, page in source_pages():
        chosen.setdefault(engine, page)
    n = nbytes = 0
    for copy in range(copies):
        for engine, page in sorted(chosen.items()):
            thread = folder / f"t{n:05d}-{engine}"
            thread.mkdir()
            data = page.read_bytes()
            (thread / "page1.html").write_bytes(data)
            n += 1
            nbytes += len(data)
    return {"threads": n, "pages": n, "bytes": nbytes, "engines": sorted(chosen),
            "chosen": {e: str(p) for e, p in sorted(chosen.items())}}


def page_text(data: bytes, source: str = "<page>") -> str:
    """A page's text as the bare parse reads it: decoded as votecount decodes it, its XML
    declaration dropped (lxml refuses a str with one; pages.tree drops it too)."""
    from votecount.read import pages

    return re.sub(r"^\s*<\?xml[^>]*\?>", "", pages.decode(data, source)[0])


def bare_parse(folder: Path) -> tuple[float, float]:
    """Seconds (wall, CPU) for a full lxml parse of every page: lxml.html.document_fromstring of the
    decoded text (the bytes call obeys a lying meta charset and may stop early)."""
    from lxml import html

    texts = [page_text(f.read_bytes(), str(f)) for f in sorted(folder.rglob("*.html"))]
    started, cpu = time.perf_counter(), time.process_time()
    for text in texts:
        html.document_fromstring(text)
    return time.perf_counter() - started, time.process_time() - cpu


class PeakRSS:
    """Polls /proc for the peak RSS (VmHWM) of a process and of each of its children."""

    def __init__(self, pid: int):
        self.pid, self.peaks, self.stop = pid, {}, False
        self.thread = threading.Thread(target=self.poll, daemon=True)
        self.thread.start()

    def poll(self):
        while not self.stop:
            for pid in [self.pid, *self.children()]:
                try:
                    for line in open(f"/proc/{pid}/status"):
                        if line.startswith("VmHWM:"):
                            self.peaks[pid] = max(self.peaks.get(pid, 0), int(line.split()[1]))
                except OSError:
                    pass
            time.sleep(0.05)

    def children(self) -> list[int]:
        try:
            return [int(p) for t in os.listdir(f"/proc/{self.pid}/task")
                    for p in open(f"/proc/{self.pid}/task/{t}/children").read().split()]
        except OSError:
            return []


def run_batch(archive: Path, out: Path, jobs: int, *, before: Path | None = None) -> tuple[float, float, dict]:
    """(wall seconds, CPU seconds of the command and its workers, peak RSS); `before`: run the
    votecount of that checkout instead of this one."""
    if out.exists():
        shutil.rmtree(out)
    cmd = VOTECOUNT + ["batch", str(archive), "-o", str(out), "--jobs", str(jobs), "--quiet"]
    before_usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    proc = subprocess.Popen(cmd, env=_env(before), cwd=before)
    rss = PeakRSS(proc.pid)
    code = proc.wait()
    elapsed = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    rss.stop = True
    if code not in (0, 4):  # 4: some thread failed (its row says why), as in the archive's
        raise SystemExit(f"{' '.join(cmd)}: exit {code}")
    cpu = (after.ru_utime - before_usage.ru_utime) + (after.ru_stime - before_usage.ru_stime)
    parent = rss.peaks.pop(proc.pid, 0)
    return elapsed, cpu, {"parent_kb": parent, "workers_kb": sorted(rss.peaks.values())}


def _env(before: Path | None) -> dict | None:
    """The environment that makes python import votecount from the checkout `before`."""
    return None if before is None else {**os.environ, "PYTHONPATH": str(before)}


def timed(cmd: list[str], repeat: int, env: dict | None = None) -> list[float]:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, env=env)
        times.append(time.perf_counter() - started)
    return times


CPU: dict[str, float] = {}  # the last interleaved() call's median CPU seconds by command


def interleaved(cmds: dict[str, list[str]], repeat: int, before: Path | None = None) -> dict[str, float]:
    """Median seconds of each command, run in turn `repeat` times (the machine drifts); the
    median CPU seconds (user + system) go to CPU: a busy machine shows as wall >> CPU. With
    `before`, each command is run again with that checkout's votecount, named "NAME before"."""
    if before is not None:
        cmds = {k: v for name, cmd in cmds.items() for k, v in ((name, cmd), (f"{name} before", cmd))}
    times: dict[str, list[float]] = {name: [] for name in cmds}
    cpus: dict[str, list[float]] = {name: [] for name in cmds}
    for _ in range(repeat):
        for name, cmd in cmds.items():
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            times[name] += timed(cmd, 1, _env(before) if name.endswith(" before") else None)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpus[name].append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    CPU.clear()
    CPU.update({name: statistics.median(c) for name, c in cpus.items()})
    return {name: statistics.median(t) for name, t in times.items()}


def _archive(args) -> tuple[Path, dict]:
    """The archive folder and what it holds: built (with the 50-page thread), or with --reuse
    the one already there, read as it is."""
    archive = args.work / "archive"
    if not args.reuse:
        info = build_archive(archive, args.copies)
        write_thread(archive / "t99999-mybbru-generated")
        return archive, info
    threads = [d for d in sorted(archive.iterdir()) if d.is_dir() and "mybbru-generated" not in d.name]
    engines = sorted({d.name.split("-", 1)[1] for d in threads})
    size = sum(f.stat().st_size for d in threads for f in d.glob("*.html"))
    return archive, {"threads": len(threads), "pages": len(threads), "bytes": size, "engines": engines,
                     "chosen": {}, "reused": str(archive.resolve())}


def _same_tables(a: Path, b: Path) -> bool:
    return all((a / f).read_bytes() == (b / f).read_bytes()
               for f in ("threads.csv", "days.csv", "ballots.csv", "violations.csv"))


def _rounds(args, archive: Path) -> tuple[dict, dict]:
    """Rounds of (bare parse, --jobs 1, [before's --jobs 1,] --jobs 2), each ratio taken within
    its round: the machine's speed drifts from minute to minute. The 50-page thread is in the
    archive folder, so batch reads it too; the bare parse reads the same files."""
    work, before = args.work, args.before
    total_mb = sum(f.stat().st_size for f in archive.rglob("*.html")) / 1e6
    ratios, cpu_ratios, speedups = [], [], []
    mem1 = mem2 = {}
    for n in range(1, args.rounds + 1):
        lx, lx_cpu = min(bare_parse(archive) for _ in range(2))
        old = ""
        if before is not None and n % 2 == 0:  # before first in even rounds: neither side always first
            t0, cpu0, _ = run_batch(archive, work / "out0", 1, before=before)
        t1, cpu1, mem1 = run_batch(archive, work / "out1", 1)
        if before is not None:
            if n % 2:
                t0, cpu0, _ = run_batch(archive, work / "out0", 1, before=before)
            old = (f"; before ({before.name}) --jobs 1 {t0:.2f} s (CPU {cpu0:.2f} s) = {lx / t0:.3f} "
                   f"({lx_cpu / cpu0:.3f} in CPU time), tables byte-identical: {_same_tables(work / 'out0', work / 'out1')}")
        t2, cpu2, mem2 = run_batch(archive, work / "out2", 2)
        ratios.append(lx / t1)
        cpu_ratios.append(lx_cpu / cpu1)
        speedups.append(t1 / t2)
        print(f"round {n}: bare parse {lx:.2f} s (CPU {lx_cpu:.2f} s, {total_mb / lx:.1f} MB/s); "
              f"batch --jobs 1 {t1:.2f} s (CPU {cpu1:.2f} s) = {lx / t1:.3f} of the bare parse "
              f"({lx_cpu / cpu1:.3f} in CPU time); --jobs 2 {t2:.2f} s (CPU {cpu2:.2f} s), "
              f"speed-up {t1 / t2:.2f}x (CPU {cpu1 / cpu2:.2f} of --jobs 1's){old}", flush=True)
    print(f"batch --jobs 1: median {statistics.median(ratios):.3f} of the bare parse (target >= 0.2), "
          f"{statistics.median(cpu_ratios):.3f} in CPU time, over {args.rounds} rounds; peak RSS "
          f"{mem1['parent_kb'] / 1024:.0f} MB")
    print(f"batch --jobs 2: median speed-up {statistics.median(speedups):.2f}x (target >= 1.8x "
          f"with the second core free); worker peak RSS "
          f"{[round(k / 1024) for k in mem2['workers_kb']]} MB, parent {mem2['parent_kb'] / 1024:.0f} MB")
    print(f"--jobs 1 and --jobs 2 outputs byte-identical: {_same_tables(work / 'out1', work / 'out2')}")
    return mem1, mem2


def _memory(args, pages: int) -> None:
    work = args.work
    big = build_archive(work / "archive4x", args.copies * 4)
    tb, _, memb = run_batch(work / "archive4x", work / "out4x", 2)
    print(f"memory: {big['pages']} pages: worker peak RSS {[round(k / 1024) for k in memb['workers_kb']]} MB, "
          f"parent {memb['parent_kb'] / 1024:.0f} MB ({tb:.1f} s) vs {pages + 50} pages above")
    shutil.rmtree(work / "archive4x")


def _counts(args, thread: Path) -> None:
    """The 50-page count and the start-up commands, interleaved (with --before's beside)."""
    was = f" (before: {args.before.name})" if args.before else ""
    count = VOTECOUNT + [str(thread), "--game", str(thread / "game.toml")]
    got = interleaved({"jobs 1": count + ["--jobs", "1"], "all cores": count}, args.repeat, args.before)
    print(f"50-page thread (2,500 posts), votecount DIR --game, median of {args.repeat}{was}: "
          + "; ".join(f"{k} {v:.2f} s (CPU {CPU[k]:.2f} s)" for k, v in got.items()) + " (target <= 1.0 s --jobs 1)")
    script = str(Path(sys.executable).parent / "votecount")
    example = ROOT / "examples" / "zarechnaya"
    got = interleaved({"pass": [sys.executable, "-c", "pass"], "version": [script, "--version"],
                       "example": [script, str(example), "--game", str(example / "game.toml")]},
                      args.starts, args.before)
    print(f"start-up, median of {args.starts} interleaved{was}: "
          + "; ".join(f"{k} {v:.3f} s" for k, v in got.items())
          + " (targets: version <= 0.12 s, example <= 0.35 s); CPU medians "
          + ", ".join(f"{k} {v:.3f} s" for k, v in CPU.items()))
    for what, cmd in (("--version", ["--version"]),
                      ("the example", [str(example), "--game", str(example / "game.toml")])):
        entry = f"import sys; sys.argv = ['votecount', *{cmd!r}]; from votecount.start import main; main()"
        out = subprocess.run([sys.executable, "-X", "importtime", "-c", entry],  # as the command runs
                             capture_output=True, text=True).stderr
        heavy = [m for m in ("bs4", "pandas", "rich", "typer", "rapidfuzz", "httpx")
                 if re.search(r"\|\s+" + m + r"(\.\w+)*$", out, re.M)]
        print(f"imported by {what}: {', '.join(heavy) or 'none of bs4, pandas, rich, typer, rapidfuzz, httpx'}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--copies", type=int, default=40, help="one-page threads per engine")
    ap.add_argument("--work", type=Path, default=Path(__file__).resolve().parent / "work")
    ap.add_argument("--repeat", type=int, default=7, help="runs of the 50-page count")
    ap.add_argument("--starts", type=int, default=20, help="runs of each start-up command")
    ap.add_argument("--rounds", type=int, default=2, help="rounds of bare parse, --jobs 1, --jobs 2")
    ap.add_argument("--reuse", action="store_true", help="count the archive already in --work")
    ap.add_argument("--before", type=Path, help="a checkout of an earlier commit, run alternately")
    ap.add_argument("--no-memory", action="store_true", help="skip the 4x archive's memory run")
    args = ap.parse_args()
    args.work.mkdir(parents=True, exist_ok=True)
    args.before = args.before.resolve() if args.before else None
    # An installed votecount runs from bytecode pip compiled at install time; an editable
    # checkout with PYTHONDONTWRITEBYTECODE=1 (as here) would recompile every module on every
    # start, so compile it once, as an install would.
    for root in [ROOT] + ([args.before] if args.before else []):
        subprocess.run([sys.executable, "-m", "compileall", "-q", str(root / "votecount")], check=True)
    archive, info = _archive(args)
    print(f"archive: {info['threads']} one-page threads ({len(info['engines'])} engines), "
          f"{info['bytes'] / 1e6:.1f} MB: " + (", ".join(f"{e} {Path(p).name}" for e, p in info["chosen"].items())
                                              or f"{info['reused']}, reused: {', '.join(info['engines'])}"),
          flush=True)
    _rounds(args, archive)
    if not args.no_memory:
        _memory(args, info["pages"])
    _counts(args, archive / "t99999-mybbru-generated")


if __name__ == "__main__":
    main()
