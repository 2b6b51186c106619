// bf16.cu - cuda_bf16.h arithmetic, comparisons and conversions on
// __nv_bfloat16 and __nv_bfloat162.
//
// Source of Inputs/bf16.sm_{75,80,90}.ptx (see regen_ptx.sh). The inputs and
// outputs are raw 16-bit patterns; the __nv_bfloat162 kernels take the same
// pairs as the scalar kernels, two at a time (element 2j of a scalar array is
// the low half of element j). sm_90 has native add/sub/mul/min/max bf16
// instructions; sm_80 builds add/sub/mul from fma.rn.bf16; sm_75 emulates
// everything in f32 and rounds once with cvt.rn.bf16.f32 (or its integer
// equivalent).

#include <cuda_bf16.h>

#define GID (blockIdx.x * blockDim.x + threadIdx.x)

typedef __nv_bfloat16 bf16;
typedef __nv_bfloat162 bf162;

extern "C" __global__ void b_arith(int n, const bf16 *a, const bf16 *b,
                                   const bf16 *c, bf16 *out) {
  int i = GID;
  if (i >= n)
    return;
  bf16 x = a[i], y = b[i];
  bf16 *o = out + 12 * i;
  o[0] = __hadd(x, y);
  o[1] = __hsub(x, y);
  o[2] = __hmul(x, y);
#if __CUDA_ARCH__ >= 800
  bf16 z = c[i];
  o[3] = __hfma(x, y, z);
  o[4] = __hfma_relu(x, y, z);
#else
  // no bf16 __hfma before sm_80: a sentinel
  o[3] = o[4] = __ushort_as_bfloat16(0xdead);
#endif
  o[5] = __hneg(x);
  o[6] = __habs(x);
  o[7] = __hmin(x, y);
  o[8] = __hmax(x, y);
  o[9] = __hmin_nan(x, y);
  o[10] = __hmax_nan(x, y);
  o[11] = __hadd_rn(x, y);
}

extern "C" __global__ void b2_arith(int n, const bf162 *a, const bf162 *b,
                                    const bf162 *c, bf162 *out) {
  int i = GID;
  if (i >= n)
    return;
  bf162 x = a[i], y = b[i];
  bf162 *o = out + 11 * i;
  o[0] = __hadd2(x, y);
  o[1] = __hsub2(x, y);
  o[2] = __hmul2(x, y);
#if __CUDA_ARCH__ >= 800
  bf162 z = c[i];
  o[3] = __hfma2(x, y, z);
  o[4] = __hfma2_relu(x, y, z);
#else
  o[3] = o[4] = __halves2bfloat162(__ushort_as_bfloat16(0xdead),
                                   __ushort_as_bfloat16(0xbeef));
#endif
  o[5] = __hneg2(x);
  o[6] = __habs2(x);
  o[7] = __hmin2(x, y);
  o[8] = __hmax2(x, y);
  o[9] = __hmin2_nan(x, y);
  o[10] = __hmax2_nan(x, y);
}

// Comparisons, one bit each, and __hisnan / __hisinf.
extern "C" __global__ void b_cmp(int n, const bf16 *a, const bf16 *b,
                                 unsigned *out) {
  int i = GID;
  if (i >= n)
    return;
  bf16 x = a[i], y = b[i];
  unsigned r = 0;
  r |= __heq(x, y) << 0;
  r |= __hne(x, y) << 1;
  r |= __hlt(x, y) << 2;
  r |= __hle(x, y) << 3;
  r |= __hgt(x, y) << 4;
  r |= __hge(x, y) << 5;
  r |= __hequ(x, y) << 6;
  r |= __hneu(x, y) << 7;
  r |= __hltu(x, y) << 8;
  r |= __hleu(x, y) << 9;
  r |= __hgtu(x, y) << 10;
  r |= __hgeu(x, y) << 11;
  r |= __hisnan(x) << 12;
  r |= (__hisinf(x) != 0) << 13;
  r |= (__hisinf(x) < 0) << 14;
  out[i] = r;
}

static __device__ unsigned bits2(bf162 h) {
  return (unsigned)__bfloat16_as_ushort(__low2bfloat16(h)) |
         (unsigned)__bfloat16_as_ushort(__high2bfloat16(h)) << 16;
}

// __nv_bfloat162 comparisons (1.0 or 0.0 per half, as the 32-bit pattern),
// then __hb*2 (both halves) packed as bits in o[4].
extern "C" __global__ void b2_cmp(int n, const bf162 *a, const bf162 *b,
                                  unsigned *out) {
  int i = GID;
  if (i >= n)
    return;
  bf162 x = a[i], y = b[i];
  unsigned *o = out + 5 * i;
  o[0] = bits2(__heq2(x, y));
  o[1] = bits2(__hlt2(x, y));
  o[2] = bits2(__hgt2(x, y));
  o[3] = bits2(__hgeu2(x, y));
  unsigned r = 0;
  r |= __hbeq2(x, y) << 0;
  r |= __hblt2(x, y) << 1;
  r |= __hbgeu2(x, y) << 2;
  o[4] = r;
}

// float -> bf16 in every rounding mode, __float22bfloat162_rn,
// double -> bf16.
extern "C" __global__ void b_from(int n, const float *a, const double *d,
                                  bf16 *out) {
  int i = GID;
  if (i >= n)
    return;
  float x = a[i];
  bf16 *o = out + 8 * i;
  o[0] = __float2bfloat16(x);
  o[1] = __float2bfloat16_rn(x);
  o[2] = __float2bfloat16_rz(x);
  o[3] = __float2bfloat16_rd(x);
  o[4] = __float2bfloat16_ru(x);
  bf162 h2 = __float22bfloat162_rn(make_float2(x, -x));
  o[5] = __low2bfloat16(h2);
  o[6] = __high2bfloat16(h2);
  o[7] = __double2bfloat16(d[i]);
}

// bf16 -> float (exact; o[0] is the float's bit pattern) and bf16 -> int.
extern "C" __global__ void b_to(int n, const bf16 *a, long long *out) {
  int i = GID;
  if (i >= n)
    return;
  bf16 x = a[i];
  long long *o = out + 5 * i;
  o[0] = __float_as_uint(__bfloat162float(x));
  o[1] = __bfloat162int_rn(x);
  o[2] = __bfloat162int_rz(x);
  o[3] = __bfloat162int_rd(x);
  o[4] = __bfloat162int_ru(x);
}
