"""Seeded, immutable, platform-independent random numbers.

Every random decision in `cardgames` (dealing, reshuffling the discard pile, simulated players)
draws from an `Rng` kept inside the game state. An `Rng` is an immutable value: each method returns
its result together with a *new* `Rng`, and the receiver is never changed, so a state that holds
one stays a pure value and a game replays exactly from its seed.

Compatibility promise: for the whole 1.x series, the same seed gives the same numbers, shuffles
and child streams on every platform and every supported Python version. The generator is therefore
implemented here, in pure Python integer arithmetic, from the algorithm described below, and does
not use the `random` module (whose algorithms may change between Python versions). The
description is complete enough to reimplement the generator bit for bit in another language.

Notation: all words are unsigned 64-bit integers; `+`, `*` and `<<` are taken modulo 2**64;
`^` is exclusive or, `>>` a logical shift, `rotl(x, k)` is `(x << k) | (x >> (64 - k))`.

**SplitMix64** (Steele, Lea and Flood; the variant published by Vigna). With the constant
`G = 0x9E3779B97F4A7C15`, the mixing function is

    mix64(z): z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
              z = (z ^ (z >> 27)) * 0x94D049BB133111EB
              return z ^ (z >> 31)

and the generator seeded with `x` returns `mix64(x + G)`, `mix64(x + 2G)`, `mix64(x + 3G)`, ...
(it adds `G` to its state, then mixes). `mix64` is a bijection on 64-bit words. Write
`splitmix4(x)` for the first four outputs, `(mix64(x + G), ..., mix64(x + 4G))`.

**The stream**, `xoshiro256**` 1.0 (Blackman and Vigna). The state is four words `(s0, s1, s2,
s3)`, never all zero. One step outputs `rotl(s1 * 5, 7) * 9` and then updates the state:

    t = s1 << 17
    s2 ^= s0;  s3 ^= s1;  s1 ^= s2;  s0 ^= s3;  s2 ^= t;  s3 = rotl(s3, 45)

**Absorbing a word.** `absorb(s, v)` mixes a 64-bit word `v` into a state `s`. It uses key
words from a second arithmetic progression, with the odd constant `H = 0xBB67AE8584CAA73B` (the
first 64 fractional bits of the square root of 3) in place of `G`:
`(k0, k1, k2, k3) = (mix64(v + H), mix64(v + 2H), mix64(v + 3H), mix64(v + 4H))`. Then

    t0 = mix64(s0 ^ k0)
    t1 = mix64(s1 ^ k1 ^ t0)
    t2 = mix64(s2 ^ k2 ^ t1)
    t3 = mix64(s3 ^ k3 ^ t2)
    t0 = mix64(t0 ^ t3)

and the result is `(t0, t1, t2, t3)`, except that an all-zero result (one state in 2**256 per
`v`) is replaced by `(G, 0, 0, 0)`. For a fixed `v` the map is a bijection on non-degenerate
states, and every output word depends on every input word and on `v`. The keys use `H`, not `G`,
so that they can never equal a seeded state `splitmix4(x)` word for word: with the same
progression, absorbing `v` into `splitmix4(v)` would cancel to zero, and `absorb(splitmix4(a),
b)` would equal `absorb(splitmix4(b), a)`.

**Seeding** (`Rng.from_seed`). A seed is any Python `int` of at most 65,536 bits
(`-2**65536 < seed < 2**65536`; seeding reads every bit of it, so wider ones are refused).

- If `0 <= seed < 2**64`, the state is `splitmix4(seed)`: exactly the seeding the xoshiro authors
  recommend (the first four outputs of SplitMix64 seeded with the seed). These four words are
  never all zero, because `mix64` is a bijection and the four inputs are distinct.
- Otherwise, let `m = abs(seed)`, split `m` into `k >= 1` little-endian 64-bit limbs
  `L0, ..., L(k-1)` (`k` is the least count that holds `m`, so the top limb is nonzero), and let
  `tag = 2 * k + (1 if seed < 0 else 0)`. Start from `splitmix4(L0)`, then absorb `L1`, ...,
  `L(k-1)` and finally `tag`, in that order.

The tag encodes the sign and the length, so every integer has one unambiguous word sequence;
distinct seeds give distinct, well-mixed states except with negligible (hash-collision)
probability. For example `-1` gives `absorb(splitmix4(1), 3)` and `2**64 + 5` gives
`absorb(absorb(splitmix4(5), 1), 4)`.

**Bounded integers** (`Rng.below`), Lemire's multiply-and-reject method ("Fast random integer
generation in an interval", ACM TOMACS, 2019), on 64-bit outputs, for `1 <= n <= 2**64`: draw a
word `x` and form the 128-bit product `m = x * n`, with low half `l = m mod 2**64`. If `l < n`,
let `t = (2**64 - n) mod n`; while `l < t`, draw a new `x` and recompute `m` and `l`. The result
is `m >> 64` (the high half). The result is exactly uniform on `[0, n)`; at least one word is
drawn, more only with probability below `n / 2**64`. `Rng.randint(lo, hi)` is
`lo + below(hi - lo + 1)`.

**Floats** (`Rng.random`): one word `x` gives `(x >> 11) / 2**53`, a multiple of 2**-53 in
`[0, 1)`.

**Shuffle** (`Rng.shuffle`), Fisher-Yates from the end: for `i` from `n - 1` down to `1`, let
`j = below(i + 1)` and swap positions `i` and `j`. A sequence of length 0 or 1 draws nothing.
**Sample** (`Rng.sample(seq, k)`) runs the same loop for the first `k` values of `i` (stopping
before `i = 0`, which would draw nothing) and returns the items it fixed, in the order it fixed
them: the items then at positions `n - 1`, `n - 2`, ..., `n - k`. So `sample(seq, len(seq))` is
`shuffle(seq)` reversed, and its first item is `choice(seq)`. **Choice** (`Rng.choice`) is
`seq[below(len(seq))]`.

**Child streams.** `Rng.derive(i)` (`0 <= i < 2**64`) is `absorb(absorb(s, i), 1)` of the
current state `s`; it does not advance anything. `Rng.split()` returns the parent advanced by one
step and the child `absorb(s, 0)` of the state before the step. The final absorbed words (`1` for
`derive`, `0` for `split`, a tag of at least 2 for seeding) keep the three constructions apart.

Examples:
    >>> rng = Rng.from_seed(2026)
    >>> roll, rng = rng.randint(1, 6)
    >>> roll
    4
    >>> hand, rng = rng.sample("ABCDEFGH", 3)
    >>> hand
    ('C', 'F', 'G')

Examples:
    >>> game_3 = Rng.from_seed(2026).derive(3)  # the stream for game 3 of a simulation
    >>> Rng.from_state(game_3.state) == game_3
    True
"""

