"""The renderers' list is the one place for the output formats: every entry's functions exist,
each command's --format choices and -o's extensions come from it."""

from __future__ import annotations

import pytest

from votecount import render
from votecount.cli import kit, outputs
from votecount.render import EXTENSIONS, RENDERERS, formats

SUBJECTS = ("count", "posts", "activity")


@pytest.mark.parametrize("name", list(RENDERERS))
def test_every_entry_names_functions_that_exist(name):
    from importlib import import_module
    entry = RENDERERS[name]
    assert any(getattr(entry, s) for s in SUBJECTS), name
    for subject in SUBJECTS:
        target = getattr(entry, subject)
        if target:
            module, _, function = target.partition(":")
            assert callable(getattr(import_module(f"votecount.render.{module}"), function)), target
    assert all(ext.startswith(".") and ext == ext.lower() for ext in entry.extensions)


def test_the_commands_choices_are_the_list():
    assert [f.value for f in kit.Format] == [*formats("count"), "md"] and list(formats("count")) == list(RENDERERS)
    assert [f.value for f in kit.PostsFormat] == list(formats("posts")) == ["table", "json", "csv"]
    assert [f.value for f in kit.ActivityFormat] == list(formats("activity"))


def test_output_extensions_come_from_the_list():
    assert outputs.EXTENSIONS is EXTENSIONS
    assert EXTENSIONS == {".json": "json", ".csv": "csv", ".html": "html", ".htm": "html",
                          ".md": "markdown", ".markdown": "markdown", ".bbcode": "bbcode",
                          ".txt": "table"}
    assert render.DEFAULT in RENDERERS


def test_a_format_without_the_subject_is_refused():
    with pytest.raises(ValueError, match="unknown format 'html'"):
        render.render("html", "posts", None, render.Shown())
    with pytest.raises(ValueError, match="unknown format 'xml'"):
        render.report("xml", [])


def test_md_is_markdown_for_f_as_for_o(tmp_path):
    """-f md is refused no more: the alias picks the format the extension .md picks."""
    assert render.ALIASES == {"md": "markdown"} and EXTENSIONS[".md"] == "markdown"
    assert outputs.pick_format(kit.Format("md"), None, kit.Format, "count") == "markdown"
    assert render.choices("posts") == formats("posts")  # an alias only where its format renders
