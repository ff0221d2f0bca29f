"""THREAD → Thread: read pages, decode, detect the engine once, parse, merge.

A THREAD argument that is an http(s) URL is fetched (`fetch.py`, imported only then); every
other one is read by `sources.py`. The moment a page was saved (for "Сегодня 19:45") comes
from, in order: --saved-at, the time the page was fetched (live, or from the manifest.json of
a fetched folder), a SingleFile "saved date" comment in the page, the engine's footer clock
(a parser's `page_now`), the file's modification time. The Thread says which one was used.
The fetch time comes before the page's own evidence because it is the moment the server
rendered "Сегодня", measured rather than inferred; counting a fetched folder therefore gives
exactly the count of the URL.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field, replace
from datetime import datetime
from zoneinfo import ZoneInfo

from .. import engines

from . import pages as pages_mod
from . import manifest, sources, thread
from .zone import declared_language
from .. import parallel
from ..errors import ParseError
from ..model import Gap, Note, Page, Thread

FETCH_TIME = "the time the page was fetched"


def saved_moment(doc, parser, raw: sources.RawPage, tz: ZoneInfo, *,
                 saved_at: datetime | None, fetched_at: datetime | None = None,
                 ) -> tuple[datetime | None, str | None]:
    if saved_at:
        return saved_at, "--saved-at"
    if fetched_at:
        return fetched_at, FETCH_TIME
    found = pages_mod.saved_date(doc)
    if found:
        return found, "SingleFile comment in the page"
    if parser.page_now is not None:
        found = parser.page_now(doc, tz)
        if found:
            return found, "the forum's clock in the page footer"
    if raw.mtime:
        return raw.mtime, "the file's modification time"
    return None, None


Fetched = dict[str, tuple[datetime, str]]  # page source → (fetch time, final URL)


def _raw_pages(args: list[str], engine: str | None, fetch,
               notes: list[Note] | None = None) -> tuple[list[sources.RawPage], Fetched]:
    """Every page of the arguments, and the fetch time and URL of those that were fetched;
    a line in `notes` for each of votecount's own files skipped in a folder."""
    out: list[sources.RawPage] = []
    fetched: Fetched = {}
    for arg in args:
        if sources.is_url(arg):
            from . import fetch as fetch_mod
            for fp in fetch_mod.fetch_thread(arg, fetch, engine=engine):
                out.append(sources.RawPage(source=fp.final_url, data=fp.data))
                fetched[fp.final_url] = (fp.fetched_at, fp.final_url)
            continue
        raws = sources.read(arg, notes)
        out.extend(raws)
        if arg != "-":
            fetched.update(manifest_times(arg, raws))
    return out, fetched


def manifest_times(folder: str, raws) -> Fetched:
    """Fetch times and URLs of pages saved by `votecount fetch` (its manifest.json)."""
    entries = manifest.fetch_times(folder, [r.source for r in raws])
    return {src: (e.fetched_at, e.final_url) for src, e in entries.items()}


def read_thread(thread_arg: str | list[str], *, tz: ZoneInfo | None, engine: str | None = None,
                saved_at: datetime | None = None, fetch=None, jobs: int = 1,
                date_order: str | None = None) -> Thread:
    """One thread from one THREAD argument, or from several (pages given one by one).
    `tz` None: the zone the pages state, else the default for their language (zone.choose),
    with a note saying which; the Thread's `zone` names the zone its times were read in.
    `fetch` (fetch.FetchOptions) applies to URL arguments; `jobs` processes read the pages
    (see thread_from_pages); `date_order` is --date-order (Page.date_order)."""
    args = [thread_arg] if isinstance(thread_arg, str) else list(thread_arg)
    notes: list[Note] = []
    raws, fetched = _raw_pages(args, engine, fetch, notes)
    trees: dict = {}
    if tz is None:  # the pages' first and last trees give the zone, and are read for posts too
        from .zone import choose
        chosen = choose(raws)
        tz, trees = ZoneInfo(chosen.name), chosen.trees
        notes.insert(0, chosen.note())
    from . import postsfile
    if raws and all(postsfile.looks_like(r) for r in raws):  # posts JSON: no pages to parse
        merged = with_gaps(postsfile.thread_of(raws, " ".join(args), engine=engine), {}, set())
    else:
        merged = thread_from_pages(raws, " ".join(args), tz=tz, engine=engine, saved_at=saved_at,
                                   fetched=fetched, jobs=jobs, date_order=date_order, trees=trees)
    return replace(with_notes(merged, notes), zone=tz.key)


def with_notes(merged: Thread, notes: list[Note]) -> Thread:
    """The thread with the notes of its reading (votecount's own files skipped) first among
    its warnings."""
    return replace(merged, warnings=(*notes, *merged.warnings)) if notes else merged


