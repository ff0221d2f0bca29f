"""A thread from many saved pages: folders, .zip, overlap, gaps, conflicts, page order."""

import shutil
import zipfile
from zoneinfo import ZoneInfo

import pytest

from conftest import ROOT
from threadkit import page
from votecount.errors import InputError, ParseError
from votecount.messages import note_text
from votecount.read.pipeline import read_thread

EXAMPLE = ROOT / "examples" / "zarechnaya"
MSK = ZoneInfo("Europe/Moscow")
POSTS = [("Ведущий", "2026-11-28 20:00:00", "День 1."), ("Вася", "2026-11-29 10:00:00", "Петя"),
         ("Петя", "2026-11-29 10:01:00", "Вася"), ("Маша", "2026-11-29 10:02:00", "Вася")]


def numbers(thread):
    return [p.post_no for p in thread.posts]


def test_folder_pages_are_merged_in_post_order(tmp_path):
    # Saved out of order, with names that sort wrongly as plain text.
    shutil.copy(EXAMPLE / "page2.html", tmp_path / "p10.html")
    shutil.copy(EXAMPLE / "page1.html", tmp_path / "p9.html")
    t = read_thread(str(tmp_path), tz=MSK)
    assert numbers(t) == list(range(1, 14)) and t.pages == 2 and not t.warnings


def test_zip_of_pages(tmp_path):
    archive = tmp_path / "thread.zip"
    with zipfile.ZipFile(archive, "w") as zf:
        zf.write(EXAMPLE / "page1.html", "thread/page1.html")
        zf.write(EXAMPLE / "page2.html", "thread/page2.html")
    t = read_thread(str(archive), tz=MSK)
    assert numbers(t) == list(range(1, 14))


def test_overlapping_pages_are_deduplicated(tmp_path):
    t = read_thread([str(EXAMPLE / "page1.html"), str(EXAMPLE), str(EXAMPLE / "page2.html")], tz=MSK)
    assert numbers(t) == list(range(1, 14))


def test_a_gap_is_reported(tmp_path):
    t = read_thread(str(EXAMPLE / "page2.html"), tz=MSK)
    assert numbers(t)[0] == 8  # a later page alone: numbering starts where the page does
    text = page(POSTS).replace("<strong>4</strong>", "<strong>6</strong>").replace("<strong>3</strong>", "<strong>5</strong>")
    (tmp_path / "b.html").write_text(text, encoding="utf-8")
    only_b = read_thread(str(tmp_path / "b.html"), tz=MSK)
    assert any(w.code == "warning.posts_missing" and "3–4" in note_text(w, "en") for w in only_b.warnings)


def test_conflicting_copies_of_a_post_are_an_error(tmp_path):
    (tmp_path / "a.html").write_text(page(POSTS), encoding="utf-8")
    (tmp_path / "b.html").write_text(page(POSTS).replace(">Петя</p>", ">Маша</p>"), encoding="utf-8")
    with pytest.raises(ParseError, match="differs from the copy"):
        read_thread(str(tmp_path), tz=MSK)


def test_empty_folder_is_an_error(tmp_path):
    with pytest.raises(InputError, match="no saved pages"):
        read_thread(str(tmp_path), tz=MSK)


def test_pages_of_different_engines_are_an_error(tmp_path):
    shutil.copy(EXAMPLE / "page1.html", tmp_path / "1.html")
    corpus = ROOT.parent / "shared" / "corpus" / "phpbb" / "nettally-phpbb.html"
    if not corpus.exists():
        pytest.skip("corpus not present")
    shutil.copy(corpus, tmp_path / "2.html")
    with pytest.raises(ParseError, match="earlier pages are mybbru"):
        read_thread(str(tmp_path), tz=MSK)