from __future__ import annotations

import operator
import struct
from collections.abc import Sequence
from functools import reduce
from importlib.machinery import EXTENSION_SUFFIXES
from typing import TypeVar

import attrs

from cardgames import _xoshiro
from cardgames.errors import InvalidArgumentError

__all__ = ["Rng", "Words"]

_T = TypeVar("_T")

Words = tuple[int, int, int, int]
"""The four 64-bit words of an xoshiro256** state."""

_MASK = (1 << 64) - 1
_TWO_64 = 1 << 64
_GOLDEN = 0x9E3779B97F4A7C15
_MIX_1 = 0xBF58476D1CE4E5B9
_MIX_2 = 0x94D049BB133111EB
_KEY_GAMMA = 0xBB67AE8584CAA73B  # the increment of absorb's key words; must differ from _GOLDEN

_DERIVE_TAG = 1
_SEED_BITS = 65536  # the widest seed `Rng.from_seed` takes: 1,024 limbs, about 3 ms to fold in
_SPLIT_TAG = 0


# The binary wheels compile `cardgames._xoshiro`: the same loops and mixing on 32-bit halves.
# Interpreted, the big-integer code of this module is the faster of the two, so it is used then.
_COMPILED_LOOP = _xoshiro.__file__.endswith(tuple(EXTENSION_SUFFIXES))


def _mix64(z: int) -> int:
    """The SplitMix64 output function: a bijection on 64-bit words."""
    z = ((z ^ (z >> 30)) * _MIX_1) & _MASK
    z = ((z ^ (z >> 27)) * _MIX_2) & _MASK
    return z ^ (z >> 31)


# Interpreted, `_splitmix4` mixes its four words at once, each in a 128-bit lane of one integer:
# a word times a 64-bit constant fits its lane, and the shifted bits that cross into the next
# lane down are masked off with the high halves. 16 operations on one integer instead of 44 on
# four and four calls (22,700 instructions a seeding, now 12,200; callgrind, 3.11).
_SPLIT_LANES = sum(1 << (128 * lane) for lane in range(4))
_SPLIT_GAMMAS = sum(((lane + 1) * _GOLDEN) << (128 * lane) for lane in range(4))
_SPLIT_LOW = sum(_MASK << (128 * lane) for lane in range(4))
_unpack_split = struct.Struct("<Q8xQ8xQ8xQ8x").unpack


