"""Invision Community (IPS) 4.x, English and Russian language packs.

`body.ipsApp`; every post is `article#elComment_N`. The post time is the `<time datetime>`
(UTC) of the permalink in `div.ipsComment_meta` ("Posted <time>" / "Опубликовано <time>").
The author is the `cAuthorPane_author` heading; the profile URL `/profile/89250-nick/`
carries the member id. The message is `div[data-role=commentContent]`; the signature
(`div[data-role=memberSignature]`) lies outside it. Quotes are `blockquote.ipsQuote` (their
citation "X сказал:" / "X said:" inside); spoilers `div.ipsSpoiler` with a
`div.ipsSpoiler_header` title ("Показать содержимое" / "Reveal hidden contents").

Edit notice: `<span … data-excludequote><strong>Edited <time datetime> by X</strong></span>`
(phrase `date_edited`); the Russian pack's wording is not certain, so the editor is whatever
the line says besides the `<time>` and the phrase's own words (Edited/by, Изменено/
Отредактировано/пользователем). IPS 5 writes `p.ipsEdited`. The edit time is the `<time>`.
No edit count is shown. IPS hides nothing by grace period by default, but an administrator
may turn the edit line off ("Log edits"/"show edit line" settings): absence of a notice is not
proof of no edit.

Posts carry no printed number: it is (page − 1) × per-page + position, from
`ul.ipsPagination` (`data-ipsPagination-perPage`, the active page's `data-page`).
Colour from the editor (CKEditor 4): `<span style="color:#e74c3c;">`: kept.
"""

from __future__ import annotations

import re
from dataclasses import replace

from ..errors import ParseError
from ..model import Page, Post

from .kit.base import Compiled, Selectors, cls, parse_with, squash, text_of
from .kit.engine import Engine, Layout, headless_only
from .kit.dates import from_attr

NAME = "ips4"

_CONTENT = "div[@data-role='commentContent']"
_NAME_LINK = f"not({cls('ipsRepBadge')}) and normalize-space()"
_EDIT = (f".//{_CONTENT}//*[@data-excludequote][.//time][contains(., 'dit') or contains(., 'зменен')"
         " or contains(., 'едактир')] | .//*[" + cls('ipsEdited') + "]")

# What IPS's own code prints whatever the theme's classes: the post `article#elComment_N`, its
# message `data-role="commentContent"`, the poster's profile link `/profile/N-name/` (not the
# reputation badge's `?tab=reputation`), the permalink `…?do=findComment&comment=N` holding the
# post's <time datetime>; all outside the message.
_PROFILE = (f"a[contains(@href, '/profile/')][not(contains(@href, 'tab='))][normalize-space()]"
            f"[not(ancestor::{_CONTENT})]")
_PERMALINK = f"a[contains(@href, 'findComment')][not(ancestor::{_CONTENT})]"

SELECTORS = Selectors(
    post="//article[starts-with(@id, 'elComment_')]",
    post_id="@id",
    author=(f".//h3[{cls('cAuthorPane_author')}]//a[{_NAME_LINK}]",
            f".//h3[{cls('cAuthorPane_author')}][not(.//a[{_NAME_LINK}])]", f"(.//{_PROFILE})[1]",
            f"(.//h3[not(ancestor::{_CONTENT})]/strong/span)[last()]"),  # a guest's view: names unlinked
    author_id=(f"substring-after((.//h3[{cls('cAuthorPane_author')}]//a[contains(@href, '/profile/')]/@href"
               " | .//a[contains(@href, 'showuser=')]/@href)[1], 'profile/')",
               f"substring-after((.//{_PROFILE})[1]/@href, 'profile/')"),
    time_attr=(f".//div[{cls('ipsComment_meta')}]//a[contains(@href, 'findComment')]/time/@datetime",
               f".//div[{cls('ipsComment_meta')}]//time/@datetime", f"(.//{_PERMALINK}/time/@datetime)[1]"),
    time_text=(f"(.//div[{cls('ipsComment_meta')}]//time)[1]", f"(.//{_PERMALINK}/time)[1]"),
    url=(f"(.//div[{cls('ipsComment_meta')}]//a[contains(@href, 'findComment')]/@href)[1]",
         f"(.//{_PERMALINK}/@href)[1]"),
    body=f".//{_CONTENT}",
    edit_notice=_EDIT,
    edit_time_attr="(.//time/@datetime)[1]",
    drop=(f".//blockquote[{cls('ipsQuote')}]", ".//blockquote", f".//div[{cls('ipsSpoiler_header')}]",
          ".//*[@data-excludequote]", f".//*[{cls('ipsEdited')}]", f".//pre[{cls('ipsCode')}]",
          ".//*[@data-role='memberSignature']"),
    # <link rel="next"> first: it is in the <head>, so the union this was found it first (the
    # pagination link adds "#comments")
    next_page=("//link[@rel='next']/@href",
               f"//li[{cls('ipsPagination_next')}][not({cls('ipsPagination_inactive')})]/a/@href"),
    title=(f"//h1[{cls('ipsType_pageTitle')}]", "//h1"),
)

