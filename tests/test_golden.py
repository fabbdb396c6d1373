"""Golden games: the same seed and moves give the same game, on every supported Python.

`tests/data/golden/` holds, for every game and every preset, a few games played by random
agents, as record documents (rules, seed, players, moves, final outcome; see
`cardgames.records`) with the SHA-256 of the dealt state's and of the final state's JSON. The
files were produced once; these tests replay every record on the running Python (CI runs them on
3.10 and 3.13) and compare:

- the preset's rules today with the recorded rules (a preset changed);
- the dealt state (the shuffle and the deal), then every move (each must parse and be legal),
  the final outcome and the final state, hidden cards and RNG included;
- the moves that random agents choose from the same seed (`cardgames.agents.play_game`).

A change that alters them is a change of the format, of the rules or of the RNG, and must be
deliberate: say so in the changelog, then regenerate the files and commit them::

    python tests/test_golden.py --regenerate
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import pytest

import cardgames
from cardgames.agents import RandomAgent, play_game
from cardgames.game import Game, State
from cardgames.records import GameRecord, record_game, replay_states

GOLDEN = Path(__file__).resolve().parent / "data" / "golden"
FORMAT = "cardgames-golden-games"
"""The ``format`` of a golden file (a test fixture, not a library document)."""

REGENERATE = "python tests/test_golden.py --regenerate"

AnyState = State[Any, Any, Any]


def sha256(state: AnyState) -> str:
    """The SHA-256 of the state's JSON document (hidden cards and RNG included)."""
    return hashlib.sha256(state.to_json().encode("utf-8")).hexdigest()


def plan(game: Game[Any]) -> list[tuple[str, int, int]]:
    """The golden games of a game: (preset, players, seed), two per preset.

    Players and seeds are derived from the preset's name, not its place, so that adding a
    preset adds games without changing the others.
    """
    games = []
    for preset in game.presets:
        digest = int(hashlib.sha256(f"{game.name}/{preset}".encode()).hexdigest()[:8], 16)
        more = min(game.max_players, game.min_players + 1 + digest % 3)
        for players in (game.min_players, more):
            games.append((preset, players, digest % 100_000 * 10 + players))
    return games


def play(game: Game[Any], preset: str, players: int, seed: int) -> GameRecord:
    """The record of random agents playing one golden game."""
    agents = [RandomAgent()] * players
    return record_game(play_game(game, agents, seed=seed, rules=game.preset(preset)))


def entry(game: Game[Any], preset: str, players: int, seed: int) -> dict[str, Any]:
    """One golden game as it is stored."""
    record = play(game, preset, players, seed)
    states = list(replay_states(record))
    return {
        "preset": preset,
        "players": players,
        "seed": seed,
        "moves": len(record.moves),
        "deal_sha256": sha256(states[0]),
        "final_sha256": sha256(states[-1]),
        "record": json.loads(record.to_json()),
    }


def golden_path(game: Game[Any]) -> Path:
    return GOLDEN / f"{game.name}.json"


def load_golden(game: Game[Any]) -> list[dict[str, Any]]:
    path = golden_path(game)
    if not path.exists():
        pytest.fail(f"{path} is missing; create it with: {REGENERATE}")
    document = json.loads(path.read_text(encoding="utf-8"))
    assert document["format"] == FORMAT
    assert document["game"] == game.name
    games: list[dict[str, Any]] = document["games"]
    return games


def cases() -> list[Any]:
    """One case per stored golden game (a missing file fails the coverage test below)."""
    params = []
    for game in cardgames.games():
        path = golden_path(game)
        if not path.exists():
            continue
        for golden in json.loads(path.read_text(encoding="utf-8"))["games"]:
            case_id = f"{game.name}-{golden['preset']}-{golden['players']}p"
            params.append(pytest.param(game, golden, id=case_id))
    return params


