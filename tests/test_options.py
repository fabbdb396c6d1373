"""Tests of `cardgames.options`: declared options, validation naming the option, text and JSON.

The subjects are the real rules of Crazy Eights and 8 Américain, and `Tiny`, a small rules class
declared here with one option of each kind the module handles.
"""

from __future__ import annotations

import json
from typing import Any, ClassVar

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgames import crazy_eights, huit_americain
from cardgames.cards import DeckKind, Suit
from cardgames.codec import encode
from cardgames.errors import InvalidRulesError, InvalidStateError, ParseError
from cardgames.game import find_game
from cardgames.options import OptionInfo, RulesBase, format_value, option, parse_bool
from cardgames.shedding.engine import Phase
from cardgames.shedding.rules import AfterDraw, Effect, Effects, Scoring, Stacking, Starter

from shedding_support import random_rules, rules_strategy

CE = crazy_eights.Rules
HA = huit_americain.Rules


@attrs.frozen
class Tiny(RulesBase):
    game_name: ClassVar[str] = "tiny"

    size: int = option(3, "How big.", minimum=1, maximum=9)
    low: int = option(0, "Only a minimum.", minimum=0)
    high: int = option(0, "Only a maximum.", maximum=5)
    free: int = option(0, "No bounds.")
    flag: bool = option(False, "A yes/no option.")
    maybe: bool | None = option(None, "Yes, no or none.")
    limit: int | None = option(None, "A bounded number or none.", minimum=1, maximum=3)
    suit: Suit = option(Suit.HEARTS, "An enum with its own parse method.")
    phase: Phase = option(Phase.PLAY, "An enum without a parse method.")
    label: str = option("x", "Free text.")
    effects: Effects = option(Effects(), "A text-coded value.")
    pair: tuple[int, ...] = option((1, 2), "Checked, but not given as text.")
    anything: Any = option(0, "Any value, but no bool.")
    _hidden: int = 0


def refused(excinfo: pytest.ExceptionInfo[InvalidRulesError]) -> tuple[str, object, str]:
    err = excinfo.value
    return err.option, err.value, err.reason


# ---------------------------------------------------------------------------------------------
# parse_bool


@pytest.mark.parametrize("text", ["true", "YES", " on ", "1", "Oui", "VRAI", "y", "True\n", "oUi"])
def test_parse_bool_true(text: str) -> None:
    assert parse_bool(text) is True


@pytest.mark.parametrize("text", ["false", "No", "OFF", "0", "non", "Faux", "n", "  no  "])
def test_parse_bool_false(text: str) -> None:
    assert parse_bool(text) is False


@pytest.mark.parametrize("text", ["", "maybe", "2", "yes no", "si", "oui!"])
def test_parse_bool_refuses_other_text(text: str) -> None:
    with pytest.raises(ParseError) as excinfo:
        parse_bool(text)
    assert excinfo.value.text == text
    assert excinfo.value.expected == "a yes/no value (true/false, yes/no, on/off, 1/0, oui/non)"


# ---------------------------------------------------------------------------------------------
# options() and describe_type


def test_crazy_eights_options_in_declaration_order() -> None:
    names = [info.name for info in CE.options()]
    assert names == [
        "deck",
        "decks",
        "cards_per_player",
        "hand_size",
        "hand_size_two_players",
        "dealer",
        "effects",
        "stacking",
        "penalty_ends_turn",
        "draw_until_playable",
        "after_draw",
        "draw_when_playable",
        "announce_penalty",
        "two_players_again",
        "jump_in",
        "jump_in_window",
        "starter",
        "starter_effects",
        "scoring",
        "target_score",
        "rounds",
        "max_moves",
    ]


def test_option_info_carries_type_default_doc_and_bounds() -> None:
    infos = {info.name: info for info in CE.options()}
    assert infos["hand_size"] == OptionInfo(
        "hand_size", int, 7, "Cards dealt to each player.", minimum=1, maximum=30
    )
    assert infos["decks"].type == int | None
    assert (infos["decks"].default, infos["decks"].minimum, infos["decks"].maximum) == (None, 1, 8)
    assert infos["jump_in"].default is False
    assert (infos["jump_in"].minimum, infos["jump_in"].maximum) == (None, None)
    assert infos["effects"].default == Effects.parse("8:wild 2:draw2 A:skip J:reverse")


