"""8 Américain, with its variants, as a preset of the shedding engine.

The rules (the defaults of `Rules`, preset ``"standard"``):

- A 54-card deck (52 and two jokers); a 32-card (7 to Ace) or 52-card deck as options. Any number
  of players: as many decks as it takes to have about 12 cards per player (``cards_per_player``;
  ``decks`` sets the count). With several decks identical cards exist.
- The dealer deals 8 cards each, one at a time clockwise from their left, and turns up the top of
  the stock. The player on the dealer's left starts; play goes clockwise.
- On your turn lay one card of the suit or the rank of the top card, or an 8 at any time; if you
  cannot play, draw one card and the turn passes.
- Effects (``effects``): Ace, the next player draws 4; Jack, the direction reverses; Ten, you play
  again; Eight, wild: you name the suit, at any time on your turn except when you must draw;
  Seven, the next player misses a turn; Two, the next player draws 2. A player made to draw does
  not play that turn either (a house reading: ``penalty_ends_turn``).
- Jokers: the rule text gives only their value (50). House default, as an option like every other
  effect: a joker goes on anything (except when you must draw), its player names the suit, and
  the next player draws 5 (``JOKER:wild+draw5``).
- Say "carte" when one card is left; an opponent who notices that you forgot makes you draw 2
  (the call-out of the shedding engine). A player left one card by another's swap says it with
  a move of its own (`Announce`) before the next move.
- An empty stock: keep the top of the discard pile, shuffle the rest into a new stock.
- Scoring when someone goes out: every player scores the cards left in their own hand: joker 50,
  each 8 and the 2 of spades 25, other 2s and Aces 15, J/Q/K 10, any other card 5. A match stops
  when a player reaches 500; the lowest total wins (equal lowest totals share the win).

Variants, each an option that combines with the others (and a preset):

- ``"la-pioche"``: a player who cannot play draws until they get a card they can lay, and lays it;
- ``"le-cumul"``: on an Ace or a 2, the next player may lay a card of the same rank, and the draws
  add up (three Aces in a row: the player who has none draws 12);
- ``"a-la-volee"``: a player holding a card identical (same suit and rank) to the top of the
  discard pile may lay it at once ("immédiatement": until the next move of any kind,
  ``jump_in_window``), out of turn; play continues from that player. With "le cumul"
  a jump-in on a draw card adds to the pending draw; without it, the jump-in replaces it (the
  player who was to draw no longer does; the player after the jumper draws). The current player
  plays by the turn rules; two players' jump-ins are ordered by whichever is applied first;
- ``"a-deux"``: with two players, the cards that reverse or skip make their player play again;
- ``"autres-propositions"``: the rule text's other suggestions, off by default: here the Queen swaps
  hands with an opponent of your choice and the King lets you choose who plays next (house
  choice of cards: any face can be given any effect through ``effects``).

Where the rule text is silent (the game page lists every such reading, with its option): a wild
card turned up as the starter goes back into the stock and another is turned (as in Crazy
Eights); the starter has no effect; a player made to draw loses the turn; a blocked round
(nothing to draw, nobody can play) or one that reaches ``max_moves`` ends with every player
scoring their hand.

Examples:
    >>> from cardgames import huit_americain
    >>> state = huit_americain.new_game(["Léa", "Tom", "Sam"], seed=8)
    >>> len(state.hands[0]), len(state.all_cards())
    (8, 54)
"""

from __future__ import annotations

import types
from collections.abc import Mapping, Sequence
from typing import ClassVar, overload

import attrs

from cardgames.cards import Card, DeckKind
from cardgames.game import Game, register
from cardgames.options import final_rules, option
from cardgames.shedding.capabilities import CAPABILITIES
from cardgames.shedding.deal import new_game as _new_game
from cardgames.shedding.deal import sample_state
from cardgames.shedding.engine import Phase, SheddingState, SheddingView
from cardgames.shedding.invariants import check_state, check_view
from cardgames.shedding.match import Match as _Match
from cardgames.shedding.match import MatchOverError
from cardgames.shedding.moves import (
    EVENT_TYPES,
    MOVE_TYPES,
    Announce,
    AnnouncementCalled,
    AnnouncementMade,
    AnnouncementMissed,
    CallOut,
    CardPlayed,
    CardsDrawn,
    DirectionReversed,
    Draw,
    HandsSwapped,
    NextPlayerChosen,
    Pass,
    Passed,
    PenaltyGrown,
    PenaltyTaken,
    PlayCard,
    PlaysAgain,
    RoundOver,
    StarterReturned,
    StarterTurned,
    StockReshuffled,
    SuitNamed,
    TakePenalty,
    TurnSkipped,
)
from cardgames.shedding.rules import (
    AfterDraw,
    Effect,
    Effects,
    JumpInWindow,
    Scoring,
    SheddingRules,
    Stacking,
    Starter,
)
from cardgames.shedding.scoring import card_points as _card_points
from cardgames.shedding.scoring import hand_points as _hand_points
from cardgames.shedding.scoring import round_points as _round_points

