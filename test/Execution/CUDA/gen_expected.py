#!/usr/bin/env python3
"""Writes the lit tests (*.test) of test/Execution/CUDA from plain-Python models.

Every kernel in the *.cu files of this folder is re-implemented below in plain
Python, with explicit 8/16/32/64-bit wraparound, C's truncating division and
PTX's conversion rules (saturating float->int, NaN -> 0 or 1 << (width - 1)).
Float results are computed exactly with fractions.Fraction and rounded to
binary32 / binary64 with round-to-nearest-even by round_to(), and printed
the way `ptx-jit --print` prints them (C++17 std::to_chars, shortest
round-trip form). Nothing here comes from running ptx-jit.

For each test case this script emits a `DEFINE:` with the ptx-jit options, one
RUN line per PTX variant (nvcc's Inputs/<family>.sm_75/80/90.ptx and clang's
Inputs/<family>.sm_52.clang.ptx; all four are checked against the same CHECK
lines) and the CHECK lines. A family listed in CLANG_XFAIL has its clang RUN
lines in a separate <family>-clang.test marked XFAIL instead. Inputs too long for
a command line go to Inputs/*.bin (raw little-endian) and are passed with
`TYPE[N]=file:PATH`.

Usage:
  gen_expected.py            rewrite the *.test and Inputs/*.bin files (and
                             remove -clang.test files no longer needed)
  gen_expected.py --check    exit 1 if any of them is out of date
"""

import math
import os
import random
import sys
from fractions import Fraction

HERE = os.path.dirname(os.path.abspath(__file__))
# The shared package test/Inputs/ptxjit_testgen (integers, float formats and
# rounding, --print formatting, kernel arguments, test-file writing).
sys.path.insert(0, os.path.join(HERE, os.pardir, os.pardir, 'Inputs'))
sys.dont_write_bytecode = True  # keep the source tree clean
from ptxjit_testgen.floats import (  # noqa: E402
    F32, F64, cvt_f2i, from_str, is_neg, round_to)
from ptxjit_testgen.ints import (  # noqa: E402
    INT_MAX, INT_MIN, LL_MAX, LL_MIN, cdiv, cmod, popc, s8, s16, s32, s64,
    u8, u16, u32, u64)
from ptxjit_testgen.launch import (  # noqa: E402
    FILE, FILL, B, Launch, S, dim3)
# host/crosscheck.py also uses these, as gen_expected.X:
from ptxjit_testgen.launch import PACK, Scalar  # noqa: E402,F401
from ptxjit_testgen.testfile import (  # noqa: E402
    check_lines, comment_block, comment_lines, define_lines, launch_parts,
    print_run_lines, ptx_entries, update_folder)

NVCC_VARIANTS = ('sm_75', 'sm_80', 'sm_90')
CLANG_VARIANT = 'sm_52.clang'  # clang++ --cuda-gpu-arch=sm_52 -O2 (regen_ptx.sh)
VARIANTS = NVCC_VARIANTS + (CLANG_VARIANT,)
# Families whose clang variant fails because of a ptx-jit bug: family -> the
# comment lines of <family>-clang.test (which holds the clang RUN lines, marked
# XFAIL, so that <family>.test keeps passing on the nvcc variants).
CLANG_XFAIL = {}

# ----------------------------------------------------------------------------
# Integers (the rest is in ptxjit_testgen.ints)
# ----------------------------------------------------------------------------


def clz(v, bits):
    return bits - v.bit_length()


def ffs(v):
    """1-based index of the least significant set bit, 0 for 0."""
    return (v & -v).bit_length()


def brev(v, bits):
    return int(format(v, '0%db' % bits)[::-1], 2)


# ----------------------------------------------------------------------------
# Floating point: exact arithmetic, rounded once, round-to-nearest-even
# (round_to and the formats F32, F64 are in ptxjit_testgen.floats)
# ----------------------------------------------------------------------------


def finite(*xs):
    return all(math.isfinite(x) for x in xs)


def fadd(x, y, fmt):
    if not finite(x, y):
        r = x + y
        assert not math.isnan(r), 'NaN results are unspecified; avoid them'
        return r
    q = Fraction(x) + Fraction(y)
    if q == 0:
        # An exact zero sum is +0 unless both operands are -0.
        return -0.0 if (x == 0 and y == 0 and is_neg(x) and is_neg(y)) else 0.0
    return round_to(q, fmt)


def fsub(x, y, fmt):
    return fadd(x, -y, fmt)


def fmul(x, y, fmt):
    if not finite(x, y):
        r = x * y
        assert not math.isnan(r), 'NaN results are unspecified; avoid them'
        return r
    q = Fraction(x) * Fraction(y)
    if q == 0:
        return -0.0 if is_neg(x) != is_neg(y) else 0.0
    return round_to(q, fmt)


def ffma(x, y, z, fmt):
    """x * y + z with a single rounding."""
    if not finite(x, y, z):
        r = x * y + z  # exact enough: infinities only
        assert not math.isnan(r), 'NaN results are unspecified; avoid them'
        return r
    prod = Fraction(x) * Fraction(y)
    q = prod + Fraction(z)
    if q == 0:
        if prod == 0 and z == 0:
            prod_neg = is_neg(x) != is_neg(y)
            return -0.0 if (prod_neg and is_neg(z)) else 0.0
        return 0.0
    return round_to(q, fmt)


def to_float(q, fmt):
    """Round a rational (or int) to fmt; keeps the sign of a zero float."""
    if isinstance(q, float) and (q == 0 or not math.isfinite(q)):
        return q
    if q == 0:
        return 0.0
    return round_to(Fraction(q), fmt)


def rint(x):
    """cvt.rni.f32.f32 / rintf: round to an integral value, ties to even."""
    if not finite(x) or x == 0:
        return x
    v = round(Fraction(x))
    return math.copysign(float(v), x)  # keeps -0 for -0.5 .. -0


# ----------------------------------------------------------------------------
# Launches (arguments and printing are in ptxjit_testgen.launch / .printing)
# ----------------------------------------------------------------------------


def threads(grid, block):
    """(ctaid, tid) of every thread of the launch, as 3-tuples."""
    g, b = dim3(grid), dim3(block)
    for bz in range(g[2]):
        for by in range(g[1]):
            for bx in range(g[0]):
                for tz in range(b[2]):
                    for ty in range(b[1]):
                        for tx in range(b[0]):
                            yield (bx, by, bz), (tx, ty, tz)


def gids(grid, block):
    """Linear 1-D global ids (for 1-D launches)."""
    g, b = dim3(grid), dim3(block)
    assert g[1:] == (1, 1) and b[1:] == (1, 1)
    return range(g[0] * b[0])


# ----------------------------------------------------------------------------
# Test cases
# ----------------------------------------------------------------------------


