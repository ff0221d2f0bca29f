"""Where the batch's time goes, engine by engine: for each engine's one-page threads of the
archive (bench/run.py builds it in bench/work/archive), the CPU time of a full bare lxml parse
of their pages against `batch.run` over the same threads in this process (as `--jobs 1`), in
ms a page, with the ratio and the engine's share of the batch.

    python bench/by_engine.py [--threads 10] [--rounds 2]
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
ARCHIVE = ROOT / "bench" / "work" / "archive"


def _texts(threads) -> list[str]:
    """Each page's text as bench/run.py's bare parse reads it."""
    from run import page_text

    return [page_text(f.read_bytes(), str(f))
            for _, path, _ in threads for f in sorted(Path(path).glob("*.html"))]


def _cpu(work, rounds: int) -> float:
    """The least CPU time of `rounds` calls of `work`."""
    best = float("inf")
    for _ in range(rounds):
        started = time.process_time()
        work()
        best = min(best, time.process_time() - started)
    return best


def _measure(threads, rounds: int, out: Path) -> tuple[int, float, float, float]:
    """(pages, kB a page, bare parse ms a page, batch ms a page) of one engine's threads."""
    from lxml import html

    from votecount import batch

    texts = _texts(threads)

    def parse_all():
        for text in texts:
            html.document_fromstring(text)

    def count_all():
        shutil.rmtree(out, ignore_errors=True)
        batch.run(batch.make_jobs(threads), out, "csv")

    count_all()  # imports and first-use compilations out of the figure
    bare, counted = _cpu(parse_all, rounds), _cpu(count_all, rounds)
    size = sum(len(t.encode()) for t in texts) / len(texts) / 1e3
    return len(texts), size, bare / len(texts) * 1e3, counted / len(texts) * 1e3


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--threads", type=int, default=10, help="one-page threads per engine")
    ap.add_argument("--rounds", type=int, default=2, help="the least CPU time of this many")
    args = ap.parse_args()
    if not ARCHIVE.is_dir():
        sys.exit(f"by_engine.py: no archive in {ARCHIVE}: run bench/run.py first")
    from votecount import batch

    by: dict[str, list] = {}
    for target in batch.discover([str(ARCHIVE)]):
        if "mybbru-generated" not in target[0]:
            by.setdefault(str(target[1]).rsplit("-", 1)[-1], []).append(target)
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for engine, threads in sorted(by.items()):
            rows.append((engine, *_measure(threads[:args.threads], args.rounds, Path(tmp) / "out")))
    total_bare, total = sum(r[3] for r in rows), sum(r[4] for r in rows)
    for engine, pages_, size, bare, counted in sorted(rows, key=lambda r: -r[4]):
        print(f"{engine:12} {pages_:3} pages {size:7.0f} kB  bare parse {bare:6.2f} ms  batch "
              f"{counted:6.2f} ms  ratio {bare / counted:.3f}  share {counted / total:4.0%}")
    print(f"all engines, a page of each: ratio {total_bare / total:.3f} (CPU, least of {args.rounds})")


if __name__ == "__main__":
    main()
