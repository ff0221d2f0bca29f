"""`votecount init`: a game file drafted from a thread. Every draft must load with
`game.load()` and count; the guesses (GM, roster, days, deadlines, preset) are checked on
small threads in mybb.ru markup and on the MTG Salvation game page of the corpus."""

from __future__ import annotations

import json
import tomllib
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import corpus_page
from test_cli import run
from threadkit import blue, page, red

from votecount.count import game as game_mod
from votecount.draft.guess import find_deadline, toml_str
from votecount.errors import ConfigError

MSK = timezone(timedelta(hours=3))
GM = "Ведущий"
WEIRD = 'Dr. "Who"\\Тень'  # a nick with a quote and a backslash
MTG = "curse-elevated/ecophagy-mtgs-unreliable-cops-mafia-all.html"

RED_BLUE_GAME = [
    (GM, "2026-11-27 18:00:00", "Набор закрыт. Игроки:<br>1. Вася<br>2. Петя<br>3. Маша<br>"
                                "4. Коля<br>5. Dimon_88<br><br>Роли разосланы."),
    ("Вася", "2026-11-27 19:00:00", "Роль получил"),
    ("Петя", "2026-11-27 19:05:00", "Я тоже"),
    (WEIRD, "2026-11-27 19:10:00", "Я здесь"),
    ("Маша", "2026-11-27 19:20:00", "Жду начала"),
    (GM, "2026-11-28 20:00:00", "Итак.<br>День 1.<br>Голосование до 20:00 мск, красным или синим"),
    ("Вася", "2026-11-28 21:00:00", red("Петя")),
    ("Петя", "2026-11-28 21:10:00", blue("Вася")),
    ("Маша", "2026-11-29 10:00:00", red("Петя")),
    (GM, "2026-11-29 20:05:00", "Итоги голосования: Петя покидает игру. Ночь 1."),
    ("Вася", "2026-11-29 21:00:00", "Петя был мирным"),
    (GM, "2026-11-30 10:00:00", "Наступает день второй. Голосуем до 22-00"),
    ("Маша", "2026-11-30 11:00:00", red("Вася")),
    (GM, "2026-12-01 10:00:00", "*** День 3 ***<br>Ночью убита Маша."),
    ("Вася", "2026-12-01 11:00:00", "Остались двое"),
]


def draft_of(tmp_path, posts, *extra, name="game.toml"):
    thread = tmp_path / "thread.html"
    thread.write_text(page(posts), encoding="utf-8")
    out = tmp_path / name
    code, stdout, err = run("init", thread, "-o", out, *extra)
    assert code == 0, err
    return thread, out, out.read_text(encoding="utf-8")


def test_draft_loads_and_guesses_gm_roster_days_and_rules(tmp_path):
    thread, path, text = draft_of(tmp_path, RED_BLUE_GAME)
    g = game_mod.load(str(path))
    assert g.gm == (GM,)
    assert [p.nick for p in g.players] == ["Вася", "Петя", WEIRD, "Маша"]  # order of first post
    assert g.rules == "red-blue" and g.timezone == "Europe/Moscow"
    assert [d.number for d in g.days] == [1, 2, 3]
    d1, d2, d3 = g.days
    assert d1.opens == datetime(2026, 11, 28, 20, 0, tzinfo=MSK)
    assert d1.deadline == datetime(2026, 11, 29, 20, 0, tzinfo=MSK)  # 20:00 had passed: next day
    assert d2.opens == datetime(2026, 11, 30, 10, 0, tzinfo=MSK)
    assert d2.deadline == datetime(2026, 11, 30, 22, 0, tzinfo=MSK)  # "до 22-00" the same day
    assert d3.opens == datetime(2026, 12, 1, 10, 0, tzinfo=MSK) and d3.deadline is None
    # every guess is commented for the GM
    assert "rules = \"red-blue\"  # CHECK: догадка, потому что постов игроков с ником красным или синим: 4 (первый: пост 7, автор Вася)" in text
    assert "# deadline = 2026-12-01T20:00:00+03:00  # FILL IN: в посте 14 дедлайн не найден" in text
    assert "# День 1: открыт постом ведущего 6: «День 1.»" in text
    assert "# День 3: открыт постом ведущего 14: «*** День 3 ***»" in text
    assert "dead = []  # FILL IN: кто выбыл до этого дня (убит, казнён, модкилл); посты ведущего с открытия дня 1 называют: Петя\n" in text
    assert "с открытия дня 2 называют: Маша\n" in text
    # the GM's list names two who never posted: suggested, commented out
    assert '# nick = "Коля"' in text and '# nick = "Dimon_88"' in text
    assert f"nick = {toml_str(WEIRD)}  # постов: 1, первый: пост 4 (нет в списке ведущего в посте 1" in text


