// CUB device-wide reductions, selection and histograms with the two-phase
// temporary storage pattern (a first call with no storage returns the bytes
// it needs): DeviceReduce::Sum and Max, DeviceSelect::If and Flagged,
// DeviceHistogram::HistogramEven, each against a plain C++ reference on the
// host.
// REQUIRES: nvcc
// RUN: %cuda_build
// RUN: %cuda_run %t.static | FileCheck %s
// RUN: %cuda_run %t.shared | FileCheck %s
// CHECK: DeviceReduce::Sum: match
// CHECK-NEXT: DeviceReduce::Max: match
// CHECK-NEXT: DeviceSelect::If: match
// CHECK-NEXT: DeviceSelect::Flagged: match
// CHECK-NEXT: DeviceHistogram::HistogramEven: match
// CHECK-NEXT: lib_cub_reduce_select_histogram: ok

#include <cub/device/device_histogram.cuh>
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_select.cuh>

#include <algorithm>
#include <cstdint>
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

struct divisible_by_7 {
  __host__ __device__ bool operator()(int x) const { return x % 7 == 0; }
};

static uint32_t state = 99;
static uint32_t next() {
  state = state * 1664525u + 1013904223u;
  return state >> 4;
}

template <class T> static T *toDevice(const std::vector<T> &v) {
  T *d;
  CHECK(cudaMalloc(&d, v.size() * sizeof(T)));
  CHECK(cudaMemcpy(d, v.data(), v.size() * sizeof(T), cudaMemcpyHostToDevice));
  return d;
}
template <class T> static std::vector<T> toHost(const T *d, size_t n) {
  std::vector<T> v(n);
  CHECK(cudaMemcpy(v.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost));
  return v;
}

static int failures = 0;
template <class T> static void report(const char *what, const T &a,
                                      const T &b) {
  bool same = a == b;
  std::printf("%s: %s\n", what, same ? "match" : "MISMATCH");
  std::fflush(stdout);
  failures += !same;
}

int main() {
  const int n = 123457;

  // Sum of 64-bit values.
  std::vector<long long> big(n);
  for (auto &v : big)
    v = (long long)(next() % 20000001) - 10000000;
  long long *dbig = toDevice(big), *dsum;
  CHECK(cudaMalloc(&dsum, sizeof(long long)));
  void *temp = nullptr;
  size_t bytes = 0;
  CHECK(cub::DeviceReduce::Sum(temp, bytes, dbig, dsum, n));
  CHECK(cudaMalloc(&temp, bytes));
  CHECK(cub::DeviceReduce::Sum(temp, bytes, dbig, dsum, n));
  CHECK(cudaFree(temp));
  long long sumRef = 0;
  for (long long v : big)
    sumRef += v;
  report("DeviceReduce::Sum", toHost(dsum, 1)[0], sumRef);

  // Max of ints; the largest value sits at a single position.
  std::vector<int> x(n);
  for (auto &v : x)
    v = int(next() % 1000001) - 500000;
  x[98765] = 600000;
  int *dx = toDevice(x), *dmax;
  CHECK(cudaMalloc(&dmax, sizeof(int)));
  temp = nullptr;
  CHECK(cub::DeviceReduce::Max(temp, bytes, dx, dmax, n));
  CHECK(cudaMalloc(&temp, bytes));
  CHECK(cub::DeviceReduce::Max(temp, bytes, dx, dmax, n));
  CHECK(cudaFree(temp));
  report("DeviceReduce::Max", toHost(dmax, 1)[0],
         *std::max_element(x.begin(), x.end()));

  // Select::If keeps the selected items in their order and counts them.
  int *dsel, *dcount;
  CHECK(cudaMalloc(&dsel, n * sizeof(int)));
  CHECK(cudaMalloc(&dcount, sizeof(int)));
  temp = nullptr;
  CHECK(cub::DeviceSelect::If(temp, bytes, dx, dsel, dcount, n,
                              divisible_by_7()));
  CHECK(cudaMalloc(&temp, bytes));
  CHECK(cub::DeviceSelect::If(temp, bytes, dx, dsel, dcount, n,
                              divisible_by_7()));
  CHECK(cudaFree(temp));
  std::vector<int> kept;
  std::copy_if(x.begin(), x.end(), std::back_inserter(kept), divisible_by_7());
  int count = toHost(dcount, 1)[0];
  std::vector<int> got;
  if (count >= 0 && count <= n)
    got = toHost(dsel, count);
  report("DeviceSelect::If", got, kept);

  // Select::Flagged keeps the items whose flag is nonzero.
  std::vector<char> flags(n);
  for (auto &f : flags)
    f = next() % 3 == 0;
  char *dflags = toDevice(flags);
  temp = nullptr;
  CHECK(cub::DeviceSelect::Flagged(temp, bytes, dx, dflags, dsel, dcount, n));
  CHECK(cudaMalloc(&temp, bytes));
  CHECK(cub::DeviceSelect::Flagged(temp, bytes, dx, dflags, dsel, dcount, n));
  CHECK(cudaFree(temp));
  kept.clear();
  for (int i = 0; i < n; ++i)
    if (flags[i])
      kept.push_back(x[i]);
  count = toHost(dcount, 1)[0];
  got.clear();
  if (count >= 0 && count <= n)
    got = toHost(dsel, count);
  report("DeviceSelect::Flagged", got, kept);

  // HistogramEven: 10 bins of width 10 over [0, 100); samples outside the
  // range are not counted.
  std::vector<int> samples(n);
  for (auto &s : samples)
    s = int(next() % 120) - 10;
  int *dsamples = toDevice(samples);
  const int bins = 10;
  int *dhist;
  CHECK(cudaMalloc(&dhist, bins * sizeof(int)));
  temp = nullptr;
  CHECK(cub::DeviceHistogram::HistogramEven(temp, bytes, dsamples, dhist,
                                            bins + 1, 0, 100, n));
  CHECK(cudaMalloc(&temp, bytes));
  CHECK(cub::DeviceHistogram::HistogramEven(temp, bytes, dsamples, dhist,
                                            bins + 1, 0, 100, n));
  CHECK(cudaFree(temp));
  std::vector<int> hist(bins, 0);
  for (int s : samples)
    if (s >= 0 && s < 100)
      ++hist[s / 10];
  report("DeviceHistogram::HistogramEven", toHost(dhist, bins), hist);

  CHECK(cudaDeviceSynchronize());
  if (failures) {
    std::printf("lib_cub_reduce_select_histogram: %d failures\n", failures);
    return 1;
  }
  std::printf("lib_cub_reduce_select_histogram: ok\n");
  return 0;
}
