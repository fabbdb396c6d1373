"""`cardgames play` driven through a real pseudo-terminal, as a person at a terminal uses it."""

from __future__ import annotations

import os
import re
import sys
from typing import Any

import pytest

pexpect: Any = pytest.importorskip(
    "pexpect", reason="pexpect drives the pseudo-terminal (pip install pexpect; not on Windows)"
)
# pexpect ships no type hints: the module is typed as Any above rather than with
# `# type: ignore[import-untyped]`, so that mypy passes whether or not it is installed.

PROMPT = "Your move> "
TIMEOUT = 20


def spawn(*args: str) -> Any:
    env = dict(os.environ, PYTHONUTF8="1", PYTHONIOENCODING="utf-8", COLUMNS="100")
    child = pexpect.spawn(
        sys.executable,
        ["-m", "cardgames", "play", *args],
        env=env,
        encoding="utf-8",
        timeout=TIMEOUT,
        dimensions=(40, 100),
    )
    child.expect_exact(PROMPT)
    return child


def moves_shown(text: str) -> list[str]:
    """The numbered moves listed before a prompt."""
    return re.findall(r"^\s+(\d+)\. ", text, re.M)


def test_play_at_a_terminal() -> None:
    child = spawn("crazy-eights", "--seed", "1")
    try:
        before = child.before
        assert "You sit at seat 0" in before
        assert "Your hand: " in before
        assert "Top card: " in before
        assert "Hands: you 7" in before
        assert "Turn: you" in before
        assert moves_shown(before)[0] == "1"

        child.sendline("1")  # the first legal move, by number
        child.expect_exact(PROMPT)
        assert "You lay " in child.before or "You draw " in child.before

        child.sendline("play 9Z")  # not a move
        child.expect_exact(PROMPT)
        assert "Not a move: cannot parse" in child.before

        child.sendline("callout 0")  # a move, never legal: nobody can be called out
        child.expect_exact(PROMPT)
        assert "Not allowed now: callout 0 (" in child.before

        child.sendline("help")
        child.expect_exact(PROMPT)
        assert "play 8H name spades" in child.before
        assert "quit" in child.before

        child.sendeof()  # Ctrl-D
        child.expect_exact("Bye.")
        child.expect(pexpect.EOF)
        assert "Traceback" not in child.before
    finally:
        child.close()
    assert child.exitstatus == 0


def test_ctrl_c_leaves_cleanly() -> None:
    child = spawn("planets", "--seed", "3")
    try:
        child.sendintr()  # Ctrl-C
        child.expect_exact("Game abandoned.")
        child.expect(pexpect.EOF)
        assert "Traceback" not in child.before
    finally:
        child.close()
    assert child.exitstatus == 130
