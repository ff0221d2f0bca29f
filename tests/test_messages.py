"""One message catalogue (issue 14 §3): every key has Russian and English with the same
placeholders; Russian keeps nicks in the nominative; nicks sort as a Russian reader expects."""

from __future__ import annotations

import string

from hypothesis import given
from hypothesis import strategies as st

from votecount.messages import MESSAGES, collate, labels, say
from votecount.model import Note


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_key_has_russian_and_english_with_the_same_placeholders():
    for code, pair in MESSAGES.items():
        assert isinstance(pair, tuple) and len(pair) == 2, code
        ru, en = pair
        assert ru.strip() and en.strip(), code
        assert fields(ru) == fields(en), (code, fields(ru), fields(en))


def test_russian_never_declines_a_nick():
    """"голос за Ёжик" is broken Russian: a nick placeholder never follows a preposition that
    governs a case (за, против, у, с, на, между, выбывшего …); "против: Ёжик" is how it reads."""
    nick_fields = {"target", "names", "voter", "before", "after", "player", "best"}
    governing = ("за", "против", "у", "с", "на", "между", "выбывшего", "для", "от", "к")
    for code, (ru, _) in MESSAGES.items():
        for word in governing:
            for name in nick_fields:
                assert f" {word} {{{name}}}" not in ru and not ru.startswith(f"{word} {{{name}}}"), (code, ru)


def test_russian_output_words_are_russian():
    for key, text in labels("label", "ru").items():
        assert any("а" <= ch.lower() <= "я" or ch in "ёЁ" for ch in text), (key, text)
    assert say("kind.lynch", "ru") == "казнь" and say("kind.lynch", "en") == "lynch"


def test_nicks_sort_with_yo_as_ye_and_without_case():
    nicks = ["ёжик", "Жора", "Елена", "Ёжик", "егор", "Яна", "Ева"]
    assert sorted(nicks, key=collate) == ["Ева", "егор", "Ёжик", "ёжик", "Елена", "Жора", "Яна"]


@given(st.lists(st.text(alphabet="ЕеЁёЖжАаЯя", min_size=1, max_size=4), max_size=8))
def test_collate_is_the_order_of_the_folded_nicks(nicks):
    folded = [collate(n)[0] for n in sorted(nicks, key=collate)]
    assert folded == sorted(folded) and all("ё" not in f for f in folded)


def test_a_tally_tie_sorts_yo_with_ye(tmp_path):
    from threadkit import count
    posts = [("Ведущий", "2026-11-28 20:00:00", "День 1."), ("Жора", "2026-11-29 10:00:00", "Ёжик"),
             ("Ёжик", "2026-11-29 10:00:00", "Жора"), ("Ева", "2026-11-29 10:00:00", "Фил"),
             ("Фил", "2026-11-29 10:00:00", "Ева")]
    [day] = count(tmp_path, posts, ["Жора", "Ёжик", "Ева", "Фил"])
    assert [r["candidate"] for r in day["tally"]] == ["Ева", "Ёжик", "Жора", "Фил"]


def test_the_explain_story_is_russian_in_a_russian_count(tmp_path):
    from threadkit import count
    posts = [("Ведущий", "2026-11-28 20:00:00", "День 1."), ("Жора", "2026-11-29 10:00:00", "Ёжик"),
             ("Жора", "2026-11-29 11:00:00", "Ева")]
    [day] = count(tmp_path, posts, ["Жора", "Ёжик", "Ева"], lang="ru", explain=True)
    first, second = [b["story"] for b in day["ballots"]]
    assert first[0] == "пост 2 (Жора, 2026-11-29 10:00:00+03:00): прочитан как «голос»: «Ёжик»"
    assert "C3.2: заменён постом 3" in first
    assert "C3.2: засчитан: последний принятый голос игрока" in second
    assert not [line for line in first + second if "read as" in line or "counted," in line]


def test_a_quoted_chatter_post_keeps_its_case_and_yo(tmp_path):
    from threadkit import count
    text = "Сегодня Тишина, Ёлки-Палки, и никто не Голосует уже который час подряд"
    posts = [("Ведущий", "2026-11-28 20:00:00", "День 1."), ("Жора", "2026-11-29 10:00:00", text)]
    [day] = count(tmp_path, posts, ["Жора", "Ёжик"], lang="ru")
    [chatter] = [v for v in day["violations"] if v["code"] == "extra_text"]
    assert f"«{text}»" in chatter["message"]


def test_the_table_names_the_runoff_choices_in_words(tmp_path):
    from votecount.api import CountRequest, run
    from votecount.render import report
    from threadkit import write
    six = ["Аня", "Боря", "Вова", "Гена", "Даша", "Ева"]
    posts = [("Ведущий", "2026-11-28 20:00:00", "День 1."), ("Аня", "2026-11-29 10:00:00", "Боря"),
             ("Боря", "2026-11-29 10:00:00", "Аня"), ("Вова", "2026-11-29 10:00:00", "Аня"),
             ("Гена", "2026-11-29 10:00:00", "Боря"), ("Даша", "2026-11-29 20:05:00", "повесить всех")]
    day = "number = 1\ndeadline = 2026-11-29T20:00:00+03:00\nrunoff_deadline = 2026-11-29T21:00:00+03:00"
    thread, game = write(tmp_path, posts, six, rules="pass-catastrophe", days=[day])
    text = report("table", run(CountRequest((str(thread),), game=str(game), at="21:00", lang="ru")))
    assert "повесить всех" in text and "hang_all" not in text


def test_the_pages_warnings_are_shown_in_russian(tmp_path):
    """thread.py and pipeline.py make them as records (model.Note) while reading; a Russian count
    shows them in Russian."""
    from votecount.api import CountRequest, run
    from votecount.render import report
    from threadkit import page, write
    posts = [("Ведущий", "2026-11-28 20:00:00", "День 1."), ("Жора", "2026-11-29 10:00:00", "Ёжик"),
             ("Ёжик", "2026-11-29 10:00:00", "Жора"), ("Ева", "2026-11-29 11:00:00", "Жора")]
    thread, game = write(tmp_path, posts, ["Жора", "Ёжик", "Ева"])
    text = page(posts)
    start = text.index('<div id="p102"')
    thread.write_text(text[:start] + text[text.index('<div id="p103"'):], encoding="utf-8")  # post 2 gone
    [ru] = run(CountRequest((str(thread),), game=str(game), lang="ru"))
    assert ru.thread.warnings == (Note.of("warning.posts_missing", posts="2"),)
    for fmt in ("table", "bbcode", "markdown", "html"):
        out = report(fmt, [ru])
        assert "в сохранённых страницах нет постов 2 (страница не сохранена или посты удалены)" in out, fmt
        assert "posts missing" not in out, fmt
    [en] = run(CountRequest((str(thread),), game=str(game), lang="en"))
    assert "posts missing from the saved pages: 2" in report("bbcode", [en])

