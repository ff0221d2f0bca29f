"""The contract every engine record keeps (votecount/engines/kit/engine.py), asked of each record in turn: it
has a Russian and an English page or says why not, its markers claim its own pages and no other
engine's, and every selector, marker and pattern it holds compiles."""

from __future__ import annotations

import functools
import pkgutil
import re

import pytest
from lxml import etree

from votecount import engines
from votecount.engines.kit.base import STRUCK, alternatives
from votecount.engines.kit.engine import Engine
from votecount.engines.kit.look import Look
from conftest import ROOT
from corpus import ABSENT, FIXTURE_PAGES, PAGES, corpus_paths, engine_of, language_of, present
from votecount.read.pages import tree

# Why an engine has no page in a language (the only acceptable reason: none exists).
NO_PAGE_BECAUSE = {
    ("curse", "ru"): "Curse 'Elevated' forums (MTG Salvation, Minecraft Forum) were English only",
}
ENGINES = {e.name: e for e in engines.PARSERS}
ids = [e.name for e in engines.PARSERS]


@functools.cache
def _doc(path):
    return tree(path.read_bytes(), str(path))


def _pages_of(name: str) -> list:
    """The engine's pages that it claims: a corpus page no engine claims yet (issue 26) is a
    strict xfail of test_detection's, and here only one that no other engine may claim."""
    return [p for p in FIXTURE_PAGES + corpus_paths("detect") if engine_of(p) == name]


def _everywhere(name: str) -> bool:
    """Whether the engine's pages are all here: else (no corpus) a test that needs them skips."""
    return present() or not any(page.engine == name for page in PAGES)


def test_the_records_are_the_engines():
    """engines.ORDER is the one list: every engine module in it once, each record named once
    (but the generic reader, asked for by name only: never detected)."""
    modules = {m.name for m in pkgutil.iter_modules(engines.__path__) if not m.ispkg}
    assert engines.GENERIC in modules and engines.GENERIC not in engines.ORDER
    assert sorted(engines.ORDER) == sorted(modules - {engines.GENERIC})
    assert len(set(ENGINES)) == len(engines.PARSERS) == len(engines.ORDER)
    assert all(isinstance(e, Engine) and e.layouts for e in engines.PARSERS)
    assert {engine_of(p) for p in FIXTURE_PAGES} | {page.engine for page in PAGES} <= set(ENGINES)


@pytest.mark.parametrize("engine", engines.PARSERS, ids=ids)
def test_has_a_russian_and_an_english_page_or_says_why(engine: Engine):
    found = {language_of(p) for p in _pages_of(engine.name)}
    for lang in ("ru", "en"):
        if lang in found:
            assert (engine.name, lang) not in NO_PAGE_BECAUSE, "a reason for a page that exists"
        elif not present():
            pytest.skip(f"{ABSENT}; several English pages are corpus pages")
        else:
            assert (engine.name, lang) in NO_PAGE_BECAUSE, f"{engine.name}: no {lang} page"


@pytest.mark.parametrize("engine", engines.PARSERS, ids=ids)
def test_markers_claim_its_own_pages_and_no_other_engines(engine: Engine):
    own = _pages_of(engine.name)
    if not own and not _everywhere(engine.name):
        pytest.skip(f"{ABSENT}; {engine.name}'s pages are corpus pages")
    assert own, f"{engine.name}: no page at all"
    for path in FIXTURE_PAGES + corpus_paths():
        doc = _doc(path)
        if path in own:
            assert engine.detect(doc), f"{path.name}: not claimed by its engine {engine.name}"
            assert engine.layout(doc) is not None, path.name
        elif engine_of(path) != engine.name:
            assert not engine.detect(doc), f"{path.name} ({engine_of(path)}) claimed by {engine.name}"


@pytest.mark.parametrize("engine", engines.PARSERS, ids=ids)
def test_every_layout_is_used_and_names_are_unique(engine: Engine):
    names = [lay.name for lay in engine.layouts]
    assert len(set(names)) == len(names)
    used = {engine.layout(_doc(p)).name for p in _pages_of(engine.name)}
    if used != set(names) and not _everywhere(engine.name):
        pytest.skip(f"{ABSENT}; some of {engine.name}'s layouts are on corpus pages only")
    # (IPB's legacy layout and vBulletin's three are all on pages; a layout without one is dead)
    assert used == set(names), f"{engine.name}: layouts without a page: {set(names) - used}"


@pytest.mark.parametrize("engine", engines.PARSERS, ids=ids)
def test_every_selector_marker_and_pattern_compiles(engine: Engine):
    for marker in engine.markers + engine.requires + engine.excludes + engine.claims:
        etree.XPath(f"boolean({marker})")
    for layout in engine.layouts:
        sel = layout.selectors
        for marker in layout.markers + layout.requires + layout.excludes:
            etree.XPath(f"boolean({marker})")
        sources, alts = alternatives(sel)
        assert {"post", "post_id", "author", "body"} <= set(alts), layout.name
        for source in sources.values():
            etree.XPath(source)
        etree.XPath(" | ".join(sel.drop + STRUCK))
        for pattern in sel.edit_patterns + tuple(p for p in (sel.id_pattern, sel.author_id_pattern) if p):
            re.compile(pattern)


@pytest.mark.parametrize("engine", engines.PARSERS, ids=ids)
def test_literals_can_be_found_in_the_look(engine: Engine):
    """A literal is a word of the markup a look can answer for (votecount/engines/kit/look.py): lower-case
    ASCII with no `&`, `<`, `>`, quote or space, else it could never be found, and its engine
    never detected."""
    for literal in engine.literals:
        assert literal and literal.isascii() and literal == literal.lower(), literal
        assert not set(literal) & set("&<>\"'"), literal
        assert not literal.isspace()
    pages = _pages_of(engine.name)
    if engine.literals and pages:  # its own pages show one of its literals
        for doc in (tree(p.read_bytes(), str(p)) for p in pages):  # the tree's, the bytes' looks
            looks = [Look(doc), engines.kit.pagewalk.page_look(doc)]
            assert any(seen.may_hold(lit) for seen in looks for lit in engine.literals)


def test_the_readme_table_has_a_row_for_each_engine():
    """README's "Forum engines" table: one row per engine of engines.ORDER, no other."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    table = readme.split("| engine (`--engine`) |", 1)[1].split("\n\n", 1)[0]
    rows = re.findall(r"^\| `(\w+)` \|", table, re.M)
    assert sorted(rows) == sorted(engines.NAMES)
