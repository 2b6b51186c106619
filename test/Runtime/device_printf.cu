// Device printf: C conversions (integers of every length, floating point,
// strings, characters, widths, flags, precision), printf's return value (the
// number of arguments, not of characters), per-thread lines from several
// blocks, and output that appears at cudaDeviceSynchronize.
// REQUIRES: nvcc
// RUN: %cuda_build
// RUN: %cuda_run %t.static | FileCheck %s
// RUN: %cuda_run %t.shared | FileCheck %s

// One thread prints the formats, in program order.
// CHECK: host: formats launched
// CHECK-NEXT: int: -42 42 4000000000 beef FF 10
// CHECK-NEXT: long: 1234567890123 -9000000000000 18446744073709551615
// CHECK-NEXT: float: 3.500000 2.72 1.234568e+04 0.0001 1e+20
// CHECK-NEXT: width: [   3.142] [42    ] [00042] [+7] [0xff]
// CHECK-NEXT: text: A hello 100%
// CHECK-NEXT: no arguments
// CHECK-NEXT: host: formats synchronized
// CHECK-NEXT: printf returned 6 3 7 0
// Eight threads of two blocks: their order is not defined.
// CHECK-NEXT: host: threads launched
// CHECK-DAG: block 0 thread 0 (zero): 0 squared is 0
// CHECK-DAG: block 0 thread 1 (one): 1 squared is 1
// CHECK-DAG: block 0 thread 2 (two): 2 squared is 4
// CHECK-DAG: block 0 thread 3 (three): 3 squared is 9
// CHECK-DAG: block 1 thread 0 (zero): 4 squared is 16
// CHECK-DAG: block 1 thread 1 (one): 5 squared is 25
// CHECK-DAG: block 1 thread 2 (two): 6 squared is 36
// CHECK-DAG: block 1 thread 3 (three): 7 squared is 49
// CHECK: host: threads synchronized
// CHECK-NEXT: device_printf: ok
// CHECK-NOT: squared

#include <cstdio>
#include <cstdlib>

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t err_ = (call);                                                 \
    if (err_ != cudaSuccess) {                                                 \
      std::printf("%s:%d: %s: %s\n", __FILE__, __LINE__, #call,                \
                  cudaGetErrorString(err_));                                   \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

__global__ void formats(int *returned) {
  returned[0] = printf("int: %d %i %u %x %X %o\n", -42, 42, 4000000000u,
                       0xbeef, 255, 8);
  returned[1] = printf("long: %ld %lld %llu\n", 1234567890123L,
                       -9000000000000LL, 18446744073709551615ULL);
  printf("float: %f %.2f %e %g %g\n", 3.5f, 2.71828, 12345.678, 0.0001,
         1e20);
  returned[2] = printf("width: [%8.3f] [%-6d] [%05d] [%+d] [%#x]\n"
                       "text: %c %s 100%%\n",
                       3.14159265, 42, 42, 7, 255, 'A', "hello");
  returned[3] = printf("no arguments\n");
}

__global__ void squares(int *out) {
  const char *names[] = {"zero", "one", "two", "three"};
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = i * i;
  printf("block %d thread %d (%s): %d squared is %d\n", int(blockIdx.x),
         int(threadIdx.x), names[threadIdx.x], i, i * i);
}

int main() {
  int *dret;
  CHECK(cudaMalloc(&dret, 4 * sizeof(int)));
  CHECK(cudaMemset(dret, 0xff, 4 * sizeof(int)));
  formats<<<1, 1>>>(dret);
  CHECK(cudaGetLastError());
  std::printf("host: formats launched\n");
  std::fflush(stdout);
  CHECK(cudaDeviceSynchronize());
  std::printf("host: formats synchronized\n");
  int ret[4];
  CHECK(cudaMemcpy(ret, dret, sizeof(ret), cudaMemcpyDeviceToHost));
  // CUDA's printf returns the number of arguments after the format, not the
  // number of characters: 6, 3, 7 and 0 here.
  std::printf("printf returned %d %d %d %d\n", ret[0], ret[1], ret[2], ret[3]);
  if (ret[0] != 6 || ret[1] != 3 || ret[2] != 7 || ret[3] != 0) {
    std::printf("device_printf: wrong printf return values\n");
    return 1;
  }

  const int blocks = 2, threads = 4, n = blocks * threads;
  int *dout;
  CHECK(cudaMalloc(&dout, n * sizeof(int)));
  squares<<<blocks, threads>>>(dout);
  CHECK(cudaGetLastError());
  std::printf("host: threads launched\n");
  std::fflush(stdout);
  CHECK(cudaDeviceSynchronize());
  std::printf("host: threads synchronized\n");
  int out[n];
  CHECK(cudaMemcpy(out, dout, sizeof(out), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) {
    if (out[i] != i * i) {
      std::printf("device_printf: out[%d] = %d, expected %d\n", i, out[i],
                  i * i);
      return 1;
    }
  }
  CHECK(cudaFree(dret));
  CHECK(cudaFree(dout));
  std::printf("device_printf: ok\n");
  return 0;
}
