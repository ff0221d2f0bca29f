"""mybb.ru family (PunBB-based hosted forums): fixtures written from the engine's markup.

No real mybb.ru vote thread is public, so the pages are engine-faithful fixtures: the bundled
example thread (two pages, one UTF-8 and one windows-1251, relative "Сегодня/Вчера" times, a
SingleFile save date, an edit notice, a quote, a spoiler, a signature, struck text) and a small
page with absolute times and a guest post.
"""

import json
import re
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from votecount import engines
from conftest import ROOT, check_golden, posts_json
from votecount.errors import ParseError
from votecount.read.pages import tree

EXAMPLE = ROOT / "examples" / "zarechnaya"
HERE = Path(__file__).resolve().parent.parent / "fixtures" / "engines" / "mybbru"
MSK = ZoneInfo("Europe/Moscow")


def test_example_thread_golden(update_goldens):
    check_golden(posts_json(EXAMPLE), HERE / "zarechnaya.posts.json", update_goldens)


def test_example_thread_facts():
    posts = {p["post_no"]: p for p in posts_json(EXAMPLE)}
    assert len(posts) == 13 and sorted(posts) == list(range(1, 14))
    assert posts[2]["author"] == "Вася" and posts[2]["author_id"] == "11"
    assert msk(posts[2]["time"]) == "2026-11-28T20:14:33+03:00"  # "Вчера 20:14:33", saved 2026-11-29
    assert msk(posts[12]["time"]) == "2026-11-29T20:00:00+03:00"  # "Сегодня 20:00:00": seconds kept
    assert posts[4]["edited"] and posts[4]["edited_by"] == "Маша"
    assert posts[4]["edited_at"] == "2026-11-28T21:05:10+03:00"
    assert "Отредактировано" not in posts[4]["text"]
    assert posts[7]["text"] == "Ежик"  # the quoted vote for Петя is gone
    assert 'style="color: red"' in posts[7]["html"]
    assert posts[9]["text"] == "Коля"  # struck-through "Вася" is gone
    assert "Спойлер" not in posts[10]["text"] and "без цвета" in posts[10]["text"]
    assert "Подпись" not in posts[2]["text"] and "Даже Ёжику" not in posts[2]["text"]
    assert posts[8]["author"] == "Dimon_88" and posts[7]["author"] == "Оля Смирнова"


def test_windows_1251_page_decodes():
    doc = tree((EXAMPLE / "page2.html").read_bytes())
    assert "Пеятя" in "".join(doc.itertext())


def test_detected_as_mybbru():
    for page in EXAMPLE.glob("*.html"):
        assert engines.detect(tree(page.read_bytes())).NAME == "mybbru"


def msk(iso: str | None) -> str | None:
    """An instant of the JSON as Moscow wall time: data-posted is Unix seconds (UTC)."""
    return datetime.fromisoformat(iso).astimezone(MSK).isoformat() if iso else iso


def without_data_posted(text: str) -> str:
    """The page without `data-posted` (a design script or an older save that lost it): the
    shown relative times must then be read against the save moment."""
    return re.sub(r' data-posted="\d+"', "", text)


def test_relative_time_without_save_moment_is_an_error(tmp_path):
    text = without_data_posted((EXAMPLE / "page1.html").read_text(encoding="utf-8"))
    # Drop the SingleFile comment; read from stdin-like source with no mtime.
    text = text.split("-->", 1)[1]
    from votecount.model import Page
    doc = tree(text.encode("utf-8"))
    with pytest.raises(ParseError, match="saved-at"):
        engines.get("mybbru").posts(doc, Page("page1.html", 1, MSK))


def test_save_moment_overrides_give_other_dates(tmp_path):
    page = tmp_path / "page1.html"
    page.write_text(without_data_posted((EXAMPLE / "page1.html").read_text(encoding="utf-8")),
                    encoding="utf-8")
    posts = posts_json(page, saved_at=datetime(2026, 12, 1, 12, 0, tzinfo=MSK))
    assert posts[1]["time"] == "2026-11-30T20:14:33+03:00"


