// Reductions written for implicit warp synchrony, as before Volta and as
// PyCUDA's and the old CUDA samples' still are: the last 32 partial sums
// are added by one warp through a volatile pointer to shared memory, with
// no __syncwarp. GPUs run such a warp in lockstep; so must ptxjit
// (docs/simt.md, "Warp-synchronous code").
extern "C" __global__ void warp_sync_reduce(const int *in, int *out,
                                            unsigned n) {
  __shared__ int sdata[1024];
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + tid;
  sdata[tid] = i < n ? in[i] : 0;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 32; s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid < 32) {
    volatile int *smem = sdata;
    smem[tid] += smem[tid + 32];
    smem[tid] += smem[tid + 16];
    smem[tid] += smem[tid + 8];
    smem[tid] += smem[tid + 4];
    smem[tid] += smem[tid + 2];
    smem[tid] += smem[tid + 1];
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}

// The CUDA samples' form: the warp's tail in a device function of its own.
__device__ __noinline__ void warpReduce(volatile int *sdata, unsigned tid) {
  sdata[tid] += sdata[tid + 32];
  sdata[tid] += sdata[tid + 16];
  sdata[tid] += sdata[tid + 8];
  sdata[tid] += sdata[tid + 4];
  sdata[tid] += sdata[tid + 2];
  sdata[tid] += sdata[tid + 1];
}

extern "C" __global__ void warp_sync_reduce_call(const int *in, int *out,
                                                 unsigned n) {
  __shared__ int sdata[1024];
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + tid;
  sdata[tid] = i < n ? in[i] : 0;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 32; s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid < 32)
    warpReduce(sdata, tid);
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}
