"""THREAD argument → the bytes of every page, in order. The only place that touches input files.

A THREAD is a saved page, a folder of saved pages of one thread, a .zip of them, or '-'
(standard input). Pages in a folder or zip are ordered by the numbers in their names
(page2 before page10); the thread stage then orders posts by their own numbers anyway.

Input is only ever read, and every read is bounded: a page over MAX_PAGE_BYTES, a thread over
MAX_THREAD_BYTES, an archive member whose compression ratio is that of a zip bomb, are refused
before they are read whole. A zip member is read into memory, never extracted, so a member
named `../x` could not write anywhere; such names (and absolute names, and symbolic links) only
occur in crafted archives, and the archive is refused with the member's name. In a folder, a
page that is a symbolic link must lead to a file inside the folder.
"""

from __future__ import annotations

import os
import re
import stat
import sys
import zipfile
import zlib
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path, PurePosixPath

from ..errors import InputError
from ..model import Note

PAGE_SUFFIXES = (".html", ".htm", ".xhtml", ".php", ".shtml")
# The largest real thread page seen is 1.4 MB; SingleFile saves with inlined images reach tens
# of MB. 64 MiB holds any of them and keeps one page's parse well under a second per MB.
MAX_PAGE_BYTES = 64 * 1024 * 1024
MAX_THREAD_BYTES = 512 * 1024 * 1024  # all pages of one THREAD argument (folder or zip)
MAX_ZIP_BYTES = MAX_THREAD_BYTES  # kept for callers of the old name
MAX_ZIP_MEMBERS = 10_000
# Deflate shrinks HTML 5–20 times; zip bombs shrink 1000 times and more. A member that
# unpacks to over a megabyte at a ratio above this is refused before it is inflated.
MAX_ZIP_RATIO = 200
_RATIO_FLOOR = 1024 * 1024


@dataclass(frozen=True, slots=True)
class RawPage:
    source: str  # path or label for messages
    data: bytes
    mtime: datetime | None = None  # file modification time, a last-resort "saved at"


def natural_order(name: str):
    # The name itself breaks ties ("Page1" and "page1"): the order never depends on the
    # order the file system lists a folder in.
    return [int(t) if t.isdigit() else t.lower() for t in re.split(r"(\d+)", name)], name


def is_url(arg: str) -> bool:
    """An http(s) URL: a live thread, fetched (fetch.py), not a file."""
    return arg.lower().startswith(("http://", "https://"))


def is_page(name: str) -> bool:
    base = name.rsplit("/", 1)[-1]
    return not base.startswith(".") and (base.lower().endswith(PAGE_SUFFIXES) or "." not in base)


def _mib(n: int) -> str:
    return f"{n // (1024 * 1024)} MiB"


def _too_big(source: str, size: int | str) -> InputError:
    size_text = f"{size:,} bytes" if isinstance(size, int) else size
    return InputError(f"{source}: page is {size_text}, over the {_mib(MAX_PAGE_BYTES)} limit for one "
                      "saved page (is it a forum page?)")


def _bounded_read(stream, source: str, size: int | None = None) -> bytes:
    """The stream's bytes, at most the limit (one byte more tells a larger one). `size`, a
    regular file's size: read as that many bytes and one, not into a buffer of the limit's
    size (64 MiB allocated and shrunk again for every page); a file that grew since its size
    was taken is read on to the limit."""
    want = MAX_PAGE_BYTES + 1 if size is None else min(size, MAX_PAGE_BYTES) + 1
    data = stream.read(want)
    if len(data) == want and want <= MAX_PAGE_BYTES:
        data += stream.read(MAX_PAGE_BYTES + 1 - want)
    if len(data) > MAX_PAGE_BYTES:
        raise _too_big(source, f"more than {MAX_PAGE_BYTES:,} bytes")
    return data


def _read_file(path: Path, label: str | None = None) -> RawPage:
    label = label or str(path)
    try:
        with open(path, "rb") as f:
            info = os.fstat(f.fileno())
            if stat.S_ISREG(info.st_mode) and info.st_size > MAX_PAGE_BYTES:
                raise _too_big(label, info.st_size)
            # Pipes and devices (`<(curl …)`, /dev/zero) have no size: the read is bounded.
            data = _bounded_read(f, label, info.st_size if stat.S_ISREG(info.st_mode) else None)
        mtime = datetime.fromtimestamp(info.st_mtime, tz=timezone.utc) if stat.S_ISREG(info.st_mode) else None
    except IsADirectoryError:
        raise InputError(f"{label}: is a folder, not a page") from None
    except OSError as exc:
        raise InputError(f"{label}: cannot read ({exc.strerror or exc})") from None
    return RawPage(label, data, mtime)


