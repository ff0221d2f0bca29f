"""The house rules (RULES.md H.*) a GM states in the first post, as commented `[rules]` lines of
the draft (`votecount init`): each clause found gives its key with the words it was found by,
for the GM to confirm by removing the `#`. Russian and English wording. Pure: posts in, lines out.
Nothing is guessed when nothing is found (the draft is as before)."""

from __future__ import annotations

import re

from ..ballots.names import key
from ..messages import say
from ..model import Post
from .guess import _fold, comment

# (key, value as TOML, the clause), tried on the GM's first post (folded: lower case, ё→е).
CLAUSES: tuple[tuple[str, str, re.Pattern], ...] = (
    ("tie", '"earliest"', re.compile(
        r"чей\s+последний\s+голос\s+(?:был\s+)?раньше|(?:раньше|первым)\s+набрал|счет\s+набран\w*\s+раньше|"
        r"(?:reached|got\s+to)\s+(?:that\s+|the\s+)?(?:count|score|number)\s+first|earliest\s+(?:last\s+)?vote")),
    ("tie", '"all"', re.compile(
        r"(?:казн\w+|выбыва\w+|уход\w+|повеш\w+)\s+(?:оба|обе|все)\b|"
        r"(?:all|both)\s+(?:tied\s+(?:players\s+)?)?(?:are\s+)?(?:lynched|eliminated|die)")),
    ("tie", '"gm"', re.compile(
        r"рулетк|монетк|жреби|решает\s+ведущ|на\s+усмотрение\s+ведущ|"
        r"coin\s*(?:flip|toss)|random\.org|(?:host|gm|mod)\s+(?:decides|will\s+decide|picks)")),
    ("edited_vote", '"missed"', re.compile(
        r"(?:редактир\w+|исправлен\w+|правк\w+)[^.\n]{0,60}(?:пропуск|не\s+засчит|недействит)|"
        r"edit\w*\s+(?:votes?|posts?)[^.\n]{0,40}(?:miss|void|not\s+count|invalid)")),
    ("change_words", '["меняю голос на"]', re.compile(r"меняю\s+голос\s+на")),
    ("withdraw_words", '["отменяю голос"]', re.compile(r"отменяю\s+голос")),
    ("change_words", '["change my vote to"]', re.compile(r"change\s+my\s+vote\s+to")),
    ("final_words", '["окончательно"]', re.compile(r"окончательн")),
    ("final_words", '["final"]', re.compile(r"\bfinal\s+vote|\bvote\s+(?:is\s+)?final\b")),
    ("pass_limit_per_game", "1", re.compile(
        r"(?:ннв|скип|пас)\w*[^.\n]{0,40}(?:один|1)\s+раз\s+за\s+игру|no[\s-]lynch[^.\n]{0,40}once\s+per\s+game")),
    ("vote_colours", '["green"]', re.compile(r"зелен\w+\s+(?:цвет\w*|ник\w*)|ник\w*\s+зелен|\bin\s+green\b")),
    ("ballot_style", '"bold_nick"', re.compile(  # bold said of the vote or the nick, not of any action
        r"(?:голос|ник)\w*[^.\n]{0,40}(?:полу)?жирн|(?:полу)?жирн\w*[^.\n]{0,40}(?:голос|ник)|"
        r"\bvotes?\b[^.\n]{0,30}\bbold(?:ed)?\b|\bbold(?:ed)?\s+(?:your\s+)?(?:votes?|names?|nicks?)\b")),
    ("majority", '"half+1"', re.compile(r"большинств\w+|50\s*%\s*\+\s*1|половин\w+\s*\+\s*1|\bmajority\b|half\s*\+\s*1")),
)


def house_lines(posts: list[Post], gm_key: str, *, preset: str, lang: str | None = None) -> list[str]:
    """The commented [rules] lines for the clauses of the GM's first post (one per key, the
    first clause that names it), or [] when it has none. A clause the preset already has
    (bold_nick in bold-vote) is left out."""
    first = next((p for p in posts if key(p.author) == gm_key), None)
    if first is None:
        return []
    text = _fold(first.text)
    found: dict[str, str] = {}
    for name, value, rx in CLAUSES:
        m = rx.search(text)
        if m and name not in found and not (name == "ballot_style" and preset == "bold-vote"):
            found[name] = f"# {name} = {value}" + say("draft.house_line", lang, words=comment(m.group(0)),
                                                      no=first.post_no)
    if not found:
        return []
    return ["", *say("draft.house_head", lang, no=first.post_no).split("\n"), "# [rules]", *found.values()]



