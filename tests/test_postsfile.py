"""Posts files as a THREAD (votecount/read/postsfile.py; CONTRACT.md "THREAD"): the JSON array that
`votecount posts --format json` writes, or JSON Lines of the same objects.

The round trip is the contract that matters: counting the posts file of a thread gives the
count of the thread, for every page of ../shared/corpus and every whole-game fixture.
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import ROOT
from corpus import corpus_params

from votecount.errors import InputError
from votecount.read.pipeline import read_thread
from votecount.read.postsfile import clean, post_of
from votecount.render.posts import post_dict, to_json

MSK = ZoneInfo("Europe/Moscow")
GAMES = ROOT / "tests" / "fixtures" / "games"
COMPARED = ("post_id", "post_no", "page", "author", "author_id", "time", "edited", "edited_by",
            "edited_at", "edit_count", "html", "text", "url")


def _fields(post) -> dict:
    return {k: post_dict(post)[k] for k in COMPARED}


def _write(tmp_path: Path, posts, name="posts.json") -> str:
    path = tmp_path / name
    path.write_text(to_json(posts), encoding="utf-8")
    return str(path)


def _days(thread_arg: str, game: Path | None, engine: str | None = None) -> list[dict]:
    from votecount.api import count_thread
    from votecount.count.game import load
    from votecount.render.json_out import day_dict
    g = load(str(game)) if game else None
    tz = g.tz if g else MSK
    thread = read_thread(thread_arg, tz=tz, engine=engine)
    out = []
    for r in count_thread(thread, g, tz):
        d = day_dict(r)
        d.pop("thread")  # pages, engine, title: a posts file has no pages (nor a thread title)
        d.pop("game_title")
        d.pop("now", None)  # an open day's "now": a page may say when it was saved, a posts file cannot
        out.append(json.loads(json.dumps(d, sort_keys=True).replace(thread_arg, "<thread>")))
    return out


@pytest.mark.parametrize("path", corpus_params("read"))  # a page not read yet: a strict xfail
def test_posts_file_of_a_corpus_page_reads_back_as_the_same_posts_and_count(path, tmp_path):
    page = str(path)
    thread = read_thread(page, tz=MSK)
    posts_file = _write(tmp_path, thread.posts)
    again = read_thread(posts_file, tz=MSK)
    for a, b in zip(thread.posts, again.posts, strict=True):
        assert _fields(a) == _fields(b)
    assert _days(posts_file, None) == _days_of(page, posts_file)


def _days_of(page: str, posts_file: str) -> list[dict]:
    """The count of the page, its source named as the posts file's is (only the label differs)."""
    return [json.loads(json.dumps(d).replace(json.dumps(page)[1:-1], posts_file)) for d in _days(page, None)]


@pytest.mark.parametrize("name", ["bold-vote", "classic", "pass-catastrophe", "red-blue"])
def test_posts_file_of_a_game_counts_as_the_game(name, tmp_path):
    from votecount.count.game import load
    folder = GAMES / name
    thread = read_thread(str(folder / "thread.html"), tz=load(str(folder / "game.toml")).tz)
    posts_file = _write(tmp_path, thread.posts)
    got = _days(posts_file, folder / "game.toml")
    want = _days(str(folder / "thread.html"), folder / "game.toml")
    text = json.dumps(want).replace(json.dumps(str(folder / "thread.html"))[1:-1], posts_file)
    assert got == json.loads(text)


def test_json_lines_read_as_the_array(tmp_path):
    folder = GAMES / "bold-vote"
    thread = read_thread(str(folder / "thread.html"), tz=MSK)
    lines = tmp_path / "posts.jsonl"
    lines.write_text("".join(json.dumps(post_dict(p)) + "\n" for p in thread.posts), encoding="utf-8")
    array = read_thread(_write(tmp_path, thread.posts), tz=MSK)
    jsonl = read_thread(str(lines), tz=MSK)
    assert [post_dict(p) for p in jsonl.posts] == [{**post_dict(p), "url": p.url} for p in array.posts]


def _record(**changes) -> dict:
    base = {"post_no": 3, "author": "Alice", "time": "2026-11-30T10:00:00+00:00",
            "html": "<b>VOTE: Bob</b>"}
    base.update(changes)
    return {k: v for k, v in base.items() if v is not ...}


@pytest.mark.parametrize("changes, field, why", [
    ({"post_no": ...}, "post_no", "is missing"),
    ({"post_no": "3"}, "post_no", "must be a whole number"),
    ({"post_no": 0}, "post_no", "must be a whole number"),
    ({"author": ...}, "author", "is missing"),
    ({"author": "  "}, "author", "is empty"),
    ({"time": "2026-11-30T10:00:00"}, "time", "has no UTC offset"),
    ({"time": "yesterday"}, "time", "is not an ISO 8601 time"),
    ({"html": ...}, "html", "is missing"),
    ({"html": 5}, "html", "must be a string"),
    ({"edited": "yes"}, "edited", "must be true or false"),
])
def test_a_bad_record_is_one_line_naming_file_line_and_field(tmp_path, changes, field, why):
    good = _record(post_no=1)
    path = tmp_path / "posts.jsonl"
    path.write_text(json.dumps(good) + "\n\n" + json.dumps(_record(**changes)) + "\n", encoding="utf-8")
    with pytest.raises(InputError) as err:
        read_thread(str(path), tz=MSK)
    message = str(err.value)
    assert message.startswith(f"{path}: line 3: field '{field}' {why}")
    assert "\n" not in message


