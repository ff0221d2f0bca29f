"""`votecount batch`'s threads: the PATH arguments → every thread under them (folders of pages,
.zip files, page files, lists of paths), and each thread's Job with its game file."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Iterable, Iterator, NamedTuple

from .. import api
from ..errors import InputError
from . import remote

GAME_FILE = "game.toml"


class Job(NamedTuple):
    """One thread and the options it is counted with (picklable, for any executor)."""

    key: str  # the thread's path: its name in every table
    path: str
    kind: str  # folder | zip | page
    game: str | None = None  # game.toml in the thread folder
    rules: str | None = None  # --rules, where there is no game file
    tz: str | None = None
    engine: str | None = None
    lang: str | None = None
    max_pages: int = 0  # 0 = no limit
    max_bytes: int = 0
    time_limit: float = 0.0  # seconds
    previous: str | None = None  # the hash of the last finished count (--resume)
    root: str | None = None  # the submitter's folder, for relative paths on other processes
    error: str | None = None  # kind "missing": why (a list file's line naming nothing)
    date_order: str | None = None  # --date-order


def real_path(job: Job, path: str) -> str:
    """Where to read `path` from: relative paths are relative to the submitter's folder (a Dask
    worker runs elsewhere), while names in tables and messages stay as the user gave them."""
    if job.root and not os.path.isabs(path) and os.getcwd() != job.root and not remote.is_remote(path):
        return os.path.join(job.root, path)
    return path


def discover(paths: Iterable[str]) -> list[tuple]:
    """(key, path, kind) of every thread under the PATH arguments, in natural order, once each.

    A folder that holds pages is a thread; a folder without pages is searched for thread
    folders and .zip files; a .zip is a thread; a page file is a one-page thread; any other
    file is a list of such paths, one a line (relative to the list; blank lines and # skipped).
    A PATH that is an fsspec URL (s3://…, file://…) is searched the same way (remote.py).
    A list's line naming nothing is (key, path, "missing", why): that thread's error row.
    """
    found: dict[str, tuple[str, str, str]] = {}
    for arg in paths:
        for item in remote.discover(arg) if remote.is_remote(arg) else _targets(Path(arg), depth=0):
            found.setdefault(item[0], item)
    if not found:
        raise InputError(f"{' '.join(paths)}: no threads found (folders of saved pages, .zip files)")
    return sorted(found.values(), key=lambda t: api.natural_order(t[0]))


def _targets(path: Path, depth: int) -> Iterator[tuple[str, str, str]]:
    key = os.path.normpath(str(path))
    if not path.exists():
        raise InputError(f"{path}: no such file or folder")
    if path.is_dir():
        names = sorted(os.listdir(path), key=api.natural_order)
        if any(api.is_page(n) and (path / n).is_file() for n in names):
            yield key, str(path), "folder"
            return
        for name in names:
            child = path / name
            if name.startswith("."):
                continue
            if child.is_dir():
                yield from _targets(child, depth)
            elif name.lower().endswith(".zip"):
                yield os.path.normpath(str(child)), str(child), "zip"
        return
    suffix = path.suffix.lower()
    if suffix == ".zip":
        yield key, str(path), "zip"
    elif suffix in api.PAGE_SUFFIXES:
        yield key, str(path), "page"
    else:
        if depth > 5:
            raise InputError(f"{path}: lists of lists nested too deeply")
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise InputError(f"{path}: cannot read the list of threads ({exc})") from None
        for number, line in enumerate(text.splitlines(), 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            entry = Path(line) if os.path.isabs(line) else path.parent / line
            if not entry.exists():
                yield (os.path.normpath(str(entry)), str(entry), "missing",
                       f"{path}: line {number}: {line}: no such file or folder")
                continue
            yield from _targets(entry, depth + 1)


def make_jobs(targets, *, rules=None, tz=None, engine=None, lang=None, max_pages=0,
              max_bytes=0, time_limit=0.0, previous: dict[str, str] | None = None,
              date_order: str | None = None) -> list[Job]:
    jobs = []
    for key, path, kind, *why in targets:
        jobs.append(Job(key, path, kind, _game_file(path, kind), rules, tz, engine, lang,
                        max_pages, max_bytes, time_limit, (previous or {}).get(key),
                        None if remote.is_remote(path) else os.getcwd(),
                        why[0] if why else None, date_order))
    return jobs


def _game_file(path: str, kind: str) -> str | None:
    """The thread's game.toml: in its folder; in a .zip, `zip!game.toml` at the top or beside
    the pages in the zip's one folder (as a folder zipped whole holds it)."""
    if kind == "folder":
        game = remote.join(path, GAME_FILE)
        return game if remote.isfile(game) else None
    if kind != "zip":
        return None
    import zipfile
    try:
        with remote.open_binary(path) as f, zipfile.ZipFile(f) as zf:
            names = [i.filename for i in zf.infolist() if not i.is_dir()]
    except (zipfile.BadZipFile, OSError, ValueError, InputError):
        return None  # said when the thread is read
    folders = {n.rpartition("/")[0] for n in names if api.is_page(n)}
    for member in ([f"{folders.pop()}/{GAME_FILE}"] if len(folders) == 1 and "" not in folders else []) + [GAME_FILE]:
        if member in names:
            return f"{path}!{member}"
    return None
