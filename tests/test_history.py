"""`cardgames.history.GameLog`: a game driven by hand, with undo, saved as a record that replays."""

from __future__ import annotations

import copy
import json
import pickle
import random
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardgames
from cardgames import (
    CardGamesError,
    GameLog,
    IllegalMoveError,
    InvalidArgumentError,
    InvalidRulesError,
    Move,
    UnknownGameError,
    crazy_eights,
    games,
    huit_americain,
    planets,
)
from cardgames.agents import RandomAgent, play_game
from cardgames.cards import Card, parse_cards
from cardgames.cli import main
from cardgames.history import EmptyLogError, NoDecisionError
from cardgames.planets import parse_planet_cards
from cardgames.records import GameRecord, RecordedMove, ReplayError, record_game, replay
from test_huit_americain_rules import A_LA_VOLEE_2, stacked_deck

C = Card.parse

GAME_NAMES = [game.name for game in games() if game.state_type.__module__.startswith("cardgames.")]


def random_log(name: str, seed: int, moves: int, players: int | None = None) -> GameLog:
    game = cardgames.find_game(name)
    log = GameLog.start(game, players or game.min_players, seed=seed)
    chooser = random.Random(seed)
    while len(log) < moves and not log.state.is_over:
        legal = log.state.legal_moves()
        log = log.push(legal[chooser.randrange(len(legal))])
    return log


@pytest.mark.parametrize("name", GAME_NAMES)
def test_push_pop_and_what_the_log_holds(name: str) -> None:
    game = cardgames.find_game(name)
    start = GameLog.start(game, ["Léa", "Tom", "Sam"], seed=11)
    assert len(start) == 0
    assert start.moves == ()
    assert start.states == (start.state,)
    assert start.state == game.new_game(["Léa", "Tom", "Sam"], seed=11)
    assert start.players == ("Léa", "Tom", "Sam")
    assert start.seed == 11
    assert start.deck is None
    assert start.rules == game.default_rules
    assert start.game is game
    log = start
    applied = [start.state]
    for _ in range(12):
        move = log.state.legal_moves()[-1]
        log = log.push(move)
        applied.append(applied[-1].apply(move))
    assert len(log) == 12
    assert len(log.moves) == 12
    assert len(log.states) == 13
    assert list(log.states) == applied
    assert all(
        a.apply(m) == b for a, m, b in zip(log.states, log.moves, log.states[1:], strict=False)
    )
    undone = log
    for depth in range(11, -1, -1):
        undone = undone.pop()
        assert len(undone) == depth
        assert undone.state == applied[depth]
    assert undone == start


def test_the_log_shares_states_and_cells_instead_of_copying() -> None:
    log = random_log("crazy-eights", seed=4, moves=10)
    move = log.state.legal_moves()[0]
    pushed = log.push(move)
    for mine, theirs in zip(log.states, pushed.states, strict=False):
        assert mine is theirs  # the same objects: nothing was copied
    assert pushed.pop()._cell is log._cell
    assert pushed.pop().state is log.state
    assert pushed.moves[-1] is move  # the engine's own legal move, as given


def test_push_keeps_the_engines_own_move_not_the_callers() -> None:
    log = GameLog.start(crazy_eights.GAME, ["Léa", "Tom"], seed=3)
    legal = log.state.legal_moves()
    mine = log.state.parse_move("play 9S")
    assert mine == legal[-1]
    assert mine is not legal[-1]
    assert log.push(mine).moves[0] is legal[-1]


@pytest.mark.parametrize("name", GAME_NAMES)
def test_an_illegal_push_raises_as_apply_and_changes_nothing(name: str) -> None:
    log = random_log(name, seed=8, moves=5)
    before = (log.state, log.moves, log.states, len(log), hash(log))
    waiting = next(seat for seat in range(len(log.players)) if seat not in log.state.to_act)
    foreign = log.state.legal_moves()[0]
    candidates: list[object] = [
        attrs.evolve(foreign, player=waiting),
        "draw",
        None,
        3,
        crazy_eights.Draw(player=True) if name != "planets" else planets.Decline(player=True),
    ]
    for move in candidates:
        with pytest.raises(IllegalMoveError) as from_log:
            log.push(move)  # type: ignore[arg-type]
        with pytest.raises(IllegalMoveError) as from_apply:
            log.state.apply(move)
        assert from_log.value.reason == from_apply.value.reason
        assert (log.state, log.moves, log.states, len(log), hash(log)) == before


