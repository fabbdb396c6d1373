"""Tests of `cardgames.cards`: suits, ranks, cards, notation, decks and card sequences."""

from __future__ import annotations

import copy
import itertools
import pickle
from collections import Counter
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgames import cards as cards_module
from cardgames.cards import (
    ALL_CARDS,
    FULL_DECK,
    JOKER,
    Card,
    DeckKind,
    Rank,
    Suit,
    format_cards,
    make_deck,
    parse_cards,
    remove_card,
)
from cardgames.errors import ParseError

# ---------------------------------------------------------------------------------------------
# Reference spellings, written out here independently of the module's own tables.

SUIT_SPELLINGS: dict[Suit, tuple[str, ...]] = {
    Suit.CLUBS: ("C", "♣", "♧", "clubs", "club", "trèfle", "trefle", "trèfles", "trefles"),
    Suit.DIAMONDS: ("D", "♦", "♢", "diamonds", "diamond", "carreau", "carreaux"),
    Suit.HEARTS: ("H", "♥", "♡", "hearts", "heart", "cœur", "coeur", "cœurs", "coeurs", "Cœur"),
    Suit.SPADES: ("S", "♠", "♤", "spades", "spade", "pique", "piques"),
}
# Rank spellings that may be glued to the suit ("QS", "10♥") ...
RANK_LETTERS: dict[Rank, tuple[str, ...]] = {
    **{Rank(value): (str(value),) for value in range(2, 10)},
    Rank.TEN: ("10", "T"),
    Rank.JACK: ("J", "V"),
    Rank.QUEEN: ("Q", "D"),
    Rank.KING: ("K", "R"),
    Rank.ACE: ("A",),
}
# ... and rank names, which need a separator before the suit ("queen of spades").
RANK_WORDS: dict[Rank, tuple[str, ...]] = {
    Rank.TWO: ("two", "deux"),
    Rank.THREE: ("three", "trois"),
    Rank.FOUR: ("four", "quatre"),
    Rank.FIVE: ("five", "cinq"),
    Rank.SIX: ("six",),
    Rank.SEVEN: ("seven", "sept"),
    Rank.EIGHT: ("eight", "huit"),
    Rank.NINE: ("nine", "neuf"),
    Rank.TEN: ("ten", "dix"),
    Rank.JACK: ("jack", "valet"),
    Rank.QUEEN: ("queen", "dame"),
    Rank.KING: ("king", "roi"),
    Rank.ACE: ("ace", "as"),
}
SEPARATORS = ("", " ", "-", " - ", " of ", " de ", " d'", " d\u2019")
WORD_SEPARATORS = tuple(separator for separator in SEPARATORS if separator)

SUITED_CARDS = FULL_DECK
cards_lists = st.lists(st.sampled_from(ALL_CARDS), max_size=30)


def card_spellings(card: Card) -> list[str]:
    """Every way this test file knows to write a card."""
    forms = [str(card), card.unicode(), card.english(), card.french(), repr(card)[12:-2]]
    if card.rank is None or card.suit is None:
        return [*forms, "JOKER", "joker", "Joker", "JK", "jk"]
    for suit_text in SUIT_SPELLINGS[card.suit]:
        for rank_text in RANK_LETTERS[card.rank]:
            forms += [rank_text + separator + suit_text for separator in SEPARATORS]
        for rank_text in RANK_WORDS[card.rank]:
            forms += [rank_text + separator + suit_text for separator in WORD_SEPARATORS]
    return forms


def case_variants(text: str) -> list[str]:
    return [text, text.lower(), text.upper(), text.title(), f"  {text}\t\n"]


# ---------------------------------------------------------------------------------------------
# Suit


def test_suit_values_and_names() -> None:
    assert [(suit.name, int(suit)) for suit in Suit] == [
        ("CLUBS", 0),
        ("DIAMONDS", 1),
        ("HEARTS", 2),
        ("SPADES", 3),
    ]
    assert [suit.letter for suit in Suit] == ["C", "D", "H", "S"]
    assert [suit.symbol for suit in Suit] == ["♣", "♦", "♥", "♠"]
    assert [suit.english for suit in Suit] == ["clubs", "diamonds", "hearts", "spades"]
    assert [suit.french for suit in Suit] == ["trèfle", "carreau", "cœur", "pique"]
    assert [suit.is_red for suit in Suit] == [False, True, True, False]


