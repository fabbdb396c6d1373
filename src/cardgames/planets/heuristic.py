"""The planet game's casual-player agent (its ``heuristic_agent``).

`PlanetsHeuristicAgent` values each legal move and plays the best one; its rules of thumb are
listed in `cardgames.agents.heuristic`.

Examples:
    >>> from cardgames import planets
    >>> heuristic_agent(planets.GAME)
    PlanetsHeuristicAgent(name='heuristic')
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from typing import Any, Final, TypeAlias

import attrs

from cardgames.game import Game, Move, View
from cardgames.planets.cards import BLACK_HOLE, PLANETS, PlanetCard
from cardgames.planets.moves import DiscardFaceDown, Give, Keep, LayGathering, PutUnder, Steal
from cardgames.planets.rules import Rules as PlanetsRules
from cardgames.planets.scoring import Role, gathering_points
from cardgames.planets.views import PlanetsView
from cardgames.rng import Rng

__all__ = ["PlanetsHeuristicAgent", "heuristic_agent"]


def heuristic_agent(game: Game[Any]) -> PlanetsHeuristicAgent:
    """The casual-player agent of "8" (what ``heuristic_agent`` of the game makes)."""
    return PlanetsHeuristicAgent()


_COPIES: Final = 12
_UNIT: Final = 1000
"""Values are counted in thousandths of a point, as integers; where a chance enters, as exact
fractions. No float is rounded, so the agent plays the same on every Python and platform."""
_GATHERING_BONUS: Final = 10 * _UNIT
"""Added to the value of a move that lays a gathering, so that it beats any other."""
_FIRST_COPY: Final = 0
"""What a first copy of a planet is worth in hand, on its own (a point lost at the end, but
some hope), before `_DIVERSITY`."""
_NEXT_COPY: Final = 1 * _UNIT
"""What a second (or further) copy of a planet is worth: the next one makes a gathering."""
_DIVERSITY: Final = 600
"""What each other planet held adds to a first copy (0.6 point): the 8 different planets come
closer."""
_BLACK_HOLE_GIFT: Final = 1 * _UNIT
"""How much a black hole given helps its receiver (a free discard, or a steal)."""
_STEAL_DEPRIVE: Final = 500
"""What taking a random planet away from the player holding the most is worth in itself."""
_TIE: Final = 1
"""A thousandth of a point: the tie-breakers (seat distance, gathering size)."""

_Value: TypeAlias = "int | Fraction"
"""A move's value, in thousandths of a point: exact, whatever the Python version."""


@attrs.frozen
class PlanetsHeuristicAgent:
    """A casual player of "8" (see the module text for its rules).

    Attributes:
        name: The agent's name in tables and records.
    """

    name: str = "heuristic"

    def plays(self, game: Game[Any]) -> bool:
        """Whether ``game`` is the planet game "8" (its views are `PlanetsView`s).

        See `cardgames.agents.GameSpecificAgent`: the drivers refuse it for another game.
        """
        return issubclass(game.view_type, PlanetsView)

    def act(self, view: View, legal: Sequence[Move], rng: Rng) -> tuple[Move | None, Rng]:
        """Choose a move among ``legal``; the RNG is returned unchanged.

        Raises:
            TypeError: if ``view`` is not a view of "8".
        """
        if not isinstance(view, PlanetsView):
            raise TypeError(f"expected a PlanetsView, got {type(view).__name__}")
        return _PlanetsChoice(view).choose(legal), rng


def _at_least(needed: int, trials: int, hits: int, pool: int) -> int:
    """``pool ** trials`` times the chance of at least ``needed`` successes in ``trials`` draws.

    Each draw succeeds with the chance ``hits / pool`` (``0 <= hits <= pool``). The count is an
    exact integer, so that no rounding depends on the Python version.

    Examples:
        >>> _at_least(1, 2, 1, 2), 2**2  # at least one head in two tosses: 3 of 4
        (3, 4)
        >>> _at_least(0, 3, 0, 5) == 5**3
        True
    """
    total: int = pool**trials
    if needed <= 0:
        return total
    misses = pool - hits
    below = 0
    for k in range(min(needed, trials + 1)):
        below += math.comb(trials, k) * hits**k * misses ** (trials - k)
    return max(0, total - below)


