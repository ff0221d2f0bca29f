"""A posts file as a THREAD: the JSON array `votecount posts --format json` writes, or JSON Lines
of the same objects (CONTRACT.md, "THREAD").

Required per post: `post_no` (a whole number ≥ 1), `author`, `time` (ISO 8601 with an offset)
and `html` (the body as the board served it). Optional: `post_id` (default: the post number),
`author_id`, `edited`, `edited_by`, `edited_at`, `edit_count`, `url`, `page`. Every other key
(`text` among them) is ignored: the text is always read again from the HTML, so a hand-fixed
`html` is what counts.

The body HTML is cleaned as the named engine's pages are (`--engine`: its quotes, code boxes,
spoiler titles, signatures, edit notices) and, with no engine, by a generic cleaning that drops
quotes (`blockquote` and the usual quote boxes), spoiler titles, signatures and struck-through
text. HTML that `votecount posts` wrote is already clean, so counting it again gives the count
of the thread it came from (tests/test_postsfile.py checks that on every corpus page).

A bad record is refused with one line naming the file, the line and the field.
"""

from __future__ import annotations

import functools
import json
from html import unescape
from datetime import datetime

from lxml import etree

from ..engines.kit.base import UNKNOWN_TIME
from ..errors import InputError
from ..model import Post, Thread
from .sources import RawPage

SUFFIXES = (".json", ".jsonl", ".ndjson")
ENGINE = "posts-json"  # Thread.engine when no --engine names the board

# The generic cleaning: quotes, spoiler titles and signatures of the common engines' markup.
_QUOTES = (".//blockquote", ".//*[contains(concat(' ', normalize-space(@class), ' '), ' quote ')]",
           ".//*[contains(@class, 'quotetitle') or contains(@class, 'quotecontent') or "
           "contains(@class, 'quote-box') or contains(@class, 'bbCodeQuote') or "
           "contains(@class, 'quoteheader') or contains(@class, 'q-wrap')]")
_SPOILER_TITLES = (".//*[contains(@class, 'spoiler-title') or contains(@class, 'spoiler_title') or "
                   "contains(@class, 'sp-head') or contains(@class, 'spoiler-head') or "
                   "contains(@class, 'spoilertop')]",)
_SIGNATURES = (".//*[contains(@class, 'signature') or contains(@class, 'postsig') or "
               "contains(@class, 'sig-content') or contains(@class, 'p-comment-sig')]",)
GENERIC_DROP = _QUOTES + _SPOILER_TITLES + _SIGNATURES
_PARSER = etree.HTMLParser(no_network=True)
_OPTIONAL_STRINGS = ("post_id", "author_id", "edited_by", "url")


def looks_like(raw: RawPage) -> bool:
    """A posts file: named .json/.jsonl, or (standard input, any name) text that opens a JSON
    array or object. No saved forum page starts with '[' or '{'."""
    if raw.source.lower().endswith(SUFFIXES):
        return True
    head = raw.data[:64].lstrip(b"\xef\xbb\xbf \t\r\n")
    return head[:1] in (b"[", b"{")


@functools.cache
def _drops(engine: str | None):
    """The one XPath union that cleans a body: the engine's drop lists, else the generic one."""
    from ..engines.kit.base import STRUCK
    drops = GENERIC_DROP if engine is None else _engine_drops(engine)
    return (etree.XPath(" | ".join(dict.fromkeys(drops + STRUCK))),)


def _engine_drops(engine: str) -> tuple[str, ...]:
    """Every drop expression of every layout of the engine (prosilver and subsilver2,
    vBulletin 3–5…)."""
    from .. import engines
    return engines.get(engine).drops or GENERIC_DROP


def clean(html: str, engine: str | None) -> tuple[str, str]:
    """(html, text) of a post body after the engine's (or the generic) cleaning."""
    from ..engines.kit.base import clean_body
    root = etree.fromstring(f"<html><body><div>{html}</div></body></html>", _PARSER)
    body = root.find("body/div") if root is not None else None
    if body is None:
        return "", ""
    for frame in body.iter("iframe"):  # raw text to the parser, written escaped by lxml: undo it
        if frame.text and "&" in frame.text:
            frame.text = unescape(frame.text)
    return clean_body(body, _drops(engine))


POST_FIELDS = ("post_no", "author", "time", "html")  # what every post of a posts file has


