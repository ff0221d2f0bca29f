"""A page's look: what its markup and its texts hold, asked for a word before a walk of the
page for it, so that a word the page lacks costs no walk (detection's literals, a class test,
a script's word, a phrase of the page's texts: pagewalk.lacks, texts_containing).

A look answers for a word "may hold" (True) or "lacks" (False); only False is acted on, and
it must be proved. Two questions, two proofs:

- A word of the **markup** (a tag or attribute name, an attribute value, a comment, a doctype):
  the bytes libxml2 parsed (pages.tree keeps them in the page memo) hold it as written, in
  UTF-8, ASCII letters in either case, but for character references, which the parser
  replaces in attribute values (`class="post&#95;body"` is `post_body`). So the bytes prove an
  absence only of a word none of whose characters a reference on the page stands for
  (`_made`); for any other word, and for a tree with no bytes (built by a caller), the tree
  written back answers, which holds every name and value as it stands (libxml2 escapes only
  `&`, `<`, `>`, quotes and line breaks in a value): 3–9 times its cost.
- A word of the **texts** (a text node, or an element's string value): libxml2's text
  serialisation of each top node, which holds every text node of the page, and each
  element's string value, as a contiguous piece. (The bytes do not: the parser drops a stray
  end tag, `post</span>body` is the text "postbody".)

A word of either kind holds no `&`, `<`, `>`, quote or white space but a phrase's spaces
(tests/engines/test_look.py asks it of every word the engines ask, and holds the look to the
tree written back on every page and on generated markup).

Words asked together (detection's 30 literals, engines.LITERALS) are looked for in one pass of
the bytes (`ask`: an Aho-Corasick automaton, ahocorasick_rs, made once per set of words): a
pass costs about five scans of one word (2 ns a byte against 0.35), and asking each engine in
turn took up to 29 scans a page (`python bench/look.py`: 3.8 ms a page against 0.55). Each
answer is kept.
"""

from __future__ import annotations

import functools
import re
from html.entities import html5

from lxml import etree

# A character reference, but for the common ones whose characters (`_ALWAYS`) no word holds:
# those are counted as made on every page, and the scan builds no match for them.
_REF = re.compile(rb"&(?!(?:amp|nbsp|quot|lt|gt|copy|raquo|laquo|middot|hellip|bull|times|trade);)"
                  rb"(#[xX]?[0-9a-fA-F]+|[A-Za-z][A-Za-z0-9]*)")
_ALWAYS = frozenset("&\xa0\"<>\xa9\xbb\xab\xb7\u2026\u2022\xd7\u2122'")
_NAMED: dict[str, str] = {}
for _name, _chars in html5.items():  # "amp" and "amp;" alike: a name with or without its ";"
    _NAMED[_name.rstrip(";")] = _NAMED.get(_name.rstrip(";"), "") + _chars
_LONGEST_NAME = max(map(len, _NAMED))


def tops(doc) -> list:
    """The root element and the nodes beside it, in document order: comments, and any element
    libxml2 left there (a second <html>: the forum's page behind a host's)."""
    root = doc.getroottree().getroot()
    return [*reversed(list(root.itersiblings(preceding=True))), root, *root.itersiblings()]


