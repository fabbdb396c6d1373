"""The random streams' hot loops, written for the compiler: xoshiro256** on 32-bit halves.

`cardgames.rng` runs the Fisher-Yates shuffle (Lemire's bounded integers drawn from
xoshiro256**) on Python's arbitrary-size integers. Compiled by mypyc, arithmetic on integers
that may grow past 63 bits falls back to slow big-integer calls, so this module computes the
very same sequence with each 64-bit word split into two 32-bit halves: every intermediate value
stays below 2**42 and compiles to machine arithmetic. The binary wheels compile it and
`cardgames.rng` uses it only then (interpreted, the big-integer loop is faster); the tests check
that both give the same results.

Besides the shuffle: `absorb` and `splitmix4` (the mixing of `Rng.derive`, `Rng.split` and
`Rng.from_seed`, SplitMix64's output function on halves), and `Stream`, a mutable
xoshiro256** state that compiled loops (the simulation driver's random agents, the ISMCTS
search) draw from in place, as `Rng.below`, `Rng.random` and `Rng.split` draw, without building
an `Rng` per draw. Each computes what the big-integer code of `cardgames.rng` computes, word
for word.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:  # only annotations name it: no run-time dependency on mypy_extensions
    from mypy_extensions import i64

__all__ = ["Stream", "absorb", "derive", "fisher_yates", "splitmix4"]

_M: Final = 0xFFFFFFFF
MOST_ITEMS: Final = 1 << 30
"""The longest list `fisher_yates` takes: ``x * n`` on 32-bit halves then stays below 2**62."""


def fisher_yates(
    items: list[Any], stop: int, s0: int, s1: int, s2: int, s3: int
) -> tuple[int, int, int, int]:
    """Shuffle ``items`` (at most `MOST_ITEMS`) in place for ``i = len(items) - 1`` to ``stop``.

    For each ``i`` draw ``j = below(i + 1)`` (Lemire's method, redrawing while the low half of
    the product is below ``2**64 mod (i + 1)``) and swap positions ``i`` and ``j``, exactly as
    `cardgames.rng._fisher_yates` does. Returns the four state words after the draws.
    """
    # Compiled, the i64 variables are C integers (mypyc's native ints): every value here stays
    # below 2**62 (2**42 for a deck), so nothing overflows. Interpreted, they are ordinary ints.
    m: i64 = _M
    s0h: i64 = s0 >> 32
    s0l: i64 = s0 & _M
    s1h: i64 = s1 >> 32
    s1l: i64 = s1 & _M
    s2h: i64 = s2 >> 32
    s2l: i64 = s2 & _M
    s3h: i64 = s3 >> 32
    s3l: i64 = s3 & _M
    i: i64 = len(items) - 1
    last: i64 = stop
    while i >= last:
        n: i64 = i + 1
        while True:
            # x = rotl(s1 * 5, 7) * 9
            lo = s1l * 5
            ah = (s1h * 5 + (lo >> 32)) & m
            al = lo & m
            bh = ((ah << 7) | (al >> 25)) & m
            bl = ((al << 7) | (ah >> 25)) & m
            lo = bl * 9
            xh = (bh * 9 + (lo >> 32)) & m
            xl = lo & m
            # t = s1 << 17
            th = ((s1h << 17) | (s1l >> 15)) & m
            tl = (s1l << 17) & m
            s2h ^= s0h
            s2l ^= s0l
            s3h ^= s1h
            s3l ^= s1l
            s1h ^= s2h
            s1l ^= s2l
            s0h ^= s3h
            s0l ^= s3l
            s2h ^= th
            s2l ^= tl
            # s3 = rotl(s3, 45): swap the halves (32), then rotate by 13
            s3h, s3l = ((s3l << 13) | (s3h >> 19)) & m, ((s3h << 13) | (s3l >> 19)) & m
            # m = x * n: high word j, low word (ph & m, pl & m)
            pl = xl * n
            ph = xh * n + (pl >> 32)
            if (ph & m) or (pl & m) >= n:
                break
            r = (m + 1) % n  # 2**64 mod n, from (2**32 mod n) squared
            if (pl & m) >= (r * r) % n:
                break
        j: i64 = ph >> 32
        items[i], items[j] = items[j], items[i]
        i -= 1
    # Back to Python ints before the words pass 2**63.
    return (
        (int(s0h) << 32) | int(s0l),
        (int(s1h) << 32) | int(s1l),
        (int(s2h) << 32) | int(s2l),
        (int(s3h) << 32) | int(s3l),
    )


# -- 64-bit words as (high, low) pairs of 32-bit halves ---------------------------------------
# Every product below multiplies a 32-bit half by a 16-bit part of another: under 2**48.

# The constants of cardgames.rng, by halves: _GOLDEN and _KEY_GAMMA.
_GOLDEN_HIGH: Final = 0x9E3779B9
_GOLDEN_LOW: Final = 0x7F4A7C15
_KEY_GAMMA_HIGH: Final = 0xBB67AE85
_KEY_GAMMA_LOW: Final = 0x84CAA73B
_MIX_1_HIGH: Final = 0xBF58476D
_MIX_1_LOW: Final = 0x1CE4E5B9
_MIX_2_HIGH: Final = 0x94D049BB
_MIX_2_LOW: Final = 0x133111EB


def _mul32(a: i64, b: i64) -> i64:
    """``a * b mod 2**32`` for halves ``a`` and ``b``."""
    return (a * (b & 0xFFFF) + (((a * (b >> 16)) & 0xFFFF) << 16)) & _M


def _mul(ah: i64, al: i64, bh: i64, bl: i64) -> tuple[i64, i64]:
    """``a * b mod 2**64`` on halves."""
    p0 = al * (bl & 0xFFFF)
    p1 = al * (bl >> 16)
    t = p0 + ((p1 & 0xFFFF) << 16)
    high = ((t >> 32) + (p1 >> 16) + _mul32(ah, bl) + _mul32(al, bh)) & _M
    return high, t & _M


def _mix(h: i64, low: i64) -> tuple[i64, i64]:
    """SplitMix64's output function (`cardgames.rng._mix64`) on halves."""
    h, low = h ^ (h >> 30), low ^ (((h << 2) | (low >> 30)) & _M)
    h, low = _mul(h, low, _MIX_1_HIGH, _MIX_1_LOW)
    h, low = h ^ (h >> 27), low ^ (((h << 5) | (low >> 27)) & _M)
    h, low = _mul(h, low, _MIX_2_HIGH, _MIX_2_LOW)
    return h ^ (h >> 31), low ^ (((h << 1) | (low >> 31)) & _M)


