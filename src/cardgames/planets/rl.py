"""The RL encodings of the planet game ("8"): action ids and observations.

The game's descriptor declares these under the ``"action_encoding"`` and ``"observation"``
capabilities (`cardgames.rl.ACTION_LAYOUT`, `cardgames.rl.OBSERVATION_LAYOUT`); `cardgames.rl`
gives the ids, places the blocks and checks what callers pass. This module imports no NumPy.

Action ids, in this order (the nine cards in order Mercury … Neptune, the black hole; seats
relative to the player who moves: ``+1`` is the next seat in increasing seat order):

1. ``keep`` each of the nine cards;
2. ``give`` each of the nine cards to ``+1`` … ``+(players-1)`` (card major);
3. ``lay`` ``k`` copies of each planet, ``k`` from 3 to 12 (planet major), then the eight
   different planets;
4. ``decline`` (lay no gathering);
5. ``discard`` each planet face down (eight ids);
6. ``steal`` from ``+1`` … ``+(players-1)``;
7. ``under``: put each of the nine cards under the stock;
8. ``decline`` the out-of-turn chance (added by `cardgames.rl.action_encoding` to every layout;
   never legal here: the planet game has no out-of-turn move).

The observation (``N`` the number of players; seats relative to the viewer), in this order:

========================  =====  ==========================================================
field                     size   content
========================  =====  ==========================================================
``phase``                 6      one-hot: keep, give, gather, black hole, surplus, over
``turn``                  1      the turn number, from 1
``commander``             N      one-hot: the Commander, by relative seat
``adjutant``              N      one-hot: the Adjutant, once chosen
``holder``                N      one-hot: who decides now
``role``                  2      one-hot: the holder decides as Commander, as Adjutant
``to_act``                N      1 for each relative seat that may move now
``hand``                  9      copies of each card in the viewer's hand
``hand_sizes``            N      cards in each hand
``known_cards``           9 N    by relative seat, the copies of each card the viewer knows
                                 are in that hand
``drawn``                 10     copies of each known drawn card, then the unknown ones
``pending``               9      one-hot: the card being decided on, if known
``received``              9      one-hot: the card given to the Adjutant, if known
``stock_size``            1      cards in the stock
``stock_top``             9      one-hot: the top card of the stock, if known
``known_stock``           9      copies of each card known to be in the stock
``discard_size``          1      black holes on the discard pile
``gatherings``            18 N   by relative seat: planets laid in identical gatherings
                                 (eight counts) and all-different gatherings (one), first
                                 as Commander, then as Adjutant
``face_down``             9      copies of each card the viewer discarded face down
``face_down_sizes``       N      cards each seat discarded face down
``black_holes``           N      black holes each seat played
``seat``                  N      one-hot: the viewer's own seat number
========================  =====  ==========================================================

Examples:
    >>> from cardgames.rl import action_encoding
    >>> encoding = action_encoding("planets", players=3)
    >>> encoding.describe(9), encoding.describe(27)
    ('give Mercury to +1', 'lay 3 Mercury')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final

import attrs

from cardgames.game import Game
from cardgames.planets import moves as pm
from cardgames.planets.cards import PlanetCard
from cardgames.planets.rules import Rules
from cardgames.planets.scoring import Role
from cardgames.planets.views import Phase, PlanetsView

if TYPE_CHECKING:
    import array

    from cardgames.rl import Field

__all__ = [
    "ACTION_LAYOUT",
    "OBSERVATION_LAYOUT",
    "PlanetsActions",
    "PlanetsObservation",
    "max_game_length",
]

_EXPECTED_TYPES: Final[dict[type, dict[str, tuple[type, ...]]]] = {
    pm.Keep: {"card": (PlanetCard,)},
    pm.Give: {"card": (PlanetCard,)},
    pm.LayGathering: {"cards": (tuple,)},
    pm.DiscardFaceDown: {"card": (PlanetCard,)},
    pm.PutUnder: {"card": (PlanetCard,)},
}
"""The exact types of the non-seat fields of the moves that have some."""

_PLANETS: Final = tuple(card for card in PlanetCard if card.is_planet)


@attrs.frozen
class PlanetsActions:
    """The action layout of the planet game (see the module documentation for the order)."""

    seat_fields: frozenset[str] = frozenset({"to", "victim"})

    def keys(self, rules: Rules, players: int) -> list[tuple[Any, ...]]:
        """Every move's key at ``players`` seats, in the layout's order (any rules)."""
        offsets = range(1, players)
        cards = [int(card) for card in PlanetCard]
        planets = [int(card) for card in _PLANETS]
        keys: list[tuple[Any, ...]] = [("keep", card) for card in cards]
        keys += [("give", card, offset) for card in cards for offset in offsets]
        keys += [("lay", (planet,) * count) for planet in planets for count in range(3, 13)]
        keys.append(("lay", tuple(planets)))
        keys.append(("decline",))
        keys += [("discard", planet) for planet in planets]
        keys += [("steal", offset) for offset in offsets]
        keys += [("under", card) for card in cards]
        return keys

    def accepts(self, kind: type, name: str, value: object) -> bool:
        """Whether ``value`` has exactly the engine's type for that field (cards: PlanetCards)."""
        if type(value) not in _EXPECTED_TYPES.get(kind, {}).get(name, ()):
            return False
        return name != "cards" or all(type(card) is PlanetCard for card in value)  # type: ignore[attr-defined]

    def describe_part(self, kind: str, name: str, part: Any) -> str:
        """``+1`` (a steal), ``to +1``, ``3 Mercury``, ``all-different`` or the card."""
        if kind == "steal":
            return f"+{part}"
        if name == "to":
            return f"{name} +{part}"
        if name == "cards":
            if len(set(part)) == 1:
                return f"{len(part)} {PlanetCard(part[0])}"
            return "all-different"
        return str(PlanetCard(part))


