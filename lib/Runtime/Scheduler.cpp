//===- Scheduler.cpp - run the threads of a CTA with barriers -------------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// A kernel with barriers or warp collectives is compiled so that each thread
// is a coroutine that suspends at every barrier, collective and yield point
// (LLVM's coroutine splitting keeps the values live across a suspension in
// the coroutine frame: continuation-based synchronization). This scheduler
// runs a gang of such threads: one CTA, the CTAs of a cluster, or all the
// clusters a worker holds in a cooperative launch. It runs every runnable
// thread until it suspends, then completes the barriers (per CTA), the
// cluster barriers (per cluster) and the warp collectives whose
// participants have all arrived, writes their results into the threads'
// states and runs the released threads again. Threads that exit count as
// arrived at every later barrier. When no thread can run although some have
// not exited, the gang has deadlocked; when threads only yield (spin) for
// too long while nothing in the whole launch moves, it makes no progress.
// Both are reported instead of hanging.
//===----------------------------------------------------------------------===//

#include "ptxjit/Runtime/Launch.h"
#include "ptxjit/Runtime/Checks.h"
#include "ptxjit/Runtime/Helpers.h"

#include "Matrix.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <thread>
#include <vector>

using namespace ptxjit::rt;

namespace {

using CoroFn = void (*)(void *);

void resume(ThreadState &t) {
  auto fn = *static_cast<CoroFn *>(t.coroutine);
  fn(t.coroutine);
}

void destroy(ThreadState &t) {
  if (!t.coroutine)
    return;
  auto fn = static_cast<CoroFn *>(t.coroutine)[1];
  fn(t.coroutine);
  t.coroutine = nullptr;
}

/// Computes the result of a shfl.sync for the lane `lane` (9.7.9.6).
void shuffle(ThreadState &t, unsigned lane, const uint64_t *source,
             uint32_t present) {
  int bval = int(t.collB & 0x1f);
  int cval = int(t.collC & 0x1f);
  int segmask = int((t.collC >> 8) & 0x1f);
  int l = int(lane);
  int maxLane = (l & segmask) | (cval & ~segmask);
  int minLane = l & segmask;
  int j = 0;
  bool pval = false;
  switch (t.collOp) {
  case ShflUp:
    j = l - bval;
    pval = j >= maxLane;
    break;
  case ShflDown:
    j = l + bval;
    pval = j <= maxLane;
    break;
  case ShflBfly:
    j = l ^ bval;
    pval = j <= maxLane;
    break;
  default:
    j = minLane | (bval & ~segmask);
    pval = j <= maxLane;
    break;
  }
  if (!pval)
    j = l;
  // A source lane outside the group reads as its own value (the ISA leaves
  // it undefined).
  if (!(present >> j & 1))
    j = l;
  t.result = uint32_t(source[j]);
  t.resultPred = pval;
}

/// redux.sync.{min,max}{.abs}{.NaN}.f32 (9.7.13.12) over the f32 bits of
/// the lanes in `group`: +0 is greater than -0; NaN inputs are skipped
/// unless kReduxNaN is set, which makes any NaN input give the canonical
/// NaN (so do inputs that are all NaN).
uint32_t reduceFloat(bool isMax, uint64_t flags, const uint64_t *source,
                     uint32_t group) {
  constexpr uint32_t kCanonicalNaN = 0x7fffffff;
  auto isNaN = [](uint32_t bits) {
    return (bits & 0x7f800000) == 0x7f800000 && (bits & 0x7fffff);
  };
  // Orders f32 bit patterns as their values, with -0 below +0.
  auto key = [](uint32_t bits) -> int64_t {
    return bits >> 31 ? -int64_t(bits & 0x7fffffff) - 1 : int64_t(bits);
  };
  bool found = false;
  uint32_t acc = 0;
  for (unsigned l = 0; l < kWarpSize; ++l) {
    if (!(group >> l & 1))
      continue;
    uint32_t v = uint32_t(source[l]);
    if (flags & kReduxAbs)
      v &= 0x7fffffff;
    if (isNaN(v)) {
      if (flags & kReduxNaN)
        return kCanonicalNaN;
      continue;
    }
    if (!found || (isMax ? key(v) > key(acc) : key(v) < key(acc)))
      acc = v;
    found = true;
  }
  return found ? acc : kCanonicalNaN;
}

/// Completes one warp collective for the lanes in `group` (bitmask of lanes
/// of this warp, all waiting at the same instruction).
void completeCollective(ThreadState *warp[kWarpSize], uint32_t group) {
  ThreadState *first = nullptr;
  for (unsigned l = 0; l < kWarpSize; ++l)
    if (group >> l & 1) {
      first = warp[l];
      break;
    }
  uint32_t op = first->collOp;
  if (op == WarpMatrix) {
    completeMatrix(warp, group);
    return;
  }
  uint64_t source[kWarpSize] = {};
  uint32_t predMask = 0;
  for (unsigned l = 0; l < kWarpSize; ++l)
    if (group >> l & 1) {
      source[l] = warp[l]->collA;
      if (warp[l]->collPred)
        predMask |= 1u << l;
    }
  for (unsigned l = 0; l < kWarpSize; ++l) {
    if (!(group >> l & 1))
      continue;
    ThreadState &t = *warp[l];
    switch (op) {
    case ShflUp:
    case ShflDown:
    case ShflBfly:
    case ShflIdx:
      shuffle(t, l, source, group);
      break;
    case VoteAll:
      t.resultPred = (predMask & group) == group;
      break;
    case VoteAny:
      t.resultPred = (predMask & group) != 0;
      break;
    case VoteUni:
      t.resultPred = (predMask & group) == group || (predMask & group) == 0;
      break;
    case VoteBallot:
      t.result = predMask & group;
      break;
    case MatchAny32:
    case MatchAny64:
    case MatchAll32:
    case MatchAll64: {
      bool wide = op == MatchAny64 || op == MatchAll64;
      uint64_t mine = wide ? t.collA : uint32_t(t.collA);
      uint32_t same = 0;
      for (unsigned k = 0; k < kWarpSize; ++k)
        if (group >> k & 1) {
          uint64_t other = wide ? source[k] : uint32_t(source[k]);
          if (other == mine)
            same |= 1u << k;
        }
      if (op == MatchAny32 || op == MatchAny64) {
        t.result = same;
      } else {
        bool all = same == group;
        t.result = all ? group : 0;
        t.resultPred = all;
      }
      break;
    }
    case ReduxAdd:
    case ReduxMinU:
    case ReduxMinS:
    case ReduxMaxU:
    case ReduxMaxS:
    case ReduxAnd:
    case ReduxOr:
    case ReduxXor: {
      uint32_t acc = 0;
      bool started = false;
      for (unsigned k = 0; k < kWarpSize; ++k) {
        if (!(group >> k & 1))
          continue;
        uint32_t v = uint32_t(source[k]);
        if (!started) {
          acc = v;
          started = true;
          continue;
        }
        switch (op) {
        case ReduxAdd: acc += v; break;
        case ReduxMinU: acc = std::min(acc, v); break;
        case ReduxMaxU: acc = std::max(acc, v); break;
        case ReduxMinS: acc = uint32_t(std::min(int32_t(acc), int32_t(v))); break;
        case ReduxMaxS: acc = uint32_t(std::max(int32_t(acc), int32_t(v))); break;
        case ReduxAnd: acc &= v; break;
        case ReduxOr: acc |= v; break;
        default: acc ^= v; break;
        }
      }
      t.result = acc;
      break;
    }
    case ReduxMinF:
    case ReduxMaxF:
      t.result = reduceFloat(op == ReduxMaxF, t.collB, source, group);
      break;
    case ActiveMask:
      t.result = group;
      break;
    case Elect: {
      // elect.sync: the lowest lane of the member mask that takes part
      // (every lane of the group has the same mask) is the leader.
      unsigned leader = __builtin_ctz(group);
      t.result = leader;
      t.resultPred = l == leader;
      break;
    }
    default: // WarpSync
      break;
    }
  }
}

} // namespace

