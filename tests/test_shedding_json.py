"""Loading shedding states from JSON, and the checks of `new_game`.

A state document is tampered with one field at a time; loading must raise `InvalidStateError`
naming the path of the problem. Valid documents must round-trip to an equal state that plays on
identically. `new_game` must refuse bad input with typed errors before dealing anything.
"""

from __future__ import annotations

import json
import pickle
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgames import crazy_eights, game, huit_americain
from cardgames.cards import Card, DeckKind, Suit, make_deck, parse_cards
from cardgames.errors import InvalidArgumentError, InvalidRulesError, InvalidStateError
from cardgames.game import Game, Termination, register
from cardgames.shedding.engine import Phase, SheddingState, SheddingView

import toygame

CE = crazy_eights.GAME
HA = huit_americain.GAME
C = Card.parse
Document = dict[str, Any]


def play(state: SheddingState, moves: int, pick: int = 0) -> SheddingState:
    for _ in range(moves):
        state = state.apply(state.legal_moves()[pick])
    return state


def play_until(
    state: SheddingState, done: Callable[[SheddingState], bool], pick: int = 0
) -> SheddingState:
    for _ in range(2000):
        if done(state):
            return state
        state = state.apply(state.legal_moves()[pick])
    pytest.fail("the wanted position was not reached")


def mid_game() -> SheddingState:
    """Three players, six moves in: a plain position of the play phase."""
    return play(crazy_eights.new_game(["Ann", "Bob", "Cid"], seed=5), 6)


def finished() -> SheddingState:
    """Two players, played to the end: one hand is empty."""
    return play_until(crazy_eights.new_game(2, seed=0), lambda s: s.is_over, pick=-1)


def after_draw() -> SheddingState:
    """The current player just drew a card that fits (drawing is always allowed here)."""
    rules = crazy_eights.PRESETS["draw-when-playable"]
    state = crazy_eights.new_game(3, seed=1, rules=rules)
    for _ in range(50):
        if state.phase is Phase.AFTER_DRAW:
            return state
        state = state.apply(crazy_eights.Draw(state.current))
    pytest.fail("no drawn card fitted")


def with_penalty() -> SheddingState:
    """A draw penalty is pending."""
    return play_until(crazy_eights.new_game(3, seed=5), lambda s: s.penalty > 0)


STATES: dict[str, Callable[[], SheddingState]] = {
    "mid-game": mid_game,
    "finished": finished,
    "after-draw": after_draw,
    "penalty": with_penalty,
    "huit-americain": lambda: play(huit_americain.new_game(4, seed=9), 10),
    "huit-americain-finished": lambda: play_until(
        huit_americain.new_game(2, seed=0), lambda s: s.is_over, pick=-1
    ),
}


def document(state: SheddingState) -> Document:
    doc: Document = json.loads(state.to_json())
    return doc


def refusal(doc: Document | str | bytes) -> tuple[str, str]:
    text = doc if isinstance(doc, (str, bytes)) else json.dumps(doc)
    with pytest.raises(InvalidStateError) as excinfo:
        CE.state_from_json(text)
    with pytest.raises(InvalidStateError) as again:
        SheddingState.from_json(text)
    assert (again.value.path, again.value.problem) == (excinfo.value.path, excinfo.value.problem)
    return excinfo.value.path, excinfo.value.problem


# ---------------------------------------------------------------------------------------------
# The positions used below are what they claim to be


def test_the_fixture_positions() -> None:
    mid = mid_game()
    assert (mid.phase, mid.penalty, mid.drawn, mid.outcome()) == (Phase.PLAY, 0, None, None)
    assert len(mid.players) == 3
    assert not mid.rules.effects.for_card(mid.top).wild
    end = finished()
    outcome = end.outcome()
    assert end.phase is Phase.OVER
    assert outcome is not None
    assert outcome.reason is Termination.WENT_OUT
    assert any(not hand for hand in end.hands)
    assert after_draw().drawn is not None
    assert with_penalty().penalty == 2


# ---------------------------------------------------------------------------------------------
# Round trips


@pytest.mark.parametrize("make", STATES.values(), ids=list(STATES))
def test_a_valid_document_round_trips_to_an_equal_state(make: Callable[[], SheddingState]) -> None:
    state = make()
    text = state.to_json()
    back = state.game.state_from_json(text)
    assert back == state
    assert hash(back) == hash(state)
    assert back.to_json() == text
    assert back.legal_moves() == state.legal_moves()
    assert back.to_act == state.to_act
    assert back.last_events == state.last_events
    assert back.outcome() == state.outcome()
    assert back.rng == state.rng
    assert SheddingState.from_json(text.encode()) == state
    if not state.is_over:
        move = state.legal_moves()[-1]
        assert back.apply(move) == state.apply(move)


