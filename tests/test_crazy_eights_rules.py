"""Hand-computed rule scenarios for Crazy Eights, as the Marquoir score keeper states it.

Each test deals a fixed deck (`stacked_deck`), plays moves chosen by hand and checks the legal
moves and events at every step against the rule text of the seed (quoted in French, with its
section) or, for a variant, against the preset that implements it.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

import pytest

from cardgames import crazy_eights
from cardgames.cards import JOKER, Card, DeckKind, Suit, make_deck, parse_cards
from cardgames.crazy_eights import (
    Announce,
    AnnouncementCalled,
    AnnouncementMade,
    AnnouncementMissed,
    CallOut,
    CardPlayed,
    CardsDrawn,
    DirectionReversed,
    Draw,
    Effects,
    Pass,
    Passed,
    PenaltyGrown,
    PenaltyTaken,
    Phase,
    PlayCard,
    PlaysAgain,
    RoundOver,
    Rules,
    Stacking,
    StarterReturned,
    StarterTurned,
    State,
    StockReshuffled,
    SuitNamed,
    TakePenalty,
    TurnSkipped,
)
from cardgames.errors import IllegalMoveError, InvalidRulesError
from cardgames.game import Move, Outcome, Termination

C = Card.parse
CLUBS, DIAMONDS, HEARTS, SPADES = Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES

# ---------------------------------------------------------------------------------------------
# Helpers


def remaining(
    used: Sequence[Card], copies: int = 1, kind: DeckKind = DeckKind.STANDARD_52
) -> list[Card]:
    """The cards of ``copies`` decks, in code order, without ``used`` (one copy per use)."""
    rest = list(make_deck(kind, copies=copies))
    for card in used:
        rest.remove(card)  # ValueError: a card used twice in a scenario
    return rest


def stacked_deck(
    hands: Sequence[str],
    starter: str,
    stock: str = "",
    *,
    dealer: int = 0,
    copies: int = 1,
    kind: DeckKind = DeckKind.STANDARD_52,
) -> tuple[Card, ...]:
    """A deck order that deals ``hands`` (by seat), turns up ``starter`` and leaves ``stock`` on
    top of the stock, followed by the other cards in code order.

    Cards are dealt one at a time from the dealer's left, so card ``i`` goes to seat
    ``(dealer + 1 + i) % n``.
    """
    parsed = [parse_cards(hand) for hand in hands]
    size = len(parsed[0])
    assert all(len(hand) == size for hand in parsed), "every hand has the same size"
    n = len(parsed)
    order: list[Card] = [parsed[(dealer + 1 + k) % n][i] for i in range(size) for k in range(n)]
    order.append(C(starter))
    order.extend(parse_cards(stock))
    return (*order, *remaining(order, copies, kind))


def open_deck(
    players: int, starter: str, stock: str = "", *, hand_size: int = 7, copies: int = 1
) -> tuple[Card, ...]:
    """A deck order with ``starter`` turned up and ``stock`` on top of the stock; the hands get
    the lowest other cards (used when the hands do not matter)."""
    reserved = [C(starter), *parse_cards(stock)]
    rest = remaining(reserved, copies)
    dealt = players * hand_size
    return (*rest[:dealt], *reserved, *rest[dealt:])


def hand(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def plays(player: int, card: str, *, announce: bool = False) -> tuple[PlayCard, ...]:
    """The legal moves that lay a plain card (with the announcement variant when asked)."""
    move = PlayCard(player, C(card))
    return (move, PlayCard(player, C(card), announce=True)) if announce else (move,)


def eights(player: int, card: str) -> tuple[PlayCard, ...]:
    """The four legal moves that lay a wild 8, one per named suit in bridge order."""
    return tuple(PlayCard(player, C(card), suit) for suit in (CLUBS, DIAMONDS, HEARTS, SPADES))


def assert_illegal(state: State, move: Move, reason: str) -> None:
    """``move`` is refused with ``reason`` and the state is left exactly as it was."""
    before = state.to_json()
    copy = State.from_json(before)
    with pytest.raises(IllegalMoveError) as info:
        state.apply(move)
    assert info.value.reason == reason
    assert state.to_json() == before
    assert state == copy


def finished(state: State) -> Outcome:
    outcome = state.outcome()
    assert outcome is not None
    return outcome


def all_cards_conserved(state: State) -> bool:
    copies = len(state.all_cards()) // 52
    return state.all_cards() == tuple(sorted(make_deck(copies=copies)))


# ---------------------------------------------------------------------------------------------
# Setup


def test_the_deal_follows_the_fixed_deck_from_the_dealers_left() -> None:
    # "Chaque joueur reçoit sept cartes d'un jeu de 52. Une carte est retournée pour ouvrir la
    # défausse, le reste forme la pioche." "Le joueur à gauche du donneur commence."
    deck = make_deck()  # 2C 3C ... AS: card i goes to seat (i + 1) % 3
    state = crazy_eights.new_game(3, seed=0, deck=deck)
    assert state.hands[1] == deck[0:21:3]
    assert state.hands[2] == deck[1:21:3]
    assert state.hands[0] == deck[2:21:3]
    assert state.discard == (deck[21],)
    assert state.stock == deck[22:]
    assert (state.current, state.direction, state.phase) == (1, 1, Phase.PLAY)
    assert state.suit is deck[21].suit
    assert state.last_events == (StarterTurned(deck[21]),)


def test_the_dealer_option_moves_the_first_player() -> None:
    # "Le joueur à gauche du donneur commence ; on tourne dans le sens des aiguilles d'une montre."
    deck = make_deck()
    state = crazy_eights.new_game(3, seed=0, rules=Rules(dealer=2), deck=deck)
    assert state.current == 0
    assert state.hands[0] == deck[0:21:3]


def test_the_deck_must_be_exactly_the_cards_of_the_game() -> None:
    # A fixed deck replaces the shuffle; it must hold the 52 cards once each.
    deck = make_deck()
    with pytest.raises(InvalidRulesError):
        crazy_eights.new_game(3, seed=0, deck=deck[:-1])
    with pytest.raises(InvalidRulesError):
        crazy_eights.new_game(3, seed=0, deck=(*deck[:-1], deck[0]))
    text = " ".join(str(card) for card in deck)
    assert crazy_eights.new_game(3, seed=0, deck=text) == crazy_eights.new_game(
        3, seed=0, deck=deck
    )


@pytest.mark.parametrize(
    ("players", "copies", "stock"), [(2, 1, 37), (5, 1, 16), (6, 2, 61), (7, 2, 54)]
)
def test_two_decks_above_five_players(players: int, copies: int, stock: int) -> None:
    # "Un jeu de 52 cartes. De deux à cinq joueurs ; au-delà, mélangez deux jeux."
    state = crazy_eights.new_game(players, seed=11)
    assert len(state.all_cards()) == 52 * copies
    assert all_cards_conserved(state)
    assert [len(h) for h in state.hands] == [7] * players
    assert len(state.stock) == stock
    assert len(state.discard) == 1


def test_six_players_take_a_fixed_deck_of_104_cards() -> None:
    # "au-delà [de cinq joueurs], mélangez deux jeux": each card twice, 104 in all.
    deck = open_deck(6, "5C", copies=2)
    assert len(deck) == 104
    state = crazy_eights.new_game(6, seed=0, deck=deck)
    assert state.hands[1] == deck[0:42:6]
    assert state.discard == (C("5C"),)
    assert len(state.stock) == 104 - 42 - 1
    with pytest.raises(InvalidRulesError):
        crazy_eights.new_game(6, seed=0, deck=make_deck())  # one deck is not enough
    with pytest.raises(InvalidRulesError):
        crazy_eights.new_game(5, seed=0, deck=deck)  # two decks are too many


@pytest.mark.parametrize("players", [1, 8])
def test_two_to_seven_players(players: int) -> None:
    # "players 2–7"
    with pytest.raises(InvalidRulesError):
        crazy_eights.new_game(players, seed=0)


def test_five_cards_at_two_players_preset() -> None:
    # "distribuez sept cartes à chaque joueur (cinq à deux joueurs, selon les tables)".
    rules = crazy_eights.PRESETS["five-cards-two-players"]
    two = crazy_eights.new_game(2, seed=5, rules=rules)
    assert [len(h) for h in two.hands] == [5, 5]
    assert len(two.stock) == 52 - 10 - 1
    three = crazy_eights.new_game(3, seed=5, rules=rules)
    assert [len(h) for h in three.hands] == [7, 7, 7]
    default = crazy_eights.new_game(2, seed=5)
    assert [len(h) for h in default.hands] == [7, 7]


# ---------------------------------------------------------------------------------------------
# Matching and the wild 8


def test_match_by_suit_or_by_rank() -> None:
    # "Regardez la carte du dessus de la défausse, un 9 de trèfle par exemple. Posez dessus une
    # carte de votre main qui a la même couleur (n'importe quel trèfle) ou la même valeur
    # (n'importe quel 9)."
    deck = stacked_deck(
        [
            "2C 4C 5C 7C 10C QC KC",
            "3C 9H 4D 5H 6S 7D 2H",
            "KH 9S 3S 4S 6C 10S QS",
        ],
        starter="9C",
    )
    state = crazy_eights.new_game(3, seed=0, deck=deck)
    assert state.suit is CLUBS
    assert state.legal_moves() == (*plays(1, "3C"), *plays(1, "9H"))
    assert_illegal(state, PlayCard(1, C("4D")), "card_does_not_match")

    state = state.apply(PlayCard(1, C("9H")))
    assert state.last_events == (CardPlayed(1, C("9H")),)
    assert (state.top, state.suit, state.current) == (C("9H"), HEARTS, 2)
    # Now hearts or a 9; the clubs no longer fit.
    assert state.legal_moves() == (*plays(2, "KH"), *plays(2, "9S"))
    assert_illegal(state, PlayCard(2, C("6C")), "card_does_not_match")


def test_eight_is_wild_and_its_player_names_the_suit() -> None:
    # "Le 8 (joker) : il se pose sur n'importe quelle carte. Celui qui le pose annonce la
    # couleur qui doit suivre, « pique ! », et le suivant doit jouer un pique ou un autre 8."
    deck = stacked_deck(
        [
            "2C 4C 5C 7C 10C QC AC",
            "8C 3S 4S 6S 7S 9S 10S",
            "KC 2H 8S 3D 4D 6D 7D",
        ],
        starter="5D",
    )
    state = crazy_eights.new_game(3, seed=0, deck=deck)
    # Nothing of diamonds or of rank 5: only the 8, with each of the four suits to name.
    assert state.legal_moves() == eights(1, "8C")
    assert_illegal(state, PlayCard(1, C("8C")), "suit_required")
    assert_illegal(state, PlayCard(1, C("3S"), SPADES), "suit_not_allowed")

    state = state.apply(PlayCard(1, C("8C"), HEARTS))
    assert state.last_events == (CardPlayed(1, C("8C")), SuitNamed(1, HEARTS))
    assert (state.top, state.suit, state.current) == (C("8C"), HEARTS, 2)
    # A heart or another 8; the King of clubs does not follow the 8 of clubs (hearts named),
    # and neither do the diamonds of the card beneath.
    assert state.legal_moves() == (*plays(2, "2H"), *eights(2, "8S"))
    assert_illegal(state, PlayCard(2, C("KC")), "card_does_not_match")
    assert_illegal(state, PlayCard(2, C("3D")), "card_does_not_match")


def test_a_deck_with_jokers_makes_them_wild_like_the_8() -> None:
    # The docs: "Jokers (if you play with a 54-card deck)? Wild, like the 8". `--rules
    # deck=jokers_54` alone brings that effect (it used to be refused: no wild joker).
    rules = Rules.parse_assignments(["deck=jokers_54"])
    assert rules.effects == Effects.parse("2:draw2 8:wild J:reverse A:skip JOKER:wild")
    deck = stacked_deck(
        [
            "2C 4C 5C 7C 10C QC AC",
            "JOKER 3S 4S 6S 7S 9S 10S",
            "KC 2H 8S 3D 4D 6D 7D",
        ],
        starter="5D",
        kind=DeckKind.JOKERS_54,
    )
    state = crazy_eights.new_game(3, seed=0, rules=rules, deck=deck)
    # Nothing of diamonds or of rank 5: only the joker, with each of the four suits to name.
    suits = (CLUBS, DIAMONDS, HEARTS, SPADES)
    assert state.legal_moves() == tuple(PlayCard(1, JOKER, suit) for suit in suits)
    state = state.apply(PlayCard(1, JOKER, HEARTS))
    assert state.last_events == (CardPlayed(1, JOKER), SuitNamed(1, HEARTS))
    assert (state.top, state.suit, state.current) == (JOKER, HEARTS, 2)
    assert state.legal_moves() == (*plays(2, "2H"), *eights(2, "8S"))
    # Effects that name the joker keep their say: a joker that is not wild is still refused.
    assert Rules.parse_assignments(["deck=jokers_54", "effects=JOKER:wild+draw4"]).effects == (
        Effects.parse("JOKER:wild+draw4")
    )
    with pytest.raises(InvalidRulesError) as info:
        Rules.parse_assignments(["deck=jokers_54", "effects=8:wild JOKER:draw4"])
    assert info.value.option == "effects"


def test_the_seed_example_lea_tom_and_sam() -> None:
    # "Léa pose un 8 sur un 5 de carreau et annonce « cœur ». Tom n'a pas de cœur, mais il a un
    # 8 : il le pose et annonce « pique ». Sam pose un 2 de pique : Léa doit piocher deux cartes
    # et passe son tour."  Sam deals (seat 2), so Léa, on his left, starts.
    deck = stacked_deck(
        [
            "8C 5S KD 3C 4C 6S 7S",  # Léa
            "8D 9C 5C 6D 7D 9D 10C",  # Tom: no heart, an 8
            "2S KS 3D 4D 9H 10H JC",  # Sam
        ],
        starter="5D",
        stock="QH JH",
        dealer=2,
    )
    state = crazy_eights.new_game(["Léa", "Tom", "Sam"], seed=0, rules=Rules(dealer=2), deck=deck)
    lea, tom, sam = 0, 1, 2
    assert state.current == lea
    assert state.top == C("5D")
    # Léa may lay the 8 (naming any suit), the King of diamonds (suit) or the 5 of spades (rank).
    assert state.legal_moves() == (*eights(lea, "8C"), *plays(lea, "KD"), *plays(lea, "5S"))
    assert state.to_act == (lea,)

    state = state.apply(PlayCard(lea, C("8C"), HEARTS))
    assert state.last_events == (CardPlayed(lea, C("8C")), SuitNamed(lea, HEARTS))
    assert (state.current, state.suit, state.penalty) == (tom, HEARTS, 0)
    # Tom has no heart: only his 8.
    assert state.legal_moves() == eights(tom, "8D")

    state = state.apply(PlayCard(tom, C("8D"), SPADES))
    assert state.last_events == (CardPlayed(tom, C("8D")), SuitNamed(tom, SPADES))
    assert (state.current, state.suit) == (sam, SPADES)
    assert state.legal_moves() == (*plays(sam, "2S"), *plays(sam, "KS"))

    state = state.apply(PlayCard(sam, C("2S")))
    assert state.last_events == (CardPlayed(sam, C("2S")), PenaltyGrown(lea, 2))
    assert (state.current, state.penalty, state.suit) == (lea, 2, SPADES)
    # Léa has no 2: she can only take the penalty, even with a spade (5S) in hand.
    assert state.legal_moves() == (TakePenalty(lea),)
    assert_illegal(state, PlayCard(lea, C("5S")), "penalty_pending")
    assert_illegal(state, Draw(lea), "penalty_pending")

    state = state.apply(TakePenalty(lea))
    assert state.last_events == (
        PenaltyTaken(lea, 2),
        CardsDrawn(lea, 2, "penalty", (C("QH"), C("JH"))),
    )
    assert state.hands[lea] == hand("5S KD 3C 4C 6S 7S QH JH")
    # "... et passe son tour": Tom plays next; the 2 of spades still asks for spades.
    assert (state.current, state.penalty, state.phase) == (tom, 0, Phase.PLAY)
    assert state.legal_moves() == (Draw(tom),)


# ---------------------------------------------------------------------------------------------
# The 2: draw two, stacking


def test_twos_stack_and_the_penalty_grows_by_two() -> None:
    # "Le 2 : le joueur suivant pioche deux cartes et ne joue pas. S'il a lui-même un 2, il peut
    # le poser pour renvoyer la pénalité, qui passe à quatre cartes pour le joueur d'après.
    # C'est la seule façon d'y échapper."
    deck = stacked_deck(
        [
            "2H 5S 6S 7S 9S 10S JS",
            "2C 3H 4H 6H 7H 9H 10H",
            "2D 8S KC QC JD 3D 4D",
        ],
        starter="5C",
        stock="KH QH JH AD KD QD",
    )
    state = crazy_eights.new_game(3, seed=0, deck=deck)
    state = state.apply(PlayCard(1, C("2C")))
    assert state.last_events == (CardPlayed(1, C("2C")), PenaltyGrown(2, 2))
    assert (state.current, state.penalty) == (2, 2)
    # Only a 2 or the penalty: not the clubs, not even the wild 8.
    assert state.legal_moves() == (*plays(2, "2D"), TakePenalty(2))
    assert_illegal(state, PlayCard(2, C("8S"), SPADES), "penalty_pending")
    assert_illegal(state, PlayCard(2, C("KC")), "penalty_pending")
    assert_illegal(state, Draw(2), "penalty_pending")
    assert_illegal(state, Pass(2), "penalty_pending")

    state = state.apply(PlayCard(2, C("2D")))
    assert state.last_events == (CardPlayed(2, C("2D")), PenaltyGrown(0, 4))
    assert (state.current, state.penalty) == (0, 4)
    assert state.legal_moves() == (*plays(0, "2H"), TakePenalty(0))

    state = state.apply(PlayCard(0, C("2H")))
    assert state.last_events == (CardPlayed(0, C("2H")), PenaltyGrown(1, 6))
    assert (state.current, state.penalty) == (1, 6)
    assert state.legal_moves() == (TakePenalty(1),)

    state = state.apply(TakePenalty(1))
    drawn = hand("KH QH JH AD KD QD")
    assert state.last_events == (PenaltyTaken(1, 6), CardsDrawn(1, 6, "penalty", drawn))
    assert state.hands[1] == (*hand("3H 4H 6H 7H 9H 10H"), *drawn)
    # Taking the penalty ends the turn.
    assert (state.current, state.penalty, state.phase) == (2, 0, Phase.PLAY)
    # The 2 of hearts is an ordinary top card again: hearts, a 2 or an 8.
    assert state.legal_moves() == eights(2, "8S")
    assert_illegal(state, TakePenalty(2), "no_penalty")


# ---------------------------------------------------------------------------------------------
# Ace and Jack


def test_ace_makes_the_next_player_miss_their_turn() -> None:
    # "L'As : le joueur suivant passe son tour."
    deck = stacked_deck(
        ["3C 2D 4D 6D 7D 9D 10D", "AC 2S 4S 6S 7S 9S 10S", "KC 2H 4H 6H 7H 9H 10H"],
        starter="5C",
    )
    state = crazy_eights.new_game(3, seed=0, deck=deck)
    state = state.apply(PlayCard(1, C("AC")))
    assert state.last_events == (CardPlayed(1, C("AC")), TurnSkipped(2))
    assert state.current == 0
    assert state.legal_moves() == plays(0, "3C")


def test_ace_without_power_preset_skips_nobody() -> None:
    # "il ne vaut 1 que dans les versions où il n'a aucun pouvoir": the Ace is a plain card.
    deck = stacked_deck(
        ["3C 2D 4D 6D 7D 9D 10D", "AC 2S 4S 6S 7S 9S 10S", "KC 2H 4H 6H 7H 9H 10H"],
        starter="5C",
    )
    rules = crazy_eights.PRESETS["ace-without-power"]
    state = crazy_eights.new_game(3, seed=0, rules=rules, deck=deck)
    state = state.apply(PlayCard(1, C("AC")))
    assert state.last_events == (CardPlayed(1, C("AC")),)
    assert state.current == 2


def test_jack_reverses_the_direction_with_four_players() -> None:
    # "Le Valet : le sens du jeu s'inverse."
    deck = stacked_deck(
        [
            "3C 2D 4D 6D 7D 9D 10D",
            "JC 2S 4S 6S 7S 9S 10S",
            "JH KS QS 5S 3S 3D 5D",
            "3H KD QD 8D 2C 4C 6C",
        ],
        starter="5C",
    )
    state = crazy_eights.new_game(4, seed=0, deck=deck)
    state = state.apply(PlayCard(1, C("JC")))
    assert state.last_events == (CardPlayed(1, C("JC")), DirectionReversed(1, -1))
    assert (state.direction, state.current) == (-1, 0)

    state = state.apply(PlayCard(0, C("3C")))
    assert state.current == 3  # counter-clockwise: seat 0, then seat 3
    state = state.apply(PlayCard(3, C("3H")))
    assert state.current == 2
    state = state.apply(PlayCard(2, C("JH")))  # a second Jack turns back clockwise
    assert state.last_events == (CardPlayed(2, C("JH")), DirectionReversed(2, 1))
    assert (state.direction, state.current) == (1, 3)


def test_jack_and_ace_at_two_players_make_their_player_play_again() -> None:
    # "Le Valet : le sens du jeu s'inverse. À deux joueurs, il fait rejouer celui qui l'a posé."
    # The Ace makes the only other player miss their turn: its player plays again as well.
    deck = stacked_deck(["2D 3D 4D 6D 7D 9D 10D", "JC AC 4C 2S 3S 4S 6S"], starter="5C")
    state = crazy_eights.new_game(2, seed=0, deck=deck)
    state = state.apply(PlayCard(1, C("JC")))
    assert state.last_events == (CardPlayed(1, C("JC")), PlaysAgain(1))
    assert (state.current, state.direction) == (1, 1)
    assert state.legal_moves() == (*plays(1, "4C"), *plays(1, "AC"))

    state = state.apply(PlayCard(1, C("AC")))
    assert state.last_events == (CardPlayed(1, C("AC")), PlaysAgain(1))
    assert state.current == 1
    state = state.apply(PlayCard(1, C("4C")))
    assert state.current == 0


# ---------------------------------------------------------------------------------------------
# Drawing


NO_CLUB_NO_FIVE = "3H 4H 6H 7H 9H 10H KH"


def test_draw_one_card_when_nothing_fits_and_lay_it_at_once() -> None:
    # "Si vous n'avez aucune carte jouable, piochez une carte. Si elle convient, vous pouvez la
    # poser aussitôt ; sinon, gardez-la et passez votre tour."
    deck = stacked_deck(
        ["2C 8D 2S 3S 4S 6S 7S", NO_CLUB_NO_FIVE, "3D 4D 6D 7D 9D 10D KD"],
        starter="5C",
        stock="QC 2H",
    )
    state = crazy_eights.new_game(3, seed=0, deck=deck)
    assert state.legal_moves() == (Draw(1),)
    assert_illegal(state, Pass(1), "cannot_pass")

    state = state.apply(Draw(1))
    assert state.last_events == (CardsDrawn(1, 1, "turn", (C("QC"),)),)
    assert (state.phase, state.drawn, state.current) == (Phase.AFTER_DRAW, C("QC"), 1)
    # Only the drawn card may be laid now, or the player keeps it and passes.
    assert state.legal_moves() == (*plays(1, "QC"), Pass(1))
    assert_illegal(state, PlayCard(1, C("3H")), "only_drawn_card")
    assert_illegal(state, Draw(1), "already_drew")
    assert state.view(1).drawn == C("QC")
    assert state.view(2).drawn is None

    laid = state.apply(PlayCard(1, C("QC")))
    assert laid.last_events == (CardPlayed(1, C("QC")),)
    assert (laid.phase, laid.drawn, laid.current, laid.top) == (Phase.PLAY, None, 2, C("QC"))
    assert laid.hands[1] == hand(NO_CLUB_NO_FIVE)


def test_draw_one_card_that_fits_and_keep_it() -> None:
    # "... vous pouvez la poser aussitôt": may, not must; keeping it passes the turn.
    deck = stacked_deck(
        ["2C 8D 2S 3S 4S 6S 7S", NO_CLUB_NO_FIVE, "3D 4D 6D 7D 9D 10D KD"],
        starter="5C",
        stock="QC 2H",
    )
    state = crazy_eights.new_game(3, seed=0, deck=deck).apply(Draw(1))
    state = state.apply(Pass(1))
    assert state.last_events == (Passed(1),)
    assert (state.phase, state.drawn, state.current, state.passes) == (Phase.PLAY, None, 2, 0)
    assert state.hands[1] == (*hand(NO_CLUB_NO_FIVE), C("QC"))
    assert state.top == C("5C")

    # "sinon, gardez-la et passez votre tour": the 2 of hearts does not fit, so the drawer keeps
    # it and passes. The drawer passes with a move even then (after_draw=play_or_pass): since a
    # player may keep a card that fits too, the others cannot tell whether it fitted, as at a
    # real table. (The turn used to pass by itself, which told everyone it did not fit.)
    assert state.legal_moves() == (Draw(2),)
    state = state.apply(Draw(2))
    assert state.last_events == (CardsDrawn(2, 1, "turn", (C("2H"),)),)
    assert (state.phase, state.drawn, state.current) == (Phase.AFTER_DRAW, C("2H"), 2)
    assert state.legal_moves() == (Pass(2),)
    assert_illegal(state, PlayCard(2, C("2H")), "card_does_not_match")
    assert_illegal(state, Draw(2), "already_drew")
    state = state.apply(Pass(2))
    assert state.last_events == (Passed(2),)
    assert (state.phase, state.drawn, state.current, state.passes) == (Phase.PLAY, None, 0, 0)
    assert state.hands[2][-1] == C("2H")


def test_opponents_cannot_tell_whether_a_drawn_card_fits() -> None:
    # The same position, but the stock holds a card that fits (QC) or one that does not (2H):
    # what the other players see after the draw, and after the drawer keeps it, is the same.
    def drawn_and_kept(stock: str) -> tuple[State, State]:
        deck = stacked_deck(
            ["2C 8D 2S 3S 4S 6S 7S", NO_CLUB_NO_FIVE, "3D 4D 6D 7D 9D 10D KD"],
            starter="5C",
            stock=stock,
        )
        drawn = crazy_eights.new_game(3, seed=0, deck=deck).apply(Draw(1))
        return drawn, drawn.apply(Pass(1))

    fits, fits_kept = drawn_and_kept("QC 2H")
    misses, misses_kept = drawn_and_kept("2H QC")
    assert fits.legal_moves() == (*plays(1, "QC"), Pass(1))
    assert misses.legal_moves() == (Pass(1),)
    for viewer in (None, 0, 2):
        assert fits.view(viewer) == misses.view(viewer)
        assert fits_kept.view(viewer) == misses_kept.view(viewer)
    assert fits.view(1) != misses.view(1)


def test_no_drawing_while_holding_a_playable_card() -> None:
    # "Si vous n'avez aucune carte jouable, piochez une carte": with a playable card, no draw.
    deck = stacked_deck(
        ["2C 8D 2S 3S 4S 6S 7S", "QC 3H 4H 6H 7H 9H 10H", "3D 4D 6D 7D 9D 10D KD"],
        starter="5C",
        stock="KC",
    )
    state = crazy_eights.new_game(3, seed=0, deck=deck)
    assert state.legal_moves() == plays(1, "QC")
    assert_illegal(state, Draw(1), "must_play")
    assert_illegal(state, Pass(1), "cannot_pass")

    # Preset "draw-when-playable": drawing is allowed anyway (listed after the cards).
    rules = crazy_eights.PRESETS["draw-when-playable"]
    state = crazy_eights.new_game(3, seed=0, rules=rules, deck=deck)
    assert state.legal_moves() == (*plays(1, "QC"), Draw(1))
    state = state.apply(Draw(1))
    assert state.last_events == (CardsDrawn(1, 1, "turn", (C("KC"),)),)
    assert (state.phase, state.drawn) == (Phase.AFTER_DRAW, C("KC"))


def test_draw_until_playable_preset() -> None:
    # "Sans carte jouable, on pioche jusqu'à en trouver une, ou on passe selon la convention
    # retenue": preset "draw-until-playable" draws until a card fits, which must then be laid.
    deck = stacked_deck(
        ["2C 8D 2S 3S 4S 6S 7S", NO_CLUB_NO_FIVE, "3D 4D 6D 7D 9D 10D KD"],
        starter="5C",
        stock="2H QH JD KC JS",
    )
    rules = crazy_eights.PRESETS["draw-until-playable"]
    state = crazy_eights.new_game(3, seed=0, rules=rules, deck=deck)
    assert state.legal_moves() == (Draw(1),)
    state = state.apply(Draw(1))
    assert state.last_events == (CardsDrawn(1, 4, "turn", hand("2H QH JD KC")),)
    assert (state.phase, state.drawn, state.current) == (Phase.AFTER_DRAW, C("KC"), 1)
    assert state.legal_moves() == plays(1, "KC")  # no pass: it must be laid
    assert_illegal(state, Pass(1), "must_play_drawn_card")
    assert_illegal(state, PlayCard(1, C("2H")), "only_drawn_card")
    state = state.apply(PlayCard(1, C("KC")))
    assert (state.current, state.top, len(state.hands[1])) == (2, C("KC"), 10)


def test_draw_until_playable_stops_at_a_wild_eight() -> None:
    # An 8 fits anything: drawing stops there and it is laid naming a suit.
    deck = stacked_deck(
        ["2C 8D 2S 3S 4S 6S 7S", NO_CLUB_NO_FIVE, "3D 4D 6D 7D 9D 10D KD"],
        starter="5C",
        stock="2H 8H KC",
    )
    rules = crazy_eights.PRESETS["draw-until-playable"]
    state = crazy_eights.new_game(3, seed=0, rules=rules, deck=deck).apply(Draw(1))
    assert state.last_events == (CardsDrawn(1, 2, "turn", hand("2H 8H")),)
    assert state.legal_moves() == eights(1, "8H")


# ---------------------------------------------------------------------------------------------
# The starter


def test_a_starter_eight_goes_back_into_the_stock() -> None:
    # "Retournez la carte du dessus de la pioche à côté : c'est le début de la défausse. Si
    # c'est un 8, remettez-le dans la pioche et retournez-en une autre."
    deck = open_deck(3, "8H", stock="5C")
    state = crazy_eights.new_game(3, seed=0, deck=deck)
    assert state.last_events == (
        StarterTurned(C("8H")),
        StarterReturned(C("8H")),
        StarterTurned(C("5C")),
    )
    assert state.discard == (C("5C"),)
    assert state.suit is CLUBS
    assert C("8H") in state.stock
    assert len(state.stock) == 52 - 21 - 1
    assert state.hands == crazy_eights.new_game(3, seed=0, deck=open_deck(3, "5C")).hands
    assert all_cards_conserved(state)
    # The place is random (seeded): several seeds put the 8 at several places.
    places = {crazy_eights.new_game(3, seed=s, deck=deck).stock.index(C("8H")) for s in range(12)}
    assert len(places) > 1


@pytest.mark.parametrize("seed", range(8))
def test_starter_eights_in_a_row_all_go_back(seed: int) -> None:
    # Four 8s on top of the stock: each one turned goes back, until a card that is not an 8.
    deck = open_deck(3, "8H", stock="8S 8C 8D 5C")
    state = crazy_eights.new_game(3, seed=seed, deck=deck)
    events = state.last_events
    assert events[0] == StarterTurned(C("8H"))
    assert events[-1] == StarterTurned(state.top)
    assert state.top.rank is not None
    assert state.top.rank != 8
    for turned, returned in zip(events[:-1:2], events[1::2], strict=True):
        assert isinstance(turned, StarterTurned)
        assert returned == StarterReturned(turned.card)
        assert turned.card.rank == 8
    assert len(state.stock) == 30
    assert {C(t) for t in ("8H", "8S", "8C", "8D")} <= set(state.stock)
    assert all_cards_conserved(state)


def test_other_starters_have_no_effect_by_default() -> None:
    # The seed gives the starter no effect: a 2, an Ace or a Jack turned up does nothing.
    for starter in ("2C", "AC", "JC"):
        state = crazy_eights.new_game(3, seed=0, deck=open_deck(3, starter))
        assert state.last_events == (StarterTurned(C(starter)),)
        assert (state.current, state.direction, state.penalty) == (1, 1, 0)


def test_starter_effects_preset() -> None:
    # Preset "starter-effects": the card turned up acts as if the dealer (seat 0) had laid it.
    rules = crazy_eights.PRESETS["starter-effects"]

    two = crazy_eights.new_game(3, seed=0, rules=rules, deck=open_deck(3, "2C"))
    assert two.last_events == (StarterTurned(C("2C")), PenaltyGrown(1, 2))
    assert (two.current, two.penalty) == (1, 2)
    assert TakePenalty(1) in two.legal_moves()

    ace = crazy_eights.new_game(3, seed=0, rules=rules, deck=open_deck(3, "AC"))
    assert ace.last_events == (StarterTurned(C("AC")), TurnSkipped(1))
    assert ace.current == 2

    jack = crazy_eights.new_game(3, seed=0, rules=rules, deck=open_deck(3, "JC"))
    assert jack.last_events == (StarterTurned(C("JC")), DirectionReversed(0, -1))
    assert (jack.current, jack.direction) == (2, -1)

    jack2 = crazy_eights.new_game(2, seed=0, rules=rules, deck=open_deck(2, "JC"))
    assert jack2.last_events == (StarterTurned(C("JC")), PlaysAgain(0))
    assert (jack2.current, jack2.direction) == (0, 1)

    plain = crazy_eights.new_game(3, seed=0, rules=rules, deck=open_deck(3, "9C"))
    assert plain.last_events == (StarterTurned(C("9C")),)
    assert plain.current == 1

    # A starter 8 still goes back first; the card that replaces it then acts.
    eight = crazy_eights.new_game(3, seed=0, rules=rules, deck=open_deck(3, "8H", stock="2D"))
    assert eight.last_events == (
        StarterTurned(C("8H")),
        StarterReturned(C("8H")),
        StarterTurned(C("2D")),
        PenaltyGrown(1, 2),
    )


# ---------------------------------------------------------------------------------------------
# Announcing the last card


def announce_game() -> State:
    """Three hands of three; after three plays seat 1 holds 7C 9H, the 6 of hearts on top."""
    deck = stacked_deck(["6H 2S 3S", "6C 7C 9H", "6D KS QS"], starter="5C", stock="2H 3H 4H")
    state = crazy_eights.new_game(3, seed=0, rules=Rules(hand_size=3), deck=deck)
    # With three cards the first card laid is not the second-to-last: no announcement.
    assert state.legal_moves() == (*plays(1, "6C"), *plays(1, "7C"))
    assert_illegal(state, PlayCard(1, C("6C"), announce=True), "announce_not_allowed")
    state = state.apply(PlayCard(1, C("6C")))
    assert state.last_events == (CardPlayed(1, C("6C")),)
    state = state.apply(PlayCard(2, C("6D")))
    state = state.apply(PlayCard(0, C("6H")))
    assert state.hands[1] == hand("7C 9H")
    return state


def test_announce_the_second_to_last_card() -> None:
    # "Quand on pose son avant-dernière carte, on annonce « carte ! »."
    state = announce_game()
    assert state.legal_moves() == plays(1, "9H", announce=True)
    state = state.apply(PlayCard(1, C("9H"), announce=True))
    assert state.last_events == (CardPlayed(1, C("9H")), AnnouncementMade(1))
    assert state.announce_target is None
    assert state.to_act == (2,)
    assert_illegal(state, CallOut(0, 1), "nothing_to_call_out")


def test_a_missed_announcement_called_out_costs_two_cards() -> None:
    # "Si un autre joueur remarque l'oubli avant que le suivant ait joué, le distrait pioche deux
    # cartes de pénalité."
    state = announce_game()
    state = state.apply(PlayCard(1, C("9H")))
    assert state.last_events == (CardPlayed(1, C("9H")), AnnouncementMissed(1))
    assert (state.announce_target, state.current) == (1, 2)
    # The other players, and only they, may call it out: seat 2 (whose turn it is) and seat 0.
    assert state.to_act == (2, 0)
    assert state.legal_moves(2) == (Draw(2), CallOut(2, 1))
    assert state.legal_moves(0) == (CallOut(0, 1),)
    assert state.legal_moves(1) == ()
    assert state.legal_moves() == (Draw(2), CallOut(2, 1), CallOut(0, 1))
    assert_illegal(state, CallOut(1, 1), "bad_target")

    called = state.apply(CallOut(0, 1))
    assert called.last_events == (
        AnnouncementCalled(0, 1),
        CardsDrawn(1, 2, "callout", hand("2H 3H")),
    )
    assert called.hands[1] == hand("7C 2H 3H")
    # The call-out is out of turn: it is still seat 2's turn, and the window is closed.
    assert (called.current, called.announce_target, called.to_act) == (2, None, (2,))
    assert_illegal(called, CallOut(2, 1), "nothing_to_call_out")


def test_the_call_out_window_closes_after_the_next_move() -> None:
    # "... avant que le suivant ait joué": once seat 2 has moved, it is too late.
    state = announce_game().apply(PlayCard(1, C("9H")))
    state = state.apply(Draw(2))
    assert state.announce_target is None
    assert state.to_act == (2,)  # seat 2 drew the 2 of hearts, which fits: lay it or pass
    assert_illegal(state, CallOut(0, 1), "nothing_to_call_out")
    assert state.hands[1] == hand("7C")


# ---------------------------------------------------------------------------------------------
# Empty stock

# Two hands of 25: 50 dealt, the 3 of clubs turned up, the King of hearts alone in the stock.
# Seat 1 holds neither spades, 7s (but the 7 of hearts), Queens nor 8s.
RESHUFFLE_SEAT_1 = "2C 4C 5C 6C 9C 10C JC KC 2D 3D 5D 6D 9D 10D JD KD 2H 3H 4H 5H 7H 9H 10H JH AH"


def reshuffle_game(seed: int) -> State:
    seat_1 = hand(RESHUFFLE_SEAT_1)
    seat_0 = tuple(remaining([*seat_1, C("3C"), C("KH")]))
    deck = stacked_deck([" ".join(map(str, seat_0)), RESHUFFLE_SEAT_1], starter="3C", stock="KH")
    state = crazy_eights.new_game(2, seed=seed, rules=Rules(hand_size=25), deck=deck)
    for move in (
        PlayCard(1, C("4C")),
        PlayCard(0, C("4D")),
        PlayCard(1, C("6D")),
        PlayCard(0, C("6H")),
        PlayCard(1, C("7H")),
        PlayCard(0, C("7S")),
    ):
        state = state.apply(move)
    # Seat 1 cannot follow the 7 of spades: it draws the last card of the stock, which does
    # not fit either, and keeps it.
    assert state.legal_moves() == (Draw(1),)
    state = state.apply(Draw(1))
    assert state.last_events == (CardsDrawn(1, 1, "turn", (C("KH"),)),)
    state = state.apply(Pass(1))
    assert (state.stock, state.current) == ((), 0)
    state = state.apply(PlayCard(0, C("QS")))
    assert state.discard == hand("3C 4C 4D 6D 6H 7H 7S QS")
    return state


def test_an_empty_stock_is_remade_from_the_discard_pile_but_its_top_card() -> None:
    # "Quand la pioche est vide : Gardez la carte du dessus de la défausse, mélangez le reste, et
    # retournez-le pour refaire une pioche."
    state = reshuffle_game(seed=1)
    assert state.legal_moves() == (Draw(1),)  # the stock is empty, but the pile can be reused
    after = state.apply(Draw(1))
    reshuffled, drawn = after.last_events
    assert reshuffled == StockReshuffled(7)
    assert isinstance(drawn, CardsDrawn)
    assert drawn.count == 1
    assert drawn.cards is not None
    assert after.discard == (C("QS"),)
    assert len(after.stock) == 6
    assert sorted((*drawn.cards, *after.stock)) == sorted(hand("3C 4C 4D 6D 6H 7H 7S"))
    assert all_cards_conserved(after)


def test_the_reshuffle_is_seeded() -> None:
    # The new stock comes from the state's seeded generator: same seed, same order.
    def new_stock(seed: int) -> tuple[Card, ...]:
        after = reshuffle_game(seed).apply(Draw(1))
        drawn = after.last_events[1]
        assert isinstance(drawn, CardsDrawn)
        assert drawn.cards is not None
        return (*drawn.cards, *after.stock)

    assert new_stock(1) == new_stock(1)
    assert new_stock(1) != new_stock(2)
    assert len({new_stock(seed) for seed in range(6)}) > 1


def blocked_position(hands: Sequence[str]) -> State:
    """Seat 1 to play on the 5 of spades, the stock empty and the pile holding only that card.

    With one deck this cannot happen in play (the other twelve spades are in someone's hand and
    a spade always fits), so the position is built by hand from a dealt state: white box.
    """
    dealt = crazy_eights.new_game(3, seed=0, deck=open_deck(3, "5S"))
    return dealt._evolve(hands=tuple(hand(h) for h in hands), stock=(), discard=(C("5S"),))


def test_a_blocked_round_is_won_by_the_lowest_hand() -> None:
    # Module rules: "When nothing can be drawn, a player who cannot play passes; when everyone
    # has passed in a row the round is blocked and the lowest hand value wins it."
    state = blocked_position(["KC 3C", "QC 2D", "JC 4H"])  # 13, 12 and 14 points
    assert state.legal_moves() == (Pass(1),)
    with pytest.raises(IllegalMoveError) as info:
        state.apply(Draw(1))
    assert info.value.reason == "cannot_draw"
    state = state.apply(Pass(1))
    assert state.last_events == (Passed(1),)
    assert (state.current, state.passes, state.is_over) == (2, 1, False)
    state = state.apply(Pass(2)).apply(Pass(0))
    outcome = finished(state)
    assert state.last_events == (Passed(0), RoundOver(outcome))
    assert (outcome.reason, outcome.winners) == (Termination.BLOCKED, (1,))
    assert outcome.scores == (0, 13 + 14, 0)
    assert state.legal_moves() == ()


def test_a_blocked_round_tie_gives_several_winners() -> None:
    # A tie for the lowest hand value: each tied player wins the round and collects the others.
    state = blocked_position(["KC 3C", "QC 2D", "JC 2H"])  # 13, 12 and 12 points
    state = state.apply(Pass(1)).apply(Pass(2)).apply(Pass(0))
    outcome = finished(state)
    assert (outcome.reason, outcome.winners) == (Termination.BLOCKED, (1, 2))
    assert outcome.scores == (0, 13, 13)


def test_a_round_at_the_move_limit_is_scored_like_a_blocked_round() -> None:
    # Rule `max_moves`: the round ends after that many moves, the lowest hand value winning.
    deck = stacked_deck(
        ["2C 8D 2S 3S 4S 6S 7S", NO_CLUB_NO_FIVE, "3D 4D 6D 7D 9D 10D KD"],
        starter="5C",
        stock="2H QH JD 10S 9S JS",
    )
    # A drawer whose card does not fit passes with a move of their own (after_draw=play_or_pass),
    # so these twelve moves were ten before that rule.
    state = crazy_eights.new_game(3, seed=0, rules=Rules(max_moves=12), deck=deck)
    for move in (
        Draw(1),  # 2H
        Pass(1),
        Draw(2),  # QH
        Pass(2),
        PlayCard(0, C("2C")),
        PlayCard(1, C("2H")),
        TakePenalty(2),  # JD 10S 9S JS
        PlayCard(0, C("8D"), CLUBS),
        Draw(1),  # 3C, which fits
        PlayCard(1, C("3C")),
        PlayCard(2, C("3D")),
    ):
        state = state.apply(move)
    assert not state.is_over
    state = state.apply(PlayCard(0, C("3S")))  # the twelfth move
    outcome = finished(state)
    assert state.hands == (
        hand("2S 4S 6S 7S"),  # 19
        hand("3H 4H 6H 7H 9H 10H KH"),  # 49
        hand("4D 6D 7D 9D 10D KD QH JD 10S 9S JS"),  # 95
    )
    assert (outcome.reason, outcome.winners) == (Termination.TURN_LIMIT, (0,))
    assert outcome.scores == (49 + 95, 0, 0)


# ---------------------------------------------------------------------------------------------
# Going out


def test_the_round_ends_the_moment_the_last_card_is_laid_even_a_two() -> None:
    # "La manche s'arrête dès qu'un joueur pose sa dernière carte. Il encaisse la valeur des
    # cartes qui restent dans les mains des autres." A last 2 makes nobody draw.
    deck = stacked_deck(["8H 8S KD QH 10S 3D 4H", "JC JD JH JS AS AC 2C"], starter="5C", stock="KC")
    state = crazy_eights.new_game(2, seed=0, deck=deck)
    for card in ("JC", "JD", "JH", "JS", "AS"):
        state = state.apply(PlayCard(1, C(card)))
        assert state.current == 1  # two players: Jacks and Aces play again
    assert state.legal_moves() == plays(1, "AC", announce=True)
    state = state.apply(PlayCard(1, C("AC"), announce=True))
    assert state.last_events == (CardPlayed(1, C("AC")), AnnouncementMade(1), PlaysAgain(1))
    assert state.legal_moves() == plays(1, "2C")

    state = state.apply(PlayCard(1, C("2C")))
    outcome = finished(state)
    assert state.last_events == (CardPlayed(1, C("2C")), RoundOver(outcome))
    assert (state.phase, state.penalty, state.is_over) == (Phase.OVER, 0, True)
    assert outcome.reason is Termination.WENT_OUT
    assert outcome.winners == (1,)
    # 8H 8S KD QH 10S 3D 4H: 50 + 50 + 10 + 10 + 10 + 3 + 4
    assert outcome.scores == (0, 137)
    assert state.legal_moves() == ()
    assert state.to_act == ()
    assert_illegal(state, TakePenalty(0), "game_over")
    assert_illegal(state, Draw(0), "game_over")


def test_going_out_with_a_two_among_three_players() -> None:
    # The 2 that ends the round imposes nothing on the next player; the winner collects the
    # value of both other hands.
    deck = stacked_deck(["3H 4H", "6C 2C", "KD QD"], starter="5C", stock="9H 7D")
    state = crazy_eights.new_game(3, seed=0, rules=Rules(hand_size=2), deck=deck)
    state = state.apply(PlayCard(1, C("6C"), announce=True))
    state = state.apply(Draw(2)).apply(Pass(2))  # the 9 of hearts does not fit the 6 of clubs
    state = state.apply(Draw(0)).apply(Pass(0))  # nor does the 7 of diamonds
    assert state.current == 1
    state = state.apply(PlayCard(1, C("2C")))
    outcome = finished(state)
    assert state.last_events == (CardPlayed(1, C("2C")), RoundOver(outcome))
    assert (outcome.reason, outcome.winners, state.penalty) == (Termination.WENT_OUT, (1,), 0)
    # Seat 0: 3H 4H 7D (14); seat 2: KD QD 9H (29).
    assert outcome.scores == (0, 43, 0)


def test_a_last_two_laid_on_a_pending_penalty_ends_the_round() -> None:
    # "La manche s'arrête dès qu'un joueur pose sa dernière carte": a last 2 stacked on a
    # penalty passes nothing on; the next player draws nothing.
    deck = stacked_deck(["3H 4H", "2C 2H", "2D KS"], starter="5C", stock="5D 6D 7D 9D")
    state = crazy_eights.new_game(3, seed=0, rules=Rules(hand_size=2), deck=deck)
    state = state.apply(PlayCard(1, C("2C"), announce=True))
    state = state.apply(PlayCard(2, C("2D"), announce=True))
    assert state.last_events == (CardPlayed(2, C("2D")), AnnouncementMade(2), PenaltyGrown(0, 4))
    state = state.apply(TakePenalty(0))
    assert state.hands[0] == hand("3H 4H 5D 6D 7D 9D")
    state = state.apply(PlayCard(1, C("2H")))
    outcome = finished(state)
    assert state.last_events == (CardPlayed(1, C("2H")), RoundOver(outcome))
    assert (state.penalty, state.hands[2]) == (0, hand("KS"))
    # Seat 0: 3 + 4 + 5 + 6 + 7 + 9 = 34; seat 2: the King, 10.
    assert (outcome.reason, outcome.winners, outcome.scores) == (
        Termination.WENT_OUT,
        (1,),
        (0, 44, 0),
    )


# ---------------------------------------------------------------------------------------------
# The sevens-draw variant


def test_sevens_draw_preset() -> None:
    # "Certaines tables confient la pioche au 7 plutôt qu'au 2": the 7 makes the next player
    # draw two (7 on 7 stacks) and the 2 is an ordinary card.
    deck = stacked_deck(
        [
            "7H 3S 4S 6S 9S 10S JS",
            "2C 4H 6H 9H 10H QH KH",
            "7C 8S 3D 4D 6D 9D 10D",
        ],
        starter="5C",
        stock="2H 3H 2D QD",
    )
    rules = crazy_eights.PRESETS["sevens-draw"]
    state = crazy_eights.new_game(3, seed=0, rules=rules, deck=deck)
    state = state.apply(PlayCard(1, C("2C")))
    assert state.last_events == (CardPlayed(1, C("2C")),)
    assert (state.current, state.penalty) == (2, 0)

    state = state.apply(PlayCard(2, C("7C")))
    assert state.last_events == (CardPlayed(2, C("7C")), PenaltyGrown(0, 2))
    assert state.legal_moves() == (*plays(0, "7H"), TakePenalty(0))
    state = state.apply(PlayCard(0, C("7H")))
    assert state.last_events == (CardPlayed(0, C("7H")), PenaltyGrown(1, 4))
    assert state.legal_moves() == (TakePenalty(1),)
    state = state.apply(TakePenalty(1))
    assert state.last_events == (
        PenaltyTaken(1, 4),
        CardsDrawn(1, 4, "penalty", hand("2H 3H 2D QD")),
    )
    assert (state.current, state.penalty) == (2, 0)


# ---------------------------------------------------------------------------------------------
# Illegal moves and notation


def illegal_cases() -> list[tuple[str, State, Move, str]]:
    deck = stacked_deck(
        ["2H 5S 6S 7S 9S 10S JS", "2C 3H 4H 6H 7H 9H 8C", "2D 8S KC QC JD 3D 4D"],
        starter="5C",
        stock="KH QH",
    )
    start = crazy_eights.new_game(3, seed=0, deck=deck)
    penalty = start.apply(PlayCard(1, C("2C")))
    nothing = crazy_eights.new_game(
        3,
        seed=0,
        deck=stacked_deck(
            ["2C 8D 2S 3S 4S 6S 7S", NO_CLUB_NO_FIVE, "3D 4D 6D 7D 9D 10D KD"],
            starter="5C",
            stock="QC",
        ),
    )
    after_draw = nothing.apply(Draw(1))
    return [
        ("another seat lays a card", start, PlayCard(2, C("KC")), "not_your_turn"),
        ("another seat draws", start, Draw(0), "not_your_turn"),
        ("a card held by someone else", start, PlayCard(1, C("KC")), "card_not_in_hand"),
        ("a card that does not fit", start, PlayCard(1, C("3H")), "card_does_not_match"),
        ("an 8 without a suit", start, PlayCard(1, C("8C")), "suit_required"),
        ("a named suit on a plain card", start, PlayCard(1, C("2C"), HEARTS), "suit_not_allowed"),
        (
            "an early announcement",
            start,
            PlayCard(1, C("2C"), announce=True),
            "announce_not_allowed",
        ),
        ("a draw with a playable card", start, Draw(1), "must_play"),
        ("a pass with a playable card", start, Pass(1), "cannot_pass"),
        ("a penalty that is not there", start, TakePenalty(1), "no_penalty"),
        ("a call-out with nothing to call", start, CallOut(0, 1), "nothing_to_call_out"),
        ("an 8 under a penalty", penalty, PlayCard(2, C("8S"), SPADES), "penalty_pending"),
        ("a draw under a penalty", penalty, Draw(2), "penalty_pending"),
        ("another card after a draw", after_draw, PlayCard(1, C("3H")), "only_drawn_card"),
        ("a second draw", after_draw, Draw(1), "already_drew"),
    ]


@pytest.mark.parametrize(
    ("state", "move", "reason"),
    [pytest.param(s, m, r, id=name) for name, s, m, r in illegal_cases()],
)
def test_illegal_moves_raise_and_change_nothing(state: State, move: Move, reason: str) -> None:
    assert move not in state.legal_moves()
    assert_illegal(state, move, reason)


def test_parse_and_format_every_kind_of_move() -> None:
    state = announce_game().apply(PlayCard(1, C("9H")))  # seat 2 to play, seat 1 callable
    cases: list[tuple[Move, str]] = [
        (PlayCard(2, C("KS")), "play KS"),
        (PlayCard(2, C("10D")), "play 10D"),
        (PlayCard(2, C("8H"), SPADES), "play 8H name spades"),
        (PlayCard(2, C("7C"), announce=True), "play 7C announce"),
        (PlayCard(2, C("8D"), CLUBS, announce=True), "play 8D name clubs announce"),
        (Draw(2), "draw"),
        (Pass(2), "pass"),
        (TakePenalty(2), "take"),
        (CallOut(0, 1), "callout 1"),
        (Announce(2), "announce"),
    ]
    for move, text in cases:
        assert state.format_move(move) == text
        assert state.parse_move(text, move.player) == move
    # The current player is the default; French words are read too ("annonce" is "carte").
    assert state.parse_move("joue 8H pique carte") == PlayCard(2, C("8H"), SPADES, True)
    assert state.parse_move("joue 8H annonce carte pique") == PlayCard(2, C("8H"), SPADES, True)
    assert state.parse_move("pioche") == Draw(2)
    for move in state.legal_moves():
        assert state.parse_move(state.format_move(move), move.player) == move


def _first_difference(rules: Rules, other: Rules, seed: int) -> int | None:
    """The move number at which random play under ``rules`` and ``other`` first offers different
    moves (the same seed, the same choices), or ``None`` if the two games stay the same."""
    chooser = random.Random(seed)
    state = crazy_eights.new_game(3, seed=seed, rules=rules)
    twin = crazy_eights.new_game(3, seed=seed, rules=other)
    for number in itertools.count():
        if state.is_over or twin.is_over:
            return None if state.is_over and twin.is_over else number
        legal = state.legal_moves()
        if legal.as_tuple() != twin.legal_moves().as_tuple():
            return number
        move = legal[chooser.randrange(len(legal))]
        state, twin = state.apply(move), twin.apply(move)
    raise AssertionError("unreachable")  # pragma: no cover


@pytest.mark.parametrize("preset", sorted(crazy_eights.PRESETS))
def test_any_draw_stacking_plays_like_same_rank_with_one_draw_rank(preset: str) -> None:
    # Documented on the stacking option: the 2 is the Marquoir rules' only draw card.
    rules = crazy_eights.PRESETS[preset]
    assert rules.stacking is Stacking.SAME_RANK
    any_draw = rules.replace(stacking="any_draw")
    assert all(_first_difference(rules, any_draw, seed) is None for seed in range(12))


def test_any_draw_stacking_differs_once_two_ranks_draw() -> None:
    rules = Rules(effects=Effects.parse("8:wild 2:draw2 7:draw2 A:skip J:reverse"))
    any_draw = rules.replace(stacking=Stacking.ANY_DRAW)
    assert any(_first_difference(rules, any_draw, seed) is not None for seed in range(200))
