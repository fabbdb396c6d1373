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
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

import attrs

from cardgames.game import Game, Move, Outcome, State, View
from cardgames.rng import Rng

__all__ = ["Agent", "AgentError", "GameResult", "RandomAgent", "Step", "agent_rng", "play_game"]


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


@attrs.frozen
class RandomAgent:
    """Picks uniformly among the legal moves; declines out-of-turn moves half of the time.

    Examples:
        >>> from cardgames import crazy_eights
        >>> result = play_game(crazy_eights.GAME, [RandomAgent()] * 3, seed=5)
        >>> result.state.is_over
        True
    """

    name: str = "random"
    interrupt_chance: float = 0.5

    def act(self, view: View, legal: Sequence[Move], rng: Rng) -> tuple[Move | None, Rng]:
        """Pick a legal move at random."""
        if getattr(view, "current", view.viewer) != view.viewer:
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


def agent_rng(seed: int, seat: int) -> Rng:
    """The random stream of the agent in ``seat`` for a game with ``seed``."""
    return Rng.from_seed(seed).derive(1_000 + seat)


class AgentError(RuntimeError):
    """An agent returned something that is not one of its legal moves."""


def play_game(
    game: Game[Any],
    agents: Sequence[Agent],
    *,
    seed: int,
    rules: Any = None,
    players: Sequence[str] | None = None,
    deck: Sequence[Any] | None = None,
    max_steps: int = 1_000_000,
) -> GameResult:
    """Play a whole game between agents, one per seat, and return it with its moves.

    Args:
        game: The game.
        agents: One agent per seat.
        seed: The game's seed (the deal, the reshuffles and, derived from it, each agent's RNG).
        rules: The rules (default: the game's default preset).
        players: The players' names (default: the agents' names, numbered when they repeat).
        deck: A fixed card order for the deal, as for `Game.new_game` (kept in the result).
        max_steps: A safety net against a game that would not end.

    Raises:
        AgentError: if an agent returns a move that is not legal for it (or declines its own
            turn).
    """
    if players is None:
        players = _names([agent.name for agent in agents])
    state = game.new_game(list(players), seed=seed, rules=rules, deck=deck)
    if len(agents) != len(state.players):
        raise ValueError(f"{len(state.players)} seats but {len(agents)} agents")
    rngs = [agent_rng(seed, seat) for seat in range(len(agents))]
    steps: list[Step] = []
    while not state.is_over:
        if len(steps) >= max_steps:
            raise AgentError(f"the game did not end within {max_steps} moves")
        to_act = state.to_act
        current = to_act[0]
        n = len(state.players)
        interrupters = sorted((s for s in to_act[1:]), key=lambda s: (s - current) % n)
        move = None
        for seat in interrupters:
            move, rngs[seat] = agents[seat].act(
                state.view(seat), state.legal_moves(seat), rngs[seat]
            )
            if move is not None:
                break
        if move is None:
            move, rngs[current] = agents[current].act(
                state.view(current), state.legal_moves(current), rngs[current]
            )
            if move is None:
                raise AgentError(f"agent {agents[current].name!r} declined its own turn")
        if move not in state.legal_moves(move.player) or move.player not in to_act:
            raise AgentError(f"agent returned an illegal move {move!r}")
        steps.append(Step(move.player, move, state.format_move(move)))
        state = state.apply(move)
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


def _names(names: list[str]) -> list[str]:
    if len(set(names)) == len(names):
        return names
    return [f"{name} {seat + 1}" for seat, name in enumerate(names)]
