// Kernels that run as region loops (docs/simt.md): the shapes that stress
// cutting a thread at its barriers. Each result is modelled independently in
// Inputs/region_loops_model.py; region_loops.test runs every kernel on both
// paths (--simt=auto and --simt=coroutines).

// Threads that return before the barrier count as arrived; the others go on.
extern "C" __global__ void early_exit(const int *in, int *out, int limit) {
  __shared__ int s[256];
  int t = threadIdx.x;
  if (t >= limit)
    return;
  s[t] = in[t] * 3;
  __syncthreads();
  out[t] = s[limit - 1 - t] + t;
}

// barrier.sync without .aligned: the lanes of a warp wait at two different
// barrier instructions of the same barrier.
extern "C" __global__ void divergent_barrier(int *out) {
  __shared__ int s[128];
  int t = threadIdx.x;
  int v;
  if (t & 1) {
    s[t] = t;
    asm volatile("barrier.sync 0;" ::: "memory");
    v = s[t ^ 1] + 1000;
  } else {
    s[t] = -t;
    asm volatile("barrier.sync 0;" ::: "memory");
    v = s[t ^ 1] * 2;
  }
  out[t] = v;
}

// Barriers in a loop: values carried around the loop live across both.
extern "C" __global__ void loop_carried(const unsigned *in, unsigned *out,
                                        int iters) {
  __shared__ unsigned s[256];
  unsigned t = threadIdx.x, n = blockDim.x;
  unsigned acc = in[blockIdx.x * n + t];
  unsigned mix = t;
  for (int i = 0; i < iters; ++i) {
    s[t] = acc;
    __syncthreads();
    acc = acc * 3 + s[(t + i + 1) % n] - mix;
    mix ^= acc & 7;
    __syncthreads();
  }
  out[blockIdx.x * n + t] = acc + mix;
}

// A per-thread array indexed at run time (local memory) across barriers.
extern "C" __global__ void local_array(const int *in, int *out, int k) {
  __shared__ int s[128];
  int a[16];
  int t = threadIdx.x;
  for (int j = 0; j < 16; ++j)
    a[j] = in[t * 16 + j];
  s[t] = a[(t + k) & 15];
  __syncthreads();
  int x = s[(t + 1) % blockDim.x];
  a[x & 15] += x;
  __syncthreads();
  s[t] = a[(t * 7 + k) & 15];
  __syncthreads();
  out[t] = s[blockDim.x - 1 - t] + a[k & 15];
}

// Calls with frames on the thread's local stack, before and after a barrier.
__device__ __noinline__ int gather(const int *p, int n, int k) {
  int buf[8];
  for (int j = 0; j < 8; ++j)
    buf[j] = p[(j * k + j) % n];
  return buf[k & 7] + 2 * buf[(k + 3) & 7];
}

extern "C" __global__ void call_across(const int *in, int *out) {
  __shared__ int s[128];
  int t = threadIdx.x;
  s[t] = gather(in, blockDim.x, t);
  __syncthreads();
  out[t] = gather(s, blockDim.x, t + 1) + s[(t + 5) % blockDim.x];
}

// A device function with barriers, called twice.
__device__ __noinline__ int rotate(int *s, int v, int by) {
  int t = threadIdx.x;
  s[t] = v;
  __syncthreads();
  int r = s[(t + by) % blockDim.x];
  __syncthreads();
  return r;
}

extern "C" __global__ void sync_function(const int *in, int *out) {
  __shared__ int s[128];
  int t = threadIdx.x;
  int v = rotate(s, in[t], 1);
  v = rotate(s, v * 2 + t, 3);
  out[t] = v;
}

// A three-dimensional CTA.
extern "C" __global__ void block3d(int *out) {
  __shared__ int s[512];
  int lin = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  int n = blockDim.x * blockDim.y * blockDim.z;
  s[lin] = threadIdx.x + 10 * threadIdx.y + 100 * threadIdx.z +
           1000 * blockIdx.x;
  __syncthreads();
  out[blockIdx.x * n + lin] = s[n - 1 - lin];
}

// A trap after the barrier fails the launch.
extern "C" __global__ void trap_after_barrier(int *out, int bad) {
  __shared__ int s[64];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  if (threadIdx.x == bad)
    __trap();
  out[threadIdx.x] = s[63 - threadIdx.x];
}

// Atomics in a loop that does not wait for anyone: still region loops.
extern "C" __global__ void atomic_histogram(const unsigned char *data,
                                            unsigned *hist, int n) {
  __shared__ unsigned bins[16];
  if (threadIdx.x < 16)
    bins[threadIdx.x] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    atomicAdd(&bins[data[i] & 15], 1u);
  __syncthreads();
  if (threadIdx.x < 16)
    atomicAdd(&hist[threadIdx.x], bins[threadIdx.x]);
}

// A compare-and-swap loop leaves on the atomic's result: it may wait for
// another thread, so the kernel stays on the scheduler.
extern "C" __global__ void cas_max(const int *in, int *out) {
  __shared__ int best;
  if (threadIdx.x == 0)
    best = -2147483647 - 1;
  __syncthreads();
  int v = in[threadIdx.x] * 7 % 1000;
  int seen = best;
  while (seen < v) {
    int old = atomicCAS(&best, seen, v);
    if (old == seen)
      break;
    seen = old;
  }
  __syncthreads();
  if (threadIdx.x == 0)
    out[blockIdx.x] = best;
}
