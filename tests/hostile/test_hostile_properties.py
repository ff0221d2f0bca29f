"""Properties of the whole count (pages → parser → ballots → nicks → tally), over random vote
threads in mybb.ru markup under both presets:

- the order pages are given in, and how the thread is cut into pages, never change the count;
- re-saving pages in another charset (windows-1251, KOI8-R, UTF-16, undeclared 1251) never does;
- quotes that contain votes, added to posts, never do;
- posts by people who are not players, added anywhere, never change the players' count;
- every ballot in the input is accounted for: counted (and then in the tally), superseded by a
  later ballot of the same voter, or rejected with a reason.
"""

from __future__ import annotations

import tempfile
from datetime import datetime, timedelta
from pathlib import Path

from hypothesis import HealthCheck, given, settings, strategies as st

from hostile_kit import encode, essence, quote, thread_pages
from threadkit import blue, game_toml, red

NICKS = ["Вася", "Петя", "Маша", "Коля", "Оля Смирнова"]
START = datetime(2026, 11, 29, 9, 0, 0)
PROPERTY = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def stamp(minutes: int) -> str:
    return (START + timedelta(minutes=minutes)).strftime("%Y-%m-%d %H:%M:%S")


BODIES = {"red": red, "blue": blue, "plain": str,
          "prefix": lambda n: f"Голосую против {n}", "words": lambda n: f"{n} КРАСНЫМ"}


@st.composite
def vote_threads(draw):
    """(preset, posts): the GM's opening post, then 1–12 posts by players, some of them votes
    (in red, blue, plain, with a prefix or a colour word), some chatter, a few after the
    20:00 deadline."""
    preset = draw(st.sampled_from(["classic", "red-blue"]))
    posts, minute = [("Ведущий", stamp(0), "День 1. Голосуем до 20:00.")], 0
    for _ in range(draw(st.integers(1, 12))):
        minute += draw(st.integers(0, 150))
        voter = draw(st.sampled_from(NICKS))
        if draw(st.integers(0, 5)) == 0:
            body = "Думаю, кто-то из вас врёт, но пока не скажу кто именно."
        else:
            body = BODIES[draw(st.sampled_from(sorted(BODIES)))](draw(st.sampled_from(NICKS)))
        posts.append((voter, stamp(minute), body))
    return preset, posts


def count_pages(pages: list[bytes], preset: str, names: list[str] | None = None):
    """Write the pages into a fresh folder and count them as the CLI does."""
    from votecount.api import CountRequest, run
    from votecount.render.json_out import day_dict

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp, "thread")
        folder.mkdir()
        for i, data in enumerate(pages):
            (folder / (names[i] if names else f"page{i + 1}.html")).write_bytes(data)
        game = Path(tmp, "game.toml")
        game.write_text(game_toml(NICKS, rules=preset), encoding="utf-8")
        results = run(CountRequest((str(folder),), game=str(game), lang="en"))
        return [day_dict(r) for r in results]


def baseline(preset, posts):
    return count_pages([thread_pages(posts, 1000)[0].encode("utf-8")], preset)


@PROPERTY
@given(vote_threads(), st.integers(1, 5), st.randoms(use_true_random=False))
def test_page_order_and_cuts_never_change_the_count(thread, per_page, rnd):
    preset, posts = thread
    pages = [p.encode("utf-8") for p in thread_pages(posts, per_page)]
    names = [f"p{i}.html" for i in range(len(pages))]
    rnd.shuffle(names)  # page k is saved under a name that sorts anywhere
    assert essence(count_pages(pages, preset, names)) == essence(baseline(preset, posts))


@PROPERTY
@given(vote_threads(), st.integers(1, 5), st.data())
def test_charsets_never_change_the_count(thread, per_page, data):
    preset, posts = thread
    pages = thread_pages(posts, per_page)
    charsets = data.draw(st.lists(st.sampled_from(["utf-8", "windows-1251", "koi8-r", "utf-16", ""]),
                                  min_size=len(pages), max_size=len(pages)))
    resaved = [encode(p, cs) for p, cs in zip(pages, charsets)]
    assert essence(count_pages(resaved, preset)) == essence(baseline(preset, posts))


