"""User text made safe inside a post's markup: BBCode (bbcode.py) and Markdown (markdown.py), and
the templates' filters `bb`, `md`, `bburl`, `mdurl` (template.py)."""

from __future__ import annotations

import re

# "[" followed by a zero-width space is not a tag on any engine, and looks the same; names.py
# drops zero-width characters, so a nick copied back from the post still matches.
ZWSP = "\u200b"
# only what can start markup mid-line; lines never begin with user text, so # + - need no escape
SPECIAL = re.compile(r"([\\`*_\[\]<>|~])")


def bbcode(text: str) -> str:
    return text.replace("[", "[" + ZWSP)


def bbcode_url(url: str) -> str:
    """An address inside [url=…]: a "]" would end the tag early; forums accept it percent-encoded."""
    return url.replace("]", "%5D").replace("[", "%5B").replace(" ", "%20")


def markdown(text: str) -> str:
    return SPECIAL.sub(r"\\\1", text)


def markdown_url(url: str) -> str:
    """An address inside <…> of a Markdown link: a ">" would end it early."""
    return url.replace(">", "%3E")
