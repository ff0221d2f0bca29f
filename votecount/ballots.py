"""A post → what it says as a ballot (a Reading), before any rule is applied.

The body HTML is flattened into runs of text, each with the innermost colour that wraps it
and whether it is bold. Then, in order: flags (фаст, досрочно) and colour words (КРАСНЫМ,
СИНИМ) are taken out; vote prefixes ("голосую против", "меняю голос на", "vote:") are
stripped; a whole post that is exactly a roster nick is a vote (a player called "Пас" is a
nick before it is a pass); withdraw and pass words; then nicks in emphasised (coloured or
bold) runs, in lines, in word windows. A short post that names nobody is an attempted vote
with an unknown nick; a longer one is chatter. The colour of a vote is the colour of the
text that carries the nick.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from lxml import etree

from .colours import classify, from_element
from .model import Post, Reading
from .names import Matcher, clean

_FRAGMENT_PARSER = etree.HTMLParser(no_network=True)
# Readings that are ballots (anything else a player posts is chatter or empty).
BALLOT_KINDS = frozenset(("vote", "unknown", "pass", "withdraw", "unfast", "runoff"))
BLOCKS = frozenset("p div li tr blockquote h1 h2 h3 h4 h5 h6 pre dd dt table ul ol".split())
BOLD = frozenset(("b", "strong"))


@dataclass(frozen=True, slots=True)
class Run:
    text: str
    colour: str  # red | blue | other | none (classified)
    bold: bool


def runs(html: str) -> list[Run]:
    """Flatten body HTML into text runs with their innermost colour and boldness."""
    if not html.strip():
        return []
    try:  # 4× faster than lxml.html.fragment_fromstring, with one parser for every post
        root = etree.fromstring(f"<html><body>{html}</body></html>", _FRAGMENT_PARSER).find("body")
    except (etree.ParserError, etree.XMLSyntaxError, ValueError):  # hopeless fragments: the text only
        root = None
    if root is None:
        return [Run(html, "none", False)]
    out: list[Run] = []

    def walk(el, colour: str, bold: bool):
        if not isinstance(el.tag, str):
            if el.tail:
                out.append(Run(el.tail, colour, bold))
            return
        tag = el.tag.lower()
        own = from_element(el)
        inner_colour = classify(own) if own else colour
        inner_bold = bold or tag in BOLD or "bold" in (el.get("style") or "").replace(" ", "") or _official(el)
        if tag == "br":
            out.append(Run("\n", colour, bold))
        elif tag not in ("script", "style"):
            # phpBB renders [b] and [color] as <div style="display:inline;…">: no line break
            block = tag in BLOCKS and "display:inline" not in (el.get("style") or "").replace(" ", "")
            if block:
                out.append(Run("\n", colour, bold))
            if el.text:
                out.append(Run(el.text, inner_colour, inner_bold))
            for child in el:
                walk(child, inner_colour, inner_bold)
            if block:
                out.append(Run("\n", colour, bold))
        if el.tail:
            out.append(Run(el.tail, colour, bold))

    if root.text:
        out.append(Run(root.text, "none", False))
    for child in root:
        walk(child, "none", False)
    return out


def _official(el) -> bool:
    """mafiascum's official vote tag, `<span class="bbvote" title="This is an official vote.">`:
    a ballot as surely as bold is (the board renders [vote]X[/vote] so)."""
    return "bbvote" in (el.get("class") or "")


# Words are matched on case-folded text with ё→е.
FAST = re.compile(r"(?<!\w)(?:фаст|ускорение|fast)(?!\w)")
EARLY = re.compile(r"(?<!\w)досрочно(?!\w)")
RED_WORD = re.compile(r"(?<!\w)(?:красным|красный|красн\.|red)(?!\w)")
BLUE_WORD = re.compile(r"(?<!\w)(?:синим|синий|син\.|blue)(?!\w)")
PREFIX = re.compile(
    r"^(?:(?:мой\s+)?голос(?![а-яё])\s*(?:[:\-–—]|против|за|в|на)?|голосую\s*(?:против|за|в)?|"
    r"(?:меняю|перевожу|переношу)\s+голос\s+(?:на|в)|против|казнить|повесить|vote\s*:?|"
    r"голосую\s+против)\s*[:\-–—]?\s*")
WITHDRAW = re.compile(r"^(?:снимаю(?:\s+(?:свой\s+)?голос)?|отменяю(?:\s+(?:свой\s+)?голос)?|"
                      r"отзываю\s+голос|-|unvote)$")
PASS = re.compile(r"^(?:пас|ннв|против всех|никого|скип|воздерживаюсь|no lynch|no elimination|"
                  r"никого не вешать)$")
WORD = re.compile(r"[\w@.\-']+")
# PC.1: the fast flag alone is withdrawn ("снимаю фаст"), the vote stays.
UNFAST = re.compile(r"(?<!\w)(?:(?:снимаю|убираю|отменяю|отзываю)\s+(?:свой\s+)?(?:фаст|ускорение)|"
                    r"(?:фаст|ускорение)\s+(?:снимаю|убираю|отменяю)|без\s+фаста|unfast)(?!\w)")
# PC.6: runoff ballots when an even number are alive.
HANG_ALL = re.compile(r"(?<!\w)(?:повесить|вешать|вешаем|казнить|линчевать)\s+(?:всех|обоих|обеих)(?!\w)|"
                      r"(?<!\w)hang\s+(?:all|both)(?!\w)")
PARDON_ALL = re.compile(r"(?<!\w)(?:помиловать|помилуем|пощадить|оставить|отпустить)\s+(?:всех|обоих|обеих)(?!\w)|"
                        r"(?<!\w)pardon\s+(?:all|both)(?!\w)")
# PC.13: a runoff ballot left in advance: "если катастрофа — повесить всех".
CONDITIONAL = re.compile(r"(?:если|в\s+случае|при)\s+(?:авто)?катастроф\w*\s*[:,\-–—]?\s*(?:то\s+)?"
                         r"((?:повесить|вешать|казнить|помиловать|пощадить|оставить|отпустить)\s+(?:всех|обоих|обеих))")


_FOLD_SPACES = re.compile(r"[ \t\xa0]+")


def fold(text: str) -> str:
    return _spaced(text).strip()


def _spaced(text: str) -> str:
    """fold() before the ends are stripped: line breaks and the spaces around them kept."""
    return _FOLD_SPACES.sub(" ", text.casefold().replace("ё", "е"))


# Flag and colour words in one pattern; a word that is also a player's nick is kept as a nick.
# Each is a whole word (no word character on either side), so no two overlap: one search with
# this pattern finds, in order, every word each of the four finds (tests/test_ballots.py).
FLAG_WORDS = re.compile("|".join(f"(?:{rx.pattern})" for rx in (FAST, EARLY, RED_WORD, BLUE_WORD)))
# The same words as plain literals, searched first: the lookbehind in front of every
# alternative stops the regex engine from skipping ahead to a possible first letter, so
# FLAG_WORDS tries each of a post's characters in turn (2.0 ms a page against 0.5-0.7 ms,
# bench/flags.py).
_FLAG_LITERALS = re.compile("|".join(
    rx.pattern.removeprefix(r"(?<!\w)").removesuffix(r"(?!\w)") for rx in (FAST, EARLY, RED_WORD, BLUE_WORD)))
_BLANKS = re.compile(r"[ \t]+")


def _may_unfast(folded: str) -> bool:
    """False only when UNFAST cannot match: each of its forms holds "фаст" or "ускорение"
    ("unfast" holds "fast"). A search that starts with a lookbehind tries every character of
    the post; these literal searches skip through it."""
    return "фаст" in folded or "ускорение" in folded or "fast" in folded


def _word_char(c: str) -> bool:
    return c.isalnum() or c == "_"  # what \w matches in a str pattern


def flag_words(folded: str) -> list[str]:
    """FLAG_WORDS.findall(folded), by a literal search and a word-boundary check of each hit.
    The same list (tests/test_ballots.py): the literals start with eight different letters and
    the three that share one differ before their end, so at most one is found at a place; and
    a literal refused for a letter beside it cannot hide a word starting inside it (a word
    needs a non-letter before it, and only "красн." and "син." hold one, at their end)."""
    out = []
    for m in _FLAG_LITERALS.finditer(folded):
        i, j = m.span()
        if not ((i and _word_char(folded[i - 1])) or (j < len(folded) and _word_char(folded[j]))):
            out.append(m.group())
    return out


def _without_flags(text: str, nicks: frozenset[str]) -> str:
    """`text` with each flag and colour word replaced by a space, bar those that are nicks."""
    if not _FLAG_LITERALS.search(text):  # every flag word is one of the literals
        return text
    if nicks:
        return FLAG_WORDS.sub(lambda m: m.group(0) if m.group(0) in nicks else " ", text)
    return FLAG_WORDS.sub(" ", text)


def _strip_words(text: str, nicks: frozenset[str] = frozenset()) -> str:
    return _BLANKS.sub(" ", _without_flags(text, nicks)).strip(" \t,;:!.")


def _lines(spaced: str, nicks: frozenset[str], flags: bool = True) -> list[str]:
    """The post's non-empty lines, folded, without flag and colour words: for spaced =
    _spaced(raw), `[_strip_words(fold(x), nicks) for x in raw.split("\n")]` less the empty
    ones, with each pattern run once over the whole text instead of once per line. The same
    result: case folding, ё→е and every pattern here work within a line (none matches a line
    break, and a line break is a non-word character for the lookarounds, as a string's ends
    are). flags=False: the text has no flag word (FLAG_WORDS found none), nothing to take out."""
    text = "\n".join(x.strip() for x in spaced.split("\n"))
    if flags:
        text = _without_flags(text, nicks)
    stripped = (x.strip(" \t,;:!.") for x in _BLANKS.sub(" ", text).split("\n"))
    return [x for x in stripped if x]


def _strip_prefix(line: str) -> str:
    return PREFIX.sub("", line, count=1).strip(" \t,;:!.")


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


def read(post: Post, matcher: Matcher) -> Reading:
    """What `post` says as a ballot. Pure: the same post and roster give the same Reading."""
    parts = runs(post.html) if post.html else [Run(post.text, "none", False)]
    raw = "".join(r.text for r in parts)
    spaced = _spaced(raw)
    folded = spaced.strip()
    # A player called "Фаст" or "Red": that word names them, it is no flag (a guess either way
    # would be wrong, so a post with both a flag-nick and another nick reads as two nicks).
    words = flag_words(folded)
    nicks = frozenset(w for w in words if matcher.is_nick(w))

    def flagged(rx) -> bool:  # == any(w not in nicks for w in rx.findall(folded)): see _flag_words
        return any(w not in nicks and rx.fullmatch(w) for w in words)
    fast, early = flagged(FAST), flagged(EARLY)
    word_colour = ("red" if flagged(RED_WORD) else "") + ("blue" if flagged(BLUE_WORD) else "")
    conditional = None
    cond = CONDITIONAL.search(folded) if "катастроф" in folded else None  # literal first
    if cond:  # PC.13: kept for the runoff, then read the rest of the post as usual
        conditional = "hang_all" if HANG_ALL.search(cond.group(1)) else "pardon_all"
        raw = _cut(raw, cond.group(0))  # a piece replaced by a space: no flag word made
        spaced = _spaced(raw)
        folded = spaced.strip()
    lines = _lines(spaced, nicks, flags=bool(words))
    body = " ".join(lines)
    if not body:
        return Reading("empty", fast=fast, early=early, conditional=conditional)
    whole = clean(" ".join(x.strip() for x in raw.split("\n") if x.strip()))

    def vote(written: str, extra: bool, mention: bool = False) -> Reading:
        m = matcher.match(written)
        colour = _colour_of(written, parts)
        if colour == "none" and word_colour in ("red", "blue"):
            colour = word_colour
        return Reading("vote", written=written, match=m, colour=colour, fast=fast, early=early,
                       extra_text=extra, conditional=conditional, mention=mention)

    # 1. The whole post is a nick (also guards players named "Пас" or "Фаст").
    if matcher.is_nick(whole):
        return vote(whole, False)
    if (_may_unfast(folded) and UNFAST.search(folded)
            and not matcher.is_nick(_strip_prefix(UNFAST.sub(" ", folded)).strip())):
        return Reading("unfast", written=body, conditional=conditional)
    for rx, choice in ((HANG_ALL, "hang_all"), (PARDON_ALL, "pardon_all")):
        if rx.fullmatch(body.strip(" .!")):
            return Reading("runoff", written=body, runoff=choice, fast=fast, early=early)
    stripped = _strip_prefix(body)
    if stripped and matcher.is_nick(stripped):
        return vote(_original(stripped, raw), False)  # "голос: Вася" is a plain ballot
    # 2. Withdraw and pass words.
    if WITHDRAW.match(stripped or body) or WITHDRAW.match(body):
        return Reading("withdraw", written=body, fast=fast, early=early, conditional=conditional)
    if PASS.match(body) or PASS.match(stripped or body):
        return Reading("pass", written=body, fast=fast, early=early, conditional=conditional)
    # 3. Nicks inside the post: emphasised runs, lines, then word windows.
    found: dict[str, str] = {}
    for r in parts:
        if (r.bold or r.colour in ("red", "blue")) and r.text.strip():
            seg = _strip_prefix(_strip_words(fold(r.text), nicks))
            if seg and matcher.is_nick(seg):
                found.setdefault(matcher.match(seg).player, r.text.strip())
    if not found:
        for line in lines:
            seg = _strip_prefix(line)
            if seg and matcher.is_nick(seg):
                found.setdefault(matcher.match(seg).player, seg)
    mention = False
    if not found:  # a nick inside a sentence is a mention; the nick and vote words are a ballot
        body_words = WORD.findall(body)
        for seg in matcher.windows(body_words, 3):
            m = matcher.match(seg)
            if m.player and m.stage in ("exact", "alias", "inflection") and m.player not in found:
                if not any(fold(seg) in fold(w) for w in found.values()):
                    found[m.player] = seg
        if len(found) == 1:  # no vote words and more words than the nick (windows join by one space)
            mention = PREFIX.match(body) is None and len(body_words) > next(iter(found.values())).count(" ") + 1
    if len(found) == 1:
        written = next(iter(found.values()))
        return vote(_original(written, raw), True, mention)
    if len(found) > 1:
        return Reading("unknown", written=body, fast=fast, early=early, extra_text=True,
                       several=tuple(sorted(found)), conditional=conditional)
    # 4. A short post naming nobody is a vote with a misspelt nick; a long one is chatter.
    if len(stripped) <= 40 and len(WORD.findall(stripped)) <= 3:
        written = _original(stripped, raw)
        m = matcher.match(written)
        return Reading("unknown" if not m.player else "vote", written=written, match=m,
                       colour=_colour_of(written, parts) if m.player else "none",
                       fast=fast, early=early, conditional=conditional)
    return Reading("chatter", written=whole[:80], fast=fast, early=early, extra_text=True,
                   conditional=conditional)


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


# -- bold-vote: "VOTE: Nick" in bold, [vote]Nick[/vote], UNVOTE (English forums) ---------------
# "Vote Count", "vote tally" in bold are a count's heading, not a ballot.
BOLD_VOTE = re.compile(r"(?<![\w/\[])(un)?vote\b(?!\s*(?:counts?|tally|tallies)\b)\s*[:\-–—]?\s*", re.IGNORECASE)
TAG_VOTE = re.compile(r"\[vote\](.*?)\[/vote\]|\[(unvote)\](?:\[/unvote\])?", re.IGNORECASE | re.DOTALL)
BOLD_PASS = re.compile(r"^(?:no[\s\-_]*lynch|no\s+elimination|no\s+execution|sleep|nl|pass)\b", re.IGNORECASE)
# RULES.md bold-vote: a bold pass phrase standing alone is a ballot, not only after VOTE:
BOLD_PASS_ALONE = re.compile(r"^(?:no[\s\-_]*lynch|no\s+elimination|no\s+execution|sleep)[\s.!]*$", re.IGNORECASE)
_FILLER = re.compile(r"^(?:to|for|on)\s+(?=\S)", re.IGNORECASE)


def _bold_texts(parts: list[Run]) -> list[str]:
    """The post's bold text, consecutive bold runs joined: `<b>Vote: <div style="color:…">X</div></b>`
    is one "Vote: X", not a vote with no nick and a stray "X"."""
    out: list[str] = []
    joined = False
    for r in parts:
        if r.bold and joined:
            out[-1] += r.text
        elif r.bold:
            out.append(r.text)
        joined = r.bold
    return out


def _marks(parts: list[Run]) -> list[tuple[str, str]]:
    """(kind, rest) of every VOTE/UNVOTE in bold, every bold pass phrase on its own (a vote for
    No Lynch) and every [vote] tag, in order of writing."""
    found: list[tuple[str, str]] = []
    for text in _bold_texts(parts):
        for line in text.split("\n"):
            marks = list(BOLD_VOTE.finditer(line))
            if not marks and BOLD_PASS_ALONE.match(line.strip()):  # "**No Lynch**", "**sleep**"
                found.append(("vote", line.strip(" ,;.!")))
            for i, m in enumerate(marks):  # "Unvote, vote X": each word up to the next
                end = marks[i + 1].start() if i + 1 < len(marks) else len(line)
                found.append(("withdraw" if m.group(1) else "vote", line[m.end():end].strip(" ,;.")))
    raw = "".join(r.text for r in parts)
    for m in TAG_VOTE.finditer(raw):
        found.append(("withdraw", "") if m.group(2) else ("vote", m.group(1).strip()))
    return found


def read_bold(post: Post, matcher: Matcher) -> Reading:
    """bold-vote: the last VOTE/UNVOTE in bold (or in [vote] tags) decides the post; any other
    text is discussion. "Vote GJ because it is fishy": the longest leading words that make a nick.
    "UNVOTE: X" then a VOTE that names nobody: the unvote stands (the old vote is withdrawn)."""
    parts = runs(post.html) if post.html else [Run(post.text, "none", False)]
    found = _marks(parts)
    if not found:
        return Reading("chatter", written=clean("".join(r.text for r in parts))[:80], extra_text=True)
    kind, rest = found[-1]
    if kind == "withdraw":  # "UNVOTE: X" is a withdrawal too
        return Reading("withdraw", written=f"unvote {rest}".strip())
    reading = _bold_ballot(rest, matcher)
    if reading.kind == "unknown" and any(k == "withdraw" for k, _ in found[:-1]):
        return Reading("withdraw", written=f"unvote (then '{reading.written}': no player)")
    return reading


def _bold_ballot(rest: str, matcher: Matcher) -> Reading:
    """What follows a bold VOTE: No Lynch, a nick (the longest leading words), or unknown."""
    nick = matcher.is_nick(rest)  # a player called "Sleep" or "Pass" is voted, not passed
    if not nick:
        rest = _FILLER.sub("", rest)  # "vote to No Lynch", "vote for X"
    if not nick and BOLD_PASS.match(rest):
        return Reading("pass", written=rest)
    words = WORD.findall(rest)
    for size in range(min(len(words), 4), 0, -1):
        written = " ".join(words[:size])
        m = matcher.match(written)
        if m.player or m.stage == "ambiguous":
            return Reading("vote", written=written, match=m, colour="none",
                           extra_text=size < len(words))
    head, colon, tail = rest.partition(":")
    if colon and tail.strip() and len(WORD.findall(head)) <= 3:  # "Vote to Hammer: hiplop"
        return _bold_ballot(tail.strip(), matcher)
    written = " ".join(words[:2]) or rest
    return Reading("unknown", written=written, match=matcher.match(written) if written else None)


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
