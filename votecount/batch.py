"""`votecount batch`: many threads → four tables (threads, days, ballots, violations).

The work for one thread is `process_thread(job)`: a top-level function of a picklable `Job`
that returns plain rows (lists of str/int/float/bool/None), so a process pool, a Dask cluster
and `--jobs 1` run exactly the same code. It never raises: a bad thread comes back as a
`status=error` row with the reason, and the run goes on.

The parent finds the threads (`discover`), hands out jobs, keeps a state file of finished
threads in OUT (so `--resume` skips threads whose input is unchanged and a killed run loses
nothing finished), and writes the tables sorted by thread, day and post, so the same input
gives byte-identical files whatever the number of workers. pandas is imported only to write.
"""

from __future__ import annotations

import hashlib
import json
import os
import signal
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable, Iterator, NamedTuple

from . import __version__, sources
from .errors import InputError, VotecountError

# Column name → type ("str", "int", "float", "bool"). Stable: documented in the README; add
# columns at the end, never rename or remove.
COLUMNS: dict[str, tuple[tuple[str, str], ...]] = {
    "threads": (
        ("thread", "str"), ("status", "str"), ("error", "str"), ("engine", "str"),
        ("title", "str"), ("pages", "int"), ("bytes", "int"), ("posts", "int"),
        ("days", "int"), ("ballots", "int"), ("violations", "int"), ("rules", "str"),
        ("game_file", "str"), ("warnings", "str"), ("hash", "str"),
    ),
    "days": (
        ("thread", "str"), ("day", "int"), ("rules", "str"), ("opens", "str"),
        ("deadline", "str"), ("outcome", "str"), ("eliminated", "str"), ("note", "str"),
        ("top_score", "float"), ("tally", "str"), ("ballots", "int"), ("counted", "int"),
        ("rejected", "int"), ("violations", "int"), ("missing", "str"), ("modkills", "str"),
        ("runoff", "str"),
    ),
    "ballots": (
        ("thread", "str"), ("day", "int"), ("phase", "str"), ("post_no", "int"),
        ("post_id", "str"), ("time", "str"), ("voter", "str"), ("kind", "str"),
        ("target", "str"), ("colour", "str"), ("weight", "float"), ("status", "str"),
        ("violations", "str"), ("written", "str"), ("match", "str"), ("edited", "bool"),
    ),
    "violations": (
        ("thread", "str"), ("day", "int"), ("post_no", "int"), ("post_id", "str"),
        ("time", "str"), ("player", "str"), ("code", "str"), ("rule", "str"),
        ("effect", "str"), ("message", "str"),
    ),
}
TABLES = tuple(COLUMNS)
FORMATS = {"csv": ".csv", "json": ".jsonl", "parquet": ".parquet"}
STATE_FILE = ".votecount-batch.jsonl"
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


def _real(job: Job, path: str) -> str:
    """Where to read `path` from: relative paths are relative to the submitter's folder (a Dask
    worker runs elsewhere), while names in tables and messages stay as the user gave them."""
    if job.root and not os.path.isabs(path) and os.getcwd() != job.root:
        return os.path.join(job.root, path)
    return path


class _TimeUp(BaseException):
    """Raised by the per-thread alarm; a BaseException so no `except Exception` swallows it."""


# --------------------------------------------------------------------------- finding threads

def discover(paths: Iterable[str]) -> list[tuple]:
    """(key, path, kind) of every thread under the PATH arguments, in natural order, once each.

    A folder that holds pages is a thread; a folder without pages is searched for thread
    folders and .zip files; a .zip is a thread; a page file is a one-page thread; any other
    file is a list of such paths, one a line (relative to the list; blank lines and # skipped).
    A list's line naming nothing is (key, path, "missing", why): that thread's error row.
    """
    found: dict[str, tuple[str, str, str]] = {}
    for arg in paths:
        for item in _targets(Path(arg), depth=0):
            found.setdefault(item[0], item)
    if not found:
        raise InputError(f"{' '.join(paths)}: no threads found (folders of saved pages, .zip files)")
    return sorted(found.values(), key=lambda t: sources._natural(t[0]))


