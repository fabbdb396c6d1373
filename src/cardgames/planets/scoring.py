"""Scoring of "8", usable on its own by the score keeper of a real game.

A player's final score is the sum of:

- the points of every gathering they laid as Commander (`Rules.commander_points`; the 8
  different planets: `Rules.all_different_commander`);
- the points of every gathering they laid as Adjutant, worth more (`Rules.adjutant_points`,
  `Rules.all_different_adjutant`);
- 1 point per card they discarded face down through a black hole;
- minus 1 point per card left in their hand.

The rule text does not print the values of gatherings; the default tables are our house values
(sizes 3 to 12: as Commander 3 5 8 12 17 23 30 38 47 57, as Adjutant 5 8 12 18 26 35 45 57 71
86). The text makes a gathering's value "fonction du nombre de cartes Planète qui le compose", so
by default the 8 different planets are worth what 8 identical planets are (23 as Commander, 35
as Adjutant); the ``all_different_*`` options give them another value.

The highest score wins. Ties are broken by the largest gathering laid (the 8 different planets
count as 8 cards; a player who laid none has 0), then by the fewest black holes played; players
still tied share the win (the rule text says they play a new game).

Examples:
    >>> saturns = Gathering.identical(PlanetCard.SATURN, 4, Role.COMMANDER)
    >>> more = Gathering.identical(PlanetCard.SATURN, 3, Role.COMMANDER)
    >>> tally = Tally(gatherings=(saturns, more), face_down=2, in_hand=3)
    >>> tally.score()  # 5 + 3 + 2 - 3
    7
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from typing import Final, TypeVar, overload

import attrs

from cardgames.errors import InvalidArgumentError, InvalidRulesError, ParseError
from cardgames.game import Outcome, Termination, whole_number
from cardgames.planets.cards import PLANETS, PlanetCard
from cardgames.planets.rules import MAX_GATHERING, MIN_GATHERING, Rules

__all__ = [
    "Gathering",
    "Role",
    "Tally",
    "final_scores",
    "final_winners",
    "gathering_points",
]

K = TypeVar("K")

_DEFAULT_RULES: Final = Rules()


class Role(enum.Enum):
    """The role in which a player laid a gathering (it decides its value).

    Examples:
        >>> Role.parse("Adjoint"), str(Role.COMMANDER)
        (<Role.ADJUTANT: 'adjutant'>, 'commander')
    """

    COMMANDER = "commander"
    """The player whose turn it is: they drew the cards."""
    ADJUTANT = "adjutant"
    """The player who received a card from the Commander this turn."""

    @property
    def french(self) -> str:
        """The French name: ``"Commandant"`` or ``"Adjoint"``."""
        return "Commandant" if self is Role.COMMANDER else "Adjoint"

    @classmethod
    def parse(cls, text: str) -> Role:
        """Read a role in English or French (``"commander"``, ``"commandant"``, ``"adjoint"``).

        Raises:
            ParseError: if the text names no role (also for a non-string argument, and for
                text longer than 64 characters, refused without being read).
        """
        if isinstance(text, str) and str.__len__(text) <= 64:  # longer text is refused unread
            folded = str.casefold(str.strip(text))
            if folded in ("commander", "commandant", "c"):
                return Role.COMMANDER
            if folded in ("adjutant", "adjoint", "a"):
                return Role.ADJUTANT
        raise ParseError(text, "a role: commander or adjutant (commandant, adjoint)")

    def __str__(self) -> str:
        return self.value


def _sorted_cards(cards: Iterable[PlanetCard]) -> tuple[PlanetCard, ...]:
    return tuple(sorted(cards))


def _check_gathering(cards: tuple[PlanetCard, ...]) -> str | None:
    """Why ``cards`` (sorted) is not a gathering, or ``None`` if it is one."""
    if any(not isinstance(c, PlanetCard) or not c.is_planet for c in cards):
        return "a gathering holds planets only"
    if cards == PLANETS:
        return None
    if len(set(cards)) != 1:
        return "a gathering is identical planets or the 8 different planets"
    if not MIN_GATHERING <= len(cards) <= MAX_GATHERING:
        return f"a gathering has {MIN_GATHERING} to {MAX_GATHERING} identical planets"
    return None


@attrs.frozen
class Gathering:
    """A planetary gathering laid face up: at least 3 identical planets, or the 8 different.

    Attributes:
        cards: Its planets, sorted.
        role: Whether it was laid as Commander or as Adjutant.

    Examples:
        >>> g = Gathering.all_different(Role.ADJUTANT)
        >>> g.size, g.is_all_different, g.planet, g.points()
        (8, True, None, 35)
        >>> Gathering((PlanetCard.MARS,) * 2, Role.COMMANDER)
        Traceback (most recent call last):
        ...
        ValueError: a gathering has 3 to 12 identical planets
    """

    cards: tuple[PlanetCard, ...] = attrs.field(converter=_sorted_cards)
    role: Role

    def __attrs_post_init__(self) -> None:
        problem = _check_gathering(self.cards)
        if problem is not None:
            raise ValueError(problem)
        if not isinstance(self.role, Role):
            raise TypeError(f"role must be a Role, not {self.role!r}")

    @classmethod
    def identical(cls, planet: PlanetCard, size: int, role: Role) -> Gathering:
        """A gathering of ``size`` cards of ``planet``.

        Raises:
            ValueError: if it is not a gathering (a black hole, fewer than 3 or more than 12).
        """
        return cls((planet,) * size, role)

    @classmethod
    def all_different(cls, role: Role) -> Gathering:
        """The 8 different planets."""
        return cls(PLANETS, role)

    @property
    def size(self) -> int:
        """The number of cards."""
        return len(self.cards)

    @property
    def is_all_different(self) -> bool:
        """Whether this is the 8 different planets."""
        return self.cards == PLANETS

    @property
    def planet(self) -> PlanetCard | None:
        """The planet of an identical gathering; ``None`` for the 8 different planets."""
        return None if self.cards == PLANETS else self.cards[0]

    def points(self, rules: Rules | None = None) -> int:
        """Its value under ``rules`` (default: the standard rules)."""
        return gathering_points(self.size, self.role, rules, all_different=self.cards == PLANETS)

    def __str__(self) -> str:
        what = "8 different planets" if self.cards == PLANETS else f"{self.size} {self.cards[0]}"
        return f"{what} as {self.role}"


def gathering_points(
    size: int, role: Role | str, rules: Rules | None = None, *, all_different: bool = False
) -> int:
    """The points of a gathering of ``size`` cards laid in ``role``.

    Args:
        size: The number of cards: 3 to 12 identical planets, or 8 with ``all_different``.
        role: `Role.COMMANDER` or `Role.ADJUTANT` (or their names, English or French).
        rules: The rules whose tables to use (default: the standard rules).
        all_different: Whether the gathering is the 8 different planets.

    Raises:
        InvalidArgumentError: for a size that is no gathering (also a ``ValueError``), or that
            is not an integer, or an ``all_different`` that is not ``True`` or ``False`` (also
            a ``TypeError``). An integer type with ``__index__`` (a NumPy integer) is taken.
        ParseError: for a role that names none.
        InvalidRulesError: for ``rules`` that are not the planet game's.

    Examples:
        >>> gathering_points(4, Role.COMMANDER), gathering_points(4, "adjoint")
        (5, 8)
        >>> gathering_points(8, Role.COMMANDER, all_different=True)  # as 8 identical planets
        23
    """
    if rules is None:
        rules = _DEFAULT_RULES
    elif not isinstance(rules, Rules):
        raise InvalidRulesError("rules", rules, 'expected the rules of "8"')
    who = role if isinstance(role, Role) else Role.parse(role)
    commander = who is Role.COMMANDER
    if type(all_different) is not bool and not _is_numpy_bool(all_different):
        raise InvalidArgumentError("all_different", all_different, "expected True or False")
    if all_different:
        if size != len(PLANETS) or isinstance(size, bool):  # an int, or NumPy's: equal to 8
            raise InvalidArgumentError("size", size, "the 8 different planets are 8 cards")
        return rules.all_different_commander if commander else rules.all_different_adjutant
    number = whole_number(size, MIN_GATHERING, MAX_GATHERING, "size", "a gathering's size")
    table = rules.commander_points if commander else rules.adjutant_points
    return table[number]


def _is_numpy_bool(value: object) -> bool:
    """Whether ``value`` is NumPy's boolean scalar (``numpy.True_``), without importing NumPy."""
    kind = type(value)
    return kind.__module__ == "numpy" and kind.__name__ in ("bool_", "bool")