class Look:
    """What a page holds, for proving that it lacks a word. `raw`: the bytes libxml2 parsed,
    or None (the tree is written back instead). Each part is made when first asked for."""

    __slots__ = ("_doc", "_raw", "_lower", "_texts", "_text", "_made", "_written", "_known", "_lacked")

    def __init__(self, doc, raw: bytes | None = None):
        self._doc, self._raw = doc, raw
        self._lower = self._texts = self._text = self._made = self._written = None
        self._known: dict[str, bool] = {}  # each word's answer, once found
        self._lacked: set[str] = set()  # words `ask` found the bytes lack (the tree may hold them)

    def may_hold(self, word: str) -> bool:
        """False proves that no tag or attribute name, attribute value or comment holds `word`."""
        known = self._known.get(word)
        if known is None:
            known = self._known[word] = self._may_hold(word)
        return known

    def ask(self, words: tuple[str, ...]) -> None:
        """Find the answers for `words` in one pass of the bytes (an automaton is made once for
        each distinct tuple: detection asks the same one of every page); `may_hold` then gives
        them. With no bytes, each is left to the tree written back."""
        if self._raw is None or all(w in self._known for w in words):
            return
        keys, finder = _finder(words)
        found = {keys[i] for i, _, _ in finder.find_matches_as_indexes(self.lower(), overlapping=True)}
        for word in words:
            key = word.encode().lower()
            if not key or key in found:
                self._known[word] = True
            else:  # proved absent when first asked: the tree may have to be written back
                self._lacked.add(word)

    def _may_hold(self, word: str) -> bool:
        key = word.encode().lower()
        if self._raw is None:
            written = self.written()
            return written is None or key in written
        return (word not in self._lacked and key in self.lower()) or self._unproven(key)

    def _unproven(self, key: bytes) -> bool:
        """A word the bytes lack (lower case, UTF-8) may still be in the tree: where a reference
        on the page stands for one of its characters, the tree written back answers."""
        if self.made().isdisjoint(key.decode()):
            return False
        written = self.written()
        return written is None or key in written

    def lower(self) -> bytes:
        """The bytes libxml2 parsed, ASCII letters in lower case."""
        if self._lower is None:
            self._lower = self._raw.lower()
        return self._lower

    def may_hold_text(self, word: str) -> bool:
        """False proves that no text node, nor any element's string value, holds `word`."""
        if self._texts is None:
            root = self._doc.getroottree().getroot()
            self._texts = b"\0".join((self.text() + (node.tail or "")).encode("utf-8", "surrogatepass")
                                     if node is root else _texts_of(node) for node in tops(self._doc)).lower()
        return word.encode().lower() in self._texts

    def text(self) -> str:
        """The root element's string value (its texts in document order): the page's text, which
        the texts' look holds and zone.page_language reads."""
        if self._text is None:
            self._text = string_of(self._doc.getroottree().getroot())
        return self._text

    def made(self) -> frozenset[str]:
        """The characters the page's character references may stand for (ASCII letters in
        lower case), as a parser following HTML5 or HTML 4 reads them, by the longest name or
        any shorter one (`&notit;` may be `¬it;`)."""
        if self._made is None:
            chars = set(_ALWAYS)
            for ref in set(_REF.findall(self._raw)):
                chars.update(_numeric(ref) if ref[:1] == b"#" else _named(ref.decode("ascii")))
            self._made = frozenset(c.lower() if c.isascii() else c for c in chars)
        return self._made

    def written(self) -> bytes | None:
        """The tree written back, lower case, or None when it is not the whole page: libxml2
        writes the root and the comments beside it, but not an element it left beside the root,
        nor a text there (ptforum's phpBB 2 page has a second <html>)."""
        if self._written is None:
            root = self._doc.getroottree().getroot()
            beside = [n for n in tops(self._doc) if n is not root]
            whole = not root.tail and not any(isinstance(n.tag, str) or n.tail for n in beside)
            self._written = (etree.tostring(root.getroottree(), encoding="utf-8").lower()
                             if whole else b"")
        return self._written or None


@functools.lru_cache(maxsize=64)
def _finder(words: tuple[str, ...]):
    """The words' distinct keys (lower case, UTF-8) and their automaton (ahocorasick_rs,
    imported when first needed: 5 ms, not every command's)."""
    import ahocorasick_rs

    keys = tuple(k for k in dict.fromkeys(w.encode().lower() for w in words) if k)
    return keys, ahocorasick_rs.BytesAhoCorasick(list(keys))


# An element's string value in C (6 times `"".join(itertext())` on a page; markup.string_value
# is that join, cheaper for the small elements the role matchers test): the page's text here,
# a link's text in read/zone.py.
string_of = etree.XPath("string()", smart_strings=False)


def _texts_of(node) -> bytes:
    """A top node's texts in document order (an element's string value and its tail)."""
    if isinstance(node.tag, str):
        return etree.tostring(node, method="text", encoding="utf-8", with_tail=True)
    return (node.tail or "").encode()


@functools.lru_cache(maxsize=4096)
def _numeric(ref: bytes) -> str:
    """What `&#…` may stand for: the code point, and the windows-1252 letter HTML5 reads for
    0x80–0x9F (zero, a code point past Unicode's, or a surrogate, is U+FFFD)."""
    hexa = ref[1:2] in (b"x", b"X")
    digits = re.match(rb"[0-9a-fA-F]+" if hexa else rb"[0-9]+", ref[2:] if hexa else ref[1:])
    if digits is None:
        return ""
    value = int(digits.group(), 16 if hexa else 10)
    if value == 0 or value > 0x10FFFF or 0xD800 <= value <= 0xDFFF:
        return "\ufffd"
    extra = bytes([value]).decode("cp1252", "ignore") if 0x80 <= value <= 0x9F else ""
    return chr(value) + extra


@functools.lru_cache(maxsize=4096)
def _named(name: str) -> str:
    """What `&name` may stand for: the entity of the whole name, or of any shorter start of it
    (HTML5 reads some without their ";"): HTML 4's names are among HTML5's."""
    return "".join(_NAMED.get(name[:i], "") for i in range(1, min(len(name), _LONGEST_NAME) + 1))
