"""Outputs are written whole or not at all, inputs are never modified, and the same input gives
the same bytes: across runs, hash seeds, time zones and locales of the machine."""

from __future__ import annotations

import os
import shutil

import pytest

import votecount.cli.commands as cli_mod
from hostile_kit import EXAMPLE, SAVED, example, clean_error, cli, counted, invoke, snapshot




def test_inputs_are_not_modified(example, tmp_path):
    before = snapshot(example)
    out = tmp_path / "out" / "count.json"
    out.parent.mkdir()
    counted(invoke(example, "--game", example / "game.toml", "-f", "json"))
    invoke(example, "--game", example / "game.toml", "-o", out)
    invoke("posts", example, "-f", "csv", "-o", tmp_path / "out" / "posts.csv")
    assert snapshot(example) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out", "thread"]
    assert sorted(p.name for p in out.parent.iterdir()) == ["count.json", "posts.csv"]


def test_output_into_a_missing_folder(example, tmp_path):
    clean_error(invoke(example, "--game", example / "game.toml", "-o", tmp_path / "no" / "c.json"),
                "c.json", "cannot write")
    assert not (tmp_path / "no").exists()


def test_output_onto_a_folder(example, tmp_path):
    (tmp_path / "dir").mkdir()
    clean_error(invoke(example, "--game", example / "game.toml", "-o", tmp_path / "dir"), "cannot write")
    assert list((tmp_path / "dir").iterdir()) == []


def test_output_onto_the_input_page(example):
    page = example / "page1.html"
    before = page.read_bytes()
    clean_error(invoke(page, "-o", page, *SAVED), "page1.html", "input")
    clean_error(invoke("posts", page, "-f", "json", "-o", page), "page1.html", "input")
    assert page.read_bytes() == before


def test_failed_write_leaves_the_old_file_and_no_temporary(example, tmp_path, monkeypatch):
    """The disk fills half-way through: the earlier output stays whole, no temporary remains."""
    out = tmp_path / "count.json"
    out.write_text("the earlier count\n", encoding="utf-8")
    real_replace = os.replace

    def full_disk(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(cli_mod.os, "replace", full_disk)
    clean_error(invoke(example, "--game", example / "game.toml", "-f", "json", "-o", out),
                "count.json", "No space left")
    monkeypatch.setattr(cli_mod.os, "replace", real_replace)
    assert out.read_text(encoding="utf-8") == "the earlier count\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["count.json", "thread"]


def test_interrupted_write_leaves_no_temporary(example, tmp_path, monkeypatch):
    """Ctrl-C during the write (click turns it into "Aborted!"): no half-written file stays."""
    out = tmp_path / "count.json"

    def interrupted(fd):
        raise KeyboardInterrupt

    monkeypatch.setattr(cli_mod.os, "fsync", interrupted)
    try:
        assert invoke(example, "--game", example / "game.toml", "-f", "json", "-o", out).code != 0
    except KeyboardInterrupt:
        pass
    assert sorted(p.name for p in tmp_path.iterdir()) == ["thread"]


def test_failed_render_writes_nothing(example, tmp_path, monkeypatch):
    """A render that fails (here: raises) leaves neither the output nor a temporary."""
    import votecount.render.json_out as json_out

    def broken(*a, **k):
        raise cli_mod.VotecountError("render failed")

    monkeypatch.setattr(json_out, "day_dict", broken)
    out = tmp_path / "count.json"
    clean_error(invoke(example, "--game", example / "game.toml", "-f", "json", "-o", out), "render failed")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["thread"]


def test_written_file_equals_standard_output(example, tmp_path):
    out = tmp_path / "count.json"
    assert invoke(example, "--game", example / "game.toml", "-f", "json", "-o", out).out == ""
    assert out.read_bytes() == invoke(example, "--game", example / "game.toml", "-f", "json").out.encode("utf-8")


# -- determinism ---------------------------------------------------------------------------

ENVIRONMENTS = [
    {"PYTHONHASHSEED": "0", "TZ": "UTC", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"},
    {"PYTHONHASHSEED": "12345", "TZ": "America/Los_Angeles", "LANG": "ru_RU.UTF-8", "LC_ALL": ""},
    {"PYTHONHASHSEED": "random", "TZ": "Asia/Kolkata", "LANG": "en_US.UTF-8", "LC_ALL": "en_US.UTF-8"},
]


@pytest.mark.parametrize("args", [
    ("examples/zarechnaya", "--game", "examples/zarechnaya/game.toml", "-f", "json", "--explain"),
    ("examples/zarechnaya", "--game", "examples/zarechnaya/game.toml", "--explain", "--lang", "en"),
    ("posts", "examples/zarechnaya", "-f", "json"),
    ("posts", "examples/zarechnaya", "-f", "csv"),
], ids=["count-json", "count-table", "posts-json", "posts-csv"])
def test_same_bytes_whatever_the_environment(args, tmp_path):
    """Three processes with different hash seeds, time zones and locales, each writing with -o:
    the files are byte-identical (the pages' own dates decide, never the machine's)."""
    from conftest import ROOT

    outputs = []
    for i, env in enumerate(ENVIRONMENTS):
        target = tmp_path / f"out{i}"
        run = cli(*args, "-o", target, cwd=ROOT, env=env)
        assert run.code == 0, run.err
        outputs.append(target.read_bytes())
    assert outputs[0] and outputs[0] == outputs[1] == outputs[2]
