"""`--diff PREVIOUS.json`: what changed since an earlier count of the same thread.

GMs post interim counts all day; players want "Вася +2; Петя moved from Коля to Вася" rather
than two tallies to compare by eye. The earlier count is the JSON `--format json` wrote (one
object or a list of days); days are matched by number. Both sides are compared as that JSON,
so a diff against a file written by an older votecount works as long as the contract fields
are there. The result is plain data (it goes into the JSON as `"diff"`) plus `lines`, the
sentences every other format prints.
"""

from __future__ import annotations

import json
from pathlib import Path

from ..errors import InputError
from ..model import DayResult
from .words import colour_word, diff_line, num, signed, word

NEEDED = {"day": int, "tally": list, "ballots": list, "missing": list, "violations": list,
          "outcome": dict}
KIND_NAME = {int: "a number", list: "a list", dict: "an object"}


def load_previous(path: str | Path) -> dict[int, dict]:
    """The earlier count, day number → day object; InputError (exit 2) when it is not one."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError(f"{p}: --diff file not found") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"{p}: --diff file cannot be read ({getattr(exc, 'strerror', None) or exc})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"{p}: not JSON (line {exc.lineno}: {exc.msg}); give a file written by "
                         "--format json") from None
    days = data if isinstance(data, list) else [data]
    out: dict[int, dict] = {}
    for i, d in enumerate(days):
        where = f"{p}: " + (f"item {i + 1}: " if isinstance(data, list) else "")
        if not isinstance(d, dict):
            raise InputError(f"{where}not a day object of --format json output")
        for key, kind in NEEDED.items():
            if not isinstance(d.get(key), kind) or (kind is int and isinstance(d.get(key), bool)):
                raise InputError(f"{where}'{key}' is missing or not {KIND_NAME[kind]}; "
                                 "give a file written by --format json")
        if any(not isinstance(row, dict) or "candidate" not in row or "score" not in row
               for row in d["tally"]):
            raise InputError(f"{where}a tally row has no candidate or score")
        if any(not isinstance(b, dict) or "voter" not in b or "status" not in b for b in d["ballots"]):
            raise InputError(f"{where}a ballot has no voter or status")
        if any(not isinstance(v, dict) or "code" not in v or "player" not in v for v in d["violations"]):
            raise InputError(f"{where}a violation has no code or player")
        out[d["day"]] = d
    return out


def _choices(day: dict, coloured: bool = True) -> dict[str, tuple[str, str | None, str]]:
    """Each voter's counted ballot as (kind, target, colour); a pass has no target. In a preset
    without colours (`coloured` False) every colour is "none": the JSON's counted "red" is no
    side a player chose."""
    out: dict[str, tuple[str, str | None, str]] = {}
    for b in day["ballots"]:
        if b.get("status") != "counted":
            continue
        if b.get("kind") == "vote" and b.get("target"):
            out[b["voter"]] = ("vote", b["target"], (b.get("colour") or "none") if coloured else "none")
        elif b.get("kind") == "pass":
            out[b["voter"]] = ("pass", None, "none")
        elif b.get("kind") == "withdraw":
            out.pop(b["voter"], None)
    return out


def _violation_key(v: dict) -> tuple:
    return (v.get("code"), v.get("player"), v.get("post_id"))


def compare(before: dict | None, after: dict, lang: str, *, coloured: bool = True) -> dict:
    """The diff of two day objects (CONTRACT JSON) as data and sentences in `lang`: the scores,
    the voters' moves, who is missing, the violations and the outcome, in that order. Colours
    are named only where the preset has them (`coloured`)."""
    if before is None:
        return {"previous": False, "scores": [], "moves": [], "missing_gone": [], "missing_new": [],
                "violations_new": [], "violations_gone": [], "outcome": None,
                "lines": [diff_line(lang, "new_day", day=after["day"])]}
    lines: list[str] = []
    scores = _scores(before, after, lang, lines)
    moves = _moves(before, after, lang, lines, coloured=coloured)
    gone, came = _missing(before, after, lang, lines)
    v_new, v_gone = _violations(before, after, lang, lines)
    outcome = _outcome(before, after, lang, lines)
    if not lines:
        lines.append(diff_line(lang, "no_change"))
    return {"previous": True, "scores": scores, "moves": moves, "missing_gone": gone, "missing_new": came,
            "violations_new": [_short(v) for v in v_new], "violations_gone": [_short(v) for v in v_gone],
            "outcome": outcome, "lines": lines}


def _scores(before: dict, after: dict, lang: str, lines: list[str]) -> list[dict]:
    """Each candidate whose score changed (the new tally's order, then those who left it)."""
    old = {row["candidate"]: float(row["score"]) for row in before["tally"]}
    new = {row["candidate"]: float(row["score"]) for row in after["tally"]}
    scores = []
    order = [row["candidate"] for row in after["tally"]] + [c for c in old if c not in new]
    for c in order:
        a, b = old.get(c, 0.0), new.get(c, 0.0)
        if a != b:
            scores.append({"candidate": c, "before": a, "after": b, "delta": b - a})
            lines.append(diff_line(lang, "score", candidate=c, delta=signed(b - a), before=num(a), after=num(b)))
    return scores


def _moves(before: dict, after: dict, lang: str, lines: list[str], *, coloured: bool) -> list[dict]:
    """Each voter whose choice changed: voted, unvoted, recoloured (a change of side), moved."""
    def label(choice: tuple[str, str | None, str], with_colour: bool = True) -> str:
        kind, target, colour = choice
        name = word(lang, "pass") if kind == "pass" else target
        return f"{name} ({word(lang, colour)})" if with_colour and colour in ("red", "blue") else name

    was, now = _choices(before, coloured), _choices(after, coloured)
    moves = []
    for voter in list(dict.fromkeys([*now, *was])):
        a, b = was.get(voter), now.get(voter)
        if a == b:
            continue
        moves.append({"voter": voter,
                      "before": None if a is None else {"kind": a[0], "target": a[1], "colour": a[2]},
                      "after": None if b is None else {"kind": b[0], "target": b[1], "colour": b[2]}})
        if a is None:
            lines.append(diff_line(lang, "voted", voter=voter, after=label(b)))
        elif b is None:
            lines.append(diff_line(lang, "unvoted", voter=voter, before=label(a)))
        elif a[:2] == b[:2]:  # same target, another colour: red → blue is a change of side
            lines.append(diff_line(lang, "recoloured", voter=voter, target=label(a, False),
                                   before=colour_word(lang, a[2]), after=colour_word(lang, b[2])))
        else:  # colours only when they differ: "Петя moved from Коля to Вася" is the usual case
            both = a[2] != b[2]
            lines.append(diff_line(lang, "moved", voter=voter, before=label(a, both), after=label(b, both)))
    return moves


def _missing(before: dict, after: dict, lang: str, lines: list[str]) -> tuple[list[str], list[str]]:
    """Who is no longer missing a vote, and who newly is."""
    gone = [n for n in before["missing"] if n not in after["missing"]]
    came = [n for n in after["missing"] if n not in before["missing"]]
    if gone:
        lines.append(diff_line(lang, "missing_gone", names=", ".join(gone)))
    if came:
        lines.append(diff_line(lang, "missing_new", names=", ".join(came)))
    return gone, came


def _violations(before: dict, after: dict, lang: str, lines: list[str]) -> tuple[list[dict], list[dict]]:
    """The violations that are new, and those that are gone (by code, player and post)."""
    old_v = {_violation_key(v): v for v in before["violations"]}
    new_v = {_violation_key(v): v for v in after["violations"]}
    v_new = [v for k, v in new_v.items() if k not in old_v]
    v_gone = [v for k, v in old_v.items() if k not in new_v]
    for v in v_new:
        lines.append(diff_line(lang, "violation_new", player=v["player"], message=v.get("message") or v["code"]))
    for v in v_gone:
        lines.append(diff_line(lang, "violation_gone", player=v["player"], message=v.get("message") or v["code"]))
    return v_new, v_gone


def _outcome(before: dict, after: dict, lang: str, lines: list[str]) -> dict | None:
    """The outcome, when its kind or who is eliminated changed."""
    def brief(o: dict) -> tuple:
        return (o.get("kind"), tuple(o.get("eliminated") or ()))

    if brief(before["outcome"]) == brief(after["outcome"]):
        return None
    lines.append(diff_line(lang, "outcome", before=before["outcome"].get("note") or before["outcome"].get("kind"),
                           after=after["outcome"].get("note") or after["outcome"].get("kind")))
    return {"before": before["outcome"], "after": after["outcome"]}


def _short(v: dict) -> dict:
    return {k: v.get(k) for k in ("code", "player", "post_id", "post_no", "rule", "message")}


def diffs_for(results: list[DayResult], previous: dict[int, dict]) -> dict[int, dict]:
    """Day number → the diff of that day against the earlier count."""
    from .json_out import day_dict
    return {r.day: compare(previous.get(r.day), day_dict(r), r.lang, coloured=bool(r.colours)) for r in results}
