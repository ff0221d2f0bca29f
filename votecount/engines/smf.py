"""Simple Machines Forum 1.1, 2.0 (default "Curve" and "Core" themes) and 2.1, any language pack.

Posts: SMF 2.x puts each message in a wrapper with `div.poster` and `div.postarea` children;
SMF 1.1 in a `td.windowbg|windowbg2` table cell. Every version gives the subject an id
`subject_N` (N = message id) and the edit notice a `modified_N` container that is always
present and empty when the post shows no edit.

Post number: SMF prints "Reply #N" / "Ответ #N :" (2.1: in the permalink's title), counting the
opening post as #0 and printing nothing for it. `post_no` counts the opening post as 1 like
every other engine, so "Reply #N" is post N + 1.

Time: text only, in the board's format: "September 19, 2007, 02:16:51 PM",
"29 ноября 2026, 19:45:12" (ru 2.0 default `%d %B %Y, %H:%M:%S`, genitive months),
"<strong>Сегодня</strong> в 19:45:12" / "<b>Today</b> at 07:45:12 PM" (needs the save time).
The edit notice: "« Last Edit: <time> by <name> »" / "« Последнее редактирование: <time> от
<name> »" (2.1: "Последнее редактирование: <time> от <name>", then an optional "Причина: …");
the editor is plain text, not a link. SMF hides edits made within `edit_wait_time` (90 s by
default) of posting: no notice is not proof of no edit.

Colour: `[color=red]` and SMF's own `[red]`/`[blue]` tags both render as
`<span style="color: red;" class="bbc_color">` (1.1: `<span style="color: red;">`); strike is
`<del>`. Quotes are `div.quoteheader` + `blockquote` (2.0/2.1) or `div.quote` (1.1).
Spoilers are not core SMF: the common mods' titles (`sp-head`, `spoiler_head`…) are dropped.
"""

from __future__ import annotations

import re
from datetime import datetime
from zoneinfo import ZoneInfo

from lxml import etree

from ..errors import ParseError
from ..model import Page, Post

from .kit.base import Compiled, Selectors, cls, edit_time, read_post, squash, text_of
from .kit.engine import Engine, Layout, numbered_id
from .kit.dates import parse_time
from .kit.markup import has_class, names_class
from .kit.pagewalk import by_id, document_iter, has_id, lacks, page_memo

NAME = "smf"

_SUBJECT = "starts-with(@id, 'subject_')"
_SPOILER_TITLES = " or ".join(cls(c) for c in (
    "sp-head", "spoiler_head", "spoiler-head", "spoilerheader", "spoiler_header", "spoiler_title",
    "spoiler-title"))

_POST_BLOCK = f"//div[div[{cls('postarea')}] and div[{cls('poster')}]]"
# What SMF's own code prints whatever the theme's classes: the subject's id `subject_N`, the
# message's `msg_N` (beside `msg_N_extra_info`, `msg_N_signature`…), the profile link
# `action=profile;u=N`. The post is the outermost element holding one subject.
_OWN_POST = f"//*[{_SUBJECT}]/ancestor::*[count(.//*[{_SUBJECT}]) = 1][last()]"
_MSG_ID = numbered_id("msg_")
_PROFILE = ("(.//a[contains(@href, 'action=profile;u=') or contains(@href, 'action=profile&u=')]"
            "[normalize-space()][not(ancestor::blockquote)])[1]")
_TITLE = f"(//div[@id='linktree' or {cls('linktree')} or {cls('navigate_section')}]//li[last()]//span)[1]"