def test_data_posted_agrees_with_the_shown_times(tmp_path):
    """The fixtures' data-posted epochs and their shown "Вчера 20:14:33" say the same."""
    page = tmp_path / "page1.html"
    page.write_text(without_data_posted((EXAMPLE / "page1.html").read_text(encoding="utf-8")),
                    encoding="utf-8")
    shown = [p["time"] for p in posts_json(page)]
    assert shown == [msk(p["time"]) for p in posts_json(EXAMPLE / "page1.html")]


# ---------------------------------------------------------------- English board language

EN = HERE / "mybbru-en.html"
SAVED_EN = datetime(2026, 11, 29, 21, 5, tzinfo=MSK)


def test_english_golden(update_goldens):
    check_golden(posts_json(EN, saved_at=SAVED_EN), HERE / "mybbru-en.posts.json", update_goldens)


def test_english_facts():
    """5 posts #26–#30 (page 2 of 3); "Yesterday 22:40:15", "Today 09:12:44"; two "Last edited
    by" notices (one relative, one absolute); a quoted red vote, <del>, a spoiler, a signature."""
    posts = {p["post_no"]: p for p in posts_json(EN, saved_at=SAVED_EN)}
    assert sorted(posts) == [26, 27, 28, 29, 30]
    assert [p["author"] for p in posts.values()] == ["Game Master", "Jack 2000", "Мирон", "Lucy Grey", "Game Master"]
    assert msk(posts[27]["time"]) == "2026-11-28T22:40:15+03:00" and posts[27]["author_id"] == "31"
    assert (posts[27]["edited_by"], posts[27]["edited_at"]) == ("Jack 2000", "2026-11-28T22:41:03+03:00")
    assert (posts[30]["edited_by"], posts[30]["edited_at"]) == ("Game Master", "2026-11-29T21:02:30+03:00")
    assert posts[28]["text"] == "Not me. Мирон"  # the quoted red vote and the struck one are gone
    assert '<span style="color: blue">Мирон</span>' in posts[28]["html"]
    assert posts[29]["text"].endswith("Jack 2000") and "Spoiler" not in posts[29]["text"]
    assert "Signatures" not in posts[26]["text"] and "Trust no one" not in posts[27]["text"]
    assert not any("Last edited" in p["text"] for p in posts.values())
    assert engines.detect(tree(EN.read_bytes())).NAME == "mybbru"
    assert engines.get("mybbru").next_page(tree(EN.read_bytes())).endswith("id=41&p=3")


# ---------------------------------------------------------------- verified markup (notes 2.3)

def test_signature_inside_the_content_is_never_a_vote():
    """mybb.ru puts `dl.post-sig` INSIDE `.post-content` (verified on live pages). Вася's
    signature on page 1 names Ёжик in red: neither the text nor the HTML of his post has it,
    so the count (tests/fixtures/games/zarechnaya) has Ёжик with Оля's one red vote only."""
    posts = {p["post_no"]: p for p in posts_json(EXAMPLE)}
    assert "Ёжик" not in posts[2]["text"] and "post-sig" not in posts[2]["html"]
    assert posts[2]["text"] == "Петя"
    raw = (EXAMPLE / "page1.html").read_text(encoding="utf-8")
    assert ('<dl class="post-sig"><dt><span>Подпись автора</span></dt><dd><p>Не верь никому. '
            '<span style="color: red">Ёжик</span>') in raw
    # the count's golden (checked against the example by tests/test_cli.py): post 2 is one
    # ballot, red Петя; Ёжик's only red vote is Оля's (post 7)
    golden = json.loads((ROOT / "tests" / "fixtures" / "games" / "zarechnaya" / "expected.json")
                        .read_text(encoding="utf-8"))
    assert [(b["post_no"], b["target"]) for b in golden["ballots"] if b["post_no"] == 2] == [(2, "Петя")]
    assert [b["post_no"] for b in golden["ballots"]
            if b["target"] == "Ёжик" and b["status"] == "counted"] == [7]