class Case(Launch):
    """One ptx-jit launch and its expected --print output.

    group = (K, inputs, names): the printed buffer holds K results per element;
    before each group of K CHECK lines a comment shows element i of the
    argument buffers listed in inputs; names (optional) labels the K results.
    """

    def __init__(self, prefix, kernel, grid, block, args, model, print_idx,
                 comment, opts='', group=None):
        super().__init__(prefix, kernel, grid, block, args, model, print_idx,
                         comment, opts)
        self.group = group

    def note(self, i):
        """The comment before CHECK line i: the inputs of its element."""
        if not self.group or i % self.group[0]:
            return None
        j = i // self.group[0]
        ins = [self.args[k] for k in self.group[1]]
        if not all(j < b.n for b in ins):
            return None
        return '[%d] %s' % (j, ' '.join(b.raw(j) for b in ins))


def mangled(family, name):
    found = None
    for v in VARIANTS:
        path = os.path.join(HERE, 'Inputs', '%s.%s.ptx' % (family, v))
        cands = [e for e in ptx_entries(path)
                 if e == name or e.startswith('_Z%d%s' % (len(name), name))]
        assert len(cands) == 1, (path, name, cands)
        assert found in (None, cands[0])
        found = cands[0]
    return found


def render(family, title, cases, files, variants=VARIANTS, xfail=None):
    out = []
    if xfail:
        out.append('# XFAIL: *')
        out.extend('# ' + line for line in xfail)
    out.append('# %s' % title)
    out.append('#')
    text = 'GENERATED by gen_expected.py from a Python model of each kernel in '
    text += '%s.cu; do not edit. Every case runs ' % family
    nvcc = ('the three nvcc outputs Inputs/%s.{sm_75,sm_80,sm_90}.ptx (sm_90 '
            'has -lineinfo)' % family)
    clang = "clang's Inputs/%s.%s.ptx" % (family, CLANG_VARIANT)
    if variants == VARIANTS:
        text += '%s and %s against the same CHECK lines' % (nvcc, clang)
    elif variants == NVCC_VARIANTS:
        text += ('%s against the same CHECK lines (%s is run by %s-clang.test)'
                 % (nvcc, clang, family))
    else:
        assert variants == (CLANG_VARIANT,), variants
        text += ('%s (the nvcc variants are run by %s.test) against the CHECK '
                 'lines' % (clang, family))
    text += '; the -NOT line at the end of each case rejects extra output.'
    out.extend(comment_block(text))
    for c in cases:
        out.append('')
        out.extend(comment_lines(c.comment))
        name = c.prefix.lower()
        parts = launch_parts(c, family, files, mangled(family, c.kernel))
        parts.append('--print=%d' % c.print_idx)
        if c.opts:
            parts.append(c.opts)
        out.extend(define_lines(name, parts))
        for v in variants:
            out.extend(print_run_lines(family, v, name, c.prefix))
        if c.group and c.group[2]:
            out.append('# Per element: ' + c.group[2])
        out.extend(check_lines(c.prefix, c.expected(), c.note))
    return '\n'.join(out) + '\n'


# ----------------------------------------------------------------------------
# axpy.cu
# ----------------------------------------------------------------------------


def m_saxpy(grid, block, n, a, x, y):
    for i in gids(grid, block):
        if i < n:
            y[i] = ffma(x[i], a, y[i], F32)


def m_daxpy(grid, block, n, a, x, y):
    for i in gids(grid, block):
        if i < n:
            y[i] = ffma(x[i], a, y[i], F64)


def make_arith_model(fmt):
    def model(grid, block, n, a, b, c, out):
        for i in gids(grid, block):
            if i >= n:
                continue
            x, y, z = a[i], b[i], c[i]
            o = [fadd(x, y, fmt), fsub(x, y, fmt), fmul(x, y, fmt),
                 ffma(x, y, z, fmt), fadd(fmul(x, y, fmt), z, fmt),
                 ffma(-x, y, z, fmt), fsub(z, x, fmt), z if x < y else x]
            out[8 * i:8 * i + 8] = o
    return model


def rand_f32(rng, lo=-8, hi=8):
    """A random binary32 value with exponent in [lo, hi]."""
    m = rng.getrandbits(23) | (1 << 23)
    e = rng.randint(lo, hi)
    v = math.ldexp(m, e - 23)
    return -v if rng.random() < 0.5 else v


def rand_f64(rng, lo=-8, hi=8):
    m = rng.getrandbits(52) | (1 << 52)
    e = rng.randint(lo, hi)
    v = math.ldexp(m, e - 52)
    return -v if rng.random() < 0.5 else v


