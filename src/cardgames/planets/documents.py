"""The JSON document of a state of "8": writing it, and reading it back.

`State.to_json` writes every field (hidden cards, knowledge masks and the RNG included);
`State.from_json` reads it back: the lists are bounded by the deck before anything is decoded,
the types are checked field by field, and the state built is then checked by the engine's
invariant checker (`cardgames.planets.invariants.check_state`: card conservation, seats, masks,
knowledge, phases, counters, outcome), raising `InvalidStateError` with the path of the first
problem.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from cardgames.codec import decode, dump_document, encode, load_document
from cardgames.errors import InvalidStateError
from cardgames.game import Event, Game, Outcome
from cardgames.planets.cards import BLACK_HOLE, PlanetCard, cards_from_counts, planet_counts
from cardgames.planets.invariants import STATE_SIZES, check_sizes
from cardgames.planets.moves import EVENT_TYPES
from cardgames.planets.rules import Rules
from cardgames.planets.scoring import Gathering, Role
from cardgames.planets.views import Phase
from cardgames.rng import Rng

if TYPE_CHECKING:
    from cardgames.planets.engine import PlanetsState

__all__ = ["dump_state", "load_state_fields"]


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


STATE_DOCUMENT: type = _StateDocument
"""The class a state document's ``data`` is decoded into (what `cardgames.schema` describes)."""


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
    """Read a state document; return the state's fields (see `PlanetsState`).

    Lists are bounded by the deck before anything is decoded from them; what the fields mean
    is then checked by `cardgames.planets.invariants.check_state`, which the caller runs on the
    state built from these fields.

    Raises:
        InvalidStateError: naming the first problem found.
    """
    data = load_document(text, "state", game.name)
    check_sizes(data, STATE_SIZES)
    document: _StateDocument = decode(_StateDocument, data, "/data", tagged=EVENT_TYPES)
    # Refused option values come out as InvalidStateError naming /data/rules.
    rules: Rules = decode(Rules, document.rules, "/data/rules")
    return _fields(document, rules)


def _fields(doc: _StateDocument, rules: Rules) -> dict[str, Any]:
    """The state's fields, in the engine's representation (hands as counts)."""
    for seat, (hand, face_down) in enumerate(
        zip(doc.hands, doc.face_down, strict=False)
    ):  # lengths: check_state
        if BLACK_HOLE in hand:
            raise InvalidStateError(f"/data/hands/{seat}", "a black hole never stays in a hand")
        if BLACK_HOLE in face_down:
            raise InvalidStateError(
                f"/data/face_down/{seat}", "only planets are discarded face down"
            )
    for p, row in enumerate(doc.known):
        for q, cards in enumerate(row):
            if BLACK_HOLE in cards:
                raise InvalidStateError(f"/data/known/{p}/{q}", "known cards must be in that hand")
    try:
        rng = Rng.from_state(doc.rng)
    except ValueError as exc:
        raise InvalidStateError("/data/rng", str(exc)) from None
    raw = tuple((type(e), *(getattr(e, f.name) for f in attrs.fields(type(e)))) for e in doc.events)
    return {
        "_rules": rules,
        "players": doc.players,
        "counts": tuple(planet_counts(h) for h in doc.hands),
        "known": tuple(tuple(planet_counts(cards) for cards in row) for row in doc.known),
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