namespace {
thread_local const ThreadState *runningThread = nullptr;
} // namespace

//===----------------------------------------------------------------------===//
// Region loops (JIT/RegionLoops.cpp)
//===----------------------------------------------------------------------===//

/// Copies the fields that all threads of a CTA share from \p cta into the
/// record \p record, leaving its thread's own fields.
static void copyCTAFields(ThreadState &record, const ThreadState &cta) {
  std::memcpy(record.ntid, cta.ntid, sizeof(record.ntid));
  std::memcpy(record.ctaid, cta.ctaid, sizeof(record.ctaid));
  std::memcpy(record.nctaid, cta.nctaid, sizeof(record.nctaid));
  record.dynamicSharedBytes = cta.dynamicSharedBytes;
  record.totalSharedBytes = cta.totalSharedBytes;
  record.params = cta.params;
  record.shared = cta.shared;
  record.localBase = cta.localBase;
  record.localBytesPerThread = cta.localBytesPerThread;
  record.gridId = cta.gridId;
  record.smId = cta.smId;
  record.numSms = cta.numSms;
  record.paramBytes = cta.paramBytes;
  std::memcpy(record.clusterNctaid, cta.clusterNctaid,
              sizeof(record.clusterNctaid));
  record.sharedStride = cta.sharedStride;
  record.isExplicitCluster = cta.isExplicitCluster;
}

