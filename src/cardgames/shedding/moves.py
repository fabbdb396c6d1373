"""Moves and events of the shedding games (Crazy Eights, 8 Américain).

Moves are frozen values that name the player who makes them. Events describe what a transition
did; `CardsDrawn` hides the drawn cards from everyone but the drawer (`Event.redacted_for`).
"""

from __future__ import annotations

import types
from collections.abc import Mapping
from typing import ClassVar

import attrs

from cardgames.cards import Card, Suit
from cardgames.game import Event, Move, Outcome

__all__ = [
    "Announce",
    "AnnouncementCalled",
    "AnnouncementMade",
    "AnnouncementMissed",
    "CallOut",
    "CardPlayed",
    "CardsDrawn",
    "DirectionReversed",
    "Draw",
    "HandsSwapped",
    "NextPlayerChosen",
    "Pass",
    "Passed",
    "PenaltyGrown",
    "PenaltyTaken",
    "PlayCard",
    "PlaysAgain",
    "RoundOver",
    "StarterReturned",
    "StarterTurned",
    "StockReshuffled",
    "SuitNamed",
    "TakePenalty",
    "TurnSkipped",
]


@attrs.frozen(cache_hash=True)
class PlayCard(Move):
    """Lay a card from the hand on the discard pile.

    Attributes:
        player: Who lays it (out of turn for a jump-in).
        card: The card.
        suit: The suit named with a wild card; ``None`` otherwise.
        announce: Whether the player announces "carte!" (only meaningful, and only legal as
            ``True``, when the card is their second-to-last).
        target: The opponent chosen by a ``swap`` or ``choose`` card; ``None`` otherwise.
    """

    kind: ClassVar[str] = "play"
    card: Card
    suit: Suit | None = None
    announce: bool = False
    target: int | None = None

    def __str__(self) -> str:
        text = f"play {self.card}"
        if self.suit is not None:
            text += f" name {self.suit.english}"
        if self.target is not None:
            text += f" target {self.target}"
        if self.announce:
            text += " announce"
        return text


@attrs.frozen(cache_hash=True)
class Draw(Move):
    """Draw from the stock (one card, or until a playable one with that option)."""

    kind: ClassVar[str] = "draw"

    def __str__(self) -> str:
        return self.kind


@attrs.frozen(cache_hash=True)
class Pass(Move):
    """Pass: after drawing a card one keeps, or when nothing can be played or drawn."""

    kind: ClassVar[str] = "pass"

    def __str__(self) -> str:
        return self.kind


@attrs.frozen(cache_hash=True)
class TakePenalty(Move):
    """Draw the pending penalty instead of answering it."""

    kind: ClassVar[str] = "take"

    def __str__(self) -> str:
        return self.kind


@attrs.frozen(cache_hash=True)
class CallOut(Move):
    """Out of turn: point out that ``target`` did not announce their last card."""

    kind: ClassVar[str] = "callout"
    target: int

    def __str__(self) -> str:
        return f"callout {self.target}"


@attrs.frozen(cache_hash=True)
class Announce(Move):
    """Say "carte !" for the one card a swap left in the hand, before the next move.

    Only the player whom another player's swap (``swap`` effect) has just left holding one card
    makes this move, out of turn or in turn; a player who lays their second-to-last card
    announces with that move instead (`PlayCard.announce`). Until the next move nobody may call
    them out; if that move is made without the announcement, they may be called out until the
    move after it (`AnnouncementMissed`, then `CallOut`).
    """

    kind: ClassVar[str] = "announce"

    def __str__(self) -> str:
        return self.kind


@attrs.frozen
class CardPlayed(Event):
    """A card was laid. ``jump_in`` is true when it was laid out of turn."""

    kind: ClassVar[str] = "card_played"
    player: int
    card: Card
    jump_in: bool = False


@attrs.frozen
class SuitNamed(Event):
    """The player of a wild card named the suit that follows."""

    kind: ClassVar[str] = "suit_named"
    player: int
    suit: Suit


