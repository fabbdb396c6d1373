"""`cardgames.simulate.LOWEST_TOTAL_WINS`: the game tells whether its scores are penalty points.

8 Américain's rules make the lowest total win (`cardgames.shedding.scoring.lowest_total_wins`),
whatever game name they are played under; the planet game and a game that brings nothing get
the default (the highest total wins); a game can bring its own answer.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

import cardgames
from cardgames.game import Game, find_game, register
from cardgames.shedding.rules import Scoring
from cardgames.simulate import LOWEST_TOTAL_WINS, iter_simulate, simulate

import toygame


@pytest.fixture
def outside_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """The library's games, then a registry of this test's own (games it registers go away)."""
    cardgames.games()
    monkeypatch.setattr(cardgames.game, "_REGISTRY", dict(cardgames.game._REGISTRY))


def lower_is_better(game: str, rules: Any = None, players: int = 2) -> bool:
    results = simulate(
        game, players=players, agents=["random"] * players, games=2, seed=3, rules=rules
    )
    stream = iter_simulate(
        game, players=players, agents=["random"] * players, games=2, seed=3, rules=rules
    )
    for _ in stream:
        pass
    assert stream.summary().lower_is_better is results.summary().lower_is_better
    text = str(results.summary())
    assert ("lower is better" in text) is results.summary().lower_is_better
    return results.summary().lower_is_better


@pytest.mark.parametrize(
    ("game", "rules", "expected"),
    [
        ("crazy-eights", None, False),
        ("huit-americain", None, True),
        ("crazy-eights", {"scoring": Scoring.HUIT_AMERICAIN}, True),  # the rules decide
        ("huit-americain", {"scoring": Scoring.CRAZY_EIGHTS}, False),
        ("planets", None, False),
    ],
)
def test_the_built_in_games_say_when_the_lowest_total_wins(
    game: str, rules: Any, expected: bool
) -> None:
    if isinstance(rules, dict):
        rules = find_game(game).default_rules.replace(**rules)
    assert lower_is_better(game, rules) is expected


@pytest.mark.usefixtures("outside_registry")
def test_a_game_that_brings_nothing_gets_the_highest_total_wins() -> None:
    toy = toygame.ensure_registered()
    assert not toy.provides(LOWEST_TOTAL_WINS)
    assert lower_is_better(toy.name) is False


@pytest.mark.usefixtures("outside_registry")
def test_a_game_can_bring_its_own_answer() -> None:
    state_type: type[toygame.ToyState] = type("PenaltyState", (toygame.ToyState,), {})
    game: Game[Any] = toygame.make_game(state_type, "penalty-toy", title="Penalty Toy")
    asked: list[Any] = []

    def by_rules(rules: Any) -> bool:
        asked.append(rules)
        return bool(rules.max_moves < 10)

    game = attrs.evolve(game, capabilities={"lowest_total_wins": by_rules})
    state_type.GAME = game
    register(game)
    assert lower_is_better(game.name, "short") is True
    assert lower_is_better(game.name) is False
    assert all(isinstance(rules, game.rules_type) for rules in asked)
