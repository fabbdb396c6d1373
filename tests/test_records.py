"""Game records: recording a played game, the JSON document, and exact replay."""

from __future__ import annotations

import json
import pickle
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgames import crazy_eights, huit_americain, planets
from cardgames.agents import GameResult, RandomAgent, make_agent, play_game
from cardgames.cards import make_deck
from cardgames.errors import CardGamesError, InvalidStateError, UnknownGameError
from cardgames.game import Game, Outcome, Termination
from cardgames.records import (
    GameRecord,
    RecordedMove,
    ReplayError,
    record_game,
    replay,
    replay_states,
)
from cardgames.shedding import SheddingState

from planets_support import stacked_deck

GAMES = [crazy_eights.GAME, huit_americain.GAME, planets.GAME]


def played(
    game: Game[Any],
    *,
    seed: int = 3,
    players: int = 3,
    preset: str | None = None,
    agents: str = "random",
    deck: Any = None,
) -> GameResult:
    rules = game.preset(preset) if preset else None
    agent = make_agent(agents, game)
    return play_game(game, [agent] * players, seed=seed, rules=rules, deck=deck)


def randoms(players: int) -> list[Any]:
    return [RandomAgent()] * players


def json_data(record: GameRecord) -> dict[str, Any]:
    document: dict[str, Any] = json.loads(record.to_json())
    return document


def from_data(document: dict[str, Any]) -> GameRecord:
    return GameRecord.from_json(json.dumps(document))


def small_record() -> GameRecord:
    return record_game(played(crazy_eights.GAME, seed=5, players=2))


# -- recording and replaying ----------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
@pytest.mark.parametrize("agents", ["random", "heuristic"])
def test_record_replays_exactly(game: Game[Any], agents: str) -> None:
    result = played(game, agents=agents)
    record = record_game(result)
    assert record.game == game.name
    assert record.agents == (agents,) * 3
    assert record.players == result.players
    assert record.deck is None
    assert len(record.moves) == len(result.steps)
    assert record.result == result.outcome
    assert replay(record) == result.state
    states = list(replay_states(record))
    assert len(states) == len(record.moves) + 1
    assert states[-1] == result.state
    assert states[0] == game.new_game(list(result.players), seed=3, rules=result.rules)


@pytest.mark.parametrize(
    ("game", "preset", "players"),
    [
        (crazy_eights.GAME, "sevens-draw", 2),
        (crazy_eights.GAME, "draw-until-playable", 4),
        (huit_americain.GAME, "a-la-volee", 4),  # jump-ins: out-of-turn moves
        (huit_americain.GAME, "autres-propositions", 3),  # swap and choose targets
        (huit_americain.GAME, "toutes-variantes", 5),
        (planets.GAME, "dealt-hands", 4),
        (planets.GAME, "must-lay", 2),
        (planets.GAME, "no-hand-limit", 6),
    ],
)
def test_presets_round_trip_through_json(game: Game[Any], preset: str, players: int) -> None:
    result = played(game, preset=preset, players=players, seed=11)
    record = record_game(result)
    loaded = GameRecord.from_json(record.to_json())
    assert loaded == record
    assert loaded.rules == game.preset(preset)
    assert replay(loaded) == result.state


@pytest.mark.parametrize(
    "rules",
    [crazy_eights.PRESETS["marquoir"], huit_americain.PRESETS["a-la-volee"].replace(decks=2)],
    ids=["call-outs", "jump-ins"],
)
def test_out_of_turn_moves_replay(rules: Any) -> None:
    game = huit_americain.GAME if isinstance(rules, huit_americain.Rules) else crazy_eights.GAME
    out_of_turn = 0
    for seed in range(8):
        result = play_game(game, randoms(3), seed=seed, rules=rules)
        record = GameRecord.from_json(record_game(result).to_json())
        states = list(replay_states(record))
        for state, move in zip(states, record.moves, strict=False):
            assert isinstance(state, SheddingState)
            out_of_turn += move.player != state.current
        assert states[-1] == result.state
    assert out_of_turn > 0


def test_fixed_deck_shedding() -> None:
    rules = crazy_eights.PRESETS["marquoir"]
    deck = tuple(reversed(make_deck(rules.deck)))
    result = played(crazy_eights.GAME, deck=deck, seed=9)
    record = record_game(result, deck=deck)
    assert record.deck is not None
    assert record.deck[:3] == ("AS", "KS", "QS")
    loaded = GameRecord.from_json(record.to_json())
    assert loaded == record
    assert replay(loaded) == result.state


def test_fixed_deck_with_jokers_and_two_decks() -> None:
    rules = huit_americain.PRESETS["standard"].replace(decks=2)
    deck = tuple(reversed(make_deck(rules.deck, 2)))
    result = play_game(huit_americain.GAME, randoms(3), seed=2, rules=rules, deck=deck)
    record = record_game(result, deck=deck)
    assert record.deck is not None
    assert record.deck[:2] == ("JOKER", "JOKER")
    assert replay(GameRecord.from_json(record.to_json())) == result.state


