"""The command line: parse options, call the pipeline, render (errors are mapped to exit
codes once, by the group in kit.py).

`votecount THREAD…` is the count itself (the `count` command, chosen when the first
argument is not a command name); `votecount posts THREAD…` shows what the parser extracted;
`votecount fetch URL -o DIR` saves a live thread. A THREAD may be an http(s) URL.
Heavy modules are imported inside the commands so `votecount --version` starts fast.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import List, Optional

import typer

from .. import __version__
from .kit import COOKIE, COOKIES, DATE_ORDER, DELAY, INTERRUPTED, MAX_BYTES, MAX_PAGE_BYTES, MAX_PAGES, MAX_TIME, RETRIES, TIMEOUT, ActivityFormat, BatchFormat, DateOrder, DefaultToCount, Format, Lang, PostsFormat, interrupted, leave_now, date_order_of, fetch_options
from ..api import DEFAULT_TZ, note_text
from ..errors import VotecountError
from ..render import Shown, render
from .outputs import check_output, format_note, one_line, pick_format, terminal, write_out



app = typer.Typer(cls=DefaultToCount, add_completion=False, no_args_is_help=True,
                  rich_markup_mode=None, pretty_exceptions_enable=False,
                  context_settings={"help_option_names": ["-h", "--help"]},
                  help="Count forum-mafia vote threads exactly, and explain the count.",
                  epilog="An interim count during the day: votecount thread.html --at 14:00 -f bbcode")



def _version(value: bool):
    if value:
        typer.echo(f"votecount {__version__}")
        raise typer.Exit()


@app.callback()
def main_callback(version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                               help="Print the version and exit.")):
    """Count forum-mafia vote threads exactly, and explain the count."""



@app.command("count")
def count_cmd(
    ctx: typer.Context,
    threads: List[str] = typer.Argument(..., metavar="THREAD...", help="Saved page(s), a folder of pages, a .zip, an http(s) URL, or - for standard input."),
    game: Optional[Path] = typer.Option(None, "--game", "-g", help="The game file (game.toml): roster, GM, days, rules."),
    rules: Optional[str] = typer.Option(None, "--rules", "-r", help="Preset (classic, red-blue, pass-catastrophe, bold-vote) or a rules .toml file; not with --game (the game file sets them)."),
    day: Optional[int] = typer.Option(None, "--day", help="Count only this day."),
    deadline: Optional[str] = typer.Option(None, "--deadline", help="Deadline: ISO 8601 (2026-11-29T20:00, 2026-11-29 20:00+03:00) or HH:MM[:SS] on the last post's day; not with a game file's [[days]]."),
    tz: Optional[str] = typer.Option(None, "--tz", help=f"Time zone, an IANA name (default: the game's, else the one the pages state, else {DEFAULT_TZ} for a Russian page, UTC for another)."),
    at: Optional[str] = typer.Option(None, "--at", help="Count as of this moment (ISO 8601 or HH:MM[:SS]); before the deadline the count is interim."),
    fmt: Optional[Format] = typer.Option(None, "--format", "-f", help="Output format (default: from the extension of -o, else table)."),
    lang: Optional[Lang] = typer.Option(None, "--lang", help="Language of messages (default: Russian for Russian games)."),
    explain: bool = typer.Option(False, "--explain", help="Show each ballot's story and every fuzzy nick decision."),
    public: Optional[bool] = typer.Option(None, "--public/--full", help="The players' view (what changed the count, in words) or the GM's (every violation with its rule id); default: public for bbcode and markdown, full for the rest."),
    template: Optional[Path] = typer.Option(None, "--template", metavar="FILE.j2", help="Write the count through this Jinja2 template (over the JSON of the count) instead of a format."),
    output: Optional[Path] = typer.Option(None, "--output", "-o", help="Write to this file (never an input); its extension picks the format when -f is not given."),
    engine: Optional[str] = typer.Option(None, "--engine", help="Forum engine, when detection fails."),
    saved_at: Optional[str] = typer.Option(None, "--saved-at", help="When the page was saved (for 'Сегодня 19:45'): ISO 8601."),
    strict: bool = typer.Option(False, "--strict", help="Exit 1 when the count has violations; exit 2 when the pages are not the whole thread."),
    diff: Optional[Path] = typer.Option(None, "--diff", metavar="PREVIOUS.json",
                                        help="Show what changed since an earlier --format json count."),
    jobs: Optional[int] = typer.Option(None, "--jobs", "-j", min=1,
                                       help="Processes reading a long thread: pages from 8, ballots from 400 posts (default: one per core)."),
    delay: float = DELAY, cookies: Optional[Path] = COOKIES, cookie: Optional[List[str]] = COOKIE,
    max_pages: int = MAX_PAGES, max_page_bytes: int = MAX_PAGE_BYTES, max_bytes: int = MAX_BYTES,
    max_time: float = MAX_TIME, timeout: float = TIMEOUT, retries: int = RETRIES,
    date_order: Optional[DateOrder] = DATE_ORDER,
):
    """Count the votes of a saved thread (the default command).

    Before the deadline the count is interim (no missed votes yet):

    \b
      votecount thread.html --at 14:00 -f bbcode
    """
    check_output(output, threads, game, diff, rules, cookies, template)
    chosen = pick_format(fmt, output, Format, "count")
    detail = None if public is None else ("public" if public else "full")
    own = None
    if template is not None:  # read first: a bad one fails before the count (imported only then)
        from ..render.template import load
        own = load(template)
    from ..api import CountRequest, check_whole, run
    previous = None
    if diff is not None:  # read first: a bad file fails before the (slower) count
        from ..render.diff import load_previous
        previous = load_previous(diff)
    fetch = fetch_options(ctx.params, threads=threads)
    results = run(CountRequest(tuple(threads), game=None if game is None else str(game), rules=rules, day=day,
                               deadline=deadline, zone=tz, at=at, lang=lang, engine=engine,
                               saved_at=saved_at, fetch=fetch, jobs=jobs,
                               date_order=date_order_of(date_order)))
    if strict:  # part of a thread is bad input under --strict (exit 2), before anything is written
        check_whole(results)
    _write_report(chosen, results, explain=explain, previous=previous, output=output, detail=detail,
                  template=own)
    if own is None:
        format_note(fmt, output, chosen)
    if strict and any(r.violations for r in results):
        raise typer.Exit(1)


def _write_report(fmt: str, results, *, explain: bool, previous, output: Optional[Path], detail,
                  template=None) -> None:
    """The count in `fmt`, or through the GM's own `template` (--template) when given."""
    if template is not None:
        from ..render.template import fill
        return _write(fill(template, results, explain=explain), output)
    from ..render import report
    _write(report(fmt, results, explain=explain, previous=previous, console=terminal(fmt, output),
                  detail=detail), output)


