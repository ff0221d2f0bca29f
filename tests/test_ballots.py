"""Ballot reading: nick, colour by hue from any markup, colour words, pass/withdraw, flags."""

from datetime import datetime, timezone

import pytest
from hypothesis import given, strategies as st

from votecount.ballots.bold import read_bold
from votecount.ballots.reading import read
from votecount.engines.kit.colours import classify
from votecount.model import Post
from votecount.ballots.names import Matcher, Player

M = Matcher([Player("Вася"), Player("Петя"), Player("Марк Уолберг"), Player("Пас")])


def post(html):
    return Post("1", 1, 1, "x", None, datetime(2026, 11, 29, tzinfo=timezone.utc), "", html)


@pytest.mark.parametrize("value,colour", [
    ("red", "red"), ("#FF0000", "red"), ("#f00", "red"), ("#AA0000", "red"), ("#BF0000", "red"),
    ("rgb(184, 49, 47)", "red"), ("crimson", "red"), ("DarkRed", "red"),
    ("blue", "blue"), ("#0000FF", "blue"), ("#2C82C9", "blue"), ("navy", "blue"), ("RoyalBlue", "blue"),
    ("green", "other"), ("orange", "other"), ("#000000", "other"), ("purple", "other"), ("nonsense", "other"),
    ("", "none"),
])
def test_colour_by_hue(value, colour):
    assert classify(value) == colour


@pytest.mark.parametrize("html,kind,target,colour", [
    ('<span style="color: red">Вася</span>', "vote", "Вася", "red"),
    ('<span style="background-color: red">Вася</span>', "vote", "Вася", "none"),
    ('<font color="Blue">Петя</font>', "vote", "Петя", "blue"),
    ('<span style="color: rgb(44, 130, 201)"><b>Петя</b></span>', "vote", "Петя", "blue"),
    ('<span class="bbc_color red">Вася</span>', "vote", "Вася", "red"),
    ("Вася КРАСНЫМ", "vote", "Вася", "red"),
    ("Петя синим", "vote", "Петя", "blue"),
    ("голосую против Васи", "vote", "Вася", "none"),
    ("меняю голос на Петю", "vote", "Петя", "none"),
    ("<b>Марк Уолберг</b>", "vote", "Марк Уолберг", "none"),
    ("пас", "vote", "Пас", "none"),  # a player named "Пас" is a nick before a pass
    ("снимаю голос", "withdraw", None, "none"),
    ("-", "withdraw", None, "none"),
    ("", "empty", None, "none"),
])
def test_reading(html, kind, target, colour):
    r = read(post(html), M)
    assert r.kind == kind
    assert (r.match.player if r.match else None) == target
    assert r.colour == colour


def test_pass_words_without_such_a_player():
    m = Matcher([Player("Вася")])
    assert read(post("ННВ"), m).kind == "pass"
    assert read(post("против всех"), m).kind == "pass"


def test_flags():
    r = read(post('<span style="color:red">Вася</span> фаст'), M)
    assert r.kind == "vote" and r.fast and not r.early
    assert read(post("Петя досрочно"), M).early


def test_partly_coloured_nick_is_mixed():
    r = read(post('<span style="color:red">Ва</span><span style="color:blue">ся</span>'), M)
    assert r.colour == "mixed"


def test_several_nicks_are_not_a_guess():
    r = read(post("Вася или Петя, не знаю"), M)
    assert r.kind == "unknown" and set(r.several) == {"Вася", "Петя"}


def test_misspelt_short_post_is_an_unknown_nick_long_one_is_chatter():
    assert read(post("Вссяя"), M).kind == "unknown"
    assert read(post("ну что, когда уже будет ночь и все разойдутся"), M).kind == "chatter"


@given(st.text(max_size=200))
def test_reading_any_text_never_crashes(text):
    r = read(post(text.replace("<", "&lt;")), M)
    assert r.kind in {"vote", "pass", "withdraw", "unfast", "runoff", "unknown", "chatter", "empty"}