def _targets(path: Path, depth: int) -> Iterator[tuple[str, str, str]]:
    key = os.path.normpath(str(path))
    if not path.exists():
        raise InputError(f"{path}: no such file or folder")
    if path.is_dir():
        names = sorted(os.listdir(path), key=sources._natural)
        if any(sources._is_page(n) and (path / n).is_file() for n in names):
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
    elif suffix in sources.PAGE_SUFFIXES:
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
                        max_pages, max_bytes, time_limit, (previous or {}).get(key), os.getcwd(),
                        why[0] if why else None, date_order))
    return jobs


def _game_file(path: str, kind: str) -> str | None:
    """The thread's game.toml: in its folder; in a .zip, `zip!game.toml` at the top or beside
    the pages in the zip's one folder (as a folder zipped whole holds it)."""
    if kind == "folder":
        game = os.path.join(path, GAME_FILE)
        return game if os.path.isfile(game) else None
    if kind != "zip":
        return None
    import zipfile
    try:
        with zipfile.ZipFile(path) as zf:
            names = [i.filename for i in zf.infolist() if not i.is_dir()]
    except (zipfile.BadZipFile, OSError, ValueError):
        return None  # said when the thread is read
    folders = {n.rpartition("/")[0] for n in names if sources._is_page(n)}
    for member in ([f"{folders.pop()}/{GAME_FILE}"] if len(folders) == 1 and "" not in folders else []) + [GAME_FILE]:
        if member in names:
            return f"{path}!{member}"
    return None


def _game(job: Job):
    """(the game file's bytes, the Game) of a job: b"" and None without one."""
    if not job.game:
        return b"", None
    import zipfile

    from . import game as game_mod
    zip_path, _, member = job.game.partition("!") if job.kind == "zip" else (job.game, "", "")
    try:
        if member:
            with zipfile.ZipFile(_real(job, zip_path)) as zf:
                data = zf.read(member)
        else:
            data = Path(_real(job, job.game)).read_bytes()
        text = data.decode("utf-8")
    except (OSError, KeyError, ValueError, zipfile.BadZipFile) as exc:  # ValueError: not UTF-8
        raise InputError(f"{job.game}: cannot read the game file "
                         f"({getattr(exc, 'strerror', None) or exc})") from None
    return data, game_mod.parse(text, job.game)


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
    row = [job.key, "error", reason, None, None, info["pages"], info["bytes"], None, None,
           None, None, None, job.game, None, info["hash"]]
    return {"key": job.key, "status": "error", "hash": info["hash"], "error": reason,
            "pages": info["pages"], "posts": 0,
            "rows": {"threads": [row], "days": [], "ballots": [], "violations": []}}


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


def _read_pages(job: Job, info: dict, notes: list[str]) -> list[sources.RawPage]:
    """The thread's pages, with the page and byte limits checked before anything is read
    (votecount's own files skipped in a folder, with a line in `notes`)."""
    sizes: list[int]
    if job.kind == "missing":
        raise InputError(job.error or f"{job.path}: no such file or folder")
    real = _real(job, job.path)
    if job.kind == "folder":
        names = [n for n in os.listdir(real) if sources._is_page(n)]
        sizes = [os.path.getsize(os.path.join(real, n)) for n in names]
    elif job.kind == "zip":
        import zipfile
        try:
            with zipfile.ZipFile(real) as zf:
                sizes = [i.file_size for i in zf.infolist() if not i.is_dir() and sources._is_page(i.filename)]
        except (zipfile.BadZipFile, OSError):
            raise InputError(f"{job.path}: not a readable .zip archive") from None
    else:
        sizes = [os.path.getsize(real)]
    info["pages"], info["bytes"] = len(sizes), sum(sizes)
    if job.max_pages and len(sizes) > job.max_pages:
        raise InputError(f"{job.key}: {len(sizes):,} pages, over the limit of {job.max_pages:,} (--max-pages)")
    if job.max_bytes and sum(sizes) > job.max_bytes:
        raise InputError(f"{job.key}: {sum(sizes):,} bytes, over the limit of {job.max_bytes:,} (--max-mb)")
    raws = sources.read(real, notes)
    if real != job.path:  # pages are named as the user gave them, wherever this runs
        raws = [sources.RawPage(job.path + r.source[len(real):], r.data, r.mtime) for r in raws]
    return raws


