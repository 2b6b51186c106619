#!/usr/bin/env python3
"""ptx_jit_gpu.py - run a kernel of a PTX file on a real NVIDIA GPU.

A drop-in for `ptx-jit` (docs/ptx-jit.md, tools/ptx-jit/ptx-jit.cpp): the same
command line, the same buffer initialisation (zero, values, fill:, iota,
file:), the same `--print` / `--out` output byte for byte, but the kernel runs
on the GPU through the CUDA driver API (libcuda through ctypes: cuModuleLoadDataEx
on the PTX text, cuModuleGetFunction, cuMemAlloc, cuLaunchKernel). Users
compare ptxjit's results with their GPU runs; this tool produces the GPU side
of that comparison from the very same command line.

    ptx_jit_gpu.py FILE.ptx [ptx-jit options]

Options that only concern the CPU (--threads, --fp-path, --fp-contract) are
accepted and ignored. --time prints the module load time and each launch's
time. Buffers are device allocations (cuMemAlloc) initialised and read back
with plain copies; the kernel receives their device addresses. A tensor map
argument (--arg=tensormap:... or tensormap-im2col:..., see --help) is encoded
by the driver (cuTensorMapEncodeTiled / cuTensorMapEncodeIm2col) on its
buffer argument's device address and passed by value (128 bytes).
--buffer=TYPE[N]... is memory that is no kernel parameter (a tensor map's
tensor, say): a device allocation initialised and read back like a buffer
argument, numbered after the --arg list (with 5 --arg, the first --buffer is
argument 5 for --out, --print and a tensor map's buffer=), never passed to
the kernel; the parameter count check counts only the --arg options.

Options of this tool alone:
  --gpu-ptxas[=FLAGS]  compile with ptxas -arch=sm_XX FLAGS (space separated,
                       e.g. "-fmad=false") and load the cubin, instead of the
                       driver's PTX JIT (which compiles like ptxas -O3 with
                       its defaults: mul/add without a rounding modifier may
                       be contracted into fma)
  --gpu-device=N       the CUDA device (default 0)
  --gpu-dry-run        parse and initialise everything, launch nothing and
                       touch no GPU (tests the option parsing and printing
                       against the CPU ptx-jit with a kernel that does nothing;
                       tensor maps are parsed and checked, not encoded)

As a module, run(argv, stdout, stderr) -> exit status runs one command line
in this process, keeping the CUDA context and loaded modules between calls
(scripts/gpu/run_batch.py uses it to run many invocations in one process).

Exit status 0 on success; 1 on any input error, load error or launch error
(a message starting with "error:" on stderr).
"""
import ctypes
import hashlib
import math
import os
import re
import struct
import subprocess
import sys
import tempfile
import time
from decimal import Decimal
from fractions import Fraction


class Fail(Exception):
    """An input or runtime error: 'error: <message>', exit status 1."""


# ---------------------------------------------------------------------------
# Float formats
# ---------------------------------------------------------------------------

class Fmt:
    def __init__(self, name, ebits, mbits):
        self.name = name
        self.ebits = ebits
        self.mbits = mbits
        self.bits = 1 + ebits + mbits
        self.bias = (1 << (ebits - 1)) - 1
        self.emax = self.bias
        self.emin = 1 - self.bias
        self.sign_bit = 1 << (self.bits - 1)
        self.inf_bits = ((1 << ebits) - 1) << mbits
        self.qnan_bits = self.inf_bits | (1 << (mbits - 1))

    def value(self, bits):
        """Exact value (Fraction) of a finite non-negative pattern."""
        e = (bits >> self.mbits) & ((1 << self.ebits) - 1)
        m = bits & ((1 << self.mbits) - 1)
        if e == 0:
            return Fraction(m) * Fraction(2) ** (self.emin - self.mbits)
        return Fraction((1 << self.mbits) | m) * Fraction(2) ** (e - self.bias - self.mbits)

    def round(self, x, negative):
        """Rounds the exact non-negative Fraction x to nearest even; bits."""
        sign = self.sign_bit if negative else 0
        if x == 0:
            return sign
        # exponent of x: 2^e <= x < 2^(e+1)
        e = x.numerator.bit_length() - x.denominator.bit_length()
        if Fraction(2) ** e > x:
            e -= 1
        e = max(e, self.emin)
        quantum = Fraction(2) ** (e - self.mbits)
        q = x / quantum
        n = q.numerator // q.denominator
        rem = q - n
        if rem > Fraction(1, 2) or (rem == Fraction(1, 2) and (n & 1)):
            n += 1
        # n * quantum, n < 2^(mbits+1) (or == 2^(mbits+1) after rounding up)
        if n == 0:
            return sign
        if n >= (1 << (self.mbits + 1)):
            n >>= 1
            e += 1
        if n < (1 << self.mbits):  # subnormal (e == emin)
            return sign | n
        if e > self.emax:
            return sign | self.inf_bits
        return sign | ((e + self.bias) << self.mbits) | (n - (1 << self.mbits))

    def reads_back(self, text, bits):
        """Whether the decimal text rounds (nearest even) to the pattern."""
        negative = text.startswith('-')
        value = Fraction(Decimal(text.lstrip('+-')))
        return self.round(value, negative) == bits


F16 = Fmt('f16', 5, 10)
BF16 = Fmt('bf16', 8, 7)
F32 = Fmt('f32', 8, 23)
F64 = Fmt('f64', 11, 52)
FLOAT_FMT = {'f16': F16, 'bf16': BF16, 'f32': F32, 'f64': F64}


# ---------------------------------------------------------------------------
# Printing: std::to_chars (shortest round trip, fixed or scientific)
# ---------------------------------------------------------------------------

def _plain_norm(negative, digits, exp, exact=None):
    """std::to_chars plain format of digits * 10^exp: the shorter of fixed and
    scientific, fixed on a tie."""
    """exact: the exact magnitude (Fraction); in fixed notation an integer
    prints with its exact digits (libstdc++ and MSVC do), not the shortest
    ones padded with zeros."""
    n = len(digits)
    if exp >= 0:
        fixed = digits + '0' * exp
        if exact is not None and exp > 0:
            fixed = str(int(exact))
    elif n + exp > 0:
        fixed = digits[:n + exp] + '.' + digits[n + exp:]
    else:
        fixed = '0.' + '0' * (-(n + exp)) + digits
    sci_exp = exp + n - 1
    mant = digits[0] + ('.' + digits[1:] if n > 1 else '')
    sci = '%se%s%02d' % (mant, '-' if sci_exp < 0 else '+', abs(sci_exp))
    text = fixed if len(fixed) <= len(sci) else sci
    return ('-' if negative else '') + text