def test_suit_str_and_format_are_the_english_name() -> None:
    assert str(Suit.HEARTS) == "hearts"
    assert f"{Suit.CLUBS}" == "clubs"
    assert f"{Suit.SPADES:>8}" == "  spades"


@pytest.mark.parametrize("suit", list(Suit), ids=str)
def test_suit_parse_accepts_every_spelling(suit: Suit) -> None:
    for spelling in SUIT_SPELLINGS[suit]:
        for text in case_variants(spelling):
            assert Suit.parse(text) is suit, text


def test_suit_parse_accepts_emoji_presentation() -> None:
    assert Suit.parse("♥\ufe0f") is Suit.HEARTS
    assert Suit.parse("\u2666\ufe0e") is Suit.DIAMONDS


@pytest.mark.parametrize("text", ["", " ", "X", "HH", "heartss", "coeurx", "8", "♥♥", "rouge"])
def test_suit_parse_refuses_bad_text(text: str) -> None:
    with pytest.raises(ParseError, match="expected a suit") as info:
        Suit.parse(text)
    assert info.value.text == text
    assert repr(text) in str(info.value)


@pytest.mark.parametrize("value", [None, 2, Suit.HEARTS, b"H", ["H"]])
def test_suit_parse_refuses_non_strings(value: object) -> None:
    with pytest.raises(ParseError, match="expected a suit") as info:
        Suit.parse(value)  # type: ignore[arg-type]
    assert info.value.text is value


# ---------------------------------------------------------------------------------------------
# Rank


def test_rank_values_and_names() -> None:
    assert [int(rank) for rank in Rank] == list(range(2, 15))
    assert [rank.letter for rank in Rank] == [
        *("2", "3", "4", "5", "6", "7", "8", "9", "10"),
        *("J", "Q", "K", "A"),
    ]
    assert [rank.english for rank in Rank] == [words[0] for words in RANK_WORDS.values()]
    assert [rank.french for rank in Rank] == [
        *("deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix"),
        *("valet", "dame", "roi", "as"),
    ]


def test_rank_str_and_format_are_the_english_name() -> None:
    assert str(Rank.QUEEN) == "queen"
    assert f"{Rank.TEN}" == "ten"
    assert f"{Rank.ACE:<5}|" == "ace  |"
    assert f"{Rank.QUEEN} of {Suit.SPADES}" == "queen of spades"


@pytest.mark.parametrize("rank", list(Rank), ids=str)
def test_rank_parse_accepts_every_spelling(rank: Rank) -> None:
    for spelling in (*RANK_LETTERS[rank], *RANK_WORDS[rank]):
        for text in case_variants(spelling):
            assert Rank.parse(text) is rank, text


@pytest.mark.parametrize(
    "text", ["", " ", "0", "1", "11", "01", "X", "B", "H", "jacks", "tens", "dame de", "8H"]
)
def test_rank_parse_refuses_bad_text(text: str) -> None:
    with pytest.raises(ParseError, match="expected a rank") as info:
        Rank.parse(text)
    assert info.value.text == text
    assert repr(text) in str(info.value)


@pytest.mark.parametrize("value", [None, 8, Rank.EIGHT, b"8", 8.0])
def test_rank_parse_refuses_non_strings(value: object) -> None:
    with pytest.raises(ParseError, match="expected a rank") as info:
        Rank.parse(value)  # type: ignore[arg-type]
    assert info.value.text is value


# ---------------------------------------------------------------------------------------------
# Card: codes, attributes and interning


@pytest.mark.parametrize("card", SUITED_CARDS, ids=str)
def test_suited_card_attributes_and_code(card: Card) -> None:
    assert card.rank is not None
    assert card.suit is not None
    assert card.code == int(card) == card.suit * 13 + card.rank - 2
    assert card.is_joker is False
    assert type(card.rank) is Rank
    assert type(card.suit) is Suit
    assert type(card.code) is int
    assert card is Card(card.rank, card.suit) is Card.from_code(card.code)


def test_card_codes_are_stable() -> None:
    # Part of the 1.x contract: stored and exchanged codes must keep their meaning.
    assert int(Card(Rank.TWO, Suit.CLUBS)) == 0
    assert int(Card(Rank.ACE, Suit.CLUBS)) == 12
    assert int(Card(Rank.TWO, Suit.DIAMONDS)) == 13
    assert int(Card(Rank.EIGHT, Suit.HEARTS)) == 32
    assert int(Card(Rank.ACE, Suit.SPADES)) == 51
    assert int(JOKER) == 52


