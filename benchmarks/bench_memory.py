"""Memory: bytes per state (deep size) of every game, and the resident memory of an ISMCTS decision.

**States.** For every registered game, at 2 and 4 players, in a seeded game of uniformly random
legal moves (the soak test's loop), at the start (the dealt state) and in the middle (after half
the moves of that game), it prints:

- ``fresh``: the deep size of the state as `new_game` or `apply` returns it;
- ``queried``: the same state after ``legal_moves()`` and ``to_act`` were read, as a play loop
  leaves it (states cache their legal moves, and the shedding engine its move lists, on first
  use);
- ``+move``: what that state adds to the state before it, in bytes: the objects reachable from
  it but not from the previous state. States share every tuple that did not change, so this is
  what keeping one more state of a history costs;
- ``history``: the deep size of every state of the whole game together, divided by its number
  of moves (the mean cost of a move in a kept history), next to ``no sharing``: the same sum
  with each state counted alone, and, as a check of the deep size by another method, the
  bytes per move that tracemalloc sees kept by a replay of the same game (its states, queried,
  kept in a list; the memos are full by then).

*Deep size* is the sum of ``sys.getsizeof`` over every object reachable from the state through
``gc.get_referents``, each object counted once, except the objects that do not belong to any
one state and that the state only points to (they are listed in the output, by type):

- everything reachable from the namespace of a loaded ``cardgames`` module: classes, enum
  members (`Suit`, `Phase`, `PlanetCard`, `Role`...), the 53 interned `Card` objects, and the
  per-(rules, number of players) tables with their interned moves and memoized move lists
  (``_TABLE_CACHE``), and the presets;
- the state's rules object and its tables, even when they are not a preset's;
- CPython's own singletons: ``None``, ``True``, ``False``, the ints -5 to 256, the empty
  tuple, string and frozenset, and the one-character strings;
- modules and classes, wherever they are found (the walk never enters them).

On CPython 3.11 to 3.13 ``sys.getsizeof`` leaves out the attribute values that an instance
keeps inline, outside any dict (the pure-Python `SheddingState`); the script adds them,
measured with tracemalloc on bare instances of the class, and prints how much that is. On
3.13 an instance keeps its values inline even once its ``__dict__`` exists (`PlanetsState`),
and that dict object is not among its referents: the deep size misses it (about 70 B a
planet-game state), which the tracemalloc check shows. On 3.10 to 3.12 the deep size agrees
with tracemalloc within 1 %.

Everything else counts: the state object itself (with its instance dict, or, compiled, its C
struct, whose int fields are stored unboxed), its tuples of hands, stock and discard, its RNG,
its event records and its per-state caches. The walk uses ``gc.get_referents``, which sees the
fields of the mypyc-compiled `SheddingState` too; the script checks that every field listed in
the class's ``__mypyc_attrs__`` (compiled) or annotations (pure Python) holding an object is
among the referents, and falls back to reading those fields if one is missing (it says so).

**ISMCTS.** In a fresh subprocess per figure, the resident memory of one decision of
``make_agent("ismcts:1000", game)`` (1,000 iterations) for the first player of a seeded
2-player and 4-player Crazy Eights and planet game who has a choice: the RSS high-water mark
(``ru_maxrss``) just before the decision and after it, and the difference. On Linux,
``ru_maxrss`` of a new process starts from the RSS of the process that started it (it survives
``execve``), and memory freed during the set-up is reused, so that difference may be 0 for a
small search; the figure to read is the other one: the peak RSS during the decision (VmHWM of
``/proc/self/status``, reset to the current RSS just before with ``/proc/self/clear_refs``)
over the RSS just before (VmRSS). Then, in another fresh subprocess, the peak of
``tracemalloc`` during the same decision (Python allocations only, and slower: tracemalloc is
not running during the RSS run). The decision's memory includes the
search tree and the per-rules memos it fills (a later decision reuses those).

Usage::

    python benchmarks/bench_memory.py [--part all|states|decision] [--game NAME ...]
        [--players 2 4] [--seed 1] [--iterations 1000] [--quick] [--json results.json]

``--quick`` measures 2 players only, and decisions of 200 iterations unless ``--iterations`` is
given (a CI smoke run of about 15 s). Run it from outside the source tree to
measure an installed wheel (the compiled engine); the first line says which ``cardgames`` was
imported and whether its engine is compiled.

Not part of the test run: memory is checked here, never in unit tests.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import random
import re
import resource
import shlex
import subprocess
import sys
import time
import tracemalloc
import types
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

import cardgames
from cardgames import find_game, games
from cardgames.agents import agent_rng, make_agent

MIB = 1024 * 1024
_SCRIPT = "benchmarks/bench_memory.py"
_DECISION_GAMES = ("crazy-eights", "planets")


def engine_build() -> str:
    """``"compiled"`` if the shedding engine is the mypyc extension, else ``"pure Python"``."""
    from importlib.machinery import EXTENSION_SUFFIXES

    import cardgames.shedding.engine

    compiled = cardgames.shedding.engine.__file__.endswith(tuple(EXTENSION_SUFFIXES))
    return "compiled" if compiled else "pure Python"


def command(*args: str) -> str:
    """The shell command that reproduces a figure."""
    return shlex.join(["python", _SCRIPT, *args])


# ---------------------------------------------------------------------------------------------
# Deep size


def _is_singleton(obj: object) -> bool:
    """CPython's shared singletons, which no state owns."""
    if obj is None or obj is True or obj is False:
        return True
    kind = type(obj)
    if kind is int:
        return -5 <= obj <= 256  # type: ignore[operator]
    if kind in (tuple, str, frozenset, bytes):
        return len(obj) == 0 or (kind is str and len(obj) == 1)  # type: ignore[arg-type]
    return False