def _gathering_tuple(gatherings: Iterable[Gathering]) -> tuple[Gathering, ...]:
    return tuple(gatherings)


@attrs.frozen
class Tally:
    """What the final count needs to know of one player.

    Attributes:
        gatherings: The gatherings they laid, as Commander and as Adjutant.
        face_down: How many cards they discarded face down through black holes.
        in_hand: How many cards are left in their hand.
        black_holes: How many black holes they played (for the second tie-break).
    """

    gatherings: tuple[Gathering, ...] = attrs.field(default=(), converter=_gathering_tuple)
    face_down: int = 0
    in_hand: int = 0
    black_holes: int = 0

    def score(self, rules: Rules | None = None) -> int:
        """The final score: gatherings + face-down discards - cards in hand."""
        return sum(g.points(rules) for g in self.gatherings) + self.face_down - self.in_hand

    @property
    def largest_gathering(self) -> int:
        """The size of the largest gathering laid (0 if none): the first tie-break."""
        return max((g.size for g in self.gatherings), default=0)


@overload
def final_scores(tallies: Mapping[K, Tally], rules: Rules | None = None) -> dict[K, int]: ...
@overload
def final_scores(tallies: Sequence[Tally], rules: Rules | None = None) -> tuple[int, ...]: ...
def final_scores(
    tallies: Mapping[K, Tally] | Sequence[Tally], rules: Rules | None = None
) -> dict[K, int] | tuple[int, ...]:
    """Every player's final score, in the same shape as ``tallies`` (by seat or by name).

    Examples:
        >>> lay = Gathering.identical(PlanetCard.EARTH, 3, Role.ADJUTANT)
        >>> final_scores({"Léa": Tally((lay,), in_hand=2), "Tom": Tally(face_down=1, in_hand=4)})
        {'Léa': 3, 'Tom': -3}
    """
    if isinstance(tallies, Mapping):
        return {key: tally.score(rules) for key, tally in tallies.items()}
    return tuple(tally.score(rules) for tally in tallies)


