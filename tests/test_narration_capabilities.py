"""The narrator and the command line learn each game's words from the game (its capabilities).

- A game that brings no phrasebook (Toy Pile, registered for the test) is told with the
  defaults: each event as it is (its ``repr``, redacted for the viewer), each move by its
  notation; ``cardgames demo`` and ``cardgames play`` run it to the end with `PlainTable`.
- A game that brings its own `Phrasebook` ("narration") and `TerminalTable` ("cli_table") is
  told and shown with them.
- The built-in games declare theirs; the generic modules import no game package.
"""

from __future__ import annotations

import ast
import io
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, ClassVar

import attrs
import pytest

import cardgames.game
from cardgames import crazy_eights, planets
from cardgames.cards import Card
from cardgames.cli.narrate import TABLE, Narrator, PlainTable
from cardgames.errors import InvalidArgumentError
from cardgames.game import Event, Game, Move, Outcome, Termination, register
from cardgames.narration import (
    PHRASEBOOK,
    Entry,
    Phrases,
    describe,
    describe_move,
    narrate,
    phrase_of,
)
from test_cli import run

import toygame

NAMES = ["Ann", "Bob"]


@pytest.fixture
def registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """A copy of the registry (the built-in games loaded first): test games do not leak."""
    cardgames.game.games()
    monkeypatch.setattr(cardgames.game, "_REGISTRY", dict(cardgames.game._REGISTRY))


@pytest.fixture
def toy(registry: None) -> Game[Any]:
    """Toy Pile, registered, with no capability."""
    return toygame.ensure_registered()


# -- a game without a phrasebook: the defaults ------------------------------------------------


def test_a_game_without_a_phrasebook_is_told_as_its_events_are(toy: Game[Any]) -> None:
    assert not toy.provides(PHRASEBOOK)
    state = toygame.new_game(NAMES, seed=7, deck=toygame.DECK)
    assert narrate(state.last_events, NAMES) == ["Dealt(players=2, hand_size=3)"]
    state = state.apply(toygame.Take(0))
    took = state.last_events[0]
    # The taker sees the card; the other seat and a spectator see its redacted form only.
    assert describe(took, NAMES, viewer=0) == "Took(player=0, card=Card.parse('2S'))"
    assert describe(took, NAMES, viewer=1) == "Took(player=0, card=None)"
    assert narrate([took.redacted_for(None)], NAMES, lang="fr") == ["Took(player=0, card=None)"]
    assert str(took) == repr(took)


def test_a_game_without_a_phrasebook_writes_moves_in_its_notation(toy: Game[Any]) -> None:
    state = toygame.new_game(NAMES, seed=7, deck=toygame.DECK)
    for move in state.legal_moves():
        assert describe_move(move, NAMES, lang="fr") == state.format_move(move)


def test_the_defaults_still_check_what_they_are_given(toy: Game[Any]) -> None:
    with pytest.raises(InvalidArgumentError) as caught:
        describe(toygame.Laid(2, Card.parse("3H")), NAMES)  # no seat 2
    assert caught.value.argument == "event"
    with pytest.raises(InvalidArgumentError) as caught:
        describe_move(toygame.Lay(5, Card.parse("3H")), NAMES)
    assert caught.value.argument == "move"
    with pytest.raises(InvalidArgumentError) as caught:
        describe(toygame.Laid(0, Card.parse("3H")), NAMES, rules=crazy_eights.GAME.default_rules)
    assert caught.value.argument == "rules"


def test_demo_of_a_game_without_capabilities(
    capsys: pytest.CaptureFixture[str], toy: Game[Any]
) -> None:
    args = ("demo", "toy-pile", "--seed", "3", "--players", "2", "--agents", "random,random")
    code, out, err = run(capsys, *args)
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "Toy Pile, 2 players, seed 3, rules: standard"
    assert lines[2] == "Deal: Dealt(players=2, hand_size=3)"
    assert re.match(r"   1\. (Laid|Took)\(player=0, card=Card\.parse\(", lines[3])  # the repr
    assert "GameOver(outcome=Outcome(" in out
    assert "left in hand" in out
    assert lines[-1].startswith("Winner: ")
    assert run(capsys, *args)[1] == out  # reproducible


def test_play_of_a_game_without_capabilities(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, toy: Game[Any]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("help\n" + "1\n" * 20))
    args = ("play", "toy-pile", "--seed", "3", "--players", "2", "--agents", "random")
    code, out, err = run(capsys, *args)
    assert code == 0, err
    assert PlainTable().help in out  # help: the generic words
    assert "Hands: you 3, Léa 3" in out  # the table: what every view holds
    assert "Turn: you" in out
    assert "Your hand: " in out
    assert "   1. lay " in out
    assert "Winner" in out