@app.command("posts")
def posts_cmd(
    ctx: typer.Context,
    threads: List[str] = typer.Argument(..., metavar="THREAD...", help="Saved page(s), a folder, a .zip, an http(s) URL, or -."),
    fmt: Optional[PostsFormat] = typer.Option(None, "--format", "-f", help="Output format (default: from the extension of -o, else table)."),
    tz: str = typer.Option(DEFAULT_TZ, "--tz", help="Zone of the page's text timestamps."),
    engine: Optional[str] = typer.Option(None, "--engine", help="Forum engine, when detection fails."),
    saved_at: Optional[str] = typer.Option(None, "--saved-at", help="When the page was saved (for 'Сегодня 19:45'): ISO 8601."),
    output: Optional[Path] = typer.Option(None, "--output", "-o", help="Write to this file (never an input); its extension picks the format when -f is not given."),
    delay: float = DELAY, cookies: Optional[Path] = COOKIES, cookie: Optional[List[str]] = COOKIE,
    max_pages: int = MAX_PAGES, max_page_bytes: int = MAX_PAGE_BYTES, max_bytes: int = MAX_BYTES,
    max_time: float = MAX_TIME, timeout: float = TIMEOUT, retries: int = RETRIES,
    date_order: Optional[DateOrder] = DATE_ORDER,
):
    """Show the posts the parser extracted (to check a parser on your forum)."""
    check_output(output, threads, cookies)
    chosen = pick_format(fmt, output, PostsFormat, "posts")
    from ..api import CountRequest, open_request
    fetch = fetch_options(ctx.params, threads=threads)
    thread, _, _ = open_request(CountRequest(tuple(threads), zone=tz, engine=engine, saved_at=saved_at,
                                             fetch=fetch, date_order=date_order_of(date_order)))
    for w in thread.warnings:
        typer.echo(f"votecount: warning: {note_text(w, 'en')}", err=True)
    from ..api import thread_language  # the table's words: the thread's own language
    shown = Shown(console=terminal(chosen, output), lang=thread_language(thread))
    _write(render(chosen, "posts", thread, shown), output)
    format_note(fmt, output, chosen)


