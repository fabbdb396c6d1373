"""The PettingZoo and Gymnasium environments, checked by those projects' own test suites.

PettingZoo's ``api_test`` and ``seed_test`` and Gymnasium's ``check_env`` run for the three
games at 2 and 4 players; our own tests add what they do not check: the game played is the
engine's, out-of-turn chances are offered and declined in the driver's order, rewards follow
the outcome, bad actions change nothing, and the rendering shows no hidden card.
"""

from __future__ import annotations

import random
import warnings
from typing import Any

import attrs
import pytest

np = pytest.importorskip("numpy", reason="cardgames.rl needs the rl extra")
pytest.importorskip("pettingzoo", reason="the PettingZoo adapter needs the rl extra")
pytest.importorskip("gymnasium", reason="the Gymnasium adapter needs the rl extra")

import gymnasium as gym  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

import cardgames.rl.gymnasium as rl_gym  # noqa: E402
from cardgames import crazy_eights, huit_americain  # noqa: E402
from cardgames.errors import (  # noqa: E402
    IllegalMoveError,
    InvalidArgumentError,
    InvalidRulesError,
    UnknownGameError,
)
from cardgames.rl import action_encoding, observe, rewards  # noqa: E402
from cardgames.rl.pettingzoo import env, raw_env  # noqa: E402
from cardgames.shedding.moves import CardsDrawn  # noqa: E402

GAMES = ["crazy-eights", "huit-americain", "planets"]
CONFIGS = [(game, players) for game in GAMES for players in (2, 4)]


@pytest.fixture(autouse=True)
def _quiet() -> Any:
    with warnings.catch_warnings():  # the suites warn that a Dict is not a Box: by design
        warnings.simplefilter("ignore", UserWarning)
        yield


@pytest.mark.parametrize(("game", "players"), CONFIGS)
def test_pettingzoo_api_and_seed_tests_pass(game: str, players: int) -> None:
    api_test(env(game, players=players), num_cycles=1000, verbose_progress=False)
    seed_test(lambda: env(game, players=players), num_cycles=500)


@pytest.mark.parametrize("env_id", sorted(rl_gym.ENV_IDS))
@pytest.mark.parametrize("players", [2, 4])
def test_gymnasium_check_env_passes(env_id: str, players: int) -> None:
    made = gym.make(env_id, players=players, opponents="heuristic")
    check_env(made.unwrapped)
    unwrapped = made.unwrapped
    assert isinstance(unwrapped, rl_gym.CardGameEnv)
    assert unwrapped.game.name == rl_gym.ENV_IDS[env_id]


def test_the_module_path_form_of_the_id_imports_the_module() -> None:
    made = gym.make("cardgames.rl.gymnasium:cardgames/Planets-v0", players=3)
    observation, _ = made.reset(seed=1)
    assert observation["observation"].shape == made.unwrapped.observation_space["observation"].shape  # type: ignore[index]


def _play_random_aec(game: str, players: int, seed: int, decline_chance: float) -> Any:
    """A whole game through the AEC API, replayed on the engine alongside."""
    table = raw_env(game, players=players)
    table.reset(seed=seed)
    encoding = action_encoding(game, players=players)
    engine = table.game.new_game(players, seed=seed)
    chooser = random.Random(seed)
    declines = interrupts = 0
    for agent in table.agent_iter():
        observation, _, terminated, truncated, _ = table.last()
        if terminated or truncated:
            table.step(None)
            continue
        seat = table.possible_agents.index(agent)
        assert np.array_equal(observation["observation"], observe(engine.view(seat)))
        legal = np.flatnonzero(observation["action_mask"]).tolist()
        assert legal == encoding.legal_actions(engine, seat)
        if seat != engine.to_act[0]:
            interrupts += 1
        if encoding.decline in legal and chooser.random() < decline_chance:
            action = encoding.decline
            declines += 1
        else:
            action = chooser.choice([i for i in legal if i != encoding.decline])
            engine = engine.apply(encoding.decode(action, engine, seat))
        table.step(action)
        if not table.agents:
            break
    return table, engine, declines, interrupts


def test_the_aec_game_is_the_engines_game_with_chances_offered_in_the_drivers_order() -> None:
    declines = interrupts = 0
    for seed in range(12):
        _, engine, d, i = _play_random_aec("crazy-eights", 4, seed, 0.7)
        declines += d
        interrupts += i
        assert engine.is_over
    assert interrupts > 0
    assert declines > 0


