"""THREAD argument → the bytes of every page, in order. The only place that touches input files.

A THREAD is a saved page, a folder of saved pages of one thread, a .zip of them, or '-'
(standard input). Pages in a folder or zip are ordered by the numbers in their names
(page2 before page10); the thread stage then orders posts by their own numbers anyway.
"""

from __future__ import annotations

import os
import re
import sys
import zipfile
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from .errors import InputError

PAGE_SUFFIXES = (".html", ".htm", ".xhtml", ".php", ".shtml")
MAX_PAGE_BYTES = 64 * 1024 * 1024
MAX_ZIP_BYTES = 512 * 1024 * 1024


@dataclass(frozen=True, slots=True)
class RawPage:
    source: str  # path or label for messages
    data: bytes
    mtime: datetime | None = None  # file modification time, a last-resort "saved at"


def _natural(name: str):
    return [int(t) if t.isdigit() else t.lower() for t in re.split(r"(\d+)", name)]


def _is_page(name: str) -> bool:
    base = name.rsplit("/", 1)[-1]
    return not base.startswith(".") and (base.lower().endswith(PAGE_SUFFIXES) or "." not in base)


def _read_file(path: Path) -> RawPage:
    try:
        size = path.stat().st_size
        if size > MAX_PAGE_BYTES:
            raise InputError(f"{path}: page is {size:,} bytes, over the {MAX_PAGE_BYTES:,}-byte limit")
        data = path.read_bytes()
        mtime = datetime.fromtimestamp(path.stat().st_mtime, tz=timezone.utc)
    except OSError as exc:
        raise InputError(f"{path}: cannot read ({exc.strerror or exc})") from None
    return RawPage(str(path), data, mtime)


def _read_zip(path: Path) -> list[RawPage]:
    try:
        with zipfile.ZipFile(path) as zf:
            infos = [i for i in zf.infolist() if not i.is_dir() and _is_page(i.filename)]
            total = sum(i.file_size for i in infos)
            if total > MAX_ZIP_BYTES:
                raise InputError(f"{path}: archive unpacks to {total:,} bytes, over the limit")
            pages = []
            for info in sorted(infos, key=lambda i: _natural(i.filename)):
                when = datetime(*info.date_time, tzinfo=timezone.utc)
                pages.append(RawPage(f"{path}!{info.filename}", zf.read(info), when))
            return pages
    except zipfile.BadZipFile:
        raise InputError(f"{path}: not a readable .zip archive") from None


def read(thread: str) -> list[RawPage]:
    """The pages of one THREAD argument, in order; an InputError when there are none."""
    if thread == "-":
        data = sys.stdin.buffer.read()
        return [RawPage("<stdin>", data, None)]
    path = Path(thread)
    if not path.exists():
        raise InputError(f"{thread}: no such file or folder")
    if path.is_dir():
        names = sorted((n for n in os.listdir(path) if _is_page(n) and (path / n).is_file()),
                       key=_natural)
        if not names:
            raise InputError(f"{thread}: folder holds no saved pages (*.html, *.htm)")
        return [_read_file(path / n) for n in names]
    if path.suffix.lower() == ".zip":
        pages = _read_zip(path)
        if not pages:
            raise InputError(f"{thread}: archive holds no saved pages (*.html, *.htm)")
        return pages
    return [_read_file(path)]
