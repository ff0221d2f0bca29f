"""`votecount batch` under the command line: its options checked before any thread is
counted (the packages it needs, zones, rules, limits), then the run, with a progress bar on a
terminal."""

from __future__ import annotations

import math
import os
import sys
from pathlib import Path
from typing import Optional

from ..batch import is_remote
from ..errors import VotecountError
from .outputs import check_output


def _installed(module: str) -> bool:
    """Whether `module` can be imported, without importing it (pandas takes 0.7 s; batch
    imports it, for JSON and Parquet tables, while the workers count)."""
    if module in sys.modules:
        return sys.modules[module] is not None
    import importlib.util
    return importlib.util.find_spec(module) is not None


def _need_packages(fmt: str, dask: Optional[str]) -> None:
    """Before any thread is counted: what this run needs is installed, or one line naming the
    pip command that brings it."""
    if fmt != "csv" and not _installed("pandas"):  # the CSV tables are written without it
        raise VotecountError(f"--format {fmt} needs pandas, which votecount depends on: pip install "
                             "pandas (or reinstall votecount)")
    if fmt == "parquet" and not _installed("pyarrow"):
        raise VotecountError("--format parquet needs pyarrow: pip install 'votecount[parquet]'")
    if dask and not _installed("distributed"):
        raise VotecountError("--dask needs dask.distributed: pip install 'votecount[dask]'")


def threads_table(output: str, fmt: str, partitioned: bool = False) -> str:
    """Where the threads table went, as the closing line names it."""
    from ..batch import FORMATS

    name = "threads" if partitioned else f"threads{FORMATS[fmt]}"
    where = f"{output.rstrip('/')}/{name}" if is_remote(output) else str(Path(output) / name)
    return where + "/" if partitioned else where  # a dataset's folder


def run_batch(paths, output, fmt, *, jobs, resume, rules, tz, engine, lang, time_limit,
              max_pages, max_mb, dask, quiet, date_order=None, partition_mb=0):
    """`votecount batch`: the options checked, the threads found, counted (with a progress bar
    on a terminal unless --quiet), the tables written; returns the run's Summary."""
    from .. import batch

    _check_options(paths, output, fmt=fmt, dask=dask, tz=tz, rules=rules, jobs=jobs,
                   time_limit=time_limit, max_pages=max_pages, max_mb=max_mb)
    dataset = batch.dataset_target(str(output), partition_mb, fmt)
    options = dict(fmt=fmt, jobs=jobs, resume=resume, rules=rules, tz=tz, engine=engine, lang=lang,
                   time_limit=time_limit, max_pages=max_pages, max_mb=max_mb, dask=dask, quiet=quiet,
                   date_order=date_order, dataset=dataset)
    if not batch.is_remote(str(output)):
        return _run(paths, Path(output), **options)
    with batch.staged(str(output), keep=(batch.STATE_FILE,)) as local:
        return _run(paths, Path(local), **options)


def _run(paths, output: Path, *, fmt, jobs, resume, rules, tz, engine, lang, time_limit, max_pages,
         max_mb, dask, quiet, date_order, dataset):
    from .. import batch

    # what an earlier run left that this one can reuse: rows, or a partition of the datasets
    state = {k: e for k, e in (batch.load_state(output) if resume else {}).items()
             if e.get("partition" if dataset else "rows")}
    job_list = batch.make_jobs(batch.discover(paths), rules=rules, tz=tz, engine=engine, lang=lang,
                               max_pages=max_pages, max_bytes=max_mb * 1024 * 1024,
                               time_limit=time_limit,
                               previous={k: e["hash"] for k, e in state.items()},
                               date_order=date_order)
    workers = jobs or os.cpu_count() or 1
    sizes = batch.job_sizes(job_list)
    show = not quiet and sys.stderr.isatty()
    if not show:
        return batch.run(job_list, output, fmt, workers=workers, dask=dask, state=state, sizes=sizes,
                         dataset=dataset)
    bar = _Bar(len(job_list), sum(sizes.values()))
    try:
        return batch.run(job_list, output, fmt, workers=workers, dask=dask, progress=bar.on_result,
                         state=state, sizes=sizes, dataset=dataset)
    finally:
        bar.stop()


