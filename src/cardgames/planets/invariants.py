"""The invariants of "8": what a position the engine can reach, and a view of one, satisfy.

`check_state` is the engine's one invariant checker: the descriptor's ``check_state``, run by
`PlanetsState.from_json` on every document it loads and by the conformance suite after every
move. `check_view` is its counterpart for views, run by `PlanetsView.from_json`: a view that
passes is the view of some position, so `sample_state` deals it without error and the sampled
state passes `check_state`.

They check, in the order of the document's fields, and raise `InvalidStateError` with the
path of the first impossible field:

- seats: one entry per seat everywhere, every seat number in range;
- cards: exactly the 104 cards of the game (states), or no more of a kind than the game has
  and exactly as many hidden places as hidden cards (views); no black hole where none can be;
- knowledge: what a player knows of a hand is in that hand, the Commander sees their draw, the
  holder sees the card they decide on, the giver and the receiver see the given card;
- the phase: who decides and in which role, which cards wait (drawn, pending, received), the
  hand limit, a black hole that can act;
- counters, with room for the next move: ``1 <= turn <= max_turns``, and ``moves_played``
  between the turns completed and what the turns so far allow (`MAX_MOVES_PER_TURN`) minus
  the moves this turn may still take, so that a position that passes stays within bounds
  after any legal move and its document always loads again;
- the outcome: present exactly when the game is over, and equal to the one the engine
  computes (`game_outcome`) from the final position;
- the events of the last move: seats in range, a turn start that is this turn, a game-over
  event exactly when the game is over, with its outcome.

Every bound is a number compared before anything is built from it: a document of N bytes
costs O(N) to check whatever its numbers say.
"""

from __future__ import annotations

import collections
import operator
import types
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

import attrs

from cardgames.codec import decode, encode
from cardgames.errors import InvalidStateError
from cardgames.game import MAX_NAME_CHARS, Event, Outcome, Termination, name_key
from cardgames.planets.cards import (
    BLACK_HOLE,
    BLACK_HOLE_COUNT,
    COPIES_PER_PLANET,
    PLANETS,
    PlanetCard,
    planet_counts,
)
from cardgames.planets.moves import GameOver, TurnStarted
from cardgames.planets.rules import Rules
from cardgames.planets.scoring import Role, Tally, game_outcome
from cardgames.planets.views import Phase, PlanetsView

if TYPE_CHECKING:
    from cardgames.planets.engine import PlanetsState

__all__ = [
    "DECK_SIZE",
    "MAX_EVENTS",
    "MAX_HAND",
    "MAX_MOVES_PER_TURN",
    "STATE_SIZES",
    "VIEW_SIZES",
    "check_follows",
    "check_sizes",
    "check_state",
    "check_view",
    "check_view_fields",
    "moves_left_in_turn",
]

_KEEP: Final = Phase.KEEP
_GIVE: Final = Phase.GIVE
_GATHER: Final = Phase.GATHER
_BLACK_HOLE: Final = Phase.BLACK_HOLE
_SURPLUS: Final = Phase.SURPLUS
_OVER: Final = Phase.OVER
_COMMANDER: Final = Role.COMMANDER
_ADJUTANT: Final = Role.ADJUTANT

DECK_SIZE: Final = len(PLANETS) * COPIES_PER_PLANET + BLACK_HOLE_COUNT
"""The cards of the game (104): the bound of every pile."""

MAX_HAND: Final = len(PLANETS) * COPIES_PER_PLANET
"""The most cards a hand (or a seat's face-down discards) can hold: every planet (96)."""

_SETTLE: Final = 2
"""The most moves that settle one card: a black hole's steal, then a gathering decision."""

MAX_MOVES_PER_TURN: Final = 2 + 2 * _SETTLE + MAX_HAND
"""The most moves of a turn: keep, give, the Commander's and the Adjutant's cards settled,
and at most every planet put under the stock (102)."""

MAX_EVENTS: Final = 64
"""More events than one move can produce (a move ends a turn and starts the next at most)."""

_FULL: Final = (*(COPIES_PER_PLANET,) * len(PLANETS), BLACK_HOLE_COUNT)


class _Fail:
    """Builds the error for a field of the document (``"known/1/0"`` → ``/data/known/1/0``)."""

    def __call__(self, path: str, problem: str) -> InvalidStateError:
        return InvalidStateError(f"/data/{path}" if path else "/data", problem)


