"""Sampling a full state of "8" from one player's view, for information-set search.

`sample_state` deals every card the view does not show at random, so that the sampled state's
view for the same player equals the given view: a bot can then search the sampled positions
without ever having seen a hidden card.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Final

import attrs

from cardgames.errors import InvalidArgumentError
from cardgames.planets.cards import BLACK_HOLE, FULL_DECK, PLANETS, PlanetCard, planet_counts
from cardgames.planets.engine import PlanetsState, _tables
from cardgames.planets.invariants import check_view_fields
from cardgames.planets.rules import Rules
from cardgames.planets.scoring import Role
from cardgames.planets.views import Phase, PlanetsView
from cardgames.rng import Rng

__all__ = ["sample_state"]

_EMPTY: Final = (0,) * len(PLANETS)


def sample_state(view: PlanetsView, rng: Rng) -> PlanetsState:
    """A full state consistent with ``view``, the cards its player has not seen dealt at random.

    Kept from the view: the viewer's hand, what they know of the other hands, the stock and
    drawn cards they know (at their places), the card being decided on and the Adjutant's card
    if they know them, their face-down discards (everyone's once the game is over) and every
    public fact. The other cards are shuffled with ``rng`` and dealt to the hidden places; a
    black hole only goes where one can be (the stock, the draw, a kept card not yet settled, a
    received card). The other players' knowledge is the least the rules imply (the Commander
    knows their draw; the giver and the receiver know a given card). The state's RNG is the one
    ``rng`` became, so the sample reveals nothing real.

    The result's ``view(view.viewer)`` equals ``view`` (with the default rules written out
    where ``view.rules`` is ``None``: a state always names its rules).

    Raises:
        InvalidStateError: if the view is not one a position shows (a view built by hand:
            one loaded by `PlanetsView.from_json` always passes), naming its first impossible
            field; see `cardgames.planets.invariants.check_view_fields`.
        InvalidArgumentError: if ``view`` is not a view of "8" or ``rng`` not an `Rng`.
    """
    if not isinstance(view, PlanetsView):
        raise InvalidArgumentError("view", view, "expected a view of 8")
    if not isinstance(rng, Rng):
        raise InvalidArgumentError("rng", rng, "expected an Rng")
    check_view_fields(view)  # everything below relies on it: no IndexError, no assertion
    rules: Rules = view.rules if view.rules is not None else Rules()
    n = len(view.players)
    viewer = view.viewer
    bit = 0 if viewer is None else 1 << viewer
    everyone = (1 << n) - 1
    phase = view.phase
    commander_bit = 1 << view.commander

    known: Counter[PlanetCard] = Counter()
    known[BLACK_HOLE] += sum(view.black_holes)
    for seat in range(n):
        for gathering in view.gatherings[seat]:
            known.update(gathering.cards)
        known.update(view.known_cards[seat])
        face_down = view.face_down[seat]
        if face_down is not None:
            known.update(face_down)
    if view.hand is not None:
        known.update(view.hand)
    known.update(card for _, card in view.known_stock)
    known.update(card for card in view.drawn if card is not None)

    pending_exists = phase in (Phase.GIVE, Phase.GATHER, Phase.BLACK_HOLE)
    received_exists = (
        view.adjutant is not None
        and view.role is Role.COMMANDER
        and phase in (Phase.GATHER, Phase.BLACK_HOLE)
    )
    for card, exists in ((view.pending, pending_exists), (view.received, received_exists)):
        if exists and card is not None:
            known[card] += 1
    unknown = Counter(FULL_DECK)
    unknown.subtract(known)
    if any(count < 0 for count in unknown.values()):
        raise ValueError("the view shows more cards than the game has")
    pool = sorted(unknown.elements())

    # Hidden places: those where a black hole may be, and those that hold planets only.
    any_slots: list[tuple[str, int]] = []
    planet_slots: list[tuple[str, int]] = []
    stock_known = dict(view.known_stock)
    any_slots += [("stock", i) for i in range(view.stock_size) if i not in stock_known]
    any_slots += [("drawn", i) for i, card in enumerate(view.drawn) if card is None]
    if pending_exists and view.pending is None:
        (any_slots if phase is Phase.GIVE else planet_slots).append(("pending", 0))
    if received_exists and view.received is None:
        any_slots.append(("received", 0))
    for seat in range(n):
        if seat != viewer:
            missing = view.hand_sizes[seat] - len(view.known_cards[seat])
            planet_slots += [(f"hand{seat}", i) for i in range(missing)]
        if view.face_down[seat] is None:
            planet_slots += [(f"down{seat}", i) for i in range(view.face_down_sizes[seat])]
    if len(pool) != len(any_slots) + len(planet_slots):
        raise ValueError("the view's card counts do not add up to the cards of the game")
    holes = pool.count(BLACK_HOLE)
    if holes > len(any_slots):
        raise ValueError("the view leaves black holes where none can be")
    planets, rng = rng.shuffle([card for card in pool if card is not BLACK_HOLE])
    places, rng = rng.shuffle(any_slots)
    dealt: dict[tuple[str, int], PlanetCard] = dict.fromkeys(places[:holes], BLACK_HOLE)
    dealt.update(zip([*places[holes:], *planet_slots], planets, strict=True))

    hands: list[list[PlanetCard]] = []
    face_downs: list[list[PlanetCard]] = []
    for seat in range(n):
        if seat == viewer:
            assert view.hand is not None
            hands.append(list(view.hand))
        else:
            hands.append(list(view.known_cards[seat]))
        face_downs.append(list(view.face_down[seat] or ()))
    stock: list[PlanetCard] = [BLACK_HOLE] * view.stock_size
    for position, card in stock_known.items():
        stock[position] = card
    drawn = [card if card is not None else BLACK_HOLE for card in view.drawn]
    pending = view.pending if pending_exists else None
    received = view.received if received_exists else None
    for (where, i), card in dealt.items():
        if where == "stock":
            stock[i] = card
        elif where == "drawn":
            drawn[i] = card
        elif where == "pending":
            pending = card
        elif where == "received":
            received = card
        elif where.startswith("hand"):
            hands[int(where[4:])].append(card)
        else:
            face_downs[int(where[4:])].append(card)

    # Knowledge: the viewer's as the view shows it; the others' the least the rules imply.
    known_rows = []
    for seat in range(n):
        if seat == viewer:
            known_rows.append(tuple(planet_counts(cards) for cards in view.known_cards))
        else:
            known_rows.append((_EMPTY,) * n)
    pending_seen = 0
    if pending is not None:
        if phase is Phase.BLACK_HOLE:
            pending_seen = everyone
        else:
            holder = view.holder
            assert holder is not None
            pending_seen = (1 << holder) | (bit if view.pending is not None else 0)
    received_seen = 0
    if received is not None:
        assert view.adjutant is not None
        received_seen = commander_bit | (1 << view.adjutant)
    raw = tuple(
        (type(e), *(getattr(e, f.name) for f in attrs.fields(type(e)))) for e in view.events
    )
    fields: dict[str, Any] = {
        "_rules": rules,
        "_t": _tables(rules, n),
        "_c": {},
        "players": view.players,
        "counts": tuple(planet_counts(hand) for hand in hands),
        "known": tuple(known_rows),
        "stock": tuple(stock),
        "stock_seen": tuple(bit if i in stock_known else 0 for i in range(view.stock_size)),
        "drawn": tuple(drawn),
        "drawn_seen": tuple(
            commander_bit | (bit if card is not None else 0) for card in view.drawn
        ),
        "pending": pending,
        "pending_seen": pending_seen,
        "received": received,
        "received_seen": received_seen,
        "commander": view.commander,
        "adjutant": view.adjutant,
        "holder": view.holder,
        "role": view.role,
        "phase": phase,
        "gatherings": view.gatherings,
        "face_down": tuple(tuple(sorted(cards)) for cards in face_downs),
        "black_holes": view.black_holes,
        "turn": view.turn,
        "moves_played": view.moves_played,
        "rng": rng,
        "_outcome": view.outcome,
        "_raw_events": raw,
    }
    return PlanetsState._make(fields)