SELECTORS = Selectors(
    # 2.x's post block, then 1.1's table cell (the first that finds any posts wins)
    post=(_POST_BLOCK,
          f"//td[({cls('windowbg')} or {cls('windowbg2')}) and .//*[{_SUBJECT}]"
          f" and .//div[{cls('post')}]]", _OWN_POST),
    # The subject's id is the engine's own; 2.x themes put it on an <h5> (asked first: three
    # times cheaper than testing every element of a long post), 1.1 on a <div>.
    post_id=(f".//h5[{_SUBJECT}]/@id", f".//*[{_SUBJECT}]/@id",
             f".//div[{cls('inner')} and starts-with(@id, 'msg_')]/@id"),
    author=(f".//div[{cls('poster')}]//h4/a",
            f".//div[{cls('poster')}]//h4[not(a)]",
            ".//td[@rowspan]/b/a",
            ".//td[@rowspan]/b[not(a)]", _PROFILE),
    author_id=(f".//div[{cls('poster')}]//h4/a/@href", ".//td[@rowspan]/b/a/@href", f"{_PROFILE}/@href"),
    author_id_pattern=r"[?&;]u=(\d+)",  # ;u=N, not the session id in the same link
    time_text=(f".//h5[{_SUBJECT}]/following-sibling::div[{cls('smalltext')}][1]",
               f".//*[{_SUBJECT}]/following-sibling::div[{cls('smalltext')}][1]",
               f".//div[{cls('postinfo')}]/a[{cls('smalltext')}]",
               f"(.//*[{_SUBJECT}]/following-sibling::div)[1]"),
    number=(f".//h5[{_SUBJECT}]/following-sibling::div[{cls('smalltext')}][1]",
            f".//*[{_SUBJECT}]/following-sibling::div[{cls('smalltext')}][1]",
            f".//div[{cls('postinfo')}]/a[{cls('smalltext')}]/@title",
            f"(.//*[{_SUBJECT}]/following-sibling::div)[1]"),
    url=(f".//h5[{_SUBJECT}]//a/@href", f".//*[{_SUBJECT}]//a/@href",
         f".//div[{cls('postinfo')}]/a[{cls('smalltext')}]/@href"),
    # (then 2.x's `msg_N`, and 1.1's message: the div after the rule under the subject's table)
    body=(f".//div[{cls('post')}]/div[{cls('inner')}]", f".//div[{cls('post')}][not(div[{cls('inner')}])]",
          f".//div[{_MSG_ID}]", f"(.//*[{_SUBJECT}]/ancestor::table[1]/following-sibling::hr[1]/following-sibling::div)[1]"),
    edit_notice=".//*[starts-with(@id, 'modified_')][normalize-space()]",
    edit_patterns=(
        r"(?:Last Edit|Последнее редактирование)\s*:\s*(?P<when>.+?)\s+(?:by|от)\s+(?P<who>.+?)"
        r"\s*(?:»|(?:Reason|Причина)\s*:.*)?\s*$",
    ),
    drop=(".//blockquote", f".//div[{cls('quoteheader')}]", f".//div[{cls('quotefooter')}]",
          f".//div[{cls('quote')}]", f".//div[{cls('codeheader')}]", f".//code[{cls('bbc_code')}]",
          f".//div[{cls('code')}]", f".//*[{_SPOILER_TITLES}]"),
    # The page index: "Pages: [<strong>1</strong>] <a class="navPages">2</a>" (1.1/2.0; 1.1
    # uses <b>), "<span class="current_page">1</span> <a class="nav_page">2</a>" (2.1).
    # <link rel="next"> is the next *topic* in SMF, never the next page.
    next_page=(f"//*[self::strong or self::b][following-sibling::a[1][{cls('navPages')}]]"
               f"/following-sibling::a[{cls('navPages')}][1]/@href",
               f"//span[{cls('current_page')}]/following-sibling::a[{cls('nav_page')}][1]/@href"),
    title=_TITLE,
)


def _post_blocks(doc) -> list:
    """`_POST_BLOCK` by lxml's walk (bay12's 1.8 MB page: 20.5 M instructions against
    libxml2's 33.6 M, which tests the children of every div): the parents of the
    `div.postarea`s that also have a `div.poster` child, in document order."""
    return _divs(doc)[0]


_NAV = ("linktree", "navigate_section")
_LAST_SPAN = etree.XPath("(.//li[last()]//span)[1]")


def _nav_span(doc) -> list:
    """`_TITLE` by lxml's walk (bay12: 40.0 M instructions against 48.8 M): the first div of
    the page index (in document order) that has a span in a last list item gives the span. A
    later such div is either inside it (its spans are among the first's) or after all of the
    first's spans."""
    for div in _divs(doc)[1]:
        found = _LAST_SPAN(div)
        if found:
            return found
    return []


def _divs(doc) -> tuple[list, list]:
    """(the post blocks, the page index's divs), each in document order, from one walk of the
    page's divs, made once a page (bay12 has 3,835 divs: a walk costs 3.4 ms). The index's are
    not looked for when the page's look lacks both their names."""
    memo = page_memo(doc)
    found = memo.get("smf divs")
    if found is None:
        found = memo["smf divs"] = _walk_divs(doc, not lacks(doc, *_NAV), has_id(doc, "linktree"))
    return found


