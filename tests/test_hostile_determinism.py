"""Deterministic bots: the same seed gives the same simulation rows on every Python and platform.

The promise (see the compatibility page): ``simulate`` with the same arguments and agents gives
the same rows wherever it runs. It broke once: the planet heuristic summed floats with ``sum``,
which Python 3.12 made compensated, so seeded games changed winners between 3.11 and 3.12.
This suite tries to break the promise the ways it can break:

- **Golden rows.** ``tests/data/simulate_golden.json`` holds the rows (winners, scores, moves,
  ending) of small seeded simulations of every game with every agent kind (random, heuristic,
  ISMCTS with a small budget). They are recomputed here; CI runs this file on Python 3.10 and
  3.13, so a difference between versions fails one of them.
- **Hash randomization.** The ISMCTS and heuristic runs of the golden file are played again in
  fresh interpreters under several ``PYTHONHASHSEED`` values: a bot or an engine that iterated
  over a set of cards, names or moves (whose order follows the string hashes) would differ.
- **Float-free bots.** The agents and ``simulate`` use no function whose last bit depends on the
  C library or the Python version (``math.log``, ``math.exp``, ``statistics``, ``random``...),
  the planet heuristic no float at all; the heuristic plays the same when ``sum`` rounds like
  3.11 or like 3.12; ISMCTS's logarithm is pinned bit for bit; the exact chances are checked
  against brute force.
- **Arguments from outside.** ``simulate``, ``play_game`` and ``make_agent`` refuse any bad
  argument with a typed error (`CardGamesError`) before playing; a huge ``games`` allocates
  nothing before the first game; a forged move from an agent never gets into a game.

A golden row that changes is a change of an agent, a rule or the RNG: it must be deliberate.
Say why in the changelog (agents' games may change in a minor release, see the compatibility
page), then regenerate the file and commit it::

    python tests/test_hostile_determinism.py --regenerate
"""

from __future__ import annotations

import argparse
import ast
import builtins
import concurrent.futures
import itertools
import json
import math
import os
import subprocess
import sys
import tracemalloc
from collections.abc import Iterable, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardgames
from cardgames import crazy_eights, planets
from cardgames.agents import AGENT_NAMES, AgentError, RandomAgent, make_agent, play_game
from cardgames.agents.ismcts import _ln
from cardgames.errors import (
    CardGamesError,
    InvalidArgumentError,
    InvalidRulesError,
    UnknownGameError,
)
from cardgames.game import Move, View
from cardgames.planets import heuristic as heuristic_module
from cardgames.planets.heuristic import _all_present, _at_least, _PlanetsChoice
from cardgames.rng import Rng
from cardgames.simulate import GameRow, simulate

SOURCE = Path(cardgames.__file__).resolve().parent
GOLDEN = Path(__file__).resolve().parent / "data" / "simulate_golden.json"
FORMAT = "cardgames-golden-simulations"
"""The ``format`` of the golden file (a test fixture, not a library document)."""
REGENERATE = "python tests/test_hostile_determinism.py --regenerate"

EXAMPLES = int(os.environ.get("CARDGAMES_HOSTILE_EXAMPLES", "200"))
"""Examples per property (CI: 200; ``benchmarks/hostile.py`` raises it)."""
HOSTILE = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=not os.environ.get("CARDGAMES_HOSTILE_RANDOM"),
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)


# --------------------------------------------------------------------------------------------
# Golden rows
# --------------------------------------------------------------------------------------------


@attrs.frozen
class Run:
    """One golden simulation: ``simulate(game, players=len(agents), ...)``."""

    game: str
    agents: tuple[str, ...]
    games: int
    seed: int
    rules: str | None = None

    @property
    def key(self) -> str:
        rules = f"/{self.rules}" if self.rules else ""
        return f"{self.game}{rules}:{','.join(self.agents)}:{self.games}@{self.seed}"

    def play(self) -> list[list[Any]]:
        results = simulate(
            self.game,
            players=len(self.agents),
            agents=list(self.agents),
            games=self.games,
            seed=self.seed,
            rules=self.rules,
        )
        return [row_record(row) for row in results.rows]


