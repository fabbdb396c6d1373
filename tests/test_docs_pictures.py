"""The documentation's pictures and reference pages: all there, all shown, and still true.

- every picture a page shows is in ``docs/images/``, every picture there is shown by a page and
  listed with the command that makes it in ``docs/images/README.md``; each is a valid, small
  PNG or SVG;
- the terminal picture of ``cardgames play`` shows what the command prints today (else: run
  ``python docs/images/make_terminal_svg.py``);
- every module that ``docs/compatibility.md`` calls public has a reference page in the site's
  navigation, and the page of the package lists every name of ``cardgames.__all__``.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType
from xml.etree import ElementTree

import pytest

import cardgames

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
IMAGES = DOCS / "images"
MAX_BYTES = 200_000
PICTURE_SUFFIXES = {".png", ".svg"}

_IMAGE = re.compile(r"!\[[^\]]*\]\(([^)\s]+)\)")


def shown_pictures() -> dict[Path, list[str]]:
    """Each picture the pages show (a resolved path), with the pages that show it."""
    shown: dict[Path, list[str]] = {}
    for page in sorted(DOCS.rglob("*.md")):
        if page.parent == IMAGES:
            continue  # the folder's README is not a page of the site
        for target in _IMAGE.findall(page.read_text(encoding="utf-8")):
            if "://" in target:
                continue
            path = (page.parent / target).resolve()
            shown.setdefault(path, []).append(str(page.relative_to(DOCS)))
    return shown


def pictures() -> list[Path]:
    return sorted(p for p in IMAGES.iterdir() if p.suffix in PICTURE_SUFFIXES)


def test_every_shown_picture_exists_and_every_picture_is_shown() -> None:
    shown = shown_pictures()
    assert len(shown) >= 5, "the web table (2), the chart, the terminal and the planet turn"
    missing = {str(p): pages for p, pages in shown.items() if not p.is_file()}
    assert not missing, f"pages show pictures that are not there: {missing}"
    unused = [p.name for p in pictures() if p.resolve() not in shown]
    assert not unused, f"pictures no page shows: {unused}"


def test_every_picture_says_how_it_is_made() -> None:
    readme = (IMAGES / "README.md").read_text(encoding="utf-8")
    unlisted = [p.name for p in pictures() if f"`{p.name}`" not in readme]
    assert not unlisted, f"docs/images/README.md does not say how these are made: {unlisted}"


@pytest.mark.parametrize("picture", pictures(), ids=lambda p: p.name)
def test_pictures_are_small_and_well_formed(picture: Path) -> None:
    data = picture.read_bytes()
    assert len(data) <= MAX_BYTES, f"{picture.name} is {len(data)} bytes (at most {MAX_BYTES})"
    if picture.suffix == ".png":
        assert data.startswith(b"\x89PNG\r\n\x1a\n")
    else:
        root = ElementTree.fromstring(data)
        assert root.tag == "{http://www.w3.org/2000/svg}svg"
        title = root.find("{http://www.w3.org/2000/svg}title")
        assert title is not None, "an SVG says what it shows in its <title>"
        assert title.text
        assert b"<script" not in data, "pictures are pictures"


def _terminal_script() -> ModuleType:
    path = IMAGES / "make_terminal_svg.py"
    spec = importlib.util.spec_from_file_location("make_terminal_svg", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_terminal_picture_round_trips_its_lines() -> None:
    script = _terminal_script()
    lines = [
        "$ cardgames play x",
        "a <b> & 'c'",
        "",
        "Your move> play 8H name hearts",
        "Your move> ",
    ]
    assert script.transcript_of_svg(script.render_svg(lines, "t")) == lines


def test_the_terminal_picture_shows_what_cardgames_play_prints() -> None:
    pytest.importorskip("pexpect", reason="pexpect drives the pseudo-terminal (not on Windows)")
    script = _terminal_script()
    svg = (IMAGES / "cardgames-play.svg").read_text(encoding="utf-8")
    shown = script.transcript_of_svg(svg)
    printed = script.capture()
    assert shown == printed, (
        "docs/images/cardgames-play.svg no longer shows what `cardgames play` prints: "
        "run python docs/images/make_terminal_svg.py and look at the picture"
    )


def public_modules() -> list[str]:
    """The modules docs/compatibility.md lists as the public API."""
    text = (DOCS / "compatibility.md").read_text(encoding="utf-8")
    start = text.index("of these modules")
    end = text.index("records it", start)
    return re.findall(r"`(cardgames(?:\.\w+)*)`", text[start:end])


def test_every_public_module_has_a_reference_page() -> None:
    modules = public_modules()
    assert {"cardgames", "cardgames.codec", "cardgames.agents"} <= set(modules)
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    pages = {
        page: page.read_text(encoding="utf-8")
        for page in sorted((DOCS / "reference").glob("*.md"))
        if f"reference/{page.name}" in nav
    }
    lacking = []
    for module in modules:
        # The module itself, or its submodules (as the pages of packages show them); the
        # package `cardgames` itself, not any of its modules.
        tail = "" if module == "cardgames" else r"(\.\w+)*"
        directive = re.compile(rf"^::: {re.escape(module)}{tail}\s*$", re.M)
        if not any(directive.search(text) for text in pages.values()):
            lacking.append(module)
    assert not lacking, f"public modules without a reference page in mkdocs.yml's nav: {lacking}"


def test_the_package_page_lists_every_name_of_the_package() -> None:
    text = (DOCS / "reference" / "cardgames.md").read_text(encoding="utf-8")
    missing = [name for name in cardgames.__all__ if f"`{name}`" not in text]
    assert not missing, f"docs/reference/cardgames.md does not list: {missing}"
