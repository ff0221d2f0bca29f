"""`votecount batch`: many threads counted into tables (threads, days, ballots, violations),
in worker processes or on a Dask cluster, resumable.

- find.py: the jobs — thread folders, .zip files and listings found under the paths given;
- runner.py: one thread counted (process_thread), the run over all of them, its state file;
- schedule.py: the jobs cut into partitions by bytes, biggest first, run in forked workers or
  on a Dask cluster;
- tables.py: the result rows, their order and columns;
- sinks.py: the table writers (CSV, JSON lines, Parquet), fed rows as threads come;
- ordered.py: the threads' rows put in output order for the sinks.

- dataset.py: --partitioned: each table a Parquet dataset, a file per partition, written by
  the worker that counted it;
- remote.py: PATH and -o as fsspec URLs (s3://, file://, a zip in a bucket), read by the workers.

May import: the library's door (votecount.api), votecount.errors, votecount.messages,
votecount.parallel and votecount (the version, in the resume hash); never the reading, ballot or counting modules
behind the door. pandas only inside the JSON writer (tables.pandas_frame; a count starts without it)."""

from .find import GAME_FILE, Job, discover, make_jobs
from .remote import is_remote, staged
from .dataset import Dataset, target as dataset_target
from .runner import STATE_FILE, Summary, content_hash, load_state, process_thread, run
from .schedule import job_sizes, partitions
from .sinks import write_tables
from .tables import COLUMNS, FORMATS, TABLES, result_rows, sorted_rows

__all__ = ["COLUMNS", "FORMATS", "GAME_FILE", "STATE_FILE", "TABLES", "Dataset", "Job", "Summary",
           "content_hash", "dataset_target", "discover", "is_remote", "job_sizes", "load_state", "make_jobs",
           "partitions", "process_thread", "result_rows", "run", "sorted_rows", "staged", "write_tables"]
