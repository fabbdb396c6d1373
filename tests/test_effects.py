"""Tests of `cardgames.shedding.rules`: `Effect`, the `Effects` table and the rules' own checks."""

from __future__ import annotations

from collections.abc import Mapping

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgames import crazy_eights, huit_americain
from cardgames.cards import JOKER, Card, DeckKind, Rank, Suit
from cardgames.errors import InvalidRulesError, ParseError
from cardgames.shedding.rules import Effect, Effects, SheddingRules

C = Card.parse
PLAIN = Effect()
FACES = (*(r.letter for r in Rank), "JOKER")


@st.composite
def effects(draw: st.DrawFn) -> Effect:
    """Every valid `Effect` (`again` excludes draw, skip, reverse, choose; choose excludes skip)."""
    again = draw(st.booleans())
    choose = False if again else draw(st.booleans())
    return Effect(
        wild=draw(st.booleans()),
        draw=0 if again else draw(st.integers(0, 99)),
        skip=False if again or choose else draw(st.booleans()),
        reverse=False if again else draw(st.booleans()),
        again=again,
        swap=draw(st.booleans()),
        choose=choose,
    )


tables = st.dictionaries(st.sampled_from(FACES), effects(), max_size=8).map(Effects)

# ---------------------------------------------------------------------------------------------
# Effect


def test_the_default_effect_is_plain() -> None:
    assert PLAIN.is_plain
    assert not Effect(skip=True).is_plain
    assert Effect(draw=0).is_plain
    assert str(PLAIN) == "none"


@pytest.mark.parametrize(
    ("text", "effect"),
    [
        ("wild", Effect(wild=True)),
        ("wild+draw5", Effect(wild=True, draw=5)),
        ("draw2", Effect(draw=2)),
        ("draw0", PLAIN),
        ("skip", Effect(skip=True)),
        ("reverse", Effect(reverse=True)),
        ("again", Effect(again=True)),
        ("swap", Effect(swap=True)),
        ("choose", Effect(choose=True)),
        ("wild+again+swap", Effect(wild=True, again=True, swap=True)),
        ("draw99+skip+reverse+swap", Effect(draw=99, skip=True, reverse=True, swap=True)),
        (" Wild + DRAW4 ", Effect(wild=True, draw=4)),
        ("none", PLAIN),
        ("NONE", PLAIN),
        ("-", PLAIN),
        ("", PLAIN),
        ("  ", PLAIN),
    ],
)
def test_effect_parse(text: str, effect: Effect) -> None:
    assert Effect.parse(text) == effect


@pytest.mark.parametrize(
    ("effect", "text"),
    [
        (Effect(wild=True, draw=5), "wild+draw5"),
        (Effect(choose=True, swap=True, reverse=True, draw=1), "draw1+reverse+swap+choose"),
        (Effect(again=True, wild=True), "wild+again"),
        (Effect(skip=True), "skip"),
    ],
)
def test_effect_str_in_a_fixed_order(effect: Effect, text: str) -> None:
    assert str(effect) == text


@given(effects())
def test_effect_text_round_trip(effect: Effect) -> None:
    assert Effect.parse(str(effect)) == effect
    assert Effect.parse(str(effect).upper()) == effect


@pytest.mark.parametrize("text", ["skip+skip", "draw2+draw3"])
def test_effect_parse_refuses_repeated_effects(text: str) -> None:
    with pytest.raises(ParseError, match="given twice"):
        Effect.parse(text)


