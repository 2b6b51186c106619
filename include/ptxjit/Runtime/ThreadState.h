//===- ThreadState.h - state of one executing PTX thread --------*- C++ -*-===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// The layout shared by the runtime (which fills it) and the generated code
// (which reads special registers and state-space windows from it). Compiled
// kernels address its fields by the byte offsets of ABI.h, so any change
// here must keep the static_asserts below true.
//
//===----------------------------------------------------------------------===//

#ifndef PTXJIT_RUNTIME_THREADSTATE_H
#define PTXJIT_RUNTIME_THREADSTATE_H

#include "ptxjit/Runtime/ABI.h"

#include <atomic>
#include <cstddef>
#include <cstdint>

namespace ptxjit::rt {

/// The clusters of a grid that no worker has started yet: the workers of
/// the launch take them in order, and `clusterlaunchcontrol.try_cancel`
/// takes the next one instead of a worker (9.7.13.17).
struct PendingClusters {
  /// The index of the next cluster nobody has taken (may pass
  /// numClusters).
  std::atomic<uint64_t> next{0};
  uint64_t numClusters = 0;
  /// Clusters per grid dimension and CTAs per cluster dimension.
  uint32_t clustersPerDim[3] = {1, 1, 1};
  uint32_t clusterShape[3] = {1, 1, 1};
  /// A cooperative launch has started every cluster: none can be taken.
  bool cooperative = false;

  /// The coordinates (%clusterid) of cluster \p k, the k-th taken, x
  /// fastest.
  void clusterId(uint64_t k, uint32_t id[3]) const {
    id[0] = uint32_t(k % clustersPerDim[0]);
    id[1] = uint32_t(k / clustersPerDim[0] % clustersPerDim[1]);
    id[2] = uint32_t(k / (uint64_t(clustersPerDim[0]) * clustersPerDim[1]));
  }
};

struct ThreadState {
  uint32_t tid[3];
  uint32_t ntid[3];
  uint32_t ctaid[3];
  uint32_t nctaid[3];
  uint32_t dynamicSharedBytes;
  uint32_t totalSharedBytes;
  /// The launch's parameter buffer: the `.param` window of a kernel.
  uint8_t *params;
  /// This CTA's shared memory: the `.shared` window.
  uint8_t *shared;
  /// The local memory of the CTA's first thread; thread i's `.local` window
  /// starts at localBase + i * localBytesPerThread.
  uint8_t *localBase;
  uint64_t localBytesPerThread;
  /// This thread's `.local` window (set per thread by the CTA loop).
  uint8_t *local;
  uint64_t gridId;
  uint32_t smId;
  uint32_t numSms;
  /// Set to nonzero by `trap` or a detected fault; the CTA loop stops.
  uint32_t fault;
  /// Size of the parameter buffer (for `isspacep.param`).
  uint32_t paramBytes;
  uint32_t envreg[kNumEnvRegs];

  // Scheduling of kernels with barriers or warp collectives: such a thread
  // is a coroutine that suspends at each of them (see Scheduler.cpp).
  /// The coroutine handle of this thread.
  void *coroutine;
  /// Why the thread is suspended (a WaitKind).
  uint32_t waitKind;
  /// Barrier number, or the static id of the collective instruction.
  uint32_t waitId;
  /// Thread count of a barrier (0: all threads of the CTA).
  uint32_t waitCount;
  /// The collective operation (a CollectiveOp).
  uint32_t collOp;
  /// Member mask of a warp collective.
  uint32_t collMask;
  /// Predicate operand of vote / bar.red.
  uint32_t collPred;
  /// Operands of the collective.
  uint64_t collA, collB, collC;
  /// Results written by the scheduler before the thread resumes.
  uint64_t result;
  uint32_t resultPred;
  /// racecheck: the thread's barrier interval (check::nextSyncEpoch).
  uint32_t syncEpoch;
  /// Top of the thread's local-memory stack (an offset in its window).
  uint64_t localSP;