def _decimal_parts(text):
    """(negative, digits without trailing zeros, exponent) of a decimal."""
    t = Decimal(text).as_tuple()
    digits = ''.join(str(d) for d in t.digits)
    exp = t.exponent
    stripped = digits.rstrip('0')
    if not stripped:
        return bool(t.sign), '0', 0
    exp += len(digits) - len(stripped)
    lead = len(stripped) - len(stripped.lstrip('0'))
    return bool(t.sign), stripped[lead:], exp


def format_f64(d):
    if math.isnan(d):
        return '-nan' if math.copysign(1.0, d) < 0 else 'nan'
    if math.isinf(d):
        return '-inf' if d < 0 else 'inf'
    if d == 0:
        return '-0' if math.copysign(1.0, d) < 0 else '0'
    negative, digits, exp = _decimal_parts(repr(d))
    return _plain_norm(negative, digits, exp, Fraction(abs(d)))


def _shortest_digits(fmt, bits):
    """Shortest decimal (digits, exp) that rounds back to the positive finite
    nonzero pattern bits of fmt; among equally short ones the closest
    (what Ryu / std::to_chars produce)."""
    v = fmt.value(bits)
    # 10^e10 <= v < 10^(e10+1)
    e10 = math.floor(math.log10(float(v))) if float(v) > 0 else -400
    while Fraction(10) ** e10 > v:
        e10 -= 1
    while Fraction(10) ** (e10 + 1) <= v:
        e10 += 1
    for p in range(1, 40):
        scale = Fraction(10) ** (e10 - p + 1)
        q = v / scale
        lo = q.numerator // q.denominator
        best = None
        for cand in (lo, lo + 1):
            c = cand * scale
            if fmt.round(c, False) == bits:
                dist = abs(c - v)
                if best is None or dist < best[0] or (
                        dist == best[0] and cand % 2 == 0):
                    best = (dist, cand)
        if best is not None:
            cand = best[1]
            digits = str(cand)
            exp = e10 - p + 1
            stripped = digits.rstrip('0')
            exp += len(digits) - len(stripped)
            return stripped, exp
    raise AssertionError('no shortest form')


def format_f32(bits):
    negative = bool(bits & F32.sign_bit)
    mag = bits & ~F32.sign_bit & 0xffffffff
    if mag > F32.inf_bits:
        return '-nan' if negative else 'nan'
    if mag == F32.inf_bits:
        return '-inf' if negative else 'inf'
    if mag == 0:
        return '-0' if negative else '0'
    digits, exp = _shortest_digits(F32, mag)
    return _plain_norm(negative, digits, exp, F32.value(mag))


def format_half(bits, fmt):
    """tools/ptx-jit formatHalf: the fewest significant digits (scientific,
    correctly rounded from the value) that read back to the same 16-bit
    value, then printed as the shortest double of that decimal."""
    negative = bool(bits & fmt.sign_bit)
    mag = bits & ~fmt.sign_bit & 0xffff
    if mag > fmt.inf_bits:
        return '-nan' if negative else 'nan'
    if mag == fmt.inf_bits:
        return '-inf' if negative else 'inf'
    d = float(fmt.value(mag))
    if negative:
        d = -d
    for precision in range(1, 18):
        text = '%.*e' % (precision - 1, d)
        if fmt.reads_back(text, bits):
            return format_f64(float(text))
    return format_f64(d)


# ---------------------------------------------------------------------------
# --arg parsing (tools/ptx-jit/ptx-jit.cpp parseValue / parseArg)
# ---------------------------------------------------------------------------

ARG_TYPES = {}
for _n, _k, _b in [('u8', 'u', 8), ('u16', 'u', 16), ('u32', 'u', 32),
                   ('u64', 'u', 64), ('s8', 's', 8), ('s16', 's', 16),
                   ('s32', 's', 32), ('s64', 's', 64), ('b8', 'b', 8),
                   ('b16', 'b', 16), ('b32', 'b', 32), ('b64', 'b', 64),
                   ('f16', 'f', 16), ('bf16', 'f', 16), ('f32', 'f', 32),
                   ('f64', 'f', 64)]:
    ARG_TYPES[_n] = (_k, _b)

_DEC_RE = re.compile(r'^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d*)?$')
_HEXF_RE = re.compile(
    r'^([+-]?)0[xX]([0-9a-fA-F]*)(?:\.([0-9a-fA-F]*))?[pP]([+-]?\d+)$')


def parse_value(tname, text):
    """Little-endian bits of one VALUE of type tname; raises ValueError(why)."""
    kind, bits = ARG_TYPES[tname]
    text = text.strip()
    if kind == 'f':
        fmt = FLOAT_FMT[tname]
        t = text
        negative = t.startswith('-')
        if negative:
            t = t[1:]
        elif t.startswith('+'):
            t = t[1:]
        sign = fmt.sign_bit if negative else 0
        if t in ('inf', 'infinity'):
            return sign | fmt.inf_bits
        if t == 'nan':
            return sign | fmt.qnan_bits
        m = _HEXF_RE.match(text)
        if m and (m.group(2) or m.group(3)):
            mant = int((m.group(2) or '') + (m.group(3) or '') or '0', 16)
            exp = int(m.group(4)) - 4 * len(m.group(3) or '')
            value = Fraction(mant) * Fraction(2) ** exp
            return fmt.round(value, m.group(1) == '-')
        if _DEC_RE.match(text):
            value = Fraction(Decimal(t.rstrip('+-').rstrip('eE')))
            return fmt.round(value, negative)
        raise ValueError("'%s' is not a %s value" % (text, tname))
    t = text
    negative = t.startswith('-')
    if negative:
        t = t[1:]
    radix = 10
    if t[:2].lower() == '0x':
        radix = 16
        t = t[2:]
    digit_ok = all(c in '0123456789abcdefABCDEF' if radix == 16
                   else c in '0123456789' for c in t)
    if not t or not digit_ok:
        raise ValueError("'%s' is not an integer" % text)
    magnitude = int(t, radix)
    if magnitude >= 1 << 64:
        raise ValueError("'%s' is out of range for %s" % (text, tname))
    mask = (1 << bits) - 1
    if kind == 's':
        limit = 1 << (bits - 1)
        if ((not negative and magnitude >= limit and radix == 10) or
                (negative and magnitude > limit) or
                (radix == 16 and magnitude > mask)):
            raise ValueError("'%s' is out of range for %s" % (text, tname))
        return ((-magnitude) if negative else magnitude) & mask
    if negative or magnitude > mask:
        raise ValueError("'%s' is out of range for %s" % (text, tname))
    return magnitude