def _runs() -> tuple[Run, ...]:
    runs = []
    for game in ("crazy-eights", "huit-americain", "planets"):
        ismcts_games = 2 if game == "planets" else 4
        runs += [
            Run(game, ("random",) * 3, 10, 1),
            Run(game, ("heuristic",) * 3, 10, 1),  # planets: game 9 differed on 3.11 and 3.12
            Run(game, ("heuristic", "random"), 10, 2),
            Run(game, ("ismcts:8", "heuristic"), ismcts_games, 3),
            Run(game, ("random", "heuristic", "ismcts:8"), ismcts_games, 4),
        ]
    runs.append(
        Run("huit-americain", ("heuristic", "random", "heuristic"), 6, 5, "toutes-variantes")
    )
    for game in ("crazy-eights", "huit-americain", "planets"):  # the belief sampler
        runs.append(Run(game, ("ismcts-belief:8", "random", "heuristic"), 2, 6))
    return tuple(runs)


RUNS = _runs()
"""Every game with every agent kind; ISMCTS with a small budget and few games (CI time)."""


def row_record(row: GameRow) -> list[Any]:
    """A row as stable JSON: ``[index, seed, winners, scores, moves, reason]``."""
    return [row.index, row.seed, list(row.winners), list(row.scores), row.moves, row.reason.value]


def load_golden() -> dict[str, list[list[Any]]]:
    document = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert document["format"] == FORMAT
    return {run["key"]: run["rows"] for run in document["runs"]}


def test_the_golden_file_holds_every_run() -> None:
    assert list(load_golden()) == [run.key for run in RUNS], (
        f"the runs of {GOLDEN.name} are not this file's RUNS: {REGENERATE}"
    )


def test_every_game_meets_every_agent_kind() -> None:
    covered = {(find(run.game), spec.partition(":")[0]) for run in RUNS for spec in run.agents}
    wanted = {(game.name, kind) for game in cardgames.games() for kind in AGENT_NAMES}
    assert wanted <= covered


def find(name: str) -> str:
    return cardgames.find_game(name).name


@pytest.mark.parametrize("run", RUNS, ids=lambda run: run.key)
def test_simulation_rows_are_golden(run: Run) -> None:
    golden = load_golden()[run.key]
    rows = run.play()
    if rows != golden:
        different = [
            f"  game {old[0]}: golden {old[2:]}, now {new[2:]}"
            for old, new in zip(golden, rows, strict=True)
            if old != new
        ]
        pytest.fail(
            f"{run.key}: {len(different)} of {len(rows)} rows differ from {GOLDEN.name} "
            f"([winners], [scores], moves, ending) on Python {sys.version.split()[0]}:\n"
            + "\n".join(different[:5])
            + "\nThe same seed must give the same rows on every Python. If the change is "
            "deliberate (an agent, a rule or the RNG changed), give the reason in the changelog "
            f"and regenerate the file: {REGENERATE}",
            pytrace=False,
        )


_HASHED_RUNS = [
    run for run in RUNS if run.agents[0].startswith("ismcts") or run.agents[1:] == ("random",)
]
"""The runs played under other hash seeds: every search agent, and the heuristic (few moves)."""

_PLAY_HASHED = (
    "import json, sys\n"
    "from test_hostile_determinism import RUNS\n"
    "keys = set(sys.argv[1:])\n"
    "print(json.dumps({run.key: run.play() for run in RUNS if run.key in keys}))\n"
)