@given(st.sampled_from(["Вася", "Петя", "Марк Уолберг"]), st.sampled_from(["red", "#c00", "rgb(200,0,0)", "crimson"]),
       st.sampled_from(["span", "font"]))
def test_a_coloured_nick_reads_as_a_red_vote_in_any_markup(nick, value, tag):
    html = (f'<span style="color: {value}">{nick}</span>' if tag == "span" else f'<font color="{value}">{nick}</font>')
    r = read(post(html), M)
    assert (r.kind, r.match.player, r.colour) == ("vote", nick, "red")


@pytest.mark.parametrize("html,kind,extra", [
    ("снимаю фаст", "unfast", None), ("фаст снимаю", "unfast", None), ("Вася фаст", "vote", None),
    ("повесить всех", "runoff", "hang_all"), ("Помиловать обоих!", "runoff", "pardon_all"),
    ("hang all", "runoff", "hang_all"),
])
def test_pc_readings(html, kind, extra):
    r = read(post(html), M)
    assert r.kind == kind
    if extra:
        assert r.runoff == extra


@pytest.mark.parametrize("html,target,conditional", [
    ("Вася<br>если катастрофа — повесить всех", "Вася", "hang_all"),
    ("В случае катастрофы помиловать всех<br>Петя", "Петя", "pardon_all"),
    ("Ёжик? нет: Петя. При автокатастрофе: повесить обоих", "Петя", "hang_all"),
])
def test_pc13_a_runoff_ballot_in_advance_is_kept_and_the_vote_still_read(html, target, conditional):
    r = read(post(html), M)
    assert (r.kind, r.match.player, r.conditional) == ("vote", target, conditional)


@pytest.mark.parametrize("html,kind,target", [
    ("<b>VOTE: Вася</b>", "vote", "Вася"), ("<strong>vote Петя</strong> because", "vote", "Петя"),
    ("[vote]Марк Уолберг[/vote]", "vote", "Марк Уолберг"), ("<b>Unvote</b>", "withdraw", None),
    ("<b>Vote: no lynch</b>", "pass", None), ("vote Вася", "chatter", None),
    ("<b>Votecount:</b> Вася 2", "chatter", None), ("<b>Vote Марк</b> — he is scum", "vote", "Марк Уолберг"),
    ("<b>Unvote, vote Петя</b>", "vote", "Петя"),
])
def test_bold_vote_readings(html, kind, target):
    r = read_bold(post(html), M)
    assert r.kind == kind
    if target:
        assert r.match.player == target


@given(st.text(max_size=200))
def test_bold_reading_any_text_never_crashes(text):
    r = read_bold(post("<b>" + text.replace("<", "&lt;") + "</b>"), M)
    assert r.kind in {"vote", "pass", "withdraw", "unknown", "chatter"}


@given(st.sampled_from(["Вася", "Петя", "Марк Уолберг"]), st.sampled_from(["VOTE:", "Vote", "vote -", "VoTe"]),
       st.sampled_from(["b", "strong"]), st.text(alphabet=" .,!?", max_size=5))
def test_a_bold_vote_on_any_roster_nick_reads_as_that_nick(nick, word, tag, tail):
    r = read_bold(post(f"talk talk <{tag}>{word} {nick}{tail}</{tag}> more talk"), M)
    assert (r.kind, r.match.player) == ("vote", nick)


def test_a_flag_word_that_is_a_players_nick_names_the_player():
    m = Matcher([Player("Вася"), Player("Фаст"), Player("Red")])
    r = read(post("Фаст"), m)
    assert (r.kind, r.match.player, r.fast) == ("vote", "Фаст", False)
    r = read(post('<span style="color: red">Фаст</span>'), m)
    assert (r.kind, r.match.player, r.colour, r.fast) == ("vote", "Фаст", "red", False)
    # "Вася фаст" names two players here: refused, not guessed
    r = read(post("Вася фаст"), m)
    assert r.kind == "unknown" and r.several == ("Вася", "Фаст")
    # without such a player the same words are a flag
    assert read(post("Вася фаст"), M).fast is True


# --- ballots._lines: one pass over the text gives what one pass per line gave --------------

