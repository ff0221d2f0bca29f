"""The HTML report in a real browser: headless Chromium loads the example's report from a file
(offline, no network), the test reads the DOM after the page's script ran, checks there were no
console messages, and saves screenshots (light, dark, phone) under the test's temp folder; with
--update-goldens the light one becomes docs/report.png, the README's picture. A synthetic busy
day (2,500 posts, tests/busyday.py) is loaded too, and shot at phone width."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner

from votecount.cli.commands import app

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "zarechnaya"
ARGS = [str(EXAMPLE), "--game", str(EXAMPLE / "game.toml")]
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--hide-scrollbars", "--enable-logging=stderr", "--v=0"]

NO_BROWSER = "chromium is not installed (apt-get install -y chromium; .ci/run installs it)"
if CHROMIUM is None and os.environ.get("VOTECOUNT_REQUIRE_BROWSER"):  # CI: a skip would hide it
    raise RuntimeError(NO_BROWSER)
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason=NO_BROWSER)


def chromium(page: Path, tmp: Path, *extra: str) -> subprocess.CompletedProcess:
    profile = tmp / "profile"
    cmd = [CHROMIUM, *FLAGS, f"--user-data-dir={profile}", *extra, page.as_uri()]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=120)


def console_messages(stderr: str) -> list[str]:
    """What the page wrote to the console, including uncaught errors (Chromium logs them as
    INFO:CONSOLE lines with --enable-logging=stderr); the browser's own noise is not counted."""
    return [line for line in stderr.splitlines() if ":CONSOLE" in line or "Uncaught" in line]


@pytest.fixture(scope="module")
def counted(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("report")
    page = tmp / "report.html"
    result = CliRunner().invoke(app, [*ARGS, "--format", "html", "-o", str(page)])
    assert result.exit_code == 0, result.output
    data = json.loads(CliRunner().invoke(app, [*ARGS, "--format", "json"]).stdout)
    return tmp, page, data


def test_the_console_check_catches_a_broken_page(tmp_path):
    # the check below must be able to fail: a page with a script error is caught
    bad = tmp_path / "bad.html"
    bad.write_text("<!DOCTYPE html><p>x</p><script>noSuchFunction();</script>", encoding="utf-8")
    run = chromium(bad, tmp_path, "--dump-dom")
    assert any("noSuchFunction" in line for line in console_messages(run.stderr)), run.stderr[-2000:]


def test_the_report_in_chromium(counted):
    tmp, page, data = counted
    run = chromium(page, tmp, "--dump-dom")
    assert run.returncode == 0, run.stderr[-2000:]
    assert console_messages(run.stderr) == []
    dom = run.stdout
    assert dom.count('<svg class="timeline"') == 1
    marks = re.findall(r'<(?:a|g) class="mark [^"]*" data-ballot="([^"]+)"[^>]*>', dom)
    assert sorted(marks) == sorted(b["post_id"] for b in data["ballots"])  # one mark per ballot
    # the script ran: every mark's <title> became its tooltip text
    tips = re.findall(r'class="mark[^"]*"[^>]*data-tip="([^"]*)"', dom)
    assert len(tips) == len(marks) and all(tips)
    # a step line for every candidate who had a score at some moment (Вася had one till 15:00)
    ever = {r["candidate"] for r in data["tally"]} | {
        b["target"] for b in data["ballots"] if b["status"] != "rejected" and b["kind"] == "vote"}
    assert set(re.findall(r'<path class="score" data-candidate="([^"]+)"', dom)) == ever
    assert 'data-moment="deadline"' in dom
    late = [b["post_id"] for b in data["ballots"] if "late_vote" in b["violations"]]
    assert late and all(re.search(rf'class="mark [^"]*late[^"]*" data-ballot="{p}"', dom) for p in late)
    assert data["outcome"]["note"] in dom


@pytest.mark.parametrize("name, extra", [
    ("light.png", ["--window-size=1100,1300"]),
    ("dark.png", ["--window-size=1100,1300", "--blink-settings=preferredColorScheme=0"]),
    ("phone.png", ["--window-size=390,1600"]),
])
def test_screenshots(counted, name, extra, update_goldens):
    tmp, page, _ = counted
    shot = tmp / name
    run = chromium(page, tmp, f"--screenshot={shot}", *extra)
    assert run.returncode == 0, run.stderr[-2000:]
    assert console_messages(run.stderr) == []
    head = shot.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n"
    width = int.from_bytes(head[16:20], "big")
    assert width == int(extra[0].split("=")[1].split(",")[0])
    if name == "light.png" and update_goldens:  # the README's picture is the current report
        shutil.copyfile(shot, ROOT / "docs" / "report.png")


def test_on_a_phone_the_penalty_is_in_the_voters_cell(counted):
    """The penalty column is a detail a phone hides; "штраф +2" is said beside the voters too."""
    tmp, page, data = counted
    dom = chromium(page, tmp, "--window-size=390,1600", "--dump-dom").stdout
    penalised = [r for r in data["tally"] if r["penalty"]]
    assert penalised
    for row in penalised:
        cells = re.search(rf"<td><strong>{re.escape(row['candidate'])}</strong></td>(.*?)</tr>", dom, re.S).group(1)
        voters = re.findall(r"<td>(.*?)</td>", cells, re.S)[-1]  # the last cell, never a .detail one
        assert f'<span class="penalty">штраф +{row["penalty"]:g}</span>' in voters


def test_a_busy_day_stays_light_and_runs_in_chromium(tmp_path):
    """2,500 posts and over 1,600 violations: under 600 KB, violations grouped and collapsed,
    no script error, and a screenshot at phone width."""
    from busyday import busy_day

    from votecount.render import report
    day = busy_day()
    assert len(day.ballots) == 2500 and len(day.violations) > 1600
    text = report("html", [day])
    assert len(text.encode("utf-8")) < 600_000
    assert text.count('<details class="kind">') == 2 and '<ul class="violations">' not in text
    page = tmp_path / "busy.html"
    page.write_text(text, encoding="utf-8")
    run = chromium(page, tmp_path, "--dump-dom")
    assert run.returncode == 0 and console_messages(run.stderr) == []
    shot = tmp_path / "busy.png"
    run = chromium(page, tmp_path, f"--screenshot={shot}", "--window-size=390,1600")
    assert run.returncode == 0 and shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
