#!/usr/bin/env python3
"""tma_model.py - an independent model of what a GPU's TMA writes.

The tests of test/Execution/TMA run ptx-jit kernels that move one box of a
tensor between global and shared memory with cp.async.bulk.tensor (and
cp.reduce.async.bulk.tensor .add) and compare the bytes with this model.
The model is written from the documents, not from ptxjit's code:

  - PTX ISA 5.5 "Tensors" (tiled mode, bounding box, traversal stride,
    out-of-bound access, swizzling modes) and 9.7.9.25.5 "Tensor copy"
    (cp.async.bulk.tensor, cp.reduce.async.bulk.tensor);
  - cuda.h's documentation of cuTensorMapEncodeTiled (globalDim,
    globalStrides, boxDim, elementStrides, swizzle, oobFill and their
    limits).

It covers the tiled mode with interleave none, which is what the tests use:

  load        global -> shared. The box at coordinates c (s32 each, which
              may be negative or past the end) is written to shared memory
              densely, dimension 0 innermost. Along dimension i it visits
              ceil(box[i] / elementstrides[i]) elements at c[i],
              c[i] + elementstrides[i], ... (elementstrides[0] is ignored,
              as cuda.h says for interleave none). An element outside
              [0, dims[i]) in any dimension is filled with zero, or with
              --fill nan with the OOB-NaN, whose bit pattern the ISA does
              not give: --nan-bits is a parameter of the model, by default
              0x7ff7 in every 16 bits, which an H100 writes. Rows of the
              inner dimension lie one swizzle span apart when the box is
              swizzled (also when shorter: an H100 leaves the rest alone),
              and each byte offset is then swizzled (see swizzle()). A tf32
              tensor's words are rounded to tf32 as they load (an H100 does).
  store       shared -> global, the inverse: the elements of the box that
              lie inside the tensor are written from the swizzled shared
              bytes; elements outside it are skipped.
  reduce-add  like store, but each element is added to the global one:
              integers wrap at the type's width, f32/f16/bf16 round to
              nearest even (the types of the ISA's .add row).

The global file holds the tensor at globalAddress: element (i0, i1, ...) at
byte i0 * elemsize + sum over k >= 1 of i_k * strides[k-1]. The shared file
holds the box from a 1024-byte aligned base (the base at which every swizzle
pattern starts at its first row), box bytes = product of
ceil(box[i] / elementstrides[i]) (1 for i = 0) times the element size.

Command line (a list value is 'x' separated, e.g. 64x48 or 3x-2; write a
list that starts with '-' as --coords=-1x2 or --coords -1x2):

  tma_model.py load --type T --dims D0xD1.. [--strides S1x..] --box B0xB1..
               [--elementstrides E0x..] [--swizzle MODE] [--fill zero|nan]
               [--nan-bits HEX] --coords C0xC1.. --global FILE --out FILE
      writes the shared bytes of the box to --out.
  tma_model.py store|reduce-add --type T --dims .. [--strides ..] --box ..
               [--elementstrides ..] [--swizzle MODE] [--f32-ftz]
               --coords .. --global FILE --shared FILE --out FILE
      writes the new global bytes to --out (--global is not changed).
  tma_model.py gen FILE BYTES SEED         pseudo-random bytes
  tma_model.py gen-f16 FILE COUNT SEED     finite f16 values in [-4, 4]
  tma_model.py gen-u32 FILE COUNT SEED     pseudo-random u32 values
  tma_model.py compare A B                 "N of M bytes differ" and the
                                           first differing offsets; exit 0
  tma_model.py selftest                    the model's own checks

T: u8 u16 u32 s32 u64 s64 f16 f32 f64 bf16 f32ftz tf32 tf32ftz (the
CUtensorMapDataType names). MODE: none 32B 64B 128B 128B_atom_32B
128B_atom_32B_flip_8B 128B_atom_64B.

Errors (a map cuTensorMapEncodeTiled would refuse, files of the wrong size)
print "error: ..." and exit with status 1.
"""
import argparse
import itertools
import math
import struct
import sys
from fractions import Fraction


class ModelError(Exception):
    """An input the model refuses: 'error: <message>', exit status 1."""


# ---------------------------------------------------------------------------
# Element types
# ---------------------------------------------------------------------------

