"""uCoz forum module (hosted *.ucoz.ru / *.ucoz.net / own domains), default templates.

Every post is `table.postTable`: a first row of two `td.postTdTop` cells (the author
`a.postUser`, then "Дата: Воскресенье, 29.11.2026, 19:45 | Сообщение # 5"), a row with
`td.postTdInfo` (avatar, group, counters) and `td.posttdMessage`, which holds the message
`span.ucoz-forum-post#ucoz-forum-post-N`, the edit notice and the signature
(`span.signatureView` after `hr.signatureHr`). The post number `a.postNumberLink` asks the
reader to copy the permalink `/forum/F-T-N-16-EPOCH`: its last part is the post's time in
epoch seconds, taken before the printed text (which is in the site's zone and may read
"Сегодня, 19:45"). Quotes: `<!--uzquote--><div class="bbQuoteBlock">` with `div.bbQuoteName`
("Цитата Вася (…)") and `div.quoteMessage`; spoilers: `div.uSpoilerClosed` with a button
block `div.uSpoilerButBl` and `div.uSpoilerText`; colour: `<span style="color:red">`;
strike: `<s>`.

Edit notice [I]: "Сообщение отредактировал <span class="editedBy">X</span> -
<span class="editedTime">Воскресенье, 29.11.2026, 19:50</span>" in `div.edited`; found by
its class or by its wording. No edit count is printed, and the site owner's template may
leave the notice out: absence of a notice is not proof of no edit.

Sources (session 2, `search` corpus "pages"): real uCoz pages print the header as "Дата:
Пятница, 04.06.2010, 15:34:43 | Сообщение # 1" (www.ucozabc.ru/forum/121-2455-1: seconds on
some sites, read by the same pattern) and "Дата: Воскресенье, 12.02.2012, 17:01 | Сообщение # 1".
The Russian edit notice wording was not found on a stored page: still [I]. English locale [I]:
"Date: Sunday, 2026-11-29, 7:45 PM | Message # 5", "Message edited by X - Sunday, 2026-11-29,
7:50 PM" (fixture ucoz-en.html); no English uCoz page was found to confirm the date order.
"""

from __future__ import annotations

from .kit.base import Selectors, cls
from .kit.engine import Engine, Layout

NAME = "ucoz"

_MESSAGE = f"td[{cls('posttdMessage')}]"
_EDIT = (f"*[{cls('edited')} or starts-with(normalize-space(.), 'Сообщение отредактировал')"
         " or starts-with(normalize-space(.), 'Message edited by')"
         " or starts-with(normalize-space(.), 'Сообщение изменено')][not(.//*[" + cls('edited') + "])]")

SELECTORS = Selectors(
    post=f"//table[{cls('postTable')}][.//{_MESSAGE}]",
    post_id=(".//*[starts-with(@id, 'ucoz-forum-post-')]/@id",
             "ancestor::tr[starts-with(@id, 'post')][1]/@id"),
    number=f"(.//a[{cls('postNumberLink')}])[1]",
    author=(f".//td[{cls('postTdTop')}][1]//*[{cls('postUser')}]", f".//td[{cls('postTdTop')}][1]"),
    author_id=("substring-after((.//a[contains(@href, '/index/8-')]"
               "[not(contains(@href, '/index/8-0-'))]/@href)[1], '/index/8-')"),
    # /forum/F-T-N-16-EPOCH inside prompt('…', '…/forum/2-15-1234-16-1795970700'); return false;
    time_attr=(f"substring-before(substring-after((.//a[{cls('postNumberLink')}]/@onclick)[1], '-16-'),"
               " \"'\")"),
    time_text=(f".//td[{cls('postTdTop')}][2]", f".//*[{cls('postTdTop2')}]"),
    url=(f"substring-before(substring-after((.//a[{cls('postNumberLink')}]/@onclick)[1], \"', '\"),"
         " \"'\")"),
    body=(f".//span[{cls('ucoz-forum-post')}]",
          ".//*[starts-with(@id, 'ucoz-forum-post-')]",
          f".//{_MESSAGE}[not(.//*[starts-with(@id, 'ucoz-forum-post-')])]"),
    edit_notice=f".//{_MESSAGE}//{_EDIT}",
    edit_by=(f".//*[{cls('editedBy')}]", ".//a", ".//b"),
    edit_patterns=(r"Сообщение (?:отредактировал[аи]?|изменено)\s+(?P<who>.+?)\s+[-–—]\s+(?P<when>\S.*)$",
                   r"Message edited by\s+(?P<who>.+?)\s+[-–—]\s+(?P<when>\S.*)$"),
    drop=(f".//div[{cls('bbQuoteBlock')}]", f".//div[{cls('bbCodeBlock')}]",
          f".//div[{cls('uSpoilerButBl')}]", f".//span[{cls('signatureView')}]",
          f".//hr[{cls('signatureHr')}]", f".//{_EDIT}"),
    next_page=("//link[@rel='next']/@href",
               f"//a[{cls('swchItem-next')}]/@href",
               f"//a[{cls('switchNext')}]/@href"),
    title=(f"//a[{cls('forumBarA')}]", f"//td[{cls('gTableTop')}]", "//h1"),
)
ENGINE = Engine(
    NAME, (Layout("forum", SELECTORS),),
    requires=(f"//table[{cls('postTable')}]//td[{cls('postTdTop')}]",
              "//*[starts-with(@id, 'ucoz-forum-post-')]"
              f" | //td[{cls('posttdMessage')}]//span[{cls('ucoz-forum-post')}]"),
    literals=("posttable",),
)