void ptxrt_region_fail(ThreadState *state, const char *why) {
  check::setFailure(why);
  state->fault = check::kFaultCheck;
}

bool ptxrt_region_collective(ThreadState *records, uint64_t count,
                             ThreadState *state) {
  // Every live thread of the CTA waits at the same warp collective (the
  // region loop only calls this then): each warp's lanes form groups by
  // their member masks, and each group completes as in the scheduler.
  for (uint64_t first = 0; first < count; first += kWarpSize) {
    ThreadState *warp[kWarpSize] = {};
    uint32_t present = 0;
    for (unsigned l = 0; l < kWarpSize && first + l < count; ++l) {
      warp[l] = &records[first + l];
      present |= 1u << l;
    }
    uint32_t done = 0;
    for (unsigned l = 0; l < kWarpSize; ++l) {
      if (!(present >> l & 1) || (done >> l & 1))
        continue;
      uint32_t mask = warp[l]->collMask;
      if (!(mask >> l & 1)) {
        ptxrt_region_fail(state, "a warp collective's member mask does not "
                                 "include the thread that executes it");
        return false;
      }
      uint32_t group = 0;
      for (unsigned k = 0; k < kWarpSize; ++k)
        if ((present >> k & 1) && warp[k]->collMask == mask)
          group |= 1u << k;
      group &= mask;
      // The matrix instructions also read the CTA's fields (its shape, its
      // shared memory), which the records do not carry.
      if (warp[l]->collOp == WarpMatrix)
        for (unsigned k = 0; k < kWarpSize; ++k)
          if (group >> k & 1)
            copyCTAFields(*warp[k], *state);
      completeCollective(warp, group);
      done |= group;
    }
  }
  return true;
}

const ThreadState *ptxjit::rt::runningCoroutineThread() {
  return runningThread;
}

bool ptxjit::rt::runCoroutineCTA(ThreadRamp ramp, ThreadState *threads,
                                 unsigned count, double progressTimeout,
                                 std::string &message) {
  GangShape shape;
  shape.ctaSize = count;
  shape.progressTimeout = progressTimeout;
  return runCoroutineGang(ramp, threads, count, shape, message);
}

/// Completes the CTA barriers (bar.sync, bar.red) of the CTA whose threads
/// are `threads[0, size)`: a barrier completes when every live thread (or
/// the requested count) has arrived. `arrivals` counts the bar.arrive
/// arrivals per barrier. Returns whether one completed.
/// The synccheck site of a waiting thread ("function\0location\0"), or
/// null when its instruction has none.
static const char *siteOf(const ThreadState &t) {
  return reinterpret_cast<const char *>(uintptr_t(t.result));
}

