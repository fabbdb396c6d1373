"""The ``cardgames`` command: its argument parser, the dispatch to subcommands and error handling.

Every error the user can cause (an unknown game, a bad option, bad card text, an unreadable
file) is printed as one line on standard error, never as a traceback. Exit statuses: 0 on
success, 1 when a command could not be carried out (a file, a record, a finished match, a
missing optional package), 2 for a mistake on the command line, 130 when interrupted.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import re
import sys
import types
from collections.abc import Callable, Mapping, Sequence
from typing import NoReturn

from cardgames import __version__
from cardgames.cli.choices import CommandError, UsageError
from cardgames.errors import (
    CardGamesError,
    InvalidRulesError,
    ParseError,
    UnknownGameError,
)

__all__ = ["EXIT_FAILURE", "EXIT_INTERRUPTED", "EXIT_USAGE", "build_parser", "main"]

EXIT_FAILURE = 1
"""The command could not be carried out."""
EXIT_USAGE = 2
"""The command line is wrong."""
EXIT_INTERRUPTED = 130
"""Interrupted by Ctrl-C."""

Handler = Callable[[argparse.Namespace], int]

EXAMPLES: Mapping[str, tuple[str, str]] = types.MappingProxyType(
    {
        "games": ("cardgames games", "python -m cardgames games"),
        "rules": ("cardgames rules crazy-eights", 'cardgames rules "8 américain"'),
        "demo": (
            "cardgames demo crazy-eights --seed 7",
            'cardgames demo "8 américain" --players 3 --preset le-cumul --rules jump_in=yes',
        ),
        "play": (
            "cardgames play crazy-eights --seed 1",
            "cardgames play planets --players 4 --agents heuristic",
        ),
        "simulate": (
            "cardgames simulate crazy-eights --games 1000 --agents heuristic,random,random,random",
            "cardgames simulate planets --games 200 --players 3 --agents heuristic --workers 2",
        ),
        "score": (
            'cardgames score crazy-eights --winner Léa --hand Tom="8H KS" Sam="3C AS"',
            'cardgames score planets --tally Léa="commander 4, hand 3" Tom="hand 5"',
        ),
        "replay": (
            "cardgames demo crazy-eights --seed 7 --record game.json",
            "cardgames replay game.json",
        ),
        "serve": (
            "cardgames serve --port 8000 --database sqlite:///tables.db",
            "cardgames serve --host 0.0.0.0 --port 8080 --bot-delay 1.5 --idle-minutes 60",
        ),
    }
)
"""Two examples per command, shown at the end of its ``--help``."""


_SHOWN_CHARS = 100
"""The most characters of one word (an argument, a value) an error line shows."""
_SHOWN_ARGUMENTS = 10
"""The most unrecognized arguments an error line lists."""
_MESSAGE_CHARS = 2000
"""The longest message an error line holds."""

_LONG_WORD = re.compile(rf"\S{{{_SHOWN_CHARS + 1},}}")


def _shown(text: str) -> str:
    """One argument as an error shows it: at most 100 characters, then an ellipsis."""
    return text if len(text) <= _SHOWN_CHARS else text[:_SHOWN_CHARS] + "…"


def _bounded(message: str) -> str:
    """A message whose every word, and whole, an error line can show.

    argparse quotes what it refuses (``invalid choice: 'xxx…'``), and file errors name the
    file: a 100,000-character argument would be echoed whole. Every run of more than 100
    characters without a space is cut to 100 and an ellipsis, then the message to 2,000.
    """
    message = _LONG_WORD.sub(lambda word: _shown(word.group()), message)
    return message if len(message) <= _MESSAGE_CHARS else message[:_MESSAGE_CHARS] + "…"


def _unrecognized(extra: Sequence[str]) -> str:
    """The unrecognized arguments as an error lists them: ten at most, each cut to 100."""
    shown = " ".join(_shown(argument) for argument in extra[:_SHOWN_ARGUMENTS])
    if len(extra) > _SHOWN_ARGUMENTS:
        shown += f" … ({len(extra) - _SHOWN_ARGUMENTS:,} more)"
    return f"unrecognized arguments: {shown}"


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line on standard error, of bounded length."""

    def error(self, message: str) -> NoReturn:
        text = _bounded(message)
        sys.stderr.write(f"{self.prog}: error: {text} (see '{self.prog} --help')\n")
        raise SystemExit(EXIT_USAGE)


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a number of at least 1, not {value}")
    return value


