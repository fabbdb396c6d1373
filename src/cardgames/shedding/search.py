"""The shedding games' default policy for information-set search (their ``search_policy``).

`cardgames.agents.ismcts` describes the search and this policy, a casual player (read its
module text): lay a card rather than draw, keep wild cards, lay the card worth the most points,
of the suit held most, always announce; ties drawn at random. `SheddingPolicy` also plays the
playouts to the end with the engine's own types.

The binary wheels compile this module with mypyc (see ``hatch_build.py``), like the engine and
the search loop (`cardgames.agents._search`), so it holds only plain typed classes and
functions.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from cardgames.agents._search import Draws, Policy, interrupt
from cardgames.cards import Card
from cardgames.game import Move, State
from cardgames.shedding.engine import SheddingState
from cardgames.shedding.moves import Announce, PlayCard
from cardgames.shedding.rules import SheddingRules
from cardgames.shedding.scoring import points_table

__all__ = ["SheddingPolicy", "search_policy"]

AnyState = State[Any, Any, Any]


class SheddingPolicy(Policy):
    """A casual player of the shedding games (see `cardgames.agents.ismcts`)."""

    def __init__(self, rules: SheddingRules) -> None:
        wild = [rules.effects.for_card(Card.from_code(code)).wild for code in range(53)]
        self.wild = wild
        self.points = points_table(rules)
        # The slot of `preferred`'s suit counts that a card in hand adds to: its suit, or
        # _UNCOUNTED for a wild card or the joker. _NO_SUIT's count stays 0.
        self.counted: list[int] = []
        for code in range(53):
            suit = Card.from_code(code).suit
            self.counted.append(_UNCOUNTED if suit is None or wild[code] else int(suit))
        # What `preferred` reads of a move, by the move's id (the entry keeps the move alive,
        # so its id is not reused while the policy lives).
        self.keys: dict[int, _MoveKey] = {}

    def preferred(self, state: AnyState, moves: Sequence[Move]) -> tuple[Move, ...]:
        """The best moves by (lay a card, not wild, points, suit held most, announce)."""
        assert isinstance(state, SheddingState)
        counted = self.counted
        counts = [0, 0, 0, 0, 0, 0]
        for card in state.hands[moves[0].player]:
            counts[counted[card]] += 1
        keys = self.keys
        best: list[Move] = []
        # The key (kind, points, held, announce), compared in that order; no move is below it.
        best_kind = -1
        best_points = best_held = best_announce = 0
        for move in moves:
            key = keys.get(id(move))
            if key is None:
                key = self._key(move)
                keys[id(move)] = key
            kind = key.kind
            value = key.points
            held = counts[key.suit]
            announce = key.announce
            if kind != best_kind:
                better = kind > best_kind
            elif value != best_points:
                better = value > best_points
            elif held != best_held:
                better = held > best_held
            elif announce != best_announce:
                better = announce > best_announce
            else:
                best.append(move)
                continue
            if better:
                best_kind, best_points, best_held, best_announce = kind, value, held, announce
                best = [move]
        return tuple(best)

    def play_out(self, state: AnyState, rng: Draws) -> AnyState:
        """Play to the end (`cardgames.agents._search.play_out`, typed for the engine)."""
        assert isinstance(state, SheddingState)
        while not state.is_over:
            if len(state.to_act) > 1:
                interrupted = interrupt(state, self, rng)
                assert isinstance(interrupted, SheddingState)
                state = interrupted
                continue
            moves = state.legal_moves()
            if len(moves) == 1:
                state = state.apply(moves[0])
                continue
            move = self.choose(state, moves, rng)
            state = state.apply(move)
        return state

    def _key(self, move: Move) -> _MoveKey:
        """What `preferred` compares of ``move``, but the count of the suit held."""
        if type(move) is PlayCard:
            assert isinstance(move, PlayCard)
            card = move.card
            if self.wild[card]:
                named = move.suit
                kind = 1
            else:
                named = card.suit
                kind = 2
            suit = _NO_SUIT if named is None else int(named)
            return _MoveKey(move, kind, self.points[card], suit, 1 if move.announce else 0)
        if type(move) is Announce:
            return _MoveKey(move, 3, 0, _NO_SUIT, 1)  # "carte !" comes before anything else
        return _MoveKey(move, 0, 0, _NO_SUIT, 0)


_UNCOUNTED: Final = 4
_NO_SUIT: Final = 5


class _MoveKey:
    """A move's key for `SheddingPolicy.preferred`: kind, points, suit slot, announce."""

    def __init__(self, move: Move, kind: int, points: int, suit: int, announce: int) -> None:
        self.move = move
        self.kind = kind
        self.points = points
        self.suit = suit
        self.announce = announce


_POLICIES: dict[SheddingRules, SheddingPolicy] = {}
_MOST_POLICIES: Final = 64  # a few rules per program; never an unbounded cache
_MOST_KEYS: Final = 1 << 14  # moves whose keys a policy keeps (far more than any rules have)


def search_policy(state: AnyState) -> SheddingPolicy:
    """The search's default policy for the shedding game of ``state`` (``search_policy``).

    It is kept per rules (equal rules, equal policy), so that the keys it reads of the moves
    are computed once, not at every decision.
    """
    assert isinstance(state, SheddingState)
    rules = state.rules
    policy = _POLICIES.get(rules)
    if policy is None or len(policy.keys) > _MOST_KEYS:
        if len(_POLICIES) >= _MOST_POLICIES:
            _POLICIES.clear()
        policy = SheddingPolicy(rules)
        _POLICIES[rules] = policy
    return policy
