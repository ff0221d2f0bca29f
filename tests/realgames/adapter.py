"""The real mafiascum games of ../shared/realgames/mafiascum/ as votecount input.

Each donbot line becomes a post of votecount's posts JSON (`number`→`post_no` + 1, the data
being 0-based; `user`→`author`; `user_id`→`author_id`; `id`→`post_id`; `content`→`html`;
`time` read by votecount's own phpBB date reader); each archive block and transitions row
becomes a game file: the moderators as GMs, one player per slot (the current nick, earlier
holders as `replaces`), the dead of each day from the fates, double voters from the roles,
majority half+1, "one less for no lynch" from the notes, and each day ending at its
transition post (`last_post`).

The board's zone is not in the data: times are read in UTC. Only their order matters to the
count, and the days end at post numbers, not at times.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from zoneinfo import ZoneInfo

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT.parent / "shared" / "realgames" / "mafiascum"
TZ = ZoneInfo("UTC")
DOUBLE_VOTER = "double-voter"

_FATE = re.compile(r"(?:was\s+)?(?:killed\s+)?(lynched|killed|modkilled|endgamed|survived|shot|suicided)"
                   r"(?:\s+(day|night|ngiht)\s+(\d+))?", re.I)
_NO_LYNCH = re.compile(r"^D(\d+)\s+no\s+lynch\b", re.I)
_DEADLINE_DAY = re.compile(r"^D(\d+)\s+(?:no\s+majority|long\s+twilight|hammer\s+after\s+deadline)", re.I)
_EVENT = re.compile(r"^(.+?) killed on post (\d+)$|^votecount reset on post (\d+)$", re.I)
_START = re.compile(r"[?&]start=(\d+)")

# Accounts renamed between the game and the crawl: the posts carry the account's later name,
# the archive (and the moderators' player lists and vote counts in the thread) the name played
# under. Checked by hand, post by post (0-based): game 1609 post 2877 "VOTE: Doogal" by Wake1,
# the moderator's count in post 2914 "Doogal121(1) – Wake88"; game 1509's slot Wake88 is the same
# account (user id 22272); game 1627 post 198 "VOTE: thor" by Randomnamechange, count in post
# 200 "Thor665 (2): Allyra, randomidget"; game 1692 post 401 by FakedBlogger: "Your friendly
# neighborhood naked jogger here" (NakedJogger). The other way round in game 1521: the posts are
# greygnarl's, the moderator's counts name the slot thegreygnarl (post 874: "thegreygnarl: 7"),
# and post 182 votes "Thegrey". A GM writes the other name as an alias.
RENAMED = {1509: {"Wake88": "Wake1"}, 1609: {"Wake88": "Wake1"}, 1627: {"randomidget": "Randomnamechange"},
           1692: {"NakedJogger": "FakedBlogger"}, 1521: {"greygnarl": "thegreygnarl"}}


@dataclass(frozen=True)
class Slot:
    names: tuple[str, ...]  # the current nick first, then the earlier holders, latest first
    role: str
    fate: str  # lynched | killed | modkilled | endgamed | survived | shot | suicided
    phase: str | None  # day | night
    number: int | None

    def out_after(self) -> int | None:
        """The last day the slot is alive on (None: to the end). Killed at night N: alive on day
        N; killed during day N (the archive's "killed Day N"): alive when day N opens."""
        if self.fate in ("endgamed", "survived") or self.number is None:
            return None
        return self.number


@dataclass(frozen=True)
class Archived:
    number: int
    thread: str
    title: str
    moderators: tuple[str, ...]
    notes: tuple[str, ...]
    slots: tuple[Slot, ...]
    ends: tuple[int, ...] = ()  # 0-based transition posts, day 1 first
    deadline_days: frozenset[int] = field(default_factory=frozenset)

    def expected(self, day: int) -> tuple[str, ...] | None:
        """The slots lynched on `day`; () for a noted No Lynch; None when the archive does not say."""
        lynched = tuple(s.names[0] for s in self.slots if s.fate == "lynched" and s.number == day)
        if lynched:
            return lynched
        if any(_NO_LYNCH.match(n) and int(_NO_LYNCH.match(n).group(1)) == day for n in self.notes):
            return ()
        return None

    @property
    def no_majority_days(self) -> frozenset[int]:
        """The days the archive notes as ended without a majority ("DN no majority"); a "long
        twilight" (the moderator closed long after the hammer) and a "hammer after deadline"
        ended by a hammer."""
        return frozenset(d for d in self.deadline_days
                         if any(re.fullmatch(rf"D{d}\s+no\s+majority", n, re.I) for n in self.notes))

    @property
    def one_less_for_no_lynch(self) -> bool:
        return any(re.fullmatch(r"one less for no lynch", n, re.I) for n in self.notes)


def _slot(line: str) -> Slot:
    parts = [p.strip() for p in re.split(r",\s*", line.strip())]
    m = _FATE.search(parts[-1])
    if not m:
        raise ValueError(f"archive.txt: cannot read the fate of '{line}'")
    names = tuple(n.strip() for n in parts[0].split(" replaced "))
    return Slot(names, ", ".join(parts[1:-1]), m.group(1).lower(),
                (m.group(2) or "").lower().replace("ngiht", "night") or None,
                int(m.group(3)) if m.group(3) else None)


def _block(text: str) -> Archived | None:
    lines = [ln for ln in text.strip().splitlines()]
    thread = re.search(r"[?&]t=(\d+)", lines[0]) if lines else None
    if len(lines) < 4 or not thread or "Players" not in lines:
        return None
    number = int((re.search(r"\d+", lines[1]) or re.search(r"\d+", "0")).group(0))
    head = {ln.split(":", 1)[0]: ln.split(":", 1)[1].strip() for ln in lines[2:] if ":" in ln and
            ln.split(":", 1)[0] in ("Moderator", "Notes", "Current Update")}
    notes = tuple(n.strip() for n in head.get("Notes", "").split(";") if n.strip())
    at = lines.index("Players")
    slots = tuple(_slot(ln) for ln in lines[at + 1:] if ln.strip())
    deadline = frozenset(int(_DEADLINE_DAY.match(n).group(1)) for n in notes if _DEADLINE_DAY.match(n))
    return Archived(number, thread.group(1), lines[1].strip(),
                    tuple(m.strip() for m in head.get("Moderator", "").split(",") if m.strip()),
                    notes, slots, deadline_days=deadline)


def games() -> list[Archived]:
    """The 55 games that have their posts, in games.tsv order, each with its transitions."""
    blocks = {}
    for text in (DATA / "archive.txt").read_text(encoding="utf-8").split("\n\n\n"):
        b = _block(text)
        if b is not None:
            blocks.setdefault(b.thread, b)
    ends: dict[int, tuple[int, ...]] = {}
    for line in (DATA / "transitions.tsv").read_text(encoding="utf-8").splitlines()[2:]:
        cells = line.split("\t")
        if cells and cells[0].isdigit():  # a game listed twice: the first row
            ends.setdefault(int(cells[0]), tuple(int(c) for c in cells[1:] if c.strip().isdigit()))
    out = []
    for line in (DATA / "games.tsv").read_text(encoding="utf-8").splitlines()[1:]:
        number, thread = line.split("\t")
        b = blocks[thread]
        out.append(Archived(**{**b.__dict__, "number": int(number), "ends": ends.get(int(number), ())}))
    return out


def post_records(archived: Archived) -> list[dict]:
    """The thread as votecount's posts JSON objects."""
    from votecount.engines.kit.dates import parse_time
    out = []
    for line in (DATA / "posts" / f"{archived.thread}.jsonl").read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        row = json.loads(line)
        start = _START.search(row.get("page") or "")
        out.append({"post_no": int(row["number"]) + 1, "post_id": str(row["id"]), "author": row["user"],
                    "author_id": str(row["user_id"]) if row.get("user_id") else None,
                    "time": parse_time(row["time"], TZ, None).isoformat(), "html": row["content"],
                    "url": row.get("page"), "page": int(start.group(1)) // 25 + 1 if start else 1})
    return out


def _q(value: str) -> str:
    return json.dumps(value, ensure_ascii=False)


def game_toml(archived: Archived) -> str:
    """The game file of one archived game (bold-vote, hammer at half+1)."""
    from votecount.ballots.names import key
    names = {key(n) for s in archived.slots for n in s.names}
    gms = [m for m in archived.moderators if key(m) not in names]  # a moderator who replaced in
    lines = ["[game]", f"title = {_q(archived.title)}", 'rules = "bold-vote"', 'timezone = "UTC"',
             f"gm = [{', '.join(_q(m) for m in gms)}]", "", "[rules]", 'majority = "half+1"',
             f"no_lynch_fewer = {1 if archived.one_less_for_no_lynch else 0}",
             f'weights = {{ "{DOUBLE_VOTER}" = {{ red = 2.0 }} }}', ""]
    for s in archived.slots:
        lines += ["[[players]]", f"nick = {_q(s.names[0])}"]
        if s.names[1:]:
            lines.append(f"replaces = [{', '.join(_q(n) for n in s.names[1:])}]")
        renamed = [RENAMED.get(archived.number, {}).get(n) for n in s.names]
        if any(renamed):
            lines.append(f"aliases = [{', '.join(_q(n) for n in renamed if n)}]")
        if re.search(r"double[\s-]*voter", s.role, re.I):
            lines.append(f'role = "{DOUBLE_VOTER}"')
        lines.append("")
    for day, end in enumerate(archived.ends, 1):
        dead = [s.names[0] for s in archived.slots if s.out_after() is not None and s.out_after() < day]
        lines += ["[[days]]", f"number = {day}", f"last_post = {end + 1}",
                  f"dead = [{', '.join(_q(n) for n in dead)}]", ""]
        lines += _events(archived, day)
    return "\n".join(lines)


def _events(archived: Archived, day: int) -> list[str]:
    """The day's mid-day events from the archive's notes ("ender241 killed on post 420",
    "votecount reset on post 159"; 0-based posts) as [[days.events]] tables."""
    start = archived.ends[day - 2] + 1 if day > 1 else 0
    slot_of = {n.casefold(): s.names[0] for s in archived.slots for n in s.names}
    out = []
    for note in archived.notes:
        m = _EVENT.match(note)
        post = int(m.group(2) or m.group(3)) if m else -1
        if not start < post <= archived.ends[day - 1]:
            continue
        if m.group(1) and m.group(1).casefold() in slot_of:
            out += ["[[days.events]]", f"post = {post + 1}", f"kill = [{_q(slot_of[m.group(1).casefold()])}]", ""]
        elif m.group(3):
            out += ["[[days.events]]", f"post = {post + 1}", "reset = true", ""]
    return out
