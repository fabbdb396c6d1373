"""Tests of `cardgames.game`: the registry, the `Game` descriptor's services and `LegalMoves`."""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgames import crazy_eights, game, huit_americain, planets
from cardgames.cards import Card, Suit
from cardgames.errors import (
    InvalidArgumentError,
    InvalidRulesError,
    InvalidStateError,
    ParseError,
    UnknownGameError,
)
from cardgames.game import (
    Game,
    LegalMoves,
    Move,
    View,
    find_game,
    games,
    normalize_name,
    register,
)
from cardgames.rng import Rng
from cardgames.shedding.moves import CallOut, Draw, Pass, PlayCard, TakePenalty

import toygame

CE = crazy_eights.GAME
HA = huit_americain.GAME
C = Card.parse


@pytest.fixture
def registry(monkeypatch: pytest.MonkeyPatch) -> dict[str, Game[Any]]:
    """A private copy of the registry, so that registering in a test leaks nowhere."""
    games()  # load the built-in games into the real registry first
    copy = dict(game._REGISTRY)
    monkeypatch.setattr(game, "_REGISTRY", copy)
    return copy


# ---------------------------------------------------------------------------------------------
# find_game, games, normalize_name


@pytest.mark.parametrize(
    "name",
    [
        "crazy-eights",
        "crazy eights",
        "Crazy-Eights",
        "CRAZY_EIGHTS",
        "  crazy   eights ",
        "Crazy Eights",
        "crazy 8s",
        "Crazy8",
        "eights",
        "Huit Fou",
    ],
)
def test_find_crazy_eights_by_any_of_its_names(name: str) -> None:
    assert find_game(name) is CE


@pytest.mark.parametrize(
    "name",
    [
        "huit-americain",
        "8 américain",
        "8 Américain",
        "huit americain",
        "8 americain",
        "Huit_Américain",
        "8-AMÉRICAIN",
        "American Eights",
        "8 ame\u0301ricain",  # the accent as a combining character
    ],
)
def test_find_8_americain_by_any_of_its_names(name: str) -> None:
    assert find_game(name) is HA


@pytest.mark.parametrize("name", ["uno", "", "crazy", "huit", "eights!"])
def test_unknown_names_raise_listing_the_known_games(name: str) -> None:
    with pytest.raises(UnknownGameError) as excinfo:
        find_game(name)
    err = excinfo.value
    assert err.name == name
    assert err.known == tuple(g.name for g in games())
    assert {"crazy-eights", "huit-americain"} <= set(err.known)
    assert str(err).startswith(f"unknown game {name!r}; known games: ")
    assert "crazy-eights, huit-americain" in str(err)
    assert isinstance(err, LookupError)


def test_games_lists_each_game_once_sorted_by_name() -> None:
    listed = games()
    names = [g.name for g in listed]
    assert names == sorted(names)
    assert len(set(names)) == len(names)
    assert CE in listed
    assert HA in listed


def test_every_registered_game_answers_to_its_name_title_and_aliases() -> None:
    for registered in games():
        for name in (registered.name, registered.title, *registered.aliases):
            assert find_game(name) is registered


def test_normalize_name_examples() -> None:
    assert normalize_name("  8 Américain ") == "8 americain"
    assert normalize_name("Crazy_Eights") == normalize_name("crazy-eights") == "crazy eights"
    assert normalize_name("Œuf-Cœur") == "oeuf coeur"
    assert normalize_name("a\t-_ b") == "a b"
    assert normalize_name("ÇA") == "ca"
    assert normalize_name("Straße") == "strasse"
    assert normalize_name("") == ""


NAME_TEXT = st.text(alphabet="abcdefghijklmnopqrstuvwxyzéèêàçœß0123456789 -_\t", max_size=30)


@given(NAME_TEXT)
def test_normalize_name_ignores_case_and_separators(name: str) -> None:
    folded = normalize_name(name)
    assert normalize_name(name.upper()) == folded
    assert normalize_name(name.replace(" ", "_").replace("-", " ")) == folded
    assert normalize_name(folded) == folded
    assert folded == folded.strip()
    assert "  " not in folded
    assert not {"-", "_", "\t"} & set(folded)


def test_normalize_name_folds_compatibility_capitals_too() -> None:
    # U+2102 (double-struck C) and U+3392 (square MHz) only become the capitals "C" and "MHz"
    # under NFKD, which runs after casefold(): the fold is then not idempotent, and case
    # matters for such names.
    mhz = "\u3392"
    assert normalize_name(normalize_name(mhz)) == normalize_name(mhz)
    assert find_game("\u2102razy Eights") is CE


