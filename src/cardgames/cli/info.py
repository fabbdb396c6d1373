"""``cardgames games`` and ``cardgames rules GAME``: what can be played, and under which rules."""

from __future__ import annotations

import argparse
import textwrap
from collections.abc import Mapping
from typing import Any, Final

from cardgames.cli.choices import resolve_game
from cardgames.cli.output import print_table
from cardgames.game import Capability, Game, games
from cardgames.options import format_value

__all__ = ["OPTION_FORMATS", "describe_values", "format_value", "run_games", "run_rules"]


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


OPTION_FORMATS: Final = Capability[Mapping[str, str]](
    "option_formats",
    "the formats of its structured option values in words, for `cardgames rules`",
    default=lambda game: {},
)
"""The capability key of a game's option formats: by option type name (``"Effects"``), what a
value of that type looks like, in words, with an example. `describe_values` puts them in place
of the type's name; the default brings none (the bare type name is shown)."""


def describe_values(info: Any, game: Game[Any] | None = None) -> str:
    """What an option accepts, in words, with an example for the structured ones.

    Args:
        info: The option (an `cardgames.options.OptionInfo`).
        game: The game whose `OPTION_FORMATS` describe its structured values (none: the bare
            type names are shown).
    """
    text: str = info.describe_type()
    formats = {} if game is None else game.capability(OPTION_FORMATS)
    for name, words in formats.items():
        if text.startswith(name):
            return words + text[len(name) :]
    return text


def run_rules(args: argparse.Namespace) -> int:
    """Explain how the game is played, then its options (with their formats) and presets."""
    from cardgames.cli.explain import explain

    game = resolve_game(args.game)
    default = game.default_rules
    print(f"{game.title} ({game.name}), {game.min_players} to {game.max_players} players")
    for heading, paragraphs in explain(game, default):
        print()
        print(heading)
        for paragraph in paragraphs:
            print(textwrap.fill(paragraph, width=96, initial_indent="  ", subsequent_indent="  "))
    print()
    print("Options (change them with --rules OPTION=VALUE), with their defaults.")
    print('"House" marks a decision of ours where the rule text is silent.')
    for info in game.rules_type.options():
        print()
        print(f"  {info.name} = {format_value(getattr(default, info.name))}")
        print(
            textwrap.fill(info.doc, width=96, initial_indent="      ", subsequent_indent="      ")
        )
        print(
            textwrap.fill(
                f"Values: {describe_values(info, game)}.",
                width=96,
                initial_indent="      ",
                subsequent_indent="      ",
            )
        )
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
