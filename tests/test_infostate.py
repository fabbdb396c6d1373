"""Information states, belief-aware sampling, ISMCTS on beliefs and the difficulty levels."""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Sequence
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardgames import crazy_eights, huit_americain, planets
from cardgames.agents import ISMCTSAgent, RandomAgent, make_agent, offer_move, play_game
from cardgames.agents.base import agent_rng, choose_move
from cardgames.agents.levels import (
    HARD_ITERATIONS,
    HARD_PLAYER_BUDGETS,
    LEVELS,
    MistakenAgent,
    level_agent,
)
from cardgames.agents.registry import AGENT_NAMES
from cardgames.cards import Card
from cardgames.errors import InvalidArgumentError, InvalidRulesError, InvalidStateError
from cardgames.game import Game, Move, State, View
from cardgames.infostate import InfoState
from cardgames.rng import Rng
from cardgames.shedding.beliefs import ANY_CARD, SheddingBeliefs
from cardgames.shedding.engine import SheddingState
from cardgames.shedding.moves import Draw, Pass
from cardgames.shedding.view import Phase

from shedding_support import rules_strategy

SHEDDING = (crazy_eights.GAME, huit_americain.GAME)
PRESETS = [(game, name) for game in SHEDDING for name in game.presets]


def fits_slots(hand: Sequence[Card], slots: Sequence[int]) -> bool:
    """Whether the cards of ``hand`` can go one to a slot, each to a slot that allows it."""
    if len(hand) != len(slots):
        return False
    owner = [-1] * len(slots)

    def place(card_index: int, seen: set[int]) -> bool:
        for slot, mask in enumerate(slots):
            if mask >> int(hand[card_index]) & 1 and slot not in seen:
                seen.add(slot)
                if owner[slot] < 0 or place(owner[slot], seen):
                    owner[slot] = card_index
                    return True
        return False

    return all(place(i, set()) for i in range(len(hand)))


def random_history(
    game: Game[Any], rules: Any, players: int, seed: int, moves: int
) -> tuple[SheddingState, list[InfoState]]:
    """A random game of ``moves`` moves at most, and every seat's information state."""
    chooser = random.Random(seed)
    state: SheddingState = game.new_game(players, seed=seed, rules=rules)
    infos = [InfoState.start(state.view(seat)) for seat in range(players)]
    for _ in range(moves):
        if state.is_over:
            break
        seat = chooser.choice(state.to_act)
        legal = state.legal_moves(seat)
        state = state.apply(legal[chooser.randrange(len(legal))])
        infos = [info.extend(state.view(s)) for s, info in enumerate(infos)]
    return state, infos


# --------------------------------------------------------------------------------------------
# Beliefs are sound, samples honour them


def check_history(state: SheddingState, infos: list[InfoState], samples: int, seed: int) -> None:
    if state.is_over:
        return
    for seat, info in enumerate(infos):
        beliefs = info.beliefs
        assert isinstance(beliefs, SheddingBeliefs)
        assert beliefs.resyncs == 0
        for other, hand in enumerate(state.hands):
            if other != seat:  # the real hand is one the beliefs allow
                assert fits_slots(hand, beliefs.slots[other]), (seat, other)
        view = state.view(seat)
        for i in range(samples):
            sampled, fallback = info.sample(Rng.from_seed(seed).derive(i))
            assert sampled.view(seat) == view
            assert sorted(sampled.all_cards()) == sorted(state.all_cards())
            assert isinstance(sampled, SheddingState)
            if fallback:
                continue
            for other, hand in enumerate(sampled.hands):
                if other != seat:
                    assert fits_slots(hand, beliefs.slots[other])
                    assert not beliefs.excluded(other) & set(hand)


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize(("game", "preset"), PRESETS, ids=lambda x: getattr(x, "name", x))
def test_every_preset_gives_sound_beliefs_and_samples(
    game: Game[Any], preset: str, players: int
) -> None:
    for seed in range(3):
        for moves in (15, 40, 400):
            state, infos = random_history(game, game.preset(preset), players, seed, moves)
            check_history(state, infos, 4, seed)


