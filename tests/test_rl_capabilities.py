"""The RL encodings learn a game from the game: its ``"action_encoding"`` and ``"observation"``.

A game that brings neither (Toy Pile, tests/toygame.py) gets `MissingCapabilityError` naming it
and the capability from every entry point of `cardgames.rl`; a copy of Toy Pile that brings its
own layouts is played by the PettingZoo environment and passes PettingZoo's ``api_test``; the
built-in games bring theirs from their own packages.
"""

from __future__ import annotations

import array
import warnings
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

import attrs
import pytest

np = pytest.importorskip("numpy", reason="cardgames.rl needs the rl extra")
pytest.importorskip("pettingzoo", reason="the PettingZoo adapter needs the rl extra")
pytest.importorskip("gymnasium", reason="the Gymnasium adapter needs the rl extra")

from pettingzoo.test import api_test  # noqa: E402

import cardgames.game  # noqa: E402
import cardgames.rl.gymnasium as rl_gym  # noqa: E402
import cardgames.rl.pettingzoo as rl_pz  # noqa: E402
from cardgames.cards import Card  # noqa: E402
from cardgames.errors import InvalidArgumentError, MissingCapabilityError  # noqa: E402
from cardgames.game import Game, find_game, register  # noqa: E402
from cardgames.rl import (  # noqa: E402
    ACTION_LAYOUT,
    OBSERVATION_LAYOUT,
    Field,
    action_encoding,
    observation_encoding,
)

import toygame  # noqa: E402


@pytest.fixture
def registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """A copy of the registry (the built-in games loaded first): test games do not leak."""
    cardgames.game.games()
    monkeypatch.setattr(cardgames.game, "_REGISTRY", dict(cardgames.game._REGISTRY))


@pytest.fixture
def toy(registry: None) -> Game[Any]:
    """Toy Pile, registered, with no capability."""
    return toygame.ensure_registered()


# -- a game without the capabilities ----------------------------------------------------------


def _refused(call: Callable[[], object], capability: str) -> None:
    with pytest.raises(MissingCapabilityError) as caught:
        call()
    assert caught.value.game == "toy-pile"
    assert caught.value.capability == capability
    assert "toy-pile" in str(caught.value)
    assert capability in str(caught.value)


def test_a_game_without_an_action_layout_is_told_so(toy: Game[Any]) -> None:
    _refused(lambda: action_encoding("toy-pile", players=2), "action_encoding")
    _refused(lambda: action_encoding(toy, toy.default_rules, players=3), "action_encoding")
    _refused(lambda: rl_pz.env("toy-pile", players=2), "action_encoding")
    _refused(lambda: rl_pz.raw_env(toy), "action_encoding")
    _refused(lambda: rl_gym.CardGameEnv("toy-pile", players=2), "action_encoding")


def test_a_game_without_an_observation_layout_is_told_so(toy: Game[Any]) -> None:
    _refused(lambda: observation_encoding("toy-pile", players=2), "observation")
    _refused(lambda: observation_encoding(toy, toy.default_rules, players=4), "observation")


def test_the_capability_is_asked_before_the_arguments_are_read(toy: Game[Any]) -> None:
    # A game that cannot be encoded says so whatever the other arguments are.
    _refused(lambda: action_encoding("toy-pile", players=99), "action_encoding")
    _refused(lambda: observation_encoding("toy-pile", "no-such-preset", players=2), "observation")


# -- a game that brings its own ---------------------------------------------------------------


@attrs.frozen
class ToyActions:
    """Toy Pile's action ids: lay each card of the deck (code order), then take."""

    seat_fields: frozenset[str] = frozenset()

    def keys(self, rules: Any, players: int) -> list[tuple[Any, ...]]:
        cards = sorted(set(toygame.DECK))
        return [*(("lay", int(card)) for card in cards), ("take",)]

    def accepts(self, kind: type, name: str, value: object) -> bool:
        return kind is toygame.Lay and name == "card" and type(value) is Card

    def describe_part(self, kind: str, name: str, part: Any) -> str:
        return str(Card.from_code(part))