@app.command("init")
def init_cmd(
    threads: List[str] = typer.Argument(..., metavar="THREAD...", help="The game's thread: saved page(s), a folder, a .zip, or -."),
    output: Optional[Path] = typer.Option(None, "--output", "-o", help="Write the draft to this file (default: standard output)."),
    force: bool = typer.Option(False, "--force", help="Overwrite the -o file if it exists."),
    tz: Optional[str] = typer.Option(None, "--tz", help=f"Time zone of the game and of the page's text timestamps (default: the zone the page states, else {DEFAULT_TZ} for a Russian page, UTC for another)."),
    engine: Optional[str] = typer.Option(None, "--engine", help="Forum engine, when detection fails."),
    saved_at: Optional[str] = typer.Option(None, "--saved-at", help="When the page was saved (for 'Сегодня 19:45'): ISO 8601."),
    date_order: Optional[DateOrder] = DATE_ORDER,
):
    """Draft a game file from a thread: GM, roster, days, rules preset, each with a comment to check."""
    check_output(output, threads)
    if output is not None and output.exists() and not force:
        raise VotecountError(f"{output} exists; add --force to overwrite it")
    from ..api import CountRequest, draft_game
    text, warnings = draft_game(CountRequest(tuple(threads), zone=tz, engine=engine, saved_at=saved_at,
                                             date_order=date_order_of(date_order)))
    write_out(text, output)
    for w in warnings:
        typer.echo(f"votecount: warning: {one_line(w)}", err=True)
    if output is not None:
        typer.echo(f"votecount: drafted {output}: check every line marked CHECK or FILL IN", err=True)


@app.command("activity")
def activity_cmd(
    threads: List[str] = typer.Argument(..., metavar="THREAD...", help="The game thread (not the vote thread): page(s), a folder, a .zip, or -."),
    game: Optional[Path] = typer.Option(None, "--game", "-g", help="The game file (roster, GM, days, who is dead)."),
    minimum: int = typer.Option(5, "--minimum", min=0, help="Informative posts a player must write a day (C3.14)."),
    day: Optional[int] = typer.Option(None, "--day", help="Show only this day."),
    fmt: Optional[ActivityFormat] = typer.Option(None, "--format", "-f", help="Output format (default: from the extension of -o, else table)."),
    explain: bool = typer.Option(False, "--explain", help="List every marked post with the reason."),
    tz: Optional[str] = typer.Option(None, "--tz", help=f"Time zone (default: the game's, else the one the pages state, else {DEFAULT_TZ} for a Russian page, UTC for another)."),
    lang: Optional[Lang] = typer.Option(None, "--lang", help="Language of the table and reasons."),
    output: Optional[Path] = typer.Option(None, "--output", "-o", help="Write to this file."),
    engine: Optional[str] = typer.Option(None, "--engine", help="Forum engine, when detection fails."),
    saved_at: Optional[str] = typer.Option(None, "--saved-at", help="When the page was saved (for 'Сегодня 19:45')."),
    date_order: Optional[DateOrder] = DATE_ORDER,
):
    """Posts per player per day in the game thread; likely non-informative posts marked (C3.14)."""
    check_output(output, threads, game)
    chosen = pick_format(fmt, output, ActivityFormat, "activity")
    from ..api import CountRequest, activity
    report, thread, language = activity(CountRequest(tuple(threads), game=None if game is None else str(game),
                                                     zone=tz, lang=lang, engine=engine, saved_at=saved_at,
                                                     date_order=date_order_of(date_order)),
                                        minimum=minimum, day=day)
    console = terminal(chosen, output)
    _write(render(chosen, "activity", report, Shown(explain=explain, lang=language, console=console,
                                                    warnings=tuple(thread.warnings))), output)
    format_note(fmt, output, chosen)
    if chosen != "table":  # the table shows them above itself
        _activity_notes(report, thread)


