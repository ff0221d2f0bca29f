"""`votecount batch` over a small archive of real fixture pages: the documented tables, a bad
thread recorded (exit 4), --resume, identical outputs whatever --jobs, limits, and Dask."""

from __future__ import annotations

import csv
import io
import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from conftest import FIXTURES, ROOT

from votecount.batch import COLUMNS, STATE_FILE

ENGINES = FIXTURES / "engines"
EXAMPLE = ROOT / "examples" / "zarechnaya"
TABLES = ("threads", "days", "ballots", "violations")


def run(*args, cwd: Path):
    env = {**os.environ, "COLUMNS": "200", "NO_COLOR": "1"}
    proc = subprocess.run([sys.executable, "-m", "votecount.cli", *map(str, args)],
                          capture_output=True, cwd=cwd, env=env)
    return proc.returncode, proc.stdout.decode("utf-8"), proc.stderr.decode("utf-8")


@pytest.fixture
def archive(tmp_path: Path) -> Path:
    """Seven threads: five engines (one in a zip, one a level deeper), the example game with
    its game.toml, and a thread whose page is not HTML."""
    arch = tmp_path / "arch"
    pages = {"a-phpbb3": "phpbb3/prosilver33-ru-time.html", "b-xenforo": "xenforo/xf2-ru-nekurim.html",
             "group/c-smf": "smf/smf20-ru-curve.html", "d-mybb": "mybb/mybb18-ru-default.html"}
    for name, page in pages.items():
        (arch / name).mkdir(parents=True)
        shutil.copy(ENGINES / page, arch / name / "page1.html")
    with zipfile.ZipFile(arch / "e-vbulletin.zip", "w") as zf:
        zf.write(ENGINES / "vbulletin" / "ru-mirf-vb42.html", "page1.html")
    shutil.copytree(EXAMPLE, arch / "f-zarechnaya")
    (arch / "g-broken").mkdir()
    (arch / "g-broken" / "page1.html").write_text("this is not a page\n")
    return arch


