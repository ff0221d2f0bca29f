"""Cookies for closed forum sections: a browser's cookies.txt export and --cookie NAME=VALUE.

cookies.txt is the Netscape format browser extensions export: one cookie per line, seven
tab-separated fields (domain, include-subdomains flag, path, secure, expiry, name, value).
It is read here rather than with http.cookiejar.MozillaCookieJar because exports vary in ways
that class refuses or silently drops: no magic first line, a BOM, CRLF line ends,
`#HttpOnly_` prefixes, session cookies with expiry 0. A malformed line is an error naming its
number; a cookie's value never appears in a message.
"""

from __future__ import annotations

import time
from http.cookiejar import Cookie, CookieJar
from pathlib import Path

from ..errors import ConfigError

_HTTPONLY = "#HttpOnly_"


def _cookie(domain: str, path: str, name: str, value: str, *, secure: bool = False,
            expires: int | None = None, host_only: bool = False) -> Cookie:
    return Cookie(version=0, name=name, value=value, port=None, port_specified=False,
                  domain=domain, domain_specified=not host_only,
                  domain_initial_dot=domain.startswith("."), path=path or "/",
                  path_specified=True, secure=secure, expires=expires, discard=expires is None,
                  comment=None, comment_url=None, rest={}, rfc2109=False)


def load_cookies_txt(path: str | Path, jar: CookieJar | None = None, now: float | None = None) -> CookieJar:
    """Add the cookies of a Netscape cookies.txt file to `jar` (a new one by default).
    Expired cookies are left out, as a browser would not send them."""
    jar = jar if jar is not None else CookieJar()
    now = time.time() if now is None else now
    try:
        text = Path(path).read_bytes().decode("utf-8-sig", errors="replace")
    except OSError as exc:
        raise ConfigError(f"--cookies {path}: cannot read ({exc.strerror or exc})") from None
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip("\r\n")
        if line.startswith(_HTTPONLY):
            line = line[len(_HTTPONLY):]
        elif not line.strip() or line.lstrip().startswith("#"):
            continue
        fields = line.split("\t")
        if len(fields) == 6:  # some exporters drop an empty value's tab
            fields.append("")
        if len(fields) != 7:
            raise ConfigError(f"--cookies {path}: line {number}: not a cookies.txt line "
                              f"({len(fields)} tab-separated fields, 7 expected)")
        domain, subdomains, cpath, secure, expiry, name, value = fields
        if not domain or not name:
            raise ConfigError(f"--cookies {path}: line {number}: a cookie without a domain or name")
        try:
            expires = int(float(expiry or 0))
        except ValueError:
            raise ConfigError(f"--cookies {path}: line {number}: expiry '{expiry}' is not a number") from None
        if expires and expires < now:
            continue
        include_sub = subdomains.upper() == "TRUE"
        if include_sub and not domain.startswith("."):
            domain = "." + domain
        jar.set_cookie(_cookie(domain, cpath, name, value, secure=secure.upper() == "TRUE",
                               expires=expires or None, host_only=not include_sub))
    return jar


def add_cookie_option(jar: CookieJar, spec: str, host: str) -> None:
    """--cookie NAME=VALUE: a cookie for the host of the thread's URL only."""
    name, sep, value = spec.partition("=")
    name = name.strip()
    if not sep or not name:
        raise ConfigError(f"--cookie {name or spec[:20]}…: expected NAME=VALUE")
    jar.set_cookie(_cookie(host, "/", name, value.strip(), host_only=True))


def redact(text: str, jar: CookieJar | None) -> str:
    """`text` with every cookie value of `jar` replaced by '***' (for error messages)."""
    if jar is None:
        return text
    for c in jar:
        if c.value and len(c.value) >= 4:
            text = text.replace(c.value, "***")
    return text
