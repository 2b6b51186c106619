// narrow.cu - conversions to and from the narrow formats (fp8 e4m3/e5m2,
// fp6 e2m3/e3m2, fp4 e2m1, the ue8m0 scale format, tf32) through CUDA 13's
// own headers: cuda_fp8.h, cuda_fp6.h, cuda_fp4.h and mma.h.
//
// Source of Inputs/narrow.sm_{89,90,100a}.ptx (see regen_ptx.sh). What nvcc
// makes of the intrinsics depends on the target:
//   - fp8 (sm_89 and up): cvt.rn.satfinite.{e4m3x2,e5m2x2}.{f32,f16x2} and
//     cvt.rn.f16x2.{e4m3x2,e5m2x2}; bf16 sources are widened to f32 first.
//   - fp6, fp4, ue8m0: the cvt forms only on family-specific targets
//     (sm_100a): cvt.rn.satfinite.{e2m3x2,e3m2x2,e2m1x2}.f32,
//     cvt.rn.f16x2.{e2m3x2,e3m2x2,e2m1x2}, cvt.{rz,rp}{.satfinite}.ue8m0x2.
//     {f32,bf16x2}, cvt.rn.bf16x2.ue8m0x2; f16 / bf16 sources of fp6 and fp4
//     are widened to f32 first. On sm_89 / sm_90 the headers emulate them
//     with integer code (their host implementation), and they always do for
//     cudaRoundZero of fp6 / fp4, which has no cvt form.
//   - tf32: nvcuda::wmma::__float_to_tf32 is cvt.rna.tf32.f32 (sm_80 and up).
//
// The conversions are written once, as host+device functions: the kernels
// call them on the GPU, and narrowhost.cpp compiles this same file with a
// host compiler (g++ -I<cuda>/include) to get the headers' host
// implementations, an independent reference that gen_expected.py checks the
// MPFR expectations against. Inputs and outputs are raw bit patterns. At the
// end, inline-PTX kernels (sm_100a only) for forms no header emits.

#include <cuda_fp4.h>
#include <cuda_fp6.h>
#include <cuda_fp8.h>

#if defined(__CUDACC__)
#include <mma.h>
#define NARROW_HD __host__ __device__
#else
#define NARROW_HD
#endif

#define GID (blockIdx.x * blockDim.x + threadIdx.x)

// Two f32 values (x in the low lane, y in the high lane) to each narrow
// format, 14 results:
//  0, 1   fp8x2 e4m3 / e5m2, __NV_SATFINITE (round to nearest even)
//  2, 3   fp6x2 e2m3 / e3m2, cudaRoundNearest (saturating; NaN -> +max)
//  4      fp4x2 e2m1, cudaRoundNearest
//  5, 6   fp6x2 e2m3 / e3m2, cudaRoundZero (always emulated)
//  7      fp4x2 e2m1, cudaRoundZero (always emulated)
//  8..11  ue8m0x2: (cudaRoundZero, cudaRoundPosInf) x (__NV_SATFINITE,
//         __NV_NOSAT) in the order rz.sat, rz, rp.sat, rp
//  12     __nv_cvt_float_to_e8m0(x, __NV_NOSAT, cudaRoundPosInf) (scalar:
//         the x2 form with a constant 0 in the other lane)
//  13     __nv_cvt_float_to_fp8(y, __NV_SATFINITE, __NV_E4M3) (scalar)
NARROW_HD inline void f32ToNarrow(float x, float y, unsigned short *o) {
  float2 v = make_float2(x, y);
  o[0] = __nv_cvt_float2_to_fp8x2(v, __NV_SATFINITE, __NV_E4M3);
  o[1] = __nv_cvt_float2_to_fp8x2(v, __NV_SATFINITE, __NV_E5M2);
  o[2] = __nv_cvt_float2_to_fp6x2(v, __NV_E2M3, cudaRoundNearest);
  o[3] = __nv_cvt_float2_to_fp6x2(v, __NV_E3M2, cudaRoundNearest);
  o[4] = __nv_cvt_float2_to_fp4x2(v, __NV_E2M1, cudaRoundNearest);
  o[5] = __nv_cvt_float2_to_fp6x2(v, __NV_E2M3, cudaRoundZero);
  o[6] = __nv_cvt_float2_to_fp6x2(v, __NV_E3M2, cudaRoundZero);
  o[7] = __nv_cvt_float2_to_fp4x2(v, __NV_E2M1, cudaRoundZero);
  o[8] = __nv_cvt_float2_to_e8m0x2(v, __NV_SATFINITE, cudaRoundZero);
  o[9] = __nv_cvt_float2_to_e8m0x2(v, __NV_NOSAT, cudaRoundZero);
  o[10] = __nv_cvt_float2_to_e8m0x2(v, __NV_SATFINITE, cudaRoundPosInf);
  o[11] = __nv_cvt_float2_to_e8m0x2(v, __NV_NOSAT, cudaRoundPosInf);
  o[12] = __nv_cvt_float_to_e8m0(x, __NV_NOSAT, cudaRoundPosInf);
  o[13] = __nv_cvt_float_to_fp8(y, __NV_SATFINITE, __NV_E4M3);
}

