"""Terminal output of the command line: lines, tables and progress bars.

Tables and progress bars use `rich` when it is installed (the ``cli`` extra) and fall back to
plain text otherwise, so the ``cardgames`` command works, less prettily, without it. Plain
lines go through `print`, so what they hold is never read as markup.

Typing: the test environment may lack the ``cli`` extra, so each import of `rich` carries
``# type: ignore[import-not-found, unused-ignore]``: without rich, mypy sees its names as
``Any``; with rich (the ignore then unused, and silenced), everything is checked.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any, Protocol, TextIO

__all__ = [
    "Progress",
    "can_show",
    "colour_console",
    "has_rich",
    "print_table",
    "progress_bar",
    "say",
]

_SYMBOLS = "♣♦♥♠–·"
_RED_CARDS = re.compile(r"(?:10|[2-9JQKA])?[♥♦]")
"""Hearts and diamonds (with their rank, when written as a card): shown in red."""


def has_rich() -> bool:
    """Whether `rich` can be imported (tables and progress bars then use it)."""
    try:
        import rich  # type: ignore[import-not-found, unused-ignore]  # noqa: F401  (a probe)
    except ImportError:
        return False
    return True


def can_show(text: str = _SYMBOLS, stream: TextIO | None = None) -> bool:
    """Whether ``stream`` (default: standard output) can encode ``text`` (suit symbols)."""
    encoding = getattr(stream or sys.stdout, "encoding", None) or "ascii"
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def colour_console() -> Any | None:
    """A `rich` console for standard output when it is a terminal that shows colours.

    ``None`` (plain text) when rich is not installed, when the output is not a terminal (a pipe,
    a file), when ``NO_COLOR`` is set (https://no-color.org) or when the terminal has no colours
    (``TERM=dumb``).
    """
    if os.environ.get("NO_COLOR") or not has_rich():
        return None
    isatty = getattr(sys.stdout, "isatty", None)
    try:
        if not callable(isatty) or not isatty():
            return None
    except ValueError:  # a closed stream
        return None
    from rich.console import Console  # type: ignore[import-not-found, unused-ignore]

    console = Console(highlight=False, soft_wrap=True, emoji=False, markup=False)
    return console if console.color_system is not None else None


def say(text: str) -> None:
    """Print a line; on a terminal with colours, the red suits' cards in red (``8♥``, ``K♦``).

    The text is never read as markup: a player's name is printed as it is.
    """
    console = colour_console()
    if console is None:
        print(text)
        return
    from rich.text import Text  # type: ignore[import-not-found, unused-ignore]

    line = Text(text)
    line.highlight_regex(_RED_CARDS, "red")
    console.print(line)


def print_table(
    title: str | None,
    columns: Sequence[str],
    rows: Sequence[Sequence[str]],
    *,
    right: Sequence[int] = (),
    fancy: bool | None = None,
) -> None:
    """Print a table on standard output.

    Args:
        title: A caption printed above the table, if any.
        columns: The column headings.
        rows: The cells, as text, one sequence per row.
        right: The indexes of the columns to align on the right (numbers).
        fancy: Use `rich` (default: when it is installed and the output can show box lines).
    """
    if fancy is None:
        fancy = has_rich() and can_show("─│")
    if fancy:
        _rich_table(title, columns, rows, right)
    else:
        _plain_table(title, columns, rows, right)


def _rich_table(
    title: str | None, columns: Sequence[str], rows: Sequence[Sequence[str]], right: Sequence[int]
) -> None:
    from rich import box  # type: ignore[import-not-found, unused-ignore]
    from rich.console import Console  # type: ignore[import-not-found, unused-ignore]
    from rich.table import Table  # type: ignore[import-not-found, unused-ignore]
    from rich.text import Text  # type: ignore[import-not-found, unused-ignore]

    table = Table(
        title=title,
        title_justify="left",
        title_style="bold",
        box=box.SIMPLE_HEAD,
        show_edge=False,
        highlight=False,
    )
    for index, heading in enumerate(columns):
        table.add_column(heading, justify="right" if index in right else "left")
    for row in rows:
        cells = [Text(cell) for cell in row]
        for cell in cells:
            cell.highlight_regex(_RED_CARDS, "red")  # shown only where colours are
        table.add_row(*cells)
    console = Console(highlight=False, soft_wrap=False)
    with console.capture() as captured:
        console.print(table)
    lines = captured.get().splitlines()
    sys.stdout.write("".join(line.rstrip() + "\n" for line in lines))


def _plain_table(
    title: str | None, columns: Sequence[str], rows: Sequence[Sequence[str]], right: Sequence[int]
) -> None:
    widths = [len(heading) for heading in columns]
    for row in rows:
        for index, cell in enumerate(row):
            widths[index] = max(widths[index], len(cell))

    def line(cells: Sequence[str]) -> str:
        parts = [
            cell.rjust(widths[i]) if i in right else cell.ljust(widths[i])
            for i, cell in enumerate(cells)
        ]
        return "  ".join(parts).rstrip()

    if title:
        print(title)
    print(line(columns))
    print(line(["-" * width for width in widths]))
    for row in rows:
        print(line(row))


class Progress(Protocol):
    """Receives the number of finished items as work goes on."""

    def __call__(self, done: int, total: int) -> None:
        """Show that ``done`` of ``total`` items are finished."""


@contextmanager
def progress_bar(description: str, total: int, *, fancy: bool | None = None) -> Iterator[Progress]:
    """A progress bar on standard error, for the duration of a ``with`` block.

    The block receives a callable to report ``(done, total)``. With `rich` this is a live bar
    (drawn only on a terminal); without it, a counter rewritten in place on a terminal, and
    nothing otherwise, so that logs stay clean.

    Args:
        description: What is being counted ("games").
        total: The number of items expected.
        fancy: Use `rich` (default: when it is installed).
    """
    if fancy is None:
        fancy = has_rich()
    sys.stdout.flush()  # what was printed before the bar comes before it
    if fancy:
        import rich.progress  # type: ignore[import-not-found, unused-ignore]
        from rich.console import Console  # type: ignore[import-not-found, unused-ignore]

        bars = rich.progress
        with bars.Progress(
            bars.TextColumn("{task.description}"),
            bars.BarColumn(),
            bars.MofNCompleteColumn(),
            bars.TimeElapsedColumn(),
            bars.TimeRemainingColumn(),
            console=Console(stderr=True),
            transient=False,
        ) as bar:
            task = bar.add_task(description, total=total)

            def advance(done: int, total: int) -> None:
                bar.update(task, completed=done, total=total)

            yield advance
        return
    live = sys.stderr.isatty()
    shown = [-1]

    def count(done: int, total: int) -> None:
        if live and done != shown[0]:
            shown[0] = done
            sys.stderr.write(f"\r{description} {done}/{total}")
            sys.stderr.flush()

    try:
        yield count
    finally:
        if live and shown[0] >= 0:
            sys.stderr.write("\n")
