"""phpBB 3 (prosilver, 3.0–3.3), English and Russian language packs.

Times: `<time datetime>` (UTC) from 3.2.9 on, else the author line's text ("Sun May 26, 2019
4:34 pm", "29 ноя 2026, 19:45", "Сегодня, 19:45"). Edit notice: "Last edited by X on …,
edited N times in total." / "Последний раз редактировалось X 29 ноя 2026, 19:50, всего
редактировалось N раз." The edit time is always absolute (viewtopic forces it). Posts carry no
number: it is the page's `start` offset plus the position. phpBB colours admin names
#AA0000 (`username-coloured`): those links are in the author line and notices, never in the
body we keep, and quotes (where they also appear) are dropped.
"""

from __future__ import annotations

import re

from votecount.errors import ParseError
from votecount.model import Page, Post

from .base import Compiled, Selectors, cls, has, parse_with, squash

NAME = "phpbb3"

SELECTORS = Selectors(
    post=f"//div[starts-with(@id, 'p') and {cls('post')}][.//div[{cls('postbody')}]]",
    post_id="@id",
    author=f"(.//p[{cls('author')}]//strong | .//p[{cls('author')}]//a[{cls('username')} or {cls('username-coloured')}])[1]",
    author_id=f"(.//p[{cls('author')}]//a[contains(@href, 'mode=viewprofile')]/@href"
              f" | .//dl[{cls('postprofile')}]//a[contains(@href, 'mode=viewprofile')]/@href)[1]",
    time_attr=f".//p[{cls('author')}]//time/@datetime",
    time_text=f".//p[{cls('author')}]",
    body=f".//div[{cls('content')}]",
    url=f".//p[{cls('author')}]/a[contains(@href, '#p')]/@href",
    edit_notice=f".//div[{cls('notice')}]",
    edit_by=".//a[contains(@href, 'mode=viewprofile')]",
    edit_patterns=(
        r"Last edited by (?P<who>.+?) on (?P<when>.+?), edited (?P<n>\d+) times? in total",
        r"Последний раз редактировал(?:ось|а|)\s+(?P<who>.+?)\s+(?P<when>\S*\s*\d.+?),\s+всего редактировал\w*\s+(?P<n>\d+)",
    ),
    drop=(".//blockquote", f".//div[{cls('quotecontent')}]", f".//dl[{cls('codebox')}]",
          f".//div[{cls('inline-attachment')}]", f".//*[{cls('spoiler-title')} or {cls('sp-head')}]"),
    next_page=f"(//li[{cls('next')}]/a/@href | //a[{cls('right-box')} and {cls('right')}]/@href | //link[@rel='next']/@href)[1]",
    title=f"(//h2[{cls('topic-title')}]/a | //div[@id='page-body']/h2/a | //h2/a)[1]",
)
_C = Compiled(SELECTORS)
_START = re.compile(r"[?&;]start=(\d+)")
_PAGE = re.compile(r"(?:Page|Страница)\s+(\d+)\s+(?:of|из)\s+(\d+)", re.I)


def detect(doc, url: str | None = None) -> bool:
    marked = (has(doc, "//body[@id='phpbb']") or has(doc, "//meta[contains(@content, 'phpBB')]")
              or has(doc, "//link[contains(@href, 'prosilver')]")
              or has(doc, "//a[contains(@href, 'phpbb.com')]")
              or has(doc, "//a[contains(@href, 'viewtopic.php')]"))
    return marked and has(doc, SELECTORS.post)


def _first_number(doc, page: Page) -> int:
    """1 + the `start` offset of this page (phpBB prints no post numbers)."""
    for href in doc.xpath("//form[@id='viewtopic']/@action | //link[@rel='canonical']/@href"):
        m = _START.search(href)
        if m:
            return int(m.group(1)) + 1
    m = _PAGE.search(squash(" ".join(doc.xpath(f"//div[{cls('pagination')}]//text()"))))
    if m and int(m.group(1)) > 1:
        raise ParseError(f"{page.source}: page {m.group(1)} of a phpBB thread without its "
                         "'start' offset: save the page with its address, or fetch it")
    if page.url and (m := _START.search(page.url)):
        return int(m.group(1)) + 1
    return 1


def posts(doc, page: Page) -> list[Post]:
    return parse_with(_C, doc, page, _first_number(doc, page))


def next_page(doc, url: str | None = None) -> str | None:
    return _C.first("next_page", doc) or None


def title(doc) -> str:
    return _C.first("title", doc) or squash(" ".join(doc.xpath("//title/text()")))
