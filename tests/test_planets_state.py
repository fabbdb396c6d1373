"""The state of "8" as a value: notation, illegal moves, JSON documents and their checks."""

from __future__ import annotations

import copy
import json
import pickle
from collections.abc import Callable
from typing import Any

import pytest

from cardgames.crazy_eights import Draw
from cardgames.errors import IllegalMoveError, InvalidStateError, ParseError
from cardgames.game import Move, Termination
from cardgames.planets import (
    BLACK_HOLE,
    GAME,
    PLANETS,
    Decline,
    DiscardFaceDown,
    Give,
    Keep,
    LayGathering,
    Phase,
    PutUnder,
    Rules,
    State,
    Steal,
    new_game,
)

from conformance import check_rejects_tampering
from planets_support import play, stacked_deck

ME, VE, EA, MA, JU, SA, UR, NE = PLANETS
BH = BLACK_HOLE


def start() -> State:
    return new_game(["Léa", "Tom", "Sam"], seed=5, deck=stacked_deck("Saturn Mars Venus"))


# -- notation -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("move", "text"),
    [
        (Keep(0, SA), "keep Saturn"),
        (Keep(0, BH), "keep black-hole"),
        (Give(0, MA, 2), "give Mars to 2"),
        (LayGathering(0, (SA,) * 4), "lay 4 Saturn"),
        (LayGathering(0, PLANETS), "lay all-different"),
        (LayGathering(0, (SA, MA)), "lay Mars Saturn"),
        (Decline(0), "decline"),
        (DiscardFaceDown(0, VE), "discard Venus"),
        (Steal(0, 1), "steal 1"),
        (PutUnder(0, EA), "under Earth"),
    ],
)
def test_format_and_parse(move: Move, text: str) -> None:
    state = start()
    assert str(move) == state.format_move(move) == text
    assert state.parse_move(text, 0) == move


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("garder Saturne", Keep(0, SA)),
        ("keep trou noir", Keep(0, BH)),
        ("keep black hole", Keep(0, BH)),
        ("donner Mars à Sam", Give(0, MA, 2)),
        ("give trou noir to Tom", Give(0, BH, 1)),
        ("give Mars 2", Give(0, MA, 2)),
        ("poser 3 Saturne", LayGathering(0, (SA,) * 3)),
        ("lay Saturn Sa Saturne", LayGathering(0, (SA,) * 3)),
        ("lay 8 different", LayGathering(0, PLANETS)),
        ("poser toutes différentes", LayGathering(0, PLANETS)),
        ("refuser", Decline(0)),
        ("PASS", Decline(0)),
        ("défausser Vénus", DiscardFaceDown(0, VE)),
        ("voler Tom", Steal(0, 1)),
        ("steal from 2", Steal(0, 2)),
        ("dessous Terre", PutUnder(0, EA)),
    ],
)
def test_parse_variants(text: str, move: Move) -> None:
    assert start().parse_move(text) == move


def test_parse_defaults_to_the_seat_that_decides() -> None:
    state = play(start(), "keep Saturn", "give Mars to 2", "decline")
    assert state.parse_move("decline") == Decline(2)
    assert state.parse_move("decline", 1) == Decline(1)


def test_named_players_with_spaces() -> None:
    state = new_game(["Anne Marie", "Tom"], seed=1)
    assert state.parse_move("steal Anne Marie", 1) == Steal(1, 0)
    assert state.parse_move("give Mars to anne marie", 1) == Give(1, MA, 0)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "fly",
        "keep",
        "keep Pluto",
        "decline now",
        "give Mars",
        "give Mars to",
        "steal Zoe",
        "lay 3",
        "lay Pluto",
        "steal",
    ],
)
def test_parse_errors(text: str) -> None:
    with pytest.raises(ParseError):
        start().parse_move(text)


def test_parse_and_format_refuse_foreign_values() -> None:
    with pytest.raises(ParseError):
        start().parse_move(None)
    with pytest.raises(TypeError):
        start().format_move(Draw(0))


# -- illegal moves --------------------------------------------------------------------------------


