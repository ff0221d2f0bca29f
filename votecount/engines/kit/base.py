"""What every engine module shares: the Selectors record, parse_with(), body cleaning.

An engine module is data: a `Selectors` block of XPath expressions by role (post, id,
number, author, time, body, edit notice, what to drop from the body, next page). Quirky
engines write their own `posts()` with the same helpers. Everything here is a pure function of
the document; a post that lacks a field raises ParseError naming page, post and field.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime, timezone

from lxml import etree

from ...errors import ParseError
from ...model import Page, Post
from .runs import read_body  # a post's text and colour runs, from its cleaned body element

from .boardtime import BoardClock, needs_page
from .dates import from_attr, is_relative, parse_time
from .markup import (  # noqa: F401 (engine modules import these from base)
    _DIGITS, BLOCK_TAGS, clean_body, cleaned, cleaned_text, serialised, squash_lines, digits, drop_matcher,
    drop_walk, inner_html, generator, headless, remove, squash, take, text_of)
from .markers import has  # noqa: F401 (engine modules import has from base)
from .pagewalk import page_memo, role_walk
from .roles import Firsts  # a role's first result: a Python matcher, else libxml2


def cls(name: str) -> str:
    """XPath predicate body: the element has CSS class `name`."""
    # The plain contains() first: libxml2 stops at a false `and`, and most elements fail it,
    # so the string building of normalize-space() and concat() runs on a few elements only.
    return f"(contains(@class, '{name}') and contains(concat(' ', normalize-space(@class), ' '), ' {name} '))"


# Struck-through text is an old vote the player crossed out; spoiler titles are not ballots.
STRUCK = (
    ".//s", ".//del", ".//strike",
    ".//*[contains(translate(@style, 'LINETHROUGH', 'linethrough'), 'line-through')]",
)


Role = str | tuple[str, ...]  # one XPath, or simple XPaths tried in turn (first hit wins)


@dataclass(frozen=True)
class Selectors:
    """XPath by role. String XPaths end in /@attr or text(); element XPaths select nodes.

    Relative expressions start with '.' and are evaluated on the post (or, for `drop`, on
    the body). Any role but `drop` and `edit_patterns` may be a tuple of simple expressions
    tried in order: the theme's default first, then what the engine's own code emits whatever
    the theme (post ids, profile-link patterns, permalinks). For `post`, the first expression
    that finds any post gives the page's posts.
    """

    post: str  # element: every post container in the document
    post_id: str  # string: the post's id (digits are taken)
    author: str  # element: holds the author's display name
    body: str  # element: the message
    time_text: str  # element: the printed time
    time_attr: str = ""  # string: machine-readable time (ISO 8601 or epoch)
    number: str = ""  # string: the printed post number
    author_id: str = ""  # string: user id or profile URL (digits are taken)
    url: str = ""  # string: permalink
    edit_notice: str = ""  # element: the "last edited" notice (relative to the post)
    edit_patterns: tuple[str, ...] = ()  # regexes with groups who / when / n
    edit_time_attr: str = ""  # string, relative to the notice: machine-readable edit time
    edit_by: str = ""  # string, relative to the notice: the editor's name (a profile link)
    drop: tuple[str, ...] = ()  # elements inside the body to remove (quotes, signatures…)
    next_page: str = ""  # string: href of the next page
    title: str = ""  # string: the thread title
    topic: str = ""  # string: the page's topic number where its post links carry none (mybb.ru)
    # Ids taken from URLs or compound attributes: a regex whose first group (else the whole
    # match) is the id, e.g. r"[?&;]u=(\d+)" for "index.php?PHPSESSID=9f3a;u=57" or
    # r"#p(\d+)" for "viewtopic.php?p=123#p123"; empty: the first run of digits.
    id_pattern: str = ""
    author_id_pattern: str = ""
    # Added to the printed number: NodeBB prints a zero-based data-index (number = index + 1).
    number_offset: int = 0
    # The engine's default day/month order of numeric dates ("mdy": MyBB's m-d-Y), used when
    # a page's own dates cannot tell (boardtime.py).
    date_order: str = ""


_REGEX_FIELDS = frozenset({"id_pattern", "author_id_pattern", "date_order"})
_LIST_FIELDS = frozenset({"drop", "edit_patterns"})


def alternatives(sel: Selectors) -> tuple[dict[str, str], dict[str, tuple[str, ...]]]:
    """(XPath source by name, the names of each role's alternatives in order): a tuple role
    `author` becomes `author`, `author~1`, …"""
    sources: dict[str, str] = {}
    alts: dict[str, tuple[str, ...]] = {}
    for name, value in vars(sel).items():
        if name in _REGEX_FIELDS or name in _LIST_FIELDS or not value or isinstance(value, int):
            continue
        values = (value,) if isinstance(value, str) else value
        names = tuple(name if i == 0 else f"{name}~{i}" for i in range(len(values)))
        sources.update(zip(names, values))
        alts[name] = names
    return sources, alts


class _XPaths(dict):
    """XPath by role, each compiled on first use: a run reads one engine, and compiling all
    fifteen engines' expressions at import cost every command about 30 ms of start-up
    (tests/engines/test_base.py compiles them all)."""

    def __init__(self, sources: dict[str, str]):
        super().__init__()
        self.sources = sources

    def __missing__(self, name: str):
        # Plain strings: an lxml "smart" string keeps its parent node, and nothing here asks.
        compiled = self[name] = etree.XPath(self.sources[name], smart_strings=False)
        return compiled


# A page-level expression (a `post` or `title` alternative) answered by a walk in Python:
# (XPath source, function of the document giving the nodes libxml2 would give, in order).
PageWalks = tuple[tuple[str, Callable[[object], Iterable]], ...]
_PAGE_ROLES = ("post", "title")


class Compiled:
    """A Selectors block; each XPath is compiled once, when first used. `walks` answer some
    page-level expressions in Python: the engine's own, and those of pagewalk.role_walk's
    shapes (each checked equal to libxml2 on every page the project knows:
    tests/engines/test_pagequeries.py)."""

    def __init__(self, sel: Selectors, walks: PageWalks = ()):
        self.sel = sel
        sources, self.alts = alternatives(sel)
        self.xp = _XPaths(sources)
        self.firsts = Firsts(self.xp)  # each expression's first result: Python or libxml2
        page_level = (sources[name] for role in _PAGE_ROLES for name in self.alts.get(role, ()))
        self.walks = {src: w for src in page_level if (w := dict(walks).get(src) or role_walk(src))}

    def posts(self, doc) -> list:
        """The page's post elements by the first `post` expression that finds any (found once
        per page: detection, the posts, the page's date format all ask)."""
        memo = page_memo(doc)
        found = memo.get(("posts", id(self)))
        if found is None or found[0] is not self:
            found = memo["posts", id(self)] = (self, self._posts(doc))
        return found[1]

    def _posts(self, doc) -> list:
        for name in self.alts["post"]:
            walk = self.walks.get(self.xp.sources[name])
            found = list(walk(doc)) if walk is not None else self.xp[name](doc)
            if found:
                return found
        return []

    # The patterns too are compiled when first used: a count reads one engine of the fifteen
    # imported, and compiling all 37 took 6–8 ms of every start.
    @functools.cached_property
    def edit_res(self) -> tuple[re.Pattern, ...]:
        return tuple(re.compile(p, re.I | re.S) for p in self.sel.edit_patterns)

    @functools.cached_property
    def id_re(self) -> re.Pattern:
        return re.compile(self.sel.id_pattern) if self.sel.id_pattern else _DIGITS

    @functools.cached_property
    def author_id_re(self) -> re.Pattern:
        return re.compile(self.sel.author_id_pattern) if self.sel.author_id_pattern else _DIGITS

    @functools.cached_property
    def drop(self) -> tuple:
        """The drops as one walk of a body: in Python where every drop is a tag or class or
        style test (markup.DropWalk), else libxml2's one expression (markup.drop_walk). The
        results come in document order, so an ancestor is removed before anything inside it.
        Built when first used: a count reads one engine's layouts of the 25."""
        drops = self.sel.drop + STRUCK
        return (drop_matcher(drops) or etree.XPath(drop_walk(drops), smart_strings=False),)

    def _first(self, name: str, node):
        """The role's first result (an element or a non-empty string), or None, trying its
        alternatives in turn."""
        for alt in self.alts.get(name, (name,)):
            found = self._first_of(alt, node)
            if found is not None and found != "":
                return found
        return None

    def _first_of(self, name: str, node):
        """One expression's first result (roles.Firsts: a Python matcher where the shape
        allows, else libxml2), asked once per node while the page is read (roles that share
        an expression, the page's date format reading every post's time). A hook that
        changes a copy of a node asks its roles after the change only."""
        if name not in self.xp.sources:
            return None
        memo = page_memo()
        key = (self.xp.sources[name], node)
        if key in memo:
            return memo[key]
        found = memo[key] = self.firsts[name](node)
        return found

    def first(self, name: str, node) -> str:
        """First string result of a string XPath, stripped; '' when absent."""
        found = self._first(name, node)
        if found is None:
            return ""
        return squash(found if isinstance(found, str) else text_of(found))

    def element(self, name: str, node):
        return self._first(name, node)


class UnreadableTime(ParseError):
    """A time whose text cannot be read (not a relative one needing --saved-at): for a post's
    own time, the post is kept with its time unknown (read_post) and the thread warns."""

    def __init__(self, message: str, text: str, label: str):
        super().__init__(message)
        self.text, self.label = text, label


# The time an unknown-time post holds until read/thread.merge gives it its place in the
# thread's order (the time of the known post before it): never shown, never counted.
UNKNOWN_TIME = datetime(1970, 1, 1, tzinfo=timezone.utc)


def read_time(label: str, raw_attr: str, raw_text: str, page: Page, *, where: str,
              clock: BoardClock | None = None) -> datetime:
    """A post time from the attribute first, then the text (in the page's own format when a
    `clock` learned it); an error naming what is missing."""
    found = from_attr(raw_attr)
    if found:
        return found
    found = (clock.read(raw_text, page.tz, page.saved_at) if clock
             else parse_time(raw_text, page.tz, page.saved_at))
    if found:
        return found
    if raw_text and (is_relative(raw_text) or (clock and clock.needs_now(raw_text))):
        raise ParseError(f"{where}: {label} '{raw_text}' is relative and the moment the page "
                         "was saved is unknown: give --saved-at")
    raise UnreadableTime(f"{where}: cannot read the {label} from '{raw_text[:60]}'", raw_text[:60], label)


_CLOCK_TEXT = re.compile(r"\d{1,2}:\d{2}")


def edit_time(c: Compiled, el, page: Page, *, where: str, when: str | None, text=None) -> datetime | None:
    """The edit time an edit notice prints; None when it prints less than a time ("Last
    edited by a moderator: Oct 6, 2020", no date at all): the post is still edited, and the
    thread warns that the time is unknown (thread.merge). A clock or a relative form that
    cannot be read is an error."""
    when = squash(when or "")
    if not _CLOCK_TEXT.search(when) and not is_relative(when):
        return None
    return post_time(c, el, page, where=where, raw_text=when, text=text, label="edit time")


def page_clock(c: Compiled, el, page: Page, text=None) -> BoardClock:
    """The date format of the page `el` is on, learned once from every post's time text
    (`text(post element)`; default: the time_text role)."""
    root = el.getroottree().getroot()
    memo = page_memo(root)
    clock = memo.get(("clock", page.date_order))
    if clock is None:
        if text is None:
            def text(p):
                found = c.element("time_text", p)
                return squash(text_of(found)) if found is not None else ""
        texts = [text(p) for p in c.posts(root)]
        clock = memo["clock", page.date_order] = BoardClock(
            texts, default_order=c.sel.date_order or None, where=page.source,
            given_order=page.date_order)
    return clock


def post_time(c: Compiled, el, page: Page, *, where: str, raw_text: str, raw_attr: str = "",
              text=None, label: str = "post time") -> datetime:
    """The post's time (or, with `label`, its edit time); the page's learned format only when
    the fixed table of dates.py is not enough (an unreadable shape, or a numeric date whose
    order the page decides). `text` reads a post's time text, for page_clock."""
    found = from_attr(raw_attr)
    if found:
        return found
    if not needs_page(raw_text):
        found = parse_time(raw_text, page.tz, page.saved_at)
        if found:
            return found
    return read_time(label, "", raw_text, page, where=where, clock=page_clock(c, el, page, text))


def read_edit(c: Compiled, post_el, page: Page, where: str):
    """(edited, by, at, count) from the engine's edit notice.

    (True, None, …) is "edited, editor not shown": engines that print that a post was edited
    but not by whom (rutracker's "ред.", Discourse's dateModified) or a notice whose name
    cannot be read. A report must not read it as "edited by the author".

    The editor's name is taken from its profile link when the notice has one (nicks have
    spaces and digits, so a regex alone cannot tell where a name ends and a date begins);
    the time is then read from what follows the name.
    """
    notice = c.element("edit_notice", post_el)
    if notice is None:
        return False, None, None, None
    text = squash(text_of(notice))
    by = c.first("edit_by", notice) or None
    when = count = None
    for rx in c.edit_res:
        m = rx.search(text)
        if m:
            groups = m.groupdict()
            by = by or squash(groups.get("who") or "") or None
            when = groups.get("when")
            count = int(groups["n"]) if groups.get("n") else None
            break
    if by and by in text and not when:
        when = text.split(by, 1)[1]
    if count is None:
        m = _COUNT.search(text)
        count = int(m.group(1)) if m else None
    attr = c.first("edit_time_attr", notice)
    at = from_attr(attr) if attr else None
    if at is None:
        at = edit_time(c, post_el, page, where=where, when=when)
    return True, by, at, count


_COUNT = re.compile(r"(\d+)\s*(?:раз|times?\b)", re.I)
_AUTHOR_PREFIX = re.compile(r"^(?:автор|author|by)\s*:?\s+", re.I)


def read_post(c: Compiled, el, page: Page, post_no: int, *, author=None, author_id=None,
              time=None, edit=None) -> Post:
    """One post from its element by the selectors. An engine that reads a field its own way
    passes a function `(el, page, where)` for it: `author` and `author_id` return a string,
    `time` an aware datetime, `edit` the tuple (edited, by, at, count)."""
    raw_id = take(c.id_re, c.first("post_id", el))
    where = f"{page.source}: post {post_no}" + (f" (id {raw_id})" if raw_id else "")
    if not raw_id:
        raise ParseError(f"{where}: no post id")
    if author is not None:
        name = author(el, page, where)
    else:
        author_el = c.element("author", el)
        name = _AUTHOR_PREFIX.sub("", squash(text_of(author_el))) if author_el is not None else ""
    if not name:
        raise ParseError(f"{where}: no author")
    when, known = _post_time(c, el, page, where, time=time)
    body = c.element("body", el)
    if body is None:
        raise ParseError(f"{where}: no message body")
    edited, by, at, count = edit(el, page, where) if edit is not None else read_edit(c, el, page, where)
    kept, lines = cleaned_text(body, c.drop)  # and text_pieces(kept) when one walk finds both
    html_body = inner_html(kept)
    walked = read_body(html_body, kept)  # text_of(kept) and the colour runs in one walk
    if walked:
        text, runs = squash_lines(walked[0]), walked[1]
    else:  # a long body: no runs carried
        text, runs = squash_lines(lines) if lines is not None else text_of(kept), None
    uid = (author_id(el, page, where) if author_id is not None
           else take(c.author_id_re, c.first("author_id", el)))
    return Post(
        post_id=raw_id, post_no=post_no, page=page.number, author=name, author_id=uid or None,
        time=when, text=text, html=html_body, edited=edited, edited_by=by, edited_at=at,
        edit_count=count, url=c.first("url", el) or None, source=page.source,
        body_runs=runs, **({} if known else {"time_known": False}),
    )


def _post_time(c: Compiled, el, page: Page, where: str, *, time=None) -> tuple[datetime, bool]:
    """(the post's time, True); (UNKNOWN_TIME, False) when the page shows none that reads: one
    bad post is that post's problem, not the thread's."""
    try:
        if time is not None:
            return time(el, page, where), True
        time_el = c.element("time_text", el)
        time_text = squash(text_of(time_el)) if time_el is not None else ""
        return post_time(c, el, page, where=where, raw_text=time_text,
                         raw_attr=c.first("time_attr", el)), True
    except UnreadableTime as bad:
        if bad.label != "post time":  # an edit time read by an engine's own `time`
            raise
        return UNKNOWN_TIME, False


def parse_with(c: Compiled, doc, page: Page, first_no: int = 1) -> list[Post]:
    """Every post of the page by the selectors; post numbers default to first_no + index."""
    posts: list[Post] = []
    for index, el in enumerate(c.posts(doc)):
        no_text = digits(c.first("number", el))
        number = int(no_text) + c.sel.number_offset if no_text else first_no + index
        posts.append(read_post(c, el, page, number))
    return posts
