"""Bytes of a saved page → text → lxml tree. The one place that decides a page's charset.

Saved pages lie about their charset: repositories and browsers transcode pages to UTF-8 and
leave `<meta charset=windows-1251>` behind. Valid UTF-8 is therefore tried first (random
windows-1251 or latin-1 text is almost never valid UTF-8), then what the page declares, then
bs4's UnicodeDammit guesses. ISO-8859-1 is read as windows-1252, as browsers do.
"""

from __future__ import annotations

import itertools
import re
from datetime import datetime

from lxml import etree

from ..engines.kit.base import page_memo
from ..engines.kit.pagewalk import document_iter

from ..errors import InputError

_TAGS = re.compile(rb"<[^>]*>")
_XML_DECL = re.compile(rb"^\s*<\?xml[^>]*\?>")
_WHATWG = {"iso-8859-1": "windows-1252", "latin-1": "windows-1252", "latin1": "windows-1252",
           "ascii": "windows-1252", "us-ascii": "windows-1252", "iso-8859-9": "windows-1254"}
_CONTROL = bytes(b for b in range(32) if b < 9 or 13 < b)  # control bytes that text never holds
# libxml2 stops at its resource limits (elements nested 256 deep; a text node or attribute over
# 10 MB) with a FATAL error and returns the part it read: the posts after that point would be
# lost without a word. So a fatal error is never ignored (see tree()). The HTML parser expands
# no DTD entities (`<!ENTITY>` in a page stays text) and never touches the network.
MAX_DEPTH = 255


def _parser(huge: bool):
    # One parser per page: its error_log must hold this page's errors only.
    # Plain lxml elements, not lxml.html's classes: their per-element Python class lookup
    # costs about 15 % of reading a page, and nothing here uses HtmlElement's extras.
    return etree.HTMLParser(encoding="utf-8", remove_comments=False, huge_tree=huge,
                                no_network=True)


def check_bytes(data: bytes, source: str) -> None:
    """Refuse what is not a web page at all, with a message naming the file."""
    if not data or data.isspace():  # not data.strip(): that copies the whole page
        raise InputError(f"{source}: the file is empty")
    head = data[:4096]
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):
        return  # UTF-16 with a BOM: text, decoded below
    if b"\x00" in head or len(head) - len(head.translate(None, _CONTROL)) > len(head) // 20:
        raise InputError(f"{source}: not a saved web page (binary data)")
    if b"<" not in data[:65536]:
        raise InputError(f"{source}: not a saved web page (no HTML markup)")


def decode(data: bytes, source: str = "<page>") -> tuple[str, str]:
    """Return (text, encoding used)."""
    check_bytes(data, source)
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return data.decode("utf-16", errors="replace"), "utf-16"
    if data.startswith(b"\xef\xbb\xbf"):
        return data[3:].decode("utf-8", errors="replace"), "utf-8"
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        pass
    damaged = _damaged_utf8(data)
    if damaged is not None:
        return damaged, "utf-8 (damaged)"  # not the bytes as they are: tree() re-encodes it
    declared = declared_charset(data)
    if declared:  # what bs4 would read below, without importing it (0.08-0.12 s)
        encoding = _WHATWG.get(declared, declared)
        try:
            return data.decode(encoding), encoding
        except (LookupError, UnicodeDecodeError):
            pass  # an unknown name, or bytes the charset cannot read: bs4 decides
    return _guessed(data, source)


