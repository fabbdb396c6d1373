"""Every ``cardgames`` command that README.md and docs/cli.md show runs as written.

The commands are read from the documents themselves (code blocks, ``$``-prompted lines and
inline code), so a documented command that stops working fails here. A command the document
shows followed by an error line (``cardgames demo: error: …``) must fail with exit status 2
and print that prefix; every other command must exit 0. Synopsis lines (``cardgames demo GAME
[--players N]``) and a command's bare name in prose (``cardgames demo``) are not commands and
are skipped. The commands of one document run in order
in one temporary folder, so ``--record game.json`` comes before ``replay game.json``.
"""

from __future__ import annotations

import argparse
import os
import re
import shlex
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = ("README.md", "docs/cli.md")

# Words that only a synopsis holds: placeholders and optional parts.
_PLACEHOLDER = re.compile(r"\b(GAME|FILE|COMMAND|NAME|ITEMS|CARDS)\b|[\[…]|\bN\b|--help")


def _command_of(line: str) -> str | None:
    """The ``cardgames`` command on a line of a document, or None."""
    line = line.strip()
    if line.startswith("$ "):
        line = line[2:]
    if "&&" in line:  # README's set-up line: the command is the last part
        line = line.rsplit("&&", 1)[1].strip()
    line = re.sub(r"^(\.venv/bin/)", "", line)
    if not line.startswith("cardgames ") or ": error:" in line.split("  #")[0]:
        return None
    return line


def documented_commands(document: str) -> list[tuple[str, str | None]]:
    """``(command, expected error prefix or None)`` in the order the document shows them."""
    text = (ROOT / document).read_text(encoding="utf-8")
    found: list[tuple[int, str, str | None]] = []
    for block in re.finditer(r"```\w*\n(.*?)```", text, re.S):
        lines = block.group(1).splitlines()
        for i, line in enumerate(lines):
            command = _command_of(line)
            if command is None:
                continue
            comment = ""
            if "  #" in command:
                command, comment = (part.strip() for part in command.split("  #", 1))
            following = lines[i + 1].strip() if i + 1 < len(lines) else ""
            error = following.split(": error:")[0] if ": error:" in following else None
            found.append((block.start() + i, command, error))
            then = re.search(r"then: (cardgames .*)$", comment)
            if then:
                found.append((block.start() + i, then.group(1).strip(), None))
    prose = re.sub(r"```.*?```", lambda m: " " * len(m.group()), text, flags=re.S)
    for inline in re.finditer(r"`(cardgames [^`]+)`", prose):
        found.append((inline.start(), " ".join(inline.group(1).split()), None))
    found.sort(key=lambda item: item[0])
    return [(c, e) for _, c, e in found if not _PLACEHOLDER.search(c) and not _is_reference(c)]


def _is_reference(command: str) -> bool:
    """Prose names a command (`cardgames demo`) without running it; `cardgames games` runs."""
    words = command.split()
    return len(words) == 2 and words[1] != "games"


def test_the_documents_show_commands() -> None:
    """The extraction itself works: it finds the commands the test is about."""
    readme = [c for c, _ in documented_commands("README.md")]
    assert "cardgames demo crazy-eights --seed 7" in readme
    assert any(c.startswith("cardgames simulate crazy-eights --games 1000") for c in readme)
    cli = documented_commands("docs/cli.md")
    assert ("cardgames demo bridge", "cardgames demo") in cli
    assert len(cli) >= 10


@pytest.mark.parametrize("document", DOCUMENTS)
def test_every_documented_command_runs(document: str, tmp_path: Path) -> None:
    env = dict(os.environ, PYTHONUTF8="1", COLUMNS="100", NO_COLOR="1")
    env.pop("CI", None)
    failures: list[str] = []
    for command, error in documented_commands(document):
        argv = shlex.split(command)
        done = subprocess.run(
            [sys.executable, "-m", "cardgames", *argv[1:]],
            cwd=tmp_path,
            env=env,
            stdin=subprocess.DEVNULL,  # `cardgames play` reads end of input and leaves
            capture_output=True,
            text=True,
            encoding="utf-8",
            timeout=300,
            check=False,
        )
        if error is None and done.returncode != 0:
            failures.append(f"{command}\n  exit {done.returncode}: {done.stderr.strip()[-300:]}")
        elif error is not None and (
            done.returncode != 2 or not done.stderr.startswith(f"{error}: error:")
        ):
            failures.append(
                f"{command}\n  expected exit 2 and '{error}: error:', got exit "
                f"{done.returncode}: {done.stderr.strip()[-300:]}"
            )
    assert not failures, f"documented commands of {document} that fail:\n" + "\n".join(failures)


