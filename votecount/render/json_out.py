"""DayResult → the JSON of ../shared/CONTRACT.md, exactly (fields may be added, never renamed)."""

from __future__ import annotations

import json

from ..messages import note_text
from ..model import Ballot, DayResult, Violation
from . import history
from .shown import PLAIN, Shown
from .words import one_vote_short


def iso(t) -> str | None:
    return t.isoformat() if t is not None else None


def violation_dict(v: Violation) -> dict:
    d = {"code": v.code, "player": v.player, "post_id": v.post_id, "post_no": v.post_no,
         "time": iso(v.time), "day": v.day, "effect": v.effect, "rule": v.rule,
         "message": v.message}
    if v.hidden:  # RB.9: for the GM's eyes; forum reports leave it out
        d["hidden"] = True
    return d


def ballot_dict(b: Ballot) -> dict:
    m = b.reading.match
    return {
        "voter": b.voter, "kind": b.kind, "target": b.target, "colour": b.colour,
        "weight": b.weight, "post_id": b.post.post_id, "post_no": b.post.post_no,
        "time": iso(b.post.time), "status": b.status,
        "violations": [v.code for v in b.violations],
        # additions beyond the contract: what was written and how the nick was matched
        "written": b.reading.written,
        "match": None if m is None else {"player": m.player, "stage": m.stage, "score": m.score,
                                         "candidates": [[n, s] for n, s in m.candidates]},
        "flags": [f for f, on in (("fast", b.reading.fast), ("early", b.reading.early)) if on],
        "edited": b.post.edited,
    }


def tally_list(rows) -> list[dict]:
    return [{"candidate": row.candidate, "score": row.score, "red": row.red, "blue": row.blue,
             "penalty": row.penalty,
             "votes": [{"voter": v.voter, "colour": v.colour, "weight": v.weight,
                        "post_id": v.post_id, "time": iso(v.time)} for v in row.votes]}
            for row in rows]


def runoff_dict(ro) -> dict:
    return {"mode": ro.mode, "candidates": list(ro.candidates), "deadline": iso(ro.deadline),
            "counted": ro.counted, "tally": tally_list(ro.tally),
            "ballots": [ballot_dict(b) for b in ro.ballots], "missing": list(ro.missing),
            **({"provisional": True} if ro.provisional else {})}


def day_dict(r: DayResult, explain: bool = False) -> dict:
    t = r.thread
    out = {
        "thread": {"title": t.title, "engine": t.engine, "pages": t.pages, "posts": len(t.posts),
                   "source": t.source, "warnings": [note_text(w, "en") for w in t.warnings],
                   "saved_at_source": t.saved_at_source, "url": t.url, "complete": t.complete,
                   "missing_pages": [g.to_json() for g in t.missing_pages]},
        "game_title": r.game_title,
        "rules": r.rules,
        "day": r.day,
        "deadline": iso(r.deadline),
        "opens": iso(r.opens),
        "tally": tally_list(r.tally),
        "outcome": {"kind": r.outcome.kind, "eliminated": list(r.outcome.eliminated),
                    "note": r.outcome.note, **r.outcome.extra},
        "flags": {k: iso(v) for k, v in r.flags.items()},
        "ballots": [ballot_dict(b) for b in r.ballots],
        "missing": list(r.missing),
        "violations": [violation_dict(v) for v in r.violations],
        "modkills": list(r.modkills),
        "runoff": None if r.runoff is None else runoff_dict(r.runoff),
        # additions: each voter's ballots of the day in order; the majority rule's numbers
        "history": history.as_json(r),
        "majority": None if r.majority is None else {"alive": len(r.roster), "need": r.majority,
                                                     "one_short": one_vote_short(r)},
    }
    if r.provisional:  # an interim count (CONTRACT): a final day has no such field
        out["provisional"] = True
        out["now"] = iso(r.now)
        out["open_reason"] = r.open_reason
    if r.warnings:
        out["warnings"] = list(r.warnings)
    if explain:
        for b, d in zip(r.ballots, out["ballots"]):
            d["story"] = list(b.story)
    return out


def render(results: list[DayResult], shown: Shown = PLAIN) -> str:
    """`--format json`: one day's object, or a list of them; with --diff each has its `diff`."""
    data = [day_dict(r, shown.explain) for r in results]
    if shown.diffs is not None:
        for d in data:
            d["diff"] = shown.diffs[d["day"]]
    payload = data if len(data) != 1 else data[0]
    return json.dumps(payload, ensure_ascii=False, indent=2) + "\n"
