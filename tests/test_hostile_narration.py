"""Narration per viewer under attack: a seat's sentences follow from its view alone.

For seeded random games of every game and preset, what `narrate` tells seat ``i`` of a move's
events is what it tells from seat ``i``'s view document alone (its events, players and rules,
written as JSON and loaded back, as a client receives it): nothing else of the state goes into
it. ``test_narration.py`` checks that no sentence names a card its viewer has not seen. Here
too: forged events that count below zero, hold another number of cards than they count or turn
another way than 1 or -1, and rules of another game than the event's, get
`InvalidArgumentError` instead of a sentence.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardgames import InvalidArgumentError, crazy_eights, find_game, planets
from cardgames.cards import Card
from cardgames.game import Game
from cardgames.narration import LANGUAGES, describe, narrate
from cardgames.shedding import (
    CardPlayed,
    CardsDrawn,
    DirectionReversed,
    PenaltyGrown,
    PenaltyTaken,
    StockReshuffled,
)

NAMES = ("Léa", "Tom", "Sam", "Zoé", "Ana")
EIGHT = Card.parse("8H")
GAMES = ("crazy-eights", "huit-americain", "planets")


def cases() -> list[Any]:
    found = []
    for name in GAMES:
        game = find_game(name)
        for index, preset in enumerate(game.presets):
            players = game.min_players + index % 3
            found.append(pytest.param(game, preset, players, id=f"{name}-{preset}"))
    return found


@pytest.mark.parametrize(("game", "preset", "players"), cases())
def test_a_seats_sentences_follow_from_its_view_document_alone(
    game: Game[Any], preset: str, players: int
) -> None:
    rules = game.preset(preset)
    state: Any = game.new_game(list(NAMES[:players]), seed=players, rules=rules)
    chooser = random.Random(preset)
    told = 0
    for _ in range(60):
        for seat in range(players):
            view: Any = game.view_from_json(state.view(seat).to_json())
            for lang in LANGUAGES:
                from_state = narrate(
                    state.last_events, state.players, viewer=seat, lang=lang, rules=state.rules
                )
                from_view = narrate(
                    view.events, view.players, viewer=seat, lang=lang, rules=view.rules
                )
                assert from_state == from_view, (seat, lang)
                told += len(from_view)
        if state.is_over:
            break
        legal = state.legal_moves()
        state = state.apply(legal[chooser.randrange(len(legal))])
    assert told > 0


@pytest.mark.parametrize(
    "event",
    [
        CardsDrawn(0, -1, "turn", None),
        CardsDrawn(0, -3, "turn", ()),
        PenaltyTaken(1, -2),
        PenaltyGrown(1, -4),
        StockReshuffled(-10),
        DirectionReversed(0, 0),
        DirectionReversed(0, 2),
        planets.TurnStarted(0, -1),
        CardsDrawn(0, 2, "turn", (EIGHT,)),
        CardsDrawn(0, 1, "penalty", (EIGHT, Card.parse("QS"))),
        planets.CardsDrawn(0, 3, (planets.PlanetCard.VENUS,)),
    ],
)
def test_a_forged_event_that_counts_wrong_is_refused(event: Any) -> None:
    for viewer in (None, 0, 1):
        with pytest.raises(InvalidArgumentError) as caught:
            describe(event, ["Léa", "Tom"], viewer=viewer)
        assert caught.value.argument == "event"
        with pytest.raises(InvalidArgumentError):
            narrate([event], ["Léa", "Tom"], viewer=viewer, lang="fr")


@pytest.mark.parametrize(
    ("event", "rules"),
    [
        (PenaltyGrown(1, 2), planets.GAME.default_rules),
        (CardPlayed(0, EIGHT), planets.GAME.default_rules),
        (planets.TurnStarted(0, 1), crazy_eights.GAME.default_rules),
    ],
)
def test_rules_of_another_game_than_the_events_are_refused(event: Any, rules: Any) -> None:
    with pytest.raises(InvalidArgumentError) as caught:
        describe(event, ["Léa", "Tom"], rules=rules)
    assert caught.value.argument == "rules"
    with pytest.raises(InvalidArgumentError) as caught:
        narrate([event], ["Léa", "Tom"], viewer=0, rules=rules)
    assert caught.value.argument == "rules"


def test_rules_of_the_events_own_game_are_taken() -> None:
    rules = find_game("huit-americain").preset("le-cumul")
    assert describe(PenaltyGrown(1, 4), ["Léa", "Tom"], viewer=1, rules=rules) == (
        "you must draw 4 or answer"
    )
    assert describe(planets.TurnStarted(0, 1), ["Léa", "Tom"], rules=planets.GAME.default_rules)
