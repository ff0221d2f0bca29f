"""PunBB 1.2, PunBB 1.3/1.4 and FluxBB 1.4/1.5, self-hosted (English and Russian packs).

Not the mybb.ru family (votecount/engines/mybbru.py: `#pun-viewtopic`, hyphenated); these boards use
`#punviewtopic` (PunBB 1.2, FluxBB) or `#brd-viewtopic` (PunBB 1.3/1.4). Two markups, one
Selectors block each (the VARIANTS table below):

- "blockpost" (PunBB 1.2, FluxBB 1.4/1.5): `<div id="p123" class="blockpost …"><h2><span><span
  class="conr">#5 </span><a href="viewtopic.php?pid=123#p123">2026-11-29 19:45:12</a></span></h2>`,
  author in `div.postleft dt strong`, message `div.postmsg`, edit notice inside it:
  `<p class="postedit"><em>Отредактировано Ник (Сегодня 19:50:12)</em></p>` /
  "Last edited by Nick (…)", signature `div.postsignature` (FluxBB: "postsignature postmsg").
  Quotes: 1.2 `<blockquote><div class="incqbox"><h4>Ник написал:</h4>…`, FluxBB
  `<div class="quotebox"><cite>Nick wrote:</cite><blockquote>…`.
- "post-ident" (PunBB 1.3/1.4): `<div class="post …"><div id="p123" class="posthead"><h3
  class="hn post-ident"><span class="post-num">5</span> <span class="post-byline"><span>Reply
  by </span><a href="profile.php?id=2">Nick</a></span> <span class="post-link"><a
  class="permalink" href="…">Today 19:45:12</a></span></h3>`; message, edit notice
  `<p class="lastedit"><em>Last edited by Nick (…)</em></p>` ("Отредактированно" in the Russian
  pack, sic) and signature `div.sig-content` all sit inside `div.entry-content`.

Times: `o_date_format o_time_format`, default "Y-m-d H:i:s", with "Today"/"Сегодня" and
"Yesterday"/"Вчера" replacing the date (no comma); the edit time uses the same function, so it
can be relative too. No machine-readable time exists. Colour: `<span style="color: red">`.
Strike-through: `[s]` is `<span class="bbs">` (FluxBB, punbb-mod), `[del]` is `<del>`.
"""

from __future__ import annotations

from .kit.base import Selectors, cls
from .kit.engine import Engine, Layout, text_starts
from .kit.pagewalk import title_text

NAME = "punbb"

_EDIT_PATTERNS = (
    r"(?:Отредактирован+о|Last edited by|Last edit)\s+(?P<who>.+)\s+\((?P<when>[^()]+)\)\s*$",
)
_COMMON_DROP = (
    f".//div[{cls('quotebox')}]", ".//blockquote", f".//div[{cls('codebox')}]",
    f".//span[{cls('bbs')}]",  # [s] struck-through text (FluxBB, punbb-mod)
)

# What PunBB/FluxBB's viewtopic prints whatever the style's classes: the post `div#pN` whose <h2>
# holds "#N" and the permalink `viewtopic.php?pid=N#pN`, the poster in the first <dt>, the
# message right after the subject's <h3>, the edit notice's wording (its last paragraph, in <em>).
_EDITED = text_starts("Last edited by", "Last edit ", "Отредактирован")

BLOCKPOST = Selectors(
    post=(f"//div[@id='punviewtopic']//div[{cls('blockpost')} and starts-with(@id, 'p')]",
          "//div[@id='punviewtopic']//div[starts-with(@id, 'p')][h2//a[contains(@href, '#p')]]"),
    post_id="@id",
    number=(f"h2//span[{cls('conr')}]", "h2//span[starts-with(normalize-space(), '#')][not(*)]"),
    author=(f".//div[{cls('postleft')}]//dt/strong", f".//div[{cls('postleft')}]//dt", "(.//dt)[1]"),
    author_id=(f".//div[{cls('postleft')}]//dt//a[contains(@href, 'profile.php?id=')]/@href",
               "(.//dt)[1]//a[contains(@href, 'profile.php?id=')]/@href"),
    time_text="h2//a[contains(@href, '#p')]",
    url="h2//a[contains(@href, '#p')]/@href",
    body=(f".//div[{cls('postmsg')} and not({cls('postsignature')})]", "(.//h3/following-sibling::div)[1]"),
    edit_notice=(f".//div[{cls('postmsg')}]/p[{cls('postedit')}]", f"(.//h3/following-sibling::div)[1]/p[last()][em][{_EDITED}]"),
    edit_patterns=_EDIT_PATTERNS,
    drop=(f".//p[{cls('postedit')}]", f"./p[last()][em][{_EDITED}]", f".//div[{cls('postsignature')}]") + _COMMON_DROP,
    # FluxBB prints rel="next"; PunBB 1.2 only numbers: the link after the current <strong>
    next_page=(f"//p[{cls('pagelink')}]//a[@rel='next']/@href",
               f"//p[{cls('pagelink')}]/strong/following-sibling::a[1]/@href"),
    # the last breadcrumb ("» Subject"); '»' is stripped in title()
    title=f"(//div[@id='punviewtopic']//div[{cls('linkst')}]//ul/li[last()])[1]",
)

POST_IDENT = Selectors(
    post=f"//div[@id='brd-viewtopic']//div[{cls('post')}][div[{cls('posthead')}]]",
    post_id=f"div[{cls('posthead')}]/@id",
    number=f".//span[{cls('post-num')}]",
    author=(f".//span[{cls('post-byline')}]/*[not(self::span)]", f".//li[{cls('username')}]"),
    author_id=f".//span[{cls('post-byline')}]/a/@href",
    time_text=f".//span[{cls('post-link')}]/a",
    url=f".//span[{cls('post-link')}]/a/@href",
    body=f".//div[{cls('entry-content')}]",
    edit_notice=f".//div[{cls('entry-content')}]/p[{cls('lastedit')}]",
    edit_patterns=_EDIT_PATTERNS,
    drop=(f".//p[{cls('lastedit')}]", f".//div[{cls('sig-content')}]") + _COMMON_DROP,
    next_page=("//link[@rel='next']/@href", f"//p[{cls('paging')}]/strong/following-sibling::a[1]/@href"),
    title=f"(//h1[{cls('main-title')}])[1]",
)

# Order matters only for speed.
ENGINE = Engine(
    NAME,
    (Layout("blockpost", BLOCKPOST, markers=("//div[@id='punviewtopic']",)),
     Layout("post-ident", POST_IDENT, markers=("//div[@id='brd-viewtopic']",))),
    missing="no PunBB/FluxBB posts (neither #punviewtopic div.blockpost nor #brd-viewtopic div.post)",
    read_title=lambda doc: _title(doc),
    literals=("punviewtopic", "brd-viewtopic"),
)


def _title(doc) -> str:
    layout = ENGINE.layout(doc)
    found = layout.compiled.first("title", doc).lstrip("»\xa0 ") if layout else ""
    return found or title_text(doc)
