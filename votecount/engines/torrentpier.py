"""TorrentPier (phpBB 2 fork: rutracker.org and the open-source TorrentPier 2.x), Russian.

A post is `tbody#post_ID` inside `table#topic_main`: `p.nick` (the name; TorrentPier adds
`<sup>®</sup>` for the topic author), `div.post_head` with the permalink whose text is the time
("28-Авг-25 18:09" on rutracker, 'd-M-y H:i'; "29-Ноя-2026 19:45 | #5" in TorrentPier 2.x,
which prints the post number; "Сегодня 19:45" / "Вчера 23:10" for recent posts), and
`div.post_body` (the author id is in its `data-ext_link_data` JSON on rutracker, and in the
`profile.php?mode=viewprofile&u=N` button in the row below).

Edits: rutracker prints only "(спустя 21 час, ред. 29-Авг-25 16:06)" in `span.posted_since`
(no editor, no count); TorrentPier 2.x prints `div.last_edited` "Последний раз
редактировалось: <b>Вася</b> (2026-11-29 19:50), всего редактировалось 1 раз" (the default
date format 'Y-m-d H:i', or "Сегодня 19:50").

Body markup: quotes `div.q-wrap` ("X писал(а):"), spoilers `div.sp-wrap` with `div.sp-head`,
`[s]` → `span.post-s` (struck), `[color]` → `span.p-color` (rutracker) / `span.post-color-text`
with `style="color: red;"`, signature `div.signature`, the torrent's download box
`fieldset.attach`. No post numbers on rutracker: the page's `start` offset plus the position.

Zone: the footer "Часовой пояс: GMT + 3" (TorrentPier 2.x) is the zone of the printed times, used instead of `page.tz` (precedence: votecount/engines/kit/zones.py).
"""

from __future__ import annotations

import copy
import json
import re

from ..errors import ParseError
from ..model import Page, Post

from .kit.base import Compiled, Selectors, cls, digits, has, read_post, edit_time, read_time, remove, squash, text_of
from .kit.engine import Engine, Layout
from .kit.zones import in_stated_zone

NAME = "torrentpier"

_NEXT = " or ".join(f"normalize-space(.)='{w}'" for w in ("След.", "Next", "Следующая"))
_PREV = " or ".join(f"normalize-space(.)='{w}'" for w in ("Пред.", "Prev", "Previous", "Предыдущая"))

# What TorrentPier's viewtopic template prints whatever the style's classes: the post
# `tbody#post_N` in `table#topic_main`, the poster's name in the paragraph after the post's
# anchor `<a name|id="N">`, the post's first `viewtopic.php?` link (its permalink) that holds
# the time (the edit's "ред. …" in a span beside it), the message `div#p-N`, profile links
# `mode=viewprofile&u=N`; free-torrents prints the time as the first span by the quote link.
_PERMALINK = "a[contains(@href, 'viewtopic.php?')]"
_QUOTE_LINK = "a[contains(@href, 'mode=quote')]"