def test_permalinks_are_pid_links_and_pages_are_one_topic():
    posts = posts_json(EXAMPLE)
    assert posts[0]["url"] == "https://zarechnaya.rolka.me/viewtopic.php?pid=301#p301"
    assert all(p["url"].endswith(f"?pid={p['post_id']}#p{p['post_id']}") for p in posts)


def test_answer_box_quote_is_dropped():
    posts = {p["post_no"]: p for p in posts_json(EXAMPLE)}
    assert posts[7]["text"] == "Ежик" and "answer-box" not in posts[7]["html"]


def test_css_hidden_edit_notice_is_still_read(tmp_path):
    """Designs hide `p.lastedit` with CSS (page 1's <style>); an inline style hides it too."""
    text = (EXAMPLE / "page1.html").read_text(encoding="utf-8")
    assert ".lastedit { display: none; }" in text
    page = tmp_path / "page1.html"
    page.write_text(text.replace('<p class="lastedit">', '<p class="lastedit" style="display:none">'),
                    encoding="utf-8")
    post = {p["post_no"]: p for p in posts_json(page)}[4]
    assert (post["edited"], post["edited_by"], msk(post["edited_at"])) == (True, "Маша", "2026-11-28T21:05:10+03:00")


def test_pages_of_two_topics_are_refused_by_the_page_topic(tmp_path):
    """The permalinks (`?pid=N#pN`) carry no topic number; the page states its own
    (`div#pun-viewtopic[data-topic-id]`): page 2 of topic 29 is not a page of topic 28, even
    under the same title."""
    (tmp_path / "page1.html").write_bytes((EXAMPLE / "page1.html").read_bytes())
    other = (EXAMPLE / "page2.html").read_bytes().replace(b'data-topic-id="28"', b'data-topic-id="29"', 1)
    (tmp_path / "page2.html").write_bytes(other.replace(b"viewtopic.php?id=28&p=2", b"viewtopic.php?id=29&p=2", 1))
    with pytest.raises(ParseError, match=r"page2\.html: a page of another thread than .*page1\.html "
                                         r"\(topic 29 in its post links, the page or its address, topic 28"):
        posts_json(tmp_path)
    assert len(posts_json(EXAMPLE)) == 13  # the example's two pages name topic 28 both


def test_a_page_stating_no_topic_is_judged_by_its_saved_address(tmp_path):
    """A design without `data-topic-id`: the page's own address (the SingleFile `url:` line)
    decides."""
    for name in ("page1.html", "page2.html"):
        text = (EXAMPLE / name).read_bytes().replace(b' data-topic-id="28"', b"", 1)
        if name == "page2.html":
            text = text.replace(b"viewtopic.php?id=28&p=2", b"viewtopic.php?id=29&p=2", 1)
        (tmp_path / name).write_bytes(text)
    with pytest.raises(ParseError, match=r"page2\.html: a page of another thread .*\(topic 29 in its post links, "
                                         r"the page or its address, topic 28"):
        posts_json(tmp_path)


def test_the_page_topic_outweighs_its_saved_address(tmp_path):
    """What the board printed on the page names its posts' topic; an address that says otherwise
    (a topic moved or merged, then saved under its old link) does not split the thread."""
    (tmp_path / "page1.html").write_bytes((EXAMPLE / "page1.html").read_bytes())
    other = (EXAMPLE / "page2.html").read_bytes().replace(b"viewtopic.php?id=28&p=2", b"viewtopic.php?id=29&p=2", 1)
    (tmp_path / "page2.html").write_bytes(other)
    assert len(posts_json(tmp_path)) == 13
