// fastmath.cu - approximate single-precision functions.
//
// Source of Inputs/fastmath.sm_{75,80,90}.ptx (default flags) and
// Inputs/fastmath.fast.sm_{75,80,90}.ptx (-use_fast_math). The intrinsics
// map to one .approx instruction each (__sinf: sin.approx.f32, __log2f:
// lg2.approx.f32, exp2f: ex2.approx.ftz.f32, rsqrtf: rsqrt.approx.f32,
// __fdividef: div.approx.f32, ...; with -use_fast_math all of them .ftz, and
// sqrtf, tanhf, 1.0f / x and x / y become sqrt.approx.ftz.f32,
// tanh.approx.f32, rcp.approx.ftz.f32 and div.approx.ftz.f32 (or div.full)).
// Without -use_fast_math sqrtf, tanhf and the divisions are the accurate
// versions, which also meet the bounds the tests check.

#define GID (blockIdx.x * blockDim.x + threadIdx.x)

extern "C" __global__ void fm_unary(int n, const float *a, float *out) {
  int i = GID;
  if (i >= n)
    return;
  float x = a[i];
  float *o = out + 10 * i;
  o[0] = __sinf(x);
  o[1] = __cosf(x);
  o[2] = __log2f(x);
  o[3] = exp2f(x);
  o[4] = __expf(x);
  o[5] = __logf(x);
  o[6] = rsqrtf(x);
  o[7] = sqrtf(x);
  o[8] = tanhf(x);
  o[9] = 1.0f / x;
}

extern "C" __global__ void fm_binary(int n, const float *a, const float *b,
                                     float *out) {
  int i = GID;
  if (i >= n)
    return;
  float x = a[i], y = b[i];
  float *o = out + 2 * i;
  o[0] = __fdividef(x, y);
  o[1] = x / y;
}
