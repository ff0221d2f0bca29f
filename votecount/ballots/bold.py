"""The bold-vote style's ballots (English forums): "VOTE: Nick" in bold, [vote]Nick[/vote],
UNVOTE. The last such mark in a post decides it; any other text is discussion. The marks'
words are in vocabulary.py."""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..model import Kind, NickMatch, Post, Reading
from .names import Matcher, clean
from .rawquote import own_runs
from ..engines.kit.runs import WORD, Run, of_post
from .vocabulary import BOLD_FILLER, DEFAULT_WORDS, TAG_VOTE, Words


def bold_groups(parts: Sequence[Run], apart=None) -> list[list[Run]]:
    """The post's bold runs, consecutive ones in one group (`<b>Ва<i>ся</i></b>` is one nick); a
    run whose text `apart` accepts opens a group of its own even right after another bold run."""
    out: list[list[Run]] = []
    joined = False
    for r in parts:
        if r.bold and joined and not (apart and apart(r.text)):
            out[-1].append(r)
        elif r.bold:
            out.append([r])
        joined = r.bold
    return out


def _bold_texts(parts: list[Run]) -> list[str]:
    """The post's bold text, consecutive bold runs joined: `<b>Vote: <div style="color:…">X</div></b>`
    is one "Vote: X", not a vote with no nick and a stray "X"; two official tags side by side are
    two texts."""
    return ["".join(r.text for r in group) for group in bold_groups(parts, _OFFICIAL.match)]


# The official tag's own text (mafiascum's <span class="bbvote">): "UNVOTE: X" then "VOTE: Y".
_OFFICIAL = re.compile(r"(?:UN)?VOTE: ")
# The vote word with two neighbouring letters swapped, before a colon: "unvote, vtoe: flp".
_SWAPPED_VOTE = re.compile(r"(?<![\w/\[])(un)?(?:vtoe|ovte|voet)(?=\s*:)", re.IGNORECASE)
_SLASH = re.compile(r"^(\s*)/(?=(?:un)?vote\b)", re.IGNORECASE)  # "/vote Name 2.0", a chat command
_ALTERNATIVES = re.compile(r"\s*(?:/|\bor\b)\s*", re.IGNORECASE)  # "Vote: A / or / B"


def _prose(line: str, m: re.Match, rest: str, words: Words) -> bool:
    """A vote word inside a bold sentence, not a ballot: two words or more before it in its line
    ("DO NOT VOTE WITHOUT STATING INTENT"), or words before it and no word after it ("doesn't
    unvote.", "L-1 VOTE!!!"). "Unvote, vote X" is marks only."""
    before = WORD.findall(words.bold_vote.sub(" ", line[:m.start()]))
    return len(before) >= 2 or (bool(before) and not any(ch.isalnum() for ch in rest))


def _marks(parts: list[Run], words: Words) -> list[tuple[Kind, str]]:
    """(kind, rest) of every VOTE/UNVOTE in bold, every bold pass phrase on its own (a vote for
    No Lynch) and every [vote] tag, in order of writing."""
    found: list[tuple[Kind, str]] = []
    for text in _bold_texts(parts):
        for line in text.split("\n"):
            line = _SWAPPED_VOTE.sub(lambda m: f"{m.group(1) or ''}vote", _SLASH.sub(r"\1", line))
            marks = list(words.bold_vote.finditer(line))
            if not marks and words.bold_pass_alone.match(line.strip()):  # "**No Lynch**", "**sleep**"
                found.append((Kind.vote, line.strip(" ,;.!")))
            for i, m in enumerate(marks):  # "Unvote, vote X": each word up to the next
                end = marks[i + 1].start() if i + 1 < len(marks) else len(line)
                if not _prose(line, m, line[m.end():end], words):
                    found.append((Kind.withdraw if m.group(1) else Kind.vote, line[m.end():end].strip(" ,;.")))
    raw = "".join(r.text for r in parts)
    for m in TAG_VOTE.finditer(raw):
        found.append((Kind.withdraw, "") if m.group(2) else (Kind.vote, m.group(1).strip()))
    return found


def read_bold(post: Post, matcher: Matcher, words: Words = DEFAULT_WORDS) -> Reading:
    """bold-vote: the last VOTE/UNVOTE in bold (or in [vote] tags) decides the post; any other
    text is discussion. "Vote GJ because it is fishy": the longest leading words that make a nick.
    "UNVOTE: X" then a VOTE that names nobody: the unvote stands (the old vote is withdrawn).
    H.11: `words` are the count's vote, unvote and pass words (TeamLiquid's ##vote / ##unvote)."""
    parts = own_runs(of_post(post))  # a literal, unrendered [QUOTE] block is a quote too
    found = _marks(parts, words)
    if not found:
        return Reading(Kind.chatter, written=clean("".join(r.text for r in parts))[:80], extra_text=True)
    kind, rest = found[-1]
    if kind == Kind.withdraw:  # "UNVOTE: X" is a withdrawal too
        return Reading(Kind.withdraw, written=f"unvote {rest}".strip())
    reading = _bold_ballot(rest, matcher, words)
    if reading.kind == Kind.unknown and any(k == Kind.withdraw for k, _ in found[:-1]):
        return Reading(Kind.withdraw, written=f"unvote (then '{reading.written}': no player)")
    return reading


def _bold_ballot(rest: str, matcher: Matcher, vocab: Words = DEFAULT_WORDS) -> Reading:
    """What follows a bold VOTE: No Lynch, a nick (the longest leading words), or unknown."""
    nick = matcher.is_nick(rest)  # a player called "Sleep" or "Pass" is voted, not passed
    if not nick:
        rest = BOLD_FILLER.sub("", rest)  # "vote to No Lynch", "vote for X"
    if not nick and vocab.bold_pass.match(rest):
        return Reading(Kind.pass_, written=rest)
    either = _either(rest, matcher) if not nick else None
    if either:
        return either
    words = WORD.findall(rest)
    for size in range(min(len(words), 4), 0, -1):
        written = " ".join(words[:size])
        m = matcher.match(written)
        if m.player or m.stage == "ambiguous":
            return Reading(Kind.vote, written=written, match=m, colour="none",
                           extra_text=size < len(words))
    head, colon, tail = rest.partition(":")
    if colon and tail.strip() and len(WORD.findall(head)) <= 3:  # "Vote to Hammer: hiplop"
        return _bold_ballot(tail.strip(), matcher, vocab)
    written = " ".join(words[:2]) or rest
    return Reading(Kind.unknown, written=written, match=matcher.match(written) if written else None)


def _either(rest: str, matcher: Matcher) -> Reading | None:
    """"Vote: A / or / B": two players offered is no ballot for either (the moderator refuses
    it), never the first: an ambiguous nick, with both named."""
    pieces = [p for p in _ALTERNATIVES.split(rest) if WORD.search(p)]
    if len(pieces) < 2:
        return None
    found = [matcher.match(" ".join(WORD.findall(p))).player for p in pieces]
    if len(set(found)) < 2 or None in found:
        return None
    cands = tuple((n, 100.0) for n in dict.fromkeys(found))
    return Reading(Kind.vote, written=rest, match=NickMatch(rest, None, "ambiguous", 0.0, cands), colour="none")
