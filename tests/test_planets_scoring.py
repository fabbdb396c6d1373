"""Scoring of "8" on its own: gathering values, final scores and every tie-break."""

from __future__ import annotations

import pytest

from cardgames.errors import ParseError
from cardgames.planets import (
    BLACK_HOLE,
    PLANETS,
    Gathering,
    PlanetCard,
    Role,
    Rules,
    ScoreTable,
    Tally,
    final_scores,
    final_winners,
    gathering_points,
)

C, A = Role.COMMANDER, Role.ADJUTANT
SATURN, MARS, EARTH = PlanetCard.SATURN, PlanetCard.MARS, PlanetCard.EARTH


@pytest.mark.parametrize(
    ("size", "commander", "adjutant"),
    [
        (3, 3, 5),
        (4, 5, 8),
        (5, 8, 12),
        (6, 12, 18),
        (7, 17, 26),
        (8, 23, 35),
        (9, 30, 45),
        (10, 38, 57),
        (11, 47, 71),
        (12, 57, 86),
    ],
)
def test_house_table(size: int, commander: int, adjutant: int) -> None:
    assert gathering_points(size, C) == commander
    assert gathering_points(size, A) == adjutant
    assert gathering_points(size, "commandant") == commander
    assert gathering_points(size, "Adjutant") == adjutant
    assert Gathering.identical(SATURN, size, A).points() == adjutant


def test_all_different() -> None:
    # By default worth what 8 identical planets are (the rule text: the value depends on the
    # number of cards): 23 as Commander, 35 as Adjutant.
    assert gathering_points(8, C, all_different=True) == gathering_points(8, C) == 23
    assert gathering_points(8, A, all_different=True) == gathering_points(8, A) == 35
    rules = Rules(all_different_commander=40, all_different_adjutant=60)
    assert gathering_points(8, C, rules, all_different=True) == 40
    assert Gathering.all_different(A).points(rules) == 60
    with pytest.raises(ValueError, match="8 cards"):
        gathering_points(7, C, all_different=True)


def test_tables_are_options() -> None:
    rules = Rules(commander_points=ScoreTable(range(100, 110)))
    assert gathering_points(3, C, rules) == 100
    assert gathering_points(12, C, rules) == 109
    assert gathering_points(3, A, rules) == 5


@pytest.mark.parametrize("size", [0, 2, 13])
def test_sizes_out_of_range(size: int) -> None:
    with pytest.raises(ValueError, match="3 to 12"):
        gathering_points(size, C)


def test_bad_arguments() -> None:
    with pytest.raises(TypeError):
        gathering_points(True, C)
    with pytest.raises(ParseError):
        gathering_points(3, "general")
    with pytest.raises(ParseError):
        Role.parse(3)  # type: ignore[arg-type]


def test_roles() -> None:
    assert Role.parse("Commandant") is C
    assert Role.parse(" adjoint ") is A
    assert str(C) == "commander"
    assert A.french == "Adjoint"
    assert C.french == "Commandant"


def test_gathering_values() -> None:
    four = Gathering([SATURN] * 4, C)
    assert four.cards == (SATURN,) * 4
    assert four.size == 4
    assert four.planet is SATURN
    assert not four.is_all_different
    assert str(four) == "4 Saturn as commander"
    every = Gathering(reversed(PLANETS), A)
    assert every.cards == PLANETS
    assert every.is_all_different
    assert every.planet is None
    assert str(every) == "8 different planets as adjutant"
    for bad in ([SATURN] * 2, [SATURN] * 13, [SATURN, SATURN, MARS], [BLACK_HOLE] * 3, PLANETS[:7]):
        with pytest.raises(ValueError, match="gathering"):
            Gathering(bad, C)
    with pytest.raises(TypeError):
        Gathering([SATURN] * 3, "commander")  # type: ignore[arg-type]


def test_the_seed_example_4_then_3_saturns() -> None:
    # A gathering of 4 Saturns and a later one of 3 are two gatherings, not one of 7.
    tally = Tally((Gathering.identical(SATURN, 4, C), Gathering.identical(SATURN, 3, C)))
    assert tally.score() == 5 + 3
    assert tally.score() != gathering_points(7, C)
    assert tally.largest_gathering == 4


