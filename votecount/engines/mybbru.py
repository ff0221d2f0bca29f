"""The mybb.ru hosted family (mybb.ru, rusff.me, rolka.me, f-rpg.me, hutt.ru, …).

PunBB 1.2 underneath (not mybb.com's MyBB). Verified on live pages (notes 2.3, "Verified
since"): `div#pun-viewtopic[data-topic-id]`, posts `div.post#pN` with `data-posted` (Unix
seconds, UTC: read first) and `data-user-id`; the h3 holds the post number in <strong> and the
time in `a.permalink` ("2026-11-29 19:45:12", "Сегодня 19:45:12", "Вчера 23:10:05": seconds
always, no comma), whose link is `viewtopic.php?pid=N#pN`; the author `li.pa-author > a`
(guests: bare text); the message `div#pN-content.post-content`, with the edit notice
`p.lastedit` inside it (designs often hide it with CSS: it is read all the same) and the
signature `dl.post-sig` INSIDE it too (older designs: right after it) — any element with
class post-sig is dropped, so a nick in a signature is never a vote. Quotes
`div.quote-box.answer-box` (cite + blockquote) or `div.quote-box` without a cite; spoilers
`div.quote-box.spoiler-box`, hidden text `hide-box`, code `div.code-box`.
Inferred: the "Отредактировано Ник (…)" wording (PunBB's Russian pack), so the notice is also
found by its text when a design renames the class.

English board language: PunBB's English pack ('Today' / 'Yesterday', 'Last edit' =>
'Last edited by', 'wrote' => 'wrote'; found in a PunBB 1.2 lang/English/topic.php by the
`search` tool, session 2): "Last edited by Nick (Yesterday 22:41:03)". "Edited by" is
accepted too (some skins shorten it). Fixture tests/fixtures/engines/mybbru/mybbru-en.html.
"""

from __future__ import annotations

from dataclasses import replace

from ..model import Page, Post

from .kit.base import Compiled, Selectors, cls, parse_with
from .kit.engine import Engine, Layout

NAME = "mybbru"

_EDIT = (f"p[{cls('lastedit')} or {cls('postedit')} or "
         "starts-with(normalize-space(.), 'Отредактировано') or starts-with(normalize-space(.), 'Edited by')"
         " or starts-with(normalize-space(.), 'Last edited by')]")

SELECTORS = Selectors(
    post=f"//div[@id='pun-viewtopic']//div[{cls('post')} and @id]",
    post_id="@id",
    number=".//h3//strong",
    author=(f".//li[{cls('pa-author')}]/a", f".//li[{cls('pa-author')}][not(a)]"),
    author_id="@data-user-id",
    time_attr="@data-posted",
    time_text=f".//h3//a[{cls('permalink')}]",
    url=f".//h3//a[{cls('permalink')}]/@href",
    body=f".//div[{cls('post-content')}]",
    edit_notice=f".//div[{cls('post-content')}]//{_EDIT}",
    edit_patterns=(r"Отредактировано\s+(?P<who>.+?)\s+\((?P<when>[^()]+)\)\s*$",
                   r"(?:Last )?[Ee]dited by\s+(?P<who>.+?)\s+\((?P<when>[^()]+)\)\s*$"),
    drop=(f".//div[{cls('quote-box')} and not({cls('spoiler-box')})]", ".//blockquote[not(ancestor::div[" + cls('spoiler-box') + "])]",
          f".//div[{cls('spoiler-box')}]/div[1]", f".//div[{cls('code-box')}]",
          f".//{_EDIT}", f".//*[{cls('post-sig')}]"),
    next_page=("//link[@rel='next']/@href", f"//div[{cls('pagelink')}]//a[{cls('next')}]/@href"),
    title=("//div[@id='pun-main']/h1/span", "//div[@id='pun-main']/h1"),
    topic="//div[@id='pun-viewtopic']/@data-topic-id",  # its permalinks (?pid=N#pN) name no topic
)


def _read(c: Compiled, doc, page: Page) -> list[Post]:
    # data-posted is Unix seconds (UTC); the times are shown in the page's zone, as the board
    # shows them (the instant is the same).
    return [replace(p, time=p.time.astimezone(page.tz)) for p in parse_with(c, doc, page)]


ENGINE = Engine(NAME, (Layout("punbb", SELECTORS),), read=_read,
                requires=("//div[@id='pun-viewtopic']", f"//div[{cls('post')} and @data-user-id]"),
                literals=("pun-viewtopic",))
