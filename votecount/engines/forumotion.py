"""Forumotion (forum2x2.ru, forumactif, forumotion.com, 0forum.biz and sister hosts): one hosted
engine, four templates a board chooses from: phpBB2-, phpBB3-, PunBB- and Invision-style.

Verified:
- phpBB2 from a migration tool that reads live pages (notes 2.3 "Forumotion": Roromis/
  Lalf-Forumactif @56fdd73, lalf/posts.py): topics `/t{tid}p{start}-slug` (page 1: `/t{tid}-slug`),
  posts `tr.post`, anchor `span.name a[name]`, author `span.name strong a[href=/uN]` (profiles
  `/uN`), message the first `div` in `div.postbody`, title and date in `span.postdetails`;
  quotes and code `dl.codebox > dt + dd`, spoilers `dl.codebox.spoiler`, hidden text
  `dl.codebox.hidecode` (lalf/htmltobbcode.py).
- All four templates from Forumotion's default template sources (Etana/template @3ca46e4,
  src/{subsilver,prosilver,punbb,invision}/viewtopic_body.tpl and overall_header.tpl): the post
  container carries the class `post--{id}` in every template, a `#{id}` anchor and (but PunBB)
  `id="p{id}"`; the page root is `table.bodylinewidth` (phpBB2), `body#phpbb` + `div#wrap`
  (phpBB3), `div.pun` (PunBB), `div#ipbwrapper` (Invision) - the same four tests a userscript
  that runs on live boards makes (SethClydesdale/forumactif_like_module @b281c70, which also
  reads the poster's name from `.postprofile dt > strong`, `.username`, `.popmenubutton`).
  phpBB2: `tr.post.post--N#pN`, `div.signature_div` inside `div.postbody` after the message,
  the edit notice in `span.gensmall` after `div.postbody`. phpBB3: `div.post#pN > div.inner > div.postbody` (`h2.topic-title a[href=permalink]`, the
  line `p.author` = "by" + name + date, the message `div.content > div`, then the edit notice
  and `div.signature_div`) + `div.postprofile` (`dt > strong` name). PunBB: `div.post > a[name]
  + div.postmain > div.posthead#pN > h2` (a number, the permalink, the date), `div.postbody`
  (`h4.username`, `div.post-entry > div.entry-content > div > div` the message, `p` the edit
  notice), `div.sig-content` outside the message. Invision: `div.post#pN > div.post-container
  > div.postbody` (`div.postprofile` with `dl.postprofile-details dt` name, `div.postbody-head`
  with `h3 a[href=permalink]` and `p.author`, `div.post-entry > div` the message, the edit
  notice after `div.clear`), `div.signature_div`. A vote box (`div.vote`) may precede the
  message in PunBB and Invision: the message is the first div without a class.
- Rendered values (Etana's variable notes, var/*.md): a name is `<a href="/u1"><span
  style="color:#000099"><strong>Admin</strong></span></a>` (NEWEST_USER); the default French
  date is "Mar 26 Mar 2013 - 10:01" (CURRENT_TIME, and Lalf's parse_date: "Aujourd'hui"/"Hier");
  the permalink is the page's address plus the post's anchor (POST_URL); the pagination's next
  link holds `img.sprite-arrow_…_right` (PAGINATION); the topic page names
  `<link rel="canonical" href="…/t42-slug">` (META).
- In the phpBB3-based theme SethClydesdale/forumactif-edge @d1d082a (css/fa_edge.css 1809-1871,
  all.js 935-949): quotes are `blockquote > cite`, code, spoilers and hidden text `dl.codebox`
  (`.spoiler`, `.hidecode`) with `dd`/`.spoiler_content`, code in `code`.
- An English board's author line reads "Post by Dark Calypso 16th April 2013, 2:13 pm" (a stored
  copy of belowzerohockey.forumotion.com/t2-rule-book-v-1-0-0, text only).

Inferred, not seen on a real page: Russian date text (the French default with Russian names,
"Вс 29 Ноя 2026 - 19:45"; phpBB 2's "Вс Ноя 29, 2026 19:45"; boardtime.py reads any board
format); the edit notice's wording (phpBB 2's "Last edited by X on …; edited N times in total" /
"Последний раз редактировалось: X …, всего редактировалось N раз") and that the phpBB3 and
Invision templates print it as bare text (the phpBB2 and PunBB templates wrap it themselves, so
it carries no wrapper of its own; an element in its place is read too); that PunBB and
Invision messages quote as phpBB3 does (both forms are dropped everywhere); a guest's name as
bare text; `<link rel="next">`. The templates' post numbers (PunBB `COUNT_POSTS`, Invision
`COUNT_POSTS_NUMBER`) are not read: how they render is not verified, and a number is never
guessed. Posts are numbered from the page's `p{start}` offset plus the position: its address
(fetched, or named by the saved file, or the canonical link), else its pagination (the current
page bold among links to `/t{tid}p{(k-1)×step}-`: PAGINATION's rendered example). Whether a
later page's canonical link names its offset is not known, so a canonical link without one
counts only where the pagination says nothing. A later page whose offset nothing tells, or a
page without pagination that links to other pages of its topic, is refused.
"""

