"""Nick matching (RULES.md "Nick matching"): every stage, unknown and ambiguous, properties."""

import json

import pytest
from hypothesis import given, settings, strategies as st

from votecount.ballots.names import Matcher, Player, key

ROSTER = [Player("Вася"), Player("Петя"), Player("Петр"), Player("Gentleman Johnny"),
          Player("Anaklusmos"), Player("Анноушка", ("Аня", "Annoushka")), Player("Ada_Wong"),
          Player("Маша"), Player("Миша"), Player("Ёжик"), Player("Оля Смирнова")]
M = Matcher(ROSTER)


def stage(written):
    m = M.match(written)
    return m.player, m.stage


def test_normalisation_case_yo_homoglyphs_invisible_and_punctuation():
    assert stage("ВАСЯ") == ("Вася", "exact")
    assert stage("ежик") == ("Ёжик", "exact")
    assert stage("Вaся") == ("Вася", "exact")  # Latin a
    assert stage("В\u200bася") == ("Вася", "exact")
    assert stage("«Вася»!") == ("Вася", "exact")
    assert stage("[b]Вася[/b]") == ("Вася", "exact")
    assert stage("Ada Wong") == ("Ada_Wong", "exact")
    assert stage("оля  смирнова") == ("Оля Смирнова", "exact")


def test_alias_prefix_initials_inflection_layout():
    assert stage("аня") == ("Анноушка", "alias")
    assert stage("Anak") == ("Anaklusmos", "prefix")
    assert stage("GJ") == ("Gentleman Johnny", "initials")
    assert stage("Васи") == ("Вася", "inflection")
    assert stage("Dfcz") == ("Вася", "layout")


def test_fuzzy_needs_threshold_and_margin():
    m = M.match("Анушка")
    assert (m.player, m.stage) == ("Анноушка", "fuzzy") and m.score >= 85
    assert M.match("Мыша").stage == "unknown"  # 75 for both Маша and Миша: below the threshold
    two = Matcher([Player("Alexander"), Player("Alexandra")])
    assert two.match("Alexandera").stage == "ambiguous"  # 94.7 for both: no margin
    assert two.match("Alexanderr").player == "Alexander"


def test_a_heuristic_stage_does_not_beat_a_close_rival():
    two = Matcher([Player("Alexander"), Player("Alexandra")])
    m = two.match("Alexandr")  # a prefix of Alexandra, a typo of Alexander
    assert m.player is None and m.stage == "ambiguous"
    unknown = M.match("Кузьма")
    assert unknown.player is None and unknown.stage == "unknown"


def test_ambiguous_prefix_is_not_a_guess():
    m = M.match("Пет")
    assert m.player is None and m.stage == "ambiguous"
    assert {n for n, _ in m.candidates} == {"Петя", "Петр"}


def test_roster_collisions_are_reported():
    assert Matcher([Player("Mир"), Player("Мир")]).collisions  # Latin M vs Cyrillic М


@given(st.sampled_from(ROSTER), st.sampled_from(["upper", "lower", "same"]))
def test_every_roster_nick_matches_itself_in_any_case(player, case):
    written = {"upper": player.nick.upper(), "lower": player.nick.lower(), "same": player.nick}[case]
    assert M.match(written).player == player.nick


@given(st.text(max_size=30))
def test_matching_never_crashes_and_never_invents_a_player(text):
    m = M.match(text)
    assert m.player is None or m.player in {p.nick for p in ROSTER}
    assert m.stage in {"exact", "alias", "prefix", "initials", "inflection", "layout", "fuzzy",
                       "unknown", "ambiguous"}


@given(st.text(max_size=20))
def test_key_is_idempotent(text):
    assert key(key(text)) == key(text)


# -- the word-window pre-filter must never drop a window the full matcher would accept ---------
_NICKS = ["Вася", "Маша Петрова", "Dimon_88", "Ёжик", "Оля", "Mr. Smith", "Ｖａｓｙａ", "Kот"]
_W = Matcher([Player(n) for n in _NICKS] + [Player("Анна", ("Нюша",))])


@given(st.lists(st.sampled_from(["вася", "васи", "васей", "маша", "петрова", "петровой", "dimon_88",
                                 "_dimon_88_", "ёжика", "ежик", "оли", "олей", "mr.", "smith", "vasya",
                                 "ｖａｓｙａ", "кот", "kот", "нюши", "нюша", "…", "№", "-", "вася…",
                                 "—вася—", "a", "в", "1"]), max_size=6),
       st.text(alphabet="васяолмшеёжик._-…", max_size=8))
