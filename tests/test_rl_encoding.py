"""Action ids and observation vectors (`cardgames.rl`).

- every legal move of every seat that may move has exactly one id, and each id decodes back to
  that very engine move, in random games of every preset at 2 and 4 players and under random
  shedding rules (hypothesis);
- the layouts are pinned by ``tests/data/rl_action_layout.json`` (regenerate it only for a
  deliberate, documented breaking change: ``python tests/test_rl_encoding.py --write``);
- observations have one shape per (game, rules, players) and leak nothing: states that differ
  only in cards a seat cannot see give that seat identical observations (and the check is shown
  to catch an encoder that peeks at the state);
- hostile arguments get typed errors.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

np = pytest.importorskip("numpy", reason="cardgames.rl needs the rl extra (NumPy)")

from cardgames import crazy_eights, huit_americain, planets  # noqa: E402
from cardgames.cards import Card, Suit  # noqa: E402
from cardgames.errors import (  # noqa: E402
    IllegalMoveError,
    InvalidArgumentError,
    InvalidRulesError,
    UnknownGameError,
)
from cardgames.game import Game, State, games  # noqa: E402
from cardgames.planets.cards import PlanetCard  # noqa: E402
from cardgames.rl import (  # noqa: E402
    action_encoding,
    observation_encoding,
    observe,
    seat_to_decide,
)
from cardgames.rng import Rng  # noqa: E402
from cardgames.shedding import CallOut, Draw, PlayCard  # noqa: E402
from hostile_support import foreign_moves, look_alikes  # noqa: E402

import shedding_support  # noqa: E402

LAYOUT_FILE = Path(__file__).parent / "data" / "rl_action_layout.json"


def _random_positions(
    game: Game[Any], players: int, seed: int, rules: Any = None
) -> list[State[Any, Any, Any]]:
    chooser = random.Random(seed)
    state = game.new_game(players, seed=seed, rules=rules)
    out = [state]
    while not state.is_over:
        seat = chooser.choice(state.to_act)
        moves = state.legal_moves(seat)
        state = state.apply(moves[chooser.randrange(len(moves))])
        out.append(state)
    return out


def _check_bijection(state: State[Any, Any, Any], players: int) -> None:
    encoding = action_encoding(state.game, state.rules, players=players)
    for seat in state.to_act:
        legal = state.legal_moves(seat)
        ids = encoding.legal_actions(state, seat)
        interrupts = seat != state.to_act[0]
        assert (encoding.decline in ids) == interrupts
        move_ids = [i for i in ids if i != encoding.decline]
        assert len(move_ids) == len(legal), (legal, ids)
        for move in legal:
            action_id = encoding.encode(move)
            assert action_id in move_ids
            assert encoding.decode(action_id, state, seat) is move
        mask = encoding.mask(state, seat)
        assert mask.dtype == np.bool_
        assert mask.shape == (encoding.size,)
        assert sorted(np.flatnonzero(mask).tolist()) == ids
        view_ids = encoding.legal_actions(state.view(seat))
        assert view_ids == ids
        for action_id in move_ids:
            assert encoding.decode(action_id, state.view(seat)) in legal


CONFIGS = [
    (game.name, preset, players)
    for game in games()
    for preset in game.presets
    for players in (2, 4)
    if game.min_players <= players <= game.max_players
]


@pytest.mark.parametrize(("name", "preset", "players"), CONFIGS)
def test_every_legal_move_has_one_id_that_decodes_to_it(
    name: str, preset: str, players: int
) -> None:
    game = games()[[g.name for g in games()].index(name)]
    for seed in range(2):
        for state in _random_positions(game, players, seed, game.preset(preset))[::3]:
            _check_bijection(state, players)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_shedding_rules_have_an_id_for_every_legal_move(data: st.DataObject) -> None:
    game = data.draw(st.sampled_from([crazy_eights.GAME, huit_americain.GAME]))
    rules = data.draw(shedding_support.rules_strategy(game))
    players = data.draw(shedding_support.players_strategy(game, most=5)(rules))
    seed = data.draw(st.integers(0, 2**32))
    for state in _random_positions(game, players, seed, rules)[:60:2]:
        _check_bijection(state, players)


def _layout_fingerprints() -> dict[str, Any]:
    out: dict[str, Any] = {}
    for game in games():
        for preset, rules in game.presets.items():
            for players in range(game.min_players, min(game.max_players, 6) + 1):
                try:
                    encoding = action_encoding(game, rules, players=players)
                except InvalidRulesError:
                    continue
                names = [encoding.describe(i) for i in range(encoding.size)]
                digest = hashlib.sha256("\n".join(names).encode()).hexdigest()
                out[f"{game.name}/{preset}/{players}"] = {"size": encoding.size, "sha256": digest}
                if preset == next(iter(game.presets)) and players in (2, 4):
                    out[f"{game.name}/{preset}/{players}"]["ids"] = names
    return out


def test_the_layouts_are_those_of_the_golden_file() -> None:
    expected = json.loads(LAYOUT_FILE.read_text(encoding="utf-8"))
    assert _layout_fingerprints() == expected


def test_the_layout_starts_as_documented() -> None:
    encoding = action_encoding("crazy-eights", players=4)
    assert encoding.describe(0) == "play 2C"
    assert encoding.describe(1) == "play 2C announce"
    eight = [
        encoding.describe(i) for i in range(encoding.size) if "play 8C" in encoding.describe(i)
    ]
    assert eight[:2] == ["play 8C name clubs", "play 8C name clubs announce"]
    tail = [encoding.describe(i) for i in range(encoding.size - 8, encoding.size)]
    assert tail == [
        "draw",
        "pass",
        "take",
        "announce",
        "callout +1",
        "callout +2",
        "callout +3",
        "decline",
    ]
    planet = action_encoding("planets", players=2)
    assert [planet.describe(i) for i in (9, 18, 28, 98)] == [
        "give Mercury to +1",
        "lay 3 Mercury",
        "lay 3 Venus",
        "lay all-different",
    ]


def test_seat_relative_ids_are_the_same_for_every_seat() -> None:
    encoding = action_encoding("huit-americain", players=4)
    for seat in range(4):
        assert encoding.encode(CallOut(seat, (seat + 1) % 4)) == encoding.encode(CallOut(0, 1))
        assert encoding.encode(Draw(seat)) == encoding.encode(Draw(0))


def test_seat_to_decide_asks_interrupters_first_in_seat_order() -> None:
    state = next(
        s
        for seed in range(50)
        for s in _random_positions(crazy_eights.GAME, 4, seed)
        if len(s.to_act) > 1
    )
    current = state.to_act[0]
    order = sorted(state.to_act[1:], key=lambda s: (s - current) % 4)
    assert seat_to_decide(state) == order[0]
    assert seat_to_decide(state, frozenset(order)) == current
    finished = _random_positions(crazy_eights.GAME, 2, 0)[-1]
    with pytest.raises(InvalidArgumentError):
        seat_to_decide(finished)


# -- observations ---------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "preset", "players"), CONFIGS)
def test_observations_have_one_shape_and_leak_nothing(name: str, preset: str, players: int) -> None:
    game = games()[[g.name for g in games()].index(name)]
    rules = game.preset(preset)
    encoding = observation_encoding(game, rules, players=players)
    differed = 0
    for state in _random_positions(game, players, 7, rules)[::4]:
        for seat in range(players):
            view = state.view(seat)
            vector = observe(view)
            assert vector.shape == encoding.shape
            assert vector.dtype == np.float32
            assert np.array_equal(vector, encoding.encode(view))
            if state.is_over:
                continue
            other = game.sample_state(view, Rng.from_seed(seat + 17))
            differed += other != state
            assert np.array_equal(observe(other.view(seat)), vector)
    assert differed > 0  # the hidden cards did differ: the check above was not vacuous


def _peeking(encoding: Any, state: State[Any, Any, Any], seat: int) -> Any:
    """A faulty observation that also reads the opponents' hands from the state."""
    hidden = sorted(int(c) for s, hand in enumerate(state.hands) if s != seat for c in hand)  # type: ignore[attr-defined]
    return np.concatenate([encoding.encode(state.view(seat)), np.array(hidden, np.float32)])


