#!/usr/bin/env python3
"""check_wmma.py - inputs and references for wmma.cu's kernels.

    check_wmma.py gen KERNEL DIR       # writes DIR/KERNEL.{a,b,c}.bin
    check_wmma.py verify KERNEL DIR OUT.bin

Inputs are small integers from a seeded generator, so every result is
exact in its format; the reference is plain Python integer arithmetic on the
layouts wmma.cu stores (row- or column-major with the leading dimensions
it passes).
"""
import os
import random
import struct
import sys

# kernel: (M, N, K, A layout, B layout, D layout, element format, result
# format, C (initial accumulator), scale)
KERNELS = {
    'wmma_f16': (32, 32, 32, 'row', 'col', 'row', 'e', 'f', 'file', 2),
    'wmma_m32n8_f16acc': (32, 8, 16, 'col', 'row', 'col', 'e', 'e', 1, 1),
    'wmma_s8': (8, 32, 16, 'row', 'col', 'row', 'b', 'i', 7, 1),
    'wmma_f64': (8, 8, 4, 'row', 'row', 'row', 'd', 'd', 0.5, 1),
}


def index(layout, r, c, rows, cols):
    return r * cols + c if layout == 'row' else c * rows + r


def matrices(name):
    m, n, k = KERNELS[name][:3]
    rng = random.Random('ptxjit-wmma-' + name)
    a = [rng.randint(-3, 3) for _ in range(m * k)]
    b = [rng.randint(-3, 3) for _ in range(k * n)]
    c = [rng.randint(-50, 50) for _ in range(m * n)]
    return a, b, c


def main():
    cmd, name, folder = sys.argv[1], sys.argv[2], sys.argv[3]
    m, n, k, la, lb, ld, fmt, rfmt, init, scale = KERNELS[name]
    a, b, c = matrices(name)
    if cmd == 'gen':
        for tag, vals in (('a', a), ('b', b)):
            with open(os.path.join(folder, '%s.%s.bin' % (name, tag)), 'wb') as f:
                f.write(struct.pack('<%d%s' % (len(vals), fmt), *vals))
        with open(os.path.join(folder, '%s.c.bin' % name), 'wb') as f:
            f.write(struct.pack('<%df' % len(c), *c))
        return 0
    data = open(sys.argv[4], 'rb').read()
    size = struct.calcsize(rfmt)
    out = struct.unpack('<%d%s' % (len(data) // size, rfmt), data)
    bad = 0
    for i in range(m):
        for j in range(n):
            prod = sum(a[index(la, i, x, m, k)] * b[index(lb, x, j, k, n)]
                       for x in range(k))
            base = c[i * n + j] if init == 'file' else init
            want = scale * prod + base
            if out[index(ld, i, j, m, n)] != want:
                bad += 1
    print('%s: %d of %d elements wrong' % (name, bad, m * n))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
