"""votecount/engines/kit/base.py: ids by regex (from URLs), the printed-number offset, the hidden editor."""

from __future__ import annotations

from zoneinfo import ZoneInfo

from lxml import html

from votecount.engines.kit.base import Compiled, Selectors, parse_with
from votecount.model import Page

PAGE = """<div>
<div class="p" data-id="viewtopic.php?p=12#p345" data-u="index.php?PHPSESSID=9f3a77;u=57" data-i="0">
 <b>Вася 2000</b><i>2026-11-29 19:45:12</i><div class="m">Голос: Петя</div>
 <em class="ed">Edited</em></div>
<div class="p" data-id="viewtopic.php?p=12#p346" data-u="index.php?u=58" data-i="1">
 <b>Петя</b><i>2026-11-29 19:46:00</i><div class="m">Голос: Вася 2000</div></div>
</div>"""


def _sel(**kw) -> Selectors:
    return Selectors(post="//div[@class='p']", post_id="@data-id", author="b", body="div",
                     time_text="i", author_id="@data-u", number="@data-i",
                     edit_notice="em", **kw)


def _posts(sel: Selectors):
    return parse_with(Compiled(sel), html.fromstring(PAGE), Page("t.html", 1, ZoneInfo("Europe/Moscow")))


def test_first_digits_by_default_mangle_urls():
    posts = _posts(_sel())
    assert [p.post_id for p in posts] == ["12", "12"]  # why id_pattern exists
    assert posts[0].author_id == "9"  # the first digits of the session id "9f3a77"


def test_id_patterns_take_the_right_part():
    posts = _posts(_sel(id_pattern=r"#p(\d+)", author_id_pattern=r"[?&;]u=(\d+)"))
    assert [p.post_id for p in posts] == ["345", "346"]
    assert [p.author_id for p in posts] == ["57", "58"]


def test_number_offset_for_zero_based_indexes():
    assert [p.post_no for p in _posts(_sel())] == [0, 1]
    assert [p.post_no for p in _posts(_sel(number_offset=1))] == [1, 2]


def test_a_notice_without_a_name_is_edited_by_nobody_known():
    first, second = _posts(_sel())
    assert first.edited and first.edited_by is None and first.edited_at is None
    assert not second.edited


def test_every_engine_expression_compiles():
    """XPaths and patterns compile on first use (start-up): compile every engine's here, so a
    typo fails the tests and not a user's count."""
    import gc
    import re

    from lxml import etree

    from votecount.engines.kit.base import Compiled
    from votecount import engines  # noqa: F401  (every engine module, every Compiled block)

    blocks = [o for o in gc.get_objects() if isinstance(o, Compiled)]
    assert len(blocks) >= 15
    for block in blocks:
        for name in block.xp.sources:
            assert isinstance(block.xp[name], etree.XPath), name
        assert block.drop
        assert len(block.edit_res) == len(block.sel.edit_patterns)
        assert all(isinstance(rx, re.Pattern) for rx in (*block.edit_res, block.id_re, block.author_id_re))


from hypothesis import given, strategies as st  # noqa: E402


@given(st.text())
def test_squash_is_the_whitespace_regex(text):
    import re

    from votecount.engines.kit.base import squash
    assert squash(text) == re.sub(r"\s+", " ", text.replace("\xa0", " ")).strip()