def reason(state: State, move: object) -> str:
    before = state.to_json()
    with pytest.raises(IllegalMoveError) as info:
        state.apply(move)
    assert state.to_json() == before
    return info.value.reason


def test_illegal_moves_have_reasons() -> None:
    state = start()
    assert reason(state, "keep Saturn") == "not_a_move"
    assert reason(state, Draw(0)) == "wrong_game"
    assert reason(state, Keep(5, SA)) == "unknown_player"
    assert reason(state, Keep(1, SA)) == "not_your_turn"
    assert reason(state, Decline(0)) == "wrong_phase"
    assert reason(state, Keep(0, JU)) == "card_not_drawn"
    state = play(state, "keep Saturn")
    assert reason(state, Give(0, SA, 1)) == "card_not_drawn"
    assert reason(state, Give(0, MA, 0)) == "bad_target"
    assert reason(state, Give(0, MA, 7)) == "bad_target"
    state = play(state, "give Mars to 2")
    assert reason(state, LayGathering(0, (SA,) * 3)) == "cards_not_in_hand"
    assert reason(state, LayGathering(0, (SA, SA))) == "not_a_gathering"
    assert reason(state, LayGathering(0, (SA, SA, MA))) == "not_a_gathering"
    assert reason(state, LayGathering(0, (BH,) * 3)) == "not_a_gathering"
    assert reason(state, LayGathering(0, (MA,) * 3)) == "card_not_included"
    assert reason(state, LayGathering(0, PLANETS)) == "cards_not_in_hand"
    assert reason(state, Steal(0, 1)) == "wrong_phase"


def test_illegal_black_hole_and_surplus_moves() -> None:
    state = new_game(
        ["Léa", "Tom", "Sam"],
        seed=1,
        rules=Rules(initial_hand=1),
        deck=stacked_deck("Ea Me Ve BH Ma Ju"),
    )
    state = play(state, "keep black hole", "give Mars to Tom")
    assert state.phase is Phase.BLACK_HOLE
    assert reason(state, DiscardFaceDown(0, SA)) == "card_not_in_hand"
    assert reason(state, DiscardFaceDown(0, BH)) == "card_not_in_hand"
    assert reason(state, Steal(0, 0)) == "bad_target"
    assert reason(state, Steal(0, 3)) == "bad_target"
    state = play(state, "discard Earth")
    # Léa's hand is empty now; Tom decides on Mars.
    assert reason(state, PutUnder(1, JU)) == "wrong_phase"


def test_steal_from_an_empty_hand() -> None:
    state = new_game(3, seed=1, deck=stacked_deck("Ea Ve Ma BH Ju"))
    state = play(state, "keep Earth", "give Venus to 1", "decline", "decline")
    # Tom keeps a black hole: Léa holds Earth, Sam nothing.
    state = play(state, "keep black hole", "give Jupiter to 0")
    assert state.phase is Phase.BLACK_HOLE
    assert state.holder == 1
    assert state.legal_moves() == (DiscardFaceDown(1, VE), Steal(1, 0))
    assert reason(state, Steal(1, 2)) == "empty_hand"


def test_game_over_refuses_moves() -> None:
    state = new_game(2, seed=1, rules=Rules(max_turns=1))
    while not state.is_over:
        state = state.apply(state.legal_moves()[0])
    assert reason(state, Decline(0)) == "game_over"
    assert state.outcome() is not None
    assert state.parse_move("decline") == Decline(state.commander)


def test_moves_equal_to_legal_ones_apply() -> None:
    state = start()
    assert state.apply(Keep(0, SA)) == state.apply(state.legal_moves()[2])


# -- value semantics ------------------------------------------------------------------------------


def test_states_are_immutable_values() -> None:
    state = start()
    with pytest.raises(AttributeError):
        state.turn = 3  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del state.turn
    assert copy.copy(state) is state
    assert copy.deepcopy(state) is state
    assert pickle.loads(pickle.dumps(state)) == state
    assert hash(state) == hash(GAME.state_from_json(state.to_json())) == hash(state)
    assert state != play(state, "keep Saturn")
    assert state.__eq__(3) is NotImplemented
    assert repr(state) == (
        "<PlanetsState players=3 turn=1 commander=0 keep by 0 stock=101 moves=0>"
    )
    assert state.game is GAME
    assert state.rules == Rules()
    assert len(state.all_cards()) == 104


