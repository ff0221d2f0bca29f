"""Posts per player per day in the game thread, for rule C3.14 (seed 003, 4.1 and 5.1.6).

Each alive player must write at least five *informative* posts a day; fewer on two days in a
row is a modkill. Whether a post is informative is the GM's call, so nothing here decides it:
posts are counted per player per day, posts that are *likely* not informative are marked with
the reason (so the GM can overrule each one), and the rows say who is below the minimum today
and who was below it on the previous day too. Pure: Thread + Game → rows.

Days are the count's windows (`days.windows`): a post belongs to day N when day N opens at
or before it and day N+1 opens after it. GM posts are not counted; authors are matched to the
roster by exact nick or alias only, like the voters of the count.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from datetime import datetime

from .game import Day, Game
from ..messages import collate, labels
from ..model import Post, Thread
from ..ballots.names import STRICT_STAGES, Matcher, Player, key

# --- What "likely not informative" means: every word list in one place (ru + en) ----------
MINIMUM = 5  # informative posts a day (seed 003, 4.1)
SHORT_WORDS = 3  # fewer own words than this is "short"
PROMISE_WORDS = 12  # a promise is marked only in a post this short (else it has content)

# A word made only of laughter syllables: ахаха, хаха, хехе, хихи, haha, hehe, ahah, бгг.
LAUGHTER = re.compile(r"(?:[аa]?[хxh][аaеeиiоo]){2,}[хxh]?|[аa]?[хxh]{3,}|бг+|гы+|ы+|ъ+|"
                      r"lo+l|lmf?ao+|rofl|kek|кек|лол|ржу|ржунимагу|xd+|хд+")
# Whole posts (after case folding, punctuation removed) that carry nothing of their own.
FILLERS = frozenset("""
ап апп ап ап up bump бамп + ++ +1 -1 ага угу ок окей оки ok okay yep yup nope да нет yes no
мда хм хмм hmm hm ну эх ой ох ах wow вау спс спасибо thx thanks ty согласен согласна
согласна согласен agree agreed same this это confirm подтверждаю присутствую тут здесь here
я тут я здесь present ясно понятно понял поняла ладно lol ок спасибо
""".split()) | {"я тут", "я здесь", "i'm here", "im here", "me too", "я тоже", "и я", "+ 1"}
# Promises to write later (seed 003, 4.1: "я приду, тогда все напишу"), marked only in short posts.
PROMISES = re.compile(r"""
    \b(?:приду|зайду|загляну|вернусь|отпишусь|допишу|напишу|распишу|доберусь|почитаю|прочитаю|
       дочитаю|прочту|вникну|позже|попозже|потом\s+(?:напишу|отпишусь|почитаю)|
       буду\s+(?:вечером|позже|завтра|ночью|утром|днем)|вечером\s+буду|
       нет\s+времени|не\s+успеваю|с\s+телефона|
       later|brb|be\s+back|get\s+back|catch\s+up|will\s+(?:post|read|write|reply)|
       when\s+i\s+get\s+(?:home|back)|after\s+work|tonight|tomorrow)\b""", re.X)

REASONS = ("empty", "filler", "short", "promise", "repeat")
_WORD = re.compile(r"[^\W_]+(?:['’\-][^\W_]+)*")
_LETTER = re.compile(r"[^\W\d_]")


@dataclass(frozen=True)
class Mark:
    """One post marked as likely not informative, with why (codes from REASONS)."""

    post: Post
    reasons: tuple[str, ...]
    details: tuple[str, ...]  # per reason, the value for messages' reason.* ('' when none)

    def describe(self, lang: str = "en") -> str:
        texts = labels("reason", lang)
        out = []
        for code, detail in zip(self.reasons, self.details):
            out.append(texts[code].format(n=detail, said=detail))
        return "; ".join(out)


@dataclass(frozen=True)
class Row:
    player: str
    day: int
    posts: int
    informative: int
    below_minimum: bool
    below_two_days: bool
    marked: tuple[Mark, ...] = ()


@dataclass(frozen=True)
class Report:
    rows: tuple[Row, ...]
    minimum: int
    unknown_authors: tuple[tuple[str, int], ...]  # posters neither GM nor on the roster, posts
    open_day: int | None  # the last listed day when its deadline is not yet passed
    dead_posting: tuple[tuple[str, int, int], ...] = ()  # (player, day, posts) while out (seed 4.4)


def normal(text: str) -> str:
    """Folded text for comparing posts: NFKC, case, ё→е, single spaces."""
    s = unicodedata.normalize("NFKC", text).casefold().replace("ё", "е")
    return " ".join(s.split())


def judge(text: str, earlier: dict[str, int] | None = None) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(reasons, details) why a post with this own text is likely not informative; () when
    nothing marks it. `earlier` maps the normalised texts of the same author's earlier posts
    that day to their post numbers (for repeats)."""
    reasons: list[str] = []
    details: list[str] = []
    s = normal(text)
    words = _WORD.findall(s)
    if not s:
        return ("empty",), ("",)
    bare = " ".join(words)
    if (not _LETTER.search(s) or bare in FILLERS or s in FILLERS
            or (words and all(LAUGHTER.fullmatch(w) or w in FILLERS for w in words))):
        reasons.append("filler")
        details.append("")
    elif len(words) < SHORT_WORDS:
        reasons.append("short")
        details.append(str(len(words)))
    if len(words) <= PROMISE_WORDS and "filler" not in reasons:
        m = PROMISES.search(s)
        if m:
            reasons.append("promise")
            details.append(m.group(0))
    if earlier and s in earlier:
        reasons.append("repeat")
        details.append(str(earlier[s]))
    return tuple(reasons), tuple(details)


