"""`cardgames.testing` itself: its arguments, what it imports, how it draws rules.

What it catches is shown in ``tests/test_conformance_meta.py`` (broken copies of Toy Pile);
the three games pass it in ``tests/test_*_conformance.py``.
"""

from __future__ import annotations

import random
import subprocess
import sys
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgames import crazy_eights, huit_americain, planets
from cardgames.errors import InvalidArgumentError, InvalidStateError
from cardgames.game import Game
from cardgames.testing import Hooks, _draw_rules, _player_counts, check_game

from toygame import DECK, ToyState, make_game, sample_state
from toygame import GAME as TOY

GAMES: tuple[Game[Any], ...] = (crazy_eights.GAME, huit_americain.GAME, planets.GAME)


def test_imports_neither_pytest_nor_hypothesis() -> None:
    # A game author's package may call the kit from any test runner: it needs the library alone,
    # and importing the library does not load the kit.
    code = (
        "import sys, cardgames; assert 'cardgames.testing' not in sys.modules; "
        "import cardgames.testing; "
        "print(sorted(m for m in ('pytest', 'hypothesis', '_pytest') if m in sys.modules))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"


@pytest.mark.parametrize(
    ("arguments", "error", "argument"),
    [
        ({"examples": 0}, InvalidArgumentError, "examples"),
        ({"examples": True}, InvalidArgumentError, "examples"),
        ({"positions": 0}, InvalidArgumentError, "positions"),
        ({"seed": "1"}, InvalidArgumentError, "seed"),
        ({"players": 1}, InvalidArgumentError, "players"),
        ({"players": [2, 99]}, InvalidArgumentError, "players"),
        ({"players": []}, InvalidArgumentError, "players"),
    ],
)
def test_refuses_bad_arguments(
    arguments: dict[str, Any], error: type[Exception], argument: str
) -> None:
    with pytest.raises(error, match=argument):
        check_game(crazy_eights.GAME, **arguments)


def test_player_counts() -> None:
    assert _player_counts(crazy_eights.GAME, None) == (2, 3, 4, 5, 6, 7)
    assert _player_counts(crazy_eights.GAME, 3) == (3,)
    assert _player_counts(huit_americain.GAME, range(8, 11)) == (8, 9, 10)


@given(seed=st.integers(0, 2**32))
def test_drawn_rules_keep_the_declared_bounds(seed: int) -> None:
    # Drawn options are within their declared bounds (the rules class validated them) and
    # integers stay below twice the largest default or preset value, so playouts stay short.
    rnd = random.Random(seed)
    for game in GAMES:
        rules = _draw_rules(game, rnd, Hooks())
        assert isinstance(rules, game.rules_type)
        presets = list(game.presets.values())
        for info in game.rules_type.options():
            value = getattr(rules, info.name)
            if type(value) is not int or value in {getattr(p, info.name) for p in presets}:
                continue
            numbers = [v for p in presets if type(v := getattr(p, info.name)) is int]
            low = 0 if info.minimum is None else info.minimum
            assert low <= value <= max(low + 10, 2 * max([low, *numbers])), (info.name, value)


def test_draws_every_option_somewhere() -> None:
    # Across a few dozen examples every option of every game leaves its default at least once
    # (the tables of effects and of points through the presets that change them).
    for game in GAMES:
        default = game.default_rules
        changed: set[str] = set()
        rnd = random.Random(5)
        for _ in range(60):
            rules = _draw_rules(game, rnd, Hooks())
            changed |= {
                info.name
                for info in game.rules_type.options()
                if getattr(rules, info.name) != getattr(default, info.name)
            }
        differing_presets = {
            info.name
            for info in game.rules_type.options()
            if any(
                getattr(p, info.name) != getattr(default, info.name) for p in game.presets.values()
            )
            or info.type is not type(info.default)
            or isinstance(info.default, (bool, int))
        }
        assert differing_presets <= changed, differing_presets - changed


class Unsampled(ToyState):
    """Toy Pile under a descriptor of its own (`make_game` attaches it to the class)."""


def test_a_game_without_sample_state_passes() -> None:
    # Game.sample_state is optional: without it (and without a scramble hook) the leak check
    # keeps what needs no re-deal (the RNG words, the listed legal moves).
    game = make_game(Unsampled, "toy-pile-unsampled", sampling=False)
    check_game(game, examples=5, max_moves=lambda rules: int(rules.max_moves))


def test_hook_rules_are_used() -> None:
    drawn: list[int] = []

    def rules(rnd: random.Random) -> Any:
        drawn.append(1)
        return TOY.default_rules.replace(max_moves=rnd.randint(1, 5))

    check_game(TOY, examples=6, positions=1, hooks=Hooks(rules=rules))
    assert drawn  # a third of the examples, on average


class BadSample(ToyState):
    """Toy Pile whose `Game.sample_state` fills the stock with copies of one card."""


def _every_card_once(state: Any) -> None:
    if state.all_cards() != tuple(sorted(DECK)):
        raise InvalidStateError("/data/stock", "cards created or lost")


def _sample_copying_a_card(view: Any, rng: Any) -> BadSample:
    state = sample_state(BadSample, view, rng)
    if len(state.stock) < 2:
        return state
    return attrs.evolve(state, stock=(state.stock[0],) * len(state.stock))


def test_sampled_states_pass_check_state() -> None:
    # The stock is hidden from every seat, so the views of the bad sample are right: only the
    # game's own invariant checker, run on the sampled state, sees the copied cards.
    game = attrs.evolve(
        make_game(BadSample, "toy-pile-bad-sample"),
        sample_state=_sample_copying_a_card,
        check_state=_every_card_once,
    )
    BadSample.GAME = game
    with pytest.raises(AssertionError, match="check_state refused a state sampled from seat"):
        check_game(game, examples=5)
