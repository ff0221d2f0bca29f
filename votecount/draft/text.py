"""The text of a drafted game file, section by section: the heading and [game], the
[[players]] tables, the [[days]] tables (`draft`, at the end, puts them together)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from ..messages import say
from ..model import DEFAULT_TZ
from .guess import (_consistent, _excerpt, _time, comment, find_days, guess_rules, listed_players,
                    mid_thread, named, toml_str)
from ..model import Post, Thread
from ..ballots.names import key
from .house import house_lines


def _placeholder(posts: list[Post], until: int | None, tz: ZoneInfo, *, opens: datetime | None = None,
                 closes: datetime | None = None, lang: str | None = None) -> tuple[str | None, str]:
    """A deadline to fill in and how it was guessed: 20:00 in the game's zone on the day of the
    last post before post `until` (the next day's opening; None: the thread's last post); the
    first 20:00 after `opens` when that is earlier (a deadline comes after its day opens), and
    `closes` (the next day's opening) when that is earlier still, so that uncommented it loads.
    None when no moment fits: the next day opens as early as this one. The how in `lang`."""
    if opens is not None and closes is not None and closes <= opens:
        return None, say("draft.fits_none", lang)
    before = [p for p in posts if until is None or p.post_no < until]
    day = before[-1].time.astimezone(tz) if before else datetime(2026, 11, 29, tzinfo=tz)
    guess, why = day.replace(hour=20, minute=0, second=0, microsecond=0), say("draft.why_day_last", lang)
    if opens is not None and guess <= opens:
        local = opens.astimezone(tz)
        guess = local.replace(hour=20, minute=0, second=0, microsecond=0)
        guess = guess if guess > local else (local + timedelta(days=1)).replace(
            hour=20, minute=0, second=0, microsecond=0)
        why = say("draft.why_first_20", lang)
    if closes is not None and guess > closes:
        guess, why = closes.astimezone(tz), say("draft.why_next_opening", lang)
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
    pages = say("draft.pages_one" if thread.pages == 1 else "draft.pages_many", lang, n=thread.pages)
    warning = mid_thread(list(posts), lang)
    return [*say("draft.head", lang, source=comment(thread.source), engine=thread.engine, pages=pages,
                 posts=len(posts)).split("\n"),
            *([say("draft.warning", lang, warning=warning)] if warning else []),
            "", "[game]",
            f"title = {toml_str(thread.title)}",
            f"rules = {toml_str(rules)}" + say("draft.rules", lang, why=comment(why)),
            f"timezone = {toml_str(tz_name)}"
            + say("draft.timezone", lang, why=comment(zone_why or say("draft.zone_written", lang))),
            *([f"lang = {toml_str(lang)}" + say("draft.lang", lang)] if lang else []),
            f"gm = [{toml_str(gm)}]" + say("draft.gm_mid" if warning else "draft.gm_first", lang), ""]


def player_lines(posters: Posters, list_post: Post | None, listed: list[str], gm_key: str, *,
                 lang: str | None = None) -> list[str]:
    """A [[players]] table per poster, noting who is not in the GM's list or posted once; the
    names skipped; the GM's listed players who never posted, commented out."""
    seen, counts = posters.seen, posters.counts
    out = say("draft.players", lang, n=len(posters.roster)).split("\n")
    for name in posters.skipped:
        if key(name) in seen:
            out.append(say("draft.skipped_fold", lang, name=repr(comment(name)),
                           other=repr(comment(seen[key(name)]))))
        else:
            out.append(say("draft.skipped_empty", lang, name=repr(comment(name))))
    listed_keys = {key(n) for n in listed}
    for nick in posters.roster:
        note = ""
        if listed and key(nick) not in listed_keys:
            note = say("draft.not_in_list", lang, no=list_post.post_no)
        elif counts[nick] == 1:
            note = say("draft.one_post", lang)
        posts = say("draft.posts_one" if counts[nick] == 1 else "draft.posts_many", lang, n=counts[nick])
        out += ["", "[[players]]", f"nick = {toml_str(nick)}" + say(
            "draft.nick", lang, posts=posts, no=posters.first_post[nick].post_no, note=note)]
    never_posted = [n for n in dict.fromkeys(listed) if key(n) not in seen and key(n) != gm_key]
    if never_posted:
        out += ["", *say("draft.never_posted", lang, no=list_post.post_no).split("\n")]
        for name in never_posted:
            out += ["# [[players]]", f"# nick = {toml_str(comment(name))}"]
    if not posters.roster:
        out += no_players(lang)
    return out


def no_players(lang: str | None = None) -> list[str]:
    """Nobody but the GM posted: the draft lists no one, and a game file without players is
    refused; the lines that say so."""
    return ["", *say("draft.no_players", lang).split("\n"), "# [[players]]", "# nick = \"…\""]


def no_day_lines(posts: list[Post], tz: ZoneInfo, lang: str | None = None) -> list[str]:
    """No day was found: a commented [[days]] table to fill in."""
    opens = posts[0].time.astimezone(tz) if posts else datetime(2026, 11, 28, 20, tzinfo=tz)
    deadline, why = _placeholder(posts, None, tz, opens=opens, lang=lang)
    if why == say("draft.why_day_last", lang):
        why = say("draft.why_thread_last", lang)
    return [*say("draft.no_days", lang).split("\n"),
            "# [[days]]", "# number = 1", f"# opens = {_time(opens)}",
            f"# deadline = {deadline}  # {why}", "# dead = []"]


def _no_deadline(days: list, i: int, posts: list[Post], *, tz: ZoneInfo, lang: str | None) -> str:
    """Day `i` has no deadline written: the placeholder line to fill in, and how it was guessed."""
    d = days[i]
    closed = say("draft.closed", lang, no=d.closed_by.post_no,
                 time=_time(d.closed_by.time.astimezone(tz))) if d.closed_by else ""
    nxt = days[i + 1] if i + 1 < len(days) else None
    guess, why = _placeholder(posts, nxt and nxt.post.post_no, tz, opens=d.opens, closes=nxt and nxt.opens,
                              lang=lang)
    if guess:
        return f"# deadline = {guess}" + say("draft.no_deadline", lang, no=d.post.post_no, why=why, closed=closed)
    return say("draft.no_deadline_fits", lang, no=d.post.post_no, why=why, closed=closed)


def day_lines(days: list, i: int, *, posts: list[Post], tz: ZoneInfo, gm_key: str,
               roster: list[str], lang: str | None = None) -> list[str]:
    """Day `i`'s [[days]] table: its opening post, the deadline read (or a placeholder to fill
    in), its notes, and whom the GM's posts since the day before name (likely the dead)."""
    d = days[i]
    out = [say("draft.day", lang, n=d.number, no=d.post.post_no, marker=_excerpt(d.marker)),
           "[[days]]", f"number = {d.number}",
           f"opens = {_time(d.opens)}" + say("draft.opens", lang, no=d.post.post_no)]
    if d.deadline is not None:
        out.append(f"deadline = {_time(d.deadline)}"
                   + say("draft.deadline", lang, text=d.deadline_text, no=d.post.post_no))
    else:
        out.append(_no_deadline(days, i, posts, tz=tz, lang=lang))
    for note in d.notes:
        out.append(f"# {comment(note)}")
    hint = ""
    if i:  # who the GM's posts since the previous day's opening name: likely the dead
        since = [p for p in posts if key(p.author) == gm_key
                 and days[i - 1].post.post_no < p.post_no <= d.post.post_no]
        names = named(since, roster)
        if names:
            hint = say("draft.named", lang, n=d.number - 1, names=comment(", ".join(names)))
    out += ["dead = []" + say("draft.dead", lang, hint=hint), ""]
    return out


def draft(thread: Thread, tz_name: str = DEFAULT_TZ, zone_why: str | None = None,
          lang: str | None = None) -> str:
    """The game file drafted from a thread, as TOML text with comments for the GM. `zone_why`
    says where the zone came from (the page's footer, --tz, the default); `lang` is the
    thread's language, written as the game's `lang` and the language of every comment (none:
    the line is left out, the comments are in English)."""
    tz = ZoneInfo(tz_name)
    posts = list(thread.posts)
    gm = posts[0].author if posts else ""
    gm_key = key(gm)
    posters = posters_of(posts, gm_key)
    days = find_days(posts, gm_key, tz)
    _consistent(days, lang)
    rules, why = guess_rules(posts, gm_key, set(posters.seen), lang=lang)
    list_post, listed = listed_players(posts, gm_key, days[0].post if days else None)
    out = game_lines(thread, rules=rules, why=why, tz_name=tz_name, zone_why=zone_why, gm=gm, lang=lang)
    out += player_lines(posters, list_post, listed, gm_key, lang=lang)
    out.append("")
    if not days:
        out += no_day_lines(posts, tz, lang)
    for i, d in enumerate(days):
        out += day_lines(days, i, posts=posts, tz=tz, gm_key=gm_key, roster=posters.roster, lang=lang)
    out += house_lines(posts, gm_key, preset=rules, lang=lang)  # RULES.md H.*, commented for the GM
    return "\n".join(out).rstrip("\n") + "\n"
