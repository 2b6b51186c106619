#!/bin/sh
# Regenerates Inputs/*.ptx from the .cu sources in this folder with nvcc,
# checks each with ptxas, and rewrites FORMS.txt (list_forms.py).
# The .ptx files are checked in; the tests never run nvcc.
#
# Each source is built for sm_75, sm_80 and sm_90 (sm_90 with -lineinfo, so
# that the tests also parse .file / .loc), at nvcc's default -O3:
#   farith.cu, fcvt.cu   default flags      -> Inputs/<name>.sm_XX.ptx
#                        -ftz=true          -> Inputs/<name>.ftz.sm_XX.ptx
#   darith.cu, half.cu, bf16.cu             -> Inputs/<name>.sm_XX.ptx
#   fastmath.cu          default flags      -> Inputs/fastmath.sm_XX.ptx
#                        -use_fast_math     -> Inputs/fastmath.fast.sm_XX.ptx
# CUDA 13's nvcc no longer targets anything below sm_75.
#
# narrow.cu (fp8, fp6, fp4, ue8m0, tf32) is built for sm_89 (the first target
# with fp8 cvt), sm_90 and sm_100a (the family-specific target on which
# cuda_fp6.h / cuda_fp4.h / the ue8m0 functions of cuda_fp8.h use cvt instead
# of integer emulation), sm_100a with -lineinfo -> Inputs/narrow.sm_XX.ptx.
#
# Usage: ./regen_ptx.sh [NVCC]   (default /usr/local/cuda/bin/nvcc; ptxas is
#                                 taken from the same directory)
set -e
NVCC=${1:-/usr/local/cuda/bin/nvcc}
PTXAS=$(dirname "$NVCC")/ptxas
cd "$(dirname "$0")"

# build NAME FLAVOR [NVCC FLAGS...]: for each target in $SMS, the last one
# with -lineinfo.
SMS="75 80 90"
build() {
  name=$1
  flavor=$2
  shift 2
  last=${SMS##* }
  for sm in $SMS; do
    extra=
    [ $sm = $last ] && extra=-lineinfo
    out=Inputs/$name$flavor.sm_$sm.ptx
    "$NVCC" -ptx -arch=sm_$sm $extra "$@" "$name.cu" -o "$out"
    "$PTXAS" -arch=sm_$sm "$out" -o /dev/null
  done
}

build farith ''
build farith .ftz -ftz=true
build darith ''
build fcvt ''
build fcvt .ftz -ftz=true
build half ''
build bf16 ''
build fastmath ''
build fastmath .fast -use_fast_math
SMS="89 90 100a"
build narrow ''

./list_forms.py Inputs/*.ptx > FORMS.txt