def axpy_cases():
    rng = random.Random(20240501)
    cases = []
    cases.append(Case(
        'SAXPY', 'saxpy', 4, 64,
        [S('s32', 250), S('f32', 2.5), B('f32', 256, 'iota'),
         B('f32', 256, FILL(1))],
        m_saxpy, 3,
        'saxpy over 4 CTAs of 64 threads with n = 250: y[i] = 2.5 * i + 1 for\n'
        'i < 250, and the last 6 elements keep their initial 1.'))
    # Random operands: fma.rn must round once. Element 0 is a case where
    # rounding the product first would give 0 instead of 2^-24.
    a = 1 + 2.0 ** -12
    xs = [a] + [rand_f32(rng) for _ in range(63)]
    ys = [-(1 + 2.0 ** -11)] + [rand_f32(rng) for _ in range(63)]
    ys[5] = -fmul(xs[5], a, F32)  # exact cancellation: the rounding error
    cases.append(Case(
        'SAXPY_RND', 'saxpy', 2, 32,
        [S('s32', 64), S('f32', a), B('f32', 64, FILE(xs)),
         B('f32', 64, FILE(ys))],
        m_saxpy, 3,
        'saxpy with random binary32 operands and a = 1 + 2^-12: every result is\n'
        'a * x + y rounded once (fma.rn.f32). y[0] = 2^-24 only with a fused\n'
        'multiply-add; y[5] is the rounding error of the product.'))
    cases.append(Case(
        'DAXPY', 'daxpy', 2, 64,
        [S('s32', 100), S('f64', -0.75), B('f64', 128, 'iota'),
         B('f64', 128, FILL(0.5))],
        m_daxpy, 3,
        'daxpy with n = 100 over 128 threads: y[i] = -0.75 * i + 0.5 for i < 100,\n'
        'the rest keep 0.5.'))
    a = 1 + 2.0 ** -27
    xs = [a] + [rand_f64(rng) for _ in range(47)]
    ys = [-(1 + 2.0 ** -26)] + [rand_f64(rng) for _ in range(47)]
    cases.append(Case(
        'DAXPY_RND', 'daxpy', 1, 48,
        [S('s32', 48), S('f64', a), B('f64', 48, FILE(xs)),
         B('f64', 48, FILE(ys))],
        m_daxpy, 3,
        'daxpy with random binary64 operands, rounded once (fma.rn.f64); y[0] is\n'
        '2^-54 only with a fused multiply-add.'))

    # farith: hand-picked edge cases, then random ones.
    e = 1 + 2.0 ** -12
    big = from_str('3e38', F32)
    fx = [1.5, e, big, 2.0 ** -130, 2.0 ** -149, -0.0, 0.0, math.inf,
          -math.inf, 16777216.0, '0.1', 1.0, -2.5, 2.0 ** -126, '1e30', 7.0]
    fy = [2.25, e, 2.0, 0.25, 0.5, -0.0, -5.0, 2.0, 1.0, 1.0, '0.2',
          2.0 ** -24, -2.5, -(2.0 ** -126), '1e-30', -7.0]
    # Entry 2: 3e38 * 2 overflows, but fma(3e38, 2, -3e38) does not.
    fz = [-0.125, -(1 + 2.0 ** -11), -big, 0.0, 0.0, -0.0, -0.0, 1.0, 5.0,
          -16777216.0, '0.3', -1.0, -6.25, 0.0, -math.inf, 49.0]
    for _ in range(16):
        fx.append(rand_f32(rng, -20, 20))
        fy.append(rand_f32(rng, -20, 20))
        fz.append(rand_f32(rng, -40, 40))
    cases.append(Case(
        'FARITH', 'farith', 1, 40,
        [S('s32', 32), B('f32', 32, fx), B('f32', 32, fy), B('f32', 32, fz),
         B('f32', 8 * 40, FILL(-1))],
        m_farith, 4,
        'float add, sub, mul, fma (fmaf and fmaf(-x, y, z)), mul.rn + add.rn,\n'
        'sub.rn and a compare/select, 8 results per element. Edges: fused versus\n'
        'twice-rounded (element 1), overflow only without fusion (2), subnormal\n'
        'results and a tie to zero (3, 4), signed zeros (5, 6), infinities (7, 8,\n'
        '14), ties to even (9, 11), decimal operands 0.1/0.2/0.3 (10), then random.\n'
        'Threads 32..39 return early: out[256..319] keep their -1.',
        group=(8, [1, 2, 3],
            'x y z -> x+y, x-y, x*y, fma(x,y,z), x*y+z (mul.rn, add.rn), '
            'fma(-x,y,z), z-x, x<y?z:x')))
    dx = [1.5, 1 + 2.0 ** -27, 1e308, 2.0 ** -1070, 5e-324, -0.0, 0.0, math.inf,
          -math.inf, 2.0 ** 53, '0.1', 1.0]
    dy = [2.25, 1 + 2.0 ** -27, 2.0, 0.25, 0.5, -0.0, -5.0, 2.0, 1.0, 1.0,
          '0.2', 2.0 ** -53]
    dz = [-0.125, -(1 + 2.0 ** -26), -1e308, 0.0, 0.0, -0.0, -0.0, 1.0, 5.0,
          -(2.0 ** 53), '0.3', -1.0]
    for _ in range(12):
        dx.append(rand_f64(rng, -40, 40))
        dy.append(rand_f64(rng, -40, 40))
        dz.append(rand_f64(rng, -80, 80))
    cases.append(Case(
        'DARITH', 'darith', 1, 24,
        [S('s32', 24), B('f64', 24, dx), B('f64', 24, dy), B('f64', 24, dz),
         B('f64', 8 * 24)],
        m_darith, 4,
        'The same eight operations in double: fused versus twice-rounded (1),\n'
        'overflow only without fusion (2), subnormals (3, 4), signed zeros (5, 6),\n'
        'infinities (7, 8), ties to even (9, 11), 0.1/0.2/0.3 (10), then random.',
        group=(8, [1, 2, 3],
            'x y z -> x+y, x-y, x*y, fma(x,y,z), x*y+z (mul.rn, add.rn), '
            'fma(-x,y,z), z-x, x<y?z:x')))
    return cases


m_farith = make_arith_model(F32)
m_darith = make_arith_model(F64)


# ----------------------------------------------------------------------------
# intops.cu
# ----------------------------------------------------------------------------

def m_int32_ops(grid, block, n, a, b, out):
    K = 24
    for i in gids(grid, block):
        if i >= n:
            continue
        x, y = a[i], b[i]
        ux, uy = u32(x), u32(y)
        o = [0] * K
        o[0] = s32(ux + uy)
        o[1] = s32(ux - uy)
        o[2] = s32(ux * uy)
        o[3] = (x * y) >> 32
        o[4] = s32(cdiv(x, y))
        o[5] = cmod(x, y)
        o[6] = min(x, y)
        o[7] = max(x, y)
        o[8] = abs(y)
        o[9] = s32(ux << (uy & 31))
        o[10] = x >> (y & 31)
        o[11] = x & y
        o[12] = x | y
        o[13] = x ^ y
        o[14] = ~x
        o[15] = s32(-ux)
        o[16] = x if x < y else s32(uy * 3)
        o[17] = (x == y) + 2 * (x != y) + 4 * (x <= y) + 8 * (x > y)
        o[18] = cdiv(x, 7)
        o[19] = cmod(x, 7)
        o[20] = cdiv(x, -3)
        o[21] = cdiv(x, 16)
        o[22] = cmod(x, 16)
        o[23] = s32((x * y) >> 32) ^ s32(u64(x) * u64(y))
        out[K * i:K * i + K] = [s32(v) for v in o]


def m_uint32_ops(grid, block, n, a, b, out):
    K = 16
    for i in gids(grid, block):
        if i >= n:
            continue
        x, y = a[i], b[i]
        o = [0] * K
        o[0] = x + y
        o[1] = x - y
        o[2] = x * y
        o[3] = (x * y) >> 32
        o[4] = x // y
        o[5] = x % y
        o[6] = min(x, y)
        o[7] = max(x, y)
        o[8] = x << (y & 31)
        o[9] = x >> (y & 31)
        o[10] = x // 10
        o[11] = x % 10
        o[12] = x - y if x < y else y - x
        o[13] = (x >= y) + 2 * (x < y)
        s = (y & 30) + 1
        o[14] = (x << s) | (x >> (32 - s))
        o[15] = x * 2654435761 + (y >> 3)
        out[K * i:K * i + K] = [u32(v) for v in o]


def m_int64_ops(grid, block, n, a, b, out):
    K = 20
    for i in gids(grid, block):
        if i >= n:
            continue
        x, y = a[i], b[i]
        ux, uy = u64(x), u64(y)
        o = [0] * K
        o[0] = ux + uy
        o[1] = ux - uy
        o[2] = ux * uy
        o[3] = (x * y) >> 64
        o[4] = cdiv(x, y)
        o[5] = cmod(x, y)
        o[6] = min(x, y)
        o[7] = max(x, y)
        o[8] = abs(y)
        o[9] = ux << (uy & 63)
        o[10] = x >> (y & 63)
        o[11] = x & y
        o[12] = x | y
        o[13] = x ^ ~y
        o[14] = x if x < y else uy * 5
        o[15] = cdiv(x, 1000)
        o[16] = cmod(x, 1000)
        o[17] = (x == y) + 2 * (x != y) + 4 * (x <= y) + 8 * (x > y)
        o[18] = s32(x) * s32(y)
        o[19] = -ux
        out[K * i:K * i + K] = [s64(v) for v in o]


def m_uint64_ops(grid, block, n, a, b, out):
    K = 14
    for i in gids(grid, block):
        if i >= n:
            continue
        x, y = a[i], b[i]
        o = [0] * K
        o[0] = x + y
        o[1] = x - y
        o[2] = x * y
        o[3] = (x * y) >> 64
        o[4] = x // y
        o[5] = x % y
        o[6] = min(x, y)
        o[7] = max(x, y)
        o[8] = x << (y & 63)
        o[9] = x >> (y & 63)
        o[10] = x // 10
        o[11] = x % 10
        o[12] = (x >= y) + 2 * (x < y)
        o[13] = u32(x) * u32(y)
        out[K * i:K * i + K] = [u64(v) for v in o]


