"""A page's look (votecount/engines/kit/look.py) never denies a word the page holds: every tag and attribute
name, every piece of an attribute value and of a comment is one it may hold (`may_hold`),
every piece of a text node and of an element's string value one its texts may hold
(`may_hold_text`); and whatever the tree written back holds, the look of the bytes may hold.
Asked on every corpus page, fixture and example, through every variant transformer, and on
generated markup full of what a parser rewrites: character references (numeric, named, with
and without ";", in values and texts), stray end tags, `</>`, NUL and control bytes, CR,
capitals, unquoted values, comments, scripts.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import example, given, settings, strategies as st
from lxml import etree

from votecount import engines
from votecount.engines.kit.look import Look
from votecount.engines.kit.pagewalk import page_look, page_memo
from test_detect_look import PAGES, page_variants
from votecount.errors import VotecountError
from votecount.read.pages import tree

_PIECE = re.compile(r"[^\s&<>\"']{2,24}")  # the words a look answers for: no space, no escape


def _pieces(text: str | None, limit: int = 40) -> list[str]:
    return _PIECE.findall(text or "")[:limit]


def _markup_words(doc) -> list[str]:
    """Tag and attribute names, pieces of attribute values and of comments, all of the page."""
    words: list[str] = []
    for node in engines.kit.pagewalk.document_iter(doc, None):
        if isinstance(node.tag, str):
            words.append(node.tag)
            for name, value in node.attrib.items():
                words += [name, *_pieces(value)]
        else:
            words += _pieces(node.text)
    return words


def _text_words(doc) -> list[str]:
    """Pieces of every text node, and of every element's string value (which joins them)."""
    words: list[str] = []
    for el in engines.kit.pagewalk.document_iter(doc, None):
        if isinstance(el.tag, str):
            words += _pieces(el.text, 8) + _pieces(el.tail, 8)
            value = " ".join("".join(el.itertext()).split())
            words += [p for p in _pieces(value, 4) if len(p) > 8]
    return words


def check(doc, label: str) -> None:
    seen = page_look(doc)
    assert seen is not None and seen.made(), label  # pages.tree kept the bytes
    for word in _markup_words(doc):
        assert seen.may_hold(word), f"{label}: markup {word!r}"
    for word in _text_words(doc):
        assert seen.may_hold_text(word), f"{label}: text {word!r}"


def _check_bytes(data: bytes, label: str) -> None:
    try:
        doc = tree(data, label)
    except VotecountError:
        return
    check(doc, label)


@pytest.mark.parametrize("path", PAGES)
def test_the_look_of_the_bytes_denies_no_word_the_page_holds(path: Path):
    for data, label in page_variants(path):
        _check_bytes(data, label)


def test_a_reference_makes_its_characters_unprovable_from_the_bytes():
    """`post&#95;body` is the class `post_body`: the bytes do not hold it, so they prove nothing
    of a word with "_", and the tree written back answers; a word with none of the characters
    the references stand for is proved absent from the bytes alone."""
    doc = tree(b"<html><body><div class='post&#95;body' title='&lowbar;&#x41;'>x</div></body></html>")
    seen = page_look(doc)
    assert {"_", "a"} <= seen.made()
    assert seen.may_hold("post_body") and seen._written is not None
    doc = tree(b"<html><body><div class='postbody'>x&#1063;</div></body></html>")
    seen = page_look(doc)
    assert not seen.may_hold("post_body") and seen._written is None


def test_a_stray_end_tag_joins_texts_the_look_of_the_texts_holds():
    doc = tree(b"<html><body><div class='a'>All ti</span>mes are GMT</div></body></html>")
    assert doc.find(".//div").text == "All times are GMT"
    seen = page_look(doc)
    assert not seen.may_hold("all times are") and seen.may_hold_text("All times are")


def test_a_page_built_by_a_caller_has_the_tree_written_back_as_its_look():
    doc = etree.fromstring("<html><body><p class='PostBody'>Вася</p></body></html>", etree.HTMLParser())
    page_memo(doc)  # a new page: no bytes kept
    assert page_look(doc) is None  # nothing known, nothing walked for
    seen = page_look(doc, write=True)
    assert seen.may_hold("postbody") and not seen.may_hold("post_body")
    assert seen.may_hold_text("Вася")


# Generated markup: pieces a parser rewrites, around words of the engines.
_WORDS = ("postbody", "post_body", "pun-viewtopic", "mode=viewprofile", "linktree", "All times are",
          "Часовой пояс", "Pages", "data-pid", "/u12")
