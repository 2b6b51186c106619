// Host work in streams: cudaLaunchHostFunc and cudaStreamAddCallback run in
// stream order with kernels. A kernel writes mapped pinned memory that the
// next host function reads; the host function writes a value that the next
// kernel reads; callbacks receive the stream and cudaSuccess and run in the
// order they were enqueued, on the default stream and on created streams.
// REQUIRES: nvcc
// RUN: %cuda_build
// RUN: %cuda_run %t.static | FileCheck %s
// RUN: %cuda_run %t.shared | FileCheck %s
// CHECK: host function saw kernel output: sum 41936896 (expected 41936896)
// CHECK-NEXT: kernel saw host function output: 4096 elements match
// CHECK-NEXT: callback: stream matches, status cudaSuccess
// CHECK-NEXT: order: 1 2 3 4
// CHECK-NEXT: 3 streams x 8 host functions in order: yes
// CHECK-NEXT: default stream: callback after kernel saw 1234
// CHECK-NEXT: last error: no error

#include <atomic>
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

const int n = 4096;

struct Shared {
  // Mapped pinned memory, written by kernels and host functions.
  volatile int *produced; // n values from the first kernel
  volatile int *token;    // written by the host function
  long long sum = -1;     // what the host function saw
  std::atomic<int> step{0};
  int order[4] = {0, 0, 0, 0};
  cudaStream_t stream = nullptr;
  cudaStream_t cbStream = (cudaStream_t)1;
  cudaError_t cbStatus = cudaErrorUnknown;
};

__global__ void produce(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = 5 * i + 1;
}

__global__ void consume(const int *in, const volatile int *token, int *out,
                        int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[i] * 2 + *token;
}

static void CUDART_CB readProduced(void *p) {
  Shared *s = static_cast<Shared *>(p);
  long long sum = 0;
  for (int i = 0; i < n; ++i)
    sum += s->produced[i];
  s->sum = sum;
  *s->token = 1000;
  s->order[0] = ++s->step;
}

static void CUDART_CB secondFn(void *p) {
  Shared *s = static_cast<Shared *>(p);
  s->order[1] = ++s->step;
}

static void CUDART_CB callback(cudaStream_t stream, cudaError_t status,
                               void *p) {
  Shared *s = static_cast<Shared *>(p);
  s->cbStream = stream;
  s->cbStatus = status;
  s->order[2] = ++s->step;
}

static void CUDART_CB lastFn(void *p) {
  Shared *s = static_cast<Shared *>(p);
  s->order[3] = ++s->step;
}

struct Log {
  int seen[8];
  int count = 0;
};
struct Item {
  Log *log;
  int value;
};
static void CUDART_CB appendItem(void *p) {
  Item *it = static_cast<Item *>(p);
  it->log->seen[it->log->count++] = it->value;
}

__global__ void setFlag(volatile int *flag, int v) { *flag = v; }

struct FlagCheck {
  volatile int *flag;
  int seen = -1;
};
static void CUDART_CB readFlagCb(cudaStream_t, cudaError_t status, void *p) {
  FlagCheck *f = static_cast<FlagCheck *>(p);
  f->seen = status == cudaSuccess ? *f->flag : -1;
}

