"""phpBB 3 (3.0–3.3): prosilver and subsilver2 styles, English and Russian language packs.

prosilver: `div.post#pN`, the author line `p.author` holds the time: `<time datetime>` (UTC)
from 3.2.9 on, else text ("Sun May 26, 2019 4:34 pm", "29 ноя 2026, 19:45", "Сегодня, 19:45").
subsilver2 (still phpBB 3, table layout): one `table.tablebg` per post, `b.postauthor`,
"Добавлено: 29 ноя 2026, 19:45", the message in the first `div.postbody` (the signature is a
second `div.postbody` after "_________________"), the notice in `span.gensmall`.

Edit notice: "Last edited by X on …, edited N times in total." / "Последний раз
редактировалось X 29 ноя 2026, 19:50, всего редактировалось N раз." The edit time is always
absolute (viewtopic forces it). Posts carry no number: it is the page's `start` offset plus
the position. phpBB colours admin names #AA0000 (`username-coloured`, or the style of
subsilver2's `b.postauthor`): those are in the author line and notices, never in the body we
keep, and quotes (where they also appear) are dropped.

Zone: the footer states the zone times are printed in ("All times are UTC + 3 hours [ DST ]",
"Часовой пояс: <span title="Европа/Москва">UTC+03:00</span>"); printed text times are read in it
rather than in `page.tz` (votecount/engines/kit/zones.py gives the precedence); `<time datetime>` wins over both.

Detection needs a phpBB 3 marker (body#phpbb, a style path, `memberlist.php?mode=viewprofile`
profile links, which phpBB 2 and TorrentPier do not have: they use `profile.php`) and posts in
one of the two layouts.
"""

from __future__ import annotations

import re

from ..errors import ParseError
from ..model import Page, Post

from .kit.base import Compiled, Selectors, cls, parse_with, squash
from .kit.engine import Engine, Layout, text_starts
from .forumotion import MARKER as FORUMOTION_POST
from .kit.zones import in_stated_zone

NAME = "phpbb3"

_EDIT_PATTERNS = (
    r"Last edited by (?P<who>.+?) on (?P<when>.+?), edited (?P<n>\d+) times? in total",
    r"Последний раз редактировал(?:ось|а|)\s+(?P<who>.+?)\s+(?P<when>\S*\s*\d.+?),\s+всего редактировал\w*\s+(?P<n>\d+)",
    # phpBB's French and German language packs: "Modifié en dernier par X le …, modifié N fois.",
    # "Zuletzt geändert von X am …, insgesamt N-mal geändert."
    r"Modifié en dernier par (?P<who>.+?) le (?P<when>.+?), modifié (?P<n>\d+) fois",
    r"Zuletzt geändert von (?P<who>.+?) am (?P<when>.+?), insgesamt (?P<n>\d+)-mal geändert",
)
# Quotes (3.0 blockquote, 3.2+ s9e blockquote with a coloured cite, subsilver2 quotetitle/
# quotecontent), code boxes, attachments, and the titles of the usual spoiler BBCodes.
_DROP = (".//blockquote", f".//div[{cls('quotetitle')}]", f".//div[{cls('quotecontent')}]",
         f".//dl[{cls('codebox')}]", f".//div[{cls('codetitle')}]", f".//div[{cls('codecontent')}]",
         f".//div[{cls('inline-attachment')}]",
         f".//*[{cls('spoiler-title')} or {cls('sp-head')} or {cls('spoiler-head')}]")

# What phpBB's own code prints whatever the style: the post anchor `#pN` (an id "p" + digits),
# profile links `memberlist.php?mode=viewprofile&u=N`, permalinks `viewtopic.php?p=N#pN`.
_POST_ID = "starts-with(@id, 'p') and number(substring(@id, 2)) = number(substring(@id, 2))"
_PROFILE = "a[contains(@href, 'mode=viewprofile')][normalize-space()][not(ancestor::blockquote)]"
# A style that puts the anchor `#pN` on an element of its own inside the post (slickthemes'
# "canvas": `<div class="post has-profile"><a class="st-anchor" id="pN">`): the post is the
# anchor's parent when that holds this one anchor and a profile link.
_ANCHORED = (f"//*[{_POST_ID}]/parent::*[count(.//*[{_POST_ID}]) = 1]"
             "[.//a[contains(@href, 'mode=viewprofile')]]")
# A permalink as a site copier rewrites it too (HTTrack: `viewtopic.php@p=N.html#pN`).
_PERMALINK = "a[contains(@href, 'viewtopic.php')][contains(@href, '#p')][not(ancestor::blockquote)]"
_EDITED = text_starts("Last edited by", "Последний раз редактировал", "Modifié en dernier par",
                      "Zuletzt geändert von")

