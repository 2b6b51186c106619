#!/usr/bin/env python3
"""Plain-Python model of ../warp_uniform.cu, following the ISA's shfl.sync
(through ../gen_expected.py's model), vote.sync, redux.sync, match.sync and
activemask (9.7.9.6, 9.7.13).

Usage: warp_uniform_model.py --write-input PATH N  (in[i], s32)
       warp_uniform_model.py KERNEL                (the expected words)
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import gen_expected  # noqa: E402  (the shuffle model of warp.cu)

M = 0xFFFFFFFF


def value(i):
    return (i * 37) % 201 - 100


def cuda_shfl(values, lane, mode, b, width=32):
    # shfl.sync with the c operand CUDA's __shfl*_sync pass: warp.cu's model.
    return gen_expected.shfl(mode, values, lane, b, width)


def collectives(grid=2, block=64):
    out = []
    for g0 in range(0, grid * block, 32):
        vals = [value(g0 + l) for l in range(32)]
        ballot = sum(1 << l for l in range(32) if vals[l] > 0)
        for l in range(32):
            v = vals[l]
            words = [
                cuda_shfl(vals, l, "up", 3), cuda_shfl(vals, l, "down", 5),
                cuda_shfl(vals, l, "bfly", 9), cuda_shfl(vals, l, "idx", v & 31),
                cuda_shfl(vals, l, "up", 2, 8), cuda_shfl(vals, l, "down", 3, 8),
                cuda_shfl(vals, l, "bfly", 5, 8), cuda_shfl(vals, l, "idx", 6, 8),
                ballot, int(any(x == 7 for x in vals)),
                int(all(x >= -90 for x in vals)), M,
                sum(vals) & M, min(vals) & M, max(vals) & M,
                sum(1 << k for k in range(32) if vals[k] & 3 == v & 3),
            ]
            out += [w & M for w in words]
    return out


def partial(block=48):
    out = []
    for t in range(block):
        base = t - t % 32
        lanes = min(32, block - base)
        mask = (1 << lanes) - 1
        vals = [value(base + l) for l in range(lanes)]
        lane = t % 32
        out += [mask, sum(1 << l for l in range(lanes) if vals[l] & 1),
                sum(vals) & M, vals[lane ^ 1] & M]
    return out


def warp_scan(grid=3, block=96):
    out = []
    for g0 in range(0, grid * block, 32):
        acc = 0
        for l in range(32):
            acc += value(g0 + l)
            out.append(acc)
    return out


if __name__ == "__main__":
    if sys.argv[1] == "--write-input":
        with open(sys.argv[2], "wb") as f:
            for i in range(int(sys.argv[3])):
                f.write((value(i) & M).to_bytes(4, "little"))
    else:
        for word in {"collectives": collectives, "partial": partial,
                     "warp_scan": warp_scan}[sys.argv[1]]():
            print(word)
