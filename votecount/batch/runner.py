"""`votecount batch`: many threads → four tables (threads, days, ballots, violations).

The work for one thread is `process_thread(job)`: a top-level function of a picklable `Job`
that returns plain rows (lists of str/int/float/bool/None), so a process pool, a Dask cluster
and `--jobs 1` run exactly the same code. It never raises: a bad thread comes back as a
`status=error` row with the reason, and the run goes on.

The parent finds the threads (`discover`, in find.py), hands out jobs, keeps a state file of finished
threads in OUT (so `--resume` skips threads whose input is unchanged and a killed run loses
nothing finished), and writes the tables sorted by thread, day and post, so the same input
gives byte-identical files whatever the number of workers (batch_tables); a thread's rows are
written once every thread before it has come (ordered.py, through the sinks of sinks.py: every
format streamed). No rows are kept here: the state file's lines are copied from where they were
written when it is rewritten at the end. pandas is imported only to write JSON and Parquet
tables (CSV is written with the csv module).
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import signal
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator

from .. import __version__, api
from ..api import Note, RawPage, note_text
from ..errors import InputError, VotecountError
from . import dataset as datasets, remote, schedule
from .find import Job, real_path
from .ordered import OrderedTables
from .sinks import LIBRARY
from .tables import result_rows

STATE_FILE = ".votecount-batch.jsonl"


class _TimeUp(BaseException):
    """Raised by the per-thread alarm; a BaseException so no `except Exception` swallows it."""


def _game(job: Job):
    """(the game file's bytes, the Game) of a job: b"" and None without one."""
    if not job.game:
        return b"", None
    import zipfile

    zip_path, _, member = job.game.partition("!") if job.kind == "zip" else (job.game, "", "")
    try:
        if member:
            with remote.open_binary(real_path(job, zip_path)) as f, zipfile.ZipFile(f) as zf:
                data = zf.read(member)
        else:
            with remote.open_binary(real_path(job, job.game)) as f:
                data = f.read()
        text = data.decode("utf-8")
    except (OSError, KeyError, ValueError, zipfile.BadZipFile) as exc:  # ValueError: not UTF-8
        raise InputError(f"{job.game}: cannot read the game file "
                         f"({getattr(exc, 'strerror', None) or exc})") from None
    return data, api.parse_game(text, job.game)


# --------------------------------------------------------------------------- one thread

def process_thread(job: Job) -> dict:
    """Count one thread. Returns {"key", "status", "hash", "error", "pages", "posts", "rows"}
    where rows maps table name → list of rows in COLUMNS order; status is ok, error, or
    unchanged (the input hashes to job.previous, so the caller's stored rows stand)."""
    started = time.monotonic()
    info = {"key": job.key, "hash": None, "pages": 0, "bytes": 0}
    try:
        with _alarm(job.time_limit):
            return _count(job, info, started)
    except _TimeUp:
        reason = f"over the time limit of {job.time_limit:g} s"
    except VotecountError as exc:
        reason = str(exc)
    except RecursionError:
        reason = "page nested too deeply to read"
    except MemoryError:
        reason = "out of memory"
    except Exception as exc:  # a bug must not stop the archive: record it for the report
        reason = f"internal error: {type(exc).__name__}: {exc}"
    return _error_result(job, reason, pages=info["pages"], size=info["bytes"], digest=info["hash"])


@contextmanager
def _alarm(seconds: float):
    """A hard per-thread time limit where signals work (the main thread of a process: the pool
    workers and --jobs 1). Elsewhere (Dask worker threads) the limit is checked between pages."""
    if not seconds or threading.current_thread() is not threading.main_thread() \
            or not hasattr(signal, "setitimer"):
        yield
        return

    def ring(signum, frame):
        raise _TimeUp()

    old = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def _read_pages(job: Job, info: dict, notes: list[Note]) -> list[RawPage]:
    """The thread's pages, with the page and byte limits checked before anything is read
    (votecount's own files skipped in a folder, with a line in `notes`); a remote thread's from
    its local copy, named by their URLs."""
    if job.kind == "missing":
        raise InputError(job.error or f"{job.path}: no such file or folder")
    if remote.is_remote(job.path):
        with remote.local_copy(job.path, job.kind) as local:
            return _read_local(job, local, info, notes)
    return _read_local(job, real_path(job, job.path), info, notes)


def _read_local(job: Job, real: str, info: dict, notes: list[Note]) -> list[RawPage]:
    sizes: list[int]
    if job.kind == "folder":
        names = [n for n in os.listdir(real) if api.is_page(n)]
        sizes = [os.path.getsize(os.path.join(real, n)) for n in names]
    elif job.kind == "zip":
        import zipfile
        try:
            with zipfile.ZipFile(real) as zf:
                sizes = [i.file_size for i in zf.infolist() if not i.is_dir() and api.is_page(i.filename)]
        except (zipfile.BadZipFile, OSError):
            raise InputError(f"{job.path}: not a readable .zip archive") from None
    else:
        sizes = [os.path.getsize(real)]
    info["pages"], info["bytes"] = len(sizes), sum(sizes)
    if job.max_pages and len(sizes) > job.max_pages:
        raise InputError(f"{job.key}: {len(sizes):,} pages, over the limit of {job.max_pages:,} (--max-pages)")
    if job.max_bytes and sum(sizes) > job.max_bytes:
        raise InputError(f"{job.key}: {sum(sizes):,} bytes, over the limit of {job.max_bytes:,} (--max-mb)")
    raws = api.read_pages(real, notes)
    if real != job.path:  # pages are named as the user gave them, wherever this runs
        raws = [RawPage(job.path + r.source[len(real):], r.data, r.mtime) for r in raws]
    return raws


def content_hash(job: Job, raws: list[RawPage], game_bytes: bytes) -> str:
    """What the count depends on: the pages (names, bytes, order), the game file, the options
    and the version. Modification times matter only for relative dates, which a re-save with
    the same bytes does not change in practice, so they are left out."""
    h = hashlib.blake2b(_options(job.game, job.rules, job.tz, job.engine, lang=job.lang,
                                 date_order=job.date_order), digest_size=16)
    h.update(len(game_bytes).to_bytes(8, "little") + game_bytes)
    base = len(job.path)
    for raw in raws:
        name = raw.source[base:].encode("utf-8", "surrogateescape")
        h.update(len(name).to_bytes(8, "little") + name)
        h.update(len(raw.data).to_bytes(8, "little") + raw.data)
    return h.hexdigest()


@functools.lru_cache(maxsize=256)
def _options(game: str | None, rules: str | None, tz: str | None, engine: str | None, *,
             lang: str | None, date_order: str | None) -> bytes:
    """The hash's first bytes: the version and the request's fingerprint (the same for every
    thread of a run but for its game file: built once, not once a thread)."""
    request = api.CountRequest(("",), game=game, rules=rules, zone=tz, engine=engine, lang=lang,
                           date_order=date_order)  # the threads are not in the fingerprint
    return json.dumps([__version__, request.fingerprint()]).encode()


def _paced(raws, deadline: float, limit: float) -> Iterator[RawPage]:
    for raw in raws:
        if deadline and time.monotonic() > deadline:
            raise InputError(f"over the time limit of {limit:g} s")
        yield raw


def _count(job: Job, info: dict, started: float) -> dict:
    notes: list[Note] = []
    raws = _read_pages(job, info, notes)
    game_bytes, game = _game(job)
    digest = info["hash"] = content_hash(job, raws, game_bytes)
    if job.previous == digest:
        return {"key": job.key, "status": "unchanged", "hash": digest, "error": None,
                "pages": len(raws), "posts": 0, "rows": None}
    tz, zone_notes, trees = api.zone_for_pages(job.tz, game, raws)
    notes += zone_notes
    deadline = started + job.time_limit if job.time_limit else 0.0
    thread = api.thread_of_pages(raws, job.key, tz=tz, engine=job.engine, folder=job.path,
                                 date_order=job.date_order, notes=notes, trees=trees,
                                 pace=lambda pages: _paced(pages, deadline, job.time_limit))
    results = api.count_thread(thread, game, tz, rules_spec=None if game else job.rules, lang=job.lang)
    if deadline and time.monotonic() > deadline:
        raise InputError(f"over the time limit of {job.time_limit:g} s")
    rows = result_rows(job.key, results)
    t = thread
    rows["threads"] = [[job.key, "ok", None, t.engine, t.title, t.pages, info["bytes"], len(t.posts),
                        len(results), len(rows["ballots"]), len(rows["violations"]),
                        results[0].rules if results else None, job.game,
                        "\n".join(note_text(w, "en") for w in t.warnings) or None, digest]]
    return {"key": job.key, "status": "ok", "hash": digest, "error": None, "pages": t.pages,
            "posts": len(t.posts), "rows": rows}


# --------------------------------------------------------------------------- the run

@dataclass
class Summary:
    threads: int = 0
    failed: int = 0
    unchanged: int = 0
    pages: int = 0
    posts: int = 0


def run(jobs: list[Job], out: Path, fmt: str, *, workers: int = 1, dask: str | None = None,
        progress: Callable[[dict], None] | None = None, state: dict[str, dict] | None = None,
        sizes: dict[str, int] | None = None, dataset: datasets.Dataset | None = None) -> Summary:
    """Run every job, record each finished thread in the state file, write the tables. `sizes`:
    each job's bytes (schedule.job_sizes), when the caller has them already; each result handed
    to `progress` carries its thread's `bytes`. `dataset`: the tables are Parquet datasets,
    written by partition by the workers (dataset.py); OUT then holds only the state file."""
    out.mkdir(parents=True, exist_ok=True)
    sizes = sizes if sizes is not None else schedule.job_sizes(jobs)
    if dataset:
        stream = _execute_dataset(jobs, sizes, workers=workers, dask=dask, target=dataset, state=state or {})
    else:
        stream = _execute(jobs, sizes, workers, dask, preload=LIBRARY.get(fmt, ()))
    state = state or {}
    results: dict[str, dict] = {}  # key → what the summary needs of its result (no rows)
    spans: dict[str, tuple[int, int]] = {}  # key → where its line lies in the state file
    state_path = out / STATE_FILE
    tables = None if dataset else OrderedTables(out, fmt, sorted((j.key for j in jobs), key=api.natural_order))
    try:
        _collect(stream, state_path, results=results, spans=spans, tables=tables, state=state,
                 progress=progress, sizes=sizes)
    except BaseException:
        if tables:
            tables.abandon()
        raise
    keys = sorted(results, key=api.natural_order)
    if dataset:
        datasets.prune(dataset.out, {r["partition"] for r in results.values() if r.get("partition")})
    else:
        tables.finish()
    _rewrite_state(state_path, [spans[k] for k in keys])
    summary = Summary(threads=len(keys))
    for r in results.values():
        summary.failed += r["status"] == "error"
        summary.unchanged += bool(r.get("unchanged"))
        summary.pages += r.get("pages") or 0
        summary.posts += r.get("posts") or 0
    return summary


def _collect(stream, state_path: Path, *, results: dict, spans: dict, tables, state: dict,
             progress, sizes: dict[str, int]) -> None:
    """Each result as it comes: its line in the state file (an unchanged thread's stored line
    again, so that every thread of the run has a line there), its rows to the tables; nothing
    of its rows is kept."""
    with open(state_path, "ab" if state else "wb") as log:
        if log.tell() and _last_byte(state_path) != b"\n":
            log.write(b"\n")  # a killed run's torn last line stays alone on its line
        for res in stream:
            if res["status"] == "unchanged":
                res = {**state[res["key"]], "unchanged": True}
            line = _state_line(res)
            spans[res["key"]] = (log.tell(), len(line))
            log.write(line)
            log.flush()  # a killed run keeps every thread finished so far
            results[res["key"]] = {k: res.get(k) for k in ("status", "unchanged", "pages", "posts", "partition")}
            if tables:
                tables.add(res["key"], res["rows"])
            if progress:
                progress({**res, "bytes": sizes.get(res["key"], 0)})


def _last_byte(path: Path) -> bytes:
    with open(path, "rb") as f:
        f.seek(-1, os.SEEK_END)
        return f.read(1)


_STATE_KEYS = ("key", "hash", "status", "pages", "posts", "rows", "partition")


def _state_line(entry: dict) -> bytes:
    """A thread's line in the state file (a stored entry's own fields only)."""
    fields = {k: entry.get(k) for k in _STATE_KEYS}
    if fields["partition"] is None:  # only a --partition-mb run's lines name one
        del fields["partition"]
    return (json.dumps(fields, ensure_ascii=False) + "\n").encode("utf-8")


def _rewrite_state(path: Path, spans: list[tuple[int, int]]) -> None:
    """Rewrite the state file with one line per thread of this run, in the order given, copied
    from where this run wrote them (drops superseded lines; no line is held in memory)."""
    tmp = path.with_name(path.name + ".tmp")
    with open(path, "rb") as src, open(tmp, "wb") as f:
        for offset, size in spans:
            src.seek(offset)
            f.write(src.read(size))
    os.replace(tmp, path)


def load_state(out: Path) -> dict[str, dict]:
    """Finished threads of earlier runs (last entry per thread wins; a torn last line from a
    killed run is ignored). Only threads counted without error are reused."""
    path = out / STATE_FILE
    entries: dict[str, dict] = {}
    if not path.exists():
        return entries
    with open(path, encoding="utf-8") as f:
        for line in f:
            try:
                entry = json.loads(line)
            except json.JSONDecodeError:
                continue
            if isinstance(entry, dict) and entry.get("status") == "ok" and (entry.get("rows") or entry.get("partition")):
                entries[entry["key"]] = entry
            elif isinstance(entry, dict):
                entries.pop(entry.get("key"), None)
    return entries


def _execute(jobs: list[Job], sizes: dict[str, int], workers: int, dask: str | None, *,
             preload: tuple[str, ...]) -> Iterator[dict]:
    """Each job's result as it comes; `preload`: the libraries the tables' writer will need.
    Forked workers inherit the imported parsers; Ctrl-C kills them at once (worker_pool): the
    state file keeps every thread finished so far."""
    if not dask and (workers <= 1 or len(jobs) <= 1):
        for job in jobs:  # here, one by one: the progress bar moves with each thread
            yield process_thread(job)
        return
    yield from schedule.execute(functools.partial(schedule.partitions, jobs, sizes),
                                functools.partial(schedule.count_partition, count=process_thread),
                                workers=workers, dask=dask, preload=preload,
                                failed=lambda part, why: [_error_result(job, why) for job in part])


def _execute_dataset(jobs: list[Job], sizes: dict[str, int], *, workers: int, dask: str | None,
                     target: datasets.Dataset, state: dict[str, dict]) -> Iterator[dict]:
    previous = {k: e["partition"] for k, e in state.items() if e.get("partition")}
    parts = datasets.plan(jobs, sizes, partition_bytes=target.partition_bytes, out=target.out,
                          previous=previous)  # cut by the input alone, whatever the workers
    work = functools.partial(datasets.count_part, count=process_thread)
    yield from schedule.execute(lambda workers: parts, work, workers=workers, dask=dask, preload=(),
                                failed=functools.partial(datasets.failed, error_result=_error_result))


def _error_result(job: Job, reason: str, *, pages: int | None = None, size: int | None = None,
                  digest: str | None = None) -> dict:
    """A thread that failed: its threads row says why, with what was learnt before it failed
    (pages, bytes, the input's hash); it has no other rows."""
    row = [job.key, "error", reason, None, None, pages, size, None, None, None, None, None,
           job.game, None, digest]
    return {"key": job.key, "status": "error", "hash": digest, "error": reason, "pages": pages or 0,
            "posts": 0, "rows": {"threads": [row], "days": [], "ballots": [], "violations": []}}
