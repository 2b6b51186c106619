#!/usr/bin/env python3
"""probes.py - small hand-written PTX kernels for the readings of
docs/floating-point.md (and docs/status.md's "choices") where the ISA is
silent, run on the GPU and on ptxjit, compared bit for bit.

  probes.py gen --bundle DIR
      Writes DIR/ptx/*.ptx (target sm_90; check them with ptxas), the input
      files DIR/in/*.bin and DIR/manifest.json in the format of
      lit_gpu.py collect (run_batch.py runs it on the GPU).
  probes.py cpu --bundle DIR --ptx-jit PATH
      Runs the same command lines with the CPU ptx-jit; outputs in DIR/cpu/.
  probes.py compare --bundle DIR RESULTS.json.gz [--variant jit]
      Compares the GPU's --out files with ptxjit's, per kernel and per
      operation: every difference with its inputs (and a summary of the
      exhaustive / sampled .approx ones).

Every kernel: thread i reads input element i (a, b, c of one type) and
writes K result words out[i*K + j], one per operation j (16-bit results
zero-extended into b32 words; 64-bit results of f32 kernels as two words).
"""
import argparse
import base64
import gzip
import json
import os
import random
import struct
import subprocess

# ---------------------------------------------------------------------------
# Operations. Each is (name, PTX lines). Registers available:
#   f32 kernels: %fa %fb %fc (.f32), %ia %ib (.b32 bits)   result -> %o (.b32)
#   f64 kernels: %da %db %dc (.f64)                        result -> %q (.b64)
#   h16 kernels: %ha %hb %hc (.b16)                        result -> %o (.b32)
# Scratch: %t1..%t4 (.b32), %g1 %g2 (.f32), %e1 %e2 (.f64), %s1..%s3 (.b16),
#          %l1 %l2 (.b64), %p1 (.pred)
# A 64-bit result in an f32 kernel: set %l1 and use 'wide'.
# ---------------------------------------------------------------------------


def f32op(instr, args='%fa, %fb'):
    return ['%s %%g1, %s;' % (instr, args), 'mov.b32 %o, %g1;']


def testp_bits(typ, src):
    lines = ['mov.u32 %o, 0;']
    for k, t in enumerate(['finite', 'infinite', 'number', 'notanumber',
                           'normal', 'subnormal']):
        lines += ['testp.%s.%s %%p1, %s;' % (t, typ, src),
                  'selp.u32 %%t1, %d, 0, %%p1;' % (1 << k),
                  'or.b32 %o, %o, %t1;']
    return lines


F32_OPS = {
    'f32_arith': [
        ('add.rn', f32op('add.rn.f32')),
        ('sub.rn', f32op('sub.rn.f32')),
        ('mul.rn', f32op('mul.rn.f32')),
        ('fma.rn', f32op('fma.rn.f32', '%fa, %fb, %fc')),
        ('div.rn', f32op('div.rn.f32')),
        ('sqrt.rn(a)', f32op('sqrt.rn.f32', '%fa')),
        ('rcp.rn(a)', f32op('rcp.rn.f32', '%fa')),
        ('add.rz', f32op('add.rz.f32')),
        ('add.rn.ftz', f32op('add.rn.ftz.f32')),
        ('mul.rn.ftz', f32op('mul.rn.ftz.f32')),
        ('fma.rn.ftz', f32op('fma.rn.ftz.f32', '%fa, %fb, %fc')),
        ('mul.rz.ftz', f32op('mul.rz.ftz.f32')),
        ('add.rn.sat', f32op('add.rn.sat.f32')),
        ('mul.rn.sat', f32op('mul.rn.sat.f32')),
        ('fma.rn.sat', f32op('fma.rn.sat.f32', '%fa, %fb, %fc')),
        ('cvt.rni.f32.f32(a)', f32op('cvt.rni.f32.f32', '%fa')),
        ('cvt.rzi.ftz.f32.f32(a)', f32op('cvt.rzi.ftz.f32.f32', '%fa')),
    ],
    'f32_minmax': [
        ('min', f32op('min.f32')),
        ('max', f32op('max.f32')),
        ('min.NaN', f32op('min.NaN.f32')),
        ('max.NaN', f32op('max.NaN.f32')),
        ('min.ftz', f32op('min.ftz.f32')),
        ('min.xorsign.abs', f32op('min.xorsign.abs.f32')),
        ('max.NaN.xorsign.abs', f32op('max.NaN.xorsign.abs.f32')),
        ('neg(a)', f32op('neg.f32', '%fa')),
        ('abs(a)', f32op('abs.f32', '%fa')),
        ('neg.ftz(a)', f32op('neg.ftz.f32', '%fa')),
        ('copysign(a,b)', f32op('copysign.f32')),
        ('testp(a)', testp_bits('f32', '%fa')),
    ],
    'f32_cvt': [
        ('cvt.f64.f32(a) lo', ['cvt.f64.f32 %e1, %fa;', 'mov.b64 {%o, %t1}, %e1;']),
        ('cvt.f64.f32(a) hi', ['cvt.f64.f32 %e1, %fa;', 'mov.b64 {%t1, %o}, %e1;']),
        ('cvt.rn.f16.f32(a)', ['cvt.rn.f16.f32 %s1, %fa;', 'cvt.u32.u16 %o, %s1;']),
        ('cvt.rz.f16.f32(a)', ['cvt.rz.f16.f32 %s1, %fa;', 'cvt.u32.u16 %o, %s1;']),
        ('cvt.rn.bf16.f32(a)', ['cvt.rn.bf16.f32 %s1, %fa;', 'cvt.u32.u16 %o, %s1;']),
        ('cvt.rn.satfinite.f16.f32(a)', ['cvt.rn.satfinite.f16.f32 %s1, %fa;', 'cvt.u32.u16 %o, %s1;']),
        ('cvt.rz.satfinite.f16.f32(a)', ['cvt.rz.satfinite.f16.f32 %s1, %fa;', 'cvt.u32.u16 %o, %s1;']),
        ('cvt.rn.relu.f16.f32(a)', ['cvt.rn.relu.f16.f32 %s1, %fa;', 'cvt.u32.u16 %o, %s1;']),
        ('cvt.rn.relu.satfinite.f16.f32(a)', ['cvt.rn.relu.satfinite.f16.f32 %s1, %fa;', 'cvt.u32.u16 %o, %s1;']),
        ('cvt.rn.satfinite.bf16.f32(a)', ['cvt.rn.satfinite.bf16.f32 %s1, %fa;', 'cvt.u32.u16 %o, %s1;']),
        ('cvt.rz.relu.bf16.f32(a)', ['cvt.rz.relu.bf16.f32 %s1, %fa;', 'cvt.u32.u16 %o, %s1;']),
        ('cvt.rz.relu.satfinite.bf16.f32(a)', ['cvt.rz.relu.satfinite.bf16.f32 %s1, %fa;', 'cvt.u32.u16 %o, %s1;']),
        ('cvt.rn.satfinite.f16x2.f32(a,b)', ['cvt.rn.satfinite.f16x2.f32 %o, %fa, %fb;']),
        ('cvt.rn.relu.f16x2.f32(a,b)', ['cvt.rn.relu.f16x2.f32 %o, %fa, %fb;']),
        ('cvt.rz.satfinite.bf16x2.f32(a,b)', ['cvt.rz.satfinite.bf16x2.f32 %o, %fa, %fb;']),
        ('cvt.rn.relu.satfinite.bf16x2.f32(a,b)', ['cvt.rn.relu.satfinite.bf16x2.f32 %o, %fa, %fb;']),
        ('cvt.rn.satfinite.e4m3x2.f32(a,b)', ['cvt.rn.satfinite.e4m3x2.f32 %s1, %fa, %fb;', 'cvt.u32.u16 %o, %s1;']),
        ('cvt.rn.satfinite.e5m2x2.f32(a,b)', ['cvt.rn.satfinite.e5m2x2.f32 %s1, %fa, %fb;', 'cvt.u32.u16 %o, %s1;']),
        ('cvt.rn.satfinite.relu.e4m3x2.f32(a,b)', ['cvt.rn.satfinite.relu.e4m3x2.f32 %s1, %fa, %fb;', 'cvt.u32.u16 %o, %s1;']),
        ('cvt.rn.satfinite.relu.e5m2x2.f32(a,b)', ['cvt.rn.satfinite.relu.e5m2x2.f32 %s1, %fa, %fb;', 'cvt.u32.u16 %o, %s1;']),
        ('cvt.rna.tf32.f32(a)', ['cvt.rna.tf32.f32 %o, %fa;']),
        ('cvt.rna.satfinite.tf32.f32(a)', ['cvt.rna.satfinite.tf32.f32 %o, %fa;']),
        ('cvt.rn.tf32.f32(a)', ['cvt.rn.tf32.f32 %o, %fa;']),
        ('cvt.rz.relu.tf32.f32(a)', ['cvt.rz.relu.tf32.f32 %o, %fa;']),
        ('cvt.rzi.s32.f32(a)', ['cvt.rzi.s32.f32 %o, %fa;']),
        ('cvt.rzi.u32.f32(a)', ['cvt.rzi.u32.f32 %o, %fa;']),
        ('cvt.rzi.s16.f32(a)', ['cvt.rzi.s16.f32 %s1, %fa;', 'cvt.u32.u16 %o, %s1;']),
        ('cvt.rni.u8.f32(a)', ['cvt.rni.u8.f32 %s1, %fa;', 'cvt.u32.u16 %o, %s1;']),
        ('cvt.rzi.s64.f32(a) lo', ['cvt.rzi.s64.f32 %l1, %fa;', 'mov.b64 {%o, %t1}, %l1;']),
        ('cvt.rzi.s64.f32(a) hi', ['cvt.rzi.s64.f32 %l1, %fa;', 'mov.b64 {%t1, %o}, %l1;']),
        ('cvt.rzi.u64.f32(a) hi', ['cvt.rzi.u64.f32 %l1, %fa;', 'mov.b64 {%t1, %o}, %l1;']),
    ],
    'f32_approx': [
        ('sqrt.approx(a)', f32op('sqrt.approx.f32', '%fa')),
        ('rcp.approx(a)', f32op('rcp.approx.f32', '%fa')),
        ('rsqrt.approx(a)', f32op('rsqrt.approx.f32', '%fa')),
        ('ex2.approx(a)', f32op('ex2.approx.f32', '%fa')),
        ('lg2.approx(a)', f32op('lg2.approx.f32', '%fa')),
        ('sin.approx(a)', f32op('sin.approx.f32', '%fa')),
        ('cos.approx(a)', f32op('cos.approx.f32', '%fa')),
        ('tanh.approx(a)', f32op('tanh.approx.f32', '%fa')),
        ('ex2.approx.ftz(a)', f32op('ex2.approx.ftz.f32', '%fa')),
        ('div.approx', f32op('div.approx.f32')),
        ('div.full', f32op('div.full.f32')),
    ],
}

