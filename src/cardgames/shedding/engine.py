"""The shedding engine: one implementation of the game protocol for every "eights" game.

Rules it implements, all parameterised by `SheddingRules` (see `cardgames.shedding.rules`):

- Deal ``hand_size`` cards to each player, one at a time clockwise from the dealer's left; turn
  up the top of the stock to open the discard pile (a wild starter goes back into the stock at a
  random place, below the top, and another card is turned, unless ``starter`` says to keep it).
- The player on the dealer's left starts; play goes clockwise (increasing seats) until reversed.
- On your turn lay one card of the suit to follow or of the rank of the top card, or a wild card,
  which names the suit that follows. If you cannot play, draw one card (or, with
  ``draw_until_playable``, until you can); a drawn card that fits may be laid at once
  (``after_draw``), else the turn passes. You may not draw while holding a playable card unless
  ``draw_when_playable``.
- A draw effect makes the next player draw. Under a pending draw nothing may be laid (not even a
  wild card) but a card that stacks on it (``stacking``), which passes the grown penalty on; a
  player who takes the penalty does not play that turn (``penalty_ends_turn``).
- When the stock is empty, the discard pile but its top card is shuffled (with the state's RNG)
  into a new stock. When nothing can be drawn and nothing laid, a player passes; when every
  player has passed in a row the round is blocked and ends.
- Laying your second-to-last card you announce "carte!". A player who forgets may be called out
  by any other player until the next move of the game; they then draw ``announce_penalty``
  cards. The call-out is an out-of-turn move (`CallOut`): the callers are listed in `to_act`.
- With ``jump_in`` ("à la volée"), a player holding a card identical (same rank and suit) to the
  top of the discard pile may lay it out of turn, except the player who laid that top card. Play
  continues from the jumper; the card's effect applies from there. A pending draw is carried on
  (added to) when stacking is allowed, and replaced by the jump-in card's own effect otherwise.
  When several players can jump in, the first jump-in applied wins; the state accepts any of them.
- The round ends the moment a player lays their last card (the effect of that card is not
  applied), when the round is blocked, or after ``max_moves`` moves (scored like a blocked round).

Performance: the hot paths (`State.legal_moves`, `State.apply`) read precomputed tables (one per
rules and player count), reuse interned move objects and copy only the fields that change.
Events are stored as compact records and built when `State.last_events` is first read.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

import attrs

from cardgames.cards import Card, Rank, Suit, make_deck, parse_cards
from cardgames.codec import decode, dump_document, encode, load_document
from cardgames.errors import IllegalMoveError, InvalidRulesError, InvalidStateError, ParseError
from cardgames.game import (
    Event,
    FrozenState,
    Game,
    LegalMoves,
    Move,
    Outcome,
    Termination,
    View,
)
from cardgames.rng import Rng
from cardgames.shedding.moves import (
    EVENT_TYPES,
    MOVE_TYPES,
    AnnouncementCalled,
    AnnouncementMade,
    AnnouncementMissed,
    CallOut,
    CardPlayed,
    CardsDrawn,
    DirectionReversed,
    Draw,
    HandsSwapped,
    NextPlayerChosen,
    Pass,
    Passed,
    PenaltyGrown,
    PenaltyTaken,
    PlayCard,
    PlaysAgain,
    RoundOver,
    StarterReturned,
    StarterTurned,
    StockReshuffled,
    SuitNamed,
    TakePenalty,
    TurnSkipped,
)
from cardgames.shedding.rules import AfterDraw, Effect, SheddingRules, Stacking, Starter
from cardgames.shedding.scoring import points_table, settle

if TYPE_CHECKING:
    from typing_extensions import Self

__all__ = ["Phase", "SheddingState", "SheddingView", "new_game", "sample_state"]


class Phase(enum.Enum):
    """Where the current player is in their turn."""

    PLAY = "play"
    """Lay a card, draw, take a penalty or pass."""
    AFTER_DRAW = "after_draw"
    """The card just drawn fits: lay it, or pass."""
    OVER = "over"
    """The round has ended."""


_PLAY: Final = Phase.PLAY
_AFTER_DRAW: Final = Phase.AFTER_DRAW
_OVER: Final = Phase.OVER
_JOKER_FACE: Final = 13
_NO_SUIT: Final = 4
_FACE: Final = tuple(
    (c.rank - 2) if c.rank is not None else _JOKER_FACE for c in map(Card.from_code, range(53))
)
_SUIT_OF: Final = tuple(
    int(c.suit) if c.suit is not None else _NO_SUIT for c in map(Card.from_code, range(53))
)
_CARDS: Final = tuple(Card.from_code(code) for code in range(53))


class _Tables:
    """Everything the hot paths need, precomputed once per (rules, number of players)."""

    def __init__(self, rules: SheddingRules, n: int) -> None:
        self.n = n
        self.rules = rules
        effects = tuple(rules.effects.for_card(c) for c in _CARDS)
        self.effects: tuple[Effect, ...] = effects
        self.points = points_table(rules)
        self.announce = rules.announce_penalty > 0
        self.two_again = n == 2 and rules.two_players_again
        self.jump_in = rules.jump_in
        self.stacks = rules.stacking is not Stacking.NONE
        self.plain = tuple(e.is_plain for e in effects)
        self.max_moves = rules.max_moves
        self.draw_when_playable = rules.draw_when_playable
        self.draw_until_playable = rules.draw_until_playable
        self.may_play_drawn = rules.after_draw is not AfterDraw.PASS
        self.multi = rules.decks_for(n) > 1 or rules.deck.size == 54
        draws = [c for c in _CARDS if effects[c].draw]
        wild = frozenset(c for c in _CARDS if effects[c].wild)
        # playable[face * 5 + suit]: cards that may be laid on a top card of that face with
        # that suit to follow (suit 4: no suit named, anything goes).
        playable: list[frozenset[Card]] = []
        for face in range(14):
            for suit in range(5):
                if suit == _NO_SUIT:
                    playable.append(frozenset(_CARDS))
                else:
                    playable.append(
                        frozenset(
                            c
                            for c in _CARDS
                            if c in wild or _SUIT_OF[c] == suit or _FACE[c] == face
                        )
                    )
        self.playable = tuple(playable)
        stackable: list[frozenset[Card]] = []
        for face in range(14):
            if rules.stacking is Stacking.SAME_RANK:
                stackable.append(frozenset(c for c in draws if _FACE[c] == face))
            elif rules.stacking is Stacking.ANY_DRAW:
                stackable.append(frozenset(draws))
            else:
                stackable.append(frozenset())
        self.stackable = tuple(stackable)
        self._plays: dict[tuple[int, int, bool, int], tuple[PlayCard, ...]] = {}
        self.draw = tuple(Draw(p) for p in range(n))
        self.pass_ = tuple(Pass(p) for p in range(n))
        self.take = tuple(TakePenalty(p) for p in range(n))
        self.callout = tuple(tuple(CallOut(p, t) for t in range(n)) for p in range(n))
        # card_moves[player * 2 + announce][card]: the interned moves laying that card (None
        # for a swap card, whose announce variants depend on the target's hand).
        self.card_moves: tuple[tuple[tuple[PlayCard, ...] | None, ...], ...] = tuple(
            tuple(
                None
                if effects[c].swap
                else self._build(p, c, bool(announce) and self.announce, None)
                for c in _CARDS
            )
            for p in range(n)
            for announce in (0, 1)
        )

    def plays(
        self, player: int, card: Card, hand_after: int, hands: tuple[tuple[Card, ...], ...]
    ) -> tuple[PlayCard, ...]:
        """The interned moves that lay ``card``.

        One per named suit and target, with announce variants when the player is left with one
        card.
        """
        effect = self.effects[card]
        if effect.swap:
            return self._swap_plays(player, card, hands)
        key = (player, card, hand_after == 1 and self.announce, -1)
        moves = self._plays.get(key)
        if moves is None:
            moves = self._build(player, card, key[2], None)
            self._plays[key] = moves
        return moves

    def _swap_plays(
        self, player: int, card: Card, hands: tuple[tuple[Card, ...], ...]
    ) -> tuple[PlayCard, ...]:
        out: list[PlayCard] = []
        for target in range(self.n):
            if target == player:
                continue
            announce = len(hands[target]) == 1 and self.announce
            key = (player, card, announce, target)
            moves = self._plays.get(key)
            if moves is None:
                moves = self._build(player, card, announce, target)
                self._plays[key] = moves
            out.extend(moves)
        return tuple(out)

    def _build(
        self, player: int, card: Card, announce: bool, swap_target: int | None
    ) -> tuple[PlayCard, ...]:
        effect = self.effects[card]
        suits: tuple[Suit | None, ...] = tuple(Suit) if effect.wild else (None,)
        if swap_target is not None:
            targets: tuple[int | None, ...] = (swap_target,)
        elif effect.choose:
            targets = tuple(t for t in range(self.n) if t != player)
        else:
            targets = (None,)
        flags = (False, True) if announce else (False,)
        return tuple(
            PlayCard(player, card, suit, flag, target)
            for suit in suits
            for target in targets
            for flag in flags
        )


_TABLE_CACHE: dict[tuple[SheddingRules, int], _Tables] = {}


def _tables(rules: SheddingRules, n: int) -> _Tables:
    key = (rules, n)
    tables = _TABLE_CACHE.get(key)
    if tables is None:
        if len(_TABLE_CACHE) > 256:
            _TABLE_CACHE.clear()
        tables = _Tables(rules, n)
        _TABLE_CACHE[key] = tables
    return tables


# The fields that make a state's value (equality, JSON); everything else is derived or cached.
_FIELDS: Final = (
    "_rules",
    "players",
    "hands",
    "stock",
    "discard",
    "current",
    "direction",
    "suit",
    "penalty",
    "phase",
    "drawn",
    "announce_target",
    "top_player",
    "passes",
    "moves_played",
    "rng",
    "_outcome",
    "_raw_events",
)

RawEvent = tuple[Any, ...]


@attrs.frozen
class SheddingView(View):
    """What one player (or a spectator) sees of a shedding game.

    Built field by field from an allow-list: the viewer's own hand (``None`` for a spectator),
    the sizes of the other hands, public table information (the discard pile, whose cards were
    all laid face up, the suit to follow, a pending penalty, whose turn it is, consecutive
    blocked passes, the rules), the viewer's legal moves and the events redacted for them.
    `drawn` is the card just drawn, shown only to its drawer. It never holds an opponent's card,
    the stock order or the RNG state.
    """

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

    def to_json(self) -> str:
        """Serialize the view (what a frontend sends to that player)."""
        return dump_document("view", self.game, encode(self))

    @classmethod
    def from_json(cls, text: str | bytes) -> SheddingView:
        """Load a view written by `to_json`.

        Raises:
            InvalidStateError: naming what is wrong.
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
        return view


