"""The cards of "8": eight planets and the black hole, in English and French.

The game has 104 cards: 12 of each of the eight planets and 8 black holes. Cards of the same
kind are identical, so a card is just its kind: a `PlanetCard`, one of nine interned enum members
that compare, hash and sort as small integers (the planets in order from the Sun, the black hole
last).

``str(card)`` is the English name in one word (``"Saturn"``, ``"black-hole"``), which
`PlanetCard.parse` and `parse_planet_cards` read back, together with the French names
(``"Saturne"``, ``"Trou noir"``), two-letter abbreviations (``"Sa"``, ``"BH"``, ``"TN"``) and the
astronomical symbols (``"♄"``). Case, accents, hyphens and surrounding spaces do not matter.

Examples:
    >>> card = PlanetCard.parse("Saturne")
    >>> print(card, card.english, card.french, card.is_planet)
    Saturn Saturn Saturne True
    >>> PlanetCard.parse("trou noir") is PlanetCard.BLACK_HOLE
    True
    >>> format_planet_cards(parse_planet_cards("Terre, Mars black hole Vénus"))
    'Earth Mars black-hole Venus'
"""

from __future__ import annotations

import enum
import unicodedata
from collections.abc import Iterable
from typing import ClassVar, Final

from cardgames.errors import ParseError

__all__ = [
    "BLACK_HOLE",
    "FULL_DECK",
    "PLANETS",
    "PlanetCard",
    "cards_from_counts",
    "format_planet_cards",
    "parse_planet_cards",
    "planet_counts",
]


class _TextCoded:
    """Marks a type that the JSON codec writes as ``str(value)`` and reads with ``parse``."""

    text_coded: ClassVar[bool] = True


class PlanetCard(_TextCoded, enum.IntEnum):
    """One card of "8": a planet (in order from the Sun) or the black hole.

    ``str(card)`` is the one-word English name; `english` and `french` are the names people
    write; `parse` reads all of them.

    Examples:
        >>> [str(card) for card in PlanetCard]  # doctest: +NORMALIZE_WHITESPACE
        ['Mercury', 'Venus', 'Earth', 'Mars', 'Jupiter', 'Saturn', 'Uranus', 'Neptune',
         'black-hole']
        >>> PlanetCard.BLACK_HOLE.french, PlanetCard.EARTH.abbreviation
        ('Trou noir', 'Ea')
    """

    MERCURY = 0
    VENUS = 1
    EARTH = 2
    MARS = 3
    JUPITER = 4
    SATURN = 5
    URANUS = 6
    NEPTUNE = 7
    BLACK_HOLE = 8

    @property
    def is_planet(self) -> bool:
        """Whether the card is a planet (not the black hole).

        Examples:
            >>> PlanetCard.MARS.is_planet, PlanetCard.BLACK_HOLE.is_planet
            (True, False)
        """
        return self is not PlanetCard.BLACK_HOLE

    @property
    def english(self) -> str:
        """The English name: ``"Mercury"``... ``"Neptune"``, ``"black hole"``.

        Examples:
            >>> PlanetCard.URANUS.english, PlanetCard.BLACK_HOLE.english
            ('Uranus', 'black hole')
        """
        return _ENGLISH[self]

    @property
    def french(self) -> str:
        """The French name: ``"Mercure"``, ``"Vénus"``, ``"Terre"``... ``"Trou noir"``.

        Examples:
            >>> PlanetCard.VENUS.french, PlanetCard.SATURN.french
            ('Vénus', 'Saturne')
        """
        return _FRENCH[self]

    @property
    def abbreviation(self) -> str:
        """Two letters: ``"Me"``, ``"Ve"``, ``"Ea"``, ``"Ma"``, ``"Ju"``... ``"BH"``.

        Examples:
            >>> PlanetCard.MERCURY.abbreviation, PlanetCard.MARS.abbreviation
            ('Me', 'Ma')
        """
        return _ABBREVIATIONS[self]

    @property
    def symbol(self) -> str:
        """The astronomical symbol (``"♄"`` for Saturn); ``"●"`` for the black hole.

        Examples:
            >>> PlanetCard.SATURN.symbol
            '♄'
        """
        return _SYMBOLS[self]

    @classmethod
    def parse(cls, text: str) -> PlanetCard:
        """Read a card from its English or French name, abbreviation or symbol.

        Accepted, in any case, with or without accents, hyphens or spaces: ``"Saturn"``,
        ``"Saturne"``, ``"Sa"``, ``"♄"``; ``"black hole"``, ``"black-hole"``, ``"BH"``,
        ``"trou noir"``, ``"TN"``; ``"Te"`` and ``"Terre"`` for Earth, ``"Vénus"``/``"Venus"``.
        Text longer than 64 characters is refused without being read (no name is that long).

        Args:
            text: The text to read.

        Returns:
            The card.

        Raises:
            ParseError: If the text names no card (also for a non-string argument).

        Examples:
            >>> PlanetCard.parse(" vénus "), PlanetCard.parse("TROU-NOIR"), PlanetCard.parse("Te")
            (<PlanetCard.VENUS: 1>, <PlanetCard.BLACK_HOLE: 8>, <PlanetCard.EARTH: 2>)
            >>> PlanetCard.parse("Pluto")
            Traceback (most recent call last):
            ...
            cardgames.errors.ParseError: cannot parse 'Pluto': expected a planet card such as 'Saturn', 'Saturne', 'Sa', 'black hole' or 'trou noir'
        """  # noqa: E501  (a doctest output line cannot be wrapped)
        if isinstance(text, str):
            if len(text) > _TEXT_LIMIT:  # no name is that long: refused unread, its head shown
                raise ParseError(text[:60] + "…", _EXPECTED, "planet")
            card = _NAMES.get(_fold(text))
            if card is not None:
                return card
        raise ParseError(text, _EXPECTED, "planet")

    def __str__(self) -> str:
        return _SHORT[self]

    def __format__(self, format_spec: str) -> str:
        # The same on every Python version (IntEnum formats as an int on some of them).
        return format(_SHORT[self], format_spec)


