// The second translation unit of device_rdc.cu (separate compilation,
// -rdc=true): a __device__ function that device_rdc.cu's kernel calls, and
// that calls back into device_rdc.cu; a __device__ counter and __constant__
// coefficients that device_rdc.cu declares extern; a kernel that
// device_rdc.cu launches.

// Defined in device_rdc.cu.
extern __device__ int rdc_square(int x);

__device__ int rdc_calls = 0;
__constant__ int rdc_coefficients[4];

// c0 + c1 x + c2 x^2 + c3 x^3; x^2 comes from the other file.
__device__ int rdc_poly(int x) {
  int x2 = rdc_square(x);
  atomicAdd(&rdc_calls, 1);
  return rdc_coefficients[0] + rdc_coefficients[1] * x +
         rdc_coefficients[2] * x2 + rdc_coefficients[3] * x2 * x;
}

__global__ void rdc_add(int *values, int n, int amount) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    values[i] += amount;
}
