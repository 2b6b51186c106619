#!/usr/bin/env python3
"""check_mma.py - ptx-jit's warp-level matrix instructions against an H100.

Generates the probes of scripts/gpu/mma_probes.py (the first --tiles tiles
of each; the inputs come from a seeded generator, so they are the very
inputs the GPU ran), runs each with ptx-jit, and compares the destination
registers with what an NVIDIA H100 wrote for the same PTX (Inputs/h100-*.json.gz,
made by `mma_probes.py reference` from the run of 2026-11-28).

Exact forms must match word for word: every integer and single-bit mma,
the f16-accumulating mma forms, f64 mma (where both are NaN, any NaN: the
GPU may propagate another operand's), ldmatrix, stmatrix and movmatrix. For
the f32-accumulating f16/bf16/tf32/fp8 forms the ISA leaves accumulation
order and rounding open, and ptxjit follows a model of the H100
(docs/floating-point.md) that reproduces most but not all of its results:
such a form passes when at least MIN_MATCH[form] of its words are identical
(the rates measured on 2026-11-28, rounded down). A wrong fragment layout or
a wrong product matches almost nothing; the largest distance in units in the
last place is printed for information (cancellation makes it large).

Prints one line a probe and exits 1 when any fails.
"""
import argparse
import base64
import gzip
import json
import os
import struct
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', '..', '..', 'scripts', 'gpu'))
import mma_probes  # noqa: E402

# The share of identical words each model-following form must reach.
MIN_MATCH = {
    'f16_f32_k16': 0.95, 'f16_f32_k8': 0.95, 'bf16_k16': 0.95,
    'bf16_k8': 0.95, 'tf32_k4': 0.95, 'tf32_k8': 0.95,
    'f16_m8n8k4_f32': 0.65, 'f16_m8n8k4_col_row': 0.65,
    'e4m3_k32': 0.70, 'e5m2_k32': 0.70, 'e4m3_e5m2_k32': 0.70,
    'e4m3_k16': 0.70, 'e4m3_f16_k32': 0.65,
}


def ulp_distance32(x, y):
    def key(v):
        return v if v < 0x80000000 else 0x80000000 - (v - 0x80000000) - 1
    return abs(key(x) - key(y))


def ulp_distance16(x, y):
    def key(v):
        return v if v < 0x8000 else 0x8000 - (v - 0x8000) - 1
    return abs(key(x) - key(y))


def main():
    p = argparse.ArgumentParser()
    p.add_argument('--ptx-jit', required=True)
    p.add_argument('--work', required=True)
    p.add_argument('--reference', required=True)
    p.add_argument('--tiles', type=int, default=16)
    p.add_argument('--only', help='comma-separated probe names')
    o = p.parse_args()
    with gzip.open(o.reference, 'rt') as f:
        reference = json.load(f)
    # The probes the GPU ran (mma_probes.py may have newer ones).
    only = set(o.only.split(',')) if o.only else set(reference)
    mma_probes.gen(os.path.abspath(o.work), o.tiles, only)
    specs = json.load(open(os.path.join(o.work, 'probes.json')))
    forms = {f[0]: f for f in mma_probes.FORMS}
    failed = 0
    for s in specs:
        name = s['name']
        r = subprocess.run([o.ptx_jit] + s['argv'], stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE)
        if r.returncode != 0:
            print('%s: FAIL ptx-jit exit %d: %s' % (name, r.returncode,
                                                    r.stderr.decode()[:300]))
            failed += 1
            continue
        mine = open(s['out'], 'rb').read()
        gpu = base64.b64decode(reference[name])
        if len(mine) != len(gpu):
            print('%s: FAIL %d bytes, the GPU wrote %d' % (name, len(mine),
                                                           len(gpu)))
            failed += 1
            continue
        form = forms.get(name)
        celem = form[6] if form else 'raw'
        exact = name not in MIN_MATCH
        if celem == 'f64':
            n = len(gpu) // 8
            words = list(zip(struct.unpack('<%dQ' % n, mine),
                             struct.unpack('<%dQ' % n, gpu)))
        else:
            n = len(gpu) // 4
            words = list(zip(struct.unpack('<%dI' % n, mine),
                             struct.unpack('<%dI' % n, gpu)))
        def is_nan64(v):
            return (v >> 52) & 0x7ff == 0x7ff and v & ((1 << 52) - 1)
        same = sum(1 for a, b in words
                   if a == b or (celem == 'f64' and is_nan64(a) and
                                 is_nan64(b)))
        if exact:
            ok = same == n
            print('%s: %s %d of %d words identical' %
                  (name, 'ok' if ok else 'FAIL', same, n))
        else:
            worst = 0
            for a, b in words:
                if a == b:
                    continue
                if celem == 'f16':
                    for h in (0, 16):
                        worst = max(worst, ulp_distance16(a >> h & 0xffff,
                                                          b >> h & 0xffff))
                else:
                    worst = max(worst, ulp_distance32(a, b))
            ok = same >= MIN_MATCH[name] * n
            print('%s: %s %d of %d words identical (%.1f%%), the others '
                  'within %d ulp' % (name, 'ok' if ok else 'FAIL', same, n,
                                     100.0 * same / n, worst))
        failed += not ok
    print('%d of %d probes fail' % (failed, len(specs)))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