_fail: Final = _Fail()


def moves_left_in_turn(phase: Phase, received_waits: bool, surplus: int) -> int:
    """At most how many moves the current turn may still take, this decision included.

    Each legal move lowers it by at least one within a turn (0 once the game is over), which
    is what makes the bound on ``moves_played`` keep room for the next move.

    Args:
        phase: The phase.
        received_waits: Whether the Adjutant's card waits while the Commander decides.
        surplus: In the surplus phase, the cards the Commander holds over the hand limit.
    """
    if phase is _OVER:
        return 0
    if phase is _SURPLUS:
        return surplus
    if phase is _KEEP:
        return MAX_MOVES_PER_TURN
    if phase is _GIVE:
        return MAX_MOVES_PER_TURN - 1
    left = _SETTLE if phase is _BLACK_HOLE else 1
    return left + (_SETTLE if received_waits else 0) + MAX_HAND


def _seat(value: object, n: int) -> bool:
    return type(value) is int and 0 <= value < n


def _check_players(players: Sequence[str], rules: Rules) -> int:
    n = len(players)
    if not 2 <= n <= 6:
        raise _fail("players", f"8 takes 2 to 6 players, not {n}")
    if any(len(p) > MAX_NAME_CHARS for p in players):  # before any copy
        raise _fail("players", f"names must be at most {MAX_NAME_CHARS} characters")
    if (
        any(not p.strip() or not p.isprintable() for p in players)
        or len({name_key(p) for p in players}) != n
    ):
        raise _fail("players", "names must be non-empty, printable and different")
    if rules.first_commander >= n:
        raise _fail("rules/first_commander", f"there are only {n} seats")
    return n


def _check_per_seat(n: int, fields: Sequence[tuple[str, Sequence[Any]]]) -> None:
    for name, value in fields:
        if len(value) != n:
            raise _fail(name, f"expected one entry per seat ({n}), got {len(value)}")


def _check_black_holes(black_holes: Sequence[int]) -> None:
    for seat, holes in enumerate(black_holes):
        if holes < 0:
            raise _fail(f"black_holes/{seat}", "counts cannot be negative")
        if holes > BLACK_HOLE_COUNT:
            raise _fail(f"black_holes/{seat}", f"the game has {BLACK_HOLE_COUNT} black holes")


def _check_mask(path: str, mask: int, everyone: int) -> None:
    if not 0 <= mask <= everyone:
        raise _fail(path, f"masks are 0 to {everyone} for {everyone.bit_length()} seats")


def _check_turn(
    *,
    n: int,
    rules: Rules,
    phase: Phase,
    commander: int,
    adjutant: int | None,
    holder: int | None,
    role: Role | None,
    drawn: int,
    over_outcome: bool,
) -> None:
    """The turn bookkeeping that states and views share: seats, roles, the draw."""
    for name, who in (("commander", commander), ("adjutant", adjutant), ("holder", holder)):
        if who is not None and not _seat(who, n):
            raise _fail(name, f"no seat {who} in a game of {n} players")
    if adjutant == commander:
        raise _fail("adjutant", "the Commander cannot be their own Adjutant")
    if (phase is _OVER) != over_outcome:
        raise _fail("outcome", "an outcome is present exactly when the phase is 'over'")
    if phase is _OVER:
        if holder is not None or role is not None:
            raise _fail("holder", "nobody decides once the game is over")
    elif holder is None or role is None:
        raise _fail("holder", "someone decides until the game is over")
    elif (role is _COMMANDER) != (holder == commander):
        raise _fail("role", "the holder's role must match the Commander's seat")
    if phase is _KEEP or phase is _GIVE:
        most = rules.draw_count - (phase is _GIVE)
        if not drawn or drawn > most:
            raise _fail("drawn", f"the {phase.value} phase needs drawn cards")
        if role is not _COMMANDER:
            raise _fail("role", "the Commander keeps and gives")
        if adjutant is not None:
            raise _fail("adjutant", "no card has been given yet")
    elif drawn:
        raise _fail("drawn", "drawn cards are only held while keeping and giving")
    if role is _ADJUTANT and (adjutant is None or holder != adjutant):
        raise _fail("holder", "the Adjutant decides on their own card")