def test_the_window_filter_keeps_every_window_that_can_match(words, extra):
    words = [*words, extra] if extra else words
    kept = set(_W.windows(words, 3))
    for size in (1, 2, 3):
        for i in range(len(words) - size + 1):
            seg = " ".join(words[i:i + size])
            if _W.match(seg).stage in ("exact", "alias", "inflection") and size <= _W.most_words:
                assert seg in kept, seg


# --- clean(): str.strip over a character set, as this regex (its definition before) did ----------

import re  # noqa: E402

_SPACES = re.compile(r"[\s_]+")  # clean()'s spaces before str.split() did them
_EDGE = re.compile(r"^[\s\"'«»„“”‘’`.,:;!?()\[\]{}<>*_~=+\-–—|/\\@]+|[\s\"'«»„“”‘’`.,:;!?()\[\]{}<>*_~=+\-–—|/\\@]+$")

def test_whitespace_list_is_every_whitespace_character():
    from votecount.ballots import names
    assert set(names._WHITESPACE) == {chr(c) for c in range(0x110000) if chr(c).isspace()}


@given(st.text(alphabet=st.sampled_from(list("Вася Pet_ya[b][/b]\u200b\xa0\u2003\t\n«»\"'.,!?-–—()*_~=+|/\\ё")))
       | st.text())
def test_clean_is_the_regex_definition(written):
    import unicodedata

    from votecount.ballots import names
    s = unicodedata.normalize("NFKC", written)
    unbracketed = names._BBCODE.sub("", s)
    # BBCode is taken out, unless nothing of the nick would be left ("[winger]" is a nick)
    s = names._INVISIBLE.sub("", unbracketed if _EDGE.sub("", unbracketed.replace("\xa0", " ")) else s)
    s = _EDGE.sub("", s.replace("\xa0", " "))
    assert names.clean(written) == _SPACES.sub(" ", s).strip()


# -- English nicks of real games (issue 16): every stage only when one slot alone fits, and
# shown in --explain with its stage.

def _english():
    from votecount.ballots.names import Matcher, Player
    return Matcher([Player("jilynne1991", ("Bezukhov",)), Player("themanhimself"), Player("Twistedspoon"),
                    Player("Scott Brosius"), Player("havingfitz"), Player("TheFool"), Player("Toomai"),
                    Player("Mist7676"), Player("Tasky"), Player("Om of the Nom"), Player("Doctor Who"),
                    Player("Doc Holliday"), Player("Me=Weird")])


@pytest.mark.parametrize("written, player, stage", [
    ("Bezu", "jilynne1991", "prefix"),  # a prefix of the slot's earlier holder
    ("ScottBro", "Scott Brosius", "prefix"),  # spaces aside
    ("TMHS", "themanhimself", "initials"),  # letters in order of a run-together nick
    ("fitz", "havingfitz", "part"),
    ("fool", "TheFool", "part"),
    ("Misty", "Mist7676", "fuzzy"),  # the trailing digits set aside
    ("Tsaky", "Tasky", "fuzzy"),  # two neighbouring letters swapped
    ("Me Wierd", "Me=Weird", "fuzzy"),  # separators aside (and a swap)
    ("@Tasky", "Tasky", "exact"),
    ("scott_brosius", "Scott Brosius", "exact"),
])
def test_english_nick_stages(written, player, stage):
    m = _english().match(written)
    assert (m.player, m.stage) == (player, stage)
    from votecount.ballots.names import explain
    assert player in explain(m)


@pytest.mark.parametrize("written", ["Doc", "to", "me"])
def test_english_nicks_no_rule_reaches_stay_unknown_or_ambiguous(written):
    # "Doc": two slots start so; "to", "me": common two-letter words, no abbreviation (issue 32
    # reads "Om" as Om of the Nom: game 1463 day 5, posts 888 and 912, counted by the moderator).
    m = _english().match(written)
    assert m.player is None


def test_a_piece_of_a_nick_shared_by_two_slots_is_ambiguous():
    from votecount.ballots.names import Matcher, Player
    m = Matcher([Player("havingfitz"), Player("TheFitzroy")]).match("fitz")
    assert m.player is None and m.stage == "ambiguous"


