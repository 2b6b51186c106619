// Module variables: __constant__ and __device__ variables (initialized and
// not, arrays, a struct) reached through cudaMemcpyToSymbol and
// cudaMemcpyFromSymbol with offsets and kinds, their async forms,
// cudaGetSymbolSize and cudaGetSymbolAddress (the address is an ordinary
// device pointer for cudaMemcpy and kernel arguments), and a copy past the
// end of a symbol being cudaErrorInvalidValue.
// REQUIRES: nvcc
// RUN: %cuda_build
// RUN: %cuda_run %t.static | FileCheck %s
// RUN: %cuda_run %t.shared | FileCheck %s
// CHECK: symbols: sizes coef 64, cscale 4, table 1024, counter 8, params 16
// CHECK-NEXT: symbols: initial cscale 2.5, counter 42
// CHECK-NEXT: symbols: coef with offset write: 16 elements match
// CHECK-NEXT: symbols: kernel over table: 256 elements match, counter 298
// CHECK-NEXT: symbols: offset read of 50 elements matches
// CHECK-NEXT: symbols: struct through symbol address: a=-2 b=0.25 c=-3.5
// CHECK-NEXT: symbols: device-to-device and async copies: 16 elements match
// CHECK-NEXT: symbols: copy past the end: cudaErrorInvalidValue
// CHECK-NEXT: last error: cudaErrorInvalidValue
// CHECK-NEXT: last error after clear: cudaSuccess

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

struct Params {
  int a;
  float b;
  double c;
};

__constant__ int coef[16];
__constant__ float cscale = 2.5f;
__device__ int table[256];
__device__ unsigned long long counter = 42;
__device__ Params params;

__global__ void apply(int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    table[i] = table[i] * coef[i % 16] + int(cscale * 2.0f);
    atomicAdd(&counter, 1ull);
  }
}

// Writes through a plain pointer (the symbol's address) and reads __constant__.
__global__ void fill(Params *p, int *out) {
  p->a = coef[3];
  p->b = cscale / 10.0f;
  p->c = -double(cscale) - 1.0;
  out[threadIdx.x] = coef[threadIdx.x] + 1000;
}

