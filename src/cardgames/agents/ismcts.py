"""Information-set Monte Carlo tree search (ISMCTS): an agent that plays without peeking.

The algorithm is the single-observer ISMCTS ("SO-ISMCTS") of Cowling, Powley and Whitehouse,
"Information Set Monte Carlo Tree Search", IEEE Transactions on Computational Intelligence and AI
in Games 4(2), 2012. One tree is grown for the searching player. Its nodes stand for information
sets reached by sequences of moves, and a node's children are keyed by the move that leads to
them (moves are hashable, interned values). Each iteration:

1. **Determinize.** `Game.sample_state` deals the cards the player has not seen at random,
   giving a full state consistent with the player's view. The agent never reads a real hidden
   card. With ``sampler="belief"`` the deal is `cardgames.infostate.InfoState.sample`
   instead: consistent with everything the seat saw since the deal (who could not play when
   they drew, and so on), not only with the current view.
2. **Select.** From the root, descend while every move legal in the determinization already has
   a child. Among the children *compatible* with the determinization (their move is legal in
   it), pick the one maximising UCB1 with availability counts,
   ``mean + exploration * sqrt(ln(availability) / visits)``. Here ``mean`` is the average reward
   of the player who makes the move, and ``availability`` counts the iterations in which the
   move was legal when its parent was visited, so that rarely available moves are not
   over-explored.
3. **Expand.** At the first node with a legal move that has no child yet, add a child for one
   such move and apply it. The move is the one the default policy (below) would choose among
   the untried ones, so a node's first child is the move a sensible player would make.
4. **Play out.** From there play to the end of the game with the default policy. The game's own
   move cap (``max_moves`` of the shedding rules, ``max_turns`` of the planet game) bounds
   every playout.
5. **Back-propagate.** Every node on the path gets one visit and the reward of the player who
   made its move: 1 for a win, shared equally among tied winners (``1 / len(winners)``), else 0.
   Scores are not used. They mean different things in different games (points won, penalty
   points), and winning is what the agent is asked to do.

After ``iterations`` iterations, the agent plays the root move visited most (ties go to the
higher mean reward, then to the first in the game's order of legal moves). The exception is a
move that the default policy would not play: it is chosen only if its mean reward beats the
policy's move by ``confidence`` standard errors. The standard error is taken at its largest,
``0.5 * sqrt(1/n1 + 1/n0)`` for visit counts ``n1`` and ``n0``. Otherwise the policy's move is
kept. Crazy Eights is a game of luck, and moves differ by a few per cent of winning chances, so
with a few hundred playouts a move often looks best by chance. This rule keeps the sensible move
until the search shows it is worse.

Decisions this implementation makes:

- **Whose move.** The acting seat at a node is ``state.to_act[0]``, the player whose turn it
  is. Its legal moves are the node's candidates, and a child's statistics are those of the
  player who makes its move. At the root, only the agent's own legal moves (the ``legal``
  argument) are candidates.
- **Out-of-turn moves** (call-outs, jump-ins "à la volée"). The driver (`play_game`) asks the
  other seats before the current player. So when the agent is asked as the current player,
  every interruption has been declined, and the root applies the agent's move directly. Below
  the root, out-of-turn moves are not tree decisions. They follow a fixed rule, applied before
  the current player moves, in the driver's fair order: the first seat after the current one
  that has an out-of-turn move makes the one its default policy prefers. In the shedding games
  this means "always call out a missed announcement, always jump in". Both are free and only
  help the player who makes them. Because a forgotten announcement is always punished, the
  search learns to announce.
- **Out-of-turn decisions of the agent.** When the agent is asked while it is not the current
  player, it always makes an out-of-turn move and never declines: a call-out makes an opponent
  draw, and a jump-in sheds a card. When it has several such moves (a jump-in with a wild card
  naming a suit, or a jump-in and a call-out), the search chooses among them.
- **Default policy.** For the shedding games (Crazy Eights, 8 Américain), a casual player:
  - lay a card rather than draw, take a penalty or pass;
  - keep wild cards for when nothing else fits;
  - lay the card worth the most points (under Crazy Eights scoring, that means first the Aces
    and the picture cards, and in a two-player game the Aces and Jacks give another turn);
  - among those, the card of the suit held most;
  - name the suit held most;
  - always announce (the one card a swap left it first of all).

  Ties are drawn at random. Each game brings its policy (its ``search_policy`` capability,
  `SEARCH_POLICY`: the shedding games' is `cardgames.shedding.search`); a game that brings none,
  as the planet game, gets uniformly random moves.
- **Randomness.** Everything is drawn from the agent's `Rng`. Each determinization uses a child
  stream split off it; ties, expansions and playouts use the stream itself. The returned `Rng`
  is the advanced stream, so a game between agents stays a pure function of its seed. A forced
  decision (one legal move) is answered at once, with no search and no draw.
- **Same play everywhere.** The search uses only integers, the four operations of IEEE 754
  doubles and `math.sqrt` (all correctly rounded on every platform), and, for UCB1's logarithm,
  `_ln`, built from those; never `math.log` or `sum` of floats, whose last bit depends on the
  C library or the Python version; the compiled wheels never fuse a multiplication and an
  addition into one operation (``hatch_build.py``). So a seeded game between agents gives the
  same moves on every supported Python and platform, compiled or not.
- **Cost.** An iteration of a two-player Crazy Eights round is a determinization, then ~35
  moves through the engine's `legal_moves` / `apply`. The loop lives in
  `cardgames.agents._search`, which the binary wheels compile with mypyc like the engine: there
  an iteration takes about 50 µs and the default 200 iterations about 10 ms a decision
  (``benchmarks/bench_ismcts.py``); interpreted, about three times as long.

Strength, measured with ``benchmarks/ismcts_vs_heuristic.py`` against the casual-player agent
(`cardgames.agents.heuristic`) in two-player Crazy Eights (Marquoir rules), each deal played
twice with the seats exchanged:

- With the default 200 iterations, ISMCTS won 869 of 1,600 rounds: 54.3 %, 95 % Wilson
  interval 51.9 to 56.7 %. The two-sided p-value against equal strength is 0.0006 (exact
  binomial).
- Three departures from plain SO-ISMCTS make it win: the casual-player playouts, the
  policy-first expansion and the ``confidence`` rule. With random playouts it won only 37 % of
  200 rounds at 100 iterations, because random players value positions badly. With the
  casual-player playouts alone it won 49 % of 400 rounds at 200 iterations, and with all three,
  55 % of the same 400 deals. These two figures are ±5 points each, so they only indicate the
  gain.

Examples:
    >>> from cardgames import crazy_eights
    >>> from cardgames.agents.base import RandomAgent, play_game
    >>> agents = [ISMCTSAgent(iterations=20), RandomAgent()]
    >>> result = play_game(crazy_eights.GAME, agents, seed=4)
    >>> result.state.is_over, result.agents
    (True, ('ismcts', 'random'))
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Final

import attrs

from cardgames._integers import converted
from cardgames.agents._search import Node, Policy, grow, random_policy
from cardgames.agents._search import _ln as _ln  # the search's logarithm (pinned by the tests)
from cardgames.errors import InvalidArgumentError
from cardgames.game import Capability, Game, Move, State, View, _whole_number, find_game
from cardgames.infostate import InfoState
from cardgames.rng import Rng

SAMPLERS = ("uniform", "belief")
"""The determinization samplers of `ISMCTSAgent` (its ``sampler``)."""

__all__ = ["SAMPLERS", "SEARCH_POLICY", "ISMCTSAgent", "MoveStatistics", "SearchPolicy"]

SearchPolicy = Policy
"""The class of the search's default policies (`cardgames.agents._search.Policy`, compiled in
the binary wheels): it plays uniformly random moves; a game's own policy subclasses it."""

