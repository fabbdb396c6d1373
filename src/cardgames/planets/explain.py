"""How the planet game "8" is played, in words, for ``cardgames rules planets``.

Written from the rules data (`cardgames.cli.explain` says why): the draw, the hand limit, the
score tables and the turn cap are read from the `Rules`. The text is in English for every
``lang`` until the French one is written.

Examples:
    >>> from cardgames import planets
    >>> sections = explain(planets.GAME, planets.GAME.default_rules, "en")
    >>> [heading for heading, _ in sections]
    ['Setting up', 'A turn', 'Black holes', 'Scoring']
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from cardgames.cli.explain import RulesExplanation, Sections
from cardgames.game import Game
from cardgames.planets.rules import MAX_GATHERING, MIN_GATHERING
from cardgames.planets.scoring import Role, gathering_points

__all__ = ["OPTION_FORMATS", "RULES_EXPLANATION", "explain"]


def explain(game: Game[Any], rules: Any, lang: str) -> Sections:
    """How the planet game is played under ``rules`` (in English for now)."""
    draw = {
        3: "draws three cards from the stock: keeps one, gives one face down to another player "
        "of their choice, who becomes their Adjutant for the turn, and puts the last back on "
        "top of the stock",
        2: "draws two cards: keeps one and gives the other face down to another player of their "
        "choice, who becomes their Adjutant (house variant)",
        1: "draws one card and keeps it (house variant)",
    }[rules.draw_count]
    setup = [
        "104 cards in one stock: 12 of each of the eight planets (Mercury, Venus, Earth, Mars, "
        "Jupiter, Saturn, Uranus, Neptune) and 8 black holes. 2 to 6 players.",
        "No cards are dealt: hands start empty."
        if not rules.initial_hand
        else f"Each player is dealt {rules.initial_hand} planets first (house variant).",
    ]
    turn = [
        f"Players take turns as Commander, clockwise, from seat {rules.first_commander}. The "
        f"Commander {draw}.",
        "The card kept, then the card given, is settled by its holder: a planet that makes a "
        "gathering with their hand (at least 3 identical planets, or the 8 planets all "
        "different, the new card among them) may be laid face up in front of them"
        + ("; they may also decline." if rules.may_decline else "; they must lay it (house).")
        + " A gathering is never added to later.",
    ]
    if rules.hand_limit is not None:
        turn.append(
            f"At the end of their turn, a Commander holding more than {rules.hand_limit} cards "
            "puts the surplus of their choice face down under the stock."
        )
    specials = [
        "A black hole kept or received must be played at once: discard face down a planet of "
        "your hand (out of the game, one point for you at the end), or take a planet at random "
        "from another player's hand (which may then make a gathering). It then goes to the "
        "discard pile.",
        "The Commander shares out the cards drawn first: a black hole they keep is played once "
        'the card is given, before the Adjutant settles theirs (our reading of "immédiatement",'
        " see the game page).",
    ]
    # The numbers come from the function the score keeper and the final count use.
    sizes = range(MIN_GATHERING, MAX_GATHERING + 1)
    commander = " ".join(str(gathering_points(n, Role.COMMANDER, rules)) for n in sizes)
    adjutant = " ".join(str(gathering_points(n, Role.ADJUTANT, rules)) for n in sizes)
    different_commander = gathering_points(8, Role.COMMANDER, rules, all_different=True)
    different_adjutant = gathering_points(8, Role.ADJUTANT, rules, all_different=True)
    scoring = [
        "The game ends when the stock is empty at the end of a turn"
        f" (or after {rules.max_turns} turns: house cap, option max_turns).",
        "Score: the points of your gatherings, plus 1 per card you discarded face down, minus "
        "1 per card left in your hand. Highest score wins; ties go to the largest gathering, "
        "then to the fewest black holes played; players still tied share the win.",
        f"Gatherings of 3 to 12 identical planets, as Commander: {commander}; as Adjutant: "
        f"{adjutant}; the 8 different planets: {different_commander} as Commander, "
        f"{different_adjutant} as Adjutant (house tables: the rule text gives no values, only "
        "that a gathering's value depends on its number of cards; by default the 8 different "
        "planets are worth what 8 identical ones are).",
    ]
    return [
        ("Setting up", setup),
        ("A turn", turn),
        ("Black holes", specials),
        ("Scoring", scoring),
    ]


RULES_EXPLANATION: RulesExplanation = explain
"""The ``"rules_explanation"`` capability of the planet game."""


OPTION_FORMATS: Mapping[str, str] = MappingProxyType(
    {
        "ScoreTable": (
            "ten numbers, the points of 3, 4, ... 12 identical planets, separated by spaces or "
            "commas, e.g. '3 5 8 12 17 23 30 38 47 57'"
        ),
    }
)
"""What a `ScoreTable` option value (``commander_points``, ``adjutant_points``) looks like,
for `cardgames rules` (the planet game's `cardgames.cli.info.OPTION_FORMATS`)."""
