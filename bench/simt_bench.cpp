//===- simt_bench.cpp - SIMT kernels against native C++ -------------------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// Runs the block reduction, the tiled SGEMM and the shared-memory histogram
// of kernels.cu (compiled to kernels.ptx by nvcc), and the tensor-core GEMM
// of test/Execution/MMA/gemm_sm80.cu (cp.async, ldmatrix, mma.sync), through
// ptxjit and the same algorithms written in C++ (compiled -O3
// -march=native, same number of host threads), checks that both agree, and
// prints the median times and their ratio (ptxjit / native).
//
//   ptxjit-simt-bench [--repeat=N] [--threads=N] [--check[=LIST]]
//
//===----------------------------------------------------------------------===//

#include "ptxjit/JIT/Module.h"
#include "ptxjit/Runtime/Checks.h"
#include "ptxjit/Runtime/TensorMap.h"

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

using Clock = std::chrono::steady_clock;

static double medianMillis(int repeat, const std::function<void()> &fn) {
  std::vector<double> times;
  for (int i = 0; i < repeat; ++i) {
    auto start = Clock::now();
    fn();
    times.push_back(
        std::chrono::duration<double, std::milli>(Clock::now() - start)
            .count());
  }
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
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
  std::printf("compile kernels.ptx: %.1f ms cold, %.2f ms cached\n",
              coldMillis, cachedMillis);
  auto registerBuffer = [&](const auto &vec) {
    if (checked)
      ptxjit::registerDeviceMemory(vec.data(),
                                   vec.size() * sizeof(vec.front()));
  };
  ptxjit::LaunchOptions options;
  options.numThreads = threads;
  std::printf("%-12s %12s %12s %8s\n", "kernel", "ptxjit ms", "native ms",
              "ratio");
  bool ok = true;
  auto report = [&](const char *name, double jit, double native, bool same) {
    std::printf("%-12s %12.3f %12.3f %8.2f%s\n", name, jit, native,
                jit / native, same ? "" : "  MISMATCH");
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
        std::abort();
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
    report("reduce", jit, native, out == nativeOut);
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
        std::abort();
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
    report("sgemm", jit, native, c == nativeC);
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
        std::abort();
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
    report("histogram", jit, native, hist == nativeHist);
  }
  if (checked)
    return ok ? 0 : 1;

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
        std::abort();
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
    report("hgemm-tc", jit, native, c == nativeC);

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
        std::abort();
    });
    report("hgemm-tma", jitWs, native, c2 == nativeC);
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
        std::abort();
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
    report("attention", jit, native, worst < 1e-3f);
  }
  return ok ? 0 : 1;
}
