"""The catastrophe (PC.5-PC.8, PC.13): a runoff among tied leaders, counted from the posts
between the day's deadline and its runoff deadline. Pure: it returns its own outcome and its
ballots (their violations with them) and changes nothing of the day's count; what it asks of
the day is the `Counting` protocol (counting.py), so runoff and tally do not import each other."""

from __future__ import annotations

from dataclasses import replace

from ..ballots.reading import BALLOT_KINDS
from ..messages import collate, say
from ..model import Ballot, Outcome, Post, Runoff, TallyRow, Vote
from .counting import Counting
from .dayend import eliminate


def count_runoff(dc: Counting, leaders: list[str], posts: list[Post]) -> tuple[Outcome, Runoff | None]:
    """The runoff of a day whose leaders tied (PC.5): the mode (PC.6-PC.8), the runoff ballots
    between the deadline and the runoff deadline (one post each), ballots left in advance
    (PC.13), and the result once the runoff deadline has passed."""
    rules, lang, view = dc.rules, dc.lang, dc.view
    n_alive = len(view.alive)
    if rules.runoff_skip_alive and n_alive == rules.runoff_skip_alive:  # PC.8
        return Outcome("no_lynch", note=say("catastrophe_skip", lang, names=", ".join(leaders),
                                            alive=n_alive), extra={"candidates": leaders}), None
    if rules.runoff_mode == "pick_one" or len(leaders) > rules.max_eliminated:
        mode = "pick_one"  # PC.6 odd, PC.7 three or more tied
    else:
        mode = "hang_all" if n_alive % 2 == 0 else "pick_one"
    voters = [v for v in view.voters if v not in leaders]
    current, ballots, spoke = _ballots(dc, leaders, posts, mode=mode, voters=voters)
    if mode == "hang_all":
        ballots += _in_advance(dc, voters, current, spoke)
    rows = _rows(current)
    # "Now" unknown: final, as a day is (the count warns); known and before the deadline: interim
    end = view.day.runoff_deadline
    counted = end is not None and (dc.now is None or dc.now >= end)
    ro = Runoff(mode, tuple(leaders), end, tuple(rows), tuple(ballots),
                tuple(v for v in voters if v not in current), counted, provisional=end is not None and not counted)
    extra = {"candidates": leaders, "mode": mode}
    if not counted:
        note = say("runoff_due", lang, names=", ".join(leaders), mode=say(f"label.runoff_mode_{mode}", lang))
        return Outcome("runoff", note=note, extra=extra), ro
    return _outcome(dc, leaders, rows, mode), ro


def _ballots(dc: Counting, leaders: list[str], posts: list[Post], *, mode: str,
             voters: list[str]) -> tuple[dict[str, Ballot], list[Ballot], set[str]]:
    """PC.5: one post with a ballot per voter, valid or not; PC.6: the ballots of the mode.
    → (voter → counted ballot, every runoff ballot, who posted anything at all)."""
    current: dict[str, Ballot] = {}
    ballots: list[Ballot] = []
    posted: set[str] = set()
    spoke: set[str] = set()
    mode_word = say(f"label.runoff_mode_{mode}", dc.lang)
    for post in posts:
        if dc.ctx.is_gm(post):
            continue
        voter = dc.ctx.voter_of(post)
        if voter is not None:
            spoke.add(voter)
        reading = dc.ctx.read(post)
        if reading.kind not in BALLOT_KINDS or voter in leaders:
            continue  # chatter, or a candidate's one post (their last word)
        b = dc.ballot(post, voter, reading)
        b.story.append(say("story.runoff", dc.lang, names=", ".join(leaders), mode=mode_word))
        if voter is None:
            dc.refuse(b, "not_a_player", "")
        elif voter not in voters:
            dc.refuse(b, "dead_voter" if voter in dc.view.dead else "silenced_voter", "PC.5")
        elif voter in posted:
            dc.refuse(b, "change_limit", "PC.5", "runoff_once")
        elif _take(dc, b, leaders, mode):
            current[voter] = b
        if voter is not None:
            posted.add(voter)
        ballots.append(b)
    return current, ballots, spoke


def _take(dc: Counting, b: Ballot, leaders: list[str], mode: str) -> bool:
    """PC.6: hang all / pardon all with an even number alive, else a vote among the tied."""
    reading = b.reading
    if mode == "hang_all" and reading.kind == "runoff":
        b.kind, b.target, b.colour = "runoff", reading.runoff, "none"
    elif (mode == "pick_one" and reading.kind == "vote" and reading.match is not None
          and reading.match.player in leaders):
        b.kind, b.target, b.colour = "runoff", reading.match.player, "red"
    else:
        b.kind = "invalid"
        dc.refuse(b, "not_a_candidate", "PC.6", f"runoff_{mode}", names=", ".join(leaders))
        return False
    b.story.append(say("story.runoff_counted", dc.lang))
    return True


def _in_advance(dc: Counting, voters: list[str], current: dict[str, Ballot], spoke: set[str]) -> list[Ballot]:
    """PC.13: a ballot left in advance counts if the voter posts nothing in the runoff."""
    out = []
    for v in voters:
        early = dc.conditional.get(v)
        if v not in spoke and early is not None:
            b = Ballot(v, "runoff", early.post, early.reading, target=early.reading.conditional, colour="none")
            b.story.append(say("story.advance_counts", dc.lang, no=early.post.post_no))
            current[v] = b
            out.append(b)
    return out


def _rows(current: dict[str, Ballot]) -> list[TallyRow]:
    """The runoff's tally: one vote each, whatever the role (the README's choice)."""
    acc: dict[str, list[Vote]] = {}
    for v, b in current.items():
        acc.setdefault(b.target, []).append(Vote(v, b.colour, 1.0, b.post.post_id, b.post.time))
    return sorted((TallyRow(c, float(len(vs)), float(len(vs)), 0.0, 0.0,
                            tuple(sorted(vs, key=lambda x: (x.time, collate(x.voter)))))
                   for c, vs in acc.items()), key=lambda r: (-r.score, collate(r.candidate)))


def _outcome(dc: Counting, leaders: list[str], rows: list[TallyRow], mode: str) -> Outcome:
    """PC.6: hang all when more hang than pardon (a tie pardons); else the vote among them."""
    rules, lang, view = dc.rules, dc.lang, dc.view
    extra = {"candidates": leaders, "mode": mode}
    if mode == "hang_all":
        hang = sum(len(r.votes) for r in rows if r.candidate == "hang_all")
        pardon = sum(len(r.votes) for r in rows if r.candidate == "pardon_all")
        if hang > pardon:
            o = eliminate(view, lang, leaders[:rules.max_eliminated], "runoff_hang")
            return replace(o, extra={**o.extra, **extra})
        return Outcome("pardon", note=say("runoff_pardon", lang, hang=hang, pardon=pardon), extra=extra)
    if not rows:
        return Outcome("no_lynch", note=say("no_lynch", lang), extra=extra)
    top = [r.candidate for r in rows if r.score == rows[0].score]
    if len(top) > 1:
        return Outcome("tie", note=say("runoff_tie", lang, names=", ".join(top)), extra=extra)
    o = eliminate(view, lang, top)
    return replace(o, extra={**o.extra, **extra})
