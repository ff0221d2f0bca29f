"""One page over HTTP for `fetch`: the options and limits of a fetch, the page as fetched, the
URL as it is named (no session ids or credentials), and the client that paces, retries and
enforces the limits. Messages name the page and its URL, never a cookie.

For `watch`, which asks the same forum again and again: a server's request to wait longer than
--max-wait is a `TooSoon` error that carries the wait (the next round honours it), and
`crawl_delay` reads the Crawl-delay robots.txt sets for votecount (or for every robot)."""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import TYPE_CHECKING, Callable
from urllib.parse import parse_qsl, quote, urlencode, urlsplit, urlunsplit

from .. import __version__
from . import manifest as manifest_mod
from ..errors import FetchError, InputError
from ..messages import counted

if TYPE_CHECKING:  # http.cookiejar and email.utils load only when a URL is fetched
    from http.cookiejar import CookieJar

class TooSoon(FetchError):
    """The server asked (Retry-After) to wait `wait` seconds before asking again."""

    def __init__(self, message: str, wait: float):
        super().__init__(message)
        self.wait = wait


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


_AGAIN = object()  # _Client._attempt: wait done, try again


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
        """The page at `url`; None when `previous` is still current (HTTP 304). A transient
        failure is tried again after a wait, until the --retries are spent."""
        headers = {}
        if previous is not None and previous.etag:
            headers["If-None-Match"] = previous.etag
        if previous is not None and previous.last_modified:
            headers["If-Modified-Since"] = previous.last_modified
        for attempt in range(self.opts.retries + 1):
            self._check_time(label)
            self._pace(label)
            got = self._attempt(url, label, headers=headers, previous=previous, attempt=attempt)
            if got is not _AGAIN:
                return got
        raise AssertionError("unreachable")  # every attempt returns, continues or raises

    def _attempt(self, url: str, label: str, *, headers: dict, previous: FetchedPage | None,
                 attempt: int):
        """One request: the page, None (304), or _AGAIN after waiting for the next attempt; a
        failure that is not transient, or the last attempt's, is an error."""
        httpx = self.httpx
        attempts = self.opts.retries + 1
        try:
            with self.http.stream("GET", url, headers=headers) as r:
                if r.status_code in RETRY_STATUSES:
                    self._wait_to_retry(r, label, attempt)
                    return _AGAIN
                return self._page(r, url, label, previous)
        except httpx.TooManyRedirects:
            raise FetchError(f"{label}: too many redirects") from None
        except (httpx.UnsupportedProtocol, httpx.InvalidURL) as exc:
            raise FetchError(self._say(f"{label}: cannot fetch ({exc})")) from None
        except httpx.TransportError as exc:
            kind = "timed out" if isinstance(exc, httpx.TimeoutException) else "connection failed"
            if attempt == attempts - 1:
                detail = self._say(str(exc) or type(exc).__name__)
                raise FetchError(f"{label}: {kind} after {counted('en', attempts, 'attempts')} ({detail})") from None
            self._sleep(self._backoff(attempt), label)
            return _AGAIN

    def _wait_to_retry(self, r, label: str, attempt: int) -> None:
        """429, 502-504: wait as the server asks (Retry-After, up to --max-wait), else back off;
        on the last attempt, or when asked to wait longer, give up."""
        opts = self.opts
        attempts = opts.retries + 1
        reason = f"HTTP {r.status_code} {r.reason_phrase}".strip()
        asked = retry_after(r.headers.get("Retry-After"), self.clock.now())
        if attempt == attempts - 1:
            message = f"{label}: {reason} after {counted('en', attempts, 'attempts')}"
            raise FetchError(message) if asked is None else TooSoon(message, asked)
        if asked is not None and asked > opts.max_wait:
            raise TooSoon(f"{label}: {reason}: the server asks to wait "
                          f"{asked:.0f} s (over the {opts.max_wait:g} s cap); try later", asked)
        self._sleep(asked if asked is not None else self._backoff(attempt), label)

    def _page(self, r, url: str, label: str, previous: FetchedPage | None) -> FetchedPage | None:
        """A response that is no retry: None for a 304 of `previous`, the page for a 2xx web
        page (read within the byte limits), else an error."""
        status = r.status_code
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


LOOPBACK = {"127.0.0.1", "::1", "localhost"}


def is_loopback(url: str) -> bool:
    """A URL of this machine (a test forum, a local mirror): no floor on how often it is asked."""
    return (urlsplit(url).hostname or "").lower() in LOOPBACK


def crawl_delay(url: str, opts: FetchOptions) -> float | None:
    """The seconds robots.txt of the URL's site asks between requests (`Crawl-delay`, in the
    group naming votecount, else the `*` group); None when it says none or cannot be read."""
    import httpx
    parts = urlsplit(url)
    robots = urlunsplit((parts.scheme, parts.netloc, "/robots.txt", "", ""))
    try:
        r = httpx.get(robots, headers={"User-Agent": USER_AGENT}, follow_redirects=True,
                      timeout=min(opts.timeout, 15.0), cookies=build_cookies(opts, url))
    except (httpx.HTTPError, OSError, ValueError):
        return None
    if r.status_code != 200:
        return None
    return robots_delay(r.text)


def robots_delay(text: str) -> float | None:
    """`Crawl-delay` of the robots.txt `text` for votecount: its own group's, else `*`'s."""
    delays: dict[str, float] = {}
    agents: list[str] = []
    in_rules = False
    for raw in text.splitlines():
        key, _, value = raw.split("#", 1)[0].partition(":")
        key, value = key.strip().lower(), value.strip()
        if key == "user-agent":
            agents = [] if in_rules else agents
            agents.append(value.lower())
            in_rules = False
        elif key:
            in_rules = True
            if key == "crawl-delay":
                try:
                    seconds = float(value)
                except ValueError:
                    continue
                for agent in agents:
                    delays.setdefault(agent, seconds)
    found = delays.get("votecount", delays.get("*"))
    return found if found is not None and found >= 0 and found == found and found < 86400 else None