def test_the_8_americain_options_have_its_own_defaults() -> None:
    defaults = {info.name: info.default for info in HA.options()}
    assert defaults["deck"] is DeckKind.JOKERS_54
    assert defaults["hand_size"] == 8
    assert defaults["cards_per_player"] == 12
    assert defaults["stacking"] is Stacking.NONE
    assert defaults["after_draw"] is AfterDraw.PASS
    assert defaults["scoring"] is Scoring.HUIT_AMERICAIN
    assert defaults["target_score"] == 500
    assert defaults["effects"] == Effects.parse(
        "A:draw4 J:reverse 10:again 8:wild 7:skip 2:draw2 JOKER:wild+draw5"
    )
    assert sorted(info.name for info in HA.options()) == sorted(info.name for info in CE.options())


def test_private_fields_are_not_options() -> None:
    names = [info.name for info in Tiny.options()]
    assert "_hidden" not in names
    assert "hidden" not in names
    assert len(names) == 13


def test_describe_type_of_the_real_options() -> None:
    described = {info.name: info.describe_type() for info in CE.options()}
    assert described == {
        "deck": "one of standard_52, jokers_54, piquet_32",
        "decks": "integer 1..8 or none",
        "cards_per_player": "integer 1..60",
        "hand_size": "integer 1..30",
        "hand_size_two_players": "integer 1..30 or none",
        "dealer": "integer 0..99",
        "effects": "Effects",
        "stacking": "one of none, same_rank, any_draw",
        "penalty_ends_turn": "yes/no",
        "draw_until_playable": "yes/no",
        "after_draw": "one of play_or_pass, must_play, pass",
        "draw_when_playable": "yes/no",
        "announce_penalty": "integer 0..10",
        "two_players_again": "yes/no",
        "jump_in": "yes/no",
        "jump_in_window": "one of next_move, top_unchanged",
        "starter": "one of redraw, keep",
        "starter_effects": "yes/no",
        "scoring": "one of crazy_eights, huit_americain",
        "target_score": "integer 1..100000 or none",
        "rounds": "integer 1..1000 or none",
        "max_moves": "integer 10..1000000",
    }


def test_describe_type_of_each_kind() -> None:
    described = {info.name: info.describe_type() for info in Tiny.options()}
    assert described["low"] == "integer 0.."
    assert described["high"] == "integer ..5"
    assert described["free"] == "integer"
    assert described["maybe"] == "yes/no or none"
    assert described["limit"] == "integer 1..3 or none"
    assert described["suit"] == "one of clubs, diamonds, hearts, spades"
    assert described["phase"] == "one of play, after_draw, over"
    assert described["label"] == "str"
    assert described["effects"] == "Effects"


# ---------------------------------------------------------------------------------------------
# Validation on construction and replace


def test_defaults_are_valid() -> None:
    assert Tiny().size == 3
    assert CE().hand_size == 7
    assert HA().hand_size == 8


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        ({"hand_size": True}, ("hand_size", True, "expected an integer, got a boolean")),
        ({"hand_size": "7"}, ("hand_size", "7", "expected an integer, got a string")),
        ({"hand_size": None}, ("hand_size", None, "expected an integer, got null")),
        ({"hand_size": 7.0}, ("hand_size", 7.0, "cannot encode float values")),
        ({"hand_size": 0}, ("hand_size", 0, "must be at least 1")),
        ({"hand_size": 31}, ("hand_size", 31, "must be at most 30")),
        ({"decks": True}, ("decks", True, "expected an integer, got a boolean")),
        ({"decks": 9}, ("decks", 9, "must be at most 8")),
        ({"jump_in": 1}, ("jump_in", 1, "expected a boolean, got an integer")),
        ({"jump_in": None}, ("jump_in", None, "expected a boolean, got null")),
        ({"jump_in": "yes"}, ("jump_in", "yes", "expected a boolean, got a string")),
        ({"max_moves": 9}, ("max_moves", 9, "must be at least 10")),
        ({"target_score": 0}, ("target_score", 0, "must be at least 1")),
        # An enum's value is not the enum, even when it names a member.
        (
            {"stacking": "none"},
            (
                "stacking",
                "none",
                "expected one of none, same_rank, any_draw, not a str;"
                " text is read by Rules.replace and Rules.from_options",
            ),
        ),
        (
            {"deck": 52},
            ("deck", 52, "expected one of 'standard_52', 'jokers_54', 'piquet_32', got 52"),
        ),
        (
            {"effects": "8:wild"},
            (
                "effects",
                "8:wild",
                "expected Effects, not a str; text is read by Rules.replace and Rules.from_options",
            ),
        ),
        (
            {"effects": {"8": "wild"}},
            ("effects", {"8": "wild"}, "expected a Effects as a string, got an object"),
        ),
    ],
)
def test_construction_refuses_bad_values_naming_the_option(
    changes: dict[str, Any], expected: tuple[str, object, str]
) -> None:
    with pytest.raises(InvalidRulesError) as excinfo:
        CE(**changes)
    assert refused(excinfo) == expected
    if any(isinstance(value, str) for value in changes.values()):
        return  # `replace` reads text (see test_replace_reads_option_text)
    with pytest.raises(InvalidRulesError) as excinfo:
        CE().replace(**changes)
    assert refused(excinfo) == expected


