"""Thread → a drafted game.toml, for `votecount init`. Pure: text in, text out.

The draft is a starting point the GM corrects, never a count's authority: every guess carries
a `#` comment saying what it was guessed from and what to check. What it guesses:

- GM: the thread's first poster. Roster: every other poster, in order of first post.
- Days: GM posts that open a day ("День 1", "День второй", "Day 2", "Наступает день"),
  each with `opens` = the post's time; a deadline written in it ("голосование до 20:00 мск",
  "deadline 22:00") on the post's date, or the next day when that time has already passed.
  A GM post with "Ночь N"/"Night N" or "Итоги голосования" closes the current day; it is
  noted, not used as a deadline (the deadline was earlier).
- Rules preset: coloured nicks in players' posts → red-blue; "пас"/"фаст" → pass-catastrophe;
  bold "Vote …" → bold-vote; else classic.

The drafted text loads with `game.load`: nicks are TOML-escaped, two posters whose
nicks fold to the same name are not both listed, days whose times contradict each other
keep the contradicting time as a comment, and a placeholder deadline, uncommented, lies
after its day opens and not after the next day opens. The one exception is a thread where no
one but the GM can be listed: a game file without players is refused, and the draft says so.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from ..messages import say
from ..model import Post
from ..read.zone import MSK
from ..ballots.names import key
# Votes: a coloured nick → red-blue; a bold text opening with a vote word → bold-vote; the
# pass-catastrophe preset's own words → pass-catastrophe. Narrower than the readers' patterns:
# vocabulary.py says why.
from ..ballots.vocabulary import DRAFT_BOLD_VOTE, DRAFT_PASS, DRAFT_PASS_WORDS

# --- Markers of GM announcements (ru + en) ------------------------------------------------
ORDINALS = {w: n for n, ws in enumerate((
    (), ("первый", "first", "one"), ("второй", "second", "two"), ("третий", "third", "three"),
    ("четвертый", "fourth", "four"), ("пятый", "fifth", "five"), ("шестой", "sixth", "six"),
    ("седьмой", "seventh", "seven"), ("восьмой", "eighth", "eight"), ("девятый", "ninth", "nine"),
    ("десятый", "tenth", "ten")), 0) for w in ws}
_NUM = r"(\d{1,2}|" + "|".join(ORDINALS) + ")"


def _day_n(tag: str) -> str:
    """'день 2', 'day two', '2-й день', '2nd day' with the number in groups {tag}a / {tag}b."""
    return (rf"(?:(?:день|day)\s*(?:№\s*)?(?P<{tag}a>{_NUM})|(?P<{tag}b>{_NUM})"
            r"(?:-?(?:й|ый|ой|ий|st|nd|rd|th))?\s+(?:день|day))\b")


# A day is opened by a heading line ("День 2.", "*** Day 3 ***") or by a verb with the day
# ("Наступает день 2", "Day 1 start"): "it is currently day 1" in a rules post is neither.
DAY_OPENS = re.compile(r"^[\W_]*" + _day_n("h") + "|"
                       r"\b(?:наступает|наступил|наступило|начинается|начался|открывается|открыт|стартует)"
                       r"\s+(?:новый\s+)?" + _day_n("v") + "|" + _day_n("s") +
                       r"\s*[:.,!\-]?\s*(?:start|starts|started|begins|has\s+begun|is\s+open|начинается|"
                       r"начался|наступил|открыт)\b", re.M)
DAY_UNNUMBERED = re.compile(r"\b(?:наступает|наступил|начинается|начался|открывается)\s+(?:новый\s+)?день\b|"
                            r"\bнаступило\s+утро\b|\bдоброе\s+утро\b|\b(?:a\s+new\s+)?day\s+(?:begins|starts)\b")
NIGHT_NUMBERED = re.compile(r"\b(?:ночь|night)\s*(?:№\s*)?" + _NUM + r"\b|\b" + _NUM +
                            r"(?:-?(?:я|ая|st|nd|rd|th))?\s+(?:ночь|night)\b")
CLOSES = re.compile(r"\bитоги\s+голосования\b|\bголосование\s+(?:закрыто|окончено|завершено)\b|"
                    r"\bнаступает\s+ночь\b|\bnight\s+(?:falls|begins|starts)\b|\bvoting\s+is\s+closed\b|"
                    r"\blynch\s+results?\b")
# "до 20:00", "голосование до 22-00 мск", "deadline: 20:00", "until 20:00", with an optional
# date before or after the time (29.11, 29.11.2026).
_DATE = r"(?P<d{0}>\d{{1,2}})[./](?P<m{0}>\d{{1,2}})(?:[./](?P<y{0}>\d{{2,4}}))?"
DEADLINE = re.compile(r"(?:\bдо|\bdeadline:?|\buntil|\bends?\s+at|\bby)\s+"
                      r"(?:" + _DATE.format(1) + r"\s*(?:г\.?\s*)?(?:в\s+)?)?"
                      r"(?P<hh>\d{1,2})(?P<sep>[:.\-])(?P<mm>\d{2})(?!\d)"
                      r"(?:\s*(?:ч\.?|часов)?\s*" + _DATE.format(2) + r")?"
                      r"(?:\s*\(?\s*(?P<msk>мск|msk|по\s+москве))?")
# A list of players in the GM's opening posts: a heading line, then numbered lines.
LIST_HEADING = re.compile(r"игрок|участник|состав|список|живы|players?\b|roster|living|alive", re.I)
LIST_ITEM = re.compile(r"^\s*\d{1,2}\s*[.)]\s*(.+?)\s*$")
LIST_TAIL = re.compile(r"\s*(?:\(.*\)|\[.*\]|\s[-–—]\s.*)$")  # "nick (mentor: Bur)", "nick — мирный"


@dataclass
class DraftDay:
    number: int
    opens: datetime
    post: Post
    deadline: datetime | None = None
    deadline_text: str = ""
    closed_by: Post | None = None
    marker: str = ""  # the line of the post that opened the day
    notes: list[str] = field(default_factory=list)


def toml_str(s: str) -> str:
    """A TOML basic string: quotes, backslashes and control characters escaped."""
    out = ['"']
    for ch in s:
        o = ord(ch)
        if ch == '"':
            out.append('\\"')
        elif ch == "\\":
            out.append("\\\\")
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append("\\t")
        elif o < 0x20 or o == 0x7F:
            out.append(f"\\u{o:04X}")
        elif 0xD800 <= o <= 0xDFFF:  # a lone surrogate cannot be written: the replacement mark
            out.append("\\uFFFD")
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def comment(s: str) -> str:
    """One comment line's text: no line breaks or control characters."""
    return " ".join("".join(ch if ch.isprintable() else " " for ch in s).split())