@attrs.frozen
class PlanetsObservation:
    """The observation layout of the planet game (see the module documentation)."""

    def blocks(self, rules: Rules, players: int) -> list[tuple[str, int, str]]:
        """The fields of the vector, in order."""
        n = players
        return [
            ("phase", 6, "one-hot: keep, give, gather, black hole, surplus, over"),
            ("turn", 1, "the turn number, from 1"),
            ("commander", n, "one-hot: the Commander, by relative seat"),
            ("adjutant", n, "one-hot: the Adjutant, once chosen"),
            ("holder", n, "one-hot: who decides now"),
            ("role", 2, "one-hot: the holder decides as Commander, as Adjutant"),
            ("to_act", n, "1 for each relative seat that may move now"),
            ("hand", 9, "copies of each card in the viewer's hand"),
            ("hand_sizes", n, "cards in each hand"),
            ("known_cards", 9 * n, "by relative seat, cards the viewer knows are in that hand"),
            ("drawn", 10, "copies of each known drawn card, then the unknown ones"),
            ("pending", 9, "one-hot: the card being decided on, if known"),
            ("received", 9, "one-hot: the card given to the Adjutant, if known"),
            ("stock_size", 1, "cards in the stock"),
            ("stock_top", 9, "one-hot: the top card of the stock, if known"),
            ("known_stock", 9, "copies of each card known to be in the stock"),
            ("discard_size", 1, "black holes on the discard pile"),
            ("gatherings", 18 * n, "by relative seat: planets laid, all-different gatherings"),
            ("face_down", 9, "copies of each card the viewer discarded face down"),
            ("face_down_sizes", n, "cards each seat discarded face down"),
            ("black_holes", n, "black holes each seat played"),
            ("seat", n, "one-hot: the viewer's own seat number"),
        ]

    def writer(
        self, rules: Rules, players: int, fields: Sequence[Field]
    ) -> Callable[[array.array[float], Any, int], None]:
        """The function that writes a view into these fields."""
        n = players
        phases = {phase: i for i, phase in enumerate(Phase)}
        roles = {Role.COMMANDER: 0, Role.ADJUTANT: 1}
        at = {field.name: field.start for field in fields}
        nine = {card: int(card) for card in PlanetCard}  # a card's index; a KeyError for junk

        def fill(out: array.array[float], view: PlanetsView, viewer: int) -> None:
            def seat(name: str, who: int | None) -> None:
                if who is not None:
                    out[at[name] + (who - viewer) % n] = 1.0

            def card(name: str, which: PlanetCard | None) -> None:
                if which is not None:
                    out[at[name] + nine[which]] = 1.0

            def by_seat(name: str, values: tuple[int, ...]) -> None:
                start = at[name]
                for who, value in enumerate(values):
                    out[start + (who - viewer) % n] = value

            out[at["phase"] + phases[view.phase]] = 1.0
            out[at["turn"]] = view.turn
            seat("commander", view.commander)
            seat("adjutant", view.adjutant)
            seat("holder", view.holder)
            if view.role is not None:
                out[at["role"] + roles[view.role]] = 1.0
            for who in view.to_act:
                seat("to_act", who)
            start = at["hand"]
            for which in view.hand or ():
                out[start + nine[which]] += 1.0
            by_seat("hand_sizes", view.hand_sizes)
            start = at["known_cards"]
            for who, known in enumerate(view.known_cards):
                base = start + 9 * ((who - viewer) % n)
                for which in known:
                    out[base + nine[which]] += 1.0
            start = at["drawn"]
            for maybe in view.drawn:
                out[start + (9 if maybe is None else nine[maybe])] += 1.0
            card("pending", view.pending)
            card("received", view.received)
            out[at["stock_size"]] = view.stock_size
            for position, which in view.known_stock:
                if position == 0:
                    card("stock_top", which)
                out[at["known_stock"] + nine[which]] += 1.0
            out[at["discard_size"]] = view.discard_size
            start = at["gatherings"]
            for who, laid in enumerate(view.gatherings):
                base = start + 18 * ((who - viewer) % n)
                for gathering in laid:
                    part = base + 9 * roles[gathering.role]
                    if gathering.is_all_different:
                        out[part + 8] += 1.0
                    else:
                        out[part + nine[gathering.cards[0]]] += len(gathering.cards)
            own = view.face_down[viewer] if view.viewer is not None else None
            start = at["face_down"]
            for which in own or ():
                out[start + nine[which]] += 1.0
            by_seat("face_down_sizes", view.face_down_sizes)
            by_seat("black_holes", view.black_holes)
            if view.viewer is not None:
                out[at["seat"] + view.viewer] = 1.0

        assert len(Phase) == 6
        assert len(_PLANETS) == 8
        return fill

    def cards(self, rules: Rules) -> tuple[()]:
        """Nothing beyond the blocks: every rules of the game index the same nine cards."""
        return ()


_FIXED_DECISIONS: Final = 8
"""Decisions of a planet-game turn besides putting cards under the stock: keep, give, and for
each of the Commander and the Adjutant a gathering, a black hole's action and a gathering after
a steal."""


def max_game_length(game: Game[Any], rules: Rules, players: int) -> int:
    """At most how many decisions one game takes (OpenSpiel's ``max_game_length``).

    Each of the ``max_turns`` turns takes the fixed decisions and at most one per card (put
    under the stock). Declared as ``"max_game_length"``
    (`cardgames.rl.openspiel.MAX_GAME_LENGTH`).

    Examples:
        >>> from cardgames import planets
        >>> rules = planets.GAME.default_rules
        >>> max_game_length(planets.GAME, rules, 2) == rules.max_turns * (8 + 104)
        True
    """
    cards = len(game.new_game(players, seed=0, rules=rules).all_cards())
    return rules.max_turns * (_FIXED_DECISIONS + cards)


ACTION_LAYOUT: Final = PlanetsActions()
"""What the planet game declares as ``"action_encoding"``."""

OBSERVATION_LAYOUT: Final = PlanetsObservation()
"""What the planet game declares as ``"observation"``."""
