"""Detection's literals asked of a page's bytes: one `in` scan a word (the look before the
twelfth session) against one pass for all of them (Look.ask: ahocorasick_rs), over a page of
each engine of the archive (bench/run.py builds it in bench/work/archive), ms a page, best of
--rounds; and how many scans asking every engine in turn takes.

    python bench/look.py [--rounds 5]
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

ARCHIVE = Path(__file__).resolve().parent / "work" / "archive"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    from votecount import engines
    from votecount.engines.kit.look import _finder

    words = engines.LITERALS
    pages = {}
    for folder in sorted(ARCHIVE.glob("t*")):
        engine = folder.name.split("-", 1)[1]
        if engine not in pages and (folder / "page1.html").exists():
            pages[engine] = (folder / "page1.html").read_bytes().lower()
    keys, finder = _finder(words)
    found_by_pass = {e: {keys[i] for i, _, _ in finder.find_matches_as_indexes(b, overlapping=True)}
                     for e, b in pages.items()}
    found_by_scan = {e: {k for k in keys if k in b} for e, b in pages.items()}
    assert found_by_pass == found_by_scan, "the pass and the scans disagree"
    asked = sum(_asked(b, words) for b in pages.values()) / len(pages)
    best = {"one scan a word, all words": 9e9, "one scan a word, each engine in turn": 9e9, "one pass": 9e9}
    for _ in range(args.rounds):
        t0 = time.perf_counter()
        for b in pages.values():
            [k in b for k in keys]
        t1 = time.perf_counter()
        for b in pages.values():
            _asked(b, words)
        t2 = time.perf_counter()
        for b in pages.values():
            finder.find_matches_as_indexes(b, overlapping=True)
        t3 = time.perf_counter()
        for label, spent in zip(best, (t1 - t0, t2 - t1, t3 - t2)):
            best[label] = min(best[label], spent)
    print(f"{len(pages)} pages (one of each engine), {len(keys)} literals, "
          f"{sum(map(len, pages.values())) / len(pages) / 1e3:.0f} kB a page on average; "
          f"every engine asked in turn: {asked:.1f} scans a page")
    for label, spent in best.items():
        print(f"  {label:36} {spent / len(pages) * 1e3:.3f} ms a page")


def _asked(lowered: bytes, words) -> int:
    """How many scans asking every engine's literals one by one takes (each engine until one
    of its literals is there). Detection stops at the first engine that claims the page, so it
    asked fewer before Look.ask: this is the most."""
    from votecount import engines
    asked = 0
    for parser in engines.PARSERS:
        for lit in parser.literals:
            asked += 1
            if lit.encode().lower() in lowered:
                break
    return asked


if __name__ == "__main__":
    main()
