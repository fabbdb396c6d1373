"""Tests of the `cardgames` command line, through `main([...])` with captured output."""

from __future__ import annotations

import io
import json
import runpy
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import cardgames
from cardgames.cli import app, main, output
from cardgames.cli.choices import player_names
from cardgames.errors import ParseError
from cardgames.planets.score_keeper import parse_tally

Result = tuple[int, str, str]


def run(capsys: pytest.CaptureFixture[str], *args: str) -> Result:
    code = main(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def assert_one_line_error(result: Result, code: int, *needles: str) -> None:
    status, out, err = result
    assert status == code, (status, out, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err
    for needle in needles:
        assert needle in lines[0], lines[0]


@pytest.fixture
def plain(monkeypatch: pytest.MonkeyPatch) -> None:
    """Output without rich: plain-text tables."""
    monkeypatch.setattr(output, "has_rich", lambda: False)


# -- the command itself ---------------------------------------------------------------------------


def test_no_command_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert_one_line_error(run(capsys), 2, "choose a command", "demo")


def test_version_and_help(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--version")
    assert code == 0
    assert out.startswith("cardgames ")
    compiled = cardgames.compiled_modules()
    expected = f", {len(compiled)} modules)" if compiled else "(pure-Python engine)"
    assert out.rstrip().endswith(expected)
    code, out, _ = run(capsys, "--help")
    assert code == 0
    for command in ("games", "rules", "demo", "play", "simulate", "score", "replay"):
        assert command in out


def test_argparse_errors_are_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    result = run(capsys, "demo", "crazy-eights", "--players", "many")
    assert_one_line_error(result, 2, "cardgames demo: error:", "--players", "'many'")
    assert_one_line_error(run(capsys, "demo"), 2, "GAME")
    assert_one_line_error(run(capsys, "frobnicate"), 2, "invalid choice")
    result = run(capsys, "demo", "crazy-eights", "--players", "0")
    assert_one_line_error(result, 2, "at least 1")
    result = run(capsys, "demo", "crazy-eights", "--seed", "-3")
    assert_one_line_error(result, 2, "at least 0")


def test_python_dash_m(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "cardgames", "games"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "crazy-eights" in done.stdout
    done = subprocess.run(
        [sys.executable, "-m", "cardgames", "rules", "bridge"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert done.stderr.strip() == (
        "cardgames rules: error: unknown game 'bridge'; "
        "known games: crazy-eights, huit-americain, planets"
    )


def test_main_module(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "argv", ["cardgames", "games"])
    with pytest.raises(SystemExit) as exit_info:
        runpy.run_module("cardgames", run_name="__main__")
    assert exit_info.value.code == 0
    assert "planets" in capsys.readouterr().out


def test_broken_pipe_stops_quietly(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from cardgames.cli import info

    def broken(args: Any) -> int:
        raise BrokenPipeError

    monkeypatch.setattr(info, "run_games", broken)
    code, _, err = run(capsys, "games")
    assert code == 0  # `cardgames demo ... | head -1` succeeds (#13)
    assert err == ""


def test_ctrl_c_outside_play(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from cardgames.cli import demo

    def interrupted(*args: Any, **kwargs: Any) -> Any:
        raise KeyboardInterrupt

    monkeypatch.setattr(demo, "bots_game", interrupted)
    code, _, err = run(capsys, "demo", "crazy-eights", "--seed", "1")
    assert code == 130
    assert "interrupted" in err
    assert "Traceback" not in err


def test_player_names() -> None:
    assert player_names(3) == ["Léa", "Tom", "Sam"]
    assert player_names(22)[-1] == "Player 22"


# -- games and rules -------------------------------------------------------------------------------


def test_games(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "games")
    assert code == 0
    for name in ("crazy-eights", "huit-americain", "planets", "Crazy Eights", "8 Américain"):
        assert name in out
    assert "2-7" in out


def test_games_plain(capsys: pytest.CaptureFixture[str], plain: None) -> None:
    code, out, _ = run(capsys, "games")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].split() == ["name", "title", "players", "also", "known", "as"]
    assert set(lines[1]) <= {"-", " "}
    assert any(line.startswith("crazy-eights  ") for line in lines)


@pytest.mark.parametrize("name", ["crazy eights", "8 américain", "planets"])
def test_rules_lists_every_option_and_preset(capsys: pytest.CaptureFixture[str], name: str) -> None:
    from cardgames import find_game

    game = find_game(name)
    code, out, _ = run(capsys, "rules", name)
    assert code == 0
    assert game.title in out
    for info in game.rules_type.options():
        assert info.name in out
    for preset in game.presets:
        assert preset in out


def test_rules_shows_defaults_and_preset_changes(
    capsys: pytest.CaptureFixture[str], plain: None
) -> None:
    code, out, _ = run(capsys, "rules", "crazy-eights")
    assert code == 0
    assert "  hand_size = 7\n      Cards dealt to each player.\n      Values: integer 1..30." in out
    assert "five-rounds" in out
    assert "target_score=none, rounds=5" in out


def test_rules_unknown_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert_one_line_error(run(capsys, "rules", "bridge"), 2, "unknown game 'bridge'")


# -- demo ------------------------------------------------------------------------------------------


def test_demo_crazy_eights(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "demo", "crazy-eights", "--seed", "7")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "Crazy Eights, 4 players, seed 7, rules: marquoir"
    assert lines[1].startswith("Seats: Léa (")
    assert lines[2].startswith("Deal: the starter is ")
    assert lines[3].startswith("   1. Tom ")
    assert "round over" in out
    assert lines[-1].startswith("Winner: ")
    assert "left in hand" in out
    assert run(capsys, "demo", "crazy-eights", "--seed", "7")[1] == out  # reproducible


@pytest.mark.parametrize(
    ("name", "preset", "agents"),
    [
        ("huit-americain", "toutes-variantes", ["random", "heuristic", "random"]),
        ("crazy-eights", "marquoir", ["random", "random", "random"]),
        ("planets", "standard", ["heuristic", "random", "random"]),
    ],
)
def test_demo_plays_the_moves_of_play_game(name: str, preset: str, agents: list[str]) -> None:
    from cardgames import find_game
    from cardgames.agents import make_agent, play_game
    from cardgames.cli.demo import bots_game

    game = find_game(name)
    bots = [make_agent(agent, game) for agent in agents]
    names = ["A", "B", "C"]
    rules = game.preset(preset)
    for seed in range(3):
        expected = play_game(game, bots, seed=seed, rules=rules, players=names)
        told = bots_game(game, bots, seed=seed, rules=rules, players=names)
        steps = [step for step, _ in told if step is not None]
        assert tuple(steps) == expected.steps


def test_demo_without_seed_prints_its_seed(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "demo", "crazy-eights", "--players", "2", "--agents", "random")
    assert code == 0
    seed = out.splitlines()[0].split("seed ")[1].split(",")[0]
    again = run(
        capsys, "demo", "crazy-eights", "--players", "2", "--agents", "random", "--seed", seed
    )
    assert again[1] == out


def test_demo_with_rules_preset_and_agents(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        capsys,
        "demo",
        "8 américain",
        "--players",
        "3",
        "--seed",
        "3",
        "--preset",
        "le-cumul",
        "--rules",
        "hand_size=6",
        "jump_in=yes",
        "--agents",
        "heuristic,random,random",
    )
    assert code == 0, err
    first = out.splitlines()[0]
    assert first.startswith("8 Américain (huit-americain), 3 players, seed 3, rules: ")
    assert "hand_size=6" in first
    assert "jump_in=yes" in first
    assert "Seats: Léa (heuristic), Tom (random), Sam (random)" in out


def test_demo_planets(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "demo", "planets", "--players", "3", "--seed", "2")
    assert code == 0, err
    assert out.startswith("8 (planets), 3 players, seed 2, rules: standard\n")
    # Nothing is dealt: the first Commander draws. Bots hide nothing.
    assert "\nStart: turn 1: Léa is Commander; Léa draws 3: " in out
    assert "Deal:" not in out
    assert "Léa keeps " in out
    assert "Winner" in out


@pytest.mark.parametrize(
    ("args", "needles"),
    [
        (["--rules", "hand_size=99"], ["hand_size", "at most 30"]),
        (["--rules", "colour=blue"], ["colour", "unknown option"]),
        (["--rules", "hand_size"], ["expected option=value"]),
        (["--preset", "mao"], ["preset", "known presets"]),
        (["--agents", "genius"], ["genius", "known agents"]),
        (["--agents", "random,random"], ["one per player (4)"]),
        (["--agents", "random,,random,random"], ["empty agent name"]),
        (["--players", "9"], ["2 to 7 players, not 9"]),
        (["--agents", "ismcts:0"], ["--agents 'ismcts:0'", "1 to 1000000 iterations"]),
    ],
)
def test_demo_usage_errors(
    capsys: pytest.CaptureFixture[str], args: list[str], needles: list[str]
) -> None:
    assert_one_line_error(run(capsys, "demo", "crazy-eights", *args), 2, *needles)


def test_demo_falls_back_to_random_agents(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import cardgames.agents

    def missing(spec: str, game: Any) -> Any:
        raise ImportError("no heuristic", name="cardgames.agents.heuristic")

    monkeypatch.setattr(cardgames.agents, "make_agent", missing)
    code, out, _ = run(capsys, "demo", "crazy-eights", "--seed", "1", "--players", "2")
    assert code == 0
    assert "Léa (random), Tom (random)" in out
    result = run(capsys, "demo", "crazy-eights", "--agents", "heuristic")
    assert_one_line_error(result, 2, "'heuristic' is not available", "cardgames.agents.heuristic")


def test_demo_record_and_replay(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    code, demo_out, err = run(
        capsys, "demo", "crazy-eights", "--seed", "5", "--record", str(record)
    )
    assert code == 0, err
    assert f"Saved the record in {record}" in demo_out
    code, out, err = run(capsys, "replay", str(record))
    assert code == 0, err
    assert out.splitlines()[0] == "Crazy Eights, 4 players, seed 5, rules: marquoir"
    told = demo_out.split("Saved the record")[0]
    assert out == told  # the same narration, line for line


def test_replay_of_a_record_played_by_people(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "people.json"
    args = ["--players", "2", "--agents", "random", "--seed", "3", "--record", str(path)]
    assert run(capsys, "demo", "planets", *args)[0] == 0
    data = json.loads(path.read_text(encoding="utf-8"))
    data["data"]["agents"] = None
    data["data"]["players"] = ["Ana", "Bob"]
    data["data"]["result"] = None  # its detail names the players: not checked then
    path.write_text(json.dumps(data), encoding="utf-8")
    code, out, err = run(capsys, "replay", str(path))
    assert code == 0, err
    assert out.splitlines()[1] == "Seats: Ana, Bob"
    assert "Winner" in out


def test_replay_errors(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    assert run(capsys, "demo", "crazy-eights", "--seed", "5", "--record", str(record))[0] == 0
    data = json.loads(record.read_text(encoding="utf-8"))

    tampered = tmp_path / "tampered.json"
    moves = data["data"]["moves"]
    moves[3] = {"player": moves[3]["player"], "move": "play 9Z"}
    tampered.write_text(json.dumps(data), encoding="utf-8")
    code, out, err = run(capsys, "replay", str(tampered))
    assert_one_line_error((code, out, err), 1, "tampered.json: move 4 (play 9Z) does not replay")
    assert "   3. " in out  # the moves before it were told

    data = json.loads(record.read_text(encoding="utf-8"))
    data["data"]["result"]["scores"] = [1, 2, 3, 4]
    tampered.write_text(json.dumps(data), encoding="utf-8")
    result = run(capsys, "replay", str(tampered))
    assert_one_line_error(result, 1, "not to the result the record states")

    data = json.loads(record.read_text(encoding="utf-8"))
    data["data"]["rules"]["hand_size"] = 99
    tampered.write_text(json.dumps(data), encoding="utf-8")
    assert_one_line_error(run(capsys, "replay", str(tampered)), 1, "hand_size")

    missing = tmp_path / "missing.json"
    assert_one_line_error(run(capsys, "replay", str(missing)), 1, "missing.json")
    garbage = tmp_path / "garbage.json"
    garbage.write_text("{not json", encoding="utf-8")
    assert_one_line_error(run(capsys, "replay", str(garbage)), 1, "garbage.json")
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00")
    assert_one_line_error(run(capsys, "replay", str(binary)), 1, "binary.json", "not UTF-8 text")
    assert_one_line_error(run(capsys, "replay", str(tmp_path)), 1)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero on this platform")
def test_replay_and_score_read_a_bounded_part_of_an_endless_file(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A file that never ends is refused after one document's worth, not read to the end."""
    too_large = "larger than 10,000,000 characters"
    assert_one_line_error(run(capsys, "replay", "/dev/zero"), 1, "/dev/zero", too_large)
    hands = ("--winner", "Tom", "--hand", "Tom=", "Sam=8H")
    result = run(capsys, "score", "crazy-eights", *hands, "--match", "/dev/zero")
    assert_one_line_error(result, 1, "not a match file", too_large)


# -- play ------------------------------------------------------------------------------------------


def play(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, text: str, *args: str
) -> Result:
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    return run(capsys, "play", *args)


def test_play_moves_help_and_end_of_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    text = "1\nxyzzy\ncallout 0\n99\n\nhelp\nshow\n"
    code, out, err = play(capsys, monkeypatch, text, "crazy-eights", "--seed", "1")
    assert code == 0, err
    assert err == ""
    assert out.splitlines()[0].startswith(
        "Crazy Eights, seed 1, rules: marquoir. You sit at seat 0"
    )
    assert "Your hand: " in out
    assert "Top card: " in out
    assert "Turn: you" in out
    assert "   1. " in out
    assert "You lay " in out
    assert "Not a move: cannot parse 'xyzzy'" in out
    assert "Not allowed now: callout 0" in out
    assert "There is no move 99" in out
    assert "Type a move number from 1" in out
    assert "play 8H name spades" in out  # help
    assert out.rstrip().endswith("Bye.")


def test_play_quit(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = play(capsys, monkeypatch, "quit\n", "crazy-eights", "--seed", "1")
    assert code == 0
    assert out.rstrip().endswith("Bye.")


def test_play_at_two_players_says_what_the_jack_does(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Issue #32: without "à deux" a Jack at two players does nothing, which surprised a player.
    # Two people sitting down to 8 Américain read it, with the preset that changes it.
    code, out, err = play(capsys, monkeypatch, "quit\n", "huit-americain", "--players", "2")
    assert code == 0, err
    assert "the Jack reverses the direction, which changes nothing" in " ".join(out.split())
    assert "Under the a-deux preset, the Jack lets its player play again" in " ".join(out.split())
    # Under the a-deux preset, and at three players, no such warning.
    code, out, err = play(
        capsys, monkeypatch, "quit\n", "huit-americain", "--players", "2", "--preset", "a-deux"
    )
    assert "changes nothing" not in out
    assert "lets its player play again" in " ".join(out.split())
    code, out, err = play(capsys, monkeypatch, "quit\n", "huit-americain", "--players", "3")
    assert "With two players" not in out


def test_play_in_notation(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from cardgames import crazy_eights

    state = crazy_eights.new_game(["You", "Léa", "Tom"], seed=1)
    while 0 not in state.to_act:  # the bots play until it is our turn
        state = state.apply(state.legal_moves()[0])
    first = state.format_move(state.legal_moves(0)[0])
    code, out, _ = play(capsys, monkeypatch, f"{first}\nquit\n", "crazy-eights", "--seed", "1")
    assert code == 0
    assert out.count("Your moves:") >= 2  # the move was accepted: a new turn came


def test_play_to_the_end_with_out_of_turn_chances(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # An empty line lets an out-of-turn chance go by; on our turn it is refused and "1" follows.
    text = "\n1\n" * 600
    args = ["huit-americain", "--preset", "a-la-volee", "--seed", "2", "--agents", "random"]
    code, out, err = play(capsys, monkeypatch, text, *args)
    assert code == 0, err
    assert "You may act out of turn:" in out
    assert "0. let play go on" in out
    assert "Winner" in out


def test_play_planets(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = play(
        capsys,
        monkeypatch,
        "help\n1\n1\n",
        "planets",
        "--seed",
        "4",
        "--seat",
        "0",
        "--name",
        "Ana",
    )
    assert code == 0, err
    assert "You sit at seat 0 as Ana" in out
    assert "Turn 1: you are Commander" in out
    assert "you draw 3: " in out
    assert "keep PLANET" in out  # help
    assert "You keep " in out


def test_play_ctrl_c(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupt(prompt: str = "") -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr("builtins.input", interrupt)
    code, out, err = run(capsys, "play", "crazy-eights", "--seed", "1")
    assert code == 130
    assert "Game abandoned." in out
    assert "Traceback" not in err


@pytest.mark.parametrize(
    ("args", "needles"),
    [
        (["--seat", "3"], ["--seat", "0 to 2"]),
        (["--name", " "], ["--name"]),
        (["--players", "1"], ["2 to 7 players"]),
    ],
)
def test_play_usage_errors(
    capsys: pytest.CaptureFixture[str], args: list[str], needles: list[str]
) -> None:
    assert_one_line_error(run(capsys, "play", "crazy-eights", *args), 2, *needles)


# -- simulate --------------------------------------------------------------------------------------


def test_simulate_in_process_with_csv(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out_file = tmp_path / "results.csv"
    code, out, err = run(
        capsys,
        "simulate",
        "crazy-eights",
        "--games",
        "20",
        "--players",
        "3",
        "--agents",
        "heuristic,random,random",
        "--seed",
        "1",
        "--out",
        str(out_file),
    )
    assert code == 0, err
    assert out.splitlines()[0].startswith("Crazy Eights: 20 games, 3 players, seed 1")
    for needle in ("By seat", "By agent", "95 % CI", "heuristic", "Game length", "Endings"):
        assert needle in out
    rows = out_file.read_text(encoding="utf-8").splitlines()
    assert len(rows) == 21
    assert rows[0].startswith("index,seed,")


def test_simulate_processes_json_and_plain_output(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, plain: None
) -> None:
    out_file = tmp_path / "results.json"
    args = ["simulate", "huit-americain", "--games", "6", "--players", "2", "--agents", "random"]
    code, out, err = run(capsys, *args, "--seed", "3", "--workers", "2", "--out", str(out_file))
    assert code == 0, err
    assert "seat  agent" in out
    assert json.loads(out_file.read_text(encoding="utf-8"))
    code, again, _ = run(capsys, *args, "--seed", "3")
    assert code == 0
    assert again.splitlines()[:6] == out.splitlines()[:6]  # the same games in one process


@pytest.mark.parametrize(
    ("args", "code", "needles"),
    [
        (["--agents", "random,random"], 2, ["one per player (3)"]),
        (["--agents", ","], 2, ["empty agent name"]),
        (["--agents", "genius"], 2, ["--agents 'genius'", "known agents"]),
        (["--agents", "random", "--workers", "2", "--scheduler", "x"], 2, ["not allowed with"]),
        (["--agents", "random", "--out", "/nonexistent/dir/r.csv"], 1, ["no such directory"]),
    ],
)
def test_simulate_errors(
    capsys: pytest.CaptureFixture[str], args: list[str], code: int, needles: list[str]
) -> None:
    result = run(capsys, "simulate", "crazy-eights", "--games", "2", "--players", "3", *args)
    assert_one_line_error(result, code, *needles)


def test_simulate_scheduler_without_dask(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed: ImportError
    args = ["--games", "2", "--players", "2", "--agents", "random", "--scheduler", "tcp://x:1"]
    result = run(capsys, "simulate", "crazy-eights", *args)
    assert_one_line_error(result, 1, "--scheduler needs Dask distributed")


# A cluster of threads in this process would leave Dask's offload thread running for the rest of
# the test run (a global of distributed.utils, never stopped), and every later fork() (the
# pseudo-terminal tests, the process pools of the examples) would warn that it forks a
# multi-threaded process: the cluster and the command run in a process of their own.
_DASK_CLUSTER_AND_CLI = """
import logging, sys
import distributed
from cardgames.cli import main
with distributed.LocalCluster(
    n_workers=1, threads_per_worker=1, processes=False, dashboard_address=":0",
    silence_logs=logging.ERROR,
) as cluster:
    code = main(sys.argv[1:] + ["--scheduler", cluster.scheduler_address])
sys.exit(code)
"""


def test_simulate_on_a_dask_cluster() -> None:
    pytest.importorskip("distributed")
    args = ["--games", "4", "--players", "2", "--agents", "random", "--seed", "1"]
    done = subprocess.run(
        [sys.executable, "-c", _DASK_CLUSTER_AND_CLI, "simulate", "crazy-eights", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "By agent" in done.stdout


# -- score -----------------------------------------------------------------------------------------


def test_score_crazy_eights_seed_example(capsys: pytest.CaptureFixture[str], plain: None) -> None:
    code, out, err = run(
        capsys,
        "score",
        "crazy-eights",
        "--winner",
        "Léa",
        "--hand",
        "Tom=8H KS",
        "--hand",
        "Sam=3C AS",
    )
    assert code == 0, err
    rows = {line.split()[0]: line.split() for line in out.splitlines()[3:6]}
    assert rows["Léa"][-1] == "83"
    assert rows["Tom"][-2:] == ["60", "0"]
    assert rows["Sam"][-2:] == ["23", "0"]
    assert "Léa wins the round and scores 83." in out


def test_score_blocked_round_and_aces_without_power(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--hand", "Tom=AS", "--hand", "Sam=3C 4D", "--preset", "ace-without-power", "--blocked"]
    code, out, _ = run(capsys, "score", "crazy-eights", *args)
    assert code == 0
    assert "Tom wins the round and scores 7." in out


def test_score_huit_americain(capsys: pytest.CaptureFixture[str], plain: None) -> None:
    code, out, _ = run(
        capsys,
        "score",
        "8 américain",
        "--winner",
        "Léa",
        "--hand",
        "Tom=JOKER 3C",
        "--hand",
        "Sam=AS",
    )
    assert code == 0
    rows = {line.split()[0]: line.split() for line in out.splitlines()[3:6]}
    assert rows["Tom"][-1] == "55"
    assert rows["Sam"][-1] == "15"
    assert "the lowest wins the round: Léa" in out


def test_score_match_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    match = str(tmp_path / "match.json")
    round_ = ["--winner", "Léa", "--hand", "Tom=8H KS 8C", "--hand", "Sam=3C AS", "--match", match]
    code, out, err = run(capsys, "score", "crazy-eights", *round_)
    assert code == 0, err
    assert "Match totals after 1 round" in out
    assert "The match goes on: it ends when a total reaches 200" in out
    data = json.loads(Path(match).read_text(encoding="utf-8"))
    assert (data["format"], data["game"]) == ("cardgames.match", "crazy-eights")
    assert data["data"]["players"] == ["Léa", "Tom", "Sam"]
    assert data["data"]["rounds"] == [[133, 0, 0]]
    # The file is the library's match document.
    from cardgames import find_game

    loaded = find_game("crazy eights").match_from_json(Path(match).read_text(encoding="utf-8"))
    assert loaded.rounds == ((133, 0, 0),)
    # Names in another order and case are matched to the match's players.
    again = ["--winner", "tom", "--hand", "sam=2C", "--hand", "léa=3D", "--match", match]
    code, out, err = run(capsys, "score", "crazy-eights", *again)
    assert code == 0, err
    assert json.loads(Path(match).read_text(encoding="utf-8"))["data"]["rounds"][-1] == [0, 5, 0]
    code, out, _ = run(capsys, "score", "crazy-eights", *round_)
    assert code == 0
    assert "The match is over. Winner: Léa with 266 points." in out
    result = run(capsys, "score", "crazy-eights", *round_)
    assert_one_line_error(result, 1, "the match is over (Léa won)")


def test_score_match_of_fixed_rounds(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    match = str(tmp_path / "m.json")
    args = ["--hand", "A=3C", "--hand", "B=KC", "--match", match, "--rules", "target_score=none"]
    code, out, _ = run(capsys, "score", "huit-americain", "--blocked", *args, "rounds=2")
    assert code == 0
    assert "it ends after 2 rounds; the lowest total wins" in out
    code, out, _ = run(capsys, "score", "huit-americain", "--blocked", *args[:4], "--match", match)
    assert code == 0
    assert "The match is over. Winner: A with 10 points." in out


@pytest.mark.parametrize(
    ("args", "needles"),
    [
        (["--hand", "Tom=8X"], ["--hand Tom", "cannot parse '8X'"]),
        (["--winner", "Léa"], ["--hand NAME="]),
        (["--hand", "Tom"], ["--hand 'Tom'", 'NAME="..."']),
        (["--hand", "Tom=8H", "--hand", "tom=9H"], ["tom is given twice"]),
        (["--hand", "Tom=8H"], ["at least two players"]),
        (["--winner", "Tom", "--hand", "Tom=8H", "--hand", "Sam=2C"], ["holds no card"]),
        (["--tally", "Tom=hand 3"], ["--tally is for the planet game"]),
        (["--hand", "A=2C", "--hand", "B=3C", "--rules", "aces=high"], ["unknown option"]),
    ],
)
def test_score_usage_errors(
    capsys: pytest.CaptureFixture[str], args: list[str], needles: list[str]
) -> None:
    assert_one_line_error(run(capsys, "score", "crazy-eights", *args), 2, *needles)


def test_score_match_errors(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    match = tmp_path / "match.json"
    hands = ["--hand", "A=2C", "--hand", "B=3C", "--blocked"]
    assert run(capsys, "score", "crazy-eights", *hands, "--match", str(match))[0] == 0
    result = run(
        capsys,
        "score",
        "crazy-eights",
        *hands[:2],
        "--hand",
        "C=3C",
        "--blocked",
        "--match",
        str(match),
    )
    assert_one_line_error(result, 2, "C not in the match (players: A, B)")
    result = run(
        capsys, "score", "crazy-eights", "--hand", "A=", "--winner", "A", "--match", str(match)
    )
    assert_one_line_error(result, 2, "at least two players")
    result = run(
        capsys,
        "score",
        "crazy-eights",
        *hands[:4],
        "--hand",
        "C=5C",
        "--winner",
        "D",
        "--match",
        str(match),
    )
    assert_one_line_error(result, 2, "not in the match")
    three = tmp_path / "three.json"
    assert (
        run(capsys, "score", "crazy-eights", *hands, "--hand", "C=4C", "--match", str(three))[0]
        == 0
    )
    result = run(capsys, "score", "crazy-eights", *hands, "--match", str(three))
    assert_one_line_error(result, 2, "C missing")
    result = run(
        capsys, "score", "crazy-eights", *hands, "--match", str(match), "--preset", "sevens-draw"
    )
    assert_one_line_error(result, 2, "keeps the rules it was started with")
    result = run(capsys, "score", "huit-americain", *hands, "--match", str(match))
    assert_one_line_error(result, 1, "expected 'huit-americain', got 'crazy-eights'")
    for content, needle in [
        ("{oops", "not valid JSON"),
        ('{"format": "other"}', "expected 'cardgames.match'"),
        ('{"format": "cardgames.match", "version": 9}', "unsupported version 9"),
        (b"\xff\xfe".decode("latin-1"), "cannot be read as a match"),
    ]:
        match.write_text(content, encoding="utf-8")
        assert_one_line_error(
            run(capsys, "score", "crazy-eights", *hands, "--match", str(match)), 1, needle
        )
    data: dict[str, Any] = {"format": "cardgames.match", "version": 1, "game": "crazy-eights"}
    data["data"] = {"rules": {"format": "cardgames", "kind": "rules"}}
    match.write_text(json.dumps(data), encoding="utf-8")
    assert_one_line_error(
        run(capsys, "score", "crazy-eights", *hands, "--match", str(match)), 1, "match.json"
    )
    match.write_bytes(b"\xff\xfe{}")
    assert_one_line_error(
        run(capsys, "score", "crazy-eights", *hands, "--match", str(match)), 1, "not a match file"
    )
    directory = tmp_path / "a-directory"
    directory.mkdir()
    assert_one_line_error(
        run(capsys, "score", "crazy-eights", *hands, "--match", str(directory)), 1
    )


def test_score_match_file_with_bad_players(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from cardgames import crazy_eights

    match = tmp_path / "match.json"
    base = {"format": "cardgames.match", "version": 1, "game": "crazy-eights"}
    rules = json.loads(crazy_eights.Rules().to_json())["data"]
    hands = ["--hand", "A=2C", "--hand", "B=3C", "--blocked", "--match", str(match)]
    for players, rounds, needle in [
        ("A", [], "/data/players"),
        (["A", "B"], "x", "/data/rounds"),
        (["A", "B"], [[1, 2, 3]], "one per player"),
        (["A", "B"], [[250, 0], [0, 10]], "a round after the end of the match"),
        (["A", "B"], [[-1, 0]], "from 0 to"),
    ]:
        data = {"rules": rules, "players": players, "rounds": rounds, "seed": 0}
        match.write_text(json.dumps({**base, "data": data}))
        assert_one_line_error(run(capsys, "score", "crazy-eights", *hands), 1, needle)
        assert json.loads(match.read_text())["data"] == data  # the bad file is left as it was


def test_score_planets(capsys: pytest.CaptureFixture[str], plain: None) -> None:
    code, out, err = run(
        capsys,
        "score",
        "planets",
        "--tally",
        "Léa=commander 4, adjutant 3 saturn; face-down 2, hand 3",
        "--tally",
        "Tom=adjutant all-different, hand 5, black-holes 1",
    )
    assert code == 0, err
    rows = {line.split()[0]: line.split() for line in out.splitlines()[3:5]}
    assert rows["Léa"][1:] == ["10", "2", "-3", "9"]
    # All different, 8 cards, as the Adjutant: the table's size-8 value (35), as 8 alike.
    assert rows["Tom"][1:] == ["35", "0", "-5", "30"]
    assert "Tom wins with 30 points." in out


@pytest.mark.parametrize(
    ("args", "needles"),
    [
        (["--tally", "Léa=hand 2"], ["every player's tally"]),
        (["--tally", "Léa=juggler 4", "--tally", "Tom=hand 1"], ["--tally Léa", "juggler 4"]),
        (["--tally", "Léa=commander 2", "--tally", "Tom=hand 1"], ["3 to 12"]),
        (["--hand", "Léa=2C"], ["scored from --tally"]),
    ],
)
def test_score_planets_errors(
    capsys: pytest.CaptureFixture[str], args: list[str], needles: list[str]
) -> None:
    assert_one_line_error(run(capsys, "score", "planets", *args), 2, *needles)


def test_score_planets_match(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A match of "8": one game per player, a tie on the highest total plays another game."""
    match = str(tmp_path / "planets.json")
    first = ["--tally", "Léa=commander 4, hand 1", "--tally", "Tom=adjutant 3, hand 2"]
    code, out, err = run(capsys, "score", "planets", *first, "--match", match)
    assert code == 0, err
    assert "Match totals after 1 game" in out
    assert "The match goes on: 2 games" in out
    data = json.loads(Path(match).read_text(encoding="utf-8"))
    assert (data["format"], data["game"], data["data"]["games"]) == (
        "cardgames.match",
        "planets",
        2,
    )
    (lea, tom) = data["data"]["rounds"][0]
    # Tom's tally first and in another case: matched to the match's seats.
    assert lea > tom
    second = ["--tally", "tom=hand 0", "--tally", f"LÉA=hand {lea - tom}"]
    code, out, err = run(capsys, "score", "planets", *second, "--match", match)
    assert code == 0, err
    rounds = json.loads(Path(match).read_text(encoding="utf-8"))["data"]["rounds"]
    assert rounds[1] == [tom - lea, 0]
    assert "The match goes on" in out  # tied totals after the last game: one more game
    code, out, err = run(capsys, "score", "planets", *first, "--match", match)
    assert code == 0, err
    assert "The match is over. Winner: Léa" in out
    result = run(capsys, "score", "planets", *first, "--match", match)
    assert_one_line_error(result, 1, "the match is over (Léa won)")
    other = ["--tally", "Léa=hand 1", "--tally", "Sam=hand 2"]
    fresh = str(tmp_path / "fresh.json")
    assert run(capsys, "score", "planets", *first, "--match", fresh)[0] == 0
    assert_one_line_error(
        run(capsys, "score", "planets", *other, "--match", fresh), 2, "Sam not in the match"
    )
    result = run(capsys, "score", "crazy-eights", "--hand", "Léa=2C", "--hand", "Tom=3C")
    assert result[0] == 2  # no winner given: a usage error, the planet match file untouched
    assert_one_line_error(
        run(
            capsys,
            "score",
            "crazy-eights",
            "--hand",
            "Léa=2C",
            "--hand",
            "Tom=3C",
            "--blocked",
            "--match",
            fresh,
        ),
        1,
        "expected a match of a shedding game, got 'planets'",
    )


def test_score_names_that_are_one_name_and_huge_counts(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    match = tmp_path / "m.json"
    hands = ["--blocked", "--hand", "Léa=8H", "--hand", "Le\u0301a=KS", "--hand", "Tom=3C"]
    result = run(capsys, "score", "crazy-eights", *hands, "--match", str(match))
    assert_one_line_error(result, 2, "given twice")
    assert not match.exists()
    tally = ["--tally", "Léa=hand " + "9" * 5000, "--tally", "Tom=hand 1"]
    assert_one_line_error(run(capsys, "score", "planets", *tally), 2, "--tally Léa")


def test_parse_tally() -> None:
    tally = parse_tally("commandant all different, adjoint 5 Mars, , hand 1")
    assert [g.size for g in tally.gatherings] == [8, 5]
    assert tally.in_hand == 1
    with pytest.raises(ParseError):
        parse_tally("commander many")


# -- output ----------------------------------------------------------------------------------------


def test_output_helpers(capsys: pytest.CaptureFixture[str]) -> None:
    assert output.has_rich() in (True, False)
    assert output.can_show("abc", io.StringIO())
    ascii_stream = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
    assert not output.can_show("♣", ascii_stream)
    output.print_table("Title", ["a", "b"], [["1", "22"]], right=[1], fancy=False)
    assert capsys.readouterr().out.splitlines() == ["Title", "a   b", "-  --", "1  22"]
    with output.progress_bar("games", 3, fancy=False) as progress:
        progress(3, 3)
    assert capsys.readouterr().err == ""  # not a terminal: no counter


def test_ascii_terminal_gets_letters(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from cardgames.cli import demo

    monkeypatch.setattr(demo, "can_show", lambda text="", stream=None: False)
    code, out, _ = run(capsys, "demo", "crazy-eights", "--seed", "7")
    assert code == 0
    assert "♣" not in out
    assert "♥" not in out
    assert app.EXIT_USAGE == 2


# --- #13: what players hit on the command line ------------------------------------------------


def test_simulate_takes_the_number_of_players_from_the_agents(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(
        capsys, "simulate", "crazy-eights", "--games", "3", "--agents", "heuristic,random,random"
    )
    assert code == 0, err
    assert "3 games, 3 players" in out


def test_simulate_with_one_agent_needs_the_number_of_players(
    capsys: pytest.CaptureFixture[str],
) -> None:
    result = run(capsys, "simulate", "crazy-eights", "--games", "3", "--agents", "random")
    assert_one_line_error(result, 2, "cardgames simulate: error:", "--players")


def test_simulate_refuses_agents_that_do_not_match_the_players(
    capsys: pytest.CaptureFixture[str],
) -> None:
    result = run(
        capsys,
        "simulate",
        "crazy-eights",
        "--games",
        "3",
        "--agents",
        "random,random",
        "--players",
        "3",
    )
    assert_one_line_error(result, 2, "cardgames simulate: error:", "3")


def test_one_tally_option_takes_several_players(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        capsys,
        "score",
        "planets",
        "--tally",
        "Léa=commander 4, face-down 2, hand 3",
        "Tom=adjutant all-different, hand 5",
    )
    assert code == 0, err
    assert "Léa" in out
    assert "Tom" in out


def test_one_hand_option_takes_several_players(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        capsys, "score", "crazy-eights", "--winner", "Léa", "--hand", "Tom=8H KS", "Sam=3C AS"
    )
    assert code == 0, err
    assert "scores 83" in out  # 50 + 10 + 3 + 20, the rule text's example


@pytest.mark.parametrize(
    ("argv", "prefix"),
    [
        (["demo", "bridge"], "cardgames demo: error:"),
        (["rules", "crazy-eights", "--bogus"], "cardgames rules: error:"),
        (["demo", "crazy-eights", "--rules", "hand_size=99"], "cardgames demo: error:"),
        (["score", "crazy-eights", "--hand", "Tom=8X"], "cardgames score: error:"),
        (["replay", "/nonexistent/game.json"], "cardgames replay: error:"),
    ],
)
def test_every_error_has_the_command_prefix(
    capsys: pytest.CaptureFixture[str], argv: list[str], prefix: str
) -> None:
    status, _, err = run(capsys, *argv)
    assert status in (1, 2)
    assert err.startswith(prefix), err


@pytest.mark.parametrize("game", ["crazy-eights", "8 américain", "planets"])
def test_rules_explains_the_game_to_a_player(capsys: pytest.CaptureFixture[str], game: str) -> None:
    code, out, err = run(capsys, "rules", game)
    assert code == 0, err
    for heading in ("Setting up", "A turn", "Scoring", "Options", "Presets"):
        assert f"\n{heading}" in out, heading
    assert "module text" not in out
    # "seed" means the RNG seed everywhere else: the rule text is "the rule text".
    assert "the seed" not in out
    assert "seed's" not in out
    assert "house" in out.casefold()  # house decisions are marked as such
    if game == "planets":
        assert "ten numbers" in out
        assert "Black holes" in out
    else:
        assert "Special cards" in out
        assert "e.g. '2:draw2 8:wild" in " ".join(out.split())  # the Effects syntax, an example


def test_rules_explanation_follows_the_rules_data() -> None:
    from cardgames import crazy_eights
    from cardgames.cli.explain import explain

    rules = crazy_eights.GAME.default_rules.replace(
        effects=crazy_eights.Effects.parse("8:wild Q:draw3 K:again"), announce_penalty=0
    )
    text = "\n".join(p for _, paragraphs in explain(crazy_eights.GAME, rules) for p in paragraphs)
    assert "Queen: the next player draws 3 cards" in text
    assert "King: its player plays again." in text
    assert "Ace" not in text.split("Card values")[0]  # no special Ace any more
    assert "carte!" not in text


def test_a_bot_that_fails_is_one_error_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Issue #29: an exception inside a bot's decision is an AgentError (a CardGamesError): one
    # line naming the bot and its seat, not a traceback, and nothing of the exception's text.
    import cardgames.cli.demo as demo
    from cardgames.agents import RandomAgent

    class Raiser(RandomAgent):
        def act(self, view: Any, legal: Any, rng: Any) -> Any:
            raise KeyError("secret hand")

    monkeypatch.setattr(demo, "make_agents", lambda game, spec, players: [Raiser()] * players)
    status, _out, err = run(capsys, "demo", "crazy-eights", "--players", "2", "--seed", "1")
    assert status == app.EXIT_FAILURE
    assert err.count("\n") == 1
    assert "agent 'random' in seat 1 failed: KeyError" in err
    assert "secret" not in err
