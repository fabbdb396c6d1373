"""The rules options of "8": the rule text's values, and house defaults where it is silent.

The rule text makes a gathering's value a function of its number of cards ("La valeur du
rassemblement ainsi formé est fonction du nombre de cartes Planète qui le compose"): by default
the 8 different planets are worth the size-8 entry of the table, as 8 identical planets.

Every option is declared once with its default, bounds and a sentence (see `Rules`); named
presets are in `PRESETS`. The scoring tables are `ScoreTable` values, written as ten numbers:

Examples:
    >>> rules = Rules()
    >>> str(rules.commander_points), rules.adjutant_points[4]
    ('3 5 8 12 17 23 30 38 47 57', 8)
    >>> rules.all_different_commander == rules.commander_points[8]
    True
    >>> Rules.from_options({"initial_hand": "5", "hand_limit": "none"}).hand_limit is None
    True
"""

from __future__ import annotations

import re
import types
from collections.abc import Iterable, Iterator, Mapping
from typing import ClassVar, Final

import attrs

from cardgames.errors import InvalidRulesError, ParseError
from cardgames.options import RulesBase, final_rules, option

__all__ = ["MAX_GATHERING", "MIN_GATHERING", "PRESETS", "Rules", "ScoreTable"]

MIN_GATHERING: Final = 3
"""The fewest identical planets in a gathering."""

MAX_GATHERING: Final = 12
"""The most identical planets in a gathering (there are 12 cards of each planet)."""

_TABLE_SIZE: Final = MAX_GATHERING - MIN_GATHERING + 1
_MAX_POINTS: Final = 100_000
_MAX_TABLE_TEXT: Final = 400  # ten numbers of at most six digits, with room for separators


class ScoreTable:
    """The points of a gathering of identical planets, by size (3 to 12): ten numbers.

    Immutable and hashable; indexed by the gathering's size. It reads and writes itself as
    text (``"3 5 8 12 17 23 30 38 47 57"``, spaces or commas), which is how it is given on a
    command line and stored in JSON.

    Examples:
        >>> table = ScoreTable.parse("3, 5, 8, 12, 17, 23, 30, 38, 47, 57")
        >>> table[3], table[12], len(table)
        (3, 57, 10)
        >>> table[2]
        Traceback (most recent call last):
        ...
        KeyError: 'a gathering has 3 to 12 identical planets, not 2'
    """

    text_coded: ClassVar[bool] = True
    __slots__ = ("_values",)

    def __init__(self, values: Iterable[int]) -> None:
        items = tuple(values)
        if len(items) != _TABLE_SIZE:
            raise ValueError(
                f"a score table has {_TABLE_SIZE} values (sizes {MIN_GATHERING} to "
                f"{MAX_GATHERING}), not {len(items)}"
            )
        for value in items:
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(f"score table values must be ints, not {value!r}")
            if not 0 <= value <= _MAX_POINTS:
                raise ValueError(f"score table values must be 0 to {_MAX_POINTS}, not {value}")
        self._values: tuple[int, ...] = tuple(int(v) for v in items)

    @classmethod
    def parse(cls, text: str) -> ScoreTable:
        """Read ten numbers separated by spaces or commas.

        Raises:
            ParseError: if the text is not ten numbers in range (or longer than 400
                characters, refused before it is split).
        """
        expected = f"{_TABLE_SIZE} points (sizes {MIN_GATHERING} to {MAX_GATHERING})"
        if not isinstance(text, str) or len(text) > _MAX_TABLE_TEXT:  # bounded before splitting
            raise ParseError(text, expected)
        words = [w for w in re.split(r"[\s,;]+", text.strip()) if w]
        if not all((w.isascii() and w.isdigit()) for w in words):
            raise ParseError(text, expected)
        try:
            return cls(int(w) for w in words)
        except ValueError as exc:
            raise ParseError(text, f"{expected}: {exc}") from None

    @property
    def values(self) -> tuple[int, ...]:
        """The ten values, for sizes 3 to 12."""
        return self._values

    def __getitem__(self, size: int) -> int:
        if not MIN_GATHERING <= size <= MAX_GATHERING:
            raise KeyError(
                f"a gathering has {MIN_GATHERING} to {MAX_GATHERING} identical planets, not {size}"
            )
        return self._values[size - MIN_GATHERING]

    def __iter__(self) -> Iterator[int]:
        return iter(self._values)

    def __len__(self) -> int:
        return _TABLE_SIZE

    def __eq__(self, other: object) -> bool:
        if isinstance(other, ScoreTable):
            return self._values == other._values
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._values)

    def __str__(self) -> str:
        return " ".join(map(str, self._values))

    def __repr__(self) -> str:
        return f"ScoreTable.parse({str(self)!r})"


