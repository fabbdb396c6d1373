"""The planet game's belief tracker for information states (its ``beliefs`` capability).

The views of "8" already carry everything its rules let a seat know (cards given to or stolen
by it, the cards it put back on the stock and under it, its face-down discards), so its beliefs
are the current view's (`cardgames.infostate.ViewBeliefs`). What it adds: a view cannot follow
the last one if it undoes what one move cannot undo (the turn, gatherings laid, face-down
discards, black holes played: `cardgames.planets.invariants.check_follows`).

Examples:
    >>> from cardgames import planets
    >>> from cardgames.infostate import InfoState
    >>> InfoState.start(planets.new_game(2, seed=3).view(0)).beliefs is None
    True
"""

from __future__ import annotations

from typing import Final

from cardgames.infostate import ViewBeliefs
from cardgames.planets.invariants import check_follows
from cardgames.planets.views import PlanetsView

__all__ = ["BELIEFS", "PlanetsBeliefTracker"]


class PlanetsBeliefTracker(ViewBeliefs):
    """The `cardgames.infostate.BeliefTracker` of "8": the view's beliefs, checked in play."""

    def cannot_follow(self, last: PlanetsView, view: PlanetsView) -> str | None:
        """The field of ``view`` one move after ``last`` cannot change so, in words."""
        if type(view) is PlanetsView and type(last) is PlanetsView:
            field = check_follows(last, view)
            if field is not None:
                return f"{field} cannot change so in one move"
        return None


BELIEFS: Final = PlanetsBeliefTracker()
"""The tracker "8" declares as its ``beliefs``."""