def test_fixed_deck_planets() -> None:
    deck = stacked_deck("black-hole Saturn Mars Venus")
    result = played(planets.GAME, deck=deck, agents="heuristic")
    record = record_game(result, deck=deck)
    assert record.deck is not None
    assert record.deck[:3] == ("black-hole", "Saturn", "Mars")
    loaded = GameRecord.from_json(record.to_json())
    assert loaded == record
    assert replay(loaded) == result.state


def test_deck_attribute_of_the_result_is_used() -> None:
    deck = stacked_deck("Saturn Mars Venus")
    result = played(planets.GAME, deck=deck, players=2)
    assert result.deck == tuple(deck)
    record = record_game(result)
    assert record.deck is not None
    assert record.deck[:2] == ("Saturn", "Mars")


def test_unfinished_game_and_no_result() -> None:
    state = planets.new_game(["Léa", "Tom"], seed=4)
    moves = []
    for _ in range(5):
        move = state.legal_moves()[0]
        moves.append(RecordedMove(move.player, state.format_move(move)))
        state = state.apply(move)
    record = GameRecord(
        game="planets",
        rules=planets.PRESETS["standard"],
        seed=4,
        players=["Léa", "Tom"],  # lists are converted to tuples
        agents=None,
        deck=None,
        moves=moves,
        result=None,
    )
    assert record.players == ("Léa", "Tom")
    assert isinstance(record.moves, tuple)
    assert replay(record) == state
    assert GameRecord.from_json(record.to_json()) == record


def test_records_are_hashable_values() -> None:
    record = small_record()
    again = record_game(played(crazy_eights.GAME, seed=5, players=2))
    assert record == again
    assert hash(record) == hash(again)


@settings(max_examples=15, deadline=None)
@given(
    game=st.sampled_from(GAMES),
    seed=st.integers(-(2**63), 2**63),
    players=st.integers(2, 4),
    preset=st.integers(0, 10),
)
def test_json_round_trip_property(game: Game[Any], seed: int, players: int, preset: int) -> None:
    names = list(game.presets)
    rules = game.presets[names[preset % len(names)]]
    rules = rules.replace(max_moves=60) if hasattr(rules, "max_moves") else rules
    rules = rules.replace(max_turns=15) if hasattr(rules, "max_turns") else rules
    result = play_game(game, randoms(players), seed=seed, rules=rules)
    record = record_game(result)
    loaded = GameRecord.from_json(record.to_json())
    assert loaded == record
    assert replay(loaded) == result.state


# -- tampered records -----------------------------------------------------------------------------


def tampered(record: GameRecord, index: int, text: str, player: int | None = None) -> GameRecord:
    moves = list(record.moves)
    who = moves[index].player if player is None else player
    moves[index] = RecordedMove(who, text)
    return attrs.evolve(record, moves=tuple(moves))


def test_illegal_move_names_index_and_text() -> None:
    record = small_record()
    bad = tampered(record, 4, "play JOKER name hearts")
    with pytest.raises(ReplayError) as info:
        replay(bad)
    error = info.value
    assert (error.index, error.move, error.reason) == (
        4,
        "play JOKER name hearts",
        "card_not_in_hand",
    )
    assert "move 4 ('play JOKER name hearts')" in str(error)
    assert isinstance(error, CardGamesError)
    assert isinstance(error, ValueError)


def test_move_by_the_wrong_seat() -> None:
    record = small_record()
    first = record.moves[0]
    bad = tampered(record, 0, first.move, player=1 - first.player)
    with pytest.raises(ReplayError) as info:
        replay(bad)
    assert info.value.index == 0
    assert info.value.reason == "not_your_turn"


def test_unparseable_move() -> None:
    record = record_game(played(planets.GAME, seed=2, players=2))
    bad = tampered(record, 7, "keep Pluto")
    with pytest.raises(ReplayError, match=r"move 7 \('keep Pluto'\)") as info:
        replay(bad)
    assert info.value.reason == "parse_error"
    assert "Pluto" in info.value.detail


def test_states_before_the_bad_move_are_yielded() -> None:
    record = small_record()
    bad = tampered(record, 3, "gibberish")
    states: list[Any] = []
    with pytest.raises(ReplayError):
        states.extend(replay_states(bad))
    assert len(states) == 4  # the deal and the first three moves


def test_moves_after_the_end() -> None:
    record = small_record()
    bad = attrs.evolve(record, moves=(*record.moves, RecordedMove(0, "draw")), result=None)
    with pytest.raises(ReplayError) as info:
        replay(bad)
    assert info.value.index == len(record.moves)
    assert info.value.reason == "game_over"


def test_wrong_result() -> None:
    record = small_record()
    assert record.result is not None
    wrong = attrs.evolve(record.result, scores=tuple(s + 1 for s in record.result.scores))
    with pytest.raises(ReplayError) as info:
        replay(attrs.evolve(record, result=wrong))
    error = info.value
    assert (error.index, error.move, error.reason) == (len(record.moves), "", "result_mismatch")
    assert "result_mismatch" in str(error)