def _splitmix4(x: int) -> Words:
    """The first four outputs of SplitMix64 seeded with the 64-bit word ``x``."""
    if _COMPILED_LOOP:
        return _xoshiro.splitmix4(x)
    low = _SPLIT_LOW
    z = (x * _SPLIT_LANES + _SPLIT_GAMMAS) & low  # x + G, x + 2G, x + 3G, x + 4G by lane
    z ^= (z >> 30) & low  # then _mix64 on every lane
    z = (z * _MIX_1) & low
    z ^= (z >> 27) & low
    z = (z * _MIX_2) & low
    z ^= (z >> 31) & low
    words: Words = _unpack_split(z.to_bytes(64, "little"))
    return words


def _absorb(state: Words, v: int) -> Words:
    """Mix the 64-bit word ``v`` into ``state`` (see the module docstring)."""
    if _COMPILED_LOOP:
        return _xoshiro.absorb(*state, v)
    k0 = _mix64((v + _KEY_GAMMA) & _MASK)
    k1 = _mix64((v + 2 * _KEY_GAMMA) & _MASK)
    k2 = _mix64((v + 3 * _KEY_GAMMA) & _MASK)
    k3 = _mix64((v + 4 * _KEY_GAMMA) & _MASK)
    s0, s1, s2, s3 = state
    t0 = _mix64(s0 ^ k0)
    t1 = _mix64(s1 ^ k1 ^ t0)
    t2 = _mix64(s2 ^ k2 ^ t1)
    t3 = _mix64(s3 ^ k3 ^ t2)
    t0 = _mix64(t0 ^ t3)
    if not (t0 | t1 | t2 | t3):
        return (_GOLDEN, 0, 0, 0)
    return (t0, t1, t2, t3)


def _seed_words(seed: int) -> Words:
    """The xoshiro256** state for an integer seed (see the module docstring)."""
    if 0 <= seed <= _MASK:
        return _splitmix4(seed)
    magnitude = -seed if seed < 0 else seed
    # The limbs in one pass over the bytes (shifting the integer 64 bits at a time copies it
    # every time: quadratic, 200 s for a 10-million-digit seed).
    size = (magnitude.bit_length() + 63) // 64
    limbs = [limb for (limb,) in struct.iter_unpack("<Q", magnitude.to_bytes(8 * size, "little"))]
    state = _splitmix4(limbs[0])
    for limb in limbs[1:]:
        state = _absorb(state, limb)
    return _absorb(state, 2 * len(limbs) + (1 if seed < 0 else 0))


