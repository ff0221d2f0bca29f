"""Ordered streaming of `votecount batch`'s single-file tables: each thread's rows are written
as soon as every thread before it in the output order (natural order of the keys) has been
written. Results come in the schedule's order (biggest first), so a reorder buffer keyed by
the output order holds the ones that came early; at the end only the last few remain.

Every format is streamed, each table through its sink (sinks.py): CSV row by row, JSON lines
and Parquet a batch of rows at a time; the bytes do not depend on the order results came in."""

from __future__ import annotations

from pathlib import Path

from .sinks import SINKS
from .tables import TABLES, cannot_write, sorted_rows, table_files


class OrderedTables:
    """The four tables of a run, fed one thread's rows at a time in any order (`add`), written
    in the order of `keys`; `finish` writes what is left and puts the files in place (each
    whole or not at all: written aside, then renamed); `abandon` removes the partial files."""

    def __init__(self, out: Path, fmt: str, keys: list[str]):
        self.out, self.fmt = out, fmt
        self._keys = list(dict.fromkeys(keys))
        self._next = 0
        self._waiting: dict[str, dict[str, list[list]]] = {}
        self._sinks: dict[str, object] = {}
        for name in TABLES:
            self._sinks[name] = self._guard(name, lambda: SINKS[fmt](self._tmp(name), name))

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
        while self._next < len(self._keys) and self._keys[self._next] in self._waiting:
            self._emit(self._waiting.pop(self._keys[self._next]))
            self._next += 1

    @property
    def buffered(self) -> int:
        """Threads that came before their turn and wait to be written."""
        return len(self._waiting)

    def _emit(self, rows: dict[str, list[list]]) -> None:
        for name in TABLES:
            group = sorted_rows(name, [rows[name]])
            sink = self._sinks[name]
            self._guard(name, lambda: sink.add(group))

    def flush(self) -> None:
        """What is written so far, on disk (a batch not yet full stays in memory)."""
        for name, sink in self._sinks.items():
            self._guard(name, sink.flush)

    def finish(self) -> list[Path]:
        """Write the threads still waiting (in output order), finish every table aside, then put
        them in place together: when one cannot be, none of this run's tables is left (those
        already moved are removed), and the error names it."""
        for key in self._keys[self._next:]:  # only keys of the order come
            if key in self._waiting:
                self._emit(self._waiting.pop(key))
        for name in TABLES:
            self._guard(name, self._sinks[name].close)
        placed: list[Path] = []
        for name in TABLES:
            path = table_files(self.out, self.fmt, name)[0]
            try:
                self._tmp(name).replace(path)
            except OSError as exc:
                for done in placed:
                    done.unlink(missing_ok=True)
                self.abandon()
                raise cannot_write(path, exc) from None
            placed.append(path)
        self._sinks.clear()
        return placed

    def abandon(self) -> None:
        for name, sink in self._sinks.items():
            try:
                sink.close()
            except Exception:  # a half-written table is removed whatever its writer says
                pass
            self._tmp(name).unlink(missing_ok=True)
        self._sinks.clear()
