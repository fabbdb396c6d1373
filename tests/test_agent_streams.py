"""Tests of the agents' random streams (`agent_rng`): how they are built, and what they reveal.

A seat's stream is the SHA-256 digest of a domain-separated encoding of the game's seed and the
seat (`cardgames.agents.base.agent_rng`, docs/rng.md). The known-answer tests restate that
construction with `hashlib` and hard-coded digests. The inverting agent is the attack of
issue #29: an agent that runs the documented bijections of `cardgames.rng` backwards from its
own stream to the game's seed, deals the game again and so knows every hand. It succeeded
against the former streams (``Rng.from_seed(seed).derive(1000 + seat)``) under `play_game` and
under `simulate` for every game; it must find nothing now. Last, the seeds the library draws
itself (CLI, web tables, RL environments) have 64 bits, too many to try against one's hand.
"""

from __future__ import annotations

import hashlib
import struct
from collections.abc import Sequence
from typing import Any, ClassVar

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgames import find_game, games
from cardgames.agents import RandomAgent, agent_rng, play_game
from cardgames.errors import InvalidArgumentError
from cardgames.game import Game, Move, State, View
from cardgames.rng import Rng
from cardgames.simulate import game_seed, simulate

MASK = (1 << 64) - 1
G = 0x9E3779B97F4A7C15  # SplitMix64's increment (rng.py)
H = 0xBB67AE8584CAA73B  # the increment of absorb's key words (rng.py)
FORMER_FIRST_STREAM = 1000  # the former streams were children 1000 + seat of the seed


def stream_words(seed: int, seat: int) -> tuple[int, int, int, int]:
    """The construction of docs/rng.md, written out again from `hashlib` alone."""
    message = (
        b"cardgames/v1\x00agent-stream\x00"
        + seed.to_bytes(16, "little", signed=True)
        + seat.to_bytes(8, "little")
    )
    words: tuple[int, int, int, int] = struct.unpack("<4Q", hashlib.sha256(message).digest())
    return words


# (seed, seat): the SHA-256 digest of the message above (hex, computed with sha256sum from the
# bytes written out by hand) and the stream's first two outputs (xoshiro256** from those words).
# fmt: off
KNOWN = {
    (0, 0): (
        "2a25703f9c7f652dd6ca8dfbc4c4946cf32a78c3a23ef7dc79c019db7d78c404",
        (1390292991000956807, 1352902505932116424),
    ),
    (4, 0): (
        "fa16deedd4fe42316766539f2b36deaece795ca52216b0ecb9738e3c9a38c718",
        (9782616089899831133, 8184869525616970903),
    ),
    (4, 1): (
        "2c319573fd52e40361ae6d6f6dc4ecfd8374765dac808df171157d0f756d5d52",
        (5711582797996722890, 3635614100349361238),
    ),
    (-1, 3): (
        "6bb7008313ef3b6025b0386e8b58799278badda4513cfbeda341f93531d22c01",
        (12270128859109344350, 14900494712583569863),
    ),
    (2**64 - 1, 7): (
        "15b4b84ba3618ee02099fedd6bcef8ebb9ebce4a0bfe6e21b32467cf027ea5cd",
        (6783682191012745909, 2535446197103186353),
    ),
}
# fmt: on


@pytest.mark.parametrize(("seed", "seat"), sorted(KNOWN))
def test_known_answers(seed: int, seat: int) -> None:
    """The state is the digest read as four little-endian words; the draws are xoshiro's."""
    digest, outputs = KNOWN[seed, seat]
    words = struct.unpack("<4Q", bytes.fromhex(digest))
    assert stream_words(seed, seat) == words
    rng = agent_rng(seed, seat)
    assert rng.state == words
    first, rng = rng.next_u64()
    second, _ = rng.next_u64()
    assert (first, second) == outputs


@given(seed=st.integers(-(2**64) + 1, 2**64 - 1), seat=st.integers(0, 2**64 - 1))
def test_stream_matches_the_construction(seed: int, seat: int) -> None:
    assert agent_rng(seed, seat).state == stream_words(seed, seat)


