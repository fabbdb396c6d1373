"""The shared conformance suite: the contract of `cardgames.game`, checked on any game.

A game plugs in with a `Subject` (how to draw rules and player counts, which candidate moves to
try, how to re-deal what a player cannot see) and a test class::

    class TestMyGame(ConformanceSuite):
        subject = Subject(...)

Every check runs under hypothesis over the subject's rules (presets and random option
combinations), player counts and seeds, along random playouts:

- legal moves are non-empty until the game is over, come in a stable order, and every one of
  them applies; `to_act` lists exactly the seats that have moves;
- moves that are not legal raise `IllegalMoveError` and change nothing;
- cards are conserved (no card created, lost or duplicated);
- games end within the subject's move bound;
- the same seed and moves give equal states;
- states, moves, views and rules round-trip through JSON to equal values, and pickling too;
- the notation round-trips (``parse_move(format_move(m)) == m``);
- a view never depends on what its player has not seen (re-dealing the hidden cards and the RNG
  leaves it unchanged), and never contains the RNG state.
"""

from __future__ import annotations

import json
import pickle
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, ClassVar

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardgames import IllegalMoveError, InvalidStateError, Move, State
from cardgames.game import Event, Game, Outcome

AnyState = State[Any, Any, Any]


@dataclass(frozen=True)
class Subject:
    """A game under test.

    Attributes:
        game: Its descriptor.
        rules: Draws rules (presets and random combinations of options).
        players: Draws a number of players that fits the drawn rules.
        candidate_moves: Moves to try on a state, legal or not (a superset of the legal ones
            is best: the suite checks that exactly the legal ones apply).
        scramble: Re-deals everything ``player`` has not seen (other hands, the stock, the
            RNG) at random, keeping what they have seen; the view must not change.
        max_moves: No game may last longer than this many moves.
    """

    game: Game[Any]
    rules: st.SearchStrategy[Any]
    players: Callable[[Any], st.SearchStrategy[int]]
    candidate_moves: Callable[[AnyState], Iterable[Move]]
    scramble: Callable[[AnyState, int, random.Random], AnyState] | None
    max_moves: Callable[[Any], int]


def playout(
    subject: Subject, rules: Any, players: int, seed: int, chooser: random.Random
) -> list[AnyState]:
    """Play a random game and return every state from the deal to the end."""
    state = subject.game.new_game(players, seed=seed, rules=rules)
    states = [state]
    bound = subject.max_moves(rules)
    while not state.is_over:
        moves = state.legal_moves()
        assert moves, f"no legal move in a state that is not over: {state!r}"
        state = state.apply(moves[chooser.randrange(len(moves))])
        states.append(state)
        assert len(states) <= bound + 1, f"the game did not end within {bound} moves"
    return states


@st.composite
def games_drawn(draw: st.DrawFn, subject: Subject) -> tuple[Any, int, int, int]:
    rules = draw(subject.rules)
    players = draw(subject.players(rules))
    seed = draw(st.integers(min_value=-(2**64) + 1, max_value=2**64 - 1))  # what new_game takes
    choice_seed = draw(st.integers(min_value=0, max_value=2**32))
    return rules, players, seed, choice_seed


SETTINGS = settings(
    max_examples=25,
    deadline=None,
    # Each game subclasses the suite, so the same test methods run for several subjects.
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.differing_executors,
    ],
)


def _snapshot(state: AnyState) -> str:
    return state.to_json()