def test_rewards_follow_the_outcome_and_sum_to_zero() -> None:
    table = raw_env("huit-americain", players=3)
    table.reset(seed=8)
    totals = dict.fromkeys(table.possible_agents, 0.0)
    chooser = random.Random(8)
    outcome = None
    for agent in table.agent_iter():
        observation, reward, terminated, truncated, _ = table.last()
        totals[agent] += float(reward)
        if terminated or truncated:
            outcome = outcome or table.game_state.outcome()
            table.step(None)
            continue
        table.step(chooser.choice(np.flatnonzero(observation["action_mask"]).tolist()))
    assert outcome is not None
    assert tuple(totals.values()) == rewards(outcome, 3)
    assert sum(totals.values()) == pytest.approx(0.0)


def test_bad_actions_raise_and_change_nothing() -> None:
    table = raw_env("crazy-eights", players=2)
    table.reset(seed=4)
    before = table.game_state
    observation = table.observe(table.agent_selection)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    with pytest.raises(IllegalMoveError):
        table.step(illegal)
    for junk in (-1, table.actions.size, 2.5, "3", True, None, [1]):
        with pytest.raises(InvalidArgumentError):
            table.step(junk)
    with pytest.raises(IllegalMoveError):  # the player whose turn it is may not decline
        table.step(table.actions.decline)
    assert table.game_state is before
    assert table.agent_selection == "player_1"


def test_an_environment_used_before_reset_says_so() -> None:
    table = raw_env("planets", players=2)
    with pytest.raises(InvalidArgumentError):
        table.observe("player_0")
    single = rl_gym.CardGameEnv("planets")
    with pytest.raises(InvalidArgumentError):
        single.step(0)


def test_gymnasium_illegal_actions_terminate_or_raise_as_chosen() -> None:
    single = rl_gym.CardGameEnv("crazy-eights", players=2)
    observation, _ = single.reset(seed=3)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = single.step(illegal)
    assert (reward, terminated, truncated, info) == (-1.0, True, False, {"illegal_action": True})
    with pytest.raises(InvalidArgumentError):
        single.step(illegal)  # the episode is over
    strict = rl_gym.CardGameEnv("crazy-eights", players=2, illegal="raise")
    observation, _ = strict.reset(seed=3)
    before = strict.game_state
    with pytest.raises(IllegalMoveError):
        strict.step(illegal)
    assert strict.game_state is before
    for junk in (-1, 10**9, "1", 1.5, None):
        with pytest.raises(InvalidArgumentError):
            strict.step(junk)
    assert strict.game_state is before


def test_gymnasium_episodes_are_reproducible_and_opponents_play_their_streams() -> None:
    def episode(seed: int) -> list[Any]:
        single = rl_gym.CardGameEnv("huit-americain", players=4, seat=2, opponents="heuristic")
        observation, _ = single.reset(seed=seed)
        chooser = random.Random(seed)
        trace: list[Any] = []
        done = False
        while not done:
            legal = np.flatnonzero(observation["action_mask"]).tolist()
            action = chooser.choice(legal)
            observation, reward, done, _, _ = single.step(action)
            trace.append((action, float(reward), observation["observation"].tobytes()))
        trace.append(single.game_state.to_json())
        return trace

    assert episode(11) == episode(11)
    assert episode(11) != episode(12)


def test_gymnasium_draws_64_bit_game_seeds_when_reset_without_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The opponents' streams are agent_rng(game_seed, seat): the spy sees every game seed.
    seeds: list[int] = []

    def spy(seed: int, seat: int) -> Any:
        seeds.append(seed)
        return real(seed, seat)

    from cardgames.agents import agent_rng as real

    monkeypatch.setattr(rl_gym, "agent_rng", spy)
    single = rl_gym.CardGameEnv("crazy-eights", players=2, opponents="random")
    single.reset(seed=5)  # seeds np_random, from which the unseeded resets draw
    seeds.clear()
    for _ in range(32):
        single.reset()
    assert len(seeds) == 32
    assert all(0 <= seed < 2**64 for seed in seeds)
    # 32 draws of 64 bits all below 2**63: a chance of 2**-32 (and a fixed np_random seed).
    assert any(seed >= 2**63 for seed in seeds)


