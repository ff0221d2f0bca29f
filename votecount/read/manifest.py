"""manifest.json of a fetched folder: where each page came from and when it was fetched.

`votecount fetch URL -o DIR` writes the pages byte for byte and this manifest last, so a
folder with a manifest is a whole thread. Counting the folder later reads the fetch time of
each page from here (matched by file name, checked by sha256), so "Сегодня 19:45" resolves
exactly as it did when the URL was counted live. The manifest never holds cookies or any
other credential. No network code here: reading a folder must not import httpx.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from ..errors import InputError

NAME = "manifest.json"
FORMAT = 1


@dataclass(frozen=True, slots=True)
class Entry:
    file: str
    url: str
    final_url: str
    status: int
    fetched_at: datetime
    sha256: str
    bytes: int
    engine: str
    content_type: str = ""
    etag: str | None = None
    last_modified: str | None = None

    def to_json(self) -> dict:
        return {"file": self.file, "url": self.url, "final_url": self.final_url,
                "status": self.status, "fetched_at": self.fetched_at.isoformat(),
                "sha256": self.sha256, "bytes": self.bytes, "engine": self.engine,
                "content_type": self.content_type, "etag": self.etag,
                "last_modified": self.last_modified}


@dataclass(frozen=True, slots=True)
class Manifest:
    url: str
    engine: str
    title: str
    entries: tuple[Entry, ...]
    version: str = ""
    watch: dict | None = None  # `votecount watch`'s state: the last count, when, how often

    def to_json(self) -> dict:
        out = {"format": FORMAT, "votecount": self.version, "url": self.url,
               "engine": self.engine, "title": self.title, "complete": True,
               "pages": [e.to_json() for e in self.entries]}
        if self.watch is not None:
            out["watch"] = self.watch
        return out


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def page_file(number: int) -> str:
    return f"page{number:04d}.html"


def load(folder: Path) -> Manifest | None:
    """The manifest of `folder`, None when there is none; InputError when it is unreadable."""
    path = folder / NAME
    if not path.is_file():
        return None
    where = str(path)
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
        if raw.get("format") != FORMAT or raw.get("complete") is not True:
            raise InputError(f"{where}: not a complete votecount fetch manifest (format {FORMAT})")
        entries = []
        for item in raw["pages"]:
            at = datetime.fromisoformat(item["fetched_at"])
            if at.tzinfo is None:
                raise InputError(f"{where}: {item['file']}: fetched_at has no time zone")
            if "/" in item["file"] or "\\" in item["file"] or item["file"].startswith("."):
                raise InputError(f"{where}: page file name '{item['file']}' is not a plain name")
            entries.append(Entry(file=item["file"], url=item["url"], final_url=item["final_url"],
                                 status=int(item["status"]), fetched_at=at, sha256=item["sha256"],
                                 bytes=int(item["bytes"]), engine=item["engine"],
                                 content_type=item.get("content_type") or "",
                                 etag=item.get("etag"), last_modified=item.get("last_modified")))
        watch = raw.get("watch")
        return Manifest(url=raw["url"], engine=raw["engine"], title=raw.get("title") or "",
                        entries=tuple(entries), version=raw.get("votecount") or "",
                        watch=watch if isinstance(watch, dict) else None)
    except InputError:
        raise
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        raise InputError(f"{where}: unreadable fetch manifest ({type(exc).__name__}: {exc})") from None


def fetch_times(arg: str, sources: list[str]) -> dict[str, Entry]:
    """For the pages read from one THREAD argument, the manifest entry of each page that has
    one (matched by file name in the page's folder). When the argument is a fetched folder,
    the folder must be exactly what was fetched: every page listed and unchanged, nothing
    added; otherwise it could be a partial or mixed thread passed off as whole."""
    found: dict[str, Entry] = {}
    cache: dict[Path, Manifest | None] = {}
    folder = Path(arg)
    whole = folder.is_dir() and (folder / NAME).is_file()
    for source in sources:
        path = Path(source)
        if "!" in source and not path.exists():  # a zip member: zips carry no manifest
            continue
        if path.parent not in cache:
            cache[path.parent] = load(path.parent)
        entry = _entry(source, cache[path.parent], whole=whole)
        if entry is not None:
            found[source] = entry
    if whole:
        names = {Path(s).name for s in sources}
        missing = [e.file for e in cache[folder].entries if e.file not in names] if folder in cache else []
        if missing:
            raise InputError(f"{arg}: pages listed in {NAME} are missing: {', '.join(missing)}; "
                             "the folder is not a whole thread")
    return found


def _entry(source: str, man: Manifest | None, *, whole: bool) -> Entry | None:
    """The page's entry in its folder's manifest when the page is unchanged since it was
    fetched; in a whole fetched folder, a page not listed or changed is an error."""
    path = Path(source)
    entry = next((e for e in man.entries if e.file == path.name), None) if man is not None else None
    if man is None or (entry is None and not whole):
        return None
    if entry is None:
        raise InputError(f"{source}: not one of the pages in {path.parent / NAME}; the folder "
                         "mixes a fetched thread with other pages")
    try:
        data = path.read_bytes()
    except OSError:
        return None
    if sha256(data) != entry.sha256:
        if whole:
            raise InputError(f"{source}: changed since it was fetched (sha256 differs from "
                             f"{NAME}); fetch the thread again, or remove {NAME}")
        return None
    return entry


def save_watch(folder: Path, state: dict) -> None:
    """`votecount watch`'s state into the folder's manifest (rewritten whole: a temporary file
    renamed over it), so that a watch started again resumes from the last count."""
    from dataclasses import replace
    man = load(folder)
    if man is None:
        raise InputError(f"{folder}: no {NAME} to keep the watch's state in")
    _replace_manifest(folder, replace(man, watch=state))


def _replace_manifest(folder: Path, man: Manifest) -> None:
    tmp = folder / f".{NAME}.{os.getpid()}.tmp"
    tmp.write_text(json.dumps(man.to_json(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    os.replace(tmp, folder / NAME)


def write(folder: Path, man: Manifest, pages: dict[str, bytes], stale: list[str]) -> None:
    """Write the pages that changed and the manifest so that no interruption leaves a folder
    that looks whole when it is not: new pages go to hidden temporary files first (a folder
    of only those reads as empty), then the manifest, then the pages are renamed into place
    (until they are, a listed page is missing or fails its sha256), then stale pages go
    (until then, a page not listed is an error)."""
    folder.mkdir(parents=True, exist_ok=True)
    for leftover in folder.glob(".page*.tmp"):
        leftover.unlink(missing_ok=True)
    temps = []
    for name, data in pages.items():
        tmp = folder / f".{name}.{os.getpid()}.tmp"
        tmp.write_bytes(data)
        temps.append((tmp, folder / name))
    _replace_manifest(folder, man)
    for tmp, final in temps:
        os.replace(tmp, final)
    for name in stale:
        (folder / name).unlink(missing_ok=True)