/// synccheck for an aligned barrier that completes with the threads
/// `waiting`: every thread of a warp that has one there must wait at the
/// same barrier instruction (threads that exited are excused). Reports the
/// first divergent warp; returns whether the gang goes on.
static bool checkBarrierConvergence(ThreadState *threads, unsigned first,
                                    unsigned size,
                                    const std::vector<unsigned> &waiting,
                                    unsigned id) {
  std::vector<const char *> warpSite((size + kWarpSize - 1) / kWarpSize);
  std::vector<char> atBarrier(size);
  for (unsigned i : waiting) {
    atBarrier[i - first] = 1;
    const char *site = siteOf(threads[i]);
    if (site && !warpSite[(i - first) / kWarpSize])
      warpSite[(i - first) / kWarpSize] = site;
  }
  for (unsigned w = 0; w < warpSite.size(); ++w) {
    const char *site = warpSite[w];
    if (!site)
      continue;
    for (unsigned l = w * kWarpSize; l < std::min(size, (w + 1) * kWarpSize);
         ++l) {
      ThreadState &t = threads[first + l];
      if (t.waitKind == WaitExited)
        continue;
      if (atBarrier[l] && siteOf(t) == site)
        continue;
      const char *otherSite = atBarrier[l] ? siteOf(t) : nullptr;
      std::string detail;
      if (otherSite) {
        const char *location = otherSite + std::strlen(otherSite) + 1;
        detail = "thread (" + std::to_string(t.tid[0]) + "," +
                 std::to_string(t.tid[1]) + "," + std::to_string(t.tid[2]) +
                 ") of the same warp waits at barrier " + std::to_string(id) +
                 " at " + location + " instead";
      } else {
        detail = "thread (" + std::to_string(t.tid[0]) + "," +
                 std::to_string(t.tid[1]) + "," + std::to_string(t.tid[2]) +
                 ") of the same warp has not reached it";
      }
      // The report names a thread at `site`.
      const ThreadState *reporter = nullptr;
      for (unsigned i : waiting)
        if (siteOf(threads[i]) == site && (i - first) / kWarpSize == w) {
          reporter = &threads[i];
          break;
        }
      if (!check::reportSyncError(
              *reporter, site,
              "Divergent thread(s) in warp at aligned barrier " +
                  std::to_string(id),
              detail)) {
        threads[reporter - threads].fault = check::kFaultCheck;
        return false;
      }
      break;
    }
  }
  return true;
}

static bool completeBarriers(ThreadState *threads, unsigned first,
                             unsigned size, unsigned exited,
                             uint32_t *arrivals,
                             std::vector<unsigned> &runnable,
                             unsigned checks) {
  uint32_t waitedAt = 0;
  for (unsigned i = first; i < first + size; ++i)
    if (threads[i].waitKind == WaitBarrier &&
        threads[i].waitId < kNumBarriers)
      waitedAt |= 1u << threads[i].waitId;
  bool progress = false;
  std::vector<unsigned> waiting;
  for (unsigned id = 0; id < kNumBarriers; ++id) {
    if (!(waitedAt >> id & 1))
      continue;
    waiting.clear();
    uint32_t expected = 0;
    for (unsigned i = first; i < first + size; ++i)
      if (threads[i].waitKind == WaitBarrier && threads[i].waitId == id) {
        waiting.push_back(i);
        if (threads[i].waitCount)
          expected = threads[i].waitCount;
      }
    uint32_t arrived = waiting.size() + arrivals[id];
    bool complete = expected ? arrived >= expected
                             : waiting.size() + exited >= size;
    if (!complete)
      continue;
    arrivals[id] = 0;
    if ((checks & check::Synccheck) &&
        !checkBarrierConvergence(threads, first, size, waiting, id))
      return true;
    // racecheck: the released threads start a new barrier interval.
    uint32_t epoch = check::nextSyncEpoch();
    uint32_t warpEpoch = check::nextSyncEpoch();
    uint32_t op = threads[waiting[0]].collOp;
    uint64_t popc = 0;
    bool all = true, any = false;
    for (unsigned i : waiting) {
      bool p = threads[i].collPred != 0;
      popc += p;
      all &= p;
      any |= p;
    }
    for (unsigned i : waiting) {
      ThreadState &t = threads[i];
      if (op == BarRedPopc)
        t.result = popc;
      else if (op == BarRedAnd)
        t.resultPred = all;
      else if (op == BarRedOr)
        t.resultPred = any;
      t.syncEpoch = epoch;
      t.warpSyncEpoch = warpEpoch;
      t.waitKind = WaitNone;
      runnable.push_back(i);
    }
    progress = true;
  }
  return progress;
}

