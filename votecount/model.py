"""Frozen records that flow through the pipeline: Page → Post → Thread → Ballot → DayResult.

They hold data only; behaviour lives in the modules named after each stage.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Any
from zoneinfo import ZoneInfo

# The zone of a game that names none, of a count given no --tz (most games are Russian).
DEFAULT_TZ = "Europe/Moscow"


@dataclass(frozen=True, slots=True)
class Page:
    """One saved page as the parsers see it (the tree travels separately)."""

    source: str  # file path or label, for messages
    number: int  # 1-based order among the inputs of one thread
    tz: ZoneInfo  # zone for text timestamps
    url: str | None = None  # where it was saved from, if known
    saved_at: datetime | None = None  # reference "now" for "Сегодня 19:45"
    saved_at_source: str | None = None  # which evidence gave saved_at
    date_order: str | None = None  # --date-order ("dmy"/"mdy"): numeric dates the page cannot tell


@dataclass(frozen=True, slots=True)
class Post:
    post_id: str
    post_no: int
    page: int
    author: str
    author_id: str | None
    time: datetime  # aware
    text: str  # body without quotes, signatures, edit notices, struck text
    html: str  # the same body as HTML, colour markup kept
    edited: bool = False
    edited_by: str | None = None
    edited_at: datetime | None = None
    edit_count: int | None = None
    url: str | None = None
    source: str = ""  # the page file it came from
    # The body's colour runs (runs.read_body), read from its element as the page was parsed:
    # (the html they are the runs of, the runs). None, or runs of another html (a post rewritten
    # since), and they are read from `html` (runs.of_post). Not compared, not in a posts file.
    body_runs: tuple | None = field(default=None, compare=False, repr=False)
    # False: the page shows no readable time for this post (a guest view's empty date cell):
    # `time` then only keeps the thread's order (the time of the known post before it,
    # read/thread.merge), the thread warns, and the count never places it in a day (tally.py).
    time_known: bool = True

    def where(self) -> str:
        return f"{self.source}: post {self.post_no} (id {self.post_id})"


@dataclass(frozen=True, slots=True)
class Note:
    """A warning about the pages read, as a record: its key in the message catalogue
    (messages.py, `warning.*`) and the fields its sentence is filled with. It is shown in the
    count's language by messages.note_text (English in JSON, on stderr and in batch tables)."""

    code: str  # "warning.posts_missing"
    fields: tuple[tuple[str, Any], ...] = ()  # (name, value) pairs, in the order given

    @classmethod
    def of(cls, code: str, **fields: Any) -> Note:
        return cls(code, tuple(fields.items()))


@dataclass(frozen=True, slots=True)
class Gap:
    """Pages the thread is known to lack: before the first post given ("before": the pages start
    at post `post_no` > 1), or after the last ("after": the page holding post `post_no` links to
    a next page, `url`)."""

    side: str  # "before" | "after"
    post_no: int
    url: str | None = None

    def to_json(self) -> dict:
        key = "before_post" if self.side == "before" else "after_post"
        return {key: self.post_no, **({"url": self.url} if self.url else {})}


@dataclass(frozen=True, slots=True)
class Thread:
    title: str
    engine: str
    pages: int
    posts: tuple[Post, ...]
    source: str
    warnings: tuple[Note, ...] = ()
    saved_at_source: str | None = None
    saved_at: datetime | None = None  # the latest save moment shown by the pages (not a file's mtime)
    url: str | None = None  # the thread's address when known (fetched)
    missing_pages: tuple[Gap, ...] = ()  # the pages say the thread goes on beyond them
    zone: str | None = None  # the zone its times were read in, when read_thread chose or was told it
    lang: str | None = None  # what its first page says of its language (interface words, <html lang>)

    @property
    def complete(self) -> bool:
        return not self.missing_pages

    def gap(self, side: str) -> Gap | None:
        return next((g for g in self.missing_pages if g.side == side), None)


@dataclass(frozen=True, slots=True)
class Violation:
    code: str
    player: str
    effect: str  # ignored | self_vote | penalty | warning | modkill
    rule: str
    message: str
    day: int | None = None
    post_id: str | None = None
    post_no: int | None = None
    time: datetime | None = None
    hidden: bool = False  # RB.9: not announced (the boss's lost vote); leave out of public reports


@dataclass(frozen=True, slots=True)
class NickMatch:
    """How a written nick was resolved; `candidates` keeps the evidence for --explain."""

    written: str
    player: str | None  # roster nick, None when unknown or ambiguous
    stage: str  # exact | alias | prefix | initials | inflection | layout | part | fuzzy | unknown | ambiguous
    score: float = 100.0
    candidates: tuple[tuple[str, float], ...] = ()
    accepted: bool = True  # False: the rules refuse this stage (classic refuses fuzzy)