int main() {
  int *hProduced, *hToken;
  CHECK(cudaHostAlloc(&hProduced, n * sizeof(int), cudaHostAllocMapped));
  CHECK(cudaHostAlloc(&hToken, sizeof(int), cudaHostAllocMapped));
  int *dProduced, *dToken;
  CHECK(cudaHostGetDevicePointer(&dProduced, hProduced, 0));
  CHECK(cudaHostGetDevicePointer(&dToken, hToken, 0));
  for (int i = 0; i < n; ++i)
    hProduced[i] = 0;
  *hToken = -1;
  int *dOut;
  CHECK(cudaMalloc(&dOut, n * sizeof(int)));

  Shared sh;
  sh.produced = hProduced;
  sh.token = hToken;
  cudaStream_t st;
  CHECK(cudaStreamCreate(&st));
  sh.stream = st;

  produce<<<n / 128, 128, 0, st>>>(dProduced, n);
  CHECK(cudaGetLastError());
  CHECK(cudaLaunchHostFunc(st, readProduced, &sh));
  consume<<<n / 128, 128, 0, st>>>(dProduced, dToken, dOut, n);
  CHECK(cudaGetLastError());
  CHECK(cudaLaunchHostFunc(st, secondFn, &sh));
  CHECK(cudaStreamAddCallback(st, callback, &sh, 0));
  CHECK(cudaLaunchHostFunc(st, lastFn, &sh));
  CHECK(cudaStreamSynchronize(st));

  long long wantSum = 0;
  for (int i = 0; i < n; ++i)
    wantSum += 5LL * i + 1;
  std::printf("host function saw kernel output: sum %lld (expected %lld)\n",
              sh.sum, wantSum);
  if (sh.sum != wantSum)
    return 1;
  std::vector<int> got(n);
  CHECK(cudaMemcpy(got.data(), dOut, n * sizeof(int), cudaMemcpyDeviceToHost));
  int bad = 0;
  for (int i = 0; i < n; ++i)
    bad += got[i] != (5 * i + 1) * 2 + 1000;
  if (bad) {
    std::printf("kernel saw host function output: %d mismatches\n", bad);
    return 1;
  }
  std::printf("kernel saw host function output: %d elements match\n", n);
  std::printf("callback: stream %s, status %s\n",
              sh.cbStream == st ? "matches" : "differs",
              cudaGetErrorName(sh.cbStatus));
  if (sh.cbStream != st || sh.cbStatus != cudaSuccess)
    return 1;
  std::printf("order: %d %d %d %d\n", sh.order[0], sh.order[1], sh.order[2],
              sh.order[3]);
  for (int k = 0; k < 4; ++k)
    if (sh.order[k] != k + 1)
      return 1;

  // Host functions on three streams, each stream keeps its own order.
  const int nS = 3, perStream = 8;
  cudaStream_t ss[nS];
  Log logs[nS];
  Item items[nS][perStream];
  for (int k = 0; k < nS; ++k)
    CHECK(cudaStreamCreateWithFlags(&ss[k], cudaStreamNonBlocking));
  for (int j = 0; j < perStream; ++j)
    for (int k = 0; k < nS; ++k) {
      items[k][j] = {&logs[k], j};
      produce<<<1, 32, 0, ss[k]>>>(dOut, 32);
      CHECK(cudaLaunchHostFunc(ss[k], appendItem, &items[k][j]));
    }
  CHECK(cudaGetLastError());
  for (int k = 0; k < nS; ++k)
    CHECK(cudaStreamSynchronize(ss[k]));
  bool inOrder = true;
  for (int k = 0; k < nS; ++k) {
    inOrder &= logs[k].count == perStream;
    for (int j = 0; j < logs[k].count && j < perStream; ++j)
      inOrder &= logs[k].seen[j] == j;
  }
  std::printf("%d streams x %d host functions in order: %s\n", nS, perStream,
              inOrder ? "yes" : "no");
  if (!inOrder)
    return 1;

  // A callback on the legacy default stream sees the kernel before it.
  FlagCheck fc;
  fc.flag = hToken;
  setFlag<<<1, 1>>>(dToken, 1234);
  CHECK(cudaGetLastError());
  CHECK(cudaStreamAddCallback(0, readFlagCb, &fc, 0));
  CHECK(cudaDeviceSynchronize());
  std::printf("default stream: callback after kernel saw %d\n", fc.seen);
  if (fc.seen != 1234)
    return 1;

  for (int k = 0; k < nS; ++k)
    CHECK(cudaStreamDestroy(ss[k]));
  CHECK(cudaStreamDestroy(st));
  CHECK(cudaFree(dOut));
  CHECK(cudaFreeHost(hProduced));
  CHECK(cudaFreeHost(hToken));
  std::printf("last error: %s\n", cudaGetErrorString(cudaGetLastError()));
  return 0;
}
