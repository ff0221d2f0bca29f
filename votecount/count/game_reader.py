"""A TOML file's tables read with their lines: the value checks of the game file, each failure
one ConfigError that names the file and the line of the key at fault."""

from __future__ import annotations

import re
from datetime import date, datetime, time
from zoneinfo import ZoneInfo

from ..errors import ConfigError, did_you_mean


def _code(line: str) -> str:
    """A TOML line without its comment (a # inside a string is text, not a comment)."""
    quote = None
    for i, ch in enumerate(line):
        if quote:
            if ch == quote:
                quote = None
        elif ch in "\"'":
            quote = ch
        elif ch == "#":
            return line[:i]
    return line


def _span(lines: list[str], section: tuple[str, int] | None) -> range:
    """The lines of the table `section` names: ("days", 2) is the second [[days]], ("game", 1)
    the [game] table; the whole file when there is no such header."""
    if section is None:
        return range(len(lines))
    name, index = section
    header = re.compile(rf"^\s*\[\[?\s*{re.escape(name)}\s*\]\]?\s*$")
    starts = [i for i, line in enumerate(lines) if header.match(_code(line))]
    if len(starts) < index:
        return range(len(lines))
    start = starts[index - 1]
    end = next((i for i in range(start + 1, len(lines)) if _code(lines[i]).lstrip().startswith("[")),
               len(lines))
    return range(start, end)


def _line_of(text: str, needle: str, section: tuple[str, int] | None = None) -> int | None:
    """The line to name for an error about `needle`: the line where it is a key (or a table
    header), else where it is written outside a comment, first inside `section`, then in the
    whole file; a comment that mentions it first never wins."""
    lines = text.splitlines()
    code = [_code(line) for line in lines]
    key = re.compile(rf"^\s*(?:[\"']?{re.escape(needle)}[\"']?\s*=|\[\[?\s*{re.escape(needle)}\s*\]\]?\s*$)")
    for span in (_span(lines, section), range(len(lines))):
        for test in (key.match, lambda c: needle in c):
            found = next((i for i in span if test(code[i])), None)
            if found is not None:
                return found + 1
    return next((i for i, line in enumerate(lines, 1) if needle in line), None)


class Reader:
    """Reads the tables of one TOML file; every failure is a ConfigError naming the file and
    the line of the key (or value) at fault, looked for first in `section`, the table being read."""

    def __init__(self, path: str, text: str):
        self.path, self.text = path, text
        self.section: tuple[str, int] | None = None  # the table being read, for error lines

    def fail(self, message: str, near: str | None = None):
        line = _line_of(self.text, near, self.section) if near else None
        raise ConfigError(f"{self.path}" + (f": line {line}" if line else "") + f": {message}")

    def keys(self, table: dict, allowed: set, what: str):
        for k in table:
            if k not in allowed:
                self.fail(f"unknown key '{k}' in {what}{did_you_mean(k, allowed)}", f"{k}")

    def string(self, table: dict, key: str, what: str, default=None):
        v = table.get(key, default)
        if v is not None and not isinstance(v, str):
            self.fail(f"{what}.{key} must be a string", key)
        return v

    def strings(self, table: dict, key: str, what: str) -> tuple[str, ...]:
        v = table.get(key, [])
        if isinstance(v, str):
            v = [v]
        if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
            self.fail(f"{what}.{key} must be a list of nicks", key)
        return tuple(v)

    def post_number(self, table: dict, key: str, what: str) -> int | None:
        v = table.get(key)
        if v is not None and (isinstance(v, bool) or not isinstance(v, int) or v < 1):
            self.fail(f"{what}.{key} must be a post number (a whole number from 1)", key)
        return v

    def moment(self, table: dict, key: str, what: str, tz: ZoneInfo) -> datetime | None:
        v = table.get(key)
        if v is None:
            return None
        if isinstance(v, datetime):
            return v if v.tzinfo else v.replace(tzinfo=tz)
        if isinstance(v, str):
            try:
                parsed = datetime.fromisoformat(v)
            except ValueError:
                self.fail(f"{what}.{key} = '{v}' is not a date and time (2026-11-29T20:00:00+03:00)", key)
            return parsed if parsed.tzinfo else parsed.replace(tzinfo=tz)
        if isinstance(v, (date, time)):
            self.fail(f"{what}.{key} needs both a date and a time", key)
        self.fail(f"{what}.{key} must be a date and time", key)
