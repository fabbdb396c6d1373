"""Matches of a shedding game: rounds scored and added up until the match is won.

A `Match` is an immutable score sheet. It serves a simulated match (deal each round with
`Match.deal`, then `Match.record` the finished round) and a score keeper for a game played with
real cards (`Match.add_round` with the points of each round). The dealer rotates clockwise: round
``k`` is dealt by seat ``rules.dealer + k``.

How a match ends comes from the rules: with a ``target_score`` it ends after the round in which a
total reaches the target; with ``rounds`` it ends after that many rounds. Under Crazy Eights
scoring the highest total wins (the first to reach the target; totals that reach it together are
compared); under 8 Américain scoring the lowest total wins. Equal best totals share the win.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs

from cardgames.cards import Card
from cardgames.errors import CardGamesError, InvalidRulesError
from cardgames.rng import Rng
from cardgames.shedding.engine import SheddingState
from cardgames.shedding.rules import Scoring, SheddingRules

__all__ = ["Match", "MatchOverError"]


class MatchOverError(CardGamesError, ValueError):
    """A round was added to a match that is already over."""


def _names(players: Iterable[str]) -> tuple[str, ...]:
    return tuple(players)


@attrs.frozen
class Match:
    """An immutable match score sheet.

    Attributes:
        rules: The rules of every round (the dealer rotates from ``rules.dealer``).
        players: The players' names, by seat.
        rounds: Each round's points, by seat.
        seed: Seeds the rounds dealt by `deal` (round ``k`` gets a stream derived from it).

    Examples:
        >>> from cardgames.crazy_eights import Match
        >>> match = Match.new(["Léa", "Tom", "Sam"])
        >>> match = match.add_round({"Léa": 83, "Tom": 0, "Sam": 0}).add_round([0, 120, 0])
        >>> match.totals, match.is_over, match.dealer
        ((83, 120, 0), False, 2)
        >>> match.add_round([0, 0, 200]).winners
        (2,)
    """

    rules: SheddingRules
    players: tuple[str, ...] = attrs.field(converter=_names)
    rounds: tuple[tuple[int, ...], ...] = ()
    seed: int = 0

    def __attrs_post_init__(self) -> None:
        if len(self.players) < 2:
            raise InvalidRulesError("players", self.players, "a match needs at least two players")
        for points in self.rounds:
            if len(points) != len(self.players):
                raise InvalidRulesError("rounds", points, "one score per player")

    @classmethod
    def new(
        cls, players: int | Sequence[str], rules: SheddingRules | None = None, *, seed: int = 0
    ) -> Match:
        """Start a match (Crazy Eights rules by default)."""
        if rules is None:
            from cardgames.crazy_eights import Rules

            rules = Rules()
        names = (
            tuple(f"Player {i + 1}" for i in range(players))
            if isinstance(players, int)
            else tuple(players)
        )
        return cls(rules, names, (), seed)

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
        rules = self.rules
        if rules.target_score is not None and max(self.totals) >= rules.target_score:
            return True
        return rules.rounds is not None and len(self.rounds) >= rules.rounds

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
        if seed is None:
            seed, _ = Rng.from_seed(self.seed).derive(len(self.rounds)).next_u64()
        from cardgames.game import find_game

        game = find_game(self.rules.game_name)
        state: SheddingState = game.new_game(
            self.players, seed=seed, rules=self.round_rules(), deck=deck
        )
        return state

    def add_round(self, points: Sequence[int] | Mapping[str, int]) -> Match:
        """Record a round's points (by seat, or by player name; missing names score 0).

        Raises:
            MatchOverError: if the match is over.
            InvalidRulesError: for unknown names, a wrong count or non-integer points.
        """
        if self.is_over:
            raise MatchOverError("the match is over")
        if isinstance(points, Mapping):
            unknown = [name for name in points if name not in self.players]
            if unknown:
                raise InvalidRulesError("points", unknown, "unknown player name(s)")
            row = tuple(points.get(name, 0) for name in self.players)
        else:
            row = tuple(points)
        if len(row) != len(self.players):
            raise InvalidRulesError("points", row, f"expected {len(self.players)} scores")
        for value in row:
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise InvalidRulesError("points", value, "points are non-negative integers")
        return attrs.evolve(self, rounds=(*self.rounds, row))

    def record(self, state: SheddingState) -> Match:
        """Record the points of a finished round.

        Raises:
            ValueError: if the round is not over or was played by other players.
        """
        outcome = state.outcome()
        if outcome is None:
            raise ValueError("the round is not over")
        if state.players != self.players:
            raise ValueError("the round was played by other players")
        return self.add_round(outcome.scores)

    def to_dict(self) -> dict[str, Any]:
        """Plain data for display or export: players, rounds, totals, winners."""
        return {
            "players": list(self.players),
            "rounds": [list(r) for r in self.rounds],
            "totals": list(self.totals),
            "winners": list(self.winners),
        }
