"""Markup helpers every engine module shares: text of an element (lines kept), whitespace
squashed, ids taken from URLs, quotes and signatures removed from a copy of the body, and the
detection helpers (`has`, `generator`). Pure functions of lxml trees; base.py re-exports them.
"""

from __future__ import annotations

import copy
import re

from lxml import etree

# The tags that start and end a line of a post's text: one set for text_of here and for the
# colour runs' walk (votecount.engines.kit.runs), which must read the same lines.
BLOCK_TAGS = frozenset("p div li tr blockquote h1 h2 h3 h4 h5 h6 pre dd dt table ul ol".split())

_DIGITS = re.compile(r"\d+")


def squash(text: str) -> str:
    """Runs of whitespace (no-break spaces too) as one space, none at the ends. str.split() sees
    the same characters as whitespace as a regex's backslash-s does, ten times faster."""
    return " ".join(text.split())


def digits(text: str) -> str:
    m = _DIGITS.search(text or "")
    return m.group(0) if m else ""


def take(rx: re.Pattern, text: str) -> str:
    """The id `rx` finds in `text`: its first group, else the whole match; '' if none."""
    m = rx.search(text or "")
    if not m:
        return ""
    return (m.group(1) if rx.groups else m.group(0)) or ""


def text_of(el) -> str:
    """Visible text with <br> and block ends as newlines (ballot lines matter)."""
    return squash_lines(text_pieces(el, None, None))


def text_pieces(el, drop, found) -> str:
    """The text of `el`'s contents before squash_lines. An element the DropWalk `drop` (or
    None) drops is left out but for its tail, which `remove` keeps, and put in the list
    `found`: the text of the body that cleaning leaves, from the walk that finds what it drops."""
    out = [el.text] if el.text else []
    for child in el:
        _walk_text(child, out, drop, found)
    return "".join(out)


def _walk_text(node, out: list, drop, found) -> None:
    tag = node.tag
    if not isinstance(tag, str):  # comments, processing instructions
        if node.tail:
            out.append(node.tail)
        return
    if drop is not None and drop.hit(node):
        found.append(node)
    else:
        tag = tag.lower()
        if tag == "br":
            out.append("\n")
        elif tag != "script" and tag != "style":
            block = tag in BLOCK_TAGS  # a block starts a new line: "Вася<div>…" is not "Вася…"
            if block:
                out.append("\n")
            if node.text:
                out.append(node.text)
            for child in node:
                _walk_text(child, out, drop, found)
            if block:
                out.append("\n")
    if node.tail:
        out.append(node.tail)


def squash_lines(text: str) -> str:
    """Each line's runs of spaces as one space, none at its ends, no empty lines. str.split()
    sees the spaces the pattern `[^\\S\\n]+` does (every line break but a newline among
    them), and is three times as fast as that pattern over the whole text."""
    lines = (" ".join(line.split()) for line in text.split("\n"))
    return "\n".join(line for line in lines if line)


def remove(el) -> None:
    """Remove an element but keep its tail text in place."""
    parent = el.getparent()
    if parent is None:
        return
    tail = el.tail
    if tail:
        prev = el.getprevious()
        if prev is not None:
            prev.tail = (prev.tail or "") + tail
        else:
            parent.text = (parent.text or "") + tail
    parent.remove(el)


def cleaned(body, drops):
    """`body` without quotes, signatures, notices, struck text: a copy when it has any, else
    `body` itself (most posts quote nobody: the document's own body is read as it is).

    The drops are asked once, of the page's own body; what they find is removed from the copy,
    found there at the same place in document order (asking them again of the copy cost as
    much as the first time)."""
    found = [el for xp in drops for el in xp(body) if el is not body]
    if found:
        body, found = _copied(body, found)
        for el in found:
            remove(el)
    return body


