"""Issue 32's nick stages (votecount/ballots/nickstages.py): nicks as real players wrote them in
mafiascum games, each accepted only when one slot alone fits it, and named in --explain; and the
property that no stage accepts a match two slots could claim."""

import pytest
from hypothesis import given, settings, strategies as st

from votecount.ballots import nickstages
from votecount.ballots.names import Matcher, Player, clean, explain, key

# Slots of the real games the written forms come from (game, post 0-based, in the comments).
ROSTER = [Player("marcmann2"), Player("theplague42"), Player("penguin_alien"), Player("heuristically_alone"),
          Player("mario and lugi"), Player("DTMaster"), Player("xyzzy"), Player("Om of the Nom"),
          Player("YES YES YES"), Player("Chickadee"), Player("GrayFoxxxx"), Player("Prolapsed Brain"),
          Player("Dunkerdoodles"), Player("coolTLname"), Player("Kenny"), Player("Toomai"), Player("fatlikepig")]


@pytest.mark.parametrize("written, player, stage", [
    ("mm2", "marcmann2", "abbreviation"),  # the example
    ("TP42", "theplague42", "abbreviation"),  # game 1365 post 759
    ("P_A", "penguin_alien", "abbreviation"),  # game 1570 post 823: initials written apart
    ("H_A", "heuristically_alone", "abbreviation"),  # game 1787 post 187
    ("M&L", "mario and lugi", "abbreviation"),  # game 1456 post 1111: & is "and"
    ("dt", "DTMaster", "abbreviation"),  # game 1337 post 635: two letters, any case
    ("xy", "xyzzy", "abbreviation"),  # game 1787 post 1335
    ("Om", "Om of the Nom", "abbreviation"),  # game 1463 posts 887 and 911
    ("flp", "fatlikepig", "initials"),  # game 1365 post 891 (three letters in order, names.py)
    ("K3nny", "Kenny", "leetspeak"),
    ("Yesx3", "YES YES YES", "repeat"),  # game 1509 posts 409, 569, 698
    ("TL Cool Name", "coolTLname", "word_order"),  # issue 27's example
    ("Chik", "Chickadee", "subsequence"),  # game 1920 post 1558
    ("dunkers", "Dunkerdoodles", "subsequence"),  # game 1931 post 1801
    ("Chicadeeee", "Chickadee", "misspelling"),  # game 1920 post 1791
    ("Grey Foxx", "GrayFoxxxx", "misspelling"),  # game 1728 post 599
    ("brian", "Prolapsed Brain", "misspelling"),  # game 1668 post 80: two letters of a word swapped
])
def test_nick_stage_reaches_what_players_wrote_and_explain_names_it(written, player, stage):
    m = Matcher(ROSTER).match(written)
    assert (m.player, m.stage) == (player, stage)
    from votecount.messages import say
    assert say(f"stage.{stage}", "en") in explain(m) and player in explain(m)
    assert say(f"stage.{stage}", "ru") in explain(m, lang="ru")


@pytest.mark.parametrize("written", ["to", "me", "ok", "no"])
def test_common_two_letter_words_are_no_abbreviation(written):
    assert Matcher([Player("Toomai"), Player("Mephisto"), Player("Okami"), Player("Nosferatu")]).match(written).player is None


@pytest.mark.parametrize("roster, written", [
    (["marcmann2", "mikemiller2"], "mm2"),  # both: m, m in order, then 2
    (["penguin_alien", "purple_apple"], "P_A"),
    (["DTMaster", "dtrain"], "dt"),
    (["Lenny", "Ienny"], "1enny"),  # 1 is i or l
    (["coolTLname", "nameTLcool"], "TL Cool Name"),
    (["Chickadee", "Chickpea"], "Chik"),
])
def test_a_form_two_slots_fit_is_never_accepted(roster, written):
    m = Matcher([Player(n) for n in roster]).match(written)
    assert m.player is None and m.stage in ("ambiguous", "unknown")


def test_a_stage_reaches_an_earlier_holder_of_the_slot():
    # game 1692: the slot of pirate mollie, who replaced zakk
    m = Matcher([Player("pirate mollie", ("zakk",)), Player("Thor665", ("PointYBagelS",))]).match("za")
    assert (m.player, m.stage) == ("pirate mollie", "abbreviation")
    m = Matcher([Player("zakk", ("pirate mollie",)), Player("Thor665")]).match("P_M")
    assert (m.player, m.stage) == ("zakk", "abbreviation")