def test_a_nick_in_brackets_keeps_its_key():
    from votecount.ballots.names import key
    assert key("[winger]") == "winger"
    assert key("[b]Вася[/b]") == key("Вася")


def test_run_together_initials_only_when_one_slot_fits():
    from votecount.ballots.names import Matcher, Player
    game_1147 = Matcher([Player(n) for n in ("Twistedspoon", "Juls", "Duplicity", "Rhinox", "Necessary Evil",
                                             "Locke Lamora", "Prosaurus", "Quilford", "Me=Weird", "Maxous")])
    assert (game_1147.match("TS").player, game_1147.match("TS").stage) == ("Twistedspoon", "initials")
    # t…s also fits themanhimself and Tasky: no guess
    assert _english().match("TS").stage == "ambiguous"
class _EveryWord:
    def found_in(self, text):
        return True  # no post left out before its runs are tried

    def first_words(self, sk, edges):
        return None  # windows() tries every run, as before the automaton


_WORDS = st.lists(st.sampled_from(["вася", "васи", "васей", "маша", "петрова", "петровой", "dimon_88",
                                   "ёжика", "ежик", "оли", "олей", "mr.", "smith", "vasya", "ｖａｓｙａ",
                                   "kот", "нюши", "…", "№", "-", "—", "«вася»", "(оля", "вася…", "😀",
                                   "a", "в", "1", "ВАСЯ", "Вaся", "", " "]), max_size=8)


@settings(max_examples=500, deadline=None)
@given(_WORDS, st.text(alphabet="васяолмшеёжик.-…«»😀 ", max_size=8))
def test_the_nick_automaton_gives_the_same_windows_in_the_same_order(words, extra):
    """nickscan: runs tried only where the automaton found a form give windows()'s runs."""
    words = [*words, extra] if extra else words
    plain_matcher = Matcher([Player(n) for n in _NICKS] + [Player("Анна", ("Нюша",))])
    plain_matcher.__dict__["_scanner"] = _EveryWord()
    for most in (1, 2, 3):
        assert list(_W.windows(words, most)) == list(plain_matcher.windows(words, most))


def test_the_nick_automaton_on_an_empty_roster_finds_nothing():
    assert list(Matcher([]).windows(["вася", "петя"], 3)) == []


# -- is_nick's length test (Matcher._too_long) refuses only what no roster key is ---------------
# Short keys, so most texts are longer than any; the pieces are what clean() and NFKC take out or
# join (edges, spaces of every kind, "_", invisible characters, BBCode, fullwidth brackets and low
# lines, spacing accents, Hangul jamo, combining marks, the ellipsis and the numero sign).
_SHORT = Matcher([Player(n) for n in ("Вася", "No", "a b", "Ｖａｓ", "ß", "각", "é")] + [Player("Анна", ("Ню_ша",))])
_PIECES = ["вася", "ВАСЯ", "Вaся", "no", "№", "a", "b", "a b", "ss", "ß", "vas", "нюша", "ню", "ша", "각", "é",
           " ", "  ", "_", "__", "\t", "\n", "\xa0", "\u2003", "\u3000", "\u200b", "\u00ad", "\ufe0f", "\ufe0e",
           "[b]", "[/b]", "[", "]", "［b］", "［", "﹇", "］", "＿", "﹏", "（", "）", "(", ")", ".", "…", "...", "!",
           "«", "»", "-", "—", "@", "¨", "´", "\u0301", "\u0308", "\u1100", "\u1161", "\u11a8", "e", "x", "ё"]


_RUNS = st.lists(st.tuples(st.sampled_from(_PIECES), st.integers(1, 12)), max_size=6).map(
    lambda runs: "".join(piece * times for piece, times in runs))  # a piece repeated: long texts


@settings(max_examples=1500, deadline=None)
@given(_RUNS | st.lists(st.sampled_from(_PIECES), max_size=14).map("".join) | st.text(max_size=40))
def test_the_length_test_refuses_only_what_no_roster_key_is(written):
    """_too_long(): a text is refused only when its key is longer than every roster key, so
    is_nick() says what the keys alone say."""
    k = key(written)
    if _SHORT._too_long(written):
        assert len(k) > _SHORT.longest, (written, k)
    assert _SHORT.is_nick(written) == (k in _SHORT.exact or k in _SHORT.alias)


