"""Scoring of the shedding games, usable on its own by a score keeper of a real game.

Two schemes (`Scoring`):

- Crazy Eights (Marquoir): the round's winner collects the value of the cards left in the other
  hands: 2 to 10 their face value, Jack, Queen and King 10, Ace 20 because it makes a player miss
  a turn (1 in a ruleset where the Ace has no effect), 8 50, a joker 50 (the text has no jokers:
  a joker is valued like the other wild card). A match is won by the first total to reach the
  target (200), or by the best total after a fixed number of rounds.
- 8 Américain: every player scores the cards left in their own hand: joker 50, each 8 and the
  2 of spades 25, the other 2s and the Aces 15, Jack, Queen and King 10, any other card 5. When a
  total reaches 500 the match stops and the lowest total wins.

A round that ends without anyone going out (blocked, or the move cap) is won by the lowest hand
value; tied players all win it. Under Crazy Eights scoring each of them collects the value of the
hands of the players who did not win (house decision: the rule text is silent).

The shared engine has no default game: every function takes the rules of the game scored (the
game modules, `cardgames.crazy_eights` and `cardgames.huit_americain`, default to their own).
A score keeper's hands are checked against the decks of the game (`round_points`,
`round_winners`): at most one empty hand (only one player goes out), no card held more often
than the decks hold it (a joker only with jokers in the deck), and at least one card left out of
the hands for the discard pile. The number of decks is the rules' for that many players, or
``decks``.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TypeVar, overload

from cardgames.cards import Card, DeckKind, Rank, Suit, make_deck
from cardgames.errors import InvalidArgumentError, InvalidRulesError
from cardgames.game import Outcome, Termination
from cardgames.shedding.rules import Scoring, SheddingRules

__all__ = [
    "card_points",
    "check_hands",
    "hand_points",
    "lowest_total_wins",
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


_MOST_DECKS = 8  # as the rules' option ``decks``
# The most hands a round has: the most players of a shedding game (8 Américain's 20).
_MOST_HANDS = 20
# The most decks any rules deal (20 players of 60 cards from 32-card packs take 38) and so the
# most cards a hand can hold: what is read of a caller's hands is bounded by them.
_MOST_DEALT_DECKS = 40
_MOST_CARDS = _MOST_DEALT_DECKS * 54
_DECK_WORDS = {
    DeckKind.STANDARD_52: "of 52 cards",
    DeckKind.JOKERS_54: "of 54 cards (52 and two jokers)",
    DeckKind.PIQUET_32: "of 32 cards (7 to Ace)",
}


def _decks(decks: object, rules: SheddingRules, players: int) -> int:
    """The number of decks a round was played with: ``decks``, or the rules' default."""
    if decks is None:
        count = rules.decks_for(players)
        if type(count) is not int or not 1 <= count <= _MOST_DEALT_DECKS:  # a caller's subclass
            raise InvalidRulesError("rules", rules, f"{count!r:.40} decks cannot be dealt")
        return count
    if type(decks) is not int or not 1 <= decks <= _MOST_DECKS:
        raise InvalidArgumentError(
            "decks", decks, f"expected a number of decks from 1 to {_MOST_DECKS}"
        )
    return decks


def _deck_words(kind: DeckKind, decks: int) -> str:
    """``"one deck of 52 cards"``, ``"2 decks of 54 cards (52 and two jokers)"``.

    Examples:
        >>> _deck_words(DeckKind.STANDARD_52, 1)
        'one deck of 52 cards'
    """
    return f"{'one deck' if decks == 1 else f'{decks} decks'} {_DECK_WORDS[kind]}"


