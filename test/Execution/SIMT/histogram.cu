// histogram.cu - 64-bin histograms with atomics.
//
// Source of Inputs/histogram.sm_{75,80,90}.ptx (see regen_ptx.sh).

#define NBINS 64

// bins[data[i] >> 2] += 1 for i < n, in two stages: a per-CTA histogram in
// shared memory (atomicAdd on shared, result unused), then one global
// atomicAdd per non-empty bin. Grid-stride loop over the data, so any grid
// and block size works. bins is accumulated into (not cleared).
extern "C" __global__ void hist_shared(const unsigned char *data, int n,
                                       unsigned *bins) {
  __shared__ unsigned h[NBINS];
  for (int i = threadIdx.x; i < NBINS; i += blockDim.x)
    h[i] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    atomicAdd(&h[data[i] >> 2], 1u);
  __syncthreads();
  for (int i = threadIdx.x; i < NBINS; i += blockDim.x)
    if (h[i] != 0)
      atomicAdd(&bins[i], h[i]);
}

// The same with global atomics only.
extern "C" __global__ void hist_global(const unsigned char *data, int n,
                                       unsigned *bins) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    atomicAdd(&bins[data[i] >> 2], 1u);
}

// Weighted histogram whose atomic results are used: each element adds
// weight data[i] & 3 (0..3) to its bin in shared memory with atomicAdd and
// keeps the largest old value it saw. Every old value is at most the final
// count of its bin, so seen <= max(h) always holds; a violation adds 1000000
// to bins[0] (never on a correct implementation). Then the shared bins are
// merged into bins (accumulated, not cleared) as in hist_shared.
extern "C" __global__ void hist_weighted(const unsigned char *data, int n,
                                         unsigned *bins) {
  __shared__ unsigned h[NBINS];
  for (int i = threadIdx.x; i < NBINS; i += blockDim.x)
    h[i] = 0;
  __syncthreads();
  unsigned seen = 0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x) {
    unsigned old = atomicAdd(&h[data[i] >> 2], data[i] & 3u);
    seen = max(seen, old);
  }
  __syncthreads();
  unsigned top = 0;
  for (int i = 0; i < NBINS; ++i)
    top = max(top, h[i]);
  if (seen > top)
    atomicAdd(&bins[0], 1000000u);
  __syncthreads();
  for (int i = threadIdx.x; i < NBINS; i += blockDim.x)
    if (h[i] != 0)
      atomicAdd(&bins[i], h[i]);
}