def test_the_leak_check_catches_an_encoder_that_peeks() -> None:
    encoding = observation_encoding("crazy-eights", players=3)
    state = crazy_eights.new_game(3, seed=4)
    other = crazy_eights.GAME.sample_state(state.view(0), Rng.from_seed(1))
    assert not np.array_equal(_peeking(encoding, state, 0), _peeking(encoding, other, 0))


def test_the_observation_reads_the_viewers_own_cards() -> None:
    state = crazy_eights.new_game(2, seed=3)
    encoding = observation_encoding("crazy-eights", players=2)
    hand = encoding.field("hand")
    vector = observe(state.view(1))
    held = {i for i in range(hand.size) if vector[hand.start + i]}
    codes = sorted({int(c) for c in state.view(1).hand or ()})
    assert len(held) == len(codes) == 7
    top = encoding.field("top")
    assert vector[top.start : top.stop].sum() == 1
    seat = encoding.field("seat")
    assert vector[seat.start + 1] == 1
    assert vector[seat.start] == 0


def test_fields_tile_the_vector_and_are_documented() -> None:
    import cardgames.planets.rl
    import cardgames.shedding.rl

    documented = {"crazy-eights": cardgames.shedding.rl, "planets": cardgames.planets.rl}
    for name, players in (("crazy-eights", 3), ("planets", 4)):
        encoding = observation_encoding(name, players=players)
        position = 0
        for field in encoding.fields:
            assert field.start == position
            assert field.size > 0
            assert f"``{field.name}``" in (documented[name].__doc__ or "")
            position = field.stop
        assert encoding.shape == (position,)
        with pytest.raises(KeyError):
            encoding.field("nothing")


