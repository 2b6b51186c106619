#!/usr/bin/env python3
"""mma_probes.py - warp-level matrix instructions on a real GPU, as data.

The ISA leaves the accumulation order, rounding and subnormal handling of the
floating-point `mma` forms open, so bit-exactness with GPUs needs readings
from one. These probes run every `mma.sync` form an sm_90 GPU can execute on
random and adversarial tiles and keep the raw destination fragments, plus
`ldmatrix`/`stmatrix`/`movmatrix` on patterned inputs (their layouts are
specified; the readings confirm the figures of the ISA).

The probe kernels are layout-agnostic: thread g = 32 * tile + lane loads its
own A, B and C fragment registers from arrays indexed [g][register] and
stores its D registers the same way. A CPU implementation running the same
PTX gets the same registers, so its D can be compared word for word with the
GPU's without trusting any layout table; the layout tables are checked
separately by the reference in the unit tests.

    mma_probes.py gen --bundle DIR      # PTX, inputs, manifest (run_batch.py)
    mma_probes.py cpu --bundle DIR --ptx-jit build/bin/ptx-jit
    mma_probes.py compare --bundle DIR RESULTS.json.gz [--variant jit]

Inputs come from random.Random(seed) per probe, so `gen` on any machine
writes the same bytes (the bundle can be generated on the GPU machine).
"""
import argparse
import base64
import gzip
import json
import os
import random
import struct
import subprocess
import sys

TILES_FP = 512
TILES_INT = 128

