"""Hostile folders and archives: mixed charsets, pages of two threads, duplicated and shuffled
pages, zips with '..' / absolute / symbolic-link members, zip bombs, symbolic-link loops.
Each ends in exit 2 with one clear line, or in the count of the thread as it should be; no
file is ever written outside the working folder (checked: it stays empty) and no input is
modified."""

from __future__ import annotations

import os
import shutil
import struct
import zipfile

import pytest

from hostile_kit import (EXAMPLE, GAME, clean_error, cli, counted, encode, essence, invoke,
                         snapshot, thread_pages)
from threadkit import game_toml, red

NO_TOPIC = ' data-topic-id="1"'  # a page that states no topic number (its root without data-topic-id)

SAVED = ["--saved-at", "2026-11-29T20:10:41"]
PLAYERS = ["Вася", "Петя", "Маша", "Коля", "Оля"]
POSTS = [("Ведущий", "2026-11-29 09:00:00", "День 1. Голосуем до 20:00."),
         ("Вася", "2026-11-29 10:00:00", red("Петя")),
         ("Петя", "2026-11-29 10:05:00", red("Вася")),
         ("Маша", "2026-11-29 10:10:00", red("Петя")),
         ("Коля", "2026-11-29 11:00:00", "Думаю, Петя врёт."),
         ("Коля", "2026-11-29 11:30:00", red("Маша")),
         ("Оля", "2026-11-29 12:00:00", red("Петя")),
         ("Вася", "2026-11-29 13:00:00", red("Коля")),
         ("Ведущий", "2026-11-29 20:00:00", "Итоги.")]


@pytest.fixture
def work(tmp_path, monkeypatch):
    inp, cwd = tmp_path / "in", tmp_path / "cwd"
    inp.mkdir()
    cwd.mkdir()
    monkeypatch.chdir(cwd)
    game = tmp_path / "game.toml"
    game.write_text(game_toml(PLAYERS, rules="red-blue"), encoding="utf-8")
    yield inp, game
    assert list(cwd.iterdir()) == [], "votecount wrote into its working folder"


def run(thread, game, *args, process=False, cwd=None):
    before = snapshot(thread if thread.is_dir() else thread.parent)
    argv = (thread, "--game", game, "-f", "json", "--lang", "en", *args)
    result = cli(*argv, cwd=cwd) if process else invoke(*argv)
    assert snapshot(thread if thread.is_dir() else thread.parent) == before, "input modified"
    return result


def expected(tmp_path, game):
    """The count of the thread as one clean UTF-8 page."""
    one = tmp_path / "one"
    one.mkdir()
    (one / "page.html").write_text(thread_pages(POSTS, 100)[0], encoding="utf-8")
    return essence(counted(invoke(one / "page.html", "--game", game, "-f", "json", "--lang", "en")))


def write_pages(folder, pages, names=None, charsets=None):
    for i, page in enumerate(pages):
        name = names[i] if names else f"page{i + 1}.html"
        cs = charsets[i] if charsets else "utf-8"
        (folder / name).write_bytes(encode(page, cs))


# -- charsets ------------------------------------------------------------------------------

def test_mixed_encodings_in_one_folder(work, tmp_path):
    inp, game = work
    pages = thread_pages(POSTS, 2)  # five pages, each saved in another charset
    write_pages(inp, pages, charsets=["utf-8", "windows-1251", "koi8-r", "utf-16", ""])
    assert essence(counted(run(inp, game))) == expected(tmp_path, game)


# -- page order, duplicates, two threads ---------------------------------------------------

def test_duplicated_and_out_of_order_pages(work, tmp_path):
    inp, game = work
    pages = thread_pages(POSTS, 3)
    # Names that sort against the thread's order, and a page saved twice.
    write_pages(inp, [pages[2], pages[1], pages[0], pages[1]],
                names=["a1.html", "a2.html", "a3.html", "a2 (copy).html"])
    result = counted(run(inp, game))
    assert essence(result) == expected(tmp_path, game)
    assert result["thread"]["posts"] == len(POSTS) and result["thread"]["warnings"] == []