def test_a_planets_observation_counts_the_gatherings_by_role() -> None:
    game = planets.GAME
    for state in _random_positions(game, 2, 3):
        view = state.view(0)
        if any(view.gatherings):
            break
    encoding = observation_encoding(game, players=2)
    vector = observe(view)
    gatherings = encoding.field("gatherings")
    laid = sum(len(g.cards) for g in view.gatherings[0] if not g.is_all_different) + sum(
        len(g.cards) for g in view.gatherings[1] if not g.is_all_different
    )
    block = vector[gatherings.start : gatherings.stop]
    identical = [block[18 * s + 9 * r + p] for s in (0, 1) for r in (0, 1) for p in range(8)]
    assert sum(identical) == laid


# -- hostile arguments ------------------------------------------------------------------------


def test_hostile_arguments_to_the_encodings_are_refused() -> None:
    with pytest.raises(UnknownGameError):
        action_encoding("chess", players=2)
    for players in (True, "2", 2.0, 0, 1, 99, None, -2):
        with pytest.raises(InvalidArgumentError):
            action_encoding("crazy-eights", players=players)  # type: ignore[arg-type]
        with pytest.raises(InvalidArgumentError):
            observation_encoding("planets", players=players)  # type: ignore[arg-type]
    for game in (3, None, b"crazy", object()):
        with pytest.raises(InvalidArgumentError):
            action_encoding(game, players=2)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError):
        action_encoding("crazy-eights", planets.GAME.default_rules, players=2)
    with pytest.raises(InvalidRulesError):
        action_encoding("crazy-eights", attrs.evolve(crazy_eights.Rules(), hand_size=30), players=6)


def test_forged_moves_are_refused_by_encode() -> None:
    encoding = action_encoding("crazy-eights", players=3)
    state = crazy_eights.new_game(3, seed=1)
    for move in state.legal_moves():
        for field in attrs.fields(type(move)):
            for alike in look_alikes(getattr(move, field.name)):
                forged = object.__new__(type(move))
                for f in attrs.fields(type(move)):
                    object.__setattr__(forged, f.name, getattr(move, f.name))
                object.__setattr__(forged, field.name, alike)
                with pytest.raises(InvalidArgumentError):
                    encoding.encode(forged)
    own_types = set(crazy_eights.GAME.move_types.values())
    for foreign in foreign_moves(crazy_eights.GAME):
        if type(foreign) in own_types:  # 8 Américain's moves are the shedding engine's too
            continue
        with pytest.raises(InvalidArgumentError):
            encoding.encode(foreign)
    for junk in (None, 3, "draw", Draw, object()):
        with pytest.raises(InvalidArgumentError):
            encoding.encode(junk)
    with pytest.raises(InvalidArgumentError):
        encoding.encode(CallOut(1, 1))  # calling oneself out
    with pytest.raises(InvalidArgumentError):
        encoding.encode(Draw(5))  # no such seat
    with pytest.raises(InvalidArgumentError):  # no target for a plain card
        encoding.encode(PlayCard(0, Card.parse("5H"), None, False, 1))
    with pytest.raises(InvalidArgumentError):  # a suit named with a card that is not wild
        encoding.encode(PlayCard(0, Card.parse("5H"), Suit.CLUBS))


