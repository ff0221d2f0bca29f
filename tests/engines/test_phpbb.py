"""phpBB 3 (NAME "phpbb3"): prosilver 3.0–3.3 and subsilver2, English and Russian.

Corpus: phpbb/nettally-phpbb.html, prosilver 3.0 English (ILovePhilosophy), page 2 of 10
(start=25). Verified by eye against the page: 25 posts numbered 26–50; authors Jakob,
promethean75, Urwrongx1000, Artimas, Silhouette; 2 edit notices, both by Jakob: post 31
(p2729877, "on Sun May 26, 2019 5:35 pm, edited 2 times") and post 33 (p2729880, "5:42 pm,
edited 1 time"); quotes (blockquote/cite) and signatures (div.signature) are not in the text;
post 41 (p2729894) is a quote plus images only, so its text is empty. The footer says "All
times are UTC [ DST ]": the zone is UTC+1, so the test reads it in Etc/GMT-1.

Fixtures written from phpBB's templates and the Russian pack (rxu/Olympusrupack):
- prosilver33-ru-time.html: 3.3 prosilver, `<time datetime>` in UTC (3.2.9+) while the text
  says "Сегодня, 19:45"; page 2 by the canonical link (start=25); admin "Ведущий" coloured
  #AA0000 in the author line, in a quote cite and in an edit notice (a moderator's edit with a
  reason); s9e colours `style="color:#FF0000"`; line-through span; sp-head spoiler; signature
  with a "vote".
- prosilver30-ru-text.html: 3.0 prosilver, text times "28 ноя 2026, 14:03", "Вчера, 23:10",
  "Сегодня, 19:45" (no attribute), "Последний раз редактировалось Вася 29 ноя 2026, 19:50,
  всего редактировалось 1 раз.", 3.0 blockquote/cite "писал(а)", <s>, an uncited quote.
- subsilver2-ru.html: 3.0 subsilver2 (tables, b.postauthor coloured for the admin,
  "Добавлено:"), page 2 (form action start=3), quotetitle/quotecontent quote, signature in a
  second div.postbody after "_________________", edit notices in span.gensmall.
Saved "now" for the relative dates: 2026-11-29 20:10 Moscow.
"""

from __future__ import annotations

from datetime import datetime

import pytest

from conftest import FIXTURES, check_golden, corpus_page, posts_json
from votecount.read import pages

DIR = FIXTURES / "engines" / "phpbb3"
SAVED = datetime.fromisoformat("2026-11-29T20:10:00+03:00")
NAMES = ["prosilver33-ru-time", "prosilver30-ru-text", "subsilver2-ru"]
CORPUS_PAGE = "phpbb/nettally-phpbb.html"


def load(name: str) -> list[dict]:
    return posts_json(DIR / f"{name}.html", tz="Europe/Moscow", saved_at=SAVED)


def by_no(posts: list[dict]) -> dict[int, dict]:
    return {p["post_no"]: p for p in posts}


def doc(name: str):
    return pages.tree((DIR / f"{name}.html").read_bytes())


@pytest.mark.parametrize("name", NAMES)
def test_golden(name, update_goldens):
    check_golden(load(name), DIR / f"{name}.posts.json", update_goldens)


def test_corpus_golden(update_goldens):
    posts = posts_json(corpus_page(CORPUS_PAGE), tz="Etc/GMT-1")
    check_golden(posts, DIR / "nettally-phpbb.posts.json", update_goldens)


def test_corpus_facts():
    posts = by_no(posts_json(corpus_page(CORPUS_PAGE), tz="Etc/GMT-1"))
    assert sorted(posts) == list(range(26, 51))
    assert {p["author"] for p in posts.values()} == {
        "Jakob", "promethean75", "Urwrongx1000", "Artimas", "Silhouette"}
    edited = {n: (p["edited_by"], p["edited_at"], p["edit_count"]) for n, p in posts.items() if p["edited"]}
    assert edited == {31: ("Jakob", "2019-05-26T17:35:00+01:00", 2),
                      33: ("Jakob", "2019-05-26T17:42:00+01:00", 1)}
    assert posts[26]["post_id"] == "2729870" and posts[26]["author_id"] == "5996"
    assert posts[26]["time"] == "2019-05-26T16:34:00+01:00"
    assert "Last edited" not in posts[31]["text"]
    assert "For behold" not in posts[41]["text"]  # signature
    assert "determinism determines itself free" not in posts[41]["text"]  # quote
    assert "Silhouette wrote" not in posts[45]["text"]


