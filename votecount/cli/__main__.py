"""`python -m votecount.cli`: the command line, as the `votecount` command runs it."""

from .commands import main

main()