F64_OPS = {
    'f64_ops': [
        ('add.rn', ['add.rn.f64 %e1, %da, %db;', 'mov.b64 %q, %e1;']),
        ('sub.rn', ['sub.rn.f64 %e1, %da, %db;', 'mov.b64 %q, %e1;']),
        ('mul.rn', ['mul.rn.f64 %e1, %da, %db;', 'mov.b64 %q, %e1;']),
        ('fma.rn', ['fma.rn.f64 %e1, %da, %db, %dc;', 'mov.b64 %q, %e1;']),
        ('div.rn', ['div.rn.f64 %e1, %da, %db;', 'mov.b64 %q, %e1;']),
        ('sqrt.rn(a)', ['sqrt.rn.f64 %e1, %da;', 'mov.b64 %q, %e1;']),
        ('rcp.rn(a)', ['rcp.rn.f64 %e1, %da;', 'mov.b64 %q, %e1;']),
        ('add.rz', ['add.rz.f64 %e1, %da, %db;', 'mov.b64 %q, %e1;']),
        ('min', ['min.f64 %e1, %da, %db;', 'mov.b64 %q, %e1;']),
        ('max', ['max.f64 %e1, %da, %db;', 'mov.b64 %q, %e1;']),
        ('neg(a)', ['neg.f64 %e1, %da;', 'mov.b64 %q, %e1;']),
        ('abs(a)', ['abs.f64 %e1, %da;', 'mov.b64 %q, %e1;']),
        ('copysign(a,b)', ['copysign.f64 %e1, %da, %db;', 'mov.b64 %q, %e1;']),
        ('cvt.rni.f64.f64(a)', ['cvt.rni.f64.f64 %e1, %da;', 'mov.b64 %q, %e1;']),
        ('cvt.rn.f32.f64(a)', ['cvt.rn.f32.f64 %g1, %da;', 'mov.b32 %t1, %g1;', 'cvt.u64.u32 %q, %t1;']),
        ('cvt.rn.f16.f64(a)', ['cvt.rn.f16.f64 %s1, %da;', 'cvt.u64.u16 %q, %s1;']),
        ('cvt.rzi.s32.f64(a)', ['cvt.rzi.s32.f64 %t1, %da;', 'cvt.u64.u32 %q, %t1;']),
        ('cvt.rzi.u32.f64(a)', ['cvt.rzi.u32.f64 %t1, %da;', 'cvt.u64.u32 %q, %t1;']),
        ('cvt.rzi.s64.f64(a)', ['cvt.rzi.s64.f64 %q, %da;']),
        ('cvt.rzi.u64.f64(a)', ['cvt.rzi.u64.f64 %q, %da;']),
        ('cvt.rzi.s16.f64(a)', ['cvt.rzi.s16.f64 %s1, %da;', 'cvt.u64.u16 %q, %s1;']),
        ('rcp.approx.ftz(a)', ['rcp.approx.ftz.f64 %e1, %da;', 'mov.b64 %q, %e1;']),
        ('rsqrt.approx(a)', ['rsqrt.approx.f64 %e1, %da;', 'mov.b64 %q, %e1;']),
        ('rsqrt.approx.ftz(a)', ['rsqrt.approx.ftz.f64 %e1, %da;', 'mov.b64 %q, %e1;']),
        ('testp(a)', [l.replace('%o', '%t2') for l in testp_bits('f64', '%da')]
         + ['cvt.u64.u32 %q, %t2;']),
    ],
}


