"""The examples run, with small arguments, and print what they promise.

Each example in ``examples/`` has ``main(argv: list[str] | None = None) -> int``; these tests
load the file by its path (``examples/`` is not a package) and call ``main`` with a few
arguments, then check the key lines of the output. The chart of `analysis_first_player` needs
matplotlib (the ``analysis`` extra): its test is skipped without it. The Python blocks of the
guides that go with the examples run too.
"""

from __future__ import annotations

import importlib.util
import io
import json
import re
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
DOCS = ROOT / "docs"

Main = Callable[[list[str] | None], int]


def load(name: str) -> ModuleType:
    """Import ``examples/NAME.py`` under a private module name, once."""
    module_name = f"_cardgames_example_{name}"
    if module_name in sys.modules:
        return sys.modules[module_name]
    spec = importlib.util.spec_from_file_location(module_name, EXAMPLES / f"{name}.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module  # dataclasses look their module up while it runs
    spec.loader.exec_module(module)
    return module


def run(name: str, argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    main: Main = load(name).main
    status = main(argv)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


# ----------------------------------------------------------------------------- quickstart


def test_quickstart_plays_a_seeded_game(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run("quickstart", ["--players", "3", "--seed", "5"], capsys)
    assert status == 0
    assert out.startswith("Crazy Eights, 3 players, seed 5")
    assert "Winner: " in out
    assert "\n  the starter is " in out  # told by cardgames.narration


def test_quickstart_speaks_french_and_hides_drawn_cards(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run("quickstart", ["--seed", "5", "--lang", "fr"], capsys)
    assert status == 0
    assert " pose " in out
    assert re.search(r" pioche (une carte|\d+ cartes)(;|$)", out, re.M)  # counted, not named
    assert not re.search(r" pioche[^;]* : ", out)


# ----------------------------------------------------------------------------- embed_in_app


def test_embed_in_app_answers_bad_input_and_finishes_the_game(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run("embed_in_app", ["--seed", "3"], capsys)
    assert status == 0, err
    for expected in (
        "Léa> draw\n  -> Léa: No game at this table yet.",
        "unknown game 'bridge'; known games: crazy-eights, huit-americain, planets.",
        "Cannot deal crazy eights for 1: Crazy Eights takes 2 to 7 players.",
        "Crazy Eights dealt (seed 3) for Léa, Tom.",
        "Not your turn: waiting for Tom.",
        "I do not understand 'play 8X': expected a card",
        "You are not at this table (Léa, Tom).",
        "The saved game is damaged (invalid document at /data/hands: missing field)",
        "Game over: ",
        "This game is over",
    ):
        assert expected in out
    assert re.search(r"-- \d+ moves; the table's saved document is \d+ bytes of JSON", out)


def test_embed_in_app_stores_text_and_sends_each_player_only_their_view() -> None:
    app = load("embed_in_app")
    store = app.SessionStore()
    bot = app.TableBot(store, seed=11)
    replies = bot.handle("t", "Léa", "new 8 américain: Léa, Tom, Sam")
    assert [reply.to for reply in replies] == ["Léa", "Tom", "Sam"]
    saved = store.load("t")
    assert isinstance(saved, str)
    state = json.loads(saved)
    assert state["format"] == "cardgames.state"
    hands = state["data"]["hands"]
    for seat, reply in enumerate(replies):
        view = json.loads(reply.view)
        assert view["format"] == "cardgames.view"
        assert view["data"]["viewer"] == seat
        assert sorted(view["data"]["hand"]) == sorted(hands[seat])
        assert "rng" not in view["data"]
        assert "stock" not in view["data"]
    # A move by number: the first listed move of the player whose turn it is.
    current = state["data"]["current"]
    name = ["Léa", "Tom", "Sam"][current]
    replies = bot.handle("t", name, "1")
    assert len(replies) == 3
    assert store.load("t") != saved
    # A refused move changes nothing in the store.
    before = store.load("t")
    (refusal,) = bot.handle("t", name, "play 8X")
    assert refusal.to == name
    assert refusal.view is None
    assert store.load("t") == before


def test_embed_in_app_hosts_the_planet_game() -> None:
    app = load("embed_in_app")
    bot = app.TableBot(app.SessionStore())
    replies = bot.handle("p", "Léa", "new planets: Léa, Tom")
    assert "8 dealt" in replies[0].text
    assert "Your moves: 1. keep" in replies[0].text
    (answer,) = bot.handle("p", "Tom", "draw")
    assert answer.text.startswith("I do not understand 'draw'")
    replies = bot.handle("p", "Léa", "1")  # told by cardgames.narration, to each seat
    assert replies[0].text.startswith("you keep ")
    assert replies[1].text.startswith("Léa keeps a card")  # Tom does not see which card


# ----------------------------------------------------------------------------- bot_tournament


def test_bot_tournament_prints_pairings_cross_table_and_standings(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["--deals", "2", "--agents", "random", "heuristic", "ismcts:5", "--seed", "4"]
    status, out, err = run("bot_tournament", argv, capsys)
    assert status == 0, err
    assert "Crazy Eights round robin, rules marquoir: two players, 2 deals a pairing" in out
    for pairing in ("random vs heuristic", "random vs ismcts:5", "heuristic vs ismcts:5"):
        assert re.search(rf"^{pairing} +4 ", out, re.M), pairing
    assert "Cross table" in out
    assert "Standings" in out
    standings = out.split("Standings")[1]
    wins = [float(w) for w in re.findall(r"^\d\. \S+ +8 +([\d.]+) ", standings, re.M)]
    assert len(wins) == 3
    assert sum(wins) == pytest.approx(12)  # every game has a winner


def test_bot_tournament_pairing_counts_both_seatings() -> None:
    tournament = load("bot_tournament")
    forward = tournament.play_pairing(
        "crazy-eights", "random", "heuristic", deals=3, seed=2, rules=None, executor=None
    )
    backward = tournament.play_pairing(
        "crazy-eights", "heuristic", "random", deals=3, seed=2, rules=None, executor=None
    )
    assert forward.games == backward.games == 6
    assert forward.wins + backward.wins == pytest.approx(6)  # the same games, seen from each side
    low, high = forward.interval
    assert 0 <= low <= forward.wins / 6 <= high <= 1


def test_bot_tournament_is_the_same_in_worker_processes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["--deals", "2", "--agents", "random", "heuristic", "--game", "8 américain"]
    status, in_process, _ = run("bot_tournament", argv, capsys)
    assert status == 0
    status, in_pool, _ = run("bot_tournament", [*argv, "--workers", "2"], capsys)
    assert status == 0
    assert in_pool == in_process


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--agents", "random"], "give at least two different agents"),
        (["--agents", "random", "Random"], "give at least two different agents"),
        (["--agents", "random", "genius"], "invalid rules option agent='genius'"),
        (["--game", "bridge"], "unknown game 'bridge'"),
    ],
)
def test_bot_tournament_refuses_bad_arguments(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, err = run("bot_tournament", [*argv, "--deals", "1"], capsys)
    assert status == 2
    assert message in err


# ----------------------------------------------------------------------------- analysis


def test_analysis_prints_win_rates_by_seat(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--games", "30", "--players", "3", "--agent", "random", "--seed", "2"]
    status, out, err = run("analysis_first_player", argv, capsys)
    assert status == 0, err
    assert out.startswith("Crazy Eights, 3 random players, 30 games (rules marquoir, seed 2)")
    assert re.search(r"^seat 1 \(moves first\) ", out, re.M)
    assert re.search(r"^seat 0 \(3rd\) ", out, re.M)
    assert "Fair share: 33.3 %. Does the first player win more often? " in out
    assert "(add --out chart.png to draw the chart)" in out
    rates = [float(r) for r in re.findall(r"^seat \d .*?([\d.]+) % +\[", out, re.M)]
    assert sum(rates) == pytest.approx(100, abs=0.2)


def test_analysis_seat_labels_follow_the_order_of_play() -> None:
    analysis = load("analysis_first_player")
    labels = [analysis.seat_label(seat, 0, 5) for seat in range(5)]
    assert labels == [
        "seat 0 (moves first)",
        "seat 1 (2nd)",
        "seat 2 (3rd)",
        "seat 3 (4th)",
        "seat 4 (5th)",
    ]


def test_analysis_draws_a_png_chart(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("matplotlib", reason="the analysis extra is not installed")
    out = tmp_path / "chart.png"
    argv = ["--game", "planets", "--players", "2", "--games", "6", "--out", str(out)]
    status, text, err = run("analysis_first_player", argv, capsys)
    assert status == 0, err
    assert f"Chart: {out}" in text
    assert out.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    assert "seat 0 (moves first)" in text  # in the planet game seat 0 starts


def test_analysis_without_matplotlib_says_so_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # makes `import matplotlib` fail
    out = tmp_path / "chart.png"
    status, text, err = run("analysis_first_player", ["--games", "2", "--out", str(out)], capsys)
    assert status == 1
    assert err == "error: the chart needs matplotlib: pip install 'pycardgames[analysis]'\n"
    assert text == ""
    assert not out.exists()


# ----------------------------------------------------------------------------- rl_train

RL_SMALL = ["--episodes", "60", "--eval-games", "40", "--block", "20", "--batch", "8"]


def test_rl_train_reports_the_curve_and_both_win_rates(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("gymnasium", reason="the rl extra is not installed")
    pytest.importorskip("matplotlib", reason="the analysis extra is not installed")
    out = tmp_path / "curve.png"
    status, text, err = run("rl_train", [*RL_SMALL, "--seed", "3", "--out", str(out)], capsys)
    assert status == 0, err
    assert text.startswith("Crazy Eights, 2 players, learner in seat 0 vs random: softmax")
    assert re.search(r"^untrained policy .*, 40 evaluation games: [\d.]+ %  95 % CI \[", text, re.M)
    assert re.search(r"^  20: [\d.]+ %  40: [\d.]+ %  60: [\d.]+ %$", text, re.M)
    final = re.search(
        r"^final policy \(greedy\), the same 40 evaluation games: ([\d.]+) %", text, re.M
    )
    assert final is not None
    assert f"Chart: {out}" in text
    assert out.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    # Seeded: the same command prints the same figures (the time aside).
    status, again, _ = run("rl_train", [*RL_SMALL, "--seed", "3", "--out", str(out)], capsys)
    assert status == 0
    assert re.sub(r"in \d+ s", "", again) == re.sub(r"in \d+ s", "", text)


def test_rl_train_hidden_layer_and_other_game(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("gymnasium", reason="the rl extra is not installed")
    argv = [*RL_SMALL, "--game", "8 américain", "--hidden", "8", "--players", "3", "--seat", "1"]
    status, text, err = run("rl_train", argv, capsys)
    assert status == 0, err
    assert text.startswith("8 Américain, 3 players, learner in seat 1 vs random")
    assert "one hidden layer of 8 tanh units" in text
    assert "(add --out curve.png to draw the learning curve)" in text


def test_rl_train_policy_starts_uniform_and_its_gradient_is_right() -> None:
    pytest.importorskip("gymnasium", reason="the rl extra is not installed")
    import numpy as np

    rl = load("rl_train")
    rng = np.random.default_rng(0)
    for hidden in (0, 5):
        policy = rl.Policy(7, 4, hidden, rng)
        policy.w2 += rng.normal(0, 0.5, policy.w2.shape)
        x = rl.features(rng.normal(0, 2, 6).astype(np.float32))
        legal = np.array([0, 2, 3])
        h = policy.layer(x)
        p = policy.probabilities(h, legal)
        assert p.sum() == pytest.approx(1)
        # d log pi(2) / d W, against finite differences
        g1, g2 = policy.gradients(
            x[None], h[None], np.array([2]), [legal], [p], np.array([1.0]), 0.0
        )
        for weights, grad in ((policy.w2, g2), (policy.w1, g1)):
            if not weights.size:
                continue
            i = np.unravel_index(int(np.argmax(np.abs(grad))), grad.shape)
            old = weights[i]
            weights[i] = old + 1e-6
            up = np.log(policy.probabilities(policy.layer(x), legal)[1])
            weights[i] = old - 1e-6
            down = np.log(policy.probabilities(policy.layer(x), legal)[1])
            weights[i] = old
            assert grad[i] == pytest.approx((up - down) / 2e-6, rel=1e-4)
    fresh = rl.Policy(7, 4, 0, rng)
    probabilities = fresh.probabilities(fresh.layer(np.ones(7)), np.array([1, 3]))
    assert probabilities.tolist() == [0.5, 0.5]


def test_rl_train_refuses_bad_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("gymnasium", reason="the rl extra is not installed")
    status, _, err = run("rl_train", ["--game", "bridge", "--episodes", "1"], capsys)
    assert status == 2
    assert "unknown game 'bridge'" in err
    with pytest.raises(SystemExit):
        run("rl_train", ["--eval-games", "0"], capsys)
    assert "--eval-games must be at least 1" in capsys.readouterr().err


# ----------------------------------------------------------------------------- scorekeeper


def test_scorekeeper_crazy_eights_evening(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run("scorekeeper", [], capsys)
    assert status == 0
    assert "Line 2 refused, type it again: cannot parse '9X'" in out
    assert "Line 6 ignored: the match is over." in out
    assert out.count("Round ") == 4
    assert re.search(r"^  Léa +out +0 +83 +83$", out, re.M)
    assert out.rstrip().endswith(
        "Match over after 4 rounds: Léa wins with 227 points (the highest total wins)."
    )


def test_scorekeeper_huit_americain_evening(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run("scorekeeper", ["--game", "8 américain"], capsys)
    assert status == 0
    assert "cannot parse 'Zoé': expected a player of this match (Léa, Tom, Sam)" in out
    assert re.search(r"^  Sam +JOKER 8♥ A♠ A♣ 2♣ +120 +120 +515$", out, re.M)
    assert out.rstrip().endswith(
        "Match over after 6 rounds: Léa wins with 60 points (the lowest total wins)."
    )


def test_scorekeeper_reads_rounds_from_arguments_files_and_stdin(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    rounds = tmp_path / "rounds.txt"
    rounds.write_text("# our evening\nLéa: out; Tom: 8H KS\n\ntom: -; LEA: 3C\n", "utf-8")
    status, out, _ = run("scorekeeper", ["--file", str(rounds)], capsys)
    assert status == 0
    assert re.search(r"^  Léa +3♣ +3 +0 +60$", out, re.M)
    assert "The match goes on: it ends when a total reaches 200" in out

    monkeypatch.setattr(sys, "stdin", io.StringIO("Léa: out; Tom: 2S\n"))
    status, out, _ = run("scorekeeper", ["--file", "-", "--game", "huit americain"], capsys)
    assert status == 0
    assert re.search(r"^  Tom +2♠ +25 +25 +25$", out, re.M)

    status, out, _ = run("scorekeeper", ["--round", "Léa: out; Tom: 8X"], capsys)
    assert status == 1  # a line was refused
    assert "No round was scored." in out


def test_scorekeeper_refuses_other_games(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run("scorekeeper", ["--game", "planets"], capsys)
    assert status == 2
    assert "not 8" in err
    status, _, err = run("scorekeeper", ["--game", "bridge"], capsys)
    assert status == 2
    assert "unknown game 'bridge'" in err


@pytest.mark.parametrize(
    ("line", "players", "problem"),
    [
        ("Léa 8H; Tom: out", None, "expected NAME: CARDS"),
        ("Léa: out; léa: 3C", None, "léa is given twice"),
        ("Léa: out", None, "at least two players"),
        ("Léa: out; Tom: 3C", ["Léa", "Tom", "Sam"], "Sam missing"),
    ],
)
def test_scorekeeper_parse_round_errors(line: str, players: list[str] | None, problem: str) -> None:
    from cardgames import ParseError

    scorekeeper = load("scorekeeper")
    with pytest.raises(ParseError, match=problem):
        scorekeeper.parse_round(line, players)


# ----------------------------------------------------------------------------- the guides


GUIDES = [
    "guides/embedding.md",
    "guides/bots-and-analyses.md",
    "guides/score-keeping.md",
    "compatibility.md",
]


@pytest.mark.parametrize("page", GUIDES)
def test_guide_python_blocks_run(page: str) -> None:
    path = DOCS / page
    namespace: dict[str, object] = {"__name__": "guide"}  # a page's blocks build on each other
    for block in re.findall(r"```python\n(.*?)```", path.read_text(encoding="utf-8"), re.S):
        exec(compile(block, str(path), "exec"), namespace)
