#!/usr/bin/env python3
"""Checks the output buffer of a manyctas.cu kernel against values recomputed
here from the kernel's formula (independently of ptx-jit).

Usage: check_manyctas.py KERNEL INPUT --grid=X[,Y] --block=X[,Y]
                         [--repeat=N] [--init=V]
  KERNEL  stamp | stamp2d | accumulate
  INPUT   a file of raw little-endian u32 (from ptx-jit --out), or - to read
          one decimal value a line from stdin (from ptx-jit --print)
  --repeat, --init: for accumulate, the launch count and the initial fill.
Prints "KERNEL: N values ok", or the first mismatches and exits with 1.
"""

import struct
import sys

M32 = 0xffffffff


def dims(s):
    v = [int(x) for x in s.split(',')]
    return v + [1] * (3 - len(v))


def expected(kernel, grid, block, repeat, init):
    gx, gy, _ = grid
    bx, by, _ = block
    n = gx * gy * bx * by
    out = [0] * n
    if kernel == 'stamp':
        assert gy == 1 and by == 1
        for b in range(gx):
            for t in range(bx):
                out[b * bx + t] = ((b * 2654435761) ^ (t << 24) ^ (gx - b)) & M32
    elif kernel == 'stamp2d':
        w = gx * bx
        for cy in range(gy):
            for cx in range(gx):
                for ty in range(by):
                    for tx in range(bx):
                        x = cx * bx + tx
                        y = cy * by + ty
                        out[y * w + x] = ((x * 40503) ^ (y << 16) ^
                                          (cy * 7 + tx)) & M32
    elif kernel == 'accumulate':
        assert gy == 1 and by == 1
        for b in range(gx):
            for t in range(bx):
                out[b * bx + t] = (init + repeat * (b * 3 + t + 1)) & M32
    else:
        raise SystemExit('unknown kernel %s' % kernel)
    return out


def main(argv):
    opts = {'--repeat': '1', '--init': '0'}
    pos = []
    for a in argv[1:]:
        if a.startswith('--'):
            k, _, v = a.partition('=')
            opts[k] = v
        else:
            pos.append(a)
    kernel, src = pos
    exp = expected(kernel, dims(opts['--grid']), dims(opts['--block']),
                   int(opts['--repeat']), int(opts['--init']))
    if src == '-':
        got = [int(line) for line in sys.stdin.read().split()]
    else:
        with open(src, 'rb') as f:
            data = f.read()
        if len(data) % 4:
            print('%s: %d bytes is not a whole number of u32' % (src, len(data)))
            return 1
        got = list(struct.unpack('<%dI' % (len(data) // 4), data))
    if len(got) != len(exp):
        print('%s: expected %d values, got %d' % (kernel, len(exp), len(got)))
        return 1
    bad = [i for i in range(len(exp)) if got[i] != exp[i]]
    if bad:
        print('%s: %d of %d values differ' % (kernel, len(bad), len(exp)))
        for i in bad[:10]:
            print('  [%d] expected %d, got %d' % (i, exp[i], got[i]))
        return 1
    print('%s: %d values ok' % (kernel, len(exp)))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
