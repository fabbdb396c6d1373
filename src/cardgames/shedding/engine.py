"""The shedding engine: one implementation of the game protocol for every "eights" game.

Rules it implements, all parameterised by `SheddingRules` (see `cardgames.shedding.rules`):

- Deal ``hand_size`` cards to each player, one at a time clockwise from the dealer's left; turn
  up the top of the stock to open the discard pile (a wild starter goes back into the stock at a
  random place, below the top, and another card is turned, unless ``starter`` says to keep it).
- The player on the dealer's left starts; play goes clockwise (increasing seats) until reversed.
- On your turn lay one card of the suit to follow or of the rank of the top card, or a wild card,
  which names the suit that follows. If you cannot play, draw one card (or, with
  ``draw_until_playable``, until you can). What follows the draw is ``after_draw``: under
  ``play_or_pass`` the drawer always decides next (lay the drawn card if it fits, or keep it
  and pass), so nobody learns whether it fits; under ``must_play`` a drawn card that fits must
  be laid at once and otherwise the turn passes; under ``pass`` the turn passes. You may not
  draw while holding a playable card unless ``draw_when_playable``.
- A draw effect makes the next player draw. Under a pending draw nothing may be laid (not even a
  wild card) but a card that stacks on it (``stacking``), which passes the grown penalty on; a
  player who takes the penalty does not play that turn (``penalty_ends_turn``).
- When the stock is empty, the discard pile but its top card is shuffled (with the state's RNG)
  into a new stock. When nothing can be drawn and nothing laid, a player passes; when every
  player has passed in a row the round is blocked and ends.
- Laying your second-to-last card you announce "carte!". A player who forgets may be called out
  by any other player until the next move of the game; they then draw ``announce_penalty``
  cards. The call-out is an out-of-turn move (`CallOut`): the callers are listed in `to_act`.
  A player whom another player's swap leaves holding one card announces it with a move of its
  own (`Announce`, in turn or out of turn) before the next move; nobody may call them out
  meanwhile. If the next move is made first, they may be called out until the move after it.
- With ``jump_in`` ("à la volée"), a player holding a card identical (same rank and suit) to the
  top of the discard pile may lay it out of turn, except the player who laid that top card, until
  the next move of any kind (``jump_in_window=next_move``; ``top_unchanged``: while the card stays
  on top). Play continues from the jumper; the card's effect applies from there. A pending draw
  is carried on (added to) when stacking is allowed, and replaced by the jump-in card's own effect
  otherwise. When several players can jump in, the first jump-in applied wins; the state accepts
  any of them.
- The windows that are not fields of the state (the announcement a swap made due, the call-out
  after it, a jump-in under ``next_move``) are read from the events of the move that made the
  state, which the state keeps (as do its JSON document and its views), so that a loaded or
  sampled state has the same legal moves.
- The round ends the moment a player lays their last card (the effect of that card is not
  applied), when the round is blocked, or after ``max_moves`` moves (scored like a blocked round).

Every public method checks what it is given before using it: a seat must be a seat number
(`cardgames.game.seat_number`), and `SheddingState.apply` continues with the engine's own legal
move that the given move stands for (`cardgames.game.engine_move`), never with the caller's
object, so a state only ever holds the engine's own values. Error messages name only public
cards and the move's own.

Performance: the hot paths (`State.legal_moves`, `State.apply`) read precomputed tables (one per
rules and player count), reuse interned move objects and copy only the fields that change.
Events are stored as compact records and built when `State.last_events` is first read. The
binary wheels compile this module with mypyc (see ``hatch_build.py``): `SheddingState` is then a
native class whose fields are C struct slots. Everything that checks outside values (dealing,
sampling, loading JSON) lives in `cardgames.shedding.deal`, which is never compiled, so that bad
input gets the library's typed errors rather than a compiled function's ``TypeError``.
"""

from __future__ import annotations

import abc
import operator
import sys
from typing import TYPE_CHECKING, Any, Final, cast

from cardgames.cards import Card, Rank, Suit, make_deck
from cardgames.codec import dump_document, encode
from cardgames.errors import IllegalMoveError, InvalidArgumentError
from cardgames.game import (
    Event,
    Game,
    LegalMoves,
    Move,
    Outcome,
    Termination,
    ValueState,
    engine_move,
    seat_number,
)
from cardgames.rng import Rng
from cardgames.shedding.moves import (
    Announce,
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
    StockReshuffled,
    SuitNamed,
    TakePenalty,
    TurnSkipped,
)
from cardgames.shedding.rules import AfterDraw, Effect, JumpInWindow, SheddingRules, Stacking
from cardgames.shedding.scoring import _round_outcome, points_table
from cardgames.shedding.view import Phase, SheddingView, _StateDocument

if TYPE_CHECKING:
    from typing_extensions import Self

