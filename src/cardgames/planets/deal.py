"""Dealing and loading states of "8": the planet engine's entry points for outside values.

These run once per game (not per move), check everything they are given and then build the
state with the engine's unchecked constructors (`cardgames.planets.engine`). They stay plain
Python, never compiled, so that a value of the wrong type gets the library's own typed error
(`InvalidRulesError`, `InvalidArgumentError`, `InvalidStateError`), never a compiled function's
bare ``TypeError``. A loaded state must pass the invariant checker
(`cardgames.planets.invariants.check_state`).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from cardgames._integers import checked_seed
from cardgames.errors import InvalidArgumentError, InvalidRulesError, InvalidStateError
from cardgames.game import Game, _player_count, player_names
from cardgames.planets.cards import BLACK_HOLE, FULL_DECK, PLANETS, PlanetCard, parse_planet_cards
from cardgames.planets.documents import load_state_fields
from cardgames.planets.invariants import check_state
from cardgames.planets.rules import Rules
from cardgames.rng import Rng

if TYPE_CHECKING:
    from cardgames.planets.engine import PlanetsState

__all__ = ["deal_with", "new_game", "state_from_json"]

_DECK_SIZE: Final = len(FULL_DECK)
_MAX_DECK_TEXT: Final = 64 * (_DECK_SIZE + 1)  # a card is at most 64 characters


def new_game(
    game: Game[Any],
    players: int | Sequence[str],
    *,
    seed: int,
    rules: Rules | str | None = None,
    deck: Sequence[PlanetCard] | str | None = None,
) -> PlanetsState:
    """Start a game of "8" (see `cardgames.planets.new_game`)."""
    return _new_game(game, players, seed=seed, rules=rules, deck=deck)


def deal_with(
    game: Game[Any], players: int | Sequence[str], *, rng: Rng, rules: Rules | None = None
) -> PlanetsState:
    """Deal a game whose every random draw, the deal's shuffle first, comes from ``rng``.

    The state keeps what ``rng`` became for its later draws. The OpenSpiel adapter passes a
    generator whose draws are its chance outcomes (`cardgames.rl.openspiel`); `new_game` is
    this with ``Rng.from_seed(seed)``.

    Raises:
        InvalidRulesError: for bad rules or players.
        InvalidArgumentError: if ``rng`` is not an `Rng`.
    """
    if not isinstance(rng, Rng):
        raise InvalidArgumentError("rng", rng, "expected a cardgames.rng.Rng")
    return _new_game(game, players, seed=0, rules=rules, rng=rng)


def _new_game(
    game: Game[Any],
    players: int | Sequence[str],
    *,
    seed: int,
    rules: Rules | str | None = None,
    deck: Sequence[PlanetCard] | str | None = None,
    rng: Rng | None = None,
) -> PlanetsState:
    """`new_game`, or `deal_with` when ``rng`` is given (then ``seed`` is not read)."""
    from cardgames.planets.engine import _deal

    chosen: Rules = game.resolve_rules(rules)  # None, a preset's name or rules of this game
    rules = chosen
    names = _players(players, game)
    n = len(names)
    rules.check_players(n)
    if rng is None:
        rng = Rng.from_seed(_seed(seed))
    if deck is None:
        order, rng = rng.shuffle(FULL_DECK)
    else:
        order = _deck(deck)
    # Deal planets one at a time clockwise from the first Commander, skipping black holes,
    # which stay in the stock where they are.
    dealt = [[0] * len(PLANETS) for _ in range(n)]
    stock: list[PlanetCard] = []
    wanted = n * rules.initial_hand
    given = 0
    for card in order:
        if given < wanted and card is not BLACK_HOLE:
            dealt[(rules.first_commander + given) % n][card] += 1
            given += 1
        else:
            stock.append(card)
    return _deal(rules, names, tuple(tuple(hand) for hand in dealt), tuple(stock), rng)


def _players(players: object, game: Game[Any]) -> tuple[str, ...]:
    """Check the ``players`` argument before anything is built from it.

    A number is checked against the bounds first (``10**9`` players builds no names). Names
    are a sequence, as in every game (`cardgames.game.player_names`): an iterator or a
    generator is refused with the same error as the shedding games give, never consumed.
    """
    players = _player_count(players)
    if isinstance(players, int):
        if not game.min_players <= players <= game.max_players:
            raise InvalidRulesError(
                "players",
                players,
                f"{game.title} takes {game.min_players} to {game.max_players} players",
            )
        return player_names(int(players), game)
    return player_names(players, game)  # type: ignore[arg-type]  # refused there if not names


def _seed(seed: object) -> int:
    """The ``seed`` argument, checked by `cardgames._integers.checked_seed` (within ``2**64``)."""
    return checked_seed(seed)


def _deck(deck: object) -> tuple[PlanetCard, ...]:
    """Check the ``deck`` argument: exactly the 104 cards of the game, as cards or text.

    At most 105 items are read from an iterable, so a long or endless one costs nothing.
    """
    expected = "expected exactly the 104 cards of 8: 12 of each planet and 8 black holes"
    if isinstance(deck, str):
        if len(deck) > _MAX_DECK_TEXT:
            raise InvalidRulesError("deck", f"{len(deck)} characters", expected)
        order = parse_planet_cards(deck)
    else:
        try:
            order = tuple(itertools.islice(deck, _DECK_SIZE + 1))  # type: ignore[call-overload]
        except TypeError:
            raise InvalidRulesError("deck", deck, expected) from None
    if (
        len(order) != _DECK_SIZE
        or any(type(c) is not PlanetCard for c in order)
        or sorted(order) != sorted(FULL_DECK)
    ):
        raise InvalidRulesError("deck", len(order), expected)
    return order


def state_from_json(text: object) -> PlanetsState:
    """Load a state written by `PlanetsState.to_json` (see `PlanetsState.from_json`)."""
    from cardgames.game import find_game
    from cardgames.planets.engine import PlanetsState

    fields = load_state_fields(text, find_game("planets"))  # type: ignore[arg-type]
    n = len(fields["players"])
    if not 2 <= n <= 6:  # before the tables are built for that many seats
        raise InvalidStateError("/data/players", f"8 takes 2 to 6 players, not {n}")
    state = PlanetsState._make(fields)
    check_state(state)
    return state