def funnel(lo, hi, n, left):
    """shf.{l,r}: the 64-bit value hi:lo shifted by n (0..32), upper (left)
    or lower (right) 32 bits."""
    v = (hi << 32) | lo
    return u32((v << n) >> 32) if left else u32(v >> n)


def m_bit_ops(grid, block, n, a, b, c, d, out):
    K = 24
    for i in gids(grid, block):
        if i >= n:
            continue
        x, y, s, w = a[i], b[i], c[i], d[i]
        o = [0] * K
        o[0] = popc(x)
        o[1] = clz(x, 32)
        o[2] = brev(x, 32)
        o[3] = ffs(x)
        sel = s & 0x7777
        src = x | (y << 32)  # bytes 0..3 from x, 4..7 from y
        o[4] = sum(((src >> (8 * ((sel >> (4 * k)) & 7))) & 0xff) << (8 * k)
                   for k in range(4))
        o[5] = funnel(x, y, s & 31, True)
        o[6] = funnel(x, y, s & 31, False)
        o[7] = funnel(x, y, min(s, 32), True)
        o[8] = funnel(x, y, min(s, 32), False)
        sx, sy = s32(x) >> 2, s32(y) >> 2
        o[9] = s + abs(sx - sy)
        o[10] = s + abs(x - y)
        bx = [(x >> (8 * k)) & 0xff for k in range(4)]
        by = [(y >> (8 * k)) & 0xff for k in range(4)]
        o[11] = s32(s) + sum(s8(p) * s8(q) for p, q in zip(bx, by))
        o[12] = s + sum(p * q for p, q in zip(bx, by))
        o[13] = popc(w)
        o[14] = clz(w, 64)
        o[15] = ffs(w)
        o[16] = brev(w, 64) >> 32
        o[17] = brev(w, 64)
        o[18] = (x >> (s & 31)) & ((1 << (y & 15)) - 1)
        o[19] = (x & ~(0xff << 8)) | ((y & 0xff) << 8)
        o[20] = (x & y) | (~x & s)
        o[21] = popc(x ^ y) + clz(x | 1, 32)
        o[22] = (w >> 32) ^ w
        k = s & 63
        o[23] = (w >> k) | (w << (64 - k)) if k else w
        out[K * i:K * i + K] = [u32(v) for v in o]


def m_int_conv(grid, block, n, a, out):
    K = 16
    for i in gids(grid, block):
        if i >= n:
            continue
        x = a[i]
        o = [0] * K
        o[0] = s8(x)
        o[1] = u8(x)
        o[2] = s16(x)
        o[3] = u16(x)
        o[4] = s32(x)
        o[5] = u32(x)
        o[6] = s8(x >> 8) * 3
        o[7] = s16(u16(x) + u16(x >> 16))
        o[8] = u8(x) - s8(x)
        o[9] = u16(s8(x))
        o[10] = s32(x >> 32)
        o[11] = u32(x >> 16)
        o[12] = int(s8(x) < u8(x))
        o[13] = 1 if s16(x) >= 0 else -1
        o[14] = (u32(x) >> 31) + (s32(x) >> 31) * 16
        o[15] = u8(u8(x) * u8(x >> 8))
        out[K * i:K * i + K] = [s64(v) for v in o]


def m_small_mem(grid, block, n, a8, b8, a16, b16, out, o8, o16):
    for i in gids(grid, block):
        if i >= n:
            continue
        out[4 * i:4 * i + 4] = [a8[i], b8[i], a16[i], b16[i] * a8[i]]
        o8[i] = s8(a8[i] * 3 + b8[i])
        o16[i] = u16(a16[i] - b16[i])


