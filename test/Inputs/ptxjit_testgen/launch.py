"""ptx-jit launches: kernel arguments as written on the command line
(`--arg=TYPE:VALUE`, `--arg=TYPE[N]=INIT`), their values as the kernel sees
them, their bytes in Inputs/*.bin, and the launch geometry."""

import math
import re
import struct
from fractions import Fraction

from .floats import BF16, FMTS, from_str, is_neg, representable
from .ints import INT_TYPES, wrap
from .printing import fmt_float, fmt_value, shortest_digits

# ----------------------------------------------------------------------------
# Element types: values and bytes
# ----------------------------------------------------------------------------

PACK = {'u8': '<B', 's8': '<b', 'u16': '<H', 's16': '<h', 'u32': '<I',
        's32': '<i', 'u64': '<Q', 's64': '<q', 'b32': '<I', 'b64': '<Q',
        'f16': '<e', 'f32': '<f', 'f64': '<d'}


def pack(v, ty):
    """The little-endian bytes of an element (bf16: the upper half of the
    f32 pattern, so v must be a bf16 value)."""
    if ty == 'bf16':
        assert representable(v, BF16)
        return struct.pack('<f', v)[2:]
    return struct.pack(PACK[ty], v)


def unpack(data, ty, n):
    """n elements of type ty from data (what pack wrote)."""
    if ty == 'bf16':
        return [struct.unpack('<f', b'\0\0' + data[2 * i:2 * i + 2])[0]
                for i in range(n)]
    return list(struct.unpack('<%d%s' % (n, PACK[ty][1]), data))


def size_of(ty):
    return 2 if ty == 'bf16' else struct.calcsize(PACK[ty])


def norm(v, ty):
    """A value as stored in an element of type ty: ints wrap around; a float
    may be given as a string, rounded as ptx-jit's parser rounds it, and must
    otherwise be a value of the type."""
    if ty in INT_TYPES:
        bits, signed = INT_TYPES[ty]
        return wrap(v, bits, signed)
    if isinstance(v, str):
        return from_str(v, FMTS[ty])
    v = float(v)
    assert representable(v, FMTS[ty]), 'not a %s value: %r' % (ty, v)
    return v


def spell(v, ty):
    """A list element or scalar as written on the ptx-jit command line:
    a string as given (e.g. a decimal that needs rounding), large unsigned
    ints in hex, integral floats in decimal, other floats as a short exact
    decimal (2.5) or else exactly in hex (0x1.8p-20)."""
    if isinstance(v, str):
        return v
    if ty in INT_TYPES:
        # Large unsigned values in hex, to exercise the 0x form.
        if not INT_TYPES[ty][1] and v >= 2 ** 31:
            return hex(v)
        return str(v)
    if math.isnan(v):
        return 'nan'
    if math.isinf(v):
        return 'inf' if v > 0 else '-inf'
    if v == 0:
        return '-0' if is_neg(v) else '0'
    if v == int(v) and abs(v) < 2 ** 24:
        return str(int(v))
    fmt = FMTS[ty]
    d, e = shortest_digits(abs(v), fmt)
    if Fraction(d) * Fraction(10) ** e == Fraction(v) and len(str(d)) <= 6:
        return fmt_float(v, fmt)  # an exact short decimal, e.g. 2.5
    h = v.hex()  # exact: e.g. 0x1.8000000000000p+1 -> 0x1.8p+1
    h = re.sub(r'\.?0+p', 'p', h)
    return h


# ----------------------------------------------------------------------------
# Kernel arguments
# ----------------------------------------------------------------------------


class Scalar:
    """--arg=TYPE:VALUE. value: as the kernel sees it; raw: as written."""

    def __init__(self, ty, v):
        self.ty, self.value = ty, norm(v, ty)
        self.raw = v

    def spec(self):
        return '%s:%s' % (self.ty, spell(self.raw, self.ty))


class Buffer:
    """TYPE[N] with an initialiser: None (zero), a list, ('fill', v),
    'iota', or ('file', values) to go through Inputs/*.bin (the test writer
    sets .file)."""

    def __init__(self, ty, n, init=None):
        self.ty, self.n, self.init = ty, n, init
        if init is None:
            self.value = [norm(0, ty)] * n
        elif init == 'iota':
            self.value = [norm(i, ty) for i in range(n)]
        elif isinstance(init, tuple) and init[0] == 'fill':
            self.value = [norm(init[1], ty)] * n
        elif isinstance(init, tuple) and init[0] == 'file':
            assert len(init[1]) == n
            self.value = [norm(v, ty) for v in init[1]]
        else:
            assert len(init) == n, (len(init), n)
            self.value = [norm(v, ty) for v in init]
        self.file = None

    def from_file(self):
        return isinstance(self.init, tuple) and self.init[0] == 'file'

    def spec(self):
        head = '%s[%d]' % (self.ty, self.n)
        init = self.init
        if init is None:
            return head
        if init == 'iota':
            return head + '=iota'
        if isinstance(init, tuple) and init[0] == 'fill':
            return head + '=fill:' + spell(init[1], self.ty)
        if self.from_file():
            return head + '=file:%S/Inputs/' + self.file
        return head + '=' + ','.join(spell(v, self.ty) for v in init)

    def raw(self, j):
        """Element j as spelled on the command line (for comments)."""
        init = self.init
        if isinstance(init, list):
            return spell(init[j], self.ty)
        if self.from_file():
            return spell(init[1][j], self.ty)
        return fmt_value(self.value[j], self.ty)

    def data(self):
        return b''.join(pack(v, self.ty) for v in self.value)


S = Scalar
B = Buffer
def FILE(values): return ('file', list(values))
def FILL(v): return ('fill', v)


# ----------------------------------------------------------------------------
# Launches
# ----------------------------------------------------------------------------


def dim3(d):
    d = tuple(d) if isinstance(d, (tuple, list)) else (d,)
    return d + (1,) * (3 - len(d))


def dimspec(d):
    """A grid or block as ptx-jit's --grid= / --block= take it."""
    d = d if isinstance(d, (tuple, list)) else (d,)
    return ','.join(str(x) for x in d)


class Launch:
    """One ptx-jit launch and the expected contents of buffer print_idx.

    grid: None for ptx-jit's default (1). args: Scalar and Buffer objects.
    model(grid, block, *values) updates the argument values in place (lists
    for buffers) as the kernel does. comment: what the case checks (lines of
    text). opts: more ptx-jit options; shared: --shared=BYTES.
    """

    def __init__(self, prefix, kernel, grid, block, args, model, print_idx,
                 comment, opts='', shared=None):
        self.prefix, self.kernel = prefix, kernel
        self.grid, self.block = grid, block
        self.args, self.model, self.print_idx = args, model, print_idx
        self.comment, self.opts, self.shared = comment, opts, shared

    def expected_values(self):
        vals = [a.value if isinstance(a, Scalar) else list(a.value)
                for a in self.args]
        grid = 1 if self.grid is None else self.grid  # --grid defaults to 1
        self.model(grid, self.block, *vals)
        return vals[self.print_idx]

    def expected(self):
        """The expected --print lines."""
        ty = self.args[self.print_idx].ty
        return [fmt_value(v, ty) for v in self.expected_values()]
