"""The planet-gathering game "8": Commanders, Adjutants, black holes and hidden cards.

The rules (the defaults of `Rules`, preset ``"standard"``), from the French rule text, with the
points where it is silent marked *house*:

- **Cards.** 104 cards shuffled into one stock: 12 of each of the eight planets (Mercury,
  Venus, Earth, Mars, Jupiter, Saturn, Uranus, Neptune) and 8 black holes. 2 to 6 players.
  Hands start empty (``initial_hand``; *house*: with dealt hands, planets are dealt one at a
  time clockwise from the first Commander, and black holes met while dealing stay in the
  stock where they are).
- **Turns.** Players take turns as Commander, clockwise (increasing seats), seat 0 first
  (*house*, ``first_commander``). The Commander draws 3 cards (``draw_count``; all that remain
  if fewer) and must keep one (`Keep`), give one face down to another player of their choice,
  who becomes the Adjutant (`Give`), and put the last one back on top of the stock (done by
  `Give`). With 2 cards drawn: keep one, give one. With 1: keep it.
- **Gatherings.** Then the kept card (Commander), then the received card (Adjutant), is
  settled. A planet may be laid face up in a gathering with cards of the hand: at least 3
  identical planets (the holder chooses how many), or the 8 planets all different; the new card
  must be among them (`LayGathering`). Declining is always allowed (`Decline`; the card joins
  the hand); *house* variant ``may_decline=False`` obliges a player to lay when they can. A
  laid gathering is never added to: 4 Saturns now and 3 more later are two gatherings. *House*:
  one gathering per card settled; the holder is asked even when no gathering is possible
  (only `Decline` is then legal), so that the table does not learn whether the card fitted.
- **Black holes.** A black hole kept or received is played at once: its holder discards face
  down a planet of their choice from their hand (`DiscardFaceDown`; only its owner may look at
  it, it never comes back, it is revealed at the end), or takes a planet at random from the
  hand of another player of their choice (`Steal`) and may then lay a gathering with it, as
  for a kept card. The black hole then goes face up to the discard pile. With no planet in any
  hand it is simply discarded. *House*: a gathering laid after a steal scores in the role of
  the black hole's holder; a card given to the Adjutant is not in their hand until they settle
  it (the Commander's steal cannot take it); the black hole goes to the discard pile as soon as
  its action is done, before the gathering decision after a steal.
- **Hand limit.** At the end of their turn a Commander holding more than 10 cards
  (``hand_limit``) puts the surplus of their choice face down under the stock, one card at a
  time (`PutUnder`). The Adjutant has no limit.
- **End.** The game ends when the stock is empty at the end of a turn (cards put under the
  stock count). *House*: it also ends after ``max_turns`` turns (500), scored the same way, so
  that every game ends even if players keep declining.
- **Score.** Gatherings laid as Commander plus those laid as Adjutant (worth more), plus 1 per
  card discarded face down, minus 1 per card left in hand. The rule text prints no values,
  only that a gathering's value depends on its number of cards; the *house* tables are
  options: sizes 3 to 12, as Commander 3 5 8 12 17 23 30 38 47 57, as Adjutant 5 8 12 18 26
  35 45 57 71 86. The 8 different planets are worth the size-8 entry (23, 35), as 8 identical
  planets; ``all_different_commander`` and ``all_different_adjutant`` can give them a bonus.
- **Winner.** The highest score. Ties: the largest gathering (*house*: the 8 different
  planets count as 8 cards), then the fewest black holes played (*house*: every black hole
  kept or received, wasted ones included). Players still tied share the win, and the
  outcome's detail says that the rules have them play a new game.

Matches (the rule text describes one game; *house*): `Match` adds up the scores of ``games``
games (default: one per player), the first Commander rotating clockwise each game; the highest
total wins, and a tie on it after the last game is broken by one more game, as often as needed
(see `cardgames.planets.match`).

Hidden information: the drawn cards are seen by the Commander alone; the given card by the
Commander and the Adjutant; the card put back by the Commander (and by the next Commander, who
draws it); a stolen card by the thief and the victim; a card discarded face down by its owner,
and by everyone at the end. `State.view` shows what its player has seen and remembers, and
nothing else (see `cardgames.planets.engine` for how knowledge is tracked);
``GAME.sample_state(view, rng)`` deals the cards a view does not show at random, for bots that
search from what they know.

Examples:
    >>> from cardgames import planets
    >>> state = planets.new_game(["Léa", "Tom", "Sam"], seed=8)
    >>> state.phase, state.commander, len(state.drawn), len(state.stock)
    (<Phase.KEEP: 'keep'>, 0, 3, 101)
    >>> state.legal_moves()
    <LegalMoves: keep Venus, keep Earth, keep Saturn>
    >>> state = state.apply(state.parse_move("keep Venus"))
    >>> state = state.apply(state.parse_move("give Earth to Tom"))
    >>> state.view(0).known_top, state.view(1).known_top
    (<PlanetCard.SATURN: 5>, None)
    >>> state.view(1).received, state.view(2).received
    (<PlanetCard.EARTH: 2>, None)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from cardgames.errors import MatchOverError
from cardgames.game import Game, Lazy, register
from cardgames.planets.cards import (
    BLACK_HOLE,
    FULL_DECK,
    PLANETS,
    PlanetCard,
    format_planet_cards,
    parse_planet_cards,
)
from cardgames.planets.engine import Phase, PlanetsState, PlanetsView
from cardgames.planets.engine import new_game as _new_game
from cardgames.planets.invariants import check_state, check_view
from cardgames.planets.match import Match
from cardgames.planets.moves import (
    EVENT_TYPES,
    MOVE_TYPES,
    BlackHoleDiscarded,
    BlackHolePlayed,
    CardDiscardedFaceDown,
    CardGiven,
    CardKept,
    CardPutBack,
    CardsDrawn,
    CardStolen,
    Decline,
    DiscardFaceDown,
    GameOver,
    GatheringDeclined,
    GatheringLaid,
    Give,
    Keep,
    LayGathering,
    PutUnder,
    Steal,
    SurplusPutUnder,
    TurnStarted,
)
from cardgames.planets.rules import PRESETS, Rules, ScoreTable
from cardgames.planets.sampling import sample_state
from cardgames.planets.scoring import (
    Gathering,
    Role,
    Tally,
    final_scores,
    final_winners,
    gathering_points,
)

__all__ = [
    "BLACK_HOLE",
    "EVENT_TYPES",
    "FULL_DECK",
    "GAME",
    "MOVE_TYPES",
    "PLANETS",
    "PRESETS",
    "BlackHoleDiscarded",
    "BlackHolePlayed",
    "CardDiscardedFaceDown",
    "CardGiven",
    "CardKept",
    "CardPutBack",
    "CardStolen",
    "CardsDrawn",
    "Decline",
    "DiscardFaceDown",
    "GameOver",
    "Gathering",
    "GatheringDeclined",
    "GatheringLaid",
    "Give",
    "Keep",
    "LayGathering",
    "Match",
    "MatchOverError",
    "Phase",
    "PlanetCard",
    "PutUnder",
    "Role",
    "Rules",
    "ScoreTable",
    "State",
    "Steal",
    "SurplusPutUnder",
    "Tally",
    "TurnStarted",
    "View",
    "final_scores",
    "final_winners",
    "format_planet_cards",
    "gathering_points",
    "new_game",
    "parse_planet_cards",
]

State = PlanetsState
View = PlanetsView


def new_game(
    players: int | Sequence[str],
    *,
    seed: int,
    rules: Rules | str | None = None,
    deck: Sequence[PlanetCard] | str | None = None,
) -> PlanetsState:
    """Start a game of "8"; the first Commander has drawn and must keep a card.

    Args:
        players: The number of players (2 to 6) or their names in seat order.
        seed: Seeds the shuffle and every random steal (``-2**64 < seed < 2**64``).
        rules: The rules, or a preset's name such as ``"dealt-hands"`` (default: the
            standard rules).
        deck: A fixed order of the 104 cards, top of the stock first (cards, or text such as
            ``"Saturn Mars black-hole …"``), used instead of the shuffle. With dealt hands,
            planets are dealt from the top, one at a time clockwise from the first Commander.

    Raises:
        InvalidRulesError: for a bad number of players (checked before any name is built),
            rules of another game, or a deck that is not exactly the cards of the game (at
            most 105 items are read from it).
        InvalidArgumentError: for a seed that is not an integer (``bool`` and ``float``
            included).
        ParseError: for a deck given as text that names something other than cards.

    Examples:
        >>> state = new_game(2, seed=3, rules=PRESETS["dealt-hands"])
        >>> [len(state.hand(seat)) for seat in range(2)]
        [5, 5]
    """
    return _new_game(GAME, players, seed=seed, rules=rules, deck=deck)


GAME: Final[Game[PlanetsState]] = Game(
    name="planets",
    title="8",
    aliases=("8 planets", "huit planètes", "the planet game", "jeu des planètes"),
    min_players=2,
    max_players=6,
    rules_type=Rules,
    presets=PRESETS,
    state_type=PlanetsState,
    move_types=MOVE_TYPES,
    event_types=EVENT_TYPES,
    view_type=PlanetsView,
    new_game=lambda players, *, seed, rules, deck: _new_game(
        GAME, players, seed=seed, rules=rules, deck=deck
    ),
    sample_state=sample_state,
    check_state=check_state,
    check_view=check_view,
    match_type=Match,
    new_match=lambda players, rules, seed, rounds: Match.new(
        players, rules, seed=seed, games=rounds
    ),
    capabilities={
        "action_encoding": Lazy("cardgames.planets.rl:ACTION_LAYOUT"),
        "beliefs": Lazy("cardgames.planets.infostate:BELIEFS"),
        "cli_table": Lazy("cardgames.planets.cli_table:TABLE"),
        "deal_with": Lazy("cardgames.planets.deal:deal_with"),
        "deals_hands": False,
        "heuristic_agent": Lazy("cardgames.planets.heuristic:heuristic_agent"),
        "max_game_length": Lazy("cardgames.planets.rl:max_game_length"),
        "narration": Lazy("cardgames.planets.narration:PHRASEBOOK"),
        "observation": Lazy("cardgames.planets.rl:OBSERVATION_LAYOUT"),
        "option_formats": Lazy("cardgames.planets.explain:OPTION_FORMATS"),
        "rules_explanation": Lazy("cardgames.planets.explain:RULES_EXPLANATION"),
        "schemas": Lazy("cardgames.planets.schemas:SCHEMA_PARTS"),
        "score_keeper": Lazy("cardgames.planets.score_keeper:SCORE_KEEPER"),
    },
)
"""The descriptor of "8", registered as ``"planets"``, ``"8"`` and ``"huit planètes"``."""

register(GAME)
