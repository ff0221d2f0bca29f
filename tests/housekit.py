"""Vote threads for the house-rule tests (RULES.md H.*) in two engines: mybb.ru (threadkit's
markup) and phpBB 3.0 prosilver with the Russian pack (the markup of
tests/fixtures/engines/phpbb3/prosilver30-ru-text.html: absolute dates "28 ноя 2026, 14:03",
the board zone in the footer, the edit notice "Последний раз редактировалось …"). Each thread
opens with the GM's rule post, as real ones do."""

from __future__ import annotations

import html
from datetime import datetime
from pathlib import Path

import threadkit

ENGINES = ("mybbru", "phpbb3")
_MONTHS = ("янв", "фев", "мар", "апр", "май", "июн", "июл", "авг", "сен", "окт", "ноя", "дек")

_PHPBB_PAGE = """<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">
<html xmlns="http://www.w3.org/1999/xhtml" dir="ltr" lang="ru-ru" xml:lang="ru-ru">
<head><meta http-equiv="content-type" content="text/html; charset=UTF-8" />
<title>Клуб мафии &bull; Просмотр темы - {title}</title></head>
<body id="phpbb" class="section-viewtopic ltr"><div id="wrap"><div id="page-body">
<h2><a href="./viewtopic.php?f=3&amp;t=12">{title}</a></h2>
<div class="topic-actions"><div class="pagination">Сообщений: {n} &bull; Страница <strong>1</strong> из <strong>1</strong></div></div>
{posts}
<form id="viewtopic" method="post" action="./viewtopic.php?f=3&amp;t=12&amp;start=0"></form>
</div>
<div id="page-footer"><div class="navbar"><ul class="linklist"><li class="rightside">Часовой пояс: UTC + 3 часа</li></ul></div>
<div class="copyright">Powered by <a href="http://www.phpbb.com/">phpBB</a> &copy; 2000, 2002, 2005, 2007 phpBB Group</div></div>
</div></body></html>
"""
_PHPBB_POST = """<div id="p{pid}" class="post bg2"><div class="inner"><span class="corners-top"><span></span></span>
<div class="postbody">
<h3><a href="#p{pid}">Re: {title}</a></h3>
<p class="author"><a href="./viewtopic.php?p={pid}#p{pid}"><img src="./styles/prosilver/imageset/icon_post_target.gif" width="11" height="9" alt="Сообщение" title="Сообщение" /></a>Сообщение <strong><a href="./memberlist.php?mode=viewprofile&amp;u={uid}">{author}</a></strong> &raquo; {when} </p>
<div class="content">{body}</div>{edit}
</div>
<dl class="postprofile" id="profile{pid}"><dt><a href="./memberlist.php?mode=viewprofile&amp;u={uid}">{author}</a></dt></dl>
<span class="corners-bottom"><span></span></span></div></div>
<hr class="divider" />
"""


def _phpbb_when(stamp: str) -> str:
    t = datetime.strptime(stamp, "%Y-%m-%d %H:%M:%S")
    return f"{t.day} {_MONTHS[t.month - 1]} {t.year}, {t:%H:%M}"


_PHPBB_EDIT = ('<div class="notice">Последний раз редактировалось <a href="./memberlist.php?mode=viewprofile&amp;u=2">'
               '{by}</a> {when}, всего редактировалось 1 раз.</div>')


def _phpbb_post(no: int, item: tuple, uid: int, title: str) -> str:
    author, when, body, *edit = item
    notice = _PHPBB_EDIT.format(by=html.escape(edit[0]), when=_phpbb_when(edit[1])) if edit else ""
    return _PHPBB_POST.format(pid=500 + no, uid=uid, author=html.escape(author), when=_phpbb_when(when),
                              body=body.replace("\n", "<br />"), edit=notice, title=title)


def phpbb_page(posts: list[tuple], title: str = "Голосование") -> str:
    """posts as threadkit.page takes them: (author, "YYYY-MM-DD HH:MM:SS", body[, edited_by, edited_at])."""
    uids: dict[str, int] = {}
    body = "".join(_phpbb_post(no, item, uids.setdefault(item[0], len(uids) + 2), title)
                   for no, item in enumerate(posts, 1))
    return _PHPBB_PAGE.format(title=title, n=len(posts), posts=body)


# Bold as each engine writes [b]: phpBB 3.0's bbcode.html <span style="font-weight: bold">,
# mybb.ru's <strong> (notes/ru-forum-engines.md). The tests write <b>…</b>.
_BOLD = {"phpbb3": ('<span style="font-weight: bold">', "</span>"), "mybbru": ("<strong>", "</strong>")}


def page(engine: str, posts: list[tuple]) -> str:
    """The thread in `engine`'s markup; a body's <b>…</b> is written as that engine's bold."""
    opening, closing = _BOLD[engine]
    posts = [(a, t, body.replace("<b>", opening).replace("</b>", closing), *rest) for a, t, body, *rest in posts]
    return phpbb_page(posts) if engine == "phpbb3" else threadkit.page(posts)


def count(tmp_path: Path, engine: str, posts, players, *, lang="en", at: str | None = None,
          explain: bool = False, **kw) -> list[dict]:
    """The count of the thread in `engine`'s markup, as the CLI makes it (CONTRACT JSON days)."""
    from votecount.api import CountRequest, run
    from votecount.render.json_out import day_dict

    thread = tmp_path / f"{engine}.html"
    thread.write_text(page(engine, posts), encoding="utf-8")
    game = tmp_path / "game.toml"
    game.write_text(threadkit.game_toml(players, **kw), encoding="utf-8")
    results = run(CountRequest((str(thread),), game=str(game), at=at, lang=lang))
    return [day_dict(r, explain) for r in results]
