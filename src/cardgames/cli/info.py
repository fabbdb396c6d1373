"""``cardgames games`` and ``cardgames rules GAME``: what can be played, and under which rules."""

from __future__ import annotations

import argparse
import textwrap
from typing import Any

from cardgames.cli.choices import resolve_game
from cardgames.cli.output import print_table
from cardgames.game import games
from cardgames.options import format_value

__all__ = ["describe_values", "format_value", "run_games", "run_rules"]


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


_FORMATS = {
    "Effects": (
        "card effects: FACE:EFFECT pairs separated by spaces, effects joined with '+' (wild, "
        "drawN, skip, reverse, again, swap, choose; none for no effect), e.g. "
        "'2:draw2 8:wild J:reverse A:skip JOKER:wild+draw5'"
    ),
    "ScoreTable": (
        "ten numbers, the points of 3, 4, ... 12 identical planets, separated by spaces or "
        "commas, e.g. '3 5 8 12 17 23 30 38 47 57'"
    ),
}


def describe_values(info: Any) -> str:
    """What an option accepts, in words, with an example for the structured ones."""
    text: str = info.describe_type()
    for name, words in _FORMATS.items():
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
                f"Values: {describe_values(info)}.",
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
