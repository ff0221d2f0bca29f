"""The text of a drafted game file, section by section: the heading and [game], the
[[players]] tables, the [[days]] tables (`draft`, at the end, puts them together)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from ..model import DEFAULT_TZ
from .guess import (_consistent, _excerpt, _time, comment, find_days, guess_rules, listed_players,
                    mid_thread, named, toml_str)
from ..model import Post, Thread
from ..ballots.names import key


def _placeholder(posts: list[Post], until: int | None, tz: ZoneInfo, *,
                 opens: datetime | None = None, closes: datetime | None = None) -> tuple[str | None, str]:
    """A deadline to fill in and how it was guessed: 20:00 in the game's zone on the day of the
    last post before post `until` (the next day's opening; None: the thread's last post); the
    first 20:00 after `opens` when that is earlier (a deadline comes after its day opens), and
    `closes` (the next day's opening) when that is earlier still, so that uncommented it loads.
    None when no moment fits: the next day opens as early as this one."""
    if opens is not None and closes is not None and closes <= opens:
        return None, "no moment fits: the next day opens no later than this one (check both openings)"
    before = [p for p in posts if until is None or p.post_no < until]
    day = before[-1].time.astimezone(tz) if before else datetime(2026, 11, 29, tzinfo=tz)
    guess, why = day.replace(hour=20, minute=0, second=0, microsecond=0), "on the day of the day's last post"
    if opens is not None and guess <= opens:
        local = opens.astimezone(tz)
        guess = local.replace(hour=20, minute=0, second=0, microsecond=0)
        guess = guess if guess > local else (local + timedelta(days=1)).replace(
            hour=20, minute=0, second=0, microsecond=0)
        why = "at the first 20:00 after the day opens"
    if closes is not None and guess > closes:
        guess, why = closes.astimezone(tz), "at the next day's opening (a day ends before the next opens)"
    return _time(guess), why


@dataclass(frozen=True)
class Posters:
    """Who posted, bar the GM: the roster in order of first post, each one's post count and
    first post, the folded names seen, and the names that cannot be listed."""
    roster: list[str]
    counts: dict[str, int]
    first_post: dict[str, Post]
    seen: dict[str, str]  # folded name → the author spelt so
    skipped: list[str]  # no letters or digits, or folding to another poster's name


def posters_of(posts: list[Post], gm_key: str) -> Posters:
    """Everyone who posted except the GM; a name that folds to nothing, or to another poster's
    name, is skipped (a game file cannot hold both)."""
    counts: dict[str, int] = {}
    first_post: dict[str, Post] = {}
    skipped: list[str] = []
    seen: dict[str, str] = {}
    for p in posts:
        k = key(p.author)
        if k == gm_key:
            continue
        if not k or (k in seen and seen[k] != p.author):  # not k: only punctuation or invisible characters
            if p.author not in skipped:
                skipped.append(p.author)
            continue
        seen[k] = p.author
        counts[p.author] = counts.get(p.author, 0) + 1
        first_post.setdefault(p.author, p)
    return Posters(list(first_post), counts, first_post, seen, skipped)


def game_lines(thread: Thread, *, rules: str, why: str, tz_name: str, zone_why: str | None,
                gm: str, lang: str | None = None) -> list[str]:
    """The heading comment and the [game] table, each guess with why it was made."""
    posts = thread.posts
    pages_word = "page" if thread.pages == 1 else "pages"
    warning = mid_thread(list(posts))
    return [f"# Drafted by `votecount init` from {comment(thread.source)} ({thread.engine}, "
            f"{thread.pages} {pages_word}, {len(posts)} posts).",
            "# Every value below is a guess: check each line marked CHECK or FILL IN, then count with",
            "#   votecount THREAD --game THIS_FILE", *([f"# WARNING: {warning}"] if warning else []),
            "", "[game]",
            f"title = {toml_str(thread.title)}",
            f"rules = {toml_str(rules)}  # CHECK: guessed because {comment(why)}; "
            "presets: classic, red-blue, pass-catastrophe, bold-vote",
            f"timezone = {toml_str(tz_name)}  # CHECK: {comment(zone_why or 'the zone the deadlines are written in')}",
            *([f"lang = {toml_str(lang)}  # CHECK: the language of the thread's posts (ru | en), "
               "the language of the counts"] if lang else []),
            f"gm = [{toml_str(gm)}]  # CHECK: "
            + ("the first poster of these pages, not the thread's first post" if warning
               else "the thread's first poster") + "; add the GM's other accounts", ""]


def player_lines(posters: Posters, list_post: Post | None, listed: list[str], gm_key: str) -> list[str]:
    """A [[players]] table per poster, noting who is not in the GM's list or posted once; the
    names skipped; the GM's listed players who never posted, commented out."""
    seen, counts = posters.seen, posters.counts
    out = [f"# Players: everyone who posted except the GM, in order of first post ({len(posters.roster)}).",
           "# CHECK: remove spectators, add players who never posted, add aliases = [\"…\"] for",
           "# nicknames the others use, and role = \"doctor\" etc. where a role changes votes."]
    for name in posters.skipped:
        if key(name) in seen:
            out.append(f"# NOT LISTED: {comment(name)!r} folds to the same name as {comment(seen[key(name)])!r} "
                       "(one account, or two? a game file cannot hold both)")
        else:
            out.append(f"# NOT LISTED: {comment(name)!r} has no letters or digits a nick could be matched by")
    listed_keys = {key(n) for n in listed}
    for nick in posters.roster:
        p = posters.first_post[nick]
        posts_word = "post" if counts[nick] == 1 else "posts"
        note = ""
        if listed and key(nick) not in listed_keys:
            note = f" (not in the GM's list in post {list_post.post_no}: a spectator or a replacement?)"
        elif counts[nick] == 1:
            note = " (only one post: a player, or a spectator?)"
        out += ["", "[[players]]",
                f"nick = {toml_str(nick)}  # {counts[nick]} {posts_word}, first: post {p.post_no}{note}"]
    never_posted = [n for n in dict.fromkeys(listed) if key(n) not in seen and key(n) != gm_key]
    if never_posted:
        out += ["", f"# CHECK: named in the GM's list in post {list_post.post_no} but never posted here;",
                "# uncomment the ones who play (the spelling is the GM's):"]
        for name in never_posted:
            out += ["# [[players]]", f"# nick = {toml_str(comment(name))}"]
    if not posters.roster:
        out += NO_PLAYERS
    return out


# Nobody but the GM posted: the draft lists no one, and a game file without players is refused.
NO_PLAYERS = ["", "# FILL IN: no player is listed (nobody but the GM posted here under a name that can be",
              "# listed), and a game file without players is refused; add a table for each player:",
              "# [[players]]", "# nick = \"…\""]


def no_day_lines(posts: list[Post], tz: ZoneInfo) -> list[str]:
    """No day was found: a commented [[days]] table to fill in."""
    opens = posts[0].time.astimezone(tz) if posts else datetime(2026, 11, 28, 20, tzinfo=tz)
    deadline, why = _placeholder(posts, None, tz, opens=opens)
    why = why.replace("the day's last post", "the thread's last post")
    return ["# Days: no GM post announcing a day was found (\"День 1\", \"Day 1\", \"Наступает день\").",
            "# FILL IN one [[days]] table per day; without any, every post counts as day 1:",
            "# [[days]]", "# number = 1", f"# opens = {_time(opens)}",
            f"# deadline = {deadline}  # {why}", "# dead = []"]


def day_lines(days: list, i: int, *, posts: list[Post], tz: ZoneInfo, gm_key: str,
               roster: list[str]) -> list[str]:
    """Day `i`'s [[days]] table: its opening post, the deadline read (or a placeholder to fill
    in), its notes, and whom the GM's posts since the day before name (likely the dead)."""
    d = days[i]
    out = [f"# Day {d.number}: opened by the GM's post {d.post.post_no}: «{_excerpt(d.marker)}»",
           "[[days]]", f"number = {d.number}",
           f"opens = {_time(d.opens)}  # CHECK: the time of post {d.post.post_no}"]
    if d.deadline is not None:
        out.append(f"deadline = {_time(d.deadline)}  # CHECK: read from '{d.deadline_text}' in post {d.post.post_no}")
    else:
        closed = (f"; the GM closed the day in post {d.closed_by.post_no} at "
                  f"{_time(d.closed_by.time.astimezone(tz))}, so it was before that") if d.closed_by else ""
        nxt = days[i + 1] if i + 1 < len(days) else None
        guess, why = _placeholder(posts, nxt and nxt.post.post_no, tz, opens=d.opens, closes=nxt and nxt.opens)
        out.append(f"# deadline = {guess}  # FILL IN: no deadline found in post {d.post.post_no}; "
                   f"a guess {why}{closed}" if guess else
                   f"# deadline: FILL IN: no deadline found in post {d.post.post_no}, and {why}{closed}")
    for note in d.notes:
        out.append(f"# {comment(note)}")
    hint = ""
    if i:  # who the GM's posts since the previous day's opening name: likely the dead
        since = [p for p in posts if key(p.author) == gm_key
                 and days[i - 1].post.post_no < p.post_no <= d.post.post_no]
        names = named(since, roster)
        if names:
            hint = f"; the GM's posts since day {d.number - 1} opened name: {comment(', '.join(names))}"
    out += [f"dead = []  # FILL IN: who was out before this day (killed, lynched, modkilled){hint}", ""]
    return out


def draft(thread: Thread, tz_name: str = DEFAULT_TZ, zone_why: str | None = None,
          lang: str | None = None) -> str:
    """The game file drafted from a thread, as TOML text with comments for the GM. `zone_why`
    says where the zone came from (the page's footer, --tz, the default); `lang` is the
    thread's language, written as the game's `lang` (none: the line is left out)."""
    tz = ZoneInfo(tz_name)
    posts = list(thread.posts)
    gm = posts[0].author if posts else ""
    gm_key = key(gm)
    posters = posters_of(posts, gm_key)
    days = find_days(posts, gm_key, tz)
    _consistent(days)
    rules, why = guess_rules(posts, gm_key, set(posters.seen))
    list_post, listed = listed_players(posts, gm_key, days[0].post if days else None)
    out = game_lines(thread, rules=rules, why=why, tz_name=tz_name, zone_why=zone_why, gm=gm, lang=lang)
    out += player_lines(posters, list_post, listed, gm_key)
    out.append("")
    if not days:
        out += no_day_lines(posts, tz)
    for i, d in enumerate(days):
        out += day_lines(days, i, posts=posts, tz=tz, gm_key=gm_key, roster=posters.roster)
    return "\n".join(out).rstrip("\n") + "\n"
