"""`votecount init`: a game file drafted from a thread, every guess with a comment for the GM.
guess.py guesses (days, deadlines, players, rules), text.py writes the TOML (`draft`), in the
zone and language the saved pages state (read/zone.py), its comments in that language.

May import: votecount.read, votecount.engines, votecount.ballots, votecount.model,
votecount.messages (the comments, in the draft's language), votecount.errors."""
