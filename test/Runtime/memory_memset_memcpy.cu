// Memset and memcpy variants: cudaMemset (bytes; only the low byte of the
// value counts) on whole buffers and unaligned sub-ranges, cudaMemsetAsync
// and cudaMemcpyAsync ordered with a kernel on a stream, device-to-device
// copies (overlapping offsets into another buffer, sync and async),
// host-to-host, zero-byte copies, and cudaMemcpyDefault, which unified
// addressing resolves from the pointers themselves.
// REQUIRES: nvcc
// RUN: %cuda_build
// RUN: %cuda_run %t.static | FileCheck %s
// RUN: %cuda_run %t.shared | FileCheck %s
// CHECK: memset: 4096 bytes match, unaligned range 3+13 matches
// CHECK-NEXT: memset: async memset, kernel and async copy: 65536 elements match
// CHECK-NEXT: memcpy: device-to-device: 65536 elements match
// CHECK-NEXT: memcpy: async device-to-device at offsets: 1000 elements match
// CHECK-NEXT: memcpy: host-to-host and zero-byte copies work
// CHECK-NEXT: memcpy: unified addressing: 1
// CHECK-NEXT: memcpy: cudaMemcpyDefault in every direction: 65536 elements match
// CHECK-NEXT: last error: cudaSuccess

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

__global__ void addIndex(unsigned *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] += unsigned(i);
}

int main() {
  // Byte memsets: 0x1A5 sets bytes to 0xA5; then bytes [3, 16) to 0x00.
  const int nb = 4096;
  unsigned char *db;
  CHECK(cudaMalloc(&db, nb));
  CHECK(cudaMemset(db, 0x1A5, nb));
  CHECK(cudaMemset(db + 3, 0, 13));
  std::vector<unsigned char> hb(nb);
  CHECK(cudaMemcpy(hb.data(), db, nb, cudaMemcpyDeviceToHost));
  int bad = 0;
  for (int i = 0; i < nb; ++i)
    bad += hb[i] != ((i >= 3 && i < 16) ? 0x00 : 0xA5);
  if (bad) {
    std::printf("memset: %d mismatches\n", bad);
    return 1;
  }
  std::printf("memset: %d bytes match, unaligned range 3+13 matches\n", nb);

  // cudaMemsetAsync, a kernel and cudaMemcpyAsync, in order on a stream.
  const int n = 65536;
  const size_t bytes = n * sizeof(unsigned);
  unsigned *d1, *d2, *pinned;
  CHECK(cudaMalloc(&d1, bytes));
  CHECK(cudaMalloc(&d2, bytes));
  CHECK(cudaMallocHost(&pinned, bytes));
  cudaStream_t stream;
  CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  CHECK(cudaMemsetAsync(d1, 0x01, bytes, stream));
  addIndex<<<n / 256, 256, 0, stream>>>(d1, n);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpyAsync(pinned, d1, bytes, cudaMemcpyDeviceToHost, stream));
  CHECK(cudaStreamSynchronize(stream));
  std::vector<unsigned> ref(n);
  bad = 0;
  for (int i = 0; i < n; ++i) {
    ref[i] = 0x01010101u + unsigned(i);
    bad += pinned[i] != ref[i];
  }
  if (bad) {
    std::printf("memset: async: %d mismatches\n", bad);
    return 1;
  }
  std::printf("memset: async memset, kernel and async copy: %d elements "
              "match\n",
              n);

  // Device to device, the whole buffer.
  CHECK(cudaMemset(d2, 0, bytes));
  CHECK(cudaMemcpy(d2, d1, bytes, cudaMemcpyDeviceToDevice));
  std::vector<unsigned> h(n, 0);
  CHECK(cudaMemcpy(h.data(), d2, bytes, cudaMemcpyDeviceToHost));
  bad = 0;
  for (int i = 0; i < n; ++i)
    bad += h[i] != ref[i];
  if (bad) {
    std::printf("memcpy: device-to-device: %d mismatches\n", bad);
    return 1;
  }
  std::printf("memcpy: device-to-device: %d elements match\n", n);

  // Async device to device: d1[500, 1500) to d2[40000, 41000).
  CHECK(cudaMemsetAsync(d2, 0xFF, bytes, stream));
  CHECK(cudaMemcpyAsync(d2 + 40000, d1 + 500, 1000 * sizeof(unsigned),
                        cudaMemcpyDeviceToDevice, stream));
  CHECK(cudaMemcpyAsync(pinned, d2, bytes, cudaMemcpyDeviceToHost, stream));
  CHECK(cudaStreamSynchronize(stream));
  bad = 0;
  for (int i = 0; i < n; ++i) {
    unsigned want =
        (i >= 40000 && i < 41000) ? ref[i - 40000 + 500] : 0xFFFFFFFFu;
    bad += pinned[i] != want;
  }
  if (bad) {
    std::printf("memcpy: async device-to-device: %d mismatches\n", bad);
    return 1;
  }
  std::printf("memcpy: async device-to-device at offsets: 1000 elements "
              "match\n");

  // Host to host, and copies of zero bytes (which do nothing).
  std::vector<unsigned> a(n), b(n, 0);
  for (int i = 0; i < n; ++i)
    a[i] = unsigned(i) * 2654435761u;
  CHECK(cudaMemcpy(b.data(), a.data(), bytes, cudaMemcpyHostToHost));
  CHECK(cudaMemcpy(d2, a.data(), 0, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(b.data(), d2, 0, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpyAsync(d2, d1, 0, cudaMemcpyDeviceToDevice, stream));
  CHECK(cudaMemset(d2, 0, 0));
  CHECK(cudaStreamSynchronize(stream));
  if (std::memcmp(a.data(), b.data(), bytes) != 0) {
    std::printf("memcpy: host-to-host mismatch\n");
    return 1;
  }
  std::printf("memcpy: host-to-host and zero-byte copies work\n");

  // cudaMemcpyDefault: host to device, device to device, device to host,
  // host to host, async to pinned memory.
  int unified = 0;
  CHECK(cudaDeviceGetAttribute(&unified, cudaDevAttrUnifiedAddressing, 0));
  std::printf("memcpy: unified addressing: %d\n", unified);
  std::vector<unsigned> c(n, 0), e(n, 0);
  CHECK(cudaMemcpy(d1, a.data(), bytes, cudaMemcpyDefault));
  CHECK(cudaMemcpy(d2, d1, bytes, cudaMemcpyDefault));
  CHECK(cudaMemcpy(c.data(), d2, bytes, cudaMemcpyDefault));
  CHECK(cudaMemcpy(e.data(), c.data(), bytes, cudaMemcpyDefault));
  std::memset(pinned, 0, bytes);
  CHECK(cudaMemcpyAsync(pinned, d2, bytes, cudaMemcpyDefault, stream));
  CHECK(cudaStreamSynchronize(stream));
  bad = 0;
  for (int i = 0; i < n; ++i)
    bad += (c[i] != a[i]) + (e[i] != a[i]) + (pinned[i] != a[i]);
  if (bad) {
    std::printf("memcpy: cudaMemcpyDefault: %d mismatches\n", bad);
    return 1;
  }
  std::printf("memcpy: cudaMemcpyDefault in every direction: %d elements "
              "match\n",
              n);

  CHECK(cudaStreamDestroy(stream));
  CHECK(cudaFreeHost(pinned));
  CHECK(cudaFree(db));
  CHECK(cudaFree(d1));
  CHECK(cudaFree(d2));
  std::printf("last error: %s\n", cudaGetErrorName(cudaGetLastError()));
  return 0;
}