def _unsafe_member(name: str) -> str | None:
    """Why a zip member's name could only come from a crafted archive, or None."""
    if name.startswith(("/", "\\")) or re.match(r"^[A-Za-z]:", name):
        return "an absolute path"
    if ".." in PurePosixPath(name.replace("\\", "/")).parts:
        return "a '..' path"
    if "\x00" in name:
        return "a NUL character in its name"
    return None


def _zip_time(info: zipfile.ZipInfo) -> datetime | None:
    try:
        return datetime(*info.date_time, tzinfo=timezone.utc)
    except (ValueError, TypeError):  # a DOS date of month 0 in a crafted archive
        return None


def _read_zip(path: Path) -> list[RawPage]:
    """The pages of a .zip, in natural order: a crafted archive (too many members, unsafe names,
    links) or a zip bomb is refused before anything is unpacked."""
    try:
        with zipfile.ZipFile(path) as zf:
            infos = _page_members(path, zf.infolist())
            return _unpack(zf, path, infos)
    except (zipfile.BadZipFile, zlib.error, EOFError, ValueError) as exc:
        raise InputError(f"{path}: not a readable .zip archive ({exc})") from None
    except OSError as exc:
        raise InputError(f"{path}: cannot read ({exc.strerror or exc})") from None


def _page_members(path: Path, infos: list[zipfile.ZipInfo]) -> list[zipfile.ZipInfo]:
    """The members that are pages, once every member is safe to name and the pages are within
    the size limits (of the thread, of a page, of the packing ratio)."""
    if len(infos) > MAX_ZIP_MEMBERS:
        raise InputError(f"{path}: archive has {len(infos):,} members, over the "
                         f"{MAX_ZIP_MEMBERS:,} limit")
    for info in infos:
        why = _unsafe_member(info.filename)
        if why:
            raise InputError(f"{path}: member '{info.filename}' has {why}: a crafted "
                             "archive, refused")
        if stat.S_ISLNK(info.external_attr >> 16):
            raise InputError(f"{path}: member '{info.filename}' is a symbolic link: "
                             "refused (pack the pages themselves)")
    infos = [i for i in infos if not i.is_dir() and is_page(i.filename)]
    total = sum(i.file_size for i in infos)
    if total > MAX_THREAD_BYTES:
        raise InputError(f"{path}: archive unpacks to {total:,} bytes, over the "
                         f"{_mib(MAX_THREAD_BYTES)} limit for one thread")
    for info in infos:
        label = f"{path}!{info.filename}"
        if info.file_size > MAX_PAGE_BYTES:
            raise _too_big(label, info.file_size)
        if info.file_size > _RATIO_FLOOR and info.file_size > MAX_ZIP_RATIO * max(info.compress_size, 1):
            raise InputError(f"{label}: unpacks {info.file_size // max(info.compress_size, 1):,} "
                             f"times its packed size (over {MAX_ZIP_RATIO}): a zip bomb, refused")
    return infos


def _unpack(zf: zipfile.ZipFile, path: Path, infos: list[zipfile.ZipInfo]) -> list[RawPage]:
    """The members read in natural order, each within its declared size, the thread within
    its limit whatever the headers claimed."""
    pages, read_total = [], 0
    for info in sorted(infos, key=lambda i: natural_order(i.filename)):
        label = f"{path}!{info.filename}"
        try:
            with zf.open(info) as member:  # inflates at most file_size bytes (CRC-checked)
                data = _bounded_read(member, label)
        except (zipfile.BadZipFile, zlib.error, EOFError) as exc:
            raise InputError(f"{label}: damaged archive member ({exc})") from None
        except (NotImplementedError, RuntimeError) as exc:  # unknown method, encrypted
            raise InputError(f"{label}: cannot unpack ({exc})") from None
        read_total += len(data)
        if read_total > MAX_THREAD_BYTES:
            raise InputError(f"{path}: archive unpacks to over {MAX_THREAD_BYTES:,} bytes")
        pages.append(RawPage(label, data, _zip_time(info)))
    return pages


def _folder_page(folder: Path, real_folder: Path, name: str) -> Path | None:
    """The file behind a page-like name in a folder, None for a sub-folder; refuses links
    that loop, dangle or leave the folder, and anything that is not a regular file."""
    entry = folder / name
    try:
        if entry.is_symlink():
            try:
                target = entry.resolve(strict=True)
            except RuntimeError:  # Python 3.11: "Symlink loop"
                raise InputError(f"{entry}: symbolic link loop") from None
            except FileNotFoundError:
                raise InputError(f"{entry}: symbolic link to a missing file ({os.readlink(entry)})") from None
            except OSError as exc:  # ELOOP on newer Pythons
                raise InputError(f"{entry}: symbolic link cannot be followed ({exc.strerror or exc})") from None
            mode = target.stat().st_mode
            if stat.S_ISDIR(mode):
                return None  # sub-folders are never entered, so a link to one cannot loop
            if real_folder not in target.parents:
                raise InputError(f"{entry}: symbolic link to {target}, outside the folder: refused "
                                 "(copy the page into the folder)")
        else:
            mode = entry.lstat().st_mode
    except InputError:
        raise
    except OSError as exc:
        raise InputError(f"{entry}: cannot read ({exc.strerror or exc})") from None
    if stat.S_ISDIR(mode):
        return None  # "thread_files/" beside a saved page
    if not stat.S_ISREG(mode):
        raise InputError(f"{entry}: not a regular file")
    return entry


