"""What changed between two counts of the same day, as the GM needs it during the day: the
sentences of `--diff` (render/diff.py: scores, moves, missing voters, violations, outcome),
then the alerts: a candidate at L-1, the hammer, the deadline passed, an edit of a ballot
that was counted. Both counts are day objects of the JSON contract (render/json_out.py), so a
count kept in the manifest by an earlier run compares the same way as the last round's."""

from __future__ import annotations

from datetime import datetime

from ..messages import say
from ..render.diff import compare


def lines(before: dict | None, after: dict, lang: str) -> list[str]:
    """The "what changed" sentences; none when nothing did; a day not counted before (the next
    day opened during the watch) is said to be new."""
    found = compare(before, after, lang)
    return found["lines"] if before is None or _changed(found) else []


def _changed(found: dict) -> bool:
    return any(found[k] for k in ("scores", "moves", "missing_gone", "missing_new", "violations_new",
                                  "violations_gone", "outcome"))


def alerts(before: dict | None, after: dict, *, need: int | None, lang: str) -> list[str]:
    """The alerts of `after` that `before` did not have (a first count: its L-1 and hammer)."""
    out = _l_minus_one(before, after, need, lang) + _hammer(before, after, need, lang)
    out += _deadline(before, after, lang) + _edits(before, after, lang)
    return out


def _scores(day: dict | None) -> dict[str, float]:
    return {} if day is None else {row["candidate"]: float(row["score"]) for row in day["tally"]}


def _l_minus_one(before: dict | None, after: dict, need: int | None, lang: str) -> list[str]:
    """Each candidate one ballot short of the hammer now and not before (majority rules only):
    the count's own `majority.one_short` (one weighted step: a prosecutor's red counts as it
    weighs), else one vote short of `need`."""
    if need is None or need < 2 or (after.get("flags") or {}).get("hammer_at"):
        return []
    was, now = _scores(before), _scores(after)
    short_now, short_was = _one_short(after, now, need), _one_short(before, was, need) if before else set()
    return [say("watch.l_minus_one", lang, target=c, score=f"{now.get(c, 0.0):g}", need=need)
            for c in now if c in short_now and c not in short_was]


def _one_short(day: dict, scores: dict, need: int) -> set:
    shown = (day.get("majority") or {}).get("one_short") if day.get("provisional") else None
    if shown is not None:  # an open day: the count's own L-1 (a final count names none)
        return set(shown)
    return {c for c, s in scores.items() if need - 1 <= s < need}


def _hammer(before: dict | None, after: dict, need: int | None, lang: str) -> list[str]:
    if not (after.get("flags") or {}).get("hammer_at") or ((before or {}).get("flags") or {}).get("hammer_at"):
        return []
    eliminated = after["outcome"].get("eliminated") or []
    if not eliminated:
        return [say("watch.no_lynch_hammer", lang, need=need or "?")]
    return [say("watch.hammer", lang, target=", ".join(eliminated), need=need or "?")]


def _deadline(before: dict | None, after: dict, lang: str) -> list[str]:
    """The day was open until its deadline and is final now (not by the hammer)."""
    if before is None or not before.get("provisional") or before.get("open_reason") != "deadline":
        return []
    if after.get("provisional") or not after.get("deadline") or (after.get("flags") or {}).get("hammer_at"):
        return []
    when = datetime.fromisoformat(after["deadline"])
    return [say("watch.deadline", lang, day=after["day"],
                time=when.strftime("%d.%m %H:%M" if lang == "ru" else "%Y-%m-%d %H:%M"))]


def _edits(before: dict | None, after: dict, lang: str) -> list[str]:
    """A post whose ballot was counted and that shows an edit now it did not show then (or
    whose text changed)."""
    if before is None:
        return []
    counted = {b["post_id"]: b for b in before["ballots"] if b.get("status") == "counted"}
    out: dict[str, str] = {}  # one alert a post
    for b in after["ballots"]:
        old = counted.get(b["post_id"])
        if old is None or not b.get("edited") or b["post_id"] in out:
            continue
        if not old.get("edited") or old.get("written") != b.get("written"):
            out[b["post_id"]] = say("watch.edited", lang, voter=b["voter"], post_no=b.get("post_no"))
    return list(out.values())
