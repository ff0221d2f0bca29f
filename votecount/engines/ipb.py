"""Invision Power Board 1.3, 2.x and 3.x (not Invision Community 4: see ips4.py).

Three generations, one NAME; the page's markup picks the selector block.

IPB 1.3 and 2.x (`div#ipbwrapper`): every post is a table, announced by a
`<!--Begin Msg Number N-->` comment, holding `<a name='entryN'>` and `span.normalname`.
- 1.3 (the IBR Russian mod in the corpus): the header prints "Дата 31.07.2014 - 12:57"; the
  message is the cell holding `div.postcolor` (a quote closes that div and opens a new one
  after its table, so the cell is the body); quotes are tables with `td#QUOTE`; the edit
  notice is `<span class='edit'>Это сообщение отредактировал <b>X</b> - 7.09.2014 - 16:55</span>`;
  the signature is `div.signature` after a "--------------------" line. No post number is
  printed: it is the `st` offset plus the position.
- 2.x: `div.postcolor#post-N` is the message; the header prints the time unpadded
  ("27.9.2012, 19:05", "Сегодня, 19:05", English "Today, 07:45 PM") and
  "Сообщение #N" / "Post #N"; quotes are `div.quotetop` + `div.quotemain`; the edit notice is
  `span.edit`: "Сообщение отредактировал <b>X</b> - 29.11.2026, 19:50" / "This post has been
  edited by <b>X</b>: Today, 07:50 PM"; the footer prints "Сейчас: …" / "Time is now: …".
IPB 3.x (`body#ipboard_body`): `div.post_block#post_id_N`, `abbr.published[title]` holds the
ISO time, `span.post_id a` "#N", `div[itemprop=commentText]` the message, `p.edit` the notice
("Сообщение отредактировал <strong>X</strong>: 29 Ноябрь 2026 - 19:50"), `div.signature`
outside the message, quotes `blockquote.ipsBlockquote` (3.4) or `p.citation` +
`div.blockquote` (3.0–3.3), spoilers `div.bbc_spoiler` with a `span.spoiler_title`.

Colour: `<span style='color:red'>` (1.3/2.x), `<span style='color: #ff0000'>` (3.x): kept.
IPB shows no edit at all for edits made within the board's grace period, nor moderator edits
when the moderator ticks "do not show": absence of a notice is not proof of no edit.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime
from zoneinfo import ZoneInfo

from ..errors import ParseError
from ..model import Page, Post

from .kit.base import Compiled, Selectors, cls, parse_with, squash, text_of
from .kit.dates import parse_time
from .kit.engine import Engine, Layout, headless_only, text_starts
from .kit.pagewalk import has_id, texts_containing

NAME = "ipb"

_ENTRY = "starts-with(@name, 'entry')"
_EDIT_RU = r"(?:Это\s+)?[Сс]ообщение\s+отредактировал[аи]?\s+(?P<who>.+?)\s*(?:\s-|:)\s+(?P<when>\S.*)$"
_EDIT_EN = r"This post has been edited by\s+(?P<who>.+?)\s*:\s+(?P<when>\S.*)$"
_SPOILER_TITLES = (f".//*[{cls('spoilertop')} or {cls('spoiler_title')} or {cls('block-title')}"
                   f" or {cls('sp-head')} or {cls('spoiler-title')}]")

# What IPB 1.x/2.x's own code prints whatever the skin's classes: the name's insert link
# `javascript:ins('Nick')`, the post link `link_to_post(N)` in the date's span, the message
# after the `<!-- THE POST N -->` comment, the notice's wording.
_INSERT = "a[starts-with(@href, 'javascript:ins(')]"
_EDITED = text_starts("Это сообщение отредактировал", "This post has been edited by")
# IPB 1.3 and 2.x: a post is the innermost table holding an `entryN` anchor.
LEGACY = Selectors(
    post=f"//table[.//a[{_ENTRY}]][not(.//table[.//a[{_ENTRY}]])]",
    post_id=f"(.//a[{_ENTRY}])[1]/@name",
    number=(f"(.//tr[1]//span[{cls('postdetails')}]//a[contains(@onclick, 'link_to_post')]"
            "[starts-with(normalize-space(.), '#')])[1]"),
    author=(f".//span[{cls('normalname')}]", f".//span[{cls('unreg')}]", f".//*[{cls('bigusername')}]",
            f"(.//{_INSERT})[1]"),
    author_id="substring-after((.//a[contains(@href, 'showuser=')]/@href)[1], 'showuser=')",
    time_text=(f"(.//tr[1]/td[2]//span[{cls('postdetails')}])[1]",
               "(.//a[contains(@onclick, 'link_to_post')]/ancestor::span[1])[1]"),
    body=(f".//div[{cls('postcolor')} and starts-with(@id, 'post-')]",
          f".//td[div[{cls('postcolor')}]][not(.//div[{cls('postcolor')} and starts-with(@id, 'post-')])]",
          ".//div[starts-with(@id, 'post-')]",
          "(.//comment()[starts-with(normalize-space(), 'THE POST')]/following-sibling::div[1])[1]"),
    edit_notice=(f".//span[{cls('edit')}][contains(., 'отредактировал') or contains(., 'edited by')]",
                 f"(.//span[{_EDITED}])[1]"),
    edit_by=(".//b", ".//strong"),
    edit_patterns=(_EDIT_RU, _EDIT_EN),
    drop=(".//table[.//td[@id='QUOTE' or @id='CODE']]", f".//div[{cls('quotetop')}]",
          f".//div[{cls('quotemain')}]", f".//div[{cls('codetop')}]", f".//div[{cls('codemain')}]",
          f".//div[{cls('signature')}]", f".//span[{cls('edit')}]", f".//span[{_EDITED}]", _SPOILER_TITLES),
    next_page=("//link[@rel='next']/@href",
               "//a[@rel='next']/@href",
               "//a[@title='Следующая страница' or @title='Next page' or @title='Следующая']/@href"),
    title=f"(//div[{cls('maintitle')}]//b)[1]",
)

IPB3 = Selectors(
    post=f"//div[{cls('post_block')} and starts-with(@id, 'post_id_')]",
    post_id="@id",
    number=f"(.//span[{cls('post_id')}]//a)[1]",
    author=(f".//h3//span[{cls('author')}]//*[@itemprop='name']",
            f".//h3//span[{cls('author')}]",
            ".//h3//a[@hovercard-ref='member']",
            f".//div[{cls('post_username')}]"),
    author_id=(".//h3//a[@hovercard-ref='member']/@hovercard-id",
               ".//h3//a[contains(@href, 'showuser=')]/@href",
               ".//h3//a[contains(@href, '/user/')]/@href"),
    time_attr=f"(.//abbr[{cls('published')}]/@title)[1]",
    time_text=(f".//abbr[{cls('published')}]", f".//p[{cls('posted_info')}]"),
    url=f"(.//span[{cls('post_id')}]//a/@href)[1]",
    body=(".//div[@itemprop='commentText']", f".//div[{cls('post')} and {cls('entry-content')}]"),
    edit_notice=f".//p[{cls('edit')}]",
    edit_by=(".//strong", ".//b"),
    edit_patterns=(_EDIT_RU, _EDIT_EN),
    drop=(".//blockquote", f".//p[{cls('citation')}]", f".//div[{cls('blockquote')}]",
          f".//p[{cls('edit')}]", f".//div[{cls('signature')}]", ".//pre", _SPOILER_TITLES),
    next_page=("//link[@rel='next']/@href", f"//li[{cls('next')}]/a/@href", "//a[@rel='next']/@href"),
    title=(f"//h1[{cls('ipsType_pagetitle')}]", f"//div[{cls('maintitle')}]//span", "//h1"),
)


_ST = re.compile(r"[?&;]st=(\d+)")
_PAGES = re.compile(r"(?:Страниц|Pages)\s*:?\s*\(\d+\)", re.I)
_CURRENT = re.compile(r"\[(\d+)\]")
_NOW = re.compile(r"(?:Сейчас|Time is now)\s*:\s*(.+)", re.I)
_COPYRIGHT = ("//a[contains(@href, 'invisionboard.com') or contains(@href, 'invisionpower.com')]"
              " | //comment()[contains(., 'IBF.')]")


_INDEX_WORDS = ("Страниц", "Pages")  # the text nodes of the page index…
_INDEX_BLOCK = "/ancestor::*[self::td or self::div or self::span or self::p][1]"  # …its block


def _first_number(doc, page: Page) -> int:
    """1 + the `st` offset of this page, for IPB 1.3, which prints no post numbers."""
    if page.url and (m := _ST.search(page.url)):
        return int(m.group(1)) + 1
    for href in doc.xpath("//link[@rel='canonical']/@href"):
        if m := _ST.search(href):
            return int(m.group(1)) + 1
    # The page index ("Страниц: (3) 1 [2] 3"; a theme may split it over elements, so the
    # enclosing block is read), or a link back to the first page (`st=0`), which page 1 never
    # has: either says this is a later page, whose offset nothing here gives.
    later = None
    for node in texts_containing(doc, _INDEX_WORDS, _INDEX_BLOCK):
        text = squash(text_of(node))
        if _PAGES.search(text) and (cur := _CURRENT.search(text)) and int(cur.group(1)) > 1:
            later = f"page {cur.group(1)}"
    if later is None and doc.xpath("//a[contains(@href, 'showtopic=') and (contains(@href, '&st=0')"
                                   " or contains(@href, ';st=0'))]"):
        later = "a later page"
    if later:
        raise ParseError(f"{page.source}: {later} of an IPB thread that prints no post numbers, "
                         "saved without its address: save it with its 'st' address (the browser's "
                         "'save as' keeps it in the file), or fetch it")
    return 1


def _read(c: Compiled, doc, page: Page) -> list[Post]:
    if c.sel is IPB3:
        return parse_with(c, doc, page)
    # IPB 2 prints each post's number; only a page whose posts print none (1.3) needs its offset.
    unnumbered = any(not c.first("number", el) for el in c.posts(doc))
    found = parse_with(c, doc, page, _first_number(doc, page) if unnumbered else 1)
    return [_strip_sig_rule(p) for p in found]


_RULE_TEXT = re.compile(r"(?:^|\n)-{10,}\s*$")
# A rule and the line breaks around it: the signature's when nothing but white space and
# comments follows it. The pattern this replaced said so with a lookahead,
# `(?=\s*(?:<!--.*?-->\s*)*$)` (re.S), 6-13 ms on the IPB 1.3 corpus page: its lazy `.*?` is
# retried from every comment to every later "-->". The lookahead holds exactly when the rest,
# stripped, is empty or opens with "<!--" and closes with "-->" (one span may cover several
# comments and the text between), which _only_comments_after() tests. A rule refused is looked
# for again from its trailing breaks: those may open the next rule's match, as the pattern's own
# scan found. Each alternative opens with a literal character, so the regex engine skips to a
# "<" or a "-" (the same matches as (?:<br\s*/?>\s*)*-{10,}(?:\s*<br\s*/?>)*).
# tests/engines/test_ipb_rule.py checks both against the old pattern; bench/ipb_rule.py times them.
_RULE_HTML = re.compile(r"(?:<br\s*/?>(?:\s*<br\s*/?>)*\s*----------+|----------+)"
                        r"(?P<tail>(?:\s*<br\s*/?>)*)")


_VISIBLE = re.compile(r"\S")


def _only_comments_after(html: str, end: int, stop: int) -> bool:
    """html[end:].strip() is empty or one "<!--…-->" span; `stop` = len(html.rstrip()).
    Without copying the rest: a long post has dozens of dash rules."""
    first = _VISIBLE.search(html, end)
    if first is None:
        return True
    at = first.start()
    return stop - at >= 7 and html.startswith("<!--", at) and html.endswith("-->", 0, stop)


def _strip_rule_html(html: str) -> str:
    kept, last, m, stop = [], 0, _RULE_HTML.search(html), len(html.rstrip())
    while m:
        if _only_comments_after(html, m.end(), stop):
            kept.append(html[last:m.start()])
            last = m.end()
            m = _RULE_HTML.search(html, m.end())
        else:
            m = _RULE_HTML.search(html, m.start("tail"))
    return "".join(kept) + html[last:] if kept else html


def _strip_sig_rule(post: Post) -> Post:
    """IPB 1.3 prints "--------------------" before the signature, in the message cell."""
    # Both patterns need ten dashes: most posts skip them.
    text = (_RULE_TEXT.sub("", post.text) if "-" * 10 in post.text else post.text).rstrip()
    html = (_strip_rule_html(post.html) if "-" * 10 in post.html else post.html).rstrip()
    return replace(post, text=text, html=html) if (text, html) != (post.text, post.html) else post


def page_now(doc, tz: ZoneInfo) -> datetime | None:
    """IPB 2.x footer: "Сейчас: 29.11.2026, 20:05" / "Time is now: 29th November 2026 - 08:05 PM"."""
    if not has_id(doc, "gfooter"):  # no footer: the page is not walked for one
        return None
    for node in doc.xpath("//table[@id='gfooter']//td | //div[@id='gfooter']"):
        m = _NOW.search(squash(text_of(node)))
        if m:
            return parse_time(m.group(1), tz)
    return None


ENGINE = Engine(
    NAME,
    (Layout("ipb3", IPB3),
     Layout("legacy", LEGACY, markers=("//div[@id='ipbwrapper']", _COPYRIGHT),
            # (the message's class, or whatever the skin: the name's insert link IPB prints)
            requires=(f"//div[{cls('postcolor')}] | //{_INSERT}",), excludes=("//body[@id='ipboard_body']",))),
    markers=("//div[@id='ipbwrapper']", "//body[@id='ipboard_body']", _COPYRIGHT),
    # Invision Community 4 (ips4.py)
    excludes=(f"//body[{cls('ipsApp')}]", headless_only("//article[starts-with(@id, 'elComment_')]")),
    read=_read, page_now=page_now, missing="no IPB posts found (engine ipb)",
    literals=("post_block", "postcolor", "javascript:ins("),  # IPB 3's posts; the legacy layout's requirement
)