__all__ = ["Phase", "SheddingState", "SheddingView"]


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
_SUIT: Final = tuple(c.suit for c in _CARDS)  # Card.suit by code
_MOVE_CLASSES: Final = (PlayCard, Draw, Pass, TakePenalty, CallOut, Announce)
_NO_MOVES: Final[LegalMoves[Move]] = LegalMoves(())


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
        # Jump-ins only right after the top card was laid (or turned up), not while it stays.
        self.jump_fresh = rules.jump_in_window is JumpInWindow.NEXT_MOVE
        # A swap can leave its target holding one card, who then announces it (`Announce`).
        self.swap_announce = self.announce and any(e.swap for e in effects)
        # Moves by other seats than the current player's are possible under these rules.
        self.windows = self.jump_in or self.swap_announce
        self.stacks = rules.stacking is not Stacking.NONE
        self.plain = tuple(e.is_plain for e in effects)
        # Cards with an effect that apply's written-out path lays (not a swap or a choice).
        self.quick = tuple(not (e.is_plain or e.swap or e.choose) for e in effects)
        self.max_moves = rules.max_moves
        # apply's written-out transitions are taken while fewer moves were played (the move
        # limit is then not reached by the move).
        self.fast_before = rules.max_moves - 1
        self.draw_when_playable = rules.draw_when_playable
        self.draw_until_playable = rules.draw_until_playable
        # After a turn's draw: the drawer always decides (play_or_pass), or lays a card that
        # fits (must_play), or the turn passes (pass).
        self.drawer_decides = rules.after_draw is AfterDraw.PLAY_OR_PASS
        self.must_play_drawn = rules.after_draw is AfterDraw.MUST_PLAY
        self.multi = rules.decks_for(n) > 1 or rules.deck.size == 54
        # Copies of each card (by code) the decks hold: whether one may still be in a hand.
        copies = [0] * 53
        for card in make_deck(rules.deck, rules.decks_for(n)):
            copies[int(card)] += 1
        self.copies: tuple[int, ...] = tuple(copies)
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
        self.draw_only: tuple[LegalMoves[Move], ...] = tuple(
            LegalMoves((move,)) for move in self.draw
        )
        self.pass_only: tuple[LegalMoves[Move], ...] = tuple(
            LegalMoves((move,)) for move in self.pass_
        )
        self.take = tuple(TakePenalty(p) for p in range(n))
        self.callout = tuple(tuple(CallOut(p, t) for t in range(n)) for p in range(n))
        self.announce_move = tuple(Announce(p) for p in range(n))
        # card_moves[player * 2 + announce][card]: the interned moves laying that card (None
        # for a swap card, whose announce variants depend on the target's hand).
        self.card_moves: tuple[tuple[LegalMoves[Move] | None, ...], ...] = tuple(
            tuple(
                None
                if effects[c].swap
                else cast(
                    "LegalMoves[Move]",
                    self._build(p, c, bool(announce) and self.announce, None),
                )
                for c in _CARDS
            )
            for p in range(n)
            for announce in (0, 1)
        )
        # drawn_moves[player * 2 + announce][card]: the legal moves after a turn's draw of a
        # card that fits: lay it, then the pass (unless it must be laid); None for a swap card.
        self.drawn_moves: tuple[tuple[LegalMoves[Move] | None, ...], ...] = tuple(
            tuple(
                None
                if laid is None
                else LegalMoves(laid if self.must_play_drawn else (*laid, self.pass_[i // 2]))
                for laid in row
            )
            for i, row in enumerate(self.card_moves)
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
        return LegalMoves(
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


RawEvent = tuple[Any, ...]
_BUILD: Final = object()  # the token that lets the engine build a state
# The fields that make a state's value (equality, JSON), by their public names (`_evolve`);
# everything else is derived or cached.
_FIELDS: Final = (
    "rules",  # (read from the tables: ``_tables.rules``)
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
    "outcome",
    "raw_events",
)
_new_object: Final = object.__new__  # an instance without __init__ (interpreted copies)
# The per-state cache (`_c`) of a state that has cached nothing yet: shared by all such states
# and never written (a state that caches something first gets a dict of its own, `_own_cache`).
# Most states of a playout never use theirs, and a dict made and released per move costs
# about 250 instructions, interpreted.
_NO_CACHE: Final[dict[Any, Any]] = {}


class SheddingState(ValueState[SheddingRules, Move, SheddingView]):
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
        drawn: In `Phase.AFTER_DRAW`, the card just drawn (the last of the current hand), which
            may be laid if it fits.
        announce_target: The player who did not announce their last card while they may be
            called out; ``None`` otherwise.
        top_player: Who laid the top card (``None`` for the starter).
        passes: Consecutive passes of players who could neither play nor draw.
        moves_played: Moves applied since the deal.
        rng: The RNG for the coming reshuffles (never shown to players).

    The fields are read-only properties over private slots: the engine writes the slots of a new
    state while it builds it (`apply`, `_state`), and nothing writes them afterwards.
    Compiled with mypyc (the binary wheels), this class is a native class and the slots are C
    struct fields.
    """

    _players: tuple[str, ...]
    _hands: tuple[tuple[Card, ...], ...]
    _stock: tuple[Card, ...]
    _discard: tuple[Card, ...]
    _current: int
    _direction: int
    _suit: Suit | None
    _penalty: int
    _phase: Phase
    _drawn: Card | None
    _announce_target: int | None
    _top_player: int | None
    _passes: int
    _moves_played: int
    _rng: Rng
    _tables: _Tables  # the rules (``_tables.rules``) and what the hot paths read from them
    # None until the round ends: a default, so that no transition but _finish writes it (a
    # field copied costs about 100 instructions a move, interpreted).
    _outcome: Outcome | None = None
    _raw_events: tuple[RawEvent, ...]
    _legal: LegalMoves[Move] | None  # legal_moves() of every seat, once computed
    # Derived from _raw_events: under rules with a swap card and the announcement, the last move
    # left a HandsSwapped or AnnouncementMissed record (set where the transition appends one, or
    # by _swap_marks for a state built from its events), so a swap's announcement (or the
    # call-out after it) may be possible. False lets the hot paths skip reading the events.
    _swap_open: bool
    _c: dict[Any, Any]
    # The round is over (phase OVER): what is_over reads (see also the end of this module). A
    # default, so that only _finish and _state write it.
    _over: bool = False

    @property
    def players(self) -> tuple[str, ...]:
        """The players' names, by seat."""
        return self._players

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Every hand, by seat, in the order the cards were received."""
        return self._hands

    @property
    def stock(self) -> tuple[Card, ...]:
        """The stock, top card first."""
        return self._stock

    @property
    def discard(self) -> tuple[Card, ...]:
        """The discard pile, top card last."""
        return self._discard

    @property
    def current(self) -> int:
        """The seat whose turn it is."""
        return self._current

    @property
    def direction(self) -> int:
        """+1 clockwise (increasing seats), -1 after a reversal."""
        return self._direction

    @property
    def suit(self) -> Suit | None:
        """The suit to follow; ``None`` when any card may be laid (a wild starter kept)."""
        return self._suit

    @property
    def penalty(self) -> int:
        """Cards the current player must draw unless they stack on them (0: none)."""
        return self._penalty

    @property
    def phase(self) -> Phase:
        """Where the current player is in their turn."""
        return self._phase

    @property
    def drawn(self) -> Card | None:
        """In `Phase.AFTER_DRAW`, the card just drawn, which may be laid if it fits."""
        return self._drawn

    @property
    def announce_target(self) -> int | None:
        """Who laid their second-to-last card unannounced and may be called out, if anyone.

        They may be called out until the next move. A player left holding one card by another
        player's swap who let the next move go by without announcing it may be called out too
        (see `Announce`); `legal_moves` lists the call-outs against both.
        """
        return self._announce_target

    @property
    def top_player(self) -> int | None:
        """Who laid the top card (``None`` for the starter)."""
        return self._top_player

    @property
    def passes(self) -> int:
        """Consecutive passes of players who could neither play nor draw."""
        return self._passes

    @property
    def moves_played(self) -> int:
        """Moves applied since the deal."""
        return self._moves_played

    @property
    def rng(self) -> Rng:
        """The RNG for the coming reshuffles (never shown to players)."""
        return self._rng

    def __init__(self, _token: object = None) -> None:
        # Only the engine builds states (then fills the fields); users call new_game/from_json.
        if _token is not _BUILD:
            raise TypeError("create states with new_game() or from_json()")

    def _key(self) -> tuple[Any, ...]:
        return (
            self._tables.rules,
            self._players,
            self._hands,
            self._stock,
            self._discard,
            self._current,
            self._direction,
            self._suit,
            self._penalty,
            self._phase,
            self._drawn,
            self._announce_target,
            self._top_player,
            self._passes,
            self._moves_played,
            self._rng,
            self._outcome,
            self._raw_events,
        )

    def __eq__(self, other: object) -> bool:
        # ValueState's, defined again beside __hash__: a compiled class that defines one of the
        # two gets no inherited tp_richcompare (CPython inherits the pair together), and its
        # states would compare by identity.
        if not isinstance(other, SheddingState) or type(other) is not type(self):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        # ValueState's, with the cache made on first use (see _NO_CACHE).
        value = self._c.get("hash")
        if value is None:
            value = hash(self._key())
            _own_cache(self)["hash"] = value
        return int(value)

    def _evolve(self, **changes: Any) -> SheddingState:
        """A copy with the named fields replaced, unchecked (white-box tests build positions).

        Names are the public field names (``hands``, ``stock``...) and ``rules``, ``outcome``,
        ``raw_events``; the derived tables follow the rules.
        """
        fields: dict[str, Any] = {
            name: self._tables.rules if name == "rules" else getattr(self, "_" + name)
            for name in _FIELDS
        }
        for name, value in changes.items():
            if name not in fields:
                raise TypeError(f"no field {name!r}")
            fields[name] = value
        rules = fields.pop("rules")
        return _state(tables=_tables(rules, len(fields["players"])), **fields)

    def __repr__(self) -> str:
        top = self._discard[-1]
        status = "over" if self._phase is _OVER else f"to play: {self._current}"
        return (
            f"<{type(self).__name__} {self.game.name} players={len(self._players)} "
            f"top={top} suit={self._suit} {status} moves={self._moves_played}>"
        )

    # -- protocol -------------------------------------------------------------------------------

    @property
    def game(self) -> Game[Any]:
        """The descriptor of this state's game (found by the rules' game name)."""
        from cardgames.game import find_game

        return find_game(self._tables.rules.game_name)

    @property
    def rules(self) -> SheddingRules:
        """The rules of this round."""
        return self._tables.rules

    @property
    def top(self) -> Card:
        """The top card of the discard pile."""
        return self._discard[-1]

    @property
    def is_over(self) -> bool:
        """Whether the round has ended."""
        return self._over

    def outcome(self) -> Outcome | None:
        """The result once the round is over: reason, winners and this round's points.

        Under Crazy Eights scoring the winners collect points; under 8 Américain scoring every
        player scores their own hand (lower is better).
        """
        return self._outcome

    @property
    def last_events(self) -> tuple[Event, ...]:
        """The events of the move that produced this state (or of the deal)."""
        events = self._c.get("events")
        if events is None:
            events = tuple(record[0](*record[1:]) for record in self._raw_events)
            _own_cache(self)["events"] = events
        return events

    @property
    def to_act(self) -> tuple[int, ...]:
        """The seats that may move now.

        The current player first, then any player who may call out a missed announcement,
        announce the one card a swap left them, or jump in, in seat order after the current
        player.
        """
        if (
            self._announce_target is None
            and not self._tables.jump_in
            and (not self._swap_open or not _swap_windows(self))
        ):
            return () if self._phase is _OVER else (self._current,)
        return self._moves()[0]

    def legal_moves(self, player: object = None) -> LegalMoves[Move]:
        """The legal moves of ``player`` (default: of every seat in `to_act`).

        In a fixed order: the current player's (``announce`` first when a swap has just left
        them one card; cards by code, suits in bridge order, without then with the
        announcement; then draw, take or pass), then the other seats' out-of-turn moves, seat by
        seat after the current player (an announcement, jump-ins, call-outs).

        Raises:
            InvalidArgumentError: if ``player`` is neither ``None`` nor a seat number of this
                game (the parameter takes any value so that the compiled engine reports it
                this way too).
        """
        if player is not None:
            # A seat from outside: checked (and made a plain int) before it is used. The
            # answers live in the "moves" entry of the cache, keyed by the engine's own seat
            # numbers.
            if type(player) is int and 0 <= player < len(self._players):
                seat = player  # the common case, a plain seat: no call
            else:
                seat = seat_number(player, len(self._players))
            return self._moves()[1].get(seat, _NO_MOVES)
        result = self._legal
        if result is not None:
            return result
        # The current player's moves, by the rules of the turn. Written out here, not in a
        # method of their own: interpreted, a Python call fewer per decision.
        t = self._tables
        p = self._current
        hand = self._hands[p]
        phase = self._phase
        if phase is _PLAY:
            top = self._discard[-1]
            if self._penalty:
                allowed = t.stackable[_FACE[top]]
                out: list[Move] = []
                if allowed:
                    for card in sorted(set(hand).intersection(allowed)):
                        out.extend(t.plays(p, card, len(hand) - 1, self._hands))
                out.append(t.take[p])
                result = LegalMoves(out)
            else:
                suit = self._suit
                allowed = t.playable[_FACE[top] * 5 + (_NO_SUIT if suit is None else suit)]
                fitting: list[Card] = []
                for card in hand:  # a loop, not a comprehension: interpreted, no function to make
                    if card in allowed:
                        fitting.append(card)
                if not fitting:
                    if self._stock or len(self._discard) > 1:
                        result = t.draw_only[p]
                    else:
                        result = t.pass_only[p]
                else:
                    # Written for the interpreter: a conditional index rather than ``p * 2 +
                    # (len(hand) == 2)`` (adding a bool to an int takes the slow path of the
                    # addition), len(fitting) read once (each len() is a call).
                    table = t.card_moves[p * 2 + 1 if len(hand) == 2 else p * 2]
                    if len(fitting) == 1:
                        if not t.draw_when_playable:
                            result = table[fitting[0]]  # None for a swap card: built below
                    else:
                        if t.multi:
                            fitting = list(set(fitting))  # identical cards of several decks
                        # In place: interpreted, sorted() costs a new list and a call of the
                        # bound method list.sort through C (about 1,000 instructions more for a
                        # few cards).
                        fitting.sort()
                    if result is None:
                        out = []
                        for card in fitting:
                            laid = table[card]
                            out += (
                                laid
                                if laid is not None
                                else t.plays(p, card, len(hand) - 1, self._hands)
                            )
                        if t.draw_when_playable and (self._stock or len(self._discard) > 1):
                            out.append(t.draw[p])
                        result = LegalMoves(out)
        elif phase is _AFTER_DRAW:
            drawn = self._drawn
            assert drawn is not None
            # Under must_play the phase comes only with a card that fits, which must be laid;
            # under play_or_pass the drawer decides: lay it if it fits, or keep it and pass.
            # (The turn's draw usually sets these moves itself: see apply.)
            if not t.must_play_drawn and drawn not in _playable_now(self):
                result = t.pass_only[p]
            else:
                result = t.drawn_moves[p * 2 + 1 if len(hand) == 2 else p * 2][drawn]
                if result is None:  # a swap card, whose moves depend on the hands
                    moves: tuple[Move, ...] = t.plays(p, drawn, len(hand) - 1, self._hands)
                    if not t.must_play_drawn:
                        moves += (t.pass_[p],)
                    result = LegalMoves(moves)
        else:  # the round is over
            self._legal = _NO_MOVES
            return _NO_MOVES
        if (
            self._announce_target is not None
            or t.jump_in
            or (self._swap_open and _swap_windows(self))
        ):
            result = self._windows(result)
        self._legal = result
        return result

    def apply(self, move: object) -> SheddingState:
        """Return the state after ``move``.

        The state continues with the engine's own legal move that ``move`` stands for: the
        very object from `legal_moves`, or a move of exactly the same class whose fields hold
        values of exactly the same types and values (`cardgames.game.engine_move`). A look-alike
        (a plain ``int`` for a card or a suit, ``True`` or ``1.0`` for a seat, a subclass, a move
        of another game) is refused.

        Raises:
            IllegalMoveError: with a machine-readable ``reason`` if the move is not legal; this
                state is unchanged.
        """
        legal = self._legal
        if legal is None:
            legal = self.legal_moves()
        for chosen in legal:
            if chosen is move:
                break
        else:
            own = engine_move(legal, move)  # an equal move built by the caller: use ours
            if own is None:
                raise self._diagnose(move)
            chosen = own
        # The transition, written out here rather than in a method of its own: interpreted, a
        # Python call fewer per move.
        t = self._tables
        if not self._swap_open and self._moves_played < t.fast_before:
            # The common moves, written out (a Python call and the list of events fewer,
            # interpreted) when no announcement is due and the move limit is not near. Each
            # builds its state field by field once, every field written one time (a field
            # copied from this state and then overwritten costs a load and a store more,
            # interpreted), in the order of the general path below.
            if type(chosen) is PlayCard:  # narrows the type without a call to cast (interpreted)
                p = chosen.player
                card = chosen.card
                hands = self._hands
                hand = hands[p]
                phase = self._phase
                # (The round is not over: the move was legal.)
                if t.plain[card] and not self._penalty and len(hand) > 2:
                    # A card without effect, laid in turn (after a draw or not) or as a jump-in,
                    # that neither ends the round nor leaves one card (no announcement). As in
                    # the general path (_play): the pending call-out lapses, a drawn card is
                    # kept, the passes end.
                    # The hands and the hand through lists, not slices (see _replace_hand).
                    rest = list(hand)
                    rest.remove(card)  # the first of identical cards (several decks)
                    seats = list(hands)
                    seats[p] = tuple(rest)
                    direction = self._direction
                    new = _new_object(SheddingState) if _INTERPRETED else SheddingState(_BUILD)
                    new._players = self._players
                    new._hands = tuple(seats)
                    new._stock = self._stock
                    new._discard = self._discard + (card,)
                    new._current = (p + direction) % t.n
                    new._direction = direction
                    new._suit = _SUIT[card]  # a tuple read: Card.suit is a Python property
                    new._penalty = 0
                    new._phase = _PLAY
                    new._drawn = self._drawn if phase is _PLAY else None
                    new._announce_target = None
                    new._top_player = p
                    new._passes = 0
                    new._moves_played = self._moves_played + 1
                    new._rng = self._rng
                    new._tables = t
                    new._raw_events = ((CardPlayed, p, card, p != self._current),)
                    new._legal = None
                    new._swap_open = False
                    new._c = _NO_CACHE
                    return new
                if t.quick[card] and not self._penalty and len(hand) > 2:
                    # A card whose effect is one of wild, draw, skip, reverse, again (not a
                    # swap or a choice of the next player), laid without a pending draw, that
                    # neither ends the round nor leaves one card: _play's effects written out
                    # (a sixth of the decisions of a 4-player Crazy Eights game).
                    effect = t.effects[card]
                    rest = list(hand)
                    rest.remove(card)
                    seats = list(hands)
                    seats[p] = tuple(rest)
                    direction = self._direction
                    laid: list[RawEvent] = [(CardPlayed, p, card, p != self._current)]
                    if effect.wild:
                        suit = chosen.suit
                        laid.append((SuitNamed, p, suit))
                    else:
                        suit = _SUIT[card]
                    if effect.reverse and not t.two_again:
                        direction = -direction
                        laid.append((DirectionReversed, p, direction))
                    penalty = 0
                    if effect.again or (t.two_again and (effect.reverse or effect.skip)):
                        laid.append((PlaysAgain, p))
                        nxt = p
                    else:
                        nxt = (p + direction) % t.n
                        if effect.skip:
                            laid.append((TurnSkipped, nxt))
                            nxt = (nxt + direction) % t.n
                        if effect.draw:
                            penalty = effect.draw  # no draw was pending: nothing to add
                            laid.append((PenaltyGrown, nxt, penalty))
                    new = _new_object(SheddingState) if _INTERPRETED else SheddingState(_BUILD)
                    new._players = self._players
                    new._hands = tuple(seats)
                    new._stock = self._stock
                    new._discard = self._discard + (card,)
                    new._current = nxt
                    new._direction = direction
                    new._suit = suit
                    new._penalty = penalty
                    new._phase = _PLAY
                    new._drawn = self._drawn if phase is _PLAY else None
                    new._announce_target = None
                    new._top_player = p
                    new._passes = 0
                    new._moves_played = self._moves_played + 1
                    new._rng = self._rng
                    new._tables = t
                    new._raw_events = tuple(laid)
                    new._legal = None
                    new._swap_open = False
                    new._c = _NO_CACHE
                    return new
            elif type(chosen) is Draw:
                stock = self._stock
                if stock and not t.draw_until_playable:
                    # A turn's draw of one card from a stock that is not empty (see _draw_turn).
                    p = self._current
                    card = stock[0]
                    hands = self._hands
                    hand = hands[p] + (card,)
                    discard = self._discard
                    suit = self._suit
                    # What fits is this state's: the suit and the top card stay.
                    fits = (
                        card
                        in t.playable[_FACE[discard[-1]] * 5 + (_NO_SUIT if suit is None else suit)]
                    )
                    seats = list(hands)
                    seats[p] = hand
                    new = _new_object(SheddingState) if _INTERPRETED else SheddingState(_BUILD)
                    new._players = self._players
                    new._hands = tuple(seats)
                    new._stock = stock[1:]
                    new._discard = discard
                    drawer_moves: LegalMoves[Move] | None = None
                    if t.drawer_decides or (t.must_play_drawn and fits):
                        new._current = p
                        new._phase = _AFTER_DRAW
                        new._drawn = card
                        if not t.jump_in:
                            # The drawer alone may move (no call-out is open, nobody may jump
                            # in), and their moves are known now: the legal_moves() of the
                            # next decision, a table read here.
                            drawer_moves = (
                                t.drawn_moves[p * 2 + 1 if len(hand) == 2 else p * 2][card]
                                if fits
                                else t.pass_only[p]
                            )
                    else:
                        new._current = (p + self._direction) % t.n
                        new._phase = self._phase
                        new._drawn = self._drawn
                    new._direction = self._direction
                    new._suit = suit
                    new._penalty = self._penalty
                    new._announce_target = None
                    new._top_player = self._top_player
                    new._passes = 0
                    new._moves_played = self._moves_played + 1
                    new._rng = self._rng
                    new._tables = t
                    new._raw_events = ((CardsDrawn, p, 1, "turn", (card,)),)
                    new._legal = drawer_moves
                    new._swap_open = False
                    new._c = _NO_CACHE
                    return new
            elif type(chosen) is Pass and self._phase is _AFTER_DRAW:
                # The drawer keeps the card drawn and the turn passes (see _pass).
                p = self._current
                new = _new_object(SheddingState) if _INTERPRETED else SheddingState(_BUILD)
                new._players = self._players
                new._hands = self._hands
                new._stock = self._stock
                new._discard = self._discard
                new._current = (p + self._direction) % t.n
                new._direction = self._direction
                new._suit = self._suit
                new._penalty = self._penalty
                new._phase = _PLAY
                new._drawn = None
                new._announce_target = None
                new._top_player = self._top_player
                new._passes = self._passes
                new._moves_played = self._moves_played + 1
                new._rng = self._rng
                new._tables = t
                new._raw_events = ((Passed, p),)
                new._legal = None
                new._swap_open = False
                new._c = _NO_CACHE
                return new
        # The general path: a new state with this one's fields and an empty cache, which the
        # move then changes. Interpreted, the instance is made without running __init__ (its
        # check of the token is for callers from outside: a Python call fewer per move);
        # compiled, the native constructor is the cheaper way.
        new = _new_object(SheddingState) if _INTERPRETED else SheddingState(_BUILD)
        new._players = self._players
        new._hands = self._hands
        new._stock = self._stock
        new._discard = self._discard
        new._current = self._current
        new._direction = self._direction
        new._suit = self._suit
        new._penalty = self._penalty
        new._phase = self._phase
        new._drawn = self._drawn
        new._announce_target = self._announce_target
        new._top_player = self._top_player
        new._passes = self._passes
        new._moves_played = self._moves_played
        new._rng = self._rng
        new._tables = t
        new._raw_events = self._raw_events
        new._legal = None
        new._swap_open = False
        new._c = _NO_CACHE
        # A player whom the last move's swap left one card announces it before this move.
        due = _swap_due(self) if self._swap_open else -1
        kind = type(chosen)
        new._announce_target = None
        events: list[RawEvent] = []
        if type(chosen) is PlayCard:
            _play(new, events, chosen)
        elif kind is Draw:
            _draw_turn(new, events)
        elif kind is TakePenalty:
            _take_penalty(new, events)
        elif kind is Pass:
            _pass(new, events)
        elif kind is Announce:
            events.append((AnnouncementMade, chosen.player))
        else:
            _call_out(new, events, cast(CallOut, chosen))
        moves_played = new._moves_played + 1
        new._moves_played = moves_played
        if moves_played >= t.max_moves and new._phase is not _OVER:
            _finish(new, events, Termination.TURN_LIMIT)
        elif (
            due >= 0
            and kind is not Announce
            and new._phase is not _OVER
            and len(new._hands[due]) == 1
            and not any(r[0] is HandsSwapped and r[2] == due for r in events)
        ):
            # The move went by without the announcement: the call-out window opens now, until
            # the next move (unless a new swap left the player one card again: then due anew).
            events.append((AnnouncementMissed, due))
            new._swap_open = True
        new._raw_events = tuple(events)
        return new

    def view(self, player: object) -> SheddingView:
        """What ``player`` sees (``None``: a spectator).

        Once the round is over the view shows every hand (``hands``), as the players lay them
        face up to count the points; until then, only the viewer's own.

        Raises:
            InvalidArgumentError: if ``player`` is neither ``None`` nor a seat number.
        """
        seat: int | None
        if type(player) is int and 0 <= player < len(self._players):
            seat = player  # a plain seat number: the agents' case, checked without a call
        else:
            seat = None if player is None else seat_number(player, len(self._players))
        hands = self._hands
        over = self._phase is _OVER
        # Positional, in the order of SheddingView's fields (mypy checks each argument's type):
        # the view is built for every decision of a simulation, and keywords cost a third more.
        return SheddingView(
            seat,  # viewer
            self._tables.rules.game_name,  # game
            self._players,  # players
            None if seat is None else tuple(sorted(hands[seat])),  # hand
            tuple([len(hand) for hand in hands]),  # hand_sizes
            self._discard[-1],  # top
            self._suit,  # suit
            self._penalty,  # penalty
            self._current,  # current
            self._direction,  # direction
            self._phase,  # phase
            self._public_to_act(seat),  # to_act
            len(self._stock),  # stock_size
            self._discard,  # discard
            self._drawn if seat is not None and seat == self._current else None,  # drawn
            self._announce_target,  # announce_target
            self._top_player,  # top_player
            self._passes,  # passes
            self._moves_played,  # moves_played
            () if seat is None else self.legal_moves(seat).as_tuple(),  # legal_moves
            tuple([event.redacted_for(seat) for event in self.last_events]),  # events
            self._outcome,  # outcome
            self._tables.rules,  # rules
            tuple([tuple(sorted(hand)) for hand in hands]) if over else None,  # hands
        )

    def _public_to_act(self, viewer: int | None) -> tuple[int, ...]:
        """`to_act` as ``viewer`` may know it.

        Who may jump in depends on hidden hands, so other players are listed only for what
        everyone knows: the call-out windows (any player but the one called out) and the
        announcement a swap made due (its player holds one card, which everyone saw).
        """
        to_act = self.to_act
        if len(to_act) < 2:
            return to_act  # the current player alone, whom everyone knows (or nobody)
        targets = self._callout_targets()
        due = _swap_due(self) if self._tables.swap_announce else -1
        return tuple(
            seat
            for seat in to_act
            if seat in (viewer, self._current, due) or any(t != seat for t in targets)
        )

    def _askable(self) -> tuple[int, ...]:
        """The seats a sequential interface asks now: `to_act` as public information allows it.

        Who may jump in depends on hidden hands, so asking exactly the seats of `to_act` would
        tell every seat who holds a copy of the top card. These are instead the seats everyone
        knows may move (the spectator's `to_act`: the current player, the callers, a seat due
        to announce) and, while the top card may be jumped on, every seat that might hold a
        copy of it by what the table shows: not the current player nor the one who laid it, a
        hand not empty, and a copy that is not on the discard pile. A superset of `to_act`, in
        its order (the current player first, then seat order after them); the same for two
        states that look the same to a spectator. The seats that cannot move let their turn
        to be asked go (the RL adapters' ``decline``).
        """
        t = self._tables
        if not t.jump_in:
            return self.to_act  # who may call out or announce is public: to_act itself
        public = self._public_to_act(None)
        if not public or not _jump_open(self):
            return public
        top = self._discard[-1]
        if self._discard.count(top) >= t.copies[int(top)]:
            return public  # every copy of the top card lies face up: nobody may jump in
        current = self._current
        top_player = self._top_player
        hands = self._hands
        n = t.n
        asked = [current]
        for step in range(1, n):
            seat = (current + step) % n
            if seat in public or (seat != top_player and hands[seat]):
                asked.append(seat)
        return tuple(asked)

    def _callout_targets(self) -> tuple[int, ...]:
        """The seats that may be called out now (at most two: see `announce_target`)."""
        target = self._announce_target
        late = _late(self) if self._tables.swap_announce else -1
        if target is None:
            return () if late < 0 else (late,)
        return (target,) if late < 0 else (target, late)

    def all_cards(self) -> tuple[Card, ...]:
        """Every card in hands, stock and discard pile, sorted."""
        cards: list[Card] = [*self._stock, *self._discard]
        for hand in self._hands:
            cards.extend(hand)
        return tuple(sorted(cards))

    # -- notation -------------------------------------------------------------------------------

    def format_move(self, move: object) -> str:
        """Write a move in the text notation.

        ``play 8H name hearts``, ``play 7C announce``, ``play QS target 2``, ``draw``, ``pass``,
        ``take``, ``callout 2``, ``announce``.

        Examples:
            >>> from cardgames.crazy_eights import new_game, PlayCard
            >>> from cardgames.cards import Card, Suit
            >>> state = new_game(3, seed=1)
            >>> state.format_move(PlayCard(1, Card.parse("8H"), Suit.SPADES))
            'play 8H name spades'

        Raises:
            InvalidArgumentError: if ``move`` is not a move of this game (a `TypeError`).
        """
        if type(move) in _MOVE_CLASSES:
            return str(move)
        raise InvalidArgumentError("move", move, "expected a move of a shedding game")

    def parse_move(self, text: object, player: object = None) -> Move:
        """Read a move as players say it, in English or French.

        What `format_move` writes (``play 8H name spades announce``), and the words players
        use: ``joue 8 de cœur pique``, ``7C carte``, ``QS échange avec Tom``, ``pioche``,
        ``carte`` (the grammar: `cardgames.shedding.notation`). A target is a seat number or a
        player's name. ``player`` defaults to the current player.

        Examples:
            >>> from cardgames.crazy_eights import new_game
            >>> state = new_game(["Léa", "Tom", "Sam"], seed=1)
            >>> print(state.parse_move("joue 8C annonce carte pique"))
            play 8C name spades announce

        Raises:
            ParseError: if the text is not a move.
            InvalidArgumentError: if ``player`` is neither ``None`` nor a seat number.
        """
        from cardgames.shedding.notation import parse_move

        return parse_move(self, text, player)

    # -- JSON -----------------------------------------------------------------------------------

    def to_json(self) -> str:
        """The whole state (hidden cards and RNG included) as a versioned JSON document."""
        document = _StateDocument(
            rules=self._tables.rules,
            players=self._players,
            hands=self._hands,
            stock=self._stock,
            discard=self._discard,
            current=self._current,
            direction=self._direction,
            suit=self._suit,
            penalty=self._penalty,
            phase=self._phase,
            drawn=self._drawn,
            announce_target=self._announce_target,
            top_player=self._top_player,
            passes=self._passes,
            moves_played=self._moves_played,
            rng=self._rng.state,
            outcome=self._outcome,
            events=self.last_events,
        )
        return dump_document("state", self._tables.rules.game_name, encode(document))

    @classmethod
    def from_json(cls, text: object) -> Self:
        """Load a state written by `to_json`, checking types, counts and card conservation.

        ``text`` is the document as ``str`` or ``bytes``; anything else is refused with
        `InvalidStateError` too (the parameter takes any value so that the compiled engine
        reports it that way, not with a bare ``TypeError``).

        Raises:
            InvalidStateError: naming the first problem found.
        """
        from cardgames.shedding.deal import state_from_json

        return state_from_json(text)  # type: ignore[return-value]

    # -- move generation ------------------------------------------------------------------------

    def _moves(self) -> tuple[tuple[int, ...], dict[int, LegalMoves[Move]]]:
        """Who may act, and each such seat's legal moves (cached under the key "moves")."""
        result = self._c.get("moves")
        if result is None:
            own = self.legal_moves()  # caches "moves" itself when other seats may move
            result = self._c.get("moves")
            if result is None:  # the current player alone, or nobody
                current = self._current
                result = ((), {}) if self._phase is _OVER else ((current,), {current: own})
                _own_cache(self)["moves"] = result
        return result

    def _windows(self, own: LegalMoves[Move]) -> LegalMoves[Move]:
        """Every seat's moves when others than the current player may move (`legal_moves`).

        ``own`` holds the current player's. Who may act and each one's moves are cached under
        the key "moves" (`_moves`).
        """
        t = self._tables
        current = self._current
        by_player: dict[int, LegalMoves[Move]] = {current: own}
        n = t.n
        announce_target = self._announce_target
        hands = self._hands
        top = self._discard[-1]
        top_player = self._top_player
        jump = t.jump_in and _jump_open(self)
        due = late = -1
        if t.swap_announce:
            due = _swap_due(self)
            late = _late(self)
        for step in range(n):
            seat = (current + step) % n
            extra: tuple[Move, ...] = ()
            # The current player plays by the turn rules; jump-ins are for the others.
            if step and jump and seat != top_player and top in hands[seat]:
                extra = t.plays(seat, top, len(hands[seat]) - 1, hands)
            if announce_target is not None and seat != announce_target:
                extra += (t.callout[seat][announce_target],)
            if late >= 0 and seat != late:
                extra += (t.callout[seat][late],)
            if seat == due:  # "carte !" first: it is said before anything else
                by_player[seat] = LegalMoves(
                    (t.announce_move[seat], *by_player.get(seat, _NO_MOVES), *extra)
                )
            elif extra:
                by_player[seat] = LegalMoves(by_player.get(seat, _NO_MOVES) + extra)
        to_act = tuple(by_player)
        _own_cache(self)["moves"] = (to_act, by_player)
        every: tuple[Move, ...] = ()
        for seat in to_act:
            every += by_player[seat]
        return LegalMoves(every)

    def _diagnose(self, move: object) -> IllegalMoveError:
        """Explain why a move that is not in the legal moves is illegal.

        The text names only public cards (the discard pile) and the move's own card: whoever
        sent the move may not be the seat it names, so it never names a hidden card (such as
        the card the current player just drew).
        """
        if not isinstance(move, Move):
            return IllegalMoveError(
                move, None, "not_a_move", f"expected a move, got {type(move).__name__}"
            )
        if type(move) not in _MOVE_CLASSES:  # another game's move, or a subclass of ours
            return IllegalMoveError(move, None, "wrong_game", "this is not a move of this game")
        malformed = _malformed(move)
        if malformed:
            return IllegalMoveError(move, None, "malformed_move", malformed)
        player: int = move.player
        if self._phase is _OVER:
            return IllegalMoveError(move, player, "game_over", "the round is over")
        if not 0 <= player < len(self._players):
            return IllegalMoveError(move, player, "unknown_player", f"there is no seat {player}")
        top = self._discard[-1]
        t = self._tables
        due = _swap_due(self) if t.swap_announce else -1
        if isinstance(move, CallOut):
            targets = self._callout_targets()
            if not targets:
                if due >= 0:
                    return IllegalMoveError(
                        move,
                        player,
                        "nothing_to_call_out",
                        f"seat {due} may announce their last card until the next move",
                    )
                return IllegalMoveError(
                    move, player, "nothing_to_call_out", "nobody can be called out now"
                )
            seats = " or ".join(str(seat) for seat in targets)
            return IllegalMoveError(
                move,
                player,
                "bad_target",
                f"only seat {seats} can be called out, by another player",
            )
        if isinstance(move, Announce):
            return IllegalMoveError(
                move,
                player,
                "nothing_to_announce",
                "announce alone only the one card a swap has just left you, before the next "
                "move; the second-to-last card you lay is announced with its move (announce)",
            )
        if isinstance(move, PlayCard) and player != self._current:
            if not t.jump_in:
                return IllegalMoveError(
                    move, player, "not_your_turn", f"it is seat {self._current}'s turn"
                )
            if move.card != top or player == self._top_player:
                return IllegalMoveError(
                    move,
                    player,
                    "not_your_turn",
                    f"it is seat {self._current}'s turn; a jump-in needs a card identical to {top}",
                )
            if not _jump_open(self):
                return IllegalMoveError(
                    move,
                    player,
                    "not_your_turn",
                    f"it is seat {self._current}'s turn; {top} could be jumped on only until "
                    "the next move",
                )
        elif player != self._current:
            return IllegalMoveError(
                move, player, "not_your_turn", f"it is seat {self._current}'s turn"
            )
        if isinstance(move, PlayCard):
            hand = self._hands[player]
            if move.card not in hand:
                return IllegalMoveError(
                    move, player, "card_not_in_hand", f"{move.card} is not in the hand"
                )
            if self._phase is _AFTER_DRAW and player == self._current and move.card != self._drawn:
                return IllegalMoveError(  # the drawn card is hidden: never named
                    move, player, "only_drawn_card", "only the card just drawn may be laid now"
                )
            if self._penalty and player == self._current:
                return IllegalMoveError(
                    move,
                    player,
                    "penalty_pending",
                    f"answer the penalty of {self._penalty} with a card that stacks, or take it",
                )
            effect = self._tables.effects[move.card]
            if effect.wild != (move.suit is not None):
                reason = "suit_required" if effect.wild else "suit_not_allowed"
                return IllegalMoveError(
                    move,
                    player,
                    reason,
                    f"{move.card} needs a named suit: play {move.card} hearts"
                    if effect.wild
                    else f"{move.card} takes no named suit",
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
            if move.target is not None and not 0 <= move.target < len(self._players):
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
                f"{move.card} does not go on {top} (suit to follow: {self._suit})",
            )
        if isinstance(move, Draw):
            if self._penalty:
                return IllegalMoveError(
                    move, player, "penalty_pending", "take the penalty or stack on it"
                )
            if self._phase is _AFTER_DRAW:
                return IllegalMoveError(move, player, "already_drew", "lay the drawn card or pass")
            if not (self._stock or len(self._discard) > 1):
                return IllegalMoveError(
                    move, player, "cannot_draw", "there is nothing left to draw: pass"
                )
            return IllegalMoveError(move, player, "must_play", "you hold a playable card")
        if isinstance(move, TakePenalty):
            return IllegalMoveError(move, player, "no_penalty", "there is no penalty to take")
        if self._penalty:
            return IllegalMoveError(
                move, player, "penalty_pending", "take the penalty or stack on it"
            )
        if self._phase is _AFTER_DRAW:
            return IllegalMoveError(
                move, player, "must_play_drawn_card", "the drawn card must be laid"
            )
        return IllegalMoveError(move, player, "cannot_pass", "you can play or draw")


def _own_cache(s: SheddingState) -> dict[Any, Any]:
    """The per-state cache of ``s``, made its own if it was still the shared empty one."""
    cache = s._c
    if cache is _NO_CACHE:
        cache = {}
        s._c = cache
    return cache


def _malformed(move: Move) -> str:
    """Which field of a move of one of the engine's classes holds a value of the wrong type.

    ``""`` when every field has exactly the type the engine uses (a plain ``int`` seat, a
    `Card`, a `Suit`, a ``bool``): a look-alike that compares equal is never a legal move. The
    fields are read as plain objects, so that the compiled engine does not check their declared
    types (with a bare ``TypeError``) before this function does.
    """
    if type(_field(move, "player")) is not int:
        return "the player must be a seat number (int)"
    kind = type(move)
    if kind is PlayCard:
        card = _field(move, "card")
        if type(card) is not Card or not 0 <= cast(int, card) < len(_CARDS):
            return "the card must be a Card"
        suit = _field(move, "suit")
        if suit is not None and type(suit) is not Suit:
            return "the named suit must be a Suit or None"
        if type(_field(move, "announce")) is not bool:
            return "announce must be a bool"
        target = _field(move, "target")
        if target is not None and type(target) is not int:
            return "the target must be a seat number (int) or None"
    elif kind is CallOut and type(_field(move, "target")) is not int:
        return "the target must be a seat number (int)"
    return ""


def _field(move: object, name: str) -> object:
    """``move.<name>`` as a plain object (no type check, compiled or not)."""
    value: object = getattr(move, name)
    return value


def _jump_open(s: SheddingState) -> bool:
    """Whether the top card may be jumped on now (with ``jump_in``).

    Under ``jump_in_window=next_move`` only until the next move: the move that made this state
    laid it, or no move was made yet (the starter); under ``top_unchanged`` while it is on top.
    """
    if not s._tables.jump_fresh or s._moves_played == 0:
        return True
    events = s._raw_events
    return bool(events) and events[0][0] is CardPlayed


def _swap_marks(events: tuple[RawEvent, ...]) -> bool:
    """Whether ``events`` hold a record that a swap's announcement window reads."""
    for record in events:
        kind = record[0]
        if kind is HandsSwapped or kind is AnnouncementMissed:
            return True
    return False


def _swap_windows(s: SheddingState) -> bool:
    """Whether a swap's announcement, or the call-out after it, is possible now."""
    return _swap_due(s) >= 0 or _late(s) >= 0


def _swap_due(s: SheddingState) -> int:
    """The seat a swap just left holding one card, to announce it (-1: none).

    The swap of the move that made ``s``; the player may announce (`Announce`) until the next
    move. Read from the move's events (a `HandsSwapped` record), so that a loaded or sampled state,
    which keeps the events of its last move, has the same window.
    """
    if s._phase is _OVER:
        return -1
    hands = s._hands
    for record in s._raw_events:
        if record[0] is HandsSwapped:
            target: int = record[2]
            if 0 <= target < len(hands) and len(hands[target]) == 1 and target != record[1]:
                return target
            return -1
    return -1


def _late(s: SheddingState) -> int:
    """The seat a swap left one card that let a move go by unannounced (-1: none).

    That move made ``s``; the player may be called out until the next move. The engine
    records it as an `AnnouncementMissed` event of a seat other than the one that laid the top
    card (whose own missed announcement is `announce_target`).
    """
    if s._phase is _OVER:
        return -1
    hands = s._hands
    top_player = s._top_player
    for record in s._raw_events:
        if record[0] is AnnouncementMissed:
            seat: int = record[1]
            if seat != top_player and 0 <= seat < len(hands) and len(hands[seat]) == 1:
                return seat
    return -1


def _next(s: SheddingState, seat: int) -> int:
    n: int = s._tables.n
    direction: int = s._direction
    return (seat + direction) % n


def _replace_hand(
    hands: tuple[tuple[Card, ...], ...], seat: int, hand: tuple[Card, ...]
) -> tuple[tuple[Card, ...], ...]:
    # Through a list: interpreted, a slice costs a slice object and a call through
    # tuple.__getitem__, and a concatenation the slow path of the addition, about twice
    # the list's cost (``hands[:seat] + (hand,) + hands[seat + 1 :]``: 2,100 instructions
    # against 1,200 for four hands, callgrind).
    seats = list(hands)
    seats[seat] = hand
    return tuple(seats)


def _play(s: SheddingState, events: list[RawEvent], move: PlayCard) -> None:
    t: _Tables = s._tables
    p = move.player
    card = move.card
    jump = p != s._current
    hands = s._hands
    rest = list(hands[p])
    rest.remove(card)  # the first of identical cards (several decks)
    hand = tuple(rest)
    s._discard = s._discard + (card,)
    s._top_player = p
    if s._phase is not _PLAY:
        s._drawn = None
        s._phase = _PLAY
    if s._passes:
        s._passes = 0
    events.append((CardPlayed, p, card, jump))
    if t.plain[card] and hand and not s._penalty:
        # The common case: a card without effect that does not end the round.
        s._suit = card.suit
        s._hands = _replace_hand(hands, p, hand)
        if t.announce and len(hand) == 1:
            if move.announce:
                events.append((AnnouncementMade, p))
            else:
                events.append((AnnouncementMissed, p))
                s._announce_target = p
                s._swap_open = t.swap_announce
        s._current = (p + s._direction) % t.n
        return
    effect = t.effects[card]
    if effect.wild:
        s._suit = move.suit
        events.append((SuitNamed, p, move.suit))
    else:
        s._suit = card.suit
    if not hand:
        s._hands = _replace_hand(hands, p, hand)
        s._penalty = 0
        _finish(s, events, Termination.WENT_OUT)
        return
    if effect.swap:
        target = move.target
        assert target is not None
        other = hands[target]
        hands = _replace_hand(hands, target, hand)
        hand = other
        events.append((HandsSwapped, p, target))
        s._swap_open = t.swap_announce
    s._hands = _replace_hand(hands, p, hand)
    if t.announce and len(hand) == 1:
        if move.announce:
            events.append((AnnouncementMade, p))
        else:
            events.append((AnnouncementMissed, p))
            s._announce_target = p
            s._swap_open = t.swap_announce
    n = t.n
    if effect.reverse and not t.two_again:
        s._direction = -s._direction
        events.append((DirectionReversed, p, s._direction))
    if effect.again or (t.two_again and (effect.reverse or effect.skip)):
        events.append((PlaysAgain, p))
        s._current = p
        s._penalty = 0
        return
    if effect.choose:
        assert move.target is not None
        nxt = move.target
        events.append((NextPlayerChosen, p, nxt))
    else:
        nxt = (p + s._direction) % n
    if effect.skip:
        events.append((TurnSkipped, nxt))
        nxt = (nxt + s._direction) % n
    if effect.draw:
        total = effect.draw + (s._penalty if t.stacks else 0)
        s._penalty = total
        events.append((PenaltyGrown, nxt, total))
    else:
        s._penalty = 0
    s._current = nxt


def _draw_cards(
    s: SheddingState, events: list[RawEvent], count: int, until: frozenset[Card] | None
) -> list[Card]:
    """Draw ``count`` cards, or with ``until`` until one of those comes.

    The discard pile is reshuffled into the stock when it runs out; drawing stops when nothing is
    left to draw.
    """
    stock: tuple[Card, ...] = s._stock
    drawn: list[Card] = []
    while until is not None or len(drawn) < count:
        if not stock:
            discard = s._discard
            if len(discard) < 2:
                break
            stock, rng = s._rng.shuffle(discard[:-1])
            s._rng = rng
            s._discard = discard[-1:]
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
    s._stock = stock
    return drawn


def _playable_now(s: SheddingState) -> frozenset[Card]:
    t: _Tables = s._tables
    suit: Suit | None = s._suit
    top: Card = s._discard[-1]
    allowed: frozenset[Card] = t.playable[_FACE[top] * 5 + (_NO_SUIT if suit is None else suit)]
    return allowed


def _draw_turn(s: SheddingState, events: list[RawEvent]) -> None:
    """A turn's draw, and what follows it.

    Under play_or_pass the drawer always decides next (phase after_draw), whether or not the
    card fits, so that the others cannot tell; under must_play only a card that fits keeps the
    turn (it must be laid); under pass the turn passes.
    """
    t: _Tables = s._tables
    p = s._current
    stock = s._stock
    if stock and not t.draw_until_playable:
        # The common case: one card from a stock that is not empty.
        card = stock[0]
        s._stock = stock[1:]
        if s._passes:
            s._passes = 0
        hands = s._hands
        s._hands = _replace_hand(hands, p, hands[p] + (card,))
        events.append((CardsDrawn, p, 1, "turn", (card,)))
        if t.drawer_decides or (t.must_play_drawn and card in _playable_now(s)):
            s._phase = _AFTER_DRAW
            s._drawn = card
        else:
            s._current = (p + s._direction) % t.n
        return
    playable = _playable_now(s)
    until = playable if t.draw_until_playable else None
    drawn = _draw_cards(s, events, 1, until)
    s._passes = 0
    s._hands = _replace_hand(s._hands, p, s._hands[p] + tuple(drawn))
    events.append((CardsDrawn, p, len(drawn), "turn", tuple(drawn)))
    # The discard pile may have been reshuffled, but its top card, and so what fits, is unchanged.
    if drawn and (t.drawer_decides or (t.must_play_drawn and drawn[-1] in playable)):
        s._phase = _AFTER_DRAW
        s._drawn = drawn[-1]
    else:
        s._current = _next(s, p)


def _take_penalty(s: SheddingState, events: list[RawEvent]) -> None:
    t: _Tables = s._tables
    p = s._current
    drawn = _draw_cards(s, events, s._penalty, None)
    s._hands = _replace_hand(s._hands, p, s._hands[p] + tuple(drawn))
    events.append((PenaltyTaken, p, len(drawn)))
    events.append((CardsDrawn, p, len(drawn), "penalty", tuple(drawn)))
    s._penalty = 0
    if drawn:
        s._passes = 0
    if t.rules.penalty_ends_turn:
        s._current = _next(s, p)


def _pass(s: SheddingState, events: list[RawEvent]) -> None:
    t: _Tables = s._tables
    p = s._current
    events.append((Passed, p))
    if s._phase is _AFTER_DRAW:
        s._phase = _PLAY
        s._drawn = None
    else:
        passes = s._passes + 1
        s._passes = passes
        if passes >= t.n:
            _finish(s, events, Termination.BLOCKED)
            return
    s._current = (p + s._direction) % t.n


def _call_out(s: SheddingState, events: list[RawEvent], move: CallOut) -> None:
    t: _Tables = s._tables
    events.append((AnnouncementCalled, move.player, move.target))
    drawn = _draw_cards(s, events, t.rules.announce_penalty, None)
    victim = move.target
    s._hands = _replace_hand(s._hands, victim, s._hands[victim] + tuple(drawn))
    events.append((CardsDrawn, victim, len(drawn), "callout", tuple(drawn)))
    if drawn:
        s._passes = 0


def _finish(s: SheddingState, events: list[RawEvent], reason: Termination) -> None:
    t: _Tables = s._tables
    points = t.points
    values = [sum([points[c] for c in hand]) for hand in s._hands]
    outcome = _round_outcome(s._players, values, t.rules.scoring, reason)  # its own values
    s._outcome = outcome
    s._phase = _OVER
    s._over = True
    s._penalty = 0
    s._drawn = None
    s._announce_target = None
    events.append((RoundOver, outcome))


# -- creation ----------------------------------------------------------------------------------


def _state(
    *,
    tables: _Tables,
    players: tuple[str, ...],
    hands: tuple[tuple[Card, ...], ...],
    stock: tuple[Card, ...],
    discard: tuple[Card, ...],
    current: int,
    direction: int,
    suit: Suit | None,
    penalty: int,
    phase: Phase,
    drawn: Card | None,
    announce_target: int | None,
    top_player: int | None,
    passes: int,
    moves_played: int,
    rng: Rng,
    outcome: Outcome | None,
    raw_events: tuple[RawEvent, ...] = (),
) -> SheddingState:
    """A state from its fields, unchecked (the callers check or construct them).

    The rules are the tables' (``_tables(rules, n)``).
    """
    state = SheddingState(_BUILD)
    state._tables = tables
    state._players = players
    state._hands = hands
    state._stock = stock
    state._discard = discard
    state._current = current
    state._direction = direction
    state._suit = suit
    state._penalty = penalty
    state._phase = phase
    if phase is _OVER:
        state._over = True
    state._drawn = drawn
    state._announce_target = announce_target
    state._top_player = top_player
    state._passes = passes
    state._moves_played = moves_played
    state._rng = rng
    state._outcome = outcome
    state._raw_events = raw_events
    state._swap_open = tables.swap_announce and _swap_marks(raw_events)
    state._legal = None
    state._c = _NO_CACHE
    return state


# Whether this module runs interpreted: mypyc gives the classes it compiles `__mypyc_attrs__`.
_INTERPRETED: Final = not hasattr(SheddingState, "__mypyc_attrs__")

_ = Rank  # re-exported names used in doctests of game modules

if _INTERPRETED and sys.version_info < (3, 12):
    # Every driver loop reads is_over once a move. Interpreted on 3.10 and 3.11, a property whose
    # getter is a Python function costs a frame per read (910 and 740 instructions, callgrind);
    # one whose getter is C code reading the flag, 770 and 500. From 3.12 the interpreter calls
    # a Python getter inline (370, against 600 for the C getter), and the property stays. Still
    # a property: read-only like the other fields. Compiled, the native property reads the
    # flag in a few instructions and stays.
    # (setattr: mypy takes the assignment of a property to a property for a method's.)
    setattr(  # noqa: B010
        SheddingState,
        "is_over",
        property(operator.attrgetter("_over"), doc=SheddingState.is_over.__doc__),
    )


def _own_abc_caches(cls: type) -> None:
    """Give an ABC class built by mypyc its own `abc` caches, as `abc.ABCMeta` gives each class.

    A compiled class is created without `ABCMeta.__new__`, so it inherits `ValueState`'s caches:
    once ``isinstance(planets_state, ValueState)`` had been asked, ``isinstance(planets_state,
    SheddingState)`` answered True in the compiled wheel. A pure-Python class already has its
    own caches, and nothing is done.
    """
    if "_abc_impl" not in vars(cls):
        init: Any = getattr(abc, "_abc_init", None)
        if init is not None:
            init(cls)


_own_abc_caches(SheddingState)
