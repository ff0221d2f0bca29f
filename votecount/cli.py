"""The command line: parse options, call the pipeline, render, map errors to exit codes.

`votecount THREAD…` is the count itself (the `count` command, chosen when the first
argument is not a command name); `votecount posts THREAD…` shows what the parser extracted;
`votecount fetch URL -o DIR` saves a live thread. A THREAD may be an http(s) URL.
Heavy modules are imported inside the commands so `votecount --version` starts fast.
"""

from __future__ import annotations

import os
import sys
from enum import Enum
from pathlib import Path
from typing import List, Optional

import typer
from typer.core import TyperGroup

from . import __version__
from .errors import VotecountError


class DefaultToCount(TyperGroup):
    """`votecount thread.html` means `votecount count thread.html`."""

    def parse_args(self, ctx, args):
        if args and args[0] not in self.commands and args[0] not in ("--help", "-h", "--version"):
            args = ["count", *args]
        return super().parse_args(ctx, args)


app = typer.Typer(cls=DefaultToCount, add_completion=False, no_args_is_help=True,
                  rich_markup_mode=None, pretty_exceptions_enable=False,
                  help="Count forum-mafia vote threads exactly, and explain the count.")


class Format(str, Enum):
    table = "table"
    json = "json"
    csv = "csv"
    bbcode = "bbcode"
    markdown = "markdown"
    html = "html"


class PostsFormat(str, Enum):
    table = "table"
    json = "json"
    csv = "csv"


class Lang(str, Enum):
    ru = "ru"
    en = "en"


def _version(value: bool):
    if value:
        typer.echo(f"votecount {__version__}")
        raise typer.Exit()


@app.callback()
def main_callback(version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                               help="Print the version and exit.")):
    """Count forum-mafia vote threads exactly, and explain the count."""


def write_out(text: str, output: Optional[Path]) -> None:
    """Standard output, or the file given, written whole or not at all: a temporary file
    beside it, flushed to disk, then renamed over it. An error or Ctrl-C midway removes the
    temporary file and leaves an earlier output file as it was."""
    if output is None:
        sys.stdout.write(text)
        return
    tmp = output.with_name(f".{output.name}.{os.getpid()}.tmp")
    try:
        with open(tmp, "w", encoding="utf-8", newline="") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, output)
    except BaseException as exc:
        try:
            tmp.unlink(missing_ok=True)
        except OSError:
            pass
        if isinstance(exc, OSError):
            raise VotecountError(f"{output}: cannot write ({exc.strerror or exc})") from None
        raise


def check_output(output: Optional[Path], threads: List[str]) -> None:
    """-o must not name an input page: the input is never modified."""
    if output is None or not output.exists():
        return
    for thread in threads:
        path = Path(thread)
        if thread != "-" and path.is_file() and os.path.samefile(path, output):
            raise VotecountError(f"-o {output}: is the input page {thread}; the input is never "
                                 "overwritten, choose another file")


def fail(exc: Exception) -> None:
    typer.echo(f"votecount: {exc}", err=True)
    raise typer.Exit(getattr(exc, "exit_code", 2))


# --- fetching live threads (votecount URL, votecount fetch URL -o DIR) -------------------
# The same option objects serve `count`, `posts` and `fetch`.
_DELAY = typer.Option(1.0, "--delay", min=0.0, help="Seconds between requests to the forum.")
_COOKIES = typer.Option(None, "--cookies", help="A browser's cookies.txt (Netscape format) for closed sections.")
_COOKIE = typer.Option(None, "--cookie", help="A cookie NAME=VALUE for the thread's host (repeatable).")
_MAX_PAGES = typer.Option(2000, "--max-pages", min=1, help="Stop (exit 3) past this many pages.")
_MAX_PAGE_BYTES = typer.Option(32 * 1024 * 1024, "--max-page-bytes", min=1, help="Largest page accepted.")
_MAX_BYTES = typer.Option(512 * 1024 * 1024, "--max-bytes", min=1, help="Largest thread accepted (all pages).")
_MAX_TIME = typer.Option(3600.0, "--max-time", min=1.0, help="Seconds allowed for the whole thread.")
_TIMEOUT = typer.Option(30.0, "--timeout", min=0.1, help="Seconds to wait for one response.")
_RETRIES = typer.Option(4, "--retries", min=0, help="Retries after a connection error, 429 or 503.")


