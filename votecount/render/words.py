"""Helpers of the reports: labels and sentences from the one catalogue (messages.py), numbers,
times, the interim heading."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from ..messages import MESSAGES, counted, note_text, say  # noqa: F401 (counted: the reports' plural)

def word(lang: str, key: str) -> str:
    """The report label `key` (messages.py, `label.*`)."""
    return say(f"label.{key}", lang)


def term(lang: str, family: str, value: str) -> str:
    """A code of the count (`family` "effect", "code", "ballot": "late_vote") in the catalogue's
    words; the code itself when the catalogue has no words for it."""
    key = f"{family}.{value}"
    return say(key, lang) if key in MESSAGES else value


def diff_line(lang: str, key: str, **fields) -> str:
    return say(f"diff.{key}", lang, **fields)


def num(x: float) -> str:
    """3.0 → '3', 1.5 → '1.5': scores are whole in almost every game."""
    return f"{x:g}"


def signed(x: float) -> str:
    return f"+{x:g}" if x > 0 else f"−{-x:g}"  # a real minus sign reads better in a post


def zone_label(t: datetime, lang: str) -> str:
    """The zone as people write it beside a time: Russian players count from Moscow ("МСК",
    "МСК+2"); English ones use the zone's abbreviation ("UTC", "EST") or the offset ("UTC+5:30")."""
    off = t.utcoffset() or timedelta(0)
    if lang == "ru":
        delta = off - timedelta(hours=3)
        return "МСК" + (_hours(delta) if delta else "")
    name = t.tzname() or ""
    return name if name.isalpha() else "UTC" + (_hours(off) if off else "")