@pytest.mark.parametrize("make", STATES.values(), ids=list(STATES))
def test_pickle_goes_through_the_checked_json(make: Callable[[], SheddingState]) -> None:
    state = make()
    assert pickle.loads(pickle.dumps(state)) == state


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32), st.integers(2, 7), st.integers(0, 60))
def test_any_reached_state_round_trips(seed: int, players: int, moves: int) -> None:
    state = crazy_eights.new_game(players, seed=seed)
    for _ in range(moves):
        if state.is_over:
            break
        state = state.apply(state.legal_moves()[seed % len(state.legal_moves())])
    back = CE.state_from_json(state.to_json())
    assert back == state
    assert back.legal_moves() == state.legal_moves()


@pytest.mark.parametrize("make", STATES.values(), ids=list(STATES))
def test_views_round_trip(make: Callable[[], SheddingState]) -> None:
    state = make()
    for viewer in (None, *range(len(state.players))):
        view = state.view(viewer)
        text = view.to_json()
        assert json.loads(text)["format"] == "cardgames.view"
        assert SheddingView.from_json(text) == view
        assert SheddingView.from_json(text.encode()) == view
        assert state.game.view_from_json(text) == view


def test_a_view_document_is_checked_too() -> None:
    mid = mid_game()
    doc = json.loads(mid.view(mid.current).to_json())
    doc["data"]["legal_moves"][0]["type"] = "card_played"
    with pytest.raises(InvalidStateError) as excinfo:
        SheddingView.from_json(json.dumps(doc))
    assert excinfo.value.path == "/data/legal_moves/0/type"
    with pytest.raises(InvalidStateError) as excinfo:
        SheddingView.from_json(mid_game().to_json())
    assert excinfo.value.path == "/format"


# ---------------------------------------------------------------------------------------------
# Cards: conservation


def deck_problem(extra: str = "", missing: str = "") -> str:
    parts = []
    if extra:
        parts.append(f"unexpected or duplicated: {extra}")
    if missing:
        parts.append(f"missing: {missing}")
    return "the cards are not those of the deck (" + "; ".join(parts) + ")"


def deck_refusal(doc: Document) -> str:
    """The problem of a document whose cards are wrong (the path is pinned separately)."""
    path, problem = refusal(doc)
    assert path.rstrip("/") == "/data"
    return problem


def test_a_card_count_problem_is_reported_at_the_data_object() -> None:
    # The problem concerns the whole payload: its JSON pointer is "/data", not "/data/" (the
    # pointer to a member named "" inside it).
    doc = document(mid_game())
    doc["data"]["stock"].pop()
    assert refusal(doc)[0] == "/data"


@pytest.mark.parametrize("make", [mid_game, finished], ids=["mid-game", "finished"])
def test_a_duplicated_card_is_refused(make: Callable[[], SheddingState]) -> None:
    doc = document(make())
    data = doc["data"]
    hand = next(h for h in data["hands"] if h)
    copied, replaced = hand[0], data["stock"][0]
    data["stock"][0] = copied  # one card twice, another gone
    assert deck_refusal(doc) == deck_problem(extra=copied, missing=replaced)


@pytest.mark.parametrize("make", [mid_game, finished], ids=["mid-game", "finished"])
def test_a_missing_card_is_refused(make: Callable[[], SheddingState]) -> None:
    doc = document(make())
    lost = doc["data"]["stock"].pop()
    assert deck_refusal(doc) == deck_problem(missing=lost)


@pytest.mark.parametrize("make", [mid_game, finished], ids=["mid-game", "finished"])
def test_a_card_in_two_places_is_refused(make: Callable[[], SheddingState]) -> None:
    doc = document(make())
    data = doc["data"]
    top = data["discard"][-1]
    data["hands"][0].append(top)
    assert deck_refusal(doc) == deck_problem(extra=top)


def test_a_card_of_another_deck_is_refused() -> None:
    doc = document(mid_game())
    doc["data"]["stock"].append("JOKER")
    assert deck_refusal(doc) == deck_problem(extra="JOKER")


def test_a_card_that_is_not_a_card_is_refused_at_its_path() -> None:
    doc = document(mid_game())
    doc["data"]["hands"][2][1] = "8X"
    path, problem = refusal(doc)
    assert path == "/data/hands/2/1"
    assert problem.startswith("cannot parse '8X': expected ")


# ---------------------------------------------------------------------------------------------
# Counts and seats


def edited(make: Callable[[], SheddingState], edit: Callable[[Document], None]) -> Document:
    doc = document(make())
    edit(doc["data"])
    return doc


def set_field(name: str, value: object) -> Callable[[Document], None]:
    def edit(data: Document) -> None:
        data[name] = value

    return edit


