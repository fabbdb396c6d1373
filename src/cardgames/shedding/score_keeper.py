"""The score keeper of Crazy Eights and 8 Américain for ``cardgames score``.

Crazy Eights: the player who went out (``--winner``) collects the value of the cards left in
the other hands (``--hand NAME="CARDS"``); in a blocked round (``--blocked``: nobody went out)
the lowest hand wins. 8 Américain: every player scores the cards left in their own hand, and the
lowest total wins.

The hands are checked against the decks of the game (``--decks N``, by default the rules' for
that many players): only one player goes out, and no card is held more often than the decks
hold it (no joker in a 52-card game). A match (``--match FILE``) ends at the rules' target score
or after their number of rounds.

Examples:
    >>> from cardgames import crazy_eights
    >>> request = ScoreRequest(hand=("Tom=8H KS", "Sam=3C"), winner="Léa")
    >>> game, rules = crazy_eights.GAME, crazy_eights.GAME.default_rules
    >>> scored = SCORE_KEEPER.score(game, rules, SCORE_KEEPER.read(game, request), request)
    >>> scored.points, scored.sentences
    ((63, 0, 0), ('Léa wins the round and scores 63.',))
"""

from __future__ import annotations

from typing import Any

from cardgames.cards import Card, parse_cards
from cardgames.cli.choices import UsageError, game_label
from cardgames.cli.narrate import Narrator
from cardgames.cli.output import can_show
from cardgames.cli.score import (
    RoundScore,
    ScoreKeeper,
    ScoreRequest,
    check_printable,
    read_assignments,
)
from cardgames.errors import InvalidArgumentError, ParseError
from cardgames.game import Game, Match, name_key
from cardgames.shedding.rules import Scoring
from cardgames.shedding.scoring import check_hands, hand_points, round_points, round_winners

__all__ = ["SCORE_KEEPER", "SheddingScoreKeeper", "read_hands"]


def read_hands(request: ScoreRequest) -> dict[str, tuple[Card, ...]]:
    """Every player's hand; the winner's (``--winner``) is empty, and only theirs.

    Raises:
        UsageError: for a hand that is not cards, a player given twice, a winner holding cards
            or another player holding none, fewer than two players, or no ``--winner`` nor
            ``--blocked``.
    """
    hands: dict[str, tuple[Card, ...]] = {}
    winner = " ".join(request.winner.split()) if request.winner else None
    if winner is not None and request.blocked:
        raise UsageError("--winner or --blocked: in a blocked round nobody went out")
    if winner is not None:
        check_printable(winner, "--winner")
        hands[winner] = ()
    for name, text in read_assignments(request.hand, "--hand"):
        try:
            cards = parse_cards(text)
        except ParseError as exc:
            raise UsageError(f"--hand {name}: {exc}") from None
        if winner is not None and name_key(name) == name_key(winner):
            if cards:
                raise UsageError(f"--hand {name}: {name} went out (--winner) and holds no card")
            continue
        if not cards:
            if winner is not None:
                raise UsageError(
                    f"--hand {name}=: only one player goes out ({winner}, --winner); "
                    f"give the cards {name} holds"
                )
            if request.blocked:
                raise UsageError(
                    f"--hand {name}=: nobody went out in a blocked round (--blocked); give the "
                    f"cards {name} holds, or --winner {name} if {name} went out"
                )
        hands[name] = cards
    if not request.hand:
        raise UsageError(
            'give the cards left in each hand: --hand NAME="CARDS" (and --winner NAME)'
        )
    if len(hands) < 2:
        raise UsageError("a round has at least two players: give every player's hand")
    if winner is None and not request.blocked:
        raise UsageError(
            "who went out? give --winner NAME, or --blocked for a round that ended with nobody "
            "able to play"
        )
    return hands


class SheddingScoreKeeper:
    """Scores a round of a shedding game from the hands left (`ScoreKeeper`)."""

    round_word = "round"
    entry_word = "hand (--hand NAME= for none)"

    def read(self, game: Game[Any], request: ScoreRequest) -> dict[str, Any]:
        """Every player's hand (`read_hands`); ``--tally`` is refused."""
        if request.tally:
            raise UsageError(f"--tally is for the planet game; {game.title} takes --hand")
        return dict(read_hands(request))

    def score(
        self, game: Game[Any], rules: Any, entries: dict[str, Any], request: ScoreRequest
    ) -> RoundScore:
        """The round's points and winners, after checking the hands against the decks."""
        hands: dict[str, tuple[Card, ...]] = entries
        names = list(hands)
        try:
            check_hands([hands[name] for name in names], rules, request.decks, names)
        except InvalidArgumentError as exc:
            if exc.argument == "decks":
                raise UsageError(f"--decks: {exc.reason}") from None
            absent = exc.reason.startswith("there is no")  # more decks would not bring it
            more = "" if request.decks or absent else " (--decks N if you played with more decks)"
            raise UsageError(f"--hand: {exc.reason}{more}") from None
        points = round_points(hands, rules, decks=request.decks)
        winners = round_winners([hands[name] for name in names], rules, decks=request.decks)
        symbols = Narrator(tuple(names), None, can_show())
        lowest_wins = rules.scoring is Scoring.HUIT_AMERICAIN
        rows = tuple(
            (
                name,
                symbols.cards(hands[name]),
                str(hand_points(hands[name], rules)),
                str(points[name]),
            )
            for name in names
        )
        sentences: list[str] = []
        who = ", ".join(names[w] for w in winners)
        if request.blocked:
            sentences.append("A blocked round: nobody went out, the lowest hand value wins.")
        if lowest_wins:
            sentences.append(
                f"Every player scores their own hand; the lowest wins the round: {who}."
            )
        elif len(winners) == 1:
            sentences.append(f"{who} wins the round and scores {points[who]}.")
        else:
            sentences.append(f"{who} win the round and score {points[names[winners[0]]]} each.")
        return RoundScore(
            heading=f"{game_label(game)}: round scores",
            columns=("player", "cards left", "hand value", "points"),
            rows=rows,
            right=(2, 3),
            points=tuple(points[name] for name in names),
            sentences=tuple(sentences),
        )

    def match_goal(self, match: Match) -> str:
        """The target score or the number of rounds, and whether the highest or lowest wins."""
        rules = match.rules
        lowest_wins = rules.scoring is Scoring.HUIT_AMERICAIN
        best = "the lowest total wins" if lowest_wins else "the highest total wins"
        if rules.target_score is not None:
            return f"it ends when a total reaches {rules.target_score}; {best}"
        return f"it ends after {rules.rounds} rounds; {best}"


SCORE_KEEPER: ScoreKeeper = SheddingScoreKeeper()
"""The ``"score_keeper"`` capability of Crazy Eights and 8 Américain."""