def _help_examples() -> list[tuple[str, int]]:
    """``(command, index)`` of every example that a command's ``--help`` shows."""
    from cardgames.cli.app import EXAMPLES

    return [(command, i) for command, examples in EXAMPLES.items() for i in range(len(examples))]


def test_every_help_ends_with_two_examples() -> None:
    from cardgames.cli.app import EXAMPLES, build_parser

    parser = build_parser()
    (subcommands,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    assert set(subcommands.choices) == set(EXAMPLES)
    for command, examples in EXAMPLES.items():
        help_text = subcommands.choices[command].format_help()
        for action in subcommands.choices[command]._actions:
            assert action.help, f"{command} {action.option_strings or action.dest} has no help"
        assert help_text.rstrip().endswith(examples[1]), command
        assert len(examples) == 2


# One test per example (not one loop over all of them): the slowest (simulations of a thousand
# games) then run side by side under pytest-xdist, and a failure names its example.
@pytest.mark.parametrize(("command", "index"), _help_examples())
def test_every_help_example_runs(command: str, index: int, tmp_path: Path) -> None:
    from cardgames.cli.app import EXAMPLES

    env = dict(os.environ, PYTHONUTF8="1", NO_COLOR="1")
    example = EXAMPLES[command][index]
    argv = _argv_of(example)
    if command == "serve":  # a server: it must start, then stop on Ctrl-C
        problem = _serve_starts_and_stops(argv, tmp_path, env)
        assert problem is None, f"{example}: {problem}"
        return
    for earlier in EXAMPLES[command][:index]:  # the file an earlier example writes
        if "--record" in earlier:
            made = _run(_argv_of(earlier), tmp_path, env)
            assert made.returncode == 0, f"{earlier}: exit {made.returncode}: {made.stderr}"
    done = _run(argv, tmp_path, env)
    assert done.returncode == 0, f"{example}: exit {done.returncode}: {done.stderr[-300:]}"


def _argv_of(example: str) -> list[str]:
    """The arguments after ``cardgames`` (or ``python -m cardgames``) of an example."""
    argv = shlex.split(example)
    return argv[3:] if argv[:3] == ["python", "-m", "cardgames"] else argv[1:]


def _run(argv: list[str], cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cardgames", *argv],
        cwd=cwd,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=300,
        check=False,
    )


def _serve_starts_and_stops(argv: list[str], cwd: Path, env: dict[str, str]) -> str | None:
    """Run a ``cardgames serve`` example on a free port: it must answer, then exit 0 on SIGINT.

    The signal is sent once the server answers a request, not when it prints its first line:
    that line comes before uvicorn installs its signal handlers, and a SIGINT sent in between
    is lost when the process started with SIGINT ignored (as every command of a shell's
    background job does, a test run started with ``&`` included): the server never stopped. It
    is started that way here, so that a signal sent too early shows as that failure at once.
    """
    if sys.platform == "win32":  # pragma: no cover - no SIGINT to send there
        return None
    pytest.importorskip("uvicorn")
    port = argv.index("--port") + 1
    argv = [*argv[:port], "0", *argv[port + 1 :]]
    sigint_ignored = ["sh", "-c", "trap '' INT; exec \"$@\"", "sh"]
    with subprocess.Popen(
        [*sigint_ignored, sys.executable, "-m", "cardgames", *argv],
        cwd=cwd,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        encoding="utf-8",
    ) as server:
        assert server.stdout is not None
        first = server.stdout.readline()
        listening = re.match(r"cardgames serve: listening on (http://\S+)", first)
        answered = listening is not None and _answers(listening[1], server)
        server.send_signal(signal.SIGINT)
        try:
            _, err = server.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            server.kill()
            return "did not stop on SIGINT"
    if not listening:
        return f"did not start: {first!r} {err[-300:]}"
    if not answered:
        return f"did not answer at {listening[1]}: {err[-300:]}"
    if server.returncode != 0:
        return f"exit {server.returncode} after SIGINT: {err[-300:]}"
    return None


def _answers(url: str, server: subprocess.Popen[str], timeout: float = 60) -> bool:
    """Whether the server at ``url`` answers its home page within ``timeout`` seconds."""
    url = url.replace("//0.0.0.0:", "//127.0.0.1:").replace("//[::]:", "//[::1]:")
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and server.poll() is None:
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                return bool(response.status == 200)
        except OSError:  # not serving yet (refused, reset): the lifespan is still starting
            time.sleep(0.05)
    return False
