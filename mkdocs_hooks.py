"""MkDocs hook: publish the JSON Schemas shipped in the package along with the documentation.

The schemas live in ``src/cardgames/schemas/`` (written by ``python tests/test_schema.py
--update``). This hook adds each of them to the site as ``schemas/<game>.<kind>.json``, where
``docs/schemas.md`` links to them, so nothing is copied into ``docs/`` and ``mkdocs build
--strict`` checks every link. Declared in ``mkdocs.yml`` under ``hooks``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

PACKAGE = Path(__file__).resolve().parent / "src" / "cardgames"


def on_files(files: Any, config: Any) -> Any:
    """Add every shipped schema to the site's files (MkDocs calls it once per build)."""
    from mkdocs.structure.files import File

    for path in sorted((PACKAGE / "schemas").glob("*.json")):
        uri = f"schemas/{path.name}"
        files.append(File(uri, str(PACKAGE), config["site_dir"], config["use_directory_urls"]))
    return files