class Arg:
    def __init__(self):
        self.tname = None
        self.kind = None
        self.bits = 0
        self.is_buffer = False
        self.scalar = 0
        self.count = 0
        self.data = None  # bytearray of a buffer
        self.tensormap = None  # TensorMap of a tensormap argument
        self.where = None  # "--arg N ('SPEC')" for later messages

    @property
    def nbytes(self):
        return self.bits // 8


def _store(data, index, nbytes, value):
    data[index * nbytes:(index + 1) * nbytes] = value.to_bytes(nbytes, 'little')


def parse_arg(spec, position):
    arg = Arg()
    where = "--arg %d ('%s')" % (position, spec)
    arg.where = where
    for prefix, im2col in (('tensormap:', False), ('tensormap-im2col:', True)):
        if spec.startswith(prefix):
            arg.tname = 'tensormap'
            arg.kind = 'tensormap'
            arg.bits = 128 * 8
            arg.tensormap = parse_tensormap(spec[len(prefix):], im2col, where)
            return arg
    bracket = spec.find('[')
    colon = spec.find(':')
    if bracket >= 0 and (colon < 0 or bracket < colon):
        tname = spec[:bracket]
        if tname not in ARG_TYPES:
            raise Fail("%s: unknown type '%s'" % (where, tname))
        arg.tname = tname
        arg.kind, arg.bits = ARG_TYPES[tname]
        arg.is_buffer = True
        close = spec.find(']', bracket)
        if close < 0:
            raise Fail(where + ": missing ']'")
        count_text = spec[bracket + 1:close]
        if (not count_text.isdigit() or int(count_text) == 0 or
                int(count_text) > (1 << 32)):
            raise Fail(where + ': buffer size must be a positive integer')
        arg.count = int(count_text)
        nbytes = arg.nbytes
        try:
            arg.data = bytearray(arg.count * nbytes)
        except MemoryError:
            raise Fail('%s: cannot allocate %d bytes' %
                       (where, arg.count * nbytes))
        rest = spec[close + 1:]
        if not rest:
            return arg
        if not rest.startswith('='):
            raise Fail(where + ": expected '=' after ']'")
        rest = rest[1:]
        if rest == 'iota':
            for i in range(arg.count):
                try:
                    v = parse_value(tname, str(i))
                except ValueError:
                    raise Fail('%s: iota value %d does not fit %s' %
                               (where, i, tname))
                _store(arg.data, i, nbytes, v)
            return arg
        if rest.startswith('fill:'):
            try:
                v = parse_value(tname, rest[5:])
            except ValueError as e:
                raise Fail('%s: %s' % (where, e))
            arg.data[:] = v.to_bytes(nbytes, 'little') * arg.count
            return arg
        if rest.startswith('file:'):
            path = rest[5:]
            try:
                with open(path, 'rb') as f:
                    content = f.read()
            except OSError as e:
                raise Fail("%s: cannot read '%s': %s" %
                           (where, path, e.strerror or e))
            if len(content) != len(arg.data):
                raise Fail("%s: '%s' has %d bytes, expected %d" %
                           (where, path, len(content), len(arg.data)))
            arg.data[:] = content
            return arg
        values = rest.split(',')
        if len(values) > arg.count:
            raise Fail('%s: %d values for a buffer of %d' %
                       (where, len(values), arg.count))
        for i, text in enumerate(values):
            try:
                v = parse_value(tname, text)
            except ValueError as e:
                raise Fail('%s: %s' % (where, e))
            _store(arg.data, i, nbytes, v)
        return arg
    if colon < 0:
        raise Fail(where + ': expected TYPE:VALUE or TYPE[N]')
    tname = spec[:colon]
    if tname not in ARG_TYPES:
        raise Fail("%s: unknown type '%s'" % (where, tname))
    arg.tname = tname
    arg.kind, arg.bits = ARG_TYPES[tname]
    try:
        arg.scalar = parse_value(tname, spec[colon + 1:])
    except ValueError as e:
        raise Fail('%s: %s' % (where, e))
    return arg


# ---------------------------------------------------------------------------
# Tensor maps: --arg=tensormap:TYPE:KEY=VALUE:... passes a CUtensorMap (128
# opaque bytes) by value to a `.param .align 64 .b8 name[128]` parameter.
# The map is made by the driver itself (cuTensorMapEncodeTiled, or
# cuTensorMapEncodeIm2col for tensormap-im2col:), so the GPU side of a
# comparison uses NVIDIA's encoding, not ours.
# ---------------------------------------------------------------------------

# CUtensorMapDataType, in cuda.h order (UINT8 = 0 ... TFLOAT32_FTZ = 12), and
# the element sizes in bytes.
TENSORMAP_TYPES = ['u8', 'u16', 'u32', 's32', 'u64', 's64', 'f16', 'f32',
                   'f64', 'bf16', 'f32ftz', 'tf32', 'tf32ftz']
TENSORMAP_TYPE_SIZES = {'u8': 1, 'u16': 2, 'u32': 4, 's32': 4, 'u64': 8,
                        's64': 8, 'f16': 2, 'f32': 4, 'f64': 8, 'bf16': 2,
                        'f32ftz': 4, 'tf32': 4, 'tf32ftz': 4}

# The enum-valued keys: each name's index is the cuda.h enumerator
# (CUtensorMapSwizzle, CUtensorMapInterleave, CUtensorMapFloatOOBfill,
# CUtensorMapL2promotion); the first name is the default.
TENSORMAP_ENUMS = {
    'swizzle': ['none', '32B', '64B', '128B', '128B_atom_32B',
                '128B_atom_32B_flip_8B', '128B_atom_64B'],
    'interleave': ['none', '16B', '32B'],
    'fill': ['zero', 'nan'],
    'l2': ['none', '64B', '128B', '256B'],
}

TENSORMAP_TILED_KEYS = ('buffer', 'dims', 'strides', 'box', 'elementstrides')
TENSORMAP_IM2COL_KEYS = ('buffer', 'dims', 'strides', 'lower', 'upper',
                         'channels', 'pixels', 'elementstrides')


