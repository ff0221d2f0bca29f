"""Charset decoding of saved pages: UTF-8, windows-1251, ISO-8859-1 (as cp1252), lying meta;
the saved moment and address a saved page states in its first comments."""

import pytest
from hypothesis import given, settings, strategies as st

from conftest import corpus_page
from votecount.errors import InputError
from votecount.read.pages import decode, tree

RU = "<html><head><meta charset='{cs}'></head><body><p>Голос: Вася — «Ёжик»</p></body></html>"


def test_utf8():
    assert "Ёжик" in decode(RU.format(cs="utf-8").encode("utf-8"))[0]


def test_windows_1251_declared():
    text, enc = decode(RU.format(cs="windows-1251").encode("cp1251"))
    assert "Голос: Вася — «Ёжик»" in text and enc == "windows-1251"


def test_windows_1251_undeclared_is_guessed():
    page = "<html><body><p>Голосование: Вася, Петя, Маша, Ёжик — итоги дня</p></body></html>"
    text, _ = decode(page.encode("cp1251"))
    assert "Голосование" in text


def test_meta_lies_utf8_bytes_declared_1251():
    text, enc = decode(RU.format(cs="windows-1251").encode("utf-8"))
    assert "Ёжик" in text and enc == "utf-8"
    root = tree(RU.format(cs="windows-1251").encode("utf-8"))
    assert "Ёжик" in "".join(root.itertext())


def test_undeclared_latin1_stays_latin():
    page = "<html><body><p>Le caf\u00e9 est ferm\u00e9, na\u00efve r\u00e9sum\u00e9</p></body></html>"
    assert "café est fermé" in decode(page.encode("cp1252"))[0]


def test_an_installed_detector_does_not_change_how_a_page_reads(monkeypatch):
    """bs4 asks chardet or charset_normalizer when one is installed (other packages bring them):
    an undeclared page reads the same with or without one (here, one that guesses KOI8-R)."""
    import bs4.dammit

    class Guesser:
        @staticmethod
        def detect(_data):
            return {"encoding": "koi8-r"}

    monkeypatch.setattr(bs4.dammit, "chardet_module", Guesser)
    page = "<html><body><p>Le caf\u00e9 est ferm\u00e9, na\u00efve r\u00e9sum\u00e9</p></body></html>"
    assert decode(page.encode("cp1252")) == (page, "windows-1252")


def test_latin1_read_as_cp1252():
    page = "<html><head><meta charset='iso-8859-1'></head><body>caf\u00e9 \u2019quoted\u2019</body></html>"
    text, _ = decode(page.encode("cp1252"))
    assert "café ’quoted’" in text


def test_corpus_page_with_lying_meta():
    raw = corpus_page("ipb/hustledb-ipb13-ru-2969.html").read_bytes()
    text, enc = decode(raw)
    assert enc == "utf-8" and "Сообщение" in text or "отредактировал" in text


@pytest.mark.parametrize("data,message", [(b"", "empty"), (b"   \n", "empty"),
                                          (b"\x00\x01\x02PK\x03\x04" * 50, "binary"),
                                          (b"just some words, no markup at all", "no HTML")])
def test_not_a_page(data, message):
    with pytest.raises(InputError, match=message):
        decode(data, "x.html")


@settings(max_examples=200)
@given(st.binary(max_size=2000))
def test_random_bytes_decode_or_fail_cleanly(data):
    try:
        tree(data)
    except InputError:
        pass


@given(st.text(st.characters(blacklist_categories=("Cc", "Cs")), max_size=300),
       st.sampled_from(["utf-8", "cp1251", "utf-16"]))
def test_resaving_in_another_charset_keeps_the_text(text, charset):
    page = f"<html><body><p>{text.replace('<', ' ').replace('&', ' ')}Вася</p></body></html>"
    try:
        data = page.encode(charset)
    except UnicodeEncodeError:
        return
    if charset == "utf-16":
        data = b"\xff\xfe" + page.encode("utf-16-le")
    assert "Вася" in decode(data)[0]


# -- a declared charset is read without bs4 (start-up: importing bs4 costs 0.08-0.12 s) ------

def _bs4_declared(data: bytes):
    from bs4.dammit import EncodingDetector
    return EncodingDetector.find_declared_encoding(data, is_html=True)


def test_declared_charset_as_bs4_finds_it_on_every_corpus_page():
    from conftest import CORPUS, FIXTURES
    from votecount.read.pages import declared_charset

    pages = sorted([*CORPUS.rglob("*.html"), *FIXTURES.rglob("*.html")])
    if not any(p.is_relative_to(CORPUS) for p in pages):
        pytest.skip("../shared/corpus not present")
    for page in pages:
        data = page.read_bytes()
        assert declared_charset(data) == _bs4_declared(data), page


_HEAD = st.lists(st.sampled_from(["<meta charset=", "<meta http-equiv='Content-Type' content='text/html; charset=",
                                  "<?xml version='1.0' encoding='", "<META CHARSET = \"", "windows-1251",
                                  "KOI8-R", "utf-8", "'", '"', ">", " ", "/", ";", "\n", "<p>",
                                  "x" * 700, "é"]), max_size=12).map("".join)


