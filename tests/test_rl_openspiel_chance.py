"""The chance model of the OpenSpiel adapter: no seat can see through it (issue #29, break 3).

The adapter used to deal with one chance node of 65,536 seeds (``new_game(seed=outcome)``):
player 0's hand and starter matched exactly one of them, found by trying them all, and the seed
then gave player 1's hand and the stock order. Now every random event is a chance node, one a
card, with the cards still to place as outcomes, as in OpenSpiel's own card games. These tests
show that no chance node has an outcome set a seat could search, that the deals consistent
with what a seat knows are as many as the orders of the cards it has not seen, that twin
states (the same for a seat, other hidden cards) look the same to that seat, and that
resampling for ISMCTS gives states the chance nodes can reach.
"""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

from cardgames import find_game

pyspiel = pytest.importorskip(
    "pyspiel",
    reason="OpenSpiel (the rl extra) is not installed: its wheels exist for some Pythons only",
)

from cardgames.rl.openspiel import load_game  # noqa: E402  (after the skip: needs OpenSpiel)

GAMES = ("crazy-eights", "huit-americain", "planets")


def _choose(state: Any, rng: random.Random) -> int:
    """One chance outcome drawn with its probability (applied)."""
    outcomes = state.chance_outcomes()
    action: int = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
    state.apply_action(action)
    return action


def _check_uniform_over_cards(outcomes: list[tuple[int, float]], cards: list[int]) -> None:
    """The outcomes are the distinct cards still to place, each as likely as its copies."""
    assert [a for a, _ in outcomes] == sorted(set(cards))
    for action, probability in outcomes:
        assert probability == pytest.approx(cards.count(action) / len(cards))


def _placing(state: Any) -> bool:
    """Whether the chance node places a card of the deal."""
    return bool(state.is_chance_node() and state.engine_state is None and state.pending.items)


def _deal(game: Any, order: list[int]) -> Any:
    """The state after the deal placing ``order``'s card ids in turn (a wild starter goes to
    the bottom of the stock)."""
    state = game.new_initial_state()
    for action in order:
        if not _placing(state):
            break
        state.apply_action(action)
    while state.is_chance_node():  # a redrawn starter's place: the bottom of the stock
        state.apply_action(state.chance_outcomes()[-1][0])
    return state


def _card_ids(game: Any, cards: Any) -> list[int]:
    return sorted(game.setup.card_ids[card] for card in cards)


# -- the review's attack -------------------------------------------------------------------------


def test_the_deal_has_no_chance_node_a_seat_could_search() -> None:
    """The attack: before, the deal was one node of 2**16 seeds, and player 0's hand and
    starter matched one of them. Now no node has more outcomes than the deck has cards, and
    the deals that player 0 cannot tell apart are the orders of the 44 cards it has not seen:
    44! (about 2**180), each as likely as the real one."""
    game = load_game("crazy eights", players=2)
    assert game.max_chance_outcomes() == 52  # was 2**16: one outcome per seed
    state = game.new_initial_state()
    rng = random.Random(29)
    placed: list[tuple[list[tuple[int, float]], int]] = []
    while _placing(state):
        outcomes = state.chance_outcomes()
        placed.append((outcomes, _choose(state, rng)))
    while state.is_chance_node():  # a redrawn starter's place: not a card of the deal
        _choose(state, rng)
    engine = state.engine_state
    seen = set(_card_ids(game, (*engine.view(0).hand, *engine.discard)))
    assert len(seen) == 8  # 7 cards in hand and the starter (or the wild one put back)
    deck = list(range(52))
    consistent = 1
    for outcomes, chosen in placed:
        _check_uniform_over_cards(outcomes, deck)  # every card still to place, uniform
        deck.remove(chosen)
        if chosen not in seen:
            consistent *= sum(1 for a, _ in outcomes if a not in seen)
    assert len(placed) == 51  # the last card follows from the others
    assert consistent == math.factorial(44)
    assert consistent > 2**180