/// synccheck for a warp collective about to complete for the lanes of
/// `group` with member mask `mask`: each lane must be in the mask. (Lanes
/// of the mask that have exited are excused, as CUDA's `*_sync` functions
/// specify; lanes that are live but never arrive deadlock the gang, which
/// runCoroutineGang reports.) Returns whether the gang goes on.
static bool checkCollectiveMask(ThreadState *warp[kWarpSize], uint32_t group,
                                uint32_t mask) {
  auto hex = [](uint32_t v) {
    char text[16];
    std::snprintf(text, sizeof(text), "0x%08x", v);
    return std::string(text);
  };
  for (unsigned l = 0; l < kWarpSize; ++l) {
    if (!(group >> l & 1))
      continue;
    ThreadState &t = *warp[l];
    std::string problem;
    if (!(mask >> l & 1))
      problem = "Invalid arguments: the member mask " + hex(mask) +
                " of a warp collective does not contain the calling lane " +
                std::to_string(l);
    else
      continue;
    if (!check::reportSyncError(t, siteOf(t), problem, "")) {
      t.fault = check::kFaultCheck;
      return false;
    }
    return true;
  }
  return true;
}

/// synccheck for the lanes of a warp waiting at warp collectives, grouped
/// by (instruction, member mask): lanes named in a group's mask must call
/// the instruction with that same mask. Returns whether the gang goes on.
static bool checkCollectiveMaskAgreement(
    ThreadState *warp[kWarpSize],
    const std::map<std::pair<uint32_t, uint32_t>, uint32_t> &groups) {
  // A lane outside its own mask is the more precise report.
  for (auto [key, group] : groups)
    if (warp[__builtin_ctz(group)]->collOp != ActiveMask &&
        (group & ~key.second))
      return checkCollectiveMask(warp, group, key.second);
  for (auto [key, group] : groups) {
    for (auto [otherKey, otherGroup] : groups) {
      if (otherKey.first != key.first || otherKey.second == key.second)
        continue;
      ThreadState &t = *warp[__builtin_ctz(group)];
      if (t.collOp == ActiveMask)
        continue;
      uint32_t named = key.second & otherGroup;
      if (!named)
        continue;
      char text[200];
      std::snprintf(text, sizeof(text),
                    "Invalid arguments: lanes 0x%08x of the member mask "
                    "0x%08x of a warp collective call it with the mask "
                    "0x%08x",
                    named, key.second, otherKey.second);
      if (!check::reportSyncError(t, siteOf(t), text, "")) {
        t.fault = check::kFaultCheck;
        return false;
      }
      return true;
    }
  }
  return true;
}

