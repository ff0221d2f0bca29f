"""Small vote threads in mybb.ru markup (the engine most Russian forum mafia runs on), for
rule tests: one line per post, the way a GM would describe the thread. The markup follows the
notes' "Verified since" facts (notes/ru-forum-engines.md): `div#pun-viewtopic[data-topic-id]`,
`div.post#pN` (topicpost / endpost) with `data-posted` in Unix seconds, the permalink
`viewtopic.php?pid=N#pN`, `div#pN-content.post-content` holding `p.lastedit`."""

from __future__ import annotations

import html
from datetime import datetime, timedelta, timezone
from pathlib import Path

MSK = timezone(timedelta(hours=3))

PAGE = """<!DOCTYPE html>
<html lang="ru"><head><meta charset="utf-8"><title>{title}</title></head><body>
<div id="pun"><div id="pun-viewtopic" class="punbb" data-topic-id="1"><div id="pun-main" class="main">
<h1><span>{title}</span></h1><div id="topic_t1" class="topic">
{posts}
</div></div></div></div></body></html>
"""
POST = """<div id="p{pid}" class="post{place}"{posted} data-user-id="{uid}" data-group-id="4">
<h3><span><strong>{no}</strong><a class="permalink" rel="nofollow" href="https://t.rolka.me/viewtopic.php?pid={pid}#p{pid}">{when}</a></span></h3>
<div class="container"><div class="post-author"><ul><li class="pa-author"><span class="acchide">Автор:&#160;</span><a href="https://t.rolka.me/profile.php?id={uid}">{author}</a></li></ul></div>
<div class="post-body"><div class="post-box"><div id="p{pid}-content" class="post-content">
<p>{body}</p>{edit}
</div></div></div></div></div>
"""


def red(nick: str) -> str:
    return f'<span style="color: red">{nick}</span>'


def blue(nick: str) -> str:
    return f'<span style="color: #0000FF">{nick}</span>'


def _posted(when: str, zone) -> str:
    """mybb.ru's data-posted: Unix seconds (UTC) of the post's time, written here in `zone`;
    none for a time that is not one (a post whose time cannot be read)."""
    try:
        moment = datetime.strptime(when, "%Y-%m-%d %H:%M:%S").replace(tzinfo=zone)
    except ValueError:
        return ""
    return f' data-posted="{int(moment.timestamp())}"'


def post_html(*, pid: int, no: int, uid: int, author: str, when: str, body: str, edit: str = "",
              place: str = "", zone=MSK) -> str:
    """One post in mybb.ru's markup; `author` as shown (escaped here), `edit` the p.lastedit
    notice's HTML, `place` " topicpost" or " endpost"."""
    return POST.format(pid=pid, no=no, uid=uid, when=when, author=html.escape(author), body=body,
                       edit=edit, place=place, posted=_posted(when, zone))


def page(posts: list[tuple], title: str = "Голосование", zone=MSK) -> str:
    """posts: (author, "YYYY-MM-DD HH:MM:SS", body_html[, edited_by, edited_at]); the times are
    the board's clock in `zone` (Moscow by default), and data-posted is that moment."""
    uids: dict[str, int] = {}
    out = []
    for no, item in enumerate(posts, 1):
        author, when, body = item[:3]
        edit = ""
        if len(item) > 3:
            edit = f'<p class="lastedit">Отредактировано {html.escape(item[3])} ({item[4]})</p>'
        uid = uids.setdefault(author, len(uids) + 2)
        place = " topicpost" if no == 1 else " endpost" if no == len(posts) else ""
        out.append(post_html(pid=100 + no, no=no, uid=uid, author=author, when=when, body=body, edit=edit,
                             place=place, zone=zone))
    return PAGE.format(title=title, posts="".join(out))


def game_toml(players, days=None, rules="classic", gm="Ведущий", overrides: str = "",
              extra_players: str = "") -> str:
    """A game file: players as nicks or (nick, role) pairs; days as TOML snippets."""
    lines = ["[game]", f'rules = "{rules}"', 'timezone = "Europe/Moscow"', f'gm = ["{gm}"]', ""]
    for p in players:
        nick, role = (p, None) if isinstance(p, str) else p
        lines += ["[[players]]", f'nick = "{nick}"'] + ([f'role = "{role}"'] if role else []) + [""]
    lines.append(extra_players)
    for d in days or ['number = 1\ndeadline = 2026-11-29T20:00:00+03:00']:
        lines += ["[[days]]", d, ""]
    if overrides:
        lines += ["[rules]", overrides]
    return "\n".join(lines) + "\n"


def write(tmp_path: Path, posts, players, **kw) -> tuple[Path, Path]:
    thread = tmp_path / "thread.html"
    thread.write_text(page(posts), encoding="utf-8")
    game = tmp_path / "game.toml"
    game.write_text(game_toml(players, **kw), encoding="utf-8")
    return thread, game


def count(tmp_path: Path, posts, players, lang="en", at: str | None = None, explain: bool = False, **kw):
    """Run the count as the CLI does; return the list of day dicts (CONTRACT JSON)."""
    from votecount.api import CountRequest, run
    from votecount.render.json_out import day_dict

    thread, game = write(tmp_path, posts, players, **kw)
    results = run(CountRequest((str(thread),), game=str(game), at=at, lang=lang))
    return [day_dict(r, explain) for r in results]


def ballot_of(day: dict, voter: str, status: str | None = None) -> list[dict]:
    return [b for b in day["ballots"] if b["voter"] == voter and (status is None or b["status"] == status)]


def codes(day: dict) -> list[tuple[str, str]]:
    return [(v["code"], v["player"]) for v in day["violations"]]


def scores(day: dict) -> dict[str, float]:
    return {row["candidate"]: row["score"] for row in day["tally"]}


def generator():
    """bench/mybbru_thread.py, the generator of long mybb.ru threads, as a module."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("mybbru_thread", Path(__file__).resolve().parent.parent / "bench" / "mybbru_thread.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
