"""`describe_error`: what a refused move or text says to a player, in English or French.

English is what the command line printed before (an `IllegalMoveError`'s detail, a
`ParseError`'s message); French is a sentence per reason code, never English.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgames import crazy_eights, huit_americain, planets
from cardgames.cards import Card
from cardgames.errors import (
    IllegalMoveError,
    InvalidArgumentError,
    InvalidRulesError,
    ParseError,
)
from cardgames.narration import describe_error
from cardgames.planets import Keep, PlanetCard
from cardgames.shedding import PlayCard

import planets_support
import shedding_support

GENERIC_FR = "ce coup n'est pas permis maintenant"


def test_a_wild_card_without_a_suit_says_how_to_name_one() -> None:
    state = crazy_eights.new_game(["Léa", "Tom"], seed=3)
    eight = Card.parse("8C")
    with pytest.raises(IllegalMoveError) as caught:
        state.apply(PlayCard(state.current, eight))
    assert caught.value.reason == "suit_required"
    assert describe_error(caught.value) == "8C needs a named suit: play 8C hearts"
    assert describe_error(caught.value, "fr") == (
        "le 8 de trèfle demande une couleur : joue 8♣ cœur"
    )


@pytest.mark.parametrize(
    ("error", "english", "french"),
    [
        (
            IllegalMoveError(PlayCard(0, Card.parse("QH")), 0, "card_not_in_hand", "QH is not…"),
            "QH is not…",
            "la dame de cœur n'est pas dans ta main",
        ),
        (
            IllegalMoveError(PlayCard(0, Card.parse("KC")), 0, "card_does_not_match"),
            "card does not match",
            "le roi de trèfle ne va pas sur la carte du dessus",
        ),
        (
            IllegalMoveError(PlayCard(0, Card.parse("AS")), 0, "not_your_turn", "it is…"),
            "it is…",
            "ce n'est pas ton tour",
        ),
        (
            IllegalMoveError(Keep(0, PlanetCard.VENUS), 0, "card_not_drawn", "Venus is not…"),
            "Venus is not…",
            "Vénus n'est pas parmi les cartes piochées",
        ),
        (IllegalMoveError("x", 0, "a code of tomorrow"), "a code of tomorrow", GENERIC_FR),
    ],
)
def test_illegal_moves_by_hand(error: IllegalMoveError, english: str, french: str) -> None:
    assert describe_error(error) == english
    assert describe_error(error, "fr") == french


def test_parse_errors_carry_a_reason_and_are_told_in_french() -> None:
    shedding = huit_americain.new_game(["Léa", "Tom", "Sam"], seed=1)
    planet = planets.new_game(["Léa", "Tom", "Sam"], seed=1)
    cases: list[tuple[Any, str, str, str]] = [
        (shedding, "xyzzy", "card", "« xyzzy » : une carte d'abord, comme 8♥, D♠ ou dame de pique"),
        (shedding, "joue 8C pique cœur", "one_suit", "« joue 8C pique cœur » : une seule couleur"),
        (shedding, "contre Zoé", "seat", "« contre Zoé » : le numéro d'une place ou le nom d'un"),
        (planet, "danse", "not_a_move_of_8", "« danse » : ce n'est pas un coup : garde PLANÈTE"),
    ]
    for state, text, reason, french in cases:
        with pytest.raises(ParseError) as caught:
            state.parse_move(text)
        assert caught.value.reason == reason, text
        assert describe_error(caught.value) == str(caught.value)
        assert describe_error(caught.value, "fr").startswith(french), text


def test_a_parse_error_without_a_reason_is_unreadable() -> None:
    error = ParseError("8X", "a card")
    assert error.reason == "unreadable"
    assert describe_error(error, "fr") == "« 8X » : ce texte n'est pas compris"


@pytest.mark.parametrize("bad", [ValueError("x"), "error", None])
def test_describe_error_refuses_what_is_no_error_of_the_library(bad: Any) -> None:
    with pytest.raises(InvalidArgumentError):
        describe_error(bad)


def test_describe_error_refuses_an_unknown_language() -> None:
    with pytest.raises(InvalidArgumentError):
        describe_error(ParseError("x", "y"), "de")


def test_other_errors_are_told_in_french_without_english() -> None:
    error = InvalidRulesError("players", 9, "too many")
    assert describe_error(error) == str(error)
    assert describe_error(error, "fr") == "requête refusée"


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 40), which=st.integers(0, 2))
def test_every_reason_the_engines_give_has_a_french_sentence(
    seed: int, steps: int, which: int
) -> None:
    """Moves near the legal ones, refused: each reason is told in French, never generically."""
    game = (crazy_eights.GAME, huit_americain.GAME, planets.GAME)[which]
    support: Any = planets_support if game is planets.GAME else shedding_support
    state: Any = game.new_game(["Léa", "Tom", "Sam"], seed=seed)
    rnd = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state = state.apply(rnd.choice(list(state.legal_moves(rnd.choice(state.to_act)))))
    refused: list[IllegalMoveError] = []
    for move in support.candidate_moves(state):
        try:
            state.apply(move)
        except IllegalMoveError as error:
            refused.append(error)
    for refusal in refused:
        told = describe_error(refusal, "fr")
        assert told != GENERIC_FR, refusal.reason
        assert "{" not in told, told


class _Raising:
    """A caller's object whose every attribute raises."""

    def __getattr__(self, name: str) -> Any:
        raise RuntimeError(name)


@pytest.mark.parametrize(
    "error",
    [
        IllegalMoveError(_Raising(), 0, "card_not_in_hand"),  # a caller's object is not read
        IllegalMoveError(PlayCard(0, Card.parse("8H")), 0, ["not", "a", "code"]),  # type: ignore[arg-type]
        IllegalMoveError(
            attrs.evolve(PlayCard(0, Card.parse("8H")), card=8),  # type: ignore[arg-type]
            0,
            "card_not_in_hand",
        ),
        ParseError("x" * 10_000, "a move", None),  # type: ignore[arg-type]
        ParseError(_Raising(), "a move", "card"),
    ],
)
def test_describe_error_tells_hostile_errors_without_raising(error: Any) -> None:
    for lang in ("en", "fr"):
        told = describe_error(error, lang)
        assert isinstance(told, str)
        assert len(told) < 600