def test_twin_deals_differ_only_in_what_the_seat_cannot_see() -> None:
    """Two deals that swap a card of player 1 with a card of the stock: player 0's strings and
    tensors are equal, player 1's are not."""
    game = load_game("crazy eights", players=2)
    descriptor = find_game("crazy eights")
    deck = sorted(descriptor.new_game(2, seed=0).all_cards())
    order = [game.setup.card_ids[card] for card in deck]  # ids 0..51, the sorted deck
    a = _deal(game, order)
    # Seat 1, after the dealer, gets the 1st, 3rd ... card; the 15th is the starter; the
    # stock the rest. The twin gives seat 1 the 31st card and puts its first one in the stock.
    twin = list(order)
    twin[0], twin[30] = twin[30], twin[0]
    b = _deal(game, twin)
    assert a.engine_state.view(1).hand != b.engine_state.view(1).hand
    assert a.engine_state.stock != b.engine_state.stock
    _check_twins(a, b, seat=0)
    assert a.information_state_string(1) != b.information_state_string(1)


def _check_twins(a: Any, b: Any, seat: int) -> None:
    assert a.information_state_string(seat) == b.information_state_string(seat)
    assert a.observation_string(seat) == b.observation_string(seat)
    assert a.information_state_tensor(seat) == b.information_state_tensor(seat)
    assert a.observation_tensor(seat) == b.observation_tensor(seat)
    assert a.current_player() == b.current_player()
    if a.is_chance_node():  # a reshuffle: its cards are the public discard pile
        assert a.chance_outcomes() == b.chance_outcomes()
    elif a.current_player() == seat:
        assert a.legal_actions() == b.legal_actions()


@pytest.mark.parametrize(
    ("name", "preset"),
    [(n, None) for n in GAMES]
    + [
        ("crazy-eights", "draw-until-playable"),
    ],
)
def test_twin_states_look_the_same_to_the_seat_all_game(name: str, preset: str | None) -> None:
    """Deals that differ by a swap of two cards the seat does not see, played on with the same
    actions while the seat's view stays the same: its strings and tensors stay equal, and
    every chance node (the reshuffles) has the same outcomes, uniform over the cards it
    places."""
    game = load_game(name, players=2, rules=preset)
    rng = random.Random(5)
    compared = 0
    for _ in range(6):
        first = game.new_initial_state()
        order: list[int] = []
        while _placing(first):
            order.append(_choose(first, rng))
        full = _full_order(game, order)
        twin = _swap_hidden(game, full, seat=0, rng=rng)
        if twin is None:
            continue
        a, b = _deal(game, full), _deal(game, twin)
        moves = random.Random(rng.random())
        while not a.is_terminal() and not b.is_terminal():
            if a.engine_state.view(0) != b.engine_state.view(0):
                break  # seat 0 saw one of the swapped cards: no longer twins for it
            _check_twins(a, b, seat=0)
            compared += 1
            if a.is_chance_node():
                outcomes = a.chance_outcomes()
                pending = a.pending
                if pending.items is not None:
                    _check_uniform_over_cards(outcomes, list(pending.items))
                action = moves.choice([x for x, _ in outcomes])
            else:
                legal = a.legal_actions()
                if legal != b.legal_actions():
                    break  # the other seat's different cards allow different moves
                action = moves.choice(legal)
            a.apply_action(action)
            b.apply_action(action)
    assert compared > 20


def _full_order(game: Any, placed: list[int]) -> list[int]:
    """The deck's whole order from the ids placed at the deal's chance nodes (the rest alike)."""
    rest = sorted(game.setup.card_ids[card] for card in _all_cards(game))
    for card in placed:
        rest.remove(card)
    return placed + rest


def _all_cards(game: Any) -> Any:
    setup = game.setup
    return setup.game.new_game(setup.players, seed=0, rules=setup.rules).all_cards()


def _swap_hidden(game: Any, order: list[int], seat: int, rng: random.Random) -> list[int] | None:
    """``order`` with two different cards swapped that ``seat`` does not see after the deal,
    such that another seat's hand changes; None if no try finds one."""
    base = _deal(game, order).engine_state
    for _ in range(40):
        i, j = sorted(rng.sample(range(len(order)), 2))
        if order[i] == order[j]:
            continue
        twin = list(order)
        twin[i], twin[j] = twin[j], twin[i]
        other = _deal(game, twin).engine_state
        if other.view(seat) == base.view(seat) and other != base:
            return twin
    return None