def test_gymnasium_learner_can_be_in_any_seat_and_opponents_mixed() -> None:
    single = rl_gym.CardGameEnv(
        "crazy-eights", players=3, seat=1, opponents=["random", "ismcts:20"]
    )
    observation, _ = single.reset(seed=2)
    assert single.game_state.to_act[0] == 1 or observation["action_mask"].sum() > 0


def test_hostile_constructor_arguments_are_refused() -> None:
    with pytest.raises(UnknownGameError):
        env("chess")
    kwargs: dict[str, Any]
    for kwargs in (
        {"players": 1},
        {"players": "2"},
        {"render_mode": "human"},
        {"lang": "de"},
        {"rules": crazy_eights.Rules()},
    ):
        with pytest.raises(InvalidArgumentError):
            env("planets", **kwargs)
    for kwargs in (
        {"seat": 2},
        {"seat": True},
        {"opponents": ["random", "random"]},
        {"opponents": 3},
        {"illegal": "ignore"},
        {"render_mode": "rgb_array"},
    ):
        with pytest.raises(InvalidArgumentError):
            rl_gym.CardGameEnv("crazy-eights", **kwargs)
    with pytest.raises(InvalidRulesError):
        rl_gym.CardGameEnv("crazy-eights", opponents="grandmaster")
    for seed in (-1, 2**64, 1.5, "1", True):
        with pytest.raises(InvalidArgumentError):
            raw_env("crazy-eights").reset(seed=seed)  # type: ignore[arg-type]
        with pytest.raises(InvalidArgumentError):
            rl_gym.CardGameEnv("crazy-eights").reset(seed=seed)  # type: ignore[arg-type]


def test_rendering_narrates_for_a_spectator_in_either_language() -> None:
    hidden_shown = 0
    for lang in ("en", "fr"):
        table = raw_env("huit-americain", players=2, render_mode="ansi", lang=lang)
        table.reset(seed=5)
        chooser = random.Random(5)
        for _ in range(60):
            if not table.agents or table.terminations[table.agent_selection]:
                break
            mask = table.observe(table.agent_selection)["action_mask"]
            table.step(chooser.choice(np.flatnonzero(mask).tolist()))
            text = table.render()
            assert isinstance(text, str)
            state = table.game_state
            for event in state.last_events:
                if isinstance(event, CardsDrawn) and event.cards:
                    visible = {state.view(None).top}
                    for card in event.cards:
                        if card not in visible:
                            hidden_shown += card.unicode() in text
            if lang == "fr" and table.agents:
                assert "de jouer" in text or not text
    assert hidden_shown == 0
    assert raw_env("planets").render() is None


def test_the_encodings_do_not_depend_on_the_preset_name() -> None:
    rules = huit_americain.GAME.preset("le-cumul")
    table = raw_env("huit-americain", players=3, rules=rules)
    assert table.actions is action_encoding("huit-americain", rules, players=3)  # cached
    by_alias = action_encoding("8 américain", attrs.evolve(rules), players=3)  # an equal copy
    assert [by_alias.describe(i) for i in range(by_alias.size)] == [
        table.actions.describe(i) for i in range(table.actions.size)
    ]


@attrs.frozen
class _LowestId:
    """Plays the legal move with the lowest action id; lets every out-of-turn chance go."""

    game: str
    players: int

    @property
    def name(self) -> str:
        return "lowest-id"

    def act(self, view: Any, legal: Any, rng: Any) -> tuple[Any, Any]:
        encoding = action_encoding(self.game, view.rules, players=self.players)
        if view.viewer not in view.to_act[:1]:
            return None, rng
        return min(legal, key=encoding.encode), rng


