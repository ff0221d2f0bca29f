"""Every page of a live thread: the only network code in votecount.

A thread is walked from the URL given by following the engine's next-page link (each parser's
`next_page`), one request at a time with a polite delay: the next page is only known once the
current one is read, and forums are small servers run by volunteers. Transient failures
(connection errors, timeouts, 429, 502–504) are retried with backoff, honouring Retry-After;
any other failure aborts the whole fetch: a thread with a page missing is never returned.

`fetch_thread` returns the pages in memory; `votecount fetch` writes them with a manifest
(`manifest.py`), and a re-run reuses the pages it already has except the last one (which may
have grown) — `refresh` asks again for every page, conditionally where the server sent an
ETag or Last-Modified.
"""

from __future__ import annotations

import re
import sys
import time
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Callable
from urllib.parse import parse_qsl, quote, urlencode, urljoin, urlsplit, urlunsplit

from . import __version__
from . import manifest as manifest_mod
from .errors import ConfigError, FetchError, InputError, ParseError

if TYPE_CHECKING:  # http.cookiejar and email.utils load only when a URL is fetched
    from http.cookiejar import CookieJar

USER_AGENT = f"votecount/{__version__} (vote counter for forum mafia games; python-httpx)"
RETRY_STATUSES = {429, 502, 503, 504}
_SESSION_PARAMS = {"sid", "s", "phpsessid", "sessionid", "session_id", "sess_id"}
_SESSION_VALUE = re.compile(r"[0-9A-Za-z]{16,}")


@dataclass(frozen=True)
class FetchOptions:
    delay: float = 1.0  # seconds between requests
    timeout: float = 30.0  # per request (connect, read)
    retries: int = 4  # extra attempts after a transient failure
    backoff: float = 1.0  # first backoff wait; doubles each attempt, capped at 30 s
    max_wait: float = 120.0  # a longer Retry-After aborts instead of waiting
    max_pages: int = 2000
    max_page_bytes: int = 32 * 1024 * 1024
    max_bytes: int = 512 * 1024 * 1024
    max_time: float = 3600.0  # seconds for the whole thread
    cookies_file: str | None = None
    cookies: tuple[str, ...] = ()  # NAME=VALUE for the thread's host
    refresh: bool = False
    progress: bool = True  # a progress bar on standard error when it is a terminal


@dataclass(frozen=True)
class FetchedPage:
    url: str  # asked for (session ids and credentials removed)
    final_url: str  # after redirects
    status: int
    fetched_at: datetime  # aware, whole seconds: the moment "Сегодня" refers to
    data: bytes  # the body byte for byte (after Content-Encoding)
    engine: str
    content_type: str = ""
    etag: str | None = None
    last_modified: str | None = None
    reused: bool = False  # taken from an earlier fetch, not downloaded now
    file: str | None = None  # its file in a fetched folder

    @property
    def sha256(self) -> str:
        return manifest_mod.sha256(self.data)


@dataclass
class _Clock:
    sleep: Callable[[float], None] = time.sleep
    monotonic: Callable[[], float] = time.monotonic
    now: Callable[[], datetime] = field(default=lambda: datetime.now(timezone.utc).astimezone())


def is_url(arg: str) -> bool:
    return arg.lower().startswith(("http://", "https://"))


def clean_url(url: str) -> str:
    """The URL without a fragment, user name and password, or session-id parameters (a
    phpBB `sid`, vBulletin `s`, PHPSESSID): they are credentials, and they make one page look
    like two to the loop guard."""
    parts = urlsplit(url)
    netloc = parts.netloc.rsplit("@", 1)[-1]
    query = parts.query
    if query:
        pairs = parse_qsl(query, keep_blank_values=True)
        kept = [(k, v) for k, v in pairs
                if not (k.lower() in _SESSION_PARAMS and _SESSION_VALUE.fullmatch(v))]
        if len(kept) != len(pairs):
            query = urlencode(kept)
    # non-ASCII as UTF-8 percent-escapes, as httpx sends them: one page, one spelling
    path = quote(parts.path, safe="/%:@!$&'()*+,;=-._~")
    query = quote(query, safe="/?%:@!$&'()*+,;=-._~")
    return urlunsplit((parts.scheme.lower(), netloc.lower(), path, query, ""))


def _site(url: str) -> tuple[str, int | None]:
    parts = urlsplit(url)
    host = (parts.hostname or "").lower().removeprefix("www.")
    default = {"http": 80, "https": 443}.get(parts.scheme)
    port = parts.port if parts.port != default else None
    return host, port


def retry_after(value: str | None, now: datetime) -> float | None:
    """Seconds to wait from a Retry-After header: delta-seconds or an HTTP date."""
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        import email.utils
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=timezone.utc)
    return max(0.0, (when - now).total_seconds())


