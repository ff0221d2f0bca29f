"""The role matchers' model and evaluation (votecount/engines/kit/roles.py reads an expression into
these): a path of steps (`Step`) with its predicates as Python tests (`Pred`), and `RolePath`,
called on a node for its first result in document order, found from the end of the path (the
post's elements of the last step's tag, each proved backwards through the earlier steps)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable

from lxml import etree

from .markup import _XML_SPACE, has_class, string_value

CHILD, DESCENDANT, SIBLING = "child", "descendant", "following-sibling"
ANCESTOR = "ancestor"  # in predicates only

Test = Callable[[object], bool]


# What a page must hold for a path to select anything: one word of each clause, a word being
# ("markup", w) (look.Look.may_hold: a name, a value, a class), ("text", w) (may_hold_text) or
# ("inner", w): a text word that the context node's own string value holds too (a text test of
# an element the path selects inside it; `outer` makes it "text" where the path leaves it).
Needs = tuple[frozenset[tuple[str, str]], ...]
_PIECE = re.compile(r"[^\s&<>\"']+")  # what a look answers for: no space, quote, &, < or >


def needs_piece(kind: str, literal: str) -> Needs:
    """The clause a literal of the markup or the texts makes: its longest piece a look answers
    for (an attribute value holds each piece as written but for references, a string value
    holds each piece whole: normalize-space joins no letters); none for an empty literal."""
    pieces = _PIECE.findall(literal)
    return (frozenset({(kind, max(pieces, key=len))}),) if pieces else ()


def outer(needs: Needs) -> Needs:
    """The same needs of a page, none of them held to the context node's text (a path from the
    document's root, or an ancestor's predicate)."""
    return tuple(frozenset(("text" if kind == "inner" else kind, word) for kind, word in clause)
                 for clause in needs)


def needs_any(needs: list[Needs]) -> Needs:
    """One of several predicates holds: a word of one of their first clauses (none unless each
    has one)."""
    if not needs or not all(needs):
        return ()
    return (frozenset().union(*(n[0] for n in needs)),)


class Unsupported(ValueError):
    """The expression has a shape the matcher does not take (libxml2 evaluates it)."""


@dataclass(frozen=True)
class Pred:
    """A predicate's test, and its key: (attribute, text) that an element passing it holds
    (None: none), tested inline by the walk, as a call per element costs more than libxml2.
    `reads_text`: the test reads the element's text (Step refuses that without a key);
    `needs`: what the page holds when an element passes."""

    test: Test
    key: tuple[str, str] | None = None
    reads_text: bool = False
    needs: Needs = ()


@dataclass(frozen=True)
class Step:
    """One location step: axis, tag (None: any element), predicates as one test and its key
    (Pred), `first`: a trailing `[1]` (following-sibling only), `needs` (Pred's)."""

    axis: str
    tag: str | None
    test: Test | None = None
    first: bool = False
    key: tuple[str, str] | None = None
    needs: Needs = ()

    @property
    def kind(self):
        """lxml's iterator filter: the tag, or any element (`*` is never a comment or PI)."""
        return self.tag or etree.Element

    def accepts(self, el) -> bool:
        return (self.tag is None or el.tag == self.tag) and (self.test is None or self.test(el))


@dataclass(frozen=True)
class RolePath:
    """A compiled role: called on a node, its first result as libxml2 gives it (the element,
    the attribute's string, or None). `head`: `(path)[1]/@a`, the attribute of the first
    element (None when it lacks one), not the first element having it."""

    steps: tuple[Step, ...]
    attr: str | None = None
    head: bool = False

    @property
    def needs(self) -> Needs:
        """What the page holds when the path selects anything: each step's needs."""
        return tuple(clause for step in self.steps for clause in step.needs)

    def __call__(self, node):
        if not self.steps:
            return node.get(self.attr)
        if self.head:
            found = _first(self.steps, None, node)
            return found if found is None or self.attr is None else found.get(self.attr)
        return _first(self.steps, self.attr, node)

    def exists(self, node) -> bool:
        """The path selects anything from `node` (order does not matter: a forward walk)."""
        if not self.steps:
            return node.get(self.attr) is not None
        return _exists(self.steps, self.attr, 0, node)


def _first(steps: tuple[Step, ...], attr: str | None, ctx):
    """The first element (or its `attr`) in document order that the path selects from `ctx`:
    every step's node is inside `ctx`, so the candidates are its elements of the last tag."""
    last, at = steps[-1], len(steps) - 1
    name, needle = last.key or (attr, "")
    test = last.test
    for el in ctx.iter(last.kind):
        if name is not None:
            value = el.get(name)
            if value is None or needle not in value:
                continue
        if ((test is None or test(el)) and el is not ctx and (attr is None or el.get(attr) is not None)
                and _reached(steps, at, el, ctx)):
            return el if attr is None else el.get(attr)
    return None


def _holds(steps: tuple[Step, ...], at: int, el, ctx) -> bool:
    """`el` passes step `at` and is reached from `ctx` by the steps before it."""
    return steps[at].accepts(el) and _reached(steps, at, el, ctx)


def _reached(steps: tuple[Step, ...], at: int, el, ctx) -> bool:
    """Some node the steps before `at` select (`ctx` itself for the first step) leads to `el`
    by step `at`'s axis (`el` already passed the step's test)."""
    step = steps[at]
    if step.axis == CHILD:
        parent = el.getparent()
        return parent is ctx if at == 0 else parent is not None and _holds(steps, at - 1, parent, ctx)
    if step.axis == DESCENDANT:
        for up in el.iterancestors():
            if up is ctx:  # earlier steps' nodes are inside ctx: none above it
                return at == 0
            if at and _holds(steps, at - 1, up, ctx):
                return True
        return False
    for before in el.itersiblings(etree.Element, preceding=True):
        if _holds(steps, at - 1, before, ctx):
            return True
        if step.first and step.accepts(before):  # a nearer match is the first after anything earlier
            return False
    return False


def _exists(steps: tuple[Step, ...], attr: str | None, at: int, node) -> bool:
    """Some node the steps from `at` select from `node` (with `attr`, one that has it)."""
    step = steps[at]
    if step.axis == CHILD:
        nodes = node.iterchildren(step.kind)
    elif step.axis == DESCENDANT:
        nodes = node.iterdescendants(step.kind)
    else:
        nodes = node.itersiblings(step.kind)
    for el in nodes:
        if not step.accepts(el):
            continue
        if (_exists(steps, attr, at + 1, el) if at + 1 < len(steps)
                else attr is None or el.get(attr) is not None):
            return True
        if step.first:  # only the first following sibling that passes counts
            return False
    return False


# --- predicates ------------------------------------------------------------------------------

def class_test(name: str) -> Test:
    """markup's `cls(name)` as a test of an element (markup.has_class)."""
    return lambda el: has_class(el, name)


def attr_test(func: str, attr: str, literal: str | None) -> Pred:
    """`@a`, `@a='v'`, `starts-with(@a, 'v')`, `contains(@a, 'v')`: a missing attribute's
    string is '' (an empty literal needs no attribute)."""
    needs = needs_piece("markup", attr) + needs_piece("markup", literal or "")
    if func == "@":
        test = (lambda el: el.get(attr) is not None) if literal is None else (lambda el: el.get(attr) == literal)
        return Pred(test, (attr, literal or ""), needs=needs)
    if not literal:
        needs = ()
    if func == "starts-with":
        return Pred(lambda el: (el.get(attr) or "").startswith(literal), (attr, literal) if literal else None,
                    needs=needs)
    return Pred(lambda el: literal in (el.get(attr) or ""), (attr, literal) if literal else None, needs=needs)


def normalized(el) -> str:
    """normalize-space(.): the string's runs of XPath's four spaces as one, none at the ends."""
    return " ".join(part for part in string_value(el).translate(_XML_SPACE).split(" ") if part)


def text_test(func: str, text: Callable[[object], str], literal: str) -> Pred:
    """starts-with(text, 'v') or contains(text, 'v') of the element's (normalized) string."""
    needs = needs_piece("inner", literal)
    if func == "starts-with":
        return Pred(lambda el: text(el).startswith(literal), None, True, needs)
    return Pred(lambda el: literal in text(el), None, True, needs)


def has_text(el) -> bool:
    """`normalize-space()`: the element's string holds more than XPath's four spaces."""
    return any(text.strip(" \t\r\n") for text in el.itertext())


def all_of(preds: list[Pred]) -> Pred:
    """Every predicate holds; the first key among them stands for all (any one must hold).
    One and two written out: a generator per element costs as much as the tests."""
    tests, key = tuple(p.test for p in preds), next((p.key for p in preds if p.key), None)
    one, two, text = tests[0], tests[-1], any(p.reads_text for p in preds)
    needs = tuple(clause for p in preds for clause in p.needs)
    if len(tests) <= 2:
        return Pred(one if len(tests) == 1 else lambda el: one(el) and two(el), key, text, needs)
    return Pred(lambda el: all(test(el) for test in tests), key, text, needs)


def any_of(preds: list[Pred]) -> Pred:
    """One of the predicates holds (no key: each may need another attribute)."""
    tests, text = tuple(p.test for p in preds), any(p.reads_text for p in preds)
    if len(preds) == 1:
        return preds[0]
    return Pred(lambda el: any(test(el) for test in tests), None, text, needs_any([p.needs for p in preds]))
