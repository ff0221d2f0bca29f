"""Every command the README's examples and `votecount --help` show gives what they say it gives
(issue 28: the form `votecount --help` shows printed a final count, with penalties, of a day that
had no deadline). The examples are read from the README and the help text themselves, so a new
example is run without anyone adding it here; `thread.html` and `game.toml` in them stand for the
bundled example thread and its game file."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys

import pytest

from conftest import ROOT

EXAMPLE = ROOT / "examples" / "zarechnaya"
STANDS_FOR = {"thread.html": str(EXAMPLE), "game.toml": str(EXAMPLE / "game.toml")}
INTERIM = "Промежуточный подсчёт"


def _run(args: list[str], cwd=ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "votecount.cli", *args], capture_output=True,
                          text=True, cwd=cwd, timeout=120)


def _readme_examples() -> list[tuple[str, str]]:
    """(the command, the comment after it) of each README shell line that runs votecount on
    something bundled (examples/, ../shared/) or on thread.html; usage lines ("THREAD…",
    "[--game …]"), lines cut by a backslash, and lines on a forum's address (never asked from a
    test: the fetch is tested on 127.0.0.1, tests/test_fetch.py) or on folders of the reader's
    own (pages/, day1/) are not examples to run."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    found = []
    for block in re.findall(r"```sh\n(.*?)```", text, re.S):
        for line in block.splitlines():
            command, _, comment = line.partition("#")
            command = command.split("&&")[-1].strip()
            if (command.startswith("votecount ") and not command.endswith("\\")
                    and not re.search(r"[\[…]|THREAD|PATH|URL|OUT\b|://", command)
                    and re.search(r"examples/|\.\./shared/|thread\.html", command)):
                found.append((command, comment.strip().strip('"')))
    return found


def _argv(command: str) -> list[str]:
    """The command's arguments, with the bundled paths made absolute (it runs in a folder of
    its own, where an -o it names is written)."""
    words = [STANDS_FOR.get(word, word) for word in shlex.split(command)[1:]]
    return [str(ROOT / w) if not w.startswith("-") and (ROOT / w).exists() else w for w in words]


def test_the_readme_has_examples_to_run():
    commands = [c for c, _ in _readme_examples()]
    assert any("--at 14:00" in c for c in commands) and any("examples/zarechnaya" in c for c in commands)


@pytest.mark.parametrize("command,says", _readme_examples(), ids=lambda v: v if isinstance(v, str) else "")
def test_a_readme_example_gives_what_it_says(command, says, tmp_path):
    argv = _argv(command)
    if "thread.html" in command and "--game" not in argv:
        argv += ["--game", STANDS_FOR["game.toml"]]  # the GM's own game file, as the section says
    done = _run(argv, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    if "--at" in argv:  # "Промежуточный подсчёт на 14:00 (до конца дня 6 ч)"
        assert says and says in done.stdout
    elif "bbcode" in argv:  # after the deadline: the final count, to paste into the thread
        assert INTERIM not in done.stdout and done.stdout.startswith("[b]")
    if "-o" in argv:  # written where it says, whole
        assert (tmp_path / argv[argv.index("-o") + 1]).stat().st_size > 0
    else:
        assert done.stdout.strip()


def _help_examples() -> list[str]:
    text = _run(["--help"]).stdout
    return [m.group(0) for m in re.finditer(r"votecount thread\.html[^\n]*", text)]


def test_the_help_shows_an_example():
    assert _help_examples()


@pytest.mark.parametrize("command", _help_examples())
def test_the_help_example_without_a_game_file_is_never_a_final_count(command, tmp_path):
    """As the help shows it, without a game file or --deadline: an interim count that says why,
    with no missed-vote penalty — the pages do not decide the day."""
    done = _run(_argv(command), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert INTERIM in done.stdout and "дедлайн не задан" in done.stdout
    assert "штраф" not in done.stdout.split("\n", 3)[-1]  # no penalty column or line after the heading


@pytest.mark.parametrize("command", ["count", "posts", "init", "activity", "fetch", "batch", "help", "watch"])
def test_every_command_has_its_help(command):
    done = _run([command, "--help"])
    assert done.returncode == 0 and done.stdout.startswith("Usage: ")
