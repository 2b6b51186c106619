// Device malloc, free, new[], delete[], memset and memcpy in kernels: every
// thread allocates 16-byte aligned blocks of its own from the device heap;
// blocks one thread allocates for its whole CTA (through shared memory)
// outlive the kernel, and a later kernel reads and frees them.
// REQUIRES: nvcc
// RUN: %cuda_build
// RUN: %cuda_run %t.static | FileCheck %s
// RUN: %cuda_run %t.shared | FileCheck %s
// CHECK: per-thread blocks: 256 threads match
// CHECK-NEXT: new/delete: 256 threads match
// CHECK-NEXT: blocks across launches: 4 CTAs of 64 match
// CHECK-NEXT: last error: no error

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t err_ = (call);                                                 \
    if (err_ != cudaSuccess) {                                                 \
      std::printf("%s:%d: %s: %s\n", __FILE__, __LINE__, #call,                \
                  cudaGetErrorString(err_));                                   \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

// Flags a thread reports; 0 when everything held.
enum : int {
  kNull = 1,
  kMisaligned = 2,
  kNotZeroed = 4,
  kNotSet = 8,
};

__host__ __device__ int countOf(int i) { return 1 + i % 37; }

// malloc, memset to 0, fill, memcpy into a second block, memset the first to
// 0xff, sum the copy, free both.
__global__ void per_thread(long long *sums, int *flags) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int n = countOf(i);
  int flag = 0;
  int *a = static_cast<int *>(malloc(n * sizeof(int)));
  int *b = static_cast<int *>(malloc(n * sizeof(int)));
  if (!a || !b) {
    flags[i] = kNull;
    return;
  }
  if (reinterpret_cast<uintptr_t>(a) % 16 || reinterpret_cast<uintptr_t>(b) % 16)
    flag |= kMisaligned;
  memset(a, 0, n * sizeof(int));
  for (int j = 0; j < n; ++j) {
    if (a[j] != 0)
      flag |= kNotZeroed;
    a[j] = i * 1000 + j;
  }
  memcpy(b, a, n * sizeof(int));
  memset(a, 0xff, n * sizeof(int));
  long long sum = 0;
  for (int j = 0; j < n; ++j) {
    if (a[j] != -1)
      flag |= kNotSet;
    sum += b[j];
  }
  free(a);
  free(b);
  sums[i] = sum;
  flags[i] = flag;
}

// C++ new[] and delete[] of doubles.
__global__ void with_new(double *out, int *flags) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int n = countOf(i);
  double *v = new double[n];
  if (!v) {
    flags[i] = kNull;
    return;
  }
  for (int j = 0; j < n; ++j)
    v[j] = 0.5 * (i + j);
  double total = 0;
  for (int j = 0; j < n; ++j)
    total += v[j];
  delete[] v;
  out[i] = total;
  flags[i] = 0;
}

// Thread 0 of each CTA allocates a block for the CTA; each thread writes its
// element; the pointer goes to global memory for the next kernel.
__global__ void cta_allocate(int **blocks) {
  __shared__ int *shared;
  if (threadIdx.x == 0) {
    shared = static_cast<int *>(malloc(blockDim.x * sizeof(int)));
    blocks[blockIdx.x] = shared;
  }
  __syncthreads();
  if (shared)
    shared[threadIdx.x] = int(blockIdx.x * 100 + threadIdx.x * 3);
}

// Reads the blocks a previous launch allocated, then frees them.
__global__ void cta_read_and_free(int **blocks, int *out) {
  int *block = blocks[blockIdx.x];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = block ? block[blockDim.x - 1 - threadIdx.x] : -1;
  __syncthreads();
  if (threadIdx.x == 0 && block)
    free(block);
}

int main() {
  const int blocks = 4, threads = 64, n = blocks * threads;
  long long *dsums;
  double *dtotals;
  int *dflags, *dout, **dblocks;
  CHECK(cudaMalloc(&dsums, n * sizeof(long long)));
  CHECK(cudaMalloc(&dtotals, n * sizeof(double)));
  CHECK(cudaMalloc(&dflags, n * sizeof(int)));
  CHECK(cudaMalloc(&dout, n * sizeof(int)));
  CHECK(cudaMalloc(&dblocks, blocks * sizeof(int *)));
  std::vector<long long> sums(n);
  std::vector<double> totals(n);
  std::vector<int> flags(n), out(n);

  CHECK(cudaMemset(dflags, 0x7f, n * sizeof(int)));
  per_thread<<<blocks, threads>>>(dsums, dflags);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(sums.data(), dsums, n * sizeof(long long),
                   cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(flags.data(), dflags, n * sizeof(int),
                   cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) {
    long long c = countOf(i);
    long long expected = c * i * 1000 + c * (c - 1) / 2;
    if (flags[i] != 0 || sums[i] != expected) {
      std::printf("per-thread blocks: thread %d: flags %d, sum %lld, "
                  "expected %lld\n", i, flags[i], sums[i], expected);
      return 1;
    }
  }
  std::printf("per-thread blocks: %d threads match\n", n);

  CHECK(cudaMemset(dflags, 0x7f, n * sizeof(int)));
  with_new<<<blocks, threads>>>(dtotals, dflags);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(totals.data(), dtotals, n * sizeof(double),
                   cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(flags.data(), dflags, n * sizeof(int),
                   cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) {
    double expected = 0;
    for (int j = 0; j < countOf(i); ++j)
      expected += 0.5 * (i + j);
    if (flags[i] != 0 || totals[i] != expected) {
      std::printf("new/delete: thread %d: flags %d, total %g, expected %g\n",
                  i, flags[i], totals[i], expected);
      return 1;
    }
  }
  std::printf("new/delete: %d threads match\n", n);

  cta_allocate<<<blocks, threads>>>(dblocks);
  CHECK(cudaGetLastError());
  cta_read_and_free<<<blocks, threads>>>(dblocks, dout);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(out.data(), dout, n * sizeof(int), cudaMemcpyDeviceToHost));
  for (int b = 0; b < blocks; ++b) {
    for (int t = 0; t < threads; ++t) {
      int expected = b * 100 + (threads - 1 - t) * 3;
      if (out[b * threads + t] != expected) {
        std::printf("blocks across launches: CTA %d thread %d: %d, "
                    "expected %d\n", b, t, out[b * threads + t], expected);
        return 1;
      }
    }
  }
  std::printf("blocks across launches: %d CTAs of %d match\n", blocks,
              threads);
  CHECK(cudaFree(dsums));
  CHECK(cudaFree(dtotals));
  CHECK(cudaFree(dflags));
  CHECK(cudaFree(dout));
  CHECK(cudaFree(dblocks));
  std::printf("last error: %s\n", cudaGetErrorString(cudaGetLastError()));
  return 0;
}
