"""vBulletin 3.x, 4.x and 5.x (forum.igromania.ru, forum.mirf.ru), English and Russian.

One module, three layouts chosen by the page's structure (the layouts of `ENGINE`, most specific first):

- vB 3 (3.0–3.8): `<table id="postN">`, body `div#post_message_N`, number `a#postcountN@name`,
  date beside the status icon `<a name="postN"><img alt="Старый"></a> 06.12.2020, 18:10`
  (legacy and standard postbit), "Сегодня, 18:10" / "Вчера, 23:10". Quotes are an unclassed
  `<div><div class="smallfont">Цитата:</div><table>…</table></div>`; the edit note is
  `<div class="smallfont"><hr/><em>Последний раз редактировалось X; 06.12.2020 в 18:15.</em>`
  (vB 3.0–3.6 wrote "X : date"). Signatures sit outside the message.
- vB 4: `<li class="postbit… postcontainer" id="post_N">`, `span.date`, `a.postcounter` "#5",
  `blockquote.lastedited`, quotes in `div.bbcode_container`, `blockquote.signature`.
- vB 5: `<li class="b-post" data-node-id data-node-publishdate="epoch">`, `a.b-post__count`,
  body `div.js-post__content-text`, `div.post-signature`, edit note `div.b-post__edit` [U].
  The `<time datetime>` of vB 5 is server-local without an offset, so the epoch is used.

- The archive view (`archive/index.php`, vB 3.5–4, printed by that script, no style):
  `<div class="post"><div class="posttop"><div class="username">X</div><div class="date">
  06-29-2004, 04:19 AM</div></div><div class="posttext">…</div></div>`, the thread's link in
  `p.largefont` ("View Full Version : <a href=showthread.php?t=N>"), the page list in
  `div#pagenumbers` (the current page in `<b>`). No post id, number, user link or edit
  notice: a post's id is its number, page 1 counts from 1, a later page from the posts per page
  (its own count, when a page follows it). The message is the BBCode stripped to text: a quote
  is its text after "Originally posted by X" with no end, so it cannot be told from the reply.
  Web archives keep the view in a CleanEval `<text>` wrapper with no <head> (read/pages.py).

`[COLOR=Red]` renders as `<font color="Red">` (vB 3/4) and is kept in `html`.

Zone: text times are printed in the viewer's offset, which the footer states ("All times are
GMT -5.", "Часовой пояс GMT +3, время: 02:49.", "All times are GMT." = UTC; DST included).
When the footer says it, text times are read in that fixed offset instead of `page.tz`.
Machine-readable times (vB 5's epoch) win over both.

The moment the page was generated (`page_now`): vB 5's `current_server_datetime` (epoch); on
vB 3.7+/4 the security token of a logged-in viewer, "1607382540-<sha1>", whose first part is
TIMENOW (epoch) — it must agree with the footer clock ("The time now is 02:49") when there is
one, else nothing is returned. A guest's token is "guest", and the footer clock alone has no
date: the page cannot pin it. Not the latest post's date: a post printed "06.12.2020" only
bounds the moment from below (the page may be saved days later), and "Сегодня" posts are
relative to the very date that is unknown. So a clock-only page gives None (the pipeline then
asks for --saved-at or uses the file's time), and `footer_clock` exposes the clock for a
caller that knows the date.

vBulletin hides edits made within the `noeditedbytime` grace period (a few minutes) and can
hide admin edits: a missing notice does not prove the post was never edited. Soft-deleted
and ignored-user posts have no message body and are not posts for this purpose.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime, time, timedelta, timezone
from zoneinfo import ZoneInfo

from ..errors import ParseError
from ..model import Note, Page, Post

from .kit.base import Compiled, Selectors, cls, digits, parse_with, squash, text_of
from .kit.dates import from_attr, parse_time
from .kit.engine import Engine, Layout, generator_is, headless_only, text_starts
from .kit.pagewalk import script_texts

NAME = "vbulletin"

_EDIT_PATTERNS = (
    r"Last edited by\s+(?P<who>.+?)\s*[;:]\s+(?P<when>.+?)\.?\s*(?:Reason:.*)?$",
    r"Последний раз редактировал(?:ось|а|)\s+(?P<who>.+?)\s*[;:]\s+(?P<when>.+?)\.?\s*(?:Причина:.*)?$",
)
# Spoiler add-ons (vB 3/4): a smallfont header with a "Показать"/"Show" button over the box.
_SPOILER_TITLE = f".//div[{cls('smallfont')}][input[@type='button' or @type='submit']]"
_QUOTE_V4 = (f".//div[{cls('bbcode_container')}][div[{cls('bbcode_quote')}] or pre"
             f" or div[{cls('bbcode_code')}]]")

# What vBulletin's own code prints whatever the style's classes: the message `post_message_N`,
# the post count anchor `a#postcountN[@name]`, vB 3's `postmenu_N` and `td_post_N`, vB 4's "#N"
# anchor `a[name=postN]` (the date in the span before its own), member links `member.php`
# (vB 5: `/member/`, schema.org's itemprop author/text), the notice's wording.
_MESSAGE = "ancestor::*[starts-with(@id, 'post_message_')]"
_MEMBER = f"a[contains(@href, 'member.php')][normalize-space()][not({_MESSAGE})]"
_COUNTER = "a[starts-with(@name, 'post')][starts-with(normalize-space(), '#')]"
_EDITED = text_starts("Last edited by", "Последний раз редактировал")

VB3 = Selectors(
    date_order="mdy",  # vBulletin's default dateformat m-d-Y
    post="//table[starts-with(@id, 'post')][.//div[starts-with(@id, 'post_message_')]]",
    post_id="@id",
    number=".//a[starts-with(@id, 'postcount')]/@name",
    author=(f".//a[{cls('bigusername')}]",
            f".//div[starts-with(@id, 'postmenu_')][not(.//a[{cls('bigusername')}])][not(a[contains(@href, 'member.php')])]",
            f"(.//div[starts-with(@id, 'postmenu_')]/{_MEMBER})[1]"),
    author_id=(f"concat(substring-after((.//a[{cls('bigusername')}]/@href)[1], 'u='),"
               f" substring-after((.//a[{cls('bigusername')}]/@href)[1], '/members/'))",
               f"substring-after((.//div[starts-with(@id, 'postmenu_')]/{_MEMBER})[1]/@href, 'u=')"),
    time_text=".//a[starts-with(@name, 'post')][img]/..",
    body=".//div[starts-with(@id, 'post_message_')]",
    url=(".//a[starts-with(@id, 'postlink')]/@href", ".//a[starts-with(@id, 'postcount')]/@href"),
    edit_notice=(f".//td[starts-with(@id, 'td_post_')]//div[{cls('smallfont')}][hr]/em[normalize-space()]",
                 ".//td[starts-with(@id, 'td_post_')]//div[hr]/em[normalize-space()]"),
    edit_patterns=_EDIT_PATTERNS,
    drop=(".//div[div[" + cls("smallfont") + "] and (table or pre or div[" + cls("alt2") + "]/code)]",
          _SPOILER_TITLE),
)
VB4 = Selectors(
    date_order="mdy",  # vBulletin's default dateformat m-d-Y
    post=(f"//li[starts-with(@id, 'post_') and {cls('postcontainer')}]"
          "[.//div[starts-with(@id, 'post_message_')]]",
          "//li[starts-with(@id, 'post_')][.//div[starts-with(@id, 'post_message_')]]"),
    post_id="@id",
    number=(f".//a[{cls('postcounter')}]", f"(.//{_COUNTER})[1]"),
    author=(f"(.//div[{cls('username_container')}]//*[{cls('username')}])[1]", f"(.//{_MEMBER})[1]"),
    author_id=(f"concat(substring-after((.//a[{cls('username')}]/@href)[1], 'member.php'),"
               f" substring-after((.//a[{cls('username')}]/@href)[1], '/members/'))",
               f"substring-after((.//{_MEMBER})[1]/@href, 'member.php')"),
    # The style's posthead first; then vB 4's own postbit classes wherever a style puts them
    # (outside the message).
    time_text=(f".//div[{cls('posthead')}]//span[{cls('date')}]", f".//span[{cls('postdate')}]",
               f"(.//span[{cls('date')}][not(ancestor::div[starts-with(@id, 'post_message_')])])[1]",
               f"(.//{_COUNTER}/../preceding-sibling::span[1])[1]"),
    body=(f".//div[starts-with(@id, 'post_message_')]/blockquote[{cls('postcontent')}]"
          f" | .//div[starts-with(@id, 'post_message_')][not(blockquote[{cls('postcontent')}])]"),
    url=(f".//a[{cls('postcounter')}]/@href", f"(.//{_COUNTER}/@href)[1]"),
    edit_notice=(f".//blockquote[{cls('lastedited')}][normalize-space()]", f"(.//blockquote[{_EDITED}])[1]"),
    edit_patterns=_EDIT_PATTERNS,
    drop=(_QUOTE_V4, _SPOILER_TITLE, f".//blockquote[{cls('signature')}]",
          f".//blockquote[{cls('lastedited')}]", f".//blockquote[{_EDITED}]"),
)
VB5 = Selectors(
    date_order="mdy",  # vBulletin's default dateformat m-d-Y
    post=(f"//li[@data-node-id and {cls('b-post')}][.//div[{cls('js-post__content-text')}]]",
          "//li[@data-node-id][@data-node-publishdate][.//*[@itemprop='text']]"),
    post_id="@data-node-id",
    number=(f".//a[{cls('b-post__count')}]", "(.//a[contains(@href, '#post')][starts-with(normalize-space(), '#')])[1]"),
    author=(f".//div[{cls('b-userinfo__details')}]/div[{cls('author')}]//strong",
            f".//div[{cls('b-userinfo__details')}]/div[{cls('author')}][not(.//strong)]",
            "(.//*[@itemprop='author']//a[contains(@href, '/member/')][normalize-space()])[1]"),
    author_id=(f"substring-after((.//div[{cls('author')}]//a[contains(@href, '/member/')]/@href)[1], '/member/')",
               "substring-after((.//*[@itemprop='author']//a[contains(@href, '/member/')])[1]/@href, '/member/')"),
    time_attr="@data-node-publishdate",
    time_text=f".//div[{cls('b-post__timestamp')}]",
    body=(f".//div[{cls('js-post__content-text')}]", "(.//*[@itemprop='text'])[1]"),
    url=(f".//a[{cls('b-post__count')}]/@href", "(.//a[contains(@href, '#post')][starts-with(normalize-space(), '#')]/@href)[1]"),
    edit_notice=f".//div[{cls('b-post__edit')}][normalize-space()]",
    edit_patterns=_EDIT_PATTERNS,
    drop=(_QUOTE_V4, f".//div[{cls('post-signature')}]", f".//div[{cls('b-post__edit')}]"),
)

# The archive view (archive/index.php's own markup).
_ARCHIVE_POST = f"div[{cls('posttop')}]"
ARCHIVE = Selectors(
    date_order="mdy",
    post=(f"//div[{cls('post')}][{_ARCHIVE_POST}/div[{cls('username')}]][div[{cls('posttext')}]]"),
    post_id=f"concat(count(preceding-sibling::div[{cls('post')}]) + 1, '')",  # see _archive_ids
    author=f"{_ARCHIVE_POST}/div[{cls('username')}]",
    time_text=f"{_ARCHIVE_POST}/div[{cls('date')}]",
    body=f"div[{cls('posttext')}]",
    next_page="//div[@id='pagenumbers']/b[last()]/following-sibling::a[1]/@href",
    title=f"//p[{cls('largefont')}]/a",
)

_MARKERS = (
    "//style[@id='vbulletin_css']",
    "//script[contains(@src, 'clientscript/vbulletin')]",
    "//link[contains(@href, 'clientscript/vbulletin')]",
    "//script[contains(., 'vBulletin.version')]",
)
# In the body, whatever the style, asked when the <head> was lost: vB 3/4's message ids
# `post_message_N`, vB 5's `js-post__content-text` inside `li[data-node-id]`.
_BODY_MARKERS = ("//div[starts-with(@id, 'post_message_')]",
                 f"//li[@data-node-id]//div[{cls('js-post__content-text')}]",
                 f"//p[{cls('largefont')}]/a[contains(@href, 'showthread.php')]",  # the archive's
                 "//div[@id='copyright'][contains(., 'vBulletin')]")
_ARCHIVE_CSS = "//link[contains(@href, 'archive/archive.css')]"
_TITLE = (f"//h1[{cls('main-title')}]", f"//span[{cls('threadtitle')}]", f"//td[{cls('navbar')}]/strong")
_NEXT = ("//link[@rel='next']/@href", "//a[@rel='next']/@href")
_FOOTER = (f"//div[@id='footer_time' or @id='footer-current-datetime'"
           f" or (span[{cls('time')}] and contains(., 'GMT'))]")
_GMT = re.compile(r"(?:GMT|UTC)(?:\s*(?P<sign>[+-])\s*(?P<h>\d{1,2})(?:[.,:](?P<frac>\d{1,2}))?)?")
_CLOCK = re.compile(r"(?P<h>\d{1,2}):(?P<mi>\d{2})(?::(?P<s>\d{2}))?\s*(?P<ampm>[ap]\.?\s?m\.?)?", re.I)
_TOKEN = re.compile(r"^(\d{9,11})-[0-9a-f]{40}$")
_TOKEN_XP = ("//input[@name='securitytoken']/@value"
             " | //script[contains(., 'SECURITYTOKEN')]/text()")
_SCRIPT_TOKEN = re.compile(r"SECURITYTOKEN\s*=\s*[\"'](\d{9,11}-[0-9a-f]{40})[\"']")
_SERVER_NOW = re.compile(r"[\"']current_server_datetime[\"']\s*:\s*[\"']?(\d{9,11})")


def _footer_text(doc) -> str:
    found = doc.xpath(_FOOTER)
    return squash(text_of(found[-1])) if found else ""


def page_zone(doc) -> timezone | None:
    """The fixed offset the page's times are printed in, from the footer; None if absent."""
    m = _GMT.search(_footer_text(doc))
    if not m:
        return None
    if not m["h"]:
        return timezone.utc
    minutes = int(m["h"]) * 60
    if m["frac"]:
        sep = m.group(0)[m.start("frac") - m.start() - 1]
        minutes += int(m["frac"]) if sep == ":" else round(float("0." + m["frac"]) * 60)
    return timezone((-1 if m["sign"] == "-" else 1) * timedelta(minutes=minutes))


