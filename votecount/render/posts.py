"""`votecount posts`: the extracted posts, so a user can check a parser on their forum: JSON
and CSV with the fields of CONTRACT.md, or a table of the first words of each post."""

from __future__ import annotations

import csv
import io
import json

from ..model import Post, Thread
from .shown import PLAIN, Shown, printed
from ..messages import say
from .words import counted

FIELDS = ("post_id", "post_no", "page", "author", "author_id", "time", "edited", "edited_by",
          "edited_at", "edit_count", "text", "html", "url")


def iso(value) -> str | None:
    return value.isoformat() if value is not None else None


def post_dict(post: Post) -> dict:
    """One post exactly as CONTRACT.md lists the fields."""
    return {
        "post_id": post.post_id, "post_no": post.post_no, "page": post.page,
        "author": post.author, "author_id": post.author_id,
        "time": iso(post.time) if post.time_known else None,  # null: the page does not show it
        "edited": post.edited, "edited_by": post.edited_by, "edited_at": iso(post.edited_at),
        "edit_count": post.edit_count, "text": post.text, "html": post.html, "url": post.url,
    }


def to_json(posts) -> str:
    return json.dumps([post_dict(p) for p in posts], ensure_ascii=False, indent=2) + "\n"


def to_csv(posts) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=FIELDS, lineterminator="\n")
    writer.writeheader()
    for p in posts:
        writer.writerow(post_dict(p))
    return out.getvalue()


def json_text(thread: Thread, shown: Shown = PLAIN) -> str:
    return to_json(thread.posts)


def csv_text(thread: Thread, shown: Shown = PLAIN) -> str:
    return to_csv(thread.posts)


def table(thread: Thread, shown: Shown = PLAIN) -> str | None:
    """One row a post (its text cut to 60 characters), titled with the thread, in `shown.lang`
    (the thread's language); printed on `shown.console`, else returned as plain text 160 columns
    wide."""
    from rich.table import Table
    lang = shown.lang
    table = Table(title=f"{thread.title} ({thread.engine}, {counted(lang, thread.pages, 'pages')})", show_lines=False)
    for col in ("no", "id", "author", "time", "edited", "text"):
        table.add_column(say(f"posts.{col}", lang))
    for p in thread.posts:
        edit = f"{p.edited_by or '?'} {p.edited_at.isoformat(sep=' ') if p.edited_at else ''}" if p.edited else ""
        table.add_row(str(p.post_no), p.post_id, p.author, p.time.isoformat(sep=" ") if p.time_known else "?", edit,
                      p.text[:60].replace("\n", " / "))
    return printed(shown, 160, lambda console: console.print(table))
