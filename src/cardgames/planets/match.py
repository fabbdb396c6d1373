"""Matches of "8": several games, their scores added up, the highest total wins.

The rule text describes one game (*partie*): it ends when the stock is empty, the highest score
wins, ties go to the largest gathering, then to the fewest black holes, and players still tied
"play a new game" (*une nouvelle partie devra être disputée*). It says nothing of a match of
several games; these are our house rules, as players keep score over an evening:

- **Length.** A match is ``games`` games (default: one per player, so that every seat is the
  first Commander once; at most `MAX_GAMES`).
- **First Commander.** It rotates clockwise: game ``k`` (from 0) starts with seat
  ``rules.first_commander + k`` (modulo the number of players).
- **Totals.** Each game's scores (which may be negative: one point off per card left in hand)
  are added up by seat; the highest total wins the match.
- **Ties.** The game's tie-breaks (largest gathering, fewest black holes) settle a single game,
  not the match: the score sheet holds points only, as a score keeper writes them down. If
  several seats share the highest total after the last game, the match is not over: everyone
  plays one more game (the rule text's *nouvelle partie*), and again, until one total is the
  highest. So that every match ends, after `MAX_GAMES` extra games the seats still tied share
  the win. With ``play_off=False`` there is no extra game: the tied seats share the win at once
  (as a game's `Outcome` does when its tie-breaks fail).

A `Match` is an immutable score sheet with the same surface as the shedding games'
(`cardgames.shedding.match.Match`): it serves a simulated match (`Match.deal` the next game,
then `Match.record` it when it is over) and a score keeper of a game played with real cards
(`Match.add_round` with the points of each game).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Final

import attrs

from cardgames._integers import converted
from cardgames._match import (
    check_points,
    check_seed,
    match_from_json,
    match_to_json,
    names_of_players,
    points_row,
    recorded_points,
    round_seed,
)
from cardgames.errors import InvalidArgumentError, InvalidRulesError, MatchOverError
from cardgames.game import find_game, player_names
from cardgames.planets.cards import PlanetCard
from cardgames.planets.engine import PlanetsState
from cardgames.planets.rules import Rules

if TYPE_CHECKING:
    from typing_extensions import Self

__all__ = ["MAX_GAMES", "MAX_POINTS", "Match"]

MAX_GAMES: Final = 100
"""The most games a match is set to last, and the most extra games played to break a tie."""

MAX_POINTS: Final = 10_000_000
"""The largest score of one game, either sign (a real game stays within a few million)."""


def _rounds(rounds: Iterable[Iterable[int]]) -> tuple[tuple[int, ...], ...]:
    # Bounded before copying: at most the rows a match can hold, each at most one per seat.
    if (
        isinstance(rounds, Sequence)
        and not isinstance(rounds, (str, bytes))
        and len(rounds) <= 2 * MAX_GAMES
        and all(
            isinstance(row, Sequence) and not isinstance(row, (str, bytes)) and len(row) <= 64
            for row in rounds
        )
    ):
        return tuple(tuple(row) for row in rounds)
    return rounds  # type: ignore[return-value]


def _default_games(match: Match) -> int:
    players = match.players
    return len(players) if isinstance(players, tuple) else 0


@attrs.frozen
class Match:
    """An immutable score sheet of a match of "8".

    Attributes:
        rules: The rules of every game (the first Commander rotates from
            ``rules.first_commander``).
        players: The players' names, by seat.
        rounds: Each game's points, by seat (negative scores included).
        seed: Seeds the games dealt by `deal` (game ``k`` gets a stream derived from it).
        games: The number of games the match lasts (more if the highest total is tied).
        play_off: Whether a tie on the highest total after the last game is broken by extra
            games (else the tied seats share the win).

    Examples:
        >>> from cardgames.planets import Match
        >>> match = Match.new(["Léa", "Tom", "Sam"])
        >>> match.games, match.round_rules().first_commander
        (3, 0)
        >>> match = match.add_round([12, -3, 5]).add_round({"Tom": 20, "Sam": 4, "Léa": -2})
        >>> match.totals, match.is_over, match.round_rules().first_commander
        ((10, 17, 9), False, 2)
        >>> match = match.add_round([7, 0, -1])  # Léa and Tom tie on 17: one more game
        >>> match.totals, match.is_over, match.winners, match.round_rules().first_commander
        ((17, 17, 8), False, (), 0)
        >>> match = match.add_round([1, 0, 3])
        >>> match.totals, match.is_over, match.winners
        ((18, 17, 11), True, (0,))
    """

    max_rounds: ClassVar[int] = 2 * MAX_GAMES
    """The most games a match holds (its documents are checked against it)."""
    points_range: ClassVar[tuple[int, int]] = (-MAX_POINTS, MAX_POINTS)
    """The lowest and the highest score of one player in one game."""

    rules: Rules
    players: tuple[str, ...] = attrs.field(converter=names_of_players)
    rounds: tuple[tuple[int, ...], ...] = attrs.field(default=(), converter=_rounds)
    seed: int = attrs.field(default=0, converter=converted)  # a NumPy integer as its int
    games: int = attrs.field(
        default=attrs.Factory(_default_games, takes_self=True), converter=converted
    )
    play_off: bool = True

    def __attrs_post_init__(self) -> None:
        # Everything is checked here, so that a match never holds what it cannot play or add up:
        # the rules of "8" for its players, valid names, whole points in range, no game after
        # the end of the match, an integer seed.
        if not isinstance(self.rules, Rules):
            raise InvalidRulesError("rules", self.rules, 'expected the rules of "8"')
        if isinstance(self.players, int) or not isinstance(self.players, tuple):
            raise InvalidRulesError("players", self.players, "expected the players' names")
        if len(self.players) < 2:
            raise InvalidRulesError("players", self.players, "a match needs at least two players")
        player_names(self.players, find_game(Rules.game_name))
        self.rules.check_players(len(self.players))
        check_seed(self.seed)
        if isinstance(self.games, bool) or type(self.games) is not int:
            raise InvalidArgumentError("games", self.games, "expected a number of games")
        if not 1 <= self.games <= MAX_GAMES:
            raise InvalidArgumentError("games", self.games, f"a match is 1 to {MAX_GAMES} games")
        if type(self.play_off) is not bool:
            raise InvalidArgumentError("play_off", self.play_off, "expected True or False")
        if not isinstance(self.rounds, tuple) or len(self.rounds) > self.games + MAX_GAMES:
            raise InvalidRulesError("rounds", self.rounds, "expected each game's points")
        totals = [0] * len(self.players)
        for played, points in enumerate(self.rounds):
            if self._over(played, totals):
                raise InvalidRulesError("rounds", points, "a game after the end of the match")
            self._check_points(points)
            totals = [t + p for t, p in zip(totals, points, strict=True)]

    @classmethod
    def new(
        cls,
        players: int | Sequence[str],
        rules: Rules | None = None,
        *,
        seed: int = 0,
        games: int | None = None,
        play_off: bool = True,
    ) -> Self:
        """Start a match (the standard rules by default).

        Args:
            players: The number of players (2 to 6) or their names in seat order.
            rules: The rules of every game (default: the standard rules).
            seed: Seeds the games dealt by `deal`.
            games: The number of games (default: one per player).
            play_off: Whether a tie on the highest total is broken by extra games.

        Raises:
            InvalidRulesError: for rules that are not those of "8", or bad players.
            InvalidArgumentError: for a bad seed, number of games or ``play_off``.
        """
        rules = Rules() if rules is None else rules
        if not isinstance(rules, Rules):
            raise InvalidRulesError("rules", rules, 'expected the rules of "8"')
        names = player_names(players, find_game(Rules.game_name))
        count = len(names) if games is None else games
        return cls(rules, names, (), seed, count, play_off)

    @classmethod
    def from_json(cls, text: str | bytes) -> Self:
        """Load a match written by `to_json`, with the constructor's checks.

        Raises:
            InvalidStateError: naming the first bad place (``/data/rounds``...), for a match
                of another game too.
        """
        return match_from_json(cls, text, Rules, '"8"')

    def to_json(self) -> str:
        """The ``cardgames.match`` document: rules, players, points, seed, games, play-off."""
        return match_to_json(self)

    def _check_points(self, row: object) -> tuple[int, ...]:
        reason = f"a game's score is an integer between -{MAX_POINTS} and {MAX_POINTS}"
        return check_points(row, len(self.players), -MAX_POINTS, MAX_POINTS, reason)

    def _over(self, played: int, totals: Sequence[int]) -> bool:
        if played < self.games:
            return False
        if not self.play_off or played >= self.games + MAX_GAMES:
            return True
        return totals.count(max(totals)) == 1

    @property
    def totals(self) -> tuple[int, ...]:
        """Each player's total so far."""
        return tuple(sum(column) for column in zip(*self.rounds, strict=True)) or (0,) * len(
            self.players
        )

    @property
    def is_over(self) -> bool:
        """Whether the match has been won.

        It is after ``games`` games if one total is the highest (or without a play-off, or once
        the extra games are used up).
        """
        return self._over(len(self.rounds), self.totals)

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats with the highest total once the match is over, else ``()``.

        Several seats share the win only without a play-off or once the extra games are used up.
        """
        if not self.is_over:
            return ()
        totals = self.totals
        best = max(totals)
        return tuple(seat for seat, total in enumerate(totals) if total == best)

    def round_rules(self) -> Rules:
        """The rules of the next game: the first Commander rotated by one seat per game."""
        first = (self.rules.first_commander + len(self.rounds)) % len(self.players)
        return self.rules.replace(first_commander=first)

    def deal(
        self, *, deck: Sequence[PlanetCard] | str | None = None, seed: int | None = None
    ) -> PlanetsState:
        """Deal the next game under `round_rules`.

        Args:
            deck: A fixed card order, as for `cardgames.planets.new_game`.
            seed: The game's seed (default: derived from the match seed and the game number,
                as the shedding games' matches do).

        Raises:
            MatchOverError: if the match is over.
            InvalidArgumentError: for a seed that is not an integer.
        """
        if self.is_over:
            raise MatchOverError("the match is over")
        if seed is None:  # else new_game checks it
            seed = round_seed(self.seed, len(self.rounds))
        game = find_game(Rules.game_name)
        state: PlanetsState = game.new_game(
            self.players, seed=seed, rules=self.round_rules(), deck=deck
        )
        return state

    def add_round(self, points: Sequence[int] | Mapping[str, int]) -> Self:
        """Record a game's points (by seat, or by player name; missing names score 0).

        Names are matched as players' names are told apart (`cardgames.game.name_key`): in any
        case, accents precomposed or not.

        Raises:
            MatchOverError: if the match is over.
            InvalidRulesError: for unknown names, a player named twice, a wrong count, or points
                that are not plain integers within `MAX_POINTS`.
        """
        if self.is_over:
            raise MatchOverError("the match is over")
        row = self._check_points(points_row(self.players, points))
        return attrs.evolve(self, rounds=(*self.rounds, row))

    def record(self, state: PlanetsState) -> Self:
        """Record the scores of a finished game of this match.

        The game is one dealt by `deal`, or by ``new_game`` with these players and
        `round_rules`.

        Raises:
            MatchOverError: if the match is over.
            InvalidArgumentError: (a ``ValueError``) if ``state`` is not a state of "8", the
                game is not over, or it was played by other players or under other rules.
        """
        if not isinstance(state, PlanetsState):
            raise InvalidArgumentError("state", state, 'expected a state of "8"')
        first = f"first Commander: seat {self.round_rules().first_commander}"
        return self.add_round(recorded_points(self, state, "game", first))

    def to_dict(self) -> dict[str, Any]:
        """Plain data for display or export: players, rounds, totals, winners, games, play_off."""
        return {
            "players": list(self.players),
            "rounds": [list(r) for r in self.rounds],
            "totals": list(self.totals),
            "winners": list(self.winners),
            "games": self.games,
            "play_off": self.play_off,
        }
