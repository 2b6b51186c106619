"""Fixed-width integers as CUDA and PTX see them: explicit wraparound, C's
truncating division, bit counts."""

INT_TYPES = {
    # name: (bits, signed)
    'u8': (8, False), 'u16': (16, False), 'u32': (32, False), 'u64': (64, False),
    's8': (8, True), 's16': (16, True), 's32': (32, True), 's64': (64, True),
    'b8': (8, False), 'b16': (16, False), 'b32': (32, False), 'b64': (64, False),
}

INT_MIN, INT_MAX = -2 ** 31, 2 ** 31 - 1
LL_MIN, LL_MAX = -2 ** 63, 2 ** 63 - 1


def wrap(v, bits, signed):
    """v reduced modulo 2**bits, as a signed or unsigned value."""
    v &= (1 << bits) - 1
    if signed and v >> (bits - 1):
        v -= 1 << bits
    return v


def s8(v): return wrap(v, 8, True)
def u8(v): return wrap(v, 8, False)
def s16(v): return wrap(v, 16, True)
def u16(v): return wrap(v, 16, False)
def s32(v): return wrap(v, 32, True)
def u32(v): return wrap(v, 32, False)
def s64(v): return wrap(v, 64, True)
def u64(v): return wrap(v, 64, False)


def cdiv(a, b):
    """C integer division: rounds toward zero."""
    assert b != 0
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def cmod(a, b):
    """C remainder: has the sign of the dividend."""
    return a - cdiv(a, b) * b


def popc(v): return bin(v).count('1')
