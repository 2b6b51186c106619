// CUB device-wide radix sort and scan with the two-phase temporary storage
// pattern (a first call with no storage returns the bytes it needs):
// DeviceRadixSort::SortKeys (unsigned, and a bit range), SortKeysDescending,
// SortPairs (negative int keys), DeviceScan::ExclusiveSum and InclusiveSum,
// each against a plain C++ reference on the host.
// REQUIRES: nvcc
// RUN: %cuda_build
// RUN: %cuda_run %t.static | FileCheck %s
// RUN: %cuda_run %t.shared | FileCheck %s
// CHECK: SortKeys: match
// CHECK-NEXT: SortKeys bits 0-16: match
// CHECK-NEXT: SortKeysDescending: match
// CHECK-NEXT: SortPairs: match
// CHECK-NEXT: ExclusiveSum: match
// CHECK-NEXT: InclusiveSum: match
// CHECK-NEXT: lib_cub_sort_scan: ok

#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_scan.cuh>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <utility>
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

static uint32_t state = 4242;
static uint32_t next() {
  state = state * 1664525u + 1013904223u;
  return state;
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
  const int n = 100003;
  std::vector<uint32_t> keys(n);
  for (auto &k : keys)
    k = next();
  uint32_t *dkeys = toDevice(keys), *dsorted;
  CHECK(cudaMalloc(&dsorted, n * sizeof(uint32_t)));

  // SortKeys: query the storage, allocate it, sort.
  void *temp = nullptr;
  size_t bytes = 0;
  CHECK(cub::DeviceRadixSort::SortKeys(temp, bytes, dkeys, dsorted, n));
  if (bytes == 0) {
    std::printf("SortKeys: no temporary storage requested\n");
    return 1;
  }
  CHECK(cudaMalloc(&temp, bytes));
  CHECK(cub::DeviceRadixSort::SortKeys(temp, bytes, dkeys, dsorted, n));
  CHECK(cudaFree(temp));
  std::vector<uint32_t> ref = keys;
  std::sort(ref.begin(), ref.end());
  report("SortKeys", toHost(dsorted, n), ref);

  // Only bits [0, 16) take part: a stable sort by the low half.
  temp = nullptr;
  CHECK(cub::DeviceRadixSort::SortKeys(temp, bytes, dkeys, dsorted, n, 0, 16));
  CHECK(cudaMalloc(&temp, bytes));
  CHECK(cub::DeviceRadixSort::SortKeys(temp, bytes, dkeys, dsorted, n, 0, 16));
  CHECK(cudaFree(temp));
  ref = keys;
  std::stable_sort(ref.begin(), ref.end(), [](uint32_t a, uint32_t b) {
    return (a & 0xffff) < (b & 0xffff);
  });
  report("SortKeys bits 0-16", toHost(dsorted, n), ref);

  temp = nullptr;
  CHECK(cub::DeviceRadixSort::SortKeysDescending(temp, bytes, dkeys, dsorted,
                                                 n));
  CHECK(cudaMalloc(&temp, bytes));
  CHECK(cub::DeviceRadixSort::SortKeysDescending(temp, bytes, dkeys, dsorted,
                                                 n));
  CHECK(cudaFree(temp));
  ref = keys;
  std::sort(ref.begin(), ref.end(), std::greater<uint32_t>());
  report("SortKeysDescending", toHost(dsorted, n), ref);

  // SortPairs: signed keys with duplicates; the radix sort is stable, so
  // the values (original positions) of equal keys stay in order.
  std::vector<int> ikeys(n), values(n);
  for (int i = 0; i < n; ++i) {
    ikeys[i] = int(next() % 5001) - 2500;
    values[i] = i;
  }
  int *dik = toDevice(ikeys), *div = toDevice(values), *dik2, *div2;
  CHECK(cudaMalloc(&dik2, n * sizeof(int)));
  CHECK(cudaMalloc(&div2, n * sizeof(int)));
  temp = nullptr;
  CHECK(cub::DeviceRadixSort::SortPairs(temp, bytes, dik, dik2, div, div2, n));
  CHECK(cudaMalloc(&temp, bytes));
  CHECK(cub::DeviceRadixSort::SortPairs(temp, bytes, dik, dik2, div, div2, n));
  CHECK(cudaFree(temp));
  std::vector<std::pair<int, int>> pairs(n), got(n);
  for (int i = 0; i < n; ++i)
    pairs[i] = {ikeys[i], values[i]};
  std::stable_sort(pairs.begin(), pairs.end(),
                   [](const std::pair<int, int> &a,
                      const std::pair<int, int> &b) {
                     return a.first < b.first;
                   });
  std::vector<int> gk = toHost(dik2, n), gv = toHost(div2, n);
  for (int i = 0; i < n; ++i)
    got[i] = {gk[i], gv[i]};
  report("SortPairs", got, pairs);

  // Scans of int values, 64-bit sums.
  std::vector<long long> in(n);
  for (auto &v : in)
    v = (long long)(next() % 2000001) - 1000000;
  long long *din = toDevice(in), *dout;
  CHECK(cudaMalloc(&dout, n * sizeof(long long)));
  temp = nullptr;
  CHECK(cub::DeviceScan::ExclusiveSum(temp, bytes, din, dout, n));
  CHECK(cudaMalloc(&temp, bytes));
  CHECK(cub::DeviceScan::ExclusiveSum(temp, bytes, din, dout, n));
  CHECK(cudaFree(temp));
  std::vector<long long> sums(n);
  long long s = 0;
  for (int i = 0; i < n; ++i) {
    sums[i] = s;
    s += in[i];
  }
  report("ExclusiveSum", toHost(dout, n), sums);

  temp = nullptr;
  CHECK(cub::DeviceScan::InclusiveSum(temp, bytes, din, dout, n));
  CHECK(cudaMalloc(&temp, bytes));
  CHECK(cub::DeviceScan::InclusiveSum(temp, bytes, din, dout, n));
  CHECK(cudaFree(temp));
  for (int i = 0; i < n; ++i)
    sums[i] += in[i];
  report("InclusiveSum", toHost(dout, n), sums);

  CHECK(cudaDeviceSynchronize());
  if (failures) {
    std::printf("lib_cub_sort_scan: %d failures\n", failures);
    return 1;
  }
  std::printf("lib_cub_sort_scan: ok\n");
  return 0;
}
