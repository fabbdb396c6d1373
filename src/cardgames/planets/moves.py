"""Moves and events of "8".

Every move names the player who makes it. A Commander's turn is a sequence of moves:

- `Keep` one of the drawn cards, then `Give` another to the player of their choice (who becomes
  the Adjutant); the last card, if any, goes back on top of the stock by itself;
- for each planet kept, received or stolen: `LayGathering` (with that card among it) or
  `Decline` (the card joins the hand);
- for each black hole kept or received: `DiscardFaceDown` a planet of one's hand, or `Steal` a
  random planet from another player's hand;
- at the end of the turn, a Commander over the hand limit puts the surplus under the stock, one
  card at a time (`PutUnder`).

Events describe what a transition did. Those that carry a hidden card show it only to the
players who saw it (`Event.redacted_for`): drawn, kept and put-back cards to the Commander; a
given card to the Commander and the Adjutant; a stolen card to the thief and the victim; a card
discarded face down or put under the stock to its owner.
"""

from __future__ import annotations

import types
from collections.abc import Iterable, Mapping
from typing import ClassVar

import attrs

from cardgames.game import Event, Move, Outcome
from cardgames.planets.cards import PLANETS, PlanetCard
from cardgames.planets.scoring import Gathering, Role

__all__ = [
    "EVENT_TYPES",
    "MOVE_TYPES",
    "BlackHoleDiscarded",
    "BlackHolePlayed",
    "CardDiscardedFaceDown",
    "CardGiven",
    "CardKept",
    "CardPutBack",
    "CardStolen",
    "CardsDrawn",
    "Decline",
    "DiscardFaceDown",
    "GameOver",
    "GatheringDeclined",
    "GatheringLaid",
    "Give",
    "Keep",
    "LayGathering",
    "PutUnder",
    "Steal",
    "SurplusPutUnder",
    "TurnStarted",
]


def _sorted_cards(cards: Iterable[PlanetCard]) -> tuple[PlanetCard, ...]:
    return tuple(sorted(cards))


@attrs.frozen(cache_hash=True)
class Keep(Move):
    """The Commander keeps one of the cards they drew.

    Attributes:
        player: The Commander.
        card: The card kept.
    """

    kind: ClassVar[str] = "keep"
    card: PlanetCard

    def __str__(self) -> str:
        return f"keep {self.card}"


@attrs.frozen(cache_hash=True)
class Give(Move):
    """The Commander gives one of the cards they drew, face down, to another player.

    The receiver becomes the Adjutant. If a card is left, it goes back on top of the stock.

    Attributes:
        player: The Commander.
        card: The card given.
        to: The seat of the receiver.
    """

    kind: ClassVar[str] = "give"
    card: PlanetCard
    to: int

    def __str__(self) -> str:
        return f"give {self.card} to {self.to}"


@attrs.frozen(cache_hash=True)
class LayGathering(Move):
    """Lay a gathering face up, with the card just kept, received or stolen among it.

    Attributes:
        player: Who lays it.
        cards: Its planets (sorted on creation): 3 or more identical, or the 8 different.
    """

    kind: ClassVar[str] = "lay"
    cards: tuple[PlanetCard, ...] = attrs.field(converter=_sorted_cards)

    def __str__(self) -> str:
        cards = self.cards
        if cards == PLANETS:
            return "lay all-different"
        if cards and all(c is cards[0] for c in cards):
            return f"lay {len(cards)} {cards[0]}"
        return " ".join(("lay", *map(str, cards)))


@attrs.frozen(cache_hash=True)
class Decline(Move):
    """Lay no gathering: the card just kept, received or stolen joins the hand."""

    kind: ClassVar[str] = "decline"

    def __str__(self) -> str:
        return self.kind


@attrs.frozen(cache_hash=True)
class DiscardFaceDown(Move):
    """Black hole action: discard a planet of one's hand face down, for good.

    Attributes:
        player: Who plays the black hole.
        card: The planet discarded.
    """

    kind: ClassVar[str] = "discard"
    card: PlanetCard

    def __str__(self) -> str:
        return f"discard {self.card}"


@attrs.frozen(cache_hash=True)
class Steal(Move):
    """Black hole action: take a planet at random from another player's hand.

    Attributes:
        player: Who plays the black hole.
        victim: The seat whose hand the planet is taken from.
    """

    kind: ClassVar[str] = "steal"
    victim: int

    def __str__(self) -> str:
        return f"steal {self.victim}"


@attrs.frozen(cache_hash=True)
class PutUnder(Move):
    """A Commander over the hand limit puts one surplus card face down under the stock.

    Attributes:
        player: The Commander.
        card: The card put under the stock.
    """

    kind: ClassVar[str] = "under"
    card: PlanetCard

    def __str__(self) -> str:
        return f"under {self.card}"


# -- events -------------------------------------------------------------------------------------


@attrs.frozen
class TurnStarted(Event):
    """``commander`` starts turn number ``turn`` (counted from 1)."""

    kind: ClassVar[str] = "turn_started"
    commander: int
    turn: int


