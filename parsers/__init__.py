"""Forum engines. Each module defines one record, ENGINE (parsers/engine.py): its layouts with
their markers and selectors, its hooks; detect, posts, next_page and title are the record's.

Detection uses explicit markers only, in the order below (more specific engines first), after
one look at the page: its markup is serialized once and searched for each engine's literals,
and only the engines whose literals are there have their markers asked (the first of them
that claims the page is the engine, as if every engine had been asked in turn). There is no
generic fallback: an unknown page is an error that lists what was tried.
"""

from __future__ import annotations

from votecount.errors import ParseError

from . import (  # noqa: I001 (the engine modules)
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

from .base import page_memo
from .engine import Engine
from .markup import look
from .pagewalk import whole_look

PARSERS: tuple[Engine, ...] = tuple(m.ENGINE for m in (
    curse, nodebb, vbulletin, discourse, xenforo, mybbru, punbb, mybb, smf, ips4, ipb, ucoz,
    torrentpier, forumotion, phpbb2, phpbb))
NAMES = tuple(p.name for p in PARSERS)


def get(name: str) -> Engine:
    for parser in PARSERS:
        if parser.name == name:
            return parser
    raise ParseError(f"unknown engine '{name}'; known engines: {', '.join(NAMES)}")


def detect(doc, url: str | None = None, source: str = "<page>") -> Engine:
    """The first engine in PARSERS order whose markers claim the page, asking only those whose
    literals the look holds. A look that is not the whole page (an element libxml2 left beside
    the root: a host's page saved in front of the forum's, a footer page after it) proves no
    absence, and every engine is asked, as before the look."""
    seen = page_memo(doc)["look"] = look(doc)  # kept: pagewalk.lacks reads it
    whole = whole_look(doc) is not None
    for parser in PARSERS:
        if (not whole or parser.possible(seen)) and parser.detect(doc, url):
            return parser
    raise ParseError(f"{source}: not a forum thread page of a known engine (tried: "
                     f"{', '.join(NAMES)}); if it is one, name it with --engine")