def test_drafted_file_counts(tmp_path):
    thread, path, _ = draft_of(tmp_path, RED_BLUE_GAME)
    code, out, err = run(thread, "--game", path, "--format", "json", "--lang", "en")
    assert code == 0, err
    days = json.loads(out)
    assert [d["day"] for d in days] == [1, 2, 3]
    red = {row["candidate"]: row["red"] for row in days[0]["tally"]}
    assert red["Петя"] == 2 and days[0]["deadline"] == "2026-11-29T20:00:00+03:00"


@pytest.mark.parametrize("posts, preset, why", [
    ([(GM, "2026-11-28 20:00:00", "День 1. Можно пас и фаст."), ("Вася", "2026-11-28 21:00:00", "Петя"),
      ("Петя", "2026-11-28 21:01:00", "пас")], "pass-catastrophe", "постов со словами «пас» или «фаст»: 2 (первый: пост 1, автор Ведущий)"),
    ([(GM, "2026-11-28 20:00:00", "Day 1 start."), ("Ann", "2026-11-28 21:00:00", "<strong>Vote: Bob</strong> he lurks"),
      ("Bob", "2026-11-28 21:01:00", "<b>VOTE Ann</b>")], "bold-vote", "постов игроков с жирным «Vote …»: 2"),
    ([(GM, "2026-11-28 20:00:00", "День 1"), ("Вася", "2026-11-28 21:00:00", "Петя"),
      ("Петя", "2026-11-28 21:01:00", red("Вася"))], "classic", "нет ни цветных ников, ни слов «пас», ни жирных голосов"),
])
def test_rules_preset_guess_says_why(tmp_path, posts, preset, why):
    _, path, text = draft_of(tmp_path, posts)
    assert game_mod.load(str(path)).rules == preset
    [line] = [ln for ln in text.splitlines() if ln.startswith("rules = ")]
    assert why in line


def test_no_day_announcement_leaves_a_commented_template(tmp_path):
    thread, path, text = draft_of(tmp_path, [(GM, "2026-11-28 20:00:00", "Обсуждаем правила"),
                                             ("Вася", "2026-11-28 21:00:00", "А когда начнём?")])
    g = game_mod.load(str(path))
    assert g.days == () and [p.nick for p in g.players] == ["Вася"]
    assert "# FILL IN по таблице [[days]] на каждый день" in text and "# [[days]]" in text
    code, _, err = run(thread, "--game", path)
    assert code == 0, err


def test_contradicting_deadline_becomes_a_comment(tmp_path):
    posts = [(GM, "2026-11-28 20:00:00", "День 1. Голосование до 05.12 20:00"),
             ("Вася", "2026-11-28 21:00:00", "привет"),
             (GM, "2026-11-30 10:00:00", "День 2. Голосуем до 22:00")]
    _, path, text = draft_of(tmp_path, posts)
    d1, d2 = game_mod.load(str(path)).days
    assert d1.deadline is None and d2.deadline == datetime(2026, 11, 30, 22, 0, tzinfo=MSK)
    assert "«до 05.12 20:00» прочитано как 2026-12-05T20:00:00+03:00, но день 2 открывается раньше: проверьте" in text


