// Kernels that call CUDA's device runtime: printf, assert, malloc and free
// (device_runtime.test). Regenerate the PTX with regen_ptx.sh.
#include <cassert>
#include <cstdio>

// Every conversion, flag, width, precision and length modifier that CUDA's
// printf documents ("%[flags][width][.precision][size]type", types
// cdiouxXpeEfgGaAs, sizes h l ll). One thread prints; out[0..] receives
// the return values (the number of arguments each call used).
extern "C" __global__ void formats(int *out, int i, unsigned u, long long ll,
                                   float f, double d, const char *null) {
  out[0] = printf("plain text, no arguments\n");
  out[1] = printf("d=%d i=%i u=%u o=%o x=%x X=%X\n", i, -i, u, u, u, u);
  out[2] = printf("flags=[%+d] [% d] [%-6d] [%06d] [%#x] [%#o]\n", i, i, i, i,
                  u, u);
  out[3] = printf("width=[%8.3d] [%*d] [%-*d] [%.*f]\n", i, 5, i, 5, i, 2, d);
  out[4] = printf("h=%hd hh=%hhd hu=%hu hhx=%hhx\n", (short)-2, (signed char)-3,
                  (unsigned short)65535, (unsigned char)255);
  out[5] = printf("ll=%lld llu=%llu llx=%llx l=%ld\n", ll, (unsigned long long)ll,
                  ll, (long)ll);
  out[6] = printf("f=%f e=%e E=%E g=%g G=%G a=%a\n", f, d, d, d, 1e-10, 1.0);
  out[7] = printf("prec=[%.3f] [%10.4e] [%-10.1f] [%.0f] [%g]\n", d, d, f, 2.5,
                  100000000.0);
  out[8] = printf("c=%c%c%c s=%s [%.3s] [%8s] [%-8s]|\n", 'x', 'y', 'z', "word",
                  "truncate", "right", "left");
  out[9] = printf("null=%s pct=%% %d%%\n", null, 50);
  out[10] = printf("special=%f %f %f %e\n", __int_as_float(0x7f800000),
                   -__int_as_float(0x7f800000), -0.0f, 0.0);
}

// Each thread prints one line: the order between threads is not specified.
extern "C" __global__ void threads(int base) {
  printf("block %d thread %d value %d\n", blockIdx.x, threadIdx.x,
         base + (int)(blockIdx.x * blockDim.x + threadIdx.x));
}

// assert(v[i] >= 0) for every element: the kernel fails at the first
// negative one.
extern "C" __global__ void checked(const int *v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    assert(v[i] >= 0);
}

// Every thread allocates a block of n ints, fills it, sums it and frees it;
// out[i] = the sum, and out[n_threads + i] = whether the block was 16-byte
// aligned.
extern "C" __global__ void heap(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int total = gridDim.x * blockDim.x;
  int *p = (int *)malloc(n * sizeof(int));
  if (!p) {
    out[i] = -1;
    return;
  }
  for (int k = 0; k < n; ++k)
    p[k] = i * k;
  int sum = 0;
  for (int k = 0; k < n; ++k)
    sum += p[k];
  out[i] = sum;
  out[total + i] = ((unsigned long long)p % 16) == 0;
  free(p);
}

// Asks for more than the heap holds: malloc returns null. Then a block that
// fits, which must still be available.
extern "C" __global__ void exhaust(unsigned long long *out,
                                  unsigned long long bytes) {
  void *big = malloc(bytes);
  out[0] = big == nullptr;
  void *small = malloc(64);
  out[1] = small != nullptr;
  free(small);
  free(big);
  free(nullptr);
}

// One block shared through a global pointer: thread 0 allocates it, the
// CTA fills it after a barrier, thread 0 frees it after another.
extern "C" __global__ void shared_block(int *out) {
  __shared__ int *block;
  if (threadIdx.x == 0)
    block = (int *)malloc(blockDim.x * sizeof(int));
  __syncthreads();
  block[threadIdx.x] = threadIdx.x * 3;
  __syncthreads();
  if (threadIdx.x == 0) {
    int sum = 0;
    for (unsigned k = 0; k < blockDim.x; ++k)
      sum += block[k];
    out[blockIdx.x] = sum;
    free(block);
  }
}

// Seeded bugs for checked mode: a write one element past a heap block, and
// a read of a block after it was freed.
extern "C" __global__ void heap_overflow(int n) {
  int *p = (int *)malloc(n * sizeof(int));
  p[n] = 1;
  free(p);
}

extern "C" __global__ void heap_use_after_free(int *out) {
  int *p = (int *)malloc(4 * sizeof(int));
  p[0] = 7;
  free(p);
  out[0] = p[0];
}
