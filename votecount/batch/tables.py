"""`votecount batch`'s four tables (threads, days, ballots, violations): their columns, the
rows of one thread's count, the order of the rows, and the files they are written to."""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Iterable

from ..errors import VotecountError

# Column name → type ("str", "int", "float", "bool"). Stable: documented in the README; add
# columns at the end, never rename or remove.
COLUMNS: dict[str, tuple[tuple[str, str], ...]] = {
    "threads": (
        ("thread", "str"), ("status", "str"), ("error", "str"), ("engine", "str"),
        ("title", "str"), ("pages", "int"), ("bytes", "int"), ("posts", "int"),
        ("days", "int"), ("ballots", "int"), ("violations", "int"), ("rules", "str"),
        ("game_file", "str"), ("warnings", "str"), ("hash", "str"),
    ),
    "days": (
        ("thread", "str"), ("day", "int"), ("rules", "str"), ("opens", "str"),
        ("deadline", "str"), ("outcome", "str"), ("eliminated", "str"), ("note", "str"),
        ("top_score", "float"), ("tally", "str"), ("ballots", "int"), ("counted", "int"),
        ("rejected", "int"), ("violations", "int"), ("missing", "str"), ("modkills", "str"),
        ("runoff", "str"),
    ),
    "ballots": (
        ("thread", "str"), ("day", "int"), ("phase", "str"), ("post_no", "int"),
        ("post_id", "str"), ("time", "str"), ("voter", "str"), ("kind", "str"),
        ("target", "str"), ("colour", "str"), ("weight", "float"), ("status", "str"),
        ("violations", "str"), ("written", "str"), ("match", "str"), ("edited", "bool"),
    ),
    "violations": (
        ("thread", "str"), ("day", "int"), ("post_no", "int"), ("post_id", "str"),
        ("time", "str"), ("player", "str"), ("code", "str"), ("rule", "str"),
        ("effect", "str"), ("message", "str"),
    ),
}
TABLES = tuple(COLUMNS)
FORMATS = {"csv": ".csv", "json": ".jsonl", "parquet": ".parquet"}


def _iso(t) -> str | None:
    return t.isoformat() if t is not None else None


def _json(value) -> str:
    return json.dumps(value, ensure_ascii=False)


def result_rows(key: str, results) -> dict[str, list[list]]:
    """DayResults of one thread → rows of the days, ballots and violations tables."""
    days, ballots, violations = [], [], []
    for r in results:
        counted = sum(b.status == "counted" for b in r.ballots)
        rejected = sum(b.status == "rejected" for b in r.ballots)
        runoff = None
        if r.runoff is not None:
            ro = r.runoff
            runoff = _json({"mode": ro.mode, "candidates": list(ro.candidates),
                            "deadline": _iso(ro.deadline), "counted": ro.counted,
                            "tally": [[row.candidate, row.score] for row in ro.tally]})
        days.append([key, r.day, r.rules, _iso(r.opens), _iso(r.deadline), r.outcome.kind,
                     _json(list(r.outcome.eliminated)), r.outcome.note or None,
                     float(r.tally[0].score) if r.tally else None,
                     _json([[row.candidate, row.score] for row in r.tally]), len(r.ballots),
                     counted, rejected, len(r.violations), _json(list(r.missing)),
                     _json(list(r.modkills)), runoff])
        phases = [("day", r.ballots)] + ([("runoff", r.runoff.ballots)] if r.runoff else [])
        for phase, group in phases:
            for b in group:
                m = b.reading.match
                ballots.append([key, r.day, phase, b.post.post_no, b.post.post_id, _iso(b.post.time),
                                b.voter, b.kind, b.target, b.colour, float(b.weight), b.status,
                                " ".join(v.code for v in b.violations) or None,
                                b.reading.written or None, m.stage if m else None, b.post.edited])
        for v in r.violations:
            violations.append([key, v.day if v.day is not None else r.day, v.post_no, v.post_id,
                               _iso(v.time), v.player, v.code, v.rule, v.effect, v.message])
    return {"days": days, "ballots": ballots, "violations": violations}


def sorted_rows(name: str, per_thread: Iterable[list[list]]) -> list[list]:
    """Threads in order; inside a thread, by day then post number (stable, so rows the count
    gave in one order keep it)."""
    rows: list[list] = []
    for group in per_thread:
        if name in ("ballots", "violations"):
            post_col = 3 if name == "ballots" else 2
            group = sorted(group, key=lambda r: (r[1], r[post_col] is not None, r[post_col] or 0))
        rows.extend(group)
    return rows


_PANDAS_TYPES = {"str": "object", "int": "Int64", "float": "float64", "bool": "boolean"}


def table_files(out: Path, fmt: str, name: str) -> tuple[Path, Path]:
    """A table's file in OUT, and the name it is written under first (then renamed)."""
    return out / f"{name}{FORMATS[fmt]}", out / f".{name}{FORMATS[fmt]}.tmp"


def cannot_write(path: Path, exc: OSError) -> VotecountError:
    return VotecountError(f"{path}: cannot write ({exc.strerror or exc})")


_CASTS = {"int": int, "float": float, "bool": bool}


def csv_row(name: str, row: list) -> list:
    """One row of table `name` as the CSV sink writes it: the bytes pandas wrote
    (`pandas_frame(...).to_csv(index=False, lineterminator="\\n")`, the writer before) without
    importing pandas (0.5-0.7 s): pandas writes through the csv module with its defaults; a
    missing value (None, NaN) is an empty field; the typed columns hold what `astype` makes of
    the value (Int64 an int, float64 a float written as repr, boolean True/False)."""
    row = list(row)
    for i, cast in _casts(name):
        value = row[i]
        row[i] = None if value is None or value != value else cast(value)  # NaN != NaN
    return row


@functools.lru_cache(maxsize=None)
def _casts(name: str) -> tuple:
    return tuple((i, _CASTS[t]) for i, (_, t) in enumerate(COLUMNS[name]) if t in _CASTS)


def pandas_frame(name: str, rows: list[list]):
    """Rows of table `name` as a pandas frame of its column types (the JSON tables' writer;
    the CSV writer writes the bytes its `to_csv` wrote, without pandas)."""
    import pandas as pd

    cols = COLUMNS[name]
    frame = pd.DataFrame(rows, columns=[c for c, _ in cols], dtype=object)
    return frame.astype({c: _PANDAS_TYPES[t] for c, t in cols})