def _write(text: Optional[str], output: Optional[Path]) -> None:
    """A renderer's text to standard output or -o; None: it printed on the terminal itself."""
    if text is not None:
        write_out(text, output)


def _activity_notes(report, thread) -> None:
    """The thread's warnings and the report's notes, on stderr, when the rows are written as
    JSON or CSV (the table shows them): the rows written stay exactly the contract's list."""
    for w in thread.warnings:
        typer.echo(f"votecount: warning: {note_text(w, 'en')}", err=True)
    if report.unknown_authors:
        who = ", ".join(f"{a} ({n})" for a, n in report.unknown_authors)
        typer.echo(f"votecount: note: posting but neither on the roster nor GM: {who}", err=True)
    if report.dead_posting:
        who = ", ".join(f"{p} (day {d}: {n})" for p, d, n in report.dead_posting)
        typer.echo(f"votecount: note: posting while out of the game: {who}", err=True)


@app.command("fetch")
def fetch_cmd(
    ctx: typer.Context,
    url: str = typer.Argument(..., metavar="URL", help="The thread's address (any page of it; fetching starts there)."),
    output: Path = typer.Option(..., "--output", "-o", help="Folder for the pages and manifest.json."),
    refresh: bool = typer.Option(False, "--refresh", help="Ask again for every page (edits), not only the last."),
    engine: Optional[str] = typer.Option(None, "--engine", help="Forum engine, when detection fails."),
    delay: float = DELAY, cookies: Optional[Path] = COOKIES, cookie: Optional[List[str]] = COOKIE,
    max_pages: int = MAX_PAGES, max_page_bytes: int = MAX_PAGE_BYTES, max_bytes: int = MAX_BYTES,
    max_time: float = MAX_TIME, timeout: float = TIMEOUT, retries: int = RETRIES,
):
    """Save every page of a live thread byte for byte, with manifest.json (count the folder later)."""
    from ..api import fetch_folder, is_url
    if not is_url(url):
        raise VotecountError(f"{url}: not an http(s) URL")
    opts = fetch_options(ctx.params, refresh=refresh)
    pages, downloaded = fetch_folder(url, output, opts, engine=engine)
    typer.echo(f"votecount: {len(pages)} pages of {pages[0].final_url} ({pages[0].engine}) in "
               f"{output}: {downloaded} downloaded, {len(pages) - downloaded} unchanged", err=True)



