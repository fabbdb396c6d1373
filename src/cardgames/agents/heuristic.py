"""Casual-player agents: simple, deterministic rules of thumb, one agent per game family.

`heuristic_agent` returns the agent of a game; `make_agent("heuristic", game)` calls it (so do
the ``"easy"`` and ``"medium"`` levels). Each game brings its own, as its ``heuristic_agent``
capability (`HEURISTIC_AGENT`): a function of the game that returns the agent. There is no
default: a game that brings none gets a `MissingCapabilityError` naming the game and the
capability (a random agent is ``"random"``, and would only pass for a casual player). The
built-in agents live in their games' packages (`cardgames.shedding.heuristic`,
`cardgames.planets.heuristic`); `SheddingHeuristicAgent` and `PlanetsHeuristicAgent` are
importable from here too. These agents read only their seat's view and legal moves, never draw
from their RNG (they return it unchanged) and always return one of their legal moves, or
``None`` to let an out-of-turn chance go by.

**Shedding games** (Crazy Eights, 8 Américain, under any rules: card effects are read from
``view.rules.effects``), `SheddingHeuristicAgent`, in order of preference:

1. call out a player who did not announce their last card, whenever that is legal;
2. out of turn, jump in (à la volée) whenever a card allows it: it sheds a card for free;
3. on its turn, lay a card rather than draw, take a penalty or pass (so a pending draw is
   answered with a stacking card whenever one is held, and a card just drawn is laid);
4. among the cards it may lay, keep wild cards (and a swap card that would bring back more
   cards than it leaves) for when nothing else fits; otherwise lay the card worth the most
   points under the rules' scoring (`cardgames.shedding.scoring.points_table`); ties go to the
   card whose suit it holds most of afterwards (so that it can follow), then to the lowest
   card code;
5. with a wild card, name the suit held most among the non-wild cards left (ties: bridge order,
   clubs first); with a swap card, swap with the opponent holding the fewest cards; with a
   choose card, send the turn to the player holding the most cards (ties for both: the first
   seat after its own, clockwise);
6. announce its last card whenever it may, and first of all the one card a swap left it
   (`Announce`).

**The planet game "8"** (`PlanetsHeuristicAgent`) values each legal move and plays the best
one (the first in the legal order on a tie). What a planet is worth to it in hand: a second
copy 1 point (the next one lays a gathering), a first copy 0.6 per other planet held (it is
collecting the 8 different planets, the richest gathering a player who lays at once can hope
for). Then:

- *Keep* the drawn card worth most: one that lays a gathering at once (the most points), else
  the best copy in hand; a black hole is worth its best action. The value of the least
  helpful gift it will then have to make is taken off.
- *Give* the card, and choose the Adjutant, that helps them least, estimated from the view: the
  chance that they can lay identical planets with it (the copies it knows they hold, their
  hand size and the copies of that planet still unseen: laid gatherings, its own hand and
  discards are out of reach), or the 8 different planets, times what that would score as
  Adjutant. A black hole counts as a small help. The card left over goes back on the stock.
- *Lay* a gathering whenever it may: the one worth the most points in its role, the largest
  on equal points; it never declines one.
- *Black hole*: discard face down the planet whose copy is worth least in hand (+1 for the
  face-down card), or steal from the player holding the most planets (the expected worth of a
  random card of their hand, from what it knows of it, plus 0.5 for what they lose),
  whichever is worth more.
- *Surplus*: put under the stock the planets whose copies are worth least in hand (ties: the
  planet with fewer copies left to collect).

Every value is exact: integers in thousandths of a point, and `fractions.Fraction` where a
chance enters (chances are counts of equally likely deals, never rounded floats). So two
moves of equal value really tie, and the agent plays the same moves on every Python version
and platform (a float sum would not: Python 3.12 made `sum` of floats compensated).

Examples:
    >>> from cardgames import crazy_eights
    >>> from cardgames.agents import RandomAgent, play_game
    >>> agent = heuristic_agent(crazy_eights.GAME)
    >>> agent.name
    'heuristic'
    >>> result = play_game(crazy_eights.GAME, [agent, RandomAgent()], seed=4)
    >>> result.state.is_over
    True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from cardgames.agents.base import Agent
from cardgames.errors import InvalidRulesError, MissingCapabilityError
from cardgames.game import Capability, Game, Lazy

__all__ = ["HEURISTIC_AGENT", "heuristic_agent"]

HEURISTIC_AGENT: Final = Capability[Callable[[Game[Any]], Agent]](
    "heuristic_agent", "a casual-player agent, for the heuristic, easy and medium bots"
)
"""The key of a game's casual-player agent: a function of the game that returns the agent.
No default (see the module text)."""


class _NoHeuristicAgentError(MissingCapabilityError, InvalidRulesError):
    """A game brings no heuristic agent.

    A `MissingCapabilityError` that is also the `InvalidRulesError` (option ``agent``) that
    `heuristic_agent` raised before games brought their agents, so code written against either
    catches it.
    """

    def __init__(self, game: str) -> None:
        self.game = game
        self.capability = HEURISTIC_AGENT.name
        self.summary = HEURISTIC_AGENT.summary
        self.option = "agent"
        self.value = "heuristic"
        self.reason = f"no heuristic agent plays {game}"
        Exception.__init__(self, str(MissingCapabilityError(game, self.capability, self.summary)))

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.game,))


def heuristic_agent(game: Game[Any]) -> Agent:
    """The casual-player agent of ``game`` (what the game brings as ``heuristic_agent``).

    Args:
        game: The game to play.

    Returns:
        A `SheddingHeuristicAgent` for the shedding games, a `PlanetsHeuristicAgent` for "8",
        the game's own agent for another game that brings one.

    Raises:
        MissingCapabilityError: for a game that brings no heuristic agent; the error is also
            an `InvalidRulesError` (option ``agent``).

    Examples:
        >>> from cardgames.game import find_game
        >>> heuristic_agent(find_game("planets"))
        PlanetsHeuristicAgent(name='heuristic')
    """
    try:
        make = game.capability(HEURISTIC_AGENT)
    except MissingCapabilityError:
        raise _NoHeuristicAgentError(game.name) from None
    return make(game)


_MOVED: Final = {
    "SheddingHeuristicAgent": Lazy("cardgames.shedding.heuristic:SheddingHeuristicAgent"),
    "PlanetsHeuristicAgent": Lazy("cardgames.planets.heuristic:PlanetsHeuristicAgent"),
}
"""The built-in games' agents, importable from here as before they moved to their games."""


def __getattr__(name: str) -> Any:
    if name == "HeuristicAgent":
        return _MOVED["SheddingHeuristicAgent"].load() | _MOVED["PlanetsHeuristicAgent"].load()
    moved = _MOVED.get(name)
    if moved is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return moved.load()