def check_hands(
    hands: Sequence[Sequence[Card]],
    rules: SheddingRules,
    decks: object = None,
    names: Sequence[str] | None = None,
) -> None:
    """Check that the hands left at the end of a round can come from the game's decks.

    Args:
        hands: Every player's hand (`Card` values), by seat.
        rules: The rules played (their deck, and the number of decks for that many players).
        decks: The number of decks shuffled together (default: the rules' for that many
            players).
        names: The players' names, by seat, for the messages (default: "seat N").

    Raises:
        InvalidArgumentError: for a second empty hand (only one player goes out), a card held
            more often than the decks hold it (a joker without jokers in the deck), no card left
            for the discard pile, or a bad ``decks``; the message names the card and the deck.

    Examples:
        >>> from cardgames.cards import parse_cards
        >>> from cardgames.crazy_eights import Rules
        >>> check_hands([parse_cards("8H 8H 8H"), parse_cards("8H")], Rules())
        Traceback (most recent call last):
        ...
        cardgames.errors.InvalidArgumentError: invalid argument hands='8H': 8H is held 4 times, but one deck of 52 cards has it once
    """  # noqa: E501  (a doctest output line cannot be wrapped)
    if not isinstance(hands, Sequence) or len(hands) > _MOST_HANDS:  # before reading them
        raise InvalidArgumentError(
            "hands", _size(hands, "hands"), f"expected at most {_MOST_HANDS} hands, by seat"
        )
    count = _decks(decks, rules, len(hands))
    who = list(names) if names is not None else [f"seat {seat}" for seat in range(len(hands))]
    empty = [who[seat] for seat, hand in enumerate(hands) if not hand]
    if len(empty) > 1:
        raise InvalidArgumentError(
            "hands",
            " ".join(empty),
            f"only one player goes out, but {' and '.join(empty)} hold no card",
        )
    deck = make_deck(rules.deck, count)
    words = _deck_words(rules.deck, count)
    held: Counter[Card] = Counter()
    for hand in hands:
        held.update(hand)
    total = sum(held.values())
    if total >= len(deck):
        raise InvalidArgumentError(
            "hands",
            total,
            f"{total} cards in the hands, but {words} leaves at most {len(deck) - 1} in hands "
            "(the discard pile keeps at least one)",
        )
    copies = Counter(deck)
    for card in sorted(held):
        if held[card] > copies[card]:
            if not copies[card]:
                raise InvalidArgumentError("hands", str(card), f"there is no {card} in {words}")
            have = "has" if count == 1 else "have"
            raise InvalidArgumentError(
                "hands",
                str(card),
                f"{card} is held {_times(held[card])}, but {words} {have} it "
                f"{_times(copies[card])}",
            )


def _times(count: int) -> str:
    return {1: "once", 2: "twice"}.get(count, f"{count} times")


def _check_card(card: object, argument: str) -> Card:
    if type(card) is not Card:
        raise InvalidArgumentError(argument, card, "expected a Card (Card.parse('8H'))")
    return card


def _size(items: object, what: str) -> str:
    """How many ``what`` a sized argument holds, for an error (never its repr: it is long)."""
    try:
        return f"{len(items)} {what}"  # type: ignore[arg-type]
    except Exception:  # not sized, or a caller's __len__ that raises
        return f"<{type(items).__name__}>"


def _check_hand(hand: object, argument: str = "hand") -> tuple[Card, ...]:
    """A hand from outside: a sequence of `Card` values (card text is not a hand).

    At most one card more than the largest deck is read: a longer hand is refused unread.
    """
    if not isinstance(hand, Sequence) or isinstance(hand, (str, bytes)):
        raise InvalidArgumentError(argument, hand, "expected a sequence of Card values")
    cards = tuple(itertools.islice(hand, _MOST_CARDS + 1))
    if len(cards) > _MOST_CARDS:
        raise InvalidArgumentError(
            argument, _size(hand, "cards"), f"a hand holds at most {_MOST_CARDS} cards"
        )
    return tuple(_check_card(card, argument) for card in cards)


def _check_hands(hands: object) -> list[tuple[Card, ...]]:
    if not isinstance(hands, Sequence) or isinstance(hands, (str, bytes)) or not hands:
        raise InvalidArgumentError("hands", hands, "expected every player's hand")
    given = tuple(itertools.islice(hands, _MOST_HANDS + 1))
    if len(given) > _MOST_HANDS:  # before any hand is read
        raise InvalidArgumentError(
            "hands", _size(hands, "hands"), f"expected at most {_MOST_HANDS} hands, by seat"
        )
    return [_check_hand(hand, "hands") for hand in given]


def card_points(card: Card, rules: SheddingRules) -> int:
    """The points a card left in hand is worth under ``rules``.

    Examples:
        >>> from cardgames.cards import Card
        >>> from cardgames.crazy_eights import Rules
        >>> [card_points(Card.parse(t), Rules()) for t in ("8H", "KS", "3C", "AS", "10D")]
        [50, 10, 3, 20, 10]

    Raises:
        InvalidArgumentError: if ``card`` is not a `Card`.
        InvalidRulesError: if ``rules`` are not the rules of a shedding game.
    """
    return points_table(rules)[_check_card(card, "card")]


def hand_points(hand: Sequence[Card], rules: SheddingRules) -> int:
    """The total points of the cards in a hand, under ``rules``.

    Raises:
        InvalidArgumentError: if ``hand`` is not a sequence of `Card` values.
        InvalidRulesError: if ``rules`` are not the rules of a shedding game.
    """
    table = points_table(rules)
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
    _check_values(values, scoring)
    return _settle(values, scoring)


def lowest_total_wins(rules: SheddingRules) -> bool:
    """Whether the lowest total wins under ``rules``: 8 Américain's penalty points.

    What the shedding games bring as `cardgames.simulate.LOWEST_TOTAL_WINS`.

    Examples:
        >>> from cardgames import crazy_eights, huit_americain
        >>> lowest_total_wins(crazy_eights.GAME.default_rules)
        False
        >>> lowest_total_wins(huit_americain.GAME.default_rules)
        True
    """
    return rules.scoring is Scoring.HUIT_AMERICAIN