# What votecount's own outputs look like, so that a report saved into a thread folder is
# skipped with a note instead of failing the next count of the folder: the HTML report names
# its generator; JSON, the CSV headers, BBCode and Markdown begin as only votecount's do; the
# text tables are text with no HTML markup that holds their box lines.
_GENERATOR = re.compile(rb'<meta name="generator" content="votecount', re.I)
_OWN_START = re.compile(rb'\A\s*(?:\{\s*"thread"|\[\s*\{\s*"(?:thread|post_id|player)"|\[\s*\]'
                        rb"|\[b\]|\*\*|day,phase,post_no,|post_id,post_no,|player,day,posts,)")
_MARKUP = re.compile(rb"<(?:!doctype|html|head|body|div|table|meta)\b", re.I)
_BOX = re.compile(rb"\xe2\x94[\x81\x83]")  # U+2501, U+2503: the tables' heavy lines


def own_output(data: bytes) -> str | None:
    """Which votecount output `data` is, as the code of the warning that skips it in a folder
    ("warning.own_report": an HTML report, "warning.own_text": text output), or None for
    anything else (a page, or a file votecount did not write)."""
    head = data[:65536]
    if _GENERATOR.search(head[:4096]):
        return "warning.own_report"
    if _OWN_START.match(head) or (_BOX.search(head) and not _MARKUP.search(head)):
        return "warning.own_text"
    return None


def input_files(thread: str) -> list[Path]:
    """The files reading THREAD opens: the file or .zip itself; for a folder its page files
    (not votecount's own outputs, which are skipped: a report is written again in place),
    manifest.json and game.toml (-o must never name one of them)."""
    path = Path(thread)
    if thread == "-" or not path.exists():
        return []
    if not path.is_dir():
        return [path]
    try:
        names = os.listdir(path)
    except OSError:
        return []
    return [path / n for n in names if n in ("manifest.json", "game.toml")
            or (is_page(n) and not _own_file(path / n))]


def _own_file(path: Path) -> bool:
    """A file of a folder that votecount wrote (skipped when the folder is read)."""
    try:
        with open(path, "rb") as f:
            return own_output(f.read(65536)) is not None
    except OSError:
        return False


def _read_folder(path: Path, thread: str, notes: list[Note] | None = None) -> list[RawPage]:
    try:
        names = sorted((n for n in os.listdir(path) if is_page(n)), key=natural_order)
        real = path.resolve(strict=True)
    except (OSError, RuntimeError) as exc:
        raise InputError(f"{thread}: cannot read the folder ({getattr(exc, 'strerror', None) or exc})") from None
    files = [f for f in (_folder_page(path, real, n) for n in names) if f is not None]
    if not files:
        raise InputError(f"{thread}: folder holds no saved pages (*.html, *.htm)")
    pages, total = [], 0
    for f in files:
        page = _read_file(f)
        own = own_output(page.data)
        if own:
            if notes is not None:
                notes.append(Note.of(own, file=str(f)))
            continue
        total += len(page.data)
        if total > MAX_THREAD_BYTES:
            raise InputError(f"{thread}: pages add up to over {MAX_THREAD_BYTES:,} bytes, over the "
                             f"{_mib(MAX_THREAD_BYTES)} limit for one thread")
        pages.append(page)
    if not pages:
        raise InputError(f"{thread}: folder holds no saved pages, only votecount's own outputs")
    return pages


def read(thread: str, notes: list[Note] | None = None) -> list[RawPage]:
    """The pages of one THREAD argument, in order; an InputError when there are none. A
    folder's files that votecount wrote are skipped, with a line added to `notes`."""
    if thread == "-":
        return [RawPage("<stdin>", _bounded_read(sys.stdin.buffer, "<stdin>"), None)]
    path = Path(thread)
    if not path.exists():
        if path.is_symlink():
            raise InputError(f"{thread}: symbolic link that loops or leads nowhere")
        raise InputError(f"{thread}: no such file or folder")
    if path.is_dir():
        return _read_folder(path, thread, notes)
    if path.suffix.lower() == ".zip":
        pages = _read_zip(path)
        if not pages:
            raise InputError(f"{thread}: archive holds no saved pages (*.html, *.htm)")
        return pages
    return [_read_file(path, thread)]
