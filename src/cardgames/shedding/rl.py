"""The RL encodings of the shedding games (Crazy Eights, 8 Américain): action ids, observations.

The two games' descriptors declare these under the ``"action_encoding"`` and ``"observation"``
capabilities (`cardgames.rl.ACTION_LAYOUT`, `cardgames.rl.OBSERVATION_LAYOUT`); `cardgames.rl`
gives the ids, places the blocks and checks what callers pass. This module imports no NumPy.

Action ids, in this order (seats relative to the player who moves: ``+1`` is the next seat in
increasing seat order):

1. ``play``: for each distinct card of the rules' deck in code order (clubs, diamonds, hearts,
   spades, each from 2 to Ace, then the joker), one id per combination of the named suit (the
   four suits, clubs first, for a card that is wild under the rules' effects; none otherwise),
   the target (``+1`` … ``+(players-1)`` for a card with a ``swap`` or ``choose`` effect; none
   otherwise) and the announcement (without, then with "carte !", when the rules have an
   announcement penalty; without only otherwise);
2. ``draw``, ``pass``, ``take`` (the pending penalty), ``announce``;
3. ``callout +1`` … ``callout +(players-1)``;
4. ``decline`` (added by `cardgames.rl.action_encoding` to every layout).

The observation (``D`` is the number of distinct cards of the rules' deck: 52, 53 with the
joker or 32, in code order; ``N`` the number of players; seats relative to the viewer), in this
order:

========================  =====  ==========================================================
field                     size   content
========================  =====  ==========================================================
``hand``                  D      copies of each card in the viewer's hand
``top``                   D      one-hot: the top card of the discard pile
``suit``                  4      one-hot: the suit to follow (clubs, diamonds, hearts,
                                 spades)
``penalty``               1      cards a pending penalty makes the next player draw
``hand_sizes``            N      cards in each hand, by relative seat
``current``               N      one-hot: whose turn it is, by relative seat
``direction``             1      +1 (increasing seats) or -1
``phase``                 3      one-hot: play, after a draw, over
``to_act``                N      1 for each relative seat that may move now
``stock_size``            1      cards in the stock
``discard``               D      copies of each card in the discard pile (all seen face up)
``drawn``                 D      one-hot: the card the viewer just drew and may lay
``announce_target``       N      one-hot: who may be called out for not announcing
``top_player``            N      one-hot: who laid the top card
``passes``                1      consecutive passes of blocked players
``seat``                  N      one-hot: the viewer's own seat number
========================  =====  ==========================================================

Examples:
    >>> from cardgames.rl import action_encoding
    >>> encoding = action_encoding("crazy eights", players=2)
    >>> encoding.describe(0), encoding.describe(encoding.size - 2)
    ('play 2C', 'callout +1')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final

import attrs

from cardgames.cards import Card, Suit, make_deck
from cardgames.shedding import moves as sm
from cardgames.shedding.rl_writer import SheddingWriter
from cardgames.shedding.rules import SheddingRules
from cardgames.shedding.view import Phase

if TYPE_CHECKING:
    import array

    from cardgames.rl import Field

__all__ = ["ACTION_LAYOUT", "OBSERVATION_LAYOUT", "SheddingActions", "SheddingObservation"]

_SUIT_INDEX: Final = {suit: i for i, suit in enumerate(Suit)}

_EXPECTED_TYPES: Final[dict[type, dict[str, tuple[type, ...]]]] = {
    sm.PlayCard: {
        "card": (Card,),
        "suit": (Suit, type(None)),
        "announce": (bool,),
        "target": (type(None),),  # a seat, or none for a card without a swap or choose effect
    },
}
"""The exact types of the fields of the moves that have some (seats: whether none may be)."""


def cards_of(rules: SheddingRules) -> tuple[Card, ...]:
    """The distinct cards of the rules' deck, in code order (a card's index in the layouts)."""
    return tuple(sorted(set(make_deck(rules.deck))))


@attrs.frozen
class SheddingActions:
    """The action layout of the shedding games (see the module documentation for the order)."""

    seat_fields: frozenset[str] = frozenset({"target"})

    def keys(self, rules: SheddingRules, players: int) -> list[tuple[Any, ...]]:
        """Every move's key under ``rules`` at ``players`` seats, in the layout's order."""
        offsets = range(1, players)
        announce = (False, True) if rules.announce_penalty > 0 else (False,)
        keys: list[tuple[Any, ...]] = []
        for card in cards_of(rules):
            effect = rules.effects.for_card(card)
            suits: tuple[int | None, ...] = tuple(int(s) for s in Suit) if effect.wild else (None,)
            targets: tuple[int | None, ...] = (
                tuple(offsets) if effect.swap or effect.choose else (None,)
            )
            keys.extend(
                ("play", int(card), suit, flag, target)
                for suit in suits
                for target in targets
                for flag in announce
            )
        keys += [("draw",), ("pass",), ("take",), ("announce",)]
        keys += [("callout", offset) for offset in offsets]
        return keys

    def accepts(self, kind: type, name: str, value: object) -> bool:
        """Whether ``value`` has exactly the engine's type for that field."""
        return type(value) in _EXPECTED_TYPES.get(kind, {}).get(name, ())

    def describe_part(self, kind: str, name: str, part: Any) -> str:
        """``+1`` (a call-out), ``target +1``, ``name hearts``, or the card (``8H``)."""
        if kind == "callout":
            return f"+{part}"
        if name == "target":
            return f"{name} +{part}"
        if name == "suit":
            return f"name {Suit(part).english}"
        return str(Card.from_code(part))


