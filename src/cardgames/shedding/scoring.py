"""Scoring of the shedding games, usable on its own by a score keeper of a real game.

Two schemes (`Scoring`):

- Crazy Eights (Marquoir): the round's winner collects the value of the cards left in the other
  hands: 2 to 10 their face value, Jack, Queen and King 10, Ace 20 because it makes a player miss
  a turn (1 in a ruleset where the Ace has no effect), 8 50, a joker 50 (the seed has no jokers:
  a joker is valued like the other wild card). A match is won by the first total to reach the
  target (200), or by the best total after a fixed number of rounds.
- 8 Américain: every player scores the cards left in their own hand: joker 50, each 8 and the
  2 of spades 25, the other 2s and the Aces 15, Jack, Queen and King 10, any other card 5. When a
  total reaches 500 the match stops and the lowest total wins.

A round that ends without anyone going out (blocked, or the move cap) is won by the lowest hand
value; tied players all win it. Under Crazy Eights scoring each of them collects the value of the
hands of the players who did not win (house decision: the seed is silent).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypeVar, overload

from cardgames.cards import Card, Rank, Suit
from cardgames.errors import InvalidArgumentError, InvalidRulesError
from cardgames.game import Outcome, Termination
from cardgames.shedding.rules import Scoring, SheddingRules

__all__ = [
    "card_points",
    "hand_points",
    "points_table",
    "round_outcome",
    "round_points",
    "round_winners",
    "settle",
]

K = TypeVar("K")

_TABLES: dict[tuple[Scoring, bool], tuple[int, ...]] = {}


def _crazy_eights_points(card: Card, ace_has_power: bool) -> int:
    rank = card.rank
    if rank is None or rank is Rank.EIGHT:
        return 50
    if rank is Rank.ACE:
        return 20 if ace_has_power else 1
    if rank >= Rank.JACK:
        return 10
    return int(rank)


def _huit_americain_points(card: Card) -> int:
    rank = card.rank
    if rank is None:
        return 50
    if rank is Rank.EIGHT or (rank is Rank.TWO and card.suit is Suit.SPADES):
        return 25
    if rank in (Rank.TWO, Rank.ACE):
        return 15
    if rank >= Rank.JACK:
        return 10
    return 5


def points_table(rules: SheddingRules) -> tuple[int, ...]:
    """The points of every card, indexed by card code (a precomputed table for the engine).

    Raises:
        InvalidRulesError: if ``rules`` are not the rules of a shedding game.
    """
    if not isinstance(rules, SheddingRules):
        raise InvalidRulesError("rules", rules, "expected the rules of a shedding game")
    ace_has_power = not rules.effects.for_card(Card(Rank.ACE, Suit.SPADES)).is_plain
    key = (rules.scoring, ace_has_power)
    table = _TABLES.get(key)
    if table is None:
        cards = [Card.from_code(code) for code in range(53)]
        if rules.scoring is Scoring.CRAZY_EIGHTS:
            table = tuple(_crazy_eights_points(c, ace_has_power) for c in cards)
        else:
            table = tuple(_huit_americain_points(c) for c in cards)
        _TABLES[key] = table
    return table


def _default_rules() -> SheddingRules:
    from cardgames.crazy_eights import Rules

    return Rules()


def _table(rules: SheddingRules | None) -> tuple[int, ...]:
    return points_table(_default_rules() if rules is None else rules)


def _check_card(card: object, argument: str) -> Card:
    if type(card) is not Card:
        raise InvalidArgumentError(argument, card, "expected a Card (Card.parse('8H'))")
    return card


def _check_hand(hand: object, argument: str = "hand") -> tuple[Card, ...]:
    """A hand from outside: a sequence of `Card` values (card text is not a hand)."""
    if not isinstance(hand, Sequence) or isinstance(hand, (str, bytes)):
        raise InvalidArgumentError(argument, hand, "expected a sequence of Card values")
    return tuple(_check_card(card, argument) for card in hand)


def _check_hands(hands: object) -> list[tuple[Card, ...]]:
    if not isinstance(hands, Sequence) or isinstance(hands, (str, bytes)) or not hands:
        raise InvalidArgumentError("hands", hands, "expected every player's hand")
    return [_check_hand(hand, "hands") for hand in hands]


def card_points(card: Card, rules: SheddingRules | None = None) -> int:
    """The points a card left in hand is worth (Crazy Eights rules by default).

    Examples:
        >>> from cardgames.cards import Card
        >>> [card_points(Card.parse(t)) for t in ("8H", "KS", "3C", "AS", "10D")]
        [50, 10, 3, 20, 10]

    Raises:
        InvalidArgumentError: if ``card`` is not a `Card`.
        InvalidRulesError: if ``rules`` are not the rules of a shedding game.
    """
    return _table(rules)[_check_card(card, "card")]


def hand_points(hand: Sequence[Card], rules: SheddingRules | None = None) -> int:
    """The total points of the cards in a hand.

    Raises:
        InvalidArgumentError: if ``hand`` is not a sequence of `Card` values.
        InvalidRulesError: if ``rules`` are not the rules of a shedding game.
    """
    table = _table(rules)
    return sum(table[c] for c in _check_hand(hand))


def settle(values: Sequence[int], scoring: Scoring) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The winners and the points of a round, from the value of each hand left.

    An empty hand is worth 0 and every card at least 1, so the lowest value wins both when a
    player went out and when nobody did; tied players all win.

    Examples:
        >>> settle([0, 60, 23], Scoring.CRAZY_EIGHTS)
        ((0,), (83, 0, 0))
        >>> settle([0, 35, 20], Scoring.HUIT_AMERICAIN)
        ((0,), (0, 35, 20))

    Raises:
        InvalidArgumentError: for no values, a value that is not a non-negative integer, or a
            ``scoring`` that is not a `Scoring`.
    """
    if type(scoring) is not Scoring:
        raise InvalidArgumentError("scoring", scoring, "expected a Scoring")
    if (
        not isinstance(values, Sequence)
        or not values
        or any(type(v) is not int or v < 0 for v in values)
    ):
        raise InvalidArgumentError("values", values, "expected hand values (integers >= 0)")
    low = min(values)
    winners = tuple(i for i, v in enumerate(values) if v == low)
    if scoring is Scoring.HUIT_AMERICAIN:
        return winners, tuple(values)
    collected = sum(v for v in values if v != low)
    return winners, tuple(collected if v == low else 0 for v in values)