/// Completes the warp collectives of the CTA whose threads are
/// `threads[first, first + size)`: lanes waiting at the same instruction
/// with the same member mask form a group (tiles of a warp use disjoint
/// masks at one instruction); a group completes once every live lane of its
/// mask is in it. Returns whether one completed.
static bool completeWarpCollectives(ThreadState *threads, unsigned first,
                                    unsigned size,
                                    std::vector<unsigned> &runnable,
                                    unsigned checks) {
  bool progress = false;
  unsigned numWarps = (size + kWarpSize - 1) / kWarpSize;
  for (unsigned w = 0; w < numWarps; ++w) {
    ThreadState *warp[kWarpSize] = {};
    uint32_t live = 0;
    bool anyWaiting = false;
    for (unsigned l = 0; l < kWarpSize && w * kWarpSize + l < size; ++l) {
      warp[l] = &threads[first + w * kWarpSize + l];
      if (warp[l]->waitKind != WaitExited)
        live |= 1u << l;
      anyWaiting |= warp[l]->waitKind == WaitCollective;
    }
    if (!anyWaiting)
      continue;
    std::map<std::pair<uint32_t, uint32_t>, uint32_t> groups;
    for (unsigned l = 0; l < kWarpSize; ++l)
      if (warp[l] && warp[l]->waitKind == WaitCollective) {
        uint32_t mask = warp[l]->collOp == ActiveMask ? 0 : warp[l]->collMask;
        groups[{warp[l]->waitId, mask}] |= 1u << l;
      }
    if ((checks & check::Synccheck) &&
        !checkCollectiveMaskAgreement(warp, groups))
      return true;
    for (auto [key, group] : groups) {
      ThreadState *firstLane = warp[__builtin_ctz(group)];
      if (firstLane->collOp != ActiveMask) {
        uint32_t mask = firstLane->collMask & live;
        if ((mask & group) != mask)
          continue; // Somebody in the mask has not arrived yet.
        if ((checks & check::Synccheck) &&
            !checkCollectiveMask(warp, group, firstLane->collMask))
          return true;
      }
      // racecheck: the lanes of the group start a new interval among their
      // warp, which holds the memory accesses of the collective itself
      // (ldmatrix, stmatrix, wmma.load/store) too: they come after every
      // lane has arrived.
      uint32_t warpEpoch = check::nextSyncEpoch();
      for (unsigned l = 0; l < kWarpSize; ++l)
        if (group >> l & 1)
          warp[l]->warpSyncEpoch = warpEpoch;
      completeCollective(warp, group);
      for (unsigned l = 0; l < kWarpSize; ++l)
        if (group >> l & 1) {
          warp[l]->waitKind = WaitNone;
          runnable.push_back(first + w * kWarpSize + l);
        }
      progress = true;
    }
  }
  return progress;
}

/// synccheck, when the gang can go no further: a warp collective that
/// waits for lanes of its member mask that wait elsewhere, or that wait
/// there with another mask, or whose mask leaves out the calling lane.
/// Reports the first and stops its thread; returns whether it found one.
static bool reportStuckCollective(ThreadState *threads, unsigned count,
                                  unsigned ctaSize) {
  for (unsigned i = 0; i < count; ++i) {
    ThreadState &t = threads[i];
    if (t.waitKind != WaitCollective || t.collOp == ActiveMask)
      continue;
    unsigned lane = i % ctaSize % kWarpSize;
    unsigned warpFirst = i - lane;
    uint32_t elsewhere = 0, otherMask = 0;
    for (unsigned l = 0; l < kWarpSize; ++l) {
      unsigned j = warpFirst + l;
      if (!(t.collMask >> l & 1) || j >= count || j / ctaSize != i / ctaSize)
        continue;
      const ThreadState &o = threads[j];
      if (o.waitKind == WaitExited)
        continue;
      if (o.waitKind != WaitCollective || o.waitId != t.waitId)
        elsewhere |= 1u << l;
      else if (o.collMask != t.collMask)
        otherMask |= 1u << l;
    }
    char text[200];
    if (!(t.collMask >> lane & 1))
      std::snprintf(text, sizeof(text),
                    "Invalid arguments: the member mask 0x%08x of a warp "
                    "collective does not contain the calling lane %u",
                    t.collMask, lane);
    else if (elsewhere)
      std::snprintf(text, sizeof(text),
                    "Invalid arguments: lanes 0x%08x of the member mask "
                    "0x%08x of a warp collective never arrive at it",
                    elsewhere, t.collMask);
    else if (otherMask)
      std::snprintf(text, sizeof(text),
                    "Invalid arguments: lanes 0x%08x of the member mask "
                    "0x%08x of a warp collective call it with another mask",
                    otherMask, t.collMask);
    else
      continue;
    check::reportSyncError(t, siteOf(t), text, "");
    t.fault = check::kFaultCheck;
    return true;
  }
  return false;
}