# A thread of fewer pages is read in this process: forking workers costs more than it saves.
PARALLEL_FROM_PAGES = 8


@dataclass(frozen=True)
class _PageRead:
    """What one page gives the thread."""

    source: str
    posts: list
    title: str
    now: datetime | None
    why: str | None
    mtime: datetime | None
    url: str | None
    page_url: str | None = None  # the fetched address, else the one the saved file names
    inferred: tuple | None = None  # --engine generic: what the page's structure gave (generic_note)
    notes: tuple = ()  # what the engine says of the page beside its posts (Engine.notes)
    next_url: str | None = None  # the page's "next page" link (resolved), None on a last page
    lang: str | None = None  # the first page's own word on its language (zone.declared_language)
    topic: str | None = None  # the page's own topic number (Engine.topic), where its links name none


@dataclass(frozen=True)
class _Reading:
    """How every page of a thread is read: what the count's request says (picklable: it goes
    to the worker processes)."""

    engine: str | None  # --engine
    tz: ZoneInfo
    saved_at: datetime | None
    fetched: Fetched
    date_order: str | None = None  # --date-order


def _read_page(raw: sources.RawPage, number: int, parser, how: _Reading, *, doc=None):
    """One page → (its engine, _PageRead). `parser` is the engine of the pages before it (None
    for the first page: every engine is asked); a page of another engine is refused. `doc`:
    the page's tree when it was read whole already (for its zone: zone.choose)."""
    engine, tz = how.engine, how.tz
    fetched_at, url = how.fetched.get(raw.source, (None, None))
    if doc is None:
        doc = pages_mod.tree(raw.data, raw.source, whole=True)
    if not engine:  # every page is checked: pages of two forums must not be mixed
        if parser is None:
            parser = engines.detect(doc, None, raw.source)
        elif not parser.detect(doc, None):  # one engine's markers, not all fifteen
            other = engines.detect(doc, None, raw.source)
            raise ParseError(f"{raw.source}: page is {other.name} but earlier pages are {parser.name}")
    now, why = saved_moment(doc, parser, raw, tz, saved_at=how.saved_at, fetched_at=fetched_at)
    page_url = url or pages_mod.saved_url(doc)
    page = Page(source=raw.source, number=number, tz=tz, url=page_url, saved_at=now, saved_at_source=why,
                date_order=how.date_order)
    found = parser.posts(doc, page)
    if not found:
        raise ParseError(f"{raw.source}: no posts found (engine {parser.name})")
    inferred = _inferred(doc, len(found)) if parser.name == engines.GENERIC else None
    notes = tuple(parser.notes(doc, raw.source)) if parser.notes is not None else ()
    return parser, _PageRead(raw.source, found, parser.title(doc), now, why, raw.mtime, url, page_url, inferred,
                             notes, None if url else _next_url(parser, doc, page_url),
                             declared_language(doc) if number == 1 else None, parser.topic(doc))


def _next_url(parser, doc, page_url: str | None) -> str | None:
    """The page's link to a next page, made absolute against the page's address (None: none,
    or a link to the page itself). A fetched page is not asked: the fetch followed its links."""
    from urllib.parse import urljoin
    href = parser.next_page(doc, page_url)
    if not href or not href.strip():
        return None
    found = urljoin(page_url or "", href.strip())
    return None if page_url and found == page_url else found


def _inferred(doc, posts: int) -> tuple:
    """What the generic reader found on a page: (posts, block, author, time, body, skipped)."""
    from ..engines.generic import inferred
    got = inferred(doc)
    return (posts, got.block, got.author, got.time, got.body, got.skipped)


def generic_note(inferred: list[tuple]) -> Note:
    """The one warning of a thread read by --engine generic: the first page's elements, the
    posts and the blocks not taken of every page."""
    _, block, author, when, body, _ = inferred[0]
    return Note.of("warning.generic_engine", posts=sum(i[0] for i in inferred), block=block,
                   author=author, time=when, body=body, skipped=sum(i[5] for i in inferred))


def _read_later_page(index: int, shared) -> _PageRead:
    """Page index + 2 in a worker: the pages came with the fork, only the index is sent."""
    raws, name, how = shared
    return _read_page(raws[index], index + 2, engines.get(name), how)[1]


