"""Written nick → roster player, or unknown, or ambiguous. Never a guess.

Stages (RULES.md "Nick matching"), tried in order, each only when the earlier found nothing:
normalised exact nick → alias → unique prefix of any of a slot's names → unique initials (of
words, or letters in order of a run-together nick) → Russian case ending → keyboard-layout slip →
a unique piece of a Latin nick → two neighbouring letters swapped → what players really write
(nickstages.py: abbreviations, leetspeak, a word times N, words in another order, a subsequence) →
fuzzy (rapidfuzz) above a threshold and a margin over the runner-up; when that finds nobody, a
misspelling with repeated letters read once, then a distinctive part (nickstages.LAST_STAGES).
Every result keeps its evidence (stage, score, candidates) for --explain. Whether a stage is
*accepted* is the rules' decision: classic accepts only exact and alias (C3.4).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import cached_property

from rapidfuzz import fuzz, process

from ..model import NickMatch
from . import nickstages
from .nickstages import letters_in_order as _letters_in_order, one_swap as _one_swap

# Latin and Cyrillic letters that look alike (in either case), folded to one skeleton (Latin)
# form after case folding, so "Вaся" (Latin a) = "Вася" and "ВАСЯ" = "вася". Letters alike only
# in upper case (В/B, Н/H, М/M, Т/T, К/K) are folded too: a nick typed in capitals must match.
_SKELETON = str.maketrans("аеорсхуіјѕԁһӏвнмтк", "aeopcxyijsdhlbhmtk")
_INVISIBLE = re.compile("[\u00ad\u200b-\u200f\u2028-\u202f\u2060-\u206f\ufeff\ufe0e\ufe0f]")
_BBCODE = re.compile(r"\[/?[a-z]+(?:=[^\]]*)?\]", re.I)
_EDGE_CHARS = " \t\n\r\xa0\"'«»„“”‘’`.,:;!?()[]{}<>*_~=+-–—|/\\@"
# Edge characters clean() strips, for str.strip(): every character the regex \s matches
# (Python's whitespace; tests/test_names.py checks the list) and the punctuation. The tests
# hold the regex this replaced, ^[\s…]+|[\s…]+$; strip() is 5x faster.
_WHITESPACE = ("\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004"
               "\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000")
_EDGE_SET = _WHITESPACE + "\"'«»„“”‘’`.,:;!?()[]{}<>*_~=+-–—|/\\@"  # "@Tasky" is Tasky

# ЙЦУКЕН typed on a QWERTY layout and back ("Dfcz" → "Вася").
_QWERTY = "qwertyuiop[]asdfghjkl;'zxcvbnm,.`"
_JCUKEN = "йцукенгшщзхъфывапролджэячсмитьбюё"
_TO_CYR = str.maketrans(_QWERTY + _QWERTY.upper(), _JCUKEN + _JCUKEN.upper())
_TO_LAT = str.maketrans(_JCUKEN + _JCUKEN.upper(), _QWERTY + _QWERTY.upper())

# Russian case endings of names, longest first: Васи/Васю/Васей → Вася; Петра → Петр.
_ENDINGS = ("ой", "ей", "ом", "ем", "ою", "ею", "а", "я", "у", "ю", "е", "ы", "и", "о")
_VOWELS = "аяоеиыуюэё"


def clean(written: str) -> str:
    """The visible nick: no BBCode remnants, invisible characters or edge punctuation."""
    s = unicodedata.normalize("NFKC", written)
    if "[" in s:  # BBCode remnants, but a nick in brackets ("[winger]") is the nick
        unbracketed = _BBCODE.sub("", s)
        s = unbracketed if unbracketed.strip(_EDGE_SET) else s
    if not s.isascii():  # every invisible character and the no-break space are beyond ASCII
        s = _INVISIBLE.sub("", s).replace("\xa0", " ")
    # runs of spaces and _ as one space, none at the ends: str.split() sees the spaces \s does
    return " ".join(s.strip(_EDGE_SET).replace("_", " ").split())


def plain(written: str) -> str:
    """Case-folded visible nick with ё→е, before the homoglyph skeleton (for word endings)."""
    return clean(written).casefold().replace("ё", "е")


def key(written: str) -> str:
    """Identity key: NFKC, case fold, ё→е, homoglyph skeleton, single spaces."""
    return skeleton(plain(written))


def _stems(k: str) -> set[str]:
    """Possible nominative stems of an inflected Cyrillic word (both sides are stemmed)."""
    out = {k}
    for end in _ENDINGS:
        if k.endswith(end) and len(k) - len(end) >= 2:
            out.add(k[: -len(end)])
    if k and k[-1] in _VOWELS and len(k) >= 3:
        out.add(k[:-1])
    return out


def _initials(k: str) -> str:
    parts = re.split(r"[\s\-.]+|(?<=[a-z])(?=[A-Z])", k)
    return "".join(p[0] for p in parts if p)


def _alnum(k: str) -> str:
    """A key's letters and digits only: "me=weird" → "meweird" (separators are not spelling)."""
    return "".join(ch for ch in k if ch.isalnum())


