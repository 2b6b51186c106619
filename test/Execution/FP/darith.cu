// darith.cu - double-precision arithmetic with explicit rounding modes.
//
// Source of Inputs/darith.sm_{75,80,90}.ptx (see regen_ptx.sh). Every kernel
// handles element i of its input arrays and writes K results per element to
// out[K * i + k]; the tests compare the bit patterns of the results.

#define GID (blockIdx.x * blockDim.x + threadIdx.x)

// __d{add,sub,mul,div}_{rn,rz,ru,rd}: {add,sub,mul,div}.{rn,rz,rp,rm}.f64
extern "C" __global__ void f64_rnd2(int n, const double *a, const double *b,
                                    double *out) {
  int i = GID;
  if (i >= n)
    return;
  double x = a[i], y = b[i];
  double *o = out + 16 * i;
  o[0] = __dadd_rn(x, y);
  o[1] = __dadd_rz(x, y);
  o[2] = __dadd_ru(x, y);
  o[3] = __dadd_rd(x, y);
  o[4] = __dsub_rn(x, y);
  o[5] = __dsub_rz(x, y);
  o[6] = __dsub_ru(x, y);
  o[7] = __dsub_rd(x, y);
  o[8] = __dmul_rn(x, y);
  o[9] = __dmul_rz(x, y);
  o[10] = __dmul_ru(x, y);
  o[11] = __dmul_rd(x, y);
  o[12] = __ddiv_rn(x, y);
  o[13] = __ddiv_rz(x, y);
  o[14] = __ddiv_ru(x, y);
  o[15] = __ddiv_rd(x, y);
}

// __fma_{rn,rz,ru,rd}: fma.{rn,rz,rp,rm}.f64
extern "C" __global__ void f64_fma(int n, const double *a, const double *b,
                                   const double *c, double *out) {
  int i = GID;
  if (i >= n)
    return;
  double x = a[i], y = b[i], z = c[i];
  double *o = out + 4 * i;
  o[0] = __fma_rn(x, y, z);
  o[1] = __fma_rz(x, y, z);
  o[2] = __fma_ru(x, y, z);
  o[3] = __fma_rd(x, y, z);
}

// __drcp_*, __dsqrt_*: rcp.{rn,rz,rp,rm}.f64, sqrt.{rn,rz,rp,rm}.f64;
// sqrt (sqrt.rn.f64) and 1.0 / x.
extern "C" __global__ void f64_rnd1(int n, const double *a, double *out) {
  int i = GID;
  if (i >= n)
    return;
  double x = a[i];
  double *o = out + 10 * i;
  o[0] = __drcp_rn(x);
  o[1] = __drcp_rz(x);
  o[2] = __drcp_ru(x);
  o[3] = __drcp_rd(x);
  o[4] = __dsqrt_rn(x);
  o[5] = __dsqrt_rz(x);
  o[6] = __dsqrt_ru(x);
  o[7] = __dsqrt_rd(x);
  o[8] = sqrt(x);
  o[9] = 1.0 / x;
}

// Plain operators and math functions.
extern "C" __global__ void f64_misc(int n, const double *a, const double *b,
                                    double *out) {
  int i = GID;
  if (i >= n)
    return;
  double x = a[i], y = b[i];
  double *o = out + 10 * i;
  o[0] = x + y;
  o[1] = x - y;
  o[2] = x * y;
  o[3] = x / y;
  o[4] = fmin(x, y);
  o[5] = fmax(x, y);
  o[6] = copysign(x, y);
  o[7] = fabs(x);
  o[8] = -x;
  o[9] = fma(x, y, x);
}

// Comparisons and classification, one bit each (setp.*.f64).
extern "C" __global__ void f64_cmp(int n, const double *a, const double *b,
                                   unsigned *out) {
  int i = GID;
  if (i >= n)
    return;
  double x = a[i], y = b[i];
  unsigned r = 0;
  r |= (x == y) << 0;
  r |= (x != y) << 1;
  r |= (x < y) << 2;
  r |= (x <= y) << 3;
  r |= (x > y) << 4;
  r |= (x >= y) << 5;
  r |= !(x < y) << 6;
  r |= !(x >= y) << 7;
  r |= !(x == y) << 8;
  r |= (!(x != y)) << 9;
  r |= (isnan(x) || isnan(y)) << 10;
  r |= (!isnan(x) && !isnan(y)) << 11;
  r |= (isnan(x) ? 1u : 0u) << 12;
  r |= (isinf(x) ? 1u : 0u) << 13;
  r |= (isfinite(x) ? 1u : 0u) << 14;
  r |= (signbit(x) ? 1u : 0u) << 15;
  out[i] = r;
}

// testp on f64 (inline PTX, see farith.cu).
extern "C" __global__ void f64_testp(int n, const double *a, unsigned *out) {
  int i = GID;
  if (i >= n)
    return;
  double x = a[i];
  unsigned r;
  asm("{\n\t.reg .pred p;\n\t.reg .b32 t;\n\t"
      "testp.finite.f64 p, %1;\n\tselp.b32 %0, 1, 0, p;\n\t"
      "testp.infinite.f64 p, %1;\n\tselp.b32 t, 2, 0, p;\n\tor.b32 %0, %0, t;\n\t"
      "testp.number.f64 p, %1;\n\tselp.b32 t, 4, 0, p;\n\tor.b32 %0, %0, t;\n\t"
      "testp.notanumber.f64 p, %1;\n\tselp.b32 t, 8, 0, p;\n\tor.b32 %0, %0, t;\n\t"
      "testp.normal.f64 p, %1;\n\tselp.b32 t, 16, 0, p;\n\tor.b32 %0, %0, t;\n\t"
      "testp.subnormal.f64 p, %1;\n\tselp.b32 t, 32, 0, p;\n\tor.b32 %0, %0, t;\n\t}"
      : "=r"(r) : "d"(x));
  out[i] = r;
}