@attrs.frozen
class _EntryPoint:
    """What `importlib.metadata.entry_points` yields, as much of it as discovery reads."""

    name: str
    value: str
    loaded: Any

    def load(self) -> Any:
        if isinstance(self.loaded, BaseException):
            raise self.loaded
        return self.loaded


def _toy(name: str, title: str) -> Game[Any]:
    """A copy of Toy Pile under another name (its own state class: `make_game` sets ``GAME``)."""
    state_type = type(f"{title.replace(' ', '')}State", (toygame.ToyState,), {})
    return toygame.make_game(state_type, name, title=title)


def _installed(monkeypatch: pytest.MonkeyPatch, *points: _EntryPoint) -> list[str]:
    """Pretend that distributions declare ``points``; returns the groups discovery asked for."""
    asked: list[str] = []

    def entry_points(*, group: str) -> tuple[_EntryPoint, ...]:
        asked.append(group)
        return points

    monkeypatch.setattr(game, "_loaded_builtins", False)
    monkeypatch.setattr("importlib.metadata.entry_points", entry_points)
    return asked


def test_the_built_in_games_register_themselves(
    monkeypatch: pytest.MonkeyPatch, registry: dict[str, Game[Any]]
) -> None:
    # Each game family's module of cardgames.plugins names its games; discovery imports those
    # modules, and no generic module keeps a list of games.
    from cardgames.plugins import planets as planets_plugin
    from cardgames.plugins import shedding as shedding_plugin

    assert _installed(monkeypatch) == []
    assert games() == (CE, HA, planets.GAME)
    assert shedding_plugin.GAMES == (CE, HA)
    assert planets_plugin.GAMES == (planets.GAME,)


def test_an_installed_distribution_s_game_is_found_by_its_entry_point(
    monkeypatch: pytest.MonkeyPatch, registry: dict[str, Game[Any]]
) -> None:
    toy = _toy("entry-toy", "Entry Toy")
    asked = _installed(monkeypatch, _EntryPoint("entry-toy", "toy_pkg:GAME", toy))
    assert find_game("Entry Toy") is toy
    assert asked == ["cardgames.games"]
    assert toy in games()
    games()
    assert asked == ["cardgames.games"]  # discovery runs once


def test_a_broken_installed_game_is_skipped_with_a_warning(
    monkeypatch: pytest.MonkeyPatch, registry: dict[str, Game[Any]]
) -> None:
    toy = _toy("good-toy", "Good Toy")
    _installed(
        monkeypatch,
        _EntryPoint("broken", "broken_pkg:GAME", ImportError("no module named numpy")),
        _EntryPoint("good-toy", "toy_pkg:GAME", toy),
    )
    with pytest.warns(RuntimeWarning, match=r"'broken' \(broken_pkg:GAME\) could not be loaded"):
        found = games()
    assert toy in found
    assert CE in found  # the others are still there


def test_a_game_that_looks_games_up_while_it_loads_does_not_loop(
    monkeypatch: pytest.MonkeyPatch, registry: dict[str, Game[Any]]
) -> None:
    toy = _toy("eager-toy", "Eager Toy")

    class Eager:
        name = "eager-toy"
        value = "eager_pkg:GAME"

        def load(self) -> Any:
            assert find_game("crazy eights") is CE  # during discovery: no recursion
            return toy

    _installed(monkeypatch, Eager())  # type: ignore[arg-type]
    assert find_game("eager toy") is toy


# ---------------------------------------------------------------------------------------------
# register


def test_register_is_idempotent_for_the_same_game(registry: dict[str, Game[Any]]) -> None:
    before = dict(registry)
    assert register(CE) is CE
    assert register(HA) is HA
    assert registry == before


def test_register_adds_a_new_game_under_every_name(registry: dict[str, Game[Any]]) -> None:
    other = attrs.evolve(CE, name="other-eights", title="Other Eights", aliases=("Autres Huit",))
    assert register(other) is other
    assert find_game("OTHER_EIGHTS") is other
    assert find_game("autres huit") is other
    assert other in games()
    assert find_game("crazy eights") is CE