_COMMANDER_TABLE: Final = ScoreTable((3, 5, 8, 12, 17, 23, 30, 38, 47, 57))
_ADJUTANT_TABLE: Final = ScoreTable((5, 8, 12, 18, 26, 35, 45, 57, 71, 86))


@attrs.frozen(cache_hash=True)
class Rules(RulesBase):
    """The rules of "8". The defaults are the rule text's, with the house scoring tables.

    Attributes:
        initial_hand: Cards dealt to each player before the first turn (the rule text deals none).
        draw_count: Cards the Commander draws: 3 (keep one, give one, put one back), 2 (keep
            one, give one) or 1 (keep it).
        hand_limit: The most cards a Commander may hold at the end of their turn; none: no
            limit.
        first_commander: The seat of the first Commander.
        may_decline: Whether a player who could lay a gathering may decline to (the rule text:
            yes).
        commander_points: Points of a gathering of 3 to 12 identical planets laid as
            Commander.
        adjutant_points: Points of a gathering of 3 to 12 identical planets laid as Adjutant.
        all_different_commander: Points of the 8 different planets laid as Commander. The rule
            text: a gathering's value "est fonction du nombre de cartes Planète qui le compose",
            so by default the size-8 entry of the house table (23), as for 8 identical planets;
            a bonus for the 8 different planets (25 until 0.1.0) is a house variant.
        all_different_adjutant: Points of the 8 different planets laid as Adjutant: by default
            the size-8 entry of the house table (35), as for 8 identical planets.
        max_turns: The game ends after this many turns even if the stock is not empty (a house
            guarantee that every game ends; scored as usual).
    """

    game_name: ClassVar[str] = "planets"
    __init_subclass__ = final_rules  # the engine trusts this type: no subclass (see there)

    initial_hand: int = option(
        0,
        "Cards dealt to each player before the first turn (the rule text: none).",
        minimum=0,
        maximum=12,
    )
    draw_count: int = option(
        3,
        "Cards the Commander draws: 3 (keep, give, put back), 2 (keep, give) or 1 (keep).",
        minimum=1,
        maximum=3,
    )
    hand_limit: int | None = option(
        10,
        "Most cards a Commander may hold at the end of their turn; none: no limit.",
        minimum=1,
        maximum=96,
    )
    first_commander: int = option(0, "The seat of the first Commander.", minimum=0, maximum=5)
    may_decline: bool = option(
        True, "A player who could lay a gathering may decline to (the rule text: yes)."
    )
    commander_points: ScoreTable = option(
        _COMMANDER_TABLE, "Points of 3 to 12 identical planets laid as Commander (house table)."
    )
    adjutant_points: ScoreTable = option(
        _ADJUTANT_TABLE, "Points of 3 to 12 identical planets laid as Adjutant (house table)."
    )
    all_different_commander: int = option(
        _COMMANDER_TABLE[8],
        "Points of the 8 different planets laid as Commander (default: as 8 identical ones).",
        minimum=0,
        maximum=_MAX_POINTS,
    )
    all_different_adjutant: int = option(
        _ADJUTANT_TABLE[8],
        "Points of the 8 different planets laid as Adjutant (default: as 8 identical ones).",
        minimum=0,
        maximum=_MAX_POINTS,
    )
    max_turns: int = option(
        500,
        "The game ends after this many turns if the stock is not empty by then (house cap).",
        minimum=1,
        maximum=100_000,
    )

    def check_players(self, players: int) -> None:
        """Check that these rules fit a game of ``players`` seats.

        Raises:
            InvalidRulesError: if the first Commander's seat does not exist.
        """
        if self.first_commander >= players:
            raise InvalidRulesError(
                "first_commander", self.first_commander, f"there are only {players} seats"
            )


PRESETS: Final[Mapping[str, Rules]] = types.MappingProxyType(
    {
        "standard": Rules(),
        "dealt-hands": Rules(initial_hand=5),
        "must-lay": Rules(may_decline=False),
        "no-hand-limit": Rules(hand_limit=None),
    }
)
"""Named rules: the rule text's rules with the house scoring first, then house variants.

Read-only (a `types.MappingProxyType`): no caller can change a preset for the whole process.
"""
