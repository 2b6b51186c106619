//===- Launch.h - run a grid of CTAs on host threads ------------*- C++ -*-===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//

#ifndef PTXJIT_RUNTIME_LAUNCH_H
#define PTXJIT_RUNTIME_LAUNCH_H

#include "ptxjit/Runtime/ThreadState.h"

#include <cstdint>
#include <string>

namespace ptxjit::rt {

/// Everything one launch needs besides the compiled CTA function.
struct GridLaunch {
  uint32_t grid[3] = {1, 1, 1};
  uint32_t block[3] = {1, 1, 1};
  /// Static shared bytes of the kernel; dynamic shared memory follows.
  uint32_t staticSharedBytes = 0;
  uint32_t dynamicSharedBytes = 0;
  uint64_t localBytesPerThread = 0;
  uint8_t *params = nullptr;
  uint32_t paramBytes = 0;
  /// Host worker threads; 0 = one per hardware thread.
  unsigned numWorkers = 0;
  uint64_t gridId = 0;
  /// For kernels with barriers or warp collectives: the coroutine ramp of one
  /// thread; the CTA is then run by the scheduler (Scheduler.cpp).
  ThreadRamp threadRamp = nullptr;
  /// Seconds without any thread finishing, barrier or collective completing
  /// after which a CTA whose threads only spin is reported (0: default 30 s,
  /// or $PTXJIT_PROGRESS_TIMEOUT).
  double progressTimeout = 0;
};

/// The outcome of a launch.
struct LaunchResult {
  bool faulted = false;
  /// What went wrong when faulted: empty for a `trap`, else a description
  /// (barrier deadlock, no forward progress).
  std::string message;
  /// CTA that faulted first (x, y, z) when faulted.
  uint32_t faultCta[3] = {0, 0, 0};
};

/// Runs every CTA of the grid, spread dynamically over a pool of host
/// threads, and returns once all have finished or a CTA faulted (in which
/// case no new CTAs start).
LaunchResult launchGrid(CTAFunction cta, const GridLaunch &launch);

/// Host threads used when a launch asks for 0.
unsigned defaultWorkerCount();

/// Runs all threads of one CTA whose kernel is a coroutine. \p threads holds
/// one prepared state per thread (ids, windows). Returns false and sets
/// \p message on a deadlock or a lack of progress; a trap shows in the
/// states' fault fields.
bool runCoroutineCTA(ThreadRamp ramp, ThreadState *threads, unsigned count,
                     double progressTimeout, std::string &message);

} // namespace ptxjit::rt

#endif // PTXJIT_RUNTIME_LAUNCH_H
