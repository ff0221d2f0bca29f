"""The `votecount` command's entry point. `votecount --version` is answered here, before the
command line's modules are imported (typer and click: 0.05-0.09 s, most of the command's
start-up; bench/README.md); every other command line goes to cli.main."""

from __future__ import annotations

import sys


def main() -> None:
    if sys.argv[1:] == ["--version"]:
        from . import __version__

        sys.stdout.write(f"votecount {__version__}\n")  # what cli's --version option prints
        return
    from .cli.commands import main as cli_main

    cli_main()
