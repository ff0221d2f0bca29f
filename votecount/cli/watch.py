"""`votecount watch URL|DIR`: the live count for the GM during the day (votecount/watch/ runs
the rounds; this module shows them). The first round prints the count (or writes -o); each
later round prints only what changed and the alerts, rewrites -o and --html whole (a temporary
file renamed over them) when the count changed, and says nothing when nothing did. The bell
rings with an alert only on a terminal. Ctrl-C ends the watch at once; the files written are
the last count's, whole."""

from __future__ import annotations

import re
import sys
from enum import Enum
from pathlib import Path
from typing import List, Optional

import typer

from ..api import CountRequest, DEFAULT_TZ, is_url
from ..errors import VotecountError
from ..messages import say
from ..render import report
from .kit import COOKIE, COOKIES, DATE_ORDER, DELAY, MAX_BYTES, MAX_PAGE_BYTES, MAX_PAGES, MAX_TIME, RETRIES, TIMEOUT, DateOrder, Format, Lang, date_order_of, fetch_options
from .outputs import check_output, pick_format, terminal, write_out

class Until(str, Enum):
    deadline = "deadline"
    hammer = "hammer"
    never = "never"


_EVERY = re.compile(r"(\d+(?:\.\d+)?)\s*(s|sec|m|min|h)?", re.I)
_UNIT = {"": 1, "s": 1, "sec": 1, "m": 60, "min": 60, "h": 3600}


def every_seconds(text: str) -> float:
    """--every: 90, 90s, 5m, 1.5h → seconds."""
    m = _EVERY.fullmatch(text.strip())
    if not m:
        raise VotecountError(f"--every {text}: not a time between rounds (such as 300, 90s, 5m, 1h)")
    return float(m[1]) * _UNIT[(m[2] or "").lower()]


def register(app: typer.Typer) -> None:
    """Add `votecount watch` to the command line."""

    @app.command("watch")
    def watch_cmd(
        ctx: typer.Context,
        source: str = typer.Argument(..., metavar="URL|DIR", help="The vote thread's address, or a folder of pages you save by hand."),
        game: Optional[Path] = typer.Option(None, "--game", "-g", help="The game file (game.toml): roster, GM, days, rules."),
        every: str = typer.Option("5m", "--every", help="Time between rounds: seconds (90) or 90s, 5m, 1h; at least a minute for a forum on the internet."),
        output: Optional[Path] = typer.Option(None, "--output", "-o", help="Rewrite this file with the current count after each change; a URL's pages and the watch's state go beside it (day2.pages/ for -o day2.bbcode)."),
        fmt: Optional[Format] = typer.Option(None, "--format", "-f", help="Format of the count (default: from the extension of -o, else table)."),
        html: Optional[Path] = typer.Option(None, "--html", help="Also keep this HTML report, which reloads itself in the browser."),
        until: Until = typer.Option(Until.deadline, "--until", help="What ends the watch: deadline (one final count once it has passed), hammer (the hammer or the deadline), never."),
        rounds: Optional[int] = typer.Option(None, "--rounds", min=1, help="Stop after this many rounds (scripts, tests)."),
        pages: Optional[Path] = typer.Option(None, "--pages", help="Folder for a URL's pages and the watch's state (default: beside -o; without -o a temporary one)."),
        rules: Optional[str] = typer.Option(None, "--rules", "-r", help="Preset or rules .toml, without --game."),
        day: Optional[int] = typer.Option(None, "--day", help="Watch this day (default: the last day open)."),
        tz: Optional[str] = typer.Option(None, "--tz", help=f"Time zone (default: the game's, else the pages', else {DEFAULT_TZ} for a Russian page)."),
        lang: Optional[Lang] = typer.Option(None, "--lang", help="Language of the count and of the lines watch prints."),
        engine: Optional[str] = typer.Option(None, "--engine", help="Forum engine, when detection fails."),
        delay: float = DELAY, cookies: Optional[Path] = COOKIES, cookie: Optional[List[str]] = COOKIE,
        max_pages: int = MAX_PAGES, max_page_bytes: int = MAX_PAGE_BYTES, max_bytes: int = MAX_BYTES,
        max_time: float = MAX_TIME, timeout: float = TIMEOUT, retries: int = RETRIES,
        date_order: Optional[DateOrder] = DATE_ORDER,
    ):
        """Watch a vote thread during the day: count it again every few minutes and say what changed."""
        if source == "-":
            raise VotecountError("watch -: standard input is read once; give a URL or a folder of pages")
        check_output(output, [source], game)
        check_output(html, [source], game)
        if output is not None and html is not None and output.resolve() == html.resolve():
            raise VotecountError(f"--html {html}: the same file as -o; give another")
        chosen = pick_format(fmt, output, Format, "watch")
        count = CountRequest((source,), game=None if game is None else str(game), rules=rules, day=day,
                             zone=tz, lang=lang.value if lang else None, engine=engine,
                             fetch=fetch_options(ctx.params, threads=[source]), date_order=date_order_of(date_order))
        from ..watch.loop import WatchRequest
        folder = pages if pages is not None else (output.with_name(output.stem + ".pages") if output else None)
        request = WatchRequest(source, count, every=every_seconds(every), until=until.value, rounds=rounds,
                               pages=None if folder is None or not is_url(source) else str(folder))
        _run(request, _Targets(chosen, output, html))


