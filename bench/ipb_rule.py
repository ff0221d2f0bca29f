"""IPB 1.3's signature rule on the corpus page that has it: the lookahead pattern it replaced
against votecount/engines/ipb.py's _strip_rule_html, over the bodies of the page that hold ten dashes
(best of 7, the same results asserted). `python bench/ipb_rule.py`; figures in bench/README.md."""

from __future__ import annotations

import re
import time
from datetime import datetime, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

PAGE = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus" / "ipb" / "hustledb-ipb13-ru-2969.html"
OLD = re.compile(r"(?:<br\s*/?>\s*)*-{10,}(?:\s*<br\s*/?>)*(?=\s*(?:<!--.*?-->\s*)*$)", re.S)


def main() -> None:
    from votecount.engines import ipb
    from votecount.read import pages
    from votecount.model import Page

    doc = pages.tree(PAGE.read_bytes(), str(PAGE))
    page = Page(source=str(PAGE), number=1, tz=ZoneInfo("Europe/Moscow"),
                saved_at=datetime(2026, 11, 30, tzinfo=timezone.utc))
    real, seen = ipb._strip_sig_rule, []
    ipb._strip_sig_rule = lambda post: (seen.append(post), real(post))[1]
    try:
        ipb.ENGINE.posts(doc, page)
    finally:
        ipb._strip_sig_rule = real
    bodies = [p.html for p in seen if "-" * 10 in p.html]
    old = new = 9e9
    for _ in range(7):
        t = time.perf_counter()
        a = [OLD.sub("", h) for h in bodies]
        old = min(old, time.perf_counter() - t)
        t = time.perf_counter()
        b = [ipb._strip_rule_html(h) for h in bodies]
        new = min(new, time.perf_counter() - t)
    assert a == b
    print(f"{PAGE.name}: {len(seen)} posts, {len(bodies)} with ten dashes "
          f"({sum(map(len, bodies))} characters): lookahead pattern {old * 1e3:.2f} ms, "
          f"_strip_rule_html {new * 1e3:.2f} ms a page ({old / new:.0f}x)")


if __name__ == "__main__":
    main()