def test_none_is_accepted_only_by_optional_options() -> None:
    assert CE(decks=None, hand_size_two_players=None).decks is None
    assert Tiny(maybe=None, limit=None).maybe is None
    with pytest.raises(InvalidRulesError) as excinfo:
        Tiny(flag=None)  # type: ignore[arg-type]
    assert refused(excinfo) == ("flag", None, "expected a boolean, got null")


def test_bounds_apply_to_optional_integers() -> None:
    assert Tiny(limit=3).limit == 3
    with pytest.raises(InvalidRulesError) as excinfo:
        Tiny(limit=4)
    assert refused(excinfo) == ("limit", 4, "must be at most 3")
    with pytest.raises(InvalidRulesError) as excinfo:
        Tiny(limit=True)
    assert refused(excinfo) == ("limit", True, "expected an integer, got a boolean")


def test_one_sided_bounds() -> None:
    assert Tiny(low=10**9, high=-(10**9), free=-5).free == -5
    with pytest.raises(InvalidRulesError, match="must be at least 0"):
        Tiny(low=-1)
    with pytest.raises(InvalidRulesError, match="must be at most 5"):
        Tiny(high=6)


def test_bools_go_only_where_a_bool_is_declared() -> None:
    assert Tiny(maybe=True).maybe is True
    assert Tiny(anything="text", flag=True).anything == "text"
    with pytest.raises(InvalidRulesError) as excinfo:
        Tiny(anything=True)
    option_name, value, reason = refused(excinfo)
    assert (option_name, value) == ("anything", True)
    assert reason.startswith("expected ")


def test_tuple_options_are_checked_item_by_item() -> None:
    assert Tiny(pair=(5,)).pair == (5,)
    with pytest.raises(InvalidRulesError) as excinfo:
        Tiny(pair=(1, "2"))  # type: ignore[arg-type]
    assert refused(excinfo) == ("pair", (1, "2"), "expected an integer, got a string")


@given(st.integers(-100, 100))
def test_an_int_is_accepted_exactly_within_its_bounds(value: int) -> None:
    if 1 <= value <= 30:
        assert CE(hand_size=value).hand_size == value
    else:
        with pytest.raises(InvalidRulesError) as excinfo:
            CE().replace(hand_size=value)
        assert excinfo.value.option == "hand_size"
        assert excinfo.value.value == value


def test_replace_returns_a_validated_copy() -> None:
    rules = CE()
    changed = rules.replace(hand_size=5, stacking=Stacking.NONE)
    assert (changed.hand_size, changed.stacking) == (5, Stacking.NONE)
    assert rules.hand_size == 7
    assert type(changed) is CE
    assert rules.replace() == rules


def test_replace_reads_option_text() -> None:
    changed = CE().replace(
        stacking="none", hand_size=" 5 ", jump_in="oui", decks="none", effects="8:wild 2:draw2"
    )
    assert changed == CE(
        stacking=Stacking.NONE,
        hand_size=5,
        jump_in=True,
        decks=None,
        effects=Effects.parse("8:wild 2:draw2"),
    )
    assert CE().replace(stacking="Any-Draw").stacking is Stacking.ANY_DRAW


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        ({"stacking": "some"}, ("stacking", "some", "one of none, same_rank, any_draw")),
        ({"hand_size": "seven"}, ("hand_size", "seven", "an integer")),
        ({"hand_size": "0"}, ("hand_size", 0, "must be at least 1")),
        ({"jump_in": "maybe"}, ("jump_in", "maybe", "a yes/no value")),
    ],
)
def test_replace_refuses_bad_option_text_naming_the_option(
    changes: dict[str, Any], expected: tuple[str, object, str]
) -> None:
    rules = CE()
    with pytest.raises(InvalidRulesError) as excinfo:
        rules.replace(**changes)
    option, value, reason = refused(excinfo)
    assert (option, value) == expected[:2]
    assert expected[2] in reason