def content_hash(job: Job, raws: list[sources.RawPage], game_bytes: bytes) -> str:
    """What the count depends on: the pages (names, bytes, order), the game file, the options
    and the version. Modification times matter only for relative dates, which a re-save with
    the same bytes does not change in practice, so they are left out."""
    from .api import CountRequest
    h = hashlib.blake2b(digest_size=16)
    request = CountRequest((job.path,), game=job.game, rules=job.rules, zone=job.tz, engine=job.engine,
                           lang=job.lang, date_order=job.date_order)
    options = [__version__, request.fingerprint()]
    h.update(json.dumps(options).encode())
    h.update(len(game_bytes).to_bytes(8, "little") + game_bytes)
    base = len(job.path)
    for raw in raws:
        name = raw.source[base:].encode("utf-8", "surrogateescape")
        h.update(len(name).to_bytes(8, "little") + name)
        h.update(len(raw.data).to_bytes(8, "little") + raw.data)
    return h.hexdigest()


def _fetched(job: Job, raws):
    """A folder saved by `votecount fetch`: its pages' fetch times place "Сегодня 19:45"."""
    if not Path(job.path).is_dir():
        return None
    from .pipeline import manifest_times
    return manifest_times(job.path, raws)


def _paced(raws, deadline: float, limit: float) -> Iterator[sources.RawPage]:
    for raw in raws:
        if deadline and time.monotonic() > deadline:
            raise InputError(f"over the time limit of {limit:g} s")
        yield raw


def _count(job: Job, info: dict, started: float) -> dict:
    from . import api
    from . import game as game_mod
    from .pipeline import thread_from_pages, with_notes

    notes: list[str] = []
    raws = _read_pages(job, info, notes)
    game_bytes, game = _game(job)
    digest = info["hash"] = content_hash(job, raws, game_bytes)
    if job.previous == digest:
        return {"key": job.key, "status": "unchanged", "hash": digest, "error": None,
                "pages": len(raws), "posts": 0, "rows": None}
    tz = api.zone(job.tz or (game.timezone if game else game_mod.DEFAULT_TZ))
    deadline = started + job.time_limit if job.time_limit else 0.0
    thread = with_notes(thread_from_pages(_paced(raws, deadline, job.time_limit), job.key, tz=tz,
                                          engine=job.engine, fetched=_fetched(job, raws),
                                          date_order=job.date_order), notes)
    results = api.count_thread(thread, game, tz, None if game else job.rules, lang=job.lang)
    if deadline and time.monotonic() > deadline:
        raise InputError(f"over the time limit of {job.time_limit:g} s")
    rows = result_rows(job.key, results)
    t = thread
    rows["threads"] = [[job.key, "ok", None, t.engine, t.title, t.pages, info["bytes"], len(t.posts),
                        len(results), len(rows["ballots"]), len(rows["violations"]),
                        results[0].rules if results else None, job.game,
                        "\n".join(t.warnings) or None, digest]]
    return {"key": job.key, "status": "ok", "hash": digest, "error": None, "pages": t.pages,
            "posts": len(t.posts), "rows": rows}


def _iso(t) -> str | None:
    return t.isoformat() if t is not None else None


def _json(value) -> str:
    return json.dumps(value, ensure_ascii=False)


def result_rows(key: str, results) -> dict[str, list[list]]:
    """DayResults of one thread → rows of the days, ballots and violations tables."""
    days, ballots, violations = [], [], []
    for r in results:
        counted = sum(b.status == "counted" for b in r.ballots)
        rejected = sum(b.status == "rejected" for b in r.ballots)
        runoff = None
        if r.runoff is not None:
            ro = r.runoff
            runoff = _json({"mode": ro.mode, "candidates": list(ro.candidates),
                            "deadline": _iso(ro.deadline), "counted": ro.counted,
                            "tally": [[row.candidate, row.score] for row in ro.tally]})
        days.append([key, r.day, r.rules, _iso(r.opens), _iso(r.deadline), r.outcome.kind,
                     _json(list(r.outcome.eliminated)), r.outcome.note or None,
                     float(r.tally[0].score) if r.tally else None,
                     _json([[row.candidate, row.score] for row in r.tally]), len(r.ballots),
                     counted, rejected, len(r.violations), _json(list(r.missing)),
                     _json(list(r.modkills)), runoff])
        phases = [("day", r.ballots)] + ([("runoff", r.runoff.ballots)] if r.runoff else [])
        for phase, group in phases:
            for b in group:
                m = b.reading.match
                ballots.append([key, r.day, phase, b.post.post_no, b.post.post_id, _iso(b.post.time),
                                b.voter, b.kind, b.target, b.colour, float(b.weight), b.status,
                                " ".join(v.code for v in b.violations) or None,
                                b.reading.written or None, m.stage if m else None, b.post.edited])
        for v in r.violations:
            violations.append([key, v.day if v.day is not None else r.day, v.post_no, v.post_id,
                               _iso(v.time), v.player, v.code, v.rule, v.effect, v.message])
    return {"days": days, "ballots": ballots, "violations": violations}


