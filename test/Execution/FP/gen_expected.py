#!/usr/bin/env python3
"""Writes the lit tests (*.test) of test/Execution/FP from models of the kernels.

Every kernel of the *.cu files in this folder is modelled below, instruction
by instruction as nvcc emitted it into Inputs/*.ptx (which rounding modifier,
whether .ftz, which emulation sequence for 16-bit types on older targets).
Correctly rounded results come from fpref.cpp, an MPFR-based oracle that
this script compiles with g++ and that cross-checks every f32/f64 result
against the host FPU under fesetround(); the rest (NaN rules, min/max,
comparisons, saturation, float -> integer clamping, the PTX ISA's special
values and error bounds of the .approx instructions) is written out here from
the PTX ISA. Nothing comes from running ptx-jit.

Expected values are bit patterns. The kernels write into a b16/b32/b64 buffer
filled beforehand with 0x5a5a...; `ptx-jit --print` prints it as unsigned
decimals and fpcheck.py turns those into hex, K results per line, which
FileCheck compares with the lines written here. Arithmetic NaN results are
expected to be the canonical NaN (0x7fff, 0x7fffffff, 0x7fffffffffffffff);
where the ISA leaves the NaN open (neg, abs, copysign of a NaN, widening
conversions of a NaN) any NaN is accepted, and where it leaves the sign of a
zero open (.sat or .relu of -0) both zeros are. -ftz=true builds flush f32
subnormal inputs and results of the .ftz instructions to a zero of the same
sign; elements whose result would be subnormal before rounding and the
smallest normal after it (the ISA does not say whether .ftz flushes those) are
left out of the .ftz tests.

The .approx results of fastmath.cu are checked by fpcheck.py against the
`# BOUND` lines written here: the interval of f32 values that the ISA's error
bound allows around the exact value (computed by fpref.cpp with MPFR), or the
exact special value of the ISA's tables.

Usage:
  gen_expected.py            rewrite the *.test files
  gen_expected.py --check    exit 1 if any of them is out of date
"""

import atexit
import collections
import math
import os
import shutil
import struct
import subprocess
import sys
import tempfile
from fractions import Fraction as Fr

HERE = os.path.dirname(os.path.abspath(__file__))
# The shared package test/Inputs/ptxjit_testgen (float formats, PTX
# conversion rules, test-file writing).
sys.path.insert(0, os.path.join(HERE, os.pardir, os.pardir, 'Inputs'))
sys.dont_write_bytecode = True  # keep the source tree clean
from ptxjit_testgen import floats  # noqa: E402
from ptxjit_testgen.floats import cvt_f2i, round_integral  # noqa: E402
from ptxjit_testgen.ints import u64  # noqa: E402
from ptxjit_testgen.testfile import update_file  # noqa: E402

SMS = (75, 80, 90)

# ----------------------------------------------------------------------------
# Formats (ptxjit_testgen.floats.Fmt), with the NaN inputs of the tests
# ----------------------------------------------------------------------------

F16 = floats.F16.with_nans([0x7fff, 0x7e00, 0xfe01, 0x7c01])
BF16 = floats.BF16.with_nans([0x7fff, 0x7fc0, 0xffc1, 0x7f81])
F32 = floats.F32.with_nans([0x7fffffff, 0x7fc00000, 0xffc00001, 0x7f800001])
# f64 NaN inputs are canonical only: the ISA lets f64 instructions pass NaN
# payloads through, while this project canonicalises; with the canonical NaN
# as input both agree.
F64 = floats.F64.with_nans([0x7fffffffffffffff])

# ----------------------------------------------------------------------------
# The oracle (fpref.cpp)
# ----------------------------------------------------------------------------


class Oracle:
    def __init__(self):
        self.tmp = tempfile.mkdtemp(prefix='fpref.')
        atexit.register(shutil.rmtree, self.tmp, True)
        exe = os.path.join(self.tmp, 'fpref')
        subprocess.check_call(
            [os.environ.get('CXX', 'g++'), '-O1', '-frounding-math',
             '-std=c++17', '-o', exe, os.path.join(HERE, 'fpref.cpp'),
             '-lmpfr', '-lgmp'])
        self.proc = subprocess.Popen([exe], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True)
        self.cache = {}

    def ask(self, line):
        if line not in self.cache:
            self.proc.stdin.write(line + '\n')
            self.proc.stdin.flush()
            ans = self.proc.stdout.readline().strip()
            if not ans:
                sys.exit('fpref failed on: ' + line)
            self.cache[line] = ans
        return self.cache[line]


_oracle = None


def oracle():
    global _oracle
    if _oracle is None:
        _oracle = Oracle()
    return _oracle


def hx(f, b):
    return '%x' % b


def op(name, f, rnd, ftz, *xs):
    """Correctly rounded name(xs) in f: (bits, ambiguous-under-ftz)."""
    ans = oracle().ask('%s %s %s %d %s' % (
        name, f.name, rnd, 1 if ftz else 0, ' '.join(hx(f, x) for x in xs)))
    parts = ans.split()
    return int(parts[0], 16), len(parts) > 1


def cvt(d, s, rnd, ftz, x):
    ans = oracle().ask('cvt %s %s %s %d %x' % (d.name, s.name, rnd,
                                               1 if ftz else 0, x))
    parts = ans.split()
    return int(parts[0], 16), len(parts) > 1


def i2f(d, rnd, v):
    ans = oracle().ask('i2f %s %s 0 %d' % (d.name, rnd, v))
    return int(ans.split()[0], 16)


def approx(fn, kind, k, x, y=0):
    ans = oracle().ask('approx %s f32 %s %s %x %x' % (fn, kind, k, x, y))
    lo, hi = ans.split()
    return int(lo, 16), int(hi, 16)


# ----------------------------------------------------------------------------
# Expected values: exact bits, any NaN, one of a few patterns, or the
# concatenation of narrower ones (a __half2 printed as one 32-bit word).
# ----------------------------------------------------------------------------

AnyNaN = collections.namedtuple('AnyNaN', 'fmt')
Alts = collections.namedtuple('Alts', 'values')
Concat = collections.namedtuple('Concat', 'parts')  # [(exp, digits)], high first


def nonzero_re(n):
    """Regex for n hex digits, not all zero (no {m} counts: FileCheck ends a
    regex at the first '}}')."""
    alts = ['0' * i + '[1-9a-f]' + '[0-9a-f]' * (n - 1 - i) for i in range(n)]
    return '(' + '|'.join(alts) + ')'


def nan_re(f):
    h = '[0-9a-f]'
    if f is F16:
        return '[7f](c%s|[d-f]%s)' % (nonzero_re(2), h * 2)
    if f is BF16:
        return '[7f]f(8%s|[9a-f]%s)' % (nonzero_re(1), h)
    if f is F32:
        return '[7f]f(8%s|[9a-f]%s)' % (nonzero_re(5), h * 5)
    return '[7f]ff%s' % nonzero_re(13)


def render(e, digits):
    """FileCheck pattern for e, without the 0x."""
    if isinstance(e, int):
        return '%0*x' % (digits, e)
    if isinstance(e, AnyNaN):
        assert e.fmt.digits <= digits
        return '0' * (digits - e.fmt.digits) + '{{' + nan_re(e.fmt) + '}}'
    if isinstance(e, Alts):
        vals = sorted(set(e.values))
        if len(vals) == 1:
            return '%0*x' % (digits, vals[0])
        return '{{(' + '|'.join('%0*x' % (digits, v) for v in vals) + ')}}'
    if isinstance(e, Concat):
        assert sum(d for _, d in e.parts) == digits
        return ''.join(render(p, d) for p, d in e.parts)
    raise TypeError(e)


def matches(e, v, digits):
    if isinstance(e, int):
        return e == v
    if isinstance(e, AnyNaN):
        return (v >> e.fmt.bits) == 0 and e.fmt.isnan(v)
    if isinstance(e, Alts):
        return v in e.values
    if isinstance(e, Concat):
        shift = digits * 4
        for p, d in e.parts:
            shift -= d * 4
            if not matches(p, (v >> shift) & ((1 << (d * 4)) - 1), d):
                return False
        return True
    raise TypeError(e)


# ----------------------------------------------------------------------------
# PTX semantics that need no rounding
# ----------------------------------------------------------------------------


def sign_op(f, b, kind, ftz=False):
    """neg / abs (NaN in: any NaN out, as the ISA leaves it unspecified)."""
    if f.isnan(b):
        return AnyNaN(f)
    b = f.flush(b, ftz)
    return b ^ f.sign if kind == 'neg' else b & ~f.sign


def copysign(f, x, y):
    """copysignf(x, y): |x| with the sign of y."""
    if f.isnan(x):
        return AnyNaN(f)
    mag = x & ~f.sign
    if f.isnan(y):  # the sign bit of a NaN: not pinned down by the ISA
        return Alts((mag, mag | f.sign))
    return mag | (y & f.sign)


def less(f, a, b):
    """a < b for non-NaN a, b, with -0 < +0 (min / max)."""
    fa, fb = f.fl(a), f.fl(b)
    if fa != fb:
        return fa < fb
    return f.neg(a) and not f.neg(b)


def minmax(f, a, b, kind, ftz=False, nan=False, equal_gives_a=False):
    """PTX min / max {.ftz} {.NaN}: NaN operands are ignored unless both are
    (or, with .NaN, either is) NaN; the result is then the canonical NaN.
    equal_gives_a: the sm_75 bf16 emulation of __hmin_nan / __hmax_nan picks
    a whenever a <= b (resp. a >= b), so min_nan(+0, -0) is +0."""
    a, b = f.flush(a, ftz), f.flush(b, ftz)
    if nan:
        if f.isnan(a) or f.isnan(b):
            return f.nan
    else:
        if f.isnan(a) and f.isnan(b):
            return f.nan
        if f.isnan(a):
            return b
        if f.isnan(b):
            return a
    if equal_gives_a and f.fl(a) == f.fl(b):
        return a
    if kind == 'min':
        return b if less(f, b, a) else a
    return b if less(f, a, b) else a


def compare(f, a, b, how, ftz=False):
    """setp.<how>: ordered (eq ne lt le gt ge) or unordered (equ neu ltu leu
    gtu geu), num, nan."""
    a, b = f.flush(a, ftz), f.flush(b, ftz)
    unordered = f.isnan(a) or f.isnan(b)
    if how == 'nan':
        return unordered
    if how == 'num':
        return not unordered
    base = how[:-1] if how in ('equ', 'neu', 'ltu', 'leu', 'gtu', 'geu') \
        else how
    if unordered:
        return how.endswith('u')
    x, y = f.fl(a), f.fl(b)
    return {'eq': x == y, 'ne': x != y, 'lt': x < y, 'le': x <= y,
            'gt': x > y, 'ge': x >= y}[base]


def sat(f, b):
    """.sat on a rounded result: [0, 1], NaN -> +0; -0 may stay -0."""
    one = f.enc(1)
    if f.isnan(b):
        return 0
    if f.iszero(b):
        return Alts((0, f.sign)) if f.neg(b) else 0
    if f.neg(b):
        return 0
    if f.isinf(b) or f.value(b) > 1:
        return one
    return b


def relu(f, b):
    """.relu: negative results become +0 (-0 either zero), NaN canonical."""
    if f.isnan(b):
        return f.nan
    if f.iszero(b) and f.neg(b):
        return Alts((0, f.sign))
    return 0 if f.neg(b) else b


def classify_bits(f, b):
    """testp.{finite, infinite, number, notanumber, normal, subnormal}."""
    nan, inf = f.isnan(b), f.isinf(b)
    finite = not nan and not inf
    sub = f.issub(b)
    # 9.7.3.1: "As a special case, positive and negative zero are
    # considered normal numbers."
    normal = finite and not sub
    return (finite << 0 | inf << 1 | (not nan) << 2 | nan << 3 |
            normal << 4 | sub << 5)


def f2i(f, b, irnd, bits, signed, ftz=False):
    """cvt.{rni,rzi,rmi,rpi}.{s,u}<bits>.<f>: clamping; NaN -> 0, or
    1 << (bits - 1) for f64 sources and 64-bit destinations."""
    return cvt_f2i(f.fl(f.flush(b, ftz)), f is F64, bits, signed, irnd)


def rint(f, b, irnd, ftz=False):
    """cvt.{rni,rzi,rmi,rpi}{.ftz}.<f>.<f>: round to an integral value."""
    b = f.flush(b, ftz)
    if f.isnan(b):
        return f.nan
    if f.isinf(b) or f.iszero(b):
        return b
    q = f.value(b)
    v = round_integral(q, irnd)
    return f.sign if (v == 0 and q < 0) else f.enc(v)


def near(f, v):
    """An input value: v itself when representable in f, else the nearest
    double (f64) or the float nearest to that double (f32)."""
    if isinstance(v, (Fr, int)):
        try:
            return f.enc(v)
        except AssertionError:
            v = float(v)
            if f is F32:
                v = struct.unpack('<f', struct.pack('<f', v))[0]
    return f.enc(v)


# ----------------------------------------------------------------------------
# Inputs
# ----------------------------------------------------------------------------


