"""Curse "Elevated" forums (MTG Salvation, Minecraft Forum and other Curse sites, ~2013–2020).

Posts are `<div class="j-comment p-comment-post forum-post …" id="cN" data-id data-author-id
data-index>`; the printed number is the "#N" link in `span.p-comment-index`. Times: the post
date `<abbr class="standard-datetime" data-epoch="…">` (the visible text is only the day,
"Nov 10, 2016"; the title holds the site's zone, e.g. CST). Edit notice outside the body:
`<div class="p-comment-edited">Last edited by <a…>Nick</a>: <abbr data-epoch=…></div>`.
Quotes: `<blockquote class="source-quote">` with "Quote from Nick »". Spoilers keep their
title in an attribute (`data-spoiler-title`), so nothing of it reaches the text. Bold votes
("Vote GJ" in <strong>) and colours (`<font style="color:#f00">`) stay in the html.
"""

from __future__ import annotations

from .kit.base import Selectors, cls
from .kit.engine import Engine, Layout, text_starts

NAME = "curse"

# @data-id first: most divs lack it, and that test is cheaper than the class test
_POST = f"//div[@data-id and {cls('p-comment-post')}]"

# What the Curse platform prints whatever the style's classes: the post's data-id and
# data-author-id, the "#N" link `?comment=N`, the schema.org itemprops (creator's name,
# dateCreated holding the <abbr data-epoch>, text), the notice's wording.
_EDITED = text_starts("Last edited by")

SELECTORS = Selectors(
    post=(_POST, "//div[@data-id][@data-author-id][.//*[@itemprop='text']]"),
    post_id="@data-id",
    number=(f".//span[{cls('p-comment-index')}]/a", "(.//a[starts-with(@href, '?comment=')])[1]"),
    author=(f".//span[{cls('p-comment-username')}]/a", f".//div[{cls('p-comment-micro-author')}]//*[@itemprop='name']",
            "(.//*[@itemprop='creator']//*[@itemprop='name'])[1]"),
    author_id="@data-author-id",
    time_attr=(f".//span[{cls('p-comment-postdate')}]//abbr/@data-epoch", "(.//*[@itemprop='dateCreated']//abbr/@data-epoch)[1]"),
    time_text=(f".//span[{cls('p-comment-postdate')}]//abbr", "(.//*[@itemprop='dateCreated']//abbr)[1]"),
    url=(f".//span[{cls('p-comment-index')}]/a/@href", "(.//a[starts-with(@href, '?comment=')]/@href)[1]"),
    body=(f".//div[{cls('j-comment-body')}]", "(.//*[@itemprop='text'])[1]"),
    edit_notice=(f".//div[{cls('p-comment-edited')}]", f"(.//div[{_EDITED}][not(ancestor::*[@itemprop='text'])])[1]"),
    edit_by=".//a",
    edit_time_attr=".//abbr/@data-epoch",
    edit_patterns=(r"Last edited by\s+(?P<who>.+?)\s*:\s*(?P<when>.+)$",),
    drop=(f".//blockquote[{cls('source-quote')}]", ".//blockquote",
          f".//div[{cls('p-comment-sig')}]", f".//div[{cls('spoiler-title')}]"),
    next_page=("//link[@rel='next']/@href", "//ul[contains(@class, 'b-pagination-list')]//a[@rel='next']/@href"),
    title=(f"//header[{cls('caption-threads')}]/h2", f"//header[{cls('caption-threads')}]//h2"),
)
ENGINE = Engine(NAME, (Layout("elevated", SELECTORS),),
                # (the message's script hook `j-comment-body`: the platform's script needs it, whatever the style)
                requires=(f"//div[{cls('j-comment-body')}]",), literals=("j-comment-body",))