@attrs.frozen
class _StateDocument:
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


class SheddingState(FrozenState[SheddingRules, Move, SheddingView]):
    """A position of a shedding game (Crazy Eights, 8 Américain): frozen, compared by value.

    Attributes:
        players: The players' names, by seat.
        hands: Every hand, by seat, in the order the cards were received.
        stock: The stock, top card first.
        discard: The discard pile, top card last.
        current: The seat whose turn it is.
        direction: +1 clockwise (increasing seats), -1 after a reversal.
        suit: The suit to follow (named by a wild card, else the top card's); ``None`` when any
            card may be laid (a wild starter kept).
        penalty: Cards the current player must draw unless they stack on them (0: none).
        phase: Where the current player is in their turn.
        drawn: In `Phase.AFTER_DRAW`, the drawn card that may be laid.
        announce_target: The player who did not announce their last card while they may be
            called out; ``None`` otherwise.
        top_player: Who laid the top card (``None`` for the starter).
        passes: Consecutive passes of players who could neither play nor draw.
        moves_played: Moves applied since the deal.
        rng: The RNG for the coming reshuffles (never shown to players).
    """

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
    rng: Rng
    _rules: SheddingRules
    _tables: _Tables
    _outcome: Outcome | None
    _raw_events: tuple[RawEvent, ...]
    _c: dict[Any, Any]

    _FIELDS = _FIELDS

    def __repr__(self) -> str:
        top = self.discard[-1]
        status = "over" if self.phase is _OVER else f"to play: {self.current}"
        return (
            f"<{type(self).__name__} {self.game.name} players={len(self.players)} "
            f"top={top} suit={self.suit} {status} moves={self.moves_played}>"
        )

    # -- protocol -------------------------------------------------------------------------------

    @property
    def game(self) -> Game[Any]:
        """The descriptor of this state's game (found by the rules' game name)."""
        from cardgames.game import find_game

        return find_game(self._rules.game_name)

    @property
    def rules(self) -> SheddingRules:
        """The rules of this round."""
        return self._rules

    @property
    def top(self) -> Card:
        """The top card of the discard pile."""
        return self.discard[-1]

    @property
    def is_over(self) -> bool:
        """Whether the round has ended."""
        return self.phase is _OVER

    def outcome(self) -> Outcome | None:
        """The result once the round is over: reason, winners and this round's points.

        Under Crazy Eights scoring the winners collect points; under 8 Américain scoring every
        player scores their own hand (lower is better).
        """
        return self._outcome

    @property
    def last_events(self) -> tuple[Event, ...]:
        """The events of the move that produced this state (or of the deal)."""
        cache = self._c
        events = cache.get("events")
        if events is None:
            events = tuple(record[0](*record[1:]) for record in self._raw_events)
            cache["events"] = events
        return events

    @property
    def to_act(self) -> tuple[int, ...]:
        """The seats that may move now.

        The current player first, then any player who may call out a missed announcement or
        jump in, in seat order after the current player.
        """
        if self.announce_target is None and not self._tables.jump_in:
            return () if self.phase is _OVER else (self.current,)
        return self._moves()[0]

    def legal_moves(self, player: int | None = None) -> LegalMoves[Move]:
        """The legal moves of ``player`` (default: of every seat in `to_act`).

        In a fixed order: the current player's (cards by code, suits in bridge order, without
        then with the announcement; then draw, take or pass), then the other seats' out-of-turn
        moves.
        """
        cache = self._c
        result = cache.get(player)
        if result is None:
            if (
                player is None
                and self.announce_target is None
                and not self._tables.jump_in
                and self.phase is not _OVER
            ):
                result = LegalMoves(self._current_moves())
                cache[None] = result
                return result
            to_act, by_player = self._moves()
            if player is None:
                moves: tuple[Move, ...] = ()
                for seat in to_act:
                    moves += by_player[seat]
            else:
                moves = by_player.get(player, ())
            result = LegalMoves(moves)
            cache[player] = result
        return result

    def apply(self, move: Move) -> SheddingState:
        """Return the state after ``move``.

        Raises:
            IllegalMoveError: with a machine-readable ``reason`` if the move is not legal; this
                state is unchanged.
        """
        legal = self._c.get(None)
        if legal is None:
            legal = self.legal_moves()
        for candidate in legal:
            if candidate is move:
                return self._transition(move)
        try:  # an equal move built by the caller
            ok = isinstance(move, Move) and tuple.__contains__(legal, move)
        except TypeError:  # a move holding unhashable junk
            ok = False
        if not ok:
            raise self._diagnose(move)
        return self._transition(move)

    def view(self, player: int | None) -> SheddingView:
        """What ``player`` sees (``None``: a spectator)."""
        if player is not None and not 0 <= player < len(self.players):
            raise ValueError(f"no seat {player} in a game of {len(self.players)} players")
        own = player is not None
        drawn = self.drawn if own and player == self.current else None
        return SheddingView(
            viewer=player,
            game=self._rules.game_name,
            players=self.players,
            hand=tuple(sorted(self.hands[player])) if player is not None else None,
            hand_sizes=tuple(len(h) for h in self.hands),
            top=self.discard[-1],
            suit=self.suit,
            penalty=self.penalty,
            current=self.current,
            direction=self.direction,
            phase=self.phase,
            to_act=self._public_to_act(player),
            stock_size=len(self.stock),
            discard=self.discard,
            drawn=drawn,
            announce_target=self.announce_target,
            top_player=self.top_player,
            passes=self.passes,
            moves_played=self.moves_played,
            legal_moves=self.legal_moves(player).as_tuple() if player is not None else (),
            events=tuple(e.redacted_for(player) for e in self.last_events),
            outcome=self._outcome,
            rules=self._rules,
        )

    def _public_to_act(self, viewer: int | None) -> tuple[int, ...]:
        """`to_act` as ``viewer`` may know it.

        Who may jump in depends on hidden hands, so other players are listed only for the
        public call-out window.
        """
        target = self.announce_target
        return tuple(
            seat
            for seat in self.to_act
            if seat in (viewer, self.current) or (target is not None and seat != target)
        )

    def all_cards(self) -> tuple[Card, ...]:
        """Every card in hands, stock and discard pile, sorted."""
        cards: list[Card] = [*self.stock, *self.discard]
        for hand in self.hands:
            cards.extend(hand)
        return tuple(sorted(cards))

    # -- notation -------------------------------------------------------------------------------

    def format_move(self, move: Move) -> str:
        """Write a move in the text notation.

        ``play 8H name hearts``, ``play 7C announce``, ``play QS target 2``, ``draw``, ``pass``,
        ``take``, ``callout 2``.

        Examples:
            >>> from cardgames.crazy_eights import new_game, PlayCard
            >>> from cardgames.cards import Card, Suit
            >>> state = new_game(3, seed=1)
            >>> state.format_move(PlayCard(1, Card.parse("8H"), Suit.SPADES))
            'play 8H name spades'
        """
        if isinstance(move, tuple(MOVE_TYPES.values())):
            return str(move)
        raise TypeError(f"not a move of this game: {move!r}")

    def parse_move(self, text: str, player: int | None = None) -> Move:
        """Read a move written by `format_move`.

        Case does not matter; ``play`` may be omitted, ``carte`` means ``announce``; a target is
        a seat number or a player's name.

        ``player`` defaults to the current player.

        Raises:
            ParseError: if the text is not a move.
        """
        if not isinstance(text, str):
            raise ParseError(text, "a move in text")
        who = self.current if player is None else player
        words = text.replace("!", " ").split()
        folded = [w.casefold() for w in words]
        expected = (
            "play CARD [name SUIT] [target SEAT] [announce], draw, pass, take or callout SEAT"
        )
        if not folded:
            raise ParseError(text, expected)
        head = folded[0]
        if len(folded) == 1 and head in {"draw", "pioche", "pass", "passe", "take", "penalty"}:
            if head in {"draw", "pioche"}:
                return Draw(who)
            if head in {"pass", "passe"}:
                return Pass(who)
            return TakePenalty(who)
        if head in {"callout", "call", "contre"}:
            if len(words) != 2:
                raise ParseError(text, "callout SEAT")
            return CallOut(who, self._parse_seat(words[1], text))
        if head in {"play", "joue"}:
            words, folded = words[1:], folded[1:]
        if not words:
            raise ParseError(text, expected)
        card = Card.parse(words[0])
        suit: Suit | None = None
        target: int | None = None
        announce = False
        i = 1
        while i < len(words):
            word = folded[i]
            if word in {"announce", "carte"}:
                announce = True
                i += 1
            elif word in {"name", "names", "annonce"} and i + 1 < len(words):
                suit = Suit.parse(words[i + 1])
                i += 2
            elif word in {"target", "swap", "choose"} and i + 1 < len(words):
                target = self._parse_seat(words[i + 1], text)
                i += 2
            else:
                try:
                    suit = Suit.parse(words[i])
                except ParseError:
                    raise ParseError(text, expected) from None
                i += 1
        return PlayCard(who, card, suit, announce, target)

    def _parse_seat(self, word: str, text: str) -> int:
        if word.isascii() and word.isdigit() and len(word) <= 6:
            return int(word)
        for seat, name in enumerate(self.players):
            if name.casefold() == word.casefold():
                return seat
        raise ParseError(text, "a seat number or a player's name")

    # -- JSON -----------------------------------------------------------------------------------

    def to_json(self) -> str:
        """The whole state (hidden cards and RNG included) as a versioned JSON document."""
        document = _StateDocument(
            rules=self._rules,
            players=self.players,
            hands=self.hands,
            stock=self.stock,
            discard=self.discard,
            current=self.current,
            direction=self.direction,
            suit=self.suit,
            penalty=self.penalty,
            phase=self.phase,
            drawn=self.drawn,
            announce_target=self.announce_target,
            top_player=self.top_player,
            passes=self.passes,
            moves_played=self.moves_played,
            rng=self.rng.state,
            outcome=self._outcome,
            events=self.last_events,
        )
        return dump_document("state", self._rules.game_name, encode(document))

    @classmethod
    def from_json(cls, text: str | bytes) -> Self:
        """Load a state written by `to_json`, checking types, counts and card conservation.

        Raises:
            InvalidStateError: naming the first problem found.
        """
        return _state_from_json(text)  # type: ignore[return-value]

    # -- move generation ------------------------------------------------------------------------

    def _moves(self) -> tuple[tuple[int, ...], dict[int, tuple[Move, ...]]]:
        cache = self._c
        result = cache.get("moves")
        if result is not None:
            return result  # type: ignore[no-any-return]
        if self.phase is _OVER:
            result = ((), {})
            cache["moves"] = result
            return result
        t = self._tables
        current = self.current
        by_player: dict[int, tuple[Move, ...]] = {current: tuple(self._current_moves())}
        n = t.n
        announce_target = self.announce_target
        if announce_target is not None or t.jump_in:
            hands = self.hands
            top = self.discard[-1]
            top_player = self.top_player
            for step in range(n):
                seat = (current + step) % n
                extra: tuple[Move, ...] = ()
                # The current player plays by the turn rules; jump-ins are for the others.
                if step and t.jump_in and seat != top_player and top in hands[seat]:
                    extra = t.plays(seat, top, len(hands[seat]) - 1, hands)
                if announce_target is not None and seat != announce_target:
                    extra += (t.callout[seat][announce_target],)
                if extra:
                    by_player[seat] = by_player.get(seat, ()) + extra
            to_act = tuple(by_player)
        else:
            to_act = (current,)
        result = (to_act, by_player)
        cache["moves"] = result
        return result

    def _current_moves(self) -> Sequence[Move]:
        t = self._tables
        p = self.current
        hand = self.hands[p]
        if self.phase is _AFTER_DRAW:
            drawn = self.drawn
            assert drawn is not None
            laid = t.card_moves[p * 2 + (len(hand) == 2)][drawn]
            moves: tuple[Move, ...] = (
                laid if laid is not None else t.plays(p, drawn, len(hand) - 1, self.hands)
            )
            if t.rules.after_draw is not AfterDraw.MUST_PLAY:
                moves += (t.pass_[p],)
            return moves
        top = self.discard[-1]
        if self.penalty:
            allowed = t.stackable[_FACE[top]]
            out: list[Move] = []
            if allowed:
                for card in sorted(set(hand).intersection(allowed)):
                    out.extend(t.plays(p, card, len(hand) - 1, self.hands))
            out.append(t.take[p])
            return out
        suit = self.suit
        allowed = t.playable[_FACE[top] * 5 + (_NO_SUIT if suit is None else suit)]
        fitting = list(filter(allowed.__contains__, hand))
        if not fitting:
            if self.stock or len(self.discard) > 1:
                return (t.draw[p],)
            return (t.pass_[p],)
        if len(fitting) > 1:
            fitting = sorted(set(fitting)) if t.multi else sorted(fitting)
        table = t.card_moves[p * 2 + (len(hand) == 2)]
        if len(fitting) == 1 and not t.draw_when_playable:
            laid = table[fitting[0]]
            if laid is not None:
                return laid
        out = []
        for card in fitting:
            laid = table[card]
            if laid is None:
                laid = t.plays(p, card, len(hand) - 1, self.hands)
            out += laid
        if t.draw_when_playable and (self.stock or len(self.discard) > 1):
            out.append(t.draw[p])
        return out

    def _diagnose(self, move: object) -> IllegalMoveError:
        """Explain why a move that is not in the legal moves is illegal."""
        if not isinstance(move, Move):
            return IllegalMoveError(
                move, None, "not_a_move", f"expected a move, got {type(move).__name__}"
            )
        player = move.player
        if not isinstance(move, tuple(MOVE_TYPES.values())):
            return IllegalMoveError(move, player, "wrong_game", "this is not a move of this game")
        if self.phase is _OVER:
            return IllegalMoveError(move, player, "game_over", "the round is over")
        if not isinstance(player, int) or not 0 <= player < len(self.players):
            return IllegalMoveError(move, player, "unknown_player", f"there is no seat {player}")
        top = self.discard[-1]
        if isinstance(move, CallOut):
            if self.announce_target is None:
                return IllegalMoveError(
                    move, player, "nothing_to_call_out", "nobody can be called out now"
                )
            return IllegalMoveError(
                move,
                player,
                "bad_target",
                f"only seat {self.announce_target} can be called out, by another player",
            )
        if isinstance(move, PlayCard) and player != self.current:
            if not self._tables.jump_in:
                return IllegalMoveError(
                    move, player, "not_your_turn", f"it is seat {self.current}'s turn"
                )
            if move.card != top or player == self.top_player:
                return IllegalMoveError(
                    move,
                    player,
                    "not_your_turn",
                    f"it is seat {self.current}'s turn; a jump-in needs a card identical to {top}",
                )
        elif player != self.current:
            return IllegalMoveError(
                move, player, "not_your_turn", f"it is seat {self.current}'s turn"
            )
        if isinstance(move, PlayCard):
            hand = self.hands[player]
            if move.card not in hand:
                return IllegalMoveError(
                    move, player, "card_not_in_hand", f"{move.card} is not in the hand"
                )
            if self.phase is _AFTER_DRAW and player == self.current and move.card != self.drawn:
                return IllegalMoveError(
                    move,
                    player,
                    "only_drawn_card",
                    f"only the drawn card {self.drawn} may be laid now",
                )
            if self.penalty and player == self.current:
                return IllegalMoveError(
                    move,
                    player,
                    "penalty_pending",
                    f"answer the penalty of {self.penalty} with a card that stacks, or take it",
                )
            effect = self._tables.effects[move.card]
            if effect.wild != (move.suit is not None):
                reason = "suit_required" if effect.wild else "suit_not_allowed"
                return IllegalMoveError(
                    move,
                    player,
                    reason,
                    f"{move.card} {'needs' if effect.wild else 'takes no'} named suit",
                )
            if (effect.swap or effect.choose) != (move.target is not None) or move.target == player:
                return IllegalMoveError(
                    move,
                    player,
                    "bad_target",
                    f"{move.card} needs an opponent as target"
                    if effect.swap or effect.choose
                    else f"{move.card} takes no target",
                )
            if move.target is not None and not 0 <= move.target < len(self.players):
                return IllegalMoveError(
                    move, player, "bad_target", f"there is no seat {move.target}"
                )
            if move.announce:
                return IllegalMoveError(
                    move,
                    player,
                    "announce_not_allowed",
                    "announce only when laying your second-to-last card",
                )
            return IllegalMoveError(
                move,
                player,
                "card_does_not_match",
                f"{move.card} does not go on {top} (suit to follow: {self.suit})",
            )
        if isinstance(move, Draw):
            if self.penalty:
                return IllegalMoveError(
                    move, player, "penalty_pending", "take the penalty or stack on it"
                )
            if self.phase is _AFTER_DRAW:
                return IllegalMoveError(move, player, "already_drew", "lay the drawn card or pass")
            if not (self.stock or len(self.discard) > 1):
                return IllegalMoveError(
                    move, player, "cannot_draw", "there is nothing left to draw: pass"
                )
            return IllegalMoveError(move, player, "must_play", "you hold a playable card")
        if isinstance(move, TakePenalty):
            return IllegalMoveError(move, player, "no_penalty", "there is no penalty to take")
        if self.penalty:
            return IllegalMoveError(
                move, player, "penalty_pending", "take the penalty or stack on it"
            )
        if self.phase is _AFTER_DRAW:
            return IllegalMoveError(
                move, player, "must_play_drawn_card", "the drawn card must be laid"
            )
        return IllegalMoveError(move, player, "cannot_pass", "you can play or draw")

    # -- transitions ----------------------------------------------------------------------------

    def _transition(self, move: Move) -> SheddingState:
        new = object.__new__(SheddingState)
        d = new.__dict__
        d.update(self.__dict__)
        d["_c"] = {}
        kind = type(move)
        t = self._tables
        if (
            kind is PlayCard
            and t.plain[move.card]  # type: ignore[attr-defined]
            and self.phase is _PLAY
            and self.announce_target is None
            and not self.penalty
            and len(self.hands[move.player]) > 2
            and self.moves_played + 1 < t.max_moves
        ):
            # The common case, inlined: a card without effect, laid in turn or as a jump-in,
            # that neither ends the round nor leaves one card (no announcement to check).
            p = move.player
            card: Card = move.card  # type: ignore[attr-defined]
            hands = self.hands
            hand = hands[p]
            i = hand.index(card)
            d["hands"] = hands[:p] + (hand[:i] + hand[i + 1 :],) + hands[p + 1 :]
            d["discard"] = self.discard + (card,)
            d["top_player"] = p
            d["suit"] = card.suit
            if self.passes:
                d["passes"] = 0
            d["current"] = (p + self.direction) % t.n
            d["moves_played"] = self.moves_played + 1
            d["_raw_events"] = ((CardPlayed, p, card, p != self.current),)
            return new
        if d["announce_target"] is not None:
            d["announce_target"] = None
        events: list[RawEvent] = []
        if kind is PlayCard:
            _play(d, events, move)  # type: ignore[arg-type]
        elif kind is Draw:
            _draw_turn(d, events)
        elif kind is TakePenalty:
            _take_penalty(d, events)
        elif kind is Pass:
            _pass(d, events)
        else:
            _call_out(d, events, move, self.announce_target)  # type: ignore[arg-type]
        moves_played = d["moves_played"] + 1
        d["moves_played"] = moves_played
        if moves_played >= d["_tables"].max_moves and d["phase"] is not _OVER:
            _finish(d, events, Termination.TURN_LIMIT)
        d["_raw_events"] = tuple(events)
        return new


