#!/usr/bin/env python3
"""wgmma_probes.py - wgmma.mma_async on a real GPU, as data.

test/Execution/MMA/Inputs/wgmma_probe.ptx has seven kernels of one
warpgroup (128 threads): m64n64k16 f16 -> f32 with A and B read through
matrix descriptors in all four K-/MN-major combinations (wg_tt00..wg_tt11),
with imm-scale-a -1 (wg_neg, also with scale-d false), with A in registers
and imm-scale-b -1 (wg_regs), and with an f16 D (wg_f16). Each copies 16 KiB
of f16 integers (-4..4, seeded) into shared memory, builds the descriptors
from the launch's template (swizzle mode, LBO, SBO; A at byte 0, B at 8192),
runs one wgmma on a D of ones and stores D. The shared bytes are the same
for every variant, so the GPU and ptxjit interpret the very same memory
through the same descriptors: any difference is a difference in layout or
arithmetic, and small integers make the arithmetic exact.

    wgmma_probes.py gpu WORKDIR OUT.json          # on the GPU machine
    wgmma_probes.py PATH/TO/ptx-jit WORKDIR OUT.json
    wgmma_probes.py compare MINE.json GPU.json.gz

OUT.json maps 'kernel/s<swizzle>/l<LBO>/b<SBO>/d<scale-d>' to the exit status
and the base64 of D.
"""
import base64
import gzip
import io
import json
import os
import random
import struct
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PTX = os.path.join(HERE, '..', '..', 'test', 'Execution', 'MMA', 'Inputs',
                   'wgmma_probe.ptx')
KERNELS = ('wg_tt00', 'wg_tt01', 'wg_tt10', 'wg_tt11', 'wg_neg', 'wg_regs',
           'wg_f16')
# (swizzle mode, LBO, SBO): every mode, with LBO and SBO values that keep
# each operand inside its 8 KiB.
DESCRIPTORS = ((0, 128, 256), (0, 256, 512), (0, 512, 1024), (1, 16, 1024),
               (1, 2048, 1024), (2, 16, 512), (2, 1024, 512), (3, 16, 256),
               (3, 512, 256))


def f16(v):
    return struct.unpack('<H', struct.pack('<e', float(v)))[0]


def template(swizzle, lbo, sbo):
    return (swizzle << 62) | ((sbo >> 4) << 32) | ((lbo >> 4) << 16)


def invocations(work):
    rng = random.Random('ptxjit-wgmma')
    smem = os.path.join(work, 'in.bin')
    with open(smem, 'wb') as f:
        f.write(struct.pack('<8192H', *[f16(rng.randint(-4, 4))
                                        for _ in range(8192)]))
    regs = os.path.join(work, 'regs.bin')
    with open(regs, 'wb') as f:
        f.write(struct.pack('<1024H', *[f16(rng.randint(-4, 4))
                                        for _ in range(1024)]))
    for kernel in KERNELS:
        for swizzle, lbo, sbo in DESCRIPTORS:
            for scaled in ((1, 0) if kernel == 'wg_neg' else (1,)):
                key = '%s/s%d/l%d/b%d/d%d' % (kernel, swizzle, lbo, sbo, scaled)
                words = 2048 if kernel == 'wg_f16' else 4096
                desc = template(swizzle, lbo, sbo)
                yield key, [PTX, '--kernel=' + kernel, '--block=128',
                            '--arg=b16[8192]=file:' + smem,
                            '--arg=b32[%d]' % words, '--arg=u64:%d' % desc,
                            '--arg=u32:0', '--arg=u64:%d' % desc,
                            '--arg=u32:8192', '--arg=u32:%d' % scaled,
                            '--arg=b16[1024]=file:' + regs]


def run(runner, work, out_path):
    os.makedirs(work, exist_ok=True)
    results = {}
    for key, argv in invocations(work):
        out = os.path.join(work, 'out.bin')
        if os.path.exists(out):
            os.remove(out)
        argv = argv + ['--out=1:' + out]
        if runner == 'gpu':
            sys.path.insert(0, HERE)
            import ptx_jit_gpu
            so, se = io.StringIO(), io.StringIO()
            rc, err = ptx_jit_gpu.run(argv, so, se), se.getvalue()
        else:
            r = subprocess.run([runner] + argv, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE)
            rc, err = r.returncode, r.stderr.decode()
        data = open(out, 'rb').read() if rc == 0 and os.path.exists(out) else b''
        results[key] = {'rc': rc, 'err': err[:300],
                        'd': base64.b64encode(data).decode()}
    with open(out_path, 'w') as f:
        json.dump(results, f)
    print('%d invocations, %d failed' % (len(results),
          sum(1 for r in results.values() if r['rc'])))


def compare(mine_path, gpu_path):
    mine = json.load(open(mine_path))
    with gzip.open(gpu_path, 'rt') as f:
        gpu = json.load(f)
    failed = 0
    for key in sorted(gpu):
        m = mine.get(key)
        want = base64.b64decode(gpu[key])
        if m is None or m['rc'] != 0:
            print('%s: FAIL %s' % (key, m and m['err']))
            failed += 1
            continue
        have = base64.b64decode(m['d'])
        n = len(want) // 4
        same = sum(1 for i in range(n) if have[4 * i:4 * i + 4] == want[4 * i:4 * i + 4])
        ok = same == n and len(have) == len(want)
        failed += not ok
        print('%s: %s %d of %d words identical' % (key, 'ok' if ok else 'FAIL',
                                                  same, n))
    print('%d of %d probes fail' % (failed, len(gpu)))
    return 1 if failed else 0


if __name__ == '__main__':
    if sys.argv[1] == 'compare':
        sys.exit(compare(sys.argv[2], sys.argv[3]))
    run(sys.argv[1], sys.argv[2], sys.argv[3])