int main() {
  size_t sCoef, sScale, sTable, sCounter, sParams;
  CHECK(cudaGetSymbolSize(&sCoef, coef));
  CHECK(cudaGetSymbolSize(&sScale, cscale));
  CHECK(cudaGetSymbolSize(&sTable, table));
  CHECK(cudaGetSymbolSize(&sCounter, counter));
  CHECK(cudaGetSymbolSize(&sParams, params));
  std::printf("symbols: sizes coef %zu, cscale %zu, table %zu, counter %zu, "
              "params %zu\n",
              sCoef, sScale, sTable, sCounter, sParams);

  // Initializers are in place before any copy.
  float scale = 0;
  unsigned long long count = 0;
  CHECK(cudaMemcpyFromSymbol(&scale, cscale, sizeof(scale)));
  CHECK(cudaMemcpyFromSymbol(&count, counter, sizeof(count)));
  std::printf("symbols: initial cscale %g, counter %llu\n", scale, count);

  // The whole array, then four elements at a byte offset of 8 elements.
  int hCoef[16], patch[4] = {-1, -2, -3, -4}, back[16];
  for (int i = 0; i < 16; ++i)
    hCoef[i] = i - 5;
  CHECK(cudaMemcpyToSymbol(coef, hCoef, sizeof(hCoef)));
  CHECK(cudaMemcpyToSymbol(coef, patch, sizeof(patch), 8 * sizeof(int),
                           cudaMemcpyHostToDevice));
  for (int i = 0; i < 4; ++i)
    hCoef[8 + i] = patch[i];
  CHECK(cudaMemcpyFromSymbol(back, coef, sizeof(back)));
  int bad = 0;
  for (int i = 0; i < 16; ++i)
    bad += back[i] != hCoef[i];
  if (bad) {
    std::printf("symbols: coef: %d mismatches\n", bad);
    return 1;
  }
  std::printf("symbols: coef with offset write: 16 elements match\n");

  // The table through its symbol address and cudaMemcpy; the kernel names
  // the variables directly.
  int *dTable = nullptr;
  CHECK(cudaGetSymbolAddress((void **)&dTable, table));
  std::vector<int> hTable(256), ref(256), out(256);
  for (int i = 0; i < 256; ++i)
    hTable[i] = i * 3 - 200;
  CHECK(cudaMemcpy(dTable, hTable.data(), 256 * sizeof(int),
                   cudaMemcpyHostToDevice));
  apply<<<2, 128>>>(256);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpyFromSymbol(out.data(), table, 256 * sizeof(int)));
  CHECK(cudaMemcpyFromSymbol(&count, counter, sizeof(count)));
  bad = 0;
  for (int i = 0; i < 256; ++i) {
    ref[i] = hTable[i] * hCoef[i % 16] + 5; // int(2.5f * 2.0f) == 5
    bad += out[i] != ref[i];
  }
  if (bad || count != 42 + 256) {
    std::printf("symbols: table: %d mismatches, counter %llu\n", bad, count);
    return 1;
  }
  std::printf("symbols: kernel over table: 256 elements match, counter %llu\n",
              count);

  // Elements 100..149 by a byte offset into the symbol.
  int part[50];
  CHECK(cudaMemcpyFromSymbol(part, table, sizeof(part), 100 * sizeof(int),
                             cudaMemcpyDeviceToHost));
  bad = 0;
  for (int i = 0; i < 50; ++i)
    bad += part[i] != ref[100 + i];
  if (bad) {
    std::printf("symbols: offset read: %d mismatches\n", bad);
    return 1;
  }
  std::printf("symbols: offset read of 50 elements matches\n");

  // A struct written through its symbol address passed as an argument.
  Params *dParams = nullptr;
  CHECK(cudaGetSymbolAddress((void **)&dParams, params));
  int *dOut;
  CHECK(cudaMalloc(&dOut, 16 * sizeof(int)));
  fill<<<1, 16>>>(dParams, dOut);
  CHECK(cudaGetLastError());
  Params hp = {};
  CHECK(cudaMemcpyFromSymbol(&hp, params, sizeof(hp)));
  if (hp.a != hCoef[3] || hp.b != 0.25f || hp.c != -3.5) {
    std::printf("symbols: params a=%d b=%g c=%g\n", hp.a, hp.b, hp.c);
    return 1;
  }
  std::printf("symbols: struct through symbol address: a=%d b=%g c=%g\n", hp.a,
              hp.b, hp.c);

  // Device to device into a symbol, and the async forms on a stream.
  CHECK(cudaMemcpyToSymbol(coef, dOut, 16 * sizeof(int), 0,
                           cudaMemcpyDeviceToDevice));
  cudaStream_t stream;
  CHECK(cudaStreamCreate(&stream));
  int asyncBack[16], tail[2] = {77, 88};
  CHECK(cudaMemcpyToSymbolAsync(coef, tail, sizeof(tail), 14 * sizeof(int),
                                cudaMemcpyHostToDevice, stream));
  CHECK(cudaMemcpyFromSymbolAsync(asyncBack, coef, sizeof(asyncBack), 0,
                                  cudaMemcpyDeviceToHost, stream));
  CHECK(cudaStreamSynchronize(stream));
  bad = 0;
  for (int i = 0; i < 16; ++i)
    bad += asyncBack[i] != (i >= 14 ? tail[i - 14] : hCoef[i] + 1000);
  if (bad) {
    std::printf("symbols: device-to-device/async: %d mismatches\n", bad);
    return 1;
  }
  std::printf("symbols: device-to-device and async copies: 16 elements "
              "match\n");

  // 8 bytes at offset 60 of a 64-byte symbol do not fit.
  int two[2] = {1, 2};
  cudaError_t past = cudaMemcpyToSymbol(coef, two, sizeof(two), 60);
  std::printf("symbols: copy past the end: %s\n", cudaGetErrorName(past));
  std::printf("last error: %s\n", cudaGetErrorName(cudaGetLastError()));
  std::printf("last error after clear: %s\n",
              cudaGetErrorName(cudaGetLastError()));

  CHECK(cudaStreamDestroy(stream));
  CHECK(cudaFree(dOut));
  return 0;
}