def test_joker() -> None:
    assert JOKER is Card.JOKER is Card.from_code(52) is Card.parse("JOKER") is ALL_CARDS[-1]
    assert JOKER.rank is None
    assert JOKER.suit is None
    assert JOKER.is_joker is True
    assert JOKER.code == 52
    assert [card for card in ALL_CARDS if card.is_joker] == [JOKER]


def test_there_are_exactly_53_card_objects() -> None:
    assert len(ALL_CARDS) == 53
    assert len({id(card) for card in ALL_CARDS}) == 53
    assert [int(card) for card in ALL_CARDS] == list(range(53))
    assert all(type(card) is Card for card in ALL_CARDS)
    assert ALL_CARDS[:52] == FULL_DECK
    made = {id(Card(rank, suit)) for suit in Suit for rank in Rank}
    assert made == {id(card) for card in FULL_DECK}


def test_constructing_does_not_allocate() -> None:
    eight = Card(Rank.EIGHT, Suit.HEARTS)
    assert eight is Card.parse("8H")
    assert eight is Card(8, 2)  # type: ignore[arg-type]
    assert eight is Card(Rank(8), Suit(2))
    assert eight is Card.from_code(32)
    assert eight is Card.from_code(eight)
    assert Card.from_code(Rank.TWO) is Card.parse("4C")