def test_only_a_day_in_order_opens_and_rules_talk_does_not(tmp_path):
    posts = [(GM, "2026-11-28 18:00:00", "Правила: в день 1 нельзя убивать. It is currently day 1."),
             (GM, "2026-11-28 20:00:00", "День 2 начнётся после первого"),  # out of order: ignored
             (GM, "2026-11-28 21:00:00", "Day one begins. Deadline 23:30"),
             ("Вася", "2026-11-28 21:30:00", "привет"),
             (GM, "2026-11-29 21:00:00", "Votecount day 1 … Night 1 begins")]
    _, path, text = draft_of(tmp_path, posts)
    [d1] = game_mod.load(str(path)).days
    assert d1.opens == datetime(2026, 11, 28, 21, 0, tzinfo=MSK)
    assert d1.deadline == datetime(2026, 11, 28, 23, 30, tzinfo=MSK)


def test_closing_post_is_noted_when_no_deadline_is_written(tmp_path):
    posts = [(GM, "2026-11-28 20:00:00", "День 1"), ("Вася", "2026-11-28 21:00:00", "Петя"),
             (GM, "2026-11-29 20:10:00", "Итоги голосования: …")]
    _, _, text = draft_of(tmp_path, posts)
    assert "ведущий закрыл день в посте 3 в 2026-11-29T20:10:00+03:00, так что дедлайн был раньше" in text


def test_nicks_folding_to_one_name_are_listed_once(tmp_path):
    posts = [(GM, "2026-11-28 20:00:00", "День 1"), ("Вася", "2026-11-28 21:00:00", "привет"),
             ("Bася", "2026-11-28 21:01:00", "привет")]  # a Latin B: the same name to the matcher
    _, path, text = draft_of(tmp_path, posts)
    assert [p.nick for p in game_mod.load(str(path)).players] == ["Вася"]
    assert "# NOT LISTED: 'Bася' сводится к тому же имени, что и 'Вася'" in text


def test_tz_option_and_deadline_in_moscow_time(tmp_path):
    posts = [(GM, "2026-11-28 20:00:00", "День 1. Голосование до 22:00 мск"),
             ("Вася", "2026-11-28 21:00:00", "привет")]
    _, path, text = draft_of(tmp_path, posts, "--tz", "Asia/Novosibirsk")
    g = game_mod.load(str(path))
    assert g.timezone == "Asia/Novosibirsk"
    # the page's times are read in --tz (20:00 Novosibirsk = 16:00 Moscow); "мск" is Moscow time
    assert g.days[0].deadline == datetime(2026, 11, 28, 22, 0, tzinfo=MSK)


def test_existing_output_is_refused_without_force(tmp_path):
    thread = tmp_path / "thread.html"
    thread.write_text(page(RED_BLUE_GAME), encoding="utf-8")
    out = tmp_path / "game.toml"
    out.write_text("keep me\n", encoding="utf-8")
    code, stdout, err = run("init", thread, "-o", out)
    assert code == 2 and err == f"votecount: {out} exists; add --force to overwrite it\n" and not stdout
    assert out.read_text(encoding="utf-8") == "keep me\n"
    code, _, err = run("init", thread, "-o", out, "--force")
    assert code == 0 and "[game]" in out.read_text(encoding="utf-8")
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_draft_to_stdout_and_bad_input(tmp_path):
    thread = tmp_path / "thread.html"
    thread.write_text(page(RED_BLUE_GAME), encoding="utf-8")
    code, out, err = run("init", thread)
    assert code == 0 and tomllib.loads(out)["game"]["gm"] == [GM]
    code, out, err = run("init", tmp_path / "missing.html")
    assert code == 2 and err.startswith("votecount: ") and err.count("\n") == 1 and not out
    code, out, err = run("init", thread, "--tz", "Mars/Base")
    assert code == 2 and "unknown time zone" in err