def _next(d: dict[str, Any], seat: int) -> int:
    n: int = d["_tables"].n
    direction: int = d["direction"]
    return (seat + direction) % n


def _replace_hand(
    hands: tuple[tuple[Card, ...], ...], seat: int, hand: tuple[Card, ...]
) -> tuple[tuple[Card, ...], ...]:
    return hands[:seat] + (hand,) + hands[seat + 1 :]


def _play(d: dict[str, Any], events: list[RawEvent], move: PlayCard) -> None:
    t: _Tables = d["_tables"]
    p = move.player
    card = move.card
    jump = p != d["current"]
    hands = d["hands"]
    hand = hands[p]
    i = hand.index(card)
    hand = hand[:i] + hand[i + 1 :]
    d["discard"] = d["discard"] + (card,)
    d["top_player"] = p
    if d["phase"] is not _PLAY:
        d["drawn"] = None
        d["phase"] = _PLAY
    if d["passes"]:
        d["passes"] = 0
    events.append((CardPlayed, p, card, jump))
    if t.plain[card] and hand and not d["penalty"]:
        # The common case: a card without effect that does not end the round.
        d["suit"] = card.suit
        d["hands"] = hands[:p] + (hand,) + hands[p + 1 :]
        if t.announce and len(hand) == 1:
            if move.announce:
                events.append((AnnouncementMade, p))
            else:
                events.append((AnnouncementMissed, p))
                d["announce_target"] = p
        d["current"] = (p + d["direction"]) % t.n
        return
    effect = t.effects[card]
    if effect.wild:
        d["suit"] = move.suit
        events.append((SuitNamed, p, move.suit))
    else:
        d["suit"] = card.suit
    if not hand:
        d["hands"] = _replace_hand(hands, p, hand)
        d["penalty"] = 0
        _finish(d, events, Termination.WENT_OUT)
        return
    if effect.swap:
        target = move.target
        assert target is not None
        other = hands[target]
        hands = _replace_hand(hands, target, hand)
        hand = other
        events.append((HandsSwapped, p, target))
    d["hands"] = _replace_hand(hands, p, hand)
    if t.announce and len(hand) == 1:
        if move.announce:
            events.append((AnnouncementMade, p))
        else:
            events.append((AnnouncementMissed, p))
            d["announce_target"] = p
    n = t.n
    if effect.reverse and not t.two_again:
        d["direction"] = -d["direction"]
        events.append((DirectionReversed, p, d["direction"]))
    if effect.again or (t.two_again and (effect.reverse or effect.skip)):
        events.append((PlaysAgain, p))
        d["current"] = p
        d["penalty"] = 0
        return
    if effect.choose:
        assert move.target is not None
        nxt = move.target
        events.append((NextPlayerChosen, p, nxt))
    else:
        nxt = (p + d["direction"]) % n
    if effect.skip:
        events.append((TurnSkipped, nxt))
        nxt = (nxt + d["direction"]) % n
    if effect.draw:
        total = effect.draw + (d["penalty"] if t.stacks else 0)
        d["penalty"] = total
        events.append((PenaltyGrown, nxt, total))
    else:
        d["penalty"] = 0
    d["current"] = nxt


