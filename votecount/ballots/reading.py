"""A post → what it says as a ballot (a Reading), before any rule is applied.

The body HTML is flattened into runs of text, each with the innermost colour that wraps it
and whether it is bold. Then, in order: flags (фаст, досрочно) and colour words (КРАСНЫМ,
СИНИМ) are taken out; vote prefixes ("голосую против", "меняю голос на", "vote:") are
stripped; a whole post that is exactly a roster nick is a vote (a player called "Пас" is a
nick before it is a pass); withdraw and pass words; then nicks in emphasised (coloured or
bold) runs, in lines, in word windows. A short post that names nobody is an attempted vote
with an unknown nick; a longer one is chatter. The colour of a vote is the colour of the
text that carries the nick. The flattening is `runs`; the bold-vote style's reader is
`bold.read_bold`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .flagwords import flag_words, without_flags
from ..model import Kind, Post, Reading
from .names import Matcher, clean
from .rawquote import own_runs
from ..engines.kit.runs import WORD, Run, of_post
from .vocabulary import (BLUE_WORD, CONDITIONAL, DEFAULT_WORDS, EARLY, FAST, HANG_ALL, PARDON_ALL, PREFIX,
                         PREFIX_HEADS, RED_WORD, UNFAST, Words)

# Readings that are ballots (anything else a player posts is chatter or empty).
BALLOT_KINDS = frozenset(Kind) - {Kind.chatter, Kind.empty}


_FOLD_SPACES = re.compile(r"[ \t\xa0]+")
_BLANKS = re.compile(r"[ \t]+")


def fold(text: str) -> str:
    return _spaced(text).strip()


def _spaced(text: str) -> str:
    """fold() before the ends are stripped: line breaks and the spaces around them kept."""
    text = text.casefold().replace("ё", "е")
    if "  " in text or "\xa0" in text or "\t" in text:  # three literal scans beat one sub
        return _FOLD_SPACES.sub(" ", text)
    return text


def _may_unfast(folded: str) -> bool:
    """False only when UNFAST cannot match: each of its forms holds "фаст" or "ускорение"
    ("unfast" holds "fast"). A search that starts with a lookbehind tries every character of
    the post; these literal searches skip through it."""
    return "фаст" in folded or "ускорение" in folded or "fast" in folded


def _strip_words(text: str, nicks: frozenset[str] = frozenset()) -> str:
    return _BLANKS.sub(" ", without_flags(text, nicks)).strip(" \t,;:!.")


def _lines(spaced: str, nicks: frozenset[str], flags: bool = True) -> list[str]:
    """The post's non-empty lines, folded, without flag and colour words: for spaced =
    _spaced(raw), `[_strip_words(fold(x), nicks) for x in raw.split("\n")]` less the empty
    ones, with each pattern run once over the whole text instead of once per line. The same
    result: case folding, ё→е and every pattern here work within a line (none matches a line
    break, and a line break is a non-word character for the lookarounds, as a string's ends
    are). flags=False: the text has no flag word (FLAG_WORDS found none), nothing to take out."""
    text = "\n".join(x.strip() for x in spaced.split("\n"))
    if flags:
        text = without_flags(text, nicks)
    if "  " in text or "\t" in text:
        text = _BLANKS.sub(" ", text)
    stripped = (x.strip(" \t,;:!.") for x in text.split("\n"))
    return [x for x in stripped if x]


def _strip_prefix(line: str) -> str:
    """The line without its vote prefix: PREFIX tried only where a line starts with one of
    PREFIX_HEADS (most lines fail it)."""
    if line.startswith(PREFIX_HEADS):
        line = PREFIX.sub("", line, count=1)
    return line.strip(" \t,;:!.")


def _colour_of(written: str, parts: list[Run]) -> str:
    """Colour of the runs that carry `written` (first occurrence, case-insensitive)."""
    full = "".join(r.text for r in parts)
    folded = full.casefold().replace("ё", "е")  # same length as `full` for the scripts we read
    words = fold(written).split()
    span = None
    if len(words) == 1 and len(folded) == len(full):
        # One word (most nicks): a plain search; a pattern compiled for every vote cost 0.1 ms.
        at = folded.find(words[0])
        span = (at, at + len(words[0])) if at >= 0 else None
    elif words and len(folded) == len(full):
        hit = re.search(r"[\s\xa0]+".join(re.escape(w) for w in words), folded)
        span = hit.span() if hit else None
    colours: set[str] = set()
    if span:
        pos = 0
        for r in parts:
            nxt = pos + len(r.text)
            if nxt > span[0] and pos < span[1] and r.text.strip():
                colours.add(r.colour)
            pos = nxt
    else:
        colours = {r.colour for r in parts if r.text.strip()}
    if len(colours) == 1:
        return colours.pop()
    return "mixed" if colours - {"none"} else "none"


@dataclass(frozen=True, slots=True)
class _Text:
    """A post's text as the steps of `read` see it: its runs, the text with the PC.13
    conditional cut out, its lines without flag and colour words, and the flags it carries."""
    parts: list[Run]
    raw: str  # the runs' text, less the PC.13 conditional
    folded: str
    nicks: frozenset[str]  # flag words that are nicks
    lines: list[str]  # folded, flag and colour words taken out, empty lines dropped
    body: str  # the lines joined by one space
    whole: str  # the raw text, cleaned, its lines joined
    stripped: str  # the body without a vote prefix
    fast: bool
    early: bool
    word_colour: str  # "red", "blue", "redblue" or "" from colour words
    conditional: str | None  # PC.13: hang_all | pardon_all
    words: Words  # H.11: the count's ballot words (pass)


def read(post: Post, matcher: Matcher, words: Words = DEFAULT_WORDS) -> Reading:
    """What `post` says as a ballot. Pure: the same post, roster and words give the same Reading.
    The steps of _READERS are tried in order; the first that reads the post decides it."""
    text = _text(post, matcher, words)
    if not text.body:
        return Reading(Kind.empty, fast=text.fast, early=text.early, conditional=text.conditional)
    for step in _READERS:
        reading = step(text, matcher)
        if reading is not None:
            return reading
    return Reading(Kind.chatter, written=text.whole[:80], fast=text.fast, early=text.early, extra_text=True,
                   conditional=text.conditional)


def _text(post: Post, matcher: Matcher, ballot_words: Words) -> _Text:
    """The post flattened and folded, its flag words read (a flag word that is a nick is a nick),
    and a PC.13 conditional runoff ballot taken out of the text the other steps read."""
    parts = own_runs(of_post(post))  # a literal, unrendered [QUOTE] block is a quote too
    raw = "".join(r.text for r in parts)
    spaced = _spaced(raw)
    folded = spaced.strip()
    # A player called "Фаст" or "Red": that word names them, it is no flag (a guess either way
    # would be wrong, so a post with both a flag-nick and another nick reads as two nicks).
    words = flag_words(folded)
    nicks = frozenset(w for w in words if matcher.is_nick(w))

    def flagged(rx) -> bool:  # == any(w not in nicks for w in rx.findall(folded)): see _flag_words
        return any(w not in nicks and rx.fullmatch(w) for w in words)
    conditional, raw = _conditional(raw, folded)
    if conditional:  # PC.13: kept for the runoff, then read the rest of the post as usual
        spaced = _spaced(raw)
        folded = spaced.strip()
    lines = _lines(spaced, nicks, flags=bool(words))
    body = " ".join(lines)
    return _Text(parts=parts, raw=raw, folded=folded, nicks=nicks, lines=lines, body=body,
                 whole=clean(" ".join(x.strip() for x in raw.split("\n") if x.strip())),
                 stripped=_unprefixed(body, ballot_words), fast=flagged(FAST), early=flagged(EARLY),
                 word_colour=("red" if flagged(RED_WORD) else "") + ("blue" if flagged(BLUE_WORD) else ""),
                 conditional=conditional, words=ballot_words)


def _unprefixed(body: str, words: Words) -> str:
    """The body without its vote prefix: a game's own change phrase (H.5, "перевожу голос на")
    when it opens the body, that phrase being the prefix (a nick after it that is also a prefix
    word, a player "Голос", stays); else PREFIX's."""
    if words.change is not None:
        rest, found = words.change.subn("", body, count=1)
        if found:
            return rest.strip(" \t,;:!.")
    return _strip_prefix(body)