@pytest.mark.parametrize(
    ("name", "title", "aliases", "taken"),
    [
        ("crazy-eights", "Another", (), "crazy-eights"),
        ("another", "Crazy Eights", (), "Crazy Eights"),
        ("another", "Another", ("8 americain",), "8 americain"),
    ],
)
def test_register_refuses_a_name_taken_by_another_game(
    registry: dict[str, Game[Any]],
    name: str,
    title: str,
    aliases: tuple[str, ...],
    taken: str,
) -> None:
    other = attrs.evolve(CE, name=name, title=title, aliases=aliases)
    owner = find_game(taken)
    with pytest.raises(ValueError, match="already registered") as excinfo:
        register(other)
    assert str(excinfo.value) == (f"game name {taken!r} is already registered by {owner.name!r}")
    assert find_game(taken) is owner


def test_a_refused_registration_leaves_the_registry_unchanged(
    registry: dict[str, Game[Any]],
) -> None:
    before = dict(registry)
    other = attrs.evolve(CE, name="novel", title="Novel", aliases=("crazy eights",))
    with pytest.raises(ValueError, match="already registered"):
        register(other)
    # The names checked before the clash must not stay registered to a half-registered game.
    assert registry == before
    with pytest.raises(UnknownGameError):
        find_game("novel")


# ---------------------------------------------------------------------------------------------
# Game: presets, default rules, new_game, repr


@pytest.mark.parametrize(
    ("descriptor", "name", "key"),
    [
        (CE, "marquoir", "marquoir"),
        (CE, "Five Cards Two Players", "five-cards-two-players"),
        (CE, "five_cards_two_players", "five-cards-two-players"),
        (CE, " SEVENS-DRAW ", "sevens-draw"),
        (HA, "À la volée", "a-la-volee"),
        (HA, "32 cartes", "32-cartes"),
        (HA, "Autres_Propositions", "autres-propositions"),
    ],
)
def test_preset_by_folded_name(descriptor: Game[Any], name: str, key: str) -> None:
    assert descriptor.preset(name) is descriptor.presets[key]


def test_unknown_preset_lists_the_known_ones() -> None:
    with pytest.raises(InvalidRulesError) as excinfo:
        CE.preset("house rules")
    err = excinfo.value
    assert (err.option, err.value) == ("preset", "house rules")
    assert err.reason == (
        "known presets: marquoir, five-cards-two-players, draw-until-playable, sevens-draw, "
        "ace-without-power, starter-effects, draw-when-playable, five-rounds"
    )


@pytest.mark.parametrize("descriptor", [crazy_eights.GAME, huit_americain.GAME, planets.GAME])
def test_descriptor_tables_are_read_only(descriptor: Game[Any]) -> None:
    """The break of #12 item 8: editing ``presets`` changed every later deal."""
    before = descriptor.default_rules
    for name in ("presets", "move_types", "event_types"):
        table: Any = getattr(descriptor, name)
        key = next(iter(table))
        with pytest.raises(TypeError):
            table[key] = None
        with pytest.raises(TypeError):
            del table[key]
        with pytest.raises(TypeError):
            table["new"] = None
        with pytest.raises(AttributeError):
            table.clear()
    assert descriptor.default_rules is before
    assert descriptor.new_game(2, seed=1).rules == before


def test_the_shedding_games_do_not_share_their_tables() -> None:
    ce, ha = crazy_eights.GAME, huit_americain.GAME
    assert ce.move_types == ha.move_types  # the same moves, in tables of their own
    assert ce.move_types is not ha.move_types
    assert ce.event_types is not ha.event_types


def test_default_rules_are_the_first_preset() -> None:
    assert CE.default_rules is crazy_eights.PRESETS["marquoir"]
    assert CE.default_rules == crazy_eights.Rules()
    assert HA.default_rules is huit_americain.PRESETS["standard"]
    assert HA.default_rules == huit_americain.Rules()


def test_game_descriptor_fields_and_repr() -> None:
    assert (CE.name, CE.title, CE.min_players, CE.max_players) == (
        "crazy-eights",
        "Crazy Eights",
        2,
        7,
    )
    assert (HA.name, HA.title) == ("huit-americain", "8 Américain")
    assert repr(CE) == "<Game 'crazy-eights'>"
    assert repr(HA) == "<Game 'huit-americain'>"
    assert CE.rules_type is crazy_eights.Rules
    assert CE.state_type is crazy_eights.State


def test_new_game_through_the_descriptor() -> None:
    state = CE.new_game(["Ann", "Bob"], seed=11)
    assert state == crazy_eights.new_game(["Ann", "Bob"], seed=11)
    assert state.game is CE
    rules = huit_americain.PRESETS["32-cartes"]
    state = HA.new_game(3, seed=4, rules=rules)
    assert state.rules == rules  # equal: states share tables by equal rules
    assert len(state.all_cards()) == 64  # 3 players x 12 cards need two 32-card decks


