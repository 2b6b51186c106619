#!/usr/bin/env python3
"""tma_probes.py - tensor-copy probes beyond test/Execution/TMA/tma.test.

Questions the ISA and cuda.h leave open, asked of a GPU and of ptxjit with
the same command lines (test/Execution/TMA/tma.cu's tma_load_2d / _3d):
the OOB-NaN bit pattern of each float type, rows narrower than the swizzle
span, the 128-byte swizzle's atomicity sub-modes, and the interleaved
layouts.

    tma_probes.py run  --tool 'python3 scripts/gpu/ptx_jit_gpu.py' --out DIR
    tma_probes.py run  --tool build/bin/ptx-jit --out DIR
    tma_probes.py compare GPU_DIR CPU_DIR

`run` writes DIR/NAME.bin (the box bytes) or DIR/NAME.err (the tool's
error), and DIR/global.bin, the tensor every probe reads. `compare` prints,
per probe, whether the two tools agree, and the first differing bytes.
"""
import os
import shlex
import struct
import subprocess
import sys

PTX = os.path.join(os.path.dirname(__file__), '..', '..', 'test', 'Execution',
                   'TMA', 'Inputs', 'tma.sm_90a.ptx')

# name: (element type, dims, strides, box, extra map keys, coords, bytes)
PROBES = {
    'nan_f16': ('f16', '16x8', '32', '16x8', ':fill=nan', (8, 4), 256),
    'nan_bf16': ('bf16', '16x8', '32', '16x8', ':fill=nan', (8, 4), 256),
    'nan_f32': ('f32', '8x8', '32', '8x8', ':fill=nan', (4, 4), 256),
    'nan_f64': ('f64', '4x8', '32', '4x8', ':fill=nan', (2, 4), 256),
    'nan_tf32': ('tf32', '8x8', '32', '8x8', ':fill=nan', (4, 4), 256),
    'narrow_128B': ('f16', '64x48', '128', '32x16', ':swizzle=128B', (0, 0),
                    1024),
    'narrow_64B': ('f16', '64x48', '128', '16x16', ':swizzle=64B', (8, 2),
                   512),
    'negative_c0': ('f16', '64x48', '128', '32x8', ':swizzle=64B', (-8, -3),
                    512),
    'misaligned_c0': ('f16', '64x48', '128', '32x8', '', (4, 0), 512),
    'narrow_128B_16': ('f16', '64x48', '128', '8x32', ':swizzle=128B', (0, 0),
                       512),
    'atom32': ('f16', '64x48', '128', '64x8', ':swizzle=128B_atom_32B',
               (0, 0), 1024),
    'atom32flip': ('f16', '64x48', '128', '64x8',
                   ':swizzle=128B_atom_32B_flip_8B', (0, 0), 1024),
    'atom64': ('f16', '64x48', '128', '64x8', ':swizzle=128B_atom_64B',
               (0, 0), 1024),
    'estride0': ('u16', '64x48', '128', '16x8', ':elementstrides=2x1', (0, 0),
                 256),
    # Special f32 words (special.bin): subnormals, tf32 rounding ties,
    # the largest finite values, NaNs and infinities.
    'f32_special': ('f32', '16x4', '64', '16x4', '', (0, 0), 256),
    'f32ftz_special': ('f32ftz', '16x4', '64', '16x4', '', (0, 0), 256),
    'tf32_special': ('tf32', '16x4', '64', '16x4', '', (0, 0), 256),
    'tf32ftz_special': ('tf32ftz', '16x4', '64', '16x4', '', (0, 0), 256),
    'interleave16': ('u16', '8x6x4', '16x96', '8x6x4', ':interleave=16B',
                     (0, 0, 0), 384),
}


def run(tool, out):
    os.makedirs(out, exist_ok=True)
    data = bytes((i * 37 + 11) & 0xff for i in range(8192))
    # Keep f16/bf16/f32 values finite: clear the top exponent bit pattern.
    data = bytes(b & 0xbf if i % 2 else b for i, b in enumerate(data))
    glob = os.path.join(out, 'global.bin')
    with open(glob, 'wb') as f:
        f.write(data)
    words = [0x00000001, 0x80000001, 0x007fffff, 0x00400000, 0x00001000,
             0x3f801000, 0x3f803000, 0xbf801000, 0x3f800fff, 0x3f801001,
             0x7f7ff000, 0x7f7fefff, 0x7fc01234, 0x7f800001, 0x7f800000,
             0xff800000, 0x7fffffff, 0x00800000, 0x80800fff, 0x3f7ff000]
    words = (words * 52)[:1024]
    special = os.path.join(out, 'special.bin')
    with open(special, 'wb') as f:
        f.write(struct.pack('<1024I', *words) + data[4096:])
    for name, (etype, dims, strides, box, extra, coords, nbytes) in PROBES.items():
        rank = len(coords)
        kernel = 'tma_load_%dd' % rank
        buffer_index = 1 + rank + 2
        spec = ('tensormap:%s:buffer=%d:dims=%s:strides=%s:box=%s%s'
                % (etype, buffer_index, dims, strides, box, extra))
        cmd = shlex.split(tool) + [
            PTX, '--kernel=' + kernel, '--block=32', '--shared=4096',
            '--arg=' + spec] + ['--arg=s32:%d' % c for c in coords] + [
            '--arg=u8[%d]' % nbytes, '--arg=u32:%d' % nbytes,
            '--buffer=u8[8192]=file:' + (special if 'special' in name
                                         else glob),
            '--out=%d:%s' % (1 + rank, os.path.join(out, name + '.bin'))]
        result = subprocess.run(cmd, capture_output=True, text=True)
        if result.returncode:
            with open(os.path.join(out, name + '.err'), 'w') as f:
                f.write(result.stderr)
        print(name, 'ok' if result.returncode == 0 else
              'error: ' + result.stderr.strip().splitlines()[-1][:200])


def compare(gpu, cpu):
    for name in PROBES:
        g, c = (os.path.join(d, name + '.bin') for d in (gpu, cpu))
        if not os.path.exists(g) or not os.path.exists(c):
            why = [d for d in (g, c) if not os.path.exists(d)]
            print('%-16s missing %s' % (name, ', '.join(why)))
            continue
        a, b = open(g, 'rb').read(), open(c, 'rb').read()
        diff = [i for i in range(min(len(a), len(b))) if a[i] != b[i]]
        print('%-16s %s' % (name, 'same' if not diff and len(a) == len(b)
                            else '%d bytes differ, first at %s: gpu %s cpu %s'
                            % (len(diff), diff[:4], a[diff[0]:diff[0] + 8].hex()
                               if diff else '', b[diff[0]:diff[0] + 8].hex()
                               if diff else '')))


def main(argv):
    if len(argv) >= 2 and argv[1] == 'run':
        tool = argv[argv.index('--tool') + 1]
        out = argv[argv.index('--out') + 1]
        run(tool, out)
    elif len(argv) == 4 and argv[1] == 'compare':
        compare(argv[2], argv[3])
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
