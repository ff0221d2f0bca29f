"""The zone `votecount init` drafts: the one the saved pages state, not Moscow by default.

Evidence, in order: the forum's footer ("All times are UTC", vBulletin's "GMT +3", phpBB 3.1+'s
zone name; votecount/engines/kit/zones.py reads it), then the offset of a SingleFile "saved date" (the clock
of whoever saved the page, usually a player of the game), else Europe/Moscow for pages in
Russian and UTC for others (page_language), said as a default. A count without --tz or a game
file takes its zone the same way (zone_note), with one note saying which.
A bare offset becomes UTC, Europe/Moscow for +3 (the zone of most Russian games), or the
Etc/GMT name of that offset; the draft marks the line CHECK either way.
"""

from __future__ import annotations

from datetime import timedelta
from zoneinfo import ZoneInfo

from ..model import DEFAULT_TZ
from ..errors import VotecountError

MSK = "Europe/Moscow"  # "МСК", "по Москве", +03:00: the zone a Russian GM or board names

# Elements that hold a post's text, on every engine: a "Часовой пояс: …" written in a post is
# not the page's zone.
_POSTS = ("//*[contains(@class,'post') or contains(@class,'content') or contains(@class,'message')"
          " or starts-with(@id,'post_message')]")


def offset_name(offset: timedelta | None) -> str | None:
    """An IANA name for a fixed offset, or None for one no whole-hour zone has."""
    if offset is None:
        return None
    minutes = int(offset.total_seconds() // 60)
    if minutes == 0:
        return "UTC"
    if minutes == 180:
        return MSK
    if minutes % 60 or abs(minutes) > 14 * 60:
        return None
    return f"Etc/GMT{-minutes // 60:+d}"  # POSIX signs: Etc/GMT-5 is UTC+5


def _label(offset: timedelta) -> str:
    minutes = int(offset.total_seconds() // 60)
    return "UTC" if not minutes else f"UTC{'+' if minutes > 0 else '-'}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}"


def from_docs(docs) -> tuple[str, str] | None:
    """(zone name, why) from the pages' own evidence, or None."""
    from ..engines.kit.zones import stated_zone

    from .pages import saved_date
    for doc in docs:
        zone = stated_zone(doc, _POSTS)
        if isinstance(zone, ZoneInfo):
            return zone.key, f"the page's footer names the zone {zone.key}"
        name = offset_name(zone.utcoffset(None)) if zone is not None else None
        if name:
            return name, f"the page's footer says its times are {_label(zone.utcoffset(None))}"
    for doc in docs:
        saved = saved_date(doc)
        name = offset_name(saved.utcoffset()) if saved is not None else None
        if name:
            return name, (f"the page's SingleFile save date is {_label(saved.utcoffset())} (the "
                          "clock of whoever saved it)")
    return None


def mostly_cyrillic(text: str) -> bool:
    """A fifth of the text's letters or more are Cyrillic: Russian text (Latin nicks, links and
    quoted English around it do not outweigh it). The one test of a thread's or a page's script."""
    letters = [ch for ch in text if ch.isalpha()]
    return bool(letters) and sum("\u0400" <= ch <= "\u04ff" for ch in letters) >= len(letters) * 0.2


def page_language(docs) -> str:
    """"ru" or "en": Russian when the pages' text is mostly Cyrillic, or when `<html lang>` says
    so; English otherwise (an `<html lang="en">` of a skin's default says less than the posts'
    own script)."""
    if mostly_cyrillic(" ".join(" ".join(doc.itertext()) for doc in docs)):
        return "ru"
    declared = [(doc.getroottree().getroot().get("lang") or "").strip().lower()[:2] for doc in docs]
    return "ru" if any(d in ("ru", "uk", "be") for d in declared) else "en"


def docs_of(raws) -> list:
    """The trees of a thread's last page and first page (the footer's newest first)."""
    from . import pages
    picked = [raws[-1]] + ([raws[0]] if len(raws) > 1 else []) if raws else []
    return [pages.tree(r.data, r.source) for r in picked]


def _chosen(read_pages) -> tuple[str, str, str]:
    """(zone name, which: "stated" | "ru" | "utc", why) of the pages `read_pages()` gives (lists
    of raw pages; reading them may fail) for a count or draft told no zone otherwise: the one they state; else Moscow for pages in Russian (or none to read: a
    URL is fetched later), UTC for others. A page that cannot be read gives the default here;
    reading the thread then names the problem."""
    try:
        docs = [doc for raws in read_pages() for doc in docs_of(raws)]
    except VotecountError:
        docs = []
    found = from_docs(docs) if docs else None
    if found:
        return found[0], "stated", found[1]
    if docs and page_language(docs) == "en":
        return "UTC", "utc", "the pages state no zone and are not in Russian: UTC; give --tz otherwise"
    return DEFAULT_TZ, "ru", "the pages state no zone: Moscow, the zone of Russian boards; give --tz otherwise"


def zone_note(raws):
    """(zone name, the Note that says why) for a count without --tz or a game file."""
    from ..model import Note
    name, which, _ = _chosen(lambda: [raws])
    return name, Note.of({"stated": "warning.zone_stated", "ru": "warning.zone_default_ru",
                          "utc": "warning.zone_default_utc"}[which], zone=name)


def guess(threads: list[str]) -> tuple[str, str]:
    """(zone name, why) for `init`'s THREAD arguments: their first and last saved pages are
    read (not a URL: it is fetched once, later, in the default zone)."""
    name, _, why = _chosen(lambda: [local_pages(arg) for arg in threads])
    return name, why


def local_pages(arg: str) -> list:
    """The saved pages of a THREAD argument; none for a URL or standard input (read later)."""
    from . import sources
    if arg == "-" or sources.is_url(arg):
        return []
    return sources.read(arg)
