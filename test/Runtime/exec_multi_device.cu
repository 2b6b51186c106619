// Several GPUs through NVIDIA's runtime: with PTXJIT_DEVICE_COUNT=2 the
// program sees two devices, runs a kernel on each (cudaSetDevice), enables
// peer access, copies between them (cudaMemcpyPeer and a kernel reading the
// other device's memory directly), and checks device properties and
// pointer attributes, as multi-GPU code paths do. Expected values are
// computed on the host.
// REQUIRES: nvcc
// RUN: %cuda_build
// RUN: env PTXJIT_DEVICE_COUNT=2 %cuda_run %t.static | FileCheck %s
// RUN: env PTXJIT_DEVICE_COUNT=2 %cuda_run %t.shared | FileCheck %s
// CHECK: devices: 2
// CHECK-NEXT: device 1: ptxjit CPU device, pci bus 1
// CHECK-NEXT: can access peer: 1 1
// CHECK-NEXT: device 0 fill: ok
// CHECK-NEXT: device 1 fill: ok
// CHECK-NEXT: peer copy: ok
// CHECK-NEXT: peer read from device 1: ok
// CHECK-NEXT: pointer devices: 0 1
// CHECK-NEXT: last error: no error

#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t err_ = (call);                                                 \
    if (err_ != cudaSuccess) {                                                 \
      std::printf("%s:%d: %s: %s\n", __FILE__, __LINE__, #call,                \
                  cudaGetErrorName(err_));                                     \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

__global__ void fill(int *out, int n, int base) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = base + 3 * i;
}

// Reads memory of the other device through peer access.
__global__ void addFrom(int *out, const int *peer, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] += peer[i];
}

static bool check(const std::vector<int> &got, int base) {
  for (size_t i = 0; i < got.size(); ++i)
    if (got[i] != base + 3 * int(i))
      return false;
  return true;
}

int main() {
  const int n = 4096;
  int count = 0;
  CHECK(cudaGetDeviceCount(&count));
  std::printf("devices: %d\n", count);
  if (count < 2)
    return 1;
  cudaDeviceProp prop;
  CHECK(cudaGetDeviceProperties(&prop, 1));
  std::printf("device 1: %s, pci bus %d\n", prop.name, prop.pciBusID);
  int access01 = 0, access10 = 0;
  CHECK(cudaDeviceCanAccessPeer(&access01, 0, 1));
  CHECK(cudaDeviceCanAccessPeer(&access10, 1, 0));
  std::printf("can access peer: %d %d\n", access01, access10);

  int *on[2];
  std::vector<int> host(n);
  for (int device = 0; device < 2; ++device) {
    CHECK(cudaSetDevice(device));
    CHECK(cudaMalloc(&on[device], n * sizeof(int)));
    fill<<<n / 256, 256>>>(on[device], n, 1000 * (device + 1));
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaMemcpy(host.data(), on[device], n * sizeof(int),
                     cudaMemcpyDeviceToHost));
    std::printf("device %d fill: %s\n", device,
                check(host, 1000 * (device + 1)) ? "ok" : "wrong");
  }

  // Device 1's values onto device 0, then device 0 adds them again from
  // device 1's memory directly.
  CHECK(cudaSetDevice(0));
  CHECK(cudaDeviceEnablePeerAccess(1, 0));
  int *copy;
  CHECK(cudaMalloc(&copy, n * sizeof(int)));
  CHECK(cudaMemcpyPeer(copy, 0, on[1], 1, n * sizeof(int)));
  CHECK(cudaMemcpy(host.data(), copy, n * sizeof(int), cudaMemcpyDeviceToHost));
  std::printf("peer copy: %s\n", check(host, 2000) ? "ok" : "wrong");
  addFrom<<<n / 256, 256>>>(copy, on[1], n);
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(host.data(), copy, n * sizeof(int), cudaMemcpyDeviceToHost));
  bool doubled = true;
  for (int i = 0; i < n; ++i)
    doubled &= host[i] == 2 * (2000 + 3 * i);
  std::printf("peer read from device 1: %s\n", doubled ? "ok" : "wrong");

  cudaPointerAttributes a0, a1;
  CHECK(cudaPointerGetAttributes(&a0, on[0]));
  CHECK(cudaPointerGetAttributes(&a1, on[1]));
  std::printf("pointer devices: %d %d\n", a0.device, a1.device);
  CHECK(cudaFree(copy));
  CHECK(cudaFree(on[0]));
  CHECK(cudaSetDevice(1));
  CHECK(cudaFree(on[1]));
  std::printf("last error: %s\n", cudaGetErrorString(cudaGetLastError()));
  return 0;
}
