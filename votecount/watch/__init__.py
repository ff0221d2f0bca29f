"""`votecount watch`: a live count for the GM during the day. Each round re-reads the thread
(a URL: only the last page, conditionally, and any new pages; a folder: when its files change),
counts it as of now, and says what changed since the last count and what needs the GM at
once (L-1, the hammer, the deadline, an edited ballot). loop.py runs the rounds and keeps the
state in the pages folder's manifest; changes.py compares two counts. Nothing here prints or
writes the reports: the command (cli/watch.py) does, each time a round says the count changed.

May import: votecount.api, votecount.render, votecount.messages, votecount.errors,
votecount.model.
"""
