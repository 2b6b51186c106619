// One kernel per SIMT path (docs/simt.md), for simt-paths.test.
// Regenerate: nvcc -arch=sm_80 -ptx -O3 simt_paths.cu -o simt_paths.ptx

// No synchronization: thread loops.
extern "C" __global__ void saxpy(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

// __syncthreads() only: region loops.
extern "C" __global__ void block_sum(const float *in, float *out) {
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

// A warp collective that every thread reaches: region loops, with the
// shuffles as loops over the lanes.
extern "C" __global__ void warp_sum(const float *in, float *out) {
  float v = in[blockIdx.x * blockDim.x + threadIdx.x];
  for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_down_sync(0xffffffff, v, offset);
  if (threadIdx.x % 32 == 0)
    out[(blockIdx.x * blockDim.x + threadIdx.x) / 32] = v;
}

// A warp collective that only some threads reach: coroutines.
extern "C" __global__ void half_warp_sum(const float *in, float *out) {
  float v = in[threadIdx.x];
  if (threadIdx.x % 32 < 16)
    for (int offset = 8; offset > 0; offset /= 2)
      v += __shfl_down_sync(0x0000ffff, v, offset);
  out[threadIdx.x] = v;
}
