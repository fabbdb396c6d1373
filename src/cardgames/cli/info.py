"""``cardgames games`` and ``cardgames rules GAME``: what can be played, and under which rules."""

from __future__ import annotations

import argparse
import json
from typing import Any

from cardgames.cli.choices import resolve_game
from cardgames.cli.output import print_table
from cardgames.codec import encode
from cardgames.game import games

__all__ = ["format_value", "run_games", "run_rules"]


def format_value(value: Any) -> str:
    """An option value as it is typed after ``--rules option=``."""
    data = encode(value)
    if data is None:
        return "none"
    if isinstance(data, bool):
        return "yes" if data else "no"
    if isinstance(data, str | int):
        return str(data)
    if isinstance(data, list) and all(isinstance(item, int) for item in data):
        return " ".join(map(str, data))
    return json.dumps(data, ensure_ascii=False)


def run_games(args: argparse.Namespace) -> int:
    """List the registered games."""
    rows = [
        [
            game.name,
            game.title,
            f"{game.min_players}-{game.max_players}",
            ", ".join(game.aliases),
        ]
        for game in games()
    ]
    print_table(None, ["name", "title", "players", "also known as"], rows)
    print("Rules and options of a game: cardgames rules GAME")
    return 0


def run_rules(args: argparse.Namespace) -> int:
    """Show a game's options (type, default, description) and its presets."""
    game = resolve_game(args.game)
    doc = (game.rules_type.__doc__ or "").strip().splitlines()
    print(f"{game.title} ({game.name}), {game.min_players} to {game.max_players} players")
    if doc:
        print(doc[0])
    print()
    default = game.default_rules
    print("Options (change them with --rules OPTION=VALUE), with their defaults:")
    for info in game.rules_type.options():
        print()
        print(f"  {info.name} = {format_value(getattr(default, info.name))}")
        print(f"      {info.doc}")
        print(f"      Values: {info.describe_type()}.")
    print()
    preset_rows = []
    for index, (name, rules) in enumerate(game.presets.items()):
        text = ", ".join(
            f"{key}={format_value(value)}"
            for key, value in rules.changed_options().items()
            if getattr(default, key) != value
        )
        preset_rows.append([name, "the default rules" if not index else text or "-"])
    print_table("Presets (--preset NAME)", ["preset", "changes"], preset_rows)
    return 0