class TensorMap:
    """The operands of cuTensorMapEncodeTiled (im2col False) or
    cuTensorMapEncodeIm2col, all but the global address, which is the device
    address of the buffer argument `buffer`, known only at launch."""

    def __init__(self, im2col):
        self.im2col = im2col
        self.tname = None
        self.dtype = 0        # CUtensorMapDataType
        self.buffer = 0       # index of the buffer argument
        self.dims = []        # globalDim, innermost first
        self.strides = []     # globalStrides (bytes) of dims 1..rank-1
        self.box = []         # boxDim (tiled)
        self.lower = []       # pixelBoxLowerCorner (im2col), rank-2 values
        self.upper = []       # pixelBoxUpperCorner (im2col)
        self.channels = 0     # channelsPerPixel (im2col)
        self.pixels = 0       # pixelsPerColumn (im2col)
        self.estrides = []    # elementStrides, default all 1
        self.swizzle = 0
        self.interleave = 0
        self.fill = 0
        self.l2 = 0

    @property
    def rank(self):
        return len(self.dims)

    def extent_bytes(self):
        """Bytes from globalAddress to the end of the last element (the
        layout of cuda.h's globalStrides, interleave none)."""
        if 0 in self.dims:
            return 0  # no elements (the driver refuses such a map)
        end = self.dims[0] * TENSORMAP_TYPE_SIZES[self.tname]
        for dim, stride in zip(self.dims[1:], self.strides):
            end += (dim - 1) * stride
        return end


