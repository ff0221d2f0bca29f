"""uCoz forum module (votecount/engines/ucoz.py, NAME "ucoz").

No uCoz page is in the corpus. Fixture ucoz-ru.html follows the default uCoz forum
templates as public scrapers and migration tools of real uCoz forums read them
(`table.postTable`, `td.postTdTop`, `a.postUser`, `a.postNumberLink` whose permalink
`/forum/F-T-N-16-EPOCH` carries the post time, `td.postTdInfo`, `td.posttdMessage`,
`span.ucoz-forum-post#ucoz-forum-post-N`, `span.signatureView`, `div.bbQuoteBlock`,
`div.uSpoilerClosed`, pager `a.swchItem-next`). The edit notice markup
(`div.edited` > `span.editedBy` / `span.editedTime`) is inferred, not seen; its wording
"Сообщение отредактировал X - Воскресенье, 29.11.2026, 19:50" is the one uCoz boards print.
Page 1 of 2, 4 posts numbered 1–4, one edit (post 2), one quote (post 3).
"""

from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

from votecount import engines
from votecount.engines import ucoz
from tests.conftest import FIXTURES, check_golden, corpus_page, posts_json
from votecount.read import pages

HERE = FIXTURES / "engines" / "ucoz"
PAGE = HERE / "ucoz-ru.html"
MSK = ZoneInfo("Europe/Moscow")


def doc_of(path: Path):
    return pages.tree(path.read_bytes(), str(path))


def by_no(data: list[dict]) -> dict[int, dict]:
    return {p["post_no"]: p for p in data}


def test_golden(update_goldens):
    check_golden(posts_json(PAGE), HERE / "ucoz-ru.posts.json", update_goldens)


def test_facts():
    data = posts_json(PAGE)
    posts = by_no(data)
    assert list(posts) == [1, 2, 3, 4]
    assert [p["post_id"] for p in data] == ["3301", "3310", "3311", "3312"]
    assert [p["author"] for p in data] == ["Ведущий", "Вася 2", "Петя Иванов", "Ivan 1986"]
    assert all(p["author_id"] is None for p in data)  # the default template links no profile id
    # times from the permalink's epoch: 19:45 MSK = 16:45 UTC
    assert posts[2]["time"] == "2026-11-29T16:45:00+00:00"
    assert posts[2]["url"] == "https://mafia-game.ucoz.ru/forum/2-15-3310-16-1795970700"
    assert posts[2]["edited"] and posts[2]["edited_by"] == "Вася 2"
    assert posts[2]["edited_at"] == "2026-11-29T19:50:00+03:00"  # "Воскресенье, 29.11.2026, 19:50"
    assert posts[2]["text"] == "Против Петя Иванов"
    assert '<span style="color:red">Петя Иванов</span>' in posts[2]["html"]
    assert not any(p["edited"] for n, p in posts.items() if n != 2)
    # quote with a red vote, struck vote, spoiler button, signature: gone; blue vote kept
    assert posts[3]["text"] == "Не я!\nЯ доктор.\nВася 2"
    assert "bbQuoteBlock" not in posts[3]["html"] and "<s>" not in posts[3]["html"]
    assert "uSpoilerButton" not in posts[3]["html"]
    assert '<span style="color:blue"><b>Вася 2</b></span>' in posts[3]["html"]
    for p in data:
        assert "signatureView" not in p["html"] and "мирный житель" not in p["text"]
        assert "Подпись не голос" not in p["text"]


def test_text_time_when_the_permalink_has_no_epoch(tmp_path):
    """Custom templates without the prompt() permalink: the printed text is read instead."""
    raw = PAGE.read_text(encoding="utf-8")
    bare = re.sub(r"-16-\d+", "", raw)
    assert bare != raw
    path = tmp_path / "ucoz-no-epoch.html"
    path.write_text(bare, encoding="utf-8")
    saved = datetime(2026, 11, 29, 20, 5, tzinfo=MSK)
    from_text = posts_json(path, saved_at=saved)
    from_epoch = posts_json(PAGE)
    for a, b in zip(from_text, from_epoch):
        assert datetime.fromisoformat(a["time"]) == datetime.fromisoformat(b["time"])
    assert from_text[3]["time"] == "2026-11-29T19:58:00+03:00"  # "Сегодня, 19:58"


def test_page_links():
    doc = doc_of(PAGE)
    assert ucoz.ENGINE.next_page(doc) == "/forum/2-15-2"
    assert ucoz.ENGINE.title(doc) == "Мафия №3. День 2"


def test_detect():
    assert engines.detect(doc_of(PAGE)) is ucoz.ENGINE
    for other in ("ipb/hustledb-ipb13-ru-2969.html", "ipb/efs-exploitin-ips4-ru-166865-p1.html"):
        assert not ucoz.ENGINE.detect(doc_of(corpus_page(other)))


# ---------------------------------------------------------------- English locale

EN = HERE / "ucoz-en.html"


def test_english_golden(update_goldens):
    check_golden(posts_json(EN), HERE / "ucoz-en.posts.json", update_goldens)


def test_english_facts():
    posts = by_no(posts_json(EN))
    assert [p["author"] for p in posts.values()] == ["Host", "Bob 2", "John Smith", "Вася Пупкин"]
    assert posts[2]["edited"] and posts[2]["edited_by"] == "Bob 2"
    assert posts[2]["edited_at"] == "2026-11-29T19:50:00+03:00"  # "Sunday, 2026-11-29, 7:50 PM"
    assert posts[2]["text"] == "Vote John Smith"
    assert posts[3]["text"] == "Not me!\nI am the doctor.\nВася Пупкин"  # quote, <s>, button gone
    assert '<span style="color:blue"><b>Вася Пупкин</b></span>' in posts[3]["html"]
    assert not any("townie" in p["text"] or "signature" in p["text"] for p in posts.values())


def test_english_text_times(tmp_path):
    bare = re.sub(r"-16-\d+", "", EN.read_text(encoding="utf-8"))
    path = tmp_path / "ucoz-en-no-epoch.html"
    path.write_text(bare, encoding="utf-8")
    posts = by_no(posts_json(path, saved_at=datetime(2026, 11, 29, 20, 5, tzinfo=MSK)))
    assert posts[1]["time"] == "2026-11-28T20:00:00+03:00"  # "Saturday, 2026-11-28, 8:00 PM"
    assert posts[4]["time"] == "2026-11-29T19:58:00+03:00"  # "Today, 7:58 PM"
    assert engines.detect(doc_of(EN)) is ucoz.ENGINE
