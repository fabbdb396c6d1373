"""Playing cards: suits, ranks, the 53 distinct cards, decks and card notation.

This module models the French-suited cards of the 52-card pack (four suits of thirteen ranks,
two to ace) plus the joker, the decks built from them (52 cards, 54 with two jokers, the 32-card
piquet pack) and the notations people use to write cards down:

* short ASCII, rank then suit letter: ``"8H"``, ``"10S"``, ``"QS"``, ``"JOKER"``
  (what ``str(card)`` prints and `parse_cards` reads back);
* with suit symbols: ``"8♥"``, ``"Q♠"``;
* English words: ``"10 of hearts"``, ``"queen of spades"``;
* French words and letters: ``"8 de cœur"``, ``"dame de pique"``, ``"VS"`` (valet de pique),
  ``"DH"`` (dame de cœur), ``"RC"`` (roi de trèfle).

Suit letters are always the English ones (C, D, H, S), in every language; in the first position
a letter is always a rank, so ``"DD"`` is the dame de carreau and ``"H8"`` is refused.

A `Card` is an `int` whose value is a stable code (suit * 13 + rank - 2 for the 52 suited
cards, 52 for the joker). There are exactly 53 card objects, created once at import; every way of
getting a card (`Card`, `Card.parse`, `Card.from_code`, `pickle`, `copy`) returns one of them.

Examples:
    >>> card = Card.parse("queen of spades")
    >>> card
    Card.parse('QS')
    >>> card is Card(Rank.QUEEN, Suit.SPADES)
    True
    >>> print(card, card.unicode(), card.french())
    QS Q♠ dame de pique
    >>> sorted(parse_cards("JOKER 8H 2S 10C"))
    [Card.parse('10C'), Card.parse('8H'), Card.parse('2S'), Card.parse('JOKER')]
"""

from __future__ import annotations

import enum
import re
import unicodedata
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, ClassVar, Final, NoReturn, final

from cardgames._integers import integer_or_none
from cardgames.errors import InvalidArgumentError, ParseError, brief_repr

__all__ = [
    "ALL_CARDS",
    "FULL_DECK",
    "JOKER",
    "Card",
    "DeckKind",
    "Rank",
    "Suit",
    "format_cards",
    "make_deck",
    "parse_cards",
    "remove_card",
]

# ---------------------------------------------------------------------------------------------
# Notation tables. Lookup keys are normalised text (see `_normalise`): trimmed, case-folded,
# without accents, with "œ" spelled "oe".

_SUIT_LETTERS: Final = ("C", "D", "H", "S")
_SUIT_SYMBOLS: Final = ("♣", "♦", "♥", "♠")
_SUIT_WHITE_SYMBOLS: Final = ("♧", "♢", "♡", "♤")
_SUIT_ENGLISH: Final = ("clubs", "diamonds", "hearts", "spades")
_SUIT_FRENCH: Final = ("trèfle", "carreau", "cœur", "pique")
_SUIT_FRENCH_PLURAL: Final = ("trèfles", "carreaux", "cœurs", "piques")