@pytest.mark.parametrize("game", cardgames.games(), ids=lambda g: g.name)
def test_every_preset_has_golden_games(game: Game[Any]) -> None:
    stored = {(g["preset"], g["players"], g["seed"]) for g in load_golden(game)}
    assert stored == set(plan(game)), f"the golden games do not match the presets; {REGENERATE}"


def _preset_rules(game: Game[Any], golden: dict[str, Any]) -> Any:
    if golden["preset"] not in game.presets:
        pytest.fail(f"preset {golden['preset']!r} of {game.name} is gone; {REGENERATE}")
    return game.presets[golden["preset"]]


@pytest.mark.parametrize(("game", "golden"), cases())
def test_golden_game_replays_to_the_same_final_state(
    game: Game[Any], golden: dict[str, Any]
) -> None:
    record = GameRecord.from_json(json.dumps(golden["record"], ensure_ascii=False))
    assert record.game == game.name
    assert record.seed == golden["seed"]
    assert len(record.players) == golden["players"]
    assert record.rules == _preset_rules(game, golden), (
        f"preset {golden['preset']!r} of {game.name} changed: a rules change must be deliberate"
    )
    states = list(replay_states(record))  # checks every move and the recorded outcome
    assert sha256(states[0]) == golden["deal_sha256"], (
        "the same seed deals a different game: the shuffle, the deal or the state format changed"
    )
    assert len(states) == golden["moves"] + 1
    final = states[-1]
    assert final.is_over
    assert final.outcome() == record.result
    assert sha256(final) == golden["final_sha256"], (
        "the same seed and moves give a different final state: rules, RNG or format changed"
    )


@pytest.mark.parametrize(("game", "golden"), cases())
def test_random_agents_choose_the_same_moves(game: Game[Any], golden: dict[str, Any]) -> None:
    _preset_rules(game, golden)
    record = play(game, golden["preset"], golden["players"], golden["seed"])
    assert json.loads(record.to_json()) == golden["record"], (
        "random agents played differently from the same seed: play_game, the agents' RNG "
        "streams or the order of legal moves changed"
    )


def _dump(value: Any, indent: int = 0) -> str:
    """JSON with short values on one line and long lists packed to 100 columns."""
    flat = json.dumps(value, ensure_ascii=False)
    if not isinstance(value, (list, dict)) or indent + len(flat) <= 100:
        return flat
    pad = " " * (indent + 2)
    if isinstance(value, dict):
        items = [f"{pad}{json.dumps(k)}: {_dump(v, indent + 2)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"
    if all(not isinstance(v, (list, dict)) or len(json.dumps(v)) < 60 for v in value):
        lines: list[str] = []
        line = ""
        for item in value:
            text = json.dumps(item, ensure_ascii=False)
            if line and len(pad) + len(line) + len(text) + 2 > 100:
                lines.append(line + ",")
                line = ""
            line = f"{line}, {text}" if line else text
        lines.append(line)
        return "[\n" + "\n".join(pad + text for text in lines) + "\n" + " " * indent + "]"
    items = [pad + _dump(v, indent + 2) for v in value]
    return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"


def regenerate() -> None:
    """Write the golden files from the games played now."""
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for game in cardgames.games():
        document = {
            "format": FORMAT,
            "game": game.name,
            "comment": (
                "Random agents' games, replayed by tests/test_golden.py on every supported "
                f"Python. Regenerate only for a deliberate, documented change: {REGENERATE}"
            ),
            "games": [entry(game, *args) for args in plan(game)],
        }
        path = golden_path(game)
        path.write_text(_dump(document) + "\n", encoding="utf-8")
        print(f"wrote {path} ({len(document['games'])} games)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--regenerate", action="store_true", help="rewrite tests/data/golden/ from today's games"
    )
    args = parser.parse_args(argv)
    if not args.regenerate:
        parser.error("nothing to do: pass --regenerate (the checks run under pytest)")
    regenerate()
    return 0


if __name__ == "__main__":
    sys.exit(main())
