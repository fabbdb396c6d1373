"""What the shedding games bring to their JSON Schemas (`cardgames.schema`).

The state document is `cardgames.shedding.view.STATE_DOCUMENT`, whose lists the loader does not
bound beyond the deck; the effects table (`cardgames.shedding.rules.Effects`) is written as text,
``FACE:EFFECT`` entries whose effects are joined by ``+`` in the order of `Effect`'s fields.

Examples:
    >>> import re
    >>> pattern = SCHEMA_PARTS.text_schemas[Effects]()["pattern"]
    >>> bool(re.match(pattern, "2:draw2 8:wild J:reverse A:skip JOKER:wild+draw5"))
    True
    >>> bool(re.match(pattern, "8:draw2+wild"))  # the effects in the order of their fields
    False
"""

from __future__ import annotations

import re
import typing

import attrs

from cardgames.cards import JOKER, Rank
from cardgames.schema import JsonSchema, SchemaParts
from cardgames.shedding.rules import Effect, Effects
from cardgames.shedding.view import STATE_DOCUMENT

__all__ = ["SCHEMA_PARTS", "effects_schema"]


def _ordered_tokens(tokens: list[str], separator: str) -> str:
    """A pattern: a non-empty subsequence of ``tokens``, in their order, joined by ``separator``."""
    sep = re.escape(separator)
    alternatives = []
    for first in range(len(tokens)):
        tail = "".join(f"(?:{sep}{token})?" for token in tokens[first + 1 :])
        alternatives.append(f"{tokens[first]}{tail}")
    return "(?:" + "|".join(alternatives) + ")"


def effects_schema() -> JsonSchema:
    """The schema of an effects table, as the library writes it."""
    hints = typing.get_type_hints(Effect)
    tokens = [
        name if hints[name] is bool else f"{name}[1-9][0-9]*"
        for name in (field.name for field in attrs.fields(Effect))
    ]
    effect = _ordered_tokens(tokens, "+")
    face = "(?:" + "|".join(re.escape(r.letter) for r in Rank) + f"|{JOKER!s})"
    entry = f"{face}:{effect}"
    return {
        "type": "string",
        "pattern": f"^(?:none|{entry}(?: {entry})*)$",
        "description": (
            "What each card face does, as FACE:EFFECT entries separated by spaces, effects "
            'joined by \'+\' ("2:draw2 8:wild J:reverse A:skip"), or "none".'
        ),
    }


SCHEMA_PARTS = SchemaParts(state_document=STATE_DOCUMENT, text_schemas={Effects: effects_schema})
"""What Crazy Eights and 8 Américain bring to `cardgames.schema` (the ``"schemas"`` capability)."""