class _Record:
    """One JSON object of the file, read field by field; a bad field is one line of error."""

    def __init__(self, data, where: str):
        self.where = where
        if not isinstance(data, dict):
            raise InputError(f"{where}: a post must be a JSON object, not {type(data).__name__}")
        if not any(name in data for name in POST_FIELDS):  # JSON, but of something else
            raise InputError(f"{where}: not a saved web page, nor a posts file (a post has "
                             f"{', '.join(POST_FIELDS)})")
        self.data = data

    def fail(self, name: str, why: str):
        raise InputError(f"{self.where}: field '{name}' {why}")

    def text(self, name: str, *, required: bool) -> str | None:
        value = self.data.get(name)
        if value is None:
            if required:
                self.fail(name, "is missing")
            return None
        if isinstance(value, (int, float)) and not isinstance(value, bool) and name in ("post_id", "author_id"):
            return str(value)
        if not isinstance(value, str):
            self.fail(name, f"must be a string, not {type(value).__name__}")
        if required and not value.strip() and name != "html":
            self.fail(name, "is empty")
        return value

    def number(self, name: str, *, required: bool, least: int = 1) -> int | None:
        value = self.data.get(name)
        if value is None:
            if required:
                self.fail(name, "is missing")
            return None
        if isinstance(value, bool) or not isinstance(value, int) or value < least:
            self.fail(name, f"must be a whole number of at least {least}, not {json.dumps(value)}")
        return value

    def moment(self, name: str, *, required: bool) -> datetime | None:
        value = self.text(name, required=required)
        if value is None:
            return None
        try:
            moment = datetime.fromisoformat(value.strip())
        except ValueError:
            self.fail(name, f"is not an ISO 8601 time ('{value[:40]}')")
        if moment.tzinfo is None:
            self.fail(name, f"has no UTC offset ('{value[:40]}'): write it as 2026-11-29T19:45:00+03:00")
        return moment

    def flag(self, name: str) -> bool:
        value = self.data.get(name, False)
        if value is None:
            return False
        if not isinstance(value, bool):
            self.fail(name, f"must be true or false, not {json.dumps(value)}")
        return value


def post_of(data, where: str, source: str, engine: str | None) -> Post:
    """One post from one JSON object (`where`: file and line, for messages)."""
    r = _Record(data, where)
    post_no = r.number("post_no", required=True)
    author = r.text("author", required=True).strip()
    known = not ("time" in data and data["time"] is None)  # null: a post whose time the page hid
    when = r.moment("time", required=True) if known else UNKNOWN_TIME
    body = r.text("html", required=True)
    html, text = clean(body, engine)
    post_id = (r.text("post_id", required=False) or "").strip() or str(post_no)
    return Post(post_id=post_id, post_no=post_no, page=r.number("page", required=False) or 1,
                author=author, author_id=r.text("author_id", required=False) or None, time=when,
                text=text, html=html, edited=r.flag("edited"),
                edited_by=r.text("edited_by", required=False) or None,
                edited_at=r.moment("edited_at", required=False),
                edit_count=r.number("edit_count", required=False, least=0),
                url=r.text("url", required=False) or None, source=source,
                **({} if known else {"time_known": False}))


def _records(raw: RawPage):
    """(line number, object) of every post in the file, JSON array or JSON Lines."""
    try:
        text = raw.data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(f"{raw.source}: not UTF-8 text (byte {exc.start}): a posts file is UTF-8 JSON") from None
    if text.lstrip().startswith("["):
        return _array(text, raw.source)
    out = []
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            out.append((n, json.loads(line)))
        except json.JSONDecodeError as exc:
            raise InputError(f"{raw.source}: line {n}: not JSON ({exc.msg}, column {exc.colno})") from None
    return out


def _array(text: str, source: str):
    """The objects of a JSON array, each with the line it starts on."""
    decoder = json.JSONDecoder()
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"{source}: line {exc.lineno}: not JSON ({exc.msg}, column {exc.colno})") from None
    if not isinstance(data, list):
        raise InputError(f"{source}: line 1: a posts file is a JSON array of posts")
    lines, pos = [], text.index("[") + 1
    for _ in data:  # where each element starts, for the line numbers of messages
        while text[pos] in " \t\r\n,":
            pos += 1
        lines.append(text.count("\n", 0, pos) + 1)
        pos = decoder.raw_decode(text, pos)[1]
    return list(zip(lines, data))


def read_posts(raw: RawPage, engine: str | None) -> list[Post]:
    return [post_of(obj, f"{raw.source}: line {n}", raw.source, engine) for n, obj in _records(raw)]


def thread_of(raws: list[RawPage], label: str, *, engine: str | None) -> Thread:
    """One Thread from posts files (several files are one thread, as several pages are)."""
    from . import thread
    posts = [p for raw in raws for p in read_posts(raw, engine)]
    if not posts:
        raise InputError(f"{label}: the posts file holds no posts")
    merged = thread.merge(posts, title="", engine=engine or ENGINE, pages=max(p.page for p in posts),
                          source=label)
    return merged