PLANETS: Final = tuple(card for card in PlanetCard if card.is_planet)
"""The eight planets, in order from the Sun."""

BLACK_HOLE: Final = PlanetCard.BLACK_HOLE
"""The black hole."""

COPIES_PER_PLANET: Final = 12
"""How many cards of each planet the game has."""

BLACK_HOLE_COUNT: Final = 8
"""How many black holes the game has."""

FULL_DECK: Final = (
    tuple(card for card in PLANETS for _ in range(COPIES_PER_PLANET))
    + (BLACK_HOLE,) * BLACK_HOLE_COUNT
)
"""The 104 cards of the game, unshuffled: 12 of each planet in order, then 8 black holes."""

_SHORT: Final = (
    *("Mercury", "Venus", "Earth", "Mars", "Jupiter", "Saturn", "Uranus", "Neptune"),
    "black-hole",
)
_ENGLISH: Final = (*_SHORT[:8], "black hole")
_FRENCH: Final = (
    *("Mercure", "Vénus", "Terre", "Mars", "Jupiter", "Saturne", "Uranus", "Neptune"),
    "Trou noir",
)
_ABBREVIATIONS: Final = ("Me", "Ve", "Ea", "Ma", "Ju", "Sa", "Ur", "Ne", "BH")
_SYMBOLS: Final = ("☿", "♀", "♁", "♂", "♃", "♄", "♅", "♆", "●")
_TEXT_LIMIT: Final = 64  # as `cardgames.cards.Card.parse`
_CARDS_TEXT_LIMIT: Final = 65_536  # as `cardgames.cards.parse_cards`
_EXPECTED: Final = "a planet card such as 'Saturn', 'Saturne', 'Sa', 'black hole' or 'trou noir'"