def test_overlapping_pages_as_arguments(work, tmp_path):
    """Pages given one by one, one of them twice and out of order."""
    inp, game = work
    pages = thread_pages(POSTS, 4)
    write_pages(inp, pages)
    argv = [inp / "page3.html", inp / "page1.html", inp / "page2.html", inp / "page1.html"]
    result = counted(invoke(*argv, "--game", game, "-f", "json", "--lang", "en"))
    assert essence(result) == expected(tmp_path, game)


def test_pages_of_two_threads_by_topic_number(work):
    """Two games' vote threads with the same title, pages 1 and 2 of different topics."""
    inp, game = work
    a = thread_pages(POSTS, 5, topic=28)
    b = thread_pages(POSTS, 5, topic=31, id_base=900)
    write_pages(inp, [a[0], b[1]])
    clean_error(run(inp, game), "page2.html", "page1.html", "another thread", "topic 31", "topic 28")


def test_pages_of_two_threads_by_title(work):
    """No topic number on the pages (a design without data-topic-id, no saved address): the titles
    differ and no post is on both pages."""
    inp, game = work
    a = thread_pages(POSTS, 5, title="Мафия на Заречной: день 1")
    b = thread_pages(POSTS, 5, title="Мафия в Простоквашино: день 2", id_base=900)
    strip = lambda p: p.replace(NO_TOPIC, "")  # noqa: E731
    write_pages(inp, [strip(a[0]), strip(b[1])])
    clean_error(run(inp, game), "page2.html", "another thread", "Простоквашино")


def test_pages_of_two_threads_numbered_alike(work):
    """Same title, no topic numbers, both pages hold posts 1–5 with different ids."""
    inp, game = work
    a = thread_pages(POSTS, 5)[0].replace(NO_TOPIC, "")
    b = thread_pages(POSTS, 5, id_base=900)[0].replace(NO_TOPIC, "")
    write_pages(inp, [a, b])
    clean_error(run(inp, game), "two different posts numbered 1", "two threads")


def test_one_thread_with_the_page_number_in_its_title(work, tmp_path):
    """'Голосование - Страница 2' is the same thread as 'Голосование'."""
    inp, game = work
    pages = thread_pages(POSTS, 5)
    pages[1] = pages[1].replace("<h1><span>Голосование", "<h1><span>Голосование - Страница 2")
    write_pages(inp, [p.replace(NO_TOPIC, "") for p in pages])
    assert essence(counted(run(inp, game))) == expected(tmp_path, game)


# -- zip archives --------------------------------------------------------------------------

