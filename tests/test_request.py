"""One request object for a count (issue 14 §4): the CLI builds it, the library reads it, and
batch's resume hash fingerprints all of it."""

from __future__ import annotations

from dataclasses import fields, replace

from votecount.api import CountRequest, run

from conftest import ROOT

EXAMPLE = ROOT / "examples" / "zarechnaya"


def test_the_fingerprint_holds_every_field_that_changes_a_count():
    request = CountRequest(("t.html",), game="g.toml", at="14:00", lang="ru", jobs=4)
    names = {f.name for f in fields(CountRequest)} - {"threads", "fetch", "jobs"}
    assert set(request.fingerprint()) == names
    assert request.fingerprint() == replace(request, jobs=1).fingerprint()  # same count whatever jobs
    assert request.fingerprint() != replace(request, at="15:00").fingerprint()


def test_run_counts_the_request_as_the_command_line_does():
    """The library call and `votecount … --at 14:00 -f json` give the same interim day."""
    import json

    from typer.testing import CliRunner

    from votecount.cli.commands import app
    from votecount.render.json_out import day_dict
    [a] = run(CountRequest((str(EXAMPLE),), game=str(EXAMPLE / "game.toml"), at="14:00"))
    out = CliRunner().invoke(app, [str(EXAMPLE), "--game", str(EXAMPLE / "game.toml"), "--at", "14:00", "-f", "json"])
    assert out.exit_code == 0, out.output
    assert a.provisional and json.loads(json.dumps(day_dict(a), default=str)) == json.loads(out.stdout)


def test_batch_hashes_the_request(tmp_path):
    from votecount import batch
    from votecount.read import sources
    raws = [sources.RawPage(source=str(tmp_path / "p1.html"), data=b"<html></html>")]
    job = batch.Job(key="t", path=str(tmp_path), kind="folder", lang="ru")
    assert batch.content_hash(job, raws, b"") != batch.content_hash(job._replace(lang="en"), raws, b"")
    assert batch.content_hash(job, raws, b"") == batch.content_hash(job, raws, b"")