@pytest.mark.parametrize("text, posted, expected", [
    ("Голосование до 20:00 мск", "2026-11-28T20:05", "2026-11-29T20:00"),
    ("голосуем до 22-00", "2026-11-28T20:05", "2026-11-28T22:00"),
    ("до 29.11 21:00", "2026-11-28T20:05", "2026-11-29T21:00"),
    ("до 20:00 30.11.2026", "2026-11-28T20:05", "2026-11-30T20:00"),
    ("до 02.01 10:00", "2026-12-30T10:00", "2027-01-02T10:00"),
    ("до 00:00", "2026-11-28T20:05", "2026-11-29T00:00"),
    ("до 24:00", "2026-11-28T20:05", "2026-11-29T00:00"),
    ("до 20.00", "2026-11-28T10:00", "2026-11-28T20:00"),
    ("Deadline: 18:30", "2026-11-28T10:00", "2026-11-28T18:30"),
    ("до 20.11", "2026-11-28T10:00", None),  # a date, not 20:11
    ("до 25:00", "2026-11-28T10:00", None),
    ("играем до победы", "2026-11-28T10:00", None),
])
def test_deadline_reading(text, posted, expected):
    tz = ZoneInfo("Europe/Moscow")
    when, _ = find_deadline(text, datetime.fromisoformat(posted).replace(tzinfo=tz), tz)
    assert (when.replace(tzinfo=None).isoformat(timespec="minutes") if when else None) == expected


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_toml_strings_round_trip(s):
    value = tomllib.loads(f"v = {toml_str(s)}\n")["v"]
    assert value == "".join("\ufffd" if 0xD800 <= ord(c) <= 0xDFFF else c for c in s)


def test_corpus_mtg_game(tmp_path):
    """The MTG Salvation game page: checked by eye with `votecount posts`. tomsloger opens the
    thread (setup, rules, threadmarks) and starts day 1 in post 8 ("Day 1 start."); six
    players post; zomgarcwind is in the GM's "Living Players" list but never posts; the
    votes are bold "Vote X"; no deadline is written in the thread."""
    thread = corpus_page(MTG)
    path = tmp_path / "game.toml"
    code, _, err = run("init", thread, "--tz", "UTC", "-o", path)
    assert code == 0, err
    text = path.read_text(encoding="utf-8")
    g = game_mod.load(str(path))
    assert g.gm == ("tomsloger",)
    assert [p.nick for p in g.players] == ["shadowlancerx", "D_V", "Anaklusmos", "Gentleman Johnny",
                                           "Ophidia", "Mete0rShower"]
    assert g.rules == "bold-vote"
    [d1] = g.days
    assert d1.opens == datetime(2016, 11, 11, 3, 23, 32, tzinfo=timezone.utc) and d1.deadline is None
    assert "# Day 1: opened by the GM's post 8: «Day 1 start.»" in text
    assert '# nick = "zomgarcwind"' in text
    # the count runs on the draft as drafted (preset bold-vote)
    code, out, err = run(thread, "--game", path, "--format", "json")
    assert code == 0, err
    assert json.loads(out)["day"] == 1


_TEXTS = st.sampled_from(["День 1", "День 2. Голосуем до 20:00", "Наступает день", "Ночь 1",
                          "Итоги голосования", "до 05.12 20:00", "Day 3 start. Deadline 23:30",
                          "Игроки:\n1. Вася\n2. \"Q\\\n3.", "пас", "", "*** День 1 ***\nдо 24:00"])


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.text(min_size=1, max_size=12), st.one_of(_TEXTS, st.text(max_size=40)),
                          st.integers(0, 72 * 60)), max_size=12))