def test_truncated_record_with_a_result() -> None:
    record = small_record()
    short = attrs.evolve(record, moves=record.moves[:-1])
    with pytest.raises(ReplayError) as info:
        replay(short)
    assert info.value.reason == "result_mismatch"


def test_replay_error_pickles() -> None:
    error = ReplayError(2, "draw", "must_play", "you hold a playable card")
    again = pickle.loads(pickle.dumps(error))
    assert (again.index, again.move, again.reason, again.detail) == (
        2,
        "draw",
        "must_play",
        error.detail,
    )
    assert str(again) == str(error)


# -- malformed documents --------------------------------------------------------------------------


def invalid(document: Any) -> InvalidStateError:
    text = document if isinstance(document, str) else json.dumps(document)
    with pytest.raises(InvalidStateError) as info:
        GameRecord.from_json(text)
    return info.value


def test_not_json_and_wrong_envelope() -> None:
    assert invalid("{not json").path == ""
    data = json_data(small_record())
    assert invalid({**data, "format": "cardgames.state"}).path == "/format"
    assert invalid({**data, "version": 2}).path == "/version"
    assert invalid([1, 2]).path == ""


def test_unknown_game() -> None:
    data = json_data(small_record())
    error = invalid({**data, "game": "no-such-game"})
    assert error.path == "/game"
    assert "no-such-game" in error.problem
    assert invalid({**data, "game": 8}).path == "/game"
    assert invalid({**data, "game": "8 américain"}).path == "/game"  # an alias, not the name
    with pytest.raises(UnknownGameError):
        replay(attrs.evolve(small_record(), game="no-such-game"))


@pytest.mark.parametrize(
    ("edit", "path"),
    [
        (lambda d: d.pop("seed"), "/data/seed"),
        (lambda d: d.update(seed="5"), "/data/seed"),
        (lambda d: d.update(seed=True), "/data/seed"),
        (lambda d: d.update(players="Léa"), "/data/players"),
        (lambda d: d.update(players=["Léa", 3]), "/data/players/1"),
        (lambda d: d.update(agents=["random"]), "/data/agents"),
        (lambda d: d.update(extra=1), "/data"),
        (lambda d: d.update(moves={}), "/data/moves"),
        (lambda d: d["moves"][2].update(move=5), "/data/moves/2/move"),
        (lambda d: d["moves"][2].pop("player"), "/data/moves/2/player"),
        (lambda d: d["moves"][2].update(player=7), "/data/moves/2/player"),
        (lambda d: d["moves"][2].update(player=-1), "/data/moves/2/player"),
        (lambda d: d["result"].update(reason="resigned"), "/data/result/reason"),
        (lambda d: d["result"].update(winners=[0.5]), "/data/result/winners/0"),
        (lambda d: d["rules"].update(hand_size=0), "/data/rules/hand_size"),
        (lambda d: d["rules"].update(hand_size=30), "/data/rules/hand_size"),
        (lambda d: d["rules"].update(no_such_option=1), "/data/rules"),
        (lambda d: d["rules"].update(effects="8:flying"), "/data/rules/effects"),
        (lambda d: d.update(rules=[]), "/data/rules"),
        (lambda d: d.update(players=["solo"], agents=None), "/data/players"),
        (lambda d: d.update(deck=["8H", "8X"]), "/data/deck/1"),
        (lambda d: d.update(deck=["8H", "9H"]), "/data/deck"),
        (lambda d: d.update(deck="8H 9H"), "/data/deck"),
    ],
)
def test_malformed_fields_name_their_path(edit: Any, path: str) -> None:
    document = json_data(small_record())
    edit(document["data"])
    assert invalid(document).path == path


def test_bad_planet_deck_names_its_path() -> None:
    document = json_data(record_game(played(planets.GAME, seed=1, players=2)))
    document["data"]["deck"] = ["Saturn", "Pluto"]
    error = invalid(document)
    assert error.path == "/data/deck/1"
    assert "Pluto" in str(error)


def test_bytes_are_accepted() -> None:
    record = small_record()
    assert GameRecord.from_json(record.to_json().encode()) == record


def test_documented_format_fields() -> None:
    document = json_data(small_record())
    assert document["format"] == "cardgames.record"
    assert document["version"] == 1
    assert document["game"] == "crazy-eights"
    assert set(document["data"]) == {
        "rules",
        "seed",
        "players",
        "agents",
        "deck",
        "moves",
        "result",
    }
    assert document["data"]["moves"][0] == {"player": 1, "move": small_record().moves[0].move}
    outcome = document["data"]["result"]
    assert set(outcome) == {"reason", "winners", "scores", "detail"}
    reason = Termination(outcome["reason"])
    rebuilt = Outcome(
        reason, tuple(outcome["winners"]), tuple(outcome["scores"]), outcome["detail"]
    )
    assert rebuilt == small_record().result
    assert "rng" not in json.dumps(document)  # the seed rebuilds the RNG
