"""Who counts which threads, in what order, on which executor: the jobs cut into partitions by
bytes, biggest first, and run in a local pool of forked workers or on a Dask cluster.

Partitions are guided: each takes a share of the bytes still to hand out (the remaining bytes
over `PER_WORKER` × workers, never under `MIN_BYTES`), so the first partitions are large (few
round trips, little pickling) and the last ones small (no worker left alone at the end with a
big share). Threads are sorted by bytes, biggest first, before they are cut: a large thread
never starts last. A partition's results come back as one pickled frame (bytes), so neither
the pool nor Dask walks thousands of small rows to serialise them.
"""

from __future__ import annotations

import importlib
import os
import pickle
import threading
from pathlib import Path
from typing import Callable, Iterator

from .. import api
from ..errors import VotecountError
from . import remote
from .find import Job, real_path

PER_WORKER = 4  # partitions a worker gets of the bytes still to hand out
MIN_BYTES = 256 * 1024  # below this a partition costs more in round trips than it balances


def job_sizes(jobs: list[Job]) -> dict[str, int]:
    """Bytes of each thread's files (its pages, or its zip): what it costs to count, roughly;
    what the partitions and the progress bar are measured in."""
    return {job.key: _size(job) for job in jobs}


def _size(job: Job) -> int:
    if job.kind == "missing":
        return 0
    if remote.is_remote(job.path):
        return remote.size(job.path)
    try:
        path = Path(real_path(job, job.path))
        if path.is_dir():
            return sum(f.stat().st_size for f in path.iterdir() if f.is_file())
        return path.stat().st_size
    except OSError:
        return 0


def partitions(jobs: list[Job], sizes: dict[str, int], workers: int) -> list[list[Job]]:
    """The jobs, biggest first, cut into guided partitions (see the module's note)."""
    ordered = sorted(jobs, key=lambda j: (-sizes.get(j.key, 0), api.natural_order(j.key)))
    left = sum(sizes.get(j.key, 0) for j in ordered)
    parts: list[list[Job]] = []
    part: list[Job] = []
    share = taken = 0
    for job in ordered:
        if not part:
            share = max(left // (PER_WORKER * max(workers, 1)), MIN_BYTES)
        part.append(job)
        taken += sizes.get(job.key, 0)
        if taken >= share:
            parts.append(part)
            left -= taken
            part, taken = [], 0
    if part:
        parts.append(part)
    return parts


def count_partition(jobs: list[Job], count: Callable[[Job], dict]) -> bytes:
    """Every job of a partition counted, the results as one pickled frame."""
    return frame([count(job) for job in jobs])


def frame(results: list[dict], **fields) -> bytes:
    """A part's results (with `fields` set in each) as one pickled frame, each naming the worker
    that counted it (for the progress bar: how many workers report, and how evenly)."""
    here = worker_name()
    return pickle.dumps([{**r, **fields, "worker": here} for r in results], protocol=pickle.HIGHEST_PROTOCOL)


def worker_name() -> str:
    """This process, as the progress bar tells workers apart (host and process id)."""
    import socket

    return f"{socket.gethostname()}:{os.getpid()}"


Plan = Callable[[int], list]  # worker count → the parts (each a list of jobs, or a dataset part)
Work = Callable[[object], bytes]  # a part → its results (dicts, one per thread) as one pickled frame


def execute(plan: Plan, work: Work, *, workers: int, dask: str | None, preload: tuple[str, ...],
            failed: Callable[[object, str], list[dict]]) -> Iterator[dict]:
    """Each thread's result as its part finishes: on the Dask cluster at `dask`, in `workers`
    forked processes, or here. `failed(part, why)`: the results of a part whose worker died."""
    if dask:
        yield from _execute_dask(plan, work, dask)
        return
    parts = plan(workers)
    if workers <= 1 or len(parts) <= 1:
        for part in parts:
            yield from pickle.loads(work(part))
        return
    yield from _execute_pool(parts, work, workers, preload=preload, failed=failed)


def _execute_pool(parts: list, work: Work, workers: int, *, preload: tuple[str, ...],
                  failed: Callable[[object, str], list[dict]]) -> Iterator[dict]:
    """In forked workers that inherit the imported modules (api.preload, before the fork: they
    import nothing per task)."""
    from concurrent.futures import as_completed
    from concurrent.futures.process import BrokenProcessPool

    from ..parallel import interrupts_held, worker_pool

    api.preload()
    with worker_pool(min(workers, len(parts))) as pool:
        with interrupts_held():  # a Ctrl-C during the fork would be lost (parallel.py)
            futures = {pool.submit(work, part): part for part in parts}
        # the libraries the tables' writer needs (pandas, pyarrow), imported here after the fork
        # (pyarrow starts threads), while the workers count
        if preload:
            threading.Thread(target=_import, args=preload, daemon=True).start()
        for fut in as_completed(futures):
            try:
                yield from pickle.loads(fut.result())
            except BrokenProcessPool:
                why = "a worker process died (out of memory or killed) while this thread was pending"
                yield from failed(futures[fut], why)


def _execute_dask(plan: Plan, work: Work, address: str) -> Iterator[dict]:
    """The parts as futures on a Dask cluster, sized by its worker threads; each worker reads
    its threads itself."""
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise VotecountError("--dask needs dask.distributed: pip install 'votecount[dask]'") from None
    try:
        client = Client(address, timeout="20s")
    except (OSError, TimeoutError) as exc:
        raise VotecountError(f"--dask {address}: cannot reach the scheduler ({exc})") from None
    try:
        workers = max(sum(client.nthreads().values()), 1)
        futures = client.map(work, plan(workers), pure=False)
        for fut in as_completed(futures):
            yield from pickle.loads(fut.result())
            fut.release()
    finally:
        client.close()


def _import(*modules: str) -> None:
    try:
        for module in modules:
            importlib.import_module(module)
    except ImportError:  # said where the tables are written
        pass
