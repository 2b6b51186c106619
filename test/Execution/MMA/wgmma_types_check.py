#!/usr/bin/env python3
"""wgmma_types_check.py - inputs and the reference for wgmma_types.cu.

    wgmma_types_check.py gen KIND A.bin B.bin
    wgmma_types_check.py verify KIND A.bin B.bin D.bin

KIND is tf32, e4m3, s8, u8s8 or b1. A is 64 x 32 bytes, B 16 x 32 bytes
(N x K), row-major; D[r][c] = sum over k of A[r][k] * B[c][k], 64 x 16 words
(f32 or s32). The float kinds hold small integers (-3..3), so every product
and sum is exact in f32 whatever the order: D must equal the integer
product. For b1, K is the 256 bits of a row and D[r][c] is the number of
bits set in both A's row r and B's row c (.and.popc).
"""
import random
import struct
import sys

# e4m3 (bias 7) of the integers -3..3.
E4M3 = {0: 0x00, 1: 0x38, 2: 0x40, 3: 0x44}


def encode(kind, values):
    if kind == 'tf32':
        return struct.pack('<%df' % len(values), *values)
    if kind == 'e4m3':
        return bytes(E4M3[abs(v)] | (0x80 if v < 0 else 0) for v in values)
    if kind == 'b1':
        return bytes(values)
    return struct.pack('<%db' % len(values), *values) if kind == 's8' else \
        bytes(v & 0xff for v in values)


def values(kind, count, rng, signed=True):
    if kind in ('tf32', 'e4m3'):
        return [rng.randint(-3, 3) for _ in range(count)]
    if signed:
        return [rng.randint(-128, 127) for _ in range(count)]
    return [rng.randint(0, 255) for _ in range(count)]


def matrices(kind):
    rng = random.Random('ptxjit-wgmma-types-' + kind)
    if kind == 'b1':
        # Whole bytes; the product is computed over their bits.
        return 32, [rng.randint(0, 255) for _ in range(64 * 32)], \
            [rng.randint(0, 255) for _ in range(16 * 32)]
    k = 8 if kind == 'tf32' else 32
    a = values(kind, 64 * k, rng, signed=kind != 'u8s8')
    b = values(kind, 16 * k, rng)
    return k, a, b


def main():
    cmd, kind = sys.argv[1], sys.argv[2]
    k, a, b = matrices(kind)
    if cmd == 'gen':
        open(sys.argv[3], 'wb').write(encode(kind, a))
        # B of u8s8 is signed.
        open(sys.argv[4], 'wb').write(encode('s8' if kind == 'u8s8' else kind, b))
        return 0
    data = open(sys.argv[5], 'rb').read()
    fmt = '<1024f' if kind in ('tf32', 'e4m3') else '<1024i'
    d = struct.unpack(fmt, data)
    bad = 0
    for r in range(64):
        for c in range(16):
            if kind == 'b1':
                want = sum(bin(a[r * k + x] & b[c * k + x]).count('1')
                           for x in range(k))
            else:
                want = sum(a[r * k + x] * b[c * k + x] for x in range(k))
            if d[r * 16 + c] != want:
                if bad < 5:
                    print('D[%d][%d] = %r, expected %d' % (r, c, d[r * 16 + c], want))
                bad += 1
    print('wgmma %s: %d of 1024 wrong' % (kind, bad))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