SEARCH_POLICY: Final = Capability[Callable[[State[Any, Any, Any]], Policy]](
    "search_policy",
    "the default policy of information-set search (ISMCTS), made from a sampled state",
    default=lambda game: random_policy,
)
"""The key of a game's default policy for the search: a function of the first determinization
of a decision that returns a `SearchPolicy` (made once per decision). A game that brings none
is searched with uniformly random moves (`random_policy`); the shedding games bring a casual
player (`cardgames.shedding.search`)."""


_BUDGETS_REASON = "expected (players, iterations) pairs of positive integers, players ascending"


def _budget_pairs(value: object) -> object:
    """``player_budgets`` as a tuple of pairs of plain ``int`` (a mapping as its items).

    At most one pair more than `_MAX_BUDGETS` is read, and at most three items of a pair, before
    anything is copied: a list of ten million pairs is refused at once. An integer type with
    ``__index__`` that is not a subclass of ``int`` (a NumPy integer) is taken as its ``int``;
    anything else is left as it is, for `_check_budgets` to refuse (a ``bool``, or a subclass
    of ``int`` whose comparisons may lie).

    Raises:
        InvalidArgumentError: for more than `_MAX_BUDGETS` pairs.
    """
    if isinstance(value, Mapping):
        items: Iterable[object] = value.items()
    elif isinstance(value, (tuple, list)):
        items = value
    else:
        return value
    head = tuple(itertools.islice(items, _MAX_BUDGETS + 1))
    if len(head) > _MAX_BUDGETS:  # its head alone is shown, never the repr of all of it
        raise InvalidArgumentError(
            "player_budgets",
            f"<{type(value).__name__} of more than {_MAX_BUDGETS} pairs>",
            f"{_BUDGETS_REASON}; at most {_MAX_BUDGETS}",
        )
    return tuple(_budget_pair(pair) for pair in head)