def _walk(
    roots: Iterable[object], stop: set[int], *, enter_types: bool = False
) -> dict[int, object]:
    """Every object reachable from ``roots``, by id, without entering ``stop`` or modules.

    Classes are entered only with ``enter_types`` (to find class attributes such as enum
    members, which are shared); a state's walk never counts a class.
    """
    seen: dict[int, object] = {}
    stack = list(roots)
    while stack:
        obj = stack.pop()
        key = id(obj)
        if key in seen or key in stop:
            continue
        if isinstance(obj, types.ModuleType) or _is_singleton(obj):
            continue
        if isinstance(obj, type) and not enter_types:
            continue
        seen[key] = obj
        stack.extend(gc.get_referents(obj))
    return seen


class Sizer:
    """Deep sizes of the states of one game, net of what all its states share."""

    def __init__(self, state: Any) -> None:
        modules = [
            module.__dict__
            for name, module in sorted(sys.modules.items())
            if (name == "cardgames" or name.startswith("cardgames.")) and module is not None
        ]
        extra = [state.rules, state.game] + [
            getattr(state, name) for name in ("_tables", "_t") if hasattr(state, name)
        ]
        self.shared = set(_walk([*modules, *extra], set(), enter_types=True))
        if id(state) in self.shared:
            raise RuntimeError("a state is reachable from a module: the shared set is wrong")
        self.fallback: list[str] = []

    def owned(self, roots: Iterable[object]) -> dict[int, object]:
        """The objects reachable from ``roots`` that count (not shared)."""
        roots = list(roots)
        found = _walk(roots, self.shared)
        for root in roots:
            missing = [name for name, value in _fields(root) if id(value) not in found]
            missing = [name for name in missing if not _is_singleton(getattr(root, name, None))]
            missing = [name for name in missing if id(getattr(root, name)) not in self.shared]
            if missing:  # gc.get_referents did not see these fields: read them instead
                self.fallback.extend(f"{type(root).__name__}.{name}" for name in missing)
                found.update(_walk([getattr(root, name) for name in missing], self.shared))
        return found

    def frontier(self, roots: Iterable[object]) -> Counter[str]:
        """The shared objects that the states point to (not counted), by type."""
        owned = self.owned(roots)
        counts: Counter[str] = Counter()
        seen: set[int] = set()
        for obj in owned.values():
            for ref in gc.get_referents(obj):
                if id(ref) in self.shared and id(ref) not in seen:
                    seen.add(id(ref))
                    if not isinstance(ref, type):
                        counts[type(ref).__name__] += 1
        return counts


def _fields(state: object) -> list[tuple[str, object]]:
    """The fields of a state that hold an object, as its class lists them.

    ``__mypyc_attrs__`` for a compiled class (its int and bool fields are unboxed: skipped),
    else the annotations of the class and its bases, less class attributes. Never
    ``state.__dict__``: on CPython 3.11 reading it would build the dict, and change the size.
    """
    kind = type(state)
    names: Sequence[str] = getattr(kind, "__mypyc_attrs__", ())
    native = bool(names)
    if not native:
        names = [name for klass in kind.__mro__ for name in getattr(klass, "__annotations__", {})]
    out = []
    for name in dict.fromkeys(names):
        if name == "__dict__":
            continue
        if not native and any(name in vars(klass) for klass in kind.__mro__):
            continue  # a class attribute (the fields of a compiled class are descriptors)
        if not hasattr(state, name):
            continue
        value = getattr(state, name)
        if native and type(value) in (int, bool, float):
            continue
        out.append((name, value))
    return out