def test_misspelling_only_below_the_fuzzy_threshold_and_latin_only():
    assert Matcher([Player("Анноушка")]).match("Анушка").stage == "fuzzy"  # reached as before
    assert Matcher([Player("Вася")]).match("Вссяя").player is None  # Russian: no squeezing


@pytest.mark.parametrize("written, player, roster", [
    ("epicpacman", "evilpacman18", ["evilpacman18", "RedCoyote"]),  # game 1556 post 893 (fuzzy 80)
    ("ChaosOmgus", "ChaosOmega", ["ChaosOmega", "theplague42", "fatlikepig"]),  # game 1365 (fuzzy 80)
    ("Adenine", "Aneninen", ["Aneninen", "Thor665"]),  # game 1685 (fuzzy 80)
    ("mariomaker4", "MarioManiac4", ["MarioManiac4", "Dunkerdoodles", "frog"]),  # game 1931 (fuzzy 70)
])
def test_distinctive_part_reaches_what_players_wrote_below_the_fuzzy_threshold(written, player, roster):
    m = Matcher([Player(n) for n in roster]).match(written)
    assert (m.player, m.stage) == (player, "distinctive")
    from votecount.messages import say
    assert say("stage.distinctive", "en") in explain(m) and say("stage.distinctive", "ru") in explain(m, lang="ru")


@pytest.mark.parametrize("roster, written", [
    (["evilpacman18", "pacmanfan"], "epicpacman"),  # both names hold "pacman"
    (["Wonderboy", "RedCoyote"], "wonderful"),  # "wonder" is a common word alone
    (["boonskiies", "flavor leaf"], "flavour"),  # game 1931: the written word is itself a common word
    (["Timeater", "frog"], "Timeater I just"),  # more words than the name: prose after a nick
    (["Mario", "frog"], "mariomaker4"),  # "mario" is under 60% of what was written
    (["Jilynne1991", "petroleumjelly"], "Jilly"),  # "jil": under five letters (game 1177, a miss)
])
def test_distinctive_part_refused_when_not_one_slots_own_long_run(roster, written):
    m = Matcher([Player(n) for n in roster]).match(written)
    assert m.player is None or m.stage != "distinctive"
    assert m.player is None


def test_distinctive_part_never_overrides_an_exact_name_of_another_slot():
    # "pacmanx" written exactly as a slot's nick: the exact stage wins, never the run it shares
    m = Matcher([Player("evilpacman18"), Player("pacmanx")]).match("pacmanx")
    assert (m.player, m.stage) == ("pacmanx", "exact")


_NAME = st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789_ ", min_size=2, max_size=14).filter(
    lambda s: key(s) and any(c.isalpha() for c in s))
_WRITTEN = st.text(alphabet="abcdefghijklmnopqrstuvwxyzABCDEFGHIJ0123456789_ &", min_size=1, max_size=12)


@settings(max_examples=300, deadline=None)
@given(st.lists(_NAME, min_size=2, max_size=6, unique_by=key), _WRITTEN, st.data())
def test_no_nick_stage_accepts_a_match_two_slots_could_claim(names, written, data):
    # A written form derived from one name, or any text: whatever a new stage accepts, that stage's
    # test passes for exactly one slot of the roster.
    if data.draw(st.booleans()):
        base = data.draw(st.sampled_from(names))
        written = data.draw(st.sampled_from([base[:2], base[:4], base.replace("e", "3"), base.upper(),
                                             " ".join(reversed(base.split())), base + base[-1] * 3,
                                             "qz" + base[2:], base[:-2] + "qz"]))
    matcher = Matcher([Player(n) for n in names])
    m = matcher.match(written)
    tests = {stage: test for stage, _, test in (*nickstages.STAGES, *nickstages.LAST_STAGES)}
    w = nickstages.Written(key(written), clean(written))
    if m.player and m.stage in tests:
        assert nickstages.fitting(tests[m.stage], w, matcher.names) == [m.player]
    if m.player and m.stage == "misspelling":
        scores = nickstages.misspelled(w, matcher.names)
        assert scores[0][1] == m.player and (len(scores) < 2 or scores[0][0] - scores[1][0] >= matcher.margin)


def test_a_russian_two_letter_word_is_no_abbreviation():
    assert Matcher([Player("Нуб"), Player("Вася")]).match("ну").player is None