@app.command("batch")
def batch_cmd(
    paths: List[str] = typer.Argument(..., metavar="PATH...", help="Thread folders, folders of them, .zip files, or text files listing them."),
    output: str = typer.Option(..., "--output", "-o", help="Folder for the tables (created), or a URL (s3://bucket/out/)."),
    fmt: BatchFormat = typer.Option(BatchFormat.csv, "--format", "-f", help="Table format."),
    jobs: int = typer.Option(0, "--jobs", "-j", show_default=False, help="Worker processes (default: the number of cores)."),
    resume: bool = typer.Option(False, "--resume", help="Skip threads already counted with the same input."),
    rules: Optional[str] = typer.Option(None, "--rules", "-r", help="Rules where a thread has no game.toml."),
    tz: Optional[str] = typer.Option(None, "--tz", help=f"Time zone (default: the game's, else the one the pages state, else {DEFAULT_TZ} for a Russian page, UTC for another)."),
    engine: Optional[str] = typer.Option(None, "--engine", help="Forum engine of every thread."),
    lang: Optional[Lang] = typer.Option(None, "--lang", help="Language of messages."),
    time_limit: float = typer.Option(300.0, "--time-limit", help="Seconds per thread (0: none)."),
    max_pages: int = typer.Option(5000, "--max-pages", help="Pages per thread (0: none)."),
    max_mb: int = typer.Option(512, "--max-mb", help="Megabytes of HTML per thread (0: none)."),
    dask: Optional[str] = typer.Option(None, "--dask", metavar="ADDRESS", help="Run on a Dask cluster (tcp://scheduler:8786)."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress bar, no summary when all went well."),
    date_order: Optional[DateOrder] = DATE_ORDER,
    partition_mb: float = typer.Option(0.0, "--partition-mb", help="With --format parquet: each table a dataset, a file per this many MB of HTML, written by the workers (0: one file)."),
):
    """Count many threads into tables: threads, days, ballots, violations (exit 4 if some failed)."""
    from .batch import run_batch, threads_table
    summary = run_batch(paths, output, fmt.value, jobs=jobs, resume=resume, rules=rules, tz=tz,
                        engine=engine, lang=lang.value if lang else None,
                        time_limit=time_limit, max_pages=max_pages, max_mb=max_mb, dask=dask,
                        quiet=quiet, date_order=date_order_of(date_order), partition_mb=partition_mb)
    table = threads_table(output, fmt.value, partition_mb > 0)
    skipped = f" ({summary.unchanged:,} unchanged)" if summary.unchanged else ""
    if summary.failed:
        typer.echo(f"votecount: {summary.threads:,} threads{skipped}, {summary.failed:,} failed: "
                   f"see {table}", err=True)
        raise typer.Exit(4)
    if not quiet:
        typer.echo(f"votecount: {summary.threads:,} threads{skipped}, {summary.pages:,} pages, "
                   f"{summary.posts:,} posts counted: {output}", err=True)


@app.command("help")
def help_cmd(ctx: typer.Context,
             command: Optional[str] = typer.Argument(None, metavar="[COMMAND]",
                                                     help="The command to explain (default: all).")):
    """Show the help of votecount or of one command (the same as COMMAND --help)."""
    group = ctx.parent.command
    if command is None:
        typer.echo(group.get_help(ctx.parent))
        return
    sub = group.get_command(ctx.parent, command)
    if sub is None:
        from ..api import did_you_mean
        raise_usage = f"help {command}: no such command{did_you_mean(command, list(group.commands))}"
        typer.echo(f"votecount: {one_line(raise_usage)} (see 'votecount --help')", err=True)
        raise typer.Exit(2)
    with sub.make_context(command, ["--help"], parent=ctx.parent, resilient_parsing=True) as sub_ctx:
        typer.echo(sub.get_help(sub_ctx))



from .watch import register as _register_watch  # noqa: E402 (`votecount watch`, in watch.py)
_register_watch(app)


def main() -> None:
    import signal
    signal.signal(signal.SIGINT, interrupted)
    try:
        app()
    except KeyboardInterrupt:
        typer.echo("votecount: interrupted", err=True)
        sys.exit(130)
    except Exception as exc:  # a bug: one line, not a traceback (VOTECOUNT_DEBUG=1 shows it)
        if os.environ.get("VOTECOUNT_DEBUG"):
            raise
        typer.echo(f"votecount: internal error: {type(exc).__name__}: {exc} "
                   "(please report it; VOTECOUNT_DEBUG=1 shows the traceback)", err=True)
        sys.exit(2)
    finally:
        if INTERRUPTED:
            leave_now(130)


if __name__ == "__main__":
    main()
