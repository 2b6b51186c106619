// Device management: cudaGetDeviceCount, cudaSetDevice/cudaGetDevice (and an
// invalid ordinal), cudaGetDeviceProperties against the limits that every
// device CUDA 13 supports shares, cudaDeviceGetAttribute agreeing with the
// properties, cudaDriverGetVersion/cudaRuntimeGetVersion,
// cudaDeviceSynchronize, and cudaDeviceReset followed by new work.
// REQUIRES: nvcc
// RUN: %cuda_build
// RUN: %cuda_run %t.static | FileCheck %s
// RUN: %cuda_run %t.shared | FileCheck %s
// CHECK: device count >= 1, current device 0
// CHECK-NEXT: cudaSetDevice(count): cudaErrorInvalidDevice
// CHECK-NEXT: warpSize 32, maxThreadsPerBlock 1024, maxThreadsDim 1024 1024 64
// CHECK-NEXT: maxGridSize 2147483647 65535 65535, sharedMemPerBlock 49152, regsPerBlock 65536
// CHECK-NEXT: properties consistent
// CHECK-NEXT: attributes match properties
// CHECK-NEXT: runtime version 13000 (CUDART_VERSION 13000), driver version >= runtime
// CHECK-NEXT: before reset: 1000 elements match
// CHECK-NEXT: cudaDeviceReset: cudaSuccess
// CHECK-NEXT: after reset: 1000 elements match
// CHECK-NEXT: last error: no error

#include <cstdio>
#include <cstdlib>
#include <cstring>
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

__global__ void square(int *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = x[i] * x[i] - 3;
}

