// farith.cu - single-precision arithmetic with explicit rounding modes.
//
// Source of Inputs/farith.sm_{75,80,90}.ptx and, built with -ftz=true,
// Inputs/farith.ftz.sm_{75,80,90}.ptx (see regen_ptx.sh). Every kernel
// handles element i of its input arrays and writes K results per element to
// out[K * i + k]; the tests compare the bit patterns of the results.

#define GID (blockIdx.x * blockDim.x + threadIdx.x)

// __f{add,sub,mul,div}_{rn,rz,ru,rd}: {add,sub,mul,div}.{rn,rz,rp,rm}.f32
extern "C" __global__ void f32_rnd2(int n, const float *a, const float *b,
                                    float *out) {
  int i = GID;
  if (i >= n)
    return;
  float x = a[i], y = b[i];
  float *o = out + 16 * i;
  o[0] = __fadd_rn(x, y);
  o[1] = __fadd_rz(x, y);
  o[2] = __fadd_ru(x, y);
  o[3] = __fadd_rd(x, y);
  o[4] = __fsub_rn(x, y);
  o[5] = __fsub_rz(x, y);
  o[6] = __fsub_ru(x, y);
  o[7] = __fsub_rd(x, y);
  o[8] = __fmul_rn(x, y);
  o[9] = __fmul_rz(x, y);
  o[10] = __fmul_ru(x, y);
  o[11] = __fmul_rd(x, y);
  o[12] = __fdiv_rn(x, y);
  o[13] = __fdiv_rz(x, y);
  o[14] = __fdiv_ru(x, y);
  o[15] = __fdiv_rd(x, y);
}

// __fmaf_{rn,rz,ru,rd}: fma.{rn,rz,rp,rm}.f32
extern "C" __global__ void f32_fma(int n, const float *a, const float *b,
                                   const float *c, float *out) {
  int i = GID;
  if (i >= n)
    return;
  float x = a[i], y = b[i], z = c[i];
  float *o = out + 4 * i;
  o[0] = __fmaf_rn(x, y, z);
  o[1] = __fmaf_rz(x, y, z);
  o[2] = __fmaf_ru(x, y, z);
  o[3] = __fmaf_rd(x, y, z);
}

// __frcp_*, __fsqrt_*: rcp.{rn,rz,rp,rm}.f32, sqrt.{rn,rz,rp,rm}.f32;
// sqrtf (sqrt.rn.f32) and 1.0f / x (IEEE division by default).
extern "C" __global__ void f32_rnd1(int n, const float *a, float *out) {
  int i = GID;
  if (i >= n)
    return;
  float x = a[i];
  float *o = out + 10 * i;
  o[0] = __frcp_rn(x);
  o[1] = __frcp_rz(x);
  o[2] = __frcp_ru(x);
  o[3] = __frcp_rd(x);
  o[4] = __fsqrt_rn(x);
  o[5] = __fsqrt_rz(x);
  o[6] = __fsqrt_ru(x);
  o[7] = __fsqrt_rd(x);
  o[8] = sqrtf(x);
  o[9] = 1.0f / x;
}

// Plain operators and math functions: add/sub/mul.f32 without a rounding
// modifier (no contraction: each result is stored), div.rn.f32, min/max,
// copysign, abs, neg, __saturatef (cvt.sat.f32.f32).
extern "C" __global__ void f32_misc(int n, const float *a, const float *b,
                                    float *out) {
  int i = GID;
  if (i >= n)
    return;
  float x = a[i], y = b[i];
  float *o = out + 11 * i;
  o[0] = x + y;
  o[1] = x - y;
  o[2] = x * y;
  o[3] = x / y;
  o[4] = fminf(x, y);
  o[5] = fmaxf(x, y);
  o[6] = copysignf(x, y);
  o[7] = fabsf(x);
  o[8] = -x;
  o[9] = __saturatef(x);
  o[10] = fmaf(x, y, x); // fma.rn.f32
}

// Comparisons and classification, one bit each (setp.*.f32, testp.*.f32).
extern "C" __global__ void f32_cmp(int n, const float *a, const float *b,
                                   unsigned *out) {
  int i = GID;
  if (i >= n)
    return;
  float x = a[i], y = b[i];
  unsigned r = 0;
  r |= (x == y) << 0;
  r |= (x != y) << 1;
  r |= (x < y) << 2;
  r |= (x <= y) << 3;
  r |= (x > y) << 4;
  r |= (x >= y) << 5;
  r |= !(x < y) << 6;  // unordered or >=
  r |= !(x >= y) << 7; // unordered or <
  r |= !(x == y) << 8; // unordered or != (same as x != y in C)
  r |= (!(x != y)) << 9;
  r |= (isnan(x) || isnan(y)) << 10;
  r |= (!isnan(x) && !isnan(y)) << 11;
  r |= (isnan(x) ? 1u : 0u) << 12;
  r |= (isinf(x) ? 1u : 0u) << 13;
  r |= (isfinite(x) ? 1u : 0u) << 14;
  r |= (signbit(x) ? 1u : 0u) << 15;
  out[i] = r;
}

// testp: nvcc lowers isnan / isinf / isfinite to abs + setp (above), never to
// testp, so the six testp tests are written as inline PTX; one bit each.
extern "C" __global__ void f32_testp(int n, const float *a, unsigned *out) {
  int i = GID;
  if (i >= n)
    return;
  float x = a[i];
  unsigned r;
  asm("{\n\t.reg .pred p;\n\t.reg .b32 t;\n\t"
      "testp.finite.f32 p, %1;\n\tselp.b32 %0, 1, 0, p;\n\t"
      "testp.infinite.f32 p, %1;\n\tselp.b32 t, 2, 0, p;\n\tor.b32 %0, %0, t;\n\t"
      "testp.number.f32 p, %1;\n\tselp.b32 t, 4, 0, p;\n\tor.b32 %0, %0, t;\n\t"
      "testp.notanumber.f32 p, %1;\n\tselp.b32 t, 8, 0, p;\n\tor.b32 %0, %0, t;\n\t"
      "testp.normal.f32 p, %1;\n\tselp.b32 t, 16, 0, p;\n\tor.b32 %0, %0, t;\n\t"
      "testp.subnormal.f32 p, %1;\n\tselp.b32 t, 32, 0, p;\n\tor.b32 %0, %0, t;\n\t}"
      : "=r"(r) : "f"(x));
  out[i] = r;
}
