"""Nothing is lost: -o never names an input of the command (compared as real files: links,
`..`, hard links, a case-insensitive file system), votecount's own outputs saved into a thread
folder are skipped with a note, -o's extension decides the format when -f is not given."""

from __future__ import annotations

import json
import os
import shutil
import zipfile

import pytest

from hostile_kit import EXAMPLE, SAVED, example, clean_error, counted, invoke, snapshot




def _refused(run, target):
    line = clean_error(run, "is an input", target.name)
    assert "never overwritten" in line
    return line


@pytest.mark.parametrize("command", [
    ["count"], ["posts", "-f", "json"], ["activity", "-f", "csv"], ["init", "--force"]])
@pytest.mark.parametrize("which", ["page1.html", "page2.html", "game.toml"])
def test_output_onto_any_input_is_refused(example, command, which):
    """-o a page read from the folder, or the game file: exit 2, one line, nothing changed."""
    before = snapshot(example)
    game = ["--game", example / "game.toml"] if command[0] in ("count", "activity") else []
    _refused(invoke(*command, example, *game, "-o", example / which), example / which)
    assert snapshot(example) == before


def test_output_onto_the_game_file_of_a_single_page(example):
    before = snapshot(example)
    _refused(invoke(example / "page1.html", "--game", example / "game.toml", "-o", "thread/game.toml"),
             example / "game.toml")
    assert snapshot(example) == before


def test_output_onto_the_diff_file_and_the_rules_file(example, tmp_path):
    game = ["--game", example / "game.toml"]
    previous = tmp_path / "before.json"
    previous.write_text(invoke(example, *game, "-f", "json").out, encoding="utf-8")
    kept = previous.read_bytes()
    _refused(invoke(example, *game, "--diff", previous, "-o", previous), previous)
    rules = tmp_path / "house.toml"
    rules.write_text('name = "house"\nbase = "classic"\n', encoding="utf-8")
    _refused(invoke(example, "--rules", rules, "-o", rules), rules)
    assert previous.read_bytes() == kept


def test_output_onto_the_cookies_file(example, tmp_path):
    jar = tmp_path / "cookies.txt"
    jar.write_text("# Netscape HTTP Cookie File\n", encoding="utf-8")
    kept = jar.read_bytes()
    _refused(invoke(example, *SAVED, "--cookies", jar, "-o", jar), jar)
    _refused(invoke("posts", example, "--cookies", jar, "-o", jar), jar)
    assert jar.read_bytes() == kept


def test_output_onto_a_zip_that_is_read(example, tmp_path):
    archive = tmp_path / "thread.zip"
    with zipfile.ZipFile(archive, "w") as zf:
        for name in ("page1.html", "page2.html"):
            zf.write(example / name, name)
    kept = archive.read_bytes()
    _refused(invoke(archive, *SAVED, "-o", archive), archive)
    _refused(invoke("posts", archive, "-o", archive), archive)
    assert archive.read_bytes() == kept


@pytest.mark.parametrize("spelling", ["link", "dotdot", "hardlink"])
def test_output_spelled_another_way_is_still_the_input(example, tmp_path, spelling):
    """A symbolic link, a path through `..`, a hard link: the same file is refused. (A
    case-insensitive file system is the same test: the comparison is of the files, st_dev and
    st_ino, never of the names.)"""
    page = example / "page1.html"
    if spelling == "link":
        target = tmp_path / "alias.html"
        target.symlink_to(page)
    elif spelling == "dotdot":
        (tmp_path / "sub").mkdir()
        target = tmp_path / "sub" / ".." / "thread" / "." / "page1.html"
    else:
        target = tmp_path / "hard.html"
        os.link(page, target)
    before = snapshot(example)
    clean_error(invoke(example, *SAVED, "-o", target), "is an input", "page1.html")
    assert snapshot(example) == before


def test_case_insensitive_spelling_is_compared_by_file(example, tmp_path):
    """On a case-insensitive file system PAGE1.HTML is page1.html; here (case-sensitive) it is
    another file, which is written. Either way the decision is the file system's."""
    upper = example / "PAGE1.HTML"
    same = upper.exists() and os.path.samefile(upper, example / "page1.html")
    run = invoke(example / "page1.html", *SAVED, "-f", "json", "-o", upper)
    if same:
        clean_error(run, "is an input")
    else:
        assert run.code == 0, run.err
        assert json.loads(upper.read_text(encoding="utf-8"))


def test_batch_output_onto_its_list_file(example, tmp_path):
    listing = tmp_path / "list.txt"
    listing.write_text("thread\n", encoding="utf-8")
    kept = listing.read_bytes()
    clean_error(invoke("batch", listing, "-o", listing, "-q"), "list.txt", "is an input")
    assert listing.read_bytes() == kept


# -- votecount's own outputs in a thread folder ----------------------------------------------