def cleaned_text(body, drops) -> tuple[object, str | None]:
    """(`cleaned(body, drops)`, its text_pieces or None). When the drops are one DropWalk, the
    walk that reads the body's text finds what they drop (the outermost of each: what lies
    inside goes with it), and long posts are walked once, not twice."""
    if len(drops) != 1 or not isinstance(drops[0], DropWalk):
        return cleaned(body, drops), None
    found: list = []
    text = text_pieces(body, drops[0], found)
    if found:
        body, found = _copied(body, found)
        for el in found:
            remove(el)
    return body, text


def clean_body(body, drops) -> tuple[str, str]:
    """(html, text) of a copy of `body` without quotes, signatures, notices, struck text."""
    return serialised(cleaned(body, drops))


def serialised(body) -> tuple[str, str]:
    """(html, text) of a body as it stands: its own text and children written back, the ends
    stripped, and its text lines."""
    return inner_html(body), text_of(body)


def inner_html(body) -> str:
    """The body's own text and its children written back, the ends stripped."""
    lead = body.text or ""
    children = _children_at_once(body) if len(body) >= _AT_ONCE_FROM else None
    if children is None:
        children = "".join(etree.tostring(child, method="html", encoding="unicode") for child in body)
    return (lead + children).strip()


# From this many children, the body is written once and its own tags cut off: a tostring()
# call costs about 2 µs whatever it writes, and a long post has hundreds of children (<br>).
_AT_ONCE_FROM = 8


def _children_at_once(body) -> str | None:
    """The body's children written back (their tails too), cut from one serialisation of the
    body: from its first "<" after the start tag's own, which is the first child's (libxml2
    escapes "<" in text and in attribute values), to its end tag. None where that may not
    hold and each child is written on its own: raw text (script, style), an attribute name
    holding "<" (the HTML5 tokeniser allows it), the first child not found there
    (tests/engines/test_pageread.py: every body of the corpus, fixtures, random markup)."""
    tag = body.tag
    if not isinstance(tag, str) or tag in _RAW_TEXT_TAGS or any("<" in name for name in body.keys()):
        return None
    whole = etree.tostring(body, method="html", encoding="unicode", with_tail=False)
    end = f"</{tag}>"
    at = whole.find("<", 1)
    first = etree.tostring(body[0], method="html", encoding="unicode")
    if at < 0 or not whole.endswith(end) or not whole.startswith(first, at):
        return None
    return whole[at:len(whole) - len(end)]


_RAW_TEXT_TAGS = frozenset(("script", "style"))


def _copied(body, found: list) -> tuple[object, list]:
    """A deep copy of `body`, and the copies of the `found` elements inside it (in order): each
    found again by its path of child indexes from the body, not by an index of every element
    of the body and of its copy (a dropped quote is a few steps down, the body has hundreds)."""
    paths = [path for path in (_path(el, body) for el in found) if path is not None]
    twin = copy.deepcopy(body)
    return twin, [_follow(twin, path) for path in paths]


def _path(el, top) -> list[int] | None:
    """The child indexes from `top` down to `el` (element-like children: comments count, as
    in el[i]); None when `el` is `top` or not inside it."""
    steps: list[int] = []
    while el is not top:
        parent = el.getparent()
        if parent is None:
            return None
        steps.append(parent.index(el))
        el = parent
    return steps[::-1] or None


def _follow(el, path: list[int]):
    for i in path:
        el = el[i]
    return el


# --- the drops as one walk of the body ------------------------------------------------------

_STEP = re.compile(r"\.//(\*|[a-z][\w-]*)")
# What may make a predicate positional (or is not worth proving otherwise): left in the union.
_POSITIONAL = re.compile(r"position\(|last\(|count\(|number\(|sum\(|string-length\(|floor\(|"
                         r"ceiling\(|round\(|\||^\s*(?:\d|\.\d|-|\$)")
_CLS_TEST = re.compile(r"\(contains\(@class, '([^']+)'\) and contains\(concat\(' ', "
                       r"normalize-space\(@class\), ' '\), ' \1 '\)\)")
