// Pinned host memory: cudaMallocHost, cudaHostAlloc with flags (and
// cudaHostGetFlags), cudaHostRegister/cudaHostUnregister on ordinary host
// memory, asynchronous copies through pinned buffers, and the errors for
// registering twice and unregistering memory that is not registered.
// REQUIRES: nvcc
// RUN: %cuda_build
// RUN: %cuda_run %t.static | FileCheck %s
// RUN: %cuda_run %t.shared | FileCheck %s
// CHECK: pinned: cudaMallocHost 4096 elements match
// CHECK-NEXT: pinned: cudaHostAlloc flags include portable|writecombined
// CHECK-NEXT: pinned: cudaHostAlloc 4096 elements match
// CHECK-NEXT: pinned: cudaHostRegister 4096 elements match
// CHECK-NEXT: pinned: register twice: cudaErrorHostMemoryAlreadyRegistered
// CHECK-NEXT: pinned: unregister twice: cudaErrorHostMemoryNotRegistered
// CHECK-NEXT: last error: cudaErrorHostMemoryNotRegistered
// CHECK-NEXT: last error after clear: cudaSuccess

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

__global__ void affine(const int *in, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[i] * 3 + 1;
}

static int expected(int x) { return x * 3 + 1; }

static int countMismatches(const int *in, const int *out, int n) {
  int bad = 0;
  for (int i = 0; i < n; ++i)
    bad += out[i] != expected(in[i]);
  return bad;
}

int main() {
  const int n = 4096;
  const size_t bytes = n * sizeof(int);
  int *d_in, *d_out;
  CHECK(cudaMalloc(&d_in, bytes));
  CHECK(cudaMalloc(&d_out, bytes));
  cudaStream_t stream;
  CHECK(cudaStreamCreate(&stream));

  // cudaMallocHost: page-locked input and output, asynchronous copies.
  int *h_in, *h_out;
  CHECK(cudaMallocHost(&h_in, bytes));
  CHECK(cudaMallocHost(&h_out, bytes));
  for (int i = 0; i < n; ++i) {
    h_in[i] = i * 7 - 1000;
    h_out[i] = -1;
  }
  CHECK(cudaMemcpyAsync(d_in, h_in, bytes, cudaMemcpyHostToDevice, stream));
  affine<<<(n + 255) / 256, 256, 0, stream>>>(d_in, d_out, n);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpyAsync(h_out, d_out, bytes, cudaMemcpyDeviceToHost, stream));
  CHECK(cudaStreamSynchronize(stream));
  if (int bad = countMismatches(h_in, h_out, n)) {
    std::printf("pinned: cudaMallocHost: %d mismatches\n", bad);
    return 1;
  }
  std::printf("pinned: cudaMallocHost %d elements match\n", n);

  // cudaHostAlloc with flags: a write-combined, portable input buffer.
  int *h_wc;
  const unsigned wanted = cudaHostAllocPortable | cudaHostAllocWriteCombined;
  CHECK(cudaHostAlloc(&h_wc, bytes, wanted));
  unsigned flags = 0;
  CHECK(cudaHostGetFlags(&flags, h_wc));
  if ((flags & wanted) != wanted) {
    std::printf("pinned: cudaHostGetFlags gave %#x, wanted bits %#x\n", flags,
                wanted);
    return 1;
  }
  std::printf("pinned: cudaHostAlloc flags include portable|writecombined\n");
  std::vector<int> ref(n);
  for (int i = 0; i < n; ++i) {
    ref[i] = (i * 31) % 1009;
    h_wc[i] = ref[i]; // Write-combined memory: the host only writes it.
  }
  CHECK(cudaMemcpyAsync(d_in, h_wc, bytes, cudaMemcpyHostToDevice, stream));
  affine<<<(n + 255) / 256, 256, 0, stream>>>(d_in, d_out, n);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpyAsync(h_out, d_out, bytes, cudaMemcpyDeviceToHost, stream));
  CHECK(cudaStreamSynchronize(stream));
  if (int bad = countMismatches(ref.data(), h_out, n)) {
    std::printf("pinned: cudaHostAlloc: %d mismatches\n", bad);
    return 1;
  }
  std::printf("pinned: cudaHostAlloc %d elements match\n", n);

  // cudaHostRegister: page-lock memory the program allocated itself.
  int *buf = static_cast<int *>(std::aligned_alloc(4096, bytes));
  int *result = static_cast<int *>(std::aligned_alloc(4096, bytes));
  for (int i = 0; i < n; ++i) {
    buf[i] = n - 2 * i;
    result[i] = 0;
  }
  CHECK(cudaHostRegister(buf, bytes, cudaHostRegisterDefault));
  CHECK(cudaHostRegister(result, bytes, cudaHostRegisterDefault));
  CHECK(cudaMemcpyAsync(d_in, buf, bytes, cudaMemcpyHostToDevice, stream));
  affine<<<(n + 255) / 256, 256, 0, stream>>>(d_in, d_out, n);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpyAsync(result, d_out, bytes, cudaMemcpyDeviceToHost, stream));
  CHECK(cudaStreamSynchronize(stream));
  if (int bad = countMismatches(buf, result, n)) {
    std::printf("pinned: cudaHostRegister: %d mismatches\n", bad);
    return 1;
  }
  std::printf("pinned: cudaHostRegister %d elements match\n", n);

  // Registering the same range again is an error; so is unregistering
  // memory that is no longer registered. Neither error is sticky.
  cudaError_t twice = cudaHostRegister(buf, bytes, cudaHostRegisterDefault);
  std::printf("pinned: register twice: %s\n", cudaGetErrorName(twice));
  CHECK(cudaHostUnregister(buf));
  CHECK(cudaHostUnregister(result));
  cudaError_t unreg = cudaHostUnregister(buf);
  std::printf("pinned: unregister twice: %s\n", cudaGetErrorName(unreg));
  std::printf("last error: %s\n", cudaGetErrorName(cudaGetLastError()));
  std::printf("last error after clear: %s\n",
              cudaGetErrorName(cudaGetLastError()));

  std::free(buf);
  std::free(result);
  CHECK(cudaFreeHost(h_in));
  CHECK(cudaFreeHost(h_out));
  CHECK(cudaFreeHost(h_wc));
  CHECK(cudaStreamDestroy(stream));
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  return 0;
}