def h16op(instr, args='%ha, %hb'):
    return ['%s %%s1, %s;' % (instr, args), 'cvt.u32.u16 %o, %s1;']


def h16x2op(instr, args):
    return ['%s %%o, %s;' % (instr, args)]


H16_OPS = {
    'f16_ops': [
        ('add.rn.f16', h16op('add.rn.f16')),
        ('mul.rn.f16', h16op('mul.rn.f16')),
        ('add.rn.ftz.f16', h16op('add.rn.ftz.f16')),
        ('add.rn.sat.f16', h16op('add.rn.sat.f16')),
        ('fma.rn.f16', h16op('fma.rn.f16', '%ha, %hb, %hc')),
        ('fma.rn.sat.f16', h16op('fma.rn.sat.f16', '%ha, %hb, %hc')),
        ('fma.rn.relu.f16', h16op('fma.rn.relu.f16', '%ha, %hb, %hc')),
        ('min.f16', h16op('min.f16')),
        ('max.f16', h16op('max.f16')),
        ('min.NaN.f16', h16op('min.NaN.f16')),
        ('max.NaN.f16', h16op('max.NaN.f16')),
        ('neg.f16(a)', h16op('neg.f16', '%ha')),
        ('abs.f16(a)', h16op('abs.f16', '%ha')),
        ('cvt.f32.f16(a)', ['cvt.f32.f16 %g1, %ha;', 'mov.b32 %o, %g1;']),
        ('cvt.f64.f16(a) hi', ['cvt.f64.f16 %e1, %ha;', 'mov.b64 {%t1, %o}, %e1;']),
        ('cvt.f64.f16(a) lo', ['cvt.f64.f16 %e1, %ha;', 'mov.b64 {%o, %t1}, %e1;']),
        ('ex2.approx.f16(a)', h16op('ex2.approx.f16', '%ha')),
        ('tanh.approx.f16(a)', h16op('tanh.approx.f16', '%ha')),
        ('add.rn.f16x2(ab,ba)', ['mov.b32 %t1, {%ha, %hb};', 'mov.b32 %t2, {%hb, %hc};',
                                 'add.rn.f16x2 %o, %t1, %t2;']),
        ('min.NaN.f16x2(ab,bc)', ['mov.b32 %t1, {%ha, %hb};', 'mov.b32 %t2, {%hb, %hc};',
                                  'min.NaN.f16x2 %o, %t1, %t2;']),
        ('cvt.rzi.s32.f16(a)', ['cvt.rzi.s32.f16 %o, %ha;']),
        ('cvt.rzi.s64.f16(a) hi', ['cvt.rzi.s64.f16 %l1, %ha;', 'mov.b64 {%t1, %o}, %l1;']),
    ],
    'bf16_ops': [
        ('add.rn.bf16', h16op('add.rn.bf16')),
        ('mul.rn.bf16', h16op('mul.rn.bf16')),
        ('fma.rn.bf16', h16op('fma.rn.bf16', '%ha, %hb, %hc')),
        ('fma.rn.relu.bf16', h16op('fma.rn.relu.bf16', '%ha, %hb, %hc')),
        ('min.bf16', h16op('min.bf16')),
        ('max.bf16', h16op('max.bf16')),
        ('min.NaN.bf16', h16op('min.NaN.bf16')),
        ('max.NaN.bf16', h16op('max.NaN.bf16')),
        ('neg.bf16(a)', h16op('neg.bf16', '%ha')),
        ('abs.bf16(a)', h16op('abs.bf16', '%ha')),
        ('cvt.f32.bf16(a)', ['cvt.f32.bf16 %g1, %ha;', 'mov.b32 %o, %g1;']),
        ('cvt.f64.bf16(a) hi', ['cvt.f64.bf16 %e1, %ha;', 'mov.b64 {%t1, %o}, %e1;']),
        ('cvt.rn.f16.bf16(a)', ['cvt.rn.f16.bf16 %s1, %ha;', 'cvt.u32.u16 %o, %s1;']),
        ('cvt.rn.bf16.f16(a)', ['cvt.rn.bf16.f16 %s1, %ha;', 'cvt.u32.u16 %o, %s1;']),
        ('ex2.approx.ftz.bf16(a)', h16op('ex2.approx.ftz.bf16', '%ha')),
        ('tanh.approx.bf16(a)', h16op('tanh.approx.bf16', '%ha')),
    ],
}

# Exhaustive 16-bit approx: input b16 x (iota), 8 result words a thread.
APPROX16_OPS = [
    ('ex2.approx.f16', h16op('ex2.approx.f16', '%ha')),
    ('tanh.approx.f16', h16op('tanh.approx.f16', '%ha')),
    ('ex2.approx.ftz.bf16', h16op('ex2.approx.ftz.bf16', '%ha')),
    ('tanh.approx.bf16', h16op('tanh.approx.bf16', '%ha')),
    ('ex2.approx.f16x2(x,x^8000)', ['xor.b16 %s2, %ha, 0x8000;', 'mov.b32 %t1, {%s2, %ha};',
                                     'ex2.approx.f16x2 %o, %t1;']),
    ('tanh.approx.f16x2(x,x^8000)', ['xor.b16 %s2, %ha, 0x8000;', 'mov.b32 %t1, {%s2, %ha};',
                                      'tanh.approx.f16x2 %o, %t1;']),
    ('ex2.approx.ftz.bf16x2(x,x^8000)', ['xor.b16 %s2, %ha, 0x8000;', 'mov.b32 %t1, {%s2, %ha};',
                                          'ex2.approx.ftz.bf16x2 %o, %t1;']),
    ('tanh.approx.bf16x2(x,x^8000)', ['xor.b16 %s2, %ha, 0x8000;', 'mov.b32 %t1, {%s2, %ha};',
                                       'tanh.approx.bf16x2 %o, %t1;']),
]