# CUtensorMapDataType name -> (bytes, kind): 'u' unsigned, 's' signed,
# 'f' floating point.
TYPES = {
    'u8': (1, 'u'), 'u16': (2, 'u'), 'u32': (4, 'u'), 's32': (4, 's'),
    'u64': (8, 'u'), 's64': (8, 's'), 'f16': (2, 'f'), 'f32': (4, 'f'),
    'f64': (8, 'f'), 'bf16': (2, 'f'), 'f32ftz': (4, 'f'), 'tf32': (4, 'f'),
    'tf32ftz': (4, 'f'),
}
# f32ftz, tf32 and tf32ftz are moved as raw 4-byte words. Whether a GPU
# flushes or rounds them on the way is not documented, so the model does not
# guess; a test that relies on it should be checked on a GPU first.

# The types cp.reduce.async.bulk.tensor .add accepts (PTX ISA 9.7.9.25.5.3).
REDUCE_ADD_TYPES = ('u32', 's32', 'u64', 'f32', 'f16', 'bf16')

# Binary floating-point formats: (exponent bits, stored mantissa bits).
FLOAT_FORMATS = {'f16': (5, 10), 'bf16': (8, 7), 'f32': (8, 23)}

# The NaN an add produces from NaN inputs or inf - inf: the GPU's canonical
# NaN of each width (an assumption of the model; tests use finite values).
CANONICAL_NAN = {'f16': 0x7fff, 'bf16': 0x7fff, 'f32': 0x7fffffff}


# ---------------------------------------------------------------------------
# Swizzling (PTX ISA 5.5.7)
# ---------------------------------------------------------------------------

SWIZZLE_MODES = ('none', '32B', '64B', '128B', '128B_atom_32B',
                 '128B_atom_32B_flip_8B', '128B_atom_64B')

# The widest box row (boxDim[0] * element size) each mode allows (cuda.h).
SWIZZLE_SPAN = {'none': None, '32B': 32, '64B': 64, '128B': 128,
                '128B_atom_32B': 128, '128B_atom_32B_flip_8B': 128,
                '128B_atom_64B': 128}


def swizzle(offset, mode):
    """The shared-memory byte offset, from a 1024-byte aligned base, at which
    the TMA puts byte `offset` of the dense box (and from which a store
    reads it).

    Read from the ISA's tables (5.5.7): each row of a table is one 128-byte
    shared memory line, each cell a 16-byte granule (32 or 64 bytes for the
    "atomicity" sub-modes), and line r holds the granules of the dense line
    in the order granule ^ (r mod the pattern's height). So the mode XORs a
    granule index with the low bits of the line number, offset >> 7:

      32B                    o ^ (((o >> 7) & 1) << 4)   2 lines of 16B cells
      64B                    o ^ (((o >> 7) & 3) << 4)   4 lines
      128B                   o ^ (((o >> 7) & 7) << 4)   8 lines
      128B_atom_32B          o ^ (((o >> 7) & 3) << 5)   32B cells, 4 lines
      128B_atom_32B_flip_8B  as 128B_atom_32B, and the two 8-byte halves of
                             each 16 bytes swapped on odd lines (bit 3)
      128B_atom_64B          o ^ (((o >> 7) & 1) << 6)   64B cells, 2 lines

    The mapping only moves whole 8-byte (flip) or 16-byte pieces, so an
    element (at most 8 bytes, aligned) stays in one piece. This reading of
    the tables is checked against a GPU (an H100) by the TMA tests' GPU runs
    (scripts/gpu/ptx_jit_gpu.py); the flip mode's "alternate shared memory
    line" is the least certain part of it.
    """
    line = offset >> 7
    if mode == 'none':
        return offset
    if mode == '32B':
        return offset ^ ((line & 1) << 4)
    if mode == '64B':
        return offset ^ ((line & 3) << 4)
    if mode == '128B':
        return offset ^ ((line & 7) << 4)
    if mode == '128B_atom_32B':
        return offset ^ ((line & 3) << 5)
    if mode == '128B_atom_32B_flip_8B':
        return offset ^ ((line & 3) << 5) ^ ((line & 1) << 3)
    if mode == '128B_atom_64B':
        return offset ^ ((line & 1) << 6)
    raise ModelError("unknown swizzle mode '%s'" % mode)


# ---------------------------------------------------------------------------
# The tensor map and its box
# ---------------------------------------------------------------------------

