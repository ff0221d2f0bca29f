"""The house rules' reading of a post (RULES.md H.*): whether its own text carries one of a
GM's words ("меняю голос на", "отменяю голос", "окончательно": H.5, H.7), whether its extra
words are only such words (no C3.1 warning for them), and whether it is a vote posted as an
image (H.12). Words match case-insensitively with ё = е, on word boundaries, in the post's own
text: quotes are not part of it (model.Post.text), so a word inside a quote never counts."""

from __future__ import annotations

import re

from ..model import Post
from .rawquote import without_quotes
from .vocabulary import PREFIX

# An <img> that is not a smiley (a smiley's class, alt or address says so): H.12's picture.
_IMG = re.compile(r"<img\b[^>]*>", re.IGNORECASE)
_SMILEY = re.compile(r"smil|emoji|emoticon|emot|class=\"[^\"]*\bsmile", re.IGNORECASE)


def _fold(text: str) -> str:
    return " ".join(text.casefold().replace("ё", "е").split())


def _pattern(word: str) -> re.Pattern:
    return re.compile(rf"(?<!\w){re.escape(_fold(word))}(?!\w)")


def carries(post: Post, words: tuple[str, ...]) -> str | None:
    """The first of `words` (as the rules write it) that the post's own text carries, else None."""
    text = _fold(without_quotes(post.text))
    return next((w for w in words if _pattern(w).search(text)), None)


def only_house_words(post: Post, written: str, words: tuple[str, ...]) -> bool:
    """The post says the nick `written`, a vote prefix and some of `words`, nothing else: its
    extra words are the house rules' own (a final or change phrase), not C3.1's other words."""
    text = _fold(without_quotes(post.text))
    for w in words:
        text = _pattern(w).sub(" ", text)
    text = PREFIX.sub("", " ".join(text.split()).strip(" \t,;:!.-—"), count=1)
    return " ".join(text.split()).strip(" \t,;:!.-—") == _fold(written)


def image_only(post: Post) -> bool:
    """H.12: the post's own body (quotes aside) holds images, no smiley among them counted, and
    no text: a vote posted as a picture, for the GM to read by eye."""
    if post.text.strip():
        return False
    images = _IMG.findall(post.html or "")
    return any(not _SMILEY.search(img) for img in images)