def _excerpt(text: str, n: int = 70) -> str:
    s = comment(text)
    return s if len(s) <= n else s[: n - 1] + "…"


def _fold(text: str) -> str:
    """Case-folded, ё→е, single spaces; line breaks kept (headings are lines)."""
    return "\n".join(" ".join(line.split()) for line in text.casefold().replace("ё", "е").splitlines())


def _number(word: str) -> int | None:
    if word.isdigit():
        return int(word)
    return ORDINALS.get(word)


def _time(t: datetime) -> str:
    return t.isoformat(timespec="seconds")


def find_deadline(text: str, posted: datetime, tz: ZoneInfo) -> tuple[datetime | None, str]:
    """The first deadline written in an announcement, resolved against the post's time."""
    for m in DEADLINE.finditer(_fold(text)):
        hour, minute = int(m["hh"]), int(m["mm"])
        if hour > 24 or minute > 59 or (hour == 24 and minute):
            continue
        if m["sep"] == "." and minute:  # "до 20.11" is a date; "до 20.00" is a time
            continue
        zone = ZoneInfo(MSK) if m["msk"] else tz
        base = posted.astimezone(zone)
        n = "1" if m["d1"] else "2"
        day_m, month_m, year_m = m["d" + n], m["m" + n], m["y" + n]
        try:
            if day_m:
                year = int(year_m) if year_m else base.year
                year = year + 2000 if year < 100 else year
                when = datetime(year, int(month_m), int(day_m), tzinfo=zone) + timedelta(hours=hour, minutes=minute)
                if not year_m and when < base - timedelta(days=180):
                    when = when.replace(year=when.year + 1)  # "до 02.01" written on 30.12
            else:
                when = base.replace(hour=0, minute=0, second=0, microsecond=0) + timedelta(hours=hour, minutes=minute)
                if when <= base:
                    when += timedelta(days=1)
        except ValueError:  # 31.02 and the like: not a date
            continue
        return when.astimezone(tz), comment(m.group(0))
    return None, ""


def find_days(posts: list[Post], gm_key: str, tz: ZoneInfo) -> list[DraftDay]:
    """Day openings in the GM's posts, in order: day N+1 only after day N."""
    days: list[DraftDay] = []
    for post in posts:
        if key(post.author) != gm_key:
            continue
        text = _fold(post.text)
        expected = days[-1].number + 1 if days else 1
        found = {_number(v): m for m in DAY_OPENS.finditer(text) for v in m.groupdict().values() if v}
        numbers = set(found)
        nights = {_number(m[1] or m[2]) for m in NIGHT_NUMBERED.finditer(text)}
        opening = expected in numbers or (not numbers and DAY_UNNUMBERED.search(text) is not None)
        if days and days[-1].closed_by is None and (
                days[-1].number in nights or CLOSES.search(text) or opening):
            if post is not days[-1].post:
                days[-1].closed_by = post
        if opening:
            m = found.get(expected) or DAY_UNNUMBERED.search(text)
            line = text.count("\n", 0, m.start())  # _fold keeps the lines: show the GM's own
            day = DraftDay(expected, post.time.astimezone(tz), post,
                           marker=(post.text.splitlines() or [""])[min(line, len(post.text.splitlines()) - 1)])
            day.deadline, day.deadline_text = find_deadline(post.text, post.time, tz)
            days.append(day)
    return days


