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

from typing import Any, Final

__all__ = ["fisher_yates"]

_M: Final = 0xFFFFFFFF


def fisher_yates(
    items: list[Any], stop: int, s0: int, s1: int, s2: int, s3: int
) -> tuple[int, int, int, int]:
    """Shuffle ``items`` in place for ``i = len(items) - 1`` down to ``stop``.

    For each ``i`` draw ``j = below(i + 1)`` (Lemire's method, redrawing while the low half of
    the product is below ``2**64 mod (i + 1)``) and swap positions ``i`` and ``j``, exactly as
    `cardgames.rng._fisher_yates` does. Returns the four state words after the draws.
    """
    m = _M
    s0h, s0l = s0 >> 32, s0 & m
    s1h, s1l = s1 >> 32, s1 & m
    s2h, s2l = s2 >> 32, s2 & m
    s3h, s3l = s3 >> 32, s3 & m
    i = len(items) - 1
    while i >= stop:
        n = i + 1
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
        j = ph >> 32
        items[i], items[j] = items[j], items[i]
        i -= 1
    return ((s0h << 32) | s0l, (s1h << 32) | s1l, (s2h << 32) | s2l, (s3h << 32) | s3l)
