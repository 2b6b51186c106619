// Streams: cudaStreamCreate/WithFlags/WithPriority, work spread over several
// streams, cudaStreamSynchronize, cudaStreamQuery, cudaStreamWaitEvent
// ordering, legacy default-stream semantics, cudaStreamPerThread and a
// cudaStreamNonBlocking stream that runs while the default stream is held.
// A stream is held with a host function that waits for the host to open a
// gate, so that "not ready" states are deterministic on a GPU.
// exec_streams.cu is the same program without the held streams.
// REQUIRES: nvcc
// RUN: %cuda_build
// RUN: %cuda_run %t.static | FileCheck %s
// RUN: %cuda_run %t.shared | FileCheck %s
// CHECK: flags: default 0, non-blocking 1
// CHECK-NEXT: priority range ok, stream priority is the greatest
// CHECK-NEXT: 4 streams: 4 x 65536 elements match
// CHECK-NEXT: idle stream query: cudaSuccess
// CHECK-NEXT: default stream orders blocking streams: 4096 elements match
// CHECK-NEXT: per-thread stream: 4096 elements match
// CHECK-NEXT: held stream query: cudaErrorNotReady
// CHECK-NEXT: waiting stream query: cudaErrorNotReady
// CHECK-NEXT: after release: cudaSuccess cudaSuccess
// CHECK-NEXT: wait-event ordering: 4096 elements match
// CHECK-NEXT: non-blocking stream ran while default stream held: 4096 elements match
// CHECK-NEXT: default stream after release: cudaSuccess
// CHECK-NEXT: last error: no error

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <thread>
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

static void fail(const char *what) {
  std::printf("FAIL: %s\n", what);
  std::exit(1);
}

// A host function that holds its stream until the host opens the gate (or
// a timeout passes, so that a broken implementation cannot hang the test).
struct Gate {
  std::atomic<int> open{0};
  std::atomic<int> timedOut{0};
};

static void CUDART_CB waitGate(void *p) {
  Gate *g = static_cast<Gate *>(p);
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(3);
  while (!g->open.load()) {
    if (std::chrono::steady_clock::now() > deadline) {
      g->timedOut = 1;
      return;
    }
    std::this_thread::yield();
  }
}

__global__ void affine(const int *in, int *out, int n, int mul, int add) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[i] * mul + add;
}

__global__ void fill(int *out, int n, int base) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = base + i;
}

static int countMismatches(const int *got, const std::vector<int> &want) {
  int bad = 0;
  for (size_t i = 0; i < want.size(); ++i)
    bad += got[i] != want[i];
  return bad;
}

