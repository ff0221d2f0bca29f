"""Where the time goes, in process (run bench/run.py first: it builds bench/work/).

    python bench/stages.py engines [--threads 100]   # pages parsed first, then detection and
                                                     # the engine modules timed, best of 5
    python bench/stages.py thread [--jobs N]         # the 50-page thread: read, count, table
                                                     # (--no-carry as for split)
    python bench/stages.py batch [--threads 200]     # batch's per-thread work, split by stage
    python bench/stages.py split [--threads 0]       # ms a page of each stage, one-page threads
                                                     # (--no-carry: runs from each body's html)
    python bench/stages.py pageread [--threads 100]  # the page-read ratio: bare lxml parse
                                                     # against parse + detect + posts + title

Figures from each are in bench/README.md.
"""

from __future__ import annotations

import argparse
import time
from datetime import datetime, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

WORK = Path(__file__).resolve().parent / "work"
STAGES = ("decode", "parse", "detect", "extract", "clean", "language", "ballots", "nicks", "tally", "export")


def engines(threads: int) -> None:
    from votecount import engines
    from votecount import batch
    from votecount.read import pages, sources
    from votecount.model import Page

    docs = [(raw, pages.tree(raw.data, raw.source, whole=True))
            for _, path, _ in batch.discover([str(WORK / "archive")])[:threads]
            for raw in sources.read(path)]
    tz, now = ZoneInfo("Europe/Moscow"), datetime(2026, 11, 30, tzinfo=timezone.utc)
    best = {"detect (all engines, every page)": 9e9, "posts + title": 9e9}
    posts = 0
    for _ in range(5):
        detect = read = 0.0
        posts = 0
        for raw, doc in docs:
            t0 = time.perf_counter()
            parser = engines.detect(doc, None)
            t1 = time.perf_counter()
            posts += len(parser.posts(doc, Page(source=raw.source, number=1, tz=tz, saved_at=now)))
            parser.title(doc)
            t2 = time.perf_counter()
            detect, read = detect + t1 - t0, read + t2 - t1
        best = {"detect (all engines, every page)": min(best["detect (all engines, every page)"], detect),
                "posts + title": min(best["posts + title"], read)}
    print(f"{len(docs)} pages, {posts} posts: " + ", ".join(f"{k} {v:.3f} s" for k, v in best.items())
          + f" ({best['posts + title'] / posts * 1e6:.0f} µs a post)")


def thread(jobs: int, no_carry: bool = False) -> None:
    from votecount.engines.kit import base
    from votecount import api
    from votecount.count import game as game_mod
    from votecount.render import report

    if no_carry and hasattr(base, "carried_runs"):  # the posts carry no colour runs
        base.carried_runs = lambda html, body: None
    if no_carry and hasattr(base, "read_body"):  # since the seventh session: text_of, no runs
        base.read_body = lambda html, body: None
    folder = WORK / "archive" / "t99999-mybbru-generated"
    game = game_mod.load(str(folder / "game.toml"))
    zone = api.zone(game.timezone)
    best = {"read": 9e9, "count": 9e9, "table": 9e9}
    for _ in range(5):
        t0 = time.perf_counter()
        th = api.read([str(folder)], zone, jobs=jobs)
        t1 = time.perf_counter()
        results = api.count_thread(th, game, zone, jobs=jobs)
        t2 = time.perf_counter()
        report("table", results)
        t3 = time.perf_counter()
        for k, v in (("read", t1 - t0), ("count", t2 - t1), ("table", t3 - t2)):
            best[k] = min(best[k], v)
    print(f"--jobs {jobs}: " + ", ".join(f"{k} {v:.3f} s" for k, v in best.items()))


