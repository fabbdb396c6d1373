"""The agent protocol, the random agent and the driver that plays a game between agents.

An agent sees what a player sees and nothing more: the player's `View`, that player's legal
moves and an `Rng` for its own choices. It returns its move, or ``None`` to decline an optional
out-of-turn move (a call-out, a jump-in), together with the RNG it leaves behind, so that a whole
game between agents is a pure function of its seed.

The driver, `play_game`, asks for out-of-turn moves in a fixed, fair order before the player
whose turn it is moves: at each step it goes through the seats that may interrupt (those in
`State.to_act` other than the current player), in seat order starting after the current player,
and applies the first move one of them makes; when all decline, the current player moves. Every
agent gets its own RNG stream, derived from the game's seed and its seat, so adding or changing
one agent does not change the others' draws.

An *informed* agent (`InformedAgent`: its ``informed`` attribute is ``True``) remembers what its
seat saw: the driver keeps that seat's `cardgames.infostate.InfoState`, extended with the seat's
view after every move, and asks the agent through ``act_on(info, legal, rng)`` instead of
``act``. The other agents cost nothing more: a game without informed agents runs the loop it ran
before, and no view is built for a seat whose agent is not informed.

An agent may say which games it plays (`GameSpecificAgent`: a ``plays(game)`` method); the
drivers (`play_game`, `choose_move`, `offer_move`, `cardgames.simulate.simulate`) refuse one
that does not play the game with `InvalidArgumentError` before anything is dealt or asked. An
agent without the method plays every game. An exception raised by an agent while it decides
reaches the caller as `AgentError`, naming the agent and its seat, chained to the original.
"""

from __future__ import annotations

import hashlib
import numbers
import struct
from collections.abc import Sequence
from importlib.machinery import EXTENSION_SUFFIXES
from typing import TYPE_CHECKING, Any, Final, Protocol, TypeVar, cast, runtime_checkable

import attrs

from cardgames import _xoshiro
from cardgames._integers import checked_seed
from cardgames._xoshiro import Stream
from cardgames.agents import _drive as _drive_module
from cardgames.agents._drive import drive
from cardgames.errors import CardGamesError, InvalidArgumentError
from cardgames.game import Game, Move, Outcome, State, View, engine_move
from cardgames.rng import Rng

if TYPE_CHECKING:
    from cardgames.infostate import InfoState

_MoveT = TypeVar("_MoveT", bound=Move)

# The binary wheels compile `cardgames.agents._drive` (and the `Stream` it draws from): `_drive`
# runs its loop there. Interpreted, the loop below on `Rng` is the faster of the two.
_COMPILED_DRIVE = all(
    module.__file__ is not None and module.__file__.endswith(tuple(EXTENSION_SUFFIXES))
    for module in (_drive_module, _xoshiro)
)

__all__ = [
    "Agent",
    "AgentError",
    "GameResult",
    "GameSpecificAgent",
    "InformedAgent",
    "RandomAgent",
    "Step",
    "agent_plays",
    "agent_rng",
    "choose_move",
    "offer_move",
    "play_game",
]


@runtime_checkable
class Agent(Protocol):
    """Chooses moves for one seat from that seat's view."""

    @property
    def name(self) -> str:
        """A short name shown in tables and records."""
        ...

    def act(self, view: View, legal: Sequence[Move], rng: Rng) -> tuple[Move | None, Rng]:
        """Choose a move among ``legal`` (never empty).

        Args:
            view: What the agent's seat sees.
            legal: That seat's legal moves, in the game's order.
            rng: The agent's random stream.

        Returns:
            The chosen move (one of ``legal``), or ``None`` to decline when the seat is not the
            one whose turn it is; and the RNG after the agent's draws.
        """
        ...


@runtime_checkable
class InformedAgent(Agent, Protocol):
    """An agent that chooses from everything its seat has seen since the deal.

    The driver (`play_game`, the simulations) calls `act_on` with the seat's
    `cardgames.infostate.InfoState` when ``informed`` is ``True``; `act` stays the answer to a
    bare view (`offer_move` without ``info``).
    """

    @property
    def informed(self) -> bool:
        """Whether the agent wants the seat's information state."""
        ...

    def act_on(self, info: InfoState, legal: Sequence[Move], rng: Rng) -> tuple[Move | None, Rng]:
        """`Agent.act`, given the seat's information state (its ``view`` is the current one)."""
        ...


