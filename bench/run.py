"""Benchmark of `votecount batch` and of one count: builds its archive, runs, prints figures.

    python bench/run.py [--pages 2000] [--work bench/work] [--repeat 5] [--rounds 2]

The archive is made of copies of real engine pages (../shared/corpus and the test fixtures):
one thread folder per copy group, every page of a folder a copy of one real page (posts then
merge as exact duplicates, so each folder counts as a thread), plus the generated 50-page
mybb.ru thread (bench/mybbru_thread.py). Nothing here is committed: the archive is written to
--work (default bench/work/, ignored by git). Figures and commands: bench/README.md.
"""

from __future__ import annotations

import argparse
import os
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

    import parsers
    from votecount import pages

    found = {}
    for base in SOURCES:
        for page in sorted(base.rglob("*.html")):
            try:
                doc = pages.tree(page.read_bytes(), str(page))
                engine = parsers.detect(doc, None, str(page)).NAME
            except Exception:
                continue
            found.setdefault(page.name, (engine, page))
    # keep pages whose single-page thread counts (some fixtures need --saved-at: left out)
    from votecount.pipeline import read_thread
    good = []
    for engine, page in found.values():
        try:
            read_thread(str(page), tz=ZoneInfo("Europe/Moscow"))
        except Exception:
            continue
        good.append((engine, page))
    return good


def build_archive(folder: Path, total_pages: int, per_thread: int = 5) -> dict:
    """Thread folders of `per_thread` copies of one real page, round-robin over the pages."""
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    pages = source_pages()
    made = nbytes = 0
    engines = set()
    n = 0
    while made < total_pages:
        engine, page = pages[n % len(pages)]
        thread = folder / f"t{n:05d}-{engine}"
        thread.mkdir()
        data = page.read_bytes()
        for i in range(1, min(per_thread, total_pages - made) + 1):
            (thread / f"page{i}.html").write_bytes(data)
            made += 1
            nbytes += len(data)
        engines.add(engine)
        n += 1
    return {"threads": n, "pages": made, "bytes": nbytes, "engines": sorted(engines)}


def bare_lxml(folder: Path) -> tuple[float, int]:
    """Seconds for lxml.html.document_fromstring over every page file, and the bytes read."""
    from lxml import html

    files = sorted(folder.rglob("*.html"))
    datas = [f.read_bytes() for f in files]
    started = time.perf_counter()
    for data in datas:
        html.document_fromstring(data)
    return time.perf_counter() - started, sum(map(len, datas))


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


def run_batch(archive: Path, out: Path, jobs: int) -> tuple[float, dict]:
    if out.exists():
        shutil.rmtree(out)
    cmd = VOTECOUNT + ["batch", str(archive), "-o", str(out), "--jobs", str(jobs), "--quiet"]
    started = time.perf_counter()
    proc = subprocess.Popen(cmd)
    rss = PeakRSS(proc.pid)
    code = proc.wait()
    elapsed = time.perf_counter() - started
    rss.stop = True
    if code != 0:
        raise SystemExit(f"{' '.join(cmd)}: exit {code}")
    parent = rss.peaks.pop(proc.pid, 0)
    return elapsed, {"parent_kb": parent, "workers_kb": sorted(rss.peaks.values())}