def zip_with(path, members: list[tuple[str, bytes]], *, attr: dict | None = None):
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in members:
            info = zipfile.ZipInfo(name, date_time=(2026, 11, 29, 20, 10, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            if attr and name in attr:
                info.external_attr = attr[name]
            zf.writestr(info, data)
    return path


def good_members():
    return [(f"thread/page{i + 1}.html", p.encode("utf-8")) for i, p in enumerate(thread_pages(POSTS, 3))]


def test_zip_of_the_thread_counts(work, tmp_path):
    inp, game = work
    archive = zip_with(inp / "t.zip", good_members())
    assert essence(counted(run(archive, game))) == expected(tmp_path, game)


@pytest.mark.parametrize("name,why", [("../../evil.html", "'..' path"),
                                      ("thread/../../evil.html", "'..' path"),
                                      ("/tmp/evil.html", "absolute path"),
                                      ("C:\\evil.html", "absolute path"),
                                      ("..\\evil.html", "'..' path")])
def test_zip_member_paths_outside_the_archive(work, name, why):
    inp, game = work
    archive = zip_with(inp / "t.zip", good_members() + [(name, b"<html></html>")])
    clean_error(run(archive, game), "t.zip", name, why, "refused")
    assert not (inp.parent / "evil.html").exists() and not (inp.parent.parent / "evil.html").exists()


def test_zip_member_that_is_a_symbolic_link(work):
    inp, game = work
    archive = zip_with(inp / "t.zip", good_members() + [("thread/page9.html", b"/etc/passwd")],
                       attr={"thread/page9.html": (0o120777 << 16)})
    clean_error(run(archive, game), "page9.html", "symbolic link")


def test_zip_bomb_by_ratio(work, tmp_path):
    """A member of 60 MB of one byte packs to ~60 KB: refused before it is inflated."""
    inp, game = work
    archive = zip_with(inp / "bomb.zip", good_members() + [("thread/page4.html", b"<" * (60 * 1024 * 1024))])
    clean_error(run(archive, game, process=True, cwd=tmp_path / "cwd"), "bomb.zip!thread/page4.html",
                "zip bomb")


def test_zip_bomb_over_the_size_limits(work):
    """Members declaring more than a page, or than a thread, may hold: refused unread."""
    inp, game = work
    archive = zip_with(inp / "big.zip", good_members() + [("thread/page4.html", b" " * 1000)])
    patch_sizes(archive, "thread/page4.html", 65 * 1024 * 1024)
    clean_error(run(archive, game), "page4.html", "64 MiB limit")
    members = [(f"p{i}.html", b" " * 100) for i in range(9)]
    archive = zip_with(inp / "many.zip", members)
    for i in range(9):
        patch_sizes(archive, f"p{i}.html", 60 * 1024 * 1024)
    clean_error(run(archive, game), "many.zip", "over the 512 MiB limit")


def test_zip_member_lying_about_its_size(work):
    """A member whose header says 1 KB but whose data inflates to 1 MB: reading stops at the
    declared size and the checksum fails; refused, never read past the claim."""
    inp, game = work
    archive = zip_with(inp / "lie.zip", good_members() + [("thread/page4.html", b"<p>x</p>" * 131072)])
    patch_sizes(archive, "thread/page4.html", 1024)
    clean_error(run(archive, game), "page4.html", "damaged")


def test_encrypted_zip_member(work):
    inp, game = work
    archive = zip_with(inp / "enc.zip", good_members())
    patch_flag(archive, "thread/page1.html", 0x1)
    clean_error(run(archive, game), "page1.html", "cannot unpack", "encrypted")


def test_zip_with_impossible_dates_counts(work, tmp_path):
    """Month 0 in a member's DOS date: no crash; the date is simply not used."""
    inp, game = work
    archive = zip_with(inp / "dates.zip", good_members())
    patch_date(archive)
    assert essence(counted(run(archive, game))) == expected(tmp_path, game)


def test_not_a_zip(work):
    inp, game = work
    (inp / "t.zip").write_bytes(b"PK\x03\x04 this is not an archive" * 10)
    clean_error(run(inp / "t.zip", game), "t.zip", "not a readable .zip")


# -- symbolic links ------------------------------------------------------------------------

def test_folder_with_a_symbolic_link_loop(work, tmp_path):
    inp, game = work
    write_pages(inp, thread_pages(POSTS, 5))
    os.symlink("b.html", inp / "a.html")
    os.symlink("a.html", inp / "b.html")
    clean_error(run(inp, game), "a.html", "symbolic link loop")


def test_folder_linking_to_itself_counts(work, tmp_path):
    """A link to a folder (here: to itself) is never entered, so it cannot loop."""
    inp, game = work
    write_pages(inp, thread_pages(POSTS, 5))
    os.symlink(".", inp / "again")
    os.symlink(str(inp), inp / "loop.html")
    assert essence(counted(run(inp, game))) == expected(tmp_path, game)


def test_symbolic_link_leading_out_of_the_folder(work, tmp_path):
    inp, game = work
    write_pages(inp, thread_pages(POSTS, 5))
    outside = tmp_path / "secret.html"
    outside.write_text(thread_pages(POSTS, 5)[1], encoding="utf-8")
    os.symlink(outside, inp / "page3.html")
    clean_error(run(inp, game), "page3.html", "outside the folder")


def test_symbolic_link_to_nothing(work):
    inp, game = work
    write_pages(inp, thread_pages(POSTS, 5))
    os.symlink("missing.html", inp / "page3.html")
    clean_error(run(inp, game), "page3.html", "missing file")


def test_symbolic_link_inside_the_folder_counts(work, tmp_path):
    """latest.html → page2.html: the same page twice, merged as a duplicate."""
    inp, game = work
    write_pages(inp, thread_pages(POSTS, 5))
    os.symlink("page2.html", inp / "latest.html")
    assert essence(counted(run(inp, game))) == expected(tmp_path, game)


def test_thread_argument_that_is_a_link_loop(work):
    inp, game = work
    os.symlink(inp / "x", inp / "y")
    os.symlink(inp / "y", inp / "x")
    clean_error(run(inp / "x", game), "x", "symbolic link that loops or leads nowhere")


def test_a_fifo_in_the_folder_is_refused_not_waited_on(work):
    inp, game = work
    write_pages(inp, thread_pages(POSTS, 5))
    os.mkfifo(inp / "page3.html")
    clean_error(run(inp, game), "page3.html", "not a regular file")


def test_example_folder_copy_with_junk_beside_it(work, tmp_path):
    """A browser's "page_files" folder and hidden files beside the pages change nothing."""
    inp, _ = work
    for name in ("page1.html", "page2.html"):
        shutil.copy(EXAMPLE / name, inp / name)
    (inp / "page1_files").mkdir()
    (inp / "page1_files" / "style.css").write_text("body{}")
    (inp / ".DS_Store").write_bytes(b"\x00\x01binary")
    got = counted(run(inp, GAME, *SAVED))
    want = counted(invoke(EXAMPLE, "--game", GAME, "-f", "json", "--lang", "en", *SAVED))
    assert essence(got) == essence(want)


# -- zip header surgery --------------------------------------------------------------------

def _records(data: bytes, name: str):
    """Offsets of the local header and central directory record of member `name`."""
    raw = name.encode("utf-8")
    local = central = None
    i = 0
    while (i := data.find(b"PK\x03\x04", i)) != -1:
        n = struct.unpack_from("<H", data, i + 26)[0]
        if data[i + 30:i + 30 + n] == raw:
            local = i
        i += 4
    i = 0
    while (i := data.find(b"PK\x01\x02", i)) != -1:
        n = struct.unpack_from("<H", data, i + 28)[0]
        if data[i + 46:i + 46 + n] == raw:
            central = i
        i += 4
    assert local is not None and central is not None
    return local, central


def patch_sizes(path, name: str, size: int):
    data = bytearray(path.read_bytes())
    local, central = _records(bytes(data), name)
    struct.pack_into("<I", data, local + 22, size)
    struct.pack_into("<I", data, central + 24, size)
    path.write_bytes(bytes(data))


def patch_flag(path, name: str, flag: int):
    data = bytearray(path.read_bytes())
    local, central = _records(bytes(data), name)
    for at in (local + 6, central + 8):
        struct.pack_into("<H", data, at, struct.unpack_from("<H", data, at)[0] | flag)
    path.write_bytes(bytes(data))


def patch_date(path):
    """Every member's DOS date: year 2026, month 0, day 0."""
    data = bytearray(path.read_bytes())
    bad = (2026 - 1980) << 9
    for sig, off in ((b"PK\x03\x04", 12), (b"PK\x01\x02", 14)):
        i = 0
        while (i := data.find(sig, i)) != -1:
            struct.pack_into("<H", data, i + off, bad)
            i += 4
    path.write_bytes(bytes(data))
