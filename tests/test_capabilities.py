"""Tests of `cardgames.game.Capability`: what a game brings to the generic layers."""

from __future__ import annotations

import pickle
from typing import Any

import attrs
import pytest

from cardgames import MissingCapabilityError, planets
from cardgames.errors import CardGamesError
from cardgames.game import Capability, Game, Lazy

import toygame

GREETING = Capability[str]("greeting", "a greeting", default=lambda game: f"Hello, {game.name}")
RULES_TEXT = Capability[str]("rules-text", "the rules in words")


def _toy(**capabilities: Any) -> Game[Any]:
    state_type = type("CapableState", (toygame.ToyState,), {})
    game: Game[Any] = toygame.make_game(state_type, "capable-toy", title="Capable Toy")
    return attrs.evolve(game, capabilities=capabilities)


def test_a_game_without_the_capability_gets_the_layer_s_default() -> None:
    assert _toy().capability(GREETING) == "Hello, capable-toy"
    assert not _toy().provides(GREETING)


def test_a_game_s_own_object_wins_over_the_default() -> None:
    game = _toy(greeting="Bonjour")
    assert game.capability(GREETING) == "Bonjour"
    assert game.provides(GREETING)


def test_a_declared_reference_is_imported_on_first_use_and_kept() -> None:
    game = _toy(**{"rules-text": Lazy("cardgames.planets:GAME.title")})
    assert game.capability(RULES_TEXT) == planets.GAME.title
    assert game.capability(RULES_TEXT) is game.capability(RULES_TEXT)


def test_a_missing_capability_without_default_names_the_game_and_the_capability() -> None:
    with pytest.raises(MissingCapabilityError) as excinfo:
        _toy().capability(RULES_TEXT)
    error = excinfo.value
    assert isinstance(error, CardGamesError)
    assert isinstance(error, NotImplementedError)
    assert (error.game, error.capability, error.summary) == (
        "capable-toy",
        "rules-text",
        "the rules in words",
    )
    assert str(error) == "the game capable-toy does not provide rules-text (the rules in words)"
    again = pickle.loads(pickle.dumps(error))
    assert (type(again), str(again)) == (MissingCapabilityError, str(error))


def test_a_lazy_reference_without_attribute_is_the_module() -> None:
    assert Lazy("cardgames.planets").load() is planets


def test_the_capabilities_mapping_is_read_only() -> None:
    game = _toy(greeting="Bonjour")
    with pytest.raises(TypeError):
        game.capabilities["greeting"] = "Hi"  # type: ignore[index]
