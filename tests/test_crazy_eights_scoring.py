"""Hand-computed scoring fixtures for Crazy Eights: card values, rounds and matches.

The rule text is the Marquoir seed ("Compter les points", "Fin de la partie"), quoted in French.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from cardgames import crazy_eights
from cardgames.cards import Card, Rank, Suit, make_deck, parse_cards
from cardgames.crazy_eights import (
    AnnouncementMade,
    CardPlayed,
    Match,
    MatchOverError,
    PlayCard,
    RoundOver,
    Rules,
    State,
    TurnSkipped,
)
from cardgames.errors import InvalidArgumentError, InvalidRulesError
from cardgames.game import Termination

C = Card.parse
MARQUOIR = crazy_eights.PRESETS["marquoir"]
ACE_WITHOUT_POWER = crazy_eights.PRESETS["ace-without-power"]

# "les cartes de 2 à 10 valent leur valeur faciale ; les figures (Valet, Dame, Roi) valent 10 ;
# l'As vaut 20, puisqu'il fait passer un tour ; le 8 vaut 50"
POINTS: dict[Rank, int] = {
    Rank.TWO: 2,
    Rank.THREE: 3,
    Rank.FOUR: 4,
    Rank.FIVE: 5,
    Rank.SIX: 6,
    Rank.SEVEN: 7,
    Rank.EIGHT: 50,
    Rank.NINE: 9,
    Rank.TEN: 10,
    Rank.JACK: 10,
    Rank.QUEEN: 10,
    Rank.KING: 10,
    Rank.ACE: 20,
}


def stacked_deck(hands: Sequence[str], starter: str, *, dealer: int = 0) -> tuple[Card, ...]:
    """Deal ``hands`` (by seat, one card at a time from the dealer's left), then ``starter``;
    the other cards follow in code order."""
    parsed = [parse_cards(h) for h in hands]
    n = len(parsed)
    order = [parsed[(dealer + 1 + k) % n][i] for i in range(len(parsed[0])) for k in range(n)]
    order.append(C(starter))
    rest = list(make_deck())
    for card in order:
        rest.remove(card)
    return (*order, *rest)


# ---------------------------------------------------------------------------------------------
# Card values


@pytest.mark.parametrize("rank", list(Rank))
@pytest.mark.parametrize("suit", list(Suit))
def test_card_points_of_every_card(rank: Rank, suit: Suit) -> None:
    card = Card(rank, suit)
    assert crazy_eights.card_points(card) == POINTS[rank]
    assert crazy_eights.card_points(card, MARQUOIR) == POINTS[rank]


@pytest.mark.parametrize("rank", list(Rank))
def test_ace_is_worth_one_when_it_has_no_power(rank: Rank) -> None:
    # "il ne vaut 1 que dans les versions où il n'a aucun pouvoir"
    expected = 1 if rank is Rank.ACE else POINTS[rank]
    assert crazy_eights.card_points(Card(rank, Suit.HEARTS), ACE_WITHOUT_POWER) == expected


def test_card_points_in_the_other_presets() -> None:
    # The Ace keeps its power (and its 20 points) in every other preset; the 7 that makes the
    # next player draw is still worth its face value.
    for name, rules in crazy_eights.PRESETS.items():
        if name == "ace-without-power":
            continue
        assert crazy_eights.card_points(C("AS"), rules) == 20, name
        assert crazy_eights.card_points(C("7S"), rules) == 7, name
        assert crazy_eights.card_points(C("8S"), rules) == 50, name
    assert sum(crazy_eights.card_points(card) for card in make_deck()) == 4 * sum(POINTS.values())


def test_hand_points() -> None:
    assert crazy_eights.hand_points(()) == 0
    assert crazy_eights.hand_points(parse_cards("8H KS")) == 60
    assert crazy_eights.hand_points(parse_cards("3C AS")) == 23
    assert crazy_eights.hand_points(parse_cards("3C AS"), ACE_WITHOUT_POWER) == 4
    assert crazy_eights.hand_points(parse_cards("10D JD QD KD 2C")) == 42


# ---------------------------------------------------------------------------------------------
# Rounds


def test_the_seed_example_scores_83_points() -> None:
    # "Léa sort. Il reste à Tom un 8 et un Roi (50 + 10), à Sam un 3 et un As (3 + 20). Léa
    # marque 83 points."
    by_name: dict[str, Sequence[Card]] = {
        "Léa": (),
        "Tom": parse_cards("8H KS"),
        "Sam": parse_cards("3C AS"),
    }
    assert crazy_eights.round_points(by_name) == {"Léa": 83, "Tom": 0, "Sam": 0}
    by_seat = [(), parse_cards("8H KS"), parse_cards("3C AS")]
    assert crazy_eights.round_points(by_seat) == (83, 0, 0)
    assert crazy_eights.round_winners(by_seat) == (0,)
    # Where the Ace has no power it is worth 1: 50 + 10 + 3 + 1.
    assert crazy_eights.round_points(by_seat, ACE_WITHOUT_POWER) == (64, 0, 0)


def test_round_points_when_nobody_went_out() -> None:
    # A blocked round: the lowest hand value wins it and collects the others; a tie shares it
    # (each tied player collects the value of the hands that did not win).
    hands = [parse_cards("KC 3C"), parse_cards("QC 2D"), parse_cards("JC 4H")]  # 13, 12, 14
    assert crazy_eights.round_winners(hands) == (1,)
    assert crazy_eights.round_points(hands) == (0, 27, 0)
    tied = [parse_cards("KC 3C"), parse_cards("QC 2D"), parse_cards("JC 2H")]  # 13, 12, 12
    assert crazy_eights.round_winners(tied) == (1, 2)
    assert crazy_eights.round_points(tied) == (0, 13, 13)


LEA, TOM, SAM = 0, 1, 2
PLAYERS = ("Léa", "Tom", "Sam")
# Three cards each, Sam dealing: Léa goes out on her third turn, Tom keeps 8H KS, Sam 3C AS.
EXAMPLE_RULES = Rules(hand_size=3, dealer=SAM)
EXAMPLE_DECK = stacked_deck(["6C AD 10H", "AC 8H KS", "10D 3C AS"], starter="4C", dealer=SAM)


def play_the_example(state: State) -> State:
    assert state.current == LEA
    state = state.apply(PlayCard(LEA, C("6C")))
    state = state.apply(PlayCard(TOM, C("AC")))  # Tom keeps his 8 and his King
    assert state.last_events == (CardPlayed(TOM, C("AC")), TurnSkipped(SAM))
    state = state.apply(PlayCard(LEA, C("AD"), announce=True))
    assert state.last_events == (CardPlayed(LEA, C("AD")), AnnouncementMade(LEA), TurnSkipped(TOM))
    state = state.apply(PlayCard(SAM, C("10D")))  # Sam keeps his 3 and his Ace
    return state.apply(PlayCard(LEA, C("10H")))


def test_the_seed_example_in_a_real_round() -> None:
    # "La manche s'arrête dès qu'un joueur pose sa dernière carte. Il encaisse la valeur des
    # cartes qui restent dans les mains des autres."
    state = crazy_eights.new_game(PLAYERS, seed=0, rules=EXAMPLE_RULES, deck=EXAMPLE_DECK)
    state = play_the_example(state)
    outcome = state.outcome()
    assert outcome is not None
    assert state.last_events == (CardPlayed(LEA, C("10H")), RoundOver(outcome))
    assert state.hands == ((), parse_cards("8H KS"), parse_cards("3C AS"))
    assert outcome.reason is Termination.WENT_OUT
    assert outcome.winners == (LEA,)
    assert outcome.scores == (83, 0, 0)


# ---------------------------------------------------------------------------------------------
# Matches


def test_a_match_is_won_by_the_first_to_reach_200() -> None:
    # "On joue des manches jusqu'à ce qu'un joueur atteigne 200 points : il a gagné."
    match = Match.new(PLAYERS)
    assert (match.totals, match.is_over, match.winners) == ((0, 0, 0), False, ())
    match = match.add_round({"Léa": 83, "Tom": 0, "Sam": 0}).add_round([0, 120, 0])
    match = match.add_round([0, 0, 60]).add_round([40, 0, 0])
    assert (match.totals, match.is_over, match.winners) == ((123, 120, 60), False, ())
    match = match.add_round([0, 79, 0])
    assert (match.totals, match.is_over) == ((123, 199, 60), False)  # 199 is not enough
    match = match.add_round([0, 1, 0])
    assert (match.totals, match.is_over, match.winners) == ((123, 200, 60), True, (TOM,))
    with pytest.raises(MatchOverError):
        match.add_round([10, 0, 0])
    with pytest.raises(MatchOverError):
        match.deal()
    assert match.to_dict()["winners"] == [TOM]


def test_totals_passing_200_in_the_same_round_are_compared() -> None:
    # Two players pass 200 in the last round (a blocked round with a tie): the higher total wins;
    # equal totals share the win.
    match = Match.new(3).add_round([190, 180, 0]).add_round([30, 30, 0])
    assert (match.totals, match.winners) == ((220, 210, 0), (0,))
    tie = Match.new(3).add_round([190, 190, 0]).add_round([20, 20, 0])
    assert (tie.totals, tie.winners) == ((210, 210, 0), (0, 1))


def test_five_rounds_preset_best_total_after_five_rounds() -> None:
    # "On peut aussi convenir d'un nombre de manches, et le meilleur total l'emporte."
    rules = crazy_eights.PRESETS["five-rounds"]
    match = Match.new(PLAYERS, rules)
    rounds = [[83, 0, 0], [0, 250, 0], [0, 0, 120], [90, 0, 0], [0, 0, 150]]
    for number, points in enumerate(rounds, start=1):
        assert not match.is_over  # 250 points do not end it
        match = match.add_round(points)
        assert len(match.rounds) == number
    assert (match.totals, match.is_over, match.winners) == ((173, 250, 270), True, (SAM,))
    with pytest.raises(MatchOverError):
        match.add_round([0, 0, 0])

    tie = Match.new(2, rules)
    for points in ([10, 0], [0, 10], [5, 0], [0, 5], [0, 0]):
        tie = tie.add_round(points)
    assert (tie.totals, tie.winners) == ((15, 15), (0, 1))


def test_the_dealer_rotates_clockwise() -> None:
    # Each round is dealt by the next seat; the player on the dealer's left starts.
    match = Match.new(PLAYERS)
    dealers: list[int] = []
    for _ in range(4):
        dealers.append(match.dealer)
        state = match.deal(seed=7)
        assert state.rules.dealer == match.dealer
        assert state.current == (match.dealer + 1) % 3
        match = match.add_round([0, 0, 0])
    assert dealers == [0, 1, 2, 0]
    assert Match.new(PLAYERS, Rules(dealer=2)).add_round([0, 0, 0]).dealer == 0


def test_a_dealt_round_is_recorded_in_the_match() -> None:
    # A match dealt with Sam as first dealer: the seed's example round, worth 83 to Léa.
    match = Match.new(PLAYERS, EXAMPLE_RULES)
    assert match.dealer == SAM
    state = match.deal(deck=EXAMPLE_DECK)
    with pytest.raises(ValueError, match="not over"):
        match.record(state)
    match = match.record(play_the_example(state))
    assert (match.rounds, match.totals, match.dealer) == (((83, 0, 0),), (83, 0, 0), LEA)
    assert match.deal(seed=1).current == TOM
    other = Match.new(["Ana", "Bob", "Cid"], EXAMPLE_RULES)
    with pytest.raises(ValueError, match="other players"):
        other.record(play_the_example(state))


def test_match_deal_is_seeded() -> None:
    match = Match.new(3, seed=42)
    assert match.deal() == match.deal()
    assert match.deal().hands != Match.new(3, seed=43).deal().hands


@pytest.mark.parametrize(
    "points",
    [
        [10, 0],  # too few scores
        [10, 0, 0, 0],  # too many
        [-5, 0, 0],  # negative
        [True, 0, 0],  # not an integer
        [2.5, 0, 0],
        {"Léa": 10, "Zoé": 5},  # unknown name
    ],
)
def test_match_refuses_bad_points(points: Sequence[object] | dict[str, int]) -> None:
    match = Match.new(PLAYERS)
    with pytest.raises(InvalidRulesError):
        match.add_round(points)  # type: ignore[arg-type]
    assert match.rounds == ()


def test_match_needs_two_players() -> None:
    with pytest.raises(InvalidRulesError):
        Match.new(["Léa"])
    with pytest.raises(InvalidRulesError):
        Match(MARQUOIR, PLAYERS, ((1, 2),))


# -- each game's match, and the shared engine without a default game (#13 item 1) -------------


def test_each_game_module_starts_a_match_of_its_own_game() -> None:
    from cardgames import huit_americain

    match = huit_americain.Match.new(["Léa", "Tom", "Sam"])
    assert (match.rules.game_name, match.rules.target_score) == ("huit-americain", 500)
    # 8 Américain: the match stops when a total reaches 500, not at Crazy Eights' 200.
    match = match.add_round([0, 250, 100])
    assert not match.is_over
    match = match.add_round([40, 260, 0])
    assert (match.totals, match.is_over, match.winners) == ((40, 510, 100), True, (0,))
    ce = crazy_eights.Match.new(["Léa", "Tom", "Sam"])
    assert (ce.rules.game_name, ce.add_round([0, 250, 100]).winners) == ("crazy-eights", (1,))
    # Other rules may still be given: they decide.
    assert crazy_eights.Match.new(2, huit_americain.Rules()).rules.target_score == 500


def test_the_shared_engine_takes_its_rules_from_its_caller() -> None:
    from cardgames.shedding import match as shared_match
    from cardgames.shedding import scoring as shared

    hands = [(), parse_cards("8H KS")]
    with pytest.raises(TypeError):
        shared_match.Match.new(["Léa", "Tom"])  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        shared.round_points(hands)  # type: ignore[call-overload]
    with pytest.raises(TypeError):
        shared.card_points(C("8H"))  # type: ignore[call-arg]
    assert shared.round_points(hands, MARQUOIR) == (60, 0)
    assert shared_match.Match.new(["Léa", "Tom"], MARQUOIR).rules is MARQUOIR


def test_no_module_of_the_shared_engine_imports_a_game_module() -> None:
    # The shared engine depends on none of its presets: not at import time, not in a function.
    import ast
    from pathlib import Path

    import cardgames.shedding

    presets = {"cardgames.crazy_eights", "cardgames.huit_americain"}
    for path in sorted(Path(cardgames.shedding.__file__).parent.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = {alias.name for alias in node.names}
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                names = {base} | {f"{base}.{alias.name}" for alias in node.names}
            else:
                continue
            assert not names & presets, f"{path.name} imports {names & presets}"


def test_importing_the_shared_engine_loads_no_game_module() -> None:
    import subprocess
    import sys

    code = (
        "import sys\n"
        "import cardgames.shedding, cardgames.shedding.match, cardgames.shedding.scoring\n"
        "import cardgames.shedding.deal, cardgames.shedding.invariants\n"
        "import cardgames.shedding.notation\n"
        "print(sorted(m for m in sys.modules if m.startswith('cardgames.') and "
        "m.split('.')[1] in ('crazy_eights', 'huit_americain', 'planets')))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


# -- hands a score keeper cannot have been dealt (#13 items 5 and 6) ---------------------------


def test_round_points_refuse_a_card_held_more_often_than_the_decks_hold_it() -> None:
    # Four 8 of hearts with one deck: three in Léa's hand, one in Sam's.
    hands = {"Léa": parse_cards("8H 8H 8H"), "Sam": parse_cards("8H")}
    with pytest.raises(InvalidArgumentError) as info:
        crazy_eights.round_points(hands)
    assert info.value.reason == "8H is held 4 times, but one deck of 52 cards has it once"
    # The same card in two hands.
    with pytest.raises(InvalidArgumentError) as info:
        crazy_eights.round_points({"Léa": (), "Tom": parse_cards("KS 3C"), "Sam": [C("KS")]})
    assert info.value.reason == "KS is held twice, but one deck of 52 cards has it once"
    # Two decks (six players by default, or decks=2): twice is possible, three times is not.
    assert crazy_eights.round_points([(), [C("KS")], [C("KS")]], decks=2) == (20, 0, 0)
    six = [(), [C("KS")], [C("KS")], [C("2C")], [C("3C")], [C("4C")]]
    assert crazy_eights.round_points(six) == (29, 0, 0, 0, 0, 0)
    with pytest.raises(InvalidArgumentError) as info:
        crazy_eights.round_points([*six[:5], [C("KS")]])
    assert info.value.reason == "KS is held 3 times, but 2 decks of 52 cards have it twice"


def test_round_points_refuse_a_joker_in_a_52_card_game_and_too_many_cards() -> None:
    with pytest.raises(InvalidArgumentError) as info:
        crazy_eights.round_points([(), [Card.JOKER, C("3C")]])
    assert info.value.reason == "there is no JOKER in one deck of 52 cards"
    assert info.value.value == "JOKER"
    from cardgames import huit_americain

    assert huit_americain.round_points([(), [Card.JOKER]]) == (0, 50)
    with pytest.raises(InvalidArgumentError) as info:
        huit_americain.round_points([(), [C("2C")]], huit_americain.PRESETS["32-cartes"])
    assert info.value.reason == "there is no 2C in one deck of 32 cards (7 to Ace)"
    # Every card of the deck in the hands leaves none for the discard pile.
    everything = make_deck()
    with pytest.raises(InvalidArgumentError) as info:
        crazy_eights.round_points([everything[:1], everything[1:]])
    assert info.value.reason == (
        "52 cards in the hands, but one deck of 52 cards leaves at most 51 in hands "
        "(the discard pile keeps at least one)"
    )
    assert crazy_eights.round_winners([(), everything[1:-1]]) == (0,)


def test_only_one_player_goes_out() -> None:
    hands = {"Léa": (), "Tom": parse_cards("8H KS"), "Sam": ()}
    with pytest.raises(InvalidArgumentError) as info:
        crazy_eights.round_points(hands)
    assert info.value.reason == "only one player goes out, but Léa and Sam hold no card"
    with pytest.raises(InvalidArgumentError):
        crazy_eights.round_winners([(), (), parse_cards("8H")])
    with pytest.raises(InvalidArgumentError) as info:
        crazy_eights.round_points([(), parse_cards("8H"), ()])
    assert "seat 0 and seat 2" in info.value.reason


@pytest.mark.parametrize("decks", [0, 9, True, "2", 1.0, None.__class__])
def test_a_bad_number_of_decks_is_refused(decks: object) -> None:
    with pytest.raises(InvalidArgumentError) as info:
        crazy_eights.round_points([(), [C("8H")]], decks=decks)  # type: ignore[call-overload]
    assert info.value.argument == "decks"


def test_a_match_scores_hands_and_refuses_impossible_ones() -> None:
    match = Match.new(["Léa", "Tom", "Sam"])
    match = match.add_hands({"léa": (), "Tom": parse_cards("8H KS"), "SAM": parse_cards("3C AS")})
    assert match.totals == (83, 0, 0)
    match = match.add_hands([parse_cards("2C"), (), parse_cards("8C")])
    assert match.totals == (83, 52, 0)
    for bad in (
        {"Léa": parse_cards("8H 8H 8H"), "Tom": parse_cards("8H"), "Sam": parse_cards("2C")},
        {"Léa": (), "Tom": (), "Sam": parse_cards("2C")},
        {"Léa": (), "Tom": parse_cards("2C")},
        {"Léa": (), "Tom": parse_cards("2C"), "Zoé": parse_cards("3C")},
        [(), parse_cards("2C")],
    ):
        with pytest.raises(InvalidArgumentError):
            match.add_hands(bad)
    assert match.add_hands([(), [C("KS")], [C("KS")]], decks=2).totals == (103, 52, 0)
