"""A synthetic busy day (issue 29): 2,500 posts of 60 players, a third of them rejected ballots and
most of the rest with a warning, as a DayResult built directly (no page to parse), for the HTML
report's size budget and its look in a browser."""

from datetime import datetime, timedelta, timezone
from votecount.model import Ballot, DayResult, Outcome, Post, Reading, TallyRow, Thread, Violation, Vote
MSK = timezone(timedelta(hours=3))

def busy_day(posts: int = 2500, players: int = 60, rejected_every: int = 3) -> DayResult:
    t0 = datetime(2026, 11, 28, 20, 0, tzinfo=MSK)
    nicks = [f"Игрок{i:02d}" for i in range(players)]
    ballots, violations, last = [], [], {}
    for n in range(posts):
        voter, target = nicks[n % players], nicks[(n * 7 + 3) % players]
        t = t0 + timedelta(seconds=n * 34)
        post = Post(str(1000 + n), n + 2, n // 25 + 1, voter, None, t, target, f"<p>{target}</p>",
                    url=f"https://f.example/viewtopic.php?pid={1000 + n}#p{1000 + n}")
        bad = n % rejected_every == 0
        vs = [Violation("unknown_nick" if bad else "extra_text", voter, "ignored" if bad else "warning",
                        "C3.4" if bad else "C3.1", f"ник «{target}х» не найден среди игроков" if bad else
                        "в посте с голосом есть лишние слова", 1, post.post_id, post.post_no, t)] if n % 3 != 1 or bad else []
        b = Ballot(voter, "invalid" if bad else "vote", post, Reading("vote", target, colour="red"),
                   target=None if bad else target, colour="red", status="rejected" if bad else "counted", violations=vs)
        if not bad:
            if voter in last:
                last[voter].status = "superseded"
            last[voter] = b
        ballots.append(b)
        violations += vs
    rows = {}
    for b in last.values():
        rows.setdefault(b.target, []).append(Vote(b.voter, "red", 1.0, b.post.post_id, b.post.time))
    tally = tuple(sorted((TallyRow(c, float(len(v)), float(len(v)), 0.0, 0.0, tuple(v)) for c, v in rows.items()),
                         key=lambda r: -r.score))
    thread = Thread("Большой день", "mybbru", posts // 25, tuple(b.post for b in ballots), "big/")
    return DayResult(thread=thread, rules="classic", day=1, deadline=t0 + timedelta(days=1), opens=t0, tally=tally,
                     outcome=Outcome("lynch", (tally[0].candidate,), f"казнён(а) {tally[0].candidate}"),
                     ballots=tuple(ballots), missing=(), violations=tuple(violations), roster=tuple(nicks))
