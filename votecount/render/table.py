"""DayResult → a rich terminal report: tally, outcome, violations by player, missing voters."""

from __future__ import annotations

import re
from collections import defaultdict

from rich.console import Group
from rich.segment import Segment
from rich.table import Table
from rich.text import Text

from ..model import DayResult
from ..messages import collate, labels, say
from . import history
from .forum_post import changes_count
from .shown import PLAIN, Shown, printed
from .words import (Clock, colour_word, counted, deadline_words, interim_heading, runoff_names, term, warnings,
                    word)

STYLE = {"red": "bold red", "blue": "bold blue"}


# C0 controls and DEL (tabs are expanded, as rich does): a nick or a quoted word must not move
# the cursor or colour the terminal.
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


class Lines:
    """Lines printed as they are, each in one style. A rich Text strips control codes from
    every line it makes with str.translate (about 18 µs a Cyrillic line) and lays the lines
    out: 1,500 violation lines took 0.1 s, most of the table. Long lines are left to the
    terminal to wrap (the table is printed with soft_wrap)."""

    def __init__(self, lines: list[tuple[str, str | None]]):
        self.lines = [(_CONTROL.sub("", text).expandtabs(8), style) for text, style in lines]

    def __rich_console__(self, console, options):
        for text, style in self.lines:
            yield Segment(text, console.get_style(style) if style else None)
            yield Segment.line()


def _num(x: float) -> str:
    return f"{x:g}"


def _tally_table(rows, w, names: dict[str, str] | None = None, colours: bool = True) -> Table:
    """The tally; the red and blue columns only in a preset with colours."""
    table = Table(show_edge=False, header_style="bold")
    shown = ("candidate", "score", "red", "blue", "penalty", "voters") if colours else (
        "candidate", "score", "penalty", "voters")
    for col in shown:
        table.add_column(w[col], justify="left" if col in ("candidate", "voters") else "right")
    for row in rows:
        voters = Text()
        for i, v in enumerate(row.votes):
            if i:
                voters.append(", ")
            label = v.voter + (f" ×{_num(v.weight)}" if v.weight != 1 else "")
            voters.append(label, style=STYLE.get(v.colour, ""))
        sides = (_num(row.red), _num(row.blue)) if colours else ()
        table.add_row((names or {}).get(row.candidate, row.candidate), _num(row.score), *sides,
                      _num(row.penalty) if row.penalty else "", voters)
    return table


def day_renderables(r: DayResult, explain: bool = False, public: bool = False) -> list:
    """A day as rich renderables, section by section: the heading, the tally and the closing
    flags, the runoff, the outcome, the violations by player (with `public`, only those that
    changed the count, without ids), the missing voters, the vote history, and (with `explain`)
    each ballot's story."""
    w = labels("label", r.lang)
    clock = Clock.of_day(r)
    out = _heading(r, w, clock)
    out.append(_tally_table(r.tally, w, colours=r.colours) if r.tally else Text(w["no_votes"], style="dim"))
    for flag, when in r.flags.items():
        if when is not None:
            out.append(Text(f"{w[flag]}: {clock.time(when)}", style="bold magenta"))
    out += _runoff(r, w)
    style = "bold green" if r.outcome.kind == "lynch" else "bold yellow"
    note = r.outcome.note or say(f"kind.{r.outcome.kind}", r.lang)
    out.append(Text(f"{w['outcome']}: {note}", style=style))
    if r.modkills:
        out.append(Text(f"{w['modkills']}: {', '.join(r.modkills)}", style="bold red"))
    out += _violations(r, w, clock, public)
    label = word(r.lang, "missing_yet") if r.outcome.kind == "open" else w["missing"]
    out.append(Text(f"{label}: {', '.join(r.missing) if r.missing else w['none']}"))
    steps = history.lines(r, clock)
    if steps:
        out.append(Text(say("post.history", r.lang) + ":", style="bold"))
        out.append(Lines([(f"  {voter}: {line}", None) for voter, line in steps]))
    if explain:
        out += _stories(r, w)
    return out


