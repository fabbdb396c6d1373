"""The public face of a shedding game's state: its turn phases, its view and its document.

These are plain (never compiled) attrs classes: the JSON codec reads their annotations, which
the compiled engine (`cardgames.shedding.engine`) does not keep.
"""

from __future__ import annotations

import enum
from typing import Any, ClassVar

import attrs

from cardgames.cards import Card, Suit
from cardgames.codec import decode, dump_document, encode, load_document
from cardgames.errors import InvalidRulesError, InvalidStateError
from cardgames.game import Event, Move, Outcome, View
from cardgames.shedding.moves import EVENT_TYPES, MOVE_TYPES
from cardgames.shedding.rules import SheddingRules

__all__ = ["Phase", "SheddingView"]


class Phase(enum.Enum):
    """Where the current player is in their turn."""

    PLAY = "play"
    """Lay a card, draw, take a penalty or pass."""
    AFTER_DRAW = "after_draw"
    """The current player has just drawn: lay the drawn card if it fits, or keep it and pass
    (``after_draw=play_or_pass``, whether or not it fits); under ``must_play``, lay it (it fits).
    """
    OVER = "over"
    """The round has ended."""


@attrs.frozen
class SheddingView(View):
    """What one player (or a spectator) sees of a shedding game.

    Built field by field from an allow-list: the viewer's own hand (``None`` for a spectator),
    the sizes of the other hands, public table information (the discard pile, whose cards were
    all laid face up, the suit to follow, a pending penalty, whose turn it is, consecutive
    blocked passes, the rules), the viewer's legal moves and the events redacted for them.
    `drawn` is the card just drawn, shown only to its drawer. While the round runs it never holds
    an opponent's card, the stock order or the RNG state.

    Once the round is over, ``hands`` holds every hand by seat (sorted), for every viewer and
    the spectator, as the players lay their cards face up to count the points; it is ``None``
    until then. The stock stays hidden.
    """

    _current_is_first_to_act: ClassVar[bool] = True

    game: str
    players: tuple[str, ...]
    hand: tuple[Card, ...] | None
    hand_sizes: tuple[int, ...]
    top: Card
    suit: Suit | None
    penalty: int
    current: int
    direction: int
    phase: Phase
    to_act: tuple[int, ...]
    stock_size: int
    discard: tuple[Card, ...]
    drawn: Card | None
    announce_target: int | None
    top_player: int | None
    passes: int
    moves_played: int
    legal_moves: tuple[Move, ...]
    events: tuple[Event, ...]
    outcome: Outcome | None
    rules: SheddingRules | None = None
    hands: tuple[tuple[Card, ...], ...] | None = None

    def to_json(self) -> str:
        """Serialize the view (what a frontend sends to that player)."""
        return dump_document("view", self.game, encode(self))

    @classmethod
    def from_json(cls, text: str | bytes) -> SheddingView:
        """Load a view written by `to_json`, checking that its position can be reached.

        After the types, the game's view checker (`Game.check_view`) runs: seats in range,
        card counts adding up to the deck of the rules, the phase and the cards consistent, and
        the view exactly what its position shows, so that a loaded view can be given to
        `Game.sample_state`.

        Raises:
            InvalidStateError: naming the path of the first problem.
        """
        from cardgames.game import find_game

        data = load_document(text, "view", None)
        if not isinstance(data, dict):
            raise InvalidStateError("/data", "expected an object")
        game_name = data.get("game")
        try:
            game = find_game(game_name if isinstance(game_name, str) else "")
        except LookupError:
            raise InvalidStateError("/data/game", f"unknown game {game_name!r}") from None
        load_document(text, "view", game.name)  # the envelope must name the same game
        if game_name != game.name:
            raise InvalidStateError("/data/game", f"expected {game.name!r}, got {game_name!r}")
        body = dict(data)
        raw_rules = body.pop("rules", None)
        tagged: dict[str, type] = {**MOVE_TYPES, **EVENT_TYPES}
        view: SheddingView = decode(cls, body, "/data", tagged=tagged)
        if raw_rules is not None:
            try:
                rules = decode(game.rules_type, raw_rules, "/data/rules")
            except InvalidRulesError as exc:
                raise InvalidStateError(f"/data/rules/{exc.option}", exc.reason) from None
            view = attrs.evolve(view, rules=rules)
        game.check_view(view)
        return view


@attrs.frozen
class StateDocument:
    """The ``data`` part of a shedding state document: every field of the state, in order.

    `cardgames.shedding.engine` writes it (``to_json``) and `cardgames.shedding.deal` reads it
    (``from_json``), through `cardgames.codec`.
    """

    rules: Any
    players: tuple[str, ...]
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    discard: tuple[Card, ...]
    current: int
    direction: int
    suit: Suit | None
    penalty: int
    phase: Phase
    drawn: Card | None
    announce_target: int | None
    top_player: int | None
    passes: int
    moves_played: int
    rng: tuple[int, int, int, int]
    outcome: Outcome | None
    events: tuple[Event, ...]


STATE_DOCUMENT: type = StateDocument
"""The class a state document's ``data`` is decoded into (what `cardgames.schema` describes)."""


_StateDocument = StateDocument  # the old name, still imported by engine.py
