"""``cardgames score``: the score keeper of a game played with real cards.

The game scores (its `ScoreKeeper`, under the capability `SCORE_KEEPER`; a game without one is
refused in one line naming it): the command reads the typed players and flags, keeps the match
file and prints. The built-in games' score keepers are `cardgames.shedding.score_keeper`
(Crazy Eights and 8 Américain: ``--hand``, ``--winner``, ``--blocked``, ``--decks``) and
`cardgames.planets.score_keeper` (the planet game "8": ``--tally``).

``--match FILE``, in every game, adds the round (a game of "8") to a match kept in a JSON file,
created on the first round with these players and rules, and prints the totals, and the winner
once the match is over. The file is the library's ``cardgames.match`` document
(`Game.new_match`, `Game.match_from_json`): how a match ends is the game's (a target score in
Crazy Eights and 8 Américain, one game per player in "8", ties on the highest total playing
another game).
"""

from __future__ import annotations

import argparse
import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final, Protocol, TypeVar

import attrs

from cardgames.cli.choices import (
    CommandError,
    UsageError,
    read_document,
    resolve_game,
    resolve_rules,
)
from cardgames.cli.output import print_table
from cardgames.errors import CardGamesError, InvalidStateError
from cardgames.game import Capability, Game, Match, name_key

T = TypeVar("T")

__all__ = [
    "SCORE_KEEPER",
    "RoundScore",
    "ScoreKeeper",
    "ScoreRequest",
    "check_printable",
    "load_match",
    "read_assignments",
    "run_score",
    "save_match",
]


@attrs.frozen
class ScoreRequest:
    """What ``cardgames score`` was given, as typed (the game reads it: `ScoreKeeper.read`).

    Attributes:
        hand: The ``--hand NAME="CARDS"`` items.
        tally: The ``--tally NAME="..."`` items.
        winner: The ``--winner NAME``, if given.
        blocked: Whether ``--blocked`` was given.
        decks: The ``--decks N``, if given.
    """

    hand: tuple[str, ...] = ()
    tally: tuple[str, ...] = ()
    winner: str | None = None
    blocked: bool = False
    decks: int | None = None


@attrs.frozen
class RoundScore:
    """A scored round (or game), as ``cardgames score`` prints it.

    Attributes:
        heading: The line above the table.
        columns: The table's column headings.
        rows: The table's rows, one per player.
        right: The columns aligned on the right.
        points: Each player's points, in the order of the entries scored (what a match adds).
        sentences: The lines printed below the table (who won, and how).
    """

    heading: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    right: tuple[int, ...]
    points: tuple[int, ...]
    sentences: tuple[str, ...]


class ScoreKeeper(Protocol):
    """What ``cardgames score GAME`` asks the game (its ``"score_keeper"`` capability).

    The command reads each player's entry (`read`), opens the ``--match`` file with these
    players, puts the entries in the match's seat order, scores them (`score`), adds the points
    to the match, prints the result, then the match totals and `match_goal`. `read` and `score`
    raise `UsageError` for what was typed wrong.

    Attributes:
        round_word: What one scoring is called in the match totals (``"round"``, ``"game"``).
        entry_word: What each player gives, in "give every player's ..." (a match player
            missing).
    """

    round_word: str
    entry_word: str

    def read(self, game: Game[Any], request: ScoreRequest) -> dict[str, Any]:
        """Each player's entry (a hand, a tally...) by name, in the order given."""
        ...

    def score(
        self, game: Game[Any], rules: Any, entries: dict[str, Any], request: ScoreRequest
    ) -> RoundScore:
        """The points of ``entries`` under ``rules``, and how they are printed."""
        ...

    def match_goal(self, match: Match) -> str:
        """How ``match`` ends and who wins it, after "The match goes on: "."""
        ...


SCORE_KEEPER: Final = Capability[ScoreKeeper](
    "score_keeper", "the score keeper of `cardgames score` for games played with real cards"
)
"""The capability key of a game's `ScoreKeeper` (no default: the command then says so)."""


def read_assignments(items: Sequence[str], flag: str) -> list[tuple[str, str]]:
    """``NAME=TEXT`` items, with unique, non-empty names."""
    pairs: list[tuple[str, str]] = []
    seen: set[str] = set()
    for item in items:
        name, sep, text = item.partition("=")
        name = " ".join(name.split())
        if not sep or not name:
            raise UsageError(f'{flag} {item!r}: expected NAME="..." (for example Tom="8H KS")')
        check_printable(name, flag)
        if name_key(name) in seen:
            raise UsageError(f"{flag}: {name} is given twice")
        seen.add(name_key(name))
        pairs.append((name, text))
    return pairs


def check_printable(name: str, flag: str) -> None:
    """Refuse a name with a control character: it would be written to the terminal as it is."""
    if not name.isprintable():
        raise UsageError(f"{flag} {name!r}: a name has no control characters")