def intops_cases():
    rng = random.Random(7)
    cases = []

    # int32: (x, y) pairs; y != 0, y != INT_MIN, never (INT_MIN, -1).
    pairs = [(7, 3), (-7, 3), (7, -3), (-7, -3), (INT_MAX, 1), (INT_MIN, 2),
             (INT_MIN, INT_MAX), (123456789, 987654), (-1, -1), (0, 5),
             (0x40000000, 33), (100, 31), (-100, 31), (12345, -INT_MAX),
             (INT_MAX, -INT_MAX), (-2147483647, 7), (65536, 65536),
             (-65536, 65537), (15, 16), (-15, 16), (-16, -1), (5, 5)]
    while len(pairs) < 30:
        x = s32(rng.getrandbits(32))
        y = s32(rng.getrandbits(rng.choice([4, 12, 20, 32])))
        if y in (0, INT_MIN):
            continue
        pairs.append((x, y))
    pairs += [(1, 0), (1, 0)]  # past n: never read (a division by zero)
    cases.append(Case(
        'I32', 'int32_ops', 2, 16,
        [S('s32', 30), B('s32', 32, [p[0] for p in pairs]),
         B('s32', 32, [p[1] for p in pairs]), B('s32', 32 * 24, FILL(-99))],
        m_int32_ops, 3,
        'int32: wrapping add/sub/mul, mul.hi, div/rem (also by 7, -3, 16), min,\n'
        'max, abs, shl/shr by (b & 31), and/or/xor/not, neg, select, compares,\n'
        'and the 64-bit product split: 24 results per element a[i], b[i].\n'
        'n = 30 of 32 threads: the last 48 words keep -99 (b[30] = b[31] = 0).',
        group=(24, [1, 2],
            'a b -> add sub mul mulhi div rem min max abs(b) shl shr and '
            'or xor not(a) neg(a) sel cmp a/7 a%7 a/-3 a/16 a%16 hi^lo')))

    upairs = [(0xffffffff, 1), (0xffffffff, 0xffffffff), (0x80000000, 3),
              (10, 0xfffffff0), (12345, 63), (1, 31), (0x80000000, 32),
              (99, 100), (100, 99), (0, 7), (4294967295, 10),
              (0xdeadbeef, 0x10001), (3000000000, 2999999999), (7, 7)]
    while len(upairs) < 24:
        x = rng.getrandbits(32)
        y = rng.getrandbits(rng.choice([5, 16, 32])) or 1
        upairs.append((x, y))
    cases.append(Case(
        'U32', 'uint32_ops', 1, 24,
        [S('s32', 24), B('u32', 24, [p[0] for p in upairs]),
         B('u32', 24, [p[1] for p in upairs]), B('u32', 24 * 16)],
        m_uint32_ops, 3,
        'uint32: add/sub/mul, mul.hi.u32, div/rem (also by 10), min/max, shl and\n'
        'logical shr by (b & 31), unsigned compares/selects, a rotate, a hash.',
        group=(16, [1, 2],
            'a b -> add sub mul mulhi div rem min max shl shr a/10 a%10 '
            'absdiff cmp rotl hash')))

    lpairs = [(7, 3), (-7, 3), (7, -3), (-7, -3), (LL_MAX, 1), (LL_MIN, 2),
              (LL_MIN, LL_MAX), (-1, -1), (0, 5), (1 << 62, 65),
              (-(1 << 40), 63), (0x123456789abcdef, -(1 << 33)),
              (LL_MAX, -LL_MAX), (999999999999, 1000), (-999999999999, 1000),
              (3, 0x7fffffff80000001)]
    while len(lpairs) < 24:
        x = s64(rng.getrandbits(64))
        y = s64(rng.getrandbits(rng.choice([6, 24, 40, 64])))
        if y in (0, LL_MIN):
            continue
        lpairs.append((x, y))
    cases.append(Case(
        'I64', 'int64_ops', 2, 12,
        [S('s32', 24), B('s64', 24, [p[0] for p in lpairs]),
         B('s64', 24, [p[1] for p in lpairs]), B('s64', 24 * 20)],
        m_int64_ops, 3,
        'int64: the same operations in 64 bits (mul.hi.s64, div/rem by 1000,\n'
        'shifts by (b & 63), abs, mul.wide.s32), 20 results per element.',
        group=(20, [1, 2],
            'a b -> add sub mul mulhi div rem min max abs(b) shl shr and '
            'or xor(a,~b) sel a/1000 a%1000 cmp mul.wide neg(a)')))

    ulpairs = [(2 ** 64 - 1, 1), (2 ** 64 - 1, 2 ** 64 - 1), (2 ** 63, 3),
               (10, 2 ** 64 - 16), (12345, 127), (1, 63), (2 ** 63, 64),
               (2 ** 32, 2 ** 32 + 1), (0, 9), (18446744073709551615, 10)]
    while len(ulpairs) < 16:
        x = rng.getrandbits(64)
        y = rng.getrandbits(rng.choice([7, 33, 64])) or 1
        ulpairs.append((x, y))
    cases.append(Case(
        'U64', 'uint64_ops', 1, 16,
        [S('s32', 16), B('u64', 16, [p[0] for p in ulpairs]),
         B('u64', 16, [p[1] for p in ulpairs]), B('u64', 16 * 14)],
        m_uint64_ops, 3,
        'uint64: add/sub/mul, mul.hi.u64, div/rem (also by 10), min/max, shifts,\n'
        'compares, mul.wide.u32.',
        group=(14, [1, 2],
            'a b -> add sub mul mulhi div rem min max shl shr a/10 a%10 '
            'cmp mul.wide')))

    bx = [0, 0xffffffff, 0x80000000, 1, 0x12345678, 0xf0f0f0f0, 0x00010000,
          0x7fffffff, 0x80808080, 0x01020304]
    by = [0, 0xffffffff, 0x7f7f7f7f, 0xfffffffe, 0x9abcdef0, 0x0f0f0f0f,
          0x00008000, 0x00000001, 0x7f7f7f7f, 0x05060708]
    bs = [0, 31, 32, 33, 40, 63, 64, 100, 0x3210, 0x7654]
    bw = [0, 2 ** 64 - 1, 2 ** 63, 1, 0x123456789abcdef0, 0x8000000100000000,
          0xffff, 2 ** 40, 0x0123456789abcdef, 0xfedcba9876543210]
    while len(bx) < 20:
        bx.append(rng.getrandbits(32))
        by.append(rng.getrandbits(32))
        bs.append(rng.choice([rng.getrandbits(6), rng.getrandbits(16),
                              rng.getrandbits(32)]))
        bw.append(rng.getrandbits(64))
    cases.append(Case(
        'BITS', 'bit_ops', 1, 20,
        [S('s32', 20), B('u32', 20, bx), B('u32', 20, by), B('u32', 20, bs),
         B('u64', 20, bw), B('u32', 20 * 24)],
        m_bit_ops, 5,
        'Bit intrinsics: popc, clz, brev, ffs (32 and 64 bits), byte_perm (prmt),\n'
        'funnelshift l/r with wrap (s & 31) and clamp (min(s, 32)), sad/usad,\n'
        'dp4a signed and unsigned, bit-field extract/insert, 3-input logic, a\n'
        '64-bit rotate. Inputs include 0, all ones and shift amounts 32..100.',
        group=(24, [1, 2, 3, 4],
            'a b c d -> popc clz brev ffs byte_perm shf.l shf.r shf.lc '
            'shf.rc sad usad dp4a.s dp4a.u popcll clzll ffsll brevll.hi '
            'brevll.lo bfe bfi lop3 popc+clz hi^lo rotr64')))

    cv = [0, -1, 0x7f, 0x80, 0xff, 0x100, 0x7fff, 0x8000, 0xffff, 0x12345678,
          0x80000000, 0xffffffff, 0x123456789abcdef0, -0x123456789abcdef0,
          LL_MIN, LL_MAX, -129, -32769, 0x00000000ffff8000, 0x7fffffff00000080]
    cases.append(Case(
        'CONV', 'int_conv', 1, 32,
        [S('s32', 20), B('s64', 20, cv), B('s64', 20 * 16)],
        m_int_conv, 2,
        'Integer width conversions (s8/u8/s16/u16/s32/u32 <-> s64, sign and zero\n'
        'extension, truncation, mixed-sign compares), 16 results per element.',
        group=(16, [1],
            'x -> s8 u8 s16 u16 s32 u32 s8(x>>8)*3 s16(sum) u8-s8 u16(s8)'
            ' s32(x>>32) u32(x>>16) s8<u8 sign(s16) bits31 u8(mul)')))

    s8v = [0, 1, -1, 127, -128, 100, -100, 42, -42, 5, 64, -64]
    u8v = [0, 1, 255, 128, 127, 200, 55, 42, 0, 250, 16, 3]
    s16v = [0, 1, -1, 32767, -32768, 1000, -1000, 12345, -12345, 7, 256, -256]
    u16v = [0, 1, 65535, 32768, 32767, 60000, 5, 42, 1, 65000, 512, 3]
    args = [S('s32', 12), B('s8', 12, s8v), B('u8', 12, u8v),
            B('s16', 12, s16v), B('u16', 12, u16v), B('s32', 48),
            B('s8', 12, FILL(-7)), B('u16', 12, FILL(7))]
    comment = ('8- and 16-bit loads (ld.global.s8/u8/s16/u16) and stores (st.global.u8/\n'
               'u16): ')
    cases.append(Case('SMALL32', 'small_mem', 1, 12, args, m_small_mem, 5,
                      comment + 'out[4i..4i+3] = s8, u8, s16, u16 * s8.',
        group=(4, [1, 2, 3, 4], 's8 u8 s16 u16 -> s8, u8, s16, u16*s8')))
    cases.append(Case('SMALL8', 'small_mem', 1, 12, args, m_small_mem, 6,
                      comment + 'o8[i] = (s8)(s8 * 3 + u8).'))
    cases.append(Case('SMALL16', 'small_mem', 1, 12, args, m_small_mem, 7,
                      comment + 'o16[i] = (u16)(s16 - u16).'))
    return cases


# ----------------------------------------------------------------------------
# fconv.cu
# ----------------------------------------------------------------------------


