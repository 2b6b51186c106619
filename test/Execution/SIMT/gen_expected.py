#!/usr/bin/env python3
"""Writes the lit tests (*.test) of test/Execution/SIMT from plain-Python models.

Every kernel in the *.cu files of this folder is re-implemented below in plain
Python: CTA-wide code as explicit phases between barriers (a list holds one
value per thread), warp-level primitives with the PTX ISA semantics of
shfl.sync / vote.sync / match.sync / redux.sync (lane masks, segment clamps),
atomics by their order-independent final values, with explicit 8/16/32/64-bit
wraparound. Float results are made exact by construction (small integers,
multiples of powers of two) and the generator asserts that they are. Nothing
here comes from running ptx-jit.

Each test case is one ptx-jit launch, run on the three nvcc outputs
Inputs/<family>.sm_75/80/90.ptx and on clang's Inputs/<family>.sm_52.clang.ptx
(sm_70.clang for the families in CLANG_ARCH; fewer variants where a kernel is
arch-dependent), in one of two modes:
  lines   `--print=I` and one CHECK line per element (with --match-full-lines
          and a final -NOT line that rejects extra output);
  verify  `--out=I:%t...bin`, then `%python gen_expected.py --verify FAMILY
          PREFIX FILE` recomputes the expected buffer from the model at test
          time, compares it element by element (bit-exact) and prints
          "PREFIX: N values ok", or the first mismatches (and exits 1).
The clang variant of the cases in CLANG_XFAIL (kernels that fail because of a
ptx-jit bug) runs in a separate <test>-clang.test marked XFAIL instead, so that
<test>.test keeps passing; that of a test in TEST_XFAIL (whose nvcc variants
fail) in a <test>-clang.test not marked XFAIL. Inputs too long for a command
line go to Inputs/*.bin (raw little-endian) and are passed with
`TYPE[N]=file:PATH`. The generator asserts that the expected
output of every case differs from the buffer's initial contents, so that a
kernel that did nothing fails.

Usage:
  gen_expected.py            rewrite the *.test and Inputs/*.bin files
  gen_expected.py --check    exit 1 if any of them is out of date
  gen_expected.py --verify FAMILY PREFIX FILE   (used by the tests)
"""


import math
import os
import random
import re
import sys
from fractions import Fraction

sys.dont_write_bytecode = True  # keep the source tree clean when imported

HERE = os.path.dirname(os.path.abspath(__file__))
# The shared package test/Inputs/ptxjit_testgen (integers, float formats,
# --print formatting, kernel arguments, test-file writing).
sys.path.insert(0, os.path.join(HERE, os.pardir, os.pardir, 'Inputs'))
from ptxjit_testgen.floats import F32, FMTS, representable  # noqa: E402
from ptxjit_testgen.ints import (  # noqa: E402
    INT_MAX, INT_MIN, cdiv, cmod, popc, s8, s16, s32, s64, u32, u64)
from ptxjit_testgen.launch import (  # noqa: E402
    FILE, FILL, Buffer, Launch, S, norm, pack, size_of, unpack)
from ptxjit_testgen.launch import B as Buf  # noqa: E402
from ptxjit_testgen.printing import fmt_float, fmt_value  # noqa: E402
from ptxjit_testgen.testfile import (  # noqa: E402
    check_lines, comment_block, comment_lines, define_lines, launch_parts,
    ptx_entries, print_run_lines, update_folder)
# host/crosscheck.py also uses these, as gen_expected.X:
from ptxjit_testgen.ints import INT_TYPES  # noqa: E402,F401
from ptxjit_testgen.launch import Scalar, dim3  # noqa: E402,F401

NVCC_VARIANTS = ('sm_75', 'sm_80', 'sm_90')
# clang's variant (regen_ptx.sh) is sm_52 except for the families that need a
# newer target: double / scoped atomicAdd (sm_60), __half atomicAdd and
# match.sync (sm_70).
CLANG_ARCH = {'atomics': 70, 'atomics_f16': 70, 'warp': 70}
# Cases whose clang variant fails because of a ptx-jit bug: test -> (kernels,
# or '*' for all, comment lines of <test>-clang.test, which runs the clang
# variant of those kernels' cases and is marked XFAIL).
BRX_BUG = [
    "ptx-jit bug: clang lowers the switch of %s to a jump table",
    "(`$L_brx_0: .branchtargets $L__BB..., ...;` then `brx.idx %r, $L_brx_0;`,",
    "PTX ISA 6.0+, sm_30+), and ptx-jit rejects the whole module: \"unknown or",
    "unsupported directive '.branchtargets' in a function body\". Remove this",
    "file (CLANG_XFAIL in gen_expected.py) once ptx-jit supports .branchtargets",
    "/ brx.idx."]
CLANG_XFAIL = {}
# Tests marked XFAIL as a whole (their nvcc variants fail): test -> comment.
# Their clang variant runs in <test>-clang.test, not marked XFAIL.
TEST_XFAIL = {}


def clang_variant(family):
    return 'sm_%d.clang' % CLANG_ARCH.get(family, 52)


def sm_of(variant):
    """The target SM number of a variant name (sm_75, sm_52.clang, ...)."""
    return int(re.match(r'sm_(\d+)', variant).group(1))


SENTINEL = 0xdeadbeef
FULL = 0xffffffff

# ----------------------------------------------------------------------------
# Floating point. All float results of these kernels are exact; exact() checks
# that a value is representable (ptxjit_testgen.printing prints it like C++17
# std::to_chars, as ptx-jit --print does).
# ----------------------------------------------------------------------------


def exact(q, ty):
    """q (int, Fraction or float) as a float of type ty; asserts exactness."""
    x = float(q)
    assert Fraction(x) == Fraction(q) if math.isfinite(x) else True, q
    assert representable(x, FMTS[ty]), (q, ty)
    return x


# ----------------------------------------------------------------------------
# Test cases
# ----------------------------------------------------------------------------


