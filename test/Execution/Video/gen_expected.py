#!/usr/bin/env python3
"""Writes video.test, the lit test of the kernels in video.cu.

Both kernels of video.cu are re-implemented below in plain Python:
simd_intrinsics from what the CUDA Math API documents for each SIMD
intrinsic (per-byte or per-half-word absolute differences, sums of them,
absolute values with and without saturation), video_asm from the pseudo-code
of the PTX ISA's video instructions (9.7.16, 9.7.17) with Python's unbounded
integers. Nothing here comes from running ptx-jit.

Usage:
  gen_expected.py            rewrite video.test
  gen_expected.py --check    exit 1 if it is out of date
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, os.pardir, os.pardir, 'Inputs'))
sys.dont_write_bytecode = True  # keep the source tree clean
from ptxjit_testgen.ints import u32, wrap  # noqa: E402
from ptxjit_testgen.testfile import check_lines, update_file  # noqa: E402

PTX = 'Inputs/video.sm_80.ptx'

# Inputs: byte, half-word and word edges in every position.
A = [0x00000000, 0xffffffff, 0x7f807f80, 0x80808080, 0x12345678, 0xfedcba98,
     0x7fff8000, 0x00ff00ff, 0x01020304, 0x80000000, 0x7fffffff, 0xff00ff00,
     0x0a0b0c0d, 0x8001fffe, 0xdeadbeef, 0x55aa33cc]
B = [0xffffffff, 0x00000000, 0x80807f7f, 0x7f7f7f7f, 0x87654321, 0x01234567,
     0x80007fff, 0xff00ff00, 0x04030201, 0x7fffffff, 0x80000000, 0x00ff00ff,
     0x1f1e1d1c, 0x00030005, 0x0badf00d, 0x33cc55aa]
C = [0x00000000, 0xffffffff, 0x7fffffff, 0x80000000, 0x11223344, 0xfffffff0,
     0x00000010, 0x12345678, 0x0000ffff, 0xffff0000, 0x00000001, 0x89abcdef,
     0x7f7f7f7f, 0x80808080, 0x00ff00ff, 0xcafef00d]
N = len(A)


def lanes(x, bits):
    """The bytes or half-words of the 32-bit x, lowest first, unsigned."""
    return [(x >> (bits * i)) & ((1 << bits) - 1) for i in range(32 // bits)]


def join(parts, bits):
    """The inverse of lanes (each part reduced to its width)."""
    return sum((p & ((1 << bits) - 1)) << (bits * i)
               for i, p in enumerate(parts))


def clamp(x, lo, hi):
    return max(lo, min(hi, x))


# ----------------------------------------------------------------------------
# simd_intrinsics: the CUDA Math API's SIMD intrinsics
# ----------------------------------------------------------------------------


def simd_intrinsics(a, b):
    ub_a, ub_b = lanes(a, 8), lanes(b, 8)
    sb_a = [wrap(v, 8, True) for v in ub_a]
    sb_b = [wrap(v, 8, True) for v in ub_b]
    uh_a, uh_b = lanes(a, 16), lanes(b, 16)
    return [
        # __vabsdiffu4: per-byte |a - b|, unsigned.
        join([abs(x - y) for x, y in zip(ub_a, ub_b)], 8),
        # __vabsdiffs4: per-byte |a - b|, signed.
        join([abs(x - y) for x, y in zip(sb_a, sb_b)], 8),
        # __vsadu2: the sum of the per-half-word unsigned |a - b|.
        sum(abs(x - y) for x, y in zip(uh_a, uh_b)),
        # __vsadu4: the sum of the per-byte unsigned |a - b|.
        sum(abs(x - y) for x, y in zip(ub_a, ub_b)),
        # __vsads4: the sum of the per-byte signed |a - b|.
        sum(abs(x - y) for x, y in zip(sb_a, sb_b)),
        # __vabs4: per-byte absolute value (|-128| wraps to 0x80).
        join([abs(x) for x in sb_a], 8),
        # __vabsss4: per-byte absolute value, saturated to 127.
        join([min(abs(x), 127) for x in sb_a], 8),
    ]


# ----------------------------------------------------------------------------
# video_asm: the PTX ISA's pseudo-code
# ----------------------------------------------------------------------------


def element(a, b, index, bits, signed):
    """Element index of {b, a} (bytes or half-words), extended."""
    return wrap(((b << 32) | a) >> (bits * index), bits, signed)


def simd(op, a, b, c, nlanes, asel, bsel, mask, sa, sb, sd, sat=False,
         add=False):
    """vop2/vop4 with asel/bsel/mask written highest lane first, as in PTX."""
    bits = 32 // nlanes
    t = []
    for i in range(nlanes):
        va = element(a, b, asel[nlanes - 1 - i], bits, sa)
        vb = element(a, b, bsel[nlanes - 1 - i], bits, sb)
        r = op(va, vb)
        if sat:
            lo, hi = ((-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if sd
                      else (0, (1 << bits) - 1))
            r = clamp(r, lo, hi)
        t.append(r)
    if add:
        return u32(c + sum(t[i] for i in range(nlanes) if i in mask))
    vc = lanes(c, bits)
    return join([t[i] if i in mask else vc[i] for i in range(nlanes)], bits)


def avrg(x, y):
    return (x + y + 1) >> 1 if x + y >= 0 else (x + y) >> 1


def video_asm(a, b, c):
    out = []
    # vadd4.u32.u32.u32.sat d, a, b, c
    out.append(simd(lambda x, y: x + y, a, b, c, 4, [3, 2, 1, 0],
                    [7, 6, 5, 4], {0, 1, 2, 3}, False, False, False,
                    sat=True))
    # vsub2.s32.s32.s32.sat d.h0, a.h10, b.h32, d (d = c)
    out.append(simd(lambda x, y: x - y, a, b, c, 2, [1, 0], [3, 2], {0},
                    True, True, True, sat=True))
    # vavrg4.s32.s32.s32 d.b31, a.b7531, b.b0246, c
    out.append(simd(avrg, a, b, c, 4, [7, 5, 3, 1], [0, 2, 4, 6], {3, 1},
                    True, True, True))
    # vmax2.s32.s32.u32.add d, a, b, c
    out.append(simd(max, a, b, c, 2, [1, 0], [3, 2], {0, 1}, True, False,
                    True, add=True))
    # vset4.u32.s32.lt d, a, b, c
    out.append(simd(lambda x, y: int(x < y), a, b, c, 4, [3, 2, 1, 0],
                    [7, 6, 5, 4], {0, 1, 2, 3}, False, True, False))
    # vmad.s32.s32.s32.sat d, a.h0, b.h1, -c: signed; c negated as ~c + 1.
    ta, tb = wrap(a, 16, True), wrap(b >> 16, 16, True)
    tmp = ta * tb + wrap(~c, 32, True) + 1
    out.append(u32(clamp(wrap(tmp, 64, True), -2 ** 31, 2 ** 31 - 1)))
    # vshl.u32.u32.u32.wrap.add d, a, b.b0, c
    tmp = (a << ((b & 0xff) & 0x1f)) + c
    out.append(u32(tmp))
    # vabsdiff.s32.s32.s32.sat d.b1, a.b2, b.h1, d (d = c): clamped to a
    # signed byte, merged into byte 1 of c.
    tmp = clamp(abs(wrap(a >> 16, 8, True) - wrap(b >> 16, 16, True)),
                -128, 127)
    out.append((c & 0xffff00ff) | ((tmp & 0xff) << 8))
    # vset.u32.s32.ge.max d, a, b.b3, c: unsigned a, signed byte 3 of b; the
    # result and c are unsigned.
    tmp = int(a >= wrap(b >> 24, 8, True))
    out.append(max(tmp, c))
    return out


# ----------------------------------------------------------------------------
# The test file
# ----------------------------------------------------------------------------


def array(values):
    return 'u32[%d]=%s' % (len(values), ','.join(str(v) for v in values))


def case(kernel, per_element, args, values, comment, names):
    out_arg = len(args)
    n_out = per_element * N
    lines = ['', '# ' + comment[0]] + ['# ' + c for c in comment[1:]]
    lines.append('# RUN: ptx-jit %%S/%s --kernel=%s --grid=2 --block=9 \\'
                 % (PTX, kernel))
    for arg in args:
        lines.append('# RUN:   --arg=%s \\' % arg)
    lines.append('# RUN:   --arg=u32[%d]=fill:7 --arg=s32:%d --print=%d \\'
                 % (n_out, N, out_arg))
    prefix = kernel.upper()
    lines.append('# RUN:   | FileCheck %%s --match-full-lines '
                 '--check-prefix=%s' % prefix)

    def note(i):
        if i % per_element:
            return None
        e = i // per_element
        return '[%d] %s' % (e, ' '.join('%s=0x%08x' % (name, v[e])
                                        for name, v in names))
    lines += check_lines(prefix, values, note)
    return lines


def main():
    check = sys.argv[1:] == ['--check']
    lines = [
        '# The video instructions of real nvcc output (video.cu; '
        'Inputs/video.sm_80.ptx is',
        '# `nvcc -ptx -arch=sm_80 video.cu`, CUDA 13.0).',
        '#',
        '# GENERATED by gen_expected.py from Python models of the kernels '
        '(the CUDA',
        "# Math API's SIMD intrinsics, the PTX ISA's pseudo-code); do not "
        'edit.',
        '# 18 threads run n = 16 elements; the others return at once.',
        '# RUN: grep -cE "^\\s*v[a-z]+[24]?\\.[su]32" %S/' + PTX +
        ' | FileCheck %s --check-prefix=PTX',
        '# PTX: 16',
    ]
    simd_values = [v for a, b in zip(A, B) for v in simd_intrinsics(a, b)]
    lines += case('simd_intrinsics', 7, [array(A), array(B)], simd_values,
                  ['__vabsdiffu4 __vabsdiffs4 __vsadu2 __vsadu4 __vsads4 '
                   '__vabs4 __vabsss4 of a, b:',
                   'vabsdiff4 and vabsdiff2.add / vabsdiff4.add in nvcc\'s '
                   'inline asm.'],
                  [('a', A), ('b', B)])
    asm_values = [v for a, b, c in zip(A, B, C) for v in video_asm(a, b, c)]
    lines += case('video_asm', 9, [array(A), array(B), array(C)], asm_values,
                  ['vadd4.sat, vsub2.sat d.h0, vavrg4 d.b31 with selectors, '
                   'vmax2.add, vset4.lt,',
                   'vmad.sat with -c, vshl.wrap.add, vabsdiff.sat d.b1, '
                   'vset.ge.max of a, b, c.'],
                  [('a', A), ('b', B), ('c', C)])
    text = '\n'.join(lines) + '\n'
    stale = update_file(os.path.join(HERE, 'video.test'), text, check)
    if check:
        if stale:
            print('out of date: video.test')
        return 1 if stale else 0
    if stale:
        print('wrote video.test')
    return 0


if __name__ == '__main__':
    sys.exit(main())