def build_cookies(opts: FetchOptions, url: str) -> CookieJar:
    from . import cookies
    from http.cookiejar import CookieJar
    jar = CookieJar()
    if opts.cookies_file:
        cookies.load_cookies_txt(opts.cookies_file, jar)
    host = urlsplit(url).hostname or ""
    for spec in opts.cookies:
        cookies.add_cookie_option(jar, spec, host)
    return jar


class _Client:
    """One httpx client: pacing, retries, limits. Messages name the page and its URL, never
    a cookie."""

    def __init__(self, opts: FetchOptions, jar: CookieJar, clock: _Clock, started: float):
        import httpx
        self.httpx = httpx
        self.opts, self.jar, self.clock, self.started = opts, jar, clock, started
        self.last: float | None = None
        self.bytes = 0
        self.http = httpx.Client(
            headers={"User-Agent": USER_AGENT,
                     "Accept": "text/html,application/xhtml+xml;q=0.9,*/*;q=0.5"},
            timeout=httpx.Timeout(opts.timeout, connect=min(opts.timeout, 15.0)),
            follow_redirects=True, max_redirects=10, cookies=jar,
            limits=httpx.Limits(max_connections=3, max_keepalive_connections=3))

    def close(self) -> None:
        self.http.close()

    def _say(self, text: str) -> str:
        from .cookies import redact
        return redact(text, self.jar)

    def _check_time(self, label: str, wait: float = 0.0) -> None:
        spent = self.clock.monotonic() - self.started + wait
        if spent > self.opts.max_time:
            raise FetchError(f"{label}: stopped: the thread took over the --max-time limit of "
                             f"{self.opts.max_time:g} s (raise it to fetch a thread this long)")

    def _sleep(self, seconds: float, label: str) -> None:
        if seconds > 0:
            self._check_time(label, seconds)
            self.clock.sleep(seconds)

    def _pace(self, label: str) -> None:
        if self.last is not None:
            self._sleep(self.opts.delay - (self.clock.monotonic() - self.last), label)
        self.last = self.clock.monotonic()

    def _backoff(self, attempt: int) -> float:
        return min(self.opts.backoff * 2 ** attempt, 30.0)

    def get(self, url: str, label: str, previous: FetchedPage | None = None) -> FetchedPage | None:
        """The page at `url`; None when `previous` is still current (HTTP 304)."""
        httpx, opts = self.httpx, self.opts
        headers = {}
        if previous is not None and previous.etag:
            headers["If-None-Match"] = previous.etag
        if previous is not None and previous.last_modified:
            headers["If-Modified-Since"] = previous.last_modified
        attempts = opts.retries + 1
        for attempt in range(attempts):
            self._check_time(label)
            self._pace(label)
            last_try = attempt == attempts - 1
            try:
                with self.http.stream("GET", url, headers=headers) as r:
                    status = r.status_code
                    if status in RETRY_STATUSES:
                        reason = f"HTTP {status} {r.reason_phrase}".strip()
                        if last_try:
                            raise FetchError(f"{label}: {reason} after {attempts} attempts")
                        asked = retry_after(r.headers.get("Retry-After"), self.clock.now())
                        if asked is not None and asked > opts.max_wait:
                            raise FetchError(f"{label}: {reason}: the server asks to wait "
                                             f"{asked:.0f} s (over the {opts.max_wait:g} s cap); try later")
                        self._sleep(asked if asked is not None else self._backoff(attempt), label)
                        continue
                    if status == 304 and previous is not None:
                        return None
                    if not 200 <= status < 300 or status == 204:
                        hint = ""
                        if status in (401, 403):
                            hint = " (a closed section? give your browser's cookies with --cookies FILE)"
                        raise FetchError(self._say(f"{label}: HTTP {status} {r.reason_phrase}{hint}".rstrip()))
                    ctype = r.headers.get("Content-Type", "")
                    mime = ctype.split(";")[0].strip().lower()
                    if mime and mime not in ("text/html", "application/xhtml+xml", "text/plain"):
                        raise InputError(f"{label}: not a web page (Content-Type: {mime})")
                    data = self._read(r, label)
                    return FetchedPage(url=url, final_url=clean_url(str(r.url)), status=status,
                                       fetched_at=self.clock.now().replace(microsecond=0),
                                       data=data, engine="", content_type=ctype,
                                       etag=r.headers.get("ETag"),
                                       last_modified=r.headers.get("Last-Modified"))
            except httpx.TooManyRedirects:
                raise FetchError(f"{label}: too many redirects") from None
            except (httpx.UnsupportedProtocol, httpx.InvalidURL) as exc:
                raise FetchError(self._say(f"{label}: cannot fetch ({exc})")) from None
            except httpx.TransportError as exc:
                kind = "timed out" if isinstance(exc, httpx.TimeoutException) else "connection failed"
                if last_try:
                    detail = self._say(str(exc) or type(exc).__name__)
                    raise FetchError(f"{label}: {kind} after {attempts} attempts ({detail})") from None
                self._sleep(self._backoff(attempt), label)
        raise AssertionError("unreachable")  # every attempt returns, continues or raises

    def _read(self, r, label: str) -> bytes:
        limit = self.opts.max_page_bytes
        length = r.headers.get("Content-Length")
        if length and length.isdigit() and int(length) > limit:
            raise FetchError(f"{label}: page is {int(length):,} bytes, over the --max-page-bytes "
                             f"limit of {limit:,}")
        chunks, size = [], 0
        for chunk in r.iter_bytes():
            size += len(chunk)
            if size > limit:
                raise FetchError(f"{label}: page is over the --max-page-bytes limit of {limit:,} bytes")
            if self.bytes + size > self.opts.max_bytes:
                raise FetchError(f"{label}: the thread is over the --max-bytes limit of "
                                 f"{self.opts.max_bytes:,} bytes")
            chunks.append(chunk)
        self.bytes += size
        return b"".join(chunks)


