"""Forumotion (forum2x2.ru, forumotion.com and sister hosts), the phpBB2-style template.

Verified (notes 2.3, "Forumotion", from a migration tool's parser of live pages): topics are
`/t{tid}p{start}-slug` (page 1: `/t{tid}-slug`); posts are `tr.post`; the anchor is
`span.name a[name]`; the author `span.name strong a[href=/uN]` (profiles are `/uN`); the message
is the first `div` in `div.postbody`; the post's title and date are in `span.postdetails`;
quotes and code are `dl.codebox > dt + dd`, spoilers `dl.codebox.spoiler`.

Inferred, not seen on a real page: the date's shape (phpBB 2's default `D M d, Y g:i a`, and
the Russian "Вс Ноя 29, 2026 19:45"; any board format is read by boardtime.py), the edit
notice's wording (phpBB 2's "Last edited by X on …; edited N times in total" /
"Последний раз редактировалось X …, всего редактировалось N раз"), a guest's name as bare
`strong` text, and `<link rel="next">` for the next page. The phpBB3-, PunBB- and
Invision-style templates of Forumotion are not read: their markup is not verified.

Posts carry no number: the page's `p{start}` offset (its address: fetched, or named by the
saved file) plus the position. A page that links back to its topic's first page
(`/t{tid}-…`) is a later page; with no offset known it is refused.
"""

from __future__ import annotations

import re

from votecount.errors import ParseError
from votecount.model import Page

from .base import Selectors, cls
from .engine import Engine, Layout

NAME = "forumotion"

_NAME = f"span[{cls('name')}]"
SELECTORS = Selectors(
    post=f"//tr[{cls('post')}][.//{_NAME}/a[@name]][.//div[{cls('postbody')}]]",
    post_id=f".//{_NAME}/a/@name",
    author=(f".//{_NAME}//strong//a[starts-with(@href, '/u')]", f".//{_NAME}//strong"),
    author_id=f".//{_NAME}//strong//a[starts-with(@href, '/u')]/@href",
    author_id_pattern=r"^/u(\d+)",
    time_text=f"(.//*[div[{cls('postbody')}]]/span[{cls('postdetails')}])[1]",
    body=f"(.//div[{cls('postbody')}]/div)[1]",
    edit_notice=(f".//div[{cls('postbody')}]/*[preceding-sibling::div]"
                 "[contains(., 'Last edited by') or contains(., 'редактировал')]"),
    edit_patterns=(r"Last edited by (?P<who>.+?) on (?P<when>.+?); edited (?P<n>\d+) times? in total",
                   r"Последний раз редактировал\w*:?\s+(?P<who>.+?)\s+(?P<when>(?:\S+\s+){0,2}\d.+?)[,;]\s+всего "
                   r"редактировал\w*\s+(?P<n>\d+)"),
    drop=(f".//dl[{cls('codebox')}]",),
    next_page="(//link[@rel='next']/@href)[1]",
    title=("//h1[@class='cattitle']", "//a[@class='maintitle']", "//h1"),
)
_START = re.compile(r"/t(\d+)p(\d+)-")
_TOPIC = re.compile(r"/t(\d+)(?:p\d+)?-")


def _first_number(doc, page: Page) -> int:
    """1 + the page's `p{start}` offset, from its address or canonical link. Without either, a
    topic of one page starts at 1; a page that links to other pages of its topic (`/t{tid}pN-`)
    could be any of them, and is refused."""
    addresses = [page.url or "", *doc.xpath("//link[@rel='canonical']/@href")]
    for url in addresses:
        if m := _START.search(url):
            return int(m.group(2)) + 1
    if any(_TOPIC.search(url) for url in addresses):
        return 1  # the address names page 1: /t{tid}-slug
    if any(_START.search(h) for h in doc.xpath("//a/@href")):
        raise ParseError(f"{page.source}: a page of a Forumotion topic of several pages, saved "
                         "without its address, and its posts print no numbers: save it with its "
                         "address (the browser's 'save as' keeps it in the file), or fetch it")
    return 1


ENGINE = Engine(
    NAME, (Layout("phpbb2", SELECTORS),), first_number=_first_number,
    requires=(f"//tr[{cls('post')}]//{_NAME}//strong//a[starts-with(@href, '/u')]",),
)