def _check_values(values: object, scoring: object) -> None:
    """The checks of `settle` and `round_outcome`."""
    if type(scoring) is not Scoring:
        raise InvalidArgumentError("scoring", scoring, "expected a Scoring")
    if (
        not isinstance(values, Sequence)
        or not values
        or any(type(v) is not int or v < 0 for v in values)
    ):
        raise InvalidArgumentError("values", values, "expected hand values (integers >= 0)")


def _settle(values: Sequence[int], scoring: Scoring) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """`settle` on checked values."""
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
    _check_values(values, scoring)
    return _round_outcome(players, values, scoring, reason)


def _round_outcome(
    players: Sequence[str], values: Sequence[int], scoring: Scoring, reason: Termination
) -> Outcome:
    """`round_outcome` on checked values: the engine's own, at the end of every round."""
    winners, scores = _settle(values, scoring)
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
    hands: Sequence[Sequence[Card]], rules: SheddingRules, *, decks: int | None = None
) -> tuple[int, ...]:
    """The seats that win a round: whoever has no card left, else the lowest hand value.

    Args:
        hands: Every player's hand left, by seat (at most one empty: see `check_hands`).
        rules: The rules played.
        decks: The number of decks (default: the rules' for that many players).

    Raises:
        InvalidArgumentError: if ``hands`` is not a non-empty sequence of hands of `Card`
            values, or holds hands the decks cannot deal (`check_hands`).
        InvalidRulesError: if ``rules`` are not the rules of a shedding game.
    """
    table = points_table(rules)
    checked = _check_hands(hands)
    check_hands(checked, rules, decks)
    values = [sum(table[c] for c in hand) for hand in checked]
    return settle(values, rules.scoring)[0]


@overload
def round_points(
    hands: Mapping[K, Sequence[Card]], rules: SheddingRules, *, decks: int | None = None
) -> dict[K, int]: ...
@overload
def round_points(
    hands: Sequence[Sequence[Card]], rules: SheddingRules, *, decks: int | None = None
) -> tuple[int, ...]: ...
def round_points(
    hands: Mapping[K, Sequence[Card]] | Sequence[Sequence[Card]],
    rules: SheddingRules,
    *,
    decks: int | None = None,
) -> dict[K, int] | tuple[int, ...]:
    """Score a round from every player's remaining hand.

    The player who went out has an empty hand (only one may); with no empty hand the round is
    a blocked one, won by the lowest hand value.

    Args:
        hands: Every player's hand at the end of the round, by seat (a sequence) or by name (a
            mapping whose keys are text).
        rules: The rules of the game; their `Scoring` decides the scheme.
        decks: The number of decks shuffled together (default: the rules' for that many
            players): the hands must be ones they can deal (`check_hands`).

    Returns:
        The round's points per player, in the same shape as ``hands``.

    The rule text's example: Léa goes out; Tom holds an 8 and a King, Sam a 3 and an Ace.

    Examples:
        >>> from cardgames.cards import parse_cards
        >>> from cardgames.crazy_eights import Rules
        >>> hands = {"Léa": (), "Tom": parse_cards("8H KS"), "Sam": parse_cards("3C AS")}
        >>> round_points(hands, Rules())
        {'Léa': 83, 'Tom': 0, 'Sam': 0}

    Raises:
        InvalidArgumentError: if ``hands`` is not a non-empty sequence or mapping of hands of
            `Card` values (a mapping's keys must be ``str``: ``{True: []}`` is refused), or
            holds hands the decks cannot deal (two empty hands, a card more often than the
            decks hold it...: `check_hands`).
        InvalidRulesError: if ``rules`` are not the rules of a shedding game.
    """
    if isinstance(hands, Mapping):
        keys = list(itertools.islice(hands, _MOST_HANDS + 1))
        if len(keys) > _MOST_HANDS:  # before any hand is read
            raise InvalidArgumentError(
                "hands", _size(hands, "hands"), f"expected at most {_MOST_HANDS} hands, by name"
            )
        for key in keys:
            if not isinstance(key, str):  # True, 3, None: no player's name
                raise InvalidArgumentError(
                    "hands",
                    f"a key of type {type(key).__name__}",
                    "expected players' names as keys",
                )
        names = [str.__str__(k) for k in keys]  # a subclass's __str__ may lie
        scores = _round_points([hands[k] for k in keys], rules, decks, names)
        return dict(zip(keys, scores, strict=True))
    return _round_points(hands, rules, decks, None)


def _round_points(
    hands: object, rules: SheddingRules, decks: object, names: Sequence[str] | None
) -> tuple[int, ...]:
    table = points_table(rules)
    checked = _check_hands(hands)
    check_hands(checked, rules, decks, names)
    values = [sum(table[c] for c in hand) for hand in checked]
    return settle(values, rules.scoring)[1]
