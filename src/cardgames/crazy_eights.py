"""Crazy Eights, as the Marquoir score keeper states it, with its variants.

The rules (the defaults of `Rules`, preset ``"marquoir"``):

- 2 to 7 players; one 52-card deck up to 5 players, two decks shuffled together above. Seven
  cards each (five at two players "selon les tables": preset ``"five-cards-two-players"``).
- The top card of the stock opens the discard pile; an 8 turned up goes back into the stock at a
  random place and another is turned. Other starters have no effect (``starter_effects``).
- The player on the dealer's left starts; play goes clockwise.
- On your turn lay one card of the suit or the rank of the top card. The 8 is wild: it goes on
  anything and its player names the suit that follows ("pique !").
- 2: the next player draws two and does not play, unless they lay a 2, which passes the penalty
  on, grown to four, to the following player, and so on. Under a pending penalty nothing else
  may be laid, not even an 8.
- Ace: the next player misses their turn. Jack: the direction reverses; with two players, the
  one who laid it plays again.
- No playable card: draw one; if it fits you may lay it at once, otherwise keep it and pass. The
  drawer always decides (phase ``after_draw``, a ``pass`` move even when the card does not fit),
  so the others cannot tell whether it fits (preset ``"draw-until-playable"``: draw until you
  can play). You may not draw while holding a playable card (``draw_when_playable``).
- Laying your second-to-last card you announce "carte !"; a player who forgets and is called out
  by another before the next move draws two.
- An empty stock: the discard pile but its top card is shuffled into a new stock. When nothing
  can be drawn, a player who cannot play passes; when everyone has passed in a row the round is
  blocked and the lowest hand value wins it.
- The round ends the moment a player lays their last card (a last 2 imposes nothing). The winner
  collects the value of the cards left in the other hands: 2 to 10 face value, J/Q/K 10, Ace 20
  (1 when the Ace has no power: preset ``"ace-without-power"``), 8 50.
- A match is played to 200 points, or over an agreed number of rounds (best total wins).
- Some tables give the draw to the 7 instead of the 2: preset ``"sevens-draw"``.

Mao, a variant whose extra rules are never stated, is out of scope.

Examples:
    >>> from cardgames import crazy_eights
    >>> state = crazy_eights.new_game(["Léa", "Tom", "Sam"], seed=2024)
    >>> state.players, len(state.hands[0]), state.current
    (('Léa', 'Tom', 'Sam'), 7, 1)
    >>> state = state.apply(state.legal_moves()[0])
    >>> state.moves_played
    1
"""

from __future__ import annotations

import types
from collections.abc import Mapping, Sequence
from typing import ClassVar, overload

import attrs

from cardgames.cards import Card
from cardgames.game import Game, register
from cardgames.options import final_rules
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
from cardgames.shedding.scoring import round_winners as _round_winners

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
    "JumpInWindow",
    "Match",
    "MatchOverError",
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
    "round_winners",
]


@attrs.frozen(cache_hash=True)
class Rules(SheddingRules):
    """The rules of Crazy Eights; the defaults are the Marquoir rules (see the module text)."""

    game_name: ClassVar[str] = "crazy-eights"
    __init_subclass__ = final_rules  # the engine trusts this type: no subclass (see there)


State = SheddingState
View = SheddingView

_MARQUOIR = Rules()
PRESETS: Mapping[str, Rules] = types.MappingProxyType(
    {
        "marquoir": _MARQUOIR,
        "five-cards-two-players": _MARQUOIR.replace(hand_size_two_players=5),
        "draw-until-playable": _MARQUOIR.replace(
            draw_until_playable=True, after_draw=AfterDraw.MUST_PLAY
        ),
        "sevens-draw": _MARQUOIR.replace(effects=Effects.parse("8:wild 7:draw2 A:skip J:reverse")),
        "ace-without-power": _MARQUOIR.replace(effects=Effects.parse("8:wild 2:draw2 J:reverse")),
        "starter-effects": _MARQUOIR.replace(starter_effects=True),
        "draw-when-playable": _MARQUOIR.replace(draw_when_playable=True),
        "five-rounds": _MARQUOIR.replace(target_score=None, rounds=5),
    }
)
"""Named rules: the rule text's first, then its variants.

Read-only (a `types.MappingProxyType`): no caller can change a preset for the whole process.
"""


