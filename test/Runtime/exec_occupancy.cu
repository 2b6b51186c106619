// Occupancy API: cudaOccupancyMaxActiveBlocksPerMultiprocessor for several
// block sizes and dynamic shared memory amounts, cudaOccupancyMaxPotentialBlockSize
// (with and without a block size limit and __launch_bounds__), and
// cudaOccupancyAvailableDynamicSMemPerBlock, checked for consistency with the
// device limits rather than against one GPU's numbers; a launch with the
// suggested configuration computes the right result.
// REQUIRES: nvcc
// RUN: %cuda_build
// RUN: %cuda_run %t.static | FileCheck %s
// RUN: %cuda_run %t.shared | FileCheck %s
// CHECK: max active blocks within thread, block and register limits for 6 block sizes
// CHECK-NEXT: max active blocks within shared memory limits for 3 sizes
// CHECK-NEXT: max potential block size: consistent with max active blocks and grid
// CHECK-NEXT: block size limit 96 respected
// CHECK-NEXT: __launch_bounds__(128) respected
// CHECK-NEXT: available dynamic shared memory per block within limits
// CHECK-NEXT: launch with suggested configuration: 100000 elements match
// CHECK-NEXT: last error: no error

#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t err_ = (call);                                                 \
    if (err_ != cudaSuccess) {                                                 \
      std::printf("%s:%d: %s: %s (%s)\n", __FILE__, __LINE__, #call,           \
                  cudaGetErrorName(err_), cudaGetErrorString(err_));           \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

__global__ void saxpy(float a, const float *x, float *y, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += gridDim.x * blockDim.x)
    y[i] = a * x[i] + y[i];
}

__global__ void sharedUser(float *out) {
  extern __shared__ float buf[];
  buf[threadIdx.x] = float(threadIdx.x);
  __syncthreads();
  out[threadIdx.x] = buf[blockDim.x - 1 - threadIdx.x];
}

__global__ void __launch_bounds__(128) bounded(int *out) {
  out[blockIdx.x * blockDim.x + threadIdx.x] = threadIdx.x;
}

static void fail(const char *what) {
  std::printf("FAIL: %s\n", what);
  std::exit(1);
}