class DateOrder(str, Enum):
    dmy = "dmy"
    mdy = "mdy"


def _date_order(value: Optional[DateOrder]):
    """The parsers (and batch's worker processes) read it from the environment."""
    if value is not None:
        os.environ["VOTECOUNT_DATE_ORDER"] = value.value
    return value


_DATE_ORDER = typer.Option(None, "--date-order", callback=_date_order,
                           help="Day/month order of numeric dates when the page cannot tell (05-11-2011).")


def fetch_options(delay, cookies, cookie, max_pages, max_page_bytes, max_bytes, max_time,
                  timeout, retries, refresh=False, threads=None):
    """The fetch settings, or None when `threads` names no URL (saved pages are counted
    without importing the fetcher and httpx: 25 ms of every count)."""
    if threads is not None and not any(t.lower().startswith(("http://", "https://")) for t in threads):
        return None
    from .fetch import FetchOptions
    return FetchOptions(delay=delay, timeout=timeout, retries=retries, max_pages=max_pages,
                        max_page_bytes=max_page_bytes, max_bytes=max_bytes, max_time=max_time,
                        cookies_file=str(cookies) if cookies else None, cookies=tuple(cookie or ()),
                        refresh=refresh)


@app.command("count")
def count_cmd(
    threads: List[str] = typer.Argument(..., metavar="THREAD...", help="Saved page(s), a folder of pages, a .zip, or - for standard input."),
    game: Optional[Path] = typer.Option(None, "--game", "-g", help="The game file (game.toml)."),
    rules: Optional[str] = typer.Option(None, "--rules", "-r", help="Preset (classic, red-blue) or a rules .toml file."),
    day: Optional[int] = typer.Option(None, "--day", help="Count only this day."),
    deadline: Optional[str] = typer.Option(None, "--deadline", help="Deadline: 2026-11-29T20:00 or 20:00."),
    tz: Optional[str] = typer.Option(None, "--tz", help="Time zone (default: the game's, else Europe/Moscow)."),
    at: Optional[str] = typer.Option(None, "--at", help="Replay the thread as of this moment."),
    fmt: Format = typer.Option(Format.table, "--format", "-f", help="Output format."),
    lang: Optional[Lang] = typer.Option(None, "--lang", help="Language of messages (default: Russian for Russian games)."),
    explain: bool = typer.Option(False, "--explain", help="Show each ballot's story and every fuzzy nick decision."),
    output: Optional[Path] = typer.Option(None, "--output", "-o", help="Write to this file."),
    engine: Optional[str] = typer.Option(None, "--engine", help="Forum engine, when detection fails."),
    saved_at: Optional[str] = typer.Option(None, "--saved-at", help="When the page was saved (for 'Сегодня 19:45')."),
    strict: bool = typer.Option(False, "--strict", help="Exit 1 when the count has violations."),
    diff: Optional[Path] = typer.Option(None, "--diff", metavar="PREVIOUS.json",
                                        help="Show what changed since an earlier --format json count."),
    jobs: Optional[int] = typer.Option(None, "--jobs", "-j", min=1,
                                       help="Processes reading a long thread: pages from 8, ballots from 400 posts (default: one per core)."),
    delay: float = _DELAY, cookies: Optional[Path] = _COOKIES, cookie: Optional[List[str]] = _COOKIE,
    max_pages: int = _MAX_PAGES, max_page_bytes: int = _MAX_PAGE_BYTES, max_bytes: int = _MAX_BYTES,
    max_time: float = _MAX_TIME, timeout: float = _TIMEOUT, retries: int = _RETRIES,
    date_order: Optional[DateOrder] = _DATE_ORDER,
):
    """Count the votes of a saved thread (the default command)."""
    try:
        check_output(output, threads)
        from .api import run_count
        previous = None
        if diff is not None:  # read first: a bad file fails before the (slower) count
            from .render.diff import load_previous
            previous = load_previous(diff)
        fetch = fetch_options(delay, cookies, cookie, max_pages, max_page_bytes, max_bytes,
                              max_time, timeout, retries, threads=threads)
        results = run_count(threads, game, rules, day, deadline, tz, at, lang, engine, saved_at, fetch, jobs)
        _write_report(fmt.value, results, explain, previous, output)
    except VotecountError as exc:
        fail(exc)
    if strict and any(r.violations for r in results):
        raise typer.Exit(1)


