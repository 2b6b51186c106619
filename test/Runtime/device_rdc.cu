// Separate compilation (-rdc=true, device linking by nvcc): a kernel here
// calls a __device__ function defined in Inputs/device_rdc_math.cu, which
// calls back a __device__ function defined here; extern __device__ and
// extern __constant__ variables of the other file, written and read from the
// host by symbol; a kernel defined in the other file launched from here.
// The runtime registers the device-linked image with the objects' own
// fatbinaries; ptxjit links the objects' PTX. With PTX only (no SASS to link)
// the device-linked image is empty and the objects are all there is.
// REQUIRES: nvcc
// RUN: %nvcc -std=c++17 -rdc=true -o %t.rdc.static %s %S/Inputs/device_rdc_math.cu
// RUN: %nvcc -std=c++17 -rdc=true -cudart shared -o %t.rdc.shared %s %S/Inputs/device_rdc_math.cu
// RUN: %cuda_run %t.rdc.static | FileCheck %s
// RUN: %cuda_run %t.rdc.shared | FileCheck %s
// RUN: %nvcc -std=c++17 -rdc=true -gencode arch=compute_75,code=compute_75 \
// RUN:   -o %t.rdc.ptx %s %S/Inputs/device_rdc_math.cu
// RUN: %cuda_run %t.rdc.ptx | FileCheck %s
// CHECK: cross-file calls: 1000 values match
// CHECK-NEXT: extern __device__ counter: 1000
// CHECK-NEXT: kernel of the other file: 1000 values match
// CHECK-NEXT: device_rdc: ok

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

// Defined in Inputs/device_rdc_math.cu.
extern __device__ int rdc_poly(int x);
extern __device__ int rdc_calls;
extern __constant__ int rdc_coefficients[4];
__global__ void rdc_add(int *values, int n, int amount);

// Called from Inputs/device_rdc_math.cu.
__device__ int rdc_square(int x) { return x * x; }

__global__ void evaluate(const int *in, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = rdc_poly(in[i]);
}

int main() {
  const int n = 1000;
  const int coefficients[4] = {5, -3, 2, 1};
  std::vector<int> in(n), out(n);
  for (int i = 0; i < n; ++i)
    in[i] = i % 41 - 20;
  int *din, *dout;
  CHECK(cudaMalloc(&din, n * sizeof(int)));
  CHECK(cudaMalloc(&dout, n * sizeof(int)));
  CHECK(cudaMemcpy(din, in.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpyToSymbol(rdc_coefficients, coefficients,
                           sizeof(coefficients)));
  int zero = 0;
  CHECK(cudaMemcpyToSymbol(rdc_calls, &zero, sizeof(int)));

  evaluate<<<(n + 127) / 128, 128>>>(din, dout, n);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(out.data(), dout, n * sizeof(int), cudaMemcpyDeviceToHost));
  std::vector<int> ref(n);
  for (int i = 0; i < n; ++i) {
    int x = in[i];
    ref[i] = 5 - 3 * x + 2 * x * x + x * x * x;
    if (out[i] != ref[i]) {
      std::printf("cross-file calls: out[%d] = %d, expected %d\n", i, out[i],
                  ref[i]);
      return 1;
    }
  }
  std::printf("cross-file calls: %d values match\n", n);

  int calls = -1;
  CHECK(cudaMemcpyFromSymbol(&calls, rdc_calls, sizeof(int)));
  std::printf("extern __device__ counter: %d\n", calls);
  if (calls != n)
    return 1;

  rdc_add<<<(n + 255) / 256, 256>>>(dout, n, 17);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(out.data(), dout, n * sizeof(int), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) {
    if (out[i] != ref[i] + 17) {
      std::printf("kernel of the other file: out[%d] = %d, expected %d\n", i,
                  out[i], ref[i] + 17);
      return 1;
    }
  }
  std::printf("kernel of the other file: %d values match\n", n);
  CHECK(cudaFree(din));
  CHECK(cudaFree(dout));
  std::printf("device_rdc: ok\n");
  return 0;
}
