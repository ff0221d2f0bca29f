"""What the command line's commands share: the group that makes `count` the default, keeps
every usage error to one line and maps every error to its exit status (the one place: a
command lets a VotecountError go up to it), the choices (formats, languages, date orders), the
option bundle for fetching live threads (declared once, used by `count`, `posts` and `fetch`),
and the Ctrl-C handling. The commands themselves are in commands.py.
"""

from __future__ import annotations

import math
import os
import sys
from enum import Enum
from typing import Mapping, Optional

import typer
from typer.core import TyperGroup

from ..errors import VotecountError
from ..render import choices, formats
from .outputs import is_url, one_line


class DefaultToCount(TyperGroup):
    """`votecount thread.html` means `votecount count thread.html`; a usage error is one line
    like every other error."""

    def parse_args(self, ctx, args):
        for n, a in enumerate(args):  # no shell can pass a NUL; only a caller in Python
            if "\x00" in a:
                option = args[n - 1] if n and args[n - 1].startswith("-") else ""
                named = option or (a.split("=", 1)[0] if a.startswith("-") else "an argument")
                raise VotecountError(f"{named}: the value holds a NUL character")
        if args and args[0] not in self.commands and args[0] not in ("--help", "-h", "--version"):
            args = ["count", *args]
        return super().parse_args(ctx, args)

    def main(self, *args, standalone_mode: bool = True, **kwargs):
        # click's exceptions, wherever this typer takes click from (0.28 carries its own copy)
        click = sys.modules[typer.BadParameter.__module__.rpartition(".")[0]]
        try:
            code = super().main(*args, standalone_mode=False, **kwargs)
        except click.exceptions.NoArgsIsHelpError as exc:  # bare `votecount`: the help
            exc.show()
            raise SystemExit(exc.exit_code) from None
        except click.exceptions.UsageError as exc:
            where = f"votecount {exc.ctx.info_name}" if exc.ctx and exc.ctx.parent else "votecount"
            typer.echo(f"votecount: {one_line(exc.format_message())} (see '{where} --help')", err=True)
            raise SystemExit(2) from None
        except VotecountError as exc:
            typer.echo(f"votecount: {one_line(str(exc))}", err=True)
            raise SystemExit(exc.exit_code) from None
        except click.exceptions.ClickException as exc:
            typer.echo(f"votecount: {one_line(exc.format_message())}", err=True)
            raise SystemExit(exc.exit_code) from None
        except getattr(click.exceptions, "Abort", KeyboardInterrupt):  # Ctrl-C that click caught
            typer.echo("votecount: interrupted", err=True)
            raise SystemExit(130) from None
        if not standalone_mode:
            return code
        raise SystemExit(code if isinstance(code, int) else 0)


def _choices(name: str, values) -> type[Enum]:
    """An option's choices as typer takes them: a str Enum whose values are `values`, in order."""
    return Enum(name, [(v, v) for v in values], type=str, module=__name__)


# --format of each command: the formats the renderers' list has for what it writes
Format = _choices("Format", choices("count"))
PostsFormat = _choices("PostsFormat", formats("posts"))
ActivityFormat = _choices("ActivityFormat", formats("activity"))


class Lang(str, Enum):
    ru = "ru"
    en = "en"


# --- fetching live threads (votecount URL, votecount fetch URL -o DIR) -------------------
# The same option objects serve `count`, `posts` and `fetch`.
DELAY = typer.Option(1.0, "--delay", min=0.0, help="Seconds between requests to the forum.")
COOKIES = typer.Option(None, "--cookies", help="A browser's cookies.txt (Netscape format) for closed sections.")
COOKIE = typer.Option(None, "--cookie", help="A cookie NAME=VALUE for the thread's host (repeatable).")
MAX_PAGES = typer.Option(2000, "--max-pages", min=1, help="Stop (exit 3) past this many pages.")
MAX_PAGE_BYTES = typer.Option(32 * 1024 * 1024, "--max-page-bytes", min=1, help="Largest page accepted.")
MAX_BYTES = typer.Option(512 * 1024 * 1024, "--max-bytes", min=1, help="Largest thread accepted (all pages).")
MAX_TIME = typer.Option(3600.0, "--max-time", min=1.0, help="Seconds allowed for the whole thread.")
TIMEOUT = typer.Option(30.0, "--timeout", min=0.1, help="Seconds to wait for one response.")
RETRIES = typer.Option(4, "--retries", min=0, help="Retries after a connection error, 429 or 503.")


class DateOrder(str, Enum):
    dmy = "dmy"
    mdy = "mdy"


def date_order_of(value: Optional[DateOrder]) -> str | None:
    """--date-order as the count's request carries it (CountRequest.date_order)."""
    return value.value if value is not None else None


DATE_ORDER = typer.Option(None, "--date-order",
                           help="Day/month order of numeric dates when the page cannot tell (05-11-2011).")


FETCH_PARAMS = ("delay", "cookies", "cookie", "max_pages", "max_page_bytes", "max_bytes",
                "max_time", "timeout", "retries")  # the option bundle above, by parameter name


def fetch_options(params: Mapping, *, refresh: bool = False, threads=None):
    """The fetch settings from a command's parameters (`ctx.params`: the bundle above), or None
    when `threads` names no URL (saved pages are counted without importing the fetcher and
    httpx: 25 ms of every count)."""
    p = {name: params[name] for name in FETCH_PARAMS}
    for name in ("delay", "max_time", "timeout"):
        if not math.isfinite(p[name]):
            raise VotecountError(f"--{name.replace('_', '-')} {p[name]}: not a number of seconds")
    if threads is not None and not any(is_url(t) for t in threads):
        return None
    from ..api import fetch_options as options
    cookies, cookie = p.pop("cookies"), p.pop("cookie")
    return options(**p, cookies_file=str(cookies) if cookies else None,
                        cookies=tuple(cookie or ()), refresh=refresh)


class BatchFormat(str, Enum):
    csv = "csv"
    json = "json"
    parquet = "parquet"


INTERRUPTED: list[bool] = []


def interrupted(signum, frame):
    # Click turns Ctrl-C into "Aborted!" and exit 1, which the contract keeps for "the count
    # has violations"; leave with 130 instead (write_out removes its temporary file on the way,
    # worker pools kill their workers, batch's state file is closed). A second Ctrl-C while
    # leaving is ignored: raised inside that cleanup it would print a traceback.
    import signal
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    INTERRUPTED.append(True)
    typer.echo("votecount: interrupted", err=True)
    raise SystemExit(130)


def leave_now(code: int) -> None:
    """Exit at once once the cleanup has run. Python's exit would join the threads of a process
    pool whose workers were killed mid-message: that can wait forever, or print a traceback
    from a queue thread (tests/hostile/test_hostile_interrupts.py)."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            pass
    os._exit(code)