def _check_int(value: object, what: str) -> int:
    """Return ``value`` if it is an ``int`` (``bool`` excluded), else raise ``TypeError``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidArgumentError(what, value, f"must be an int, not {type(value).__name__}")
    return value


def _check_sequence(seq: object, method: str) -> None:
    """Refuse unordered collections, whose iteration order would break reproducibility."""
    if not isinstance(seq, Sequence):
        raise InvalidArgumentError(
            f"Rng.{method}() sequence",
            seq,
            f"needs a sequence (list, tuple, str, range), not {type(seq).__name__}: an "
            "unordered collection has no reproducible order",
        )


def _check_state(words: Sequence[int]) -> Words:
    """Validate and normalise four state words (the converter of `Rng`'s only field)."""
    if isinstance(words, (str, bytes)) or not isinstance(words, Sequence):
        raise InvalidArgumentError("Rng state", words, "must be a sequence of 4 ints")
    if len(words) != 4:
        raise InvalidArgumentError("Rng state", words, f"has exactly 4 words, not {len(words)}")
    for word in words:
        _check_int(word, "Rng state word")
        if not 0 <= word <= _MASK:
            raise InvalidArgumentError("Rng state word", word, "must be in 0..2**64-1")
    s0, s1, s2, s3 = (int(word) for word in words)
    if not (s0 | s1 | s2 | s3):
        raise InvalidArgumentError(
            "Rng state", words, "must not be all zero (xoshiro256** would output only 0)"
        )
    return (s0, s1, s2, s3)


def _next_words(s0: int, s1: int, s2: int, s3: int) -> tuple[int, int, int, int, int]:
    """One xoshiro256** step: ``(output, s0, s1, s2, s3)`` for the state ``(s0, s1, s2, s3)``."""
    x = (s1 * 5) & _MASK
    x = (((x << 7) | (x >> 57)) * 9) & _MASK
    t = (s1 << 17) & _MASK
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = ((s3 << 45) | (s3 >> 19)) & _MASK
    return x, s0, s1, s2, s3


_new_object = object.__new__
_set_attribute = object.__setattr__


def _make(s0: int, s1: int, s2: int, s3: int) -> Rng:
    """Build an `Rng` from words known to be valid, skipping validation (the hot path)."""
    rng = _new_object(Rng)
    _set_attribute(rng, "_state", (s0, s1, s2, s3))
    return rng


def _fisher_yates(items: list[_T], stop: int, state: Words) -> Words:
    """Run the shuffle loop on ``items`` in place for ``i = len(items) - 1`` down to ``stop``.

    Returns the state after the draws. This is the hot loop of every deal and reshuffle: the
    binary wheels run it compiled (`cardgames._xoshiro`), the interpreter in batches of draws
    on wide integers (`_fisher_yates_batched`), both word for word `_fisher_yates_big`.
    """
    if _COMPILED_LOOP:
        if len(items) <= _xoshiro.MOST_ITEMS:
            return _xoshiro.fisher_yates(items, stop, *state)
        return _fisher_yates_big(items, stop, state)
    return _fisher_yates_batched(items, stop, state)


def _fisher_yates_big(items: list[_T], stop: int, state: Words) -> Words:
    """`_fisher_yates` step by step on Python's integers: the reference of the other loops.

    The xoshiro256** step (`_next_words`) and Lemire's method (`Rng.below`) are inlined on
    local ints.
    """
    s0, s1, s2, s3 = state
    mask = _MASK
    for i in range(len(items) - 1, stop - 1, -1):
        n = i + 1
        while True:  # Lemire: redraw while the low half is below (2**64 - n) % n
            x = (s1 * 5) & mask
            x = (((x << 7) | (x >> 57)) * 9) & mask
            t = (s1 << 17) & mask
            s2 ^= s0
            s3 ^= s1
            s1 ^= s2
            s0 ^= s3
            s2 ^= t
            s3 = ((s3 << 45) | (s3 >> 19)) & mask
            m = x * n
            if (m & mask) >= n or (m & mask) >= (_TWO_64 - n) % n:
                break
        j = m >> 64
        items[i], items[j] = items[j], items[i]
    return (s0, s1, s2, s3)


# -- The interpreted shuffle, in batches ------------------------------------------------------
# Interpreted, each operation on an integer costs a bytecode dispatch and an allocation, whatever
# the integer's size, so the step-by-step loop above spends most of its time on overhead. The
# batched loop computes the same draws with a few operations on wide integers, each holding one
# 72-bit lane per draw (a 64-bit word and room for the products):
#
# 1. The xoshiro256** state update is linear over GF(2), so the s1 words of the next `_LANES`
#    states are a linear function of the current 256 state bits: the exclusive or of one
#    precomputed packed integer per nibble of the state (`_batch_tables`, built on first use).
# 2. The output function, rotl(s1 * 5, 7) * 9, runs on every lane at once.
# 3. Lemire's product x * n, for the bounds n, n - 1, ... of the draws, is a sum of shifted and
#    masked copies of the outputs (one per bit of the bounds); the high halves are the draws and
#    the low halves are checked against the bounds in one addition. A batch in which any draw
#    would be rejected (probability below 2**-56 a draw) is redone by the step-by-step loop.
# 4. The state after k draws follows from the s1 words of lanes k - 1 to k + 2.
#
# The result is the step-by-step loop's, word for word (tests/test_rng.py compares them).

_LANES = 54  # s1 words per batch: up to _LANES - 3 draws (a 52-card deck in one batch)
# Bits a lane: 64 and 8, so that products by bounds up to 256 fit and the draw is the lane's
# ninth byte. (80-bit lanes cost 10 % more of every operation on the packed words.)
_LANE = 72
_LANE_BYTES = _LANE // 8
_FEWEST = 8  # a shorter run of draws goes step by step (a batch costs about 30 steps)
_LANE_LOW = sum(_MASK << (_LANE * lane) for lane in range(_LANES))
_LANE_SEVEN = sum(127 << (_LANE * lane) for lane in range(_LANES))
_LOW_NIBBLE = bytes(b & 15 for b in range(256))
_HIGH_NIBBLE = bytes(b >> 4 for b in range(256))
_pack_state = struct.Struct("<4Q").pack
_pack_lanes = struct.Struct("<" + f"Q{_LANE_BYTES - 8}x" * _LANES).pack
_getitem = operator.getitem
_xor = operator.xor
_tables: list[tuple[int, ...]] = []  # filled once, on first use, by _batch_tables
_plans: dict[tuple[int, int], tuple[tuple[tuple[int, int], ...], int, int]] = {}


def _batch_tables() -> list[tuple[int, ...]]:
    """For each nibble of the packed state, its 16 contributions to the s1 words of a batch.

    The s1 words of the `_LANES` states from a single set bit, packed in lanes, for each of the
    256 bits; then by nibble (low nibbles of the 32 state bytes first, then the high nibbles) the
    exclusive or of those of its set bits.
    """
    if not _tables:
        images: list[int] = []
        for bit in range(256):
            words = [0, 0, 0, 0]
            words[bit // 64] = 1 << (bit % 64)
            s0, s1, s2, s3 = words
            lanes: list[int] = []
            for _ in range(_LANES):
                lanes.append(s1)
                _, s0, s1, s2, s3 = _next_words(s0, s1, s2, s3)
            images.append(int.from_bytes(_pack_lanes(*lanes), "little"))
        by_nibble: list[tuple[int, ...]] = []
        for shift in (0, 4):
            for byte in range(32):
                row = [0] * 16
                for value in range(1, 16):
                    low = value & -value
                    row[value] = row[value ^ low] ^ images[8 * byte + shift + low.bit_length() - 1]
                by_nibble.append(tuple(row))
        _tables[:] = by_nibble  # one assignment: a thread building them too leaves 64 entries
    return _tables


def _plan(n: int, k: int) -> tuple[tuple[tuple[int, int], ...], int, int]:
    """For draws with bounds ``n, n - 1, ..., n - k + 1``: Lemire's terms and checks by lanes.

    The (shift, lanes) of each bit of the bounds (the lanes whose bound has that bit), the lanes
    of ``2**64 - bound`` and the lanes' bit 64 (set after the addition iff no draw is rejected).
    """
    key = (n, k)
    plan = _plans.get(key)
    if plan is None:
        whole = (1 << _LANE) - 1
        terms: list[tuple[int, int]] = []
        for bit in range(n.bit_length()):
            lanes = sum(whole << (_LANE * lane) for lane in range(k) if (n - lane) >> bit & 1)
            if lanes:
                terms.append((bit, lanes))
        complement = sum((_TWO_64 - (n - lane)) << (_LANE * lane) for lane in range(k))
        carries = sum(1 << (_LANE * lane + 64) for lane in range(k))
        plan = (tuple(terms), complement, carries)
        if len(_plans) > 1024:  # bounded: one entry per (deck size, draws) seen
            _plans.clear()
        _plans[key] = plan
    return plan


def _fisher_yates_batched(items: list[_T], stop: int, state: Words) -> Words:
    """`_fisher_yates_big` in batches of draws computed on wide integers (see above)."""
    s0, s1, s2, s3 = state
    i = len(items) - 1
    low = _LANE_LOW
    tables = _tables or _batch_tables()
    while i >= stop:
        k = i - stop + 1  # draws left
        if k > _LANES - 3:
            k = _LANES - 3
        if k < _FEWEST or i >= 256:  # few draws, or a draw that does not fit a byte
            return _fisher_yates_tail(items, i, stop, (s0, s1, s2, s3))
        nibbles = _pack_state(s0, s1, s2, s3)
        nibbles = nibbles.translate(_LOW_NIBBLE) + nibbles.translate(_HIGH_NIBBLE)
        words = reduce(_xor, map(_getitem, tables, nibbles))  # s1 of the next states, by lane
        z = ((words * 5) & low) << 7  # rotl(s1 * 5, 7) * 9, from z's low and high halves
        # (the high one masked off before the product, which then stays within its lane):
        x = (((z & low) + ((z >> 64) & _LANE_SEVEN)) * 9) & low
        terms, complement, carries = _plans.get((i + 1, k)) or _plan(i + 1, k)
        m = 0
        for shift, lanes in terms:
            m += (x << shift) & lanes
        if ((m & low) + complement) & carries != carries:  # a draw to reject: step by step
            return _fisher_yates_tail(items, i, stop, (s0, s1, s2, s3))
        draws = m.to_bytes(_LANE_BYTES * _LANES + 2, "little")[8 : _LANE_BYTES * k : _LANE_BYTES]
        # A counter rather than zip(range(...), draws): no pair to make and unpack per swap
        # (4,700 instructions fewer for a 52-card deck, callgrind).
        for j in draws:
            items[i], items[j] = items[j], items[i]
            i -= 1
        # The state after k steps, from the s1 words a, b, c, d of states k - 1 to k + 2: one
        # shift, then four lanes (to_bytes of the whole words cost 6,600 instructions more).
        words >>= _LANE * (k - 1)
        a = words & _MASK
        b = (words >> _LANE) & _MASK
        c = (words >> (2 * _LANE)) & _MASK
        d = (words >> (3 * _LANE)) & _MASK
        s2 = b ^ a ^ ((a << 17) & _MASK)
        s0 = s2 ^ c ^ b
        s3 = ((b << 17) & _MASK) ^ d ^ s0
        s1 = b
    return (s0, s1, s2, s3)


def _fisher_yates_tail(items: list[_T], i: int, stop: int, state: Words) -> Words:
    """The step-by-step loop for positions ``i`` down to ``stop`` (the rest of a shuffle)."""
    if i == len(items) - 1:
        return _fisher_yates_big(items, stop, state)
    head = items[: i + 1]
    state = _fisher_yates_big(head, stop, state)
    items[: i + 1] = head
    return state


@attrs.frozen(slots=True, repr=False)
class Rng:
    """An immutable xoshiro256** random-number generator.

    Every method that draws returns ``(result, next_rng)`` and leaves the receiver unchanged;
    thread the returned generator into the next draw. Two generators are equal when their states
    are, and equal generators produce equal results. Build one with `Rng.from_seed` or
    `Rng.from_state`; ``Rng(state=words)`` is the same as ``Rng.from_state(words)``.

    Examples:
        >>> rng = Rng.from_seed(7)
        >>> first, rng2 = rng.next_u64()
        >>> rng.next_u64() == (first, rng2)  # the receiver did not change
        True
        >>> rng2 == rng
        False
    """

    _state: Words = attrs.field(converter=_check_state)

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        """Seed a generator from any integer: negative, zero, or wider than 64 bits.

        Seeds ``-2**65536 < seed < 2**65536`` are taken (1,024 limbs of 64 bits: about 3 ms
        to fold in); wider ones are refused before any work, since seeding reads every bit.

        Seeds ``0 <= seed < 2**64`` use the seeding the xoshiro authors recommend (four
        SplitMix64 outputs); other seeds fold their sign and every 64-bit limb into the state,
        as described in the module documentation, so that distinct seeds give distinct states.

        Args:
            seed: The seed.

        Returns:
            The seeded generator; the same seed always gives the same generator.

        Raises:
            TypeError: If ``seed`` is not an ``int`` (``bool`` is refused too).
            ValueError: If ``seed`` is ``2**65536`` or more in absolute value (both are
                `InvalidArgumentError`).

        Examples:
            >>> Rng.from_seed(0).state[0] == 0xE220A8397B1DCDAF
            True
            >>> Rng.from_seed(-1) != Rng.from_seed(1) != Rng.from_seed(2**64 + 1)
            True
        """
        _check_int(seed, "seed")
        if seed.bit_length() > _SEED_BITS:
            raise InvalidArgumentError("seed", seed, "expected -2**65536 < seed < 2**65536")
        return _make(*_seed_words(seed))

    @classmethod
    def from_state(cls, words: Sequence[int]) -> Rng:
        """Rebuild a generator from the four words of its `state`.

        Args:
            words: Four integers in ``0..2**64-1``, not all zero (a list is accepted too, as
                produced by a JSON decoder).

        Returns:
            The generator whose `state` is ``tuple(words)``.

        Raises:
            TypeError: If ``words`` is not a sequence of ``int`` (``bool`` refused).
            ValueError: If there are not exactly four words, a word is out of range, or all
                four are zero.

        Examples:
            >>> Rng.from_state((1, 2, 3, 4)).next_u64()[0]
            11520
        """
        return cls(state=words)

    @property
    def state(self) -> Words:
        """The four 64-bit state words, ``(s0, s1, s2, s3)``: what serialization stores."""
        return self._state

    def __repr__(self) -> str:
        words = ", ".join(f"0x{word:016x}" for word in self._state)
        return f"Rng(state=({words}))"

    def next_u64(self) -> tuple[int, Rng]:
        """Draw one 64-bit word: the raw xoshiro256** output.

        Returns:
            ``(word, next_rng)`` with ``0 <= word < 2**64``.

        Examples:
            >>> Rng.from_seed(42).next_u64()[0]
            1546998764402558742
        """
        x, s0, s1, s2, s3 = _next_words(*self._state)
        return x, _make(s0, s1, s2, s3)

    def below(self, n: int) -> tuple[int, Rng]:
        """Draw an integer uniformly from ``range(n)``, without modulo bias (Lemire's method).

        Args:
            n: The number of possible results, ``1 <= n <= 2**64``.

        Returns:
            ``(value, next_rng)`` with ``0 <= value < n``. At least one word is drawn, even
            for ``n == 1``.

        Raises:
            TypeError: If ``n`` is not an ``int``.
            ValueError: If ``n < 1`` or ``n > 2**64``.

        Examples:
            >>> Rng.from_seed(42).below(52)[0]
            4
        """
        if type(n) is not int:
            _check_int(n, "below(n): n")
        if not 1 <= n <= _TWO_64:
            raise InvalidArgumentError("below(n): n", n, "needs 1 <= n <= 2**64")
        return self._below(n)

    def _below(self, n: int) -> tuple[int, Rng]:
        """`below` for a checked ``n``: xoshiro256** steps inlined (the agents' hot path)."""
        s0, s1, s2, s3 = self._state
        while True:
            x = (s1 * 5) & _MASK
            x = (((x << 7) | (x >> 57)) * 9) & _MASK
            t = (s1 << 17) & _MASK
            s2 ^= s0
            s3 ^= s1
            s1 ^= s2
            s0 ^= s3
            s2 ^= t
            s3 = ((s3 << 45) | (s3 >> 19)) & _MASK
            m = x * n
            low = m & _MASK
            if low >= n or low >= (_TWO_64 - n) % n:
                return m >> 64, _make(s0, s1, s2, s3)

    def randint(self, lo: int, hi: int) -> tuple[int, Rng]:
        """Draw an integer uniformly from ``lo`` to ``hi`` inclusive: ``lo + below(hi - lo + 1)``.

        Args:
            lo: The smallest possible result.
            hi: The largest possible result; ``lo <= hi <= lo + 2**64 - 1``.

        Returns:
            ``(value, next_rng)`` with ``lo <= value <= hi``.

        Raises:
            TypeError: If ``lo`` or ``hi`` is not an ``int``.
            ValueError: If ``hi < lo`` or the range holds more than ``2**64`` integers.

        Examples:
            >>> Rng.from_seed(1).randint(1, 6)[0]
            5
        """
        _check_int(lo, "randint(lo, hi): lo")
        _check_int(hi, "randint(lo, hi): hi")
        if hi < lo:
            raise InvalidArgumentError("randint(lo, hi)", (lo, hi), "needs lo <= hi")
        if hi - lo >= _TWO_64:
            raise InvalidArgumentError(
                "randint(lo, hi)", (lo, hi), "spans more than 2**64 integers"
            )
        value, rng = self.below(hi - lo + 1)
        return lo + value, rng

    def random(self) -> tuple[float, Rng]:
        """Draw a float uniformly from ``[0, 1)``: the top 53 bits of a word, divided by 2**53.

        Returns:
            ``(value, next_rng)`` with ``0.0 <= value < 1.0``.

        Examples:
            >>> Rng.from_seed(42).random()[0]
            0.08386297105988216
        """
        x, rng = self.next_u64()
        return (x >> 11) * (1.0 / 9007199254740992.0), rng

    def shuffle(self, seq: Sequence[_T]) -> tuple[tuple[_T, ...], Rng]:
        """Return the items of ``seq`` in a uniformly random order (Fisher-Yates).

        For ``i`` from ``len(seq) - 1`` down to ``1``, swap position ``i`` with position
        ``below(i + 1)``. ``seq`` itself is not modified.

        Args:
            seq: The items; any sequence (a set is refused: its order is not reproducible).

        Returns:
            ``(shuffled, next_rng)``, ``shuffled`` a tuple holding the same items.

        Raises:
            TypeError: If ``seq`` is not a sequence.

        Examples:
            >>> Rng.from_seed(1).shuffle(range(6))[0]
            (0, 3, 1, 5, 2, 4)
        """
        if not isinstance(seq, (tuple, list)):  # those two are sequences: skip the ABC check
            _check_sequence(seq, "shuffle")
        items = list(seq)
        if len(items) < 2:
            return tuple(items), self
        state = _fisher_yates(items, 1, self._state)
        return tuple(items), _make(*state)

    def choice(self, seq: Sequence[_T]) -> tuple[_T, Rng]:
        """Pick one item of ``seq`` uniformly: ``seq[below(len(seq))]``.

        Args:
            seq: A non-empty sequence.

        Returns:
            ``(item, next_rng)``. One word is drawn even when ``seq`` has one item.

        Raises:
            TypeError: If ``seq`` is not a sequence.
            IndexError: If ``seq`` is empty.

        Examples:
            >>> Rng.from_seed(42).choice("HDCS")[0]
            'H'
        """
        if not isinstance(seq, (tuple, list)):  # those two are sequences: skip the ABC check
            _check_sequence(seq, "choice")
        n = len(seq)
        if not n:
            raise IndexError("Rng.choice() cannot choose from an empty sequence")
        index, rng = self._below(n)
        return seq[index], rng

    def sample(self, seq: Sequence[_T], k: int) -> tuple[tuple[_T, ...], Rng]:
        """Pick ``k`` distinct positions of ``seq`` uniformly, in random order.

        Runs the first ``k`` steps of the `shuffle` loop and returns the items they fix, in that
        order, so ``sample(seq, len(seq))`` is ``shuffle(seq)`` reversed and
        ``sample(seq, 1)[0]`` is ``(choice(seq),)`` (for ``len(seq) >= 2``).

        Args:
            seq: The population; any sequence.
            k: How many items to pick, ``0 <= k <= len(seq)``.

        Returns:
            ``(picked, next_rng)``, ``picked`` a tuple of ``k`` items.

        Raises:
            TypeError: If ``seq`` is not a sequence or ``k`` not an ``int``.
            ValueError: If ``k < 0`` or ``k > len(seq)``.

        Examples:
            >>> Rng.from_seed(42).sample(range(10), 3)[0]
            (0, 3, 5)
        """
        _check_sequence(seq, "sample")
        _check_int(k, "sample(seq, k): k")
        items = list(seq)
        n = len(items)
        if not 0 <= k <= n:
            raise InvalidArgumentError("sample(seq, k): k", k, f"needs 0 <= k <= len(seq) = {n}")
        stop = max(n - k, 1)
        state = _fisher_yates(items, stop, self._state) if stop < n else self._state
        return tuple(reversed(items[n - k :])), _make(*state)

    def derive(self, i: int) -> Rng:
        """Return child stream number ``i``, independent of this stream and of other children.

        The child depends only on this generator's state and ``i``; nothing is drawn, so
        ``master.derive(i)`` can be called for every game ``i`` of a simulation in any order.

        Args:
            i: The child's index, ``0 <= i < 2**64``.

        Returns:
            The child generator, ``absorb(absorb(state, i), 1)``.

        Raises:
            TypeError: If ``i`` is not an ``int``.
            ValueError: If ``i`` is negative or ``2**64`` or more.

        Examples:
            >>> master = Rng.from_seed(2026)
            >>> master.derive(0) == master.derive(0) != master.derive(1)
            True
        """
        _check_int(i, "derive(i): i")
        if not 0 <= i <= _MASK:
            raise InvalidArgumentError("derive(i): i", i, "needs 0 <= i < 2**64")
        if _COMPILED_LOOP:
            return _make(*_xoshiro.derive(*self._state, i, _DERIVE_TAG))
        return _make(*_absorb(_absorb(self._state, i), _DERIVE_TAG))

    def split(self) -> tuple[Rng, Rng]:
        """Split off a child stream and advance this one.

        Returns:
            ``(parent, child)``: ``parent`` is this generator advanced by one step (one word
            drawn and discarded), ``child`` is ``absorb(state, 0)`` of the state before the
            step. Calling ``split`` again on ``parent`` gives a different child.

        Examples:
            >>> parent, child = Rng.from_seed(1).split()
            >>> parent == Rng.from_seed(1).next_u64()[1], child != parent
            (True, True)
        """
        child = _make(*_absorb(self._state, _SPLIT_TAG))
        return self.next_u64()[1], child
