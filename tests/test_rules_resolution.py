"""`Game.resolve_rules`: a preset's name is accepted wherever rules are.

Every entry point that takes rules (`Game.new_game`, the games' own ``new_game`` functions,
`Game.new_match`, ``play_game``, `GameLog.start`, ``simulate``, the RL environments) reads them
through the one function, so a name, ``None`` and a rules value give the same game everywhere.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgames import crazy_eights, huit_americain, planets
from cardgames.agents import RandomAgent, play_game
from cardgames.errors import InvalidArgumentError, InvalidRulesError
from cardgames.game import Game, State, find_game
from cardgames.history import GameLog
from cardgames.simulate import simulate

GAMES = ["crazy-eights", "huit-americain", "planets"]
NEW_GAME: dict[str, Callable[..., State[Any, Any, Any]]] = {
    "crazy-eights": crazy_eights.new_game,
    "huit-americain": huit_americain.new_game,
    "planets": planets.new_game,
}


def _accented(name: str) -> str:
    """``name`` with an accent on every vowel (``"a-la-volee"`` -> ``"à-là-vôléé"``)."""
    accent = {"a": "à", "e": "é", "i": "î", "o": "ô", "u": "ü"}
    return "".join(accent.get(c, c) for c in name)


@st.composite
def spellings(draw: st.DrawFn, name: str) -> str:
    """A way a person may type the preset ``name``: any case, accents, spaces for hyphens."""
    separator = draw(st.sampled_from(["-", " ", "_", "  "]))
    text = name.replace("-", separator)
    if draw(st.booleans()):
        text = _accented(text)
    if draw(st.booleans()):
        text = unicodedata.normalize("NFD", text)  # accents as combining marks
    text = "".join(c.upper() if draw(st.booleans()) else c for c in text)
    return draw(st.sampled_from(["", " "])) + text + draw(st.sampled_from(["", "  "]))


@pytest.mark.parametrize("name", GAMES)
@given(data=st.data())
def test_every_spelling_of_every_preset_gives_the_preset(name: str, data: st.DataObject) -> None:
    game = find_game(name)
    preset = data.draw(st.sampled_from(list(game.presets)), label="preset")
    text = data.draw(spellings(preset), label="spelling")
    expected = game.presets[preset]
    assert game.preset(text) is expected
    assert game.resolve_rules(text) is expected
    # A state's rules are equal to the preset (states share tables by equal rules).
    assert game.new_game(game.min_players, seed=5, rules=text).rules == expected
    assert NEW_GAME[name](game.min_players, seed=5, rules=text).rules == expected
    log = GameLog.start(name, game.min_players, seed=5, rules=text)
    assert log.rules == expected
    assert game.new_match(game.min_players, text, seed=5).rules == expected


@pytest.mark.parametrize("name", GAMES)
def test_a_name_deals_the_same_game_as_the_rules(name: str) -> None:
    game = find_game(name)
    for preset, rules in game.presets.items():
        by_name = game.new_game(game.min_players, seed=11, rules=preset)
        assert by_name == game.new_game(game.min_players, seed=11, rules=rules)
    assert game.resolve_rules(None) is game.default_rules


@pytest.mark.parametrize("name", GAMES)
def test_play_game_and_simulate_take_a_preset_name(name: str) -> None:
    game = find_game(name)
    preset, rules = list(game.presets.items())[-1]
    agents = [RandomAgent() for _ in range(game.min_players)]
    by_name = play_game(game, agents, seed=3, rules=preset)
    assert by_name.rules == rules
    assert by_name == play_game(game, agents, seed=3, rules=rules)
    results = simulate(
        game,
        players=game.min_players,
        agents=["random"] * game.min_players,
        games=2,
        seed=1,
        rules=preset,
    )
    assert results.rules is rules


@pytest.mark.parametrize("name", GAMES)
def test_an_unknown_name_lists_the_presets_in_a_bounded_message(name: str) -> None:
    game = find_game(name)
    for text in ("no-such-preset", "x" * 10_000):
        with pytest.raises(InvalidRulesError) as excinfo:
            game.resolve_rules(text)
        message = str(excinfo.value)
        assert all(preset in message for preset in game.presets)
        assert len(message) < 1_000
        with pytest.raises(InvalidRulesError):
            game.new_game(game.min_players, seed=1, rules=text)


def test_the_rules_of_another_game_are_refused_everywhere() -> None:
    game = find_game("crazy-eights")
    other = huit_americain.Rules()
    with pytest.raises(InvalidRulesError) as excinfo:
        game.resolve_rules(other)
    assert excinfo.value.option == "rules"
    assert "marquoir" in excinfo.value.reason  # it says which names would do
    with pytest.raises(InvalidRulesError):
        crazy_eights.new_game(2, seed=1, rules=other)  # type: ignore[arg-type]
    with pytest.raises(InvalidRulesError):
        game.new_match(2, other)
    with pytest.raises(InvalidArgumentError):  # simulate keeps its argument error for a type
        simulate(game, players=2, agents=["random"] * 2, games=1, seed=1, rules=3)


@pytest.mark.parametrize("value", [3, b"marquoir", ["marquoir"], 1.5])
def test_values_that_are_neither_rules_nor_names_are_refused(value: Any) -> None:
    game: Game[Any] = find_game("planets")
    with pytest.raises(InvalidRulesError) as excinfo:
        game.resolve_rules(value)
    assert excinfo.value.option == "rules"


@pytest.mark.parametrize("name", GAMES)
def test_the_rl_environments_take_a_preset_name(name: str) -> None:
    pytest.importorskip("gymnasium")
    pytest.importorskip("pettingzoo")
    from cardgames.rl import action_encoding
    from cardgames.rl import gymnasium as gym_adapter
    from cardgames.rl import pettingzoo as pz_adapter

    game = find_game(name)
    preset, rules = list(game.presets.items())[-1]
    assert action_encoding(name, preset, players=2).rules == rules  # cached by equal rules
    assert gym_adapter.CardGameEnv(name, players=2, rules=preset).rules == rules
    assert pz_adapter.CardGameEnv(name, players=2, rules=preset).rules == rules
    with pytest.raises(InvalidRulesError):
        gym_adapter.CardGameEnv(name, players=2, rules="no-such-preset")
