"""Draw ``docs/images/cardgames-play.svg``: ``cardgames play crazy-eights`` at a terminal.

Run it from the repository root, with the package installed (pexpect comes with the ``test``
extra; it needs a pseudo-terminal, so not on Windows)::

    python docs/images/make_terminal_svg.py            # write the picture
    python docs/images/make_terminal_svg.py --check    # exit 1 if the picture is out of date

It starts ``cardgames play crazy-eights --seed 1`` in a pseudo-terminal 100 columns wide (a
terminal with colours, in English), types the answers of ``INPUTS`` at the prompts, and draws
what the terminal showed as an SVG: one ``<text>`` element per line, the typed answers in bold,
the cards of the red suits in red as the terminal shows them, lines longer than the terminal
wrapped as the terminal wraps them. In the lines it works with, red text lies between `RED` and
`PLAIN` (the terminal's other colour codes are left out). The seed fixes the deal and the bots'
moves, so the same command draws the same picture until the command line prints something else;
``tests/test_docs_pictures.py`` checks that it still shows what the command prints.

Nothing here is a test: the module only defines functions, and runs when executed.
"""

from __future__ import annotations

import argparse
import importlib
import os
import re
import sys
from pathlib import Path
from typing import Any
from xml.etree import ElementTree
from xml.sax.saxutils import escape

ARGS = ("play", "crazy-eights", "--seed", "1")
INPUTS = ("1", "draw", "2")
RED = "\x1b[31m"
"""Where red text starts in a line of `capture` (the terminal's code for red)."""
PLAIN = "\x1b[0m"
"""Where red text ends."""
_SGR = re.compile(r"\x1b\[([0-9;]*)m")
PROMPT = "Your move> "
COLUMNS = 100
OUT = Path(__file__).resolve().parent / "cardgames-play.svg"

# The drawing: a dark terminal window, 14 px monospace text.
_FONT = "'DejaVu Sans Mono', Menlo, Consolas, 'Liberation Mono', monospace"
_CHAR_WIDTH = 8.43  # DejaVu Sans Mono at 14 px: 0.602 em
_LINE_HEIGHT = 18
_PAD = 16
_TITLE_BAR = 34


def capture(inputs: tuple[str, ...] = INPUTS, *, timeout: float = 30) -> list[str]:
    """The lines a terminal shows while ``cardgames play`` is answered with ``inputs``.

    The first line is the command as typed at a shell prompt; the last is the prompt that
    waits for the next move. Lines are wrapped at `COLUMNS` characters, as the terminal does.
    """
    # Only here, so that importing this module does not need it; by name, as pexpect ships
    # no type hints (tests/test_cli_pty.py does the same).
    pexpect: Any = importlib.import_module("pexpect")

    env = dict(os.environ, PYTHONUTF8="1", PYTHONIOENCODING="utf-8", COLUMNS=str(COLUMNS))
    for name in ("NO_COLOR", "LC_ALL", "LC_MESSAGES"):
        env.pop(name, None)
    env.update(LANG="C.UTF-8", TERM="xterm-256color")  # English, with colours
    child: Any = pexpect.spawn(
        sys.executable,
        ["-m", "cardgames", *ARGS],
        env=env,
        encoding="utf-8",
        timeout=timeout,
        dimensions=(50, COLUMNS),
    )
    shown: list[str] = []
    try:
        child.expect_exact(PROMPT)
        shown.append(child.before + PROMPT)
        for answer in inputs:
            child.sendline(answer)
            child.expect_exact(PROMPT)
            shown.append(child.before + PROMPT)  # the echo of the answer, then the output
    finally:
        child.close(force=True)
    text = "".join(shown).replace("\r\n", "\n")
    lines = ["$ cardgames " + " ".join(ARGS), *text.split("\n")]
    return [part for line in lines for part in _wrap(_only_red(line))]


def _only_red(line: str) -> str:
    """The line with its red runs between `RED` and `PLAIN`, and no other colour code."""
    out: list[str] = []
    red = False
    position = 0
    for match in _SGR.finditer(line):
        out.append(line[position : match.start()])
        position = match.end()
        codes = match.group(1).split(";")
        now = "31" in codes or (red and not {"", "0", "39"} & set(codes))
        if now != red:
            out.append(RED if now else PLAIN)
            red = now
    out.append(line[position:])
    if red:
        out.append(PLAIN)
    return "".join(out).replace(RED + PLAIN, "")


def _segments(line: str) -> list[tuple[str, bool]]:
    """The line's text in runs: ``(text, red)``."""
    parts = re.split(f"({re.escape(RED)}|{re.escape(PLAIN)})", line)
    runs: list[tuple[str, bool]] = []
    red = False
    for part in parts:
        if part == RED:
            red = True
        elif part == PLAIN:
            red = False
        elif part:
            runs.append((part, red))
    return runs


