"""The layout keeps the architecture (README "Layout"): each wing (a package of votecount)
imports only what its docstring's "May import:" names, no module imports itself back through
others (no circle, between modules or between wings), and the core stays small: no module
over 400 lines, no function over 40, no more than four positional parameters (the typer
commands, whose parameters are the options, aside)."""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "votecount"
CATALOGUE_PARTS = sorted(p.stem for p in PACKAGE.glob("messages_*.py"))
# The leaves: the records, the errors, the message catalogue (messages.py and every
# messages_*.py part it gathers) and the process pool.
LEAVES = ("votecount.model", "votecount.errors", "votecount.messages",
          *(f"votecount.{name}" for name in CATALOGUE_PARTS), "votecount.parallel")


def _name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def modules() -> dict[str, Path]:
    return {_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _target(module: str, node: ast.ImportFrom, alias: str) -> str:
    if node.level:
        base = module.split(".") if modules()[module].name == "__init__.py" else module.split(".")[:-1]
        base = base[: len(base) - node.level + 1]
        spec = ".".join(base + ([node.module] if node.module else []))
    else:
        spec = node.module or ""
    return f"{spec}.{alias}" if f"{spec}.{alias}" in modules() else spec


@cache
def imports() -> dict[str, frozenset[str]]:
    """Module → the votecount modules it imports (anywhere in it: a lazy import counts)."""
    out = {}
    for module, path in modules().items():
        found = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                found |= {_target(module, node, a.name) for a in node.names}
            elif isinstance(node, ast.Import):
                found |= {a.name for a in node.names}
        out[module] = frozenset(t for t in found if t in modules() and t != module)
    return out


def wing(module: str) -> str:
    """The package a module belongs to (votecount.engines.kit.base → votecount.engines); a
    top-level module is its own."""
    parts = module.split(".")
    return ".".join(parts[:2])


def wings() -> list[str]:
    return sorted({wing(m) for m in modules() if (PACKAGE / wing(m).split(".", 1)[-1]).is_dir()})


def allowed(package: str) -> set[str]:
    doc = ast.get_docstring(ast.parse((PACKAGE / package.split(".", 1)[1] / "__init__.py").read_text())) or ""
    m = re.search(r"May import:(.*?)(?:\.\s*$|\.\s*\n\n|$)", doc, re.S)
    assert m, f"{package}/__init__.py: its docstring says nothing of what it may import"
    return set(re.findall(r"votecount(?:\.\w+)?", m.group(1)))


def _cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one node (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def test_no_module_imports_itself_back():
    assert _cycles({m: set(t) for m, t in imports().items()}) == []


def test_no_wing_imports_itself_back():
    edges: dict[str, set[str]] = {}
    for module, targets in imports().items():
        edges.setdefault(wing(module), set()).update(wing(t) for t in targets if wing(t) != wing(module))
    assert _cycles(edges) == []


@pytest.mark.parametrize("package", wings())
def test_a_wing_imports_only_what_its_docstring_allows(package: str):
    may = allowed(package)
    wrong = sorted(f"{m} imports {t}" for m, targets in imports().items() if wing(m) == package
                   for t in targets if wing(t) != package and wing(t) not in may and t not in may)
    assert wrong == []


@pytest.mark.parametrize("leaf", LEAVES)
def test_the_leaves_import_no_wing(leaf: str):
    assert {wing(t) for t in imports()[leaf]} <= {"votecount", *LEAVES}


def _positional(fn: ast.FunctionDef) -> int:
    names = [a.arg for a in fn.args.posonlyargs + fn.args.args]
    return len(names) - (1 if names and names[0] in ("self", "cls") else 0)


def _body_lines(fn: ast.FunctionDef) -> int:
    body = fn.body
    first = body[1] if len(body) > 1 and isinstance(body[0], ast.Expr) and \
        isinstance(body[0].value, ast.Constant) else body[0]  # the docstring is not counted
    return fn.end_lineno - first.lineno + 1


def _is_command(fn: ast.FunctionDef) -> bool:
    return any(isinstance(d, ast.Call) and getattr(d.func, "attr", "") in ("command", "callback")
               for d in fn.decorator_list)


@pytest.mark.parametrize("module", sorted(modules()))
def test_the_core_stays_small(module: str):
    source = modules()[module].read_text(encoding="utf-8")
    assert len(source.splitlines()) <= 400, f"{module}: {len(source.splitlines())} lines"
    for fn in ast.walk(ast.parse(source)):
        if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            assert _body_lines(fn) <= 40, f"{module}.{fn.name}: {_body_lines(fn)} lines"
            assert _is_command(fn) or _positional(fn) <= 4, f"{module}.{fn.name}: {_positional(fn)} positional"