def table(out: Path, name: str) -> list[dict]:
    with open(out / f"{name}.csv", encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


def header(out: Path, name: str) -> list[str]:
    return (out / f"{name}.csv").read_text(encoding="utf-8").splitlines()[0].split(",")


def test_tables_columns_rows_and_the_failed_thread(archive: Path):
    code, _, err = run("batch", "arch", "-o", "out", "--jobs", "1", cwd=archive.parent)
    out = archive.parent / "out"
    assert code == 4, err
    assert err.strip() == f"votecount: 7 threads, 1 failed: see {Path('out') / 'threads.csv'}"
    for name in TABLES:
        assert header(out, name) == [c for c, _ in COLUMNS[name]]
    threads = {row["thread"]: row for row in table(out, "threads")}
    assert list(threads) == ["arch/a-phpbb3", "arch/b-xenforo", "arch/d-mybb", "arch/e-vbulletin.zip",
                             "arch/f-zarechnaya", "arch/g-broken", "arch/group/c-smf"]
    broken = threads.pop("arch/g-broken")
    assert broken["status"] == "error"
    assert broken["error"] == "arch/g-broken/page1.html: not a saved web page (no HTML markup)"
    assert {t["status"] for t in threads.values()} == {"ok"}
    assert {t["engine"] for t in threads.values()} == {"phpbb3", "xenforo", "smf", "mybb", "vbulletin", "mybbru"}
    # the game thread: its game.toml was used (red-blue), and the count is the example's
    expected = json.loads((FIXTURES / "games" / "zarechnaya" / "expected.json").read_text("utf-8"))
    zar = threads["arch/f-zarechnaya"]
    assert zar["game_file"] == "arch/f-zarechnaya/game.toml" and zar["rules"] == "red-blue"
    assert int(zar["posts"]) == expected["thread"]["posts"]
    assert threads["arch/a-phpbb3"]["rules"] == "classic" and threads["arch/a-phpbb3"]["game_file"] == ""
    day = [d for d in table(out, "days") if d["thread"] == "arch/f-zarechnaya"]
    assert len(day) == 1 and day[0]["outcome"] == expected["outcome"]["kind"]
    assert json.loads(day[0]["eliminated"]) == expected["outcome"]["eliminated"]
    ballots = [b for b in table(out, "ballots") if b["thread"] == "arch/f-zarechnaya"]
    assert [(b["voter"], b["target"] or None, b["status"]) for b in ballots] == \
        [(b["voter"], b["target"], b["status"]) for b in expected["ballots"]]
    violations = [v for v in table(out, "violations") if v["thread"] == "arch/f-zarechnaya"]
    assert sorted(v["code"] for v in violations) == sorted(v["code"] for v in expected["violations"])
    assert int(zar["ballots"]) == len(ballots) and int(zar["violations"]) == len(violations)


def test_readme_documents_every_column():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Batch over archives", 1)[1].split("\n## ", 1)[0]
    for name, cols in COLUMNS.items():
        for col, _ in cols:
            assert re.search(rf"`{col}`", section), f"{name}.{col} not documented"


@pytest.mark.parametrize("fmt", ["csv", "json"])
def test_jobs_1_and_2_give_byte_identical_tables(archive: Path, fmt: str):
    outputs = []
    for jobs in ("1", "2"):
        out = archive.parent / f"out{jobs}"
        code, _, err = run("batch", "arch", "-o", out.name, "--jobs", jobs, "--format", fmt,
                           cwd=archive.parent)
        assert code == 4, err
        outputs.append({p.name: p.read_bytes() for p in out.iterdir() if not p.name.startswith(".")})
    assert len(outputs[0]) == 4 and outputs[0] == outputs[1]
    if fmt == "json":  # JSON Lines: one object per row, the documented keys
        first = json.loads(outputs[0]["ballots.jsonl"].decode().splitlines()[0])
        assert list(first) == [c for c, _ in COLUMNS["ballots"]]


def test_resume_skips_unchanged_and_redoes_changed(archive: Path):
    cwd = archive.parent
    assert run("batch", "arch", "-o", "out", "--jobs", "1", cwd=cwd)[0] == 4
    # change one thread (a second page), leave the others
    shutil.copy(ENGINES / "phpbb3" / "prosilver33-ru-time.html", archive / "a-phpbb3" / "page2.html")
    (archive / "a-phpbb3" / "page2.html").write_bytes(
        (archive / "a-phpbb3" / "page2.html").read_bytes().replace(b"</body>", b"<!-- again --></body>"))
    code, _, err = run("batch", "arch", "-o", "out", "--jobs", "1", "--resume", cwd=cwd)
    assert code == 4
    # five ok threads unchanged; the changed one and the broken one were read again
    assert "7 threads (5 unchanged), 1 failed" in err
    assert table(cwd / "out", "threads")[0]["pages"] == "2"
    # what --resume wrote is what a fresh run writes
    assert run("batch", "arch", "-o", "fresh", "--jobs", "1", cwd=cwd)[0] == 4
    for name in TABLES:
        assert (cwd / "out" / f"{name}.csv").read_bytes() == (cwd / "fresh" / f"{name}.csv").read_bytes()
    # a changed option is a changed input: nothing is skipped
    code, _, err = run("batch", "arch", "-o", "out", "--jobs", "1", "--resume", "--rules", "red-blue", cwd=cwd)
    assert "unchanged" not in err
    rules = {t["thread"]: t["rules"] for t in table(cwd / "out", "threads")}
    assert rules["arch/a-phpbb3"] == "red-blue"
    state = [json.loads(line) for line in (cwd / "out" / STATE_FILE).read_text("utf-8").splitlines()]
    assert len(state) == 7  # one entry per thread after the run, superseded ones dropped


def test_resume_after_a_torn_last_line_loses_no_thread(archive: Path):
    """A run killed while writing a thread's line leaves it torn; the next run's lines start on
    a line of their own, so a third run still finds every thread finished."""
    cwd = archive.parent
    assert run("batch", "arch", "-o", "out", "--jobs", "1", cwd=cwd)[0] == 4
    state = cwd / "out" / STATE_FILE
    lines = state.read_bytes().splitlines(keepends=True)
    state.write_bytes(b"".join(lines[:-1]) + lines[-1][:25])  # the last thread's line torn
    code, _, err = run("batch", "arch", "-o", "out", "--jobs", "1", "--resume", cwd=cwd)
    assert code == 4 and "7 threads (5 unchanged), 1 failed" in err, err
    kept = [json.loads(line) for line in state.read_text("utf-8").splitlines()]
    assert len(kept) == 7 and all(e["status"] == "ok" or e["key"] == "arch/g-broken" for e in kept)
    code, _, err = run("batch", "arch", "-o", "out", "--jobs", "1", "--resume", cwd=cwd)
    assert "7 threads (6 unchanged), 1 failed" in err, err


def test_a_run_killed_after_a_torn_line_keeps_its_own_lines(tmp_path: Path):
    """The resumed run is killed too, before it rewrites the state file: the line it wrote
    after the torn one must still be read back."""
    from votecount.batch import runner

    state = tmp_path / STATE_FILE
    state.write_bytes(b'{"key": "a", "hash": "1", "status": "ok", "pages": 1, "posts": 0, "ro')
    rows = {"threads": [["b"]], "days": [], "ballots": [], "violations": []}
    done = {"key": "b", "hash": "2", "status": "ok", "pages": 1, "posts": 3, "rows": rows}

    def killed():
        yield done
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        runner._collect(killed(), state, results={}, spans={}, tables=None, state={"a": {}},
                        progress=None, sizes={})
    assert list(runner.load_state(tmp_path)) == ["b"]


def test_parquet_has_the_same_rows_and_is_reproducible(archive: Path):
    pq = pytest.importorskip("pyarrow.parquet")
    cwd = archive.parent
    for out, fmt in (("p1", "parquet"), ("p2", "parquet"), ("c", "csv")):
        assert run("batch", "arch", "-o", out, "--jobs", "2", "--format", fmt, cwd=cwd)[0] == 4
    import pandas as pd
    for name in TABLES:
        first = (cwd / "p1" / f"{name}.parquet").read_bytes()
        assert first == (cwd / "p2" / f"{name}.parquet").read_bytes()
        frame = pq.read_table(cwd / "p1" / f"{name}.parquet").to_pandas()
        assert list(frame.columns) == [c for c, _ in COLUMNS[name]]
        buf = io.StringIO()
        frame.astype({c: "Int64" for c, t in COLUMNS[name] if t == "int"}).to_csv(buf, index=False, lineterminator="\n")
        assert buf.getvalue() == (cwd / "c" / f"{name}.csv").read_text("utf-8")
    assert pd is not None


def test_limits_make_a_thread_fail_with_the_reason(archive: Path):
    cwd = archive.parent
    code, _, err = run("batch", "arch/f-zarechnaya", "arch/a-phpbb3", "-o", "out", "--jobs", "1",
                       "--max-pages", "1", cwd=cwd)
    assert code == 4 and "2 threads, 1 failed" in err
    rows = {t["thread"]: t for t in table(cwd / "out", "threads")}
    assert rows["arch/f-zarechnaya"]["status"] == "error"
    assert rows["arch/f-zarechnaya"]["error"] == "arch/f-zarechnaya: 2 pages, over the limit of 1 (--max-pages)"
    assert rows["arch/a-phpbb3"]["status"] == "ok"
    code, _, err = run("batch", "arch/f-zarechnaya", "-o", "out2", "--max-mb", "0", "--time-limit", "0.0001",
                       cwd=cwd)
    assert code == 4
    assert table(cwd / "out2", "threads")[0]["error"] == "over the time limit of 0.0001 s"


def test_list_file_and_bad_paths(archive: Path):
    cwd = archive.parent
    (cwd / "list.txt").write_text("# two threads\narch/d-mybb\n\narch/e-vbulletin.zip\n", encoding="utf-8")
    code, _, err = run("batch", "list.txt", "-o", "out", "--jobs", "1", "--quiet", cwd=cwd)
    assert code == 0 and err == ""
    assert [t["thread"] for t in table(cwd / "out", "threads")] == ["arch/d-mybb", "arch/e-vbulletin.zip"]
    # a missing path in a list is that thread's error row, as every bad thread is; the run goes on
    (cwd / "list.txt").write_text("arch/d-mybb\narch/nowhere\n", encoding="utf-8")
    code, _, err = run("batch", "list.txt", "-o", "out", "--jobs", "1", cwd=cwd)
    assert code == 4 and "2 threads, 1 failed" in err
    rows = {t["thread"]: t for t in table(cwd / "out", "threads")}
    assert rows["arch/d-mybb"]["status"] == "ok"
    assert rows["arch/nowhere"]["status"] == "error"
    assert rows["arch/nowhere"]["error"] == "list.txt: line 2: arch/nowhere: no such file or folder"
    code, _, err = run("batch", "arch/nowhere", "-o", "out", cwd=cwd)  # named on the command line
    assert code == 2 and err == "votecount: arch/nowhere: no such file or folder\n"
    (cwd / "empty").mkdir()
    code, _, err = run("batch", "empty", "-o", "out", cwd=cwd)
    assert code == 2 and "no threads found" in err


def test_a_zips_game_file_is_used_like_a_folders(archive: Path):
    """game.toml inside a .zip (at its top, or beside the pages in the zip's one folder) is
    the thread's game file, as in a folder: the example's red-blue game, not classic."""
    cwd = archive.parent
    for name, prefix in (("top.zip", ""), ("inner.zip", "zarechnaya/")):
        with zipfile.ZipFile(cwd / name, "w") as zf:
            for f in ("page1.html", "page2.html", "game.toml"):
                zf.write(EXAMPLE / f, prefix + f)
    code, _, err = run("batch", "top.zip", "inner.zip", "arch/f-zarechnaya", "-o", "out", "--jobs", "1", cwd=cwd)
    assert code == 0, err
    threads = {t["thread"]: t for t in table(cwd / "out", "threads")}
    assert threads["top.zip"]["rules"] == threads["inner.zip"]["rules"] == "red-blue"
    assert threads["top.zip"]["game_file"] == "top.zip!game.toml"
    assert threads["inner.zip"]["game_file"] == "inner.zip!zarechnaya/game.toml"
    days = [d for d in table(cwd / "out", "days")]
    by_thread = {d["thread"]: (d["tally"], d["outcome"], d["missing"]) for d in days}
    assert by_thread["top.zip"] == by_thread["inner.zip"] == by_thread["arch/f-zarechnaya"]


def test_dask_local_cluster_gives_the_same_tables(archive: Path):
    distributed = pytest.importorskip("distributed", reason="dask.distributed not installed: pip install 'votecount[dask]'")
    cwd = archive.parent
    assert run("batch", "arch", "-o", "local", "--jobs", "1", cwd=cwd)[0] == 4
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        code, _, err = run("batch", "arch", "-o", "dask", "--dask", cluster.scheduler_address, cwd=cwd)
    assert code == 4, err
    assert "7 threads, 1 failed" in err
    for name in TABLES:
        assert (cwd / "dask" / f"{name}.csv").read_bytes() == (cwd / "local" / f"{name}.csv").read_bytes()


def test_pandas_is_a_core_dependency_and_parquet_dask_are_extras():
    """`pip install votecount` (the README's first command) is enough for batch's CSV and JSON;
    pyarrow (parquet) and Dask stay extras."""
    import tomllib
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    names = [re.split(r"[<>=\[ ]", d)[0] for d in project["dependencies"]]
    assert "pandas" in names and "pyarrow" not in names and "dask" not in names
    extras = project["optional-dependencies"]
    assert any(d.startswith("pyarrow") for d in extras["parquet"])
    assert any(d.startswith("dask[distributed]") for d in extras["dask"])


def test_a_single_count_does_not_import_pandas():
    probe = ("import sys\nfrom votecount.cli.commands import main\n"
             "sys.argv = ['votecount', 'examples/zarechnaya', '-f', 'json']\n"
             "try:\n    main()\nexcept SystemExit:\n    pass\n"
             "sys.stderr.write('pandas' if 'pandas' in sys.modules else 'no pandas')\n")
    proc = subprocess.run([sys.executable, "-c", probe], capture_output=True, cwd=ROOT, timeout=60)
    assert proc.stderr.decode().endswith("no pandas"), proc.stderr.decode()


@pytest.mark.parametrize("module,args,extra", [
    ("pyarrow", ["--format", "parquet"], "parquet"),
    ("distributed", ["--dask", "tcp://127.0.0.1:9"], "dask"),
    ("pandas", ["--format", "json"], None),  # CSV tables are written without pandas
])
def test_a_missing_package_names_what_installs_it(archive: Path, module, args, extra):
    """The package is hidden (a None in sys.modules makes its import fail, as when it is not
    installed): one line naming the pip command, before any thread is counted."""
    probe = (f"import sys\nsys.modules[{module!r}] = None\nfrom votecount.cli.commands import main\n"
             f"sys.argv = ['votecount', 'batch', 'arch', '-o', 'out', '-q', *{args!r}]\nmain()\n")
    proc = subprocess.run([sys.executable, "-c", probe], capture_output=True, cwd=archive.parent,
                          timeout=120)
    err = proc.stderr.decode()
    assert proc.returncode == 2 and len(err.splitlines()) == 1, err
    assert f"pip install 'votecount[{extra}]'" in err if extra else "pip install" in err
    assert not (archive.parent / "out" / ".votecount-batch.jsonl").exists()