def listed_players(posts: list[Post], gm_key: str, until: Post | None) -> tuple[Post | None, list[str]]:
    """The first numbered list of players in the GM's posts up to `until` (the first day's
    opening, else the first five GM posts): (post, names as written)."""
    gm_posts = [p for p in posts if key(p.author) == gm_key]
    stop = gm_posts.index(until) + 1 if until in gm_posts else 5
    for post in gm_posts[:stop]:
        names: list[str] = []
        in_list = False
        for line in post.text.splitlines():
            item = LIST_ITEM.match(line)
            if in_list and item:
                name = LIST_TAIL.sub("", item[1]).strip()
                if name:
                    names.append(name)
            elif names:
                return post, names
            elif line.strip():
                in_list = bool(LIST_HEADING.search(line)) and not item
        if names:
            return post, names
    return None, []


def named(posts: list[Post], nicks: list[str]) -> list[str]:
    """Roster nicks written (as whole words, in the nominative) in these posts."""
    text = " ".join(key(p.text) for p in posts)
    return [n for n in nicks if key(n) and re.search(r"(?<!\w)" + re.escape(key(n)) + r"(?!\w)", text)]


def _consistent(days: list[DraftDay], lang: str | None = None) -> None:
    """Drop (to a comment, in `lang`) any deadline game.load would refuse: not after its day's
    opening, not before the next day's opening, not after the previous deadline."""
    for i, d in enumerate(days):
        if d.deadline is None:
            continue
        nxt = days[i + 1] if i + 1 < len(days) else None
        prev = next((p.deadline for p in reversed(days[:i]) if p.deadline), None)
        why = None
        if d.deadline <= d.opens:
            why = say("draft.bad_not_after_open", lang)
        elif nxt is not None and nxt.opens < d.deadline:
            why = say("draft.bad_next_opens", lang, n=nxt.number)
        elif prev is not None and d.deadline <= prev:
            why = say("draft.bad_not_after_prev", lang)
        if why:
            d.notes.append(say("draft.bad_deadline", lang, text=d.deadline_text, time=_time(d.deadline), why=why))
            d.deadline = None


def guess_rules(posts: list[Post], gm_key: str, roster_keys: set[str], *,
                lang: str | None = None) -> tuple[str, str]:
    """(preset, why) from what the posts look like, the why in `lang`."""
    from ..engines.kit.runs import of_post  # the runs the posts carry from their elements, else their html's
    coloured: list[Post] = []
    bold: list[Post] = []
    passes: list[Post] = []
    for p in posts:
        is_gm = key(p.author) == gm_key
        if DRAFT_PASS.search(_fold(p.text)):
            passes.append(p)
        if is_gm:
            continue
        try:
            parts = of_post(p)
        except Exception:  # odd markup never stops a draft: the post just gives no evidence
            continue
        if any(r.colour in ("red", "blue") and key(r.text) in roster_keys for r in parts):
            coloured.append(p)
        if any(r.bold and DRAFT_BOLD_VOTE.match(r.text) for r in parts):
            bold.append(p)

    def first(found: list[Post]) -> str:
        return say("draft.rules_first", lang, no=found[0].post_no, author=comment(found[0].author))

    gm_pass = [p for p in passes if key(p.author) == gm_key]
    if len(coloured) >= 2:
        return "red-blue", say("draft.rules_red_blue", lang, n=len(coloured), first=first(coloured))
    if gm_pass or len(passes) >= 2:
        words = say("draft.rules_or", lang).join(say("draft.quoted", lang, word=w) for w in DRAFT_PASS_WORDS)
        return "pass-catastrophe", say("draft.rules_pass", lang, n=len(passes), words=words,
                                       first=first(gm_pass or passes))
    if len(bold) >= 2:
        return "bold-vote", say("draft.rules_bold", lang, n=len(bold), first=first(bold))
    return "classic", say("draft.rules_classic", lang)


def mid_thread(posts: list[Post], lang: str | None = None) -> str | None:
    """The warning (in `lang`) for pages that start after the thread's first post, or None."""
    if not posts or posts[0].post_no <= 1:
        return None
    return say("draft.mid_thread", lang, no=posts[0].post_no)