def _write_report(fmt: str, results, explain: bool, previous, output: Optional[Path]) -> None:
    from .render import report
    if fmt == "table" and output is None:
        from rich.console import Console
        report(fmt, results, explain=explain, previous=previous, console=Console(highlight=False))
    else:
        write_out(report(fmt, results, explain=explain, previous=previous), output)


@app.command("posts")
def posts_cmd(
    threads: List[str] = typer.Argument(..., metavar="THREAD...", help="Saved page(s), a folder, a .zip, or -."),
    fmt: PostsFormat = typer.Option(PostsFormat.table, "--format", "-f"),
    tz: str = typer.Option("Europe/Moscow", "--tz", help="Zone of the page's text timestamps."),
    engine: Optional[str] = typer.Option(None, "--engine"),
    saved_at: Optional[str] = typer.Option(None, "--saved-at"),
    output: Optional[Path] = typer.Option(None, "--output", "-o"),
    delay: float = _DELAY, cookies: Optional[Path] = _COOKIES, cookie: Optional[List[str]] = _COOKIE,
    max_pages: int = _MAX_PAGES, max_page_bytes: int = _MAX_PAGE_BYTES, max_bytes: int = _MAX_BYTES,
    max_time: float = _MAX_TIME, timeout: float = _TIMEOUT, retries: int = _RETRIES,
    date_order: Optional[DateOrder] = _DATE_ORDER,
):
    """Show the posts the parser extracted (to check a parser on your forum)."""
    try:
        check_output(output, threads)
        from .api import open_thread
        fetch = fetch_options(delay, cookies, cookie, max_pages, max_page_bytes, max_bytes,
                              max_time, timeout, retries, threads=threads)
        thread, _, _ = open_thread(threads, None, tz, engine, saved_at, fetch)
        from .render import posts as posts_render
        if fmt is PostsFormat.json:
            write_out(posts_render.to_json(thread.posts), output)
        elif fmt is PostsFormat.csv:
            write_out(posts_render.to_csv(thread.posts), output)
        else:
            from rich.console import Console
            from rich.table import Table
            table = Table(title=f"{thread.title} ({thread.engine}, {thread.pages} pp.)", show_lines=False)
            for col in ("no", "id", "author", "time", "edited", "text"):
                table.add_column(col)
            for p in thread.posts:
                edit = f"{p.edited_by or '?'} {p.edited_at.isoformat(sep=' ') if p.edited_at else ''}" if p.edited else ""
                table.add_row(str(p.post_no), p.post_id, p.author, p.time.isoformat(sep=" "), edit,
                              p.text[:60].replace("\n", " / "))
            console = Console(highlight=False) if output is None else None
            if console:
                console.print(table)
            else:
                import io
                buf = io.StringIO()
                Console(file=buf, width=160, color_system=None).print(table)
                write_out(buf.getvalue(), output)
    except VotecountError as exc:
        fail(exc)