# ---------------------------------------------------------------------------------------------
# Game: JSON entry points


ALL_MOVES: tuple[Move, ...] = (
    PlayCard(0, C("8H"), Suit.SPADES, announce=True),
    PlayCard(1, C("QS"), None, False, 2),
    PlayCard(2, C("JOKER"), Suit.CLUBS),
    Draw(2),
    Pass(0),
    TakePenalty(1),
    CallOut(0, 2),
)


def test_move_to_json_writes_the_envelope() -> None:
    assert CE.move_to_json(Draw(2)) == (
        '{"format":"cardgames.move","version":1,"game":"crazy-eights",'
        '"data":{"type":"draw","player":2}}'
    )


@pytest.mark.parametrize("move", ALL_MOVES, ids=str)
def test_moves_round_trip(move: Move) -> None:
    for descriptor in (CE, HA):
        text = descriptor.move_to_json(move)
        assert json.loads(text)["game"] == descriptor.name
        back = descriptor.move_from_json(text)
        assert back == move
        assert type(back) is type(move)
        assert descriptor.move_from_json(text.encode()) == move


class Fancy(Draw):
    """A move class the game does not declare."""


@pytest.mark.parametrize("move", [Move(0), Fancy(1)], ids=["base", "subclass"])
def test_move_to_json_refuses_moves_of_other_classes(move: Move) -> None:
    with pytest.raises(InvalidArgumentError, match="not a move of crazy-eights"):
        CE.move_to_json(move)


def card_parse_problem(text: str) -> str:
    with pytest.raises(ParseError) as excinfo:
        Card.parse(text)
    return str(excinfo.value)


def move_document(data: object, game_name: str = "crazy-eights") -> str:
    return json.dumps({"format": "cardgames.move", "version": 1, "game": game_name, "data": data})


@pytest.mark.parametrize(
    ("text", "path", "problem"),
    [
        (HA.move_to_json(Draw(0)), "/game", "expected 'crazy-eights', got 'huit-americain'"),
        (
            move_document({"type": "card_played", "player": 0}),
            "/data/type",
            "expected one of announce, callout, draw, pass, play, take, got 'card_played'",
        ),
        (
            move_document({"player": 0}),
            "/data/type",
            "expected one of announce, callout, draw, pass, play, take, got None",
        ),
        (move_document({"type": "play", "player": 0}), "/data/card", "missing field"),
        (
            move_document({"type": "play", "player": 0, "card": "8X"}),
            "/data/card",
            card_parse_problem("8X"),
        ),
        (
            move_document({"type": "draw", "player": "0"}),
            "/data/player",
            "expected an integer, got a string",
        ),
        (move_document({"type": "draw", "player": 0, "x": 1}), "/data", "unknown field(s) 'x'"),
        (move_document([]), "/data", "expected an object, got a list"),
    ],
)
def test_move_from_json_names_the_problem(text: str, path: str, problem: str) -> None:
    with pytest.raises(InvalidStateError) as excinfo:
        CE.move_from_json(text)
    assert (excinfo.value.path, excinfo.value.problem) == (path, problem)


def test_rules_from_json() -> None:
    rules = crazy_eights.PRESETS["sevens-draw"]
    assert CE.rules_from_json(rules.to_json()) == rules
    with pytest.raises(InvalidStateError) as excinfo:
        HA.rules_from_json(rules.to_json())
    assert excinfo.value.path == "/game"


def test_view_from_json() -> None:
    state = CE.new_game(3, seed=7)
    state = state.apply(state.legal_moves()[0])
    for viewer in (None, 0, 1, 2):
        view = state.view(viewer)
        assert CE.view_from_json(view.to_json()) == view
    with pytest.raises(InvalidStateError) as excinfo:
        HA.view_from_json(state.view(0).to_json())
    assert (excinfo.value.path, excinfo.value.problem) == (
        "/game",
        "expected 'huit-americain', got 'crazy-eights'",
    )


def test_state_from_json_of_this_game() -> None:
    for descriptor in (CE, HA):
        state = descriptor.new_game(4, seed=21)
        assert descriptor.state_from_json(state.to_json()) == state