static int roundTrip(const char *what) {
  const int n = 1000;
  std::vector<int> h(n);
  for (int i = 0; i < n; ++i)
    h[i] = i - 500;
  int *d;
  CHECK(cudaMalloc(&d, n * sizeof(int)));
  CHECK(cudaMemcpy(d, h.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  square<<<(n + 127) / 128, 128>>>(d, n);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  std::vector<int> got(n);
  CHECK(cudaMemcpy(got.data(), d, n * sizeof(int), cudaMemcpyDeviceToHost));
  CHECK(cudaFree(d));
  int bad = 0;
  for (int i = 0; i < n; ++i)
    bad += got[i] != (i - 500) * (i - 500) - 3;
  if (bad)
    std::printf("%s: %d mismatches\n", what, bad);
  else
    std::printf("%s: %d elements match\n", what, n);
  return bad;
}

int main() {
  int count = 0;
  CHECK(cudaGetDeviceCount(&count));
  CHECK(cudaSetDevice(0));
  int cur = -1;
  CHECK(cudaGetDevice(&cur));
  if (count < 1 || cur != 0) {
    std::printf("device count %d, current %d\n", count, cur);
    return 1;
  }
  std::printf("device count >= 1, current device %d\n", cur);
  cudaError_t e = cudaSetDevice(count);
  std::printf("cudaSetDevice(count): %s\n", cudaGetErrorName(e));
  if (e != cudaErrorInvalidDevice)
    return 1;
  (void)cudaGetLastError();
  CHECK(cudaGetDevice(&cur));
  if (cur != 0)
    return 1;

  cudaDeviceProp p;
  std::memset(&p, 0, sizeof p);
  CHECK(cudaGetDeviceProperties(&p, 0));
  std::printf("warpSize %d, maxThreadsPerBlock %d, maxThreadsDim %d %d %d\n",
              p.warpSize, p.maxThreadsPerBlock, p.maxThreadsDim[0],
              p.maxThreadsDim[1], p.maxThreadsDim[2]);
  std::printf("maxGridSize %d %d %d, sharedMemPerBlock %zu, regsPerBlock %d\n",
              p.maxGridSize[0], p.maxGridSize[1], p.maxGridSize[2],
              p.sharedMemPerBlock, p.regsPerBlock);
  // CUDA 13 supports compute capability 7.5 and later.
  bool ok = p.name[0] != '\0' && std::strlen(p.name) < sizeof p.name &&
            (p.major > 7 || (p.major == 7 && p.minor >= 5)) &&
            p.multiProcessorCount > 0 && p.totalGlobalMem > 0 &&
            p.maxThreadsPerMultiProcessor >= p.maxThreadsPerBlock &&
            p.maxThreadsPerMultiProcessor % p.warpSize == 0 &&
            p.sharedMemPerMultiprocessor >= p.sharedMemPerBlock &&
            p.sharedMemPerBlockOptin >= p.sharedMemPerBlock &&
            p.sharedMemPerMultiprocessor >= p.sharedMemPerBlockOptin &&
            p.regsPerMultiprocessor >= p.regsPerBlock &&
            p.totalConstMem == 65536 && p.maxBlocksPerMultiProcessor > 0 &&
            p.unifiedAddressing == 1 && p.concurrentKernels == 1 &&
            p.l2CacheSize > 0 && p.memoryBusWidth > 0 &&
            p.cooperativeLaunch == 1 && p.managedMemory == 1;
  if (!ok) {
    std::printf("properties inconsistent: %s cc %d.%d sms %d tpm %d smpm %zu "
                "optin %zu rpm %d const %zu bpm %d\n",
                p.name, p.major, p.minor, p.multiProcessorCount,
                p.maxThreadsPerMultiProcessor, p.sharedMemPerMultiprocessor,
                p.sharedMemPerBlockOptin, p.regsPerMultiprocessor,
                p.totalConstMem, p.maxBlocksPerMultiProcessor);
    return 1;
  }
  if (p.warpSize != 32 || p.maxThreadsPerBlock != 1024 ||
      p.maxThreadsDim[0] != 1024 || p.maxThreadsDim[1] != 1024 ||
      p.maxThreadsDim[2] != 64 || p.maxGridSize[0] != 2147483647 ||
      p.maxGridSize[1] != 65535 || p.maxGridSize[2] != 65535 ||
      p.sharedMemPerBlock != 49152 || p.regsPerBlock != 65536)
    return 1;
  std::printf("properties consistent\n");

  struct {
    cudaDeviceAttr attr;
    int want;
  } attrs[] = {
      {cudaDevAttrWarpSize, p.warpSize},
      {cudaDevAttrMaxThreadsPerBlock, p.maxThreadsPerBlock},
      {cudaDevAttrMaxBlockDimX, p.maxThreadsDim[0]},
      {cudaDevAttrMaxBlockDimZ, p.maxThreadsDim[2]},
      {cudaDevAttrMaxGridDimX, p.maxGridSize[0]},
      {cudaDevAttrMaxGridDimY, p.maxGridSize[1]},
      {cudaDevAttrMultiProcessorCount, p.multiProcessorCount},
      {cudaDevAttrComputeCapabilityMajor, p.major},
      {cudaDevAttrComputeCapabilityMinor, p.minor},
      {cudaDevAttrMaxSharedMemoryPerBlock, int(p.sharedMemPerBlock)},
      {cudaDevAttrMaxSharedMemoryPerBlockOptin, int(p.sharedMemPerBlockOptin)},
      {cudaDevAttrMaxRegistersPerBlock, p.regsPerBlock},
      {cudaDevAttrMaxThreadsPerMultiProcessor, p.maxThreadsPerMultiProcessor},
      {cudaDevAttrMaxBlocksPerMultiprocessor, p.maxBlocksPerMultiProcessor},
      {cudaDevAttrUnifiedAddressing, p.unifiedAddressing},
      {cudaDevAttrCooperativeLaunch, p.cooperativeLaunch},
  };
  for (auto &a : attrs) {
    int v = -1;
    CHECK(cudaDeviceGetAttribute(&v, a.attr, 0));
    if (v != a.want) {
      std::printf("attribute %d: %d, properties say %d\n", int(a.attr), v,
                  a.want);
      return 1;
    }
  }
  std::printf("attributes match properties\n");

  int drv = 0, rt = 0;
  CHECK(cudaDriverGetVersion(&drv));
  CHECK(cudaRuntimeGetVersion(&rt));
  std::printf("runtime version %d (CUDART_VERSION %d), driver version %s\n",
              rt, CUDART_VERSION, drv >= rt ? ">= runtime" : "< runtime");
  if (rt != CUDART_VERSION || drv < rt)
    return 1;

  if (roundTrip("before reset"))
    return 1;
  e = cudaDeviceReset();
  std::printf("cudaDeviceReset: %s\n", cudaGetErrorName(e));
  if (e != cudaSuccess)
    return 1;
  // The next call initialises the device again; kernels still launch.
  if (roundTrip("after reset"))
    return 1;
  CHECK(cudaDeviceSynchronize());
  std::printf("last error: %s\n", cudaGetErrorString(cudaGetLastError()));
  return 0;
}
