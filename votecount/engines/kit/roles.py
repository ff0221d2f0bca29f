"""A post's role queries (Selectors.post_id, author, body, …) as Python matchers over lxml's
C-level iteration, where the expression has a shape this module fully understands; libxml2's
compiled XPath otherwise (`Firsts`). libxml2 builds a role's whole node set, with its string
functions on every element of the post, for the one first result we keep; a matcher tests
attributes with `el.get` and stops at the first hit (lxml's `iter(tag)` still reads on to the
next element of that tag, in C).

The first hit in document order is found from the end of the path, as CSS engines match: the
post's elements of the last step's tag in document order, each proved backwards through the
earlier steps (its parent, an ancestor, a preceding sibling). Walking forwards from the first
step's first match would not give document order (a nested match's child can come first).

Shapes taken: a relative path of steps `.//t`, `./t`, `t`, then `/t`, `//t`,
`/following-sibling::t` (t a tag or `*`), ending in an element or `/@a`; `@a` alone;
`(path)[1]` and `(path)[1]/@a`. Predicates: markup's class test (`cls()`), `@a`, `@a='v'`,
`starts-with(X, 'v')` and `contains(X, 'v')` of `@a`, `.` or `normalize-space(.)`,
`normalize-space()`, a relative path, `ancestor::t[…]`, `not()`, `and`, `or`, brackets, and
`[1]` last on a following-sibling step. tests/engines/test_roles.py holds them to libxml2's
results on every page and on generated markup. The model and its evaluation (steps,
predicates, `RolePath`) are in votecount/engines/kit/role_match.py; this module reads expressions into it.
"""

from __future__ import annotations

import re
from typing import Callable

from lxml import etree

from .markup import _CLS_TEST, _XML_SPACE, string_value
from .pagewalk import node_text, page_lacks
from .role_match import (ANCESTOR, CHILD, DESCENDANT, SIBLING, Needs, Pred, RolePath, Step, Unsupported, all_of,
                         any_of, attr_test, class_test, has_text, needs_any, needs_piece, normalized, outer,
                         text_test)


# --- the parser ------------------------------------------------------------------------------

_TOKEN = re.compile(r"""\s*(?:('[^']*'|"[^"]*")|(\d+)|([A-Za-z_][\w-]*)|(\.//|\./|//|::|[()\[\]/@=,*.|])|(\S))""")


def _tokens(source: str) -> list[tuple[str, str]]:
    """(kind, text): 'cls' (markup's class test: its name), 'str', 'num', 'name' or 'op'."""
    out, pos = [], 0
    end = len(source.rstrip())
    while pos < end:
        while source[pos].isspace():
            pos += 1
        m = _CLS_TEST.match(source, pos)
        if m:
            if m[1].translate(_XML_SPACE).split(" ") != [m[1]]:
                raise Unsupported(f"class name with a space: {m[1]!r}")
            out.append(("cls", m[1]))
            pos = m.end()
            continue
        m = _TOKEN.match(source, pos)
        if m is None or m.lastindex == 5:
            raise Unsupported(f"token at {pos}: {source[pos:pos + 20]!r}")
        kind = ("str", "num", "name", "op")[m.lastindex - 1]
        out.append((kind, m[m.lastindex][1:-1] if kind == "str" else m[m.lastindex]))
        pos = m.end()
    return out


