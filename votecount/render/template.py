"""Posts written through Jinja2 templates: the package's own (templates/bbcode.j2 and markdown.j2
are what -f bbcode and -f markdown write) and a GM's (`--template FILE`, often a copy of one).

A template sees `posts` (each day's post in words, forum_post.day_data), `days` (each day's
JSON, json_out.day_dict, with `history` and `majority`), `day` (the last one), `lang`, the
functions `say(code, **fields)` and `word(key)` (the catalogue's sentences and labels in the
count's language), `clock(iso, day)` (a time as the post writes it: "20:00", "28.11 21:05"
before the deadline's date), `deadline(day_number)` ("дедлайн 29.11 в 20:00 МСК"), and the
filters `bb`, `md` (user text made safe in BBCode, Markdown), `bburl`, `mdurl` (an address in a
link). A template runs sandboxed: it reads the count and writes text, nothing else. A GM's
template that cannot be read, parsed or filled is bad input: one line naming the file (and the
line).
"""

from __future__ import annotations

from datetime import datetime
from functools import lru_cache
from importlib.resources import files
from pathlib import Path

from ..errors import InputError
from ..model import DayResult
from ..messages import say
from . import escapes
from .forum_post import day_data
from .json_out import day_dict
from .words import Clock, deadline_words, word

SHIPPED = ("bbcode.j2", "markdown.j2")  # the posts -f bbcode and -f markdown write


def shipped(name: str) -> str:
    """The text of a template that comes with the package."""
    return files(__package__).joinpath("templates", name).read_text(encoding="utf-8")


def _environment():
    from jinja2.sandbox import SandboxedEnvironment
    env = SandboxedEnvironment(autoescape=False, keep_trailing_newline=True, trim_blocks=True,
                               lstrip_blocks=True)
    env.filters.update(bb=escapes.bbcode, md=escapes.markdown, bburl=escapes.bbcode_url, mdurl=escapes.markdown_url)
    return env


def parse(text: str, name: str):
    """A template's text → a compiled template; InputError naming `name` and the line."""
    import jinja2
    try:
        return _environment().from_string(text)
    except jinja2.TemplateSyntaxError as exc:
        raise InputError(f"{name}: line {exc.lineno}: {exc.message}") from None


def load(path: Path) -> tuple[str, object]:
    """The template in `path` (its name, compiled), read before the count is made."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError(f"{path}: --template file not found") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"{path}: --template file cannot be read ({getattr(exc, 'strerror', None) or exc})") from None
    return str(path), parse(text, str(path))


@lru_cache(maxsize=None)
def shipped_template(name: str) -> tuple[str, object]:
    """A template that comes with the package, compiled once."""
    return name, parse(shipped(name), name)


def fill(template: tuple[str, object], results: list[DayResult], *, explain: bool = False,
         diffs: dict | None = None, full: bool = False) -> str:
    """The count through `template` (load's pair); a template that fails while filling is bad input."""
    import jinja2
    name, compiled = template
    try:
        return compiled.render(**_context(results, explain=explain, diffs=diffs, full=full))
    except (jinja2.TemplateError, TypeError, ValueError) as exc:
        raise InputError(f"{name}: {exc}") from None


def _context(results: list[DayResult], *, explain: bool, diffs: dict | None, full: bool) -> dict:
    """What a template sees: `posts` (forum_post.day_data of each day), `days` (the JSON), `day`,
    `lang`, and the functions `say`, `word`, `clock`, `deadline`."""
    clocks = {r.day: Clock.of_day(r) for r in results}
    by_day = {r.day: r for r in results}
    lang = results[-1].lang if results else "en"

    def clock(value, day: int | None = None) -> str:
        """An ISO time of the count as the post writes it, by the clock of `day` (default: the last)."""
        c = clocks.get(day) if day is not None else (clocks[results[-1].day] if results else None)
        if not value or c is None:
            return value or ""
        return c.time(datetime.fromisoformat(value))

    days = [day_dict(r, explain) for r in results]
    posts = [day_data(r, None if diffs is None else diffs.get(r.day), full=full) for r in results]
    return {"posts": posts, "days": days, "day": days[-1] if days else None, "lang": lang, "clock": clock,
            "say": lambda code, **fields: say(code, lang, **fields), "word": lambda key: word(lang, key),
            "deadline": lambda day: deadline_words(by_day[day], clocks[day])}
