#!/usr/bin/env python3
"""Cross-checks the Python models of ../gen_expected.py against the CUDA
sources themselves, compiled for the host with g++ (C++20) through
host_shim.h: every CUDA thread of a CTA is a host thread, so barriers,
spin-waits and warp rendezvous behave as on a GPU with independent thread
scheduling (see host_shim.h for what is approximated, e.g. __activemask).

This is a maintainer tool, not a test: run it after editing a kernel or a
model. It needs g++ with C++20 (<barrier>) and _Float16; it never runs nvcc
or ptx-jit. Each case runs once, built with __CUDA_ARCH__ = 800 (750 when
the case is for sm_75 only), and its printed buffer is compared bit for bit
with the model.

Usage: host/crosscheck.py [--only FAMILY] [CXX]
"""

import os
import re
import struct
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
sys.dont_write_bytecode = True
import gen_expected as g  # noqa: E402


def arch_of(variant):
    """The __CUDA_ARCH__ the host build uses for a PTX variant (sm_75,
    sm_52.clang, ...): the sources only test __CUDA_ARCH__ >= 800."""
    return 800 if g.sm_of(variant) >= 80 else 750


def rewrite(src):
    """The host-compilable form of a .cu source."""
    src = re.sub(r'#include <(cuda_fp16|cuda_bf16|cooperative_groups[^>]*)\.h>',
                 '', src)
    src = re.sub(r'extern __shared__ (\w+) (\w+)\[\];',
                 r'\1 *\2 = (\1 *)host_dyn_shared;', src)
    src = re.sub(r'asm(?: volatile)?\("mov\.u32 %0, %%(\w+);" : "=r"\((\w+)\)\);',
                 r'\2 = host_\1();', src)
    src = re.sub(r'asm volatile\("" : "\+l"\(\w+\)\);', '', src)
    src = re.sub(r'asm volatile\("bar\.(sync|arrive) (\d+), (\d+);" ::: "memory"\);',
                 r'host_bar_\1(\2, \3);', src)
    left = re.findall(r'\basm\b *(?:volatile)? *\(.*', src)
    assert not left, left
    return src


def kernels(src):
    """(name, [param types]) of the extern "C" __global__ functions."""
    out = []
    for m in re.finditer(r'extern "C" __global__ void (\w+)\(([^)]*)\)', src):
        types = []
        for p in m.group(2).split(','):
            p = ' '.join(p.split())
            ty = re.sub(r'\s*\b\w+$', '', p)  # drop the parameter name
            types.append(ty)
        out.append((m.group(1), types))
    return out


def build(family, arch, tmp, cxx):
    with open(os.path.join(os.path.dirname(HERE), family + '.cu')) as f:
        src = rewrite(f.read())
    cu = os.path.join(tmp, '%s.host.cu' % family)
    with open(cu, 'w') as f:
        f.write(src)
    table = []
    for name, types in kernels(src):
        call = ', '.join('host_arg<%s>(A[%d])' % (t, i) for i, t in enumerate(types))
        table.append('  {"%s", [](HostArg *A) { %s(%s); }},' % (name, name, call))
    main = os.path.join(tmp, '%s.%d.cpp' % (family, arch))
    with open(main, 'w') as f:
        f.write('#include "%s"\n#include "%s"\n' % (
            os.path.join(HERE, 'host_shim.h'), cu))
        f.write('struct KEntry { const char *name; void (*fn)(HostArg *); };\n')
        f.write('static const KEntry K[] = {\n%s\n};\n' % '\n'.join(table))
        f.write('#include "%s"\n' % os.path.join(HERE, 'harness_main.h'))
    exe = os.path.join(tmp, '%s.%d' % (family, arch))
    subprocess.run([cxx, '-std=c++20', '-O1', '-pthread', '-w', '-x', 'c++',
                    '-D__CUDA_ARCH__=%d' % arch, main, '-o', exe], check=True)
    return exe


def scalar_bits(a):
    if a.ty in g.INT_TYPES:
        bits = g.INT_TYPES[a.ty][0]
        return a.value & ((1 << bits) - 1)
    return int.from_bytes(g.pack(a.value, a.ty), 'little')


def run_case(exe, tmp, c):
    grid = g.dim3(1 if c.grid is None else c.grid)
    block = g.dim3(c.block)
    repeat = 1
    m = re.search(r'--repeat=(\d+)', c.opts)
    if m:
        repeat = int(m.group(1))
    argv = [exe, c.kernel, *map(str, grid), *map(str, block), str(c.shared or 0),
            str(repeat)]
    paths = {}
    for i, a in enumerate(c.args):
        if isinstance(a, g.Scalar):
            argv.append('s:%x' % scalar_bits(a))
        else:
            path = os.path.join(tmp, 'arg%d.bin' % i)
            with open(path, 'wb') as f:
                f.write(a.data())
            paths[i] = path
            argv.append('b:' + path)
    subprocess.run(argv, check=True, timeout=600)
    buf = c.args[c.print_idx]
    with open(paths[c.print_idx], 'rb') as f:
        return g.unpack(f.read(), buf.ty, buf.n)


def main(argv):
    only = None
    if argv[1:2] == ['--only']:
        only = argv[2]
        argv = argv[:1] + argv[3:]
    cxx = argv[1] if len(argv) > 1 else 'g++'
    bad = ncases = 0
    with tempfile.TemporaryDirectory() as tmp:
        exes = {}
        for test, family, _, make in g.all_tests():
            if only and family != only:
                continue
            for c in make():
                # The sources only differ between 750 and 800 in warp.cu's
                # redux kernel, whose cases name their variants.
                for arch in [max(arch_of(v) for v in c.variants(family))]:
                    if (family, arch) not in exes:
                        exes[family, arch] = build(family, arch, tmp, cxx)
                    ncases += 1
                    got = run_case(exes[family, arch], tmp, c)
                    exp = c.expected_values()
                    buf = c.args[c.print_idx]
                    diffs = [i for i in range(buf.n)
                             if g.pack(g.norm(exp[i], buf.ty), buf.ty) !=
                             g.pack(got[i], buf.ty)]
                    status = 'ok' if not diffs else 'MISMATCH'
                    print('%-8s %s %s (arch %d): %d values' % (
                        status, test, c.prefix, arch, buf.n))
                    if diffs:
                        bad += 1
                        for i in diffs[:10]:
                            print('  %s model %s, host %s' % (
                                c.label(i), g.fmt_value(exp[i], buf.ty),
                                g.fmt_value(got[i], buf.ty)))
                    sys.stdout.flush()
    print('%d runs, %d with mismatches' % (ncases, bad))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
