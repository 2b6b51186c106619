#!/usr/bin/env python3
"""check_triton.py - inputs and references for the Triton kernels.

    check_triton.py gen-matmul M N K A.bin B.bin
    check_triton.py verify-matmul M N K A.bin B.bin C.bin
    check_triton.py gen-softmax ROWS COLS X.bin
    check_triton.py verify-softmax ROWS COLS X.bin Y.bin

The matmul inputs are integers in -3..3 (f16), so the f32 product is exact
in any summation order and must equal the integer product. The softmax
reference is computed in double precision. The kernel computes
ex2.approx.f32((x - max) * log2(e)) and divides with div.full.f32: the f32
product alone carries a relative error up to |x - max| * 2^-24, which
ex2 turns into |x - max| * ln 2 * 2^-24 of the result (about 1e-6 for the
|x - max| near 20 of these inputs), plus 2^-22 from ex2.approx and 2 ulp
from div.full. So each result must be within 4e-6 relative of the
reference, and every row must sum to 1 within 1e-5.
"""
import math
import random
import struct
import sys


def main():
    cmd = sys.argv[1]
    if cmd == 'gen-matmul':
        m, n, k = map(int, sys.argv[2:5])
        rng = random.Random('ptxjit-triton-matmul')
        for path, count in ((sys.argv[5], m * k), (sys.argv[6], k * n)):
            with open(path, 'wb') as f:
                f.write(struct.pack('<%de' % count,
                                    *[rng.randint(-3, 3) for _ in range(count)]))
        return 0
    if cmd == 'verify-matmul':
        m, n, k = map(int, sys.argv[2:5])
        a = struct.unpack('<%de' % (m * k), open(sys.argv[5], 'rb').read())
        b = struct.unpack('<%de' % (k * n), open(sys.argv[6], 'rb').read())
        c = struct.unpack('<%df' % (m * n), open(sys.argv[7], 'rb').read())
        bad = sum(1 for i in range(m) for j in range(n)
                  if c[i * n + j] != sum(a[i * k + x] * b[x * n + j]
                                         for x in range(k)))
        print('matmul %dx%dx%d: %d of %d elements wrong' % (m, n, k, bad, m * n))
        return 1 if bad else 0
    rows, cols = int(sys.argv[2]), int(sys.argv[3])
    if cmd == 'gen-softmax':
        rng = random.Random('ptxjit-triton-softmax')
        with open(sys.argv[4], 'wb') as f:
            f.write(struct.pack('<%df' % (rows * cols),
                                *[rng.gauss(0, 2) for _ in range(rows * cols)]))
        return 0
    x = struct.unpack('<%df' % (rows * cols), open(sys.argv[4], 'rb').read())
    y = struct.unpack('<%df' % (rows * cols), open(sys.argv[5], 'rb').read())
    bad = 0
    for r in range(rows):
        row = x[r * cols:(r + 1) * cols]
        mx = max(row)
        e = [math.exp(v - mx) for v in row]
        s = sum(e)
        got = y[r * cols:(r + 1) * cols]
        for want, have in zip(e, got):
            if abs(have - want / s) > 4e-6 * (want / s) + 1e-30:
                bad += 1
        if abs(sum(got) - 1) > 1e-5:
            bad += 1
    print('softmax %dx%d: %d values or rows out of tolerance' % (rows, cols, bad))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