@pytest.mark.parametrize(
    ("name", "value", "problem"),
    [
        ("current", 3, "no seat 3 in a game of 3 players"),
        ("current", -1, "no seat -1 in a game of 3 players"),
        ("announce_target", 3, "no seat 3 in a game of 3 players"),
        ("top_player", -2, "no seat -2 in a game of 3 players"),
        ("direction", 0, "must be 1 or -1"),
        ("direction", 2, "must be 1 or -1"),
        # Six moves in, with 2s that draw two and stack: at most 2 per move and for the starter.
        ("penalty", -1, "must be 0 to 14"),
        ("penalty", 16, "must be 0 to 14"),
        ("penalty", 100_001, "must be 0 to 14"),
        # A round in play: room for the next pass and for the next move.
        ("passes", -1, "must be 0 to 2 while the round runs"),
        ("passes", 3, "must be 0 to 2 while the round runs"),
        ("moves_played", -1, "must be 0 to 1999 while the round runs (max_moves)"),
        ("moves_played", 2000, "must be 0 to 1999 while the round runs (max_moves)"),
        ("current", True, "expected an integer, got a boolean"),
        ("direction", "1", "expected an integer, got a string"),
        ("passes", 2**64, f"integer {2**64} is out of range"),
        ("phase", "waiting", "expected one of 'play', 'after_draw', 'over', got 'waiting'"),
    ],
)
def test_bad_turn_bookkeeping_is_refused(name: str, value: object, problem: str) -> None:
    assert refusal(edited(mid_game, set_field(name, value))) == (f"/data/{name}", problem)


def test_the_bounds_themselves_are_accepted() -> None:
    for name, value in (("penalty", 0), ("direction", -1), ("current", 2), ("moves_played", 6)):
        doc = edited(mid_game, set_field(name, value))
        assert getattr(CE.state_from_json(json.dumps(doc)), name) == value


def test_a_wrong_number_of_hands_is_refused() -> None:
    assert refusal(edited(mid_game, lambda d: d["hands"].pop())) == (
        "/data/hands",
        "expected 3 hands, got 2",
    )
    assert refusal(edited(mid_game, lambda d: d["hands"].append([]))) == (
        "/data/hands",
        "expected 3 hands, got 4",
    )


def test_players_of_the_wrong_number_are_refused() -> None:
    assert refusal(edited(mid_game, set_field("players", ["Ann"]))) == (
        "/data/players",
        "Crazy Eights takes 2 to 7 players, not 1",
    )
    eight = [f"P{i}" for i in range(8)]
    assert refusal(edited(mid_game, set_field("players", eight))) == (
        "/data/players",
        "Crazy Eights takes 2 to 7 players, not 8",
    )


@pytest.mark.parametrize("names", [["Ann", "Bob", "ANN"], ["Ann", "", "Cid"], ["Ann", " ", "Cid"]])
def test_duplicate_or_empty_player_names_are_refused(names: list[str]) -> None:
    assert refusal(edited(mid_game, set_field("players", names))) == (
        "/data/players",
        "names must be non-empty, printable and different",
    )


def test_an_empty_discard_pile_is_refused() -> None:
    def empty_discard(data: Document) -> None:
        data["stock"] += data["discard"]
        data["discard"] = []

    assert refusal(edited(mid_game, empty_discard)) == (
        "/data/discard",
        "the discard pile is never empty",
    )


# ---------------------------------------------------------------------------------------------
# Phase, outcome, drawn card, suit


def test_phase_over_without_an_outcome_is_refused() -> None:
    assert refusal(edited(mid_game, set_field("phase", "over"))) == (
        "/data/outcome",
        "an outcome is present exactly when the phase is 'over'",
    )
    assert refusal(edited(finished, set_field("outcome", None))) == (
        "/data/outcome",
        "an outcome is present exactly when the phase is 'over'",
    )


def test_an_outcome_outside_phase_over_is_refused() -> None:
    assert refusal(edited(finished, set_field("phase", "play"))) == (
        "/data/outcome",
        "an outcome is present exactly when the phase is 'over'",
    )


def test_an_empty_hand_before_the_end_is_refused() -> None:
    def reopen(data: Document) -> None:
        data["phase"] = "play"
        data["outcome"] = None

    assert refusal(edited(finished, reopen)) == (
        "/data/hands",
        "a player without cards has won: the phase must be 'over'",
    )


@pytest.mark.parametrize(
    "edit",
    [
        lambda o: o["scores"].append(0),
        lambda o: o["scores"].pop(),
        lambda o: o.update(winners=[2]),
        lambda o: o.update(winners=[-1]),
    ],
    ids=["three-scores", "one-score", "winner-2", "winner-minus-1"],
)
def test_an_outcome_not_matching_the_seats_is_refused(edit: Callable[[Document], None]) -> None:
    assert refusal(edited(finished, lambda d: edit(d["outcome"]))) == (
        "/data/outcome",
        "scores and winners must match the seats",
    )


def test_a_malformed_outcome_is_refused_at_its_field() -> None:
    doc = edited(finished, lambda d: d["outcome"].update(reason="resigned"))
    path, problem = refusal(doc)
    assert path == "/data/outcome/reason"
    assert problem.startswith("expected one of 'went_out', ")


def test_drawn_is_only_set_after_a_draw() -> None:
    mid = mid_game()
    card = str(mid.hands[mid.current][0])
    assert refusal(edited(mid_game, set_field("drawn", card))) == (
        "/data/drawn",
        "only set after a draw",
    )
    assert refusal(edited(mid_game, set_field("phase", "after_draw"))) == (
        "/data/drawn",
        "after a draw the drawn card is the last card of the current hand",
    )