def _guessed(data: bytes, source: str) -> tuple[str, str]:
    """(text, encoding) of a page neither UTF-8 nor cleanly in a charset it declares: bs4's
    guess, Russian windows-1251 where nothing is declared and the bytes look Cyrillic."""
    import logging

    from bs4.dammit import UnicodeDammit  # lazily: importing bs4 costs ~0.12 s, UTF-8 pages skip it

    # UnicodeDammit logs "Some characters could not be decoded" to stderr; the error contract
    # is one line there, and a replacement character is visible in the output anyway.
    logging.getLogger("bs4.dammit").setLevel(logging.ERROR)

    # windows-1252 before bs4's statistical guess: that guess comes from whichever of cchardet,
    # chardet or charset_normalizer happens to be installed (requests brings one), and made the
    # same page read differently from one machine to the next; without one, bs4 reached
    # windows-1252 anyway (UTF-8, its only other candidate, has failed by now).
    dammit = UnicodeDammit(data, is_html=True, user_encodings=["windows-1252"])
    declared = (dammit.declared_html_encoding or "").lower()
    if not declared and _looks_cyrillic_1251(data):
        return data.decode("windows-1251", errors="replace"), "windows-1251"
    encoding = _WHATWG.get(declared, declared) or _WHATWG.get(
        (dammit.original_encoding or "").lower(), dammit.original_encoding or "")
    if encoding:
        try:
            return data.decode(encoding, errors="replace"), encoding
        except LookupError:
            pass
    if dammit.unicode_markup is None:
        raise InputError(f"{source}: cannot tell the page's character set")
    return dammit.unicode_markup, dammit.original_encoding or "unknown"


# bs4's own patterns and limits for a declared charset (bs4.dammit.EncodingDetector.
# find_declared_encoding, is_html=True): an XML declaration in the first 1,024 bytes, else the
# first <meta ... charset=> in the first 2,048 bytes or 5 % of the page, whichever is more.
# tests/test_pages.py checks the two agree on every corpus page and on generated heads.
_XML_CHARSET = re.compile(rb"^\s*<\?.*encoding=['\"](.*?)['\"].*\?>", re.I)
_META_CHARSET = re.compile(rb"<\s*meta[^>]+charset\s*=\s*[\"']?([^>]*?)[ /;'\">]", re.I)


def declared_charset(data: bytes) -> str | None:
    """The charset a page (without a byte-order mark) declares, lower-cased, as bs4 finds it."""
    found = (_XML_CHARSET.search(data, 0, 1024)
             or _META_CHARSET.search(data, 0, max(2048, int(len(data) * 0.05))))
    name = found.group(1) if found else b""
    return name.decode("ascii", "replace").lower() if name else None


def _damaged_utf8(data: bytes) -> str | None:
    """UTF-8 with a few broken bytes (a cut character, a stray byte from an editor): its text
    with replacement characters, or None when the bytes are another charset. Text in an 8-bit
    charset almost never forms valid multi-byte UTF-8 sequences (Cyrillic windows-1251 letters
    are 0xC0–0xFF, never continuation bytes), so many valid non-ASCII characters and few
    broken ones can only be UTF-8. Otherwise a page transcoded to UTF-8 with a lying
    `<meta charset=windows-1251>` and one bad byte would be read as windows-1251 mojibake."""
    text = data.decode("utf-8", errors="replace")
    broken = text.count("\ufffd") - data.count("\ufffd".encode("utf-8"))
    wide = len(text) - len(text.encode("ascii", errors="ignore")) - broken
    return text if broken and wide >= 20 * broken else None


def _looks_cyrillic_1251(data: bytes) -> bool:
    """Undeclared 8-bit text: windows-1251 or a Western code page? In Russian, letters are high
    bytes (0xC0–0xFF), so high bytes stand next to each other inside words; in Western text an
    accented letter sits among ASCII letters ("café")."""
    sample = _TAGS.sub(b" ", data[:200_000])  # markup is ASCII whatever the language
    high = [i for i, b in enumerate(sample) if b >= 0xC0 or b in (0xA8, 0xB8)]
    if not high:
        return False
    marks = set(high)
    paired = sum(1 for i in high if i - 1 in marks or i + 1 in marks)
    return paired > 0.6 * len(high)


_END = re.compile(r"</(?:body|html)\s*>", re.I)
_START = re.compile(r"<(?:!doctype\s+html|html|head|body)\b", re.I)
# An archive's wrapper around a page's markup: CleanEval's `<text id=URL title=… encoding=…>`
# (web archives kept the body so, with no <html> or <head>): the file's first element, not one
# of HTML's, and its end tag the file's last.
_WRAPPER = re.compile(r"\A\ufeff?\s*(?:<!--.*?-->\s*)*<([a-z][a-z0-9_:-]*)[\s>]", re.I | re.S)
_HTML_TAGS = frozenset(("html head body div p span table tbody tr td ul ol li a b i u s em strong "
                        "br hr form center font section article main header footer nav").split())


