"""The page-level queries answered without libxml2's walk of the whole page select exactly what
the XPath they replace selected, on every corpus page, engine fixture and example, each also
without its <head> and through every variant transformer of tests/engines/test_variants.py,
and on generated markup (hypothesis) where the equivalence rests on structure:

- the page-level walks of every layout (SMF's post block and title, pagewalk.role_walk's
  shapes of the `post` and `title` roles) against their XPath;
- `pagewalk.title_text` against `//title/text()`, `pagewalk.by_id` against `//tag[@id='x']`,
  `pagewalk.has_id` never denying an element that has the id;
- `pages._head_comments` against `//comment()` (its first five are those);
- the zone line's and IPB's page index's text nodes with and without the page's look;
- the page clocks of SMF (`//li[@id='time']`), IPB 2 and MyBB (asked only when the id is there).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import example, given, settings, strategies as st
from lxml import etree

from votecount import engines
from conftest import CORPUS
from corpus import corpus_paths
from votecount.engines.kit import base, markers, pagewalk, zones
from votecount.engines import ipb
from votecount.engines.kit.look import Look
from votecount.engines.kit.markup import squash
from votecount.engines.kit.pagewalk import by_id, has_id, script_texts, texts_containing, title_text
from test_detect_look import PAGES, TRANSFORMERS, page_variants
from votecount.read import pages
from votecount.errors import VotecountError

# The expressions replaced, as they were (the references).
OLD_TITLE = "//title/text()"
OLD_CLOCKS = {"smf": "//li[@id='time']", "ipb": "//table[@id='gfooter']//td | //div[@id='gfooter']",
              "mybb": "//span[@id='current_time'] | //div[@id='current_time']"}
OLD_COMMENTS = "//comment()"
OLD_ZONE = ("//text()[contains(., 'All times are') or contains(., 'all times are')"
            " or contains(., 'Часовой пояс') or contains(., 'часовой пояс')]")
OLD_IPB_INDEX = ("//text()[contains(., 'Страниц') or contains(., 'Pages')]"
                 "/ancestor::*[self::td or self::div or self::span or self::p][1]")
OLD_SCRIPT = "//script[contains(., $word)]/text()"  # vBulletin's clock: 'current_server_datetime'
SCRIPT_WORDS = ("current_server_datetime", "smf_scripturl", "var", "")

# every layout's page-level walks: its own (Layout.walks) and pagewalk.role_walk's
WALKS = sorted({source: walk for engine in engines.PARSERS for layout in engine.layouts
                for source, walk in layout.compiled.walks.items()}.items())


MARKERS = sorted({m for p in engines.PARSERS for m in (*p.markers, *p.requires, *p.excludes, *p.claims)}
                 | {m for p in engines.PARSERS for lay in p.layouts
                    for m in (*lay.markers, *lay.requires, *lay.excludes)})
WALKED = [m for m in MARKERS if markers._walk_test(m)]  # has() by lxml's walk


def _with_look(doc, seen):
    """The page memo of `doc` holding the look `seen` (None: no look, as on a later page)."""
    pagewalk._PAGE.held = (doc, {} if seen is None else {"look": seen})
    return doc


def check_page(doc, label: str) -> None:
    """With no look, the tree's look, and the look of the bytes parsed (when pages.tree kept them)."""
    raw = pagewalk.page_memo(doc).get("page bytes")
    looks = {"none": None, "tree": Look(doc)} | ({"bytes": Look(doc, raw)} if raw is not None else {})
    for name, seen in looks.items():
        _check(_with_look(doc, seen), f"{label} (look: {name})", seen)
    pagewalk._PAGE.held = None