class _Parser:
    """Recursive descent over one expression's tokens: Unsupported at anything not taken.
    `lenient`: read for the expression's needs only, never run (role_needs): a path from the
    document's root, `self::t`, a leading `following-sibling::`, any position (`[2]`), a
    union and every element's text are taken too."""

    def __init__(self, source: str, lenient: bool = False):
        self.toks, self.at, self.lenient = _tokens(source), 0, lenient

    def peek(self, offset: int = 0) -> tuple[str, str]:
        i = self.at + offset
        return self.toks[i] if i < len(self.toks) else ("end", "")

    def take(self, text: str) -> bool:
        if self.peek()[1] == text and self.peek()[0] in ("op", "name", "num"):
            self.at += 1
            return True
        return False

    def need(self, kind: str, text: str | None = None) -> str:
        got_kind, got = self.peek()
        if got_kind != kind or (text is not None and got != text):
            raise Unsupported(f"expected {text or kind} at token {self.at}, got {got!r}")
        self.at += 1
        return got

    def ops(self, *texts: str) -> None:
        """These operators next, in turn."""
        for text in texts:
            self.need("num" if text.isdigit() else "op", text)

    def expression(self, whole: bool = True) -> RolePath:
        """The whole expression (`whole`: nothing after it): a path, or `(path)[1]` with an
        optional `/@attr`."""
        if self.take("("):
            inner = self.path()
            self.ops(")", "[", "1", "]")
            attr = self.need("name") if inner.attr is None and self.take("/") and self.need("op", "@") else None
            found = RolePath(inner.steps, inner.attr or attr, head=attr is not None)
        else:
            found = self.path()
        if whole and self.peek()[0] != "end":
            raise Unsupported(f"more after the path: {self.peek()[1]!r}")
        return found

    def union(self) -> Needs:
        """(lenient) The needs of an expression, or of a union of them: one of their first clauses."""
        found = [self.rooted()]
        while self.take("|"):
            found.append(self.rooted())
        if self.peek()[0] != "end":
            raise Unsupported(f"more after the union: {self.peek()[1]!r}")
        return found[0] if len(found) == 1 else needs_any(found)

    def rooted(self) -> Needs:
        """(lenient) One expression's needs: what it selects lies inside the context node unless
        the path starts at the document's root or at the node's siblings."""
        first = self.peek(1) if self.peek() == ("op", "(") else self.peek()
        needs = self.expression(whole=False).needs
        return outer(needs) if first[1] in ("//", SIBLING) else needs

    def path(self) -> RolePath:
        """A relative location path: its steps and an optional final `@attr`."""
        if self.take("@"):
            return RolePath((), self.need("name"))
        axis = DESCENDANT if self.take(".//") or (self.lenient and self.take("//")) else CHILD
        if axis == CHILD and self.lenient and self.peek() == ("name", SIBLING) and self.peek(1) == ("op", "::"):
            self.at += 2
            axis = SIBLING
        if axis == CHILD:
            self.take("./")
        steps = [self.step(axis)]
        while True:
            if self.take("//"):
                steps.append(self.step(DESCENDANT))
            elif self.peek() == ("op", "/") and self.peek(1) == ("op", "@"):
                self.at += 2
                return RolePath(tuple(steps), self.need("name"))
            elif self.take("/"):
                sibling = self.peek(1) == ("op", "::") and self.take(SIBLING) and self.take("::")
                steps.append(self.step(SIBLING if sibling else CHILD))
            else:
                return RolePath(tuple(steps))

    def step(self, axis: str) -> Step:
        """A node test (a tag, or `*`) and its predicates."""
        kind, text = self.peek()
        if not (text == "*" or (kind == "name" and self.peek(1) not in (("op", "("), ("op", "::")))):
            raise Unsupported(f"not a node test: {text!r}")
        self.at += 1
        tests, first = [], False
        while self.take("["):
            if self.peek() == ("num", "1") and axis == SIBLING and self.peek(1) == ("op", "]"):
                first = self.at + 2 >= len(self.toks) or self.peek(2) != ("op", "[")
                if not first and not self.lenient:
                    raise Unsupported("[1] before another predicate")
                self.at += 1
            elif self.lenient and self.peek()[0] == "num" and self.peek(1) == ("op", "]"):
                self.at += 1  # a position: the element still passes the other predicates
            else:
                tests.append(self.either())
            self.need("op", "]")
        pred = all_of(tests) if tests else Pred(None)
        if pred.reads_text and pred.key is None and not self.lenient:  # every element's text, in
            raise Unsupported(f"the text of every <{text}> asked")  # Python: slower than libxml2
        return Step(axis, None if text == "*" else text, pred.test, first, pred.key, pred.needs)

    def either(self) -> Pred:
        return self.joined("or", self.both, any_of)

    def both(self) -> Pred:
        return self.joined("and", self.term, all_of)

    def joined(self, word: str, part, join) -> Pred:
        preds = [part()]
        while self.take(word):
            preds.append(part())
        return join(preds)

    def term(self) -> Pred:
        """A class test, brackets, a function, an ancestor, @a='v', or a path that exists."""
        kind, text = self.peek()
        if kind == "cls":
            self.at += 1
            return Pred(class_test(text), ("class", text), needs=needs_piece("markup", text))
        if self.take("("):
            inner = self.either()
            self.ops(")")
            return inner
        if kind == "name" and self.peek(1) == ("op", "("):
            return self.call(text)
        if text == ANCESTOR and self.peek(1) == ("op", "::"):
            return self.ancestor()
        if self.lenient and text == "ancestor-or-self" and self.peek(1) == ("op", "::"):
            self.at += 2  # (read for its needs only: never run)
            return Pred(None, needs=outer(self.step(ANCESTOR).needs))
        if self.lenient and text == "self" and self.peek(1) == ("op", "::"):
            self.at += 2
            tag = self.need("name")
            return Pred(lambda el: el.tag == tag)
        if self.take("@"):
            attr = self.need("name")
            return attr_test("@", attr, self.need("str") if self.take("=") else None)
        rooted = self.peek() == ("op", "//")  # (lenient) anywhere on the page, not inside
        path = self.path()
        return Pred(path.exists, needs=outer(path.needs) if rooted else path.needs)

    def call(self, func: str) -> Pred:
        """not(…), normalize-space() (of the element), starts-with(X, 'v') and contains(X, 'v')
        where X is an attribute, the element's text (`.`) or that text normalized."""
        self.at += 2
        if func == "not":
            inner = self.either()
            self.ops(")")
            return Pred(lambda el: not inner.test(el), None, inner.reads_text)
        if func == "normalize-space":
            self.take(".")
            self.ops(")")
            return Pred(has_text, None, True)
        if func not in ("starts-with", "contains"):
            raise Unsupported(f"function {func}()")
        if self.take("@"):
            attr = self.need("name")
            self.ops(",")
            return attr_test(func, attr, self.closing())
        text = normalized if self.take("normalize-space") else string_value
        if text is normalized and self.lenient and self.peek(1) == ("op", ")"):
            self.ops("(", ")", ",")  # normalize-space() is normalize-space(.)
        else:
            self.ops(*(("(", ".", ")", ",") if text is normalized else (".", ",")))
        return text_test(func, text, self.closing())

    def closing(self) -> str:
        """The literal that ends a function's arguments, and the closing bracket."""
        literal = self.need("str")
        self.ops(")")
        return literal

    def ancestor(self) -> Pred:
        """`ancestor::t[…]`: any ancestor up to the document's root (not only in the post)."""
        self.at += 2
        step = self.step(ANCESTOR)  # a position (`[1]`) is refused there
        return Pred(lambda el: any(step.accepts(up) for up in el.iterancestors(step.kind)), needs=outer(step.needs))


