"""`cardgames rules GAME` explains the game in words: the game's own explanation, or the default.

The built-in games bring theirs (`cardgames.shedding.explain`, `cardgames.planets.explain`); a
game that brings none is explained from its descriptor (`generic_explanation`): its players,
its presets, and the options the rules explained change.
"""

from __future__ import annotations

import re
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardgames
from cardgames import InvalidArgumentError
from cardgames.cards import JOKER, Card, Rank, Suit, make_deck
from cardgames.cli import main
from cardgames.cli.explain import (
    LANGUAGES,
    RULES_EXPLANATION,
    Sections,
    explain,
    generic_explanation,
)
from cardgames.game import Game
from cardgames.planets import Gathering, PlanetCard, Role
from cardgames.shedding.scoring import card_points

from planets_support import random_rules as planets_random_rules
from shedding_support import rules_strategy


@pytest.fixture
def outside_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """The library's games, then a registry of this test's own (games it registers go away)."""
    cardgames.games()
    monkeypatch.setattr(cardgames.game, "_REGISTRY", dict(cardgames.game._REGISTRY))


def rules_output(capsys: pytest.CaptureFixture[str], game: str) -> list[str]:
    code = main(["rules", game])
    captured = capsys.readouterr()
    assert (code, captured.err) == (0, "")
    return captured.out.splitlines()