def consts(f):
    c = {}
    c['u'] = Fr(2) ** (1 - f.p)                  # an ulp of 1
    c['h'] = Fr(2) ** (-f.p)                     # half an ulp of 1
    c['minsub'] = Fr(2) ** (f.emin - f.p + 1)
    c['minnorm'] = Fr(2) ** f.emin
    c['maxsub'] = c['minnorm'] - c['minsub']
    c['maxf'] = (2 - c['u']) * Fr(2) ** f.emax
    c['hmax'] = Fr(2) ** (f.emax - f.p)          # half an ulp of maxf
    c['big'] = Fr(2) ** f.emax
    return c


def pairs(f):
    """(a, b) inputs of the binary kernels, in format f."""
    c = consts(f)
    u, h, ms, mn, mx, xs, hm = (c['u'], c['h'], c['minsub'], c['minnorm'],
                                c['maxsub'], c['maxf'], c['hmax'])
    P = 2 ** f.p
    half_e = Fr(2) ** (f.emax // 2 + 1)
    nan = [('nan', k) for k in range(len(f.nans))]
    ps = [
        # ties and near-ties of the last place, both signs
        (1, h), (1 + u, h), (1, h * (1 + u)), (-1, -h), (-1, -h * (1 + u)),
        (1 + u, -h), (P, 1), (P + 2, 1), (-1, 1 + u), (1 + u, 1 - h),
        (1 + u, 1 + u), (1, 3), (2, 3), (-1, 3), (1, -3), (5, 7),
        # exact results, signed zeros
        (1, 1), (1, -1), (2, 1), (1, 2), ('-0', 1), (0, 0), (0, '-0'),
        ('-0', 0), ('-0', '-0'), (Fr(3, 2), Fr(-5, 2)), (3, 3),
        # overflow, in every direction
        (xs, xs), (-xs, -xs), (xs, -xs), (xs, hm), (xs, hm * (1 - h)),
        (-xs, -hm), (xs, 2), (-xs, 2), (xs, Fr(1, 2)), (half_e, half_e),
        (-half_e, half_e), (3, 3 * ms), (1, ms),
        # subnormals and underflow
        (ms, ms), (ms, -ms), (-ms, -ms), (mn, -ms), (mx, ms), (mx, mn),
        (mn, Fr(1, 2)), (-mn, Fr(1, 2)), (ms, Fr(1, 2)), (-ms, Fr(1, 2)),
        (ms, Fr(3, 4)), (mx, 1 + u), (-mn, 1 - h), (mn, 1 + u), (mn, 2),
        (1, xs), (mn, mn), (-mn, mn), (mx, -mx), (-ms, 1),
        # infinities and NaNs
        (1, 0), (-1, 0), (1, '-0'), ('inf', 'inf'), ('inf', '-inf'),
        (0, 'inf'), ('-0', '-inf'), (1, 'inf'), ('-inf', 1), ('inf', 2),
        ('-inf', '-inf'), (1, nan[0]), (nan[-1], nan[0]), ('inf', nan[-1]),
        # for .sat and min / max
        (Fr(1, 2), Fr(1, 2)), (Fr(3, 4), Fr(1, 2)), (Fr(-1, 2), Fr(1, 4)),
        (Fr(1, 4), Fr(1, 2)), (-1, '-0'), ('-inf', 'inf'),
    ]
    ps += [(n, 1) for n in nan]
    return [(f.enc(a), f.enc(b)) for a, b in ps]


def triples(f):
    c = consts(f)
    u, h, ms, mn, mx, xs = (c['u'], c['h'], c['minsub'], c['minnorm'],
                            c['maxsub'], c['maxf'])
    big = c['big']
    nan = [('nan', k) for k in range(len(f.nans))]
    ts = [
        (1 + u, 1 - u, -1), (1, 1, h), (1 + u, 1 + u, 0), (1 + u, 1 + u, -1),
        (-1, 1, 1), (0, -1, 0), ('-0', 1, '-0'), (0, 5, '-0'), (-1, -1, '-0'),
        (xs, 2, -xs), (xs, xs, '-inf'), ('inf', 0, 1), ('inf', 1, '-inf'),
        (nan[0], 1, 1), (1, 1, nan[-1]), (1, 'inf', 'inf'),
        (ms, Fr(1, 2), 0), (ms, Fr(1, 2), '-0'), (-ms, Fr(1, 2), 0),
        (h, h, 1), (1, -1, ms), (1, ms, 1), (-1, ms, -1), (mn, Fr(-1, 2), 0),
        (mn, 1 - h, 0), (1 + u, 3, -3), (xs, 1 + u, -xs), (big, 2, 0),
        (big, 2, -xs), (Fr(1, 2), Fr(1, 2), Fr(1, 2)), (1, 1, Fr(1, 2)),
        (-1, 1, Fr(-1, 2)), (1, 1, -1), (-1, 1, Fr(1, 2)), (mx, 1, ms),
        (3, 5, 7), (mn, mn, '-0'), (-mn, mn, 0),
    ]
    return [(f.enc(a), f.enc(b), f.enc(x)) for a, b, x in ts]


def unary(f):
    c = consts(f)
    u, h, ms, mn, mx, xs, big = (c['u'], c['h'], c['minsub'], c['minnorm'],
                                 c['maxsub'], c['maxf'], c['big'])
    nan = [('nan', k) for k in range(len(f.nans))]
    vs = [0, '-0', 1, -1, 2, 3, -3, 4, Fr(1, 4), 5, 7, 10, 1 + u, 1 - h,
          Fr(1, 2), Fr(-1, 2), Fr(3, 2), ms, -ms, 4 * ms, 3 * ms, mx, -mx,
          mn, -mn, 2 * mn, xs, -xs, 'inf', '-inf', big, big / 2,
          big * (1 + u), big / 2 * (1 + u), big / 2 * (2 - u), mn * (1 + u)]
    vs += nan
    return [near(f, v) for v in vs]


# ----------------------------------------------------------------------------
# Test cases
# ----------------------------------------------------------------------------

Variant = collections.namedtuple('Variant', 'sm ftz fast')
FILL = {16: 0x5a5a, 32: 0x5a5a5a5a, 64: 0x5a5a5a5a5a5a5a5a}


class Arg:
    """A kernel argument: 's32:N', or a buffer of raw bit patterns / ints."""

    def __init__(self, ty, values=None, count=None, fill=None):
        self.ty, self.values, self.count, self.fill = ty, values, count, fill

    def spec(self, n):
        if self.ty == 'n':
            return '--arg=s32:%d' % n
        if self.values is not None:
            if self.ty.startswith('b'):
                digits = int(self.ty[1:]) // 4
                vals = ','.join('0x%0*x' % (digits, v) for v in self.values)
            else:
                vals = ','.join(str(v) for v in self.values)
            return '--arg=%s[%d]=%s' % (self.ty, len(self.values), vals)
        return '--arg=%s[%d]=fill:0x%x' % (self.ty, self.count, self.fill)


class Case:
    """One kernel launch: inputs, output buffer, expected values per sm."""

    def __init__(self, name, kernel, desc, args, width, k, slots,
                 elems, n=None, line_notes=None):
        # elems: [(comment, {sm: [exp * k]}, inputs-tuple)]
        self.name, self.kernel, self.desc = name, kernel, desc
        self.width, self.k, self.slots = width, k, slots
        self.elems = elems
        self.n = len(elems) if n is None else n
        self.args = args
        self.out = Arg('b%d' % width, count=self.k * len(elems),
                       fill=FILL[width])
        self.args = args + [self.out]
        for _, per_sm, _ in elems:
            for sm, exps in per_sm.items():
                assert len(exps) == k, (name, len(exps), k)
                for e in exps:
                    if isinstance(e, str):   # a BOUND spec
                        continue
                    assert not matches(e, FILL[width], width // 4), \
                        (name, 'expected value equals the fill pattern')


def kernel_out_lines(case, sms, ptx):
    """RUN lines and CHECK lines of a case."""
    digits = case.width // 4
    name = case.name
    # Per element: the pattern for each sm.
    rows = []
    for i, (comment, per_sm, _) in enumerate(case.elems):
        pats = {sm: '%d: %s' % (i, ' '.join('0x' + render(e, digits)
                                            for e in per_sm[sm]))
                for sm in sms}
        rows.append((comment, pats))
    # Group the sms by their whole expected output; the prefixes are NAME
    # (lines that all sms share) and NAME_<sms> (lines of one group).
    groups = collections.OrderedDict()
    for sm in sms:
        key = tuple(r[1][sm] for r in rows)
        groups.setdefault(key, []).append(sm)
    group_of = {}
    for key, members in groups.items():
        for sm in members:
            group_of[sm] = name + '_' + '_'.join(str(m) for m in members) \
                if len(groups) > 1 else name
    out = []
    for sm in sms:
        prefixes = [name] if len(groups) == 1 else [name, group_of[sm]]
        out.append('# RUN: ptx-jit %%S/Inputs/%s.sm_%s.ptx %%{%s} \\' %
                   (ptx, sm, name.lower()))
        out.append('# RUN:   | %%python %%S/fpcheck.py hex %d %d \\' %
                   (case.width, case.k))
        out.append('# RUN:   | FileCheck %%s --match-full-lines '
                   '--check-prefixes=%s' % ','.join(prefixes))
    out.append('# Per line: element, then %s' % ', '.join(case.slots))
    first = True
    for comment, pats in rows:
        out.append('# ' + comment)
        suffix = '' if first else '-NEXT'
        distinct = collections.OrderedDict()
        for sm in sms:
            distinct.setdefault(pats[sm], []).append(sm)
        if len(distinct) == 1:
            out.append('# %s%s: %s' % (name, suffix, pats[sms[0]]))
        else:
            for pat, members in distinct.items():
                pre = group_of[members[0]]
                assert all(group_of[m] == pre for m in members)
                out.append('# %s%s: %s' % (pre, suffix, pat))
        first = False
    out.append('# %s-NOT: {{.}}' % name)
    return out


def bounds_lines(case, sms, ptx):
    """RUN lines and BOUND data lines of an .approx case."""
    name = case.name
    out = []
    for sm in sms:
        out.append('# RUN: ptx-jit %%S/Inputs/%s.sm_%s.ptx %%{%s} \\' %
                   (ptx, sm, name.lower()))
        out.append('# RUN:   | %%python %%S/fpcheck.py bounds %%s %s %d \\' %
                   (name, case.k))
        out.append('# RUN:   | FileCheck %%s --match-full-lines '
                   '--check-prefix=%s' % name)
    out.append('# Per element: %s' % ', '.join(case.slots))
    out.append('# (=BITS: exactly; LO:HI: a value in [LO, HI]; *: not '
               'checked)')
    count = 0
    for i, (comment, per_sm, _) in enumerate(case.elems):
        specs = per_sm[sms[0]]
        assert all(per_sm[sm] == specs for sm in sms)
        out.append('# ' + comment)
        out.append('# BOUND %s %d %s' % (name, i, ' '.join(specs)))
        count += sum(1 for s in specs if s != '*')
    out.append('# %s: %s: %d values ok' % (name, name, count))
    return out


def build_elems(inputs, model, variants, comment):
    """Runs model(var, *inp) -> (exps, amb) for every input and variant;
    drops the elements that are ambiguous under .ftz."""
    elems, dropped = [], 0
    for inp in inputs:
        per_sm, amb = {}, False
        for var in variants:
            exps, a = model(var, *inp)
            per_sm[var.sm] = exps
            amb = amb or a
        if amb:
            dropped += 1
            continue
        elems.append((comment(*inp), per_sm, inp))
    return elems, dropped


def variants_of(flavor):
    return [Variant(sm, flavor == 'ftz', flavor == 'fast') for sm in SMS]


def renumber(elems):
    return [('[%d] %s' % (i, c), p, inp) for i, (c, p, inp) in
            enumerate(elems)]


# ----------------------------------------------------------------------------
# farith.cu / darith.cu
# ----------------------------------------------------------------------------

RNDS = ('rn', 'rz', 'rp', 'rm')   # __*_rn, _rz, _ru, _rd
CMP_BITS = ['==', '!=', '<', '<=', '>', '>=', '!(<)', '!(>=)', '!(==)',
            '!(!=)',
            'isnan(a)||isnan(b)', '!isnan(a)&&!isnan(b)', 'isnan(a)',
            'isinf(a)', 'isfinite(a)', 'signbit(a)']


def arith_cases(f, flavor):
    """Cases of farith.cu (f = F32) or darith.cu (f = F64)."""
    variants = variants_of(flavor)
    ftz_ok = f is F32
    t = 'b%d' % f.bits
    sfx = 'f' if f is F32 else 'd'
    cases = []

    def c2(a, b):
        return 'a=%s b=%s' % (f.show(a), f.show(b))

    def c3(a, b, c):
        return 'a=%s b=%s c=%s' % (f.show(a), f.show(b), f.show(c))

    def c1(a):
        return 'a=%s' % f.show(a)

    # rnd2
    def m_rnd2(var, a, b):
        exps, amb = [], False
        for o in ('add', 'sub', 'mul', 'div'):
            for r in RNDS:
                v, x = op(o, f, r, var.ftz and ftz_ok, a, b)
                exps.append(v)
                amb |= x
        return exps, amb
    elems, dropped = build_elems(pairs(f), m_rnd2, variants, c2)
    slots = ['%s.%s' % (o, r) for o in ('add', 'sub', 'mul', 'div')
             for r in RNDS]
    cases.append(Case(
        'RND2', '%s_rnd2' % f.name,
        ['__%s{add,sub,mul,div}_{rn,rz,ru,rd}(a, b): {add,sub,mul,div}.'
         '{rn,rz,rp,rm}%s.%s.' % (sfx, '.ftz' if var_ftz(flavor) else '',
                                  f.name)] + dropped_note(dropped),
        [Arg('n'), Arg(t, [e[2][0] for e in elems]),
         Arg(t, [e[2][1] for e in elems])], f.bits, 16, slots,
        renumber(elems)))

    # fma
    def m_fma(var, a, b, c):
        exps, amb = [], False
        for r in RNDS:
            v, x = op('fma', f, r, var.ftz and ftz_ok, a, b, c)
            exps.append(v)
            amb |= x
        return exps, amb
    elems, dropped = build_elems(triples(f), m_fma, variants, c3)
    cases.append(Case(
        'FMA', '%s_fma' % f.name,
        ['__fma%s_{rn,rz,ru,rd}(a, b, c): fma.{rn,rz,rp,rm}%s.%s, one '
         'rounding.' % ('f' if f is F32 else '',
                        '.ftz' if var_ftz(flavor) else '', f.name)]
        + dropped_note(dropped),
        [Arg('n')] + [Arg(t, [e[2][j] for e in elems]) for j in range(3)],
        f.bits, 4, ['fma.' + r for r in RNDS], renumber(elems)))

    # rnd1
    def m_rnd1(var, a):
        exps, amb = [], False
        ftz = var.ftz and ftz_ok
        for o in ('rcp', 'sqrt'):
            for r in RNDS:
                v, x = op(o, f, r, ftz, a)
                exps.append(v)
                amb |= x
        v, x = op('sqrt', f, 'rn', ftz, a)   # sqrtf: sqrt.rn
        exps.append(v)
        amb |= x
        v, x = op('rcp', f, 'rn', ftz, a)    # 1.0f / x: rcp.rn
        exps.append(v)
        amb |= x
        return exps, amb
    elems, dropped = build_elems([(v,) for v in unary(f)], m_rnd1, variants,
                                 c1)
    cases.append(Case(
        'RND1', '%s_rnd1' % f.name,
        ['__%srcp_{rn,rz,ru,rd}(a), __%ssqrt_{...}(a): rcp / sqrt.'
         '{rn,rz,rp,rm}; sqrt%s(a) (sqrt.rn) and 1 / a (rcp.rn).' %
         (sfx, sfx, 'f' if f is F32 else '')] + dropped_note(dropped),
        [Arg('n'), Arg(t, [e[2][0] for e in elems])], f.bits, 10,
        ['rcp.' + r for r in RNDS] + ['sqrt.' + r for r in RNDS] +
        ['sqrt', '1/a'], renumber(elems)))

    # misc
    def m_misc(var, a, b):
        ftz = var.ftz and ftz_ok
        exps, amb = [], False
        for o in ('add', 'sub', 'mul', 'div'):
            v, x = op(o, f, 'rn', ftz, a, b)
            exps.append(v)
            amb |= x
        exps.append(minmax(f, a, b, 'min', ftz))
        exps.append(minmax(f, a, b, 'max', ftz))
        exps.append(copysign(f, a, b))
        exps.append(sign_op(f, a, 'abs', ftz))
        exps.append(sign_op(f, a, 'neg', ftz))
        if f is F32:
            exps.append(sat(f, f.flush(a, ftz)))
        v, x = op('fma', f, 'rn', ftz, a, b, a)
        exps.append(v)
        amb |= x
        return exps, amb
    elems, dropped = build_elems(pairs(f), m_misc, variants, c2)
    slots = ['a+b', 'a-b', 'a*b', 'a/b', 'fmin', 'fmax', 'copysign(a,b)',
             'fabs(a)', '-a'] + (['__saturatef(a)'] if f is F32 else []) + \
        ['fma(a,b,a)']
    cases.append(Case(
        'MISC', '%s_misc' % f.name,
        ['Operators and math functions: {add,sub,mul}%s.%s (no rounding '
         'modifier), div.rn, min, max, copysign, abs, neg%s, fma.rn.' %
         ('.ftz' if var_ftz(flavor) else '', f.name,
          ', cvt.sat.f32.f32' if f is F32 else ''),
         'min/max ignore a NaN operand (canonical NaN when both are NaN) '
         'and order -0 < +0; abs, neg and copysign of a NaN give some NaN.']
        + dropped_note(dropped),
        [Arg('n'), Arg(t, [e[2][0] for e in elems]),
         Arg(t, [e[2][1] for e in elems])], f.bits, len(slots), slots,
        renumber(elems)))

    # cmp
    def m_cmp(var, a, b):
        ftz = var.ftz and ftz_ok
        r = 0
        # C's != is true for unordered operands (setp.neu).
        for i, how in enumerate(['eq', 'neu', 'lt', 'le', 'gt', 'ge']):
            r |= compare(f, a, b, how, ftz) << i
        r |= (not compare(f, a, b, 'lt', ftz)) << 6
        r |= (not compare(f, a, b, 'ge', ftz)) << 7
        r |= (not compare(f, a, b, 'eq', ftz)) << 8
        r |= (not compare(f, a, b, 'neu', ftz)) << 9
        r |= (f.isnan(a) or f.isnan(b)) << 10
        r |= (not f.isnan(a) and not f.isnan(b)) << 11
        r |= f.isnan(a) << 12
        r |= f.isinf(a) << 13
        r |= (not f.isnan(a) and not f.isinf(a)) << 14
        r |= f.neg(a) << 15
        return [r], False
    elems, _ = build_elems(pairs(f), m_cmp, variants, c2)
    cases.append(Case(
        'CMP', '%s_cmp' % f.name,
        ['Comparisons (setp.{eq,ne,lt,le,gt,ge,ltu,geu,neu,gtu}%s.%s) and '
         'isnan / isinf / isfinite (abs + setp), one bit each; bit 0 up: '
         % ('.ftz' if var_ftz(flavor) else '', f.name) +
         ', '.join(CMP_BITS) + '.'],
        [Arg('n'), Arg(t, [e[2][0] for e in elems]),
         Arg(t, [e[2][1] for e in elems])], 32, 1, ['bits'],
        renumber(elems)))

    # testp
    def m_testp(var, a):
        return [classify_bits(f, a)], False
    elems, _ = build_elems([(v,) for v in unary(f)], m_testp, variants, c1)
    cases.append(Case(
        'TESTP', '%s_testp' % f.name,
        ['testp.{finite,infinite,number,notanumber,normal,subnormal}.%s '
         '(inline PTX; never .ftz), bits 0 to 5.' % f.name],
        [Arg('n'), Arg(t, [e[2][0] for e in elems])], 32, 1, ['bits'],
        renumber(elems)))
    return cases


def var_ftz(flavor):
    return flavor == 'ftz'


def dropped_note(n):
    if not n:
        return []
    return ['(%d input%s left out: a result that is subnormal before rounding '
            'and the smallest normal after it, which .ftz may or may not '
            'flush.)' % (n, 's' if n > 1 else '')]


# ----------------------------------------------------------------------------
# fcvt.cu
# ----------------------------------------------------------------------------

IRND = ('rni', 'rzi', 'rpi', 'rmi')   # _rn _rz _ru _rd
INT_DSTS = (('s32', 32, True), ('u32', 32, False), ('s64', 64, True),
            ('u64', 64, False))


def f32_cvt_inputs():
    f = F32
    c = consts(f)
    vs = [0, '-0', Fr(1, 2), Fr(-1, 2), Fr(3, 2), Fr(-3, 2), Fr(5, 2),
          Fr(-5, 2), Fr(7, 2), Fr(-7, 2), 1, -1, Fr(15, 4), Fr(-15, 4),
          Fr(1, 2) - Fr(2) ** -25, Fr(1, 2) + Fr(2) ** -24,
          -(Fr(1, 2) + Fr(2) ** -24), Fr(3, 2) - Fr(2) ** -23, Fr(1, 4),
          Fr(-1, 4), Fr(3, 4), Fr(-3, 4),
          c['minsub'], -c['minsub'], c['maxsub'], c['minnorm'],
          2 ** 23 - Fr(1, 2), -(2 ** 23 - Fr(1, 2)), 2 ** 23, 2 ** 23 + 1,
          2 ** 24 - 1, 2 ** 31 - 128, 2 ** 31, -2 ** 31, -2 ** 31 - 256,
          2 ** 32 - 256, 2 ** 32, 2 ** 63 - 2 ** 39, 2 ** 63, -2 ** 63,
          -2 ** 63 - 2 ** 40, 2 ** 64 - 2 ** 40, 2 ** 64, c['maxf'],
          -c['maxf'], 'inf', '-inf', 123456, Fr(-1234567, 8)]
    vs += [('nan', k) for k in range(len(f.nans))]
    return [near(f, v) for v in vs]


def f64_cvt_inputs():
    f = F64
    c = consts(f)
    vs = [0, '-0', Fr(1, 2), Fr(-1, 2), Fr(3, 2), Fr(5, 2), Fr(-5, 2),
          Fr(7, 2), Fr(-7, 2), Fr(1, 2) - Fr(2) ** -54, Fr(-2, 5) + 0,
          Fr(2, 5), Fr(-3, 5), Fr(3, 5), 2 ** 31 - Fr(1, 2),
          2 ** 31 - Fr(1, 4), 2 ** 31 - 1, 2 ** 31, -2 ** 31 - Fr(1, 2),
          -2 ** 31 - Fr(1, 4), -2 ** 31 - Fr(3, 4), -2 ** 31 - 1,
          2 ** 32 - Fr(1, 2), 2 ** 32 - Fr(3, 4), 2 ** 32, 2 ** 52 - Fr(1, 2),
          2 ** 63 - 1024, 2 ** 63, -2 ** 63, -2 ** 63 - 2048,
          2 ** 64 - 2048, 2 ** 64, c['minsub'], -c['minsub'], c['maxf'],
          -c['maxf'], 'inf', '-inf', 10 ** 10 + Fr(1, 2), 1]
    vs += [('nan', 0)]
    return [near(f, Fr(v) if isinstance(v, int) else v) for v in vs]


def int_inputs():
    vs = [0, 1, -1, 7, 16777217, 16777219, 16777218, 33554435, 2147483647,
          -2147483648, -2147483647, 2147483584, 2147483520 + 64, 4294967295,
          4294967296 + 1, 4294967296 * 3 + 2147483649,
          9007199254740993, 9007199254740995, -9007199254740993,
          2 ** 63 - 1, -2 ** 63, 2 ** 63 - 2 ** 39, 2 ** 63 - 2 ** 39 + 1,
          2 ** 63 - 2 ** 38, 2 ** 63 - 2 ** 38 - 1, -2 ** 63 + 2 ** 39,
          (2 ** 63 + 2 ** 39) - 2 ** 64, (2 ** 64 - 2048) - 2 ** 64,
          (2 ** 64 - 1024) - 2 ** 64, (2 ** 64 - 1025) - 2 ** 64,
          12345678901, -12345678901, 0x100000001, 0x1234567890abcdef]
    return vs


def fcvt_cases(flavor):
    variants = variants_of(flavor)
    ftz_note = '.ftz' if flavor == 'ftz' else ''
    cases = []

    # f2i / d2i
    for f, kname, cname, inputs in ((F32, 'f2i', 'F2I', f32_cvt_inputs()),
                                    (F64, 'd2i', 'D2I', f64_cvt_inputs())):
        def m(var, a, f=f):
            ftz = var.ftz and f is F32
            exps = []
            for ty, bits, signed in INT_DSTS:
                for r in IRND:
                    exps.append(u64(f2i(f, a, r, bits, signed, ftz)))
            return exps, False
        elems, _ = build_elems([(v,) for v in inputs], m, variants,
                               lambda a, f=f: 'a=%s' % f.show(a))
        cases.append(Case(
            cname, kname,
            ['__%s2{int,uint,ll,ull}_{rn,rz,ru,rd}: cvt.{rni,rzi,rpi,rmi}%s.'
             '{s32,u32,s64,u64}.%s; 32-bit results sign- / zero-extended.'
             % ('float' if f is F32 else 'double',
                ftz_note if f is F32 else '', f.name),
             'Out-of-range values clamp; NaN gives 0 for 32-bit results of '
             'f32, else 1 << (width - 1).'],
            [Arg('n'), Arg('b%d' % f.bits, [e[2][0] for e in elems])], 64,
            16, ['%s.%s' % (ty, r) for ty, _, _ in INT_DSTS for r in IRND],
            renumber(elems)))

    # i2f
    ints = int_inputs()

    def m_i2f(var, v):
        exps = []
        lo = v & 0xffffffff
        srcs = [lo - (1 << 32) if lo >> 31 else lo, lo, v, u64(v)]
        for s in srcs:
            for r in ('rn', 'rz', 'rp', 'rm'):
                exps.append(i2f(F32, r, s))
        return exps, False
    elems, _ = build_elems([(v,) for v in ints], m_i2f, variants,
                           lambda v: 'a=%d (low half %d)' % (
                               v, (v & 0xffffffff) - ((v & 0x80000000) << 1)))
    cases.append(Case(
        'I2F', 'i2f',
        ['__{int,uint,ll,ull}2float_{rn,rz,ru,rd}: cvt.{rn,rz,rp,rm}.f32.'
         '{s32,u32,s64,u64}; the 32-bit conversions take the low half of a.'],
        [Arg('n'), Arg('s64', [e[2][0] for e in elems])], 32, 16,
        ['%s.%s' % (s, r) for s in ('s32', 'u32', 's64', 'u64')
         for r in ('rn', 'rz', 'rp', 'rm')], renumber(elems)))

    def m_i2d(var, v):
        lo = v & 0xffffffff
        exps = [i2f(F64, 'rn', lo - (1 << 32) if lo >> 31 else lo),
                i2f(F64, 'rn', lo)]
        for s in (v, u64(v)):
            for r in ('rn', 'rz', 'rp', 'rm'):
                exps.append(i2f(F64, r, s))
        return exps, False
    elems, _ = build_elems([(v,) for v in ints], m_i2d, variants,
                           lambda v: 'a=%d' % v)
    cases.append(Case(
        'I2D', 'i2d',
        ['__int2double_rn, __uint2double_rn (cvt.rn.f64.{s32,u32}, exact), '
         '__{ll,ull}2double_{rn,rz,ru,rd} (cvt.{rn,rz,rp,rm}.f64.{s64,u64}).'],
        [Arg('n'), Arg('s64', [e[2][0] for e in elems])], 64, 10,
        ['s32.rn', 'u32.rn'] + ['%s.%s' % (s, r) for s in ('s64', 'u64')
                                for r in ('rn', 'rz', 'rp', 'rm')],
        renumber(elems)))

    # d2f
    def d2f_inputs():
        f = F64
        vs = [Fr(1, 10), Fr(1, 3), Fr(10) ** 39, -Fr(10) ** 39,
              (2 - Fr(2) ** -24) * Fr(2) ** 127,
              (2 - Fr(2) ** -24 - Fr(2) ** -52) * Fr(2) ** 127,
              (2 - Fr(2) ** -23) * Fr(2) ** 127, Fr(10) ** -40,
              Fr(10) ** -46, Fr(2) ** -150, Fr(2) ** -150 + Fr(2) ** -200,
              -Fr(2) ** -150, Fr(3) * Fr(2) ** -150, '-0', 'inf', '-inf',
              16777217, Fr(16777217) + Fr(2) ** -28, 1 + Fr(2) ** -24,
              -(1 + Fr(2) ** -24), Fr(2) ** -126 - Fr(2) ** -160,
              Fr(2) ** -126 - Fr(2) ** -150, Fr(2) ** -127 + Fr(2) ** -151,
              Fr(10) ** 300, -Fr(10) ** 300, Fr(10) ** -300,
              -Fr(10) ** -300, 123456789, ('nan', 0),
              (2 - Fr(2) ** -23 + Fr(2) ** -30) * Fr(2) ** 127]
        return [near(f, v) for v in vs]

    def m_d2f(var, a):
        exps, amb = [], False
        for r in ('rn', 'rz', 'rp', 'rm', 'rn'):
            v, x = cvt(F32, F64, r, var.ftz, a)
            exps.append(v)
            amb |= x
        return exps, amb
    elems, dropped = build_elems([(v,) for v in d2f_inputs()], m_d2f,
                                 variants, lambda a: 'a=%s' % F64.show(a))
    cases.append(Case(
        'D2F', 'd2f',
        ['__double2float_{rn,rz,ru,rd} and (float)a: cvt.{rn,rz,rp,rm}%s.'
         'f32.f64 (overflow to inf or the largest float as the direction '
         'says, subnormal results%s).' % (
             ftz_note, ' flushed' if flavor == 'ftz' else '')]
        + dropped_note(dropped),
        [Arg('n'), Arg('b64', [e[2][0] for e in elems])], 32, 5,
        ['rn', 'rz', 'rp', 'rm', '(float)'], renumber(elems)))

    # fround: the float results, then (double)a
    fr_in = f32_cvt_inputs() + [near(F32, v) for v in (
        Fr(5, 2) - Fr(2) ** -22, Fr(10) ** 30 // 1, 2 ** 30 + 64)]

    def m_fround(var, a):
        f = F32
        ftz = var.ftz
        exps = [rint(f, a, 'rni'), rint(f, a, 'rzi'),
                rint(f, a, 'rmi', ftz), rint(f, a, 'rpi', ftz)]
        # roundf: add.rz{.ftz}(a, copysign(0.5, a)), then cvt.rzi.f32.f32
        half = f.enc(Fr(1, 2)) | (a & f.sign)
        if f.isnan(a):
            t = f.nan
            amb = False
        else:
            t, amb = op('add', f, 'rz', ftz, a, half)
        exps.append(rint(f, t, 'rzi'))
        exps.append(rint(f, a, 'rni'))     # nearbyintf
        return exps, amb
    elems, _ = build_elems([(v,) for v in fr_in], m_fround, variants,
                           lambda a: 'a=%s' % F32.show(a))
    cases.append(Case(
        'FROUND', 'fround',
        ['rintf (cvt.rni.f32.f32), truncf (cvt.rzi.f32.f32), floorf '
         '(cvt.rmi%s.f32.f32), ceilf (cvt.rpi%s.f32.f32), roundf '
         '(add.rz%s.f32 of copysign(0.5, a), then cvt.rzi), nearbyintf.'
         % (ftz_note, ftz_note, ftz_note)],
        [Arg('n'), Arg('b32', [e[2][0] for e in elems]),
         Arg('b64', count=len(elems), fill=FILL[64])], 32, 6,
        ['rintf', 'truncf', 'floorf', 'ceilf', 'roundf', 'nearbyintf'],
        renumber(elems)))

    def m_f2d(var, a):
        b = F32.flush(a, var.ftz)
        if F32.isnan(b):
            return [AnyNaN(F64)], False
        v, _ = cvt(F64, F32, 'rn', False, b)
        return [v], False
    elems, _ = build_elems([(v,) for v in fr_in], m_f2d, variants,
                           lambda a: 'a=%s' % F32.show(a))
    c = Case('F2D', 'fround',
             ['(double)a: cvt%s.f64.f32, exact%s (a NaN gives some NaN).'
              % (ftz_note, '; subnormal inputs flushed' if flavor == 'ftz'
                 else '')],
             [Arg('n'), Arg('b32', [e[2][0] for e in elems])], 64, 1,
             ['(double)a'], renumber(elems))
    # fround(n, a, wide, out): print the wide buffer (argument 2).
    c.args = [Arg('n'), Arg('b32', [e[2][0] for e in elems]), c.out,
              Arg('b32', count=6 * len(elems), fill=FILL[32])]
    c.print_index = 2
    cases.append(c)

    # dround
    def dr_inputs():
        f = F64
        vs = [0, '-0', Fr(1, 2), Fr(-1, 2), Fr(3, 2), Fr(5, 2), Fr(-5, 2),
              Fr(1, 2) - Fr(2) ** -54, -(Fr(1, 2) - Fr(2) ** -54),
              2 ** 52 - Fr(1, 2), -(2 ** 52 - Fr(1, 2)), 2 ** 52 + 1,
              2 ** 53 - 1, Fr(-1, 4), Fr(-3, 4), Fr(7, 2), Fr(-7, 2),
              consts(f)['minsub'], -consts(f)['minsub'], 'inf', '-inf',
              Fr(10) ** 300, ('nan', 0), Fr(5, 2) - Fr(2) ** -51]
        return [near(f, v) for v in vs]

    def m_dround(var, a):
        f = F64
        exps = [rint(f, a, r) for r in ('rni', 'rzi', 'rmi', 'rpi')]
        half = f.enc(Fr(1, 2)) | (a & f.sign)
        t = f.nan if f.isnan(a) else op('add', f, 'rz', False, a, half)[0]
        exps.append(rint(f, t, 'rzi'))
        return exps, False
    elems, _ = build_elems([(v,) for v in dr_inputs()], m_dround, variants,
                           lambda a: 'a=%s' % F64.show(a))
    cases.append(Case(
        'DROUND', 'dround',
        ['rint, trunc, floor, ceil (cvt.{rni,rzi,rmi,rpi}.f64.f64), round '
         '(add.rz.f64 of copysign(0.5, a), then cvt.rzi.f64.f64).'],
        [Arg('n'), Arg('b64', [e[2][0] for e in elems])], 64, 5,
        ['rint', 'trunc', 'floor', 'ceil', 'round'], renumber(elems)))
    return cases


# ----------------------------------------------------------------------------
# half.cu / bf16.cu
# ----------------------------------------------------------------------------


def arith16_inputs(f):
    """(a, b, c) triples: the binary pairs with a rotating c, then the fma
    triples; an even count (the x2 kernels take them two at a time)."""
    zs = [f.enc(v) for v in (0, '-0', 1, -1, Fr(1, 2), 'inf')]
    ins = [(a, b, zs[i % len(zs)]) for i, (a, b) in enumerate(pairs(f))]
    ins += triples(f)
    if len(ins) % 2:
        ins.append((f.enc(1), f.enc(1), f.enc(1)))
    return ins


def pack2(lo, hi):
    """The 32-bit word of a __half2 / __nv_bfloat162 (expected values)."""
    return Concat([(hi, 4), (lo, 4)])


def half_arith(f, var, a, b, c, two=False):
    """Slots of h_arith / b_arith (two: of the x2 kernels)."""
    add = op('add', f, 'rn', False, a, b)[0]
    sub = op('sub', f, 'rn', False, a, b)[0]
    mul = op('mul', f, 'rn', False, a, b)[0]
    fma = op('fma', f, 'rn', False, a, b, c)[0]
    bf75 = f is BF16 and var.sm < 80
    r = {}
    r['add'], r['sub'], r['mul'] = add, sub, mul
    r['fma'] = 0xdead if bf75 else fma
    r['fma_relu'] = 0xdead if bf75 else relu(f, fma)
    r['add_sat'], r['sub_sat'], r['mul_sat'], r['fma_sat'] = \
        sat(f, add), sat(f, sub), sat(f, mul), sat(f, fma)
    r['neg'] = sign_op(f, a, 'neg')
    r['abs'] = sign_op(f, a, 'abs')
    r['min'] = minmax(f, a, b, 'min')
    r['max'] = minmax(f, a, b, 'max')
    r['min_nan'] = minmax(f, a, b, 'min', nan=True, equal_gives_a=bf75)
    r['max_nan'] = minmax(f, a, b, 'max', nan=True, equal_gives_a=bf75)
    r['add_rn'] = add
    return r


H_SLOTS = ['add', 'sub', 'mul', 'fma', 'fma_relu', 'add_sat', 'sub_sat',
           'mul_sat', 'fma_sat', 'neg', 'abs', 'min', 'max', 'min_nan',
           'max_nan', 'add_rn']
H2_SLOTS = ['add', 'sub', 'mul', 'fma', 'fma_relu', 'add_sat', 'sub_sat',
            'mul_sat', 'fma_sat', 'neg', 'abs', 'min', 'max', 'min_nan',
            'max_nan']
B_SLOTS = ['add', 'sub', 'mul', 'fma', 'fma_relu', 'neg', 'abs', 'min', 'max',
           'min_nan', 'max_nan', 'add_rn']
B2_SLOTS = ['add', 'sub', 'mul', 'fma', 'fma_relu', 'neg', 'abs', 'min',
            'max', 'min_nan', 'max_nan']
H_CMP = ['eq', 'ne', 'lt', 'le', 'gt', 'ge', 'equ', 'neu', 'ltu', 'leu',
         'gtu', 'geu']


def half_cases(f):
    variants = variants_of('')
    t = 'b16'
    is_h = f is F16
    P = 'H' if is_h else 'B'
    kp = 'h' if is_h else 'b'
    ty = '__half' if is_h else '__nv_bfloat16'
    slots1 = H_SLOTS if is_h else B_SLOTS
    slots2 = H2_SLOTS if is_h else B2_SLOTS
    cases = []
    ins = arith16_inputs(f)

    def c3(a, b, c):
        return 'a=%s b=%s c=%s' % (f.show(a), f.show(b), f.show(c))

    def m1(var, a, b, c):
        r = half_arith(f, var, a, b, c)
        return [r[s] for s in slots1], False
    elems, _ = build_elems(ins, m1, variants, c3)
    cases.append(Case(
        P + 'ARITH', kp + '_arith',
        ['%s arithmetic: %s.' % (ty, ', '.join('__h' + s for s in slots1)),
         'Correctly rounded (rn); .sat clamps to [0, 1] (NaN -> +0), .relu '
         'negative results to +0, the .NaN min / max give the canonical NaN.'
         + ('' if is_h else ' sm_75 has no bf16 __hfma: the kernel writes '
            '0xdead; its __hmin_nan / __hmax_nan emulation returns a when '
            'a <= b (a >= b), so +0 and -0 come out in operand order.')],
        [Arg('n')] + [Arg(t, [e[2][j] for e in elems]) for j in range(3)],
        16, len(slots1), slots1, renumber(elems)))

    # x2: element j = inputs 2j (low) and 2j + 1 (high)
    def m2(var, lo, hi):
        r1 = half_arith(f, var, *lo)
        r2 = half_arith(f, var, *hi)
        out = []
        for s in slots2:
            x, y = r1[s], r2[s]
            if not is_h and var.sm < 80 and s in ('fma', 'fma_relu'):
                x, y = 0xdead, 0xbeef
            out.append(pack2(x, y))
        return out, False
    pairs2 = [(ins[2 * j], ins[2 * j + 1]) for j in range(len(ins) // 2)]
    elems2, _ = build_elems(pairs2, m2, variants,
                            lambda lo, hi: 'inputs 2j, 2j+1 of %sARITH' % P)
    elems2 = [('[%d] = %sARITH [%d] (low), [%d] (high)' % (j, P, 2 * j,
                                                           2 * j + 1), p, i)
              for j, (_, p, i) in enumerate(elems2)]
    flat = [x for pr in pairs2 for x in pr]
    cases.append(Case(
        P + '2ARITH', kp + '2_arith',
        ['%s2 arithmetic: %s; each line a 32-bit word per result (high half '
         '= element 2j + 1).' % (ty, ', '.join(slots2))]
        + ([] if is_h else ['sm_75: 0xbeefdead for the fma slots.']),
        [Arg('n')] + [Arg(t, [x[j] for x in flat]) for j in range(3)],
        32, len(slots2), slots2, elems2, n=len(pairs2)))

    # comparisons
    prs = pairs(f)
    if len(prs) % 2:
        prs.append((f.enc(1), f.enc(1)))

    def mc(var, a, b):
        r = 0
        for i, how in enumerate(H_CMP):
            r |= compare(f, a, b, how) << i
        r |= f.isnan(a) << 12
        r |= f.isinf(a) << 13
        r |= (f.isinf(a) and f.neg(a)) << 14
        return [r], False
    elems, _ = build_elems(prs, mc, variants,
                           lambda a, b: 'a=%s b=%s' % (f.show(a), f.show(b)))
    cases.append(Case(
        P + 'CMP', kp + '_cmp',
        ['%s comparisons __h{%s}, bits 0 to 11, then __hisnan(a), '
         '__hisinf(a) != 0, __hisinf(a) < 0.' % (ty, ','.join(H_CMP))],
        [Arg('n'), Arg(t, [e[2][0] for e in elems]),
         Arg(t, [e[2][1] for e in elems])], 32, 1, ['bits'],
        renumber(elems)))

    one = f.enc(1)
    if is_h:
        set_ops = ['eq', 'ne', 'lt', 'gt', 'ltu', 'geu']
        b_ops = ['eq', 'ne', 'lt', 'geu', 'equ']
    else:
        set_ops = ['eq', 'lt', 'gt', 'geu']
        b_ops = ['eq', 'lt', 'geu']

    def mc2(var, lo, hi):
        out = []
        for how in set_ops:
            out.append(pack2(one if compare(f, lo[0], lo[1], how) else 0,
                             one if compare(f, hi[0], hi[1], how) else 0))
        r = 0
        for i, how in enumerate(b_ops):
            r |= (compare(f, lo[0], lo[1], how) and
                  compare(f, hi[0], hi[1], how)) << i
        return out + [r], False
    p2 = [(prs[2 * j], prs[2 * j + 1]) for j in range(len(prs) // 2)]
    elems2, _ = build_elems(p2, mc2, variants, lambda lo, hi: '')
    elems2 = [('[%d] = %sCMP [%d] (low), [%d] (high)' % (j, P, 2 * j,
                                                         2 * j + 1), p, i)
              for j, (_, p, i) in enumerate(elems2)]
    flat = [x for pr in p2 for x in pr]
    cases.append(Case(
        P + '2CMP', kp + '2_cmp',
        ['%s2 comparisons __h{%s}2 (1.0 or 0.0 per half), then __hb{%s}2 '
         '(both halves) as bits.' % (ty, ','.join(set_ops), ','.join(b_ops))],
        [Arg('n'), Arg(t, [x[0] for x in flat]),
         Arg(t, [x[1] for x in flat])], 32, len(set_ops) + 1,
        ['__h%s2' % s for s in set_ops] + ['bits'], elems2, n=len(p2)))

    # float / double -> 16 bits
    def from_inputs():
        g = F32
        mn = Fr(2) ** f.emin
        msub = Fr(2) ** (f.emin - f.p + 1)
        mx = (2 - Fr(2) ** (1 - f.p)) * Fr(2) ** f.emax
        hm = Fr(2) ** (f.emax - f.p)
        ulp1 = Fr(2) ** (1 - f.p)
        fl = [0, '-0', 1, -1, 1 + ulp1 / 2, 1 + ulp1 / 2 + Fr(2) ** -23,
              1 + 3 * ulp1 / 2, -(1 + 3 * ulp1 / 2), 1 + ulp1 / 4,
              mx, mx + hm, -(mx + hm), mx + hm - hm / 2 ** 10,
              msub, msub / 2, msub / 2 + msub / 2 ** 10, -msub / 2,
              3 * msub / 4, msub * Fr(3, 2), mn, mn - msub / 2,
              Fr(2) ** -149, -Fr(2) ** -149, 'inf', '-inf',
              (2 - Fr(2) ** -23) * Fr(2) ** 127, -(2 - Fr(2) ** -23) *
              Fr(2) ** 127, Fr(1, 2) ** 2 * 3, Fr(13421773, 2 ** 27)]
        if is_h:
            fl += [65536, 100000, Fr(1, 3) + 0]
        fl = [v for v in fl if not (isinstance(v, Fr) and
                                    abs(v) > consts(g)['maxf'])]
        out = [near(g, v) for v in fl]
        out += [g.enc(('nan', k)) for k in range(len(g.nans))]
        return out
    f_in = from_inputs()
    d_vals = [Fr(1, 3), 1 + Fr(2) ** (-f.p) + Fr(2) ** -40,
              1 + Fr(2) ** (-f.p), Fr(2) ** (f.emin - f.p) + Fr(2) ** -200,
              Fr(2) ** (f.emin - f.p), -Fr(2) ** (f.emin - f.p) -
              Fr(2) ** -200, Fr(10) ** 39, Fr(10) ** -50, -Fr(10) ** -50,
              '-0', 'inf', ('nan', 0), (2 - Fr(2) ** (1 - f.p)) *
              Fr(2) ** f.emax + Fr(2) ** (f.emax - f.p) - Fr(2) ** -30 *
              Fr(2) ** f.emax, 12345, Fr(-7, 3), 65504 + 16 + Fr(1, 64)]
    d_in = [near(F64, v) for v in d_vals]
    d_in = (d_in * ((len(f_in) + len(d_in) - 1) // len(d_in)))[:len(f_in)]

    def mf(var, x, d):
        out = [cvt(f, F32, r, False, x)[0] for r in
               ('rn', 'rn', 'rz', 'rm', 'rp')]
        nx = x ^ F32.sign
        out += [cvt(f, F32, 'rn', False, x)[0],
                cvt(f, F32, 'rn', False, nx)[0],
                cvt(f, F64, 'rn', False, d)[0]]
        return out, False
    elems, _ = build_elems(list(zip(f_in, d_in)), mf, variants,
                           lambda x, d: 'a=%s d=%s' % (F32.show(x),
                                                      F64.show(d)))
    nm = 'half' if is_h else 'bfloat16'
    cases.append(Case(
        P + 'FROM', kp + '_from',
        ['__float2%s, __float2%s_{rn,rz,rd,ru} (cvt.{rn,rz,rm,rp}.%s.f32), '
         '__float22%s2_rn(a, -a) (low, high), __double2%s(d) '
         '(cvt.rn.%s.f64 or an emulation; one rounding).'
         % (nm, nm, f.name, 'half' if is_h else 'bfloat16', nm, f.name)],
        [Arg('n'), Arg('b32', [e[2][0] for e in elems]),
         Arg('b64', [e[2][1] for e in elems])], 16, 8,
        ['rn', 'rn', 'rz', 'rd', 'ru', 'x2.lo', 'x2.hi', 'double'],
        renumber(elems)))

    # 16 bits -> float / int
    def to_inputs():
        c = consts(f)
        vs = [0, '-0', Fr(1, 2), Fr(-1, 2), Fr(3, 2), Fr(5, 2), Fr(-5, 2),
              Fr(7, 2), 1, -1, c['minsub'], -c['minsub'], c['maxsub'],
              c['minnorm'], c['maxf'], -c['maxf'], 'inf', '-inf',
              Fr(1, 2) - Fr(2) ** (-f.p - 1), 1 + c['u'], 100, -100,
              Fr(2) ** 15 + (Fr(2) ** 5 if is_h else Fr(2) ** 8),
              -Fr(2) ** 15 - (Fr(2) ** 5 if is_h else Fr(2) ** 8)]
        if not is_h:
            vs += [Fr(2) ** 31, -Fr(2) ** 31, Fr(2) ** 32, Fr(2) ** 63,
                   Fr(2) ** 64]
        vs += [('nan', k) for k in range(len(f.nans))]
        return [near(f, v) for v in vs]

    def mt(var, a):
        if f.isnan(a):
            w = AnyNaN(F32)
        else:
            w = cvt(F32, f, 'rn', False, a)[0]
        if isinstance(w, AnyNaN):
            w = Concat([(0, 8), (w, 8)])
        out = [w]
        if is_h:
            out += [u64(f2i(f, a, r, 32, True)) for r in
                    ('rni', 'rzi', 'rmi', 'rpi')]
            out += [u64(f2i(f, a, 'rzi', 32, False)),
                    u64(f2i(f, a, 'rzi', 16, True)),
                    u64(f2i(f, a, 'rzi', 64, True)),
                    u64(f2i(f, a, 'rni', 64, False))]
        else:
            out += [u64(f2i(f, a, r, 32, True)) for r in
                    ('rni', 'rzi', 'rmi', 'rpi')]
        return out, False
    elems, _ = build_elems([(v,) for v in to_inputs()], mt, variants,
                           lambda a: 'a=%s' % f.show(a))
    if is_h:
        tslots = ['float bits', 'int_rn', 'int_rz', 'int_rd', 'int_ru',
                  'uint_rz', 'short_rz', 'll_rz', 'ull_rn']
        what = ('__half2float (cvt.f32.f16; a NaN gives some NaN), '
                '__half2int_{rn,rz,rd,ru}, __half2uint_rz, __half2short_rz, '
                '__half2ll_rz, __half2ull_rn (cvt.{rni,rzi,rmi,rpi}.<int>.f16,'
                ' clamping; NaN -> 0 or 1 << 63 for 64-bit results)')
    else:
        tslots = ['float bits', 'int_rn', 'int_rz', 'int_rd', 'int_ru']
        what = ('__bfloat162float (a NaN gives some NaN), '
                '__bfloat162int_{rn,rz,rd,ru} (clamping; NaN -> 0)')
    cases.append(Case(
        P + 'TO', kp + '_to', [what + '.'],
        [Arg('n'), Arg(t, [e[2][0] for e in elems])], 64, len(tslots),
        tslots, renumber(elems)))

    if is_h:
        ivals = [0, 1, -1, 2049, 2051, 4097, -4097, 65504, 65519, 65520,
                 65535, 100000, -100000, 2147483647, -2147483648, 12345,
                 -65520, 21845, 32767, -32768, 65536 + 2049]

        def mi(var, v):
            out = [i2f(F16, r, v) for r in ('rn', 'rz', 'rm', 'rp')]
            out.append(i2f(F16, 'rn', v & 0xffffffff))
            out.append(i2f(F16, 'rn', v * 3))
            s = v & 0xffff
            out.append(i2f(F16, 'rn', s - 0x10000 if s >> 15 else s))
            return out, False
        elems, _ = build_elems([(v,) for v in ivals], mi, variants,
                               lambda v: 'a=%d' % v)
        cases.append(Case(
            'HFROMINT', 'h_from_int',
            ['__int2half_{rn,rz,rd,ru} (cvt.{rn,rz,rm,rp}.f16.s32), '
             '__uint2half_rn((unsigned)a), __ll2half_rn(3 * (long long)a), '
             '__short2half_rn((short)a).'],
            [Arg('n'), Arg('s32', [e[2][0] for e in elems])], 16, 7,
            ['rn', 'rz', 'rd', 'ru', 'u32.rn', 's64.rn(3a)', 's16.rn'],
            renumber(elems)))
    return cases


# ----------------------------------------------------------------------------
# fastmath.cu
# ----------------------------------------------------------------------------


def fm_unary_inputs():
    f = F32
    vs = ['0', '-0', 'inf', '-inf', 1, -1, 2, Fr(1, 2), 3, 6, -6, 10, 20,
          50, 100, 300, -300, Fr(1, 10), Fr(1, 3), Fr(9, 10), Fr(11, 10),
          Fr(3, 4), Fr(3, 2), Fr(1, 1000), 1000, 127, Fr(255, 2),
          Fr(-251, 2), -130, -140, -149, -151, 88, -88, Fr(1, 2) ** 100,
          2 ** 100, 2 ** 126, consts(f)['maxf'], consts(f)['minnorm'],
          consts(f)['minsub'], -consts(f)['minsub'], consts(f)['maxsub'],
          Fr(5, 8), Fr(-5, 8), 4, 9, 1 + consts(f)['u'], -2, Fr(-1, 10)]
    out = [near(f, 0 if v == '0' else v) for v in vs]
    out += [f.enc(('nan', k)) for k in (0, 2)]
    return out


def ftz_range(lo, hi, ftz):
    """Flush the ends of an allowed interval under .ftz (flushing is
    monotonic, so the flushed interval is [ftz(lo), ftz(hi)])."""
    if ftz:
        lo, hi = F32.flush(lo), F32.flush(hi)
    return lo, hi


def spec_bounds(fn, kind, k, x, ftz, y=0):
    lo, hi = approx(fn, kind, k, x, y)
    lo, hi = ftz_range(lo, hi, ftz)
    return '0x%08x:0x%08x' % (lo, hi)


def exact_spec(b):
    return '=0x%08x' % b


def fm_unary_model(var, a):
    f = F32
    fast = var.fast
    fz = F32.flush(a)              # .ftz input
    specs = []
    PI = math.pi

    def approx_in(ftz):
        return f.flush(a, ftz)

    # sin / cos: .ftz only with fast math
    for fn in ('sin', 'cos'):
        x = approx_in(fast)
        if f.isnan(x) or f.isinf(x):
            specs.append('nan')
        elif f.iszero(x) and fn == 'sin':
            specs.append(exact_spec(x))
        else:
            v = abs(f.fl(x))
            if v <= 2 * PI:
                specs.append(spec_bounds(fn, 'abs', 20.5, x, fast))
            elif v <= 100 * PI:
                specs.append(spec_bounds(fn, 'abs', 14.7, x, fast))
            else:
                specs.append('*')
    # lg2.approx{.ftz}
    x = approx_in(fast)
    lg2 = None
    if f.isnan(x) or (f.neg(x) and not f.iszero(x)):
        specs.append('nan')
    elif f.iszero(x):
        specs.append(exact_spec(f.sign | f.inf))
        lg2 = (f.sign | f.inf,) * 2
    elif f.isinf(x):
        specs.append(exact_spec(f.inf))
        lg2 = (f.inf,) * 2
    else:
        v = f.fl(x)
        if 0.5 < v < 2:
            lo, hi = approx('lg2', 'abs', 22, x)
        else:
            lo, hi = approx('lg2', 'rel', 22, x)
        lo, hi = ftz_range(lo, hi, fast)
        specs.append('0x%08x:0x%08x' % (lo, hi))
        lg2 = (lo, hi)
    # exp2f: ex2.approx{.ftz}.f32 (exp2f is .ftz only with fast math)
    def ex2_spec(x, ftz):
        x = f.flush(x, ftz)
        if f.isnan(x):
            return 'nan'
        if f.isinf(x):
            return exact_spec(0 if f.neg(x) else f.inf)
        if f.iszero(x):
            return exact_spec(f.enc(1))
        v = f.fl(x)
        if v >= 128:
            return '*'
        return spec_bounds('ex2', 'ulp', 2, x, ftz)
    specs.append(ex2_spec(a, fast))
    # __expf: ex2.approx{.ftz}(mul{.ftz}(a, log2(e)))
    if f.isnan(a):
        specs.append('nan')
    else:
        t, _ = op('mul', f, 'rn', fast, a, 0x3FB8AA3B)
        specs.append(ex2_spec(t, fast))
    # __logf: mul{.ftz}(lg2.approx(a), ln 2): monotonic in the lg2 result
    if lg2 is None:
        specs.append('nan')
    else:
        lo = op('mul', f, 'rn', fast, lg2[0], 0x3F317218)[0]
        hi = op('mul', f, 'rn', fast, lg2[1], 0x3F317218)[0]
        assert f.fl(lo) <= f.fl(hi)
        specs.append(exact_spec(lo) if lo == hi else
                     '0x%08x:0x%08x' % (lo, hi))
    # rsqrtf: rsqrt.approx{.ftz}
    x = approx_in(fast)
    if f.isnan(x) or (f.neg(x) and not f.iszero(x)):
        specs.append('nan')
    elif f.iszero(x):
        specs.append(exact_spec(f.inf | (x & f.sign)))
    elif f.isinf(x):
        specs.append(exact_spec(0))
    else:
        specs.append(spec_bounds('rsqrt', 'rel', 22.9, x, fast))
    # sqrtf: sqrt.approx.ftz (fast) or sqrt.rn (exact)
    if fast:
        x = fz
        if f.isnan(x) or (f.neg(x) and not f.iszero(x)):
            specs.append('nan')
        elif f.iszero(x) or f.isinf(x):
            specs.append(exact_spec(x))
        else:
            specs.append(spec_bounds('sqrt', 'rel', 23, x, True))
    else:
        specs.append(exact_spec(op('sqrt', f, 'rn', False, a)[0]))
    # tanhf: tanh.approx.f32 (fast; subnormals pass through) or the accurate
    # version; both within 2^-11 relative.
    if f.isnan(a):
        specs.append('nan')
    elif f.isinf(a):
        specs.append(exact_spec(f.enc(-1 if f.neg(a) else 1)))
    elif f.iszero(a) or f.issub(a):
        specs.append(exact_spec(a))
    else:
        specs.append(spec_bounds('tanh', 'rel', 11, a, False))
    # 1.0f / x: rcp.approx.ftz (fast, 1 ulp) or rcp.rn (exact)
    if fast:
        x = fz
        if f.isnan(x):
            specs.append('nan')
        elif f.iszero(x):
            specs.append(exact_spec(f.inf | (x & f.sign)))
        elif f.isinf(x):
            specs.append(exact_spec(x & f.sign))
        else:
            specs.append(spec_bounds('rcp', 'ulp', 1, x, True))
    else:
        specs.append(exact_spec(op('rcp', f, 'rn', False, a)[0]))
    return specs, False


def fm_binary_inputs():
    f = F32
    vals = [(1, 3), (2, 3), (-1, 3), (10, Fr(1, 10)), (1, 2 ** 126),
            (1, 2 ** 127), (-1, 2 ** 127), (1, -(2 ** 127)), ('inf', 2 ** 127),
            ('-inf', 3 * 2 ** 126), (100, 7), (Fr(1, 2) ** 120, 3),
            (consts(f)['minnorm'], 3), (consts(f)['maxf'], 2), (0, 5),
            ('-0', 5), (0, 2 ** 127), (Fr(1, 8), -Fr(2) ** -126), (12345, 678),
            (consts(f)['minsub'], 2), (1, consts(f)['maxf'])]
    out = []
    for a, b in vals:
        out.append((near(f, a), near(f, Fr(b) if not isinstance(b, str)
                                      else b)))
    return out


def fm_binary_model(var, a, b):
    f = F32
    fast = var.fast
    specs = []
    # __fdividef: div.approx{.ftz}.f32 = a * (1 / b)
    x, y = f.flush(a, fast), f.flush(b, fast)
    mag = None if f.isinf(y) or f.isnan(y) or f.iszero(y) else \
        abs(f.value(y))
    if mag is not None and Fr(2) ** 126 < mag < Fr(2) ** 128:
        if f.isinf(x):
            d = 'nan'
        elif f.isnan(x):
            d = 'nan'
        else:
            d = exact_spec((x ^ y) & f.sign)
    elif mag is not None and Fr(2) ** -126 <= mag <= Fr(2) ** 126 and \
            not f.isinf(x) and not f.isnan(x):
        if f.iszero(x):
            d = exact_spec((x ^ y) & f.sign)
        else:
            d = spec_bounds('div', 'ulp', 2, x, fast, y)
    else:
        d = '*'
    specs.append(d)
    # a / b: div.rn (exact) or, with fast math, the same div.approx.ftz
    if fast:
        specs.append(d)
    else:
        specs.append(exact_spec(op('div', f, 'rn', False, a, b)[0]))
    return specs, False


def fastmath_cases(flavor):
    variants = variants_of(flavor)
    fast = flavor == 'fast'
    cases = []
    elems, _ = build_elems([(v,) for v in fm_unary_inputs()],
                           fm_unary_model, variants,
                           lambda a: 'a=%s' % F32.show(a))
    c = Case('FMU', 'fm_unary',
             ['__sinf, __cosf (|error| <= 2^-20.5 in [-2pi, 2pi], 2^-14.7 in '
              '[-100pi, 100pi], none outside), __log2f (lg2.approx: 2^-22 '
              'absolute in (0.5, 2), else relative), exp2f (ex2.approx: 2 '
              'ulp), __expf (ex2.approx of the product rounded by mul), '
              '__logf (lg2.approx times ln 2, rounded by mul), rsqrtf '
              '(2^-22.9 relative), sqrtf, tanhf (2^-11 relative; subnormals '
              'pass through), 1.0f / a; special values of the ISA tables '
              'exactly.' + (' All .ftz (-use_fast_math); sqrtf is '
                            'sqrt.approx.ftz (2^-23 relative), 1.0f / a '
                            'rcp.approx.ftz (1 ulp), tanhf tanh.approx.f32.'
                            if fast else
                            ' Without -use_fast_math only exp2f is .ftz; '
                            'sqrtf and 1.0f / a are exact (sqrt.rn, rcp.rn).'
                            )],
             [Arg('n'), Arg('b32', [e[2][0] for e in elems])], 32, 10,
             ['__sinf', '__cosf', '__log2f', 'exp2f', '__expf', '__logf',
              'rsqrtf', 'sqrtf', 'tanhf', '1.0f/a'], renumber(elems))
    c.bounds = True
    cases.append(c)
    elems, _ = build_elems(fm_binary_inputs(), fm_binary_model, variants,
                           lambda a, b: 'a=%s b=%s' % (F32.show(a),
                                                      F32.show(b)))
    c = Case('FMB', 'fm_binary',
             ['__fdividef(a, b) (div.approx%s.f32: 2 ulp for |b| in '
              '[2^-126, 2^126]; for 2^126 < |b| < 2^128, NaN when a is '
              'infinite, else a zero with the sign of a / b) and a / b (%s).'
              % ('.ftz' if fast else '',
                 'the same instruction with -use_fast_math' if fast else
                 'div.rn.f32, exact')],
             [Arg('n'), Arg('b32', [e[2][0] for e in elems]),
              Arg('b32', [e[2][1] for e in elems])], 32, 2,
             ['__fdividef', 'a/b'], renumber(elems))
    c.bounds = True
    cases.append(c)
    return cases


# ----------------------------------------------------------------------------
# narrow.cu: cvt to and from fp8, fp6, fp4, ue8m0 and tf32
# ----------------------------------------------------------------------------
#
# Expected values come from fpref.cpp's 'narrow' requests (MPFR; the rules of
# the PTX ISA and of this project are listed there) and are checked against a
# second, independent reference: the host implementations of the same CUDA
# header functions the kernels call (narrowhost.cpp compiles narrow.cu with
# g++). A difference aborts the generator unless NARROW_HOST_DIFFS explains
# it. tf32 has no host implementation in CUDA (mma.h's __float_to_tf32 is
# device code only), so it rests on MPFR alone.

NARROW_SMS = ('89', '90', '100a')

# name: (precision with the hidden bit, bias, largest finite value)
NFMTS = collections.OrderedDict([
    ('e4m3', (4, 7, Fr(448))),
    ('e5m2', (3, 15, Fr(57344))),
    ('e2m3', (4, 1, Fr(15, 2))),
    ('e3m2', (3, 3, Fr(28))),
    ('e2m1', (2, 1, Fr(6))),
])

# Known differences between the MPFR expectations and the CUDA host code:
# (kernel, slot) -> why. None so far.
NARROW_HOST_DIFFS = {}


def ncvt(d, s, rnd, sat, x):
    """cvt of the bits x (format s) to format d, by fpref.cpp."""
    ans = oracle().ask('narrow %s %s %s %d %x' % (d, s, rnd, 1 if sat else 0,
                                                  x))
    return int(ans, 16)


class HostRef:
    """narrowhost.cpp: the CUDA headers' host implementations."""

    def __init__(self):
        cuda = os.environ.get('CUDA_HOME', '/usr/local/cuda')
        inc = os.path.join(cuda, 'include')
        self.proc = None
        if not os.path.exists(os.path.join(inc, 'cuda_fp8.h')):
            sys.stderr.write('narrow.test: no CUDA headers in %s (set '
                             'CUDA_HOME): the MPFR expectations are NOT '
                             'checked against the CUDA host code\n' % inc)
            return
        tmp = oracle().tmp
        exe = os.path.join(tmp, 'narrowhost')
        subprocess.check_call(
            [os.environ.get('CXX', 'g++'), '-O1', '-std=c++17', '-I' + inc,
             '-I' + HERE, '-o', exe, os.path.join(HERE, 'narrowhost.cpp')])
        self.proc = subprocess.Popen([exe], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True)
        self.diffs = []
        self.checked = 0

    def check(self, kernel, request, slots, exps, show):
        """Compares the expected values exps (ints, one per slot) with the
        host code's answer to request."""
        if self.proc is None:
            return
        self.proc.stdin.write(request + '\n')
        self.proc.stdin.flush()
        ans = [int(t, 16) for t in self.proc.stdout.readline().split()]
        if len(ans) != len(exps):
            sys.exit('narrowhost failed on: ' + request)
        for slot, e, h in zip(slots, exps, ans):
            self.checked += 1
            if e != h and (kernel, slot) not in NARROW_HOST_DIFFS:
                self.diffs.append('%s %s: %s: MPFR 0x%x, CUDA host 0x%x' %
                                  (kernel, slot, show, e, h))

    def finish(self):
        if self.proc is None:
            return
        if self.diffs:
            sys.exit('narrow.test: the MPFR expectations and the CUDA '
                     'headers\' host code disagree:\n  ' +
                     '\n  '.join(self.diffs))
        sys.stderr.write('narrow.test: %d expected values agree with the '
                         'CUDA headers\' host code\n' % self.checked)


class Rng:
    """xorshift32: the same pseudo-random inputs on every Python."""

    def __init__(self, seed):
        self.s = seed

    def next(self):
        x = self.s
        x ^= (x << 13) & 0xffffffff
        x ^= x >> 17
        x ^= (x << 5) & 0xffffffff
        self.s = x
        return x

    def below(self, n):
        return self.next() % n


def nfmt_value(name, code):
    """The value of a positive code of a narrow format, and its ulp."""
    p, bias, _ = NFMTS[name]
    m = p - 1
    e, f = code >> m, code & ((1 << m) - 1)
    if e == 0:
        q = Fr(2) ** (1 - bias - m)
        return f * q, q
    q = Fr(2) ** (e - bias - m)
    return ((1 << m) + f) * q, q


def nfmt_maxcode(name):
    mx = NFMTS[name][2]
    code = 0
    while nfmt_value(name, code + 1)[0] <= mx:
        code += 1
    return code


def f32_neighbours(b):
    """b and the f32 values just below and above it (b positive, finite)."""
    return [b - 1, b, b + 1]


def dedupe(xs):
    seen, out = set(), []
    for x in xs:
        if x not in seen:
            seen.add(x)
            out.append(x)
    return out


def with_signs(bits, sign):
    out = []
    for b in bits:
        out += [b, b | sign]
    return out


def narrow_f32_inputs():
    """Special values of every destination format as f32, both signs, then
    pseudo-random ones."""
    return dedupe(narrow_f32_specials() + narrow_f32_random())


def narrow_f32_specials():
    pos = []
    for name, (p, bias, mx) in NFMTS.items():
        minsub = Fr(2) ** (1 - bias - (p - 1))
        minnorm = Fr(2) ** (1 - bias)
        u1 = Fr(2) ** (1 - p)
        ulpmax = nfmt_value(name, nfmt_maxcode(name))[1]
        exact = [minsub, minnorm - minsub, minnorm, minnorm * (1 + u1), mx,
                 mx + ulpmax, 2 * mx, 1, 1 + u1, Fr(3, 4) * minsub]
        ties = [minsub / 2, minsub * 3 / 2, minsub * 5 / 2,
                minnorm - minsub / 2, mx + ulpmax / 2, 1 + u1 / 2,
                1 + 3 * u1 / 2, Fr(1, 4) * minsub + minsub / 2]
        pos += [F32.enc(v) for v in exact]
        for t in ties:
            pos += f32_neighbours(F32.enc(t))
    # ue8m0: powers of two and their neighbours, 2^-127 (an f32 subnormal),
    # 2^127 and above.
    pos += [0x00400000, 0x00400001, 0x003fffff, 0x00800000, 0x00000001,
            0x3f800000, 0x3f800001, 0x3f7fffff, 0x3fc00000, 0x40400000,
            0x7f000000, 0x7f000001, 0x7effffff, 0x7f400000, 0x7f7fffff]
    # tf32: ties (away from zero) and near ties at 1, at the largest tf32
    # value (the tie overflows) and among the subnormals (quantum 2^-136).
    pos += [0x3f801000, 0x3f800fff, 0x3f801001, 0x3f803000, 0x3f802fff,
            0x7f7fe000, 0x7f7ff000, 0x7f7fefff, 0x00001000, 0x00000fff,
            0x00001001, 0x00003000, 0x007fffff, 0x00801000, 0x00803000]
    specials = with_signs(dedupe(pos), F32.sign)
    specials += [0, F32.sign, F32.inf, F32.sign | F32.inf] + list(F32.nans)
    return dedupe(specials)


def narrow_f32_random():
    rng = Rng(0x2545f491)
    rand = []
    names = list(NFMTS)
    for i in range(200):
        kind = i % 4
        if kind == 0:      # the binades of the fp8 / fp6 / fp4 formats
            e = rng.below(40) - 22
            b = ((e + 127) << 23) | (rng.next() & 0x7fffff)
        elif kind == 1:    # values of a format, ties, near ties, in between
            name = names[rng.below(len(names))]
            v, q = nfmt_value(name, 1 + rng.below(nfmt_maxcode(name)))
            how = rng.below(5)
            if how == 0:
                b = F32.enc(v)
            elif how == 4:
                b = F32.enc(v + q * (1 + rng.below(7)) / 8)
            else:
                b = F32.enc(v + q / 2) + (0, 1, -1)[how - 1]
        elif kind == 2:    # the whole f32 range
            b = (rng.below(255) << 23) | (rng.next() & 0x7fffff)
        else:              # any pattern
            b = rng.next()
        if kind != 3 and rng.next() & 1:
            b |= F32.sign
        rand.append(b)
    return rand


def narrow_half_inputs(f, seed):
    """f16 / bf16 inputs: the f32 special values representable in f, the
    format's own special values, pseudo-random patterns."""
    out = []
    for b in narrow_f32_specials():
        if F32.isnan(b) or F32.isinf(b):
            continue
        try:
            out.append(f.enc(F32.value(b)) | (f.sign if F32.neg(b) else 0))
        except AssertionError:
            pass
    own = [1, 2, (1 << (f.p - 1)) - 1, 1 << (f.p - 1), f.inf - 1]
    if f is BF16:
        own += [0x0040, 0x0041, 0x003f, 0x7f00, 0x7f01, 0x7f40]
    out += with_signs(own, f.sign)
    out += [0, f.sign, f.inf, f.sign | f.inf] + list(f.nans)
    rng = Rng(seed)
    for i in range(150):
        if i % 2:
            b = rng.next() & 0xffff
        else:   # exponents around those of the narrow formats
            e = rng.below(40) - 22 + f.bias
            if not 0 < e < (1 << f.ebits) - 1:
                e = rng.below((1 << f.ebits) - 1)
            b = (e << (f.p - 1)) | (rng.next() & ((1 << (f.p - 1)) - 1))
            b |= f.sign if rng.next() & 1 else 0
        out.append(b)
    return dedupe(out)


F32_SLOTS = ['e4m3x2', 'e5m2x2', 'e2m3x2', 'e3m2x2', 'e2m1x2', 'e2m3x2.rz',
             'e3m2x2.rz', 'e2m1x2.rz', 'ue8m0x2.rz.sat', 'ue8m0x2.rz',
             'ue8m0x2.rp.sat', 'ue8m0x2.rp', 'ue8m0.rp(x)', 'e4m3(y)']
HALF_SLOTS = ['e4m3x2', 'e5m2x2', 'e2m3x2', 'e3m2x2', 'e2m1x2']
BF16_SLOTS = HALF_SLOTS + ['ue8m0x2.rz.sat', 'ue8m0x2.rz', 'ue8m0x2.rp.sat',
                           'ue8m0x2.rp']
UP_SLOTS = ['e4m3x2', 'e5m2x2', 'e2m3x2', 'e3m2x2', 'e2m1x2', 'ue8m0x2']


def narrow_pair(src, x, y, d, rnd, sat, width):
    """A packed pair: y's result in the high lane, x's in the low one."""
    return (ncvt(d, src, rnd, sat, y) << width) | ncvt(d, src, rnd, sat, x)


def m_to_narrow(src, x, y):
    """Results of f32ToNarrow / f16ToNarrow / bf16ToNarrow (narrow.cu)."""
    def pair(d, rnd='rn', sat=True):
        return narrow_pair(src, x, y, d, rnd, sat, 4 if d == 'e2m1' else 8)
    out = [pair('e4m3'), pair('e5m2'), pair('e2m3'), pair('e3m2'),
           pair('e2m1')]
    if src == 'f32':
        out += [pair('e2m3', 'rz'), pair('e3m2', 'rz'), pair('e2m1', 'rz')]
    if src != 'f16':
        out += [pair('ue8m0', 'rz', True), pair('ue8m0', 'rz', False),
                pair('ue8m0', 'rp', True), pair('ue8m0', 'rp', False)]
    if src == 'f32':
        out += [ncvt('ue8m0', src, 'rp', False, x),
                ncvt('e4m3', src, 'rn', True, y)]
    return out


def m_from_narrow(a):
    """Results of narrowToHalf (narrow.cu): packed f16x2 / bf16x2."""
    lo, hi = a & 0xff, a >> 8

    def pair(s, d, l, h):
        return (ncvt(d, s, 'rn', False, h) << 16) | ncvt(d, s, 'rn', False, l)
    return [pair('e4m3', 'f16', lo, hi), pair('e5m2', 'f16', lo, hi),
            pair('e2m3', 'f16', lo & 0x3f, hi & 0x3f),
            pair('e3m2', 'f16', lo & 0x3f, hi & 0x3f),
            pair('e2m1', 'f16', lo & 0xf, lo >> 4),
            pair('ue8m0', 'bf16', lo, hi)]


def narrow_cases():
    host = HostRef()
    cases = []
    same = lambda exps: {sm: exps for sm in NARROW_SMS}

    # f32 pairs: b is a rotated by half its length, so that every value
    # meets both lanes.
    a = narrow_f32_inputs()
    n = len(a)
    b = a[n // 2:] + a[:n // 2]
    pairs = {'f32': (a, b)}
    elems = []
    for i, (x, y) in enumerate(zip(a, b)):
        exps = m_to_narrow('f32', x, y)
        show = 'x=%s y=%s' % (F32.show(x), F32.show(y))
        host.check('f32_to_narrow', 'f32 %x %x' % (x, y), F32_SLOTS, exps,
                   show)
        elems.append(('[%d] %s' % (i, show), same(exps), (x, y)))
    cases.append(Case(
        'F32N', 'f32_to_narrow',
        ['f32ToNarrow(x, y) (narrow.cu): __nv_cvt_float2_to_fp8x2 '
         '(__NV_SATFINITE; cvt.rn.satfinite.{e4m3x2,e5m2x2}.f32), '
         '__nv_cvt_float2_to_fp6x2 / _fp4x2 (cudaRoundNearest: '
         'cvt.rn.satfinite.{e2m3x2,e3m2x2,e2m1x2}.f32 on sm_100a, emulated '
         'on sm_89 / sm_90; cudaRoundZero: emulated everywhere), '
         '__nv_cvt_float2_to_e8m0x2 (cvt.{rz,rp}{.satfinite}.ue8m0x2.f32 on '
         'sm_100a), __nv_cvt_float_to_e8m0(x, __NV_NOSAT, cudaRoundPosInf), '
         '__nv_cvt_float_to_fp8(y, __NV_SATFINITE, __NV_E4M3). x goes to '
         'the low lane, y to the high one. Overflow saturates; NaN gives '
         '0x7f (fp8), +MAX_NORM (fp6 0x1f, fp4 0x7), 0xff (ue8m0). ue8m0: '
         '|x| rounded to a power of two; below 2^-127 0x00, above 2^127 0xff '
         'or, with .satfinite, 0xfe.'],
        [Arg('n'), Arg('b32', a), Arg('b32', b)], 16, len(F32_SLOTS),
        F32_SLOTS, elems))

    for f, kernel, src, slots, seed, what in (
            (F16, 'f16_to_narrow', 'f16', HALF_SLOTS, 0x1b873593,
             '__nv_cvt_halfraw2_to_fp8x2 (cvt.rn.satfinite.{e4m3x2,e5m2x2}'
             '.f16x2), __nv_cvt_halfraw2_to_fp6x2 / _fp4x2 (each half '
             'widened to f32: cvt.f32.f16, then the f32 forms on sm_100a)'),
            (BF16, 'bf16_to_narrow', 'bf16', BF16_SLOTS, 0x85ebca6b,
             '__nv_cvt_bfloat16raw2_to_fp8x2 / _fp6x2 / _fp4x2 (widened to '
             'f32, then the f32 forms) and __nv_cvt_bfloat162raw_to_e8m0x2 '
             '(cvt.{rz,rp}{.satfinite}.ue8m0x2.bf16x2 on sm_100a)')):
        a = narrow_half_inputs(f, seed)
        n = len(a)
        b = a[n // 2:] + a[:n // 2]
        pairs[src] = (a, b)
        elems = []
        for i, (x, y) in enumerate(zip(a, b)):
            exps = m_to_narrow(src, x, y)
            show = 'x=%s y=%s' % (f.show(x), f.show(y))
            host.check(kernel, '%s %x %x' % (src, x, y), slots, exps, show)
            elems.append(('[%d] %s' % (i, show), same(exps), (x, y)))
        cases.append(Case(
            src.upper() + 'N', kernel,
            ['%sToNarrow(x, y) (narrow.cu): %s; x in the low lane. Rules as '
             'above.' % (src, what)],
            [Arg('n'), Arg('b16', a), Arg('b16', b)], 16, len(slots), slots,
            elems))

    # Up conversions: every byte value in both lanes (the high byte is a
    # permutation of the low one); for fp4 every pair of nibbles.
    a = [i | (((i * 167 + 89) & 0xff) << 8) for i in range(256)]
    up_inputs = a
    elems = []
    for i, x in enumerate(a):
        exps = m_from_narrow(x)
        host.check('narrow_to_half', 'narrow %x' % x, UP_SLOTS, exps,
                   'a=0x%04x' % x)
        elems.append(('[%d] a=0x%04x' % (i, x), same(exps), (x,)))
    cases.append(Case(
        'UP', 'narrow_to_half',
        ['narrowToHalf(a) (narrow.cu): __nv_cvt_fp8x2_to_halfraw2 '
         '(cvt.rn.f16x2.{e4m3x2,e5m2x2}), __nv_cvt_fp6x2_to_halfraw2 of a & '
         '0x3f3f (cvt.rn.f16x2.{e2m3x2,e3m2x2} on sm_100a), '
         '__nv_cvt_fp4x2_to_halfraw2 of the low byte (cvt.rn.f16x2.e2m1x2), '
         '__nv_cvt_e8m0x2_to_bf162raw (cvt.rn.bf16x2.ue8m0x2). Exact; NaN '
         'gives the canonical 0x7fff, ue8m0 0x00 the bf16 subnormal 2^-127 '
         '(0x0040).'],
        [Arg('n'), Arg('b16', a)], 32, len(UP_SLOTS), UP_SLOTS, elems))

    # tf32 (no host implementation to compare with).
    a = narrow_f32_inputs()
    elems = []
    for i, x in enumerate(a):
        exps = [ncvt('tf32', 'f32', 'rna', False, x)]
        elems.append(('[%d] a=%s' % (i, F32.show(x)), same(exps), (x,)))
    cases.append(Case(
        'TF32', 'f32_to_tf32',
        ['nvcuda::wmma::__float_to_tf32(a): cvt.rna.tf32.f32, to nearest '
         'with ties away from zero, as an f32 pattern whose 13 low bits are '
         'zero. tf32 has f32\'s exponent range, subnormals included (their '
         'quantum is 2^-136); the tie above the largest tf32 value overflows '
         'to infinity; NaN gives 0x7fffffff.'],
        [Arg('n'), Arg('b32', a)], 32, 1, ['tf32'], elems))
    host.finish()
    cases += narrow_inline_cases(pairs, up_inputs)
    return cases


# The NaN test and the canonical NaN of each destination format of .relu.
RELU_FMTS = {
    'e4m3': (8, lambda r: (r & 0x7f) == 0x7f, 0x7f),
    'e5m2': (8, lambda r: (r & 0x7f) > 0x7c, 0x7f),
    'e2m3': (6, lambda r: False, None),
    'e3m2': (6, lambda r: False, None),
    'e2m1': (4, lambda r: False, None),
    'tf32': (32, F32.isnan, F32.nan),
    'f16': (16, F16.isnan, F16.nan),
}


def relu_lane(d, r):
    """.relu (9.7.9.21) on a lane result r in format d: "clamps the result
    to 0 if negative. NaN results are converted to canonical NaN" (fp6 and
    fp4 have no NaN: fpref.cpp already gives +MAX_NORM). A -0 result may
    give either zero, as in the other tests."""
    width, isnan, nan = RELU_FMTS[d]
    sign = 1 << (width - 1)
    if isnan(r):
        return nan
    if r & sign:
        return Alts((0, sign)) if r == sign else 0
    return r


def packed(total_digits, lane_digits, hi, lo):
    """Two lanes, hi above lo, zero-extended to total_digits."""
    parts = [(hi, lane_digits), (lo, lane_digits)]
    if total_digits > 2 * lane_digits:
        parts.insert(0, (0, total_digits - 2 * lane_digits))
    return Concat(parts)


INL_F32_SLOTS = ['relu.e4m3x2', 'relu.e5m2x2', 'relu.e2m3x2', 'relu.e3m2x2',
                 'relu.e2m1x2', 'tf32.rn', 'tf32.rz', 'tf32.rn.sat',
                 'tf32.rna.sat', 'tf32.rz.sat.relu', 'tf32.rn.relu']
INL_F16_SLOTS = ['relu.e4m3x2', 'relu.e5m2x2', 'e2m1x2', 'relu.e2m1x2']
INL_UP_SLOTS = ['relu.e4m3x2', 'relu.e5m2x2', 'relu.e2m3x2', 'relu.e3m2x2',
                'relu.e2m1x2']


def narrow_inline_cases(pairs, up_inputs):
    """The inline-PTX kernels of narrow.cu (sm_100a only). No CUDA header
    function has these forms, so their expectations rest on MPFR alone."""
    sms = ('100a',)
    cases = []

    def lane(d, src, rnd, sat, relu, x):
        r = ncvt(d, src, rnd, sat, x)
        return relu_lane(d, r) if relu else r

    def pair(src, d, x, y, relu, rnd='rn', sat=True):
        digits = 1 if d == 'e2m1' else 2
        return packed(8, digits, lane(d, src, rnd, sat, relu, y),
                      lane(d, src, rnd, sat, relu, x))

    a, b = pairs['f32']
    elems = []
    for i, (x, y) in enumerate(zip(a, b)):
        exps = [pair('f32', d, x, y, True)
                for d in ('e4m3', 'e5m2', 'e2m3', 'e3m2', 'e2m1')]
        exps += [lane('tf32', 'f32', rnd, sat, relu, x) for rnd, sat, relu in
                 (('rn', 0, 0), ('rz', 0, 0), ('rn', 1, 0), ('rna', 1, 0),
                  ('rz', 1, 1), ('rn', 0, 1))]
        elems.append(('[%d] x=%s y=%s' % (i, F32.show(x), F32.show(y)),
                      {'100a': exps}, (x, y)))
    c = Case(
        'F32I', 'f32_inline',
        ['Inline PTX (sm_100a): cvt.rn.satfinite.relu.{e4m3x2,e5m2x2,e2m3x2,'
         'e3m2x2,e2m1x2}.f32 of (x, y), x in the low lane: negative results '
         '+0 (-0 either zero), NaN the canonical 0x7f (fp8) or +MAX_NORM '
         '(fp6 / fp4); tf32 of x with cvt.rn, cvt.rz, cvt.rn.satfinite, '
         'cvt.rna.satfinite, cvt.rz.satfinite.relu, cvt.rn.relu (.satfinite: '
         'overflow to the largest tf32 value 0x7f7fe000 of the sign; NaN '
         '0x7fffffff).'],
        [Arg('n'), Arg('b32', a), Arg('b32', b)], 32, len(INL_F32_SLOTS),
        INL_F32_SLOTS, elems)
    c.sms = sms
    cases.append(c)

    a, b = pairs['f16']
    elems = []
    for i, (x, y) in enumerate(zip(a, b)):
        exps = [pair('f16', 'e4m3', x, y, True),
                pair('f16', 'e5m2', x, y, True),
                pair('f16', 'e2m1', x, y, False),
                pair('f16', 'e2m1', x, y, True)]
        elems.append(('[%d] x=%s y=%s' % (i, F16.show(x), F16.show(y)),
                      {'100a': exps}, (x, y)))
    c = Case(
        'F16I', 'f16x2_inline',
        ['Inline PTX (sm_100a): cvt.rn.satfinite.relu.{e4m3x2,e5m2x2}.f16x2, '
         'cvt.rn.satfinite{,.relu}.e2m1x2.f16x2 of the f16x2 (y:x).'],
        [Arg('n'), Arg('b16', a), Arg('b16', b)], 32, len(INL_F16_SLOTS),
        INL_F16_SLOTS, elems)
    c.sms = sms
    cases.append(c)

    elems = []
    for i, v in enumerate(up_inputs):
        lo, hi = v & 0xff, v >> 8
        exps = []
        for s_, l, h in (('e4m3', lo, hi), ('e5m2', lo, hi),
                         ('e2m3', lo & 0x3f, hi & 0x3f),
                         ('e3m2', lo & 0x3f, hi & 0x3f),
                         ('e2m1', lo & 0xf, lo >> 4)):
            exps.append(packed(8, 4, lane('f16', s_, 'rn', False, True, h),
                               lane('f16', s_, 'rn', False, True, l)))
        elems.append(('[%d] a=0x%04x' % (i, v), {'100a': exps}, (v,)))
    c = Case(
        'UPI', 'narrow_relu_to_half',
        ['Inline PTX (sm_100a): cvt.rn.relu.f16x2.{e4m3x2,e5m2x2,e2m3x2,'
         'e3m2x2,e2m1x2} of the same inputs as narrow_to_half; negative '
         'values +0 (-0 either zero), NaN 0x7fff.'],
        [Arg('n'), Arg('b16', up_inputs)], 32, len(INL_UP_SLOTS),
        INL_UP_SLOTS, elems)
    c.sms = sms
    cases.append(c)
    return cases


# ----------------------------------------------------------------------------
# The .test files
# ----------------------------------------------------------------------------

FILES = [
    # (test file, PTX base name in Inputs/, title, cases function)
    ('farith.test', 'farith', 'f32 arithmetic in every rounding mode '
     '(farith.cu, default build)', lambda: arith_cases(F32, '')),
    ('farith-ftz.test', 'farith.ftz', 'f32 arithmetic in every rounding mode '
     '(farith.cu, built with -ftz=true)', lambda: arith_cases(F32, 'ftz')),
    ('darith.test', 'darith', 'f64 arithmetic in every rounding mode '
     '(darith.cu)', lambda: arith_cases(F64, '')),
    ('fcvt.test', 'fcvt', 'conversions with rounding modes (fcvt.cu, '
     'default build)', lambda: fcvt_cases('')),
    ('fcvt-ftz.test', 'fcvt.ftz', 'conversions with rounding modes '
     '(fcvt.cu, built with -ftz=true)', lambda: fcvt_cases('ftz')),
    ('half.test', 'half', 'cuda_fp16.h operations (half.cu)',
     lambda: half_cases(F16)),
    ('bf16.test', 'bf16', 'cuda_bf16.h operations (bf16.cu)',
     lambda: half_cases(BF16)),
    ('fastmath.test', 'fastmath', 'approximate functions (fastmath.cu, '
     'default build)', lambda: fastmath_cases('')),
    ('fastmath-fast.test', 'fastmath.fast', 'approximate functions '
     '(fastmath.cu, built with -use_fast_math)',
     lambda: fastmath_cases('fast')),
    ('narrow.test', 'narrow', 'cvt to and from the narrow formats fp8, fp6, '
     'fp4, ue8m0 and tf32 (narrow.cu)', narrow_cases,
     dict(sms=NARROW_SMS, checked="the host code of CUDA's cuda_fp8.h, "
          "cuda_fp6.h and cuda_fp4.h")),
]


def wrap_comment(text, width=78):
    words, lines, cur = text.split(), [], '#'
    for w in words:
        if len(cur) + 1 + len(w) > width and cur != '#':
            lines.append(cur)
            cur = '#'
        cur += ' ' + w
    lines.append(cur)
    return lines


def test_text(fname, ptx, title, cases, sms=SMS, checked=None):
    src = ptx.split('.')[0] + '.cu'
    out = ['# ' + title[0].upper() + title[1:] + '.', '#']
    out += wrap_comment(
        'GENERATED by gen_expected.py from models of the kernels of %s '
        '(correctly rounded values from the MPFR oracle fpref.cpp, checked '
        'against %s); do not edit. Every case runs the nvcc outputs '
        'Inputs/%s.sm_{%s}.ptx (sm_%s with -lineinfo). Results are '
        'compared as bit patterns: fpcheck.py prints the output buffer in '
        'hex, one input element a line; where the sm variants expect '
        'different results, the lines of a group of variants carry the '
        'prefix NAME_<sms>. The output buffer starts filled with 0x5a5a...'
        % (src, checked or 'the host FPU', ptx,
           ','.join(str(sm) for sm in sms), sms[-1]))
    for c in cases:
        out.append('')
        for d in c.desc:
            out += wrap_comment(d)
        c_print = getattr(c, 'print_index', len(c.args) - 1)
        parts = ['--kernel=%s --grid=1 --block=%d' % (c.kernel, c.n)]
        parts += [a.spec(c.n) for a in c.args]
        parts[-1] += ' --print=%d' % c_print
        out.append('# DEFINE: %%{%s} = %s \\' % (c.name.lower(), parts[0]))
        for i, p in enumerate(parts[1:]):
            end = ' \\' if i < len(parts) - 2 else ''
            out.append('# DEFINE:   %s%s' % (p, end))
        if getattr(c, 'bounds', False):
            out += bounds_lines(c, sms, ptx)
        else:
            out += kernel_out_lines(c, getattr(c, 'sms', sms), ptx)
    return '\n'.join(out) + '\n'


def main(argv):
    check = '--check' in argv
    stale = []
    only = [a for a in argv[1:] if not a.startswith('--')]
    for fname, ptx, title, fn, *opts in FILES:
        if only and fname not in only:
            continue
        text = test_text(fname, ptx, title, fn(), **(opts[0] if opts else {}))
        if update_file(os.path.join(HERE, fname), text, check):
            if check:
                stale.append(fname)
            else:
                print('wrote', fname)
    if stale:
        print('out of date:', ' '.join(stale))
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
