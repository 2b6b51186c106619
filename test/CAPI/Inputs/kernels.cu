// Kernels for the Driver API tests (test/CAPI, unittests/CAPI).
// Regenerate kernels.ptx with:
//   nvcc -ptx -arch=sm_80 -O3 kernels.cu -o kernels.ptx
// The tests only read the committed PTX; they never need nvcc.

extern "C" {

__constant__ float scaleTable[4];
__device__ unsigned long long launchCount;

// y = a * x + y
__global__ void saxpy(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

// out[i] = in[i] * scaleTable[i % 4]; counts launches in a __device__ variable.
__global__ void scale(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i == 0)
    atomicAdd(&launchCount, 1ull);
  if (i < n)
    out[i] = in[i] * scaleTable[i % 4];
}

// Per-block sum of `in` in dynamic shared memory (blockDim.x a power of 2).
__global__ void blockSum(const int *in, int *out, int n) {
  extern __shared__ int partial[];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  partial[threadIdx.x] = i < n ? in[i] : 0;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s)
      partial[threadIdx.x] += partial[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    out[blockIdx.x] = partial[0];
}

// 16-bin histogram of `in` with global atomics.
__global__ void histogram(const unsigned *in, unsigned *bins, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += gridDim.x * blockDim.x)
    atomicAdd(&bins[in[i] % 16], 1u);
}

// 2-D grid: m[y][x] = y * 1000 + x over a pitched matrix.
__global__ void fill2d(int *m, size_t pitchBytes, int width, int height) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < width && y < height)
    ((int *)((char *)m + y * pitchBytes))[x] = y * 1000 + x;
}

// Traps when flag is non-zero.
__global__ void trapIf(int flag) {
  if (flag)
    asm volatile("trap;");
}

// A kernel with a fixed block size and 64-bit and double parameters.
__global__ void __launch_bounds__(128) mixed(double *out, long long base,
                                             double factor, char tag) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = (double)(base + i) * factor + tag;
}

} // extern "C"
