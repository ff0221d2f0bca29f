"""`--template FILE`: the count written through a GM's own Jinja2 template, over the count's JSON
(json_out.day_dict, the contract's objects with `history` and `majority`).

The template sees `days` (every counted day's object), `day` (the last one), `lang`, the
functions `say(code, **fields)` and `word(key)` (the catalogue's sentences and labels in the
count's language), `clock` (an ISO time as a post writes it: "20:00", "28.11 21:05" before the deadline's
date), `deadline(day_number)` ("дедлайн 29.11 в 20:00 МСК") and two filters: `bb` (a nick made safe inside BBCode) and `md` (the same for Markdown). The
templates that come with the package (votecount/render/templates/: post.bbcode.j2, post.md.j2)
are the starting points a GM copies and edits. A template runs sandboxed: it reads the count
and writes text, nothing else. A template that cannot be read, parsed or filled is bad input:
one line naming the file and the line.
"""

from __future__ import annotations

from datetime import datetime
from importlib.resources import files
from pathlib import Path

from ..errors import InputError
from ..model import DayResult
from . import bbcode, markdown
from .json_out import day_dict
from ..messages import say
from .words import Clock, deadline_words, word

SHIPPED = ("post.bbcode.j2", "post.md.j2")


def shipped(name: str) -> str:
    """The text of a template that comes with the package."""
    return files(__package__).joinpath("templates", name).read_text(encoding="utf-8")


def _environment():
    from jinja2.sandbox import SandboxedEnvironment
    env = SandboxedEnvironment(autoescape=False, keep_trailing_newline=True, trim_blocks=True,
                               lstrip_blocks=True)
    env.filters["bb"] = bbcode.escape
    env.filters["md"] = markdown.escape
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


def fill(template: tuple[str, object], results: list[DayResult], *, explain: bool = False) -> str:
    """The count through `template` (load's pair); a template that fails while filling is bad input."""
    import jinja2
    name, compiled = template
    days = [day_dict(r, explain) for r in results]
    clocks = {r.day: Clock.of_day(r, [b.post.time for b in r.ballots] + [r.deadline]) for r in results}
    by_day = {r.day: r for r in results}

    def clock(value, day: int | None = None) -> str:
        """An ISO time of the count as the post writes it, by the clock of `day` (default: the last)."""
        c = clocks.get(day) if day is not None else (clocks[results[-1].day] if results else None)
        if not value or c is None:
            return value or ""
        return c.time(datetime.fromisoformat(value))

    try:
        lang = results[-1].lang if results else "en"
        return compiled.render(days=days, day=days[-1] if days else None, lang=lang, clock=clock,
                               say=lambda code, **fields: say(code, lang, **fields),
                               word=lambda key: word(lang, key),
                               deadline=lambda day: deadline_words(by_day[day], clocks[day]))
    except (jinja2.TemplateError, TypeError, ValueError) as exc:
        raise InputError(f"{name}: {exc}") from None