class TensorMap:
    """The parameters of cuTensorMapEncodeTiled that decide what the TMA
    moves (interleave none), checked against cuda.h's limits so the model
    only describes maps a driver would encode."""

    def __init__(self, tname, dims, strides, box, estrides=None,
                 swizzle_mode='none', fill='zero', nan_bits=None):
        if tname not in TYPES:
            raise ModelError("unknown type '%s' (expected one of %s)" %
                             (tname, ' '.join(TYPES)))
        self.tname = tname
        self.esize, self.kind = TYPES[tname]
        rank = len(dims)
        if not 1 <= rank <= 5:
            raise ModelError('dims: %d values; a tensor has 1 to 5 '
                             'dimensions' % rank)
        estrides = list(estrides) if estrides else [1] * rank
        for name, values, count in (('strides', strides, rank - 1),
                                    ('box', box, rank),
                                    ('elementstrides', estrides, rank)):
            if len(values) != count:
                raise ModelError('%s: %d values, expected %d for a rank-%d '
                                 'tensor' % (name, len(values), count, rank))
        for d in dims:
            if not 1 <= d <= 1 << 32:
                raise ModelError('dims: %d is not in [1, 2^32]' % d)
        for s in strides:
            if s % 16 or not 0 < s < 1 << 40:
                raise ModelError('strides: %d is not a positive multiple of '
                                 '16 below 2^40' % s)
        for b in box:
            if not 1 <= b <= 256:
                raise ModelError('box: %d is not in [1, 256]' % b)
        for e in estrides:
            if not 1 <= e <= 8:
                raise ModelError('elementstrides: %d is not in [1, 8]' % e)
        row = box[0] * self.esize
        if row % 16:
            raise ModelError('box: a row of %d bytes is not a multiple of 16 '
                             '(box[0] * element size)' % row)
        if swizzle_mode not in SWIZZLE_MODES:
            raise ModelError("unknown swizzle mode '%s' (expected one of %s)" %
                             (swizzle_mode, ', '.join(SWIZZLE_MODES)))
        span = SWIZZLE_SPAN[swizzle_mode]
        if span is not None and row > span:
            raise ModelError('box: a row of %d bytes is wider than the %s '
                             'swizzle allows (%d)' % (row, swizzle_mode, span))
        if fill not in ('zero', 'nan'):
            raise ModelError("unknown fill '%s' (expected zero or nan)" % fill)
        if fill == 'nan' and self.kind != 'f':
            raise ModelError('fill nan needs a floating-point type, not %s '
                             '(cuda.h, oobFill)' % tname)
        bits = self.esize * 8
        if nan_bits is None:
            # An H100's OOB-NaN: 0x7ff7 in every 16 bits.
            nan_bits = int('7ff7' * (bits // 16), 16) if bits >= 16 else 0
        if not 0 <= nan_bits < 1 << bits:
            raise ModelError('nan-bits: %#x does not fit %d bits' %
                             (nan_bits, bits))
        self.dims = list(dims)
        self.strides = list(strides)
        self.box = list(box)
        self.estrides = list(estrides)
        self.swizzle = swizzle_mode
        self.fill = fill
        self.nan_bits = nan_bits
        # A row of the inner dimension every swizzle span, also when the
        # row is shorter: what an H100 does (docs/status.md).
        self.pitch = max(row, span or 0)

    @property
    def rank(self):
        return len(self.dims)

    def counts(self):
        """Elements the box visits along each dimension: ceil(box / stride),
        with the dimension-0 stride taken as 1 (cuda.h: "the first element
        of this array is ignored" for interleave none)."""
        steps = self.steps()
        return [-(-b // e) for b, e in zip(self.box, steps)]

    def steps(self):
        return [1] + self.estrides[1:]

    def box_bytes(self):
        """The bytes of the box's elements (the complete-tx count)."""
        return math.prod(self.counts()) * self.esize

    def shared_bytes(self):
        """The shared-memory footprint: one pitch a row."""
        counts = self.counts()
        return math.prod(counts[1:]) * self.pitch

    def global_bytes(self):
        """Bytes of the tensor from globalAddress to its last element's end."""
        end = self.dims[0] * self.esize
        for d, s in zip(self.dims[1:], self.strides):
            end += (d - 1) * s
        return end

    def global_offset(self, index):
        """Byte offset of element `index` (innermost first) from
        globalAddress."""
        return index[0] * self.esize + sum(
            i * s for i, s in zip(index[1:], self.strides))

    def box_elements(self, coords):
        """(shared offset, global offset or None) of each element of the box
        at `coords`, in shared-memory order: dimension 0 innermost. The
        shared offset is the swizzled one; the global offset is None for an
        element outside the tensor."""
        if len(coords) != self.rank:
            raise ModelError('coords: %d values for a rank-%d tensor' %
                             (len(coords), self.rank))
        for c in coords:
            if not -(1 << 31) <= c < 1 << 31:
                raise ModelError('coords: %d is not an s32' % c)
        axes = [[c + k * e for k in range(n)]
                for c, e, n in zip(coords, self.steps(), self.counts())]
        limit = self.shared_bytes()
        count0 = self.counts()[0]
        # product() varies its last factor fastest: give it dimension 0.
        for n, reversed_index in enumerate(
                itertools.product(*reversed(axes))):
            index = reversed_index[::-1]
            inside = all(0 <= i < d for i, d in zip(index, self.dims))
            unswizzled = n // count0 * self.pitch + n % count0 * self.esize
            shared = swizzle(unswizzled, self.swizzle)
            if shared + self.esize > limit:
                raise ModelError(
                    'the %s swizzle moves byte %d of the box to %d, past its '
                    '%d bytes; the model does not cover this box'
                    % (self.swizzle, unswizzled, shared, limit))
            yield shared, (self.global_offset(index) if inside else None)


def load(tm, coords, global_data):
    """The shared bytes cp.async.bulk.tensor (tile) writes for the box at
    `coords` of the tensor in `global_data`."""
    need_global(tm, global_data)
    n = tm.esize
    fill = (tm.nan_bits if tm.fill == 'nan' else 0).to_bytes(n, 'little')
    shared = bytearray(tm.shared_bytes())
    for s, g in tm.box_elements(coords):
        value = fill if g is None else global_data[g:g + n]
        if g is not None and tm.tname in ('tf32', 'tf32ftz'):
            value = round_tf32(int.from_bytes(value, 'little')).to_bytes(
                4, 'little')
        shared[s:s + n] = value
    return shared


def round_tf32(bits):
    """An f32 word as a tf32 tensor loads it: an H100 rounds the mantissa
    to 10 bits, to nearest (ties away from zero assumed: cvt.rna.tf32.f32);
    infinities stay, NaNs stay NaNs."""
    if bits & 0x7f800000 == 0x7f800000:
        return (bits & 0xffffe000) | 0x00400000 if bits & 0x7fffff else bits
    return (bits + 0x1000) & 0xffffe000


def store(tm, coords, global_data, shared, add=None):
    """The global bytes after cp.async.bulk.tensor (tile) stores the box at
    `coords` from `shared`; with `add` (a function of two element integers)
    after cp.reduce.async.bulk.tensor. Elements outside the tensor are not
    written. The ISA restricts the .global.shared::cta direction to
    non-negative coordinates (9.7.9.25.5.1); the model still clips them."""
    need_global(tm, global_data)
    if len(shared) != tm.shared_bytes():
        raise ModelError('the shared file has %d bytes, the box %d' %
                         (len(shared), tm.shared_bytes()))
    n = tm.esize
    out = bytearray(global_data)
    for s, g in tm.box_elements(coords):
        if g is None:
            continue
        value = shared[s:s + n]
        if add is not None:
            a = int.from_bytes(out[g:g + n], 'little')
            b = int.from_bytes(value, 'little')
            value = add(a, b).to_bytes(n, 'little')
        out[g:g + n] = value
    return out


def need_global(tm, global_data):
    if len(global_data) < tm.global_bytes():
        raise ModelError('the global file has %d bytes; the tensor spans %d' %
                         (len(global_data), tm.global_bytes()))


# ---------------------------------------------------------------------------
# Reduction arithmetic
# ---------------------------------------------------------------------------

def _float_value(bits, ebits, mbits):
    """Exact value (Fraction) of a finite pattern, or None for NaN/inf."""
    emask = (1 << ebits) - 1
    e = (bits >> mbits) & emask
    m = bits & ((1 << mbits) - 1)
    if e == emask:
        return None
    bias = (1 << (ebits - 1)) - 1
    if e == 0:
        v = Fraction(m, 1 << (bias - 1 + mbits))
    else:
        v = Fraction((1 << mbits) | m) * Fraction(2) ** (e - bias - mbits)
    return -v if bits >> (ebits + mbits) else v


def round_to_format(value, negative_zero, ebits, mbits):
    """The pattern nearest to the exact Fraction `value` (ties to even),
    overflowing to infinity; `negative_zero` picks the sign of a zero
    result."""
    sign = 1 << (ebits + mbits)
    s = sign if value < 0 or (value == 0 and negative_zero) else 0
    x = abs(value)
    if x == 0:
        return s
    bias = (1 << (ebits - 1)) - 1
    emin = 1 - bias
    # The exponent e of x (2^e <= x < 2^(e+1)), not below the subnormal one.
    e = x.numerator.bit_length() - x.denominator.bit_length()
    if Fraction(2) ** e > x:
        e -= 1
    e = max(e, emin)
    q = x / Fraction(2) ** (e - mbits)  # x in units of the last place
    n, rem = divmod(q.numerator, q.denominator)
    if 2 * rem > q.denominator or (2 * rem == q.denominator and n & 1):
        n += 1
    if n >> (mbits + 1):  # rounded up to the next binade
        n >>= 1
        e += 1
    if e > bias:
        return s | (((1 << ebits) - 1) << mbits)  # infinity
    if n < 1 << mbits:  # subnormal (e == emin)
        return s | n
    return s | ((e + bias) << mbits) | (n - (1 << mbits))


def add_half(tname):
    """The .add of a 16-bit float type: the exact sum, rounded once to
    nearest even (.noftz: subnormals kept)."""
    ebits, mbits = FLOAT_FORMATS[tname]
    sign = 1 << (ebits + mbits)
    inf = ((1 << ebits) - 1) << mbits

    def add(a, b):
        va, vb = _float_value(a, ebits, mbits), _float_value(b, ebits, mbits)
        if va is None or vb is None:
            nan_in = any((x & ~sign) > inf for x in (a, b))
            if nan_in or ((a & ~sign) == inf and (b & ~sign) == inf and
                          a != b):
                return CANONICAL_NAN[tname]
            return a if va is None else b  # an infinity wins
        total = va + vb
        # An exact zero sum is -0 only for -0 + -0 (round to nearest).
        return round_to_format(total, a == sign and b == sign, ebits, mbits)
    return add


def add_f32(ftz):
    """The .add of f32: the sum of the two values as doubles, rounded to f32
    by struct's conversion (round to nearest even). The double sum is itself
    correctly rounded and 53 >= 2 * 24 + 2 bits, so rounding twice gives the
    correctly rounded f32 sum. With ftz, subnormal inputs and results become
    zeros of their sign (what the ISA says cp.reduce.async.bulk.add.f32
    does; for the tensor form it says nothing)."""
    def to_float(bits):
        if ftz and (bits & 0x7f800000) == 0:
            bits &= 0x80000000
        return struct.unpack('<f', struct.pack('<I', bits))[0]

    def add(a, b):
        total = to_float(a) + to_float(b)
        if math.isnan(total):
            return CANONICAL_NAN['f32']
        try:
            bits = struct.unpack('<I', struct.pack('<f', total))[0]
        except OverflowError:  # rounds past the largest finite f32
            bits = 0xff800000 if total < 0 else 0x7f800000
        if ftz and (bits & 0x7f800000) == 0:
            bits &= 0x80000000
        return bits
    return add


def adder(tname, ftz=False):
    """The element addition of cp.reduce.async.bulk.tensor .add on tname."""
    if tname not in REDUCE_ADD_TYPES:
        raise ModelError('reduce-add takes %s, not %s (PTX ISA, '
                         'cp.reduce.async.bulk.tensor)' %
                         (' '.join(REDUCE_ADD_TYPES), tname))
    if tname == 'f32':
        return add_f32(ftz)
    if tname in FLOAT_FORMATS:
        return add_half(tname)
    mask = (1 << (TYPES[tname][0] * 8)) - 1
    return lambda a, b: (a + b) & mask  # two's complement: s32 wraps too


# ---------------------------------------------------------------------------
# Test data
# ---------------------------------------------------------------------------

def lcg_words(seed):
    """32-bit words of a 64-bit linear congruential generator (Knuth's MMIX
    constants), the high half of each state: the same sequence everywhere,
    which is all the tests need."""
    state = (seed * 0x9E3779B97F4A7C15 + 1) & 0xffffffffffffffff
    while True:
        state = (state * 6364136223846793005 +
                 1442695040888963407) & 0xffffffffffffffff
        yield state >> 32


def gen_bytes(count, seed):
    words = lcg_words(seed)
    out = bytearray()
    while len(out) < count:
        out += next(words).to_bytes(4, 'little')
    return bytes(out[:count])


def gen_f16(count, seed):
    """Finite f16 values in [-4, 4]: a random sign and a random pattern of
    magnitude at most 4.0 (0x4400), so every exponent up to 2 occurs,
    subnormals and zeros included."""
    words = lcg_words(seed)
    out = bytearray()
    for _ in range(count):
        w = next(words)
        magnitude = (w & 0xffff) % 0x4401
        out += (magnitude | (w >> 31) << 15).to_bytes(2, 'little')
    return bytes(out)


def gen_u32(count, seed):
    words = lcg_words(seed)
    return b''.join(next(words).to_bytes(4, 'little') for _ in range(count))


def compare(a, b, limit=8):
    """'N of M bytes differ' (M the longer length; bytes past the shorter
    file differ) and the first `limit` differing offsets."""
    total = max(len(a), len(b))
    diffs = [i for i in range(total)
             if i >= len(a) or i >= len(b) or a[i] != b[i]]
    lines = ['%d of %d bytes differ' % (len(diffs), total)]
    if len(a) != len(b):
        lines.append('sizes differ: %d and %d bytes' % (len(a), len(b)))
    for i in diffs[:limit]:
        x = '%02x' % a[i] if i < len(a) else '--'
        y = '%02x' % b[i] if i < len(b) else '--'
        lines.append('  offset %d: %s %s' % (i, x, y))
    if len(diffs) > limit:
        lines.append('  ...')
    return '\n'.join(lines) + '\n'


# ---------------------------------------------------------------------------
# Self test
# ---------------------------------------------------------------------------

def selftest():
    """Checks the model against cases whose answer is known independently;
    raises AssertionError on a failure."""
    # An in-bounds load without swizzle is plain slicing of the rows.
    tm = TensorMap('f16', [64, 48], [160], [32, 16])
    data = gen_bytes(tm.global_bytes(), 1)
    got = load(tm, [3, 5], data)
    want = b''.join(data[y * 160 + 6:y * 160 + 6 + 64] for y in range(5, 21))
    assert got == want, 'identity load'
    # Out of bounds: zeros, or the NaN pattern, exactly where outside.
    tm = TensorMap('f32', [8, 4], [32], [4, 2], fill='nan',
                   nan_bits=0x7fffffff)
    data = bytes(range(128))
    got = load(tm, [6, -1], data)
    nan = (0x7fffffff).to_bytes(4, 'little')
    want = nan * 4 + data[24:32] + nan * 2
    assert got == want, 'oob nan'
    # Element strides: every other row, the dimension-0 stride ignored.
    tm = TensorMap('u32', [4, 6], [16], [4, 5], estrides=[3, 2])
    data = gen_bytes(96, 2)
    got = load(tm, [0, 1], data)
    assert tm.box_bytes() == 48
    assert got == data[16:32] + data[48:64] + data[80:96], 'element strides'
    # Every swizzle is a permutation of each 1024 bytes, moving 8-byte
    # pieces, and none moves the first line.
    for mode in SWIZZLE_MODES:
        image = [swizzle(o, mode) for o in range(1024)]
        assert sorted(image) == list(range(1024)), mode
        assert image[:128] == list(range(128)), mode
        assert all(image[o] - image[o & ~7] == o & 7 for o in range(1024))
    # The ISA's tables (5.5.7), in 16-byte cells: position p of line r
    # holds the dense line's cell table[r][p].
    tables = {
        '32B': ['01234567', '10325476'],
        '64B': ['01234567', '10325476', '23016745', '32107654'],
        '128B': [''.join(str(c ^ r) for c in range(8)) for r in range(8)],
        '128B_atom_32B': ['01234567', '23016745', '45670123', '67452301'],
        '128B_atom_64B': ['01234567', '45670123'],
    }
    for mode, rows in tables.items():
        for r, row in enumerate(rows):
            for p, cell in enumerate(row):
                assert swizzle(r * 128 + int(cell) * 16, mode) == \
                    r * 128 + p * 16, (mode, r, p)
    # A store of a loaded box gives back the tensor, with any swizzle.
    for mode in SWIZZLE_MODES:
        tm = TensorMap('u8', [128, 12, 3], [144, 1728], [
            SWIZZLE_SPAN[mode] or 48, 10, 2], swizzle_mode=mode)
        data = gen_bytes(tm.global_bytes(), 3)
        box = load(tm, [0, 2, 1], data)
        assert store(tm, [0, 2, 1], bytes(len(data)), box) != bytes(len(data))
        assert store(tm, [0, 2, 1], data, box) == data, 'roundtrip ' + mode
    # A store past the edge writes only the inside.
    tm = TensorMap('u32', [6, 2], [32], [4, 2])
    out = store(tm, [4, 1], bytes(64), bytes(range(32)))
    assert out == bytes(48) + bytes(range(8)) + bytes(8), 'clipped store'
    # f16 rounding agrees with struct's half-precision packing (round to
    # nearest even) on sums of generated values.
    add = adder('f16')
    values = gen_f16(2000, 4)
    for i in range(0, len(values), 4):
        a = int.from_bytes(values[i:i + 2], 'little')
        b = int.from_bytes(values[i + 2:i + 4], 'little')
        fa = struct.unpack('<e', values[i:i + 2])[0]
        fb = struct.unpack('<e', values[i + 2:i + 4])[0]
        want = struct.unpack('<H', struct.pack('<e', fa + fb))[0]
        assert add(a, b) == want, (hex(a), hex(b))
    assert add(0x7bff, 0x7bff) == 0x7c00, 'f16 overflow'
    assert add(0x7c00, 0xfc00) == 0x7fff, 'inf - inf'
    # bf16: 1 + 2^-8 is a tie, to even (1); 1 + 3 * 2^-8 rounds up.
    badd = adder('bf16')
    assert badd(0x3f80, 0x3b80) == 0x3f80
    assert badd(0x3f80, 0x3c40) == 0x3f82
    # f32: 1 + 2^-24 ties to 1; the largest finite doubled overflows.
    fadd = adder('f32')
    assert fadd(0x3f800000, 0x33800000) == 0x3f800000
    assert fadd(0x7f7fffff, 0x7f7fffff) == 0x7f800000
    assert adder('f32', ftz=True)(0x00000001, 0x00000001) == 0
    assert adder('f32')(0x00000001, 0x00000001) == 2
    assert adder('s32')(0x7fffffff, 1) == 0x80000000
    assert adder('u64')((1 << 64) - 1, 2) == 1
    return 'selftest: ok\n'


# ---------------------------------------------------------------------------
# The command line
# ---------------------------------------------------------------------------

def parse_list(text, signed=False):
    """'64x48' -> [64, 48]; '3x-2' -> [3, -2] when signed; '' -> []."""
    if text == '':
        return []
    values = []
    for item in text.split('x'):
        try:
            v = int(item, 10)
        except ValueError:
            raise argparse.ArgumentTypeError("'%s' is not an integer" % item)
        if v < 0 and not signed:
            raise argparse.ArgumentTypeError("'%s' is negative" % item)
        values.append(v)
    return values


def signed_list(text):
    return parse_list(text, signed=True)


def hex_value(text):
    try:
        return int(text, 16)
    except ValueError:
        raise argparse.ArgumentTypeError("'%s' is not a hex number" % text)


def read_file(path):
    try:
        with open(path, 'rb') as f:
            return f.read()
    except OSError as e:
        raise ModelError("cannot read '%s': %s" % (path, e.strerror or e))


def write_file(path, data):
    try:
        with open(path, 'wb') as f:
            f.write(bytes(data))
    except OSError as e:
        raise ModelError("cannot write '%s': %s" % (path, e.strerror or e))


def build_parser():
    parser = argparse.ArgumentParser(
        prog='tma_model.py',
        description='A model of the bytes a GPU\'s TMA (cp.async.bulk.tensor '
        'tile mode, interleave none) writes.')
    commands = parser.add_subparsers(dest='command', required=True)

    def map_options(p, fill):
        p.add_argument('--type', required=True, choices=list(TYPES))
        p.add_argument('--dims', required=True, type=parse_list,
                       help='globalDim, innermost first: D0xD1...')
        p.add_argument('--strides', default=[], type=parse_list,
                       help='globalStrides in bytes of dims 1..rank-1')
        p.add_argument('--box', required=True, type=parse_list,
                       help='boxDim: B0xB1...')
        p.add_argument('--elementstrides', type=parse_list,
                       help='elementStrides (default all 1)')
        p.add_argument('--swizzle', default='none', choices=SWIZZLE_MODES)
        if fill:
            p.add_argument('--fill', default='zero', choices=('zero', 'nan'))
            p.add_argument('--nan-bits', type=hex_value,
                           help='the OOB-NaN pattern (default 0x7ff7 '
                           'repeated, as an H100 writes)')
        p.add_argument('--coords', required=True, type=signed_list,
                       help='the box start, s32 each: C0xC1...')
        p.add_argument('--global', dest='global_file', required=True,
                       metavar='FILE', help='the tensor at globalAddress')

    p = commands.add_parser('load', help='global -> shared')
    map_options(p, fill=True)
    p.add_argument('--out', required=True, metavar='FILE',
                   help='the shared bytes of the box')
    for name, what in (('store', 'shared -> global'),
                       ('reduce-add', 'shared + global -> global')):
        p = commands.add_parser(name, help=what)
        map_options(p, fill=False)
        p.add_argument('--shared', required=True, metavar='FILE',
                       help='the shared bytes of the box')
        p.add_argument('--out', required=True, metavar='FILE',
                       help='the global bytes afterwards')
        if name == 'reduce-add':
            p.add_argument('--f32-ftz', action='store_true',
                           help='f32: flush subnormal inputs and results')
    p = commands.add_parser('gen', help='pseudo-random bytes')
    p.add_argument('file')
    p.add_argument('count', type=int, metavar='BYTES')
    p.add_argument('seed', type=int)
    for name, what in (('gen-f16', 'finite f16 values in [-4, 4]'),
                       ('gen-u32', 'pseudo-random u32 values')):
        p = commands.add_parser(name, help=what)
        p.add_argument('file')
        p.add_argument('count', type=int)
        p.add_argument('seed', type=int)
    p = commands.add_parser('compare', help='count differing bytes')
    p.add_argument('a')
    p.add_argument('b')
    commands.add_parser('selftest', help='the model\'s own checks')
    return parser


# Options whose value may start with '-' (a negative coordinate): argparse
# would take "--coords -1x2" for two options, so such pairs are joined.
_VALUE_OPTIONS = ('--coords', '--dims', '--strides', '--box',
                  '--elementstrides')


def _join_values(argv):
    out = []
    i = 0
    while i < len(argv):
        if argv[i] in _VALUE_OPTIONS and i + 1 < len(argv):
            out.append(argv[i] + '=' + argv[i + 1])
            i += 2
        else:
            out.append(argv[i])
            i += 1
    return out


def run(argv, stdout):
    o = build_parser().parse_args(_join_values(argv))
    if o.command == 'selftest':
        stdout.write(selftest())
        return
    if o.command == 'compare':
        stdout.write(compare(read_file(o.a), read_file(o.b)))
        return
    if o.command in ('gen', 'gen-f16', 'gen-u32'):
        make = {'gen': gen_bytes, 'gen-f16': gen_f16, 'gen-u32': gen_u32}
        write_file(o.file, make[o.command](o.count, o.seed))
        return
    tm = TensorMap(o.type, o.dims, o.strides, o.box, o.elementstrides,
                   o.swizzle, getattr(o, 'fill', 'zero'),
                   getattr(o, 'nan_bits', None))
    data = read_file(o.global_file)
    if o.command == 'load':
        write_file(o.out, load(tm, o.coords, data))
        return
    if any(c < 0 for c in o.coords):
        sys.stderr.write('note: the PTX ISA does not allow negative '
                         'coordinates for a store to global memory; the '
                         'model skips the elements outside the tensor\n')
    add = adder(o.type, o.f32_ftz) if o.command == 'reduce-add' else None
    write_file(o.out, store(tm, o.coords, data, read_file(o.shared), add))


def main():
    try:
        run(sys.argv[1:], sys.stdout)
    except ModelError as e:
        sys.stderr.write('error: %s\n' % e)
        sys.exit(1)


if __name__ == '__main__':
    main()