_STYLE_TEST = re.compile(r"contains\(translate\(@style, '[A-Z-]+', '[a-z-]+'\), '[a-z-]+'\)")


def drop_walk(drops: tuple[str, ...]) -> str:
    """The union `drops` as one XPath that walks a body once: each `.//tag[p]…` is an
    alternative `self::tag and (p) and …` of one `.//*[…]`, those that test a class (`cls()`)
    or a style behind one `@class` or `@style` test. Both select the same elements in the
    same order (document order, each once): a predicate that is not positional means the same
    on `.//tag` as on `.//*`. Any other shape stays in the union as it is."""
    alts: dict[str, list[str]] = {"": [], "class": [], "style": []}
    odd: list[str] = []
    for drop in dict.fromkeys(drops):
        m = _STEP.match(drop)
        preds = _predicates(drop[m.end():]) if m else None
        if preds is None or any(_POSITIONAL.search(p) for p in preds):
            odd.append(drop)
            continue
        terms = ([] if m.group(1) == "*" else [f"self::{m.group(1)}"]) + [f"({p})" for p in preds]
        alts[next(filter(None, map(_needs, preds)), "")].append(" and ".join(terms) or "true()")
    parts = [f"({a})" for a in alts[""]]
    parts += [f"(@{attr} and ({' or '.join(f'({a})' for a in alts[attr])}))"
              for attr in ("class", "style") if alts[attr]]
    return " | ".join(([f".//*[{' or '.join(parts)}]"] if parts else []) + odd)


class DropWalk:
    """The drops as one walk of the body in Python, when each is `.//tag`, `.//tag[…]` with
    class tests (`cls()`, or-ed) or the struck-text style test: the same elements in the same
    order as libxml2's union (tests/engines/test_pageread.py), at a fifth of its cost on long
    posts (reading two attributes of an element costs less than libxml2's string tests). What a
    class or style value holds is found once a value (bay12's SMF page: 13 class values and 44
    styles over 16,000 elements)."""

    __slots__ = ("tags", "classes", "names", "style", "_classes", "_styles")

    def __init__(self, tags: frozenset, classes: tuple, style: tuple | None):
        self.tags = tags  # dropped whatever their class
        self.classes = classes  # (tag or None for any, {class names}) per drop
        self.names = frozenset().union(*(wanted for _, wanted in classes))  # any of them
        self.style = style  # (translate table, needle) of the struck-text test, or None
        self._classes: dict[str, frozenset] = {}  # a class value → the names of `names` it holds
        self._styles: dict[str, bool] = {}  # a style value → it strikes the text

    def __call__(self, body) -> list:
        elements = body.iter(etree.Element)
        next(elements)  # the body itself, first in its own walk
        return [el for el in elements if self.hit(el)]

    def hit(self, el) -> bool:
        """The element is dropped: by its tag, by a class on its tag, or by its style."""
        tag = el.tag
        if tag in self.tags:
            return True
        value = el.get("class") if self.names else None
        if value:
            hit = self._classes.get(value)
            if hit is None:
                hit = _remember(self._classes, value, self.names.intersection(class_tokens(value)))
            if hit and self._by_class(tag, hit):
                return True
        style = self.style
        value = el.get("style") if style is not None else None
        if value is None:
            return False
        struck = self._styles.get(value)
        return _remember(self._styles, value, style[1] in value.translate(style[0])) if struck is None else struck

    def _by_class(self, tag: str, hit: set) -> bool:
        """One of the element's classes `hit` is dropped on an element of its tag."""
        return any((want is None or want == tag) and not hit.isdisjoint(wanted)
                   for want, wanted in self.classes)


_REMEMBERED = 4096  # values a DropWalk keeps the answers of (forgotten all at once beyond)


def _remember(seen: dict, value: str, answer):
    if len(seen) >= _REMEMBERED:
        seen.clear()
    seen[value] = answer
    return answer