def _draw_cards(
    d: dict[str, Any], events: list[RawEvent], count: int, until: frozenset[Card] | None
) -> list[Card]:
    """Draw ``count`` cards, or with ``until`` until one of those comes.

    The discard pile is reshuffled into the stock when it runs out; drawing stops when nothing is
    left to draw.
    """
    stock: tuple[Card, ...] = d["stock"]
    drawn: list[Card] = []
    while until is not None or len(drawn) < count:
        if not stock:
            discard = d["discard"]
            if len(discard) < 2:
                break
            stock, rng = d["rng"].shuffle(discard[:-1])
            d["rng"] = rng
            d["discard"] = discard[-1:]
            events.append((StockReshuffled, len(stock)))
        if until is None:
            take = min(count - len(drawn), len(stock))
            drawn.extend(stock[:take])
            stock = stock[take:]
        else:
            card = stock[0]
            stock = stock[1:]
            drawn.append(card)
            if card in until:
                break
    d["stock"] = stock
    return drawn


def _playable_now(d: dict[str, Any]) -> frozenset[Card]:
    t: _Tables = d["_tables"]
    suit: Suit | None = d["suit"]
    top: Card = d["discard"][-1]
    allowed: frozenset[Card] = t.playable[_FACE[top] * 5 + (_NO_SUIT if suit is None else suit)]
    return allowed