@settings(max_examples=300, deadline=None)
@given(_HEAD)
def test_declared_charset_equals_bs4_on_generated_heads(head):
    from votecount.read.pages import declared_charset

    data = head.encode("utf-8", "replace")
    assert declared_charset(data) == _bs4_declared(data)


def test_declared_windows_1251_page_does_not_import_bs4():
    import subprocess
    import sys

    code = ("import sys; from votecount.read.pages import decode; "
            f"t, e = decode({RU.format(cs='windows-1251').encode('cp1251')!r}); "
            "assert 'Ёжик' in t and e == 'windows-1251', (t, e); "
            "assert 'bs4' not in sys.modules, 'bs4 imported'")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_declared_charset_that_does_not_decode_falls_back_to_bs4():
    # Bytes invalid in the declared charset (0x98 is undefined in windows-1251): read as
    # before, with a replacement character, not refused.
    page = RU.format(cs="windows-1251").encode("cp1251").replace("Вася".encode("cp1251"), b"\x98")
    text, enc = decode(page)
    assert enc == "windows-1251" and "\ufffd" in text and "Ёжик" in text


def _old_head_comments(doc) -> list:
    return doc.xpath("//comment()")[:5]  # what pages._head_comments gave before: the reference


def test_head_comments_as_the_xpath_found_them_on_every_corpus_page():
    """The saved page's first comments (saved-from address, SingleFile's date) are the first
    five of the document in document order, those beside the root element included."""
    from conftest import CORPUS, FIXTURES
    from votecount.read.pages import _head_comments

    pages = sorted([*CORPUS.rglob("*.htm*"), *FIXTURES.rglob("*.htm*")])
    if not any(p.is_relative_to(CORPUS) for p in pages):
        pytest.skip("../shared/corpus not present")
    read = 0
    for page in pages:
        try:
            doc = tree(page.read_bytes(), str(page))
        except InputError:
            continue
        read += 1
        assert _head_comments(doc)[:5] == _old_head_comments(doc), page
        assert all(_before_body(c) for c in _head_comments(doc)[5:]), page
    assert read > 50


def _before_body(comment) -> bool:
    """The comment stands before the page's <body> (beside the root, or in <head>)."""
    return not any(a.tag == "body" for a in comment.iterancestors()) and not any(
        s.tag == "body" for s in comment.itersiblings(preceding=True))


_PIECES = st.lists(st.sampled_from(["<!-- saved from url=(0022)http://a.example/t -->", "<!--c-->",
                                    "<html>", "</html>", "<head>", "<body>", "</body>", "<p>x</p>",
                                    "<div><!--in--></div>", "<!DOCTYPE html>", "<?php x ?>", " ", "t"]),
                   min_size=1, max_size=14).map("".join)


@settings(max_examples=300, deadline=None)
@given(_PIECES)
def test_head_comments_as_the_xpath_found_them_on_generated_pages(page):
    from votecount.read.pages import _head_comments

    try:
        doc = tree(page.encode(), "<page>")
    except InputError:
        return
    assert _head_comments(doc)[:5] == _old_head_comments(doc)
    assert all(_before_body(c) for c in _head_comments(doc)[5:])


# -- saved moments wherever browsers write them (issue 26 item 4) ------------------------------
# SingleFile's header, as its code writes it (the zone name in the browser's language), and the
# address line Chrome, Edge and Internet Explorer write ("(NNNN)": the address's length).
_SINGLEFILE = ("<!--\n Page saved with SingleFile \n url: https://forum.example/viewtopic.php?t=5&amp;start=15 \n"
               " saved date: Tue Oct 17 2023 13:55:34 GMT+0300 (Москва, стандартное время)\n-->")
_SAVED_FROM = "<!-- saved from url=(0043)https://forum.example/viewtopic.php?t=5&start=15 -->"
# A theme's head as the real pages have it (the Curse page of the corpus, HTML5 Boilerplate):
# IE's conditional comments between the doctype and <html>, comments in <head>.
_IE = ("".join(f'<!--[if IE {v} ]> <html lang="en" class="no-js ie{v}"> <![endif]-->\n' for v in (6, 7, 8, 9))
       + "<!--[if (gt IE 9)|!(IE)]><!-->\n")
_PLACES = {
    "before the doctype": "{c}\n<!DOCTYPE html>\n{ie}<html lang=\"ru\">\n{end}<head><!-- a --><!-- b --><meta charset=\"utf-8\">",
    "between the doctype and <html>": "<!DOCTYPE html>\n{ie}{c}\n<html lang=\"ru\">\n{end}<head><!-- a --><meta charset=\"utf-8\">",
    "right after <html>": "<!DOCTYPE html>\n{ie}<html lang=\"ru\">{c}\n{end}<head><!-- a --><meta charset=\"utf-8\">",
    "inside <head>": "<!DOCTYPE html>\n{ie}<html lang=\"ru\">\n{end}<head><!-- a --><!-- b --><meta charset=\"utf-8\">{c}",
    "at the end of <head>": "<!DOCTYPE html>\n{ie}<html lang=\"ru\">\n{end}<head><meta charset=\"utf-8\"><!-- a --><style>p{{}}</style>"
                            "<!-- b --><!-- c --><script>var x;</script>{c}",
}
_BODY = "<title>t</title></head><body><!-- in the body --><p>Голос: Вася</p><!-- x --></body></html>"


