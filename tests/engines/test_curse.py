"""Curse "Elevated" forums (MTG Salvation).

Corpus: curse-elevated/ecophagy-mtgs-unreliable-cops-mafia-all.html, a real forum-mafia game.
Verified by hand against the page: 50 posts (`div.p-comment-post[data-id]`, ids
15524109…15525029, printed #1…#50), 7 distinct authors with member ids; times from
`abbr[data-epoch]` (the visible text has only the day); 4 "Last edited by tomsloger" notices on
#1, #2, #3, #8 (21:24:44, 20:30:17, 21:24:14 CST on 10 Nov and 00:49:57 CST on 11 Nov 2016);
quotes (`blockquote.source-quote`, "Quote from X »") in 14 posts, all removed; signatures
are outside the body. Bold votes: #11 "Vote GJ", #12 "Vote Zomg", #13 "Vote Anak", #16 "Vote
D_V", #19 "Vote ZomG", #22 "Vote D_V", #36 "Vote GJ", #49 "Unvote"; the GM's
#48 "Votecount:" — <strong>/<b> markup kept in html.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from votecount import engines
from conftest import FIXTURES, check_golden, corpus_page, posts_json
from corpus import all_params
from votecount.read import pages

DIR = FIXTURES / "engines" / "curse"
CORPUS_PAGE = "curse-elevated/ecophagy-mtgs-unreliable-cops-mafia-all.html"


def load() -> list[dict]:
    # times are epoch attributes: the zone only matters for text, which this page never needs
    return posts_json(corpus_page(CORPUS_PAGE), tz="America/Chicago")


def test_corpus_golden(update_goldens):
    check_golden(load(), DIR / "ecophagy-mtgs-unreliable-cops-mafia-all.posts.json", update_goldens)


def test_corpus_counts_and_edits():
    posts = load()
    assert len(posts) == 50
    assert [p["post_no"] for p in posts] == list(range(1, 51))
    assert posts[0]["post_id"] == "15524109" and posts[-1]["post_id"] == "15525029"
    assert {p["author"] for p in posts} == {
        "tomsloger", "shadowlancerx", "D_V", "Anaklusmos", "Gentleman Johnny", "Ophidia",
        "Mete0rShower"}
    assert posts[0]["author_id"] == "11134685"
    assert posts[0]["time"] == "2016-11-11T02:21:31+00:00"  # 20:21:31 CST, 10 Nov
    edited = {p["post_no"]: (p["edited_by"], p["edited_at"]) for p in posts if p["edited"]}
    assert edited == {
        1: ("tomsloger", "2016-11-11T03:24:44+00:00"),
        2: ("tomsloger", "2016-11-11T02:30:17+00:00"),
        3: ("tomsloger", "2016-11-11T03:24:14+00:00"),
        8: ("tomsloger", "2016-11-11T06:49:57+00:00"),
    }


def test_quotes_removed_bold_votes_kept():
    posts = {p["post_no"]: p for p in load()}
    assert posts[11]["text"].startswith("Vote GJ")
    assert "<strong>Vote GJ</strong>" in posts[11]["html"]
    # #14 quotes D_V's "Vote GJ": the quote (and its "Quote from" header) must be gone
    assert "Vote GJ" not in posts[14]["text"] and "Quote from" not in posts[14]["text"]
    assert posts[14]["text"] == "Sorry buddy. I rolled my lifetime supply of scum games."
    assert all("Quote from" not in p["text"] for p in posts.values())
    assert all("source-quote" not in p["html"] for p in posts.values())
    assert "<strong>Unvote</strong>" in posts[49]["html"]
    bold = {n: p for n, p in posts.items() if "<strong>Vote " in p["html"]}
    assert sorted(bold) == [11, 12, 13, 16, 19, 22, 36]
    assert sum("<blockquote" in p["html"] for p in posts.values()) == 0
    # signatures (e.g. tomsloger's "Perfect Hand Magic") are not in the body
    assert "Perfect Hand Magic" not in posts[1]["text"]
    # the GM's colour markup survives in html
    assert 'style="color:#f00"' in posts[1]["html"]


def test_detected_as_curse_only():
    doc = pages.tree(corpus_page(CORPUS_PAGE).read_bytes())
    assert engines.detect(doc).NAME == "curse"
    assert [p.NAME for p in engines.PARSERS if p.detect(doc, None)] == ["curse"]


@pytest.mark.parametrize("path", all_params(but="curse"))
def test_not_detected_elsewhere(path):
    from votecount.engines import curse

    assert not curse.ENGINE.detect(pages.tree(path.read_bytes()), None)


def test_title_and_next_page():
    from votecount.engines import curse

    doc = pages.tree(corpus_page(CORPUS_PAGE).read_bytes())
    assert curse.ENGINE.title(doc) == "Unreliable Cops Mafia - Game Over - Mafia Victory"
    assert curse.ENGINE.next_page(doc).endswith("762585-unreliable-cops-mafia-game-over-mafia-victory?page=2")
