"""Smoke test of an installed cardgames: compiled as it should be, and playing the same games.

cibuildwheel runs it against every wheel it builds (``test-command`` in pyproject.toml, which
copies this file, ``pyproject.toml`` and ``tests/data/golden`` into the test folder); it runs as
well against any installation::

    python tests/wheel_smoke.py                 # a wheel: the compiled modules must be there
    python tests/wheel_smoke.py --expect pure   # a pure-Python installation (editable, say)

It checks, in a few seconds and with nothing but the standard library and cardgames:

1. ``cardgames`` imports, and the modules listed under ``compile`` in the build hook's table of
   ``pyproject.toml`` are C extensions (their ``__file__`` ends with one of
   `importlib.machinery.EXTENSION_SUFFIXES`), exactly the ones `cardgames.compiled_modules`
   names; with ``--expect pure`` none is.
2. Every registered game plays to its end with random agents, and a second run from the same
   seed plays the same moves to an equal state; the record of the game replays to that state and
   the final state survives its JSON document.
3. Where ``tests/data/golden/GAME.json`` is present, the first golden game of each preset is
   dealt, played by random agents and replayed to the very states stored there (SHA-256 of the
   dealt and the final state): the shuffle and the engine give, on this platform and compiled,
   the games that pure Python gives everywhere.
4. Weak references to states die with their states (their callbacks run) and the garbage
   collector runs through them: mypyc's code for the ``__weakref__`` slot of a compiled class
   with a Python base crashed the interpreter on Python < 3.12 (the build hook corrects it:
   ``fix_weakref_lists`` in ``hatch_build.py``); a crash fails this script.

The exit status is 0 when every check passed; a failed check stops with a message and status 1.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
import re
import sys
import time
from importlib import import_module
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
DEFAULT_PYPROJECT = HERE.parent / "pyproject.toml"
DEFAULT_GOLDEN = HERE / "data" / "golden"
SEEDS = (1, 2, 3)
"""The seeds of the games played in step 2, for each game and each of its fewest and most seats."""


class SmokeError(Exception):
    """A failed check."""


def check(condition: bool, message: str) -> None:
    """Raise `SmokeError` with ``message`` unless ``condition`` holds."""
    if not condition:
        raise SmokeError(message)


def compile_list(pyproject: Path) -> list[str]:
    """The ``compile`` list of the build hook's table in ``pyproject``: source paths.

    Read with `tomllib` where the standard library has it (Python 3.11+), otherwise with
    `compile_list_fallback`.
    """
    text = pyproject.read_text(encoding="utf-8")
    try:
        tomllib: Any = import_module("tomllib")  # imported by name: mypy checks for 3.10
    except ModuleNotFoundError:  # pragma: no cover - Python 3.10
        return compile_list_fallback(text)
    table = tomllib.loads(text)["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["custom"]
    paths = table.get("compile", [])
    check(
        isinstance(paths, list) and all(isinstance(p, str) for p in paths),
        f"{pyproject}: compile must be a list of paths",
    )
    return list(paths)


_HOOK_TABLE = re.compile(r"^\[tool\.hatch\.build\.targets\.wheel\.hooks\.custom\]\s*$", re.M)
_COMPILE = re.compile(r"^compile\s*=\s*(\[.*?\])", re.M | re.S)


def compile_list_fallback(text: str) -> list[str]:
    """`compile_list` without `tomllib`: the ``compile = [...]`` array of the hook's table.

    Enough for the plain array of strings this project writes (comments inside it are allowed);
    the tests compare it with `tomllib` on the real file.
    """
    table = _HOOK_TABLE.search(text)
    check(table is not None, "pyproject.toml has no [tool.hatch.build.targets.wheel.hooks.custom]")
    assert table is not None
    following = re.search(r"^\[", text[table.end() :], re.M)
    body = text[table.end() : table.end() + following.start() if following else len(text)]
    match = _COMPILE.search(body)
    if match is None:
        return []
    array = re.sub(r"#[^\n]*", "", match.group(1))  # the paths hold no '#'
    paths = ast.literal_eval(array)
    check(
        isinstance(paths, list) and all(isinstance(p, str) for p in paths),
        "pyproject.toml: compile must be a list of paths",
    )
    return list(paths)


def module_name(path: str) -> str:
    """``src/cardgames/shedding/engine.py`` -> ``cardgames.shedding.engine``."""
    parts = Path(path).with_suffix("").parts
    check(parts[:2] == ("src", "cardgames"), f"not a module of src/cardgames: {path}")
    return ".".join(parts[1:])


def check_compiled(modules: list[str], expect_compiled: bool) -> None:
    """Step 1: the listed modules are extensions (or, for a pure installation, none is)."""
    import cardgames

    print(f"cardgames {cardgames.__version__} from {Path(cardgames.__file__).parent}")
    check(bool(modules), "the build hook's compile list is empty")
    for name in modules:
        origin = str(import_module(name).__file__)
        compiled = origin.endswith(tuple(EXTENSION_SUFFIXES))
        print(f"  {name}: {'compiled' if compiled else 'pure Python'} ({Path(origin).name})")
        if expect_compiled:
            check(compiled, f"{name} is not compiled: {origin}")
        else:
            check(not compiled, f"{name} is compiled, but a pure installation was expected")
    reported = cardgames.compiled_modules()
    wanted = tuple(sorted(modules)) if expect_compiled else ()
    check(reported == wanted, f"cardgames.compiled_modules() is {reported}, expected {wanted}")


def play(game: Any, players: int, seed: int, rules: Any = None) -> Any:
    """A game of random agents (`cardgames.agents.GameResult`)."""
    from cardgames.agents import RandomAgent, play_game

    return play_game(game, [RandomAgent()] * players, seed=seed, rules=rules)


def check_games() -> int:
    """Step 2: each game ends, plays again identically, replays and survives JSON."""
    import cardgames
    from cardgames.records import record_game, replay

    played = 0
    for game in cardgames.games():
        before = played
        for players in sorted({game.min_players, min(game.max_players, 4)}):
            for seed in SEEDS:
                where = f"{game.name}, {players} players, seed {seed}"
                first = play(game, players, seed)
                check(first.state.is_over, f"{where}: the game did not end")
                check(first.outcome is not None, f"{where}: no outcome")
                second = play(game, players, seed)
                check(first.steps == second.steps, f"{where}: a second run played other moves")
                check(first.state == second.state, f"{where}: a second run ended elsewhere")
                check(replay(record_game(first)) == first.state, f"{where}: the replay differs")
                again = game.state_from_json(first.state.to_json())
                check(again == first.state, f"{where}: the final state's JSON does not load back")
                played += 1
        print(f"  {game.name}: {played - before} games end, repeat, replay and load back")
    return played


def sha256(state: Any) -> str:
    """The SHA-256 of a state's JSON document, as the golden files store it."""
    return hashlib.sha256(state.to_json().encode("utf-8")).hexdigest()


