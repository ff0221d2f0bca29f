"""phpBB 2.0 (subSilver and its many derivatives), English and Russian language packs.

Table layout: a post is the `tr` whose first cell holds `span.name` with the `<a name="ID">`
anchor; the next `tr` holds the profile buttons (`profile.php?mode=viewprofile&u=N`, the
author id). The message cell's first `.postdetails` reads "Posted: Wed Jun 02, 2010 11:01 pm"
/ "Добавлено: Вс ноя 29, 2026 7:45 pm" (the board's `date()` format, default
'D M d, Y g:i a'; no machine-readable time and no "Today" in stock phpBB 2).

subSilver puts the message, the signature and the edit notice in one cell:
`<span class="postbody">MESSAGE<br />_________________<br />SIGNATURE</span>
<span class="gensmall"><br /><br />EDIT NOTICE</span>`; quotes and code close the span and open
a `table` ("Вася писал(а):" / "Quote:"). The signature has no element of its own, so it is cut
at the last "_________________" line. Some themes (fiappleblue in the corpus) give the message
its own `td.postbody` and the signature its own cell.

Edit notice (the poster's plain name, no link): "Last edited by X on …; edited N times in
total" / "Последний раз редактировалось: X (…), всего редактировалось N раз(а)" (another pack:
"Последний раз редактировалось X в …; всего редактировалось N раз"). phpBB 2 records no edit
of the topic's last post, and moderators' edits show the poster's name: the notice is weak
evidence. Posts carry no number: it is the page's `start` offset plus the position.

Zone: the footer's "All times are GMT + 3 Hours" / "Часовой пояс: GMT + 3" is the zone the
times were printed in; it is used instead of `page.tz` (precedence: votecount/engines/kit/zones.py).
"""

from __future__ import annotations

import copy
import re

from ..errors import ParseError
from ..model import Page, Post

from .kit.base import Compiled, Selectors, cls, parse_with, squash
from .kit.engine import Engine, Layout, text_starts
from .kit.pagewalk import tops
from .kit.zones import in_stated_zone

NAME = "phpbb2"

_NEXT = " or ".join(f"normalize-space(.)='{w}'" for w in ("Next", "След.", "Следующая", "Далее"))
_NOTICE = ("contains(., 'Last edited by') or contains(., 'редактировал')")
_EDITED = text_starts("Last edited by", "Последний раз редактировал")  # the notice's own wording

# What phpBB 2's viewtopic_body template prints whatever the style's classes: the post row
# whose first cell holds the name's span with the post's anchor `<a name="N">`, the permalink
# `viewtopic.php?p=N#N` beside the time, the message in the cell after the rule under it
# (subSilver) or in the table after the permalink's (styles derived from it).
_ANCHOR = "a[@name][translate(@name, '0123456789', '') = '']"
_PERMALINK = "a[contains(@href, 'viewtopic.php?p=')]"

SELECTORS = Selectors(
    post=(f"//tr[td/span[{cls('name')}]/a[@name]]", f"//tr[td[1]/span/{_ANCHOR}][td[2]//{_PERMALINK}]"),
    post_id=(f"td/span[{cls('name')}]/a/@name", "td/span/a[@name]/@name"),  # (the post's first: its name cell's)
    author=(f"td/span[{cls('name')}]", "td/span[a[@name]]"),
    author_id="following-sibling::tr[1]//a[contains(@href, 'mode=viewprofile')]/@href",
    time_text=(f"(td[2]//*[{cls('postdetails')}])[1]", f"(td[2]//{_PERMALINK}/..)[1]"),
    url="(td[2]//a[contains(@href, 'viewtopic.php?p=')]/@href)[1]",
    body=(f"td[2]//td[{cls('postbody')}]", f"td[2]//span[{cls('postbody')}]/..",
          f"(td[2]//{_PERMALINK}/ancestor::tr[1]/following-sibling::tr[td/hr][1]/following-sibling::tr[1]/td)[1]",
          f"(td[2]//{_PERMALINK}/ancestor::table[1]/following-sibling::table[1]//td)[1]"),
    edit_notice=(f"(td[2]//span[{cls('gensmall')}][{_NOTICE}])[1]", f"(td[2]//span[{_EDITED}])[1]"),
    edit_patterns=(
        r"Последн\w* раз редактировал\w*:\s*(?P<who>.+)\s+\((?P<when>[^()]*\d[^()]*)\),?\s+всего редактировал\w*\s+(?P<n>\d+)",
        r"Последн\w* раз редактировал\w*\s+(?P<who>.+?)\s+в\s+(?P<when>.+?);\s+всего редактировал\w*\s+(?P<n>\d+)",
        r"Last edited by (?P<who>.+?) on (?P<when>.+?)[;,] edited (?P<n>\d+) times? in total",
    ),
    # Quote and code boxes are tables; the edit notice is a span.gensmall in the same cell;
    # spoiler titles of the common BBCode mods; the signature marked by _mark_signatures().
    drop=(".//table", f"./span[{cls('gensmall')}]", f".//span[{cls('gensmall')}][{_NOTICE}]", f"./span[{_EDITED}]",
          f".//div[{cls('spoiltitle')} or {cls('sp-head')} or {cls('spoiler-title')}]",
          f".//*[{cls('votecount-signature')}]"),
    next_page=(f"//span[{cls('nav')}]//a[{_NEXT}]/@href", f"//td[{cls('nav')}]//a[{_NEXT}]/@href"),
    title=(f"//a[{cls('maintitle')}]", f"//td[{cls('maintitle')}]/a", f"//span[{cls('maintitle')}]/a"),
)
_TORRENTPIER = "//tbody[starts-with(@id, 'post_')]"
_LAYOUT = Layout("subsilver", SELECTORS,
                 markers=("//a[contains(@href, 'profile.php?mode=viewprofile')]",
                          "//a[contains(@href, 'posting.php?mode=quote')]",
                          "//a[contains(@href, 'phpbb.com')]"),
                 # (the style's class, or phpBB 2's own post anchor in the name's span)
                 requires=(f"//*[{cls('postdetails')}] | //tr/td[1]/span/{_ANCHOR}",))
