"""`votecount posts`: the extracted posts, so a user can check a parser on their forum."""

from __future__ import annotations

import csv
import io
import json

from ..model import Post

FIELDS = ("post_id", "post_no", "page", "author", "author_id", "time", "edited", "edited_by",
          "edited_at", "edit_count", "text", "html", "url")


def iso(value) -> str | None:
    return value.isoformat() if value is not None else None


def post_dict(post: Post) -> dict:
    """One post exactly as CONTRACT.md lists the fields."""
    return {
        "post_id": post.post_id, "post_no": post.post_no, "page": post.page,
        "author": post.author, "author_id": post.author_id, "time": iso(post.time),
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
