"""cookies.txt as browsers' export extensions write it, --cookie NAME=VALUE, and redaction."""

from __future__ import annotations

import time
from urllib.request import Request

import pytest
from hypothesis import given
from hypothesis import strategies as st

from votecount.read.cookies import add_cookie_option, load_cookies_txt, redact
from votecount.errors import ConfigError

FUTURE = int(time.time()) + 86400
PAST = int(time.time()) - 86400


def sent(jar, url: str) -> str:
    """The Cookie header the jar gives a request to `url` (the policy httpx uses too)."""
    req = Request(url)
    jar.add_cookie_header(req)
    return req.get_header("Cookie") or ""


def test_browser_export_with_httponly_crlf_bom_and_session_cookies(tmp_path):
    path = tmp_path / "cookies.txt"
    path.write_bytes(("\ufeff# Netscape HTTP Cookie File\r\n"
                      "# This is a generated file! Do not edit.\r\n\r\n"
                      f"#HttpOnly_.rolka.me\tTRUE\t/\tFALSE\t{FUTURE}\tmybb_ru\tabc123\r\n"
                      "forum.example\tFALSE\t/\tFALSE\t0\tsession\tsess-1\r\n"
                      f"forum.example\tFALSE\t/\tFALSE\t{PAST}\told\tgone\r\n"
                      "forum.example\tFALSE\t/private\tTRUE\t0\tsecure_one\tsec\r\n").encode("utf-8"))
    jar = load_cookies_txt(path)
    assert {c.name for c in jar} == {"mybb_ru", "session", "secure_one"}  # the expired one left out
    assert sent(jar, "https://zarechnaya.rolka.me/viewtopic.php?id=28") == "mybb_ru=abc123"
    assert sent(jar, "http://forum.example/t/1") == "session=sess-1"
    assert "secure_one=sec" in sent(jar, "https://forum.example/private/x")
    assert "secure_one" not in sent(jar, "http://forum.example/private/x")  # secure: https only
    assert sent(jar, "http://elsewhere.example/") == ""


def test_no_magic_line_and_a_dropped_empty_value(tmp_path):
    path = tmp_path / "c.txt"
    path.write_text("forum.example\tFALSE\t/\tFALSE\t0\tempty\n")
    assert [(c.name, c.value) for c in load_cookies_txt(path)] == [("empty", "")]


def test_a_malformed_line_names_its_number_not_the_value(tmp_path):
    path = tmp_path / "c.txt"
    path.write_text("# Netscape HTTP Cookie File\nforum.example FALSE / FALSE 0 sid topsecretvalue\n")
    with pytest.raises(ConfigError, match=r"c\.txt: line 2: not a cookies\.txt line") as err:
        load_cookies_txt(path)
    assert "topsecretvalue" not in str(err.value)
    path.write_text("forum.example\tFALSE\t/\tFALSE\tsoon\tsid\tv\n")
    with pytest.raises(ConfigError, match="line 1: expiry 'soon' is not a number"):
        load_cookies_txt(path)
    with pytest.raises(ConfigError, match="cannot read"):
        load_cookies_txt(tmp_path / "missing.txt")


def test_cookie_option_is_for_the_threads_host_only():
    from http.cookiejar import CookieJar
    jar = CookieJar()
    add_cookie_option(jar, "sid=a=b", "forum.example")  # the value may hold '='
    assert sent(jar, "http://forum.example/x") == "sid=a=b"
    assert sent(jar, "http://other.example/x") == ""
    with pytest.raises(ConfigError, match="expected NAME=VALUE"):
        add_cookie_option(jar, "novalue", "forum.example")


@given(st.text(alphabet=st.characters(blacklist_categories=("Cs",)), min_size=4, max_size=30))
def test_redact_hides_every_cookie_value(value):
    from http.cookiejar import CookieJar
    jar = CookieJar()
    add_cookie_option(jar, f"sid={value}", "forum.example")
    stored = next(iter(jar)).value
    if len(stored) >= 4:
        assert stored not in redact(f"failed with {stored} in it", jar)
