// Atomics from many threads and blocks: atomicAdd on int, unsigned long long,
// float and double (values chosen so that every order of additions gives the
// same exact sum), atomicMax/atomicMin on int, atomicCAS loops (a float
// maximum and a 64-bit multiply-add), atomicExch, atomicInc wrap-around,
// atomicAnd/Or/Xor, and a shared-memory histogram merged with global
// atomics, each against a host reference.
// REQUIRES: nvcc
// RUN: %cuda_build
// RUN: %cuda_run %t.static | FileCheck %s
// RUN: %cuda_run %t.shared | FileCheck %s
// CHECK: atomicAdd int: 65536 adds, sum matches
// CHECK-NEXT: atomicAdd unsigned long long: sum matches
// CHECK-NEXT: atomicAdd float: exact sum matches
// CHECK-NEXT: atomicAdd double: exact sum matches
// CHECK-NEXT: atomicMax/atomicMin int: match
// CHECK-NEXT: atomicCAS float max: match
// CHECK-NEXT: atomicCAS 64-bit hash: match
// CHECK-NEXT: atomicExch: every ticket seen once
// CHECK-NEXT: atomicInc wrap: match
// CHECK-NEXT: atomicAnd/atomicOr/atomicXor: match
// CHECK-NEXT: shared-memory histogram: 64 bins match
// CHECK-NEXT: last error: no error

#include <algorithm>
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

const int N = 65536;
const int kBins = 64;

__host__ __device__ int value(int i) { return (i * 7919 + 13) % 20011 - 10000; }
// Clears every bit but 3 and 17.
__host__ __device__ unsigned andMask(int i) {
  return i % 32 == 3 || i % 32 == 17 ? ~0u : ~(1u << (i % 32));
}
__host__ __device__ unsigned long long mix(unsigned long long h, int i) {
  return h * 6364136223846793005ULL + unsigned(i);
}

struct Results {
  int sum;
  unsigned long long usum;
  float fsum;
  double dsum;
  int maxv, minv;
  float fmax;
  unsigned long long hash;
  unsigned inc;
  unsigned andv, orv, xorv;
};

__device__ float atomicMaxFloat(float *addr, float v) {
  int *a = reinterpret_cast<int *>(addr);
  int old = *a, assumed;
  do {
    assumed = old;
    if (__int_as_float(assumed) >= v)
      break;
    old = atomicCAS(a, assumed, __float_as_int(v));
  } while (old != assumed);
  return __int_as_float(old);
}

// A 64-bit add built from atomicCAS; wrap-around makes the sum of the
// pseudo-random terms order-independent.
__device__ void atomicAddViaCAS(unsigned long long *addr,
                                unsigned long long v) {
  unsigned long long old = *addr, assumed;
  do {
    assumed = old;
    old = atomicCAS(addr, assumed, assumed + v);
  } while (old != assumed);
}

__global__ void kernel(Results *r, int *tickets, int *seen) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= N)
    return;
  int v = value(i);
  atomicAdd(&r->sum, v);
  atomicAdd(&r->usum, (unsigned long long)(v + 10000) << 20);
  // Quarters below 16 in magnitude: every partial sum is below 2^20, a
  // multiple of 1/4, so exact in float whatever the order.
  atomicAdd(&r->fsum, float(v % 64) * 0.25f);
  atomicAdd(&r->dsum, double(v) * 0.125);
  atomicMax(&r->maxv, v);
  atomicMin(&r->minv, v);
  atomicMaxFloat(&r->fmax, float(v) * 0.5f);
  atomicAddViaCAS(&r->hash, mix(0x9e3779b97f4a7c15ULL, i));
  atomicInc(&r->inc, 999u);
  atomicAnd(&r->andv, andMask(i));
  atomicOr(&r->orv, 1u << (unsigned(v + 10000) % 29));
  atomicXor(&r->xorv, unsigned(v) * 2654435761u);
  // Each thread exchanges its id into a slot and records what it took out.
  int old = atomicExch(&tickets[i % 256], i);
  seen[i] = old;
}

__global__ void histogram(const int *data, int n, unsigned *bins) {
  __shared__ unsigned local[kBins];
  for (int b = threadIdx.x; b < kBins; b += blockDim.x)
    local[b] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += gridDim.x * blockDim.x)
    atomicAdd(&local[unsigned(data[i]) % kBins], 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < kBins; b += blockDim.x)
    atomicAdd(&bins[b], local[b]);
}

