"""The end-of-round reveal: a view of a finished shedding round shows every hand.

At a real table the players lay their cards face up to count the points. A view of a round still
in play shows the viewer's hand only (``hands`` is ``None``); once it is over, every seat's view
and the spectator's list every hand, sorted, by seat. The stock stays hidden. The view checker
and `sample_state` accept such views, and refuse hands shown too early or made up.
"""

from __future__ import annotations

import json

import attrs
import pytest

from cardgames import crazy_eights, huit_americain
from cardgames.cards import Card, parse_cards
from cardgames.errors import InvalidStateError
from cardgames.huit_americain import PRESETS, PlayCard
from cardgames.rng import Rng

C = Card.parse


def finished_round() -> huit_americain.State:
    """Two players "à deux", seven cards each: seat 0 goes out in one turn (10, J and 7 play
    again); seat 1 keeps the sample hand of the rule text."""
    rules = PRESETS["a-deux"].replace(dealer=1, hand_size=7)
    first = parse_cards("10H JH 7H 7C JC 10C 4C")
    second = parse_cards("JOKER 8H 2S 2H AC KD 10S")
    rest = [c for c in huit_americain.GAME.new_game(2, seed=0, rules=rules).all_cards()]
    for card in (*first, *second, C("5H")):
        rest.remove(card)
    deck = [card for pair in zip(first, second, strict=True) for card in pair]
    state = huit_americain.new_game(2, seed=0, rules=rules, deck=[*deck, C("5H"), *rest])
    for text in ("10H", "JH", "7H", "7C", "JC"):
        state = state.apply(PlayCard(0, C(text)))
    state = state.apply(PlayCard(0, C("10C"), announce=True))
    before = state
    state = state.apply(PlayCard(0, C("4C")))
    assert before.view(0).hands is None
    assert before.view(None).hands is None
    assert state.is_over
    return state


def test_every_view_of_a_finished_round_shows_every_hand() -> None:
    state = finished_round()
    sample = tuple(sorted(parse_cards("JOKER 8H 2S 2H AC KD 10S")))
    for viewer in (None, 0, 1):
        view = state.view(viewer)
        assert view.hands == ((), sample), viewer
        assert view.hand_sizes == (0, 7)
        assert view.stock_size == len(state.stock)
        text = view.to_json()
        assert json.loads(text)["data"]["hands"][1] == [str(c) for c in sample]
        assert str(state.stock[0]) not in json.dumps(json.loads(text)["data"]["hands"])
        # A loaded view is checked, then a state sampled from it shows the same view.
        loaded = huit_americain.GAME.view_from_json(text)
        assert loaded == view
        huit_americain.GAME.check_view(view)
        again = huit_americain.GAME.sample_state(view, Rng.from_seed(5))
        assert again.hands == ((), sample)
        assert again.view(viewer) == view


def test_views_of_a_round_in_play_show_no_other_hand() -> None:
    state = crazy_eights.new_game(["Léa", "Tom", "Sam"], seed=4)
    for _ in range(10):
        state = state.apply(state.legal_moves()[0])
        assert not state.is_over
        assert all(state.view(viewer).hands is None for viewer in (None, 0, 1, 2))


def test_the_view_checker_refuses_hands_shown_too_early_or_made_up() -> None:
    running = crazy_eights.new_game(3, seed=4)
    early = attrs.evolve(running.view(0), hands=tuple(tuple(sorted(h)) for h in running.hands))
    with pytest.raises(InvalidStateError) as info:
        crazy_eights.GAME.check_view(early)
    assert info.value.path == "/data/hands"
    view = finished_round().view(1)
    assert view.hands is not None
    cases = {
        "/data/hands": attrs.evolve(view, hands=view.hands[:1]),
        "/data/hands/1": attrs.evolve(view, hands=((), view.hands[1][:-1])),
        "/data/hands/0": attrs.evolve(view, hands=((C("3C"),), view.hands[1])),
    }
    unsorted = ((), tuple(reversed(view.hands[1])))
    cases["/data/hands/1 "] = attrs.evolve(view, hands=unsorted)
    missing = attrs.evolve(view, hands=None)
    cases["/data/hands  "] = missing
    for path, bad in cases.items():
        with pytest.raises(InvalidStateError) as info:
            huit_americain.GAME.check_view(bad)
        assert info.value.path == path.strip(), path
    # Seat 1's joker (50 points) swapped for a card of the stock worth less: the hand is one the
    # position could hold, but the outcome (0, 145) is no longer what the engine computes.
    other = finished_round()
    hands = other.view(0).hands
    assert hands is not None
    assert hands[1][-1] == Card.JOKER
    stock_card = next(card for card in other.stock if card != Card.JOKER)
    made_up = (hands[0], tuple(sorted((*hands[1][:-1], stock_card))))
    with pytest.raises(InvalidStateError) as info:
        huit_americain.GAME.check_view(attrs.evolve(other.view(0), hands=made_up))
    assert info.value.path == "/data/outcome/scores"