# --------------------------------------------------------------------------- the run

@dataclass
class Summary:
    threads: int = 0
    failed: int = 0
    unchanged: int = 0
    pages: int = 0
    posts: int = 0


def run(jobs: list[Job], out: Path, fmt: str, *, workers: int = 1, dask: str | None = None,
        progress: Callable[[dict], None] | None = None, state: dict[str, dict] | None = None) -> Summary:
    """Run every job, record each finished thread in the state file, write the tables."""
    out.mkdir(parents=True, exist_ok=True)
    state = dict(state or {})
    results: dict[str, dict] = {}
    state_path = out / STATE_FILE
    with open(state_path, "a" if state else "w", encoding="utf-8") as log:
        for res in _execute(jobs, workers, dask):
            if res["status"] == "unchanged":
                res = {**state[res["key"]], "unchanged": True}
            else:
                entry = {"key": res["key"], "hash": res["hash"], "status": res["status"],
                         "pages": res["pages"], "posts": res["posts"], "rows": res["rows"]}
                log.write(json.dumps(entry, ensure_ascii=False) + "\n")
                log.flush()  # a killed run keeps every thread finished so far
            results[res["key"]] = res
            if progress:
                progress(res)
    keys = sorted(results, key=sources._natural)
    write_tables(out, fmt, {name: _sorted_rows(name, (results[k]["rows"][name] for k in keys))
                            for name in TABLES})
    _write_state(state_path, [results[k] for k in keys])
    summary = Summary(threads=len(keys))
    for r in results.values():
        summary.failed += r["status"] == "error"
        summary.unchanged += bool(r.get("unchanged"))
        summary.pages += r.get("pages") or 0
        summary.posts += r.get("posts") or 0
    return summary


def _sorted_rows(name: str, per_thread: Iterable[list[list]]) -> list[list]:
    """Threads in order; inside a thread, by day then post number (stable, so rows the count
    gave in one order keep it)."""
    rows: list[list] = []
    for group in per_thread:
        if name in ("ballots", "violations"):
            post_col = 3 if name == "ballots" else 2
            group = sorted(group, key=lambda r: (r[1], r[post_col] is not None, r[post_col] or 0))
        rows.extend(group)
    return rows


def _write_state(path: Path, entries: list[dict]) -> None:
    """Rewrite the state file with one entry per thread of this run (drops superseded lines)."""
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "w", encoding="utf-8") as f:
        for e in entries:
            keep = {k: e.get(k) for k in ("key", "hash", "status", "pages", "posts", "rows")}
            f.write(json.dumps(keep, ensure_ascii=False) + "\n")
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
            if isinstance(entry, dict) and entry.get("status") == "ok" and entry.get("rows"):
                entries[entry["key"]] = entry
            elif isinstance(entry, dict):
                entries.pop(entry.get("key"), None)
    return entries


def _execute(jobs: list[Job], workers: int, dask: str | None) -> Iterator[dict]:
    if dask:
        yield from _execute_dask(jobs, dask)
    elif workers <= 1 or len(jobs) <= 1:
        for job in jobs:
            yield process_thread(job)
    else:
        yield from _execute_pool(jobs, workers)