// Two f16 values (x low, y high) as a __half2_raw, 5 results:
//  0, 1   fp8x2 e4m3 / e5m2, __NV_SATFINITE
//  2, 3   fp6x2 e2m3 / e3m2, cudaRoundNearest
//  4      fp4x2 e2m1, cudaRoundNearest
NARROW_HD inline void f16ToNarrow(unsigned short x, unsigned short y,
                                  unsigned short *o) {
  __half2_raw h;
  h.x = x;
  h.y = y;
  o[0] = __nv_cvt_halfraw2_to_fp8x2(h, __NV_SATFINITE, __NV_E4M3);
  o[1] = __nv_cvt_halfraw2_to_fp8x2(h, __NV_SATFINITE, __NV_E5M2);
  o[2] = __nv_cvt_halfraw2_to_fp6x2(h, __NV_E2M3, cudaRoundNearest);
  o[3] = __nv_cvt_halfraw2_to_fp6x2(h, __NV_E3M2, cudaRoundNearest);
  o[4] = __nv_cvt_halfraw2_to_fp4x2(h, __NV_E2M1, cudaRoundNearest);
}

// Two bf16 values (x low, y high) as a __nv_bfloat162_raw, 9 results:
//  0, 1   fp8x2 e4m3 / e5m2, __NV_SATFINITE
//  2, 3   fp6x2 e2m3 / e3m2, cudaRoundNearest
//  4      fp4x2 e2m1, cudaRoundNearest
//  5..8   ue8m0x2: rz.sat, rz, rp.sat, rp
NARROW_HD inline void bf16ToNarrow(unsigned short x, unsigned short y,
                                   unsigned short *o) {
  __nv_bfloat162_raw h;
  h.x = x;
  h.y = y;
  o[0] = __nv_cvt_bfloat16raw2_to_fp8x2(h, __NV_SATFINITE, __NV_E4M3);
  o[1] = __nv_cvt_bfloat16raw2_to_fp8x2(h, __NV_SATFINITE, __NV_E5M2);
  o[2] = __nv_cvt_bfloat16raw2_to_fp6x2(h, __NV_E2M3, cudaRoundNearest);
  o[3] = __nv_cvt_bfloat16raw2_to_fp6x2(h, __NV_E3M2, cudaRoundNearest);
  o[4] = __nv_cvt_bfloat16raw2_to_fp4x2(h, __NV_E2M1, cudaRoundNearest);
  o[5] = __nv_cvt_bfloat162raw_to_e8m0x2(h, __NV_SATFINITE, cudaRoundZero);
  o[6] = __nv_cvt_bfloat162raw_to_e8m0x2(h, __NV_NOSAT, cudaRoundZero);
  o[7] = __nv_cvt_bfloat162raw_to_e8m0x2(h, __NV_SATFINITE, cudaRoundPosInf);
  o[8] = __nv_cvt_bfloat162raw_to_e8m0x2(h, __NV_NOSAT, cudaRoundPosInf);
}

// One 16-bit pattern a read as two narrow values (low byte -> low half of
// the result), 6 results, each a packed pair (high << 16 | low):
//  0, 1   fp8x2 e4m3 / e5m2 -> f16x2
//  2, 3   fp6x2 e2m3 / e3m2 -> f16x2 (of a & 0x3f3f: the two top bits of
//         each byte must be zero)
//  4      fp4x2 e2m1 -> f16x2 (of the low byte: two nibbles)
//  5      ue8m0x2 -> bf16x2
NARROW_HD inline unsigned pack2(unsigned short lo, unsigned short hi) {
  return (unsigned)lo | ((unsigned)hi << 16);
}