@given(seed=st.integers(-(2**64) + 1, 2**64 - 1), seat=st.integers(0, 10))
def test_streams_differ_by_seed_and_seat(seed: int, seat: int) -> None:
    """Seats, and seeds of either sign, get distinct streams (no tag or sign collision)."""
    mine = agent_rng(seed, seat)
    assert mine != agent_rng(seed, seat + 1)
    assert mine != agent_rng(-seed, seat) or seed == 0
    assert mine != agent_rng(seed - 1 if seed > 0 else seed + 1, seat)


@pytest.mark.parametrize(
    ("seed", "seat"),
    [(2**64, 0), (-(2**64), 0), (True, 0), (1.0, 0), (0, -1), (0, 2**64), (0, False), (0, "0")],
)
def test_bad_seed_or_seat_is_refused(seed: Any, seat: Any) -> None:
    with pytest.raises(InvalidArgumentError):
        agent_rng(seed, seat)


# --- The inverting agent ---------------------------------------------------------------------


def mix64(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def unshift(z: int, k: int) -> int:
    """The inverse of ``z ^ (z >> k)``."""
    x = z
    for _ in range(64 // k + 1):
        x = z ^ (x >> k)
    return x


def unmix64(z: int) -> int:
    """The inverse of `mix64`, which rng.py documents as a bijection."""
    z = unshift(z, 31)
    z = (z * pow(0x94D049BB133111EB, -1, 1 << 64)) & MASK
    z = unshift(z, 27)
    z = (z * pow(0xBF58476D1CE4E5B9, -1, 1 << 64)) & MASK
    return unshift(z, 30)


def unabsorb(state: Sequence[int], v: int) -> tuple[int, int, int, int]:
    """The state that rng.py's ``absorb(., v)`` maps to ``state`` (a bijection for each ``v``)."""
    k0, k1, k2, k3 = (mix64((v + i * H) & MASK) for i in (1, 2, 3, 4))
    u0, t1, t2, t3 = state
    t0 = unmix64(u0) ^ t3
    return (unmix64(t0) ^ k0, unmix64(t1) ^ k1 ^ t0, unmix64(t2) ^ k2 ^ t1, unmix64(t3) ^ k3 ^ t2)


def recover_seed(rng: Rng, seat: int) -> int | None:
    """The game's seed, if ``rng`` is ``Rng.from_seed(seed).derive(1000 + seat)``, else None.

    Runs `derive` (two absorbs) and the seeding of a seed ``0 <= seed < 2**64`` (SplitMix64's
    first four outputs) backwards, as the module documentation of `cardgames.rng` allows.
    """
    words = unabsorb(unabsorb(rng.state, 1), FORMER_FIRST_STREAM + seat)
    seed = (unmix64(words[0]) - G) & MASK
    if tuple(mix64((seed + i * G) & MASK) for i in (1, 2, 3, 4)) != words:
        return None
    return seed


def test_inversion_recovers_a_former_stream() -> None:
    """The inversion is right: it undoes ``from_seed(seed).derive(1000 + seat)``."""
    for seed, seat in ((0, 0), (7, 2), (2**64 - 1, 5), (123456789, 1)):
        assert recover_seed(Rng.from_seed(seed).derive(FORMER_FIRST_STREAM + seat), seat) == seed
    assert recover_seed(Rng.from_seed(7).derive(FORMER_FIRST_STREAM + 1), 2) is None


class InvertingAgent:
    """Plays at random; at each decision, tries to invert its stream and deal the game again.

    Only a stream as handed out can be inverted (a drawn one has moved on), so in effect it
    tries at each seat's first decision of each game. What it would learn, every seat's view of
    the deal, is kept in ``found`` with the seed and the seat.
    """

    name = "inverter"
    game: ClassVar[Game[Any]]
    found: ClassVar[list[tuple[int, int, tuple[View, ...]]]] = []
    asked: ClassVar[int] = 0

    def act(self, view: View, legal: Sequence[Move], rng: Rng) -> tuple[Move | None, Rng]:
        type(self).asked += 1
        seat = view.viewer
        assert seat is not None
        seed = recover_seed(rng, seat)
        if seed is not None:
            seen: Any = view  # every game's views name the players and the rules
            players = len(seen.players)
            dealt = self.game.new_game(seen.players, seed=seed, rules=seen.rules)
            self.found.append((seed, seat, tuple(dealt.view(s) for s in range(players))))
        return RandomAgent().act(view, legal, rng)


@pytest.fixture
def inverters() -> type[InvertingAgent]:
    InvertingAgent.found = []
    InvertingAgent.asked = 0
    return InvertingAgent


def leaks(real: dict[int, State[Any, Any, Any]]) -> list[tuple[int, int]]:
    """The (seed, seat) pairs whose inverter dealt the real game again: it knew every hand."""
    return [
        (seed, seat)
        for seed, seat, views in InvertingAgent.found
        if seed in real and views == tuple(real[seed].view(s) for s in range(len(views)))
    ]


@pytest.mark.parametrize("name", [game.name for game in games()])
def test_play_game_streams_do_not_give_the_deal_away(
    name: str, inverters: type[InvertingAgent]
) -> None:
    """No seat of `play_game` recovers the seed from its stream (every one did before)."""
    game = find_game(name)
    inverters.game = game
    players = max(game.min_players, min(3, game.max_players))
    real = {}
    for seed in (3, 2026, 2**64 - 5):
        result = play_game(game, [inverters() for _ in range(players)], seed=seed)
        real[seed] = game.new_game(result.players, seed=seed, rules=result.rules)
    assert inverters.asked >= 3 * players
    assert not inverters.found, f"recovered the deal (seed, seat): {leaks(real)}"


@pytest.mark.parametrize("name", [game.name for game in games()])
def test_simulated_streams_do_not_give_the_deal_away(
    name: str, inverters: type[InvertingAgent]
) -> None:
    """No seat under `simulate` recovers its game's seed (every game's inverter did before)."""
    game = find_game(name)
    inverters.game = game
    names = ["Ann", "Bob", "Cy", "Dee", "Eve"][: game.min_players]
    agents: list[Any] = [inverters(), *["random"] * (len(names) - 1)]
    results = simulate(game, players=names, agents=agents, games=4, seed=11)
    assert len(results.rows) == 4
    assert inverters.asked >= 4
    real = {
        game_seed(11, i): game.new_game(names, seed=game_seed(11, i), rules=None) for i in range(4)
    }
    assert not inverters.found, f"recovered the deal (seed, seat): {leaks(real)}"


# --- Seeds the library draws ------------------------------------------------------------------
# A seat may try every seed it suspects against its own hand; the seeds the library draws itself
# must be too many to try: 64 random bits. Of 64 draws from 64 bits, one has its top bit set
# (the top bit of a 20- or 63-bit draw never is) except with probability 2**-64.


def test_the_cli_draws_64_bit_seeds() -> None:
    from cardgames.cli.choices import new_seed

    seeds = [new_seed() for _ in range(64)]
    assert all(0 <= seed < 2**64 for seed in seeds)
    assert any(seed >= 2**63 for seed in seeds)


def test_the_rl_environments_draw_64_bit_seeds() -> None:
    pytest.importorskip("numpy")
    from cardgames.rl._table import check_seed

    seeds = [check_seed(None) for _ in range(64)]
    assert all(0 <= seed < 2**64 for seed in seeds)
    assert any(seed >= 2**63 for seed in seeds)


def test_the_web_tables_draw_64_bit_seeds() -> None:
    pytest.importorskip("sqlalchemy")
    from cardgames.web.tables import _secret_seed

    seeds = [_secret_seed() for _ in range(64)]  # signed, for the store's 64-bit column
    assert all(-(2**63) <= seed < 2**63 for seed in seeds)
    assert any(seed < 0 for seed in seeds)
