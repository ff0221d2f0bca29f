"""THREAD → Thread: read pages, decode, detect the engine once, parse, merge.

The moment a page was saved (for "Сегодня 19:45") comes from, in order: --saved-at, a
SingleFile "saved date" comment in the page, the engine's footer clock (a parser's
`page_now`), the file's modification time. The Thread says which one was used.
"""

from __future__ import annotations

import re
from datetime import datetime
from zoneinfo import ZoneInfo

import parsers

from . import pages as pages_mod
from . import sources, thread
from .errors import ParseError
from .model import Page, Thread

_SINGLEFILE = re.compile(r"saved date:\s*(.+?)\s*(?:\n|-->)", re.I)
_JS_DATE = re.compile(r"\w{3} (\w{3}) (\d{1,2}) (\d{4}) (\d{2}):(\d{2}):(\d{2}) GMT([+-]\d{4})")
_MONTHS = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split()


def _singlefile_date(doc) -> datetime | None:
    for comment in doc.xpath("//comment()")[:5]:
        m = _SINGLEFILE.search(comment.text or "")
        if not m:
            continue
        j = _JS_DATE.search(m.group(1))
        if j and j.group(1) in _MONTHS:
            mon, day, year, h, mi, s, off = j.groups()
            return datetime.strptime(f"{year}-{_MONTHS.index(mon) + 1:02d}-{day} {h}:{mi}:{s} {off}",
                                     "%Y-%m-%d %H:%M:%S %z")
    return None


def saved_moment(doc, parser, raw: sources.RawPage, tz: ZoneInfo,
                 saved_at: datetime | None) -> tuple[datetime | None, str | None]:
    if saved_at:
        return saved_at, "--saved-at"
    found = _singlefile_date(doc)
    if found:
        return found, "SingleFile comment in the page"
    page_now = getattr(parser, "page_now", None)
    if page_now:
        found = page_now(doc, tz)
        if found:
            return found, "the forum's clock in the page footer"
    if raw.mtime:
        return raw.mtime, "the file's modification time"
    return None, None


def read_thread(thread_arg: str | list[str], *, tz: ZoneInfo, engine: str | None = None,
                saved_at: datetime | None = None) -> Thread:
    """One thread from one THREAD argument, or from several (pages given one by one)."""
    args = [thread_arg] if isinstance(thread_arg, str) else list(thread_arg)
    raws = [raw for arg in args for raw in sources.read(arg)]
    thread_arg = " ".join(args)
    parser = parsers.get(engine) if engine else None
    posts, title, used = [], "", set()
    titles: dict[str, str] = {}  # page → its thread title (pages of two threads are refused)
    for number, raw in enumerate(raws, 1):
        doc = pages_mod.tree(raw.data, raw.source, whole=True)
        if not engine:  # every page is detected: pages of two forums must not be mixed
            page_parser = parsers.detect(doc, None, raw.source)
            if parser is not None and page_parser is not parser:
                raise ParseError(f"{raw.source}: page is {page_parser.NAME} but earlier pages are {parser.NAME}")
            parser = page_parser
        now, why = saved_moment(doc, parser, raw, tz, saved_at)
        page = Page(source=raw.source, number=number, tz=tz, saved_at=now, saved_at_source=why)
        found = parser.posts(doc, page)
        if not found:
            raise ParseError(f"{raw.source}: no posts found (engine {parser.NAME})")
        if why:
            used.add(why)
        posts.extend(found)
        titles[raw.source] = parser.title(doc)
        title = title or titles[raw.source]
    return thread.merge(posts, title=title, engine=parser.NAME, pages=len(raws),
                        source=thread_arg, saved_at_source=", ".join(sorted(used)) or None,
                        page_titles=titles)