def _budget_pair(pair: object) -> object:
    """One pair as a tuple of plain ``int`` if it is a pair of integers; else as it is."""
    if not isinstance(pair, (tuple, list)):
        return pair
    items = tuple(itertools.islice(pair, 3))
    if len(items) != 2:
        return items
    # A bool or another subclass of int stays as it is, for the check to refuse.
    return tuple(converted(item) for item in items)


def _check_budgets(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
    """Pairs of positive integers ``(players, iterations)``, ``players`` strictly ascending."""
    reason = _BUDGETS_REASON
    if not isinstance(value, tuple):
        raise InvalidArgumentError(attribute.name, value, reason)
    if len(value) > _MAX_BUDGETS:
        raise InvalidArgumentError(attribute.name, value, f"{reason}; at most {_MAX_BUDGETS}")
    previous = 0
    for pair in value:
        if not isinstance(pair, tuple) or len(pair) != 2:
            raise InvalidArgumentError(attribute.name, value, reason)
        for number in pair:
            if type(number) is not int or number < 1:
                raise InvalidArgumentError(attribute.name, value, reason)
        if pair[1] > _MAX_ITERATIONS:
            raise InvalidArgumentError(
                attribute.name, value, f"{reason}; at most {_MAX_ITERATIONS} iterations"
            )
        if pair[0] <= previous:
            raise InvalidArgumentError(attribute.name, value, reason)
        previous = pair[0]


_MAX_ITERATIONS: Final = 1_000_000  # the largest budget (as `make_agent` reads "ismcts:N")
_MAX_BUDGETS = 64
_MAX_CONSTANT = 1_000_000  # far above any useful constant; a huge int would overflow a float
_MAX_NAME = 64


def _iterations(value: object) -> int:
    """A whole number of iterations, 1 to `_MAX_ITERATIONS`, as a plain ``int``.

    Any integer type with ``__index__`` (a NumPy integer) is taken, as the library's other
    integer arguments are; never a float, a bool or text.
    """
    return _whole_number(value, 1, _MAX_ITERATIONS, "iterations", "a whole number of iterations")


def _check_constant(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
    """A number from 0 to `_MAX_CONSTANT` (``exploration``, ``confidence``); never NaN."""
    if (
        type(value) is not int and type(value) is not float
    ) or not 0.0 <= value <= _MAX_CONSTANT:  # NaN fails the test
        raise InvalidArgumentError(
            attribute.name, value, f"expected a number from 0 to {_MAX_CONSTANT:,}"
        )


def _check_name(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if type(value) is not str or not 1 <= len(value) <= _MAX_NAME:
        raise InvalidArgumentError(
            attribute.name, value, f"expected a name of 1 to {_MAX_NAME} characters"
        )


def _check_game(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if value is not None and not isinstance(value, Game):
        raise InvalidArgumentError(attribute.name, value, "expected a Game or None")


def _check_sampler(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if type(value) is not str or value not in SAMPLERS:
        raise InvalidArgumentError(attribute.name, value, f"expected one of {SAMPLERS}")


@attrs.frozen
class MoveStatistics:
    """What a search found out about one root move.

    Attributes:
        visits: How many iterations went through the move.
        mean_reward: The agent's average reward over those iterations (its win rate, ties
            shared), from 0 to 1.
    """

    visits: int
    mean_reward: float


@attrs.frozen
class ISMCTSAgent:
    """Single-observer information-set Monte Carlo tree search (see the module text).

    Attributes:
        iterations: Determinizations (and so playouts) per decision, a whole number from 1 to
            1,000,000.
        exploration: The UCB1 exploration constant, a number from 0 to 1,000,000.
        name: The agent's name in tables and records (1 to 64 characters).
        confidence: How many standard errors a root move that the default policy would not
            play must gain over the policy's move to be chosen (0: always the most visited); a
            number from 0 to 1,000,000.
        game: The game to search. By default it is found from the view's ``game`` name with
            `find_game`. It must implement `Game.sample_state`.
        sampler: How determinizations are dealt. ``"uniform"`` (the default): the unseen cards
            at random, from the current view alone (`Game.sample_state`). ``"belief"``:
            consistently with everything the seat saw since the deal
            (`cardgames.infostate.InfoState.sample`); the agent is then *informed*: the driver
            (`play_game`) gives it the seat's `InfoState` through `act_on`. Asked with a bare
            view (`act`), it knows only that view. Either way the same seed and the same
            history give the same decision.
        player_budgets: Iterations by table size, ``((players, iterations), ...)`` with
            ``players`` strictly ascending: at a table of at least ``players`` seats the
            agent runs ``iterations`` instead of `iterations` (the last pair that applies
            wins; a mapping is taken as its items; at most 64 pairs, each budget at most
            1,000,000). Empty by default: `iterations` at any table. The ``"hard"`` level uses
            it to keep a decision's cost about the same at every number of players
            (`cardgames.agents.levels`).

    Raises:
        InvalidArgumentError: when made with an argument of another type or out of range (an
            infinite, fractional or boolean budget, a NaN constant, a ``game`` that is not a
            `Game`), so that no search starts that could not end.

    Examples:
        >>> from cardgames import crazy_eights
        >>> from cardgames.rng import Rng
        >>> state = crazy_eights.new_game(2, seed=3)
        >>> seat = state.to_act[0]
        >>> agent = ISMCTSAgent(iterations=30)
        >>> move, rng = agent.act(state.view(seat), state.legal_moves(seat), Rng.from_seed(1))
        >>> move in state.legal_moves(seat)
        True
        >>> agent.act(state.view(seat), state.legal_moves(seat), Rng.from_seed(1))[0] == move
        True
        >>> budgeted = ISMCTSAgent(iterations=300, player_budgets=((3, 150), (5, 80)))
        >>> [budgeted.iterations_for(players) for players in (2, 3, 4, 5, 20)]
        [300, 150, 150, 80, 80]
    """

    iterations: int = attrs.field(default=200, converter=_iterations)
    exploration: float = attrs.field(default=0.7, validator=_check_constant)
    name: str = attrs.field(default="ismcts", validator=_check_name)
    confidence: float = attrs.field(default=1.0, kw_only=True, validator=_check_constant)
    game: Game[Any] | None = attrs.field(
        default=None, kw_only=True, repr=False, validator=_check_game
    )
    sampler: str = attrs.field(default="uniform", kw_only=True, validator=_check_sampler)
    player_budgets: tuple[tuple[int, int], ...] = attrs.field(
        default=(), kw_only=True, converter=_budget_pairs, validator=_check_budgets
    )

    def iterations_for(self, players: int) -> int:
        """The iterations of a decision at a table of ``players`` seats (see ``player_budgets``)."""
        budget = self.iterations
        for at_least, iterations in self.player_budgets:
            if players >= at_least:
                budget = iterations
        return budget

    def plays(self, game: Game[Any]) -> bool:
        """Whether the agent can search ``game``.

        It searches a game that samples states from a view (`Game.sample_state`), and only
        its own ``game`` when it was given one.

        See `cardgames.agents.GameSpecificAgent`: the drivers refuse it for another game.
        """
        if self.game is not None and self.game != game:
            return False
        return game.samples_states

    @property
    def informed(self) -> bool:
        """Whether the agent wants the seat's history (`act_on`): with ``sampler="belief"``."""
        return self.sampler == "belief"

    def act_on(self, info: InfoState, legal: Sequence[Move], rng: Rng) -> tuple[Move | None, Rng]:
        """Choose a move knowing everything the seat has seen (``info``), as `act` does.

        With ``sampler="uniform"`` this is ``act(info.view, legal, rng)``.

        Examples:
            >>> from cardgames import crazy_eights
            >>> from cardgames.rng import Rng
            >>> state = crazy_eights.new_game(2, seed=3)
            >>> info = InfoState.start(state.view(state.to_act[0]))
            >>> agent = ISMCTSAgent(iterations=30, sampler="belief")
            >>> legal = state.legal_moves(state.to_act[0])
            >>> agent.act_on(info, legal, Rng.from_seed(1)) == agent.act_on(info, legal, Rng.from_seed(1))
            True
        """  # noqa: E501  (a doctest line cannot be wrapped)
        if self.sampler == "uniform":
            return self.act(info.view, legal, rng)
        root_moves = _root_moves(legal)
        if len(root_moves) == 1:
            return root_moves[0], rng
        root, preferred, rng, _ = self._search_beliefs(info, root_moves, rng)
        return _final_choice(root, root_moves, preferred, self.confidence), rng

    def act(self, view: View, legal: Sequence[Move], rng: Rng) -> tuple[Move | None, Rng]:
        """Choose a move by searching determinizations of ``view`` (`iterations_for` its seats).

        Args:
            view: What the agent's seat sees.
            legal: That seat's legal moves (never empty). A single one is returned at once,
                without drawing from ``rng``.
            rng: The agent's random stream.

        Returns:
            The chosen move and the advanced ``rng``. The move is never ``None``: out of turn,
            the agent always makes an out-of-turn move.

        Raises:
            NotImplementedError: if the game cannot sample states from a view.
            InvalidArgumentError: if ``legal`` is not a sequence of moves.
        """
        root_moves = _root_moves(legal)
        if len(root_moves) == 1:
            return root_moves[0], rng
        if self.sampler == "belief":
            info = InfoState.start(view, self.game)
            root, preferred, rng, _ = self._search_beliefs(info, root_moves, rng)
        else:
            root, preferred, rng = self._search(view, root_moves, rng)
        return _final_choice(root, root_moves, preferred, self.confidence), rng

    def search(
        self, view: View, legal: Sequence[Move], rng: Rng
    ) -> tuple[Mapping[Move, MoveStatistics], Rng]:
        """Run the search and return what it found about each of ``legal``.

        Args:
            view: What the agent's seat sees.
            legal: The candidate moves at the root (the seat's legal moves).
            rng: The random stream.

        Returns:
            The statistics of every move of ``legal`` (in that order) and the advanced ``rng``.

        Raises:
            NotImplementedError: if the game cannot sample states from a view.
            ValueError: if ``legal`` is empty.
            InvalidArgumentError: if ``legal`` is not a sequence of moves.

        Examples:
            >>> from cardgames import crazy_eights
            >>> from cardgames.rng import Rng
            >>> state = crazy_eights.new_game(2, seed=3)
            >>> seat = state.to_act[0]
            >>> agent = ISMCTSAgent(iterations=40)
            >>> found, _ = agent.search(state.view(seat), state.legal_moves(seat), Rng.from_seed(2))
            >>> sum(s.visits for s in found.values())
            40
        """
        if not legal:
            raise ValueError("there is no legal move to search")
        root_moves = _root_moves(legal)
        if self.sampler == "belief":
            found, _, rng = self.search_beliefs(InfoState.start(view, self.game), legal, rng)
            return found, rng
        root, _, rng = self._search(view, root_moves, rng)
        return _statistics(root, root_moves), rng

    def search_beliefs(
        self, info: InfoState, legal: Sequence[Move], rng: Rng
    ) -> tuple[Mapping[Move, MoveStatistics], int, Rng]:
        """`search` on determinizations sampled from ``info`` (whatever ``sampler`` says).

        Returns:
            The statistics of every move of ``legal``, how many determinizations fell back on
            the closest consistent deal (`InfoState.sample`), and the advanced ``rng``.

        Raises:
            ValueError: if ``legal`` is empty.
        """
        if not legal:
            raise ValueError("there is no legal move to search")
        root_moves = _root_moves(legal)
        root, _, rng, fallbacks = self._search_beliefs(info, root_moves, rng)
        return _statistics(root, root_moves), fallbacks, rng

    def _search_beliefs(
        self, info: InfoState, root_moves: tuple[Move, ...], rng: Rng
    ) -> tuple[Node, tuple[Move, ...], Rng, int]:
        """`_search` on belief samples; also return how many fell back."""
        if not isinstance(info, InfoState):
            raise TypeError(f"expected an InfoState, got {type(info).__name__}")
        fallbacks = [0]

        def sample(child: Rng) -> State[Any, Any, Any]:
            state, fallback = info.sample(child)
            fallbacks[0] += fallback
            return state

        game = self.game if self.game is not None else info.game
        iterations = self.iterations_for(_seats(info.view))
        root, preferred, rng = grow(
            game,
            info.view,
            root_moves,
            iterations,
            self.exploration,
            rng,
            sample,
            game.capability(SEARCH_POLICY),
        )
        return root, preferred, rng, fallbacks[0]

    def _search(
        self, view: View, root_moves: tuple[Move, ...], rng: Rng
    ) -> tuple[Node, tuple[Move, ...], Rng]:
        """Grow the tree; return its root, the default policy's root moves and the ``rng``."""
        game = self.game if self.game is not None else _game_of(view)
        iterations = self.iterations_for(_seats(view))
        policy_for = game.capability(SEARCH_POLICY)
        return grow(game, view, root_moves, iterations, self.exploration, rng, None, policy_for)


def _root_moves(legal: Sequence[Move]) -> tuple[Move, ...]:
    """``legal`` as a tuple, checked to hold moves (a driver passes the engine's own).

    Raises:
        InvalidArgumentError: for anything that is not a sequence of `Move` values (text,
            ``None``...), which the search would otherwise fail on with an `AttributeError`.
    """
    if isinstance(legal, (str, bytes)) or not isinstance(legal, Sequence):
        raise InvalidArgumentError("legal", legal, "expected the seat's legal moves")
    moves = tuple(legal)
    for move in moves:
        if not isinstance(move, Move):
            raise InvalidArgumentError("legal", move, "expected the seat's legal moves")
    return moves


def _seats(view: View) -> int:
    """The number of seats at the view's table (0 for a view that does not say)."""
    players = getattr(view, "players", None)
    return len(players) if isinstance(players, tuple) else 0


def _statistics(root: Node, root_moves: tuple[Move, ...]) -> dict[Move, MoveStatistics]:
    """What the search found about each root move."""
    result: dict[Move, MoveStatistics] = {}
    for move in root_moves:
        child = root.children.get(move)
        if child is None or not child.visits:
            result[move] = MoveStatistics(0, 0.0)
        else:
            result[move] = MoveStatistics(child.visits, child.reward / child.visits)
    return result


def _final_choice(
    root: Node,
    root_moves: tuple[Move, ...],
    preferred: tuple[Move, ...],
    confidence: float,
) -> Move:
    """The move to play after a search (see the module text).

    The most visited root move (ties: higher mean, then first), unless the default policy would
    not play it and its mean does not beat the policy's move by ``confidence`` standard errors.
    """
    children = root.children
    unvisited = (0, 0.0)

    def key(move: Move) -> tuple[int, float]:
        child = children.get(move)
        return unvisited if child is None else child.key()

    best = root_moves[0]
    best_key = key(best)
    for move in root_moves[1:]:
        candidate = key(move)
        if candidate > best_key:
            best, best_key = move, candidate
    if not confidence or best in preferred:
        return best
    default = preferred[0]
    default_key = key(default)
    for move in preferred[1:]:
        candidate = key(move)
        if candidate > default_key:
            default, default_key = move, candidate
    visits, mean = best_key
    default_visits, default_mean = default_key
    if not default_visits:
        return best
    error = 0.5 * math.sqrt(1 / visits + 1 / default_visits)
    return best if mean - default_mean > confidence * error else default


def _game_of(view: View) -> Game[Any]:
    """The game a view belongs to, from its ``game`` name."""
    name = getattr(view, "game", None)
    if not isinstance(name, str):
        raise TypeError(f"{type(view).__name__} does not name its game: pass game= to ISMCTSAgent")
    return find_game(name)
