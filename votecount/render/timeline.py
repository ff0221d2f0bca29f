"""The vote timeline of one day as inline SVG, drawn here in Python (works without scripts).

Two panels share the time axis: above, each candidate's score as a step line, replayed ballot
by ballot; below, one lane per voter with one mark per ballot (filled: counted, hollow: later
replaced, cross: not counted), coloured red / blue / grey, each a link to its post with the
details in a `<title>` (the page's script turns it into a tooltip that also works on a phone).
The deadline, the day's opening and every moment in `DayResult.flags` are vertical lines.

The replay counts each voter's latest non-rejected ballot as it stood at each moment. Missed
vote penalties and anything else the rules add at the close are one last step at the close, so
the line always ends on the tally's score (the replay is illustration; the tally is the count).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime, timedelta
from html import escape

from ..messages import collate, say
from ..model import Ballot, TallyRow
from .words import Clock, colour_word, num, word

WIDTH = 960
LEFT, RIGHT, TOP = 120, 150, 46  # TOP: a band for the moments' labels
SCORE_H = 240
AXIS_H = 34
LANE_H = 22
PALETTE = ("#e8871e", "#2a9d5c", "#8e5bb5", "#1a9aa0", "#a0672a", "#d1559c", "#7f8c2a",
           "#c9a21a", "#6b7785", "#3f7fbf")
CLOSING = ("early_close_at", "fast_night_at", "hammer_at")


@dataclass(frozen=True)
class Frame:
    """The time span drawn and what marks it."""

    start: datetime
    end: datetime  # of the axis (a little past the last thing drawn)
    close: datetime  # where the final scores are reached
    opens: datetime | None
    deadline: datetime | None
    flags: dict[str, datetime]


def _sign(b: Ballot) -> float:
    return -b.weight if b.colour == "blue" else b.weight  # blue defends: it lowers the score


def replay(ballots, rows: tuple[TallyRow, ...], start: datetime, close: datetime) -> dict[str, list[tuple[datetime, float]]]:
    """Candidate → [(moment, score from then on)], starting at 0 and ending on the tally."""
    steps: dict[str, list[tuple[datetime, float]]] = defaultdict(lambda: [(start, 0.0)])
    score: dict[str, float] = defaultdict(float)
    current: dict[str, tuple[str, float]] = {}
    for b in sorted(ballots, key=lambda b: (b.post.time, b.post.post_no)):
        if b.status == "rejected" or b.post.time > close:
            continue
        if b.kind in ("withdraw", "pass"):
            new = None
        elif b.target and b.kind != "invalid":  # a vote, or a runoff ballot (kind "runoff")
            new = (b.target, _sign(b))
        else:
            continue
        old = current.pop(b.voter, None)
        for cand, delta in ((old, -1), (new, 1)):
            if cand is not None:
                score[cand[0]] += delta * cand[1]
                steps[cand[0]].append((b.post.time, score[cand[0]]))
        if new is not None:
            current[b.voter] = new
    final = {row.candidate: row.score for row in rows}
    for cand in list(final) + [c for c in steps if c not in final]:
        target = final.get(cand, 0.0)
        if steps[cand][-1][1] != target:  # penalties, or a rule the replay does not model
            steps[cand].append((close, target))
    return dict(steps)


def frame(ballots, opens, deadline, flags: dict) -> Frame | None:
    times = [b.post.time for b in ballots]
    set_flags = {k: v for k, v in flags.items() if v is not None}
    marks = times + [t for t in (opens, deadline) if t is not None] + list(set_flags.values())
    if not marks:
        return None
    start = min([opens] if opens is not None else times or marks)
    start = min([start] + times)
    last = max(marks)
    closing = [set_flags[k] for k in CLOSING if k in set_flags]
    close = min(closing) if closing else (deadline or last)
    span = max(last - start, timedelta(minutes=10))
    return Frame(start, last + span * 0.04, close, opens, deadline, set_flags)


def _ticks(start: datetime, end: datetime) -> list[datetime]:
    span = end - start
    for minutes in (5, 15, 30, 60, 120, 180, 360, 720, 1440, 2880, 10080):
        step = timedelta(minutes=minutes)
        if span / step <= 8:
            break
    t = start.replace(second=0, microsecond=0)
    if minutes >= 1440:
        t = t.replace(hour=0, minute=0)
    elif minutes >= 60:
        t = t.replace(minute=0)
        t = t.replace(hour=t.hour - t.hour % (minutes // 60))
    else:
        t = t.replace(minute=t.minute - t.minute % minutes)
    out = []
    while t <= end:
        if t >= start:
            out.append(t)
        t += step
    return out


def _nice_step(lo: float, hi: float) -> float:
    for step in (1, 2, 5, 10, 20, 50, 100):
        if (hi - lo) / step <= 6:
            return step
    return 200


def svg(ballots, rows: tuple[TallyRow, ...], fr: Frame, *, lang: str, label: str,
        names: dict[str, str] | None = None, lanes: bool = True) -> str:
    """The timeline; `label` names it for screen readers (day or runoff); `names` shows
    pseudo-candidates (a runoff's hang_all / pardon_all) as words. Drawn in layers, each on
    top of the one before: the grid, the moments, the score lines, the voter lanes (not with
    `lanes` False: a busy day draws the score lines only)."""
    names = names or {}
    steps = replay(ballots, rows, fr.start, fr.close)
    voters = list(dict.fromkeys(b.voter for b in sorted(ballots, key=lambda b: b.post.time))) if lanes else []
    clock = Clock.of(lang, fr.deadline, [b.post.time for b in ballots] + [fr.deadline, *fr.flags.values()])
    plot = _plot(fr, steps, lang=lang, lanes=len(voters), clock=clock)
    out = [f'<svg class="timeline" viewBox="0 0 {WIDTH} {plot.height}" role="img" '
           f'aria-label="{escape(label)}" xmlns="http://www.w3.org/2000/svg">']
    out += _grid(plot)
    out += _moments(plot)
    out += _score_lines(plot, steps, names)
    if lanes:
        out += _lanes(plot, voters, ballots, names)
    out.append("</svg>")
    return "".join(out)


@dataclass(frozen=True)
class _Plot:
    """Where things go: time runs left to right over the frame, the score axis from `lo` to
    `hi` in steps of `ystep` above the time axis, and the voters' lanes below it."""
    fr: Frame
    tz: object
    lang: str
    clock: Clock  # how times are written: in the deadline's zone, seconds only where needed
    lo: float
    hi: float
    ystep: float
    height: float
    width: float = WIDTH - LEFT - RIGHT
    lanes_top: float = TOP + SCORE_H + AXIS_H

    def x(self, t: datetime) -> float:
        total = (self.fr.end - self.fr.start).total_seconds()
        return round(LEFT + self.width * (t - self.fr.start).total_seconds() / total, 1)

    def y(self, v: float) -> float:
        return round(TOP + SCORE_H * (self.hi - v) / (self.hi - self.lo), 1)

    def lane(self, i: int) -> float:
        return self.lanes_top + LANE_H * i + LANE_H / 2


def _plot(fr: Frame, steps: dict, *, lang: str, lanes: int, clock: Clock) -> _Plot:
    """The plot for these scores: the score axis holds 0 and 1 and every score, rounded out to
    whole steps of a nice size; one lane per voter (at least one)."""
    tz = fr.deadline.tzinfo if fr.deadline is not None else fr.start.tzinfo
    values = [v for s in steps.values() for _, v in s] or [0.0]
    lo, hi = min(0.0, min(values)), max(1.0, max(values))
    ystep = _nice_step(lo, hi)
    lo, hi = ystep * (lo // ystep), ystep * -(-hi // ystep)
    if hi == lo:
        hi = lo + ystep
    height = TOP + SCORE_H + AXIS_H + LANE_H * max(lanes, 1) + 10
    return _Plot(fr=fr, tz=tz, lang=lang, clock=clock, lo=lo, hi=hi, ystep=ystep, height=height)


def _grid(p: _Plot) -> list[str]:
    """Score lines with their values, and time ticks with the time (and the date where it changes)."""
    out = []
    v = p.lo
    while v <= p.hi:
        out.append(f'<line class="grid{" zero" if v == 0 else ""}" x1="{LEFT}" x2="{LEFT + p.width}" '
                   f'y1="{p.y(v)}" y2="{p.y(v)}"/><text class="ylab" x="{LEFT - 8}" y="{p.y(v) + 4}">{num(v)}</text>')
        v += p.ystep
    last_date = None
    for t in _ticks(p.fr.start, p.fr.end):
        lt = t.astimezone(p.tz)
        out.append(f'<line class="grid" x1="{p.x(t)}" x2="{p.x(t)}" y1="{TOP}" y2="{p.height - 6}"/>')
        text = lt.strftime("%H:%M")
        date = lt.strftime("%d.%m") if p.lang == "ru" else lt.strftime("%b %d")
        out.append(f'<text class="xlab" x="{p.x(t)}" y="{TOP + SCORE_H + 15}">{text}</text>')
        if date != last_date:
            out.append(f'<text class="xlab date" x="{p.x(t)}" y="{TOP + SCORE_H + 29}">{date}</text>')
            last_date = date
    return out


def _moments(p: _Plot) -> list[str]:
    """The opening, the deadline and the closing flags, each a labelled line."""
    fr, lang = p.fr, p.lang
    moments = []
    if fr.opens is not None:
        moments.append(("opens", fr.opens, word(lang, "opens")))
    if fr.deadline is not None:
        moments.append(("deadline", fr.deadline, word(lang, "deadline")))
    moments += [(k, t, word(lang, k)) for k, t in fr.flags.items()]
    out = []
    for i, (kind, t, name) in enumerate(moments):
        tip = f"{name}: {p.clock.time(t)}"
        # labels right of a line in the left half, left of it in the right half (the end labels)
        right = p.x(t) < LEFT + p.width / 2
        tx, anchor = (p.x(t) + 5, "start") if right else (p.x(t) - 5, "end")
        out.append(f'<g class="moment {kind}" data-moment="{kind}"><title>{escape(tip)}</title>'
                   f'<line x1="{p.x(t)}" x2="{p.x(t)}" y1="{4 + 14 * (i % 3)}" y2="{p.height - 6}"/>'
                   f'<text x="{tx}" y="{12 + 14 * (i % 3)}" text-anchor="{anchor}">{escape(tip)}</text></g>')
    return out


def _score_lines(p: _Plot, steps: dict, names: dict[str, str]) -> list[str]:
    """A step line per candidate, the largest final score drawn last (on top), and the end
    labels pushed apart so close scores stay readable."""
    order = sorted(steps, key=lambda c: (steps[c][-1][1], collate(c)))
    colours = {c: PALETTE[i % len(PALETTE)] for i, c in enumerate(sorted(steps, key=lambda c: (-steps[c][-1][1], collate(c))))}
    out, labels = [], []
    for rank, cand in enumerate(order):
        # lines with equal scores would hide each other: each is shifted by a pixel or two
        off = round((rank - (len(order) - 1) / 2) * 2.0, 1)
        pts = steps[cand]
        d = f"M{p.x(pts[0][0])},{p.y(pts[0][1]) + off}"
        for t, v in pts[1:]:
            d += f" H{p.x(t)} V{p.y(v) + off}"
        d += f" H{p.x(p.fr.end)}"
        out.append(f'<path class="score" data-candidate="{escape(cand)}" d="{d}" stroke="{colours[cand]}">'
                   f'<title>{escape(names.get(cand, cand))}: {num(pts[-1][1])}</title></path>')
        labels.append([p.y(pts[-1][1]), cand])
    labels.sort()
    for i in range(1, len(labels)):
        labels[i][0] = max(labels[i][0], labels[i - 1][0] + 14)
    for ly, cand in labels:
        shown = names.get(cand, cand)
        short = shown if len(shown) <= 16 else shown[:15] + "…"
        out.append(f'<text class="endlab" x="{p.x(p.fr.end) + 6}" y="{ly + 4}" fill="{colours[cand]}">'
                   f'{escape(short)} {num(steps[cand][-1][1])}</text>')
    return out


def _lanes(p: _Plot, voters: list[str], ballots, names: dict[str, str]) -> list[str]:
    """A lane per voter (in order of first ballot) and a mark per ballot in its voter's lane."""
    out = []
    for i, voter in enumerate(voters):
        ly = p.lane(i)
        short = voter if len(voter) <= 15 else voter[:14] + "…"
        out.append(f'<line class="lane" x1="{LEFT}" x2="{LEFT + p.width}" y1="{ly}" y2="{ly}"/>'
                   f'<text class="lanelab" x="{LEFT - 8}" y="{ly + 4}"><title>{escape(voter)}</title>{escape(short)}</text>')
    lane_of = {v: i for i, v in enumerate(voters)}
    for b in ballots:
        out.append(_mark(b, p.x(b.post.time), p.lane(lane_of[b.voter]), plot=p, names=names))
    return out


def _shape(status: str, cx: float, cy: float) -> str:
    """A ballot's mark: a dot (hollow by CSS when replaced), a cross when not counted."""
    if status == "rejected":
        r = 5
        return f'<path d="M{cx - r},{cy - r} L{cx + r},{cy + r} M{cx - r},{cy + r} L{cx + r},{cy - r}"/>'
    return f'<circle cx="{cx}" cy="{cy}" r="6"/>'


def key(lang: str) -> str:
    """The legend: each kind of mark drawn by the same shapes and classes as the marks."""
    kinds = (("red counted", "counted", word(lang, "counted")),
             ("red superseded", "superseded", word(lang, "superseded")),
             ("grey rejected", "rejected", word(lang, "rejected")),
             ("red rejected late", "rejected", say("html.key_late", lang)))
    return "".join(f'<span><svg class="timeline key" viewBox="0 0 16 16" aria-hidden="true"><g class="mark {cls}">'
                   f"{_shape(status, 8, 8)}</g></svg> {escape(text)}</span>" for cls, status, text in kinds)


def _mark(b: Ballot, cx: float, cy: float, *, plot: _Plot, names: dict[str, str]) -> str:
    """A ballot's mark at (cx, cy): a dot, a cross when rejected; its tooltip tells its story."""
    lang = plot.lang
    late = any(v.code == "late_vote" for v in b.violations)
    target = names.get(b.target, b.target) or (word(lang, b.kind) if b.kind in ("pass", "withdraw") else b.reading.written or "?")
    weight = f" ×{num(b.weight)}" if b.weight != 1 else ""
    colour_said = f", {colour_word(lang, b.colour)}" if b.colour else ""  # "": a preset without colours
    lines = [f"{b.voter} → {target}{colour_said}{weight}",
             f"{plot.clock.time(b.post.time)} · {word(lang, 'post')} {b.post.post_no}",
             word(lang, b.status) + (f" ({word(lang, 'late')})" if late else "")]
    lines += [f"[{v.rule}] {v.message}" for v in b.violations]
    tip = "\n".join(lines)
    colour = b.colour if b.colour in ("red", "blue") else "grey"
    cls = f"mark {colour} {b.status}" + (" late" if late else "")
    shape = _shape(b.status, cx, cy)
    attrs = (f'class="{cls}" data-ballot="{escape(b.post.post_id)}" data-voter="{escape(b.voter)}" '
             f'data-target="{escape(b.target or "")}" data-status="{b.status}" tabindex="0"')
    inner = f"<title>{escape(tip)}</title>{shape}"
    if b.post.url:
        return (f'<a {attrs} href="{escape(b.post.url)}" target="_blank" rel="noopener">{inner}</a>')
    return f"<g {attrs}>{inner}</g>"
