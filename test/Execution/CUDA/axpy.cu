// axpy.cu - saxpy / daxpy and a few float32 / float64 arithmetic forms.
//
// Source of Inputs/axpy.sm_{75,80,90}.ptx (see regen_ptx.sh). Only +, -, * and
// fma are used, so every result is exactly specified by IEEE-754
// round-to-nearest-even (nvcc contracts `a * x + y` into fma.rn).

// y[i] = a * x[i] + y[i] for i < n.
__global__ void saxpy(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

// y[i] = a * x[i] + y[i] for i < n, in double.
__global__ void daxpy(int n, double a, const double *x, double *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

// Eight float results per element of (a, b, c). Every expression is one PTX
// instruction whose result IEEE-754 fixes exactly: no mul feeds an add without
// an explicit rounding modifier, so contraction cannot change a result.
__global__ void farith(int n, const float *a, const float *b, const float *c,
                       float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float x = a[i], y = b[i], z = c[i];
  float *o = out + 8 * i;
  o[0] = x + y;
  o[1] = x - y;
  o[2] = x * y;
  o[3] = fmaf(x, y, z);                 // fma.rn.f32: one rounding
  o[4] = __fadd_rn(__fmul_rn(x, y), z); // mul.rn + add.rn: two roundings
  o[5] = fmaf(-x, y, z);
  o[6] = __fsub_rn(z, x);
  o[7] = (x < y) ? z : x; // selection on a float compare
}

// Same for double.
__global__ void darith(int n, const double *a, const double *b,
                       const double *c, double *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  double x = a[i], y = b[i], z = c[i];
  double *o = out + 8 * i;
  o[0] = x + y;
  o[1] = x - y;
  o[2] = x * y;
  o[3] = fma(x, y, z);
  o[4] = __dadd_rn(__dmul_rn(x, y), z);
  o[5] = fma(-x, y, z);
  o[6] = __dsub_rn(z, x);
  o[7] = (x < y) ? z : x;
}
