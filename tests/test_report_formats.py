"""--format bbcode / markdown / csv / html: goldens of the example thread, CSV read back, escaping,
a whole game's summary, the timeline's replay."""

from __future__ import annotations

import csv
import io
import json
import re
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from threadkit import red, write

from votecount.api import CountRequest, run
from votecount.messages import say
from votecount.model import Ballot, DayResult, Note, Outcome, Post, Reading, TallyRow, Thread, Violation, Vote
from votecount.render import bbcode, csv_out, html, markdown, report, timeline
from votecount.render.json_out import day_dict

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "zarechnaya"
GOLDENS = Path(__file__).resolve().parent / "fixtures" / "games" / "zarechnaya"
MSK = timezone(timedelta(hours=3))


@pytest.fixture(scope="module")
def example():
    return run(CountRequest((str(EXAMPLE),), game=str(EXAMPLE / "game.toml")))


def check_text(text: str, golden: Path, update: bool) -> None:
    if update:
        golden.write_text(text, encoding="utf-8")
        return
    if not golden.exists():
        pytest.fail(f"golden {golden} missing: run pytest --update-goldens and check it by eye")
    assert text == golden.read_text(encoding="utf-8"), f"output differs from {golden}"


@pytest.mark.parametrize("fmt, name", [("bbcode", "count.bbcode"), ("markdown", "count.md"),
                                       ("csv", "count.csv")])
def test_example_goldens(example, fmt, name, update_goldens):
    check_text(report(fmt, example), GOLDENS / name, update_goldens)


def test_english_bbcode_of_the_example(example):
    from dataclasses import replace
    text = bbcode.render([replace(r, lang="en") for r in example])
    assert "Outcome:" in text and "[b]What changed the count (" in text and "Итог" not in text


def test_bbcode_has_colours_links_bold_outcome_and_spoilers(example):
    [day] = example
    text = bbcode.render(example)
    for row in day.tally:
        assert f"[b]{row.candidate} — {row.score:g}[/b]" in text
        for v in row.votes:
            [b] = [b for b in day.ballots if b.post.post_id == v.post_id]
            assert f"[url={b.post.url}][color={v.colour}]{v.voter}[/color][/url]" in text
    assert f"[b]Итог: {day.outcome.note}[/b]" in text
    assert text.count("[spoiler]") == text.count("[/spoiler]") == 2  # what changed the count; the history
    spoilers = re.findall(r"\[spoiler\]\n(.*?)\n\[/spoiler\]", text, re.S)
    assert len(spoilers[0].splitlines()) == len([v for v in day.violations if v.effect != "warning"])
    assert f"\nНе проголосовали: {', '.join(day.missing)}\n" in text


def test_markdown_is_a_table_with_details(example):
    [day] = example
    text = markdown.render(example)
    rows = [line for line in text.splitlines() if line.startswith("| ") and "---" not in line]
    assert len(rows) == len(day.tally) + 1  # header + one per candidate
    assert text.count('[details="') == 2 and text.count("[/details]") == 2
    assert "🔵" in text and "🔴" in text  # the doctor's blue vote and the red ones


def test_csv_reads_back_one_row_per_ballot(example):
    [day] = example
    rows = list(csv.DictReader(io.StringIO(csv_out.render(example))))
    assert [r["post_id"] for r in rows] == [b.post.post_id for b in day.ballots]
    for row, b in zip(rows, day.ballots):
        assert (row["voter"], row["status"], row["colour"], float(row["weight"])) == (b.voter, b.status, b.colour, b.weight)
        assert (row["violations"].split(";") if row["violations"] else []) == [v.code for v in b.violations]
        assert datetime.fromisoformat(row["time"]) == b.post.time
    assert "change" not in rows[0]


# --- a hand-built day: nicks that are markup in every language ---------------------------

EVIL = '<script>alert("x")</script>'