@runtime_checkable
class GameSpecificAgent(Agent, Protocol):
    """An agent that says which games it plays (the built-in agents but `RandomAgent` do).

    The method is optional: an agent without it plays every game. `play_game`,
    `cardgames.simulate.simulate`, `choose_move` and `offer_move` ask it (`agent_plays`) before
    anything is dealt or asked, and refuse an agent that answers ``False`` with
    `InvalidArgumentError`: an agent made for another game never meets a view it cannot read.
    """

    def plays(self, game: Game[Any]) -> bool:
        """Whether the agent can play ``game`` (any of its presets): ``True`` or ``False``."""
        ...


def agent_plays(agent: Agent, game: Game[Any]) -> bool:
    """Whether ``agent`` plays ``game``: its ``plays(game)`` answer, ``True`` without one.

    Args:
        agent: Any agent; one without a ``plays`` method plays every game.
        game: The game.

    Returns:
        The agent's answer.

    Raises:
        InvalidArgumentError: if ``plays`` answers something other than ``True`` or ``False``.
        AgentError: if ``plays`` raises (chained to its exception).

    Examples:
        >>> from cardgames import crazy_eights, planets
        >>> from cardgames.agents import heuristic_agent
        >>> agent_plays(heuristic_agent(planets.GAME), crazy_eights.GAME)
        False
        >>> agent_plays(RandomAgent(), planets.GAME)
        True
    """
    plays = getattr(agent, "plays", None)
    if not callable(plays):
        return True
    try:
        answer = plays(game)
    except Exception as exc:
        raise AgentError(
            f"agent {_brief(agent.name)} failed to say whether it plays {game.title}: "
            f"{type(exc).__name__}",
            agent=agent.name,
        ) from exc
    if answer is not True and answer is not False:
        raise InvalidArgumentError(
            "agent", agent.name, f"its plays() answered {_brief(answer)}, not True or False"
        )
    return answer


def _check_plays(agent: Agent, game: Game[Any], argument: str) -> None:
    """Refuse ``agent`` (given as ``argument``) if it says it does not play ``game``."""
    if not agent_plays(agent, game):
        raise InvalidArgumentError(argument, agent.name, f"this agent does not play {game.title}")


def _is_informed(agent: object) -> bool:
    """Whether the driver keeps an information state for ``agent``."""
    return getattr(agent, "informed", False) is True and callable(getattr(agent, "act_on", None))


_MAX_AGENT_NAME: Final = 64


