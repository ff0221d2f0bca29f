"""Forum engines. Each module: NAME, detect(doc, url), posts(doc, page), next_page(doc, url), title(doc).

Detection uses explicit markers only, in the order below (more specific engines first).
There is no generic fallback: an unknown page is an error that lists what was tried.
"""

from __future__ import annotations

from types import ModuleType

from votecount.errors import ParseError

from . import (
    curse,
    discourse,
    forumotion,
    ipb,
    ips4,
    mybb,
    mybbru,
    nodebb,
    phpbb,
    phpbb2,
    punbb,
    smf,
    torrentpier,
    ucoz,
    vbulletin,
    xenforo,
)

PARSERS: tuple[ModuleType, ...] = (curse, nodebb, vbulletin, discourse, xenforo, mybbru, punbb, mybb, smf, ips4, ipb, ucoz, torrentpier, forumotion, phpbb2, phpbb)
NAMES = tuple(p.NAME for p in PARSERS)


def get(name: str) -> ModuleType:
    for parser in PARSERS:
        if parser.NAME == name:
            return parser
    raise ParseError(f"unknown engine '{name}'; known engines: {', '.join(NAMES)}")


def detect(doc, url: str | None = None, source: str = "<page>") -> ModuleType:
    for parser in PARSERS:
        if parser.detect(doc, url):
            return parser
    raise ParseError(f"{source}: not a forum thread page of a known engine (tried: "
                     f"{', '.join(NAMES)}); if it is one, name it with --engine")