@pytest.mark.parametrize("text", ["fly", "wild+", "draw", "draw-1", "draw 2", "wild,skip", "+"])
def test_effect_parse_refuses_unknown_tokens(text: str) -> None:
    with pytest.raises(ParseError) as excinfo:
        Effect.parse(text)
    assert excinfo.value.text == text
    assert excinfo.value.expected == (
        "effects joined by '+': wild, drawN, skip, reverse, again, swap, choose"
    )


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("again+draw2", "'again' cannot be combined with draw, skip, reverse or choose"),
        ("again+skip", "'again' cannot be combined with draw, skip, reverse or choose"),
        ("again+reverse", "'again' cannot be combined with draw, skip, reverse or choose"),
        ("again+choose", "'again' cannot be combined with draw, skip, reverse or choose"),
        ("choose+skip", "'choose' cannot be combined with skip"),
        ("draw100", "a draw effect takes 0 to 99 cards, not 100"),
    ],
)
def test_effect_parse_refuses_impossible_combinations(text: str, reason: str) -> None:
    with pytest.raises(ParseError) as excinfo:
        Effect.parse(text)
    assert (excinfo.value.text, excinfo.value.expected) == (text, reason)


@pytest.mark.parametrize(
    "fields",
    [{"draw": -1}, {"draw": 100}, {"again": True, "draw": 2}, {"choose": True, "skip": True}],
)
def test_effect_constructor_refuses_impossible_values(fields: dict[str, int]) -> None:
    with pytest.raises(ValueError, match=r"cannot|takes 0 to 99"):
        Effect(**fields)  # type: ignore[arg-type]


def test_effects_are_hashable_values() -> None:
    assert Effect(wild=True) == Effect.parse("wild")
    assert hash(Effect(wild=True, draw=2)) == hash(Effect.parse("draw2+wild"))
    assert len({Effect(), Effect.parse("none"), Effect(skip=True)}) == 2


# ---------------------------------------------------------------------------------------------
# Effects: parsing and text


def test_effects_parse_and_canonical_text() -> None:
    table = Effects.parse("8:wild 2:draw2 A:skip J:reverse")
    assert str(table) == "2:draw2 8:wild J:reverse A:skip"
    assert repr(table) == "Effects.parse('2:draw2 8:wild J:reverse A:skip')"
    assert table == Effects(
        {
            "2": Effect(draw=2),
            "8": Effect(wild=True),
            "A": Effect(skip=True),
            "J": Effect(reverse=True),
        }
    )


def test_effects_parse_separators_and_face_spellings() -> None:
    table = Effects.parse("  jk:wild+draw5, 8:wild;t:skip\tq:swap\nk:none  none ")
    assert list(table) == ["8", "10", "Q", "JOKER"]
    assert table["10"] == Effect(skip=True)
    assert table["JOKER"] == Effect(wild=True, draw=5)
    assert "K" not in table  # a plain effect is not stored


@pytest.mark.parametrize("text", ["", "none", "  ", "NONE", "8:none", ",;"])
def test_effects_parse_of_an_empty_table(text: str) -> None:
    table = Effects.parse(text)
    assert len(table) == 0
    assert table == Effects()
    assert str(table) == "none"


@pytest.mark.parametrize(
    ("text", "entry", "expected"),
    [
        ("8:wild Z:skip", "Z:skip", "a card face (2..10, J, Q, K, A, JOKER) before ':'"),
        ("8:wild 1:skip", "1:skip", "a card face (2..10, J, Q, K, A, JOKER) before ':'"),
        (":skip", ":skip", "a card face (2..10, J, Q, K, A, JOKER) before ':'"),
        ("8:wild 2draw2", "2draw2", "FACE:EFFECT, such as 8:wild or A:draw4"),
        ("8=wild", "8=wild", "FACE:EFFECT, such as 8:wild or A:draw4"),
        ("8:wild 8:skip", "8:skip", "one entry per face (8 is given twice)"),
        ("T:skip 10:again", "10:again", "one entry per face (10 is given twice)"),
        ("jk:wild JOKER:none", "JOKER:none", "one entry per face (JOKER is given twice)"),
    ],
)
def test_effects_parse_errors_name_the_entry(text: str, entry: str, expected: str) -> None:
    with pytest.raises(ParseError) as excinfo:
        Effects.parse(text)
    assert (excinfo.value.text, excinfo.value.expected) == (entry, expected)


def test_effects_parse_passes_on_a_bad_effect() -> None:
    with pytest.raises(ParseError) as excinfo:
        Effects.parse("8:wild 2:fly")
    assert excinfo.value.text == "fly"


