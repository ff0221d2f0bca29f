"""Reading ballots: a post → what its author voted for. reading.py reads free text (colours,
flags, withdrawals, passes, runoff ballots), bold.py the bold-vote style; flagwords.py finds
the flag words; names.py matches a written nick to the roster (exact, alias, fuzzy, each
decision explained), with nickscan.py finding where nicks may start.

May import: votecount.engines (kit: a body's colour runs), votecount.model,
votecount.messages, votecount.errors."""