@pytest.mark.parametrize("hash_seed", ["0", "12345"])
def test_simulation_rows_do_not_depend_on_the_hash_seed(hash_seed: str) -> None:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    done = subprocess.run(
        [sys.executable, "-c", _PLAY_HASHED, *(run.key for run in _HASHED_RUNS)],
        cwd=Path(__file__).resolve().parent,  # this module imports; the installed cardgames
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    golden = load_golden()
    rows = json.loads(done.stdout)
    assert sorted(rows) == sorted(run.key for run in _HASHED_RUNS)
    for key, played in rows.items():
        assert played == golden[key], f"{key} differs under PYTHONHASHSEED={hash_seed}"


# --------------------------------------------------------------------------------------------
# No float arithmetic that depends on the Python version or the platform
# --------------------------------------------------------------------------------------------

AGENT_MODULES = ("base.py", "heuristic.py", "ismcts.py", "registry.py")
MATH_ALLOWED = {"comb", "frexp", "fsum", "floor", "inf", "isqrt", "sqrt", "ulp"}
"""Exact or correctly rounded on every platform (IEEE 754 requires ``sqrt`` to be)."""
FORBIDDEN_MODULES = {"random", "statistics", "numpy", "cmath", "decimal"}


def _sources() -> list[Path]:
    return [SOURCE / "agents" / name for name in AGENT_MODULES] + [SOURCE / "simulate.py"]


@pytest.mark.parametrize("path", _sources(), ids=lambda path: path.name)
def test_no_libm_function_nor_foreign_randomness(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    problems = []
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == "math"
            and node.attr not in MATH_ALLOWED
        ):
            problems.append(f"line {node.lineno}: math.{node.attr}")
        if isinstance(node, ast.Import):
            problems += [
                f"line {node.lineno}: import {alias.name}"
                for alias in node.names
                if alias.name.split(".")[0] in FORBIDDEN_MODULES
            ]
        if isinstance(node, ast.ImportFrom) and (
            (node.module or "").split(".")[0] in FORBIDDEN_MODULES
            or (node.module == "math" and {a.name for a in node.names} - MATH_ALLOWED)
        ):
            problems.append(f"line {node.lineno}: from {node.module} import ...")
    assert not problems, f"{path.name} depends on the C library or another RNG: {problems}"


def test_the_heuristic_agents_use_no_float() -> None:
    tree = ast.parse((SOURCE / "agents" / "heuristic.py").read_text(encoding="utf-8"))
    floats = [
        node.lineno
        for node in ast.walk(tree)
        if (isinstance(node, ast.Constant) and isinstance(node.value, float))
        or (isinstance(node, (ast.BinOp, ast.AugAssign)) and isinstance(node.op, ast.Div))
        or (isinstance(node, ast.Name) and node.id == "float")
    ]
    assert not floats, f"heuristic.py rounds floats on lines {floats}: use int or Fraction"


def _naive_sum(values: Iterable[Any], start: Any = 0) -> Any:
    """``sum`` as Python 3.11 computes it: left to right, rounding at each step."""
    total = start
    for value in values:
        total = total + value
    return total


def _compensated_sum(values: Iterable[Any], start: Any = 0) -> Any:
    """``sum`` with floats summed exactly, as close as it gets to Python 3.12's."""
    items = [start, *values]
    if any(isinstance(value, float) for value in items):
        return math.fsum(items)
    return builtins.sum(items[1:], items[0])


def test_the_planet_heuristic_does_not_depend_on_how_sum_rounds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def rows() -> list[list[Any]]:
        return Run("planets", ("heuristic",) * 3, 12, 1).play()

    monkeypatch.setattr(heuristic_module, "sum", _naive_sum, raising=False)
    as_on_311 = rows()
    monkeypatch.setattr(heuristic_module, "sum", _compensated_sum, raising=False)
    assert rows() == as_on_311


def test_planet_values_are_exact() -> None:
    result = play_game(planets.GAME, [heuristic_module.PlanetsHeuristicAgent()] * 3, seed=9)
    state = planets.new_game(list(result.players), seed=9)
    kinds = set()
    for step in result.steps:
        choice = _PlanetsChoice(state.view(step.player))
        for move in state.legal_moves(step.player):
            value = choice._value(move)
            kinds.add(type(value))
            assert isinstance(value, (int, Fraction)), (move, value)
        state = state.apply(step.move)
    assert Fraction in kinds


def test_ismcts_logarithm_is_pinned_bit_for_bit() -> None:
    pinned = {
        1: "0x0.0p+0",
        2: "0x1.62e42fefa39efp-1",
        3: "0x1.193ea7aad030ap+0",
        7: "0x1.f2272ae325a56p+0",
        10: "0x1.26bb1bbb55515p+1",
        12345: "0x1.2d78e26ae18e7p+3",
        2**20 + 1: "0x1.bb9d3deb8c76bp+3",
        10**9 + 7: "0x1.4b927f34a104dp+4",
    }
    assert {n: _ln(n).hex() for n in pinned} == pinned
    for n in itertools.chain(range(1, 3000), (2**k + d for k in range(12, 40) for d in (-1, 1))):
        exact = math.log(n)
        assert abs(_ln(n) - exact) <= math.ulp(exact), n


def _brute_at_least(needed: int, trials: int, hits: int, pool: int) -> int:
    p = Fraction(hits, pool)
    chance = sum(
        (
            math.comb(trials, k) * p**k * (1 - p) ** (trials - k)
            for k in range(trials + 1)
            if k >= needed
        ),
        Fraction(0),
    )
    return int(chance * pool**trials)


@HOSTILE
@given(
    st.integers(-1, 4),
    st.integers(0, 12),
    st.integers(1, 40).flatmap(lambda pool: st.tuples(st.integers(0, pool), st.just(pool))),
)
def test_at_least_is_exact(needed: int, trials: int, chance: tuple[int, int]) -> None:
    hits, pool = chance
    assert _at_least(needed, trials, hits, pool) == _brute_at_least(needed, trials, hits, pool)


@HOSTILE
@given(
    st.lists(st.integers(0, 6), max_size=3),
    st.integers(0, 5),
    st.integers(0, 6),
)
def test_all_present_is_exact(hits: list[int], trials: int, others: int) -> None:
    pool = max(1, sum(hits) + others)
    weights = [*hits, pool - sum(hits)]  # the last kind: anything else
    expected = 0
    for draws in itertools.product(range(len(weights)), repeat=trials):
        if all(kind in draws for kind in range(len(hits))):
            expected += math.prod(weights[kind] for kind in draws)
    assert _all_present(hits, trials, pool) == expected


# --------------------------------------------------------------------------------------------
# Arguments from outside
# --------------------------------------------------------------------------------------------


class _Stop(Exception):
    pass


def _stop(done: int, total: int) -> None:
    raise _Stop


@pytest.mark.parametrize("pool", [False, True], ids=["in process", "thread pool"])
def test_a_huge_game_count_allocates_nothing_before_the_first_game(pool: bool) -> None:
    executor = concurrent.futures.ThreadPoolExecutor(2) if pool else None
    tracemalloc.start()
    try:
        with pytest.raises(_Stop):
            simulate(
                "crazy eights",
                players=2,
                agents=["random", "random"],
                games=10**8,
                seed=1,
                chunk_size=1,
                executor=executor,
                progress=_stop,
            )
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
        if executor is not None:
            executor.shutdown()
    assert peak < 4_000_000, f"{peak:,} bytes before the first game"
    with pytest.raises(_Stop):  # any count: nothing is made ahead
        simulate(
            "planets",
            players=3,
            agents=["random"] * 3,
            games=10**40,
            seed=1,
            chunk_size=3,
            progress=_stop,
        )


GOOD: dict[str, Any] = {
    "players": 2,
    "agents": ["random", "random"],
    "games": 2,
    "seed": 1,
    "chunk_size": 1,
    "progress": _stop,
}


@pytest.mark.parametrize(
    ("argument", "value", "rules_error"),
    [
        ("game", None, False),
        ("game", 42, False),
        ("game", crazy_eights, False),
        ("games", 0, True),
        ("games", 2.0, True),
        ("games", "2", True),
        ("games", True, True),
        ("seed", 1.5, True),
        ("seed", None, True),
        ("players", 10**30, True),
        ("players", range(10**15), True),
        ("players", b"ab", True),
        ("players", -2, True),
        ("agents", ["random"] * 10**6, True),
        ("agents", range(2), True),
        ("agents", [None, "random"], True),
        ("agents", ["random", "ismcts:" + "9" * 5000], True),
        ("agents", ["random", "²"], True),
        ("agents", ["random", "x" * 10**6], True),
        ("agents", b"rr", True),
        ("chunk_size", 0, True),
        ("chunk_size", -(10**30), True),
        ("rules", 42, True),
        ("rules", planets.GAME.default_rules, True),
        ("executor", object(), False),
        ("executor", "pool", False),
        ("progress", 42, False),
    ],
)
def test_simulate_refuses_bad_arguments(argument: str, value: Any, rules_error: bool) -> None:
    arguments = {"game": "crazy eights", **GOOD, argument: value}
    with pytest.raises(InvalidArgumentError) as info:
        simulate(**arguments)
    assert isinstance(info.value, InvalidRulesError) is rules_error
    assert info.value.argument in (argument, "agent")


_JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(),
    st.text(max_size=12),
    st.binary(max_size=4),
    st.lists(st.one_of(st.integers(), st.text(max_size=8)), max_size=4),
    st.sampled_from(
        [
            10**30,
            -(10**30),
            "random",
            "heuristic",
            "ismcts:0",
            "ismcts:" + "9" * 5000,
            "planets",
            "8 américain",
            "²",
            range(10**12),
            ["random"] * 3,
            ["random", "ismcts:1"],
            [RandomAgent(), RandomAgent(name="other")],
            crazy_eights.GAME.default_rules,
            planets.GAME,
            object(),
        ]
    ),
)