@given(tables)
def test_effects_text_round_trip(table: Effects) -> None:
    assert Effects.parse(str(table)) == table
    assert Effects.parse(str(table).lower().replace(" ", ", ")) == table
    assert eval(repr(table)) == table  # the repr is an expression by design


# ---------------------------------------------------------------------------------------------
# Effects: construction, mapping behaviour, equality


def test_effects_constructor_canonicalises_and_drops_plain_effects() -> None:
    table = Effects({"jack": Effect(reverse=True), "joker": Effect(wild=True), "3": PLAIN})
    assert list(table.items()) == [("J", Effect(reverse=True)), ("JOKER", Effect(wild=True))]
    assert Effects(None) == Effects({}) == Effects()


def test_effects_constructor_refuses_bad_entries() -> None:
    with pytest.raises(TypeError, match="effect for '8' must be an Effect, not str"):
        Effects({"8": "wild"})  # type: ignore[dict-item]
    with pytest.raises(ValueError, match="unknown card face 'Z' in effects"):
        Effects({"Z": Effect(wild=True)})


def test_effects_as_a_read_only_mapping() -> None:
    table = Effects.parse("A:skip 8:wild JOKER:wild+draw5")
    assert isinstance(table, Mapping)
    assert len(table) == 3
    assert list(table) == ["8", "A", "JOKER"]
    assert table["8"] == Effect(wild=True)
    assert table["ace"] == table["A"] == Effect(skip=True)  # any spelling of the face
    assert table["jk"] is table["JOKER"]
    assert "8" in table
    assert "3" not in table
    assert table.get("3") is None
    assert table.get("3", PLAIN) is PLAIN
    assert dict(table) == {
        "8": Effect(wild=True),
        "A": Effect(skip=True),
        "JOKER": Effect(wild=True, draw=5),
    }
    with pytest.raises(KeyError):
        table["3"]
    assert not hasattr(table, "__setitem__")


def test_a_key_that_is_not_a_face_is_simply_absent() -> None:
    # A Mapping answers `in` and `get` with False / None for any key it does not hold.
    table = Effects.parse("8:wild")
    assert "Z" not in table
    assert table.get("Z") is None
    with pytest.raises(KeyError):
        table["Z"]


def test_effects_equality_and_hash() -> None:
    a = Effects.parse("8:wild 2:draw2")
    b = Effects({"2": Effect(draw=2), "8": Effect(wild=True), "5": PLAIN})
    assert a == b
    assert hash(a) == hash(b)
    assert len({a, b, Effects()}) == 2
    assert a != Effects.parse("8:wild")
    assert a != "2:draw2 8:wild"
    assert (a == dict(a)) is False  # only another table is equal


def test_effects_replace() -> None:
    table = Effects.parse("8:wild 2:draw2")
    assert table.replace("Q", "swap") == Effects.parse("8:wild 2:draw2 Q:swap")
    assert table.replace("2", Effect(draw=4)) == Effects.parse("8:wild 2:draw4")
    assert table.replace("eight", "none") == Effects.parse("2:draw2")
    assert table.replace("8", PLAIN) == Effects.parse("2:draw2")
    assert table.replace("jk", "wild") == Effects.parse("8:wild 2:draw2 JOKER:wild")
    assert table == Effects.parse("8:wild 2:draw2")  # unchanged
    with pytest.raises(ParseError):
        table.replace("Z", "wild")
    with pytest.raises(ParseError):
        table.replace("8", "fly")


def test_for_card() -> None:
    table = Effects.parse("8:wild 2:draw2 JOKER:wild+draw5")
    assert table.for_card(C("8H")) == Effect(wild=True)
    assert table.for_card(C("2S")).draw == 2
    assert table.for_card(C("3C")).is_plain
    assert table.for_card(JOKER) == Effect(wild=True, draw=5)
    assert Effects().for_card(JOKER) == PLAIN
    for suit in Suit:
        assert table.for_card(Card(Rank.EIGHT, suit)).wild