class Kind(StrEnum):
    """What a post reads as (Reading.kind): the rules core has a handler for each kind
    (count/checks.HANDLERS). A str: outputs and message keys see the word itself."""

    vote = "vote"
    pass_ = "pass"  # PC.2 (`pass` is Python's word)
    withdraw = "withdraw"
    unfast = "unfast"  # PC.1: the fast flag withdrawn
    runoff = "runoff"  # PC.6: hang all | pardon all
    unknown = "unknown"  # a ballot naming nobody, or several
    chatter = "chatter"  # words, no ballot
    empty = "empty"  # nothing of the player's own


@dataclass(frozen=True, slots=True)
class Reading:
    """What one post says, before any rule is applied (ballots.read)."""

    kind: Kind
    written: str = ""  # the text taken as the nick
    match: NickMatch | None = None
    colour: str = "none"  # red | blue | other | mixed | none
    fast: bool = False
    early: bool = False
    extra_text: bool = False  # words besides the ballot
    several: tuple[str, ...] = ()  # several distinct nicks recognised
    runoff: str | None = None  # PC.6: hang_all | pardon_all (kind "runoff")
    conditional: str | None = None  # PC.13: "если катастрофа — повесить всех" left in advance
    mention: bool = False  # the nick was only mentioned in a sentence (ballots.mention_line): RB.1 chatter


@dataclass(slots=True)
class Ballot:
    """A post of a player as a ballot, with its fate. Mutable while the tally decides."""

    voter: str
    kind: str  # vote | pass | withdraw | invalid
    post: Post
    reading: Reading
    target: str | None = None
    colour: str = "none"
    weight: float = 1.0
    status: str = "counted"  # counted | superseded | rejected
    fast: bool = False  # PC.4 flag (withdrawable: PC.1)
    early: bool = False  # RB.8 flag досрочно
    violations: list[Violation] = field(default_factory=list)
    story: list[str] = field(default_factory=list)  # rule ids and words, for --explain


@dataclass(frozen=True, slots=True)
class Vote:
    voter: str
    colour: str
    weight: float
    post_id: str | None
    time: datetime | None


@dataclass(frozen=True, slots=True)
class TallyRow:
    candidate: str
    score: float
    red: float
    blue: float
    penalty: float
    votes: tuple[Vote, ...]


@dataclass(frozen=True, slots=True)
class Outcome:
    kind: str  # open | lynch | tie | gm_decides | no_lynch | pass | pardon | protected | runoff | no_vote
    eliminated: tuple[str, ...] = ()
    note: str = ""
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Runoff:
    """PC.5-PC.7: the runoff phase of a day whose vote ended in a tie between leaders."""

    mode: str  # hang_all (even number alive: hang all / pardon all) | pick_one (odd: vote among them)
    candidates: tuple[str, ...]
    deadline: datetime | None
    tally: tuple[TallyRow, ...] = ()
    ballots: tuple[Ballot, ...] = ()
    missing: tuple[str, ...] = ()
    counted: bool = False  # False: the runoff is due and not yet counted
    provisional: bool = False  # an interim count: the runoff deadline is after "now"


@dataclass(frozen=True, slots=True)
class DayResult:
    thread: Thread
    rules: str
    day: int
    deadline: datetime | None
    opens: datetime | None
    tally: tuple[TallyRow, ...]
    outcome: Outcome
    ballots: tuple[Ballot, ...]
    missing: tuple[str, ...]
    violations: tuple[Violation, ...]
    modkills: tuple[str, ...] = ()
    flags: dict[str, datetime | None] = field(default_factory=dict)
    roster: tuple[str, ...] = ()
    lang: str = "ru"
    runoff: Runoff | None = None
    game_title: str = ""  # the game file's title ("Мафия на Заречной"); the thread's is in thread
    provisional: bool = False  # an interim count: the deadline (or runoff deadline) is after `now`
    now: datetime | None = None  # the moment of an interim count (--at, else the pages' save moment)
    warnings: tuple[str, ...] = ()  # about this count (not the pages'): e.g. an unknown save moment
    colours: bool = True  # the rules use red / blue (or colour weights): the reports show colours
    # why a provisional day is open: "deadline" (ahead of `now`), "no_deadline" (none known),
    # "incomplete" (the pages lack part of the day: Thread.missing_pages); None when final
    open_reason: str | None = None
    majority: int | None = None  # the votes that decide the day under a majority rule (H.13), else None
    # the weight a red vote of each voter who may still vote would count (RB.4, C3.10): one
    # ballot's step towards the majority (the reports' L-1); empty: every step is one vote
    vote_weights: dict[str, float] = field(default_factory=dict)