def test_json_round_trip_keeps_knowledge() -> None:
    state = play(start(), "keep Saturn", "give Mars to 2", "decline", "decline")
    loaded = GAME.state_from_json(state.to_json())
    assert loaded == state
    assert loaded.to_json() == state.to_json()
    assert loaded.view(0) == state.view(0)
    assert loaded.last_events == state.last_events


# -- tampering ------------------------------------------------------------------------------------


def mid_turn() -> State:
    return play(
        new_game(["Léa", "Tom", "Sam"], seed=1, rules=Rules(initial_hand=2)),
        "keep "
        + str(new_game(["Léa", "Tom", "Sam"], seed=1, rules=Rules(initial_hand=2)).drawn[0]),
    )


def edit(path: str, value: Any) -> Callable[[Any], None]:
    def apply(document: Any) -> None:
        *parents, last = path.split("/")
        target = document["data"]
        for key in parents:
            target = target[int(key)] if key.isdigit() else target[key]
        if last.isdigit():
            target[int(last)] = value
        else:
            target[last] = value

    return apply


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        ("players", ["Léa"], "2 to 6"),
        ("players", ["Léa", "léa", "Sam"], "different"),
        ("hands", [[], []], "one entry per seat"),
        ("hands/0", ["black-hole"], "black hole"),
        ("face_down/0", ["black-hole"], "only planets"),
        ("black_holes", [-1, 0, 1], "negative"),
        ("stock/0", "Pluto", "Pluto"),
        ("stock_seen", [], "one mask"),
        ("drawn_seen", [1], "one mask"),
        ("drawn_seen", [1, 1, 1, 1], "at most 3 items"),
        ("pending_seen", 8, "masks"),
        ("commander", 3, "no seat"),
        ("adjutant", 0, "own Adjutant"),
        ("turn", 0, "turn"),
        ("moves_played", -1, "negative"),
        ("phase", "over", "outcome"),
        ("phase", "keep", "pending"),
        ("phase", "surplus", "drawn"),
        ("role", "adjutant", "role"),
        ("holder", None, "decides"),
        ("rng", [0, 0, 0, 0], "zero"),
        ("rules/first_commander", 4, "seats"),
        ("rules/draw_count", 9, "draw_count"),
        ("known/1/0", ["Saturn"] * 12, "known cards"),
        ("known/1/1", ["Saturn"], "own hand"),
        ("known/1", [[]], "one entry per seat"),
        ("gatherings/0", [{"cards": ["Saturn", "Saturn"], "role": "commander"}], "gathering"),
    ],
)
def test_loading_rejects_inconsistent_documents(path: str, value: Any, message: str) -> None:
    error = check_rejects_tampering(GAME, mid_turn(), edit(path, value))
    assert message in error


def test_loading_rejects_card_changes() -> None:
    state = mid_turn()
    error = check_rejects_tampering(GAME, state, edit("stock/0", "black-hole"))
    assert "not those of the game" in error
    error = check_rejects_tampering(GAME, state, lambda d: d["data"]["stock"].pop())
    assert "missing" in error

    def one_more(document: Any) -> None:
        document["data"]["stock"].append("Saturn")
        document["data"]["stock_seen"].append(0)

    error = check_rejects_tampering(GAME, state, one_more)
    assert "unexpected or duplicated: Saturn)" in error


def swap_with_stock(field: str, card: str) -> Callable[[Any], None]:
    """Exchange the card of ``field`` with a ``card`` of the stock (the cards are conserved)."""

    def apply(document: Any) -> None:
        data = document["data"]
        i = data["stock"].index(card)
        data["stock"][i], data[field] = data[field], card

    return apply