@pytest.mark.parametrize(
    ("rank", "suit", "message"),
    [
        (None, None, "the joker has neither"),
        ("8", Suit.HEARTS, r"rank must be a Rank, not '8' \(to read text, use Card.parse\)"),
        (Rank.EIGHT, "H", "suit must be a Suit, not 'H'"),
        (True, Suit.HEARTS, "rank must be a Rank, not True"),
        (Rank.EIGHT, 2.0, "suit must be a Suit, not 2.0"),
        (Rank.EIGHT, None, "suit must be a Suit, not None"),
        (None, Suit.HEARTS, "rank must be a Rank, not None"),
    ],
)
def test_card_constructor_type_errors(rank: object, suit: object, message: str) -> None:
    with pytest.raises(TypeError, match=message):
        Card(rank, suit)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("rank", "suit", "message"),
    [
        (1, Suit.HEARTS, "rank must be in 2..14, not 1"),
        (15, Suit.HEARTS, "rank must be in 2..14, not 15"),
        (Rank.EIGHT, 4, "suit must be in 0..3, not 4"),
        (Rank.EIGHT, -1, "suit must be in 0..3, not -1"),
    ],
)
def test_card_constructor_value_errors(rank: int, suit: int, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Card(rank, suit)  # type: ignore[arg-type]


@pytest.mark.parametrize("code", [-1, 53, 100, -53])
def test_from_code_refuses_out_of_range(code: int) -> None:
    with pytest.raises(ValueError, match=rf"must be in 0\.\.52, not {code}"):
        Card.from_code(code)


def test_from_code_refuses_out_of_range_int_subclass() -> None:
    with pytest.raises(ValueError, match="not 53"):
        Card.from_code(Card.JOKER + 1)  # a plain int
    with pytest.raises(ValueError, match="not -1"):
        Card.from_code(_OddInt(-1))


class _OddInt(int):
    """An int subclass, to reach the slow path of `Card.from_code`."""


def test_from_code_accepts_int_subclasses() -> None:
    assert Card.from_code(_OddInt(5)) is FULL_DECK[5]


@pytest.mark.parametrize("code", [True, False, 3.0, "3", None])
def test_from_code_refuses_non_ints(code: object) -> None:
    with pytest.raises(TypeError, match="card code must be an int"):
        Card.from_code(code)  # type: ignore[arg-type]


def test_card_cannot_be_subclassed() -> None:
    with pytest.raises(TypeError, match="cannot be subclassed"):
        type("MyCard", (Card,), {})


# ---------------------------------------------------------------------------------------------
# Card: immutability, pickling, copying


@pytest.mark.parametrize("name", ["rank", "suit", "is_joker", "code", "JOKER", "other"])
@pytest.mark.parametrize("card", [Card.parse("8H"), JOKER], ids=str)
def test_cards_are_frozen(card: Card, name: str) -> None:
    before = dict(vars(card))
    with pytest.raises(AttributeError, match=f"immutable: cannot set attribute '{name}'"):
        setattr(card, name, None)
    with pytest.raises(AttributeError, match=f"immutable: cannot delete attribute '{name}'"):
        delattr(card, name)
    assert vars(card) == before


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_pickle_keeps_interning(protocol: int) -> None:
    assert all(pickle.loads(pickle.dumps(card, protocol)) is card for card in ALL_CARDS)
    hand = (Card.parse("8H"), JOKER, JOKER)
    restored = pickle.loads(pickle.dumps(hand, protocol))
    assert all(a is b for a, b in zip(restored, hand, strict=True))


def test_copy_and_deepcopy_keep_interning() -> None:
    for card in ALL_CARDS:
        assert copy.copy(card) is card
        assert copy.deepcopy(card) is card
    nested = {"hand": [Card.parse("QS"), JOKER]}
    assert all(a is b for a, b in zip(copy.deepcopy(nested)["hand"], nested["hand"], strict=True))


# ---------------------------------------------------------------------------------------------
# Card: ordering, equality, hashing, truth


def _suit_then_rank(card: Card) -> tuple[int, int]:
    if card.suit is None or card.rank is None:
        return (4, 0)
    return (int(card.suit), int(card.rank))


@given(cards_lists)
def test_sorting_is_by_suit_then_rank_joker_last(cards: list[Card]) -> None:
    assert sorted(cards) == sorted(cards, key=_suit_then_rank)


def test_sorted_hand_example() -> None:
    hand = parse_cards("JOKER AS 2S 10H 3H KD 2C AC")
    assert format_cards(sorted(hand)) == "2C AC KD 3H 10H 2S AS JOKER"
    assert max(hand) is JOKER
    assert min(hand) is Card.parse("2C")


def test_comparisons_are_the_code_order() -> None:
    for lower, higher in itertools.pairwise(ALL_CARDS):
        assert lower < higher
        assert higher > lower
        assert lower <= higher
        assert lower != higher


def test_equality_and_hash_are_the_codes() -> None:
    for card in ALL_CARDS:
        assert card == card.code
        assert hash(card) == hash(card.code)
    assert Card.parse("8H") == 32
    assert {Card.parse("8H"): "x"}[32] == "x"  # type: ignore[index]
    assert len(set(ALL_CARDS)) == 53
    assert len(set(make_deck(DeckKind.JOKERS_54))) == 53
    assert Counter(make_deck(DeckKind.JOKERS_54))[JOKER] == 2


def test_every_card_is_true() -> None:
    assert Card.parse("2C") == 0
    assert all(bool(card) for card in ALL_CARDS)


def test_arithmetic_gives_plain_ints() -> None:
    nine = Card.parse("8H") + 1
    assert type(nine) is int
    assert Card.from_code(nine) is Card.parse("9H")


# ---------------------------------------------------------------------------------------------
# Card: notation


@pytest.mark.parametrize(
    ("text", "unicode", "english", "french"),
    [
        ("8H", "8♥", "8 of hearts", "8 de cœur"),
        ("10S", "10♠", "10 of spades", "10 de pique"),
        ("QS", "Q♠", "queen of spades", "dame de pique"),
        ("AC", "A♣", "ace of clubs", "as de trèfle"),
        ("JD", "J♦", "jack of diamonds", "valet de carreau"),
        ("KH", "K♥", "king of hearts", "roi de cœur"),
        ("2C", "2♣", "2 of clubs", "2 de trèfle"),
        ("JOKER", "JOKER", "joker", "joker"),
    ],
)
def test_card_notations(text: str, unicode: str, english: str, french: str) -> None:
    card = Card.parse(text)
    assert str(card) == text
    assert card.unicode() == unicode
    assert card.english() == english
    assert card.french() == french
    assert repr(card) == f"Card.parse({text!r})"


def test_short_notation_is_ascii_and_unambiguous() -> None:
    texts = [str(card) for card in ALL_CARDS]
    assert all(text.isascii() and text.isupper() for text in texts)
    assert len(set(texts)) == 53
    for notation in (Card.unicode, Card.english, Card.french):
        assert len({notation(card) for card in ALL_CARDS}) == 53


def test_format_uses_the_short_notation() -> None:
    card = Card.parse("8H")
    assert f"{card}" == "8H"
    assert f"[{card:>4}]" == "[  8H]"
    assert f"{JOKER:<6}|" == "JOKER |"


@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_repr_evaluates_to_the_card(card: Card) -> None:
    assert eval(repr(card), {"Card": Card}) is card


_CARDS_OF_EACH_KIND = [
    pytest.param(kind, card, id=f"{kind.name}-{card}")
    for kind in DeckKind
    for card in dict.fromkeys(make_deck(kind))
]


@pytest.mark.parametrize(("kind", "card"), _CARDS_OF_EACH_KIND)
def test_parse_round_trips_every_notation(kind: DeckKind, card: Card) -> None:
    assert card in make_deck(kind)
    for spelling in card_spellings(card):
        for text in case_variants(spelling):
            assert Card.parse(text) is card, text


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("DD", "QD"),  # a letter in the first position is always a rank: dame de carreau
        ("AS", "AS"),  # ace of spades, although "as" is also the French ace
        ("as", "AS"),
        ("As de pique", "AS"),
        ("as de trèfle", "AC"),
        ("TD", "10D"),
        ("VH", "JH"),
        ("RC", "KC"),
        ("Dame de pique", "QS"),
        ("Huit de Cœurs", "8H"),
        ("valet d\u2019pique", "JS"),  # typographic apostrophe
        ("8♥\ufe0f", "8H"),  # emoji presentation selector
        ("\uff18\uff28", "8H"),  # full-width forms
        ("8\u00a0de\u00a0cœur", "8H"),  # no-break spaces
        ("10  of   hearts", "10H"),
        ("qspades", "QS"),
        ("🃏", "JOKER"),
    ],
)
def test_parse_examples(text: str, expected: str) -> None:
    assert str(Card.parse(text)) == expected


