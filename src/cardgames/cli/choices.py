"""What the subcommands share: finding the game, its rules, the players, the agents and the seed.

Every mistake in what the user typed is raised as `UsageError` (exit status 2) or as the
library's own `CardGamesError` subclass (also reported in one line by `cardgames.cli.app`).
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from cardgames.codec import MAX_DOCUMENT_CHARS
from cardgames.errors import CardGamesError, InvalidRulesError
from cardgames.game import Game, find_game, normalize_name

__all__ = [
    "NAMES",
    "CommandError",
    "UsageError",
    "check_players",
    "game_label",
    "make_agents",
    "new_seed",
    "player_names",
    "read_document",
    "resolve_game",
    "resolve_rules",
]

NAMES = (
    "Léa",
    "Tom",
    "Sam",
    "Zoé",
    "Max",
    "Inès",
    "Hugo",
    "Lina",
    "Noé",
    "Jade",
    "Paul",
    "Rose",
    "Jules",
    "Alice",
    "Louis",
    "Emma",
    "Nils",
    "Chloé",
    "Marc",
    "Anna",
)
"""The players' names used by the bots' games (seat order)."""


class UsageError(Exception):
    """Something typed on the command line cannot be used (exit status 2)."""


class CommandError(Exception):
    """The command could not be carried out: a file, a record, a missing extra (exit status 1)."""


def read_document(path: Path, what: str) -> str:
    """The text of a JSON document the user named: a record, a match file.

    At most one character more than a document may hold is read (`cardgames.codec` refuses
    longer ones), so that naming a huge file or a device that never ends (``/dev/zero``,
    ``/dev/urandom``) costs a bounded read and a one-line error rather than all of memory.

    Raises:
        CommandError: the file is not UTF-8 text or is larger than a document may be.
        OSError: it cannot be read (reported with the file's name by `cardgames.cli.app`).
    """
    with path.open(encoding="utf-8") as file:
        try:
            text = file.read(MAX_DOCUMENT_CHARS + 1)
        except UnicodeDecodeError:
            raise CommandError(f"{path}: not {what} (not UTF-8 text)") from None
    if len(text) > MAX_DOCUMENT_CHARS:
        raise CommandError(f"{path}: not {what} (larger than {MAX_DOCUMENT_CHARS:,} characters)")
    return text


def game_label(game: Game[Any]) -> str:
    """The game's title, with its name when they differ (``"8 (planets)"``)."""
    if normalize_name(game.title) == normalize_name(game.name):
        return game.title
    return f"{game.title} ({game.name})"


def resolve_game(name: str) -> Game[Any]:
    """The game answering to ``name`` (name, title or alias).

    Raises:
        UnknownGameError: naming the known games.
    """
    return find_game(name)


def resolve_rules(game: Game[Any], preset: str | None, assignments: Sequence[str] | None) -> Any:
    """The rules of a preset (default: the game's first), changed by ``option=value`` items.

    Raises:
        InvalidRulesError: for an unknown preset, option or value.
    """
    rules = game.resolve_rules(preset or None)
    if assignments:
        rules = game.rules_type.parse_assignments(assignments, rules)
    return rules


def player_names(count: int) -> list[str]:
    """The names of ``count`` players: `NAMES`, then ``"Player N"``."""
    return [NAMES[i] if i < len(NAMES) else f"Player {i + 1}" for i in range(count)]


def check_players(game: Game[Any], count: int) -> None:
    """Refuse a number of players the game does not seat.

    Raises:
        UsageError: naming the allowed range.
    """
    if not game.min_players <= count <= game.max_players:
        raise UsageError(
            f"{game.title} is played by {game.min_players} to {game.max_players} players, "
            f"not {count}"
        )


def new_seed() -> int:
    """A fresh seed, for a command run without ``--seed`` (it is printed, to replay the game).

    64 random bits: an agent cannot find the seed by trying every one against its own hand.
    """
    return secrets.randbits(64)


def make_agents(game: Game[Any], spec: str | None, players: int) -> list[Any]:
    """One agent per seat from ``"a,b,..."`` (one name: every seat; default: heuristic).

    Without ``spec`` the heuristic agent plays every seat, or the random agent where the
    heuristic one is not available for the game.

    Raises:
        UsageError: for a list whose length is neither 1 nor the number of players, or an agent
            that is not available.
        InvalidRulesError: for an unknown agent name.
    """
    from cardgames.agents import RandomAgent, make_agent

    if spec is None:
        agent: Any  # the registry's agents, each typed by its own class
        try:
            agent = make_agent("heuristic", game)
        except (ImportError, NotImplementedError, CardGamesError, ValueError):
            agent = RandomAgent()
        return [agent] * players
    names = [part.strip() for part in spec.split(",")]
    if any(not name for name in names):
        raise UsageError(f"--agents: empty agent name in {spec!r}")
    if len(names) not in (1, players):
        raise UsageError(
            f"--agents: give one agent or one per player ({players}), not {len(names)}"
        )
    built: dict[str, Any] = {}
    for name in names:
        if name not in built:
            try:
                built[name] = make_agent(name, game)
            except InvalidRulesError as exc:
                raise UsageError(f"--agents {name!r}: {exc.reason}") from None
            except ImportError as exc:
                raise UsageError(
                    f"agent {name!r} is not available in this version ({exc.name} is missing)"
                ) from None
    agents = [built[name] for name in names]
    return agents * players if len(agents) == 1 else agents
