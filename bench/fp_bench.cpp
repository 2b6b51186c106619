//===- fp_bench.cpp - throughput of FP rounding modifiers -----------------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// For each floating-point operation and type, runs a kernel in which every
// thread applies the instruction 32 times to its element (x = x op y), with
// each rounding modifier, on both lowering paths (AVX-512 embedded rounding
// and the portable soft-float runtime), and prints the median time and its
// ratio to the same kernel with `.rn`. The `.rn` kernel is also compared to
// the same loop in native C++ (-O3 -march=native, same host threads).
//
//   ptxjit-fp-bench [--repeat=N] [--n=ELEMENTS]
//
//===----------------------------------------------------------------------===//

#include "Timing.h"
#include "ptxjit/Conversion/PTXToLLVM/PTXToLLVM.h"
#include "ptxjit/JIT/Module.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <thread>
#include <vector>

using ptxjit::bench::medianMillis;
using Path = ptxjit::CompileOptions::FloatPath;

namespace {

constexpr int kIterations = 32;

std::string kernel(const std::string &op, const std::string &mode,
                   const std::string &type) {
  unsigned bytes = type == "f64" ? 8 : 4;
  std::string instr = op + "." + mode + "." + type;
  std::string body;
  for (int i = 0; i < kIterations; ++i) {
    if (op == "fma")
      body += "  " + instr + " %x, %x, %y, %y;\n";
    else if (op == "sqrt")
      body += "  " + instr + " %x, %x;\n  add.rn." + type + " %x, %x, %y;\n";
    else
      body += "  " + instr + " %x, %x, %y;\n";
  }
  return ".version 8.0\n.target sm_90\n.address_size 64\n"
         ".visible .entry k(.param .u64 px, .param .u64 py, .param .u32 n)\n"
         "{\n  .reg .pred %p;\n  .reg .b32 %r<4>;\n  .reg .b64 %rd<6>;\n"
         "  .reg ." + type + " %x, %y;\n"
         "  mov.u32 %r1, %ctaid.x;\n  mov.u32 %r2, %ntid.x;\n"
         "  mov.u32 %r3, %tid.x;\n  mad.lo.u32 %r1, %r1, %r2, %r3;\n"
         "  ld.param.u32 %r2, [n];\n  setp.ge.u32 %p, %r1, %r2;\n"
         "  @%p bra DONE;\n"
         "  mul.wide.u32 %rd1, %r1, " + std::to_string(bytes) + ";\n"
         "  ld.param.u64 %rd2, [px];\n  add.u64 %rd2, %rd2, %rd1;\n"
         "  ld.param.u64 %rd3, [py];\n  add.u64 %rd3, %rd3, %rd1;\n"
         "  ld.global." + type + " %x, [%rd2];\n"
         "  ld.global." + type + " %y, [%rd3];\n" +
         body +
         "  st.global." + type + " [%rd2], %x;\nDONE:\n  ret;\n}\n";
}

/// The `.rn` loop in C++, on the same number of host threads.
template <typename T, typename Step>
void nativeLoop(T *x, const T *y, size_t n, unsigned threads, Step step) {
  auto work = [&](unsigned w) {
    size_t begin = n * w / threads, end = n * (w + 1) / threads;
    for (size_t i = begin; i < end; ++i) {
      T v = x[i], c = y[i];
      for (int k = 0; k < kIterations; ++k)
        v = step(v, c);
      x[i] = v;
    }
  };
  std::vector<std::thread> pool;
  for (unsigned w = 1; w < threads; ++w)
    pool.emplace_back(work, w);
  work(0);
  for (auto &t : pool)
    t.join();
}

/// The `.rn` loop in C++, on the same number of host threads.
template <typename T>
void native(const std::string &op, T *x, const T *y, size_t n,
            unsigned threads) {
  if (op == "add")
    nativeLoop(x, y, n, threads, [](T v, T c) { return v + c; });
  else if (op == "mul")
    nativeLoop(x, y, n, threads, [](T v, T c) { return v * c; });
  else if (op == "div")
    nativeLoop(x, y, n, threads, [](T v, T c) { return v / c; });
  else if (op == "fma")
    nativeLoop(x, y, n, threads, [](T v, T c) { return std::fma(v, c, c); });
  else
    nativeLoop(x, y, n, threads, [](T v, T c) { return std::sqrt(v) + c; });
}

template <typename T>
void benchType(const std::string &type, size_t n, int repeat) {
  unsigned threads = std::max(1u, std::thread::hardware_concurrency());
  std::vector<T> x(n), y(n);
  for (size_t i = 0; i < n; ++i) {
    x[i] = T(1) + T(i % 1000) / T(1000);
    y[i] = T(1) + T(i % 7) / T(4096);
  }
  for (const char *op : {"add", "mul", "fma", "div", "sqrt"}) {
    std::vector<T> buf = x;
    double nativeMs = medianMillis(repeat, [&] {
      native<T>(op, buf.data(), y.data(), n, threads);
    });
    for (Path path : {Path::AVX512, Path::Portable}) {
      if (path == Path::AVX512 && !ptxjit::hostHasAVX512())
        continue;
      double rnMs = 0;
      std::printf("%-5s %s %-8s", op, type.c_str(),
                  path == Path::AVX512 ? "avx512" : "portable");
      for (const char *mode : {"rn", "rz", "rm", "rp"}) {
        ptxjit::CompileOptions options;
        options.floatPath = path;
        auto module =
            ptxjit::Module::loadFromString(kernel(op, mode, type), options);
        if (!module) {
          std::fprintf(stderr, "%s\n",
                       llvm::toString(module.takeError()).c_str());
          std::exit(1);
        }
        const ptxjit::KernelInfo *k = *(*module)->getKernel("k");
        std::vector<T> data = x;
        const void *px = data.data(), *py = y.data();
        uint32_t count = uint32_t(n);
        const void *args[] = {&px, &py, &count};
        uint32_t blocks = uint32_t((n + 255) / 256);
        double ms = medianMillis(repeat, [&] {
          if (llvm::Error err =
                  (*module)->launch(*k, {blocks, 1, 1}, {256, 1, 1}, 0, args)) {
            std::fprintf(stderr, "%s\n", llvm::toString(std::move(err)).c_str());
            std::exit(1);
          }
        });
        if (std::string(mode) == "rn")
          rnMs = ms;
        std::printf("  %s %8.2f ms (x%.2f)", mode, ms, ms / rnMs);
      }
      std::printf("  | native .rn %7.2f ms, ptxjit .rn / native %.2f\n",
                  nativeMs, rnMs / nativeMs);
    }
  }
}

} // namespace

int main(int argc, char **argv) {
  int repeat = 5;
  size_t n = 1 << 20;
  for (int i = 1; i < argc; ++i) {
    if (!std::strncmp(argv[i], "--repeat=", 9))
      repeat = std::atoi(argv[i] + 9);
    else if (!std::strncmp(argv[i], "--n=", 4))
      n = std::strtoull(argv[i] + 4, nullptr, 10);
    else {
      std::fprintf(stderr, "usage: ptxjit-fp-bench [--repeat=N] [--n=N]\n");
      return 1;
    }
  }
  std::printf("%zu elements x %d dependent operations per element; median of "
              "%d; (xR) = time / time of .rn on the same path\n",
              n, kIterations, repeat);
  benchType<float>("f32", n, repeat);
  benchType<double>("f64", n, repeat);
  return 0;
}
