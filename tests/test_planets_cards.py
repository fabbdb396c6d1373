"""Planet cards: the deck, and notation in English and French."""

from __future__ import annotations

import copy
import pickle
from collections import Counter

import pytest

from cardgames.errors import ParseError
from cardgames.planets import (
    BLACK_HOLE,
    FULL_DECK,
    PLANETS,
    PlanetCard,
    format_planet_cards,
    parse_planet_cards,
)


def test_the_deck_has_12_of_each_planet_and_8_black_holes() -> None:
    assert len(FULL_DECK) == 104
    counts = Counter(FULL_DECK)
    assert all(counts[planet] == 12 for planet in PLANETS)
    assert counts[BLACK_HOLE] == 8
    assert len(PLANETS) == 8
    assert BLACK_HOLE not in PLANETS


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("Mercury", PlanetCard.MERCURY),
        ("Mercure", PlanetCard.MERCURY),
        ("Vénus", PlanetCard.VENUS),
        ("venus", PlanetCard.VENUS),
        ("Terre", PlanetCard.EARTH),
        ("earth", PlanetCard.EARTH),
        ("Te", PlanetCard.EARTH),
        ("MARS", PlanetCard.MARS),
        ("Jupiter", PlanetCard.JUPITER),
        ("Saturne", PlanetCard.SATURN),
        ("Sa", PlanetCard.SATURN),
        ("♄", PlanetCard.SATURN),
        ("Uranus", PlanetCard.URANUS),
        ("Neptune", PlanetCard.NEPTUNE),
        ("black hole", BLACK_HOLE),
        ("Black-Hole", BLACK_HOLE),
        ("blackhole", BLACK_HOLE),
        ("BH", BLACK_HOLE),
        ("Trou noir", BLACK_HOLE),
        ("trou-noir", BLACK_HOLE),
        ("TN", BLACK_HOLE),
        ("  saturn  ", PlanetCard.SATURN),
    ],
)
def test_parse_english_and_french(text: str, card: PlanetCard) -> None:
    assert PlanetCard.parse(text) is card


@pytest.mark.parametrize("text", ["Pluto", "", "8H", "Sat", "black", "trou"])
def test_parse_refuses_other_text(text: str) -> None:
    with pytest.raises(ParseError) as info:
        PlanetCard.parse(text)
    assert info.value.text == text


def test_parse_refuses_non_strings() -> None:
    with pytest.raises(ParseError):
        PlanetCard.parse(5)  # type: ignore[arg-type]
    with pytest.raises(ParseError):
        parse_planet_cards(None)  # type: ignore[arg-type]


def test_every_notation_round_trips() -> None:
    for card in PlanetCard:
        for text in (str(card), card.english, card.french, card.abbreviation, card.symbol):
            assert PlanetCard.parse(text) is card, text
        assert f"{card:>12}" == f"{card!s:>12}"


def test_str_is_short_and_unambiguous() -> None:
    texts = [str(card) for card in PlanetCard]
    assert len(set(texts)) == 9
    assert all(" " not in t and len(t) <= 10 for t in texts)
    assert str(BLACK_HOLE) == "black-hole"
    assert BLACK_HOLE.french == "Trou noir"
    assert PlanetCard.SATURN.french == "Saturne"


def test_cards_are_interned_and_ordered() -> None:
    assert pickle.loads(pickle.dumps(PlanetCard.MARS)) is PlanetCard.MARS
    assert copy.deepcopy(BLACK_HOLE) is BLACK_HOLE
    assert sorted([BLACK_HOLE, PlanetCard.NEPTUNE, PlanetCard.MERCURY]) == [
        PlanetCard.MERCURY,
        PlanetCard.NEPTUNE,
        BLACK_HOLE,
    ]
    assert [c.is_planet for c in PlanetCard].count(False) == 1


def test_parse_and_format_lists() -> None:
    cards = parse_planet_cards("Saturne, trou noir Mars black hole, TN")
    assert cards == (
        PlanetCard.SATURN,
        BLACK_HOLE,
        PlanetCard.MARS,
        BLACK_HOLE,
        BLACK_HOLE,
    )
    assert format_planet_cards(cards) == "Saturn black-hole Mars black-hole black-hole"
    assert parse_planet_cards(format_planet_cards(FULL_DECK)) == FULL_DECK
    assert parse_planet_cards("  ") == ()
    with pytest.raises(ParseError):
        parse_planet_cards("Saturn Pluto")