@app.command("init")
def init_cmd(
    threads: List[str] = typer.Argument(..., metavar="THREAD...", help="The game's thread: saved page(s), a folder, a .zip, or -."),
    output: Optional[Path] = typer.Option(None, "--output", "-o", help="Write the draft to this file (default: standard output)."),
    force: bool = typer.Option(False, "--force", help="Overwrite the -o file if it exists."),
    tz: str = typer.Option("Europe/Moscow", "--tz", help="Time zone of the game (and of the page's text timestamps)."),
    engine: Optional[str] = typer.Option(None, "--engine", help="Forum engine, when detection fails."),
    saved_at: Optional[str] = typer.Option(None, "--saved-at", help="When the page was saved (for 'Сегодня 19:45')."),
):
    """Draft a game file from a thread: GM, roster, days, rules preset, each with a comment to check."""
    try:
        if output is not None and output.exists() and not force:
            raise VotecountError(f"{output} exists; add --force to overwrite it")
        from .api import open_thread
        from .draft import draft
        thread, _, tzinfo = open_thread(threads, None, tz, engine, saved_at)
        write_out(draft(thread, tzinfo.key), output)
        if output is not None:
            typer.echo(f"votecount: drafted {output}: check every line marked CHECK or FILL IN", err=True)
    except VotecountError as exc:
        fail(exc)


class ActivityFormat(str, Enum):
    table = "table"
    json = "json"
    csv = "csv"


@app.command("activity")
def activity_cmd(
    threads: List[str] = typer.Argument(..., metavar="THREAD...", help="The game thread (not the vote thread): page(s), a folder, a .zip, or -."),
    game: Optional[Path] = typer.Option(None, "--game", "-g", help="The game file (roster, GM, days, who is dead)."),
    minimum: int = typer.Option(5, "--minimum", min=0, help="Informative posts a player must write a day (C3.14)."),
    day: Optional[int] = typer.Option(None, "--day", help="Show only this day."),
    fmt: ActivityFormat = typer.Option(ActivityFormat.table, "--format", "-f", help="Output format."),
    explain: bool = typer.Option(False, "--explain", help="List every marked post with the reason."),
    tz: Optional[str] = typer.Option(None, "--tz", help="Time zone (default: the game's, else Europe/Moscow)."),
    lang: Optional[Lang] = typer.Option(None, "--lang", help="Language of the table and reasons."),
    output: Optional[Path] = typer.Option(None, "--output", "-o", help="Write to this file."),
    engine: Optional[str] = typer.Option(None, "--engine", help="Forum engine, when detection fails."),
    saved_at: Optional[str] = typer.Option(None, "--saved-at", help="When the page was saved (for 'Сегодня 19:45')."),
    date_order: Optional[DateOrder] = _DATE_ORDER,
):
    """Posts per player per day in the game thread; likely non-informative posts marked (C3.14)."""
    try:
        from . import activity
        from . import game as game_mod
        from .api import check_day, language as pick_language, open_thread
        thread, g, tzinfo = open_thread(threads, game, tz, engine, saved_at)
        if g is None:
            g = game_mod.from_thread(thread, tzinfo.key)
        check_day(day, g)
        language = pick_language(lang, g, tzinfo, thread)
        report = activity.build(thread, g, minimum, day)
        if fmt is ActivityFormat.table:
            import io

            from rich.console import Console

            from .render.activity_table import render
            buf = io.StringIO() if output is not None else None
            console = Console(highlight=False) if buf is None else Console(file=buf, width=120, color_system=None)
            for w in thread.warnings:
                console.print(f"warning: {w}", style="yellow", markup=False)
            render(report, console, language, explain)
            if buf is not None:
                write_out(buf.getvalue(), output)
        else:
            text = activity.to_json(report, language) if fmt is ActivityFormat.json else activity.to_csv(report, language)
            write_out(text, output)
            for w in thread.warnings:
                typer.echo(f"votecount: warning: {w}", err=True)
            if report.unknown_authors:  # said on stderr: the rows stay exactly the contract's list
                who = ", ".join(f"{a} ({n})" for a, n in report.unknown_authors)
                typer.echo(f"votecount: note: posting but neither on the roster nor GM: {who}", err=True)
            if report.dead_posting:
                who = ", ".join(f"{p} (day {d}: {n})" for p, d, n in report.dead_posting)
                typer.echo(f"votecount: note: posting while out of the game: {who}", err=True)
    except VotecountError as exc:
        fail(exc)