def test_prosilver33_time_attribute_colours_and_edits():
    posts = by_no(load("prosilver33-ru-time"))
    assert sorted(posts) == [26, 27, 28, 29, 30]  # canonical start=25
    assert [p["author"] for p in posts.values()] == [
        "Ведущий", "Вася Пупкин 2", "Анноушка", "Петя", "Игрок 17"]
    assert posts[27]["author_id"] == "57"
    # the <time datetime> instant wins over the text "Сегодня, 19:45"; seconds kept
    assert posts[27]["time"] == "2026-11-29T16:45:12+00:00"
    assert posts[27]["text"] == "Анноушка"  # the signature's "Петя" vote is not in the body
    assert '<span style="color:#FF0000">Анноушка</span>' in posts[27]["html"]
    anna = posts[28]
    assert anna["text"] == "Ну-ну. Тогда я передумала:\nВася Пупкин 2"  # quote and struck "Петя" gone
    assert '<span style="color:#0000FF">Вася Пупкин 2</span>' in anna["html"]
    petya = posts[29]
    assert (petya["edited"], petya["edited_by"], petya["edited_at"], petya["edit_count"]) == (
        True, "Петя", "2026-11-29T19:55:00+03:00", 1)
    assert "Мои подозрения" not in petya["text"]  # spoiler title
    assert "Голосуем" not in petya["text"]  # the quoted GM post
    assert "Последний раз" not in petya["text"]
    player = posts[30]
    assert (player["edited_by"], player["edited_at"], player["edit_count"]) == (
        "Ведущий", "2026-11-29T20:05:00+03:00", 2)
    assert "опечатка" not in player["text"]


def test_prosilver30_russian_text_times():
    posts = by_no(load("prosilver30-ru-text"))
    assert sorted(posts) == [1, 2, 3, 4]  # form action start=0
    assert posts[1]["time"] == "2026-11-28T14:03:00+03:00"
    assert posts[2]["time"] == "2026-11-28T23:10:00+03:00"  # "Вчера, 23:10"
    assert posts[3]["time"] == "2026-11-29T19:45:00+03:00"  # "Сегодня, 19:45"
    vasya = posts[2]
    assert (vasya["edited_by"], vasya["edited_at"], vasya["edit_count"]) == (
        "Вася", "2026-11-29T19:50:00+03:00", 1)
    assert vasya["text"] == "Ёжик в тумане"  # notice and signature ("Ада Вонг") not in the body
    hedgehog = posts[3]
    assert hedgehog["author"] == "Ёжик в тумане"
    assert hedgehog["text"] == "Это ошибка! Мой голос: Вася"  # quote and <s>Вася</s> dropped
    assert "<s>" not in hedgehog["html"] and "писал" not in hedgehog["text"]
    assert posts[4]["author"] == "Player 2 Ready"
    assert posts[4]["text"] == "Ёжик в тумане"  # uncited quote with a blue vote dropped


def test_relative_text_time_without_saved_moment_is_an_error():
    from zoneinfo import ZoneInfo

    from votecount.engines import phpbb
    from votecount.errors import ParseError
    from votecount.model import Page

    with pytest.raises(ParseError, match="Вчера, 23:10.*saved-at"):
        phpbb.ENGINE.posts(doc("prosilver30-ru-text"), Page(source="f.html", number=1, tz=ZoneInfo("Europe/Moscow")))