@pytest.mark.parametrize("game", SHEDDING, ids=lambda g: g.name)
@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_any_rules_give_sound_beliefs_and_samples(game: Game[Any], data: st.DataObject) -> None:
    rules = data.draw(rules_strategy(game))
    players = data.draw(st.sampled_from([2, 4]))
    deck = rules.deck.size * rules.decks_for(players)
    if players * rules.hand_size_for(players) + 1 > deck or rules.dealer >= players:
        return
    seed = data.draw(st.integers(0, 2**16))
    moves = data.draw(st.integers(0, 300))
    state, infos = random_history(game, rules, players, seed, moves)
    check_history(state, infos, 3, seed)


def test_a_draw_without_a_playable_card_excludes_what_fitted() -> None:
    # Hand-computed: Crazy Eights (8 wild). Tom draws on the 5 of hearts: he then held no
    # heart, no 5 and no 8, and his new card may be anything.
    for seed in range(200):
        state = crazy_eights.new_game(["Léa", "Tom"], seed=seed)
        if state.current == 1 and state.legal_moves() == (Draw(1),):
            break
    else:  # pragma: no cover - the seeds above hold such a deal
        pytest.fail("no deal where the first player must draw")
    top, suit = state.discard[-1], state.suit
    held = len(state.hands[1])
    info = InfoState.start(state.view(0)).extend(state.apply(Draw(1)).view(0))
    fitted = {
        code
        for code in range(53)
        if code != 52
        and (
            Card.from_code(code).suit == suit
            or Card.from_code(code).rank == top.rank
            or Card.from_code(code).rank == 8
        )
    }
    expected = ANY_CARD & ~sum(1 << code for code in fitted)
    slots = info.beliefs.slots[1]
    assert slots[:held] == (expected,) * held
    assert slots[held:] == (ANY_CARD,)


def test_a_draw_says_nothing_when_drawing_is_always_allowed() -> None:
    rules = attrs.evolve(crazy_eights.GAME.default_rules, draw_when_playable=True)
    for seed in range(50):
        _, infos = random_history(crazy_eights.GAME, rules, 2, seed, 60)
        for info in infos:
            assert all(mask == ANY_CARD for slots in info.beliefs.slots for mask in slots)


def test_a_pass_in_play_excludes_what_fitted() -> None:
    # A pass in play is legal only with nothing that fits and nothing to draw: the passer's
    # slots lose the cards that fitted. Players who draw whenever they may empty the stock.
    rules = attrs.evolve(crazy_eights.GAME.default_rules, draw_when_playable=True)
    passes = 0
    for seed in range(40):
        chooser = random.Random(seed)
        state = crazy_eights.new_game(2, seed=seed, rules=rules)
        info = InfoState.start(state.view(0))
        while not state.is_over:
            legal = state.legal_moves()
            if state.phase is Phase.PLAY and state.current == 1 and legal == (Pass(1),):
                fit = sum(1 << int(card) for card in set(state.all_cards()) if _fits(state, card))
                after = info.extend(state.apply(legal[0]).view(0))
                assert all(not mask & fit for mask in after.beliefs.slots[1])
                passes += 1
            draws = [move for move in legal if isinstance(move, Draw)]
            move = draws[0] if draws else legal[chooser.randrange(len(legal))]
            state = state.apply(move)
            # The engine's own views, followed unchecked as the drivers do (80,000 of them:
            # checked, they took 13 s); the view after each pass goes through extend above.
            info = info._follow(state.view(0))
    assert passes


def _fits(state: SheddingState, card: Card) -> bool:
    top, suit = state.discard[-1], state.suit
    return card.suit == suit or card.rank == top.rank or card.rank == 8


# --------------------------------------------------------------------------------------------
# The value: extension, equality, documents, hostile input