# name: (instruction, a words, b words, c words, a/b element, c element
#        {, d words when they differ from c's})
# Register kinds: 'b32' words, or 'f64' for the double-precision forms.
FORMS = [
    ('f16_f32_k16', 'mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32', 4, 2, 4, 'f16', 'f32'),
    ('f16_f32_k8', 'mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32', 2, 1, 4, 'f16', 'f32'),
    ('f16_f16_k16', 'mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16', 4, 2, 2, 'f16', 'f16'),
    ('f16_f16_k8', 'mma.sync.aligned.m16n8k8.row.col.f16.f16.f16.f16', 2, 1, 2, 'f16', 'f16'),
    ('f16_m8n8k4_f32', 'mma.sync.aligned.m8n8k4.row.col.f32.f16.f16.f32', 2, 2, 8, 'f16', 'f32'),
    ('f16_m8n8k4_f16', 'mma.sync.aligned.m8n8k4.row.col.f16.f16.f16.f16', 2, 2, 4, 'f16', 'f16'),
    ('f16_m8n8k4_col_row', 'mma.sync.aligned.m8n8k4.col.row.f32.f16.f16.f32', 2, 2, 8, 'f16', 'f32'),
    # An f16 C and an f32 D: the eighth field is D's register count.
    ('f16_m8n8k4_f16c', 'mma.sync.aligned.m8n8k4.row.row.f32.f16.f16.f16', 2, 2, 4, 'f16', 'f16', 8),
    ('bf16_k16', 'mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32', 4, 2, 4, 'bf16', 'f32'),
    ('bf16_k8', 'mma.sync.aligned.m16n8k8.row.col.f32.bf16.bf16.f32', 2, 1, 4, 'bf16', 'f32'),
    ('tf32_k4', 'mma.sync.aligned.m16n8k4.row.col.f32.tf32.tf32.f32', 2, 1, 4, 'tf32', 'f32'),
    ('tf32_k8', 'mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32', 4, 2, 4, 'tf32', 'f32'),
    ('e4m3_k32', 'mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32', 4, 2, 4, 'e4m3', 'f32'),
    ('e5m2_k32', 'mma.sync.aligned.m16n8k32.row.col.f32.e5m2.e5m2.f32', 4, 2, 4, 'e5m2', 'f32'),
    ('e4m3_e5m2_k32', 'mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e5m2.f32', 4, 2, 4, 'e4m3', 'f32'),
    ('e4m3_k16', 'mma.sync.aligned.m16n8k16.row.col.f32.e4m3.e4m3.f32', 2, 1, 4, 'e4m3', 'f32'),
    ('e4m3_f16_k32', 'mma.sync.aligned.m16n8k32.row.col.f16.e4m3.e4m3.f16', 4, 2, 2, 'e4m3', 'f16'),
    ('f64_m8n8k4', 'mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64', 1, 1, 2, 'f64', 'f64'),
    ('f64_m16n8k4', 'mma.sync.aligned.m16n8k4.row.col.f64.f64.f64.f64', 2, 1, 4, 'f64', 'f64'),
    ('f64_m16n8k8', 'mma.sync.aligned.m16n8k8.row.col.f64.f64.f64.f64', 4, 2, 4, 'f64', 'f64'),
    ('f64_m16n8k16', 'mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64', 8, 4, 4, 'f64', 'f64'),
    ('s8_m8n8k16', 'mma.sync.aligned.m8n8k16.row.col.s32.s8.s8.s32', 1, 1, 2, 'i8', 's32'),
    ('u8s8_m16n8k16', 'mma.sync.aligned.m16n8k16.row.col.s32.u8.s8.s32', 2, 1, 4, 'i8', 's32'),
    ('s8_m16n8k32_sat', 'mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.s8.s32', 4, 2, 4, 'i8', 's32big'),
    ('u8_m16n8k32', 'mma.sync.aligned.m16n8k32.row.col.s32.u8.u8.s32', 4, 2, 4, 'i8', 's32big'),
    ('s4_m8n8k32', 'mma.sync.aligned.m8n8k32.row.col.s32.s4.s4.s32', 1, 1, 2, 'i8', 's32'),
    ('u4_m16n8k32', 'mma.sync.aligned.m16n8k32.row.col.s32.u4.u4.s32', 2, 1, 4, 'i8', 's32'),
    ('s4u4_m16n8k64_sat', 'mma.sync.aligned.m16n8k64.row.col.satfinite.s32.s4.u4.s32', 4, 2, 4, 'i8', 's32big'),
    ('b1_xor_m8n8k128', 'mma.sync.aligned.m8n8k128.row.col.s32.b1.b1.s32.xor.popc', 1, 1, 2, 'i8', 's32'),
    ('b1_and_m16n8k128', 'mma.sync.aligned.m16n8k128.row.col.s32.b1.b1.s32.and.popc', 2, 1, 4, 'i8', 's32'),
    ('b1_xor_m16n8k256', 'mma.sync.aligned.m16n8k256.row.col.s32.b1.b1.s32.xor.popc', 4, 2, 4, 'i8', 's32'),
]

HEADER = '.version 8.7\n.target sm_90\n.address_size 64\n\n'


