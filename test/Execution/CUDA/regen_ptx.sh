#!/bin/sh
# Regenerates Inputs/*.ptx from the .cu sources in this folder with nvcc, and
# Inputs/*.sm_52.clang.ptx with clang's NVPTX back end.
# The .ptx files are checked in; the tests never run nvcc or clang.
#
# The lowest nvcc variant is sm_75: CUDA 13 (the nvcc on the development
# machines) no longer targets sm_52 or sm_61. The sm_90 variant is built with
# -lineinfo so that the tests also parse .file / .loc directives.
#
# clang (which still targets sm_52) makes a fourth, independently generated
# variant, <family>.sm_52.clang.ptx, at -O2. clang is given the CUDA
# installation for its headers and libdevice (nvvm/libdevice/libdevice.10.bc):
# without libdevice (-nocudalib) the PTX would call undefined __nv_* functions
# (.extern .func __nv_fmaf, __nv_popc, ...) for the math / bit intrinsics.
# -Wno-unknown-cuda-version: clang warns that CUDA 13 is newer than it knows.
#
# Usage: ./regen_ptx.sh [NVCC [CLANG]]
#   (defaults /usr/local/cuda/bin/nvcc and clang++-22; the CUDA installation
#   given to clang is the one NVCC belongs to)
set -e
NVCC=${1:-/usr/local/cuda/bin/nvcc}
CLANG=${2:-clang++-22}
CUDA=$(dirname "$(dirname "$NVCC")")
cd "$(dirname "$0")"
for src in *.cu; do
  name=${src%.cu}
  "$NVCC" -ptx -arch=sm_75 "$src" -o "Inputs/$name.sm_75.ptx"
  "$NVCC" -ptx -arch=sm_80 "$src" -o "Inputs/$name.sm_80.ptx"
  "$NVCC" -ptx -arch=sm_90 -lineinfo "$src" -o "Inputs/$name.sm_90.ptx"
  "$CLANG" --cuda-gpu-arch=sm_52 --cuda-device-only -S -O2 \
    --cuda-path="$CUDA" -Wno-unknown-cuda-version \
    "$src" -o "Inputs/$name.sm_52.clang.ptx"
done
