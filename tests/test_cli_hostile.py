"""The `cardgames` command line against hostile arguments: bounded work, clean terminals.

``simulate --workers`` starts at most `MAX_WORKERS` processes and never more than games (a
slip such as ``--workers 99999`` started thousands); ``score`` refuses a player's name with a
control character (it was written to the terminal as it was: escape sequences); ``serve
--bot-delay nan`` is a usage error of ``--bot-delay`` like any other out-of-range delay.
"""

from __future__ import annotations

import concurrent.futures
from typing import Any, ClassVar

import pytest

from cardgames.cli import main
from cardgames.cli.simulation import MAX_WORKERS

Result = tuple[int, str, str]


def run(capsys: pytest.CaptureFixture[str], *args: str) -> Result:
    code = main(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def assert_usage_error(result: Result, *needles: str) -> None:
    status, out, err = result
    assert status == 2, (status, out, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err
    assert "\x1b" not in out + err
    for needle in needles:
        assert needle in lines[0], lines[0]


class RecordingPool(concurrent.futures.ThreadPoolExecutor):
    """A pool of threads standing for the worker processes, that records its size."""

    sizes: ClassVar[list[int]] = []

    def __init__(self, max_workers: int, **kwargs: Any) -> None:
        RecordingPool.sizes.append(max_workers)
        super().__init__(max_workers=max_workers)


@pytest.fixture
def pools(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    RecordingPool.sizes = []
    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", RecordingPool)
    return RecordingPool.sizes


SIMULATE = ["simulate", "crazy-eights", "--agents", "random", "--players", "2", "--seed", "1"]


@pytest.mark.parametrize("workers", [MAX_WORKERS + 1, 99999, 10**30])
def test_simulate_starts_a_bounded_number_of_workers(
    capsys: pytest.CaptureFixture[str], pools: list[int], workers: int
) -> None:
    result = run(capsys, *SIMULATE, "--games", "1000", "--workers", str(workers))
    assert_usage_error(result, "--workers", f"at most {MAX_WORKERS}")
    assert pools == []


def test_simulate_starts_no_more_workers_than_games(
    capsys: pytest.CaptureFixture[str], pools: list[int]
) -> None:
    status, out, err = run(capsys, *SIMULATE, "--games", "3", "--workers", str(MAX_WORKERS))
    assert status == 0, err
    assert pools == [3]
    alone = run(capsys, *SIMULATE, "--games", "3")
    assert alone[0] == 0
    assert alone[1] == out  # the same games, whatever the pool


@pytest.mark.parametrize(
    "args",
    [
        ["crazy-eights", "--winner", "\x1b[2JLéa", "--hand", "Tom=8H KS"],
        ["crazy-eights", "--winner", "Léa", "--hand", "\x1b]0;owned\x07Tom=8H KS"],
        ["crazy-eights", "--blocked", "--hand", "Léa=2C", "--hand", "To\u202em=8H"],
        ["huit-americain", "--winner", "Léa", "--hand", "Tom\x00=8H"],
        ["planets", "--tally", "Léa=hand 3", "--tally", "\x1b[31mTom=hand 5"],
    ],
)
def test_score_refuses_a_name_with_a_control_character(
    capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    assert_usage_error(run(capsys, "score", *args), "a name has no control characters")


def test_score_keeps_names_that_are_printable(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(
        capsys, "score", "crazy-eights", "--winner", "Léa Ø", "--hand", "Tôm-Œ=8H KS"
    )
    assert status == 0, err
    assert "Léa Ø" in out


@pytest.mark.parametrize("delay", ["nan", "-nan", "inf", "-0.5"])
def test_serve_refuses_any_bot_delay_out_of_range_as_a_usage_error(
    capsys: pytest.CaptureFixture[str], delay: str
) -> None:
    pytest.importorskip("starlette", reason="the web extra is not installed")
    result = run(capsys, "serve", "--port", "0", "--database", "sqlite://", "--bot-delay", delay)
    assert_usage_error(result, "--bot-delay")
    assert "listening" not in result[1]
