"""Forum engines. Each module defines one record, ENGINE (votecount/engines/kit/engine.py): its layouts with
their markers and selectors, its hooks; detect, posts, next_page and title are the record's.

Detection uses explicit markers only, in the order below (more specific engines first), after
one look at the page (votecount/engines/kit/look.py): the bytes parsed are searched for every engine's
literals (in one pass), and only the engines whose literals are there have their markers asked (the first of them
that claims the page is the engine, as if every engine had been asked in turn). There is no
generic fallback: an unknown page is an error that lists what was tried. The generic reader
(generic.py) is used only when named: `get("generic")`, never by detect().

A new engine is one module here (its ENGINE record) and one entry in the list below; the
machinery every engine shares is in kit/.

May import: votecount.model, votecount.errors.
"""

from __future__ import annotations

from importlib import import_module

from ..errors import ParseError
from .kit.engine import Engine
from .kit.pagewalk import page_look

# The engines: one module each, in detection order (more specific engines first). The one list
# of them: PARSERS, NAMES, the CLI's errors and the tests' counts are read from it.
ORDER = ("curse", "nodebb", "vbulletin", "discourse", "xenforo", "mybbru", "punbb", "mybb", "smf", "ips4",
         "ipb", "ucoz", "torrentpier", "forumotion", "phpbb2", "phpbb")

PARSERS: tuple[Engine, ...] = tuple(import_module(f".{module}", __name__).ENGINE for module in ORDER)
NAMES = tuple(p.name for p in PARSERS)
# Every engine's literals, asked of a page together (one pass of its bytes: Look.ask).
LITERALS = tuple(dict.fromkeys(lit for p in PARSERS for lit in p.literals))


# Asked for by name only (--engine generic), never by detection: the structure of an unknown
# board's page, read with one warning (generic.py).
GENERIC = "generic"


def get(name: str) -> Engine:
    for parser in PARSERS:
        if parser.name == name:
            return parser
    if name == GENERIC:
        return import_module(f".{GENERIC}", __name__).ENGINE
    raise ParseError(f"unknown engine '{name}'; known engines: {', '.join(NAMES)}, "
                     f"or {GENERIC} (any board, read by its structure)")


def detect(doc, url: str | None = None, source: str = "<page>") -> Engine:
    """The first engine in PARSERS order whose markers claim the page, asking only those whose
    literals the page's look may hold (votecount/engines/kit/look.py: a look that cannot prove an absence
    leaves every engine to be asked, as before the look)."""
    seen = page_look(doc, write=True)  # kept in the page memo: pagewalk.lacks reads it
    seen.ask(LITERALS)
    for parser in PARSERS:
        if parser.possible(seen) and parser.detect(doc, url):
            return parser
    raise ParseError(f"{source}: not a forum thread page of a known engine (tried: "
                     f"{', '.join(NAMES)}); if it is one, name it with --engine, or read it by its structure "
                     f"with --engine {GENERIC}")
