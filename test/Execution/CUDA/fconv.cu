// fconv.cu - conversions between floating-point and integer types.
//
// Source of Inputs/fconv.sm_{75,80,90}.ptx (see regen_ptx.sh). Out-of-range
// and NaN inputs are undefined in C++, but nvcc emits cvt.rzi / cvt.rni whose
// result PTX defines: clamped to the destination range, NaN -> 0 (or, for
// f64 sources or 64-bit destinations, 1 << (width - 1)). The tests use them.

#define GID (blockIdx.x * blockDim.x + threadIdx.x)

// float -> integer, all results widened to 64 bits.
#define F2I_K 6
__global__ void f32_to_int(int n, const float *a, long long *out) {
  int i = GID;
  if (i >= n)
    return;
  float x = a[i];
  long long *o = out + F2I_K * i;
  o[0] = (int)x;                  // cvt.rzi.s32.f32
  o[1] = __float2int_rn(x);       // cvt.rni.s32.f32
  o[2] = (unsigned)x;             // cvt.rzi.u32.f32
  o[3] = (long long)x;            // cvt.rzi.s64.f32
  o[4] = (long long)rintf(x);     // cvt.rni.f32.f32 + cvt.rzi.s64.f32
  o[5] = (long long)(unsigned long long)x; // cvt.rzi.u64.f32
}

// double -> integer.
#define D2I_K 5
__global__ void f64_to_int(int n, const double *a, long long *out) {
  int i = GID;
  if (i >= n)
    return;
  double x = a[i];
  long long *o = out + D2I_K * i;
  o[0] = (int)x;
  o[1] = __double2int_rn(x);
  o[2] = (unsigned)x;
  o[3] = (long long)x;
  o[4] = (long long)(unsigned long long)x;
}

// integer -> float (round to nearest even).
__global__ void int_to_f32(int n, const int *a, const long long *b,
                           float *out) {
  int i = GID;
  if (i >= n)
    return;
  float *o = out + 4 * i;
  o[0] = (float)a[i];
  o[1] = (float)(unsigned)a[i];
  o[2] = (float)b[i];
  o[3] = (float)(unsigned long long)b[i];
}

// integer -> double, and float <-> double.
__global__ void int_to_f64(int n, const int *a, const long long *b,
                           const float *c, double *out) {
  int i = GID;
  if (i >= n)
    return;
  double *o = out + 5 * i;
  o[0] = (double)a[i];
  o[1] = (double)(unsigned)a[i];
  o[2] = (double)b[i];
  o[3] = (double)(unsigned long long)b[i];
  o[4] = (double)c[i] + (double)(float)b[i]; // cvt.f64.f32, cvt.rn.f32.s64
}

// double -> float rounding.
__global__ void f64_to_f32(int n, const double *a, float *out) {
  int i = GID;
  if (i < n)
    out[i] = (float)a[i]; // cvt.rn.f32.f64
}