def _hours(span: timedelta) -> str:
    """+2, −1, +5:30: an offset in hours, a real minus sign."""
    minutes = int(span.total_seconds() // 60)
    sign = "+" if minutes >= 0 else "−"
    h, m = divmod(abs(minutes), 60)
    return f"{sign}{h}" + (f":{m:02d}" if m else "")


def _minute(t: datetime) -> datetime:
    return t.replace(second=0, microsecond=0)


@dataclass(frozen=True)
class Clock:
    """Times of one day as a post writes them: in the deadline's zone, "19:40" on the deadline's
    date and "28.11 21:05" before it, seconds only where a minute shown holds two different times
    or is the deadline's own minute (a ballot at 20:00:30 against a 20:00 deadline)."""

    lang: str
    ref: datetime | None  # the deadline: its zone and date
    precise: frozenset = frozenset()  # minutes (as datetimes) that are shown with seconds

    @classmethod
    def of_day(cls, r, times=None) -> Clock:
        """The clock of day `r` for the `times` it will show (they decide where seconds are needed;
        by default the day's ballots and its deadline)."""
        if times is None:
            times = [b.post.time for b in r.ballots] + [r.deadline]
        return cls.of(r.lang, r.deadline, times)

    @classmethod
    def of(cls, lang: str, ref: datetime | None, times=()) -> Clock:
        """The clock of a day whose deadline is `ref` (None: unknown), for the `times` it shows."""
        minutes: dict[datetime, set[datetime]] = {}
        for t in times:
            if t is not None:
                minutes.setdefault(_minute(cls._local(t, ref)), set()).add(cls._local(t, ref))
        precise = {m for m, ts in minutes.items() if len(ts) > 1}
        if ref is not None and any(t.second for t in minutes.get(_minute(ref), ())):
            precise.add(_minute(ref))
        return cls(lang, ref, frozenset(precise))

    @staticmethod
    def _local(t: datetime, ref: datetime | None) -> datetime:
        return t.astimezone(ref.tzinfo) if ref is not None and ref.tzinfo is not None else t

    def date(self, t: datetime) -> str:
        t = self._local(t, self.ref)
        return t.strftime("%d.%m") if self.lang == "ru" else f"{t:%b} {t.day}"

    def time(self, t: datetime | None) -> str:
        """The clock time, with the date when it is not the deadline's date."""
        if t is None:
            return word(self.lang, "none")
        t = self._local(t, self.ref)
        text = t.strftime("%H:%M:%S" if _minute(t) in self.precise else "%H:%M")
        if self.ref is None or t.date() != self._local(self.ref, self.ref).date():
            text = f"{self.date(t)} {text}"
        return text


def in_voting_order(votes) -> list:
    """A candidate's votes in the order they were cast (a vote of unknown time first), as the
    posts and the HTML list the voters."""
    return sorted(votes, key=lambda v: v.time.timestamp() if v.time else 0)


def post_link(url: str | None, base: str | None) -> str | None:
    """A post's address that works once pasted elsewhere: an absolute http(s) one as it is, a
    relative one joined to the thread's known address, else none (never a relative link)."""
    from urllib.parse import urljoin, urlsplit
    if not url:
        return None
    if urlsplit(url).scheme in ("http", "https"):
        return url
    if base and urlsplit(base).scheme in ("http", "https"):
        return urljoin(base, url)
    return None


def deadline_words(r, clock: Clock) -> str:
    """"дедлайн 29.11 в 20:00 МСК": the day's deadline as a GM writes it, the zone said once."""
    if r.deadline is None:
        first = next((b.post.time for b in r.ballots), None)
        zone = "" if first is None else say("post.times_in", r.lang, zone=zone_label(first, r.lang))
        return say("post.no_deadline", r.lang) + zone
    return say("post.deadline", r.lang, date=clock.date(r.deadline), time=clock.time(r.deadline),
               zone=zone_label(r.deadline, r.lang))


def one_vote_short(r) -> list[str]:
    """Under a majority rule, in an interim count: the candidates one vote from being decided (L-1)."""
    if r.majority is None or r.outcome.kind != "open":
        return []
    return [row.candidate for row in r.tally if 0 < r.majority - row.score <= one_step(r, row)]


def one_step(r, row) -> float:
    """The most one ballot can add to `row`'s score: the heaviest red vote (RB.4 weights) of a
    voter who may vote and is not already voting red for it; a blue vote turned red adds its own
    weight too. A result without weights counts every step as one vote."""
    if not r.vote_weights:
        return 1.0
    on = {v.voter: v for v in row.votes}
    gains = [w + (on[voter].weight if on[voter].colour == "blue" else -w) if voter in on else w
             for voter, w in r.vote_weights.items()]
    return max(gains, default=0.0)


def interim_heading(r) -> str | None:
    """"Промежуточный подсчёт на 14:00 (до конца дня 6 ч)" for an interim count, else None; a
    day that is open because no deadline is known, or because the pages lack part of it, says
    that instead of the time left."""
    if not r.provisional:
        return None
    runoff = r.runoff is not None and r.runoff.provisional
    if not runoff and r.open_reason in ("no_deadline", "incomplete"):
        at = "" if r.now is None or r.open_reason == "incomplete" else say("interim_at", r.lang, at=r.now.strftime(
            "%d.%m %H:%M" if r.lang == "ru" else "%Y-%m-%d %H:%M"))
        return say(f"interim_{r.open_reason}", r.lang, at=at)
    if r.now is None:
        return None
    end = r.runoff.deadline if runoff else r.deadline
    local = r.now.astimezone(end.tzinfo)
    at = local.strftime("%H:%M")
    if local.date() != end.date():
        at = local.strftime("%d.%m %H:%M" if r.lang == "ru" else "%Y-%m-%d %H:%M")
    return say("interim_runoff" if runoff else "interim", r.lang, at=at, left=duration(end - r.now, r.lang))


def duration(span: timedelta, lang: str) -> str:
    """6 h, 6 h 30 min, 45 min: the time left, in whole minutes (rounded down)."""
    minutes = int(span.total_seconds() // 60)
    h, m = divmod(minutes, 60)
    if not minutes:
        return say("under_a_minute", lang)
    return say("hours_minutes" if h and m else ("hours" if h else "minutes"), lang, h=h, m=m)


GM_NOTES = ("zone_",)  # notes for the GM only (`warning.zone_*`): the zone the pages' times were read in


def warnings(r, *, public: bool = False) -> tuple[str, ...]:
    """The pages' warnings (in the count's language) and the count's own (an unknown save
    moment); `public`: without the notes meant for the GM only (GM_NOTES)."""
    notes = [w for w in r.thread.warnings if not (public and w.code.partition(".")[2].startswith(GM_NOTES))]
    return tuple(note_text(w, r.lang) for w in notes) + r.warnings


def runoff_names(runoff, lang: str) -> dict[str, str]:
    """A hang-all runoff's tally has two pseudo-candidates (PC.6); they are shown as words."""
    if runoff is None or runoff.mode != "hang_all":
        return {}
    return {k: word(lang, k) for k in ("hang_all", "pardon_all")}


def colour_word(lang: str, colour: str) -> str:
    return word(lang, colour) if colour in ("red", "blue") else word(lang, "none_colour")
