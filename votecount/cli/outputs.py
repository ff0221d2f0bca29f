"""What the commands write: -o files written whole, never onto an input, in the format -o's
extension names when -f is not given (the renderers' list says which), or a table on the
terminal; one-line messages."""

from __future__ import annotations

import os
import sys
from enum import Enum
from pathlib import Path
from typing import List, Optional

import typer

from ..api import input_files, is_url
from ..errors import VotecountError
from ..render import ALIASES, DEFAULT, EXTENSIONS, RENDERERS


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


def check_output(output: Optional[Path], threads: List[str], *files) -> None:
    """-o must not be a file the command reads: a page (also one of a folder's), a .zip, the
    game file, the --diff or rules file, a list file. Compared as files, not names (samefile:
    st_dev and st_ino), so a symbolic link, a path through `..`, a hard link and another
    spelling on a case-insensitive file system are all the same input."""
    if output is None or not output.exists() or output.is_dir():
        return
    inputs = [p for t in threads if not is_url(t) for p in input_files(t)]
    inputs += [Path(f) for f in files if f is not None and Path(f).is_file()]
    for path in inputs:
        try:
            same = os.path.samefile(path, output)
        except OSError:
            continue
        if same:
            raise VotecountError(f"-o {output}: is an input of the command ({path}); an input is "
                                 "never overwritten, choose another file")


def pick_format(fmt: Optional[Enum], output: Optional[Path], allowed, command: str) -> str:
    """-f, else the format -o's extension names (said by format_note once written), else the
    table."""
    if fmt is not None:
        return ALIASES.get(fmt.value, fmt.value)
    chosen = EXTENSIONS.get(output.suffix.lower()) if output is not None else None
    if chosen is None:
        return DEFAULT
    if chosen not in [a.value for a in allowed]:
        raise VotecountError(f"-o {output}: {command} writes {', '.join(a.value for a in allowed)}, "
                             f"not {chosen}; give -f or another extension")
    return chosen


def format_note(fmt: Optional[Enum], output: Optional[Path], chosen: str) -> None:
    if fmt is None and output is not None and chosen != DEFAULT:
        typer.echo(f"votecount: note: wrote {chosen}, from the {output.suffix} of -o "
                   "(-f chooses another format)", err=True)


def terminal(chosen: str, output: Optional[Path]):
    """The terminal's console for a format printed there (the table, in colour) when there is
    no -o; else None: the text is written whole."""
    if output is not None or not RENDERERS[chosen].terminal:
        return None
    from rich.console import Console
    return Console(highlight=False)


def one_line(text: str) -> str:
    """A message with the control characters of the values it quotes (a file name or an
    option value with a newline, an escape sequence) shown escaped: an error is one line."""
    return "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii")
                   for ch in text)