def test_extend_is_a_value_and_refuses_a_gap() -> None:
    state = crazy_eights.new_game(2, seed=4)
    info = InfoState.start(state.view(0))
    one = state.apply(state.legal_moves()[0])
    two = one.apply(one.legal_moves()[0])
    longer = info.extend(one.view(0))
    assert len(info) == 1
    assert len(longer) == 2
    assert longer.views == (state.view(0), one.view(0))
    with pytest.raises(InvalidArgumentError):
        longer.extend(one.view(0))  # the same move again
    with pytest.raises(InvalidArgumentError):
        info.extend(two.view(0))  # a move skipped
    with pytest.raises(InvalidArgumentError):
        info.extend(one.view(1))  # another seat
    with pytest.raises(InvalidArgumentError):
        info.extend(planets.new_game(2, seed=1).view(0))
    assert len(longer) == 2  # unchanged
    assert longer.view == one.view(0)
    assert longer == InfoState.from_states([state, one], 0)
    assert hash(longer) == hash(InfoState.from_states([state, one], 0))
    assert longer != info
    assert longer != InfoState.from_states([state, one], 1)
    with pytest.raises(AttributeError):
        longer._seat = 1


def test_information_states_pickle() -> None:
    import pickle

    _, infos = random_history(huit_americain.GAME, None, 3, 2, 30)
    for info in infos:
        copy = pickle.loads(pickle.dumps(info))
        assert copy == info
        assert copy.beliefs == info.beliefs


def test_many_samples_never_deal_an_excluded_card() -> None:
    # A position where the viewer knows cards an opponent cannot hold: no belief sample deals
    # one of them to that opponent, where the uniform sampler (which forgets) often does.
    for seed in range(100):
        state, infos = random_history(crazy_eights.GAME, None, 2, seed, 12)
        if state.is_over:
            continue
        excluded = infos[0].beliefs.excluded(1)
        if len(excluded) >= 8:
            break
    else:  # pragma: no cover - the seeds above hold such a position
        pytest.fail("no position with excluded cards found")
    view = state.view(0)
    uniform_hits = 0
    for i in range(300):
        sampled, fallback = infos[0].sample(Rng.from_seed(i))
        assert isinstance(sampled, SheddingState)
        assert fallback == 0
        assert not excluded & set(sampled.hands[1])
        uniform = crazy_eights.GAME.sample_state(view, Rng.from_seed(i))
        uniform_hits += bool(excluded & set(uniform.hands[1]))
    assert uniform_hits > 30


def test_start_refuses_what_is_not_a_seat_view() -> None:
    state = crazy_eights.new_game(2, seed=4)
    for bad in (None, "view", state, state.view(None)):
        with pytest.raises(InvalidArgumentError):
            InfoState.start(bad)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError):
        InfoState.start(state.view(0), planets.GAME)
    for states, seat in (([], 0), ([state], 2), ([state], True), (["x"], 0)):
        with pytest.raises(InvalidArgumentError):
            InfoState.from_states(states, seat)  # type: ignore[arg-type]


@pytest.mark.parametrize("game", [*SHEDDING, planets.GAME], ids=lambda g: g.name)
def test_documents_round_trip(game: Game[Any]) -> None:
    state = game.new_game(3, seed=8)
    states = [state]
    chooser = random.Random(8)
    for _ in range(25):
        if state.is_over:
            break
        legal = state.legal_moves()
        state = state.apply(legal[chooser.randrange(len(legal))])
        states.append(state)
    info = InfoState.from_states(states, 2)
    loaded = InfoState.from_json(info.to_json())
    assert loaded == info
    assert loaded.beliefs == info.beliefs
    assert InfoState.from_json(info.to_json().encode()) == info


def _edited(text: str, edit: Any) -> str:
    document = json.loads(text)
    edit(document)
    return json.dumps(document)


