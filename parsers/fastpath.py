"""The commonest selector shapes, answered by a walk of the post in Python.

libxml2 tries a predicate in about 2 µs per element and builds every node set whole, so a
field such as `.//span[cls('p-comment-index')]/a` over a 170-node Curse post takes 70–99 µs.
Walking the post's elements of that tag with lxml's C iterator, testing the rest in Python and
stopping at the first hit takes about 7 µs (bench/README.md). This module compiles the shapes
the engine modules use most into such walks; any other expression stays with libxml2 (compile
returns None). A walk answers exactly as the XPath does: tests/parsers/test_fastpath.py asks
both for every role of every engine on every page.

The shapes, with cls('x') as base.cls() writes it:

    PATH          .//div[cls('a')]//span[@title]/a      steps joined by / and //
    PATH/@attr    the attribute of the first element of PATH that has it
    (PATH | PATH)[1]  and  (PATH | PATH)[1]/@attr

A PATH starts with `.//` (descendants of the post) or with a tag (children of the post).
A step is a tag or `*` with predicates made of cls(), @a, @a='v', contains(@a, 'v'),
starts-with(@a, 'v'), a child tag (`[img]`), not(), and, or and parentheses. Positions,
text(), `.`, other axes and functions are not compiled.

Matching goes right to left, as CSS engines do: each element of the last step's tag, in
document order, is tested, then its ancestors against the steps before it. The elements that
pass are the XPath's node set in document order, so the first one found is its first node.
"""

from __future__ import annotations

import re
from typing import Callable

_TOKEN = re.compile(r"""\s*(?:
    (?P<str>'[^']*'|"[^"]*")
  | (?P<num>\d+)
  | (?P<op>\.//|//|/@|/|\(|\)|\[|\]|\||=|,|@|\*)
  | (?P<name>[A-Za-z_][\w\-]*(?:\(\))?)
  )""", re.X)
# base.cls('x') as written out: matched first, as one token.
_CLS = re.compile(r"\(contains\(@class, '([\w-]+)'\) and contains\(concat\(' ', normalize-space\(@class\), "
                  r"' '\), ' \1 '\)\)")
_XML_SPACE = str.maketrans("\t\n\r", "   ")


class _Unsupported(Exception):
    pass


def _tokens(expr: str) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    pos = 0
    while pos < len(expr):
        m = _CLS.match(expr, pos)
        if m:
            out.append(("cls", m.group(1)))
            pos = m.end()
            continue
        m = _TOKEN.match(expr, pos)
        if not m or m.end() == pos:
            if expr[pos:].strip() == "":
                break
            raise _Unsupported(expr[pos:pos + 20])
        kind = m.lastgroup
        value = m.group(kind)
        out.append((kind, value[1:-1] if kind == "str" else value))
        pos = m.end()
    return out


def _has_class(name: str) -> Callable:
    def test(el) -> bool:
        c = el.get("class")  # the substring test first: most elements fail it, cheaply
        return c is not None and name in c and name in c.translate(_XML_SPACE).split(" ")
    return test


def _combined(tests: list[Callable], combine=all) -> Callable | None:
    """One test for several (`combine` is all or any); None for none."""
    if not tests:
        return None
    if len(tests) == 1:
        return tests[0]
    return lambda el, ts=tuple(tests): combine(t(el) for t in ts)