def _draw_turn(d: dict[str, Any], events: list[RawEvent]) -> None:
    t: _Tables = d["_tables"]
    p = d["current"]
    playable = _playable_now(d)
    stock = d["stock"]
    if stock and not t.draw_until_playable:
        # The common case: one card from a stock that is not empty.
        card = stock[0]
        d["stock"] = stock[1:]
        if d["passes"]:
            d["passes"] = 0
        hands = d["hands"]
        d["hands"] = hands[:p] + (hands[p] + (card,),) + hands[p + 1 :]
        events.append((CardsDrawn, p, 1, "turn", (card,)))
        if card in playable and t.may_play_drawn:
            d["phase"] = _AFTER_DRAW
            d["drawn"] = card
        else:
            d["current"] = (p + d["direction"]) % t.n
        return
    until = playable if t.draw_until_playable else None
    drawn = _draw_cards(d, events, 1, until)
    d["passes"] = 0
    d["hands"] = _replace_hand(d["hands"], p, d["hands"][p] + tuple(drawn))
    events.append((CardsDrawn, p, len(drawn), "turn", tuple(drawn)))
    # The discard pile may have been reshuffled, but its top card, and so what fits, is unchanged.
    if drawn and drawn[-1] in playable and t.rules.after_draw is not AfterDraw.PASS:
        d["phase"] = _AFTER_DRAW
        d["drawn"] = drawn[-1]
    else:
        d["current"] = _next(d, p)


