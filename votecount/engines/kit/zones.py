"""The zone a page says its printed times are in, from the forum's own footer line.

phpBB 3.0 "All times are UTC + 3 hours [ DST ]" / "Часовой пояс: UTC + 3 часа [ Летнее время ]";
phpBB 3.1+ "All times are <span title="Europe/Moscow">UTC+03:00</span>" (the Russian pack
translates the title: "Европа/Москва"); phpBB 2 and TorrentPier "All times are GMT + 3 Hours" /
"Часовой пояс: GMT + 3"; vBulletin "All times are GMT -5." / "Часовой пояс GMT +3, время: …".

Precedence when a parser reads a post time (each engine module that calls `in_stated_zone`
says so in its docstring):

1. a machine-readable attribute (ISO 8601 with an offset, epoch) is an instant: it wins;
2. else the printed text is read in the zone the page states, because the forum printed it in
   the viewer's profile zone (the GM's or a player's), which may differ from the game's zone;
3. else in `page.tz` (--tz, the game file's zone, or the default).

A stated IANA name (phpBB 3.1+ title) is used as a zone, so posts on both sides of a DST
change are right; a bare offset is a fixed offset: correct for the season the page was
generated in, which is all the page tells (Moscow has had no DST since 2014).
Only a footer line counts: a "Часовой пояс: …" written inside a post is ignored.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import timedelta, timezone, tzinfo
from typing import Callable
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from ...model import Page

from .pagewalk import texts_containing

_STATED = re.compile(
    r"(?:all times are|часовой пояс)\s*:?\s*(?:utc|gmt)"
    r"(?:\s*(?P<sign>[+\-−])\s*(?P<h>\d{1,2})(?:(?P<sep>[:.,])(?P<frac>\d{1,2}))?)?"
    r"(?:\s*(?:hours?|час\w*))?"
    r"(?:\s*\[\s*(?P<dst>dst|летнее время)\s*\])?",
    re.I,
)
# Titles of phpBB 3.1+'s Russian pack (language/ru/timezones.php) for the zones Russian-speaking
# forums use; any other title is tried as an IANA name as printed.
_RU_CITIES = {
    "москва": "Europe/Moscow", "калининград": "Europe/Kaliningrad", "самара": "Europe/Samara",
    "волгоград": "Europe/Volgograd", "екатеринбург": "Asia/Yekaterinburg", "омск": "Asia/Omsk",
    "новосибирск": "Asia/Novosibirsk", "красноярск": "Asia/Krasnoyarsk", "иркутск": "Asia/Irkutsk",
    "якутск": "Asia/Yakutsk", "владивосток": "Asia/Vladivostok", "магадан": "Asia/Magadan",
    "камчатка": "Asia/Kamchatka", "киев": "Europe/Kiev", "минск": "Europe/Minsk",
    "алматы": "Asia/Almaty", "ташкент": "Asia/Tashkent", "рига": "Europe/Riga",
    "таллин": "Europe/Tallinn", "вильнюс": "Europe/Vilnius", "кишинёв": "Europe/Chisinau",
}
_STATES = ("All times are", "all times are", "Часовой пояс", "часовой пояс")


def _stated_texts(doc) -> list:
    """The text nodes holding one of `_STATES` (when detection has looked at the page, asking
    only for the phrases its look holds: pagewalk.texts_containing)."""
    return texts_containing(doc, _STATES)


def read_zone(text: str) -> tzinfo | None:
    """The fixed offset a footer line states ("All times are GMT +3"), or None."""
    m = _STATED.search(re.sub(r"\s+", " ", text.replace("\xa0", " ")))
    if not m:
        return None
    minutes = 0
    if m["h"]:
        minutes = int(m["h"]) * 60
        if m["frac"]:
            minutes += (int(m["frac"]) if m["sep"] == ":"
                        else round(float("0." + m["frac"]) * 60))
        if m["sign"] in "-−":
            minutes = -minutes
    if m["dst"]:  # phpBB 3.0 prints the base offset and flags summer time separately
        minutes += 60
    if abs(minutes) >= 24 * 60:
        return None
    return timezone.utc if minutes == 0 else timezone(timedelta(minutes=minutes))


def named_zone(title: str) -> ZoneInfo | None:
    """An IANA zone from a title such as "Europe/Moscow" or "Европа/Москва"; else None."""
    title = title.strip()
    city = title.rsplit("/", 1)[-1].strip().lower()
    name = _RU_CITIES.get(city, title)
    if not re.fullmatch(r"[A-Za-z_]+(?:/[A-Za-z_+\-0-9]+)+", name):
        return None
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return None


Posts = str | tuple[str, ...] | Callable[[object], bool]


def stated_zone(doc, posts: Posts) -> tzinfo | None:
    """The zone the page's footer states, ignoring text inside posts: `posts` is the XPath (or
    the XPaths) of the post elements, or a predicate true of a post element (asked only of the
    few elements around a stated zone, where an XPath finds every post of the page first)."""
    found = _stated_texts(doc)
    if not found:  # most pages state no zone: the posts are not looked up for nothing
        return None
    in_post = posts if callable(posts) else _members(doc, posts)
    for node in reversed(found):  # the footer is after the posts
        el = node.getparent()
        if el is not None and node.is_tail:  # text after a child element belongs to its parent
            el = el.getparent()
        if el is None or in_post(el) or any(map(in_post, el.iterancestors())):
            continue
        zone = read_zone("".join(el.itertext()))
        if zone is None:
            continue
        for title in el.xpath(".//*[@title]/@title"):
            named = named_zone(title)
            if named is not None:
                return named
        return zone
    return None


def _members(doc, xpath: str | tuple[str, ...]) -> Callable[[object], bool]:
    return set(doc.xpath(xpath if isinstance(xpath, str) else " | ".join(xpath))).__contains__


def in_stated_zone(doc, page: Page, posts: Posts) -> Page:
    """`page` with its zone for printed times replaced by the one the page states, if any."""
    zone = stated_zone(doc, posts)
    return replace(page, tz=zone) if zone is not None else page
