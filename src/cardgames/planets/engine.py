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
(rules, number of players), reuse interned move objects and interned lists of legal moves, and
copy only the fields that change; events are stored as compact records and built when
`State.last_events` is first read. The binary wheels compile this module with mypyc (see
``hatch_build.py``): `PlanetsState` is then a native class whose fields are C struct slots.
Everything that checks outside values (dealing, loading JSON) lives in
`cardgames.planets.deal`, which is never compiled, so that bad input gets the library's typed
errors rather than a compiled function's ``TypeError``; the public methods here take any value
(``object``) and check it themselves.

**The boundary.** A seat from outside is checked (`cardgames.game.seat_number`) before it is
used: the per-state cache ``_c`` holds entries under the engine's own fixed keys only, never
under a value a caller passed. `State.apply` goes on with the engine's own legal move
(`cardgames.game.engine_move`), never with the caller's object, and its errors name no card
the public cannot see. Every loaded state passes `cardgames.planets.invariants.check_state`.
"""

from __future__ import annotations

import abc
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final, cast

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
from cardgames.planets.cards import BLACK_HOLE, PLANETS, PlanetCard, cards_from_counts
from cardgames.planets.deal import new_game
from cardgames.planets.documents import dump_state
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
_NPLANETS: Final = 8  # len(PLANETS)
_CARDS: Final = tuple(PlanetCard)  # by value: _CARDS[i] is PlanetCard(i)
_EMPTY: Final = (0,) * _NPLANETS

Counts = tuple[int, ...]
RawEvent = tuple[Any, ...]

# The keys of the per-state cache ``_c``: fixed strings, never a value a caller passed.
_EVENTS: Final = "events"
_HANDS: Final = "hands"
_NO_MOVES: Final[LegalMoves[Move]] = LegalMoves(())
_BUILD: Final = object()  # the token that lets the engine build a state

# The classes the hot paths name, as Final module constants: compiled, these are C statics,
# where an imported name is looked up in the module's dict at every use.
_DECLINE_MOVE: Final = Decline
_KEEP_MOVE: Final = Keep
_GIVE_MOVE: Final = Give
_LAY_MOVE: Final = LayGathering
_DISCARD_MOVE: Final = DiscardFaceDown
_STEAL_MOVE: Final = Steal
_TURN_STARTED: Final = TurnStarted
_CARDS_DRAWN: Final = CardsDrawn
_CARD_KEPT: Final = CardKept
_CARD_GIVEN: Final = CardGiven
_CARD_PUT_BACK: Final = CardPutBack
_GATHERING_LAID: Final = GatheringLaid
_GATHERING_DECLINED: Final = GatheringDeclined
_BLACK_HOLE_PLAYED: Final = BlackHolePlayed
_BLACK_HOLE_DISCARDED: Final = BlackHoleDiscarded
_CARD_DISCARDED: Final = CardDiscardedFaceDown
_CARD_STOLEN: Final = CardStolen
_SURPLUS_PUT_UNDER: Final = SurplusPutUnder
_PLANET_BLACK_HOLE: Final = BLACK_HOLE


def _add(counts: Counts, card: int, delta: int) -> Counts:
    items = list(counts)  # one copy each way: cheaper than slicing and concatenating
    items[card] += delta
    return tuple(items)


def _replace(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    out = list(items)
    out[index] = value
    return tuple(out)


def _size(hand: Counts) -> int:
    """The number of cards in ``hand`` (a loop: compiled, faster than the builtin ``sum``)."""
    total = 0
    for k in hand:
        total += k
    return total


def _mask(hand: Counts) -> int:
    """The bit mask of the planets ``hand`` holds (bit ``c``: at least one of planet ``c``)."""
    mask = 0
    for c in range(_NPLANETS):
        if hand[c]:
            mask |= 1 << c
    return mask


class _Tables:
    """Interned moves and constants, precomputed once per (rules, number of players).

    The lists of legal moves are interned too (`LegalMoves`, built once per key): a keep or a
    give by (seat, drawn cards), a gathering by (seat, new card, copies of it in hand, whether
    the hand holds the 7 others), a black hole by (seat, planets in hand, seats holding one),
    the surplus by (seat, planets in hand).
    """

    def __init__(self, rules: Rules, n: int) -> None:
        self.rules = rules
        self.n = n
        self.all_bits = (1 << n) - 1
        self.draw_count: int = rules.draw_count
        self.hand_limit: int | None = rules.hand_limit
        self.max_turns: int = rules.max_turns
        self.may_decline: bool = rules.may_decline
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
        # By interned LayGathering move: the counts of its cards, then for the Commander and
        # for the Adjutant the Gathering laid and its points.
        self.laid: dict[LayGathering, tuple[Counts, Gathering, int, Gathering, int]] = {}
        self.drawn_moves: dict[int, LegalMoves[Move]] = {}
        self.gather_moves: dict[int, LegalMoves[Move]] = {}
        self.black_hole_moves: dict[int, LegalMoves[Move]] = {}
        self.surplus_moves: dict[int, LegalMoves[Move]] = {}

    def keep_or_give(self, q: int, give: bool, drawn: tuple[PlanetCard, ...]) -> LegalMoves[Move]:
        """The moves that keep, or give, one of the drawn cards."""
        mask = 0
        for card in drawn:  # the moves depend on which cards, not their order
            mask |= 1 << card
        key = (q * 2 + give) << 9 | mask
        moves = self.drawn_moves.get(key)
        if moves is None:
            cards = [c for c in range(9) if mask >> c & 1]
            found: list[Move] = []
            if give:
                for c in cards:
                    for to in self.targets[q]:
                        found.append(self.give[q][c][to])
            else:
                for c in cards:
                    found.append(self.keep[q][c])
            moves = LegalMoves(found)
            self.drawn_moves[key] = moves
        return moves

    def gather(self, q: int, card: int, hand: Counts) -> LegalMoves[Move]:
        """The gatherings ``q`` may lay with the new ``card``, then `Decline` if allowed."""
        others = True
        for c in range(_NPLANETS):
            if c != card and not hand[c]:
                others = False
                break
        same_count = hand[card]
        key = ((q * _NPLANETS + card) * 16 + same_count) * 2 + others
        moves = self.gather_moves.get(key)
        if moves is None:
            same = self.lay_same[q][card]
            found: list[Move] = [same[size] for size in range(MIN_GATHERING, same_count + 2)]
            if others:
                found.append(self.lay_all[q])
            if not found or self.may_decline:
                found.append(self.decline[q])
            moves = LegalMoves(found)
            self.gather_moves[key] = moves
        return moves

    def black_hole(self, q: int, hand: Counts, holds: Sequence[bool]) -> LegalMoves[Move]:
        """The black hole's moves: discard a planet of ``hand``, or steal from a holder."""
        holders = 0
        for v, held in enumerate(holds):
            if held:
                holders |= 1 << v
        return self.black_hole_masks(q, _mask(hand), holders)

    def black_hole_masks(self, q: int, hand: int, holders: int) -> LegalMoves[Move]:
        """`black_hole` by bit masks: the planets in ``q``'s hand, the seats holding one."""
        key = (q << 16) | (holders << 8) | hand
        moves = self.black_hole_moves.get(key)
        if moves is None:
            discard = self.discard[q]
            steal = self.steal[q]
            found: list[Move] = [discard[c] for c in range(_NPLANETS) if hand >> c & 1]
            found.extend(steal[v] for v in self.targets[q] if holders >> v & 1)
            moves = LegalMoves(found)
            self.black_hole_moves[key] = moves
        return moves

    def lay(self, move: LayGathering) -> tuple[Counts, Gathering, int, Gathering, int]:
        """What laying ``move`` takes from the hand and lays, as Commander and as Adjutant."""
        found = self.laid.get(move)
        if found is None:
            cards = move.cards
            counts = [0] * _NPLANETS
            for card in cards:
                counts[card] += 1
            as_commander = Gathering(cards, _COMMANDER)
            as_adjutant = Gathering(cards, _ADJUTANT)
            found = (
                tuple(counts),
                as_commander,
                as_commander.points(self.rules),
                as_adjutant,
                as_adjutant.points(self.rules),
            )
            self.laid[move] = found
        return found

    def surplus(self, q: int, hand: Counts) -> LegalMoves[Move]:
        """Put one of the planets of ``hand`` under the stock."""
        mask = _mask(hand)
        key = (q << 8) | mask
        moves = self.surplus_moves.get(key)
        if moves is None:
            under = self.under[q]
            moves = LegalMoves([under[c] for c in range(_NPLANETS) if mask >> c & 1])
            self.surplus_moves[key] = moves
        return moves


