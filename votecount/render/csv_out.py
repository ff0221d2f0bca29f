"""`--format csv`: one row per ballot, for spreadsheets and scripts.

Every ballot of every counted day is a row (the runoff's ballots too, `phase` = runoff), with
its fate and the codes of its violations. With `--diff`, a `change` column says what happened
to the ballot since the earlier count: `new` (not in it), `was <status>` (its status changed,
e.g. a vote superseded since), or empty. A CSV has no place for prose, so the diff's sentences
are not written here; `--format table` or `json` shows them.

With `--public` the CSV is what players compare instead: the who-voted-whom matrix of the days
counted (a row per voter, a column per candidate, in each cell the days on which the voter's
counted vote named the candidate, joined by `;`).
"""

from __future__ import annotations

import csv
import io

from ..model import Ballot, DayResult
from . import history
from .shown import PLAIN, Shown

FIELDS = ("day", "phase", "post_no", "post_id", "time", "voter", "kind", "target", "colour",
          "weight", "status", "violations", "written", "url")


def _row(day: int, phase: str, b: Ballot) -> dict:
    return {"day": day, "phase": phase, "post_no": b.post.post_no, "post_id": b.post.post_id,
            "time": b.post.time.isoformat(), "voter": b.voter, "kind": b.kind,
            "target": b.target or "", "colour": b.colour, "weight": f"{b.weight:g}",
            "status": b.status, "violations": ";".join(v.code for v in b.violations),
            "written": b.reading.written, "url": b.post.url or ""}


def _change(row: dict, old: dict[str, dict] | None) -> str:
    """old: the earlier count's ballots of this day by post id (None: no earlier count of it)."""
    if old is None:
        return ""
    prev = old.get(row["post_id"])
    if prev is None:
        return "new"
    return "" if prev.get("status") == row["status"] else f"was {prev.get('status')}"


def matrix_text(results: list[DayResult]) -> str:
    """The who-voted-whom matrix as CSV: the first column the voter, then one per candidate."""
    voters, targets, cells = history.matrix(results)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["voter", *targets])
    for v in voters:
        writer.writerow([v, *(";".join(map(str, cells.get((v, t), ()))) for t in targets)])
    return out.getvalue()


def render(results: list[DayResult], shown: Shown = PLAIN) -> str:
    if shown.detail == "public":
        return matrix_text(results)
    previous = shown.previous
    out = io.StringIO()
    fields = FIELDS + (("change",) if previous is not None else ())
    writer = csv.DictWriter(out, fieldnames=fields, lineterminator="\n")
    writer.writeheader()
    for r in results:
        before = previous.get(r.day) if previous is not None else None
        old = None if before is None else {b.get("post_id"): b for b in before["ballots"]}
        phases = [("day", r.ballots)] + ([("runoff", r.runoff.ballots)] if r.runoff else [])
        for phase, ballots in phases:
            for b in ballots:
                row = _row(r.day, phase, b)
                if previous is not None:
                    row["change"] = _change(row, old) if phase == "day" else ""
                writer.writerow(row)
    return out.getvalue()