class _Parser:
    """Recursive descent over the tokens; raises _Unsupported for anything else."""

    def __init__(self, tokens):
        self.t = tokens
        self.i = 0

    def peek(self, offset: int = 0):
        j = self.i + offset
        return self.t[j] if j < len(self.t) else (None, None)

    def take(self, value=None, kind=None):
        k, v = self.peek()
        if (value is not None and v != value) or (kind is not None and k != kind) or k is None:
            raise _Unsupported(f"expected {value or kind}, got {v}")
        self.i += 1
        return v

    def at_end(self) -> bool:
        return self.i >= len(self.t)

    # expression -----------------------------------------------------------------------
    def expression(self):
        """→ (paths, after): each path is (lead, steps, separators, attr) as path() gives it;
        `after` is the attribute of `(…)[1]/@attr`, else None."""
        if self.peek()[1] == "(":
            self.take("(")
            paths = [self.path()]
            while self.peek()[1] == "|":
                self.take("|")
                paths.append(self.path())
            self.take(")")
            self.take("[")
            if self.take(kind="num") != "1":
                raise _Unsupported("position")
            self.take("]")
            after = None
            if self.peek()[1] == "/@":
                self.take("/@")
                after = self.take(kind="name")
                if any(p[3] for p in paths):
                    raise _Unsupported("attribute twice")
            if not self.at_end():
                raise _Unsupported("trailing")
            return paths, after
        paths = [self.path()]
        if not self.at_end():
            raise _Unsupported("trailing")
        return paths, None

    def path(self):
        lead = "child"
        if self.peek()[1] == ".//":
            self.take(".//")
            lead = "descendant"
        steps = [self.step()]
        seps = []
        attr = None
        while True:
            v = self.peek()[1]
            if v in ("/", "//"):
                self.take(v)
                seps.append(v)
                steps.append(self.step())
            elif v == "/@":
                self.take("/@")
                attr = self.take(kind="name")
                break
            else:
                break
        return lead, steps, seps, attr

    def step(self):
        k, v = self.peek()
        if v == "*":
            self.take("*")
            tag = None
        elif k == "name" and not v.endswith("()") and v not in ("and", "or", "not"):
            tag = self.take(kind="name")
            if self.peek()[1] == "(":
                raise _Unsupported("function")
        else:
            raise _Unsupported(f"step {v}")
        tests = []
        while self.peek()[1] == "[":
            self.take("[")
            tests.append(self.orexpr())
            self.take("]")
        return tag, tests

    # predicates -----------------------------------------------------------------------
    def orexpr(self):
        return self._joined("or", self.andexpr, any)

    def andexpr(self):
        return self._joined("and", self.unary, all)

    def _joined(self, word: str, operand, combine):
        parts = [operand()]
        while self.peek()[1] == word:
            self.take(word)
            parts.append(operand())
        return _combined(parts, combine)

    def unary(self):
        k, v = self.peek()
        if k == "cls":
            self.take(kind="cls")
            return _has_class(v)
        if v == "(":
            self.take("(")
            inner = self.orexpr()
            self.take(")")
            return inner
        if v == "not" and self.peek(1)[1] == "(":
            self.take("not")
            self.take("(")
            inner = self.orexpr()
            self.take(")")
            return lambda el: not inner(el)
        if v == "@":
            self.take("@")
            name = self.take(kind="name")
            if self.peek()[1] == "=":
                self.take("=")
                value = self.take(kind="str")
                return lambda el: el.get(name) == value
            return lambda el: el.get(name) is not None
        if v in ("contains", "starts-with") and self.peek(1)[1] == "(":
            self.take(v)
            self.take("(")
            table = None
            if self.peek()[1] == "translate" and self.peek(1)[1] == "(":  # translate(@a, 'AB', 'ab')
                self.take("translate")
                self.take("(")
                self.take("@")
                name = self.take(kind="name")
                self.take(",")
                source = self.take(kind="str")
                self.take(",")
                target = self.take(kind="str")
                self.take(")")
                if len(source) != len(target):
                    raise _Unsupported("translate that deletes")
                table = str.maketrans(source, target)
            else:
                self.take("@")
                name = self.take(kind="name")
            self.take(",")
            value = self.take(kind="str")
            self.take(")")
            if table is not None:
                if v == "contains":
                    return lambda el: value in (el.get(name) or "").translate(table)
                return lambda el: (el.get(name) or "").translate(table).startswith(value)
            if v == "contains":
                return lambda el: value in (el.get(name) or "")
            return lambda el: (el.get(name) or "").startswith(value)
        if k == "name" and not v.endswith("()") and v not in ("and", "or", "not") \
                and self.peek(1)[1] in ("]", "and", "or", ")"):
            tag = self.take(kind="name")  # a child element of that tag exists
            return lambda el: any(True for _ in el.iterchildren(tag))
        raise _Unsupported(f"predicate {v}")


class Walk:
    """A compiled selector: `first(node)` is the XPath's first result (an element or an
    attribute's string) or None; `all(node)` every element, in document order (element
    paths only)."""

    def __init__(self, paths, after):
        self.paths = [(lead, [(tag, _combined(tests)) for tag, tests in steps], seps, attr)
                      for lead, steps, seps, attr in paths]
        self.after = after
        tags = {steps[-1][0] for _, steps, _, _ in self.paths}
        self.tags = None if None in tags else tuple(sorted(tags))
        self.attrs = {attr for *_, attr in self.paths}
        if len(self.attrs) > 1:
            raise _Unsupported("two attributes")
        self.attr = next(iter(self.attrs))

    def _candidates(self, node):
        if self.tags is None:
            return (el for el in node.iterdescendants() if isinstance(el.tag, str))
        return node.iterdescendants(*self.tags)

    def _matches(self, el, node) -> bool:
        for lead, steps, seps, attr in self.paths:
            if attr is not None and el.get(attr) is None:
                continue
            if _match(el, node, lead, steps, seps, len(steps) - 1):
                return True
        return False

    def first(self, node):
        for el in self._candidates(node):
            if self._matches(el, node):
                if self.attr is not None:
                    return el.get(self.attr)
                if self.after is not None:
                    return el.get(self.after)  # None: the first element has no such attribute
                return el
        return None

    def all(self, node) -> list:
        if self.attr is not None or self.after is not None:
            raise TypeError("all() is for element paths")
        return [el for el in self._candidates(node) if self._matches(el, node)]


def _match(el, node, lead, steps, seps, i) -> bool:
    tag, test = steps[i]
    if (tag is not None and el.tag != tag) or (test is not None and not test(el)):
        return False
    if i == 0:
        return lead == "descendant" or el.getparent() is node
    if seps[i - 1] == "/":
        parent = el.getparent()
        return parent is not None and parent is not node and _match(parent, node, lead, steps, seps, i - 1)
    for ancestor in el.iterancestors():
        if ancestor is node:
            return False
        if _match(ancestor, node, lead, steps, seps, i - 1):
            return True
    return False


def compile(expr: str) -> Walk | None:  # noqa: A001
    """A Walk for `expr`, or None when it is not one of the shapes above."""
    try:
        parser = _Parser(_tokens(expr))
        paths, after = parser.expression()
        return Walk(paths, after)
    except _Unsupported:
        return None