@attrs.frozen
class ToyObservation:
    """Toy Pile's observation: the viewer's hand, the pile, the hand sizes, the stock."""

    def blocks(self, rules: Any, players: int) -> list[tuple[str, int, str]]:
        d = len(set(toygame.DECK))
        return [
            ("hand", d, "the viewer's cards"),
            ("pile", d, "the laid cards"),
            ("hand_sizes", players, "cards in each hand, by relative seat"),
            ("stock_size", 1, "cards in the stock"),
        ]

    def writer(
        self, rules: Any, players: int, fields: Sequence[Field]
    ) -> Callable[[array.array[float], Any, int], None]:
        index = {card: i for i, card in enumerate(sorted(set(toygame.DECK)))}
        at = {field.name: field.start for field in fields}

        def fill(out: array.array[float], view: Any, viewer: int) -> None:
            for card in view.hand or ():
                out[at["hand"] + index[card]] = 1.0
            for card in view.pile:
                out[at["pile"] + index[card]] = 1.0
            for seat, size in enumerate(view.hand_sizes):
                out[at["hand_sizes"] + (seat - viewer) % players] = size
            out[at["stock_size"]] = view.stock_size

        return fill

    def cards(self, rules: Any) -> tuple[Card, ...]:
        return tuple(sorted(set(toygame.DECK)))


class EncodedState(toygame.ToyState):
    """Toy Pile, played by a descriptor that brings the RL layouts."""


class EncodedRules(toygame.ToyRules):
    """Toy Pile's rules, as the rules of the copy."""

    game_name: ClassVar[str] = "encoded-toy"


def _encoded_game() -> Game[Any]:
    game: Game[Any] = toygame.make_game(EncodedState, "encoded-toy", title="Encoded Toy")
    game = attrs.evolve(
        game,
        rules_type=EncodedRules,
        presets={"standard": EncodedRules()},
        capabilities={"action_encoding": ToyActions(), "observation": ToyObservation()},
    )
    EncodedState.GAME = game
    register(game)
    return game


def test_a_game_bringing_its_layouts_is_encoded(registry: None) -> None:
    game = _encoded_game()
    assert game.provides(ACTION_LAYOUT)
    assert game.provides(OBSERVATION_LAYOUT)
    encoding = action_encoding("encoded-toy", players=2)
    assert encoding.size == 12 + 1 + 1  # twelve lays, take, decline
    assert [encoding.describe(i) for i in (0, 11, 12, 13)] == [
        "lay 2H",
        "lay 7S",
        "take",
        "decline",
    ]
    state = game.new_game(2, seed=7, deck=toygame.DECK)  # seat 0 holds 2H 4H 6H
    assert encoding.legal_actions(state) == [0, 2, 4, 12]
    assert encoding.decode(2, state) == toygame.Lay(0, Card.parse("4H"))
    assert encoding.encode(toygame.Take(1)) == 12
    with pytest.raises(InvalidArgumentError):
        encoding.encode(toygame.Lay(0, 0))  # type: ignore[arg-type]  # a plain int is no card
    observation = observation_encoding("encoded-toy", players=2)
    vector = observation.encode(state.view(1))
    assert vector.shape == observation.shape == (12 + 12 + 2 + 1,)
    hand = observation.field("hand")
    assert vector[hand.start : hand.stop].tolist() == [0, 1, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0]
    assert vector[observation.field("hand_sizes").start :].tolist() == [3, 3, 6]


def test_a_game_bringing_its_layouts_passes_pettingzoo_api_test(registry: None) -> None:
    _encoded_game()
    with warnings.catch_warnings():  # the suite warns that a Dict is not a Box: by design
        warnings.simplefilter("ignore", UserWarning)
        api_test(rl_pz.env("encoded-toy", players=3), num_cycles=300, verbose_progress=False)


# -- the built-in games bring theirs ----------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "package"),
    [
        ("crazy-eights", "cardgames.shedding.rl"),
        ("huit-americain", "cardgames.shedding.rl"),
        ("planets", "cardgames.planets.rl"),
    ],
)
def test_the_built_in_games_bring_their_layouts_from_their_packages(
    name: str, package: str
) -> None:
    game = find_game(name)
    assert type(game.capability(ACTION_LAYOUT)).__module__ == package
    assert type(game.capability(OBSERVATION_LAYOUT)).__module__ == package


def test_openspiel_asks_the_game_for_its_deal_and_its_length(toy: Game[Any]) -> None:
    pytest.importorskip("pyspiel", reason="OpenSpiel wheels exist for some Pythons only")
    from cardgames.rl.openspiel import DEAL_WITH, MAX_GAME_LENGTH, load_game

    # The default bound: the rules' move cap (Toy Pile's is 50), each after the others' declines.
    assert toy.capability(MAX_GAME_LENGTH)(toy, toy.default_rules, 3) == 50 * 3
    _refused(lambda: toy.capability(DEAL_WITH), "deal_with")
    _refused(lambda: load_game("toy-pile", 2), "action_encoding")
    # The planet game brings its own: 500 turns of 8 decisions and one per card (104).
    assert load_game("planets", 2).max_game_length() == 500 * (8 + 104)
    assert load_game("crazy eights", 3).max_game_length() == 2000 * 3  # max_moves 2000
