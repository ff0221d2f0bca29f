"""The command line: typer commands (commands.py) that build one request and call the library
(votecount.api), render what it returns (votecount.render) and write it (outputs.py: -o files
written whole, never onto an input). kit.py: what the commands share (the group that makes
`count` the default, the choices, the fetch options declared once, the one-line failure,
Ctrl-C); batch.py: batch's options checked before any thread is counted.

May import: votecount.api, votecount.batch, votecount.render, votecount.errors, votecount
(the version), votecount.watch (`votecount watch`'s rounds, watch.py), votecount.messages."""
