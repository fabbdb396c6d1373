"""The moves a menu offers in French (`notate_move`) are text the game's parser reads back.

For every legal move of every title, in random positions and with awkward player names, the
French notation and the English one parse back to the move; a player is named only when the
name reads back as that seat, else by number.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from cardgames import crazy_eights, huit_americain, planets
from cardgames.cards import JOKER, Card, DeckKind, Suit, make_deck
from cardgames.errors import InvalidRulesError
from cardgames.game import Game, name_key
from cardgames.narration import notate_move, typed_name
from cardgames.planets import (
    PLANETS,
    Decline,
    DiscardFaceDown,
    Give,
    Keep,
    LayGathering,
    PlanetCard,
    PutUnder,
    Steal,
)
from cardgames.planets import moves as planet_moves_module
from cardgames.shedding import Announce, CallOut, Draw, Pass, PlayCard, TakePenalty

GAMES: list[Game[Any]] = [crazy_eights.GAME, huit_americain.GAME, planets.GAME]
NAME_POOL = ["Léa", "Tom", "Sam", "LÉA", "Jean Luc", "7", "à", "Zoé!", "pour", "Ana", "Inès"]


def _position(game: Game[Any], preset: str, names: list[str], seed: int, steps: int) -> Any:
    """A position after ``steps`` random legal moves (fewer if the game ends)."""
    state = game.new_game(names, seed=seed, rules=preset)
    rnd = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        seat = rnd.choice(state.to_act)
        state = state.apply(rnd.choice(list(state.legal_moves(seat))))
    return state


@settings(max_examples=60, deadline=None)
@given(
    data=st.data(),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 60),
    symbols=st.booleans(),
)
def test_every_legal_move_reads_back_from_its_french_and_english_notation(
    data: st.DataObject, seed: int, steps: int, symbols: bool
) -> None:
    game = data.draw(st.sampled_from(GAMES), label="game")
    preset = data.draw(st.sampled_from(sorted(game.presets)), label="preset")
    low = 3 if game is planets.GAME else 2
    count = data.draw(st.integers(low, 4), label="players")
    names = data.draw(
        st.lists(st.sampled_from(NAME_POOL), min_size=count, max_size=count, unique_by=name_key),
        label="names",
    )
    try:
        state = _position(game, preset, names, seed, steps)
    except InvalidRulesError:  # a preset that does not seat this many players
        assume(False)
    for seat in state.to_act:
        for move in state.legal_moves(seat):
            french = notate_move(move, state.players, lang="fr", symbols=symbols)
            english = notate_move(move, state.players, lang="en", symbols=symbols)
            assert state.parse_move(french, seat) == move, (french, move)
            assert state.parse_move(english, seat) == move, (english, move)


PLAYERS = ["Léa", "Tom", "Sam"]


@pytest.mark.parametrize(
    ("move", "french"),
    [
        (PlayCard(0, Card.parse("QH")), "joue D♥"),
        (PlayCard(0, Card.parse("KC"), target=1), "joue R♣ pour Tom"),
        (PlayCard(0, Card.parse("JS"), announce=True), "joue V♠ carte"),
        (PlayCard(0, Card.parse("8C"), suit=Suit.HEARTS), "joue 8♣ cœur"),
        (PlayCard(0, Card.parse("AD")), "joue A♦"),
        (Draw(0), "pioche"),
        (Pass(0), "passe"),
        (TakePenalty(0), "prends"),
        (CallOut(0, 2), "contre Sam"),
        (Give(0, PlanetCard.MARS, 1), "donne Mars à Tom"),
        (Steal(0, 2), "vole à Sam"),
        (Decline(0), "refuse"),
        (LayGathering(0, (PlanetCard.SATURN,) * 4), "pose 4 Saturne"),
    ],
)
def test_french_notation_by_hand(move: Any, french: str) -> None:
    assert notate_move(move, PLAYERS, lang="fr") == french


def test_without_symbols_french_cards_keep_their_french_letters() -> None:
    move = PlayCard(0, Card.parse("QH"), target=1)
    assert notate_move(move, PLAYERS, lang="fr", symbols=False) == "joue DH pour Tom"
    assert notate_move(move, PLAYERS, symbols=False) == "play QH target 1"


@pytest.mark.parametrize(
    ("names", "seat", "typed"),
    [
        (["Léa", "Tom"], 1, "Tom"),
        (["Léa", "Jean Luc"], 1, "1"),  # two words: the parsers read one
        (["Léa", "LÉA"], 1, "1"),  # the same name to the parsers
        (["Léa", "42"], 1, "1"),  # a number is a seat
        (["Léa", "à"], 1, "1"),  # a word the parsers read between a verb and a seat
        (["Léa", "Zoé!"], 1, "1"),  # "!" is dropped by the shedding parser
    ],
)
def test_a_player_is_named_only_when_the_name_reads_back(
    names: list[str], seat: int, typed: str
) -> None:
    assert typed_name(seat, names) == typed


shedding_moves = st.one_of(
    st.builds(
        PlayCard,
        st.integers(0, 2),
        st.sampled_from([*list(make_deck(DeckKind.STANDARD_52)), JOKER]),
        st.none() | st.sampled_from(list(Suit)),
        st.booleans(),
        st.none() | st.integers(0, 2),
    ),
    st.builds(Draw, st.integers(0, 2)),
    st.builds(Pass, st.integers(0, 2)),
    st.builds(TakePenalty, st.integers(0, 2)),
    st.builds(CallOut, st.integers(0, 2), st.integers(0, 2)),
    st.builds(Announce, st.integers(0, 2)),
)
planet_moves = st.one_of(
    st.builds(Keep, st.integers(0, 2), st.sampled_from(list(PlanetCard))),
    st.builds(Give, st.integers(0, 2), st.sampled_from(list(PlanetCard)), st.integers(0, 2)),
    st.builds(Decline, st.integers(0, 2)),
    st.builds(DiscardFaceDown, st.integers(0, 2), st.sampled_from(list(PlanetCard))),
    st.builds(Steal, st.integers(0, 2), st.integers(0, 2)),
    st.builds(PutUnder, st.integers(0, 2), st.sampled_from(list(PlanetCard))),
    st.builds(
        LayGathering,
        st.integers(0, 2),
        st.sampled_from(list(PlanetCard)).flatmap(
            lambda card: st.integers(3, 8).map(lambda n: (card,) * n)
        )
        | st.just(PLANETS),
    ),
)


@settings(max_examples=300, deadline=None)
@given(
    move=shedding_moves | planet_moves,
    names=st.lists(st.sampled_from(NAME_POOL), min_size=3, max_size=3, unique_by=name_key),
    symbols=st.booleans(),
)
def test_every_move_of_any_position_reads_back_from_its_french_notation(
    move: Any, names: list[str], symbols: bool
) -> None:
    """The parsers read moves whatever the position: every card, suit, target and seat."""
    game = (
        planets.GAME
        if type(move).__module__ == planet_moves_module.__name__
        else huit_americain.GAME
    )
    state = game.new_game(names, seed=1)
    french = notate_move(move, names, lang="fr", symbols=symbols)
    assert state.parse_move(french, move.player) == move, french
