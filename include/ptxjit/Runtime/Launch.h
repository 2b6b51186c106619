//===- Launch.h - run a grid of CTAs on host threads ------------*- C++ -*-===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//

#ifndef PTXJIT_RUNTIME_LAUNCH_H
#define PTXJIT_RUNTIME_LAUNCH_H

#include "ptxjit/Runtime/ThreadState.h"

#include <atomic>
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
  /// after which a CTA whose threads only spin is reported (0: default 120 s,
  /// or $PTXJIT_PROGRESS_TIMEOUT).
  double progressTimeout = 0;
  /// Seconds after which the launch is stopped, with an error naming a CTA
  /// that was still running (0: $PTXJIT_LAUNCH_TIMEOUT, else no limit).
  double timeoutSeconds = 0;
  /// The cluster shape in CTAs. The CTAs of a cluster run together on one
  /// worker, interleaved at their suspension points, with their shared
  /// windows side by side (distributed shared memory).
  uint32_t cluster[3] = {1, 1, 1};
  /// %is_explicit_cluster.
  bool explicitCluster = false;
  /// The checks the kernel was compiled with (rt::check::Check bits).
  unsigned checks = 0;
  /// cuLaunchCooperativeKernel: every CTA is resident at once (each worker
  /// interleaves all the clusters it is given), and %envreg1:%envreg2 hold
  /// the address of a zeroed grid workspace for grid.sync().
  bool cooperative = false;
  /// The grid's priority, 0 (the lowest) to kMaxGridPriority: while grids of
  /// a higher priority run, the workers of this one pause between CTAs, as
  /// a GPU's CTA scheduler favours the streams of higher priority.
  unsigned priority = 0;
};

/// The highest grid priority (CUDA's stream priorities span 6 levels).
constexpr unsigned kMaxGridPriority = 5;

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

/// How the threads given to runCoroutineGang are grouped, and what the gang
/// shares with the other gangs of its launch.
struct GangShape {
  /// Threads per CTA: the threads are whole CTAs one after the other.
  unsigned ctaSize = 0;
  /// CTAs per cluster: the CTAs are whole clusters one after the other.
  unsigned clusterCtas = 1;
  /// Seconds of spinning without progress anywhere in the launch after
  /// which the gang reports a lack of forward progress.
  double progressTimeout = 30;
  /// Counts progress across the gangs of a launch, so that a gang whose
  /// threads wait for another gang is not reported while that one moves.
  std::atomic<uint64_t> *progressEpoch = nullptr;
  /// Set when another gang of the launch faulted: this one stops.
  const std::atomic<bool> *abort = nullptr;
  /// The checks the kernel was compiled with (rt::check::Check): with
  /// synccheck, barriers and collectives are checked as they complete.
  unsigned checks = 0;
};

/// Runs the threads of a gang of CTAs whose kernel is a coroutine,
/// interleaved at their suspension points: a CTA, a cluster, or all the
/// clusters of a cooperative launch a worker holds. \p threads holds one
/// prepared state per thread (ids, windows). Returns false and sets
/// \p message on a deadlock, a lack of progress or an abort; a trap shows
/// in the states' fault fields.
bool runCoroutineGang(ThreadRamp ramp, ThreadState *threads, unsigned count,
                      const GangShape &shape, std::string &message);

/// runCoroutineGang for the threads of one CTA.
bool runCoroutineCTA(ThreadRamp ramp, ThreadState *threads, unsigned count,
                     double progressTimeout, std::string &message);

/// The coroutine thread the calling host thread is running, or null: tells
/// which CTA a memory fault came from.
const ThreadState *runningCoroutineThread();

} // namespace ptxjit::rt

#endif // PTXJIT_RUNTIME_LAUNCH_H
