// atomics_f16.cu - atomicAdd on __half, __half2, __nv_bfloat16 and
// __nv_bfloat162 (kept apart from atomics.cu so that the 32/64-bit atomics
// can be tested without 16-bit float support), with results that do not
// depend on the order in which the threads run.
//
// Source of Inputs/atomics_f16.sm_{75,80,90}.ptx (see regen_ptx.sh).
//
// g is the global thread id (1-D launch), N the number of threads.
#include <cuda_fp16.h>
#include <cuda_bf16.h>

// r: 4 halves (all 0 at launch).
//  (r[0], r[1]) += (1, (g % 4) * 0.5)  atomicAdd on __half2
//  r[2] += g % 2 ? 0.25 : 0.5          atomicAdd on __half
//  r[3] += per CTA 1 from thread 0, with atomicAdd on __half
// Launch with at most 256 threads so that every partial sum is exact.
extern "C" __global__ void atom_half(__half *r) {
  unsigned t = threadIdx.x;
  int g = blockIdx.x * blockDim.x + t;
  atomicAdd((__half2 *)r, __halves2half2(__float2half(1.0f),
                                         __float2half((g % 4) * 0.5f)));
  atomicAdd(&r[2], __float2half(g % 2 ? 0.25f : 0.5f));
  if (t == 0)
    atomicAdd(&r[3], __float2half(1.0f));
}

// r: 4 bfloat16 (all 0 at launch).
//  (r[0], r[1]) += (1, g % 2)           atomicAdd on __nv_bfloat162
//  r[2] += 0.5                          atomicAdd on __nv_bfloat16
//  r[3] += per CTA 2 from thread 0
// Launch with at most 128 threads so that every partial sum is exact in
// bfloat16 (8 significant bits).
extern "C" __global__ void atom_bf16(__nv_bfloat16 *r) {
  unsigned t = threadIdx.x;
  int g = blockIdx.x * blockDim.x + t;
  atomicAdd((__nv_bfloat162 *)r,
            __halves2bfloat162(__float2bfloat16(1.0f),
                               __float2bfloat16((float)(g % 2))));
  atomicAdd(&r[2], __float2bfloat16(0.5f));
  if (t == 0)
    atomicAdd(&r[3], __float2bfloat16(2.0f));
}
