"""Counting: the rules as data (rules.py, presets/*.toml), the game file (game.py,
game_reader.py), each day's view and windows (dayview.py, days.py), and the count itself:
tally.py replays the day's posts, each through the checks (checks.py) and closers
(closing.py), ends the day (dayend.py) and any runoff (runoff.py), reading the day through one
Protocol (counting.py). context.py holds what a count needs of the game; readahead.py reads
ballots in worker processes first; activity.py counts posts per player per day (C3.14).

Pure: no I/O but reading the game file, no clock, no printing.

May import: votecount.ballots, votecount.model, votecount.messages, votecount.errors,
votecount.parallel."""
