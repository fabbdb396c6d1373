"""Every game's match alike: `Game.new_match`, ``to_json`` and `Game.match_from_json`.

The match document is a ``cardgames.match`` envelope around the match's fields; loading runs the
constructor's checks, so an edited document is refused with an `InvalidStateError` naming the
field, and a score sheet never holds what a match cannot reach (a round after its end, points
out of range, a seed out of range).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardgames
from cardgames import crazy_eights, huit_americain, planets
from cardgames.errors import (
    InvalidArgumentError,
    InvalidRulesError,
    InvalidStateError,
    MatchOverError,
)
from cardgames.game import Match, find_game
from cardgames.shedding.match import MAX_POINTS, MAX_ROUNDS

GAMES = ("crazy-eights", "huit-americain", "planets")


def _played(match: Match, rounds: int) -> Match:
    """``match`` with ``rounds`` rounds dealt and played to the end with the first legal move."""
    for _ in range(rounds):
        state = match.deal()
        while not state.is_over:
            state = state.apply(state.legal_moves()[0])
        match = match.record(state)
    return match


@pytest.mark.parametrize("name", GAMES)
def test_new_match_is_the_same_call_for_every_game(name: str) -> None:
    game = find_game(name)
    match = game.new_match(["Léa", "Tom", "Sam"], seed=11)
    assert type(match) is game.match_type
    assert match.players == ("Léa", "Tom", "Sam")
    assert (match.rounds, match.seed, match.is_over, match.winners) == ((), 11, False, ())
    assert match.rules == game.default_rules
    # The first round is dealt from the match seed, the same way in every game.
    assert match.deal().to_json() == match.deal().to_json()
    fixed = game.new_match(2, rounds=2)
    played = _played(fixed, 2)
    assert len(played.rounds) == 2
    assert played.is_over
    with pytest.raises(MatchOverError):
        played.deal()


def test_rounds_replace_the_shedding_rules_end_and_count_the_planet_games() -> None:
    eights = find_game("crazy eights").new_match(2, rounds=3)
    assert (eights.rules.rounds, eights.rules.target_score) == (3, None)
    assert eights == crazy_eights.Match.new(2, rounds=3)
    huit = find_game("8 américain").new_match(2, huit_americain.Rules(), rounds=1)
    assert (huit.rules.rounds, huit.rules.target_score) == (1, None)
    eight = find_game("planets").new_match(4, rounds=2)
    assert isinstance(eight, planets.Match)
    assert (eight.games, eight.play_off) == (2, True)
    three = find_game("planets").new_match(3)
    assert isinstance(three, planets.Match)
    assert three.games == 3  # one game per player by default


@pytest.mark.parametrize(
    ("name", "kwargs", "error"),
    [
        ("crazy-eights", {"rounds": 0}, InvalidRulesError),
        ("crazy-eights", {"rounds": 1001}, InvalidRulesError),
        ("huit-americain", {"rounds": True}, InvalidRulesError),
        ("planets", {"rounds": 0}, InvalidArgumentError),
        ("planets", {"rounds": 2**70}, InvalidArgumentError),
        ("crazy-eights", {"seed": 2**64}, InvalidArgumentError),
        ("crazy-eights", {"seed": 1.5}, InvalidArgumentError),
        ("planets", {"seed": -(2**64)}, InvalidArgumentError),
        ("crazy-eights", {"rules": planets.Rules()}, InvalidRulesError),
        ("crazy-eights", {"rules": huit_americain.Rules()}, InvalidRulesError),  # other game
        ("huit-americain", {"rules": crazy_eights.Rules()}, InvalidRulesError),
        ("planets", {"rules": crazy_eights.Rules()}, InvalidRulesError),
    ],
)
def test_new_match_refuses_bad_input_with_typed_errors(
    name: str, kwargs: dict[str, Any], error: type[Exception]
) -> None:
    with pytest.raises(error):
        find_game(name).new_match(2, **kwargs)


@pytest.mark.parametrize("name", GAMES)
def test_a_match_document_round_trips(name: str) -> None:
    game = find_game(name)
    match = _played(game.new_match(["Léa", "Tom"], seed=-5), 1)
    text = match.to_json()
    document = json.loads(text)
    assert (document["format"], document["version"], document["game"]) == (
        "cardgames.match",
        1,
        name,
    )
    assert document["data"]["players"] == ["Léa", "Tom"]
    assert document["data"]["rounds"] == [list(match.rounds[0])]
    loaded = game.match_from_json(text)
    assert loaded == match
    assert type(loaded) is type(match)
    assert game.match_from_json(text.encode("utf-8")) == match
    assert type(match).from_json(text) == match


@settings(max_examples=60, deadline=None)
@given(
    name=st.sampled_from(GAMES),
    players=st.integers(2, 5),
    seed=st.integers(-(2**64) + 1, 2**64 - 1),
    rows=st.lists(st.lists(st.integers(0, 60), min_size=5, max_size=5), max_size=4),
)
def test_any_score_sheet_round_trips(
    name: str, players: int, seed: int, rows: list[list[int]]
) -> None:
    game = find_game(name)
    match = game.new_match(players, seed=seed, rounds=5)
    for row in rows:
        match = match.add_round(row[:players])
    assert game.match_from_json(match.to_json()) == match


def _document(name: str = "crazy-eights", **data: Any) -> dict[str, Any]:
    match = find_game(name).new_match(["Léa", "Tom"])
    document: dict[str, Any] = json.loads(match.to_json())
    document["data"].update(data)
    return document


def _edits() -> Iterator[tuple[str, Any, str]]:
    """(game, edited document or text, the path the error must name)."""
    yield "crazy-eights", "{", ""
    yield "crazy-eights", 42, ""
    yield "crazy-eights", b"\xff", ""
    yield "crazy-eights", [], ""
    yield "crazy-eights", {**_document(), "format": "cardgames.state"}, "/format"
    yield "crazy-eights", {**_document(), "version": 2}, "/version"
    yield "crazy-eights", {**_document(), "extra": 1}, ""
    yield "crazy-eights", {**_document(), "game": "eights"}, "/game"  # an alias
    yield "crazy-eights", {**_document(), "game": "chess"}, "/game"
    yield "crazy-eights", {**_document(), "game": None}, "/game"
    yield "crazy-eights", {**_document(), "game": "huit-americain"}, "/game"
    yield "crazy-eights", {**_document(), "game": "planets"}, "/game"
    yield "crazy-eights", {**_document(), "data": []}, "/data"
    yield "crazy-eights", _document(secret=1), "/data"
    document = _document()
    del document["data"]["seed"]
    yield "crazy-eights", document, "/data/seed"
    yield "crazy-eights", _document(seed=True), "/data/seed"
    yield "crazy-eights", _document(seed=2**64), "/data/seed"
    yield "crazy-eights", _document(seed="7"), "/data/seed"
    yield "crazy-eights", _document(players=["Léa"]), "/data/players"
    yield "crazy-eights", _document(players=["Léa", "léa"]), "/data/players"
    yield "crazy-eights", _document(players=["Léa", ""]), "/data/players"
    yield "crazy-eights", _document(players=["Léa", 7]), "/data/players/1"
    yield "crazy-eights", _document(players="LéaTom"), "/data/players"
    yield "crazy-eights", _document(rounds=[[1, 2, 3]]), "/data/rounds"
    yield "crazy-eights", _document(rounds=[[-1, 0]]), "/data/rounds"
    yield "crazy-eights", _document(rounds=[[MAX_POINTS + 1, 0]]), "/data/rounds"
    yield "crazy-eights", _document(rounds=[[True, 0]]), "/data/rounds/0/0"
    yield "crazy-eights", _document(rounds=[[1.5, 0]]), "/data/rounds/0/0"
    yield "crazy-eights", _document(rounds=[[200, 0], [0, 5]]), "/data/rounds"  # after the end
    yield "crazy-eights", _document(rounds=[[0, 0]] * (MAX_ROUNDS + 1)), "/data/rounds"
    yield "crazy-eights", _document(rules={"target_score": -3}), "/data/rules/target_score"
    yield "crazy-eights", _document(rules={"sudden_death": True}), "/data/rules"
    yield "crazy-eights", _document(rules=None), "/data/rules"
    yield "planets", _document("planets", games=0), "/data/games"
    yield "planets", _document("planets", games=True), "/data/games"
    yield "planets", _document("planets", play_off="yes"), "/data/play_off"
    yield "planets", _document("planets", rounds=[[2, 0], [0, 0], [1, 0]]), "/data/rounds"
    yield "planets", _document("planets", rounds=[[10**8, 0]]), "/data/rounds"
    yield "planets", {**_document("planets"), "game": "crazy-eights"}, "/game"


@pytest.mark.parametrize(("name", "edited", "path"), list(_edits()))
def test_an_edited_document_is_refused_naming_the_field(name: str, edited: Any, path: str) -> None:
    game = find_game(name)
    if isinstance(edited, (dict, list)):
        text: Any = json.dumps(edited)
    else:
        text = edited
    with pytest.raises(InvalidStateError) as caught:
        game.match_from_json(text)
    assert caught.value.path.startswith(path), (caught.value.path, caught.value.problem)
    assert game.match_type is not None
    if isinstance(edited, dict) and edited.get("game") == "huit-americain":
        # A shedding Match holds the rules of any shedding game: only the Game checks which.
        assert game.match_type.from_json(text).rules.game_name == "huit-americain"
        return
    with pytest.raises(InvalidStateError):
        game.match_type.from_json(text)


def test_a_match_to_an_unreachable_target_ends_after_max_rounds() -> None:
    rules = crazy_eights.Rules(target_score=100_000)
    rows = ((1, 0),) * (MAX_ROUNDS - 1)
    match = crazy_eights.Match(rules, ("A", "B"), rows)
    assert not match.is_over
    last = match.add_round([0, 1])
    assert last.is_over
    assert last.winners == (0,)
    with pytest.raises(MatchOverError):
        last.add_round([0, 0])
    with pytest.raises(InvalidRulesError, match="rounds"):
        crazy_eights.Match(rules, ("A", "B"), (*last.rounds, (0, 0)))
    assert find_game("crazy-eights").match_from_json(last.to_json()) == last


def test_names_that_are_one_name_are_refused() -> None:
    for names in (["Léa", "le\u0301a"], ["Léa", "LÉA"], ["Léa", "Tom\x1b[31m"], ["A", "B\n"]):
        with pytest.raises(InvalidRulesError):
            find_game("crazy-eights").new_match(names)
        with pytest.raises(InvalidRulesError):
            crazy_eights.new_game(names, seed=1)
        with pytest.raises(InvalidRulesError):
            planets.new_game(names, seed=1)
    document = json.loads(find_game("planets").new_match(["Léa", "Tom"]).to_json())
    document["data"]["players"] = ["Léa", "le\u0301a"]
    with pytest.raises(InvalidStateError, match="different"):
        find_game("planets").match_from_json(json.dumps(document))


def test_a_key_twice_in_a_document_is_refused() -> None:
    text = find_game("crazy-eights").new_match(["Léa", "Tom"]).add_round([250, 0]).to_json()
    doubled = text.replace('"rounds":', '"rounds":[],"rounds":', 1)
    assert json.loads(doubled)["data"]["rounds"] == [[250, 0]]  # a plain parser keeps the last
    with pytest.raises(InvalidStateError, match="'rounds' appears twice"):
        find_game("crazy-eights").match_from_json(doubled)
    state = crazy_eights.new_game(["Léa", "Tom"], seed=1).to_json()
    with pytest.raises(InvalidStateError, match="appears twice"):
        crazy_eights.State.from_json(state.replace('"version":1', '"version":1,"version":1'))


def test_a_shedding_match_holds_only_what_a_match_reaches() -> None:
    rules = crazy_eights.Rules()
    with pytest.raises(InvalidRulesError, match="after the end"):
        crazy_eights.Match(rules, ("A", "B"), ((200, 0), (0, 0)))
    with pytest.raises(InvalidRulesError):
        crazy_eights.Match(rules, ("A", "B"), ((-1, 0),))
    with pytest.raises(InvalidArgumentError):
        crazy_eights.Match(rules, ("A", "B"), (), 2**64)
    # The last round may reach the target: the match is then over.
    assert crazy_eights.Match(rules, ("A", "B"), ((150, 0), (60, 0))).winners == (0,)


class _Endless(Sequence[int]):
    """A sequence that claims to be huge and must never be copied."""

    def __len__(self) -> int:
        return 10**12

    def __getitem__(self, index: Any) -> Any:
        raise AssertionError("copied")


def test_add_round_counts_before_copying() -> None:
    match = crazy_eights.Match.new(2)
    with pytest.raises(InvalidRulesError, match="one score per player"):
        match.add_round(_Endless())
    assert match.rounds == ()


def test_record_refuses_a_round_of_other_rules_and_after_the_end() -> None:
    match = crazy_eights.Match.new(["A", "B"], rounds=1)
    other = crazy_eights.new_game(["A", "B"], seed=3, rules=crazy_eights.Rules(dealer=1))
    while not other.is_over:
        other = other.apply(other.legal_moves()[0])
    with pytest.raises(InvalidArgumentError, match="rules of the match's next round"):
        match.record(other)
    with pytest.raises(InvalidArgumentError, match="not over"):
        match.record(match.deal())
    done = _played(match, 1)
    assert done.is_over
    with pytest.raises(MatchOverError):
        done.record(other)


def test_the_match_protocol_is_public() -> None:
    assert cardgames.game.Match is Match
    for name in GAMES:
        match: Match = find_game(name).new_match(2)
        assert match.totals == (0, 0)
