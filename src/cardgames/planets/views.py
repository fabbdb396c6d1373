"""What a player of "8" knows: the phases of a turn and the per-player view.

A `PlanetsView` is built by `PlanetsState.view` field by field from an allow-list: the viewer's
hand, the cards they know to be in other hands, the drawn, kept, given, stolen and stock cards
they have seen, their own face-down discards (everyone's once the game is over) and every public
fact (hand sizes, gatherings, black holes played, whose decision it is, the rules). It never
holds a card the viewer has not seen, the stock order or the RNG state.
"""

from __future__ import annotations

import enum
from typing import ClassVar

import attrs

from cardgames.codec import decode, dump_document, encode, load_document
from cardgames.errors import InvalidStateError
from cardgames.game import Event, Move, Outcome, View
from cardgames.planets.cards import PlanetCard
from cardgames.planets.moves import EVENT_TYPES, MOVE_TYPES
from cardgames.planets.rules import Rules
from cardgames.planets.scoring import Gathering, Role

__all__ = ["Phase", "PlanetsView"]


class Phase(enum.Enum):
    """Which decision the game is waiting for."""

    KEEP = "keep"
    """The Commander chooses the card to keep among those drawn."""
    GIVE = "give"
    """The Commander chooses the card to give, and to whom."""
    GATHER = "gather"
    """The holder of a planet just kept, received or stolen lays a gathering with it, or not."""
    BLACK_HOLE = "black_hole"
    """The holder of a black hole discards a planet face down or steals one."""
    SURPLUS = "surplus"
    """The Commander, over the hand limit, puts cards under the stock."""
    OVER = "over"
    """The game has ended."""


@attrs.frozen
class PlanetsView(View):
    """What one player (or a spectator, ``viewer`` ``None``) knows of a game of "8".

    Built field by field from an allow-list: only what the viewer has seen and remembers. It
    never holds a card the viewer has not seen, the stock order or the RNG state.

    Attributes:
        viewer: The seat the view was built for, or ``None`` for a spectator.
        game: The game's name.
        players: The players' names, by seat.
        phase: Which decision the game waits for.
        turn: The number of the current turn, from 1.
        commander: The seat of this turn's Commander.
        adjutant: The seat of this turn's Adjutant, once the Commander has given a card.
        holder: The seat that decides now (``None`` once the game is over).
        role: The role in which the holder decides (``None`` once the game is over).
        to_act: The seats that may move now.
        hand: The viewer's hand, sorted (``None`` for a spectator).
        hand_sizes: How many cards each seat holds.
        known_cards: By seat, the cards the viewer knows are in that hand (their own: empty).
        drawn: The Commander's drawn cards not yet kept or given, top of the stock first;
            ``None`` for each card the viewer does not know.
        pending: The card being decided on (kept, received or stolen, or the black hole), if
            the viewer knows it.
        received: The card given to the Adjutant, waiting for the Commander's decisions, if the
            viewer knows it.
        stock_size: How many cards the stock holds.
        known_stock: ``(position, card)`` for each card of the stock the viewer knows (position
            0 is the top): "I know the top card of the stock is Saturn".
        discard_size: How many black holes lie face up on the discard pile.
        gatherings: By seat, the gatherings laid (public).
        face_down: By seat, the cards discarded face down through black holes; ``None`` where
            the viewer may not see them (another player's, before the end).
        face_down_sizes: By seat, how many cards were discarded face down.
        black_holes: By seat, how many black holes were played.
        moves_played: Moves applied since the start.
        legal_moves: The viewer's legal moves.
        events: The events of the last transition, as the viewer may see them.
        outcome: The result, once the game is over.
        rules: The rules of the game (public).
    """

    _current_is_first_to_act: ClassVar[bool] = True  # it has no `current`

    game: str
    players: tuple[str, ...]
    phase: Phase
    turn: int
    commander: int
    adjutant: int | None
    holder: int | None
    role: Role | None
    to_act: tuple[int, ...]
    hand: tuple[PlanetCard, ...] | None
    hand_sizes: tuple[int, ...]
    known_cards: tuple[tuple[PlanetCard, ...], ...]
    drawn: tuple[PlanetCard | None, ...]
    pending: PlanetCard | None
    received: PlanetCard | None
    stock_size: int
    known_stock: tuple[tuple[int, PlanetCard], ...]
    discard_size: int
    gatherings: tuple[tuple[Gathering, ...], ...]
    face_down: tuple[tuple[PlanetCard, ...] | None, ...]
    face_down_sizes: tuple[int, ...]
    black_holes: tuple[int, ...]
    moves_played: int
    legal_moves: tuple[Move, ...]
    events: tuple[Event, ...]
    outcome: Outcome | None
    rules: Rules | None = None

    @property
    def known_top(self) -> PlanetCard | None:
        """The top card of the stock, if the viewer knows it."""
        for position, card in self.known_stock:
            if position == 0:
                return card
        return None

    def to_json(self) -> str:
        """Serialize the view (what a frontend sends to that player)."""
        return dump_document("view", self.game, encode(self))

    @classmethod
    def from_json(cls, text: str | bytes) -> PlanetsView:
        """Load a view written by `to_json`, checking that some position shows it.

        Lists are bounded before anything is decoded; the view is then checked by
        `cardgames.planets.invariants.check_view_fields` (seats, sizes, the cards adding up to the
        game's, the phase, the viewer's legal moves...), so that a view that loads can be
        dealt by `sample_state`.

        Raises:
            InvalidStateError: naming the first impossible field.
        """
        from cardgames.planets.invariants import VIEW_SIZES, check_sizes, check_view_fields

        data = load_document(text, "view", Rules.game_name)  # a view of this game only
        if isinstance(data, dict) and data.get("game") != Rules.game_name:
            raise InvalidStateError(
                "/data/game", f"expected {Rules.game_name!r}, got {data.get('game')!r}"[:200]
            )
        check_sizes(data, VIEW_SIZES)
        tagged: dict[str, type] = {**MOVE_TYPES, **EVENT_TYPES}
        view: PlanetsView = decode(cls, data, "/data", tagged=tagged)
        check_view_fields(view)  # the types were just checked by decoding
        return view