_MANAGED_DICT = 1 << 4  # Py_TPFLAGS_MANAGED_DICT (CPython 3.11+)
_INLINE_VALUES: dict[type, int] = {}


def _inline_values(kind: type) -> int:
    """Bytes of a bare instance of ``kind`` that ``sys.getsizeof`` does not report.

    On CPython 3.11 an instance's attributes live in a values array outside the object until
    its ``__dict__`` is read; ``sys.getsizeof`` leaves it out. Measured with tracemalloc over
    1,000 bare instances (0 where getsizeof already counts it).
    """
    extra = _INLINE_VALUES.get(kind)
    if extra is None:
        was_tracing = tracemalloc.is_tracing()
        if not was_tracing:
            tracemalloc.start()
        before = tracemalloc.get_traced_memory()[0]
        try:
            bare: list[object] = [object.__new__(kind) for _ in range(1000)]
        except TypeError:  # not a plain class: no inline values to add
            _INLINE_VALUES[kind] = 0
            return 0
        allocated = (tracemalloc.get_traced_memory()[0] - before) / len(bare)
        if not was_tracing:
            tracemalloc.stop()
        pointer = 8  # the list's slot for each instance
        extra = max(0, round(allocated - pointer - sys.getsizeof(bare[0])))
        _INLINE_VALUES[kind] = extra
    return extra


def sizeof(obj: object) -> int:
    """``sys.getsizeof``, plus the inline attribute values of an instance without a dict."""
    kind = type(obj)
    if not kind.__flags__ & _MANAGED_DICT:
        return sys.getsizeof(obj)
    refs = gc.get_referents(obj)
    if len(refs) == 2 and type(refs[0]) is dict and refs[1] is kind:
        return sys.getsizeof(obj)  # the attributes are in a dict, counted on its own
    return sys.getsizeof(obj) + _inline_values(kind)


def size(objects: dict[int, object]) -> int:
    return sum(sizeof(obj) for obj in objects.values())


def _query(state: Any) -> Any:
    state.legal_moves()
    _ = state.to_act
    return state


def random_game(game: Any, players: int, seed: int) -> tuple[list[Any], list[Any]]:
    """A seeded game of uniformly random legal moves: (every state, queried; the moves)."""
    chooser = random.Random(seed)
    state = game.new_game(players, seed=seed)
    states, moves = [state], []
    while not state.is_over:
        legal = state.legal_moves()
        move = legal[chooser.randrange(len(legal))]
        moves.append(move)
        state = state.apply(move)
        states.append(state)
    _query(state)
    return states, moves


def traced_history(game: Any, players: int, seed: int, moves: Sequence[Any]) -> float:
    """Bytes per move that tracemalloc sees kept by the replayed, queried history of a game.

    A check of the deep size by another method: the game was played once already, so the
    per-rules memos it fills are full; what the replay allocates and keeps is its states.
    """
    kept: list[Any] = [None] * (len(moves) + 1)  # allocated before tracing starts
    gc.collect()
    was_tracing = tracemalloc.is_tracing()
    if not was_tracing:
        tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    state = game.new_game(players, seed=seed)
    for index, move in enumerate(moves):
        kept[index] = _query(state)
        state = state.apply(move)
    kept[-1] = _query(state)
    del state
    gc.collect()
    traced = tracemalloc.get_traced_memory()[0] - before
    if not was_tracing:
        tracemalloc.stop()
    return traced / len(moves)


def measure_states(game: Any, players: int, seed: int) -> dict[str, Any]:
    states, moves = random_game(game, players, seed)
    sizer = Sizer(states[0])
    middle = len(moves) // 2
    fresh_start = game.new_game(players, seed=seed)
    fresh = {"start": size(sizer.owned([fresh_start]))}  # before apply fills its caches
    fresh_middle = fresh_start
    for move in moves[:middle]:
        fresh_middle = fresh_middle.apply(move)
    fresh["middle"] = size(sizer.owned([fresh_middle]))
    positions = {}
    for name, index in (("start", 0), ("middle", middle)):
        fresh_bytes = fresh[name]
        queried = sizer.owned([states[index]])
        row: dict[str, Any] = {
            "moves_played": index,
            "fresh_bytes": fresh_bytes,
            "queried_bytes": size(queried),
        }
        if index > 0:
            before = sizer.owned([states[index - 1]])
            row["move_bytes"] = size({k: v for k, v in queried.items() if k not in before})
        positions[name] = row
    history = size(sizer.owned(states))
    unshared = sum(size(sizer.owned([state])) for state in states)
    shared_types = sizer.frontier(states)
    traced = traced_history(game, players, seed, moves)
    return {
        "game": game.name,
        "players": players,
        "seed": seed,
        "moves": len(moves),
        "positions": positions,
        "history_bytes": history,
        "history_bytes_per_move": round(history / len(moves), 1),
        "unshared_bytes_per_move": round(unshared / len(moves), 1),
        "tracemalloc_history_bytes_per_move": round(traced, 1),
        "shared_not_counted": dict(sorted(shared_types.items())),
        "fallback_fields": sorted(set(sizer.fallback)),
    }