def _add(ah: i64, al: i64, bh: i64, bl: i64) -> tuple[i64, i64]:
    """``a + b mod 2**64`` on halves."""
    low = al + bl
    return (ah + bh + (low >> 32)) & _M, low & _M


def _word(h: i64, low: i64) -> int:
    """The Python int of the halves (built as an int: a word may pass 2**63)."""
    return (int(h) << 32) | int(low)


def splitmix4(x: int) -> tuple[int, int, int, int]:
    """The first four outputs of SplitMix64 seeded with the word ``x`` (`rng._splitmix4`)."""
    ah: i64 = x >> 32
    al: i64 = x & _M
    ah, al = _add(ah, al, _GOLDEN_HIGH, _GOLDEN_LOW)
    h0, l0 = _mix(ah, al)
    ah, al = _add(ah, al, _GOLDEN_HIGH, _GOLDEN_LOW)
    h1, l1 = _mix(ah, al)
    ah, al = _add(ah, al, _GOLDEN_HIGH, _GOLDEN_LOW)
    h2, l2 = _mix(ah, al)
    ah, al = _add(ah, al, _GOLDEN_HIGH, _GOLDEN_LOW)
    h3, l3 = _mix(ah, al)
    return _word(h0, l0), _word(h1, l1), _word(h2, l2), _word(h3, l3)


def absorb(s0: int, s1: int, s2: int, s3: int, v: int) -> tuple[int, int, int, int]:
    """Mix the word ``v`` into the state ``(s0, s1, s2, s3)`` (`rng._absorb`)."""
    stream = Stream(s0, s1, s2, s3)
    stream.absorb(v)
    return stream.words()


def derive(s0: int, s1: int, s2: int, s3: int, i: int, tag: int) -> tuple[int, int, int, int]:
    """``absorb(absorb(state, i), tag)``: the state of child stream ``i`` (`Rng.derive`)."""
    stream = Stream(s0, s1, s2, s3)
    stream.absorb(i)
    stream.absorb(tag)
    return stream.words()


