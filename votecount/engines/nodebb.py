"""NodeBB (persona theme, 1.x), any locale.

`<ul component="topic">` of `<li component="post" data-index data-pid data-uid data-timestamp
data-username>`: every field is an attribute. The printed number is `data-index + 1` (index 0
is the topic's first post, across pages). Times: `data-timestamp` in epoch milliseconds.
Edits: `<small component="post/editor" data-editor="slug">last edited by Nick <span
class="timeago" title="ISO"></span></small>` (`data-editor` is empty for unedited posts; the
element is always present). Quotes are `<blockquote>` preceded by the composer's attribution
paragraph "@Nick said in <a href="/post/…">Title</a>:" / "Пользователь @Ник написал в …:",
which is dropped with the quote. Colour needs a plugin (extended-markdown renders
`<span style="color:…">`); strike-through is markdown `~~x~~` → `<del>`.
"""

from __future__ import annotations

from .kit.base import Selectors, cls
from .kit.engine import Engine, Layout

NAME = "nodebb"

_POST = "//ul[@component='topic']//li[@component='post' and @data-pid]"

SELECTORS = Selectors(
    post=_POST,
    post_id="@data-pid",
    number="@data-index",  # zero-based, thread-wide
    number_offset=1,
    author="(.//a[@itemprop='author'])[1]",
    author_id="@data-uid",
    time_attr="@data-timestamp",
    # (then NodeBB's permalink `/post/N` outside the message, whatever its class)
    time_text=(".//a[@class='permalink']//span[@title]",
               "(.//a[contains(@href, '/post/')][not(ancestor::*[@component='post/content'])]//span[@title])[1]"),
    url=(".//a[@class='permalink']/@href",
         "(.//a[contains(@href, '/post/')][not(ancestor::*[@component='post/content'])]/@href)[1]"),
    body=".//div[@component='post/content']",
    edit_notice=".//small[@component='post/editor' and normalize-space(@data-editor) != '']",
    edit_patterns=(r"last edited by\s+(?P<who>.+?)\s*$",
                   r"(?:отредактирован\w*|последн\w+ редакци\w+|изменено)\s*:?\s+(?P<who>.+?)\s*$"),
    edit_time_attr=".//span[contains(@class, 'timeago')]/@title",
    drop=(# first the composer's attribution line right before a quote ("@Nick said in
          # <a href=/post/…>Title</a>:"), while the quote is still there to anchor it
          ".//p[following-sibling::*[1][self::blockquote]][.//a[contains(@href, '/post/')]]",
          ".//blockquote",
          f".//*[{cls('ns-spoiler-control')}]"),
    next_page="(//link[@rel='next']/@href)[1]",
    title=("//span[@component='topic/title']", "//h1[@component='post/header']"),
)
ENGINE = Engine(NAME, (Layout("persona", SELECTORS),), literals=("data-pid",))