def _fold(text: str) -> str:
    """Case-fold, strip accents, and drop spaces, hyphens and underscores."""
    folded = text.casefold()
    if not folded.isascii():
        decomposed = unicodedata.normalize("NFKD", folded)
        folded = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return "".join(ch for ch in folded if ch not in " -_\t\n")


_NAMES: Final[dict[str, PlanetCard]] = {
    _fold(name): card
    for card in PlanetCard
    for name in (
        _SHORT[card],
        _ENGLISH[card],
        _FRENCH[card],
        _ABBREVIATIONS[card],
        _SYMBOLS[card],
        card.name,
    )
}
_NAMES.update({"te": PlanetCard.EARTH, "tn": BLACK_HOLE, "⊕": PlanetCard.EARTH})


def parse_planet_cards(text: str) -> tuple[PlanetCard, ...]:
    """Read cards separated by whitespace or commas (``"black hole"``, ``"trou noir"`` allowed).

    Text longer than 65,536 characters (as `cardgames.cards.parse_cards`; the 104 cards of the
    game written out take under 7,000) is refused without being read.

    Args:
        text: The text to read.

    Returns:
        The cards, in the order written (duplicates kept).

    Raises:
        ParseError: If a card cannot be read (the error names the offending piece of text), or
            if the text is not a string or is longer than 65,536 characters.

    Examples:
        >>> parse_planet_cards("Saturn Saturne, trou noir Sa")  # doctest: +NORMALIZE_WHITESPACE
        (<PlanetCard.SATURN: 5>, <PlanetCard.SATURN: 5>, <PlanetCard.BLACK_HOLE: 8>,
         <PlanetCard.SATURN: 5>)
    """
    if not isinstance(text, str):
        raise ParseError(text, "planet cards separated by whitespace or commas", "planet")
    if str.__len__(text) > _CARDS_TEXT_LIMIT:  # bounded before it is split
        raise ParseError(
            text,
            f"planet cards separated by whitespace or commas, at most {_CARDS_TEXT_LIMIT:,} "
            "characters",
            "planet",
        )
    if type(text) is not str:  # a subclass's split is never called
        text = str.__str__(text)
    cards: list[PlanetCard] = []
    for item in text.split(","):
        tokens = item.split()
        i = 0
        while i < len(tokens):
            pair = " ".join(tokens[i : i + 2])
            if i + 1 < len(tokens) and _fold(pair) in ("blackhole", "trounoir"):
                cards.append(BLACK_HOLE)
                i += 2
                continue
            cards.append(PlanetCard.parse(tokens[i]))
            i += 1
    return tuple(cards)


def format_planet_cards(cards: Iterable[PlanetCard]) -> str:
    """Write cards as their one-word names, separated by spaces (`parse_planet_cards` reads it).

    Examples:
        >>> format_planet_cards([PlanetCard.EARTH, PlanetCard.BLACK_HOLE])
        'Earth black-hole'
    """
    return " ".join(_SHORT[card] for card in cards)


def planet_counts(cards: Iterable[PlanetCard]) -> tuple[int, ...]:
    """How many of each planet (Mercury first) ``cards`` holds: how engines store a hand.

    Examples:
        >>> planet_counts(parse_planet_cards("Saturn Mars Saturn"))
        (0, 0, 0, 1, 0, 2, 0, 0)
    """
    counts = [0] * len(PLANETS)
    for card in cards:
        counts[card] += 1
    return tuple(counts)


def cards_from_counts(counts: Iterable[int]) -> tuple[PlanetCard, ...]:
    """The planets that eight counts stand for, sorted (the inverse of `planet_counts`).

    Examples:
        >>> format_planet_cards(cards_from_counts((1, 0, 0, 1, 0, 2, 0, 0)))
        'Mercury Mars Saturn Saturn'
    """
    out: list[PlanetCard] = []
    for planet, count in zip(PLANETS, counts, strict=True):
        out.extend((planet,) * count)
    return tuple(out)