def test_plain_table_lists_a_seat_s_own_hand_at_the_end(toy: Game[Any]) -> None:
    state = toygame.new_game(NAMES, seed=7, deck=toygame.DECK)
    assert toy.capability(TABLE) == PlainTable()
    assert PlainTable().left(state, 1) == tuple(sorted(state.hands[1]))


# -- a game that brings its own ---------------------------------------------------------------


@attrs.frozen
class Cheered(Event):
    """``player`` cheered."""

    kind: ClassVar[str] = "cheered"
    player: int


@attrs.frozen(cache_hash=True)
class Cheer(Move):
    """Cheer."""

    kind: ClassVar[str] = "cheer"


@attrs.frozen
class LoudTable(PlainTable):
    """A table that shouts."""

    help: str = "CHEER: cheer loudly"

    def view(self, view: Any, narrator: Narrator) -> list[str]:
        return [line.upper() for line in super().view(view, narrator)]

    def left(self, state: Any, seat: int) -> Sequence[object]:
        return ()


class CheeringState(toygame.ToyState):
    """Toy Pile played as the cheering game."""


def _cheering_game() -> Game[Any]:
    """A copy of Toy Pile with its own event and move, phrasebook and table, registered."""
    game: Game[Any] = toygame.make_game(CheeringState, "cheering-toy", title="Cheering Toy")
    book = Phrases(
        events={
            Cheered: Entry(
                "player",
                lambda e, s: s.verb(e.player, "cheers", "cheer"),
                lambda e, s: s.verb(e.player, "applaudit", "applaudis"),
            )
        },
        moves={Cheer: phrase_of("cheer", "applaudir")},
    )
    game = attrs.evolve(
        game,
        event_types={**game.event_types, "cheered": Cheered},
        move_types={**game.move_types, "cheer": Cheer},
        capabilities={"cli_table": LoudTable(), "narration": book},
    )
    CheeringState.GAME = game  # the state's descriptor is the one that brings the capabilities
    register(game)
    return game


def test_a_game_s_own_phrasebook_tells_its_events_and_moves(registry: None) -> None:
    game = _cheering_game()
    assert game.provides(PHRASEBOOK)
    assert describe(Cheered(1), NAMES) == "Bob cheers"
    assert describe(Cheered(1), NAMES, viewer=1, lang="fr") == "tu applaudis"
    told = narrate([Cheered(0), Cheered(0), Cheered(1)], NAMES)
    assert told == ["Ann cheers and cheers", "Bob cheers"]
    assert describe_move(Cheer(0), NAMES, lang="fr") == "applaudir"
    assert str(Cheered(0)) == "seat 0 cheers"


def test_a_game_s_own_table_shows_its_views(registry: None) -> None:
    game = _cheering_game()
    state = game.new_game(NAMES, seed=1)
    narrator = Narrator(tuple(NAMES), 0)
    assert narrator.view(state.view(0))[0] == "HANDS: YOU 3, BOB 3"
    outcome = Outcome(Termination.TURN_LIMIT, (0, 1), (3, 3))
    assert narrator.outcome_rows(state, outcome) == [["Ann", "-", "3"], ["Bob", "-", "3"]]
    assert game.capability(TABLE).help == "CHEER: cheer loudly"


# -- the built-in games declare theirs; the generic modules import none -------------------------

GENERIC = ("narration.py", "cli/narrate.py", "cli/play.py")
GAME_PACKAGES = (
    "cardgames.shedding",
    "cardgames.planets",
    "cardgames.crazy_eights",
    "cardgames.huit_americain",
)


@pytest.mark.parametrize("game", [crazy_eights.GAME, planets.GAME])
def test_the_built_in_games_bring_their_phrasebook_and_table(game: Game[Any]) -> None:
    assert game.provides(PHRASEBOOK)
    assert game.provides(TABLE)
    assert set(game.capability(PHRASEBOOK).events) == set(game.event_types.values())
    assert set(game.capability(PHRASEBOOK).moves) == set(game.move_types.values())
    state = game.new_game(NAMES, seed=2)
    while not state.is_over:
        state = state.apply(state.legal_moves()[-1])
    outcome = state.outcome()
    assert outcome is not None
    rows = Narrator(tuple(NAMES), symbols=False).outcome_rows(state, outcome)
    shedding = game is crazy_eights.GAME
    expected = [
        (" " if shedding else ", ").join(
            str(card) if shedding else card.english for card in sorted(hand)
        )
        for hand in state.hands
    ]
    assert [row[1] for row in rows] == [text or "-" for text in expected]


@pytest.mark.parametrize("path", GENERIC)
def test_the_generic_modules_import_no_game_package(path: str) -> None:
    source = Path(cardgames.game.__file__).parent / path
    tree = ast.parse(source.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module is not None:
            names = [node.module]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            continue
        for name in names:
            assert not name.startswith(GAME_PACKAGES), (path, name)
