"""Help and usage: `votecount help`, `-h` and `--help` on every command; every option has help
text that agrees with the README; usage errors are one line."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from conftest import ROOT
from votecount.cli.commands import app
from votecount.count.rules import PRESETS

COMMANDS = ["count", "posts", "init", "activity", "fetch", "batch", "watch"]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def run(*args):
    result = CliRunner().invoke(app, list(args), env={"COLUMNS": "100", "NO_COLOR": "1"},
                                prog_name="votecount")
    return result.exit_code, result.stdout, result.stderr


def test_help_command_and_h_at_the_top():
    for args in (["help"], ["-h"], ["--help"]):
        code, out, _ = run(*args)
        assert code == 0 and out.startswith("Usage: votecount"), args
        for command in COMMANDS + ["help"]:
            assert re.search(rf"^\s+{command}\s", out, re.M), (args, command)


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_has_h_help_and_help_command(command):
    outputs = [run(command, "-h"), run(command, "--help"), run("help", command)]
    assert all(code == 0 for code, _, _ in outputs)
    assert outputs[0][1] == outputs[1][1] == outputs[2][1]
    assert outputs[0][1].startswith(f"Usage: votecount {command}")


def test_help_for_an_unknown_command_is_one_line():
    code, out, err = run("help", "cuont")
    assert code == 2 and out == "" and err.startswith("votecount: ") and len(err.splitlines()) == 1
    assert "count" in err


def _options(help_text: str, shorts: dict | None = None) -> dict[str, str]:
    """Option → its help text, from the Options section of --help (`shorts`: long → short)."""
    options, current = {}, None
    section = help_text.split("Options:", 1)[1]
    for line in section.splitlines():
        m = re.match(r"^  (-\w, )?(--[\w-]+)(?: \S+)?(?:\s{2,}(.*))?$", line)
        if m:
            current = m[2]
            if shorts is not None and m[1]:
                shorts[current] = m[1].strip(", ")
            options[current] = (m[3] or "").strip()
        elif current and line.startswith(" " * 10):
            options[current] = (options[current] + " " + line.strip()).strip()
    return options


@pytest.mark.parametrize("command", COMMANDS)
def test_every_option_has_help_text_and_no_misleading_default(command):
    options = _options(run(command, "--help")[1])
    assert options
    for option, text in options.items():
        assert text and not text.startswith("["), f"{command} {option}: no help text"
        assert "[default: 0]" not in text, f"{command} {option}: {text}"


def test_count_help_names_every_preset_urls_and_time_forms():
    out = run("count", "--help")[1]
    flat = " ".join(out.split())
    for preset in PRESETS:
        assert preset in flat
    assert "http(s)" in flat and "2026-11-29T20:00" in flat and "HH:MM" in flat


@pytest.mark.parametrize("command", COMMANDS)
def test_readme_names_every_option_of_every_command(command):
    """Each option --help lists is documented in the README (by its long or short name)."""
    shorts: dict[str, str] = {}
    for option in _options(run(command, "--help")[1], shorts):
        if option == "--help":
            continue
        names = [option] + ([shorts[option]] if option in shorts else [])
        assert any(re.search(rf"{re.escape(n)}\b", README) for n in names), \
            f"{command} {option} is not in the README"


@pytest.mark.parametrize("args,needle", [
    (["count", "--day", "x", "examples/zarechnaya"], "--day"),
    (["--bogus"], "--bogus"),
    (["posts"], "THREAD"),
    (["batch", "examples"], "--output"),
    (["count", "examples/zarechnaya", "--format", "pdf"], "--format"),
])
def test_usage_errors_are_one_line(args, needle):
    code, out, err = run(*args)
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1 and err.startswith("votecount: ") and needle in err, err
    assert "--help" in err  # where to look next
