"""batch's CSV tables are written without pandas: the bytes must be those pandas wrote
(`_frame(...).to_csv(index=False, lineterminator="\\n")`, the writer before), for any rows."""

from __future__ import annotations

import math
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from votecount.batch.tables import COLUMNS, TABLES, _frame, write_csv

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
    _frame(name, rows).to_csv(path, index=False, lineterminator="\n", encoding="utf-8")
    return path.read_bytes()


@pytest.mark.parametrize("name", TABLES)
@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_csv_is_what_pandas_wrote(tmp_path_factory, name, data):
    rows = data.draw(_rows(name))
    folder = tmp_path_factory.mktemp("csv")
    write_csv(folder / "ours.csv", name, rows)
    assert (folder / "ours.csv").read_bytes() == _pandas_bytes(name, rows, folder / "pandas.csv")


@pytest.mark.parametrize("name", TABLES)
def test_an_empty_table_is_its_header_line(tmp_path, name):
    write_csv(tmp_path / "t.csv", name, [])
    header = ",".join(c for c, _ in COLUMNS[name]) + "\n"
    assert (tmp_path / "t.csv").read_text("utf-8") == header == _pandas_bytes(name, [], tmp_path / "p.csv").decode()


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
        assert (tmp_path / "out" / f"threads{'.csv' if fmt == 'csv' else '.jsonl'}").is_file()