SELECTORS = Selectors(  # prosilver; then prosilver-derived and custom styles
    post=(f"//div[starts-with(@id, 'p') and {cls('post')}][.//div[{cls('postbody')}]]",
          f"//div[{_POST_ID}][.//a[contains(@href, 'mode=viewprofile')]]", _ANCHORED),
    post_id=("@id", f"(.//*[{_POST_ID}])[1]/@id"),
    author=(f".//p[{cls('author')}]//strong",
            f".//p[{cls('author')}]//a[{cls('username')} or {cls('username-coloured')}]",
            f".//*[{cls('author')}]//strong//a[contains(@href, 'mode=viewprofile')]",
            f"(.//{_PROFILE})[1]"),
    author_id=(f".//p[{cls('author')}]//a[contains(@href, 'mode=viewprofile')]/@href",
               f".//dl[{cls('postprofile')}]//a[contains(@href, 'mode=viewprofile')]/@href",
               f"(.//{_PROFILE})[1]/@href"),
    # (no fallback: a 3.0 page has no <time>, and a walk of every post for one costs more than
    # it finds; a derived theme's printed time is read by time_text's fallbacks)
    time_attr=f".//p[{cls('author')}]//time/@datetime",
    time_text=(f".//p[{cls('author')}]", f".//*[{cls('author')}]",
               "(.//a[contains(@href, 'viewtopic.php?p=')][not(ancestor::blockquote)]/..)[1]",
               f"(.//{_PERMALINK}/..)[1]"),
    body=(f".//div[{cls('content')}]", f".//div[starts-with(@id, 'post_content')]"),
    url=(f".//p[{cls('author')}]/a[contains(@href, '#p')]/@href",
         "(.//a[contains(@href, 'viewtopic.php?p=')][contains(@href, '#p')]/@href)[1]",
         f"(.//{_PERMALINK}/@href)[1]"),
    # (then the engine's own wording, at the start of an element outside the message and quotes)
    edit_notice=(f".//div[{cls('notice')}]",
                 f".//div[{_EDITED}][not(ancestor-or-self::div[{cls('content')}])][not(ancestor::blockquote)]"),
    edit_by=".//a[contains(@href, 'mode=viewprofile')]",
    edit_patterns=_EDIT_PATTERNS,
    drop=_DROP,
    next_page=("//link[@rel='next']/@href", f"//li[{cls('next')}]/a/@href",
               f"//a[{cls('right-box')} and {cls('right')}]/@href"),
    title=(f"//h2[{cls('topic-title')}]/a", "//div[@id='page-body']/h2/a", "//h2/a"),
)

_SS2_NEXT = " or ".join(f"normalize-space(.)='{w}'" for w in ("Next", "След.", "Следующая", "Вперёд", "Вперед"))
SUBSILVER2 = Selectors(
    post=f"//table[{cls('tablebg')}][.//b[{cls('postauthor')}]][.//div[{cls('postbody')}]]",
    post_id=".//a[starts-with(@name, 'p')]/@name",
    author=f".//b[{cls('postauthor')}]",
    author_id=f"(.//a[{cls('imageset')} and contains(@href, 'mode=viewprofile')]/@href)[1]",
    time_text=f"(.//td[{cls('gensmall')}]/div[a[contains(@href, 'viewtopic.php?p=')]])[1]",
    url=f"(.//td[{cls('gensmall')}]/div/a[contains(@href, 'viewtopic.php?p=')]/@href)[1]",
    body=f"(.//div[{cls('postbody')}])[1]",
    edit_notice=f"(.//span[{cls('gensmall')}][not(ancestor::div[{cls('postbody')}])]"
                "[contains(., 'Last edited by') or contains(., 'редактировал')])[1]",
    edit_by=".//a[contains(@href, 'mode=viewprofile')]",
    edit_patterns=_EDIT_PATTERNS,
    drop=_DROP,
    next_page=("//link[@rel='next']/@href", f"//td[{cls('gensmall')}]//a[{_SS2_NEXT}]/@href"),
    title=("//div[@id='pageheader']/h2/a", f"//h2/a[{cls('titles')}]"),
)
_START = re.compile(r"[?&;]start=(\d+)")
_PAGE = re.compile(r"(?:Page|Страница)\s+(\d+)\s+(?:of|из)\s+(\d+)", re.I)
_MARKERS = ("//body[@id='phpbb']", "//meta[contains(@content, 'phpBB')]",
            "//link[contains(@href, 'prosilver') or contains(@href, 'subsilver2')]",
            "//a[contains(@href, 'phpbb.com')]",
            "//a[contains(@href, 'memberlist.php?mode=viewprofile')]",
            # the profile link as a site copier rewrites it (`memberlist.php@mode=viewprofile&u=N.html`)
            "//a[contains(@href, 'mode=viewprofile')][contains(@href, 'memberlist.php')]")


def _first_number(doc, page: Page) -> int:
    """1 + the `start` offset of this page (phpBB prints no post numbers)."""
    actions = "//form[@id='viewtopic' or @name='viewtopic']/@action | //link[@rel='canonical']/@href"
    for href in doc.xpath(actions):
        m = _START.search(href)
        if m:
            return int(m.group(1)) + 1
    where = f"//div[{cls('pagination')}]//text() | //td[{cls('nav')}]//text()"
    m = _PAGE.search(squash(" ".join(doc.xpath(where))))
    if m and int(m.group(1)) > 1:
        if page.url and (s := _START.search(page.url)):
            return int(s.group(1)) + 1
        raise ParseError(f"{page.source}: page {m.group(1)} of a phpBB thread without its "
                         "'start' offset: save the page with its address, or fetch it")
    if page.url and (m := _START.search(page.url)):
        return int(m.group(1)) + 1
    return 1


def _read(c: Compiled, doc, page: Page) -> list[Post]:
    first = _first_number(doc, page)
    return parse_with(c, doc, in_stated_zone(doc, page, c.sel.post), first)


ENGINE = Engine(
    NAME, (Layout("prosilver", SELECTORS), Layout("subsilver2", SUBSILVER2)), markers=_MARKERS,
    excludes=(FORUMOTION_POST,),  # Forumotion's phpBB3-style template (body#phpbb, div.post#pN)
    read=_read, missing="no phpBB 3 posts (neither prosilver nor subsilver2 layout)",
    literals=("postbody", "mode=viewprofile"),  # prosilver's and subsilver2's posts; a custom style's
)
