// Thrust on the device: device_vector, transform (binary functor and
// thrust::negate), reduce (sum, maximum), transform_reduce, sort (int
// ascending, float descending), sort_by_key and stable_sort_by_key, each
// against a plain C++ reference on the host.
// REQUIRES: nvcc
// RUN: %cuda_build
// RUN: %cuda_run %t.static | FileCheck %s
// RUN: %cuda_run %t.shared | FileCheck %s
// CHECK: device_vector: 50001 elements round trip
// CHECK-NEXT: transform saxpy: match
// CHECK-NEXT: transform negate: match
// CHECK-NEXT: reduce sum: match
// CHECK-NEXT: reduce max: match
// CHECK-NEXT: transform_reduce sum of squares: match
// CHECK-NEXT: sort int: match
// CHECK-NEXT: sort float greater: match
// CHECK-NEXT: sort_by_key: match
// CHECK-NEXT: stable_sort_by_key: match
// CHECK-NEXT: lib_thrust_sort_reduce: ok

#include <thrust/device_vector.h>
#include <thrust/functional.h>
#include <thrust/host_vector.h>
#include <thrust/reduce.h>
#include <thrust/sort.h>
#include <thrust/transform.h>
#include <thrust/transform_reduce.h>

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

struct saxpy {
  int a;
  __host__ __device__ int operator()(int x, int y) const { return a * x + y; }
};

struct square {
  __host__ __device__ long long operator()(int x) const {
    return (long long)x * x;
  }
};

static uint32_t state = 12345;
static uint32_t next() {
  state = state * 1664525u + 1013904223u;
  return state >> 8;
}

static int failures = 0;
template <class T> static void report(const char *what, const T &a,
                                      const T &b) {
  bool same = a == b;
  std::printf("%s: %s\n", what, same ? "match" : "MISMATCH");
  std::fflush(stdout);
  failures += !same;
}

static int run() {
  const int n = 50001;
  std::vector<int> x(n), y(n);
  std::vector<float> f(n);
  for (int i = 0; i < n; ++i) {
    x[i] = int(next() % 20001) - 10000;
    y[i] = int(next() % 1000);
    f[i] = float(int(next() % 100000) - 50000) / 64.0f;
  }

  thrust::host_vector<int> hx(x.begin(), x.end());
  thrust::device_vector<int> dx = hx, dy(y.begin(), y.end());
  thrust::host_vector<int> back = dx;
  if (std::vector<int>(back.begin(), back.end()) != x) {
    std::printf("device_vector: round trip differs\n");
    return 1;
  }
  std::printf("device_vector: %d elements round trip\n", int(dx.size()));

  // transform
  thrust::device_vector<int> dz(n);
  thrust::transform(dx.begin(), dx.end(), dy.begin(), dz.begin(), saxpy{3});
  std::vector<int> z(n);
  for (int i = 0; i < n; ++i)
    z[i] = 3 * x[i] + y[i];
  thrust::host_vector<int> hz = dz;
  report("transform saxpy", std::vector<int>(hz.begin(), hz.end()), z);
  thrust::transform(dx.begin(), dx.end(), dz.begin(), thrust::negate<int>());
  for (int i = 0; i < n; ++i)
    z[i] = -x[i];
  hz = dz;
  report("transform negate", std::vector<int>(hz.begin(), hz.end()), z);

  // reduce
  long long sum = thrust::reduce(dx.begin(), dx.end(), 7LL,
                                 thrust::plus<long long>());
  report("reduce sum", sum, std::accumulate(x.begin(), x.end(), 7LL));
  int mx = thrust::reduce(dx.begin(), dx.end(), -1000000,
                          thrust::maximum<int>());
  report("reduce max", mx, *std::max_element(x.begin(), x.end()));
  long long squares = thrust::transform_reduce(
      dx.begin(), dx.end(), square(), 0LL, thrust::plus<long long>());
  long long squaresRef = 0;
  for (int v : x)
    squaresRef += (long long)v * v;
  report("transform_reduce sum of squares", squares, squaresRef);

  // sort
  thrust::device_vector<int> ds = dx;
  thrust::sort(ds.begin(), ds.end());
  std::vector<int> sorted = x;
  std::sort(sorted.begin(), sorted.end());
  thrust::host_vector<int> hs = ds;
  report("sort int", std::vector<int>(hs.begin(), hs.end()), sorted);

  thrust::device_vector<float> df(f.begin(), f.end());
  thrust::sort(df.begin(), df.end(), thrust::greater<float>());
  std::vector<float> fsorted = f;
  std::sort(fsorted.begin(), fsorted.end(), std::greater<float>());
  thrust::host_vector<float> hf = df;
  report("sort float greater", std::vector<float>(hf.begin(), hf.end()),
         fsorted);

  // sort_by_key with distinct keys (a permutation of 0..n-1 scaled), so the
  // order of the values is defined.
  std::vector<int> keys(n), values(n);
  for (int i = 0; i < n; ++i)
    keys[i] = i * 7;
  for (int i = n - 1; i > 0; --i)
    std::swap(keys[i], keys[next() % (i + 1)]);
  for (int i = 0; i < n; ++i)
    values[i] = keys[i] / 7 * 2 + 1;
  thrust::device_vector<int> dk(keys.begin(), keys.end());
  thrust::device_vector<int> dv(values.begin(), values.end());
  thrust::sort_by_key(dk.begin(), dk.end(), dv.begin());
  std::vector<std::pair<int, int>> pairs(n);
  for (int i = 0; i < n; ++i)
    pairs[i] = {keys[i], values[i]};
  std::sort(pairs.begin(), pairs.end());
  thrust::host_vector<int> hk = dk, hv = dv;
  std::vector<std::pair<int, int>> got(n);
  for (int i = 0; i < n; ++i)
    got[i] = {hk[i], hv[i]};
  report("sort_by_key", got, pairs);

  // stable_sort_by_key with many equal keys: values keep their order.
  for (int i = 0; i < n; ++i) {
    keys[i] = int(next() % 64) - 32;
    values[i] = i;
  }
  dk.assign(keys.begin(), keys.end());
  dv.assign(values.begin(), values.end());
  thrust::stable_sort_by_key(dk.begin(), dk.end(), dv.begin());
  for (int i = 0; i < n; ++i)
    pairs[i] = {keys[i], values[i]};
  std::stable_sort(pairs.begin(), pairs.end(),
                   [](const std::pair<int, int> &a,
                      const std::pair<int, int> &b) {
                     return a.first < b.first;
                   });
  hk = dk;
  hv = dv;
  for (int i = 0; i < n; ++i)
    got[i] = {hk[i], hv[i]};
  report("stable_sort_by_key", got, pairs);

  CHECK(cudaDeviceSynchronize());
  if (failures) {
    std::printf("lib_thrust_sort_reduce: %d failures\n", failures);
    return 1;
  }
  std::printf("lib_thrust_sort_reduce: ok\n");
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