def _all_posts(client, parser, first: FetchedPage, title_key, opts) -> FetchedPage | None:
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
    from .model import Page
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
    import parsers

    from . import pages as pages_mod

    opts = opts or FetchOptions()
    clock = clock or _Clock()
    if not is_url(url):
        raise ConfigError(f"{url}: not an http(s) URL")
    start = clean_url(url.strip())
    jar = build_cookies(opts, start)
    old = {p.url: p for p in previous or ()}
    old_last = previous[-1].url if previous else None
    client = _Client(opts, jar, clock, clock.monotonic())
    progress = _Progress(opts.progress)
    got: list[FetchedPage] = []
    seen: set[str] = set()
    parser = parsers.get(engine) if engine else None
    title_key, site = None, None
    try:
        current: str | None = start
        while current:
            number = len(got) + 1
            label = f"page {number} ({current})"
            if number > opts.max_pages:
                raise FetchError(f"{start}: the thread has more than {opts.max_pages} pages, the "
                                 "--max-pages limit (raise it to fetch it all)")
            prior = old.get(current)
            if prior is not None and not opts.refresh and current != old_last:
                page = prior
            else:
                page = client.get(current, label, prior)
                if page is None:  # 304: the copy we have is current
                    page = prior
            seen.update((page.url, page.final_url))
            if site is None:
                site = _site(page.final_url)
            doc = pages_mod.tree(page.data, label)
            if parser is None:
                try:
                    parser = parsers.detect(doc, None, label)
                except ParseError as exc:
                    raise ParseError(f"{exc}; if the thread needs a login, give --cookies FILE") from None
            elif not engine and not parser.detect(doc, None):  # the first page's engine only
                found = parsers.detect(doc, None, label)
                raise ParseError(f"{label}: page is {found.NAME} but earlier pages are {parser.NAME}")
            key = _title_key(parser.title(doc))
            if title_key is None:
                title_key = key
            elif key and title_key and key != title_key:
                raise FetchError(f"{label}: the next-page link led to another thread "
                                 f"('{parser.title(doc)}'); stopped rather than mix two threads")
            page = replace(page, engine=parser.NAME, reused=page is prior)
            got.append(page)
            if on_page:
                on_page(page)
            following = _resolve_next(doc, parser, page)
            if following in (page.url, page.final_url):
                following = None  # a last page that links to itself
            if following and number == 1 and parser.all_posts_url is not None:
                whole = _all_posts(client, parser, page, title_key, opts)
                if whole is not None:  # the engine's one-page view: every post, no next link
                    got[0] = page = whole
                    if on_page:
                        on_page(page)
                    following = None
            if following is not None:
                if following in seen:
                    raise FetchError(f"{label}: the next-page link goes back to an earlier page "
                                     f"({following}); the pagination loops")
                if _site(following) != site:
                    raise FetchError(f"{label}: the next-page link leaves the forum ({following})")
            progress.update(number, _pages_total(doc, following, number) if following else number,
                            parser.title(doc))
            current = following
    finally:
        progress.close()
        client.close()
    return got


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
    previous: list[FetchedPage] = []
    old = manifest_mod.load(folder) if folder.is_dir() else None
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
    pages = fetch_thread(start, opts, engine=engine, previous=previous, clock=clock)
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
    import parsers

    from . import pages as pages_mod
    title = parsers.get(pages[0].engine).title(pages_mod.tree(pages[0].data, start))
    man = manifest_mod.Manifest(url=start, engine=pages[0].engine, title=title,
                                entries=tuple(entries), version=__version__)
    names = {e.file for e in entries}
    stale = [e.file for e in (old.entries if old else ()) if e.file not in names]
    try:
        manifest_mod.write(folder, man, changed, stale)
    except OSError as exc:
        raise InputError(f"{folder}: cannot write ({exc.strerror or exc})") from None
    return pages, sum(not p.reused for p in pages)