# ---------------------------------------------------------------------------------------------
# SheddingRules: derived numbers and cross-field checks


@pytest.mark.parametrize(
    ("rules", "players", "decks"),
    [
        (crazy_eights.Rules(), 2, 1),
        (crazy_eights.Rules(), 5, 1),  # 5 x 10 = 50 <= 52
        (crazy_eights.Rules(), 6, 2),  # 60 > 52
        (crazy_eights.Rules(), 7, 2),
        (crazy_eights.Rules(decks=3), 2, 3),
        (crazy_eights.Rules(cards_per_player=1), 2, 1),
        (huit_americain.Rules(), 4, 1),  # 4 x 12 = 48 <= 54
        (huit_americain.Rules(), 5, 2),  # 60 > 54
        (huit_americain.Rules(), 9, 2),  # 108 = 2 x 54
        (huit_americain.Rules(), 10, 3),
        (huit_americain.Rules(deck=DeckKind.PIQUET_32), 2, 1),  # 24 <= 32
        (huit_americain.Rules(deck=DeckKind.PIQUET_32), 3, 2),  # 36 > 32
        (huit_americain.Rules(deck=DeckKind.PIQUET_32, decks=1), 3, 1),
    ],
)
def test_decks_for(rules: SheddingRules, players: int, decks: int) -> None:
    assert rules.decks_for(players) == decks


def test_hand_size_for() -> None:
    rules = crazy_eights.Rules()
    assert [rules.hand_size_for(n) for n in (2, 3, 7)] == [7, 7, 7]
    five = crazy_eights.PRESETS["five-cards-two-players"]
    assert [five.hand_size_for(n) for n in (2, 3, 7)] == [5, 7, 7]
    assert huit_americain.Rules().hand_size_for(2) == 8


def test_a_match_needs_a_target_score_or_rounds() -> None:
    for rules_type in (crazy_eights.Rules, huit_americain.Rules):
        with pytest.raises(InvalidRulesError) as excinfo:
            rules_type(target_score=None)
        err = excinfo.value
        assert (err.option, err.value, err.reason) == (
            "rounds",
            None,
            "a match needs target_score or rounds",
        )
        assert rules_type(target_score=None, rounds=1).rounds == 1
        assert rules_type(rounds=3).target_score is not None


def test_jokers_in_the_deck_need_a_wild_joker() -> None:
    # A deck with jokers brings the jokers' default effect when the effects name no joker:
    # wild, as the 8, in Crazy Eights; the rule text's wild+draw5 in 8 Américain.
    assert crazy_eights.Rules(deck=DeckKind.JOKERS_54).effects == Effects.parse(
        "2:draw2 8:wild J:reverse A:skip JOKER:wild"
    )
    assert huit_americain.Rules(effects=Effects.parse("8:wild")).effects == Effects.parse(
        "8:wild JOKER:wild+draw5"
    )
    assert crazy_eights.Rules.joker_effect == Effect(wild=True)
    # Effects that name the joker decide; one that is not wild is refused.
    with pytest.raises(InvalidRulesError) as excinfo:
        crazy_eights.Rules(deck=DeckKind.JOKERS_54, effects=Effects.parse("JOKER:draw2"))
    err = excinfo.value
    assert (err.option, err.value, err.reason) == (
        "effects",
        "JOKER:draw2",
        "jokers in the deck need a wild effect (JOKER:wild…)",
    )
    with pytest.raises(InvalidRulesError) as excinfo:
        huit_americain.Rules().replace(effects=Effects.parse("8:wild JOKER:draw5"))
    assert excinfo.value.option == "effects"
    rules = crazy_eights.Rules(deck=DeckKind.JOKERS_54, effects=Effects.parse("JOKER:wild"))
    assert rules.effects.for_card(JOKER).wild
    # Without jokers in the deck, a joker effect is harmless.
    assert huit_americain.Rules(deck=DeckKind.PIQUET_32, effects=Effects()).effects == Effects()