def tree(data: bytes, source: str = "<page>", *, whole: bool = False):
    """Parse a saved page into an lxml HTML tree (root element), whole or not at all.

    `whole=True` (every page of a thread) also refuses a page cut short: a save or download
    interrupted mid-page parses without complaint into fewer posts, and the last of them may be
    cut mid-vote. Every engine's page closes its <body>; a page with no </body> and no </html>
    is taken to be cut short, unless it is a page's markup in an archive's wrapper element that
    closes the file (CleanEval's `<text id=URL …>`, no <html> or <head>).
    """
    text, encoding = decode(data, source)
    if whole and not closed(text):
        _refuse_unclosed(text, source)
    if encoding == "utf-8" and not data.startswith(b"\xef\xbb\xbf"):
        body = data  # strictly valid UTF-8 already (a BOM page may not be): no second copy
    else:  # re-encode as UTF-8 and tell libxml2 so: it would otherwise obey a lying <meta charset>
        body = text.encode("utf-8", errors="replace")
    declaration = _XML_DECL.match(body)
    if declaration:
        body = body[declaration.end():]
    root, fatal = _parse(body, source, huge=False)
    if fatal and not _too_deep(fatal[0]):
        # A text node or attribute over 10 MB (SingleFile pages inline their images as data:
        # URIs): read again without libxml2's size limits, then bound the depth ourselves
        # (the huge mode allows 2048 levels, deeper than Python's recursion in the parsers).
        root, fatal = _parse(body, source, huge=True)
        if not fatal and _depth(root) > MAX_DEPTH:
            fatal = ("depth", None)
    if fatal:
        message, line = fatal
        where = f" (line {line})" if line else ""
        if _too_deep(message):
            raise InputError(f"{source}: elements nested more than {MAX_DEPTH} deep{where}: "
                             "not a page votecount can read whole")
        raise InputError(f"{source}: cannot read the page whole{where}: {message}")
    page_memo(root)["page bytes"] = body  # the page's look proves absences from them (votecount/engines/kit/look.py)
    return root


def _refuse_unclosed(text: str, source: str) -> None:
    """A text that closes no <body> nor <html>: a page's markup in an archive's wrapper whose
    end tag closes the file passes; anything else is refused, as text or as a page cut short."""
    wrapper = _wrapper(text)
    if wrapper is not None and _closes(text, wrapper):
        return
    if wrapper is not None:
        raise InputError(f"{source}: the page is cut short (no </{wrapper}> at its end): save it again")
    if not _START.search(text, 0, 65536):  # JSON Lines, notes: text, never a page at all
        raise InputError(f"{source}: not a saved web page (text with no <html> or <body>)")
    raise InputError(f"{source}: the page is cut short (no </body> or </html>): save it again")


def _wrapper(text: str) -> str | None:
    """The name of the element an archive wrapped a page's markup in (its first element, of no
    name HTML gives a page's top), or None: text, or a page of HTML's own elements."""
    m = _WRAPPER.match(text, 0)
    name = m.group(1).lower() if m else None
    return name if name and name not in _HTML_TAGS else None


def _closes(text: str, name: str) -> bool:
    """The text ends with the end tag of `name` (white space after it allowed)."""
    tail = text[-200:].rstrip().lower()
    return bool(re.search(rf"</{re.escape(name)}\s*>\Z", tail))


def closed(text: str) -> bool:
    """The page closes its <body> or <html> somewhere. Asked of the last 64 kB first, where a
    page closes them (a search from the start walks all of a 1.8 MB page: 1.5 ms), then, only
    when they are not there, of the whole text: the same answer either way."""
    return bool(_END.search(text, max(0, len(text) - 65536)) or _END.search(text))


def _too_deep(message: str) -> bool:
    return "depth" in message.lower()


