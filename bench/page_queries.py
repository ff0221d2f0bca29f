"""Instructions (valgrind's callgrind: no load changes them) of one pass of a stage over the
archive's first one-page threads, for the checkout on PYTHONPATH or --before DIR's:

    python bench/page_queries.py pageread [--threads 16] [--before /tmp/before]
    python bench/page_queries.py bare|bare-bytes|batch …

A pass's count is that of a run doing it once minus a run doing it not at all (both set up
and warm every stage first). `pageread` is bench/stages.py's page read (parse, detect, posts,
title), `bare` lxml's full parse of the same pages (of their decoded text, as bench/run.py's
bare parse: run.page_text), `bare-bytes` lxml's parse of the bytes as they are (the figure of
the sixth and seventh sessions: it stops early on a page whose meta charset lies, and counts
less), `batch` batch.process_thread. Figures in
bench/README.md ("Page-level queries").
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from datetime import datetime, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

WORK = Path(__file__).resolve().parent / "work"


def _work(mode: str, passes: int, threads: int) -> None:
    from lxml import html as lxml_html

    from votecount import engines
    from run import page_text
    from votecount import batch
    from votecount.read import pages, sources
    from votecount.model import Page

    targets = [t for t in batch.discover([str(WORK / "archive")]) if "generated" not in t[0]][:threads]
    raws = [raw for _, path, _ in targets for raw in sources.read(path)]
    jobs = batch.make_jobs(targets)
    tz, now = ZoneInfo("Europe/Moscow"), datetime(2026, 11, 30, tzinfo=timezone.utc)

    def read(raw) -> None:
        doc = pages.tree(raw.data, raw.source, whole=True)
        parser = engines.detect(doc, None)
        parser.posts(doc, Page(source=raw.source, number=1, tz=tz, saved_at=now))
        parser.title(doc)

    texts = [page_text(r.data, r.source) for r in raws]
    stages = {"bare": lambda: [lxml_html.document_fromstring(t) for t in texts],
              "bare-bytes": lambda: [lxml_html.document_fromstring(r.data) for r in raws],
              "pageread": lambda: [read(r) for r in raws],
              "batch": lambda: [batch.process_thread(j) for j in jobs]}
    for stage in stages.values():
        stage()
    for _ in range(passes):
        stages[mode]()


def _instructions(mode: str, passes: int, threads: int, path: str) -> int:
    env = {**os.environ, "PYTHONPATH": path}
    run = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                          sys.executable, __file__, mode, "--passes", str(passes),
                          "--threads", str(threads)], env=env, capture_output=True, text=True,
                         cwd="/", check=True)
    return int(re.search(r"Collected : (\d+)", run.stderr).group(1))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("mode", choices=("bare", "bare-bytes", "pageread", "batch"))
    ap.add_argument("--threads", type=int, default=16)
    ap.add_argument("--passes", type=int, default=-1, help="(inside valgrind) passes to run")
    ap.add_argument("--before", default="", help="an earlier checkout, counted too")
    args = ap.parse_args()
    if args.passes >= 0:
        _work(args.mode, args.passes, args.threads)
        return
    here = str(Path(__file__).resolve().parent.parent)
    for label, path in (("this checkout", here), ("before", args.before)):
        if path:
            one = _instructions(args.mode, 1, args.threads, path) - _instructions(args.mode, 0, args.threads, path)
            print(f"{args.mode}, {args.threads} threads, {label} ({path}): {one:,} instructions a pass")


if __name__ == "__main__":
    main()