SELECTORS = Selectors(
    post=(f"//tbody[starts-with(@id, 'post_')][.//div[{cls('post_body')}]]",
          "//table[@id='topic_main']/tbody[starts-with(@id, 'post_')]"),
    post_id="@id",
    author=(f".//p[{cls('nick')}]", "(./tr/td[1]/a[not(@href)]/following-sibling::p)[1]"),
    author_id=(f"(.//td[{cls('poster_btn')}]//a[contains(@href, 'mode=viewprofile')]/@href)[1]",
               "(.//a[contains(@href, 'mode=viewprofile')]/@href)[1]"),
    # free-torrents' template prints the time as plain text, `span.small` in the post head
    time_text=(f"(.//div[{cls('post_head')}]//a[contains(@href, 'viewtopic.php')])[1]",
               f"(.//div[{cls('post_head')}]//span[{cls('small')}])[1]", f"(.//{_PERMALINK})[1]",
               f"(.//{_QUOTE_LINK}/ancestor::div[1]//span[normalize-space()])[1]"),
    url=(f"(.//div[{cls('post_head')}]//a[contains(@href, 'viewtopic.php')])[1]/@href", f"(.//{_PERMALINK})[1]/@href"),
    body=(f"(.//div[{cls('post_body')}])[1]", "(.//div[starts-with(@id, 'p-')][not(contains(substring(@id, 3), '-'))])[1]",
          f"(.//div[.//{_QUOTE_LINK}]/following-sibling::div[div][1]/div)[1]"),
    edit_notice=(f".//div[{cls('last_edited')}]", f".//span[{cls('posted_since')}][contains(., 'ред.')]",
                 f"(.//{_PERMALINK}/following-sibling::span[contains(., 'ред.')])[1]",
                 f"(.//{_PERMALINK}/../following-sibling::span[contains(., 'ред.')])[1]"),
    edit_patterns=(
        r"редактировал\w*:\s*(?P<who>.+?)\s*\((?P<when>[^()]+)\),?\s*всего редактировал\w*\s+(?P<n>\d+)",
        r"Last edited by (?P<who>.+?) on (?P<when>.+?); edited (?P<n>\d+) times? in total",
        r"\bред\.\s*(?P<when>[^()]+?)\s*\)?\s*$",
    ),
    drop=(f".//div[{cls('q-wrap')}]", f".//div[{cls('q_wrap')}]", f".//div[{cls('q')}]", f".//div[{cls('sp-head')}]",
          f".//span[{cls('post-s')}]", f".//div[{cls('signature')}]",
          f".//div[{cls('last_edited')}]", f".//fieldset[{cls('attach')}]",
          f".//div[{cls('c-wrap')}]", ".//div[starts-with(@id, 'pc_')]",
          ".//div[starts-with(@id, 'pg_')]", f".//*[{cls('sp-title')}]"),
    next_page=f"(//a[{_NEXT}][contains(@href, 'start=')]/@href)[1]",
    title="(//h1[contains(concat(' ', normalize-space(@class), ' '), ' maintitle ')]/a)[1]",
)
_LAYOUT = Layout("rutracker", SELECTORS)
_C = _LAYOUT.compiled
_NUMBER = re.compile(r"#\s*(\d+)")
_START = re.compile(r"[?&;]start=(\d+)")


def _first_number(doc, page: Page) -> int:
    for href in doc.xpath("//link[@rel='canonical']/@href"):
        if m := _START.search(href):
            return int(m.group(1)) + 1
    if page.url and (m := _START.search(page.url)):
        return int(m.group(1)) + 1
    if has(doc, f"//a[{_PREV}][contains(@href, 'viewtopic.php')]"):
        raise ParseError(f"{page.source}: a later page of a TorrentPier topic without its "
                         "'start' offset: save the page with its address, or fetch it")
    return 1


def _author(el, *_) -> str:
    nick = _C.element("author", el)
    if nick is None:
        return ""
    nick = copy.deepcopy(nick)
    for sup in nick.xpath(".//sup"):  # "®" marks the topic's author
        remove(sup)
    return squash(text_of(nick))


def _author_id(el, *_) -> str | None:
    found = digits(_C.first("author_id", el))
    if found:
        return found
    raw = el.xpath(f"(.//div[{cls('post_body')}] | .//div[starts-with(@id, 'p-')])[1]/@data-ext_link_data")
    if raw:
        try:
            user = json.loads(raw[0]).get("u")
        except (ValueError, AttributeError):
            user = None
        if user:
            return str(user)
    return None


def _edit(el, page: Page, where: str):
    notice = _C.element("edit_notice", el)
    if notice is None:
        return False, None, None, None
    text = squash(text_of(notice))
    by = when = count = None
    for rx in _C.edit_res:
        if m := rx.search(text):
            groups = m.groupdict()
            by = squash(groups.get("who") or "") or None
            when = groups.get("when")
            count = int(groups["n"]) if groups.get("n") else None
            break
    if when is None:
        raise ParseError(f"{where}: cannot read the edit notice '{text[:80]}'")
    return True, by, edit_time(_C, el, page, where=where, when=when), count


def _read(c: Compiled, doc, page: Page) -> list[Post]:
    page = in_stated_zone(doc, page, c.sel.post)
    first = None
    out: list[Post] = []
    for index, el in enumerate(c.posts(doc)):
        time_el = c.element("time_text", el)
        time_text = squash(text_of(time_el)) if time_el is not None else ""
        printed = _NUMBER.search(time_text)
        if printed:
            post_no = int(printed.group(1))
            time_text = time_text[:printed.start()].rstrip(" |")
        else:
            if first is None:
                first = _first_number(doc, page)
            post_no = first + index
        out.append(read_post(c, el, page, post_no,
                             author=_author, author_id=_author_id,
                             time=lambda el, page, where, text=time_text: read_time(
                                 "post time", "", text, page, where=where),
                             edit=_edit))
    return out


ENGINE = Engine(NAME, (_LAYOUT,), read=_read, requires=("//table[@id='topic_main']",),
                literals=("topic_main",))