from hypothesis import given, settings, strategies as st  # noqa: E402

from votecount.ballots import reading as _ballots  # noqa: E402
from votecount.ballots import flagwords, vocabulary  # noqa: E402

_LINE_TEXT = st.text(alphabet=st.sampled_from(list("фастФАСТ досрочно красным синим red blue Fast "
                                                     "ёЁеВася.,;:!\t\xa0\n\r\u2003\u2028-")), max_size=80)


@settings(max_examples=400, deadline=None)
@given(raw=_LINE_TEXT, nick_flags=st.sets(st.sampled_from(["фаст", "red", "синим", "досрочно"])))
def test_lines_equal_the_line_by_line_reading(raw, nick_flags):
    nicks = frozenset(nick_flags)
    by_line = [ln for ln in (_ballots._strip_words(_ballots.fold(x), nicks) for x in raw.split("\n")) if ln]
    spaced = _ballots._spaced(raw)
    assert _ballots._lines(spaced, nicks) == by_line
    # read() passes flags=False when FLAG_WORDS finds nothing in the folded post
    flags = bool(flagwords.FLAG_WORDS.findall(spaced.strip()))
    assert _ballots._lines(spaced, nicks, flags=flags) == by_line


_FLAG_TEXT = st.lists(st.sampled_from(["фаст", "fast", "ускорение", "досрочно", "красным", "красный",
                                       "красн.", "red", "синим", "синий", "син.", "blue", "фастер",
                                       "red1", ".", " ", "\n", "_", "а", "-", "син", "красн"]),
                      max_size=12).map("".join)


@settings(max_examples=600, deadline=None)
@given(folded=_FLAG_TEXT)
def test_flag_words_finds_what_each_pattern_finds(folded):
    """read() takes every flag word from one FLAG_WORDS search, and asks each kind's pattern
    only of the words found: the same words as searching the post once per kind."""
    words = flagwords.FLAG_WORDS.findall(folded)
    for rx in (vocabulary.FAST, vocabulary.EARLY, vocabulary.RED_WORD, vocabulary.BLUE_WORD):
        assert [w for w in words if rx.fullmatch(w)] == rx.findall(folded)


@settings(max_examples=800, deadline=None)
@given(folded=_FLAG_TEXT | _LINE_TEXT)
def test_flag_words_literal_search_equals_the_pattern(folded):
    """flag_words(): literals first, then the word boundaries in Python; FLAG_WORDS's result."""
    assert _ballots.flag_words(folded) == flagwords.FLAG_WORDS.findall(folded)
    for nicks in (frozenset(), frozenset(["red", "фаст"])):
        expected = flagwords.FLAG_WORDS.sub(lambda m: m.group(0) if m.group(0) in nicks else " ", folded)
        assert _ballots.without_flags(folded, nicks) == expected


def test_word_char_is_what_the_regex_calls_a_word_character():
    import re
    import sys

    word = re.compile(r"\w")
    odd = [hex(n) for n in range(sys.maxunicode + 1)
           if flagwords.word_char(chr(n)) != bool(word.match(chr(n)))]
    assert odd == []


_RULE_WORDS = st.lists(st.sampled_from(["снимаю", "убираю", "отменяю", "отзываю", "свой", "фаст", "фаста",
                                        "ускорение", "без", "unfast", "fast", "если", "в случае", "при",
                                        "катастрофа", "автокатастрофе", "то", "повесить", "помиловать",
                                        "всех", "обоих", " ", ": ", "-", "\n", "ф", "аст", "кат"]),
                       max_size=10).map("".join)


@settings(max_examples=600, deadline=None)
@given(_RULE_WORDS)
def test_literal_guards_never_hide_an_unfast_or_a_conditional(folded):
    """read() searches UNFAST only where _may_unfast() says it can match, CONDITIONAL only
    where "катастроф" is written: a match holds the literal."""
    if vocabulary.UNFAST.search(folded):
        assert _ballots._may_unfast(folded)
    if vocabulary.CONDITIONAL.search(folded):
        assert "катастроф" in folded
