"""The nick stages for what players really write (issue 32), tried by names.Matcher after its
own heuristic stages and before the fuzzy ratio. Each is a test of one written nick against one
name of a slot (its nick, aliases and earlier holders, as names.key() folds them); the matcher
accepts a stage only when exactly one slot passes it, and --explain names the stage:

- abbreviation: initials written apart ("P_A", "H A", "M&L": & is "and"), letters of the name in
  order followed by its trailing digits ("mm2" → marcmann2, "TP42" → theplague42), two letters
  that start the name in any case ("dt" → DTMaster; never a common two-letter word: "to", "me");
- leetspeak: digits and signs read as the letters they stand for ("K3nny" → Kenny);
- repeat: a word times N ("Yesx3" → YES YES YES);
- word_order: the name's words in another order or spacing ("TL Cool Name" → coolTLname);
- subsequence: four Latin letters or more of the name in order, from its first, at least 40% of
  it ("Chik" → Chickadee; Russian nicks are inflected, and names.py's inflection stage reads them);
- misspelling (Latin script; tried only when the fuzzy ratio as written falls below its
  threshold): within the fuzzy threshold once repeated letters are read once ("Chicadeeee" →
  Chickadee, "Grey Foxx" → GrayFoxxxx), or one word of the name with two neighbouring letters
  swapped ("brian" → Prolapsed Brain);
- distinctive part (Latin script; tried last, only when no other stage nor the fuzzy ratio found
  a player): the written nick, in no more words than the name and no common English word itself,
  and the name share one unbroken run of five letters or more that covers 60% of what was
  written and half of the name, and that is no common English word alone
  ("epicpacman" → evilpacman18 by "pacman", "ChaosOmgus" → ChaosOmega by "chaosom",
  "mariomaker4" → MarioManiac4 by "marioma"; "wonderful" never reaches Wonderboy by "wonder").
  Two slots that share the run both pass, so neither is taken.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from itertools import permutations

from rapidfuzz import fuzz

# Two-letter words a bold "VOTE: xx" may hold that are no abbreviation of a nick.
COMMON_PAIRS = frozenset(("to", "me", "it", "is", "in", "on", "at", "as", "an", "be", "by", "do", "go", "he",
                          "if", "my", "no", "of", "or", "so", "up", "us", "we", "am", "hi", "ok", "oh", "ah",
                          "yo", "ya", "eh", "ha", "nl", "lo", "ye", "na", "wo", "ur", "u"))
CONNECTORS = frozenset(("and", "of", "the", "&"))  # left out of a name's initials as "M&L" writes them
_LEET = (str.maketrans("013457@$8", "oieastasb"), str.maketrans("013457@$8", "oleastasb"))
_REPEAT = re.compile(r"([a-z]+?)\s*[x*×]\s*([2-5])")
_ABBREV_DIGITS = re.compile(r"([a-z]{2,5})(\d+)")
# Common English words of five letters or more that nicks are made of: a shared run that is one
# of them alone ("wonder" in "wonderful" and Wonderboy) says nothing of which player was meant.
COMMON_RUNS = frozenset("""
about above after again agent alien alone always angel another answer apple before better black
blade blood board brain bread brown candy chaos charm cheese clock cloud cookie crazy cross dance
death demon devil doctor dragon dream drink earth fairy fight flame flavor flavour flower friend garden gentle
ghost giant glass golden green hammer happy heart horse house human hunter knight laugh light little
lucky magic maker mania master metal mister money monster mouse music night ninja nothing number ocean
orange order other panda party peace people person pirate place plant power pretty purple queen
quick quiet rabbit random river robot secret shadow sheep silver simple skull sleep smile snake
sound source space spirit spring stone storm sugar summer sunday super sweet thing think thunder
tiger toast tower train turtle under voter water where white whole winter witch wizard woman wonder
world yellow young zombie
""".split())


@dataclass(frozen=True)
class Written:
    """One written nick, prepared once for every stage: `k` is names.key(), `text` names.clean()."""

    k: str
    text: str

    @cached_property  # read by every stage's test of every name: made once
    def flat(self) -> str:
        return "".join(ch for ch in self.k if ch.isalnum())

    @cached_property
    def pieces(self) -> list[str]:
        """The written words, "&" kept as one: "M&L" → m, &, l."""
        return re.findall(r"&|[^\W_]+", self.k.replace("&", " & "))


def letters_in_order(initials: str, name: str, gap: int = 2) -> bool:
    """`initials` are letters of `name` in order, the first being its first, each at least `gap`
    after the one before: with gap 2 the initials of a run-together nick, whose word breaks are
    not written (two initials are never neighbours: "neil" is no initials of "necessaryevil");
    with gap 1 any subsequence from the first letter."""
    if not name or not initials or initials[0] != name[0]:
        return False
    at = 0
    for ch in initials[1:]:
        at = name.find(ch, at + gap)  # the earliest fit leaves the most room for the rest
        if at < 0:
            return False
    return True


def one_swap(a: str, b: str) -> bool:
    """`a` is `b` with two neighbouring letters swapped."""
    if len(a) != len(b) or a == b:
        return False
    diff = [i for i, (x, y) in enumerate(zip(a, b)) if x != y]
    return len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]]


def squeeze(s: str) -> str:
    """Runs of one letter read once: "foxxxx" → "fox"."""
    return re.sub(r"(.)\1+", r"\1", s)


def _words(name: str) -> list[str]:
    return [w for w in re.split(r"[^\w&]+|_", name) if w]


def abbreviation(w: Written, name: str) -> bool:
    flat, pieces, squashed = w.flat, w.pieces, "".join(_words(name))
    if len(pieces) >= 2 and all(len(p) == 1 for p in pieces):  # "P_A", "M&L", "H A"
        words = _words(name)
        letters = "".join(pieces).replace("&", "")
        return len(words) >= 2 and letters in ("".join(x[0] for x in words),
                                               "".join(x[0] for x in words if x not in CONNECTORS))
    m = _ABBREV_DIGITS.fullmatch(flat)
    if m:  # "mm2": letters of the name in order, then its own trailing digits
        stem = squashed.rstrip("0123456789")
        return squashed[len(stem):] == m.group(2) and letters_in_order(m.group(1), stem)
    return (len(flat) == 2 and w.text.isascii() and flat.isalpha() and flat not in COMMON_PAIRS  # Latin only:
            and " " not in w.k and squashed.startswith(flat) and len(squashed) > 2)  # "ну" is no nick


def leetspeak(w: Written, name: str) -> bool:
    raw = w.k.replace(" ", "")
    if len(raw) < 3 or not re.search(r"[a-z]", raw) or not re.search(r"[\d@$]", raw):
        return False
    squashed = "".join(_words(name))
    return raw != squashed and any(raw.translate(t) in (squashed, squashed.translate(t)) for t in _LEET)


def repeat(w: Written, name: str) -> bool:
    m = _REPEAT.fullmatch(w.k)
    return bool(m) and m.group(1) * int(m.group(2)) == "".join(_words(name))


def word_order(w: Written, name: str) -> bool:
    words = [x.casefold() for x in re.split(r"[\s_]+|(?<=[a-z])(?=[A-Z])", w.text) if x]
    if not 2 <= len(words) <= 4:
        return False
    squashed = "".join(_words(name))
    return "".join(words) != squashed and any("".join(p) == squashed for p in permutations(words))


def subsequence(w: Written, name: str) -> bool:
    flat, squashed = w.flat, "".join(_words(name)).rstrip("0123456789")
    return (len(flat) >= 4 and w.text.isascii() and flat.isalpha() and len(flat) >= 0.4 * len(squashed)
            and letters_in_order(flat, squashed, gap=1))


def misspelling_score(w: Written, name: str) -> float:
    """How closely `w` spells `name` once repeated letters are read once (rapidfuzz's ratio,
    trailing digits aside), or 90 for one of its words with two neighbouring letters swapped."""
    flat, squashed = w.flat, "".join(_words(name))
    if len(flat) < 4 or not w.text.isascii():  # Latin only (as written: the key folds Cyrillic look-alikes)
        return 0.0
    if any(len(x) >= 4 and one_swap(flat, x) for x in _words(name)):
        return 90.0
    return fuzz.ratio(squeeze(flat), squeeze(squashed.rstrip("0123456789") or squashed))


def longest_run(a: str, b: str) -> str:
    """The longest unbroken run of characters `a` and `b` share (the first, when two tie)."""
    best, prev = (0, 0), [0] * (len(b) + 1)
    for i, ch in enumerate(a, 1):
        cur = [0] * (len(b) + 1)
        for j, other in enumerate(b, 1):
            if ch == other:
                cur[j] = prev[j - 1] + 1
                best = max(best, (cur[j], i), key=lambda t: t[0])
        prev = cur
    return a[best[1] - best[0]:best[1]]


def distinctive(w: Written, name: str) -> bool:
    flat, words = w.flat, _words(name)
    squashed = "".join(words)
    if (len(flat) < 5 or not w.text.isascii() or flat == squashed or len(w.pieces) > len(words)
            or flat in COMMON_RUNS):  # "Timeater I just" is no shorthand of one word; "flavour" is prose
        return False
    run = longest_run(flat, squashed)
    return (len(run) >= 5 and len(run) >= 0.6 * len(flat) and len(run) >= 0.5 * len(squashed)
            and "".join(ch for ch in run if ch.isalpha()) not in COMMON_RUNS)


# (stage, score, test), in the order the matcher tries them; misspelling comes last, ranked.
STAGES = (("abbreviation", 85.0, abbreviation), ("leetspeak", 88.0, leetspeak), ("repeat", 88.0, repeat),
          ("word_order", 90.0, word_order), ("subsequence", 80.0, subsequence))


def fitting(test, w: Written, names: dict[str, tuple[str, ...]]) -> list[str]:
    """The slots one of whose names passes `test`."""
    return sorted(n for n, ks in names.items() if any(test(w, k) for k in ks))


def misspelled(w: Written, names: dict[str, tuple[str, ...]]) -> list[tuple[float, str]]:
    """Every slot's best misspelling score, best first."""
    return sorted(((max(misspelling_score(w, k) for k in ks), n) for n, ks in names.items()), reverse=True)


# Tried by the matcher only when every other stage and the fuzzy ratio found nobody.
LAST_STAGES = (("distinctive", 80.0, distinctive),)