def m_f32_to_int(grid, block, n, a, out):
    K = 6
    for i in gids(grid, block):
        if i >= n:
            continue
        x = a[i]
        o = [cvt_f2i(x, False, 32, True, 'rzi'),
             cvt_f2i(x, False, 32, True, 'rni'),
             cvt_f2i(x, False, 32, False, 'rzi'),
             cvt_f2i(x, False, 64, True, 'rzi'),
             cvt_f2i(rint(x), False, 64, True, 'rzi'),
             cvt_f2i(x, False, 64, False, 'rzi')]
        out[K * i:K * i + K] = [s64(v) for v in o]


def m_f64_to_int(grid, block, n, a, out):
    K = 5
    for i in gids(grid, block):
        if i >= n:
            continue
        x = a[i]
        o = [cvt_f2i(x, True, 32, True, 'rzi'),
             cvt_f2i(x, True, 32, True, 'rni'),
             cvt_f2i(x, True, 32, False, 'rzi'),
             cvt_f2i(x, True, 64, True, 'rzi'),
             cvt_f2i(x, True, 64, False, 'rzi')]
        out[K * i:K * i + K] = [s64(v) for v in o]


def m_int_to_f32(grid, block, n, a, b, out):
    for i in gids(grid, block):
        if i >= n:
            continue
        out[4 * i:4 * i + 4] = [to_float(a[i], F32), to_float(u32(a[i]), F32),
                                to_float(b[i], F32), to_float(u64(b[i]), F32)]


def m_int_to_f64(grid, block, n, a, b, c, out):
    for i in gids(grid, block):
        if i >= n:
            continue
        out[5 * i:5 * i + 5] = [
            to_float(a[i], F64), to_float(u32(a[i]), F64), to_float(b[i], F64),
            to_float(u64(b[i]), F64), fadd(c[i], to_float(b[i], F32), F64)]


def m_f64_to_f32(grid, block, n, a, out):
    for i in gids(grid, block):
        if i < n:
            out[i] = to_float(a[i], F32) if finite(a[i]) else a[i]


def fconv_cases():
    cases = []
    fv = ['0', '-0', '0.5', '1.5', '2.5', '-0.5', '-1.5', '-2.5', '3.75',
          '-3.75', '0x1.fffffep+30', '2147483648', '-2147483648',
          '-2147483904', '0x1.fffffep+31', '4294967296', '1e10', '-1e10',
          '0x1p+63', '0x1p+64', '1e20', '-1e20', 'inf', '-inf', 'nan',
          '0x1p-149', '8388607.5', '16777215', '-123456.789', '-0x1p+63']
    cases.append(Case(
        'F2I', 'f32_to_int', 1, 32,
        [S('s32', len(fv)), B('f32', len(fv), fv), B('s64', 6 * len(fv))],
        m_f32_to_int, 2,
        'float -> int: cvt.rzi.s32, cvt.rni.s32 (__float2int_rn), cvt.rzi.u32,\n'
        'cvt.rzi.s64, rintf + cvt.rzi.s64, cvt.rzi.u64 (printed as s64), per\n'
        'element. Out-of-range values clamp; NaN gives 0 for 32-bit destinations\n'
        'and 1 << 63 for 64-bit ones (PTX ISA, cvt); ties round to even.',
        group=(6, [1],
            'x -> (int)x, __float2int_rn(x), (unsigned)x, (long long)x, '
            '(long long)rintf(x), (unsigned long long)x')))
    dv = ['0', '-0', '0.5', '1.5', '2.5', '-2.5', '-0.5', '2147483647.5',
          '2147483648', '-2147483648.75', '-2147483649', '4294967295.9',
          '4294967296', '0x1.fffffffffffffp+62', '0x1p+63', '1e19', '1e300',
          '-1e300', 'inf', '-inf', 'nan', '4.9e-324', '-7.5']
    cases.append(Case(
        'D2I', 'f64_to_int', 1, 32,
        [S('s32', len(dv)), B('f64', len(dv), dv), B('s64', 5 * len(dv))],
        m_f64_to_int, 2,
        'double -> int: cvt.rzi.s32, cvt.rni.s32, cvt.rzi.u32, cvt.rzi.s64,\n'
        'cvt.rzi.u64 (printed as s64). NaN from f64 gives 1 << (width - 1).',
        group=(5, [1],
            'x -> (int)x, __double2int_rn(x), (unsigned)x, (long long)x, '
            '(unsigned long long)x')))
    iv = [0, 1, -1, 16777216, 16777217, 16777219, 16777218, INT_MAX, INT_MIN,
          33554435, 33554434, 123456789, -123456789, 0x7fffffc0, 100]
    lv = [0, 2 ** 53 + 1, LL_MAX, LL_MIN, -1, 2 ** 24 + 1, 0x7fffff8000000000,
          0x7fffffbfffffffff, 2 ** 53 + 3, -(2 ** 53 + 1), 1, 1 << 62,
          0x0000012345678000, -0x0000012345678001, 12345]
    cases.append(Case(
        'I2F', 'int_to_f32', 1, 16,
        [S('s32', 15), B('s32', 15, iv), B('s64', 15, lv), B('f32', 60)],
        m_int_to_f32, 3,
        'int -> float, round to nearest even: cvt.rn.f32.{s32,u32,s64,u64}.',
        group=(4, [1, 2],
            'a b -> (float)a, (float)(unsigned)a, (float)b, '
            '(float)(unsigned long long)b')))
    cv = ['0.5', '-0', '1e10', '0.1', 'inf', '-1', '3', '0x1p-149', '2.5',
          '-2.5', '1e-10', '7', '0', '0.25', '-3e38']
    cases.append(Case(
        'I2D', 'int_to_f64', 1, 16,
        [S('s32', 15), B('s32', 15, iv), B('s64', 15, lv), B('f32', 15, cv),
         B('f64', 75)],
        m_int_to_f64, 4,
        'int -> double (cvt.rn.f64.{s32,u32,s64,u64}: exact except for the\n'
        '64-bit values), and (double)c + (double)(float)b (cvt.f64.f32 and\n'
        'cvt.rn.f32.s64, add.f64).',
        group=(5, [1, 2, 3],
            'a b c -> (double)a, (double)(unsigned)a, (double)b, '
            '(double)(unsigned long long)b, c+(double)(float)b')))
    d2f = ['0.1', '0.3333333333333333', '1e39', '-1e39', '0x1.ffffffp+127',
           '0x1.fffffefffffffp+127', '0x1.fffffep+127', '1e-40', '1e-46',
           '0x1p-150', '0x1.0000000000001p-150', '-0', 'inf',
           '16777217', '0x1.000001p+0', '0x1.0000010000001p+0', '-1.5e-45',
           '1.17549435e-38', '123456789']
    cases.append(Case(
        'D2F', 'f64_to_f32', 1, 32,
        [S('s32', len(d2f)), B('f64', len(d2f), d2f), B('f32', len(d2f))],
        m_f64_to_f32, 2,
        'double -> float (cvt.rn.f32.f64): overflow to inf (also FLT_MAX + half\n'
        'an ulp, a tie), subnormal results, underflow to zero at and below half\n'
        'the smallest subnormal, ties to even, signed zero.',
        group=(1, [1], '')))
    return cases


# ----------------------------------------------------------------------------
# index.cu
# ----------------------------------------------------------------------------