@attrs.frozen
class CardsDrawn(Event):
    """The Commander drew ``count`` cards; ``cards`` (top first) only in the Commander's view."""

    kind: ClassVar[str] = "cards_drawn"
    player: int
    count: int
    cards: tuple[PlanetCard, ...] | None = None

    def redacted_for(self, viewer: int | None) -> CardsDrawn:
        """Hide the cards from anyone but the Commander."""
        if viewer == self.player or self.cards is None:
            return self
        return CardsDrawn(self.player, self.count, None)


@attrs.frozen
class CardKept(Event):
    """The Commander kept a card; ``card`` only in their view."""

    kind: ClassVar[str] = "card_kept"
    player: int
    card: PlanetCard | None = None

    def redacted_for(self, viewer: int | None) -> CardKept:
        """Hide the card from anyone but the Commander."""
        if viewer == self.player or self.card is None:
            return self
        return CardKept(self.player, None)


@attrs.frozen
class CardGiven(Event):
    """The Commander gave a card face down to ``to``; ``card`` only in their two views."""

    kind: ClassVar[str] = "card_given"
    player: int
    to: int
    card: PlanetCard | None = None

    def redacted_for(self, viewer: int | None) -> CardGiven:
        """Hide the card from anyone but the giver and the receiver."""
        if viewer in (self.player, self.to) or self.card is None:
            return self
        return CardGiven(self.player, self.to, None)


@attrs.frozen
class CardPutBack(Event):
    """The Commander put the last drawn card back on top of the stock (``card``: their view)."""

    kind: ClassVar[str] = "card_put_back"
    player: int
    card: PlanetCard | None = None

    def redacted_for(self, viewer: int | None) -> CardPutBack:
        """Hide the card from anyone but the Commander."""
        if viewer == self.player or self.card is None:
            return self
        return CardPutBack(self.player, None)


@attrs.frozen
class GatheringLaid(Event):
    """``player`` laid ``gathering`` face up, worth ``points``."""

    kind: ClassVar[str] = "gathering_laid"
    player: int
    gathering: Gathering
    points: int


@attrs.frozen
class GatheringDeclined(Event):
    """``player`` laid no gathering: the card they were deciding on joined their hand."""

    kind: ClassVar[str] = "gathering_declined"
    player: int


@attrs.frozen
class BlackHolePlayed(Event):
    """``player`` turned up the black hole they kept or received (``role``); they must play it."""

    kind: ClassVar[str] = "black_hole_played"
    player: int
    role: Role


@attrs.frozen
class CardDiscardedFaceDown(Event):
    """``player`` discarded a planet face down through a black hole.

    ``card`` is shown only to them (everyone sees it at the end of the game).
    """

    kind: ClassVar[str] = "card_discarded_face_down"
    player: int
    card: PlanetCard | None = None

    def redacted_for(self, viewer: int | None) -> CardDiscardedFaceDown:
        """Hide the card from anyone but its owner."""
        if viewer == self.player or self.card is None:
            return self
        return CardDiscardedFaceDown(self.player, None)


@attrs.frozen
class CardStolen(Event):
    """``player`` took a planet at random from ``victim``'s hand; ``card`` only in their views."""

    kind: ClassVar[str] = "card_stolen"
    player: int
    victim: int
    card: PlanetCard | None = None

    def redacted_for(self, viewer: int | None) -> CardStolen:
        """Hide the card from anyone but the thief and the victim."""
        if viewer in (self.player, self.victim) or self.card is None:
            return self
        return CardStolen(self.player, self.victim, None)


@attrs.frozen
class BlackHoleDiscarded(Event):
    """``player``'s black hole went face up to the discard pile.

    ``wasted`` when no action was possible (nobody held a planet).
    """

    kind: ClassVar[str] = "black_hole_discarded"
    player: int
    wasted: bool = False


@attrs.frozen
class SurplusPutUnder(Event):
    """The Commander put a surplus card face down under the stock; ``card`` only in their view."""

    kind: ClassVar[str] = "surplus_put_under"
    player: int
    card: PlanetCard | None = None

    def redacted_for(self, viewer: int | None) -> SurplusPutUnder:
        """Hide the card from anyone but the Commander."""
        if viewer == self.player or self.card is None:
            return self
        return SurplusPutUnder(self.player, None)


@attrs.frozen
class GameOver(Event):
    """The game ended; the cards discarded face down are revealed (by seat)."""

    kind: ClassVar[str] = "game_over"
    outcome: Outcome
    face_down: tuple[tuple[PlanetCard, ...], ...]


MOVE_TYPES: Mapping[str, type[Move]] = types.MappingProxyType(
    {cls.kind: cls for cls in (Keep, Give, LayGathering, Decline, DiscardFaceDown, Steal, PutUnder)}
)
"""The move classes by ``kind`` tag."""

EVENT_TYPES: Mapping[str, type[Event]] = types.MappingProxyType(
    {
        cls.kind: cls
        for cls in (
            TurnStarted,
            CardsDrawn,
            CardKept,
            CardGiven,
            CardPutBack,
            GatheringLaid,
            GatheringDeclined,
            BlackHolePlayed,
            CardDiscardedFaceDown,
            CardStolen,
            BlackHoleDiscarded,
            SurplusPutUnder,
            GameOver,
        )
    }
)
"""The event classes by ``kind`` tag."""