def _check_draw(rules: Rules, phase: Phase, drawn: int, stock: int) -> None:
    """The Commander draws ``draw_count`` cards, fewer only from a stock that runs out."""
    if (phase is _KEEP or phase is _GIVE) and stock and drawn < rules.draw_count - (phase is _GIVE):
        raise _fail("drawn", "fewer cards drawn than the rules say, with cards in the stock")


def _received_waits(phase: Phase, adjutant: int | None, role: Role | None) -> bool:
    """Whether the card given to the Adjutant waits while the Commander decides."""
    return adjutant is not None and role is _COMMANDER and phase in (_GATHER, _BLACK_HOLE)


def _check_hand_limit(rules: Rules, phase: Phase, commander_hand: int) -> int:
    """Check the surplus phase; return the cards over the limit (for the move bound)."""
    if phase is not _SURPLUS:
        return 0
    limit = rules.hand_limit
    if limit is None or commander_hand <= limit:
        raise _fail("phase", "the surplus phase is for a Commander over the hand limit")
    return commander_hand - limit


def _check_counters(turn: int, moves_played: int, rules: Rules, left: int, over: bool) -> None:
    """``turn`` and ``moves_played`` within their bounds, with room for the next move."""
    if not 1 <= turn <= rules.max_turns:
        raise _fail("turn", f"must be 1 to {rules.max_turns}")
    if moves_played < 0:
        raise _fail("moves_played", "cannot be negative")
    done = turn if over else turn - 1  # every turn completed took a move at least (keep)
    if moves_played < done:
        raise _fail("moves_played", f"{done} turns took at least {done} moves")
    most = turn * MAX_MOVES_PER_TURN - left
    if moves_played > most:
        raise _fail(
            "moves_played",
            f"at most {most} moves can have been played by now (turn {turn}, "
            f"{MAX_MOVES_PER_TURN} moves a turn at most)",
        )


def _check_outcome(
    outcome: Outcome | None,
    *,
    rules: Rules,
    players: Sequence[str],
    turn: int,
    stock: int,
    tallies: Sequence[Tally],
) -> None:
    """The outcome of a finished game is the one the engine computes from the position."""
    if outcome is None:
        return
    n = len(players)
    if len(outcome.scores) != n or any(not _seat(w, n) for w in outcome.winners):
        raise _fail("outcome", "scores and winners must match the seats")
    if stock:
        if turn != rules.max_turns:
            raise _fail("phase", "with cards in the stock, a game ends only at the turn limit")
        reason = Termination.TURN_LIMIT
    else:
        reason = Termination.STOCK_EXHAUSTED
    expected = game_outcome(reason, turn, tallies, rules, players)
    for name in ("reason", "scores", "winners", "detail"):
        if getattr(outcome, name) != getattr(expected, name):
            raise _fail(f"outcome/{name}", f"expected {getattr(expected, name)!r}"[:300])


def _check_events(
    events: Sequence[tuple[Any, ...]],
    *,
    n: int,
    turn: int,
    commander: int,
    outcome: Outcome | None,
    face_down: Sequence[Sequence[PlanetCard] | None],
) -> None:
    """The events of the last move (as raw records: the class, then its fields)."""
    if len(events) > MAX_EVENTS:
        raise _fail("events", f"one move makes at most {MAX_EVENTS} events")
    game_over = False
    for i, record in enumerate(events):
        kind = record[0]
        for position, name in _SEAT_FIELDS.get(kind, ()):
            if not _seat(record[position], n):
                raise _fail(f"events/{i}/{name}", f"no seat {record[position]} in the game")
        if kind is TurnStarted and (record[1] != commander or record[2] != turn):
            raise _fail(f"events/{i}", "a turn started must be this turn of this Commander")
        if kind is GameOver:
            if outcome is None or record[1] != outcome or tuple(record[2]) != tuple(face_down):
                raise _fail(f"events/{i}", "a game-over event shows the game's outcome")
            game_over = True
    if outcome is not None and not game_over:
        raise _fail("events", "the move that ended the game shows its outcome")


def _seat_fields(kind: type) -> tuple[tuple[int, str], ...]:
    return tuple(
        (position, field.name)
        for position, field in enumerate(attrs.fields(kind), start=1)
        if field.name in ("player", "commander", "to", "victim")
    )


def _event_classes() -> tuple[type[Event], ...]:
    from cardgames.planets.moves import EVENT_TYPES

    return tuple(EVENT_TYPES.values())


