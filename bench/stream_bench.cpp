//===- stream_bench.cpp - Driver launches and streams against native C++ --===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// Measures what the driver API adds around kernels (lib/CAPI): the latency
// of a launch and its synchronization, of a small blocking copy, and how
// independent single-CTA grids overlap on several streams. Each row is
// timed next to the same work done by native C++ (compiled -O3
// -march=native) and prints the median times and their ratio.
//
//   ptxjit-stream-bench [--repeat=N]
//
//===----------------------------------------------------------------------===//

#include "Timing.h"
#include "ptxjit-c/ptxjit_cuda.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <thread>
#include <vector>

using ptxjit::bench::medianMillis;

/// y[i] = a * x[i] + y[i], grid-stride (checked with ptxas -arch=sm_80).
static const char *kSaxpyPTX = R"(
.version 8.0
.target sm_80
.address_size 64

.visible .entry saxpyLoop(.param .u32 n, .param .f32 a, .param .u64 x,
                          .param .u64 y)
{
  .reg .pred %p<2>;
  .reg .f32 %f<5>;
  .reg .b32 %r<8>;
  .reg .b64 %rd<8>;
  ld.param.u32 %r1, [n];
  ld.param.f32 %f1, [a];
  ld.param.u64 %rd1, [x];
  ld.param.u64 %rd2, [y];
  mov.u32 %r2, %ctaid.x;
  mov.u32 %r3, %ntid.x;
  mov.u32 %r4, %tid.x;
  mad.lo.u32 %r5, %r2, %r3, %r4;
  mov.u32 %r6, %nctaid.x;
  mul.lo.u32 %r7, %r6, %r3;
  setp.ge.u32 %p1, %r5, %r1;
  @%p1 bra DONE;
LOOP:
  mul.wide.u32 %rd3, %r5, 4;
  add.s64 %rd4, %rd1, %rd3;
  add.s64 %rd5, %rd2, %rd3;
  ld.global.f32 %f2, [%rd4];
  ld.global.f32 %f3, [%rd5];
  fma.rn.f32 %f4, %f2, %f1, %f3;
  st.global.f32 [%rd5], %f4;
  add.u32 %r5, %r5, %r7;
  setp.lt.u32 %p1, %r5, %r1;
  @%p1 bra LOOP;
DONE:
  ret;
}
)";

static void check(CUresult result, const char *what) {
  if (result == CUDA_SUCCESS)
    return;
  std::fprintf(stderr, "ptxjit-stream-bench: %s failed (%d)\n", what,
               int(result));
  std::exit(1);
}

/// The native version of saxpyLoop.
__attribute__((noinline)) static void saxpyNative(unsigned n, float a,
                                                  const float *x, float *y) {
  for (unsigned i = 0; i < n; ++i)
    y[i] = a * x[i] + y[i];
}