@pytest.mark.parametrize("written", ["［b］" * 9 + "вася", "（" * 20 + "вася" + "）" * 20, "\u3000" * 30 + "вася",
                                     "\u2003" * 30 + "вася", "a" + " \u2003" * 30 + "b", "＿" * 30 + "вася…",
                                     "\u200b" * 30 + "вася", "a" + "_" * 40 + "b"])
def test_a_long_text_that_cleans_down_to_a_nick_is_that_nick(written):
    # what a bound on the length alone (its edges stripped, over 3) refused
    assert _SHORT.is_nick(written) and _SHORT.match(written).stage == "exact"


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(["…", "№", "\u0301", "\u0308", "o", "N", "е", " ", ".", "ﬁ", "\u1100", "\u1161"]),
                max_size=10).map("".join))
def test_nfkc_with_the_ellipsis_and_numero_sign_replaced_first_is_nfkc(text):
    import unicodedata

    from votecount.ballots import names
    assert names._nfkc(text) == unicodedata.normalize("NFKC", text)


def test_the_length_test_never_refuses_a_line_of_a_real_game_that_is_a_nick():
    """Every line the ballot reader asks is_nick() about in the 55 real games, against its game's
    roster: _too_long() refuses none whose key is a roster key, and most lines it does refuse.
    (The bodies of a game are parsed as one page, as tests/test_runs.py does.)"""
    from realgames import adapter

    from votecount.ballots import reading as ballots
    from votecount.read import pages
    from votecount.engines.kit.markup import text_of
    if not (adapter.DATA / "archive.txt").exists():
        pytest.skip("../shared/realgames/mafiascum is not beside the project")
    asked = refused = named = 0
    for game in adapter.games():
        m = Matcher([Player(s.names[0], s.names[1:]) for s in game.slots])
        rows = (adapter.DATA / "posts" / f"{game.thread}.jsonl").read_text(encoding="utf-8").splitlines()
        html = "".join(f'<div class="vc-body">{json.loads(r)["content"]}</div>' for r in rows if r.strip())
        tree = pages.tree(f"<html><body>{html}</body></html>".encode(), game.thread, whole=True)
        for body in tree.xpath("//div[@class='vc-body']"):
            for seg in map(ballots._strip_prefix, ballots._lines(ballots._spaced(text_of(body)), frozenset())):
                k = key(seg)
                asked, named = asked + 1, named + (k in m.exact or k in m.alias)
                if m._too_long(seg):
                    refused += 1
                    assert k not in m.exact and k not in m.alias, (game.number, seg)
    assert named > 1000 and refused > asked / 2, (asked, refused, named)


def test_explain_speaks_the_count_language():
    """--explain's nick line comes from the message catalogue: Russian output stays Russian."""
    from votecount.ballots.names import explain
    m = Matcher([Player("Петя"), Player("Маша")], threshold=70, margin=5).match("Пеятя")
    ru, en = explain(m, False, "ru"), explain(m, False, "en")
    assert "Пеятя" in ru and "Петя" in ru and "candidates" not in ru and "fuzzy" not in ru
    assert "Пеятя" in en and "Петя" in en
    assert explain(Matcher([Player("Петя")]).match("петя"), lang="ru") == "«петя» = Петя (точно)"


# --- skeletons of a post's words, done once on the joined text (windows()) ---------------------

_SKELETON_TEXT = st.text(alphabet=st.sampled_from(list("аеорсхуіјѕԁһӏвнмтк АБВЁё_xyzßſﬁＶ①\u0301\u1100\u1161"
                                                      "\u11a8가ﷺ´¨ \xa0\u2003")) | st.characters(), max_size=90)


@given(_SKELETON_TEXT)
def test_skeleton_is_the_translation_table(text):
    from votecount.ballots import names
    assert names.skeleton(text) == text.translate(names._SKELETON)
    assert names.skeleton(text * 3) == (text * 3).translate(names._SKELETON)  # the long-text path


@settings(max_examples=300, deadline=None)
@given(st.lists(_SKELETON_TEXT.map(lambda t: t[:12]), max_size=12))
def test_joined_skeleton_is_the_words_skeletons_joined(words):
    """NFKC, case folding, ё→е and the skeleton on the joined words give each word's, where the
    joined text is NFKC already (a space composes with nothing); else None (word by word)."""
    from votecount.ballots import names
    joined = names.joined_skeleton(words)
    assert joined is None or joined.split(" ") == names.word_skeletons(words)
    if words and all(w.isascii() and " " not in w for w in words):
        assert joined is not None
