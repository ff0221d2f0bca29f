"""What every hostile-input test shares: running votecount as a user does, with a time bound,
and the three acceptable endings — exit 2 with one clear line, or a count (exit 0) — checked
the same way everywhere; plus a multi-page thread builder in mybb.ru markup.

Two ways to run the CLI:
- `cli()` starts a real process (`python -m votecount.cli.commands`) in an empty working folder, with a
  timeout: for the cases that could hang or exhaust memory inside C code (lxml, zlib).
- `invoke()` runs the same typer app in this process (CliRunner, exceptions not caught, so a
  bug is a test failure with its traceback, never an "internal error" line passed off as fine),
  under a SIGALRM time bound: for game files, options and outputs, where start-up time would
  dominate.
"""

from __future__ import annotations

import hashlib
import html
import json
import os
import shutil
import signal
import subprocess
import sys
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

from conftest import ROOT
from threadkit import PAGE, post_html

EXAMPLE = ROOT / "examples" / "zarechnaya"
SAVED = ["--saved-at", "2026-11-29T20:10:41"]  # the example's save moment
GAME = EXAMPLE / "game.toml"


@dataclass
class Run:
    code: int
    out: str
    err: str


def cli(*args, cwd: Path, timeout: float = 20, stdin: bytes | None = None,
        env: dict | None = None) -> Run:
    """A real `votecount` process; fails the test if it runs past `timeout` seconds."""
    full_env = {**os.environ, "COLUMNS": "200", "NO_COLOR": "1", **(env or {})}
    full_env.pop("VOTECOUNT_DEBUG", None)
    try:
        proc = subprocess.run([sys.executable, "-m", "votecount.cli", *map(str, args)], input=stdin,
                              capture_output=True, cwd=cwd, env=full_env, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise AssertionError(f"votecount {' '.join(map(str, args))} ran past {timeout} s") from None
    return Run(proc.returncode, proc.stdout.decode("utf-8", "replace"), proc.stderr.decode("utf-8", "replace"))


@contextmanager
def time_bound(seconds: float):
    def expired(signum, frame):
        raise AssertionError(f"ran past {seconds} s")

    old = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def invoke(*args, stdin: bytes | None = None, timeout: float = 20) -> Run:
    """The typer app in this process; an exception other than a clean exit fails the test."""
    from typer.testing import CliRunner

    from votecount.cli.commands import app

    with time_bound(timeout):
        result = CliRunner().invoke(app, [str(a) for a in args], input=stdin, catch_exceptions=False,
                                    env={"COLUMNS": "200", "NO_COLOR": "1"})
    return Run(result.exit_code, result.stdout, result.stderr)


def clean_error(run: Run, *needles: str) -> str:
    """Exit 2, nothing on standard output, exactly one line `votecount: …` on standard error."""
    assert run.code == 2, f"exit {run.code}, stderr: {run.err[:500]}"
    assert run.out == "", run.out[:500]
    lines = run.err.splitlines()
    assert len(lines) == 1, run.err[:2000]
    line = lines[0]
    assert line.startswith("votecount: "), line
    assert "Traceback" not in run.err and "internal error" not in line, line
    for needle in needles:
        assert needle in line, f"{needle!r} not in: {line}"
    return line


def counted(run: Run) -> dict | list:
    """Exit 0 with the JSON count; nothing but warnings on standard error."""
    assert run.code == 0, f"exit {run.code}: {run.err[:1000]}"
    assert "Traceback" not in run.err
    return json.loads(run.out)


def error_or_count(run: Run) -> str:
    """Either ending is acceptable for input that may or may not be readable (random bytes, a
    page cut at some point); nothing else is."""
    if run.code == 0:
        counted(run)
        return "count"
    clean_error(run)
    return "error"


def snapshot(folder: Path) -> dict[str, tuple[str, int]]:
    """Every file under `folder` (links not followed): its content hash and mtime."""
    out = {}
    for dirpath, dirnames, filenames in os.walk(folder):
        for name in filenames + [d for d in dirnames if os.path.islink(os.path.join(dirpath, d))]:
            p = Path(dirpath, name)
            if p.is_symlink():
                out[str(p.relative_to(folder))] = ("link:" + os.readlink(p), 0)
            elif not p.is_file():  # a FIFO: opening it would wait for a writer
                out[str(p.relative_to(folder))] = ("special", p.lstat().st_mtime_ns)
            else:
                out[str(p.relative_to(folder))] = (hashlib.sha256(p.read_bytes()).hexdigest(),
                                                   p.stat().st_mtime_ns)
    return out


def essence(result) -> list[dict]:
    """What a count decides, without what depends on paths and post numbering: per day the
    tally, outcome, missing, modkills, each ballot's fate and each violation."""
    days = result if isinstance(result, list) else [result]
    out = []
    for d in days:
        out.append({
            "tally": [(r["candidate"], r["score"], r["red"], r["blue"], r["penalty"],
                       sorted((v["voter"], v["colour"], v["weight"], v["time"]) for v in r["votes"]))
                      for r in d["tally"]],
            "outcome": d["outcome"], "missing": d["missing"], "modkills": d["modkills"],
            "ballots": [(b["voter"], b["kind"], b["target"], b["colour"], b["weight"], b["time"],
                         b["status"], b["violations"]) for b in d["ballots"]],
            "violations": sorted((v["code"], v["player"], v["effect"], v["rule"], v["time"] or "")
                                 for v in d["violations"]),
        })
    return out


# -- a thread of several pages in mybb.ru markup -----------------------------------------

def thread_pages(posts: list[tuple], per_page: int, title: str = "Голосование", topic: int = 1,
                 id_base: int = 100) -> list[str]:
    """posts: (author, "YYYY-MM-DD HH:MM:SS", body_html). Post numbers run on across pages,
    as on the forum; `topic` is the topic number (the page root's data-topic-id)."""
    uids: dict[str, int] = {}
    pages = []
    for start in range(0, len(posts), per_page):
        chunk = []
        for no, (author, when, body) in enumerate(posts[start:start + per_page], start + 1):
            uid = uids.setdefault(author, len(uids) + 2)
            chunk.append(post_html(pid=id_base + no, no=no, uid=uid, author=author, when=when, body=body))
        pages.append(PAGE.format(title=html.escape(title), posts="".join(chunk))
                     .replace('data-topic-id="1"', f'data-topic-id="{topic}"'))
    return pages


def encode(page: str, charset: str) -> bytes:
    """A page as a browser would save it in `charset`, its <meta> saying so ('' = no meta)."""
    if charset == "utf-16":
        return b"\xff\xfe" + page.replace('charset="utf-8"', 'charset="utf-16"').encode("utf-16-le")
    if charset == "":
        return page.replace('<meta charset="utf-8">', "").encode("cp1251")
    return page.replace('charset="utf-8"', f'charset="{charset}"').encode(charset)


def quote(author: str, body_html: str) -> str:
    """A mybb.ru quote block, as the forum renders [quote=author]…[/quote]."""
    return (f'<div class="quote-box answer-box"><cite>{html.escape(author)} написал(а):</cite>'
            f"<blockquote><p>{body_html}</p></blockquote></div>")


@pytest.fixture
def example(tmp_path, monkeypatch):
    """A copy of the example thread (its files' bytes and times are checked after the run):
    import it into a test module to use it."""
    folder = tmp_path / "thread"
    shutil.copytree(EXAMPLE, folder)
    monkeypatch.chdir(tmp_path)
    return folder
