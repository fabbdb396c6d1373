"""Draw ``docs/images/cardgames-play.svg``: ``cardgames play crazy-eights`` at a terminal.

Run it from the repository root, with the package installed (pexpect comes with the ``test``
extra; it needs a pseudo-terminal, so not on Windows)::

    python docs/images/make_terminal_svg.py            # write the picture
    python docs/images/make_terminal_svg.py --check    # exit 1 if the picture is out of date

It starts ``cardgames play crazy-eights --seed 1`` in a pseudo-terminal 100 columns wide, types
the answers of ``INPUTS`` at the prompts, and draws what the terminal showed as an SVG: one
``<text>`` element per line, the typed answers in bold, lines longer than the terminal wrapped
as the terminal wraps them. The seed fixes the deal and the bots' moves, so the same command
draws the same picture until the command line prints something else;
``tests/test_docs_pictures.py`` checks that it still shows what the command prints.

Nothing here is a test: the module only defines functions, and runs when executed.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from pathlib import Path
from typing import Any
from xml.etree import ElementTree
from xml.sax.saxutils import escape

ARGS = ("play", "crazy-eights", "--seed", "1")
INPUTS = ("1", "draw", "pass")
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
    env.pop("NO_COLOR", None)
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
    return [part for line in lines for part in _wrap(line)]


def _wrap(line: str) -> list[str]:
    return [line[i : i + COLUMNS] for i in range(0, len(line), COLUMNS)] or [""]


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
            body = escape(line)
        out.append(f'<text x="{_PAD}" y="{y}" xml:space="preserve">{body}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def transcript_of_svg(svg: str) -> list[str]:
    """The terminal lines an SVG of `render_svg` shows (its title bar left out)."""
    root = ElementTree.fromstring(svg)
    texts = root.findall("{http://www.w3.org/2000/svg}text")
    return ["".join(text.itertext()) for text in texts if text.get("class") != "title"]


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
