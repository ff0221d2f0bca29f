"""Hostile single pages: exit 2 with one clear line naming the file, or a correct count; never a
traceback, a hang, or a file written anywhere (every run's working folder must stay empty).

The cases that could hang or exhaust memory in C code (size limits, devices, deep nesting) run
as real `votecount` processes with a timeout; the rest run the same CLI in this process
(`invoke`, bounded by SIGALRM), which fails on any exception, not just on a traceback."""

from __future__ import annotations

import random

import pytest

from hostile_kit import EXAMPLE, GAME, clean_error, cli, counted, essence, error_or_count, invoke, snapshot

PAGE1 = (EXAMPLE / "page1.html").read_bytes()
SAVED = ["--saved-at", "2026-11-29T20:10:41"]  # the example's pages hold "Вчера …"


@pytest.fixture
def work(tmp_path, monkeypatch):
    """(input folder, empty working folder, also this process's); it must stay empty."""
    inp, cwd = tmp_path / "in", tmp_path / "cwd"
    inp.mkdir()
    cwd.mkdir()
    monkeypatch.chdir(cwd)
    yield inp, cwd
    assert list(cwd.iterdir()) == [], "votecount wrote into its working folder"


def one_page(inp, cwd, data: bytes, *args, name="page.html", timeout=20, process=False):
    path = inp / name
    path.write_bytes(data)
    before = snapshot(inp)
    argv = (path, "--game", GAME, "-f", "json", *SAVED, *args)
    run = cli(*argv, cwd=cwd, timeout=timeout) if process else invoke(*argv, timeout=timeout)
    assert snapshot(inp) == before, "the input was modified"
    return run


_BASELINE = []


def baseline_page1(cwd):
    if not _BASELINE:
        _BASELINE.append(counted(invoke(EXAMPLE / "page1.html", "--game", GAME, "-f", "json", *SAVED)))
    return _BASELINE[0]


def test_zero_bytes(work):
    clean_error(one_page(*work, b""), "page.html", "empty")


def test_only_whitespace(work):
    clean_error(one_page(*work, b" \r\n\t" * 100), "page.html", "empty")


@pytest.mark.parametrize("seed", range(4))
def test_random_bytes(work, seed):
    data = random.Random(seed).randbytes(200_000)
    clean_error(one_page(*work, data, process=seed == 0), "page.html")


def test_random_bytes_behind_a_page_header(work):
    data = b"<html><head><title>x</title></head><body>" + random.Random(7).randbytes(100_000)
    clean_error(one_page(*work, data), "page.html")


@pytest.mark.parametrize("percent", range(10, 100, 10))
def test_page_cut_short(work, percent):
    """A save interrupted at every tenth of a real page: refused, never a count of the posts
    that happen to be there (the last of them may be cut mid-vote)."""
    line = clean_error(one_page(*work, PAGE1[: len(PAGE1) * percent // 100], process=percent == 50),
                       "page.html")
    assert "cut short" in line or "no posts" in line or "not a forum thread page" in line, line


def test_page_over_the_size_limit(work):
    """100 MB: refused by its size before it is read."""
    inp, cwd = work
    big = inp / "big.html"
    with open(big, "wb") as f:
        f.write(PAGE1[:2000])
        f.write(b"<p>" + b"x" * (100 * 1024 * 1024) + b"</p></body></html>")
    clean_error(cli(big, "--game", GAME, cwd=cwd, timeout=20), "big.html", "104,", "64 MiB limit")


def test_endless_input_from_a_device(work):
    """/dev/zero has no size: the bounded read stops at the limit."""
    clean_error(cli("/dev/zero", cwd=work[1], timeout=20), "/dev/zero", "64 MiB limit")


def test_stdin_over_the_size_limit(work):
    data = PAGE1[:2000] + b"x" * (70 * 1024 * 1024)
    clean_error(cli("-", *SAVED, stdin=data, cwd=work[1], timeout=20), "<stdin>", "64 MiB limit")


def test_a_large_page_within_the_limit_counts_right(work):
    """A SingleFile save with a 30 MB inlined image (one attribute over libxml2's 10 MB node
    limit): the count is the count of the page without it."""
    inp, cwd = work
    image = b'<img src="data:image/png;base64,' + b"QUFB" * (30 * 1024 * 1024 // 4) + b'">'
    at = PAGE1.index(b"</h1>") + 5
    run = one_page(inp, cwd, PAGE1[:at] + image + PAGE1[at:], timeout=20, process=True)
    assert essence(counted(run)) == essence(baseline_page1(cwd))


@pytest.mark.parametrize("depth", [300, 100_000])
def test_deep_nesting(work, depth):
    """Nesting past libxml2's limit used to end the parse there, silently dropping every post
    after it; now the page is refused."""
    at = PAGE1.index(b"</h1>") + 5
    data = PAGE1[:at] + b"<div>" * depth + b"x" + b"</div>" * depth + PAGE1[at:]
    clean_error(one_page(*work, data, process=depth > 1000), "page.html", "nested more than 255 deep")


def test_nesting_within_the_limit_counts_right(work):
    at = PAGE1.index(b"</h1>") + 5
    data = PAGE1[:at] + b"<div>" * 200 + b"x" + b"</div>" * 200 + PAGE1[at:]
    assert essence(counted(one_page(*work, data))) == essence(baseline_page1(work[1]))


def test_entity_expansion_is_not_done(work):
    """A 'billion laughs' DTD: the HTML parser expands no declared entities (the text stays
    as written), so nothing grows; named and numeric character references still work."""
    laughs = b'<!DOCTYPE html [<!ENTITY a0 "lol">' + b"".join(
        b'<!ENTITY a%d "%s">' % (i, (b"&a%d;" % (i - 1)) * 10) for i in range(1, 10)) + b"]>"
    body = PAGE1.replace(b"<!DOCTYPE html>", laughs, 1) if PAGE1.startswith(b"<!DOCTYPE html>") else laughs + PAGE1
    at = body.index(b"</h1>") + 5
    body = body[:at] + b"<p>&a9;&a9;&a9; &amp;&#1055;&#x0435;&#99999999999;&nbsp;</p>" * 1000 + body[at:]
    run = one_page(*work, body)
    assert essence(counted(run)) == essence(baseline_page1(work[1]))


def test_invalid_utf8_outside_the_votes(work):
    """Stray bytes that are not UTF-8 (a cut multi-byte character in the GM's opening post):
    decoded with a replacement character, and the count is unchanged."""
    at = PAGE1.index("День".encode("utf-8"))
    data = PAGE1[:at] + b"\xd0\xff\xfe\xc3(" + PAGE1[at:]
    assert essence(counted(one_page(*work, data))) == essence(baseline_page1(work[1]))


def test_a_page_that_is_not_a_forum(work):
    clean_error(one_page(*work, b"<html><body><h1>Blog</h1><p>hello</p></body></html>"),
                "page.html", "not a forum thread page")


def test_nul_bytes_and_control_characters(work):
    data = PAGE1[:3000] + b"\x00\x01\x02" * 2000 + PAGE1[3000:]
    assert error_or_count(one_page(*work, data)) == "error"