def footer_clock(doc) -> tuple[time, timezone] | None:
    """The footer's "time now" (no date on vB 3/4) and its offset: for a pipeline that knows
    the save date from elsewhere (the file's mtime) and wants the exact moment."""
    text = _footer_text(doc)
    zone = page_zone(doc)
    tail = text.split("GMT", 1)[-1]
    m = _CLOCK.search(tail)
    if not m or zone is None:
        return None
    h, mi, s = int(m["h"]), int(m["mi"]), int(m["s"] or 0)
    ampm = (m["ampm"] or "").lower().replace(".", "").replace(" ", "")
    if ampm:
        h = h % 12 + (12 if ampm == "pm" else 0)
    return time(h, mi, s), zone


def token_time(doc) -> datetime | None:
    """TIMENOW from a logged-in viewer's security token (vB 3.7+/4), or None (guest)."""
    for raw in doc.xpath(_TOKEN_XP):
        raw = str(raw).strip()
        m = _TOKEN.match(raw) or _SCRIPT_TOKEN.search(raw)
        if m:
            return from_attr(m.group(1).split("-")[0])
    return None


def page_now(doc, tz: ZoneInfo) -> datetime | None:
    """The moment the page was generated: vB 5's server clock, or a footer that has a date."""
    for script in script_texts(doc, "current_server_datetime"):
        m = _SERVER_NOW.search(script)
        if m:
            return from_attr(m.group(1)).astimezone(page_zone(doc) or tz)
    token = token_time(doc)
    if token is not None:
        clock = footer_clock(doc)
        if clock is None:
            return token.astimezone(page_zone(doc) or tz)
        at, zone = clock
        local = token.astimezone(zone)
        drift = abs((local.hour * 3600 + local.minute * 60 - at.hour * 3600 - at.minute * 60
                     + 43200) % 86400 - 43200)
        return local if drift <= 120 else None  # two clocks that disagree: no guessing
    text = _footer_text(doc)
    # Only an absolute date counts (some language packs print {3}, the date); a bare clock
    # would need the date from elsewhere: see footer_clock.
    return parse_time(text.split("GMT", 1)[-1], page_zone(doc) or tz) if text else None