from __future__ import annotations

import re

from lxml import etree

from ..errors import ParseError
from ..model import Note, Page

from .kit.base import Selectors, cls
from .kit.engine import Engine, Layout

NAME = "forumotion"

# What Forumotion's own code emits in every template: the post container's class `post--{id}`
# (vBulletin 5's `b-post--text` is not it: the token starts the word, digits follow). The
# marker asks `div`s only (phpBB3, PunBB, Invision): a walk of every element's class costs four
# times as much; phpBB2's `tr` rows are found by their /uN authors.
_TOKEN = "substring-before(concat(substring-after(concat(' ', normalize-space(@class)), ' post--'), ' '), ' ')"
POST_CLASS = f"contains(@class, 'post--') and number({_TOKEN}) >= 0"
MARKER = f"//div[{POST_CLASS}]"

_PROFILE = "a[starts-with(@href, '/u')][normalize-space()]"
_AUTHOR_ID = r"^/u(\d+)"
_EDITED = "contains(., 'Last edited by') or contains(., 'редактировал')"
# The date after the editor's name: an optional weekday, then "29 Ноя 2026" or "Ноя 29, 2026".
_WHEN = r"(?:[^\W\d_]{2,3}\.?\s+)?(?:\d{1,2}\s+[^\W\d_]+\.?|[^\W\d_]+\.?\s+\d{1,2},)\s+\d{4}.*?"
_EDIT_PATTERNS = (
    r"Last edited by (?P<who>.+?) on (?P<when>.+?); edited (?P<n>\d+) times? in total",
    rf"Последний раз редактировал\w*:?\s+(?P<who>.+?)\s+(?P<when>{_WHEN})[,;]\s+всего "
    r"редактировал\w*\s+(?P<n>\d+)",
)
_DROP = (f".//dl[{cls('codebox')}]", ".//blockquote")  # quotes, code, spoilers, hidden text
_NEXT = ("(//a[contains(@href, '/t')][img[contains(@class, 'arrow') and contains(@class, 'right')]]"
         "/@href)[1]", "(//link[@rel='next']/@href)[1]")
_NUMERIC_ID = ".//*[@id and number(@id) = number(@id)]/@id"  # the `#{id}` anchor


# The block a hosted board inserts among the posts, shaped like a post, its author line the host's
# label: German "von Gesponserte Inhalte" on a real board (issue 26); the English and French
# labels are Forumotion's and Forumactif's wording of the same, inferred, not seen on a page. It
# has no /uN profile link, which every member's post has; a guest's post has none either, so the
# label decides (asked only of a post without a profile link).
SPONSORED = ("Gesponserte Inhalte", "Sponsored content", "Contenu sponsorisé")
_NO_PROFILE = "not(.//a[starts-with(@href, '/u')])"
_SPONSORED = f"{_NO_PROFILE} and ({' or '.join(f'contains(., {chr(39)}{s}{chr(39)})' for s in SPONSORED)})"


_LEFT_OUT = f"[not({_SPONSORED})]"


def _posts(selectors) -> tuple[str, ...]:
    """A template's post selectors, each leaving out the sponsored block."""
    return tuple(s + _LEFT_OUT for s in ((selectors,) if isinstance(selectors, str) else selectors))


def _notes(doc, source: str) -> list[Note]:
    """A warning for each sponsored block the page's template shows among its posts, by its label."""
    layout = ENGINE.layout(doc)
    if layout is None:
        return []
    found = []
    for sel in layout.selectors.post:
        for el in doc.xpath(sel[: -len(_LEFT_OUT)] + f"[{_SPONSORED}]"):
            text = " ".join(el.itertext())
            label = next(label for label in SPONSORED if label in text)
            found.append(Note.of("warning.block_skipped", source=source, what=f"'{label}'"))
    return found


