#!/bin/sh
# Regenerates Inputs/*.ptx from the .cu sources in this folder with nvcc and
# checks every file with ptxas. The .ptx files are checked in; the tests never
# run nvcc or ptxas.
#
#   Inputs/cluster.sm_90.ptx      -O3 (clusters need sm_90)
#   Inputs/cluster.sm_90.G.ptx    -G  (debug build: the cluster intrinsics,
#                                 barrier.cluster included, are real calls)
#   Inputs/grid_sync.sm_80.ptx    -O3
#   Inputs/grid_sync.sm_90.ptx    -O3 -lineinfo
#
# CUDA 13's nvcc compiles cg::this_grid().sync() without -rdc=true (earlier
# toolkits required relocatable device code for grid synchronisation); with
# -rdc=true the PTX of grid_sync.cu is byte-for-byte the same, so it is not
# used. Then ./gen_expected.py rewrites the .test files.
#
# Usage: ./regen_ptx.sh [NVCC]   (default /usr/local/cuda/bin/nvcc; ptxas is
#                                 taken from the same folder)
set -e
NVCC=${1:-/usr/local/cuda/bin/nvcc}
PTXAS=$(dirname "$NVCC")/ptxas
cd "$(dirname "$0")"

gen() { # SRC ARCH OUT FLAGS...
  src=$1 arch=$2 out=$3
  shift 3
  "$NVCC" -ptx -arch=sm_$arch "$@" "$src" -o "$out"
  "$PTXAS" -arch=sm_$arch "$out" -o /dev/null
}

gen cluster.cu 90 Inputs/cluster.sm_90.ptx -O3
gen cluster.cu 90 Inputs/cluster.sm_90.G.ptx -G
gen grid_sync.cu 80 Inputs/grid_sync.sm_80.ptx -O3
gen grid_sync.cu 90 Inputs/grid_sync.sm_90.ptx -O3 -lineinfo
