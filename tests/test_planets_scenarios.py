"""Hand-computed scenarios of "8" with fixed decks: every rule of the seed, step by step.

Decks are written top of the stock first (`stacked_deck` appends the other cards: the planets
left in order, Mercury first, then the 8 black holes at the bottom). With dealt hands, planets
are dealt one at a time clockwise from the first Commander.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgames.errors import IllegalMoveError
from cardgames.game import Termination
from cardgames.planets import (
    BLACK_HOLE,
    PLANETS,
    BlackHoleDiscarded,
    BlackHolePlayed,
    CardDiscardedFaceDown,
    CardGiven,
    CardPutBack,
    CardsDrawn,
    CardStolen,
    Decline,
    DiscardFaceDown,
    GameOver,
    Gathering,
    GatheringDeclined,
    GatheringLaid,
    Give,
    Keep,
    LayGathering,
    Phase,
    PlanetCard,
    PutUnder,
    Role,
    Rules,
    State,
    Steal,
    SurplusPutUnder,
    TurnStarted,
    new_game,
    parse_planet_cards,
)

from planets_support import play, stacked_deck

ME, VE, EA, MA, JU, SA, UR, NE = PLANETS
BH = BLACK_HOLE
C, A = Role.COMMANDER, Role.ADJUTANT


def cards(text: str) -> tuple[PlanetCard, ...]:
    return parse_planet_cards(text)


def test_a_full_commander_turn() -> None:
    state = new_game(["Léa", "Tom", "Sam"], seed=1, deck=stacked_deck("Saturn Mars Venus"))
    # Léa, the first Commander, has drawn the top three cards.
    assert (state.turn, state.commander, state.phase, state.to_act) == (1, 0, Phase.KEEP, (0,))
    assert state.drawn == (SA, MA, VE)
    assert len(state.stock) == 101
    assert state.last_events == (TurnStarted(0, 1), CardsDrawn(0, 3, (SA, MA, VE)))
    assert state.legal_moves() == (Keep(0, VE), Keep(0, MA), Keep(0, SA))
    assert state.legal_moves(1) == ()

    state = state.apply(Keep(0, SA))
    assert state.phase is Phase.GIVE
    assert state.pending is SA
    assert state.drawn == (MA, VE)
    assert state.legal_moves() == (
        Give(0, VE, 1),
        Give(0, VE, 2),
        Give(0, MA, 1),
        Give(0, MA, 2),
    )

    state = state.apply(Give(0, MA, 2))
    # Sam is the Adjutant; Venus went back on top of the stock.
    assert state.adjutant == 2
    assert state.received is MA
    assert state.stock[0] is VE
    assert len(state.stock) == 102
    assert state.last_events == (CardGiven(0, 2, MA), CardPutBack(0, VE))
    # The kept Saturn is settled first: nothing to gather, so only Decline.
    assert (state.phase, state.holder, state.role) == (Phase.GATHER, 0, C)
    assert state.legal_moves() == (Decline(0),)

    state = state.apply(Decline(0))
    assert state.hand(0) == (SA,)
    assert state.last_events == (GatheringDeclined(0),)
    # Then the Adjutant's Mars.
    assert (state.phase, state.holder, state.role, state.pending) == (Phase.GATHER, 2, A, MA)
    assert state.received is None

    state = state.apply(Decline(2))
    assert state.hand(2) == (MA,)
    # The turn is over: Tom is the Commander and draws Venus (put back) and two Mercuries.
    assert (state.turn, state.commander, state.phase) == (2, 1, Phase.KEEP)
    assert state.drawn == (VE, ME, ME)
    assert [type(e) for e in state.last_events] == [GatheringDeclined, TurnStarted, CardsDrawn]
    assert len(state.stock) == 99
    assert state.moves_played == 4


def test_the_adjutant_lays_a_gathering_and_scores_the_adjutant_value() -> None:
    rules = Rules(initial_hand=2)
    # Dealt: Léa Earth Earth, Tom Jupiter Jupiter; Léa draws Mars Jupiter Venus.
    deck = stacked_deck("Earth Jupiter Earth Jupiter Mars Jupiter Venus")
    state = new_game(["Léa", "Tom"], seed=1, rules=rules, deck=deck)
    assert state.hand(0) == (EA, EA)
    assert state.hand(1) == (JU, JU)
    state = play(state, "keep Mars", "give Jupiter to Tom")
    assert state.legal_moves() == (Decline(0),)
    state = state.apply(Decline(0))
    assert (state.holder, state.role, state.pending) == (1, A, JU)
    assert state.legal_moves() == (LayGathering(1, (JU,) * 3), Decline(1))
    state = state.apply(LayGathering(1, (JU, JU, JU)))
    laid = Gathering((JU,) * 3, A)
    assert state.gatherings == ((), (laid,))
    assert state.last_events[0] == GatheringLaid(1, laid, 5)
    assert state.hand(1) == ()
    # 3 identical planets are worth 3 as Commander, 5 as Adjutant.
    assert state.tallies()[1].score(rules) == 5
    assert state.tallies()[0].score(rules) == -3


def test_the_eight_different_planets() -> None:
    rules = Rules(initial_hand=8)
    # Léa is dealt Mercury Venus Earth Mars Jupiter Saturn Uranus and a second Neptune... no:
    # she gets Mercury to Uranus and one Neptune, Tom gets eight Saturns; Léa draws Neptune.
    lea = cards("Mercury Venus Earth Mars Jupiter Saturn Uranus Neptune")
    tom = (SA,) * 8
    dealt = [card for pair in zip(lea, tom, strict=True) for card in pair]
    state = new_game(2, seed=1, rules=rules, deck=stacked_deck([*dealt, NE, MA, VE]))
    state = play(state, "keep Neptune", "give Mars to 1")
    # Neptune makes 2 Neptunes (no gathering of 3) and completes the 8 different planets.
    assert state.legal_moves() == (LayGathering(0, PLANETS), Decline(0))
    state = play(state, "lay all-different")
    assert state.gatherings[0] == (Gathering(PLANETS, C),)
    assert state.last_events[0] == GatheringLaid(0, Gathering(PLANETS, C), 23)
    assert state.hand(0) == (NE,)
    # Tom, with 8 Saturns and the new Mars, could lay the 8 different? No: he lacks planets.
    assert state.legal_moves() == (Decline(1),)


def test_identical_and_all_different_offered_together() -> None:
    rules = Rules(initial_hand=9)
    lea = cards("Mercury Venus Earth Mars Jupiter Saturn Uranus Neptune Neptune")
    dealt = [card for pair in zip(lea, (SA,) * 9, strict=True) for card in pair]
    state = new_game(2, seed=1, rules=rules, deck=stacked_deck([*dealt, NE, MA, VE]))
    state = play(state, "keep Neptune", "give Mars to 1")
    assert state.legal_moves() == (
        LayGathering(0, (NE,) * 3),
        LayGathering(0, PLANETS),
        Decline(0),
    )
    # Tom holds 9 Saturns: with the received Mars, no gathering; he may not lay Saturns now
    # (the new card must be in the gathering).
    state = play(state, "lay 3 Neptune")
    assert state.legal_moves() == (Decline(1),)
    with pytest.raises(IllegalMoveError) as info:
        state.apply(LayGathering(1, (SA,) * 3))
    assert info.value.reason == "card_not_included"


def _lay_eight(lea: str, tom: str, draw: str, rules: Rules) -> tuple[int, int]:
    """Léa and Tom are dealt 7 cards each; Léa draws ``draw``, keeps the first card and lays
    a gathering of 8 with it as Commander, then gives the second to Tom, who lays a gathering
    of 8 with it as Adjutant. The points of the two gatherings laid."""
    dealt = [c for pair in zip(cards(lea), cards(tom), strict=True) for c in pair]
    drawn = cards(draw)
    state = new_game(["Léa", "Tom"], seed=1, rules=rules, deck=stacked_deck([*dealt, *drawn]))
    state = play(state, f"keep {drawn[0]}", f"give {drawn[1]} to Tom")
    laid = [m for m in state.legal_moves() if isinstance(m, LayGathering) and len(m.cards) == 8]
    state = state.apply(laid[0])
    commander = state.last_events[0]
    laid = [m for m in state.legal_moves() if isinstance(m, LayGathering) and len(m.cards) == 8]
    state = state.apply(laid[0])
    adjutant = state.last_events[0]
    assert isinstance(commander, GatheringLaid)
    assert isinstance(adjutant, GatheringLaid)
    assert (commander.player, commander.gathering.role) == (0, C)
    assert (adjutant.player, adjutant.gathering.role) == (1, A)
    return commander.points, adjutant.points


def test_a_gathering_is_worth_its_number_of_cards() -> None:
    # The rule text: "La valeur du rassemblement ainsi formé est fonction du nombre de cartes
    # Planète qui le compose". Léa lays the 8 different planets as Commander and Tom as
    # Adjutant; in the other game Léa lays 8 Saturns and Tom 8 Jupiters: the same points, the
    # size-8 entries of the tables (23 as Commander, 35 as Adjutant).
    rules = Rules(initial_hand=7)
    seven = "Me Ve Ea Ma Ju Sa Ur"
    different = _lay_eight(seven, seven, "Ne Ne Ve", rules)
    identical = _lay_eight("Sa " * 7, "Ju " * 7, "Sa Ju Ve", rules)
    assert different == identical == (23, 35)
    # The old house bonus stays available through the options.
    bonus = rules.replace(all_different_commander=25, all_different_adjutant=38)
    assert _lay_eight(seven, seven, "Ne Ne Ve", bonus) == (25, 38)
    assert _lay_eight("Sa " * 7, "Ju " * 7, "Sa Ju Ve", bonus) == (23, 35)


def test_four_then_three_saturns_are_two_gatherings() -> None:
    # The seed's example. Léa is dealt 5 Saturns, Tom Mercury Mercury Venus Venus Earth.
    rules = Rules(initial_hand=5)
    dealt = cards("Sa Me Sa Me Sa Ve Sa Ve Sa Ea")
    turns = cards("Sa Ma Ju  Ur Ne  Sa Me")  # Léa draws Sa Ma Ju; Tom Ju Ur Ne; Léa Ne Sa Me
    state = new_game(["Léa", "Tom"], seed=1, rules=rules, deck=stacked_deck([*dealt, *turns]))
    state = play(state, "keep Saturn", "give Mars to Tom")
    assert state.legal_moves() == (
        LayGathering(0, (SA,) * 3),
        LayGathering(0, (SA,) * 4),
        LayGathering(0, (SA,) * 5),
        LayGathering(0, (SA,) * 6),
        Decline(0),
    )
    state = play(state, "lay 4 Saturn", "decline")
    assert state.hand(0) == (SA, SA)
    # Tom's turn: he keeps Jupiter and gives Uranus to Léa.
    assert state.drawn == (JU, UR, NE)
    state = play(state, "keep Jupiter", "give Uranus to Léa", "decline", "decline")
    # Léa's turn: she keeps a Saturn. Two in hand and the new one: a new gathering of 3; the
    # 4 laid Saturns are never added to.
    assert state.drawn == (NE, SA, ME)
    state = play(state, "keep Saturn")
    state = play(state, "give Neptune to Tom")
    assert state.legal_moves() == (LayGathering(0, (SA,) * 3), Decline(0))
    state = play(state, "lay 3 Saturn")
    assert state.gatherings[0] == (Gathering((SA,) * 4, C), Gathering((SA,) * 3, C))
    assert state.tallies()[0].score(rules) == 5 + 3 - 1  # Uranus in hand


def test_the_commanders_black_hole_is_played_once_the_card_is_given() -> None:
    # Our reading of "doit la jouer immédiatement" (docs/games/planets.md, "Where the rule text
    # is silent"): the Commander first shares out the three cards, then plays the black hole,
    # before the Adjutant settles the card received.
    rules = Rules(initial_hand=2)
    state = new_game(["Léa", "Tom"], seed=1, rules=rules, deck=stacked_deck("Ea Me Ju Me BH Ve Ma"))
    state = play(state, "keep black hole")
    assert state.phase is Phase.GIVE
    assert {type(m) for m in state.legal_moves()} == {Give}
    state = play(state, "give Venus to Tom")
    assert [type(e) for e in state.last_events] == [CardGiven, CardPutBack, BlackHolePlayed]
    assert (state.phase, state.holder, state.received) == (Phase.BLACK_HOLE, 0, VE)
    page = (Path(__file__).resolve().parents[1] / "docs" / "games" / "planets.md").read_text(
        encoding="utf-8"
    )
    assert "| The Commander keeps a black hole: played before or after the give? | After:" in page


def test_black_hole_discard_face_down() -> None:
    rules = Rules(initial_hand=2)
    # Léa: Earth Jupiter; Tom: Mercury Mercury. Léa draws a black hole, Venus, Mars.
    state = new_game(["Léa", "Tom"], seed=1, rules=rules, deck=stacked_deck("Ea Me Ju Me BH Ve Ma"))
    state = play(state, "keep black hole")
    # Until it is settled, the kept black hole is Léa's secret.
    assert state.view(1).pending is None
    assert state.view(0).pending is BH
    state = play(state, "give Venus to Tom")
    assert (state.phase, state.holder, state.role) == (Phase.BLACK_HOLE, 0, C)
    assert state.last_events[-1] == BlackHolePlayed(0, C)
    assert state.view(1).pending is BH
    assert state.legal_moves() == (
        DiscardFaceDown(0, EA),
        DiscardFaceDown(0, JU),
        Steal(0, 1),
    )
    state = play(state, "discard Jupiter")
    assert state.face_down == ((JU,), ())
    assert state.hand(0) == (EA,)
    assert state.black_holes == (1, 0)
    assert state.last_events[:2] == (CardDiscardedFaceDown(0, JU), BlackHoleDiscarded(0, False))
    assert state.view(0).face_down == ((JU,), None)
    assert state.view(1).face_down == (None, ())
    assert state.view(1).face_down_sizes == (1, 0)
    assert state.view(1).discard_size == 1
    assert state.view(1).events[0] == CardDiscardedFaceDown(0, None)
    # Then Tom settles Venus.
    assert (state.holder, state.pending) == (1, VE)
    # Léa scores 1 per card discarded face down.
    assert state.tallies()[0].score(rules) == 1 - 1


def test_black_hole_steal_that_enables_a_gathering() -> None:
    rules = Rules(initial_hand=2)
    # Léa: Saturn Saturn; Tom: Saturn Saturn; Sam: Mercury Venus.
    deck = stacked_deck("Sa Sa Me Sa Sa Ve BH Ea Ma")
    state = new_game(["Léa", "Tom", "Sam"], seed=4, rules=rules, deck=deck)
    state = play(state, "keep black hole", "give Earth to Sam")
    assert state.legal_moves() == (DiscardFaceDown(0, SA), Steal(0, 1), Steal(0, 2))
    state = play(state, "steal Tom")
    # Tom holds only Saturns, so the random planet is a Saturn.
    assert state.last_events[:2] == (CardStolen(0, 1, SA), BlackHoleDiscarded(0, False))
    assert state.hand(1) == (SA,)
    assert (state.phase, state.holder, state.role, state.pending) == (Phase.GATHER, 0, C, SA)
    # The thief and the victim know the card; Sam does not.
    assert state.view(0).pending is SA
    assert state.view(1).pending is SA
    assert state.view(2).pending is None
    assert state.view(2).events[0] == CardStolen(0, 1, None)
    assert state.view(1).events[0] == CardStolen(0, 1, SA)
    assert state.legal_moves() == (LayGathering(0, (SA,) * 3), Decline(0))
    state = play(state, "lay 3 Saturn")
    assert state.gatherings[0] == (Gathering((SA,) * 3, C),)
    assert state.hand(0) == ()
    assert state.black_holes == (1, 0, 0)
    # Then Sam settles the Earth received.
    assert (state.holder, state.role, state.pending) == (2, A, EA)


def test_a_stolen_card_kept_is_remembered_by_the_victim() -> None:
    rules = Rules(initial_hand=2)
    deck = stacked_deck("Sa Sa Me Sa Sa Ve BH Ea Ma")
    state = new_game(["Léa", "Tom", "Sam"], seed=4, rules=rules, deck=deck)
    state = play(state, "keep black hole", "give Earth to Sam", "steal 1", "decline")
    assert state.hand(0) == (SA, SA, SA)
    assert state.view(1).known_cards == ((SA,), (), ())
    assert state.view(2).known_cards == ((), (), ())
    # Sam will know Earth is his; Léa knows it once Sam keeps it.
    state = play(state, "decline")
    assert state.view(0).known_cards == ((), (), (EA,))


def test_the_adjutant_plays_a_received_black_hole() -> None:
    rules = Rules(initial_hand=1)
    state = new_game(["Léa", "Tom"], seed=2, rules=rules, deck=stacked_deck("Ju Ur Ma BH Ve"))
    state = play(state, "keep Mars", "give black hole to Tom")
    # Léa settles Mars first; Tom's card waits face down, unknown to the table.
    assert state.phase is Phase.GATHER
    assert state.holder == 0
    assert state.legal_moves() == (Decline(0),)
    state = play(state, "decline")
    assert (state.phase, state.holder, state.role) == (Phase.BLACK_HOLE, 1, A)
    assert state.last_events[-1] == BlackHolePlayed(1, A)
    assert state.legal_moves() == (DiscardFaceDown(1, UR), Steal(1, 0))
    state = play(state, "steal 0")
    stolen = state.last_events[0]
    assert isinstance(stolen, CardStolen)
    assert stolen.card in (JU, MA)
    assert state.pending is stolen.card
    assert state.black_holes == (0, 1)


def test_a_black_hole_with_nothing_to_do_is_discarded() -> None:
    state = new_game(2, seed=1, deck=stacked_deck("BH Ve Ma"))
    state = play(state, "keep black hole", "give Venus to 1")
    # No planet in any hand: the black hole is simply discarded.
    assert state.last_events[2:] == (BlackHolePlayed(0, C), BlackHoleDiscarded(0, True))
    assert state.black_holes == (1, 0)
    assert (state.phase, state.holder, state.pending) == (Phase.GATHER, 1, VE)


def test_the_hand_limit_sends_cards_under_the_stock() -> None:
    rules = Rules(initial_hand=10)
    lea = cards("Me Ve Ea Ma Ju Sa Ur Ne Me Ve")
    tom = cards("Me Ve Ea Ma Ju Sa Ur Ne Ea Ma")
    dealt = [card for pair in zip(lea, tom, strict=True) for card in pair]
    deck = stacked_deck([*dealt, JU, SA, UR, NE, JU])
    state = new_game(["Léa", "Tom"], seed=1, rules=rules, deck=deck)
    stock_size = len(state.stock)
    state = play(state, "keep Jupiter", "give Saturn to Tom", "decline", "decline")
    # Léa holds 11 cards at the end of her turn: she puts one under the stock.
    assert (state.phase, state.holder, state.role) == (Phase.SURPLUS, 0, C)
    assert len(state.hand(0)) == 11
    assert len(state.hand(1)) == 11
    assert state.legal_moves() == tuple(PutUnder(0, card) for card in PLANETS)
    state = play(state, "under Mercury")
    assert state.stock[-1] is ME
    assert len(state.stock) == stock_size - 2 + 1
    assert state.last_events[0] == SurplusPutUnder(0, ME)
    assert state.view(1).events[0] == SurplusPutUnder(0, None)
    # Léa remembers the bottom card of the stock; Tom does not.
    assert state.view(0).known_stock == ((len(state.stock) - 1, ME),)
    assert state.view(1).known_stock == ()
    assert len(state.hand(0)) == 10
    # Tom, the Adjutant, kept his 11 cards; now Commander, he draws Uranus (put back)...
    assert state.commander == 1
    assert state.drawn == (UR, NE, JU)
    state = play(state, "keep Neptune", "give Jupiter to Léa", "decline", "decline")
    assert state.phase is Phase.SURPLUS
    assert len(state.hand(1)) == 12
    state = play(state, "under Earth")
    assert state.phase is Phase.SURPLUS
    state = play(state, "under Earth")
    assert len(state.hand(1)) == 10
    assert state.stock[-2:] == (EA, EA)
    # Léa, the Adjutant, may hold 11.
    assert len(state.hand(0)) == 11
    assert state.commander == 0
    assert state.phase is Phase.KEEP
    with pytest.raises(IllegalMoveError) as info:
        state.apply(PutUnder(0, ME))
    assert info.value.reason == "wrong_phase"


def test_no_hand_limit() -> None:
    rules = Rules(initial_hand=10, hand_limit=None)
    state = new_game(2, seed=1, rules=rules, deck=stacked_deck(""))
    # Each is dealt 6 Mercuries and 4 Venuses; Léa draws 3 Venuses.
    assert state.hand(0) == (ME,) * 6 + (VE,) * 4
    assert state.drawn == (VE, VE, VE)
    state = play(state, "keep Venus", "give Venus to 1", "decline", "decline")
    assert state.commander == 1
    assert len(state.hand(0)) == 11
    assert len(state.hand(1)) == 11


def first_legal_until(state: State, stop: int) -> State:
    """Play the first legal move until a turn starts with ``stop`` cards drawn or fewer."""
    while not (state.phase is Phase.KEEP and len(state.drawn) <= stop):
        state = state.apply(state.legal_moves()[0])
    return state


def test_the_end_of_the_stock_with_two_cards_left() -> None:
    # Without surplus, every turn takes 2 cards from the stock (3 drawn, 1 put back).
    rules = Rules(hand_limit=None)
    state = new_game(["Léa", "Tom"], seed=3, rules=rules)
    state = first_legal_until(state, 2)
    # 104 cards: turn t starts with 104 - 2 (t - 1) in the stock, so turn 52 draws the last 2.
    assert (state.turn, state.commander, len(state.drawn), state.stock) == (52, 1, 2, ())
    first, second = state.drawn
    state = state.apply(Keep(1, first))
    assert state.phase is Phase.GIVE
    state = state.apply(Give(1, second, 0))
    # Keep one, give one, nothing put back.
    assert state.stock == ()
    assert not any(isinstance(e, CardPutBack) for e in state.last_events)
    while not state.is_over:
        assert state.commander == 1
        state = state.apply(state.legal_moves()[0])
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.reason is Termination.STOCK_EXHAUSTED
    assert outcome.detail.startswith("The stock is empty at the end of turn 52. ")
    assert isinstance(state.last_events[-1], GameOver)
    assert state.to_act == ()
    assert state.legal_moves() == ()


def test_the_end_of_the_stock_with_one_card_left() -> None:
    # Three hands of one card leave 101 in the stock: turn 50 starts with 3 and puts one back,
    # so turn 51 draws the last card, which the Commander keeps.
    rules = Rules(initial_hand=1, hand_limit=None)
    state = new_game(["Léa", "Tom", "Sam"], seed=3, rules=rules)
    state = first_legal_until(state, 1)
    assert (state.turn, state.commander, len(state.drawn), state.stock) == (51, 2, 1, ())
    (card,) = state.drawn
    assert state.legal_moves() == (Keep(2, card),)
    state = state.apply(Keep(2, card))
    assert state.adjutant is None
    assert not any(isinstance(e, CardGiven) for e in state.last_events)
    while not state.is_over:
        assert state.holder == 2
        state = state.apply(state.legal_moves()[0])
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.reason is Termination.STOCK_EXHAUSTED
    assert state.turn == 51


def test_the_turn_limit_ends_the_game() -> None:
    state = new_game(3, seed=3, rules=Rules(max_turns=2))
    while not state.is_over:
        state = state.apply(state.legal_moves()[-1])
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.reason is Termination.TURN_LIMIT
    assert state.turn == 2
    assert len(state.stock) > 0
    assert outcome.detail.startswith("The turn limit (2 turns) was reached.")


def test_must_lay_variant() -> None:
    rules = Rules(initial_hand=2, may_decline=False)
    deck = stacked_deck("Earth Jupiter Earth Jupiter Mars Jupiter Venus")
    state = new_game(2, seed=1, rules=rules, deck=deck)
    state = play(state, "keep Mars", "give Jupiter to 1", "decline")
    # Tom can lay 3 Jupiters: declining is not allowed under this variant.
    assert state.legal_moves() == (LayGathering(1, (JU,) * 3),)
    with pytest.raises(IllegalMoveError) as info:
        state.apply(Decline(1))
    assert info.value.reason == "must_lay"


def test_draw_count_two_and_one() -> None:
    state = new_game(2, seed=1, rules=Rules(draw_count=2), deck=stacked_deck("Ma Ve"))
    assert state.drawn == (MA, VE)
    state = play(state, "keep Mars", "give Venus to 1")
    assert state.stock[0] is ME
    assert state.view(0).known_stock == ()
    state = new_game(2, seed=1, rules=Rules(draw_count=1), deck=stacked_deck("Ma Ve"))
    assert state.drawn == (MA,)
    state = play(state, "keep Mars", "decline")
    assert state.commander == 1
    assert state.drawn == (VE,)


def test_first_commander_and_dealing() -> None:
    rules = Rules(initial_hand=2, first_commander=2)
    state = new_game(3, seed=1, rules=rules, deck=stacked_deck("BH Ma Ve Ea BH Ju Sa Ur Ne"))
    # Black holes met while dealing stay in the stock; dealing starts with the first Commander.
    assert (state.hand(2), state.hand(0), state.hand(1)) == ((MA, JU), (VE, SA), (EA, UR))
    assert state.commander == 2
    assert state.drawn == (BH, BH, NE)


def test_full_final_count() -> None:
    rules = Rules(hand_limit=None)
    state = new_game(["Léa", "Tom"], seed=11, rules=rules)
    while not state.is_over:
        state = state.apply(state.legal_moves()[0])
    outcome = state.outcome()
    assert outcome is not None
    expected = []
    for seat in range(2):
        points = 0
        for gathering in state.gatherings[seat]:
            if gathering.cards == PLANETS:
                points += 23 if gathering.role is C else 35  # as 8 identical planets
            else:
                table = (3, 5, 8, 12, 17, 23, 30, 38, 47, 57)
                if gathering.role is A:
                    table = (5, 8, 12, 18, 26, 35, 45, 57, 71, 86)
                points += table[gathering.size - 3]
        points += len(state.face_down[seat]) - len(state.hand(seat))
        expected.append(points)
    assert outcome.scores == tuple(expected)
    assert outcome.winners == (expected.index(max(expected)),) or len(outcome.winners) > 1
    assert state.last_events[-1] == GameOver(outcome, state.face_down)