def _conditional(raw: str, folded: str) -> tuple[str | None, str]:
    """PC.13: the runoff choice a post leaves in advance ("если катастрофа — повесить всех"),
    and `raw` with that piece replaced by a space (no flag word made); else (None, raw)."""
    cond = CONDITIONAL.search(folded) if "катастроф" in folded else None  # literal first
    if not cond:
        return None, raw
    choice = "hang_all" if HANG_ALL.search(cond.group(1)) else "pardon_all"
    return choice, _cut(raw, cond.group(0))


def _vote(t: _Text, matcher: Matcher, written: str, *, extra: bool, mention: bool = False) -> Reading:
    """A vote for `written`: its colour is the text's that carries it, else the colour word's."""
    m = matcher.match(written)
    colour = _colour_of(written, t.parts)
    if colour == "none" and t.word_colour in ("red", "blue"):
        colour = t.word_colour
    return Reading(Kind.vote, written=written, match=m, colour=colour, fast=t.fast, early=t.early,
                   extra_text=extra, conditional=t.conditional, mention=mention)


def _whole_nick(t: _Text, matcher: Matcher) -> Reading | None:
    """1. The whole post is a nick (also guards players named "Пас" or "Фаст")."""
    return _vote(t, matcher, t.whole, extra=False) if matcher.is_nick(t.whole) else None


