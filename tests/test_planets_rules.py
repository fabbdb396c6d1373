"""The rules options of "8", its presets and its place in the registry."""

from __future__ import annotations

import pytest

from cardgames import find_game
from cardgames.errors import InvalidRulesError, InvalidStateError, ParseError
from cardgames.planets import GAME, PRESETS, Rules, ScoreTable, new_game
from cardgames.planets.rules import MAX_GATHERING, MIN_GATHERING


@pytest.mark.parametrize(
    "name", ["8", "planets", "Planets", "huit planètes", "HUIT PLANETES", "8 planets"]
)
def test_found_by_name_and_aliases(name: str) -> None:
    assert find_game(name) is GAME


def test_descriptor() -> None:
    assert (GAME.name, GAME.title, GAME.min_players, GAME.max_players) == ("planets", "8", 2, 6)
    assert GAME.default_rules == Rules()
    assert GAME.preset("Standard") == Rules()
    assert list(PRESETS) == ["standard", "dealt-hands", "must-lay", "no-hand-limit"]
    assert GAME.new_game(3, seed=1) == new_game(3, seed=1)


def test_defaults_are_the_seed_and_the_house_tables() -> None:
    rules = Rules()
    assert (rules.initial_hand, rules.draw_count, rules.hand_limit) == (0, 3, 10)
    assert rules.may_decline is True
    assert rules.first_commander == 0
    assert list(rules.commander_points) == [3, 5, 8, 12, 17, 23, 30, 38, 47, 57]
    assert list(rules.adjutant_points) == [5, 8, 12, 18, 26, 35, 45, 57, 71, 86]
    # The rule text: a gathering's value depends on its number of cards, so the 8 different
    # planets are worth the size-8 entry of each table.
    assert (rules.all_different_commander, rules.all_different_adjutant) == (23, 35)
    assert rules.all_different_commander == rules.commander_points[8]
    assert rules.all_different_adjutant == rules.adjutant_points[8]
    assert rules.max_turns == 500
    assert {info.name for info in Rules.options()} == {
        "initial_hand",
        "draw_count",
        "hand_limit",
        "first_commander",
        "may_decline",
        "commander_points",
        "adjutant_points",
        "all_different_commander",
        "all_different_adjutant",
        "max_turns",
    }


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("initial_hand", -1),
        ("initial_hand", 13),
        ("draw_count", 0),
        ("draw_count", 4),
        ("hand_limit", 0),
        ("first_commander", 6),
        ("max_turns", 0),
        ("all_different_commander", -1),
        ("may_decline", "maybe"),  # text is read as by --rules: "yes" is taken
        ("may_decline", 1),
        ("commander_points", (3, 5, 8)),
    ],
)
def test_options_are_validated(option: str, value: object) -> None:
    with pytest.raises(InvalidRulesError) as info:
        Rules().replace(**{option: value})
    assert info.value.option == option


def test_options_from_text() -> None:
    rules = Rules.from_options(
        {
            "initial_hand": "4",
            "hand_limit": "none",
            "may_decline": "non",
            "adjutant_points": "1 2 3 4 5 6 7 8 9 10",
        }
    )
    assert rules.initial_hand == 4
    assert rules.hand_limit is None
    assert not rules.may_decline
    assert rules.adjutant_points[12] == 10
    assert Rules.parse_assignments(["draw-count=2"]).draw_count == 2
    with pytest.raises(InvalidRulesError):
        Rules.from_options({"commander_points": "1 2 3"})
    with pytest.raises(InvalidRulesError):
        Rules.from_options({"jokers": "1"})


def test_rules_json_round_trip() -> None:
    for rules in PRESETS.values():
        assert GAME.rules_from_json(rules.to_json()) == rules
    custom = Rules(commander_points=ScoreTable(range(10)), hand_limit=None)
    assert Rules.from_json(custom.to_json()) == custom
    assert custom.changed_options() == {
        "commander_points": ScoreTable(range(10)),
        "hand_limit": None,
    }


def test_rules_json_rejects_bad_tables() -> None:
    text = Rules().to_json().replace("3 5 8 12 17 23 30 38 47 57", "3 5 x")
    with pytest.raises(InvalidStateError):
        Rules.from_json(text)


def test_score_table() -> None:
    table = ScoreTable.parse("1,2 3;4 5 6 7 8 9 10")
    assert [table[size] for size in range(MIN_GATHERING, MAX_GATHERING + 1)] == list(range(1, 11))
    assert table.values == tuple(range(1, 11))
    assert len(table) == 10
    assert str(table) == "1 2 3 4 5 6 7 8 9 10"
    assert repr(table) == "ScoreTable.parse('1 2 3 4 5 6 7 8 9 10')"
    assert table == ScoreTable(range(1, 11))
    assert hash(table) == hash(ScoreTable(range(1, 11)))
    assert table != ScoreTable(range(10))
    assert table.__eq__("x") is NotImplemented
    with pytest.raises(KeyError):
        table[13]
    with pytest.raises(ValueError, match="10 values"):
        ScoreTable([1, 2])
    with pytest.raises(ValueError, match="0 to"):
        ScoreTable([-1] * 10)
    with pytest.raises(TypeError):
        ScoreTable([True] * 10)
    for bad in ("", "1 2 3", "a b c d e f g h i j", "1 2 3 4 5 6 7 8 9 1000000"):
        with pytest.raises(ParseError):
            ScoreTable.parse(bad)
    with pytest.raises(ParseError):
        ScoreTable.parse(None)  # type: ignore[arg-type]


def test_new_game_checks_its_arguments() -> None:
    with pytest.raises(InvalidRulesError, match="2 to 6"):
        new_game(7, seed=1)
    with pytest.raises(InvalidRulesError, match="2 to 6"):
        new_game(1, seed=1)
    with pytest.raises(InvalidRulesError):
        new_game(True, seed=1)
    with pytest.raises(InvalidRulesError):
        new_game("Léa", seed=1)
    with pytest.raises(InvalidRulesError, match="different"):
        new_game(["Léa", "léa"], seed=1)
    with pytest.raises(InvalidRulesError, match="non-empty"):
        new_game(["Léa", " "], seed=1)
    with pytest.raises(InvalidRulesError, match="first_commander"):
        new_game(2, seed=1, rules=Rules(first_commander=3))
    with pytest.raises(InvalidRulesError, match="rules"):
        new_game(2, seed=1, rules=object())  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        new_game(2, seed="1")  # type: ignore[arg-type]
    with pytest.raises(InvalidRulesError, match="deck"):
        new_game(2, seed=1, deck="Saturn Mars")
    with pytest.raises(InvalidRulesError, match="deck"):
        new_game(2, seed=1, deck=[1] * 104)  # type: ignore[list-item]


def test_seeds_give_different_reproducible_games() -> None:
    assert new_game(3, seed=5) == new_game(3, seed=5)
    assert new_game(3, seed=5).stock != new_game(3, seed=6).stock
    assert new_game(3, seed=-(2**64) + 1).drawn == new_game(3, seed=-(2**64) + 1).drawn