def _natural(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected a number of at least 0, not {value}")
    return value


def _seed(text: str) -> int:
    """A ``--seed``: a whole number below ``2**64``, what every game and record takes."""
    value = _natural(text)
    if value >= 2**64:
        raise argparse.ArgumentTypeError("expected a number below 2**64 (18446744073709551616)")
    return value


def _add_rules(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--preset",
        metavar="NAME",
        help="start from a named preset of the game's rules (see 'cardgames rules GAME')",
    )
    parser.add_argument(
        "--rules",
        metavar="OPTION=VALUE",
        nargs="+",
        action="extend",
        default=[],
        help="change rules options, e.g. --rules hand_size=5 jump_in=yes",
    )


def _add_seed(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--seed",
        type=_seed,
        metavar="S",
        help="the seed of the deal and of the bots (default: a fresh one, printed)",
    )


def _add_lang(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--lang",
        choices=("en", "fr"),
        help="the language of the narration: en or fr (default: fr when the locale, LC_ALL, "
        "LC_MESSAGES or LANG, is French, else en)",
    )


class _VersionAction(argparse.Action):
    """``--version``: the version, and whether the engine runs compiled (asked only then)."""

    def __init__(self, option_strings: list[str], dest: str, help: str | None = None) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=help)

    def __call__(self, parser: argparse.ArgumentParser, *_: object) -> None:
        from cardgames import compiled_modules

        compiled = compiled_modules()
        engine = f"compiled engine, {len(compiled)} modules" if compiled else "pure-Python engine"
        print(f"cardgames {__version__} ({engine})")
        parser.exit()


