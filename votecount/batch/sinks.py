"""The writers of `votecount batch`'s single-file tables: one open file a table, fed rows in
output order as the threads come (ordered.py), so a run keeps no table in memory and has no
serial tail of table writing at its end.

- CSV: each row written as it comes, by the csv module (`tables.csv_row`: the bytes pandas
  wrote; pandas is not imported).
- JSON lines: rows written by pandas in batches of JSON_BATCH; a JSON-lines file is the
  concatenation of its lines, so the bytes are those of the whole frame's `to_json`, which
  wrote a lone newline for no rows (tests/test_batch_tables.py compares the two).
- Parquet: one row group of ROW_GROUP rows at a time through pyarrow's ParquetWriter, built
  from the rows directly (no pandas frame, though pyarrow imports pandas to read a list);
  the file's schema is the table's COLUMNS.

Each sink writes to the path it is given; the caller puts the file in place (ordered.py,
tables.write_tables)."""

from __future__ import annotations

import abc
import csv
import os
from pathlib import Path

from .tables import COLUMNS, cannot_write, csv_row, pandas_frame, table_files

JSON_BATCH = 4_096
ROW_GROUP = 65_536


class CsvSink:
    def __init__(self, path: Path, name: str):
        self.name = name
        self._file = open(path, "w", encoding="utf-8", newline="")
        self._writer = csv.writer(self._file, lineterminator="\n")
        self._writer.writerow([c for c, _ in COLUMNS[name]])

    def add(self, rows: list[list]) -> None:
        self._writer.writerows(csv_row(self.name, r) for r in rows)

    def flush(self) -> None:
        self._file.flush()

    def close(self) -> None:
        self._file.close()


class _Batched(abc.ABC):
    """A sink that writes `size` rows at a time (`_put`), and the rest when closed; a table
    that got no row is still written (`_put` of none: JSON's lone newline, Parquet's schema)."""

    size = JSON_BATCH

    def __init__(self, name: str):
        self.name = name
        self._rows: list[list] = []
        self._put_any = False

    def add(self, rows: list[list]) -> None:
        self._rows.extend(rows)
        while len(self._rows) >= self.size:
            batch, self._rows = self._rows[:self.size], self._rows[self.size:]
            self._write(batch)

    def _write(self, rows: list[list]) -> None:
        self._put(rows)
        self._put_any = True

    def flush(self) -> None:
        """Rows short of a batch stay in memory: a batch's bytes depend on the whole batch."""

    def close(self) -> None:
        if self._rows or not self._put_any:
            self._write(self._rows)
        self._rows = []
        self._done()

    @abc.abstractmethod
    def _put(self, rows: list[list]) -> None:
        """Write these rows (a full batch, or the last few, or none for an empty table)."""

    @abc.abstractmethod
    def _done(self) -> None:
        """Close the file."""


class JsonSink(_Batched):
    def __init__(self, path: Path, name: str):
        super().__init__(name)
        self._file = open(path, "w", encoding="utf-8", newline="")

    def _put(self, rows: list[list]) -> None:
        frame = pandas_frame(self.name, rows)
        frame.to_json(self._file, orient="records", lines=True, force_ascii=False, double_precision=15)

    def flush(self) -> None:
        self._file.flush()

    def _done(self) -> None:
        self._file.close()


class ParquetSink(_Batched):
    size = ROW_GROUP

    def __init__(self, path: Path, name: str):
        super().__init__(name)
        self._file = open(path, "wb")  # pyarrow is imported at the first row group (it starts
        self._writer = None            # threads: not before batch forks its workers)

    def _put(self, rows: list[list]) -> None:
        if self._writer is None:
            import pyarrow.parquet as pq

            self._writer = pq.ParquetWriter(self._file, arrow_schema(self.name), compression="zstd")
        if rows:  # an empty table is a file with the schema and no row group
            self._writer.write_table(arrow_table(self.name, rows), row_group_size=self.size)

    def _done(self) -> None:
        try:
            if self._writer is not None:
                self._writer.close()
        finally:
            self._file.close()


SINKS = {"csv": CsvSink, "json": JsonSink, "parquet": ParquetSink}
# what a sink imports to write (pyarrow imports pandas at its first array, pandas imports pyarrow)
LIBRARY = {"json": ("pandas",), "parquet": ("pandas", "pyarrow.parquet")}


def arrow_schema(name: str):
    import pyarrow as pa

    types = {"str": pa.string(), "int": pa.int64(), "float": pa.float64(), "bool": pa.bool_()}
    return pa.schema([(c, types[t]) for c, t in COLUMNS[name]])


def arrow_table(name: str, rows: list[list]):
    """Rows of table `name` as an Arrow table of its schema, without pandas. As pandas' frame
    made it before, a float NaN is a null."""
    import pyarrow as pa

    schema = arrow_schema(name)
    columns = list(zip(*rows)) if rows else [()] * len(schema)
    arrays = [pa.array(_nulls(col) if field.type == pa.float64() else col, type=field.type)
              for col, field in zip(columns, schema)]
    return pa.Table.from_arrays(arrays, schema=schema)


def _nulls(values) -> list:
    return [None if v is None or v != v else v for v in values]  # NaN != NaN


def write_table(path, fmt: str, name: str, rows: list[list]) -> None:
    """One table's rows as one file of format `fmt` at `path` (a partition of a dataset, batch
    --partitioned, is one such Parquet file)."""
    sink = SINKS[fmt](path, name)
    try:
        sink.add(rows)
    finally:
        sink.close()


def write_tables(out: Path, fmt: str, tables: dict[str, list[list]]) -> list[Path]:
    """Each table to OUT/<name>.<ext>, whole or not at all (written aside, then renamed)."""
    written = []
    for name, rows in tables.items():
        path, tmp = table_files(out, fmt, name)
        try:
            write_table(tmp, fmt, name, rows)
            os.replace(tmp, path)
        except OSError as exc:
            tmp.unlink(missing_ok=True)
            raise cannot_write(path, exc) from None
        written.append(path)
    return written
