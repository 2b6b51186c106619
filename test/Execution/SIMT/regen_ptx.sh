#!/bin/sh
# Regenerates Inputs/*.ptx from the .cu sources in this folder with nvcc, and
# Inputs/*.sm_{52,70}.clang.ptx with clang's NVPTX back end.
# The .ptx files are checked in; the tests never run nvcc or clang.
#
# The lowest nvcc variant is sm_75: CUDA 13 (the nvcc on the development
# machines) no longer targets sm_52 or sm_61. The sm_90 variant is built with
# -lineinfo so that the tests also parse .file / .loc directives. The kernels
# are extern "C", so the .entry names are the plain function names.
#
# clang makes one more, independently generated variant at -O2:
# <family>.sm_52.clang.ptx, or <family>.sm_70.clang.ptx for the families that
# do not compile for sm_52: atomics (atomicAdd on double and
# atomicAdd_block / _system need sm_60), atomics_f16 (atomicAdd on __half /
# __half2 needs sm_70) and warp (__match_any_sync / __match_all_sync need
# sm_70; its redux.sync stays under __CUDA_ARCH__ >= 800, so the sm_70 build
# writes the sentinels, like nvcc's sm_75). clang is given the CUDA
# installation for its headers and libdevice (without libdevice, -nocudalib,
# the PTX would call undefined __nv_* functions), and include/cccl for
# cooperative_groups (which includes <cuda/std/type_traits>).
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
  # Tiles of more than 32 threads need the reserved shared memory of sm_80
  # (before it, block_tile_memory): cg_tiles has no sm_75 variant; nor has
  # warp_uniform (redux.sync is sm_80's).
  if [ "$name" != cg_tiles ] && [ "$name" != warp_uniform ]; then
    "$NVCC" -ptx -O3 -arch=sm_75 "$src" -o "Inputs/$name.sm_75.ptx"
  fi
  "$NVCC" -ptx -O3 -arch=sm_80 "$src" -o "Inputs/$name.sm_80.ptx"
  "$NVCC" -ptx -O3 -arch=sm_90 -lineinfo "$src" -o "Inputs/$name.sm_90.ptx"
  case $name in
    atomics|atomics_f16|warp) arch=sm_70 ;;
    # No clang variant: memory_order uses libcu++'s cuda::atomic_ref with
    # memory orders and scopes, cg_tiles sm_80's reserved shared memory.
    memory_order|cg_tiles) continue ;;
    # region_loops and warp_uniform were written where clang-22 was not
    # installed: nvcc only.
    region_loops|warp_uniform) continue ;;
    *) arch=sm_52 ;;
  esac
  "$CLANG" --cuda-gpu-arch=$arch --cuda-device-only -S -O2 \
    --cuda-path="$CUDA" -I"$CUDA/include/cccl" -Wno-unknown-cuda-version \
    "$src" -o "Inputs/$name.$arch.clang.ptx"
done
