"""The contract under attack, seventh pass: records, seeds, scoring keys, the command line...

Each test tries to break one promise a hostile caller could reach that the other hostile suites
leave alone, and fails on the code before its fix:

- a `GameRecord` built by hand is checked when it is built, with the rules its readers apply
  (`GameRecord.from_json`, `replay`, `GameLog.from_record`): game, rules, seed, players, agents,
  seats of the moves and result; its sequences are read no further than their bound, so an
  endless iterator is refused rather than read forever;
- `round_points` by name refuses keys that are not text (``{True: []}`` scored a player named
  True);
- the command line's error line shows at most 100 characters of an argument and ten unrecognized
  arguments (a 100,000-character argument was echoed whole), with exit status 2 and argparse's
  message as before;
- a game's seed is an integer with ``-2**64 < seed < 2**64`` wherever a game is seeded
  (`new_game`, `play_game`, `simulate`, `game_seed`, ``--seed``), as a record, a match and a log
  already bounded it: a state could be dealt that no log or record could hold, and a seed of
  33 million bits (made at once, ``1 << 33_000_000``) took 200 s to deal, its limbs shifted out
  one at a time; `Rng.from_seed` reads a seed's limbs in one pass and refuses seeds wider than
  65,536 bits before any work;
- `cardgames.rl.rewards` checks its number of seats (``10**9`` built a billion floats, ``2**64``
  raised ``OverflowError``) and the winners of the outcome (seats beyond the table gave rewards
  that do not sum to zero);
- `narrate` reads at most 10,000 events: an endless iterable was read forever;
- the PettingZoo environment refuses an unknown agent's name with `UnknownAgentError` (an
  `InvalidArgumentError` and a `KeyError`) in `observe`, `observation_space` and
  `action_space` (a bare `KeyError`, or a `TypeError` for a list).
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable
from typing import Any

import attrs
import pytest

from cardgames import (
    Card,
    CardGamesError,
    InvalidArgumentError,
    InvalidRulesError,
    UnknownGameError,
    crazy_eights,
    huit_americain,
    planets,
)
from cardgames.game import Outcome, Termination
from cardgames.history import GameLog
from cardgames.records import GameRecord, RecordedMove, replay
from hostile_support import peak_bytes

# -- 1. a GameRecord built by hand ----------------------------------------------------------------


def _fields() -> dict[str, Any]:
    log = GameLog.start(crazy_eights.GAME, ["Ann", "Bob"], seed=3)
    record = log.push(log.state.legal_moves()[0]).to_record(agents=["random", "random"])
    return attrs.asdict(record, recurse=False)


_BAD_FIELDS: list[tuple[str, Any]] = [
    ("seed", "3"),
    ("seed", 3.0),
    ("seed", True),
    ("seed", 2**64),  # replayed with new_game, refused by GameLog.from_record and from_json
    ("seed", -(2**64)),
    ("seed", 10**5000),  # to_json raised ValueError (more digits than int -> str converts)
    ("players", ("Ann",)),  # one seat: Crazy Eights takes 2 to 7
    ("players", ("Ann", "ann")),  # names told apart by name_key only
    ("players", ("Ann", "B\x1b[2J")),
    ("players", ("Ann", "B" * 101)),
    ("players", ("Ann", " ")),
    ("players", tuple(f"P{i}" for i in range(8))),
    ("rules", None),  # replay dealt the default rules; to_json wrote null, which no reader takes
    ("rules", planets.Rules()),
    ("rules", "standard"),
    ("rules", crazy_eights.Rules(dealer=5)),  # a dealer with no seat
    ("game", 8),
    ("agents", ("random",)),  # one agent for two players
    ("moves", (RecordedMove(2, "draw"),)),  # no seat 2
    ("moves", (RecordedMove(-1, "draw"),)),
    ("result", "went_out"),
    ("result", {"reason": "went_out"}),
]


@pytest.mark.parametrize(
    ("field", "value"),
    _BAD_FIELDS,
    ids=[f"{field}-{i}" for i, (field, _) in enumerate(_BAD_FIELDS)],
)
def test_a_record_built_by_hand_is_checked_as_its_readers_check_it(field: str, value: Any) -> None:
    with pytest.raises(InvalidArgumentError) as raised:
        GameRecord(**{**_fields(), field: value})
    assert len(str(raised.value)) < 1000
    if field in ("players",):  # the error new_game raises, too
        assert isinstance(raised.value, InvalidRulesError)
        assert raised.value.option == "players"


def test_a_record_of_an_unknown_game_raises_what_replay_raised() -> None:
    with pytest.raises(UnknownGameError):
        GameRecord(**{**_fields(), "game": "no-such-game"})


def test_a_record_built_by_hand_writes_and_reads_back_or_is_refused() -> None:
    """What a record holds, its readers take: every record that is built round-trips."""
    fields = _fields()
    record = GameRecord(**{**fields, "game": "Crazy Eights", "seed": -(2**64) + 1, "moves": ()})
    assert record.game == "crazy-eights"  # an alias is stored as the game's name
    assert GameRecord.from_json(record.to_json()) == record
    assert GameLog.from_record(record).seed == -(2**64) + 1
    np = pytest.importorskip("numpy")
    seeded = GameRecord(**{**fields, "seed": np.int64(3)})
    assert type(seeded.seed) is int
    assert seeded == GameRecord(**fields)
    assert replay(seeded) == replay(GameRecord(**fields))
    over = Outcome(Termination.WENT_OUT, (0,), (3, 0))
    with pytest.raises(CardGamesError):  # an Outcome that differs: refused by replay, typed
        replay(GameRecord(**{**fields, "result": over}))


@pytest.mark.parametrize("field", ["players", "agents", "deck", "moves"])
def test_an_endless_sequence_in_a_record_is_refused_not_read_forever(field: str) -> None:
    item: object = RecordedMove(0, "draw") if field == "moves" else "8H"
    started = time.process_time()
    with pytest.raises(InvalidArgumentError) as raised:
        GameRecord(**{**_fields(), field: itertools.repeat(item)})
    assert time.process_time() - started < 2.0
    assert raised.value.argument == field
    if field != "moves":
        peak = peak_bytes(lambda: GameRecord(**{**_fields(), field: itertools.repeat(item)}))
        assert peak < 200_000


# -- 2. scoring by name: the keys are names --------------------------------------------------------

_EIGHT = Card.parse("8H")


@pytest.mark.parametrize("key", [True, 1, None, 2.5, ("Léa",), b"Lea"])
@pytest.mark.parametrize("module", [crazy_eights, huit_americain], ids=["c8", "huit"])
def test_round_points_refuses_a_key_that_is_not_a_name(module: Any, key: object) -> None:
    hands: Any = {key: (), "Tom": (_EIGHT,)}
    with pytest.raises(InvalidArgumentError) as raised:
        module.round_points(hands)  # {True: 50, 'Tom': 0} was returned
    assert raised.value.argument == "hands"
    assert module.round_points({"Léa": (), "Tom": (_EIGHT,)})["Léa"] == (
        50 if module is crazy_eights else 0
    )


# -- 3. the command line: what an error line echoes ----------------------------------------------

_LONG = "x" * 100_000


@pytest.mark.parametrize(
    "argv",
    [
        ["demo", "crazy-eights", "--seed", "1", _LONG],  # echoed whole: 100,078 characters
        ["demo", "crazy-eights", "--seed", "1", "--" + _LONG],
        [_LONG],  # invalid choice of a command
        ["demo", "crazy-eights", "--lang", _LONG],
        ["demo", "crazy-eights", "--players", _LONG],
        ["simulate", "crazy-eights", "--games", "9" * 100_000],
        ["demo", "crazy-eights", "--seed", "1", *["y"] * 100_000],  # 200,077 characters
        ["demo", "crazy-eights", "--seed", "1", "a b " * 25_000],
    ],
    ids=["word", "option", "command", "choice", "number", "digits", "many", "spaces"],
)
def test_a_usage_error_echoes_a_bounded_line(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    from cardgames.cli import main

    assert main(argv) == 2
    err = capsys.readouterr().err
    lines = err.splitlines()
    assert len(lines) == 1
    assert len(err) < 2_300
    assert lines[0].startswith("cardgames")
    assert ": error: " in lines[0]
    assert lines[0].endswith("--help')")
    assert "…" in lines[0]


def test_a_usage_error_still_names_what_it_refuses(capsys: pytest.CaptureFixture[str]) -> None:
    from cardgames.cli import main

    assert main(["demo", "crazy-eights", "--seed", "1", "--nope", "y" * 150]) == 2
    err = capsys.readouterr().err
    assert err == (
        f"cardgames demo: error: unrecognized arguments: --nope {'y' * 100}… "
        "(see 'cardgames demo --help')\n"
    )
    assert main(["demo", "crazy-eights", "--lang", "de"]) == 2
    assert "invalid choice: 'de' (choose from" in capsys.readouterr().err
    assert main(["demo", "crazy-eights", "--seed", "1", *["z"] * 12]) == 2
    assert "z z z z z z z z z z … (2 more) (see" in capsys.readouterr().err


def test_a_file_error_names_a_huge_file_name_briefly(capsys: pytest.CaptureFixture[str]) -> None:
    from cardgames.cli import main

    assert main(["replay", _LONG]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"cardgames replay: error: {'x' * 100}… ")
    assert len(err) < 300


# -- 4. seeds: one bound for every game, and bounded work in the RNG ----------------------------

_WIDE = 1 << 33_000_000  # made at once; seeding read its limbs in quadratic time: 200 s


def _deal_crazy_eights(seed: Any) -> object:
    return crazy_eights.new_game(2, seed=seed)


def _deal_planets(seed: Any) -> object:
    return planets.new_game(2, seed=seed)


def _play(seed: Any) -> object:
    from cardgames.agents import RandomAgent, play_game

    return play_game(crazy_eights.GAME, [RandomAgent(), RandomAgent()], seed=seed)


def _simulate(seed: Any) -> object:
    from cardgames.simulate import simulate

    return simulate("crazy-eights", players=2, agents=["random"] * 2, games=1, seed=seed)


def _game_seed(seed: Any) -> object:
    from cardgames.simulate import game_seed

    return game_seed(seed, 0)


_SEEDED: dict[str, Callable[[Any], object]] = {
    "crazy_eights.new_game": _deal_crazy_eights,
    "planets.new_game": _deal_planets,
    "play_game": _play,
    "simulate": _simulate,
    "simulate.game_seed": _game_seed,
}


@pytest.mark.parametrize("call", list(_SEEDED.values()), ids=list(_SEEDED))
@pytest.mark.parametrize(
    "seed",
    [2**64, -(2**64), 10**100_000, _WIDE],
    ids=["2to64", "minus2to64", "1e100000", "33Mbits"],
)
def test_a_seed_beyond_what_a_record_holds_is_refused_at_once(
    call: Callable[[Any], object], seed: int
) -> None:
    started = time.process_time()
    with pytest.raises(InvalidArgumentError) as raised:
        call(seed)
    assert time.process_time() - started < 0.5  # 2.4 s for a million digits, 200 s for _WIDE
    assert raised.value.argument == "seed"
    assert len(str(raised.value)) < 1000


@pytest.mark.parametrize("call", list(_SEEDED.values()), ids=list(_SEEDED))
def test_the_widest_seeds_a_record_holds_are_taken(call: Callable[[Any], object]) -> None:
    np = pytest.importorskip("numpy")
    for seed in (2**64 - 1, -(2**64) + 1, np.uint64(2**64 - 1)):
        call(seed)
    assert _game_seed(np.int64(-5)) == _game_seed(-5)


def test_a_state_dealt_with_any_seed_it_takes_can_be_logged_and_recorded() -> None:
    for seed in (2**64 - 1, -(2**64) + 1):
        state = crazy_eights.new_game(2, seed=seed)
        log = GameLog.from_state(state, seed=seed)
        assert GameRecord.from_json(log.to_record().to_json()).seed == seed


def test_rng_from_seed_refuses_a_seed_wider_than_its_bound_before_any_work() -> None:
    from cardgames.rng import Rng

    started = time.process_time()
    for seed in (_WIDE, -_WIDE, 1 << 65536):
        with pytest.raises(InvalidArgumentError) as raised:
            Rng.from_seed(seed)
        assert isinstance(raised.value, ValueError)
        assert len(str(raised.value)) < 1000
    assert time.process_time() - started < 0.5
    started = time.process_time()
    widest = Rng.from_seed((1 << 65536) - 1)  # 1,024 limbs: 2.5 s when limbs were shifted out
    assert time.process_time() - started < 0.5
    assert widest != Rng.from_seed(-((1 << 65536) - 1)) != Rng.from_seed((1 << 65535) - 1)


def test_the_command_line_refuses_a_seed_beyond_2_64_as_a_usage_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from cardgames.cli import main

    for seed in (str(2**64), "9" * 4000):
        assert main(["demo", "crazy-eights", "--seed", seed]) == 2
        err = capsys.readouterr().err
        assert "argument --seed: expected a number below 2**64" in err
        assert len(err) < 300


# -- 5. the RL rewards: the number of seats and the winners ---------------------------------------


@pytest.mark.parametrize(
    "players",
    [10**9, 2**64, 10**100, 65, 0, -1, 2.0, "2", True, None],
    ids=["1e9", "2to64", "1e100", "65", "0", "-1", "float", "text", "bool", "none"],
)
def test_rewards_refuses_a_number_of_seats_that_is_not_one(players: Any) -> None:
    pytest.importorskip("numpy", reason="cardgames.rl needs the rl extra (NumPy)")
    from cardgames.rl import rewards

    started = time.process_time()
    with pytest.raises(InvalidArgumentError) as raised:
        rewards(None, players)  # 10**9 made a tuple of a billion floats; 2**64 OverflowError
    assert time.process_time() - started < 0.5
    assert raised.value.argument == "players"


@pytest.mark.parametrize(
    "winners",
    [(5,), (True,), (0, 0), (-1,), (0.0,), [0], ([0],), (0, 1, 1)],
    ids=["beyond", "bool", "twice", "negative", "float", "list", "unhashable", "three"],
)
def test_rewards_refuses_an_outcome_whose_winners_are_not_seats(winners: Any) -> None:
    pytest.importorskip("numpy", reason="cardgames.rl needs the rl extra (NumPy)")
    from cardgames.rl import rewards

    outcome = Outcome(Termination.WENT_OUT, winners, (0, 0))
    with pytest.raises(InvalidArgumentError) as raised:
        rewards(outcome, 2)  # (5,) gave (-1.0, -1.0): no winner, and not zero-sum
    assert raised.value.argument == "outcome"


def test_rewards_takes_numpy_seats_and_the_engines_outcomes() -> None:
    np = pytest.importorskip("numpy", reason="cardgames.rl needs the rl extra (NumPy)")
    from cardgames.rl import rewards

    assert rewards(None, np.int64(3)) == (0.0, 0.0, 0.0)
    assert rewards(Outcome(Termination.WENT_OUT, (1,), (0, 9)), np.uint8(2)) == (-1.0, 1.0)
    assert rewards(Outcome(Termination.BLOCKED, (), (0, 0)), 2) == (0.0, 0.0)


# -- 6. narration: how many events ----------------------------------------------------------------


def test_narrate_refuses_an_endless_iterable_of_events() -> None:
    from cardgames.narration import narrate

    state = crazy_eights.new_game(["Tom", "Léa"], seed=1)
    event = state.apply(state.legal_moves()[0]).last_events[0]
    started = time.process_time()
    with pytest.raises(InvalidArgumentError) as raised:
        narrate(itertools.repeat(event), ["Tom", "Léa"])  # read forever, filling memory
    assert time.process_time() - started < 1.0
    assert raised.value.argument == "events"
    assert len(narrate([event] * 10_000, ["Tom", "Léa"])) == 1  # one player's sentence


# -- 7. the PettingZoo environment: agents' names ------------------------------------------------


@pytest.mark.parametrize(
    "agent", ["player_9", "x" * 100_000, 0, None, ["player_0"], "PLAYER_0"], ids=str
)
def test_pettingzoo_refuses_an_unknown_agent_with_the_typed_error(agent: Any) -> None:
    pytest.importorskip("pettingzoo", reason="cardgames.rl needs the rl extra")
    from cardgames.rl import pettingzoo

    env = pettingzoo.env("crazy-eights")
    env.reset(seed=1)
    calls: tuple[Callable[[], object], ...] = (
        lambda: env.observe(agent),  # KeyError, or TypeError for a list
        lambda: env.observation_space(agent),
        lambda: env.action_space(agent),
    )
    for call in calls:
        with pytest.raises(InvalidArgumentError) as raised:
            call()
        assert isinstance(raised.value, KeyError)  # as the look-up raised before
        assert raised.value.argument == "agent"
        assert len(str(raised.value)) < 1000
    assert env.observe(env.agent_selection)["action_mask"].any()
