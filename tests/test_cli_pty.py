"""`cardgames play` driven through a real pseudo-terminal, as a person at a terminal uses it."""

from __future__ import annotations

import os
import re
import signal
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


def _default_interrupt() -> None:
    """In the child: Ctrl-C interrupts, even if the test runner was started ignoring SIGINT.

    A process started in the background by a non-interactive shell (``nohup cmd &``) ignores
    SIGINT, and its children inherit that; Python then never raises KeyboardInterrupt.
    """
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def spawn(*args: str, **environ: str) -> Any:
    """``cardgames play ARGS`` in a terminal with colours, in English unless ``environ`` says."""
    env = dict(os.environ, PYTHONUTF8="1", PYTHONIOENCODING="utf-8", COLUMNS="100")
    for name in ("NO_COLOR", "LC_ALL", "LC_MESSAGES"):
        env.pop(name, None)
    env.update(LANG="C.UTF-8", TERM="xterm-256color", **environ)
    child = pexpect.spawn(
        sys.executable,
        ["-m", "cardgames", "play", *args],
        env=env,
        encoding="utf-8",
        timeout=TIMEOUT,
        dimensions=(40, 100),
        preexec_fn=_default_interrupt,
    )
    child.expect_exact(PROMPT)
    return child


ANSI = re.compile(r"\x1b\[[0-9;]*m")


def plain(text: str) -> str:
    """What the terminal shows, without its colour codes."""
    return ANSI.sub("", text)


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


def test_the_announcing_move_comes_first() -> None:
    """Laying the second-to-last card, "1" announces it: typing 1 no longer forgets "carte!"."""
    child = spawn("crazy-eights", "--seed", "1", "--rules", "hand_size=2", "--agents", "random")
    try:
        shown = plain(child.before)
        first, second = re.findall(r"^\s+[12]\. (.*)$", shown, re.M)[:2]
        assert "without announcing" in second
        assert "without announcing" not in first
        child.sendline("1")
        child.expect_exact('and say "last card!"')
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.close()


def test_a_forced_move_is_played_with_a_line_saying_so() -> None:
    child = spawn("crazy-eights", "--seed", "1")
    try:
        child.sendline("1")
        child.expect_exact(PROMPT)
        child.sendline("draw")  # the card drawn does not fit: passing is all that is left
        child.expect_exact("Your only move, played for you: pass.")
        child.expect_exact(PROMPT)
        assert "You pass" in plain(child.before)
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.close()


def test_red_suits_on_a_colour_terminal_plain_with_no_color() -> None:
    child = spawn("crazy-eights", "--seed", "1")
    try:
        # The hand holds 3♥, 7♥ and 10♥ (seed 1): each is wrapped in a colour code.
        assert re.search(r"\x1b\[[0-9;]*31[0-9;]*m10♥", child.before), repr(child.before[:400])
        assert not re.search(r"\x1b\[[0-9;]*m10♠", child.before)  # black suits stay plain
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    child = spawn("crazy-eights", "--seed", "1", NO_COLOR="1")
    try:
        assert "10♥" in child.before
        assert "\x1b[" not in child.before
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.close()


def test_french_at_the_terminal_and_the_planet_players_knowledge() -> None:
    env = dict(os.environ, PYTHONUTF8="1", PYTHONIOENCODING="utf-8", LANG="fr_FR.UTF-8")
    for name in ("LC_ALL", "LC_MESSAGES"):  # LANG decides: the French locale
        env.pop(name, None)
    child = pexpect.spawn(
        sys.executable,
        ["-m", "cardgames", "play", "planets", "--seed", "4"],
        env=env,
        encoding="utf-8",
        timeout=TIMEOUT,
        dimensions=(40, 100),
        preexec_fn=_default_interrupt,
    )
    try:
        child.expect_exact("Ton coup> ")
        assert "Tu es à la place 0" in child.before
        for _ in range(6):  # keep, give, then the next turns: what was given is remembered
            child.sendline("1")
            child.expect_exact("Ton coup> ")
            if "Tu sais que : " in child.before:
                break
        else:
            pytest.fail("the view never says what was given")
        assert re.search(r"Tu sais que : \w+ a \w+", plain(child.before))
        child.sendline("quit")
        child.expect_exact("Au revoir.")
    finally:
        child.close()
