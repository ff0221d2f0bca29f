"""A long thread is read by several processes (count --jobs): the count must not change.

The thread is the benchmark's generated mybb.ru thread (bench/mybbru_thread.py, seeded): 12
pages of 50 posts, red and blue votes, edits, quotes. 12 pages and 600 posts are past both
thresholds (pipeline.PARALLEL_FROM_PAGES, readahead.READ_AHEAD_FROM), so --jobs 2 forks workers
for the pages and for the ballots.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from votecount import api, parallel
from votecount.read import pipeline
from votecount.count import readahead
from votecount.cli.commands import app
from threadkit import generator

ROOT = Path(__file__).resolve().parent.parent
runner = CliRunner()



@pytest.fixture(scope="module")
def long_thread(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("long") / "thread"
    posts = generator().write_thread(folder, pages=12, per_page=50)
    assert posts >= readahead.READ_AHEAD_FROM and 12 >= pipeline.PARALLEL_FROM_PAGES
    return folder


def _count(folder: Path, *extra: str):
    return runner.invoke(app, ["count", str(folder), "--game", str(folder / "game.toml"),
                               "--format", "json", *extra])


def test_jobs_give_the_same_count(long_thread):
    one, two = _count(long_thread, "--jobs", "1"), _count(long_thread, "--jobs", "2")
    assert one.exit_code == two.exit_code == 0, one.output + two.output
    assert one.stdout == two.stdout
    day = json.loads(one.stdout)
    assert day["tally"] and day["violations"] and len(day["ballots"]) > 300  # a real count


def test_jobs_give_the_same_thread(long_thread):
    zone = api.zone("Europe/Moscow")
    assert api.read([str(long_thread)], zone, jobs=1) == api.read([str(long_thread)], zone, jobs=3)


def test_pages_really_go_to_workers(long_thread, monkeypatch):
    """The parallel path is taken (a fork, not the serial fallback) for a long thread."""
    used = []
    real = parallel.ordered_map

    def spy(fn, items, jobs, *, minimum, shared=None):
        items = list(items)
        used.append((fn.__name__, jobs, len(items) >= minimum))
        return real(fn, items, jobs, minimum=minimum, shared=shared)

    monkeypatch.setattr(parallel, "ordered_map", spy)
    assert _count(long_thread, "--jobs", "2").exit_code == 0
    assert ("_read_later_page", 2, True) in used and ("_read_one", 2, True) in used


def test_a_bad_later_page_gives_the_same_error(long_thread, tmp_path):
    """The first bad page in page order is named, however many processes read the pages."""
    broken = tmp_path / "thread"
    broken.mkdir()
    for f in long_thread.iterdir():
        data = f.read_bytes()
        if f.name in ("page6.html", "page9.html"):
            data = data[: len(data) // 2]  # cut short: refused whole
        (broken / f.name).write_bytes(data)
    one, two = _count(broken, "--jobs", "1"), _count(broken, "--jobs", "2")
    assert one.exit_code == two.exit_code == 2
    assert one.stderr == two.stderr
    assert "page6.html" in one.stderr and "cut short" in one.stderr
    assert len(one.stderr.strip().splitlines()) == 1


def test_ordered_map_keeps_order_and_raises_the_first_error():
    assert list(parallel.ordered_map(_square, range(30), 3, minimum=2)) == [i * i for i in range(30)]
    with pytest.raises(ValueError, match="item 7"):
        list(parallel.ordered_map(_fail_from_seven, range(30), 3, minimum=2))


def test_ordered_map_passes_shared_by_fork():
    big = list(range(1000))
    assert list(parallel.ordered_map(_pick, [5, 999, 0], 2, minimum=2, shared=big)) == [5, 999, 0]


def _square(i, shared):
    return i * i


def _fail_from_seven(i, shared):
    if i >= 7:
        raise ValueError(f"item {i}")
    return i


def _pick(i, shared):
    return shared[i]


def test_ctrl_c_while_workers_read_exits_130_with_one_line(long_thread):
    """Workers ignore Ctrl-C (no traceback from them); the parent says one line, exits 130,
    and leaves no process behind."""
    import signal
    import subprocess
    import sys
    import time
    proc = subprocess.Popen([sys.executable, "-m", "votecount.cli", str(long_thread), "--jobs", "2",
                             "--game", str(long_thread / "game.toml")],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    children = Path(f"/proc/{proc.pid}/task/{proc.pid}/children")
    seen: list[str] = []
    for _ in range(2000):  # until the workers are forked
        try:
            seen = children.read_text().split()
        except OSError:
            break
        if seen or proc.poll() is not None:
            break
        time.sleep(0.002)
    if not seen:
        proc.kill()
        pytest.skip("the count finished before its workers could be caught (a very fast machine)")
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 130 and out == b""
    assert err.decode().strip().splitlines() == ["votecount: interrupted"]
    time.sleep(0.2)
    assert not [pid for pid in seen if Path(f"/proc/{pid}").exists()
                and "zombie" not in Path(f"/proc/{pid}/status").read_text().lower()]