@attrs.frozen
class SheddingObservation:
    """The observation layout of the shedding games (see the module documentation)."""

    def blocks(self, rules: SheddingRules, players: int) -> list[tuple[str, int, str]]:
        """The fields of the vector, in order."""
        d, n = len(cards_of(rules)), players
        return [
            ("hand", d, "copies of each card in the viewer's hand"),
            ("top", d, "one-hot: the top card of the discard pile"),
            ("suit", 4, "one-hot: the suit to follow"),
            ("penalty", 1, "cards a pending penalty makes the next player draw"),
            ("hand_sizes", n, "cards in each hand, by relative seat"),
            ("current", n, "one-hot: whose turn it is, by relative seat"),
            ("direction", 1, "+1 (increasing seats) or -1"),
            ("phase", 3, "one-hot: play, after a draw, over"),
            ("to_act", n, "1 for each relative seat that may move now"),
            ("stock_size", 1, "cards in the stock"),
            ("discard", d, "copies of each card in the discard pile"),
            ("drawn", d, "one-hot: the card the viewer just drew and may lay"),
            ("announce_target", n, "one-hot: who may be called out for not announcing"),
            ("top_player", n, "one-hot: who laid the top card"),
            ("passes", 1, "consecutive passes of blocked players"),
            ("seat", n, "one-hot: the viewer's own seat number"),
        ]

    def writer(
        self, rules: SheddingRules, players: int, fields: Sequence[Field]
    ) -> Callable[[array.array[float], Any, int], None]:
        """The compiled writer (`cardgames.shedding.rl_writer`) of these fields."""
        index = {card: i for i, card in enumerate(cards_of(rules))}  # found by identity
        # The fields' order is the one SheddingWriter unpacks its starts in.
        writer = SheddingWriter(players, index, dict(_SUIT_INDEX), [f.start for f in fields])
        assert len(Phase) == 3
        assert len(Suit) == 4
        return writer.fill

    def cards(self, rules: SheddingRules) -> tuple[Card, ...]:
        """The deck's distinct cards: rules with other cards index their blocks otherwise."""
        return cards_of(rules)


ACTION_LAYOUT: Final = SheddingActions()
"""What Crazy Eights and 8 Américain declare as ``"action_encoding"``."""

OBSERVATION_LAYOUT: Final = SheddingObservation()
"""What Crazy Eights and 8 Américain declare as ``"observation"``."""
