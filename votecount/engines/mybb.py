"""MyBB 1.8 (mybb.com), default `postbit` and `postbit_classic` layouts, any language pack.

Not the mybb.ru hosted family (PunBB-based, votecount/engines/mybbru.py): MyBB marks its posts
`div.post#post_N` with the message in `div.post_body#pid_N`, which mybb.ru never uses.

Time: `span.post_date`, text in the board's format ("12-31-2013, 10:18 AM" by default,
m-d-Y). Relative forms come from `my_date('relative')` and carry the absolute date in a title:
`<span title="29.11.2026">Сегодня</span>, 19:45` (today/yesterday: the date only) and
`<span title="29.11.2026, 19:45">5 минут назад</span>` (within 12 hours: date and time). The
title is read first, so a saved page needs no save time unless a theme dropped the titles.

Edit notice (1.8 default: inside `span.post_date`; some themes move `div.post_edit`):
`<span class="edited_post">(<postbit_edited with the date> <a>Editor</a>. <em>Edit Reason: …</em>)</span>`,
English "This post was last modified: {date} by", Russian pack (kmitrakov, 1.8.39)
"Это сообщение было изменено: {date} пользователем". The editor is the notice's profile link;
the date is what lies between the first colon and that link. MyBB shows no edit count.

Colour: `<span style="color: red;" class="mycode_color">`; strike `<span style="text-decoration:
line-through;" class="mycode_s">`; quotes `blockquote.mycode_quote` (with `<cite>`); code
`div.codeblock`. Spoilers are plugins (titles `spoiler_title`, `spoiler_header`… dropped).
Placeholders of soft-deleted posts (`deleted_post_hidden`, shown to moderators only, no message)
are not posts. The post number `#N` is printed and counts across pages.
"""

from __future__ import annotations

import copy
import re
from datetime import datetime
from zoneinfo import ZoneInfo

from ..errors import ParseError
from ..model import Page, Post

from .kit.base import Compiled, Selectors, cls, digits, read_post, edit_time, post_time, remove, squash, text_of
from .kit.dates import parse_time
from .kit.engine import Engine, Layout, numbered_id
from .kit.pagewalk import has_id

NAME = "mybb"

_SPOILER_TITLES = " or ".join(cls(c) for c in (
    "spoiler_title", "spoiler_header", "spoiler-title", "spoiler-head", "spoiler_head",
    "sp-head", "spoiler_button"))

# What MyBB's own code prints whatever the theme's classes: the post `div#post_N`, its message
# `div#pid_N`, its edit notice's `#edited_by_N`, the permalink `…pid=N#pidN` printed "#N", profile
# links `member.php?action=profile&uid=N` (`User-Name` with the common Google SEO plugin).
_POST_ID = numbered_id("post_")
_PERMALINK = "a[contains(@href, '#pid')][starts-with(normalize-space(.), '#')]"
_PROFILE = ("a[contains(@href, 'action=profile') or contains(@href, 'User-')][normalize-space()]"
            "[not(ancestor::blockquote)]")

SELECTORS = Selectors(
    date_order="mdy",  # MyBB's default dateformat m-d-Y
    post=(f"//div[{cls('post')} and starts-with(@id, 'post_') and not({cls('deleted_post_hidden')})]"
          f"[.//div[{cls('post_body')}]]",
          f"//div[{_POST_ID}][.//div[starts-with(@id, 'pid_')]]"),
    post_id="@id",
    number=(f"(.//div[{cls('post_head')}]//a[starts-with(normalize-space(.), '#')])[1]", f"(.//{_PERMALINK})[1]"),
    author=(f".//div[{cls('author_information')}]//span[{cls('largetext')}]",
            f".//div[{cls('post_author')}]//strong", f"(.//{_PROFILE})[1]"),
    author_id=(f".//div[{cls('author_information')}]//a[contains(@href, 'uid=')]/@href",
               f".//div[{cls('post_author')}]//a[contains(@href, 'uid=')]/@href",
               f".//div[{cls('post_controls')}]//a[contains(@href, 'uid=')]/@href",
               "(.//a[contains(@href, 'uid=')][not(ancestor::*[starts-with(@id, 'pid_')])]/@href)[1]"),
    # (then the default template's date, which holds the edit notice's `#edited_by_N`, or the
    # element before the permalink in a theme that moved the notice)
    time_text=(f".//span[{cls('post_date')}]", "(.//*[starts-with(@id, 'edited_by_')]/..)[1]",
               f"(.//{_PERMALINK}/preceding-sibling::*[1])[1]"),
    url=(f"(.//div[{cls('post_head')}]//a[starts-with(normalize-space(.), '#')]/@href)[1]",
         f"(.//{_PERMALINK}/@href)[1]"),
    body=(f".//div[{cls('post_body')}]", ".//div[starts-with(@id, 'pid_')]"),
    edit_notice=(f"(.//span[{cls('edited_post')}])[1]", "(.//*[starts-with(@id, 'edited_by_')][normalize-space()])[1]"),
    drop=(".//blockquote", f".//div[{cls('codeblock')}]", f".//*[{_SPOILER_TITLES}]"),
    next_page=("//link[@rel='next']/@href", f"//div[{cls('pagination')}]//a[{cls('pagination_next')}]/@href"),
    title="//title",
)
_LAYOUT = Layout("postbit", SELECTORS)  # and postbit_classic
_C = _LAYOUT.compiled
_UID = re.compile(r"uid=(\d+)")
_MARKERS = ("//script[contains(@src, 'jscripts/general.js')]",
            "//script[contains(., 'MyBBEditor') or contains(., 'MyBB.')]",
            "//a[contains(@href, '//mybb.com') or contains(@href, '//www.mybb.com')]")