def test_subsilver2():
    posts = by_no(load("subsilver2-ru"))
    assert sorted(posts) == [4, 5, 6]  # form name=viewtopic action start=3
    assert [p["author"] for p in posts.values()] == ["Ведущий", "Мистер Икс 3000", "Кеша Второй"]
    assert [p["author_id"] for p in posts.values()] == ["2", "81", "82"]
    assert posts[4]["time"] == "2026-11-29T18:00:00+03:00"
    x = posts[5]
    assert x["text"] == "Кеша Второй"  # the signature's red "Ведущий" is not in the body
    assert (x["edited_by"], x["edited_at"], x["edit_count"]) == ("Мистер Икс 3000", "2026-11-29T19:50:00+03:00", 1)
    k = posts[6]
    assert k["text"] == "Не я!\nМистер Икс 3000"  # quotetitle/quotecontent and struck text gone
    assert '<span style="color: blue">Мистер Икс 3000</span>' in k["html"]
    assert (k["edited_by"], k["edit_count"]) == ("Ведущий", 2)
    assert "Ведущий клуба" not in posts[4]["text"]


def test_admin_colour_never_in_a_body():
    every = [p for name in NAMES for p in load(name)]
    every += posts_json(corpus_page(CORPUS_PAGE), tz="Etc/GMT-1")
    assert not [p["post_id"] for p in every if "aa0000" in p["html"].lower()]


def test_next_page_and_title():
    from votecount.engines import phpbb

    assert phpbb.ENGINE.next_page(doc("subsilver2-ru")) == "./viewtopic.php?f=3&t=15&start=6"
    assert phpbb.ENGINE.title(doc("subsilver2-ru")) == "Мафия №8: голосование"
    assert phpbb.ENGINE.next_page(doc("prosilver33-ru-time")) is None  # last page
    assert phpbb.ENGINE.title(doc("prosilver33-ru-time")) == "Мафия №12: день 2 — голосование"
    corpus = pages.tree(corpus_page(CORPUS_PAGE).read_bytes())
    assert phpbb.ENGINE.next_page(corpus) == "./viewtopic.php?f=1&t=194998&start=50"
    assert phpbb.ENGINE.title(corpus) == "Biological Will"

# Detection (this engine for its pages, no other engine for them, no page of another engine
# taken for this one): tests/engines/test_detection.py, over every fixture and corpus page.


# ---------------------------------------------------------------- styles of phpBB's own code only

AIRLINERS = "phpbb/harvest-airliners-phpbb3-slick-t1437935.html"
MIRRORED = DIR / "viewtopic.php@f=261&t=2720.html"  # built by make_httrack_fr.py


def test_commercial_style_anchor_on_its_own_element_golden(update_goldens):
    """airliners.net's slickthemes "canvas" (phpBB 3.2+): `div.post.has-profile` without an
    id, the anchor `<a class="st-anchor" id="pN">` inside it, no author in `p.author`: read by
    phpBB's own post ids and profile links. 50 posts (MANIFEST.md)."""
    posts = posts_json(corpus_page(AIRLINERS), tz="Etc/GMT-1")
    assert len(posts) == 50 and [p["post_no"] for p in posts] == list(range(1, 51))
    assert (posts[0]["post_id"], posts[0]["author"], posts[0]["author_id"]) == ("21893151", "qf789", "406033")
    assert posts[0]["time"] == "2019-12-31T14:22:00+01:00" and not any(p["edited"] for p in posts)
    check_golden(posts, DIR / "harvest-airliners-phpbb3-slick-t1437935.posts.json", update_goldens)


def test_copier_mirrored_custom_style_reads_by_phpbbs_own_urls(update_goldens):
    """A French phpBB 3.0 page as a site copier mirrors it with a custom style's classes:
    posts by the ids `pN` and the profile links, time from the permalink's line."""
    posts = posts_json(MIRRORED, tz="Europe/Paris")
    assert [(p["post_id"], p["author"], p["author_id"]) for p in posts] == [
        ("10168", "fltlgt", "6344"), ("10172", "Modérateur", "57"),
        ("11712", "cornelia23433", "7406"), ("11715", "Modérateur", "57")]
    assert posts[0]["time"] == "2017-10-29T16:46:00+01:00"  # "par fltlgt » Dim 29 Oct 2017 16:46"
    assert posts[0]["url"] == "viewtopic.php@p=10168.html#p10168"
    assert [p["edited"] for p in posts] == [False, False, True, False]
    check_golden(posts, DIR / "viewtopic.php@f=261&t=2720.posts.json", update_goldens)
