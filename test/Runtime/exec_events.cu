// Events: cudaEventCreate/WithFlags, cudaEventRecord on the default stream
// and on a created stream, cudaEventSynchronize, cudaEventQuery (recorded,
// never recorded), cudaEventElapsedTime (non-negative, monotonic along a
// stream, error for a never-recorded event) and cudaEventDisableTiming, for
// which the elapsed time is cudaErrorInvalidResourceHandle.
// REQUIRES: nvcc
// RUN: %cuda_build
// RUN: %cuda_run %t.static | FileCheck %s
// RUN: %cuda_run %t.shared | FileCheck %s
// CHECK: never-recorded event query: cudaSuccess
// CHECK-NEXT: recorded event query: cudaSuccess
// CHECK-NEXT: kernel between events: 1048576 elements match
// CHECK-NEXT: elapsed times non-negative and monotonic
// CHECK-NEXT: stream events: elapsed time non-negative
// CHECK-NEXT: elapsed time to a never-recorded event: cudaErrorInvalidResourceHandle
// CHECK-NEXT: disable-timing event synchronized: cudaSuccess
// CHECK-NEXT: elapsed time with a disable-timing event: cudaErrorInvalidResourceHandle cudaErrorInvalidResourceHandle
// CHECK-NEXT: blocking-sync event: cudaSuccess
// CHECK-NEXT: last error: no error

#include <cstdio>
#include <cstdlib>
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

// Some work that takes measurable time: iterate a small recurrence.
__global__ void work(unsigned *out, int n, int iters) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  unsigned x = i;
  for (int k = 0; k < iters; ++k)
    x = x * 1664525u + 1013904223u;
  out[i] = x;
}

static unsigned hostWork(unsigned x, int iters) {
  for (int k = 0; k < iters; ++k)
    x = x * 1664525u + 1013904223u;
  return x;
}

int main() {
  const int n = 1 << 20, iters = 16;
  unsigned *d;
  CHECK(cudaMalloc(&d, n * sizeof(unsigned)));

  cudaEvent_t start, mid, stop, never;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&mid));
  CHECK(cudaEventCreate(&stop));
  CHECK(cudaEventCreate(&never));

  // An event with no recorded work is complete.
  cudaError_t q = cudaEventQuery(never);
  std::printf("never-recorded event query: %s\n", cudaGetErrorName(q));
  if (q != cudaSuccess)
    return 1;

  CHECK(cudaEventRecord(start));
  work<<<n / 256, 256>>>(d, n, iters);
  CHECK(cudaGetLastError());
  CHECK(cudaEventRecord(mid));
  work<<<n / 256, 256>>>(d, n, iters);
  CHECK(cudaGetLastError());
  CHECK(cudaEventRecord(stop));
  CHECK(cudaEventSynchronize(stop));
  q = cudaEventQuery(stop);
  std::printf("recorded event query: %s\n", cudaGetErrorName(q));
  if (q != cudaSuccess)
    return 1;
  // After cudaEventSynchronize(stop) the kernels before it are complete:
  // the copy sees their result.
  std::vector<unsigned> got(n);
  CHECK(cudaMemcpy(got.data(), d, n * sizeof(unsigned),
                   cudaMemcpyDeviceToHost));
  int bad = 0;
  for (int i = 0; i < n; ++i)
    bad += got[i] != hostWork(unsigned(i), iters);
  if (bad) {
    std::printf("kernel between events: %d mismatches\n", bad);
    return 1;
  }
  std::printf("kernel between events: %d elements match\n", n);

  float tMid = -1, tStop = -1, tSelf = -1;
  CHECK(cudaEventElapsedTime(&tMid, start, mid));
  CHECK(cudaEventElapsedTime(&tStop, start, stop));
  CHECK(cudaEventElapsedTime(&tSelf, start, start));
  if (!(tMid >= 0.0f) || !(tStop >= tMid) || tSelf != 0.0f) {
    std::printf("elapsed times wrong: start->mid %f start->stop %f "
                "start->start %f\n",
                tMid, tStop, tSelf);
    return 1;
  }
  std::printf("elapsed times non-negative and monotonic\n");

  // Events recorded on a created stream.
  cudaStream_t s;
  CHECK(cudaStreamCreate(&s));
  cudaEvent_t s0, s1;
  CHECK(cudaEventCreate(&s0));
  CHECK(cudaEventCreate(&s1));
  CHECK(cudaEventRecord(s0, s));
  work<<<n / 256, 256, 0, s>>>(d, n, 2 * iters);
  CHECK(cudaGetLastError());
  CHECK(cudaEventRecord(s1, s));
  CHECK(cudaEventSynchronize(s1));
  float ts = -1;
  CHECK(cudaEventElapsedTime(&ts, s0, s1));
  if (!(ts >= 0.0f)) {
    std::printf("stream events: elapsed %f\n", ts);
    return 1;
  }
  std::printf("stream events: elapsed time non-negative\n");

  // An event that was never recorded has no time stamp.
  float t = 0;
  cudaError_t e = cudaEventElapsedTime(&t, start, never);
  std::printf("elapsed time to a never-recorded event: %s\n",
              cudaGetErrorName(e));
  if (e != cudaErrorInvalidResourceHandle)
    return 1;
  (void)cudaGetLastError();

  // Events without timing still order and synchronise, but have no time.
  cudaEvent_t noTime;
  CHECK(cudaEventCreateWithFlags(&noTime, cudaEventDisableTiming));
  work<<<n / 256, 256, 0, s>>>(d, n, iters);
  CHECK(cudaGetLastError());
  CHECK(cudaEventRecord(noTime, s));
  e = cudaEventSynchronize(noTime);
  std::printf("disable-timing event synchronized: %s\n", cudaGetErrorName(e));
  if (e != cudaSuccess)
    return 1;
  cudaError_t e1 = cudaEventElapsedTime(&t, start, noTime);
  cudaError_t e2 = cudaEventElapsedTime(&t, noTime, stop);
  std::printf("elapsed time with a disable-timing event: %s %s\n",
              cudaGetErrorName(e1), cudaGetErrorName(e2));
  if (e1 != cudaErrorInvalidResourceHandle ||
      e2 != cudaErrorInvalidResourceHandle)
    return 1;
  (void)cudaGetLastError();

  cudaEvent_t blocking;
  CHECK(cudaEventCreateWithFlags(&blocking, cudaEventBlockingSync));
  work<<<n / 256, 256, 0, s>>>(d, n, iters);
  CHECK(cudaGetLastError());
  CHECK(cudaEventRecord(blocking, s));
  e = cudaEventSynchronize(blocking);
  std::printf("blocking-sync event: %s\n", cudaGetErrorName(e));
  if (e != cudaSuccess)
    return 1;

  cudaEvent_t all[] = {start, mid, stop, never, s0, s1, noTime, blocking};
  for (cudaEvent_t ev : all)
    CHECK(cudaEventDestroy(ev));
  CHECK(cudaStreamDestroy(s));
  CHECK(cudaFree(d));
  std::printf("last error: %s\n", cudaGetErrorString(cudaGetLastError()));
  return 0;
}
