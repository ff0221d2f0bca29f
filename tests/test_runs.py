"""Colour runs read from a post's own body element (runs.read_body, filled by the parsers)
are the runs the ballot reader would read from its html (runs.runs), and the text read in the
same walk is votecount.engines.kit.markup.text_of's: on every corpus page and fixture, on every post body of
the real games, and on generated markup. A posts file carries
no runs; its posts read them from their html as before, so the count is the same either way."""

from __future__ import annotations

import json
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings, strategies as st
from lxml import etree

from unittest import mock

from votecount.read import pages
from votecount.engines.kit import runs as runs_module
from votecount.engines.kit.runs import Run, of_post, read_body, runs
from votecount.engines.kit.markup import squash_lines, text_of

from conftest import CORPUS, FIXTURES, ROOT

GAMES = ROOT.parent / "shared" / "realgames" / "mafiascum" / "posts"


def _inner(body) -> str:
    """The html parsers/markup.clean_body makes of a body element."""
    return ((body.text or "") + "".join(
        etree.tostring(child, method="html", encoding="unicode") for child in body)).strip()


def _bodies(html_bodies: list[str], source: str):
    """Each body as a div of one page, parsed as pages.tree parses a saved page."""
    doc = "".join(f'<div class="vc-body">{b}</div>' for b in html_bodies)
    tree = pages.tree(f"<html><body>{doc}</body></html>".encode(), source, whole=True)
    return tree.xpath("//div[@class='vc-body']")


# What runs._reads_back_otherwise answered before, by libxml2 (kept as the reference).
_OLD_READS_BACK = etree.XPath(
    "boolean(descendant::*[self::iframe or self::noembed or self::noframes or self::noscript or self::xmp"
    " or self::plaintext or self::textarea or self::title or (self::li and not(node()))])")


def carried_runs(html: str, body):
    """The runs read_body carries for a body (None: it carries none)."""
    walked = read_body(html, body)
    return walked[1] if walked else None


def _same(body) -> bool:
    """The body's carried runs, were it of any length, are its html's (or it carries none);
    the text of the same walk is text_of's; the guard is the XPath it replaced."""
    html = _inner(body)
    with mock.patch.object(runs_module, "CARRY_MOST", len(html)):
        text, carried = read_body(html, body)
    assert squash_lines(text) == text_of(body)
    assert runs_module._reads_back_otherwise(body) == _OLD_READS_BACK(body)
    return carried is None or (carried[0] == html and carried[1] == tuple(runs(html)))


def _pages() -> list[Path]:
    return sorted(p for d in (CORPUS, FIXTURES) if d.exists() for p in d.rglob("*.htm*"))


def test_carried_runs_are_the_html_runs_on_every_corpus_page_and_fixture():
    from votecount.read.pipeline import read_thread
    if not CORPUS.exists():
        pytest.skip("../shared/corpus not present")
    carried = 0
    for page in _pages():
        try:
            thread = read_thread(str(page), tz=ZoneInfo("Europe/Moscow"))
        except Exception:  # noqa: BLE001 (hostile fixtures are refused; their posts are not read)
            continue
        for post in thread.posts:
            assert tuple(of_post(post)) == tuple(runs(post.html) if post.html else [Run(post.text, "none", False)]), \
                post.where()
            carried += post.body_runs is not None and post.body_runs[0] == post.html
    assert carried > 500  # the runs do come with the posts


def test_carried_runs_are_the_html_runs_on_every_real_game_post_body():
    if not GAMES.exists():
        pytest.skip("../shared/realgames not present")
    for path in sorted(GAMES.glob("*.jsonl")):
        rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
        for body in _bodies([r["content"] for r in rows], str(path)):
            assert _same(body), (path.name, _inner(body)[:200])


def test_a_body_whose_html_would_read_back_otherwise_carries_no_runs():
    # its own text holding "<" (written unescaped), an iframe's text (escaped, read back raw)
    lead, framed = _bodies(["with my &lt;admittedly limited&gt; view", 'x<iframe>&lt;p&gt;y</iframe>'], "t")
    assert carried_runs(_inner(lead), lead) is None and carried_runs(_inner(framed), framed) is None
    plain, = _bodies(['  <b>Vote: <span style="color:red">Вася</span></b> \n '], "t")
    assert carried_runs(_inner(plain), plain)[1] == (Run("Vote: ", "none", True), Run("Вася", "red", True))


def test_a_long_body_carries_no_runs():
    """A long body (a GM's write-up) is not walked for runs when the page is read: it may never
    be read as a ballot, and the runs cost more than parsing its html again does."""
    long, = _bodies(["<b>Вася</b> " + "word " * runs_module.CARRY_MOST], "t")
    assert read_body(_inner(long), long) is None


_TAGS = st.sampled_from(["b", "strong", "span", "font", "div", "p", "br", "i", "blockquote", "ul", "li",
                         "table", "tr", "td", "script", "style", "iframe", "a", "em", "pre", "textarea", "noscript",
                         "xmp", "title", "h2", "dd", "ol"])
_ATTRS = st.sampled_from(["", ' style="color:red"', ' style="color: #0000ff; font-weight:bold"',
                          ' style="display:inline;color:blue"', ' color="red"', ' class="bbvote"',
                          ' class="red"', ' style="font-weight: bold"'])
_TEXT = st.text(alphabet="Вася vote:<>&;\n\t\xa0\r\u2028 .", max_size=8)


@st.composite
def _markup(draw, depth=0):
    parts = []
    for _ in range(draw(st.integers(0, 3))):
        choice = draw(st.integers(0, 3 if depth < 3 else 1))
        if choice <= 1:
            parts.append(draw(_TEXT).replace("&", "&amp;").replace("<", "&lt;"))
        elif choice == 2:
            parts.append("<!-- c -->")
        else:
            tag = draw(_TAGS)
            parts.append(f"<{tag}{draw(_ATTRS)}>" + ("" if tag == "br" else f"{draw(_markup(depth + 1))}</{tag}>"))
    return "".join(parts)


@settings(max_examples=300, deadline=None)
@given(_markup())
def test_carried_runs_are_the_html_runs_on_generated_markup(html):
    for body in _bodies([html], "generated"):
        assert _same(body), html
