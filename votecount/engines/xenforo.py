"""XenForo 1.x and 2.x (2.0–2.3), English and Russian language packs.

Both versions are one module: a `Variant` record per version holds the XPath by role, and
`posts()` is the same loop for both. Differences that matter:

- XF1: `<html id="XenForo">`, posts `li.message#post-N` in `ol#messageList`, body
  `blockquote.messageText`, number `a.postNumber` ("#1326"), author link
  `members/nick.123/` (the id is the digits after the LAST dot: nicks have digits). Time:
  `<abbr class="DateTime" data-time="1466633628" title="Jun 22, 2016 at 11:13 PM">Yesterday at
  11:13 PM</abbr>` for the past week, else `<span class="DateTime" title="Oct 30, 2014 at 10:48
  PM">Oct 30, 2014</span>` (no machine time: the title, read in the page's zone).
- XF2: `<html id="XF">`, `article.message--post[data-content="post-N"]`, body
  `article.message-body > div.bbWrapper`, author `h4.message-name .username[data-user-id]`.
  Time `<time class="u-dt" datetime="…+0300" data-time="epoch">` (≤2.2) or `data-timestamp`
  (2.3, where `data-time` holds "9:02 AM"). The text is rewritten by JavaScript ("Сегодня в
  19:45", "Понедельник в 19:45") and may be stale in a saved page: the attributes win.

Edit notice (both): "Last edited: <date>" / "Last edited by a moderator: <date>",
"Последнее редактирование: …" / "Последнее редактирование модератором: …", German "Zuletzt
bearbeitet: …" / "Zuletzt von einem Moderator bearbeitet: …" (`div.editDate` in XF1,
`div.message-lastEdit` in XF2). XenForo shows the plain form only when the author made
the last edit, so the editor is the author then; a moderator's name is never printed
(`edited_by` stays None). XenForo keeps no edit count on the page. Edits inside the
configurable grace period leave no notice at all. A post's notice is its own: the nearest post
element above it is the post, and no quote, body or signature lies between (a page whose posts
nest — a copier that lost an end tag — or a notice pasted into a body marks no other post). A
notice in another wording is an error for its post.

Quotes `div.bbCodeQuote` (XF1) / `blockquote.bbCodeBlock--quote` (XF2), spoiler buttons and
code blocks are dropped from the body; signatures and notices sit outside it. Colour is
`<span style="color: #ff0000">` (XF1) or `<span style="color: rgb(184, 49, 47)">` (XF2,
Froala palette) and is kept.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import ParseError
from ..model import Page, Post

from .kit.base import Compiled, Selectors, cls, digits, edit_time, read_post, read_time, squash, text_of
from .kit.dates import from_attr
from .kit.engine import Engine, Layout, headless_only
from .kit.markup import has_class

NAME = "xenforo"


@dataclass(frozen=True)
class Variant:
    name: str
    marker: str  # XPath: the page is this version (on the <html> tag)
    body_marker: str  # the same from the body's own markup, asked when the <head> is lost
    sel: Selectors
    time_el: tuple[str, ...]  # element XPaths (relative to the post), in turn: the post's date element
    edit_time_el: tuple[str, ...]  # element XPaths (relative to the notice), in turn: the edit's date element
    post_class: str  # the class of the post element (a notice's nearest one is its post)
    foreign: tuple[str, ...]  # classes between a notice and its post that make it not the post's


XF1 = Variant(
    name="xenforo1",
    # <html id="XenForo">; without the <html> tag (an archive kept the body): XF1's own
    # `li#post-N[data-author]` inside `ol#messageList`.
    marker="//html[@id='XenForo']",
    body_marker="//ol[@id='messageList']/li[starts-with(@id, 'post-') and @data-author]",
    sel=Selectors(
        post=(f"//ol[@id='messageList']/li[starts-with(@id, 'post-') and {cls('message')}]",
              "//ol[@id='messageList']/li[starts-with(@id, 'post-')][@data-author]"),
        post_id="@id",
        number=(f".//div[{cls('messageMeta')}]//a[{cls('postNumber')}]",
                f".//a[starts-with(@href, 'posts/')][starts-with(normalize-space(), '#')]"),
        author=(f".//div[{cls('messageUserBlock')}]//*[{cls('userText')}]/*[{cls('username')}]",
                f".//div[{cls('messageMeta')}]//*[{cls('authorEnd')}]/*[{cls('username')}]"),
        author_id=f"(.//div[{cls('messageUserBlock')}]//*[{cls('userText')}]/a[{cls('username')}]/@href)[1]",
        # (then XF1's template: the message is the post's first blockquote, quotes lie inside it)
        body=(f".//div[{cls('messageContent')}]//blockquote[{cls('messageText')}]",
              "(.//blockquote[not(ancestor::blockquote)])[1]"),
        time_text="",
        url=f".//div[{cls('messageMeta')}]//a[{cls('datePermalink')}]/@href",
        edit_notice=f".//div[{cls('editDate')}]",
        drop=(f".//div[{cls('bbCodeQuote')}]", f".//div[{cls('messageTextEndMarker')}]",
              f".//button[{cls('bbCodeSpoilerButton')}]", f".//div[{cls('bbCodeCode')}]",
              f".//div[{cls('bbCodePHP')}]", f".//div[{cls('bbCodeHtml')}]", ".//svg"),
        next_page=("//link[@rel='next']/@href",
                   f"//div[{cls('PageNav')}]//a[{cls('currentPage')}]/following-sibling::a[@href][1]/@href"),
        title=("//div[@id='content']//div[@class='titleBar']/h1", "//h1"),
    ),
    # (then the date in the post's permalink `posts/N/`, whatever its classes)
    time_el=(f"(.//div[{cls('messageMeta')}]//a[{cls('datePermalink')}]//*[{cls('DateTime')}])[1]",
             "(.//a[starts-with(@href, 'posts/')]/*[@data-time or @title])[1]"),
    edit_time_el=(f"(.//*[{cls('DateTime')}])[1]", "(.//*[@data-time or @title])[1]"),
    post_class="message",
    foreign=("messageText", "bbCodeQuote", "signature", "baseHtml"),
)

XF2 = Variant(
    name="xenforo2",
    marker="//html[@id='XF']",
    body_marker="//article[starts-with(@id, 'js-post-') and starts-with(@data-content, 'post-')]",
    sel=Selectors(
        post=(f"//article[{cls('message--post')} and starts-with(@data-content, 'post-')]",
              "//article[starts-with(@id, 'js-post-') and starts-with(@data-content, 'post-')][@data-author]"),
        post_id="@data-content",
        number=(f".//header[{cls('message-attribution')}]//*[{cls('message-attribution-opposite')}]"
                "//a[starts-with(normalize-space(.), '#')]",
                "(.//header//a[contains(@href, '/post-')][starts-with(normalize-space(.), '#')])[1]"),
        author=f"(.//*[{cls('message-name')}]//*[{cls('username')}])[1]",
        author_id=(f".//*[{cls('message-name')}]//*[{cls('username')}]/@data-user-id",
                   f".//*[{cls('message-avatar')}]//a[@data-user-id]/@data-user-id"),
        # (then the message's lightbox container `data-lb-id="post-N"` XF2 prints around it)
        body=(f"(.//article[{cls('message-body')}]//div[{cls('bbWrapper')}])[1]",
              "(.//*[starts-with(@data-lb-id, 'post-')]/article)[1]"),
        time_text="",
        url=f"(.//header[{cls('message-attribution')}]//a[contains(@href, 'post-')]/@href)[1]",
        edit_notice=f".//div[{cls('message-lastEdit')}]",
        drop=(f".//blockquote[{cls('bbCodeBlock--quote')}]", f".//*[{cls('bbCodeSpoiler-button')}]",
              f".//div[{cls('bbCodeBlock--code')}]", f".//div[{cls('bbCodeBlock--unfurl')}]", ".//svg"),
        next_page=("//link[@rel='next']/@href", f"//a[{cls('pageNav-jump--next')}]/@href"),
        title=(f"//h1[{cls('p-title-value')}]", "//h1"),
    ),
    # (then the header's <time datetime>: quotes and the edit notice come after it)
    time_el=(f"(.//header[{cls('message-attribution')}]//time[{cls('u-dt')}])[1]",
             "(.//header//time[@datetime])[1]"),
    edit_time_el=(f"(.//time[{cls('u-dt')}])[1]", "(.//time[@datetime])[1]"),
    post_class="message--post",
    foreign=("message-body", "bbWrapper", "bbCodeBlock", "message-signature"),
)

VARIANTS = (XF2, XF1)
_EDIT = re.compile(r"(?P<label>Last edited(?P<mod> by a moderator)?|Последнее редактирование(?P<modru> модератором)?"
                   r"|Zuletzt(?P<modde> von einem Moderator)? bearbeitet)"
                   r"\s*:?\s*(?P<when>.*)$", re.I | re.S)
_MEMBER_ID = re.compile(r"\.(\d+)/?(?:[?#].*)?$")


def _time_parts(el) -> tuple[str, str]:
    """(machine-readable value, printed text) of a XenForo date element."""
    if el is None:
        return "", ""
    attr = ""
    for name in ("data-timestamp", "data-time", "datetime"):
        value = (el.get(name) or "").strip()
        if value and (name == "datetime" or value.isdigit()):
            attr = value
            break
    # XF1 keeps the full date and time in the title when the text is only the date.
    return attr, squash(el.get("title") or "") or squash(text_of(el))


def _author_id(v: Variant, c: Compiled, el) -> str | None:
    raw = c.first("author_id", el)
    if not raw:
        return None
    if raw.isdigit():
        return raw
    m = _MEMBER_ID.search(raw)
    return m.group(1) if m else None


def _own(v: Variant, notice, post) -> bool:
    """Whether the notice is the post's own: no post element other than `post`, and no quote,
    body or signature (v.foreign), between them."""
    for up in notice.iterancestors():
        if up is post:
            return True
        if up.tag in ("article", "li", "blockquote") and (
                up.tag == "blockquote" or has_class(up, v.post_class)):
            return False
        if any(has_class(up, name) for name in v.foreign):
            return False
    return False


def _notice(v: Variant, c: Compiled, el):
    """The post's own edit notice or None. The first candidate is the role's (found once per
    post, as before); the post's others are asked for only when it is not the post's own."""
    notice = c.element("edit_notice", el)
    if notice is None or _own(v, notice, el):
        return notice
    return next((n for n in c.xp["edit_notice"](el) if _own(v, n, el)), None)


def _edit(v: Variant, c: Compiled, el, *, author: str, page: Page, where: str):
    notice = _notice(v, c, el)
    if notice is None:
        return False, None, None, None
    text = squash(text_of(notice))
    m = _EDIT.search(text)
    if not m:
        raise ParseError(f"{where}: edit notice not understood: '{text[:60]}'")
    by = None if (m["mod"] or m["modru"] or m["modde"]) else author
    time_nodes = next((found for xp in v.edit_time_el if (found := notice.xpath(xp))), [])
    attr, printed = _time_parts(time_nodes[0] if time_nodes else None)
    at = from_attr(attr) if attr else None
    if at is None:
        at = edit_time(c, el, page, where=where, when=printed or m["when"])
    return True, by, at, None


def _read(c: Compiled, doc, page: Page) -> list[Post]:
    v = next(v for v in VARIANTS if v.sel is c.sel)
    found: list[Post] = []
    for index, el in enumerate(c.posts(doc)):
        no_text = digits(c.first("number", el))
        post_no = int(no_text) if no_text else _first_number(doc, page) + index

        def author(el, page, where):
            author_el = c.element("author", el)
            name = squash(text_of(author_el)) if author_el is not None else ""
            return name or squash(el.get("data-author") or "")

        def when(el, page, where):
            time_nodes = next((found for xp in v.time_el if (found := el.xpath(xp))), [])
            attr, printed = _time_parts(time_nodes[0] if time_nodes else None)
            return read_time("post time", attr, printed, page, where=where)

        def edit(el, page, where):  # a notice without a name means the author edited
            return _edit(v, c, el, author=author(el, page, where), page=page, where=where)

        found.append(read_post(c, el, page, post_no, author=author, time=when, edit=edit,
                               author_id=lambda el, page, where: _author_id(v, c, el)))
    return found


_PAGE_URL = re.compile(r"/page-(\d+)")


def _first_number(doc, page: Page) -> int:
    """Only used when a post has no printed number (XenForo prints them): refuse to guess
    on any page but the first."""
    pages = doc.xpath("//div[@data-page]/@data-page | //link[@rel='canonical']/@href")
    for value in pages:
        m = _PAGE_URL.search(value)
        n = int(value) if value.isdigit() else int(m.group(1)) if m else 1
        if n > 1:
            raise ParseError(f"{page.source}: page {n} of a XenForo thread without printed "
                             "post numbers: the numbers cannot be known")
    return 1


# <html id="XenForo"|"XF">, or on a page that lost its <html> tag the version's own body markup.
ENGINE = Engine(
    NAME, tuple(Layout(v.name, v.sel, markers=(v.marker, headless_only(v.body_marker))) for v in VARIANTS),
    read=_read, missing="not a XenForo thread page",
    literals=("message--post", "messagelist", "js-post-"),  # XenForo 2's posts (class, id); 1's ol#messageList
)
