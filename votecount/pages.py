"""Bytes of a saved page → text → lxml tree. The one place that decides a page's charset.

Saved pages lie about their charset: repositories and browsers transcode pages to UTF-8 and
leave `<meta charset=windows-1251>` behind. Valid UTF-8 is therefore tried first (random
windows-1251 or latin-1 text is almost never valid UTF-8), then what the page declares, then
bs4's UnicodeDammit guesses. ISO-8859-1 is read as windows-1252, as browsers do.
"""

from __future__ import annotations

import re

from lxml import html as lxml_html

from .errors import InputError

_TAGS = re.compile(rb"<[^>]*>")
_XML_DECL = re.compile(rb"^\s*<\?xml[^>]*\?>")
_WHATWG = {"iso-8859-1": "windows-1252", "latin-1": "windows-1252", "latin1": "windows-1252",
           "ascii": "windows-1252", "us-ascii": "windows-1252", "iso-8859-9": "windows-1254"}
_CONTROL = bytes(b for b in range(32) if b < 9 or 13 < b)  # control bytes that text never holds
_PARSER = lxml_html.HTMLParser(encoding="utf-8", remove_comments=False, huge_tree=False)


def check_bytes(data: bytes, source: str) -> None:
    """Refuse what is not a web page at all, with a message naming the file."""
    if not data.strip():
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
    from bs4.dammit import UnicodeDammit  # lazily: importing bs4 costs ~0.12 s, UTF-8 pages skip it

    dammit = UnicodeDammit(data, is_html=True)
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


def tree(data: bytes, source: str = "<page>"):
    """Parse a saved page into an lxml HTML tree (root element)."""
    text, encoding = decode(data, source)
    if encoding == "utf-8" and not data.startswith(b"\xef\xbb\xbf"):
        body = data  # strictly valid UTF-8 already (a BOM page may not be): no second copy
    else:  # re-encode as UTF-8 and tell libxml2 so: it would otherwise obey a lying <meta charset>
        body = text.encode("utf-8", errors="replace")
    declaration = _XML_DECL.match(body)
    if declaration:
        body = body[declaration.end():]
    try:
        root = lxml_html.document_fromstring(body, parser=_PARSER)
    except Exception as exc:  # lxml raises ParserError or ValueError on hopeless input
        raise InputError(f"{source}: cannot parse the page as HTML ({exc})") from None
    if root is None:
        raise InputError(f"{source}: cannot parse the page as HTML")
    return root