@app.command("fetch")
def fetch_cmd(
    url: str = typer.Argument(..., metavar="URL", help="The thread's address (any page of it; fetching starts there)."),
    output: Path = typer.Option(..., "--output", "-o", help="Folder for the pages and manifest.json."),
    refresh: bool = typer.Option(False, "--refresh", help="Ask again for every page (edits), not only the last."),
    engine: Optional[str] = typer.Option(None, "--engine", help="Forum engine, when detection fails."),
    delay: float = _DELAY, cookies: Optional[Path] = _COOKIES, cookie: Optional[List[str]] = _COOKIE,
    max_pages: int = _MAX_PAGES, max_page_bytes: int = _MAX_PAGE_BYTES, max_bytes: int = _MAX_BYTES,
    max_time: float = _MAX_TIME, timeout: float = _TIMEOUT, retries: int = _RETRIES,
):
    """Save every page of a live thread byte for byte, with manifest.json (count the folder later)."""
    try:
        from .fetch import fetch_to_folder, is_url
        if not is_url(url):
            raise VotecountError(f"{url}: not an http(s) URL")
        opts = fetch_options(delay, cookies, cookie, max_pages, max_page_bytes, max_bytes,
                             max_time, timeout, retries, refresh)
        pages, downloaded = fetch_to_folder(url, output, opts, engine=engine)
        typer.echo(f"votecount: {len(pages)} pages of {pages[0].final_url} ({pages[0].engine}) in "
                   f"{output}: {downloaded} downloaded, {len(pages) - downloaded} unchanged", err=True)
    except VotecountError as exc:
        fail(exc)


class BatchFormat(str, Enum):
    csv = "csv"
    json = "json"
    parquet = "parquet"