def batch_stages(threads: int) -> None:
    """batch.process_thread over the first archive threads (one process, as --jobs 1), with
    each stage's functions wrapped in a timer: what is left for everything but lxml's parse."""
    import collections

    from votecount.engines.kit.engine import Engine
    from votecount import api
    from votecount import batch
    from votecount.read import pages, pipeline, sources
    from votecount.count import tally

    spent: collections.Counter = collections.Counter()

    def timer(owner, name: str, stage: str) -> None:
        real = getattr(owner, name)

        def timed(*args, **kwargs):
            started = time.perf_counter()
            try:
                return real(*args, **kwargs)
            finally:
                spent[stage] += time.perf_counter() - started
        setattr(owner, name, timed)

    timer(pages, "_parse", "lxml parse (pages.tree)")
    timer(pages, "decode", "decoding")
    # the first page asks every engine, later pages one (the engines are frozen records:
    # their class's methods are timed)
    timer(Engine, "detect", "detection")
    timer(Engine, "posts", "engine modules: posts")
    timer(Engine, "title", "engine modules: title")
    timer(pipeline, "saved_moment", "saved moment (comments, footers)")
    timer(pipeline.thread, "merge", "merge")
    timer(api, "count_thread", "count, ballots included")
    timer(tally.ballot_reader, "read", "  of which ballots.read")
    targets = batch.discover([str(WORK / "archive")])[:threads]
    megabytes = sum(len(raw.data) for _, path, _ in targets for raw in sources.read(path)) / 1e6
    started = time.perf_counter()
    for job in batch.make_jobs(targets):
        batch.process_thread(job)
    total = time.perf_counter() - started
    print(f"{len(targets)} threads, {megabytes:.1f} MB, batch.process_thread in one process: {total:.2f} s")
    for stage, seconds in spent.most_common():
        print(f"{seconds:6.2f} s {seconds / total:4.0%}  {stage}")
    counted = sum(v for k, v in spent.items() if not k.startswith(" "))
    print(f"{total - counted:6.2f} s {(total - counted) / total:4.0%}  the rest (files, hashing, rows)")


def split(threads: int, no_carry: bool = False) -> None:
    """ms per page of each stage of `votecount batch --jobs 1` (batch.run in this process),
    over the one-page threads of the archive: each function's own time, its callees' taken out."""
    import collections
    import shutil

    from votecount.engines.kit.engine import Engine
    from votecount.engines.kit import base
    from votecount import api
    from votecount.ballots import bold, reading as ballots, names
    from votecount import batch
    from votecount.batch import runner
    from votecount.batch.ordered import OrderedTables
    from votecount.read import pages, sources, zone

    own: collections.Counter = collections.Counter()
    cpu: collections.Counter = collections.Counter()  # the same in CPU time (a busy machine)
    stack: list[list] = []  # [stage, wall and CPU time spent in timed callees]

    def timer(owner, name: str, stage: str, listed: bool = False) -> None:
        real = getattr(owner, name)

        def timed(*args, **kwargs):
            stack.append([stage, 0.0, 0.0])
            started, cpu_started = time.perf_counter(), time.thread_time()
            try:
                out = real(*args, **kwargs)
                return list(out) if listed else out  # a generator's work done here
            finally:
                spent, cpu_spent = time.perf_counter() - started, time.thread_time() - cpu_started
                _, inner, cpu_inner = stack.pop()
                own[stage] += spent - inner
                cpu[stage] += cpu_spent - cpu_inner
                if stack:
                    stack[-1][1] += spent
                    stack[-1][2] += cpu_spent
        setattr(owner, name, timed)

    timer(pages, "decode", "decode")
    timer(pages, "_parse", "parse")
    timer(Engine, "detect", "detect")  # the engines are frozen records: their class's methods
    timer(Engine, "posts", "extract")
    timer(Engine, "title", "extract")
    timer(base, "clean_body", "clean")
    if hasattr(base, "cleaned"):  # since the sixth session: the body cleaned, then serialised
        timer(base, "cleaned", "clean")
    if hasattr(base, "cleaned_text"):  # since the eighth: with a long post's text from the same walk
        timer(base, "cleaned_text", "clean")
    if hasattr(base, "carried_runs") and no_carry:  # as before: runs(html) in the reader
        base.carried_runs = lambda html, body: None
    if hasattr(base, "carried_runs"):  # the colour runs read from the body element: ballot work
        timer(base, "carried_runs", "ballots")
    if hasattr(base, "read_body") and no_carry:  # as before: text_of, runs(html) in the reader
        base.read_body = lambda html, body: None
    # base.read_body (seventh session: the body's text and its runs in one walk) is not timed on
    # its own: it stays in extract, with the text walk it replaced (the runs' share goes with it)
    timer(ballots, "read", "ballots")
    timer(bold, "read_bold", "ballots")  # looked up on its module at each count (count/context.py)
    # the thread's and the page's language (the zone's default, the words of the count)
    for owner, name in ((zone, "page_language"), (zone, "declared_language"), (api, "_guess_lang")):
        if hasattr(owner, name):
            timer(owner, name, "language")
    for name in ("is_nick", "match"):
        timer(names.Matcher, name, "nicks")
    timer(names.Matcher, "windows", "nicks", listed=True)
    timer(api, "count_thread", "tally")
    # the rows and the files: timed where batch.run looks them up (the runner's own names), the
    # tables where they are written (OrderedTables), the state file where it is rewritten
    for name in ("result_rows", "_write_state", "_rewrite_state"):
        if hasattr(runner, name):
            timer(runner, name, "export")
    for name in ("add", "finish"):
        timer(OrderedTables, name, "export")
    targets = [t for t in batch.discover([str(WORK / "archive")]) if "mybbru-generated" not in t[0]]
    targets = targets[:threads] if threads else targets
    count = sum(len(sources.read(path)) for _, path, _ in targets)
    out = WORK / "out-split"
    shutil.rmtree(out, ignore_errors=True)
    started, cpu_started = time.perf_counter(), time.thread_time()
    batch.run(batch.make_jobs(targets), out, "csv")
    total, cpu_total = time.perf_counter() - started, time.thread_time() - cpu_started
    print(f"{len(targets)} one-page threads, {count} pages, batch.run in one process: "
          f"{total:.2f} s, {total / count * 1e3:.1f} ms a page (CPU {cpu_total / count * 1e3:.1f} ms)")
    for stage in STAGES:
        print(f"  {stage:8} {own[stage] / count * 1e3:6.2f} ms a page {own[stage] / total:4.0%}"
              f"  CPU {cpu[stage] / count * 1e3:6.2f} ms")
    print(f"  ballots + nicks {(own['ballots'] + own['nicks']) / count * 1e3:.2f} ms a page,"
          f" CPU {(cpu['ballots'] + cpu['nicks']) / count * 1e3:.2f} ms")
    rest = total - sum(own.values())
    print(f"  {'rest':8} {rest / count * 1e3:6.2f} ms a page {rest / total:4.0%}  (files, hashing, rows, pandas)")