def _unfast(t: _Text, matcher: Matcher) -> Reading | None:
    """PC.1: the fast flag alone is withdrawn ("снимаю фаст"), unless what is left names a player."""
    if (_may_unfast(t.folded) and UNFAST.search(t.folded)
            and not matcher.is_nick(_strip_prefix(UNFAST.sub(" ", t.folded)).strip())):
        return Reading(Kind.unfast, written=t.body, conditional=t.conditional)
    return None


def _runoff(t: _Text, matcher: Matcher) -> Reading | None:
    """PC.6: a runoff ballot, the whole post "повесить всех" or "помиловать всех"."""
    for rx, choice in ((HANG_ALL, "hang_all"), (PARDON_ALL, "pardon_all")):
        if rx.fullmatch(t.body.strip(" .!")):
            return Reading(Kind.runoff, written=t.body, runoff=choice, fast=t.fast, early=t.early)
    return None


def _prefixed_nick(t: _Text, matcher: Matcher) -> Reading | None:
    """A vote prefix and a nick, nothing else: "голос: Вася" is a plain ballot."""
    if t.stripped and matcher.is_nick(t.stripped):
        return _vote(t, matcher, _original(t.stripped, t.raw), extra=False)
    return None


def _withdraw(t: _Text, matcher: Matcher) -> Reading | None:
    """2. A withdraw word ("снимаю голос", "unvote"), with or without a vote prefix."""
    if t.words.withdraw.match(t.stripped or t.body) or t.words.withdraw.match(t.body):
        return Reading(Kind.withdraw, written=t.body, fast=t.fast, early=t.early, conditional=t.conditional)
    return None


def _pass(t: _Text, matcher: Matcher) -> Reading | None:
    """2. A pass word ("пас", "против всех", "no lynch"; H.11: the game's pass_words), with or
    without a vote prefix."""
    if t.words.pass_.match(t.body) or t.words.pass_.match(t.stripped or t.body):
        return Reading(Kind.pass_, written=t.body, fast=t.fast, early=t.early, conditional=t.conditional)
    return None


def _named(t: _Text, matcher: Matcher) -> Reading | None:
    """3. Nicks inside the post: one is a vote with extra text (or a mention); several are an
    unknown ballot naming them all; none leaves the post to the next step."""
    found, mention = _nicks_named(t, matcher)
    if len(found) == 1:
        written = next(iter(found.values()))
        return _vote(t, matcher, _original(written, t.raw), extra=True, mention=mention)
    if len(found) > 1:
        return Reading(Kind.unknown, written=t.body, fast=t.fast, early=t.early, extra_text=True,
                       several=tuple(sorted(found)), conditional=t.conditional)
    return None


