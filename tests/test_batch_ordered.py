"""batch's ordered streaming (batch/ordered.py): the tables are what the whole-table writers
wrote (pandas' CSV and JSON bytes, pyarrow's Parquet rows) whatever order the threads' results
come in, and a thread's rows are on disk as soon as every thread before it in the output order
has come (JSON and Parquet: once they fill a batch)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from votecount.batch import sinks
from votecount.batch.ordered import OrderedTables
from votecount.batch.tables import FORMATS, TABLES, pandas_frame, sorted_rows


def _thread_rows(key: str, n: int) -> dict[str, list[list]]:
    """Rows of one thread with n ballots, posts given out of order (the writer sorts them)."""
    ballots = [[key, 1 + i % 2, "day", (7 * i) % (n + 1), f"p{i}", None, f"v{i}", "vote", "t",
                "red", 1.0, "counted", None, "t", "exact", False] for i in range(n)]
    violations = [[key, 1, None if i % 3 == 0 else n - i, None, None, f"v{i}", "late_vote",
                   "C3.5", "ignored", f"«{key}», {i}"] for i in range(n // 2)]
    days = [[key, 1, "classic", None, None, "eliminated", "[]", None, 1.0, "[]", n, n, 0, 0,
             "[]", "[]", None]]
    threads = [[key, "ok", None, "phpbb", f"Title, {key}", 1, 10, n, 1, n, len(violations),
                "classic", None, None, "h"]]
    return {"threads": threads, "days": days, "ballots": ballots, "violations": violations}


def _whole(out: Path, fmt: str, keys: list[str], rows: dict) -> dict[str, bytes]:
    """Each table as the writer before the sinks wrote it: the whole frame at once (pandas'
    to_csv / to_json bytes); for Parquet, the whole frame's rows as pyarrow read them back."""
    out.mkdir()
    tables = {}
    for name in TABLES:
        frame = pandas_frame(name, sorted_rows(name, (rows[k][name] for k in keys)))
        path = out / f"{name}{FORMATS[fmt]}"
        if fmt == "csv":
            frame.to_csv(path, index=False, lineterminator="\n", encoding="utf-8")
        elif fmt == "json":
            frame.to_json(path, orient="records", lines=True, force_ascii=False, double_precision=15)
        else:
            import pyarrow as pa

            tables[name] = pa.Table.from_pandas(frame, schema=sinks.arrow_schema(name), preserve_index=False)
            continue
        tables[name] = path.read_bytes()
    return tables


def _written(out: Path, fmt: str) -> dict:
    if fmt != "parquet":
        return {name: (out / f"{name}{FORMATS[fmt]}").read_bytes() for name in TABLES}
    import pyarrow.parquet as pq

    return {name: pq.read_table(out / f"{name}.parquet") for name in TABLES}


@settings(max_examples=40, deadline=None)
@given(sizes=st.lists(st.integers(0, 6), min_size=1, max_size=12), data=st.data())
def test_any_arrival_order_gives_the_whole_table_bytes(tmp_path_factory, sizes, data):
    keys = [f"t{i:02d}" for i in range(len(sizes))]
    rows = {k: _thread_rows(k, n) for k, n in zip(keys, sizes)}
    arrival = data.draw(st.permutations(keys))
    base = tmp_path_factory.mktemp("ordered")
    expected = _whole(base / "whole", "csv", keys, rows)
    (base / "streamed").mkdir()
    tables = OrderedTables(base / "streamed", "csv", keys)
    for key in arrival:
        tables.add(key, rows[key])
    tables.finish()
    assert _written(base / "streamed", "csv") == expected
    assert not list((base / "streamed").glob(".*.tmp"))


def test_a_thread_is_written_once_those_before_it_have_come(tmp_path):
    keys = ["a", "b", "c"]
    tables = OrderedTables(tmp_path, "csv", keys)
    tables.add("b", _thread_rows("b", 2))
    assert tables.buffered == 1  # b waits for a
    tables.add("a", _thread_rows("a", 2))
    assert tables.buffered == 0  # a and b are written, before the run ends
    tables.flush()
    written = (tmp_path / ".ballots.csv.tmp").read_text("utf-8").splitlines()
    assert [line.split(",")[0] for line in written[1:]] == ["a", "a", "b", "b"]
    assert not (tmp_path / "ballots.csv").exists()  # the table is put in place only at the end
    tables.add("c", _thread_rows("c", 1))
    tables.finish()
    assert (tmp_path / "ballots.csv").is_file() and not list(tmp_path.glob(".*.tmp"))


@pytest.mark.parametrize("fmt", ["csv", "json", "parquet"])
def test_an_abandoned_run_leaves_no_table(tmp_path, fmt):
    if fmt == "parquet":
        pytest.importorskip("pyarrow")
    tables = OrderedTables(tmp_path, fmt, ["a", "b"])
    tables.add("a", _thread_rows("a", 1))
    tables.abandon()
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("fmt", ["json", "parquet"])
def test_batched_formats_hold_the_whole_tables_rows(tmp_path, fmt, monkeypatch):
    pytest.importorskip("pandas")
    if fmt == "parquet":
        pytest.importorskip("pyarrow")
    monkeypatch.setattr(sinks.JsonSink, "size", 3)  # several batches, one partly filled
    monkeypatch.setattr(sinks.ParquetSink, "size", 3)
    keys = [f"t{i}" for i in range(5)]
    rows = {k: _thread_rows(k, i + 1) for i, k in enumerate(keys)}
    expected = _whole(tmp_path / "whole", fmt, keys, rows)
    (tmp_path / "streamed").mkdir()
    tables = OrderedTables(tmp_path / "streamed", fmt, keys)
    for key in reversed(keys):
        tables.add(key, rows[key])
    tables.finish()
    written = _written(tmp_path / "streamed", fmt)
    if fmt == "parquet":
        assert all(written[n].equals(expected[n]) for n in TABLES)
    else:
        assert written == expected


def test_a_full_json_batch_is_on_disk_before_the_run_ends(tmp_path, monkeypatch):
    pytest.importorskip("pandas")
    monkeypatch.setattr(sinks.JsonSink, "size", 4)
    tables = OrderedTables(tmp_path, "json", ["a", "b", "c"])
    tables.add("a", _thread_rows("a", 3))
    tables.flush()
    assert (tmp_path / ".ballots.jsonl.tmp").read_bytes() == b""  # 3 rows: short of a batch
    tables.add("b", _thread_rows("b", 3))
    tables.flush()
    lines = (tmp_path / ".ballots.jsonl.tmp").read_text("utf-8").splitlines()
    assert [line[:14] for line in lines] == ['{"thread":"a",'] * 3 + ['{"thread":"b",']
    tables.add("c", _thread_rows("c", 0))
    tables.finish()
    assert len((tmp_path / "ballots.jsonl").read_text("utf-8").splitlines()) == 6
