"""The engine of "8": turns, black holes, the end of the game, and what each player knows.

The rules it implements are stated in `cardgames.planets`; this module documents how the state
is kept.

**Hands** are multisets of planets (cards of a planet are identical), kept as eight counts per
seat. Black holes never stay in a hand: a black hole kept or received is played at once.

**Knowledge.** The state records explicitly what each player has seen, so that `State.view`
shows exactly that and nothing else:

- every card of the stock and of the current draw carries a *seen-by* bit mask (bit ``p``:
  seat ``p`` knows what that card is). The Commander sees the cards they draw; the card they
  put back on top of the stock is known to them, and stays known to them when the next
  Commander draws it; the surplus a Commander puts under the stock stays known to them.
- the card being decided on (kept, received or stolen) has a mask too: the Commander for a
  kept card, the Commander and the Adjutant for a given card, the thief and the victim for a
  stolen card; a black hole is turned face up, so everyone knows it.
- ``known[p][q]`` counts, per planet, the cards that seat ``p`` knows are in seat ``q``'s hand
  (a lower bound): a card ``p`` gave to ``q`` or that ``q`` stole from ``p`` is added when it
  joins the hand. When ``q`` loses cards publicly (a gathering) the counts drop by what was
  laid; when ``q`` loses a card ``p`` does not see (discarded face down, stolen by someone else,
  put under the stock), every count drops by one, since it may have been any of them. The view
  remembers locations, not disjunctions: once a card ``p`` knows is moved by another player's
  secret choice (the next Commander keeping one of three drawn cards), ``p`` forgets it.
- cards discarded face down are known to their owner, and to everyone once the game is over.

**Decisions whose existence would leak.** After every planet kept, received or stolen, its
holder is asked whether to lay a gathering, even when none is possible (`Decline` is then the
only move): skipping the question would tell the table that the card did not make one.
Whether a black hole can act depends only on hand sizes, which are public, so a black hole
that can do nothing is discarded without a question.

Performance: the hot paths (`State.legal_moves`, `State.apply`) read tables precomputed per
(rules, number of players), reuse interned move objects and copy only the fields that change;
events are stored as compact records and built when `State.last_events` is first read.

**The boundary.** A seat from outside is checked (`cardgames.game.seat_number`) before it is
used: the per-state cache ``_c`` holds entries under the engine's own fixed keys only, never
under a value a caller passed. `State.apply` goes on with the engine's own legal move
(`cardgames.game.engine_move`), never with the caller's object, and its errors name no card
the public cannot see. Every loaded state passes `cardgames.planets.invariants.check_state`.
"""

from __future__ import annotations

import itertools
import operator
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from cardgames.errors import (
    IllegalMoveError,
    InvalidArgumentError,
    InvalidRulesError,
    InvalidStateError,
)
from cardgames.game import (
    Event,
    FrozenState,
    Game,
    LegalMoves,
    Move,
    Outcome,
    Termination,
    engine_move,
    player_names,
    seat_number,
)
from cardgames.planets.cards import (
    BLACK_HOLE,
    FULL_DECK,
    PLANETS,
    PlanetCard,
    cards_from_counts,
    parse_planet_cards,
    planet_counts,
)
from cardgames.planets.documents import dump_state, load_state_fields
from cardgames.planets.invariants import check_state
from cardgames.planets.moves import (
    MOVE_TYPES,
    BlackHoleDiscarded,
    BlackHolePlayed,
    CardDiscardedFaceDown,
    CardGiven,
    CardKept,
    CardPutBack,
    CardsDrawn,
    CardStolen,
    Decline,
    DiscardFaceDown,
    GameOver,
    GatheringDeclined,
    GatheringLaid,
    Give,
    Keep,
    LayGathering,
    PutUnder,
    Steal,
    SurplusPutUnder,
    TurnStarted,
)
from cardgames.planets.notation import parse_move
from cardgames.planets.rules import MIN_GATHERING, Rules
from cardgames.planets.scoring import Gathering, Role, Tally, game_outcome
from cardgames.planets.views import Phase, PlanetsView
from cardgames.rng import Rng

if TYPE_CHECKING:
    from typing_extensions import Self

__all__ = ["Phase", "PlanetsState", "PlanetsView", "new_game"]

_KEEP: Final = Phase.KEEP
_GIVE: Final = Phase.GIVE
_GATHER: Final = Phase.GATHER
_BLACK_HOLE: Final = Phase.BLACK_HOLE
_SURPLUS: Final = Phase.SURPLUS
_OVER: Final = Phase.OVER
_COMMANDER: Final = Role.COMMANDER
_ADJUTANT: Final = Role.ADJUTANT
_NPLANETS: Final = len(PLANETS)
_EMPTY: Final = (0,) * _NPLANETS

Counts = tuple[int, ...]
RawEvent = tuple[Any, ...]

# The keys of the per-state cache ``_c``: fixed strings, never a value a caller passed.
_LEGAL: Final = "legal"
_EVENTS: Final = "events"
_HANDS: Final = "hands"
_NO_MOVES: Final[LegalMoves[Move]] = LegalMoves(())


def _add(counts: Counts, card: int, delta: int) -> Counts:
    return counts[:card] + (counts[card] + delta,) + counts[card + 1 :]


