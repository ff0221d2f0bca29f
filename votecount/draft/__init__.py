"""`votecount init`: a game file drafted from a thread, every guess with a comment for the GM.
guess.py guesses (days, deadlines, players, rules), text.py writes the TOML (`draft`), in the
zone and language the saved pages state (read/zone.py).

May import: votecount.read, votecount.engines, votecount.ballots, votecount.model,
votecount.errors."""
