"""Game logs and records under attack: `GameLog.to_record`, `GameRecord`, record documents.

Each test tries to break one promise of `cardgames.history` and `cardgames.records` the way a
hostile caller would:

- a record holds only plain, printable text for its agents' names, whoever wrote it: a name
  with a control character (a terminal escape sequence, a new line) gets a typed error from
  `GameLog.to_record`, `record_game` and `GameRecord`, and a record document holding one an
  `InvalidStateError` naming it, since ``cardgames replay`` prints the names; a subclass of
  ``str`` is stored as the plain text that was checked, never as what its ``__str__`` says;
- a `GameRecord` built by hand with fields of the wrong type is refused with
  `InvalidArgumentError` (also a ``TypeError``) when it is built, so that `replay` and
  `GameLog.from_record` never meet it;
- `GameLog.entries` refuses every ``start`` that is not a state number, whatever its type.
"""

from __future__ import annotations

import contextlib
import json
import operator
from typing import Any

import attrs
import pytest
from hypothesis import given

from cardgames import crazy_eights, planets
from cardgames.agents import RandomAgent, play_game
from cardgames.errors import CardGamesError, InvalidArgumentError, InvalidStateError
from cardgames.history import GameLog
from cardgames.records import GameRecord, RecordedMove, record_game
from hostile_support import HOSTILE, hostile_values

CONTROLS = ("\x1b]0;owned\x07", "\x1b[2J", "bot\nnext line", "\r", "\x00", "\u2028", "\x9b31m")


class Lying(str):
    """A name whose ``__str__`` says something else than what its checks see."""

    def __str__(self) -> str:
        return "\x1b[31mred"


def _log() -> GameLog:
    log = GameLog.start(crazy_eights.GAME, ["Ann", "Bob"], seed=3)
    return log.push(log.state.legal_moves()[0])


def test_to_record_refuses_agent_names_that_are_not_printable() -> None:
    log = _log()
    for name in CONTROLS:
        with pytest.raises(InvalidArgumentError):
            log.to_record(agents=[name, "random"])
    record = log.to_record(agents=[Lying("heuristic"), "random"])
    assert record.agents == ("heuristic", "random")
    assert all(type(name) is str for name in record.agents or ())


def test_a_record_document_with_a_control_character_in_an_agent_name_is_refused() -> None:
    document = json.loads(_log().to_record(agents=["random", "random"]).to_json())
    for name in CONTROLS:
        document["data"]["agents"] = ["random", name]
        with pytest.raises(InvalidStateError, match="/data/agents/1"):
            GameRecord.from_json(json.dumps(document))


def test_record_game_refuses_an_agent_named_with_a_control_character() -> None:
    result = play_game(planets.GAME, [RandomAgent(), RandomAgent()], seed=2)
    for name in CONTROLS:
        with pytest.raises(InvalidArgumentError):
            record_game(attrs.evolve(result, agents=("random", name)))


def _fields() -> dict[str, Any]:
    record = _log().to_record(agents=["random", "random"])
    return attrs.asdict(record, recurse=False)


@pytest.mark.parametrize("field", ["players", "agents", "deck", "moves"])
@HOSTILE
@given(value=hostile_values())
def test_a_record_built_by_hand_is_refused_or_holds_plain_values(field: str, value: Any) -> None:
    try:
        record = GameRecord(**{**_fields(), field: value})
    except InvalidArgumentError:
        return
    held = getattr(record, field)
    if held is None:
        assert field in ("agents", "deck")
        return
    assert type(held) is tuple
    expected = RecordedMove if field == "moves" else str
    assert all(type(item) is expected for item in held)
    with contextlib.suppress(CardGamesError):  # replayed, or refused with a typed error
        GameLog.from_record(record)


def test_a_record_with_moves_of_another_type_is_refused_when_built() -> None:
    for moves in ([1], ["play 8H"], [{"player": 0, "move": "draw"}], 5, None):
        with pytest.raises(InvalidArgumentError):
            GameRecord(**{**_fields(), "moves": moves})


@HOSTILE
@given(start=hostile_values())
def test_entries_refuses_every_start_that_is_not_a_state_number(start: Any) -> None:
    log = _log()
    try:
        entries = log.entries(start)
    except InvalidArgumentError:
        return
    assert not isinstance(start, bool)
    number = operator.index(start)  # an int, or an integer type (NumPy's, Evil's __index__)
    assert 0 <= number <= len(log) + 1
    assert entries == tuple(zip((None, *log.moves), log.states, strict=True))[number:]
