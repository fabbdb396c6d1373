"""The documentation stays true: every option and preset is documented, and examples run."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from typing import Any

import pytest

from cardgames import crazy_eights, huit_americain, planets
from cardgames.game import Game

DOCS = Path(__file__).resolve().parent.parent / "docs"
PAGES: dict[str, Game[Any]] = {
    "crazy-eights": crazy_eights.GAME,
    "huit-americain": huit_americain.GAME,
    "planets": planets.GAME,
}


@pytest.mark.parametrize("page", sorted(PAGES))
def test_game_page_lists_every_option_and_preset(page: str) -> None:
    game = PAGES[page]
    text = (DOCS / "games" / f"{page}.md").read_text(encoding="utf-8")
    for info in game.rules_type.options():
        assert f"`{info.name}`" in text, f"option {info.name} is not documented on {page}.md"
    for preset in game.presets:
        assert f"`{preset}`" in text, f"preset {preset} is not documented on {page}.md"


@pytest.mark.parametrize(
    "page",
    [
        "index.md",
        "concepts.md",
        "games/crazy-eights.md",
        "games/huit-americain.md",
        "games/planets.md",
        "guides/reinforcement-learning.md",
    ],
)
def test_python_examples_run(page: str) -> None:
    text = (DOCS / page).read_text(encoding="utf-8")
    has_openspiel = importlib.util.find_spec("pyspiel") is not None
    for block in re.findall(r"```python\n(.*?)```", text, re.S):
        if not has_openspiel and ("pyspiel" in block or "openspiel" in block):
            continue  # OpenSpiel has no wheel for this platform (see the rl extra)
        exec(compile(block, page, "exec"), {})