@pytest.mark.parametrize("name", ["crazy-eights", "huit-americain", "planets"])
@given(data=st.data())
def test_every_option_text_round_trips_through_replace(name: str, data: st.DataObject) -> None:
    game = find_game(name)
    if name == "planets":
        rules = data.draw(st.sampled_from(list(game.presets.values())), label="rules")
    else:
        rules = data.draw(rules_strategy(game), label="rules")
    texts = {info.name: format_value(getattr(rules, info.name)) for info in rules.options()}
    assert game.default_rules.replace(**texts) == rules
    info = data.draw(st.sampled_from(rules.options()), label="option")
    one = rules.replace(**{info.name: texts[info.name]})
    assert getattr(one, info.name) == getattr(rules, info.name)


@pytest.mark.parametrize("name", ["nope", "hand-size", "game_name", "_hidden", "__class__"])
def test_replace_refuses_unknown_options(name: str) -> None:
    with pytest.raises(InvalidRulesError) as excinfo:
        Tiny().replace(**{name: 1})
    assert refused(excinfo) == (name, 1, "unknown option")


def test_cross_field_checks_name_an_option() -> None:
    with pytest.raises(InvalidRulesError) as excinfo:
        CE(target_score=None)
    assert refused(excinfo) == ("rounds", None, "a match needs target_score or rounds")
    assert CE(target_score=None, rounds=3).rounds == 3


# ---------------------------------------------------------------------------------------------
# from_options and parse_assignments


def test_from_options_parses_text_by_the_option_type() -> None:
    rules = CE.from_options(
        {
            "hand_size": " 5 ",
            "decks": "2",
            "hand-size-two-players": "none",
            "jump_in": "oui",
            "stacking": "ANY-DRAW",
            "after_draw": "must_play",
            "deck": "Standard_52",
            "effects": "8:wild 7:draw2",
            " target_score ": "null",
            "rounds": "4",
        }
    )
    assert rules == CE(
        hand_size=5,
        decks=2,
        jump_in=True,
        stacking=Stacking.ANY_DRAW,
        after_draw=AfterDraw.MUST_PLAY,
        effects=Effects({"8": Effect(wild=True), "7": Effect(draw=2)}),
        target_score=None,
        rounds=4,
    )


def test_from_options_takes_values_as_well_as_text() -> None:
    rules = CE.from_options({"hand_size": 5, "starter": Starter.KEEP, "decks": None})
    assert (rules.hand_size, rules.starter, rules.decks) == (5, Starter.KEEP, None)


def test_from_options_starts_from_a_base() -> None:
    base = crazy_eights.PRESETS["sevens-draw"]
    rules = CE.from_options({"hand_size": "6"}, base)
    assert rules == base.replace(hand_size=6)
    assert CE.from_options({}, base) == base


def test_enum_text_by_value_by_member_name_or_by_parse() -> None:
    assert Tiny.from_options({"suit": "Spades"}).suit is Suit.SPADES
    assert Tiny.from_options({"suit": "DIAMONDS"}).suit is Suit.DIAMONDS
    assert Tiny.from_options({"suit": "pique"}).suit is Suit.SPADES  # Suit.parse, in French
    assert Tiny.from_options({"phase": "after-draw"}).phase is Phase.AFTER_DRAW
    assert Tiny.from_options({"phase": "OVER"}).phase is Phase.OVER


def test_text_for_other_kinds() -> None:
    rules = Tiny.from_options(
        {"label": "  spaced  ", "maybe": "", "limit": "2", "effects": "none", "flag": "1"}
    )
    assert rules.label == "  spaced  "
    assert rules.maybe is None
    assert rules.limit == 2
    assert rules.effects == Effects()
    assert rules.flag is True
    assert Tiny.from_options({"maybe": "no"}).maybe is False