def _wrap(line: str) -> list[str]:
    """The line cut every `COLUMNS` characters shown, as the terminal wraps it."""
    shown = [(char, red) for text, red in _segments(line) for char in text]
    rows = [shown[i : i + COLUMNS] for i in range(0, len(shown), COLUMNS)] or [[]]
    return [_join(row) for row in rows]


def _join(cells: list[tuple[str, bool]]) -> str:
    """Characters with their colour back into a line with `RED` and `PLAIN` markers."""
    out = ""
    red = False
    for char, now in cells:
        if now != red:
            out += RED if now else PLAIN
            red = now
        out += char
    return out + (PLAIN if red else "")


def render_svg(lines: list[str], title: str) -> str:
    """An SVG terminal window showing ``lines`` (typed answers after `PROMPT` in bold).

    Examples:
        >>> svg = render_svg(["$ cardgames play", "Your move> 1"], "cardgames")
        >>> svg.startswith("<svg") and transcript_of_svg(svg)
        ['$ cardgames play', 'Your move> 1']
    """
    width = round(2 * _PAD + COLUMNS * _CHAR_WIDTH)
    height = _TITLE_BAR + 2 * _PAD + len(lines) * _LINE_HEIGHT
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" aria-labelledby="title">',
        f'<title id="title">{escape(title)}</title>',
        "<style>",
        f"text {{ font-family: {_FONT}; font-size: 14px; fill: #d8dee9; white-space: pre; }}",
        ".input { font-weight: bold; fill: #ebcb8b; }",
        ".prompt { fill: #a3be8c; }",
        ".red { fill: #e06c75; }",
        ".title { font-size: 13px; fill: #9aa3b2; }",
        "</style>",
        f'<rect width="{width}" height="{height}" rx="8" fill="#2e3440"/>',
        f'<rect width="{width}" height="{_TITLE_BAR}" rx="8" fill="#3b4252"/>',
        f'<rect y="{_TITLE_BAR - 8}" width="{width}" height="8" fill="#3b4252"/>',
        '<circle cx="20" cy="17" r="6" fill="#bf616a"/>',
        '<circle cx="40" cy="17" r="6" fill="#ebcb8b"/>',
        '<circle cx="60" cy="17" r="6" fill="#a3be8c"/>',
        f'<text class="title" x="{width // 2}" y="22" text-anchor="middle">{escape(title)}</text>',
    ]
    for i, line in enumerate(lines):
        y = _TITLE_BAR + _PAD + (i + 1) * _LINE_HEIGHT - 4
        if line.startswith(PROMPT):
            answer = line[len(PROMPT) :]
            body = f'<tspan class="prompt">{escape(PROMPT)}</tspan>'
            if answer:
                body += f'<tspan class="input">{escape(answer)}</tspan>'
        elif line.startswith("$ "):
            body = (
                f'<tspan class="prompt">$ </tspan><tspan class="input">{escape(line[2:])}</tspan>'
            )
        else:
            body = "".join(
                f'<tspan class="red">{escape(text)}</tspan>' if red else escape(text)
                for text, red in _segments(line)
            )
        out.append(f'<text x="{_PAD}" y="{y}" xml:space="preserve">{body}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def transcript_of_svg(svg: str) -> list[str]:
    """The terminal lines an SVG of `render_svg` shows (its title bar left out).

    Red runs come back between `RED` and `PLAIN`, as `capture` writes them.
    """
    root = ElementTree.fromstring(svg)
    texts = root.findall("{http://www.w3.org/2000/svg}text")
    lines = []
    for text in texts:
        if text.get("class") == "title":
            continue
        line = text.text or ""
        for span in text:
            inner = "".join(span.itertext())
            line += f"{RED}{inner}{PLAIN}" if span.get("class") == "red" else inner
            line += span.tail or ""
        lines.append(line)
    return lines


def main(argv: list[str] | None = None) -> int:
    """Write the picture; with ``--check``, say whether it is up to date (exit 1 if not)."""
    parser = argparse.ArgumentParser(description="Draw the terminal picture of the docs.")
    parser.add_argument("--out", type=Path, default=OUT, help=f"the SVG to write ({OUT.name})")
    parser.add_argument(
        "--check", action="store_true", help="only say whether the SVG is up to date"
    )
    args = parser.parse_args(argv)
    lines = capture()
    if args.check:
        shown = transcript_of_svg(args.out.read_text(encoding="utf-8"))
        if shown != lines:
            print(f"{args.out} is out of date: run python {Path(__file__).name}", file=sys.stderr)
            return 1
        print(f"{args.out} is up to date")
        return 0
    args.out.write_text(render_svg(lines, "cardgames " + " ".join(ARGS)), encoding="utf-8")
    print(f"wrote {args.out} ({len(lines)} lines)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
