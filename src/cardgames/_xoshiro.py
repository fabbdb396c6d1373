"""The shuffle's hot loop, written for the compiler: xoshiro256** on 32-bit halves.

`cardgames.rng` runs the Fisher-Yates shuffle (Lemire's bounded integers drawn from
xoshiro256**) on Python's arbitrary-size integers. Compiled by mypyc, arithmetic on integers
that may grow past 63 bits falls back to slow big-integer calls, so this module computes the
very same sequence with each 64-bit word split into two 32-bit halves: every intermediate value
stays below 2**42 and compiles to machine arithmetic. The binary wheels compile it and
`cardgames.rng` uses it only then (interpreted, the big-integer loop is faster); the tests check
that both give the same results.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:  # only annotations name it: no run-time dependency on mypy_extensions
    from mypy_extensions import i64

__all__ = ["fisher_yates"]

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
