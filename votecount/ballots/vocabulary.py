"""The words players write, in one place: every word list and pattern the ballot readers, the
count and `draft` match a player's (or a GM's relayed) ballot by. A new ballot form is a word
here; the reader that uses it is named beside it.

Unless a pattern says otherwise it is matched on case-folded text with ё→е (reading.fold), and
a "word" has no word character on either side. Who uses what, by rule id (RULES.md):

- PREFIX, PREFIX_HEADS: the vote prefix ("голос:", "голосую против", "vote:") any ballot may
  open with, C3.1 (a prefix is not "other words"): ballots/reading.py.
- WITHDRAW: a withdrawal, PC.1 / C3.2 (H.5: with a game's `withdraw_words` beside it): reading.py.
- PASS_WORDS, PASS: a pass ballot, PC.2: reading.py.
- FAST_WORDS, FAST: the fast-night flag, PC.4; UNFAST: the flag withdrawn, PC.1:
  ballots/flagwords.py, reading.py.
- EARLY: the early-close flag (досрочно), RB.8: flagwords.py.
- RED_WORD, BLUE_WORD: colour words ("Вася КРАСНЫМ"), RB.1: flagwords.py.
- HANG_ALL, PARDON_ALL: runoff ballots, PC.6; CONDITIONAL: one left in advance, PC.13: reading.py.
- BOLD_VOTE, TAG_VOTE, BOLD_PASS, BOLD_PASS_ALONE, BOLD_FILLER: the bold-vote preset's ballots
  ("VOTE: X", [vote]X[/vote], UNVOTE, No Lynch), matched ignoring case: ballots/bold.py.
- RELAY: a GM's relayed ballot, C3.12: count/context.py.
- Words, words(): the ballot words of one count, H.11: the built-in patterns above, or a game's
  own `vote_words`, `unvote_words` and `pass_words` (Rules) made into the same patterns:
  reading.py (pass), bold.py (vote, unvote, pass); H.5: its `withdraw_words` and `change_words`
  (reading.py: a withdrawal, a change phrase before the nick).
- VOTE_WORDS, DRAFT_PASS_WORDS, DRAFT_PASS, DRAFT_BOLD_VOTE: the evidence `votecount init` guesses a preset from
  (no rule id: a draft is a guess the GM checks): draft/guess.py.

Not here: the words of a post that is likely not informative (count/activity.py, C3.14: they
judge a post, not a ballot) and the GM's announcement words (days, nights, deadlines, player
lists) that draft/guess.py reads.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

# --- Any preset's ballot (reading.py) --------------------------------------------------------
PREFIX = re.compile(
    r"^(?:(?:мой\s+)?голос(?![а-яё])\s*(?:[:\-–—]|против|за|в|на)?|голосую\s*(?:против|за|в)?|"
    r"(?:меняю|перевожу|переношу)\s+голос\s+(?:на|в)|против|казнить|повесить|vote\s*:?|"
    r"голосую\s+против)\s*[:\-–—]?\s*")
# The words PREFIX can start with (each of its alternatives starts with one of them): a line
# that starts with none is left as it is without trying the pattern, which most lines fail
# (tests/test_flagwords.py).
PREFIX_HEADS = ("мой", "голос", "меняю", "перевожу", "переношу", "против", "казнить", "повесить", "vote")
WITHDRAW = re.compile(r"^(?:снимаю(?:\s+(?:свой\s+)?голос)?|отменяю(?:\s+(?:свой\s+)?голос)?|"
                      r"отзываю\s+голос|-|unvote)$")
# PC.2: a whole post that is one of these (the preset's own word first).
PASS_WORDS = ("пас", "ннв", "против всех", "никого", "скип", "воздерживаюсь", "no lynch", "no elimination",
              "никого не вешать")
PASS = re.compile(rf"^(?:{'|'.join(PASS_WORDS)})$")

# --- Flags and colour words (flagwords.py takes them out of a post) ---------------------------
FAST_WORDS = ("фаст", "ускорение", "fast")  # PC.4, the preset's own word first
FAST = re.compile(rf"(?<!\w)(?:{'|'.join(FAST_WORDS)})(?!\w)")
EARLY = re.compile(r"(?<!\w)досрочно(?!\w)")  # RB.8
RED_WORD = re.compile(r"(?<!\w)(?:красным|красный|красн\.|red)(?!\w)")  # RB.1
BLUE_WORD = re.compile(r"(?<!\w)(?:синим|синий|син\.|blue)(?!\w)")
# PC.1: the fast flag alone is withdrawn ("снимаю фаст"), the vote stays.
UNFAST = re.compile(r"(?<!\w)(?:(?:снимаю|убираю|отменяю|отзываю)\s+(?:свой\s+)?(?:фаст|ускорение)|"
                    r"(?:фаст|ускорение)\s+(?:снимаю|убираю|отменяю)|без\s+фаста|unfast)(?!\w)")

# --- The runoff (PC.6, PC.13) -----------------------------------------------------------------
HANG_ALL = re.compile(r"(?<!\w)(?:повесить|вешать|вешаем|казнить|линчевать)\s+(?:всех|обоих|обеих)(?!\w)|"
                      r"(?<!\w)hang\s+(?:all|both)(?!\w)")
PARDON_ALL = re.compile(r"(?<!\w)(?:помиловать|помилуем|пощадить|оставить|отпустить)\s+(?:всех|обоих|обеих)(?!\w)|"
                        r"(?<!\w)pardon\s+(?:all|both)(?!\w)")
# PC.13: a runoff ballot left in advance: "если катастрофа — повесить всех".
CONDITIONAL = re.compile(r"(?:если|в\s+случае|при)\s+(?:авто)?катастроф\w*\s*[:,\-–—]?\s*(?:то\s+)?"
                         r"((?:повесить|вешать|казнить|помиловать|пощадить|оставить|отпустить)\s+(?:всех|обоих|обеих))")

# --- The bold-vote preset (bold.py), on the text as written, case ignored ---------------------
# "Vote Count", "vote tally" in bold are a count's heading, not a ballot.
BOLD_VOTE = re.compile(r"(?<![\w/\[])(un)?vote\b(?!\s*(?:counts?|tally|tallies)\b)\s*[:\-–—]?\s*", re.IGNORECASE)
TAG_VOTE = re.compile(r"\[vote\](.*?)\[/vote\]|\[(unvote)\](?:\[/unvote\])?", re.IGNORECASE | re.DOTALL)
BOLD_PASS = re.compile(r"^(?:no[\s\-_]*lynch|no\s+elimination|no\s+execution|sleep|nl|pass)\b", re.IGNORECASE)
# RULES.md bold-vote: a bold pass phrase standing alone is a ballot, not only after VOTE:
BOLD_PASS_ALONE = re.compile(r"^(?:no[\s\-_]*lynch|no\s+elimination|no\s+execution|sleep)[\s.!]*$", re.IGNORECASE)
BOLD_FILLER = re.compile(r"^(?:to|for|on)\s+(?=\S)", re.IGNORECASE)  # "vote to No Lynch", "vote for X"

# --- C3.12: a GM line "Вася: Петя" / "Вася голосует против Пети" / "Vasya votes Petya" ---------
RELAY = re.compile(r"^\s*(?P<voter>[^:\n]{1,40}?)\s*(?::|—|–|-|\s(?:голосует|голосовал[а]?)(?:\s+(?:против|за|в))?|"
                   r"\svotes?(?:\s+(?:for|against))?)\s+(?P<target>\S.{0,60}?)\s*$", re.IGNORECASE)

# --- What `draft` guesses a preset from (draft/guess.py) -------------------------------------
# Narrower views than the readers', on purpose: a draft names the preset whose own words the
# thread shows. PASS_WORDS and FAST_WORDS hold "no lynch" and "fast", which English bold-vote
# threads write, and BOLD_VOTE finds "unvote" and a "vote" anywhere in bold text. With the
# readers' patterns the draft of every one of the 55 real games changes (pass-catastrophe
# instead of bold-vote; other counts of bold votes), and a corpus page's and a test game's too.
# So: the first word of each list (the preset's own), and a bold text that opens with a vote word.
VOTE_WORDS = ("vote", "голос", "голосую")  # a ballot's first word: BOLD_VOTE's, PREFIX's
DRAFT_PASS_WORDS = (PASS_WORDS[0], FAST_WORDS[0])  # "пас", "фаст"
DRAFT_PASS = re.compile(rf"\b(?:{'|'.join(DRAFT_PASS_WORDS)})\b")  # on draft's folded text
DRAFT_BOLD_VOTE = re.compile(rf"^\s*(?:{'|'.join(VOTE_WORDS)})\b\s*:?", re.IGNORECASE)


# --- H.11: the ballot words of one count -------------------------------------------------------
@dataclass(frozen=True)
class Words:
    """The patterns a count reads ballots by: the built-in ones (today's words), or a game's own
    (H.11: `vote_words`, `unvote_words`, `pass_words`; a list given replaces the built-in one)."""

    pass_: re.Pattern = PASS  # a whole folded post (free-text style)
    bold_vote: re.Pattern = BOLD_VOTE  # group 1: an unvote word (bold style)
    bold_pass: re.Pattern = BOLD_PASS  # after a bold vote word
    bold_pass_alone: re.Pattern = BOLD_PASS_ALONE  # a bold pass phrase standing alone
    withdraw: re.Pattern = WITHDRAW  # H.5: a whole folded line (free-text style)
    change: re.Pattern | None = None  # H.5: a game's change phrase opening a ballot, taken off as a prefix


DEFAULT_WORDS = Words()


def _alternatives(words: tuple[str, ...]) -> str:
    """The words as one alternation, longest first, each word's spaces matching any spacing."""
    return "|".join(r"\s+".join(map(re.escape, w.casefold().replace("ё", "е").split()))
                    for w in sorted(words, key=len, reverse=True))


@functools.cache
def words(vote: tuple[str, ...] = (), unvote: tuple[str, ...] = (), pass_: tuple[str, ...] = (), *,
          withdraw: tuple[str, ...] = (), change: tuple[str, ...] = ()) -> Words:
    """H.11: the patterns of a game's own ballot words; an empty list keeps the built-in pattern.
    TeamLiquid-style boards: words(vote=("##vote", "vote"), unvote=("##unvote", "unvote")).
    H.5: a game's `withdraw_words` are read as withdrawals beside the built-in WITHDRAW (a built-in
    one is still a withdrawal, which H.5 then refuses without the phrase); its `change_words`
    open a ballot as PREFIX's "меняю голос на" does."""
    if not (vote or unvote or pass_ or withdraw or change):
        return DEFAULT_WORDS
    out = {}
    if withdraw:
        out["withdraw"] = re.compile(rf"^(?:{_alternatives(withdraw)})$|{WITHDRAW.pattern}")
    if change:
        out["change"] = re.compile(rf"^(?:{_alternatives(change)})(?!\w)\s*[:\-–—]?\s*")
    if vote or unvote:
        un = _alternatives(unvote or ("unvote",))
        yes = _alternatives(vote or ("vote",))
        out["bold_vote"] = re.compile(rf"(?<![\w/\[#])(?:({un})|(?:{yes}))(?!\w)(?!\s*(?:counts?|tally|tallies)\b)"
                                      r"\s*[:\-–—]?\s*", re.IGNORECASE)
    if pass_:
        alt = _alternatives(pass_)
        out["pass_"] = re.compile(rf"^(?:{alt})$")
        out["bold_pass"] = re.compile(rf"^(?:{alt})(?!\w)", re.IGNORECASE)
        out["bold_pass_alone"] = re.compile(rf"^(?:{alt})[\s.!]*$", re.IGNORECASE)
    return Words(**out)