@dataclass
class _Gathered:
    """What the pages' readings add up to, page by page, in order."""

    posts: list = field(default_factory=list)
    title: str = ""
    used: set = field(default_factory=set)  # where the save moments came from
    titles: dict = field(default_factory=dict)  # page → its thread title (two threads are refused)
    page_urls: dict = field(default_factory=dict)  # page → its address, when known (its topic, too)
    page_topics: dict = field(default_factory=dict)  # page → the topic number it states (Engine.topic)
    latest: datetime | None = None  # strong evidence of when the pages were saved (no mtimes)
    first_url: str | None = None
    lang: str | None = None  # the first page's (_PageRead.lang)
    pages: int = 0
    inferred: list = field(default_factory=list)  # --engine generic: each page's (_PageRead.inferred)
    notes: list = field(default_factory=list)  # what the pages showed and the engine skipped
    next_urls: dict = field(default_factory=dict)  # page → its next-page link (None: none)

    def add(self, read) -> None:
        self.pages += 1
        self.first_url = self.first_url or read.url
        self.lang = self.lang or read.lang
        if read.why:
            self.used.add(read.why)
        if read.now is not None and read.mtime != read.now and (self.latest is None or read.now > self.latest):
            self.latest = read.now
        self.posts.extend(read.posts)
        self.titles[read.source] = read.title
        if read.page_url:
            self.page_urls[read.source] = read.page_url
        if read.topic:
            self.page_topics[read.source] = read.topic
        self.title = self.title or read.title
        if read.inferred:
            self.inferred.append(read.inferred)
        self.notes.extend(n for n in read.notes if n not in self.notes)  # a view's note once a thread
        if read.posts:
            self.next_urls[read.source] = read.next_url


def _each_page(raws, parser, how: _Reading, jobs: int, *, trees=None):
    """(the engine, the pages' readings in order). The first page is read at once and names
    the engine; the pages after it are independent then, read by `jobs` processes, or lazily
    with one (batch checks its time limit between pages). `trees`: pages read whole already
    (by source; each is taken once)."""
    trees = dict(trees or {})
    it = iter(raws)
    first = next(it, None)
    if first is None:
        return parser, ()
    parser, read = _read_page(first, 1, parser, how, doc=trees.pop(first.source, None))
    if jobs > 1:
        later = list(it)
        rest = parallel.ordered_map(_read_later_page, range(len(later)), jobs,
                                    minimum=PARALLEL_FROM_PAGES - 1, shared=(later, parser.name, how))
    else:
        rest = (_read_page(raw, n, parser, how, doc=trees.pop(raw.source, None))[1] for n, raw in enumerate(it, 2))
    return parser, itertools.chain((read,), rest)


def thread_from_pages(raws, label: str, *, tz: ZoneInfo, engine: str | None = None,
                      saved_at: datetime | None = None, fetched: Fetched | None = None,
                      jobs: int = 1, date_order: str | None = None, trees=None) -> Thread:
    """One thread from its pages' bytes, in order. `trees`: pages already read whole, by source. `raws` may be any iterable: batch passes
    one that checks its limits (pages, bytes, time) between pages (and reads with jobs=1).
    `fetched` gives the fetch time and URL of pages that were fetched. With `jobs` > 1, a
    thread of PARALLEL_FROM_PAGES pages or more is read by that many processes; the Thread
    is the same. `date_order`: --date-order, for every page (Page.date_order)."""
    how = _Reading(engine, tz, saved_at, fetched or {}, date_order)
    parser, reads = _each_page(raws, engines.get(engine) if engine else None, how, jobs, trees=trees)
    got = _Gathered()
    for read in reads:
        got.add(read)
    if parser is None:
        raise ParseError(f"{label}: no pages")
    merged = thread.merge(got.posts, title=got.title, engine=parser.name, pages=got.pages,
                          source=label, saved_at_source=", ".join(sorted(got.used)) or None,
                          page_titles=got.titles, page_urls=got.page_urls, page_topics=got.page_topics)
    merged = replace(merged, saved_at=got.latest, url=got.first_url, lang=got.lang)
    if got.inferred:
        merged = replace(merged, warnings=(generic_note(got.inferred), *merged.warnings))
    if got.notes:
        merged = replace(merged, warnings=(*merged.warnings, *got.notes))
    return with_gaps(merged, got.next_urls, set(got.page_urls.values()))


def with_gaps(merged: Thread, next_urls: dict, addresses: set) -> Thread:
    """The thread with the pages it lacks (Thread.missing_pages) and one warning for each: the
    pages start after post 1 (a URL or folder that starts mid-thread), or the page holding the
    last post links to a next page not given (a fetched page never: its fetch went on to the
    end)."""
    gaps, notes = [], []
    first = merged.posts[0].post_no if merged.posts else 1
    if first > 1:
        gaps.append(Gap("before", first))
        notes.append(Note.of("warning.starts_mid", first=first, before=first - 1))
    last = merged.posts[-1] if merged.posts else None
    following = next_urls.get(last.source) if last is not None else None
    if following and following not in addresses:
        gaps.append(Gap("after", last.post_no, following))
        notes.append(Note.of("warning.ends_mid", source=last.source, url=following, last=last.post_no))
    if not gaps:
        return merged
    return replace(merged, missing_pages=tuple(gaps), warnings=(*notes, *merged.warnings))