NARROW_HD inline void narrowToHalf(unsigned short a, unsigned *o) {
  __half2_raw h;
  h = __nv_cvt_fp8x2_to_halfraw2(a, __NV_E4M3);
  o[0] = pack2(h.x, h.y);
  h = __nv_cvt_fp8x2_to_halfraw2(a, __NV_E5M2);
  o[1] = pack2(h.x, h.y);
  unsigned short a6 = (unsigned short)(a & 0x3f3fu);
  h = __nv_cvt_fp6x2_to_halfraw2(a6, __NV_E2M3);
  o[2] = pack2(h.x, h.y);
  h = __nv_cvt_fp6x2_to_halfraw2(a6, __NV_E3M2);
  o[3] = pack2(h.x, h.y);
  h = __nv_cvt_fp4x2_to_halfraw2((__nv_fp4x2_storage_t)(a & 0xffu), __NV_E2M1);
  o[4] = pack2(h.x, h.y);
  __nv_bfloat162_raw b = __nv_cvt_e8m0x2_to_bf162raw(a);
  o[5] = pack2(b.x, b.y);
}

#if defined(__CUDACC__)

extern "C" __global__ void f32_to_narrow(int n, const float *a,
                                         const float *b,
                                         unsigned short *out) {
  int i = GID;
  if (i >= n)
    return;
  f32ToNarrow(a[i], b[i], out + 14 * i);
}

extern "C" __global__ void f16_to_narrow(int n, const unsigned short *a,
                                         const unsigned short *b,
                                         unsigned short *out) {
  int i = GID;
  if (i >= n)
    return;
  f16ToNarrow(a[i], b[i], out + 5 * i);
}

extern "C" __global__ void bf16_to_narrow(int n, const unsigned short *a,
                                          const unsigned short *b,
                                          unsigned short *out) {
  int i = GID;
  if (i >= n)
    return;
  bf16ToNarrow(a[i], b[i], out + 9 * i);
}

extern "C" __global__ void narrow_to_half(int n, const unsigned short *a,
                                          unsigned *out) {
  int i = GID;
  if (i >= n)
    return;
  narrowToHalf(a[i], out + 6 * i);
}

// f32 -> tf32: cvt.rna.tf32.f32 (to nearest, ties away from zero); the
// result is an f32 bit pattern. mma.h has no host version of it.
extern "C" __global__ void f32_to_tf32(int n, const float *a, unsigned *out) {
  int i = GID;
  if (i >= n)
    return;
  out[i] = __float_as_uint(nvcuda::wmma::__float_to_tf32(a[i]));
}

// Forms that no CUDA header function emits, as inline PTX (like testp in
// farith.cu): .relu, fp4 from f16x2, tf32 with .rn / .rz / .satfinite /
// .relu. Only for the family-specific targets (sm_100a), which the fp6 / fp4
// forms and cvt.{rn,rz}.satfinite.tf32.f32 need; the x2 results go to 32-bit
// words, a (the first lane operand) in the high lane as always.
#if !defined(__CUDA_ARCH__) ||                                                 \
    (defined(__CUDA_ARCH_FAMILY_SPECIFIC__) &&                                 \
     __CUDA_ARCH_FAMILY_SPECIFIC__ >= 1000)

#define CVT_X2_F32(FORM, X, Y)                                                 \
  ({                                                                           \
    unsigned short r_;                                                         \
    asm("cvt." FORM " %0, %1, %2;" : "=h"(r_) : "f"(Y), "f"(X));               \
    (unsigned)r_;                                                              \
  })
#define CVT_X2_F16X2(FORM, H)                                                  \
  ({                                                                           \
    unsigned short r_;                                                         \
    asm("cvt." FORM " %0, %1;" : "=h"(r_) : "r"(H));                           \
    (unsigned)r_;                                                              \
  })
#define CVT_TF32(FORM, X)                                                      \
  ({                                                                           \
    unsigned r_;                                                               \
    asm("cvt." FORM ".tf32.f32 %0, %1;" : "=r"(r_) : "f"(X));                  \
    r_;                                                                        \
  })

