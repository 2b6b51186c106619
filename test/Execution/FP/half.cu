// half.cu - cuda_fp16.h arithmetic, comparisons and conversions on __half
// and __half2.
//
// Source of Inputs/half.sm_{75,80,90}.ptx (see regen_ptx.sh). The inputs and
// outputs are raw 16-bit patterns. The __half2 kernels take the same pairs as
// the scalar kernels, two at a time: element 2j of a scalar input array is the
// low half (.x) of __half2 element j.

#include <cuda_fp16.h>

#define GID (blockIdx.x * blockDim.x + threadIdx.x)

extern "C" __global__ void h_arith(int n, const __half *a, const __half *b,
                                   const __half *c, __half *out) {
  int i = GID;
  if (i >= n)
    return;
  __half x = a[i], y = b[i], z = c[i];
  __half *o = out + 16 * i;
  o[0] = __hadd(x, y);
  o[1] = __hsub(x, y);
  o[2] = __hmul(x, y);
  o[3] = __hfma(x, y, z);
  o[4] = __hfma_relu(x, y, z);
  o[5] = __hadd_sat(x, y);
  o[6] = __hsub_sat(x, y);
  o[7] = __hmul_sat(x, y);
  o[8] = __hfma_sat(x, y, z);
  o[9] = __hneg(x);
  o[10] = __habs(x);
  o[11] = __hmin(x, y);
  o[12] = __hmax(x, y);
  o[13] = __hmin_nan(x, y);
  o[14] = __hmax_nan(x, y);
  o[15] = __hadd_rn(x, y);
}

extern "C" __global__ void h2_arith(int n, const __half2 *a, const __half2 *b,
                                    const __half2 *c, __half2 *out) {
  int i = GID;
  if (i >= n)
    return;
  __half2 x = a[i], y = b[i], z = c[i];
  __half2 *o = out + 15 * i;
  o[0] = __hadd2(x, y);
  o[1] = __hsub2(x, y);
  o[2] = __hmul2(x, y);
  o[3] = __hfma2(x, y, z);
  o[4] = __hfma2_relu(x, y, z);
  o[5] = __hadd2_sat(x, y);
  o[6] = __hsub2_sat(x, y);
  o[7] = __hmul2_sat(x, y);
  o[8] = __hfma2_sat(x, y, z);
  o[9] = __hneg2(x);
  o[10] = __habs2(x);
  o[11] = __hmin2(x, y);
  o[12] = __hmax2(x, y);
  o[13] = __hmin2_nan(x, y);
  o[14] = __hmax2_nan(x, y);
}

// Comparisons, one bit each: setp.{eq,ne,lt,le,gt,ge,equ,neu,ltu,leu,gtu,geu}.f16
// and __hisnan / __hisinf.
extern "C" __global__ void h_cmp(int n, const __half *a, const __half *b,
                                 unsigned *out) {
  int i = GID;
  if (i >= n)
    return;
  __half x = a[i], y = b[i];
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

static __device__ unsigned bits2(__half2 h) {
  return (unsigned)__half_as_ushort(__low2half(h)) |
         (unsigned)__half_as_ushort(__high2half(h)) << 16;
}

// __half2 comparisons: set.*.f16x2 results (1.0 or 0.0 per half, as the
// 32-bit pattern of the __half2), then the "both halves" forms __hb*2 packed
// as bits in o[6].
extern "C" __global__ void h2_cmp(int n, const __half2 *a, const __half2 *b,
                                  unsigned *out) {
  int i = GID;
  if (i >= n)
    return;
  __half2 x = a[i], y = b[i];
  unsigned *o = out + 7 * i;
  o[0] = bits2(__heq2(x, y));
  o[1] = bits2(__hne2(x, y));
  o[2] = bits2(__hlt2(x, y));
  o[3] = bits2(__hgt2(x, y));
  o[4] = bits2(__hltu2(x, y));
  o[5] = bits2(__hgeu2(x, y));
  unsigned r = 0;
  r |= __hbeq2(x, y) << 0;
  r |= __hbne2(x, y) << 1;
  r |= __hblt2(x, y) << 2;
  r |= __hbgeu2(x, y) << 3;
  r |= __hbequ2(x, y) << 4;
  o[6] = r;
}

// float -> half: cvt.{rn,rz,rm,rp}.f16.f32; __float22half2_rn and
// __floats2half2_rn (cvt.rn.f16x2.f32 on sm_80+); double -> half.
extern "C" __global__ void h_from(int n, const float *a, const double *d,
                                  __half *out) {
  int i = GID;
  if (i >= n)
    return;
  float x = a[i];
  __half *o = out + 8 * i;
  o[0] = __float2half(x);
  o[1] = __float2half_rn(x);
  o[2] = __float2half_rz(x);
  o[3] = __float2half_rd(x);
  o[4] = __float2half_ru(x);
  __half2 h2 = __float22half2_rn(make_float2(x, -x));
  o[5] = __low2half(h2);
  o[6] = __high2half(h2);
  o[7] = __double2half(d[i]);
}

// half -> float (cvt.f32.f16, exact; o[0] is the float's bit pattern) and
// half -> integer (cvt.{rni,rzi,rmi,rpi}.s32.f16, cvt.rzi.{u32,s16,s64}.f16,
// cvt.rni.u64.f16).
extern "C" __global__ void h_to(int n, const __half *a, long long *out) {
  int i = GID;
  if (i >= n)
    return;
  __half x = a[i];
  long long *o = out + 9 * i;
  o[0] = __float_as_uint(__half2float(x));
  o[1] = __half2int_rn(x);
  o[2] = __half2int_rz(x);
  o[3] = __half2int_rd(x);
  o[4] = __half2int_ru(x);
  o[5] = __half2uint_rz(x);
  o[6] = __half2short_rz(x);
  o[7] = __half2ll_rz(x);
  o[8] = __half2ull_rn(x);
}

// integer -> half: cvt.{rn,rz,rm,rp}.f16.s32, cvt.rn.f16.{u32,s64}.
extern "C" __global__ void h_from_int(int n, const int *a, __half *out) {
  int i = GID;
  if (i >= n)
    return;
  int v = a[i];
  __half *o = out + 7 * i;
  o[0] = __int2half_rn(v);
  o[1] = __int2half_rz(v);
  o[2] = __int2half_rd(v);
  o[3] = __int2half_ru(v);
  o[4] = __uint2half_rn((unsigned)v);
  o[5] = __ll2half_rn((long long)v * 3);
  o[6] = __short2half_rn((short)v);
}
