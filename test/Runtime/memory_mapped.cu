// Mapped (zero-copy) host memory: cudaSetDeviceFlags(cudaDeviceMapHost),
// cudaHostAlloc(cudaHostAllocMapped) and cudaHostGetDevicePointer; a kernel
// reads and writes host memory through the device pointer and the host sees
// the writes after cudaDeviceSynchronize. With unified addressing (every
// 64-bit GPU), the device pointer of cudaHostAlloc memory is the host pointer
// and kernels may use the host pointer directly.
// REQUIRES: nvcc
// RUN: %cuda_build
// RUN: %cuda_run %t.static | FileCheck %s
// RUN: %cuda_run %t.shared | FileCheck %s
// CHECK: mapped: can map host memory: 1, unified addressing: 1
// CHECK-NEXT: mapped: device pointer equals host pointer
// CHECK-NEXT: mapped: 8192 elements written by the kernel match
// CHECK-NEXT: mapped: host pointer in kernel: 8192 elements match
// CHECK-NEXT: mapped: registered mapped memory: 8192 elements match
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

// out[i] = in[i] * in[i] - i; also counts the elements it wrote.
__global__ void square(const int *in, int *out, unsigned *count, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    out[i] = in[i] * in[i] - i;
    atomicAdd(count, 1u);
  }
}

static int mismatches(const int *in, const int *out, int n) {
  int bad = 0;
  for (int i = 0; i < n; ++i)
    bad += out[i] != in[i] * in[i] - i;
  return bad;
}

int main() {
  const int n = 8192;
  const size_t bytes = n * sizeof(int);
  // Must come before the device's context is created.
  CHECK(cudaSetDeviceFlags(cudaDeviceMapHost));
  int canMap = 0, unified = 0;
  CHECK(cudaDeviceGetAttribute(&canMap, cudaDevAttrCanMapHostMemory, 0));
  CHECK(cudaDeviceGetAttribute(&unified, cudaDevAttrUnifiedAddressing, 0));
  std::printf("mapped: can map host memory: %d, unified addressing: %d\n",
              canMap, unified);

  int *h_in, *h_out;
  unsigned *h_count;
  CHECK(cudaHostAlloc(&h_in, bytes, cudaHostAllocMapped));
  CHECK(cudaHostAlloc(&h_out, bytes, cudaHostAllocMapped));
  CHECK(cudaHostAlloc(&h_count, sizeof(unsigned), cudaHostAllocMapped));
  int *d_in, *d_out;
  unsigned *d_count;
  CHECK(cudaHostGetDevicePointer(&d_in, h_in, 0));
  CHECK(cudaHostGetDevicePointer(&d_out, h_out, 0));
  CHECK(cudaHostGetDevicePointer(&d_count, h_count, 0));
  if (d_in != h_in || d_out != h_out || d_count != h_count) {
    std::printf("mapped: device pointers %p %p %p differ from host %p %p %p\n",
                (void *)d_in, (void *)d_out, (void *)d_count, (void *)h_in,
                (void *)h_out, (void *)h_count);
    return 1;
  }
  std::printf("mapped: device pointer equals host pointer\n");

  for (int i = 0; i < n; ++i) {
    h_in[i] = i % 181 - 90;
    h_out[i] = 12345;
  }
  *h_count = 0;
  square<<<(n + 127) / 128, 128>>>(d_in, d_out, d_count, n);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  int bad = mismatches(h_in, h_out, n);
  if (bad || *h_count != unsigned(n)) {
    std::printf("mapped: %d mismatches, count %u\n", bad, *h_count);
    return 1;
  }
  std::printf("mapped: %d elements written by the kernel match\n", n);

  // The same through the host pointers themselves.
  for (int i = 0; i < n; ++i) {
    h_in[i] = (i * 13) % 97;
    h_out[i] = 0;
  }
  *h_count = 0;
  square<<<(n + 127) / 128, 128>>>(h_in, h_out, h_count, n);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  bad = mismatches(h_in, h_out, n);
  if (bad || *h_count != unsigned(n)) {
    std::printf("mapped: host pointers: %d mismatches, count %u\n", bad,
                *h_count);
    return 1;
  }
  std::printf("mapped: host pointer in kernel: %d elements match\n", n);

  // cudaHostRegister(cudaHostRegisterMapped) maps memory malloc gave.
  int *r_in = static_cast<int *>(std::aligned_alloc(4096, bytes));
  int *r_out = static_cast<int *>(std::aligned_alloc(4096, bytes));
  for (int i = 0; i < n; ++i) {
    r_in[i] = 50 - i % 101;
    r_out[i] = -7;
  }
  CHECK(cudaHostRegister(r_in, bytes, cudaHostRegisterMapped));
  CHECK(cudaHostRegister(r_out, bytes, cudaHostRegisterMapped));
  int *dr_in, *dr_out;
  CHECK(cudaHostGetDevicePointer(&dr_in, r_in, 0));
  CHECK(cudaHostGetDevicePointer(&dr_out, r_out, 0));
  *h_count = 0;
  square<<<(n + 127) / 128, 128>>>(dr_in, dr_out, d_count, n);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  bad = mismatches(r_in, r_out, n);
  if (bad || *h_count != unsigned(n)) {
    std::printf("mapped: registered: %d mismatches, count %u\n", bad,
                *h_count);
    return 1;
  }
  std::printf("mapped: registered mapped memory: %d elements match\n", n);
  CHECK(cudaHostUnregister(r_in));
  CHECK(cudaHostUnregister(r_out));
  std::free(r_in);
  std::free(r_out);

  CHECK(cudaFreeHost(h_in));
  CHECK(cudaFreeHost(h_out));
  CHECK(cudaFreeHost(h_count));
  std::printf("last error: %s\n", cudaGetErrorName(cudaGetLastError()));
  return 0;
}
