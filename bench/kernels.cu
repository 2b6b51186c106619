// Kernels of the SIMT benchmark (bench/simt_bench.cpp). Regenerate the PTX:
//   nvcc -ptx -arch=sm_80 -O3 kernels.cu -o kernels.ptx
extern "C" __global__ void reduce(const int *in, int *out, int n) {
  __shared__ int s[256];
  unsigned t = threadIdx.x;
  int sum = 0;
  for (int i = blockIdx.x * blockDim.x + t; i < n; i += gridDim.x * blockDim.x)
    sum += in[i];
  s[t] = sum;
  __syncthreads();
  for (unsigned off = blockDim.x / 2; off > 0; off /= 2) {
    if (t < off)
      s[t] += s[t + off];
    __syncthreads();
  }
  if (t == 0)
    out[blockIdx.x] = s[0];
}

#define TILE 16
extern "C" __global__ void sgemm(const float *A, const float *B, float *C,
                                 int n) {
  __shared__ float as[TILE][TILE], bs[TILE][TILE];
  int row = blockIdx.y * TILE + threadIdx.y, col = blockIdx.x * TILE + threadIdx.x;
  float acc = 0;
  for (int k0 = 0; k0 < n; k0 += TILE) {
    as[threadIdx.y][threadIdx.x] = A[row * n + k0 + threadIdx.x];
    bs[threadIdx.y][threadIdx.x] = B[(k0 + threadIdx.y) * n + col];
    __syncthreads();
    for (int k = 0; k < TILE; ++k)
      acc += as[threadIdx.y][k] * bs[k][threadIdx.x];
    __syncthreads();
  }
  C[row * n + col] = acc;
}

extern "C" __global__ void histogram(const unsigned char *data, unsigned *hist,
                                     int n) {
  __shared__ unsigned local[256];
  for (int i = threadIdx.x; i < 256; i += blockDim.x)
    local[i] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += gridDim.x * blockDim.x)
    atomicAdd(&local[data[i]], 1u);
  __syncthreads();
  for (int i = threadIdx.x; i < 256; i += blockDim.x)
    atomicAdd(&hist[i], local[i]);
}

// The shapes of the classic CUDA samples (issue "Native speed").
extern "C" __global__ void saxpy(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

// 5-point stencil on a w x h grid (interior points only).
extern "C" __global__ void stencil5(const float *in, float *out, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < 1 || y < 1 || x >= w - 1 || y >= h - 1)
    return;
  int i = y * w + x;
  out[i] = 0.5f * in[i] +
           0.125f * (in[i - 1] + in[i + 1] + in[i - w] + in[i + w]);
}

// Fast-math transcendentals (sin.approx, ex2.approx).
extern "C" __global__ void fastmath(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = __sinf(x[i]) * __expf(-x[i] * x[i]);
}

// Warp-shuffle reduction: one sum per warp.
extern "C" __global__ void warp_reduce(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_down_sync(0xffffffffu, v, offset);
  if (threadIdx.x % 32 == 0)
    out[i / 32] = v;
}

// Transpose through a padded 32 x 33 shared tile; blocks of 32 x 8 threads.
extern "C" __global__ void transpose(const float *in, float *out, int n) {
  __shared__ float tile[32][33];
  int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * n + x];
  __syncthreads();
  x = blockIdx.y * 32 + threadIdx.x;
  y = blockIdx.x * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8)
    out[(y + j) * n + x] = tile[threadIdx.x][threadIdx.y + j];
}

// Block reduction: 256 threads, one element each, a tree of 9 barriers.
extern "C" __global__ void block_reduce(const float *in, float *out) {
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * 256 + t];
  __syncthreads();
  for (unsigned half = 128; half > 0; half /= 2) {
    if (t < half)
      s[t] += s[t + half];
    __syncthreads();
  }
  if (t == 0)
    out[blockIdx.x] = s[0];
}
