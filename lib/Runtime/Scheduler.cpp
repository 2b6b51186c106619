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
// runs every runnable thread of the CTA until it suspends, then completes
// the barriers and collectives whose participants have all arrived, writes
// their results into the threads' states and runs the released threads
// again. Threads that exit count as arrived at every later barrier. When no
// thread can run although some have not exited, the CTA has deadlocked; when
// threads only yield (spin) for too long, it makes no progress. Both are
// reported instead of hanging.
//
//===----------------------------------------------------------------------===//

#include "ptxjit/Runtime/Launch.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
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

bool ptxjit::rt::runCoroutineCTA(ThreadRamp ramp, ThreadState *threads,
                                 unsigned count, double progressTimeout,
                                 std::string &message) {
  for (unsigned i = 0; i < count; ++i) {
    threads[i].waitKind = WaitNone;
    threads[i].coroutine = nullptr;
    ramp(&threads[i]);
  }
  unsigned numWarps = (count + kWarpSize - 1) / kWarpSize;
  auto lastProgress = std::chrono::steady_clock::now();
  bool ok = true;
  std::vector<unsigned> runnable;
  runnable.reserve(count);
  // Per barrier: threads that arrived without waiting (bar.arrive).
  // The CTA barriers and the cluster barrier (kClusterBarrier).
  uint32_t arrivals[kNumBarriers + 1] = {};
  unsigned previouslyExited = 0;
  static const bool debug = std::getenv("PTXJIT_DEBUG_SCHEDULER") != nullptr;
  while (true) {
    bool fault = false;
    unsigned exited = 0;
    for (unsigned i = 0; i < count; ++i) {
      fault |= threads[i].fault != 0;
      exited += threads[i].waitKind == WaitExited;
    }
    if (fault || exited == count)
      break;
    runnable.clear();
    bool progress = false;
    // bar.arrive: count the arrival and let the thread go on.
    for (unsigned i = 0; i < count; ++i)
      if (threads[i].waitKind == WaitArrive) {
        arrivals[std::min(threads[i].waitId, kClusterBarrier)]++;
        threads[i].waitKind = WaitNone;
        runnable.push_back(i);
      }
    // Barriers: complete when every live thread (or the requested count)
    // has arrived.
    for (unsigned id = 0; id <= kClusterBarrier; ++id) {
      std::vector<unsigned> waiting;
      uint32_t expected = 0;
      for (unsigned i = 0; i < count; ++i)
        if (threads[i].waitKind == WaitBarrier && threads[i].waitId == id) {
          waiting.push_back(i);
          if (threads[i].waitCount)
            expected = threads[i].waitCount;
        }
      if (waiting.empty())
        continue;
      uint32_t arrived = waiting.size() + arrivals[id];
      bool complete = expected ? arrived >= expected
                               : waiting.size() + exited >= count;
      if (!complete)
        continue;
      arrivals[id] = 0;
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
        t.waitKind = WaitNone;
        runnable.push_back(i);
      }
      progress = true;
    }
    // Warp collectives: lanes waiting at the same instruction form a group;
    // a group completes once every live lane of its member mask is in it.
    for (unsigned w = 0; w < numWarps; ++w) {
      ThreadState *warp[kWarpSize] = {};
      uint32_t live = 0;
      for (unsigned l = 0; l < kWarpSize && w * kWarpSize + l < count; ++l) {
        warp[l] = &threads[w * kWarpSize + l];
        if (warp[l]->waitKind != WaitExited)
          live |= 1u << l;
      }
      // Lanes at the same instruction with the same member mask form a
      // group (tiles of a warp use disjoint masks at one instruction).
      std::map<std::pair<uint32_t, uint32_t>, uint32_t> groups;
      for (unsigned l = 0; l < kWarpSize; ++l)
        if (warp[l] && warp[l]->waitKind == WaitCollective) {
          uint32_t mask =
              warp[l]->collOp == ActiveMask ? 0 : warp[l]->collMask;
          groups[{warp[l]->waitId, mask}] |= 1u << l;
        }
      for (auto [key, group] : groups) {
        ThreadState *first = warp[__builtin_ctz(group)];
        uint32_t op = first->collOp;
        if (op != ActiveMask) {
          uint32_t mask = first->collMask & live;
          if ((mask & group) != mask)
            continue; // Somebody in the mask has not arrived yet.
        }
        completeCollective(warp, group);
        for (unsigned l = 0; l < kWarpSize; ++l)
          if (group >> l & 1) {
            warp[l]->waitKind = WaitNone;
            runnable.push_back(w * kWarpSize + l);
          }
        progress = true;
      }
    }
    bool yielded = false;
    for (unsigned i = 0; i < count; ++i)
      if (threads[i].waitKind == WaitYield) {
        threads[i].waitKind = WaitNone;
        runnable.push_back(i);
        yielded = true;
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
            t.waitKind == WaitBarrier      ? " at barrier " +
                                                 std::to_string(t.waitId)
            : t.waitKind == WaitCollective ? std::string(" at a warp collective")
                                           : std::string(" suspended");
        message += (shown ? ", " : "") + std::string("thread ") +
                   std::to_string(i) + where;
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
    } else if (yielded &&
               std::chrono::duration<double>(now - lastProgress).count() >
                   progressTimeout) {
      message = "no forward progress: the threads of the CTA have only "
                "spun for " +
                std::to_string(int(progressTimeout)) +
                " s without any thread finishing or synchronizing";
      ok = false;
      break;
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
      resume(threads[i]);
      if (threads[i].fault)
        break;
    }
  }
  for (unsigned i = 0; i < count; ++i)
    destroy(threads[i]);
  return ok;
}