_C = _LAYOUT.compiled

# NNM-Club's smartBlue template (a phpBB 2 fork, the guest's view of a tracker topic; corpus
# monitorrent-nnmclub): a row a post, its first cell the `<a name="ID">` anchor and the poster's
# name in bold in `span.genmed`, its second the message in `span.postbody`; no profile, quote
# or permalink links and no post time to guests (the dates on the page are the release's, inside
# the first post), so such a page is refused for its times, by its engine, not as unknown.
_SMART_POST = f"//tr[td[1]/a[@name]][td[1]/span[{cls('genmed')}]/b][td[2]//span[{cls('postbody')}]]"
SMARTBLUE = Selectors(
    post=_SMART_POST,
    post_id="td[1]/a/@name",
    author=f"td[1]/span[{cls('genmed')}]/b",
    time_text=f"(td[2]//*[{cls('postdetails')}])[1]",  # where phpBB 2 prints it: not to guests here
    body=f"(td[2]//span[{cls('postbody')}])[1]",
    drop=SELECTORS.drop,
    next_page=SELECTORS.next_page,
    title=SELECTORS.title,
)
_SMART = Layout("smartblue", SMARTBLUE, markers=("//a[contains(@href, 'viewtopic.php?t=')]",),
                requires=(_SMART_POST,))
_START = re.compile(r"[?&;]start=(\d+)")
_PAGE = re.compile(r"(?:Page|Страница)\s+(\d+)\s+(?:of|из)\s+(\d+)", re.I)
_SIG = re.compile(r"^\s*_{10,}\s*$")


def _mark_signatures(doc) -> None:
    """Wrap everything from the last "_________________" line of each message on in a span."""
    for post in _C.posts(doc):
        body = _C.element("body", post)
        if body is None:
            continue
        marker = None
        for br in body.iter("br"):
            if br.tail and _SIG.match(br.tail):
                marker = br
        if marker is None:
            continue
        parent = marker.getparent()
        wrapper = parent.makeelement("span", {"class": "votecount-signature"})
        index = parent.index(marker)
        moved = [marker] + list(parent)[index + 1:]
        parent.insert(index, wrapper)
        for el in moved:
            if el.tag == "span" and "gensmall" in (el.get("class") or "").split():
                break  # the edit notice follows the signature in the same cell
            wrapper.append(el)


def _first_number(doc, page: Page) -> int:
    for href in doc.xpath("//form[contains(@action, 'viewtopic.php')]/@action"):
        m = _START.search(href)
        if m:
            return int(m.group(1)) + 1
    m = _PAGE.search(squash(" ".join(doc.xpath(f"//*[{cls('nav')}]//text()"))))
    if page.url and (s := _START.search(page.url)):
        return int(s.group(1)) + 1
    if m and int(m.group(1)) > 1:
        raise ParseError(f"{page.source}: page {m.group(1)} of a phpBB 2 thread without its "
                         "'start' offset: save the page with its address, or fetch it")
    return 1


def _read(c: Compiled, doc, page: Page) -> list[Post]:
    """The posts, read from a copy of the page in which the signatures are marked (parsers are
    pure). A copy of the root leaves out what libxml2 put beside it (the forum's <html> behind
    a host's page), so each element at the top is copied on its own, in document order."""
    first = _first_number(doc, page)
    page = in_stated_zone(doc, page, c.sel.post)
    posts: list[Post] = []
    for top in (n for n in tops(doc) if isinstance(n.tag, str)):
        top = copy.deepcopy(top)
        _mark_signatures(top)
        posts.extend(parse_with(c, top, page, first + len(posts)))
    return posts


ENGINE = Engine(
    NAME, (_LAYOUT, _SMART), read=_read,
    excludes=(_TORRENTPIER,),
    literals=("postdetails", "genmed", "profile.php?mode=viewprofile"),  # subsilver's post details; smartBlue's poster cell; phpBB 2's profile links
)
