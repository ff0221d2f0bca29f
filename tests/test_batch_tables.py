"""batch's table writers (batch/sinks.py), for any rows: CSV is written without pandas and must
be the bytes pandas wrote (`pandas_frame(...).to_csv(index=False, lineterminator="\\n")`, the
writer before); JSON lines written a batch at a time must be the bytes of the whole frame's
`to_json`; Parquet written a row group at a time must hold the rows of the whole frame."""

from __future__ import annotations

import math
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from votecount.batch import sinks
from votecount.batch.sinks import write_table
from votecount.batch.tables import COLUMNS, FORMATS, TABLES, pandas_frame

pytest.importorskip("pandas")

ROOT = Path(__file__).resolve().parent.parent

_TEXT = st.one_of(st.none(), st.text(max_size=12),
                  st.sampled_from(["", ",", '"', '""x', "a\nb", "a\r\nb", "\r", " lead", "tail ",
                                   "Мафия, день 1", "é😀", "\t", "None", "nan"]))
_VALUES = {
    "str": _TEXT,
    "int": st.one_of(st.none(), st.integers(-2**62, 2**62)),
    "float": st.one_of(st.none(), st.just(math.nan), st.integers(-10**6, 10**6),
                       st.floats(allow_nan=False, allow_infinity=True)),
    "bool": st.one_of(st.none(), st.booleans()),
}


def _rows(name: str):
    return st.lists(st.tuples(*(_VALUES[t] for _, t in COLUMNS[name])).map(list), max_size=6)


def _pandas_bytes(name: str, rows: list[list], path: Path) -> bytes:
    pandas_frame(name, rows).to_csv(path, index=False, lineterminator="\n", encoding="utf-8")
    return path.read_bytes()


@pytest.mark.parametrize("name", TABLES)
@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_csv_is_what_pandas_wrote(tmp_path_factory, name, data):
    rows = data.draw(_rows(name))
    folder = tmp_path_factory.mktemp("csv")
    write_table(folder / "ours.csv", "csv", name, rows)
    assert (folder / "ours.csv").read_bytes() == _pandas_bytes(name, rows, folder / "pandas.csv")


@pytest.mark.parametrize("name", TABLES)
def test_an_empty_table_is_its_header_line(tmp_path, name):
    write_table(tmp_path / "t.csv", "csv", name, [])
    header = ",".join(c for c, _ in COLUMNS[name]) + "\n"
    assert (tmp_path / "t.csv").read_text("utf-8") == header == _pandas_bytes(name, [], tmp_path / "p.csv").decode()


@pytest.mark.parametrize("name", TABLES)
@settings(max_examples=60, deadline=None)
@given(data=st.data(), size=st.integers(1, 4))
def test_json_written_in_batches_is_the_whole_frames_bytes(tmp_path_factory, name, data, size):
    rows = data.draw(_rows(name))
    folder = tmp_path_factory.mktemp("json")
    pandas_frame(name, rows).to_json(folder / "whole.jsonl", orient="records", lines=True,
                                     force_ascii=False, double_precision=15)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(sinks.JsonSink, "size", size)  # several batches of these few rows
        sink = sinks.JsonSink(folder / "ours.jsonl", name)
        for n in range(0, len(rows), 2):
            sink.add(rows[n:n + 2])
        sink.close()
    assert (folder / "ours.jsonl").read_bytes() == (folder / "whole.jsonl").read_bytes()


@pytest.mark.parametrize("name", TABLES)
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_parquet_holds_the_whole_frames_rows_a_row_group_at_a_time(tmp_path_factory, name, data):
    pa = pytest.importorskip("pyarrow")
    pq = pytest.importorskip("pyarrow.parquet")
    rows = data.draw(_rows(name))
    path = tmp_path_factory.mktemp("parquet") / "t.parquet"
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(sinks.ParquetSink, "size", 2)
        write_table(path, "parquet", name, rows)
    whole = pa.Table.from_pandas(pandas_frame(name, rows), schema=sinks.arrow_schema(name),
                                 preserve_index=False).replace_schema_metadata(None)
    assert pq.read_table(path).equals(whole)
    groups = pq.ParquetFile(path).metadata
    assert [groups.row_group(i).num_rows for i in range(groups.num_row_groups)] == \
        [min(2, len(rows) - n) for n in range(0, len(rows), 2)]


def test_a_table_that_cannot_be_put_in_place_says_so_and_leaves_no_table(tmp_path):
    from votecount.batch.ordered import OrderedTables
    from votecount.errors import VotecountError

    tables = OrderedTables(tmp_path, "csv", ["a"])
    (tmp_path / "days.csv").mkdir()  # a folder where the table goes
    tables.add("a", {name: [] for name in TABLES})
    with pytest.raises(VotecountError, match=r"days\.csv: cannot write"):
        tables.finish()
    assert [p.name for p in tmp_path.iterdir()] == ["days.csv"]  # threads.csv put back out


def test_a_csv_batch_does_not_import_pandas(tmp_path):
    """The tables of a CSV batch need no pandas (0.5-0.7 s to import); JSON's do."""
    example = ROOT / "examples" / "zarechnaya"
    probe = ("import sys\nfrom votecount.cli.commands import main\n"
             f"sys.argv = ['votecount', 'batch', {str(example)!r}, '-o', {str(tmp_path / 'out')!r}, '-q', "
             "'--jobs', '1', *sys.argv[1:]]\n"
             "try:\n    main()\nexcept SystemExit:\n    pass\n"
             "sys.stderr.write('pandas' if 'pandas' in sys.modules else 'no pandas')\n")
    for fmt, expected in (("csv", "no pandas"), ("json", "pandas")):
        proc = subprocess.run([sys.executable, "-c", probe, "--format", fmt], capture_output=True,
                              cwd=ROOT, timeout=120)
        assert proc.stderr.decode().endswith(expected), proc.stderr.decode()
        assert (tmp_path / "out" / f"threads{FORMATS[fmt]}").is_file()
