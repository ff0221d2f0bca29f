"""The house rules (RULES.md H.*) that judge a change of ballot while the day runs, called by
tally.DayCount.choose and .withdraw before PC.1's whole-day limit: a final ballot is locked
(H.7), a change or a withdrawal must say so (H.5), changes are limited by the time of day
(H.6), a pass by the game (H.8). A refused ballot uses up nothing: the earlier counted one
stands. Also the day's end of H.8 (the passes a final day used)."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, time

from ..ballots.house import carries
from .checks import edited_by
from .counting import CHOICES, Counting
from ..messages import say
from ..model import Ballot


def final_word(b: Ballot | None, words: tuple[str, ...]) -> str | None:
    """H.7: the final word that the post of a counted vote or pass carries, else None."""
    if b is None or b.kind not in CHOICES or not words:
        return None
    return carries(b.post, words)


def locked_final(c: Counting, b: Ballot, prev: Ballot | None) -> bool:
    """H.7: a ballot whose post carries one of `final_words` cannot be changed or withdrawn."""
    word = final_word(prev, c.rules.final_words)
    if word is None:
        return False
    c.reject(b, "final_vote_changed", "H.7", no=prev.post.post_no, word=word)
    return True


def unannounced(c: Counting, b: Ballot, prev: Ballot | None, *, withdrawal: bool) -> bool:
    """H.5: once a voter has a counted ballot, a change counts only with one of `change_words`,
    a withdrawal only with one of `withdraw_words`; a voter with none votes without a phrase."""
    words = c.rules.withdraw_words if withdrawal else c.rules.change_words
    if not words or prev is None or prev.kind not in CHOICES or carries(b.post, words):
        return False
    code = "withdraw_without_phrase" if withdrawal else None
    c.reject(b, "change_without_phrase", "H.5", code, words="», «".join(words) if c.lang == "ru"
             else "', '".join(words))
    return True


def window_start(c: Counting, start: str) -> datetime | None:
    """H.6: the clock time `start` ("20:00") in the game's zone on the deadline's date."""
    deadline = c.view.deadline
    if deadline is None:
        return None
    tz = c.ctx.game.tz
    hh, mm = (int(x) for x in start.split(":"))
    return datetime.combine(deadline.astimezone(tz).date(), time(hh, mm), tzinfo=tz)


def over_window(c: Counting, b: Ballot, changes: list[datetime]) -> bool:
    """H.6: a change at or after a window's start when `limit` changes were made in it already
    (windows overlap: a change counts in every window it falls in)."""
    for window in c.rules.change_limits:
        start = window_start(c, window["from"])
        if start is None or b.post.time < start:
            continue
        made = sum(1 for t in changes if t >= start)
        if made >= window["limit"]:
            c.reject(b, "change_limit", "H.6", "change_window", start=window["from"], limit=window["limit"])
            return True
    return False


def over_pass_limit(c: Counting, b: Ballot, passes: dict[str, list[int]]) -> bool:
    """H.8: a pass on more days of the game than `pass_limit_per_game` is ignored. Only final
    days use a pass up (note_passes): an interim day's pass is no limit yet."""
    limit, used = c.rules.pass_limit_per_game, passes.get(b.voter, [])
    if b.kind != "pass" or not limit or len(used) < limit:
        return False
    c.reject(b, "pass_limit", "H.8", used=len(used), limit=limit, days=", ".join(map(str, used)))
    return True


def refused(c: Counting, b: Ballot, prev: Ballot | None, *, changes: list[datetime],
            passes: dict[str, list[int]]) -> bool:
    """A new vote or pass under H.7, H.8, H.5, then (when it is a change) H.6; True: refused."""
    if locked_final(c, b, prev) or over_pass_limit(c, b, passes):
        return True
    if unannounced(c, b, prev, withdrawal=False):
        return True
    is_change = prev is not None and prev.kind in CHOICES
    return is_change and bool(c.rules.change_limits) and over_window(c, b, changes)


def story_final(c: Counting, b: Ballot) -> None:
    """H.7: the --explain line of a ballot that locks itself."""
    word = final_word(b, c.rules.final_words)
    if word is not None:
        b.story.append("H.7: " + say("story.final", c.lang, word=word))


def note_passes(c: Counting, counted: dict[str, Ballot], passes: dict[str, list[int]]) -> None:
    """H.8: a final day's counted passes use up the players' passes of the game."""
    if c.rules.pass_limit_per_game:
        for voter, b in counted.items():
            if b.kind == "pass":
                passes.setdefault(voter, []).append(c.view.number)


def settle_edits(ballots: list[Ballot], current: dict[str, Ballot], *, final: bool, lang: str,
                 deadline: datetime | None = None) -> None:
    """H.4: an edited post is a missed vote only when it holds the voter's last ballot of a day
    that is over; one a later clean ballot replaced, or one in an interim count (the voter may
    still vote), is only ignored."""
    for b in ballots:
        for i, v in enumerate(b.violations):
            if v.rule == "H.4" and v.effect == "missed" and (not final or current.get(b.voter) is not b):
                by = edited_by(b.post, lang=lang, deadline=deadline)
                b.violations[i] = replace(v, effect="ignored", message=say("edited_vote_ignored", lang, by=by))