__all__ = [
    "GAME",
    "PRESETS",
    "AfterDraw",
    "Announce",
    "AnnouncementCalled",
    "AnnouncementMade",
    "AnnouncementMissed",
    "CallOut",
    "CardPlayed",
    "CardsDrawn",
    "DirectionReversed",
    "Draw",
    "Effect",
    "Effects",
    "HandsSwapped",
    "JumpInWindow",
    "Match",
    "MatchOverError",
    "NextPlayerChosen",
    "Pass",
    "Passed",
    "PenaltyGrown",
    "PenaltyTaken",
    "Phase",
    "PlayCard",
    "PlaysAgain",
    "RoundOver",
    "Rules",
    "Scoring",
    "Stacking",
    "Starter",
    "StarterReturned",
    "StarterTurned",
    "State",
    "StockReshuffled",
    "SuitNamed",
    "TakePenalty",
    "TurnSkipped",
    "View",
    "card_points",
    "hand_points",
    "new_game",
    "round_points",
]

_EFFECTS = Effects.parse("2:draw2 7:skip 8:wild 10:again J:reverse A:draw4 JOKER:wild+draw5")


@attrs.frozen(cache_hash=True)
class Rules(SheddingRules):
    """The rules of 8 Américain; the defaults are the rule text's (see the module text)."""

    game_name: ClassVar[str] = "huit-americain"
    __init_subclass__ = final_rules  # the engine trusts this type: no subclass (see there)
    joker_effect: ClassVar[Effect] = Effect(wild=True, draw=5)
    """The rule text's joker, brought by the deck when ``effects`` says nothing of it."""

    deck: DeckKind = option(
        DeckKind.JOKERS_54, "The deck: 52 cards, 54 with two jokers, or 32 (7 to Ace)."
    )
    cards_per_player: int = option(
        12,
        "With decks=none, the fewest decks giving at least this many cards per player.",
        minimum=1,
        maximum=60,
    )
    hand_size: int = option(8, "Cards dealt to each player.", minimum=1, maximum=30)
    effects: Effects = option(_EFFECTS, "What each card face does when played.")
    stacking: Stacking = option(
        Stacking.NONE, "Whether a draw penalty can be passed on, grown, with a draw card."
    )
    after_draw: AfterDraw = option(AfterDraw.PASS, "What may be done with a drawn card that fits.")
    two_players_again: bool = option(
        False, "With two players, cards that reverse or skip make their player play again."
    )
    scoring: Scoring = option(Scoring.HUIT_AMERICAIN, "How rounds are scored and matches won.")
    target_score: int | None = option(
        500,
        "A match ends when a total reaches this; none: play a fixed number of rounds.",
        minimum=1,
        maximum=100_000,
    )


State = SheddingState
View = SheddingView

_STANDARD = Rules()
PRESETS: Mapping[str, Rules] = types.MappingProxyType(
    {
        "standard": _STANDARD,
        "la-pioche": _STANDARD.replace(draw_until_playable=True, after_draw=AfterDraw.MUST_PLAY),
        "le-cumul": _STANDARD.replace(stacking=Stacking.SAME_RANK),
        "a-la-volee": _STANDARD.replace(jump_in=True),
        "a-deux": _STANDARD.replace(two_players_again=True),
        "autres-propositions": _STANDARD.replace(
            effects=_EFFECTS.replace("Q", "swap").replace("K", "choose")
        ),
        "toutes-variantes": _STANDARD.replace(
            draw_until_playable=True,
            after_draw=AfterDraw.MUST_PLAY,
            stacking=Stacking.SAME_RANK,
            jump_in=True,
            two_players_again=True,
        ),
        "32-cartes": _STANDARD.replace(deck=DeckKind.PIQUET_32),
        "52-cartes": _STANDARD.replace(deck=DeckKind.STANDARD_52),
    }
)
"""Named rules: the rule text's proposal first, then each variant, then all variants together.

Read-only (a `types.MappingProxyType`): no caller can change a preset for the whole process.
"""