_SEAT_FIELDS: Final = {kind: _seat_fields(kind) for kind in _event_classes()}


def _raw(event: Event) -> tuple[Any, ...]:
    return (type(event), *(getattr(event, f.name) for f in attrs.fields(type(event))))


def _conservation_problem(have: Sequence[int]) -> str | None:
    """Why nine counts (the planets, then the black hole) are not the cards of the game."""
    if tuple(have) == _FULL:
        return None
    parts = []
    extra = [
        str(PlanetCard(kind)) for kind in range(9) for _ in range(min(have[kind] - _FULL[kind], 10))
    ]
    missing = [
        str(PlanetCard(kind)) for kind in range(9) for _ in range(min(_FULL[kind] - have[kind], 10))
    ]
    if extra:
        parts.append("unexpected or duplicated: " + " ".join(extra[:10]))
    if missing:
        parts.append("missing: " + " ".join(missing[:10]))
    return "the cards are not those of the game (" + "; ".join(parts) + ")"


def _count(have: list[int], cards: Sequence[PlanetCard | None]) -> None:
    for card in cards:
        if card is not None:
            have[card] += 1


# -- sizes ----------------------------------------------------------------------------------------

_SEATS: Final = 6
_MOST_GATHERINGS: Final = MAX_HAND // 3
_MOST_LEGAL_MOVES: Final = 64

STATE_SIZES: Final[Mapping[str, tuple[int, ...]]] = types.MappingProxyType(
    {
        "players": (_SEATS,),
        "hands": (_SEATS, MAX_HAND),
        "known": (_SEATS, _SEATS, MAX_HAND),
        "stock": (DECK_SIZE,),
        "stock_seen": (DECK_SIZE,),
        "drawn": (3,),
        "drawn_seen": (3,),
        "gatherings": (_SEATS, _MOST_GATHERINGS),
        "face_down": (_SEATS, MAX_HAND),
        "black_holes": (_SEATS,),
        "rng": (4,),
        "events": (MAX_EVENTS,),
    }
)
"""The most items of each list of a state document, by field, then by nesting level."""

VIEW_SIZES: Final[Mapping[str, tuple[int, ...]]] = types.MappingProxyType(
    {
        "players": (_SEATS,),
        "to_act": (1,),
        "hand": (MAX_HAND,),
        "hand_sizes": (_SEATS,),
        "known_cards": (_SEATS, MAX_HAND),
        "drawn": (3,),
        "known_stock": (DECK_SIZE,),
        "gatherings": (_SEATS, _MOST_GATHERINGS),
        "face_down": (_SEATS, MAX_HAND),
        "face_down_sizes": (_SEATS,),
        "black_holes": (_SEATS,),
        "legal_moves": (_MOST_LEGAL_MOVES,),
        "events": (MAX_EVENTS,),
    }
)
"""The most items of each list of a view document, by field, then by nesting level."""


def check_sizes(data: object, sizes: Mapping[str, tuple[int, ...]]) -> None:
    """Bound the lists of a document's ``data`` before anything is decoded from them.

    Only lists are looked at; any other shape is left to the decoder, which names it.

    Raises:
        InvalidStateError: naming the first list longer than the game allows.
    """
    if not isinstance(data, dict):
        return
    for name, limits in sizes.items():
        _check_list(data.get(name), limits, name)


def _check_list(value: object, limits: tuple[int, ...], path: str) -> None:
    if not isinstance(value, list):
        return
    if len(value) > limits[0]:
        raise _fail(path, f"at most {limits[0]} items, got {len(value)}")
    if len(limits) > 1:
        for i, item in enumerate(value):
            _check_list(item, limits[1:], f"{path}/{i}")


# -- states ---------------------------------------------------------------------------------------


