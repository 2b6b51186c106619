// block_reduce.cu - shared-memory tree reductions with __syncthreads().
//
// Source of Inputs/block_reduce.sm_{75,80,90}.ptx (see regen_ptx.sh).

// The smallest power of two >= x (x >= 1).
__device__ __forceinline__ unsigned pow2ceil(unsigned x) {
  unsigned p = 1;
  while (p < x)
    p <<= 1;
  return p;
}

// One partial sum per CTA: partial[blockIdx.x] = sum of in[i] for the
// blockDim.x elements of this CTA (elements at i >= n count as 0). Works for
// any blockDim.x <= 1024: the first stride is half the next power of two, and
// t + stride is bounds-checked against blockDim.x.
extern "C" __global__ void block_reduce(const int *in, int *partial,
                                        unsigned n) {
  __shared__ int s[1024];
  unsigned t = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + t;
  s[t] = i < n ? in[i] : 0;
  __syncthreads();
  for (unsigned stride = pow2ceil(blockDim.x) / 2; stride > 0; stride >>= 1) {
    if (t < stride && t + stride < blockDim.x)
      s[t] += s[t + stride];
    __syncthreads();
  }
  if (t == 0)
    partial[blockIdx.x] = s[0];
}

// The same with dynamic shared memory (launch with --shared=8*blockDim.x):
// the first blockDim.x ints of the extern array hold sums, the next
// blockDim.x hold maxima. A static __shared__ variable sits beside the
// dynamic array: thread 0 stores a per-CTA bias (blockIdx.x * 1000) there,
// which every thread reads after the first barrier and adds to its element.
// out[2*b] = sum(in[i] + bias), out[2*b+1] = max(in[i]) over the CTA's
// in-range elements (INT_MIN if none).
extern "C" __global__ void block_reduce_dyn(const int *in, int *out,
                                            unsigned n) {
  extern __shared__ int dyn[];
  __shared__ int bias;
  int *sum = dyn;
  int *mx = dyn + blockDim.x;
  unsigned t = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + t;
  if (t == 0)
    bias = blockIdx.x * 1000;
  __syncthreads();
  int v = i < n ? in[i] : 0;
  sum[t] = i < n ? v + bias : 0;
  mx[t] = i < n ? v : (int)0x80000000;
  __syncthreads();
  for (unsigned stride = pow2ceil(blockDim.x) / 2; stride > 0; stride >>= 1) {
    if (t < stride && t + stride < blockDim.x) {
      sum[t] += sum[t + stride];
      mx[t] = max(mx[t], mx[t + stride]);
    }
    __syncthreads();
  }
  if (t == 0) {
    out[2 * blockIdx.x] = sum[0];
    out[2 * blockIdx.x + 1] = mx[0];
  }
}
