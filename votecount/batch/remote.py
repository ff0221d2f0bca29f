"""Archives where archivists keep them: PATH arguments and `-o` as fsspec URLs (`s3://bucket/
archive/`, `file:///…`, a `.zip` in a bucket), read by whoever counts the thread (a pool or
Dask worker), never shipped through the parent or the scheduler.

Credentials and the endpoint come from the environment of the process that reads (boto's
`AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`, `AWS_ENDPOINT_URL`, …): nothing of them is in a
job, a table, the state file or a message. A remote thread is copied into a temporary folder
and read there by the same code as a local one (every limit and zip check included), its pages
then named by their URLs.
"""

from __future__ import annotations

import os
import tempfile
from contextlib import contextmanager
from typing import Iterator

from .. import api
from ..errors import InputError, VotecountError
from ..messages import say


def is_remote(path: str) -> bool:
    """An fsspec URL (s3://, gs://, file://, memory://…); http(s) is not: a live thread."""
    return "://" in path and not api.is_url(path)


def filesystem(url: str):
    """(the fsspec file system, the path inside it) of a URL."""
    try:
        import fsspec
    except ImportError:
        raise VotecountError(say("batch.needs_fsspec", "en", url=url)) from None
    try:
        return fsspec.core.url_to_fs(url)
    except ImportError as exc:  # s3fs, gcsfs … not installed
        raise VotecountError(say("batch.needs_backend", "en", url=url, why=exc)) from None
    except (ValueError, OSError) as exc:
        raise InputError(say("batch.bad_url", "en", url=url, why=exc)) from None


def _url(url: str, path: str) -> str:
    """`path` (as the file system names it) as a URL of the same protocol as `url`."""
    protocol = url.split("://", 1)[0]
    return f"{protocol}://{path.lstrip('/')}" if protocol != "file" else f"file://{path}"


def discover(url: str) -> Iterator[tuple[str, str, str]]:
    """(key, url, kind) of every thread under a URL, as find.discover does for a local path: a
    folder that holds pages is a thread, a .zip is a thread, a page is a one-page thread."""
    fs, root = filesystem(url)
    try:
        if not fs.exists(root):
            raise InputError(say("batch.no_such", "en", path=url))
        yield from _walk(fs, url, root)
    except OSError as exc:
        raise InputError(say("batch.cannot_list", "en", path=url, why=exc)) from None


def _walk(fs, url: str, path: str) -> Iterator[tuple[str, str, str]]:
    if not fs.isdir(path):
        name = path.rsplit("/", 1)[-1].lower()
        kind = "zip" if name.endswith(".zip") else "page" if api.is_page(name) else None
        if kind is None:
            raise InputError(say("batch.not_a_thread", "en", path=_url(url, path)))
        yield _url(url, path), _url(url, path), kind
        return
    entries = sorted(fs.ls(path, detail=True), key=lambda e: api.natural_order(e["name"]))
    if _pages(entries):
        yield _url(url, path), _url(url, path), "folder"
        return
    for entry in entries:
        name = entry["name"].rstrip("/").rsplit("/", 1)[-1]
        if name.startswith("."):
            continue
        if entry["type"] == "directory":
            yield from _walk(fs, url, entry["name"])
        elif name.lower().endswith(".zip"):
            yield _url(url, entry["name"]), _url(url, entry["name"]), "zip"


def _pages(entries: list[dict]) -> list[dict]:
    """The pages of a folder's listing (fsspec's detail entries)."""
    return [e for e in entries if e["type"] == "file" and api.is_page(e["name"])]


def size(url: str) -> int:
    """Bytes of a remote thread's pages (a zip or a page: its own size), from the listing; 0
    when it cannot be listed (the thread's read then says why)."""
    try:
        fs, path = filesystem(url)
        if fs.isdir(path):
            return sum(e["size"] for e in _pages(fs.ls(path, detail=True)))
        return fs.size(path)
    except (OSError, VotecountError):
        return 0


@contextmanager
def local_copy(url: str, kind: str) -> Iterator[str]:
    """A temporary local copy of the thread (its pages; a zip or a page as it is), removed after."""
    fs, path = filesystem(url)
    with tempfile.TemporaryDirectory(prefix="votecount-") as tmp:
        target = os.path.join(tmp, path.rstrip("/").rsplit("/", 1)[-1] or "thread")
        try:
            if kind == "folder":
                os.mkdir(target)
                for entry in _pages(fs.ls(path, detail=True)):
                    fs.get_file(entry["name"], os.path.join(target, entry["name"].rsplit("/", 1)[-1]))
            else:
                fs.get_file(path, target)
        except OSError as exc:
            raise InputError(say("batch.cannot_read", "en", path=url, why=exc)) from None
        yield target


def open_binary(path: str):
    """A readable binary file of a local path or a URL."""
    if not is_remote(path):
        return open(path, "rb")
    fs, inner = filesystem(path)
    try:
        return fs.open(inner, "rb")
    except OSError as exc:
        raise InputError(say("batch.cannot_read", "en", path=path, why=exc)) from None


def isfile(path: str) -> bool:
    if not is_remote(path):
        return os.path.isfile(path)
    fs, inner = filesystem(path)
    return fs.isfile(inner)


def join(base: str, name: str) -> str:
    return f"{base.rstrip('/')}/{name}" if is_remote(base) else os.path.join(base, name)


@contextmanager
def staged(url: str, keep: tuple[str, ...]) -> Iterator[str]:
    """A local folder standing for the output URL: the files named in `keep` found there are
    copied in first (the state file, for --resume); everything in it is uploaded on leaving
    without an error (each table whole: a file is uploaded once it is written)."""
    fs, root = filesystem(url)
    with tempfile.TemporaryDirectory(prefix="votecount-out-") as tmp:
        try:
            for name in keep:
                if fs.isfile(f"{root.rstrip('/')}/{name}"):
                    fs.get_file(f"{root.rstrip('/')}/{name}", os.path.join(tmp, name))
        except OSError as exc:
            raise InputError(say("batch.cannot_read", "en", path=url, why=exc)) from None
        yield tmp
        try:
            fs.makedirs(root, exist_ok=True)
            for name in sorted(os.listdir(tmp)):
                fs.put_file(os.path.join(tmp, name), f"{root.rstrip('/')}/{name}")
        except OSError as exc:
            raise VotecountError(say("batch.cannot_write", "en", path=url, why=exc)) from None