def test_after_a_draw_the_drawn_card_is_in_the_current_hand() -> None:
    state = after_draw()
    other = next(c for c in state.all_cards() if c not in state.hands[state.current])
    for value in (None, str(other)):
        assert refusal(edited(after_draw, set_field("drawn", value))) == (
            "/data/drawn",
            "after a draw the drawn card is the last card of the current hand",
        )


def test_after_a_draw_the_drawn_card_is_the_last_one_received() -> None:
    # The engine appends a drawn card to the hand: another card of the hand is not "drawn".
    state = after_draw()
    first = state.hands[state.current][0]
    assert first != state.drawn
    assert refusal(edited(after_draw, set_field("drawn", str(first)))) == (
        "/data/drawn",
        "after a draw the drawn card is the last card of the current hand",
    )


def test_no_penalty_is_pending_after_a_draw() -> None:
    assert refusal(edited(after_draw, set_field("penalty", 2))) == (
        "/data/penalty",
        "no penalty is pending after a turn's draw",
    )


def test_only_a_wild_top_card_leaves_the_suit_open() -> None:
    assert refusal(edited(mid_game, set_field("suit", None))) == (
        "/data/suit",
        "only a wild top card may leave the suit open",
    )

    def wild_top(data: Document) -> None:
        # Swap the top card with an 8 from wherever it is: any suit may then be named.
        places = [data["stock"], data["discard"], *data["hands"]]
        pile = next(p for p in places if "8S" in p)
        index = pile.index("8S")
        old = data["discard"][-1]
        pile[index], data["discard"][-1] = data["discard"][-1], pile[index]
        data["suit"] = "diamonds"
        for event in data["events"]:  # the last move laid the new top card
            if event.get("card") == old:
                event["card"] = "8S"

    state = CE.state_from_json(json.dumps(edited(mid_game, wild_top)))
    assert (state.top, state.suit) == (C("8S"), Suit.DIAMONDS)

    # A player who lays a wild card names a suit: only a wild starter kept leaves it open.
    def wild_top_unnamed(data: Document) -> None:
        wild_top(data)
        data["suit"] = None

    assert refusal(edited(mid_game, wild_top_unnamed)) == (
        "/data/suit",
        "a player who lays a wild card names the suit",
    )
    kept = crazy_eights.Rules(starter=crazy_eights.Starter.KEEP)
    deck = [c for c in make_deck() if c != C("8S")]
    deck.insert(14, C("8S"))  # two hands of 7, then the starter
    start = crazy_eights.new_game(2, seed=1, rules=kept, deck=deck)
    assert (start.top, start.suit, start.top_player) == (C("8S"), None, None)
    assert CE.state_from_json(start.to_json()) == start


def test_a_plain_top_card_sets_the_suit() -> None:
    mid = mid_game()
    other = next(s for s in Suit if s is not mid.top.suit)
    assert refusal(edited(mid_game, set_field("suit", other.english))) == (
        "/data/suit",
        f"the top card {mid.top} sets the suit to follow",
    )


def test_an_unknown_suit_is_refused() -> None:
    path, problem = refusal(edited(mid_game, set_field("suit", "stars")))
    assert path == "/data/suit"
    assert problem.startswith("cannot parse 'stars': expected ")


# ---------------------------------------------------------------------------------------------
# RNG


@pytest.mark.parametrize(
    ("value", "path", "problem"),
    [
        (
            [0, 0, 0, 0],
            "/data/rng",
            "an Rng state must not be all zero (xoshiro256** would output only 0)",
        ),
        ([1, 2, 3, -1], "/data/rng/3", "an Rng state word is in 0..2**64-1, not -1"),
        ([1, 2, 3], "/data/rng", "expected a list of 4 items, got 3"),
        ([1, 2, 3, 4, 5], "/data/rng", "expected a list of 4 items, got 5"),
        ([2**64, 1, 1, 1], "/data/rng/0", f"integer {2**64} is out of range"),
        ([1, True, 1, 1], "/data/rng/1", "expected an integer, got a boolean"),
        ("seed", "/data/rng", "expected a list, got a string"),
    ],
)
def test_a_bad_rng_state_is_refused(value: object, path: str, problem: str) -> None:
    assert refusal(edited(mid_game, set_field("rng", value))) == (path, problem)


# ---------------------------------------------------------------------------------------------
# Envelope, game, unknown and missing fields


def test_an_unknown_game_name_is_refused() -> None:
    doc = document(mid_game())
    doc["game"] = "uno"
    assert refusal(doc) == ("/game", "unknown game 'uno'")


@pytest.mark.parametrize("value", [None, 8, ["crazy-eights"], ...])
def test_a_missing_game_name_is_refused(value: object) -> None:
    doc = document(mid_game())
    if value is ...:
        del doc["game"]
    else:
        doc["game"] = value
    path, problem = refusal(doc)
    assert (path, problem.split(",")[0]) == ("/game", "expected a game name")