def timed(cmd: list[str], repeat: int) -> list[float]:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - started)
    return times


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--pages", type=int, default=2000)
    ap.add_argument("--work", type=Path, default=Path(__file__).resolve().parent / "work")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--rounds", type=int, default=2, help="rounds of bare lxml, --jobs 1, --jobs 2")
    args = ap.parse_args()
    work = args.work
    work.mkdir(parents=True, exist_ok=True)
    # An installed votecount runs from bytecode pip compiled at install time; an editable
    # checkout with PYTHONDONTWRITEBYTECODE=1 (as here) would recompile every module on every
    # start, so compile it once, as an install would.
    root = Path(__file__).resolve().parent.parent
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(root / "votecount"),
                    str(root / "parsers")], check=True)

    info = build_archive(work / "archive", args.pages)
    write_thread(work / "archive" / "t99999-mybbru-generated")
    info["pages"] += 50
    info["threads"] += 1
    info["bytes"] = sum(f.stat().st_size for f in (work / "archive").rglob("*.html"))
    mb = info["bytes"] / 1e6
    print(f"archive: {info['threads']} threads, {info['pages']} pages, {mb:.1f} MB, "
          f"{len(info['engines'])} engines: {', '.join(info['engines'])}")

    # Rounds of (bare lxml, --jobs 1, --jobs 2), each ratio taken within its round: the
    # machine's speed drifts from minute to minute, and a ratio of two runs minutes apart
    # measures the drift as much as votecount.
    ratios, speedups = [], []
    for n in range(1, args.rounds + 1):
        lx = min(bare_lxml(work / "archive")[0] for _ in range(2))
        t1, mem1 = run_batch(work / "archive", work / "out1", 1)
        t2, mem2 = run_batch(work / "archive", work / "out2", 2)
        ratios.append(lx / t1)
        speedups.append(t1 / t2)
        print(f"round {n}: bare lxml document_fromstring {lx:.2f} s, {mb / lx:.1f} MB/s; "
              f"batch --jobs 1 {t1:.2f} s, {mb / t1:.1f} MB/s = {lx / t1:.2f} of bare lxml; "
              f"--jobs 2 {t2:.2f} s, speed-up {t1 / t2:.2f}x")
    print(f"batch --jobs 1: median {statistics.median(ratios):.2f} of bare lxml (target >= 0.5) "
          f"over {args.rounds} rounds; peak RSS {mem1['parent_kb'] / 1024:.0f} MB")
    print(f"batch --jobs 2: median speed-up {statistics.median(speedups):.2f}x (target >= 1.8x on 2 "
          f"cores); worker peak RSS {[round(k / 1024) for k in mem2['workers_kb']]} MB, "
          f"parent {mem2['parent_kb'] / 1024:.0f} MB")
    same = all((work / "out1" / f).read_bytes() == (work / "out2" / f).read_bytes()
               for f in ("threads.csv", "days.csv", "ballots.csv", "violations.csv"))
    print(f"--jobs 1 and --jobs 2 outputs byte-identical: {same}")

    big = build_archive(work / "archive4x", args.pages * 4)
    tb, memb = run_batch(work / "archive4x", work / "out4x", 2)
    print(f"memory: {big['pages']} pages: worker peak RSS {[round(k / 1024) for k in memb['workers_kb']]} MB, "
          f"parent {memb['parent_kb'] / 1024:.0f} MB ({tb:.1f} s) vs {info['pages']} pages above")

    thread = work / "archive" / "t99999-mybbru-generated"
    count = VOTECOUNT + [str(thread), "--game", str(thread / "game.toml")]
    cores = len(os.sched_getaffinity(0))
    many, one = [], []
    for _ in range(args.repeat):  # interleaved: the machine's speed drifts from minute to minute
        many += timed(count, 1)
        one += timed(count + ["--jobs", "1"], 1)
    print(f"50-page thread (2,500 posts), votecount DIR --game ({cores} cores): median "
          f"{statistics.median(many):.2f} s, best {min(many):.2f} s (target < 1.5 s) of "
          f"{[round(t, 2) for t in many]}; with --jobs 1: median {statistics.median(one):.2f} s, "
          f"best {min(one):.2f} s")
    times = timed([str(Path(sys.executable).parent / "votecount"), "--version"], args.repeat)
    print(f"votecount --version: median {statistics.median(times):.3f} s (target < 0.3 s)")
    out = subprocess.run([sys.executable, "-X", "importtime", "-m", "votecount.cli", "--version"],
                         capture_output=True, text=True).stderr
    print(f"pandas imported by --version: {'pandas' in out}")


if __name__ == "__main__":
    main()