def build(thread: Thread, game: Game, minimum: int = MINIMUM, only_day: int | None = None) -> Report:
    """The activity rows of every opened day of the game (or of one day), roster order."""
    from .days import windows  # the count's own day windows, so both agree on what a day is

    scan = _Scan(game, list(thread.posts), minimum=minimum, only_day=only_day)
    first = scan.posts[0].time if scan.posts else None
    days = game.days or (Day(1, None),)  # a game file without [[days]]: one day, as the count
    for day, opens, next_opens in windows(days, first):
        if opens and scan.last and opens > scan.last:
            break  # not opened yet
        scan.day(day, opens, next_opens)
    return scan.report()


class _Scan:
    """The days read so far: their rows, the posters who are no player, the players who
    posted while out, who was modkilled on an earlier day and who was below the minimum on
    the previous day."""

    def __init__(self, game: Game, posts: list[Post], *, minimum: int, only_day: int | None):
        self.game, self.posts, self.minimum, self.only_day = game, posts, minimum, only_day
        self.matcher = Matcher([Player(p.nick, p.names) for p in game.players])
        self.gm_keys = {key(g) for g in game.gm}
        self.last = posts[-1].time if posts else None
        self.unknown: dict[str, int] = {}
        self.dead_posting: dict[tuple[str, int], int] = {}
        self.rows: list[Row] = []
        self.out_before: set[str] = set()  # modkilled on an earlier day: out of later days
        self.below_prev: set[str] = set()  # players below the minimum on the previous listed day
        self.open_day = None

    def listed(self, day: Day) -> bool:
        """Whether the day's rows are reported (every day, or the one asked for)."""
        return self.only_day is None or day.number == self.only_day

    def day(self, day: Day, opens, next_opens) -> None:
        """Read one day, from `opens` until `next_opens` (None: to the end)."""
        alive = [p.nick for p in self.game.players if p.nick not in set(day.dead) | self.out_before]
        mine = self._posts_of(day, alive, opens, next_opens)
        self.below_prev = self._rows_of(day, alive, mine)
        self.out_before |= set(day.modkills)
        last = self.last
        self.open_day = day.number if (next_opens is None and (day.deadline is None or
                                                               (last is not None and last < day.deadline))) else None

    def _posts_of(self, day: Day, alive: list[str], opens, next_opens) -> dict[str, list[Post]]:
        """Each living player's posts of the day (the GM's skipped); a poster who is no player
        (strictly matched) is counted as unknown, a player out of the game as dead posting."""
        mine: dict[str, list[Post]] = {n: [] for n in alive}
        for post in self.posts:
            if (opens and post.time < opens) or (next_opens and post.time >= next_opens):
                continue
            if key(post.author) in self.gm_keys:
                continue
            m = self.matcher.match(post.author)
            player = m.player if m.stage in STRICT_STAGES else None
            if player is None:
                self.unknown[post.author] = self.unknown.get(post.author, 0) + 1
            elif player in mine:
                mine[player].append(post)
            elif self.listed(day):
                self.dead_posting[(player, day.number)] = self.dead_posting.get((player, day.number), 0) + 1
        return mine

    def _rows_of(self, day: Day, alive: list[str], mine: dict[str, list[Post]]) -> set[str]:
        """A row per living player (informative posts, below the minimum, two days running);
        returns who is below the minimum this day."""
        below_now: set[str] = set()
        for nick in alive:
            marks = _marks(mine[nick])
            informative = len(mine[nick]) - len(marks)
            below = informative < self.minimum
            if below:
                below_now.add(nick)
            if self.listed(day):
                self.rows.append(Row(nick, day.number, len(mine[nick]), informative, below,
                                     below and nick in self.below_prev, tuple(marks)))
        return below_now

    def report(self) -> Report:
        return Report(tuple(self.rows), self.minimum,
                      tuple(sorted(self.unknown.items(), key=lambda item: collate(item[0]))), self.open_day,
                      tuple((p, d, n) for (p, d), n in self.dead_posting.items()))


def _marks(posts: list[Post]) -> list[Mark]:
    """The posts of one player's day that are likely not informative, each with why."""
    marks = []
    earlier: dict[str, int] = {}
    for post in posts:
        reasons, details = judge(post.text, earlier)
        if reasons:
            marks.append(Mark(post, reasons, details))
        earlier.setdefault(normal(post.text), post.post_no)
    return marks


# --- rows → JSON / CSV (CONTRACT: player, day, posts, informative, below_minimum, below_two_days)
FIELDS = ("player", "day", "posts", "informative", "below_minimum", "below_two_days")


def _iso(t: datetime) -> str:
    return t.isoformat()


def row_dict(row: Row, lang: str = "en") -> dict:
    d = {f: getattr(row, f) for f in FIELDS}
    d["marked"] = [{"post_no": m.post.post_no, "post_id": m.post.post_id, "time": _iso(m.post.time),
                    "reasons": list(m.reasons), "why": m.describe(lang)} for m in row.marked]
    return d


def to_json(report: Report, lang: str = "en") -> str:
    import json
    return json.dumps([row_dict(r, lang) for r in report.rows], ensure_ascii=False, indent=2) + "\n"


def to_csv(report: Report, lang: str = "en") -> str:
    """The JSON fields as columns; `marked` as 'post: reasons' pairs joined by ' | '."""
    import csv
    import io
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=(*FIELDS, "marked"), lineterminator="\n")
    writer.writeheader()
    for r in report.rows:
        d = {f: getattr(r, f) for f in FIELDS}
        d["marked"] = " | ".join(f"{m.post.post_no}: {m.describe(lang)}" for m in r.marked)
        writer.writerow(d)
    return out.getvalue()
