"""The JSON document of a state of "8": writing it, and loading it with thorough checks.

`State.to_json` writes every field (hidden cards, knowledge masks and the RNG included);
`State.from_json` reads it back and checks types, card conservation (exactly the 104 cards of the
game), seat numbers, masks, the knowledge counts (what a player knows of a hand is in that hand)
and that the turn bookkeeping fits the phase, raising `InvalidStateError` with the path of the
first problem.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

import attrs

from cardgames.codec import decode, dump_document, encode, load_document
from cardgames.errors import InvalidStateError
from cardgames.game import Event, Game, Outcome
from cardgames.planets.cards import (
    BLACK_HOLE,
    FULL_DECK,
    PlanetCard,
    cards_from_counts,
    planet_counts,
)
from cardgames.planets.moves import EVENT_TYPES
from cardgames.planets.rules import Rules
from cardgames.planets.scoring import Gathering, Role
from cardgames.planets.views import Phase
from cardgames.rng import Rng

if TYPE_CHECKING:
    from cardgames.planets.engine import PlanetsState

__all__ = ["dump_state", "load_state_fields"]

_KEEP: Final = Phase.KEEP
_GIVE: Final = Phase.GIVE
_GATHER: Final = Phase.GATHER
_BLACK_HOLE: Final = Phase.BLACK_HOLE
_SURPLUS: Final = Phase.SURPLUS
_OVER: Final = Phase.OVER
_COMMANDER: Final = Role.COMMANDER
_ADJUTANT: Final = Role.ADJUTANT

Counts = tuple[int, ...]


@attrs.frozen
class _StateDocument:
    rules: Any
    players: tuple[str, ...]
    hands: tuple[tuple[PlanetCard, ...], ...]
    known: tuple[tuple[tuple[PlanetCard, ...], ...], ...]
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
    rng: tuple[int, int, int, int]
    outcome: Outcome | None
    events: tuple[Event, ...]


def dump_state(state: PlanetsState) -> str:
    """The whole state as a versioned JSON document (hands written as sorted cards)."""
    document = _StateDocument(
        rules=state.rules,
        players=state.players,
        hands=state.hands,
        known=tuple(tuple(map(cards_from_counts, row)) for row in state.known),
        stock=state.stock,
        stock_seen=state.stock_seen,
        drawn=state.drawn,
        drawn_seen=state.drawn_seen,
        pending=state.pending,
        pending_seen=state.pending_seen,
        received=state.received,
        received_seen=state.received_seen,
        commander=state.commander,
        adjutant=state.adjutant,
        holder=state.holder,
        role=state.role,
        phase=state.phase,
        gatherings=state.gatherings,
        face_down=state.face_down,
        black_holes=state.black_holes,
        turn=state.turn,
        moves_played=state.moves_played,
        rng=state.rng.state,
        outcome=state.outcome(),
        events=state.last_events,
    )
    return dump_document("state", state.rules.game_name, encode(document))


def load_state_fields(text: str | bytes, game: Game[Any]) -> dict[str, Any]:
    """Read and check a state document; return the state's fields (see `PlanetsState`).

    Raises:
        InvalidStateError: naming the first problem found.
    """
    data = load_document(text, "state", game.name)
    document: _StateDocument = decode(_StateDocument, data, "/data", tagged=EVENT_TYPES)
    # Refused option values come out as InvalidStateError naming /data/rules.
    rules: Rules = decode(Rules, document.rules, "/data/rules")
    return _check_document(document, rules, game)


def _check_document(doc: _StateDocument, rules: Rules, game: Game[Any]) -> dict[str, Any]:
    def fail(path: str, problem: str) -> InvalidStateError:
        return InvalidStateError(f"/data/{path}" if path else "/data", problem)

    n = len(doc.players)
    if not game.min_players <= n <= game.max_players:
        raise fail("players", f"8 takes {game.min_players} to {game.max_players} players, not {n}")
    if any(not p.strip() for p in doc.players) or len({p.casefold() for p in doc.players}) != n:
        raise fail("players", "names must be non-empty and different")
    if rules.first_commander >= n:
        raise fail("rules/first_commander", f"there are only {n} seats")
    for name, value in (
        ("hands", doc.hands),
        ("known", doc.known),
        ("gatherings", doc.gatherings),
        ("face_down", doc.face_down),
        ("black_holes", doc.black_holes),
    ):
        if len(value) != n:
            raise fail(name, f"expected one entry per seat ({n}), got {len(value)}")
    for seat, (hand, face_down) in enumerate(zip(doc.hands, doc.face_down, strict=True)):
        if BLACK_HOLE in hand:
            raise fail(f"hands/{seat}", "a black hole never stays in a hand")
        if BLACK_HOLE in face_down:
            raise fail(f"face_down/{seat}", "only planets are discarded face down")
    if any(h < 0 for h in doc.black_holes):
        raise fail("black_holes", "counts cannot be negative")
    cards = [*doc.stock, *doc.drawn, *(BLACK_HOLE,) * sum(doc.black_holes)]
    for extra in (doc.pending, doc.received):
        if extra is not None:
            cards.append(extra)
    for seat in range(n):
        cards.extend(doc.hands[seat])
        cards.extend(doc.face_down[seat])
        for gathering in doc.gatherings[seat]:
            cards.extend(gathering.cards)
    if sorted(cards) != sorted(FULL_DECK):
        have, want = Counter(cards), Counter(FULL_DECK)
        parts = []
        extra_cards = sorted((have - want).elements())
        missing = sorted((want - have).elements())
        if extra_cards:
            parts.append("unexpected or duplicated: " + " ".join(map(str, extra_cards[:10])))
        if missing:
            parts.append("missing: " + " ".join(map(str, missing[:10])))
        raise fail("", "the cards are not those of the game (" + "; ".join(parts) + ")")
    hands = tuple(planet_counts(h) for h in doc.hands)
    known: list[tuple[Counts, ...]] = []
    for p, row in enumerate(doc.known):
        if len(row) != n:
            raise fail(f"known/{p}", f"expected one entry per seat ({n}), got {len(row)}")
        counts_row = tuple(planet_counts(cards_known) for cards_known in row)
        for q, counts in enumerate(counts_row):
            if p == q and any(counts):
                raise fail(f"known/{p}/{q}", "a player's own hand is not tracked here")
            if any(k > h for k, h in zip(counts, hands[q], strict=True)) or BLACK_HOLE in row[q]:
                raise fail(f"known/{p}/{q}", "known cards must be in that hand")
        known.append(counts_row)
    everyone = (1 << n) - 1
    if len(doc.stock_seen) != len(doc.stock):
        raise fail("stock_seen", "one mask per stock card")
    if len(doc.drawn_seen) != len(doc.drawn):
        raise fail("drawn_seen", "one mask per drawn card")
    for name, masks in (
        ("stock_seen", doc.stock_seen),
        ("drawn_seen", doc.drawn_seen),
        ("pending_seen", (doc.pending_seen,)),
        ("received_seen", (doc.received_seen,)),
    ):
        if any(not 0 <= m <= everyone for m in masks):
            raise fail(name, f"masks are 0 to {everyone} for {n} seats")
    for name, who in (
        ("commander", doc.commander),
        ("adjutant", doc.adjutant),
        ("holder", doc.holder),
    ):
        if who is not None and not 0 <= who < n:
            raise fail(name, f"no seat {who} in a game of {n} players")
    if doc.adjutant == doc.commander:
        raise fail("adjutant", "the Commander cannot be their own Adjutant")
    if not 1 <= doc.turn <= rules.max_turns:
        raise fail("turn", f"must be 1 to {rules.max_turns}")
    if doc.moves_played < 0:
        raise fail("moves_played", "cannot be negative")
    _check_phase(doc, rules, hands, fail)
    try:
        rng = Rng.from_state(doc.rng)
    except ValueError as exc:
        raise fail("rng", str(exc)) from None
    raw = tuple((type(e), *(getattr(e, f.name) for f in attrs.fields(type(e)))) for e in doc.events)
    return {
        "_rules": rules,
        "players": doc.players,
        "counts": hands,
        "known": tuple(known),
        "stock": doc.stock,
        "stock_seen": doc.stock_seen,
        "drawn": doc.drawn,
        "drawn_seen": doc.drawn_seen,
        "pending": doc.pending,
        "pending_seen": doc.pending_seen,
        "received": doc.received,
        "received_seen": doc.received_seen,
        "commander": doc.commander,
        "adjutant": doc.adjutant,
        "holder": doc.holder,
        "role": doc.role,
        "phase": doc.phase,
        "gatherings": doc.gatherings,
        "face_down": tuple(tuple(sorted(f)) for f in doc.face_down),
        "black_holes": doc.black_holes,
        "turn": doc.turn,
        "moves_played": doc.moves_played,
        "rng": rng,
        "_outcome": doc.outcome,
        "_raw_events": raw,
    }


def _check_phase(
    doc: _StateDocument,
    rules: Rules,
    hands: tuple[Counts, ...],
    fail: Callable[[str, str], InvalidStateError],
) -> None:
    """Check that the turn bookkeeping fits the phase."""
    phase = doc.phase
    c = doc.commander
    n = len(doc.players)
    if (phase is _OVER) != (doc.outcome is not None):
        raise fail("outcome", "an outcome is present exactly when the phase is 'over'")
    if phase is _OVER:
        if doc.holder is not None or doc.role is not None:
            raise fail("holder", "nobody decides once the game is over")
        if doc.outcome is not None and (
            len(doc.outcome.scores) != n or any(not 0 <= w < n for w in doc.outcome.winners)
        ):
            raise fail("outcome", "scores and winners must match the seats")
    elif doc.holder is None or doc.role is None:
        raise fail("holder", "someone decides until the game is over")
    elif (doc.role is _COMMANDER) != (doc.holder == c):
        raise fail("role", "the holder's role must match the Commander's seat")
    if phase in (_KEEP, _GIVE):
        if not doc.drawn or len(doc.drawn) > rules.draw_count - (phase is _GIVE):
            raise fail("drawn", f"the {phase.value} phase needs drawn cards")
        if doc.role is not _COMMANDER:
            raise fail("role", "the Commander keeps and gives")
    elif doc.drawn:
        raise fail("drawn", "drawn cards are only held while keeping and giving")
    if (phase is _GIVE or phase is _GATHER or phase is _BLACK_HOLE) != (doc.pending is not None):
        raise fail(
            "pending", "a card is decided on exactly in the give, gather and black hole phases"
        )
    if phase is _GATHER and doc.pending is BLACK_HOLE:
        raise fail("pending", "a black hole is played, not gathered")
    if phase is _BLACK_HOLE:
        if doc.pending is not BLACK_HOLE:
            raise fail("pending", "the black hole phase plays a black hole")
        if not any(map(any, hands)):
            raise fail("phase", "a black hole that can do nothing is discarded at once")
    if doc.received is not None and (
        doc.adjutant is None or doc.role is not _COMMANDER or phase not in (_GATHER, _BLACK_HOLE)
    ):
        raise fail("received", "a received card waits only while the Commander decides")
    if phase is _KEEP and doc.adjutant is not None:
        raise fail("adjutant", "no card has been given yet")
    if doc.role is _ADJUTANT and doc.holder != doc.adjutant:
        raise fail("holder", "the Adjutant decides on their own card")
    if phase is _SURPLUS:
        limit = rules.hand_limit
        if limit is None or sum(hands[c]) <= limit or doc.role is not _COMMANDER:
            raise fail("phase", "the surplus phase is for a Commander over the hand limit")