def check_state(state: PlanetsState) -> None:
    """Check that ``state`` is a position of "8" the engine can reach, with room to go on.

    Raises:
        InvalidStateError: naming the path (as in the state's JSON document) of the first
            impossible field.

    Examples:
        >>> from cardgames import planets
        >>> state = planets.new_game(3, seed=1)
        >>> check_state(state)
        >>> check_state(state._evolve(moves_played=2**64 - 1))
        Traceback (most recent call last):
        ...
        cardgames.errors.InvalidStateError: invalid document at /data/moves_played: at most 0 moves can have been played by now (turn 1, 102 moves a turn at most)
    """  # noqa: E501  (a doctest output line cannot be wrapped)
    rules = state.rules
    n = _check_players(state.players, rules)
    counts = state.counts
    _check_per_seat(
        n,
        (
            ("hands", counts),
            ("known", state.known),
            ("gatherings", state.gatherings),
            ("face_down", state.face_down),
            ("black_holes", state.black_holes),
        ),
    )
    for q, hand in enumerate(counts):
        if len(hand) != len(PLANETS) or any(k < 0 for k in hand):
            raise _fail(f"hands/{q}", "a hand is eight counts of planets")
    _check_black_holes(state.black_holes)
    have = list(planet_counts(()) + (sum(state.black_holes),))
    for q in range(n):
        for kind, k in enumerate(counts[q]):
            have[kind] += k
        _count(have, state.face_down[q])
        for gathering in state.gatherings[q]:
            _count(have, gathering.cards)
    _count(have, state.stock)
    _count(have, state.drawn)
    _count(have, (state.pending, state.received))
    problem = _conservation_problem(have)
    if problem is not None:
        raise _fail("", problem)
    for p, row in enumerate(state.known):
        if len(row) != n:
            raise _fail(f"known/{p}", f"expected one entry per seat ({n}), got {len(row)}")
        for q, known in enumerate(row):
            if not any(known):
                continue  # the usual case: nothing known of that hand
            if p == q:
                raise _fail(f"known/{p}/{q}", "a player's own hand is not tracked here")
            if (
                len(known) != len(PLANETS)
                or min(known) < 0
                or not all(map(operator.le, known, counts[q]))
            ):
                raise _fail(f"known/{p}/{q}", "known cards must be in that hand")
    everyone = (1 << n) - 1
    if len(state.stock_seen) != len(state.stock):
        raise _fail("stock_seen", "one mask per stock card")
    if len(state.drawn_seen) != len(state.drawn):
        raise _fail("drawn_seen", "one mask per drawn card")
    for i, mask in enumerate(state.stock_seen):
        _check_mask(f"stock_seen/{i}", mask, everyone)
    for i, mask in enumerate(state.drawn_seen):
        _check_mask(f"drawn_seen/{i}", mask, everyone)
    _check_mask("pending_seen", state.pending_seen, everyone)
    _check_mask("received_seen", state.received_seen, everyone)

    phase = state.phase
    c = state.commander
    over = phase is _OVER
    _check_turn(
        n=n,
        rules=rules,
        phase=phase,
        commander=c,
        adjutant=state.adjutant,
        holder=state.holder,
        role=state.role,
        drawn=len(state.drawn),
        over_outcome=state.outcome() is not None,
    )
    pending = state.pending
    if (phase is _GIVE or phase is _GATHER or phase is _BLACK_HOLE) != (pending is not None):
        raise _fail(
            "pending", "a card is decided on exactly in the give, gather and black hole phases"
        )
    if phase is _GATHER and pending is BLACK_HOLE:
        raise _fail("pending", "a black hole is played, not gathered")
    if phase is _BLACK_HOLE:
        if pending is not BLACK_HOLE:
            raise _fail("pending", "the black hole phase plays a black hole")
        if not any(map(any, counts)):
            raise _fail("phase", "a black hole that can do nothing is discarded at once")
    waits = _received_waits(phase, state.adjutant, state.role)
    if state.received is not None and not waits:
        raise _fail("received", "a received card waits only while the Commander decides")
    if waits and state.received is None:
        raise _fail("received", "the Adjutant's card waits while the Commander decides")
    _check_draw(rules, phase, len(state.drawn), len(state.stock))
    surplus = _check_hand_limit(rules, phase, sum(counts[c]))
    # Who has seen the cards that wait.
    bit = 1 << c
    if any(not mask & bit for mask in state.drawn_seen):
        raise _fail("drawn_seen", "the Commander sees the cards they draw")
    holder = state.holder
    if pending is None:
        expected_seen = 0
    elif phase is _BLACK_HOLE:
        expected_seen = everyone  # turned face up
    else:
        assert holder is not None  # checked with the phase
        expected_seen = 1 << holder
    if pending is None or phase is _BLACK_HOLE:
        if state.pending_seen != expected_seen:
            raise _fail("pending_seen", "must be 0 without a card, everyone for a black hole")
    elif not state.pending_seen & expected_seen:
        raise _fail("pending_seen", "the holder sees the card they decide on")
    if state.received is None:
        if state.received_seen:
            raise _fail("received_seen", "must be 0 without a received card")
    else:
        adjutant = state.adjutant
        assert adjutant is not None  # checked with the received card
        both = bit | 1 << adjutant
        if state.received_seen & both != both:
            raise _fail("received_seen", "the giver and the receiver see the given card")
    _check_counters(
        state.turn,
        state.moves_played,
        rules,
        moves_left_in_turn(phase, waits, surplus),
        over,
    )
    _check_outcome(
        state.outcome(),
        rules=rules,
        players=state.players,
        turn=state.turn,
        stock=len(state.stock),
        tallies=state.tallies(),
    )
    _check_events(
        state._raw_events,
        n=n,
        turn=state.turn,
        commander=c,
        outcome=state.outcome(),
        face_down=state.face_down,
    )


