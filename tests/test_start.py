"""The entry point (votecount/start.py): --version answered without typer, the same line."""

import subprocess
import sys

from votecount import __version__


def _run(module: str, *args: str):
    code = (f"import sys; sys.argv = ['votecount', *{list(args)!r}]; "
            f"from {module} import main; main(); "
            "print('typer' in sys.modules, file=sys.stderr)")
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)


def test_version_is_answered_without_importing_typer():
    fast, full = _run("votecount.start", "--version"), _run("votecount.cli.commands", "--version")
    assert fast.stdout == f"votecount {__version__}\n"
    assert fast.returncode == 0 and fast.stderr.strip() == "False"
    # cli's --version option leaves through SystemExit(0) before the print: compare its output
    assert full.stdout == fast.stdout


def test_every_other_command_line_goes_to_the_cli():
    done = _run("votecount.start", "--version", "extra")
    assert done.stdout == f"votecount {__version__}\n"  # typer's eager --version, as before
    done = _run("votecount.start", "no-such-file.html")
    assert done.returncode == 2 and "no-such-file.html" in done.stderr
