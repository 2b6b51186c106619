//===- Launch.cpp - run a grid of CTAs on host threads --------------------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//

#include "ptxjit/Runtime/Launch.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

using namespace ptxjit::rt;

unsigned ptxjit::rt::defaultWorkerCount() {
  unsigned n = std::thread::hardware_concurrency();
  return n ? n : 1;
}

namespace {

/// A 64-byte aligned, zero-initialised buffer.
struct AlignedBuffer {
  explicit AlignedBuffer(uint64_t size) : size(size) {
    if (size)
      data = static_cast<uint8_t *>(
          std::aligned_alloc(64, (size + 63) / 64 * 64));
  }
  ~AlignedBuffer() { std::free(data); }
  uint8_t *data = nullptr;
  uint64_t size;
};

} // namespace

LaunchResult ptxjit::rt::launchGrid(CTAFunction cta, const GridLaunch &l) {
  uint64_t numCtas = uint64_t(l.grid[0]) * l.grid[1] * l.grid[2];
  uint64_t threadsPerCta = uint64_t(l.block[0]) * l.block[1] * l.block[2];
  unsigned workers = l.numWorkers ? l.numWorkers : defaultWorkerCount();
  workers = unsigned(std::min<uint64_t>(workers, numCtas));
  uint32_t sharedBytes = l.staticSharedBytes + l.dynamicSharedBytes;
  uint64_t localBytes = l.localBytesPerThread * threadsPerCta;

  double progressTimeout = l.progressTimeout;
  if (progressTimeout <= 0) {
    const char *env = std::getenv("PTXJIT_PROGRESS_TIMEOUT");
    progressTimeout = env ? std::atof(env) : 30.0;
    if (progressTimeout <= 0)
      progressTimeout = 30.0;
  }
  std::atomic<uint64_t> next{0};
  std::atomic<bool> stop{false};
  std::mutex faultMutex;
  LaunchResult result;

  auto work = [&](unsigned workerIndex) {
    AlignedBuffer shared(sharedBytes);
    AlignedBuffer local(localBytes);
    ThreadState state;
    std::memset(&state, 0, sizeof(state));
    for (int i = 0; i < 3; ++i) {
      state.ntid[i] = l.block[i];
      state.nctaid[i] = l.grid[i];
    }
    state.dynamicSharedBytes = l.dynamicSharedBytes;
    state.totalSharedBytes = sharedBytes;
    state.params = l.params;
    state.paramBytes = l.paramBytes;
    state.shared = shared.data;
    state.localBase = local.data;
    state.localBytesPerThread = l.localBytesPerThread;
    state.gridId = l.gridId;
    state.smId = workerIndex;
    state.numSms = workers;
    std::vector<ThreadState> threadStates(l.threadRamp ? threadsPerCta : 0);
    while (!stop.load(std::memory_order_relaxed)) {
      uint64_t idx = next.fetch_add(1, std::memory_order_relaxed);
      if (idx >= numCtas)
        break;
      state.ctaid[0] = uint32_t(idx % l.grid[0]);
      state.ctaid[1] = uint32_t(idx / l.grid[0] % l.grid[1]);
      state.ctaid[2] = uint32_t(idx / (uint64_t(l.grid[0]) * l.grid[1]));
      // Fresh memory for every CTA keeps runs deterministic.
      if (sharedBytes)
        std::memset(shared.data, 0, sharedBytes);
      if (localBytes)
        std::memset(local.data, 0, localBytes);
      std::string message;
      bool faulted;
      if (l.threadRamp) {
        // One state per thread; the scheduler interleaves them.
        for (uint32_t z = 0, i = 0; z < l.block[2]; ++z)
          for (uint32_t y = 0; y < l.block[1]; ++y)
            for (uint32_t x = 0; x < l.block[0]; ++x, ++i) {
              ThreadState &t = threadStates[i];
              t = state;
              t.tid[0] = x;
              t.tid[1] = y;
              t.tid[2] = z;
              t.local = local.data + uint64_t(i) * l.localBytesPerThread;
            }
        bool ok = runCoroutineCTA(l.threadRamp, threadStates.data(),
                                  threadStates.size(), progressTimeout,
                                  message);
        faulted = !ok;
        for (ThreadState &t : threadStates)
          faulted |= t.fault != 0;
      } else {
        cta(&state);
        faulted = state.fault != 0;
      }
      if (faulted) {
        std::lock_guard<std::mutex> lock(faultMutex);
        if (!result.faulted) {
          result.faulted = true;
          result.message = message;
          std::memcpy(result.faultCta, state.ctaid, sizeof(state.ctaid));
        }
        stop = true;
        break;
      }
    }
  };

  if (workers <= 1) {
    work(0);
    return result;
  }
  std::vector<std::thread> threads;
  threads.reserve(workers - 1);
  for (unsigned i = 1; i < workers; ++i)
    threads.emplace_back(work, i);
  work(0);
  for (std::thread &t : threads)
    t.join();
  return result;
}
