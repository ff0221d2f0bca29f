"""A generated vote thread in mybb.ru markup (the engine most Russian forum mafia runs on):
50 pages of 50 posts, players voting red and blue, changing votes, chatting, quoting, editing.
Deterministic (seeded), so every benchmark run counts the same thread. The markup is the one
verified from live pages (../shared/notes/ru-forum-engines.md, mybb.ru, "Verified since"):
`data-topic-id` on the page, `topicpost`/`endpost` classes, `data-posted` in Unix seconds,
`viewtopic.php?pid=N#pN` permalinks, `div#pN-content.post-content` with the edit notice inside."""

from __future__ import annotations

import html
import random
from datetime import datetime, timedelta, timezone
from pathlib import Path

MSK = timezone(timedelta(hours=3))
PLAYERS = ["Анноушка", "Вася", "Петя", "Маша", "Коля", "Dimon_88", "Ёжик", "Сова", "Лиса",
           "Граф", "Пират", "Snow", "Тень", "Кот", "Ворон"]
CHATTER = ["Я думаю, что {n} ведёт себя подозрительно, но пока не уверен.",
           "Кто-нибудь видел, как {n} голосовал вчера? Странно всё это.",
           "Согласен с предыдущим оратором, {n} слишком тихий.",
           "Ночью было тихо, доктор молодец. Давайте думать дальше.",
           "Не надо давить на {n}, аргументов нет никаких."]
PAGE = """<!DOCTYPE html>
<html lang="ru"><head><meta charset="utf-8"><title>{title}</title></head><body>
<div id="pun"><div id="pun-viewtopic" class="punbb" data-topic-id="7"><div id="pun-main" class="main">
<h1><span>{title}</span></h1><div id="topic_t7" class="topic">
{posts}
</div></div></div></div></body></html>
"""
POST = """<div id="p{pid}" class="post{place}" data-posted="{posted}" data-user-id="{uid}" data-group-id="4">
<h3><span><strong>{no}</strong><a class="permalink" rel="nofollow" href="https://m.rolka.me/viewtopic.php?pid={pid}#p{pid}">{when}</a></span></h3>
<div class="container"><div class="post-author"><ul><li class="pa-author"><span class="acchide">Автор:&#160;</span><a href="https://m.rolka.me/profile.php?id={uid}">{author}</a></li>
<li class="pa-title">Участник</li><li class="pa-posts"><span class="fld-name">Сообщений:</span> {uid}42</li></ul></div>
<div class="post-body"><div class="post-box"><div id="p{pid}-content" class="post-content">
{body}{edit}
</div></div></div></div></div>
"""


def _body(rng: random.Random, author: str, no: int) -> tuple[str, str]:
    other = rng.choice([p for p in PLAYERS if p != author])
    roll = rng.random()
    if roll < 0.35:
        colour = "red" if rng.random() < 0.8 else "#0000FF"
        return f'<p><span style="color: {colour}">{html.escape(other)}</span></p>', ""
    if roll < 0.45:
        quoted = rng.choice(PLAYERS)
        return (f'<div class="quote-box answer-box"><cite>{html.escape(quoted)} написал(а):</cite>'
                f'<blockquote><p><span style="color: red">{html.escape(other)}</span></p></blockquote></div>'
                f'<p>{html.escape(rng.choice(CHATTER).format(n=other))}</p>'), ""
    if roll < 0.5:
        when = f"2026-11-2{rng.randint(8, 9)} 1{rng.randint(0, 9)}:0{rng.randint(0, 9)}:00"
        return (f'<p><span style="color: red">{html.escape(other)}</span></p>',
                f'<p class="lastedit">Отредактировано {html.escape(author)} ({when})</p>')
    lines = " ".join(rng.choice(CHATTER).format(n=rng.choice(PLAYERS)) for _ in range(rng.randint(1, 4)))
    return f"<p>{html.escape(lines)}</p>", ""


def write_thread(folder: Path, pages: int = 50, per_page: int = 50, seed: int = 7) -> int:
    """Write page1.html … and game.toml into `folder`; return the number of posts."""
    rng = random.Random(seed)
    folder.mkdir(parents=True, exist_ok=True)
    start = datetime(2026, 11, 28, 20, 0, tzinfo=MSK)
    uids = {name: i + 2 for i, name in enumerate(["Ведущий"] + PLAYERS)}
    no = 0
    for page in range(1, pages + 1):
        out = []
        for slot in range(per_page):
            no += 1
            author = "Ведущий" if no == 1 else rng.choice(PLAYERS)
            body, edit = ("<p>День 1. Голосуем красным против, синим в защиту.</p>", "") if no == 1 \
                else _body(rng, author, no)
            moment = start + timedelta(seconds=no * 30)
            place = " topicpost" if no == 1 else " endpost" if slot == per_page - 1 else ""
            out.append(POST.format(pid=5000 + no, uid=uids[author], no=no, place=place,
                                   posted=int(moment.timestamp()), when=moment.strftime("%Y-%m-%d %H:%M:%S"),
                                   author=html.escape(author), body=body, edit=edit))
        (folder / f"page{page}.html").write_text(
            PAGE.format(title="Мафия: день 1, голосование", posts="".join(out)), encoding="utf-8")
    roster = "\n".join(f'[[players]]\nnick = "{p}"\n' for p in PLAYERS)
    (folder / "game.toml").write_text(
        '[game]\ntitle = "Бенчмарк"\nrules = "red-blue"\ntimezone = "Europe/Moscow"\ngm = ["Ведущий"]\n\n'
        f"{roster}\n[[days]]\nnumber = 1\ndeadline = 2026-11-29T20:00:00+03:00\n", encoding="utf-8")
    return no
