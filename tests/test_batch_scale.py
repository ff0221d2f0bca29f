"""`votecount batch` at scale (issue 30): partitions by bytes, biggest first; a real Dask
scheduler and workers on 127.0.0.1; an archive and the tables in an S3 bucket (moto's server
on 127.0.0.1), the credentials never written anywhere."""

from __future__ import annotations

import csv
import json
import os
import shutil
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from test_batch import TABLES, archive, run  # noqa: F401 (archive: the fixture)

from votecount.batch import Job, partitions
from votecount.batch.schedule import MIN_BYTES, PER_WORKER


def _jobs(sizes: list[int]) -> tuple[list[Job], dict[str, int]]:
    jobs = [Job(f"t{i}", f"t{i}", "folder") for i in range(len(sizes))]
    return jobs, {j.key: s for j, s in zip(jobs, sizes)}


@given(st.lists(st.integers(0, 8 * MIN_BYTES), max_size=60), st.integers(1, 16))
def test_partitions_hold_every_thread_once_biggest_first(sizes, workers):
    jobs, by_key = _jobs(sizes)
    parts = partitions(jobs, by_key, workers)
    flat = [j.key for part in parts for j in part]
    assert sorted(flat) == sorted(by_key) and all(parts)
    assert [by_key[k] for k in flat] == sorted(by_key.values(), reverse=True)


