"""The shedding games' belief tracker for information states (their ``beliefs`` capability).

`cardgames.infostate.InfoState` asks it what a seat has inferred on the other hands since the
deal: `cardgames.shedding.beliefs` states the inferences (who could not play when they drew or
passed, swapped hands, which slot a laid card came from), starts and updates them, and samples
a deal that honours them. A view whose hands do not follow from the last view's and its own
events (a resync of the beliefs) cannot follow it in play.

Examples:
    >>> from cardgames import crazy_eights
    >>> from cardgames.infostate import InfoState
    >>> info = InfoState.start(crazy_eights.new_game(2, seed=3).view(0))
    >>> type(info.beliefs).__name__
    'SheddingBeliefs'
"""

from __future__ import annotations

from typing import Any, Final

from cardgames.game import Game, find_game
from cardgames.infostate import ViewBeliefs
from cardgames.rng import Rng
from cardgames.shedding import beliefs as shedding_beliefs
from cardgames.shedding.beliefs import SheddingBeliefs
from cardgames.shedding.engine import SheddingState
from cardgames.shedding.view import SheddingView

__all__ = ["BELIEFS", "SheddingBeliefTracker"]


class SheddingBeliefTracker(ViewBeliefs):
    """The `cardgames.infostate.BeliefTracker` of Crazy Eights and 8 Américain."""

    def start(self, view: SheddingView) -> SheddingBeliefs:
        """`cardgames.shedding.beliefs.start`."""
        return shedding_beliefs.start(view)

    def update(
        self, beliefs: SheddingBeliefs, before: SheddingView, after: SheddingView
    ) -> SheddingBeliefs:
        """`cardgames.shedding.beliefs.update` under the view's rules."""
        rules = after.rules
        if rules is None:
            rules = find_game(after.game).default_rules
        return shedding_beliefs.update(beliefs, before, after, rules)

    def sample(
        self, view: SheddingView, beliefs: SheddingBeliefs, rng: Rng, game: Game[Any]
    ) -> tuple[SheddingState, int]:
        """`cardgames.shedding.beliefs.sample`."""
        return shedding_beliefs.sample(view, beliefs, rng, game)

    def breaks_history(self, before: SheddingBeliefs | None, after: SheddingBeliefs | None) -> bool:
        """Whether the beliefs had to resync their hands (`SheddingBeliefs.resyncs`)."""
        return before is not None and after is not None and bool(after.resyncs > before.resyncs)


BELIEFS: Final = SheddingBeliefTracker()
"""The tracker the shedding games declare as their ``beliefs``."""