INT_OPS = [
    ('div.u32', ['div.u32 %o, %ia, %ib;']),
    ('rem.u32', ['rem.u32 %o, %ia, %ib;']),
    ('div.s32', ['div.s32 %o, %ia, %ib;']),
    ('rem.s32', ['rem.s32 %o, %ia, %ib;']),
    ('div.s64(a<<32, b) hi', ['cvt.s64.s32 %l1, %ia;', 'cvt.s64.s32 %l2, %ib;',
                              'shl.b64 %l1, %l1, 32;',
                              'div.s64 %l1, %l1, %l2;', 'mov.b64 {%t1, %o}, %l1;']),
    ('rem.s64(a<<32, b) lo', ['cvt.s64.s32 %l1, %ia;', 'cvt.s64.s32 %l2, %ib;',
                              'shl.b64 %l1, %l1, 32;',
                              'rem.s64 %l1, %l1, %l2;', 'mov.b64 {%o, %t1}, %l1;']),
    ('div.u64(a,b) lo', ['cvt.u64.u32 %l1, %ia;', 'cvt.u64.u32 %l2, %ib;',
                         'div.u64 %l1, %l1, %l2;', 'mov.b64 {%o, %t1}, %l1;']),
    ('div.u64(a,b) hi', ['cvt.u64.u32 %l1, %ia;', 'cvt.u64.u32 %l2, %ib;',
                         'div.u64 %l1, %l1, %l2;', 'mov.b64 {%t1, %o}, %l1;']),
    ('sub.cc+subc(0,a;0,b)', ['sub.cc.u32 %t1, 0, %ia;', 'subc.u32 %o, 0, %ib;']),
    ('sub.cc+subc.cc+addc(a,b)', ['sub.cc.u32 %t1, %ia, %ib;', 'subc.cc.u32 %t2, %ib, %ia;',
                                  'addc.u32 %o, 0, 0;']),
]


# ---- probe set 2 -----------------------------------------------------------

def f64b(instr, args):
    return ['%s %%e1, %s;' % (instr, args), 'mov.b64 %q, %e1;']


F64_NAN_ORDER_OPS = [
    ('add(a,b)', f64b('add.rn.f64', '%da, %db')),
    ('add(b,a)', f64b('add.rn.f64', '%db, %da')),
    ('sub(a,b)', f64b('sub.rn.f64', '%da, %db')),
    ('sub(b,a)', f64b('sub.rn.f64', '%db, %da')),
    ('mul(a,b)', f64b('mul.rn.f64', '%da, %db')),
    ('mul(b,a)', f64b('mul.rn.f64', '%db, %da')),
    ('div(a,b)', f64b('div.rn.f64', '%da, %db')),
    ('div(b,a)', f64b('div.rn.f64', '%db, %da')),
    ('fma(a,b,c)', f64b('fma.rn.f64', '%da, %db, %dc')),
    ('fma(b,a,c)', f64b('fma.rn.f64', '%db, %da, %dc')),
    ('fma(a,c,b)', f64b('fma.rn.f64', '%da, %dc, %db')),
    ('fma(c,b,a)', f64b('fma.rn.f64', '%dc, %db, %da')),
    ('min(a,b)', f64b('min.f64', '%da, %db')),
    ('min(b,a)', f64b('min.f64', '%db, %da')),
    ('max(b,a)', f64b('max.f64', '%db, %da')),
    ('add.rz(a,b)', f64b('add.rz.f64', '%da, %db')),
]

FTZ_OPS = [
    ('mul.rn.ftz', f32op('mul.rn.ftz.f32')),
    ('mul.rz.ftz', f32op('mul.rz.ftz.f32')),
    ('mul.rm.ftz', f32op('mul.rm.ftz.f32')),
    ('mul.rp.ftz', f32op('mul.rp.ftz.f32')),
    ('mul.rn', f32op('mul.rn.f32')),
    ('mul.rp', f32op('mul.rp.f32')),
    ('fma.rn.ftz', f32op('fma.rn.ftz.f32', '%fa, %fb, %fc')),
    ('fma.rp.ftz', f32op('fma.rp.ftz.f32', '%fa, %fb, %fc')),
    ('fma.rm.ftz', f32op('fma.rm.ftz.f32', '%fa, %fb, %fc')),
    ('div.rn.ftz', f32op('div.rn.ftz.f32')),
    ('div.rp.ftz', f32op('div.rp.ftz.f32')),
    ('div.rn', f32op('div.rn.f32')),
    ('add.rn.ftz', f32op('add.rn.ftz.f32')),
    ('mul.ftz (no rnd)', f32op('mul.ftz.f32')),
    ('mul.rn.ftz.sat', f32op('mul.rn.ftz.sat.f32')),
]

CC_OPS = [
    ('add.cc(a,b); subc(0,0)', ['add.cc.u32 %t1, %ia, %ib;', 'subc.u32 %o, 0, 0;']),
    ('sub.cc(a,b); addc(0,0)', ['sub.cc.u32 %t1, %ia, %ib;', 'addc.u32 %o, 0, 0;']),
    ('sub.cc(a,b); subc(0,0)', ['sub.cc.u32 %t1, %ia, %ib;', 'subc.u32 %o, 0, 0;']),
    ('add.cc(a,b); addc(0,0)', ['add.cc.u32 %t1, %ia, %ib;', 'addc.u32 %o, 0, 0;']),
    ('sub.cc(a,b); subc.cc(0,0); addc(0,0)',
     ['sub.cc.u32 %t1, %ia, %ib;', 'subc.cc.u32 %t2, 0, 0;', 'addc.u32 %o, 0, 0;']),
    ('sub.cc(a,b); subc(b,a)', ['sub.cc.u32 %t1, %ia, %ib;', 'subc.u32 %o, %ib, %ia;']),
    ('add.cc(a,b); subc(a,b)', ['add.cc.u32 %t1, %ia, %ib;', 'subc.u32 %o, %ia, %ib;']),
    ('rem.u32(a, b) b=0?', ['rem.u32 %o, %ia, %ib;']),
    ('rem.s32(a,b)', ['rem.s32 %o, %ia, %ib;']),
    ('div.s32(a,b)', ['div.s32 %o, %ia, %ib;']),
    ('rem.u64 lo', ['cvt.u64.u32 %l1, %ia;', 'cvt.u64.u32 %l2, %ib;',
                    'rem.u64 %l1, %l1, %l2;', 'mov.b64 {%o, %t1}, %l1;']),
    ('rem.u64 hi', ['cvt.u64.u32 %l1, %ia;', 'cvt.u64.u32 %l2, %ib;',
                    'rem.u64 %l1, %l1, %l2;', 'mov.b64 {%t1, %o}, %l1;']),
    ('div.u64 hi', ['cvt.u64.u32 %l1, %ia;', 'cvt.u64.u32 %l2, %ib;',
                    'div.u64 %l1, %l1, %l2;', 'mov.b64 {%t1, %o}, %l1;']),
]


def h2f(fn_f16, cvt_in, cvt_out):
    return ['%s %%g2, %%ha;' % cvt_in, '%s %%g1, %%g2;' % fn_f16,
            '%s %%s1, %%g1;' % cvt_out, 'cvt.u32.u16 %o, %s1;']