def test_the_game_is_named_canonically() -> None:
    doc = document(mid_game())
    doc["game"] = "Crazy Eights"
    assert refusal(doc) == ("/game", "expected the game's name 'crazy-eights', got 'Crazy Eights'")


def test_a_state_of_a_game_that_is_not_a_shedding_game_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game.games()
    monkeypatch.setattr(game, "_REGISTRY", dict(game._REGISTRY))
    toy: Game[Any] = register(toygame.GAME)
    text = toygame.new_game(2, seed=1).to_json()
    with pytest.raises(InvalidStateError) as excinfo:
        SheddingState.from_json(text)
    assert (excinfo.value.path, excinfo.value.problem) == (
        "/game",
        f"{toy.name!r} is not a shedding game",
    )


@pytest.mark.parametrize(
    ("key", "value", "path", "problem"),
    [
        ("version", 2, "/version", "unsupported version 2 (this release reads 1)"),
        ("version", "1", "/version", "unsupported version '1' (this release reads 1)"),
        ("format", "cardgames.view", "/format", "expected 'cardgames.state', got 'cardgames.view'"),
        ("extra", 1, "", "unknown field(s) 'extra'"),
    ],
)
def test_the_envelope_is_checked(key: str, value: object, path: str, problem: str) -> None:
    doc = document(mid_game())
    doc[key] = value
    assert refusal(doc) == (path, problem)


def test_unknown_and_missing_data_fields_are_refused() -> None:
    assert refusal(edited(mid_game, set_field("jokers", []))) == (
        "/data",
        "unknown field(s) 'jokers'",
    )
    for name in ("stock", "rng", "events", "rules"):
        assert refusal(edited(mid_game, lambda d, name=name: d.pop(name))) == (  # type: ignore[misc]
            f"/data/{name}",
            "missing field",
        )
    doc = document(mid_game())
    del doc["data"]
    assert refusal(doc) == ("/data", "missing field")


def test_an_unknown_event_is_refused_at_its_path() -> None:
    doc = edited(mid_game, lambda d: d["events"][0].update(type="played_card"))
    path, problem = refusal(doc)
    assert path == "/data/events/0/type"
    assert problem.startswith("expected one of ")


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("", "not valid JSON ("),
        ("{", "not valid JSON ("),
        ("[" * 100_000, "document is nested too deeply"),
        (b"\xff\xfe{}", "not UTF-8 text ("),
    ],
)
def test_text_that_is_not_a_document_is_refused(text: str | bytes, problem: str) -> None:
    path, found = refusal(text)
    assert path == ""
    assert found.startswith(problem)


def test_values_that_are_not_text_are_refused() -> None:
    for value in (42, None, {"format": "cardgames.state"}):
        with pytest.raises(InvalidStateError) as excinfo:
            SheddingState.from_json(value)
        assert excinfo.value.path == ""
        assert excinfo.value.problem == f"expected JSON text, got {type(value).__name__}"


def test_json_that_is_not_an_object_is_refused() -> None:
    assert refusal("[]") == ("", "expected a JSON object, got a list")


# ---------------------------------------------------------------------------------------------
# The rules inside a state


def test_rules_of_the_wrong_json_type_are_refused_at_the_option() -> None:
    assert refusal(edited(mid_game, lambda d: d["rules"].update(hand_size=True))) == (
        "/data/rules/hand_size",
        "expected an integer, got a boolean",
    )
    assert refusal(edited(mid_game, lambda d: d["rules"].update(colour="red"))) == (
        "/data/rules",
        "unknown field(s) 'colour'",
    )
    assert refusal(edited(mid_game, set_field("rules", []))) == (
        "/data/rules",
        "expected an object, got a list",
    )


def test_rules_with_a_dealer_beyond_the_seats_are_refused() -> None:
    assert refusal(edited(mid_game, lambda d: d["rules"].update(dealer=3))) == (
        "/data/rules/dealer",
        "there are only 3 seats",
    )


def test_rules_that_change_the_deck_are_refused_by_the_card_count() -> None:
    doc = edited(mid_game, lambda d: d["rules"].update(decks=2))
    # Two decks are 52 cards short: the message lists the first ten only.
    assert deck_refusal(doc) == deck_problem(missing="2C 3C 4C 5C 6C 7C 8C 9C 10C JC")


@pytest.mark.parametrize(
    ("changes", "path", "problem"),
    [
        ({"hand_size": 0}, "/data/rules/hand_size", "must be at least 1"),
        ({"announce_penalty": 11}, "/data/rules/announce_penalty", "must be at most 10"),
        ({"target_score": None}, "/data/rules/rounds", "a match needs target_score or rounds"),
    ],
)
def test_rules_with_an_invalid_option_value_are_refused_at_the_option(
    changes: dict[str, object], path: str, problem: str
) -> None:
    # `_state_from_json` means to report the option (it catches `InvalidRulesError` for that).
    assert refusal(edited(mid_game, lambda d: d["rules"].update(changes))) == (path, problem)