def test_a_bad_record_in_an_array_names_the_line_it_starts_on(tmp_path):
    path = tmp_path / "posts.json"
    path.write_text(json.dumps([_record(post_no=1), _record(time="soon")], indent=2), encoding="utf-8")
    with pytest.raises(InputError, match=r"posts\.json: line 8: field 'time' is not an ISO 8601"):
        read_thread(str(path), tz=MSK)


def test_broken_json_names_the_line(tmp_path):
    path = tmp_path / "posts.jsonl"
    path.write_text(json.dumps(_record(post_no=1)) + "\n{\"post_no\": 2,\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"posts\.jsonl: line 2: not JSON"):
        read_thread(str(path), tz=MSK)


def test_the_cli_refuses_a_bad_posts_file_with_exit_2(tmp_path):
    from typer.testing import CliRunner
    from votecount.cli.commands import app
    path = tmp_path / "posts.jsonl"
    path.write_text(json.dumps(_record(author=...)) + "\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["count", str(path)])
    assert result.exit_code == 2
    assert f"{path}: line 1: field 'author' is missing" in result.output
    assert "Traceback" not in result.output


def test_generic_cleaning_drops_quotes_struck_text_spoiler_titles_and_signatures():
    html, text = clean('<blockquote><cite>Bob wrote:</cite><b>VOTE: Carol</b></blockquote>'
                       '<s>VOTE: Dave</s><span style="text-decoration: line-through">vote Eve</span>'
                       '<div class="spoiler-title">VOTE: Fay</div>'
                       '<b>VOTE: Alice</b><div class="signature">vote Greg</div>', None)
    assert text == "VOTE: Alice"
    assert "Carol" not in html and "Greg" not in html


def test_engine_cleaning_uses_that_engines_drop_lists():
    # phpBB's subsilver2 quote box is no generic quote; the phpbb3 engine knows it.
    body = '<div class="quotetitle">Bob wrote:</div><div class="quotecontent"><b>vote Carol</b></div><b>vote Al</b>'
    assert clean(body, "phpbb3")[1] == "vote Al"
    mybb_spoiler = '<div class="spoiler_header">VOTE: X</div><b>vote Al</b>'
    assert clean(mybb_spoiler, "mybb")[1] == "vote Al"


def test_a_quoted_vote_in_a_posts_file_is_no_ballot(tmp_path):
    from votecount.api import count_thread
    from votecount.count.game import parse
    posts = [_record(post_no=1, author="GM", html="Day 1 begins."),
             _record(post_no=2, author="Alice", html="<blockquote><b>VOTE: Carol</b></blockquote>I agree"),
             _record(post_no=3, author="Bob", html='<span class="bbvote" title="This is an official vote.">'
                                                    "VOTE: Alice</span>")]
    path = tmp_path / "posts.jsonl"
    path.write_text("".join(json.dumps(p) + "\n" for p in posts), encoding="utf-8")
    game = parse('[game]\nrules = "bold-vote"\ntimezone = "UTC"\ngm = ["GM"]\n'
                 '[[players]]\nnick = "Alice"\n[[players]]\nnick = "Bob"\n[[players]]\nnick = "Carol"\n')
    [day] = count_thread(read_thread(str(path), tz=ZoneInfo("UTC")), game, ZoneInfo("UTC"))
    assert {r.candidate: r.score for r in day.tally} == {"Alice": 1}


_nicks = st.text(st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=20).filter(str.strip)


@settings(max_examples=60, deadline=None)
@given(post_no=st.integers(1, 10**6), author=_nicks,
       minutes=st.integers(-10**6, 10**6), offset=st.integers(-14 * 60, 14 * 60),
       words=st.text(st.characters(blacklist_categories=("Cs", "Cc")), max_size=40),
       edited=st.booleans(), post_id=st.one_of(st.none(), st.integers(1, 10**9)))
def test_any_valid_record_reads_as_its_fields(post_no, author, minutes, offset, words, edited, post_id):
    import html as html_mod
    when = datetime(2026, 11, 30, tzinfo=timezone(timedelta(minutes=offset))) + timedelta(minutes=minutes)
    record = {"post_no": post_no, "author": author, "time": when.isoformat(), "edited": edited,
              "html": f"<b>{html_mod.escape(words)}</b>"}
    if post_id is not None:
        record["post_id"] = post_id
    post = post_of(record, "f: line 1", "f", None)
    assert (post.post_no, post.author, post.time, post.edited) == (post_no, author.strip(), when, edited)
    assert post.post_id == (str(post_id) if post_id is not None else str(post_no))
    assert post.text == " ".join(words.split()) or not words.strip()


@pytest.mark.parametrize("space", ["\u1680", "\u2003", "\u3000", "\xa0", "\x85", "\u2028"])
def test_unicode_spaces_in_a_body_are_spaces_in_its_text(space):
    """A body's text folds every Unicode space (not only ASCII and no-break) to one space, as
    the hypothesis test above expects (it found U+1680, the Ogham space mark)."""
    post = post_of({"post_no": 1, "author": "x", "time": "2026-11-30T00:00:00+00:00",
                    "html": f"<b>0{space}0</b>"}, "f: line 1", "f", None)
    assert post.text == "0 0"
