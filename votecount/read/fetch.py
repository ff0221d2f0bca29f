"""Every page of a live thread: the only network code in votecount.

A thread is walked from the URL given by following the engine's next-page link (each parser's
`next_page`), one request at a time with a polite delay: the next page is only known once the
current one is read, and forums are small servers run by volunteers. Transient failures
(connection errors, timeouts, 429, 502–504) are retried with backoff, honouring Retry-After;
any other failure aborts the whole fetch: a thread with a page missing is never returned.

One request (pacing, retries, limits) is `fetch_http`. `fetch_thread` returns the pages in memory; `votecount fetch` writes them with a manifest
(`manifest.py`), and a re-run reuses the pages it already has except the last one (which may
have grown) — `refresh` asks again for every page, conditionally where the server sent an
ETag or Last-Modified. `votecount watch` re-runs it each round: the last page is asked for
conditionally (a 304 keeps the copy), then any new pages; an earlier page is never asked again
(nor the engine's "all posts" view once page 1 is kept).
"""

from __future__ import annotations

import re
import sys
from dataclasses import replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable
from urllib.parse import urljoin, urlsplit

from .. import __version__
from . import manifest as manifest_mod
from ..errors import ConfigError, FetchError, InputError, ParseError
from .http import FetchedPage, FetchOptions, _Client, _Clock, _site, build_cookies, clean_url
from .sources import is_url


def _all_posts(client, parser, first: FetchedPage, *, title_key: str) -> FetchedPage | None:
    """The thread on one page by the engine's "all posts" view, when the forum serves it: the
    same thread (title), more posts than its first page, and no next link. Else None, and the
    thread is fetched page by page (a forum with the view switched off answers with page 1)."""
    from . import pages as pages_mod

    url = parser.all_posts_url(first.final_url)
    if not url or url in (first.url, first.final_url):
        return None
    try:
        page = client.get(url, f"page 1, all posts ({url})")
    except (FetchError, ParseError, InputError):
        return None  # no such view here: page by page, as without it
    if page is None:
        return None
    try:
        doc = pages_mod.tree(page.data, url, whole=True)
        if not parser.detect(doc, None) or _title_key(parser.title(doc)) != title_key:
            return None
        if _resolve_next(doc, parser, page) or len(parser.posts(doc, _probe(url))) <= \
                len(parser.posts(pages_mod.tree(first.data, first.url), _probe(first.url))):
            return None
    except (ParseError, InputError):
        return None
    return replace(page, engine=parser.NAME)


def _probe(source: str):
    """A Page for counting posts only (relative dates are placed later, by the pipeline)."""
    from ..model import Page
    return Page(source=source, number=1, tz=timezone.utc, saved_at=datetime.now(timezone.utc))


def _title_key(title: str) -> str:
    """A thread title without page numbers ("Page 2", "Страница 2") for the same-thread check."""
    return re.sub(r"\W|\d|_|page|страница|стр", "", title.lower())


def _resolve_next(doc, parser, page: FetchedPage) -> str | None:
    href = parser.next_page(doc, page.final_url)
    if not href or href.strip().lower().startswith(("javascript:", "#", "mailto:")):
        return None
    base = doc.xpath("string((//base/@href)[1])").strip()
    base_url = urljoin(page.final_url, base) if base else page.final_url
    return clean_url(urljoin(base_url, href.strip()))


def _pages_total(doc, next_url: str, current: int) -> int | None:
    """The last page number from the pagination links, for the progress bar only."""
    target = urlsplit(next_url)
    best = None
    for a in doc.xpath("//a[@href]"):
        text = "".join(a.itertext()).strip()
        if text.isdigit() and len(text) < 6:
            url = urlsplit(urljoin(next_url, a.get("href")))
            if url.path == target.path and url.netloc == target.netloc:
                best = max(best or 0, int(text))
    return best if best and best > current else None


class _Progress:
    """A progress bar on standard error, only when it is a terminal and there are two pages."""

    def __init__(self, enabled: bool):
        self.enabled = enabled and sys.stderr.isatty()
        self.bar = None

    def update(self, number: int, total: int | None, title: str) -> None:
        if not self.enabled or number < 2 and self.bar is None:
            return
        if self.bar is None:
            from rich.console import Console
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn
            self.bar = Progress(TextColumn("votecount: fetching {task.description}"), BarColumn(),
                                MofNCompleteColumn(), console=Console(stderr=True), transient=True)
            self.bar.start()
            self.task = self.bar.add_task(title[:40] or "thread", total=total)
        self.bar.update(self.task, completed=number, total=max(total or 0, number) or None)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()