def evil_day(nick: str = EVIL) -> DayResult:
    t0 = datetime(2026, 11, 29, 10, 0, tzinfo=MSK)
    post = Post("9", 2, 1, nick, None, t0, "Петя", "<p>Петя</p>", url='https://f.example/t?p=9&x="1"')
    ballot = Ballot(nick, "vote", post, Reading("vote", "Петя", colour="red"), target="Петя", colour="red")
    bad = Post("10", 3, 1, "Петя", None, t0 + timedelta(hours=1), nick, "", url=None)
    rejected = Ballot("Петя", "vote", bad, Reading("vote", nick, colour="none"), target=nick, colour="none",
                      status="rejected",
                      violations=[Violation("no_colour", "Петя", "ignored", "RB.1", f"голос за {nick} без цвета",
                                            1, "10", 3, bad.time)])
    ballot_late = Ballot("Петя", "vote", Post("11", 4, 1, "Петя", None, t0 + timedelta(hours=12), nick, ""),
                         Reading("vote", nick, colour="red"), target=nick, colour="red", status="rejected",
                         violations=[Violation("late_vote", "Петя", "ignored", "C3.5", "late", 1, "11", 4)])
    thread = Thread(f"Тема {nick}", "mybbru", 1, (post, bad), "x.html", warnings=(Note.of("warning.edited_by_no_time", source="x.html", no=3, id="10", editor=nick),))
    return DayResult(thread=thread, rules="red-blue", day=1, deadline=t0 + timedelta(hours=10), opens=t0,
                     tally=(TallyRow("Петя", 1.0, 1.0, 0.0, 0.0, (Vote(nick, "red", 1.0, "9", t0),)),),
                     outcome=Outcome("lynch", ("Петя",), "казнен(а): Петя"),
                     ballots=(ballot, rejected, ballot_late), missing=(nick,),
                     violations=tuple(rejected.violations), roster=(nick, "Петя"),
                     flags={"early_close_at": None, "fast_night_at": t0 + timedelta(hours=9), "hammer_at": None})


def test_html_escapes_a_nick_with_a_script_tag():
    page = html.render([evil_day()])
    assert "<script>alert" not in page
    assert page.count("<script>") == 1  # the report's own tooltip script, nothing else
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in page
    assert 'href="https://f.example/t?p=9&amp;x=&quot;1&quot;"' in page
    assert page.count("data-ballot=") == 3
    assert 'data-moment="fast_night_at"' in page and 'data-moment="deadline"' in page


def test_forum_text_cannot_be_broken_by_a_nick():
    nick = "[/b][url=http://evil]x[/url]|*_"
    text = bbcode.render([evil_day(nick)])
    assert "[/b][url=http://evil]" not in text and "[url=http://evil]" not in text
    md = markdown.render([evil_day(nick)])
    assert "\\[/b\\]\\[url=http://evil\\]x\\[/url\\]\\|\\*\\_" in md


def test_html_is_self_contained(example):
    page = html.render(example)
    assert not re.search(r"<(script|link|img|iframe)[^>]*\b(src|href)=", page)
    assert "@import" not in page and "url(" not in page
    assert "prefers-color-scheme: dark" in page and 'name="viewport"' in page


def test_timeline_replay_ends_on_the_tally(example):
    [day] = example
    fr = timeline.frame(day.ballots, day.opens, day.deadline, day.flags)
    steps = timeline.replay(day.ballots, day.tally, fr.start, fr.close)
    for row in day.tally:
        assert steps[row.candidate][-1][1] == row.score
    # Петя: Вася's red, Коля's red ×2, then Анноушка's blue ×3 brings him back to 0 before the close
    petya = [v for t, v in steps["Петя"] if t < fr.close]
    assert petya[:4] == [0.0, 1.0, 3.0, 0.0]


def test_a_whole_game_has_a_section_per_day_and_a_summary(tmp_path):
    gm = ("Ведущий", "2026-11-28 20:00:00", "День 1.")
    days = ['number = 1\ndeadline = 2026-11-29T20:00:00+03:00', 'number = 2\ndeadline = 2026-11-30T20:00:00+03:00']
    posts = [gm, ("Вася", "2026-11-29 10:00:00", red("Петя")), ("Петя", "2026-11-29 10:00:00", red("Вася")),
             ("Аня", "2026-11-29 10:00:00", red("Вася")),
             ("Вася", "2026-11-30 10:00:00", red("Петя")), ("Петя", "2026-11-30 10:00:00", red("Вася")),
             ("Аня", "2026-11-30 10:00:00", red("Вася"))]
    thread, game = write(tmp_path, posts, ["Вася", "Петя", ("Аня", "doctor"), ("Коля", "prosecutor")],
                         rules="red-blue", days=days)
    results = run(CountRequest((str(thread),), game=str(game), lang="en"))
    page = html.render(results)
    assert page.count('<section class="day"') == 2 and 'id="summary"' in page
    summary = page.split('id="summary"')[1].split("</section>")[0]
    rows = dict(re.findall(r"<tr><td>([^<]+)</td>(.*?)</tr>", summary))
    assert "Day 2" in rows["Коля"].split("</td>")[-2]  # modkilled on day 2 (RB.6)
    assert re.search(r'<td class="num">2</td>', rows["Коля"])  # two missed votes
    data = json.loads(report("json", results))
    assert isinstance(data, list) and [d["day"] for d in data] == [1, 2]
    assert [d["day"] for d in map(day_dict, results)] == [1, 2]


