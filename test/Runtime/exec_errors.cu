// Error reporting: invalid launch configurations report
// cudaErrorInvalidConfiguration through cudaGetLastError, which then clears
// it, while cudaPeekAtLastError does not; such errors are not sticky and
// later launches work. cudaFuncSetAttribute beyond the opt-in shared memory
// limit is cudaErrorInvalidValue. A kernel that executes `trap` makes
// cudaDeviceSynchronize return cudaErrorLaunchFailure (719, "unspecified
// launch failure"), which is sticky: it stays after cudaGetLastError.
// REQUIRES: nvcc
// RUN: %cuda_build
// RUN: %cuda_run %t.static | FileCheck %s
// RUN: %cuda_run %t.shared | FileCheck %s
// CHECK: 1025 threads per block: cudaErrorInvalidConfiguration, then cudaSuccess
// CHECK-NEXT: block (1,1,65): cudaErrorInvalidConfiguration, then cudaSuccess
// CHECK-NEXT: grid (1,65536,1): cudaErrorInvalidConfiguration, then cudaSuccess
// CHECK-NEXT: grid (0,1,1): cudaErrorInvalidConfiguration, then cudaSuccess
// CHECK-NEXT: peek: cudaErrorInvalidConfiguration cudaErrorInvalidConfiguration, get: cudaErrorInvalidConfiguration, peek after get: cudaSuccess
// CHECK-NEXT: valid launch after errors: 256 elements match
// CHECK-NEXT: max dynamic shared memory above opt-in: cudaErrorInvalidValue
// CHECK-NEXT: error name/string: cudaErrorLaunchFailure "unspecified launch failure" 719
// CHECK-NEXT: trap: cudaDeviceSynchronize cudaErrorLaunchFailure
// CHECK-NEXT: sticky: cudaGetLastError cudaErrorLaunchFailure, cudaDeviceSynchronize cudaErrorLaunchFailure, cudaMemcpy cudaErrorLaunchFailure

#include <cstdio>
#include <cstdlib>
#include <cstring>

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t err_ = (call);                                                 \
    if (err_ != cudaSuccess) {                                                 \
      std::printf("%s:%d: %s: %s (%s)\n", __FILE__, __LINE__, #call,           \
                  cudaGetErrorName(err_), cudaGetErrorString(err_));           \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

__global__ void fill(int *x, int v) {
  x[blockIdx.x * blockDim.x + threadIdx.x] = v + threadIdx.x;
}

__global__ void trapper(int *x) {
  if (threadIdx.x == 0)
    asm volatile("trap;");
  x[threadIdx.x] = 1;
}

__global__ void bigShared(int *x) {
  extern __shared__ int buf[];
  buf[threadIdx.x] = 1;
  x[threadIdx.x] = buf[threadIdx.x];
}

static bool badLaunch(const char *what, dim3 grid, dim3 block, int *d) {
  fill<<<grid, block>>>(d, 0);
  cudaError_t first = cudaGetLastError();
  cudaError_t second = cudaGetLastError();
  std::printf("%s: %s, then %s\n", what, cudaGetErrorName(first),
              cudaGetErrorName(second));
  return first == cudaErrorInvalidConfiguration && second == cudaSuccess;
}

int main() {
  int *d;
  CHECK(cudaMalloc(&d, 4096 * sizeof(int)));
  // Nothing is pending at the start.
  CHECK(cudaGetLastError());

  if (!badLaunch("1025 threads per block", dim3(1), dim3(1025), d) ||
      !badLaunch("block (1,1,65)", dim3(1), dim3(1, 1, 65), d) ||
      !badLaunch("grid (1,65536,1)", dim3(1, 65536, 1), dim3(1), d) ||
      !badLaunch("grid (0,1,1)", dim3(0), dim3(32), d))
    return 1;

  fill<<<1, 2048>>>(d, 0);
  cudaError_t p1 = cudaPeekAtLastError();
  cudaError_t p2 = cudaPeekAtLastError();
  cudaError_t g = cudaGetLastError();
  cudaError_t p3 = cudaPeekAtLastError();
  std::printf("peek: %s %s, get: %s, peek after get: %s\n",
              cudaGetErrorName(p1), cudaGetErrorName(p2), cudaGetErrorName(g),
              cudaGetErrorName(p3));
  if (p1 != cudaErrorInvalidConfiguration ||
      p2 != cudaErrorInvalidConfiguration ||
      g != cudaErrorInvalidConfiguration || p3 != cudaSuccess)
    return 1;

  // Configuration errors are not sticky.
  fill<<<2, 128>>>(d, 40);
  CHECK(cudaGetLastError());
  int h[256];
  CHECK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
  for (int i = 0; i < 256; ++i)
    if (h[i] != 40 + i % 128) {
      std::printf("valid launch after errors: mismatch at %d\n", i);
      return 1;
    }
  std::printf("valid launch after errors: 256 elements match\n");

  int optin = 0, dev = 0;
  CHECK(cudaGetDevice(&dev));
  CHECK(cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin,
                               dev));
  cudaError_t e = cudaFuncSetAttribute(
      bigShared, cudaFuncAttributeMaxDynamicSharedMemorySize, optin + 1);
  std::printf("max dynamic shared memory above opt-in: %s\n",
              cudaGetErrorName(e));
  if (e != cudaErrorInvalidValue)
    return 1;
  (void)cudaGetLastError();

  std::printf("error name/string: %s \"%s\" %d\n",
              cudaGetErrorName(cudaErrorLaunchFailure),
              cudaGetErrorString(cudaErrorLaunchFailure),
              int(cudaErrorLaunchFailure));

  // A trap is a kernel fault: the context is unusable from then on.
  trapper<<<1, 32>>>(d);
  e = cudaDeviceSynchronize();
  std::printf("trap: cudaDeviceSynchronize %s\n", cudaGetErrorName(e));
  if (e != cudaErrorLaunchFailure)
    return 1;
  cudaError_t last = cudaGetLastError();
  cudaError_t again = cudaDeviceSynchronize();
  cudaError_t copy = cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  std::printf("sticky: cudaGetLastError %s, cudaDeviceSynchronize %s, "
              "cudaMemcpy %s\n",
              cudaGetErrorName(last), cudaGetErrorName(again),
              cudaGetErrorName(copy));
  if (last != cudaErrorLaunchFailure || again != cudaErrorLaunchFailure ||
      copy != cudaErrorLaunchFailure)
    return 1;
  return 0;
}