@given(st.lists(st.integers(1, 4 * MIN_BYTES), min_size=1, max_size=80), st.integers(1, 16))
def test_partitions_shrink_and_a_worker_gets_several(sizes, workers):
    """Every partition but the last holds at least its share: the bytes left over PER_WORKER x
    workers (never under MIN_BYTES); none holds more than that share and one thread more."""
    jobs, by_key = _jobs(sizes)
    parts = partitions(jobs, by_key, workers)
    left = sum(sizes)
    for part in parts:
        share = max(left // (PER_WORKER * workers), MIN_BYTES)
        got = sum(by_key[j.key] for j in part)
        assert got - by_key[part[-1].key] < share
        assert part is parts[-1] or got >= share
        left -= got


def tables(out: Path, prefix: str = "") -> dict[str, list[dict]]:
    """Each CSV table's rows, `prefix` (a bucket's URL) taken out of every cell: of the thread's
    name, its game file's, an error that names a page."""
    found = {}
    for name in TABLES:
        with open(out / f"{name}.csv", encoding="utf-8", newline="") as f:
            rows = list(csv.DictReader(f))
        found[name] = [{k: v.replace(prefix, "") if prefix else v for k, v in row.items()} for row in rows]
    for row in found["threads"]:  # a thread's hash covers its game file's name, URL or path
        row["hash"] = "-" if row["game_file"] else row["hash"]
    return found


def _start(args: list[str], env: dict | None = None) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", *args], stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, env=env)


def _stop(procs: list[subprocess.Popen]) -> None:
    for proc in procs:
        proc.terminate()
    for proc in procs:
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def _cluster(tmp: Path, env: dict | None = None) -> tuple[str, list[subprocess.Popen]]:
    """A Dask scheduler and a worker process with two single-thread workers, on 127.0.0.1."""
    distributed = pytest.importorskip("distributed", reason="pip install 'votecount[dask]'")
    info = tmp / "scheduler.json"
    procs = [_start(["distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port", "0",
                     "--no-dashboard", "--scheduler-file", str(info)], env)]
    try:
        for _ in range(600):
            if info.exists() and info.stat().st_size:
                break
            time.sleep(0.1)
        address = json.loads(info.read_text())["address"]
        procs.append(_start(["distributed.cli.dask_worker", address, "--nworkers", "2", "--nthreads", "1",
                             "--host", "127.0.0.1", "--no-dashboard"], env))
        with distributed.Client(address, timeout="60s") as client:
            client.wait_for_workers(2, timeout=120)
    except BaseException:
        _stop(procs)
        raise
    return address, procs


def test_dask_scheduler_and_workers_on_loopback_give_the_same_tables(archive: Path):
    cwd = archive.parent
    assert run("batch", "arch", "-o", "local", "--jobs", "1", "-q", cwd=cwd)[0] == 4
    address, procs = _cluster(cwd)
    try:
        code, _, err = run("batch", "arch", "-o", "dask", "--dask", address, cwd=cwd)
    finally:
        _stop(procs)
    assert address.startswith("tcp://127.0.0.1:")
    assert code == 4 and "7 threads, 1 failed" in err, err
    for name in TABLES:
        assert (cwd / "dask" / f"{name}.csv").read_bytes() == (cwd / "local" / f"{name}.csv").read_bytes()


SECRET = "moto-secret-3f9c1e7a"


@pytest.fixture
def bucket(archive: Path, tmp_path: Path, monkeypatch):
    """moto's S3 server on 127.0.0.1 with the archive uploaded to s3://arch-bucket/arch/; the
    environment that reaches it (boto's variables, as a user sets them)."""
    pytest.importorskip("s3fs", reason="pip install 'votecount[s3]'")
    moto = pytest.importorskip("moto.moto_server.threaded_moto_server", reason="pip install 'moto[server]'")
    server = moto.ThreadedMotoServer(ip_address="127.0.0.1", port=0, verbose=False)
    server.start()
    host, port = server.get_host_and_port()
    # moto keeps its buckets in this process across servers: emptied for each test
    urllib.request.urlopen(urllib.request.Request(f"http://{host}:{port}/moto-api/reset", method="POST"))
    env = {"AWS_ACCESS_KEY_ID": "moto-key", "AWS_SECRET_ACCESS_KEY": SECRET,
           "AWS_ENDPOINT_URL": f"http://{host}:{port}", "AWS_DEFAULT_REGION": "us-east-1"}
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    import s3fs
    fs = s3fs.S3FileSystem(skip_instance_cache=True)
    fs.mkdir("arch-bucket")
    fs.put(str(archive), "arch-bucket/arch", recursive=True)
    yield env
    server.stop()


def _secret_nowhere(out: Path, *texts: str) -> None:
    for text in texts:
        assert SECRET not in text and "moto-key" not in text
    for path in out.rglob("*"):
        if path.is_file():
            assert SECRET.encode() not in path.read_bytes(), path


def test_an_archive_in_a_bucket_counted_into_the_bucket(archive: Path, bucket, tmp_path: Path):
    """PATH and -o as s3:// URLs: the same rows as the local archive's (a zip in the bucket, its
    game file, the broken thread's error row), the tables and the state file written to the
    bucket, --resume reading that state file back; no credential in any output or message."""
    cwd = archive.parent
    assert run("batch", "arch", "-o", "local", "--jobs", "1", "-q", cwd=cwd)[0] == 4
    code, out, err = run("batch", "s3://arch-bucket/arch", "-o", "s3://arch-bucket/out", "--jobs", "2",
                         cwd=cwd)
    assert code == 4 and "7 threads, 1 failed: see s3://arch-bucket/out/threads.csv" in err, err
    import s3fs
    fs = s3fs.S3FileSystem(skip_instance_cache=True)
    fs.get("arch-bucket/out", str(tmp_path / "got"), recursive=True)
    assert tables(tmp_path / "got", "s3://arch-bucket/") == tables(cwd / "local")
    threads = {t["thread"]: t for t in tables(tmp_path / "got")["threads"]}
    assert threads["s3://arch-bucket/arch/e-vbulletin.zip"]["status"] == "ok"
    assert threads["s3://arch-bucket/arch/f-zarechnaya"]["game_file"] == "s3://arch-bucket/arch/f-zarechnaya/game.toml"
    _secret_nowhere(tmp_path / "got", out, err)
    code, out, err = run("batch", "s3://arch-bucket/arch", "-o", "s3://arch-bucket/out", "--resume",
                         "--jobs", "1", cwd=cwd)
    assert code == 4 and "(6 unchanged)" in err, err
    _secret_nowhere(tmp_path / "got", out, err)
    pytest.importorskip("pyarrow", reason="pip install 'votecount[parquet]'")
    code, out, err = run("batch", "s3://arch-bucket/arch", "-o", "s3://arch-bucket/ds", "--format", "parquet",
                         "--partition-mb", "0.01", "--jobs", "2", cwd=cwd)
    assert code == 4 and "see s3://arch-bucket/ds/threads/" in err, err
    fs.get("arch-bucket/ds", str(tmp_path / "ds"), recursive=True)  # written by the workers
    ballots = _frames(tmp_path / "ds", True)["ballots"]
    assert list(ballots["post_id"]) == [b["post_id"] for b in tables(cwd / "local")["ballots"]]
    _secret_nowhere(tmp_path / "ds", out, err)


def test_a_missing_bucket_path_is_one_line(archive: Path, bucket):
    code, _, err = run("batch", "s3://arch-bucket/nothere", "-o", "out", cwd=archive.parent)
    assert code == 2 and err.strip() == "votecount: s3://arch-bucket/nothere: no such file or folder", err


def test_file_urls_read_like_paths(archive: Path):
    cwd = archive.parent
    assert run("batch", "arch", "-o", "local", "--jobs", "1", "-q", cwd=cwd)[0] == 4
    code, _, err = run("batch", f"file://{archive}", "-o", f"file://{cwd / 'url'}", "--jobs", "2", cwd=cwd)
    assert code == 4, err
    assert tables(cwd / "url", f"file://{cwd}/") == tables(cwd / "local")
    assert os.path.exists(cwd / "url" / ".votecount-batch.jsonl")


def _frames(out: Path, dataset: bool) -> dict:
    import pandas as pd
    return {name: pd.read_parquet(out / name if dataset else out / f"{name}.parquet") for name in TABLES}


def test_partitioned_datasets_hold_the_tables_rows_and_resume_by_partition(archive: Path):
    """--partition-mb: each table a folder of part-NNNNN.parquet files that pandas reads as the
    single file's rows, in its order; the same files whatever --jobs; --resume rewrites only the
    partition of a changed thread, and a partition that is gone is removed."""
    pytest.importorskip("pyarrow", reason="pip install 'votecount[parquet]'")
    cwd = archive.parent
    assert run("batch", "arch", "-o", "whole", "--format", "parquet", "--jobs", "1", "-q", cwd=cwd)[0] == 4
    for jobs in ("1", "2"):
        code, _, err = run("batch", "arch", "-o", f"ds{jobs}", "--format", "parquet", "--partition-mb", "0.01",
                           "--jobs", jobs, cwd=cwd)
        assert code == 4 and f"see ds{jobs}/threads/" in err, err
    parts = sorted(p.relative_to(cwd / "ds1") for p in (cwd / "ds1").rglob("*.parquet"))
    assert len(parts) > 4 and parts == sorted(p.relative_to(cwd / "ds2") for p in (cwd / "ds2").rglob("*.parquet"))
    assert all((cwd / "ds1" / p).read_bytes() == (cwd / "ds2" / p).read_bytes() for p in parts)
    whole, ds = _frames(cwd / "whole", False), _frames(cwd / "ds1", True)
    for name in TABLES:
        assert ds[name].equals(whole[name]), name
    stamps = {p: (cwd / "ds1" / p).stat().st_mtime_ns for p in parts}
    (archive / "d-mybb" / "page1.html").write_bytes((archive / "d-mybb" / "page1.html").read_bytes() + b"\n")
    code, _, err = run("batch", "arch", "-o", "ds1", "--format", "parquet", "--partition-mb", "0.01", "--resume",
                       "--jobs", "2", cwd=cwd)
    assert code == 4, err
    import pandas as pd
    holding = {p.stem for p in (cwd / "ds2" / "threads").iterdir()  # a failed thread is always read again
               if {"arch/d-mybb", "arch/g-broken"} & set(pd.read_parquet(p)["thread"])}
    changed = {p for p in parts if (cwd / "ds1" / p).stat().st_mtime_ns != stamps[p]}
    assert 0 < len(holding) < len(parts) // len(TABLES)
    assert changed == {Path(name) / f"{part}.parquet" for name in TABLES for part in holding}
    shutil.rmtree(archive / "f-zarechnaya")
    assert run("batch", "arch", "-o", "ds1", "--format", "parquet", "--partition-mb", "0.01", "--resume", "-q",
               cwd=cwd)[0] == 4
    assert len(_frames(cwd / "ds1", True)["threads"]) == 6


def test_partition_mb_needs_parquet(archive: Path):
    code, _, err = run("batch", "arch", "-o", "out", "--partition-mb", "0.01", cwd=archive.parent)
    assert code == 2 and err.strip() == ("votecount: --partition-mb N (N > 0) writes Parquet datasets: "
                                         "give --format parquet too"), err


def test_the_progress_bar_counts_bytes_pages_and_the_workers():
    from votecount.cli.batch import _Bar

    bar = _Bar(3, 3_000_000)
    try:
        for worker, pages in (("h:1", 2), ("h:2", 1), ("h:1", 4)):
            bar.on_result({"status": "ok", "pages": pages, "posts": 10, "bytes": 1_000_000, "worker": worker})
    finally:
        bar.stop()
    task = bar.progress.tasks[0]
    assert task.completed == task.total == 3.0 and task.fields["pages"] == 7 and task.fields["done"] == 3
    assert task.fields["workers"] == " · 2 workers (1–2 threads each)"
