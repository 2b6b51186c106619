"""Values printed as `ptx-jit --print` prints them: integers in decimal,
floats as C++17 std::to_chars(first, last, value) (shortest round trip,
fixed or scientific, whichever is shorter, fixed on a tie; integral values in
fixed notation are printed exactly)."""

import math
from fractions import Fraction

from .floats import FMTS, is_neg, round_to
from .ints import INT_TYPES, wrap


def shortest_digits(x, fmt):
    """(d, e) with x == round(d * 10**e), d having the fewest digits, and
    among those the closest to x. x > 0 and finite."""
    if fmt.bits == 64:
        r = repr(x)
        if 'e' in r:
            mant, ex = r.split('e')
            ex = int(ex)
        else:
            mant, ex = r, 0
        if '.' in mant:
            ip, fp = mant.split('.')
        else:
            ip, fp = mant, ''
        if fp == '0':
            fp = ''
        d = int(ip + fp)
        e = ex - len(fp)
    else:
        X = Fraction(x)
        for p in range(1, 10):
            s = '%.*e' % (p - 1, x)
            mant, ex = s.split('e')
            d0 = int(mant.replace('.', ''))
            e = int(ex) - (p - 1)
            best = None
            for d in (d0 - 1, d0, d0 + 1):
                if d <= 0:
                    continue
                v = Fraction(d) * Fraction(10) ** e
                if round_to(v, fmt) == x:
                    diff = abs(v - X)
                    # Equidistant candidates: round half to even.
                    if best is None or diff < best[0] or \
                            (diff == best[0] and d % 2 == 0):
                        best = (diff, d)
            if best:
                d = best[1]
                break
        else:
            raise AssertionError('no shortest form for %r' % x)
    while d % 10 == 0:
        d //= 10
        e += 1
    return d, e


def fmt_float(x, fmt):
    if math.isnan(x):
        return '-nan' if is_neg(x) else 'nan'
    if math.isinf(x):
        return '-inf' if x < 0 else 'inf'
    sign = '-' if is_neg(x) else ''
    if x == 0:
        return sign + '0'
    d, e = shortest_digits(abs(x), fmt)
    ds = str(d)
    # Scientific: d.ddde+XX (at least two exponent digits).
    exp10 = e + len(ds) - 1
    sci = ds[0] + ('.' + ds[1:] if len(ds) > 1 else '') + 'e' + \
        ('-' if exp10 < 0 else '+') + '%02d' % abs(exp10)
    # Fixed.
    if e >= 0:
        fixed = str(int(Fraction(abs(x))))  # integral: exact digits
    else:
        point = len(ds) + e
        if point > 0:
            fixed = ds[:point] + '.' + ds[point:]
        else:
            fixed = '0.' + '0' * (-point) + ds
    return sign + (fixed if len(fixed) <= len(sci) else sci)


def fmt_value(v, ty):
    """v (an element of type ty: an int type of INT_TYPES or a float type of
    FMTS) as ptx-jit --print prints it."""
    if ty in INT_TYPES:
        bits, signed = INT_TYPES[ty]
        return str(wrap(v, bits, signed))
    return fmt_float(v, FMTS[ty])
