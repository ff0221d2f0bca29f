"""Ordered streaming of `votecount batch`'s single-file tables: each thread's rows are written
as soon as every thread before it in the output order (natural order of the keys) has been
written. Results come in the schedule's order (biggest first), so a reorder buffer keyed by
the output order holds the ones that came early; at the end only the last few remain.

CSV tables are streamed (the csv module, the bytes `tables.write_csv` writes). JSON and
Parquet tables are written by pandas/pyarrow from the whole table at the end, as before: their
bytes depend on the whole frame, so they are gathered here in output order instead."""

from __future__ import annotations

import csv
from pathlib import Path

from .tables import COLUMNS, TABLES, cannot_write, csv_row, sorted_rows, table_files, write_tables


class OrderedTables:
    """The four tables of a run, fed one thread's rows at a time in any order (`add`), written
    in the order of `keys`; `finish` writes what is left and puts the files in place (each
    whole or not at all: written aside, then renamed); `abandon` removes the partial files."""

    def __init__(self, out: Path, fmt: str, keys: list[str]):
        self.out, self.fmt = out, fmt
        self._order = list(dict.fromkeys(keys))
        self._next = 0
        self._waiting: dict[str, dict[str, list[list]]] = {}
        self._gathered: dict[str, list[list]] = {name: [] for name in TABLES}
        self._files: dict[str, tuple] = {}
        if fmt == "csv":
            for name in TABLES:
                tmp = self._tmp(name)
                f = self._guard(name, lambda: open(tmp, "w", encoding="utf-8", newline=""))
                writer = csv.writer(f, lineterminator="\n")
                self._files[name] = (f, writer)
                self._guard(name, lambda: writer.writerow([c for c, _ in COLUMNS[name]]))

    def _tmp(self, name: str) -> Path:
        return table_files(self.out, self.fmt, name)[1]

    def _guard(self, name: str, action):
        try:
            return action()
        except OSError as exc:
            self.abandon()
            raise cannot_write(table_files(self.out, self.fmt, name)[0], exc) from None

    def add(self, key: str, rows: dict[str, list[list]]) -> None:
        """One thread's rows; writes every thread now ready in output order."""
        self._waiting[key] = rows
        while self._next < len(self._order) and self._order[self._next] in self._waiting:
            self._emit(self._waiting.pop(self._order[self._next]))
            self._next += 1

    @property
    def buffered(self) -> int:
        """Threads that came before their turn and wait to be written."""
        return len(self._waiting)

    def _emit(self, rows: dict[str, list[list]]) -> None:
        for name in TABLES:
            group = sorted_rows(name, [rows[name]])
            if self.fmt != "csv":
                self._gathered[name].extend(group)
                continue
            writer = self._files[name][1]
            self._guard(name, lambda: writer.writerows(csv_row(name, r) for r in group))

    def finish(self) -> list[Path]:
        """Write the threads still waiting (in output order) and put the tables in place."""
        for key in sorted(self._waiting, key=self._order.index):  # only keys of the order come
            self._emit(self._waiting.pop(key))
        if self.fmt != "csv":
            return write_tables(self.out, self.fmt, self._gathered)
        written = []
        for name in TABLES:
            f = self._files[name][0]
            path = table_files(self.out, self.fmt, name)[0]
            self._guard(name, lambda: (f.close(), self._tmp(name).replace(path)))
            written.append(path)
        self._files.clear()
        return written

    def abandon(self) -> None:
        for name, (f, _) in self._files.items():
            f.close()
            self._tmp(name).unlink(missing_ok=True)
        self._files.clear()