APPROX16_STRUCT_OPS = [
    ('ex2.approx.f16', h16op('ex2.approx.f16', '%ha')),
    ('rn.f16(ex2.approx.ftz.f32)', h2f('ex2.approx.ftz.f32', 'cvt.f32.f16', 'cvt.rn.f16.f32')),
    ('rz.f16(ex2.approx.ftz.f32)', h2f('ex2.approx.ftz.f32', 'cvt.f32.f16', 'cvt.rz.f16.f32')),
    ('tanh.approx.f16', h16op('tanh.approx.f16', '%ha')),
    ('rn.f16(tanh.approx.f32)', h2f('tanh.approx.f32', 'cvt.f32.f16', 'cvt.rn.f16.f32')),
    ('rz.f16(tanh.approx.f32)', h2f('tanh.approx.f32', 'cvt.f32.f16', 'cvt.rz.f16.f32')),
    ('ex2.approx.ftz.bf16', h16op('ex2.approx.ftz.bf16', '%ha')),
    ('rn.bf16(ex2.approx.ftz.f32)', h2f('ex2.approx.ftz.f32', 'cvt.f32.bf16', 'cvt.rn.bf16.f32')),
    ('rz.bf16(ex2.approx.ftz.f32)', h2f('ex2.approx.ftz.f32', 'cvt.f32.bf16', 'cvt.rz.bf16.f32')),
    ('tanh.approx.bf16', h16op('tanh.approx.bf16', '%ha')),
    ('rn.bf16(tanh.approx.f32)', h2f('tanh.approx.f32', 'cvt.f32.bf16', 'cvt.rn.bf16.f32')),
    ('rz.bf16(tanh.approx.f32)', h2f('tanh.approx.f32', 'cvt.f32.bf16', 'cvt.rz.bf16.f32')),
]

SHFL_PTX = """//
// GENERATED by scripts/gpu/probes.py: shfl.sync reading a lane outside
// membermask. 32 threads; v = lane * 10 + 1; lanes 0-15 run
// shfl.sync.idx.b32 r|p, v, lane + 16, 0x1f, 0xffff (source lanes 16-31 are
// not in membermask and do not execute it); out[lane] = r, out[32 + lane] =
// p. Lanes 16-31 write 0xdead.
.version 8.5
.target sm_90
.address_size 64
.visible .entry shfl_outside(.param .u64 pout)
{
  .reg .pred %p<3>;
  .reg .b32 %r<8>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [pout];
  mov.u32 %r1, %laneid;
  mad.lo.u32 %r2, %r1, 10, 1;
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd2, %rd1, %rd2;
  setp.ge.u32 %p1, %r1, 16;
  @%p1 bra HIGH;
  add.u32 %r3, %r1, 16;
  shfl.sync.idx.b32 %r4|%p2, %r2, %r3, 0x1f, 0xffff;
  selp.u32 %r5, 1, 0, %p2;
  st.global.u32 [%rd2], %r4;
  st.global.u32 [%rd2+128], %r5;
  ret;
HIGH:
  mov.u32 %r6, 0xdead;
  st.global.u32 [%rd2], %r6;
  st.global.u32 [%rd2+128], %r6;
  ret;
}
"""

HEADER = '''//
// GENERATED by scripts/gpu/probes.py: probe kernels, thread i reads input
// element i and writes %(K)d result words (see the script).
.version 8.5
.target sm_90
.address_size 64
'''

SCRATCH = '''  .reg .pred %%p<2>;
  .reg .b32 %%t<5>;
  .reg .b32 %%o;
  .reg .b32 %%ia, %%ib, %%ic;
  .reg .f32 %%fa, %%fb, %%fc;
  .reg .f32 %%g<3>;
  .reg .f64 %%da, %%db, %%dc;
  .reg .f64 %%e<3>;
  .reg .b64 %%q;
  .reg .b16 %%ha, %%hb, %%hc;
  .reg .b16 %%s<4>;
  .reg .b64 %%l<3>;
  .reg .b64 %%in, %%out, %%addr;
  .reg .b32 %%i, %%n, %%u<3>;
  ld.param.u64 %%in, [pin];
  ld.param.u64 %%out, [pout];
  ld.param.u32 %%n, [pn];
  mov.u32 %%u1, %%ctaid.x;
  mov.u32 %%u2, %%ntid.x;
  mov.u32 %%i, %%tid.x;
  mad.lo.u32 %%i, %%u1, %%u2, %%i;
  setp.ge.u32 %%p1, %%i, %%n;
  @%%p1 bra DONE;
'''


def kernel(name, kind, ops):
    """kind: f32 (3 x b32 in, b32 out), f64 (3 x b64 in, b64 out),
    h16 (3 x b16 in, b32 out), int (2 x b32 in, b32 out), x16 (1 x b16)."""
    K = len(ops)
    lines = ['.visible .entry %s(.param .u64 pin, .param .u64 pout, '
             '.param .u32 pn)' % name, '{', SCRATCH % {}]
    if kind in ('f32', 'int'):
        lines += ['  mul.wide.u32 %addr, %i, 12;', '  add.s64 %addr, %in, %addr;',
                  '  ld.global.b32 %ia, [%addr];', '  ld.global.b32 %ib, [%addr+4];',
                  '  ld.global.b32 %ic, [%addr+8];',
                  '  mov.b32 %fa, %ia;', '  mov.b32 %fb, %ib;', '  mov.b32 %fc, %ic;']
    elif kind == 'f64':
        lines += ['  mul.wide.u32 %addr, %i, 24;', '  add.s64 %addr, %in, %addr;',
                  '  ld.global.f64 %da, [%addr];', '  ld.global.f64 %db, [%addr+8];',
                  '  ld.global.f64 %dc, [%addr+16];']
    elif kind == 'h16':
        lines += ['  mul.wide.u32 %addr, %i, 6;', '  add.s64 %addr, %in, %addr;',
                  '  ld.global.b16 %ha, [%addr];', '  ld.global.b16 %hb, [%addr+2];',
                  '  ld.global.b16 %hc, [%addr+4];']
    elif kind == 'x16':
        lines += ['  mul.wide.u32 %addr, %i, 2;', '  add.s64 %addr, %in, %addr;',
                  '  ld.global.b16 %ha, [%addr];']
    wsize = 8 if kind == 'f64' else 4
    lines += ['  mul.lo.u32 %%u1, %%i, %d;' % K,
              '  mul.wide.u32 %%addr, %%u1, %d;' % wsize,
              '  add.s64 %addr, %out, %addr;']
    for j, (opname, body) in enumerate(ops):
        lines.append('  // %d: %s' % (j, opname))
        lines += ['  ' + l for l in body]
        if kind == 'f64':
            lines.append('  st.global.b64 [%%addr+%d], %%q;' % (8 * j))
        else:
            lines.append('  st.global.b32 [%%addr+%d], %%o;' % (4 * j))
    lines += ['DONE:', '  ret;', '}', '']
    return '\n'.join(lines)