def new_game(
    players: int | Sequence[str],
    *,
    seed: int,
    rules: Rules | str | None = None,
    deck: Sequence[Card] | str | None = None,
) -> SheddingState:
    """Deal a round of 8 Américain.

    Args:
        players: The number of players (2 to 20) or their names in seat order.
        seed: Seeds the shuffle and every later reshuffle (``-2**64 < seed < 2**64``).
        rules: The rules, or a preset's name such as ``"a-la-volee"`` (default: the rule
            text's).
        deck: A fixed card order, top of the stock first, used instead of the first shuffle.

    Raises:
        InvalidRulesError: for a bad number of players, rules of another game, or a deck that is
            not exactly the cards the rules call for.
    """
    return _new_game(GAME, players, seed=seed, rules=rules, deck=deck)


@attrs.frozen
class Match(_Match):
    """A match of 8 Américain: it stops when a total reaches 500; the lowest total wins.

    `new` defaults to this game's rules; any shedding game's rules may be given (they decide how
    rounds are scored and the match ends). Everything else is the shared
    `cardgames.shedding.match.Match`.

    Examples:
        >>> match = Match.new(["Léa", "Tom", "Sam"])
        >>> match.rules.game_name, match.rules.target_score
        ('huit-americain', 500)
        >>> match = match.add_round([0, 250, 100])
        >>> match.is_over
        False
        >>> match.add_round([40, 260, 0]).winners
        (0,)
    """

    @classmethod
    def new(
        cls,
        players: int | Sequence[str],
        rules: SheddingRules | None = None,
        *,
        seed: int = 0,
        rounds: int | None = None,
    ) -> Match:
        """Start a match (the rules of the text by default).

        ``rounds``: play exactly that many rounds instead (see
        `cardgames.shedding.match.Match.new`).

        Raises:
            InvalidRulesError: for rules that are not a shedding game's, bad players or a
                number of rounds the rules refuse.
            InvalidArgumentError: for a seed that is not an integer within 2**64.
        """
        chosen = _STANDARD if rules is None else rules
        return super().new(players, chosen, seed=seed, rounds=rounds)


def card_points(card: Card, rules: Rules | None = None) -> int:
    """The penalty points a card left in hand is worth.

    Examples:
        >>> from cardgames.cards import parse_cards
        >>> [card_points(c) for c in parse_cards("JOKER 8H 2S 2H AC KD 10S")]
        [50, 25, 25, 15, 15, 10, 5]
    """
    return _card_points(card, _STANDARD if rules is None else rules)


def hand_points(hand: Sequence[Card], rules: Rules | None = None) -> int:
    """The penalty points of a hand.

    Examples:
        >>> from cardgames.cards import parse_cards
        >>> hand_points(parse_cards("JOKER 8H 2S 2H AC KD 10S"))
        145
    """
    return _hand_points(hand, _STANDARD if rules is None else rules)


@overload
def round_points(
    hands: Mapping[str, Sequence[Card]], rules: Rules | None = None, *, decks: int | None = None
) -> dict[str, int]: ...
@overload
def round_points(
    hands: Sequence[Sequence[Card]], rules: Rules | None = None, *, decks: int | None = None
) -> tuple[int, ...]: ...
def round_points(
    hands: Mapping[str, Sequence[Card]] | Sequence[Sequence[Card]],
    rules: Rules | None = None,
    *,
    decks: int | None = None,
) -> dict[str, int] | tuple[int, ...]:
    """Each player's penalty points for a round, from the hands left.

    The hands must be ones the decks can deal (``decks``: by default enough for about 12 cards
    per player): only one player goes out, no card is held more often than the decks hold it,
    no joker without jokers in the deck.

    Examples:
        >>> from cardgames.cards import parse_cards
        >>> round_points({"Léa": (), "Tom": parse_cards("JOKER 3C"), "Sam": parse_cards("AS")})
        {'Léa': 0, 'Tom': 55, 'Sam': 15}

    Raises:
        InvalidArgumentError: for hands the decks cannot deal.
    """
    return _round_points(hands, _STANDARD if rules is None else rules, decks=decks)


GAME: Game[SheddingState] = Game(
    name="huit-americain",
    title="8 Américain",
    aliases=("8 américain", "huit americain", "8 americain", "huit américain", "american eights"),
    min_players=2,
    max_players=20,
    rules_type=Rules,
    presets=PRESETS,
    state_type=SheddingState,
    move_types=MOVE_TYPES,
    event_types=EVENT_TYPES,
    view_type=SheddingView,
    new_game=lambda players, *, seed, rules, deck: _new_game(
        GAME, players, seed=seed, rules=rules, deck=deck
    ),
    sample_state=lambda view, rng: sample_state(view, rng, GAME),
    check_state=lambda state: check_state(state, GAME),
    check_view=lambda view: check_view(view, GAME),
    match_type=Match,
    new_match=lambda players, rules, seed, rounds: Match.new(
        players, rules, seed=seed, rounds=rounds
    ),
    capabilities=CAPABILITIES,
)
register(GAME)