class Stream:
    """A mutable xoshiro256** state on 32-bit halves: compiled loops draw from it in place.

    `below`, `random` and `split` draw what `Rng.below`, `Rng.random` and `Rng.split` draw from
    the same state, and `words` is the state after the draws, the words of the `Rng` they would
    have returned.
    """

    def __init__(self, s0: int, s1: int, s2: int, s3: int) -> None:
        self.s0h: i64 = s0 >> 32
        self.s0l: i64 = s0 & _M
        self.s1h: i64 = s1 >> 32
        self.s1l: i64 = s1 & _M
        self.s2h: i64 = s2 >> 32
        self.s2l: i64 = s2 & _M
        self.s3h: i64 = s3 >> 32
        self.s3l: i64 = s3 & _M

    def words(self) -> tuple[int, int, int, int]:
        """The four state words."""
        return (
            _word(self.s0h, self.s0l),
            _word(self.s1h, self.s1l),
            _word(self.s2h, self.s2l),
            _word(self.s3h, self.s3l),
        )

    def absorb(self, v: int) -> None:
        """Mix the word ``v`` into the state, as `cardgames.rng._absorb` does."""
        vh: i64 = v >> 32
        vl: i64 = v & _M
        ah, al = _add(vh, vl, _KEY_GAMMA_HIGH, _KEY_GAMMA_LOW)
        k0h, k0l = _mix(ah, al)
        ah, al = _add(ah, al, _KEY_GAMMA_HIGH, _KEY_GAMMA_LOW)
        k1h, k1l = _mix(ah, al)
        ah, al = _add(ah, al, _KEY_GAMMA_HIGH, _KEY_GAMMA_LOW)
        k2h, k2l = _mix(ah, al)
        ah, al = _add(ah, al, _KEY_GAMMA_HIGH, _KEY_GAMMA_LOW)
        k3h, k3l = _mix(ah, al)
        t0h, t0l = _mix(self.s0h ^ k0h, self.s0l ^ k0l)
        t1h, t1l = _mix(self.s1h ^ k1h ^ t0h, self.s1l ^ k1l ^ t0l)
        t2h, t2l = _mix(self.s2h ^ k2h ^ t1h, self.s2l ^ k2l ^ t1l)
        t3h, t3l = _mix(self.s3h ^ k3h ^ t2h, self.s3l ^ k3l ^ t2l)
        t0h, t0l = _mix(t0h ^ t3h, t0l ^ t3l)
        if not (t0h | t0l | t1h | t1l | t2h | t2l | t3h | t3l):
            t0h, t0l = _GOLDEN_HIGH, _GOLDEN_LOW  # the state (_GOLDEN, 0, 0, 0), as rng
        self.s0h, self.s0l, self.s1h, self.s1l = t0h, t0l, t1h, t1l
        self.s2h, self.s2l, self.s3h, self.s3l = t2h, t2l, t3h, t3l

    def split(self) -> tuple[int, int, int, int]:
        """`Rng.split`: the child's words (the state absorbing 0), then one step as the parent."""
        child = Stream(0, 0, 0, 0)
        child.s0h, child.s0l, child.s1h, child.s1l = self.s0h, self.s0l, self.s1h, self.s1l
        child.s2h, child.s2l, child.s3h, child.s3l = self.s2h, self.s2l, self.s3h, self.s3l
        child.absorb(0)
        self._next()
        return child.words()

    def _next(self) -> tuple[i64, i64]:
        """One xoshiro256** step: the output word's halves."""
        m: i64 = _M
        s1h = self.s1h
        s1l = self.s1l
        lo = s1l * 5
        ah = (s1h * 5 + (lo >> 32)) & m
        al = lo & m
        bh = ((ah << 7) | (al >> 25)) & m
        bl = ((al << 7) | (ah >> 25)) & m
        lo = bl * 9
        xh = (bh * 9 + (lo >> 32)) & m
        xl = lo & m
        th = ((s1h << 17) | (s1l >> 15)) & m
        tl = (s1l << 17) & m
        s2h = self.s2h ^ self.s0h
        s2l = self.s2l ^ self.s0l
        s3h = self.s3h ^ s1h
        s3l = self.s3l ^ s1l
        self.s1h = s1h ^ s2h
        self.s1l = s1l ^ s2l
        self.s0h ^= s3h
        self.s0l ^= s3l
        self.s2h = s2h ^ th
        self.s2l = s2l ^ tl
        self.s3h = ((s3l << 13) | (s3h >> 19)) & m
        self.s3l = ((s3h << 13) | (s3l >> 19)) & m
        return xh, xl

    def below(self, n: i64) -> i64:
        """Draw from ``range(n)``, ``1 <= n <= MOST_ITEMS``, as `Rng.below` (Lemire's method)."""
        m: i64 = _M
        while True:
            xh, xl = self._next()
            pl = xl * n
            ph = xh * n + (pl >> 32)
            if (ph & m) or (pl & m) >= n:
                return ph >> 32
            r = (m + 1) % n  # 2**64 mod n, from (2**32 mod n) squared
            if (pl & m) >= (r * r) % n:
                return ph >> 32

    def random(self) -> float:
        """Draw a float from ``[0, 1)`` as `Rng.random`: the top 53 bits over 2**53."""
        xh, xl = self._next()
        top: i64 = (xh << 21) | (xl >> 11)
        return float(top) * (1.0 / 9007199254740992.0)
