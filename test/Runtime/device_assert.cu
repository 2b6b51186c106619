// Device assert: a kernel whose assert fails in exactly one thread prints
// "file:line: function: block: [x,y,z], thread: [x,y,z] Assertion `expr`
// failed." on stderr; cudaDeviceSynchronize returns cudaErrorAssert, and the
// error is sticky: later runtime calls fail with it too.
// REQUIRES: nvcc
// RUN: %cuda_build
// RUN: %cuda_run %t.static 2>&1 | FileCheck %s
// RUN: %cuda_run %t.shared 2>&1 | FileCheck %s
// CHECK: passing kernel: 64 values checked
// The message comes at the synchronization after the launch, on stderr.
// CHECK-NEXT: failing kernel launched

#include <cassert>
#include <cstdio>
#include <cstdlib>
#include <cstring>
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

// Counts the values that pass, and asserts that every value is below 100.
__global__ void check_below_100(const int *values, int *passed) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // CHECK-NEXT: {{.*}}device_assert.cu:[[# @LINE + 1]]: void check_below_100(const int *, int *): block: [1,0,0], thread: [5,0,0] Assertion `values[i] < 100` failed.
  assert(values[i] < 100);
  atomicAdd(passed, 1);
}
// CHECK: cudaDeviceSynchronize: cudaErrorAssert (device-side assert triggered)
// CHECK-NEXT: sticky: cudaDeviceSynchronize cudaErrorAssert
// CHECK-NEXT: sticky: cudaMalloc cudaErrorAssert
// CHECK-NEXT: sticky: cudaMemcpy cudaErrorAssert
// CHECK-NEXT: sticky: launch cudaErrorAssert
// CHECK-NEXT: sticky: cudaGetLastError cudaErrorAssert
// CHECK-NEXT: device_assert: ok

static int expect(const char *what, cudaError_t err) {
  std::printf("sticky: %s %s\n", what, cudaGetErrorName(err));
  std::fflush(stdout);
  return err == cudaErrorAssert ? 0 : 1;
}

int main() {
  const int blocks = 2, threads = 32, n = blocks * threads;
  std::vector<int> values(n);
  for (int i = 0; i < n; ++i)
    values[i] = i;
  int *dvalues, *dpassed;
  CHECK(cudaMalloc(&dvalues, n * sizeof(int)));
  CHECK(cudaMalloc(&dpassed, sizeof(int)));

  // Every value is below 100: no assert fails.
  CHECK(cudaMemcpy(dvalues, values.data(), n * sizeof(int),
                   cudaMemcpyHostToDevice));
  CHECK(cudaMemset(dpassed, 0, sizeof(int)));
  check_below_100<<<blocks, threads>>>(dvalues, dpassed);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  int passed = 0;
  CHECK(cudaMemcpy(&passed, dpassed, sizeof(int), cudaMemcpyDeviceToHost));
  if (passed != n) {
    std::printf("passing kernel: %d of %d values checked\n", passed, n);
    return 1;
  }
  std::printf("passing kernel: %d values checked\n", passed);
  std::fflush(stdout);

  // Block 1, thread 5 (element 37) holds 1000: its assert fails.
  values[37] = 1000;
  CHECK(cudaMemcpy(dvalues, values.data(), n * sizeof(int),
                   cudaMemcpyHostToDevice));
  check_below_100<<<blocks, threads>>>(dvalues, dpassed);
  std::printf("failing kernel launched\n");
  std::fflush(stdout);
  cudaError_t err = cudaDeviceSynchronize();
  std::printf("cudaDeviceSynchronize: %s (%s)\n", cudaGetErrorName(err),
              cudaGetErrorString(err));
  std::fflush(stdout);
  if (err != cudaErrorAssert)
    return 1;

  // The context is unusable: every later call reports the assert.
  int bad = 0;
  bad += expect("cudaDeviceSynchronize", cudaDeviceSynchronize());
  void *p = nullptr;
  bad += expect("cudaMalloc", cudaMalloc(&p, 256));
  bad += expect("cudaMemcpy", cudaMemcpy(values.data(), dvalues,
                                         n * sizeof(int),
                                         cudaMemcpyDeviceToHost));
  check_below_100<<<1, 1>>>(dvalues, dpassed);
  bad += expect("launch", cudaPeekAtLastError());
  bad += expect("cudaGetLastError", cudaGetLastError());
  if (bad) {
    std::printf("device_assert: %d calls did not report the assert\n", bad);
    return 1;
  }
  std::printf("device_assert: ok\n");
  return 0;
}