def test_full_count() -> None:
    # Léa: 5 Mars as Commander (8), 3 Earth as Adjutant (5), 8 different as Adjutant (35),
    # 2 cards discarded face down (+2), 4 cards left in hand (-4): 46.
    lea = Tally(
        (
            Gathering.identical(MARS, 5, C),
            Gathering.identical(EARTH, 3, A),
            Gathering.all_different(A),
        ),
        face_down=2,
        in_hand=4,
        black_holes=2,
    )
    # Tom: nothing laid, 1 face down, 9 in hand: -8.
    tom = Tally(face_down=1, in_hand=9)
    assert lea.score() == 8 + 5 + 35 + 2 - 4 == 46
    assert tom.score() == -8
    assert final_scores([lea, tom]) == (46, -8)
    assert final_scores({"Léa": lea, "Tom": tom}) == {"Léa": 46, "Tom": -8}
    assert lea.largest_gathering == 8
    assert tom.largest_gathering == 0
    assert final_winners([lea, tom], names=["Léa", "Tom"]) == ((0,), "Léa wins with 46 points.")
    assert final_winners([tom, lea]) == ((1,), "seat 1 wins with 46 points.")


def test_tie_broken_by_the_largest_gathering() -> None:
    # Both score 12: Léa with one gathering of 6 (12), Tom with 4 + 3 + ... as Commander
    # (5 + 3) + 4 face down.
    lea = Tally((Gathering.identical(MARS, 6, C),))
    tom = Tally((Gathering.identical(EARTH, 4, C), Gathering.identical(SATURN, 3, C)), face_down=4)
    assert final_scores([lea, tom]) == (12, 12)
    winners, detail = final_winners([lea, tom], names=["Léa", "Tom"])
    assert winners == (0,)
    assert detail == "Léa and Tom tie on 12 points; Léa wins with the largest gathering (6 cards)."


def test_tie_broken_by_the_fewest_black_holes() -> None:
    lea = Tally((Gathering.identical(MARS, 4, C),), in_hand=1, black_holes=3)
    tom = Tally((Gathering.identical(EARTH, 4, C),), in_hand=1, black_holes=1)
    sam = Tally((Gathering.identical(SATURN, 3, C),), face_down=1, black_holes=0)
    assert final_scores([lea, tom, sam]) == (4, 4, 4)
    winners, detail = final_winners([lea, tom, sam], names=["Léa", "Tom", "Sam"])
    assert winners == (1,)
    assert detail == (
        "Léa, Tom and Sam tie on 4 points; Léa and Tom tie on largest gathering (4 cards); "
        "Tom wins with the fewest black holes (1)."
    )


def test_still_tied_players_share_and_replay() -> None:
    lea = Tally((Gathering.identical(MARS, 4, C),), black_holes=2)
    tom = Tally((Gathering.identical(EARTH, 4, C),), black_holes=2)
    sam = Tally(in_hand=1)
    winners, detail = final_winners([lea, tom, sam], names=["Léa", "Tom", "Sam"])
    assert winners == (0, 1)
    assert detail == (
        "Léa and Tom tie on 5 points, largest gathering (4 cards) and black holes (2): "
        "the rules say they play a new game; they share the win."
    )
    # Three tied on points and size, two of them on black holes too.
    sam = Tally((Gathering.identical(SATURN, 4, C),), black_holes=3)
    winners, detail = final_winners([lea, tom, sam], names=["Léa", "Tom", "Sam"])
    assert winners == (0, 1)
    assert detail == (
        "Léa, Tom and Sam tie on 5 points and largest gathering (4 cards); Léa and Tom tie on "
        "black holes (2): the rules say they play a new game; they share the win."
    )


def test_single_point_and_negative_scores() -> None:
    assert final_winners([Tally(face_down=1), Tally(in_hand=1)]) == (
        (0,),
        "seat 0 wins with 1 point.",
    )
    assert final_winners([Tally(in_hand=3), Tally(in_hand=2)])[0] == (1,)
    with pytest.raises(ValueError, match="no players"):
        final_winners([])
