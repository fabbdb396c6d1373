"""What the planet game "8" brings to its JSON Schemas (`cardgames.schema`).

Its state and view documents bound their lists as the loader does
(`cardgames.planets.invariants.STATE_SIZES`, ``VIEW_SIZES``), a score table
(`cardgames.planets.rules.ScoreTable`) is written as one number of points per gathering size,
and a match document's ``games`` is at most `cardgames.planets.match.MAX_GAMES`.

Examples:
    >>> SCHEMA_PARTS.text_schemas[ScoreTable]()["pattern"]
    '^(?:0|[1-9][0-9]*)(?: (?:0|[1-9][0-9]*)){9}$'
"""

from __future__ import annotations

from cardgames.planets.documents import STATE_DOCUMENT
from cardgames.planets.invariants import STATE_SIZES, VIEW_SIZES
from cardgames.planets.match import MAX_GAMES
from cardgames.planets.rules import MAX_GATHERING, MIN_GATHERING, ScoreTable
from cardgames.schema import JsonSchema, SchemaParts

__all__ = ["SCHEMA_PARTS", "score_table_schema"]


def score_table_schema() -> JsonSchema:
    """The schema of a score table, as the library writes it."""
    number = "(?:0|[1-9][0-9]*)"
    others = MAX_GATHERING - MIN_GATHERING
    return {
        "type": "string",
        "pattern": f"^{number}(?: {number}){{{others}}}$",
        "description": (
            f"The points of a gathering of {MIN_GATHERING} to {MAX_GATHERING} identical "
            f"planets, by size: {others + 1} numbers separated by spaces."
        ),
    }


SCHEMA_PARTS = SchemaParts(
    state_document=STATE_DOCUMENT,
    state_sizes=STATE_SIZES,
    view_sizes=VIEW_SIZES,
    text_schemas={ScoreTable: score_table_schema},
    match_fields={"games": {"type": "integer", "minimum": 1, "maximum": MAX_GAMES}},
)
"""What the planet game brings to `cardgames.schema` (the ``"schemas"`` capability)."""