def test_loading_checks_phases() -> None:
    state = play(start(), "keep Saturn", "give Mars to 2")  # Léa decides, Sam's Mars waits
    assert "drawn" in check_rejects_tampering(GAME, state, edit("phase", "give"))
    error = check_rejects_tampering(GAME, state, swap_with_stock("pending", "black-hole"))
    assert "a black hole is played, not gathered" in error
    error = check_rejects_tampering(GAME, state, edit("adjutant", None))
    assert "a received card waits only while the Commander decides" in error
    error = check_rejects_tampering(GAME, state, edit("phase", "black_hole"))
    assert "the black hole phase plays a black hole" in error
    later = play(state, "decline")  # Sam decides as Adjutant
    error = check_rejects_tampering(GAME, later, edit("holder", 1))
    assert "the Adjutant decides on their own card" in error
    assert "no card has been given" in check_rejects_tampering(GAME, start(), edit("adjutant", 1))
    assert "keeps and gives" in check_rejects_tampering(
        GAME, start(), lambda d: d["data"].update(holder=1, role="adjutant", adjutant=1)
    )
    over = new_game(2, seed=1, rules=Rules(max_turns=1))
    while not over.is_over:
        over = over.apply(over.legal_moves()[0])
    assert "nobody decides" in check_rejects_tampering(GAME, over, edit("holder", 0))
    assert "scores and winners" in check_rejects_tampering(GAME, over, edit("outcome/scores", [1]))
    assert "outcome" in check_rejects_tampering(GAME, over, edit("phase", "gather"))
    bh = play(
        new_game(2, seed=1, rules=Rules(initial_hand=1), deck=stacked_deck("Ea Me BH Ve Ma")),
        "keep black hole",
        "give Venus to 1",
    )
    assert bh.phase is Phase.BLACK_HOLE
    GAME.state_from_json(bh.to_json())

    def empty_hands(document: Any) -> None:
        data = document["data"]
        data["hands"] = [[], []]
        data["stock"] += ["Earth", "Mercury"]
        data["stock_seen"] += [0, 0]

    assert "can do nothing" in check_rejects_tampering(GAME, bh, empty_hands)


def test_loading_checks_the_surplus_phase() -> None:
    state = new_game(2, seed=1, rules=Rules(initial_hand=10))
    while state.phase is not Phase.SURPLUS:
        state = state.apply(state.legal_moves()[-1])
    GAME.state_from_json(state.to_json())
    assert "surplus" in check_rejects_tampering(GAME, state, edit("rules/hand_limit", 20))


def test_loading_rejects_other_documents() -> None:
    with pytest.raises(InvalidStateError):
        GAME.state_from_json("{}")
    with pytest.raises(InvalidStateError):
        State.from_json(json.dumps({"format": "cardgames.state", "version": 1, "game": "x"}))
    text = start().to_json().replace('"game":"planets"', '"game":"crazy-eights"')
    with pytest.raises(InvalidStateError):
        State.from_json(text)


