//===- simt_bench.cpp - SIMT kernels against native C++ -------------------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// Runs the kernels of kernels.cu (compiled to kernels.ptx by nvcc: the
// shapes of the classic CUDA samples), and the tensor-core GEMM
// of test/Execution/MMA/gemm_sm80.cu (cp.async, ldmatrix, mma.sync), through
// ptxjit and the same algorithms written in C++ (compiled -O3
// -march=native, same number of host threads), checks that both agree, and
// prints the median times, their ratio (ptxjit / native), the path each
// kernel's threads take (docs/simt.md) and the geometric mean of the ratios.
//
//   ptxjit-simt-bench [--repeat=N] [--threads=N] [--check[=LIST]]
//
//===----------------------------------------------------------------------===//

#include "Timing.h"
#include "ptxjit/JIT/Module.h"
#include "ptxjit/Runtime/Checks.h"
#include "ptxjit/Runtime/TensorMap.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/TargetParser/Host.h"

#include <algorithm>
#include <cmath>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <thread>
#include <vector>

#ifndef PTXJIT_BENCH_DIR
#define PTXJIT_BENCH_DIR "."
#endif

using ptxjit::bench::medianMillis;

/// Reports a launch that failed and stops.
[[noreturn]] static void fail(llvm::Error err) {
  std::fflush(stdout);
  std::fprintf(stderr, "%s\n", llvm::toString(std::move(err)).c_str());
  std::exit(1);
}

/// Runs body(worker) on `threads` host threads.
static void parallel(unsigned threads, const std::function<void(unsigned)> &body) {
  std::vector<std::thread> pool;
  for (unsigned w = 1; w < threads; ++w)
    pool.emplace_back(body, w);
  body(0);
  for (auto &t : pool)
    t.join();
}