# ---------------------------------------------------------------------------------------------
# new_game refuses bad input


def refused(excinfo: pytest.ExceptionInfo[InvalidRulesError]) -> tuple[str, object, str]:
    return excinfo.value.option, excinfo.value.value, excinfo.value.reason


@pytest.mark.parametrize(
    ("descriptor", "players", "text"),
    [
        (CE, 1, "Crazy Eights takes 2 to 7 players"),
        (CE, 8, "Crazy Eights takes 2 to 7 players"),
        (CE, 0, "Crazy Eights takes 2 to 7 players"),
        (CE, -3, "Crazy Eights takes 2 to 7 players"),
        (HA, 21, "8 Américain takes 2 to 20 players"),
        (HA, 1, "8 Américain takes 2 to 20 players"),
    ],
)
def test_new_game_refuses_a_number_of_players_out_of_range(
    descriptor: Game[Any], players: int, text: str
) -> None:
    with pytest.raises(InvalidRulesError) as excinfo:
        descriptor.new_game(players, seed=1)
    assert refused(excinfo) == ("players", players, text)


def test_new_game_refuses_a_list_of_names_of_the_wrong_size() -> None:
    with pytest.raises(InvalidRulesError) as excinfo:
        crazy_eights.new_game(["Solo"], seed=1)
    assert refused(excinfo) == ("players", 1, "Crazy Eights takes 2 to 7 players")


@pytest.mark.parametrize(
    ("players", "reason"),
    [
        (["Ann", "ann"], "names must be different"),
        (["Léa", "LÉA", "Tom"], "names must be different"),
        (["Ann", ""], "names must be non-empty strings"),
        (["Ann", "  "], "names must be non-empty strings"),
        (["Ann", 2], "names must be non-empty strings"),
        (["Ann", None], "names must be non-empty strings"),
    ],
)
def test_new_game_refuses_bad_names(players: list[Any], reason: str) -> None:
    with pytest.raises(InvalidRulesError) as excinfo:
        crazy_eights.new_game(players, seed=1)
    assert refused(excinfo) == ("players", players, reason)


def test_new_game_refuses_a_single_string_or_a_bool_as_players() -> None:
    with pytest.raises(InvalidRulesError) as excinfo:
        crazy_eights.new_game("AnnBob", seed=1)
    assert refused(excinfo) == (
        "players",
        "AnnBob",
        "expected a sequence of names, not one string",
    )
    with pytest.raises(InvalidRulesError) as excinfo:
        crazy_eights.new_game(True, seed=1)
    assert refused(excinfo) == ("players", True, "expected a number of players or their names")


def test_new_game_accepts_any_sequence_of_names() -> None:
    state = crazy_eights.new_game(("Ann", "Bob"), seed=1)
    assert state.players == ("Ann", "Bob")
    assert crazy_eights.new_game(["Ann", "Bob", "Cid"], seed=1).players == ("Ann", "Bob", "Cid")
    # An iterator is not a sequence: its length is unknown until it is consumed (maybe forever).
    with pytest.raises(InvalidRulesError) as excinfo:
        crazy_eights.new_game(iter_names(), seed=1)  # type: ignore[arg-type]
    assert excinfo.value.reason == "expected a number of players or their names"


def iter_names() -> Iterator[str]:
    yield from ("Ann", "Bob", "Cid")


def test_new_game_refuses_a_dealer_beyond_the_players() -> None:
    rules = crazy_eights.Rules(dealer=3)
    with pytest.raises(InvalidRulesError) as excinfo:
        crazy_eights.new_game(3, seed=1, rules=rules)
    assert refused(excinfo) == ("dealer", 3, "there are only 3 seats")
    assert crazy_eights.new_game(4, seed=1, rules=rules).current == 0  # left of seat 3


def test_new_game_refuses_a_hand_size_too_large_for_the_deck() -> None:
    # 2 x 26 + a starter = 53 > 52; 2 x 25 + 1 = 51 fits.
    with pytest.raises(InvalidRulesError) as excinfo:
        crazy_eights.new_game(2, seed=1, rules=crazy_eights.Rules(hand_size=26))
    assert refused(excinfo) == (
        "hand_size",
        26,
        "2 hands of 26 and a starter need more than 52 cards",
    )
    state = crazy_eights.new_game(2, seed=1, rules=crazy_eights.Rules(hand_size=25))
    assert (len(state.hands[0]), len(state.stock) + len(state.discard)) == (25, 2)
    # Seven players use two decks (70 cards wanted > 52): 7 x 15 + 1 = 106 > 104.
    with pytest.raises(InvalidRulesError) as excinfo:
        crazy_eights.new_game(7, seed=1, rules=crazy_eights.Rules(hand_size=15))
    assert refused(excinfo) == (
        "hand_size",
        15,
        "7 hands of 15 and a starter need more than 104 cards",
    )
    rules = crazy_eights.Rules(hand_size=5, hand_size_two_players=26)
    with pytest.raises(InvalidRulesError) as excinfo:
        crazy_eights.new_game(2, seed=1, rules=rules)
    assert excinfo.value.value == 26