_JUNK = ("</>", "</span>", "</p>", "<p>", "<!---->", "<!>", "</ x>", "<?x?>", "\x00", "\x01", "\r",
         "&#95;", "&#x5F;", "&lowbar;", "&#80;", "&#x41", "&amp;", "&ampx", "&notit;", "&#1063;",
         "&Acy;", "&#150;", "&#0;", "&nbsp;", "&period;", "&sol;", "&equals;", "<br>", "<b>")


def _word(draw) -> str:
    word = draw(st.sampled_from(_WORDS))
    cut = draw(st.integers(0, len(word)))
    junk = draw(st.sampled_from(("",) + _JUNK))
    text = word[:cut] + junk + word[cut:]
    return text.upper() if draw(st.booleans()) else text


@st.composite
def _markup(draw) -> bytes:
    parts = []
    for _ in range(draw(st.integers(1, 6))):
        kind = draw(st.sampled_from(("attr", "unquoted", "text", "comment", "script", "junk")))
        word = _word(draw)
        parts.append({"attr": f"<div class=\"{word}\" id='{word}'>{word}</div>",
                      "unquoted": f"<A HREF={word.replace(' ', '')}>x</A>",
                      "text": f"<td>{word}</td>", "comment": f"<!-- {word} -->",
                      "script": f"<script>var x = '{word}';</script>",
                      "junk": draw(st.sampled_from(_JUNK))}[kind])
    return ("<html><head><title>t</title></head><body>" + "".join(parts)
            + "</body></html>").encode("utf-8", "surrogatepass")


@settings(max_examples=300, deadline=None)
@given(_markup())
@example(b"<html><body><div class='post&#95;body'>All ti</span>mes are</div></body></html>")
def test_on_generated_markup_the_look_denies_no_word_the_page_holds(data):
    _check_bytes(data, "generated")


# --- words asked together (Look.ask: one pass of the bytes) ------------------------------------

_DROP_WORDS = tuple(sorted({w for e in engines.PARSERS for lay in e.layouts  # the drops' classes
                            for walk in lay.compiled.drop if hasattr(walk, "names") for w in walk.names}))


def _answers_alike(data: bytes, label: str, words: tuple[str, ...]) -> None:
    """A look asked `words` together answers each as a look asked word by word."""
    try:
        doc = tree(data, label)
    except VotecountError:
        return
    raw = page_memo(doc)["page bytes"]  # what pages.tree parsed
    each, both = Look(doc, raw), Look(doc, raw)
    both.ask(words)
    assert [both.may_hold(w) for w in words] == [each.may_hold(w) for w in words], label


def test_the_engines_ask_pages_many_words_together():
    assert len(engines.LITERALS) >= 20 and len(_DROP_WORDS) >= 20


@pytest.mark.parametrize("path", PAGES)
def test_asked_together_the_look_answers_as_word_by_word(path: Path):
    data = path.read_bytes()
    doc = tree(data, str(path))
    sample = tuple(dict.fromkeys(_markup_words(doc)[::7]))[:200]
    for words in (engines.LITERALS, _DROP_WORDS, sample + ("absent-word", "post_body", "-")):
        _answers_alike(data, str(path), words)


@settings(max_examples=200, deadline=None)
@given(_markup(), st.lists(st.sampled_from(_WORDS + ("post", "body", "_", "x", "Часовой")), min_size=1, max_size=12))
@example(b"<html><body><div class='post&#95;body'>x</div></body></html>", ["post_body", "postbody", "body", "_"])
def test_on_generated_markup_words_asked_together_are_answered_as_one_by_one(data, words):
    _answers_alike(data, "generated", tuple(words))


@pytest.mark.parametrize("path", PAGES)
def test_the_texts_look_and_the_page_text_are_libxml2s_text_of_the_page(path: Path):
    """The texts' look, built from the root's string value (Look.text, which the zone's
    language reads too), holds what libxml2's text serialisation of each top node writes."""
    from votecount.read import zone
    from votecount.engines.kit.look import _texts_of, string_of, tops
    from votecount.engines.kit.pagewalk import current_look
    for data, label in page_variants(path):
        try:
            doc = tree(data, label)
        except VotecountError:
            continue
        seen = page_look(doc)
        assert current_look(doc) is seen
        seen.may_hold_text("x")
        assert seen._texts == b"\0".join(_texts_of(node) for node in tops(doc)).lower(), label
        assert zone._page_text(doc) == string_of(doc) == seen.text(), label