def _heading(r: DayResult, w: dict, clock: Clock) -> list:
    """The game and day, the rules, pages, posts and deadline; the interim heading; the warnings."""
    t = r.thread
    head = Text(f"{r.game_title or t.title or t.source} — {w['day']} {r.day}", style="bold")
    head.append(f"  ({r.rules}; {t.engine}, {counted(r.lang, t.pages, 'pages')}, "
                f"{counted(r.lang, len(t.posts), 'posts')}; {deadline_words(r, clock)})", style="dim")
    out: list = [head]
    interim = interim_heading(r)
    if interim:
        out.append(Text(interim, style="bold cyan"))
    for warning in warnings(r):
        out.append(Text(f"{w['warnings']}: {warning}", style="yellow"))
    return out


def _runoff(r: DayResult, w: dict) -> list:
    """The runoff, when there is one: its mode, candidates and deadline, its tally, who is missing."""
    ro = r.runoff
    if ro is None:
        return []
    dl = ro.deadline.isoformat(sep=" ") if ro.deadline else w["none"]
    return [Text(f"{w['runoff']} ({w['runoff_mode_' + ro.mode]}; {', '.join(ro.candidates)}; "
                 f"{w['deadline']}: {dl})",
                 style="bold"),
            _tally_table(ro.tally, w, runoff_names(ro, r.lang), r.colours) if ro.tally else Text(w["no_votes"], style="dim"),
            Text(f"{w['runoff_missing']}: {', '.join(ro.missing) if ro.missing else w['none']}")]


def _violations(r: DayResult, w: dict, clock: Clock, public: bool = False) -> list:
    """Every violation, grouped by player (players in collation order), with rule, effect and
    post (and the code, in English); `public`: only those that changed the count, in words."""
    shown = [v for v in r.violations if changes_count(v)] if public else r.violations
    if not shown:
        return []
    by_player = defaultdict(list)
    for v in shown:
        by_player[v.player].append(v)
    lines = []
    for player in sorted(by_player, key=collate):
        lines.append((f"  {player}", "bold"))
        for v in by_player[player]:
            where = f"{w['post']} {v.post_no}, {clock.time(v.time)}: " if v.post_no else ""
            if public:
                lines.append((f"    {where}{v.message}", None))
                continue
            rule = f"[{v.rule}] " if v.rule else ""
            effect = term(r.lang, "effect", v.effect)
            code = f"{v.code} " if r.lang != "ru" else ""  # a code is English: the Russian view says the effect
            lines.append((f"    {rule}{code}({effect}) {where}{v.message}", None))
    return [Text(w["violations"] + ":", style="bold"), Lines(lines)]


def _stories(r: DayResult, w: dict) -> list:
    """--explain: each ballot and the story of how it was read and decided."""
    out = [Text(w["explain"] + ":", style="bold")]
    for b in r.ballots:
        kind = term(r.lang, "ballot", b.kind)
        colour = colour_word(r.lang, b.colour) + ", " if b.colour else ""  # none in a preset without colours
        out.append(Text(f"  #{b.post.post_no} {b.voter} → {kind} {b.target or ''} "
                        f"[{colour}×{_num(b.weight)}] {word(r.lang, b.status)}", style="bold"))
        for line in b.story:  # the nick line already names the candidates
            out.append(Text(f"      {line}"))
    return out



def render(results: list[DayResult], shown: Shown = PLAIN) -> str | None:
    """The count as tables: printed on `shown.console`, else returned as plain text 120 columns
    wide."""
    return printed(shown, 120, lambda console: _print_days(console, results, shown))


def _print_days(console, results: list[DayResult], shown: Shown) -> None:
    for i, r in enumerate(results):
        if i:
            console.print()
        parts = day_renderables(r, shown.explain, public=shown.detail == "public")
        if shown.diffs is not None:
            parts.append(Text(word(r.lang, "changes") + ":", style="bold"))
            parts += [Text(f"  {line}") for line in shown.diffs[r.day]["lines"]]
        # soft_wrap: long lines are left to the terminal to wrap (rich wrapping 1,500
        # violation lines itself took 0.3 s, longer than counting them)
        console.print(Group(*parts), soft_wrap=True)
