"""Matches of "8" (`cardgames.planets.Match`): totals, the rotating first Commander, ties broken
by one more game, games dealt and recorded, and hostile input refused with typed errors.

The rule text describes one game ("La partie se termine lorsqu'il n'y a plus de cartes dans la
pioche", "une nouvelle partie devra être disputée" on a tie that nothing breaks); the match is
our house rule, stated in `cardgames.planets.match`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgames import crazy_eights, errors, huit_americain, planets
from cardgames.errors import InvalidArgumentError, InvalidRulesError, MatchOverError
from cardgames.planets import Match, Rules, State
from cardgames.planets.match import MAX_GAMES, MAX_POINTS
from cardgames.rng import Rng

PLAYERS = ("Léa", "Tom", "Sam")
LEA, TOM, SAM = 0, 1, 2
QUICK = Rules(max_turns=4)  # games that end after four turns, to finish one in a few moves


def play_to_the_end(state: State, rnd: random.Random) -> State:
    while not state.is_over:
        state = state.apply(rnd.choice(list(state.legal_moves())))
    return state


# -- hand-computed matches --------------------------------------------------------------------


def test_a_match_is_one_game_per_player_and_the_highest_total_wins() -> None:
    match = Match.new(PLAYERS)
    assert (match.games, match.rounds, match.totals) == (3, (), (0, 0, 0))
    assert (match.is_over, match.winners) == (False, ())
    # Scores may be negative: one point off per card left in hand.
    match = match.add_round([25, -4, 9]).add_round({"Sam": 31, "Léa": -1})  # Tom: 0
    assert (match.totals, match.is_over) == ((24, -4, 40), False)
    match = match.add_round([10, 50, -2])
    assert match.rounds == ((25, -4, 9), (-1, 0, 31), (10, 50, -2))
    assert (match.totals, match.is_over, match.winners) == ((34, 46, 38), True, (TOM,))
    assert match.to_dict() == {
        "players": ["Léa", "Tom", "Sam"],
        "rounds": [[25, -4, 9], [-1, 0, 31], [10, 50, -2]],
        "totals": [34, 46, 38],
        "winners": [TOM],
        "games": 3,
        "play_off": True,
    }
    with pytest.raises(MatchOverError):
        match.add_round([0, 0, 0])
    with pytest.raises(MatchOverError):
        match.deal()


def test_the_number_of_games_is_chosen() -> None:
    match = Match.new(4, games=2).add_round([1, 2, 3, 4])
    assert not match.is_over
    assert match.add_round([0, 0, 0, -8]).winners == (2,)  # totals 1 2 3 -4
    assert Match.new(2, games=1).add_round([-3, -5]).winners == (0,)  # all negative


def test_a_tie_on_the_highest_total_is_broken_by_one_more_game() -> None:
    # "Si les joueurs ne se sont toujours pas départagés, une nouvelle partie devra être
    # disputée": everyone plays again, and again, until one total is the highest.
    match = Match.new(PLAYERS).add_round([20, 10, 0]).add_round([0, 10, 5]).add_round([0, 0, 5])
    assert (match.totals, match.is_over, match.winners) == ((20, 20, 10), False, ())
    assert match.to_dict()["winners"] == []
    match = match.add_round([3, 3, 0])  # still tied
    assert (match.totals, match.is_over) == ((23, 23, 10), False)
    # A seat that was behind may come back in an extra game: all totals go on.
    match = match.add_round([0, 0, 14])
    assert (match.totals, match.is_over, match.winners) == ((23, 23, 24), True, (SAM,))
    assert len(match.rounds) == 5
    # A tie below the top does not matter.
    below = Match.new(PLAYERS).add_round([30, 10, 10]).add_round([0, 0, 0]).add_round([0, 0, 0])
    assert (below.is_over, below.winners) == (True, (LEA,))


def test_without_play_off_tied_seats_share_the_win() -> None:
    match = Match.new(PLAYERS, play_off=False, games=2).add_round([5, 0, 5]).add_round([1, 9, 1])
    assert (match.totals, match.is_over, match.winners) == ((6, 9, 6), True, (TOM,))
    tie = Match.new(PLAYERS, play_off=False, games=1).add_round([7, 0, 7])
    assert (tie.is_over, tie.winners) == (True, (LEA, SAM))
    with pytest.raises(MatchOverError):
        tie.add_round([1, 0, 0])


def test_the_play_off_ends_after_max_games_extra_games() -> None:
    match = Match.new(2, games=1)
    for _ in range(MAX_GAMES + 1):  # the match's one game, then the extra games, all tied
        assert not match.is_over
        match = match.add_round([0, 0])
    assert (len(match.rounds), match.is_over, match.winners) == (MAX_GAMES + 1, True, (0, 1))
    with pytest.raises(MatchOverError):
        match.add_round([1, 0])


# -- the first Commander rotates ----------------------------------------------------------------


def test_the_first_commander_rotates_clockwise_from_the_rules() -> None:
    match = Match.new(4, Rules(first_commander=2))
    firsts = []
    for number in range(4):
        rules = match.round_rules()
        assert rules == Rules(first_commander=rules.first_commander)  # nothing else changes
        state = match.deal(seed=number)
        first = rules.first_commander
        assert (state.rules, state.commander, state.to_act) == (rules, first, (first,))
        firsts.append(rules.first_commander)
        match = match.add_round([0, 0, 0, number])
    assert firsts == [2, 3, 0, 1]
    # A tie sends the match on; the rotation goes on with it.
    tied = Match.new(4, Rules(first_commander=2)).add_round([5, 5, 0, 0])
    for _ in range(3):
        tied = tied.add_round([0, 0, 0, 0])
    assert not tied.is_over
    assert (tied.round_rules().first_commander, tied.deal().commander) == (2, 2)


def test_a_first_commander_the_table_does_not_have_is_refused() -> None:
    with pytest.raises(InvalidRulesError, match="first_commander"):
        Match.new(3, Rules(first_commander=4))


# -- games dealt and recorded -----------------------------------------------------------------


def test_deal_derives_each_games_seed_from_the_match_seed_like_the_shedding_match() -> None:
    match = Match.new(PLAYERS, seed=42).add_round([1, 2, 3])
    derived, _ = Rng.from_seed(42).derive(1).next_u64()
    expected = planets.new_game(PLAYERS, seed=derived, rules=match.round_rules())
    assert match.deal() == expected
    assert match.deal(seed=7) == planets.new_game(PLAYERS, seed=7, rules=match.round_rules())
    assert match.deal() != Match.new(PLAYERS, seed=43).add_round([1, 2, 3]).deal()
    # The shedding games derive theirs the same way.
    ce = crazy_eights.Match.new(PLAYERS, seed=42).add_round([0, 10, 0])
    ce_rules = ce.round_rules()
    assert isinstance(ce_rules, crazy_eights.Rules)
    assert ce.deal() == crazy_eights.new_game(PLAYERS, seed=derived, rules=ce_rules)


def test_deal_takes_a_fixed_deck() -> None:
    deck = [*planets.FULL_DECK][::-1]
    state = Match.new(PLAYERS).deal(deck=deck, seed=1)
    assert state == planets.new_game(PLAYERS, seed=1, deck=deck)


def test_a_full_match_played_with_random_legal_moves() -> None:
    rnd = random.Random(2026)
    match = Match.new(PLAYERS, seed=8)
    played = 0
    while not match.is_over:
        state = match.deal()
        assert state.commander == played % 3
        state = play_to_the_end(state, rnd)
        outcome = state.outcome()
        assert outcome is not None
        match = match.record(state)
        assert match.rounds[-1] == outcome.scores
        played += 1
    assert played == len(match.rounds) >= 3
    totals = match.totals
    assert totals == tuple(sum(row[seat] for row in match.rounds) for seat in range(3))
    assert match.winners == tuple(s for s in range(3) if totals[s] == max(totals))
    assert len(match.winners) == 1  # a tie would have been played off


def test_record_refuses_what_is_not_a_finished_game_of_this_match() -> None:
    rnd = random.Random(5)
    match = Match.new(PLAYERS, QUICK)
    fresh = match.deal(seed=3)
    finished = play_to_the_end(fresh, rnd)
    cases: list[tuple[Any, str]] = [
        (fresh, "not over"),
        (play_to_the_end(Match.new(["Ana", "Bob", "Cid"], QUICK).deal(), rnd), "other players"),
        (play_to_the_end(match.add_round([0, 0, 0]).deal(), rnd), "rules"),  # Tom first
        (play_to_the_end(planets.new_game(PLAYERS, seed=1), rnd), "rules"),  # other rules
        (crazy_eights.new_game(PLAYERS, seed=1), "state"),
        (finished.to_json(), "state"),
        (None, "state"),
    ]
    for state, message in cases:
        with pytest.raises(InvalidArgumentError, match=message):
            match.record(state)
    with pytest.raises(ValueError, match="not over"):  # as the shedding match's
        match.record(fresh)
    assert match.rounds == ()
    match = match.record(finished)
    assert match.rounds == (finished.outcome().scores,)  # type: ignore[union-attr]
    over = Match.new(PLAYERS, QUICK, games=1, play_off=False).record(finished)
    with pytest.raises(MatchOverError):
        over.record(finished)


# -- hostile input --------------------------------------------------------------------------


def build(**changes: Any) -> Match:
    arguments: dict[str, Any] = {
        "rules": Rules(),
        "players": PLAYERS,
        "rounds": ((1, 2, 3),),
        "seed": 0,
        "games": 3,
        "play_off": True,
    }
    arguments.update(changes)
    return Match(**arguments)


@pytest.mark.parametrize(
    ("changes", "error"),
    [
        ({"rules": crazy_eights.Rules()}, InvalidRulesError),
        ({"rules": None}, InvalidRulesError),
        ({"rules": {"first_commander": 0}}, InvalidRulesError),
        ({"rules": Rules(first_commander=3)}, InvalidRulesError),
        ({"players": ["Léa"], "rounds": ()}, InvalidRulesError),
        ({"players": ["Léa", "léa", "Sam"]}, InvalidRulesError),
        ({"players": ["Léa", "", "Sam"]}, InvalidRulesError),
        ({"players": ["Léa", 2, "Sam"]}, InvalidRulesError),
        ({"players": [f"P{i}" for i in range(7)], "rounds": ()}, InvalidRulesError),
        ({"players": ["x"] * 10**6}, InvalidRulesError),
        ({"players": "LéaTomSam"}, InvalidRulesError),
        ({"players": 3}, InvalidRulesError),
        ({"players": None}, InvalidRulesError),
        ({"rounds": ((1, 2),)}, InvalidRulesError),
        ({"rounds": ((1, 2, 3, 4),)}, InvalidRulesError),
        ({"rounds": ((True, 2, 3),)}, InvalidRulesError),
        ({"rounds": ((1.0, 2, 3),)}, InvalidRulesError),
        ({"rounds": (("1", 2, 3),)}, InvalidRulesError),
        ({"rounds": ((MAX_POINTS + 1, 2, 3),)}, InvalidRulesError),
        ({"rounds": ((-MAX_POINTS - 1, 2, 3),)}, InvalidRulesError),
        ({"rounds": ((10**1000, 2, 3),)}, InvalidRulesError),
        ({"rounds": ("abc",)}, InvalidRulesError),
        ({"rounds": "abc"}, InvalidRulesError),
        ({"rounds": 5}, InvalidRulesError),
        ({"rounds": ((1, 2, 3),) * 10**6}, InvalidRulesError),
        ({"rounds": ([0] * 10**6,)}, InvalidRulesError),
        ({"rounds": ((1, 2, 3),) * 4}, InvalidRulesError),  # a game after the end
        ({"rounds": ((1, 1, 0),) * 3 + ((1, 0, 0),) * 2}, InvalidRulesError),  # after the play-off
        ({"seed": True}, InvalidArgumentError),
        ({"seed": 1.0}, InvalidArgumentError),
        ({"seed": "1"}, InvalidArgumentError),
        ({"seed": 2**64}, InvalidArgumentError),
        ({"seed": -(2**64)}, InvalidArgumentError),
        ({"games": 0}, InvalidArgumentError),
        ({"games": -1}, InvalidArgumentError),
        ({"games": MAX_GAMES + 1}, InvalidArgumentError),
        ({"games": 10**100}, InvalidArgumentError),
        ({"games": True}, InvalidArgumentError),
        ({"games": 3.0}, InvalidArgumentError),
        ({"games": "3"}, InvalidArgumentError),
        ({"games": None}, InvalidArgumentError),
        ({"play_off": 1}, InvalidArgumentError),
        ({"play_off": "no"}, InvalidArgumentError),
        ({"play_off": None}, InvalidArgumentError),
    ],
)
def test_the_constructor_refuses_bad_input(changes: dict[str, Any], error: type[Exception]) -> None:
    assert build().rounds == ((1, 2, 3),)  # the base case is valid
    with pytest.raises(error):
        build(**changes)


def test_the_constructor_accepts_the_edges() -> None:
    assert build(seed=2**64 - 1, games=MAX_GAMES).seed == 2**64 - 1
    assert build(rounds=[[MAX_POINTS, -MAX_POINTS, 0]]).rounds == ((MAX_POINTS, -MAX_POINTS, 0),)
    tied = ((1, 1, 0),) * 3 + ((0, 0, 0),) * 2 + ((1, 0, 0),)  # two extra games, then a winner
    assert build(rounds=tied).winners == (LEA,)
    assert Match(Rules(), PLAYERS).games == 3  # the default: one game per player


@pytest.mark.parametrize(
    "kwargs",
    [
        {"rules": huit_americain.Rules()},
        {"rules": "standard"},
        {"players": 1},
        {"players": 7},
        {"players": True},
        {"seed": 0.5},
        {"games": 0},
        {"games": 2.5},
        {"play_off": "yes"},
    ],
)
def test_new_refuses_bad_input_with_typed_errors(kwargs: dict[str, Any]) -> None:
    arguments: dict[str, Any] = {"players": 3, "rules": None, "seed": 0, "games": None}
    arguments.update(kwargs)
    players = arguments.pop("players")
    rules = arguments.pop("rules")
    with pytest.raises((InvalidRulesError, InvalidArgumentError)):
        Match.new(players, rules, **arguments)


@pytest.mark.parametrize(
    "points",
    [
        [10, 0],  # too few scores
        [10, 0, 0, 0],  # too many
        [True, 0, 0],
        [2.5, 0, 0],
        ["1", 0, 0],
        [None, 0, 0],
        [MAX_POINTS + 1, 0, 0],
        [0] * 10**6,
        "123",
        b"123",
        None,
        5,
        {1, 2, 3},
        {"Léa": 10, "Zoé": 5},  # unknown name
        {"léa": 10, "LÉA": 1},  # one name twice (names match as players are told apart)
        {"Léa": 1, "Tom": 1, "Sam": 1, "Zoé": 1},  # more names than players
        {"Léa": True},
        {"Léa": 1.5},
    ],
)
def test_add_round_refuses_bad_points_and_changes_nothing(points: Any) -> None:
    match = Match.new(PLAYERS).add_round([4, -2, 0])
    before = attrs.asdict(match)
    with pytest.raises(InvalidRulesError):
        match.add_round(points)
    assert attrs.asdict(match) == before


def test_deal_refuses_a_bad_seed() -> None:
    for seed in (True, 1.5, "7"):
        with pytest.raises(InvalidArgumentError):
            Match.new(PLAYERS).deal(seed=seed)  # type: ignore[arg-type]


def test_a_match_is_a_frozen_value() -> None:
    match = Match.new(PLAYERS, seed=3).add_round([1, 2, 3])
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        match.rounds = ()  # type: ignore[misc]
    assert match == Match(Rules(), PLAYERS, [[1, 2, 3]], 3, 3, True)
    assert hash(match) == hash(Match(Rules(), list(PLAYERS), ((1, 2, 3),), 3))
    data = match.to_dict()
    again = Match(Rules(), data["players"], data["rounds"], 3, data["games"], data["play_off"])
    assert again == match


def test_every_match_raises_the_same_match_over_error() -> None:
    assert planets.MatchOverError is errors.MatchOverError is MatchOverError
    assert crazy_eights.MatchOverError is huit_americain.MatchOverError is MatchOverError
    assert issubclass(MatchOverError, errors.CardGamesError)
    assert issubclass(MatchOverError, ValueError)


# -- properties -----------------------------------------------------------------------------------


@given(
    players=st.integers(2, 6),
    games=st.integers(1, 4),
    play_off=st.booleans(),
    rows=st.lists(st.lists(st.integers(-30, 30), min_size=6, max_size=6), max_size=12),
)
def test_totals_are_column_sums_and_the_match_ends_on_one_highest_total(
    players: int, games: int, play_off: bool, rows: Sequence[Sequence[int]]
) -> None:
    match = Match.new(players, games=games, play_off=play_off)
    for row in rows:
        if match.is_over:
            with pytest.raises(MatchOverError):
                match.add_round(row[:players])
            break
        match = match.add_round(row[:players])
        played = match.rounds
        totals = match.totals
        assert totals == tuple(sum(r[seat] for r in played) for seat in range(players))
        top = [seat for seat in range(players) if totals[seat] == max(totals)]
        assert match.is_over == (len(played) >= games and (len(top) == 1 or not play_off))
        assert match.winners == (tuple(top) if match.is_over else ())
        assert match.round_rules().first_commander == len(played) % players
        assert Match(match.rules, match.players, match.rounds, 0, games, play_off) == match
