//===- Timing.h - Timing helpers shared by the benchmarks -------*- C++ -*-===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//

#ifndef PTXJIT_BENCH_TIMING_H
#define PTXJIT_BENCH_TIMING_H

#include <algorithm>
#include <chrono>
#include <functional>
#include <vector>

namespace ptxjit::bench {

using Clock = std::chrono::steady_clock;

/// The median wall time of \p repeat runs of \p fn, in milliseconds.
inline double medianMillis(int repeat, const std::function<void()> &fn) {
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

} // namespace ptxjit::bench

#endif // PTXJIT_BENCH_TIMING_H