def compile_role(source: str) -> RolePath | None:
    """The role expression as a Python matcher, or None when its shape is not one this module
    takes (the caller asks libxml2)."""
    try:
        return _Parser(source).expression()
    except Unsupported:
        return None


def role_needs(source: str) -> Needs:
    """What a page holds when the expression selects anything (() when its shape is not one
    this module reads, even leniently, or it needs nothing)."""
    try:
        return _Parser(source, lenient=True).union()
    except Unsupported:
        return ()


def guarded(first: Callable, needs: Needs) -> Callable:
    """`first`, answering None without a walk on a page whose look proves it lacks what the
    expression needs (pagewalk.page_lacks), or for a node whose string value lacks every word
    of a clause of text words that lie inside it ("inner": an edit notice's wording, asked of
    each post; the string value is found once a node)."""
    if not needs:
        return first
    inner = tuple(tuple(word for _, word in clause) for clause in needs if all(k == "inner" for k, _ in clause))

    def found(node):
        if page_lacks(node, needs):
            return None
        if inner:
            text = node_text(node)
            if not all(any(word in text for word in words) for words in inner):
                return None
        return first(node)
    return found


def by_libxml2(xpath: etree.XPath) -> Callable:
    """libxml2's first result, as a matcher gives it: a node set's first (None when empty), or
    the string or number the expression returns."""
    def first(node):
        found = xpath(node)
        if isinstance(found, list):
            return found[0] if found else None
        return found
    return first


class Firsts(dict):
    """Each role alternative's first-result function by name, made when first asked: the
    Python matcher when the expression's shape allows, else libxml2's (`xpaths`, base._XPaths)."""

    def __init__(self, xpaths):
        super().__init__()
        self.xpaths = xpaths

    def __missing__(self, name: str) -> Callable:
        source = self.xpaths.sources[name]
        path = compile_role(source)
        found = path or guarded(by_libxml2(self.xpaths[name]), role_needs(source))
        self[name] = found
        return found