# ---------------------------------------------------------------------------
# Inputs
# ---------------------------------------------------------------------------

F32_SPECIAL = [
    0x00000000, 0x80000000, 0x3f800000, 0xbf800000, 0x00000001, 0x807fffff,
    0x00800000, 0x7f7fffff, 0xff7fffff, 0x7f800000, 0xff800000,
    0x7fc00000, 0xffc00000, 0x7f800001, 0xff800001, 0x7fc12345, 0xffffffff,
    0x7fbfffff, 0x3f000000, 0x477fe000, 0x477ff000, 0x477fefff, 0x40400000,
    0xc0000000, 0x3f7fffff, 0x43e00000, 0x4f000000, 0xdf000000, 0x5f800000,
    0x3effffff, 0x387fc000, 0x33800000, 0x007fffff, 0xbf000000,
]
# pairs whose product/sum lands at the subnormal/normal boundary (.ftz)
F32_EXTRA = [
    (0x3f7fffff, 0x00800000, 0x00000000),  # (1-2^-24)*2^-126 -> rounds to 2^-126
    (0x3f7ffffe, 0x00800000, 0x00000000),
    (0x3f7fffff, 0x00800001, 0x00000000),
    (0x00400000, 0x40000000, 0x00000000),  # exact 2^-126
    (0x007fffff, 0x00000001, 0x00000000),
    (0x00800000, 0x80000001, 0x00000000),  # add: 2^-126 - 2^-149
    (0xbf800000, 0x80000000, 0x80000000),  # -1*-0 + -0
    (0x80000000, 0x80000000, 0x80000000),
    (0x3f800000, 0xbf800000, 0x00000000),
    (0xbf000000, 0x3f800000, 0x80000000),
    (0x7f7fffff, 0x40000000, 0xff800000),
    (0x7f800000, 0x00000000, 0x3f800000),  # inf*0 + 1
    (0x7f800000, 0x3f800000, 0xff800000),  # inf - inf in fma
    (0x00000000, 0x00000000, 0x7fc12345),
    (0x3f800000, 0x7fc12345, 0xffc54321),
    (0xffc54321, 0x7fc12345, 0x7f800001),
    (0x80000000, 0x7fc00000, 0x3f800000),
    (0xff800000, 0x7f800000, 0x00000000),
]
F64_SPECIAL = [
    0x0000000000000000, 0x8000000000000000, 0x3ff0000000000000,
    0xbff0000000000000, 0x0000000000000001, 0x7fefffffffffffff,
    0x7ff0000000000000, 0xfff0000000000000, 0x7ff8000000000000,
    0xfff8000000000000, 0x7ff0000000000001, 0xfff0000000000001,
    0x7ff8000012345678, 0xfff80000abcdef01, 0x7ff4000000000abc,
    0xffffffffffffffff, 0x7ff7ffffffffffff, 0x41e0000000000000,
    0xc1e0000000200000, 0x43e0000000000000, 0x43f0000000000000,
    0x4000000000000000, 0x0010000000000000, 0x47efffffe0000000,
    0x3fe0000000000000,
]
H16_SPECIAL = [  # f16
    0x0000, 0x8000, 0x3c00, 0xbc00, 0x0001, 0x83ff, 0x0400, 0x7bff, 0xfbff,
    0x7c00, 0xfc00, 0x7e00, 0xfe00, 0x7c01, 0xfc01, 0x7e55, 0xffff, 0x7dff,
    0x3800, 0xb800, 0x4200, 0x3bff,
]
BF16_SPECIAL = [
    0x0000, 0x8000, 0x3f80, 0xbf80, 0x0001, 0x807f, 0x0080, 0x7f7f, 0xff7f,
    0x7f80, 0xff80, 0x7fc0, 0xffc0, 0x7f81, 0xff81, 0x7fd5, 0xffff, 0x7fbf,
    0x3f00, 0xbf00, 0x4040, 0x3f7f,
]
INT_PAIRS = [(7, 0), (0xffffffff, 0), (0x80000000, 0), (0, 0), (0x80000000, 0xffffffff),
             (5, 0xffffffff), (0xfffffff9, 2), (7, 0xfffffffe), (0, 1), (1, 0), (1, 2),
             (2, 1), (0xffffffff, 0xffffffff)]


def triples(special, extra=(), cross=True):
    out = []
    n = len(special)
    for i, a in enumerate(special):
        for j, b in enumerate(special):
            out.append((a, b, special[(i * 7 + j * 3) % n]))
    out += list(extra)
    return out


