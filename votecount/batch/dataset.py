"""`batch --partitioned`: each table a Parquet dataset (OUT/<table>/part-NNNNN.parquet, one file
per partition), each partition's files written by the worker that counted it, so only a
thread's summary (key, status, hash, pages, posts) travels back to the parent or through the
Dask scheduler, never its rows.

Partitions are the threads in natural order cut every `partition_mb` of HTML: they depend on
the input alone, not on the number of workers, so the same input gives the same files (and
`pandas.read_parquet(OUT / "ballots")` the rows in the order of the single tables). Resume is
by partition: a partition whose threads are all unchanged since the last run, under the same
name and with its files in place, is kept as it is; any other is counted again whole. Files of
partitions that no longer exist are removed at the end.
"""

from __future__ import annotations

import os
from collections import Counter
from typing import Iterator, NamedTuple

from .. import api
from ..errors import VotecountError
from ..messages import say
from . import remote
from .find import Job
from .schedule import frame
from .sinks import write_table
from .tables import TABLES, sorted_rows


class Dataset(NamedTuple):
    """Where the datasets go (OUT itself, a folder or a URL) and the HTML bytes of a partition."""

    out: str
    partition_bytes: int


def target(output: str, partition_mb: float, fmt: str) -> Dataset | None:
    """--partition-mb's Dataset (None: 0, the single tables); it needs --format parquet."""
    if partition_mb < 0 or (partition_mb and fmt != "parquet"):
        raise VotecountError(say("batch.partitioned_parquet", "en"))
    return Dataset(output, int(partition_mb * 1024 * 1024)) if partition_mb else None


class Part(NamedTuple):
    """One partition of a dataset run (picklable: it goes to the worker that counts it)."""

    name: str  # part-00000
    jobs: tuple[Job, ...]
    out: str  # OUT: a local folder or a URL
    kept: bool  # the last run wrote this partition with these threads: reuse it if unchanged


def plan(jobs: list[Job], sizes: dict[str, int], *, partition_bytes: int, out: str,
         previous: dict[str, str]) -> list[Part]:
    """The partitions, biggest first (for the schedule; their names keep the natural order).
    `previous`: thread key → the partition the state file says it was in."""
    ordered = sorted(jobs, key=lambda j: api.natural_order(j.key))
    groups: list[list[Job]] = [[]]
    taken = 0
    for job in ordered:
        if groups[-1] and taken >= partition_bytes:
            groups.append([])
            taken = 0
        groups[-1].append(job)
        taken += sizes.get(job.key, 0)
    members = Counter(previous.values())  # threads the last run wrote in each partition
    parts = []
    for n, group in enumerate(g for g in groups if g):
        name = f"part-{n:05d}"
        kept = all(previous.get(j.key) == name for j in group) and members[name] == len(group)
        parts.append(Part(name, tuple(group), out, kept))
    return sorted(parts, key=lambda p: -sum(sizes.get(j.key, 0) for j in p.jobs))


def count_part(part: Part, count) -> bytes:
    """A partition counted and its four files written here; its threads' summaries, pickled.
    A partition not kept is written again whole: its threads are counted once, whole."""
    results = [count(job if part.kept else job._replace(previous=None)) for job in part.jobs]
    if not (part.kept and all(r["status"] == "unchanged" for r in results) and _files_exist(part)):
        results = [r if r["status"] != "unchanged" else count(job._replace(previous=None))
                   for job, r in zip(part.jobs, results)]
        for name in TABLES:
            rows = sorted_rows(name, (r["rows"][name] for r in results))
            _write(part, name, rows)
    return frame(results, rows=None, partition=part.name)


def failed(part: Part, why: str, error_result) -> list[dict]:
    return [{**error_result(job, why), "rows": None, "partition": None} for job in part.jobs]


def _path(part: Part, table: str) -> str:
    return remote.join(remote.join(part.out, table), f"{part.name}.parquet")


def _files_exist(part: Part) -> bool:
    return all(remote.isfile(_path(part, name)) for name in TABLES)


def _write(part: Part, table: str, rows: list[list]) -> None:
    """The partition's file of `table`, whole or not at all: written aside (a dot name, which
    dataset readers skip), then renamed; to a URL, written here, then uploaded."""
    target = _path(part, table)
    try:
        if not remote.is_remote(target):
            os.makedirs(os.path.dirname(target), exist_ok=True)
            aside = os.path.join(os.path.dirname(target), f".{part.name}.parquet.tmp")
            write_table(aside, "parquet", table, rows)
            os.replace(aside, target)
            return
        import tempfile
        fs, inner = remote.filesystem(target)
        with tempfile.TemporaryDirectory(prefix="votecount-part-") as tmp:
            local = os.path.join(tmp, f"{part.name}.parquet")
            write_table(local, "parquet", table, rows)
            fs.makedirs(inner.rsplit("/", 1)[0], exist_ok=True)
            fs.put_file(local, inner)
    except OSError as exc:
        raise VotecountError(say("batch.cannot_write", "en", path=target, why=exc)) from None


def prune(out: str, names: set[str]) -> None:
    """Files of partitions not in this run (the archive shrank, or was cut otherwise) removed."""
    for table in TABLES:
        for path in _listing(remote.join(out, table)):
            base = path.rstrip("/").rsplit("/", 1)[-1]
            if base.startswith("part-") and base.endswith(".parquet") and base[:-8] not in names:
                _remove(path)


def _listing(folder: str) -> Iterator[str]:
    if remote.is_remote(folder):
        fs, inner = remote.filesystem(folder)
        if fs.isdir(inner):
            yield from (remote.join(folder, p.rsplit("/", 1)[-1]) for p in fs.ls(inner, detail=False))
    elif os.path.isdir(folder):
        yield from (os.path.join(folder, n) for n in os.listdir(folder))


def _remove(path: str) -> None:
    if remote.is_remote(path):
        fs, inner = remote.filesystem(path)
        fs.rm_file(inner)
    else:
        os.unlink(path)
