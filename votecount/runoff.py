"""The catastrophe (PC.5-PC.8, PC.13): a runoff among tied leaders, counted from the posts
between the day's deadline and its runoff deadline. Pure, like the tally that calls it."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from .ballots import BALLOT_KINDS
from .messages import collate, say
from .model import Ballot, Outcome, Post, Runoff, TallyRow, Vote

if TYPE_CHECKING:
    from .tally import DayCount


def count_runoff(dc: DayCount, leaders: list[str], posts: list[Post]) -> tuple[Outcome, Runoff | None]:
    """The runoff of a day whose leaders tied (PC.5): the mode (PC.6-PC.8), the runoff ballots
    between the deadline and the runoff deadline (one post each), ballots left in advance
    (PC.13), and the result once the runoff deadline has passed."""
    rules, lang, day = dc.rules, dc.lang, dc.day
    n_alive = len(dc.alive)
    if rules.runoff_skip_alive and n_alive == rules.runoff_skip_alive:  # PC.8
        return Outcome("no_lynch", note=say("catastrophe_skip", lang, names=", ".join(leaders),
                                            alive=n_alive), extra={"candidates": leaders}), None
    if rules.runoff_mode == "pick_one" or len(leaders) > rules.max_eliminated:
        mode = "pick_one"  # PC.6 odd, PC.7 three or more tied
    else:
        mode = "hang_all" if n_alive % 2 == 0 else "pick_one"
    voters = [v for v in dc.voters if v not in leaders]
    current: dict[str, Ballot] = {}
    ballots: list[Ballot] = []
    posted: set[str] = set()  # PC.5: strictly one post with a ballot, valid or not
    spoke: set[str] = set()  # PC.13: posted anything at all in the runoff
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
        b.story.append(f"PC.5: runoff between {', '.join(leaders)} ({mode})")
        if voter is None:
            dc.refuse(b, "not_a_player", "")
        elif voter not in voters:
            dc.refuse(b, "dead_voter" if voter in dc.dead else "silenced_voter", "PC.5")
        elif voter in posted:
            dc.refuse(b, "change_limit", "PC.5", "runoff_once")
        elif mode == "hang_all" and reading.kind == "runoff":
            b.kind, b.target, b.colour = "runoff", reading.runoff, "none"
            current[voter] = b
        elif (mode == "pick_one" and reading.kind == "vote" and reading.match is not None
              and reading.match.player in leaders):
            b.kind, b.target, b.colour = "runoff", reading.match.player, "red"
            current[voter] = b
        else:
            b.kind = "invalid"
            dc.refuse(b, "not_a_candidate", "PC.6", f"runoff_{mode}", names=", ".join(leaders))
        if b.status == "counted":
            b.story.append("PC.5: counted in the runoff")
        if voter is not None:
            posted.add(voter)
        ballots.append(b)
    if mode == "hang_all":  # PC.13: ballots left in advance count if the voter posts nothing there
        for v in voters:
            early = dc.conditional.get(v)
            if v not in spoke and early is not None:
                b = Ballot(v, "runoff", early.post, early.reading, target=early.reading.conditional,
                           colour="none")
                b.story.append(f"PC.13: the ballot left in advance in post {early.post.post_no} counts")
                current[v] = b
                ballots.append(b)
    missing = [v for v in voters if v not in current]
    acc: dict[str, list[Vote]] = {}
    for v, b in current.items():
        acc.setdefault(b.target, []).append(Vote(v, b.colour, 1.0, b.post.post_id, b.post.time))
    rows = sorted((TallyRow(c, float(len(vs)), float(len(vs)), 0.0, 0.0,
                            tuple(sorted(vs, key=lambda x: (x.time, collate(x.voter)))))
                   for c, vs in acc.items()), key=lambda r: (-r.score, collate(r.candidate)))
    # "Now" unknown: final, as a day is (the count warns); known and before the deadline: interim
    end = day.runoff_deadline
    counted = end is not None and (dc.now is None or dc.now >= end)
    ro = Runoff(mode, tuple(leaders), end, tuple(rows), tuple(ballots),
                tuple(missing), counted, provisional=end is not None and not counted)
    if not counted:
        return Outcome("runoff", note=say("runoff_due", lang, names=", ".join(leaders),
                                          mode=say(f"mode_{mode}", lang)),
                       extra={"candidates": leaders, "mode": mode}), ro
    extra = {"candidates": leaders, "mode": mode}
    if mode == "hang_all":
        hang = sum(len(r.votes) for r in rows if r.candidate == "hang_all")
        pardon = sum(len(r.votes) for r in rows if r.candidate == "pardon_all")
        if hang > pardon:
            o = dc.eliminate(leaders[:rules.max_eliminated], "runoff_hang")
            return replace(o, extra={**o.extra, **extra}), ro
        return Outcome("pardon", note=say("runoff_pardon", lang, hang=hang, pardon=pardon),
                       extra=extra), ro
    if not rows:
        return Outcome("no_lynch", note=say("no_lynch", lang), extra=extra), ro
    top = [r.candidate for r in rows if r.score == rows[0].score]
    if len(top) > 1:
        return Outcome("tie", note=say("runoff_tie", lang, names=", ".join(top)), extra=extra), ro
    o = dc.eliminate(top)
    return replace(o, extra={**o.extra, **extra}), ro
