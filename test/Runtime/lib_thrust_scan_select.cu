// Thrust on the device: inclusive_scan (sum and maximum), exclusive_scan
// (default init and a given one), inclusive_scan_by_key, copy_if (predicate
// and stencil), count_if and remove_if, each against a plain C++ reference
// on the host.
// REQUIRES: nvcc
// RUN: %cuda_build
// RUN: %cuda_run %t.static | FileCheck %s
// RUN: %cuda_run %t.shared | FileCheck %s
// CHECK: inclusive_scan sum: match
// CHECK-NEXT: inclusive_scan max: match
// CHECK-NEXT: exclusive_scan: match
// CHECK-NEXT: exclusive_scan init 1000: match
// CHECK-NEXT: inclusive_scan_by_key: match
// CHECK-NEXT: copy_if multiples of 3: match
// CHECK-NEXT: copy_if stencil: match
// CHECK-NEXT: count_if negative: match
// CHECK-NEXT: remove_if odd: match
// CHECK-NEXT: lib_thrust_scan_select: ok

#include <thrust/copy.h>
#include <thrust/count.h>
#include <thrust/device_vector.h>
#include <thrust/functional.h>
#include <thrust/host_vector.h>
#include <thrust/remove.h>
#include <thrust/scan.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <numeric>
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

struct multiple_of_3 {
  __host__ __device__ bool operator()(int x) const { return x % 3 == 0; }
};
struct negative {
  __host__ __device__ bool operator()(int x) const { return x < 0; }
};
struct odd {
  __host__ __device__ bool operator()(int x) const { return x % 2 != 0; }
};
struct nonzero {
  __host__ __device__ bool operator()(unsigned char x) const { return x != 0; }
};

static uint32_t state = 777;
static uint32_t next() {
  state = state * 1664525u + 1013904223u;
  return state >> 8;
}

static int failures = 0;
static void report(const char *what, const thrust::device_vector<int> &got,
                   const std::vector<int> &expected) {
  thrust::host_vector<int> h = got;
  bool same = std::vector<int>(h.begin(), h.end()) == expected;
  std::printf("%s: %s\n", what, same ? "match" : "MISMATCH");
  std::fflush(stdout);
  failures += !same;
}

static int run() {
  const int n = 70001;
  std::vector<int> x(n), keys(n);
  std::vector<unsigned char> flags(n);
  for (int i = 0; i < n; ++i) {
    x[i] = int(next() % 2001) - 1000;
    keys[i] = i / 100 + (i % 1000 == 999); // runs of equal keys
    flags[i] = next() % 4 == 0;
  }
  thrust::device_vector<int> dx(x.begin(), x.end()), dout(n);

  // Inclusive scans.
  std::vector<int> ref(n);
  thrust::inclusive_scan(dx.begin(), dx.end(), dout.begin());
  std::partial_sum(x.begin(), x.end(), ref.begin());
  report("inclusive_scan sum", dout, ref);
  thrust::inclusive_scan(dx.begin(), dx.end(), dout.begin(),
                         thrust::maximum<int>());
  for (int i = 0, m = x[0]; i < n; ++i)
    ref[i] = m = std::max(m, x[i]);
  report("inclusive_scan max", dout, ref);

  // Exclusive scans.
  thrust::exclusive_scan(dx.begin(), dx.end(), dout.begin());
  for (int i = 0, s = 0; i < n; ++i) {
    ref[i] = s;
    s += x[i];
  }
  report("exclusive_scan", dout, ref);
  thrust::exclusive_scan(dx.begin(), dx.end(), dout.begin(), 1000);
  for (int i = 0; i < n; ++i)
    ref[i] += 1000;
  report("exclusive_scan init 1000", dout, ref);

  // Segmented: the sum restarts where the key changes.
  thrust::device_vector<int> dkeys(keys.begin(), keys.end());
  thrust::inclusive_scan_by_key(dkeys.begin(), dkeys.end(), dx.begin(),
                                dout.begin());
  for (int i = 0; i < n; ++i)
    ref[i] = (i > 0 && keys[i] == keys[i - 1]) ? ref[i - 1] + x[i] : x[i];
  report("inclusive_scan_by_key", dout, ref);

  // Stream compaction keeps the order of what it keeps.
  std::vector<int> kept;
  std::copy_if(x.begin(), x.end(), std::back_inserter(kept), multiple_of_3());
  thrust::device_vector<int> dkept(n);
  auto end = thrust::copy_if(dx.begin(), dx.end(), dkept.begin(),
                             multiple_of_3());
  dkept.resize(end - dkept.begin());
  report("copy_if multiples of 3", dkept, kept);

  kept.clear();
  for (int i = 0; i < n; ++i)
    if (flags[i])
      kept.push_back(x[i]);
  thrust::device_vector<unsigned char> dflags(flags.begin(), flags.end());
  dkept.resize(n);
  end = thrust::copy_if(dx.begin(), dx.end(), dflags.begin(), dkept.begin(),
                        nonzero());
  dkept.resize(end - dkept.begin());
  report("copy_if stencil", dkept, kept);

  long count = thrust::count_if(dx.begin(), dx.end(), negative());
  long countRef = std::count_if(x.begin(), x.end(), negative());
  std::printf("count_if negative: %s\n",
              count == countRef ? "match" : "MISMATCH");
  failures += count != countRef;

  std::vector<int> rest = x;
  rest.erase(std::remove_if(rest.begin(), rest.end(), odd()), rest.end());
  end = thrust::remove_if(dx.begin(), dx.end(), odd());
  dx.resize(end - dx.begin());
  report("remove_if odd", dx, rest);

  CHECK(cudaDeviceSynchronize());
  if (failures) {
    std::printf("lib_thrust_scan_select: %d failures\n", failures);
    return 1;
  }
  std::printf("lib_thrust_scan_select: ok\n");
  return 0;
}

int main() {
  // Thrust reports a failed CUDA call with an exception.
  try {
    return run();
  } catch (const std::exception &e) {
    std::printf("exception: %s\n", e.what());
    return 1;
  }
}