def test_edited_documents_get_a_typed_error() -> None:
    states = [crazy_eights.new_game(2, seed=6)]
    for _ in range(6):
        states.append(states[-1].apply(states[-1].legal_moves()[0]))
    text = InfoState.from_states(states, 0).to_json()

    def drop(document: dict[str, Any]) -> None:
        del document["data"]["views"][3]

    def swap(document: dict[str, Any]) -> None:
        views = document["data"]["views"]
        views[1], views[2] = views[2], views[1]

    def seat(document: dict[str, Any]) -> None:
        document["data"]["seat"] = 1

    def hand(document: dict[str, Any]) -> None:
        document["data"]["views"][2]["hand"] = ["AS"] * 5

    def players(document: dict[str, Any]) -> None:
        document["data"]["views"][4]["players"] = ["x", "y"]

    def game(document: dict[str, Any]) -> None:
        document["game"] = "planets"

    def empty(document: dict[str, Any]) -> None:
        document["data"]["views"] = []

    def extra(document: dict[str, Any]) -> None:
        document["data"]["cheat"] = 1

    for edit in (drop, swap, seat, hand, players, game, empty, extra):
        with pytest.raises(InvalidStateError):
            InfoState.from_json(_edited(text, edit))
    for bad in ("", "[]", "{}", b"\xff", "null", '{"format": "cardgames.view"}'):
        with pytest.raises(InvalidStateError):
            InfoState.from_json(bad)


# --------------------------------------------------------------------------------------------
# Sampling from the planet game and other games


def test_the_planet_game_samples_from_its_view() -> None:
    state = planets.new_game(3, seed=2)
    info = InfoState.start(state.view(1))
    for _ in range(30):
        state = state.apply(state.legal_moves()[0])
        info = info.extend(state.view(1))
    assert info.beliefs is None
    sampled, fallback = info.sample(Rng.from_seed(5))
    assert fallback == 0
    assert sampled == planets.GAME.sample_state(state.view(1), Rng.from_seed(5))
    with pytest.raises(InvalidArgumentError):
        info.sample(5)  # type: ignore[arg-type]


@pytest.mark.parametrize("game", [*SHEDDING, planets.GAME], ids=lambda g: g.name)
def test_a_view_without_rules_is_kept_with_the_default_rules(game: Game[Any]) -> None:
    # rules=None means the game's default rules; a sampled state always names its rules, so
    # the information state writes them out and a sample's view still equals the kept one.
    state = game.new_game(3, seed=4)
    bare = attrs.evolve(state.view(2), rules=None)
    info = InfoState.start(bare)
    assert info.view == state.view(2)
    assert info.view.rules == game.default_rules  # type: ignore[attr-defined]
    assert info.sample(Rng.from_seed(1))[0].view(2) == info.view
    for _ in range(8):
        state = state.apply(state.legal_moves()[0])
        view = state.view(2)
        info = info.extend(attrs.evolve(view, rules=None) if state.moves_played % 2 else view)
        assert info.view == view
        assert info.sample(Rng.from_seed(state.moves_played))[0].view(2) == view
    assert InfoState.from_json(info.to_json()) == info


def _random_states(game: Game[Any], players: int, seed: int) -> list[State[Any, Any, Any]]:
    chooser = random.Random(seed)
    state = game.new_game(players, seed=seed)
    states = [state]
    while not state.is_over:
        legal = state.legal_moves(chooser.choice(state.to_act))
        state = state.apply(legal[chooser.randrange(len(legal))])
        states.append(state)
    return states


def test_the_planet_game_refuses_a_history_spliced_from_another_game() -> None:
    # The views of another game of the same table are views the game can show, one move
    # later: only what one move cannot undo (turn, gatherings, face-down discards, black
    # holes) tells them apart. Most are caught; a real history never is.
    tried = caught = 0
    for seed in range(4):
        ours, theirs = (
            _random_states(planets.GAME, 3, seed),
            _random_states(planets.GAME, 3, 50 + seed),
        )
        info = InfoState.start(ours[0].view(0))
        for k, state in enumerate(ours[1:], start=1):
            if k < len(theirs) and k % 9 == 0:
                tried += 1
                try:
                    info.extend(theirs[k].view(0))
                except InvalidArgumentError as error:
                    message = str(error)
                    caught += 1
                    assert "can follow the last one in play" in message
                    assert "cannot change so in one move" in message
            info = info.extend(state.view(0))  # the real history: always taken
        assert info.view == ours[-1].view(0)
    assert caught >= tried * 3 // 4 > 0, (caught, tried)