@dataclass(frozen=True)
class Player:
    nick: str
    aliases: tuple[str, ...] = ()


_SKELETON_PAIRS = tuple((chr(a), chr(b)) for a, b in _SKELETON.items())


def skeleton(text: str) -> str:
    """text.translate(_SKELETON): on a long text one replace() per letter, 7x faster (every
    letter maps to a Latin one, which none maps further); nothing to do on ASCII."""
    if text.isascii():
        return text
    if len(text) < 64:
        return text.translate(_SKELETON)
    for a, b in _SKELETON_PAIRS:
        text = text.replace(a, b)
    return text


def _nfkc(text: str) -> str:
    """unicodedata.normalize("NFKC", text), the ellipsis and the numero sign (common in Russian
    posts) first replaced by what NFKC makes of them: the same result, since a character replaced
    by its decomposition leaves the text's decomposition as it was; but a line holding no other
    such character is then normal already, which NFKC tells at once (a full normalisation cost
    7x more on the lines of bench/README.md's "Eighth session")."""
    return unicodedata.normalize("NFKC", text.replace("…", "...").replace("№", "No"))


def word_skeletons(words: list[str]) -> list[str]:
    """Each word as key() sees it, bar the edges: NFKC, case fold, ё→е, the skeleton."""
    return [skeleton(unicodedata.normalize("NFKC", w).casefold().replace("ё", "е")) for w in words]


def joined_skeleton(words: list[str]) -> str | None:
    """" ".join(word_skeletons(words)), done once on the joined words; None when the joined
    text is not NFKC already or a word holds a space. A space never composes with or reorders
    around its neighbours, so each word of a normalised text is normalised, and case folding,
    ё→е and the skeleton go letter by letter, none making a space (test_names.py)."""
    joined = " ".join(words)
    if not words or not unicodedata.is_normalized("NFKC", joined):
        return None
    out = skeleton(joined.casefold().replace("ё", "е"))
    return out if out.count(" ") == len(words) - 1 else None


