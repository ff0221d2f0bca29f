"""One bad post is that post's problem, not the thread's (issue 26, item 2): a post whose time
the page does not show is kept with its time unknown and one warning naming it; the count never
places it in a day — its ballot is shown, not counted, and a day it may fall in says so (a
violation: `--strict` exits 1). A page where no post shows a time is refused with one line."""

from __future__ import annotations

import pytest
from zoneinfo import ZoneInfo

from threadkit import ballot_of, codes, count, page, scores
from votecount.errors import ParseError
from votecount.messages import note_text
from votecount.read.pipeline import read_thread

PLAYERS = ["Вася", "Петя", "Маша"]


def test_a_post_without_a_time_is_kept_with_one_warning(tmp_path):
    f = tmp_path / "t.html"
    f.write_text(page([("Ведущий", "2026-11-29 10:00:00", "День 1"),
                       ("Вася", "", "Петя"),
                       ("Петя", "2026-11-29 12:00:00", "Вася")]), encoding="utf-8")
    thread = read_thread([str(f)], tz=ZoneInfo("Europe/Moscow"))
    assert [p.post_no for p in thread.posts] == [1, 2, 3]
    assert [p.time_known for p in thread.posts] == [True, False, True]
    assert thread.posts[1].time == thread.posts[0].time  # its place in the order only
    notes = [n for n in thread.warnings if n.code == "warning.post_time_unknown"]
    assert len(notes) == 1
    text = note_text(notes[0], "en")
    assert "post 2 (id 102)" in text and "t.html" in text
    assert note_text(notes[0], "ru")


def test_a_page_where_no_post_shows_a_time_is_refused_with_one_line(tmp_path):
    f = tmp_path / "guest.html"
    f.write_text(page([("Вася", "", "Петя"), ("Петя", "", "Вася")]), encoding="utf-8")
    with pytest.raises(ParseError, match="guest.html: no post on the page shows a readable post time"):
        read_thread([str(f)], tz=ZoneInfo("Europe/Moscow"))


def test_its_ballot_in_a_day_is_shown_not_counted_and_the_day_says_so(tmp_path):
    posts = [("Ведущий", "2026-11-29 10:00:00", "День 1"),
             ("Вася", "", "Петя"),
             ("Петя", "2026-11-29 12:00:00", "Вася"),
             ("Маша", "2026-11-29 13:00:00", "Вася")]
    [day] = count(tmp_path, posts, PLAYERS)
    [b] = ballot_of(day, "Вася")
    assert b["status"] == "rejected"
    assert ("time_unknown", "Вася") in codes(day)
    assert "check it by hand" in " ".join(v["message"] for v in day["violations"])
    assert scores(day).get("Петя", 0) == 0  # Вася's ballot is not counted


def test_a_post_placed_outside_every_day_by_its_neighbours_is_not_flagged(tmp_path):
    posts = [("Ведущий", "2026-11-29 10:00:00", "День 1"),
             ("Петя", "2026-11-29 12:00:00", "Вася"),
             ("Вася", "2026-11-29 21:00:00", "ночь"),
             ("Вася", "", "Петя"),
             ("Маша", "2026-11-29 22:00:00", "спокойной ночи")]
    [day] = count(tmp_path, posts, PLAYERS)
    assert "time_unknown" not in [c for c, _ in codes(day)]
    assert not [b for b in ballot_of(day, "Вася") if b["post_no"] == 4]


def test_a_gm_post_without_a_time_is_no_violation(tmp_path):
    posts = [("Ведущий", "2026-11-29 10:00:00", "День 1"),
             ("Ведущий", "", "напоминаю о дедлайне"),
             ("Петя", "2026-11-29 12:00:00", "Вася")]
    [day] = count(tmp_path, posts, PLAYERS)
    assert "time_unknown" not in [c for c, _ in codes(day)]


def test_posts_output_says_the_time_is_unknown_and_a_posts_file_reads_it_back(tmp_path):
    """`posts` never prints the stand-in time it orders the post by: JSON null, table "?"; the
    posts file of such a thread reads back with the same posts and the same warning."""
    from votecount.read.pipeline import read_thread as read
    from votecount.render.posts import post_dict, to_json

    f = tmp_path / "t.html"
    f.write_text(page([("Ведущий", "2026-11-29 10:00:00", "День 1"),
                       ("Вася", "", "Петя"),
                       ("Петя", "2026-11-29 12:00:00", "Вася")]), encoding="utf-8")
    thread = read([str(f)], tz=ZoneInfo("Europe/Moscow"))
    assert [post_dict(p)["time"] is None for p in thread.posts] == [False, True, False]
    saved = tmp_path / "posts.json"
    saved.write_text(to_json(thread.posts), encoding="utf-8")
    again = read([str(saved)], tz=ZoneInfo("Europe/Moscow"))
    assert [(p.post_no, p.author, p.time_known) for p in again.posts] == \
        [(p.post_no, p.author, p.time_known) for p in thread.posts]
    assert again.posts[1].time == again.posts[0].time
    assert [n.code for n in again.warnings] == ["warning.post_time_unknown"]