def _absolute_text(el) -> str:
    """Text of a date element with my_date's relative words replaced by their title.

    "<span title="29.11.2026">Сегодня</span>, 19:45" → "29.11.2026, 19:45";
    "<span title="29.11.2026, 19:45">5 минут назад</span>" → "29.11.2026, 19:45".
    """
    el = copy.deepcopy(el)
    el.tail = None
    for notice in el.xpath(f".//*[{cls('post_edit')} or {cls('edited_post')} or starts-with(@id, 'edited_by_')]"):
        remove(notice)
    for span in el.xpath(".//span[@title]"):
        title = squash(span.get("title"))
        if re.search(r"\d", title):
            span.text = title
            for child in list(span):
                span.remove(child)
    return squash(text_of(el))


def _read_edit(el, page: Page, where: str):
    """(edited, by, at, count) from "(… last modified: <date> by <a>Editor</a>. <em>reason</em>)"."""
    notice = _C.element("edit_notice", el)
    if notice is None:
        return False, None, None, None
    notice = copy.deepcopy(notice)
    notice.tail = None
    for reason in notice.xpath("./em"):  # the edit reason (group styles put <em> in names)
        remove(reason)
    links = notice.xpath(".//a")
    full = _absolute_text(notice)
    if links:
        editor = squash(text_of(links[-1]))
        before = full.rsplit(editor, 1)[0] if editor else ""
    else:  # a profile link is missing when the editor's account is gone
        m = re.search(r"^(?P<when>.+\d{1,2}:\d{2}(?:\s*[AP]M)?)\s+\S+\s+(?P<who>.+?)\.?\)?\s*$", full, re.I)
        if not m:
            raise ParseError(f"{where}: cannot read the edit notice '{full[:80]}'")
        editor, before = squash(m["who"]), m["when"]
    when = _strip_label(before)
    if not editor:
        raise ParseError(f"{where}: edit notice without an editor: '{full[:80]}'")
    return True, editor, edit_time(_C, el, page, where=where, when=when, text=_time_text), None


def _strip_label(before: str) -> str:
    """What follows the notice's label ("(This post was last modified:"), up to the editor."""
    m = re.search(r"^\(?[^:\d]*:\s*(.*)$", before)
    return m.group(1) if m else before


def _read(c: Compiled, doc, page: Page) -> list[Post]:
    out: list[Post] = []
    for index, el in enumerate(c.posts(doc)):
        no_text = digits(c.first("number", el))
        if not no_text:
            raise ParseError(f"{page.source}: post {index + 1}: no post number '#N'")
        out.append(read_post(c, el, page, int(no_text), author_id=_author_id, time=_time,
                             edit=_read_edit))
    return out


def _author_id(el, page: Page, where: str) -> str | None:
    m = _UID.search(_C.first("author_id", el))
    return m.group(1) if m else None


def _time(el, page: Page, where: str):
    return post_time(_C, el, page, where=where, raw_text=_time_text(el), text=_time_text)


def _time_text(el) -> str:
    time_el = _C.element("time_text", el)
    return _absolute_text(time_el) if time_el is not None else ""


def page_now(doc, tz: ZoneInfo) -> datetime | None:
    """The footer's "Current time: 11-29-2026, 07:50 PM" (`span#current_time`)."""
    if not has_id(doc, "current_time"):  # no clock: the page is not walked for one
        return None
    for el in doc.xpath("//span[@id='current_time'] | //div[@id='current_time']"):
        found = parse_time(_absolute_text(el), tz)
        if found:
            return found
    return None


ENGINE = Engine(NAME, (_LAYOUT,), markers=_MARKERS, read=_read, page_now=page_now,
                requires=("//div[starts-with(@id, 'pid_')]",),  # MyBB's message id, whatever its class
                literals=("post_body", "pid_"))