class Matcher:
    """Resolves written nicks against one roster. Build once per game, reuse for every post."""

    def __init__(self, players: list[Player], threshold: float = 85.0, margin: float = 5.0):
        self.players = players
        self.threshold, self.margin = threshold, margin
        self.exact: dict[str, str] = {}
        self.alias: dict[str, str] = {}
        self.collisions: list[tuple[str, str]] = []
        for p in players:
            k = key(p.nick)
            if k in self.exact and self.exact[k] != p.nick:
                self.collisions.append((self.exact[k], p.nick))
            self.exact[k] = p.nick
        for p in players:
            for a in p.aliases:
                k = key(a)
                if k not in self.exact:
                    self.alias.setdefault(k, p.nick)
        self.keys = {p.nick: key(p.nick) for p in players}
        # Every name of a slot (its nick, aliases, earlier holders), for the prefix, initials and
        # part stages: "Bezu" reaches the slot of Bezukhov after jilynne1991 replaced him.
        self.names = {p.nick: tuple(dict.fromkeys(key(n) for n in (p.nick, *p.aliases) if key(n)))
                      for p in players}
        self.squashed = {n: tuple(dict.fromkeys(k.replace(" ", "") for k in ks)) for n, ks in self.names.items()}
        self.fuzzy_forms = {(n, f): f for n, ks in self.names.items()
                            for f in dict.fromkeys(x for k in ks for x in (k, k.rstrip("0123456789 _"), _alnum(k))
                                                   if x)}
        self.stems = {p.nick: _stems(plain(p.nick)) for p in players if len(plain(p.nick)) >= 3}
        # The raw (unfolded) nick keeps camel-case for initials: "GentlemanJohnny" → "gj".
        self.initials = {p.nick: {_initials(clean(n)).casefold() for n in (p.nick, *p.aliases)} for p in players}
        self._cache: dict[str, NickMatch] = {}
        # For the cheap tests below: the longest key, the most words in one, and every form
        # an exact, alias or inflection match could start from, in skeleton form.
        names = [*self.exact, *self.alias]
        self.longest = max((len(k) for k in names), default=0)
        self.most_words = max((len(k.split()) for k in names), default=1)
        self.forms = ({s.translate(_SKELETON) for st in self.stems.values() for s in st} | set(names)) - {""}

    def is_nick(self, written: str) -> bool:
        if self._too_long(written):
            return False
        k = key(written)
        return k in self.exact or k in self.alias

    def _too_long(self, written: str) -> bool:
        """True only when key(written) is longer than every roster key, told without key(), which
        costs 4 µs a line (most lines of a post are refused here). key() is clean()'s text
        case-folded (never shorter), with ё→е and the skeleton (letter for letter). Of an NFKC
        text with no BBCode, no whitespace but the space (it is printable) and no invisible
        character (the printable ones are the two variation selectors), clean() keeps every
        character but the edges and the spaces and "_" it joins. Anything else is key()'s to
        tell: the bound before, on the length alone, refused texts that clean down to a nick
        (spaces inside, NFKC's "［", "＿", "（": tests/test_names.py)."""
        if len(written) <= self.longest:
            return False
        text = written if written.isascii() else _nfkc(written)
        if "[" in text or "\ufe0e" in text or "\ufe0f" in text or not text.isprintable():
            return False
        text = text.strip(_EDGE_SET)
        return len(text) - text.count(" ") - text.count("_") > self.longest

    def windows(self, words: list[str], most: int):
        """Runs of up to `most` words that may name a player by exact nick, alias or case
        ending. A sound pre-filter: a window it drops can match by none of those stages, so long
        posts skip the full cascade word by word."""
        forms = self.forms
        joined = joined_skeleton(words)
        if joined is not None and "_" not in joined and not self._scanner.found_in(joined):
            return  # no form anywhere in the post: first_words() would find none
        sk = joined.split(" ") if joined is not None else word_skeletons(words)
        firsts = self._scanner.first_words(sk, _EDGE_CHARS)  # nickscan.py: None = every word
        for size in range(min(most, self.most_words), 0, -1):  # no window longer than any nick
            for i in (range(len(words) - size + 1) if firsts is None
                      else [i for i in firsts if i <= len(words) - size]):
                t = (sk[i] if size == 1 else " ".join(sk[i:i + size])).strip(_EDGE_CHARS)
                if "_" in t:
                    t = " ".join(t.replace("_", " ").split())
                if t and (t in forms or t[:-1] in forms or t[:-2] in forms):  # _stems() cuts ≤ 2
                    yield words[i] if size == 1 else " ".join(words[i:i + size])

    @cached_property
    def _scanner(self):
        from .nickscan import FormScanner  # built on the first post read with this roster
        return FormScanner(self.forms)

    def match(self, written: str) -> NickMatch:
        cached = self._cache.get(written)
        if cached is None:
            cached = self._cache[written] = self._match(written)
        return cached

    def _unique(self, written: str, stage: str, found: list[str], score: float) -> NickMatch | None:
        found = sorted(set(found))
        if len(found) == 1:
            # A heuristic stage must not win over another nick that the text also resembles
            # closely ("Alexandr": a prefix of Alexandra, a typo of Alexander).
            rivals = tuple((n, round(s, 1)) for _, s, n in process.extract(
                key(written), self.keys, scorer=fuzz.ratio, limit=3)
                if n != found[0] and s >= self.threshold)
            if rivals:
                return NickMatch(written, None, "ambiguous", score, ((found[0], score), *rivals))
            return NickMatch(written, found[0], stage, score, ((found[0], score),))
        if len(found) > 1:
            return NickMatch(written, None, "ambiguous", score, tuple((f, score) for f in found))
        return None

    def _match(self, written: str) -> NickMatch:
        k = key(written)
        if not k:
            return NickMatch(written, None, "unknown", 0.0)
        if k in self.exact:
            return NickMatch(written, self.exact[k], "exact")
        if k in self.alias:
            return NickMatch(written, self.alias[k], "alias")
        hit = self._prefix_or_initials(written, k)
        if hit:
            return hit
        if re.search("[а-я]", plain(written)):
            mine = _stems(plain(written))
            hit = self._unique(written, "inflection", [n for n, st in self.stems.items() if mine & st], 92.0)
            if hit:
                return hit
        for table in (_TO_CYR, _TO_LAT):
            swapped = key(clean(written).translate(table))
            if swapped in self.exact:
                return NickMatch(written, self.exact[swapped], "layout", 90.0, ((self.exact[swapped], 90.0),))
        hit = self._part(written, k) or self._swapped(written, k) or self._more_forms(written, k)
        if hit:
            return hit
        hit = self._fuzzy(written, k)
        if hit.stage != "unknown":
            return hit
        return self._misspelt(written, k) or self._more_forms(written, k, nickstages.LAST_STAGES) or hit

    def _more_forms(self, written: str, k: str, stages=nickstages.STAGES) -> NickMatch | None:
        """nickstages.py's stages, each only when one slot alone passes it (LAST_STAGES only
        when nothing else, the fuzzy ratio included, found a player)."""
        w = nickstages.Written(k, clean(written))
        for stage, score, test in stages:
            hit = self._unique(written, stage, nickstages.fitting(test, w, self.names), score)
            if hit:
                return hit
        return None

    def _misspelt(self, written: str, k: str) -> NickMatch | None:
        """Below the fuzzy threshold as written: nickstages' misspelling, above the threshold and
        by the margin over the runner-up, one slot alone."""
        ranked = nickstages.misspelled(nickstages.Written(k, clean(written)), self.names)
        runner = ranked[1][0] if len(ranked) > 1 else 0.0
        if ranked and ranked[0][0] >= self.threshold and ranked[0][0] - runner >= self.margin:
            return self._unique(written, "misspelling", [ranked[0][1]], round(ranked[0][0], 1))
        return None

    def _swapped(self, written: str, k: str) -> NickMatch | None:
        """Two neighbouring letters swapped ("Ztfie" → Ztife): a slip the fuzzy ratio scores
        too low on a short nick (80 for five letters). Four letters or more, one slot alone."""
        flat = _alnum(k)
        if len(flat) < 4:
            return None
        found = [n for (n, _), form in self.fuzzy_forms.items() if _one_swap(flat, form)]
        return self._unique(written, "fuzzy", found, 90.0)

    def _ranked(self, k: str) -> list[tuple[str, float, str]]:
        """The three slots closest to `k` by any of their names, a name's trailing digits also
        set aside ("Misty" → Mist7676): (form, score, nick), best first, one row per slot."""
        best: dict[str, tuple[str, float, str]] = {}
        for query in dict.fromkeys((k, _alnum(k))):  # "Me Wierd" is "mewierd" against "meweird"
            for form, score, (nick, _) in process.extract(query, self.fuzzy_forms, scorer=fuzz.ratio,
                                                           limit=None, score_cutoff=1):
                if nick not in best or score > best[nick][1]:
                    best[nick] = (form, score, nick)
        return sorted(best.values(), key=lambda r: -r[1])[:3]

    def _prefix_or_initials(self, written: str, k: str) -> NickMatch | None:
        """A prefix of any of a slot's names (spaces aside: "ScottBro" → Scott Brosius), then
        the initials of its words ("GJ", "TMHS" → themanhimself: letters of the name in order,
        from its first), each only when one slot alone has it."""
        flat = k.replace(" ", "")
        if len(k) >= 3 or (len(k) == 2 and clean(written).isupper()):  # "TN" → tn5421, "DW" → Dwlee99
            hit = self._unique(written, "prefix", [n for n, ks in self.squashed.items()
                                                   if any(x.startswith(flat) for x in ks)], 95.0)
            if hit:
                return hit
        if not (2 <= len(k) <= 5 and " " not in k):
            return None
        hit = self._unique(written, "initials", [n for n, i in self.initials.items()
                                                 if any(len(x) >= 2 and x == k for x in i)], 90.0)
        if hit or not k.isascii() or not k.isalpha() or (len(k) < 3 and not clean(written).isupper()):
            return hit  # two letters in order only in capitals: "to" is no initials of Toomai
        return self._unique(written, "initials", [n for n, ks in self.squashed.items()
                                                  if any(_letters_in_order(k, x) for x in ks)], 85.0)

    def _part(self, written: str, k: str) -> NickMatch | None:
        """A piece of three letters or more inside one slot's name ("fool" → TheFool, "fitz" →
        havingfitz, "Constantine" → St Constantine the Hermit): Latin script only (Russian
        nicks are inflected, and the inflection stage reads them)."""
        flat = k.replace(" ", "")
        if len(flat) < 3 or not flat.isascii():
            return None
        return self._unique(written, "part", [n for n, ks in self.squashed.items()
                                              if any(flat in x for x in ks)], 85.0)

    def _fuzzy(self, written: str, k: str) -> NickMatch:
        ranked = self._ranked(k)
        candidates = tuple((name, round(score, 1)) for _, score, name in ranked)
        if not ranked:
            return NickMatch(written, None, "unknown", 0.0)
        best_score = ranked[0][1]
        runner = ranked[1][1] if len(ranked) > 1 else 0.0
        if best_score < self.threshold:
            return NickMatch(written, None, "unknown", round(best_score, 1), candidates)
        if best_score - runner < self.margin:
            return NickMatch(written, None, "ambiguous", round(best_score, 1), candidates)
        return NickMatch(written, ranked[0][2], "fuzzy", round(best_score, 1), candidates)


