"""Discourse, the server-rendered topic view (what crawlers get, and what sits in the
`<noscript>` of every page a browser saves).

`app/views/topics/show.html.erb` renders each post as

    <div id='post_7' itemprop='comment' … class='topic-body crawler-post'>
      <div class='crawler-post-meta'>
        <span class="creator" itemprop="author" …><a href='…/u/nick'><span itemprop='name'>nick</span></a></span>
        <span class="crawler-post-infos">
          <time itemprop='datePublished' datetime='2026-07-17T02:13:38Z' class='post-time'>July 17, 2026,  2:13am</time>
          <meta itemprop='dateModified' content='2026-07-17T02:13:38Z'>
          <span itemprop='position'>7</span>
      …
      <div class='post' itemprop='text'> cooked HTML </div>

(older releases: no id, `itemprop='articleBody'`, position "#7"; older still `<b
itemprop='author'>`). The "next page" block is also a `div.topic-body.crawler-post`, with
role='navigation': it is not a post.
The printed date is the server locale's long format ("July 16, 2026,  8:01am",
"16.Июль.2026 08:01:11"); the `datetime` attribute (UTC) is always there and wins.

- Post id: the crawler view carries no database id, so the post number (unique in a topic
  and stable) is used as the id.
- Author: the username (login handle); the page has no numeric user id.
- Edits: no notice is printed. `dateModified` is the post's `last_version_at`, which Discourse
  moves only when an edit makes a new revision (not for edits inside the grace period, 5
  minutes by default, by the author, with a small diff): a `dateModified` later than the post
  time is reported as an edit at that moment, editor and count unknown.
- Signatures do not exist in this view. Quotes are `aside.quote` (dropped, as are link
  previews `aside.onebox`, `[details]` titles and code blocks). Colour comes from the
  discourse-bbcode-color plugin: `<font color='red'>` or `<span style="color:red">`, kept.
- A page saved from the JavaScript app without its `<noscript>` content has no crawler posts:
  that is an error saying so, not an empty page.
"""

from __future__ import annotations

import dataclasses

from ..model import Page, Post

from .kit.base import Compiled, Selectors, cls, parse_with, squash
from .kit.engine import Engine, Layout, generator_is
from .kit.dates import from_attr

NAME = "discourse"

_META = f".//div[{cls('crawler-post-meta')}]"
# What Discourse's crawler view prints whatever the theme's classes: schema.org microdata, a
# post `div#post_N` or a DiscussionForumPosting (or Comment) item with its `position`, its author's name,
# datePublished and text.
_TEXT = "@itemprop='text' or @itemprop='articleBody'"
SELECTORS = Selectors(
    post=(f"//div[{cls('crawler-post')} and {cls('topic-body')} and not(@role='navigation')]",
          "//div[starts-with(@id, 'post_')][.//*[@itemprop='position']]",
          "//div[contains(@itemtype, 'DiscussionForumPosting') or contains(@itemtype, 'schema.org/Comment')]"
          "[.//*[@itemprop='position']]"),
    post_id=("@id[starts-with(., 'post_')]", f"{_META}//*[@itemprop='position']", "(.//*[@itemprop='position'])[1]"),
    number=(f"{_META}//*[@itemprop='position']", "@id[starts-with(., 'post_')]", "(.//*[@itemprop='position'])[1]"),
    author=(f"{_META}//*[{cls('creator')}]//*[@itemprop='name']", f"{_META}//*[{cls('creator')}]//b[@itemprop='author']",
            "(.//*[@itemprop='author']//*[@itemprop='name'])[1]"),
    time_attr=(f"{_META}//time/@datetime", f"{_META}//meta[@itemprop='datePublished']/@content",
               f"(.//time[@datetime][not(ancestor::*[{_TEXT}])]/@datetime)[1]",
               f"(.//meta[@itemprop='datePublished'][not(ancestor::*[{_TEXT}])]/@content)[1]"),
    time_text=(f"({_META}//time)[1]", f"(.//time[not(ancestor::*[{_TEXT}])])[1]"),
    body=(f"(.//div[{cls('post')}][{_TEXT}])[1]", f"(.//div[{_TEXT}])[1]"),
    drop=(f".//aside[{cls('quote')}]", f".//aside[{cls('onebox')}]", ".//details/summary",
          ".//pre[code]", f".//div[{cls('lightbox-wrapper')}]//div[{cls('meta')}]"),
    next_page=("//link[@rel='next']/@href", "//div[@role='navigation']//a[@rel='next']/@href"),
    title=("//div[@id='topic-title']//h1/a", "//div[@id='topic-title']//h1", "//h1"),
)
_MODIFIED = f"(.//meta[@itemprop='dateModified'][not(ancestor::*[{_TEXT}])]/@content)[1]"  # (the post's own)
_CANONICAL = "(//link[@rel='canonical']/@href)[1]"


def _read(c: Compiled, doc, page: Page) -> list[Post]:
    topic = squash(" ".join(doc.xpath(_CANONICAL))).split("?")[0].rstrip("/")
    found = []
    for post, el in zip(parse_with(c, doc, page), c.posts(doc)):
        modified = from_attr(squash(" ".join(el.xpath(_MODIFIED))))
        if modified is not None and modified > post.time:
            post = dataclasses.replace(post, edited=True, edited_at=modified)
        if topic and post.url is None:  # Discourse permalinks are the topic URL + "/N"
            post = dataclasses.replace(post, url=f"{topic}/{post.post_no}")
        found.append(post)
    return found


ENGINE = Engine(
    NAME, (Layout("crawler", SELECTORS),), read=_read, claims=(generator_is("discourse", first=True),),
    missing=("a Discourse page without the server-rendered posts (div.crawler-post): save the "
             "topic with its <noscript> content, or fetch it with votecount fetch"),
    literals=("discourse", "crawler-post"),  # the generator's claim; the posts
)