_TABLE_CACHE: Final[dict[tuple[Rules, int], _Tables]] = {}


def _tables(rules: Rules, n: int) -> _Tables:
    key = (rules, n)
    tables = _TABLE_CACHE.get(key)
    if tables is None:
        if len(_TABLE_CACHE) > 256:
            _TABLE_CACHE.clear()
        tables = _Tables(rules, n)
        _TABLE_CACHE[key] = tables
    return tables


def _attr(obj: object, name: str) -> Any:
    """``obj.name`` read as a plain object (a forged move's field may hold any type)."""
    return getattr(obj, name)


class PlanetsState(ValueState[Rules, Move, PlanetsView]):
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

    The fields are read-only properties over private slots: the engine writes the slots of a new
    state while it builds it (`_copy`, then the transition), and nothing writes them afterwards.
    Compiled with mypyc (the binary wheels), this class is a native class and the slots are C
    struct fields.
    """

    _players: tuple[str, ...]
    _counts: tuple[Counts, ...]
    _known: tuple[tuple[Counts, ...], ...]
    _stock: tuple[PlanetCard, ...]
    _stock_seen: tuple[int, ...]
    _drawn: tuple[PlanetCard, ...]
    _drawn_seen: tuple[int, ...]
    _pending: PlanetCard | None
    _pending_seen: int
    _received: PlanetCard | None
    _received_seen: int
    _commander: int
    _adjutant: int | None
    _holder: int | None
    _role: Role | None
    _phase: Phase
    _gatherings: tuple[tuple[Gathering, ...], ...]
    _face_down: tuple[tuple[PlanetCard, ...], ...]
    _black_holes: tuple[int, ...]
    _turn: int
    _moves_played: int
    _rng: Rng
    _rules: Rules
    _t: _Tables
    _outcome: Outcome | None
    _raw_events: tuple[RawEvent, ...]
    _legal: LegalMoves[Move] | None  # legal_moves(), once computed
    _c: dict[Any, Any]

    def __init__(self, _token: object = None) -> None:
        # Only the engine builds states (then fills the fields); users call new_game/from_json.
        if _token is not _BUILD:
            raise TypeError("create states with new_game() or from_json()")

    # -- fields ---------------------------------------------------------------------------------

    @property
    def players(self) -> tuple[str, ...]:
        """The players' names, by seat."""
        return self._players

    @property
    def counts(self) -> tuple[Counts, ...]:
        """By seat, the count of each planet in the hand (eight numbers, Mercury first)."""
        return self._counts

    @property
    def known(self) -> tuple[tuple[Counts, ...], ...]:
        """``known[p][q]``: the counts of the planets seat ``p`` knows are in ``q``'s hand."""
        return self._known

    @property
    def stock(self) -> tuple[PlanetCard, ...]:
        """The stock, top card first."""
        return self._stock

    @property
    def stock_seen(self) -> tuple[int, ...]:
        """For each stock card, the bit mask of the seats that know it."""
        return self._stock_seen

    @property
    def drawn(self) -> tuple[PlanetCard, ...]:
        """The Commander's drawn cards not yet kept or given, top first."""
        return self._drawn

    @property
    def drawn_seen(self) -> tuple[int, ...]:
        """For each drawn card, the bit mask of the seats that know it."""
        return self._drawn_seen

    @property
    def pending(self) -> PlanetCard | None:
        """The card being decided on: kept, received, stolen, or the black hole being played."""
        return self._pending

    @property
    def pending_seen(self) -> int:
        """The bit mask of the seats that know ``pending``."""
        return self._pending_seen

    @property
    def received(self) -> PlanetCard | None:
        """The card given to the Adjutant while the Commander's card is being decided."""
        return self._received

    @property
    def received_seen(self) -> int:
        """The bit mask of the seats that know ``received``."""
        return self._received_seen

    @property
    def commander(self) -> int:
        """This turn's Commander."""
        return self._commander

    @property
    def adjutant(self) -> int | None:
        """This turn's Adjutant (``None`` until a card is given)."""
        return self._adjutant

    @property
    def holder(self) -> int | None:
        """The seat that decides now (``None`` once over)."""
        return self._holder

    @property
    def role(self) -> Role | None:
        """The holder's role this turn (``None`` once over)."""
        return self._role

    @property
    def phase(self) -> Phase:
        """Which decision the game waits for."""
        return self._phase

    @property
    def gatherings(self) -> tuple[tuple[Gathering, ...], ...]:
        """By seat, the gatherings laid."""
        return self._gatherings

    @property
    def face_down(self) -> tuple[tuple[PlanetCard, ...], ...]:
        """By seat, the cards discarded face down through black holes, sorted."""
        return self._face_down

    @property
    def black_holes(self) -> tuple[int, ...]:
        """By seat, the black holes played (the discard pile holds their sum)."""
        return self._black_holes

    @property
    def turn(self) -> int:
        """The current turn, from 1."""
        return self._turn

    @property
    def moves_played(self) -> int:
        """Moves applied since the start."""
        return self._moves_played

    @property
    def rng(self) -> Rng:
        """The RNG for the coming steals (never shown to players)."""
        return self._rng

    # -- construction ---------------------------------------------------------------------------

    def _copy(self) -> PlanetsState:
        """A new state with this one's fields and an empty cache, for a transition to change."""
        new = PlanetsState(_BUILD)
        new._players = self._players
        new._counts = self._counts
        new._known = self._known
        new._stock = self._stock
        new._stock_seen = self._stock_seen
        new._drawn = self._drawn
        new._drawn_seen = self._drawn_seen
        new._pending = self._pending
        new._pending_seen = self._pending_seen
        new._received = self._received
        new._received_seen = self._received_seen
        new._commander = self._commander
        new._adjutant = self._adjutant
        new._holder = self._holder
        new._role = self._role
        new._phase = self._phase
        new._gatherings = self._gatherings
        new._face_down = self._face_down
        new._black_holes = self._black_holes
        new._turn = self._turn
        new._moves_played = self._moves_played
        new._rng = self._rng
        new._rules = self._rules
        new._t = self._t
        new._outcome = self._outcome
        new._raw_events = self._raw_events
        new._legal = None
        new._c = {}
        return new

    @classmethod
    def _make(cls, fields: dict[str, Any]) -> PlanetsState:
        """A state from its fields, unchecked (the callers check or construct them).

        ``fields`` maps the public field names, and ``_rules``, ``_outcome`` and
        ``_raw_events``, to their values (other keys are ignored); the tables follow the rules
        and the number of players.
        """
        state = PlanetsState(_BUILD)
        state._rules = fields["_rules"]
        state._players = fields["players"]
        state._counts = fields["counts"]
        state._known = fields["known"]
        state._stock = fields["stock"]
        state._stock_seen = fields["stock_seen"]
        state._drawn = fields["drawn"]
        state._drawn_seen = fields["drawn_seen"]
        state._pending = fields["pending"]
        state._pending_seen = fields["pending_seen"]
        state._received = fields["received"]
        state._received_seen = fields["received_seen"]
        state._commander = fields["commander"]
        state._adjutant = fields["adjutant"]
        state._holder = fields["holder"]
        state._role = fields["role"]
        state._phase = fields["phase"]
        state._gatherings = fields["gatherings"]
        state._face_down = fields["face_down"]
        state._black_holes = fields["black_holes"]
        state._turn = fields["turn"]
        state._moves_played = fields["moves_played"]
        state._rng = fields["rng"]
        state._outcome = fields["_outcome"]
        state._raw_events = fields["_raw_events"]
        state._t = _tables(state._rules, len(state._players))
        state._legal = None
        state._c = {}
        return state

    def _key(self) -> tuple[Any, ...]:
        return (
            self._rules,
            self._players,
            self._counts,
            self._known,
            self._stock,
            self._stock_seen,
            self._drawn,
            self._drawn_seen,
            self._pending,
            self._pending_seen,
            self._received,
            self._received_seen,
            self._commander,
            self._adjutant,
            self._holder,
            self._role,
            self._phase,
            self._gatherings,
            self._face_down,
            self._black_holes,
            self._turn,
            self._moves_played,
            self._rng,
            self._outcome,
            self._raw_events,
        )

    def _evolve(self, **changes: Any) -> PlanetsState:
        """A copy with the named fields replaced, unchecked (white-box tests build positions).

        Names are the public field names (``counts``, ``stock``...) and ``rules``, ``outcome``,
        ``raw_events``; the derived tables follow the rules.
        """
        new = self._copy()
        for name, value in changes.items():
            if not hasattr(new, "_" + name) or name in ("c", "legal", "t"):
                raise TypeError(f"no field {name!r}")
            setattr(new, "_" + name, value)
        new._t = _tables(new._rules, len(new._players))
        return new

    def __repr__(self) -> str:
        status = "over" if self._phase is _OVER else f"{self._phase.value} by {self._holder}"
        return (
            f"<PlanetsState players={len(self._players)} turn={self._turn} "
            f"commander={self._commander} {status} stock={len(self._stock)} "
            f"moves={self._moves_played}>"
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
        return self._phase is _OVER

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
        holder = self._holder
        return () if holder is None else (holder,)

    @property
    def hands(self) -> tuple[tuple[PlanetCard, ...], ...]:
        """Every hand, by seat, its cards sorted."""
        cache = self._c
        hands: tuple[tuple[PlanetCard, ...], ...] | None = cache.get(_HANDS)
        if hands is None:
            hands = tuple(map(cards_from_counts, self._counts))
            cache[_HANDS] = hands
        return hands

    def hand(self, seat: object) -> tuple[PlanetCard, ...]:
        """The cards in a seat's hand, sorted.

        Raises:
            InvalidArgumentError: if ``seat`` is not a seat of this game (``-1`` included).
        """
        return cards_from_counts(self._counts[seat_number(seat, self._t.n, "seat")])

    def legal_moves(self, player: object = None) -> LegalMoves[Move]:
        """The legal moves of ``player`` (default: of the seat that decides now).

        In a fixed order: cards in planet order (the black hole last), receivers clockwise
        from the Commander; gatherings by size, the 8 different last, then `Decline`;
        face-down discards before steals.

        Raises:
            InvalidArgumentError: if ``player`` is not ``None`` or a seat of this game (a
                ``bool``, text, a float, out of range); nothing is cached then (the parameter
                takes any value so that the compiled engine reports it this way too).
        """
        seat = -1
        if player is not None:
            if type(player) is int and 0 <= player < self._t.n:
                seat = player  # the common case, a plain seat: no call
            else:
                seat = seat_number(player, self._t.n)
        result = self._legal
        if result is None:
            result = self._moves()
            self._legal = result
        if seat < 0 or seat == self._holder:
            return result
        return _NO_MOVES

    def apply(self, move: object) -> PlanetsState:
        """Return the state after ``move``.

        The move must be one of the legal moves, or of exactly the same class with fields of
        exactly the same types and values (see `cardgames.game.engine_move`): the new state
        is built from the engine's own move, never from the caller's object.

        Raises:
            IllegalMoveError: with a machine-readable ``reason`` if the move is not legal; this
                state is unchanged.
        """
        legal = self._legal
        if legal is None:
            legal = self.legal_moves()
        for candidate in legal:
            if candidate is move:
                return self._transition(candidate)
        found = engine_move(legal, move)
        if found is not None:
            return self._transition(found)
        raise self._diagnose(move)

    def view(self, player: object) -> PlanetsView:
        """What ``player`` knows (``None``: a spectator), built from an allow-list.

        Raises:
            InvalidArgumentError: if ``player`` is not ``None`` or a seat of this game.
        """
        n = self._t.n
        seat: int | None
        if player is None:
            seat = None
        elif type(player) is int and 0 <= player < n:
            seat = player  # the common case, a plain seat: no call
        else:
            seat = seat_number(player, n)
        bit = 0 if seat is None else 1 << seat
        over = self._phase is _OVER
        pending = self._pending
        if pending is not None and not (self._pending_seen & bit or self._phase is _BLACK_HOLE):
            pending = None
        received = self._received if self._received_seen & bit else None
        return PlanetsView(
            viewer=seat,
            game=self._rules.game_name,
            players=self._players,
            phase=self._phase,
            turn=self._turn,
            commander=self._commander,
            adjutant=self._adjutant,
            holder=self._holder,
            role=self._role,
            to_act=self.to_act,
            hand=None if seat is None else cards_from_counts(self._counts[seat]),
            hand_sizes=tuple(map(sum, self._counts)),
            known_cards=(
                ((),) * n if seat is None else tuple(map(cards_from_counts, self._known[seat]))
            ),
            drawn=tuple(
                card if seen & bit else None
                for card, seen in zip(self._drawn, self._drawn_seen, strict=True)
            ),
            pending=pending,
            received=received,
            stock_size=len(self._stock),
            known_stock=tuple(
                (i, card)
                for i, (card, seen) in enumerate(zip(self._stock, self._stock_seen, strict=True))
                if seen & bit
            ),
            discard_size=sum(self._black_holes),
            gatherings=self._gatherings,
            face_down=tuple(
                cards if over or s == seat else None for s, cards in enumerate(self._face_down)
            ),
            face_down_sizes=tuple(map(len, self._face_down)),
            black_holes=self._black_holes,
            moves_played=self._moves_played,
            legal_moves=() if seat is None else self.legal_moves(seat).as_tuple(),
            events=tuple(e.redacted_for(seat) for e in self.last_events),
            outcome=self._outcome,
            rules=self._rules,
        )

    def all_cards(self) -> tuple[PlanetCard, ...]:
        """Every card, wherever it is (hands, stock, draw, gatherings, discards), sorted."""
        cards: list[PlanetCard] = [*self._stock, *self._drawn]
        if self._pending is not None:
            cards.append(self._pending)
        if self._received is not None:
            cards.append(self._received)
        for seat in range(len(self._players)):
            cards.extend(cards_from_counts(self._counts[seat]))
            cards.extend(self._face_down[seat])
            for gathering in self._gatherings[seat]:
                cards.extend(gathering.cards)
        cards.extend((BLACK_HOLE,) * sum(self._black_holes))
        return tuple(sorted(cards))

    def tallies(self) -> tuple[Tally, ...]:
        """What the final count needs of each seat, as things stand (see `final_scores`)."""
        return tuple(
            Tally(self._gatherings[s], len(self._face_down[s]), sum(self._counts[s]), holes)
            for s, holes in enumerate(self._black_holes)
        )

    # -- notation -------------------------------------------------------------------------------

    def format_move(self, move: object) -> str:
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

    def parse_move(self, text: object, player: object = None) -> Move:
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
            holder = self._holder
            seat = holder if holder is not None else self._commander
        else:
            seat = seat_number(player, self._t.n)
        raw: Any = text  # checked by the parser, which refuses what is not text
        return parse_move(raw, seat, self._players)

    # -- JSON -----------------------------------------------------------------------------------

    def to_json(self) -> str:
        """The whole state (hidden cards, knowledge and RNG included) as a JSON document."""
        return dump_state(self)

    @classmethod
    def from_json(cls, text: object) -> Self:
        """Load a state written by `to_json`, checking types, counts, phases and knowledge.

        ``text`` is the document as ``str`` or ``bytes``; anything else is refused with
        `InvalidStateError` too.

        Raises:
            InvalidStateError: naming the first problem found.
        """
        from cardgames.planets.deal import state_from_json

        return state_from_json(text)  # type: ignore[return-value]

    # -- move generation ------------------------------------------------------------------------

    def _moves(self) -> LegalMoves[Move]:
        q = self._holder
        if q is None:
            return _NO_MOVES
        t = self._t
        phase = self._phase
        if phase is _GATHER:
            pending = self._pending
            assert pending is not None
            return t.gather(q, pending, self._counts[q])
        if phase is _KEEP:
            return t.keep_or_give(q, False, self._drawn)
        if phase is _GIVE:
            return t.keep_or_give(q, True, self._drawn)
        if phase is _BLACK_HOLE:
            counts = self._counts
            holders = 0
            for v in range(t.n):
                if counts[v] != _EMPTY:
                    holders |= 1 << v
            return t.black_hole_masks(q, _mask(counts[q]), holders)
        return t.surplus(q, self._counts[q])

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
        claimed: Any = _attr(move, "player")  # any type until _malformed has checked it
        if type(move) not in _MOVE_TYPES:
            return IllegalMoveError(move, claimed, "wrong_game", "this is not a move of 8")
        problem = _malformed(move)
        if problem is not None:
            return IllegalMoveError(move, claimed, "malformed_move", problem)
        player: int = claimed
        if self._phase is _OVER:
            return IllegalMoveError(move, player, "game_over", "the game is over")
        n = self._t.n
        if not 0 <= player < n:
            return IllegalMoveError(move, player, "unknown_player", f"there is no seat {player}")
        if player != self._holder:
            return IllegalMoveError(
                move, player, "not_your_turn", f"seat {self._holder} decides now"
            )
        phase = self._phase
        if not isinstance(move, _PHASE_MOVES[phase]):
            return IllegalMoveError(move, player, "wrong_phase", _PHASE_HINTS[phase])
        if isinstance(move, (Keep, Give)) and move.card not in self._drawn:
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
        if self._pending not in cards:
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
        s = self._copy()
        events: list[RawEvent] = []
        kind = type(move)
        if kind is _DECLINE_MOVE:
            _decline(s, events)
        elif kind is _KEEP_MOVE:
            _keep(s, events, cast(Keep, move))
        elif kind is _GIVE_MOVE:
            _give(s, events, cast(Give, move))
        elif kind is _LAY_MOVE:
            _lay(s, events, cast(LayGathering, move))
        elif kind is _DISCARD_MOVE:
            _discard_face_down(s, events, cast(DiscardFaceDown, move))
        elif kind is _STEAL_MOVE:
            _steal(s, events, cast(Steal, move))
        else:
            _put_under(s, events, cast(PutUnder, move))
        s._moves_played += 1
        s._raw_events = tuple(events)
        return s


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
    player = _attr(move, "player")
    if not _is_seat(player):
        return f"player must be a seat number, not {type(player).__name__}"
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
    if not seen & ~(1 << q):
        return known  # nobody else saw it: nothing changes
    rows = list(known)
    for p in range(len(known)):
        if p != q and seen >> p & 1:
            row = known[p]
            rows[p] = _replace(row, q, _add(row[q], card, 1))
    return tuple(rows)


def _forget(
    known: tuple[tuple[Counts, ...], ...], q: int, card: int, witnesses: int
) -> tuple[tuple[Counts, ...], ...]:
    """``q`` lost one ``card``: the seats in ``witnesses`` know which, the others do not."""
    rows = list(known)
    changed = False
    for p in range(len(known)):
        if p == q:
            continue
        row = known[p]
        counts = row[q]
        if witnesses >> p & 1:
            if counts[card]:
                rows[p] = _replace(row, q, _add(counts, card, -1))
                changed = True
        elif counts != _EMPTY:
            rows[p] = _replace(row, q, tuple([k - 1 if k else 0 for k in counts]))
            changed = True
    return tuple(rows) if changed else known


def _lose_publicly(
    known: tuple[tuple[Counts, ...], ...], q: int, lost: Counts
) -> tuple[tuple[Counts, ...], ...]:
    """``q`` laid the cards ``lost`` from their hand face up: everyone saw them go."""
    rows = list(known)
    changed = False
    for p in range(len(known)):
        row = known[p]
        counts = row[q]
        if p != q and counts != _EMPTY:
            rows[p] = _replace(
                row, q, tuple([k - x if k > x else 0 for k, x in zip(counts, lost, strict=True)])
            )
            changed = True
    return tuple(rows) if changed else known


# -- transitions ----------------------------------------------------------------------------------


def _start_turn(s: PlanetsState, events: list[RawEvent], commander: int) -> None:
    stock = s._stock
    seen = s._stock_seen
    k = s._t.draw_count
    if k > len(stock):
        k = len(stock)
    bit = 1 << commander
    drawn = stock[:k]
    s._drawn = drawn
    s._drawn_seen = tuple([m | bit for m in seen[:k]])
    s._stock = stock[k:]
    s._stock_seen = seen[k:]
    s._commander = commander
    s._adjutant = None
    s._holder = commander
    s._role = _COMMANDER
    s._phase = _KEEP
    s._pending = None
    s._pending_seen = 0
    s._received = None
    s._received_seen = 0
    turn = s._turn + 1
    s._turn = turn
    events.append((_TURN_STARTED, commander, turn))
    events.append((_CARDS_DRAWN, commander, k, drawn))


def _keep(s: PlanetsState, events: list[RawEvent], move: Keep) -> None:
    c: int = move.player
    card: PlanetCard = move.card
    drawn = s._drawn
    i = drawn.index(card)
    rest = drawn[:i] + drawn[i + 1 :]
    # With one card drawn the choice is forced, so whoever knew it still does.
    s._pending = card
    s._pending_seen = s._drawn_seen[i] if not rest else 1 << c
    events.append((_CARD_KEPT, c, card))
    s._drawn = rest
    s._drawn_seen = (1 << c,) * len(rest)
    if rest:
        s._phase = _GIVE
    else:
        _resolve(s, events)


def _give(s: PlanetsState, events: list[RawEvent], move: Give) -> None:
    c: int = move.player
    card: PlanetCard = move.card
    to: int = move.to
    drawn = s._drawn
    i = drawn.index(card)
    rest = drawn[:i] + drawn[i + 1 :]
    s._received = card
    s._received_seen = (1 << c) | (1 << to)
    s._adjutant = to
    events.append((_CARD_GIVEN, c, to, card))
    if rest:
        back = tuple(reversed(rest))  # the last card drawn goes back first
        s._stock = rest + s._stock
        s._stock_seen = (1 << c,) * len(rest) + s._stock_seen
        for card_back in back:
            events.append((_CARD_PUT_BACK, c, card_back))
    s._drawn = ()
    s._drawn_seen = ()
    _resolve(s, events)


def _resolve(s: PlanetsState, events: list[RawEvent]) -> None:
    """Start the decision on the holder's pending card (kept or received)."""
    if s._pending is _PLANET_BLACK_HOLE:
        q = s._holder
        s._pending_seen = s._t.all_bits
        events.append((_BLACK_HOLE_PLAYED, q, s._role))
        if any(counts != _EMPTY for counts in s._counts):
            s._phase = _BLACK_HOLE
        else:
            _black_hole_done(s, events, wasted=True)
            _next_decision(s, events)
    else:
        s._phase = _GATHER


def _black_hole_done(s: PlanetsState, events: list[RawEvent], *, wasted: bool) -> None:
    q = s._holder
    assert q is not None
    s._black_holes = _replace(s._black_holes, q, s._black_holes[q] + 1)
    s._pending = None
    s._pending_seen = 0
    events.append((_BLACK_HOLE_DISCARDED, q, wasted))


def _next_decision(s: PlanetsState, events: list[RawEvent]) -> None:
    """After a card is settled: the Adjutant's card, the hand limit, or the end of the turn."""
    received = s._received
    if received is not None:
        s._holder = s._adjutant
        s._role = _ADJUTANT
        s._pending = received
        s._pending_seen = s._received_seen
        s._received = None
        s._received_seen = 0
        _resolve(s, events)
        return
    c = s._commander
    limit = s._t.hand_limit
    if limit is not None and _size(s._counts[c]) > limit:
        s._phase = _SURPLUS
        s._holder = c
        s._role = _COMMANDER
    else:
        _end_turn(s, events)


def _end_turn(s: PlanetsState, events: list[RawEvent]) -> None:
    t = s._t
    if not s._stock:
        _finish(s, events, Termination.STOCK_EXHAUSTED)
    elif s._turn >= t.max_turns:
        _finish(s, events, Termination.TURN_LIMIT)
    else:
        _start_turn(s, events, (s._commander + 1) % t.n)


def _lay(s: PlanetsState, events: list[RawEvent], move: LayGathering) -> None:
    q: int = move.player
    card = s._pending
    assert card is not None
    counts, as_commander, commander_points, as_adjutant, adjutant_points = s._t.lay(move)
    lost = _add(counts, card, -1)
    hand = tuple([k - x for k, x in zip(s._counts[q], lost, strict=True)])
    s._counts = _replace(s._counts, q, hand)
    s._known = _lose_publicly(s._known, q, lost)
    if s._role is _COMMANDER:
        gathering, points = as_commander, commander_points
    else:
        gathering, points = as_adjutant, adjutant_points
    s._gatherings = _replace(s._gatherings, q, s._gatherings[q] + (gathering,))
    events.append((_GATHERING_LAID, q, gathering, points))
    s._pending = None
    s._pending_seen = 0
    _next_decision(s, events)


def _decline(s: PlanetsState, events: list[RawEvent]) -> None:
    q = s._holder
    assert q is not None
    card = s._pending
    assert card is not None
    s._counts = _replace(s._counts, q, _add(s._counts[q], card, 1))
    s._known = _learn(s._known, s._pending_seen, q, card)
    events.append((_GATHERING_DECLINED, q))
    s._pending = None
    s._pending_seen = 0
    _next_decision(s, events)


def _discard_face_down(s: PlanetsState, events: list[RawEvent], move: DiscardFaceDown) -> None:
    q: int = move.player
    card: PlanetCard = move.card
    s._counts = _replace(s._counts, q, _add(s._counts[q], card, -1))
    s._known = _forget(s._known, q, card, 0)
    s._face_down = _replace(s._face_down, q, tuple(sorted((*s._face_down[q], card))))
    events.append((_CARD_DISCARDED, q, card))
    _black_hole_done(s, events, wasted=False)
    _next_decision(s, events)


def _steal(s: PlanetsState, events: list[RawEvent], move: Steal) -> None:
    q: int = move.player
    victim: int = move.victim
    hand = s._counts[victim]
    index, rng = s._rng.below(sum(hand))
    s._rng = rng
    card = cards_from_counts(hand)[index]
    s._counts = _replace(s._counts, victim, _add(hand, card, -1))
    s._known = _forget(s._known, victim, card, 1 << q)
    events.append((_CARD_STOLEN, q, victim, card))
    _black_hole_done(s, events, wasted=False)
    s._pending = card
    s._pending_seen = (1 << q) | (1 << victim)
    s._phase = _GATHER


def _put_under(s: PlanetsState, events: list[RawEvent], move: PutUnder) -> None:
    c: int = move.player
    card: PlanetCard = move.card
    hand = _add(s._counts[c], card, -1)
    s._counts = _replace(s._counts, c, hand)
    s._known = _forget(s._known, c, card, 0)
    s._stock = s._stock + (card,)
    s._stock_seen = s._stock_seen + (1 << c,)
    events.append((_SURPLUS_PUT_UNDER, c, card))
    limit = s._t.hand_limit
    if limit is None or _size(hand) <= limit:
        _end_turn(s, events)


def _finish(s: PlanetsState, events: list[RawEvent], reason: Termination) -> None:
    t = s._t
    tallies = tuple(
        Tally(gatherings, len(face_down), sum(hand), holes)
        for gatherings, face_down, hand, holes in zip(
            s._gatherings, s._face_down, s._counts, s._black_holes, strict=True
        )
    )
    outcome = game_outcome(reason, s._turn, tallies, t.rules, s._players)
    s._outcome = outcome
    s._phase = _OVER
    s._holder = None
    s._role = None
    events.append((GameOver, outcome, s._face_down))


# -- creation -------------------------------------------------------------------------------------


def _deal(
    rules: Rules,
    names: tuple[str, ...],
    counts: tuple[Counts, ...],
    stock: tuple[PlanetCard, ...],
    rng: Rng,
) -> PlanetsState:
    """The first state of a game dealt by `cardgames.planets.deal.new_game` (which checks it)."""
    n = len(names)
    empty_row = (_EMPTY,) * n
    s = PlanetsState(_BUILD)
    s._rules = rules
    s._t = _tables(rules, n)
    s._players = names
    s._counts = counts
    s._known = (empty_row,) * n
    s._stock = stock
    s._stock_seen = (0,) * len(stock)
    s._gatherings = ((),) * n
    s._face_down = ((),) * n
    s._black_holes = (0,) * n
    s._turn = 0
    s._moves_played = 0
    s._rng = rng
    s._outcome = None
    s._legal = None
    s._c = {}
    events: list[RawEvent] = []
    _start_turn(s, events, rules.first_commander)
    s._raw_events = tuple(events)
    return s


def _own_abc_caches(cls: type) -> None:
    """Give an ABC class built by mypyc its own `abc` caches, as `abc.ABCMeta` gives each class.

    A compiled class is created without `ABCMeta.__new__`, so it would inherit `ValueState`'s
    caches: once ``isinstance(shedding_state, ValueState)`` had been asked,
    ``isinstance(shedding_state, PlanetsState)`` would answer True in the compiled wheel. A
    pure-Python class already has its own caches, and nothing is done.
    """
    if "_abc_impl" not in vars(cls):
        init: Any = getattr(abc, "_abc_init", None)
        if init is not None:
            init(cls)


_own_abc_caches(PlanetsState)
