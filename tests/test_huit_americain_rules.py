"""Hand-computed rule scenarios for 8 Américain and its variants.

Each test deals a fixed deck (`stacked_deck`), plays moves chosen by hand and checks the legal
moves, the events and the resulting position against the rule text of the seed (quoted in French,
with its section) or, where the seed is silent, against the house decision stated in the module
docstring of `cardgames.huit_americain`.

Unless a test says otherwise: three players, the dealer is seat 0, so seat 1 plays first and play
goes 1, 2, 0, ...; one 54-card deck, eight cards each.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from cardgames import huit_americain
from cardgames.cards import JOKER, Card, DeckKind, Rank, Suit, make_deck, parse_cards
from cardgames.errors import IllegalMoveError, InvalidRulesError
from cardgames.game import Move, Outcome, Termination
from cardgames.huit_americain import (
    PRESETS,
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
    JumpInWindow,
    Match,
    MatchOverError,
    NextPlayerChosen,
    Pass,
    PenaltyGrown,
    PenaltyTaken,
    Phase,
    PlayCard,
    PlaysAgain,
    Rules,
    Stacking,
    StarterReturned,
    StarterTurned,
    State,
    StockReshuffled,
    SuitNamed,
    TakePenalty,
    TurnSkipped,
    card_points,
    hand_points,
    round_points,
)

C = Card.parse
CLUBS, DIAMONDS, HEARTS, SPADES = Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES
STANDARD = Rules()

# ---------------------------------------------------------------------------------------------
# Helpers


def stacked_deck(
    hands: Sequence[str], starter: str, stock: str = "", *, rules: Rules = STANDARD
) -> tuple[Card, ...]:
    """A full deck order that deals ``hands`` (by seat), turns up ``starter`` and leaves ``stock``
    on top of the stock.

    The deck is exactly the cards the rules call for with ``len(hands)`` players. A hand given
    shorter than the rules' hand size is topped up with the lowest cards nobody named; the cards
    left over follow the named stock, in code order. Cards are dealt one at a time from the
    dealer's left: card ``i`` goes to seat ``(dealer + 1 + i) % n``.
    """
    n = len(hands)
    size = rules.hand_size_for(n)
    named = [*(c for h in hands for c in parse_cards(h)), C(starter), *parse_cards(stock)]
    spare = list(make_deck(rules.deck, rules.decks_for(n)))
    for card in named:
        spare.remove(card)  # ValueError: a card named more often than the decks hold it
    dealt: list[list[Card]] = []
    for text in hands:
        cards = list(parse_cards(text))
        assert len(cards) <= size, f"a hand of {size} cards at most: {text}"
        while len(cards) < size:
            cards.append(spare.pop(0))
        dealt.append(cards)
    first = rules.dealer + 1
    order = [dealt[(first + k) % n][i] for i in range(size) for k in range(n)]
    return (*order, C(starter), *parse_cards(stock), *spare)


def deal(
    hands: Sequence[str],
    starter: str,
    stock: str = "",
    *,
    rules: Rules = STANDARD,
    seed: int = 0,
) -> State:
    """A round dealt from `stacked_deck`; checks that the hands are the ones asked for."""
    deck = stacked_deck(hands, starter, stock, rules=rules)
    state = huit_americain.new_game(len(hands), seed=seed, rules=rules, deck=deck)
    for seat, text in enumerate(hands):
        given = parse_cards(text)
        assert state.hands[seat][: len(given)] == given
    return state


def hand(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def plays(player: int, card: str, *, announce: bool = False) -> tuple[PlayCard, ...]:
    """The legal moves that lay a card without effect choices (and the "carte!" variant)."""
    move = PlayCard(player, C(card))
    return (move, PlayCard(player, C(card), announce=True)) if announce else (move,)


def wilds(player: int, card: str) -> tuple[PlayCard, ...]:
    """The four legal moves that lay a wild card (an 8, a joker): one per suit, bridge order."""
    return tuple(PlayCard(player, C(card), suit) for suit in (CLUBS, DIAMONDS, HEARTS, SPADES))


def targets(player: int, card: str, *seats: int) -> tuple[PlayCard, ...]:
    """The legal moves that lay a card aimed at an opponent (a swap or choose card)."""
    return tuple(PlayCard(player, C(card), target=seat) for seat in seats)


def assert_illegal(state: State, move: Move, reason: str) -> None:
    """``move`` is refused with ``reason`` and the state is left exactly as it was."""
    before = state.to_json()
    with pytest.raises(IllegalMoveError) as info:
        state.apply(move)
    assert info.value.reason == reason
    assert state.to_json() == before


def finished(state: State) -> Outcome:
    outcome = state.outcome()
    assert outcome is not None
    return outcome


def conserved(state: State) -> bool:
    """The state holds exactly the cards its rules deal (nothing lost, nothing made up)."""
    rules = state.rules
    expected = make_deck(rules.deck, rules.decks_for(len(state.players)))
    return state.all_cards() == tuple(sorted(expected))


# ---------------------------------------------------------------------------------------------
# The deal


def test_the_fixed_deck_is_dealt_one_card_at_a_time_from_the_dealers_left() -> None:
    # "Le Huit Américain se joue avec un jeu de 54 cartes (52 cartes + 2 jokers)." "un joueur
    # distribue huit cartes une par une à chacun dans le sens des aiguilles d'une montre et
    # retourne la première carte de la pioche." "Celui qui commence est à la gauche du donneur."
    deck = make_deck(DeckKind.JOKERS_54)  # 2C 3C ... AS JOKER JOKER, no wild card in 0..24
    state = huit_americain.new_game(3, seed=0, deck=deck)
    assert len(deck) == 54
    assert state.hands[1] == deck[0:24:3]
    assert state.hands[2] == deck[1:24:3]
    assert state.hands[0] == deck[2:24:3]
    assert state.discard == (deck[24],)
    assert state.stock == deck[25:]
    assert (state.current, state.direction, state.phase) == (1, 1, Phase.PLAY)
    assert state.last_events == (StarterTurned(deck[24]),)
    # The helper builds the same kind of order from the hands wanted.
    state = deal(["3C 4C", "AH 9S", "KD"], starter="5H", stock="QS JS")
    assert state.hands[1][:2] == hand("AH 9S")
    assert state.top == C("5H")
    assert state.stock[:2] == hand("QS JS")
    assert conserved(state)


def test_the_deck_must_be_exactly_the_cards_of_the_rules() -> None:
    deck = make_deck(DeckKind.JOKERS_54)
    with pytest.raises(InvalidRulesError):
        huit_americain.new_game(3, seed=0, deck=deck[:-1])  # one joker short
    with pytest.raises(InvalidRulesError):
        huit_americain.new_game(3, seed=0, deck=make_deck(DeckKind.STANDARD_52))
    with pytest.raises(InvalidRulesError):
        huit_americain.new_game(5, seed=0, deck=deck)  # five players take two decks


@pytest.mark.parametrize(
    ("players", "decks"),
    [(2, 1), (4, 1), (5, 2), (9, 2), (10, 3), (13, 3), (14, 4), (20, 5)],
)
def test_enough_decks_for_about_twelve_cards_per_player(players: int, decks: int) -> None:
    # "Le jeu peut se jouer en théorie avec autant de joueurs que l'on veut, mais il faut alors
    # adapter le nombre de jeu de cartes en conséquence." "Compter environ 12 cartes par
    # personne": the fewest 54-card decks with at least 12 cards per player.
    assert STANDARD.cards_per_player == 12
    assert STANDARD.decks_for(players) == decks
    state = huit_americain.new_game(players, seed=3)
    assert len(state.all_cards()) == 54 * decks
    assert conserved(state)
    assert [len(h) for h in state.hands] == [8] * players
    assert len(state.stock) == 54 * decks - 8 * players - 1
    assert state.all_cards().count(JOKER) == 2 * decks


def test_ten_players_shuffle_three_decks() -> None:
    # 10 players x 12 cards = 120 cards: two decks (108) are too few, three (162) are enough.
    state = huit_americain.new_game(10, seed=10)
    assert len(state.all_cards()) == 162
    assert all(state.all_cards().count(card) == 3 for card in make_deck(DeckKind.STANDARD_52))
    assert state.all_cards().count(JOKER) == 6
    assert len(state.stock) == 162 - 80 - 1
    # The count follows cards_per_player, and `decks` fixes it outright.
    assert STANDARD.replace(cards_per_player=10).decks_for(10) == 2
    fixed = huit_americain.new_game(10, seed=10, rules=STANDARD.replace(decks=4))
    assert len(fixed.all_cards()) == 216


def test_the_32_card_deck() -> None:
    # "On peut décider de jouer avec des jeux de 32 cartes": 7 to Ace, no jokers, so no 2 (no
    # "draw 2") and no joker effect can ever be played.
    rules = PRESETS["32-cartes"]
    state = huit_americain.new_game(2, seed=4, rules=rules)
    cards = state.all_cards()
    assert len(cards) == 32
    assert cards == tuple(sorted(make_deck(DeckKind.PIQUET_32)))
    assert JOKER not in cards
    assert all(c.rank is not None and c.rank >= Rank.SEVEN for c in cards)
    effects = {rules.effects.for_card(c) for c in cards}
    assert all(e.draw != 2 for e in effects)
    assert {str(e) for e in effects} == {"none", "skip", "wild", "again", "reverse", "draw4"}
    # Twelve cards each: three players already need two 32-card decks.
    assert len(huit_americain.new_game(3, seed=4, rules=rules).all_cards()) == 64
    assert len(huit_americain.new_game(4, seed=4, rules=rules).all_cards()) == 64
    assert len(huit_americain.new_game(10, seed=4, rules=rules).all_cards()) == 32 * 4


def test_the_32_card_deck_keeps_the_effects_of_the_faces_it_has() -> None:
    # The Seven still skips and the Ace still makes the next player draw 4 with 32 cards.
    rules = PRESETS["32-cartes"]
    state = deal(
        ["9C 10C JC QC KC 9D 10D JD", "7H AH 9S 10S JS QS KS 7C", "AD QH 8D JH 9H KD QD 10H"],
        starter="KH",
        stock="7D 8C 7S AS",
        rules=rules,
    )
    state = state.apply(PlayCard(1, C("7H")))
    assert state.last_events == (CardPlayed(1, C("7H")), TurnSkipped(2))
    assert state.current == 0
    state = state.apply(Draw(0))
    state = state.apply(PlayCard(1, C("AH")))
    assert state.last_events == (CardPlayed(1, C("AH")), PenaltyGrown(2, 4))


def test_the_52_card_deck() -> None:
    # "ou de 52 cartes": no jokers; the 2s are there and still make the next player draw 2.
    rules = PRESETS["52-cartes"]
    state = huit_americain.new_game(4, seed=6, rules=rules)
    assert state.all_cards() == tuple(sorted(make_deck(DeckKind.STANDARD_52)))
    assert JOKER not in state.all_cards()
    assert len(huit_americain.new_game(5, seed=6, rules=rules).all_cards()) == 104
    state = deal(
        ["3C 4C 6C 9C QC KC 3D 4D", "2H 6S 9S QS KS 3S 4S 5S", "6D 9D QD KD 2C 5C 7C 10C"],
        starter="5H",
        rules=rules,
    )
    state = state.apply(PlayCard(1, C("2H")))
    assert state.last_events == (CardPlayed(1, C("2H")), PenaltyGrown(2, 2))


def test_a_wild_starter_goes_back_into_the_stock() -> None:
    # House decision (the seed is silent): a wild card turned up goes back into the stock, below
    # the top, and the next card is turned instead.
    state = deal(["3C", "4C", "5C"], starter="JOKER", stock="9H 10D")
    assert state.last_events == (
        StarterTurned(JOKER),
        StarterReturned(JOKER),
        StarterTurned(C("9H")),
    )
    assert state.discard == (C("9H"),)
    assert state.suit is HEARTS
    assert state.stock[0] == C("10D")
    assert JOKER in state.stock
    assert conserved(state)


def test_the_starter_has_no_effect() -> None:
    # House decision: the card turned up only opens the discard pile; an Ace makes nobody draw.
    state = deal(
        ["3C 4C 6C 9C QC KC 3D 4D", "6S 9S QS KS 3S 4S 5S 2H", "6D 9D QD KD 2C 5C 7C 10C"],
        starter="AH",
    )
    assert (state.penalty, state.current) == (0, 1)
    assert state.legal_moves() == plays(1, "2H")


# ---------------------------------------------------------------------------------------------
# Playing a card, drawing


def test_suit_or_rank_or_an_eight_and_the_eight_names_the_suit() -> None:
    # "soit une carte de la couleur de celle qui est en haut du talon, soit une carte de la même
    # valeur, soit un huit à tout moment." "Huit: peut être joué à tout moment à son tour [...]
    # et permet de choisir la nouvelle couleur à jouer".
    state = deal(
        ["3C 4C 6C 9C QC KC 3D 4D", "8C 4H 5S QS KS 3S 4S 7D", "2S 3H 9D QD KD 6D 10C 5D"],
        starter="5H",
    )
    # Hearts (4H), fives (5S) or the 8, with each of the four suits to name.
    assert state.legal_moves() == (*wilds(1, "8C"), *plays(1, "4H"), *plays(1, "5S"))
    assert_illegal(state, PlayCard(1, C("7D")), "card_does_not_match")
    assert_illegal(state, PlayCard(1, C("8C")), "suit_required")
    assert_illegal(state, PlayCard(1, C("4H"), HEARTS), "suit_not_allowed")

    state = state.apply(PlayCard(1, C("8C"), SPADES))
    assert state.last_events == (CardPlayed(1, C("8C")), SuitNamed(1, SPADES))
    assert (state.top, state.suit, state.current) == (C("8C"), SPADES, 2)
    # Spades now: neither the clubs of the 8 nor the hearts beneath fit.
    assert state.legal_moves() == plays(2, "2S")
    assert_illegal(state, PlayCard(2, C("10C")), "card_does_not_match")
    assert_illegal(state, PlayCard(2, C("3H")), "card_does_not_match")


def test_the_two_makes_the_next_player_draw_two_and_an_eight_is_refused_under_it() -> None:
    # "Deux: fait piocher 2 cartes au joueur suivant". "Huit: peut être joué à tout moment à son
    # tour, sauf lorsqu'on doit piocher".
    state = deal(
        ["4C 6C 9C QC KC 3D 2D 5D", "2H 6S 9S QS KS 3S 4S 7D", "8D 3H 9D QD KD 6D 10C 4D"],
        starter="5H",
        stock="JC JD 4H",
    )
    assert state.legal_moves() == plays(1, "2H")
    state = state.apply(PlayCard(1, C("2H")))
    assert state.last_events == (CardPlayed(1, C("2H")), PenaltyGrown(2, 2))
    assert (state.current, state.penalty) == (2, 2)
    # Seat 2 holds an 8 and a heart, but must draw: only the penalty.
    assert state.legal_moves() == (TakePenalty(2),)
    for suit in Suit:
        assert_illegal(state, PlayCard(2, C("8D"), suit), "penalty_pending")
    assert_illegal(state, PlayCard(2, C("3H")), "penalty_pending")
    assert_illegal(state, Draw(2), "penalty_pending")
    assert_illegal(state, Pass(2), "penalty_pending")
    state = state.apply(TakePenalty(2))
    assert state.last_events == (
        PenaltyTaken(2, 2),
        CardsDrawn(2, 2, "penalty", hand("JC JD")),
    )
    assert state.hands[2] == hand("8D 3H 9D QD KD 6D 10C 4D JC JD")
    assert (state.current, state.penalty) == (0, 0)
    # The 2 of hearts is an ordinary top card again: seat 0 follows with its 2.
    assert state.legal_moves() == plays(0, "2D")
    state = state.apply(PlayCard(0, C("2D")))
    assert state.last_events == (CardPlayed(0, C("2D")), PenaltyGrown(1, 2))


def test_the_ace_makes_the_next_player_draw_four_and_miss_the_turn() -> None:
    # "As: fait piocher 4 cartes au joueur suivant". Without "le cumul" an Ace does not answer an
    # Ace, and no wild card answers a draw.
    state = deal(
        ["3C 4C 6C 9C QC KC 3D 4D", "AH 6S 9S QS KS 3S 4S 7S", "AD 8D 6D 9D QD KD JOKER 2H"],
        starter="5H",
        stock="2C 5C 6H 7C",
    )
    assert state.legal_moves() == plays(1, "AH")
    state = state.apply(PlayCard(1, C("AH")))
    assert state.last_events == (CardPlayed(1, C("AH")), PenaltyGrown(2, 4))
    assert (state.current, state.penalty, state.suit) == (2, 4, HEARTS)
    assert state.legal_moves() == (TakePenalty(2),)
    assert_illegal(state, PlayCard(2, C("AD")), "penalty_pending")
    assert_illegal(state, PlayCard(2, C("8D"), HEARTS), "penalty_pending")
    assert_illegal(state, PlayCard(2, JOKER, HEARTS), "penalty_pending")
    assert_illegal(state, PlayCard(2, C("2H")), "penalty_pending")
    assert_illegal(state, Draw(2), "penalty_pending")

    state = state.apply(TakePenalty(2))
    assert state.last_events == (
        PenaltyTaken(2, 4),
        CardsDrawn(2, 4, "penalty", hand("2C 5C 6H 7C")),
    )
    assert len(state.hands[2]) == 12
    # "A player made to draw does not play" (penalty_ends_turn): seat 0 is next.
    assert STANDARD.penalty_ends_turn
    assert (state.current, state.penalty, state.phase) == (0, 0, Phase.PLAY)
    assert_illegal(state, TakePenalty(0), "no_penalty")
    # The Ace of hearts asks for hearts or an Ace again; seat 0 has neither.
    assert state.legal_moves() == (Draw(0),)


def test_with_penalty_ends_turn_off_the_player_draws_then_plays() -> None:
    # The option off: the penalty drawn, the same player plays on the Ace.
    rules = STANDARD.replace(penalty_ends_turn=False)
    state = deal(
        ["3C 4C 6C 9C QC KC 3D 4D", "AH 6S 9S QS KS 3S 4S 7S", "AD 8D 6D 9D QD KD JOKER 2H"],
        starter="5H",
        stock="2C 5C 6H 7C",
        rules=rules,
    )
    state = state.apply(PlayCard(1, C("AH"))).apply(TakePenalty(2))
    assert state.last_events == (
        PenaltyTaken(2, 4),
        CardsDrawn(2, 4, "penalty", hand("2C 5C 6H 7C")),
    )
    assert (state.current, state.penalty) == (2, 0)
    assert state.legal_moves() == (
        *wilds(2, "8D"),
        *plays(2, "AD"),
        *plays(2, "2H"),
        *plays(2, "6H"),
        *wilds(2, "JOKER"),
    )
    state = state.apply(PlayCard(2, C("6H")))
    assert state.current == 0


def test_the_jack_reverses_the_direction() -> None:
    # "Valet: change le sens du jeu".
    state = deal(
        ["3H 4C 6C 9C QC KC 3D 4D", "JH 6S 9S QS KS 3S 4S 5S", "4H 6D 9D QD KD 2C 3C 5C"],
        starter="9H",
    )
    state = state.apply(PlayCard(1, C("JH")))
    assert state.last_events == (CardPlayed(1, C("JH")), DirectionReversed(1, -1))
    assert (state.direction, state.current) == (-1, 0)
    state = state.apply(PlayCard(0, C("3H")))
    assert state.current == 2  # counter-clockwise: 1, 0, 2
    state = state.apply(PlayCard(2, C("4H")))
    assert state.current == 1


def test_the_ten_lets_its_player_play_again() -> None:
    # "Dix: permet de rejouer". Two tens in a row, then another card, all in one turn.
    state = deal(
        ["3C 4C 6C 9C QC KC 3D 4D", "10H 10S 9S 7D 2D QD KD JD", "4H 6D 9D 5C 7C JC 2H 5D"],
        starter="5H",
    )
    state = state.apply(PlayCard(1, C("10H")))
    assert state.last_events == (CardPlayed(1, C("10H")), PlaysAgain(1))
    assert (state.current, state.top) == (1, C("10H"))
    assert state.legal_moves() == plays(1, "10S")
    state = state.apply(PlayCard(1, C("10S")))
    assert state.last_events == (CardPlayed(1, C("10S")), PlaysAgain(1))
    assert state.legal_moves() == plays(1, "9S")
    state = state.apply(PlayCard(1, C("9S")))
    assert state.last_events == (CardPlayed(1, C("9S")),)
    assert state.current == 2
    # Seat 2 may now follow the 9 of spades with the 9 of diamonds.
    assert state.legal_moves() == plays(2, "9D")


def test_a_ten_with_nothing_to_follow_it_draws_on_the_second_turn() -> None:
    # "Dix: permet de rejouer"; the second turn goes by the usual rules: nothing fits, draw one.
    state = deal(
        ["3C 4C 6C 9C QC KC 3D 4D", "10H 2S 6S 9S QS KS 3S 4S", "4H 6D 9D 5C 7C JC 2H 5D"],
        starter="5H",
        stock="7D",
    )
    state = state.apply(PlayCard(1, C("10H")))
    assert state.legal_moves() == (Draw(1),)
    state = state.apply(Draw(1))
    assert state.last_events == (CardsDrawn(1, 1, "turn", hand("7D")),)
    assert state.current == 2


def test_the_seven_makes_the_next_player_miss_a_turn() -> None:
    # "Sept: le joueur suivant passe son tour".
    state = deal(
        ["3H 4C 6C 9C QC KC 3D 4D", "7H 6S 9S QS KS 3S 4S 5S", "4H 6D 9D QD KD 2C 3C 5C"],
        starter="9H",
    )
    # "carte" is said on the second-to-last card only.
    assert_illegal(state, PlayCard(1, C("7H"), announce=True), "announce_not_allowed")
    state = state.apply(PlayCard(1, C("7H")))
    assert state.last_events == (CardPlayed(1, C("7H")), TurnSkipped(2))
    assert state.current == 0
    assert_illegal(state, PlayCard(2, C("4H")), "not_your_turn")


def test_the_joker_is_wild_names_a_suit_and_makes_the_next_player_draw_five() -> None:
    # House decision (the seed gives jokers only their value): JOKER:wild+draw5.
    assert str(STANDARD.effects["JOKER"]) == "wild+draw5"
    state = deal(
        ["3C 4D 6D 9C QC KC 3D 4C", "JOKER 6S 9S QS KS 3S 4S 7D", "JOKER 8D 9D QD KD AH 2H 3H"],
        starter="5H",
        stock="6C 7C 9H 10H JD",
    )
    assert state.legal_moves() == wilds(1, "JOKER")
    assert_illegal(state, PlayCard(1, JOKER), "suit_required")
    state = state.apply(PlayCard(1, JOKER, CLUBS))
    assert state.last_events == (CardPlayed(1, JOKER), SuitNamed(1, CLUBS), PenaltyGrown(2, 5))
    assert (state.current, state.penalty, state.suit) == (2, 5, CLUBS)
    # Refused under the pending draw: the other joker, an 8, even an Ace or a 2.
    assert state.legal_moves() == (TakePenalty(2),)
    assert_illegal(state, PlayCard(2, JOKER, HEARTS), "penalty_pending")
    assert_illegal(state, PlayCard(2, C("8D"), HEARTS), "penalty_pending")
    assert_illegal(state, PlayCard(2, C("AH")), "penalty_pending")
    assert_illegal(state, PlayCard(2, C("2H")), "penalty_pending")
    state = state.apply(TakePenalty(2))
    assert state.last_events == (
        PenaltyTaken(2, 5),
        CardsDrawn(2, 5, "penalty", hand("6C 7C 9H 10H JD")),
    )
    # Clubs named: seat 0 lays a club (not the diamonds).
    assert state.current == 0
    assert state.legal_moves() == (
        *plays(0, "3C"),
        *plays(0, "4C"),
        *plays(0, "9C"),
        *plays(0, "QC"),
        *plays(0, "KC"),
    )


def test_a_joker_is_refused_under_a_pending_draw() -> None:
    # "sauf lorsqu'on doit piocher" applies to the joker too: it cannot answer an Ace.
    state = deal(
        ["3C 4C 6C 9C QC KC 3D 4D", "AH 6S 9S QS KS 3S 4S 7S", "JOKER 6D 9D QD KD 2C 5C 7C"],
        starter="5H",
    )
    state = state.apply(PlayCard(1, C("AH")))
    assert state.legal_moves() == (TakePenalty(2),)
    for suit in Suit:
        assert_illegal(state, PlayCard(2, JOKER, suit), "penalty_pending")


def test_draw_one_card_and_the_turn_passes_even_if_it_fits() -> None:
    # "Lorsqu'un joueur ne peut pas jouer de carte, il pioche une carte et passe son tour."
    assert STANDARD.after_draw is huit_americain.AfterDraw.PASS
    state = deal(
        ["3C 4C 6C 9C QC KC 3D 4D", "6S 9S QS KS 3S 4S 7D 9D", "4H 6D QD KD 2C JC 7C 10C"],
        starter="5H",
        stock="6H 2S",
    )
    assert state.legal_moves() == (Draw(1),)
    assert_illegal(state, Pass(1), "cannot_pass")
    state = state.apply(Draw(1))
    assert state.last_events == (CardsDrawn(1, 1, "turn", hand("6H")),)
    # The 6 of hearts would fit, but the turn has passed.
    assert (state.current, state.phase, state.drawn) == (2, Phase.PLAY, None)
    assert state.hands[1][-1] == C("6H")
    assert_illegal(state, PlayCard(1, C("6H")), "not_your_turn")
    # Seat 2 holds a heart: no drawing while holding a playable card.
    assert state.legal_moves() == plays(2, "4H")
    assert_illegal(state, Draw(2), "must_play")


# ---------------------------------------------------------------------------------------------
# Variants


def test_la_pioche_draws_until_a_card_fits_and_lays_it() -> None:
    # "la pioche: si un joueur ne peut pas jouer, alors il doit piocher des cartes jusqu'à ce
    # qu'il en ait une qu'il peut poser."
    rules = PRESETS["la-pioche"]
    state = deal(
        ["3C 4D 6C 9C QC KC 3D 4C", "6S 9S QS KS 3S 4S 7D 9D", "4H 6D QD KD 2D 5C 7C 10C"],
        starter="5H",
        stock="2C JC 6H JS",
        rules=rules,
    )
    assert state.legal_moves() == (Draw(1),)
    state = state.apply(Draw(1))
    assert state.last_events == (CardsDrawn(1, 3, "turn", hand("2C JC 6H")),)
    assert (state.current, state.phase, state.drawn) == (1, Phase.AFTER_DRAW, C("6H"))
    # ... and lays it: no passing, no other card.
    assert state.legal_moves() == plays(1, "6H")
    assert_illegal(state, Pass(1), "must_play_drawn_card")
    assert_illegal(state, PlayCard(1, C("2C")), "only_drawn_card")
    assert_illegal(state, Draw(1), "already_drew")
    state = state.apply(PlayCard(1, C("6H")))
    assert state.last_events == (CardPlayed(1, C("6H")),)
    assert (state.current, state.phase, state.stock[0]) == (2, Phase.PLAY, C("JS"))


def test_la_pioche_stops_at_a_wild_card_which_names_a_suit() -> None:
    rules = PRESETS["la-pioche"]
    state = deal(
        ["3C 4D 6C 9C QC KC 3D 4C", "6S 9S QS KS 3S 4S 7D 9D", "4H 6D QD KD 2D 5C 7C 10C"],
        starter="5H",
        stock="2C 8S 6H",
        rules=rules,
    )
    state = state.apply(Draw(1))
    assert state.last_events == (CardsDrawn(1, 2, "turn", hand("2C 8S")),)
    assert state.legal_moves() == wilds(1, "8S")
    state = state.apply(PlayCard(1, C("8S"), DIAMONDS))
    assert (state.current, state.suit) == (2, DIAMONDS)


def test_le_cumul_three_aces_make_the_player_without_one_draw_twelve() -> None:
    # "le cumul: si un joueur joue une carte qui fait piocher (As ou 2 dans la version proposée),
    # le joueur suivant à la possibilité de jouer par dessus une carte identique en valeur [...]
    # le joueur qui n'aura ni As ni 2 à jouer devra piocher un nombre de cartes cumulé (par
    # exemple, si 3 As ont été joué, il faudra piocher 3*4=12 cartes)". Four players.
    rules = PRESETS["le-cumul"]
    assert rules.stacking is Stacking.SAME_RANK
    stock = "5C 7C 8C 10C JC 5D 7D 8D 10D JD 5S 8S"
    state = deal(
        [
            "2S 6H 9H QH KH 3H 4H 7H",
            "AH 6S 9S QS KS 3S 4S 7S",
            "AD 2H 6D 9D QD KD 3D 4D",
            "AC 2C 6C 9C QC KC 3C 4C",
        ],
        starter="5H",
        stock=stock,
        rules=rules,
    )
    state = state.apply(PlayCard(1, C("AH")))
    assert state.last_events == (CardPlayed(1, C("AH")), PenaltyGrown(2, 4))
    # Seat 2 may answer with its Ace, not with the 2 of hearts (same suit, another rank).
    assert state.legal_moves() == (*plays(2, "AD"), TakePenalty(2))
    assert_illegal(state, PlayCard(2, C("2H")), "penalty_pending")

    state = state.apply(PlayCard(2, C("AD")))
    assert state.last_events == (CardPlayed(2, C("AD")), PenaltyGrown(3, 8))
    assert state.legal_moves() == (*plays(3, "AC"), TakePenalty(3))
    assert_illegal(state, PlayCard(3, C("2C")), "penalty_pending")

    state = state.apply(PlayCard(3, C("AC")))
    assert state.last_events == (CardPlayed(3, C("AC")), PenaltyGrown(0, 12))
    assert (state.current, state.penalty) == (0, 12)
    # Seat 0 has no Ace (a 2 does not stack on an Ace): it draws 3 x 4 = 12.
    assert state.legal_moves() == (TakePenalty(0),)
    assert_illegal(state, PlayCard(0, C("2S")), "penalty_pending")
    state = state.apply(TakePenalty(0))
    assert state.last_events == (
        PenaltyTaken(0, 12),
        CardsDrawn(0, 12, "penalty", hand(stock)),
    )
    assert len(state.hands[0]) == 8 + 12
    assert (state.current, state.penalty, state.top, state.suit) == (1, 0, C("AC"), CLUBS)


def test_le_cumul_twos_stack_on_twos_not_on_aces() -> None:
    # "un autre As ou un autre 2": a 2 answers a 2 (2 + 2 = 4), an Ace does not.
    rules = PRESETS["le-cumul"]
    state = deal(
        ["2S 6H 9H QH KH 3H 4H 7H", "2H 6S 9S QS KS 3S 4S 7S", "AH 2D 6D 9D QD KD 3D 4D"],
        starter="5H",
        rules=rules,
    )
    state = state.apply(PlayCard(1, C("2H")))
    assert state.legal_moves() == (*plays(2, "2D"), TakePenalty(2))
    assert_illegal(state, PlayCard(2, C("AH")), "penalty_pending")
    state = state.apply(PlayCard(2, C("2D")))
    assert state.last_events == (CardPlayed(2, C("2D")), PenaltyGrown(0, 4))
    state = state.apply(PlayCard(0, C("2S")))
    assert state.last_events == (CardPlayed(0, C("2S")), PenaltyGrown(1, 6))
    assert state.legal_moves() == (TakePenalty(1),)


def test_le_cumul_a_joker_answers_a_joker() -> None:
    # House decision: the joker is its own rank for "le cumul"; 5 + 5 = 10.
    rules = PRESETS["le-cumul"]
    state = deal(
        ["4C 6C 9C QC KC 3D 4D 5D", "JOKER 6S 9S QS KS 3S 4S 7S", "JOKER AH 9D QD KD 2C 3C 5C"],
        starter="5H",
        rules=rules,
    )
    state = state.apply(PlayCard(1, JOKER, SPADES))
    assert state.legal_moves() == (*wilds(2, "JOKER"), TakePenalty(2))
    assert_illegal(state, PlayCard(2, C("AH")), "penalty_pending")
    state = state.apply(PlayCard(2, JOKER, HEARTS))
    assert state.last_events == (CardPlayed(2, JOKER), SuitNamed(2, HEARTS), PenaltyGrown(0, 10))
    assert (state.current, state.penalty, state.suit) == (0, 10, HEARTS)


A_LA_VOLEE_2 = PRESETS["a-la-volee"].replace(decks=2)


def test_a_la_volee_an_identical_card_is_laid_out_of_turn() -> None:
    # "à la volée: si un joueur à une carte exactement identique à celle qui est sur le haut du
    # talon (c'est à dire même couleur et même valeur) alors il peut la jouer immédiatement sans
    # que cela soit son tour. Le jeu reprend ensuite normalement à partir de ce joueur."
    # Two decks, so the 9 of hearts exists twice.
    state = deal(
        ["9H 4C 6C 9C QC KC 3D 4D", "9H 6S 9S QS KS 3S 4S 7S", "4H 6D 9D QD KD 2C 3C 5C"],
        starter="5H",
        rules=A_LA_VOLEE_2,
    )
    assert len(state.all_cards()) == 108
    # Seat 0's 9 of hearts is not identical to the 5 of hearts: only seat 1 acts.
    assert state.to_act == (1,)
    state = state.apply(PlayCard(1, C("9H")))
    assert state.last_events == (CardPlayed(1, C("9H")),)
    assert state.current == 2
    # Seat 2 plays by the turn rules; seat 0 may jump in with the other 9 of hearts.
    assert state.to_act == (2, 0)
    assert state.legal_moves(2) == (*plays(2, "9D"), *plays(2, "4H"))
    assert state.legal_moves(0) == plays(0, "9H")
    assert state.legal_moves(1) == ()
    assert state.legal_moves() == (*state.legal_moves(2), *state.legal_moves(0))
    # Who holds a copy is secret: each view lists the current player and the viewer only.
    assert state.view(0).to_act == (2, 0)
    assert state.view(1).to_act == (2,)
    assert state.view(2).to_act == (2,)
    assert state.view(0).legal_moves == plays(0, "9H")
    # Only the identical card may be laid out of turn.
    assert_illegal(state, PlayCard(0, C("9C")), "not_your_turn")

    state = state.apply(PlayCard(0, C("9H")))
    assert state.last_events == (CardPlayed(0, C("9H"), jump_in=True),)
    # Play resumes from the jumper: seat 1 is next, seat 2 lost its turn.
    assert (state.current, state.top_player, state.top) == (1, 0, C("9H"))
    assert state.to_act == (1,)
    assert len(state.hands[2]) == 8
    assert conserved(state)


def test_a_la_volee_the_player_who_laid_the_top_card_cannot_jump_in_on_it() -> None:
    state = deal(
        ["6C 9C QC KC 3D JC JD 7C", "9H 9H 6S QS KS 3S 4S 7S", "4H 6D 9D QD KD 2C 3C 5C"],
        starter="5H",
        rules=A_LA_VOLEE_2,
    )
    state = state.apply(PlayCard(1, C("9H")))
    assert state.to_act == (2,)
    assert state.legal_moves(1) == ()
    assert_illegal(state, PlayCard(1, C("9H")), "not_your_turn")
    # Once someone else has laid a card, seat 1 plays its second 9 of hearts on its own turn.
    state = state.apply(PlayCard(2, C("4H"))).apply(Draw(0))
    assert state.current == 1
    assert PlayCard(1, C("9H")) in state.legal_moves()


def test_a_la_volee_a_jump_in_replaces_a_pending_draw_without_le_cumul() -> None:
    # House decision: without "le cumul" the jump-in card's own effect replaces the pending draw:
    # seat 2 no longer draws; the player after the jumper draws 4.
    state = deal(
        ["AH 4C 6C 9C QC KC 3D 4D", "AH 6S 9S QS KS 3S 4S 7S", "4H 6D 9D QD KD 2C 3C 5C"],
        starter="5H",
        stock="10C 10D JC JD",
        rules=A_LA_VOLEE_2,
    )
    state = state.apply(PlayCard(1, C("AH")))
    assert state.last_events == (CardPlayed(1, C("AH")), PenaltyGrown(2, 4))
    assert state.to_act == (2, 0)
    assert state.legal_moves(2) == (TakePenalty(2),)
    assert state.legal_moves(0) == plays(0, "AH")
    state = state.apply(PlayCard(0, C("AH")))
    assert state.last_events == (CardPlayed(0, C("AH"), jump_in=True), PenaltyGrown(1, 4))
    assert (state.current, state.penalty) == (1, 4)
    assert len(state.hands[2]) == 8
    state = state.apply(TakePenalty(1))
    assert state.last_events == (
        PenaltyTaken(1, 4),
        CardsDrawn(1, 4, "penalty", hand("10C 10D JC JD")),
    )
    assert state.current == 2


def test_a_la_volee_a_jump_in_adds_to_a_pending_draw_with_le_cumul() -> None:
    # With "le cumul" the jump-in Ace stacks: the player after the jumper faces 4 + 4 = 8.
    rules = A_LA_VOLEE_2.replace(stacking=Stacking.SAME_RANK)
    state = deal(
        ["AH 4C 6C 9C QC KC 3D 4D", "AH 6S 9S QS KS 3S 4S 7S", "4H 6D 9D QD KD 2C 3C 5C"],
        starter="5H",
        rules=rules,
    )
    state = state.apply(PlayCard(1, C("AH")))
    assert state.to_act == (2, 0)
    state = state.apply(PlayCard(0, C("AH")))
    assert state.last_events == (CardPlayed(0, C("AH"), jump_in=True), PenaltyGrown(1, 8))
    assert (state.current, state.penalty) == (1, 8)
    state = state.apply(TakePenalty(1))
    assert state.last_events[0] == PenaltyTaken(1, 8)
    assert len(state.hands[1]) == 7 + 8


def test_a_la_volee_the_second_joker_jumps_in_and_names_a_suit() -> None:
    # One 54-card deck holds two identical jokers: the second may jump in on the first.
    rules = PRESETS["a-la-volee"]
    state = deal(
        ["JOKER 4C 6C 9C QC KC 3D 4D", "JOKER 6S 9S QS KS 3S 4S 7S", "4H 6D 9D QD KD 2C 3C 5C"],
        starter="5H",
        rules=rules,
    )
    state = state.apply(PlayCard(1, JOKER, SPADES))
    assert state.last_events == (CardPlayed(1, JOKER), SuitNamed(1, SPADES), PenaltyGrown(2, 5))
    assert state.to_act == (2, 0)
    assert state.legal_moves(0) == wilds(0, "JOKER")
    assert_illegal(state, PlayCard(0, JOKER), "suit_required")
    state = state.apply(PlayCard(0, JOKER, HEARTS))
    assert state.last_events == (
        CardPlayed(0, JOKER, jump_in=True),
        SuitNamed(0, HEARTS),
        PenaltyGrown(1, 5),
    )
    assert (state.current, state.penalty, state.suit) == (1, 5, HEARTS)
    assert len(state.hands[2]) == 8


def test_a_la_volee_the_current_player_plays_by_the_turn_rules() -> None:
    # The player facing the draw holds the other joker: without "le cumul" they still draw.
    rules = PRESETS["a-la-volee"]
    state = deal(
        ["4C 6C 9C QC KC 3D 4D 5D", "JOKER 6S 9S QS KS 3S 4S 7S", "JOKER 6D 9D QD KD 2C 3C 5C"],
        starter="5H",
        rules=rules,
    )
    state = state.apply(PlayCard(1, JOKER, SPADES))
    assert state.to_act == (2,)
    assert state.legal_moves() == (TakePenalty(2),)
    assert_illegal(state, PlayCard(2, JOKER, HEARTS), "penalty_pending")


def test_a_deux_the_jack_and_the_seven_make_their_player_play_again() -> None:
    # "à deux: notez que à deux joueurs seulement, les cartes qui font changer de sens ou passer
    # un tour ont le même effet que celles qui font rejouer."
    rules = PRESETS["a-deux"]
    hands = ["4C 6C 9C QC KC 3D 4D 6D", "JH 7H 9H 6S 9S QS KS 3S"]
    state = deal(hands, starter="5H", rules=rules)
    state = state.apply(PlayCard(1, C("JH")))
    assert state.last_events == (CardPlayed(1, C("JH")), PlaysAgain(1))
    assert (state.current, state.direction) == (1, 1)
    state = state.apply(PlayCard(1, C("7H")))
    assert state.last_events == (CardPlayed(1, C("7H")), PlaysAgain(1))
    assert state.current == 1
    state = state.apply(PlayCard(1, C("9H")))
    assert state.current == 0
    # With three players the option changes nothing: the Jack reverses.
    three = deal([*hands, "2C 3C 5C 7C 10C JC AC 2D"], starter="5H", rules=rules)
    three = three.apply(PlayCard(1, C("JH")))
    assert three.last_events == (CardPlayed(1, C("JH")), DirectionReversed(1, -1))
    assert three.current == 0


def test_without_a_deux_the_jack_at_two_players_passes_the_turn() -> None:
    # Default rules: the Jack reverses; with two players the other player is next either way.
    hands = ["4C 6C 9C QC KC 3D 4D 6D", "JH 7H 9H 6S 9S QS KS 3S"]
    state = deal(hands, starter="5H")
    assert not STANDARD.two_players_again
    state = state.apply(PlayCard(1, C("JH")))
    assert state.last_events == (CardPlayed(1, C("JH")), DirectionReversed(1, -1))
    assert (state.current, state.direction) == (0, -1)
    # The Seven skips the other player, which at two players comes to the same as playing again.
    state = deal(hands, starter="5H")
    state = state.apply(PlayCard(1, C("7H")))
    assert state.last_events == (CardPlayed(1, C("7H")), TurnSkipped(0))
    assert state.current == 1


def test_toutes_variantes_a_jump_in_jack_at_two_players_plays_again() -> None:
    # "à la volée" and "à deux" together, two decks: the Jack makes its player play again, and
    # the other player may jump in with the identical Jack, then plays again in turn.
    rules = PRESETS["toutes-variantes"].replace(decks=2)
    state = deal(
        ["JH 4C 6C 9C QC KC 3D 4D", "JH 9H 6S 9S QS KS 3S 5S"],
        starter="5H",
        rules=rules,
    )
    state = state.apply(PlayCard(1, C("JH")))
    assert state.last_events == (CardPlayed(1, C("JH")), PlaysAgain(1))
    assert state.to_act == (1, 0)
    assert state.legal_moves(1) == plays(1, "9H")
    assert state.legal_moves(0) == plays(0, "JH")
    state = state.apply(PlayCard(0, C("JH")))
    assert state.last_events == (CardPlayed(0, C("JH"), jump_in=True), PlaysAgain(0))
    assert (state.current, state.direction, state.to_act) == (0, 1, (0,))


def test_autres_propositions_the_queen_swaps_hands_with_a_chosen_opponent() -> None:
    # "Autres propositions: on peut choisir une carte qui permettra de changer son jeu avec un
    # adversaire". House choice: the Queen.
    rules = PRESETS["autres-propositions"]
    state = deal(
        ["3C 4C 6C 9C JC KC 3D 4D", "QH 6S 9S 2S 10S 3S 4S 7S", "4H 6D 9D QD KD 2C 5C 7C"],
        starter="5H",
        rules=rules,
    )
    assert state.legal_moves() == targets(1, "QH", 0, 2)
    assert_illegal(state, PlayCard(1, C("QH")), "bad_target")
    assert_illegal(state, PlayCard(1, C("QH"), target=1), "bad_target")
    state = state.apply(PlayCard(1, C("QH"), target=0))
    assert state.last_events == (CardPlayed(1, C("QH")), HandsSwapped(1, 0))
    assert state.hands[1] == hand("3C 4C 6C 9C JC KC 3D 4D")
    assert state.hands[0] == hand("6S 9S 2S 10S 3S 4S 7S")
    assert (state.current, state.suit) == (2, HEARTS)


def test_autres_propositions_the_king_chooses_who_plays_next() -> None:
    # "... ou bien de faire jouer qui on veut immédiatement". House choice: the King.
    rules = PRESETS["autres-propositions"]
    state = deal(
        ["3C 4C 6C 9C JC QC 3D 4D", "KH 6S 9S 2S 10S 3S 4S 7S", "4H 6D 9D QD KD 2C 5C 7C"],
        starter="5H",
        rules=rules,
    )
    assert state.legal_moves() == targets(1, "KH", 0, 2)
    state = state.apply(PlayCard(1, C("KH"), target=0))
    assert state.last_events == (CardPlayed(1, C("KH")), NextPlayerChosen(1, 0))
    assert (state.current, state.direction) == (0, 1)
    # Play goes on clockwise from the chosen player.
    state = state.apply(Draw(0))
    assert state.current == 1


def test_a_la_volee_the_window_closes_at_the_next_move_of_any_kind() -> None:
    # "alors il peut la jouer immédiatement": the identical card is laid at once, so the window
    # closes at the next move, whatever it is (here a draw), as the "carte" call-out window does.
    # Four players, two decks: seat 1 lays the 9 of hearts, seat 0 (the last to play after it)
    # holds the other one.
    hands = [
        "9H 4C 6C 9C QC KC 3D 4D",
        "9H 6S 9S QS KS 3S 4S 7S",
        "2C 3C 5C 6D 7C QD KD 2D",
        "4H 5D 10D 10C 2S 5S 10S 7D",
    ]
    state = deal(hands, starter="5H", rules=A_LA_VOLEE_2)
    assert A_LA_VOLEE_2.jump_in_window is JumpInWindow.NEXT_MOVE  # the default
    state = state.apply(PlayCard(1, C("9H")))
    assert state.to_act == (2, 0)
    assert state.legal_moves(0) == plays(0, "9H")
    # Seat 2 cannot play on the 9 of hearts and draws: the top card is unchanged, but it is too
    # late to jump in on it.
    assert state.legal_moves(2) == (Draw(2),)
    drawn = state.apply(Draw(2))
    assert (drawn.top, drawn.current) == (C("9H"), 3)
    assert drawn.to_act == (3,)
    assert drawn.legal_moves(0) == ()
    assert drawn.view(0).legal_moves == ()
    with pytest.raises(IllegalMoveError) as info:
        drawn.apply(PlayCard(0, C("9H")))
    assert info.value.reason == "not_your_turn"
    assert "only until the next move" in str(info.value)
    # Today's reading kept as an option: while the card stays on top.
    later = JumpInWindow.TOP_UNCHANGED
    state = deal(hands, starter="5H", rules=A_LA_VOLEE_2.replace(jump_in_window=later))
    drawn = state.apply(PlayCard(1, C("9H"))).apply(Draw(2))
    assert drawn.to_act == (3, 0)
    assert drawn.legal_moves(0) == plays(0, "9H")
    jumped = drawn.apply(PlayCard(0, C("9H")))
    assert jumped.last_events == (CardPlayed(0, C("9H"), jump_in=True),)
    assert jumped.current == 1


def test_a_la_volee_a_call_out_or_a_penalty_taken_closes_the_window() -> None:
    # Two cards each: seat 1 lays its second-to-last card, the 9 of hearts, without "carte".
    # Seat 2 calls it out: that move closes the jump-in window of seat 0's other 9 of hearts.
    rules = A_LA_VOLEE_2.replace(hand_size=2)
    state = deal(["9H 4C", "9H 6S", "2C 3C"], starter="5H", stock="JC QC KC", rules=rules)
    state = state.apply(PlayCard(1, C("9H")))
    assert state.last_events == (CardPlayed(1, C("9H")), AnnouncementMissed(1))
    assert state.legal_moves(0) == (*plays(0, "9H", announce=True), CallOut(0, 1))
    called = state.apply(CallOut(2, 1))
    assert called.top == C("9H")
    assert called.legal_moves(0) == ()
    assert called.to_act == (2,)
    # A penalty taken closes it too (the demo's case below, in miniature): seat 1 lays the Ace
    # of hearts, seat 2 takes the 4 cards, among them the other Ace of hearts, too late to jump.
    state = deal(["4C 7C", "AH 6S", "2C 3C"], starter="5H", stock="AH KC QC JC", rules=rules)
    state = state.apply(PlayCard(1, C("AH"), announce=True))
    taken = state.apply(TakePenalty(2))
    assert C("AH") in taken.hands[2]  # drawn with the penalty, identical to the top card
    assert (taken.top, taken.to_act, taken.legal_moves(2)) == (C("AH"), (0,), ())
    later = rules.replace(jump_in_window=JumpInWindow.TOP_UNCHANGED)
    state = deal(["4C 7C", "AH 6S", "2C 3C"], starter="5H", stock="AH KC QC JC", rules=later)
    taken = state.apply(PlayCard(1, C("AH"), announce=True)).apply(TakePenalty(2))
    assert (taken.to_act, taken.legal_moves(2)) == ((0, 2), plays(2, "AH"))


def test_a_la_volee_the_demo_of_the_issue_no_longer_jumps_in_after_a_penalty() -> None:
    # `cardgames demo "8 américain" --preset toutes-variantes --players 5 --seed 3`: move 37,
    # Zoé takes a 15-card penalty that brings her a joker identical to the top card (Max's).
    # Under top_unchanged she jumped in with it as move 38; under next_move the penalty she took
    # closed the window, and Sam, whose turn it is, plays on.
    from cardgames.agents import play_game
    from cardgames.agents.heuristic import SheddingHeuristicAgent

    names = ["Léa", "Tom", "Sam", "Zoé", "Max"]
    agents = [SheddingHeuristicAgent()] * 5
    moves = {}
    for window in JumpInWindow:
        rules = PRESETS["toutes-variantes"].replace(jump_in_window=window)
        result = play_game(huit_americain.GAME, agents, seed=3, rules=rules, players=names)
        moves[window] = [(names[s.player], s.notation) for s in result.steps[35:38]]
    assert moves[JumpInWindow.TOP_UNCHANGED] == [
        ("Max", "play JOKER name hearts"),
        ("Zoé", "take"),
        ("Zoé", "play JOKER name spades"),
    ]
    assert moves[JumpInWindow.NEXT_MOVE][:2] == moves[JumpInWindow.TOP_UNCHANGED][:2]
    assert moves[JumpInWindow.NEXT_MOVE][2] == ("Sam", "play 2H")


# ---------------------------------------------------------------------------------------------
# "Carte", the stock


def test_carte_announced_and_a_missed_carte_called_out_for_two_cards() -> None:
    # "Lorsqu'il ne reste plus qu'une carte dans la main d'un joueur, celui-ci doit annoncer
    # "Carte". S'il ne le fait pas et qu'un de ses adversaires s'en rend compte, il doit piocher
    # 2 cartes." Two cards each.
    rules = STANDARD.replace(hand_size=2)
    state = deal(["4H 5C", "6H 9C", "9H 3D"], starter="5H", stock="JC QC KC", rules=rules)
    assert state.legal_moves() == plays(1, "6H", announce=True)
    state = state.apply(PlayCard(1, C("6H"), announce=True))
    assert state.last_events == (CardPlayed(1, C("6H")), AnnouncementMade(1))
    assert state.announce_target is None
    assert state.to_act == (2,)

    state = state.apply(PlayCard(2, C("9H")))
    assert state.last_events == (CardPlayed(2, C("9H")), AnnouncementMissed(2))
    assert (state.announce_target, state.current) == (2, 0)
    # Any opponent may call it out, the current player included, until the next move.
    assert state.to_act == (0, 1)
    assert state.legal_moves(1) == (CallOut(1, 2),)
    assert state.legal_moves(0) == (*plays(0, "4H", announce=True), CallOut(0, 2))
    assert state.legal_moves(2) == ()
    assert_illegal(state, CallOut(2, 2), "bad_target")
    assert_illegal(state, CallOut(1, 0), "bad_target")

    called = state.apply(CallOut(1, 2))
    assert called.last_events == (
        AnnouncementCalled(1, 2),
        CardsDrawn(2, 2, "callout", hand("JC QC")),
    )
    assert called.hands[2] == hand("3D JC QC")
    assert (called.current, called.announce_target) == (0, None)

    # Too late once the next move is made.
    later = state.apply(PlayCard(0, C("4H"), announce=True))
    assert_illegal(later, CallOut(1, 2), "nothing_to_call_out")


def test_an_empty_stock_is_remade_from_the_talon_but_its_top_card() -> None:
    # "Si la pioche est épuisée, alors on garde la première carte du talon, et on mélange le reste
    # qui devient la nouvelle pioche." Seventeen cards each leave a stock of two.
    rules = STANDARD.replace(hand_size=17)
    state = deal(["AH", "9H", "6H"], starter="5H", stock="KC QC", rules=rules)
    assert len(state.stock) == 2
    state = state.apply(PlayCard(1, C("9H")))
    state = state.apply(PlayCard(2, C("6H")))
    state = state.apply(PlayCard(0, C("AH")))
    assert state.legal_moves() == (TakePenalty(1),)
    state = state.apply(TakePenalty(1))
    events = state.last_events
    assert events[:2] == (StockReshuffled(3), PenaltyTaken(1, 4))
    drawn = state.hands[1][-4:]
    assert events[2] == CardsDrawn(1, 4, "penalty", drawn)
    # The two stock cards first, then two of the three cards under the Ace.
    assert drawn[:2] == hand("KC QC")
    assert sorted((*drawn[2:], *state.stock)) == sorted(hand("5H 9H 6H"))
    assert state.discard == (C("AH"),)
    assert conserved(state)


# ---------------------------------------------------------------------------------------------
# "Carte" after a swap (autres propositions)

SWAPS = PRESETS["autres-propositions"].replace(hand_size=2)


def test_a_swap_that_leaves_a_player_one_card_they_announce_it_out_of_turn() -> None:
    # "Lorsqu'il ne reste plus qu'une carte dans la main d'un joueur, celui-ci doit annoncer
    # "Carte"": the player holding one card, here the target of the Queen's swap. House reading:
    # they announce with a move of their own (`Announce`) before the next move; until then
    # nobody may call them out.
    state = deal(["4C 6C", "QH 5S", "6H KC"], starter="5H", stock="JC JD 3D", rules=SWAPS)
    assert state.legal_moves() == (*targets(1, "QH", 0, 2), *plays(1, "5S", announce=True))
    state = state.apply(PlayCard(1, C("QH"), target=0))
    assert state.last_events == (CardPlayed(1, C("QH")), HandsSwapped(1, 0))
    assert (state.hands[0], state.hands[1], state.current) == (hand("5S"), hand("4C 6C"), 2)
    assert state.to_act == (2, 0)
    assert state.legal_moves(0) == (Announce(0),)
    assert state.legal_moves(1) == ()
    assert state.legal_moves() == (*state.legal_moves(2), Announce(0))
    assert_illegal(state, CallOut(1, 0), "nothing_to_call_out")
    # Everyone saw the swap: every view lists seat 0 among the seats that may act.
    assert [state.view(seat).to_act for seat in (None, 0, 1, 2)] == [(2, 0)] * 4
    assert state.view(0).legal_moves == (Announce(0),)

    announced = state.apply(Announce(0))
    assert announced.last_events == (AnnouncementMade(0),)
    assert (announced.current, announced.to_act, announced.moves_played) == (2, (2,), 2)
    assert_illegal(announced, CallOut(1, 0), "nothing_to_call_out")
    assert_illegal(announced, Announce(0), "nothing_to_announce")


def test_a_swap_target_who_lets_the_next_move_go_by_may_be_called_out() -> None:
    state = deal(["4C 6C", "QH 5S", "6H KC"], starter="5H", stock="JC JD 3D", rules=SWAPS)
    state = state.apply(PlayCard(1, C("QH"), target=0))
    # Seat 2 plays before seat 0 says "carte": seat 0 missed it and may be called out until the
    # next move, by anyone else (seat 0 is also the next to play: the 5 of spades does not fit).
    state = state.apply(PlayCard(2, C("6H"), announce=True))
    assert state.last_events == (
        CardPlayed(2, C("6H")),
        AnnouncementMade(2),
        AnnouncementMissed(0),
    )
    assert (state.current, state.announce_target) == (0, None)
    assert state.to_act == (0, 1, 2)
    assert state.legal_moves(0) == (Draw(0),)
    assert state.legal_moves(1) == (CallOut(1, 0),)
    assert state.legal_moves(2) == (CallOut(2, 0),)
    assert_illegal(state, Announce(0), "nothing_to_announce")
    assert_illegal(state, CallOut(0, 0), "bad_target")
    called = state.apply(CallOut(1, 0))
    assert called.last_events == (
        AnnouncementCalled(1, 0),
        CardsDrawn(0, 2, "callout", hand("JC JD")),
    )
    assert called.hands[0] == hand("5S JC JD")
    assert called.to_act == (0,)
    # Too late once the next move is made: seat 0 draws.
    later = state.apply(Draw(0))
    assert later.to_act == (1,)
    assert_illegal(later, CallOut(1, 0), "nothing_to_call_out")


def test_a_swap_target_whose_turn_it_is_announces_then_plays() -> None:
    # The Queen's target is the next player: "carte" is the first of their moves.
    state = deal(["4C 6C", "QH 5S", "6H KC"], starter="5H", stock="JC JD 3D", rules=SWAPS)
    state = state.apply(PlayCard(1, C("QH"), target=2))
    assert (state.hands[2], state.current) == (hand("5S"), 2)
    assert state.to_act == (2,)
    assert state.legal_moves() == (Announce(2), Draw(2))
    state = state.apply(Announce(2))
    assert state.last_events == (AnnouncementMade(2),)
    assert (state.current, state.legal_moves()) == (2, (Draw(2),))


def test_a_swap_between_two_players_left_with_one_card_each() -> None:
    # Seat 1 lays its second-to-last card and announces; seat 2, holding two cards, lays the
    # Queen and swaps its last card for seat 1's: each now holds one card. Seat 2 announces with
    # the Queen (its move: the announce flag) or forgets it; seat 1 announces with its own move.
    state = deal(["4C 6C", "5S 9S", "QS 4D"], starter="5H", stock="JC JD 3D KH", rules=SWAPS)
    state = state.apply(PlayCard(1, C("5S"), announce=True))
    assert state.legal_moves() == (
        PlayCard(2, C("QS"), target=0),
        PlayCard(2, C("QS"), target=1),
        PlayCard(2, C("QS"), announce=True, target=1),
    )
    state = state.apply(PlayCard(2, C("QS"), target=1))
    assert state.last_events == (
        CardPlayed(2, C("QS")),
        HandsSwapped(2, 1),
        AnnouncementMissed(2),
    )
    assert (state.hands[1], state.hands[2], state.announce_target) == (hand("4D"), hand("9S"), 2)
    assert state.to_act == (0, 1)
    assert state.legal_moves(0) == (Draw(0), CallOut(0, 2))
    assert state.legal_moves(1) == (Announce(1), CallOut(1, 2))
    # Seat 0 calls seat 2 out: that move is the one seat 1 had to announce before.
    called = state.apply(CallOut(0, 2))
    assert called.last_events == (
        AnnouncementCalled(0, 2),
        CardsDrawn(2, 2, "callout", hand("JC JD")),
        AnnouncementMissed(1),
    )
    assert called.legal_moves(2) == (CallOut(2, 1),)
    assert called.legal_moves(0) == (Draw(0), CallOut(0, 1))
    assert called.to_act == (0, 2)
    # Had seat 1 announced first, that move would have closed the window on seat 2 too.
    announced = state.apply(Announce(1))
    assert announced.to_act == (0,)
    assert announced.legal_moves() == (Draw(0),)


# ---------------------------------------------------------------------------------------------
# Scoring and matches


def test_penalty_points_of_the_sample_hand() -> None:
    # "50 points par Joker, 25 points par 8 et pour le 2 de pique, 15 points pour les autres 2
    # et les as, 10 points par figure, 5 points par autre carte."
    sample = hand("JOKER 8H 2S 2H AC KD 10S")
    assert [card_points(c) for c in sample] == [50, 25, 25, 15, 15, 10, 5]
    assert hand_points(sample) == 50 + 25 + 25 + 15 + 15 + 10 + 5 == 145
    assert [card_points(C(t)) for t in ("8C", "8D", "8S", "2C", "2D", "AS", "JH", "QS")] == [
        25,
        25,
        25,
        15,
        15,
        15,
        10,
        10,
    ]
    assert [card_points(C(t)) for t in ("3C", "7D", "9H", "10C")] == [5, 5, 5, 5]
    # "chaque joueur marque le total des points correspondant aux cartes qu'il a encore en main"
    assert round_points([(), sample, hand("3C 4C")]) == (0, 145, 10)
    assert round_points({"Léa": (), "Tom": sample}) == {"Léa": 0, "Tom": 145}
    assert round_points([(), sample], STANDARD) == (0, 145)


def test_a_finished_round_scores_each_hand_left() -> None:
    # "Lorsqu'un joueur a gagné, chaque joueur marque le total des points correspondant aux cartes
    # qu'il a encore en main". Two players "à deux", seat 1 deals so seat 0 starts, seven cards:
    # seat 0 goes out in one turn (10, J, 7 all play again), seat 1 keeps the sample hand.
    rules = PRESETS["a-deux"].replace(dealer=1, hand_size=7)
    state = deal(
        ["10H JH 7H 7C JC 10C 4C", "JOKER 8H 2S 2H AC KD 10S"],
        starter="5H",
        rules=rules,
    )
    assert state.current == 0
    for card in ("10H", "JH", "7H", "7C", "JC"):
        state = state.apply(PlayCard(0, C(card)))
        assert state.last_events == (CardPlayed(0, C(card)), PlaysAgain(0))
    assert state.legal_moves() == (
        *plays(0, "4C", announce=True),
        *plays(0, "10C", announce=True),
    )
    state = state.apply(PlayCard(0, C("10C"), announce=True))
    assert state.last_events == (CardPlayed(0, C("10C")), AnnouncementMade(0), PlaysAgain(0))
    state = state.apply(PlayCard(0, C("4C")))
    outcome = finished(state)
    assert state.is_over
    assert (outcome.reason, outcome.winners, outcome.scores) == (
        Termination.WENT_OUT,
        (0,),
        (0, 145),
    )
    assert state.hands == ((), hand("JOKER 8H 2S 2H AC KD 10S"))
    assert round_points(state.hands, rules) == outcome.scores
    assert state.legal_moves() == ()
    match = Match.new(state.players, rules).record(state)  # a match under the round's rules
    assert match.totals == (0, 145)


def test_a_round_at_the_move_limit_scores_every_hand() -> None:
    # House decision: a round that reaches max_moves ends as if blocked; every player scores the
    # hand left and the lowest value wins it.
    rules = STANDARD.replace(max_moves=10)
    state = huit_americain.new_game(3, seed=21, rules=rules)
    while not state.is_over:
        state = state.apply(state.legal_moves()[0])
    outcome = finished(state)
    assert state.moves_played == 10
    assert outcome.reason is Termination.TURN_LIMIT
    values = tuple(hand_points(h) for h in state.hands)
    assert outcome.scores == values
    assert outcome.winners == tuple(i for i, v in enumerate(values) if v == min(values))


def test_a_match_runs_to_500_and_the_lowest_total_wins() -> None:
    # "Lorsqu'un joueur arrive à 500 points, la partie s'arrête et le joueur totalisant le moins
    # de points remporte la partie."
    match = Match.new(["Léa", "Tom", "Sam"], STANDARD)
    assert STANDARD.target_score == 500
    match = match.add_round([0, 145, 60]).add_round({"Léa": 40, "Tom": 0, "Sam": 120})
    match = match.add_round([100, 200, 0])
    assert (match.totals, match.is_over, match.winners) == ((140, 345, 180), False, ())
    assert match.dealer == 0  # the deal goes round: 0, 1, 2, 0
    match = match.add_round([30, 170, 0])
    assert match.totals == (170, 515, 180)
    assert match.is_over
    assert match.winners == (0,)
    with pytest.raises(MatchOverError):
        match.add_round([0, 0, 0])
    with pytest.raises(MatchOverError):
        match.deal()


def test_a_match_tie_at_the_lowest_total_is_shared() -> None:
    match = Match.new(["Léa", "Tom", "Sam"], STANDARD)
    match = match.add_round([0, 145, 60]).add_round([60, 400, 0])
    assert match.totals == (60, 545, 60)
    assert match.winners == (0, 2)
    # Exactly 500 ends the match too.
    assert Match.new(2, STANDARD).add_round([500, 20]).winners == (1,)


def test_a_simulated_match_ends_with_the_lowest_totals_winning() -> None:
    match = Match.new(["Léa", "Tom", "Sam"], STANDARD, seed=2024)
    rnd = random.Random(2024)
    rounds = 0
    while not match.is_over:
        state = match.deal()
        assert state.rules.dealer == rounds % 3
        assert state.current == (rounds + 1) % 3
        while not state.is_over:
            state = state.apply(rnd.choice(state.legal_moves()))
        outcome = finished(state)
        assert outcome.scores == tuple(hand_points(h) for h in state.hands)
        match = match.record(state)
        rounds += 1
        assert rounds < 100
    totals = match.totals
    assert max(totals) >= 500
    assert sum(match.rounds[-1]) > 0
    assert match.winners == tuple(i for i, t in enumerate(totals) if t == min(totals))
    assert len(match.rounds) == rounds
