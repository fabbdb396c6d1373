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
from cardgames.testing import Hooks, check_game

_FACES_52 = tuple(r.letter for r in Rank)
_FACES_32 = tuple(r.letter for r in Rank if r >= Rank.SEVEN)


def draw_effects(rnd: random.Random, deck: DeckKind) -> Effects:
    """A random table of card effects for ``deck`` (up to 6 faces, jokers wild if any)."""
    faces = _FACES_32 if deck is DeckKind.PIQUET_32 else _FACES_52
    chosen = rnd.sample(faces, rnd.randint(0, 6))
    table: dict[str, Effect] = {}
    for face in chosen:
        if rnd.randint(0, 5) == 0 and rnd.random() < 0.5:
            table[face] = Effect(again=True, wild=rnd.random() < 0.5, swap=rnd.random() < 0.5)
            continue
        choose = rnd.randint(0, 8) == 0
        table[face] = Effect(
            wild=rnd.randint(0, 4) == 0,
            draw=rnd.choice((0, 0, 0, 1, 2, 4)),
            skip=False if choose else rnd.randint(0, 4) == 0,
            reverse=rnd.randint(0, 4) == 0,
            swap=rnd.randint(0, 8) == 0,
            choose=choose,
        )
    if deck is DeckKind.JOKERS_54:
        table["JOKER"] = Effect(wild=True, draw=rnd.choice((0, 2, 5)))
    return Effects(table)


def draw_rules(rnd: random.Random, rules_type: type[SheddingRules]) -> SheddingRules:
    """Random combinations of every option, effects tables included (caps of 40 to 400 moves
    keep the playouts short); `random_rules` and the conformance kit's rules hook draw them.
    """
    deck = rnd.choice(list(DeckKind))
    return rules_type(
        deck=deck,
        decks=rnd.choice((None, None, 1, 2, 3, 4)),
        cards_per_player=rnd.randint(6, 14),
        hand_size=rnd.randint(1, 8),
        hand_size_two_players=rnd.choice((None, 5, 3)),
        dealer=rnd.randint(0, 1),
        effects=draw_effects(rnd, deck),
        stacking=rnd.choice(list(Stacking)),
        penalty_ends_turn=rnd.random() < 0.5,
        draw_until_playable=rnd.random() < 0.5,
        after_draw=rnd.choice(list(AfterDraw)),
        draw_when_playable=rnd.random() < 0.5,
        announce_penalty=rnd.choice((0, 1, 2, 2, 3)),
        two_players_again=rnd.random() < 0.5,
        jump_in=rnd.random() < 0.5,
        jump_in_window=rnd.choice(list(JumpInWindow)),
        starter=rnd.choice(list(Starter)),
        starter_effects=rnd.random() < 0.5,
        scoring=rnd.choice(list(Scoring)),
        max_moves=rnd.randint(40, 400),
    )


def random_rules(rules_type: type[SheddingRules]) -> st.SearchStrategy[SheddingRules]:
    return st.builds(draw_rules, st.randoms(use_true_random=False), st.just(rules_type))


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


def shedding_hooks(game: Game[Any]) -> Hooks:
    """What the conformance kit adds for the shedding games: random effects tables, moves
    with one field changed, and a re-deal of what a seat has not seen written for the engine.
    """
    return Hooks(
        rules=lambda rnd: draw_rules(rnd, game.rules_type),
        candidate_moves=candidate_moves,
        scramble=lambda state, viewer, rnd: scramble(state, -1 if viewer is None else viewer, rnd),
    )


def check_shedding_game(
    game: Game[Any], seed: int, players: range | None = None, *, hooks: bool = True
) -> None:
    """Five games of ``game`` through the conformance kit, from ``seed``, with the hooks above
    (or without: what the kit does from the descriptor alone) and the rules' own move cap as the
    bound on a round's length."""
    check_game(
        game,
        seed=seed,
        examples=5,
        players=players,
        max_moves=lambda rules: int(rules.max_moves),
        hooks=shedding_hooks(game) if hooks else None,
    )
