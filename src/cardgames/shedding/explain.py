"""How Crazy Eights and 8 Américain are played, in words, for ``cardgames rules GAME``.

Written from the rules data (`cardgames.cli.explain` says why): the effect of each card face,
the card values, the draw and penalty options and the match target are read from the `Rules`.
The text is in English for every ``lang`` until the French one is written.

Examples:
    >>> from cardgames import crazy_eights
    >>> sections = explain(crazy_eights.GAME, crazy_eights.GAME.default_rules, "en")
    >>> [heading for heading, _ in sections]
    ['Setting up', 'A turn', 'Special cards', 'Scoring']
    >>> sections[2][1][3]
    'Ace: the next player misses their turn.'
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from cardgames.cards import JOKER, Card, Rank, Suit, make_deck
from cardgames.cli.explain import RulesExplanation, Sections
from cardgames.game import Game
from cardgames.shedding.rules import AfterDraw, Scoring, Starter
from cardgames.shedding.scoring import points_table

__all__ = ["OPTION_FORMATS", "RULES_EXPLANATION", "explain"]


_RANK_NAMES = {
    Rank.JACK: "Jack",
    Rank.QUEEN: "Queen",
    Rank.KING: "King",
    Rank.ACE: "Ace",
}


_SUIT_NAMES = {
    Suit.CLUBS: "clubs",
    Suit.DIAMONDS: "diamonds",
    Suit.HEARTS: "hearts",
    Suit.SPADES: "spades",
}


def _face_name(card: Card) -> str:
    if card is JOKER:
        return "Joker"
    assert card.rank is not None
    return _RANK_NAMES.get(card.rank, str(int(card.rank)))


def _effect_words(effect: Any, stacking: str) -> str:
    parts: list[str] = []
    if effect.wild:
        parts.append("goes on any card (but not on a pending draw) and its player names the suit")
    if effect.draw:
        text = f"the next player draws {effect.draw} cards"
        if stacking == "same_rank":
            text += ", unless they answer with a card of the same rank, which passes the grown "
            text += "penalty on"
        elif stacking == "any_draw":
            text += ", unless they answer with any draw card, which passes the grown penalty on"
        parts.append(text)
    if effect.skip:
        parts.append("the next player misses their turn")
    if effect.reverse:
        parts.append("reverses the direction of play")
    if effect.again:
        parts.append("its player plays again")
    if effect.swap:
        parts.append("its player swaps hands with an opponent of their choice")
    if effect.choose:
        parts.append("its player chooses who plays next")
    return "; ".join(parts)


def _card_values(rules: Any, faces: list[Card]) -> str:
    """The value of every card of the deck, read from the table the engine scores with.

    One entry a face (``Jack``), except for a face whose cards differ by suit: the cards that
    differ from most of its suits are named (``2 of spades``), and the others are ``other 2s``.

    Examples:
        >>> from cardgames import huit_americain
        >>> rules = huit_americain.Rules()
        >>> _card_values(rules, sorted(set(make_deck(rules.deck, 1)), key=int))[:39]
        'Joker: 50, 2 of spades/8: 25, other 2s/'
    """
    points = points_table(rules)
    by_face: dict[str, list[Card]] = {}
    for card in faces:
        by_face.setdefault(_face_name(card), []).append(card)
    values: dict[int, list[str]] = {}
    for name, cards in by_face.items():
        counts: dict[int, int] = {}
        for card in cards:
            counts[points[card]] = counts.get(points[card], 0) + 1
        common = max(counts, key=lambda value: (counts[value], value))
        for card in cards:
            if points[card] != common:
                assert card.suit is not None  # a joker is a face of its own
                values.setdefault(points[card], []).append(f"{name} of {_SUIT_NAMES[card.suit]}")
        label = name if len(counts) == 1 else f"other {name}s"
        values.setdefault(common, []).append(label)
    return ", ".join(
        f"{'/'.join(names)}: {value}" for value, names in sorted(values.items(), reverse=True)
    )


def _join(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _two_players(game: Game[Any], rules: Any, faces: list[Card]) -> str | None:
    """What the cards that reverse or skip do with two players, or ``None`` if there are none.

    A player who lays a Jack at two players and sees nothing happen should find why here: with
    ``two_players_again=no`` a reverse changes nothing (the other player is next either way).
    """
    reverse: list[str] = []
    skip: list[str] = []
    for card in faces:
        effect = rules.effects.for_card(card)
        name = _face_name(card)
        if effect.reverse and f"the {name}" not in reverse:
            reverse.append(f"the {name}")
        if effect.skip and f"the {name}" not in skip:
            skip.append(f"the {name}")
    if not reverse and not skip:
        return None
    if rules.two_players_again:
        names = _join(reverse + [n for n in skip if n not in reverse])
        return (
            f"With two players, a card that reverses or skips ({names}) lets its player play again."
        )
    parts = []
    if reverse:
        parts.append(
            f"{_join(reverse)} reverses the direction, which changes nothing: the other player "
            "plays next all the same"
        )
    if skip:
        parts.append(
            f"{_join(skip)} makes the other player miss their turn, so its player plays again"
        )
    text = f"With two players: {'; '.join(parts)}."
    if reverse:
        again = rules.replace(two_players_again=True)
        preset = next((name for name, other in game.presets.items() if other == again), None)
        where = f"the {preset} preset" if preset is not None else "option two_players_again=yes"
        text += f" Under {where}, {_join(reverse)} lets its player play again as well."
    return text


def explain(game: Game[Any], rules: Any, lang: str) -> Sections:
    """How Crazy Eights or 8 Américain is played under ``rules`` (in English for now)."""
    stacking = rules.stacking.value
    deck_words = {
        "standard_52": "a 52-card deck",
        "jokers_54": "a 54-card deck (52 cards and two jokers)",
        "piquet_32": "a 32-card deck (7 to Ace in each suit)",
    }[rules.deck.value]
    decks = (
        f"{rules.decks} decks shuffled together"
        if rules.decks and rules.decks > 1
        else (
            f"one deck, or more decks shuffled together when there are many players (enough for "
            f"{rules.cards_per_player} cards per player)"
            if rules.decks is None
            else "one deck"
        )
    )
    hand = f"{rules.hand_size} cards each"
    if rules.hand_size_two_players is not None:
        hand += f" ({rules.hand_size_two_players} each with two players)"
    setup = [
        f"Played with {deck_words}: {decks}. The dealer deals {hand}, one at a time, then "
        "turns up the top card of the stock to start the discard pile.",
    ]
    if rules.starter is Starter.REDRAW:
        setup.append(
            "A wild card turned up first goes back into the stock, at a random place below its "
            "top card, and the next card is turned (house rule; option starter=keep keeps it)."
        )
    else:
        setup.append("A wild card turned up first stays; the first player may lay anything.")
    if rules.starter_effects:
        setup.append("The first card turned up acts as if the dealer had laid it.")

    turn = [
        "The player on the dealer's left starts, and play goes clockwise. On your turn, lay "
        "one card on the discard pile: a card of the suit to follow or of the same rank as the "
        "top card, or a wild card.",
    ]
    if rules.draw_until_playable:
        turn.append("If you cannot lay a card, draw until you draw one that fits.")
    else:
        turn.append("If you cannot lay a card, draw one.")
    if rules.after_draw is AfterDraw.PLAY_OR_PASS:
        turn.append(
            "After drawing you decide: lay the drawn card if it fits, or pass. You always get "
            "that choice, so the table does not learn whether the card fits."
        )
    elif rules.after_draw is AfterDraw.MUST_PLAY:
        turn.append("A drawn card that fits must be laid at once; otherwise your turn ends.")
    else:
        turn.append("Your turn then ends, even if the drawn card fits.")
    if rules.draw_when_playable:
        turn.append("You may draw even when you could lay a card.")
    else:
        turn.append("You may not draw while you hold a card you could lay.")
    turn.append(
        "When the stock is empty, the discard pile but its top card is shuffled into a new "
        "stock. When nothing can be drawn and you cannot lay a card, you pass."
    )
    if rules.announce_penalty:
        turn.append(
            'Laying your second-to-last card, announce "carte!" (last card). If you forget, '
            "any other player may call you out until the next move, and you then draw "
            f"{rules.announce_penalty} cards."
        )
    if rules.jump_in:
        turn.append(
            "À la volée: a player holding a card identical (same rank and suit) to the top card "
            "may lay it out of turn, except the player who laid that top card; play continues "
            "from them."
        )
    faces = sorted({c for c in make_deck(rules.deck, 1)}, key=int)
    two_players = _two_players(game, rules, faces)
    if two_players is not None:
        turn.append(two_players)

    effects = rules.effects
    specials: list[str] = []
    seen: set[str] = set()
    for card in faces:
        effect = effects.for_card(card)
        name = _face_name(card)
        if effect.is_plain or name in seen:
            continue
        seen.add(name)
        specials.append(f"{name}: {_effect_words(effect, stacking)}.")
    if rules.penalty_ends_turn:
        specials.append("A player who takes a draw penalty does not play that turn.")
    else:
        specials.append("A player who takes a draw penalty then plays their turn.")
    if not specials:
        specials.append("No card has a special effect under these rules.")

    value_text = _card_values(rules, faces)
    if rules.scoring is Scoring.CRAZY_EIGHTS:
        target = (
            f"when a total reaches {rules.target_score}, the highest total wins the match"
            if rules.target_score is not None
            else f"after {rules.rounds} rounds the highest total wins the match"
        )
        scoring = [
            "A round ends when a player lays their last card (the effect of that card is not "
            "applied). That player scores the value of the cards left in the other hands.",
            f"Card values: {value_text}.",
            "If nobody can play or draw and every player passes in a row, the round is blocked: "
            "the lowest hand value wins, and tied players each collect the value of the others' "
            "hands (house rule).",
            f"Matches: {target}; higher is better.",
        ]
    else:
        target = (
            f"when a total reaches {rules.target_score}, the lowest total wins the match"
            if rules.target_score is not None
            else f"after {rules.rounds} rounds the lowest total wins the match"
        )
        scoring = [
            "A round ends when a player lays their last card (the effect of that card is not "
            "applied). Every other player scores the value of the cards left in their hand: "
            "penalty points.",
            f"Card values: {value_text}.",
            "If nobody can play or draw and every player passes in a row, the round is blocked "
            "and every player scores their hand; the lowest hand value wins the round (house "
            "rule).",
            f"Matches: {target}; lower is better, and tied players share the win.",
        ]
    scoring.append(
        f"A round also ends after {rules.max_moves} moves, scored like a blocked round (house "
        "rule, so that every round ends; option max_moves)."
    )
    return [
        ("Setting up", setup),
        ("A turn", turn),
        ("Special cards", specials),
        ("Scoring", scoring),
    ]


RULES_EXPLANATION: RulesExplanation = explain
"""The ``"rules_explanation"`` capability of the shedding games."""

OPTION_FORMATS: Mapping[str, str] = MappingProxyType(
    {
        "Effects": (
            "card effects: FACE:EFFECT pairs separated by spaces, effects joined with '+' (wild, "
            "drawN, skip, reverse, again, swap, choose; none for no effect), e.g. "
            "'2:draw2 8:wild J:reverse A:skip JOKER:wild+draw5'"
        ),
    }
)
"""What an ``effects`` option value looks like, for `cardgames rules` (the shedding games'
`cardgames.cli.info.OPTION_FORMATS`)."""