def new_game(
    players: int | Sequence[str],
    *,
    seed: int,
    rules: Rules | str | None = None,
    deck: Sequence[Card] | str | None = None,
) -> SheddingState:
    """Deal a round of Crazy Eights.

    Args:
        players: The number of players (2 to 7) or their names in seat order.
        seed: Seeds the shuffle and every later reshuffle (``-2**64 < seed < 2**64``).
        rules: The rules, or a preset's name such as ``"le-cumul"`` (default: the Marquoir
            rules).
        deck: A fixed card order, top of the stock first (cards or text such as ``"8H 2C …"``),
            used instead of the first shuffle. Cards are dealt one at a time from the dealer's
            left, then the next card is turned up.

    Raises:
        InvalidRulesError: for a bad number of players, rules of another game, or a deck that is
            not exactly the cards the rules call for.
    """
    return _new_game(GAME, players, seed=seed, rules=rules, deck=deck)


@attrs.frozen
class Match(_Match):
    """A match of Crazy Eights: to 200 points, the highest total wins.

    `new` defaults to this game's rules; any shedding game's rules may be given (they decide how
    rounds are scored and the match ends). Everything else is the shared
    `cardgames.shedding.match.Match`.

    Examples:
        >>> match = Match.new(["Léa", "Tom", "Sam"])
        >>> match.rules.game_name, match.rules.target_score
        ('crazy-eights', 200)
        >>> match.add_round([0, 150, 50]).add_round([0, 60, 0]).winners
        (1,)
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
        """Start a match (the Marquoir rules by default).

        ``rounds``: play exactly that many rounds instead (see
        `cardgames.shedding.match.Match.new`).

        Raises:
            InvalidRulesError: for rules that are not a shedding game's, bad players or a
                number of rounds the rules refuse.
            InvalidArgumentError: for a seed that is not an integer within 2**64.
        """
        chosen = _MARQUOIR if rules is None else rules
        return super().new(players, chosen, seed=seed, rounds=rounds)


def card_points(card: Card, rules: Rules | None = None) -> int:
    """The points a card left in a loser's hand is worth to the winner.

    Examples:
        >>> from cardgames.cards import Card
        >>> card_points(Card.parse("8H")), card_points(Card.parse("AS"))
        (50, 20)
        >>> card_points(Card.parse("AS"), PRESETS["ace-without-power"])
        1
    """
    return _card_points(card, _MARQUOIR if rules is None else rules)


def hand_points(hand: Sequence[Card], rules: Rules | None = None) -> int:
    """The points of a hand left to the winner (the Marquoir rules by default).

    Examples:
        >>> from cardgames.cards import parse_cards
        >>> hand_points(parse_cards("8H KS")), hand_points(parse_cards("3C AS"))
        (60, 23)
    """
    return _hand_points(hand, _MARQUOIR if rules is None else rules)


def round_winners(
    hands: Sequence[Sequence[Card]], rules: Rules | None = None, *, decks: int | None = None
) -> tuple[int, ...]:
    """The seats that win a round: the one who went out, else the lowest hand value.

    Raises:
        InvalidArgumentError: for hands the decks cannot deal (see `round_points`).
    """
    return _round_winners(hands, _MARQUOIR if rules is None else rules, decks=decks)


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
    """Score a round of a real game from the hands left (the winner's is empty).

    Returns the points by seat (or by name, given a mapping): the winner collects the value of
    the other hands. With no empty hand the round was blocked: the lowest hand value wins.

    The hands must be ones the decks can deal (``decks``: by default one deck up to 5 players,
    two above): only one player goes out, no card is held more often than the decks hold it.

    Examples:
        >>> from cardgames.cards import parse_cards
        >>> round_points({"Léa": (), "Tom": parse_cards("8H KS"), "Sam": parse_cards("3C AS")})
        {'Léa': 83, 'Tom': 0, 'Sam': 0}
        >>> round_points({"Léa": parse_cards("8H 8H 8H"), "Sam": parse_cards("8H")})
        Traceback (most recent call last):
        ...
        cardgames.errors.InvalidArgumentError: invalid argument hands='8H': 8H is held 4 times, but one deck of 52 cards has it once

    Raises:
        InvalidArgumentError: for hands the decks cannot deal.
    """  # noqa: E501  (a doctest output line cannot be wrapped)
    return _round_points(hands, _MARQUOIR if rules is None else rules, decks=decks)


GAME: Game[SheddingState] = Game(
    name="crazy-eights",
    title="Crazy Eights",
    aliases=("crazy eights", "crazy 8s", "crazy8", "eights", "huit fou"),
    min_players=2,
    max_players=7,
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