def test_any_draft_loads(posts):
    """Whatever the authors, texts and times, the draft parses as a game file, unless nobody
    but the GM posted: then it says so, and loading it refuses a game without players."""
    from votecount.draft.text import draft
    from votecount.model import Post, Thread
    start = datetime(2026, 11, 28, 18, 0, tzinfo=MSK)
    made = [Post(str(i), i, 1, author, None, start + timedelta(minutes=sum(p[2] for p in posts[:i])),
                 text, text) for i, (author, text, _) in enumerate(posts, 1)]
    text = draft(Thread("t", "mybbru", 1, tuple(made), "t.html"))
    if "\n[[players]]" not in text:
        assert "# FILL IN: no player is listed" in text
        with pytest.raises(ConfigError, match="lists no players"):
            game_mod.parse(text, "draft.toml")
        return
    g = game_mod.parse(text, "draft.toml")
    assert len(g.players) <= len({p.author for p in made})


# -- first steps: the zone the page states, a thread read from its middle, placeholders ------

from conftest import FIXTURES, ROOT  # noqa: E402


def test_one_page_is_one_page(tmp_path):
    _, _, text = draft_of(tmp_path, RED_BLUE_GAME)
    assert f"(mybbru, страниц: 1, постов: {len(RED_BLUE_GAME)})" in text.splitlines()[0]


@pytest.mark.parametrize("page,zone,why", [
    ("vbulletin/en-vb42.html", "Etc/GMT+5", "footer says its times are UTC-05:00"),
    # a Russian page: the draft's comment says why in Russian (issue 28: the thread's language)
    ("phpbb3/prosilver33-ru-time.html", "Europe/Moscow", "пояс Europe/Moscow назван в подвале страницы форума"),
    ("torrentpier/tp2-en-edited.html", "Europe/Moscow", "в подвале страницы сказано, что время — UTC+03:00"),
])
def test_the_zone_the_page_states_is_drafted(tmp_path, page, zone, why):
    out = tmp_path / "game.toml"
    code, _, err = run("init", FIXTURES / "engines" / page, "-o", out, "--saved-at", "2026-12-01T00:00")
    assert code == 0, err
    text = out.read_text(encoding="utf-8")
    [line] = [ln for ln in text.splitlines() if ln.startswith("timezone = ")]
    assert line.startswith(f'timezone = "{zone}"') and why in line
    assert game_mod.load(str(out)).timezone == zone


def test_all_times_are_utc_is_drafted_as_utc(tmp_path):
    page_ = corpus_page("vbulletin/nettally-vb4.html")
    out = tmp_path / "game.toml"
    code, _, err = run("init", page_, "-o", out, "--saved-at", "2026-12-01T00:00")
    assert code == 0, err
    assert 'timezone = "UTC"' in out.read_text(encoding="utf-8")


def test_a_singlefile_date_gives_its_offset(tmp_path):
    # a board whose clock is UTC+5 (its text times and data-posted agree), saved by a player there
    html_ = page(RED_BLUE_GAME, zone=timezone(timedelta(hours=5))).replace(
        "<head>", "<head><!--\n Page saved with SingleFile \n url: https://x.rolka.me/viewtopic.php?id=1 \n"
        " saved date: Sun Nov 29 2026 20:10:41 GMT+0500 (Екатеринбург, стандартное время)\n-->", 1)
    thread = tmp_path / "thread.html"
    thread.write_text(html_, encoding="utf-8")
    code, out, err = run("init", thread)
    assert code == 0, err
    [line] = [ln for ln in out.splitlines() if ln.startswith("timezone = ")]
    assert line.startswith('timezone = "Etc/GMT-5"') and "дата сохранения SingleFile на странице — UTC+05:00" in line
    # the page's text times were read in that zone: the GM's first post at 18:00 there
    assert "opens = 2026-11-28T20:00:00+05:00" in out


def test_no_stated_zone_says_moscow_is_a_default(tmp_path):
    _, path, text = draft_of(tmp_path, RED_BLUE_GAME)
    [line] = [ln for ln in text.splitlines() if ln.startswith("timezone = ")]
    assert line.startswith('timezone = "Europe/Moscow"') and "страницы не указывают пояс" in line


