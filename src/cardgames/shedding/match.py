"""Matches of a shedding game: rounds scored and added up until the match is won.

A `Match` is an immutable score sheet. It serves a simulated match (deal each round with
`Match.deal`, then `Match.record` the finished round) and a score keeper for a game played with
real cards (`Match.add_round` with the points of each round). The dealer rotates clockwise: round
``k`` is dealt by seat ``rules.dealer + k``.

How a match ends comes from the rules: with a ``target_score`` it ends after the round in which a
total reaches the target; with ``rounds`` it ends after that many rounds. Under Crazy Eights
scoring the highest total wins (the first to reach the target; totals that reach it together are
compared); under 8 Américain scoring the lowest total wins. Equal best totals share the win.

This shared class has no default game: `Match.new` takes the rules. Each game module has its own
``Match`` (`cardgames.crazy_eights.Match`, `cardgames.huit_americain.Match`) whose ``new``
defaults to that game's rules; `Game.new_match` starts one of any game alike.

So that every match ends, one to a target score also ends after `MAX_ROUNDS` rounds (a target
far out of reach with tiny hands could otherwise take longer); the best totals then win.

A score sheet holds only what a match can reach: no round after the end of the match, one whole
number of points from 0 to `MAX_POINTS` per player and round, and a seed strictly between -2**64
and 2**64. `to_json` writes it as a ``cardgames.match`` document and `from_json` loads one with
these checks (see `cardgames._match`).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Final

import attrs

from cardgames._integers import converted
from cardgames._match import (
    check_points,
    check_seed,
    given_name_key,
    match_from_json,
    match_to_json,
    names_of_players,
    points_row,
    recorded_points,
    round_seed,
)
from cardgames.cards import Card
from cardgames.errors import (
    InvalidArgumentError,
    InvalidRulesError,
    MatchOverError,
    UnknownGameError,
)
from cardgames.game import Game, find_game, name_key, player_names
from cardgames.shedding.engine import SheddingState
from cardgames.shedding.rules import Scoring, SheddingRules
from cardgames.shedding.scoring import round_points

if TYPE_CHECKING:
    from typing_extensions import Self

__all__ = ["MAX_POINTS", "MAX_ROUNDS", "Match", "MatchOverError"]

MAX_ROUNDS: Final = 1_000
"""The most rounds of a match: one to a target score not reached by then ends there (as the
rules' ``rounds`` option, whose largest value this is)."""

MAX_POINTS: Final = 10_000_000
"""The most points one player scores in one round (a real round stays within a few hundred)."""


def _rounds(rounds: Iterable[Iterable[int]]) -> tuple[tuple[int, ...], ...]:
    # Bounded before copying: at most the rows a score sheet holds, each at most one per seat.
    if (
        isinstance(rounds, Sequence)
        and not isinstance(rounds, (str, bytes))
        and len(rounds) <= MAX_ROUNDS
        and all(
            isinstance(row, Sequence) and not isinstance(row, (str, bytes)) and len(row) <= 64
            for row in rounds
        )
    ):
        return tuple(tuple(row) for row in rounds)
    return rounds  # type: ignore[return-value]


def _game_of(rules: object) -> Game[Any]:
    """The game whose own rules type ``rules`` is, for a match of it.

    A bare `SheddingRules` (no game's), or a caller's subclass of it, would pass an
    ``isinstance`` check here and fail only when a round is dealt, if ever: both are refused.

    Raises:
        InvalidRulesError: naming ``rules``, for anything but a shedding game's own rules.
    """
    if isinstance(rules, SheddingRules):
        name = type(rules).game_name
        if type(name) is str and name:
            try:
                game = find_game(name)
            except UnknownGameError:
                pass
            else:
                if type(rules) is game.rules_type:
                    return game
    raise InvalidRulesError(
        "rules", rules, "expected the rules of a shedding game (such as crazy_eights.Rules)"
    )


@attrs.frozen
class Match:
    """An immutable match score sheet.

    Attributes:
        rules: The rules of every round (the dealer rotates from ``rules.dealer``).
        players: The players' names, by seat.
        rounds: Each round's points, by seat.
        seed: Seeds the rounds dealt by `deal` (round ``k`` gets a stream derived from it).

    Examples:
        >>> from cardgames.crazy_eights import Match, Rules
        >>> match = Match.new(["Léa", "Tom", "Sam"], Rules())
        >>> match = match.add_round({"Léa": 83, "Tom": 0, "Sam": 0}).add_round([0, 120, 0])
        >>> match.totals, match.is_over, match.dealer
        ((83, 120, 0), False, 2)
        >>> match.add_round([0, 0, 200]).winners
        (2,)
    """

    max_rounds: ClassVar[int] = MAX_ROUNDS
    """The most rounds a match holds (its documents are checked against it)."""
    points_range: ClassVar[tuple[int, int]] = (0, MAX_POINTS)
    """The lowest and the highest points of one player in one round."""

    rules: SheddingRules
    players: tuple[str, ...] = attrs.field(converter=names_of_players)
    rounds: tuple[tuple[int, ...], ...] = attrs.field(default=(), converter=_rounds)
    seed: int = attrs.field(default=0, converter=converted)  # a NumPy integer as its int

    def __attrs_post_init__(self) -> None:
        # Everything is checked here, so that a match never holds what it cannot play or add up:
        # rules of a shedding game, valid names for it, whole points, an integer seed.
        game = _game_of(self.rules)
        if isinstance(self.players, int) or not isinstance(self.players, tuple):
            raise InvalidRulesError("players", self.players, "expected the players' names")
        if len(self.players) < 2:
            raise InvalidRulesError("players", self.players, "a match needs at least two players")
        player_names(self.players, game)
        self.rules.check_players(len(self.players))  # a match deals every round it plays
        if not isinstance(self.rounds, tuple) or len(self.rounds) > MAX_ROUNDS:
            raise InvalidRulesError("rounds", self.rounds, "expected each round's points")
        totals = [0] * len(self.players)
        for played, points in enumerate(self.rounds):
            if self._over(played, totals):
                raise InvalidRulesError("rounds", points, "a round after the end of the match")
            self._check_points(points)
            totals = [t + p for t, p in zip(totals, points, strict=True)]
        check_seed(self.seed)

    @classmethod
    def new(
        cls,
        players: int | Sequence[str],
        rules: SheddingRules,
        *,
        seed: int = 0,
        rounds: int | None = None,
    ) -> Self:
        """Start a match of the game whose ``rules`` are given.

        Args:
            players: The number of players or their names in seat order.
            rules: The rules of every round; their ``target_score`` or ``rounds`` end the match.
            seed: Seeds the rounds dealt by `deal`.
            rounds: Play exactly this many rounds instead (the rules' ``rounds``, without a
                target score).

        Raises:
            InvalidRulesError: for rules that are not a shedding game's, bad players, a hand
                size the decks cannot deal to these players, or a number of rounds the rules
                refuse (1 to 1,000).
            InvalidArgumentError: for a seed that is not an integer within 2**64.
        """
        names = player_names(players, _game_of(rules))
        if rounds is not None:
            rules = rules.replace(rounds=converted(rounds), target_score=None)
        return cls(rules, names, (), seed)

    @classmethod
    def from_json(cls, text: str | bytes) -> Self:
        """Load a match written by `to_json`, with the constructor's checks.

        Raises:
            InvalidStateError: naming the first bad place (``/data/rounds``...), for a match
                of a game that is not a shedding game too.
        """
        return match_from_json(cls, text, SheddingRules, "a shedding game")

    def to_json(self) -> str:
        """The ``cardgames.match`` document: rules, players, each round's points, seed."""
        return match_to_json(self)

    def _check_points(self, row: object) -> tuple[int, ...]:
        reason = f"points are whole numbers from 0 to {MAX_POINTS}"
        return check_points(row, len(self.players), 0, MAX_POINTS, reason)

    def _over(self, played: int, totals: Sequence[int]) -> bool:
        """Whether a match is over after ``played`` rounds adding up to ``totals``."""
        rules = self.rules
        if rules.target_score is not None and max(totals) >= rules.target_score:
            return True
        if played >= MAX_ROUNDS:
            return True
        return rules.rounds is not None and played >= rules.rounds

    @property
    def totals(self) -> tuple[int, ...]:
        """Each player's total so far."""
        return tuple(sum(column) for column in zip(*self.rounds, strict=True)) or (0,) * len(
            self.players
        )

    @property
    def dealer(self) -> int:
        """The dealer of the next round."""
        return (self.rules.dealer + len(self.rounds)) % len(self.players)

    @property
    def is_over(self) -> bool:
        """Whether the match has been won."""
        return self._over(len(self.rounds), self.totals)

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning seats once the match is over (several on a tie), else ``()``."""
        if not self.is_over:
            return ()
        totals = self.totals
        best = min(totals) if self.rules.scoring is Scoring.HUIT_AMERICAIN else max(totals)
        return tuple(i for i, t in enumerate(totals) if t == best)

    def round_rules(self) -> SheddingRules:
        """The rules of the next round (the dealer rotated)."""
        return self.rules.replace(dealer=self.dealer)

    def deal(self, *, deck: Sequence[Card] | None = None, seed: int | None = None) -> SheddingState:
        """Deal the next round with the rotated dealer.

        Args:
            deck: A fixed card order, as for `new_game`.
            seed: The round's seed (default: derived from the match seed and the round number).

        Raises:
            MatchOverError: if the match is over.
        """
        if self.is_over:
            raise MatchOverError("the match is over")
        if seed is None:  # else new_game checks it
            seed = round_seed(self.seed, len(self.rounds))
        game = find_game(self.rules.game_name)
        state: SheddingState = game.new_game(
            self.players, seed=seed, rules=self.round_rules(), deck=deck
        )
        return state

    def add_round(self, points: Sequence[int] | Mapping[str, int]) -> Self:
        """Record a round's points (by seat, or by player name; missing names score 0).

        Names are matched as players' names are told apart (`cardgames.game.name_key`): in any
        case, accents precomposed or not.

        Raises:
            MatchOverError: if the match is over.
            InvalidRulesError: for unknown names, a player named twice, a wrong count, or points
                that are not plain integers from 0 to `MAX_POINTS`.
        """
        if self.is_over:
            raise MatchOverError("the match is over")
        row = self._check_points(points_row(self.players, points))
        return attrs.evolve(self, rounds=(*self.rounds, row))

    def add_hands(
        self,
        hands: Sequence[Sequence[Card]] | Mapping[str, Sequence[Card]],
        *,
        decks: int | None = None,
    ) -> Self:
        """Score a round of a real game from the cards left in each hand, and record it.

        Args:
            hands: Every player's hand, by seat or by name (every player's, names in any
                case); the player who went out has an empty hand, and none is empty in a
                blocked round.
            decks: The number of decks played with (default: the rules' for the players).

        Raises:
            MatchOverError: if the match is over.
            InvalidArgumentError: for hands the decks cannot deal, such as two empty hands or
                a card held more often than the decks hold it (see
                `cardgames.shedding.scoring.check_hands`), or players missing or unknown.
        """
        if self.is_over:
            raise MatchOverError("the match is over")
        if isinstance(hands, Mapping):
            # At most one name more than the players is read, whatever the mapping's length.
            items = list(itertools.islice(hands.items(), len(self.players) + 1))
            keys = [given_name_key(name) for name, _ in items]
            by_key = {
                key: cards for key, (_, cards) in zip(keys, items, strict=True) if key is not None
            }
            known = {name_key(name) for name in self.players}
            unknown = [
                str.__str__(name) if key is not None else f"<{type(name).__name__}>"
                for key, (name, _) in zip(keys, items, strict=True)
                if key not in known
            ]
            missing = [name for name in self.players if name_key(name) not in by_key]
            if unknown or missing or len(by_key) != len(items) or len(items) > len(self.players):
                raise InvalidArgumentError(
                    "hands",
                    ", ".join(unknown or missing),
                    f"expected the hand of every player of the match: {', '.join(self.players)}",
                )
            ordered = {name: by_key[name_key(name)] for name in self.players}
            points = round_points(ordered, self.rules, decks=decks)
            return self.add_round(points)
        if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence):
            raise InvalidArgumentError("hands", hands, "expected every player's hand")
        if len(hands) != len(self.players):
            raise InvalidArgumentError(
                "hands", len(hands), f"expected {len(self.players)} hands, one per player"
            )
        return self.add_round(round_points(hands, self.rules, decks=decks))

    def record(self, state: SheddingState) -> Self:
        """Record the points of a finished round of this match.

        The round is one dealt by `deal`, or by ``new_game`` with these players and
        `round_rules`.

        Raises:
            MatchOverError: if the match is over.
            InvalidArgumentError: (a ``ValueError``) if ``state`` is not a shedding state, the
                round is not over, or it was played by other players or under other rules.
        """
        if not isinstance(state, SheddingState):
            raise InvalidArgumentError("state", state, "expected a shedding game's state")
        return self.add_round(recorded_points(self, state, "round", f"dealer: seat {self.dealer}"))

    def to_dict(self) -> dict[str, Any]:
        """Plain data for display or export: players, rounds, totals, winners."""
        return {
            "players": list(self.players),
            "rounds": [list(r) for r in self.rounds],
            "totals": list(self.totals),
            "winners": list(self.winners),
        }
