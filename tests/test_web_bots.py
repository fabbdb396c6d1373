"""The web table's bots: a bot that fails while deciding does not stall the table (issue #29).

Every exception raised inside an agent's decision reaches the drivers as `AgentError`; the
table catches that error and plays the seat's first legal move (or lets an out-of-turn chance
go), as it did for an illegal answer. Before, a bot raising anything else broke the request.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs
import pytest

import cardgames.web.tables as tables_module
from cardgames.game import Move, View
from cardgames.rng import Rng
from cardgames.web import Store, Tables
from web_support import db_url


@attrs.frozen
class Raiser:
    """A bot whose every decision raises."""

    name: str = "raiser"

    def act(self, view: View, legal: Sequence[Move], rng: Rng) -> tuple[Move | None, Rng]:
        raise KeyError("secret hand")


def test_a_failing_bot_plays_its_first_legal_move(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = Store.open(db_url(tmp_path))
    try:
        table, _ = Tables(store).create("crazy-eights", [("Léa", None), ("Bot", "random")], seed=3)
        assert table.state.to_act[0] == 1  # the bot, on the dealer's left, moves first
        built: list[Any] = []

        def make_agent(spec: str, game: Any) -> Any:
            built.append(spec)
            return Raiser()

        monkeypatch.setattr(tables_module, "make_agent", make_agent)
        tables = Tables(store)  # a restarted server builds its bots again
        first = table.state.legal_moves(1)[0]
        assert tables.bot_step(table.id)
        assert built == ["random"]
        after = tables.get(table.id)
        assert after.seq == table.seq + 1
        assert after.state == table.state.apply(first)
    finally:
        store.close()
