"""Hidden information in "8": each view shows what its player has seen and remembers, and
nothing else.

For every case the issue lists (the drawn cards, the given card, the card put back, a stolen
card, cards discarded face down, and what a player remembers of another's hand), a fixed-deck
position is checked two ways: the views hold exactly the expected cards, and the no-leak check
of the conformance suite (`planets_support.scramble`: re-deal everything the viewer has not
seen, the view must not change) re-deals that very card for the players who have not seen it,
so a view that leaked it would be caught.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable

import pytest

from cardgames.errors import InvalidArgumentError
from cardgames.game import Move
from cardgames.planets import (
    BLACK_HOLE,
    PLANETS,
    CardsDrawn,
    Decline,
    Give,
    LayGathering,
    Phase,
    Rules,
    State,
    Steal,
    new_game,
)

from planets_support import play, scramble, stacked_deck

ME, VE, EA, MA, JU, SA, UR, NE = PLANETS
BH = BLACK_HOLE


def check_hidden(
    state: State, viewer: int, secret: Callable[[State], Hashable], *, known: bool
) -> None:
    """Scramble for ``viewer`` many times: the view never changes; ``secret`` of the state
    stays the same if the viewer knows it, and varies if not.
    """
    rnd = random.Random(viewer)
    view = state.view(None if viewer < 0 else viewer)
    seen = set()
    for _ in range(60):
        other = scramble(state, viewer, rnd)
        assert other.view(None if viewer < 0 else viewer) == view
        assert other.all_cards() == state.all_cards()
        seen.add(secret(other))
    if known:
        assert seen == {secret(state)}
    else:
        assert len(seen) > 1, "the scramble must re-deal what the viewer has not seen"


def three_players(deck: str, initial_hand: int = 0) -> State:
    rules = Rules(initial_hand=initial_hand)
    return new_game(["Léa", "Tom", "Sam"], seed=5, rules=rules, deck=stacked_deck(deck))


def test_the_drawn_cards_are_seen_by_the_commander_alone() -> None:
    state = three_players("Saturn Mars Venus")
    assert state.view(0).drawn == (SA, MA, VE)
    for viewer in (None, 1, 2):
        assert state.view(viewer).drawn == (None, None, None)
        assert state.view(viewer).events[1] == CardsDrawn(0, 3, None)
    assert state.view(0).legal_moves == state.legal_moves(0)
    assert state.view(1).legal_moves == ()
    check_hidden(state, 0, lambda s: s.drawn, known=True)
    for viewer in (-1, 1, 2):
        check_hidden(state, viewer, lambda s: s.drawn, known=False)
    state = play(state, "keep Saturn")
    assert state.view(0).pending is SA
    assert state.view(1).pending is None
    check_hidden(state, 0, lambda s: s.pending, known=True)
    check_hidden(state, 1, lambda s: s.pending, known=False)


def test_the_given_card_is_seen_by_the_commander_and_the_adjutant() -> None:
    state = play(three_players("Saturn Mars Venus"), "keep Saturn", "give Mars to 2")
    assert [state.view(v).received for v in (None, 0, 1, 2)] == [None, MA, None, MA]
    for viewer in (0, 2):
        check_hidden(state, viewer, lambda s: s.received, known=True)
    for viewer in (-1, 1):
        check_hidden(state, viewer, lambda s: s.received, known=False)
    # While the Adjutant decides on it.
    state = play(state, "decline")
    assert [state.view(v).pending for v in (None, 0, 1, 2)] == [None, MA, None, MA]
    check_hidden(state, 0, lambda s: s.pending, known=True)
    check_hidden(state, 1, lambda s: s.pending, known=False)
    # Once in the Adjutant's hand, the Commander remembers it.
    state = play(state, "decline")
    assert state.view(0).known_cards == ((), (), (MA,))
    assert state.view(1).known_cards == ((), (), ())
    check_hidden(state, 0, lambda s: MA in s.hand(2), known=True)
    check_hidden(state, 1, lambda s: s.hand(2), known=False)


def test_the_card_put_back_is_known_to_the_commander_then_to_the_next_one() -> None:
    state = play(three_players("Saturn Mars Venus"), "keep Saturn", "give Mars to 2")
    assert state.view(0).known_top is VE
    assert state.view(0).known_stock == ((0, VE),)
    for viewer in (None, 1, 2):
        assert state.view(viewer).known_top is None
    check_hidden(state, 0, lambda s: s.stock[0], known=True)
    for viewer in (-1, 1, 2):
        check_hidden(state, viewer, lambda s: s.stock[0], known=False)
    # Tom draws it: he sees his three cards; Léa still knows the first was Venus.
    state = play(state, "decline", "decline")
    assert state.commander == 1
    assert state.view(1).drawn == (VE, ME, ME)
    assert state.view(0).drawn == (VE, None, None)
    assert state.view(2).drawn == (None, None, None)
    assert state.view(0).known_stock == ()
    check_hidden(state, 0, lambda s: s.drawn[0], known=True)
    check_hidden(state, 0, lambda s: s.drawn[1:], known=False)
    check_hidden(state, 2, lambda s: s.drawn[0], known=False)
    # Once Tom has chosen secretly, Léa no longer knows where Venus went.
    state = play(state, "keep Mercury")
    assert state.view(0).drawn == (None, None)
    assert state.view(0).pending is None


def test_one_card_drawn_keeps_what_the_previous_commander_knew() -> None:
    state = new_game(2, seed=1, rules=Rules(draw_count=2), deck=stacked_deck("Ma Ve"))
    state = play(state, "keep Mars", "give Venus to 1", "decline", "decline")
    state = new_game(2, seed=1, rules=Rules(draw_count=1), deck=stacked_deck("Ma Ve"))
    state = play(state, "keep Mars", "decline")
    # Nobody put anything back: Léa knows nothing of Tom's card.
    assert state.view(0).drawn == (None,)


def test_a_stolen_card_is_seen_by_the_thief_and_the_victim() -> None:
    state = three_players("Sa Sa Me Sa Sa Ve BH Ea Ma", initial_hand=2)
    state = play(state, "keep black hole", "give Earth to Sam", "steal Tom")
    assert state.phase is Phase.GATHER
    assert state.pending is SA
    assert [state.view(v).pending for v in (None, 0, 1, 2)] == [None, SA, SA, None]
    for viewer in (0, 1):
        check_hidden(state, viewer, lambda s: s.pending, known=True)
    for viewer in (-1, 2):
        check_hidden(state, viewer, lambda s: s.pending, known=False)
    check_hidden(state, 2, lambda s: s.last_events[0], known=False)
    # Kept in hand: the victim remembers it; the others lost track of one of Tom's cards.
    state = play(state, "decline")
    assert state.view(1).known_cards[0] == (SA,)
    check_hidden(state, 1, lambda s: SA in s.hand(0), known=True)
    check_hidden(state, 2, lambda s: s.hand(0), known=False)


def test_a_black_hole_being_played_is_public() -> None:
    state = three_players("Sa Sa Me Sa Sa Ve BH Ea Ma", initial_hand=2)
    state = play(state, "keep black hole")
    assert [state.view(v).pending for v in (None, 0, 1, 2)] == [None, BH, None, None]
    state = play(state, "give Earth to Sam")
    assert state.phase is Phase.BLACK_HOLE
    assert [state.view(v).pending for v in (None, 0, 1, 2)] == [BH, BH, BH, BH]
    check_hidden(state, -1, lambda s: s.pending, known=True)


def test_cards_discarded_face_down_are_seen_by_their_owner_then_by_all() -> None:
    state = new_game(
        ["Léa", "Tom"],
        seed=1,
        rules=Rules(initial_hand=2, max_turns=1),
        deck=stacked_deck("Ea Me Ju Me BH Ve Ma"),
    )
    state = play(state, "keep black hole", "give Venus to Tom", "discard Jupiter")
    assert state.view(0).face_down == ((JU,), None)
    assert state.view(1).face_down == (None, ())
    assert state.view(None).face_down == (None, None)
    check_hidden(state, 0, lambda s: s.face_down[0], known=True)
    for viewer in (-1, 1):
        check_hidden(state, viewer, lambda s: s.face_down[0], known=False)
    # Tom learns Léa lost a card, not which: she still holds Earth, but he does not know it.
    state = play(state, "decline")
    assert state.is_over  # the turn limit
    for who in (None, 0, 1):
        assert state.view(who).face_down == ((JU,), ())
    check_hidden(state, 1, lambda s: s.face_down[0], known=True)


def test_memory_of_a_hand_fades_when_cards_leave_unseen() -> None:
    # Léa gives Tom a Venus; Tom later discards a planet face down: Léa no longer knows he
    # still holds the Venus (the discarded card may have been it).
    state = new_game(
        ["Léa", "Tom"],
        seed=1,
        rules=Rules(initial_hand=1),
        deck=stacked_deck("Me Ju Sa Ve Ea BH Ur"),
    )
    state = play(state, "keep Saturn", "give Venus to Tom", "decline", "decline")
    assert state.view(0).known_cards == ((), (VE,))
    # Tom's turn: he draws Earth, a black hole and Uranus; keeps the black hole.
    assert state.drawn == (EA, BH, UR)
    state = play(state, "keep black hole", "give Uranus to Léa", "discard Jupiter")
    assert state.hand(1) == (VE,)
    assert state.view(0).known_cards == ((), ())
    # The Uranus joins Léa's hand when she declines to gather: Tom remembers it.
    assert state.view(1).known_cards == ((), ())
    state = play(state, "decline")
    assert state.view(1).known_cards == ((UR,), ())
    check_hidden(state, 1, lambda s: UR in s.hand(0), known=True)


def test_the_surplus_put_under_the_stock_is_remembered_by_its_owner() -> None:
    lea = ["Me", "Ve", "Ea", "Ma", "Ju", "Sa", "Ur", "Ne", "Me", "Ve"]
    tom = ["Me", "Ve", "Ea", "Ma", "Ju", "Sa", "Ur", "Ne", "Ea", "Ma"]
    dealt = " ".join(card for pair in zip(lea, tom, strict=True) for card in pair)
    state = new_game(
        ["Léa", "Tom"],
        seed=1,
        rules=Rules(initial_hand=10),
        deck=stacked_deck(dealt + " Ju Sa Ur"),
    )
    state = play(state, "keep Jupiter", "give Saturn to Tom", "decline", "decline", "under Ma")
    bottom = len(state.stock) - 1
    assert state.view(0).known_stock == ((bottom, MA),)
    assert state.view(0).known_top is None
    check_hidden(state, 0, lambda s: s.stock[-1], known=True)
    check_hidden(state, 1, lambda s: s.stock[-1], known=False)


def test_views_never_show_the_rng_or_the_stock_order() -> None:
    state = three_players("Saturn Mars Venus")
    for viewer in (None, 0, 1, 2):
        text = state.view(viewer).to_json()
        for word in state.rng.state:
            assert str(word) not in text
        assert '"stock"' not in text


def test_view_rejects_unknown_seats() -> None:
    state = three_players("Saturn Mars Venus")
    for bad in (3, -1, True, "0", 0.0, None.__class__):
        with pytest.raises(InvalidArgumentError, match="expected a seat number from 0 to 2"):
            state.view(bad)


def test_views_round_trip_through_json() -> None:
    state = play(three_players("Saturn Mars Venus"), "keep Saturn", "give Mars to 2")
    game = state.game
    for viewer in (None, 0, 1, 2):
        view = state.view(viewer)
        assert game.view_from_json(view.to_json()) == view
        assert type(view).from_json(view.to_json()) == view


@pytest.mark.parametrize("seed", range(6))
def test_random_positions_do_not_leak(seed: int) -> None:
    rnd = random.Random(seed)
    state = new_game(rnd.randint(2, 6), seed=seed, rules=Rules(initial_hand=rnd.choice((0, 4))))
    for _ in range(rnd.randrange(20, 200)):
        if state.is_over:
            break
        moves = state.legal_moves()
        state = state.apply(moves[rnd.randrange(len(moves))])
    for viewer in [-1, *range(len(state.players))]:
        check_hidden(state, viewer, lambda s: None, known=True)


def mirror(move: Move, other: State, viewer: int, rnd: random.Random) -> Move | None:
    """The move of ``other`` that ``viewer`` cannot tell from ``move`` (``None``: none is).

    The same move if it is legal there; else, for another player's move, one of the same kind
    that differs only in what the viewer cannot see (a card kept, discarded face down, put
    under the stock, or given to someone else).
    """
    legal = other.legal_moves()
    if move in legal:
        return move
    if move.player == viewer or isinstance(move, (LayGathering, Decline, Steal)):
        return None
    candidates: list[Move]
    if isinstance(move, Give):
        if move.to == viewer:
            return None
        candidates = [m for m in legal if isinstance(m, Give) and m.to == move.to]
    else:
        candidates = [m for m in legal if type(m) is type(move)]
    return rnd.choice(candidates) if candidates else None


def reveals_to(state: State, move: Move, viewer: int) -> bool:
    """Whether applying ``move`` shows ``viewer`` a card they have not seen yet."""
    if isinstance(move, Steal) and viewer in (move.player, move.victim):
        return True  # the random card differs between the two worlds
    after = state.apply(move)
    if after.is_over:
        return True  # the face-down discards are revealed
    return after.turn != state.turn and after.commander == viewer  # the viewer draws


@pytest.mark.parametrize("seed", range(40))
def test_what_a_player_knows_depends_only_on_what_they_saw(seed: int) -> None:
    """Two worlds that differ only in what one player has not seen, played the same way as
    far as that player can tell, give that player the same views: every update of their
    knowledge (steals by others, face-down discards, cards put under the stock...) uses only
    what they observed.
    """
    rnd = random.Random(seed)
    players = rnd.randint(2, 6)
    rules = Rules(initial_hand=rnd.choice((0, 3, 6)), hand_limit=rnd.choice((10, 4)))
    state = new_game(players, seed=seed, rules=rules)
    for _ in range(rnd.randrange(0, 150)):
        if state.is_over:
            return
        moves = state.legal_moves()
        state = state.apply(moves[rnd.randrange(len(moves))])
    viewer = rnd.randrange(players)
    other = scramble(state, viewer, rnd)
    for _ in range(60):
        if state.is_over:
            break
        moves = state.legal_moves()
        move = moves[rnd.randrange(len(moves))]
        twin = mirror(move, other, viewer, rnd)
        if twin is None or reveals_to(state, move, viewer) or reveals_to(other, twin, viewer):
            break
        state, other = state.apply(move), other.apply(twin)
        if other.view(None) != state.view(None):
            break  # a hidden card became public (a black hole turned up): the worlds part
        assert other.view(viewer) == state.view(viewer)


def test_a_steal_by_another_player_blurs_what_i_knew_of_the_victim() -> None:
    # Léa gives Tom a Venus; later Sam steals a random card from Tom. Whichever card it was,
    # Léa's view is the same: she no longer knows that Tom holds the Venus.
    state = three_players("Me Ea Ju Me Ea Ju  Sa Ve Ma  Ur Ne  BH Sa", initial_hand=2)
    state = play(state, "keep Saturn", "give Venus to Tom", "decline", "decline")
    assert state.view(0).known_cards == ((), (VE,), ())
    state = play(state, "keep Uranus", "give Neptune to Léa", "decline", "decline")
    state = play(state, "keep black hole", "give Saturn to Léa")
    assert state.phase is Phase.BLACK_HOLE
    assert state.hand(1) == (VE, EA, EA, UR)
    rnd = random.Random(3)
    views = set()
    stolen = set()
    for _ in range(40):
        world = scramble(state, 0, rnd).apply(Steal(2, 1))
        stolen.add(world.pending)
        views.add(world.view(0).to_json())
    assert VE in stolen
    assert len(stolen) > 1
    assert len(views) == 1
    after = state.apply(Steal(2, 1))
    assert after.view(0).known_cards == ((), (), ())
    assert after.view(0).to_json() in views