# "H8" is refused: the rank always comes first (otherwise "DH" would be ambiguous between
# "dame de cœur" and "diamonds, then H"). A rank written as a word needs a separator before the
# suit ("queenspades" is refused).
BAD_CARD_TEXTS = [
    *("", " ", "\t\n", "8X", "1H", "11H", "0H", "01H", "100H", "ZZ", "D", "8", "10", "H8"),
    *("♥8", "hearts 8", "8HH", "8H QS", "None", "null", "JOKERS", "jokerH", "8 of", "of hearts"),
    *("queen", "queenspades", "dame de", "as de", "8 de", "8de", "1 of hearts", "eleven of clubs"),
    *("8 of the hearts", "8--H", "8 ofhearts", "Q!S", "٨H", "X8H"),
]


@pytest.mark.parametrize("text", BAD_CARD_TEXTS)
def test_parse_refuses_bad_text(text: str) -> None:
    with pytest.raises(ParseError) as info:
        Card.parse(text)
    assert info.value.text == text
    message = str(info.value)
    assert message.startswith(f"cannot parse {text!r}: expected a card")
    assert "'8H'" in message
    assert "JOKER" in message


@pytest.mark.parametrize("value", [None, 32, Card.parse("8H"), b"8H", ["8H"], {"8H": 1}])
def test_parse_refuses_non_strings(value: object) -> None:
    with pytest.raises(ParseError, match="expected a card") as info:
        Card.parse(value)  # type: ignore[arg-type]
    assert info.value.text is value


def test_parse_errors_are_value_errors() -> None:
    with pytest.raises(ValueError, match="cannot parse '8X'"):
        Card.parse("8X")


def test_parse_caches_successes_only(monkeypatch: pytest.MonkeyPatch) -> None:
    cache: dict[str, Card] = {}
    monkeypatch.setattr(cards_module, "_PARSE_CACHE", cache)
    assert Card.parse(" Queen of Spades ") is Card.parse("QS")
    assert cache == {" Queen of Spades ": Card.parse("QS"), "QS": Card.parse("QS")}
    assert Card.parse(" Queen of Spades ") is Card.parse("QS")
    with pytest.raises(ParseError):
        Card.parse("8X")
    assert "8X" not in cache