def _replace(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return items[:index] + (value,) + items[index + 1 :]


class _Tables:
    """Interned moves and constants, precomputed once per (rules, number of players)."""

    def __init__(self, rules: Rules, n: int) -> None:
        self.rules = rules
        self.n = n
        self.all_bits = (1 << n) - 1
        seats = range(n)
        self.keep = tuple(tuple(Keep(p, c) for c in PlanetCard) for p in seats)
        self.targets = tuple(tuple((p + k) % n for k in range(1, n)) for p in seats)
        self.give = tuple(
            tuple(tuple(Give(p, c, to) for to in seats) for c in PlanetCard) for p in seats
        )
        self.decline = tuple(Decline(p) for p in seats)
        self.discard = tuple(tuple(DiscardFaceDown(p, c) for c in PLANETS) for p in seats)
        self.steal = tuple(tuple(Steal(p, v) for v in seats) for p in seats)
        self.under = tuple(tuple(PutUnder(p, c) for c in PLANETS) for p in seats)
        self.lay_same = tuple(
            tuple(tuple(LayGathering(p, (c,) * size) for size in range(13)) for c in PLANETS)
            for p in seats
        )
        self.lay_all = tuple(LayGathering(p, PLANETS) for p in seats)
        # Memos of the most frequent move lists: keep or give, by (seat, drawn cards); gather,
        # by (seat, new card, copies of it in hand, whether the hand holds the 7 others).
        self.drawn_moves: dict[tuple[int, bool, frozenset[PlanetCard]], tuple[Move, ...]] = {}
        self.gather_moves: dict[tuple[int, int, int, bool], tuple[Move, ...]] = {}

    def keep_or_give(self, q: int, give: bool, drawn: tuple[PlanetCard, ...]) -> tuple[Move, ...]:
        """The moves that keep, or give, one of the drawn cards."""
        key = (q, give, frozenset(drawn))  # the moves depend on which cards, not their order
        moves = self.drawn_moves.get(key)
        if moves is None:
            cards = sorted(set(drawn))
            if give:
                moves = tuple(self.give[q][c][to] for c in cards for to in self.targets[q])
            else:
                moves = tuple(self.keep[q][c] for c in cards)
            self.drawn_moves[key] = moves
        return moves

    def gather(self, q: int, card: PlanetCard, hand: Counts) -> tuple[Move, ...]:
        """The gatherings ``q`` may lay with the new ``card``, then `Decline` if allowed."""
        others = all(k for c, k in enumerate(hand) if c != card)
        key = (q, card, hand[card], others)
        moves = self.gather_moves.get(key)
        if moves is None:
            same = self.lay_same[q][card]
            found: list[Move] = [same[size] for size in range(MIN_GATHERING, hand[card] + 2)]
            if others:
                found.append(self.lay_all[q])
            if not found or self.rules.may_decline:
                found.append(self.decline[q])
            moves = tuple(found)
            self.gather_moves[key] = moves
        return moves

    def black_hole(self, q: int, hand: Counts, holds: Sequence[bool]) -> tuple[Move, ...]:
        """The black hole's moves: discard a planet of ``hand``, or steal from a holder."""
        discard = self.discard[q]
        steal = self.steal[q]
        return tuple(discard[c] for c, k in enumerate(hand) if k) + tuple(
            steal[v] for v in self.targets[q] if holds[v]
        )

    def surplus(self, q: int, hand: Counts) -> tuple[Move, ...]:
        """Put one of the planets of ``hand`` under the stock."""
        under = self.under[q]
        return tuple(under[c] for c, k in enumerate(hand) if k)


_TABLE_CACHE: dict[tuple[Rules, int], _Tables] = {}


def _tables(rules: Rules, n: int) -> _Tables:
    key = (rules, n)
    tables = _TABLE_CACHE.get(key)
    if tables is None:
        if len(_TABLE_CACHE) > 256:
            _TABLE_CACHE.clear()
        tables = _Tables(rules, n)
        _TABLE_CACHE[key] = tables
    return tables


# The fields that make a state's value (equality, hashing, JSON); the rest is derived or cached.
_FIELDS: Final = (
    "_rules",
    "players",
    "counts",
    "known",
    "stock",
    "stock_seen",
    "drawn",
    "drawn_seen",
    "pending",
    "pending_seen",
    "received",
    "received_seen",
    "commander",
    "adjutant",
    "holder",
    "role",
    "phase",
    "gatherings",
    "face_down",
    "black_holes",
    "turn",
    "moves_played",
    "rng",
    "_outcome",
    "_raw_events",
)


class PlanetsState(FrozenState[Rules, Move, PlanetsView]):
    """A position of a game of "8": frozen, compared by value, advanced only by `apply`.

    Attributes:
        players: The players' names, by seat.
        counts: By seat, the count of each planet in the hand (eight numbers, Mercury first):
            how the engine keeps hands. `hands` and `hand` give the cards.
        known: ``known[p][q]``: the counts of the planets seat ``p`` knows are in seat ``q``'s
            hand (see the module text).
        stock: The stock, top card first.
        stock_seen: For each stock card, the bit mask of the seats that know it.
        drawn: The Commander's drawn cards not yet kept or given, top first.
        drawn_seen: For each drawn card, the bit mask of the seats that know it.
        pending: The card being decided on: kept (during `Phase.GIVE` too), received, stolen,
            or the black hole being played.
        pending_seen: The bit mask of the seats that know ``pending``.
        received: The card given to the Adjutant while the Commander's card is being decided.
        received_seen: The bit mask of the seats that know ``received``.
        commander: This turn's Commander.
        adjutant: This turn's Adjutant (``None`` until a card is given).
        holder: The seat that decides now (``None`` once over).
        role: The holder's role this turn (``None`` once over).
        phase: Which decision the game waits for.
        gatherings: By seat, the gatherings laid.
        face_down: By seat, the cards discarded face down through black holes, sorted.
        black_holes: By seat, the black holes played (the discard pile holds their sum).
        turn: The current turn, from 1.
        moves_played: Moves applied since the start.
        rng: The RNG for the coming steals (never shown to players).
    """

    players: tuple[str, ...]
    counts: tuple[Counts, ...]
    known: tuple[tuple[Counts, ...], ...]
    stock: tuple[PlanetCard, ...]
    stock_seen: tuple[int, ...]
    drawn: tuple[PlanetCard, ...]
    drawn_seen: tuple[int, ...]
    pending: PlanetCard | None
    pending_seen: int
    received: PlanetCard | None
    received_seen: int
    commander: int
    adjutant: int | None
    holder: int | None
    role: Role | None
    phase: Phase
    gatherings: tuple[tuple[Gathering, ...], ...]
    face_down: tuple[tuple[PlanetCard, ...], ...]
    black_holes: tuple[int, ...]
    turn: int
    moves_played: int
    rng: Rng
    _rules: Rules
    _t: _Tables
    _outcome: Outcome | None
    _raw_events: tuple[RawEvent, ...]
    _c: dict[Any, Any]

    _FIELDS = _FIELDS

    def __repr__(self) -> str:
        status = "over" if self.phase is _OVER else f"{self.phase.value} by {self.holder}"
        return (
            f"<PlanetsState players={len(self.players)} turn={self.turn} "
            f"commander={self.commander} {status} stock={len(self.stock)} "
            f"moves={self.moves_played}>"
        )

    # -- protocol -------------------------------------------------------------------------------

    @property
    def game(self) -> Game[Any]:
        """The descriptor of "8"."""
        from cardgames.game import find_game

        return find_game(self._rules.game_name)

    @property
    def rules(self) -> Rules:
        """The rules of this game."""
        return self._rules

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.phase is _OVER

    def outcome(self) -> Outcome | None:
        """The result once the game is over: final scores, winners and how they won."""
        return self._outcome

    @property
    def last_events(self) -> tuple[Event, ...]:
        """The events of the move that produced this state (or of the start), unredacted."""
        cache = self._c
        events = cache.get(_EVENTS)
        if events is None:
            events = tuple(record[0](*record[1:]) for record in self._raw_events)
            cache[_EVENTS] = events
        return events

    @property
    def to_act(self) -> tuple[int, ...]:
        """The seat that decides now (the Commander or the Adjutant); empty once over."""
        holder = self.holder
        return () if holder is None else (holder,)

    @property
    def hands(self) -> tuple[tuple[PlanetCard, ...], ...]:
        """Every hand, by seat, its cards sorted."""
        cache = self._c
        hands: tuple[tuple[PlanetCard, ...], ...] | None = cache.get(_HANDS)
        if hands is None:
            hands = tuple(map(cards_from_counts, self.counts))
            cache[_HANDS] = hands
        return hands

    def hand(self, seat: int) -> tuple[PlanetCard, ...]:
        """The cards in a seat's hand, sorted.

        Raises:
            InvalidArgumentError: if ``seat`` is not a seat of this game (``-1`` included).
        """
        return cards_from_counts(self.counts[seat_number(seat, self._t.n, "seat")])

    def legal_moves(self, player: int | None = None) -> LegalMoves[Move]:
        """The legal moves of ``player`` (default: of the seat that decides now).

        In a fixed order: cards in planet order (the black hole last), receivers clockwise
        from the Commander; gatherings by size, the 8 different last, then `Decline`;
        face-down discards before steals.

        Raises:
            InvalidArgumentError: if ``player`` is not ``None`` or a seat of this game (a
                ``bool``, text, a float, out of range); nothing is cached then.
        """
        if player is not None and (type(player) is not int or not 0 <= player < self._t.n):
            player = seat_number(player, self._t.n)
        # One cache entry under a fixed key, whatever the caller passes: the holder's moves.
        cache = self._c
        result: LegalMoves[Move] | None = cache.get(_LEGAL)
        if result is None:
            result = _NO_MOVES if self.holder is None else LegalMoves(self._moves())
            cache[_LEGAL] = result
        if player is None or player == self.holder:
            return result
        return _NO_MOVES

    def apply(self, move: Move) -> PlanetsState:
        """Return the state after ``move``.

        The move must be one of the legal moves, or of exactly the same class with fields of
        exactly the same types and values (see `cardgames.game.engine_move`): the new state
        is built from the engine's own move, never from the caller's object.

        Raises:
            IllegalMoveError: with a machine-readable ``reason`` if the move is not legal; this
                state is unchanged.
        """
        legal = self._c.get(_LEGAL)
        if legal is None:
            legal = self.legal_moves()
        for candidate in legal:
            if candidate is move:
                return self._transition(candidate)
        found = engine_move(legal, move)
        if found is not None:
            return self._transition(found)
        raise self._diagnose(move)

    def view(self, player: int | None) -> PlanetsView:
        """What ``player`` knows (``None``: a spectator), built from an allow-list.

        Raises:
            InvalidArgumentError: if ``player`` is not ``None`` or a seat of this game.
        """
        n = self._t.n
        if player is not None and (type(player) is not int or not 0 <= player < n):
            player = seat_number(player, n)
        bit = 0 if player is None else 1 << player
        over = self.phase is _OVER
        pending = self.pending
        if pending is not None and not (self.pending_seen & bit or self.phase is _BLACK_HOLE):
            pending = None
        received = self.received if self.received_seen & bit else None
        return PlanetsView(
            viewer=player,
            game=self._rules.game_name,
            players=self.players,
            phase=self.phase,
            turn=self.turn,
            commander=self.commander,
            adjutant=self.adjutant,
            holder=self.holder,
            role=self.role,
            to_act=self.to_act,
            hand=None if player is None else cards_from_counts(self.counts[player]),
            hand_sizes=tuple(map(sum, self.counts)),
            known_cards=(
                ((),) * n if player is None else tuple(map(cards_from_counts, self.known[player]))
            ),
            drawn=tuple(
                card if seen & bit else None
                for card, seen in zip(self.drawn, self.drawn_seen, strict=True)
            ),
            pending=pending,
            received=received,
            stock_size=len(self.stock),
            known_stock=tuple(
                (i, card)
                for i, (card, seen) in enumerate(zip(self.stock, self.stock_seen, strict=True))
                if seen & bit
            ),
            discard_size=sum(self.black_holes),
            gatherings=self.gatherings,
            face_down=tuple(
                cards if over or seat == player else None
                for seat, cards in enumerate(self.face_down)
            ),
            face_down_sizes=tuple(map(len, self.face_down)),
            black_holes=self.black_holes,
            moves_played=self.moves_played,
            legal_moves=() if player is None else self.legal_moves(player).as_tuple(),
            events=tuple(e.redacted_for(player) for e in self.last_events),
            outcome=self._outcome,
            rules=self._rules,
        )

    def all_cards(self) -> tuple[PlanetCard, ...]:
        """Every card, wherever it is (hands, stock, draw, gatherings, discards), sorted."""
        cards: list[PlanetCard] = [*self.stock, *self.drawn]
        if self.pending is not None:
            cards.append(self.pending)
        if self.received is not None:
            cards.append(self.received)
        for seat in range(len(self.players)):
            cards.extend(cards_from_counts(self.counts[seat]))
            cards.extend(self.face_down[seat])
            for gathering in self.gatherings[seat]:
                cards.extend(gathering.cards)
        cards.extend((BLACK_HOLE,) * sum(self.black_holes))
        return tuple(sorted(cards))

    def tallies(self) -> tuple[Tally, ...]:
        """What the final count needs of each seat, as things stand (see `final_scores`)."""
        return tuple(
            Tally(self.gatherings[s], len(self.face_down[s]), sum(self.counts[s]), holes)
            for s, holes in enumerate(self.black_holes)
        )

    # -- notation -------------------------------------------------------------------------------

    def format_move(self, move: Move) -> str:
        """Write a move in the text notation (the same as ``str(move)``).

        ``keep Saturn``, ``give Mars to 2``, ``lay 4 Saturn``, ``lay all-different``,
        ``decline``, ``discard Venus``, ``steal 1``, ``under Earth``.

        Examples:
            >>> from cardgames.planets import new_game, Give, LayGathering, PlanetCard
            >>> state = new_game(3, seed=1)
            >>> state.format_move(Give(0, PlanetCard.BLACK_HOLE, 2))
            'give black-hole to 2'
            >>> state.format_move(LayGathering(0, [PlanetCard.SATURN] * 4))
            'lay 4 Saturn'

        Raises:
            InvalidArgumentError: if ``move`` is not a move of this game (a `TypeError` too).
        """
        if type(move) in _MOVE_TYPES:
            return str(move)
        raise InvalidArgumentError("move", move, "expected a move of 8")

    def parse_move(self, text: str, player: int | None = None) -> Move:
        """Read a move written by `format_move`, in English or French.

        Verbs: ``keep``/``garder``, ``give``/``donner`` (``to``/``à`` before the seat),
        ``lay``/``poser`` (``lay 4 Saturn``, ``lay Saturn Saturn Saturn``,
        ``lay all-different``), ``decline``/``pass``/``refuser``, ``discard``/``défausser``,
        ``steal``/``voler``, ``under``/``dessous``. A seat is a number or a player's name;
        ``player`` defaults to the seat that decides now.

        Examples:
            >>> from cardgames.planets import new_game
            >>> state = new_game(["Léa", "Tom"], seed=1)
            >>> state.parse_move("donner Saturne à Tom")
            Give(player=0, card=<PlanetCard.SATURN: 5>, to=1)

        Raises:
            ParseError: if the text is not a move.
            InvalidArgumentError: if ``player`` is not ``None`` or a seat of this game.
        """
        if player is None:
            player = self.holder if self.holder is not None else self.commander
        else:
            player = seat_number(player, self._t.n)
        return parse_move(text, player, self.players)

    # -- JSON -----------------------------------------------------------------------------------

    def to_json(self) -> str:
        """The whole state (hidden cards, knowledge and RNG included) as a JSON document."""
        return dump_state(self)

    @classmethod
    def from_json(cls, text: str | bytes) -> Self:
        """Load a state written by `to_json`, checking types, counts, phases and knowledge.

        Raises:
            InvalidStateError: naming the first problem found.
        """
        return _state_from_json(text)  # type: ignore[return-value]

    # -- move generation ------------------------------------------------------------------------

    def _moves(self) -> tuple[Move, ...]:
        t = self._t
        phase = self.phase
        q = self.holder
        assert q is not None
        if phase is _GATHER:
            return t.gather(q, self.pending, self.counts[q])  # type: ignore[arg-type]
        if phase is _KEEP or phase is _GIVE:
            return t.keep_or_give(q, phase is _GIVE, self.drawn)
        if phase is _BLACK_HOLE:
            return t.black_hole(q, self.counts[q], [any(hand) for hand in self.counts])
        return t.surplus(q, self.counts[q])

    def _diagnose(self, move: object) -> IllegalMoveError:
        """Explain why a move that is not among the legal moves is illegal.

        The texts name only public facts and the move's own content, never a hidden card
        (not even the holder's own drawn or pending card): anyone may submit a move for any
        seat, and the error goes back to them.
        """
        if not isinstance(move, Move):
            return IllegalMoveError(
                move, None, "not_a_move", f"expected a move, got {type(move).__name__}"
            )
        player = move.player
        if type(move) not in _MOVE_TYPES:
            return IllegalMoveError(move, player, "wrong_game", "this is not a move of 8")
        problem = _malformed(move)
        if problem is not None:
            return IllegalMoveError(move, player, "malformed_move", problem)
        if self.phase is _OVER:
            return IllegalMoveError(move, player, "game_over", "the game is over")
        n = self._t.n
        if not 0 <= player < n:
            return IllegalMoveError(move, player, "unknown_player", f"there is no seat {player}")
        if player != self.holder:
            return IllegalMoveError(
                move, player, "not_your_turn", f"seat {self.holder} decides now"
            )
        phase = self.phase
        if not isinstance(move, _PHASE_MOVES[phase]):
            return IllegalMoveError(move, player, "wrong_phase", _PHASE_HINTS[phase])
        if isinstance(move, (Keep, Give)) and move.card not in self.drawn:
            return IllegalMoveError(
                move, player, "card_not_drawn", f"{move.card} is not among the drawn cards"
            )
        if isinstance(move, Give):
            return IllegalMoveError(
                move, player, "bad_target", f"give to another seat (0 to {n - 1}), not {move.to}"
            )
        if isinstance(move, Decline):
            return IllegalMoveError(
                move, player, "must_lay", "these rules oblige you to lay a possible gathering"
            )
        if isinstance(move, Steal):
            if move.victim == player or not 0 <= move.victim < n:
                return IllegalMoveError(
                    move, player, "bad_target", f"steal from another seat, not {move.victim}"
                )
            return IllegalMoveError(
                move, player, "empty_hand", f"seat {move.victim} holds no planet"
            )
        if isinstance(move, LayGathering):
            return self._diagnose_gathering(move, player)
        if isinstance(move, (DiscardFaceDown, PutUnder)):
            return IllegalMoveError(
                move, player, "card_not_in_hand", f"{move.card} is not a planet of your hand"
            )
        # Unreachable with the checks above (a well-typed Keep of a drawn card by the holder in
        # the keep phase is legal); kept so that no input ends in a bare builtin error.
        return IllegalMoveError(  # pragma: no cover
            move, player, "illegal", "this move is not legal here"
        )

    def _diagnose_gathering(self, move: LayGathering, player: int) -> IllegalMoveError:
        cards = move.cards
        problem = _gathering_problem(cards)
        if problem is not None:
            return IllegalMoveError(move, player, "not_a_gathering", problem)
        # Never name the card being decided on: only its holder (and perhaps a giver or a
        # victim) has seen it, and the caller may be anyone.
        if self.pending not in cards:
            return IllegalMoveError(
                move,
                player,
                "card_not_included",
                "the gathering must include the card being decided on",
            )
        return IllegalMoveError(
            move,
            player,
            "cards_not_in_hand",
            f"the hand and the card being decided on do not hold {' '.join(map(str, cards))}",
        )

    # -- transitions ----------------------------------------------------------------------------

    def _transition(self, move: Move) -> PlanetsState:
        d = dict(self.__dict__)
        d["_c"] = {}
        events: list[RawEvent] = []
        kind = type(move)
        if kind is LayGathering:
            _lay(d, events, move)  # type: ignore[arg-type]
        elif kind is Decline:
            _decline(d, events)
        elif kind is Keep:
            _keep(d, events, move)  # type: ignore[arg-type]
        elif kind is Give:
            _give(d, events, move)  # type: ignore[arg-type]
        elif kind is DiscardFaceDown:
            _discard_face_down(d, events, move)  # type: ignore[arg-type]
        elif kind is Steal:
            _steal(d, events, move)  # type: ignore[arg-type]
        else:
            _put_under(d, events, move)  # type: ignore[arg-type]
        d["moves_played"] += 1
        d["_raw_events"] = tuple(events)
        return PlanetsState._make(d)


_MOVE_TYPES: Final = frozenset(MOVE_TYPES.values())
_PHASE_MOVES: Final[dict[Phase, tuple[type[Move], ...]]] = {
    _KEEP: (Keep,),
    _GIVE: (Give,),
    _GATHER: (LayGathering, Decline),
    _BLACK_HOLE: (DiscardFaceDown, Steal),
    _SURPLUS: (PutUnder,),
}
_PHASE_HINTS: Final[dict[Phase, str]] = {
    _KEEP: "the Commander must keep one of the drawn cards",
    _GIVE: "the Commander must give one of the drawn cards to another player",
    _GATHER: "lay a gathering with the new card, or decline",
    _BLACK_HOLE: "play the black hole: discard a planet face down or steal one",
    _SURPLUS: "put surplus cards under the stock",
}


def _is_seat(value: object) -> bool:
    return type(value) is int


def _malformed(move: Move) -> str | None:
    """Why a move of this game holds a value of the wrong type, or ``None``.

    Only the engine's own types pass: a plain ``int`` for a card (it compares equal to the
    `PlanetCard`), ``True`` or ``1.0`` for a seat are refused, so that nothing but the engine's
    values ever reaches a state.
    """
    if not _is_seat(move.player):
        return f"player must be a seat number, not {type(move.player).__name__}"
    for name in ("to", "victim"):
        value = getattr(move, name, 0)
        if not _is_seat(value):
            return f"{name} must be a seat number, not {type(value).__name__}"
    card = getattr(move, "card", BLACK_HOLE)
    if type(card) is not PlanetCard:
        return f"card must be a PlanetCard, not {type(card).__name__}"
    cards = getattr(move, "cards", ())
    if type(cards) is not tuple or any(type(c) is not PlanetCard for c in cards):
        return "cards must be a tuple of PlanetCard"
    return None


def _gathering_problem(cards: tuple[PlanetCard, ...]) -> str | None:
    if any(not isinstance(c, PlanetCard) or not c.is_planet for c in cards):
        return "a gathering holds planets only"
    if cards == PLANETS:
        return None
    if len(set(cards)) != 1:
        return "a gathering is identical planets or the 8 different planets"
    if len(cards) < MIN_GATHERING:
        return f"a gathering has at least {MIN_GATHERING} identical planets"
    return None


# -- knowledge ------------------------------------------------------------------------------------


def _learn(
    known: tuple[tuple[Counts, ...], ...], seen: int, q: int, card: int
) -> tuple[tuple[Counts, ...], ...]:
    """Every seat in ``seen`` (but ``q``) learns that ``card`` joined ``q``'s hand."""
    rows = list(known)
    for p, row in enumerate(known):
        if p != q and seen >> p & 1:
            rows[p] = _replace(row, q, _add(row[q], card, 1))
    return tuple(rows)


def _forget(
    known: tuple[tuple[Counts, ...], ...], q: int, card: int, witnesses: int
) -> tuple[tuple[Counts, ...], ...]:
    """``q`` lost one ``card``: the seats in ``witnesses`` know which, the others do not."""
    rows = list(known)
    for p, row in enumerate(known):
        if p == q:
            continue
        counts = row[q]
        if witnesses >> p & 1:
            if counts[card]:
                rows[p] = _replace(row, q, _add(counts, card, -1))
        elif any(counts):
            rows[p] = _replace(row, q, tuple(k - 1 if k else 0 for k in counts))
    return tuple(rows)


def _lose_publicly(
    known: tuple[tuple[Counts, ...], ...], q: int, lost: Counts
) -> tuple[tuple[Counts, ...], ...]:
    """``q`` laid the cards ``lost`` from their hand face up: everyone saw them go."""
    rows = list(known)
    for p, row in enumerate(known):
        counts = row[q]
        if p != q and any(counts):
            rows[p] = _replace(
                row, q, tuple(k - x if k > x else 0 for k, x in zip(counts, lost, strict=True))
            )
    return tuple(rows)


# -- transitions ----------------------------------------------------------------------------------


def _start_turn(d: dict[str, Any], events: list[RawEvent], commander: int) -> None:
    t: _Tables = d["_t"]
    stock = d["stock"]
    seen = d["stock_seen"]
    k = min(t.rules.draw_count, len(stock))
    bit = 1 << commander
    drawn = stock[:k]
    d["drawn"] = drawn
    d["drawn_seen"] = tuple(m | bit for m in seen[:k])
    d["stock"] = stock[k:]
    d["stock_seen"] = seen[k:]
    d["commander"] = commander
    d["adjutant"] = None
    d["holder"] = commander
    d["role"] = _COMMANDER
    d["phase"] = _KEEP
    d["pending"] = None
    d["pending_seen"] = 0
    d["received"] = None
    d["received_seen"] = 0
    turn = d["turn"] + 1
    d["turn"] = turn
    events.append((TurnStarted, commander, turn))
    events.append((CardsDrawn, commander, k, drawn))


def _keep(d: dict[str, Any], events: list[RawEvent], move: Keep) -> None:
    c = move.player
    card = move.card
    drawn = d["drawn"]
    i = drawn.index(card)
    rest = drawn[:i] + drawn[i + 1 :]
    # With one card drawn the choice is forced, so whoever knew it still does.
    d["pending"] = card
    d["pending_seen"] = d["drawn_seen"][i] if not rest else 1 << c
    events.append((CardKept, c, card))
    d["drawn"] = rest
    d["drawn_seen"] = (1 << c,) * len(rest)
    if rest:
        d["phase"] = _GIVE
    else:
        _resolve(d, events)


def _give(d: dict[str, Any], events: list[RawEvent], move: Give) -> None:
    c = move.player
    card = move.card
    drawn = d["drawn"]
    i = drawn.index(card)
    rest = drawn[:i] + drawn[i + 1 :]
    d["received"] = card
    d["received_seen"] = (1 << c) | (1 << move.to)
    d["adjutant"] = move.to
    events.append((CardGiven, c, move.to, card))
    for back in reversed(rest):
        d["stock"] = (back, *d["stock"])
        d["stock_seen"] = (1 << c, *d["stock_seen"])
        events.append((CardPutBack, c, back))
    d["drawn"] = ()
    d["drawn_seen"] = ()
    _resolve(d, events)


def _resolve(d: dict[str, Any], events: list[RawEvent]) -> None:
    """Start the decision on the holder's pending card (kept or received)."""
    if d["pending"] is BLACK_HOLE:
        t: _Tables = d["_t"]
        q = d["holder"]
        d["pending_seen"] = t.all_bits
        events.append((BlackHolePlayed, q, d["role"]))
        if any(map(any, d["counts"])):
            d["phase"] = _BLACK_HOLE
        else:
            _black_hole_done(d, events, wasted=True)
            _next_decision(d, events)
    else:
        d["phase"] = _GATHER


def _black_hole_done(d: dict[str, Any], events: list[RawEvent], *, wasted: bool) -> None:
    q = d["holder"]
    d["black_holes"] = _replace(d["black_holes"], q, d["black_holes"][q] + 1)
    d["pending"] = None
    d["pending_seen"] = 0
    events.append((BlackHoleDiscarded, q, wasted))


def _next_decision(d: dict[str, Any], events: list[RawEvent]) -> None:
    """After a card is settled: the Adjutant's card, the hand limit, or the end of the turn."""
    received = d["received"]
    if received is not None:
        d["holder"] = d["adjutant"]
        d["role"] = _ADJUTANT
        d["pending"] = received
        d["pending_seen"] = d["received_seen"]
        d["received"] = None
        d["received_seen"] = 0
        _resolve(d, events)
        return
    t: _Tables = d["_t"]
    c = d["commander"]
    limit = t.rules.hand_limit
    if limit is not None and sum(d["counts"][c]) > limit:
        d["phase"] = _SURPLUS
        d["holder"] = c
        d["role"] = _COMMANDER
    else:
        _end_turn(d, events)


def _end_turn(d: dict[str, Any], events: list[RawEvent]) -> None:
    t: _Tables = d["_t"]
    if not d["stock"]:
        _finish(d, events, Termination.STOCK_EXHAUSTED)
    elif d["turn"] >= t.rules.max_turns:
        _finish(d, events, Termination.TURN_LIMIT)
    else:
        _start_turn(d, events, (d["commander"] + 1) % t.n)


def _lay(d: dict[str, Any], events: list[RawEvent], move: LayGathering) -> None:
    t: _Tables = d["_t"]
    q = move.player
    card = d["pending"]
    lost = _add(planet_counts(move.cards), card, -1)
    hand = tuple(k - x for k, x in zip(d["counts"][q], lost, strict=True))
    d["counts"] = _replace(d["counts"], q, hand)
    d["known"] = _lose_publicly(d["known"], q, lost)
    gathering = Gathering(move.cards, d["role"])
    d["gatherings"] = _replace(d["gatherings"], q, (*d["gatherings"][q], gathering))
    events.append((GatheringLaid, q, gathering, gathering.points(t.rules)))
    d["pending"] = None
    d["pending_seen"] = 0
    _next_decision(d, events)


def _decline(d: dict[str, Any], events: list[RawEvent]) -> None:
    q = d["holder"]
    card = d["pending"]
    d["counts"] = _replace(d["counts"], q, _add(d["counts"][q], card, 1))
    d["known"] = _learn(d["known"], d["pending_seen"], q, card)
    events.append((GatheringDeclined, q))
    d["pending"] = None
    d["pending_seen"] = 0
    _next_decision(d, events)


def _discard_face_down(d: dict[str, Any], events: list[RawEvent], move: DiscardFaceDown) -> None:
    q = move.player
    card = move.card
    d["counts"] = _replace(d["counts"], q, _add(d["counts"][q], card, -1))
    d["known"] = _forget(d["known"], q, card, 0)
    d["face_down"] = _replace(d["face_down"], q, tuple(sorted((*d["face_down"][q], card))))
    events.append((CardDiscardedFaceDown, q, card))
    _black_hole_done(d, events, wasted=False)
    _next_decision(d, events)


def _steal(d: dict[str, Any], events: list[RawEvent], move: Steal) -> None:
    q = move.player
    victim = move.victim
    hand = d["counts"][victim]
    index, rng = d["rng"].below(sum(hand))
    d["rng"] = rng
    card = cards_from_counts(hand)[index]
    d["counts"] = _replace(d["counts"], victim, _add(hand, card, -1))
    d["known"] = _forget(d["known"], victim, card, 1 << q)
    events.append((CardStolen, q, victim, card))
    _black_hole_done(d, events, wasted=False)
    d["pending"] = card
    d["pending_seen"] = (1 << q) | (1 << victim)
    d["phase"] = _GATHER


def _put_under(d: dict[str, Any], events: list[RawEvent], move: PutUnder) -> None:
    t: _Tables = d["_t"]
    c = move.player
    card = move.card
    hand = _add(d["counts"][c], card, -1)
    d["counts"] = _replace(d["counts"], c, hand)
    d["known"] = _forget(d["known"], c, card, 0)
    d["stock"] = (*d["stock"], card)
    d["stock_seen"] = (*d["stock_seen"], 1 << c)
    events.append((SurplusPutUnder, c, card))
    limit = t.rules.hand_limit
    if limit is None or sum(hand) <= limit:
        _end_turn(d, events)


def _finish(d: dict[str, Any], events: list[RawEvent], reason: Termination) -> None:
    t: _Tables = d["_t"]
    tallies = tuple(
        Tally(gatherings, len(face_down), sum(hand), holes)
        for gatherings, face_down, hand, holes in zip(
            d["gatherings"], d["face_down"], d["counts"], d["black_holes"], strict=True
        )
    )
    outcome = game_outcome(reason, d["turn"], tallies, t.rules, d["players"])
    d["_outcome"] = outcome
    d["phase"] = _OVER
    d["holder"] = None
    d["role"] = None
    events.append((GameOver, outcome, d["face_down"]))


# -- creation -------------------------------------------------------------------------------------


def new_game(
    game: Game[Any],
    players: int | Sequence[str],
    *,
    seed: int,
    rules: Rules | None = None,
    deck: Sequence[PlanetCard] | str | None = None,
) -> PlanetsState:
    """Start a game of "8" (see `cardgames.planets.new_game`)."""
    if rules is None:
        rules = game.default_rules
    if not isinstance(rules, Rules):
        raise InvalidRulesError("rules", rules, "expected the Rules of 8")
    names = _players(players, game)
    n = len(names)
    rules.check_players(n)
    rng = Rng.from_seed(_seed(seed))
    if deck is None:
        order, rng = rng.shuffle(FULL_DECK)
    else:
        order = _deck(deck)
    # Deal planets one at a time clockwise from the first Commander, skipping black holes,
    # which stay in the stock where they are.
    dealt = [[0] * _NPLANETS for _ in range(n)]
    stock: list[PlanetCard] = []
    wanted = n * rules.initial_hand
    given = 0
    for card in order:
        if given < wanted and card is not BLACK_HOLE:
            dealt[(rules.first_commander + given) % n][card] += 1
            given += 1
        else:
            stock.append(card)
    tables = _tables(rules, n)
    empty_row = (_EMPTY,) * n
    fields: dict[str, Any] = {
        "_rules": rules,
        "_t": tables,
        "_c": {},
        "players": names,
        "counts": tuple(map(tuple, dealt)),
        "known": (empty_row,) * n,
        "stock": tuple(stock),
        "stock_seen": (0,) * len(stock),
        "gatherings": ((),) * n,
        "face_down": ((),) * n,
        "black_holes": (0,) * n,
        "turn": 0,
        "moves_played": 0,
        "rng": rng,
        "_outcome": None,
    }
    events: list[RawEvent] = []
    _start_turn(fields, events, rules.first_commander)
    fields["_raw_events"] = tuple(events)
    return PlanetsState._make(fields)


def _players(players: object, game: Game[Any]) -> tuple[str, ...]:
    """Check the ``players`` argument before anything is built from it.

    A number is checked against the bounds first (``10**9`` players builds no names); at most
    one name more than the game takes is read from a sequence or an iterable.
    """
    expected = "expected a number of players or their names"
    if isinstance(players, bool):
        raise InvalidRulesError("players", players, expected)
    if isinstance(players, int):
        if not game.min_players <= players <= game.max_players:
            raise InvalidRulesError(
                "players",
                players,
                f"{game.title} takes {game.min_players} to {game.max_players} players",
            )
        return player_names(int(players), game)
    if isinstance(players, str):
        return player_names(players, game)  # refused there, with its own message
    try:
        names = tuple(itertools.islice(players, game.max_players + 1))  # type: ignore[call-overload]
    except TypeError:
        raise InvalidRulesError("players", players, expected) from None
    return player_names(names, game)


def _seed(seed: object) -> int:
    """Check the ``seed`` argument: an integer (``bool`` refused), returned as a plain ``int``."""
    if not isinstance(seed, bool):
        try:
            return operator.index(seed)  # type: ignore[arg-type]
        except TypeError:
            pass
    raise InvalidArgumentError("seed", seed, "expected an integer")


_DECK_SIZE: Final = len(FULL_DECK)
_MAX_DECK_TEXT: Final = 64 * (_DECK_SIZE + 1)  # a card is at most 64 characters


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


# -- loading --------------------------------------------------------------------------------------


def _state_from_json(text: str | bytes) -> PlanetsState:
    from cardgames.game import find_game

    fields = load_state_fields(text, find_game("planets"))
    n = len(fields["players"])
    if not 2 <= n <= 6:  # before the tables are built for that many seats
        raise InvalidStateError("/data/players", f"8 takes 2 to 6 players, not {n}")
    fields["_t"] = _tables(fields["_rules"], n)
    fields["_c"] = {}
    state = PlanetsState._make(fields)
    check_state(state)
    return state