@pytest.mark.parametrize("name,fmt", [
    ("report.html", "html"), ("report", "table"), ("count", "json"), ("forum", "bbcode"),
    ("notes", "markdown"), ("ballots", "csv")])
def test_a_report_saved_into_the_thread_folder_is_skipped_with_a_note(example, name, fmt):
    game = ["--game", example / "game.toml"]
    first = counted(invoke(example, *game, "-f", "json"))
    target = example / name
    assert invoke(example, *game, "-f", fmt, "-o", target).code == 0
    again = invoke(example, *game, "-f", "json")
    assert again.code == 0, again.err
    second = json.loads(again.out)
    assert second["tally"] == first["tally"] and second["thread"]["pages"] == 2
    note = [w for w in second["thread"]["warnings"] if f"{name}: votecount's own" in w]
    assert len(note) == 1 and note[0].endswith("skipped")


def test_a_report_in_the_thread_folder_is_written_again_in_place(example):
    """votecount's own report is not an input (it is skipped): -o onto it again is fine."""
    game = ["--game", example / "game.toml"]
    for _ in range(2):
        run = invoke(example, *game, "-o", example / "report.html")
        assert run.code == 0, run.err
    assert (example / "report.html").read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


@pytest.mark.parametrize("command", [["posts", "-f", "json"], ["posts", "-f", "csv"],
                                     ["activity", "-f", "json"]])
def test_other_commands_outputs_in_the_folder_are_skipped(example, command):
    game = ["--game", example / "game.toml"] if command[0] == "activity" else []
    assert invoke(*command, example, *game, "-o", example / "out").code == 0
    again = invoke("posts", example, "-f", "json")
    assert again.code == 0, again.err
    assert len(json.loads(again.out)) == 13 and "out: votecount's own" in again.err


def test_a_foreign_text_file_in_the_folder_is_still_an_error(example):
    (example / "README").write_text("my notes about the game\n<3\n", encoding="utf-8")
    clean_error(invoke("posts", example), "README", "not a saved web page")


# -- the format from the extension of -o -------------------------------------------------------

@pytest.mark.parametrize("suffix,starts", [
    (".html", "<!DOCTYPE html>"), (".htm", "<!DOCTYPE html>"), (".json", "{"), (".csv", "day,phase,"),
    (".md", "**"), (".bbcode", "[b]"), (".txt", "Мафия на Заречной")])
def test_output_extension_decides_the_format(example, tmp_path, suffix, starts):
    out = tmp_path / f"report{suffix}"
    run = invoke(example, "--game", example / "game.toml", "-o", out)
    assert run.code == 0, run.err
    assert out.read_text(encoding="utf-8").startswith(starts)
    if suffix != ".txt":
        assert f"from the {suffix} of -o" in run.err


def test_format_given_wins_over_the_extension(example, tmp_path):
    out = tmp_path / "report.html"
    run = invoke(example, "--game", example / "game.toml", "-f", "json", "-o", out)
    assert run.code == 0 and json.loads(out.read_text(encoding="utf-8")) and run.err == ""


def test_posts_and_activity_take_the_extension_too(example, tmp_path):
    run = invoke("posts", example, "-o", tmp_path / "posts.json")
    assert run.code == 0 and len(json.loads((tmp_path / "posts.json").read_text("utf-8"))) == 13
    run = invoke("activity", example, "--game", example / "game.toml", "-o", tmp_path / "a.csv")
    assert run.code == 0 and (tmp_path / "a.csv").read_text("utf-8").startswith("player,day,")


def test_an_extension_the_command_cannot_write_is_refused(example, tmp_path):
    clean_error(invoke("posts", example, "-o", tmp_path / "posts.html"), "posts.html", "-f")
    assert not (tmp_path / "posts.html").exists()


@pytest.mark.parametrize("text", [
    '{"id": 1, "user": "Вася", "body": "голосую <b>Петя</b>"}\n{"id": 2}\n',
    "Day 1 votes:\nВася -> Петя <3\n"])
def test_a_text_file_given_as_a_page_is_not_a_saved_web_page(tmp_path, text):
    """JSON Lines that are not posts, or notes (with a `<` somewhere), named as a page: not
    "cut short, save it again" but what it is."""
    page = tmp_path / "thread.html"
    page.write_text(text, encoding="utf-8")
    clean_error(invoke("posts", page), "thread.html", "not a saved web page")


def test_json_lines_of_posts_with_a_field_missing_name_the_line_and_the_field(tmp_path):
    """JSON Lines of posts are a posts file (issue 16), whatever the file's name: a record
    without its `time` is that line's error, not "not a saved web page"."""
    page = tmp_path / "thread.html"
    page.write_text('{"post_no": 1, "author": "Вася", "html": "голосую <b>Петя</b>"}\n{"post_no": 2}\n',
                    encoding="utf-8")
    clean_error(invoke("posts", page), "thread.html", "line 1", "time")
