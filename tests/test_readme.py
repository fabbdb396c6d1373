"""The README's Python examples are doctests, and their shown output is what they print."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def python_blocks() -> list[str]:
    return re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)


def test_readme_python_blocks_are_doctests() -> None:
    """Every Python block is written as a session, so its output is checked, not a comment."""
    blocks = python_blocks()
    assert blocks, "the README shows Python examples"
    parser = doctest.DocTestParser()
    for block in blocks:
        examples = parser.get_examples(block)
        assert examples, f"a README block without >>> examples:\n{block}"
        assert any(example.want for example in examples), f"a block that shows nothing:\n{block}"
        # No line outside the examples and their output: nothing that would not run.
        covered = sum(ex.source.count("\n") + ex.want.count("\n") for ex in examples)
        lines = [line for line in block.splitlines() if line.strip()]
        assert covered == len(lines), f"lines outside the session:\n{block}"


def test_readme_python_blocks_print_what_they_show() -> None:
    parser = doctest.DocTestParser()
    failures: list[str] = []
    for number, block in enumerate(python_blocks(), 1):
        test = parser.get_doctest(block, {}, f"README.md, Python block {number}", str(README), 0)
        out: list[str] = []
        runner = doctest.DocTestRunner(optionflags=FLAGS)
        result = runner.run(test, out=out.append)
        if result.failed:
            failures.append("".join(out))
    assert not failures, "\n".join(failures)


def test_readme_names_the_ci_test_command() -> None:
    text = README.read_text(encoding="utf-8")
    assert "bash .ci/test" in text
    assert "cardgames demo crazy-eights --seed 7" in text
