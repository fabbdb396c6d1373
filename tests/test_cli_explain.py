"""`cardgames rules GAME` explains the game in words: the game's own explanation, or the default.

The built-in games bring theirs (`cardgames.shedding.explain`, `cardgames.planets.explain`); a
game that brings none is explained from its descriptor (`generic_explanation`): its players,
its presets, and the options the rules explained change.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

import cardgames
from cardgames import InvalidArgumentError
from cardgames.cli import main
from cardgames.cli.explain import (
    LANGUAGES,
    RULES_EXPLANATION,
    Sections,
    explain,
    generic_explanation,
)
from cardgames.game import Game


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
