//===- Launch.cpp - run a grid of CTAs on host threads --------------------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//

#include "ptxjit/Runtime/Launch.h"

#include <algorithm>
#include <atomic>
#include <csetjmp>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <cstdio>
#include <new>
#include <thread>
#include <xmmintrin.h>
#include <vector>

using namespace ptxjit::rt;

unsigned ptxjit::rt::defaultWorkerCount() {
  unsigned n = std::thread::hardware_concurrency();
  return n ? n : 1;
}

namespace {
/// Runs kernels with the default SSE control word (round to nearest, no
/// FTZ/DAZ, exceptions masked) whatever the client set: the generated code
/// relies on IEEE behaviour and does every flush and directed rounding
/// explicitly. The caller's control word comes back afterwards.
class DefaultFloatEnvironment {
public:
  DefaultFloatEnvironment() : saved(_mm_getcsr()) { _mm_setcsr(0x1f80); }
  ~DefaultFloatEnvironment() { _mm_setcsr(saved); }

private:
  unsigned saved;
};
} // namespace

namespace {

//===----------------------------------------------------------------------===//
// Memory faults
//===----------------------------------------------------------------------===//
//
// A kernel that accesses memory it must not (out of bounds, a null or
// garbage pointer) raises SIGSEGV or SIGBUS in the host thread running it.
// The launch turns that into a failed CTA instead of a dead process: each
// worker arms a jump buffer around the CTA, and the handler (on an alternate
// stack, since the fault may be a stack overflow) jumps back to it. Faults
// outside a kernel keep their default behaviour.

thread_local sigjmp_buf *faultJump = nullptr;
thread_local volatile uintptr_t faultAddress = 0;
thread_local volatile int faultSignal = 0;
struct sigaction previousSegv, previousBus;

void onMemoryFault(int sig, siginfo_t *info, void *context) {
  if (faultJump) {
    faultSignal = sig;
    faultAddress = reinterpret_cast<uintptr_t>(info->si_addr);
    siglongjmp(*faultJump, 1);
  }
  // Not inside a kernel: behave as before.
  struct sigaction &previous = sig == SIGSEGV ? previousSegv : previousBus;
  sigaction(sig, &previous, nullptr);
  raise(sig);
  (void)context;
}

void installFaultHandlers() {
  static std::once_flag once;
  std::call_once(once, [] {
    struct sigaction action = {};
    action.sa_sigaction = onMemoryFault;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    sigaction(SIGSEGV, &action, &previousSegv);
    sigaction(SIGBUS, &action, &previousBus);
  });
}

/// Gives the calling thread an alternate signal stack while it runs CTAs.
struct AltStack {
  AltStack() : memory(new (std::nothrow) char[kSize]) {
    if (!memory)
      return;
    stack_t st = {};
    st.ss_sp = memory.get();
    st.ss_size = kSize;
    sigaltstack(&st, &previous);
  }
  ~AltStack() {
    if (memory)
      sigaltstack(&previous, nullptr);
  }
  static constexpr size_t kSize = 64 * 1024;
  std::unique_ptr<char[]> memory;
  stack_t previous = {};
};

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

  installFaultHandlers();
  auto work = [&](unsigned workerIndex) {
    DefaultFloatEnvironment fpEnvironment;
    AltStack altStack;
    // The CTA's shared memory, then the system-reserved part (ABI.h).
    uint64_t sharedWindowBytes =
        (uint64_t(sharedBytes) + 15) / 16 * 16 + kReservedSharedBytes;
    AlignedBuffer shared(sharedWindowBytes);
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
      std::memset(shared.data, 0, sharedWindowBytes);
      if (localBytes)
        std::memset(local.data, 0, localBytes);
      std::string message;
      bool faulted = false;
      sigjmp_buf jump;
      faultJump = &jump;
      if (sigsetjmp(jump, 1) != 0) {
        // A memory fault inside the kernel (the CTA's coroutine frames, if
        // any, are abandoned).
        faultJump = nullptr;
        char text[128];
        std::snprintf(text, sizeof(text),
                      "invalid memory access (%s at address 0x%llx)",
                      faultSignal == SIGBUS ? "SIGBUS" : "SIGSEGV",
                      static_cast<unsigned long long>(faultAddress));
        message = text;
        faulted = true;
      } else if (l.threadRamp) {
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
      faultJump = nullptr;
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