# Indexed by rank value (2..14); the first two slots are unused.
_RANK_LETTERS: Final = ("", "", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
_RANK_ENGLISH: Final = (
    *("", ""),
    *("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"),
    *("jack", "queen", "king", "ace"),
)
_RANK_FRENCH: Final = (
    *("", ""),
    *("deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix"),
    *("valet", "dame", "roi", "as"),
)
# Extra one-character rank notations: "T" for ten, the French letters valet, dame, roi.
_RANK_EXTRA_LETTERS: Final = {"t": 10, "v": 11, "d": 12, "r": 13}

_JOKER_CODE: Final = 52
_JOKER_NAMES: Final = frozenset({"joker", "jk", "\N{PLAYING CARD BLACK JOKER}"})
_JOKER_TEXT: Final = "JOKER"

_SUIT_EXPECTED: Final = "a suit such as 'H', '♥', 'hearts' or 'cœur'"
_RANK_EXPECTED: Final = (
    "a rank such as '2' to '10', 'T', 'J', 'Q', 'K', 'A', 'V', 'D', 'R', 'queen' or 'dame'"
)
_CARD_EXPECTED: Final = (
    "a card, rank first, such as '8H', '10S', 'QS', 'Q♠', 'queen of spades', 'dame de pique' "
    "or 'JOKER'"
)

_NORMALISE_TABLE: Final = str.maketrans(
    {
        "\u0153": "oe",  # œ, which Unicode does not decompose
        "\u2019": "'",  # right single quotation mark, the typographic apostrophe
        "\u02bc": "'",  # modifier letter apostrophe
        "\ufe0e": None,  # text variation selector: "♥︎"
        "\ufe0f": None,  # emoji variation selector: "♥️"
    }
)


# No suit, rank or card name is longer ("valet de trèfle" has 15 characters): longer text is
# refused before it is trimmed or folded, which would copy all of it (or twice as much).
_NAME_TEXT_LIMIT = 64


def _short_text(text: object) -> str | None:
    """``text`` as a plain ``str`` if it is one of at most 64 characters, else None.

    The length is read with ``str.__len__`` (a subclass cannot lie about it) before anything
    else, and a subclass is replaced by a plain copy, so that its ``strip`` or ``casefold`` are
    never called.
    """
    if not isinstance(text, str) or str.__len__(text) > _NAME_TEXT_LIMIT:
        return None
    return text if type(text) is str else str.__str__(text)


def _normalise(text: str) -> str:
    """Trim, case-fold and strip accents, so that "  Cœur " and "coeur" look the same."""
    folded = text.strip().casefold()
    if folded.isascii():
        return folded
    decomposed = unicodedata.normalize("NFKD", folded)
    bare = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return bare.translate(_NORMALISE_TABLE).strip()


# ---------------------------------------------------------------------------------------------
# Suits and ranks


class Suit(enum.IntEnum):
    """One of the four French suits, valued in the order used for card codes and sorting.

    ``str(suit)`` is the English name and `Suit.parse` reads letters, symbols, English and
    French names.

    Examples:
        >>> suit = Suit.parse("cœur")
        >>> print(suit, suit.letter, suit.symbol, suit.french, suit.is_red, int(suit))
        hearts H ♥ cœur True 2
        >>> [suit.letter for suit in Suit]
        ['C', 'D', 'H', 'S']
    """

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """The one-letter ASCII notation: ``"C"``, ``"D"``, ``"H"`` or ``"S"``.

        Examples:
            >>> Suit.DIAMONDS.letter
            'D'
        """
        return _SUIT_LETTERS[self]

    @property
    def symbol(self) -> str:
        """The black Unicode suit symbol: ``"♣"``, ``"♦"``, ``"♥"`` or ``"♠"``.

        Examples:
            >>> Suit.SPADES.symbol
            '♠'
        """
        return _SUIT_SYMBOLS[self]

    @property
    def english(self) -> str:
        """The English name, plural as in "queen of spades": ``"clubs"``, ``"diamonds"``...

        Examples:
            >>> Suit.CLUBS.english
            'clubs'
        """
        return _SUIT_ENGLISH[self]

    @property
    def french(self) -> str:
        """The French name, singular as in "dame de pique": ``"trèfle"``, ``"carreau"``...

        Examples:
            >>> Suit.HEARTS.french
            'cœur'
        """
        return _SUIT_FRENCH[self]

    @property
    def is_red(self) -> bool:
        """Whether the suit is red (diamonds and hearts) rather than black.

        Examples:
            >>> Suit.DIAMONDS.is_red, Suit.CLUBS.is_red
            (True, False)
        """
        return self is Suit.DIAMONDS or self is Suit.HEARTS

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read a suit from its letter, symbol, English or French name.

        Accepted, in any case and with surrounding whitespace: ``"H"``, ``"♥"``, ``"♡"``,
        ``"heart"``, ``"hearts"``, ``"cœur"``, ``"coeur"``, ``"cœurs"`` (and likewise for the
        other suits: ``"trèfle"``/``"trefle"``, ``"carreau"``/``"carreaux"``, ``"pique"``).

        Args:
            text: The text to read.

        Returns:
            The suit.

        Raises:
            ParseError: If the text names no suit (also for a non-string argument, and for text
                longer than 64 characters, refused without being read).

        Examples:
            >>> Suit.parse(" Trefle "), Suit.parse("♢"), Suit.parse("spade")
            (<Suit.CLUBS: 0>, <Suit.DIAMONDS: 1>, <Suit.SPADES: 3>)
            >>> Suit.parse("X")
            Traceback (most recent call last):
            ...
            cardgames.errors.ParseError: cannot parse 'X': expected a suit such as 'H', '♥', 'hearts' or 'cœur'
        """  # noqa: E501  (a doctest output line cannot be wrapped)
        plain = _short_text(text)
        if plain is not None:
            suit = _SUIT_NAMES.get(_normalise(plain))
            if suit is not None:
                return suit
        raise ParseError(text, _SUIT_EXPECTED, "suit")

    def __str__(self) -> str:
        return _SUIT_ENGLISH[self]

    def __format__(self, format_spec: str) -> str:
        # The same on every Python version (IntEnum formats as an int on some of them).
        return format(_SUIT_ENGLISH[self], format_spec)


class Rank(enum.IntEnum):
    """One of the thirteen ranks, valued two to ten, then jack 11, queen 12, king 13, ace 14.

    ``str(rank)`` is the English name and `Rank.parse` reads digits, letters (English and
    French) and English and French names.

    Examples:
        >>> rank = Rank.parse("dame")
        >>> print(rank, rank.letter, rank.french, int(rank))
        queen Q dame 12
        >>> " ".join(rank.letter for rank in Rank)
        '2 3 4 5 6 7 8 9 10 J Q K A'
    """

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def letter(self) -> str:
        """The short notation used in card names: ``"2"`` to ``"10"``, ``"J"``, ``"Q"``...

        Examples:
            >>> Rank.TEN.letter, Rank.KING.letter
            ('10', 'K')
        """
        return _RANK_LETTERS[self]

    @property
    def english(self) -> str:
        """The English name: ``"two"`` to ``"ten"``, ``"jack"``, ``"queen"``, ``"king"``...

        Examples:
            >>> Rank.JACK.english
            'jack'
        """
        return _RANK_ENGLISH[self]

    @property
    def french(self) -> str:
        """The French name: ``"deux"`` to ``"dix"``, ``"valet"``, ``"dame"``, ``"roi"``, ``"as"``.

        Examples:
            >>> Rank.ACE.french
            'as'
        """
        return _RANK_FRENCH[self]

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Read a rank from its digits, letter, English or French name.

        Accepted, in any case and with surrounding whitespace: ``"2"`` to ``"10"``, ``"T"``
        (ten), ``"J"``, ``"Q"``, ``"K"``, ``"A"``, the French letters ``"V"`` (valet), ``"D"``
        (dame), ``"R"`` (roi), and the names ``"two"``... ``"ace"``, ``"deux"``... ``"as"``.

        Args:
            text: The text to read.

        Returns:
            The rank.

        Raises:
            ParseError: If the text names no rank (also for a non-string argument, and for text
                longer than 64 characters, refused without being read).

        Examples:
            >>> Rank.parse("T"), Rank.parse("Valet"), Rank.parse("ace")
            (<Rank.TEN: 10>, <Rank.JACK: 11>, <Rank.ACE: 14>)
            >>> Rank.parse("1")
            Traceback (most recent call last):
            ...
            cardgames.errors.ParseError: cannot parse '1': expected a rank such as '2' to '10', 'T', 'J', 'Q', 'K', 'A', 'V', 'D', 'R', 'queen' or 'dame'
        """  # noqa: E501  (a doctest output line cannot be wrapped)
        plain = _short_text(text)
        if plain is not None:
            rank = _RANK_NAMES.get(_normalise(plain))
            if rank is not None:
                return rank
        raise ParseError(text, _RANK_EXPECTED, "rank")

    def __str__(self) -> str:
        return _RANK_ENGLISH[self]

    def __format__(self, format_spec: str) -> str:
        # The same on every Python version (IntEnum formats as an int on some of them).
        return format(_RANK_ENGLISH[self], format_spec)


_SUIT_NAMES: Final[dict[str, Suit]] = {
    _normalise(name): suit
    for suit in Suit
    for name in (
        _SUIT_LETTERS[suit],
        _SUIT_SYMBOLS[suit],
        _SUIT_WHITE_SYMBOLS[suit],
        _SUIT_ENGLISH[suit],
        _SUIT_ENGLISH[suit][:-1],
        _SUIT_FRENCH[suit],
        _SUIT_FRENCH_PLURAL[suit],
    )
}
# One-character rank notations and "10", which a card's suit may follow without a separator.
_RANK_SHORT: Final[dict[str, Rank]] = {
    **{_normalise(rank.letter): rank for rank in Rank},
    **{letter: Rank(value) for letter, value in _RANK_EXTRA_LETTERS.items()},
}
# Rank names of two letters or more, which a card's suit follows after a separator.
_RANK_WORDS: Final[dict[str, Rank]] = {
    _normalise(name): rank for rank in Rank for name in (rank.english, rank.french)
}
_RANK_NAMES: Final[dict[str, Rank]] = {**_RANK_SHORT, **_RANK_WORDS}


# ---------------------------------------------------------------------------------------------
# Cards


@final
class Card(int):
    """A playing card: one of the 52 suited cards or the joker; immutable and interned.

    A card is an `int` whose value is its *code*: ``suit * 13 + (rank - 2)`` for a suited card
    (0 for the two of clubs to 51 for the ace of spades) and 52 for the joker. The int base is
    deliberate: hashing, equality and ordering run at C speed, and an engine can index a tuple by
    a card. Consequences, all part of the contract:

    * Codes are stable for the whole 1.x series, so they may be stored and exchanged.
    * A card equals (and hashes like) its code: ``Card.parse("8H") == 32``. Compare cards with
      cards: a card also equals any other int of the same value, `Suit` and `Rank` members
      included.
    * Cards order by their code: by suit (clubs, diamonds, hearts, spades), then by rank (two
      to ace), the joker last. `sorted` sorts a hand that way.
    * Arithmetic works as on ints and returns plain ints (use `Card.from_code` to get a card back).
    * Unlike the int 0, every card is true, the two of clubs included.

    There are exactly 53 card objects, created at import: ``Card(rank, suit)``, `Card.parse`,
    `Card.from_code`, `pickle` and `copy` all return one of them, so ``is`` works. All jokers
    are the same object (the two jokers of a 54-card deck are two equal cards: hands are
    multisets).

    Attributes:
        rank: The rank, or None for the joker.
        suit: The suit, or None for the joker.
        is_joker: Whether this is the joker.
        code: The stable code, equal to ``int(card)``.
        JOKER: The joker (the same object as the module constant `JOKER`).

    Attributes are stored in the instance and read-only: setting or deleting any attribute raises
    `AttributeError`.

    Examples:
        >>> eight = Card(Rank.EIGHT, Suit.HEARTS)
        >>> eight is Card.parse("8H") is Card.from_code(32)
        True
        >>> eight.rank, eight.suit, eight.code, eight == 32
        (<Rank.EIGHT: 8>, <Suit.HEARTS: 2>, 32, True)
        >>> print(eight, eight.unicode(), eight.english(), eight.french(), sep=" | ")
        8H | 8♥ | 8 of hearts | 8 de cœur
        >>> Card.JOKER.rank is None, Card.JOKER.is_joker, str(Card.JOKER)
        (True, True, 'JOKER')
        >>> eight.rank = Rank.NINE
        Traceback (most recent call last):
        ...
        AttributeError: Card is immutable: cannot set attribute 'rank'
    """

    JOKER: ClassVar[Card]

    if TYPE_CHECKING:
        # At run time these live in each instance's __dict__ (set once in `_create`); reading
        # them there is faster than a property. Declared as properties so that type checkers
        # treat them as read-only.

        @property
        def rank(self) -> Rank | None:
            """The rank, or None for the joker."""

        @property
        def suit(self) -> Suit | None:
            """The suit, or None for the joker."""

        @property
        def is_joker(self) -> bool:
            """Whether this is the joker."""

        @property
        def code(self) -> int:
            """The stable code: ``suit * 13 + rank - 2``, or 52 for the joker."""

    def __new__(cls, rank: Rank, suit: Suit) -> Card:
        """Return the card of the given rank and suit (the interned instance).

        Plain ints (and NumPy integers) are accepted in place of `Rank` and `Suit` members, as
        by ``Rank(8)``. The joker has no rank or suit: use `JOKER`, ``Card.parse("JOKER")`` or
        ``Card.from_code(52)``.

        Args:
            rank: The rank.
            suit: The suit.

        Returns:
            The card.

        Raises:
            InvalidArgumentError: If rank or suit is not an integer (also a ``TypeError``; text:
                use `Card.parse`) or is an integer that is no rank or suit (also a
                ``ValueError``). An integer type with ``__index__`` (a NumPy integer) is taken.

        Examples:
            >>> Card(Rank.QUEEN, Suit.SPADES)
            Card.parse('QS')
            >>> Card(12, 3) is Card(Rank.QUEEN, Suit.SPADES)
            True
        """
        if type(rank) is Rank and type(suit) is Suit:
            return _ALL_CARDS[suit * 13 + rank - 2]
        return _card_of(rank, suit)

    def __init_subclass__(cls, **kwargs: Any) -> NoReturn:
        raise TypeError("Card cannot be subclassed: its 53 instances are interned")

    @classmethod
    def from_code(cls, code: int) -> Card:
        """Return the card with the given code (0 to 51 for suited cards, 52 for the joker).

        Args:
            code: The code, an int such as ``int(card)`` or ``card.code``.

        Returns:
            The card.

        Raises:
            InvalidArgumentError: If code is not an integer (also a ``TypeError``) or is outside
                0..52 (also a ``ValueError``). An integer type with ``__index__`` (a NumPy
                integer) is taken; ``bool`` is not.

        Examples:
            >>> Card.from_code(0), Card.from_code(51), Card.from_code(52)
            (Card.parse('2C'), Card.parse('AS'), Card.parse('JOKER'))
        """
        if type(code) is int and 0 <= code <= _JOKER_CODE:
            return _ALL_CARDS[code]
        number = integer_or_none(code)
        if number is None:
            raise InvalidArgumentError(
                "code", code, f"a card code must be an int, not {type(code).__name__}"
            )
        if 0 <= number <= _JOKER_CODE:
            return _ALL_CARDS[number]
        raise InvalidArgumentError(
            "code", code, f"a card code must be in 0..{_JOKER_CODE}, not {number}"
        )

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card written in any of the supported notations.

        The rank comes first, then the suit, with an optional separator: nothing, a space,
        ``"-"``, ``" of "``, ``" de "`` or ``" d'"``. Case, accents and surrounding whitespace
        do not matter.

        * Ranks: ``"2"`` to ``"10"``, ``"T"`` (ten), ``"J"``, ``"Q"``, ``"K"``, ``"A"``, the
          French letters ``"V"`` (valet), ``"D"`` (dame), ``"R"`` (roi), and the English and
          French names (``"queen"``, ``"dame"``, ``"ace"``, ``"as"``, ``"huit"``...).
        * Suits: as `Suit.parse` (letters C, D, H, S; symbols; English or French names).
        * The joker: ``"JOKER"`` or ``"JK"``.

        In the first position a letter is always a rank: ``"DD"`` is the dame de carreau, while
        ``"D"`` alone and ``"H8"`` (suit first) are refused. ``"AS"`` is the ace of spades and
        ``"as de trèfle"`` the ace of clubs.

        Successful parses of short texts are cached, so parsing the same text again is a dict
        lookup; the cache is bounded in entries and key length. Text longer than 64 characters
        is refused without being read (no card name is that long).

        Args:
            text: The text to read.

        Returns:
            The card.

        Raises:
            ParseError: If the text is not a card (also for a non-string argument); the error
                names the text and says what was expected.

        Examples:
            >>> [Card.parse(text) for text in ("10S", "TS", "10 of spades", "dix de pique")]
            [Card.parse('10S'), Card.parse('10S'), Card.parse('10S'), Card.parse('10S')]
            >>> Card.parse("Dame de cœur") is Card.parse("DH") is Card.parse("Q♥")
            True
            >>> Card.parse("H8")
            Traceback (most recent call last):
            ...
            cardgames.errors.ParseError: cannot parse 'H8': expected a card, rank first, such as '8H', '10S', 'QS', 'Q♠', 'queen of spades', 'dame de pique' or 'JOKER'
        """  # noqa: E501  (a doctest output line cannot be wrapped)
        if isinstance(text, str):
            card = _lookup(text)
            if card is not None:
                return card
        raise ParseError(text, _CARD_EXPECTED, "card")

    def unicode(self) -> str:
        """The short notation with the suit symbol: ``"8♥"``, ``"10♠"``; ``"JOKER"``.

        Examples:
            >>> Card.parse("10S").unicode(), Card.JOKER.unicode()
            ('10♠', 'JOKER')
        """
        return _UNICODE_TEXTS[self]

    def english(self) -> str:
        """The English name, with digits for two to ten: ``"10 of hearts"``, ``"queen of spades"``.

        The joker is ``"joker"``.

        Examples:
            >>> Card.parse("10H").english(), Card.parse("QS").english()
            ('10 of hearts', 'queen of spades')
        """
        return _ENGLISH_TEXTS[self]

    def french(self) -> str:
        """The French name, with digits for two to ten: ``"8 de cœur"``, ``"dame de pique"``.

        The joker is ``"joker"``.

        Examples:
            >>> Card.parse("8H").french(), Card.parse("AC").french()
            ('8 de cœur', 'as de trèfle')
        """
        return _FRENCH_TEXTS[self]

    def __str__(self) -> str:
        return _SHORT_TEXTS[self]

    def __repr__(self) -> str:
        return f"Card.parse({_SHORT_TEXTS[self]!r})"

    def __format__(self, format_spec: str) -> str:
        # Format the short notation, not the code: f"{card:>4}" gives "  8H".
        return format(_SHORT_TEXTS[self], format_spec)

    def __bool__(self) -> bool:
        # The two of clubs has code 0 but, being a card, is true.
        return True

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError(f"Card is immutable: cannot set attribute {name!r}")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"Card is immutable: cannot delete attribute {name!r}")

    def __reduce__(self) -> tuple[Callable[[int], Card], tuple[int]]:
        # Unpickling looks the interned card up by its code.
        return (Card.from_code, (int(self),))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self


def _create(code: int) -> Card:
    """Build the one card object with this code (at import only)."""
    card = int.__new__(Card, code)
    if code == _JOKER_CODE:
        rank: Rank | None = None
        suit: Suit | None = None
    else:
        rank = Rank(code % 13 + 2)
        suit = Suit(code // 13)
    card.__dict__.update(rank=rank, suit=suit, is_joker=code == _JOKER_CODE, code=code)
    return card


def _card_of(rank: object, suit: object) -> Card:
    """The slow path of ``Card(rank, suit)``: check and convert integers, or explain."""
    if rank is None and suit is None:
        raise InvalidArgumentError(
            "rank",
            None,
            "Card() needs a rank and a suit; the joker has neither: use JOKER or "
            "Card.parse('JOKER')",
        )
    checked_rank = Rank(_int_argument("rank", rank, 2, 14))
    checked_suit = Suit(_int_argument("suit", suit, 0, 3))
    return _ALL_CARDS[checked_suit * 13 + checked_rank - 2]


def _int_argument(name: str, value: object, low: int, high: int) -> int:
    """``value`` as a plain ``int`` from ``low`` to ``high`` (a NumPy integer too, no bool).

    Raises:
        InvalidArgumentError: naming the argument (a ``TypeError`` and a ``ValueError``).
    """
    number = integer_or_none(value)
    if number is None:
        hint = " (to read text, use Card.parse)" if isinstance(value, str) else ""
        raise InvalidArgumentError(
            name, value, f"Card() {name} must be a {name.title()}, not {brief_repr(value)}{hint}"
        )
    if not low <= number <= high:
        raise InvalidArgumentError(
            name, value, f"Card() {name} must be in {low}..{high}, not {number}"
        )
    return number


_ALL_CARDS: Final[tuple[Card, ...]] = tuple(_create(code) for code in range(_JOKER_CODE + 1))

JOKER: Final[Card] = _ALL_CARDS[_JOKER_CODE]
"""The joker: the 53rd card, code 52, with no rank or suit; the same object as `Card.JOKER`."""

Card.JOKER = JOKER

FULL_DECK: Final[tuple[Card, ...]] = _ALL_CARDS[:_JOKER_CODE]
"""The 52 suited cards in code order (by suit, then rank): the standard deck."""

ALL_CARDS: Final[tuple[Card, ...]] = _ALL_CARDS
"""The 53 distinct cards in code order: the 52 suited cards, then the joker.

``ALL_CARDS[code] is Card.from_code(code)``.
"""


def _texts(suited: Callable[[Rank, Suit], str], joker: str) -> tuple[str, ...]:
    """One notation of every card, indexed by code."""
    return tuple(
        joker if card.suit is None or card.rank is None else suited(card.rank, card.suit)
        for card in _ALL_CARDS
    )


def _name_rank(rank: Rank, name: str) -> str:
    """How card names write a rank: digits for two to ten, the given word for faces and ace."""
    return rank.letter if rank <= Rank.TEN else name


_SHORT_TEXTS: Final = _texts(lambda rank, suit: rank.letter + suit.letter, _JOKER_TEXT)
_UNICODE_TEXTS: Final = _texts(lambda rank, suit: rank.letter + suit.symbol, _JOKER_TEXT)
_ENGLISH_TEXTS: Final = _texts(
    lambda rank, suit: f"{_name_rank(rank, rank.english)} of {suit.english}", "joker"
)
_FRENCH_TEXTS: Final = _texts(
    lambda rank, suit: f"{_name_rank(rank, rank.french)} de {suit.french}", "joker"
)

# ---------------------------------------------------------------------------------------------
# Parsing

# The head of a card: "10", one digit, or a run of letters (a rank word, or a rank letter glued
# to its suit: "qs", "th").
_RANK_HEAD: Final = re.compile(r"10|[0-9]|[a-z]+")
# Between rank and suit, after optional spaces ("8-H", "8 of hearts", "valet d'pique").
_SEPARATORS: Final = ("of ", "de ", "d'", "-")

# Raw text -> card, for texts that parsed. Bounded in entries and in key length, so that
# arbitrary input cannot grow it without limit; once full, further texts are parsed every time.
_PARSE_CACHE: dict[str, Card] = {}
_PARSE_CACHE_LIMIT = 8192
_PARSE_CACHE_KEY_LIMIT = 32
CARD_TEXT_LIMIT = _NAME_TEXT_LIMIT
"""The longest text read as one card, in characters: no card name is longer ("valet de trèfle"
has 15 characters), so longer text is refused unread."""


def _with_suit(rank: Rank, rest: str) -> Card | None:
    """The card of this rank whose suit (after an optional separator) is all of ``rest``."""
    rest = rest.lstrip()
    for separator in _SEPARATORS:
        if rest.startswith(separator):
            rest = rest[len(separator) :].lstrip()
            break
    suit = _SUIT_NAMES.get(rest)
    if suit is None:
        return None
    return _ALL_CARDS[suit * 13 + rank - 2]


def _parse_normalised(text: str) -> Card | None:
    """The card that normalised text names, or None."""
    if text in _JOKER_NAMES:
        return JOKER
    match = _RANK_HEAD.match(text)
    if match is None:
        return None
    head = match.group()
    if len(head) > 1 and head != "10":
        # A rank word ("queen of spades", "as de trèfle"); failing that, a rank letter glued to
        # a suit ("qs", or "as" for the ace of spades).
        rank = _RANK_WORDS.get(head)
        if rank is not None:
            card = _with_suit(rank, text[len(head) :])
            if card is not None:
                return card
        head = head[0]
    short_rank = _RANK_SHORT.get(head)
    if short_rank is None:
        return None
    return _with_suit(short_rank, text[len(head) :])


def _lookup(text: str) -> Card | None:
    """The card that text names, or None; through the cache.

    The text is checked before it is hashed or kept: long text is refused unread, and a subclass
    of ``str`` (whose ``__eq__`` or ``__hash__`` may lie) is replaced by a plain copy, so that
    the cache only ever holds, and compares with, the library's own strings.
    """
    if str.__len__(text) > CARD_TEXT_LIMIT:
        return None
    if type(text) is not str:
        text = str.__str__(text)
    card = _PARSE_CACHE.get(text)
    if card is None:
        card = _parse_normalised(_normalise(text))
        if (
            card is not None
            and len(text) <= _PARSE_CACHE_KEY_LIMIT
            and len(_PARSE_CACHE) < _PARSE_CACHE_LIMIT
        ):
            _PARSE_CACHE[text] = card
    return card


# ---------------------------------------------------------------------------------------------
# Decks


class DeckKind(enum.Enum):
    """The kinds of deck that `make_deck` builds.

    Attributes:
        STANDARD_52: The 52 suited cards.
        JOKERS_54: The 52 suited cards and two jokers.
        PIQUET_32: The 32-card piquet pack: seven to ace in each suit.

    Examples:
        >>> [(kind.value, kind.size) for kind in DeckKind]
        [('standard_52', 52), ('jokers_54', 54), ('piquet_32', 32)]
    """

    STANDARD_52 = "standard_52"
    JOKERS_54 = "jokers_54"
    PIQUET_32 = "piquet_32"

    @property
    def size(self) -> int:
        """The number of cards in one deck of this kind.

        Examples:
            >>> DeckKind.PIQUET_32.size
            32
        """
        return len(_DECKS[self])


_DECKS: Final[dict[DeckKind, tuple[Card, ...]]] = {
    DeckKind.STANDARD_52: FULL_DECK,
    DeckKind.JOKERS_54: (*FULL_DECK, JOKER, JOKER),
    DeckKind.PIQUET_32: tuple(
        Card(rank, suit) for suit in Suit for rank in Rank if rank >= Rank.SEVEN
    ),
}


def make_deck(kind: DeckKind = DeckKind.STANDARD_52, copies: int = 1) -> tuple[Card, ...]:
    """Return the cards of ``copies`` decks of a kind, unshuffled.

    Each deck lists its cards in code order (by suit, then rank, jokers last); the decks follow
    one another. Shuffling is the caller's business (with a seeded generator).

    Args:
        kind: The kind of deck.
        copies: How many decks to put together, at least 1.

    Returns:
        The cards, ``kind.size * copies`` of them.

    Raises:
        InvalidArgumentError: If kind is not a `DeckKind` or copies not an integer (also a
            ``TypeError``), or copies is not from 1 to 1,000 (also a ``ValueError``; the games
            deal at most 40 decks, and a billion would fill memory). An integer type with
            ``__index__`` (a NumPy integer) is taken.

    Examples:
        >>> len(make_deck()), len(make_deck(DeckKind.JOKERS_54, copies=2))
        (52, 108)
        >>> format_cards(make_deck(DeckKind.PIQUET_32)[:8])
        '7C 8C 9C 10C JC QC KC AC'
    """
    if not isinstance(kind, DeckKind):
        raise InvalidArgumentError(
            "kind", kind, f"kind must be a DeckKind, not {type(kind).__name__}"
        )
    count = copies if type(copies) is int else integer_or_none(copies)
    if count is None:
        raise InvalidArgumentError("copies", copies, "copies must be an int")
    if count < 1:
        raise InvalidArgumentError("copies", copies, f"copies must be at least 1, not {count}")
    if count > _MOST_COPIES:  # before anything is allocated
        raise InvalidArgumentError("copies", copies, f"copies must be at most {_MOST_COPIES:,}")
    return _DECKS[kind] * count


_MOST_COPIES = 1000


# ---------------------------------------------------------------------------------------------
# Sequences of cards

# The longest text `parse_cards` reads, in characters: over twice the longest deck written out
# (432 cards of at most 64 characters and a separator), so that no legitimate text is refused.
_CARDS_TEXT_LIMIT = 65_536


def take_card(tokens: list[str], start: int) -> tuple[Card, int]:
    """Parse the card that starts at ``tokens[start]``; return it and how many tokens it took.

    A card may be written in one to three words (``"8H"``, ``"8 ♥"``, ``"10 of hearts"``); the
    move notations read their cards with it.

    Raises:
        ParseError: if no card starts at ``tokens[start]``.

    Examples:
        >>> take_card(["play", "10", "of", "hearts", "now"], 1)
        (Card.parse('10H'), 3)
    """
    first = tokens[start]
    if _normalise(first) in _RANK_NAMES:
        # A lone rank starts a card written in words: "10 of hearts", "as de trèfle", "8 ♥".
        # ("as" alone is also the ace of spades, hence the last try.)
        widths: tuple[int, ...] = (3, 2, 1)
    else:
        widths = (1,)
    for width in widths:
        words = tokens[start : start + width]
        if len(words) == width:
            card = _lookup(" ".join(words))
            if card is not None:
                return card, width
    raise ParseError(" ".join(tokens[start : start + widths[0]]), _CARD_EXPECTED, "card")


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read a list of cards separated by whitespace and/or commas.

    Each card is in any notation `Card.parse` accepts. A card written in words may contain
    spaces (``"10 of hearts"``, ``"dame de pique"``, ``"8 ♥"``): a token that is only a rank
    takes the next one or two tokens with it. Empty text (or only separators) is no cards.

    Text longer than 65,536 characters is refused without being read. The largest deck the
    games deal, eight packs of 54 cards, is 432 cards: each written in words with a separator
    (``"valet de trèfle, "``) needs fewer than 8,000 characters, and at the longest notation
    `Card.parse` reads (64 characters and a separator) under 29,000.

    Args:
        text: The text to read.

    Returns:
        The cards, in the order written (duplicates kept).

    Raises:
        ParseError: If a card cannot be read (the error names the offending piece of text), or
            if the text is not a string or is longer than 65,536 characters.

    Examples:
        >>> parse_cards("8H QS, 10♦ JOKER")
        (Card.parse('8H'), Card.parse('QS'), Card.parse('10D'), Card.parse('JOKER'))
        >>> parse_cards("10 of hearts, as de trèfle 2C")
        (Card.parse('10H'), Card.parse('AC'), Card.parse('2C'))
        >>> parse_cards("")
        ()
    """
    if not isinstance(text, str):
        raise ParseError(text, "cards separated by whitespace or commas", "card")
    if str.__len__(text) > _CARDS_TEXT_LIMIT:  # bounded before it is split (7 µs a card)
        raise ParseError(
            text,
            f"cards separated by whitespace or commas, at most {_CARDS_TEXT_LIMIT:,} characters",
            "card",
        )
    if type(text) is not str:  # a subclass's split or strip are never called
        text = str.__str__(text)
    cards: list[Card] = []
    for item in text.split(","):
        tokens = item.split()
        start = 0
        while start < len(tokens):
            card, width = take_card(tokens, start)
            cards.append(card)
            start += width
    return tuple(cards)


def format_cards(cards: Iterable[Card]) -> str:
    """Write cards in the short notation, separated by spaces; `parse_cards` reads it back.

    Args:
        cards: The cards.

    Returns:
        The text, ``""`` for no cards.

    Examples:
        >>> format_cards([Card.parse("8H"), Card.JOKER, Card.parse("10S")])
        '8H JOKER 10S'
    """
    return " ".join([str(card) for card in cards])


def remove_card(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """Return the cards with one occurrence of ``card`` removed (the first one).

    This is the multiset removal engines use on hands: other copies of the same card stay.

    Args:
        cards: The cards, for example a hand.
        card: The card to remove.

    Returns:
        A new tuple, one card shorter, in the same order otherwise.

    Raises:
        ValueError: If the card is not among the cards.

    Examples:
        >>> hand = parse_cards("8H JOKER QS JOKER")
        >>> format_cards(remove_card(hand, JOKER))
        '8H QS JOKER'
        >>> remove_card(hand, Card.parse("2C"))
        Traceback (most recent call last):
        ...
        ValueError: cannot remove 2C: it is not among the cards (8H JOKER QS JOKER)
    """
    try:
        index = cards.index(card)
    except ValueError:
        raise ValueError(
            f"cannot remove {card}: it is not among the cards ({format_cards(cards)})"
        ) from None
    return cards[:index] + cards[index + 1 :]
