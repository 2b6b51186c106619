#!/usr/bin/env python3
"""check_wmma_subbyte.py - inputs and references for wmma_subbyte.cu.

    check_wmma_subbyte.py gen KERNEL DIR       # DIR/KERNEL.{a,b,c}.bin
    check_wmma_subbyte.py verify KERNEL DIR OUT.bin

s4/u4 (m8n8k32) and b1 (m8n8k128): A is 8 x K row-major, B K x 8
column-major, packed lowest bits first; C and D are s32 8 x 8 row-major.
The reference is integer arithmetic: D = A * B + C (s4, wrapping), clamped
to the s32 range (u4 with .satfinite, where C is near INT32_MAX), or
popc(A row op B column) + C (b1). f64 m8n8k4 with .rn/.rz/.rm/.rp: A 8 x 4
and B 4 x 8 row-major, C 8 x 8; the reference chains the fused multiply-adds
of docs/floating-point.md (acc = C, then acc = fma(A[i][x], B[x][j], acc)
for x = 0..3), each computed exactly with fractions and rounded once in the
kernel's mode.
"""
import os
import random
import struct
import sys
from fractions import Fraction

INT_MAX, INT_MIN = 2**31 - 1, -2**31


def pack(values, bits):
    """Packs unsigned fields of `bits` bits, lowest first, into bytes."""
    out = bytearray(len(values) * bits // 8)
    for i, v in enumerate(values):
        bit = i * bits
        out[bit // 8] |= (v & ((1 << bits) - 1)) << (bit % 8)
    return bytes(out)


def inputs(kernel):
    rng = random.Random('ptxjit-wmma-subbyte-' + kernel)
    if kernel.startswith('wmma_f64'):
        def value():
            return rng.uniform(-1, 1) * 2.0 ** rng.randint(-30, 30)
        # The same inputs for every mode, so that the modes can differ.
        rng = random.Random('ptxjit-wmma-subbyte-f64')
        return [value() for _ in range(32)], [value() for _ in range(32)], \
            [value() for _ in range(64)]
    if kernel == 'wmma_s4':
        a = [rng.randint(-8, 7) for _ in range(8 * 32)]
        b = [rng.randint(-8, 7) for _ in range(32 * 8)]
        c = [rng.randint(-1000, 1000) for _ in range(64)]
    elif kernel == 'wmma_u4_satfinite':
        a = [rng.randint(0, 15) for _ in range(8 * 32)]
        b = [rng.randint(0, 15) for _ in range(32 * 8)]
        # Half of C so close to INT32_MAX that the sum saturates.
        c = [INT_MAX - rng.randint(0, 3000) if i % 2 else
             rng.randint(-1000, 1000) for i in range(64)]
    else:
        a = [rng.randint(0, 1) for _ in range(8 * 128)]
        b = [rng.randint(0, 1) for _ in range(128 * 8)]
        c = [rng.randint(0, 100) for _ in range(64)]
    return a, b, c


def round_double(q, mode):
    """The double nearest to the fraction q in `mode` (no overflow)."""
    if q == 0:
        return 0.0
    negative = q < 0
    a = -q if negative else q
    e = a.numerator.bit_length() - a.denominator.bit_length() - 53
    while a >= Fraction(2) ** (e + 53):
        e += 1
    while a < Fraction(2) ** (e + 52):
        e -= 1
    e = max(e, -1074)
    scaled = a / Fraction(2) ** e
    m = scaled.numerator // scaled.denominator
    rest = scaled - m
    if mode == 'rn':
        if rest > Fraction(1, 2) or (rest == Fraction(1, 2) and m % 2):
            m += 1
    elif rest and ((mode == 'rm' and negative) or (mode == 'rp' and not negative)):
        m += 1
    value = float(Fraction(m) * Fraction(2) ** e)
    return -value if negative else value


def reference(kernel, a, b, c):
    d = []
    if kernel.startswith('wmma_f64'):
        mode = kernel[-2:]
        for i in range(8):
            for j in range(8):
                acc = c[i * 8 + j]
                for x in range(4):
                    acc = round_double(Fraction(a[i * 4 + x]) *
                                       Fraction(b[x * 8 + j]) + Fraction(acc),
                                       mode)
                d.append(acc)
        return d
    k = 32 if kernel in ('wmma_s4', 'wmma_u4_satfinite') else 128
    for i in range(8):
        for j in range(8):
            row, col = a[i * k:(i + 1) * k], b[j * k:(j + 1) * k]
            if kernel == 'wmma_b1_xor':
                s = sum(x ^ y for x, y in zip(row, col))
            elif kernel == 'wmma_b1_and':
                s = sum(x & y for x, y in zip(row, col))
            else:
                s = sum(x * y for x, y in zip(row, col))
            s += c[i * 8 + j]
            if kernel == 'wmma_u4_satfinite':
                s = max(INT_MIN, min(INT_MAX, s))
            else:
                s = (s + 2**31) % 2**32 - 2**31
            d.append(s)
    return d


def main():
    cmd, kernel, folder = sys.argv[1], sys.argv[2], sys.argv[3]
    a, b, c = inputs(kernel)
    f64 = kernel.startswith('wmma_f64')
    if cmd == 'gen':
        if f64:
            data = [struct.pack('<%dd' % len(v), *v) for v in (a, b, c)]
        else:
            bits = 1 if kernel.startswith('wmma_b1') else 4
            data = [pack(a, bits), pack(b, bits),
                    struct.pack('<64i', *c)]
        for name, blob in zip('abc', data):
            with open(os.path.join(folder, kernel + '.' + name + '.bin'),
                      'wb') as f:
                f.write(blob)
        return 0
    out = open(sys.argv[4], 'rb').read()
    got = struct.unpack('<64d' if f64 else '<64i', out)
    want = reference(kernel, a, b, c)
    bad = 0
    for i, (g, w) in enumerate(zip(got, want)):
        if g != w:
            if bad < 5:
                print('D[%d][%d] = %r, expected %r' % (i // 8, i % 8, g, w))
            bad += 1
    if f64 and kernel != 'wmma_f64_rn':
        # The mode must matter for these inputs, or the check proves nothing.
        nearest = reference('wmma_f64_rn', a, b, c)
        print('%s: differs from .rn in %d of 64 elements' %
              (kernel, sum(x != y for x, y in zip(want, nearest))))
    print('%s: %d of 64 elements wrong' % (kernel, bad))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