@attrs.frozen
class CardsDrawn(Event):
    """A player drew cards; ``cards`` is ``None`` in every view but the drawer's.

    ``reason`` is ``"turn"``, ``"penalty"`` or ``"callout"``.
    """

    kind: ClassVar[str] = "cards_drawn"
    player: int
    count: int
    reason: str
    cards: tuple[Card, ...] | None = None

    def redacted_for(self, viewer: int | None) -> CardsDrawn:
        """Hide the cards from anyone but the drawer."""
        if viewer == self.player or self.cards is None:
            return self
        return CardsDrawn(self.player, self.count, self.reason, None)


@attrs.frozen
class DirectionReversed(Event):
    """The direction of play reversed; ``direction`` is +1 (clockwise) or -1."""

    kind: ClassVar[str] = "direction_reversed"
    player: int
    direction: int


@attrs.frozen
class TurnSkipped(Event):
    """``player`` misses their turn."""

    kind: ClassVar[str] = "turn_skipped"
    player: int


@attrs.frozen
class PlaysAgain(Event):
    """``player`` plays again."""

    kind: ClassVar[str] = "plays_again"
    player: int


@attrs.frozen
class NextPlayerChosen(Event):
    """``player`` chose ``target`` to play next."""

    kind: ClassVar[str] = "next_player_chosen"
    player: int
    target: int


@attrs.frozen
class HandsSwapped(Event):
    """``player`` swapped hands with ``target``."""

    kind: ClassVar[str] = "hands_swapped"
    player: int
    target: int


@attrs.frozen
class PenaltyGrown(Event):
    """A draw penalty now stands at ``total`` cards, for ``target`` to answer or take."""

    kind: ClassVar[str] = "penalty_grown"
    target: int
    total: int


@attrs.frozen
class PenaltyTaken(Event):
    """``player`` took a draw penalty of ``count`` cards."""

    kind: ClassVar[str] = "penalty_taken"
    player: int
    count: int


@attrs.frozen
class StockReshuffled(Event):
    """The discard pile but its top card was shuffled into a new stock of ``size`` cards."""

    kind: ClassVar[str] = "stock_reshuffled"
    size: int


@attrs.frozen
class StarterTurned(Event):
    """``card`` was turned up to open the discard pile."""

    kind: ClassVar[str] = "starter_turned"
    card: Card


@attrs.frozen
class StarterReturned(Event):
    """The wild ``card`` turned up went back into the stock."""

    kind: ClassVar[str] = "starter_returned"
    card: Card


@attrs.frozen
class AnnouncementMade(Event):
    """``player`` announced "carte!"."""

    kind: ClassVar[str] = "announcement_made"
    player: int


@attrs.frozen
class AnnouncementMissed(Event):
    """``player`` is down to one card and did not announce it.

    They may be called out until the next move. It follows the card laid by ``player`` when
    they did not announce it with the move; for a player left holding one card by another
    player's swap, it comes at the end of the move after the swap (the announcement was due
    before that move).
    """

    kind: ClassVar[str] = "announcement_missed"
    player: int


@attrs.frozen
class AnnouncementCalled(Event):
    """``player`` called out ``target``, who draws the announcement penalty."""

    kind: ClassVar[str] = "announcement_called"
    player: int
    target: int


@attrs.frozen
class Passed(Event):
    """``player`` passed."""

    kind: ClassVar[str] = "passed"
    player: int


@attrs.frozen
class RoundOver(Event):
    """The round ended."""

    kind: ClassVar[str] = "round_over"
    outcome: Outcome


MOVE_TYPES: Mapping[str, type[Move]] = types.MappingProxyType(
    {cls.kind: cls for cls in (PlayCard, Draw, Pass, TakePenalty, CallOut, Announce)}
)
EVENT_TYPES: Mapping[str, type[Event]] = types.MappingProxyType(
    {
        cls.kind: cls
        for cls in (
            CardPlayed,
            SuitNamed,
            CardsDrawn,
            DirectionReversed,
            TurnSkipped,
            PlaysAgain,
            NextPlayerChosen,
            HandsSwapped,
            PenaltyGrown,
            PenaltyTaken,
            StockReshuffled,
            StarterTurned,
            StarterReturned,
            AnnouncementMade,
            AnnouncementMissed,
            AnnouncementCalled,
            Passed,
            RoundOver,
        )
    }
)
