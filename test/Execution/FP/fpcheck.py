#!/usr/bin/env python3
"""Test-time helper of the FP execution tests (never computes expected values).

  fpcheck.py hex WIDTH K
      Reads `ptx-jit --print` output of a b16/b32/b64 buffer (one unsigned
      decimal a line) from stdin and prints it as bit patterns, K elements a
      line: "I: 0x3f800000 0x7fffffff ..." (I = element index / K, WIDTH =
      bits per element). FileCheck then compares the bit patterns.

  fpcheck.py bounds TESTFILE NAME K
      Reads `ptx-jit --print` output of a b32 buffer (f32 results, K per
      input element) from stdin and checks it against the `# BOUND NAME I
      SPEC...` lines of TESTFILE (written by gen_expected.py), one SPEC per
      result: `=0xBITS` (exactly these bits), `0xLO:0xHI` (a value in
      [LO, HI], compared as floats; NaN never matches), `nan` (any NaN) or
      `*` (not checked). Prints "NAME: N values ok" or the mismatches (and
      exits 1).
"""
import struct
import sys


def read_values():
    return [int(line) for line in sys.stdin.read().split()]


def cmd_hex(width, k):
    vals = read_values()
    digits = width // 4
    for start in range(0, len(vals), k):
        row = vals[start:start + k]
        print('%d: %s' % (start // k,
                          ' '.join('0x%0*x' % (digits, v) for v in row)))
    return 0


def f32(bits):
    return struct.unpack('<f', struct.pack('<I', bits))[0]


def is_nan32(bits):
    return (bits & 0x7fffffff) > 0x7f800000


def cmd_bounds(testfile, name, k):
    vals = read_values()
    specs = {}
    with open(testfile) as f:
        for line in f:
            parts = line.split()
            if len(parts) >= 4 and parts[:3] == ['#', 'BOUND', name]:
                specs[int(parts[3])] = parts[4:]
    bad = []
    checked = 0
    if len(vals) != k * len(specs):
        print('%s: %d values printed, expected %d' % (name, len(vals),
                                                      k * len(specs)))
        return 1
    for i in sorted(specs):
        spec = specs[i]
        if len(spec) != k:
            print('%s: element %d has %d specs, expected %d' %
                  (name, i, len(spec), k))
            return 1
        for j, s in enumerate(spec):
            v = vals[i * k + j]
            if s == '*':
                continue
            checked += 1
            if s == 'nan':
                ok = is_nan32(v)
            elif s.startswith('='):
                ok = v == int(s[1:], 16)
            else:
                lo, hi = (int(t, 16) for t in s.split(':'))
                ok = not is_nan32(v) and f32(lo) <= f32(v) <= f32(hi)
            if not ok:
                bad.append('%s: element %d result %d: 0x%08x (%r), expected %s'
                           % (name, i, j, v, f32(v), s))
    if bad:
        for b in bad[:40]:
            print(b)
        print('%s: %d of %d values wrong' % (name, len(bad), checked))
        return 1
    print('%s: %d values ok' % (name, checked))
    return 0


def main(argv):
    if len(argv) == 4 and argv[1] == 'hex':
        return cmd_hex(int(argv[2]), int(argv[3]))
    if len(argv) == 5 and argv[1] == 'bounds':
        return cmd_bounds(argv[2], argv[3], int(argv[4]))
    sys.exit(__doc__)


if __name__ == '__main__':
    sys.exit(main(sys.argv))