def test_check_follows_names_what_one_move_cannot_undo() -> None:
    from cardgames.planets.invariants import check_follows

    states = _random_states(planets.GAME, 2, 7)
    views = [state.view(1) for state in states]
    assert all(check_follows(a, b) is None for a, b in itertools.pairwise(views))
    old = next(  # a view with something of each kind to take back
        v
        for v in views
        if v.discard_size and v.gatherings[0] and v.face_down[1] and v.black_holes[1]
    )
    less = tuple(max(0, n - 1) for n in old.face_down_sizes)
    for new, field in [
        (attrs.evolve(old, turn=old.turn + 2), "turn"),
        (attrs.evolve(old, turn=old.turn - 1), "turn"),
        (attrs.evolve(old, discard_size=old.discard_size - 1), "discard_size"),
        (attrs.evolve(old, face_down_sizes=less), "face_down_sizes"),
        (attrs.evolve(old, black_holes=(old.black_holes[0], 0)), "black_holes"),
        (attrs.evolve(old, gatherings=((), old.gatherings[1])), "gatherings/0"),
        (attrs.evolve(old, gatherings=(old.gatherings[0][1:], old.gatherings[1])), "gatherings/0"),
        (attrs.evolve(old, face_down=(old.face_down[0], ())), "face_down/1"),
        (attrs.evolve(old, turn=old.turn + 1), None),  # a move may start the next turn
    ]:
        assert check_follows(old, new) == field, field


@pytest.mark.parametrize("game", [*SHEDDING, planets.GAME], ids=lambda g: g.name)
def test_no_view_follows_the_end_of_the_game(game: Game[Any]) -> None:
    states = _random_states(game, 2, 3)
    info = InfoState.from_states(states, 0)
    last = states[-1].view(0)
    forged = attrs.evolve(last, moves_played=last.moves_played + 1, events=())
    with pytest.raises(InvalidArgumentError, match=r"game was over|not a view the game can show"):
        info.extend(forged)
    if game is not planets.GAME:  # a view the game can show: refused for following the end
        with pytest.raises(InvalidArgumentError, match="the game was over"):
            info.extend(forged)


def test_in_the_planet_game_belief_ismcts_is_uniform_ismcts() -> None:
    # Its views already hold all a seat may know, so the belief sampler is Game.sample_state:
    # the same decisions for the same stream (why benchmarks/strength.py shows exactly 50 %).
    state = planets.new_game(2, seed=8)
    infos = [InfoState.start(state.view(seat)) for seat in range(2)]
    belief = ISMCTSAgent(iterations=30, sampler="belief")
    uniform = ISMCTSAgent(iterations=30)
    compared = 0
    for step in range(60):
        seat = state.to_act[0]
        legal = state.legal_moves(seat)
        if len(legal) > 1 and step % 3 == 0:
            assert belief.act_on(infos[seat], legal, Rng.from_seed(step)) == uniform.act(
                state.view(seat), legal, Rng.from_seed(step)
            )
            compared += 1
        state = state.apply(legal[step % len(legal)])
        if state.is_over:
            break
        infos = [info.extend(state.view(s)) for s, info in enumerate(infos)]
    assert compared >= 5


# --------------------------------------------------------------------------------------------
# ISMCTS on beliefs