@pytest.mark.parametrize(
    ("deck", "count"),
    [
        (make_deck()[:-1], 51),
        ((*make_deck()[:-1], C("2C")), 52),
        ((*make_deck(), C("JOKER")), 53),
        (make_deck(DeckKind.JOKERS_54), 54),
        ((), 0),
        ("2C 3C 4C", 3),
    ],
    ids=["51-cards", "a-duplicate", "plus-a-joker", "54-cards", "empty", "text"],
)
def test_new_game_refuses_a_deck_that_is_not_the_rules_deck(
    deck: tuple[Card, ...] | str, count: int
) -> None:
    with pytest.raises(InvalidRulesError) as excinfo:
        crazy_eights.new_game(2, seed=1, deck=deck)
    assert refused(excinfo) == (
        "deck",
        count,
        "expected exactly the 52 cards of 1 standard_52 deck(s)",
    )


def test_new_game_deals_a_given_deck_one_card_at_a_time_from_the_dealers_left() -> None:
    deck = make_deck()  # 2C 3C ... AC 2D ... AD 2H ... AS
    state = crazy_eights.new_game(["Ann", "Bob"], seed=0, deck=deck)
    # Dealer 0: seat 1 gets the 1st, 3rd, ... card and seat 0 the 2nd, 4th, ... 14th.
    assert state.hands == (
        parse_cards("3C 5C 7C 9C JC KC 2D"),
        parse_cards("2C 4C 6C 8C 10C QC AC"),
    )
    assert state.discard == (C("3D"),)
    assert state.stock == deck[15:]
    assert state.current == 1
    text = " ".join(map(str, deck))
    assert crazy_eights.new_game(["Ann", "Bob"], seed=0, deck=text) == state


def test_new_game_refuses_the_rules_of_another_game() -> None:
    rules = huit_americain.Rules()
    with pytest.raises(InvalidRulesError) as excinfo:
        crazy_eights.new_game(2, seed=1, rules=rules)  # type: ignore[arg-type]
    option, value, reason = refused(excinfo)
    assert (option, value) == ("rules", rules)
    assert reason.startswith("expected Rules of Crazy Eights or the name of one of its presets")


@pytest.mark.parametrize("seed", ["1", 1.0, None, True, (1,)])
def test_new_game_refuses_a_seed_that_is_not_an_int(seed: Any) -> None:
    with pytest.raises(InvalidArgumentError) as excinfo:
        crazy_eights.new_game(2, seed=seed)
    assert (excinfo.value.argument, excinfo.value.value) == ("seed", seed)
    assert isinstance(excinfo.value, TypeError)  # what it raised before, still caught


def test_new_game_accepts_any_integer_type_as_seed() -> None:
    class Index:
        def __index__(self) -> int:
            return 7

    state = crazy_eights.new_game(2, seed=Index())  # type: ignore[arg-type]
    assert state == crazy_eights.new_game(2, seed=7)


@given(st.integers(-(2**64) + 1, 2**64 - 1))
@settings(max_examples=20, deadline=None)
def test_any_seed_a_record_holds_deals(seed: int) -> None:
    # Every game takes -2**64 < seed < 2**64 (what records, matches and logs hold; wider seeds
    # are refused: tests/test_hostile_input_7.py).
    state = crazy_eights.new_game(2, seed=seed)
    assert state.all_cards() == tuple(sorted(make_deck()))
    assert CE.state_from_json(state.to_json()) == state


def view_document(edit: Callable[[Document], None]) -> str:
    mid = mid_game()
    doc = json.loads(mid.view(mid.current).to_json())
    edit(doc["data"])
    return json.dumps(doc)


def rules_data(rules: crazy_eights.Rules) -> Document:
    data: Document = json.loads(rules.to_json())["data"]
    return data


def test_a_view_may_carry_its_rules() -> None:
    rules = crazy_eights.PRESETS["sevens-draw"]
    view = SheddingView.from_json(view_document(lambda d: d.update(rules=rules_data(rules))))
    assert view.rules == rules
    assert SheddingView.from_json(view.to_json()) == view
    bare = SheddingView.from_json(view_document(lambda d: d.pop("rules", None)))
    assert bare.rules is None
    assert SheddingView.from_json(bare.to_json()) == bare


@pytest.mark.parametrize(
    ("edit", "path", "problem"),
    [
        (lambda d: d.update(game="uno"), "/data/game", "unknown game 'uno'"),
        (lambda d: d.update(game=None), "/data/game", "unknown game None"),
        (lambda d: d.clear(), "/data/game", "unknown game None"),
        (
            lambda d: d.update(rules={**rules_data(crazy_eights.Rules()), "hand_size": True}),
            "/data/rules/hand_size",
            "expected an integer, got a boolean",
        ),
        (lambda d: d.update(rules=[]), "/data/rules", "expected an object, got a list"),
        (
            lambda d: d.update(hand_sizes=[1, "2"]),
            "/data/hand_sizes/1",
            "expected an integer, got a string",
        ),
    ],
)
def test_a_bad_view_document_is_refused_at_its_path(
    edit: Callable[[Document], None], path: str, problem: str
) -> None:
    with pytest.raises(InvalidStateError) as excinfo:
        SheddingView.from_json(view_document(edit))
    assert (excinfo.value.path, excinfo.value.problem) == (path, problem)


