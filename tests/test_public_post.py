"""Issue 29: the public post (bbcode, markdown) apart from the GM's working view (table, --explain,
--full): the heading and deadline as people write them, voters in the order they voted, "штраф +2",
the majority line and L-1, no empty sections, only the violations that changed the count, absolute
links, the vote history in every format, --public/--full, -f md, --template, and Russian output
with no Latin letters outside nicks, links and code."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from dataclasses import replace
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from threadkit import red, write

from votecount.api import CountRequest, run
from votecount.render import bbcode, markdown, report
from votecount.render.forum_post import changes_count
from votecount.render.template import SHIPPED, fill, parse, shipped
from votecount.render.words import Clock, counted, post_link, zone_label

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "zarechnaya"
GAME = EXAMPLE / "game.toml"
MSK = timezone(timedelta(hours=3))
RULE_ID = re.compile(r"\b(?:C3|RB|PC|H)\.\d+\b")


@pytest.fixture(scope="module")
def final():
    return run(CountRequest((str(EXAMPLE),), game=str(GAME)))


@pytest.fixture(scope="module")
def interim():
    return run(CountRequest((str(EXAMPLE),), game=str(GAME), at="2026-11-29T14:00"))


def test_the_final_post_reads_as_a_gm_writes_it(final):
    text = bbcode.render(final)
    lines = text.splitlines()
    assert lines[0] == "[b]Мафия на Заречной — день 1: итоги[/b]"
    assert lines[1] == "дедлайн 29.11 в 20:00 МСК"  # the zone once, no seconds
    assert "[b]Ёжик — 3[/b]: [url=https://zarechnaya.rolka.me/viewtopic.php?pid=307#p307][color=red]Оля Смирнова[/color][/url], штраф +2" in lines
    assert "[b]Dimon_88 — 2[/b]: штраф +2" in lines
    assert "\nНе проголосовали: Dimon_88, Ёжик\n" in text
    assert "[b]Итог: казнён(а) Ёжик[/b]" in lines
    assert "(+2 штраф)" not in text and ":00:00" not in text and "+03:00" not in text


def test_the_post_lists_voters_in_the_order_they_voted(final):
    [day] = final
    row = next(r for r in day.tally if r.candidate == "Петя")
    shuffled = replace(day, tally=tuple(replace(r, votes=tuple(reversed(r.votes))) if r is row else r
                                        for r in day.tally))
    line = next(ln for ln in bbcode.render([shuffled]).splitlines() if ln.startswith("[b]Петя — "))
    names = re.findall(r"\[color=\w+\]([^\[]+)\[/color\]", line)
    by_time = [v.voter for v in sorted(row.votes, key=lambda v: v.time)]
    assert names == by_time == ["Вася", "Коля", "Анноушка"]


def test_the_post_shows_only_what_changed_the_count_without_rule_ids(final):
    [day] = final
    text = bbcode.render(final)
    spoiler = re.search(r"\[b\]Что изменило подсчёт \((\d+)\)\[/b\]\n\[spoiler\]\n(.*?)\n\[/spoiler\]", text, re.S)
    changed = [v for v in day.violations if changes_count(v)]
    assert int(spoiler.group(1)) == len(changed) == len(spoiler.group(2).splitlines()) == 5
    assert "пост без голоса" not in text  # chatter is a warning: it changed nothing
    assert not RULE_ID.search(text) and "unknown_nick" not in text and "missed_vote" not in text
    # the edit's time as the post writes times, not the message's ISO stamp
    assert "пост с голосом отредактирован в 28.11 21:05 — голос против себя" in text


def test_the_full_post_carries_every_violation_with_its_rule(final):
    [day] = final
    text = report("bbcode", final, detail="full")
    assert f"[b]Нарушения ({len(day.violations)})[/b]" in text
    assert "[C3.1]" in text and "[RB.5]" in text and "пост без голоса" in text


def test_the_interim_post_says_interim_and_has_no_empty_sections(interim):
    text = bbcode.render(interim)
    assert text.startswith("[b]Мафия на Заречной — день 1[/b]\n[b]Промежуточный подсчёт на 14:00 (до конца дня 6 ч)[/b]\n"
                           "дедлайн 29.11 в 20:00 МСК\n")
    assert "\nЕщё не проголосовали: Dimon_88, Ёжик\n" in text
    assert "[b]Пока впереди: Вася, Ёжик, Маша[/b]" in text
    assert "(0)" not in text and "[spoiler]\nнет" not in text and "штраф" not in text


def test_a_post_where_everyone_voted_has_no_missing_line(final):
    [day] = final
    text = bbcode.render([replace(day, missing=())])
    assert "проголосовали" not in text.lower()


def _majority_day(tmp_path, at=None):
    posts = [("Ведущий", "2026-11-28 20:00:00", "День 1."),
             ("Аня", "2026-11-29 10:00:00", red("Петя")), ("Боря", "2026-11-29 10:05:00", red("Петя")),
             ("Вова", "2026-11-29 11:00:00", red("Аня"))]
    thread, game = write(tmp_path, posts, ["Аня", "Боря", "Вова", "Петя", "Гена", "Дина", "Ева"],
                         rules="red-blue", overrides='majority = "half+1"')
    return run(CountRequest((str(thread),), game=str(game), at=at))


def test_H13_the_interim_post_names_who_is_one_vote_from_majority(tmp_path):
    days = _majority_day(tmp_path, at="2026-11-29T12:00")
    [day] = days
    assert day.majority == 4 and len(day.roster) == 7
    text = bbcode.render(days)
    assert "живых 7 — для казни нужно 4" in text and "в шаге от казни" not in text  # Петя has 2: two short
    near = replace(day, tally=tuple(replace(r, score=3.0) if r.candidate == "Петя" else r for r in day.tally))
    assert "живых 7 — для казни нужно 4; в шаге от казни: Петя" in bbcode.render([near])
    data = json.loads(report("json", [near]))
    assert data["majority"] == {"alive": 7, "need": 4, "one_short": ["Петя"]}
    en = markdown.render([replace(near, lang="en")])
    assert "7 alive — 4 to eliminate; L-1: Петя" in en


def test_without_a_majority_rule_there_is_no_majority_line(final):
    [day] = final
    assert day.majority is None and "для казни нужно" not in bbcode.render(final)
    assert json.loads(report("json", final))["majority"] is None


def test_history_in_every_format(final):
    [day] = final
    expected = "Петя: Вася 28.11 20:30 → Коля 15:00"
    assert f"• {expected}" in bbcode.render(final)
    assert f"- {expected}" in markdown.render(final)
    assert expected in report("table", final)
    assert "Коля 15:00" in report("html", final)
    [petya] = [h for h in json.loads(report("json", final))["history"] if h["voter"] == "Петя"]
    assert [(b["target"], b["status"]) for b in petya["ballots"]] == [("Вася", "superseded"), ("Коля", "counted")]
    assert all(b["time"].endswith("+03:00") for b in petya["ballots"])  # full ISO only in JSON


def test_history_leaves_out_rejected_ballots(final):
    [day] = final
    data = json.loads(report("json", final))
    voters = {h["voter"] for h in data["history"]}
    rejected_only = {b.voter for b in day.ballots} - {b.voter for b in day.ballots if b.status != "rejected"}
    assert rejected_only and not voters & rejected_only  # Dimon_88's misspelled nick changed nothing


# --- links that work once pasted ---------------------------------------------------------

@pytest.mark.parametrize("url, base, expected", [
    ("https://f.example/t?p=9#p9", None, "https://f.example/t?p=9#p9"),
    ("?comment=11", "https://www.curseforge.example/forums/thread/5", "https://www.curseforge.example/forums/thread/5?comment=11"),
    ("?comment=11", None, None),
    ("viewtopic.php?pid=3#p3", "file:///home/gm/page.html", None),
    (None, "https://f.example/t", None),
])
def test_a_post_link_is_absolute_or_none(url, base, expected):
    assert post_link(url, base) == expected


def test_a_relative_post_link_is_never_written(final):
    [day] = final
    relative = tuple(replace(b, post=replace(b.post, url=f"?comment={b.post.post_no}")) for b in day.ballots)
    text = bbcode.render([replace(day, ballots=relative)])
    assert "[url=" not in text
    with_address = replace(day, ballots=relative, thread=replace(day.thread, url="https://f.example/t/5"))
    assert "[url=https://f.example/t/5?comment=4]" in bbcode.render([with_address])


# --- times as people write them ----------------------------------------------------------

def _clock(times, deadline=datetime(2026, 11, 29, 20, 0, tzinfo=MSK), lang="ru"):
    class Day:  # what Clock.of_day reads of a day
        pass
    day = Day()
    day.deadline, day.lang = deadline, lang
    return Clock.of_day(day, times)


def test_seconds_only_where_two_times_share_a_minute_or_at_the_deadline():
    a = datetime(2026, 11, 29, 14, 12, 5, tzinfo=MSK)
    b = datetime(2026, 11, 29, 14, 12, 50, tzinfo=MSK)
    late = datetime(2026, 11, 29, 20, 0, 30, tzinfo=MSK)
    c = _clock([a, b, late, datetime(2026, 11, 29, 19, 40, 7, tzinfo=MSK)])
    assert (c.time(a), c.time(b), c.time(late)) == ("14:12:05", "14:12:50", "20:00:30")
    assert c.time(datetime(2026, 11, 29, 19, 40, 7, tzinfo=MSK)) == "19:40"
    assert c.time(datetime(2026, 11, 29, 11, 5, 10, tzinfo=timezone.utc)) == "14:05"  # in the game's zone
    assert c.time(datetime(2026, 11, 28, 21, 5, tzinfo=MSK)) == "28.11 21:05"  # another date: said


@given(st.integers(min_value=-12 * 60, max_value=14 * 60).map(lambda m: m - m % 15))
def test_the_zone_is_said_once_as_people_write_it(minutes):
    t = datetime(2026, 11, 29, 20, 0, tzinfo=timezone(timedelta(minutes=minutes)))
    ru, en = zone_label(t, "ru"), zone_label(t, "en")
    assert ru.startswith("МСК") and not re.search(r"[A-Za-z]", ru)
    assert (ru == "МСК") == (minutes == 180)
    assert en == "UTC" if minutes == 0 else en[:4] in ("UTC+", "UTC−")
    assert (":" in en) == bool(minutes % 60)


@given(st.integers(min_value=0, max_value=10_000))
def test_counted_words_agree_with_the_number(n):
    ru, en = counted("ru", n, "pages"), counted("en", n, "pages")
    last, tens = n % 10, n % 100
    want = "страница" if last == 1 and tens != 11 else (
        "страницы" if last in (2, 3, 4) and tens not in (12, 13, 14) else "страниц")
    assert ru == f"{n} {want}" and en == f"{n} {'page' if n == 1 else 'pages'}"


# --- the command line: --public/--full, -f md, --template ---------------------------------

def _votecount(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "votecount", *args], capture_output=True, text=True,
                          cwd=cwd, encoding="utf-8")


def test_f_md_the_public_switch_and_full(tmp_path):
    md = _votecount(str(EXAMPLE), "--game", str(GAME), "-f", "md")
    assert md.returncode == 0 and "| Кандидат | Счёт | Голоса |" in md.stdout
    public = _votecount(str(EXAMPLE), "--game", str(GAME), "--public")
    assert public.returncode == 0 and "пост без голоса" not in public.stdout and "[C3" not in public.stdout
    full = _votecount(str(EXAMPLE), "--game", str(GAME), "-f", "bbcode", "--full")
    assert full.returncode == 0 and "[C3.5]" in full.stdout


@pytest.mark.parametrize("name", SHIPPED)
def test_the_shipped_templates_write_the_post(final, interim, name):
    template = (name, parse(shipped(name), name))
    text = fill(template, final)
    assert "Мафия на Заречной — день 1: итоги" in text and "штраф +2" in text
    assert "Итог: казнён(а) Ёжик" in text and "дедлайн 29.11 в 20:00 МСК" in text
    assert "Петя: Вася 28.11 20:30 → Коля 15:00" in text
    early = fill(template, interim)
    assert "Пока впереди: Вася, Ёжик, Маша" in early and "Ещё не проголосовали: Dimon" in early


def test_template_option_and_its_errors(tmp_path):
    good = tmp_path / "mine.j2"
    good.write_text("{% for d in days %}{{ d.day }}: {{ d.outcome.note }} / {{ deadline(d.day) }}\n{% endfor %}",
                    encoding="utf-8")
    out = _votecount(str(EXAMPLE), "--game", str(GAME), "--template", str(good))
    assert (out.returncode, out.stdout) == (0, "1: казнён(а) Ёжик / дедлайн 29.11 в 20:00 МСК\n")
    bad = tmp_path / "bad.j2"
    bad.write_text("ok\n{% for d in days %}", encoding="utf-8")
    out = _votecount(str(EXAMPLE), "--game", str(GAME), "--template", str(bad))
    assert out.returncode == 2 and out.stderr.count("\n") == 1 and f"{bad}: line 2:" in out.stderr
    escape = tmp_path / "escape.j2"
    escape.write_text("{{ days.__class__.__mro__ }}", encoding="utf-8")  # the sandbox: data only
    out = _votecount(str(EXAMPLE), "--game", str(GAME), "--template", str(escape))
    assert out.returncode in (0, 2) and "object" not in out.stdout and "Traceback" not in out.stderr


# --- Russian output has no Latin letters outside nicks, links and code ----------------------

_CODE = [re.compile(p, re.S) for p in (
    r"<style.*?</style>", r"<script.*?</script>", r"<svg.*?</svg>", r"<[^>]*>", r"&\w+;",  # HTML markup
    r"\[/?(?:b|spoiler|url|color|details)[^\]]*\]", r"\]\(<[^>]*>\)",  # BBCode, Markdown links
    r"https?://\S+", r"\b(?:C3|RB|PC|H)\.\d+\b",  # addresses, rule ids
    r"«[^»]*»",  # what a player wrote, quoted
)]


def latin_outside_nicks(text: str, day) -> list[str]:
    for pattern in _CODE:
        text = pattern.sub(" ", text)
    nicks = {*day.roster, *(p.author for p in day.thread.posts)}
    for word in sorted({*nicks, *map(markdown.escape, nicks), day.rules, day.thread.engine, "votecount"},
                       key=len, reverse=True):
        text = text.replace(word, " ")
    return re.findall(r"[^\s]*[A-Za-z][^\s]*", text)


@pytest.mark.parametrize("fmt, detail", [("bbcode", None), ("markdown", None), ("bbcode", "full"),
                                         ("markdown", "full"), ("table", None), ("table", "public"),
                                         ("html", None), ("html", "full")])  # JSON, CSV: codes by contract
def test_russian_output_has_no_latin_outside_nicks_links_and_code(final, interim, fmt, detail):
    for days in (final, interim):
        text = report(fmt, days, detail=detail)
        assert latin_outside_nicks(text, days[0]) == [], fmt


def test_the_latin_check_fails_on_an_english_word(final):
    assert latin_outside_nicks("Итог: penalty +2, Dimon_88 [b]ok[/b] C3.4 «Pass»", final[0]) == ["penalty", "ok"]


def test_the_readme_shows_both_posts_as_they_render(final, interim):
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    for days in (interim, final):
        assert "\n```\n" + bbcode.render(days) + "```\n" in text


# --- the HTML report -----------------------------------------------------------------------

def test_the_html_legend_is_drawn_with_the_marks_own_shapes(final):
    from votecount.render import timeline
    text = report("html", final)
    legend = re.search(r'<figcaption class="legend">(.*?)</figcaption>', text, re.S).group(1)
    for status, shape in (("counted", "<circle"), ("superseded", "<circle"), ("rejected", "<path")):
        assert re.search(rf'<g class="mark [a-z]+ {status}[^"]*">{shape}', legend), status
    assert legend == timeline.key("ru")
    # every kind of mark the chart draws has its key
    drawn = set(re.findall(r'class="mark (\w+ \w+)( late)?"', text.split("<figcaption")[0]))
    keyed = set(re.findall(r'<g class="mark (\w+ \w+)( late)?">', legend))
    assert {status for _, status in [d[0].split() for d in drawn]} <= {k[0].split()[1] for k in keyed}


def test_the_html_candidate_filter_names_every_candidate(final):
    [day] = final
    text = report("html", final)
    options = re.findall(r'<option value="([^"]*)">', text)
    assert options == ["", *(row.candidate for row in day.tally)]
    assert all(f'data-target="{b.target}"' in text for b in day.ballots if b.target)


def test_html_violations_are_grouped_and_collapsed_from_twelve(final):
    [day] = final
    many = replace(day, violations=day.violations * 2)  # 14
    text = report("html", [many])
    groups = re.findall(r'<details class="kind"><summary>([^<]+) <span class="rule">', text)
    assert len(groups) == len({v.code for v in day.violations}) and "нет засчитанного голоса" in groups
    assert '<details class="kind">' not in report("html", final)  # 7: one open list


def test_the_html_report_of_a_game_has_the_who_voted_whom_matrix(final):
    [day] = final
    second = replace(day, day=2)
    text = report("html", [day, second])
    matrix = re.search(r'<table class="matrix">(.*?)</table>', text, re.S).group(1)
    row = re.search(r"<tr><th>Оля Смирнова</th>(.*?)</tr>", matrix).group(1)
    targets = re.findall(r"<th>([^<]+)</th>", matrix.split("</thead>")[0])
    assert re.findall(r'<td class="num">([^<]*)</td>', row)[targets.index("Ёжик")] == "1, 2"


def test_the_public_csv_is_the_who_voted_whom_matrix(final):
    import csv
    import io
    [day] = final
    rows = list(csv.reader(io.StringIO(report("csv", [day, replace(day, day=2)], detail="public"))))
    head, body = rows[0], {r[0]: dict(zip(rows[0][1:], r[1:])) for r in rows[1:]}
    assert head[0] == "voter" and set(head[1:]) == {b.target for b in day.ballots if b.status == "counted" and b.kind == "vote"}
    assert body["Оля Смирнова"]["Ёжик"] == "1;2" and body["Петя"]["Коля"] == "1;2"
    assert "Вася" not in head  # Петя's vote on Вася was replaced: only counted votes are in the matrix
    assert report("csv", final).startswith("day,phase,")  # the working view: a row per ballot


@pytest.mark.parametrize("fmt, name", [("bbcode", "bbcode.j2"), ("markdown", "markdown.j2")])
def test_a_copy_of_the_shipped_template_writes_what_the_format_writes(tmp_path, fmt, name):
    mine = tmp_path / name
    mine.write_text(shipped(name), encoding="utf-8")
    for at in ((), ("--at", "14:00")):
        copy = _votecount(str(EXAMPLE), "--game", str(GAME), "--template", str(mine), *at)
        built_in = _votecount(str(EXAMPLE), "--game", str(GAME), "-f", fmt, *at)
        assert copy.returncode == built_in.returncode == 0 and copy.stdout == built_in.stdout
    edited = tmp_path / "edited.j2"  # a GM's edit: the history left out, the outcome first
    edited.write_text(shipped(name).replace("{% if d.history %}", "{% if false %}"), encoding="utf-8")
    out = _votecount(str(EXAMPLE), "--game", str(GAME), "--template", str(edited))
    assert out.returncode == 0 and "История голосов" not in out.stdout and "Итог: казнён(а) Ёжик" in out.stdout


def test_the_posts_table_speaks_the_threads_language(final):
    ru = _votecount("posts", str(EXAMPLE))
    assert ru.returncode == 0 and "(mybbru, 2 страницы)" in ru.stdout and "автор" in ru.stdout
    assert latin_outside_nicks(ru.stdout, final[0]) == []
    en = _votecount("posts", str(ROOT / "tests" / "fixtures" / "games" / "bold-vote"))
    assert en.returncode == 0 and "1 page)" in en.stdout and "author" in en.stdout and "автор" not in en.stdout


def test_a_title_that_names_the_day_is_not_followed_by_the_day_again():
    example = Path(__file__).resolve().parent.parent / "examples" / "zarechnaya"
    [interim] = run(CountRequest((str(example),)))  # no game file: the thread's title "Голосование, день 1"
    assert bbcode.render([interim]).splitlines()[0] == "[b]Голосование, день 1[/b]"
    [final] = run(CountRequest((str(example),), game=str(example / "game.toml")))  # the game's title
    assert bbcode.render([final]).splitlines()[0] == "[b]Мафия на Заречной — день 1: итоги[/b]"
