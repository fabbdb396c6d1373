"""The ``cardgames`` command line (install the ``cli`` extra for tables and progress bars).

Subcommands: ``games``, ``rules GAME``, ``demo GAME``, ``play GAME``, ``simulate GAME``,
``score GAME`` and ``replay FILE``; ``python -m cardgames`` runs the same command. See
``docs/cli.md`` for every option, with examples. `main` is the entry point; it returns the exit
status instead of exiting, so that it can be called from Python and from tests.
"""

from cardgames.cli.app import main

__all__ = ["main"]