@app.command("batch")
def batch_cmd(
    paths: List[str] = typer.Argument(..., metavar="PATH...", help="Thread folders, folders of them, .zip files, or text files listing them."),
    output: Path = typer.Option(..., "--output", "-o", help="Folder for the tables (created)."),
    fmt: BatchFormat = typer.Option(BatchFormat.csv, "--format", "-f", help="Table format."),
    jobs: int = typer.Option(0, "--jobs", "-j", help="Worker processes (default: the number of cores)."),
    resume: bool = typer.Option(False, "--resume", help="Skip threads already counted with the same input."),
    rules: Optional[str] = typer.Option(None, "--rules", "-r", help="Rules where a thread has no game.toml."),
    tz: Optional[str] = typer.Option(None, "--tz", help="Time zone (default: the game's, else Europe/Moscow)."),
    engine: Optional[str] = typer.Option(None, "--engine", help="Forum engine of every thread."),
    lang: Optional[Lang] = typer.Option(None, "--lang", help="Language of messages."),
    time_limit: float = typer.Option(300.0, "--time-limit", help="Seconds per thread (0: none)."),
    max_pages: int = typer.Option(5000, "--max-pages", help="Pages per thread (0: none)."),
    max_mb: int = typer.Option(512, "--max-mb", help="Megabytes of HTML per thread (0: none)."),
    dask: Optional[str] = typer.Option(None, "--dask", metavar="ADDRESS", help="Run on a Dask cluster (tcp://scheduler:8786)."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress bar, no summary when all went well."),
    date_order: Optional[DateOrder] = _DATE_ORDER,
):
    """Count many threads into tables: threads, days, ballots, violations (exit 4 if some failed)."""
    try:
        summary = _run_batch(paths, output, fmt.value, jobs, resume, rules, tz, engine,
                             lang.value if lang else None, time_limit, max_pages, max_mb, dask, quiet)
    except VotecountError as exc:
        fail(exc)
    from .batch import FORMATS
    table = output / f"threads{FORMATS[fmt.value]}"
    skipped = f" ({summary.unchanged:,} unchanged)" if summary.unchanged else ""
    if summary.failed:
        typer.echo(f"votecount: {summary.threads:,} threads{skipped}, {summary.failed:,} failed: "
                   f"see {table}", err=True)
        raise typer.Exit(4)
    if not quiet:
        typer.echo(f"votecount: {summary.threads:,} threads{skipped}, {summary.pages:,} pages, "
                   f"{summary.posts:,} posts counted: {output}", err=True)


def _run_batch(paths, output, fmt, jobs, resume, rules, tz, engine, lang, time_limit, max_pages,
               max_mb, dask, quiet):
    from . import batch
    from .api import zone

    if tz:
        zone(tz)  # a wrong zone is a usage error, not one failure per thread
    if rules:
        from .rules import load as load_rules
        load_rules(rules)
    if jobs < 0 or time_limit < 0 or max_pages < 0 or max_mb < 0:
        raise VotecountError("--jobs, --time-limit, --max-pages and --max-mb cannot be negative")
    if output.exists() and not output.is_dir():
        raise VotecountError(f"{output}: exists and is not a folder")
    state = batch.load_state(output) if resume else {}
    job_list = batch.make_jobs(batch.discover(paths), rules=rules, tz=tz, engine=engine, lang=lang,
                               max_pages=max_pages, max_bytes=max_mb * 1024 * 1024,
                               time_limit=time_limit,
                               previous={k: e["hash"] for k, e in state.items()})
    workers = jobs or os.cpu_count() or 1
    show = not quiet and sys.stderr.isatty()
    if not show:
        return batch.run(job_list, output, fmt, workers=workers, dask=dask, state=state)
    from rich.console import Console
    from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn,
                               TimeElapsedColumn, TimeRemainingColumn)
    progress = Progress(TextColumn("threads"), BarColumn(), MofNCompleteColumn(),
                        TextColumn("{task.fields[pages]:,} pages · {task.fields[rate]:,.0f} posts/s"
                                   " · {task.fields[failed]} failed"),
                        TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn(),
                        console=Console(stderr=True), transient=False)
    task = progress.add_task("batch", total=len(job_list), pages=0, rate=0.0, failed=0)
    totals = {"pages": 0, "posts": 0, "failed": 0}

    def advance(res: dict) -> None:
        totals["pages"] += res.get("pages") or 0
        totals["posts"] += 0 if res.get("unchanged") else (res.get("posts") or 0)
        totals["failed"] += res["status"] == "error"
        elapsed = progress.tasks[0].elapsed or 1e-9
        progress.update(task, advance=1, pages=totals["pages"], rate=totals["posts"] / elapsed,
                        failed=totals["failed"])

    # The pool forks its workers at the first job, before the bar starts its refresh thread.
    started = []

    def on_result(res: dict) -> None:
        if not started:
            progress.start()
            started.append(True)
        advance(res)

    try:
        return batch.run(job_list, output, fmt, workers=workers, dask=dask, progress=on_result,
                         state=state)
    finally:
        if started:
            progress.stop()


def _interrupted(signum, frame):
    # Click turns Ctrl-C into "Aborted!" and exit 1, which the contract keeps for "the count
    # has violations"; leave with 130 instead (write_out removes its temporary file on the way).
    typer.echo("votecount: interrupted", err=True)
    raise SystemExit(130)


def main() -> None:
    import signal
    signal.signal(signal.SIGINT, _interrupted)
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


if __name__ == "__main__":
    main()
