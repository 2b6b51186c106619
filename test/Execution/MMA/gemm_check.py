#!/usr/bin/env python3
"""gemm_check.py - inputs and the reference for gemm_sm80.cu.

    gemm_check.py gen M N K A.bin B.bin     # f16 A (M x K), B (K x N)
    gemm_check.py gen-tn M N K A.bin BT.bin # the same A, B as N x K
    gemm_check.py verify M N K C.bin        # C (f32, M x N) = A * B
    gemm_check.py genrand M N K A.bin B.bin # uniform(-1, 1) f16 inputs
    gemm_check.py compare C1.bin C2.bin     # share of identical elements

The elements are small integers (-3..3) from a seeded generator, so every
product and every partial sum is an integer below 2^24: the result is exact
in f32 whatever the accumulation order, and C must equal the integer
product exactly.
"""
import random
import struct
import sys


def matrices(m, n, k):
    rng = random.Random('ptxjit-gemm-%d-%d-%d' % (m, n, k))
    a = [rng.randint(-3, 3) for _ in range(m * k)]
    b = [rng.randint(-3, 3) for _ in range(k * n)]
    return a, b


def f16(v):
    return struct.unpack('<H', struct.pack('<e', float(v)))[0]


def main():
    if sys.argv[1] == 'compare':
        x = open(sys.argv[2], 'rb').read()
        y = open(sys.argv[3], 'rb').read()
        n = len(x) // 4
        cx = struct.unpack('<%dI' % n, x)
        cy = struct.unpack('<%dI' % (len(y) // 4), y)
        same = sum(1 for u, v in zip(cx, cy) if u == v)
        worst = max(abs(u - v) for u, v in zip(cx, cy))
        print('%d of %d elements identical, the largest difference %d ulp'
              % (same, n, worst))
        return 0
    cmd, m, n, k = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    if cmd == 'genrand':
        rng = random.Random('ptxjit-gemm-rand-%d-%d-%d' % (m, n, k))
        for path, count in ((sys.argv[5], m * k), (sys.argv[6], k * n)):
            with open(path, 'wb') as f:
                f.write(struct.pack('<%dH' % count,
                                    *[f16(rng.uniform(-1, 1)) for _ in range(count)]))
        return 0
    a, b = matrices(m, n, k)
    if cmd == 'gen':
        with open(sys.argv[5], 'wb') as f:
            f.write(struct.pack('<%dH' % len(a), *map(f16, a)))
        with open(sys.argv[6], 'wb') as f:
            f.write(struct.pack('<%dH' % len(b), *map(f16, b)))
        return 0
    if cmd == 'gen-tn':
        bt = [b[x * n + j] for j in range(n) for x in range(k)]
        with open(sys.argv[5], 'wb') as f:
            f.write(struct.pack('<%dH' % len(a), *map(f16, a)))
        with open(sys.argv[6], 'wb') as f:
            f.write(struct.pack('<%dH' % len(bt), *map(f16, bt)))
        return 0
    data = open(sys.argv[5], 'rb').read()
    c = struct.unpack('<%df' % (m * n), data)
    bad = 0
    for i in range(m):
        for j in range(n):
            want = sum(a[i * k + x] * b[x * n + j] for x in range(k))
            if c[i * n + j] != want:
                if bad < 5:
                    print('C[%d][%d] = %r, expected %d' % (i, j, c[i * n + j], want))
                bad += 1
    print('gemm %dx%dx%d: %d of %d elements wrong' % (m, n, k, bad, m * n))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