class _Targets:
    """Where the rounds go: the count's format, -o, --html."""

    def __init__(self, fmt: str, output: Optional[Path], html: Optional[Path]):
        self.fmt, self.output, self.html = fmt, output, html


def _run(request, shown: _Targets) -> None:
    from ..watch.loop import rounds
    for rnd in rounds(request):
        for note in rnd.notes:
            typer.echo(f"votecount: {note}", err=True)
        if rnd.resumed:
            typer.echo(say("watch.resumed", rnd.lang, time=rnd.resumed))
        if rnd.changed:
            _write(rnd, shown, refresh=request.every)
        _say_changes(rnd)
        if rnd.stop:
            typer.echo(f"votecount: {say('watch.stop_' + rnd.stop, rnd.lang, n=rnd.number)}", err=True)


def _write(rnd, shown: _Targets, *, refresh: float) -> None:
    """The count to -o (or, the first time without -o, to standard output) and to --html."""
    results = list(rnd.results)
    if shown.output is not None:
        write_out(report(shown.fmt, results), shown.output)
        if rnd.number == 1:
            typer.echo(f"votecount: {say('watch.written', rnd.lang, file=shown.output)}", err=True)
    elif rnd.number == 1:
        text = report(shown.fmt, results, console=terminal(shown.fmt, None))
        if text is not None:
            write_out(text, None)
    if shown.html is not None:
        write_out(reloading(report("html", results, previous=rnd.previous), refresh), shown.html)


def reloading(page: str, seconds: float) -> str:
    """The HTML report with a refresh meta tag: the browser reloads it every round."""
    tag = f'<meta http-equiv="refresh" content="{max(1, round(seconds))}">'
    return page.replace('<meta charset="utf-8">', f'<meta charset="utf-8">\n{tag}', 1)


def _say_changes(rnd) -> None:
    """The round's heading, what changed and the alerts (the bell with them on a terminal)."""
    if not rnd.changes and not rnd.alerts:
        return
    typer.echo(say("watch.round", rnd.lang, time=rnd.at.strftime("%H:%M:%S"), n=rnd.number))
    for line in rnd.changes:
        typer.echo(f"  {line}")
    for alert in rnd.alerts:
        typer.echo(say("watch.alert", rnd.lang, text=alert))
    if rnd.alerts and sys.stdout.isatty():
        sys.stdout.write("\a")
        sys.stdout.flush()