@pytest.mark.parametrize(
    ("values", "expected"),
    [
        ({"hand_size": "five"}, ("hand_size", "five", "an integer")),
        ({"hand_size": "5.0"}, ("hand_size", "5.0", "an integer")),
        ({"hand_size": "0"}, ("hand_size", 0, "must be at least 1")),
        ({"decks": "many"}, ("decks", "many", "an integer")),
        (
            {"jump_in": "maybe"},
            ("jump_in", "maybe", "a yes/no value (true/false, yes/no, on/off, 1/0, oui/non)"),
        ),
        ({"stacking": "lots"}, ("stacking", "lots", "one of none, same_rank, any_draw")),
        ({"effects": "8wild"}, ("effects", "8wild", "FACE:EFFECT, such as 8:wild or A:draw4")),
        ({"target_score": "none"}, ("rounds", None, "a match needs target_score or rounds")),
    ],
)
def test_from_options_refuses_bad_text_naming_the_option(
    values: dict[str, str], expected: tuple[str, object, str]
) -> None:
    with pytest.raises(InvalidRulesError) as excinfo:
        CE.from_options(values)
    assert refused(excinfo) == expected


def test_from_options_refuses_an_unknown_option_listing_the_known_ones() -> None:
    with pytest.raises(InvalidRulesError) as excinfo:
        Tiny.from_options({"colour": "red"})
    assert refused(excinfo) == (
        "colour",
        "red",
        "unknown option; known options: size, low, high, free, flag, maybe, limit, suit, "
        "phase, label, effects, pair, anything",
    )
    with pytest.raises(InvalidRulesError) as excinfo:
        Tiny.from_options({"_hidden": "1"})
    assert excinfo.value.option == "_hidden"


def test_from_options_refuses_text_for_types_without_a_parser() -> None:
    with pytest.raises(InvalidRulesError) as excinfo:
        Tiny.from_options({"suit": "stars"})
    assert excinfo.value.option == "suit"
    assert excinfo.value.value == "stars"
    with pytest.raises(InvalidRulesError) as excinfo:
        Tiny.from_options({"phase": "later"})
    assert refused(excinfo) == ("phase", "later", "one of play, after_draw, over")
    for name in ("pair", "anything"):
        with pytest.raises(InvalidRulesError) as excinfo:
            Tiny.from_options({name: "1"})
        assert excinfo.value.option == name
        assert excinfo.value.reason.startswith("cannot parse values of type ")


def test_parse_assignments_reads_option_equals_value() -> None:
    rules = CE.parse_assignments(["hand-size = 5", " jump_in=yes", "effects=8:wild J:reverse"])
    assert rules.changed_options() == {
        "hand_size": 5,
        "jump_in": True,
        "effects": Effects.parse("8:wild J:reverse"),
    }
    assert CE.parse_assignments([]) == CE()
    assert CE.parse_assignments(["decks="]).decks is None
    base = HA().replace(jump_in=True)
    assert HA.parse_assignments(["hand_size=6"], base) == base.replace(hand_size=6)


@pytest.mark.parametrize("item", ["hand_size", "=5", "  = 5", ""])
def test_parse_assignments_refuses_malformed_items(item: str) -> None:
    with pytest.raises(InvalidRulesError) as excinfo:
        CE.parse_assignments(["jump_in=yes", item])
    assert refused(excinfo) == ("rules", item, "expected option=value")


def test_parse_assignments_passes_on_refused_values() -> None:
    with pytest.raises(InvalidRulesError) as excinfo:
        CE.parse_assignments(["hand_size="])
    assert refused(excinfo) == ("hand_size", "", "an integer")
    with pytest.raises(InvalidRulesError) as excinfo:
        CE.parse_assignments(["colour=red"])
    assert excinfo.value.option == "colour"


def test_a_repeated_assignment_keeps_the_last() -> None:
    assert CE.parse_assignments(["hand_size=5", "hand_size=6"]).hand_size == 6


# ---------------------------------------------------------------------------------------------
# changed_options


def test_changed_options() -> None:
    assert CE().changed_options() == {}
    assert crazy_eights.PRESETS["five-rounds"].changed_options() == {
        "target_score": None,
        "rounds": 5,
    }
    assert huit_americain.PRESETS["le-cumul"].changed_options() == {"stacking": Stacking.SAME_RANK}
    assert CE(deck=DeckKind.STANDARD_52).changed_options() == {}  # the default, given again


def option_text(value: object) -> str:
    """An option value as a user would type it."""
    encoded = encode(value)
    if encoded is None:
        return "none"
    if isinstance(encoded, bool):
        return "yes" if encoded else "no"
    return str(encoded)


@settings(max_examples=60, deadline=None)
@given(random_rules(CE))
def test_changed_options_as_text_rebuild_the_rules(rules: crazy_eights.Rules) -> None:
    text = {name: option_text(value) for name, value in rules.changed_options().items()}
    assert CE.from_options(text) == rules
    assert CE.parse_assignments(f"{name}={value}" for name, value in text.items()) == rules