class ConformanceSuite:
    """The checks; subclass with ``subject`` set (the class name must start with ``Test``)."""

    subject: ClassVar[Subject]

    @SETTINGS
    @given(data=st.data())
    def test_playout_invariants(self, data: st.DataObject) -> None:
        rules, players, seed, choice_seed = data.draw(games_drawn(self.subject))
        states = playout(self.subject, rules, players, seed, random.Random(choice_seed))
        cards = states[0].all_cards()
        assert cards == tuple(sorted(cards)), "all_cards() must be sorted"
        for state in states:
            assert state.all_cards() == cards, "a card was created, lost or duplicated"
            # The engine's own invariant checker, the one every loader runs.
            self.subject.game.check_state(state)
            to_act = state.to_act
            if state.is_over:
                assert to_act == ()
                assert not state.legal_moves()
                outcome = state.outcome()
                assert isinstance(outcome, Outcome)
                assert outcome.winners, "a finished game has winners"
                assert all(0 <= w < players for w in outcome.winners)
                assert len(outcome.scores) == players
            else:
                assert state.outcome() is None
                assert to_act, "someone may act while the game is not over"
                assert len(set(to_act)) == len(to_act)
                combined: list[Move] = []
                for seat in to_act:
                    own = state.legal_moves(seat)
                    assert own, f"seat {seat} is in to_act but has no move"
                    assert all(m.player == seat for m in own)
                    combined.extend(own)
                assert tuple(state.legal_moves()) == tuple(combined)
                assert tuple(state.legal_moves()) == tuple(state.legal_moves())
                for seat in range(players):
                    if seat not in to_act:
                        assert not state.legal_moves(seat)
            for event in state.last_events:
                assert isinstance(event, Event)

    @SETTINGS
    @given(data=st.data())
    def test_every_legal_move_applies_and_others_raise(self, data: st.DataObject) -> None:
        rules, players, seed, choice_seed = data.draw(games_drawn(self.subject))
        chooser = random.Random(choice_seed)
        states = playout(self.subject, rules, players, seed, chooser)
        # Check a sample of positions thoroughly (all of them would be slow).
        for state in chooser.sample(states, min(len(states), 12)):
            before = _snapshot(state)
            legal = state.legal_moves()
            for move in legal:
                after = state.apply(move)
                assert isinstance(after, type(state))
            for move in self.subject.candidate_moves(state):
                if move in legal:
                    state.apply(move)
                    continue
                with pytest.raises(IllegalMoveError) as info:
                    state.apply(move)
                assert info.value.reason, "an illegal move needs a machine-readable reason"
                assert info.value.move == move
            for junk in (None, "draw", 3, object()):
                with pytest.raises(IllegalMoveError):
                    state.apply(junk)
            assert _snapshot(state) == before, "a refused move changed the state"

    @SETTINGS
    @given(data=st.data())
    def test_replay_is_deterministic(self, data: st.DataObject) -> None:
        rules, players, seed, choice_seed = data.draw(games_drawn(self.subject))
        first = playout(self.subject, rules, players, seed, random.Random(choice_seed))
        second = playout(self.subject, rules, players, seed, random.Random(choice_seed))
        assert first == second
        assert [s.to_json() for s in first] == [s.to_json() for s in second]
        # Replaying the moves (not the chooser) gives the same states too.
        state = self.subject.game.new_game(players, seed=seed, rules=rules)
        for expected in first[1:]:
            moves = state.legal_moves()
            match = [m for m in moves if state.apply(m) == expected]
            assert match, "a successor state could not be reached again"
            state = state.apply(match[0])
        assert state == first[-1]

    @SETTINGS
    @given(data=st.data())
    def test_serialization_round_trips(self, data: st.DataObject) -> None:
        rules, players, seed, choice_seed = data.draw(games_drawn(self.subject))
        chooser = random.Random(choice_seed)
        states = playout(self.subject, rules, players, seed, chooser)
        game = self.subject.game
        assert game.rules_from_json(rules.to_json()) == rules
        for state in chooser.sample(states, min(len(states), 10)):
            text = state.to_json()
            json.loads(text)
            loaded = game.state_from_json(text)
            assert loaded == state
            assert hash(loaded) == hash(state)
            assert loaded.to_json() == text
            assert tuple(loaded.legal_moves()) == tuple(state.legal_moves())
            assert pickle.loads(pickle.dumps(state)) == state
            for move in state.legal_moves():
                assert game.move_from_json(game.move_to_json(move)) == move
                assert state.parse_move(state.format_move(move), move.player) == move
            for viewer in [None, *range(players)]:
                view = state.view(viewer)
                assert game.view_from_json(view.to_json()) == view

    @SETTINGS
    @given(data=st.data())
    def test_views_leak_nothing(self, data: st.DataObject) -> None:
        rules, players, seed, choice_seed = data.draw(games_drawn(self.subject))
        chooser = random.Random(choice_seed)
        states = playout(self.subject, rules, players, seed, chooser)
        scramble = self.subject.scramble
        for state in chooser.sample(states, min(len(states), 10)):
            rng_words = [str(w) for w in getattr(state, "rng").state]  # noqa: B009
            for viewer in [None, *range(players)]:
                view = state.view(viewer)
                text = view.to_json()
                for word in rng_words:
                    assert word not in text, "the RNG state leaked into a view"
                if viewer is not None:
                    assert tuple(view.legal_moves) == tuple(state.legal_moves(viewer))
                if scramble is None:
                    continue
                for _ in range(3):
                    other = scramble(state, -1 if viewer is None else viewer, chooser)
                    assert other.view(viewer) == view, (
                        "a view changed when only cards hidden from its player were re-dealt"
                    )


def check_rejects_tampering(game: Game[Any], state: AnyState, edit: Callable[[Any], None]) -> str:
    """Apply ``edit`` to the JSON of ``state`` and return the error message of loading it."""
    document = json.loads(state.to_json())
    edit(document)
    with pytest.raises(InvalidStateError) as info:
        game.state_from_json(json.dumps(document))
    return str(info.value)
