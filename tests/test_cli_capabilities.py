"""What ``cardgames rules`` and ``cardgames demo`` ask the game: option formats, whether it deals.

The built-in games bring their option formats (`cardgames.shedding.explain.OPTION_FORMATS`,
`cardgames.planets.explain.OPTION_FORMATS`) and the planet game says it deals no hands; a game
that brings neither gets the defaults (bare type names, "Deal:"), and a game can bring its own.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

import cardgames
from cardgames.cli import main
from cardgames.cli.app import build_parser
from cardgames.cli.demo import DEALS_HANDS
from cardgames.cli.info import OPTION_FORMATS, describe_values
from cardgames.cli.score import SCORE_KEEPER
from cardgames.game import Game, find_game, register

import toygame


@pytest.fixture
def outside_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """The library's games, then a registry of this test's own (games it registers go away)."""
    cardgames.games()
    monkeypatch.setattr(cardgames.game, "_REGISTRY", dict(cardgames.game._REGISTRY))


def capable_toy(**capabilities: Any) -> Game[Any]:
    """A registered copy of Toy Pile, named ``capable-toy``, that brings ``capabilities``."""
    state_type: type[toygame.ToyState] = type("CapableState", (toygame.ToyState,), {})
    game: Game[Any] = toygame.make_game(state_type, "capable-toy", title="Capable Toy")
    game = attrs.evolve(game, capabilities=capabilities)
    state_type.GAME = game
    return register(game)


def first_line(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """The line that tells what happened before the first move, in a demo."""
    return next(line for line in output(capsys, *argv) if line.startswith(("Deal:", "Start:")))


def output(capsys: pytest.CaptureFixture[str], *argv: str) -> list[str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    assert (code, captured.err) == (0, "")
    return captured.out.splitlines()


def values_line(lines: list[str], option: str) -> str:
    """The "Values:" line of ``option`` in the output of ``cardgames rules``."""
    start = next(i for i, line in enumerate(lines) if line.startswith(f"  {option} = "))
    return next(line for line in lines[start:] if line.strip().startswith("Values:")).strip()


def test_the_built_in_games_describe_their_structured_options(
    capsys: pytest.CaptureFixture[str],
) -> None:
    shedding = " ".join(output(capsys, "rules", "crazy-eights"))
    assert "Values: card effects: FACE:EFFECT pairs separated by spaces" in shedding
    planets = " ".join(output(capsys, "rules", "planets"))
    assert "Values: ten numbers, the points of 3, 4, ... 12 identical planets" in planets


@pytest.mark.usefixtures("outside_registry")
def test_a_game_without_option_formats_shows_the_type_names(
    capsys: pytest.CaptureFixture[str],
) -> None:
    toy = toygame.ensure_registered()
    assert not toy.provides(OPTION_FORMATS)
    assert toy.capability(OPTION_FORMATS) == {}
    assert values_line(output(capsys, "rules", toy.name), "max_moves") == "Values: integer 1..1000."


@pytest.mark.usefixtures("outside_registry")
def test_a_game_s_own_option_formats_replace_the_type_name(
    capsys: pytest.CaptureFixture[str],
) -> None:
    toy = capable_toy(option_formats={"integer": "a whole number of moves"})
    line = values_line(output(capsys, "rules", toy.name), "max_moves")
    assert line == "Values: a whole number of moves 1..1000."
    info = next(i for i in toy.rules_type.options() if i.name == "max_moves")
    assert describe_values(info) == "integer 1..1000"  # no game: no formats


def test_a_game_says_whether_it_deals(capsys: pytest.CaptureFixture[str]) -> None:
    assert find_game("crazy-eights").capability(DEALS_HANDS) is True
    assert find_game("planets").capability(DEALS_HANDS) is False
    assert first_line(capsys, "demo", "crazy-eights", "--seed", "7").startswith("Deal:")
    assert first_line(capsys, "demo", "planets", "--seed", "7").startswith("Start:")


@pytest.mark.usefixtures("outside_registry")
def test_a_game_that_deals_no_hands_starts_its_demo_with_start(
    capsys: pytest.CaptureFixture[str],
) -> None:
    toy = toygame.ensure_registered()
    assert not toy.provides(DEALS_HANDS)
    assert first_line(capsys, "demo", toy.name, "--seed", "3").startswith("Deal:")
    toy = capable_toy(deals_hands=False)
    assert first_line(capsys, "demo", toy.name, "--seed", "3").startswith("Start:")


@pytest.mark.usefixtures("outside_registry")
def test_the_score_command_lists_the_games_with_a_score_keeper() -> None:
    def game_help() -> str:
        parser: Any = build_parser()
        score = parser._subparsers._group_actions[0].choices["score"]
        return next(a.help for a in score._actions if a.dest == "game") or ""

    assert game_help() == "crazy-eights, huit-americain or planets"
    toygame.ensure_registered()  # no score keeper: not listed
    assert game_help() == "crazy-eights, huit-americain or planets"
    keeper = find_game("planets").capability(SCORE_KEEPER)
    capable_toy(score_keeper=keeper)
    assert game_help() == "capable-toy, crazy-eights, huit-americain or planets"  # by name
