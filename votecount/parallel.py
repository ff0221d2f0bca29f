"""Independent pieces of one count spread over forked processes, results in input order.

Two steps of a long thread split cleanly once their inputs are known: the pages (once the
first page has named the engine) and the ballots (each post's reading depends only on the post
and the roster). Workers are forked, so they inherit the imported parsers and the roster at no
cost; they read what they need from `_SHARED`, set just before the fork, and only the items
and the results travel. Results come back in input order, so the first error raised is the
one the same work done in this process would raise, and the output is the same whatever the
number of processes (tests/test_parallel.py).
"""

from __future__ import annotations

import os
import signal
from contextlib import contextmanager
from typing import Any, Callable, Iterable, Iterator

# Set by ordered_map before the pool forks; read by the workers.
_SHARED: dict[str, Any] = {}


def cores() -> int:
    """Processes a count may use: the cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def ordered_map(fn: Callable[[Any, Any], Any], items: Iterable, jobs: int, *, minimum: int,
                shared: Any = None) -> Iterator:
    """fn(item, shared) for every item, in order. In `jobs` forked processes when there are at
    least `minimum` items (fewer are not worth a fork), else here. `fn` must be a module-level
    function; `shared` reaches the workers by the fork, not by pickling."""
    items = list(items)
    workers = min(jobs, len(items))
    if workers <= 1 or len(items) < minimum or not hasattr(os, "fork"):
        for item in items:
            yield fn(item, shared)
        return
    _SHARED["fn"], _SHARED["shared"] = fn, shared
    try:
        # One batch of items a worker: the fewest round trips between the processes.
        chunk = -(-len(items) // workers)
        with worker_pool(workers) as pool:
            with interrupts_held():  # the first submit forks every worker
                results = pool.map(_apply, items, chunksize=chunk)
            yield from results
    finally:
        _SHARED.clear()


@contextmanager
def worker_pool(workers: int):
    """A pool of forked processes that ignore Ctrl-C (it is the parent's: one line, exit 130).
    Left normally, it waits for its workers; left by an exception (Ctrl-C's SystemExit, an
    error, a generator closed early) it kills them at once: waiting would let Ctrl-C hang
    until every worker had finished its share, and a second Ctrl-C would leave them behind."""
    import gc
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    ctx = multiprocessing.get_context("fork") if hasattr(os, "fork") else None
    pool = ProcessPoolExecutor(workers, mp_context=ctx, initializer=_ignore_interrupt)
    # What the workers inherit (the imported modules) is left out of their garbage collections:
    # a collection that walks it writes to its pages and copies them into every worker
    # (batch --jobs 2 over 640 threads: 7% fewer page faults in the workers, bench/README.md).
    gc.freeze()
    try:
        yield pool
    except BaseException:
        _kill(pool)
        raise
    finally:
        gc.unfreeze()
    pool.shutdown()


def _kill(pool) -> None:
    """Every worker killed; the pool's own thread then finds them dead and winds the pool up
    the way it does when a worker dies (pending work failed, queues closed, nothing printed).
    Not pool.shutdown(): closing the queues under its feeder thread prints a traceback."""
    with interrupts_held():  # a second Ctrl-C must not cut the cleanup short
        processes = list((getattr(pool, "_processes", None) or {}).values())
        for process in processes:
            try:
                process.kill()
            except (OSError, ValueError):  # already gone, or already closed
                pass
        for process in processes:
            process.join(1)


@contextmanager
def interrupts_held():
    """Ctrl-C waits until the block is done. Around a fork: a SIGINT that lands while
    Python runs its at-fork hooks is printed as "Exception ignored" and lost, and the run
    went on to the end as if never interrupted (seen in tests/test_parallel.py). Held, it is
    delivered on leaving, to the usual handler (one line, exit 130); the forked workers start
    with it held and ignore it (_ignore_interrupt)."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def _apply(item):
    return _SHARED["fn"](item, _SHARED["shared"])


def _ignore_interrupt() -> None:
    # Ctrl-C is the parent's to handle (one line, exit 130); a worker would print a traceback.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