# -- views ----------------------------------------------------------------------------------------


def _check_cards(path: str, cards: Sequence[PlanetCard], *, most: int = MAX_HAND) -> None:
    """A sorted pile of planets (a hand, what is known of one, face-down discards)."""
    if len(cards) > most:
        raise _fail(path, f"at most {most} cards")
    if BLACK_HOLE in cards:
        raise _fail(path, "a black hole never stays in a hand or face down")
    if list(cards) != sorted(cards):
        raise _fail(path, "cards are listed in planet order")


def _check_size(path: str, size: int, most: int) -> None:
    if not 0 <= size <= most:
        raise _fail(path, f"must be 0 to {most}")


def check_view(view: PlanetsView) -> None:
    """Check that ``view`` is what a player (or a spectator) of some position of "8" sees.

    A view that passes can be dealt by `sample_state`, whose result passes `check_state` and
    shows the same view again (with the standard rules when ``view.rules`` is ``None``).

    Raises:
        InvalidStateError: naming the path (as in the view's JSON document) of the first
            impossible field.

    Examples:
        >>> import attrs
        >>> from cardgames import planets
        >>> view = planets.new_game(3, seed=1).view(0)
        >>> check_view(view)
        >>> check_view(attrs.evolve(view, hand_sizes=(0, -1, 0)))
        Traceback (most recent call last):
        ...
        cardgames.errors.InvalidStateError: invalid document at /data/hand_sizes/1: must be 0 to 96
    """
    _check_types(view)
    check_view_fields(view)


def _check_types(view: PlanetsView) -> None:
    """Every field holds a value of its declared type (a view may be built by hand)."""
    from cardgames.planets.moves import EVENT_TYPES, MOVE_TYPES

    try:
        data = encode(view)
    except (TypeError, ValueError, AttributeError):
        raise _fail("", "a field holds a value that is not of its type") from None
    check_sizes(data, VIEW_SIZES)
    tagged: dict[str, type] = {**MOVE_TYPES, **EVENT_TYPES}
    if decode(PlanetsView, data, "/data", tagged=tagged) != view:
        raise _fail("", "a field holds a value that is not of its type")


