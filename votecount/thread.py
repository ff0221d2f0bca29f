"""Pages' posts → one Thread: ordered by post number, exact duplicates dropped, gaps and
conflicts reported. Nothing is dropped silently: every dropped post is a duplicate of one kept.
"""

from __future__ import annotations

from .errors import ParseError
from .model import Post, Thread


def _same(a: Post, b: Post) -> bool:
    return (a.author, a.time, a.text, a.edited, a.edited_at) == (b.author, b.time, b.text, b.edited, b.edited_at)


def merge(posts: list[Post], *, title: str, engine: str, pages: int, source: str,
          saved_at_source: str | None = None) -> Thread:
    by_id: dict[str, Post] = {}
    warnings: list[str] = []
    for post in posts:
        seen = by_id.get(post.post_id)
        if seen is None:
            by_id[post.post_id] = post
        elif not _same(seen, post):
            # The same post saved twice with different content: one page was saved after an
            # edit. Counting either silently could be wrong, so refuse.
            raise ParseError(f"{post.source}: post {post.post_no} (id {post.post_id}) differs from "
                             f"the copy in {seen.source}: pages saved at different times; save "
                             "the thread again")
    ordered = sorted(by_id.values(), key=lambda p: (p.post_no, p.time, p.post_id))
    numbers = [p.post_no for p in ordered]
    for a, b in zip(ordered, ordered[1:]):
        if a.post_no == b.post_no:
            raise ParseError(f"{b.source}: two different posts numbered {b.post_no} "
                             f"(ids {a.post_id} and {b.post_id})")
    if numbers:
        missing = sorted(set(range(numbers[0], numbers[-1] + 1)) - set(numbers))
        if missing:
            warnings.append(f"posts missing from the saved pages: {_ranges(missing)} "
                            "(a page not saved, or posts deleted)")
    return Thread(title=title, engine=engine, pages=pages, posts=tuple(ordered), source=source,
                  warnings=tuple(warnings), saved_at_source=saved_at_source)


def _ranges(numbers: list[int]) -> str:
    out, start, prev = [], numbers[0], numbers[0]
    for n in numbers[1:] + [None]:
        if n is not None and n == prev + 1:
            prev = n
            continue
        out.append(str(start) if start == prev else f"{start}–{prev}")
        if n is not None:
            start = prev = n
    return ", ".join(out)