STRICT_STAGES = frozenset({"exact", "alias"})

# A "did you mean X?" is offered only for a nick whose closest player scores HINT_FLOOR or more
# (rapidfuzz's ratio, 0-100; a heuristic stage's own score, 85-90, always clears it): below it
# the "closest" player shares a letter or two ("Zomg" and Ophidia score 18) and the hint misleads.
HINT_FLOOR = 60.0


def suggestion(m: NickMatch) -> str | None:
    """The player a "did you mean" names for an unresolved nick: the one a heuristic stage
    found, else the closest candidate, when it scores HINT_FLOOR or more; else None."""
    best = (m.player, m.score) if m.player else (m.candidates[0] if m.candidates else (None, 0.0))
    return best[0] if best[0] is not None and best[1] >= HINT_FLOOR else None


def explain(m: NickMatch, accepted: bool | None = None, lang: str = "en") -> str:
    """One line a GM can read, in `lang`: what was written and why it resolved as it did."""
    from ..messages import MESSAGES, say
    accepted = m.accepted if accepted is None else accepted
    cands = ", ".join(f"{n} {s:g}" for n, s in m.candidates)
    stage = say(f"stage.{m.stage}", lang) if f"stage.{m.stage}" in MESSAGES else m.stage
    if m.stage in STRICT_STAGES:
        return say("nick.strict", lang, written=m.written, player=m.player, stage=stage)
    if m.player:
        tail = say("nick.accepted" if accepted else "nick.not_accepted", lang)
        return say("nick.heuristic", lang, written=m.written, player=m.player, stage=stage,
                   score=f"{m.score:g}", tail=tail, cands=cands)
    if m.stage == "ambiguous":
        return say("nick.ambiguous", lang, written=m.written, cands=cands)
    closest = say("nick.closest", lang, cands=cands) if cands else ""
    return say("nick.none", lang, written=m.written, closest=closest)
