"""The pages' warnings are records (model.Note: a `warning.*` code and its fields), rendered from
the one catalogue in the count's language (issue 25): every code made anywhere has Russian and
English with the same placeholders, and a record renders as the English sentence of old."""

from __future__ import annotations

import ast
import re
import string
from datetime import datetime, timezone
from zoneinfo import ZoneInfo

import pytest

from conftest import ROOT
from threadkit import page
from votecount.messages import MESSAGES, note_text
from votecount.model import Note, Post
from votecount.read import sources, thread
from votecount.read.pipeline import read_thread
from votecount.render.words import warnings as shown_warnings

CODE = re.compile(r"warning\.\w+")
T0 = datetime(2026, 11, 29, 10, 0, tzinfo=timezone.utc)


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def codes_in_source() -> set[str]:
    """Every string constant of votecount's code that is a warning code ("warning.posts_missing")."""
    found = set()
    for path in (ROOT / "votecount").rglob("*.py"):
        if path.name == "messages.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and CODE.fullmatch(node.value):
                found.add(node.value)
    return found


def test_every_warning_made_has_russian_and_english_with_the_same_placeholders():
    made = codes_in_source()
    assert {"warning.posts_missing", "warning.starts_mid", "warning.edited_no_time",
            "warning.edited_by_no_time", "warning.own_report", "warning.own_text"} <= made
    for code in made:
        assert code in MESSAGES, code
        ru, en = MESSAGES[code]
        assert ru.strip() and en.strip() and fields(ru) == fields(en), code


def test_every_warning_in_the_catalogue_is_made_somewhere():
    assert {k for k in MESSAGES if k.startswith("warning.")} == codes_in_source()


OLD = [  # a record and the English sentence the f-strings of old made for it, word for word
    (Note.of("warning.posts_missing", posts="3–4, 7"),
     "posts missing from the saved pages: 3–4, 7 (a page not saved, or posts deleted)"),
    (Note.of("warning.starts_mid", first=8, before=7),
     "the pages read start at post 8: posts 1–7 are not in them (give the thread's first page)"),
    (Note.of("warning.edited_no_time", source="t/p1.html", no=3, id="11712"),
     "t/p1.html: post 3 (id 11712): edited, but the edit notice gives no time: whether the edit came "
     "after a deadline is unknown"),
    (Note.of("warning.edited_by_no_time", source="t/p1.html", no=3, id="11712", editor="Ёжик {0}"),
     "t/p1.html: post 3 (id 11712): edited by Ёжик {0}, but the edit notice gives no time: whether the "
     "edit came after a deadline is unknown"),
    (Note.of("warning.own_report", file="game/count.html"),
     "game/count.html: votecount's own HTML report, not a page of the thread: skipped"),
    (Note.of("warning.own_text", file="game/count.txt"),
     "game/count.txt: votecount's own text output, not a page of the thread: skipped"),
]


@pytest.mark.parametrize("note, sentence", OLD, ids=[n.code for n, _ in OLD])
def test_a_record_renders_as_the_sentence_of_old(note, sentence):
    assert note_text(note, "en") == sentence
    assert fields(MESSAGES[note.code][1]) == {name for name, _ in note.fields}
    assert note_text(note, "ru") != sentence  # shown in Russian in a Russian count


def test_the_russian_of_old_is_kept():
    assert note_text(OLD[0][0], "ru") == ("в сохранённых страницах нет постов 3–4, 7 (страница не "
                                          "сохранена или посты удалены)")
    assert note_text(OLD[1][0], "ru") == ("страницы начинаются с поста 8: постов 1–7 в них нет (дайте "
                                          "первую страницу темы)")


def _post(no: int, **edit) -> Post:
    return Post(str(100 + no), no, 1, "Ёжик", None, T0, "текст", "<p>текст</p>", source="t/p1.html", **edit)


@pytest.mark.parametrize("by", [None, "Модератор"])
def test_an_edit_without_a_time_is_the_old_sentence(by):
    edited = _post(2, edited=True, edited_by=by)
    merged = thread.merge([_post(1), edited, _post(4)], title="t", engine="mybbru", pages=1, source="t")
    old_edit = (f"{edited.where()}: edited{f' by {by}' if by else ''}, but the edit notice gives no "
                "time: whether the edit came after a deadline is unknown")
    assert [note_text(w, "en") for w in merged.warnings] == [
        "posts missing from the saved pages: 3 (a page not saved, or posts deleted)", old_edit]


def test_votecount_s_own_files_in_a_folder_are_the_old_sentences(tmp_path):
    (tmp_path / "page1.html").write_text(page([("Ведущий", "2026-11-28 20:00:00", "День 1.")]), encoding="utf-8")
    (tmp_path / "report.html").write_text('<html><head><meta name="generator" content="votecount 1">',
                                          encoding="utf-8")
    (tmp_path / "count.txt.html").write_text('{"thread": {}}', encoding="utf-8")
    notes: list[Note] = []
    assert [p.source for p in sources.read(str(tmp_path), notes)] == [str(tmp_path / "page1.html")]
    assert [note_text(n, "en") for n in notes] == [
        f"{tmp_path / 'count.txt.html'}: votecount's own text output, not a page of the thread: skipped",
        f"{tmp_path / 'report.html'}: votecount's own HTML report, not a page of the thread: skipped"]
    t = read_thread(str(tmp_path), tz=ZoneInfo("UTC"))
    assert [n.code for n in t.warnings] == ["warning.own_text", "warning.own_report"]


class _Day:  # what render.words.warnings reads of a DayResult
    def __init__(self, warnings, lang):
        self.thread, self.lang, self.warnings = type("T", (), {"warnings": warnings}), lang, ("count's own",)


def test_a_report_shows_the_pages_warnings_in_the_count_s_language_then_its_own():
    notes = (OLD[1][0], OLD[0][0])
    assert shown_warnings(_Day(notes, "en")) == (OLD[1][1], OLD[0][1], "count's own")
    assert shown_warnings(_Day(notes, "ru"))[0].startswith("страницы начинаются с поста 8")