# -- resampling ----------------------------------------------------------------------------------


def test_a_sample_after_the_deal_is_a_deal_of_the_chance_nodes() -> None:
    """``resample_from_infostate`` right after the deal gives hands and a stock that a history
    of chance outcomes deals: replaying that history gives the same cards everywhere."""
    game = load_game("crazy eights", players=3)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    rng = random.Random(8)
    for _ in range(5):
        state = game.new_initial_state()
        while state.is_chance_node():
            _choose(state, rng)
        seat = state.current_player()
        assert state.engine_state.moves_played == 0
        sample = state.resample_from_infostate(seat, sampler).engine_state
        n = len(sample.players)
        first = (sample.rules.dealer + 1) % n
        hands = sample.hands
        dealt = [hands[(first + k) % n][k // n] for k in range(sum(map(len, hands)))]
        order = [*dealt, *sample.discard, *sample.stock]
        replayed = _deal(game, [game.setup.card_ids[card] for card in order]).engine_state
        assert [sorted(hand) for hand in replayed.hands] == [sorted(hand) for hand in hands]
        if replayed.discard == sample.discard:  # no starter was redrawn in the real deal
            assert replayed.stock == sample.stock


@pytest.mark.parametrize(
    ("name", "preset"), [("crazy-eights", "draw-until-playable"), ("planets", None)]
)
def test_a_samples_random_events_are_chance_nodes(name: str, preset: str | None) -> None:
    """The sample draws nothing from a seed: its reshuffles and steals wait for chance outcomes."""
    game = load_game(name, players=2, rules=preset)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    rng = random.Random(4)
    draws = 0
    for _ in range(4):
        state = game.new_initial_state()
        while state.is_chance_node():
            _choose(state, rng)
        sample = state.resample_from_infostate(state.current_player(), sampler)
        while not sample.is_terminal():
            if sample.is_chance_node():
                assert sample.pending is not None
                assert sample.pending.action is not None  # a move waits: no deal
                draws += 1
                _choose(sample, rng)
            else:
                sample.apply_action(rng.choice(sample.legal_actions()))
    assert draws > 0


def test_a_reshuffle_orders_the_discard_pile_card_by_card() -> None:
    """A draw that empties the stock waits for one chance node a card of the discard pile but
    its top; the cards drawn after it, then the stock, come in the order the outcomes chose."""
    game = load_game("crazy eights", players=2, rules="draw-until-playable")
    rng = random.Random(6)
    found = 0
    while found < 3:
        state = game.new_initial_state()
        while not state.is_terminal():
            if not state.is_chance_node():
                state.apply_action(rng.choice(state.legal_actions()))
                continue
            if state.engine_state is None:
                _choose(state, rng)
                continue
            found += 1
            before = state.engine_state
            seat = state.pending.seat
            reshuffled = _card_ids(game, before.discard[:-1])
            assert list(state.pending.items) == reshuffled
            assert str(state.action_to_string(pyspiel.PlayerId.CHANCE, reshuffled[0])).startswith(
                "reshuffle "
            )
            order = sorted(set(reshuffled), reverse=True)  # distinct cards: one node each
            assert len(order) == len(reshuffled)
            for placed, card in enumerate(order[:-1]):
                _check_uniform_over_cards(state.chance_outcomes(), sorted(order[placed:]))
                state.apply_action(card)
            after = state.engine_state
            assert not state.is_chance_node()
            cards = [game.setup.cards[i] for i in order]
            taken = len(cards) - len(after.stock)
            assert taken > 0
            assert after.stock == tuple(cards[taken:])  # the rest of the order, in order
            held = [*after.view(seat).hand, *after.discard]
            assert all(card in held for card in cards[:taken])  # drawn first, in hand or played
            break


def test_chance_outcomes_refused_when_not_offered() -> None:
    game = load_game("planets", players=2)
    state = game.new_initial_state()
    with pytest.raises(ValueError, match="card still to place"):
        state.apply_action(game.max_chance_outcomes() + 5)
    assert state.chance_outcomes()[0][0] == 0
    assert str(state) == str(game.new_initial_state())  # nothing changed
