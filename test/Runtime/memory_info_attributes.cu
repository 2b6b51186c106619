// cudaMemGetInfo (free within total, total equal to totalGlobalMem, free
// falling and rising around a 64 MiB cudaMalloc/cudaFree) and
// cudaPointerGetAttributes for device memory (also an interior pointer and a
// __device__ variable), cudaMallocHost memory, cudaHostRegister'ed memory,
// managed memory, and plain host memory, which CUDA 11 and later report as
// cudaMemoryTypeUnregistered with cudaSuccess.
// REQUIRES: nvcc
// RUN: %cuda_build
// RUN: %cuda_run %t.static | FileCheck %s
// RUN: %cuda_run %t.shared | FileCheck %s
// CHECK: meminfo: free <= total, total == totalGlobalMem
// CHECK-NEXT: meminfo: 64 MiB allocation lowers free, cudaFree restores it
// CHECK-NEXT: attributes: device: cudaMemoryTypeDevice device 0, device pointer ok, host pointer null
// CHECK-NEXT: attributes: device interior: cudaMemoryTypeDevice device 0, device pointer ok
// CHECK-NEXT: attributes: __device__ variable: cudaMemoryTypeDevice device 0, device pointer ok
// CHECK-NEXT: attributes: cudaMallocHost: cudaMemoryTypeHost device 0, device pointer ok, host pointer ok
// CHECK-NEXT: attributes: cudaHostRegister: cudaMemoryTypeHost device 0, device pointer ok, host pointer ok
// CHECK-NEXT: attributes: managed: cudaMemoryTypeManaged device 0, device pointer ok, host pointer ok
// CHECK-NEXT: attributes: malloc: cudaSuccess cudaMemoryTypeUnregistered
// CHECK-NEXT: last error: cudaSuccess

#include <cstdio>
#include <cstdlib>

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t err_ = (call);                                                 \
    if (err_ != cudaSuccess) {                                                 \
      std::printf("%s:%d: %s: %s\n", __FILE__, __LINE__, #call,                \
                  cudaGetErrorString(err_));                                   \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

__device__ float deviceVar[32];

static const char *typeName(cudaMemoryType type) {
  switch (type) {
  case cudaMemoryTypeUnregistered: return "cudaMemoryTypeUnregistered";
  case cudaMemoryTypeHost: return "cudaMemoryTypeHost";
  case cudaMemoryTypeDevice: return "cudaMemoryTypeDevice";
  case cudaMemoryTypeManaged: return "cudaMemoryTypeManaged";
  }
  return "unknown";
}

// Prints the type and device of p and whether the device and host pointers
// are the expected ones (nullptr expected: must be null; "skip": unchecked).
static void show(const char *what, const void *p, const void *wantDevice,
                 const void *wantHost, bool checkHost) {
  cudaPointerAttributes attr;
  CHECK(cudaPointerGetAttributes(&attr, p));
  std::printf("attributes: %s: %s device %d", what, typeName(attr.type),
              attr.device);
  if (attr.devicePointer != wantDevice) {
    std::printf(", device pointer %p, expected %p\n", attr.devicePointer,
                wantDevice);
    std::exit(1);
  }
  std::printf(", device pointer ok");
  if (checkHost) {
    if (attr.hostPointer != wantHost) {
      std::printf(", host pointer %p, expected %p\n", attr.hostPointer,
                  wantHost);
      std::exit(1);
    }
    std::printf(wantHost ? ", host pointer ok" : ", host pointer null");
  }
  std::printf("\n");
}

int main() {
  size_t free0 = 0, total = 0;
  CHECK(cudaMemGetInfo(&free0, &total));
  cudaDeviceProp prop;
  CHECK(cudaGetDeviceProperties(&prop, 0));
  if (total == 0 || free0 > total || total != prop.totalGlobalMem) {
    std::printf("meminfo: free %zu, total %zu, totalGlobalMem %zu\n", free0,
                total, prop.totalGlobalMem);
    return 1;
  }
  std::printf("meminfo: free <= total, total == totalGlobalMem\n");

  const size_t big = 64u << 20;
  void *block;
  CHECK(cudaMalloc(&block, big));
  size_t free1 = 0, free2 = 0;
  CHECK(cudaMemGetInfo(&free1, &total));
  CHECK(cudaFree(block));
  CHECK(cudaMemGetInfo(&free2, &total));
  if (free1 + big > free0 || free1 + big > free2) {
    std::printf("meminfo: free %zu before, %zu with 64 MiB allocated, %zu "
                "after cudaFree\n",
                free0, free1, free2);
    return 1;
  }
  std::printf("meminfo: 64 MiB allocation lowers free, cudaFree restores it\n");

  char *d;
  CHECK(cudaMalloc(&d, 4096));
  show("device", d, d, nullptr, true);
  show("device interior", d + 100, d + 100, nullptr, false);
  void *var = nullptr;
  CHECK(cudaGetSymbolAddress(&var, deviceVar));
  show("__device__ variable", var, var, nullptr, false);

  char *pinned;
  CHECK(cudaMallocHost(&pinned, 4096));
  show("cudaMallocHost", pinned, pinned, pinned, true);

  char *reg = static_cast<char *>(std::aligned_alloc(4096, 8192));
  CHECK(cudaHostRegister(reg, 8192, cudaHostRegisterMapped));
  void *regDevice = nullptr;
  CHECK(cudaHostGetDevicePointer(&regDevice, reg, 0));
  show("cudaHostRegister", reg, regDevice, reg, true);

  char *managed;
  CHECK(cudaMallocManaged(&managed, 4096));
  show("managed", managed, managed, managed, true);

  char *plain = static_cast<char *>(std::malloc(4096));
  cudaPointerAttributes attr;
  cudaError_t err = cudaPointerGetAttributes(&attr, plain);
  std::printf("attributes: malloc: %s %s\n", cudaGetErrorName(err),
              err == cudaSuccess ? typeName(attr.type) : "-");

  std::free(plain);
  CHECK(cudaHostUnregister(reg));
  std::free(reg);
  CHECK(cudaFree(managed));
  CHECK(cudaFreeHost(pinned));
  CHECK(cudaFree(d));
  std::printf("last error: %s\n", cudaGetErrorName(cudaGetLastError()));
  return 0;
}
