#!/bin/sh
# cvt between equal float types without a modifier (ptxas accepts it): the
# bits each GPU gives for NaNs, -0, subnormals, inf and normal values.
#   cvt_same.sh RUNNER   (RUNNER: ptx-jit, or scripts/gpu/ptx_jit_gpu.py)
R=$1
P=$(dirname "$0")/cvt_same.ptx
F32='b32[8]=0x7f800001,0xffc12345,0x00000001,0x80000000,0x3fc00000,0x7f800000,0x807fffff,0x7fffffff'
F16='b16[8]=0x7c01,0xfe12,0x0001,0x8000,0x3e00,0x7c00,0x83ff,0x7fff'
F64='b64[8]=0x7ff0000000000001,0xfff8000000012345,0x1,0x8000000000000000,0x3ff8000000000000,0x7ff0000000000000,0x800fffffffffffff,0x7fffffffffffffff'
BF16='b16[8]=0x7f81,0xffc1,0x0001,0x8000,0x3fc0,0x7f80,0x807f,0x7fff'
for i in 0 1 2 3; do
  echo "buffer $i"
  $R $P --kernel=cvt_same --block=8 --arg=$F32 --arg=$F16 --arg=$F64 --arg=$BF16 --print=$i | while read v; do printf '0x%x\n' "$v"; done
done