int main() {
  Results init;
  std::memset(&init, 0, sizeof init);
  init.maxv = -2147483647 - 1;
  init.minv = 2147483647;
  init.fmax = -1e30f;
  init.andv = 0xffffffffu;
  Results *dr;
  CHECK(cudaMalloc(&dr, sizeof(Results)));
  CHECK(cudaMemcpy(dr, &init, sizeof init, cudaMemcpyHostToDevice));
  int *tickets, *seen;
  CHECK(cudaMalloc(&tickets, 256 * sizeof(int)));
  CHECK(cudaMalloc(&seen, N * sizeof(int)));
  CHECK(cudaMemset(tickets, 0xff, 256 * sizeof(int))); // -1
  kernel<<<N / 256, 256>>>(dr, tickets, seen);
  CHECK(cudaGetLastError());
  Results got;
  CHECK(cudaMemcpy(&got, dr, sizeof got, cudaMemcpyDeviceToHost));

  Results want = init;
  for (int i = 0; i < N; ++i) {
    int v = value(i);
    want.sum += v;
    want.usum += (unsigned long long)(v + 10000) << 20;
    want.fsum += float(v % 64) * 0.25f;
    want.dsum += double(v) * 0.125;
    want.maxv = std::max(want.maxv, v);
    want.minv = std::min(want.minv, v);
    want.fmax = std::max(want.fmax, float(v) * 0.5f);
    want.hash += mix(0x9e3779b97f4a7c15ULL, i);
    want.inc = want.inc >= 999u ? 0u : want.inc + 1;
    want.andv &= andMask(i);
    want.orv |= 1u << (unsigned(v + 10000) % 29);
    want.xorv ^= unsigned(v) * 2654435761u;
  }
  auto verdict = [](const char *what, bool ok) {
    if (!ok) {
      std::printf("%s: mismatch\n", what);
      std::exit(1);
    }
  };
  verdict("atomicAdd int", got.sum == want.sum);
  std::printf("atomicAdd int: %d adds, sum matches\n", N);
  verdict("atomicAdd unsigned long long", got.usum == want.usum);
  std::printf("atomicAdd unsigned long long: sum matches\n");
  if (got.fsum != want.fsum) {
    std::printf("atomicAdd float: %.9g, expected %.9g\n", got.fsum, want.fsum);
    return 1;
  }
  std::printf("atomicAdd float: exact sum matches\n");
  if (got.dsum != want.dsum) {
    std::printf("atomicAdd double: %.17g, expected %.17g\n", got.dsum,
                want.dsum);
    return 1;
  }
  std::printf("atomicAdd double: exact sum matches\n");
  verdict("atomicMax/atomicMin int",
          got.maxv == want.maxv && got.minv == want.minv);
  std::printf("atomicMax/atomicMin int: match\n");
  verdict("atomicCAS float max", got.fmax == want.fmax);
  std::printf("atomicCAS float max: match\n");
  verdict("atomicCAS 64-bit hash", got.hash == want.hash);
  std::printf("atomicCAS 64-bit hash: match\n");

  // atomicExch: per slot, the values taken out plus the final value are
  // exactly the initial -1 and every thread id mapping to that slot.
  std::vector<int> hSeen(N), hTickets(256);
  CHECK(cudaMemcpy(hSeen.data(), seen, N * sizeof(int),
                   cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(hTickets.data(), tickets, 256 * sizeof(int),
                   cudaMemcpyDeviceToHost));
  std::vector<int> count(N + 1, 0);
  for (int i = 0; i < N; ++i)
    count[hSeen[i] + 1]++;
  for (int s = 0; s < 256; ++s)
    count[hTickets[s] + 1]++;
  bool once = count[0] == 256;
  for (int i = 0; i < N; ++i)
    once &= count[i + 1] == 1;
  verdict("atomicExch", once);
  std::printf("atomicExch: every ticket seen once\n");
  verdict("atomicInc wrap", got.inc == want.inc && want.inc == N % 1000);
  std::printf("atomicInc wrap: match\n");
  verdict("atomicAnd/atomicOr/atomicXor", got.andv == want.andv &&
                                              want.andv == 0x20008u &&
                                              got.orv == want.orv &&
                                              got.xorv == want.xorv);
  std::printf("atomicAnd/atomicOr/atomicXor: match\n");

  // A histogram through shared-memory atomics, merged with global ones.
  std::vector<int> data(N);
  for (int i = 0; i < N; ++i)
    data[i] = value(i) * 3 + i % 17;
  int *dData;
  unsigned *dBins;
  CHECK(cudaMalloc(&dData, N * sizeof(int)));
  CHECK(cudaMalloc(&dBins, kBins * sizeof(unsigned)));
  CHECK(cudaMemcpy(dData, data.data(), N * sizeof(int),
                   cudaMemcpyHostToDevice));
  CHECK(cudaMemset(dBins, 0, kBins * sizeof(unsigned)));
  histogram<<<40, 192>>>(dData, N, dBins);
  CHECK(cudaGetLastError());
  std::vector<unsigned> bins(kBins), wantBins(kBins, 0);
  CHECK(cudaMemcpy(bins.data(), dBins, kBins * sizeof(unsigned),
                   cudaMemcpyDeviceToHost));
  for (int i = 0; i < N; ++i)
    wantBins[unsigned(data[i]) % kBins]++;
  int bad = 0;
  for (int b = 0; b < kBins; ++b)
    bad += bins[b] != wantBins[b];
  if (bad) {
    std::printf("shared-memory histogram: %d bins differ\n", bad);
    return 1;
  }
  std::printf("shared-memory histogram: %d bins match\n", kBins);

  CHECK(cudaFree(dr));
  CHECK(cudaFree(tickets));
  CHECK(cudaFree(seen));
  CHECK(cudaFree(dData));
  CHECK(cudaFree(dBins));
  std::printf("last error: %s\n", cudaGetErrorString(cudaGetLastError()));
  return 0;
}
