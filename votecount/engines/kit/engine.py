"""An engine as one record: its layouts (markers and selectors), optional hooks, an optional
page clock and all-posts URL. `detect`, `posts`, `next_page` and `title` are written here
once, for every engine.

Detection is data: an engine claims a page when its own markers hold (any of `markers`, all of
`requires`, none of `excludes`; a `claims` marker alone is enough) and one of its layouts
finds posts (the layout's own markers, requirements and exclusions, then its post selector).
A marker that only counts on a page that lost its <head> is written with `headless_only()`.
`literals` make detection one look at a page (`parsers.detect`): the page's markup, lower
case, is searched for them once, and only an engine one of whose literals is there (or that
has none) has its markers asked. A layout chosen for a page is kept for that page, so
detection, posts and title ask its markers and post selector once.
(This module and not base.py: base.py holds the reading of one post and is at its size.)
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from zoneinfo import ZoneInfo

from ...errors import ParseError
from ...model import Page, Post

from .base import Compiled, PageWalks, Selectors, page_memo, parse_with
from .markers import has
from .pagewalk import page_title

Markers = tuple[str, ...]


def headless_only(xpath: str) -> str:
    """A marker asked only of a page without its <head> (an archive kept the body): the head
    test comes first, so a complete page never pays for the walk of its body."""
    return f"not(/html/head/*) and ({xpath})"


def generator_is(word: str, *, first: bool = False) -> str:
    """A marker: a <meta name="generator"> whose content holds `word` (lower case), or, with
    `first`, whose first such meta starts with it."""
    up = word.upper()
    meta = "//meta[translate(@name, 'GENRATO', 'genrato')='generator']"
    content = f"translate(@content, '{up}', '{word}')"
    if first:
        return f"({meta})[1][starts-with({content}, '{word}')]"
    return f"{meta}[contains({content}, '{word}')]"


def text_starts(*words: str) -> str:
    """XPath predicate body: the element's text, spaces squashed, starts with one of `words`
    (an edit notice told by its own wording, whatever the style's classes)."""
    return " or ".join(f"starts-with(normalize-space(), '{w}')" for w in words)


def numbered_id(prefix: str) -> str:
    """XPath predicate body: the element's id is `prefix` and digits only (`post_12`, not
    `post_12_extra`)."""
    return f"starts-with(@id, '{prefix}') and translate(substring(@id, {len(prefix) + 1}), '0123456789', '') = ''"


def _holds(doc, markers: Markers, requires: Markers, excludes: Markers) -> bool:
    return ((not markers or any(has(doc, m) for m in markers))
            and all(has(doc, r) for r in requires)
            and not any(has(doc, x) for x in excludes))


@dataclass(frozen=True)
class Layout:
    """One of an engine's page layouts (a style, a version): what tells it apart, and its
    selectors. The first layout whose conditions hold and whose posts are present is used."""

    name: str
    selectors: Selectors
    markers: Markers = ()  # any one must be present (empty: none needed)
    requires: Markers = ()  # all must be present
    excludes: Markers = ()  # none may be present
    walks: PageWalks = ()  # page-level expressions of `selectors` answered in Python (base.py)
    compiled: Compiled = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "compiled", Compiled(self.selectors, self.walks))

    def holds(self, doc) -> bool:
        return (_holds(doc, self.markers, self.requires, self.excludes)
                and bool(self.compiled.posts(doc)))


# (layout's compiled selectors, document, page) -> the page's posts
PostsHook = Callable[[Compiled, object, Page], list[Post]]


@dataclass(frozen=True)
class Engine:
    """A forum engine. `read` reads the posts its own way (default: parse_with over the
    layout's selectors, numbered by `first_number` when the engine prints no numbers);
    `next_href` and `read_title` replace the selector-driven next page and title; `page_now`
    reads the forum clock a page prints; `all_posts_url` gives the one-page view of a thread."""

    name: str
    layouts: tuple[Layout, ...]
    markers: Markers = ()
    requires: Markers = ()
    excludes: Markers = ()
    claims: Markers = ()  # any one alone claims the page (its posts then explain what is wrong)
    missing: str = ""  # the error for a page without posts (default: the layouts tried)
    read: PostsHook | None = None
    first_number: Callable[[object, Page], int] | None = None
    next_href: Callable[[object], str | None] | None = None
    read_title: Callable[[object], str] | None = None
    page_now: Callable[[object, ZoneInfo], datetime | None] | None = None
    all_posts_url: Callable[[str], str | None] | None = None
    # What the thread must say of a page beside its posts (model.Note records): a block shaped
    # like a post that the post selectors left out (a hosted board's sponsored block), a view
    # that does not mark what the count must know (quotes). Called with (doc, the page's source).
    notes: Callable[[object, str], list] | None = None
    # Lower-case ASCII strings, one of which the page's markup (lower case) holds whenever this
    # engine can claim it: a literal that each way to a claim needs (a claims marker's, each
    # layout's post selector's). Empty: the engine is asked of every page.
    literals: Markers = ()

    @property
    def NAME(self) -> str:  # noqa: N802 (the name callers outside votecount/engines/ have always used)
        return self.name

    def possible(self, look) -> bool:
        """The page's look (votecount/engines/kit/look.py) may hold one of the engine's literals (each is a
        class, id, link or attribute name: a word of the markup), or it has none."""
        return not self.literals or any(look.may_hold(lit) for lit in self.literals)

    def layout(self, doc) -> Layout | None:
        """The page's layout: the first whose conditions hold and whose posts are present
        (found once per page: detection, posts and title all ask)."""
        memo = page_memo(doc)
        found = memo.get(("layout", id(self)))
        if found is None or found[0] is not self:
            found = memo["layout", id(self)] = (self, next((lay for lay in self.layouts if lay.holds(doc)), None))
        return found[1]

    def detect(self, doc, url: str | None = None) -> bool:
        if any(has(doc, m) for m in self.claims):
            return True
        return (_holds(doc, self.markers, self.requires, self.excludes)
                and self.layout(doc) is not None)

    def posts(self, doc, page: Page) -> list[Post]:
        layout = self.layout(doc)
        if layout is None and self.missing:
            raise ParseError(f"{page.source}: {self.missing}")
        if layout is None:
            raise ParseError(f"{page.source}: no {self.name} posts (layouts tried: "
                             f"{', '.join(lay.name for lay in self.layouts)})")
        if self.read is not None:
            return self.read(layout.compiled, doc, page)
        first = self.first_number(doc, page) if self.first_number is not None else 1
        return parse_with(layout.compiled, doc, page, first)

    def _compiled(self, doc) -> Compiled:
        return (self.layout(doc) or self.layouts[0]).compiled

    def next_page(self, doc, url: str | None = None) -> str | None:
        if self.next_href is not None:
            return self.next_href(doc)
        return self._compiled(doc).first("next_page", doc) or None

    def topic(self, doc) -> str | None:
        """The page's own topic number (the `topic` role), or None: for telling two threads'
        pages apart where post links carry no topic (read/thread.check_one_thread)."""
        return self._compiled(doc).first("topic", doc) or None

    def title(self, doc) -> str:
        if self.read_title is not None:
            return self.read_title(doc)
        return page_title(self._compiled(doc), doc)

    @functools.cached_property
    def drops(self) -> tuple[str, ...]:
        """Every layout's body drops, in order, once each (posts files clean bodies by them)."""
        return tuple(dict.fromkeys(d for lay in self.layouts for d in lay.selectors.drop))