def pageread(threads: int, without: str = "") -> None:
    """The page-read ratio over the archive's first threads' pages: a bare lxml parse of the
    bytes against parse + detect + posts + title of the same bytes, rounds alternating, best
    of 7 each (the machine's speed drifts: a ratio is taken within one round)."""
    from lxml import html as lxml_html

    from votecount import engines
    from votecount import batch
    from votecount.read import pages, sources
    from votecount.model import Page

    from votecount.errors import VotecountError

    tz, now = ZoneInfo("Europe/Moscow"), datetime(2026, 11, 30, tzinfo=timezone.utc)

    def read(raw):
        doc = pages.tree(raw.data, raw.source, whole=True)
        parser = engines.detect(doc, None)
        parser.posts(doc, Page(source=raw.source, number=1, tz=tz, saved_at=now))
        parser.title(doc)

    def readable(raw) -> bool:  # an older checkout refuses the newer corpus pages: left out
        try:
            read(raw)
            return True
        except VotecountError:
            return False

    raws = [raw for _, path, _ in batch.discover([str(WORK / "archive")])[:threads]
            for raw in sources.read(path)]
    raws = [raw for raw in raws if readable(raw) and not (without and without.encode() in raw.data)]
    bare, full, bare_cpu, full_cpu = _alternating(raws, lambda raw: lxml_html.document_fromstring(raw.data), read)
    print(f"{len(raws)} pages ({engines.__file__}): bare lxml {bare:.3f} s (CPU {bare_cpu:.3f} s),"
          f" parse + detect + posts + title {full:.3f} s (CPU {full_cpu:.3f} s):"
          f" page-read ratio {bare / full:.3f} (CPU {bare_cpu / full_cpu:.3f})")


def _alternating(raws, first, second, rounds: int = 7) -> tuple[float, float, float, float]:
    """Best wall and CPU times of `first` and `second` over every page, rounds alternating:
    (first wall, second wall, first CPU, second CPU)."""
    best = [9e9] * 4
    for _ in range(rounds):
        t0, c0 = time.perf_counter(), time.process_time()
        for raw in raws:
            first(raw)
        t1, c1 = time.perf_counter(), time.process_time()
        for raw in raws:
            second(raw)
        t2, c2 = time.perf_counter(), time.process_time()
        best = [min(b, v) for b, v in zip(best, (t1 - t0, t2 - t1, c1 - c0, c2 - c1))]
    return best[0], best[1], best[2], best[3]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("what", choices=("engines", "thread", "batch", "split", "pageread"))
    ap.add_argument("--threads", type=int, default=0, help="archive threads (engines: 100, batch: 200)")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--no-carry", action="store_true",
                    help="split, thread: posts carry no colour runs (the reader parses each body's html)")
    ap.add_argument("--without", default="", help="pageread: leave out pages whose bytes hold this")
    args = ap.parse_args()
    if args.what == "engines":
        engines(args.threads or 100)
    elif args.what == "split":
        split(args.threads, args.no_carry)
    elif args.what == "batch":
        batch_stages(args.threads or 200)
    elif args.what == "pageread":
        pageread(args.threads or 100, args.without)
    else:
        thread(args.jobs, args.no_carry)


if __name__ == "__main__":
    main()