def _nicks_named(t: _Text, matcher: Matcher) -> tuple[dict[str, str], bool]:
    """player → the text naming them, from the first place that names any: emphasised
    runs, then whole lines, then word windows; and whether a lone one is a mere mention."""
    found = _in_emphasis(t, matcher) or _in_lines(t, matcher)
    if found:
        return found, False
    return _in_windows(t, matcher)


def _in_emphasis(t: _Text, matcher: Matcher) -> dict[str, str]:
    """Nicks that are the whole of a coloured or bold run (a vote prefix allowed)."""
    found: dict[str, str] = {}
    for r in t.parts:
        if (r.bold or r.colour in ("red", "blue")) and r.text.strip():
            seg = _strip_prefix(_strip_words(fold(r.text), t.nicks))
            if seg and matcher.is_nick(seg):
                found.setdefault(matcher.match(seg).player, r.text.strip())
    return found


def _in_lines(t: _Text, matcher: Matcher) -> dict[str, str]:
    """Nicks that are the whole of a line (a vote prefix allowed)."""
    found: dict[str, str] = {}
    for line in t.lines:
        seg = _strip_prefix(line)
        if seg and matcher.is_nick(seg):
            found.setdefault(matcher.match(seg).player, seg)
    return found


def _in_windows(t: _Text, matcher: Matcher) -> tuple[dict[str, str], bool]:
    """Nicks inside a sentence, in windows of up to three words, matched exactly, by alias or
    inflection. A lone nick among more words and no vote words is a mention, not a ballot."""
    found: dict[str, str] = {}
    body_words = WORD.findall(t.body)
    for seg in matcher.windows(body_words, 3):
        m = matcher.match(seg)
        if m.player and m.stage in ("exact", "alias", "inflection") and m.player not in found:
            if not any(fold(seg) in fold(w) for w in found.values()):
                found[m.player] = seg
    mention = False
    if len(found) == 1:  # no vote words and more words than the nick (windows join by one space)
        mention = PREFIX.match(t.body) is None and len(body_words) > next(iter(found.values())).count(" ") + 1
    return found, mention


def _short_unknown(t: _Text, matcher: Matcher) -> Reading | None:
    """4. A short post naming nobody is a vote with a misspelt nick (a fuzzy match, or
    unknown); a long one is left to be chatter."""
    if len(t.stripped) <= 40 and len(WORD.findall(t.stripped)) <= 3:
        written = _original(t.stripped, t.raw)
        m = matcher.match(written)
        return Reading(Kind.unknown if not m.player else Kind.vote, written=written, match=m,
                       colour=_colour_of(written, t.parts) if m.player else "none",
                       fast=t.fast, early=t.early, conditional=t.conditional)
    return None


# The steps of `read`, in the order they are tried.
_READERS = (_whole_nick, _unfast, _runoff, _prefixed_nick, _withdraw, _pass, _named, _short_unknown)


def mention_line(post: Post, written: str) -> str:
    """The first line of the post, as written, that mentions `written` (a Reading's mention)."""
    piece = fold(written)
    for line in post.text.split("\n"):
        if piece in fold(line):
            return clean(line)[:80]
    return clean(post.text)[:80]


def _cut(raw: str, folded_piece: str) -> str:
    """`raw` without a piece found in its folded form (case, ё and spacing may differ)."""
    words = [re.escape(w).replace("е", "[её]") for w in folded_piece.split()]
    rx = re.compile(r"[\s:,\-–—]*".join(words), re.IGNORECASE)
    return rx.sub(" ", raw, count=1)


def _original(folded_piece: str, raw: str) -> str:
    """The piece as the player typed it (case and ё kept), for messages."""
    folded = fold(raw)
    at = folded.find(folded_piece)
    if at >= 0 and len(folded) == len(raw):
        return raw[at:at + len(folded_piece)].strip()
    flat = _FOLD_SPACES.sub(" ", raw.replace("\n", " ")).strip()
    at = fold(flat).find(folded_piece)
    if at >= 0:
        return flat[at:at + len(folded_piece)].strip()
    return folded_piece