# ---------------------------------------------------------------------------------------------
# ISMCTS decision, in a fresh process


def _maxrss_bytes() -> int:
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak if sys.platform == "darwin" else peak * 1024  # Linux reports KiB


def _proc_status() -> dict[str, int]:
    """VmRSS and VmHWM (the high-water mark of this process image) in bytes, on Linux."""
    try:
        with open("/proc/self/status", encoding="ascii") as handle:
            text = handle.read()
    except OSError:
        return {}
    found = re.findall(r"^(VmRSS|VmHWM):\s+(\d+) kB", text, re.MULTILINE)
    return {key: int(value) * 1024 for key, value in found}


def _reset_high_water_mark() -> bool:
    """Reset VmHWM to the current RSS (Linux 4.0+: ``5`` to /proc/self/clear_refs)."""
    try:
        with open("/proc/self/clear_refs", "w", encoding="ascii") as handle:
            handle.write("5")
    except OSError:
        return False
    return True


def decision_child(game_name: str, players: int, iterations: int, seed: int, mode: str) -> None:
    """Run in the fresh subprocess: one decision; print its figures as JSON."""
    game = find_game(game_name)
    agent = make_agent(f"ismcts:{iterations}", game)
    state = game.new_game(players, seed=seed)
    chooser = random.Random(seed)
    while len(state.legal_moves(state.to_act[0])) < 2:  # a forced move is not searched
        legal = state.legal_moves()
        state = state.apply(legal[chooser.randrange(len(legal))])
    seat = state.to_act[0]
    view, legal, rng = state.view(seat), state.legal_moves(seat), agent_rng(seed, seat)
    gc.collect()
    out: dict[str, Any] = {"moves_played": state.moves_played, "legal_moves": len(legal)}
    if mode == "rss":
        out["maxrss_before"] = _maxrss_bytes()
        out["rss_before"] = _proc_status().get("VmRSS")
        out["hwm_reset"] = _reset_high_water_mark()
        start = time.perf_counter()
        agent.act(view, legal, rng)
        out["seconds"] = round(time.perf_counter() - start, 3)
        out["maxrss_after"] = _maxrss_bytes()
        out["hwm_after"] = _proc_status().get("VmHWM") if out["hwm_reset"] else None
    else:
        tracemalloc.start()
        base, _ = tracemalloc.get_traced_memory()
        tracemalloc.reset_peak()
        agent.act(view, legal, rng)
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        out["tracemalloc_peak"] = peak - base
    print(json.dumps(out))


