#!/bin/sh
# Regenerates Inputs/*.ptx from the .cu sources in this folder with nvcc.
# The .ptx files are checked in; the tests never run nvcc.
#
# The lowest variant is sm_75: CUDA 13 (the nvcc on the development machines)
# no longer targets sm_52 or sm_61. The sm_90 variant is built with -lineinfo
# so that the tests also parse .file / .loc directives. The kernels are
# extern "C", so the .entry names are the plain function names.
#
# Usage: ./regen_ptx.sh [NVCC]   (default /usr/local/cuda/bin/nvcc)
set -e
NVCC=${1:-/usr/local/cuda/bin/nvcc}
cd "$(dirname "$0")"
for src in *.cu; do
  name=${src%.cu}
  "$NVCC" -ptx -O3 -arch=sm_75 "$src" -o "Inputs/$name.sm_75.ptx"
  "$NVCC" -ptx -O3 -arch=sm_80 "$src" -o "Inputs/$name.sm_80.ptx"
  "$NVCC" -ptx -O3 -arch=sm_90 -lineinfo "$src" -o "Inputs/$name.sm_90.ptx"
done