def _take_penalty(d: dict[str, Any], events: list[RawEvent]) -> None:
    t: _Tables = d["_tables"]
    p = d["current"]
    drawn = _draw_cards(d, events, d["penalty"], None)
    d["hands"] = _replace_hand(d["hands"], p, d["hands"][p] + tuple(drawn))
    events.append((PenaltyTaken, p, len(drawn)))
    events.append((CardsDrawn, p, len(drawn), "penalty", tuple(drawn)))
    d["penalty"] = 0
    if drawn:
        d["passes"] = 0
    if t.rules.penalty_ends_turn:
        d["current"] = _next(d, p)


def _pass(d: dict[str, Any], events: list[RawEvent]) -> None:
    t: _Tables = d["_tables"]
    p = d["current"]
    events.append((Passed, p))
    if d["phase"] is _AFTER_DRAW:
        d["phase"] = _PLAY
        d["drawn"] = None
    else:
        passes = d["passes"] + 1
        d["passes"] = passes
        if passes >= t.n:
            _finish(d, events, Termination.BLOCKED)
            return
    d["current"] = _next(d, p)


def _call_out(d: dict[str, Any], events: list[RawEvent], move: CallOut, target: int | None) -> None:
    t: _Tables = d["_tables"]
    events.append((AnnouncementCalled, move.player, move.target))
    drawn = _draw_cards(d, events, t.rules.announce_penalty, None)
    victim = move.target
    d["hands"] = _replace_hand(d["hands"], victim, d["hands"][victim] + tuple(drawn))
    events.append((CardsDrawn, victim, len(drawn), "callout", tuple(drawn)))
    if drawn:
        d["passes"] = 0


def _finish(d: dict[str, Any], events: list[RawEvent], reason: Termination) -> None:
    t: _Tables = d["_tables"]
    points = t.points
    values = [sum([points[c] for c in hand]) for hand in d["hands"]]
    winners, scores = settle(values, t.rules.scoring)
    if reason is Termination.WENT_OUT:
        detail = f"{d['players'][winners[0]]} laid their last card"
    else:
        low = values[winners[0]]
        why = (
            "nobody could play or draw"
            if reason is Termination.BLOCKED
            else "the move limit was reached"
        )
        names = ", ".join(d["players"][w] for w in winners)
        detail = f"{why}; lowest hand value ({low}): {names}"
        if len(winners) > 1:
            detail += " (tied: each wins)"
    outcome = Outcome(reason, winners, scores, detail)
    d["_outcome"] = outcome
    d["phase"] = _OVER
    d["penalty"] = 0
    d["drawn"] = None
    d["announce_target"] = None
    events.append((RoundOver, outcome))


# -- creation ---------------------------------------------------------------------------------