@pytest.mark.parametrize(
    ("game", "players", "opponents"),
    [
        ("crazy-eights", 2, ["ismcts-belief:12"]),
        ("huit-americain", 3, ["ismcts-belief:8", "easy"]),
        ("planets", 3, ["random", "ismcts-belief:6"]),
    ],
)
def test_gymnasium_opponents_that_remember_play_as_in_the_driver(
    game: str, players: int, opponents: list[str]
) -> None:
    """An informed opponent (ISMCTS on beliefs) is given its seat's history, as by play_game.

    Its decisions depend on everything its seat saw since the deal: the episode equals the
    driver's game only if the environment keeps the same information state as `play_game`.
    """
    from cardgames import find_game
    from cardgames.agents import make_agent, play_game

    found = find_game(game)
    for seed in (5, 6):
        single = rl_gym.CardGameEnv(game, players=players, seat=1, opponents=opponents)
        observation, _ = single.reset(seed=seed)
        encoding = single.actions
        done = False
        while not done:
            legal = np.flatnonzero(observation["action_mask"]).tolist()
            action = encoding.decline if encoding.decline in legal else min(legal)
            observation, _, done, _, _ = single.step(action)
        agents = [make_agent(opponents[0], found), _LowestId(game, players)]
        agents += [make_agent(name, found) for name in opponents[1:]]
        played = play_game(found, agents, seed=seed, players=single.game_state.players)
        assert single.game_state == played.state


@attrs.frozen
class _Witness:
    """An informed agent that checks the information state it is given, then plays lowest id."""

    game: str
    players: int
    seen: list[int] = attrs.field(factory=list, eq=False)

    @property
    def name(self) -> str:
        return "witness"

    @property
    def informed(self) -> bool:
        return True

    def act(self, view: Any, legal: Any, rng: Any) -> tuple[Any, Any]:
        raise AssertionError("an informed agent is asked through act_on")

    def act_on(self, info: Any, legal: Any, rng: Any) -> tuple[Any, Any]:
        from cardgames.infostate import InfoState

        assert isinstance(info, InfoState)
        view: Any = info.view
        assert len(info) == view.moves_played + 1  # every view since the deal, none skipped
        assert [getattr(v, "moves_played", None) for v in info.views] == list(range(len(info)))
        assert all(v.viewer == info.seat for v in info.views)
        self.seen.append(len(info))
        encoding = action_encoding(self.game, view.rules, players=self.players)
        return min(legal, key=encoding.encode), rng


@pytest.mark.parametrize(("game", "players"), CONFIGS)
def test_gymnasium_gives_an_informed_opponent_its_seats_history(game: str, players: int) -> None:
    single = rl_gym.CardGameEnv(game, players=players, seat=0, opponents="random")
    witness = _Witness(game, players)
    single.opponents[1] = witness  # after construction: reset() reads the opponents
    for seed in (1, 2):
        observation, _ = single.reset(seed=seed)
        done = False
        steps = 0
        while not done and steps < 400:
            legal = np.flatnonzero(observation["action_mask"]).tolist()
            observation, _, done, _, _ = single.step(legal[-1])
            steps += 1
    assert len(witness.seen) >= 4
    assert len(set(witness.seen)) > 1  # later decisions see longer histories


def test_gymnasium_check_env_passes_with_a_hard_opponent() -> None:
    made = gym.make("cardgames/CrazyEights-v0", players=2, opponents="hard")
    unwrapped: Any = made.unwrapped
    check_env(unwrapped)
    assert unwrapped.opponents[1].informed


@pytest.mark.parametrize(
    ("game", "preset", "players"),
    [("crazy-eights", None, 4), ("planets", None, 3), ("huit-americain", "a-la-volee", 5)],
)
def test_the_gymnasium_episode_is_the_drivers_game(
    game: str, preset: str | None, players: int
) -> None:
    """The learner in seat 1 replays what play_game does with the same agents and seed.

    Under "à la volée" the seats asked only because public information cannot rule out a
    jump-in decline without their agent being asked (play_game asks only the seats that may
    move).
    """
    from cardgames import find_game
    from cardgames.agents import make_agent, play_game

    found = find_game(game)
    rules = None if preset is None else found.preset(preset)
    for seed in (3, 4):
        opponents = ["heuristic", "random", "random", "heuristic"][: players - 1]
        single = rl_gym.CardGameEnv(game, players=players, rules=rules, seat=1, opponents=opponents)
        observation, _ = single.reset(seed=seed)
        encoding = single.actions
        done = False
        while not done:
            legal = np.flatnonzero(observation["action_mask"]).tolist()
            action = encoding.decline if encoding.decline in legal else min(legal)
            observation, _, done, _, _ = single.step(action)
        agents = [make_agent(opponents[0], found), _LowestId(game, players)]
        agents += [make_agent(name, found) for name in opponents[1:]]
        played = play_game(found, agents, seed=seed, players=single.game_state.players, rules=rules)
        assert single.game_state == played.state
