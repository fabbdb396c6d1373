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
from cardgames.shedding.rules import Scoring, SheddingRules

__all__ = [
    "card_points",
    "hand_points",
    "points_table",
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
    """The points of every card, indexed by card code (a precomputed table for the engine)."""
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


def card_points(card: Card, rules: SheddingRules | None = None) -> int:
    """The points a card left in hand is worth (Crazy Eights rules by default).

    Examples:
        >>> from cardgames.cards import Card
        >>> [card_points(Card.parse(t)) for t in ("8H", "KS", "3C", "AS", "10D")]
        [50, 10, 3, 20, 10]
    """
    return points_table(rules or _default_rules())[card]


def hand_points(hand: Sequence[Card], rules: SheddingRules | None = None) -> int:
    """The total points of the cards in a hand."""
    table = points_table(rules or _default_rules())
    return sum(table[c] for c in hand)


def settle(values: Sequence[int], scoring: Scoring) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The winners and the points of a round, from the value of each hand left.

    An empty hand is worth 0 and every card at least 1, so the lowest value wins both when a
    player went out and when nobody did; tied players all win.

    Examples:
        >>> settle([0, 60, 23], Scoring.CRAZY_EIGHTS)
        ((0,), (83, 0, 0))
        >>> settle([0, 35, 20], Scoring.HUIT_AMERICAIN)
        ((0,), (0, 35, 20))
    """
    low = min(values)
    winners = tuple(i for i, v in enumerate(values) if v == low)
    if scoring is Scoring.HUIT_AMERICAIN:
        return winners, tuple(values)
    collected = sum(v for v in values if v != low)
    return winners, tuple(collected if v == low else 0 for v in values)


def round_winners(
    hands: Sequence[Sequence[Card]], rules: SheddingRules | None = None
) -> tuple[int, ...]:
    """The seats that win a round: whoever has no card left, else the lowest hand value."""
    rules = rules or _default_rules()
    return settle([hand_points(hand, rules) for hand in hands], rules.scoring)[0]


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
    """
    if isinstance(hands, Mapping):
        keys = list(hands)
        scores = _round_points([hands[k] for k in keys], rules)
        return dict(zip(keys, scores, strict=True))
    return _round_points(list(hands), rules)


def _round_points(hands: Sequence[Sequence[Card]], rules: SheddingRules | None) -> tuple[int, ...]:
    rules = rules or _default_rules()
    return settle([hand_points(hand, rules) for hand in hands], rules.scoring)[1]
