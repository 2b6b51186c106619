// Device printf output waits in its buffer until one of the points where
// CUDA flushes it: a blocking cudaMemcpy, cudaStreamSynchronize,
// cudaEventSynchronize, a stream callback (before it runs),
// cudaDeviceSynchronize and cudaDeviceReset. Each kernel's line comes after
// the host line printed between its launch and the flush point, and before
// the host line printed after it.
// REQUIRES: nvcc
// RUN: %cuda_build
// RUN: %cuda_run %t.static | FileCheck %s
// RUN: %cuda_run %t.shared | FileCheck %s
// CHECK: host: launched A
// CHECK-NEXT: device: A 1
// CHECK-NEXT: host: after blocking cudaMemcpy, value 1
// CHECK-NEXT: host: launched B
// CHECK-NEXT: device: B 2
// CHECK-NEXT: host: after cudaStreamSynchronize
// CHECK-NEXT: host: launched C
// CHECK-NEXT: device: C 3
// CHECK-NEXT: host: after cudaEventSynchronize
// CHECK-NEXT: device: D 4
// CHECK-NEXT: host: stream callback
// CHECK-NEXT: host: after the callback
// CHECK-NEXT: host: launched E
// CHECK-NEXT: device: E 5
// CHECK-NEXT: host: after cudaDeviceSynchronize
// CHECK-NEXT: host: launched F
// CHECK-NEXT: device: F 6
// CHECK-NEXT: host: after cudaDeviceReset
// CHECK-NOT: device:

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

static void host(const char *line) {
  std::printf("host: %s\n", line);
  std::fflush(stdout);
}

__global__ void say(char name, int *counter) {
  int value = ++*counter;
  printf("device: %c %d\n", name, value);
}

static void CUDART_CB callback(cudaStream_t, cudaError_t status, void *) {
  host(status == cudaSuccess ? "stream callback" : "stream callback: error");
}

int main() {
  int *dcounter;
  CHECK(cudaMalloc(&dcounter, sizeof(int)));
  CHECK(cudaMemset(dcounter, 0, sizeof(int)));

  say<<<1, 1>>>('A', dcounter);
  CHECK(cudaGetLastError());
  host("launched A");
  int value = 0;
  CHECK(cudaMemcpy(&value, dcounter, sizeof(int), cudaMemcpyDeviceToHost));
  std::printf("host: after blocking cudaMemcpy, value %d\n", value);
  std::fflush(stdout);

  cudaStream_t stream;
  CHECK(cudaStreamCreate(&stream));
  say<<<1, 1, 0, stream>>>('B', dcounter);
  CHECK(cudaGetLastError());
  host("launched B");
  CHECK(cudaStreamSynchronize(stream));
  host("after cudaStreamSynchronize");

  cudaEvent_t event;
  CHECK(cudaEventCreate(&event));
  say<<<1, 1, 0, stream>>>('C', dcounter);
  CHECK(cudaGetLastError());
  CHECK(cudaEventRecord(event, stream));
  host("launched C");
  CHECK(cudaEventSynchronize(event));
  host("after cudaEventSynchronize");

  say<<<1, 1, 0, stream>>>('D', dcounter);
  CHECK(cudaGetLastError());
  CHECK(cudaStreamAddCallback(stream, callback, nullptr, 0));
  CHECK(cudaStreamSynchronize(stream));
  host("after the callback");

  say<<<1, 1>>>('E', dcounter);
  CHECK(cudaGetLastError());
  host("launched E");
  CHECK(cudaDeviceSynchronize());
  host("after cudaDeviceSynchronize");

  CHECK(cudaEventDestroy(event));
  CHECK(cudaStreamDestroy(stream));
  say<<<1, 1>>>('F', dcounter);
  CHECK(cudaGetLastError());
  host("launched F");
  CHECK(cudaDeviceReset());
  host("after cudaDeviceReset");
  return 0;
}
