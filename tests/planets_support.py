"""Hypothesis strategies, conformance plumbing and scenario helpers for the planet game "8"."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any

from hypothesis import strategies as st

from cardgames.game import Move
from cardgames.planets import (
    BLACK_HOLE,
    FULL_DECK,
    GAME,
    PLANETS,
    CardDiscardedFaceDown,
    CardGiven,
    CardKept,
    CardPutBack,
    CardsDrawn,
    CardStolen,
    Decline,
    DiscardFaceDown,
    Give,
    Keep,
    LayGathering,
    Phase,
    PlanetCard,
    PutUnder,
    Rules,
    ScoreTable,
    State,
    Steal,
    SurplusPutUnder,
    parse_planet_cards,
)
from cardgames.rng import Rng
from cardgames.testing import Hooks

Counts = tuple[int, ...]

# -- rules ----------------------------------------------------------------------------------------


def draw_rules(rnd: random.Random) -> Rules:
    """Random combinations of every option (small turn caps keep the playouts short);
    `random_rules` and the conformance kit's rules hook draw them.
    """

    def table() -> ScoreTable:
        return ScoreTable([rnd.randint(0, 200) for _ in range(10)])

    return Rules(
        initial_hand=rnd.choice((0, 0, 1, 3, 5, 10, 12)),
        draw_count=rnd.choice((3, 3, 2, 1)),
        hand_limit=rnd.choice((10, 10, None, 1, 3, 6)),
        first_commander=rnd.randint(0, 3),
        may_decline=rnd.random() < 0.5,
        commander_points=table(),
        adjutant_points=table(),
        all_different_commander=rnd.randint(0, 100),
        all_different_adjutant=rnd.randint(0, 100),
        max_turns=rnd.choice((1, 2, 5, 20, 60, 150, 500)),
    )


def random_rules() -> st.SearchStrategy[Rules]:
    return st.builds(draw_rules, st.randoms(use_true_random=False))


def rules_strategy() -> st.SearchStrategy[Rules]:
    return st.one_of(st.sampled_from(list(GAME.presets.values())), random_rules())


def players_strategy(rules: Rules) -> st.SearchStrategy[int]:
    return st.integers(max(GAME.min_players, rules.first_commander + 1), GAME.max_players)


def max_moves(rules: Rules) -> int:
    """A bound on the moves of a game: per turn, keep, give, two cards settled (a black hole
    action and a gathering decision each) and at most every planet put under the stock.
    """
    return rules.max_turns * (6 + len(PLANETS) * 12)


# -- candidate moves ------------------------------------------------------------------------------


def candidate_moves(state: Any) -> Iterator[Move]:
    """Legal moves with one field changed, plus a random sample of the move universe."""
    assert isinstance(state, State)
    n = len(state.players)
    rnd = random.Random(state.moves_played)
    every_card = list(PlanetCard)
    for move in state.legal_moves():
        p = move.player
        other = (p + 1) % n
        yield Keep(p, BLACK_HOLE)
        yield Decline(p)
        yield Steal(p, p)
        yield Steal(p, n)
        yield Give(p, PlanetCard.SATURN, p)
        yield Give(p, PlanetCard.SATURN, -1)
        yield PutUnder(p, BLACK_HOLE)
        yield DiscardFaceDown(p, BLACK_HOLE)
        if isinstance(move, Keep):
            yield Keep(other, move.card)
            yield Give(p, move.card, other)
        elif isinstance(move, Give):
            yield Give(p, move.card, p)
            yield Give(other, move.card, move.to)
            yield Keep(p, move.card)
        elif isinstance(move, LayGathering):
            cards = move.cards
            yield LayGathering(other, cards)
            yield LayGathering(p, cards[1:])
            yield LayGathering(p, (*cards, cards[0]))
            yield LayGathering(p, (*cards[:-1], BLACK_HOLE))
            yield LayGathering(p, (*cards[:2], PlanetCard((cards[0] + 1) % 8)))
        elif isinstance(move, (DiscardFaceDown, PutUnder)):
            yield type(move)(other, move.card)
            for card in PLANETS:
                yield type(move)(p, card)
        elif isinstance(move, Steal):
            yield Steal(other, move.victim)
            for victim in range(n):
                yield Steal(p, victim)
    for _ in range(30):
        player = rnd.randrange(-1, n + 1)
        card = rnd.choice(every_card)
        kind = rnd.randrange(7)
        if kind == 0:
            yield Keep(player, card)
        elif kind == 1:
            yield Give(player, card, rnd.randrange(-1, n + 1))
        elif kind == 2:
            size = rnd.choice((2, 3, 4, 8, 13))
            yield LayGathering(player, (card,) * size if rnd.random() < 0.7 else PLANETS)
        elif kind == 3:
            yield Decline(player)
        elif kind == 4:
            yield DiscardFaceDown(player, card)
        elif kind == 5:
            yield Steal(player, rnd.randrange(-1, n + 1))
        else:
            yield PutUnder(player, card)


# -- scramble -------------------------------------------------------------------------------------

# The events whose card only some seats may see: the class, the field positions (in the raw
# record, after the class) of the seats that may see it, and the position of the card field.
_SECRET_EVENTS: dict[type, tuple[tuple[int, ...], int]] = {
    CardKept: ((1,), 2),
    CardGiven: ((1, 2), 3),
    CardPutBack: ((1,), 2),
    CardStolen: ((1, 2), 3),
    CardDiscardedFaceDown: ((1,), 2),
    SurplusPutUnder: ((1,), 2),
}


def _cards_of(counts: Counts) -> list[PlanetCard]:
    return [PLANETS[i] for i, k in enumerate(counts) for _ in range(k)]


def scramble(state: Any, viewer: int, rnd: random.Random) -> State:
    """Re-deal every card ``viewer`` has not seen (``-1``: a spectator) and the RNG.

    Kept as they are: the viewer's hand, the cards the viewer knows in other hands (their
    ``known`` counts), the stock cards and drawn cards the viewer knows, the card being decided
    on and the Adjutant's card if the viewer knows them (a black hole being played is public),
    the viewer's face-down discards (everyone's, once the game is over), and everything public.
    Re-dealt, at random among themselves: the rest of the other hands, the rest of the stock
    and of the draw, the hidden pending and received cards, the other players' face-down
    discards, and the cards of the events the viewer may not see. Black holes only go where a
    black hole can be (stock, draw, a kept card not yet settled, a received card); the phase
    stays consistent (a card being gathered stays a planet).
    """
    assert isinstance(state, State)
    changes: dict[str, Any] = {}
    n = len(state.players)
    bit = 1 << viewer if viewer >= 0 else 0
    over = state.phase is Phase.OVER
    pool: list[PlanetCard] = []
    any_slots: list[tuple[str, int]] = []  # where a black hole may be
    planet_slots: list[tuple[str, int]] = []

    def hide(slot: tuple[str, int], card: PlanetCard, black_hole_ok: bool) -> None:
        pool.append(card)
        (any_slots if black_hole_ok else planet_slots).append(slot)

    for i, (card, seen) in enumerate(zip(state.stock, state.stock_seen, strict=True)):
        if not seen & bit:
            hide(("stock", i), card, True)
    for i, (card, seen) in enumerate(zip(state.drawn, state.drawn_seen, strict=True)):
        if not seen & bit:
            hide(("drawn", i), card, True)
    if (
        state.pending is not None
        and not state.pending_seen & bit
        and state.phase is not Phase.BLACK_HOLE
    ):
        hide(("pending", 0), state.pending, state.phase is Phase.GIVE)
    if state.received is not None and not state.received_seen & bit:
        hide(("received", 0), state.received, True)
    kept_hands: list[list[PlanetCard]] = []
    for q in range(n):
        hand = state.counts[q]
        known = hand if q == viewer else (state.known[viewer][q] if viewer >= 0 else (0,) * 8)
        kept_hands.append(_cards_of(known))
        hidden = tuple(h - k for h, k in zip(hand, known, strict=True))
        for i, card in enumerate(_cards_of(hidden)):
            hide((f"hand{q}", i), card, False)
    kept_face_down: list[list[PlanetCard]] = []
    for q in range(n):
        if over or q == viewer:
            kept_face_down.append(list(state.face_down[q]))
        else:
            kept_face_down.append([])
            for i, card in enumerate(state.face_down[q]):
                hide((f"down{q}", i), card, False)
    holes = [c for c in pool if c is BLACK_HOLE]
    planets = [c for c in pool if c is not BLACK_HOLE]
    rnd.shuffle(planets)
    rnd.shuffle(any_slots)
    placed: dict[tuple[str, int], PlanetCard] = {}
    for slot in any_slots[: len(holes)]:
        placed[slot] = BLACK_HOLE
    for slot in any_slots[len(holes) :] + planet_slots:
        placed[slot] = planets.pop()
    stock = list(state.stock)
    drawn = list(state.drawn)
    for (where, i), card in placed.items():
        if where == "stock":
            stock[i] = card
        elif where == "drawn":
            drawn[i] = card
        elif where == "pending":
            changes["pending"] = card
        elif where == "received":
            changes["received"] = card
        elif where.startswith("hand"):
            kept_hands[int(where[4:])].append(card)
        else:
            kept_face_down[int(where[4:])].append(card)
    every = list(PlanetCard)
    events = []
    for record in state._raw_events:
        secret = _SECRET_EVENTS.get(record[0])
        if secret is not None and record[secret[1]] is not None:
            seats, at = secret
            if all(record[s] != viewer for s in seats):
                record = (*record[:at], rnd.choice(every), *record[at + 1 :])
        elif record[0] is CardsDrawn and record[1] != viewer and record[3] is not None:
            record = (*record[:3], tuple(rnd.choice(every) for _ in record[3]))
        events.append(record)
    changes.update(
        stock=tuple(stock),
        drawn=tuple(drawn),
        counts=tuple(tuple(parse_counts(h)) for h in kept_hands),
        face_down=tuple(tuple(sorted(f)) for f in kept_face_down),
        rng=Rng.from_seed(rnd.randrange(2**64)),
        raw_events=tuple(events),
    )
    return state._evolve(**changes)


def parse_counts(cards: Sequence[PlanetCard]) -> Counts:
    counts = [0] * len(PLANETS)
    for card in cards:
        counts[card] += 1
    return tuple(counts)


def planets_hooks() -> Hooks:
    """What the conformance kit adds for the planet game: random score tables, moves with one
    field changed, and a re-deal of what a seat has not seen written for the engine.
    """
    return Hooks(
        rules=draw_rules,
        candidate_moves=candidate_moves,
        scramble=lambda state, viewer, rnd: scramble(state, -1 if viewer is None else viewer, rnd),
    )


# -- scenario helpers -----------------------------------------------------------------------------


def stacked_deck(top: str | Sequence[PlanetCard]) -> tuple[PlanetCard, ...]:
    """The 104 cards with ``top`` first (top of the stock), then the rest in a fixed order.

    The rest is every remaining planet in order, Mercury first, then the black holes last.
    """
    first = parse_planet_cards(top) if isinstance(top, str) else tuple(top)
    rest = list(FULL_DECK)
    for card in first:
        rest.remove(card)
    return (*first, *rest)


def play(state: State, *moves: str) -> State:
    """Apply moves written in the notation, each by the seat that decides at that point."""
    for text in moves:
        state = state.apply(state.parse_move(text))
    return state
