"""The README's Python examples run as written."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def test_readme_python_blocks_run() -> None:
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    assert blocks, "the README shows Python examples"
    for block in blocks:
        exec(compile(block, str(README), "exec"), {})


def test_readme_names_the_ci_test_command() -> None:
    text = README.read_text(encoding="utf-8")
    assert "bash .ci/test" in text
    assert "cardgames demo crazy-eights --seed 7" in text