def _template(**roles) -> Selectors:
    """A template's selectors, with what Forumotion's code prints alike in every template: /uN
    profiles, the edit notice's wording, quote and code boxes, the next-page arrow."""
    roles["post"] = _posts(roles["post"])
    return Selectors(author_id_pattern=_AUTHOR_ID, edit_patterns=_EDIT_PATTERNS, drop=_DROP,
                     next_page=_NEXT, **roles)


_NAME = f"span[{cls('name')}]"
PHPBB2 = _template(
    post=f"//tr[{cls('post')}][.//{_NAME}/a[@name]][.//div[{cls('postbody')}]]",
    post_id=(f".//{_NAME}/a/@name", "@id"),
    author=(f".//{_NAME}//strong//a[starts-with(@href, '/u')]", f".//{_NAME}//strong"),
    author_id=f".//{_NAME}//strong//a[starts-with(@href, '/u')]/@href",
    time_text=f"(.//*[div[{cls('postbody')}]]/span[{cls('postdetails')}])[1]",
    body=f"(.//div[{cls('postbody')}]/div)[1]",
    # the template's `span.gensmall` after div.postbody; then one moved into it
    edit_notice=(f".//div[{cls('postbody')}]/following-sibling::span[{cls('gensmall')}][{_EDITED}]",
                 f".//div[{cls('postbody')}]/*[preceding-sibling::div][{_EDITED}]"),
    title=("//h1[@class='cattitle']", "//a[@class='maintitle']", "//h1"),
)

_PROFILE_NAME = f".//div[{cls('postprofile')}]//dt/strong"
PHPBB3 = _template(
    post=(f"//div[starts-with(@id, 'p') and {cls('post')}][div[{cls('inner')}]/div[{cls('postbody')}]"
          f"/div[{cls('content')}]]",
          f"//div[{POST_CLASS}][.//div[{cls('postprofile')}]][.//div[{cls('content')}]]"),
    post_id=("@id", _NUMERIC_ID),
    author=(f"{_PROFILE_NAME}//{_PROFILE}", _PROFILE_NAME, f".//p[{cls('author')}]/{_PROFILE}"),
    author_id=(f"{_PROFILE_NAME}//{_PROFILE}/@href", f".//p[{cls('author')}]/{_PROFILE}/@href"),
    time_text=f".//div[{cls('postbody')}]/p[{cls('author')}]",
    url=f".//h2[{cls('topic-title')}]/a/@href",
    body=f"(.//div[{cls('postbody')}]/div[{cls('content')}]/div)[1]",
    # bare text after div.content (the template does not wrap it), or an element there
    edit_notice=(f".//div[{cls('postbody')}][div[{cls('content')}]/following-sibling::text()[{_EDITED}]]",
                 f".//div[{cls('postbody')}]/*[preceding-sibling::div[{cls('content')}]]"
                 f"[not({cls('signature_div')})][{_EDITED}]"),
    title=(f"//h1[{cls('page-title')}]/a", "//h1"),
)

_HEAD = f"div[{cls('postmain')}]/div[{cls('posthead')}]"
_ENTRY = f".//div[{cls('entry-content')}]"
PUNBB = _template(
    post=(f"//div[{cls('post')}][{_HEAD}]",
          f"//div[{POST_CLASS}][.//div[{cls('posthead')}]][{_ENTRY}]"),
    post_id=(f"{_HEAD}/@id", "a[@name]/@name"),
    author=(f".//h4[{cls('username')}]//{_PROFILE}", f".//h4[{cls('username')}]"),
    author_id=f".//h4[{cls('username')}]//{_PROFILE}/@href",
    time_text=f".//div[{cls('posthead')}]/h2",
    url=f".//div[{cls('posthead')}]/h2/a/@href",
    body=f"({_ENTRY}/div[not(@class)]/div[not(@class)])[1]",
    edit_notice=f"{_ENTRY}/p[{_EDITED}]",
    title=(f"//div[{cls('paged-head')}]/h1", "//h1"),
)

