"""Shared test helpers: the corpus location, parsing a page, golden JSON files. Which corpus
pages there are, their engines and languages, and those not read yet: tests/corpus.py.

Goldens are rewritten with `pytest --update-goldens` (then read the diff by eye before
committing: a golden is a claim that the output is right).
"""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus"
FIXTURES = Path(__file__).resolve().parent / "fixtures"


def pytest_addoption(parser):
    parser.addoption("--update-goldens", action="store_true", help="rewrite golden JSON files")


@pytest.fixture
def update_goldens(request) -> bool:
    return request.config.getoption("--update-goldens")


def corpus_page(relative: str) -> Path:
    """A page of ../shared/corpus, or skip the test with the reason."""
    path = CORPUS / relative
    if not path.exists():
        pytest.skip(f"corpus page {relative} not present (../shared/corpus is beside the project)")
    return path


def posts_json(thread_arg: str | Path, tz: str = "Europe/Moscow",
               saved_at: datetime | None = None, engine: str | None = None,
               date_order: str | None = None) -> list[dict]:
    """What `votecount posts --format json` prints for a thread, as Python data."""
    from votecount.read.pipeline import read_thread
    from votecount.render.posts import post_dict

    thread = read_thread(str(thread_arg), tz=ZoneInfo(tz), saved_at=saved_at, engine=engine,
                         date_order=date_order)
    return [post_dict(p) for p in thread.posts]


def check_golden(data, golden: Path, update: bool) -> None:
    """Compare data with a golden JSON file (or write it with --update-goldens)."""
    text = json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n"
    if update or not golden.exists():
        if not update:
            pytest.fail(f"golden {golden} missing: run pytest --update-goldens and check it by eye")
        golden.parent.mkdir(parents=True, exist_ok=True)
        golden.write_text(text, encoding="utf-8")
        return
    expected = json.loads(golden.read_text(encoding="utf-8"))
    assert json.loads(text) == expected, f"output differs from {golden}"