# ---------------------------------------------------------------------------------------------
# JSON


def test_to_json_writes_every_option_in_the_envelope() -> None:
    document = json.loads(HA().to_json())
    assert {k: document[k] for k in ("format", "version", "game")} == {
        "format": "cardgames.rules",
        "version": 1,
        "game": "huit-americain",
    }
    data = document["data"]
    assert list(data) == [info.name for info in HA.options()]
    assert data["deck"] == "jokers_54"
    assert data["decks"] is None
    assert data["effects"] == "2:draw2 7:skip 8:wild 10:again J:reverse A:draw4 JOKER:wild+draw5"
    assert data["jump_in"] is False


@pytest.mark.parametrize(
    "rules",
    [*crazy_eights.PRESETS.values(), *huit_americain.PRESETS.values()],
    ids=[*crazy_eights.PRESETS, *huit_americain.PRESETS],
)
def test_presets_round_trip_through_json(rules: RulesBase) -> None:
    text = rules.to_json()
    assert type(rules).from_json(text) == rules
    assert type(rules).from_json(text.encode()) == rules


@settings(max_examples=60, deadline=None)
@given(random_rules(HA))
def test_random_rules_round_trip_through_json(rules: huit_americain.Rules) -> None:
    assert HA.from_json(rules.to_json()) == rules


def test_tiny_rules_round_trip_through_json() -> None:
    rules = Tiny(size=9, maybe=True, suit=Suit.CLUBS, effects=Effects.parse("8:wild"))
    text = rules.to_json()
    assert json.loads(text)["game"] == "tiny"
    assert Tiny.from_json(text) == rules


def test_from_json_gives_a_missing_option_its_default() -> None:
    assert CE.from_json(rules_document(hand_size=..., jump_in=...)) == CE()
    assert CE.from_json(rules_document(hand_size=5, jump_in=...)) == CE(hand_size=5)


def test_from_json_refuses_the_rules_of_another_game() -> None:
    with pytest.raises(InvalidStateError) as excinfo:
        HA.from_json(CE().to_json())
    assert excinfo.value.path == "/game"


def rules_document(**data_changes: object) -> str:
    document = json.loads(CE().to_json())
    document["data"].update(data_changes)
    for key in [k for k, v in data_changes.items() if v is ...]:
        del document["data"][key]
    return json.dumps(document)


@pytest.mark.parametrize(
    ("changes", "path", "problem"),
    [
        ({"hand_size": True}, "/data/hand_size", "expected an integer, got a boolean"),
        ({"hand_size": "7"}, "/data/hand_size", "expected an integer, got a string"),
        (
            {"stacking": "lots"},
            "/data/stacking",
            "expected one of 'none', 'same_rank', 'any_draw', got 'lots'",
        ),
        (
            {"effects": "8:fly"},
            "/data/effects",
            "cannot parse 'fly': expected effects joined by '+': "
            "wild, drawN, skip, reverse, again, swap, choose",
        ),
        ({"colour": "red"}, "/data", "unknown field(s) 'colour'"),
    ],
)
def test_from_json_names_the_path_of_a_bad_field(
    changes: dict[str, object], path: str, problem: str
) -> None:
    with pytest.raises(InvalidStateError) as excinfo:
        CE.from_json(rules_document(**changes))
    assert (excinfo.value.path, excinfo.value.problem) == (path, problem)


@pytest.mark.parametrize(
    ("changes", "path", "problem"),
    [
        ({"hand_size": 0}, "/data/hand_size", "must be at least 1"),
        ({"max_moves": 10**7}, "/data/max_moves", "must be at most 1000000"),
        ({"target_score": None}, "/data/rounds", "a match needs target_score or rounds"),
        (
            {"deck": "jokers_54", "effects": "JOKER:draw2"},
            "/data/effects",
            "jokers in the deck need a wild effect (JOKER:wild…)",
        ),
    ],
)
def test_from_json_names_the_option_a_validator_refuses(
    changes: dict[str, object], path: str, problem: str
) -> None:
    # `RulesBase.from_json` promises the path of the refused option (/data/<option>), as it gives
    # for a value of the wrong JSON type above.
    with pytest.raises(InvalidStateError) as excinfo:
        CE.from_json(rules_document(**changes))
    assert (excinfo.value.path, excinfo.value.problem) == (path, problem)
