"""The command line: parse options, call the pipeline, render, map errors to exit codes.

`votecount THREAD…` is the count itself (the `count` command, chosen when the first
argument is not a command name); `votecount posts THREAD…` shows what the parser extracted.
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
    """Standard output, or the file given, written whole or not at all."""
    if output is None:
        sys.stdout.write(text)
        return
    tmp = output.with_name(f".{output.name}.{os.getpid()}.tmp")
    try:
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, output)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        raise VotecountError(f"{output}: cannot write ({exc.strerror or exc})") from None


def fail(exc: Exception) -> None:
    typer.echo(f"votecount: {exc}", err=True)
    raise typer.Exit(getattr(exc, "exit_code", 2))


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
):
    """Count the votes of a saved thread (the default command)."""
    try:
        from .api import run_count
        results = run_count(threads, game, rules, day, deadline, tz, at, lang, engine, saved_at)
        if fmt is Format.json:
            from .render.json_out import render
            write_out(render(results, explain), output)
        else:
            from rich.console import Console
            from .render.table import render as render_table
            if output is None:
                render_table(results, Console(highlight=False), explain)
            else:
                import io
                buf = io.StringIO()
                render_table(results, Console(file=buf, width=120, color_system=None, highlight=False), explain)
                write_out(buf.getvalue(), output)
    except VotecountError as exc:
        fail(exc)
    if strict and any(r.violations for r in results):
        raise typer.Exit(1)


@app.command("posts")
def posts_cmd(
    threads: List[str] = typer.Argument(..., metavar="THREAD...", help="Saved page(s), a folder, a .zip, or -."),
    fmt: PostsFormat = typer.Option(PostsFormat.table, "--format", "-f"),
    tz: str = typer.Option("Europe/Moscow", "--tz", help="Zone of the page's text timestamps."),
    engine: Optional[str] = typer.Option(None, "--engine"),
    saved_at: Optional[str] = typer.Option(None, "--saved-at"),
    output: Optional[Path] = typer.Option(None, "--output", "-o"),
):
    """Show the posts the parser extracted (to check a parser on your forum)."""
    try:
        from .api import parse_moment, read, zone
        tzinfo = zone(tz)
        saved = parse_moment(saved_at, tzinfo, None, "--saved-at") if saved_at else None
        thread = read(threads, tzinfo, engine, saved)
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


def main() -> None:
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