def test_an_engine_level_tie_shares_the_win() -> None:
    """A crafted last turn: two Neptunes left, both players tied on every count."""
    state = start()
    doc = json.loads(state.to_json())
    data = doc["data"]

    def gathering(planet: str, size: int, role: str) -> dict[str, Any]:
        return {"cards": [planet] * size, "role": role}

    data.update(
        players=["Léa", "Tom"],
        hands=[["Saturn"] * 6, ["Saturn"] * 6],
        known=[[[], []], [[], []]],
        stock=[],
        stock_seen=[],
        drawn=["Neptune", "Neptune"],
        drawn_seen=[1, 1],
        pending=None,
        pending_seen=0,
        received=None,
        received_seen=0,
        commander=0,
        adjutant=None,
        holder=0,
        role="commander",
        phase="keep",
        gatherings=[
            [
                gathering("Mercury", 12, "commander"),
                gathering("Earth", 12, "adjutant"),
                gathering("Uranus", 6, "commander"),
                gathering("Neptune", 5, "commander"),
            ],
            [
                gathering("Venus", 12, "commander"),
                gathering("Mars", 12, "adjutant"),
                gathering("Uranus", 6, "commander"),
                gathering("Neptune", 5, "commander"),
            ],
        ],
        face_down=[["Jupiter"] * 6, ["Jupiter"] * 6],
        black_holes=[4, 4],
        turn=40,
        moves_played=200,
        outcome=None,
        events=[],
    )
    crafted = GAME.state_from_json(json.dumps(doc))
    end = play(crafted, "keep Neptune", "give Neptune to 1", "decline", "decline")
    outcome = end.outcome()
    assert outcome is not None
    assert outcome.reason is Termination.STOCK_EXHAUSTED
    # 57 (12 Mercury) + 86 (12 Earth as Adjutant) + 12 (6 Uranus) + 8 (5 Neptune)
    # + 6 face down - 7 in hand = 162 each.
    assert outcome.scores == (162, 162)
    assert outcome.winners == (0, 1)
    assert outcome.detail == (
        "The stock is empty at the end of turn 40. Léa and Tom tie on 162 points, largest "
        "gathering (12 cards) and black holes (4): the rules say they play a new game; they "
        "share the win."
    )
    # Fewer black holes played by Tom break the tie in his favour.
    data["black_holes"] = [5, 3]
    end = play(
        GAME.state_from_json(json.dumps(doc)),
        "keep Neptune",
        "give Neptune to 1",
        "decline",
        "decline",
    )
    outcome = end.outcome()
    assert outcome is not None
    assert outcome.winners == (1,)
    assert outcome.detail.endswith("Tom wins with the fewest black holes (3).")


def test_many_rules_share_the_table_cache() -> None:
    states = [new_game(2, seed=1, rules=Rules(max_turns=turns)) for turns in range(1, 300)]
    assert all(s.legal_moves() == states[0].legal_moves() for s in states)


def test_an_engine_level_tie_broken_by_the_largest_gathering() -> None:
    """Equal scores; Léa's largest gathering (12) beats Tom's (11), though Tom played fewer
    black holes: the largest gathering is looked at first.
    """
    doc = json.loads(start().to_json())

    def gathering(planet: str, size: int, role: str) -> dict[str, Any]:
        return {"cards": [planet] * size, "role": role}

    doc["data"].update(
        players=["Léa", "Tom"],
        hands=[["Saturn"] * 6, ["Venus", *["Saturn"] * 6, *["Neptune"] * 5]],
        known=[[[], []], [[], []]],
        stock=[],
        stock_seen=[],
        drawn=["Neptune", "Neptune"],
        drawn_seen=[1, 1],
        commander=0,
        holder=0,
        role="commander",
        phase="keep",
        gatherings=[
            [
                gathering("Mercury", 12, "commander"),
                gathering("Earth", 6, "commander"),
                gathering("Mars", 6, "adjutant"),
                gathering("Uranus", 6, "commander"),
                gathering("Neptune", 5, "commander"),
            ],
            [
                gathering("Venus", 11, "adjutant"),
                gathering("Earth", 6, "commander"),
                gathering("Mars", 6, "adjutant"),
                gathering("Uranus", 6, "commander"),
            ],
        ],
        face_down=[["Jupiter"] * 6, ["Jupiter"] * 6],
        black_holes=[5, 3],
        turn=40,
        moves_played=200,
        events=[],
    )
    state = play(GAME.state_from_json(json.dumps(doc)), "keep Neptune", "give Neptune to Tom")
    assert state.legal_moves() == (Decline(0),)
    state = play(state, "decline")
    # Tom could lay his 6 Neptunes; he declines.
    assert state.legal_moves()[-1] == Decline(1)
    state = play(state, "decline")
    outcome = state.outcome()
    assert outcome is not None
    # Léa: 57 + 12 + 18 + 12 + 8 + 6 - 7 = 106. Tom: 71 + 12 + 18 + 12 + 6 - 13 = 106.
    assert outcome.scores == (106, 106)
    assert outcome.winners == (0,)
    assert outcome.detail == (
        "The stock is empty at the end of turn 40. Léa and Tom tie on 106 points; "
        "Léa wins with the largest gathering (12 cards)."
    )