// f32 pairs (x low lane, y high lane), 11 results:
//  0..4   cvt.rn.satfinite.relu.{e4m3x2,e5m2x2,e2m3x2,e3m2x2,e2m1x2}.f32
//  5..10  tf32 of x: cvt.rn, cvt.rz, cvt.rn.satfinite, cvt.rna.satfinite,
//         cvt.rz.satfinite.relu, cvt.rn.relu
extern "C" __global__ void f32_inline(int n, const float *a, const float *b,
                                      unsigned *out) {
  int i = GID;
  if (i >= n)
    return;
  float x = a[i], y = b[i];
  unsigned *o = out + 11 * i;
  o[0] = CVT_X2_F32("rn.satfinite.relu.e4m3x2.f32", x, y);
  o[1] = CVT_X2_F32("rn.satfinite.relu.e5m2x2.f32", x, y);
  o[2] = CVT_X2_F32("rn.satfinite.relu.e2m3x2.f32", x, y);
  o[3] = CVT_X2_F32("rn.satfinite.relu.e3m2x2.f32", x, y);
  unsigned short r;
  asm("{ .reg .b8 __$t;\n\t"
      "cvt.rn.satfinite.relu.e2m1x2.f32 __$t, %1, %2;\n\t"
      "mov.b16 %0, {__$t, 0}; }"
      : "=h"(r)
      : "f"(y), "f"(x));
  o[4] = r;
  o[5] = CVT_TF32("rn", x);
  o[6] = CVT_TF32("rz", x);
  o[7] = CVT_TF32("rn.satfinite", x);
  o[8] = CVT_TF32("rna.satfinite", x);
  o[9] = CVT_TF32("rz.satfinite.relu", x);
  o[10] = CVT_TF32("rn.relu", x);
}

// f16 pairs (x low half, y high half of an f16x2), 4 results:
//  0, 1   cvt.rn.satfinite.relu.{e4m3x2,e5m2x2}.f16x2
//  2, 3   cvt.rn.satfinite{,.relu}.e2m1x2.f16x2
// (ptxas 13.0 rejects the fp6 forms with an f16x2 source.)
extern "C" __global__ void f16x2_inline(int n, const unsigned short *a,
                                        const unsigned short *b,
                                        unsigned *out) {
  int i = GID;
  if (i >= n)
    return;
  unsigned h = (unsigned)a[i] | ((unsigned)b[i] << 16);
  unsigned *o = out + 4 * i;
  o[0] = CVT_X2_F16X2("rn.satfinite.relu.e4m3x2.f16x2", h);
  o[1] = CVT_X2_F16X2("rn.satfinite.relu.e5m2x2.f16x2", h);
  unsigned short r;
  asm("{ .reg .b8 __$t;\n\t"
      "cvt.rn.satfinite.e2m1x2.f16x2 __$t, %1;\n\t"
      "mov.b16 %0, {__$t, 0}; }"
      : "=h"(r)
      : "r"(h));
  o[2] = r;
  asm("{ .reg .b8 __$t;\n\t"
      "cvt.rn.satfinite.relu.e2m1x2.f16x2 __$t, %1;\n\t"
      "mov.b16 %0, {__$t, 0}; }"
      : "=h"(r)
      : "r"(h));
  o[3] = r;
}

// One 16-bit pattern as two narrow values (as narrowToHalf), 5 results:
// cvt.rn.relu.f16x2.{e4m3x2,e5m2x2,e2m3x2 (a & 0x3f3f),e3m2x2 (a & 0x3f3f),
// e2m1x2 (low byte)}.
extern "C" __global__ void narrow_relu_to_half(int n, const unsigned short *a,
                                               unsigned *out) {
  int i = GID;
  if (i >= n)
    return;
  unsigned short x = a[i], x6 = (unsigned short)(x & 0x3f3fu);
  unsigned *o = out + 5 * i;
  asm("cvt.rn.relu.f16x2.e4m3x2 %0, %1;" : "=r"(o[0]) : "h"(x));
  asm("cvt.rn.relu.f16x2.e5m2x2 %0, %1;" : "=r"(o[1]) : "h"(x));
  asm("cvt.rn.relu.f16x2.e2m3x2 %0, %1;" : "=r"(o[2]) : "h"(x6));
  asm("cvt.rn.relu.f16x2.e3m2x2 %0, %1;" : "=r"(o[3]) : "h"(x6));
  asm("{ .reg .b8 __$t, __$z;\n\t"
      "mov.b16 {__$t, __$z}, %1;\n\t"
      "cvt.rn.relu.f16x2.e2m1x2 %0, __$t; }"
      : "=r"(o[4])
      : "h"(x));
}

#endif // family-specific targets

#endif // __CUDACC__