def _player_names(players: int | Sequence[str], game: Game[Any]) -> tuple[str, ...]:
    if isinstance(players, bool):
        raise InvalidRulesError("players", players, "expected a number of players or their names")
    if isinstance(players, int):
        names = tuple(f"Player {i + 1}" for i in range(players))
    elif isinstance(players, str):
        raise InvalidRulesError("players", players, "expected a sequence of names, not one string")
    else:
        names = tuple(players)
        for name in names:
            if not isinstance(name, str) or not name.strip():
                raise InvalidRulesError("players", players, "names must be non-empty strings")
            try:
                name.encode("utf-8")
            except UnicodeEncodeError:
                raise InvalidRulesError("players", players, "names must be valid text") from None
        if len({n.casefold() for n in names}) != len(names):
            raise InvalidRulesError("players", players, "names must be different")
    if not game.min_players <= len(names) <= game.max_players:
        raise InvalidRulesError(
            "players",
            len(names),
            f"{game.title} takes {game.min_players} to {game.max_players} players",
        )
    return names


def new_game(
    game: Game[Any],
    players: int | Sequence[str],
    *,
    seed: int,
    rules: SheddingRules | None = None,
    deck: Sequence[Card] | str | None = None,
) -> SheddingState:
    """Deal a round of a shedding game (see `Game.new_game`)."""
    if rules is None:
        rules = game.default_rules
    if not isinstance(rules, game.rules_type):
        raise InvalidRulesError("rules", rules, f"expected {game.rules_type.__name__}")
    names = _player_names(players, game)
    n = len(names)
    if rules.dealer >= n:
        raise InvalidRulesError("dealer", rules.dealer, f"there are only {n} seats")
    hand_size = rules.hand_size_for(n)
    full = make_deck(rules.deck, rules.decks_for(n))
    if n * hand_size + 1 > len(full):
        raise InvalidRulesError(
            "hand_size",
            hand_size,
            f"{n} hands of {hand_size} and a starter need more than {len(full)} cards",
        )
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed must be an int, not {type(seed).__name__}")
    rng = Rng.from_seed(seed)
    if deck is None:
        order, rng = rng.shuffle(full)
    else:
        order = parse_cards(deck) if isinstance(deck, str) else tuple(deck)
        if sorted(order) != sorted(full):
            raise InvalidRulesError(
                "deck",
                len(order),
                f"expected exactly the {len(full)} cards of "
                f"{rules.decks_for(n)} {rules.deck.value} deck(s)",
            )
    tables = _tables(rules, n)
    first = (rules.dealer + 1) % n
    dealt_cards = n * hand_size
    # One card at a time from the dealer's left: card i goes to seat (first + i) % n.
    dealt = tuple(order[(seat - first) % n : dealt_cards : n] for seat in range(n))
    stock = tuple(order[dealt_cards:])
    events: list[RawEvent] = []
    starter = stock[0]
    stock = stock[1:]
    events.append((StarterTurned, starter))
    if rules.starter is Starter.REDRAW:
        # Put a wild starter back below the top at a random place; stop if only wild cards remain.
        while tables.effects[starter].wild and any(not tables.effects[c].wild for c in stock):
            events.append((StarterReturned, starter))
            place, rng = rng.below(len(stock))
            stock = stock[: place + 1] + (starter,) + stock[place + 1 :]
            starter, stock = stock[0], stock[1:]
            events.append((StarterTurned, starter))
    effect = tables.effects[starter]
    fields: dict[str, Any] = {
        "_rules": rules,
        "_tables": tables,
        "_c": {},
        "players": names,
        "hands": dealt,
        "stock": stock,
        "discard": (starter,),
        "current": first,
        "direction": 1,
        "suit": None if effect.wild else starter.suit,
        "penalty": 0,
        "phase": _PLAY,
        "drawn": None,
        "announce_target": None,
        "top_player": None,
        "passes": 0,
        "moves_played": 0,
        "rng": rng,
        "_outcome": None,
    }
    if rules.starter_effects and not effect.is_plain:
        _starter_effect(fields, events, effect, rules.dealer)
    fields["_raw_events"] = tuple(events)
    return SheddingState._make(fields)


def _starter_effect(d: dict[str, Any], events: list[RawEvent], effect: Effect, dealer: int) -> None:
    """Apply the starter's effect as if the dealer had laid it (wild: no suit is named)."""
    t: _Tables = d["_tables"]
    n = t.n
    if effect.reverse and not t.two_again:
        d["direction"] = -1
        events.append((DirectionReversed, dealer, -1))
    if effect.again or (t.two_again and (effect.reverse or effect.skip)):
        events.append((PlaysAgain, dealer))
        d["current"] = dealer
        return
    nxt = (dealer + d["direction"]) % n
    if effect.skip:
        events.append((TurnSkipped, nxt))
        nxt = (nxt + d["direction"]) % n
    if effect.draw:
        d["penalty"] = effect.draw
        events.append((PenaltyGrown, nxt, effect.draw))
    d["current"] = nxt


def sample_state(view: SheddingView, rng: Rng) -> SheddingState:
    """A full state consistent with ``view``, the cards its player has not seen dealt at random.

    What the player knows is kept: their own hand, the discard pile (every card in it was laid
    face up), the sizes of the other hands and of the stock, whose turn it is and every other
    public field. The other cards (the other hands and the stock) are shuffled with ``rng`` and
    dealt to match the sizes; when another player has just drawn a card that fits, one that fits
    is chosen for them. The events are those of the view (a card drawn by another player stays
    hidden), and the state's RNG is the one ``rng`` became, so the sample reveals nothing real.

    The result's ``view(view.viewer)`` equals ``view``.

    Raises:
        ValueError: if the view is not consistent with its rules (counts that do not add up).
    """
    from collections import Counter

    from cardgames.game import find_game

    game = find_game(view.game)
    rules: SheddingRules = view.rules if view.rules is not None else game.default_rules
    n = len(view.players)
    tables = _tables(rules, n)
    full = make_deck(rules.deck, rules.decks_for(n))
    known = Counter(view.discard)
    if view.hand is not None:
        known.update(view.hand)
    unknown = sorted((Counter(full) - known).elements())
    hidden = sum(size for seat, size in enumerate(view.hand_sizes) if seat != view.viewer)
    if len(unknown) != hidden + view.stock_size:
        raise ValueError("the view's card counts do not add up to the deck of its rules")
    shuffled, rng = rng.shuffle(unknown)
    pool = list(shuffled)
    drawn = view.drawn
    current = view.current
    if view.phase is _AFTER_DRAW and view.viewer != current:
        top = view.discard[-1]
        suit = view.suit
        allowed = tables.playable[_FACE[top] * 5 + (_NO_SUIT if suit is None else suit)]
        fitting = [i for i, card in enumerate(pool) if card in allowed]
        if not fitting:
            raise ValueError("no hidden card fits as the card the current player drew")
        drawn = pool.pop(fitting[0])
    hands: list[tuple[Card, ...]] = []
    for seat, size in enumerate(view.hand_sizes):
        if seat == view.viewer:
            assert view.hand is not None
            hands.append(tuple(view.hand))
            continue
        extra: tuple[Card, ...] = ()
        if seat == current and view.phase is _AFTER_DRAW and drawn is not None:
            extra = (drawn,)
        take = size - len(extra)
        hands.append(tuple(pool[:take]) + extra)
        del pool[:take]
    raw = tuple(
        (type(e), *(getattr(e, f.name) for f in attrs.fields(type(e)))) for e in view.events
    )
    fields: dict[str, Any] = {
        "_rules": rules,
        "_tables": tables,
        "_c": {},
        "players": view.players,
        "hands": tuple(hands),
        "stock": tuple(pool),
        "discard": view.discard,
        "current": current,
        "direction": view.direction,
        "suit": view.suit,
        "penalty": view.penalty,
        "phase": view.phase,
        "drawn": drawn if view.phase is _AFTER_DRAW else None,
        "announce_target": view.announce_target,
        "top_player": view.top_player,
        "passes": view.passes,
        "moves_played": view.moves_played,
        "rng": rng,
        "_outcome": view.outcome,
        "_raw_events": raw,
    }
    return SheddingState._make(fields)


