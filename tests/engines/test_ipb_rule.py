"""IPB 1.3's signature rule: the Python test of what follows a rule gives what the lookahead
pattern it replaced gave (votecount/engines/ipb.py, _strip_rule_html)."""

import re

from hypothesis import given, settings, strategies as st

from votecount.engines import ipb

# the pattern before: a rule followed by nothing but white space and comments, to the end
_LOOKAHEAD = re.compile(r"(?:<br\s*/?>\s*)*-{10,}(?:\s*<br\s*/?>)*(?=\s*(?:<!--.*?-->\s*)*$)", re.S)

_PIECES = st.lists(st.sampled_from(["-" * 10, "-" * 12, "-", "--", "<br>", "<br />", "<BR>", "<br/>",
                                    " ", "\n", "\xa0", "\u2003", "<!--", "-->", "<!-- x -->", "<!---->",
                                    "<!-->", "text", "<b>", "</b>", ">", "<", "!"]),
                   max_size=14).map("".join)


@settings(max_examples=1500, deadline=None)
@given(_PIECES)
def test_rule_stripping_equals_the_lookahead_pattern(html):
    assert ipb._strip_rule_html(html) == _LOOKAHEAD.sub("", html)


def test_signature_rule_before_comments_is_removed_and_a_rule_mid_post_kept():
    mid = "Голосую: Вася<br>----------<br>и ещё текст"
    assert ipb._strip_rule_html(mid) == mid
    tail = "Голосую: Вася<br>--------------------<br><!--sig--> <!-- end -->"
    assert ipb._strip_rule_html(tail) == "Голосую: Вася<!--sig--> <!-- end -->"


_PLAIN = re.compile(r"(?:<br\s*/?>\s*)*-{10,}(?:\s*<br\s*/?>)*")


@settings(max_examples=1500, deadline=None)
@given(_PIECES)
def test_the_literal_first_rule_pattern_finds_the_same_rules(html):
    assert [m.span() for m in ipb._RULE_HTML.finditer(html)] == [m.span() for m in _PLAIN.finditer(html)]