def test_belief_ismcts_is_deterministic_and_uniform_keeps_its_decisions() -> None:
    for moves in range(9, 40):
        state, infos = random_history(crazy_eights.GAME, None, 2, 12, moves)
        seat = state.to_act[0]
        legal = state.legal_moves(seat)
        if len(legal) > 1 and any(mask != ANY_CARD for mask in infos[seat].beliefs.slots[1 - seat]):
            break
    else:  # pragma: no cover - the game above has such a position
        pytest.fail("no decision after a draw found")
    belief = ISMCTSAgent(iterations=60, sampler="belief")
    uniform = ISMCTSAgent(iterations=60)
    first = belief.act_on(infos[seat], legal, Rng.from_seed(3))
    assert belief.act_on(infos[seat], legal, Rng.from_seed(3)) == first
    again = InfoState.from_json(infos[seat].to_json())  # the same history, rebuilt
    assert belief.act_on(again, legal, Rng.from_seed(3)) == first
    assert uniform.act_on(infos[seat], legal, Rng.from_seed(3)) == uniform.act(
        state.view(seat), legal, Rng.from_seed(3)
    )
    stats, fallbacks, _ = belief.search_beliefs(infos[seat], legal, Rng.from_seed(3))
    assert sum(s.visits for s in stats.values()) == 60
    assert fallbacks == 0
    assert belief.informed
    assert not uniform.informed
    with pytest.raises(ValueError, match="sampler"):
        ISMCTSAgent(sampler="oracle")


@attrs.frozen
class Spy:
    """An informed agent that checks what the driver gives it, then plays the first move."""

    name: str = "spy"
    informed: bool = True

    def act(self, view: View, legal: Sequence[Move], rng: Rng) -> tuple[Move | None, Rng]:
        raise AssertionError("an informed agent is asked through act_on")

    def act_on(self, info: InfoState, legal: Sequence[Move], rng: Rng) -> tuple[Move | None, Rng]:
        view: Any = info.view
        assert len(info) == view.moves_played + 1
        first: Any = info.views[0]
        assert first.moves_played == 0
        return legal[0], rng


@pytest.mark.parametrize("game", [*SHEDDING, planets.GAME], ids=lambda g: g.name)
def test_the_driver_gives_informed_agents_their_history(game: Game[Any]) -> None:
    result = play_game(game, [Spy(), RandomAgent(), Spy()], seed=3)
    assert result.state.is_over


def test_informed_agents_play_the_same_game_everywhere() -> None:
    from cardgames.cli.demo import bots_game
    from cardgames.simulate import simulate

    game = huit_americain.GAME
    bots = [make_agent("ismcts-belief:12", game), make_agent("easy", game), RandomAgent()]
    for seed in range(2):
        names = ["A", "B", "C"]
        played = play_game(game, bots, seed=seed, players=names)
        told = [step for step, _ in bots_game(game, bots, seed=seed, rules=None, players=names)]
        assert tuple(step for step in told if step is not None) == played.steps
    rows = simulate(game, players=3, agents=bots, games=2, seed=1).rows
    assert rows == simulate(game, players=3, agents=bots, games=2, seed=1).rows


def test_offer_move_checks_the_information_state() -> None:
    state = crazy_eights.new_game(2, seed=5)
    seat = state.to_act[0]
    agent = ISMCTSAgent(iterations=10, sampler="belief")
    info = InfoState.start(state.view(seat))
    move, _ = choose_move(agent, state, agent_rng(5, seat), info=info)
    assert move in state.legal_moves()
    other = InfoState.start(state.view(1 - seat))
    for bad in (other, "info", InfoState.start(crazy_eights.new_game(2, seed=6).view(seat))):
        with pytest.raises(InvalidArgumentError):
            offer_move(agent, state, seat, agent_rng(5, seat), info=bad)  # type: ignore[arg-type]
    # An agent that is not informed ignores it.
    assert offer_move(RandomAgent(), state, seat, Rng.from_seed(1), info=other)[0] is not None


# --------------------------------------------------------------------------------------------
# Difficulty levels