def fetch_thread(url: str, opts: FetchOptions | None = None, *, engine: str | None = None,
                 previous: list[FetchedPage] | None = None, clock: _Clock | None = None,
                 on_page: Callable[[FetchedPage], None] | None = None) -> list[FetchedPage]:
    """Every page of the thread at `url`, in order, or an error: never a partial thread.

    `previous` are the pages of an earlier fetch (from a folder): each is reused without a
    request unless it is the last one (it may have grown) or `opts.refresh` is set."""
    opts = opts or FetchOptions()
    clock = clock or _Clock()
    if not is_url(url):
        raise ConfigError(f"{url}: not an http(s) URL")
    walk = _Walk(opts, clean_url(url.strip()), engine=engine, previous=previous, clock=clock,
                 on_page=on_page)
    try:
        current: str | None = walk.start
        while current:
            current = walk.step(current)
    finally:
        walk.progress.close()
        walk.client.close()
    return walk.got


class _Walk:
    """One walk of a thread by its next-page links: the pages so far, the engine (named, or
    the first page's), the thread's title and site, and every URL already seen."""

    def __init__(self, opts: FetchOptions, start: str, *, engine: str | None,
                 previous: list[FetchedPage] | None, clock: _Clock,
                 on_page: Callable[[FetchedPage], None] | None):
        from .. import engines
        self.opts, self.start, self.engine, self.on_page = opts, start, engine, on_page
        jar = build_cookies(opts, start)
        self.old = {p.url: p for p in previous or ()}
        self.old_last = previous[-1].url if previous else None
        self.client = _Client(opts, jar, clock, clock.monotonic())
        self.progress = _Progress(opts.progress)
        self.got: list[FetchedPage] = []
        self.seen: set[str] = set()
        self.parser = engines.get(engine) if engine else None
        self.title_key: str | None = None
        self.site: tuple[str, int | None] | None = None

    def step(self, current: str) -> str | None:
        """Read the page at `current` into the thread; the next page's URL, None at the last."""
        from . import pages as pages_mod
        number = len(self.got) + 1
        label = f"page {number} ({current})"
        if number > self.opts.max_pages:
            raise FetchError(f"{self.start}: the thread has more than {self.opts.max_pages} pages, the "
                             "--max-pages limit (raise it to fetch it all)")
        prior = self.old.get(current)
        page = self._page_at(current, label, prior)
        self.seen.update((page.url, page.final_url))
        if self.site is None:
            self.site = _site(page.final_url)
        doc = pages_mod.tree(page.data, label)
        self._engine_of(doc, label)
        self._same_thread(doc, label)
        page = replace(page, engine=self.parser.NAME, reused=page is prior)
        self._keep(page, number)
        following = self._following(doc, page, number)
        if following is not None:
            self._check_next(following, label)
        self.progress.update(number, _pages_total(doc, following, number) if following else number,
                             self.parser.title(doc))
        return following

    def _page_at(self, current: str, label: str, prior: FetchedPage | None) -> FetchedPage:
        """The earlier fetch's copy, unless it is the last page or --refresh; else a request
        (conditional on the copy: a 304 keeps it)."""
        if prior is not None and not self.opts.refresh and current != self.old_last:
            return prior
        page = self.client.get(current, label, prior)
        return prior if page is None else page  # None: 304, the copy we have is current

    def _engine_of(self, doc, label: str) -> None:
        """The engine: named, or detected on the first page; a later page of another engine
        (when it was detected) is an error."""
        from .. import engines
        if self.parser is None:
            try:
                self.parser = engines.detect(doc, None, label)
            except ParseError as exc:
                raise ParseError(f"{exc}; if the thread needs a login, give --cookies FILE") from None
        elif not self.engine and not self.parser.detect(doc, None):  # the first page's engine only
            found = engines.detect(doc, None, label)
            raise ParseError(f"{label}: page is {found.NAME} but earlier pages are {self.parser.NAME}")

    def _same_thread(self, doc, label: str) -> None:
        """Every page has the first page's title (page numbers aside): never two threads mixed."""
        key = _title_key(self.parser.title(doc))
        if self.title_key is None:
            self.title_key = key
        elif key and self.title_key and key != self.title_key:
            raise FetchError(f"{label}: the next-page link led to another thread "
                             f"('{self.parser.title(doc)}'); stopped rather than mix two threads")

    def _keep(self, page: FetchedPage, number: int) -> None:
        """Page `number` is the thread's, as read now (on_page is told)."""
        if number > len(self.got):
            self.got.append(page)
        else:
            self.got[number - 1] = page
        if self.on_page:
            self.on_page(page)

    def _following(self, doc, page: FetchedPage, number: int) -> str | None:
        """The next page's URL: the next-page link (not to itself); none after page 1 when the
        engine's "all posts" view holds the whole thread (it replaces page 1)."""
        following = _resolve_next(doc, self.parser, page)
        if following in (page.url, page.final_url):
            following = None  # a last page that links to itself
        if following and number == 1 and self.parser.all_posts_url is not None and not page.reused:
            whole = _all_posts(self.client, self.parser, page, title_key=self.title_key)
            if whole is not None:  # the engine's one-page view: every post, no next link
                self._keep(whole, 1)
                following = None
        return following

    def _check_next(self, following: str, label: str) -> None:
        """The next page is a new page of the same forum: a loop or a link off-site stops."""
        if following in self.seen:
            raise FetchError(f"{label}: the next-page link goes back to an earlier page "
                             f"({following}); the pagination loops")
        if _site(following) != self.site:
            raise FetchError(f"{label}: the next-page link leaves the forum ({following})")