def check_golden(folder: Path) -> int:
    """Step 3: the first golden game of each preset, dealt, played and replayed here."""
    import cardgames
    from cardgames.records import GameRecord, record_game, replay_states

    checked = 0
    for game in cardgames.games():
        path = folder / f"{game.name}.json"
        if not path.is_file():
            print(f"  {game.name}: no golden file ({path}), skipped")
            continue
        seen: set[str] = set()
        for golden in json.loads(path.read_text(encoding="utf-8"))["games"]:
            if golden["preset"] in seen:
                continue
            seen.add(golden["preset"])
            where = f"{game.name} golden game, preset {golden['preset']}, seed {golden['seed']}"
            record = GameRecord.from_json(json.dumps(golden["record"], ensure_ascii=False))
            states = list(replay_states(record))  # checks each move and the recorded outcome
            check(sha256(states[0]) == golden["deal_sha256"], f"{where}: another deal")
            check(sha256(states[-1]) == golden["final_sha256"], f"{where}: another final state")
            rules = game.preset(golden["preset"])
            result = play(game, golden["players"], golden["seed"], rules)
            check(record_game(result) == record, f"{where}: random agents played other moves")
            checked += 1
        print(f"  {game.name}: the golden games of {len(seen)} presets match")
    return checked


def check_weak_references(count: int = 1000) -> int:
    """Step 4: ``count`` weak references to states of each game, kept after the states die."""
    import gc
    import weakref

    import cardgames

    made = 0
    for game in cardgames.games():
        refs: list[weakref.ref[Any]] = []
        called: list[object] = []
        for seed in range(count):
            state = game.new_game(game.min_players, seed=seed)
            state = state.apply(state.legal_moves()[0])
            refs.append(weakref.ref(state, called.append))
            del state
            gc.collect(0)
        gc.collect()
        alive = sum(ref() is not None for ref in refs)
        check(not alive, f"{game.name}: {alive} weak references outlived their states")
        check(len(called) == count, f"{game.name}: {count - len(called)} callbacks did not run")
        made += count
        print(f"  {game.name}: {count} weak references die with their states")
    return made


def main(argv: list[str] | None = None) -> int:
    """Run the checks; print what was checked, or the first failure."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--expect",
        choices=("compiled", "pure"),
        default="compiled",
        help="what the installation must be (default: compiled, as a binary wheel)",
    )
    parser.add_argument("--pyproject", type=Path, default=DEFAULT_PYPROJECT)
    parser.add_argument("--golden", type=Path, default=DEFAULT_GOLDEN)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    try:
        modules = [module_name(path) for path in compile_list(args.pyproject)]
        print("1. compiled modules")
        check_compiled(modules, args.expect == "compiled")
        print("2. seeded games of random agents")
        played = check_games()
        print("3. golden games")
        golden = check_golden(args.golden)
        print("4. weak references")
        weak = check_weak_references()
    except SmokeError as exc:
        print(f"wheel smoke test FAILED: {exc}", file=sys.stderr)
        return 1
    elapsed = time.perf_counter() - start
    print(
        f"wheel smoke test passed: {len(modules)} modules {args.expect}, {played} games, "
        f"{golden} golden games, {weak} weak references ({elapsed:.1f} s, "
        f"{sys.implementation.cache_tag})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