class Case(Launch):
    """One ptx-jit launch and the expected contents of buffer print_idx.

    model(grid, block, *values) updates the argument values in place (lists
    for buffers) as the kernel does. mode: 'lines' or 'verify' (see the module
    docstring). per/names: the buffer holds `per` results per thread or
    element; names labels them in comments and mismatch reports. archs: a
    predicate on the target SM number (75 for sm_75, 52 for sm_52.clang)
    that selects the PTX variants to run (default: all). shared:
    --shared=BYTES. opts: more ptx-jit options.
    """

    def __init__(self, prefix, kernel, grid, block, args, model, print_idx,
                 comment, mode='lines', per=1, names=None, archs=None,
                 shared=None, opts=''):
        super().__init__(prefix, kernel, grid, block, args, model, print_idx,
                         comment, opts, shared)
        self.mode = mode
        self.per, self.names = per, names
        self.archs = archs

    def variants(self, family):
        return [v for v in NVCC_VARIANTS + (clang_variant(family),)
                if self.archs is None or self.archs(sm_of(v))]

    def label(self, i):
        if self.per == 1:
            return '[%d]' % i
        name = self.names[i % self.per] if self.names else str(i % self.per)
        return '[%d] (%d, %s)' % (i, i // self.per, name)


def check_entry(family, kernel, variants):
    for v in variants:
        path = os.path.join(HERE, 'Inputs', '%s.%s.ptx' % (family, v))
        entries = ptx_entries(path)
        assert kernel in entries, (path, kernel, entries)


def split_clang(test):
    """Whether the clang variant of some cases of test runs in a separate
    <test>-clang.test: marked XFAIL where a ptx-jit bug makes it fail
    (CLANG_XFAIL), not marked where it is the nvcc variants that fail and
    <test>.test is XFAIL as a whole (TEST_XFAIL)."""
    return test in CLANG_XFAIL or test in TEST_XFAIL


def render(test, family, title, cases, files, clang_only=False):
    """The text of <test>.test, or with clang_only of <test>-clang.test (see
    split_clang)."""
    assert not (test in CLANG_XFAIL and test in TEST_XFAIL), test
    if test in CLANG_XFAIL:
        moved, xfail_comment = CLANG_XFAIL[test]
    elif test in TEST_XFAIL:
        moved, xfail_comment = '*', None
    else:
        moved, xfail_comment = (), None
    cv = clang_variant(family)

    def is_moved(c):
        return moved == '*' or c.kernel in moved

    def variants(c):
        vs = c.variants(family)
        if clang_only:
            return [v for v in vs if v == cv and is_moved(c)]
        return [v for v in vs if v != cv or not is_moved(c)]

    cases = [c for c in cases if variants(c)]
    out = []
    if clang_only and xfail_comment:
        out.append('# XFAIL: *')
        out.extend('# ' + line for line in xfail_comment)
    elif not clang_only and test in TEST_XFAIL:
        out.append('# XFAIL: *')
        out.extend('# ' + line for line in TEST_XFAIL[test])
    out.append('# %s' % title)
    out.append('#')
    text = ("GENERATED by gen_expected.py from a Python model of each kernel in "
            "%s.cu; do not edit. " % family)
    if clang_only:
        text += "Each case runs clang's Inputs/%s.%s.ptx" % (family, cv)
        if test in TEST_XFAIL:
            text += (" (a test of its own because %s.test, which runs the nvcc "
                     "outputs, is XFAIL)." % test)
        elif moved == '*':
            text += " (the nvcc outputs are run by %s.test)." % test
        else:
            text += (" (the nvcc outputs, and clang's for the other kernels, "
                     "are run by %s.test)." % test)
    else:
        text += ("Each case runs the nvcc outputs Inputs/%s.sm_{75,80,90}.ptx "
                 "(sm_90 has -lineinfo)" % family)
        if moved == '*':
            text += (" named in its RUN lines (clang's Inputs/%s.%s.ptx is run "
                     "by %s-clang.test)." % (family, cv, test))
        elif moved:
            text += (" and clang's Inputs/%s.%s.ptx named in its RUN lines "
                     "(clang's for %s: by %s-clang.test)."
                     % (family, cv, ', '.join(sorted(moved)), test))
        else:
            text += (" and clang's Inputs/%s.%s.ptx named in its RUN lines."
                     % (family, cv))
    text += (" `lines` cases check every --print line (the -NOT line rejects "
             "extra output); `verify` cases write the buffer with --out and let "
             "`gen_expected.py --verify` compare it with the model, element by "
             "element.")
    out.extend(comment_block(text))
    prefixes = set()
    for c in cases:
        assert c.prefix not in prefixes, c.prefix
        prefixes.add(c.prefix)
        check_entry(family, c.kernel, variants(c))
        buf = c.args[c.print_idx]
        assert isinstance(buf, Buffer)
        exp_vals = c.expected_values()
        assert len(exp_vals) == buf.n
        # A kernel that did nothing must fail the test.
        assert [pack(v, buf.ty) for v in exp_vals] != \
            [pack(v, buf.ty) for v in buf.value], c.prefix
        out.append('')
        out.extend(comment_lines(c.comment))
        name = c.prefix.lower()
        parts = launch_parts(c, family, files)
        if c.opts:
            parts.append(c.opts)
        if c.mode == 'lines':
            parts.append('--print=%d' % c.print_idx)
        out.extend(define_lines(name, parts))
        for v in variants(c):
            if c.mode == 'lines':
                out.extend(print_run_lines(family, v, name, c.prefix))
            else:
                tmp = '%%t.%s.%s.bin' % (name, v)
                out.append('# RUN: ptx-jit %%S/Inputs/%s.%s.ptx %%{%s} --out=%d:%s' %
                           (family, v, name, c.print_idx, tmp))
                out.append('# RUN: %%python %%S/gen_expected.py --verify %s %s %s \\' %
                           (family, c.prefix, tmp))
                out.append('# RUN:   | FileCheck %%s --match-full-lines '
                           '--check-prefix=%s' % c.prefix)
        if c.mode == 'lines':
            exp = [fmt_value(v, buf.ty) for v in exp_vals]
            if c.names:
                out.append('# Per %s: %s' % ('element' if c.per > 1 else 'line',
                                             ', '.join(c.names)))
            if len(set(exp)) == 1 and len(exp) > 1:
                out.append('# %s-COUNT-%d: %s' % (c.prefix, len(exp), exp[0]))
                out.append('# %s-NOT: {{.}}' % c.prefix)
            else:
                out.extend(check_lines(
                    c.prefix, exp, lambda i: '[%d]' % (i // c.per)
                    if c.per > 1 and i % c.per == 0 else None))
        else:
            out.append('# %s: %s: %d values ok' % (c.prefix, c.prefix, buf.n))
    return '\n'.join(out) + '\n'


def verify(family, prefix, path):
    make = dict((f, m) for f, _, m in FAMILIES)[family]
    case = [c for c in make() if c.prefix == prefix]
    assert len(case) == 1, (family, prefix)
    c = case[0]
    buf = c.args[c.print_idx]
    with open(path, 'rb') as f:
        data = f.read()
    if len(data) != buf.n * size_of(buf.ty):
        print('%s: %s holds %d bytes, expected %d' % (
            prefix, path, len(data), buf.n * size_of(buf.ty)))
        return 1
    got = unpack(data, buf.ty, buf.n)
    exp = c.expected_values()
    bad = [i for i in range(buf.n)
           if pack(norm(exp[i], buf.ty), buf.ty) != pack(got[i], buf.ty)]
    if not bad:
        print('%s: %d values ok' % (prefix, buf.n))
        return 0
    print('%s: %d of %d values differ' % (prefix, len(bad), buf.n))
    for i in bad[:20]:
        print('  %s expected %s, got %s' % (c.label(i), fmt_value(exp[i], buf.ty),
                                            fmt_value(got[i], buf.ty)))
    return 1


# ----------------------------------------------------------------------------
# Launch helpers for the models
# ----------------------------------------------------------------------------


def ctas(grid):
    g = dim3(grid)
    assert g[1:] == (1, 1)
    return range(g[0])


def bsize(block):
    b = dim3(block)
    assert b[1:] == (1, 1)
    return b[0]


def rand_ints(rng, n, lo, hi):
    return [rng.randint(lo, hi) for _ in range(n)]


# ----------------------------------------------------------------------------
# block_reduce.cu
# ----------------------------------------------------------------------------


def m_block_reduce(grid, block, inp, partial, n):
    B = bsize(block)
    for b in ctas(grid):
        partial[b] = s32(sum(inp[i] for i in range(b * B, b * B + B) if i < n))


def m_block_reduce_dyn(grid, block, inp, out, n):
    B = bsize(block)
    for b in ctas(grid):
        idx = [i for i in range(b * B, b * B + B) if i < n]
        out[2 * b] = s32(sum(inp[i] + b * 1000 for i in idx))
        out[2 * b + 1] = max([inp[i] for i in idx], default=INT_MIN)


def block_reduce_cases():
    rng = random.Random(1)
    cases = []
    # (block, grid, n, values): n leaves the last CTA partly (or, for 500,
    # entirely) past the end.
    configs = [
        (32, 9, 280, 'small'), (64, 7, 448, 'full'), (96, 7, 672, 'iota'),
        (128, 5, 600, 'small'), (256, 4, 1000, 'wide'), (500, 5, 1900, 'small'),
        (512, 3, 1500, 'wide'), (1024, 3, 3000, 'small'),
    ]
    for B, G, n, kind in configs:
        total = G * B
        if kind == 'iota':
            init, what = 'iota', 'in[i] = i'
        elif kind == 'small':
            init = FILE(rand_ints(rng, total, -100000, 100000))
            what = 'random in[i] in [-100000, 100000]'
        elif kind == 'wide':
            init = FILE(rand_ints(rng, total, INT_MIN, INT_MAX))
            what = 'random 32-bit in[i] (the sums wrap around)'
        else:
            init = FILE(rand_ints(rng, total, -5, 5))
            what = 'random in[i] in [-5, 5]'
        note = ''
        if n < total:
            note = ' Elements at i >= %d count as 0%s.' % (
                n, ' (CTA %d is entirely past n)' % (G - 1)
                if n <= (G - 1) * B else '')
        cases.append(Case(
            'R%d' % B, 'block_reduce', G, B,
            [Buf('s32', total, init), Buf('s32', G, FILL(-1)), S('u32', n)],
            m_block_reduce, 1,
            'Block size %d (%s power of two), %d CTAs: partial[b] = sum of the\n'
            'CTA\'s elements; %s.%s' % (
                B, 'a' if B & (B - 1) == 0 else 'not a', G, what, note)))
    # Dynamic shared memory.
    for B, G, n, extra in [(96, 4, 350, 0), (500, 3, 1400, 0), (1024, 2, 2000, 0),
                           (64, 3, 192, 4096)]:
        total = G * B
        vals = rand_ints(rng, total, -1000000, 1000000)
        cases.append(Case(
            'DYN%d%s' % (B, 'X' if extra else ''), 'block_reduce_dyn', G, B,
            [Buf('s32', total, FILE(vals)), Buf('s32', 2 * G, FILL(7)), S('u32', n)],
            m_block_reduce_dyn, 1,
            'Dynamic shared memory (extern __shared__ int dyn[], --shared=%d%s)\n'
            'next to a static __shared__ int: per CTA b, out[2b] = sum(in[i] +\n'
            '1000 * b), out[2b+1] = max(in[i]) over i < %d; block %d, %d CTAs.' % (
                8 * B + extra,
                ', more than the 8 * blockDim.x bytes used' if extra else '',
                n, B, G),
            shared=8 * B + extra))
    return cases




# ----------------------------------------------------------------------------
# transpose.cu
# ----------------------------------------------------------------------------


def m_transpose(grid, block, inp, out, rows, cols):
    assert dim3(block) == (32, 8, 1)
    g = dim3(grid)
    assert g[0] * 32 >= cols and g[1] * 32 >= rows
    for r in range(rows):
        for c in range(cols):
            out[c * rows + r] = inp[r * cols + c]


def m_transpose_f64(grid, block, inp, out, rows, cols):
    assert dim3(block) == (32, 8, 1)
    assert dim3(grid)[0] * 32 >= cols  # y is a grid-stride loop
    for r in range(rows):
        for c in range(cols):
            out[c * rows + r] = inp[r * cols + c]


def transpose_cases():
    rng = random.Random(2)
    cases = []
    for prefix, rows, cols, mode in [('T5X7', 5, 7, 'lines'),
                                     ('T45X70', 45, 70, 'verify'),
                                     ('T33X32', 33, 32, 'verify'),
                                     ('T64X96', 64, 96, 'verify')]:
        n = rows * cols
        grid = ((cols + 31) // 32, (rows + 31) // 32)
        init = 'iota' if mode == 'lines' else FILE(rand_ints(rng, n, INT_MIN, INT_MAX))
        cases.append(Case(
            prefix, 'transpose', grid, (32, 8),
            [Buf('s32', n, init), Buf('s32', n, FILL(-1)), S('s32', rows),
             S('s32', cols)],
            m_transpose, 1,
            'Transpose of a %d x %d int matrix (%s) into %d x %d: grid (%d,%d)\n'
            'of 32x8 blocks, each moving a 32x32 tile through tile[32][33].' % (
                rows, cols, 'in = iota' if mode == 'lines' else 'random values',
                cols, rows, grid[0], grid[1]),
            mode=mode))
    for prefix, rows, cols, gy, mode in [('F3X4', 3, 4, 1, 'lines'),
                                         ('F100X40', 100, 40, 2, 'verify'),
                                         ('F70X33', 70, 33, 3, 'verify')]:
        n = rows * cols
        grid = ((cols + 31) // 32, gy)
        vals = [rng.randint(-2 ** 20, 2 ** 20) / 64 for _ in range(n)]
        cases.append(Case(
            prefix, 'transpose_f64', grid, (32, 8),
            [Buf('f64', n, FILE(vals)), Buf('f64', n, FILL(-1)), S('s32', rows),
             S('s32', cols)],
            m_transpose_f64, 1,
            'transpose_f64 of a %d x %d double matrix with grid (%d,%d): %d tile\n'
            'rows, handled by a grid-stride loop over blockIdx.y with two barriers\n'
            'per tile.' % (rows, cols, grid[0], gy, (rows + 31) // 32),
            mode=mode))
    return cases


# ----------------------------------------------------------------------------
# sgemm.cu
# ----------------------------------------------------------------------------


def m_sgemm(grid, block, M, N, K, alpha, A, Bm, beta, C):
    assert dim3(block) == (16, 16, 1)
    assert dim3(grid)[:2] == ((N + 15) // 16, (M + 15) // 16)
    assert all(x == int(x) for x in A + Bm)
    Ai = [int(x) for x in A]
    Bi = [int(x) for x in Bm]
    for r in range(M):
        for c in range(N):
            acc = sum(Ai[r * K + k] * Bi[k * N + c] for k in range(K))
            # Every partial sum is an integer far below 2^24: exact in any
            # order, with or without FMA contraction.
            assert abs(acc) < 2 ** 20
            C[r * N + c] = exact(Fraction(alpha) * acc +
                                 Fraction(beta) * Fraction(C[r * N + c]), 'f32')


def sgemm_cases():
    rng = random.Random(3)
    cases = []
    for prefix, M, N, K, alpha, beta, mode in [
            ('S5X3X7', 5, 3, 7, 0.5, 2, 'lines'),
            ('S48X40X56', 48, 40, 56, 1, 0, 'verify'),
            ('S33X17X50', 33, 17, 50, 2, -1, 'verify'),
            ('S64X64X64', 64, 64, 64, 0.25, 0.5, 'verify')]:
        A = rand_ints(rng, M * K, -4, 4)
        Bv = rand_ints(rng, K * N, -4, 4)
        C = rand_ints(rng, M * N, -100, 100)
        grid = ((N + 15) // 16, (M + 15) // 16)
        cases.append(Case(
            prefix, 'sgemm', grid, (16, 16),
            [S('s32', M), S('s32', N), S('s32', K), S('f32', alpha),
             Buf('f32', M * K, FILE(A)), Buf('f32', K * N, FILE(Bv)),
             S('f32', beta), Buf('f32', M * N, FILE(C))],
            m_sgemm, 7,
            'C = %s * A * B + %s * C with M = %d, N = %d, K = %d, grid (%d,%d) of\n'
            '16x16 blocks; A, B hold integers in [-4, 4] and C integers in\n'
            '[-100, 100], so every result is exact.' % (
                fmt_float(alpha, F32), fmt_float(beta, F32), M, N, K,
                grid[0], grid[1]),
            mode=mode))
    return cases


# ----------------------------------------------------------------------------
# scan.cu
# ----------------------------------------------------------------------------


def m_scan_hs(grid, block, inp, out, n):
    B = bsize(block)
    for b in ctas(grid):
        acc = 0
        for i in range(b * B, b * B + B):
            acc += inp[i] if i < n else 0
            if i < n:
                out[i] = s32(acc)


def m_scan_blelloch(grid, block, inp, out, n):
    B = bsize(block)
    assert B & (B - 1) == 0
    m = 2 * B
    for b in ctas(grid):
        acc = 0
        for i in range(b * m, b * m + m):
            acc += inp[i] if i < n else 0
            if i < n:
                out[i] = s32(acc)


def scan_cases():
    rng = random.Random(4)
    cases = []
    for prefix, B, G, n, mode in [('HS33', 33, 3, 90, 'lines'),
                                  ('HS64', 64, 2, 128, 'lines'),
                                  ('HS1000', 1000, 2, 1900, 'verify'),
                                  ('HS256', 256, 4, 1000, 'verify')]:
        vals = rand_ints(rng, G * B, -1000, 1000) if B != 256 else \
            rand_ints(rng, G * B, INT_MIN, INT_MAX)
        cases.append(Case(
            prefix, 'scan_hs', G, B,
            [Buf('s32', G * B, FILE(vals)), Buf('s32', G * B, FILL(-7)), S('s32', n)],
            m_scan_hs, 1,
            'Hillis-Steele inclusive scan, double-buffered, of each CTA\'s %d\n'
            'elements (%d CTAs%s); %s.' % (
                B, G, ', n = %d: later elements keep -7' % n if n < G * B else '',
                'random 32-bit values (the sums wrap)' if B == 256 else
                'values in [-1000, 1000]'),
            mode=mode))
    for prefix, B, G, n, mode in [('BL8', 8, 3, 40, 'lines'),
                                  ('BL128', 128, 3, 700, 'verify'),
                                  ('BL1024', 1024, 2, 4096, 'verify'),
                                  ('BL32', 32, 4, 256, 'lines')]:
        vals = rand_ints(rng, G * 2 * B, -1000, 1000)
        cases.append(Case(
            prefix, 'scan_blelloch', G, B,
            [Buf('s32', G * 2 * B, FILE(vals)), Buf('s32', G * 2 * B, FILL(-7)),
             S('s32', n)],
            m_scan_blelloch, 1,
            'Blelloch work-efficient scan (up-sweep, down-sweep, + input): %d CTAs\n'
            'of %d threads, each scanning %d elements%s.' % (
                G, B, 2 * B, '; n = %d: later elements keep -7' % n
                if n < G * 2 * B else ''),
            mode=mode))
    return cases


# ----------------------------------------------------------------------------
# histogram.cu
# ----------------------------------------------------------------------------


def m_hist(grid, block, data, n, bins, repeat=1):
    for _ in range(repeat):
        for i in range(n):
            bins[data[i] >> 2] = u32(bins[data[i] >> 2] + 1)


def m_hist_weighted(grid, block, data, n, bins):
    for i in range(n):
        bins[data[i] >> 2] = u32(bins[data[i] >> 2] + (data[i] & 3))


def hist_data(rng, n):
    # Skewed: a third of the values in bin 0 (heavy contention), a few bins
    # never hit, the rest spread.
    out = []
    for _ in range(n):
        r = rng.random()
        if r < 0.33:
            out.append(rng.randint(0, 3))
        elif r < 0.5:
            out.append(rng.choice([252, 253, 254, 255, 100]))
        else:
            out.append(rng.choice([v for v in range(256) if not 160 <= v < 176]))
    return out


def histogram_cases():
    rng = random.Random(5)
    data = hist_data(rng, 10000)
    data2 = hist_data(rng, 3001)
    cases = []
    cases.append(Case(
        'SHARED', 'hist_shared', 8, 128,
        [Buf('u8', 10000, FILE(data)), S('s32', 10000), Buf('u32', 64)],
        m_hist, 2,
        '64-bin histogram of 10000 bytes (bin = byte >> 2; a third of them in\n'
        'bin 0, bins 40..43 empty): shared-memory atomics per CTA, then global\n'
        'atomicAdd; 8 CTAs x 128 threads with a grid-stride loop.'))
    cases.append(Case(
        'SHARED32', 'hist_shared', 5, 32,
        [Buf('u8', 3001, FILE(data2)), S('s32', 3001), Buf('u32', 64, FILL(1000))],
        m_hist, 2,
        'The same with 32 threads per CTA (fewer than the 64 bins: each thread\n'
        'clears and merges two), n = 3001, bins starting at 1000.'))
    cases.append(Case(
        'SHAREDREP', 'hist_shared', 3, 256,
        [Buf('u8', 3001, FILE(data2)), S('s32', 3001), Buf('u32', 64)],
        lambda g, b, d, n, bins: m_hist(g, b, d, n, bins, repeat=3), 2,
        'hist_shared launched 3 times (--repeat=3) on the same bins: 3x the\n'
        'counts.',
        opts='--repeat=3'))
    cases.append(Case(
        'GLOBAL', 'hist_global', 5, 96,
        [Buf('u8', 10000, FILE(data)), S('s32', 10000), Buf('u32', 64)],
        m_hist, 2,
        'Global atomics only: 5 CTAs x 96 threads on the same 10000 bytes.'))
    cases.append(Case(
        'WEIGHTED', 'hist_weighted', 4, 256,
        [Buf('u8', 10000, FILE(data)), S('s32', 10000), Buf('u32', 64)],
        m_hist_weighted, 2,
        'Weighted histogram: bin += byte & 3 through atomicAdd on shared memory\n'
        'whose returned old values are used (a bound check that adds 1000000\n'
        'to bin 0 on failure).'))
    return cases


# ----------------------------------------------------------------------------
# atomics.cu
# ----------------------------------------------------------------------------


def launch_ids(grid, block):
    G, Bs = len(ctas(grid)), bsize(block)
    return G, Bs, G * Bs


def m_atom_int(grid, block, r):
    G, Bs, N = launch_ids(grid, block)
    vs = [cmod(g * 37, 101) - 50 for g in range(N)]
    r[0] = s32(r[0] + sum(g + 1 for g in range(N)))
    r[1] = s32(r[1] - sum(range(N)))
    r[2] = min([r[2]] + vs)
    r[3] = max([r[3]] + vs)
    r[4] = s32(r[4] + sum(g % 7 - 3 for g in range(N)))
    r[5] = s32(r[5] + G * (-1 + sum(range(Bs))))
    r[6] = s32(r[6] + G * sum(k * k for k in range(Bs)))
    r[7] = s32(r[7] + N)
    r[8] = s32(r[8] + 2 * N)
    r[9] = s32(r[9] + N)
    assert r[9] == N  # the last thread sees N - 1 only when r[9] starts at 0
    r[10] = 12345


def m_atom_uint(grid, block, r):
    G, Bs, N = launch_ids(grid, block)
    h = [u32(g * 2654435761) for g in range(N)]
    for g in range(N):
        r[0] &= ~(1 << (g % 23)) & FULL
        r[1] |= (1 << (g % 19)) | (0x80000000 if g % 7 == 6 else 0)
        r[2] ^= h[g]
        r[3] = min(r[3], h[g] ^ 0x5555)
        r[4] = max(r[4], h[g] ^ 0x5555)
        r[5] = 0 if r[5] >= 16 else r[5] + 1          # atomicInc(p, 16)
        r[6] = 10 if r[6] == 0 or r[6] > 10 else r[6] - 1  # atomicDec(p, 10)
    assert r[7] == 0 and r[8] == 0
    r[7] = 0xdead0000
    r[8] = 1
    r[9] = u32(r[9] + G * (Bs % 8))
    bits = 0
    for t in range(Bs):
        bits |= 1 << (t % 32)
    r[10] |= bits & ~(1 << 5)


def m_atom_u64(grid, block, r):
    G, Bs, N = launch_ids(grid, block)
    M64 = 2 ** 64 - 1
    for g in range(N):
        H = u64(g * 0x9e3779b97f4a7c15)
        r[0] = u64(r[0] + ((g << 33) | 1))
        r[1] = u64(r[1] + (g + 1) * 0x100000001)
        r[2] = min(r[2], H)
        r[3] = max(r[3], H)
        r[4] &= ~(1 << (g % 61)) & M64
        r[5] |= 1 << (g % 50 + 7)
        r[6] ^= H
    r[7] = u64(r[7] + G * (sum(range(Bs)) << 32))


def m_atom_s64(grid, block, r):
    G, Bs, N = launch_ids(grid, block)
    S_ = [s64(g * 0x9e3779b97f4a7c15) for g in range(N)]
    r[0] = min([r[0]] + S_)
    r[1] = max([r[1]] + S_)
    r[2] = s64(r[2] + G * min([0] + [-t * 3000000000 for t in range(Bs)]))
    r[3] = s64(r[3] + G * max(t - 1000000000000 for t in range(Bs)))


def m_atom_float(grid, block, r):
    G, Bs, N = launch_ids(grid, block)
    vs = [Fraction(cmod(g * 37, 101) - 50, 4) for g in range(N)]
    r[0] = exact(Fraction(r[0]) + sum(Fraction(g % 9, 2) - 2 for g in range(N)),
                 'f32')
    r[1] = exact(max([Fraction(r[1])] + vs) if math.isfinite(r[1]) else max(vs),
                 'f32')
    r[2] = exact(min(vs), 'f32') if not math.isfinite(r[2]) else \
        exact(min([Fraction(r[2])] + vs), 'f32')
    r[3] = exact(Fraction(r[3]) + G * sum(Fraction(t % 5, 4) for t in range(Bs)),
                 'f32')
    r[4] = exact(Fraction(r[4]) + Fraction(3, 2) * N, 'f32')


def m_atom_double(grid, block, r):
    G, Bs, N = launch_ids(grid, block)
    r[0] = exact(Fraction(r[0]) + sum(Fraction(g % 13, 8) + (g % 3) * 1048576
                                      for g in range(N)), 'f64')
    r[1] = exact(Fraction(r[1]) + G * sum(Fraction(t, 16) for t in range(Bs)),
                 'f64')
    assert r[2] == -math.inf
    r[2] = exact(Fraction(3, 4) * (N - 1) - 100, 'f64')


def m_atom_half(grid, block, r):
    G, Bs, N = launch_ids(grid, block)
    assert N <= 256 and all(x == 0 for x in r)
    r[0] = exact(N, 'f16')
    r[1] = exact(sum(Fraction(g % 4, 2) for g in range(N)), 'f16')
    r[2] = exact(sum(Fraction(1, 4) if g % 2 else Fraction(1, 2)
                     for g in range(N)), 'f16')
    r[3] = exact(G, 'f16')


def m_atom_bf16(grid, block, r):
    G, Bs, N = launch_ids(grid, block)
    assert N <= 128 and all(x == 0 for x in r)
    r[0] = exact(N, 'bf16')
    r[1] = exact(sum(g % 2 for g in range(N)), 'bf16')
    r[2] = exact(Fraction(N, 2), 'bf16')
    r[3] = exact(2 * G, 'bf16')


INT_NAMES = ['add', 'sub', 'min', 'max', 'cas_add', 'exch', 'ticket', 'add_block',
             'add_system', 'count', 'last']
UINT_NAMES = ['and', 'or', 'xor', 'min', 'max', 'inc', 'dec', 'cas_once',
              'cas_winners', 'shared_inc', 'shared_or_and']


def atomics_cases():
    cases = []
    for prefix, G, Bs in [('INT', 6, 64), ('INT1024', 2, 1024), ('INT40', 5, 40)]:
        init = [0] * 11
        init[2], init[3] = INT_MAX, INT_MIN
        cases.append(Case(
            prefix, 'atom_int', G, Bs, [Buf('s32', 11, init)], m_atom_int, 0,
            'atom_int, %d CTAs x %d threads: atomicAdd/Sub/Min/Max, an atomicCAS\n'
            'add loop, atomicExch and ticket atomicAdd on shared memory,\n'
            'atomicAdd_block / _system, last-arriver detection (see atomics.cu).'
            % (G, Bs),
            names=INT_NAMES))
    for prefix, G, Bs in [('UINT', 6, 64), ('UINT20', 7, 20), ('UINT512', 3, 512)]:
        init = [0] * 11
        init[0] = init[3] = FULL
        init[6] = 3
        cases.append(Case(
            prefix, 'atom_uint', G, Bs, [Buf('u32', 11, init)], m_atom_uint, 0,
            'atom_uint, %d CTAs x %d threads: atomicAnd/Or/Xor/Min/Max, atomicInc\n'
            '(limit 16) and atomicDec (limit 10) wrapping, a single winning\n'
            'atomicCAS, atomicInc / atomicOr / atomicAnd on shared words.' % (G, Bs),
            names=UINT_NAMES))
    for prefix, G, Bs in [('U64', 4, 96), ('U64B', 1, 1024)]:
        init = [0] * 8
        init[2] = init[4] = 2 ** 64 - 1
        cases.append(Case(
            prefix, 'atom_u64', G, Bs, [Buf('u64', 8, init)], m_atom_u64, 0,
            'atom_u64, %d CTAs x %d threads: 64-bit atomicAdd, atomicCAS loop,\n'
            'atomicMin/Max/And/Or/Xor, atomicAdd on a shared 64-bit word.' % (G, Bs),
            names=['add', 'cas_add', 'min', 'max', 'and', 'or', 'xor',
                   'shared_add']))
    cases.append(Case(
        'S64', 'atom_s64', 5, 128,
        [Buf('s64', 4, [2 ** 63 - 1, -2 ** 63, 0, 0])], m_atom_s64, 0,
        'atom_s64, 5 CTAs x 128 threads: signed 64-bit atomicMin/Max on global\n'
        'and shared memory.', names=['min', 'max', 'shared_min', 'shared_max']))
    for prefix, G, Bs in [('FLOAT', 6, 64), ('FLOAT1024', 2, 1024)]:
        cases.append(Case(
            prefix, 'atom_float', G, Bs,
            [Buf('f32', 5, [0, -math.inf, math.inf, 0, 0])], m_atom_float, 0,
            'atom_float, %d CTAs x %d threads: atomicAdd on float (multiples of\n'
            '0.5: exact in any order), atomicCAS-loop max and min, atomicAdd on a\n'
            'shared float, atomicAdd_block.' % (G, Bs),
            names=['add', 'cas_max', 'cas_min', 'shared_add', 'add_block']))
    cases.append(Case(
        'DOUBLE', 'atom_double', 7, 96,
        [Buf('f64', 3, [0, 0, -math.inf])], m_atom_double, 0,
        'atom_double, 7 CTAs x 96 threads: atomicAdd on double (global and\n'
        'shared; exact in any order), atomicCAS-loop max on a double.',
        names=['add', 'shared_add', 'cas_max']))
    return cases


def atomics_f16_cases():
    cases = []
    for prefix, G, Bs in [('HALF', 2, 128), ('HALF256', 1, 256)]:
        cases.append(Case(
            prefix, 'atom_half', G, Bs, [Buf('f16', 4)], m_atom_half, 0,
            'atom_half, %d CTA(s) x %d threads: atomicAdd on __half2\n'
            '(atom.add.noftz.f16x2) and __half (atom.add.noftz.f16); all partial\n'
            'sums exact.' % (G, Bs),
            names=['h2.x', 'h2.y', 'half', 'per_cta']))
    for prefix, G, Bs in [('BF16', 2, 64), ('BF16X4', 4, 32)]:
        cases.append(Case(
            prefix, 'atom_bf16', G, Bs, [Buf('bf16', 4)], m_atom_bf16, 0,
            'atom_bf16, %d CTAs x %d threads: atomicAdd on __nv_bfloat162 and\n'
            '__nv_bfloat16; all partial sums exact.' % (G, Bs),
            names=['b2.x', 'b2.y', 'bf16', 'per_cta']))
    return cases


# ----------------------------------------------------------------------------
# warp.cu. Each warp is modelled as a list of 32 lane values; the shuffles
# follow the PTX ISA semantics of shfl.sync, with the c operand CUDA's
# __shfl*_sync(mask, v, b, width) passes: ((32 - width) << 8) | 0x1f, or
# (32 - width) << 8 for __shfl_up_sync.
# ----------------------------------------------------------------------------


def shfl(mode, vals, lane, b, width=32):
    c = (32 - width) << 8 | (0 if mode == 'up' else 0x1f)
    bval = b & 31
    cval = c & 31
    segmask = (c >> 8) & 31
    max_lane = (lane & segmask) | (cval & ~segmask & 31)
    min_lane = lane & segmask
    if mode == 'up':
        j = lane - bval
        ok = j >= max_lane
    elif mode == 'down':
        j = lane + bval
        ok = j <= max_lane
    elif mode == 'bfly':
        j = lane ^ bval
        ok = j <= max_lane
    else:
        j = min_lane | (bval & ~segmask & 31)
        ok = j <= max_lane
    return vals[j if ok else lane]


def warps(grid, block):
    """(base global id, number of lanes, base thread id) of every warp."""
    Bs = bsize(block)
    for b in ctas(grid):
        for w in range(0, Bs, 32):
            yield b * Bs + w, min(32, Bs - w), w


def m_shfl(grid, block, inp, sel, out):
    assert bsize(block) % 32 == 0
    for base, nl, _ in warps(grid, block):
        v = inp[base:base + 32]
        src = sel[base:base + 32]
        res = [[0] * 16 for _ in range(32)]
        s = v[:]
        for off in (16, 8, 4, 2, 1):
            s = [s32(s[l] + shfl('down', s, l, off)) for l in range(32)]
        for l in range(32):
            res[l][0] = s[l]
        s = v[:]
        for m in (16, 8, 4, 2, 1):
            s = [s32(s[l] + shfl('bfly', s, l, m)) for l in range(32)]
        for l in range(32):
            res[l][1] = s[l]
        s = v[:]
        for off in (4, 2, 1):
            s = [s32(s[l] + shfl('down', s, l, off, 8)) for l in range(32)]
        for l in range(32):
            res[l][2] = s[l]
        s = v[:]
        for m in (8, 4, 2, 1):
            s = [max(s[l], shfl('bfly', s, l, m, 16)) for l in range(32)]
        for l in range(32):
            res[l][3] = s[l]
        s = v[:]
        for off in (1, 2, 4, 8, 16):
            n = [shfl('up', s, l, off) for l in range(32)]
            s = [s32(s[l] + n[l]) if l >= off else s[l] for l in range(32)]
        for l in range(32):
            res[l][4] = s[l]
        s = v[:]
        for off in (1, 2, 4):
            n = [shfl('up', s, l, off, 8) for l in range(32)]
            s = [s32(s[l] + n[l]) if l % 8 >= off else s[l] for l in range(32)]
        for l in range(32):
            res[l][5] = s[l]
        w64 = [u64((v[l] << 32) | u32(base + l)) for l in range(32)]
        f = [v[l] * 0.5 for l in range(32)]  # exact in binary32 (|v| < 2^20)
        for l in range(32):
            r = res[l]
            r[6] = shfl('idx', v, l, 0)
            r[7] = shfl('idx', v, l, u32(src[l]))
            r[8] = shfl('idx', v, l, u32(src[l]), 16)
            r[9] = shfl('down', v, l, 5, 16)
            r[10] = shfl('up', v, l, 3, 8)
            r[11] = shfl('bfly', v, l, 20)
            r[12] = shfl('bfly', v, l, 9, 8)
            x = shfl('bfly', w64, l, 1)
            r[13] = s32(x)
            r[14] = s32(x >> 32)
            r[15] = s32(int(shfl('down', f, l, 1) * 4))
        for l in range(32):
            out[(base + l) * 16:(base + l) * 16 + 16] = res[l]


SHFL_NAMES = ['down_sum', 'xor_sum', 'down_sum_w8', 'xor_max_w16', 'up_scan',
              'up_scan_w8', 'bcast0', 'idx_src', 'idx_src_w16', 'down5_w16',
              'up3_w8', 'xor20', 'xor9_w8', 'xor1_64.lo', 'xor1_64.hi',
              'down1_f32']


def ballot(lanes, pred):
    m = 0
    for l in lanes:
        if pred(l):
            m |= 1 << l
    return m


def lanemask(lanes):
    return ballot(lanes, lambda l: True)


def m_vote(grid, block, inp, out):
    Bs = bsize(block)
    for base, nl, tbase in warps(grid, block):
        lanes = range(nl)
        p = [inp[base + l] for l in range(nl)]
        o = [[0] * 12 for _ in range(nl)]
        live = lanemask(lanes)
        b0 = ballot(lanes, lambda l: p[l] > 0)
        any0 = int(any(p[l] == 7 for l in lanes))
        all0 = int(all(p[l] >= -50 for l in lanes))
        A = [l for l in lanes if (tbase + l) % 3 == 0]
        E = [l for l in lanes if (tbase + l) % 3 != 0]
        mA, mE = lanemask(A), lanemask(E)
        bA = ballot(A, lambda l: p[l] > 0)
        anyA = int(any(p[l] > 40 for l in A))
        allA = int(all(p[l] > -30 for l in A))
        bE = ballot(E, lambda l: p[l] & 1)
        anyE = int(any(p[l] < -45 for l in E))
        allE = int(all(p[l] != 0 for l in E))
        EM = [l for l in lanes if (tbase + l) % 3 == 0 or l >= 28]
        bEM = ballot(EM, lambda l: p[l] < 0)
        # Lanes 24..31 of warp 1 return before the last three votes.
        R = [l for l in lanes if not (tbase // 32 == 1 and l >= 24)]
        bR = lanemask(R)
        allR = int(all(l < 24 for l in R))
        for l in lanes:
            r = o[l]
            r[0], r[1], r[2], r[3] = b0, any0, all0, live
            if l in A:
                r[4], r[5], r[6], r[7] = mA, bA, anyA, allA
            else:
                r[4], r[5], r[6], r[7] = mE, bE, anyE, allE
            r[8] = bEM if l in EM else SENTINEL
            if l in R:
                r[9], r[10], r[11] = bR, allR, popc(bR)
            else:
                r[9] = r[10] = r[11] = SENTINEL
            out[(base + l) * 12:(base + l) * 12 + 12] = r


VOTE_NAMES = ['ballot', 'any', 'all', 'activemask', 'branch_activemask',
              'branch_ballot', 'branch_any', 'branch_all', 'explicit_mask_ballot',
              'ballot_after_exit', 'all_after_exit', 'popc_activemask_after_exit']


def m_match(grid, block, inp, out):
    assert bsize(block) % 32 == 0
    for base, nl, _ in warps(grid, block):
        x = inp[base:base + 32]
        k0 = [v & 3 for v in x]
        k1 = [s64(cmod(v, 3) << 40) for v in x]
        k2 = [v >> 8 for v in x]
        k4 = [cdiv(v, 1000) for v in x]
        sub = [l for l in range(32) if l % 4 != 3]
        k5 = [v & 1 for v in x]
        for l in range(32):
            r = [ballot(range(32), lambda j: k0[j] == k0[l]),
                 ballot(range(32), lambda j: k1[j] == k1[l])]
            same2 = len(set(k2)) == 1
            r += [FULL if same2 else 0, int(same2)]
            same4 = len(set(k4)) == 1
            r.append(FULL if same4 else 0)
            r.append(ballot(sub, lambda j: k5[j] == k5[l]) if l in sub else SENTINEL)
            out[(base + l) * 6:(base + l) * 6 + 6] = r


MATCH_NAMES = ['any_b32', 'any_b64', 'all_b32', 'all_b32_pred', 'all_b64',
               'any_partial_mask']


def m_redux(grid, block, inp, out):
    assert bsize(block) % 32 == 0
    for base, nl, _ in warps(grid, block):
        x = inp[base:base + 32]
        ux = [u32(v) for v in x]
        xo = 0
        for v in ux:
            xo ^= v
        orr = 0
        andr = FULL
        for l, v in enumerate(ux):
            orr |= v
            andr &= v | l
        for l in range(32):
            r = [u32(sum(ux)), u32(min(x)), u32(max(x)), min(ux), max(ux), orr,
                 andr, u32(xo + (sum(range(20)) if l < 20 else 0))]
            out[(base + l) * 8:(base + l) * 8 + 8] = r


def m_redux_old(grid, block, inp, out):
    for i in range(len(out)):
        out[i] = SENTINEL


REDUX_NAMES = ['add', 'min_s32', 'max_s32', 'min_u32', 'max_u32', 'or', 'and',
               'xor_plus_partial_add']


def m_syncwarp(grid, block, inp, out, rev):
    assert bsize(block) % 32 == 0 and bsize(block) <= 256
    for base, nl, _ in warps(grid, block):
        v = inp[base:base + 32]
        tot = s32(sum(v))
        half = s32(sum(v[:16]))
        for l in range(32):
            out[(base + l) * 8:(base + l) * 8 + 8] = [s32(x) for x in [
                tot, half if l < 16 else v[l] * 2, l, 1 << l,
                (1 << l) - 1, (2 << l) - 1 & FULL, FULL & ~((2 << l) - 1),
                FULL & ~((1 << l) - 1)]]
            rev[base + 31 - l] = v[l]


SYNCWARP_NAMES = ['warp_sum', 'half_sum', 'laneid', 'lanemask_eq', 'lanemask_lt',
                  'lanemask_le', 'lanemask_gt', 'lanemask_ge']


def warp_cases():
    rng = random.Random(7)
    cases = []
    for prefix, G, Bs, mode in [('SHFL', 1, 32, 'lines'), ('SHFL4', 4, 96, 'verify')]:
        n = G * Bs
        v = rand_ints(rng, n, -100000, 100000)
        src = [rng.choice([rng.randint(0, 31), rng.randint(32, 100),
                           rng.randint(-100, -1)]) for _ in range(n)]
        cases.append(Case(
            prefix, 'shfl', G, Bs,
            [Buf('s32', n, FILE(v)), Buf('s32', n, FILE(src)),
             Buf('s32', 16 * n, FILL(-1))],
            m_shfl, 2,
            'Warp shuffles (shfl.sync up/down/bfly/idx) with widths 32, 16 and 8,\n'
            'reductions and scans, out-of-segment sources, a source lane from a\n'
            'register (any int; only its low 5 bits count), 64-bit and float\n'
            'shuffles; %d CTA(s) x %d threads, 16 results per thread.' % (G, Bs),
            mode=mode, per=16, names=SHFL_NAMES))
    for prefix, G, Bs, mode in [('VOTE', 1, 80, 'lines'), ('VOTE3', 3, 128, 'verify'),
                                ('VOTE40', 2, 40, 'verify')]:
        n = G * Bs
        p = [rng.choice([rng.randint(-60, 60), 7, 0, 50, -50]) for _ in range(n)]
        cases.append(Case(
            prefix, 'vote', G, Bs,
            [Buf('s32', n, FILE(p)), Buf('u32', 12 * n)],
            m_vote, 1,
            'Votes (vote.sync ballot/any/all) and activemask in uniform and\n'
            'divergent code (threadIdx.x %% 3 == 0 or not, each branch with\n'
            '__activemask() as the mask), an explicit partial mask, and votes\n'
            'after lanes 24..31 of warp 1 have exited; %d CTA(s) x %d threads%s.' % (
                G, Bs, ' (a partial last warp)' if Bs % 32 else ''),
            mode=mode, per=12, names=VOTE_NAMES))
    n = 64
    x = [rng.choice([rng.randint(0, 5000), 777, 1234]) for _ in range(32)] + \
        [rng.randint(256, 511) for _ in range(32)]
    cases.append(Case(
        'MATCH', 'match', 1, 64,
        [Buf('s32', n, FILE(x)), Buf('u32', 6 * n)],
        m_match, 1,
        'match.any / match.all on 32- and 64-bit keys, and match.any with a\n'
        'partial mask in divergent code; in warp 1 every x >> 8 is 1 (match.all\n'
        'succeeds), in warp 0 not.',
        per=6, names=MATCH_NAMES))
    x = [rng.randint(INT_MIN, INT_MAX) for _ in range(64)] + \
        [rng.randint(-50, 50) for _ in range(32)]
    cases.append(Case(
        'REDUX', 'redux', 1, 96,
        [Buf('s32', 96, FILE(x)), Buf('u32', 8 * 96)],
        m_redux, 1,
        'redux.sync add/min/max (u32 and s32), and/or/xor, and a partial-mask\n'
        'add (sm_80 and sm_90 only: older targets write the sentinel).',
        per=8, names=REDUX_NAMES, archs=lambda sm: sm >= 80))
    cases.append(Case(
        'REDUX75', 'redux', 1, 96,
        [Buf('s32', 96, FILE(x)), Buf('u32', 8 * 96)],
        m_redux_old, 1,
        'The same kernel built for sm_75 (nvcc) and sm_70 (clang) has no\n'
        'redux.sync (#if __CUDA_ARCH__ >= 800): every slot is 0xdeadbeef.',
        archs=lambda sm: sm < 80))
    for prefix, G, Bs, mode in [('SYNCWARP', 1, 64, 'lines'),
                                ('SYNCWARP3', 3, 256, 'verify')]:
        n = G * Bs
        v = rand_ints(rng, n, -1000000, 1000000)
        cases.append(Case(
            prefix, 'syncwarp', G, Bs,
            [Buf('s32', n, FILE(v)), Buf('s32', 8 * n, FILL(-1)), Buf('s32', n)],
            m_syncwarp, 1,
            'Shared-memory warp reductions with __syncwarp() (bar.warp.sync) and\n'
            '__syncwarp(0xffff) in a divergent half warp; %%laneid and the\n'
            '%%lanemask_* registers; %d CTA(s) x %d threads.' % (G, Bs),
            mode=mode, per=8, names=SYNCWARP_NAMES))
    v = rand_ints(rng, 96, -1000, 1000)
    cases.append(Case(
        'REV', 'syncwarp', 1, 96,
        [Buf('s32', 96, FILE(v)), Buf('s32', 8 * 96), Buf('s32', 96, FILL(-1))],
        m_syncwarp, 2,
        'The %laneid-addressed store of syncwarp: rev[warp*32 + 31 - laneid] = v.'))
    return cases


# ----------------------------------------------------------------------------
# coop_groups.cu
# ----------------------------------------------------------------------------


def m_cg_reduce(grid, block, inp, out, blk):
    Bs = bsize(block)
    assert Bs % 32 == 0
    for b in ctas(grid):
        v = inp[b * Bs:b * Bs + Bs]
        total = s32(sum(v))
        blk[b] = total
        for t in range(Bs):
            t16 = v[t - t % 16:t - t % 16 + 16]
            t32 = v[t - t % 32:t - t % 32 + 32]
            out[(b * Bs + t) * 8:(b * Bs + t) * 8 + 8] = [
                s32(sum(t16)), s32(sum(t32)), t % 16 + 100 * (t // 16),
                t % 32 + 100 * (t // 32), total, s32(sum(t16)), s32(sum(t32)),
                max(t16)]


CG_NAMES = ['tile16_sum', 'tile32_sum', 'tile16_ranks', 'tile32_ranks',
            'block_sum', 'tile16_tree_sum', 'reduce_plus_32', 'reduce_greater_16']


def coop_groups_cases():
    rng = random.Random(8)
    cases = []
    for prefix, G, Bs, mode in [('CG64', 1, 64, 'lines'), ('CG96', 3, 96, 'verify'),
                                ('CG1024', 1, 1024, 'verify')]:
        n = G * Bs
        v = rand_ints(rng, n, -1000000, 1000000)
        cases.append(Case(
            prefix, 'cg_reduce', G, Bs,
            [Buf('s32', n, FILE(v)), Buf('s32', 8 * n, FILL(-1)),
             Buf('s32', G, FILL(-1))],
            m_cg_reduce, 1,
            'cooperative_groups: tiled_partition<16> / <32> shfl_down reductions,\n'
            'tile ranks, a block reduction over thread_block.sync(), a\n'
            'shared-memory tree synchronised with tile.sync(), cg::reduce with\n'
            'plus and greater; %d CTA(s) x %d threads.' % (G, Bs),
            mode=mode, per=8, names=CG_NAMES))
        cases.append(Case(
            prefix + 'BLK', 'cg_reduce', G, Bs,
            [Buf('s32', n, FILE(v)), Buf('s32', 8 * n, FILL(-1)),
             Buf('s32', G, FILL(-1))],
            m_cg_reduce, 2,
            'The per-CTA block sums of the same launch (blk[blockIdx.x]).'))
    return cases


# ----------------------------------------------------------------------------
# recursion_calls.cu
# ----------------------------------------------------------------------------


def fib(n):
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a


def tree_sum(a, lo, hi, depth):
    if hi - lo <= 0:
        return 0
    if hi - lo == 1:
        return a[lo] * (depth % 3 + 1)
    mid = lo + (hi - lo) // 2
    return tree_sum(a, lo, mid, depth + 1) + tree_sum(a, mid, hi, depth + 1)


def ack(m, n):
    if m == 0:
        return n + 1
    if n == 0:
        return ack(m - 1, 1)
    return ack(m - 1, ack(m, n - 1))


OPS = [lambda a, b: s32(a + b), lambda a, b: s32(a - b), lambda a, b: s32(a * b),
       lambda a, b: s32((a ^ b) + fib(a & 7))]


def m_calls(grid, block, inp, out, n):
    Bs = bsize(block)
    for b in ctas(grid):
        for t in range(Bs):
            g = b * Bs + t
            if g >= n:
                continue
            x = inp[g]
            assert 0 <= x <= 20
            o = [0] * 12
            o[0] = s64(math.factorial(x))
            o[1] = fib(x % 16)
            o[2] = tree_sum(inp, 0, g + 1, 0)
            o[3] = int((x + g % 16) % 2 == 0)
            o[4] = ack(x % 3, x % 5)
            y = x - 5
            o[5] = s8(y * 3) + y * 1000000007 + s16(y * -7)
            o[6] = y * 1000 + 3 * y
            a = [inp[(g + i) % n] for i in range(8)]
            o[7] = s32(sum(a[i] * (i + x) for i in range(8)))
            o[8] = a[0] + a[7]
            lo = hi = x
            for i in range(4):
                w = inp[(g * 3 + i) % n]
                lo, hi = min(lo, w), max(hi, w)
            o[9] = lo * 1000 + hi
            o[10] = OPS[t % 4](x, g)
            f = OPS[(t + g // 4) % 4]
            acc = g
            for i in range(1, x % 6 + 1):
                acc = f(acc, i)
            o[11] = acc
            out[g * 12:g * 12 + 12] = o


CALLS_NAMES = ['fact', 'fib', 'tree_sum', 'is_even', 'ack', 'struct_ret_ints',
               'struct_ret_floats', 'byval_array', 'caller_copy', 'byval_pair',
               'fnptr_table', 'fnptr_arg']


def recursion_calls_cases():
    rng = random.Random(9)
    cases = []
    x = [0, 1, 2, 3, 12, 20, 19, 15, 5, 7] + [rng.randint(0, 20) for _ in range(30)]
    cases.append(Case(
        'CALLS', 'calls', 2, 32,
        [Buf('s32', 40, x), Buf('s64', 12 * 64, FILL(-1)), S('s32', 40)],
        m_calls, 1,
        'Recursive __noinline__ functions (factorial, fibonacci, a halving\n'
        'tree sum, mutual recursion, Ackermann), a struct returned by value, an\n'
        'array-holding struct and a pair passed by value, indirect calls through\n'
        'a __device__ table of function pointers (index threadIdx.x % 4) and a\n'
        'function pointer passed as an argument. 40 of 64 threads active; the\n'
        'last 24 return at once (their slots keep -1).',
        per=12, names=CALLS_NAMES))
    return cases


# ----------------------------------------------------------------------------
# local_arrays.cu
# ----------------------------------------------------------------------------


def m_local_sort(grid, block, inp, out, n):
    Bs = bsize(block)
    for b in ctas(grid):
        for t in range(Bs):
            g = b * Bs + t
            if g >= n:
                continue
            a = inp[g * 16:g * 16 + 16]
            srt = sorted(a)
            hist = sum((v & 31) for v in a)  # sum of cnt[i] * i
            k = a[0] & 15
            out[g * 18:g * 18 + 18] = srt + [hist, srt[k] ^ k]


def stack_run(prog, x):
    st, sp = [0] * 24, 0
    for pc, op in enumerate(prog):
        if op == 0:
            st[sp] = u32(x + pc)
            sp += 1
        elif op == 1:
            sp -= 1
            st[sp - 1] = u32(st[sp - 1] + st[sp])
        elif op == 2:
            sp -= 1
            st[sp - 1] = u32(st[sp - 1] * st[sp])
        elif op == 3:
            st[sp] = st[sp - 1]
            sp += 1
        elif op == 4:
            st[sp - 1], st[sp - 2] = st[sp - 2], st[sp - 1]
        elif op == 5:
            k = st[sp - 1] & 3
            st[sp] = st[sp - 1 - k] if sp - 1 - k >= 0 else FULL
            sp += 1
        else:
            sp -= 1
            st[sp - 1] = u32(st[sp - 1] - st[sp])
        assert 1 <= sp <= 24, (pc, sp)
    return st[sp - 1], sp


def m_local_stack(grid, block, inp, prog, plen, out, n):
    Bs = bsize(block)
    for b in ctas(grid):
        for t in range(Bs):
            g = b * Bs + t
            if g < n:
                out[g], out[n + g] = stack_run(prog[:plen], inp[g])


def make_prog(rng, length):
    prog, sp = [], 0
    while len(prog) < length:
        ops = []
        if sp < 20:
            ops += [0, 0, 3, 5]
        if sp >= 2:
            ops += [1, 2, 4, 6, 1]
        if sp < 1:
            ops = [0]
        op = rng.choice(ops)
        prog.append(op)
        sp += {0: 1, 3: 1, 5: 1, 1: -1, 2: -1, 6: -1, 4: 0}[op]
    return prog


def local_arrays_cases():
    rng = random.Random(10)
    cases = []
    for prefix, G, Bs, n, mode in [('SORT', 1, 4, 3, 'lines'),
                                   ('SORT50', 2, 32, 50, 'verify')]:
        vals = [rng.choice([rng.randint(-1000, 1000), rng.randint(INT_MIN, INT_MAX)])
                for _ in range(16 * G * Bs)]
        cases.append(Case(
            prefix, 'local_sort', G, Bs,
            [Buf('s32', 16 * G * Bs, FILE(vals)), Buf('s32', 18 * G * Bs, FILL(-1)),
             S('s32', n)],
            m_local_sort, 1,
            'Per-thread bubble sort of 16 ints in a local int a[32] and a local\n'
            'histogram cnt[32] indexed by value & 31 (local memory, data-dependent\n'
            'indices); %d of %d threads active.' % (n, G * Bs),
            mode=mode, per=18,
            names=['sorted[%d]' % i for i in range(16)] + ['hist_sum', 'upper_read']))
    prog = make_prog(rng, 60)
    xs = [rng.getrandbits(32) for _ in range(64)]
    cases.append(Case(
        'STACK', 'local_stack', 2, 32,
        [Buf('u32', 64, FILE(xs)), Buf('u8', 60, prog), S('s32', 60),
         Buf('u32', 128, FILL(1)), S('s32', 64)],
        m_local_stack, 3,
        'A per-thread stack machine on a local unsigned stack[24] (a switch on\n'
        'the opcode, data-dependent stack pointer and pick index): out[g] = the\n'
        'top of stack, out[64 + g] = the final depth.'))
    return cases


# ----------------------------------------------------------------------------
# barrier_stress.cu. Each CTA is a list of per-thread values; every barrier
# separates two list comprehensions.
# ----------------------------------------------------------------------------


def m_loop_barrier(grid, block, out, trips):
    Bs = bsize(block)
    for b in ctas(grid):
        acc = [u32(t + b * 7) for t in range(Bs)]
        for k in range(trips):
            s = acc[:]
            acc = [u32(acc[t] + (s[(t + k + 1) % Bs] ^ k)) for t in range(Bs)]
        out[b * Bs:b * Bs + Bs] = acc


def m_nested_barrier(grid, block, out):
    Bs = bsize(block)
    for b in ctas(grid):
        acc = list(range(Bs))
        for i in range(b % 4 + 1):
            for j in range(3):
                s = acc[:]
                acc = [u32(acc[t] * 3 + s[Bs - 1 - t] + i * 10 + j)
                       for t in range(Bs)]
            acc = [a ^ i for a in acc]
        out[b * Bs:b * Bs + Bs] = acc


def m_two_latch(grid, block, out, n):
    Bs = bsize(block)
    assert n >= 1
    for b in ctas(grid):
        init = out[b * Bs:b * Bs + Bs]
        v = [t * 5 + b for t in range(Bs)]
        k = 0
        while True:
            s = v[:]
            v = [u32(s[(t + 1) % Bs] + k) for t in range(Bs)]
            k += 1
            if k >= n:
                break
            if k % 3 == 1:
                v = [u32(v[t] * 3 + init[t]) for t in range(Bs)]
                continue
            s2 = [v[t] ^ k for t in range(Bs)]
            v = [u32(v[t] + s2[(t + Bs - 1) % Bs]) for t in range(Bs)]
        out[b * Bs:b * Bs + Bs] = v


def m_continue_barrier(grid, block, out, n):
    Bs = bsize(block)
    for b in ctas(grid):
        v = [t * 5 + b for t in range(Bs)]
        for k in range(n):
            s = v[:]
            v = [u32(s[(t + 1) % Bs] + k) for t in range(Bs)]
            if k % 3 == 1:
                continue
            v = [x ^ u32(k * 0x9e3779b9) for x in v]
            if k % 4 == 3:
                continue
            v = [u32(x + 11) for x in v]
        for k in range(n):
            if k % 3 == 2:
                continue
            s = v[:]
            v = [u32(v[t] * 7 + s[(t + Bs - 1) % Bs]) for t in range(Bs)]
        for k in range(n):
            s = v[:]
            v = [u32(s[(t + 3) % Bs] + k) for t in range(Bs)]
            if k % 3 == 1:
                continue
            s = [x ^ k for x in v]
            v = [u32(v[t] + s[(t + Bs - 1) % Bs]) for t in range(Bs)]
        out[b * Bs:b * Bs + Bs] = v


def m_switch_barrier(grid, block, out):
    Bs = bsize(block)
    for b in ctas(grid):
        v = [u32(t + 1000 * b) for t in range(Bs)]
        mode = b % 4
        if mode == 0:
            s = v[:]
            v = [s[Bs - 1 - t] for t in range(Bs)]
        elif mode == 1:
            s = [u32(x * 2) for x in v]
            v = [u32(v[t] + s[(t + 1) % Bs]) for t in range(Bs)]
            s = v[:]
            v = [u32(s[(t + 2) % Bs] + 1) for t in range(Bs)]
        elif mode == 2:
            for k in range(3):
                s = v[:]
                v = [u32(v[t] + s[(t + k) % Bs]) for t in range(Bs)]
        else:
            v = [~x & FULL for x in v]
        out[b * Bs:b * Bs + Bs] = v


def m_early_return(grid, block, out):
    Bs = bsize(block)
    for b in ctas(grid):
        v = [u32((b * Bs + t) * 3) for t in range(Bs)]
        s = v[:]
        v = [s[(t + 5) % Bs] for t in range(Bs)]
        s = [u32(x * 3) for x in v]
        v = [u32(v[t] + s[Bs - 1 - t]) for t in range(Bs)]
        for t in range(Bs):
            if t % 3 == 1:
                out[b * Bs + t] = v[t]
            elif t % 3 == 2:
                out[b * Bs + t] = u32(v[t] + 1)


def m_while_uniform(grid, block, seed, out):
    Bs = bsize(block)
    for b in ctas(grid):
        x = seed[b]
        assert x >= 1
        acc, steps = list(range(Bs)), 0
        while x != 1:
            cur = x
            x = 3 * cur + 1 if cur & 1 else cur // 2
            assert x < 2 ** 32
            s = [u32(a + cur) for a in acc]
            acc = [s[(t + 1) % Bs] for t in range(Bs)]
            steps += 1
        out[b * Bs:b * Bs + Bs] = [u32(a + (steps << 20)) for a in acc]


def m_sync_reduce(grid, block, out):
    Bs = bsize(block)
    for b in ctas(grid):
        cnt = sum(1 for t in range(Bs) if (t * 7 + b) % 5 < 2)
        a = int(all(t < Bs - 1 + b % 2 for t in range(Bs)))
        for t in range(Bs):
            g = b * Bs + t
            out[g * 4:g * 4 + 4] = [cnt, a, 1, 10]


def m_named_bar(grid, block, inp, out):
    assert bsize(block) == 128
    for b in ctas(grid):
        s = [s32(inp[b * 128 + t] * 3) for t in range(64)]
        for t in range(128):
            g = b * 128 + t
            if t < 64:
                out[g] = s32(s[t] + s[t ^ 1])
            else:
                out[g] = s32(s[t - 64] + 1 + (t - 64) * 1000)


def barrier_stress_cases():
    rng = random.Random(11)
    cases = []
    for trips, G, Bs, mode in [(0, 2, 40, 'lines'), (1, 2, 40, 'lines'),
                               (3, 3, 100, 'verify'), (8, 2, 1024, 'verify'),
                               (5, 4, 33, 'lines')]:
        cases.append(Case(
            'LOOP%dB%d' % (trips, Bs), 'loop_barrier', G, Bs,
            [Buf('u32', G * Bs, FILL(7)), S('s32', trips)],
            m_loop_barrier, 0,
            'Loop of %d iteration(s) (a kernel parameter) with two barriers each;\n'
            '%d CTAs x %d threads.' % (trips, G, Bs),
            mode=mode))
    for prefix, G, Bs, mode in [('NESTED', 4, 40, 'lines'),
                                ('NESTED200', 5, 200, 'verify')]:
        cases.append(Case(
            prefix, 'nested_barrier', G, Bs, [Buf('u32', G * Bs)],
            m_nested_barrier, 0,
            'Nested loops with barriers, outer trip count blockIdx.x %% 4 + 1 (differs\n'
            'across CTAs, uniform within one); %d CTAs x %d threads.' % (G, Bs),
            mode=mode))
    for prefix, n, G, Bs, mode in [('TWOLATCH1', 1, 2, 40, 'lines'),
                                   ('TWOLATCH7', 7, 2, 40, 'lines'),
                                   ('TWOLATCH12', 12, 3, 300, 'verify')]:
        init = [rng.getrandbits(32) for _ in range(G * Bs)]
        cases.append(Case(
            prefix, 'two_latch', G, Bs,
            [Buf('u32', G * Bs, FILE(init)), S('s32', n)],
            m_two_latch, 0,
            'Loop with two back edges (a continue that reads out[g], and the fall\n'
            'through after a third barrier) and a mid-loop exit after ++k >= %d;\n'
            '%d CTAs x %d threads, out initialised with random values.' % (n, G, Bs),
            mode=mode))
    for prefix, n, G, Bs, mode in [('CONT6', 6, 2, 40, 'lines'),
                                   ('CONT13', 13, 3, 130, 'verify')]:
        cases.append(Case(
            prefix, 'continue_barrier', G, Bs,
            [Buf('u32', G * Bs), S('s32', n)],
            m_continue_barrier, 0,
            'Uniform continue statements before, between and after barriers in\n'
            'three loops of %d iterations; %d CTAs x %d threads.' % (n, G, Bs),
            mode=mode))
    for prefix, G, Bs, mode in [('SWITCH', 4, 40, 'lines'),
                                ('SWITCH8', 8, 160, 'verify')]:
        cases.append(Case(
            prefix, 'switch_barrier', G, Bs, [Buf('u32', G * Bs)],
            m_switch_barrier, 0,
            'switch (blockIdx.x %% 4) with 1, 3, 2x3 and no barriers in its cases;\n'
            '%d CTAs x %d threads.' % (G, Bs),
            mode=mode))
    for prefix, G, Bs, mode in [('EARLY', 2, 40, 'lines'), ('EARLY3', 3, 333, 'verify')]:
        cases.append(Case(
            prefix, 'early_return', G, Bs, [Buf('u32', G * Bs, FILL(555))],
            m_early_return, 0,
            'Early returns after the last barrier: threadIdx.x %% 3 == 0 write\n'
            'nothing (555 stays), == 1 return after one store; %d CTAs x %d threads.'
            % (G, Bs),
            mode=mode))
    seeds = [1, 6, 7, 9, 27, 2, 3, 16]
    for prefix, G, Bs, mode in [('WHILE', 4, 40, 'lines'), ('WHILE8', 8, 64, 'verify')]:
        cases.append(Case(
            prefix, 'while_uniform', G, Bs,
            [Buf('u32', G, seeds[:G]), Buf('u32', G * Bs)],
            m_while_uniform, 1,
            'while loop with two barriers whose trip count is the Collatz step\n'
            'count of a shared value (seeds %s per CTA: 0 to 111 iterations);\n'
            '%d CTAs x %d threads.' % (', '.join(map(str, seeds[:G])), G, Bs),
            mode=mode))
    for prefix, G, Bs in [('SYNCRED', 3, 40), ('SYNCRED1', 2, 1)]:
        cases.append(Case(
            prefix, 'sync_reduce', G, Bs, [Buf('u32', 4 * G * Bs, FILL(99))],
            m_sync_reduce, 0,
            '__syncthreads_count / _and / _or (bar.red.popc / .and / .or); %d CTAs\n'
            'x %d thread(s).' % (G, Bs),
            per=4, names=['count', 'and', 'or_true', 'or_false_plus_10and']))
    v = rand_ints(rng, 256, -100000, 100000)
    cases.append(Case(
        'NAMED', 'named_bar', 2, 128, [Buf('s32', 256, FILE(v)), Buf('s32', 256)],
        m_named_bar, 1,
        'Named barriers with thread counts: bar.arrive 1, 128 by warps 0-1 and\n'
        'bar.sync 1, 128 by warps 2-3 (producer / consumer), bar.sync 2, 64 and\n'
        'bar.sync 3, 64 within each pair of warps; 2 CTAs x 128 threads.'))
    return cases


# ----------------------------------------------------------------------------
# spinwait.cu
# ----------------------------------------------------------------------------


def m_spin_shared(grid, block, inp, out):
    assert bsize(block) == 64
    for b in ctas(grid):
        for lane in range(32):
            out[b * 64 + lane] = s32(inp[b * 64 + 32 + lane] * 3 + 1)
            out[b * 64 + 32 + lane] = -(lane + 1)


def m_spin_global(grid, block, inp, buf, flags, out):
    assert bsize(block) == 64
    for b in ctas(grid):
        assert flags[b] == 0
        flags[b] = 1
        for lane in range(32):
            buf[b * 32 + lane] = inp[b * 64 + 32 + lane]
            out[b * 64 + lane] = s32(inp[b * 64 + 32 + lane] + 7)
            out[b * 64 + 32 + lane] = lane


def m_ping_pong(grid, block, out, rounds):
    for b in ctas(grid):
        out[b] = s32(sum(k * 3 + (k & 1) for k in range(2 * rounds)))


def m_spin_lanes(grid, block, inp, out):
    assert bsize(block) == 32
    for b in ctas(grid):
        for lane in range(32):
            out[b * 32 + lane] = s32(sum(inp[b * 32 + lane:b * 32 + 32]))


def spinwait_cases():
    rng = random.Random(12)
    cases = []
    v = rand_ints(rng, 256, -100000, 100000)
    cases.append(Case(
        'SHARED', 'spin_shared', 4, 64, [Buf('s32', 256, FILE(v)), Buf('s32', 256)],
        m_spin_shared, 1,
        'Warp 0 spins on a volatile shared flag that lane 0 of warp 1 sets after\n'
        'writing data (no __syncthreads between them); 4 CTAs x 64 threads.'))
    v = rand_ints(rng, 192, -100000, 100000)
    cases.append(Case(
        'GLOBAL', 'spin_global', 3, 64,
        [Buf('s32', 192, FILE(v)), Buf('s32', 96), Buf('s32', 3), Buf('s32', 192)],
        m_spin_global, 3,
        'The same through global memory: __threadfence + atomicExch to set the\n'
        'flag, atomicAdd(flag, 0) to poll it; 3 CTAs x 64 threads.'))
    cases.append(Case(
        'PINGPONG', 'ping_pong', 3, 64, [Buf('s32', 3), S('s32', 25)],
        m_ping_pong, 0,
        'Lane 0 of warp 0 and lane 0 of warp 1 take 50 alternating turns on a\n'
        'volatile shared counter (the other lanes wait at __syncthreads).'))
    return cases


def spinwait_lanes_cases():
    rng = random.Random(13)
    v = rand_ints(rng, 64, -100000, 100000)
    return [Case(
        'LANES', 'spin_lanes', 2, 32, [Buf('s32', 64, FILE(v)), Buf('s32', 64)],
        m_spin_lanes, 1,
        'Inside one warp: lane l spins until lane l + 1 has published a partial\n'
        'sum (a chain from lane 31 down to lane 0), which needs independent\n'
        'forward progress of the lanes of a warp; 2 CTAs x 32 threads.')]


# ----------------------------------------------------------------------------
# Driver
# ----------------------------------------------------------------------------

FAMILIES = [
    ('block_reduce', 'Shared-memory tree reductions with __syncthreads '
     '(block_reduce.cu).', block_reduce_cases),
    ('transpose', 'Tiled shared-memory transposes (transpose.cu).', transpose_cases),
    ('sgemm', 'Tiled SGEMM with 16x16 shared tiles (sgemm.cu).', sgemm_cases),
    ('scan', 'Block-level inclusive scans (scan.cu).', scan_cases),
    ('histogram', 'Histograms with shared and global atomics (histogram.cu).',
     histogram_cases),
    ('atomics', 'Atomic operations with order-independent results (atomics.cu).',
     atomics_cases),
    ('atomics_f16', 'atomicAdd on __half, __half2, __nv_bfloat16, __nv_bfloat162 '
     '(atomics_f16.cu).', atomics_f16_cases),
    ('warp', 'Warp shuffles, votes, match, redux, __syncwarp and lane registers '
     '(warp.cu).', warp_cases),
    ('coop_groups', 'cooperative_groups tiles and block reductions '
     '(coop_groups.cu).', coop_groups_cases),
    ('recursion_calls', 'Recursion, by-value structs, function pointers '
     '(recursion_calls.cu).', recursion_calls_cases),
    ('local_arrays', 'Per-thread local-memory arrays (local_arrays.cu).',
     local_arrays_cases),
    ('barrier_stress', 'Barriers in loops, switches and around early returns '
     '(barrier_stress.cu).', barrier_stress_cases),
    ('spinwait', 'Inter-warp spin-waiting without barriers (spinwait.cu).',
     spinwait_cases),
]
# Tests whose .test name is not the family name: (test, family, title, make).
EXTRA_TESTS = [
    ('spinwait_lanes', 'spinwait', 'Intra-warp spin-waiting, lane after lane '
     '(spin_lanes in spinwait.cu).', spinwait_lanes_cases),
]


def all_tests():
    for family, title, make in FAMILIES:
        yield family, family, title, make
    for test, family, title, make in EXTRA_TESTS:
        yield test, family, title, make


def main(argv):
    if argv[1:2] == ['--verify']:
        if len(argv) != 5:
            print(__doc__)
            return 2
        return verify(argv[2], argv[3], argv[4])
    check = '--check' in argv[1:]
    outputs = {}
    files = {}
    for test, family, title, make in all_tests():
        outputs['%s.test' % test] = render(test, family, title, make(), files)
        if split_clang(test):
            outputs['%s-clang.test' % test] = render(test, family, title, make(),
                                                     files, clang_only=True)
    return update_folder(HERE, outputs, files, check)


if __name__ == '__main__':
    sys.exit(main(sys.argv))