def test_pop_at_the_deal_raises_a_documented_error() -> None:
    log = GameLog.start("planets", 2, seed=1)
    with pytest.raises(EmptyLogError) as caught:
        log.pop()
    assert isinstance(caught.value, IndexError)
    assert isinstance(caught.value, CardGamesError)
    assert pickle.loads(pickle.dumps(caught.value)).args == caught.value.args
    one = log.push(log.state.legal_moves()[0])
    with pytest.raises(EmptyLogError):
        one.pop().pop()


# ----------------------------------------------------------------------------------- records


@pytest.mark.parametrize("name", GAME_NAMES)
def test_the_record_replays_finished_and_unfinished(name: str, tmp_path: Path) -> None:
    finished = random_log(name, seed=21, moves=100_000, players=3)
    assert finished.state.is_over
    record = finished.to_record()
    assert record.result == finished.state.outcome()
    assert record.agents is None
    assert replay(record) == finished.state
    loaded = GameRecord.from_json(record.to_json())
    assert loaded == record
    assert replay(loaded) == finished.state
    unfinished = finished
    for _ in range(len(finished) // 2):
        unfinished = unfinished.pop()
    partial = unfinished.to_record(agents=["heuristic", "random", "random"])
    assert partial.result is None
    assert partial.agents == ("heuristic", "random", "random")
    assert len(partial.moves) == len(unfinished)
    assert replay(GameRecord.from_json(partial.to_json())) == unfinished.state
    assert GameLog.from_record(partial) == unfinished
    assert GameLog.from_record(record) == finished
    path = tmp_path / "game.json"
    path.write_text(record.to_json(), encoding="utf-8")
    assert main(["replay", str(path)]) == 0  # what `cardgames replay FILE` runs


def test_a_log_pushed_with_the_steps_of_a_played_game_gives_its_record() -> None:
    result = play_game(crazy_eights.GAME, [RandomAgent()] * 3, seed=9, players=["A", "B", "C"])
    log = GameLog.start(crazy_eights.GAME, ["A", "B", "C"], seed=9)
    for step in result.steps:
        log = log.push(step.move)
    assert log.state == result.state
    assert log.to_record(agents=result.agents) == record_game(result)


@pytest.mark.parametrize(
    ("name", "deck"),
    [
        ("crazy-eights", parse_cards(" ".join(f"{r}{s}" for s in "SHDC" for r in "A23456789TJQK"))),
        ("planets", tuple(reversed(planets.FULL_DECK))),
    ],
)
def test_a_fixed_deck_is_kept_and_replayed(name: str, deck: tuple[Any, ...]) -> None:
    game = cardgames.find_game(name)
    log = GameLog.start(game, ["Léa", "Tom"], seed=2, deck=list(deck))
    assert log.state == game.new_game(["Léa", "Tom"], seed=2, deck=deck)
    assert log.deck == tuple(deck)
    log = log.push(log.state.legal_moves()[0])
    record = log.to_record()
    assert record.deck == tuple(str(card) for card in deck)
    assert replay(GameRecord.from_json(record.to_json())) == log.state
    assert GameLog.from_record(record) == log
    assert GameLog.from_state(log.states[0], seed=2, deck=deck) == log.pop()


def test_from_state_checks_the_deal() -> None:
    state = planets.new_game(["Léa", "Tom"], seed=5)
    log = GameLog.from_state(state, seed=5)
    assert log.state == state
    assert len(log) == 0
    later = state.apply(state.legal_moves()[0])
    for bad_state, seed in ((later, 5), (state, 6)):
        with pytest.raises(InvalidArgumentError) as caught:
            GameLog.from_state(bad_state, seed=seed)
        assert caught.value.argument == "seed"
    with pytest.raises(InvalidArgumentError) as caught:
        GameLog.from_state("state", seed=5)  # type: ignore[arg-type]
    assert caught.value.argument == "state"


def test_from_record_refuses_a_record_that_does_not_replay() -> None:
    log = random_log("crazy-eights", seed=6, moves=6)
    record = log.to_record()
    bad_move = attrs.evolve(record, moves=(*record.moves[:3], RecordedMove(0, "play 8X")))
    with pytest.raises(ReplayError) as caught:
        GameLog.from_record(bad_move)
    assert caught.value.reason == "parse_error"
    assert caught.value.index == 3
    illegal = attrs.evolve(record, moves=(*record.moves, record.moves[-1]))
    with pytest.raises(ReplayError) as caught:
        GameLog.from_record(illegal)
    assert caught.value.index == len(record.moves)
    finished = random_log("crazy-eights", seed=6, moves=100_000).to_record()
    assert finished.result is not None
    forged = attrs.evolve(finished, result=attrs.evolve(finished.result, winners=(9,)))
    with pytest.raises(ReplayError) as caught:
        GameLog.from_record(forged)
    assert caught.value.reason == "result_mismatch"
    with pytest.raises(InvalidArgumentError):
        GameLog.from_record(record.to_json())  # type: ignore[arg-type]


@pytest.mark.parametrize("agents", ["random", ["random"], ["a", 2], ("a", "b", "c"), 5])
def test_to_record_checks_the_agents(agents: Any) -> None:
    log = GameLog.start("crazy-eights", 2, seed=1)
    with pytest.raises(InvalidArgumentError) as caught:
        log.to_record(agents=agents)
    assert caught.value.argument == "agents"


# ------------------------------------------------------------------------------ bad arguments


@pytest.mark.parametrize(
    ("arguments", "argument"),
    [
        ({"game": 5}, "game"),
        ({"game": attrs.evolve(crazy_eights.GAME)}, "game"),
        ({"seed": True}, "seed"),
        ({"seed": "1"}, "seed"),
        ({"seed": 1.0}, "seed"),
        ({"seed": 2**64}, "seed"),
        ({"seed": -(2**64)}, "seed"),
        ({"deck": "8H 9S"}, "deck"),
        ({"deck": 5}, "deck"),
    ],
)
def test_start_refuses_bad_arguments(arguments: dict[str, Any], argument: str) -> None:
    values: dict[str, Any] = {"game": crazy_eights.GAME, "players": 2, "seed": 1}
    values.update(arguments)
    with pytest.raises(InvalidArgumentError) as caught:
        GameLog.start(values.pop("game"), values.pop("players"), **values)
    assert caught.value.argument == argument


def test_start_passes_on_the_games_own_errors() -> None:
    with pytest.raises(UnknownGameError):
        GameLog.start("chess", 2, seed=1)
    with pytest.raises(InvalidRulesError):
        GameLog.start("planets", 9, seed=1)
    with pytest.raises(InvalidRulesError):
        GameLog.start("planets", 2, seed=1, deck=parse_planet_cards("Mars Venus"))
    assert len(GameLog.start("planets", 2, seed=2**64 - 1)) == 0


class Impostor(int):
    """An integer that a lenient game takes for a card, and whose text names another card."""

    def __str__(self) -> str:
        from toygame import DECK

        return str(DECK[-1 - DECK.index(int(self))])


def test_a_deck_whose_cards_do_not_read_back_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    from toygame import DECK, ensure_registered

    cardgames.games()  # the library's games are registered, then the registry is this test's
    monkeypatch.setattr(cardgames.game, "_REGISTRY", dict(cardgames.game._REGISTRY))
    toy = ensure_registered()  # a game that takes anything equal to its cards as a deck
    assert GameLog.start(toy, 2, seed=1, deck=list(DECK)).deck == tuple(DECK)
    for deck in ([int(card) for card in DECK], [Impostor(int(card)) for card in DECK]):
        toy.new_game(2, seed=1, deck=deck)  # the game itself takes it
        with pytest.raises(InvalidArgumentError) as caught:
            GameLog.start(toy, 2, seed=1, deck=deck)
        assert caught.value.argument == "deck"


# ------------------------------------------------------------------------------------ values


def test_a_log_is_an_immutable_value() -> None:
    log = random_log("planets", seed=3, moves=20)
    with pytest.raises(AttributeError):
        log.seed = 4  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del log.players
    with pytest.raises(TypeError):
        GameLog()
    with pytest.raises(AttributeError):
        log._cell = log.pop()._cell
    again = random_log("planets", seed=3, moves=20)
    assert again == log
    assert hash(again) == hash(log)
    assert again is not log
    assert log != log.pop()
    assert log != random_log("planets", seed=4, moves=20)
    assert log != "log"
    assert copy.copy(log) is log
    assert copy.deepcopy(log) is log
    assert pickle.loads(pickle.dumps(log)) == log
    assert repr(log) == "<GameLog planets: 20 moves>"


# ------------------------------------------------------------------------------- the property


def candidate_moves(log: GameLog, chooser: random.Random) -> list[object]:
    """Moves to try: the legal ones of every seat, and the same moves for another seat."""
    moves: list[object] = []
    for seat in range(len(log.players)):
        moves.extend(log.state.legal_moves(seat))
    others = [
        attrs.evolve(m, player=(m.player + 1) % len(log.players))
        for m in moves
        if isinstance(m, Move)
    ]
    return moves + others


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from(GAME_NAMES),
    seed=st.integers(0, 2**32),
    players=st.integers(2, 6),
    steps=st.lists(st.sampled_from(["push", "push", "push", "pop", "illegal"]), max_size=80),
)
def test_any_sequence_of_pushes_and_pops_records_a_game_that_replays(
    name: str, seed: int, players: int, steps: list[str]
) -> None:
    game = cardgames.find_game(name)
    players = min(players, game.max_players)
    chooser = random.Random(seed)
    log = GameLog.start(game, players, seed=seed)
    states = [log.state]  # what the log should hold, kept by hand
    for step in steps:
        if log.state.is_over:
            step = "pop"
        if step == "push":
            legal = log.state.legal_moves()
            log = log.push(legal[chooser.randrange(len(legal))])
            states.append(log.state)
        elif step == "pop" and len(log) > 0:
            log = log.pop()
            states.pop()
        elif step == "illegal":
            legal = log.state.legal_moves()
            for move in candidate_moves(log, chooser):
                if move in legal:
                    continue
                before = log
                with pytest.raises(IllegalMoveError):
                    log.push(move)  # type: ignore[arg-type]
                assert log == before
                assert log.state is before.state
                break
    assert list(log.states) == states
    record = GameRecord.from_json(log.to_record().to_json())
    assert replay(record) == log.state
    assert GameLog.from_record(record) == log
    assert json.loads(log.to_record().to_json())["data"]["moves"] == [
        {"player": m.player, "move": m.move} for m in record.moves
    ]


