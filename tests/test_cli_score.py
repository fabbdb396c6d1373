"""`cardgames score` refuses rounds that cannot have happened (#13 items 5 and 6).

Only one player goes out: a second empty hand is an error, and a round without ``--winner`` is
scored only with an explicit ``--blocked``. The hands are checked against the decks the game was
played with (``--decks N``, by default the rules' for that many players): a card held more
often than the decks hold it, a joker in a 52-card game, more cards than the decks hold. Each
error is one line, exit status 2, that names the card and the deck.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import attrs
import pytest

import cardgames
from cardgames.cli import main
from cardgames.cli.score import (
    SCORE_KEEPER,
    RoundScore,
    ScoreRequest,
    read_assignments,
)
from cardgames.game import Game, Match

Result = tuple[int, str, str]


def score(capsys: pytest.CaptureFixture[str], *args: str) -> Result:
    code = main(["score", *args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def error_line(result: Result) -> str:
    code, out, err = result
    assert code == 2, (code, out, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("cardgames score: error: "), err
    return lines[0].removeprefix("cardgames score: error: ")


def test_a_second_empty_hand_is_an_error_not_two_winners(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # The issue's command: Sam= is a second empty hand besides the winner's.
    result = score(
        capsys, "crazy-eights", "--winner", "Léa", "--hand", "Tom=8H KS", "--hand", "Sam="
    )
    assert error_line(result) == (
        "--hand Sam=: only one player goes out (Léa, --winner); give the cards Sam holds"
    )
    assert "win" not in result[1]
    result = score(capsys, "crazy-eights", "--blocked", "--hand", "Tom=8H KS", "Sam=")
    assert "nobody went out in a blocked round" in error_line(result)


def test_a_blocked_round_needs_blocked(capsys: pytest.CaptureFixture[str]) -> None:
    result = score(capsys, "crazy-eights", "--hand", "Tom=8H KS", "Sam=3C")
    assert error_line(result).startswith("who went out? give --winner NAME, or --blocked")
    result = score(capsys, "crazy-eights", "--winner", "Léa", "--blocked", "--hand", "Tom=8H")
    assert error_line(result) == "--winner or --blocked: in a blocked round nobody went out"
    code, out, _ = score(capsys, "crazy-eights", "--blocked", "--hand", "Tom=8H KS", "Sam=3C")
    assert code == 0
    # Sam's 3 is the lowest hand: Sam collects Tom's 60.
    assert "A blocked round: nobody went out, the lowest hand value wins." in out
    assert "Sam wins the round and scores 60." in out


def test_ties_in_a_blocked_round_each_collect(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--blocked", "--hand", "Léa=3C", "Tom=3D", "Sam=KS"]
    code, out, _ = score(capsys, "crazy-eights", *args)
    assert code == 0
    assert "Léa, Tom win the round and score 10 each." in out


def test_impossible_hands_name_the_card_and_the_deck(capsys: pytest.CaptureFixture[str]) -> None:
    cases = [
        (
            ["crazy-eights", "--blocked", "--hand", "Léa=8H 8H 8H", "--hand", "Sam=8H"],
            "--hand: 8H is held 4 times, but one deck of 52 cards has it once (--decks N if you "
            "played with more decks)",
        ),
        (
            ["crazy-eights", "--winner", "Léa", "--hand", "Tom=8H KS", "Sam=KS"],
            "--hand: KS is held twice, but one deck of 52 cards has it once (--decks N if you "
            "played with more decks)",
        ),
        (
            ["crazy-eights", "--winner", "Léa", "--hand", "Tom=JOKER 3C"],
            "--hand: there is no JOKER in one deck of 52 cards",
        ),
        (
            ["huit-americain", "--preset", "32-cartes", "--winner", "Léa", "--hand", "Tom=2S"],
            "--hand: there is no 2S in one deck of 32 cards (7 to Ace)",
        ),
        (
            ["crazy-eights", "--winner", "Léa", "--hand", "Tom=KS", "Sam=KS KS", "--decks", "2"],
            "--hand: KS is held 3 times, but 2 decks of 52 cards have it twice",
        ),
        (
            ["crazy-eights", "--winner", "Léa", "--hand", "Tom=KS", "--decks", "9"],
            "--decks: expected a number of decks from 1 to 8",
        ),
    ]
    for args, message in cases:
        assert error_line(score(capsys, *args)) == message, args
    # More cards than the decks hold.
    everything = " ".join(f"{rank}{suit}" for rank in "23456789TJQKA" for suit in "CDHS")
    result = score(capsys, "crazy-eights", "--blocked", "--hand", f"Tom={everything}", "Sam=2C")
    assert "--hand: 53 cards in the hands, but one deck of 52 cards" in error_line(result)


def test_decks_default_from_the_rules_and_the_players(capsys: pytest.CaptureFixture[str]) -> None:
    # Six players of Crazy Eights shuffle two decks: the King of spades twice is possible.
    hands = ["Tom=KS", "Sam=KS", "Zoé=2C", "Max=3C", "Ana=4C"]
    code, out, _ = score(capsys, "crazy-eights", "--winner", "Léa", "--hand", *hands)
    assert code == 0
    assert "Léa wins the round and scores 29." in out
    code, out, _ = score(
        capsys, "crazy-eights", "--winner", "Léa", "--hand", "Tom=KS", "Sam=KS", "--decks", "2"
    )
    assert (code, "Léa wins the round and scores 20." in out) == (0, True)


def test_a_match_round_is_checked_too(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    match = str(tmp_path / "match.json")
    first = [
        "crazy-eights",
        "--winner",
        "Léa",
        "--hand",
        "Tom=8H KS",
        "Sam=3C AS",
        "--match",
        match,
    ]
    assert score(capsys, *first)[0] == 0
    again = ["crazy-eights", "--winner", "Léa", "--hand", "Tom=8H KS", "Sam=", "--match", match]
    assert "only one player goes out" in error_line(score(capsys, *again))
    doubled = ["crazy-eights", "--winner", "Tom", "--hand", "Léa=8H", "Sam=8H", "--match", match]
    assert "8H is held twice" in error_line(score(capsys, *doubled))
    # Nothing was added by the refused rounds.
    code, out, _ = score(
        capsys,
        "crazy-eights",
        "--blocked",
        "--hand",
        "Léa=2C",
        "Tom=3C",
        "Sam=4C",
        "--match",
        match,
    )
    assert code == 0
    assert "Match totals after 2 rounds" in out


def test_the_issue_commands_as_a_user_types_them() -> None:
    # Run as a subprocess, as the issue did.
    command = [
        sys.executable,
        "-m",
        "cardgames",
        "score",
        "crazy-eights",
        "--hand",
        "Léa=8H 8H 8H",
        "--hand",
        "Sam=8H",
        "--blocked",
    ]
    done = subprocess.run(command, capture_output=True, text=True, encoding="utf-8")
    assert done.returncode == 2
    assert "8H is held 4 times, but one deck of 52 cards has it once" in done.stderr
    command = [
        sys.executable,
        "-m",
        "cardgames",
        "score",
        "crazy-eights",
        "--winner",
        "Léa",
        "--hand",
        "Tom=8H KS",
        "--hand",
        "Sam=",
    ]
    done = subprocess.run(command, capture_output=True, text=True, encoding="utf-8")
    assert (done.returncode, done.stdout) == (2, "")
    assert "only one player goes out" in done.stderr


# -- the game's score keeper (issue #30) ----------------------------------------------------------


@pytest.fixture
def outside_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """The library's games, then a registry of this test's own (games it registers go away)."""
    cardgames.games()
    monkeypatch.setattr(cardgames.game, "_REGISTRY", dict(cardgames.game._REGISTRY))


@pytest.mark.usefixtures("outside_registry")
def test_a_game_without_a_score_keeper_is_refused_in_one_line_naming_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from toygame import ensure_registered

    toy = ensure_registered()
    assert not toy.provides(SCORE_KEEPER)
    code, out, err = score(capsys, toy.name, "--winner", "Ann", "--hand", "Bob=2H")
    assert (code, out) == (1, "")
    assert err == (
        "cardgames score: error: the game toy-pile does not provide score_keeper (the score "
        "keeper of `cardgames score` for games played with real cards)\n"
    )


class _CardCounter:
    """A score keeper for Toy Pile: each ``--hand`` scores its number of cards, lowest wins."""

    round_word = "round"
    entry_word = "hand"

    def read(self, game: Game[Any], request: ScoreRequest) -> dict[str, Any]:
        return {name: len(text.split()) for name, text in read_assignments(request.hand, "--hand")}

    def score(
        self, game: Game[Any], rules: Any, entries: dict[str, Any], request: ScoreRequest
    ) -> RoundScore:
        best = min(entries.values())
        return RoundScore(
            heading=f"{game.title}: cards left",
            columns=("player", "cards"),
            rows=tuple((name, str(count)) for name, count in entries.items()),
            right=(1,),
            points=tuple(entries.values()),
            sentences=tuple(f"{name} wins." for name, n in entries.items() if n == best),
        )

    def match_goal(self, match: Match) -> str:
        raise AssertionError("Toy Pile has no matches")


@pytest.mark.usefixtures("outside_registry")
def test_a_game_s_own_score_keeper_is_used(capsys: pytest.CaptureFixture[str]) -> None:
    import toygame

    state_type = type("ScoredToyState", (toygame.ToyState,), {})
    toy: Game[Any] = toygame.make_game(state_type, "scored-toy", title="Scored Toy")
    keeper = _CardCounter()
    cardgames.register(attrs.evolve(toy, capabilities={"score_keeper": keeper}))
    code, out, err = score(capsys, "scored-toy", "--hand", "Ann=2H 3H", "Bob=4S")
    assert (code, err) == (0, "")
    assert out.splitlines()[0] == "Scored Toy: cards left"
    assert [line.split() for line in out.splitlines()[-3:]] == [
        ["Ann", "2"],
        ["Bob", "1"],
        ["Bob", "wins."],
    ]