  // Thread-block clusters: the CTAs of a cluster have their shared windows
  // one after the other, sharedStride bytes apart, in the order of their
  // %cluster_ctarank, so distributed shared memory is plain host memory.
  /// The cluster shape in CTAs (%cluster_nctaid; 1,1,1 without clusters).
  uint32_t clusterNctaid[3];
  /// Distance in bytes between the shared windows of consecutive CTAs of
  /// the cluster.
  uint32_t sharedStride;
  /// %is_explicit_cluster: the launch asked for clusters.
  uint32_t isExplicitCluster;
  /// racecheck: the interval of the thread among its warp, which warp
  /// collectives end.
  uint32_t warpSyncEpoch;
  /// The clusters of the grid no worker has started yet, which
  /// `clusterlaunchcontrol.try_cancel` takes (null outside a launch).
  PendingClusters *pendingClusters;
};

static_assert(offsetof(ThreadState, tid) == offsets::tid);
static_assert(offsetof(ThreadState, ntid) == offsets::ntid);
static_assert(offsetof(ThreadState, ctaid) == offsets::ctaid);
static_assert(offsetof(ThreadState, nctaid) == offsets::nctaid);
static_assert(offsetof(ThreadState, dynamicSharedBytes) ==
              offsets::dynamicSharedBytes);
static_assert(offsetof(ThreadState, totalSharedBytes) ==
              offsets::totalSharedBytes);
static_assert(offsetof(ThreadState, params) == offsets::params);
static_assert(offsetof(ThreadState, shared) == offsets::shared);
static_assert(offsetof(ThreadState, localBase) == offsets::localBase);
static_assert(offsetof(ThreadState, localBytesPerThread) ==
              offsets::localBytesPerThread);
static_assert(offsetof(ThreadState, local) == offsets::local);
static_assert(offsetof(ThreadState, gridId) == offsets::gridId);
static_assert(offsetof(ThreadState, smId) == offsets::smId);
static_assert(offsetof(ThreadState, numSms) == offsets::numSms);
static_assert(offsetof(ThreadState, fault) == offsets::fault);
static_assert(offsetof(ThreadState, paramBytes) == offsets::paramBytes);
static_assert(offsetof(ThreadState, envreg) == offsets::envreg);
static_assert(offsetof(ThreadState, coroutine) == offsets::coroutine);
static_assert(offsetof(ThreadState, waitKind) == offsets::waitKind);
static_assert(offsetof(ThreadState, waitId) == offsets::waitId);
static_assert(offsetof(ThreadState, waitCount) == offsets::waitCount);
static_assert(offsetof(ThreadState, collOp) == offsets::collOp);
static_assert(offsetof(ThreadState, collMask) == offsets::collMask);
static_assert(offsetof(ThreadState, collPred) == offsets::collPred);
static_assert(offsetof(ThreadState, collA) == offsets::collA);
static_assert(offsetof(ThreadState, collB) == offsets::collB);
static_assert(offsetof(ThreadState, collC) == offsets::collC);
static_assert(offsetof(ThreadState, result) == offsets::result);
static_assert(offsetof(ThreadState, resultPred) == offsets::resultPred);
static_assert(offsetof(ThreadState, localSP) == offsets::localSP);
static_assert(offsetof(ThreadState, clusterNctaid) == offsets::clusterNctaid);
static_assert(offsetof(ThreadState, sharedStride) == offsets::sharedStride);
static_assert(offsetof(ThreadState, isExplicitCluster) ==
              offsets::isExplicitCluster);
static_assert(offsetof(ThreadState, pendingClusters) ==
              offsets::pendingClusters);
static_assert(sizeof(ThreadState) == offsets::size);

/// Signature of the generated per-CTA entry point `__ptx_cta_<kernel>`.
using CTAFunction = void (*)(ThreadState *);

/// Signature of the ramp of a coroutine thread `__ptx_thread_<kernel>`: runs
/// the thread to its first suspension and stores the handle in the state.
using ThreadRamp = void (*)(ThreadState *);


} // namespace ptxjit::rt

#endif // PTXJIT_RUNTIME_THREADSTATE_H