def final_winners(
    tallies: Sequence[Tally],
    rules: Rules | None = None,
    names: Sequence[str] | None = None,
) -> tuple[tuple[int, ...], str]:
    """The winning seats and a sentence saying how they won.

    The highest score wins; ties are broken by the largest gathering, then by the fewest black
    holes played. Players still tied share the win (the rule text has them play a new game, which
    the sentence says).

    Args:
        tallies: Every player's tally, by seat.
        rules: The rules whose tables to use (default: the standard rules).
        names: The players' names, for the sentence (default: ``"seat 0"``...).

    Examples:
        >>> a = Tally((Gathering.identical(PlanetCard.MARS, 5, Role.COMMANDER),), in_hand=6)
        >>> b = Tally((Gathering.identical(PlanetCard.MARS, 4, Role.ADJUTANT),), in_hand=6)
        >>> final_winners([a, b], names=["Léa", "Tom"])
        ((0,), 'Léa and Tom tie on 2 points; Léa wins with the largest gathering (5 cards).')
    """
    if not tallies:
        raise ValueError("no players")
    who = list(names) if names is not None else [f"seat {i}" for i in range(len(tallies))]
    scores = [t.score(rules) for t in tallies]
    best = max(scores)
    group = [i for i, s in enumerate(scores) if s == best]
    if len(group) == 1:
        return (group[0],), f"{who[group[0]]} wins with {_points(best)}."
    # Each stage narrows the tied group; consecutive stages with the same group share a clause.
    clauses: list[tuple[list[int], list[str]]] = [(group, [_points(best)])]
    largest = max(tallies[i].largest_gathering for i in group)
    fewest = 0
    for stage in (0, 1):
        if stage == 0:
            narrowed = [i for i in group if tallies[i].largest_gathering == largest]
            criterion = f"largest gathering ({largest} cards)"
            won = f"the largest gathering ({largest} cards)"
        else:
            fewest = min(tallies[i].black_holes for i in group)
            narrowed = [i for i in group if tallies[i].black_holes == fewest]
            criterion = f"black holes ({fewest})"
            won = f"the fewest black holes ({fewest})"
        if len(narrowed) == 1:
            text = "; ".join(_clause(who, g, c) for g, c in clauses)
            return (narrowed[0],), f"{text}; {who[narrowed[0]]} wins with {won}."
        if narrowed == group:
            clauses[-1][1].append(criterion)
        else:
            clauses.append((narrowed, [criterion]))
        group = narrowed
    text = "; ".join(_clause(who, g, c) for g, c in clauses)
    return tuple(group), (f"{text}: the rules say they play a new game; they share the win.")


def game_outcome(
    reason: Termination,
    turn: int,
    tallies: Sequence[Tally],
    rules: Rules,
    names: Sequence[str],
) -> Outcome:
    """The outcome of a game of "8" that ended for ``reason`` at the end of turn ``turn``.

    The one computation of an outcome: the engine calls it when a game ends, and the
    invariant checkers call it to check the outcome a loaded state or view holds.
    """
    scores = tuple(tally.score(rules) for tally in tallies)
    winners, detail = final_winners(tallies, rules, names)
    if reason is Termination.STOCK_EXHAUSTED:
        why = f"The stock is empty at the end of turn {turn}."
    else:
        why = f"The turn limit ({rules.max_turns} turns) was reached."
    return Outcome(reason, winners, scores, f"{why} {detail}")


def _clause(who: Sequence[str], group: Sequence[int], criteria: Sequence[str]) -> str:
    return f"{_join(who[i] for i in group)} tie on {_join(criteria)}"


def _join(words: Iterable[str]) -> str:
    items = list(words)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _points(value: int) -> str:
    return f"{value} point" if abs(value) == 1 else f"{value} points"