def _refuse_foreign(folder: Path, old) -> None:
    """A fetched folder holds the pages, the manifest and votecount's own reports only: any
    other file (notes, a page added by hand) is the user's, and fetch does not write beside it."""
    from .sources import own_output
    known = {e.file for e in old.entries} | {manifest_mod.NAME}
    for path in sorted(folder.iterdir()):
        if path.name in known or path.name.startswith(".") or not path.is_file():
            continue
        try:
            with open(path, "rb") as f:
                head = f.read(65536)
        except OSError:
            head = b""
        if own_output(head) is None:
            raise InputError(f"{path}: not written by fetch (not in {manifest_mod.NAME}); move it "
                             "out of the folder or fetch into another one")


def fetch_to_folder(url: str, folder: Path, opts: FetchOptions | None = None, *,
                    engine: str | None = None, clock: _Clock | None = None) -> tuple[list[FetchedPage], int]:
    """`votecount fetch URL -o DIR`: the pages and manifest written into `folder`; returns the
    pages and how many were downloaded now. An earlier fetch of the same URL in the folder is
    reused (see fetch_thread); a folder holding anything else is refused."""
    opts = opts or FetchOptions()
    start = clean_url(url.strip())
    old = manifest_mod.load(folder) if folder.is_dir() else None
    _check_folder(folder, old, start)
    previous = _reusable(folder, old) if old is not None else []
    pages = fetch_thread(start, opts, engine=engine, previous=previous, clock=clock)
    _write_folder(folder, pages, start=start, old=old)
    return pages, sum(not p.reused for p in pages)


def _check_folder(folder: Path, old, start: str) -> None:
    """`folder` is new, empty, or an earlier fetch of the same URL holding nothing else."""
    if folder.exists() and not folder.is_dir():
        raise InputError(f"{folder}: not a folder")
    if old is None and folder.is_dir():
        others = [n for n in sorted(p.name for p in folder.iterdir()) if not n.startswith(".")]
        if others:
            raise InputError(f"{folder}: folder is not empty and holds no {manifest_mod.NAME} "
                             f"(has {others[0]}…); fetch into an empty or new folder")
    if old is not None:
        if old.url != start:
            raise InputError(f"{folder}: holds a fetch of {old.url}, not {start}; use another folder")
        _refuse_foreign(folder, old)


def _reusable(folder: Path, old) -> list[FetchedPage]:
    """The earlier fetch's pages still in the folder as the manifest says they were (a page
    missing or changed by hand is downloaded again rather than trusted)."""
    previous: list[FetchedPage] = []
    for e in old.entries:
        path = folder / e.file
        try:
            data = path.read_bytes()
        except OSError:
            continue  # missing: it will simply be downloaded again
        if manifest_mod.sha256(data) != e.sha256:
            continue  # changed by hand: download it again rather than trust it
        previous.append(FetchedPage(url=e.url, final_url=e.final_url, status=e.status,
                                    fetched_at=e.fetched_at, data=data, engine=e.engine,
                                    content_type=e.content_type, etag=e.etag,
                                    last_modified=e.last_modified, file=e.file))
    return previous


def _write_folder(folder: Path, pages: list[FetchedPage], *, start: str, old) -> None:
    """The pages that changed and the manifest, into `folder`; pages of the earlier fetch that
    are no longer the thread's are removed."""
    entries, changed = [], {}
    for number, page in enumerate(pages, 1):
        name = manifest_mod.page_file(number)
        if not (page.reused and page.file == name):
            changed[name] = page.data
        entries.append(manifest_mod.Entry(
            file=name, url=page.url, final_url=page.final_url, status=page.status,
            fetched_at=page.fetched_at, sha256=page.sha256, bytes=len(page.data),
            engine=page.engine, content_type=page.content_type, etag=page.etag,
            last_modified=page.last_modified))
    from .. import engines

    from . import pages as pages_mod
    title = engines.get(pages[0].engine).title(pages_mod.tree(pages[0].data, start))
    man = manifest_mod.Manifest(url=start, engine=pages[0].engine, title=title,
                                entries=tuple(entries), version=__version__,
                                watch=old.watch if old else None)  # watch's state stays
    names = {e.file for e in entries}
    stale = [e.file for e in (old.entries if old else ()) if e.file not in names]
    try:
        manifest_mod.write(folder, man, changed, stale)
    except OSError as exc:
        raise InputError(f"{folder}: cannot write ({exc.strerror or exc})") from None