def _all_present(hits: Sequence[int], trials: int, pool: int) -> int:
    """``pool ** trials`` times the chance that ``trials`` draws hit every kind of ``hits``.

    Kind ``i`` is drawn with the chance ``hits[i] / pool`` (the chances add up to at most 1).
    By inclusion-exclusion, the chance is the sum over the subsets ``S`` of the kinds of
    ``(-1) ** len(S) * (1 - sum(S) / pool) ** trials``; the subsets are grouped by their sum,
    and everything is an exact integer.

    Examples:
        >>> _all_present([1, 1], 2, 2), 2**2  # two tosses show both sides: 2 of 4
        (2, 4)
        >>> _all_present([], 3, 4) == 4**3
        True
    """
    signed = {0: 1}  # subset sum -> sum of (-1) ** len(S) over the subsets with that sum
    for kind in hits:
        grown = dict(signed)
        for total, count in signed.items():
            grown[total + kind] = grown.get(total + kind, 0) - count
        signed = grown
    everything: int = pool**trials
    found: int = sum(count * max(0, pool - total) ** trials for total, count in signed.items())
    return min(everything, max(0, found))


class _PlanetsChoice:
    """What the planets agent knows while it decides one move, and how it values moves."""

    def __init__(self, view: PlanetsView) -> None:
        self.view = view
        rules = getattr(view, "rules", None)
        self.rules: PlanetsRules = rules if isinstance(rules, PlanetsRules) else PlanetsRules()
        self.me = view.viewer if view.viewer is not None else 0
        self.n = len(view.players)
        counts = [0] * len(PLANETS)
        for card in view.hand or ():
            if card.is_planet:
                counts[card] += 1
        self.hand = counts
        self.role = view.role if view.role is not None else Role.COMMANDER
        self.unseen = self._unseen()
        self.pool = max(1, sum(self.unseen))
        self.helps: dict[tuple[PlanetCard, int], _Value] = {}

    def _unseen(self) -> list[int]:
        """Per planet, the copies whose place the viewer does not know."""
        view = self.view
        seen = list(self.hand)
        for gatherings in view.gatherings:
            for gathering in gatherings:
                for card in gathering.cards:
                    seen[card] += 1
        visible: list[PlanetCard | None] = [*view.drawn, view.pending, view.received]
        for cards in (*view.known_cards, *(c for c in view.face_down if c is not None)):
            visible.extend(cards)
        for maybe in visible:
            if maybe is not None and maybe.is_planet:
                seen[maybe] += 1
        return [max(0, _COPIES - k) for k in seen]

    def choose(self, legal: Sequence[Move]) -> Move:
        """The legal move of highest value; the first in the legal order on a tie."""
        best = legal[0]
        best_value = self._value(best)
        for move in legal[1:]:
            value = self._value(move)
            if value > best_value:
                best, best_value = move, value
        return best

    def _value(self, move: Move) -> _Value:
        if isinstance(move, Keep):
            return self._keep_value(move.card)
        if isinstance(move, Give):
            return -self._help(move.card, move.to) - _TIE * ((move.to - self.me) % self.n)
        if isinstance(move, LayGathering):
            size = len(move.cards)
            return _GATHERING_BONUS + self._points(size, move.cards == PLANETS) + _TIE * size
        if isinstance(move, DiscardFaceDown):
            return _UNIT - self._copy_value(move.card, self.hand[move.card] - 1)
        if isinstance(move, Steal):
            return self._steal_value(move.victim)
        if isinstance(move, PutUnder):
            held = self.hand[move.card] - 1
            return -self._copy_value(move.card, held) - self.unseen[move.card] * (_UNIT // 100)
        return 0  # Decline

    def _points(self, size: int, all_different: bool, role: Role | None = None) -> int:
        who = role or self.role
        points = gathering_points(min(size, 12), who, self.rules, all_different=all_different)
        return points * _UNIT

    def _copy_value(self, card: PlanetCard, held: int) -> int:
        """What one more ``card`` is worth in hand when ``held`` copies are there already."""
        if held > 0:
            return _NEXT_COPY
        others = sum(1 for planet, k in enumerate(self.hand) if k and planet != card)
        return _FIRST_COPY + _DIVERSITY * others

    def _gain(self, card: PlanetCard, role: Role) -> int:
        """What receiving ``card`` is worth: a gathering at once, or a copy in hand."""
        best: int | None = None
        if self.hand[card] + 1 >= 3:
            best = self._points(self.hand[card] + 1, False, role)
        if all(k for planet, k in enumerate(self.hand) if planet != card):
            value = self._points(len(PLANETS), True, role)
            best = value if best is None else max(best, value)
        if best is not None:
            return _GATHERING_BONUS + best
        return self._copy_value(card, self.hand[card])

    def _keep_value(self, card: PlanetCard) -> _Value:
        """What keeping ``card`` is worth, given the least helpful gift left to make."""
        value = self._black_hole_value() if card is BLACK_HOLE else self._gain(card, Role.COMMANDER)
        rest = list(self.view.drawn)
        if card in rest:
            rest.remove(card)
        gifts = [
            self._help(other, seat)
            for other in rest
            if other is not None
            for seat in range(self.n)
            if seat != self.me
        ]
        return value - min(gifts, default=0)

    def _black_hole_value(self) -> _Value:
        """A black hole is worth its best action (nothing when no hand holds a planet)."""
        values: list[_Value] = [
            _UNIT - self._copy_value(c, k - 1) for c, k in zip(PLANETS, self.hand, strict=True) if k
        ]
        values += [self._steal_value(v) for v in range(self.n) if v != self.me]
        return max(values, default=0)

    def _known(self, seat: int, card: PlanetCard) -> tuple[int, int]:
        """Copies of ``card`` known in ``seat``'s hand, and how many of its cards are unknown.

        Each unknown card is a given planet with the chance ``unseen[planet] / pool``.
        """
        known_cards = self.view.known_cards[seat]
        known = sum(1 for c in known_cards if c is card)
        unknown = max(0, self.view.hand_sizes[seat] - len(known_cards))
        return known, unknown

    def _help(self, card: PlanetCard, seat: int) -> _Value:
        """How much giving ``card`` to ``seat`` helps them, in their Adjutant's role."""
        if card is BLACK_HOLE:
            return _BLACK_HOLE_GIFT
        value = self.helps.get((card, seat))
        if value is not None:
            return value
        known, unknown = self._known(seat, card)
        total: int = self.pool**unknown  # the chances below are counts out of this total
        triple = _at_least(2 - known, unknown, self.unseen[card], self.pool)
        different = self._all_different(seat, card, unknown)
        other = max(0, total - triple - different)
        value = Fraction(
            triple * (_GATHERING_BONUS + self._points(3, False, Role.ADJUTANT))
            + different * (_GATHERING_BONUS + self._points(len(PLANETS), True, Role.ADJUTANT))
            + other * (_NEXT_COPY if known else _FIRST_COPY),
            total,
        )
        self.helps[card, seat] = value
        return value

    def _all_different(self, seat: int, card: PlanetCard, unknown: int) -> int:
        """``pool ** unknown`` times the chance that ``seat`` holds every planet but ``card``."""
        known_cards = self.view.known_cards[seat]
        missing = [p for p in PLANETS if p is not card and p not in known_cards]
        if len(missing) > unknown:
            return 0
        return _all_present([self.unseen[p] for p in missing], unknown, self.pool)

    def _steal_value(self, victim: int) -> _Value:
        size = self.view.hand_sizes[victim]
        if size <= 0:
            return -_GATHERING_BONUS
        most = max(self.view.hand_sizes[s] for s in range(self.n) if s != self.me)
        if size < most:
            return -_GATHERING_BONUS  # only the player holding the most is worth robbing
        pool = self.pool
        out_of = pool * size  # the chance of each planet is a count out of this
        expected = 0
        for planet in PLANETS:
            known, unknown = self._known(victim, planet)
            share = min(out_of, known * pool + unknown * self.unseen[planet])
            expected += share * (
                self._gain(planet, self.role) - _GATHERING_BONUS * (self.hand[planet] + 1 >= 3)
            )
        distance = (victim - self.me) % self.n
        return Fraction(expected, out_of) + _STEAL_DEPRIVE - _TIE * distance
