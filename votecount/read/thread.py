"""Pages' posts → one Thread: ordered by post number, exact duplicates dropped, gaps and
conflicts reported. Nothing is dropped silently: every dropped post is a duplicate of one kept.
"""

from __future__ import annotations

import functools
from dataclasses import replace

import re
from urllib.parse import parse_qs, urlsplit

from ..errors import ParseError
from ..model import Note, Post, Thread

# A topic's number in the links every engine prints on its posts (never fetched, only read):
# viewtopic.php?id=28 (mybb.ru, PunBB), ?t= / ?tid= / ?topic= / ?showtopic=, /topic,38573.msg
# and /topic/77- (SMF, IPB, IPS4), /threads/slug.8812/ (XenForo), /t/slug/8812/ (Discourse),
# showthread.php/9687- (vBulletin), /forum/2-15-3301 (uCoz: forum 2, topic 15).
_TOPIC_QUERY = ("t", "tid", "topic", "showtopic")
_TOPIC_PATH = (re.compile(r"/topic[,/](\d+)"), re.compile(r"/threads/(?:[^/]*\.)?(\d+)(?:/|$)"),
               re.compile(r"/t/[^/]+/(\d+)"), re.compile(r"showthread\.php/(\d+)"),
               re.compile(r"/forum/(\d+-\d+)-"))
# "Тема - Страница 2", "Topic - Page 2 of 5": the same thread's title on another page.
_PAGE_WORDS = re.compile(r"[\s\-–—|:,(]*\b(?:страница|стр\.|page)\s*\d+(?:\s*(?:из|of)\s*\d+)?\)?", re.I)


def _same(a: Post, b: Post) -> bool:
    return (a.author, a.time, a.text, a.edited, a.edited_at) == (b.author, b.time, b.text, b.edited, b.edited_at)


def topic_of(url: str | None) -> str | None:
    """The topic number in a post's link, or None when the link does not carry one."""
    if not url:
        return None
    return _topic(url.split("#", 1)[0])  # the posts of a page share their link but the anchor


@functools.lru_cache(maxsize=1024)
def _topic(url: str) -> str | None:
    parts = urlsplit(url)
    query = parse_qs(parts.query)
    keys = _TOPIC_QUERY + (("id",) if parts.path.endswith("viewtopic.php") else ())
    for key in keys:
        m = re.match(r"\d+", (query.get(key) or [""])[0])
        if m:
            return m.group(0)
    for rx in _TOPIC_PATH:
        m = rx.search(parts.path + ("?" + parts.query if parts.query.startswith("/") else ""))
        if m:
            return m.group(1)
    return None


def _title_key(title: str) -> str:
    return re.sub(r"\s+", " ", _PAGE_WORDS.sub(" ", title)).strip().casefold()


def check_one_thread(posts: list[Post], page_titles: dict[str, str],
                     page_urls: dict[str, str] | None = None, page_topics: dict[str, str] | None = None) -> None:
    """Refuse pages of two different threads given as one (a folder of several games' pages).

    Decided conservatively, page against the first page: different topic numbers in the
    post links; or, when a page's links carry none, different titles (the page number set
    aside) and no post in common. A thread renamed between two saves keeps its topic number.
    Post links without a topic (mybb.ru's `viewtopic.php?pid=N#pN`) leave it to the topic the
    page states (`page_topics`: mybb.ru's data-topic-id) or to its own address (`page_urls`:
    fetched, or named by the saved file) when there is one.
    """
    sources = list(dict.fromkeys([*page_titles, *(p.source for p in posts)]))
    if len(sources) < 2:
        return
    topics: dict[str, set[str]] = {s: set() for s in sources}
    ids: dict[str, set[str]] = {s: set() for s in sources}
    for post in posts:
        topic = topic_of(post.url)
        if topic:
            topics[post.source].add(topic)
        ids[post.source].add(post.post_id)
    stated = dict(page_topics or {})
    for source, url in (page_urls or {}).items():
        stated.setdefault(source, topic_of(url))
    for source, topic in stated.items():
        if topic and source in topics and not topics[source]:
            topics[source].add(topic)
    first = sources[0]
    for other in sources[1:]:
        a, b = topics[first], topics[other]
        if len(a) == 1 and len(b) == 1:
            if a != b:
                raise ParseError(f"{other}: a page of another thread than {first} (topic {b.pop()} "
                                 f"in its post links, the page or its address, topic {a.pop()} in the first page's): give "
                                 "the pages of one thread")
            continue
        ta, tb = page_titles.get(first, ""), page_titles.get(other, "")
        if _title_key(ta) and _title_key(tb) and _title_key(ta) != _title_key(tb) \
                and not ids[first] & ids[other]:
            raise ParseError(f"{other}: a page of another thread than {first} (titled '{tb}', the "
                             f"first page '{ta}'): give the pages of one thread (if the thread was "
                             "renamed between saves, save every page again)")


def merge(posts: list[Post], *, title: str, engine: str, pages: int, source: str,
          saved_at_source: str | None = None, page_titles: dict[str, str] | None = None,
          page_urls: dict[str, str] | None = None, page_topics: dict[str, str] | None = None) -> Thread:
    check_one_thread(posts, page_titles or {}, page_urls or {}, page_topics or {})
    by_id: dict[str, Post] = {}
    warnings: list[Note] = []
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
    ordered = _placed(sorted(by_id.values(), key=lambda p: (p.post_no, p.time, p.post_id)))
    numbers = [p.post_no for p in ordered]
    for a, b in zip(ordered, ordered[1:]):
        if a.post_no == b.post_no:
            where = b.source if a.source == b.source else f"{b.source} and {a.source}"
            raise ParseError(f"{where}: two different posts numbered {b.post_no} "
                             f"(ids {a.post_id} and {b.post_id}): pages of two threads, or a "
                             "thread that changed between saves")
    if numbers:
        missing = sorted(set(range(numbers[0], numbers[-1] + 1)) - set(numbers))
        if missing:
            warnings.append(Note.of("warning.posts_missing", posts=_ranges(missing)))
    warnings.extend(Note.of("warning.post_time_unknown", source=p.source, no=p.post_no, id=p.post_id)
                    for p in ordered if not p.time_known)
    warnings.extend(_edited_no_time(p) for p in ordered if p.edited and p.edited_at is None)
    return Thread(title=title, engine=engine, pages=pages, posts=tuple(ordered), source=source,
                  warnings=tuple(warnings), saved_at_source=saved_at_source)


def _placed(ordered: list[Post]) -> list[Post]:
    """The posts whose time the page does not show, each holding the time of the known post
    before it (else after it) for the thread's order only; a page where no post shows a time
    is refused: nothing on it can be placed in a day."""
    if all(p.time_known for p in ordered):
        return ordered
    known = {p.source for p in ordered if p.time_known}
    for source in dict.fromkeys(p.source for p in ordered):
        if source not in known:
            raise ParseError(f"{source}: no post on the page shows a readable post time (a guest "
                             "view that hides the dates?): its posts cannot be placed in a day; "
                             "save the page while logged in")
    times = [p.time if p.time_known else None for p in ordered]
    before = next(t for t in times if t is not None)
    for i, t in enumerate(times):
        if t is None:
            ordered[i] = replace(ordered[i], time=before)
        else:
            before = t
    return ordered


def _edited_no_time(p: Post) -> Note:
    """The warning for a post edited at a time its edit notice does not give."""
    where = {"source": p.source, "no": p.post_no, "id": p.post_id}
    if p.edited_by:
        return Note.of("warning.edited_by_no_time", **where, editor=p.edited_by)
    return Note.of("warning.edited_no_time", **where)


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