def _walk_divs(doc, nav: bool, nav_id: bool) -> tuple[list, list]:
    blocks: dict = {}
    navs: list = []
    for div in document_iter(doc, "div"):
        value = div.get("class")
        if names_class(value, "postarea"):
            block = div.getparent()
            if (block is not None and block.tag == "div" and block not in blocks
                    and any(ch.tag == "div" and has_class(ch, "poster") for ch in block)):
                blocks[block] = None
        if nav and ((nav_id and div.get("id") == "linktree")
                    or any(names_class(value, n) for n in _NAV)):
            navs.append(div)
    return _in_document_order(doc, list(blocks)), navs


def _in_document_order(doc, blocks: list) -> list:
    """The blocks, found in the order of their postarea children, in document order. The two
    differ only where a block is found after a block inside it (X found first but starting
    after Y starts can only lie inside Y): then sorted by a walk of the page's divs."""
    held = set(blocks)
    if not any(up in held for block in blocks for up in block.iterancestors("div")):
        return blocks
    order = {div: i for i, div in enumerate(document_iter(doc, "div"))}
    return sorted(blocks, key=order.__getitem__)


# and Core, 1.1, 2.1
_LAYOUT = Layout("curve", SELECTORS, walks=((_POST_BLOCK, _post_blocks), (_TITLE, _nav_span)))
_C = _LAYOUT.compiled
_REPLY = re.compile(r"#\s*(\d+)")
_MARKERS = ("//script[contains(., 'smf_scripturl') or contains(., 'smf_theme_url')]",
            "//a[contains(@href, 'simplemachines.org')]",
            "//img[@id='smflogo']",
            "//link[contains(@href, 'Themes/default/css/index.css') or contains(@href, 'Themes/default/style.css')]")


_ID = re.compile(r"(\d+)$")


def _own_notice(el):
    """The post's own `modified_N` (N its message id, as in `subject_N`/`msg_N`), or None. The
    role's first candidate as before; the post's others only when that one is another post's
    (posts nested in a page that lost end tags)."""
    notice = _C.element("edit_notice", el)
    if notice is None:
        return None
    own = _ID.search(_C.first("post_id", el))
    if own is None or notice.get("id") == f"modified_{own.group(1)}":
        return notice
    return next((n for n in _C.xp["edit_notice"](el) if n.get("id") == f"modified_{own.group(1)}"), None)


def _read_edit(el, page: Page, where: str):
    """(edited, by, at, count) from "Last Edit: <time> by <name>"; the name follows the time."""
    notice = _own_notice(el)
    if notice is None:
        return False, None, None, None
    text = squash(text_of(notice))
    for rx in _C.edit_res:
        m = rx.search(text)
        if m:
            who, when = squash(m["who"]), squash(m["when"])
            return True, who, edit_time(_C, el, page, where=where, when=when), None
    raise ParseError(f"{where}: cannot read the edit notice '{text[:80]}'")


def _read(c: Compiled, doc, page: Page) -> list[Post]:
    out: list[Post] = []
    for index, el in enumerate(c.posts(doc)):
        m = _REPLY.search(c.first("number", el))
        if m is None and index != 0:
            # SMF prints no number only for the topic's opening post (#0).
            raise ParseError(f"{page.source}: post {index + 1}: no 'Reply #' number")
        out.append(read_post(c, el, page, int(m.group(1)) + 1 if m else 1,
                             edit=_read_edit))
    return out


_TOPIC = re.compile(r"([?&;]topic=\d+)\.\d+(;all)?")


def all_posts_url(url: str) -> str | None:
    """SMF's "all" view of a topic (index.php?topic=123.0;all): every post on one page, where
    the forum allows it (the option is off by default; the fetcher then finds a next link on
    what comes back and pages as usual)."""
    m = _TOPIC.search(url)
    if not m or m.group(2):
        return None
    return f"{url[:m.start()]}{m.group(1)}.0;all{url[m.end():]}"


def page_now(doc, tz: ZoneInfo) -> datetime | None:
    """The forum clock of the Core theme's header (`li#time`), absolute in SMF."""
    for text in by_id(doc, "li", "time"):
        found = parse_time(squash(text_of(text)), tz)
        if found:
            return found
    return None


ENGINE = Engine(NAME, (_LAYOUT,), markers=_MARKERS, read=_read, page_now=page_now,
                all_posts_url=all_posts_url, literals=("postarea", "subject_"))  # 2.x; 1.1
