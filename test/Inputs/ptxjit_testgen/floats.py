"""IEEE binary formats: bit patterns, exact values, rounding, PTX cvt rules.

A format (Fmt) is described by its precision p (with the hidden bit), its
exponent width, bias and total width. Values are either Python floats (exact
for f16, bf16, f32 and f64 alike) or bit patterns (ints); exact arithmetic
uses fractions.Fraction and is rounded once by round_to().
"""

import math
from fractions import Fraction


def floor_log2(a):
    """The e with 2**e <= a < 2**(e + 1), for a rational a > 0."""
    a = Fraction(a)
    e = a.numerator.bit_length() - a.denominator.bit_length()
    while Fraction(2) ** e > a:
        e -= 1
    while Fraction(2) ** (e + 1) <= a:
        e += 1
    return e


class Fmt:
    """A binary floating-point format. nans: the NaN bit patterns a test
    uses as inputs (see with_nans; enc(('nan', k)) is the k-th)."""

    def __init__(self, name, p, ebits, bias, bits, nans=()):
        self.name, self.p, self.ebits, self.bias, self.bits = \
            name, p, ebits, bias, bits
        self.emin, self.emax = 1 - bias, bias
        self.digits = bits // 4
        self.sign = 1 << (bits - 1)
        self.inf = ((1 << ebits) - 1) << (p - 1)
        self.nan = self.sign - 1          # canonical NaN: 0x7fff...
        self.nans = list(nans)            # NaN inputs used in the tests
        self.mask = (1 << bits) - 1

    def with_nans(self, nans):
        """The same format with a list of NaN inputs."""
        return Fmt(self.name, self.p, self.ebits, self.bias, self.bits, nans)

    def isnan(self, b):
        return (b & ~self.sign) > self.inf

    def isinf(self, b):
        return (b & ~self.sign) == self.inf

    def iszero(self, b):
        return (b & ~self.sign) == 0

    def neg(self, b):
        return bool(b & self.sign)

    def issub(self, b):
        m = b & ~self.sign
        return 0 < m < (1 << (self.p - 1))

    def flush(self, b, ftz=True):
        return (b & self.sign) if ftz and self.issub(b) else b

    def value(self, b):
        """Exact value as a Fraction (finite inputs only)."""
        assert not self.isnan(b) and not self.isinf(b)
        m = b & ((1 << (self.p - 1)) - 1)
        e = (b & ~self.sign) >> (self.p - 1)
        if e == 0:
            v = Fraction(m) * Fraction(2) ** (self.emin - self.p + 1)
        else:
            v = Fraction(m + (1 << (self.p - 1))) * \
                Fraction(2) ** (e - self.bias - self.p + 1)
        return -v if self.neg(b) else v

    def fl(self, b):
        """Value as a Python float (exact for all four formats)."""
        if self.isnan(b):
            return math.nan
        if self.isinf(b):
            return -math.inf if self.neg(b) else math.inf
        v = float(self.value(b))
        return -0.0 if (v == 0 and self.neg(b)) else v

    def enc(self, v):
        """Bits of an exactly representable value: int, Fraction, float,
        'inf', '-inf', '-0', or ('nan', k) for the k-th NaN input."""
        if isinstance(v, tuple):
            return self.nans[v[1] % len(self.nans)]
        if v == 'inf':
            return self.inf
        if v == '-inf':
            return self.sign | self.inf
        if v == '-0':
            return self.sign
        if isinstance(v, float):
            if math.isinf(v):
                return self.inf | (self.sign if v < 0 else 0)
            if v == 0:
                return self.sign if math.copysign(1, v) < 0 else 0
        q = Fraction(v)
        s = self.sign if q < 0 else 0
        a = abs(q)
        if a == 0:
            return 0
        e = floor_log2(a)
        assert e <= self.emax, (self.name, v)
        if e < self.emin:
            m = a / Fraction(2) ** (self.emin - self.p + 1)
            assert m.denominator == 1, (self.name, v)
            return s | int(m)
        m = a / Fraction(2) ** (e - self.p + 1)
        assert m.denominator == 1, ('not representable', self.name, v)
        return s | ((e + self.bias) << (self.p - 1)) | \
            (int(m) - (1 << (self.p - 1)))

    def show(self, b):
        """Bits and value, for comments."""
        if self.isnan(b):
            v = 'nan'
        elif self.isinf(b):
            v = '-inf' if self.neg(b) else 'inf'
        elif self.iszero(b):
            v = '-0' if self.neg(b) else '0'
        else:
            x = float(self.value(b))
            v = {'f16': '%.5g', 'bf16': '%.4g', 'f32': '%.9g',
                 'f64': '%.17g'}[self.name] % x
        return '0x%0*x (%s)' % (self.digits, b, v)


