// Cooperative launch: cudaDevAttrCooperativeLaunch, cudaLaunchCooperativeKernel
// of a grid sized from the occupancy API, cooperative_groups::this_grid()
// (size, thread_rank, is_valid) and grid.sync() between phases that read
// other blocks' results, also through cudaLaunchKernelEx with
// cudaLaunchAttributeCooperative; a grid larger than can be co-resident is
// refused with cudaErrorCooperativeLaunchTooLarge.
// REQUIRES: nvcc
// RUN: %cuda_build
// RUN: %cuda_run %t.static | FileCheck %s
// RUN: %cuda_run %t.shared | FileCheck %s
// CHECK: cooperative launch supported: 1
// CHECK-NEXT: grid: valid, size and ranks match
// CHECK-NEXT: cudaLaunchCooperativeKernel: 4 phases, 2048 elements match
// CHECK-NEXT: cudaLaunchKernelEx cooperative: 4 phases, 2048 elements match
// CHECK-NEXT: too large grid: cudaErrorCooperativeLaunchTooLarge
// CHECK-NEXT: last error: no error

#include <cooperative_groups.h>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace cg = cooperative_groups;

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t err_ = (call);                                                 \
    if (err_ != cudaSuccess) {                                                 \
      std::printf("%s:%d: %s: %s (%s)\n", __FILE__, __LINE__, #call,           \
                  cudaGetErrorName(err_), cudaGetErrorString(err_));           \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

const int kPhases = 4;

// Each phase replaces every element by a combination of its neighbours,
// which live in other blocks at block boundaries; grid.sync() separates
// the reads of one phase from the writes of the next.
__global__ void stencil(int *a, int *b, int *info) {
  cg::grid_group grid = cg::this_grid();
  int n = grid.size();
  int i = grid.thread_rank();
  if (i == 0) {
    info[0] = grid.is_valid();
    info[1] = int(grid.size());
  }
  // thread_rank must be the linear global id.
  if (int(blockIdx.x * blockDim.x + threadIdx.x) != i)
    atomicAdd(&info[2], 1);
  a[i] = i * 3 + 1;
  for (int p = 0; p < kPhases; ++p) {
    grid.sync();
    int left = a[(i + n - 1) % n], right = a[(i + 1) % n];
    b[i] = left + 2 * a[i] - right + p;
    grid.sync();
    a[i] = b[i];
  }
}

static std::vector<int> reference(int n) {
  std::vector<int> a(n), b(n);
  for (int i = 0; i < n; ++i)
    a[i] = i * 3 + 1;
  for (int p = 0; p < kPhases; ++p) {
    for (int i = 0; i < n; ++i)
      b[i] = a[(i + n - 1) % n] + 2 * a[i] - a[(i + 1) % n] + p;
    a = b;
  }
  return a;
}

int main() {
  int dev;
  CHECK(cudaGetDevice(&dev));
  int coop = 0, sms = 0;
  CHECK(cudaDeviceGetAttribute(&coop, cudaDevAttrCooperativeLaunch, dev));
  CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
  std::printf("cooperative launch supported: %d\n", coop);
  if (coop != 1)
    return 1;

  const int threads = 256;
  int perSM = 0;
  CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSM, stencil, threads,
                                                      0));
  int maxBlocks = perSM * sms;
  const int blocks = 8;
  if (maxBlocks < blocks) {
    std::printf("only %d co-resident blocks (%d per SM, %d SMs)\n", maxBlocks,
                perSM, sms);
    return 1;
  }
  const int n = blocks * threads;
  int *a, *b, *info;
  CHECK(cudaMalloc(&a, n * sizeof(int)));
  CHECK(cudaMalloc(&b, n * sizeof(int)));
  CHECK(cudaMalloc(&info, 3 * sizeof(int)));
  CHECK(cudaMemset(info, 0, 3 * sizeof(int)));
  std::vector<int> want = reference(n), got(n);

  void *args[] = {&a, &b, &info};
  CHECK(cudaLaunchCooperativeKernel((const void *)stencil, dim3(blocks),
                                    dim3(threads), args, 0, nullptr));
  CHECK(cudaDeviceSynchronize());
  int hinfo[3];
  CHECK(cudaMemcpy(hinfo, info, sizeof hinfo, cudaMemcpyDeviceToHost));
  if (hinfo[0] != 1 || hinfo[1] != n || hinfo[2] != 0) {
    std::printf("grid: is_valid %d size %d (want %d), %d bad ranks\n",
                hinfo[0], hinfo[1], n, hinfo[2]);
    return 1;
  }
  std::printf("grid: valid, size and ranks match\n");
  CHECK(cudaMemcpy(got.data(), a, n * sizeof(int), cudaMemcpyDeviceToHost));
  int bad = 0;
  for (int i = 0; i < n; ++i)
    bad += got[i] != want[i];
  if (bad) {
    std::printf("cudaLaunchCooperativeKernel: %d mismatches\n", bad);
    return 1;
  }
  std::printf("cudaLaunchCooperativeKernel: %d phases, %d elements match\n",
              kPhases, n);

  // The same through cudaLaunchKernelEx with the cooperative attribute.
  CHECK(cudaMemset(a, 0, n * sizeof(int)));
  CHECK(cudaMemset(info, 0, 3 * sizeof(int)));
  cudaLaunchAttribute attr;
  attr.id = cudaLaunchAttributeCooperative;
  attr.val.cooperative = 1;
  cudaLaunchConfig_t cfg = {};
  cfg.gridDim = dim3(blocks);
  cfg.blockDim = dim3(threads);
  cfg.attrs = &attr;
  cfg.numAttrs = 1;
  CHECK(cudaLaunchKernelEx(&cfg, stencil, a, b, info));
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(got.data(), a, n * sizeof(int), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(hinfo, info, sizeof hinfo, cudaMemcpyDeviceToHost));
  bad = hinfo[0] != 1 || hinfo[1] != n || hinfo[2] != 0;
  for (int i = 0; i < n; ++i)
    bad += got[i] != want[i];
  if (bad) {
    std::printf("cudaLaunchKernelEx cooperative: %d mismatches\n", bad);
    return 1;
  }
  std::printf("cudaLaunchKernelEx cooperative: %d phases, %d elements match\n",
              kPhases, n);

  // One block more than can be resident at once is refused.
  cudaError_t e = cudaLaunchCooperativeKernel(
      (const void *)stencil, dim3(maxBlocks + 1), dim3(threads), args, 0,
      nullptr);
  std::printf("too large grid: %s\n", cudaGetErrorName(e));
  if (e != cudaErrorCooperativeLaunchTooLarge)
    return 1;
  (void)cudaGetLastError();

  CHECK(cudaFree(a));
  CHECK(cudaFree(b));
  CHECK(cudaFree(info));
  std::printf("last error: %s\n", cudaGetErrorString(cudaGetLastError()));
  return 0;
}