@HOSTILE
@given(st.sampled_from([*GOOD, "game", "rules", "executor"]), _JUNK)
def test_any_bad_argument_is_a_typed_error(argument: str, value: Any) -> None:
    arguments = {"game": "crazy eights", **GOOD, argument: value}
    try:
        results = simulate(**arguments)
    except (_Stop, CardGamesError):
        return
    assert len(results.rows) == 2


def test_make_agent_refuses_what_is_not_an_agent_name() -> None:
    for spec in ("ismcts:" + "9" * 5000, "ismcts:" + "9" * 8, "x" * 100_000, "ismcts:¹"):
        with pytest.raises(InvalidRulesError) as info:
            make_agent(spec, crazy_eights.GAME)
        assert isinstance(info.value, InvalidArgumentError)
        assert info.value.option == info.value.argument == "agent"
    with pytest.raises(InvalidArgumentError):
        make_agent(None, crazy_eights.GAME)  # type: ignore[arg-type]
    assert make_agent("heuristic", "crazy eights") == make_agent("heuristic", crazy_eights.GAME)
    for game in (42, None, b"crazy-eights", crazy_eights.Rules()):
        with pytest.raises(InvalidArgumentError):
            make_agent("heuristic", game)  # type: ignore[arg-type]
    for name in ("no such game", "x" * 100_000):
        with pytest.raises(UnknownGameError):
            make_agent("heuristic", name)


