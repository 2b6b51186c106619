// Memory errors a GPU reports: cudaMemcpy from or to a null pointer or past
// the end of an allocation and cudaMemset of a null pointer are
// cudaErrorInvalidValue, an invalid copy kind is
// cudaErrorInvalidMemcpyDirection, cudaFree of a host, interior or
// already-freed pointer and cudaFreeHost of device memory are
// cudaErrorInvalidValue, an impossible cudaMalloc is cudaErrorMemoryAllocation,
// and cudaFree(nullptr) succeeds. None of them is sticky: cudaPeekAtLastError
// reports the error, cudaGetLastError reports and clears it, and the device
// keeps working.
// REQUIRES: nvcc
// RUN: %cuda_build
// RUN: %cuda_run %t.static | FileCheck %s
// RUN: %cuda_run %t.shared | FileCheck %s
// CHECK: errors: memcpy DtoH from null: cudaErrorInvalidValue (last cudaErrorInvalidValue, then cudaSuccess)
// CHECK-NEXT: errors: memcpy HtoD from null: cudaErrorInvalidValue (last cudaErrorInvalidValue, then cudaSuccess)
// CHECK-NEXT: errors: memcpy DtoH past the end: cudaErrorInvalidValue (last cudaErrorInvalidValue, then cudaSuccess)
// CHECK-NEXT: errors: memcpy HtoD past the end: cudaErrorInvalidValue (last cudaErrorInvalidValue, then cudaSuccess)
// CHECK-NEXT: errors: memcpy DtoD past the end: cudaErrorInvalidValue (last cudaErrorInvalidValue, then cudaSuccess)
// CHECK-NEXT: errors: memcpy with bad kind: cudaErrorInvalidMemcpyDirection (last cudaErrorInvalidMemcpyDirection, then cudaSuccess)
// CHECK-NEXT: errors: memset of null: cudaErrorInvalidValue (last cudaErrorInvalidValue, then cudaSuccess)
// CHECK-NEXT: errors: cudaFree of host memory: cudaErrorInvalidValue (last cudaErrorInvalidValue, then cudaSuccess)
// CHECK-NEXT: errors: cudaFree of interior pointer: cudaErrorInvalidValue (last cudaErrorInvalidValue, then cudaSuccess)
// CHECK-NEXT: errors: cudaFree twice: cudaErrorInvalidValue (last cudaErrorInvalidValue, then cudaSuccess)
// CHECK-NEXT: errors: cudaFreeHost of device memory: cudaErrorInvalidValue (last cudaErrorInvalidValue, then cudaSuccess)
// CHECK-NEXT: errors: cudaMalloc of 2^60 bytes: cudaErrorMemoryAllocation (last cudaErrorMemoryAllocation, then cudaSuccess)
// CHECK-NEXT: errors: cudaFree(nullptr): cudaSuccess (last cudaSuccess, then cudaSuccess)
// CHECK-NEXT: errors: peek: cudaErrorInvalidValue, peek again: cudaErrorInvalidValue, get: cudaErrorInvalidValue, then cudaSuccess
// CHECK-NEXT: errors: device still works: 1024 elements match
// CHECK-NEXT: last error: cudaSuccess

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

// Prints the error a call returned and what cudaGetLastError says twice:
// the same error, then cudaSuccess once it is cleared.
static void report(const char *what, cudaError_t err) {
  cudaError_t last = cudaGetLastError();
  cudaError_t cleared = cudaGetLastError();
  std::printf("errors: %s: %s (last %s, then %s)\n", what,
              cudaGetErrorName(err), cudaGetErrorName(last),
              cudaGetErrorName(cleared));
}

__global__ void twice(const int *in, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = 2 * in[i];
}

int main() {
  const size_t small = 4096;
  const size_t huge = size_t(64) << 20;
  char *d, *d2;
  CHECK(cudaMalloc(&d, small));
  CHECK(cudaMalloc(&d2, small));
  std::vector<char> host(huge, 1);

  report("memcpy DtoH from null",
         cudaMemcpy(host.data(), nullptr, 64, cudaMemcpyDeviceToHost));
  report("memcpy HtoD from null",
         cudaMemcpy(d, nullptr, 64, cudaMemcpyHostToDevice));
  // 64 MiB from or into a 4 KiB allocation.
  report("memcpy DtoH past the end",
         cudaMemcpy(host.data(), d, huge, cudaMemcpyDeviceToHost));
  report("memcpy HtoD past the end",
         cudaMemcpy(d, host.data(), huge, cudaMemcpyHostToDevice));
  report("memcpy DtoD past the end",
         cudaMemcpy(d2, d, huge, cudaMemcpyDeviceToDevice));
  report("memcpy with bad kind",
         cudaMemcpy(d, host.data(), 64, static_cast<cudaMemcpyKind>(7)));
  report("memset of null", cudaMemset(nullptr, 0, 64));

  void *plain = std::malloc(256);
  report("cudaFree of host memory", cudaFree(plain));
  std::free(plain);
  report("cudaFree of interior pointer", cudaFree(d + 256));
  CHECK(cudaFree(d2));
  report("cudaFree twice", cudaFree(d2));
  report("cudaFreeHost of device memory", cudaFreeHost(d));
  void *impossible = nullptr;
  report("cudaMalloc of 2^60 bytes",
         cudaMalloc(&impossible, size_t(1) << 60));
  report("cudaFree(nullptr)", cudaFree(nullptr));

  // cudaPeekAtLastError does not clear; cudaGetLastError does.
  cudaFree(host.data());
  cudaError_t peek1 = cudaPeekAtLastError();
  cudaError_t peek2 = cudaPeekAtLastError();
  cudaError_t get1 = cudaGetLastError();
  cudaError_t get2 = cudaGetLastError();
  std::printf("errors: peek: %s, peek again: %s, get: %s, then %s\n",
              cudaGetErrorName(peek1), cudaGetErrorName(peek2),
              cudaGetErrorName(get1), cudaGetErrorName(get2));

  // Nothing above was sticky: copies and kernels still work.
  const int n = 1024;
  std::vector<int> in(n), out(n, 0);
  for (int i = 0; i < n; ++i)
    in[i] = i * 5 - 77;
  int *din = reinterpret_cast<int *>(d);
  int *dout;
  CHECK(cudaMalloc(&dout, n * sizeof(int)));
  CHECK(cudaMemcpy(din, in.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  twice<<<n / 128, 128>>>(din, dout, n);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(out.data(), dout, n * sizeof(int), cudaMemcpyDeviceToHost));
  int bad = 0;
  for (int i = 0; i < n; ++i)
    bad += out[i] != 2 * in[i];
  if (bad) {
    std::printf("errors: device after errors: %d mismatches\n", bad);
    return 1;
  }
  std::printf("errors: device still works: %d elements match\n", n);
  CHECK(cudaFree(d));
  CHECK(cudaFree(dout));
  std::printf("last error: %s\n", cudaGetErrorName(cudaGetLastError()));
  return 0;
}