def test_levels_by_name() -> None:
    game = crazy_eights.GAME
    assert LEVELS == ("easy", "medium", "hard")
    assert "ismcts-belief" in AGENT_NAMES
    easy, medium, hard = (make_agent(level, game) for level in LEVELS)
    assert isinstance(easy, MistakenAgent)
    assert easy.name == "easy"
    assert 0 < easy.mistakes < 1
    assert medium.name == "medium"
    assert isinstance(hard, ISMCTSAgent)
    assert hard.sampler == "belief"
    assert hard.name == "hard"
    assert make_agent(" HARD ", game) == hard == level_agent("hard", game)
    assert make_agent("ismcts-belief:7", game) == ISMCTSAgent(
        iterations=7, name="ismcts-belief", sampler="belief"
    )
    for spec in ("hard:5", "easy:1", "ismcts-belief:0", "ismcts-belief:x", "very-hard"):
        with pytest.raises(InvalidRulesError):
            make_agent(spec, game)


def test_the_hard_budget_follows_the_game_and_the_number_of_players() -> None:
    for game in (*SHEDDING, planets.GAME):
        hard = level_agent("hard", game)
        assert isinstance(hard, ISMCTSAgent)
        assert hard.iterations_for(2) == HARD_ITERATIONS[game.name]
        assert hard.player_budgets == HARD_PLAYER_BUDGETS.get(game.name, ())
        for players in range(game.min_players, game.max_players + 1):
            assert 1 <= hard.iterations_for(players) <= HARD_ITERATIONS[game.name]
    eights = level_agent("hard", huit_americain.GAME)
    assert isinstance(eights, ISMCTSAgent)
    # by hand from the table of the levels' module text
    expected = {2: 200, 3: 200, 4: 100, 5: 200, 7: 200, 8: 100, 9: 100, 13: 100, 20: 100}
    assert {n: eights.iterations_for(n) for n in expected} == expected
    crazy = level_agent("hard", crazy_eights.GAME)
    assert isinstance(crazy, ISMCTSAgent)
    assert (crazy.iterations_for(5), crazy.iterations_for(6)) == (700, 600)
    # The agent reads the table's size from the view it is asked with: 100 iterations at four.
    state, infos = random_history(huit_americain.GAME, None, 4, 3, 6)
    seat = state.to_act[0]
    legal = state.legal_moves(seat)
    stats, _, _ = eights.search_beliefs(infos[seat], legal, Rng.from_seed(2))
    assert sum(s.visits for s in stats.values()) == 100


def test_mistakes_are_seeded_and_bounded() -> None:
    game = crazy_eights.GAME
    base = make_agent("heuristic", game)
    never = MistakenAgent(base, 0.0)
    always = MistakenAgent(base, 1.0, name="always")
    for seed in range(4):
        reference = play_game(game, [base, RandomAgent()], seed=seed)
        assert [s.move for s in play_game(game, [never, RandomAgent()], seed=seed).steps] == [
            s.move for s in reference.steps
        ]
    easy = make_agent("easy", game)
    assert play_game(game, [easy] * 3, seed=9).steps == play_game(game, [easy] * 3, seed=9).steps
    state = game.new_game(2, seed=1)
    seat = state.to_act[0]
    legal = state.legal_moves(seat)
    chosen = {always.act(state.view(seat), legal, Rng.from_seed(i))[0] for i in range(60)}
    assert len(legal) == 1 or len(chosen) > 1
    for bad in (-0.1, 1.5, "0.3", True, float("nan")):
        with pytest.raises(InvalidArgumentError):
            MistakenAgent(base, bad)  # type: ignore[arg-type]


def test_a_state_is_sampled_from_every_level_game() -> None:
    # The hard level plays every game (a short budget here: the level's own is for play).
    for game in (*SHEDDING, planets.GAME):
        hard = level_agent("hard", game)
        assert isinstance(hard, ISMCTSAgent)
        agent = attrs.evolve(hard, iterations=5)
        result = play_game(game, [agent, make_agent("medium", game)], seed=1)
        assert isinstance(result.state, State)
        assert result.state.is_over
