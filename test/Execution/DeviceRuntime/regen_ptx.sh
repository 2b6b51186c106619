#!/bin/sh
# Regenerates Inputs/*.ptx from the .cu sources in this folder with nvcc.
# The .ptx files are checked in; the tests never run nvcc. sm_90 is built
# with -lineinfo so that the tests also parse .file / .loc directives.
#
# Usage: ./regen_ptx.sh [NVCC]   (default /usr/local/cuda/bin/nvcc)
set -e
NVCC=${1:-/usr/local/cuda/bin/nvcc}
cd "$(dirname "$0")"
for src in *.cu; do
  name=${src%.cu}
  "$NVCC" -ptx -arch=sm_75 "$src" -o "Inputs/$name.sm_75.ptx"
  "$NVCC" -ptx -arch=sm_80 "$src" -o "Inputs/$name.sm_80.ptx"
  "$NVCC" -ptx -arch=sm_90 -lineinfo "$src" -o "Inputs/$name.sm_90.ptx"
done