def m_matadd(grid, block, rows, cols, pitch, A, Bm, C):
    b = dim3(block)
    for (bx, by, _), (tx, ty, _) in threads(grid, block):
        c = bx * b[0] + tx
        r = by * b[1] + ty
        if r < rows and c < cols:
            k = r * pitch + c
            C[k] = fadd(A[k], Bm[k], F32)


def m_transpose(grid, block, rows, cols, ip, op, inp, out):
    b = dim3(block)
    for (bx, by, _), (tx, ty, _) in threads(grid, block):
        c = bx * b[0] + tx
        r = by * b[1] + ty
        if r < rows and c < cols:
            out[c * op + r] = inp[r * ip + c]


def code3(v):
    return v[0] + 100 * v[1] + 10000 * v[2]


def m_ids3d(grid, block, out):
    g, b = dim3(grid), dim3(block)
    for ctaid, tid in threads(grid, block):
        gx, gy, gz = (ctaid[k] * b[k] + tid[k] for k in range(3))
        nx, ny = g[0] * b[0], g[1] * b[1]
        lin = (gz * ny + gy) * nx + gx
        out[4 * lin:4 * lin + 4] = [code3(tid), code3(ctaid), code3(b),
                                    code3(g)]


def m_linear3d(grid, block, out):
    g, b = dim3(grid), dim3(block)
    for ctaid, tid in threads(grid, block):
        t = (tid[2] * b[1] + tid[1]) * b[0] + tid[0]
        bid = (ctaid[2] * g[1] + ctaid[1]) * g[0] + ctaid[0]
        gl = bid * (b[0] * b[1] * b[2]) + t
        out[gl] = u64((gl << 32) | (bid << 16) | t)


def index_cases():
    cases = []
    cases.append(Case(
        'MATADD', 'matadd', (2, 3), (4, 2),
        [S('s32', 5), S('s32', 7), S('s32', 8), B('f32', 40, 'iota'),
         B('f32', 40, FILL(0.5)), B('f32', 40, FILL(-1))],
        m_matadd, 5,
        'C = A + B on a 5 x 7 matrix with row pitch 8, 2-D grid (2,3) of 2-D\n'
        'blocks (4,2): C[r*8+c] = r*8+c + 0.5; the padding column and the threads\n'
        'past row 4 / column 6 leave -1.'))
    cases.append(Case(
        'MATADD2', 'matadd', (3, 1), (8, 4),
        [S('s32', 3), S('s32', 20), S('s32', 21), B('f32', 63, FILL(2)),
         B('f32', 63, 'iota'), B('f32', 63, FILL(-1))],
        m_matadd, 5,
        'C = A + B on 3 x 20 with pitch 21, grid (3,1) of blocks (8,4).'))
    cases.append(Case(
        'TRANSPOSE', 'transpose', (2, 2), (4, 4),
        [S('s32', 5), S('s32', 7), S('s32', 8), S('s32', 6),
         B('s32', 40, 'iota'), B('s32', 42, FILL(-7))],
        m_transpose, 5,
        'Transpose of a 5 x 7 int matrix (pitch 8) into 7 x 5 (pitch 6):\n'
        'out[c*6+r] = r*8+c; the padding column (r = 5) keeps -7.'))
    cases.append(Case(
        'IDS3D', 'ids3d', (2, 3, 2), (3, 2, 2),
        [B('u32', 4 * 144, FILL(0xffffffff))],
        m_ids3d, 0,
        '3-D grid (2,3,2) of 3-D blocks (3,2,2): each thread writes %tid, %ctaid,\n'
        '%ntid, %nctaid as x + 100*y + 10000*z at its row-major global id.'))
    cases.append(Case(
        'IDS3D_B', 'ids3d', 5, (1, 1, 4),
        [B('u32', 4 * 20, FILL(0xffffffff))],
        m_ids3d, 0,
        'Grid 5 (y and z default to 1) of blocks (1,1,4).'))
    cases.append(Case(
        'IDS3D_C', 'ids3d', None, (2, 3),
        [B('u32', 4 * 6, FILL(0xffffffff))],
        m_ids3d, 0,
        'No --grid (one CTA), block (2,3).'))
    cases.append(Case(
        'LINEAR3D', 'linear3d', (2, 2, 3), (4, 1, 2),
        [B('u64', 96)],
        m_linear3d, 0,
        'Row-major linear thread id in the block and block id in the grid\n'
        '(grid (2,2,3), block (4,1,2)), packed as (gid << 32) | (bid << 16) | tid.'))
    return cases


# ----------------------------------------------------------------------------
# loops.cu
# ----------------------------------------------------------------------------


def collatz_steps(x):
    s = 0
    while x != 1:
        x = 3 * x + 1 if x & 1 else x >> 1
        assert x < 2 ** 64
        s += 1
    return s


def m_collatz(grid, block, n, a, steps):
    for i in gids(grid, block):
        if i < n:
            steps[i] = collatz_steps(a[i])


def m_sum_to(grid, block, n, a, out):
    for i in gids(grid, block):
        if i >= n:
            continue
        s, h = 0, 5381
        for j in range(1, a[i] + 1):
            s += j
            h = u32(h * 33) ^ j
        out[2 * i] = s64(s)
        out[2 * i + 1] = h


def m_nested(grid, block, n, a, b, out):
    for i in gids(grid, block):
        if i >= n:
            continue
        acc = 0
        for p in range(a[i]):
            for q in range(p + b[i] + 1):
                if (p ^ q) & 1:
                    continue
                acc = u32(acc * 31 + p * 7 + q)
            acc ^= u32(p << 3)
        out[i] = acc


def m_search(grid, block, n, a, out):
    for i in gids(grid, block):
        if i >= n:
            continue
        r = -1
        for j in range(1, 1001):
            if cmod(cmod(j * j, 97) * cmod(a[i], 97), 97) == 1:
                r = j
                break
        out[i] = r


def m_lattice(grid, block, n, a, out):
    for i in gids(grid, block):
        if i >= n:
            continue
        r2 = a[i]
        r = 0
        while (r + 1) * (r + 1) <= r2:
            r += 1
        cnt = 0
        for x in range(-r, r + 1):
            for y in range(-r, r + 1):
                for z in range(-r, r + 1):
                    cnt += x * x + y * y + z * z <= r2
        out[i] = cnt


