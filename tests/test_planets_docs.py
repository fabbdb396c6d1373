"""The page of "8" stays true: every option and preset is documented, the examples run, and the
house scoring table shown is the default one."""

from __future__ import annotations

import re
from pathlib import Path

from cardgames.planets import GAME, Rules

PAGE = Path(__file__).resolve().parent.parent / "docs" / "games" / "planets.md"


def text() -> str:
    return PAGE.read_text(encoding="utf-8")


def test_every_option_and_preset_is_documented() -> None:
    page = text()
    for info in Rules.options():
        assert f"| `{info.name}` |" in page, info.name
    for preset in GAME.presets:
        assert f"`{preset}`" in page


def test_documented_defaults_and_descriptions_match_the_code() -> None:
    page = text()
    for info in Rules.options():
        default = "none" if info.default is None else str(info.default)
        if isinstance(info.default, bool):
            default = "yes" if info.default else "no"
        assert f"`{info.name}` | " in page
        row = next(line for line in page.splitlines() if line.startswith(f"| `{info.name}` |"))
        assert f"`{default}`" in row, info.name
        assert info.doc.split(" (")[0].rstrip(".") in row, info.name


def test_the_scoring_table_is_the_default() -> None:
    page = text()
    rules = Rules()
    commander = " | ".join(map(str, rules.commander_points))
    adjutant = " | ".join(map(str, rules.adjutant_points))
    assert f"| as Commander | {commander} | {rules.all_different_commander} |" in page
    assert f"| as Adjutant | {adjutant} | {rules.all_different_adjutant} |" in page


def test_python_examples_run() -> None:
    blocks = re.findall(r"```python\n(.*?)```", text(), re.S)
    assert len(blocks) >= 3
    for block in blocks:
        exec(compile(block, str(PAGE), "exec"), {})