@pytest.mark.usefixtures("outside_registry")
def test_a_game_without_an_explanation_is_explained_from_its_descriptor(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from toygame import ensure_registered

    toy = ensure_registered()
    assert not toy.provides(RULES_EXPLANATION)
    lines = rules_output(capsys, toy.name)
    assert lines[:7] == [
        "Toy Pile (toy-pile), 2 to 4 players",
        "",
        "The game",
        "  Toy Pile is played by 2 to 4 players.",
        "  Presets: standard (the default), short.",
        "  No explanation in words is written for this game: its options, listed with their "
        "defaults, say",
        "  how it is played.",
    ]
    assert lines[7:9] == [
        "",
        "Options (change them with --rules OPTION=VALUE), with their defaults.",
    ]


@pytest.mark.usefixtures("outside_registry")
def test_the_default_explanation_names_the_options_the_rules_change() -> None:
    from toygame import ensure_registered

    toy = ensure_registered()
    assert explain(toy, toy.default_rules) == generic_explanation(toy, toy.default_rules, "en")
    (heading, paragraphs), *others = explain(toy, toy.presets["short"])
    assert (heading, others) == ("The game", [])
    assert paragraphs[-1] == "These rules change them: max_moves=4."


@pytest.mark.usefixtures("outside_registry")
def test_a_game_s_own_explanation_is_used_in_the_language_asked(
    capsys: pytest.CaptureFixture[str],
) -> None:
    import toygame

    asked: list[str] = []

    def explanation(game: Game[Any], rules: Any, lang: str) -> Sections:
        asked.append(lang)
        return [("Le jeu" if lang == "fr" else "The game", [f"{game.title}: lay cards."])]

    state_type = type("ExplainedToyState", (toygame.ToyState,), {})
    toy: Game[Any] = toygame.make_game(state_type, "explained-toy", title="Explained Toy")
    game = cardgames.register(attrs.evolve(toy, capabilities={"rules_explanation": explanation}))
    assert explain(game, game.default_rules, "fr") == [("Le jeu", ["Explained Toy: lay cards."])]
    lines = rules_output(capsys, game.name)
    assert lines[2:4] == ["The game", "  Explained Toy: lay cards."]
    assert asked == ["fr", "en"]  # the command explains in English


@pytest.mark.parametrize("lang", ["de", "", "EN", None, b"en"])
def test_a_language_that_is_not_known_is_refused(lang: Any) -> None:
    game = cardgames.find_game("planets")
    with pytest.raises(InvalidArgumentError) as caught:
        explain(game, game.default_rules, lang)
    assert caught.value.argument == "lang"


@pytest.mark.parametrize("name", ["crazy-eights", "huit-americain", "planets"])
def test_the_built_in_games_explain_themselves_in_english_for_every_language(name: str) -> None:
    game = cardgames.find_game(name)
    assert game.provides(RULES_EXPLANATION)
    english = explain(game, game.default_rules, "en")
    assert english[0][0] == "Setting up"
    for lang in LANGUAGES:
        assert explain(game, game.default_rules, lang) == english


# -- the numbers `cardgames rules` prints are the engine's (issue #32) ---------------------------


def paragraph(sections: Sections, start: str) -> str:
    """The one paragraph of ``sections`` that begins with ``start``."""
    found = [p for _, paragraphs in sections for p in paragraphs if p.startswith(start)]
    assert len(found) == 1, (start, found)
    return found[0]


def printed_card_values(game: Game[Any], rules: Any) -> dict[Card, int]:
    """The value the explanation gives each card of one deck, read back from its words."""
    text = paragraph(explain(game, rules), "Card values: ").removeprefix("Card values: ")
    faces = sorted(set(make_deck(rules.deck, 1)), key=int)
    names = {"Jack": Rank.JACK, "Queen": Rank.QUEEN, "King": Rank.KING, "Ace": Rank.ACE}

    def of_face(name: str) -> list[Card]:
        if name == "Joker":
            return [JOKER]
        rank = names.get(name) or Rank(int(name))
        return [card for card in faces if card.rank is rank]

    named: dict[Card, int] = {}
    others: list[tuple[str, int]] = []
    faces_named: list[tuple[str, int]] = []
    for entry in text.removesuffix(".").split(", "):
        labels, _, value = entry.rpartition(": ")
        for label in labels.split("/"):
            if label.startswith("other "):
                others.append((label.removeprefix("other ").removesuffix("s"), int(value)))
            elif " of " in label:
                face, _, suit = label.partition(" of ")
                card = next(c for c in of_face(face) if c.suit is Suit[suit.upper()])
                assert card not in named
                named[card] = int(value)
            else:
                faces_named.append((label, int(value)))
    values = dict(named)
    for face, points in [*faces_named, *others]:
        for card in of_face(face):
            if card not in named:
                assert card not in values, f"{card} is given two values"
                values[card] = points
    return values


def test_the_2_of_spades_is_printed_with_its_25_points() -> None:
    # The rule text of 8 Américain: "50 points par joker, 25 points par 8 et pour le 2 de pique,
    # 15 points pour les autres 2 et les as, 10 points pour les figures, 5 points pour les autres
    # cartes". `cardgames rules` said "8: 25, 2/Ace: 15" and left the 2 of spades out.
    game = cardgames.find_game("huit-americain")
    text = paragraph(explain(game, game.default_rules), "Card values: ")
    assert text == (
        "Card values: Joker: 50, 2 of spades/8: 25, other 2s/Ace: 15, Jack/Queen/King: 10, "
        "3/4/5/6/7/9/10: 5."
    )
    values = printed_card_values(game, game.default_rules)
    assert (values[Card.parse("2S")], values[Card.parse("2H")]) == (25, 15)
    assert (values[Card.parse("8C")], values[JOKER], values[Card.parse("7D")]) == (25, 50, 5)


@pytest.mark.parametrize("name", ["crazy-eights", "huit-americain"])
def test_every_printed_card_value_is_the_engines_in_every_preset(name: str) -> None:
    game = cardgames.find_game(name)
    for preset, rules in game.presets.items():
        printed = printed_card_values(game, rules)
        deck = set(make_deck(rules.deck, 1))
        assert set(printed) == deck, preset
        assert printed == {card: card_points(card, rules) for card in deck}, preset


@pytest.mark.parametrize("name", ["crazy-eights", "huit-americain"])
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_every_printed_card_value_is_the_engines_under_any_rules(
    name: str, data: st.DataObject
) -> None:
    game = cardgames.find_game(name)
    rules = data.draw(rules_strategy(game), label="rules")
    deck = set(make_deck(rules.deck, 1))
    assert printed_card_values(game, rules) == {card: card_points(card, rules) for card in deck}


def printed_gathering_points(rules: Any) -> dict[tuple[int, Role, bool], int]:
    """The points the planet game's explanation gives each gathering, read back from its words."""
    game = cardgames.find_game("planets")
    text = paragraph(explain(game, rules), "Gatherings of 3 to 12 identical planets")
    found = re.fullmatch(
        r"Gatherings of 3 to 12 identical planets, as Commander: ([\d ]+); as Adjutant: "
        r"([\d ]+); the 8 different planets: (\d+) as Commander, (\d+) as Adjutant \(.*\)\.",
        text,
    )
    assert found is not None, text
    points: dict[tuple[int, Role, bool], int] = {}
    for role, numbers in ((Role.COMMANDER, found[1]), (Role.ADJUTANT, found[2])):
        for size, value in enumerate(numbers.split(), start=3):
            points[size, role, False] = int(value)
    points[8, Role.COMMANDER, True] = int(found[3])
    points[8, Role.ADJUTANT, True] = int(found[4])
    return points


def engine_gathering_points(rules: Any) -> dict[tuple[int, Role, bool], int]:
    """What the engine scores each gathering (a `Gathering`'s points, as `State.apply` counts)."""
    points: dict[tuple[int, Role, bool], int] = {}
    for role in Role:
        for size in range(3, 13):
            gathering = Gathering.identical(PlanetCard.SATURN, size, role)
            points[size, role, False] = gathering.points(rules)
        points[8, role, True] = Gathering.all_different(role).points(rules)
    return points


def test_the_planet_points_printed_are_the_engines() -> None:
    game = cardgames.find_game("planets")
    for rules in game.presets.values():
        assert printed_gathering_points(rules) == engine_gathering_points(rules)
    # By default the 8 different planets are worth the size-8 entry (the rule text).
    printed = printed_gathering_points(game.default_rules)
    assert printed[8, Role.COMMANDER, True] == printed[8, Role.COMMANDER, False] == 23
    assert printed[8, Role.ADJUTANT, True] == printed[8, Role.ADJUTANT, False] == 35


@settings(max_examples=40, deadline=None)
@given(rules=planets_random_rules())
def test_the_planet_points_printed_are_the_engines_under_any_rules(rules: Any) -> None:
    assert printed_gathering_points(rules) == engine_gathering_points(rules)


# -- 8 Américain at two players (issue #32) -------------------------------------------------------


def test_the_explanation_says_what_the_jack_and_the_7_do_at_two_players() -> None:
    # The rule text lists "à deux" among its variants: at two players only, the cards that
    # reverse or skip play again. Without it a Jack at two players changes nothing (the other
    # player is next all the same), which a player should read in `cardgames rules`.
    game = cardgames.find_game("huit-americain")
    standard = paragraph(explain(game, game.presets["standard"]), "With two players")
    assert standard == (
        "With two players: the Jack reverses the direction, which changes nothing: the other "
        "player plays next all the same; the 7 makes the other player miss their turn, so its "
        "player plays again. Under the a-deux preset, the Jack lets its player play again as "
        "well."
    )
    for name in ("a-deux", "toutes-variantes"):
        assert paragraph(explain(game, game.presets[name]), "With two players") == (
            "With two players, a card that reverses or skips (the Jack and the 7) lets its "
            "player play again."
        )
    # Rules that no preset makes play again at two players name the option instead.
    changed = game.presets["standard"].replace(hand_size=7)
    assert paragraph(explain(game, changed), "With two players").endswith(
        "Under option two_players_again=yes, the Jack lets its player play again as well."
    )
    # No card reverses or skips: nothing to say.
    plain = game.presets["standard"].replace(effects="8:wild JOKER:wild")
    assert not any(p.startswith("With two players") for _, ps in explain(game, plain) for p in ps)
