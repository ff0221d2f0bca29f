"""A BeautifulSoup reader of the archive's pages, for comparison with votecount's.

    python bench/soup_reader.py [--copies 3] [--rounds 3]

What a BeautifulSoup-based counter does with a page: `BeautifulSoup(text, "lxml")` (the
fastest bs4 configuration; also timed with bs4's default "html.parser", what a hobby counter
without lxml installed gets), the post bodies found with CSS selectors (soupsieve), each body's text
and its colour and bold runs, and the words of each body looked up in a roster (the page's
own authors). It does less than votecount (no dates, edits, quotes dropped, engine detection:
the engine is given), so the ratio flatters it. The same pages are then read by votecount's
batch work in this process (`batch.process_thread`, one-page threads), and the two times are
compared within one run, with a bare lxml parse of the same pages beside them (the floor
under any reader): the four take turns, `--rounds` times, and each is
given its best round (wall and CPU time). Figures in bench/README.md.
"""

from __future__ import annotations

import argparse
import re
import time
import warnings
from pathlib import Path

WORK = Path(__file__).resolve().parent / "work"
# Post bodies (and authors) by engine: alternatives, the first that selects anything is used.
BODIES = {
    "curse": ["div.j-comment-body"],
    "discourse": ["div.crawler-post div.post[itemprop]"],
    "ipb": ["div.postcolor[id^=post-]", "div[itemprop=commentText]", "div.post.entry-content",
            "td > div.postcolor"],
    "forumotion": ["tr.post div.postbody > div:first-of-type"],
    "ips4": ["div[data-role=commentContent]"],
    "mybb": ["div.post_body"],
    "mybbru": ["#pun-viewtopic div.post-content"],
    "nodebb": ['div[component="post/content"]'],
    "phpbb3": ["div.postbody div.content", "div.postbody"],
    "phpbb2": ["td.postbody", "span.postbody"],
    "punbb": ["div.blockpost div.postmsg", "div.post div.entry-content"],
    "smf": ["div.post div.inner", "div.post"],
    "torrentpier": ["div.post_body"],
    "ucoz": ["span.ucoz-forum-post", "[id^=ucoz-forum-post-]", "td.posttdMessage"],
    "vbulletin": ["div[id^=post_message_]", "div.js-post__content-text"],
    "xenforo": ["blockquote.messageText", "article.message-body div.bbWrapper"],
}
COLOUR = re.compile(r"color\s*:\s*([^;]+)", re.I)
WORD = re.compile(r"[\w@.\-']+")


def read_page(data: bytes, engine: str, builder: str = "lxml") -> tuple[int, int]:
    """(posts, words that are nicks) of one page, read with BeautifulSoup and its `builder`
    ("lxml" or "html.parser")."""
    from bs4 import BeautifulSoup, XMLParsedAsHTMLWarning

    from votecount.read import pages

    warnings.filterwarnings("ignore", category=XMLParsedAsHTMLWarning)  # pages with an XML declaration
    # votecount's decoding: bs4's own guess reads some saved pages (a lying meta charset) wrong
    soup = BeautifulSoup(pages.decode(data)[0], builder)
    bodies = []
    for selector in BODIES[engine]:
        bodies = soup.select(selector)
        if bodies:
            break
    posts = []
    for body in bodies:
        runs = []  # (text, colour, bold) of every text node
        for node in body.find_all(string=True):
            colour, bold = "", False
            for parent in node.parents:
                if parent is body:
                    break
                if not colour:
                    m = COLOUR.search(parent.get("style") or "")
                    colour = parent.get("color") or (m.group(1) if m else "")
                bold = bold or parent.name in ("b", "strong")
            runs.append((str(node), colour, bold))
        posts.append((body.get_text("\n"), runs))
    roster = {w.casefold() for text, _ in posts for w in WORD.findall(text)[:1]}
    named = sum(1 for text, _ in posts for w in WORD.findall(text) if w.casefold() in roster)
    return len(posts), named