def _check_options(paths, output, *, fmt, dask, tz, rules, jobs, time_limit, max_pages, max_mb) -> None:
    """Everything wrong with the options is said once, before any thread is read: a missing
    package, a wrong zone or rules file, a negative limit, an OUT that is no folder."""
    from ..api import zone

    _need_packages(fmt, dask)
    if tz:
        zone(tz)  # a wrong zone is a usage error, not one failure per thread
    if rules:
        from ..api import check_rules
        check_rules(rules)
    if not math.isfinite(time_limit):
        raise VotecountError(f"--time-limit {time_limit}: not a number of seconds (0: no limit)")
    if jobs < 0 or time_limit < 0 or max_pages < 0 or max_mb < 0:
        raise VotecountError("--jobs, --time-limit, --max-pages and --max-mb cannot be negative")
    if is_remote(str(output)):
        return  # a bucket's "folder" is made by writing into it
    output = Path(output)
    if output.exists() and not output.is_dir():
        check_output(output, paths)
        raise VotecountError(f"{output}: exists and is not a folder")


class _Bar:
    """The progress bar on standard error, measured in bytes (a thread of 50 pages weighs what
    it costs, so the rate and the time left hold at scale): threads done of all, pages, MB done
    of all, MB and posts a second, failures, the workers that have reported (pool or Dask),
    elapsed, time left. It starts at the first result:
    the pool forks its workers at the first job, before the bar starts its refresh thread."""

    def __init__(self, threads: int, total_bytes: int):
        from rich.console import Console
        from rich.progress import (BarColumn, Progress, TextColumn, TimeElapsedColumn,
                                   TimeRemainingColumn)
        self.progress = Progress(TextColumn("threads {task.fields[done]:,}/{task.fields[threads]:,}"),
                                 BarColumn(),
                                 TextColumn("{task.fields[pages]:,} pages · {task.completed:,.0f}/"
                                            "{task.total:,.0f} MB · {task.fields[mbs]:,.1f} MB/s · "
                                            "{task.fields[rate]:,.0f} posts/s · {task.fields[failed]} failed"
                                            "{task.fields[workers]}"),
                                 TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn(),
                                 console=Console(stderr=True), transient=False)
        self.task = self.progress.add_task("batch", total=max(total_bytes, 1) / 1e6, done=0, threads=threads,
                                           pages=0, mbs=0.0, rate=0.0, failed=0, workers="")
        self.totals = {"done": 0, "pages": 0, "posts": 0, "bytes": 0, "failed": 0}
        self.workers: dict[str, int] = {}  # worker (host:pid) → threads it has counted
        self.started = False

    def on_result(self, res: dict) -> None:
        if not self.started:
            self.progress.start()
            self.started = True
        totals = self.totals
        totals["done"] += 1
        totals["pages"] += res.get("pages") or 0
        totals["bytes"] += res.get("bytes") or 0
        totals["posts"] += 0 if res.get("unchanged") else (res.get("posts") or 0)
        totals["failed"] += res["status"] == "error"
        elapsed = self.progress.tasks[0].elapsed or 1e-9
        if res.get("worker"):
            self.workers[res["worker"]] = self.workers.get(res["worker"], 0) + 1
        self.progress.update(self.task, completed=totals["bytes"] / 1e6, done=totals["done"],
                             pages=totals["pages"], mbs=totals["bytes"] / 1e6 / elapsed,
                             rate=totals["posts"] / elapsed, failed=totals["failed"],
                             workers=self.worker_text())

    def worker_text(self) -> str:
        """How many workers (pool processes, Dask workers) have reported, and how evenly: the
        fewest and the most threads one has counted."""
        if not self.workers:
            return ""
        low, high = min(self.workers.values()), max(self.workers.values())
        return f" · {len(self.workers)} workers ({low:,}–{high:,} threads each)"

    def stop(self) -> None:
        if self.started:
            self.progress.stop()
