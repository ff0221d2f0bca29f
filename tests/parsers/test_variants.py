"""Theme variants: real corpus pages changed the way real boards differ, in code.

Each transformer takes a real page's bytes and returns a variant a real board could serve
(an edit notice without a time, a board date format and language, the <head> lost by an
archive). The parser must read each variant with the same posts as the original, or with
the one difference the variation makes, or give the one-line error the rules ask for.
"""

from __future__ import annotations

import re
from zoneinfo import ZoneInfo

import pytest

from conftest import corpus_page, posts_json
from votecount.errors import ParseError
from votecount.pipeline import read_thread

XF1 = "xenforo/nettally-xenforo1-sv.html"
SMF = "smf/ptforum-smf2-topic38573.html"


def variant(tmp_path, relative: str, transform, name: str = "variant.html"):
    raw = corpus_page(relative).read_bytes()
    changed = transform(raw)
    assert changed != raw, "the transformer changed nothing: the test would prove nothing"
    path = tmp_path / name
    path.write_bytes(changed)
    return path


def strip_fields(posts: list[dict], *fields: str) -> list[dict]:
    return [{k: v for k, v in p.items() if k not in fields} for p in posts]


# --- edit notices with less than a full time (issue item 4) ----------------------------------

def xf1_edit_date_only(raw: bytes) -> bytes:
    """XF1 keeps the edit's full time in the DateTime title; a theme without it shows the date."""
    return raw.replace(b'Last edited: <span class="DateTime" title="Dec 4, 2014 at 2:29 AM">',
                       b'Last edited: <span class="DateTime">')


def xf1_edit_by_moderator_date_only(raw: bytes) -> bytes:
    return raw.replace(b'Last edited: <span class="DateTime" title="Dec 4, 2014 at 2:29 AM">Dec 4, 2014</span>',
                       b'Last edited by a moderator Oct 6, 2020')


@pytest.mark.parametrize("transform, by", [(xf1_edit_date_only, "Higure"),
                                           (xf1_edit_by_moderator_date_only, None)])
def test_edit_notice_without_time_is_an_edit_with_a_warning(tmp_path, transform, by):
    original = posts_json(corpus_page(XF1), tz="UTC")
    path = variant(tmp_path, XF1, transform)
    changed = posts_json(path, tz="UTC")
    assert strip_fields(changed, "edited_at", "edited_by") == strip_fields(original, "edited_at", "edited_by")
    edited = [p for p in changed if p["edited"]]
    assert [(p["post_no"], p["edited_by"], p["edited_at"]) for p in edited] == [(1344, by, None)]
    thread = read_thread(str(path), tz=ZoneInfo("UTC"))
    assert any("post 1344" in w and "gives no time" in w for w in thread.warnings)


def smf_edit_unreadable(raw: bytes) -> bytes:
    return raw.replace(b"Last Edit:", b"Zuletzt ge\xe4ndert ohne Uhrzeit", 1)


def test_edit_notice_that_cannot_be_read_is_an_error_for_that_post(tmp_path):
    path = variant(tmp_path, SMF, smf_edit_unreadable)
    with pytest.raises(ParseError, match=r"variant\.html: post \d+ \(id \d+\): cannot read the edit notice"):
        posts_json(path, tz="UTC")


def smf_edit_date_only(raw: bytes) -> bytes:
    return re.sub(rb"Last Edit: (\w+ \d+, \d{4}), [\d:]+ [AP]M by", rb"Last Edit: \1 by", raw)


def test_smf_edit_with_a_date_only(tmp_path):
    original = posts_json(corpus_page(SMF), tz="UTC")
    changed = posts_json(variant(tmp_path, SMF, smf_edit_date_only), tz="UTC")
    assert strip_fields(changed, "edited_at") == strip_fields(original, "edited_at")
    assert [(p["post_no"], p["edited_by"], p["edited_at"]) for p in changed if p["edited"]] == [
        (1, "gregswallow", None), (4, "gregswallow", None), (10, "cactus", None)]