def _state_from_json(text: str | bytes) -> SheddingState:
    from cardgames.game import find_game

    envelope_game = _peek_game(text)
    try:
        game = find_game(envelope_game)
    except LookupError:
        raise InvalidStateError("/game", f"unknown game {envelope_game!r}") from None
    data = load_document(text, "state", game.name)
    if not issubclass(game.state_type, SheddingState):
        raise InvalidStateError("/game", f"{game.name!r} is not a shedding game")
    document: _StateDocument = decode(_StateDocument, data, "/data", tagged=EVENT_TYPES)
    try:
        rules = decode(game.rules_type, document.rules, "/data/rules")
    except InvalidRulesError as exc:
        raise InvalidStateError(f"/data/rules/{exc.option}", exc.reason) from None
    return _check_document(document, rules, game)


def _peek_game(text: str | bytes) -> str:
    import json

    try:
        document = json.loads(text)
    except (ValueError, RecursionError, TypeError):
        load_document(text, "state", None)  # raises the precise error
        raise InvalidStateError("", "not a state document") from None
    if not isinstance(document, dict) or not isinstance(document.get("game"), str):
        raise InvalidStateError("/game", "missing or not a string")
    return str(document["game"])


def _check_document(doc: _StateDocument, rules: SheddingRules, game: Game[Any]) -> SheddingState:
    def fail(path: str, problem: str) -> InvalidStateError:
        return InvalidStateError(f"/data/{path}" if path else "/data", problem)

    n = len(doc.players)
    if not game.min_players <= n <= game.max_players:
        raise fail(
            "players",
            f"{game.title} takes {game.min_players} to {game.max_players} players, not {n}",
        )
    if any(not p.strip() for p in doc.players) or len({p.casefold() for p in doc.players}) != n:
        raise fail("players", "names must be non-empty and different")
    if rules.dealer >= n:
        raise fail("rules/dealer", f"there are only {n} seats")
    if len(doc.hands) != n:
        raise fail("hands", f"expected {n} hands, got {len(doc.hands)}")
    if not doc.discard:
        raise fail("discard", "the discard pile is never empty")
    expected = sorted(make_deck(rules.deck, rules.decks_for(n)))
    cards = sorted([*doc.stock, *doc.discard, *(c for h in doc.hands for c in h)])
    if cards != expected:
        from collections import Counter

        have, want = Counter(cards), Counter(expected)
        extra = sorted((have - want).elements())
        missing = sorted((want - have).elements())
        parts = []
        if extra:
            parts.append("unexpected or duplicated: " + " ".join(map(str, extra[:10])))
        if missing:
            parts.append("missing: " + " ".join(map(str, missing[:10])))
        raise fail("", "the cards are not those of the deck (" + "; ".join(parts) + ")")
    for name, value in (
        ("current", doc.current),
        ("announce_target", doc.announce_target),
        ("top_player", doc.top_player),
    ):
        if value is not None and not 0 <= value < n:
            raise fail(name, f"no seat {value} in a game of {n} players")
    if doc.direction not in (1, -1):
        raise fail("direction", "must be 1 or -1")
    if not 0 <= doc.penalty <= 100_000:
        raise fail("penalty", "out of range")
    if not 0 <= doc.passes <= n:
        raise fail("passes", f"must be 0 to {n}")
    if not 0 <= doc.moves_played <= rules.max_moves:
        raise fail("moves_played", f"must be 0 to {rules.max_moves}")
    if (doc.phase is _OVER) != (doc.outcome is not None):
        raise fail("outcome", "an outcome is present exactly when the phase is 'over'")
    if doc.phase is _AFTER_DRAW:
        if doc.drawn is None or doc.drawn not in doc.hands[doc.current]:
            raise fail("drawn", "after a draw the drawn card must be in the current hand")
        if doc.penalty:
            raise fail("penalty", "no penalty is pending after a turn's draw")
    elif doc.drawn is not None:
        raise fail("drawn", "only set after a draw")
    if doc.outcome is not None:
        if len(doc.outcome.scores) != n or any(not 0 <= w < n for w in doc.outcome.winners):
            raise fail("outcome", "scores and winners must match the seats")
    elif not all(doc.hands):
        raise fail("hands", "a player without cards has won: the phase must be 'over'")
    tables = _tables(rules, n)
    if doc.suit is None and not tables.effects[doc.discard[-1]].wild:
        raise fail("suit", "only a wild top card may leave the suit open")
    try:
        rng = Rng.from_state(doc.rng)
    except ValueError as exc:
        raise fail("rng", str(exc)) from None
    raw = tuple((type(e), *(getattr(e, f.name) for f in attrs.fields(type(e)))) for e in doc.events)
    fields: dict[str, Any] = {
        "_rules": rules,
        "_tables": tables,
        "_c": {},
        "players": doc.players,
        "hands": doc.hands,
        "stock": doc.stock,
        "discard": doc.discard,
        "current": doc.current,
        "direction": doc.direction,
        "suit": doc.suit,
        "penalty": doc.penalty,
        "phase": doc.phase,
        "drawn": doc.drawn,
        "announce_target": doc.announce_target,
        "top_player": doc.top_player,
        "passes": doc.passes,
        "moves_played": doc.moves_played,
        "rng": rng,
        "_outcome": doc.outcome,
        "_raw_events": raw,
    }
    return SheddingState._make(fields)


_ = Rank  # re-exported names used in doctests of game modules
