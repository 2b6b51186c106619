#!/usr/bin/env python3
"""Cross-checks the Python models of gen_expected.py (and check_manyctas.py)
against the CUDA sources themselves, compiled for the host with g++ through
host_shim.h and run one thread at a time by harness.cpp.

This is a maintainer tool, not a test: run it after editing a kernel or a
model. It needs g++ (C++17, std::to_chars for floats); it never runs nvcc or
ptx-jit. Known, expected differences are skipped: float -> int conversions
of NaN or out-of-range values are undefined in C++ (the host gives x86's
"integer indefinite"), while the models follow PTX cvt (clamp; NaN -> 0 or
1 << (width - 1)).

Usage: host/crosscheck.py [CXX]
"""

import math
import os
import struct
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
sys.dont_write_bytecode = True  # keep the source tree clean
import gen_expected as g  # noqa: E402
import check_manyctas  # noqa: E402


def in_range_for_all(x):
    """x converts without clamping to every destination of f32/f64_to_int."""
    return math.isfinite(x) and -1 < x < 2 ** 31 - 1


def run_case(harness, tmp, c):
    gr = g.dim3(1 if c.grid is None else c.grid)
    bl = g.dim3(c.block)
    argv = [harness, c.kernel, *map(str, gr), *map(str, bl),
            str(c.print_idx), c.args[c.print_idx].ty, '1']
    for i, a in enumerate(c.args):
        if isinstance(a, g.Scalar):
            if a.ty == 'f32':
                bits = struct.unpack('<I', struct.pack('<f', a.value))[0]
            elif a.ty == 'f64':
                bits = struct.unpack('<Q', struct.pack('<d', a.value))[0]
            else:
                bits = a.value & (2 ** (8 * struct.calcsize(g.PACK[a.ty])) - 1)
            argv.append('s:%s:%x' % (a.ty, bits))
        else:
            path = os.path.join(tmp, 'arg%d.bin' % i)
            with open(path, 'wb') as f:
                f.write(a.data())
            argv.append('b:%s:%d:%s' % (a.ty, a.n, path))
    out = subprocess.run(argv, capture_output=True, text=True, check=True)
    return out.stdout.split('\n')[:-1]


def main():
    cxx = sys.argv[1] if len(sys.argv) > 1 else 'g++'
    bad = 0
    with tempfile.TemporaryDirectory() as tmp:
        harness = os.path.join(tmp, 'harness')
        subprocess.run([cxx, '-std=c++17', '-O2', '-march=native',
                        '-ffp-contract=fast', '-w', '-x', 'c++',
                        os.path.join(HERE, 'harness.cpp'), '-o', harness],
                       check=True)
        ncases = 0
        for family, _, make in g.FAMILIES:
            for c in make():
                ncases += 1
                exp = c.expected()
                got = run_case(harness, tmp, c)
                skip = set()
                if c.kernel in ('f32_to_int', 'f64_to_int'):
                    k = len(exp) // c.args[1].n
                    for j, x in enumerate(c.args[1].value):
                        if not in_range_for_all(x):
                            skip.update(range(k * j, k * j + k))
                diffs = [i for i in range(max(len(exp), len(got)))
                         if i not in skip and
                         (exp[i] if i < len(exp) else None) !=
                         (got[i] if i < len(got) else None)]
                if diffs:
                    bad += 1
                    print('MISMATCH %s %s: %d of %d lines' %
                          (family, c.prefix, len(diffs), len(exp)))
                    for i in diffs[:10]:
                        print('  [%d] model %s, host %s' % (
                            i, exp[i] if i < len(exp) else '-',
                            got[i] if i < len(got) else '-'))
        # manyctas.cu against check_manyctas.py.
        for kernel, grid, block, repeat, init in [
                ('stamp', (4096, 1), (64, 1), 1, 0),
                ('stamp', (100000, 1), (1, 1), 1, 0),
                ('stamp2d', (64, 64), (8, 8), 1, 0),
                ('accumulate', (4096, 1), (64, 1), 3, 5)]:
            ncases += 1
            n = grid[0] * grid[1] * block[0] * block[1]
            path = os.path.join(tmp, 'many.bin')
            with open(path, 'wb') as f:
                f.write(struct.pack('<%dI' % n, *([init] * n)))
            subprocess.run([harness, kernel, str(grid[0]), str(grid[1]), '1',
                            str(block[0]), str(block[1]), '1', '-1', '-',
                            str(repeat), 'b:u32:%d:%s' % (n, path)], check=True)
            with open(path, 'rb') as f:
                got = list(struct.unpack('<%dI' % n, f.read()))
            exp = check_manyctas.expected(kernel, list(grid) + [1],
                                          list(block) + [1], repeat, init)
            if got != exp:
                bad += 1
                print('MISMATCH manyctas %s grid %s' % (kernel, grid))
    print('%d cases, %d with mismatches' % (ncases, bad))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