def bare_parse(data: bytes):
    """The floor under any reader of the page: lxml's full parse of its decoded text (decoded
    here, as the bs4 reader decodes; lxml refuses a str with an XML declaration)."""
    import lxml.html

    from run import page_text  # bench/run.py: the same text its bare parse reads

    return lxml.html.document_fromstring(page_text(data))


def _pages(copies: int):
    """(one-page thread targets, their bytes, their engines, per engine count) of the archive."""
    from votecount import engines
    from votecount import batch
    from votecount.read import pages

    targets, per_engine = [], {}
    for target in batch.discover([str(WORK / "archive")]):
        engine = target[0].split("-", 1)[1]
        if engine != "mybbru-generated" and per_engine.get(engine, 0) < copies:
            per_engine[engine] = per_engine.get(engine, 0) + 1
            targets.append(target)
    files = [next(Path(path).glob("*.html")) for _, path, _ in targets]
    datas = [f.read_bytes() for f in files]
    engines = [engines.detect(pages.tree(d, str(f)), None, str(f)).name for d, f in zip(datas, files)]
    return targets, datas, engines, per_engine


def main() -> None:
    from votecount import batch

    ap = argparse.ArgumentParser()
    ap.add_argument("--copies", type=int, default=3, help="archive threads per engine")
    ap.add_argument("--rounds", type=int, default=3, help="turns of the three readers")
    args = ap.parse_args()
    targets, datas, engines, per_engine = _pages(args.copies)
    jobs = batch.make_jobs(targets)
    mine = {e: res["posts"] for e, res in zip(engines, (batch.process_thread(j) for j in jobs))}
    readers = {"lxml": lambda: [read_page(d, e) for d, e in zip(datas, engines)],
               "html.parser": lambda: [read_page(d, e, "html.parser") for d, e in zip(datas, engines)],
               "votecount": lambda: [batch.process_thread(job) for job in jobs],
               "bare": lambda: [bare_parse(d) for d in datas]}
    for builder in ("lxml", "html.parser"):
        read_page(datas[0], engines[0], builder)  # bs4's imports out of the timing
    best = {name: (9e9, 9e9) for name in readers}
    counts = {}
    for _ in range(args.rounds):
        for name, reader in readers.items():
            started, cpu = time.perf_counter(), time.process_time()
            got = reader()
            took = (time.perf_counter() - started, time.process_time() - cpu)
            best[name] = (min(best[name][0], took[0]), min(best[name][1], took[1]))
            counts[name] = got
    ours, ours_cpu = best["votecount"]
    print(f"{len(datas)} pages ({len(per_engine)} engines), best of {args.rounds} rounds taken in turn: "
          f"votecount batch.process_thread {ours:.2f} s ({ours / len(datas) * 1e3:.1f} ms a page, "
          f"CPU {ours_cpu:.2f} s)")
    bare, bare_cpu = best["bare"]
    print(f"  a bare lxml parse of the same pages: {bare:.2f} s (CPU {bare_cpu:.2f} s); votecount "
          f"costs {ours / bare:.1f} of them ({ours_cpu / bare_cpu:.1f} in CPU time)")
    for name, label in (("lxml", 'BeautifulSoup(text, "lxml"), the fastest bs4'),
                        ("html.parser", 'BeautifulSoup(text, "html.parser"), bs4\'s default')):
        soup, soup_cpu = best[name]
        odd = sorted({(e, n, mine[e]) for e, (n, _) in zip(engines, counts[name]) if n != mine[e]})
        print(f"  {label}: {soup:.2f} s ({soup / len(datas) * 1e3:.1f} ms a page, CPU {soup_cpu:.2f} s):"
              f" votecount is {soup / ours:.1f}x as fast ({soup_cpu / ours_cpu:.1f}x in CPU time)"
              + (f"; post counts differ (engine, bs4, votecount): {odd}" if odd else "; the same post counts")
              + f"; bs4 costs {soup / bare:.1f} bare parses ({soup_cpu / bare_cpu:.1f} in CPU time)")


if __name__ == "__main__":
    main()