int main(int argc, char **argv) {
  int repeat = 5;
  unsigned threads = std::thread::hardware_concurrency();
  bool checked = false;
  unsigned checks = 0;
  for (int i = 1; i < argc; ++i) {
    if (!std::strncmp(argv[i], "--repeat=", 9))
      repeat = std::atoi(argv[i] + 9);
    else if (!std::strncmp(argv[i], "--threads=", 10))
      threads = std::atoi(argv[i] + 10);
    else if (!std::strcmp(argv[i], "--check")) {
      checked = true;
      checks = ptxjit::rt::check::Memcheck;
    } else if (!std::strncmp(argv[i], "--check=", 8)) {
      std::string error;
      if (!ptxjit::rt::check::parseChecks(argv[i] + 8, checks, error)) {
        std::fprintf(stderr, "--check: %s\n", error.c_str());
        return 1;
      }
      checked = checks != 0;
    }
  }
  // --check[=memcheck,racecheck,...]: the first three kernels compiled with
  // those checks (memcheck alone by default; their buffers registered), to
  // measure checked mode's overhead against this table without --check; the
  // other kernels are not run.
  ptxjit::CompileOptions compileOptions;
  compileOptions.checks = checks;
  // Compile times: cold (the compile cache off), then cached (a second
  // load, which finds the first's entry).
  double coldMillis = 0, cachedMillis = 0;
  {
    const char *disabled = std::getenv("PTXJIT_DISABLE_CACHE");
    std::string saved = disabled ? disabled : "";
    setenv("PTXJIT_DISABLE_CACHE", "1", 1);
    auto cold = ptxjit::Module::loadFromFile(PTXJIT_BENCH_DIR "/kernels.ptx",
                                             compileOptions);
    if (disabled)
      setenv("PTXJIT_DISABLE_CACHE", saved.c_str(), 1);
    else
      unsetenv("PTXJIT_DISABLE_CACHE");
    if (cold)
      coldMillis = (*cold)->getCompileMillis();
    else
      llvm::consumeError(cold.takeError());
  }
  auto module = ptxjit::Module::loadFromFile(PTXJIT_BENCH_DIR "/kernels.ptx",
                                             compileOptions);
  if (!module) {
    std::fprintf(stderr, "%s\n", llvm::toString(module.takeError()).c_str());
    return 1;
  }
  if (auto again = ptxjit::Module::loadFromFile(
          PTXJIT_BENCH_DIR "/kernels.ptx", compileOptions))
    cachedMillis = (*again)->getCompileMillis();
  else
    llvm::consumeError(again.takeError());
  // The host first: ratios from machines with other vector units (AVX-512
  // or not) are not comparable.
  {
    std::string vector;
    llvm::StringMap<bool> features = llvm::sys::getHostCPUFeatures();
    for (const char *name : {"avx2", "fma", "avx512f", "avx512bw",
                             "avx512vl", "avx512fp16"})
      if (features.lookup(name))
        vector += std::string(vector.empty() ? "" : " ") + name;
    std::printf("host: %s, %u hardware threads, vector units: %s\n",
                llvm::sys::getHostCPUName().str().c_str(),
                std::thread::hardware_concurrency(),
                vector.empty() ? "none of avx2/avx512" : vector.c_str());
  }
  std::printf("compile kernels.ptx: %.1f ms cold, %.2f ms cached\n",
              coldMillis, cachedMillis);
  auto registerBuffer = [&](const auto &vec) {
    if (checked)
      ptxjit::registerDeviceMemory(vec.data(),
                                   vec.size() * sizeof(vec.front()));
  };
  ptxjit::LaunchOptions options;
  options.numThreads = threads;
  std::printf("%-13s %12s %12s %8s  %s\n", "kernel", "ptxjit ms",
              "native ms", "ratio", "path");
  bool ok = true;
  double logRatios = 0;
  int ratios = 0;
  // The path of a kernel of kernels.ptx (docs/simt.md), else of \p other.
  auto pathOf = [&](const char *name, ptxjit::Module *other = nullptr) {
    ptxjit::Module &m = other ? *other : **module;
    auto k = m.getKernel(name);
    if (!k) {
      llvm::consumeError(k.takeError());
      return std::string("?");
    }
    return (*k)->execution;
  };
  auto report = [&](const char *name, double jit, double native, bool same,
                    const std::string &path) {
    std::printf("%-13s %12.3f %12.3f %8.2f  %s%s\n", name, jit, native,
                jit / native, path.c_str(), same ? "" : "  MISMATCH");
    logRatios += std::log(jit / native);
    ++ratios;
    ok &= same;
  };

  // Block reduction: 4M ints, 256 threads per CTA, 256 CTAs.
  {
    const int n = 1 << 22, blocks = 256;
    std::vector<int> in(n), out(blocks), nativeOut(blocks);
    std::mt19937 rng(1);
    for (int &v : in)
      v = int(rng() % 100);
    registerBuffer(in);
    registerBuffer(out);
    const ptxjit::KernelInfo *k = *(*module)->getKernel("reduce");
    const void *inP = in.data(), *outP = out.data();
    const void *args[] = {&inP, &outP, &n};
    double jit = medianMillis(repeat, [&] {
      if (auto err = (*module)->launch(*k, {blocks, 1, 1}, {256, 1, 1}, 0,
                                       args, options))
        fail(std::move(err));
    });
    double native = medianMillis(repeat, [&] {
      std::atomic<int> next{0};
      parallel(threads, [&](unsigned) {
        for (int b; (b = next++) < blocks;) {
          int s[256];
          for (int t = 0; t < 256; ++t) {
            int sum = 0;
            for (int i = b * 256 + t; i < n; i += blocks * 256)
              sum += in[i];
            s[t] = sum;
          }
          for (int off = 128; off > 0; off /= 2)
            for (int t = 0; t < off; ++t)
              s[t] += s[t + off];
          nativeOut[b] = s[0];
        }
      });
    });
    report("reduce", jit, native, out == nativeOut, pathOf("reduce"));
  }

  // Tiled SGEMM: 256 x 256, 16 x 16 tiles.
  {
    const int n = 256, T = 16;
    std::vector<float> a(n * n), b(n * n), c(n * n), nativeC(n * n);
    std::mt19937 rng(2);
    for (float &v : a)
      v = float(int(rng() % 8));
    for (float &v : b)
      v = float(int(rng() % 8));
    registerBuffer(a);
    registerBuffer(b);
    registerBuffer(c);
    const ptxjit::KernelInfo *k = *(*module)->getKernel("sgemm");
    const void *aP = a.data(), *bP = b.data(), *cP = c.data();
    const void *args[] = {&aP, &bP, &cP, &n};
    double jit = medianMillis(repeat, [&] {
      if (auto err = (*module)->launch(*k, {n / T, n / T, 1}, {T, T, 1}, 0,
                                       args, options))
        fail(std::move(err));
    });
    double native = medianMillis(repeat, [&] {
      std::atomic<int> next{0};
      parallel(threads, [&](unsigned) {
        for (int tile; (tile = next++) < (n / T) * (n / T);) {
          int by = tile / (n / T), bx = tile % (n / T);
          float acc[T][T] = {};
          float as[T][T], bs[T][T];
          for (int k0 = 0; k0 < n; k0 += T) {
            for (int y = 0; y < T; ++y)
              for (int x = 0; x < T; ++x) {
                as[y][x] = a[(by * T + y) * n + k0 + x];
                bs[y][x] = b[(k0 + y) * n + bx * T + x];
              }
            for (int y = 0; y < T; ++y)
              for (int k = 0; k < T; ++k)
                for (int x = 0; x < T; ++x)
                  acc[y][x] += as[y][k] * bs[k][x];
          }
          for (int y = 0; y < T; ++y)
            for (int x = 0; x < T; ++x)
              nativeC[(by * T + y) * n + bx * T + x] = acc[y][x];
        }
      });
    });
    report("sgemm", jit, native, c == nativeC, pathOf("sgemm"));
  }

  // Histogram: 16M bytes, shared-memory atomics per CTA, 128 CTAs x 256.
  {
    const int n = 1 << 24, blocks = 128;
    std::vector<unsigned char> data(n);
    std::mt19937 rng(3);
    for (auto &v : data)
      v = (unsigned char)(rng() & 0xff);
    std::vector<unsigned> hist(256), nativeHist(256);
    registerBuffer(data);
    registerBuffer(hist);
    const ptxjit::KernelInfo *k = *(*module)->getKernel("histogram");
    const void *dP = data.data(), *hP = hist.data();
    const void *args[] = {&dP, &hP, &n};
    double jit = medianMillis(repeat, [&] {
      std::fill(hist.begin(), hist.end(), 0);
      if (auto err = (*module)->launch(*k, {blocks, 1, 1}, {256, 1, 1}, 0,
                                       args, options))
        fail(std::move(err));
    });
    double native = medianMillis(repeat, [&] {
      std::vector<std::atomic<unsigned>> global(256);
      std::atomic<int> next{0};
      parallel(threads, [&](unsigned) {
        for (int blk; (blk = next++) < blocks;) {
          std::atomic<unsigned> local[256];
          for (auto &l : local)
            l.store(0, std::memory_order_relaxed);
          for (int t = 0; t < 256; ++t)
            for (int i = blk * 256 + t; i < n; i += blocks * 256)
              local[data[i]].fetch_add(1);
          for (int i = 0; i < 256; ++i)
            global[i].fetch_add(local[i].load());
        }
      });
      for (int i = 0; i < 256; ++i)
        nativeHist[i] = global[i].load();
    });
    report("histogram", jit, native, hist == nativeHist,
           pathOf("histogram"));
  }
  if (checked)
    return ok ? 0 : 1;

  // The closeness of float results computed in another order or with other
  // approximations: the largest difference relative to the largest value.
  auto close = [](const std::vector<float> &x, const std::vector<float> &y,
                  float tolerance) {
    float worst = 0, scale = 1e-30f;
    for (size_t i = 0; i < x.size(); ++i) {
      worst = std::max(worst, std::fabs(x[i] - y[i]));
      scale = std::max(scale, std::fabs(y[i]));
    }
    return worst <= tolerance * scale;
  };
  // Runs a 1-D launch of `kernel` and its native twin over [0, items).
  auto launch1d = [&](const char *name, unsigned blocks, unsigned block,
                      llvm::ArrayRef<const void *> args) {
    const ptxjit::KernelInfo *k = *(*module)->getKernel(name);
    return medianMillis(repeat, [&] {
      if (auto err = (*module)->launch(*k, {blocks, 1, 1}, {block, 1, 1}, 0,
                                       args, options))
        fail(std::move(err));
    });
  };
  // Splits [0, n) into one contiguous chunk per host thread.
  auto chunks = [&](int n, const std::function<void(int, int)> &body) {
    parallel(threads, [&](unsigned w) {
      int begin = int(int64_t(n) * w / threads);
      int end = int(int64_t(n) * (w + 1) / threads);
      body(begin, end);
    });
  };
  std::mt19937 floats(6);
  std::uniform_real_distribution<float> uniform(-1, 1);

  // saxpy over 2^24 floats.
  {
    const int n = 1 << 24;
    const float a = 1.5f;
    std::vector<float> x(n), y(n), y0(n), nativeY(n);
    for (int i = 0; i < n; ++i)
      x[i] = uniform(floats), y0[i] = uniform(floats);
    const void *xP = x.data(), *yP = y.data();
    const void *args[] = {&n, &a, &xP, &yP};
    y = y0;
    double jit = launch1d("saxpy", n / 256, 256, args);
    nativeY = y0;
    double native = medianMillis(repeat, [&] {
      chunks(n, [&](int begin, int end) {
        for (int i = begin; i < end; ++i)
          nativeY[i] = a * x[i] + nativeY[i];
      });
    });
    // Both updated y in place `repeat` times.
    report("saxpy", jit, native, close(y, nativeY, 1e-5f), pathOf("saxpy"));
  }

  // 5-point stencil on 4096 x 4096, 32 x 8 blocks.
  {
    const int w = 4096, h = 4096;
    std::vector<float> in(size_t(w) * h), out(size_t(w) * h),
        nativeOut(size_t(w) * h);
    for (float &v : in)
      v = uniform(floats);
    const ptxjit::KernelInfo *k = *(*module)->getKernel("stencil5");
    const void *inP = in.data(), *outP = out.data();
    const void *args[] = {&inP, &outP, &w, &h};
    double jit = medianMillis(repeat, [&] {
      if (auto err = (*module)->launch(*k, {w / 32, h / 8, 1}, {32, 8, 1}, 0,
                                       args, options))
        fail(std::move(err));
    });
    double native = medianMillis(repeat, [&] {
      chunks(h - 2, [&](int begin, int end) {
        for (int y = begin + 1; y < end + 1; ++y)
          for (int x = 1; x < w - 1; ++x) {
            size_t i = size_t(y) * w + x;
            nativeOut[i] = 0.5f * in[i] + 0.125f * (in[i - 1] + in[i + 1] +
                                                    in[i - w] + in[i + w]);
          }
      });
    });
    report("stencil5", jit, native, close(out, nativeOut, 1e-6f),
           pathOf("stencil5"));
  }

  // Fast-math transcendentals over 2^22 floats in [-4, 4]: sin.approx and
  // ex2.approx against libm's sinf and expf.
  {
    const int n = 1 << 22;
    std::vector<float> x(n), y(n), nativeY(n);
    for (float &v : x)
      v = 4 * uniform(floats);
    const void *xP = x.data(), *yP = y.data();
    const void *args[] = {&xP, &yP, &n};
    double jit = launch1d("fastmath", n / 256, 256, args);
    double native = medianMillis(repeat, [&] {
      chunks(n, [&](int begin, int end) {
        for (int i = begin; i < end; ++i)
          nativeY[i] = std::sin(x[i]) * std::exp(-x[i] * x[i]);
      });
    });
    report("fastmath", jit, native, close(y, nativeY, 1e-5f),
           pathOf("fastmath"));
  }

  // Warp-shuffle reduction: 2^22 floats, one sum per 32.
  {
    const int n = 1 << 22;
    std::vector<float> in(n), out(n / 32), nativeOut(n / 32);
    for (float &v : in)
      v = uniform(floats);
    const void *inP = in.data(), *outP = out.data();
    const void *args[] = {&inP, &outP};
    double jit = launch1d("warp_reduce", n / 256, 256, args);
    double native = medianMillis(repeat, [&] {
      chunks(n / 32, [&](int begin, int end) {
        for (int w = begin; w < end; ++w) {
          // The shuffle tree's order: lane i adds lane i + offset.
          float v[32];
          for (int l = 0; l < 32; ++l)
            v[l] = in[w * 32 + l];
          for (int offset = 16; offset > 0; offset /= 2)
            for (int l = 0; l < offset; ++l)
              v[l] += v[l + offset];
          nativeOut[w] = v[0];
        }
      });
    });
    report("warp_reduce", jit, native, out == nativeOut,
           pathOf("warp_reduce"));
  }

  // Transpose of 4096 x 4096 floats through padded 32 x 33 tiles.
  {
    const int n = 4096;
    std::vector<float> in(size_t(n) * n), out(size_t(n) * n),
        nativeOut(size_t(n) * n);
    for (float &v : in)
      v = uniform(floats);
    const ptxjit::KernelInfo *k = *(*module)->getKernel("transpose");
    const void *inP = in.data(), *outP = out.data();
    const void *args[] = {&inP, &outP, &n};
    double jit = medianMillis(repeat, [&] {
      if (auto err = (*module)->launch(*k, {n / 32, n / 32, 1}, {32, 8, 1}, 0,
                                       args, options))
        fail(std::move(err));
    });
    double native = medianMillis(repeat, [&] {
      chunks(n / 32, [&](int begin, int end) {
        for (int by = begin; by < end; ++by)
          for (int bx = 0; bx < n / 32; ++bx) {
            float tile[32][33];
            for (int y = 0; y < 32; ++y)
              for (int x = 0; x < 32; ++x)
                tile[y][x] = in[size_t(by * 32 + y) * n + bx * 32 + x];
            for (int y = 0; y < 32; ++y)
              for (int x = 0; x < 32; ++x)
                nativeOut[size_t(bx * 32 + y) * n + by * 32 + x] = tile[x][y];
          }
      });
    });
    report("transpose", jit, native, out == nativeOut, pathOf("transpose"));
  }

  // Block reduction: 2^24 floats, 256 threads per CTA, one element each, a
  // tree of 9 barriers.
  {
    const int n = 1 << 24, blocks = n / 256;
    std::vector<float> in(n), out(blocks), nativeOut(blocks);
    for (float &v : in)
      v = uniform(floats);
    const void *inP = in.data(), *outP = out.data();
    const void *args[] = {&inP, &outP};
    double jit = launch1d("block_reduce", blocks, 256, args);
    double native = medianMillis(repeat, [&] {
      chunks(blocks, [&](int begin, int end) {
        for (int b = begin; b < end; ++b) {
          float s[256];
          for (int t = 0; t < 256; ++t)
            s[t] = in[b * 256 + t];
          for (int half = 128; half > 0; half /= 2)
            for (int t = 0; t < half; ++t)
              s[t] += s[t + half];
          nativeOut[b] = s[0];
        }
      });
    });
    report("block_reduce", jit, native, out == nativeOut,
           pathOf("block_reduce"));
  }

  // Tensor-core GEMM: f16 inputs, f32 accumulators, 256 x 256 x 256, 64 x 64
  // CTA tiles of 128 threads. Integer-valued inputs make the product exact,
  // so both sides must agree bit for bit.
  {
    auto tc = ptxjit::Module::loadFromFile(
        PTXJIT_BENCH_DIR "/../test/Execution/MMA/Inputs/gemm_sm80.ptx");
    if (!tc) {
      std::fprintf(stderr, "%s\n", llvm::toString(tc.takeError()).c_str());
      return 1;
    }
    const int n = 256, T = 64;
    std::vector<_Float16> a(n * n), b(n * n);
    std::vector<float> c(n * n), nativeC(n * n);
    std::mt19937 rng(4);
    for (auto &v : a)
      v = _Float16(int(rng() % 7) - 3);
    for (auto &v : b)
      v = _Float16(int(rng() % 7) - 3);
    const ptxjit::KernelInfo *k = *(*tc)->getKernel("gemm_f16_f32");
    const void *aP = a.data(), *bP = b.data(), *cP = c.data();
    const void *args[] = {&aP, &bP, &cP, &n, &n, &n};
    double jit = medianMillis(repeat, [&] {
      if (auto err = (*tc)->launch(*k, {n / T, n / T, 1}, {128, 1, 1}, 0,
                                   args, options))
        fail(std::move(err));
    });
    double native = medianMillis(repeat, [&] {
      std::atomic<int> next{0};
      parallel(threads, [&](unsigned) {
        for (int tile; (tile = next++) < (n / T) * (n / T);) {
          int by = tile / (n / T), bx = tile % (n / T);
          static thread_local float acc[T][T], as[T][32], bs[32][T];
          std::memset(acc, 0, sizeof acc);
          for (int k0 = 0; k0 < n; k0 += 32) {
            for (int y = 0; y < T; ++y)
              for (int x = 0; x < 32; ++x)
                as[y][x] = float(a[(by * T + y) * n + k0 + x]);
            for (int y = 0; y < 32; ++y)
              for (int x = 0; x < T; ++x)
                bs[y][x] = float(b[(k0 + y) * n + bx * T + x]);
            for (int y = 0; y < T; ++y)
              for (int kk = 0; kk < 32; ++kk)
                for (int x = 0; x < T; ++x)
                  acc[y][x] += as[y][kk] * bs[kk][x];
          }
          for (int y = 0; y < T; ++y)
            for (int x = 0; x < T; ++x)
              nativeC[(by * T + y) * n + bx * T + x] = acc[y][x];
        }
      });
    });
    report("hgemm-tc", jit, native, c == nativeC, k->execution);

    // The same product by the sm_90a warp-specialized kernel: TMA tiles
    // through tensor maps, an mbarrier ring, wgmma. It wants B as N x K.
    auto ws = ptxjit::Module::loadFromFile(
        PTXJIT_BENCH_DIR "/../test/Execution/MMA/Inputs/gemm_sm90_tma.ptx");
    if (!ws) {
      std::fprintf(stderr, "%s\n", llvm::toString(ws.takeError()).c_str());
      return 1;
    }
    std::vector<_Float16> bt(n * n);
    for (int k = 0; k < n; ++k)
      for (int j = 0; j < n; ++j)
        bt[j * n + k] = b[k * n + j];
    alignas(64) ptxjit::rt::TensorMap mapA, mapB;
    const uint64_t dims[2] = {uint64_t(n), uint64_t(n)};
    const uint64_t strides[1] = {uint64_t(n) * 2};
    const uint32_t box[2] = {64, 64}, unit[2] = {1, 1};
    for (auto [map, data] : {std::pair{&mapA, a.data()},
                             std::pair{&mapB, bt.data()}})
      if (!ptxjit::rt::encodeTiled(*map, /*FLOAT16*/ 6, 2,
                                   reinterpret_cast<uint64_t>(data), dims,
                                   strides, box, unit, 0, /*SWIZZLE_128B*/ 3,
                                   0, 0)
               .empty())
        std::abort();
    const ptxjit::KernelInfo *wk = *(*ws)->getKernel("gemm_tma_ws");
    std::vector<float> c2(n * n);
    const void *c2P = c2.data();
    const void *wargs[] = {&mapA, &mapB, &c2P, &n, &n, &n};
    double jitWs = medianMillis(repeat, [&] {
      if (auto err = (*ws)->launch(*wk, {n / T, n / T, 1}, {256, 1, 1},
                                   2 * 2 * 64 * 64 * 2 + 1024, wargs, options))
        fail(std::move(err));
    });
    report("hgemm-tma", jitWs, native, c2 == nativeC, wk->execution);
  }

  // FlashAttention-style forward pass (sm_80 mma.sync, online softmax):
  // 512 query rows, 512 keys, one 64-wide head, against the same algorithm
  // in C++ (f32 scores, exp, then P V). Agreement within 1e-3.
  {
    auto at = ptxjit::Module::loadFromFile(
        PTXJIT_BENCH_DIR "/../test/Execution/MMA/Inputs/attention_sm80.ptx");
    if (!at) {
      std::fprintf(stderr, "%s\n", llvm::toString(at.takeError()).c_str());
      return 1;
    }
    const int rows = 512, keys = 512, d = 64;
    const float scale = 0.125f;
    std::vector<_Float16> q(rows * d), k(keys * d), v(keys * d);
    std::mt19937 rng(5);
    std::uniform_real_distribution<float> uni(-1, 1);
    for (auto *vec : {&q, &k, &v})
      for (auto &x : *vec)
        x = _Float16(uni(rng));
    std::vector<float> o(rows * d), nativeO(rows * d);
    const ptxjit::KernelInfo *kernel = *(*at)->getKernel("attention_fwd");
    const void *qP = q.data(), *kP = k.data(), *vP = v.data(), *oP = o.data();
    const void *args[] = {&qP, &kP, &vP, &oP, &keys, &scale};
    double jit = medianMillis(repeat, [&] {
      if (auto err = (*at)->launch(*kernel, {rows / 64, 1, 1}, {128, 1, 1}, 0,
                                   args, options))
        fail(std::move(err));
    });
    double native = medianMillis(repeat, [&] {
      std::atomic<int> next{0};
      parallel(threads, [&](unsigned) {
        std::vector<float> s(keys);
        for (int r; (r = next++) < rows;) {
          float top = -INFINITY;
          for (int j = 0; j < keys; ++j) {
            float dot = 0;
            for (int x = 0; x < d; ++x)
              dot += float(q[r * d + x]) * float(k[j * d + x]);
            s[j] = dot * scale;
            top = std::max(top, s[j]);
          }
          float sum = 0;
          for (int j = 0; j < keys; ++j)
            sum += s[j] = std::exp(s[j] - top);
          for (int x = 0; x < d; ++x) {
            float acc = 0;
            for (int j = 0; j < keys; ++j)
              acc += s[j] * float(v[j * d + x]);
            nativeO[r * d + x] = acc / sum;
          }
        }
      });
    });
    float worst = 0;
    for (int i = 0; i < rows * d; ++i)
      worst = std::max(worst, std::fabs(o[i] - nativeO[i]));
    report("attention", jit, native, worst < 1e-3f, kernel->execution);
  }
  std::printf("geomean ratio %.2f over %d kernels\n",
              std::exp(logRatios / std::max(ratios, 1)), ratios);
  return ok ? 0 : 1;
}