_XML_SPACE = str.maketrans("\t\n\r", "   ")  # the spaces normalize-space() folds


def class_tokens(value: str) -> list[str]:
    """The names `cls()` sees in a class attribute: split at the spaces normalize-space()
    folds (an empty name between two spaces matches no class name)."""
    return value.translate(_XML_SPACE).split(" ")


def has_class(el, name: str) -> bool:  # `cls(name)` of an element (names_class)
    return names_class(el.get("class"), name)


def names_class(value: str | None, name: str) -> bool:
    """`cls(name)` of a class attribute `value` (None: none): `contains(@class, name)` first
    (most fail it), then among its tokens (tab, newline and CR are spaces; a no-break space no)."""
    return bool(value) and name in value and name in class_tokens(value)


def string_value(el) -> str:
    """XPath's string of an element: its text nodes (itertext skips comments and PIs, keeps their tails)."""
    return "".join(el.itertext())


_STYLE_PARTS = re.compile(r"contains\(translate\(@style, '([A-Z-]+)', '([a-z-]+)'\), '([a-z-]+)'\)")


def drop_matcher(drops: tuple[str, ...]) -> DropWalk | None:
    """The drops as a DropWalk, or None when one has another shape (libxml2 asks them)."""
    tags, classes, style = set(), [], None
    for drop in dict.fromkeys(drops):
        m = _STEP.match(drop)
        preds = _predicates(drop[m.end():]) if m else None
        tag = m.group(1) if m else "*"
        if preds is None or len(preds) > 1 or (not preds and tag == "*"):
            return None
        if not preds:
            tags.add(tag)
            continue
        names = [_CLS_TEST.fullmatch(p) for p in preds[0].split(" or ")]
        styled = _STYLE_PARTS.fullmatch(preds[0])
        if all(names):
            classes.append((None if tag == "*" else tag, frozenset(n.group(1) for n in names)))
        elif styled and tag == "*" and style in (None, (_xpath_translate(styled), styled[3])):
            style = (_xpath_translate(styled), styled[3])
        else:
            return None
    return DropWalk(frozenset(tags), tuple(classes), style)


def _xpath_translate(m: re.Match) -> dict:
    """XPath's translate(s, from, to) as a str.translate table: the first mapping of a
    character wins, and one past the end of `to` is removed."""
    table: dict[int, int | None] = {}
    for i, ch in enumerate(m[1]):
        table.setdefault(ord(ch), ord(m[2][i]) if i < len(m[2]) else None)
    return table


def _needs(pred: str) -> str:
    """'class' for a predicate only an element with a class can pass (cls() tests, or-ed),
    'style' for the struck-text test of a style, else ''."""
    if all(_CLS_TEST.fullmatch(p) for p in pred.split(" or ")):
        return "class"
    return "style" if _STYLE_TEST.fullmatch(pred) else ""


def _predicates(rest: str) -> list[str] | None:
    """The predicates `[…][…]` that are all of `rest` (brackets in quotes skipped), or None."""
    preds: list[str] = []
    depth, quote, start = 0, "", 0
    for i, ch in enumerate(rest):
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch == "[":
            depth, start = depth + 1, (i + 1 if depth == 0 else start)
        elif ch == "]" and depth:
            depth -= 1
            if depth == 0:
                preds.append(rest[start:i])
        elif depth == 0:
            return None
    return preds if depth == 0 and not quote else None


_GENERATOR = etree.XPath("//meta[translate(@name,'GENRATO','genrato')='generator']/@content")


def generator(doc) -> str:
    return " ".join(_GENERATOR(doc)).lower()


_HEAD = etree.XPath("boolean(/html/head/*)")


def headless(doc) -> bool:
    """The page lost its <head> (an archive kept the body only): the engine markers a head
    carries are gone, so detection asks the body's own markup, which costs a walk of the page
    and is not asked of complete pages."""
    return not _HEAD(doc)
