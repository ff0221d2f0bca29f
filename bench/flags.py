"""Flag and colour words: FLAG_WORDS.findall against ballots.flag_words (literals, then the word
boundaries in Python), over the folded text of every post of one copy of each engine's page
in the archive (run bench/run.py first). Best of 5, twice, alternating; the same words asserted.
`python bench/flags.py`; figures in bench/README.md."""

from __future__ import annotations

import time
from pathlib import Path
from zoneinfo import ZoneInfo

WORK = Path(__file__).resolve().parent / "work"


def main() -> None:
    from votecount.ballots import reading as ballots
    from votecount.ballots.flagwords import FLAG_WORDS
    from votecount.engines.kit.runs import runs
    from votecount import batch
    from votecount.read.pipeline import read_thread

    targets = [t for t in batch.discover([str(WORK / "archive")]) if "generated" not in t[0]][:15]
    posts = [p for _, path, _ in targets for p in read_thread(path, tz=ZoneInfo("Europe/Moscow")).posts]
    texts = [ballots._spaced("".join(r.text for r in runs(p.html))).strip() for p in posts]
    assert all(ballots.flag_words(x) == FLAG_WORDS.findall(x) for x in texts)
    for name, find in (("FLAG_WORDS.findall", FLAG_WORDS.findall), ("flag_words", ballots.flag_words)) * 2:
        best = 9e9
        for _ in range(5):
            started = time.perf_counter()
            for text in texts:
                find(text)
            best = min(best, time.perf_counter() - started)
        print(f"{name:18} {best / len(targets) * 1e3:.2f} ms a page ({len(texts)} posts, {len(targets)} pages)")


if __name__ == "__main__":
    main()