def sample_f32(n, seed):
    rnd = random.Random(seed)
    vals = []
    for i in range(n):
        hi = (i * 65536 // n) & 0xffff
        vals.append((hi << 16) | rnd.getrandbits(16))
    return vals


def sample_f64(n, seed):
    rnd = random.Random(seed)
    vals = []
    for i in range(n):
        hi = (i * 4096 // n) & 0xfff
        vals.append((hi << 52) | rnd.getrandbits(52))
    return vals


def pack(fmt, values):
    return b''.join(struct.pack('<' + fmt, v) for v in values)


def gen(bundle, probe_set=1):
    os.makedirs(os.path.join(bundle, 'ptx'), exist_ok=True)
    os.makedirs(os.path.join(bundle, 'in'), exist_ok=True)
    specs = []  # (name, ptx file, kernel, kind, input bytes, n, K, word size)

    def add(name, kind, ops, inbytes, n):
        path = os.path.join(bundle, 'ptx', name + '.ptx')
        with open(path, 'w') as f:
            f.write(HEADER % {'K': len(ops)} + '\n' + kernel(name, kind, ops))
        inpath = os.path.join(bundle, 'in', name + '.bin')
        with open(inpath, 'wb') as f:
            f.write(inbytes)
        specs.append({'name': name, 'kind': kind, 'ops': [o[0] for o in ops],
                      'n': n, 'ptx': path, 'input': inpath})

    if probe_set == 2:
        return gen2(bundle, specs, add)
    t32 = triples(F32_SPECIAL, F32_EXTRA)
    flat = [v for t in t32 for v in t]
    for name, ops in F32_OPS.items():
        if name == 'f32_approx':
            vals = sample_f32(65536, 1)
            tri = [(v, 0x40400000 if k % 2 else vals[(k * 7919) % len(vals)], 0)
                   for k, v in enumerate(vals)] + t32
            add(name, 'f32', ops, pack('I', [v for t in tri for v in t]), len(tri))
        else:
            add(name, 'f32', ops, pack('I', flat), len(t32))
    t64 = triples(F64_SPECIAL)
    samp = sample_f64(16384, 2)
    t64 += [(v, 0, 0) for v in samp]
    add('f64_ops', 'f64', F64_OPS['f64_ops'], pack('Q', [v for t in t64 for v in t]),
        len(t64))
    for name, special in (('f16_ops', H16_SPECIAL), ('bf16_ops', BF16_SPECIAL)):
        t16 = triples(special)
        add(name, 'h16', H16_OPS[name], pack('H', [v for t in t16 for v in t]),
            len(t16))
    add('approx16', 'x16', APPROX16_OPS, pack('H', range(65536)), 65536)
    tint = [(a, b, 0) for a, b in INT_PAIRS]
    add('int_choices', 'int', INT_OPS, pack('I', [v for t in tint for v in t]),
        len(tint))
    write_manifest(bundle, specs)


def write_manifest(bundle, specs):
    invs = []
    for k, s in enumerate(specs):
        wsize = 8 if s['kind'] == 'f64' else 4
        wt = 'b64' if wsize == 8 else 'b32'
        in_elem = {'f32': ('b32', 3), 'int': ('b32', 3), 'f64': ('b64', 3),
                   'h16': ('b16', 3), 'x16': ('b16', 1),
                   'raw': ('b32', 0)}[s['kind']]
        nin = s['n'] * in_elem[1]
        out_path = os.path.join(bundle, 'cpu', s['name'] + '.out')
        argv = [s['ptx'], '--kernel=' + s['name'],
                '--grid=%d' % ((s['n'] + 127) // 128), '--block=128',
                '--arg=%s[%d]=file:%s' % (in_elem[0], nin, s['input']),
                '--arg=%s[%d]=fill:0x5a5a5a5a' % (wt, s['n'] * len(s['ops']))
                if wsize == 4 else
                '--arg=%s[%d]=fill:0x5a5a5a5a5a5a5a5a' % (wt, s['n'] * len(s['ops'])),
                '--arg=u32:%d' % s['n'], '--out=1:' + out_path]
        if s['kind'] == 'raw':
            argv = [s['ptx'], '--kernel=' + s['name'], '--block=32',
                    '--arg=b32[64]=fill:0x5a5a5a5a', '--out=0:' + out_path]
        s['argv'] = argv
        s['out'] = out_path
        files = {}
        for p in (s['ptx'], s['input']) if s['input'] else (s['ptx'],):
            files[p] = os.path.relpath(p, os.path.join(bundle, 'files'))
        invs.append({'id': k, 'argv': argv, 'files': files, 'skip': None,
                     'kind': 'positive', 'tests': ['probe:' + s['name']]})
    with open(os.path.join(bundle, 'manifest.json'), 'w') as f:
        json.dump({'invocations': invs}, f, indent=0)
    with open(os.path.join(bundle, 'probes.json'), 'w') as f:
        json.dump(specs, f, indent=0)
    os.makedirs(os.path.join(bundle, 'files'), exist_ok=True)
    print('%d probe kernels in %s' % (len(specs), bundle))


F64_NANS = [0x7ff8000000000000, 0xfff8000000000000, 0x7ff0000000000001,
            0xfff0000000000001, 0x7ff8000012345678, 0xfff80000abcdef01,
            0x7ff4000000000abc]


def gen2(bundle, specs, add):
    vals = F64_NANS + [0x3ff0000000000000]
    t = [(a, b, c) for a in vals for b in vals for c in vals]
    add('f64_nan_order', 'f64', F64_NAN_ORDER_OPS,
        pack('Q', [v for x in t for v in x]), len(t))
    A = [0x3f7fffff, 0x3f7ffffe, 0x3f7ffff0, 0xbf7fffff, 0x3f000001]
    B = [0x00800000, 0x00800001, 0x00800002, 0x80800000, 0x00ffffff]
    C = [0x00000000, 0x80000000, 0x00000001, 0x80000001]
    t = [(a, b, c) for a in A for b in B for c in C]
    t += [(0x00800000, 0x3f800001, 0), (0x80800000, 0x3f800001, 0),
          (0x00800000, 0x3f800002, 0), (0x00ffffff, 0x40000000, 0),
          (0x00800001, 0x80000002, 0), (0x00800000, 0x80000001, 0)]
    add('ftz_boundary', 'f32', FTZ_OPS, pack('I', [v for x in t for v in x]),
        len(t))
    pairs = [(7, 0), (0, 7), (0, 0), (0xffffffff, 1), (1, 0xffffffff),
             (0x80000000, 0x80000000), (5, 5), (0x80000000, 0xffffffff),
             (0xffffffff, 0), (0x80000000, 0)]
    add('cc_mix', 'int', CC_OPS,
        pack('I', [v for a, b in pairs for v in (a, b, 0)]), len(pairs))
    add('approx16_struct', 'x16', APPROX16_STRUCT_OPS, pack('H', range(65536)),
        65536)
    path = os.path.join(bundle, 'ptx', 'shfl_outside.ptx')
    with open(path, 'w') as f:
        f.write(SHFL_PTX)
    specs.append({'name': 'shfl_outside', 'kind': 'raw',
                  'ops': ['lane %d: r' % i for i in range(32)] +
                         ['lane %d: p' % i for i in range(32)],
                  'n': 1, 'ptx': path, 'input': None})
    write_manifest(bundle, specs)


def cpu(bundle, ptx_jit):
    specs = json.load(open(os.path.join(bundle, 'probes.json')))
    os.makedirs(os.path.join(bundle, 'cpu'), exist_ok=True)
    for s in specs:
        r = subprocess.run([ptx_jit] + s['argv'], stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE)
        print('%s: ptx-jit status %d %s' % (s['name'], r.returncode,
                                             r.stderr.decode()[:500]))


def words(data, wsize):
    fmt = '<%d%s' % (len(data) // wsize, 'Q' if wsize == 8 else 'I')
    return struct.unpack(fmt, data)


def ulp_index32(bits):
    """Monotonic integer of an f32 pattern (for ulp distances)."""
    return (0x80000000 - (bits & 0x7fffffff)) if bits & 0x80000000 else \
        (0x80000000 + bits)


def ulp_index16(bits):
    return (0x8000 - (bits & 0x7fff)) if bits & 0x8000 else (0x8000 + bits)


def compare(bundle, results, variant):
    specs = json.load(open(os.path.join(bundle, 'probes.json')))
    with gzip.open(results, 'rt') as f:
        res = json.load(f)['variants'][variant]
    by_id = {r['id']: r for r in res}
    for k, s in enumerate(specs):
        print('=' * 78)
        print('%s (%d elements x %d ops)' % (s['name'], s['n'], len(s['ops'])))
        r = by_id.get(k)
        if r is None or r['rc'] != 0:
            print('  GPU: no result: %s' % (
                base64.b64decode(r['stderr']).decode()[:2000] if r else 'missing'))
            continue
        out_index = [i for i, a in enumerate(r['argv']) if a.startswith('--out=')][0]
        gpu = base64.b64decode(r['outs'][str(out_index)])
        try:
            cpu_data = open(s['out'], 'rb').read()
        except OSError:
            cpu_data = None
        wsize = 8 if s['kind'] == 'f64' else 4
        K = len(s['ops'])
        g = words(gpu, wsize)
        c = words(cpu_data, wsize) if cpu_data else None
        inp = open(s['input'], 'rb').read() if s['input'] else b''
        if s['kind'] == 'raw':
            elem = lambda i: '-'
        elif s['kind'] in ('f32', 'int'):
            iw = words(inp, 4)
            elem = lambda i: ' '.join('0x%08x' % v for v in iw[3 * i:3 * i + 3])
        elif s['kind'] == 'f64':
            iw = words(inp, 8)
            elem = lambda i: ' '.join('0x%016x' % v for v in iw[3 * i:3 * i + 3])
        else:
            iw = struct.unpack('<%dH' % (len(inp) // 2), inp)
            per = 3 if s['kind'] == 'h16' else 1
            elem = lambda i: ' '.join('0x%04x' % v for v in iw[per * i:per * i + per])
        if c is not None and s['name'] in ('approx16_struct', 'f64_nan_order'):
            per = {'f64': 3, 'x16': 1}[s['kind']]
            rows = [(tuple(iw[per * i:per * i + per]),
                     {op: (g[i * K + j], c[i * K + j])
                      for j, op in enumerate(s['ops'])})
                    for i in range(s['n'])]
            analyse(s['name'], rows)
        for j, opname in enumerate(s['ops']):
            diffs = [i for i in range(s['n'])
                     if c is None or g[i * K + j] != c[i * K + j]]
            line = '  %-40s ' % opname
            if c is None:
                print(line + 'no CPU result')
                continue
            if not diffs:
                print(line + 'all %d equal' % s['n'])
                continue
            print(line + '%d of %d differ' % (len(diffs), s['n']))
            if s['name'] in ('approx16', 'f32_approx') or len(diffs) > 40:
                # summarise: ulp distances
                hist = {}
                for i in diffs:
                    gv, cv = g[i * K + j], c[i * K + j]
                    if s['name'] == 'approx16':
                        if 'x2' in opname:
                            d = max(abs(ulp_index16(gv & 0xffff) - ulp_index16(cv & 0xffff)),
                                    abs(ulp_index16(gv >> 16) - ulp_index16(cv >> 16)))
                        else:
                            d = abs(ulp_index16(gv) - ulp_index16(cv))
                    elif wsize == 4:
                        d = abs(ulp_index32(gv) - ulp_index32(cv))
                    else:
                        d = abs(gv - cv)
                    b = ('1' if d == 1 else '2' if d == 2 else '3-16' if d <= 16
                         else '17-1023' if d < 1024 else '>=1024 or sign/NaN')
                    hist[b] = hist.get(b, 0) + 1
                print('      ulp distance: %s' % hist)
                shown = diffs[:6]
            else:
                shown = diffs
            for i in shown:
                fmtw = '0x%016x' if wsize == 8 else '0x%08x'
                print('      in %s: GPU %s  ptxjit %s' % (
                    elem(i), fmtw % g[i * K + j], fmtw % c[i * K + j]))


def analyse(name, rows):
    """Extra findings on the GPU results of some kernels (rows: list of
    (inputs, {op: (gpu, ptxjit)}))."""
    if name == 'approx16_struct':
        pairs = [('ex2.approx.f16', 'rn.f16(ex2.approx.ftz.f32)'),
                 ('ex2.approx.f16', 'rz.f16(ex2.approx.ftz.f32)'),
                 ('tanh.approx.f16', 'rn.f16(tanh.approx.f32)'),
                 ('tanh.approx.f16', 'rz.f16(tanh.approx.f32)'),
                 ('ex2.approx.ftz.bf16', 'rn.bf16(ex2.approx.ftz.f32)'),
                 ('ex2.approx.ftz.bf16', 'rz.bf16(ex2.approx.ftz.f32)'),
                 ('tanh.approx.bf16', 'rn.bf16(tanh.approx.f32)'),
                 ('tanh.approx.bf16', 'rz.bf16(tanh.approx.f32)')]
        print('  GPU against GPU (is the 16-bit form the f32 form, rounded?):')
        for a, b in pairs:
            diff = [ins[0] for ins, d in rows if d[a][0] != d[b][0]]
            ovf = sum(1 for x in diff if rows[x][1][a][0] == 0x7c00 and
                      rows[x][1][b][0] == 0x7bff)
            print('    %-20s vs %-28s %5d of %d differ%s' % (
                a, b, len(diff), len(rows),
                ' (all: GPU inf, rz 0x7bff)' if diff and ovf == len(diff) else ''))
        print('  GPU 16-bit form against rz(ptxjit\'s own f32 form), overflow to inf:')
        for a, b in pairs[1::2]:
            same = 0
            for ins, d in rows:
                g, c = d[a][0], d[b][1]
                if a == 'ex2.approx.f16' and c == 0x7bff and d[b][0] == 0x7bff \
                        and g == 0x7c00:
                    c = 0x7c00
                same += g == c
            today = sum(1 for ins, d in rows if d[a][0] == d[a][1])
            print('    %-20s equal today %5d / %d; with rz(f32 form) %5d / %d'
                  % (a, today, len(rows), same, len(rows)))
    if name == 'f64_nan_order':
        def isnan(x):
            return (x & 0x7fffffffffffffff) > 0x7ff0000000000000
        print('  which input NaN the GPU returns (quieted), by PTX operand order:')
        for op in [o for o in rows[0][1]]:
            order = op[op.index('(') + 1:op.index(')')].split(',')
            counts = {}
            for ins, d in rows:
                v = dict(zip('abc', ins))
                opnds = [v[k] for k in order]
                nans = [i for i, x in enumerate(opnds) if isnan(x)]
                if len(nans) < 2 or len(set(opnds[i] for i in nans)) < 2:
                    continue
                g = d[op][0]
                hit = [order[i] for i in nans
                       if opnds[i] | 0x0008000000000000 == g]
                key = ('operand ' + '/'.join(hit)) if hit else \
                    ('non-NaN' if not isnan(g) else 'another NaN %x' % g)
                counts[key] = counts.get(key, 0) + 1
            print('    %-12s %s' % (op, counts))


def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest='cmd', required=True)
    a = sub.add_parser('gen')
    a.add_argument('--bundle', required=True)
    a.add_argument('--set', type=int, default=1, choices=(1, 2))
    b = sub.add_parser('cpu')
    b.add_argument('--bundle', required=True)
    b.add_argument('--ptx-jit', required=True)
    c = sub.add_parser('compare')
    c.add_argument('--bundle', required=True)
    c.add_argument('results')
    c.add_argument('--variant', default='jit')
    opts = p.parse_args()
    bundle = os.path.abspath(opts.bundle)
    if opts.cmd == 'gen':
        gen(bundle, opts.set)
    elif opts.cmd == 'cpu':
        cpu(bundle, opts.ptx_jit)
    else:
        compare(bundle, opts.results, opts.variant)


if __name__ == '__main__':
    main()