def _tensormap_list(where, key, text, signed, bits):
    """The values of a list key: decimal integers separated by 'x' (or ','),
    each signed or unsigned as the C array it fills; an empty text is the
    empty list (strides of a rank-1 tensor)."""
    if text == '':
        return []
    values = []
    for item in re.split(r'[x,]', text):
        if not re.match(r'^-?\d+$' if signed else r'^\d+$', item):
            raise Fail("%s: %s: '%s' is not %s integer" %
                       (where, key, item, 'an' if signed else 'an unsigned'))
        v = int(item)
        low, high = ((-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if signed
                     else (0, (1 << bits) - 1))
        if not low <= v <= high:
            raise Fail('%s: %s: %d is out of range for a %d-bit %s value' %
                       (where, key, v, bits,
                        'signed' if signed else 'unsigned'))
        values.append(v)
    return values


def parse_tensormap(text, im2col, where):
    """TYPE:KEY=VALUE:... of a tensormap argument (the text after
    'tensormap:' or 'tensormap-im2col:'). Checks the syntax and the number
    of values of each key; whether the driver accepts the values (alignment,
    box sizes, swizzle spans) is the driver's call, reported at launch."""
    tm = TensorMap(im2col)
    fields = text.split(':')
    tname = fields[0]
    if tname not in TENSORMAP_TYPES:
        raise Fail("%s: unknown tensor map type '%s' (expected one of %s)" %
                   (where, tname, ' '.join(TENSORMAP_TYPES)))
    tm.tname = tname
    tm.dtype = TENSORMAP_TYPES.index(tname)
    keys = (TENSORMAP_IM2COL_KEYS if im2col else TENSORMAP_TILED_KEYS) + \
        tuple(TENSORMAP_ENUMS)
    given = {}
    for field in fields[1:]:
        key, eq, value = field.partition('=')
        if not eq:
            raise Fail("%s: expected KEY=VALUE, got '%s'" % (where, field))
        if key not in keys:
            raise Fail("%s: unknown key '%s' (expected one of %s)" %
                       (where, key, ', '.join(keys)))
        if key in given:
            raise Fail("%s: '%s' given twice" % (where, key))
        given[key] = value
    required = (('buffer', 'dims', 'lower', 'upper', 'channels', 'pixels')
                if im2col else ('buffer', 'dims', 'box'))
    for key in required:
        if key not in given:
            raise Fail("%s: missing '%s='" % (where, key))

    tm.buffer = _tensormap_list(where, 'buffer', given['buffer'], False, 32)
    if len(tm.buffer) != 1:
        raise Fail('%s: buffer: expected one argument index' % where)
    tm.buffer = tm.buffer[0]
    tm.dims = _tensormap_list(where, 'dims', given['dims'], False, 64)
    rank = tm.rank
    if not 1 <= rank <= 5:
        raise Fail('%s: dims: %d value%s; a tensor has 1 to 5 dimensions' %
                   (where, rank, '' if rank == 1 else 's'))
    if im2col and rank < 3:
        raise Fail('%s: dims: %d values; an im2col tensor has 3 to 5 '
                   'dimensions' % (where, rank))

    def counted(key, count, signed, bits, default=None):
        if key not in given:
            if default is not None:
                return default
            raise Fail("%s: missing '%s='" % (where, key))
        values = _tensormap_list(where, key, given[key], signed, bits)
        if len(values) != count:
            raise Fail('%s: %s: %d value%s, expected %d for a rank-%d '
                       'tensor' % (where, key, len(values),
                                   '' if len(values) == 1 else 's', count,
                                   rank))
        return values

    tm.strides = counted('strides', rank - 1, False, 64,
                         default=[] if rank == 1 else None)
    tm.estrides = counted('elementstrides', rank, False, 32,
                          default=[1] * rank)
    if im2col:
        tm.lower = counted('lower', rank - 2, True, 32)
        tm.upper = counted('upper', rank - 2, True, 32)
        tm.channels = counted('channels', 1, False, 32)[0]
        tm.pixels = counted('pixels', 1, False, 32)[0]
    else:
        tm.box = counted('box', rank, False, 32)
    for key, names in TENSORMAP_ENUMS.items():
        value = given.get(key, names[0])
        if value not in names:
            raise Fail("%s: %s: unknown value '%s' (expected one of %s)" %
                       (where, key, value, ', '.join(names)))
        setattr(tm, key, names.index(value))
    return tm


def check_tensormaps(args):
    """The buffer of each tensormap argument: another argument that is a
    buffer and holds the whole tensor (the GPU would read or write past the
    allocation otherwise, silently)."""
    for arg in args:
        tm = arg.tensormap
        if tm is None:
            continue
        if tm.buffer >= len(args) or not args[tm.buffer].is_buffer:
            raise Fail('%s: buffer=%d is not a buffer argument' %
                       (arg.where, tm.buffer))
        size = len(args[tm.buffer].data)
        if tm.interleave == 0 and tm.extent_bytes() > size:
            raise Fail('%s: the tensor spans %d bytes, but buffer %d has %d' %
                       (arg.where, tm.extent_bytes(), tm.buffer, size))


def _c_array(ctype, values):
    """A C array of the values (at least one element: the driver is given a
    valid pointer even for the empty strides of a rank-1 tensor)."""
    return (ctype * max(1, len(values)))(*values)


def encode_tensormap(cu, tm, global_address, dst, where):
    """Writes the driver's CUtensorMap for tm to the 64-byte aligned host
    address dst."""
    lib = cu.lib
    name = 'cuTensorMapEncodeIm2col' if tm.im2col else 'cuTensorMapEncodeTiled'
    if not hasattr(lib, name):
        raise Fail('%s: the driver has no %s (CUDA 12 or later)' %
                   (where, name))
    head = (ctypes.c_void_p(dst), ctypes.c_int(tm.dtype),
            ctypes.c_uint32(tm.rank), ctypes.c_void_p(global_address),
            _c_array(ctypes.c_uint64, tm.dims),
            _c_array(ctypes.c_uint64, tm.strides))
    tail = (_c_array(ctypes.c_uint32, tm.estrides),
            ctypes.c_int(tm.interleave), ctypes.c_int(tm.swizzle),
            ctypes.c_int(tm.l2), ctypes.c_int(tm.fill))
    if tm.im2col:
        code = lib.cuTensorMapEncodeIm2col(
            *head, _c_array(ctypes.c_int, tm.lower),
            _c_array(ctypes.c_int, tm.upper), ctypes.c_uint32(tm.channels),
            ctypes.c_uint32(tm.pixels), *tail)
    else:
        code = lib.cuTensorMapEncodeTiled(
            *head, _c_array(ctypes.c_uint32, tm.box), *tail)
    if code != 0:
        raise Fail('%s: %s failed: %s' % (where, name, cu.error_name(code)))


def format_buffer(arg):
    nbytes = arg.nbytes
    out = []
    data = bytes(arg.data)
    for i in range(arg.count):
        v = int.from_bytes(data[i * nbytes:(i + 1) * nbytes], 'little')
        if arg.kind in ('u', 'b'):
            out.append(str(v))
        elif arg.kind == 's':
            if v >= 1 << (arg.bits - 1):
                v -= 1 << arg.bits
            out.append(str(v))
        elif arg.bits == 32:
            out.append(format_f32(v))
        elif arg.bits == 64:
            out.append(format_f64(struct.unpack('<d', struct.pack('<Q', v))[0]))
        else:
            out.append(format_half(v, FLOAT_FMT[arg.tname]))
    return ''.join(s + '\n' for s in out)


def parse_dim3(text):
    parts = text.split(',')
    if not parts or len(parts) > 3:
        return None
    values = [1, 1, 1]
    for i, p in enumerate(parts):
        p = p.strip()
        if not p.isdigit() or int(p) == 0 or int(p) >= 1 << 32:
            return None
        values[i] = int(p)
    return values


def parse_unsigned(option, text):
    if not text.isdigit() or int(text) >= 1 << 32:
        raise Fail("invalid value '%s' for %s" % (text, option))
    return int(text)


USAGE = (
    "usage: ptx-jit FILE.ptx [options]\n"
    "  --kernel=NAME        the .entry to launch (optional with one)\n"
    "  --grid=X[,Y[,Z]]     grid size in CTAs (default 1)\n"
    "  --block=X[,Y[,Z]]    CTA size in threads (default 1)\n"
    "  --shared=BYTES       dynamic shared memory per CTA (default 0)\n"
    "  --arg=SPEC           one per kernel parameter, in order\n"
    "  --buffer=TYPE[N]...  memory that is no parameter (a tensor map's\n"
    "                       tensor), numbered after the --arg list\n"
    "  --out=I:PATH         write buffer argument I to PATH (raw bytes)\n"
    "  --print=I            print buffer argument I, one element a line\n"
    "  --cluster=X[,Y[,Z]]  cluster shape in CTAs (default: the kernel's\n"
    "                       .reqnctapercluster, else 1)\n"
    "  --cooperative        launch as cuLaunchCooperativeKernel: all CTAs\n"
    "                       resident at once, grid.sync() works\n"
    "  --threads=N          host worker threads (default: all cores)\n"
    "  --repeat=N           launch N times\n"
    "  --time               print compile and launch times to stderr\n"
    "  --fp-path=P          .rz/.rm/.rp lowering: auto (default), avx512, "
    "portable\n"
    "  --fp-contract        allow add/mul without rounding modifier to "
    "fuse into fma\n"
    "SPEC: TYPE:VALUE | TYPE[N] | TYPE[N]=v,v,... | TYPE[N]=fill:V |\n"
    "      TYPE[N]=iota | TYPE[N]=file:PATH | TENSORMAP\n"
    "TYPE: u8 u16 u32 u64 s8 s16 s32 s64 b8 b16 b32 b64 f16 bf16 f32 "
    "f64\n"
    "TENSORMAP (a CUtensorMap by value, for a .b8 name[128] parameter):\n"
    "  tensormap:MTYPE:buffer=I:dims=D0xD1..:strides=S1x..:box=B0xB1..OPT\n"
    "  tensormap-im2col:MTYPE:buffer=I:dims=..:strides=..:lower=L..:"
    "upper=U..:\n"
    "    channels=C:pixels=P OPT\n"
    "  OPT: [:elementstrides=E0x..][:swizzle=none|32B|64B|128B|"
    "128B_atom_32B|\n"
    "    128B_atom_32B_flip_8B|128B_atom_64B][:interleave=none|16B|32B]\n"
    "    [:fill=zero|nan][:l2=none|64B|128B|256B]\n"
    "  MTYPE: u8 u16 u32 s32 u64 s64 f16 f32 f64 bf16 f32ftz tf32 "
    "tf32ftz\n")


# ---------------------------------------------------------------------------
# PTX: entries and their parameters (for kernel selection and checks)
# ---------------------------------------------------------------------------

_PARAM_SIZES = {'u8': 1, 's8': 1, 'b8': 1, 'u16': 2, 's16': 2, 'b16': 2,
                'f16': 2, 'bf16': 2, 'u32': 4, 's32': 4, 'b32': 4, 'f32': 4,
                'u64': 8, 's64': 8, 'b64': 8, 'f64': 8, 'f16x2': 4,
                'bf16x2': 4}


def strip_comments(text):
    text = re.sub(r'/\*.*?\*/', ' ', text, flags=re.S)
    return re.sub(r'//[^\n]*', '', text)


def ptx_entries(ptx_text):
    """[(name, [(param name, size, is_float)])] of the .entry functions."""
    text = strip_comments(ptx_text)
    entries = []
    for m in re.finditer(r'\.entry\s+([A-Za-z_$%][\w$]*)\s*\(?', text):
        name = m.group(1)
        params = []
        rest = text[m.end() - 1:] if text[m.end() - 1] == '(' else ''
        if rest.startswith('('):
            depth, end = 0, 0
            for i, c in enumerate(rest):
                if c == '(':
                    depth += 1
                elif c == ')':
                    depth -= 1
                    if depth == 0:
                        end = i
                        break
            for decl in rest[1:end].split(','):
                toks = decl.replace('[', ' [').split()
                if not toks:
                    continue
                ptype = None
                pname = None
                count = 1
                i = 0
                while i < len(toks):
                    tok = toks[i]
                    if tok == '.align':
                        i += 2
                        continue
                    if tok.startswith('.') and tok[1:] in _PARAM_SIZES and ptype is None:
                        ptype = tok[1:]
                    elif tok.startswith('['):
                        count = int(tok.strip('[]')) if tok.strip('[]') else 1
                    elif not tok.startswith('.'):
                        pname = tok
                    i += 1
                if ptype is None:
                    continue
                params.append((pname or '?', _PARAM_SIZES[ptype] * count,
                               ptype.startswith('f') and count == 1))
        entries.append((name, params))
    return entries


# ---------------------------------------------------------------------------
# CUDA driver API through ctypes
# ---------------------------------------------------------------------------

class Cuda:
    """The process-wide CUDA context and a cache of loaded modules."""

    def __init__(self, device=0):
        names = ['libcuda.so.1', 'libcuda.so']
        self.lib = None
        for n in names:
            try:
                self.lib = ctypes.CDLL(n)
                break
            except OSError:
                continue
        if self.lib is None:
            raise Fail('cannot load libcuda (no NVIDIA driver?)')
        self.check(self.lib.cuInit(0), 'cuInit')
        self.dev = ctypes.c_int()
        self.check(self.lib.cuDeviceGet(ctypes.byref(self.dev), device),
                   'cuDeviceGet')
        self.device_index = device
        self.ctx = ctypes.c_void_p()
        self.check(self.lib.cuDevicePrimaryCtxRetain(ctypes.byref(self.ctx),
                                                     self.dev),
                   'cuDevicePrimaryCtxRetain')
        self.check(self.lib.cuCtxSetCurrent(self.ctx), 'cuCtxSetCurrent')
        major, minor = ctypes.c_int(), ctypes.c_int()
        self.lib.cuDeviceGetAttribute(ctypes.byref(major), 75, self.dev)
        self.lib.cuDeviceGetAttribute(ctypes.byref(minor), 76, self.dev)
        self.sm = '%d%d' % (major.value, minor.value)
        self.modules = {}
        self.broken = False

    def error_name(self, code):
        p = ctypes.c_char_p()
        if self.lib.cuGetErrorName(code, ctypes.byref(p)) == 0 and p.value:
            return p.value.decode()
        return 'CUDA error %d' % code

    def check(self, code, what):
        if code != 0:
            raise Fail('%s failed: %s' % (what, self.error_name(code)))

    def reset(self):
        """After a sticky error (a trap, an illegal address): a fresh
        primary context, modules reloaded on demand."""
        self.modules.clear()
        self.lib.cuDevicePrimaryCtxRelease_v2(self.dev)
        self.lib.cuDevicePrimaryCtxReset_v2(self.dev)
        self.ctx = ctypes.c_void_p()
        self.check(self.lib.cuDevicePrimaryCtxRetain(ctypes.byref(self.ctx),
                                                     self.dev),
                   'cuDevicePrimaryCtxRetain')
        self.check(self.lib.cuCtxSetCurrent(self.ctx), 'cuCtxSetCurrent')

    def load(self, ptx_bytes, ptxas_flags):
        key = (hashlib.sha256(ptx_bytes).hexdigest(), ptxas_flags)
        if key in self.modules:
            return self.modules[key]
        module = ctypes.c_void_p()
        if ptxas_flags is None:
            log = ctypes.create_string_buffer(1 << 16)
            opts = (ctypes.c_int * 2)(5, 6)  # ERROR_LOG_BUFFER(_SIZE_BYTES)
            vals = (ctypes.c_void_p * 2)(ctypes.cast(log, ctypes.c_void_p),
                                         ctypes.c_void_p(len(log)))
            code = self.lib.cuModuleLoadDataEx(ctypes.byref(module),
                                               ctypes.c_char_p(ptx_bytes + b'\0'),
                                               2, opts, vals)
            if code != 0:
                raise Fail('cannot load the PTX (%s): %s' %
                           (self.error_name(code),
                            log.value.decode(errors='replace').strip()))
        else:
            ptxas = os.environ.get('PTXAS') or '/usr/local/cuda/bin/ptxas'
            with tempfile.TemporaryDirectory() as tmp:
                src = os.path.join(tmp, 'k.ptx')
                dst = os.path.join(tmp, 'k.cubin')
                with open(src, 'wb') as f:
                    f.write(ptx_bytes)
                cmd = [ptxas, '-arch=sm_' + self.sm] + ptxas_flags.split() + [
                    src, '-o', dst]
                proc = subprocess.run(cmd, stdout=subprocess.PIPE,
                                      stderr=subprocess.STDOUT)
                if proc.returncode != 0:
                    raise Fail('ptxas failed: ' +
                               proc.stdout.decode(errors='replace').strip())
                with open(dst, 'rb') as f:
                    cubin = f.read()
            code = self.lib.cuModuleLoadData(ctypes.byref(module),
                                             ctypes.c_char_p(cubin))
            if code != 0:
                raise Fail('cannot load the cubin: ' + self.error_name(code))
        self.modules[key] = module
        return module

    def function(self, module, name):
        fn = ctypes.c_void_p()
        code = self.lib.cuModuleGetFunction(ctypes.byref(fn), module,
                                            name.encode())
        if code != 0:
            return None
        return fn

    def param_count(self, fn):
        """Number of parameters by cuFuncGetParamInfo (None if unavailable)."""
        if not hasattr(self.lib, 'cuFuncGetParamInfo'):
            return None
        off, size = ctypes.c_size_t(), ctypes.c_size_t()
        n = 0
        while self.lib.cuFuncGetParamInfo(fn, ctypes.c_size_t(n),
                                          ctypes.byref(off),
                                          ctypes.byref(size)) == 0:
            n += 1
            if n > 4096:
                return None
        return n


_CUDA = None


def cuda(device):
    global _CUDA
    if _CUDA is None:
        _CUDA = Cuda(device)
    return _CUDA


# ---------------------------------------------------------------------------
# The command line
# ---------------------------------------------------------------------------

def _main(argv, stdout, stderr):
    file = None
    kernel_name = ''
    grid = [1, 1, 1]
    block = [1, 1, 1]
    shared = 0
    cluster = None
    cooperative = False
    args = []
    # --buffer: memory that is no kernel parameter (a tensor map's tensor,
    # say), numbered after the --arg list.
    extra_buffers = []
    outs = []
    prints = []
    repeat = 1
    timing = False
    ptxas_flags = None
    device = 0
    dry_run = False
    i = 0
    while i < len(argv):
        a = argv[i]

        def value(name):
            nonlocal i
            if not a.startswith(name):
                return None
            rest = a[len(name):]
            if rest.startswith('='):
                return rest[1:]
            if rest == '':
                if i + 1 >= len(argv):
                    raise Fail('missing value for ' + name)
                i += 1
                return argv[i]
            return None

        if a in ('--help', '-h'):
            stdout.write(USAGE)
            return 0
        if a == '--time':
            timing = True
        elif a == '--cooperative':
            cooperative = True
        elif a == '--fp-contract' or a == '--gpu-dry-run':
            dry_run = dry_run or a == '--gpu-dry-run'
        elif a == '--gpu-ptxas':
            ptxas_flags = ''
        elif a.startswith('--gpu-ptxas='):
            ptxas_flags = a[len('--gpu-ptxas='):]
        elif a.startswith('--gpu-device='):
            device = int(a[len('--gpu-device='):])
        elif (v := value('--kernel')) is not None:
            kernel_name = v
        elif (v := value('--grid')) is not None:
            grid = parse_dim3(v)
            if grid is None:
                raise Fail("invalid --grid '%s': expected X[,Y[,Z]] positive" % v)
        elif (v := value('--block')) is not None:
            block = parse_dim3(v)
            if block is None:
                raise Fail("invalid --block '%s': expected X[,Y[,Z]] positive" % v)
        elif (v := value('--cluster')) is not None:
            cluster = parse_dim3(v)
            if cluster is None:
                raise Fail("invalid --cluster '%s': expected X[,Y[,Z]] "
                           "positive" % v)
        elif (v := value('--shared')) is not None:
            shared = parse_unsigned('--shared', v)
        elif (v := value('--arg')) is not None:
            args.append(parse_arg(v, len(args)))
        elif (v := value('--buffer')) is not None:
            # As tools/ptx-jit: parsed like an --arg numbered among the
            # --buffer options alone, then it must be a buffer.
            extra_buffers.append(parse_arg(v, len(extra_buffers)))
            if not extra_buffers[-1].is_buffer:
                raise Fail("--buffer '%s': expected TYPE[N]..." % v)
        elif (v := value('--out')) is not None:
            index, _, path = v.partition(':')
            if not path:
                raise Fail("invalid --out '%s': expected I:PATH" % v)
            outs.append((parse_unsigned('--out', index), path))
        elif (v := value('--print')) is not None:
            prints.append(parse_unsigned('--print', v))
        elif (v := value('--fp-path')) is not None:
            if v not in ('auto', 'avx512', 'portable'):
                raise Fail("invalid --fp-path '%s': expected auto, avx512 or "
                           "portable" % v)
        elif (v := value('--threads')) is not None:
            parse_unsigned('--threads', v)
        elif (v := value('--repeat')) is not None:
            repeat = parse_unsigned('--repeat', v)
        elif a.startswith('-') and a != '-':
            raise Fail("unknown option '%s' (see --help)" % a)
        elif file is None:
            file = a
        else:
            raise Fail("more than one input file ('%s' and '%s')" % (file, a))
        i += 1
    if file is None:
        raise Fail('no input file (usage: ptx-jit FILE.ptx [options])')
    # The kernel's parameters are args[:num_args]; the --buffer memory
    # follows them, so that --out, --print and buffer= can name it.
    num_args = len(args)
    args = args + extra_buffers
    for option, indices in (('--out', [index for index, _ in outs]),
                            ('--print', prints)):
        for index in indices:
            if index < len(args) and args[index].tensormap is not None:
                raise Fail('%s=%d: argument %d is a tensor map, not a buffer' %
                           (option, index, index))
            if index >= len(args) or not args[index].is_buffer:
                raise Fail('%s=%d: argument %d is not a buffer' %
                           (option, index, index))
    check_tensormaps(args)
    try:
        with open(file, 'rb') as f:
            ptx_bytes = f.read()
    except OSError as e:
        raise Fail("cannot read '%s': %s" % (file, e.strerror or e))
    entries = ptx_entries(ptx_bytes.decode('utf-8', errors='replace'))
    if not kernel_name:
        if len(entries) != 1:
            raise Fail('the module has %d kernels; choose one with '
                       '--kernel=NAME' % len(entries))
        kernel_name = entries[0][0]
    params = dict(entries).get(kernel_name)
    if params is None:
        raise Fail("no kernel named '%s' (kernels: %s)" %
                   (kernel_name, ', '.join(n for n, _ in entries)))
    if num_args != len(params):
        raise Fail("kernel '%s' takes %d parameters, but %d --arg were given" %
                   (kernel_name, len(params), num_args))
    for k, (arg, (pname, psize, pfloat)) in enumerate(zip(args[:num_args],
                                                          params)):
        if arg.tensormap is not None:
            if psize != 128 or pfloat:
                raise Fail("--arg %d is a tensor map, but parameter '%s' is "
                           "not a .b8 [128] array (%d bytes)" %
                           (k, pname, psize))
        elif arg.is_buffer:
            if psize != 8 or pfloat:
                raise Fail("--arg %d is a buffer, but parameter '%s' is not a "
                           "64-bit address (%d bytes)" % (k, pname, psize))
        else:
            if arg.nbytes != psize:
                raise Fail("--arg %d is %s (%d bytes), but parameter '%s' has "
                           "%d bytes" % (k, arg.tname, arg.nbytes, pname, psize))
            if arg.kind == 'f' and not pfloat:
                raise Fail("--arg %d is %s, but parameter '%s' is an integer "
                           "(pass raw bits with a b%d value)" %
                           (k, arg.tname, pname, psize * 8))

    if not dry_run:
        _launch(ptx_bytes, kernel_name, args, grid, block, shared, repeat,
                timing, ptxas_flags, device, stderr, cluster, cooperative,
                num_args)

    for index, path in outs:
        try:
            with open(path, 'wb') as f:
                f.write(bytes(args[index].data))
        except OSError as e:
            raise Fail("cannot write '%s': %s" % (path, e.strerror or e))
    for index in prints:
        stdout.write(format_buffer(args[index]))
    return 0


class LaunchAttribute(ctypes.Structure):
    """CUlaunchAttribute: a 4-byte id, padding, a 64-byte value union."""
    _fields_ = [('id', ctypes.c_uint32), ('pad', ctypes.c_uint32),
                ('value', ctypes.c_uint32 * 16)]


class LaunchConfig(ctypes.Structure):
    """CUlaunchConfig of cuLaunchKernelEx."""
    _fields_ = [('grid', ctypes.c_uint32 * 3), ('block', ctypes.c_uint32 * 3),
                ('shared', ctypes.c_uint32), ('stream', ctypes.c_void_p),
                ('attrs', ctypes.POINTER(LaunchAttribute)),
                ('num_attrs', ctypes.c_uint32)]


ATTRIBUTE_COOPERATIVE = 2
ATTRIBUTE_CLUSTER_DIMENSION = 4


def _launch_once(lib, fn, grid, block, shared, params, cluster, cooperative):
    if cluster is None and not cooperative:
        return lib.cuLaunchKernel(fn, grid[0], grid[1], grid[2], block[0],
                                  block[1], block[2], shared, None, params,
                                  None)
    attrs = (LaunchAttribute * 2)()
    n = 0
    if cluster is not None:
        attrs[n].id = ATTRIBUTE_CLUSTER_DIMENSION
        attrs[n].value[0:3] = cluster
        n += 1
    if cooperative:
        attrs[n].id = ATTRIBUTE_COOPERATIVE
        attrs[n].value[0] = 1
        n += 1
    config = LaunchConfig()
    config.grid[0:3] = grid
    config.block[0:3] = block
    config.shared = shared
    config.attrs = attrs
    config.num_attrs = n
    return lib.cuLaunchKernelEx(ctypes.byref(config), fn, params, None)


def _launch(ptx_bytes, kernel_name, args, grid, block, shared, repeat, timing,
            ptxas_flags, device, stderr, cluster=None, cooperative=False,
            num_args=None):
    """args: the kernel's parameters (the first num_args, default all), then
    the --buffer memory, allocated, initialised and read back like buffer
    arguments but passed to no parameter."""
    if num_args is None:
        num_args = len(args)
    cu = cuda(device)
    lib = cu.lib
    start = time.perf_counter()
    module = cu.load(ptx_bytes, ptxas_flags)
    fn = cu.function(module, kernel_name)
    if fn is None:
        raise Fail("no kernel named '%s' in the loaded module" % kernel_name)
    if timing:
        stderr.write('compile: %.3f ms\n' % ((time.perf_counter() - start) * 1e3))
    n = cu.param_count(fn)
    if n is not None and n != num_args:
        raise Fail("kernel '%s' takes %d parameters, but %d --arg were given" %
                   (kernel_name, n, num_args))
    if shared > 48 * 1024:
        cu.check(lib.cuFuncSetAttribute(fn, 8, ctypes.c_int(shared)),
                 'cuFuncSetAttribute(MAX_DYNAMIC_SHARED_SIZE_BYTES)')
    dptrs = []
    holders = []  # keeps each parameter's storage alive
    slots = []    # the host address of each argument's value (the kernel
                  # gets the first num_args)
    try:
        for arg in args:
            if arg.tensormap is not None:
                # cuTensorMapEncode* wants 64-byte aligned storage; the
                # parameter is these 128 bytes, encoded below once every
                # buffer has its device address.
                storage = (ctypes.c_char * (128 + 63))()
                holders.append(storage)
                slots.append((ctypes.addressof(storage) + 63) & ~63)
            elif arg.is_buffer:
                d = ctypes.c_uint64()
                cu.check(lib.cuMemAlloc_v2(ctypes.byref(d),
                                           ctypes.c_size_t(len(arg.data))),
                         'cuMemAlloc')
                dptrs.append(d)
                buf = (ctypes.c_char * len(arg.data)).from_buffer(arg.data)
                cu.check(lib.cuMemcpyHtoD_v2(d, buf,
                                             ctypes.c_size_t(len(arg.data))),
                         'cuMemcpyHtoD')
                holders.append(d)
                slots.append(ctypes.addressof(d))
            else:
                holders.append(ctypes.create_string_buffer(
                    arg.scalar.to_bytes(8, 'little'), 8))
                slots.append(ctypes.addressof(holders[-1]))
        for arg, slot in zip(args, slots):
            if arg.tensormap is not None:
                encode_tensormap(cu, arg.tensormap,
                                 holders[arg.tensormap.buffer].value, slot,
                                 arg.where)
        params = (ctypes.c_void_p * max(1, num_args))(
            *[ctypes.c_void_p(slot) for slot in slots[:num_args]])
        for r in range(repeat):
            t0 = time.perf_counter()
            code = _launch_once(lib, fn, grid, block, shared, params,
                                cluster, cooperative)
            if code != 0:
                raise Fail('launch failed: %s' % cu.error_name(code))
            code = lib.cuCtxSynchronize()
            if code != 0:
                cu.broken = True
                raise Fail('kernel failed: %s' % cu.error_name(code))
            if timing:
                stderr.write('launch %d: %.3f ms\n' %
                             (r, (time.perf_counter() - t0) * 1e3))
        for arg, h in zip(args, holders):
            if arg.is_buffer:
                buf = (ctypes.c_char * len(arg.data)).from_buffer(arg.data)
                cu.check(lib.cuMemcpyDtoH_v2(buf, h,
                                             ctypes.c_size_t(len(arg.data))),
                         'cuMemcpyDtoH')
    finally:
        if not cu.broken:
            for d in dptrs:
                lib.cuMemFree_v2(d)
        else:
            cu.broken = False
            cu.reset()


def run(argv, stdout=None, stderr=None):
    """Runs one ptx-jit command line (argv without the program name)."""
    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    try:
        return _main(list(argv), stdout, stderr)
    except Fail as e:
        stderr.write('error: %s\n' % e)
        return 1


def main():
    sys.exit(run(sys.argv[1:]))


if __name__ == '__main__':
    main()
