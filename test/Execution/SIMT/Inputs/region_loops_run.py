#!/usr/bin/env python3
"""Runs every case of region_loops.test on one PTX file and compares the
output of ptx-jit with region_loops_model.py.

Usage: region_loops_run.py PTX-JIT PTX TMPDIR [ptx-jit options...]
Prints "ok CASE" for each case whose output matches, "MISMATCH CASE" (and
the first difference) for each that does not, and exits 1 if any failed.
"""
import os
import subprocess
import sys

import region_loops_model as model


def write(path, values, size=4):
    with open(path, "wb") as f:
        for value in values:
            f.write((value & ((1 << (8 * size)) - 1)).to_bytes(size, "little"))


def main():
    jit, ptx, tmp = sys.argv[1], sys.argv[2], sys.argv[3]
    extra = sys.argv[4:]
    os.makedirs(tmp, exist_ok=True)
    loop_input = os.path.join(tmp, "loop_carried.bin")
    write(loop_input, model.loop_carried_input())
    call_input = os.path.join(tmp, "call_across.bin")
    write(call_input, model.call_across_input())
    cases = [
        ("early_exit", ["--block=64", "--arg=s32[64]=iota",
                        "--arg=s32[64]=fill:-1", "--arg=s32:40", "--print=1"]),
        ("divergent_barrier", ["--block=96", "--arg=s32[96]", "--print=0"]),
        ("loop_carried", ["--grid=3", "--block=80",
                          "--arg=u32[240]=file:" + loop_input,
                          "--arg=u32[240]", "--arg=s32:5", "--print=1"]),
        ("local_array", ["--block=64", "--arg=s32[1024]=iota",
                         "--arg=s32[64]", "--arg=s32:5", "--print=1"]),
        ("call_across", ["--block=48", "--arg=s32[48]=file:" + call_input,
                         "--arg=s32[48]", "--print=1"]),
        ("sync_function", ["--block=40", "--arg=s32[40]=iota",
                           "--arg=s32[40]", "--print=1"]),
        ("block3d", ["--grid=2", "--block=4,3,5", "--arg=s32[120]",
                     "--print=0"]),
        ("atomic_histogram", ["--grid=4", "--block=64", "--arg=u8[200]=iota",
                              "--arg=u32[16]", "--arg=s32:200", "--print=1"]),
        ("cas_max", ["--block=100", "--arg=s32[100]=iota", "--arg=s32[1]",
                     "--print=1"]),
    ]
    failed = False
    for name, args in cases:
        expected = [str(v) for v in model.CASES[name]()]
        run = subprocess.run([jit, ptx, "--kernel=" + name] + args +
                             extra, capture_output=True, text=True)
        got = run.stdout.split()
        if run.returncode != 0 or got != expected:
            failed = True
            first = next((i for i, (e, g) in enumerate(zip(expected, got))
                          if e != g), min(len(expected), len(got)))
            print(f"MISMATCH {name}: exit {run.returncode}, element {first}: "
                  f"expected {expected[first:first + 1]}, "
                  f"got {got[first:first + 1]}; {run.stderr.strip()}")
        else:
            print(f"ok {name}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
