#!/usr/bin/env python3
"""Plain-Python model of the kernels in ../region_loops.cu.

Prints, for each case of region_loops.test, the values that ptx-jit --print
must give (`--write-input CASE PATH` writes the input of loop_carried or
call_across). Every CTA is modelled as a whole: each phase between two
barriers is computed for all threads before the next begins, as the GPU's
barriers guarantee. Usage: region_loops_model.py CASE
"""
import sys

M32 = 0xFFFFFFFF


def s32(v):
    v &= M32
    return v - (1 << 32) if v >> 31 else v


def early_exit(block=64, limit=40):
    inp = list(range(block))
    out = [-1] * block
    s = [0] * 256
    for t in range(limit):
        s[t] = inp[t] * 3
    for t in range(limit):
        out[t] = s[limit - 1 - t] + t
    return out


def divergent_barrier(block=96):
    s = [0] * 128
    for t in range(block):
        s[t] = t if t & 1 else -t
    return [s[t ^ 1] + 1000 if t & 1 else s[t ^ 1] * 2 for t in range(block)]


def loop_carried_input(grid=3, block=80):
    return [(i * 2654435761) & M32 for i in range(grid * block)]


def loop_carried(grid=3, block=80, iters=5):
    inp = loop_carried_input(grid, block)
    out = [0] * (grid * block)
    for b in range(grid):
        acc = [inp[b * block + t] for t in range(block)]
        mix = list(range(block))
        for i in range(iters):
            s = list(acc)
            for t in range(block):
                acc[t] = (acc[t] * 3 + s[(t + i + 1) % block] - mix[t]) & M32
                mix[t] ^= acc[t] & 7
        for t in range(block):
            out[b * block + t] = (acc[t] + mix[t]) & M32
    return out


def local_array(block=64, k=5):
    inp = list(range(block * 16))
    a = [[inp[t * 16 + j] for j in range(16)] for t in range(block)]
    s = [a[t][(t + k) & 15] for t in range(block)]
    for t in range(block):
        x = s[(t + 1) % block]
        a[t][x & 15] += x
    s = [a[t][(t * 7 + k) & 15] for t in range(block)]
    return [s[block - 1 - t] + a[t][k & 15] for t in range(block)]


def gather(p, n, k):
    buf = [p[(j * k + j) % n] for j in range(8)]
    return buf[k & 7] + 2 * buf[(k + 3) & 7]


def call_across_input(block=48):
    return [3 * i - 50 for i in range(block)]


def call_across(block=48):
    inp = call_across_input(block)
    s = [gather(inp, block, t) for t in range(block)]
    return [gather(s, block, t + 1) + s[(t + 5) % block] for t in range(block)]


def sync_function(block=40):
    inp = list(range(block))
    v = [inp[(t + 1) % block] for t in range(block)]
    w = [v[t] * 2 + t for t in range(block)]
    return [w[(t + 3) % block] for t in range(block)]


def block3d(grid=2, dims=(4, 3, 5)):
    nx, ny, nz = dims
    n = nx * ny * nz
    out = [0] * (grid * n)
    for b in range(grid):
        s = [0] * n
        for z in range(nz):
            for y in range(ny):
                for x in range(nx):
                    s[x + nx * (y + ny * z)] = x + 10 * y + 100 * z + 1000 * b
        for lin in range(n):
            out[b * n + lin] = s[n - 1 - lin]
    return out


def atomic_histogram(n=200):
    hist = [0] * 16
    for i in range(n):
        hist[(i & 0xFF) & 15] += 1
    return hist


def cas_max(block=100):
    return [max((t * 7) % 1000 for t in range(block))]


CASES = {
    "early_exit": lambda: early_exit(),
    "divergent_barrier": lambda: divergent_barrier(),
    "loop_carried": lambda: loop_carried(),
    "local_array": lambda: local_array(),
    "call_across": lambda: call_across(),
    "sync_function": lambda: sync_function(),
    "block3d": lambda: block3d(),
    "atomic_histogram": lambda: atomic_histogram(),
    "cas_max": lambda: cas_max(),
}

if __name__ == "__main__":
    if sys.argv[1] == "--write-input":
        inputs = {"loop_carried": loop_carried_input,
                  "call_across": call_across_input}
        with open(sys.argv[3], "wb") as f:
            for value in inputs[sys.argv[2]]():
                f.write((value & M32).to_bytes(4, "little"))
    else:
        for value in CASES[sys.argv[1]]():
            print(value)
