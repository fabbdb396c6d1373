"""Hypothesis strategies and conformance plumbing for the shedding games."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from hypothesis import strategies as st

from cardgames.cards import JOKER, Card, DeckKind, Rank, Suit
from cardgames.game import Game, Move
from cardgames.shedding import (
    AfterDraw,
    Announce,
    CallOut,
    CardsDrawn,
    Draw,
    Effect,
    Effects,
    JumpInWindow,
    Pass,
    PlayCard,
    Scoring,
    SheddingRules,
    SheddingState,
    Stacking,
    Starter,
    TakePenalty,
)

from conformance import Subject

_FACES_52 = tuple(r.letter for r in Rank)
_FACES_32 = tuple(r.letter for r in Rank if r >= Rank.SEVEN)


@st.composite
def effects_strategy(draw: st.DrawFn, deck: DeckKind) -> Effects:
    faces = _FACES_32 if deck is DeckKind.PIQUET_32 else _FACES_52
    chosen = draw(st.lists(st.sampled_from(faces), unique=True, max_size=6))
    table: dict[str, Effect] = {}
    for face in chosen:
        again = draw(st.booleans()) if draw(st.integers(0, 5)) == 0 else False
        if again:
            table[face] = Effect(again=True, wild=draw(st.booleans()), swap=draw(st.booleans()))
            continue
        choose = draw(st.integers(0, 8)) == 0
        table[face] = Effect(
            wild=draw(st.integers(0, 4)) == 0,
            draw=draw(st.sampled_from((0, 0, 0, 1, 2, 4))),
            skip=False if choose else draw(st.integers(0, 4)) == 0,
            reverse=draw(st.integers(0, 4)) == 0,
            swap=draw(st.integers(0, 8)) == 0,
            choose=choose,
        )
    if deck is DeckKind.JOKERS_54:
        table["JOKER"] = Effect(wild=True, draw=draw(st.sampled_from((0, 2, 5))))
    return Effects(table)


@st.composite
def random_rules(draw: st.DrawFn, rules_type: type[SheddingRules]) -> SheddingRules:
    deck = draw(st.sampled_from(list(DeckKind)))
    return rules_type(
        deck=deck,
        decks=draw(st.sampled_from((None, None, 1, 2, 3, 4))),
        cards_per_player=draw(st.integers(6, 14)),
        hand_size=draw(st.integers(1, 8)),
        hand_size_two_players=draw(st.sampled_from((None, 5, 3))),
        dealer=draw(st.integers(0, 1)),
        effects=draw(effects_strategy(deck)),
        stacking=draw(st.sampled_from(list(Stacking))),
        penalty_ends_turn=draw(st.booleans()),
        draw_until_playable=draw(st.booleans()),
        after_draw=draw(st.sampled_from(list(AfterDraw))),
        draw_when_playable=draw(st.booleans()),
        announce_penalty=draw(st.sampled_from((0, 1, 2, 2, 3))),
        two_players_again=draw(st.booleans()),
        jump_in=draw(st.booleans()),
        jump_in_window=draw(st.sampled_from(list(JumpInWindow))),
        starter=draw(st.sampled_from(list(Starter))),
        starter_effects=draw(st.booleans()),
        scoring=draw(st.sampled_from(list(Scoring))),
        max_moves=draw(st.integers(40, 400)),
    )


def rules_strategy(game: Game[Any]) -> st.SearchStrategy[SheddingRules]:
    return st.one_of(st.sampled_from(list(game.presets.values())), random_rules(game.rules_type))


def players_strategy(game: Game[Any], most: int = 8) -> Any:
    def for_rules(rules: SheddingRules) -> st.SearchStrategy[int]:
        def fits(n: int) -> bool:
            deck = rules.deck.size * rules.decks_for(n)
            return n > rules.dealer and n * rules.hand_size_for(n) + 1 <= deck

        top = min(game.max_players, most)
        return st.integers(game.min_players, top).filter(fits)

    return for_rules


def candidate_moves(state: Any) -> Iterator[Move]:
    """Legal moves with one field changed, plus a random sample of the move universe."""
    assert isinstance(state, SheddingState)
    n = len(state.players)
    rnd = random.Random(state.moves_played)
    for move in state.legal_moves():
        yield Draw(move.player)
        yield Pass(move.player)
        yield TakePenalty(move.player)
        yield CallOut(move.player, (move.player + 1) % n)
        yield Announce(move.player)
        yield Announce((move.player + 1) % n)
        if isinstance(move, PlayCard):
            yield PlayCard((move.player + 1) % n, move.card, move.suit, move.announce, move.target)
            yield PlayCard(move.player, move.card, move.suit, not move.announce, move.target)
            yield PlayCard(move.player, move.card, None, move.announce, move.target)
            yield PlayCard(move.player, move.card, Suit.HEARTS, move.announce, move.target)
            yield PlayCard(move.player, move.card, move.suit, move.announce, None)
            yield PlayCard(move.player, move.card, move.suit, move.announce, move.player)
            yield PlayCard(move.player, move.card, move.suit, move.announce, n + 3)
    cards = sorted(set(state.all_cards()) | {JOKER, Card(Rank.TWO, Suit.CLUBS)})
    for _ in range(40):
        player = rnd.randrange(-1, n + 1)
        yield PlayCard(
            player,
            rnd.choice(cards),
            rnd.choice((None, None, *Suit)),
            rnd.random() < 0.2,
            rnd.choice((None, None, 0, 1)),
        )
        yield rnd.choice((Draw, Pass, TakePenalty, Announce))(player)
        yield CallOut(player, rnd.randrange(n))


def scramble(state: Any, viewer: int, rnd: random.Random) -> SheddingState:
    """Re-deal every card ``viewer`` cannot see: other hands (until the round is over: then
    every hand is shown), the stock, the cards others drew (in the events), and the RNG."""
    assert isinstance(state, SheddingState)
    from cardgames.rng import Rng

    hidden_seats = [
        seat for seat in range(len(state.players)) if seat != viewer and not state.is_over
    ]
    pool = list(state.stock)
    for seat in hidden_seats:
        pool.extend(state.hands[seat])
    rnd.shuffle(pool)
    hands = list(state.hands)
    for seat in hidden_seats:
        size = len(hands[seat])
        hands[seat], pool = tuple(pool[:size]), pool[size:]
    every = sorted(set(state.all_cards()))
    events = []
    for record in state._raw_events:
        if record[0] is CardsDrawn and record[1] != viewer:
            kind, seat, count, reason, _ = record
            record = (kind, seat, count, reason, tuple(rnd.choice(every) for _ in range(count)))
        events.append(record)
    drawn = state.drawn
    if drawn is not None and state.current != viewer:
        drawn = hands[state.current][-1]
    return state._evolve(
        hands=tuple(hands),
        stock=tuple(pool),
        rng=Rng.from_seed(rnd.randrange(2**64)),
        raw_events=tuple(events),
        drawn=drawn,
    )


def shedding_subject(game: Game[Any], most_players: int = 8) -> Subject:
    return Subject(
        game=game,
        rules=rules_strategy(game),
        players=players_strategy(game, most_players),
        candidate_moves=candidate_moves,
        scramble=scramble,
        max_moves=lambda rules: int(rules.max_moves),
    )
