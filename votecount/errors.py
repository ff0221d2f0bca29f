"""The error family. Every expected failure is one of these; the CLI maps them to exit codes.

A message names the place (file, page, post) so a user can find the cause without a traceback.
"""


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
