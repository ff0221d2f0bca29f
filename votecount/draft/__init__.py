"""`votecount init`: a game file drafted from a thread, every guess with a comment for the GM.
guess.py guesses (days, deadlines, players, rules), text.py writes the TOML (`draft`), zone.py
picks the zone the saved pages state.

May import: votecount.read, votecount.engines, votecount.ballots, votecount.model,
votecount.errors."""