@PROPERTY
@given(vote_threads(), st.data())
def test_quoted_votes_never_change_the_count(thread, data):
    preset, posts = thread
    quoted = [posts[0]]
    for author, when, body in posts[1:]:
        if data.draw(st.booleans()):
            quoted_author = data.draw(st.sampled_from(NICKS))
            vote = BODIES[data.draw(st.sampled_from(sorted(BODIES)))](data.draw(st.sampled_from(NICKS)))
            before = data.draw(st.booleans())
            body = quote(quoted_author, vote) + body if before else body + quote(quoted_author, vote)
        quoted.append((author, when, body))
    got = count_pages([thread_pages(quoted, 1000)[0].encode("utf-8")], preset)
    assert essence(got) == essence(baseline(preset, posts))


def players_only(days):
    """The count as it concerns the players: ballots and violations of non-players set aside."""
    out = essence(days)
    for day in out:
        day["ballots"] = [b for b in day["ballots"] if b[0] in NICKS]
        day["violations"] = [v for v in day["violations"] if v[1] in NICKS]
    return out


@PROPERTY
@given(vote_threads(), st.data())
def test_posts_by_non_players_never_change_the_count(thread, data):
    preset, posts = thread
    crowded = [posts[0]]
    for post in posts[1:]:
        if data.draw(st.booleans()):  # a spectator posts (at the same minute) before this post
            who = data.draw(st.sampled_from(["Зритель", "Гость_1", "Ведущий второй", "Васяня"]))
            body = BODIES[data.draw(st.sampled_from(sorted(BODIES)))](data.draw(st.sampled_from(NICKS)))
            crowded.append((who, post[1], body))
        crowded.append(post)
    got = count_pages([thread_pages(crowded, 1000)[0].encode("utf-8")], preset)
    assert players_only(got) == players_only(baseline(preset, posts))
    # …and each of the spectators' ballots is there, rejected as not a player's
    for b in got[0]["ballots"]:
        if b["voter"] not in NICKS:
            assert b["status"] == "rejected" and b["violations"] == ["not_a_player"]


@PROPERTY
@given(vote_threads())
def test_every_ballot_is_accounted_for(thread):
    preset, posts = thread
    day = baseline(preset, posts)[0]
    by_post = {b["post_id"]: b for b in day["ballots"]}
    assert len(by_post) == len(day["ballots"]), "a post gave two ballots"
    in_tally = {v["post_id"] for row in day["tally"] for v in row["votes"]}
    chatter = {v["post_id"] for v in day["violations"] if v["code"] == "extra_text"}
    for no, (author, when, body) in enumerate(posts[1:], 2):
        post_id = str(100 + no)
        b = by_post.get(post_id)
        if b is None:  # not a ballot: only chatter, reported as such unless after the deadline
            late = when >= "2026-11-29 20:00:00"
            assert "врёт" in body and (post_id in chatter or late), f"post {no} ({body!r}) is unaccounted for"
            continue
        assert b["voter"] == author
        assert b["status"] in ("counted", "superseded", "rejected")
        if b["status"] == "rejected":
            assert b["violations"], f"post {no} rejected without a reason"
        elif b["status"] == "counted" and b["kind"] == "vote":
            assert post_id in in_tally, f"post {no} counted but not in the tally"
        elif b["status"] == "superseded":
            later = [x for x in day["ballots"] if x["voter"] == author and x["post_no"] > no
                     and x["status"] == "counted"]
            assert later, f"post {no} superseded by nothing"
    # and nothing is in the tally that is not a counted ballot or a penalty
    counted_ids = {b["post_id"] for b in day["ballots"] if b["status"] == "counted"}
    assert in_tally <= counted_ids | {None}