def _parse(body: bytes, source: str, huge: bool):
    """(root, None) or (root, (message, line)) of the first fatal error: a page read in part."""
    parser = _parser(huge)
    try:
        root = etree.fromstring(body, parser)
    except Exception as exc:  # lxml raises ParserError or ValueError on hopeless input
        raise InputError(f"{source}: cannot parse the page as HTML ({exc})") from None
    if root is None:
        raise InputError(f"{source}: cannot parse the page as HTML")
    fatal = next((e for e in parser.error_log if e.level_name == "FATAL"), None)
    return root, ((fatal.message.strip(), fatal.line) if fatal else None)


def _depth(root) -> int:
    depth = deepest = 0
    for event, _ in etree.iterwalk(root, events=("start", "end")):
        depth += 1 if event == "start" else -1
        deepest = max(deepest, depth)
    return deepest


# The page's own address, as the browser or SingleFile wrote it into the saved file:
# "<!-- saved from url=(0061)https://forum.example/viewtopic.php?t=5&start=15 -->" (Chrome,
# Edge, Internet Explorer: the number is the URL's length) and SingleFile's " url: https://…".
_SAVED_FROM = re.compile(r"saved from url=\(\d+\)\s*(\S+)", re.I)
_SINGLEFILE_URL = re.compile(r"^\s*url:\s*(https?://\S+)", re.M)


def _head_comments(doc) -> list:
    """The first comments of a saved page: where browsers and SingleFile write what they know
    of the save (its address, its moment). The first five of the document in document order
    (comments beside the root element, before and after it, count too), then every comment
    before the page's <body>: beside the root before it, among the root's first children, in
    <head> (SingleFile writes its header before or after <html>, or in <head>, and a theme's
    conditional comments may come first). Found once per page (the saved moment and the saved
    address both ask); the walk never enters the body."""
    memo = page_memo(doc)
    found = memo.get("head comments")
    if found is None:
        first = list(itertools.islice(document_iter(doc, etree.Comment), 5))
        seen = {id(c) for c in first}
        found = memo["head comments"] = first + [c for c in _before_body(doc) if id(c) not in seen]
    return found


def _before_body(doc):
    """The comments before the page's <body>, in document order: those beside the root
    element before it, then the root's children while they are comments or <head> (with the
    comments inside <head>). The first other child (<body>, or whatever a page without <head>
    starts with) ends the walk."""
    root = doc.getroottree().getroot()
    yield from reversed([n for n in root.itersiblings(preceding=True) if n.tag is etree.Comment])
    for child in root:
        if child.tag is etree.Comment:
            yield child
        elif child.tag != "head":
            return
        else:
            yield from child.iter(etree.Comment)
def saved_url(doc) -> str | None:
    """The address a saved page says it was saved from, or None."""
    for comment in _head_comments(doc):
        text = comment.text or ""
        m = _SAVED_FROM.search(text) or ("SingleFile" in text and _SINGLEFILE_URL.search(text))
        if m:
            return m.group(1).replace("&amp;", "&")
    return None


_SINGLEFILE_DATE = re.compile(r"saved date:\s*(.+?)\s*(?:\n|-->)", re.I)
_JS_DATE = re.compile(r"\w{3} (\w{3}) (\d{1,2}) (\d{4}) (\d{2}):(\d{2}):(\d{2}) GMT([+-]\d{4})")
_MONTHS = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split()


def saved_date(doc) -> datetime | None:
    """The moment SingleFile's header says the page was saved ("saved date: Sun Nov 29 2026
    20:10:41 GMT+0300 …"), or None."""
    for comment in _head_comments(doc):
        m = _SINGLEFILE_DATE.search(comment.text or "")
        if not m:
            continue
        j = _JS_DATE.search(m.group(1))
        if j and j.group(1) in _MONTHS:
            mon, day, year, h, mi, s, off = j.groups()
            return datetime.strptime(f"{year}-{_MONTHS.index(mon) + 1:02d}-{day} {h}:{mi}:{s} {off}",
                                     "%Y-%m-%d %H:%M:%S %z")
    return None