int main() {
  int dev;
  CHECK(cudaGetDevice(&dev));
  cudaDeviceProp p;
  CHECK(cudaGetDeviceProperties(&p, dev));

  cudaFuncAttributes fa;
  CHECK(cudaFuncGetAttributes(&fa, saxpy));
  const int sizes[] = {32, 64, 128, 256, 512, 1024};
  for (int bs : sizes) {
    int blocks = -1;
    CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, saxpy, bs, 0));
    if (blocks < 1 || blocks > p.maxBlocksPerMultiProcessor ||
        blocks * bs > p.maxThreadsPerMultiProcessor ||
        (long long)blocks * bs * fa.numRegs > p.regsPerMultiprocessor) {
      std::printf("block size %d: %d blocks per SM (max blocks %d, threads "
                  "%d, regs %d x %d)\n",
                  bs, blocks, p.maxBlocksPerMultiProcessor,
                  p.maxThreadsPerMultiProcessor, fa.numRegs,
                  p.regsPerMultiprocessor);
      return 1;
    }
    // A small kernel is limited by threads or blocks: the SM is full.
    int full = p.maxThreadsPerMultiProcessor / bs;
    if (full > p.maxBlocksPerMultiProcessor)
      full = p.maxBlocksPerMultiProcessor;
    if (fa.numRegs <= 32 && blocks != full) {
      std::printf("block size %d: %d blocks per SM, expected %d\n", bs, blocks,
                  full);
      return 1;
    }
  }
  std::printf("max active blocks within thread, block and register limits for "
              "6 block sizes\n");

  // Dynamic shared memory limits the number of resident blocks.
  const size_t smem[] = {1024, 16 * 1024, 40 * 1024};
  int previous = 1 << 30;
  for (size_t s : smem) {
    int blocks = -1;
    CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, sharedUser,
                                                        128, s));
    if (blocks < 1 || blocks * s > p.sharedMemPerMultiprocessor ||
        blocks > previous) {
      std::printf("%zu bytes: %d blocks per SM (%zu bytes per SM)\n", s,
                  blocks, p.sharedMemPerMultiprocessor);
      return 1;
    }
    previous = blocks;
  }
  std::printf("max active blocks within shared memory limits for 3 sizes\n");

  int minGrid = -1, bs = -1;
  CHECK(cudaOccupancyMaxPotentialBlockSize(&minGrid, &bs, saxpy, 0, 0));
  int atBs = -1;
  CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&atBs, saxpy, bs, 0));
  if (bs < 1 || bs > p.maxThreadsPerBlock || bs > fa.maxThreadsPerBlock ||
      bs % p.warpSize != 0 || minGrid != atBs * p.multiProcessorCount) {
    std::printf("max potential block size %d, min grid %d, %d blocks at that "
                "size, %d SMs\n",
                bs, minGrid, atBs, p.multiProcessorCount);
    return 1;
  }
  // No block size gives more resident threads per SM.
  for (int t = p.warpSize; t <= p.maxThreadsPerBlock; t += p.warpSize) {
    int b = 0;
    CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&b, saxpy, t, 0));
    if (b * t > atBs * bs) {
      std::printf("block size %d has %d threads per SM, %d has %d\n", t, b * t,
                  bs, atBs * bs);
      return 1;
    }
  }
  std::printf("max potential block size: consistent with max active blocks "
              "and grid\n");

  int minGrid96 = -1, bs96 = -1;
  CHECK(cudaOccupancyMaxPotentialBlockSize(&minGrid96, &bs96, saxpy, 0, 96));
  if (bs96 < 1 || bs96 > 96 || minGrid96 < p.multiProcessorCount)
    fail("block size limit");
  std::printf("block size limit %d respected\n", 96);

  cudaFuncAttributes fb;
  CHECK(cudaFuncGetAttributes(&fb, bounded));
  int minGridB = -1, bsB = -1;
  CHECK(cudaOccupancyMaxPotentialBlockSize(&minGridB, &bsB, bounded, 0, 0));
  if (fb.maxThreadsPerBlock != 128 || bsB < 1 || bsB > 128) {
    std::printf("__launch_bounds__(128): maxThreadsPerBlock %d, suggested "
                "%d\n",
                fb.maxThreadsPerBlock, bsB);
    return 1;
  }
  std::printf("__launch_bounds__(128) respected\n");

  size_t avail1 = 0, avail4 = 0;
  CHECK(cudaOccupancyAvailableDynamicSMemPerBlock(&avail1, sharedUser, 1, 128));
  CHECK(cudaOccupancyAvailableDynamicSMemPerBlock(&avail4, sharedUser, 4, 128));
  if (avail1 == 0 || avail1 > p.sharedMemPerBlockOptin || avail4 > avail1 ||
      avail4 * 4 > p.sharedMemPerMultiprocessor) {
    std::printf("available dynamic shared memory: %zu (1 block) %zu (4 "
                "blocks), opt-in %zu, per SM %zu\n",
                avail1, avail4, p.sharedMemPerBlockOptin,
                p.sharedMemPerMultiprocessor);
    return 1;
  }
  std::printf("available dynamic shared memory per block within limits\n");

  // The suggested configuration runs.
  const int n = 100000;
  std::vector<float> x(n), y(n);
  for (int i = 0; i < n; ++i) {
    x[i] = float(i % 1000);
    y[i] = float(i % 7);
  }
  float *dx, *dy;
  CHECK(cudaMalloc(&dx, n * sizeof(float)));
  CHECK(cudaMalloc(&dy, n * sizeof(float)));
  CHECK(cudaMemcpy(dx, x.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dy, y.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  saxpy<<<minGrid, bs>>>(2.0f, dx, dy, n);
  CHECK(cudaGetLastError());
  std::vector<float> got(n);
  CHECK(cudaMemcpy(got.data(), dy, n * sizeof(float), cudaMemcpyDeviceToHost));
  int bad = 0;
  for (int i = 0; i < n; ++i)
    bad += got[i] != 2.0f * x[i] + y[i];
  if (bad) {
    std::printf("launch with suggested configuration: %d mismatches\n", bad);
    return 1;
  }
  std::printf("launch with suggested configuration: %d elements match\n", n);
  CHECK(cudaFree(dx));
  CHECK(cudaFree(dy));
  std::printf("last error: %s\n", cudaGetErrorString(cudaGetLastError()));
  return 0;
}
