// fcvt.cu - conversions with explicit rounding modes.
//
// Source of Inputs/fcvt.sm_{75,80,90}.ptx and, built with -ftz=true,
// Inputs/fcvt.ftz.sm_{75,80,90}.ptx (see regen_ptx.sh). Out-of-range and NaN
// inputs of float -> integer conversions are given the PTX cvt semantics
// (saturation; NaN -> 0, or 1 << (width - 1) for f64 sources and 64-bit
// destinations), which the CUDA intrinsics inherit.

#define GID (blockIdx.x * blockDim.x + threadIdx.x)

// float -> integer: cvt.{rni,rzi,rpi,rmi}.{s32,u32,s64,u64}.f32; 32-bit
// results are stored sign- (s32) or zero-extended (u32).
extern "C" __global__ void f2i(int n, const float *a, long long *out) {
  int i = GID;
  if (i >= n)
    return;
  float x = a[i];
  long long *o = out + 16 * i;
  o[0] = __float2int_rn(x);
  o[1] = __float2int_rz(x);
  o[2] = __float2int_ru(x);
  o[3] = __float2int_rd(x);
  o[4] = __float2uint_rn(x);
  o[5] = __float2uint_rz(x);
  o[6] = __float2uint_ru(x);
  o[7] = __float2uint_rd(x);
  o[8] = __float2ll_rn(x);
  o[9] = __float2ll_rz(x);
  o[10] = __float2ll_ru(x);
  o[11] = __float2ll_rd(x);
  o[12] = __float2ull_rn(x);
  o[13] = __float2ull_rz(x);
  o[14] = __float2ull_ru(x);
  o[15] = __float2ull_rd(x);
}

// double -> integer: cvt.{rni,rzi,rpi,rmi}.{s32,u32,s64,u64}.f64
extern "C" __global__ void d2i(int n, const double *a, long long *out) {
  int i = GID;
  if (i >= n)
    return;
  double x = a[i];
  long long *o = out + 16 * i;
  o[0] = __double2int_rn(x);
  o[1] = __double2int_rz(x);
  o[2] = __double2int_ru(x);
  o[3] = __double2int_rd(x);
  o[4] = __double2uint_rn(x);
  o[5] = __double2uint_rz(x);
  o[6] = __double2uint_ru(x);
  o[7] = __double2uint_rd(x);
  o[8] = __double2ll_rn(x);
  o[9] = __double2ll_rz(x);
  o[10] = __double2ll_ru(x);
  o[11] = __double2ll_rd(x);
  o[12] = __double2ull_rn(x);
  o[13] = __double2ull_rz(x);
  o[14] = __double2ull_ru(x);
  o[15] = __double2ull_rd(x);
}

// integer -> float: cvt.{rn,rz,rp,rm}.f32.{s32,u32,s64,u64}; the 32-bit
// conversions take the low half of a[i].
extern "C" __global__ void i2f(int n, const long long *a, float *out) {
  int i = GID;
  if (i >= n)
    return;
  long long v = a[i];
  float *o = out + 16 * i;
  o[0] = __int2float_rn((int)v);
  o[1] = __int2float_rz((int)v);
  o[2] = __int2float_ru((int)v);
  o[3] = __int2float_rd((int)v);
  o[4] = __uint2float_rn((unsigned)v);
  o[5] = __uint2float_rz((unsigned)v);
  o[6] = __uint2float_ru((unsigned)v);
  o[7] = __uint2float_rd((unsigned)v);
  o[8] = __ll2float_rn(v);
  o[9] = __ll2float_rz(v);
  o[10] = __ll2float_ru(v);
  o[11] = __ll2float_rd(v);
  o[12] = __ull2float_rn((unsigned long long)v);
  o[13] = __ull2float_rz((unsigned long long)v);
  o[14] = __ull2float_ru((unsigned long long)v);
  o[15] = __ull2float_rd((unsigned long long)v);
}

// integer -> double: cvt.rn.f64.{s32,u32} (exact), cvt.{rn,rz,rp,rm}.f64.{s64,u64}
extern "C" __global__ void i2d(int n, const long long *a, double *out) {
  int i = GID;
  if (i >= n)
    return;
  long long v = a[i];
  double *o = out + 10 * i;
  o[0] = __int2double_rn((int)v);
  o[1] = __uint2double_rn((unsigned)v);
  o[2] = __ll2double_rn(v);
  o[3] = __ll2double_rz(v);
  o[4] = __ll2double_ru(v);
  o[5] = __ll2double_rd(v);
  o[6] = __ull2double_rn((unsigned long long)v);
  o[7] = __ull2double_rz((unsigned long long)v);
  o[8] = __ull2double_ru((unsigned long long)v);
  o[9] = __ull2double_rd((unsigned long long)v);
}

// double -> float: cvt.{rn,rz,rp,rm}.f32.f64
extern "C" __global__ void d2f(int n, const double *a, float *out) {
  int i = GID;
  if (i >= n)
    return;
  double x = a[i];
  float *o = out + 5 * i;
  o[0] = __double2float_rn(x);
  o[1] = __double2float_rz(x);
  o[2] = __double2float_ru(x);
  o[3] = __double2float_rd(x);
  o[4] = (float)x;
}

// float -> double (cvt.f64.f32, exact; with -ftz=true cvt.ftz.f64.f32
// flushes subnormal inputs), and the float rounding functions rintf
// (cvt.rni.f32.f32), truncf (cvt.rzi), floorf (cvt.rmi), ceilf (cvt.rpi),
// roundf (half away from zero, an instruction sequence), nearbyintf.
extern "C" __global__ void fround(int n, const float *a, double *wide,
                                  float *out) {
  int i = GID;
  if (i >= n)
    return;
  float x = a[i];
  wide[i] = (double)x;
  float *o = out + 6 * i;
  o[0] = rintf(x);
  o[1] = truncf(x);
  o[2] = floorf(x);
  o[3] = ceilf(x);
  o[4] = roundf(x);
  o[5] = nearbyintf(x);
}

// The same for double: cvt.{rni,rzi,rmi,rpi}.f64.f64, round().
extern "C" __global__ void dround(int n, const double *a, double *out) {
  int i = GID;
  if (i >= n)
    return;
  double x = a[i];
  double *o = out + 5 * i;
  o[0] = rint(x);
  o[1] = trunc(x);
  o[2] = floor(x);
  o[3] = ceil(x);
  o[4] = round(x);
}