def _execute_pool(jobs: list[Job], workers: int) -> Iterator[dict]:
    from concurrent.futures import as_completed
    from concurrent.futures.process import BrokenProcessPool

    from .parallel import interrupts_held, worker_pool

    # fork: workers inherit the imported parsers (no start-up per worker); all workers are
    # forked at the first submit, before the progress bar starts its thread. Ctrl-C kills
    # them at once (worker_pool): the state file keeps every thread finished so far.
    with worker_pool(workers) as pool:
        # Biggest threads first, so that no large one starts last and keeps one core busy
        # alone at the end (the tables are sorted afterwards: the order changes nothing).
        ordered = sorted(jobs, key=_size, reverse=True)
        with interrupts_held():  # a Ctrl-C during the fork would be lost (parallel.py)
            futures = {pool.submit(process_thread, job): job for job in ordered}
        # The workers are forked now; the tables need pandas at the end, and importing it
        # (0.7 s) while they work takes it off the serial tail of the run.
        threading.Thread(target=_import_pandas, daemon=True).start()
        for fut in as_completed(futures):
            try:
                yield fut.result()
            except BrokenProcessPool:
                job = futures[fut]
                reason = "a worker process died (out of memory or killed) while this thread was pending"
                yield _error_result(job, reason)


def _size(job: Job) -> int:
    try:
        path = Path(_real(job, job.path))
        if path.is_dir():
            return sum(f.stat().st_size for f in path.iterdir() if f.is_file())
        return path.stat().st_size
    except OSError:
        return 0


def _import_pandas() -> None:
    try:
        import pandas  # noqa: F401
    except ImportError:  # said where the tables are written
        pass


def _error_result(job: Job, reason: str) -> dict:
    row = [job.key, "error", reason, None, None, None, None, None, None, None, None, None,
           job.game, None, None]
    return {"key": job.key, "status": "error", "hash": None, "error": reason, "pages": 0,
            "posts": 0, "rows": {"threads": [row], "days": [], "ballots": [], "violations": []}}


def _execute_dask(jobs: list[Job], address: str) -> Iterator[dict]:
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise VotecountError("--dask needs dask.distributed: pip install 'votecount[dask]'") from None
    try:
        client = Client(address, timeout="20s")
    except (OSError, TimeoutError) as exc:
        raise VotecountError(f"--dask {address}: cannot reach the scheduler ({exc})") from None
    try:
        futures = client.map(process_thread, jobs, pure=False)
        for fut in as_completed(futures):
            yield fut.result()
    finally:
        client.close()


# --------------------------------------------------------------------------- the tables

_PANDAS_TYPES = {"str": "object", "int": "Int64", "float": "float64", "bool": "boolean"}


def write_tables(out: Path, fmt: str, tables: dict[str, list[list]]) -> list[Path]:
    """Each table to OUT/<name>.<ext>, whole or not at all (written aside, then renamed)."""
    written = []
    for name, rows in tables.items():
        path = out / f"{name}{FORMATS[fmt]}"
        tmp = out / f".{name}{FORMATS[fmt]}.tmp"
        frame = _frame(name, rows)
        try:
            if fmt == "csv":
                frame.to_csv(tmp, index=False, lineterminator="\n", encoding="utf-8")
            elif fmt == "json":
                frame.to_json(tmp, orient="records", lines=True, force_ascii=False,
                              double_precision=15)
            else:
                _write_parquet(frame, name, tmp)
            os.replace(tmp, path)
        except OSError as exc:
            tmp.unlink(missing_ok=True)
            raise VotecountError(f"{path}: cannot write ({exc.strerror or exc})") from None
        written.append(path)
    return written


def _frame(name: str, rows: list[list]):
    import pandas as pd

    cols = COLUMNS[name]
    frame = pd.DataFrame(rows, columns=[c for c, _ in cols], dtype=object)
    return frame.astype({c: _PANDAS_TYPES[t] for c, t in cols})


def _write_parquet(frame, name: str, path: Path) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    types = {"str": pa.string(), "int": pa.int64(), "float": pa.float64(), "bool": pa.bool_()}
    schema = pa.schema([(c, types[t]) for c, t in COLUMNS[name]])
    table = pa.Table.from_pandas(frame, schema=schema, preserve_index=False)
    # pandas' own schema note holds nothing that varies between runs, but it is dropped anyway:
    # the Parquet schema already says everything, and readers do not need it.
    table = table.replace_schema_metadata(None)
    pq.write_table(table, path, compression="zstd")
