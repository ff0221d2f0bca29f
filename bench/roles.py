"""The role matchers (votecount/engines/kit/roles.py) against libxml2 alone, on each engine's first page of
the archive (run bench/run.py first: it builds bench/work/).

    python bench/roles.py engines [--rounds 7]   # engine.posts() CPU time a page, libxml2 alone
                                                 # and with the matchers alternating, best of rounds
    python bench/roles.py exprs [--engine smf]   # every role expression over the page's posts
    python bench/roles.py reads --side 1 --reps 2 [--engine smf]
        # for valgrind --tool=callgrind: the page(s) read once, then `reps` times more with
        # --side 0 (libxml2 alone) or 1 (the matchers); (reps=k minus reps=0) / k is one read

Figures are in bench/README.md ("Role queries in Python").
"""

from __future__ import annotations

import argparse
import time
from datetime import datetime, timezone
from pathlib import Path

WORK = Path(__file__).resolve().parent / "work" / "archive"


def pages(only: str = "") -> list:
    """(engine label, engine, document, Page) of each engine's first one-page thread."""
    from votecount import engines
    from votecount.read import pages as pages_mod
    from votecount.model import Page

    first: dict[str, Path] = {}
    for folder in sorted(WORK.iterdir()):
        label = folder.name.split("-", 1)[1]
        if label not in first and (folder / "page1.html").exists() and only in ("", label):
            first[label] = folder / "page1.html"
    now = datetime(2026, 12, 1, tzinfo=timezone.utc)
    out = []
    for label, path in first.items():
        doc = pages_mod.tree(path.read_bytes(), str(path), whole=True)
        engine = engines.detect(doc, None, str(path))
        out.append((label, engine, doc, Page(source=str(path), number=1, tz=timezone.utc, saved_at=now)))
    return out


def use_matchers(on: bool) -> None:
    """Every compiled block asks its roles again, by the matchers (on) or libxml2 alone."""
    from votecount import engines
    from votecount.engines.kit import roles

    roles.compile_role = _COMPILE if on else (lambda source: None)
    for engine in engines.PARSERS:
        for layout in engine.layouts:
            layout.compiled.firsts.clear()


def read(engine, doc, page) -> None:
    from votecount.engines.kit import base

    base._PAGE.held = None  # a new page memo: every role is asked again
    engine.posts(doc, page)


def engines(rounds: int) -> None:
    items = pages()
    best = {label: [9e9, 9e9] for label, *_ in items}
    for _ in range(rounds):
        for side in (0, 1):
            use_matchers(bool(side))
            for label, engine, doc, page in items:
                read(engine, doc, page)
                started = time.process_time()
                read(engine, doc, page)
                best[label][side] = min(best[label][side], time.process_time() - started)
    for label, (old, new) in best.items():
        print(f"{label:17} libxml2 {old * 1e3:6.1f} ms  matchers {new * 1e3:6.1f} ms  {new / old:5.2f}")
    old, new = (sum(b[i] for b in best.values()) for i in (0, 1))
    print(f"{'total':17} libxml2 {old * 1e3:6.1f} ms  matchers {new * 1e3:6.1f} ms  {new / old:5.2f}")


def exprs(only: str) -> None:
    from lxml import etree

    from votecount.engines.kit import roles
    from votecount.engines.kit.base import alternatives

    for label, engine, doc, _ in pages(only):
        c = engine.layout(doc).compiled
        posts, rows = c.posts(doc), []
        for name, source in alternatives(c.sel)[0].items():
            if name.split("~")[0] in ("post", "next_page", "title"):
                continue
            nodes = posts if name not in ("edit_by", "edit_time_attr") else [
                n for n in (c.element("edit_notice", p) for p in posts) if n is not None]
            ways = (roles.by_libxml2(etree.XPath(source, smart_strings=False)), _COMPILE(source))
            best = [9e9, 9e9]
            for _ in range(5):
                for side, way in enumerate(ways):
                    started = time.process_time()
                    for node in nodes if way is not None else ():
                        way(node)
                    best[side] = min(best[side], time.process_time() - started)
            rows.append((best[0], best[1] if ways[1] else None, name, source))
        print(f"{label}: ms over {len(posts)} posts, libxml2 / matcher ('-': left to libxml2)")
        for old, new, name, source in sorted(rows, key=lambda r: r[:1], reverse=True):
            print(f"  {old * 1e3:6.2f} {'-' if new is None else f'{new * 1e3:6.2f}':>6}  {name:14} {source[:90]}")


def reads(side: int, reps: int, only: str) -> None:
    use_matchers(bool(side))
    items = pages(only)
    for _, engine, doc, page in items:
        read(engine, doc, page)
    for _ in range(reps):
        for _, engine, doc, page in items:
            read(engine, doc, page)


if __name__ == "__main__":
    from votecount.engines.kit import roles

    _COMPILE = roles.compile_role
    ap = argparse.ArgumentParser()
    ap.add_argument("what", choices=("engines", "exprs", "reads"))
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--engine", default="")
    ap.add_argument("--side", type=int, default=1)
    ap.add_argument("--reps", type=int, default=1)
    args = ap.parse_args()
    if args.what == "engines":
        engines(args.rounds)
    elif args.what == "exprs":
        exprs(args.engine or "smf")
    else:
        reads(args.side, args.reps, args.engine)