int main(int argc, char **argv) {
  int repeat = 5;
  for (int i = 1; i < argc; ++i) {
    if (!std::strncmp(argv[i], "--repeat=", 9)) {
      repeat = std::max(1, std::atoi(argv[i] + 9));
    } else {
      std::fprintf(stderr, "usage: ptxjit-stream-bench [--repeat=N]\n");
      return 1;
    }
  }
  check(cuInit(0), "cuInit");
  CUdevice device;
  check(cuDeviceGet(&device, 0), "cuDeviceGet");
  CUcontext context;
  check(cuDevicePrimaryCtxRetain(&context, device), "cuDevicePrimaryCtxRetain");
  check(cuCtxSetCurrent(context), "cuCtxSetCurrent");
  CUmodule module;
  check(cuModuleLoadData(&module, kSaxpyPTX), "cuModuleLoadData");
  CUfunction saxpy;
  check(cuModuleGetFunction(&saxpy, module, "saxpyLoop"),
        "cuModuleGetFunction");

  // Grids of one CTA each, so that a stream keeps one core busy.
  const unsigned n = 1u << 16, launches = 64, streamsWide = 4;
  const unsigned block = 256;
  std::vector<float> hostX(n * streamsWide), hostY(n * streamsWide);
  for (unsigned i = 0; i < hostX.size(); ++i) {
    hostX[i] = float(i % 97);
    hostY[i] = 1.0f;
  }
  CUdeviceptr x, y;
  check(cuMemAlloc(&x, hostX.size() * 4), "cuMemAlloc");
  check(cuMemAlloc(&y, hostY.size() * 4), "cuMemAlloc");
  check(cuMemcpyHtoD(x, hostX.data(), hostX.size() * 4), "cuMemcpyHtoD");
  check(cuMemcpyHtoD(y, hostY.data(), hostY.size() * 4), "cuMemcpyHtoD");
  std::vector<CUstream> streams(streamsWide);
  for (CUstream &stream : streams)
    check(cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING), "cuStreamCreate");
  float a = 0.5f;
  auto launch = [&](unsigned part, unsigned count, unsigned grid,
                    CUstream stream) {
    CUdeviceptr xs = x + CUdeviceptr(part) * n * 4;
    CUdeviceptr ys = y + CUdeviceptr(part) * n * 4;
    void *args[] = {&count, &a, &xs, &ys};
    check(cuLaunchKernel(saxpy, grid, 1, 1, block, 1, 1, 0, stream, args,
                         nullptr),
          "cuLaunchKernel");
  };

  std::printf("%-34s %12s %12s %10s\n", "benchmark", "ptxjit ms", "native ms",
              "ratio");
  auto row = [](const char *name, double ours, double native) {
    std::printf("%-34s %12.3f %12.3f %10.2f\n", name, ours, native,
                ours / native);
  };

  // 1. Launch and synchronize, 1000 times, a grid of 32 elements.
  const int rounds = 1000;
  std::vector<float> nativeX(hostX), nativeY(hostY);
  double ours = medianMillis(repeat, [&] {
    for (int i = 0; i < rounds; ++i) {
      launch(0, 32, 1, nullptr);
      check(cuStreamSynchronize(nullptr), "cuStreamSynchronize");
    }
  });
  double native = medianMillis(repeat, [&] {
    for (int i = 0; i < rounds; ++i)
      saxpyNative(32, a, nativeX.data(), nativeY.data());
  });
  row("launch+sync x1000 (32 elements)", ours, native);

  // 2. A blocking 4-byte copy to the host, 1000 times.
  float value = 0;
  ours = medianMillis(repeat, [&] {
    for (int i = 0; i < rounds; ++i)
      check(cuMemcpyDtoH(&value, y, 4), "cuMemcpyDtoH");
  });
  native = medianMillis(repeat, [&] {
    for (int i = 0; i < rounds; ++i) {
      std::memcpy(&value, nativeY.data() + (i & 7), 4);
      asm volatile("" : : "r"(&value) : "memory");
    }
  });
  row("blocking copy x1000 (4 bytes)", ours, native);

  // 3. 64 single-CTA grids of 2^16 elements: on one stream, then spread
  // over four, against the same loops on one host thread.
  ours = medianMillis(repeat, [&] {
    for (unsigned i = 0; i < launches; ++i)
      launch(i % streamsWide, n, 1, streams[0]);
    check(cuStreamSynchronize(streams[0]), "cuStreamSynchronize");
  });
  native = medianMillis(repeat, [&] {
    for (unsigned i = 0; i < launches; ++i)
      saxpyNative(n, a, nativeX.data() + (i % streamsWide) * n,
                  nativeY.data() + (i % streamsWide) * n);
  });
  row("64 one-CTA grids, 1 stream", ours, native);
  double oneStream = ours;
  ours = medianMillis(repeat, [&] {
    for (unsigned i = 0; i < launches; ++i)
      launch(i % streamsWide, n, 1, streams[i % streamsWide]);
    check(cuCtxSynchronize(), "cuCtxSynchronize");
  });
  row("64 one-CTA grids, 4 streams", ours, native);
  std::printf("4 streams against 1: %.2fx faster (%u host cores)\n",
              oneStream / ours, std::thread::hardware_concurrency());

  // Rows 3 and 4 applied saxpy 16 times a run to each part of y, repeat
  // runs each (row 1 touched only the first 32 elements). The sums are
  // exact in float.
  std::vector<float> got(hostY.size());
  check(cuMemcpyDtoH(got.data(), y, got.size() * 4), "cuMemcpyDtoH");
  for (unsigned i = 32; i < got.size(); ++i) {
    float want = hostY[i];
    for (unsigned k = 0; k < 2 * repeat * (launches / streamsWide); ++k)
      want = a * hostX[i] + want;
    if (got[i] != want) {
      std::fprintf(stderr, "ptxjit-stream-bench: y[%u] = %g, expected %g\n", i,
                   double(got[i]), double(want));
      return 1;
    }
  }
  for (CUstream stream : streams)
    check(cuStreamDestroy(stream), "cuStreamDestroy");
  check(cuModuleUnload(module), "cuModuleUnload");
  check(cuDevicePrimaryCtxRelease(device), "cuDevicePrimaryCtxRelease");
  return 0;
}