def test_a_runoff_is_shown_in_every_format():
    from dataclasses import replace

    from votecount.model import Runoff
    base = evil_day("Вася")
    t = base.deadline + timedelta(minutes=30)
    post = Post("20", 9, 1, "Петя", None, t, "Вася", "", url="https://f.example/t?p=20")
    ballot = Ballot("Петя", "vote", post, Reading("vote", "Вася", colour="red"), target="Вася", colour="red")
    ro = Runoff("pick_one", ("Вася", "Петя"), base.deadline + timedelta(hours=1),
                tally=(TallyRow("Вася", 1.0, 1.0, 0.0, 0.0, (Vote("Петя", "red", 1.0, "20", t),)),),
                ballots=(ballot,), missing=("Маша",), counted=True)
    day = replace(base, runoff=ro, outcome=Outcome("runoff", (), "переголосовка", {"candidates": ["Вася", "Петя"]}))
    assert "[b]Переголосование (выбор одного из: Вася, Петя;" in bbcode.render([day])
    assert "[url=https://f.example/t?p=20][color=red]Петя[/color][/url]" in bbcode.render([day])
    assert "| Вася | 1 |" in markdown.render([day])
    hang = replace(day, runoff=replace(ro, mode="hang_all", tally=(
        TallyRow("pardon_all", 1.0, 1.0, 0.0, 0.0, (Vote("Петя", "none", 1.0, "20", t),)),)))
    assert "[b]помиловать всех — 1[/b]" in bbcode.render([hang])
    runoff_table = html.render([hang]).split("<h3>Переголосование")[1].split("<figure")[0]
    assert "помиловать всех" in runoff_table and "pardon_all" not in runoff_table
    rows = list(csv.DictReader(io.StringIO(csv_out.render([day]))))
    assert [r["phase"] for r in rows] == ["day", "day", "day", "runoff"]
    page = html.render([day])
    assert page.count('<svg class="timeline"') == 2 and page.count("data-ballot=") == 4
    pending = replace(day, runoff=replace(ro, counted=False, tally=(), ballots=()))
    assert "ещё не подсчитана" in bbcode.render([pending]) and "ещё не подсчитана" in html.render([pending])


def test_rb9_a_hidden_silence_is_not_in_the_forum_post(tmp_path):
    # The boss lost his vote after a double kill; the GM does not announce it (RB.9).
    posts = [("Ведущий", "2026-11-28 20:00:00", "День 1."), ("Вася", "2026-11-29 10:00:00", red("Петя")),
             ("Петя", "2026-11-29 10:01:00", red("Вася")), ("Маша", "2026-11-29 10:02:00", red("Вася"))]
    days = ['number = 1\ndeadline = 2026-11-29T20:00:00+03:00\nhidden_silenced = ["Петя"]']
    thread, game = write(tmp_path, posts, ["Вася", "Петя", "Маша"], rules="red-blue", days=days)
    results = run(CountRequest((str(thread),), game=str(game), lang="ru"))
    [v] = [v for v in results[0].violations if v.code == "silenced_voter"]
    assert v.hidden and v.player == "Петя"
    for fmt in ("bbcode", "markdown"):
        post = report(fmt, results)
        assert "лишен" not in post and "голоса в этот день" not in post


# --- the table: the violation list is printed line by line, not laid out by rich ---------------

def test_table_violation_lines_are_the_messages_with_no_control_codes(example):
    from dataclasses import replace

    from rich.text import Text

    day = example[0]
    assert day.violations
    first = day.violations[0]
    hostile = replace(first, message="пост\x1b[31m красный\x07\tконец", player="Ва\x1b]0;титул\x07ся")
    out = report("table", [replace(day, violations=(hostile, *day.violations[1:]))])
    assert "\x1b" not in out and "\x07" not in out
    assert "  Ва]0;титулся\n" in out
    assert re.search(r"пост\[31m красный +конец", out)  # the tab expanded to spaces, as rich does
    # Every other violation line is exactly what a rich Text would print for it.
    for v in day.violations[1:]:
        line = f"[{v.rule}] ({say('effect.' + v.effect, 'ru')}) "  # Russian: the effect in words, no code
        assert any(ln.strip().startswith(line) and ln.strip().endswith(Text(v.message).plain)
                   for ln in out.splitlines()), v.message
