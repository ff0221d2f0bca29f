"""`python -m votecount`: the `votecount` command."""

from .start import main

main()