def test_parse_cache_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    cache: dict[str, Card] = {}
    monkeypatch.setattr(cards_module, "_PARSE_CACHE", cache)
    monkeypatch.setattr(cards_module, "_PARSE_CACHE_LIMIT", 1)
    assert Card.parse("7C") is Card(Rank.SEVEN, Suit.CLUBS)
    assert Card.parse("7D") is Card(Rank.SEVEN, Suit.DIAMONDS)
    assert Card.parse("7D") is Card(Rank.SEVEN, Suit.DIAMONDS)
    assert list(cache) == ["7C"]


def test_long_card_text_is_refused_unread_and_never_cached(monkeypatch: pytest.MonkeyPatch) -> None:
    """The break of #12 item 4: "8" + 2,000,000 spaces + "H" loaded, and stayed cached."""
    cache: dict[str, Card] = {}
    monkeypatch.setattr(cards_module, "_PARSE_CACHE", cache)
    huge = "8" + " " * 2_000_000 + "H"
    with pytest.raises(ParseError) as info:
        Card.parse(huge)
    assert len(str(info.value)) < 300  # the message quotes a bounded part of the text
    # Up to 64 characters are read; only keys up to 32 characters are kept.
    assert Card.parse("8" + " " * 62 + "H") is Card.parse("8H")
    assert Card.parse("  queen   of   spades  ") is Card.parse("QS")
    with pytest.raises(ParseError):
        Card.parse("8" + " " * 63 + "H")
    assert all(len(key) <= 32 for key in cache)
    assert "8" + " " * 62 + "H" not in cache


# ---------------------------------------------------------------------------------------------
# Decks


def test_deck_kind_sizes() -> None:
    assert DeckKind.STANDARD_52.size == 52
    assert DeckKind.JOKERS_54.size == 54
    assert DeckKind.PIQUET_32.size == 32
    for kind in DeckKind:
        assert len(make_deck(kind)) == kind.size


def test_deck_contents() -> None:
    assert make_deck() == make_deck(DeckKind.STANDARD_52) == FULL_DECK
    assert make_deck(DeckKind.JOKERS_54) == (*FULL_DECK, JOKER, JOKER)
    piquet = make_deck(DeckKind.PIQUET_32)
    assert piquet == tuple(
        card for card in FULL_DECK if card.rank is not None and card.rank >= Rank.SEVEN
    )
    assert Counter(card.suit for card in piquet) == dict.fromkeys(Suit, 8)
    assert format_cards(piquet[8:16]) == "7D 8D 9D 10D JD QD KD AD"


@pytest.mark.parametrize("copies", [1, 2, 3, 4])
@pytest.mark.parametrize("kind", list(DeckKind))
def test_deck_copies(kind: DeckKind, copies: int) -> None:
    one = make_deck(kind)
    deck = make_deck(kind, copies)
    assert len(deck) == kind.size * copies
    assert deck == one * copies
    assert list(one) == sorted(one)  # each deck in code order
    multiplicity = Counter(deck)
    assert multiplicity == {card: count * copies for card, count in Counter(one).items()}
    assert multiplicity.get(JOKER, 0) == (2 * copies if kind is DeckKind.JOKERS_54 else 0)
    assert all(card is ALL_CARDS[card.code] for card in deck)


@pytest.mark.parametrize("copies", [0, -1, -52])
def test_deck_copies_must_be_positive(copies: int) -> None:
    with pytest.raises(ValueError, match=f"copies must be at least 1, not {copies}"):
        make_deck(DeckKind.STANDARD_52, copies)


@pytest.mark.parametrize("copies", [1.0, True, "2", None])
def test_deck_copies_must_be_an_int(copies: object) -> None:
    with pytest.raises(TypeError, match="copies must be an int"):
        make_deck(DeckKind.STANDARD_52, copies)  # type: ignore[arg-type]


@pytest.mark.parametrize("kind", ["standard_52", 52, None])
def test_deck_kind_must_be_a_deck_kind(kind: object) -> None:
    with pytest.raises(TypeError, match="kind must be a DeckKind"):
        make_deck(kind)  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------------------
# Sequences of cards


@given(cards_lists)
def test_format_then_parse_round_trips(cards: list[Card]) -> None:
    text = format_cards(cards)
    assert text.isascii()
    assert parse_cards(text) == tuple(cards)
    assert all(a is b for a, b in zip(parse_cards(text), cards, strict=True))


_NOTATIONS: list[Callable[[Card], str]] = [str, Card.unicode, Card.english, Card.french]