def test_a_view_document_whose_data_is_not_an_object_is_refused() -> None:
    text = json.dumps({"format": "cardgames.view", "version": 1, "game": "crazy-eights", "data": 3})
    with pytest.raises(InvalidStateError) as excinfo:
        SheddingView.from_json(text)
    assert (excinfo.value.path, excinfo.value.problem) == ("/data", "expected an object")


# ---------------------------------------------------------------------------------------------
# The events of the last move that the rules read (the jump-in window, a swap's announcement)


def swap_due() -> SheddingState:
    """8 Américain with the Queen swapping, two cards each: a swap has just left its target one
    card, which they may announce (`Announce`)."""
    rules = huit_americain.PRESETS["autres-propositions"].replace(hand_size=2)
    for seed in range(200):
        state = huit_americain.new_game(3, seed=seed, rules=rules)
        for _ in range(30):
            if state.is_over:
                break
            swaps = [
                m
                for m in state.legal_moves()
                if isinstance(m, huit_americain.PlayCard) and m.target is not None
            ]
            move = swaps[0] if swaps else state.legal_moves()[0]
            state = state.apply(move)
            if any(isinstance(m, huit_americain.Announce) for m in state.legal_moves()):
                return state
    pytest.fail("no swap left a player one card")


def ha_refusal(doc: Document) -> tuple[str, str]:
    with pytest.raises(InvalidStateError) as excinfo:
        HA.state_from_json(json.dumps(doc))
    return excinfo.value.path, excinfo.value.problem


def test_a_swap_due_round_trips_with_its_window() -> None:
    state = swap_due()
    loaded = HA.state_from_json(state.to_json())
    assert loaded == state
    assert loaded.legal_moves() == state.legal_moves()
    for viewer in (None, 0, 1, 2):
        view = state.view(viewer)
        assert HA.view_from_json(view.to_json()) == view


def test_events_the_rules_read_must_fit_the_position() -> None:
    state = swap_due()
    swapped = next(i for i, e in enumerate(state.last_events) if e.kind == "hands_swapped")
    player, target = state.last_events[swapped].player, state.last_events[swapped].target  # type: ignore[attr-defined]
    other = next(seat for seat in range(3) if seat not in (player, target))

    def edit(change: Callable[[Document], None]) -> Document:
        doc = document(state)
        change(doc["data"])
        return doc

    def swapper(seat: int) -> Callable[[Document], None]:
        return lambda data: data["events"][swapped].update(player=seat)

    assert ha_refusal(edit(swapper(other))) == (
        f"/data/events/{swapped}",
        "hands are swapped by the player who laid a swap card on top",
    )
    self_swap = edit(lambda data: data["events"][swapped].update(target=player))
    assert ha_refusal(self_swap)[0] == f"/data/events/{swapped}"
    alone = edit(lambda data: data.update(events=[data["events"][swapped]]))
    assert ha_refusal(alone)[0] == "/data/events/0"
    wrong_card = edit(lambda data: data["events"][0].update(card="2C"))
    assert ha_refusal(wrong_card) == (
        "/data/events/0",
        "a card laid by the last move is the top card, laid by top_player",
    )
    # A missed announcement of a seat that did not lay the top card: only a swap's target
    # holding one card, after the next move.
    missed = {"type": "announcement_missed", "player": other}
    assert ha_refusal(edit(lambda data: data["events"].append(missed)))[0].startswith(
        "/data/events/"
    )
    # In Crazy Eights nobody swaps: such an event is refused whatever the hands.
    doc = document(mid_game())
    top_player = doc["data"]["top_player"]
    seat = (top_player + 1) % 3
    doc["data"]["events"].append({"type": "announcement_missed", "player": seat})
    assert refusal(doc)[0] == f"/data/events/{len(doc['data']['events']) - 1}"


def test_the_engines_swap_flag_is_what_the_events_say() -> None:
    # The engine keeps a flag so that its hot paths need not read the events; a state built
    # from its events (loaded, sampled) computes it from them: the two must agree.
    from cardgames.shedding.engine import _swap_marks

    rules = huit_americain.PRESETS["autres-propositions"].replace(hand_size=3)
    seen = 0
    for seed in range(30):
        state = huit_americain.new_game(3, seed=seed, rules=rules)
        chooser = random.Random(seed)
        while not state.is_over:
            assert state._swap_open == _swap_marks(state._raw_events)
            seen += state._swap_open
            loaded = HA.state_from_json(state.to_json())
            assert loaded.legal_moves() == state.legal_moves()
            assert loaded.to_act == state.to_act
            moves = state.legal_moves()
            state = state.apply(moves[chooser.randrange(len(moves))])
    assert seen > 20