def _check(doc, label: str, seen) -> None:
    for source, walk in WALKS:
        assert list(walk(doc)) == etree.XPath(source)(doc), f"{label}: {source}"
    for marker in WALKED:
        assert markers.has(doc, marker) == etree.XPath(f"boolean({marker})")(doc), f"{label}: {marker}"
    for word in SCRIPT_WORDS:
        assert list(script_texts(doc, word)) == doc.xpath(OLD_SCRIPT, word=word), f"{label}: {word}"
    assert title_text(doc) == squash(" ".join(doc.xpath(OLD_TITLE))), label
    # the clocks' ids, and the page's first ids (each costs a walk of the page)
    ids = [(el.tag, el.get("id")) for el in doc.iter() if isinstance(el.tag, str) and el.get("id")]
    for tag, name in sorted({*ids[:6], ("li", "time"), ("div", "gfooter"), ("span", "current_time")}):
        if "'" in name:
            continue
        expected = doc.xpath(f"//{tag}[@id=$name]", name=name)
        assert list(by_id(doc, tag, name)) == expected, f"{label}: {tag}#{name}"
        assert has_id(doc, name) or not expected, f"{label}: {tag}#{name}"
    for name, old in OLD_CLOCKS.items():
        assert has_id(doc, old.split("'")[1]) or not doc.xpath(old), f"{label}: {name}"
    assert pages._head_comments(doc)[:5] == doc.xpath(OLD_COMMENTS)[:5], label  # then those before <body>
    assert zones._stated_texts(doc) == doc.xpath(OLD_ZONE), label
    index = texts_containing(doc, ipb._INDEX_WORDS, ipb._INDEX_BLOCK)
    assert index == doc.xpath(OLD_IPB_INDEX), label


def _check_bytes(data: bytes, label: str) -> None:
    try:
        doc = pages.tree(data, label)
    except VotecountError:
        return
    check_page(doc, label)


def test_the_walks_are_found():
    assert len(WALKS) >= 20 and TRANSFORMERS
    assert CORPUS.exists() or not corpus_paths()


@pytest.mark.parametrize("path", PAGES)
def test_page_queries_select_what_the_old_expressions_did(path: Path):
    for data, label in page_variants(path):  # head_lost among the variants
        _check_bytes(data, label)


def test_corpus_is_there_or_skipped():
    if not CORPUS.exists():
        pytest.skip(f"the shared corpus ({CORPUS}) is absent: only fixtures and examples checked")


# --- generated markup -------------------------------------------------------------------------

CLASSES = st.sampled_from(["", "postarea", "poster", "poster x", " postarea\t", "postareas",
                           "linktree", "navigate_section", "nav linktree", "inner",
                           "j-comment-body", "x\nj-comment-body", "j-comment-body-x", "postcolor",
                           "maintitle", "navbar", "caption-threads", "crawler-post", "main-title"])
IDS = st.sampled_from(["", "", "linktree", "time", "gfooter", "current_time", "x"])
TAGS = st.sampled_from(["div", "div", "div", "li", "ul", "span", "title", "table", "td", "p", "script",
                        "h1", "h2", "a", "strong", "header", "b"])


@st.composite
def trees(draw, depth: int = 0, tags=TAGS) -> str:
    """A random fragment of nested elements with the classes, ids and tags the walks test."""
    parts = []
    for _ in range(draw(st.integers(0, 4 if depth < 4 else 0))):
        tag, klass, ident = draw(tags), draw(CLASSES), draw(IDS)
        attrs = (f' class="{klass}"' if klass else "") + (f' id="{ident}"' if ident else "")
        inner = (draw(trees(depth + 1, tags)) if tag not in ("title", "script")
                 else draw(st.sampled_from(["", "T", "a b", "var x", "<b>var</b>", "smf_scripturl"])))
        inner += draw(st.sampled_from(["", "", "All times are UTC", "all times are", "Pages (2)",
                                       "Страниц", "часовой пояс", "ALL TIMES ARE"]))
        comment = draw(st.sampled_from(["", "<!-- c -->"]))
        parts.append(f"<{tag}{attrs}>{comment}{inner}</{tag}>{draw(st.sampled_from(['', 't']))}")
    return "".join(parts)


@settings(max_examples=300, deadline=None)
@given(head=trees(), body=trees())
def test_generated_markup(head, body):
    html = f"<html><head>{head}</head><body>{body}</body></html>".encode()
    check_page(pages.tree(html, "<generated>"), html.decode())


# Mostly divs: blocks nested in blocks, before and after their own postarea (the walk's
# order is not the blocks' document order then), page indexes nested in page indexes.
NESTED = '<div><div class="postarea"></div><div class="poster"></div></div>'


@settings(max_examples=400, deadline=None)
@given(body=trees(tags=st.sampled_from(["div", "div", "div", "div", "li", "span"])))
@example(body=f'<div>{NESTED}<div class="postarea"></div><div class="poster"></div></div>')
@example(body='<div class="linktree"><div id="linktree"><ul><li><span>A</span></li></ul></div>'
              '<ul><li></li><li><span>B</span></li></ul></div>')
def test_generated_blocks(body):
    html = f"<html><body>{body}</body></html>".encode()
    check_page(pages.tree(html, "<generated>"), html.decode())
