#!/bin/sh
# Regenerates Inputs/*.ptx from the .cu sources in this folder with nvcc and
# checks every file with ptxas. The .ptx files are checked in; the tests never
# run nvcc or ptxas.
#
# CUB, Thrust and cooperative groups make large PTX (a CUB algorithm is tens
# of kernels, each specialised per tuning policy), so only part of the
# variants is committed, to keep the folder near 11 MB:
#   <family>.sm_80.ptx, <family>.sm_90.ptx    every family, -O3 (nvcc's default)
#   <family>.sm_90.lineinfo.ptx                coop_groups, scan, histogram
#                                              (-lineinfo: .file / .loc)
#   coop_groups.sm_{80,90}.G.ptx               -G (debug build)
# `--all DIR` writes the whole matrix instead, every family x {compute_80,
# compute_90} x {-O3, -G, -lineinfo} (54 files, about 100 MB) into DIR, for
# scripts/ptx_triage.py; none of it is committed.
#
# nvcc is given -arch=compute_XX, so the PTX says .target sm_XX and no SASS is
# built. coop_groups.cu is compiled with -rdc=true (grid synchronisation,
# cg::this_grid().sync(), has required relocatable device code).
#
# Usage: ./regen_ptx.sh [--all DIR] [NVCC]
#   (default /usr/local/cuda/bin/nvcc; ptxas is taken from the same folder)
set -e
ALL=
if [ "$1" = --all ]; then
  ALL=$(cd "$2" && pwd)
  shift 2
fi
NVCC=${1:-/usr/local/cuda/bin/nvcc}
PTXAS=$(dirname "$NVCC")/ptxas
cd "$(dirname "$0")"

# gen FAMILY ARCH VARIANT OUT: VARIANT is O3, G or lineinfo.
gen() {
  src=$1.cu
  flags=
  [ "$1" = coop_groups ] && flags=-rdc=true
  case $3 in
    G) flags="$flags -G" ;;
    lineinfo) flags="$flags -lineinfo" ;;
  esac
  "$NVCC" -ptx -arch=compute_$2 $flags "$src" -o "$4"
  "$PTXAS" -arch=sm_$2 "$4" -o /dev/null
}

for src in *.cu; do
  name=${src%.cu}
  if [ -n "$ALL" ]; then
    for arch in 80 90; do
      gen "$name" $arch O3 "$ALL/$name.sm_$arch.ptx"
      gen "$name" $arch G "$ALL/$name.sm_$arch.G.ptx"
      gen "$name" $arch lineinfo "$ALL/$name.sm_$arch.lineinfo.ptx"
    done
    continue
  fi
  gen "$name" 80 O3 "Inputs/$name.sm_80.ptx"
  gen "$name" 90 O3 "Inputs/$name.sm_90.ptx"
  case $name in
    coop_groups|scan|histogram)
      gen "$name" 90 lineinfo "Inputs/$name.sm_90.lineinfo.ptx" ;;
  esac
  if [ "$name" = coop_groups ]; then
    gen "$name" 80 G "Inputs/$name.sm_80.G.ptx"
    gen "$name" 90 G "Inputs/$name.sm_90.G.ptx"
  fi
done