def check_view_fields(view: PlanetsView) -> None:
    """`check_view` for a view whose fields have their declared types (a decoded one)."""
    from cardgames.planets.engine import _tables

    rules = view.rules if view.rules is not None else Rules()
    viewer = view.viewer
    if view.game != rules.game_name:
        raise _fail("game", f"expected {rules.game_name!r}")
    n = _check_players(view.players, rules)
    if viewer is not None and not _seat(viewer, n):
        raise _fail("viewer", f"no seat {viewer} in a game of {n} players")
    _check_per_seat(
        n,
        (
            ("hand_sizes", view.hand_sizes),
            ("known_cards", view.known_cards),
            ("gatherings", view.gatherings),
            ("face_down", view.face_down),
            ("face_down_sizes", view.face_down_sizes),
            ("black_holes", view.black_holes),
        ),
    )
    phase = view.phase
    over = phase is _OVER
    c = view.commander
    for q in range(n):
        _check_size(f"hand_sizes/{q}", view.hand_sizes[q], MAX_HAND)
        _check_size(f"face_down_sizes/{q}", view.face_down_sizes[q], MAX_HAND)
    _check_black_holes(view.black_holes)
    if view.discard_size != sum(view.black_holes):
        raise _fail("discard_size", "the discard pile holds the black holes played")
    _check_size("stock_size", view.stock_size, DECK_SIZE)
    if (view.hand is None) != (viewer is None):
        raise _fail("hand", "a player sees their hand, a spectator none")
    if view.hand is not None and viewer is not None:
        _check_cards("hand", view.hand)
        if len(view.hand) != view.hand_sizes[viewer]:
            raise _fail(f"hand_sizes/{viewer}", "the viewer's hand has this many cards")
    for q, known in enumerate(view.known_cards):
        if known and (viewer is None or q == viewer):
            raise _fail(f"known_cards/{q}", "only other players' hands are known in part")
        _check_cards(f"known_cards/{q}", known, most=view.hand_sizes[q])
    for q, cards in enumerate(view.face_down):
        if (cards is None) != (not over and q != viewer):
            raise _fail(f"face_down/{q}", "a player sees their own, everyone sees all at the end")
        if cards is not None:
            _check_cards(f"face_down/{q}", cards)
            if len(cards) != view.face_down_sizes[q]:
                raise _fail(f"face_down_sizes/{q}", "must be the number of cards face down")
    if view.to_act != (() if view.holder is None else (view.holder,)):
        raise _fail("to_act", "the holder acts, alone")
    _check_turn(
        n=n,
        rules=rules,
        phase=phase,
        commander=c,
        adjutant=view.adjutant,
        holder=view.holder,
        role=view.role,
        drawn=len(view.drawn),
        over_outcome=view.outcome is not None,
    )
    # What the viewer has seen of the cards that wait.
    if phase is _GIVE and viewer != c and any(card is not None for card in view.drawn):
        raise _fail("drawn", "only the Commander knows the cards left to give")
    if viewer == c and None in view.drawn:
        raise _fail("drawn", "the Commander sees the cards they draw")
    if viewer is None and any(card is not None for card in view.drawn):
        raise _fail("drawn", "a spectator sees no drawn card")
    pending = view.pending
    pending_exists = phase is _GIVE or phase is _GATHER or phase is _BLACK_HOLE
    if pending is not None and not pending_exists:
        raise _fail(
            "pending", "a card is decided on only in the give, gather and black hole phases"
        )
    if phase is _BLACK_HOLE:
        if pending is not BLACK_HOLE:
            raise _fail("pending", "the black hole phase plays a black hole, face up")
        if not any(view.hand_sizes):
            raise _fail("phase", "a black hole that can do nothing is discarded at once")
    elif pending is not None and viewer is None:
        raise _fail("pending", "a spectator sees only a black hole being played")
    if phase is _GATHER and pending is BLACK_HOLE:
        raise _fail("pending", "a black hole is played, not gathered")
    if phase is _GIVE and pending is not None and viewer != c:
        raise _fail("pending", "only the Commander knows the card they kept")
    if pending_exists and pending is None and viewer == view.holder:
        raise _fail("pending", "the holder sees the card they decide on")
    waits = _received_waits(phase, view.adjutant, view.role)
    if (view.received is not None) != (waits and viewer in (c, view.adjutant)):
        raise _fail("received", "the giver and the receiver see the card that waits")
    _check_draw(rules, phase, len(view.drawn), view.stock_size)
    surplus = _check_hand_limit(rules, phase, view.hand_sizes[c])
    _check_counters(
        view.turn, view.moves_played, rules, moves_left_in_turn(phase, waits, surplus), over
    )
    last = -1
    for i, (position, _) in enumerate(view.known_stock):
        if viewer is None:
            raise _fail("known_stock", "a spectator knows no card of the stock")
        if not last < position < view.stock_size:
            raise _fail(f"known_stock/{i}", "positions are in the stock, in increasing order")
        last = position

    # The cards: no more of a kind than the game has, and as many hidden places as hidden
    # cards, a black hole only where one can be.
    have = [0] * 9
    have[BLACK_HOLE] = sum(view.black_holes)
    for q in range(n):
        for gathering in view.gatherings[q]:
            _count(have, gathering.cards)
        _count(have, view.known_cards[q])
        _count(have, view.face_down[q] or ())
    _count(have, view.hand or ())
    _count(have, [card for _, card in view.known_stock])
    _count(have, view.drawn)
    _count(have, (pending if pending_exists else None, view.received))
    for kind in range(9):
        if have[kind] > _FULL[kind]:
            raise _fail("", f"the view shows more cards of {PlanetCard(kind)} than the game has")
    hidden = DECK_SIZE - sum(have)
    any_slots = view.stock_size - len(view.known_stock) + view.drawn.count(None)
    if phase is _GIVE and pending is None:
        any_slots += 1
    if waits and view.received is None:
        any_slots += 1
    planet_slots = int(phase is _GATHER and pending is None)
    for q in range(n):
        if q != viewer:
            planet_slots += view.hand_sizes[q] - len(view.known_cards[q])
        if view.face_down[q] is None:
            planet_slots += view.face_down_sizes[q]
    if hidden != any_slots + planet_slots:
        raise _fail("", "the view's card counts do not add up to the cards of the game")
    if BLACK_HOLE_COUNT - have[BLACK_HOLE] > any_slots:
        raise _fail("", "the view leaves black holes where none can be")

    expected_moves: tuple[Any, ...] = ()
    if viewer is not None and viewer == view.holder:
        t = _tables(rules, n)
        hand = planet_counts(view.hand or ())
        if phase is _KEEP or phase is _GIVE:
            expected_moves = t.keep_or_give(viewer, phase is _GIVE, view.drawn)  # type: ignore[arg-type]
        elif phase is _GATHER:
            expected_moves = t.gather(viewer, pending, hand)  # type: ignore[arg-type]
        elif phase is _BLACK_HOLE:
            expected_moves = t.black_hole(viewer, hand, [size > 0 for size in view.hand_sizes])
        else:
            expected_moves = t.surplus(viewer, hand)
    if tuple(view.legal_moves) != tuple(expected_moves):
        raise _fail("legal_moves", "must be the viewer's legal moves in this position")
    for i, event in enumerate(view.events):
        if event.redacted_for(viewer) != event:
            raise _fail(f"events/{i}", "an event shows a card its viewer has not seen")
    _check_outcome(
        view.outcome,
        rules=rules,
        players=view.players,
        turn=view.turn,
        stock=view.stock_size,
        tallies=[
            Tally(view.gatherings[q], view.face_down_sizes[q], view.hand_sizes[q], holes)
            for q, holes in enumerate(view.black_holes)
        ],
    )
    _check_events(
        [_raw(event) for event in view.events],
        n=n,
        turn=view.turn,
        commander=c,
        outcome=view.outcome,
        face_down=view.face_down,
    )


