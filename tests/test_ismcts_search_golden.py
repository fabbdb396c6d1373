"""ISMCTS searches find exactly the recorded statistics: a faster search must search alike.

The file ``tests/data/ismcts_search_golden.json`` holds, for decisions of every shedding
variant the agent meets (in turn, out of turn, after a swap) and of the planet game, the visits
and the mean reward (as a hexadecimal float) of every root move after a seeded search. It was
recorded before the search loop was compiled; the compiled wheel and the pure-Python package
must both reproduce it bit for bit.

To record it again after a deliberate change of the search (say why in the changelog)::

    python tests/test_ismcts_search_golden.py --regenerate
"""

from __future__ import annotations

import ast
import json
import sys
from pathlib import Path
from typing import Any

from cardgames import find_game
from cardgames.agents.ismcts import ISMCTSAgent
from cardgames.rng import Rng

DATA = Path(__file__).parent / "data" / "ismcts_search_golden.json"
SOURCE = Path(__file__).resolve().parents[1] / "src" / "cardgames"

# (game, preset, players, decisions): decisions found by seeded random play from seed 0 on.
CASES = [
    ("crazy-eights", "marquoir", 2, 4),
    ("crazy-eights", "sevens-draw", 4, 3),
    ("8-americain", "standard", 2, 3),
    ("8-americain", "a-la-volee", 3, 3),
    ("8-americain", "autres-propositions", 3, 3),
    ("planets", "standard", 2, 2),
]
ITERATIONS = 40


def decisions(game_name: str, preset: str, players: int, count: int) -> list[tuple[Any, ...]]:
    """``count`` decisions: (label, view, legal moves), out of turn where a seat may be."""
    game = find_game(game_name)
    rules = game.preset(preset)
    found: list[tuple[Any, ...]] = []
    seed = 0
    while len(found) < count:
        state = game.new_game(players, seed=seed, rules=rules)
        rng = Rng.from_seed(seed)
        step = 0
        while not state.is_over and len(found) < count:
            to_act = state.to_act
            # Every fifth position, or any position where a seat may act out of turn.
            seat = to_act[-1]
            if (len(to_act) > 1 or step % 5 == 3) and len(state.legal_moves(seat)) > 1:
                label = f"seed {seed} step {step} seat {seat}"
                found.append((label, state.view(seat), state.legal_moves(seat).as_tuple()))
            move, rng = rng.choice(state.legal_moves(to_act[0]).as_tuple())
            state = state.apply(move)
            step += 1
        seed += 1
    return found


def searched() -> dict[str, list[list[Any]]]:
    """Every case's searches: {case: [[label, [[move, visits, mean hex]...]]...]}."""
    result: dict[str, list[list[Any]]] = {}
    for game_name, preset, players, count in CASES:
        game = find_game(game_name)
        agent = ISMCTSAgent(iterations=ITERATIONS, game=game)
        rows: list[list[Any]] = []
        for i, (label, view, legal) in enumerate(decisions(game_name, preset, players, count)):
            found, rng = agent.search(view, legal, Rng.from_seed(100 + i))
            stats = [[repr(m), s.visits, s.mean_reward.hex()] for m, s in found.items()]
            move, _ = agent.act(view, legal, Rng.from_seed(100 + i))
            rows.append([label, stats, repr(move), list(rng.state)])
        result[f"{game_name} {preset} {players}"] = rows
    return result


def test_searches_find_the_recorded_statistics() -> None:
    recorded = json.loads(DATA.read_text(encoding="utf-8"))
    now = searched()
    assert list(now) == list(recorded)
    for case, rows in recorded.items():
        assert now[case] == rows, case


def test_the_compiled_search_uses_no_libm_function() -> None:
    """The search loop's module obeys the same float rules as the agents' modules."""
    allowed = {"frexp", "inf", "sqrt"}
    tree = ast.parse((SOURCE / "agents" / "_search.py").read_text(encoding="utf-8"))
    used = {
        node.attr
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id == "math"
    }
    assert used <= allowed, used - allowed
    imported = {
        alias.name.split(".")[0]
        for node in ast.walk(tree)
        if isinstance(node, (ast.Import, ast.ImportFrom))
        for alias in node.names
    }
    assert not imported & {"random", "statistics", "numpy", "cmath", "decimal"}


if __name__ == "__main__" and sys.argv[1:] == ["--regenerate"]:
    lines = [
        f"{json.dumps(case)}: [\n" + ",\n".join(f"  {json.dumps(row)}" for row in rows) + "\n]"
        for case, rows in searched().items()
    ]
    DATA.write_text("{\n" + ",\n".join(lines) + "\n}\n", encoding="utf-8")