# The words of `date_edited` around the time and the name ("Edited {date} by {name}",
# "Изменено {date} пользователем {name}"); what is left is the editor's name.
_PHRASE = re.compile(r"^(?:Edited|Last edited|Изменено|Отредактировано|Редактировалось)\s*"
                     r"(?:\u2063\s*)?(?:by|пользователем|автором|модератором)?\s*", re.I)
_TIME_MARK = "\u2063"  # stands for the <time> element while the line is read


_OWN_MARKUP = "//article[starts-with(@id, 'elComment_')]//*[@data-role='commentContent']"


def _first_number(doc, page: Page) -> int:
    pag = doc.xpath(f"(//ul[{cls('ipsPagination')}])[1]")
    if not pag:
        return 1
    per = pag[0].get("data-ipsPagination-perPage") or pag[0].get("data-ipspagination-perpage")
    active = pag[0].xpath(f".//li[{cls('ipsPagination_active')}]/a/@data-page")
    if not per or not active:
        raise ParseError(f"{page.source}: IPS pagination without page size or current page: "
                         "cannot number the posts")
    return (int(active[0]) - 1) * int(per) + 1


def _editor(notice) -> str | None:
    """The editor's name: the notice line without its <time> and the phrase's words."""
    line = (notice.xpath(".//strong") or [notice])[0]
    parts: list[str] = [line.text or ""]
    for child in line:
        parts.append(_TIME_MARK if child.tag == "time" else text_of(child))
        parts.append(child.tail or "")
    text = squash("".join(parts))
    text = re.sub(r"\s*" + _TIME_MARK + r"\s*", " " + _TIME_MARK + " ", text).strip()
    head, _, tail = text.partition(_TIME_MARK)
    tail = re.sub(r"^\s*(?:by|пользователем|автором|модератором)\s+", "", tail.strip(), flags=re.I)
    head = _PHRASE.sub("", head.strip())
    head = re.sub(r"^(?:by|пользователем|автором|модератором)\s+", "", head, flags=re.I)
    name = squash(tail or head)
    return name or None


_UNLINKED = (f"./*[{cls('ipsComment_author')}]/h3[{cls('cAuthorPane_author')}][not(.//a[{_NAME_LINK}])]/strong/span",
             # whatever the theme's classes: the post's first heading outside the message, no profile link in it
             f"(.//h3[not(ancestor::{_CONTENT})])[1][not(.//{_PROFILE})]/strong/span")


def _unlinked_name(el) -> str | None:
    """A name shown without a profile link (neowin's guest view): the own text of the group's
    formatting span in the heading's <strong>, not what the group's prefix (a bold "+") or the
    theme (an "OP" button, the reputation badge) put beside it; None where the name is a link."""
    spans = el.xpath(_UNLINKED[0]) or el.xpath(_UNLINKED[1])
    return squash("".join(spans[-1].xpath("text()"))) or None if spans else None


def _read(c: Compiled, doc, page: Page) -> list[Post]:
    found = parse_with(c, doc, page, _first_number(doc, page))
    out = []
    for post, el in zip(found, c.posts(doc)):
        name = _unlinked_name(el)
        if name:
            post = replace(post, author=name)
        notice = c.element("edit_notice", el)
        if notice is not None:
            by = _editor(notice)
            at = from_attr(c.first("edit_time_attr", notice)) or post.edited_at
            if not by:
                raise ParseError(f"{post.where()}: edit notice without the editor's name")
            if at is None:
                raise ParseError(f"{post.where()}: edit notice without a readable time")
            post = replace(post, edited=True, edited_by=by, edited_at=at)
        out.append(post)
    return out


# body.ipsApp; without the <body> tag's attributes (an archive wrapped the page): IPS's
# own `article#elComment_N` holding a `data-role="commentContent"` message.
ENGINE = Engine(NAME, (Layout("ips4", SELECTORS),), read=_read,
                markers=(f"//body[{cls('ipsApp')}]", headless_only(_OWN_MARKUP)),
                literals=("elcomment_",))