F16 = Fmt('f16', 11, 5, 15, 16)
BF16 = Fmt('bf16', 8, 8, 127, 16)
F32 = Fmt('f32', 24, 8, 127, 32)
F64 = Fmt('f64', 53, 11, 1023, 64)
FMTS = {f.name: f for f in (F16, BF16, F32, F64)}


# ----------------------------------------------------------------------------
# Values as Python floats: exact arithmetic rounded once, to nearest even
# ----------------------------------------------------------------------------


def round_to(q, fmt):
    """The value of fmt nearest to the rational q (ties to even), as a float.

    Overflow gives +-inf; results below the subnormal range give a zero with
    the sign of q. q must not be zero (zero signs depend on the operation).
    """
    p, emin, emax = fmt.p, fmt.emin, fmt.emax
    assert q != 0
    sign = -1.0 if q < 0 else 1.0
    a = abs(Fraction(q))
    e = max(floor_log2(a), emin)
    quantum = Fraction(2) ** (e - p + 1)
    m = a / quantum
    n = m.numerator // m.denominator
    rest = m - n
    if rest > Fraction(1, 2) or (rest == Fraction(1, 2) and n % 2 == 1):
        n += 1
    r = n * quantum
    if r >= Fraction(2) ** (emax + 1):
        return sign * math.inf
    return math.copysign(float(r), sign)


def is_neg(x):
    return math.copysign(1.0, x) < 0


def representable(x, fmt):
    return not math.isfinite(x) or x == 0 or round_to(Fraction(x), fmt) == x


def from_str(s, fmt):
    """What a correctly rounding parser (strtof, strtod) makes of s in fmt:
    a decimal, inf / -inf / nan, or an exactly representable hex literal."""
    t = s.strip().lower()
    if t in ('inf', '+inf'):
        return math.inf
    if t == '-inf':
        return -math.inf
    if t == 'nan':
        return math.nan
    if t.startswith(('0x', '-0x')):
        v = float.fromhex(t)  # exact for the hex literals used here
        assert representable(v, fmt), s
        return v
    q = Fraction(t)
    if q == 0:
        return -0.0 if t.startswith('-') else 0.0
    return round_to(q, fmt)


# ----------------------------------------------------------------------------
# PTX rounding to integers (cvt.{rni,rzi,rmi,rpi})
# ----------------------------------------------------------------------------

IROUND = {'rni': round,             # Fraction.__round__: half to even
          'rzi': math.trunc, 'rmi': math.floor, 'rpi': math.ceil}


def round_integral(q, irnd):
    """The rational q rounded to an integer by the PTX modifier irnd."""
    return IROUND[irnd](q)


def cvt_f2i(x, src_f64, bits, signed, irnd):
    """PTX cvt.<irnd>.{s,u}<bits>.{f32,f64} of the value x (a float, or a
    Fraction when finite): clamps out-of-range values; NaN gives 0, or
    1 << (bits - 1) when the source is f64 or the destination is 64-bit (PTX
    ISA, cvt, Integer Notes)."""
    lo = -(1 << (bits - 1)) if signed else 0
    hi = (1 << (bits - 1)) - 1 if signed else (1 << bits) - 1
    if isinstance(x, float) and math.isnan(x):
        if src_f64 or bits == 64:
            v = 1 << (bits - 1)
            return v - (1 << bits) if signed else v
        return 0
    if isinstance(x, float) and math.isinf(x):
        return hi if x > 0 else lo
    v = round_integral(Fraction(x), irnd)
    return min(max(v, lo), hi)