def test_state_from_json_refuses_a_state_of_another_game() -> None:
    text = HA.new_game(2, seed=1).to_json()
    with pytest.raises(InvalidStateError) as excinfo:
        CE.state_from_json(text)
    assert (excinfo.value.path, excinfo.value.problem) == (
        "/game",
        "expected a state of 'crazy-eights'",
    )


# ---------------------------------------------------------------------------------------------
# LegalMoves


def test_legal_moves_are_a_tuple_equal_to_a_plain_tuple() -> None:
    moves = CE.new_game(2, seed=3).legal_moves()
    assert isinstance(moves, LegalMoves)
    assert isinstance(moves, tuple)
    plain = tuple(moves)
    assert moves == plain
    assert plain == moves
    assert hash(moves) == hash(plain)
    assert moves.as_tuple() == plain
    assert type(moves.as_tuple()) is tuple
    assert len(moves) == len(plain) > 0
    assert bool(moves)
    assert moves[1:] == plain[1:]


def test_in_checks_identity_then_equality() -> None:
    state = CE.new_game(2, seed=3)
    moves = state.legal_moves()
    first = moves[0]
    assert first in moves
    rebuilt = PlayCard(first.player, C(str(first.card)), first.suit, first.announce, first.target)  # type: ignore[attr-defined]
    assert rebuilt is not first
    assert rebuilt in moves
    assert Draw(5) not in moves
    anything: tuple[object, ...] = moves
    assert "draw" not in anything
    assert None not in anything


class Touchy(Draw):
    """A move that must never be compared by equality."""

    def __eq__(self, other: object) -> bool:
        raise AssertionError("compared by equality")

    def __hash__(self) -> int:
        return id(self)


def test_in_finds_the_very_object_without_comparing() -> None:
    touchy = Touchy(0)
    assert touchy in LegalMoves((Draw(1), Pass(1), touchy))


def test_legal_moves_repr_uses_the_notation() -> None:
    moves = LegalMoves((PlayCard(0, C("8C"), Suit.CLUBS), PlayCard(0, C("9S")), Draw(0)))
    assert repr(moves) == "<LegalMoves: play 8C name clubs, play 9S, draw>"
    assert repr(LegalMoves(())) == "<LegalMoves: >"
    assert not LegalMoves(())
    state_moves = CE.new_game(2, seed=3).legal_moves()
    assert repr(state_moves) == f"<LegalMoves: {', '.join(map(str, state_moves))}>"


# ---------------------------------------------------------------------------------------------
# The protocol's defaults, seen through a game that does not override them (Toy Pile)


def test_a_move_prints_as_its_repr_by_default() -> None:
    assert str(Move(3)) == repr(Move(3)) == "Move(player=3)"


def test_an_event_is_shown_to_everyone_as_it_is_by_default() -> None:
    event = toygame.new_game(2, seed=1).last_events
    for e in event:
        assert e.redacted_for(None) is e
        assert e.redacted_for(0) is e


def test_view_from_json_decodes_a_view_class_without_its_own_reader() -> None:
    state = toygame.new_game(["Ann", "Bob"], seed=7, deck=toygame.DECK)
    state = state.apply(state.parse_move("take"))
    for viewer in (None, 0, 1):
        view = state.view(viewer)
        assert toygame.GAME.view_from_json(view.to_json()) == view
    with pytest.raises(InvalidStateError) as excinfo:
        toygame.GAME.view_from_json(CE.new_game(2, seed=1).view(0).to_json())
    assert excinfo.value.path == "/game"


def test_the_base_view_has_no_json_of_its_own() -> None:
    with pytest.raises(NotImplementedError):
        View(None).to_json()
    with pytest.raises(NotImplementedError):
        View.from_json("{}")


def test_sample_state_is_optional() -> None:
    state_type = type("UnsampledState", (toygame.ToyState,), {})
    unsampled: Game[Any] = toygame.make_game(
        state_type, "unsampled-toy", title="Unsampled", sampling=False
    )
    view = unsampled.new_game(2, seed=1).view(0)
    with pytest.raises(NotImplementedError, match="unsampled-toy does not sample states"):
        unsampled.sample_state(view, Rng.from_seed(1))


def test_sample_state_through_the_descriptor_keeps_the_view() -> None:
    state = CE.new_game(3, seed=7)
    for _ in range(5):
        state = state.apply(state.legal_moves()[0])
    view = state.view(1)
    sampled = CE.sample_state(view, Rng.from_seed(3))
    assert isinstance(sampled, crazy_eights.State)
    assert sampled.view(1) == view