@pytest.mark.parametrize(
    "changes",
    [
        {"game": None},
        {"agents": "rr"},
        {"agents": [RandomAgent(), object()]},
        {"agents": [RandomAgent()] * 10**6},
        {"seed": "1"},
        {"seed": 1.0},
        {"max_steps": 0},
        {"max_steps": True},
    ],
)
def test_play_game_refuses_bad_arguments(changes: dict[str, Any]) -> None:
    arguments: dict[str, Any] = {
        "game": crazy_eights.GAME,
        "agents": [RandomAgent(), RandomAgent()],
        "seed": 1,
        **changes,
    }
    with pytest.raises(InvalidArgumentError):
        play_game(**arguments)


@attrs.frozen
class Forger:
    """Answers a look-alike of its first legal move: a subclass whose ``__eq__`` says yes."""

    name: str = "forger"

    def act(self, view: View, legal: Sequence[Move], rng: Rng) -> tuple[Move | None, Rng]:
        first = legal[0]

        class LookAlike(type(first)):  # type: ignore[misc]
            def __eq__(self, other: object) -> bool:
                return True

            __hash__ = type(first).__hash__

        return LookAlike(*attrs.astuple(first, recurse=False)), rng


@attrs.frozen
class Copier:
    """Answers an equal copy of a random legal move (not the engine's own object)."""

    name: str = "copier"

    def act(self, view: View, legal: Sequence[Move], rng: Rng) -> tuple[Move | None, Rng]:
        move, rng = rng.choice(legal)
        return attrs.evolve(move), rng


@pytest.mark.parametrize("game", [crazy_eights.GAME, planets.GAME], ids=lambda g: g.name)
def test_a_forged_move_from_an_agent_never_gets_in(game: Any) -> None:
    with pytest.raises(AgentError):
        play_game(game, [Forger()] * game.min_players, seed=3)


@pytest.mark.parametrize("game", [crazy_eights.GAME, planets.GAME], ids=lambda g: g.name)
def test_the_game_continues_with_the_engines_own_moves(game: Any) -> None:
    result = play_game(game, [Copier()] * game.min_players, seed=3, max_steps=50_000)
    state = game.new_game(list(result.players), seed=3)
    for step in result.steps[:40]:
        assert any(step.move is own for own in state.legal_moves(step.player))
        state = state.apply(step.move)


# --------------------------------------------------------------------------------------------
# Regeneration
# --------------------------------------------------------------------------------------------


def regenerate() -> None:
    """Write the golden file from the rows computed now."""
    lines = [
        "{",
        f'  "format": "{FORMAT}",',
        '  "comment": '
        + json.dumps(
            "Rows [index, seed, winners, scores, moves, ending] of seeded simulations, "
            "checked by tests/test_hostile_determinism.py on every supported Python. "
            "Regenerate only for a deliberate change, with its reason in the changelog: "
            + REGENERATE,
            ensure_ascii=False,
        )
        + ",",
        '  "runs": [',
    ]
    for i, run in enumerate(RUNS):
        rows = run.play()
        lines.append(f'    {{"key": {json.dumps(run.key)}, "rows": [')
        lines += [
            f"      {json.dumps(row)}" + ("," if j < len(rows) - 1 else "")
            for j, row in enumerate(rows)
        ]
        lines.append("    ]}" + ("," if i < len(RUNS) - 1 else ""))
        print(f"{run.key}: {len(rows)} rows")
    lines += ["  ]", "}"]
    GOLDEN.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {GOLDEN}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--regenerate", action="store_true", help=f"rewrite {GOLDEN.name} from today's rows"
    )
    args = parser.parse_args(argv)
    if not args.regenerate:
        parser.error("nothing to do: pass --regenerate (the checks run under pytest)")
    regenerate()
    return 0


if __name__ == "__main__":
    sys.exit(main())
