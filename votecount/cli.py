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
        check_output(output, threads)
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
        check_output(output, threads)
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