def loops_cases():
    rng = random.Random(99)
    cases = []
    cz = [1, 2, 3, 6, 7, 9, 27, 97, 871, 6171, 77031, 837799, 159487, 8400511,
          63728127, 2 ** 31 - 1, 4294967295, 1000000, 1 << 31, 670617279]
    while len(cz) < 60:
        cz.append(rng.randint(1, 100000))
    cz += [1] * 4
    cases.append(Case(
        'COLLATZ', 'collatz', 2, 32,
        [S('s32', 60), B('u32', 64, cz), B('u32', 64, FILL(12345))],
        m_collatz, 2,
        'Collatz step counts (while loop, data-dependent trip count up to 986,\n'
        '64-bit intermediates beyond 2^32); n = 60 of 64 threads, the last four\n'
        'keep 12345.',
        group=(1, [1], '')))
    st = [0, 1, 2, 10, 100, 1000, -5, 65535, 100000, 3, 7, 31, 32, 33, 500, 12]
    cases.append(Case(
        'SUMTO', 'sum_to', 1, 16,
        [S('s32', 16), B('s32', 16, st), B('s64', 32)],
        m_sum_to, 2,
        'sum 1..a[i] in 64 bits and a 32-bit hash loop over the same range;\n'
        'a[i] <= 0 runs no iteration (0 and 5381).',
        group=(2, [1], 'a -> sum, hash')))
    na = [0, 1, 2, 3, 5, 8, 13, 20, 4, 6, 10, 1, 0, 7, 9, 15]
    nb = [0, 0, 1, -1, -3, 2, 5, 10, -10, 0, 3, 7, 4, -2, 1, -20]
    cases.append(Case(
        'NESTED', 'nested', 1, 16,
        [S('s32', 16), B('s32', 16, na), B('s32', 16, nb), B('u32', 16)],
        m_nested, 3,
        'Nested loops: outer trip count a[i], inner p + b[i] + 1 (none when\n'
        'negative), with a continue; 32-bit hash of the visited (p, q).',
        group=(1, [1, 2], '')))
    sv = [1, 2, 96, 97, -5, 0, 3, 50, 194, 1000, -1, 98, 12345, 7, 48, 49]
    while len(sv) < 32:
        sv.append(rng.randint(-100000, 100000))
    cases.append(Case(
        'SEARCH', 'search', 2, 16,
        [S('s32', 32), B('s32', 32, sv), B('s32', 32)],
        m_search, 2,
        'Loop with a data-dependent break: smallest j in 1..1000 with\n'
        '(j*j % 97) * (a % 97) % 97 == 1 (C remainders), else -1 after 1000\n'
        'iterations (a multiple of 97, or a negative a).',
        group=(1, [1], '')))
    lv = [0, 1, 2, 3, 10, 25, 50, 100]
    cases.append(Case(
        'LATTICE', 'lattice', 1, 8,
        [S('s32', 8), B('s32', 8, lv), B('s32', 8)],
        m_lattice, 2,
        'Triple loop nest: lattice points with x^2 + y^2 + z^2 <= a[i].',
        group=(1, [1], '')))
    return cases


# ----------------------------------------------------------------------------
# divergence.cu
# ----------------------------------------------------------------------------


def m_branches(grid, block, a, out):
    b = dim3(block)
    for (bx, _, _), (t, _, _) in threads(grid, block):
        g = bx * b[0] + t
        if t % 11 == 10:
            continue
        v = a[g]
        if v < 0:
            r = -v * 2
        elif v == 0:
            r = 1000
        elif v < 10:
            r = v * 3
        elif (v & 1) == 0:
            r = cdiv(v, 2)
        else:
            r = v + 7
        k = t % 7
        if k == 0:
            r += 1
        elif k == 1:
            r ^= 0xff
        elif k == 2:
            r *= 5
        elif k in (3, 4):
            if k == 3:
                r -= 100
            r *= 2
        elif k == 5:
            continue
        else:
            r = ~r
        out[g] = s32(r)


def m_loop_diverge(grid, block, out):
    b = dim3(block)
    for (bx, _, _), (t, _, _) in threads(grid, block):
        acc = t
        for k in range(t):
            if (t & 1) and k % 5 == 4:
                break
            if t % 4 == 2 and k % 3 == 0:
                continue
            if k & 2:
                acc = u32(acc * 3 + k)
            else:
                acc ^= u32(k << (t & 7))
        out[bx * b[0] + t] = acc


def m_interp(grid, block, n, prog, init, out):
    for g in gids(grid, block):
        acc = init[g]
        pc = 0
        while pc < n:
            op = (prog[pc] + g) % 10
            if op == 0:
                acc += 3
            elif op == 1:
                acc -= 5
            elif op == 2:
                acc *= 2
            elif op == 3:
                acc ^= 0x55
            elif op == 4:
                acc = -acc
            elif op == 5:
                acc >>= 1
            elif op == 6:
                acc += g
            elif op == 7:
                acc = u32(acc * 7) % 1001
            elif op == 8:
                if acc & 1:
                    pc += 1
            else:
                acc |= 1
            acc = u32(acc)
            pc += 1
        out[g] = acc


def divergence_cases():
    rng = random.Random(5)
    cases = []
    av = []
    for g in range(128):
        kind = g % 5
        if kind == 0:
            av.append(-rng.randint(1, 100000))
        elif kind == 1:
            av.append(0)
        elif kind == 2:
            av.append(rng.randint(1, 9))
        else:
            av.append(rng.randint(10, 1000000))
    cases.append(Case(
        'BRANCH', 'branches', 2, 64,
        [B('s32', 128, FILE(av)), B('s32', 128, FILL(777777))],
        m_branches, 1,
        'if/else chain on a[g] (negative, zero, < 10, even, odd), then a switch on\n'
        'threadIdx.x % 7 with a fall-through and a return; threads with\n'
        'threadIdx.x % 11 == 10 or % 7 == 5 return early and leave 777777.'))
    cases.append(Case(
        'LOOPDIV', 'loop_diverge', 3, 40,
        [B('u32', 120)],
        m_loop_diverge, 0,
        'Per-thread loop of threadIdx.x iterations with thread-dependent break\n'
        'and continue, 3 CTAs of 40 threads (not a multiple of the warp size).'))
    prog = [rng.randint(0, 255) for _ in range(24)]
    init = [rng.getrandbits(32) for _ in range(64)]
    cases.append(Case(
        'INTERP', 'interp', 2, 32,
        [S('s32', 24), B('u8', 24, prog), B('u32', 64, FILE(init)),
         B('u32', 64)],
        m_interp, 3,
        'A 10-way switch on (prog[pc] + g) % 10 inside a loop, with a case that\n'
        'skips the next step; every thread takes a different path.'))
    return cases


# ----------------------------------------------------------------------------
# Driver
# ----------------------------------------------------------------------------

FAMILIES = [
    ('axpy', 'saxpy / daxpy and float32 / float64 arithmetic (axpy.cu).',
     axpy_cases),
    ('intops', 'Integer arithmetic, bit intrinsics and width conversions '
     '(intops.cu).', intops_cases),
    ('fconv', 'Float <-> integer and double <-> float conversions (fconv.cu).',
     fconv_cases),
    ('index', '2-D and 3-D grid / block indexing (index.cu).', index_cases),
    ('loops', 'Data-dependent and nested loops (loops.cu).', loops_cases),
    ('divergence', 'Divergent branches, switches, early returns '
     '(divergence.cu).', divergence_cases),
]


def main():
    check = '--check' in sys.argv[1:]
    outputs = {}
    files = {}
    for family, title, make in FAMILIES:
        if family in CLANG_XFAIL:
            outputs['%s.test' % family] = render(family, title, make(), files,
                                                 NVCC_VARIANTS)
            outputs['%s-clang.test' % family] = render(
                family, title, make(), files, (CLANG_VARIANT,),
                CLANG_XFAIL[family])
        else:
            outputs['%s.test' % family] = render(family, title, make(), files)
    return update_folder(HERE, outputs, files, check)


if __name__ == '__main__':
    sys.exit(main())