def mma_kernel(name, instr, na, nb, nc, elem, celem, nd=None):
    """A kernel: thread g loads its fragment registers from [g][k] arrays."""
    nd = nd or nc
    f64 = elem == 'f64'
    rt = 'f64' if f64 else 'b32'
    ct = 'f64' if celem == 'f64' else 'b32'
    ws = 8 if f64 else 4
    cs = 8 if celem == 'f64' else 4
    lines = ['.visible .entry %s(.param .u64 pa, .param .u64 pb, '
             '.param .u64 pc, .param .u64 pd)' % name, '{']
    lines.append('  .reg .%s %%a<%d>;\n  .reg .%s %%b<%d>;\n  .reg .%s %%c<%d>;'
                 '\n  .reg .%s %%d<%d>;' % (rt, na, rt, nb, ct, nc, ct, nd))
    lines.append('  .reg .b32 %r<4>;\n  .reg .b64 %p<12>;')
    lines.append('  mov.u32 %r0, %tid.x;\n  mov.u32 %r1, %ctaid.x;\n'
                 '  mov.u32 %r2, %ntid.x;\n  mad.lo.u32 %r3, %r1, %r2, %r0;')
    for k, (param, n, size) in enumerate((('pa', na, ws), ('pb', nb, ws),
                                          ('pc', nc, cs), ('pd', nd, cs))):
        lines.append('  ld.param.u64 %%p%d, [%s];' % (k, param))
        lines.append('  cvta.to.global.u64 %%p%d, %%p%d;' % (k, k))
        lines.append('  mul.wide.u32 %%p%d, %%r3, %d;' % (k + 4, n * size))
        lines.append('  add.u64 %%p%d, %%p%d, %%p%d;' % (k + 8, k, k + 4))
    for reg, base, n, size, typ in (('a', 8, na, ws, rt), ('b', 9, nb, ws, rt),
                                    ('c', 10, nc, cs, ct)):
        for i in range(n):
            lines.append('  ld.global.%s %%%s%d, [%%p%d+%d];' %
                         (typ, reg, i, base, i * size))
    vec = lambda r, n: '{' + ', '.join('%%%s%d' % (r, i) for i in range(n)) + '}'
    lines.append('  %s %s, %s, %s, %s;' % (instr, vec('d', nd), vec('a', na),
                                          vec('b', nb), vec('c', nc)))
    for i in range(nd):
        lines.append('  st.global.%s [%%p11+%d], %%d%d;' % (ct, i * cs, i))
    lines.append('  ret;\n}\n')
    return '\n'.join(lines)


# --- input generation ------------------------------------------------------

def f16_bits(rng, dist):
    s = rng.getrandbits(1) << 15
    if dist == 3 and rng.random() < 0.2:
        return s | rng.choice([0, 0x7c00, 0x7e00, 0x7c01, 0x0001, 0x03ff,
                               0x0200, 0x7bff])
    e = {0: lambda: rng.randint(14, 16), 1: lambda: rng.randint(7, 23),
         2: lambda: rng.randint(0, 30), 3: lambda: rng.randint(1, 30)}[dist]()
    return s | (e << 10) | rng.getrandbits(10)


def bf16_bits(rng, dist):
    s = rng.getrandbits(1) << 15
    if dist == 3 and rng.random() < 0.2:
        return s | rng.choice([0, 0x7f80, 0x7fc0, 0x7f81, 0x0001, 0x007f,
                               0x0040, 0x7f7f])
    e = {0: lambda: rng.randint(126, 128), 1: lambda: rng.randint(119, 135),
         2: lambda: rng.randint(0, 254), 3: lambda: rng.randint(60, 190)}[dist]()
    return s | (e << 7) | rng.getrandbits(7)


def f32_bits(rng, dist, low_bits=True):
    s = rng.getrandbits(1) << 31
    if dist == 3 and rng.random() < 0.2:
        return s | rng.choice([0, 0x7f800000, 0x7fc00000, 0x7f800001, 1,
                               0x007fffff, 0x00400000, 0x7f7fffff])
    e = {0: lambda: rng.randint(126, 128), 1: lambda: rng.randint(119, 135),
         2: lambda: rng.randint(0, 254), 3: lambda: rng.randint(60, 190)}[dist]()
    m = rng.getrandbits(23)
    if not low_bits:
        m &= ~0x1fff
    return s | (e << 23) | m


def f64_bits(rng, dist):
    s = rng.getrandbits(1) << 63
    if dist == 3 and rng.random() < 0.2:
        return s | rng.choice([0, 0x7ff0000000000000, 0x7ff8000000000000, 1,
                               0x000fffffffffffff, 0x7fefffffffffffff])
    e = {0: lambda: rng.randint(1022, 1024), 1: lambda: rng.randint(1000, 1046),
         2: lambda: rng.randint(0, 2046), 3: lambda: rng.randint(500, 1500)}[dist]()
    return s | (e << 52) | rng.getrandbits(52)


