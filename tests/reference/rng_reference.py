#!/usr/bin/env python3
"""Independent reference of the pinned wr_rng algorithm (warrules/core.h).

Prints the first rolls for a few seeds; tests/test_core.c holds its output
as golden values, so the C implementation is checked against this one.
"""
M = (1 << 64) - 1


def splitmix64(x):
    x = (x + 0x9E3779B97F4A7C15) & M
    z = x
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M
    return x, z ^ (z >> 31)


def rotl(x, k):
    return ((x << k) | (x >> (64 - k))) & M


class Rng:
    def __init__(self, seed):
        self.s = []
        x = seed & M
        for _ in range(4):
            x, z = splitmix64(x)
            self.s.append(z)

    def next64(self):
        s = self.s
        result = (rotl((s[1] * 5) & M, 7) * 9) & M
        t = (s[1] << 17) & M
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = rotl(s[3], 45)
        return result

    def roll(self, sides):
        m = (self.next64() >> 32) * sides
        low = m & 0xFFFFFFFF
        if low < sides:
            t = (2**32 - sides) % sides
            while low < t:
                m = (self.next64() >> 32) * sides
                low = m & 0xFFFFFFFF
        return (m >> 32) + 1


if __name__ == "__main__":
    for seed, sides in ((0, 6), (1, 6), (42, 100), (0xFFFFFFFFFFFFFFFF, 20), (7, 1000000), (3, 2)):
        r = Rng(seed)
        print(seed, sides, [r.roll(sides) for _ in range(10)])
