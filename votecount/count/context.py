"""What a count knows beyond one day: the game, the rules, the roster's matcher, the readings
handed over by the pipeline, GM relays (C3.12), and the state carried from day to day."""

from __future__ import annotations

import functools
import html
from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from ..ballots import bold, emphasis, reading, vocabulary
from .game import Game, GamePlayer
from ..model import Post, Reading
from ..ballots.names import STRICT_STAGES, Matcher, Player, key
from ..ballots.vocabulary import RELAY  # C3.12
from .rules import Rules


def matcher_for(game: Game, rules: Rules) -> Matcher:
    """The roster's nick matcher under the rules' fuzzy settings."""
    return Matcher([Player(p.nick, p.names) for p in game.players],
                   threshold=rules.fuzzy_threshold, margin=rules.fuzzy_margin)


def reader(rules: Rules):
    """The ballot reader of a rules' ballot_style, with its ballot words (H.11), narrowed to
    bold text (H.10) and to the vote colours (H.9) where the rules say so."""
    read = bold.read_bold if rules.ballot_style == "bold" else reading.read
    words = vocabulary.words(rules.vote_words, rules.unvote_words, rules.pass_words,
                             withdraw=rules.withdraw_words, change=rules.change_words)
    if words is not vocabulary.DEFAULT_WORDS:
        read = functools.partial(read, words=words)
    if rules.ballot_style == "bold_nick":
        read = functools.partial(emphasis.read_bold_nick, read=read)
    if rules.vote_colours:
        read = functools.partial(emphasis.read_coloured, read=read, colours=rules.vote_colours)
    return read


@dataclass
class GameState:
    """What carries from one day to the next: strikes, warnings, who is out."""

    strikes: dict[str, int] = field(default_factory=dict)
    warned_day: dict[str, int] = field(default_factory=dict)  # C3.8: first rejected nick
    modkilled: set[str] = field(default_factory=set)  # out from the next day on
    passes: dict[str, list[int]] = field(default_factory=dict)  # H.8: the final days each player passed


@dataclass
class Context:
    game: Game
    rules: Rules
    matcher: Matcher
    players: dict[str, GamePlayer]
    gm_keys: frozenset[str]
    lang: str
    readings: Mapping[Post, Reading] = field(default_factory=dict)  # read ahead by the pipeline

    @classmethod
    def build(cls, game: Game, rules: Rules, lang: str,
              readings: Mapping[Post, Reading] | None = None) -> Context:
        return cls(game, rules, matcher_for(game, rules), {p.nick: p for p in game.players},
                   frozenset(key(g) for g in game.gm), lang, readings or {})

    def rule(self, aspect: str) -> str:
        """The RULES.md id the preset in force gives `aspect` (rules.ASPECTS; "" when none)."""
        return self.rules.rule_ids.get(aspect, "")

    def read(self, post: Post) -> Reading:
        found = self.readings.get(post)
        if found is not None:
            return found
        return self.reader(post, self.matcher)

    @functools.cached_property
    def reader(self):
        """The rules' ballot reader with its words (H.11), made once per count."""
        return reader(self.rules)

    def voter_of(self, post: Post) -> str | None:
        m = self.matcher.match(post.author)
        return m.player if m.stage in STRICT_STAGES else None

    def is_gm(self, post: Post) -> bool:
        return key(post.author) in self.gm_keys

    def relays(self, post: Post) -> list[Post]:
        """C3.12: a GM post whose every line is "Voter: Target" → one post per line, written
        as if by the voter at the GM post's time. Anything else the GM writes is not a ballot."""
        lines = [ln for ln in post.text.split("\n") if ln.strip()]
        if not lines or len(lines) > 10:
            return []
        out = []
        for n, line in enumerate(lines):
            m = RELAY.match(line)
            if not m:
                return []
            voter = self.matcher.match(m["voter"])
            target = self.matcher.match(m["target"])
            if voter.stage not in STRICT_STAGES or target.player is None:
                return []
            # The GM's grammar ("против Маши") is not the voter's spelling: the roster nick stands.
            out.append(replace(post, author=voter.player, text=target.player, html=html.escape(target.player),
                               edited=False, post_id=post.post_id if n == 0 else f"{post.post_id}.{n}"))
        return out