def _saved_page(where: str, comment: str, conditional: bool) -> bytes:
    head = _PLACES[where].format(c=comment, ie=_IE if conditional else "", end="<!--<![endif]-->\n" if conditional else "")
    return (head + _BODY).encode()


@pytest.mark.parametrize("conditional", [False, True], ids=["plain", "IE conditional comments"])
@pytest.mark.parametrize("where", list(_PLACES))
def test_singlefile_header_is_read_wherever_it_stands(where, conditional):
    from votecount.read.pages import saved_date, saved_url
    doc = tree(_saved_page(where, _SINGLEFILE, conditional), whole=True)
    assert saved_date(doc).isoformat() == "2023-10-17T13:55:34+03:00"
    assert saved_url(doc) == "https://forum.example/viewtopic.php?t=5&start=15"


@pytest.mark.parametrize("conditional", [False, True], ids=["plain", "IE conditional comments"])
@pytest.mark.parametrize("where", list(_PLACES))
def test_saved_from_url_is_read_anywhere_in_the_first_comments(where, conditional):
    from votecount.read.pages import saved_date, saved_url
    doc = tree(_saved_page(where, _SAVED_FROM, conditional), whole=True)
    assert saved_url(doc) == "https://forum.example/viewtopic.php?t=5&start=15"
    assert saved_date(doc) is None  # the browser's line says where, never when


def test_a_header_quoted_in_the_body_is_not_the_pages():
    """A post that quotes a SingleFile header (or a page that shows one) says nothing of this
    page's save: only the comments before <body> count, once the first five are passed."""
    from votecount.read.pages import saved_date
    comments = "".join(f"<!-- c{i} -->" for i in range(6))
    page = f"<!DOCTYPE html><html><head>{comments}</head><body><p>x</p>{_SINGLEFILE}</body></html>"
    assert saved_date(tree(page.encode(), whole=True)) is None


_COMMENTS = st.lists(st.sampled_from(["<!-- c -->", "<!--[if IE 8 ]> <html class=\"ie8\"> <![endif]-->",
                                      "<!-- TODO -->", "<!-- saved from url=(0014)about:internet -->"]),
                     max_size=8).map("".join)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(list(_PLACES)), _COMMENTS, _COMMENTS, st.booleans())
def test_singlefile_header_after_any_comments_before_the_body(where, before, inside, conditional):
    """Whatever comments a theme writes before the body, the header before the body is read."""
    from votecount.read.pages import saved_date
    page = _saved_page(where, _SINGLEFILE, conditional).decode()
    page = page.replace("<!DOCTYPE html>", "<!DOCTYPE html>" + before, 1).replace("<head>", "<head>" + inside, 1)
    assert saved_date(tree(page.encode(), whole=True)).isoformat() == "2023-10-17T13:55:34+03:00"


_CLOSINGS = st.sampled_from(["</body>", "</BODY >", "</html\n>", "</Html>", "</bodyx>", "</ body>", "<body>", ""])


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(_CLOSINGS, st.text(alphabet="ab <>/\n", max_size=40)), max_size=8),
       st.integers(min_value=0, max_value=70_000))
def test_closed_searches_the_tail_first_with_the_answer_of_a_whole_search(parts, padding):
    """pages.closed() looks at the last 64 kB first: it answers what a search of the whole text
    answers, wherever the closing tag stands (in the tail, before it, across its edge, none)."""
    from votecount.read import pages
    for text in ("".join(parts) + "x" * padding, "x" * padding + "".join(parts),
                 "".join(parts[:1]) + "x" * padding + "".join(parts[1:])):
        assert pages.closed(text) == bool(pages._END.search(text))


def test_bounded_read_reads_a_regular_file_past_the_size_it_was_given(monkeypatch):
    """A file that grew after its size was taken (or a /proc file that says 0) is read on to
    the limit, and the limit still refuses a larger one."""
    import io
    from votecount.read import sources
    monkeypatch.setattr(sources, "MAX_PAGE_BYTES", 100)
    assert sources._bounded_read(io.BytesIO(b"a" * 60), "x", 10) == b"a" * 60
    assert sources._bounded_read(io.BytesIO(b"a" * 60), "x", 0) == b"a" * 60
    assert sources._bounded_read(io.BytesIO(b"a" * 60), "x", 60) == b"a" * 60
    assert sources._bounded_read(io.BytesIO(b"a" * 100), "x", 100) == b"a" * 100
    with pytest.raises(InputError, match="over the 0 MiB limit"):
        sources._bounded_read(io.BytesIO(b"a" * 101), "x", 5)
    with pytest.raises(InputError, match="over the 0 MiB limit"):
        sources._bounded_read(io.BytesIO(b"a" * 101), "x", None)
