"""The error family. Every expected failure is one of these; the CLI maps them to exit codes.

A message names the place (file, page, post) so a user can find the cause without a traceback.
"""


import difflib


def did_you_mean(word: str, options) -> str:
    """"; did you mean 'X'?" for the closest of `options`, or "" when none is close."""
    close = difflib.get_close_matches(word, list(options), n=1, cutoff=0.5)
    return f"; did you mean '{close[0]}'?" if close else ""


class VotecountError(Exception):
    """Base class: a clear one-line message, an exit status."""

    exit_code = 2


class InputError(VotecountError):
    """The input cannot be read: missing, empty, binary, unreadable."""


class ParseError(VotecountError):
    """A page was read but a parser could not extract a post field, or no engine matched."""


class ConfigError(VotecountError):
    """A game file, rules file or option is wrong."""


class FetchError(VotecountError):
    """A page could not be fetched."""

    exit_code = 3
