"""The zone `votecount init` drafts: the one the saved pages state, not Moscow by default.

Evidence, in order: the forum's footer ("All times are UTC", vBulletin's "GMT +3", phpBB 3.1+'s
zone name; votecount/engines/kit/zones.py reads it), then the offset of a SingleFile "saved date" (the clock
of whoever saved the page, usually a player of the game), else Europe/Moscow, said as a default.
A bare offset becomes UTC, Europe/Moscow for +3 (the zone of most Russian games), or the
Etc/GMT name of that offset; the draft marks the line CHECK either way.
"""

from __future__ import annotations

from datetime import timedelta
from zoneinfo import ZoneInfo

from ..model import DEFAULT_TZ
from ..errors import VotecountError
from .guess import MSK

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

    from ..read.pages import saved_date
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


def guess(threads: list[str]) -> tuple[str, str]:
    """(zone name, why) for the THREAD arguments: their first and last saved pages are read
    (not a URL: it is fetched once, later, in the default zone). A page that cannot be read
    gives the default here; reading the thread then names the problem."""
    from ..read import pages, sources
    docs = []
    try:
        for arg in threads:
            if arg == "-" or arg.lower().startswith(("http://", "https://")):
                continue
            raws = sources.read(arg)
            picked = [raws[-1]] + ([raws[0]] if len(raws) > 1 else [])  # the footer's newest first
            docs += [pages.tree(r.data, r.source) for r in picked]
    except VotecountError:
        docs = []
    found = from_docs(docs) if docs else None
    return found or (DEFAULT_TZ, "the pages state no zone: Moscow, the default; give --tz otherwise")