def test_tz_option_wins_over_the_page(tmp_path):
    out = tmp_path / "game.toml"
    code, _, err = run("init", FIXTURES / "engines" / "vbulletin/en-vb42.html", "-o", out,
                       "--saved-at", "2026-12-01T00:00", "--tz", "Asia/Tokyo")
    assert code == 0, err
    assert 'timezone = "Asia/Tokyo"  # CHECK: given with --tz' in out.read_text(encoding="utf-8")


def test_pages_from_the_middle_of_a_thread_warn_that_the_gm_is_a_guess(tmp_path):
    html_ = page(RED_BLUE_GAME[5:])
    for no in range(1, len(RED_BLUE_GAME) + 1):  # renumber posts as if from post 51 on
        html_ = html_.replace(f"<strong>{no}</strong>", f"<strong>{no + 50}</strong>", 1)
    thread = tmp_path / "thread.html"
    thread.write_text(html_, encoding="utf-8")
    out = tmp_path / "game.toml"
    code, _, err = run("init", thread, "-o", out)
    assert code == 0, err
    text = out.read_text(encoding="utf-8")
    assert "start at post 51" in err and "GM" in err
    assert "# ВНИМАНИЕ: страницы начинаются с поста 51" in text
    [gm_line] = [ln for ln in text.splitlines() if ln.startswith("gm = ")]
    assert "а не первого поста темы" in gm_line


def test_placeholder_deadlines_are_on_the_threads_own_days(tmp_path):
    posts = [(GM, "2026-12-03 20:00:00", "Обсуждаем правила"), ("Вася", "2026-12-05 21:00:00", "Когда?")]
    _, _, text = draft_of(tmp_path, posts)
    assert "# deadline = 2026-12-05T20:00:00+03:00" in text and "2026-11-29" not in text
    posts = [(GM, "2026-12-03 20:00:00", "День 1."), ("Вася", "2026-12-04 10:00:00", red("Петя")),
             (GM, "2026-12-04 20:00:00", "День 2."), ("Петя", "2026-12-06 09:00:00", "Когда?")]
    _, _, text = draft_of(tmp_path, posts, name="two.toml")
    assert "# deadline = 2026-12-04T20:00:00+03:00" in text  # day 1: its last post's day
    assert "# deadline = 2026-12-06T20:00:00+03:00" in text  # day 2: the thread's last day
    assert "YYYY-MM-DD" not in text


# -- issue 28, case 7: a placeholder deadline, uncommented, loads ---------------------------

def uncommented(text: str) -> str:
    """The draft with its placeholder deadlines (and the no-day template) uncommented, as a GM
    who accepts the guesses would."""
    keep = ("# [[days]]", "# number = ", "# opens = ", "# deadline = ", "# dead = ")
    return "\n".join(ln[2:] if ln.startswith(keep) else ln for ln in text.split("\n"))


def test_a_placeholder_deadline_comes_after_its_days_opening(tmp_path):
    """Day 1 opens at 21:00 and its last post is that evening: 20:00 that day would lie before
    the opening; the guess is the next 20:00, and uncommented it loads."""
    posts = [(GM, "2026-11-28 21:00:00", "День 1."), ("Вася", "2026-11-28 23:00:00", "Петя")]
    _, path, text = draft_of(tmp_path, posts)
    assert "# deadline = 2026-11-29T20:00:00+03:00" in text
    assert "первые 20:00 после открытия дня" in text
    path.write_text(uncommented(text), encoding="utf-8")
    [d1] = game_mod.load(str(path)).days
    assert d1.opens < d1.deadline == datetime(2026, 11, 29, 20, 0, tzinfo=MSK)


def test_a_placeholder_deadline_is_not_after_the_next_days_opening(tmp_path):
    posts = [(GM, "2026-11-28 21:00:00", "День 1."), ("Вася", "2026-11-28 23:00:00", "Петя"),
             (GM, "2026-11-29 09:00:00", "День 2."), ("Петя", "2026-11-29 10:00:00", "Вася")]
    _, path, text = draft_of(tmp_path, posts)
    assert "# deadline = 2026-11-29T09:00:00+03:00" in text  # day 1 ends when day 2 opens
    path.write_text(uncommented(text), encoding="utf-8")
    d1, d2 = game_mod.load(str(path)).days
    assert d1.opens < d1.deadline <= d2.opens < d2.deadline