def check_follows(before: PlanetsView, after: PlanetsView) -> str | None:
    """Why ``after`` cannot be its seat's view one move after ``before``, or ``None``.

    Both views must already pass `check_view` and be of the same table. What one move cannot
    undo: the turn goes on by at most one; a gathering laid stays laid (each seat's list only
    grows at its end); the cards discarded face down, the black holes played and those on the
    discard pile are never taken back; and the viewer's own face-down discards stay known to
    them. A view of the finished game has no successor (`cardgames.infostate` checks that).

    Examples:
        >>> from cardgames import planets
        >>> state = planets.new_game(2, seed=1)
        >>> before = state.view(0)
        >>> check_follows(before, state.apply(state.legal_moves()[0]).view(0)) is None
        True
        >>> check_follows(before, attrs.evolve(before, turn=3))
        'turn'
    """
    if after.turn not in (before.turn, before.turn + 1):
        return "turn"
    if after.discard_size < before.discard_size:
        return "discard_size"
    for name in ("face_down_sizes", "black_holes"):
        old: tuple[int, ...] = getattr(before, name)
        new: tuple[int, ...] = getattr(after, name)
        if any(b < a for a, b in zip(old, new, strict=True)):
            return name
    for seat, (old_laid, new_laid) in enumerate(
        zip(before.gatherings, after.gatherings, strict=True)
    ):
        if tuple(new_laid[: len(old_laid)]) != tuple(old_laid):
            return f"gatherings/{seat}"
    viewer = before.viewer
    if viewer is not None:
        kept, now = before.face_down[viewer], after.face_down[viewer]
        if kept and (now is None or _multiset(kept) - _multiset(now)):
            return f"face_down/{viewer}"
    return None


def _multiset(cards: Sequence[PlanetCard]) -> collections.Counter[PlanetCard]:
    return collections.Counter(cards)
