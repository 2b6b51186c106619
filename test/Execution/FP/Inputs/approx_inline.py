"""Inputs for approx_inline.ptx, and the check of its six outputs
(sin, sin.ftz, cos, cos.ftz, ex2, ex2.ftz .approx.f32) against Python's
f64 math library: each result must be the f64 value rounded to nearest f32,
or either neighbour where that value lies within 2^-44 (relative) of a
rounding boundary. The ISA allows far more (sin/cos: 2^-20.5 absolute on
[-2pi, 2pi]; ex2: 2 ulp); ptxjit computes them within 0.5 + 2^-26 ulp.

  approx_inline.py gen PATH      writes the inputs (f32, little-endian)
  approx_inline.py check IN OUT  checks the outputs
"""
import math
import random
import struct
import sys

NAN = 0x7FFFFFFF


def f32_of_bits(b):
    return struct.unpack("<f", struct.pack("<I", b))[0]


def bits_of_f32(x):
    try:
        return struct.unpack("<I", struct.pack("<f", x))[0]
    except OverflowError:
        return 0x7F800000 if x > 0 else 0xFF800000


def inputs():
    rng = random.Random(20261130)
    xs = [0, 0x80000000, 0x7F800000, 0xFF800000, 0x7FC00000, 0x7FA00000,
          0xFFC00001, 1, 0x80000001, 0x007FFFFF, 0x807FFFFF, 0x00800000,
          0x80800000, 0x7F7FFFFF, 0xFF7FFFFF]
    # Around multiples of pi/2: the zeros and extrema of sin and cos.
    for k in range(1, 3000):
        for sign in (1, -1):
            b = bits_of_f32(sign * k * math.pi / 2)
            xs += [b + d for d in range(-2, 3)]
    # Around the integers and the ends of ex2's range.
    for k in range(-160, 131):
        b = bits_of_f32(float(k))
        xs += [(b + d) & 0xFFFFFFFF for d in range(-3, 4)]
    for v in (128.0, -126.0, -149.0, -150.0, -151.0, 127.0):
        b = bits_of_f32(v)
        xs += [b + d for d in range(-300, 301)]
    # Uniform over all bit patterns, and over [-200, 200] and [-1, 1].
    xs += [rng.getrandbits(32) for _ in range(40000)]
    xs += [bits_of_f32(rng.uniform(-200, 200)) for _ in range(20000)]
    xs += [bits_of_f32(rng.uniform(-1, 1)) for _ in range(10000)]
    return xs


def is_nan(b):
    return (b & 0x7FFFFFFF) > 0x7F800000


def is_subnormal(b):
    return (b & 0x7F800000) == 0 and (b & 0x7FFFFF) != 0


def flushed(b):
    return b & 0x80000000 if is_subnormal(b) else b


def candidates(ref):
    """The f32 patterns acceptable for the f64 value ref."""
    if math.isinf(ref):
        return {bits_of_f32(ref)}
    nearest = bits_of_f32(ref)
    out = {nearest}
    if ref == 0:
        return out
    # The neighbour on the other side of ref, and the midpoint between.
    near = f32_of_bits(nearest)
    if math.isinf(near):
        return out
    step = 1 if (ref > near) == (ref > 0) else -1
    other = nearest + step if near != 0 or step > 0 else nearest
    if 0 <= other <= 0xFFFFFFFF and not math.isinf(f32_of_bits(other)):
        mid = (near + f32_of_bits(other)) / 2
        if abs(ref - mid) <= abs(ref) * 2.0 ** -44:
            out.add(other)
    return out


def expected(fn, b, ftz):
    """The set of acceptable result patterns of fn on input pattern b."""
    if is_nan(b):
        return {NAN}
    if ftz:
        b = flushed(b)
    x = f32_of_bits(b)
    if fn in ("sin", "cos"):
        if math.isinf(x):
            return {NAN}
        if x == 0:
            return {b} if fn == "sin" else {0x3F800000}
        ref = math.sin(x) if fn == "sin" else math.cos(x)
    else:
        if math.isinf(x):
            return {0} if x < 0 else {0x7F800000}
        if x >= 128:
            return {0x7F800000}
        ref = 2.0 ** x
    out = candidates(ref)
    return {flushed(c) for c in out} if ftz else out


def main():
    if sys.argv[1] == "gen":
        xs = inputs()
        with open(sys.argv[2], "wb") as f:
            f.write(struct.pack("<%dI" % len(xs), *xs))
        print(len(xs))
        return
    data = open(sys.argv[2], "rb").read()
    xs = struct.unpack("<%dI" % (len(data) // 4), data)
    n = len(xs)
    out = open(sys.argv[3], "rb").read()
    got = struct.unpack("<%dI" % (len(out) // 4), out)
    assert len(got) == 6 * n, (len(got), n)
    failures = 0
    forms = [("sin", False), ("sin", True), ("cos", False), ("cos", True),
             ("ex2", False), ("ex2", True)]
    for j, (fn, ftz) in enumerate(forms):
        for i, b in enumerate(xs):
            want = expected(fn, b, ftz)
            g = got[j * n + i]
            if g not in want:
                failures += 1
                if failures <= 10:
                    print("%s%s(%08x = %r): got %08x, expected %s"
                          % (fn, ".ftz" if ftz else "", b, f32_of_bits(b), g,
                             " or ".join("%08x" % w for w in sorted(want))))
    print("%d inputs, 6 forms: %d failures" % (n, failures))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