_DETAILS = f".//dl[{cls('postprofile-details')}]/dt"
_POST_ENTRY = f".//div[{cls('post-entry')}]"
INVISION = _template(
    post=(f"//div[starts-with(@id, 'p') and {cls('post')}][div[{cls('post-container')}]/div[{cls('postbody')}]"
          f"/div[{cls('post-entry')}]]",
          f"//div[{POST_CLASS}][.//div[{cls('postprofile')}]][{_POST_ENTRY}]"),
    post_id=("@id", _NUMERIC_ID),
    author=(f"{_DETAILS}//{_PROFILE}", f".//div[{cls('postprofile-head')}]//div[{cls('popmenubutton')}]",
            _DETAILS),
    author_id=(f"{_DETAILS}//{_PROFILE}/@href",
               f".//div[{cls('postbody-head')}]/p[{cls('author')}]/{_PROFILE}/@href"),
    time_text=f".//div[{cls('postbody-head')}]/p[{cls('author')}]",
    url=f".//div[{cls('postbody-head')}]/h3/a/@href",
    body=f"({_POST_ENTRY}/div[not(@class)])[1]",
    # bare text after div.clear (the template does not wrap it), or an element there
    edit_notice=(f"{_POST_ENTRY}[div[{cls('clear')}]/following-sibling::text()[{_EDITED}]]",
                 f"{_POST_ENTRY}/*[preceding-sibling::div[{cls('clear')}]][{_EDITED}]"),
    title=(f"//div[{cls('maintitle')}]/h1", "//h1"),
)

_START = re.compile(r"/t(\d+)p(\d+)-")
_TOPIC = re.compile(r"/t(\d+)(?:p\d+)?-")
# The pagination Forumotion prints (PAGINATION): the current page bold among links to the
# topic's pages, `<b>1</b>, <a href="/t6p15-…">2</a>`; not inside a post (a message's own bold).
_CURRENT = etree.XPath(f"//*[self::b or self::strong][number(.) >= 1][../a[contains(@href, '/t')]]"
                       f"[not(ancestor::*[{POST_CLASS}])]")


def _pagination(doc) -> tuple[int, int | None] | None:
    """(current page, its offset) as the page's pagination shows them: the offset is (page − 1) ×
    the step between the pages its links name (the link to page k is
    `/t{tid}p{(k − 1) × step}-`, page 1's `/t{tid}-`), None when no link gives the step. None
    when nothing on the page is such a pagination."""
    for current in _CURRENT(doc):
        links = [(int(_text(a)), a.get("href", "")) for a in current.getparent().iterchildren("a")
                 if _text(a).isdigit() and _TOPIC.search(a.get("href", ""))]
        if not links or len({_TOPIC.search(href).group(1) for _, href in links}) > 1:
            continue  # a bold number beside other links, or links to several topics: not it
        steps = {int(m.group(2)) // (k - 1) for k, href in links if k > 1 and (m := _START.search(href))}
        page = int(float(_text(current)))
        if page == 1:
            return 1, 0
        return page, (page - 1) * steps.pop() if len(steps) == 1 else None
    return None


def _text(el) -> str:
    return "".join(el.itertext()).strip()


def _first_number(doc, page: Page) -> int:
    """1 + the page's `p{start}` offset: from its address or canonical link, else from its
    pagination. A topic of one page starts at 1; a later page (by its pagination), or a page
    that links to other pages of its topic (`/t{tid}pN-`) with no pagination to read, could be
    any of them when none of this tells its offset, and is refused."""
    addresses = [page.url or "", *doc.xpath("//link[@rel='canonical']/@href")]
    for url in addresses:
        if m := _START.search(url):
            return int(m.group(2)) + 1
    shown = _pagination(doc)  # (before a canonical link without offset: it may name page 1)
    if shown is not None and shown[1] is not None:
        return shown[1] + 1
    if shown is None and any(_TOPIC.search(url) for url in addresses):
        return 1  # the address names page 1: /t{tid}-slug
    if shown is not None or any(_START.search(h) for h in doc.xpath("//a/@href")):
        where = f"page {shown[0]}" if shown else "a page"
        raise ParseError(f"{page.source}: {where} of a Forumotion topic of several pages, saved "
                         "without its address, and its posts print no numbers: save it with its "
                         "address (the browser's 'save as' keeps it in the file), or fetch it")
    return 1


ENGINE = Engine(
    NAME,
    (Layout("phpbb2", PHPBB2), Layout("phpbb3", PHPBB3), Layout("punbb", PUNBB),
     Layout("invision", INVISION)),
    first_number=_first_number,
    notes=_notes,
    # the `div.post--{id}` of three templates; phpBB2-style rows by their /uN authors
    markers=(MARKER, f"//tr[{cls('post')}]//{_NAME}//strong//a[starts-with(@href, '/u')]"),
    # what each marker needs in the page's markup (lower case): the `post--` class, or a
    # profile link to /uN
    literals=("post--", "/u"),
    missing="no Forumotion posts (templates tried: phpBB2 tr.post, phpBB3 div.post#pN with "
            "div.content, PunBB div.post with div.posthead, Invision div.post#pN with div.post-entry)",
)