def _scored_games() -> str:
    """The games ``cardgames score`` keeps the score of, in words: those with a score keeper.

    Examples:
        >>> _scored_games()
        'crazy-eights, huit-americain or planets'
    """
    from cardgames.cli.score import SCORE_KEEPER
    from cardgames.game import games

    names = [game.name for game in games() if game.provides(SCORE_KEEPER)]
    if len(names) < 2:
        return "".join(names) or "a game with a score keeper"
    return f"{', '.join(names[:-1])} or {names[-1]}"


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``cardgames`` and its subcommands."""
    from cardgames.cli import demo, info, play, score, serve, simulation

    parser = _Parser(
        prog="cardgames",
        description=(
            "Card games at the terminal: rules, bots' games, playing against bots, "
            "simulations, a score keeper for real games and replays."
        ),
    )
    parser.add_argument(
        "--version", action=_VersionAction, help="show the version and which engine runs, then exit"
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    def command(name: str, handler: Handler, summary: str) -> argparse.ArgumentParser:
        lines = "\n".join(f"  {example}" for example in EXAMPLES[name])
        sub = commands.add_parser(
            name,
            help=summary,
            description=summary,
            epilog=f"examples:\n{lines}",
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        sub.set_defaults(handler=handler, subparser=sub)
        return sub

    command("games", info.run_games, "list the games, with their names and numbers of players")

    sub = command("rules", info.run_rules, "show a game's rules options, defaults and presets")
    sub.add_argument("game", metavar="GAME", help="a game name or alias")

    sub = command("demo", demo.run_demo, "watch a game between bots, move by move")
    sub.add_argument("game", metavar="GAME", help="a game name or alias")
    sub.add_argument("--players", type=_positive, default=4, metavar="N", help="default: 4")
    _add_seed(sub)
    _add_rules(sub)
    sub.add_argument(
        "--agents",
        metavar="A,B,...",
        help="one agent for all seats or one per seat: random, heuristic, ismcts:N, "
        "ismcts-belief:N, easy, medium, hard (default: heuristic)",
    )
    sub.add_argument("--record", metavar="FILE", help="save the game as a JSON record")
    _add_lang(sub)

    sub = command("play", play.run_play, "play against bots at the terminal")
    sub.add_argument("game", metavar="GAME", help="a game name or alias")
    sub.add_argument("--players", type=_positive, default=3, metavar="N", help="default: 3")
    _add_seed(sub)
    sub.add_argument(
        "--seat", type=_natural, default=0, metavar="K", help="your seat, from 0 (default: 0)"
    )
    sub.add_argument("--name", default="You", help="your name (default: You)")
    _add_rules(sub)
    sub.add_argument(
        "--agents", metavar="A,B,...", help="the bots: one agent, or one per seat (yours ignored)"
    )
    _add_lang(sub)

    sub = command("simulate", simulation.run_simulate, "play many bots' games and sum them up")
    sub.add_argument("game", metavar="GAME", help="a game name or alias")
    sub.add_argument("--games", type=_positive, required=True, metavar="N", help="how many games")
    sub.add_argument(
        "--players",
        type=_positive,
        metavar="N",
        help="the number of seats (default: one per agent named in --agents)",
    )
    sub.add_argument(
        "--agents",
        required=True,
        metavar="A,B,...",
        help="one agent for all seats (then --players is needed) or one per seat: random, "
        "heuristic, ismcts:N, ismcts-belief:N, easy, medium, hard",
    )
    where = sub.add_mutually_exclusive_group()
    where.add_argument(
        "--workers",
        type=_positive,
        default=1,
        metavar="K",
        help="worker processes on this machine (default: 1)",
    )
    where.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="run on a Dask distributed cluster (needs dask[distributed])",
    )
    sub.add_argument(
        "--out", metavar="FILE", help="write every game's row: CSV, or JSON if FILE ends in .json"
    )
    _add_seed(sub)
    _add_rules(sub)

    sub = command("score", score.run_score, "score a round played with real cards")
    sub.add_argument("game", metavar="GAME", help=_scored_games())
    sub.add_argument("--winner", metavar="NAME", help="the player who went out (empty hand)")
    sub.add_argument(
        "--blocked",
        action="store_true",
        help="nobody went out (nothing to draw, nobody could play): the lowest hand wins",
    )
    sub.add_argument(
        "--decks",
        type=_positive,
        metavar="N",
        help="decks shuffled together (default: the rules' for that many players); the hands "
        "are checked against them",
    )
    sub.add_argument(
        "--hand",
        metavar='NAME="CARDS"',
        nargs="+",
        action="extend",
        default=[],
        help='players\' cards left, one or more per --hand, e.g. --hand Tom="8H KS" Sam="3C" '
        "(Tom= for none)",
    )
    sub.add_argument(
        "--tally",
        metavar='NAME="ITEMS"',
        nargs="+",
        action="extend",
        default=[],
        help='planets: one or more players per --tally, e.g. --tally Léa="commander 4, '
        'adjutant 3, face-down 2, hand 3" Tom="hand 5"',
    )
    sub.add_argument(
        "--match",
        metavar="FILE",
        help="add the round to a match kept in FILE (JSON, created if missing)",
    )
    _add_rules(sub)

    sub = command("replay", demo.run_replay, "replay a game record, move by move")
    sub.add_argument("file", metavar="FILE", help="a record written by 'cardgames demo --record'")
    _add_lang(sub)

    sub = command("serve", serve.run_serve, "serve the web table: matches for people and bots")
    sub.add_argument("--host", default="127.0.0.1", help="the address to listen on")
    sub.add_argument(
        "--port", type=_natural, default=8000, help="the port (0: any free one, printed)"
    )
    sub.add_argument(
        "--database",
        default=serve.DEFAULT_DATABASE,
        metavar="URL",
        help="where tables are kept: sqlite:///FILE or postgresql://USER@HOST/DB "
        f"(default: {serve.DEFAULT_DATABASE})",
    )
    sub.add_argument(
        "--bot-delay",
        type=float,
        default=0.8,
        metavar="SECONDS",
        help="seconds between two bot moves, so people can follow (default: 0.8)",
    )
    sub.add_argument("--max-tables", type=_positive, default=200, metavar="N", help="default: 200")
    sub.add_argument(
        "--tables-per-client",
        type=_positive,
        default=5,
        metavar="N",
        help="tables one client address may have; a finished match counts for 15 minutes "
        "(default: 5)",
    )
    sub.add_argument(
        "--idle-minutes",
        type=float,
        default=360.0,
        metavar="M",
        help="a table where nothing moved for M minutes is deleted (default: 360)",
    )
    sub.add_argument(
        "--forwarded-allow-ips",
        default="127.0.0.1",
        metavar="IPS",
        help="proxies trusted for X-Forwarded-For (default: 127.0.0.1, a proxy on this host)",
    )
    sub.add_argument(
        "--log-level",
        default="warning",
        choices=("critical", "error", "warning", "info", "debug"),
        help="the server's log level (info: every request)",
    )
    return parser


def _one_line(exc: BaseException) -> str:
    text = str(exc) or type(exc).__name__
    return " ".join(text.split())


def _report(message: str, command: str | None = None) -> None:
    """One line on standard error, with the one prefix every error has."""
    prog = f"cardgames {command}" if command else "cardgames"
    sys.stderr.write(f"{prog}: error: {_bounded(message)}\n")


def _file_error(exc: OSError) -> str:
    what = exc.strerror or _one_line(exc)
    return f"{exc.filename}: {what}" if exc.filename else what


def _tolerate_unencodable(stream: object) -> None:
    if isinstance(stream, io.TextIOWrapper):
        with contextlib.suppress(ValueError, io.UnsupportedOperation):
            stream.reconfigure(errors="replace")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``cardgames`` command and return its exit status.

    Args:
        argv: The arguments (default: ``sys.argv[1:]``).
    """
    _tolerate_unencodable(sys.stdout)
    _tolerate_unencodable(sys.stderr)
    parser = build_parser()
    try:
        args, extra = parser.parse_known_args(argv)
        if extra:  # reported by the subcommand's parser, with its prefix
            owner: argparse.ArgumentParser = getattr(args, "subparser", parser)
            owner.error(_unrecognized(extra))
    except SystemExit as exc:  # --help, --version and usage errors
        return exc.code if isinstance(exc.code, int) else EXIT_USAGE
    handler: Handler | None = getattr(args, "handler", None)
    if handler is None:
        names = ", ".join(
            ["games", "rules", "demo", "play", "simulate", "score", "replay", "serve"]
        )
        _report(f"choose a command: {names} (see 'cardgames --help')")
        return EXIT_USAGE
    command: str = args.command
    try:
        return handler(args)
    except (UsageError, UnknownGameError, InvalidRulesError, ParseError) as exc:
        _report(_one_line(exc), command)
        return EXIT_USAGE
    except (CommandError, CardGamesError) as exc:
        _report(_one_line(exc), command)
        return EXIT_FAILURE
    except OSError as exc:
        if isinstance(exc, BrokenPipeError):
            return _broken_pipe()
        _report(_file_error(exc), command)
        return EXIT_FAILURE
    except KeyboardInterrupt:
        sys.stderr.write("\ncardgames: interrupted\n")
        return EXIT_INTERRUPTED


def _broken_pipe() -> int:
    """The reader of standard output went away (``cardgames demo ... | head``): stop quietly.

    Exit status 0, as ``head`` and ``grep -q`` expect of the command before them: the output
    that was wanted was written.
    """
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # pragma: no cover - no real file descriptor
        pass
    return 0