int main() {
  // Creation, flags and priorities.
  cudaStream_t plain, nonBlocking, prio;
  CHECK(cudaStreamCreate(&plain));
  CHECK(cudaStreamCreateWithFlags(&nonBlocking, cudaStreamNonBlocking));
  unsigned fPlain = 99, fNb = 99;
  CHECK(cudaStreamGetFlags(plain, &fPlain));
  CHECK(cudaStreamGetFlags(nonBlocking, &fNb));
  std::printf("flags: default %u, non-blocking %u\n", fPlain, fNb);
  if (fPlain != cudaStreamDefault || fNb != cudaStreamNonBlocking)
    fail("stream flags");
  int least = 1, greatest = 1;
  CHECK(cudaDeviceGetStreamPriorityRange(&least, &greatest));
  // Lower numbers are higher priorities; the default priority 0 is least.
  if (greatest > least || least != 0)
    fail("priority range");
  CHECK(cudaStreamCreateWithPriority(&prio, cudaStreamNonBlocking, greatest));
  int p = 1;
  CHECK(cudaStreamGetPriority(prio, &p));
  if (p != greatest)
    fail("stream priority");
  std::printf("priority range ok, stream priority is the greatest\n");

  // Independent pipelines on four streams (pinned memory, async copies).
  const int n = 65536, nStreams = 4;
  cudaStream_t s[nStreams] = {plain, nonBlocking, prio, nullptr};
  CHECK(cudaStreamCreate(&s[3]));
  int *hIn, *hOut, *dIn, *dOut;
  CHECK(cudaMallocHost(&hIn, nStreams * n * sizeof(int)));
  CHECK(cudaMallocHost(&hOut, nStreams * n * sizeof(int)));
  CHECK(cudaMalloc(&dIn, nStreams * n * sizeof(int)));
  CHECK(cudaMalloc(&dOut, nStreams * n * sizeof(int)));
  for (int i = 0; i < nStreams * n; ++i) {
    hIn[i] = i % 1000 - 500;
    hOut[i] = 0;
  }
  for (int k = 0; k < nStreams; ++k) {
    CHECK(cudaMemcpyAsync(dIn + k * n, hIn + k * n, n * sizeof(int),
                          cudaMemcpyHostToDevice, s[k]));
    affine<<<(n + 255) / 256, 256, 0, s[k]>>>(dIn + k * n, dOut + k * n, n,
                                               k + 2, -k);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpyAsync(hOut + k * n, dOut + k * n, n * sizeof(int),
                          cudaMemcpyDeviceToHost, s[k]));
  }
  int bad = 0;
  for (int k = 0; k < nStreams; ++k) {
    CHECK(cudaStreamSynchronize(s[k]));
    std::vector<int> want(n);
    for (int i = 0; i < n; ++i)
      want[i] = hIn[k * n + i] * (k + 2) - k;
    bad += countMismatches(hOut + k * n, want);
  }
  if (bad) {
    std::printf("4 streams: %d mismatches\n", bad);
    return 1;
  }
  std::printf("4 streams: %d x %d elements match\n", nStreams, n);
  cudaError_t q = cudaStreamQuery(s[0]);
  std::printf("idle stream query: %s\n", cudaGetErrorName(q));
  if (q != cudaSuccess)
    return 1;

  // Legacy default stream: work on it waits for earlier work on blocking
  // streams, and later work on blocking streams waits for it, with no
  // explicit synchronisation in between.
  const int m = 4096;
  int *a, *b, *c;
  CHECK(cudaMalloc(&a, m * sizeof(int)));
  CHECK(cudaMalloc(&b, m * sizeof(int)));
  CHECK(cudaMalloc(&c, m * sizeof(int)));
  fill<<<m / 128, 128, 0, plain>>>(a, m, 10);         // a = 10 + i
  affine<<<m / 128, 128, 0, 0>>>(a, b, m, 3, 1);      // b = 3a + 1
  affine<<<m / 128, 128, 0, s[3]>>>(b, c, m, 2, -7);  // c = 2b - 7
  CHECK(cudaGetLastError());
  std::vector<int> got(m), want(m);
  CHECK(cudaMemcpy(got.data(), c, m * sizeof(int), cudaMemcpyDeviceToHost));
  for (int i = 0; i < m; ++i)
    want[i] = 2 * (3 * (10 + i) + 1) - 7;
  bad = countMismatches(got.data(), want);
  if (bad) {
    std::printf("default stream ordering: %d mismatches\n", bad);
    return 1;
  }
  std::printf("default stream orders blocking streams: %d elements match\n", m);

  // The per-thread default stream.
  fill<<<m / 128, 128, 0, cudaStreamPerThread>>>(a, m, -3);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpyAsync(got.data(), a, m * sizeof(int), cudaMemcpyDeviceToHost,
                        cudaStreamPerThread));
  CHECK(cudaStreamSynchronize(cudaStreamPerThread));
  for (int i = 0; i < m; ++i)
    want[i] = -3 + i;
  bad = countMismatches(got.data(), want);
  if (bad) {
    std::printf("per-thread stream: %d mismatches\n", bad);
    return 1;
  }
  std::printf("per-thread stream: %d elements match\n", m);

  // cudaStreamWaitEvent: stream `plain` computes a in two steps around a
  // held host function and records an event; stream s[3] waits for the
  // event and then reads a. While the gate is closed neither stream can be
  // complete.
  Gate gate;
  cudaEvent_t ev;
  CHECK(cudaEventCreateWithFlags(&ev, cudaEventDisableTiming));
  fill<<<m / 128, 128, 0, plain>>>(a, m, 5);           // a = 5 + i
  CHECK(cudaLaunchHostFunc(plain, waitGate, &gate));
  affine<<<m / 128, 128, 0, plain>>>(a, a, m, 4, 0);   // a = 4a
  CHECK(cudaEventRecord(ev, plain));
  CHECK(cudaStreamWaitEvent(s[3], ev, 0));
  affine<<<m / 128, 128, 0, s[3]>>>(a, b, m, 1, 9);    // b = a + 9
  CHECK(cudaGetLastError());
  cudaError_t qHeld = cudaStreamQuery(plain);
  cudaError_t qWait = cudaStreamQuery(s[3]);
  std::printf("held stream query: %s\n", cudaGetErrorName(qHeld));
  std::printf("waiting stream query: %s\n", cudaGetErrorName(qWait));
  gate.open = 1;
  CHECK(cudaStreamSynchronize(s[3]));
  cudaError_t q1 = cudaStreamQuery(plain), q2 = cudaStreamQuery(s[3]);
  std::printf("after release: %s %s\n", cudaGetErrorName(q1),
              cudaGetErrorName(q2));
  CHECK(cudaMemcpy(got.data(), b, m * sizeof(int), cudaMemcpyDeviceToHost));
  for (int i = 0; i < m; ++i)
    want[i] = 4 * (5 + i) + 9;
  bad = countMismatches(got.data(), want);
  if (gate.timedOut || qHeld != cudaErrorNotReady ||
      qWait != cudaErrorNotReady || q1 != cudaSuccess || q2 != cudaSuccess ||
      bad) {
    std::printf("wait-event ordering: %d mismatches, gate timed out: %d\n",
                bad, gate.timedOut.load());
    return 1;
  }
  std::printf("wait-event ordering: %d elements match\n", m);

  // A non-blocking stream does not synchronise with the legacy default
  // stream: it completes while the default stream is held.
  // The copy goes to pinned memory, so that no staging is involved.
  Gate gate2;
  CHECK(cudaLaunchHostFunc(0, waitGate, &gate2));
  fill<<<m / 128, 128, 0, nonBlocking>>>(c, m, 77);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpyAsync(hOut, c, m * sizeof(int), cudaMemcpyDeviceToHost,
                        nonBlocking));
  CHECK(cudaStreamSynchronize(nonBlocking));
  cudaError_t qDefault = cudaStreamQuery(0);
  int sawOpen = gate2.open.load() || gate2.timedOut.load();
  gate2.open = 1;
  for (int i = 0; i < m; ++i)
    want[i] = 77 + i;
  bad = countMismatches(hOut, want);
  if (sawOpen || qDefault != cudaErrorNotReady || bad) {
    std::printf("non-blocking stream: %d mismatches, default stream query "
                "%s, gate already passed: %d\n",
                bad, cudaGetErrorName(qDefault), sawOpen);
    return 1;
  }
  std::printf("non-blocking stream ran while default stream held: %d "
              "elements match\n",
              m);
  CHECK(cudaDeviceSynchronize());
  q = cudaStreamQuery(0);
  std::printf("default stream after release: %s\n", cudaGetErrorName(q));

  CHECK(cudaEventDestroy(ev));
  for (int k = 0; k < nStreams; ++k)
    CHECK(cudaStreamDestroy(s[k]));
  CHECK(cudaFreeHost(hIn));
  CHECK(cudaFreeHost(hOut));
  CHECK(cudaFree(dIn));
  CHECK(cudaFree(dOut));
  CHECK(cudaFree(a));
  CHECK(cudaFree(b));
  CHECK(cudaFree(c));
  std::printf("last error: %s\n", cudaGetErrorString(cudaGetLastError()));
  return q == cudaSuccess ? 0 : 1;
}
