"""The score keeper of the planet game "8" for ``cardgames score planets``.

The game is scored once, at the end, from each player's tally
(``--tally NAME="commander 4, adjutant 3, face-down 2, hand 3"``): the points of their
gatherings, plus their cards face down, minus their cards in hand. A match (``--match FILE``)
is one game per player, more while the highest total is tied.

Examples:
    >>> from cardgames import planets
    >>> request = ScoreRequest(tally=("Léa=commander 4, hand 3", "Tom=hand 5"))
    >>> game, rules = planets.GAME, planets.GAME.default_rules
    >>> scored = SCORE_KEEPER.score(game, rules, SCORE_KEEPER.read(game, request), request)
    >>> scored.points, scored.sentences
    ((2, -5), ('Léa wins with 2 points.',))
"""

from __future__ import annotations

from typing import Any

from cardgames.cli.choices import UsageError
from cardgames.cli.score import RoundScore, ScoreKeeper, ScoreRequest, read_assignments
from cardgames.errors import ParseError
from cardgames.game import Game, Match
from cardgames.planets.cards import PLANETS, PlanetCard
from cardgames.planets.scoring import Gathering, Role, Tally, final_winners

__all__ = ["SCORE_KEEPER", "PlanetsScoreKeeper", "parse_tally"]

_COUNTS = {"face-down": "face_down", "hand": "in_hand", "black-holes": "black_holes"}
_TALLY_EXPECTED = (
    "items such as 'commander 4', 'adjutant 3 Saturn', 'commander all-different', "
    "'face-down 2', 'hand 3', 'black-holes 1', separated by commas"
)


def parse_tally(text: str) -> Tally:
    """A `cardgames.planets.Tally` from text.

    Items separated by commas: ``commander N [PLANET]`` or ``adjutant N [PLANET]`` (a
    gathering of N identical planets; French ``commandant``, ``adjoint`` too),
    ``commander all-different``, ``face-down N``, ``hand N`` and ``black-holes N``.

    Raises:
        ParseError: naming the item that cannot be read.
    """
    gatherings: list[Any] = []
    counts = {"face_down": 0, "in_hand": 0, "black_holes": 0}
    for item in text.replace(";", ",").split(","):
        words = item.split()
        if not words:
            continue
        head = words[0].casefold().replace("_", "-")
        if head in _COUNTS and len(words) == 2 and _count(words[1]):
            counts[_COUNTS[head]] += int(words[1])
            continue
        try:
            role = Role.parse(head)
        except ParseError:
            raise ParseError(item.strip(), _TALLY_EXPECTED) from None
        rest = [w.casefold() for w in words[1:]]
        if rest in (["all-different"], ["8-different"], ["all", "different"]):
            gatherings.append(Gathering(PLANETS, role))
            continue
        if not rest or not _count(rest[0]) or len(rest) > 2:
            raise ParseError(item.strip(), _TALLY_EXPECTED)
        planet = PlanetCard.parse(words[2]) if len(words) == 3 else PLANETS[0]
        try:
            gatherings.append(Gathering.identical(planet, int(rest[0]), role))
        except ValueError as exc:
            raise ParseError(item.strip(), str(exc)) from None
    return Tally(tuple(gatherings), **counts)


def _count(word: str) -> bool:
    """Whether ``word`` is a count of cards: ASCII digits, at most four of them."""
    return word.isascii() and word.isdigit() and len(word) <= 4


class PlanetsScoreKeeper:
    """Scores a game of "8" from each player's tally (`ScoreKeeper`)."""

    round_word = "game"
    entry_word = "tally"

    def read(self, game: Game[Any], request: ScoreRequest) -> dict[str, Any]:
        """Every player's tally as typed, by name (read by `score`); hands are refused."""
        if request.hand or request.winner:
            raise UsageError('the planet game is scored from --tally NAME="...", not hands')
        pairs = read_assignments(request.tally, "--tally")
        if len(pairs) < 2:
            raise UsageError('give every player\'s tally: --tally NAME="commander 4, hand 3" ...')
        return dict(pairs)

    def score(
        self, game: Game[Any], rules: Any, entries: dict[str, Any], request: ScoreRequest
    ) -> RoundScore:
        """The final scores of the tallies (`parse_tally`), and who won."""
        names = list(entries)
        tallies = []
        for name, text in entries.items():
            try:
                tallies.append(parse_tally(text))
            except ParseError as exc:
                raise UsageError(f"--tally {name}: {exc}") from None
        scores = [tally.score(rules) for tally in tallies]
        rows = tuple(
            (
                name,
                str(sum(g.points(rules) for g in tally.gatherings)),
                str(tally.face_down),
                str(-tally.in_hand),
                str(tally.score(rules)),
            )
            for name, tally in zip(names, tallies, strict=True)
        )
        _, sentence = final_winners(tallies, rules, names)
        return RoundScore(
            heading="8 (planets): final scores",
            columns=("player", "gatherings", "face down", "in hand", "score"),
            rows=rows,
            right=(1, 2, 3, 4),
            points=tuple(scores),
            sentences=(sentence,),
        )

    def match_goal(self, match: Match) -> str:
        """The number of games, the play-off on a tie, and that the highest total wins."""
        games = getattr(match, "games", "?")
        goal = f"{games} games; the highest total wins"
        if getattr(match, "play_off", False):
            goal = (
                f"{games} games, then more while the highest total is tied; the highest total wins"
            )
        return goal


SCORE_KEEPER: ScoreKeeper = PlanetsScoreKeeper()
"""The ``"score_keeper"`` capability of the planet game."""
