"""The hot loop of the ISMCTS agent: tree, selection, expansion, playouts and back-propagation.

This module implements what `cardgames.agents.ismcts` describes (read its module text): the
search tree's nodes, one iteration (select, expand, play out, back-propagate), the default
policies and the deterministic logarithm of UCB1. `ISMCTSAgent` (an attrs class, in the
interpreted module) calls `grow` once per decision.

The binary wheels compile this module with mypyc (see ``hatch_build.py``), like the shedding
engine, so it holds only plain typed classes and functions: no attrs class, no decorator. A
playout of a shedding game then calls the compiled engine's methods directly. The results are
the same bit for bit as interpreted: the search uses integers, the four operations of IEEE 754
doubles and `math.sqrt` only (the wheels are compiled without contracting a multiplication and
an addition into one fused operation, which would round once instead of twice).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any, Final

from cardgames._xoshiro import Stream
from cardgames.game import Game, Move, Outcome, State, View
from cardgames.rng import _COMPILED_LOOP, Rng, _make

__all__ = ["Draws", "Node", "Policy", "grow", "interrupt", "play_out", "random_policy"]

AnyState = State[Any, Any, Any]


class Draws:
    """The search's random stream: an `Rng` threaded through, drawn from in place.

    Where `cardgames._xoshiro` is compiled, the draws are made on a `Stream` (no `Rng` built
    per draw); otherwise on the `Rng` itself, whose big-integer code is then the faster. Both
    draw the very same numbers.
    """

    def __init__(self, rng: Rng, fast: bool = _COMPILED_LOOP) -> None:
        self.rng = rng
        self.stream: Stream | None = Stream(*rng.state) if fast else None

    def below(self, n: int) -> int:
        """`Rng.below` (``1 <= n``, far below 2**30: the moves of one player)."""
        stream = self.stream
        if stream is not None:
            return stream.below(n)
        value, self.rng = self.rng._below(n)
        return value

    def split(self) -> Rng:
        """`Rng.split`: advance this stream, return the child."""
        stream = self.stream
        if stream is not None:
            s0, s1, s2, s3 = stream.split()
            return _make(s0, s1, s2, s3)
        self.rng, child = self.rng.split()
        return child

    def result(self) -> Rng:
        """The `Rng` after every draw made."""
        stream = self.stream
        if stream is not None:
            s0, s1, s2, s3 = stream.words()
            return _make(s0, s1, s2, s3)
        return self.rng


class Node:
    """A node of the search tree: the information set reached by a move.

    ``reward`` sums the rewards of ``player``, the seat that made the move leading here.
    """

    def __init__(self, player: int) -> None:
        self.player = player
        self.children: dict[Move, Node] = {}
        self.visits = 0
        self.availability = 0
        self.reward = 0.0

    def key(self) -> tuple[int, float]:
        """How good the move leading here looks: (visits, mean reward)."""
        if not self.visits:
            return (0, 0.0)
        return (self.visits, self.reward / self.visits)


def grow(
    game: Game[Any],
    view: View,
    root_moves: tuple[Move, ...],
    iterations: int,
    exploration: float,
    rng: Rng,
    sampler: Callable[[Rng], AnyState] | None = None,
    policy_for: Callable[[AnyState], Policy] | None = None,
) -> tuple[Node, tuple[Move, ...], Rng]:
    """Grow a tree over ``iterations`` determinizations of ``view``.

    Each determinization is ``game.sample_state(view, child)``, or ``sampler(child)`` when a
    sampler is given (the belief-aware one of `cardgames.infostate.InfoState`), for a child
    stream ``child`` split off ``rng``: the same draws either way. ``policy_for`` makes the
    default policy from the first determinization (the game's ``search_policy``; default:
    `random_policy`).

    Returns:
        The root, the root moves the default policy would choose among, and the advanced
        ``rng``.
    """
    root = Node(-1)
    policy: Policy | None = None
    preferred = root_moves
    draws = Draws(rng)
    for _ in range(iterations):
        sample_rng = draws.split()
        state: AnyState = (
            game.sample_state(view, sample_rng) if sampler is None else sampler(sample_rng)
        )
        if policy is None:
            policy = random_policy(state) if policy_for is None else policy_for(state)
            preferred = policy.preferred(state, root_moves)
        _iterate(root, root_moves, state, policy, exploration, draws)
    return root, preferred, draws.result()


def _iterate(
    root: Node,
    root_moves: tuple[Move, ...],
    state: AnyState,
    policy: Policy,
    exploration: float,
    rng: Draws,
) -> None:
    """One iteration: select, expand, play out and back-propagate in one determinization."""
    node = root
    path: list[Node] = []
    moves: Sequence[Move] = root_moves
    while True:
        children = node.children
        untried: list[Move] = []
        for move in moves:
            found = children.get(move)
            if found is None:
                untried.append(move)
            else:
                found.availability += 1
        if untried:
            move = policy.choose(state, untried, rng)
            child = Node(move.player)
            child.availability = 1
            children[move] = child
            path.append(child)
            state = state.apply(move)
            break
        best_move = moves[0]
        best_value = -math.inf
        for move in moves:
            child = children[move]
            visits = child.visits
            value = child.reward / visits + exploration * math.sqrt(
                _ln(child.availability) / visits
            )
            if value > best_value:
                best_move, best_value = move, value
        node = children[best_move]
        path.append(node)
        state = state.apply(best_move)
        state = interrupt(state, policy, rng)
        if state.is_over:
            break
        moves = state.legal_moves()  # one seat acts once the interruptions are done
    state = policy.play_out(state, rng)
    outcome = state.outcome()
    assert outcome is not None
    rewards = rewards_of(outcome, len(state.players))
    root.visits += 1
    for node in path:
        node.visits += 1
        node.reward += rewards[node.player]


_LN2: Final = 0.6931471805599453
_SQRT_HALF: Final = 0.7071067811865476
_LN_CACHED: Final = 1 << 16
_ln_cache: list[float] = [-1.0]  # _ln(n) at index n once computed, -1.0 until then


def _ln(n: int) -> float:
    """The natural logarithm of a count ``n >= 1``, the same on every Python and platform.

    `math.log` calls the platform's C library, whose last bit may differ from one library to
    another; this uses only `math.frexp` (exact) and the four operations of IEEE 754 doubles
    (correctly rounded everywhere), in a fixed order: ``n = f * 2**e`` with ``f`` in
    ``[sqrt(1/2), sqrt(2))``, and ``ln f = 2 atanh(s)``, ``s = (f - 1) / (f + 1)``, summed as a
    series from its smallest term. It is within one unit in the last place of the exact value.
    Results below ``2**16`` are kept.

    Examples:
        >>> _ln(1), _ln(2) == _LN2
        (0.0, True)
        >>> import math
        >>> all(abs(_ln(n) - math.log(n)) <= math.ulp(math.log(n)) for n in range(1, 5000))
        True
    """
    cache = _ln_cache
    if n < len(cache):
        value = cache[n]
        if value >= 0.0:  # computed before
            return value
    value = _ln_series(n)
    if n < _LN_CACHED:
        if n >= len(cache):
            cache.extend([-1.0] * (n + 1 - len(cache)))
        cache[n] = value
    return value


def _ln_series(n: int) -> float:
    """`_ln` computed (see there)."""
    fraction, exponent = math.frexp(n)
    if fraction < _SQRT_HALF:
        fraction *= 2.0
        exponent -= 1
    s = (fraction - 1.0) / (fraction + 1.0)
    square = s * s
    terms: list[float] = []
    power = s
    k = 1
    while k < 64:
        term = power / k
        if abs(term) < 1e-20:  # below a thousandth of an ulp of the sum: the series is done
            break
        terms.append(term)
        power *= square
        k += 2
    total = 0.0
    for term in reversed(terms):
        total += term
    return exponent * _LN2 + 2.0 * total


def rewards_of(outcome: Outcome, players: int) -> list[float]:
    """Each seat's reward: 1 for a win, shared equally among tied winners, else 0.

    Examples:
        >>> from cardgames.game import Termination
        >>> rewards_of(Outcome(Termination.BLOCKED, (0, 2), (9, 0, 9)), 3)
        [0.5, 0.0, 0.5]
    """
    rewards = [0.0] * players
    winners = outcome.winners
    if winners:
        share = 1.0 / len(winners)
        for seat in winners:
            rewards[seat] = share
    return rewards


def interrupt(state: AnyState, policy: Policy, rng: Draws) -> AnyState:
    """Apply the out-of-turn moves of the simulated players (see `cardgames.agents.ismcts`).

    While seats other than the current player may move, the first of them in the driver's fair
    order (seat order starting after the current player) makes the move its policy prefers.
    """
    to_act: tuple[int, ...] = state.to_act
    while len(to_act) > 1:
        current = to_act[0]
        n = len(state.players)
        seat = to_act[1]
        distance = (seat - current) % n
        for other in to_act[2:]:
            if (other - current) % n < distance:
                seat, distance = other, (other - current) % n
        move = policy.choose(state, state.legal_moves(seat), rng)
        state = state.apply(move)
        to_act = state.to_act
    return state


def play_out(state: AnyState, policy: Policy, rng: Draws) -> AnyState:
    """Play to the end with the default policy (the game's move cap bounds the loop)."""
    while not state.is_over:
        if len(state.to_act) > 1:
            state = interrupt(state, policy, rng)
            continue
        moves = state.legal_moves()
        if len(moves) == 1:
            state = state.apply(moves[0])
            continue
        move = policy.choose(state, moves, rng)
        state = state.apply(move)
    return state


class Policy:
    """A default policy of the search: how the simulated players choose their moves.

    This one, the default of a game that brings none (`random_policy`), chooses uniformly at
    random. A game brings its own (its ``search_policy`` capability, see
    `cardgames.agents.ismcts.SEARCH_POLICY`) by subclassing it: `preferred` narrows the moves
    to those it likes, and `play_out` may be a loop typed for the game's own engine.
    """

    def preferred(self, state: AnyState, moves: Sequence[Move]) -> tuple[Move, ...]:
        """The moves, all of one player, that the policy chooses among at random."""
        return tuple(moves)

    def choose(self, state: AnyState, moves: Sequence[Move], rng: Draws) -> Move:
        """Choose one of ``moves``, legal moves of one player in ``state`` (`Rng.choice`)."""
        preferred = self.preferred(state, moves)
        if len(preferred) == 1:
            return preferred[0]
        return preferred[rng.below(len(preferred))]

    def play_out(self, state: AnyState, rng: Draws) -> AnyState:
        """Play ``state`` to the end with this policy (`play_out`)."""
        return play_out(state, self, rng)


def random_policy(state: AnyState) -> Policy:
    """The default policy of a game that brings none: uniformly random moves."""
    return Policy()
