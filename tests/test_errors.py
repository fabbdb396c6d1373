"""Tests of `cardgames.errors`: fields, messages, builtin bases and pickling of every error."""

from __future__ import annotations

import copy
import pickle

import pytest

from cardgames import errors
from cardgames.cards import Card
from cardgames.crazy_eights import PlayCard
from cardgames.errors import (
    CardGamesError,
    IllegalMoveError,
    InvalidRulesError,
    InvalidStateError,
    MatchOverError,
    ParseError,
    UnknownGameError,
)

ALL_ERRORS: tuple[CardGamesError, ...] = (
    ParseError("8X", "a card"),
    InvalidRulesError("hand_size", 0, "must be at least 1"),
    IllegalMoveError(PlayCard(1, Card.parse("8H")), 1, "not_your_turn", "player 0 is to play"),
    IllegalMoveError("draw", None, "game_over"),
    InvalidStateError("/data/hands/2/0", "expected a card as a string, got an integer"),
    InvalidStateError("", "not valid JSON"),
    UnknownGameError("uno", ("crazy-eights", "huit-americain")),
    MatchOverError("the match is over"),
)


def test_the_public_names_are_the_nine_errors() -> None:
    assert sorted(errors.__all__) == [
        "CardGamesError",
        "IllegalMoveError",
        "InvalidArgumentError",
        "InvalidRulesError",
        "InvalidStateError",
        "MatchOverError",
        "MissingCapabilityError",
        "ParseError",
        "UnknownGameError",
    ]


def test_parse_error_names_the_text_and_what_was_expected() -> None:
    err = ParseError("8X", "a card such as '8H'")
    assert (err.text, err.expected) == ("8X", "a card such as '8H'")
    assert str(err) == "cannot parse '8X': expected a card such as '8H'"
    assert isinstance(err, CardGamesError)
    assert isinstance(err, ValueError)


def test_parse_error_keeps_text_that_is_not_a_string() -> None:
    err = ParseError(42, "a move in text")
    assert err.text == 42
    assert str(err) == "cannot parse 42: expected a move in text"


def test_invalid_rules_error_names_the_option_value_and_reason() -> None:
    err = InvalidRulesError("hand_size", 0, "must be at least 1")
    assert (err.option, err.value, err.reason) == ("hand_size", 0, "must be at least 1")
    assert str(err) == "invalid rules option hand_size=0: must be at least 1"
    assert isinstance(err, CardGamesError)
    assert isinstance(err, ValueError)


def test_invalid_rules_error_quotes_text_values() -> None:
    assert str(InvalidRulesError("stacking", "lots", "one of none")) == (
        "invalid rules option stacking='lots': one of none"
    )


def test_illegal_move_error_with_detail() -> None:
    move = PlayCard(1, Card.parse("8H"))
    err = IllegalMoveError(move, 1, "not_your_turn", "player 0 is to play")
    assert (err.move, err.player, err.reason, err.detail) == (
        move,
        1,
        "not_your_turn",
        "player 0 is to play",
    )
    assert str(err) == (
        "illegal move PlayCard(player=1, card=Card.parse('8H'), suit=None, announce=False, "
        "target=None) for player 1: not_your_turn (player 0 is to play)"
    )
    assert isinstance(err, CardGamesError)
    assert isinstance(err, ValueError)


def test_illegal_move_error_without_detail_has_no_parentheses() -> None:
    err = IllegalMoveError("draw", None, "game_over")
    assert err.detail == ""
    assert str(err) == "illegal move 'draw' for player None: game_over"


def test_invalid_state_error_with_a_path() -> None:
    err = InvalidStateError("/data/hands/2/0", "missing field")
    assert (err.path, err.problem) == ("/data/hands/2/0", "missing field")
    assert str(err) == "invalid document at /data/hands/2/0: missing field"
    assert isinstance(err, CardGamesError)
    assert isinstance(err, ValueError)


def test_invalid_state_error_for_the_whole_document_names_no_path() -> None:
    err = InvalidStateError("", "not valid JSON")
    assert str(err) == "invalid document: not valid JSON"


def test_unknown_game_error_lists_the_known_games_unquoted() -> None:
    err = UnknownGameError("uno", ("crazy-eights", "huit-americain"))
    assert (err.name, err.known) == ("uno", ("crazy-eights", "huit-americain"))
    # A LookupError such as KeyError would quote the message; this one reads as a sentence.
    assert str(err) == "unknown game 'uno'; known games: crazy-eights, huit-americain"
    assert isinstance(err, CardGamesError)
    assert isinstance(err, LookupError)
    assert not isinstance(err, ValueError)


def test_one_except_clause_catches_them_all() -> None:
    for err in ALL_ERRORS:
        with pytest.raises(CardGamesError):
            raise err


@pytest.mark.parametrize("err", ALL_ERRORS, ids=lambda e: type(e).__name__)
def test_pickle_round_trip_keeps_type_fields_and_message(err: CardGamesError) -> None:
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        back = pickle.loads(pickle.dumps(err, protocol=protocol))
        assert type(back) is type(err)
        assert vars(back) == vars(err)
        assert str(back) == str(err)
        assert back.args == err.args


@pytest.mark.parametrize("err", ALL_ERRORS, ids=lambda e: type(e).__name__)
def test_copy_keeps_fields(err: CardGamesError) -> None:
    for clone in (copy.copy(err), copy.deepcopy(err)):
        assert type(clone) is type(err)
        assert vars(clone) == vars(err)
        assert str(clone) == str(err)


def test_invalid_argument_error_is_both_builtins_and_pickles() -> None:
    import pickle

    err = errors.InvalidArgumentError("player", "events", "expected a seat number from 0 to 2")
    assert isinstance(err, CardGamesError)
    assert isinstance(err, ValueError)
    assert isinstance(err, TypeError)
    assert (err.argument, err.value, err.reason) == (
        "player",
        "events",
        "expected a seat number from 0 to 2",
    )
    again = pickle.loads(pickle.dumps(err))
    assert str(again) == str(err)


def test_unknown_game_error_quotes_a_huge_name_briefly() -> None:
    err = errors.UnknownGameError("x" * 1_000_000, ("crazy-eights",))
    assert len(str(err)) < 300