def test_hostile_ids_and_positions_are_refused_by_decode() -> None:
    encoding = action_encoding("planets", players=2)
    state = planets.new_game(2, seed=1)
    before = state.to_json()
    legal = encoding.legal_actions(state)
    assert encoding.decode(np.int64(legal[0]), state) is state.legal_moves()[0]
    for junk in (True, 1.0, -1, encoding.size, 2**100, "3", None, np.float32(1)):
        with pytest.raises(InvalidArgumentError):
            encoding.decode(junk, state)  # type: ignore[arg-type]
    illegal = next(i for i in range(encoding.decline) if i not in legal)
    with pytest.raises(IllegalMoveError):
        encoding.decode(illegal, state)
    with pytest.raises(IllegalMoveError):
        encoding.decode(encoding.decline, state)
    for position in (None, crazy_eights.new_game(2, seed=1), planets.new_game(3, seed=1), "x"):
        with pytest.raises(InvalidArgumentError):
            encoding.decode(legal[0], position)  # type: ignore[arg-type]
        with pytest.raises(InvalidArgumentError):
            encoding.mask(position)  # type: ignore[arg-type]
    for player in (True, 2, "0", -1):
        with pytest.raises(InvalidArgumentError):
            encoding.legal_actions(state, player)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError):
        encoding.legal_actions(state.view(0), 1)  # a view answers for its viewer only
    assert state.to_json() == before
    assert encoding.legal_actions(state.view(None)) == []


def test_observe_refuses_what_is_not_a_fitting_view() -> None:
    for junk in (None, 3, "view", crazy_eights.new_game(2, seed=1), object()):
        with pytest.raises(InvalidArgumentError):
            observe(junk)  # type: ignore[arg-type]
    view = crazy_eights.new_game(3, seed=1).view(0)
    with pytest.raises(InvalidArgumentError):
        observe(attrs.evolve(view, rules=None))
    with pytest.raises(InvalidArgumentError):
        observation_encoding("crazy-eights", players=2).encode(view)
    with pytest.raises(InvalidArgumentError):
        observation_encoding("huit-americain", players=3).encode(view)
    forge: Any = attrs.evolve  # hand-built views with fields of the wrong types
    for forged in (
        forge(view, top=None),
        forge(view, hand=("8H",)),
        forge(view, phase="play"),
        forge(view, hand_sizes=None),
        forge(view, viewer=3),  # out of range: relative seats would wrap round
        forge(view, viewer=-1),
        forge(view, viewer=True),
        forge(view, current=7),
    ):
        with pytest.raises(InvalidArgumentError):
            observe(forged)
    planet_view = planets.new_game(2, seed=1).view(0)
    for forged_planets in (
        forge(planet_view, hand=(99,)),
        forge(planet_view, gatherings=((None,), ())),
        forge(planet_view, role="boss"),
    ):
        with pytest.raises(InvalidArgumentError):
            observe(forged_planets)
    spectator = observe(crazy_eights.new_game(3, seed=1).view(None))
    assert spectator.shape == observation_encoding("crazy-eights", players=3).shape
    assert PlanetCard.MARS.is_planet


def test_the_encoding_caches_stay_bounded() -> None:
    from cardgames.rl import _actions, _observations

    for moves in range(1000, 1300):
        rules = attrs.evolve(crazy_eights.Rules(), max_moves=moves)
        action_encoding("crazy eights", rules, players=2)
        observation_encoding("crazy eights", rules, players=2)
    assert len(_actions._ENCODINGS) <= _actions._CACHE_SIZE
    assert len(_observations._ENCODINGS) <= _actions._CACHE_SIZE
    rules = attrs.evolve(crazy_eights.Rules(), max_moves=1299)
    assert action_encoding("crazy eights", rules, players=2).rules == rules


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    LAYOUT_FILE.write_text(json.dumps(_layout_fingerprints(), indent=1) + "\n", encoding="utf-8")