_CURRENT = "//div[@id='pagenumbers']/b[last()]"


def _archive_first(doc, page: Page, count: int) -> int:
    """The number of an archive page's first post: 1 on page 1; on a later page that another
    follows, its own count of posts per page; on the last page of several, not known."""
    current = doc.xpath(_CURRENT)
    number = int(digits(text_of(current[0])) or 1) if current else 1
    if number == 1:
        return 1
    if doc.xpath(_CURRENT + "/following-sibling::a"):
        return (number - 1) * count + 1
    raise ParseError(f"{page.source}: page {number}, the last, of a vBulletin archive thread: "
                     "its posts' numbers are not printed, and its posts per page are not known "
                     "from it; add the page before it")


def _read(c: Compiled, doc, page: Page) -> list[Post]:
    zone = page_zone(doc)
    if zone is not None:
        page = replace(page, tz=zone)
    first = _archive_first(doc, page, len(c.posts(doc))) if c is _ARCHIVE.compiled else 1
    posts = [replace(p, time=p.time.astimezone(page.tz),
                     edited_at=p.edited_at.astimezone(page.tz) if p.edited_at else None)
             for p in parse_with(c, doc, page, first)]
    if c is _ARCHIVE.compiled:  # no id printed: the post's number is its id (as in posts files)
        posts = [replace(p, post_id=str(p.post_no)) for p in posts]
    return posts


def _notes(doc, source: str) -> list[Note]:
    """The archive view prints a quote as plain text ("Originally Posted by X", then the quoted
    words, no end): a vote inside a quote cannot be told from the quoter's own, and the thread
    says so once."""
    return [Note.of("warning.quotes_unmarked", view="vBulletin archive")] if ENGINE.layout(doc) is _ARCHIVE else []


# The layouts, most specific first; the first whose posts are present is used. The thread's
# title and next page are found alike in all three.
_ARCHIVE = Layout("archive", ARCHIVE)
ENGINE = Engine(
    NAME,
    (*(Layout(name, replace(sel, next_page=_NEXT, title=_TITLE))
       for name, sel in (("vb5", VB5), ("vb4", VB4), ("vb3", VB3))), _ARCHIVE),
    markers=(generator_is("vbulletin"), *_MARKERS, _ARCHIVE_CSS, *map(headless_only, _BODY_MARKERS)),
    read=_read, page_now=page_now, notes=_notes, missing=f"no vBulletin 3/4/5 post containers (engine {NAME})",
    literals=("js-post__content-text", "post_message_", "posttext"),  # vB 5's posts; 4's and 3's; the archive's
)