bool ptxjit::rt::runCoroutineGang(ThreadRamp ramp, ThreadState *threads,
                                  unsigned count, const GangShape &shape,
                                  std::string &message) {
  for (unsigned i = 0; i < count; ++i) {
    threads[i].waitKind = WaitNone;
    threads[i].coroutine = nullptr;
    runningThread = &threads[i];
    ramp(&threads[i]);
  }
  runningThread = nullptr;
  const unsigned ctaSize = shape.ctaSize ? shape.ctaSize : count;
  const unsigned numCtas = (count + ctaSize - 1) / ctaSize;
  const unsigned clusterSize = ctaSize * std::max(1u, shape.clusterCtas);
  const unsigned numClusters = (count + clusterSize - 1) / clusterSize;
  auto lastProgress = std::chrono::steady_clock::now();
  uint64_t seenEpoch = shape.progressEpoch ? shape.progressEpoch->load() : 0;
  bool ok = true;
  std::vector<unsigned> runnable;
  runnable.reserve(count);
  // Per CTA and barrier: threads that arrived without waiting (bar.arrive).
  std::vector<uint32_t> arrivals(size_t(numCtas) * kNumBarriers);
  // Per thread: its arrivals at the cluster barrier, and the waits it has
  // passed. A wait passes once every live thread of the cluster has arrived
  // more often than the waiter has passed.
  std::vector<uint32_t> clusterArrived(count), clusterPassed(count);
  std::vector<unsigned> ctaExited(numCtas);
  unsigned previouslyExited = 0;
  // Rounds in a row in which threads only spun; every
  // kSpinRoundsBeforeYield of them the host thread yields its core.
  constexpr unsigned kSpinRoundsBeforeYield = 64;
  unsigned spinRounds = 0;
  static const bool debug = std::getenv("PTXJIT_DEBUG_SCHEDULER") != nullptr;
  while (true) {
    if (shape.abort && shape.abort->load(std::memory_order_relaxed)) {
      message = "aborted: another CTA of the launch failed";
      ok = false;
      break;
    }
    bool fault = false;
    unsigned exited = 0;
    std::fill(ctaExited.begin(), ctaExited.end(), 0);
    for (unsigned i = 0; i < count; ++i) {
      fault |= threads[i].fault != 0;
      if (threads[i].waitKind == WaitExited) {
        ++exited;
        ++ctaExited[i / ctaSize];
      }
    }
    if (fault || exited == count)
      break;
    runnable.clear();
    bool progress = false;
    // Arrivals without waiting: count them and let the thread go on.
    for (unsigned i = 0; i < count; ++i)
      if (threads[i].waitKind == WaitArrive) {
        if (threads[i].waitId >= kClusterBarrier)
          ++clusterArrived[i];
        else
          ++arrivals[size_t(i / ctaSize) * kNumBarriers + threads[i].waitId];
        threads[i].waitKind = WaitNone;
        runnable.push_back(i);
      }
    for (unsigned c = 0; c < numCtas; ++c) {
      unsigned first = c * ctaSize;
      unsigned size = std::min(ctaSize, count - first);
      progress |= completeBarriers(threads, first, size, ctaExited[c],
                                   &arrivals[size_t(c) * kNumBarriers],
                                   runnable, shape.checks);
      progress |= completeWarpCollectives(threads, first, size, runnable,
                                          shape.checks);
    }
    // The cluster barrier.
    for (unsigned k = 0; k < numClusters; ++k) {
      unsigned first = k * clusterSize;
      unsigned end = std::min(count, first + clusterSize);
      bool anyWaiting = false;
      uint32_t minArrived = UINT32_MAX;
      for (unsigned i = first; i < end; ++i) {
        ThreadState &t = threads[i];
        if (t.waitKind == WaitExited)
          continue;
        if (t.waitKind == WaitBarrier && t.waitId == kClusterBarrier) {
          anyWaiting = true;
          // A wait without its arrive arrives as well.
          clusterArrived[i] = std::max(clusterArrived[i], clusterPassed[i] + 1);
        }
        minArrived = std::min(minArrived, clusterArrived[i]);
      }
      if (!anyWaiting)
        continue;
      uint32_t epoch = check::nextSyncEpoch();
      for (unsigned i = first; i < end; ++i) {
        ThreadState &t = threads[i];
        if (t.waitKind == WaitBarrier && t.waitId == kClusterBarrier &&
            clusterPassed[i] < minArrived) {
          ++clusterPassed[i];
          t.syncEpoch = epoch;
          t.warpSyncEpoch = epoch;
          t.waitKind = WaitNone;
          runnable.push_back(i);
          progress = true;
        }
      }
    }
    bool yielded = false;
    for (unsigned i = 0; i < count; ++i)
      if (threads[i].waitKind == WaitYield) {
        threads[i].waitKind = WaitNone;
        runnable.push_back(i);
        yielded = true;
      }
    // A check that stopped a thread while barriers and collectives
    // completed ends the gang; the launch reports it.
    if (runnable.empty() && (shape.checks & check::Synccheck)) {
      bool stopped = false;
      for (unsigned i = 0; i < count && !stopped; ++i)
        stopped = threads[i].fault != 0;
      if (stopped || reportStuckCollective(threads, count, ctaSize))
        break;
    }
    if (runnable.empty()) {
      message = "deadlock: the threads of the CTA wait at barriers or warp "
                "collectives that can never complete (";
      unsigned shown = 0;
      for (unsigned i = 0; i < count && shown < 4; ++i) {
        ThreadState &t = threads[i];
        if (t.waitKind == WaitExited)
          continue;
        std::string where =
            t.waitKind == WaitCollective ? std::string(" at a warp collective")
            : t.waitKind != WaitBarrier  ? std::string(" suspended")
            : t.waitId == kClusterBarrier
                ? std::string(" at the cluster barrier")
                : " at barrier " + std::to_string(t.waitId);
        message += (shown ? ", " : "") + std::string("thread ") +
                   std::to_string(i % ctaSize);
        if (numCtas > 1)
          message += " of CTA (" + std::to_string(t.ctaid[0]) + "," +
                     std::to_string(t.ctaid[1]) + "," +
                     std::to_string(t.ctaid[2]) + ")";
        message += where;
        ++shown;
      }
      message += ")";
      ok = false;
      break;
    }
    auto now = std::chrono::steady_clock::now();
    if (progress || exited != previouslyExited) {
      previouslyExited = exited;
      lastProgress = now;
      if (shape.progressEpoch)
        seenEpoch = shape.progressEpoch->fetch_add(1) + 1;
    } else if (shape.progressEpoch &&
               shape.progressEpoch->load(std::memory_order_relaxed) !=
                   seenEpoch) {
      // Another gang of the launch moved: this one may be waiting for it.
      seenEpoch = shape.progressEpoch->load(std::memory_order_relaxed);
      lastProgress = now;
    } else if (yielded &&
               std::chrono::duration<double>(now - lastProgress).count() >
                   shape.progressTimeout) {
      message = "no forward progress: the threads of the CTA have only "
                "spun for " +
                std::to_string(int(shape.progressTimeout)) +
                " s without any thread finishing or synchronizing";
      ok = false;
      break;
    }
    // Threads that keep spinning wait for another host thread (a CTA of
    // another worker, a host thread writing mapped memory): let it run.
    if (!yielded || progress) {
      spinRounds = 0;
    } else if (++spinRounds == kSpinRoundsBeforeYield) {
      spinRounds = 0;
      std::this_thread::yield();
    }
    if (debug) {
      std::fprintf(stderr, "ptxjit scheduler: %zu runnable:", runnable.size());
      for (unsigned i = 0; i < count; ++i)
        std::fprintf(stderr, " %u:%u/%u", i, threads[i].waitKind,
                     threads[i].waitId);
      std::fprintf(stderr, "\n");
    }
    std::sort(runnable.begin(), runnable.end());
    for (unsigned i : runnable) {
      runningThread = &threads[i];
      resume(threads[i]);
      if (threads[i].fault)
        break;
    }
    runningThread = nullptr;
  }
  for (unsigned i = 0; i < count; ++i)
    destroy(threads[i]);
  return ok;
}