def round_outcome(
    players: Sequence[str], values: Sequence[int], scoring: Scoring, reason: Termination
) -> Outcome:
    """The outcome of a round that ended for ``reason``, from the value of each hand left.

    The engine builds every finished round's outcome with it, and the invariant checker
    recomputes it to check a loaded state's outcome.

    Examples:
        >>> end = round_outcome(["Ann", "Bob"], [0, 13], Scoring.CRAZY_EIGHTS, Termination.WENT_OUT)
        >>> end.winners, end.scores, end.detail
        ((0,), (13, 0), 'Ann laid their last card')
    """
    winners, scores = settle(values, scoring)
    if reason is Termination.WENT_OUT:
        detail = f"{players[winners[0]]} laid their last card"
    else:
        low = values[winners[0]]
        why = (
            "nobody could play or draw"
            if reason is Termination.BLOCKED
            else "the move limit was reached"
        )
        names = ", ".join(players[w] for w in winners)
        detail = f"{why}; lowest hand value ({low}): {names}"
        if len(winners) > 1:
            detail += " (tied: each wins)"
    return Outcome(reason, winners, scores, detail)


def round_winners(
    hands: Sequence[Sequence[Card]], rules: SheddingRules | None = None
) -> tuple[int, ...]:
    """The seats that win a round: whoever has no card left, else the lowest hand value.

    Raises:
        InvalidArgumentError: if ``hands`` is not a non-empty sequence of hands of `Card` values.
        InvalidRulesError: if ``rules`` are not the rules of a shedding game.
    """
    rules = _default_rules() if rules is None else rules
    table = points_table(rules)
    values = [sum(table[c] for c in hand) for hand in _check_hands(hands)]
    return settle(values, rules.scoring)[0]


@overload
def round_points(
    hands: Mapping[K, Sequence[Card]], rules: SheddingRules | None = None
) -> dict[K, int]: ...
@overload
def round_points(
    hands: Sequence[Sequence[Card]], rules: SheddingRules | None = None
) -> tuple[int, ...]: ...
def round_points(
    hands: Mapping[K, Sequence[Card]] | Sequence[Sequence[Card]],
    rules: SheddingRules | None = None,
) -> dict[K, int] | tuple[int, ...]:
    """Score a round from every player's remaining hand (the winner's is empty).

    Args:
        hands: Every player's hand at the end of the round, by seat or by name.
        rules: The rules (Crazy Eights by default); their `Scoring` decides the scheme.

    Returns:
        The round's points per player, in the same shape as ``hands``.

    The seed's example: Léa goes out; Tom holds an 8 and a King, Sam a 3 and an Ace.

    Examples:
        >>> from cardgames.cards import parse_cards
        >>> round_points({"Léa": (), "Tom": parse_cards("8H KS"), "Sam": parse_cards("3C AS")})
        {'Léa': 83, 'Tom': 0, 'Sam': 0}

    Raises:
        InvalidArgumentError: if ``hands`` is not a non-empty sequence or mapping of hands of
            `Card` values.
        InvalidRulesError: if ``rules`` are not the rules of a shedding game.
    """
    if isinstance(hands, Mapping):
        keys = list(hands)
        scores = _round_points([hands[k] for k in keys], rules)
        return dict(zip(keys, scores, strict=True))
    return _round_points(hands, rules)


def _round_points(hands: object, rules: SheddingRules | None) -> tuple[int, ...]:
    rules = _default_rules() if rules is None else rules
    table = points_table(rules)
    values = [sum(table[c] for c in hand) for hand in _check_hands(hands)]
    return settle(values, rules.scoring)[1]
