// Templated kernels taking callables: a functor struct and __device__ /
// __host__ __device__ extended lambdas (nvcc --extended-lambda) passed by
// value as kernel arguments, a grid-stride loop over more elements than the
// grid has threads, a composition of two callables, and a __constant__
// lookup table initialized statically and then rewritten with
// cudaMemcpyToSymbol. Every result is checked against a host reference.
// REQUIRES: nvcc
// RUN: %nvcc -std=c++17 --extended-lambda -o %t.static %s
// RUN: %nvcc -std=c++17 --extended-lambda -cudart shared -o %t.shared %s
// RUN: %cuda_run %t.static | FileCheck %s
// RUN: %cuda_run %t.shared | FileCheck %s
// CHECK: functor affine(3, -7): 100000 elements match
// CHECK-NEXT: device lambda with captures and table: 100000 elements match
// CHECK-NEXT: host device lambda: 100000 elements match
// CHECK-NEXT: composed functor and lambda: 100000 elements match
// CHECK-NEXT: rewritten table: 100000 elements match
// CHECK-NEXT: reduce with lambda: sum 1683
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

__constant__ int lut[16] = {0,  1,  4,  9,   16,  25,  36,  49,
                            64, 81, 100, 121, 144, 169, 196, 225};
static int hostLut[16] = {0,  1,  4,  9,   16,  25,  36,  49,
                          64, 81, 100, 121, 144, 169, 196, 225};

// out[i] = f(in[i], i) with a grid-stride loop.
template <typename F>
__global__ void transform(const int *in, int *out, int n, F f) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    out[i] = f(in[i], i);
}

// Sums pred(in[i]) ? in[i] : 0 over all i (grid-stride, atomics).
template <typename P>
__global__ void sumIf(const int *in, int n, P pred, int *sum) {
  int local = 0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    if (pred(in[i]))
      local += in[i];
  atomicAdd(sum, local);
}

struct Affine {
  int mul, add;
  __host__ __device__ int operator()(int x, int) const { return x * mul + add; }
};

template <typename F, typename G> struct Compose {
  F f;
  G g;
  __host__ __device__ int operator()(int x, int i) const {
    return g(f(x, i), i);
  }
};
template <typename F, typename G> Compose<F, G> compose(F f, G g) {
  return {f, g};
}

static int check(const char *what, const std::vector<int> &got,
                 const std::vector<int> &want) {
  int bad = 0;
  for (size_t i = 0; i < want.size(); ++i)
    bad += got[i] != want[i];
  if (bad)
    std::printf("%s: %d mismatches\n", what, bad);
  else
    std::printf("%s: %zu elements match\n", what, want.size());
  return bad;
}

int main() {
  const int n = 100000;
  std::vector<int> in(n), out(n), want(n);
  for (int i = 0; i < n; ++i)
    in[i] = (i * 37) % 1000 - 500;
  int *din, *dout;
  CHECK(cudaMalloc(&din, n * sizeof(int)));
  CHECK(cudaMalloc(&dout, n * sizeof(int)));
  CHECK(cudaMemcpy(din, in.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  // 8 blocks of 128 threads: each thread handles about 98 elements.
  const int blocks = 8, threads = 128;
  auto run = [&](auto f) {
    CHECK(cudaMemset(dout, 0xff, n * sizeof(int)));
    transform<<<blocks, threads>>>(din, dout, n, f);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(out.data(), dout, n * sizeof(int),
                     cudaMemcpyDeviceToHost));
  };

  // A functor.
  Affine aff{3, -7};
  run(aff);
  for (int i = 0; i < n; ++i)
    want[i] = in[i] * 3 - 7;
  if (check("functor affine(3, -7)", out, want))
    return 1;

  // A __device__ lambda capturing by value and reading the constant table.
  int k = 5, shift = 2;
  auto dl = [=] __device__(int x, int i) {
    return x * (1 << shift) + k * lut[(x + i) & 15];
  };
  run(dl);
  for (int i = 0; i < n; ++i)
    want[i] = in[i] * (1 << shift) + k * hostLut[(in[i] + i) & 15];
  if (check("device lambda with captures and table", out, want))
    return 1;

  // A __host__ __device__ lambda: the same callable gives the reference.
  int bias = 11;
  auto hdl = [=] __host__ __device__(int x, int i) {
    return x % 7 == 0 ? -x : x * (i % 5) + bias;
  };
  run(hdl);
  for (int i = 0; i < n; ++i)
    want[i] = hdl(in[i], i);
  // and an independent plain C++ spelling of it.
  for (int i = 0; i < n; ++i)
    if (want[i] != (in[i] % 7 == 0 ? -in[i] : in[i] * (i % 5) + 11))
      return 1;
  if (check("host device lambda", out, want))
    return 1;

  // A functor template holding a functor and a device lambda.
  auto sq = [] __device__(int x, int) { return x * x - lut[x & 15]; };
  run(compose(Affine{2, 1}, sq));
  for (int i = 0; i < n; ++i) {
    int y = in[i] * 2 + 1;
    want[i] = y * y - hostLut[y & 15];
  }
  if (check("composed functor and lambda", out, want))
    return 1;

  // Rewrite the constant table; the same lambda sees the new values.
  for (int i = 0; i < 16; ++i)
    hostLut[i] = 1000 - 3 * i;
  CHECK(cudaMemcpyToSymbol(lut, hostLut, sizeof hostLut));
  run(dl);
  for (int i = 0; i < n; ++i)
    want[i] = in[i] * (1 << shift) + k * hostLut[(in[i] + i) & 15];
  if (check("rewritten table", out, want))
    return 1;

  // A predicate lambda driving a reduction: multiples of 3 in 0..99,
  // 3 * (0 + 1 + ... + 33) = 1683.
  std::vector<int> small(100);
  for (int i = 0; i < 100; ++i)
    small[i] = i;
  int *dsmall, *dsum;
  CHECK(cudaMalloc(&dsmall, 100 * sizeof(int)));
  CHECK(cudaMalloc(&dsum, sizeof(int)));
  CHECK(cudaMemcpy(dsmall, small.data(), 100 * sizeof(int),
                   cudaMemcpyHostToDevice));
  CHECK(cudaMemset(dsum, 0, sizeof(int)));
  int m = 3;
  sumIf<<<2, 32>>>(dsmall, 100, [=] __device__(int x) { return x % m == 0; },
                   dsum);
  CHECK(cudaGetLastError());
  int sum = 0, hostSum = 0;
  CHECK(cudaMemcpy(&sum, dsum, sizeof(int), cudaMemcpyDeviceToHost));
  for (int i = 0; i < 100; ++i)
    hostSum += i % 3 == 0 ? i : 0;
  std::printf("reduce with lambda: sum %d\n", sum);
  if (sum != hostSum)
    return 1;

  CHECK(cudaFree(din));
  CHECK(cudaFree(dout));
  CHECK(cudaFree(dsmall));
  CHECK(cudaFree(dsum));
  std::printf("last error: %s\n", cudaGetErrorString(cudaGetLastError()));
  return 0;
}
