#!/usr/bin/env bash
# Regenerates the fatbinaries of test/CAPI/fatbin.test from arch_probe.cu
# (CUDA 13 nvcc). Each is one way nvcc or CMake packs device code.
set -euo pipefail
cd "$(dirname "$0")"
NVCC=${NVCC:-/usr/local/cuda/bin/nvcc}
fatbin() { "$NVCC" -fatbin arch_probe.cu -o "$@"; }
# One PTX per compression mode (default and size/balance: zstd; speed: LZ4).
for mode in default size speed balance none; do
  fatbin "arch-$mode.fatbin" --compress-mode=$mode \
    -gencode arch=compute_80,code=compute_80
done
# Three PTX versions: the best one for the device's compute capability wins.
fatbin arch-multi.fatbin -gencode arch=compute_75,code=compute_75 \
  -gencode arch=compute_80,code=compute_80 \
  -gencode arch=compute_90,code=compute_90
# SASS only (what -arch=sm_80 alone makes): no PTX to run.
fatbin arch-sass.fatbin -gencode arch=compute_80,code=sm_80
# SASS for sm_90 next to PTX for compute_75: the PTX is taken.
fatbin arch-mixed.fatbin -gencode arch=compute_90,code=sm_90 \
  -gencode arch=compute_75,code=compute_75
