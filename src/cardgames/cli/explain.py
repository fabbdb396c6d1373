"""How a game is played, in words, for ``cardgames rules GAME``: asked of the game.

A game explains itself under the capability `RULES_EXPLANATION`: its explanation is built from
the `Rules` object itself (for the built-in games, the effect of each card face, the card
values, the draw and penalty options, the match target...), so it says what the engine will do
under any preset or ``--rules`` change, not what a fixed text says. Where the rule texts are
silent, the sentences say "house rule" and name the option that changes it. The built-in
games' explanations are `cardgames.shedding.explain` and `cardgames.planets.explain`.

A game that brings none gets `generic_explanation`, written from its descriptor: its players,
its presets, and the options the rules explained change from the default rules.

Examples:
    >>> from cardgames import find_game
    >>> sections = explain(find_game("planets"), find_game("planets").default_rules)
    >>> [heading for heading, _ in sections]
    ['Setting up', 'A turn', 'Black holes', 'Scoring']
"""

from __future__ import annotations

from typing import Any, Final, Protocol

from cardgames.errors import InvalidArgumentError
from cardgames.game import Capability, Game

__all__ = [
    "LANGUAGES",
    "RULES_EXPLANATION",
    "RulesExplanation",
    "Sections",
    "explain",
    "generic_explanation",
]

LANGUAGES: Final = ("en", "fr")
"""The languages an explanation is asked in (a game may answer in English for both)."""

Sections = list[tuple[str, list[str]]]
"""An explanation: ``(heading, paragraphs)`` sections, in reading order."""


class RulesExplanation(Protocol):
    """Explains a game under some rules: what a game brings as ``"rules_explanation"``."""

    def __call__(self, game: Game[Any], rules: Any, lang: str) -> Sections:
        """The sections of the explanation of ``game`` under ``rules``, in ``lang``.

        Args:
            game: The game's descriptor.
            rules: Rules of that game (checked by the caller).
            lang: One of `LANGUAGES`; a game without the text in that language answers in
                English.
        """
        ...


def generic_explanation(game: Game[Any], rules: Any, lang: str) -> Sections:
    """The explanation of a game that brings none: its players, presets and changed options.

    In English for every ``lang``. The options that ``rules`` set to other values than the
    game's default rules are named with their values.

    Examples:
        >>> from cardgames import find_game
        >>> planets = find_game("planets")
        >>> [(heading, paragraphs[0]) for heading, paragraphs in generic_explanation(
        ...     planets, planets.default_rules, "en")]
        [('The game', '8 (planets) is played by 2 to 6 players.')]
    """
    from cardgames.cli.choices import game_label
    from cardgames.cli.info import format_value

    players = f"{game.min_players} to {game.max_players} players"
    paragraphs = [f"{game_label(game)} is played by {players}."]
    names = list(game.presets)
    if names:
        others = "".join(f", {name}" for name in names[1:])
        paragraphs.append(f"Presets: {names[0]} (the default){others}.")
    paragraphs.append(
        "No explanation in words is written for this game: its options, listed with their "
        "defaults, say how it is played."
    )
    default = game.default_rules
    changed = ", ".join(
        f"{info.name}={format_value(getattr(rules, info.name))}"
        for info in game.rules_type.options()
        if getattr(rules, info.name) != getattr(default, info.name)
    )
    if changed:
        paragraphs.append(f"These rules change them: {changed}.")
    return [("The game", paragraphs)]


RULES_EXPLANATION: Final = Capability[RulesExplanation](
    "rules_explanation",
    "the explanation of its rules in words, for `cardgames rules`",
    default=lambda game: generic_explanation,
)
"""The capability key of a game's `RulesExplanation` (default: `generic_explanation`)."""


def explain(game: Game[Any], rules: Any, lang: str = "en") -> Sections:
    """The sections of the explanation: ``(heading, paragraphs)``, in reading order.

    Args:
        game: The game.
        rules: Rules of that game.
        lang: ``"en"`` or ``"fr"`` (`LANGUAGES`); the built-in games answer in English for
            both until their French text is written.

    Raises:
        InvalidArgumentError: for a ``lang`` that is not one of `LANGUAGES`.
    """
    if type(lang) is not str or lang not in LANGUAGES:
        raise InvalidArgumentError("lang", lang, f"expected one of {', '.join(LANGUAGES)}")
    return game.capability(RULES_EXPLANATION)(game, rules, lang)