def measure_decision(game_name: str, players: int, iterations: int, seed: int) -> dict[str, Any]:
    result: dict[str, Any] = {"game": game_name, "players": players, "iterations": iterations}
    for mode in ("rss", "tracemalloc"):
        argv = [
            sys.executable,
            os.path.abspath(__file__),
            "--_child",
            game_name,
            str(players),
            str(iterations),
            str(seed),
            mode,
        ]
        done = subprocess.run(argv, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise RuntimeError(f"{shlex.join(argv)} failed:\n{done.stderr}")
        result.update(json.loads(done.stdout.strip().splitlines()[-1]))
    return result


# ---------------------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "--_child":
        name, seats, iterations, seed, mode = argv[1:6]
        decision_child(name, int(seats), int(iterations), int(seed), mode)
        return 0
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--part", choices=("all", "states", "decision"), default="all")
    parser.add_argument("--game", nargs="+", default=None, help="default: every game")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--iterations", type=int, default=None, help="default: 1000")
    parser.add_argument(
        "--quick", action="store_true", help="2 players, and 200 iterations unless --iterations"
    )
    parser.add_argument("--json", default=None, help="write the figures to this file")
    args = parser.parse_args(argv)
    players: list[int] = [2] if args.quick else args.players
    if args.iterations is None:
        args.iterations = 200 if args.quick else 1000

    load = os.getloadavg() if hasattr(os, "getloadavg") else None
    report: dict[str, Any] = {
        "python": sys.version.split()[0],
        "machine": platform.machine(),
        "cpus": os.cpu_count(),
        "load_average_at_start": load,
        "cardgames": cardgames.__file__,
        "engine": engine_build(),
        "seed": args.seed,
        "states": [],
        "decisions": [],
    }
    print(
        f"cardgames from {cardgames.__file__} ({engine_build()} shedding engine); "
        f"Python {report['python']}, {os.cpu_count()} CPUs, "
        f"load average {load[0] if load else '?'}"
    )
    # The decisions first: a child's ru_maxrss starts from this process's RSS (Linux), which
    # the walks of the states part would raise.
    if args.part in ("all", "decision"):
        names = list(args.game or _DECISION_GAMES)
        print(
            f"\nResident memory of one ISMCTS decision ({args.iterations} iterations), "
            "each in a fresh process"
        )
        for name in names:
            game = find_game(name)
            for n in players:
                if not game.min_players <= n <= game.max_players:
                    continue
                row = measure_decision(game.name, n, args.iterations, args.seed)
                report["decisions"].append(row)
                again = command(
                    "--part", "decision", "--game", game.name, "--players", str(n),
                    "--iterations", str(args.iterations),
                )  # fmt: skip
                grown = (row["maxrss_after"] - row["maxrss_before"]) / MIB
                peak = ""
                if row["hwm_after"] is not None and row["rss_before"] is not None:
                    over = (row["hwm_after"] - row["rss_before"]) / MIB
                    row["peak_over_rss_before_mib"] = round(over, 2)
                    peak = (
                        f"peak RSS {row['hwm_after'] / MIB:.1f} MiB, {over:+.1f} MiB over the "
                        f"RSS just before ({row['rss_before'] / MIB:.1f} MiB); "
                    )
                row["maxrss_growth_mib"] = round(grown, 2)
                print(
                    f"  {game.name}, {n} players, move {row['moves_played']} "
                    f"({row['legal_moves']} legal moves), {row['seconds']:.2f} s:\n"
                    f"    {peak}ru_maxrss {row['maxrss_before'] / MIB:.1f} -> "
                    f"{row['maxrss_after'] / MIB:.1f} MiB ({grown:+.1f} MiB); "
                    f"tracemalloc peak {row['tracemalloc_peak'] / MIB:.2f} MiB"
                )
                print(f"    command: {again}")
    if args.part in ("all", "states"):
        names = args.game or [game.name for game in games()]
        print(
            "\nBytes per state (deep size, shared objects excluded; see the docstring): "
            "fresh / queried state, +move = new objects vs. the state before"
        )
        for name in names:
            game = find_game(name)
            for n in players:
                if not game.min_players <= n <= game.max_players:
                    continue
                row = measure_states(game, n, args.seed)
                report["states"].append(row)
                again = command("--part", "states", "--game", game.name, "--players", str(n))
                print(f"  {game.name}, {n} players, seed {args.seed}, {row['moves']} moves")
                for position, figures in row["positions"].items():
                    extra = (
                        f"  +move {figures['move_bytes']:6,} B" if "move_bytes" in figures else ""
                    )
                    print(
                        f"    {position:6} (move {figures['moves_played']:3}): "
                        f"fresh {figures['fresh_bytes']:7,} B  "
                        f"queried {figures['queried_bytes']:7,} B{extra}"
                    )
                print(
                    f"    history: {row['history_bytes_per_move']:,.0f} B per move "
                    f"(no sharing: {row['unshared_bytes_per_move']:,.0f} B); check: "
                    f"tracemalloc sees {row['tracemalloc_history_bytes_per_move']:,.0f} B "
                    "per move kept by a replay"
                )
                shared = ", ".join(f"{k} x{v}" for k, v in row["shared_not_counted"].items())
                print(f"    shared, not counted: {shared}")
                if row["fallback_fields"]:
                    print(
                        "    gc.get_referents missed these fields; read them instead: "
                        + ", ".join(row["fallback_fields"])
                    )
                print(f"    command: {again}")
        print(
            "  traversal: gc.get_referents, checked against each state's fields "
            "(__mypyc_attrs__ when compiled, the class annotations otherwise)"
        )
        for klass, added in sorted(_INLINE_VALUES.items(), key=lambda item: item[0].__name__):
            if added:
                print(
                    f"  {klass.__name__}: {added} B per state of inline attribute values, which "
                    "sys.getsizeof leaves out, added"
                )
        report["inline_values_added"] = {t.__name__: b for t, b in _INLINE_VALUES.items()}
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump(report, handle, indent=2)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
