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
