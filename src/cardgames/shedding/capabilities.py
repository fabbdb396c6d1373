"""What the shedding engine's games bring to the generic layers (`cardgames.game.Capability`).

Crazy Eights and 8 Américain are presets of one engine: they bring the same parts, each reading
the game's own rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from cardgames.game import Lazy

__all__ = ["CAPABILITIES"]

CAPABILITIES: Final[Mapping[str, Any]] = {
    "action_encoding": Lazy("cardgames.shedding.rl:ACTION_LAYOUT"),
    "beliefs": Lazy("cardgames.shedding.infostate:BELIEFS"),
    "cli_table": Lazy("cardgames.shedding.cli_table:TABLE"),
    "deal_with": Lazy("cardgames.shedding.deal:deal_with"),
    "heuristic_agent": Lazy("cardgames.shedding.heuristic:heuristic_agent"),
    "lowest_total_wins": Lazy("cardgames.shedding.scoring:lowest_total_wins"),
    "narration": Lazy("cardgames.shedding.narration:PHRASEBOOK"),
    "observation": Lazy("cardgames.shedding.rl:OBSERVATION_LAYOUT"),
    "option_formats": Lazy("cardgames.shedding.explain:OPTION_FORMATS"),
    "rules_explanation": Lazy("cardgames.shedding.explain:RULES_EXPLANATION"),
    "schemas": Lazy("cardgames.shedding.schemas:SCHEMA_PARTS"),
    "score_keeper": Lazy("cardgames.shedding.score_keeper:SCORE_KEEPER"),
    "search_policy": Lazy("cardgames.shedding.search:search_policy"),
}
"""By capability name, as `cardgames.game.Game` takes them (each imported on first use)."""
