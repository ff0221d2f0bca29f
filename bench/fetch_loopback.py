"""Fetch overhead per page, with the network out of the picture: a thread of N pages served
from 127.0.0.1 (the example's first page, each copy's next link pointing at the next copy),
fetched with --delay 0, then counted. Run from the project root:

    python bench/fetch_loopback.py [PAGES]

Real fetches are bound by the polite delay (1 s a page by default) and the forum's speed;
this measures what votecount itself adds (HTTP client, charset decoding, parsing twice:
once for the next link, once for the posts).
"""

from __future__ import annotations

import re
import sys
import time
from pathlib import Path
from zoneinfo import ZoneInfo

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from forumserver import Forum, Reply  # noqa: E402

from votecount.read.fetch import FetchOptions, fetch_thread  # noqa: E402
from votecount.read.pipeline import read_thread  # noqa: E402


def main(n: int) -> None:
    raw = (ROOT / "examples" / "zarechnaya" / "page1.html").read_bytes()
    raw = re.sub(rb"<!--\s*Page saved with SingleFile.*?-->\s*", b"", raw, flags=re.S)
    forum = Forum()
    for i in range(1, n + 1):
        page = raw.replace(b"https://zarechnaya.rolka.me/viewtopic.php?id=28&amp;p=2",
                           f"/t?p={i + 1}".encode() if i < n else b"#")
        forum.add(f"/t?p={i}", Reply.page(page, "windows-1251"))
    opts = FetchOptions(delay=0, progress=False)
    try:
        t0 = time.perf_counter()
        pages = fetch_thread(forum.url("/t?p=1"), opts)
        t1 = time.perf_counter()
        thread = read_thread(forum.url("/t?p=1"), tz=ZoneInfo("Europe/Moscow"), fetch=opts)
        t2 = time.perf_counter()
    finally:
        forum.close()
    size = sum(len(p.data) for p in pages)
    print(f"{len(pages)} pages, {size / 1e6:.1f} MB: fetch {t1 - t0:.2f} s "
          f"({(t1 - t0) / n * 1000:.1f} ms/page); fetch + count-read {t2 - t1:.2f} s "
          f"({(t2 - t1) / n * 1000:.1f} ms/page), {len(thread.posts)} posts")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