def test_a_placeholder_deadline_uncommented_counts(tmp_path):
    """As a newcomer does it: init, uncomment the deadline, count with the file."""
    posts = [(GM, "2026-11-28 21:00:00", "День 1."), ("Вася", "2026-11-28 23:00:00", "Петя"),
             ("Петя", "2026-11-28 23:30:00", "Вася")]
    thread, path, text = draft_of(tmp_path, posts)
    path.write_text(uncommented(text), encoding="utf-8")
    code, _, err = run(thread, "--game", path)
    assert code == 0, err
    assert "opens at or after its deadline" not in err


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.text(min_size=1, max_size=12), st.one_of(_TEXTS, st.text(max_size=40)),
                          st.integers(0, 30 * 60)), max_size=12))
def test_any_drafts_placeholder_deadlines_uncommented_load(posts):
    """Whatever the thread, a GM who uncomments every placeholder deadline gets a game file that
    loads (a draft that lists no players is refused for that, and only for that)."""
    from votecount.draft.text import draft
    from votecount.model import Post, Thread
    start = datetime(2026, 11, 28, 18, 0, tzinfo=MSK)
    made = [Post(str(i), i, 1, author, None, start + timedelta(minutes=sum(p[2] for p in posts[:i])),
                 text, text) for i, (author, text, _) in enumerate(posts, 1)]
    text = uncommented(draft(Thread("t", "mybbru", 1, tuple(made), "t.html")))
    if "\n[[players]]" not in text:
        with pytest.raises(ConfigError, match="lists no players"):
            game_mod.parse(text, "draft.toml")
        return
    g = game_mod.parse(text, "draft.toml")
    assert all(d.deadline is None or d.opens is None or d.opens < d.deadline for d in g.days)


# -- issue 28, case 5: the draft's comments are in the thread's language --------------------

def test_a_russian_threads_draft_speaks_russian_and_loads(tmp_path):
    """A Russian thread: every comment the draft writes is Russian (the markers CHECK and FILL IN
    stay), the TOML is as before, and uncommented placeholders load."""
    posts = [(GM, "2026-11-28 21:00:00", "День 1."), ("Вася", "2026-11-28 23:00:00", "Петя"),
             ("Петя", "2026-11-28 23:30:00", "Вася")]
    thread, path, text = draft_of(tmp_path, posts)
    assert 'lang = "ru"' in text
    assert "# CHECK:" in text and "# FILL IN:" in text
    for english in ("Drafted by", "Every value", "guessed because", "Players:", "the time of post",
                    "no deadline found", "who was out", "opened by the GM", "first: post"):
        assert english not in text, english
    assert "# Черновик `votecount init`" in text and "догадка" in text and "кто выбыл до этого дня" in text
    path.write_text(uncommented(text), encoding="utf-8")
    code, _, err = run(thread, "--game", path)
    assert code == 0, err


def test_an_english_threads_draft_stays_english(tmp_path):
    from votecount.draft.text import draft
    from votecount.model import Post, Thread
    start = datetime(2026, 11, 28, 18, 0, tzinfo=timezone.utc)
    made = [Post("1", 1, 1, "Host", None, start, "Day 1 start.", "Day 1 start."),
            Post("2", 2, 1, "Ann", None, start + timedelta(hours=1), "vote Bob", "vote Bob")]
    text = draft(Thread("t", "mybbru", 1, tuple(made), "t.html"), "UTC", None, "en")
    assert text.startswith("# Drafted by `votecount init` from t.html (mybbru, 1 page, 2 posts).\n")
    assert "# CHECK: the time of post 1" in text and "# FILL IN: no deadline found in post 1" in text
