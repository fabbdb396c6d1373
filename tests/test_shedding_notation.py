"""Move text as players say it: every row of the notation tables of docs/cli.md.

The tables "In English" and "En français" of the section "Move notation" give, per row, the
texts a player may type (in backticks, separated by ``·``) and the move they stand for, as
`SheddingState.format_move` writes it (or "refused"). Each text is read by `parse_move` on a
round of Léa (seat 0), Tom (1) and Sam (2), Léa to play.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardgames import crazy_eights, huit_americain
from cardgames.cards import Card, Suit
from cardgames.errors import ParseError
from cardgames.shedding import Announce, CallOut, Draw, PlayCard, SheddingState

CLI_PAGE = Path(__file__).resolve().parent.parent / "docs" / "cli.md"
PLAYERS = ["Léa", "Tom", "Sam"]


def table_rows(language: str) -> list[tuple[list[str], str]]:
    """The rows of one language's table: (texts typed, move written or "refused")."""
    text = CLI_PAGE.read_text(encoding="utf-8")
    section = text.split("## Move notation", 1)[1].split("\n## ", 1)[0]
    table = section.split(f"### {language}", 1)[1].split("\n### ", 1)[0]
    rows = []
    for line in table.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) != 2 or set(cells[1]) <= {"-"} or cells[0] in {"you type", "on tape"}:
            continue
        typed = re.findall(r"`([^`]+)`", cells[0])
        written = cells[1]
        rows.append((typed, "refused" if written.startswith("refused") else written.strip("`")))
    return rows


def state_for_notation() -> SheddingState:
    state = huit_americain.new_game(PLAYERS, seed=1, rules=huit_americain.Rules(dealer=2))
    assert state.current == 0
    return state


@pytest.mark.parametrize("language", ["In English", "En français"])
def test_every_row_of_the_notation_tables(language: str) -> None:
    rows = table_rows(language)
    assert len(rows) >= 10, f"the {language} table was not found"
    state = state_for_notation()
    for typed, written in rows:
        assert typed, f"a row without examples in the {language} table"
        for text in typed:
            if written == "refused":
                with pytest.raises(ParseError):
                    state.parse_move(text)
                continue
            move = state.parse_move(text)
            assert move.player == 0, text
            assert state.format_move(move) == written, text
            assert state.parse_move(written) == move, written


C = Card.parse


def test_announce_never_names_a_suit_and_says_why() -> None:
    state = state_for_notation()
    with pytest.raises(ParseError) as info:
        state.parse_move("joue 8C annonce pique")
    assert "'annonce', which means \"carte\"" in str(info.value)
    # The announcement alone, in either language, is the announce move.
    for text in ("carte", "Carte !", "CARTE!", "uno", "last card", "annonce", "annonce carte"):
        assert state.parse_move(text) == Announce(0), text


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("", "play CARD"),
        ("joue", "play CARD"),
        ("carte carte", "a card first"),
        ("joue 8C pique cœur", "one suit"),
        ("joue 8C carte uno", "the announcement once"),
        ("joue 8C demande", "a suit after 'demande'"),
        ("joue 8C demande Tom", "a suit after 'demande'"),
        ("joue QH cible", "a seat number or a name after 'cible'"),
        ("joue QH cible Zoé", "a seat number or a player's name"),
        ("joue QH cible 1 avec 2", "one target"),
        ("joue 8C Tom", "'Tom' is not understood"),
        ("contre", "callout SEAT"),
        ("contre Tom Sam", "callout SEAT"),
        ("call out", "callout SEAT"),
        ("x" * 201, "at most 200 characters"),
    ],
)
def test_text_that_is_not_a_move_is_refused_with_what_was_expected(text: str, problem: str) -> None:
    state = state_for_notation()
    with pytest.raises(ParseError) as info:
        state.parse_move(text)
    assert problem in str(info.value)
    assert len(str(info.value)) < 400


def test_the_words_work_for_any_player_and_game() -> None:
    state = crazy_eights.new_game(PLAYERS, seed=1)
    assert state.parse_move("8 de cœur pique carte", 2) == PlayCard(2, C("8H"), Suit.SPADES, True)
    assert state.parse_move("contre-carte léa", 1) == CallOut(1, 0)
    assert state.parse_move("Pioche", 1) == Draw(1)
    assert state.parse_move("carte", player=2) == Announce(2)