def run_score(args: argparse.Namespace) -> int:
    """Score a round (and a match), or a game of "8": what the game's `ScoreKeeper` says."""
    game = resolve_game(args.game)
    rules = resolve_rules(game, args.preset, args.rules)
    keeper = game.capability(SCORE_KEEPER)  # MissingCapabilityError: the one-line error
    request = ScoreRequest(
        hand=tuple(args.hand),
        tally=tuple(args.tally),
        winner=args.winner,
        blocked=args.blocked,
        decks=args.decks,
    )
    entries = keeper.read(game, request)
    path, match = _open_match(game, rules, args, list(entries))
    if match is not None:
        rules = match.rules
        entries = _in_match_order(entries, match.players, keeper.entry_word)
    scored = keeper.score(game, rules, entries, request)
    updated = _with_round(match, scored.points)  # refused before anything is printed
    print(scored.heading)
    print_table(None, list(scored.columns), [list(row) for row in scored.rows], right=scored.right)
    for sentence in scored.sentences:
        print(sentence)
    if match is None or updated is None or path is None:
        return 0
    _print_match(path, game, updated, keeper.round_word, keeper.match_goal(match))
    return 0


# -- matches ------------------------------------------------------------------------------------


def _open_match(
    game: Game[Any], rules: Any, args: argparse.Namespace, names: Sequence[str]
) -> tuple[Path | None, Match | None]:
    """The ``--match`` file and its match (a new one for these players if it does not exist)."""
    if not args.match:
        return None, None
    path = Path(args.match)
    if not path.exists():
        try:
            return path, game.new_match(list(names), rules)
        except CardGamesError as exc:
            raise UsageError(f"--match: {exc}") from None
    match = load_match(path, game)
    if (args.preset or args.rules) and rules != match.rules:
        raise UsageError(f"{path} keeps the rules it was started with: drop --preset/--rules")
    if match.is_over:
        won = ", ".join(match.players[w] for w in match.winners)
        raise CommandError(f"{path}: the match is over ({won} won); start a new file")
    return path, match


def _print_match(path: Path, game: Game[Any], match: Match, word: str, goal: str) -> None:
    """Save the match, then print its totals and whether it goes on."""
    save_match(path, game, match)
    print()
    last = match.rounds[-1]
    totals = match.totals
    rows = [[name, str(last[seat]), str(totals[seat])] for seat, name in enumerate(match.players)]
    count = len(match.rounds)
    print_table(
        f"Match totals after {count} {word}{'s' if count > 1 else ''}",
        ["player", f"this {word}", "total"],
        rows,
        right=[1, 2],
    )
    if match.is_over:
        won = ", ".join(match.players[w] for w in match.winners)
        best = totals[match.winners[0]]
        label = "Winner" if len(match.winners) == 1 else "Winners"
        print(f"The match is over. {label}: {won} with {best} points.")
    else:
        print(f"The match goes on: {goal}.")
    print(f"Saved in {path}.")


def _in_match_order(given: dict[str, T], players: Sequence[str], what: str) -> dict[str, T]:
    """``given`` by player name, in the match's seat order (names in any case)."""
    by_key = {name_key(name): value for name, value in given.items()}
    known = {name_key(p) for p in players}
    unknown = [name for name in given if name_key(name) not in known]
    if unknown:
        raise UsageError(f"{', '.join(unknown)} not in the match (players: {', '.join(players)})")
    missing = [p for p in players if name_key(p) not in by_key]
    if missing:
        raise UsageError(f"give every player's {what}: {', '.join(missing)} missing")
    return {p: by_key[name_key(p)] for p in players}


def load_match(path: Path, game: Game[Any]) -> Match:
    """Read a match file written by `save_match` (a ``cardgames.match`` document).

    Raises:
        CommandError: naming the file and what is wrong with it.
    """
    text = read_document(path, "a match file")
    try:
        return game.match_from_json(text)
    except InvalidStateError as exc:
        raise CommandError(f"{path}: cannot be read as a match of {game.name} ({exc})") from None


def save_match(path: Path, game: Game[Any], match: Match) -> None:
    """Write a match file (replacing it in one step, so that it is never left half-written).

    The file is ``match.to_json()``, indented for people who open it.
    """
    data = json.loads(match.to_json())
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text(json.dumps(data, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    os.replace(temporary, path)


def _with_round(match: Match | None, points: Sequence[int]) -> Match | None:
    """``match`` with the round's points added (``None`` without a match).

    Raises:
        UsageError: for points the match refuses (out of its range).
    """
    if match is None:
        return None
    try:
        return match.add_round(points)
    except CardGamesError as exc:
        raise UsageError(f"--match: {exc}") from None