@given(
    st.lists(st.tuples(st.sampled_from(ALL_CARDS), st.sampled_from(_NOTATIONS)), max_size=20),
    st.sampled_from([" ", ", ", ",", " ,\n"]),
)
def test_parse_cards_reads_mixed_notations(
    written: list[tuple[Card, Callable[[Card], str]]], separator: str
) -> None:
    text = separator.join(notation(card) for card, notation in written)
    assert parse_cards(text) == tuple(card for card, _ in written)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", ""),
        ("   ", ""),
        (" , ,, ", ""),
        ("8H", "8H"),
        ("8H,QS", "8H QS"),
        ("8H, QS 10D,JOKER", "8H QS 10D JOKER"),
        ("8h\tqs\n10♦", "8H QS 10D"),
        ("AS 8H", "AS 8H"),  # "AS" is a whole card here ...
        ("as de trèfle 8H", "AC 8H"),  # ... and a rank starting a card in words here
        ("AS", "AS"),
        ("10 of hearts, queen of spades", "10H QS"),
        ("8 ♥ QS", "8H QS"),
        ("8 ♥", "8H"),
        ("dame de pique dame de cœur", "QS QH"),
        ("JOKER JOKER jk", "JOKER JOKER JOKER"),
    ],
)
def test_parse_cards_examples(text: str, expected: str) -> None:
    assert format_cards(parse_cards(text)) == expected


@pytest.mark.parametrize(
    ("text", "bad"),
    [
        ("8H 8X QS", "8X"),
        ("8H, H8", "H8"),
        ("queen of spaeds 8H", "queen of spaeds"),
        ("8H queen of", "queen of"),
        ("8H 10", "10"),
        ("8 H, S", "S"),
    ],
)
def test_parse_cards_names_the_bad_piece(text: str, bad: str) -> None:
    with pytest.raises(ParseError, match="expected a card") as info:
        parse_cards(text)
    assert info.value.text == bad


@pytest.mark.parametrize("value", [None, ["8H"], b"8H"])
def test_parse_cards_refuses_non_strings(value: object) -> None:
    with pytest.raises(ParseError, match="cards separated by whitespace or commas"):
        parse_cards(value)  # type: ignore[arg-type]


def test_format_cards() -> None:
    assert format_cards([]) == ""
    assert format_cards(FULL_DECK[:3]) == "2C 3C 4C"
    assert format_cards(iter([JOKER, Card.parse("10S")])) == "JOKER 10S"


@given(st.lists(st.sampled_from(ALL_CARDS), min_size=1, max_size=30), st.data())
def test_remove_card_removes_exactly_one(cards: list[Card], data: st.DataObject) -> None:
    hand = tuple(cards)
    card = data.draw(st.sampled_from(hand))
    result = remove_card(hand, card)
    assert len(result) == len(hand) - 1
    assert Counter(hand) - Counter(result) == Counter({card: 1})
    index = hand.index(card)
    assert result == hand[:index] + hand[index + 1 :]
    assert all(a is b for a, b in zip(result, hand[:index] + hand[index + 1 :], strict=True))


@given(cards_lists, st.sampled_from(ALL_CARDS))
def test_remove_card_raises_when_absent(cards: list[Card], card: Card) -> None:
    hand = tuple(other for other in cards if other is not card)
    with pytest.raises(ValueError, match=f"cannot remove {card}: it is not among the cards"):
        remove_card(hand, card)


def test_remove_card_examples() -> None:
    hand = parse_cards("8H JOKER QS JOKER 8H")
    assert format_cards(remove_card(hand, JOKER)) == "8H QS JOKER 8H"
    assert format_cards(remove_card(hand, Card.parse("8H"))) == "JOKER QS JOKER 8H"
    assert remove_card((JOKER,), JOKER) == ()
    assert hand == parse_cards("8H JOKER QS JOKER 8H")  # the input is untouched
    with pytest.raises(ValueError, match=r"cannot remove 2C: it is not among the cards \(\)"):
        remove_card((), Card.parse("2C"))


def test_public_names() -> None:
    assert sorted(cards_module.__all__) == sorted(
        [
            *("ALL_CARDS", "FULL_DECK", "JOKER", "Card", "DeckKind", "Rank", "Suit"),
            *("format_cards", "make_deck", "parse_cards", "remove_card"),
        ]
    )
    for name in cards_module.__all__:
        assert getattr(cards_module, name) is not None