def _check_agent_name(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
    """An agent's name: text of 1 to 64 characters (rows, tables and records show it)."""
    if type(value) is not str or not 1 <= len(value) <= _MAX_AGENT_NAME:
        raise InvalidArgumentError(
            attribute.name, value, f"expected a name of 1 to {_MAX_AGENT_NAME} characters"
        )


def _check_chance(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
    """A real number (a `fractions.Fraction` too), never a bool or text.

    Values outside 0 to 1 keep their meaning (below 0: never, above 1 or NaN: always), which the
    compiled driver loop reproduces (``tests/test_fast_paths.py``).
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise InvalidArgumentError(attribute.name, value, "expected a real number")


@attrs.frozen
class RandomAgent:
    """Picks uniformly among the legal moves; declines out-of-turn moves half of the time.

    Attributes:
        name: The agent's name (1 to 64 characters).
        interrupt_chance: How often it makes an out-of-turn move it may make (a real number;
            0 never, 1 always).

    Raises:
        InvalidArgumentError: when made with a name that is not 1 to 64 characters of text, or
            a chance that is not a real number (text failed at the first interruption).

    Examples:
        >>> from cardgames import crazy_eights
        >>> result = play_game(crazy_eights.GAME, [RandomAgent()] * 3, seed=5)
        >>> result.state.is_over
        True
    """

    name: str = attrs.field(default="random", validator=_check_agent_name)
    interrupt_chance: float = attrs.field(default=0.5, validator=_check_chance)

    def act(self, view: View, legal: Sequence[Move], rng: Rng) -> tuple[Move | None, Rng]:
        """Pick a legal move at random."""
        return self._decide(legal, getattr(view, "current", view.viewer) == view.viewer, rng)

    def _decide(self, legal: Sequence[Move], my_turn: bool, rng: Rng) -> tuple[Move | None, Rng]:
        if not my_turn:
            draw, rng = rng.random()
            if draw >= self.interrupt_chance:
                return None, rng
        return rng.choice(legal)


@attrs.frozen
class Step:
    """One applied move of a played game, with the seat that made it."""

    player: int
    move: Move
    notation: str


@attrs.frozen
class GameResult:
    """A game played by `play_game`.

    Attributes:
        game: The game's descriptor.
        rules: The rules it was played under.
        seed: Its seed.
        agents: The agents' names, by seat.
        players: The players' names, by seat.
        steps: Every move, in order.
        state: The final state.
        deck: The fixed card order of the deal, if one was given.
    """

    game: Game[Any]
    rules: Any
    seed: int
    agents: tuple[str, ...]
    players: tuple[str, ...]
    steps: tuple[Step, ...]
    state: State[Any, Any, Any]
    deck: tuple[Any, ...] | None = None

    @property
    def outcome(self) -> Outcome:
        """The final outcome (the game always ends)."""
        outcome = self.state.outcome()
        assert outcome is not None
        return outcome


_MAX_STEPS = 1_000_000
"""`play_game`'s default safety net against a game that would not end."""


_AGENT_STREAM_DOMAIN: Final = b"cardgames/v1\x00agent-stream\x00"
"""The prefix of the message `agent_rng` hashes: the library, a version and the purpose."""
_AGENT_STREAM_WORDS: Final = struct.Struct("<4Q")
_NONZERO_STATE: Final = (0x9E3779B97F4A7C15, 0, 0, 0)


def agent_rng(seed: int, seat: int) -> Rng:
    r"""The random stream of the agent in ``seat`` for a game with ``seed``.

    The only way the library gives a seat its stream (`play_game`, `simulate`, the CLI, the web
    tables, the RL adapters' opponents). The stream's state is the SHA-256 digest of
    ``b"cardgames/v1\0agent-stream\0"``, then ``seed`` as 16 bytes of little-endian two's
    complement, then ``seat`` as 8 little-endian bytes, read as four little-endian 64-bit words
    (see the Random numbers page). A hash cannot be run backwards: the stream tells its agent
    nothing about the seed, so nothing about the deal or the other seats' streams, beyond what
    searching every seed it suspects would (a small seed is searchable; the library's own
    seeds have 64 bits).

    Args:
        seed: The game's seed, ``-2**64 < seed < 2**64``.
        seat: The agent's seat, ``0 <= seat < 2**64``.

    Returns:
        The stream; the same seed and seat always give the same one, on every platform.

    Raises:
        InvalidArgumentError: for a seed or a seat out of range or not an integer.

    Examples:
        >>> agent_rng(4, 0) == agent_rng(4, 0) != agent_rng(4, 1)
        True
        >>> import hashlib
        >>> seed, seat = 4, 0
        >>> message = b"cardgames/v1\0agent-stream\0" + seed.to_bytes(16, "little", signed=True)
        >>> digest = hashlib.sha256(message + seat.to_bytes(8, "little")).digest()
        >>> agent_rng(seed, seat).state[0] == int.from_bytes(digest[:8], "little")
        True
    """
    seed = checked_seed(seed)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < 2**64:
        raise InvalidArgumentError("seat", seat, "expected an int from 0 to 2**64 - 1")
    digest = hashlib.sha256(
        _AGENT_STREAM_DOMAIN + seed.to_bytes(16, "little", signed=True) + seat.to_bytes(8, "little")
    ).digest()
    words = _AGENT_STREAM_WORDS.unpack(digest)
    return Rng.from_state(words if any(words) else _NONZERO_STATE)


class AgentError(CardGamesError, RuntimeError):
    """An agent failed while playing: it raised, or answered something other than a legal move.

    Raised by the drivers (`play_game`, `choose_move`, `offer_move`,
    `cardgames.simulate.simulate`) when an agent's ``act`` (or ``act_on``) raises, chained to
    that exception (``raise ... from``, its ``__cause__``); when the agent answers something
    other than one of its legal moves, or declines its own turn; and when a game does not end
    within the driver's ``max_steps``. The message names only what every seat may see: the
    agent's name, its seat and the type of the exception it raised, never that exception's
    text (which may quote the agent's hand); read the chained exception for the details.

    Attributes:
        agent: The failing agent's name (``None`` when no agent is to blame: a game too long).
        seat: The seat it plays (``None`` when not known).

    Examples:
        >>> import pickle
        >>> error = AgentError("agent 'bot' in seat 1 failed: KeyError", agent="bot", seat=1)
        >>> copy = pickle.loads(pickle.dumps(error))
        >>> str(copy), copy.agent, copy.seat
        ("agent 'bot' in seat 1 failed: KeyError", 'bot', 1)
    """

    def __init__(self, message: str, *, agent: str | None = None, seat: int | None = None) -> None:
        super().__init__(message)
        self.agent = agent
        self.seat = seat


def offer_move(
    agent: Agent,
    state: State[Any, _MoveT, Any],
    seat: int,
    rng: Rng,
    *,
    info: InfoState | None = None,
) -> tuple[_MoveT | None, Rng]:
    """Ask ``agent``, which plays ``seat``, for its move now, and check its answer.

    ``seat`` is any seat that may move (`State.to_act`): the player whose turn it is, or one
    that may interrupt (a call-out, a jump-in), who may let the chance go. The agent gets that
    seat's view and legal moves, as in `play_game`; the answer is the engine's own legal move
    that the agent's answer stands for, never the agent's object, or ``None`` when the agent
    declines.

    Args:
        agent: The agent that plays ``seat``.
        state: A game in progress.
        seat: A seat of ``state.to_act``.
        rng: The agent's random stream.
        info: The seat's information state (`cardgames.infostate.InfoState`, its view that
            of ``state``), kept by the caller for an informed agent (`InformedAgent`), which
            is then asked through ``act_on``; ignored for other agents.

    Returns:
        The move (``None``: declined) and the agent's RNG after its draws.

    Raises:
        AgentError: if the agent raises while it decides (chained to its exception), answers
            something other than a pair ``(move or None, Rng)``, or a move that is not one of
            the seat's legal moves (a forged or another seat's move included).
        InvalidArgumentError: if ``agent`` is not an `Agent` or does not play the state's game
            (`GameSpecificAgent`), ``state`` is over or not a state, ``seat`` is not a seat
            that may move now, ``rng`` is not an `Rng`, or ``info`` is not that seat's
            information state at ``state``.

    Examples:
        >>> from cardgames import crazy_eights
        >>> state = crazy_eights.new_game(["Ann", "Bob"], seed=4)
        >>> offer_move(RandomAgent(), state, 0, agent_rng(4, 0))
        Traceback (most recent call last):
        ...
        cardgames.errors.InvalidArgumentError: invalid argument seat=0: expected a seat that may move now (1)
    """  # noqa: E501  (a doctest output line cannot be wrapped)
    _check_turn_arguments(agent, state, rng)
    _check_plays(agent, state.game, "agent")
    to_act: tuple[int, ...] = state.to_act
    if isinstance(seat, bool) or type(seat) is not int or seat not in to_act:
        may_move = ", ".join(map(str, to_act))
        raise InvalidArgumentError("seat", seat, f"expected a seat that may move now ({may_move})")
    return _offer(agent, state, seat, rng, _checked_info(agent, state, seat, info))


def choose_move(
    agent: Agent, state: State[Any, _MoveT, Any], rng: Rng, *, info: InfoState | None = None
) -> tuple[_MoveT, Rng]:
    """Ask ``agent`` for the move of the player whose turn it is, and check its answer.

    `offer_move` for the current player (``state.to_act[0]``), who may not decline. Where
    `Agent.act` answers ``Move | None``, this answers a `Move`, so that ``state.apply(move)``
    type-checks: the engine's own legal move that the agent's answer stands for.

    Args:
        agent: The agent that plays the current player's seat.
        state: A game in progress.
        rng: The agent's random stream.
        info: The current player's information state, as for `offer_move`.

    Returns:
        The move and the agent's RNG after its draws.

    Raises:
        AgentError: if the agent raises while it decides (chained to its exception), declines
            its own turn, answers something other than a pair ``(move, Rng)``, or a move that
            is not one of the current player's legal moves.
        InvalidArgumentError: if ``agent`` is not an `Agent` or does not play the state's game
            (`GameSpecificAgent`), ``state`` is over or not a state, ``rng`` is not an `Rng`,
            or ``info`` is not the current player's information state at ``state``.

    Examples:
        >>> from cardgames import crazy_eights
        >>> state = crazy_eights.new_game(["Ann", "Bob"], seed=4)
        >>> move, rng = choose_move(RandomAgent(), state, agent_rng(4, state.to_act[0]))
        >>> state = state.apply(move)
        >>> state.moves_played
        1
    """
    _check_turn_arguments(agent, state, rng)
    _check_plays(agent, state.game, "agent")
    return _choose(agent, state, rng, _checked_info(agent, state, state.to_act[0], info))


def _checked_info(
    agent: Agent, state: State[Any, Any, Any], seat: int, info: object
) -> InfoState | None:
    """``info`` for `_offer`: ``None`` unless given to an informed agent, checked then."""
    if info is None or not _is_informed(agent):
        return None
    from cardgames.infostate import InfoState

    if not isinstance(info, InfoState) or info.seat != seat or info.view != state.view(seat):
        raise InvalidArgumentError(
            "info", type(info).__name__, f"expected the information state of seat {seat} now"
        )
    return info


def _check_turn_arguments(agent: object, state: object, rng: object) -> None:
    """The checks of `offer_move` and `choose_move`, before the agent is asked anything."""
    if not isinstance(agent, Agent):
        raise InvalidArgumentError("agent", agent, "expected an Agent (an act method)")
    if not isinstance(rng, Rng):
        raise InvalidArgumentError("rng", rng, "expected an Rng")
    to_act = getattr(state, "to_act", None)
    if not isinstance(to_act, tuple) or not to_act or getattr(state, "is_over", None) is not False:
        raise InvalidArgumentError("state", type(state).__name__, "expected a game in progress")


def _offer(
    agent: Agent,
    state: State[Any, _MoveT, Any],
    seat: int,
    rng: Rng,
    info: InfoState | None = None,
) -> tuple[_MoveT | None, Rng]:
    """`offer_move` on checked arguments (the driver checks its agents once, not every move).

    With ``info`` (the seat's information state, kept by the driver for an informed agent),
    the agent is asked through ``act_on``.
    """
    legal = state.legal_moves(seat)
    try:
        if info is not None:
            reply = cast("InformedAgent", agent).act_on(info, legal, rng)
        else:
            reply = agent.act(state.view(seat), legal, rng)
    except Exception as exc:
        # Only the exception's type: its text may quote what the seat sees (its hand).
        raise AgentError(
            f"agent {_brief(agent.name)} in seat {seat} failed: {type(exc).__name__}",
            agent=agent.name,
            seat=seat,
        ) from exc
    if not isinstance(reply, tuple) or len(reply) != 2 or not isinstance(reply[1], Rng):
        raise AgentError(
            f"agent {_brief(agent.name)} answered {_brief(reply)}, not (move, Rng)",
            agent=agent.name,
            seat=seat,
        )
    answer, rng = reply
    if answer is None:
        return None, rng
    return cast("_MoveT", _own_move(legal, answer, agent, seat)), rng


def _choose(
    agent: Agent, state: State[Any, _MoveT, Any], rng: Rng, info: InfoState | None = None
) -> tuple[_MoveT, Rng]:
    """`choose_move` on checked arguments."""
    seat = state.to_act[0]
    move, rng = _offer(agent, state, seat, rng, info)
    if move is None:
        raise AgentError(
            f"agent {_brief(agent.name)} declined its own turn", agent=agent.name, seat=seat
        )
    return move, rng


def play_game(
    game: Game[Any],
    agents: Sequence[Agent],
    *,
    seed: int,
    rules: Any = None,
    players: Sequence[str] | None = None,
    deck: Sequence[Any] | None = None,
    max_steps: int = _MAX_STEPS,
) -> GameResult:
    """Play a whole game between agents, one per seat, and return it with its moves.

    Args:
        game: The game.
        agents: One agent per seat.
        seed: The game's seed (the deal, the reshuffles and, derived from it, each agent's RNG).
        rules: The rules, or a preset's name (default: the game's default preset).
        players: The players' names (default: the agents' names, numbered when they repeat).
        deck: A fixed card order for the deal, as for `Game.new_game` (kept in the result).
        max_steps: A safety net against a game that would not end.

    Raises:
        AgentError: if an agent raises while it decides (chained to its exception, the message
            naming the agent and its seat), returns a move that is not legal for it, or
            declines its own turn; or if the game does not end within ``max_steps`` moves.
        InvalidArgumentError: for a ``game`` that is not a `Game`, ``agents`` that are not a
            sequence of agents (one per seat) or include one that does not play ``game``
            (`GameSpecificAgent`), a ``seed`` that is not an integer with
            ``-2**64 < seed < 2**64`` or a ``max_steps`` below 1, before anything is played.
        InvalidRulesError: for players, rules or a deck the game refuses (see
            `Game.new_game`).
    """
    if not isinstance(game, Game):
        raise InvalidArgumentError("game", game, "expected a Game")
    agents = _check_agents(agents, game)
    seed = checked_seed(seed)  # what new_game takes: an integer within 2**64 (NumPy's too)
    if isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1:
        raise InvalidArgumentError("max_steps", max_steps, "expected an integer of at least 1")
    if players is None:
        players = _names([agent.name for agent in agents])
    state = game.new_game(players, seed=seed, rules=rules, deck=deck)
    if len(agents) != len(state.players):
        raise InvalidArgumentError(
            "agents", len(agents), f"expected one agent per seat ({len(state.players)})"
        )
    steps: list[Step] = []
    state, _ = _drive(game, agents, state, seed, max_steps, steps)
    return GameResult(
        game=game,
        rules=state.rules,
        seed=seed,
        agents=tuple(agent.name for agent in agents),
        players=state.players,
        steps=tuple(steps),
        state=state,
        deck=None if deck is None else tuple(deck),
    )


def _drive(
    game: Game[Any],
    agents: Sequence[Agent],
    state: State[Any, Any, Any],
    seed: int,
    max_steps: int,
    steps: list[Step] | None,
) -> tuple[State[Any, Any, Any], int]:
    """Play ``state`` to its end between checked agents; return the final state and moves made.

    The loop of `play_game` and of the simulations, which record no steps (``steps=None``):
    both make the very same moves. A `RandomAgent` (the class itself, not a subclass) whose
    decision does not depend on its view (`_random_without_view`) gets no view built: the
    driver makes the agent's own draws in the agent's order, so the moves are the same.
    """
    n = len(state.players)
    rngs = [agent_rng(seed, seat) for seat in range(n)]
    view_type = game.view_type
    blind = [
        agent if type(agent) is RandomAgent and _random_without_view(view_type) else None
        for agent in agents
    ]
    # What RandomAgent reads for a seat that may interrupt: "my turn" only where the views
    # have no `current` (it then takes the viewer for the current player).
    interrupter_on_turn = not _views_name_the_current_player(view_type)
    if any(_is_informed(agent) for agent in agents):
        return _drive_informed(
            game, agents, state, rngs, blind, interrupter_on_turn, max_steps, steps
        )
    if _COMPILED_DRIVE:
        return _drive_compiled(agents, state, rngs, blind, interrupter_on_turn, max_steps, steps)
    count = 0
    while not state.is_over:
        if count >= max_steps:
            raise AgentError(f"the game did not end within {max_steps} moves")
        to_act = state.to_act
        current = to_act[0]
        chosen: Move | None = None
        if len(to_act) > 1:
            for seat in sorted(to_act[1:], key=lambda s: (s - current) % n):
                random_agent = blind[seat]
                if random_agent is None:
                    chosen, rngs[seat] = _offer(agents[seat], state, seat, rngs[seat])
                else:
                    chosen, rngs[seat] = random_agent._decide(
                        state.legal_moves(seat), interrupter_on_turn, rngs[seat]
                    )
                if chosen is not None:
                    break
        if chosen is None:
            random_agent = blind[current]
            move: Move
            if random_agent is None:
                move, rngs[current] = _choose(agents[current], state, rngs[current])
            else:
                move, rngs[current] = rngs[current].choice(state.legal_moves(current))
            chosen = move
        if steps is not None:
            steps.append(Step(chosen.player, chosen, state.format_move(chosen)))
        state = state.apply(chosen)
        count += 1
    return state, count


def _drive_informed(
    game: Game[Any],
    agents: Sequence[Agent],
    state: State[Any, Any, Any],
    rngs: list[Rng],
    blind: list[RandomAgent | None],
    interrupter_on_turn: bool,
    max_steps: int,
    steps: list[Step] | None,
) -> tuple[State[Any, Any, Any], int]:
    """`_drive`'s loop when some agents are informed: the same moves.

    It keeps one `InfoState` per informed seat, extended with the seat's view after every move.
    """
    from cardgames.infostate import InfoState

    n = len(state.players)
    infos: list[InfoState | None] = [
        InfoState.start(state.view(seat), game) if _is_informed(agent) else None
        for seat, agent in enumerate(agents)
    ]
    count = 0
    while not state.is_over:
        if count >= max_steps:
            raise AgentError(f"the game did not end within {max_steps} moves")
        to_act = state.to_act
        current = to_act[0]
        chosen: Move | None = None
        if len(to_act) > 1:
            for seat in sorted(to_act[1:], key=lambda s: (s - current) % n):
                random_agent = blind[seat]
                if random_agent is None:
                    chosen, rngs[seat] = _offer(agents[seat], state, seat, rngs[seat], infos[seat])
                else:
                    chosen, rngs[seat] = random_agent._decide(
                        state.legal_moves(seat), interrupter_on_turn, rngs[seat]
                    )
                if chosen is not None:
                    break
        if chosen is None:
            random_agent = blind[current]
            move: Move
            if random_agent is None:
                move, rngs[current] = _choose(agents[current], state, rngs[current], infos[current])
            else:
                move, rngs[current] = rngs[current].choice(state.legal_moves(current))
            chosen = move
        if steps is not None:
            steps.append(Step(chosen.player, chosen, state.format_move(chosen)))
        state = state.apply(chosen)
        count += 1
        for seat, info in enumerate(infos):
            if info is not None:
                infos[seat] = info._follow(state.view(seat))  # the engine's own view
    return state, count


def _drive_compiled(
    agents: Sequence[Agent],
    state: State[Any, Any, Any],
    rngs: list[Rng],
    blind: list[RandomAgent | None],
    interrupter_on_turn: bool,
    max_steps: int,
    steps: list[Step] | None,
) -> tuple[State[Any, Any, Any], int]:
    """`_drive`'s loop run by the compiled `cardgames.agents._drive`: the same moves.

    The random agents that need no view draw from `Stream`s of their RNGs' words, when their
    ``interrupt_chance`` is a float or an int (a C double compares with a draw as the number
    does); the other agents, a random agent with a `fractions.Fraction` chance included, are
    asked here, as in `_drive`.
    """
    streams: list[Stream | None] = []
    chances: list[float] = []
    for seat, agent in enumerate(blind):
        chance = None if agent is None else agent.interrupt_chance
        if type(chance) is float or type(chance) is int:
            streams.append(Stream(*rngs[seat].state))
            chances.append(float(chance))
        else:
            streams.append(None)
            chances.append(0.0)

    def ask(state: State[Any, Any, Any], seat: int, current: bool) -> Move | None:
        agent = agents[seat]
        chosen: Move | None
        chosen, rngs[seat] = _offer(agent, state, seat, rngs[seat])
        if chosen is None and current:  # as _choose (seat is the current player's)
            raise AgentError(
                f"agent {_brief(agent.name)} declined its own turn", agent=agent.name, seat=seat
            )
        return chosen

    record = None
    if steps is not None:
        recorded = steps

        def record(state: State[Any, Any, Any], move: Move) -> None:
            recorded.append(Step(move.player, move, state.format_move(move)))

    state, count = drive(state, streams, chances, interrupter_on_turn, ask, record, max_steps)
    if not state.is_over:
        raise AgentError(f"the game did not end within {max_steps} moves")
    return state, count


def _random_without_view(view_type: type[View]) -> bool:
    """Whether `RandomAgent.act` answers the same without the view, knowing the turn.

    It reads ``view.current`` (the player whose turn it is; the viewer itself for views
    without that field): the game's view class says whether that is always the state's
    ``to_act[0]`` or absent (`View._current_is_first_to_act`), so that the driver knows it.
    """
    return getattr(view_type, "_current_is_first_to_act", False) is True


def _views_name_the_current_player(view_type: type[View]) -> bool:
    """Whether the game's views have the ``current`` field `RandomAgent.act` reads."""
    return attrs.has(view_type) and "current" in attrs.fields_dict(view_type)


def _play_unrecorded(
    game: Game[Any],
    agents: Sequence[Agent],
    seed: int,
    rules: Any,
    players: Sequence[str] | None,
) -> tuple[State[Any, Any, Any], int]:
    """`play_game` for a simulation: agents checked by the caller, no steps recorded.

    Returns the final state and the number of moves: the same game as `play_game`.
    """
    if players is None:
        players = _names([agent.name for agent in agents])
    state = game.new_game(players, seed=seed, rules=rules)
    if len(agents) != len(state.players):
        raise InvalidArgumentError(
            "agents", len(agents), f"expected one agent per seat ({len(state.players)})"
        )
    return _drive(game, agents, state, seed, _MAX_STEPS, None)


def _check_agents(agents: object, game: Game[Any]) -> tuple[Agent, ...]:
    """The agents of `play_game` as a tuple, checked before anything is built from them."""
    expected = "expected a sequence of agents, one per seat"
    if isinstance(agents, (str, bytes)) or not isinstance(agents, Sequence):
        raise InvalidArgumentError("agents", agents, expected)
    if not game.min_players <= len(agents) <= game.max_players:  # before copying anything
        raise InvalidArgumentError(
            "agents",
            len(agents),
            f"{game.title} takes {game.min_players} to {game.max_players} players",
        )
    checked = tuple(agents)
    for agent in checked:
        if not isinstance(agent, Agent) or not isinstance(agent.name, str):
            raise InvalidArgumentError(
                "agents", agent, "expected Agent objects (an act method and a text name)"
            )
    for agent in checked:
        _check_plays(agent, game, "agents")
    return checked


def _own_move(legal: Sequence[Move], answer: object, agent: Agent, seat: int) -> Move:
    """The engine's legal move that an agent's answer stands for (see `engine_move`).

    The game continues with the engine's own object, never the agent's: a look-alike (a
    subclass, a forged ``__eq__``, an ``int`` for a card) or another seat's move is refused.
    """
    own = engine_move(legal, answer)
    if own is None:
        raise AgentError(
            f"agent {_brief(agent.name)} returned an illegal move {_brief(answer)}",
            agent=agent.name,
            seat=seat,
        )
    return own


def _brief(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 120 else text[:119] + "…"


def _names(names: list[str]) -> list[str]:
    if len(set(names)) == len(names):
        return names
    return [f"{name} {seat + 1}" for seat, name in enumerate(names)]