def f8_bits(rng, dist, e5m2):
    if dist == 2:
        return rng.getrandbits(8)          # every pattern, NaN included
    s = rng.getrandbits(1) << 7
    if e5m2:
        e = rng.randint(13, 17) if dist == 0 else rng.randint(1, 30)
        return s | (e << 2) | rng.getrandbits(2)
    e = rng.randint(6, 8) if dist == 0 else rng.randint(1, 15)
    m = rng.getrandbits(3)
    if e == 15 and m == 7:
        m = 6
    return s | (e << 3) | m


def words_of(values, bits):
    """Packs little-endian elements of `bits` bits into 32-bit words."""
    per = 32 // bits
    out = []
    for i in range(0, len(values), per):
        w = 0
        for j, v in enumerate(values[i:i + per]):
            w |= (v & ((1 << bits) - 1)) << (j * bits)
        out.append(w)
    return out


def gen_form(name, na, nb, nc, elem, celem, max_tiles=None):
    rng = random.Random('ptxjit-mma-' + name)
    tiles = TILES_INT if celem.startswith('s32') else TILES_FP
    if max_tiles:
        tiles = min(tiles, max_tiles)
    a, b, c = [], [], []
    for t in range(tiles):
        dist = t % 4
        for lane in range(32):
            for src, n in ((a, na), (b, nb)):
                if elem == 'f16':
                    src += words_of([f16_bits(rng, dist) for _ in range(2 * n)], 16)
                elif elem == 'bf16':
                    src += words_of([bf16_bits(rng, dist) for _ in range(2 * n)], 16)
                elif elem == 'tf32':
                    # Half the tiles carry nonzero bits below the tf32
                    # mantissa: does the hardware ignore or round them?
                    src += [f32_bits(rng, dist, low_bits=(t // 4) % 2 == 1)
                            for _ in range(n)]
                elif elem in ('e4m3', 'e5m2'):
                    e5 = elem == 'e5m2' or (name == 'e4m3_e5m2_k32' and src is b)
                    src += words_of([f8_bits(rng, dist, e5) for _ in range(4 * n)], 8)
                elif elem == 'f64':
                    src += [f64_bits(rng, dist) for _ in range(n)]
                else:
                    src += [rng.getrandbits(32) for _ in range(n)]
            if celem == 'f32':
                c += [0 if t % 8 == 5 else f32_bits(rng, dist) for _ in range(nc)]
            elif celem == 'f16':
                c += words_of([0 if t % 8 == 5 else f16_bits(rng, dist)
                               for _ in range(2 * nc)], 16)
            elif celem == 'f64':
                c += [0 if t % 8 == 5 else f64_bits(rng, dist) for _ in range(nc)]
            elif celem == 's32big':
                c += [rng.choice([0x7fffff00, 0x80000100, rng.getrandbits(32)])
                      for _ in range(nc)]
            else:
                c += [rng.getrandbits(32) for _ in range(nc)]
    fmt = '<%dQ' if elem == 'f64' else '<%dI'
    cfmt = '<%dQ' if celem == 'f64' else '<%dI'
    return tiles, struct.pack(fmt % len(a), *a), struct.pack(fmt % len(b), *b), \
        struct.pack(cfmt % len(c), *c)


# --- ldmatrix / stmatrix / movmatrix ----------------------------------------

def matrix_kernels():
    """Kernels over a 32-row, 16-byte-row shared array holding 16-bit element
    indices. Lane l's row address is row (5 * l + 3) mod 32, so a layout that
    ignores the per-lane addresses gives other values."""
    out = []
    for num, n in (('x1', 1), ('x2', 2), ('x4', 4)):
        for trans in ('', '.trans'):
            name = 'ldmatrix_%s%s' % (num, trans.replace('.', '_'))
            regs = '{' + ', '.join('%%v%d' % i for i in range(n)) + '}'
            body = ('ldmatrix.sync.aligned.m8n8.%s%s.shared.b16 %s, [%%rs];'
                    % (num, trans, regs))
            stores = '\n'.join('  st.global.b32 [%%o+%d], %%v%d;' % (4 * i, i)
                               for i in range(n))
            out.append((name, LD_TEMPLATE % {'name': name, 'body': body,
                                            'stores': stores, 'bytes': 4 * n}, n))
    for num, n in (('x1', 1), ('x2', 2), ('x4', 4)):
        for trans in ('', '.trans'):
            name = 'stmatrix_%s%s' % (num, trans.replace('.', '_'))
            regs = '{' + ', '.join('%%v%d' % i for i in range(n)) + '}'
            body = ('stmatrix.sync.aligned.m8n8.%s%s.shared.b16 [%%rs], %s;'
                    % (num, trans, regs))
            out.append((name, ST_TEMPLATE % {'name': name, 'body': body,
                                            'n': n}, 0))
    out.append(('movmatrix', MOV_TEMPLATE, 1))
    return out


# The start both kernels share: lane, the tile's shared address.
ROWS_PROLOGUE = '''.visible .entry %(name)s(.param .u64 out)
{
  .reg .b32 %%lane, %%i, %%row, %%w, %%v<4>;
  .reg .b64 %%o, %%t;
  .reg .pred %%q;
  .shared .align 16 .b8 tile[512];
  .reg .b32 %%rs, %%base;
  mov.u32 %%lane, %%tid.x;
  mov.u32 %%base, tile;
'''

LD_TEMPLATE = ROWS_PROLOGUE + '''  // Fill: 16-bit element j of the array holds j (256 elements, 8 per lane).
  mov.u32 %%i, 0;
FILL:
  shl.b32 %%w, %%lane, 3;
  add.u32 %%w, %%w, %%i;
  shl.b32 %%row, %%w, 1;
  add.u32 %%row, %%row, %%base;
  st.shared.b16 [%%row], %%w;
  add.u32 %%i, %%i, 1;
  setp.lt.u32 %%q, %%i, 8;
  @%%q bra FILL;
  bar.sync 0;
  mad.lo.u32 %%row, %%lane, 5, 3;
  and.b32 %%row, %%row, 31;
  shl.b32 %%row, %%row, 4;
  add.u32 %%rs, %%base, %%row;
  %(body)s
  ld.param.u64 %%o, [out];
  cvta.to.global.u64 %%o, %%o;
  mul.wide.u32 %%t, %%lane, %(bytes)d;
  add.u64 %%o, %%o, %%t;
%(stores)s
  ret;
}
'''

ST_TEMPLATE = ROWS_PROLOGUE + '''  // Clear the array to 0xffff, then each lane stores registers whose 16-bit
  // halves are 256 * k + 2 * lane (+1 for the upper half).
  mov.u32 %%i, 0;
FILL:
  shl.b32 %%w, %%lane, 3;
  add.u32 %%w, %%w, %%i;
  shl.b32 %%row, %%w, 1;
  add.u32 %%row, %%row, %%base;
  mov.b32 %%w, 0xffff;
  st.shared.b16 [%%row], %%w;
  add.u32 %%i, %%i, 1;
  setp.lt.u32 %%q, %%i, 8;
  @%%q bra FILL;
  bar.sync 0;
  shl.b32 %%w, %%lane, 1;
  or.b32 %%w, %%w, 0x00010000;
  shl.b32 %%i, %%lane, 17;
  or.b32 %%v0, %%w, %%i;
  add.u32 %%v1, %%v0, 0x01000100;
  add.u32 %%v2, %%v1, 0x01000100;
  add.u32 %%v3, %%v2, 0x01000100;
  mad.lo.u32 %%row, %%lane, 5, 3;
  and.b32 %%row, %%row, 31;
  shl.b32 %%row, %%row, 4;
  add.u32 %%rs, %%base, %%row;
  %(body)s
  bar.sync 0;
  ld.param.u64 %%o, [out];
  cvta.to.global.u64 %%o, %%o;
  mul.wide.u32 %%t, %%lane, 16;
  add.u64 %%o, %%o, %%t;
  shl.b32 %%row, %%lane, 4;
  add.u32 %%row, %%row, %%base;
  ld.shared.v4.b32 {%%v0, %%v1, %%v2, %%v3}, [%%row];
  st.global.v4.b32 [%%o], {%%v0, %%v1, %%v2, %%v3};
  ret;
}
'''

MOV_TEMPLATE = '''.visible .entry movmatrix(.param .u64 out)
{
  .reg .b32 %lane, %a, %d, %w;
  .reg .b64 %o, %t;
  mov.u32 %lane, %tid.x;
  shl.b32 %w, %lane, 1;
  shl.b32 %a, %lane, 17;
  or.b32 %a, %a, %w;
  or.b32 %a, %a, 0x00010000;
  movmatrix.sync.aligned.m8n8.trans.b16 %d, %a;
  ld.param.u64 %o, [out];
  cvta.to.global.u64 %o, %o;
  mul.wide.u32 %t, %lane, 4;
  add.u64 %o, %o, %t;
  st.global.b32 [%o], %d;
  ret;
}
'''


def gen(bundle, max_tiles=None, only=None):
    for sub in ('ptx', 'in', 'cpu', 'files'):
        os.makedirs(os.path.join(bundle, sub), exist_ok=True)
    specs = []
    for name, instr, na, nb, nc, elem, celem, *rest in FORMS:
        nd = rest[0] if rest else nc
        if only and name not in only:
            continue
        ptx = os.path.join(bundle, 'ptx', name + '.ptx')
        with open(ptx, 'w') as f:
            f.write(HEADER + mma_kernel(name, instr, na, nb, nc, elem, celem,
                                        nd))
        tiles, a, b, c = gen_form(name, na, nb, nc, elem, celem, max_tiles)
        paths = []
        for tag, data in (('a', a), ('b', b), ('c', c)):
            p = os.path.join(bundle, 'in', '%s.%s.bin' % (name, tag))
            with open(p, 'wb') as f:
                f.write(data)
            paths.append((p, len(data)))
        out = os.path.join(bundle, 'cpu', name + '.out')
        argv = [ptx, '--kernel=' + name, '--grid=%d' % (tiles // 4),
                '--block=128'] + \
               ['--arg=b8[%d]=file:%s' % (n, p) for p, n in paths] + \
               ['--arg=b8[%d]' % (paths[2][1] * nd // nc), '--out=3:' + out]
        specs.append({'name': name, 'argv': argv, 'ptx': ptx, 'out': out,
                      'inputs': [p for p, _ in paths], 'tiles': tiles})
    for name, text, _ in matrix_kernels():
        if only and name not in only:
            continue
        ptx = os.path.join(bundle, 'ptx', name + '.ptx')
        with open(ptx, 'w') as f:
            f.write(HEADER + text)
        out = os.path.join(bundle, 'cpu', name + '.out')
        argv = [ptx, '--kernel=' + name, '--block=32', '--arg=b8[512]',
                '--out=0:' + out]
        specs.append({'name': name, 'argv': argv, 'ptx': ptx, 'out': out,
                      'inputs': [], 'tiles': 1})
    invs = []
    for k, s in enumerate(specs):
        files = {p: os.path.relpath(p, os.path.join(bundle, 'files'))
                 for p in [s['ptx']] + s['inputs']}
        invs.append({'id': k, 'argv': s['argv'], 'files': files, 'skip': None,
                     'kind': 'positive', 'tests': ['mma:' + s['name']]})
    with open(os.path.join(bundle, 'manifest.json'), 'w') as f:
        json.dump({'invocations': invs}, f, indent=0)
    with open(os.path.join(bundle, 'probes.json'), 'w') as f:
        json.dump(specs, f, indent=0)
    print('%d probe kernels in %s' % (len(specs), bundle))


def cpu(bundle, ptx_jit):
    specs = json.load(open(os.path.join(bundle, 'probes.json')))
    for s in specs:
        r = subprocess.run([ptx_jit] + s['argv'], stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE)
        print('%s: ptx-jit status %d %s' % (s['name'], r.returncode,
                                             r.stderr.decode()[:300].strip()))


def load_results(path, variant):
    with gzip.open(path, 'rt') as f:
        data = json.load(f)
    if 'variants' in data:
        data = data['variants'][variant]
    return data


def compare(bundle, results, variant):
    specs = json.load(open(os.path.join(bundle, 'probes.json')))
    res = load_results(results, variant)
    by_key = {}
    for r in (res if isinstance(res, list) else res.values()):
        by_key[int(str(r['key']).rsplit('/', 1)[-1])] = r
    for k, s in enumerate(specs):
        r = by_key.get(k)
        if r is None or r['rc'] != 0:
            print('%-22s GPU: no result (%s)' % (s['name'], r and
                  base64.b64decode(r['stderr']).decode()[:200]))
            continue
        gpu = base64.b64decode(next(iter(r['outs'].values())))
        try:
            mine = open(s['out'], 'rb').read()
        except OSError:
            print('%-22s CPU: no output' % s['name'])
            continue
        wsize = 8 if s['name'].startswith('f64') else 4
        n = len(gpu) // wsize
        per_dist = [[0, 0] for _ in range(4)]
        for i in range(n):
            dist = (i * s['tiles'] // n) % 4 if s['tiles'] > 1 else 0
            per_dist[dist][1] += 1
            if gpu[i * wsize:(i + 1) * wsize] == mine[i * wsize:(i + 1) * wsize]:
                per_dist[dist][0] += 1
        same = sum(d[0] for d in per_dist)
        print('%-22s %6.2f%% of %d words identical; by input class: %s' % (
            s['name'], 100.0 * same / n, n,
            ' '.join('%.1f%%' % (100.0 * a / b) for a, b in per_dist if b)))


def reference(bundle, results, variant, out, tiles):
    """Writes the GPU's outputs for the first `tiles` tiles of every probe
    (all of a matrix-movement probe) as JSON {name: base64}, gzipped: the
    expectations of test/Execution/MMA."""
    specs = json.load(open(os.path.join(bundle, 'probes.json')))
    res = load_results(results, variant)
    by_key = {int(str(r['key']).rsplit('/', 1)[-1]): r for r in res}
    ref = {}
    for k, s in enumerate(specs):
        r = by_key[k]
        data = base64.b64decode(next(iter(r['outs'].values())))
        if s['tiles'] > 1:
            data = data[:len(data) * tiles // s['tiles']]
        ref[s['name']] = base64.b64encode(data).decode()
    with gzip.open(out, 'wt') as f:
        json.dump(ref, f, indent=0, sort_keys=True)


def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest='cmd', required=True)
    g = sub.add_parser('gen')
    g.add_argument('--bundle', required=True)
    g.add_argument('--tiles', type=int, help='at most this many tiles a form')
    g.add_argument('--only', help='comma-separated probe names')
    c = sub.add_parser('cpu')
    c.add_argument('--bundle', required=True)
    c.add_argument('--ptx-jit', required=True)
    k = sub.add_parser('compare')
    k.add_argument('--bundle', required=True)
    k.add_argument('results')
    k.add_argument('--variant', default='jit')
    r = sub.add_parser('reference')
    r.add_argument('--bundle', required=True)
    r.add_argument('results')
    r.add_argument('--variant', default='jit')
    r.add_argument('--tiles', type=int, default=16)
    r.add_argument('-o', '--output', required=True)
    o = p.parse_args()
    if o.cmd == 'gen':
        gen(os.path.abspath(o.bundle), o.tiles,
            set(o.only.split(',')) if o.only else None)
    elif o.cmd == 'cpu':
        cpu(os.path.abspath(o.bundle), o.ptx_jit)
    elif o.cmd == 'reference':
        reference(os.path.abspath(o.bundle), o.results, o.variant, o.output,
                  o.tiles)
    else:
        compare(os.path.abspath(o.bundle), o.results, o.variant)


if __name__ == '__main__':
    main()