@pytest.mark.parametrize("name", GAME_NAMES)
def test_entries_are_the_last_states_with_their_moves(name: str) -> None:
    log = random_log(name, seed=5, moves=30)
    states, moves = log.states, log.moves
    everything = log.entries()
    assert everything == tuple(zip((None, *moves), states, strict=True))
    for start in (0, 1, len(log) // 2, len(log), len(log) + 1):
        assert log.entries(start) == everything[start:]
    assert log.pop().entries(len(log)) == ()  # the popped log is one shorter


class _Index:
    """An integer type of a caller's own (as NumPy's are): it has ``__index__``."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value


class _BrokenIndex:
    def __index__(self) -> int:
        raise RuntimeError("no number here")


def test_entries_and_new_game_take_any_integer_type() -> None:
    log = random_log("crazy-eights", seed=5, moves=3)
    assert log.entries(_Index(2)) == log.entries(2)  # type: ignore[arg-type]
    for name in ("crazy-eights", "huit-americain", "planets"):
        game = cardgames.find_game(name)
        assert game.new_game(_Index(3), seed=_Index(4)) == game.new_game(3, seed=4)  # type: ignore[arg-type]
        with pytest.raises(InvalidRulesError):
            game.new_game(_BrokenIndex(), seed=1)  # type: ignore[arg-type]
        with pytest.raises(InvalidRulesError):
            game.new_game(_Index(10**9), seed=1)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError):
        log.entries(_BrokenIndex())  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError):
        log.entries(_Index(-1))  # type: ignore[arg-type]


@pytest.mark.parametrize("start", [-1, 10**9, True, 1.0, "1", None, 2**70])
def test_entries_refuse_a_start_out_of_the_log(start: Any) -> None:
    log = random_log("crazy-eights", seed=5, moves=3)
    with pytest.raises(InvalidArgumentError):
        log.entries(start)


# ---------------------------------------------------------------------------------------------
# undo_to_decision: back to a seat's last own move


def a_la_volee_log() -> GameLog:
    """Three players à la volée with two decks; seat 1 is to lay the 9 of hearts on the 5.

    Seat 0 holds the other 9 of hearts, so after seat 1's 9 it may jump in out of turn.
    """
    hands = ["9H 4C 6C 9C QC KC 3D 4D", "9H 6S 9S QS KS 3S 4S 7S", "4H 6D 9D QD KD 2C 3C 5C"]
    deck = stacked_deck(hands, "5H", rules=A_LA_VOLEE_2)
    return GameLog.start("huit-americain", 3, seed=0, rules=A_LA_VOLEE_2, deck=deck)


def test_undo_to_decision_pops_the_moves_after_the_seats_own_last_one() -> None:
    start = a_la_volee_log()
    log = start.push(huit_americain.PlayCard(1, C("9H")))  # seat 1, in turn
    assert log.state.to_act == (2, 0)  # seat 2 in turn, seat 0 may jump in
    log = log.push(huit_americain.PlayCard(2, C("9D")))  # seat 2; seat 0 lets its chance pass
    log = log.push(huit_americain.PlayCard(0, C("9C")))  # seat 0, in turn
    assert [move.player for move in log.moves] == [1, 2, 0]
    # Seat 0's last move is the last one: only it is undone.
    assert log.undo_to_decision(0) == log.pop()
    # Seat 2's move and seat 0's reply after it go; seat 2 decides again in the same state.
    back = log.undo_to_decision(2)
    assert back == log.pop().pop()
    assert back.state is log.states[1]
    assert 2 in back.state.to_act
    # Seat 1 goes back to the deal; the log it came from is unchanged.
    assert log.undo_to_decision(1) == start
    assert len(log) == 3


def test_undo_to_decision_counts_an_out_of_turn_move_and_not_a_chance_let_pass() -> None:
    log = a_la_volee_log().push(huit_americain.PlayCard(1, C("9H")))
    jumped = log.push(huit_americain.PlayCard(0, C("9H")))  # seat 0 jumps in out of turn
    assert jumped.state.last_events[0] == huit_americain.CardPlayed(0, C("9H"), jump_in=True)
    back = jumped.undo_to_decision(0)
    assert back == log
    assert back.state.to_act == (2, 0)
    # Seat 2 was to play when seat 0 jumped in, but made no move: nothing to undo for it.
    with pytest.raises(NoDecisionError) as excinfo:
        jumped.undo_to_decision(2)
    assert excinfo.value.seat == 2
    assert str(excinfo.value) == "seat 2 made no move in the log: nothing to undo"
    assert pickle.loads(pickle.dumps(excinfo.value)).seat == 2


@pytest.mark.parametrize("name", GAME_NAMES)
def test_undo_to_decision_refuses_a_seat_without_moves_and_a_bad_seat(name: str) -> None:
    log = random_log(name, seed=4, moves=0)
    for seat in range(len(log.players)):
        with pytest.raises(NoDecisionError):
            log.undo_to_decision(seat)
    bad: tuple[Any, ...] = (-1, len(log.players), "0", 1.0, None)
    for value in bad:
        with pytest.raises(InvalidArgumentError):
            log.undo_to_decision(value)


@pytest.mark.parametrize("name", GAME_NAMES)
@given(seed=st.integers(0, 10_000), moves=st.integers(0, 30), seat=st.integers(0, 2))
@settings(max_examples=30, suppress_health_check=[HealthCheck.too_slow], deadline=None)
def test_undo_to_decision_lands_where_the_seat_was_to_act(
    name: str, seed: int, moves: int, seat: int
) -> None:
    log = random_log(name, seed, moves, players=3)
    own = [i for i, move in enumerate(log.moves) if move.player == seat]
    if not own:
        with pytest.raises(NoDecisionError):
            log.undo_to_decision(seat)
        return
    back = log.undo_to_decision(seat)
    assert len(back) == own[-1]
    assert back.moves == log.moves[: own[-1]]
    assert seat in back.state.to_act
    assert back.state.legal_moves(seat)
