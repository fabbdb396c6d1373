"""``cardgames play --lang fr``: a whole game of each title at the terminal, all in French.

The player at the terminal types ``aide`` (the help), a text that is no move, then the first
move offered each time, to the end of the game. Nothing the terminal shows may hold a word of
the games' English vocabulary.
"""

from __future__ import annotations

import re

import pytest

from cardgames.cli.narrate import Narrator, PlainTable
from test_cli import play

ENGLISH = " ".join(
    (
        "play plays lay lays draw draws take takes decline pass keep keeps give gives steal",
        "steals under discard callout announce penalty hearts spades clubs diamonds jack queen",
        "king ace you your turn hand hands stock card cards named seat winner winners nobody",
        "round over moves move the and with commander adjutant gathering not left black",
    )
).split()
"""Words of the games' English vocabulary that are no French words ("passes" and "suit" are)."""
_ENGLISH_WORD = re.compile(r"\b(" + "|".join(ENGLISH) + r")\b", re.IGNORECASE)


@pytest.mark.parametrize(
    ("game", "seed"), [("crazy-eights", 3), ("huit-americain", 5), ("planets", 4)]
)
def test_a_whole_game_in_french_has_no_english_word(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, game: str, seed: int
) -> None:
    typed = "aide\nxyzzy\n" + "1\n" * 3000
    code, out, err = play(capsys, monkeypatch, typed, game, "--lang", "fr", "--seed", str(seed))
    assert code == 0, err
    assert "Gagnant" in out  # played to the end
    assert "Au revoir" not in out
    assert re.search(r"^ Toi ", out, re.MULTILINE)  # the final table names the player Toi
    if game != "huit-americain":  # forced moves are said in French
        assert re.search(r"Ton seul coup, joué pour toi : (passe|refuse|prends)\.", out)
    found = sorted({match.group(0) for match in _ENGLISH_WORD.finditer(out)})
    lines = [line for line in out.splitlines() if _ENGLISH_WORD.search(line)]
    assert not found, (found, lines[:10])


def test_the_terminal_words_of_a_game_without_french_help_stay_french() -> None:
    narrator = Narrator(("Léa", "Tom"), you=0, lang="fr")
    assert narrator.name(5) == "place 5"  # a seat out of range, in French too
    assert narrator.help(PlainTable()).startswith("Les coups : tape-les")
    assert Narrator(("Léa", "Tom")).help(PlainTable()) == PlainTable().help
